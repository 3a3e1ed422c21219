//! Tests of the quiet sowing: the lap tables, the turned search against
//! the search in the board's frame, the relay laps however they are run.

use super::*;
use crate::engine::Game;
use crate::engine::SeededRng;
use crate::engine::bao::{Bao, Rules};
use crate::engine::core::Quiet;
use crate::engine::simd::bao::shuffled_lap;
use rand::{Rng, SeedableRng};

/// The packed search before the loop was kept turned (the board in its
/// own frame, turned for each comparison): the reference, lap for lap.
mod absolute {
    use super::super::{HOLES, LOOP, base};
    use crate::engine::core::{Endless, Sightings, Unended, mix, turned_period};
    use crate::engine::side::Side;

    const ONES: u128 = u128::MAX / 255;

    /// MASK[from][r]: one cow in each of the r holes after `from` (r = 1..=16).
    const MASK: [[u128; LOOP + 1]; LOOP] = {
        let mut t = [[0u128; LOOP + 1]; LOOP];
        let mut from = 0;
        while from < LOOP {
            let mut r = 1;
            while r <= LOOP {
                let mut m = 0u128;
                let mut k = 1;
                while k <= r {
                    m |= 1u128 << (8 * ((from + k) & 15));
                    k += 1;
                }
                t[from][r] = m;
                r += 1;
            }
            from += 1;
        }
        t
    };

    /// CLEAR[k]: every byte but byte k.
    const CLEAR: [u128; LOOP] = {
        let mut t = [0u128; LOOP];
        let mut k = 0;
        while k < LOOP {
            t[k] = !(0xffu128 << (8 * k));
            k += 1;
        }
        t
    };

    #[derive(Clone, Copy, PartialEq, Eq)]
    struct Packed {
        own: u128,
        opp: u64,
        pos: u32,
    }

    impl Packed {
        #[inline]
        fn own_at(&self, k: u32) -> u32 {
            let half = if k < 8 {
                self.own as u64
            } else {
                (self.own >> 64) as u64
            };
            (half >> ((k & 7) * 8)) as u32 & 0xff
        }

        #[inline]
        fn opp_at(&self, j: u32) -> u32 {
            (self.opp >> (j * 8)) as u32 & 0xff
        }

        /// Sows `seeds` (at least one) from loop hole `from`; returns the last hole.
        #[inline]
        fn sow(&mut self, from: u32, seeds: u32) -> u32 {
            let r = if seeds <= LOOP as u32 {
                seeds
            } else {
                let circuits = (seeds - 1) / LOOP as u32;
                self.own += ONES * circuits as u128;
                seeds - circuits * LOOP as u32
            };
            self.own += MASK[from as usize][r as usize];
            (from + r) & 15
        }

        /// One lap after the lap end at `pos`; true when it ends the turn.
        #[inline]
        fn lap(&mut self, steals: bool) -> bool {
            let pos = self.pos;
            let last = if steals && pos < 8 && self.opp_at(7 - pos) != 0 {
                let seeds = self.opp_at(7 - pos);
                self.opp &= !(0xffu64 << (8 * (7 - pos)));
                // The first stolen cow goes into the capturing hole itself.
                self.sow((pos + 15) & 15, seeds)
            } else {
                let seeds = self.own_at(pos);
                self.own &= CLEAR[pos as usize];
                self.sow(pos, seeds)
            };
            self.pos = last;
            self.own_at(last) == 1
        }
    }

    /// The inner holes of the mover that would steal now: hole k (inner `i(k+1)`)
    /// faces the opponent's `i(8-k)`, byte 7-k of `opp`.
    #[inline]
    fn stealing_holes(opp: u64) -> u16 {
        (0..8).fold(0u16, |m, k| {
            m | (((opp >> (8 * (7 - k))) & 0xff != 0) as u16) << k
        })
    }

    /// Laps until the turn ends (`Ok`), or a proof that it never does: Brent's
    /// algorithm and distinguished points ([`Sightings`]) on the state turned so
    /// that the lap's end hole comes first.
    ///
    /// A lap that does not steal does the same on a turned loop. Suppose the
    /// turned state repeats after `tau` laps, turned by `d` holes, with the
    /// opponent's inner row unchanged (so no lap of the block stole: steals only
    /// take from it). The next block repeats the first turned by `d`, and so on,
    /// as long as no lap of a block, turned by `k * d`, would start on a hole
    /// that steals (a 16-bit mask test); then after `16 / gcd(d, 16)` blocks the
    /// board is back where it was: endless, with that many times `tau` laps as
    /// its period (`turned_period`). If the test fails the search goes on, and a
    /// repeat of the board itself (`d = 0`) is always accepted, as plain Brent.
    /// Either search's first accepted repeat gives the same, smallest, period.
    #[inline]
    fn run_turned(s: &mut Packed, steals: bool, max_laps: u64) -> Result<(), Unended> {
        // Most sowings end within a few laps: run those plainly.
        const PLAIN_LAPS: u64 = 8;
        // Distinguished points only pay off on long sowings.
        const POINTS_FROM: u64 = 64;
        let mut laps: u64 = 0;
        while laps < PLAIN_LAPS {
            if s.lap(steals) {
                return Ok(());
            }
            laps += 1;
        }
        let turned = |s: &Packed| s.own.rotate_right(8 * s.pos);
        let mut tortoise = (turned(s), s.opp, s.pos);
        // Holes where the laps since the tortoise started.
        let mut starts: u16 = 0;
        let mut power: u64 = 1;
        let mut lam: u64 = 0;
        let mut points: Sightings<(u128, u64)> = Sightings::default();
        // Is a block of `lam` laps turning the state by `d`, whose laps started
        // from `starts`, repeated for ever?
        let repeats = |d: u32, starts: u16, opp: u64| {
            let thieves = if steals { stealing_holes(opp) } else { 0 };
            let blocks = turned_period(1, d as usize, LOOP) as u32;
            (1..blocks).all(|k| starts.rotate_left(k * d % LOOP as u32) & thieves == 0)
        };
        loop {
            starts |= 1 << s.pos;
            points.note_start(s.pos);
            if s.lap(steals) {
                return Ok(());
            }
            laps += 1;
            lam += 1;
            let now = turned(s);
            if s.opp == tortoise.1 && now == tortoise.0 {
                let d = (s.pos + LOOP as u32 - tortoise.2) % LOOP as u32;
                if repeats(d, starts, s.opp) {
                    return Err(Unended::Endless(Endless {
                        period: turned_period(lam, d as usize, LOOP),
                        laps,
                    }));
                }
            }
            if laps >= POINTS_FROM {
                let hash =
                    mix(now as u64 ^ ((now >> 64) as u64).rotate_left(23) ^ s.opp.rotate_left(41));
                if points.is_distinguished(hash)
                    && let Some(seen) = points.see(hash, (now, s.opp), laps, s.pos)
                {
                    let d = (s.pos + LOOP as u32 - seen.pos) % LOOP as u32;
                    if repeats(d, seen.starts as u16, s.opp) {
                        return Err(Unended::Endless(Endless {
                            period: turned_period(laps - seen.laps, d as usize, LOOP),
                            laps,
                        }));
                    }
                }
            }
            if laps >= max_laps {
                return Err(Unended::OverBudget);
            }
            if lam == power {
                tortoise = (now, s.opp, s.pos);
                starts = 0;
                power *= 2;
                lam = 0;
            }
        }
    }

    /// [`sow_quiet`] that gives up after `max_laps` laps.
    #[inline]
    pub(super) fn sow_quiet_within(
        counts: &[u16; HOLES],
        mover: Side,
        start: usize,
        steals: bool,
        max_laps: u64,
    ) -> Result<[u16; HOLES], Unended> {
        let own_base = base(mover);
        let opp_base = base(mover.other());
        let mut own = [0u8; LOOP];
        for (k, c) in own.iter_mut().enumerate() {
            *c = counts[own_base + k] as u8;
        }
        let mut opp = [0u8; 8];
        for (j, c) in opp.iter_mut().enumerate() {
            *c = counts[opp_base + j] as u8;
        }
        let mut s = Packed {
            own: u128::from_ne_bytes(own),
            opp: u64::from_ne_bytes(opp),
            pos: 0,
        };
        debug_assert!(
            counts[own_base..own_base + LOOP].iter().sum::<u16>()
                + counts[opp_base..opp_base + 8].iter().sum::<u16>()
                <= 255
        );
        let start = (start - own_base) as u32;
        let seeds = s.own_at(start);
        debug_assert!(seeds > 0);
        s.own &= CLEAR[start as usize];
        s.pos = s.sow(start, seeds);
        if s.own_at(s.pos) != 1 {
            run_turned(&mut s, steals, max_laps)?;
        }
        let mut out = *counts;
        for (k, &c) in s.own.to_ne_bytes().iter().enumerate() {
            out[own_base + k] = c as u16;
        }
        for (j, &c) in s.opp.to_ne_bytes().iter().enumerate() {
            out[opp_base + j] = c as u16;
        }
        Ok(out)
    }
}

/// The laps run to prove the sowing endless (0 when it is not).
///
/// The answers agree; only when a sowing never ends may one search prove
/// it a little sooner than the other (their distinguished points differ),
/// and so within a budget that the other runs out of.
fn agree(counts: &[u16; HOLES], mover: Side, start: usize, steals: bool, max_laps: u64) -> u64 {
    let new = sow_quiet_within(counts, mover, start, steals, max_laps);
    let old = absolute::sow_quiet_within(counts, mover, start, steals, max_laps);
    let what = format!("{mover:?} {start} steals {steals} within {max_laps}: {counts:?}");
    match (new, old) {
        (Err(Unended::Endless(a)), Err(Unended::Endless(b))) => {
            assert_eq!(a.period, b.period, "{what}");
            a.laps
        }
        (Err(Unended::Endless(a)), Err(Unended::OverBudget))
        | (Err(Unended::OverBudget), Err(Unended::Endless(a))) => {
            assert!(max_laps < u64::MAX, "{what}");
            a.laps
        }
        (new, old) => {
            assert_eq!(new, old, "{what}");
            0
        }
    }
}

#[test]
fn holes_packed_into_bytes_and_back_are_the_same() {
    let mut rng = SeededRng::seed_from_u64(5);
    for _ in 0..10_000 {
        let mut holes = [0u16; 16];
        for c in holes.iter_mut() {
            *c = rng.random_range(0..=255);
        }
        let slow = u128::from_le_bytes(holes.map(|c| c as u8));
        assert_eq!(bytes16(&holes), slow, "{holes:?}");
        let row: [u16; 8] = holes[..8].try_into().expect("8");
        let slow8 = u64::from_le_bytes(row.map(|c| c as u8));
        assert_eq!(bytes8(&row), slow8, "{row:?}");
        let mut back = [7u16; 16];
        unbytes16(slow, &mut back);
        assert_eq!(back, holes);
        let mut back8 = [7u16; 8];
        unbytes8(slow8, &mut back8);
        assert_eq!(back8, row);
    }
}

#[test]
fn stealing_holes_are_the_occupied_facing_holes() {
    let mut rng = SeededRng::seed_from_u64(3);
    for _ in 0..10_000 {
        let mut opp = 0u64;
        for j in 0..8 {
            if rng.random_bool(0.5) {
                opp |= (rng.random_range(1..=255u64)) << (8 * j);
            }
        }
        let slow = (0..8).fold(0u16, |m, k| {
            m | (((opp >> (8 * (7 - k))) & 0xff != 0) as u16) << k
        });
        assert_eq!(stealing_holes(opp), slow, "{opp:#x}");
    }
}

/// The same answers as the search in the board's own frame: the board
/// after the turn, or the period of a sowing that never ends, or giving
/// up at a budget. Every sowing of positions met in random games, then
/// of random boards with and without steals.
#[test]
fn the_turned_search_agrees_with_the_search_in_the_board_frame() {
    let mut rng = SeededRng::seed_from_u64(12);
    let budgets = [1, 9, 70, 1000, 50_000, u64::MAX];
    let (mut endless, mut longest) = (0, 0);
    for _ in 0..300 {
        let mut g = Bao::new(Rules::default());
        while !g.status().is_over() {
            let mover = g.to_move();
            let steals = g.phase() == 2;
            for i in base(mover)..base(mover) + LOOP {
                let mut counts = *g.counts();
                if counts[i] == 0 {
                    continue;
                }
                if g.places_cow() {
                    counts[i] += 1;
                }
                let budget = budgets[rng.random_range(0..budgets.len())];
                let laps = agree(&counts, mover, i, steals, budget);
                endless += (laps > 0) as u32;
                longest = longest.max(laps);
            }
            g.play_random(&mut rng, &mut Quiet);
        }
    }
    // Random boards, most cows in the mover's loop (where sowings that
    // never end are common), some in the opponent's inner row.
    for _ in 0..100_000 {
        let mover = if rng.random_bool(0.5) {
            Side::South
        } else {
            Side::North
        };
        let (b, o) = (base(mover), base(mover.other()));
        let mut counts = [0u16; HOLES];
        for _ in 0..rng.random_range(16..=64) {
            let hole = if rng.random_bool(0.9) {
                b + rng.random_range(0..LOOP)
            } else {
                o + rng.random_range(0..8)
            };
            counts[hole] += 1;
        }
        let steals = rng.random_bool(0.7);
        for start in (b..b + LOOP).filter(|&i| counts[i] > 0) {
            let budget = budgets[rng.random_range(0..budgets.len())];
            let laps = agree(&counts, mover, start, steals, budget);
            endless += (laps > 0) as u32;
            longest = longest.max(laps);
        }
    }
    // Sowings that never end are rare; some are long enough for
    // distinguished points.
    assert!(endless > 100 && longest > 1_000_000, "{endless} {longest}");
}

/// A lap sown cow by cow on the turned loop: the lifted hole (byte 0)
/// emptied when `relay`, then one cow a hole from byte 1 (a relay) or
/// byte 0 (a steal) on.
fn lap_cow_by_cow(own: u128, relay: bool, c: u32) -> (u128, u32) {
    let mut bytes = own.to_le_bytes();
    if relay {
        bytes[0] = 0;
    }
    let mut at = if relay { 0 } else { LOOP - 1 };
    for _ in 0..c {
        at = (at + 1) % LOOP;
        bytes[at] += 1;
    }
    (
        u128::from_le_bytes(bytes).rotate_right(8 * at as u32),
        at as u32,
    )
}

/// Each row of the lap tables sows as cow by cow does: circuits, the
/// emptied hole and the turn to the lap's last hole included.
#[test]
fn the_lap_tables_sow_cow_by_cow() {
    let mut rng = SeededRng::seed_from_u64(8);
    for c in 1..=192u32 {
        for _ in 0..20 {
            let mut bytes = [0u8; LOOP];
            for b in bytes.iter_mut().skip(1) {
                *b = rng.random_range(0..=3);
            }
            bytes[0] = c as u8;
            let own = u128::from_le_bytes(bytes);
            let (want, at) = lap_cow_by_cow(own, true, c);
            let mut s = Turned {
                own,
                opp: 0,
                pos: 3,
                thieves: 0,
            };
            let ended = s.relay();
            assert_eq!((s.own, s.pos), (want, (3 + at) % 16), "relay of {c}");
            assert_eq!(ended, want as u8 == 1, "relay of {c}");
            if let Some(got) = shuffled_lap(Simd::detect(), own, &SHUFFLED[c as usize]) {
                assert_eq!(got, want, "shuffled relay of {c}");
            }
            // A steal of `c` cows into hole 0 of the turned loop (own
            // byte 0 keeps its cows).
            let mut s = Turned {
                own,
                opp: (c as u64) << 56,
                pos: 0,
                thieves: 1,
            };
            let (want, at) = lap_cow_by_cow(own, false, c);
            let ended = s.lap();
            assert_eq!(
                (s.own, s.pos, s.opp, s.thieves),
                (want, at, 0, 0),
                "steal of {c}"
            );
            assert_eq!(ended, want as u8 == 1, "steal of {c}");
            #[cfg(all(target_arch = "x86_64", not(masai_portable)))]
            if let Some(got) = shuffled_lap(
                Simd::detect(),
                own,
                &crate::engine::simd::bao::STOLEN[c as usize],
            ) {
                assert_eq!(got, want, "shuffled steal of {c}");
            }
        }
    }
}

/// A hand-worked sowing: South's loop holds 2 cows in i1 and 1 in i2
/// and i3 and nothing else. Sowing i1 drops into i2 and i3 (now 2 each,
/// the lap ends on i3), i3's 2 go to i4 and i5 (empty: the turn ends).
///
/// With 17 cows in i1 instead, the first lap goes round: every hole gets
/// one, i1 (lifted) its circuit's one and i2 a second: i2 (3 cows) goes
/// on. Its 3 end in i5 (2), whose 2 end in i7 (2), and so two by two
/// round the loop (each hole lifted is left empty) to o1, whose 2 end in
/// i1 (1, now 2); i1's 2 go to i2 (emptied, now 1) and i3 (4), whose 4
/// end in i7, emptied on the way: the turn is over after 10 laps.
#[test]
fn hand_worked_relays() {
    let mut counts = [0u16; HOLES];
    counts[..3].copy_from_slice(&[2, 1, 1]);
    let after = sow_quiet(&counts, Side::South, 0, false).expect("ends");
    assert_eq!(&after[..8], &[0, 2, 0, 1, 1, 0, 0, 0]);
    counts[0] = 17;
    let after = sow_quiet(&counts, Side::South, 0, false).expect("ends");
    assert_eq!(&after[..8], &[0, 1, 0, 3, 1, 3, 1, 2]);
    assert_eq!(&after[8..16], &[0, 2, 0, 2, 0, 2, 0, 2]);
}

/// The six longest sowings that never end met in 10,000 random arena
/// games (seed 1), each as the turned state of its cycle (South's loop,
/// lifting i1 next; North's inner row is empty, so no hole steals): the
/// periods found before the relay laps had a loop of their own, by the
/// search in the board's frame too, with SSSE3 and without.
#[test]
fn the_longest_arena_sowings_keep_their_periods() {
    let cycles: [(u128, u64); 6] = [
        (0x04020104010003000502050105000403, 1_537_904),
        (0x0109010200010001020501070d070005, 3_847_456),
        (0x060201020500030200010700010c0005, 12_238_352),
        (0x03020312000104030402030001020007, 29_775_392),
        (0x030403010203020500010401020e0406, 67_939_920),
        (0x04000102120401000102011107000103, 96_753_680),
    ];
    for (own, period) in cycles {
        let mut counts = [0u16; HOLES];
        for (k, c) in counts.iter_mut().take(LOOP).enumerate() {
            *c = (own >> (8 * k)) as u16 & 0xff;
        }
        let mut laps = Vec::new();
        for how in [FASTEST, PLAIN, GENERIC, EAGER] {
            let mut board = counts;
            let got = match how {
                FASTEST => sow_in_place::<FASTEST>(
                    &mut board,
                    Side::South,
                    0,
                    0,
                    true,
                    u64::MAX,
                    Simd::detect(),
                ),
                PLAIN => sow_in_place::<PLAIN>(
                    &mut board,
                    Side::South,
                    0,
                    0,
                    true,
                    u64::MAX,
                    Simd::detect(),
                ),
                GENERIC => sow_in_place::<GENERIC>(
                    &mut board,
                    Side::South,
                    0,
                    0,
                    true,
                    u64::MAX,
                    Simd::detect(),
                ),
                _ => sow_in_place::<EAGER>(
                    &mut board,
                    Side::South,
                    0,
                    0,
                    true,
                    u64::MAX,
                    Simd::detect(),
                ),
            };
            let Err(Unended::Endless(e)) = got else {
                panic!("{own:#x} never ends")
            };
            assert_eq!(e.period, period, "{own:#x}");
            assert_eq!(board, counts, "{own:#x}: the board is left as it was");
            laps.push(e.laps);
        }
        // With SSSE3 and without, the same laps (the same answers under
        // every budget); the others may see the repeat a little sooner or
        // later (the tortoise compared with every lap, or with none).
        assert_eq!(laps[0], laps[1], "{own:#x}: {laps:?}");
        assert!(agree(&counts, Side::South, 0, true, u64::MAX) > 0);
    }
}

/// The same answer from two searches of one sowing under `budget`: the
/// same board when it ends, the same period when it never does; the laps
/// run to see the repeat may differ, and so one search may run out of a
/// budget within which the other saw it.
fn same_answer(a: Result<(), Unended>, b: Result<(), Unended>, budget: u64, what: &str) {
    match (a, b) {
        (Err(Unended::Endless(a)), Err(Unended::Endless(b))) => {
            assert_eq!(a.period, b.period, "{what}")
        }
        (Err(Unended::Endless(_)), Err(Unended::OverBudget))
        | (Err(Unended::OverBudget), Err(Unended::Endless(_))) => {
            assert!(budget < u64::MAX, "{what}")
        }
        (a, b) => assert_eq!(a, b, "{what}"),
    }
}

/// The relay laps with SSSE3 and without give the same answers, lap for
/// lap (the same laps when a sowing never ends, so the same answers under
/// every budget); as the laps that may steal (the search before the relay
/// laps had their own loop, the tortoise compared with every lap) and
/// with the tortoise not compared but on the way back after a quiet
/// stretch (every short cycle, which holds no point, found that way), the
/// same answers: positions of random games, then random boards, under
/// budgets.
#[test]
fn relay_laps_agree_however_they_are_run() {
    let mut rng = SeededRng::seed_from_u64(21);
    let budgets = [1, 9, 70, 1000, 50_000, u64::MAX];
    let mut endless = 0;
    let mut check = |counts: &[u16; HOLES], mover: Side, start: usize, steals: bool, budget| {
        let (mut a, mut b, mut c, mut d) = (*counts, *counts, *counts, *counts);
        let plain = sow_in_place::<PLAIN>(&mut a, mover, start, 0, steals, budget, Simd::detect());
        let simd = sow_in_place::<FASTEST>(&mut b, mover, start, 0, steals, budget, Simd::detect());
        let generic =
            sow_in_place::<GENERIC>(&mut c, mover, start, 0, steals, budget, Simd::detect());
        let what = format!("{mover:?} {start} {steals} {budget}: {counts:?}");
        // Unwatched, a sowing proved endless is proved so within a few
        // more laps (a budget, so that a cycle never seen fails, not hangs).
        let eager_budget = match plain {
            Err(Unended::Endless(e)) if budget == u64::MAX => 4 * e.laps + 100_000,
            _ => budget,
        };
        let eager = sow_in_place::<EAGER>(
            &mut d,
            mover,
            start,
            0,
            steals,
            eager_budget,
            Simd::detect(),
        );
        assert_eq!(plain, simd, "{what}");
        same_answer(plain, generic, budget, &what);
        same_answer(plain, eager, budget, &what);
        // The board after a sowing that ends; as it was when not.
        assert_eq!((b, c, d), (a, a, a), "{what}");
        // A reserve cow added by the sowing is the cow already in the hole.
        // (A board whose sowing does not end is left as it was.)
        if counts[start] > 1 {
            let mut before = *counts;
            before[start] -= 1;
            let (mut d, mut e) = (before, before);
            let placed =
                sow_in_place::<FASTEST>(&mut d, mover, start, 1, steals, budget, Simd::detect());
            let plain_placed =
                sow_in_place::<PLAIN>(&mut e, mover, start, 1, steals, budget, Simd::detect());
            assert_eq!((placed, plain_placed), (plain, plain), "{what}");
            let after = if plain.is_ok() { a } else { before };
            assert_eq!((d, e), (after, after), "{what}");
        }
        endless += matches!(plain, Err(Unended::Endless(_))) as u32;
    };
    for _ in 0..200 {
        let mut g = Bao::new(Rules::default());
        while !g.status().is_over() {
            let mover = g.to_move();
            for i in base(mover)..base(mover) + LOOP {
                let mut counts = *g.counts();
                if counts[i] == 0 {
                    continue;
                }
                if g.places_cow() {
                    counts[i] += 1;
                }
                let budget = budgets[rng.random_range(0..budgets.len())];
                check(&counts, mover, i, g.phase() == 2, budget);
            }
            g.play_random(&mut rng, &mut Quiet);
        }
    }
    for _ in 0..100_000 {
        let mover = if rng.random_bool(0.5) {
            Side::South
        } else {
            Side::North
        };
        let (b, o) = (base(mover), base(mover.other()));
        let mut counts = [0u16; HOLES];
        for _ in 0..rng.random_range(16..=64) {
            let hole = if rng.random_bool(0.9) {
                b + rng.random_range(0..LOOP)
            } else {
                o + rng.random_range(0..8)
            };
            counts[hole] += 1;
        }
        let steals = rng.random_bool(0.7);
        for start in (b..b + LOOP).filter(|&i| counts[i] > 0) {
            let budget = budgets[rng.random_range(0..budgets.len())];
            check(&counts, mover, start, steals, budget);
        }
    }
    assert!(endless > 50, "{endless}");
}

/// The holes with cows and those whose first lap ends, with SSSE3 and
/// hole by hole, against the sowing's own test: every count from none
/// to the most a u16 holds, with and without a reserve cow.
#[test]
fn first_laps_are_the_holes_whose_first_lap_ends() {
    let mut rng = SeededRng::seed_from_u64(4);
    for _ in 0..50_000 {
        let mut holes = [0u16; 16];
        for c in holes.iter_mut() {
            *c = match rng.random_range(0..5) {
                0 | 1 => 0,
                2 => rng.random_range(1..=17),
                3 => rng.random_range(1..=64),
                _ => rng.random_range(1..=u16::MAX),
            };
        }
        let extra = rng.random_bool(0.5);
        let mut want = (0u16, 0u16);
        for k in 0..16 {
            if holes[k] == 0 {
                continue;
            }
            want.0 |= 1 << k;
            let seeds = holes[k] as usize + extra as usize;
            if seeds < 16 && holes[(k + seeds) % 16] == 0 {
                want.1 |= 1 << k;
            }
        }
        assert_eq!(first_laps_plain(&holes, extra), want, "{holes:?} {extra}");
        // The game's way, with this CPU's SSSE3 and without.
        for simd in [Simd::detect(), Simd::PLAIN] {
            assert_eq!(first_laps(&holes, extra, simd), want, "{holes:?} {extra}");
        }
    }
}

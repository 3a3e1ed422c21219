//! The quiet sowing used for legality, search and playouts: the same rules as
//! [`super::sow_turn`], on a packed state so that a lap costs a few
//! instructions and the Brent comparison a few words. Long cycles (periods of
//! millions of laps turn up in random games) are decided in a fraction of a
//! second this way.
//!
//! Packed state, seen from the mover: byte k of `own` is his loop hole k
//! (inner i1..i8 = 0..7, outer o8..o1 = 8..15), byte j of `opp` is the
//! opponent's inner hole i(j+1), and `pos` is the last lap end. A hole never
//! holds more than the 64 cows of the game, so bytes never overflow.

use super::{HOLES, LOOP, base};
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
    #[inline(always)]
    fn own_at(&self, k: u32) -> u32 {
        let half = if k < 8 {
            self.own as u64
        } else {
            (self.own >> 64) as u64
        };
        (half >> ((k & 7) * 8)) as u32 & 0xff
    }

    #[inline(always)]
    fn opp_at(&self, j: u32) -> u32 {
        (self.opp >> (j * 8)) as u32 & 0xff
    }

    /// Sows `seeds` (at least one) from loop hole `from`; returns the last hole.
    #[inline(always)]
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
    #[inline(always)]
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
#[inline(always)]
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
#[inline(always)]
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

/// Sows board index `start` of `mover`'s loop like [`super::sow_turn`] with a
/// quiet observer: the board after the turn, or `Err` when it never ends.
/// The mover's 16 holes and the opponent's inner row must hold at most 255 cows
/// together (a game holds 64).
pub fn sow_quiet(
    counts: &[u16; HOLES],
    mover: Side,
    start: usize,
    steals: bool,
) -> Result<[u16; HOLES], Endless> {
    match sow_quiet_within(counts, mover, start, steals, u64::MAX) {
        Ok(out) => Ok(out),
        Err(Unended::Endless(e)) => Err(e),
        Err(Unended::OverBudget) => unreachable!("no lap budget"),
    }
}

/// [`sow_quiet`] that gives up after `max_laps` laps.
#[inline(always)]
pub fn sow_quiet_within(
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

//! The quiet sowing used for legality, search and playouts: the same rules as
//! [`super::sow_turn`], on a packed state so that a lap costs a few
//! instructions and the Brent comparison a few words. Long cycles (periods of
//! millions of laps turn up in random games) are decided in a fraction of a
//! second this way.
//!
//! Packed state, seen from the mover and turned so that the last lap end
//! comes first: byte k of `own` is his loop hole `pos + k` (loop holes: inner
//! i1..i8 = 0..7, outer o8..o1 = 8..15), byte j of `opp` is the opponent's
//! inner hole i(j+1). A relay lap is then a table add and a rotation, and the
//! cycle search compares the words themselves. A hole never holds more than
//! the 64 cows of the game, so bytes never overflow.

use super::{HOLES, LOOP, base};
use crate::engine::core::{Endless, Sightings, Unended, turned_period};
use crate::engine::side::Side;

mod first;
use crate::engine::simd::bao::{bytes8, bytes16, relays_ssse3, sow_ssse3, unbytes8, unbytes16};
#[cfg(test)]
use first::first_laps_plain;
pub use first::{Simd, first_laps};

/// RELAY[c]: the cows of a relay lap of `c` cows lifted from byte 0 of the
/// turned loop, circuits included: byte j gets the `k` in 1..=c with
/// `k % 16 == j` (byte 0, the lifted hole, its circuits). Subtracting `c`
/// (which empties byte 0, no borrow) and adding this is the whole lap's sowing:
/// no branch on circuits and no second table.
const RELAY: [u128; 256] = {
    let mut t = [0u128; 256];
    let mut c = 1;
    while c < 256 {
        t[c] = t[c - 1] + (1u128 << (8 * (c % LOOP)));
        c += 1;
    }
    t
};

/// STEAL[c]: the same for `c` stolen cows, sown from byte 0 (the first goes
/// into the capturing hole itself).
pub(in crate::engine) const STEAL: [u128; 256] = {
    let mut t = [0u128; 256];
    let mut c = 1;
    while c < 256 {
        t[c] = t[c - 1] + (1u128 << (8 * ((c - 1) % LOOP)));
        c += 1;
    }
    t
};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) struct Turned {
    /// The mover's loop, byte k holding hole `pos + k` (mod 16).
    pub(in crate::engine) own: u128,
    pub(in crate::engine) opp: u64,
    /// The last lap end (a loop hole, 0..16).
    pub(in crate::engine) pos: u32,
    /// The mover's inner holes that steal now (bit k: loop hole k): 0 when
    /// steals are off. Only steals change `opp`, and each clears its bit.
    pub(in crate::engine) thieves: u16,
}

impl Turned {
    /// Lifts the hole of the lap end and sows it: `RELAY`'s row for its
    /// cows, and the loop turned to the lap's last hole (`c` holes on, as
    /// the lap starts one hole after the lifted one).
    #[inline]
    fn relay(&mut self) -> bool {
        let c = self.own as u8 as u32;
        self.own = (self.own - c as u128 + RELAY[c as usize]).rotate_right(8 * (c & 15));
        self.pos = (self.pos + c) & 15;
        self.own as u8 == 1
    }

    /// One lap after the lap end at `pos`; true when it ends the turn.
    #[inline(always)]
    fn lap(&mut self) -> bool {
        if self.thieves >> self.pos & 1 != 0 {
            // Loop hole k (inner `i(k+1)`) faces the opponent's `i(8-k)`.
            let shift = 8 * (7 - self.pos);
            let seeds = (self.opp >> shift) as u32 & 0xff;
            self.opp &= !(0xff << shift);
            self.thieves &= !(1 << self.pos);
            // At least one cow: a thief faces an occupied hole.
            self.own = (self.own + STEAL[seeds as usize]).rotate_right(8 * ((seeds - 1) & 15));
            self.pos = (self.pos + seeds - 1) & 15;
            self.own as u8 == 1
        } else {
            self.relay()
        }
    }
}

/// The inner holes of the mover that would steal now: hole k (inner `i(k+1)`)
/// faces the opponent's `i(8-k)`, byte 7-k of `opp`. A byte's top bit is set
/// when it is not zero, the bytes are reversed, and one multiply gathers the
/// eight bits (the products are distinct powers of two: nothing carries).
#[inline]
fn stealing_holes(opp: u64) -> u16 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const TOP: u64 = 0x8080_8080_8080_8080;
    let top = ((opp & LOW).wrapping_add(LOW) | opp) & TOP;
    ((top.swap_bytes() >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16
}

/// The hash of a turned state for [`run_turned`]'s distinguished points and
/// its first test of a repeat: the loop's low half (the eight holes from
/// the lap end). A function of the state, so equal states hash equal; the
/// whole state (the opponent's row too) is compared when hashes agree. The
/// high half and the opponent's row left out save a lap of the long
/// sowings some six of its instructions: the opponent's row changes only
/// by a steal, and the holes from the lap end tell the states apart.
#[inline]
fn point_hash(own: u128) -> u64 {
    (own as u64).wrapping_mul(POINT_MUL)
}

/// [`point_hash`]'s multiplier (odd: equal products, equal words).
pub(in crate::engine) const POINT_MUL: u64 = 0x9e37_79b9_7f4a_7c15;

/// Why [`relays`] stopped.
pub(in crate::engine) enum Relays {
    /// The turn ended (the state is the board after it).
    Ended,
    /// `lam` reached the stop.
    Stop,
    /// The state after the lap may repeat the tortoise's or is a
    /// distinguished point: the caller looks.
    Look,
}

/// What [`relays`] watches for.
pub(in crate::engine) struct Look {
    /// The laps since the tortoise at which to stop.
    pub(in crate::engine) stop: u64,
    /// The tortoise's hash before its multiply (its loop's low half).
    pub(in crate::engine) tortoise_bits: u64,
    /// Distinguished points' bar.
    pub(in crate::engine) below: u64,
}

/// Relay laps on their own (no hole steals, now or later), counted in
/// `lam`, until the turn ends, `lam` reaches the stop, or a lap's state
/// needs a look ([`Relays`]): a distinguished point, or with `TORTOISE` a
/// state that may be the tortoise's. The loop of the long sowings that
/// never end.
#[inline(always)]
fn relays<const TORTOISE: bool>(s: &mut Turned, lam: &mut u64, look: &Look) -> Relays {
    let (mut own, mut pos, mut n) = (s.own, s.pos, *lam);
    let found = loop {
        if n >= look.stop {
            break Relays::Stop;
        }
        let c = own as u8 as u32;
        own = (own - c as u128 + RELAY[c as usize]).rotate_right(8 * (c & 15));
        pos = pos.wrapping_add(c);
        if own as u8 == 1 {
            break Relays::Ended;
        }
        n += 1;
        let bits = own as u64;
        if TORTOISE && bits == look.tortoise_bits || bits.wrapping_mul(POINT_MUL) < look.below {
            break Relays::Look;
        }
    };
    (s.own, s.pos, *lam) = (own, pos & 15, n);
    found
}

/// A relay lap of `c` cows for [`relays_ssse3`]: the bytes to add (RELAY[c],
/// byte 0 less the `c` lifted, modulo 256) and the shuffle that turns the
/// loop `c` holes on (byte j takes byte j + c).
// The SSSE3 kernels' tables (`simd/bao.rs`): unused where those kernels are not built.
#[cfg_attr(
    not(all(target_arch = "x86_64", not(masai_portable))),
    allow(dead_code)
)]
#[repr(C, align(16))]
pub(in crate::engine) struct Shuffled {
    pub(in crate::engine) add: [u8; LOOP],
    pub(in crate::engine) turn: [u8; LOOP],
}

#[cfg_attr(
    not(all(target_arch = "x86_64", not(masai_portable))),
    allow(dead_code)
)]
pub(in crate::engine) const SHUFFLED: [Shuffled; 256] = shuffled(&RELAY, 0, true);

/// The laps of `c` cows as [`Shuffled`] rows: `rows[c]`'s bytes to add
/// (byte 0 less the `c` lifted when `lifted`), and the shuffle that turns
/// the loop `c - back` holes on (byte j takes byte j + c - back).
#[cfg_attr(
    not(all(target_arch = "x86_64", not(masai_portable))),
    allow(dead_code)
)]
pub(in crate::engine) const fn shuffled(
    rows: &[u128; 256],
    back: usize,
    lifted: bool,
) -> [Shuffled; 256] {
    let mut t = [const {
        Shuffled {
            add: [0; LOOP],
            turn: [0; LOOP],
        }
    }; 256];
    let mut c = 0;
    while c < 256 {
        let mut j = 0;
        while j < LOOP {
            t[c].add[j] = (rows[c] >> (8 * j)) as u8;
            t[c].turn[j] = ((j + c + LOOP - back) % LOOP) as u8;
            j += 1;
        }
        if lifted {
            t[c].add[0] = t[c].add[0].wrapping_sub(c as u8);
        }
        c += 1;
    }
    t
}

/// Laps until the turn ends (`Ok`), or a proof that it never does: Brent's
/// algorithm and distinguished points ([`Sightings`]) on the turned state.
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
fn run_turned<const HOW: u8>(s: &mut Turned, max_laps: u64) -> Result<(), Unended> {
    for _ in 0..PLAIN_LAPS {
        if s.lap() {
            return Ok(());
        }
    }
    search::<HOW>(s, max_laps)
}

/// Most sowings end within a few laps: [`run_turned`] runs those plainly.
pub(in crate::engine) const PLAIN_LAPS: u64 = 8;

/// [`search`] for the sowings the SSSE3 laps hand over: out of line, as
/// few get this far.
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[inline(never)]
pub(in crate::engine) fn search_on(
    s: &mut Turned,
    max_laps: u64,
    brent: Brent,
) -> Result<(), Unended> {
    search_from::<FASTEST>(s, max_laps, brent)
}

/// [`run_turned`] after its plain laps: the cycle search.
#[inline]
fn search<const HOW: u8>(s: &mut Turned, max_laps: u64) -> Result<(), Unended> {
    let brent = Brent {
        tortoise: (s.own, s.opp, s.pos),
        base: PLAIN_LAPS,
        power: 1,
        starts: 0,
    };
    search_from::<HOW>(s, max_laps, brent)
}

/// Distinguished points only pay off on long sowings: [`search_from`]
/// sees them from this lap on.
pub(in crate::engine) const POINTS_FROM: u64 = 64;

/// From this lap on, a sowing of relays alone (the long sowings that never
/// end) stops comparing each lap with Brent's tortoise, a sixth of a lap's
/// instructions, and looks for distinguished points alone: a repeat of one
/// is a state's first return, the period, as the tortoise's is. A cycle
/// with no point in it would then never be seen: after [`quiet_laps`]
/// laps with no point, the tortoise is put at the state then and compared
/// with each lap again, until the next point. A tortoise stops being
/// compared only at a point, and is put anew before it is compared again,
/// so that its first return is never missed.
const UNWATCHED_FROM: u64 = 4096;

/// Laps with no distinguished point after which [`search_from`] suspects a
/// cycle with none: `gaps` times the mean gap between points (`below` is
/// one hash in `2^64 / below`). Eight gaps: a cycle with points goes on
/// unwatched but for one stretch in some three thousand.
#[inline]
fn quiet_laps(below: u64, gaps: u64) -> u64 {
    (u64::MAX / below.max(1))
        .saturating_add(1)
        .saturating_mul(gaps)
}

/// Where [`search_from`]'s Brent search stands when a stretch of laps
/// starts: the tortoise is the state after `base` laps; it moves on after
/// `power` more. `starts`: the holes where laps started since the tortoise
/// (low 16 bits) and since the distinguished points last heard of them
/// (high 16 bits).
pub(in crate::engine) struct Brent {
    pub(in crate::engine) tortoise: (u128, u64, u32),
    pub(in crate::engine) base: u64,
    pub(in crate::engine) power: u64,
    pub(in crate::engine) starts: u32,
}

/// Is a block of laps turning the state by `d`, whose laps started from
/// `starts`, repeated for ever (no later block starts a lap on a hole of
/// `thieves`)?
#[inline]
pub(in crate::engine) fn repeats(d: u32, starts: u16, thieves: u16) -> bool {
    let blocks = turned_period(1, d as usize, LOOP) as u32;
    (1..blocks).all(|k| starts.rotate_left(k * d % LOOP as u32) & thieves == 0)
}

/// [`search`] from a stretch's start.
#[inline(always)]
fn search_from<const HOW: u8>(s: &mut Turned, max_laps: u64, brent: Brent) -> Result<(), Unended> {
    // Brent's search: the tortoise is the state after `base` laps, and
    // `lam` laps have run since; it moves on when `lam` reaches `power`.
    let mut tortoise = brent.tortoise;
    let mut tortoise_hash = point_hash(tortoise.0);
    let mut base = brent.base;
    let mut power = brent.power;
    let mut lam: u64 = 0;
    let mut starts = brent.starts;
    let mut points: Sightings<(u128, u64)> = Sightings::default();
    let mut below = points.below();
    // Whether each lap of relays alone is compared with the tortoise (see
    // UNWATCHED_FROM). The tests' EAGER does not compare them from the
    // first, and suspects a cycle with no point after a single gap: the
    // short cycles, entered before any point, take the way back to the
    // tortoise.
    let mut watching = HOW != EAGER;
    let (unwatched_from, quiet_gaps) = if HOW == EAGER {
        (0, 1)
    } else {
        (UNWATCHED_FROM, 8)
    };
    loop {
        // Laps until the tortoise moves or the budget is spent (at least
        // one): the checks of every lap are the comparisons alone.
        let stop = power.min(max_laps.saturating_sub(base)).max(lam + 1);
        let points_from = POINTS_FROM.saturating_sub(base);
        // The stretch of laps, written once for both kinds of lap below.
        macro_rules! stretch {
            ($lap:expr, $go_on:expr) => {
                while lam < stop && $go_on {
                    starts |= 0x1_0001 << s.pos;
                    if $lap {
                        return Ok(());
                    }
                    lam += 1;
                    // One multiply: its leading bits, which decide, depend
                    // on every bit of the state (cheaper than `mix` at every
                    // lap); equal states have equal hashes, so the tortoise
                    // is compared whole only when the hashes agree.
                    let now = s.own;
                    let hash = point_hash(now);
                    if hash == tortoise_hash && now == tortoise.0 && s.opp == tortoise.1 {
                        let d = (s.pos + LOOP as u32 - tortoise.2) % LOOP as u32;
                        if repeats(d, starts as u16, s.thieves) {
                            return Err(Unended::Endless(Endless {
                                period: turned_period(lam, d as usize, LOOP),
                                laps: base + lam,
                            }));
                        }
                    }
                    if hash < below && lam >= points_from {
                        points.note_starts(starts >> 16);
                        starts &= 0xffff;
                        let laps = base + lam;
                        let seen = points.see(hash, (now, s.opp), laps, s.pos);
                        below = points.below();
                        if let Some(seen) = seen {
                            let d = (s.pos + LOOP as u32 - seen.pos) % LOOP as u32;
                            if repeats(d, seen.starts as u16, s.thieves) {
                                return Err(Unended::Endless(Endless {
                                    period: turned_period(laps - seen.laps, d as usize, LOOP),
                                    laps,
                                }));
                            }
                        }
                    }
                }
            };
        }
        // Steals only ever clear `thieves`: once none is left, every lap
        // is a relay, with no test of the hole it starts from; and as no
        // hole will ever steal, every turned repeat is one for ever
        // (`repeats` holds whatever the laps' starts): they are not kept.
        // Past the first laps this is the loop of the long sowings.
        if s.thieves == 0 && lam >= points_from && HOW != GENERIC {
            // The hash before its multiply.
            let tortoise_bits = tortoise.0 as u64;
            let simd = if HOW == FASTEST {
                Simd::detect()
            } else {
                Simd::PLAIN
            };
            loop {
                let look = Look {
                    // Unwatched, the laps stop after a quiet stretch too.
                    stop: if watching {
                        stop
                    } else {
                        stop.min(lam.saturating_add(quiet_laps(below, quiet_gaps)))
                    },
                    tortoise_bits,
                    below,
                };
                let found = if watching {
                    relays_ssse3::<true>(simd, s, &mut lam, &look)
                        .unwrap_or_else(|| relays::<true>(s, &mut lam, &look))
                } else {
                    relays_ssse3::<false>(simd, s, &mut lam, &look)
                        .unwrap_or_else(|| relays::<false>(s, &mut lam, &look))
                };
                match found {
                    Relays::Ended => return Ok(()),
                    Relays::Stop if lam < stop => {
                        // No point for a quiet stretch: perhaps a cycle
                        // without one. The tortoise watches again, from
                        // the state now.
                        watching = true;
                        tortoise = (s.own, s.opp, s.pos);
                        tortoise_hash = point_hash(s.own);
                        base += lam;
                        lam = 0;
                        break;
                    }
                    Relays::Stop => break,
                    Relays::Look => {}
                }
                let now = s.own;
                let bits = now as u64;
                if watching && bits == tortoise_bits && now == tortoise.0 && s.opp == tortoise.1 {
                    let d = (s.pos + LOOP as u32 - tortoise.2) % LOOP as u32;
                    return Err(Unended::Endless(Endless {
                        period: turned_period(lam, d as usize, LOOP),
                        laps: base + lam,
                    }));
                }
                let hash = bits.wrapping_mul(POINT_MUL);
                if hash < below {
                    let laps = base + lam;
                    let seen = points.see(hash, (now, s.opp), laps, s.pos);
                    below = points.below();
                    if let Some(seen) = seen {
                        let d = (s.pos + LOOP as u32 - seen.pos) % LOOP as u32;
                        return Err(Unended::Endless(Endless {
                            period: turned_period(laps - seen.laps, d as usize, LOOP),
                            laps,
                        }));
                    }
                    // A long sowing: its laps look for points alone.
                    watching = laps < unwatched_from;
                }
            }
        } else if s.thieves == 0 {
            stretch!(s.relay(), true);
        } else {
            stretch!(s.lap(), s.thieves != 0);
        }
        if base + lam >= max_laps {
            return Err(Unended::OverBudget);
        }
        if lam == power {
            tortoise = (s.own, s.opp, s.pos);
            tortoise_hash = point_hash(s.own);
            starts &= !0xffff;
            base += lam;
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
    let mut out = *counts;
    sow_quiet_in_place(&mut out, mover, start, 0, steals, max_laps, Simd::detect())?;
    Ok(out)
}

/// [`sow_quiet_within`] on `counts` itself, `extra` cows (a reserve cow
/// placed) first added to the hole `start`: `counts` becomes the board
/// after the turn when it ends, and is left as it was when it does not.
/// No copy of the board is made. `simd`: this CPU's ([`Simd::detect`]).
#[inline(always)]
pub fn sow_quiet_in_place(
    counts: &mut [u16; HOLES],
    mover: Side,
    start: usize,
    extra: u8,
    steals: bool,
    max_laps: u64,
    simd: Simd,
) -> Result<(), Unended> {
    sow_in_place::<FASTEST>(counts, mover, start, extra, steals, max_laps, simd)
}

/// How [`run_turned`] runs the all-relay laps: with SSSE3 when the CPU has
/// it (the games' way), without, or as the laps that may steal; or (the
/// tests') without SSSE3, its laps of relays alone compared with the
/// tortoise only on the way back after a quiet stretch ([`UNWATCHED_FROM`]).
/// The tests compare them: the first two lap for lap, all four by their
/// answers.
const FASTEST: u8 = 0;
#[cfg(test)]
const PLAIN: u8 = 1;
const GENERIC: u8 = 2;
const EAGER: u8 = 3;

/// [`sow_quiet_in_place`], its relay laps run as `HOW` says.
#[inline(always)]
fn sow_in_place<const HOW: u8>(
    counts: &mut [u16; HOLES],
    mover: Side,
    start: usize,
    extra: u8,
    steals: bool,
    max_laps: u64,
    simd: Simd,
) -> Result<(), Unended> {
    let own_base = base(mover);
    let opp_base = base(mover.other());
    // Whole rows as arrays: no check per hole, and the narrowing is a few
    // vector instructions.
    let own: &[u16; LOOP] = counts[own_base..own_base + LOOP]
        .try_into()
        .expect("a loop");
    let opp: &[u16; 8] = counts[opp_base..opp_base + 8]
        .try_into()
        .expect("an inner row");
    debug_assert!(
        own.iter().sum::<u16>() + opp.iter().sum::<u16>() + extra as u16 <= 255,
        "at most 255 cows"
    );
    debug_assert!(
        (own_base..own_base + LOOP).contains(&start),
        "a hole of the mover"
    );
    if HOW == FASTEST && simd.ssse3() {
        return sow_ssse3(simd, counts, start, extra, steals, max_laps).expect("SSSE3");
    }
    let start = (start - own_base) as u32;
    let mut s = Turned {
        // The chosen hole is byte 0 of the turned loop: the extra cow there.
        own: bytes16(own).rotate_right(8 * start) + extra as u128,
        opp: bytes8(opp),
        pos: start,
        thieves: 0,
    };
    debug_assert!(s.own as u8 > 0);
    // The first lap lifts the hole chosen, whatever it faces.
    if !s.relay() {
        if steals {
            s.thieves = stealing_holes(s.opp);
        }
        run_turned::<HOW>(&mut s, max_laps)?;
    }
    let own: &mut [u16; LOOP] = (&mut counts[own_base..own_base + LOOP])
        .try_into()
        .expect("a loop");
    unbytes16(s.own.rotate_left(8 * s.pos), own);
    let opp: &mut [u16; 8] = (&mut counts[opp_base..opp_base + 8])
        .try_into()
        .expect("an inner row");
    unbytes8(s.opp, opp);
    Ok(())
}

#[cfg(test)]
mod tests;

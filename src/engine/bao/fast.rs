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
use crate::engine::core::{Endless, run_laps};
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

#[derive(Clone, Copy, PartialEq, Eq)]
struct Packed {
    own: u128,
    opp: u64,
    pos: u32,
}

#[inline(always)]
fn byte128(x: u128, k: u32) -> u32 {
    (x >> (8 * k)) as u32 & 0xff
}

impl Packed {
    /// Sows `seeds` (at least one) from loop hole `from`; returns the last hole.
    #[inline(always)]
    fn sow(&mut self, from: u32, seeds: u32) -> u32 {
        let circuits = (seeds - 1) / LOOP as u32;
        let r = seeds - circuits * LOOP as u32;
        self.own += ONES * circuits as u128 + MASK[from as usize][r as usize];
        (from + r) & 15
    }

    /// One lap after the lap end at `pos`; true when it ends the turn.
    #[inline(always)]
    fn lap(&mut self, steals: bool) -> bool {
        let pos = self.pos;
        let last = if steals && pos < 8 && (self.opp >> (8 * (7 - pos))) & 0xff != 0 {
            let shift = 8 * (7 - pos);
            let seeds = (self.opp >> shift) as u32 & 0xff;
            self.opp &= !(0xffu64 << shift);
            // The first stolen cow goes into the capturing hole itself.
            self.sow((pos + 15) & 15, seeds)
        } else {
            let seeds = byte128(self.own, pos);
            self.own &= !(0xffu128 << (8 * pos));
            self.sow(pos, seeds)
        };
        self.pos = last;
        byte128(self.own, last) == 1
    }
}

/// Sows board index `start` of `mover`'s loop like [`super::sow_turn`] with a
/// quiet observer: the board after the turn, or `Err` when it never ends.
pub fn sow_quiet(
    counts: &[u16; HOLES],
    mover: Side,
    start: usize,
    steals: bool,
) -> Result<[u16; HOLES], Endless> {
    let own_base = base(mover);
    let opp_base = base(mover.other());
    let mut own = 0u128;
    for k in 0..LOOP {
        own |= (counts[own_base + k] as u128) << (8 * k);
    }
    let mut opp = 0u64;
    for j in 0..8 {
        opp |= (counts[opp_base + j] as u64) << (8 * j);
    }
    let mut s = Packed { own, opp, pos: 0 };
    let start = (start - own_base) as u32;
    let seeds = byte128(s.own, start);
    debug_assert!(seeds > 0);
    s.own &= !(0xffu128 << (8 * start));
    s.pos = s.sow(start, seeds);
    if byte128(s.own, s.pos) != 1 {
        run_laps(&mut s, |s| s.lap(steals).then_some(()))?;
    }
    let mut out = *counts;
    for k in 0..LOOP {
        out[own_base + k] = byte128(s.own, k as u32) as u16;
    }
    for j in 0..8 {
        out[opp_base + j] = ((s.opp >> (8 * j)) & 0xff) as u16;
    }
    Ok(out)
}

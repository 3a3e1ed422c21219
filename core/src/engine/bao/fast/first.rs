//! Whether the CPU has SSSE3, and the first laps of the start-of-turn test
//! (with it, all sixteen holes at once).

use super::LOOP;
pub use crate::engine::simd::Simd;
use crate::engine::simd::bao::first_laps_ssse3;

/// The holes of a loop with cows, and those of them whose first lap ends
/// (its last cow falls into an empty hole, without going round), bit k for
/// hole k, the hole sown getting `extra` (a reserve cow) first. With SSSE3,
/// all sixteen at once: each hole's lap end found by a byte shuffle of the
/// empty holes.
#[inline]
pub fn first_laps(holes: &[u16; 16], extra: bool, simd: Simd) -> (u16, u16) {
    if let Some(laps) = first_laps_ssse3(holes, extra, simd) {
        return laps;
    }
    first_laps_plain(holes, extra)
}

/// [`first_laps`] hole by hole.
#[inline(always)]
pub(super) fn first_laps_plain(holes: &[u16; 16], extra: bool) -> (u16, u16) {
    let (mut movable, mut ending) = (0u16, 0u16);
    for (k, &c) in holes.iter().enumerate() {
        let seeds = c as u32 + extra as u32;
        movable |= ((c != 0) as u16) << k;
        let ends = c != 0 && seeds < LOOP as u32 && holes[(k + seeds as usize) % LOOP] == 0;
        ending |= (ends as u16) << k;
    }
    (movable, ending)
}

//! Whether the CPU has SSSE3, and the first laps of the start-of-turn test
//! (with it, all sixteen holes at once).

use super::LOOP;

/// Whether this CPU has SSSE3, found once when a game is made and kept in
/// it: a test of the standard library's detection cache is six
/// instructions, and a random Bao turn made two (the first laps, the pick).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Simd(pub(super) bool);

impl Simd {
    /// This CPU's.
    pub fn detect() -> Simd {
        Simd(ssse3())
    }
}

/// Does this CPU have SSSE3 (its byte shuffle turns the loop in one
/// instruction, where a 128-bit rotation takes some ten)?
#[inline(always)]
pub(super) fn ssse3() -> bool {
    #[cfg(all(target_arch = "x86_64", not(masai_portable)))]
    {
        std::is_x86_feature_detected!("ssse3")
    }
    #[cfg(not(all(target_arch = "x86_64", not(masai_portable))))]
    {
        false
    }
}

/// The holes of a loop with cows, and those of them whose first lap ends
/// (its last cow falls into an empty hole, without going round), bit k for
/// hole k, the hole sown getting `extra` (a reserve cow) first. With SSSE3,
/// all sixteen at once: each hole's lap end found by a byte shuffle of the
/// empty holes.
#[inline(always)]
pub fn first_laps(holes: &[u16; 16], extra: bool, simd: Simd) -> (u16, u16) {
    #[cfg(all(target_arch = "x86_64", not(masai_portable)))]
    if simd.0 {
        // SAFETY: the CPU has SSSE3 (`simd` says so).
        return unsafe { first_laps_ssse3(holes, extra) };
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

/// [`first_laps`] with SSSE3.
///
/// # Safety
/// The CPU must have SSSE3.
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[target_feature(enable = "ssse3")]
unsafe fn first_laps_ssse3(holes: &[u16; 16], extra: bool) -> (u16, u16) {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_adds_epu8, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8,
        _mm_loadu_si128, _mm_movemask_epi8, _mm_packs_epi16, _mm_set1_epi8, _mm_setr_epi8,
        _mm_setzero_si128, _mm_shuffle_epi8,
    };
    // SAFETY: the loads read the 32 bytes of `holes`.
    unsafe {
        let p = holes.as_ptr() as *const __m128i;
        // The signed pack keeps counts below 128 and makes the others 127
        // or (from 32768 on) 128: never 0, and a lap that goes round.
        let bytes = _mm_packs_epi16(_mm_loadu_si128(p), _mm_loadu_si128(p.add(1)));
        let zero = _mm_setzero_si128();
        let empty = _mm_cmpeq_epi8(bytes, zero);
        let seeds = _mm_adds_epu8(bytes, _mm_set1_epi8(extra as i8));
        let low = _mm_set1_epi8(0x0f);
        // Fewer than 16 cows: the lap does not go round.
        let short = _mm_cmpeq_epi8(_mm_andnot_si128(low, seeds), zero);
        let iota = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        let last = _mm_and_si128(_mm_add_epi8(iota, seeds), low);
        let lands_empty = _mm_shuffle_epi8(empty, last);
        let ends = _mm_andnot_si128(empty, _mm_and_si128(short, lands_empty));
        (
            !(_mm_movemask_epi8(empty) as u16),
            _mm_movemask_epi8(ends) as u16,
        )
    }
}

//! Bao la Kimasai's sowings with SSSE3: the loop of 16 holes, one a byte,
//! in a vector register (issue 23). Each kernel is called through a safe
//! function that takes a [`Simd`], which says SSSE3 is there only when it
//! was detected; without it the caller runs the portable form.

use super::Simd;
#[cfg(all(test, not(all(target_arch = "x86_64", not(masai_portable)))))]
use crate::engine::bao::fast::Shuffled;
use crate::engine::bao::fast::{Look, Relays, Turned};
use crate::engine::core::Unended;
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
use crate::engine::{
    bao::fast::{
        Brent, PLAIN_LAPS, POINT_MUL, POINTS_FROM, SHUFFLED, STEAL, Shuffled, repeats, search_on,
        shuffled,
    },
    core::{Endless, turned_period},
};

/// Bao's board and a side's loop, as `bao` has them (the arrays' types
/// would not match otherwise); not imported, so that this file needs
/// nothing of the game's module but the sowing's own types.
const HOLES: usize = 32;
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
const LOOP: usize = 16;

/// The first laps of a Bao loop with SSSE3, all sixteen holes at once
/// ([`first_laps`]); `None` without SSSE3.
#[inline]
pub(crate) fn first_laps_ssse3(holes: &[u16; 16], extra: bool, simd: Simd) -> Option<(u16, u16)> {
    #[cfg(all(target_arch = "x86_64", not(masai_portable)))]
    if simd.0 {
        // SAFETY: the CPU has SSSE3 (a `Simd` says so only when detected).
        return Some(unsafe { first_laps_kernel(holes, extra) });
    }
    let _ = (holes, extra, simd);
    None
}

/// The relay laps of a long Bao sowing with SSSE3 ([`relays`]); `None`
/// without SSSE3.
#[inline]
pub(crate) fn relays_ssse3<const TORTOISE: bool>(
    simd: Simd,
    s: &mut Turned,
    lam: &mut u64,
    look: &Look,
) -> Option<Relays> {
    #[cfg(all(target_arch = "x86_64", not(masai_portable)))]
    if simd.0 {
        // SAFETY: the CPU has SSSE3 (a `Simd` says so only when detected).
        return Some(unsafe { relays_kernel::<TORTOISE>(s, lam, look) });
    }
    let _ = (simd, s, lam, look);
    None
}

/// A Bao sowing in place with SSSE3 ([`sow_in_place`]); `None` without
/// SSSE3. The board must be as `sow_in_place` asserts (at most 255 cows,
/// `start` a hole of the mover).
#[inline]
pub(crate) fn sow_ssse3(
    simd: Simd,
    counts: &mut [u16; HOLES],
    start: usize,
    extra: u8,
    steals: bool,
    max_laps: u64,
) -> Option<Result<(), Unended>> {
    #[cfg(all(target_arch = "x86_64", not(masai_portable)))]
    if simd.0 {
        // SAFETY: the CPU has SSSE3 (a `Simd` says so only when detected).
        return Some(unsafe { sow_kernel(counts, start, extra, steals, max_laps) });
    }
    let _ = (simd, counts, start, extra, steals, max_laps);
    None
}

/// One SSSE3 lap of the turned loop `own` by a row of [`SHUFFLED`] or
/// [`STOLEN`], for the tests; `None` without SSSE3.
#[cfg(test)]
pub(crate) fn shuffled_lap(simd: Simd, own: u128, row: &Shuffled) -> Option<u128> {
    #[cfg(all(target_arch = "x86_64", not(masai_portable)))]
    if simd.0 {
        // SAFETY: the CPU has SSSE3; the rows are 16-byte aligned; a u128
        // and an __m128i are both 16 plain bytes.
        return Some(unsafe { shuffled_lap_kernel(own, row) });
    }
    let _ = (simd, own, row);
    None
}

/// [`shuffled_lap`]'s kernel.
///
/// # Safety
/// The CPU must have SSSE3.
#[cfg(test)]
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[target_feature(enable = "ssse3")]
unsafe fn shuffled_lap_kernel(own: u128, row: &Shuffled) -> u128 {
    use std::arch::x86_64::*;
    // SAFETY: the rows are 16-byte aligned; a u128 and an __m128i are
    // both 16 plain bytes.
    unsafe {
        let v = std::mem::transmute::<u128, __m128i>(own);
        std::mem::transmute::<__m128i, u128>(_mm_shuffle_epi8(
            _mm_add_epi8(v, _mm_load_si128(row.add.as_ptr() as *const __m128i)),
            _mm_load_si128(row.turn.as_ptr() as *const __m128i),
        ))
    }
}

/// [`first_laps_ssse3`]'s kernel.
///
/// # Safety
/// The CPU must have SSSE3.
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[target_feature(enable = "ssse3")]
unsafe fn first_laps_kernel(holes: &[u16; 16], extra: bool) -> (u16, u16) {
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
/// [`relays_ssse3`]'s kernel: the lap is a byte add and a byte shuffle.
///
/// # Safety
/// The CPU must have SSSE3.
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[target_feature(enable = "ssse3")]
unsafe fn relays_kernel<const TORTOISE: bool>(
    s: &mut Turned,
    lam: &mut u64,
    look: &Look,
) -> Relays {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_cvtsi128_si64, _mm_load_si128, _mm_shuffle_epi8,
    };
    // SAFETY: a u128 and an __m128i are both 16 plain bytes (byte k of
    // the u128, little-endian, is lane k); each row of SHUFFLED is two
    // 16-byte arrays aligned to 16.
    unsafe {
        let mut v = std::mem::transmute::<u128, __m128i>(s.own);
        let (mut low, mut pos) = (s.own as u64, s.pos);
        // The laps before the stop, counted down.
        let all = look.stop.saturating_sub(*lam);
        let mut left = all;
        let tortoise_low = look.tortoise_bits;
        // One lap and its tests, `ahead` laps of its block still to run
        // (`left` is counted down a block at a time, and put right when
        // the block stops early). The hash reads the low half alone
        // (`point_hash`), which needs no second move out of the register.
        macro_rules! lap {
            ($ahead:expr) => {{
                let c = low as u8 as usize;
                let row = &SHUFFLED[c];
                v = _mm_shuffle_epi8(
                    _mm_add_epi8(v, _mm_load_si128(row.add.as_ptr() as *const __m128i)),
                    _mm_load_si128(row.turn.as_ptr() as *const __m128i),
                );
                pos = pos.wrapping_add(c as u32);
                low = _mm_cvtsi128_si64(v) as u64;
                if low as u8 == 1 {
                    // The lap that ends the turn is not counted.
                    left += $ahead + 1;
                    break Relays::Ended;
                }
                if TORTOISE && low == tortoise_low {
                    left += $ahead;
                    break Relays::Look;
                }
                if low.wrapping_mul(POINT_MUL) < look.below {
                    left += $ahead;
                    break Relays::Look;
                }
            }};
        }
        // Four laps a test of the count.
        let found = loop {
            if left < 4 {
                if left == 0 {
                    break Relays::Stop;
                }
                left -= 1;
                lap!(0);
                continue;
            }
            left -= 4;
            lap!(3);
            lap!(2);
            lap!(1);
            lap!(0);
        };
        let n = *lam + (all - left);
        (s.own, s.pos, *lam) = (std::mem::transmute::<__m128i, u128>(v), pos & 15, n);
        found
    }
}

/// A steal lap of `c` cows for [`sow_ssse3`]: STEAL[c]'s bytes and the
/// shuffle that turns the loop `c - 1` holes on (byte j takes byte j + c - 1).
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
pub(crate) const STOLEN: [Shuffled; 256] = shuffled(&STEAL, 1, false);

/// [`sow_ssse3`]'s kernel, [`sow_in_place`] with SSSE3: the first lap and the plain laps of
/// [`run_turned`] on the turned loop in a vector register, where a lap is a
/// byte add and a byte shuffle (a 128-bit rotation took some ten
/// instructions and the state went through memory at every lap); the few
/// sowings still going then go to [`search`] as a [`Turned`].
///
/// # Safety
/// The CPU must have SSSE3.
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[target_feature(enable = "ssse3")]
unsafe fn sow_kernel(
    counts: &mut [u16; HOLES],
    start: usize,
    extra: u8,
    steals: bool,
    max_laps: u64,
) -> Result<(), Unended> {
    // The loop of `start` (the mover's), and the other: five arguments,
    // all in registers, and no bounds to check.
    let own_base = start & LOOP;
    let opp_base = own_base ^ LOOP;
    use std::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_cmpeq_epi8, _mm_cvtsi32_si128, _mm_cvtsi64_si128,
        _mm_cvtsi128_si32, _mm_load_si128, _mm_loadu_si128, _mm_movemask_epi8, _mm_packus_epi16,
        _mm_setr_epi8, _mm_setzero_si128, _mm_shuffle_epi8, _mm_storeu_si128, _mm_unpackhi_epi8,
        _mm_unpacklo_epi8,
    };
    let opp_row: &[u16; 8] = counts[opp_base..opp_base + 8]
        .try_into()
        .expect("an inner row");
    let mut opp = bytes8(opp_row);
    let own: &mut [u16; LOOP] = (&mut counts[own_base..own_base + LOOP])
        .try_into()
        .expect("a loop");
    let start = (start - own_base) & (LOOP - 1);
    // SAFETY: SSSE3 is on; the loads and stores read and write the 32
    // bytes of `own`; each row of SHUFFLED and STOLEN is two 16-byte
    // arrays aligned to 16; a u128 and an __m128i are both 16 plain bytes.
    unsafe {
        let load = |bytes: &[u8; LOOP]| _mm_load_si128(bytes.as_ptr() as *const __m128i);
        let lap = |v: __m128i, row: &Shuffled| {
            _mm_shuffle_epi8(_mm_add_epi8(v, load(&row.add)), load(&row.turn))
        };
        // The count of byte 0: the hole of the lap end.
        let low = |v: __m128i| _mm_cvtsi128_si32(v) as u8 as u32;
        let p = own.as_ptr() as *const __m128i;
        let bytes = _mm_packus_epi16(_mm_loadu_si128(p), _mm_loadu_si128(p.add(1)));
        // The chosen hole is byte 0 of the turned loop: the extra cow there.
        let mut v = _mm_add_epi8(
            _mm_shuffle_epi8(bytes, load(&SHUFFLED[start].turn)),
            _mm_cvtsi32_si128(extra as i32),
        );
        let mut pos = start as u32;
        // The first lap lifts the hole chosen, whatever it faces.
        let c = low(v);
        v = lap(v, &SHUFFLED[c as usize]);
        pos = (pos + c) & 15;
        if low(v) != 1 {
            // `stealing_holes` by a byte shuffle: the row reversed, its
            // occupied bytes as bits.
            let mut thieves = if steals {
                let reversed = _mm_shuffle_epi8(
                    _mm_cvtsi64_si128(opp as i64),
                    _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, -1, -1, -1, -1, -1, -1, -1, -1),
                );
                !(_mm_movemask_epi8(_mm_cmpeq_epi8(reversed, _mm_setzero_si128())) as u16) & 0xff
            } else {
                0
            };
            // One lap after the lap end at `pos`, as `Turned::lap`; true
            // when it ends the turn. (No hole steals in phase 1, nor
            // once the thieves have stolen: one test then.)
            macro_rules! lap {
                () => {{
                    if thieves != 0 && thieves >> pos & 1 != 0 {
                        let shift = 8 * (7 - pos);
                        let seeds = (opp >> shift) as u32 & 0xff;
                        opp &= !(0xff << shift);
                        thieves &= !(1 << pos);
                        v = lap(v, &STOLEN[seeds as usize]);
                        pos = (pos + seeds - 1) & 15;
                    } else {
                        let c = low(v);
                        v = lap(v, &SHUFFLED[c as usize]);
                        pos = (pos + c) & 15;
                    }
                    low(v) == 1
                }};
            }
            'laps: {
                for _ in 0..PLAIN_LAPS {
                    if lap!() {
                        break 'laps;
                    }
                }
                // Then `search_from`'s stretches while no lap can be a
                // distinguished point: the same laps and comparisons with
                // the tortoise (a whole-state comparison here), the same
                // budget; the rest is handed over.
                let mut tortoise = (v, opp, pos);
                let (mut base, mut power, mut starts) = (PLAIN_LAPS, 1u64, 0u32);
                loop {
                    if base + power >= POINTS_FROM {
                        let mut s = Turned {
                            own: std::mem::transmute::<__m128i, u128>(v),
                            opp,
                            pos,
                            thieves,
                        };
                        let brent = Brent {
                            tortoise: (
                                std::mem::transmute::<__m128i, u128>(tortoise.0),
                                tortoise.1,
                                tortoise.2,
                            ),
                            base,
                            power,
                            starts,
                        };
                        search_on(&mut s, max_laps, brent)?;
                        (v, opp, pos) = (std::mem::transmute::<u128, __m128i>(s.own), s.opp, s.pos);
                        break 'laps;
                    }
                    let stop = power.min(max_laps.saturating_sub(base)).max(1);
                    let mut lam = 0;
                    while lam < stop {
                        starts |= 0x1_0001 << pos;
                        if lap!() {
                            break 'laps;
                        }
                        lam += 1;
                        if _mm_movemask_epi8(_mm_cmpeq_epi8(v, tortoise.0)) == 0xffff
                            && opp == tortoise.1
                        {
                            let d = (pos + LOOP as u32 - tortoise.2) % LOOP as u32;
                            if repeats(d, starts as u16, thieves) {
                                return Err(Unended::Endless(Endless {
                                    period: turned_period(lam, d as usize, LOOP),
                                    laps: base + lam,
                                }));
                            }
                        }
                    }
                    if base + lam >= max_laps {
                        return Err(Unended::OverBudget);
                    }
                    tortoise = (v, opp, pos);
                    starts &= !0xffff;
                    base += lam;
                    power *= 2;
                }
            }
        }
        // Back to board order: byte j takes byte j - pos.
        let v = _mm_shuffle_epi8(v, load(&SHUFFLED[(LOOP - pos as usize) & 15].turn));
        let zero = _mm_setzero_si128();
        let q = own.as_mut_ptr() as *mut __m128i;
        _mm_storeu_si128(q, _mm_unpacklo_epi8(v, zero));
        _mm_storeu_si128(q.add(1), _mm_unpackhi_epi8(v, zero));
    }
    let opp_row: &mut [u16; 8] = (&mut counts[opp_base..opp_base + 8])
        .try_into()
        .expect("an inner row");
    unbytes8(opp, opp_row);
    Ok(())
}

/// Sixteen holes of at most 255 cows, one a byte (SSE2: two loads and one
/// pack, where byte by byte took about fifty instructions a sowing).
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[inline]
pub(crate) fn bytes16(holes: &[u16; 16]) -> u128 {
    use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_packus_epi16};
    // SAFETY: SSE2 is part of x86-64; the loads read the 32 bytes of `holes`.
    unsafe {
        let p = holes.as_ptr() as *const __m128i;
        std::mem::transmute::<__m128i, u128>(_mm_packus_epi16(
            _mm_loadu_si128(p),
            _mm_loadu_si128(p.add(1)),
        ))
    }
}

/// Eight holes of at most 255 cows, one a byte.
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[inline]
pub(crate) fn bytes8(holes: &[u16; 8]) -> u64 {
    use std::arch::x86_64::{
        __m128i, _mm_cvtsi128_si64, _mm_loadu_si128, _mm_packus_epi16, _mm_setzero_si128,
    };
    // SAFETY: SSE2 is part of x86-64; the load reads the 16 bytes of `holes`.
    unsafe {
        let v = _mm_loadu_si128(holes.as_ptr() as *const __m128i);
        _mm_cvtsi128_si64(_mm_packus_epi16(v, _mm_setzero_si128())) as u64
    }
}

/// [`bytes16`] undone: byte k into hole k.
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[inline]
pub(crate) fn unbytes16(bytes: u128, holes: &mut [u16; 16]) {
    use std::arch::x86_64::{
        __m128i, _mm_setzero_si128, _mm_storeu_si128, _mm_unpackhi_epi8, _mm_unpacklo_epi8,
    };
    // SAFETY: SSE2 is part of x86-64; the stores write the 32 bytes of `holes`.
    unsafe {
        let v = std::mem::transmute::<u128, __m128i>(bytes);
        let zero = _mm_setzero_si128();
        let p = holes.as_mut_ptr() as *mut __m128i;
        _mm_storeu_si128(p, _mm_unpacklo_epi8(v, zero));
        _mm_storeu_si128(p.add(1), _mm_unpackhi_epi8(v, zero));
    }
}

/// [`bytes8`] undone: byte k into hole k.
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[inline]
pub(crate) fn unbytes8(bytes: u64, holes: &mut [u16; 8]) {
    use std::arch::x86_64::{
        __m128i, _mm_cvtsi64_si128, _mm_setzero_si128, _mm_storeu_si128, _mm_unpacklo_epi8,
    };
    // SAFETY: SSE2 is part of x86-64; the store writes the 16 bytes of `holes`.
    unsafe {
        let v = _mm_unpacklo_epi8(_mm_cvtsi64_si128(bytes as i64), _mm_setzero_si128());
        _mm_storeu_si128(holes.as_mut_ptr() as *mut __m128i, v);
    }
}

/// [`bytes16`] elsewhere, byte by byte.
#[cfg(not(all(target_arch = "x86_64", not(masai_portable))))]
#[inline]
pub(crate) fn bytes16(holes: &[u16; 16]) -> u128 {
    u128::from_le_bytes(holes.map(|c| c as u8))
}

/// [`bytes8`] elsewhere, byte by byte.
#[cfg(not(all(target_arch = "x86_64", not(masai_portable))))]
#[inline]
pub(crate) fn bytes8(holes: &[u16; 8]) -> u64 {
    u64::from_le_bytes(holes.map(|c| c as u8))
}

/// [`unbytes16`] elsewhere, byte by byte.
#[cfg(not(all(target_arch = "x86_64", not(masai_portable))))]
#[inline]
pub(crate) fn unbytes16(bytes: u128, holes: &mut [u16; 16]) {
    for (c, &b) in holes.iter_mut().zip(&bytes.to_le_bytes()) {
        *c = b as u16;
    }
}

/// [`unbytes8`] elsewhere, byte by byte.
#[cfg(not(all(target_arch = "x86_64", not(masai_portable))))]
#[inline]
pub(crate) fn unbytes8(bytes: u64, holes: &mut [u16; 8]) {
    for (c, &b) in holes.iter_mut().zip(&bytes.to_le_bytes()) {
        *c = b as u16;
    }
}

//! The core's unsafe code, all of it but the AI table's memory
//! (`ai/table.rs`): the SSE2 and SSSE3 kernels of the sowings and the
//! start-of-turn tests, and the history's copy of a board into its spare
//! room. Everything here is a safe function; each `unsafe` block says why
//! it holds. Built with `--cfg masai_portable` (or off x86-64), every
//! kernel is its portable form, which plays the same games
//! (`tests/same_games.rs`, `tests/perft.rs`).

use super::bao::HOLES;
#[cfg(all(test, not(all(target_arch = "x86_64", not(masai_portable)))))]
use super::bao::fast::Shuffled;
use super::bao::fast::{Look, Relays, Turned};
use super::core::Unended;
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
use super::{
    bao::LOOP,
    bao::fast::{
        Brent, PLAIN_LAPS, POINT_MUL, POINTS_FROM, SHUFFLED, STEAL, Shuffled, repeats, search_on,
        shuffled,
    },
    core::{Endless, turned_period},
};
use std::mem::MaybeUninit;

/// Appends `board` to `buf` and returns its history hash ([`board_hash_into`]).
///
/// # Panics
/// When `buf` has no room for `board` (the history makes room first) or
/// `board` is longer than [`MAX_BOARD`].
#[inline(always)]
pub(crate) fn push_hashed(buf: &mut Vec<u16>, board: &[u16]) -> u64 {
    let at = buf.len();
    let stride = board.len();
    let hash = board_hash_into(board, &mut buf.spare_capacity_mut()[..stride]);
    // SAFETY: the slice above proved room for `stride` more holes, and
    // `board_hash_into` wrote every one of them (its copy is the board).
    unsafe { buf.set_len(at + stride) };
    hash
}

/// Eight holes.
type Group = [u16; 8];

/// The longest board a game hands to the history (En Gehé's 2x50).
pub(crate) const MAX_BOARD: usize = 128;

/// Pseudo-random odd weights for the history hash, one a hole
/// (splitmix64, fixed seed), and a group past the longest board's.
const WEIGHTS: [Group; MAX_BOARD / 8 + 1] = {
    let mut w = [[0u16; 8]; MAX_BOARD / 8 + 1];
    let mut x = 1u64;
    let mut i = 0;
    while i < MAX_BOARD + 8 {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        w[i / 8][i % 8] = (z >> 48) as u16 | 1;
        i += 1;
    }
    w
};

/// A hash of a board: its holes' weighted sums in eight 16-bit lanes,
/// mixed into 64 bits whose top bits depend on every lane. Odd weights: two
/// boards one hole apart never hash equal. The board is copied into `copy`
/// (of its length) on the way: each group is read once for both.
#[inline(always)]
fn board_hash_into(board: &[u16], copy: &mut [MaybeUninit<u16>]) -> u64 {
    assert_eq!(copy.len(), board.len(), "room for the board");
    // The games' usual boards (2x8, Bao's 32 holes, 2x40) hashed by code
    // that knows their length: the groups' loop unrolled, no tail to test.
    match board.len() {
        16 => hash_of_length(&board[..16], &mut copy[..16]),
        32 => hash_of_length(&board[..32], &mut copy[..32]),
        80 => hash_of_length(&board[..80], &mut copy[..80]),
        _ => hash_of_length(board, copy),
    }
}

/// [`board_hash_into`], inlined into each length it is asked for.
#[inline(always)]
fn hash_of_length(board: &[u16], copy: &mut [MaybeUninit<u16>]) -> u64 {
    let groups = board.chunks_exact(8);
    let tail = groups.remainder();
    let whole = board.len() - tail.len();
    let mut last = [0u16; 8];
    for ((g, &c), out) in last.iter_mut().zip(tail).zip(&mut copy[whole..]) {
        *g = c;
        out.write(c);
    }
    let has_tail = !tail.is_empty();
    let (lo, hi) = weighted_lanes(groups, &mut copy[..whole], &last, board.len() / 8, has_tail);
    lo.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ hi.wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

/// The weighted sums of [`board_hash_into`], as two words: the whole groups
/// of eight holes (each also stored into `copy`), then `last` (the holes
/// past them, padded with zeros, when `has_tail`) with the weights of group `k`. SSE2, which
/// every x86-64 has, multiplies and adds eight holes in one instruction each.
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[inline(always)]
fn weighted_lanes(
    groups: std::slice::ChunksExact<'_, u16>,
    copy: &mut [MaybeUninit<u16>],
    last: &Group,
    k: usize,
    has_tail: bool,
) -> (u64, u64) {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi16, _mm_cvtsi128_si64, _mm_loadu_si128, _mm_mullo_epi16,
        _mm_setzero_si128, _mm_storeu_si128, _mm_unpackhi_epi64,
    };
    assert_eq!(copy.len(), groups.len() * 8, "room for the whole groups");
    // SAFETY: SSE2 is part of x86-64; each unaligned load reads one group
    // of eight u16 (a chunk of exactly eight, a `Group`, a row of WEIGHTS),
    // and each store writes eight u16 of `copy`, which holds eight a group.
    unsafe {
        let load = |p: *const u16| _mm_loadu_si128(p as *const __m128i);
        let mut acc = _mm_setzero_si128();
        for ((group, weights), out) in groups.zip(&WEIGHTS).zip(copy.chunks_exact_mut(8)) {
            let g = load(group.as_ptr());
            _mm_storeu_si128(out.as_mut_ptr() as *mut __m128i, g);
            acc = _mm_add_epi16(acc, _mm_mullo_epi16(g, load(weights.as_ptr())));
        }
        // Boards of whole groups (2x8, 2x40, Bao's 32) have no tail.
        if has_tail {
            acc = _mm_add_epi16(
                acc,
                _mm_mullo_epi16(load(last.as_ptr()), load(WEIGHTS[k].as_ptr())),
            );
        }
        (
            _mm_cvtsi128_si64(acc) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc)) as u64,
        )
    }
}

/// [`weighted_lanes`] elsewhere, lane by lane.
#[cfg(not(all(target_arch = "x86_64", not(masai_portable))))]
#[inline]
fn weighted_lanes(
    groups: std::slice::ChunksExact<'_, u16>,
    copy: &mut [MaybeUninit<u16>],
    last: &Group,
    k: usize,
    has_tail: bool,
) -> (u64, u64) {
    let mut acc = [0u16; 8];
    let mut add = |group: &[u16], weights: &Group| {
        for ((a, &c), &w) in acc.iter_mut().zip(group).zip(weights) {
            *a = a.wrapping_add(c.wrapping_mul(w));
        }
    };
    for ((group, weights), out) in groups.zip(&WEIGHTS).zip(copy.chunks_exact_mut(8)) {
        for (o, &c) in out.iter_mut().zip(group) {
            o.write(c);
        }
        add(group, weights);
    }
    if has_tail {
        add(last, &WEIGHTS[k]);
    }
    let word = |l: &[u16]| l.iter().rev().fold(0u64, |w, &x| w << 16 | x as u64);
    (word(&acc[..4]), word(&acc[4..]))
}

/// Bit k set when hole k of `group` holds seeds. SSE2, which every x86-64
/// has, compares eight holes with zero in one instruction and gathers the
/// sixteen answers in two more: the start-of-turn test reads the mover's row
/// at every turn.
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[inline(always)]
pub(crate) fn occupied16(group: &[u16; 16]) -> u64 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi16, _mm_loadu_si128, _mm_movemask_epi8, _mm_packs_epi16,
        _mm_setzero_si128,
    };
    // SAFETY: SSE2 is part of x86-64, and the two unaligned loads read the
    // 32 bytes of `group`.
    let empty = unsafe {
        let p = group.as_ptr() as *const __m128i;
        let zero = _mm_setzero_si128();
        let a = _mm_cmpeq_epi16(_mm_loadu_si128(p), zero);
        let b = _mm_cmpeq_epi16(_mm_loadu_si128(p.add(1)), zero);
        _mm_movemask_epi8(_mm_packs_epi16(a, b))
    };
    !empty as u64 & 0xffff
}

/// [`occupied16`] elsewhere: four holes a 64-bit word.
#[cfg(not(all(target_arch = "x86_64", not(masai_portable))))]
#[inline]
pub(crate) fn occupied16(group: &[u16; 16]) -> u64 {
    crate::engine::core::nonzero_bits(group, 4) as u64
}

/// Bit k set when hole k of the sixteen holes from `from` holds exactly
/// `seeds`. SSE2, which every x86-64 has, compares eight holes in one
/// instruction and gathers the sixteen answers in two more: the
/// start-of-turn test reads the board at every turn.
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[inline(always)]
pub(crate) fn holding16<const N: usize>(counts: &[u16; N], from: usize, seeds: u16) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi16, _mm_loadu_si128, _mm_movemask_epi8, _mm_packs_epi16,
        _mm_set1_epi16,
    };
    let group: &[u16; 16] = counts[from..from + 16].try_into().expect("sixteen holes");
    // SAFETY: SSE2 is part of x86-64, and the two unaligned loads read the
    // 32 bytes of `group`.
    let equal = unsafe {
        let p = group.as_ptr() as *const __m128i;
        let v = _mm_set1_epi16(seeds as i16);
        let a = _mm_cmpeq_epi16(_mm_loadu_si128(p), v);
        let b = _mm_cmpeq_epi16(_mm_loadu_si128(p.add(1)), v);
        _mm_movemask_epi8(_mm_packs_epi16(a, b))
    };
    equal as u32 & 0xffff
}

/// [`holding16`] elsewhere: four holes a 64-bit word, a lane's top bit set
/// when the lane differs from `seeds`, and a multiply gathers the four bits.
#[cfg(not(all(target_arch = "x86_64", not(masai_portable))))]
#[inline]
pub(crate) fn holding16<const N: usize>(counts: &[u16; N], from: usize, seeds: u16) -> u32 {
    const LOW: u64 = 0x7fff_7fff_7fff_7fff;
    const TOP: u64 = 0x8000_8000_8000_8000;
    const GATHER: u64 = (1 << 48) | (1 << 33) | (1 << 18) | (1 << 3);
    let spread = seeds as u64 * 0x0001_0001_0001_0001;
    let mut differ = 0u32;
    for (k, q) in counts[from..from + 16].chunks_exact(4).enumerate() {
        let w = (q[0] as u64 | (q[1] as u64) << 16 | (q[2] as u64) << 32 | (q[3] as u64) << 48)
            ^ spread;
        let top = ((((w & LOW) + LOW) | w) & TOP) >> 15;
        differ |= (((top.wrapping_mul(GATHER) >> 48) & 0xf) as u32) << (4 * k);
    }
    !differ & 0xffff
}

/// Each byte value spread to eight holes: `SPREAD[m][k]` is bit k of m.
#[cfg(not(all(target_arch = "x86_64", not(masai_portable))))]
const SPREAD: [[u16; 8]; 256] = {
    let mut t = [[0u16; 8]; 256];
    let mut m = 0;
    while m < 256 {
        let mut k = 0;
        while k < 8 {
            t[m][k] = (m >> k & 1) as u16;
            k += 1;
        }
        m += 1;
    }
    t
};

/// Adds a seed to every hole of `mask`'s first `W` holes, with no branch
/// (which holes get a seed is unpredictable). SSE2, which every x86-64 has:
/// each hole's bit of the mask, spread to its lane and compared, is -1 where
/// a seed falls, subtracted from eight holes at once (a table row a group
/// of eight took some ten more instructions a lap).
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[inline(always)]
pub(crate) fn add_mask<const W: usize, const N: usize>(counts: &mut [u16; N], mask: u32) {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi16, _mm_loadu_si128, _mm_set1_epi16, _mm_setr_epi16,
        _mm_storeu_si128, _mm_sub_epi16,
    };
    const { assert!(W.is_multiple_of(16) && W <= N) };
    // SAFETY: SSE2 is part of x86-64; the loads and stores read and write
    // eight u16 of `counts` at 8k for 8k + 8 <= W <= N.
    unsafe {
        let bits = [
            _mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128),
            _mm_setr_epi16(256, 512, 1024, 2048, 4096, 8192, 16384, i16::MIN),
        ];
        let p = counts.as_mut_ptr() as *mut __m128i;
        let mut k = 0;
        while k < W / 8 {
            let half = _mm_set1_epi16((mask >> (16 * (k / 2))) as u16 as i16);
            let b = bits[k % 2];
            let seed = _mm_cmpeq_epi16(_mm_and_si128(half, b), b);
            _mm_storeu_si128(p.add(k), _mm_sub_epi16(_mm_loadu_si128(p.add(k)), seed));
            k += 1;
        }
    }
}

/// [`add_mask`] elsewhere: eight holes a table row.
#[cfg(not(all(target_arch = "x86_64", not(masai_portable))))]
#[inline]
pub(crate) fn add_mask<const W: usize, const N: usize>(counts: &mut [u16; N], mask: u32) {
    let mut k = 0;
    while k < W / 8 {
        let eight: &mut [u16; 8] = (&mut counts[8 * k..8 * k + 8])
            .try_into()
            .expect("eight holes");
        let add = &SPREAD[(mask >> (8 * k) & 0xff) as usize];
        for i in 0..8 {
            eight[i] += add[i];
        }
        k += 1;
    }
}

// Bao la Kimasai's sowings: the loop of 16 holes, one a byte, in a
// vector register (issue 23).

/// Whether this CPU has SSSE3, found once when a game is made and kept in
/// it: a test of the standard library's detection cache is six
/// instructions, and a random Bao turn made two (the first laps, the pick).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Simd(bool);

impl Simd {
    /// This CPU's.
    pub fn detect() -> Simd {
        Simd(ssse3())
    }

    /// No SSSE3, whatever the CPU has: the portable kernels.
    pub(crate) const PLAIN: Simd = Simd(false);

    /// Whether the SSSE3 kernels run.
    #[inline]
    pub(crate) fn ssse3(self) -> bool {
        self.0
    }
}

/// Does this CPU have SSSE3 (its byte shuffle turns the loop in one
/// instruction, where a 128-bit rotation takes some ten)?
#[inline]
fn ssse3() -> bool {
    #[cfg(all(target_arch = "x86_64", not(masai_portable)))]
    {
        std::is_x86_feature_detected!("ssse3")
    }
    #[cfg(not(all(target_arch = "x86_64", not(masai_portable))))]
    {
        false
    }
}

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

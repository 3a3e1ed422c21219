//! The core's unsafe code, all of it but the AI table's memory
//! (`ai/table.rs`): the SSE2 and SSSE3 kernels of the sowings and the
//! start-of-turn tests, and the history's copy of a board into its spare
//! room. Everything here is a safe function; each `unsafe` block says why
//! it holds. Built with `--cfg masai_portable` (or off x86-64), every
//! kernel is its portable form, which plays the same games
//! (`tests/same_games.rs`, `tests/perft.rs`). Bao's kernels are in
//! `simd/bao.rs`.

use std::mem::MaybeUninit;

pub(crate) mod bao;

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

/// The longest board a game hands to the history (En Gehé's 2x50).
pub(crate) const MAX_BOARD: usize = 128;

/// Pseudo-random odd weights for the history hash, one a hole
/// (splitmix64, fixed seed), and eight past the longest board's (a short
/// board's padding).
const WEIGHTS: [u16; MAX_BOARD + 8] = {
    let mut w = [0u16; MAX_BOARD + 8];
    let mut x = 1u64;
    let mut i = 0;
    while i < MAX_BOARD + 8 {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        w[i] = (z >> 48) as u16 | 1;
        i += 1;
    }
    w
};

/// Lane masks for a board's last holes: eight from `TAIL[t]` keep the last
/// `t` lanes.
const TAIL: [u16; 16] = [0, 0, 0, 0, 0, 0, 0, 0, !0, !0, !0, !0, !0, !0, !0, !0];

/// A hash of a board: its holes' weighted sums in eight 16-bit lanes,
/// mixed into 64 bits whose top bits depend on every lane. Odd weights: two
/// boards one hole apart never hash equal. The board is copied into `copy`
/// (of its length) on the way: each group is read once for both.
///
/// Any length takes the same way: groups of eight holes, then the last
/// eight holes again (a board of eight or more) with the lanes already
/// counted masked off, so that there is no hole-by-hole tail.
#[inline(always)]
fn board_hash_into(board: &[u16], copy: &mut [MaybeUninit<u16>]) -> u64 {
    assert_eq!(copy.len(), board.len(), "room for the board");
    let (lo, hi) = if board.len() >= 8 {
        weighted_lanes(board, copy)
    } else {
        // Shorter than a group (no game's): padded with empty holes.
        let mut padded = [0u16; 8];
        for ((p, &c), out) in padded.iter_mut().zip(board).zip(copy.iter_mut()) {
            *p = c;
            out.write(c);
        }
        weighted_lanes(&padded, &mut [MaybeUninit::uninit(); 8])
    };
    lo.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ hi.wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

/// The weighted sums of [`board_hash_into`] for a board of eight holes or
/// more, as two words, each hole stored into `copy` on the way.
///
/// The board's whole blocks of sixteen holes are read by code unrolled for
/// their count (at most eight: [`MAX_BOARD`]), so that every length runs
/// straight-line code.
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[inline(always)]
fn weighted_lanes(board: &[u16], copy: &mut [MaybeUninit<u16>]) -> (u64, u64) {
    // The games' usual boards (2x8, Bao's 32 holes, 2x40) first, at a
    // length known here: the tail's tests fold away, and a measure of the
    // kernel by its count alone cost 2x40 6% and 2x8 3% more instructions
    // a game.
    match board.len() {
        16 => blocks::<1>(&board[..16], &mut copy[..16]),
        32 => blocks::<2>(&board[..32], &mut copy[..32]),
        80 => blocks::<5>(&board[..80], &mut copy[..80]),
        _ => any_blocks(board, copy),
    }
}

/// [`weighted_lanes`] for the other lengths, out of line: inlined, its nine
/// kernels cost the usual boards' games 3% more instructions (the code
/// around them kept fewer values in registers).
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[inline(never)]
fn any_blocks(board: &[u16], copy: &mut [MaybeUninit<u16>]) -> (u64, u64) {
    match board.len() / 16 {
        0 => blocks::<0>(board, copy),
        1 => blocks::<1>(board, copy),
        2 => blocks::<2>(board, copy),
        3 => blocks::<3>(board, copy),
        4 => blocks::<4>(board, copy),
        5 => blocks::<5>(board, copy),
        6 => blocks::<6>(board, copy),
        7 => blocks::<7>(board, copy),
        _ => blocks::<8>(board, copy),
    }
}

/// [`weighted_lanes`] for a board of `B` whole blocks of sixteen holes and
/// fewer than sixteen more. SSE2, which every x86-64 has, multiplies and
/// adds eight holes in one instruction each; the holes past the blocks are
/// a group of eight, then the last eight holes again with the lanes
/// already counted masked off, so that there is no hole-by-hole tail.
#[cfg(all(target_arch = "x86_64", not(masai_portable)))]
#[inline(always)]
fn blocks<const B: usize>(board: &[u16], copy: &mut [MaybeUninit<u16>]) -> (u64, u64) {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi16, _mm_and_si128, _mm_cvtsi128_si64, _mm_loadu_si128, _mm_mullo_epi16,
        _mm_setzero_si128, _mm_storeu_si128, _mm_unpackhi_epi64,
    };
    let len = board.len();
    // (The caller's `B`, `len / 16`, makes the blocks the board's.)
    assert!(
        (8..=MAX_BOARD).contains(&len) && 16 * B <= len && copy.len() == len,
        "a board of 8 to {MAX_BOARD} holes, {B} blocks, and room for it"
    );
    // SAFETY: SSE2 is part of x86-64. Every group read or written is eight
    // u16 at `at` with `at + 8 <= len` (the blocks end at `16 * B <= len`,
    // the group after them is read when eight holes are left, and the last
    // group is at `len - 8`, `len >= 8`: all asserted above), inside
    // `board` and `copy` (both `len` long) and inside WEIGHTS
    // (`len <= MAX_BOARD`); the mask is eight of TAIL's sixteen from
    // `t < 8`.
    unsafe {
        let load = |p: *const u16| _mm_loadu_si128(p as *const __m128i);
        let mut group = |at: usize| {
            let g = load(board.as_ptr().add(at));
            let out = copy.as_mut_ptr().add(at) as *mut __m128i;
            _mm_storeu_si128(out, g);
            _mm_mullo_epi16(g, load(WEIGHTS.as_ptr().add(at)))
        };
        let (mut a, mut b) = (_mm_setzero_si128(), _mm_setzero_si128());
        for k in 0..B {
            a = _mm_add_epi16(a, group(16 * k));
            b = _mm_add_epi16(b, group(16 * k + 8));
        }
        let mut at = 16 * B;
        if at + 8 <= len {
            a = _mm_add_epi16(a, group(at));
            at += 8;
        }
        let t = len - at;
        if t > 0 {
            let mask = load(TAIL.as_ptr().add(t));
            b = _mm_add_epi16(b, _mm_and_si128(group(len - 8), mask));
        }
        let acc = _mm_add_epi16(a, b);
        (
            _mm_cvtsi128_si64(acc) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc)) as u64,
        )
    }
}

/// [`weighted_lanes`] elsewhere, lane by lane: the same sums.
#[cfg(not(all(target_arch = "x86_64", not(masai_portable))))]
#[inline]
fn weighted_lanes(board: &[u16], copy: &mut [MaybeUninit<u16>]) -> (u64, u64) {
    let len = board.len();
    assert!(
        (8..=MAX_BOARD).contains(&len) && copy.len() == len,
        "a board of 8 to {MAX_BOARD} holes and room for it"
    );
    let mut acc = [0u16; 8];
    let mut add = |at: usize, mask: &[u16]| {
        let holes = &board[at..at + 8];
        for (k, (a, &c)) in acc.iter_mut().zip(holes).enumerate() {
            *a = a.wrapping_add(c.wrapping_mul(WEIGHTS[at + k]) & mask[k]);
        }
    };
    let whole = len - len % 8;
    for at in (0..whole).step_by(8) {
        add(at, &[!0; 8]);
    }
    if whole < len {
        add(len - 8, &TAIL[len - whole..len - whole + 8]);
    }
    for (out, &c) in copy.iter_mut().zip(board) {
        out.write(c);
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

#[cfg(test)]
mod tests {
    //! Each kernel against its definition, written plainly: on x86-64 the
    //! SSE2 code, built with `--cfg masai_portable` the portable code. Miri
    //! runs these (`cargo +nightly miri test -p masai-core --lib
    //! engine::simd`), with fewer boards.
    use super::*;
    use crate::engine::SeededRng;
    use rand::{Rng, SeedableRng};

    fn boards() -> usize {
        if cfg!(miri) { 20 } else { 2_000 }
    }

    /// Counts of up to `most` seeds, zeros often (empty holes matter).
    fn counts<const N: usize>(rng: &mut SeededRng, most: u16) -> [u16; N] {
        std::array::from_fn(|_| {
            if rng.random_bool(0.4) {
                0
            } else {
                rng.random_range(0..=most)
            }
        })
    }

    /// The history hash by its definition: eight 16-bit lanes, each
    /// summing holes times their weights, the two halves mixed. Hole i of
    /// the whole groups of eight is in lane `i % 8`; a hole past them, read
    /// with the board's last eight holes, in lane `i + 8 - len` (a board
    /// shorter than eight: lane i).
    fn hash_by_definition(board: &[u16]) -> u64 {
        let len = board.len();
        let whole = len / 8 * 8;
        let mut lanes = [0u16; 8];
        for (i, &c) in board.iter().enumerate() {
            let lane = if i < whole || len < 8 {
                i % 8
            } else {
                i + 8 - len
            };
            lanes[lane] = lanes[lane].wrapping_add(c.wrapping_mul(WEIGHTS[i]));
        }
        let word = |l: &[u16]| l.iter().rev().fold(0u64, |w, &x| w << 16 | u64::from(x));
        word(&lanes[..4]).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ word(&lanes[4..]).wrapping_mul(0xbf58_476d_1ce4_e5b9)
    }

    #[test]
    fn push_hashed_copies_the_board_and_hashes_it_by_definition() {
        let mut rng = SeededRng::seed_from_u64(5);
        let lengths: Vec<usize> = if cfg!(miri) {
            vec![1, 7, 8, 9, 16, 17, 32, 80, 100, MAX_BOARD]
        } else {
            (1..=MAX_BOARD).collect()
        };
        for &len in &lengths {
            for _ in 0..boards() / 20 + 1 {
                let board: Vec<u16> = (0..len).map(|_| rng.random_range(0..400)).collect();
                let mut buf = Vec::with_capacity(3 + len);
                buf.extend([9, 9, 9]);
                let hash = push_hashed(&mut buf, &board);
                assert_eq!(&buf[3..], &board[..], "length {len}");
                assert_eq!(hash, hash_by_definition(&board), "length {len}");
                // One seed more in any hole: another hash (odd weights).
                let mut other = board.clone();
                other[rng.random_range(0..len)] += 1;
                let mut b2 = Vec::with_capacity(len);
                assert_ne!(push_hashed(&mut b2, &other), hash, "length {len}");
            }
        }
    }

    #[test]
    #[should_panic]
    fn push_hashed_refuses_a_buffer_without_room() {
        let mut buf: Vec<u16> = Vec::with_capacity(4);
        push_hashed(&mut buf, &[1; 8]);
    }

    #[test]
    fn occupied16_and_holding16_are_their_definitions() {
        let mut rng = SeededRng::seed_from_u64(6);
        for _ in 0..boards() {
            let c: [u16; 40] = counts(&mut rng, 3);
            let group: &[u16; 16] = c[..16].try_into().unwrap();
            let occupied = (0..16)
                .filter(|&k| group[k] != 0)
                .fold(0, |m, k| m | 1 << k);
            assert_eq!(occupied16(group), occupied, "{group:?}");
            let from = rng.random_range(0..=24);
            let seeds = rng.random_range(0..=3);
            let holding = (0..16)
                .filter(|&k| c[from + k] == seeds)
                .fold(0, |m, k| m | 1 << k);
            assert_eq!(holding16(&c, from, seeds), holding, "{c:?} from {from}");
        }
    }

    #[test]
    fn add_mask_adds_a_seed_to_each_hole_of_the_mask() {
        let mut rng = SeededRng::seed_from_u64(7);
        for _ in 0..boards() {
            let mut c: [u16; 40] = counts(&mut rng, 100);
            let before = c;
            let mask: u32 = rng.random();
            add_mask::<32, 40>(&mut c, mask);
            for k in 0..40 {
                let seed = u16::from(k < 32 && mask >> k & 1 == 1);
                assert_eq!(c[k], before[k] + seed, "hole {k}, mask {mask:b}");
            }
        }
    }
}

//! Random playouts, for benchmarks and property tests, the random draw
//! every game's random decision makes, and the undoing of a lap that the
//! random picks, which sow in place, need when a sowing never ends.

use super::core::{Event, Observer, Status};
use super::{Game, RandomPlay};
use rand::Rng;

/// Plays uniformly random legal decisions until the game ends or no decision
/// is listed (an Enkeshui player left with only the special move). Returns the
/// number of decisions played. Each turn's pick is its test for a legal
/// move ([`RandomPlay`]).
pub fn random_playout<G: Game, R: Rng, O: Observer>(
    game: &mut G,
    rng: &mut R,
    obs: &mut O,
) -> usize {
    let mut game = RandomPlay::new(game);
    let mut played = 0;
    while game.status() == Status::Playing {
        if game.play(rng, obs).is_none() {
            break;
        }
        played += 1;
    }
    played
}

/// Counts seeds dropped (single drops and whole circuits) and laps.
#[derive(Default)]
pub struct DropCounter {
    /// Seeds dropped.
    pub drops: u64,
    /// Laps sown (each lap's end).
    pub laps: u64,
    /// Holes per circuit of the game being counted.
    pub circuit: u64,
}

impl Observer for DropCounter {
    fn event(&mut self, event: Event) {
        match event {
            Event::Drop { .. } => self.drops += 1,
            Event::Circuit { seeds } => self.drops += seeds as u64 * self.circuit,
            Event::LapEnd { .. } => self.laps += 1,
            _ => {}
        }
    }
}

/// A number below `n` (0 < `n` <= 2^32 - 1), drawn exactly as rand 0.9's
/// `rng.random_range(0..n)` draws it (one 32-bit word widened by `n`, a
/// second word in the rare biased case), so that a seed plays the same
/// games; inlined where a random decision is drawn, which the generic
/// `random_range` was not (some 40 instructions a draw).
#[inline(always)]
pub fn draw_below<R: rand::RngCore + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0, "a draw from no choice");
    let wide = rng.next_u32() as u64 * n as u64;
    let (hi, lo) = ((wide >> 32) as u32, wide as u32);
    if lo <= n.wrapping_neg() {
        return hi;
    }
    let more = ((rng.next_u32() as u64 * n as u64) >> 32) as u32;
    hi + lo.checked_add(more).is_none() as u32
}

/// Set bits of each byte value.
pub(crate) const BYTE_COUNT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// `BYTE_SELECT[m][k]`: the index of the `k`-th set bit of `m` (from 0,
/// lowest first).
pub(crate) const BYTE_SELECT: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if m >> bit & 1 == 1 {
                t[m][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        m += 1;
    }
    t
};

/// A mask's set bits, counted for a draw among them and then the one drawn
/// found from the same counts, broadword: x86-64's baseline has no POPCNT,
/// and `count_ones` with a byte-at-a-time select took some forty
/// instructions a pick on a 2x40 row.
#[derive(Clone, Copy)]
pub(crate) struct Ranked {
    mask: u64,
    /// Byte i: the set bits of bytes 0..=i (at most 64: no carry between bytes).
    through: u64,
}

impl Ranked {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const TOPS: u64 = 0x8080_8080_8080_8080;

    #[inline]
    pub(crate) fn new(mask: u64) -> Ranked {
        let x = mask - (mask >> 1 & 0x5555_5555_5555_5555);
        let x = (x & 0x3333_3333_3333_3333) + (x >> 2 & 0x3333_3333_3333_3333);
        let bytes = (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
        Ranked {
            mask,
            through: bytes.wrapping_mul(Self::ONES),
        }
    }

    /// The set bits.
    #[inline]
    pub(crate) fn count(&self) -> u32 {
        (self.through >> 56) as u32
    }

    /// The index of the `k`-th set bit (`k` below the count).
    #[inline(always)]
    pub(crate) fn select(&self, k: u32) -> usize {
        debug_assert!(k < self.count());
        // Each byte's top bit: its running count is at most k (k + 128 -
        // count stays within the byte). Those bytes come first; the next
        // holds the bit.
        let at_most = (((k as u64 * Self::ONES) | Self::TOPS) - self.through) & Self::TOPS;
        let byte = ((at_most >> 7).wrapping_mul(Self::ONES) >> 56) as usize & 7;
        let before = ((self.through << 8) >> (8 * byte)) as usize & 0xff;
        let bits = (self.mask >> (8 * byte)) as usize & 0xff;
        8 * byte + BYTE_SELECT[bits][(k as usize).wrapping_sub(before) & 7] as usize
    }
}

/// Undoes a lap that lifted `seeds` from `from` and dropped them one a hole
/// forward round `ring` (every hole in play; whole circuits first, as the
/// quick sowings drop them), and did nothing else: the ring as it was
/// before the lift. For the rare sowings that never end: a plain loop.
pub(crate) fn unsow_ring(ring: &mut [u16], from: usize, seeds: u16) {
    let n2 = ring.len();
    let mut left = seeds as usize;
    if left > n2 {
        let circuits = (left - 1) / n2;
        ring.iter_mut().for_each(|c| *c -= circuits as u16);
        left -= circuits * n2;
    }
    for k in 1..=left {
        ring[(from + k) % n2] -= 1;
    }
    ring[from] = seeds;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Ranked` counts as `count_ones` and selects what clearing the
    /// lowest set bit `k` times finds, for every `k` below the count, and
    /// the tables count and select as `count_ones` and that loop do.
    #[test]
    fn ranked_bits_select_the_kth_lowest_set_bit() {
        use crate::engine::SeededRng;
        use rand::{Rng, SeedableRng};
        let slow = |mut m: u64, k: u32| {
            for _ in 0..k {
                m &= m.wrapping_sub(1);
            }
            m.trailing_zeros() as usize
        };
        let mut rng = SeededRng::seed_from_u64(3);
        let masks = (0..2000).map(|i| match i {
            0 => 0,
            1 => u64::MAX,
            2 => 1 << 63,
            _ => rng.random::<u64>() & rng.random::<u64>() >> rng.random_range(0..64),
        });
        for mask in masks {
            let ranked = Ranked::new(mask);
            assert_eq!(ranked.count(), mask.count_ones(), "{mask:#x}");
            for k in 0..mask.count_ones() {
                assert_eq!(ranked.select(k), slow(mask, k), "{mask:#x} {k}");
            }
        }
        for m in 0..256usize {
            assert_eq!(BYTE_COUNT[m] as u32, (m as u32).count_ones());
            for k in 0..BYTE_COUNT[m] as u32 {
                assert_eq!(BYTE_SELECT[m][k as usize] as usize, slow(m as u64, k));
            }
        }
    }

    /// `draw_below` is rand's `random_range(0..n)`: the same numbers from
    /// the same generator, the rare second word included (large `n`).
    #[test]
    fn draw_below_draws_what_random_range_draws() {
        use crate::engine::SeededRng;
        use rand::{RngCore, SeedableRng};
        let mut seen_second = false;
        for seed in 0..200u64 {
            for n in [
                1u32,
                2,
                3,
                5,
                7,
                8,
                16,
                40,
                50,
                1000,
                3 << 30,
                u32::MAX - 1,
                u32::MAX,
            ] {
                let mut a = SeededRng::seed_from_u64(seed);
                let mut b = SeededRng::seed_from_u64(seed);
                for _ in 0..20 {
                    let x = a.random_range(0..n as usize);
                    let y = draw_below(&mut b, n) as usize;
                    assert_eq!(x, y, "seed {seed}, n {n}");
                }
                // Both generators drew as many words.
                assert_eq!(a.next_u64(), b.next_u64(), "seed {seed}, n {n}");
                let mut c = SeededRng::seed_from_u64(seed);
                let first = c.next_u32() as u64 * n as u64;
                seen_second |= (first as u32) > n.wrapping_neg();
            }
        }
        assert!(seen_second, "some draw needed a second word");
    }
}

//! Random playouts, for benchmarks and property tests, and the random draw
//! every game's random decision makes.

use super::Game;
use super::core::{Event, Observer, Status};
use rand::Rng;

/// Plays uniformly random legal decisions until the game ends or no decision
/// is listed (an Enkeshui player left with only the special move). Returns the
/// number of decisions played.
pub fn random_playout<G: Game, R: Rng, O: Observer>(
    game: &mut G,
    rng: &mut R,
    obs: &mut O,
) -> usize {
    let mut played = 0;
    while game.status() == Status::Playing {
        if game.play_random(rng, obs).is_none() {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `draw_below` is rand's `random_range(0..n)`: the same numbers from
    /// the same generator, the rare second word included (large `n`).
    #[test]
    fn draw_below_draws_what_random_range_draws() {
        use rand::{RngCore, SeedableRng, rngs::SmallRng};
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
                let mut a = SmallRng::seed_from_u64(seed);
                let mut b = SmallRng::seed_from_u64(seed);
                for _ in 0..20 {
                    let x = a.random_range(0..n as usize);
                    let y = draw_below(&mut b, n) as usize;
                    assert_eq!(x, y, "seed {seed}, n {n}");
                }
                // Both generators drew as many words.
                assert_eq!(a.next_u64(), b.next_u64(), "seed {seed}, n {n}");
                let mut c = SmallRng::seed_from_u64(seed);
                let first = c.next_u32() as u64 * n as u64;
                seen_second |= (first as u32) > n.wrapping_neg();
            }
        }
        assert!(seen_second, "some draw needed a second word");
    }
}

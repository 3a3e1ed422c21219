//! Random playouts, for benchmarks and property tests.

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

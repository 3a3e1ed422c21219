//! AI seats. Until the built-in AI lands, an AI seat plays a uniformly random
//! legal decision after a short pause. The choice is made on a background
//! thread that posts it as an event, so the screen never freezes.

use super::event::AppEvent;
use crate::engine::Game;
use crate::engine::enkeshui::Enkeshui;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::sync::mpsc::Sender;
use std::time::Duration;

/// Asks for a decision for the side to move; the answer arrives as
/// `AppEvent::Ai { generation, token }` (none when there is no legal decision).
pub fn request(tx: Sender<AppEvent>, game: Enkeshui, generation: u64, seed: u64, pause: Duration) {
    std::thread::spawn(move || {
        let started = std::time::Instant::now();
        let mut rng = SmallRng::seed_from_u64(seed);
        let token = game.random_decision(&mut rng).map(|d| d.to_string());
        let spent = started.elapsed();
        if spent < pause {
            std::thread::sleep(pause - spent);
        }
        if let Some(token) = token {
            let _ = tx.send(AppEvent::Ai { generation, token });
        }
    });
}

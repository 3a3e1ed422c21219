//! AI seats: the built-in AI thinks on a background thread and posts its
//! decision as an event, so the screen never freezes. Each request has a
//! cancel flag; undo, redo, a new game and quitting set it, and the thread
//! then stops thinking at once and posts nothing.

use super::event::AppEvent;
use crate::ai::{self, Level, Player, Request};
use crate::engine::AnyGame;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// The player a seat's level names (`ai:LEVEL`); unknown names play `medium`.
pub fn player(level: &str) -> Player {
    Player::parse(level).unwrap_or(Player::Level(Level::Medium))
}

/// Asks for a decision for the side to move; the answer arrives as
/// `AppEvent::Ai { generation, token }` no sooner than `pause` after the
/// request (none when there is no legal decision or when cancelled).
pub fn request(
    tx: Sender<AppEvent>,
    game: AnyGame,
    generation: u64,
    seed: u64,
    pause: Duration,
    level: &str,
) -> Arc<AtomicBool> {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let player = player(level);
    std::thread::spawn(move || {
        let started = Instant::now();
        let mut req = Request::new(player, seed);
        req.cancel = Some(flag.clone());
        let token = ai::choose_token(&game, &req).map(|c| c.decision);
        while started.elapsed() < pause && !flag.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(10).min(pause));
        }
        if flag.load(Ordering::Relaxed) {
            return;
        }
        if let Some(token) = token {
            let _ = tx.send(AppEvent::Ai { generation, token });
        }
    });
    cancel
}

/// A value for the mover in seeds; a proven win or loss is ±99.
pub fn seeds(v: i32) -> f64 {
    if v.abs() >= ai::WIN / 2 {
        f64::from(v.signum()) * 99.0
    } else {
        f64::from(v) / f64::from(ai::UNIT)
    }
}

/// Asks for a hint for the side to move: the decision a quick `medium`
/// search suggests (same seed every time) and its value in seeds, posted as
/// `AppEvent::Hint` for the position `version`.
pub fn hint(tx: Sender<AppEvent>, game: AnyGame, version: u64) -> Arc<AtomicBool> {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    std::thread::spawn(move || {
        let mut req = Request::new(Player::Level(Level::Medium), 0);
        req.think_ms = Some(150);
        req.cancel = Some(flag.clone());
        let choice = ai::choose_token(&game, &req);
        if flag.load(Ordering::Relaxed) {
            return;
        }
        if let Some(c) = choice {
            let seeds = seeds(c.value.unwrap_or(0));
            let _ = tx.send(AppEvent::Hint {
                version,
                token: c.decision,
                seeds,
            });
        }
    });
    cancel
}

//! AI seats: the built-in AI thinks on a background thread and posts its
//! decision as an event, so the screen never freezes. Each request has a
//! cancel flag; undo, redo, a new game and quitting set it, and the thread
//! then stops thinking at once and posts nothing.

use super::event::AppEvent;
use crate::ai::{self, Player, Request};
use crate::engine::AnyGame;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// Asks for a decision for the side to move; the answer arrives as
/// `AppEvent::Ai { generation, token }` no sooner than `pause` after the
/// request (none when there is no legal decision or when cancelled).
pub fn request(
    tx: Sender<AppEvent>,
    game: AnyGame,
    generation: u64,
    seed: u64,
    pause: Duration,
    player: Player,
    hash_mb: Option<usize>,
) -> Arc<AtomicBool> {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    std::thread::spawn(move || {
        let started = Instant::now();
        let mut req = Request::new(player, seed);
        req.cancel = Some(flag.clone());
        req.hash_mb = hash_mb;
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

/// Every legal decision of the side to move with its value for the mover
/// (evaluation units), best first, at the deepest search completed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub depth: u32,
    pub values: Vec<(String, i32)>,
}

/// How long the analysis thinks about a position.
pub const ANALYSIS_MS: u64 = 400;

/// Searches every root decision with a full window (exact values).
fn analyse_now(game: &AnyGame, depth: Option<u32>, cancel: Arc<AtomicBool>) -> Option<Analysis> {
    fn of<G: ai::Evaluate>(g: &G, limits: &ai::Limits) -> Option<Analysis> {
        let t = ai::think(g, limits)?;
        let mut values: Vec<(String, i32)> =
            t.root.iter().map(|(d, v)| (d.to_string(), *v)).collect();
        // Stable: equal values keep the engine's order of decisions.
        values.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        Some(Analysis {
            depth: t.depth,
            values,
        })
    }
    let limits = ai::Limits {
        max_depth: depth.unwrap_or(64),
        think: depth.is_none().then(|| Duration::from_millis(ANALYSIS_MS)),
        max_nodes: None,
        hash_mb: 8,
        cancel: Some(cancel),
        all_root_values: true,
    };
    match game {
        AnyGame::Enkeshui(g) => of(g, &limits),
        AnyGame::EnGehe(g) => of(g, &limits),
        AnyGame::BaoLaKimasai(g) => of(g, &limits),
    }
}

/// Works out the analysis of a position on a thread; it arrives as
/// `AppEvent::Analysis` for the position `version` (nothing once cancelled).
/// A fixed `depth` searches to that depth whatever the time (reproducible).
pub fn analyse(
    tx: Sender<AppEvent>,
    game: AnyGame,
    version: u64,
    depth: Option<u32>,
) -> Arc<AtomicBool> {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    std::thread::spawn(move || {
        let analysis = analyse_now(&game, depth, flag.clone());
        if flag.load(Ordering::Relaxed) {
            return;
        }
        let analysis = analysis.unwrap_or(Analysis {
            depth: 0,
            values: Vec::new(),
        });
        let _ = tx.send(AppEvent::Analysis { version, analysis });
    });
    cancel
}

//! Engine work off the UI thread. A sowing's legality (exact detection of
//! endless sowings) can take seconds in rare Bao and En Gehé positions, so
//! every decision is played on a worker thread. The UI waits a moment for
//! the answer (nearly always there at once, so a move shows without a flash
//! of "working"); past that it goes on, and the answer arrives as an event.

use crate::engine::{AnyGame, Event};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How long the UI waits for a worker before the answer comes as an event.
pub const WAIT: Duration = Duration::from_millis(40);

/// A decision played: the game after it, its events (for the animation and
/// the log) and, when asked for, the legal decisions of the position it leads to.
#[derive(Clone, Debug)]
pub struct Played {
    pub token: String,
    pub game: AnyGame,
    pub events: Vec<Event>,
    pub legal: Option<Vec<String>>,
}

/// Plays `token` (may be slow): the outcome, or the reason it is refused.
/// `legal`: also work out the legal decisions after it.
pub fn play(game: &AnyGame, token: &str, legal: bool) -> Result<Played, String> {
    let mut next = game.clone();
    let mut events = Vec::new();
    next.play_token(token, &mut events)
        .map_err(|e| format!("{token}: {e}"))?;
    let legal = legal.then(|| next.legal_tokens());
    Ok(Played {
        token: token.to_string(),
        game: next,
        events,
        legal,
    })
}

struct Slot<T> {
    result: Option<T>,
    /// The UI stopped waiting: the worker posts its result instead.
    abandoned: bool,
}

/// Runs `job` on a thread and waits up to `wait` for it: `Some(result)` when
/// it finished in time, else `None` and the worker hands its result to `post`
/// when done. A zero `wait` always posts.
pub fn run_or_post<T: Send + 'static>(
    wait: Duration,
    job: impl FnOnce() -> T + Send + 'static,
    post: impl FnOnce(T) + Send + 'static,
) -> Option<T> {
    let shared = Arc::new((
        Mutex::new(Slot {
            result: None,
            abandoned: wait.is_zero(),
        }),
        Condvar::new(),
    ));
    let theirs = shared.clone();
    std::thread::spawn(move || {
        let result = job();
        let (lock, cv) = &*theirs;
        let mut slot = lock.lock().unwrap_or_else(|e| e.into_inner());
        // Decided under the lock: the UI either takes the result or has given up.
        if slot.abandoned {
            drop(slot);
            post(result);
        } else {
            slot.result = Some(result);
            cv.notify_one();
        }
    });
    if wait.is_zero() {
        return None;
    }
    let (lock, cv) = &*shared;
    let slot = lock.lock().unwrap_or_else(|e| e.into_inner());
    let (mut slot, _) = cv
        .wait_timeout_while(slot, wait, |s| s.result.is_none())
        .unwrap_or_else(|e| e.into_inner());
    let result = slot.result.take();
    if result.is_none() {
        slot.abandoned = true;
    }
    result
}

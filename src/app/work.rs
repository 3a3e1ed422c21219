//! Engine work off the UI thread. A sowing's legality (exact detection of
//! endless sowings) can take seconds in rare Bao and En Gehé positions, so
//! every decision is played on a worker thread, and records are loaded and
//! checked on one. The UI waits a moment for the answer (nearly always there
//! at once, so a move shows without a flash of "working"); past that it goes
//! on, and the answer arrives as an event. Every job can be cancelled and
//! tells how many laps it has checked.

use crate::engine::{AnyGame, Event, MoveError, decide_growing};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How long the UI waits for a worker before the answer comes as an event.
pub const WAIT: Duration = Duration::from_millis(40);

/// What a job shares with the UI: a cancel flag and how far it has got.
#[derive(Debug, Default)]
pub struct Progress {
    cancel: AtomicBool,
    laps: AtomicU64,
    done: AtomicU64,
}

impl Progress {
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Laps checked so far (the sowing being decided).
    pub fn laps(&self) -> u64 {
        self.laps.load(Ordering::Relaxed)
    }

    /// Steps done so far (files read, decisions replayed).
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// The engine's progress callback: records the laps, says whether to go on.
    pub fn lap_report(&self, laps: u64) -> bool {
        self.laps.store(laps, Ordering::Relaxed);
        !self.cancelled()
    }

    pub fn step_done(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
        self.laps.store(0, Ordering::Relaxed);
    }
}

/// The UI's handle on a job: dropping it cancels the job.
#[derive(Debug, Default)]
pub struct Job {
    progress: Arc<Progress>,
}

impl Job {
    pub fn new() -> Job {
        Job::default()
    }

    /// The job's side of the handle, for its thread.
    pub fn progress(&self) -> Arc<Progress> {
        self.progress.clone()
    }

    pub fn laps(&self) -> u64 {
        self.progress.laps()
    }

    pub fn done(&self) -> u64 {
        self.progress.done()
    }

    pub fn cancel(&self) {
        self.progress.cancel.store(true, Ordering::Relaxed);
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// The job was cancelled before it finished.
pub const CANCELLED: &str = "cancelled";

/// A decision played: the game after it, its events (for the animation and
/// the log) and, when asked for, the legal decisions of the position it leads to.
#[derive(Clone, Debug)]
pub struct Played {
    pub token: String,
    pub game: AnyGame,
    pub events: Vec<Event>,
    pub legal: Option<Vec<String>>,
}

/// Plays `token` (may be slow): the outcome, or the reason it is refused
/// (`CANCELLED` once `progress` is cancelled). `legal`: also work out the
/// legal decisions after it.
pub fn play(
    game: &AnyGame,
    token: &str,
    legal: bool,
    progress: &Progress,
) -> Result<Played, String> {
    let mut next = game.clone();
    let events = play_on(&mut next, token, progress).map_err(|e| format!("{token}: {e}"))?;
    let legal = match legal {
        true => Some(legal_of(&next, progress)?),
        false => None,
    };
    Ok(Played {
        token: token.to_string(),
        game: next,
        events,
        legal,
    })
}

/// Plays `token` on `game` (changed only when it is played): its events, or
/// the engine's reason it is refused, or `CANCELLED`. The sowing is decided
/// under growing lap budgets; between them `progress` gets the laps checked
/// and the job stops once cancelled.
pub fn play_on(game: &mut AnyGame, token: &str, progress: &Progress) -> Result<Vec<Event>, String> {
    let attempt = |max_laps: u64| {
        let mut next = game.clone();
        let mut events = Vec::new();
        match next.play_token_within(token, max_laps, &mut events) {
            Ok(()) => Ok(Ok((next, events))),
            Err(MoveError::Undecided(u)) => Err(u),
            Err(e) => Ok(Err(e.to_string())),
        }
    };
    match decide_growing(attempt, |laps| progress.lap_report(laps)) {
        None => Err(CANCELLED.into()),
        Some(Ok((next, events))) => {
            *game = next;
            Ok(events)
        }
        Some(Err(e)) => Err(e),
    }
}

/// The legal decisions of `game`, or `CANCELLED` (decided as [`play_on`] does).
pub fn legal_of(game: &AnyGame, progress: &Progress) -> Result<Vec<String>, String> {
    decide_growing(
        |max_laps| game.legal_tokens_checked(max_laps),
        |laps| progress.lap_report(laps),
    )
    .ok_or_else(|| CANCELLED.to_string())
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

//! Playing decisions as a job does it. A sowing's legality (exact detection
//! of endless sowings) can take seconds in rare Bao and En Gehé positions, so
//! every decision is played in a job (`super::job`), and records are loaded
//! and checked in one. Every step here can be cancelled and tells how many
//! laps it has checked.

use super::job::Progress;
use crate::engine::{AnyDecision, AnyGame, Event, MoveError, decide_growing};

/// Why a decision was not played (nor its legal decisions after it worked out).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The job was cancelled before it finished.
    #[error("cancelled")]
    Cancelled,
    /// The engine refuses the decision, for this reason.
    #[error("{0}")]
    Refused(MoveError),
}

/// A decision played: the game after it, its events (for the animation and
/// the log) and, when asked for, the legal decisions of the position it leads to.
#[derive(Clone, Debug)]
pub struct Played {
    pub decision: AnyDecision,
    pub game: AnyGame,
    pub events: Vec<Event>,
    pub legal: Option<Vec<String>>,
}

/// Plays `decision` (may be slow): the outcome, or the reason it is refused
/// (`Cancelled` once `progress` is cancelled). `legal`: also work out the
/// legal decisions after it.
pub fn play(
    game: &AnyGame,
    decision: &AnyDecision,
    legal: bool,
    progress: &Progress,
) -> Result<Played, PlayError> {
    let mut next = game.clone();
    let events = play_on(&mut next, decision, progress)?;
    let legal = match legal {
        true => Some(legal_of(&next, progress)?),
        false => None,
    };
    Ok(Played {
        decision: decision.clone(),
        game: next,
        events,
        legal,
    })
}

/// Plays `decision` on `game` (changed only when it is played): its events, or
/// the engine's reason it is refused, or `Cancelled`. The sowing is decided
/// under growing lap budgets; between them `progress` gets the laps checked
/// and the job stops once cancelled.
pub fn play_on(
    game: &mut AnyGame,
    decision: &AnyDecision,
    progress: &Progress,
) -> Result<Vec<Event>, PlayError> {
    let attempt = |max_laps: u64| {
        let mut next = game.clone();
        let mut events = Vec::new();
        match next.play_decision_within(decision, max_laps, &mut events) {
            Ok(()) => Ok(Ok((next, events))),
            Err(MoveError::Undecided(u)) => Err(u),
            Err(e) => Ok(Err(PlayError::Refused(e))),
        }
    };
    match decide_growing(attempt, |laps| progress.lap_report(laps)) {
        None => Err(PlayError::Cancelled),
        Some(Ok((next, events))) => {
            *game = next;
            Ok(events)
        }
        Some(Err(e)) => Err(e),
    }
}

/// The legal decisions of `game`, or `Cancelled` (decided as [`play_on`] does).
pub fn legal_of(game: &AnyGame, progress: &Progress) -> Result<Vec<String>, PlayError> {
    decide_growing(
        |max_laps| game.legal_tokens_checked(max_laps),
        |laps| progress.lap_report(laps),
    )
    .ok_or(PlayError::Cancelled)
}

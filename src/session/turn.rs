//! What the turn cycle hands the front ends: what comes next (a prompt,
//! the AI seat's job, the race, the end), the jobs that work a decision out
//! on any thread and their answers, and what applying one did.

use super::Turn;
use super::job::Progress;
use super::seat::{SeatRequest, seat_play};
use super::setup::Seat;
use super::work::{self, PlayError, Played};
use crate::ai::Player;
use crate::engine::AnyGame;
use crate::engine::enkeshui::play_match::MatchResult;
use crate::engine::{AnyDecision, MoveError, Outcome, PerSide, Side};
use std::path::Path;
use std::time::Duration;

/// What the session waits for now.
#[derive(Clone, Debug, PartialEq)]
pub enum Ask {
    /// The race for the first move is on (Enkeshui).
    Race,
    /// A person's decision for this side (`pending`: a direction inside a turn).
    Person(Side),
    /// The AI seat of this side: hand out [`Session::ai_job`](super::Session::ai_job).
    Ai(Side, Player),
    /// The game is over.
    Over(Outcome),
}

/// What comes next, as the session drives the game ([`Session::what_next`](super::Session::what_next)):
/// every front end shows it and asks for input; none decides on its own
/// that a game or a match ended.
#[derive(Debug)]
pub enum Next {
    /// The race for the first move is on (Enkeshui).
    Race,
    /// A person decides for this side (a direction inside a turn when the
    /// position has one pending).
    Prompt(Side),
    /// The AI seat of this side decides: run `job` on any thread and give
    /// its answer to [`Session::apply`](super::Session::apply).
    Ai {
        side: Side,
        player: Player,
        job: Box<AiJob>,
    },
    /// The game is over.
    End(End),
}

/// A game's end as the session reports it.
#[derive(Clone, Debug)]
pub struct End {
    pub outcome: Outcome,
    /// What follows it.
    pub then: AfterGame,
    /// The first report of this end (not again until the game changes):
    /// tell it and save.
    pub fresh: bool,
    /// The game to count in the statistics, handed out once per game (undo
    /// or not): write it off the UI thread ([`Count::write`]).
    pub count: Option<Box<Count>>,
}

/// What follows a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfterGame {
    /// A single game: a new one is a new match.
    Nothing,
    /// The match goes on: game `game` starts from these stocks when the
    /// front end asks ([`Session::next_game`](super::Session::next_game)).
    NextGame { game: usize, stock: PerSide<u32> },
    /// The match is over: who won, and why.
    MatchOver(MatchResult),
}

/// The work of one decision, to run on any thread; its answer goes to
/// [`Session::apply`](super::Session::apply).
#[derive(Clone, Debug)]
pub struct DecideJob {
    pub(super) game: AnyGame,
    /// The decision, or the words given that are none (and why).
    pub(super) asked: Result<AnyDecision, (String, MoveError)>,
    pub(super) version: u64,
    pub(super) legal: bool,
}

impl DecideJob {
    /// Also works out the legal decisions after it (the client's cursor
    /// and hints need them, and the UI thread never runs the engine's legality).
    pub fn with_legal(mut self) -> DecideJob {
        self.legal = true;
        self
    }

    /// Plays the decision on a copy (may be slow; cancellable through `progress`).
    pub fn run(self, progress: &Progress) -> Decided {
        let (decision, result) = match self.asked {
            Ok(d) => {
                let result = work::play(&self.game, &d, self.legal, progress);
                (Ok(d), result)
            }
            Err((words, e)) => (Err(words), Err(PlayError::Refused(e))),
        };
        Decided {
            version: self.version,
            decision,
            result,
        }
    }
}

/// A decision worked out: played, or refused with the engine's reason.
#[derive(Clone, Debug)]
pub struct Decided {
    pub(super) version: u64,
    /// The decision asked for (the AI's: the one it chose); `Err`: the
    /// words a person gave, which are no decision of this game (`result`
    /// says why).
    pub decision: Result<AnyDecision, String>,
    pub result: Result<Played, PlayError>,
}

impl Decided {
    /// The version of the position it was worked out for.
    pub fn version(&self) -> u64 {
        self.version
    }
}

/// The AI seat's search and its decision played, to run on any thread; its
/// answer goes to [`Session::apply`](super::Session::apply) as a person's does. The search's
/// decision stays typed: it is played once, in this job, never read back
/// from a token.
#[derive(Clone, Debug)]
pub struct AiJob {
    pub(super) game: AnyGame,
    pub(super) seat: SeatRequest,
    pub(super) pause: Duration,
    pub version: u64,
    pub(super) legal: bool,
}

impl AiJob {
    /// Also works out the legal decisions after it (as [`DecideJob::with_legal`]).
    pub fn with_legal(mut self) -> AiJob {
        self.legal = true;
        self
    }

    /// The seat's decision, played (None: cancelled, or no legal decision).
    pub fn run(self, progress: &Progress) -> Option<Decided> {
        let (decision, result) =
            seat_play(&self.game, self.seat, self.pause, self.legal, progress)?;
        Some(Decided {
            version: self.version,
            decision: Ok(decision),
            result,
        })
    }
}

/// What applying a decision did, and what the front end should do now.
#[derive(Debug)]
pub struct Applied {
    pub turn: Turn,
    /// The game ended with it.
    pub over: Option<Outcome>,
    /// The record changed: save it now (the autosave point).
    pub save: bool,
}

/// Why a decision was not taken into the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The engine's reason ("5: hole 5 is empty").
    Rule {
        /// The decision refused.
        token: String,
        /// Why.
        reason: PlayError,
    },
    /// The answer is for a position no longer shown (undone meanwhile).
    Stale,
    /// The race is still on.
    Racing,
}

/// A decision as a player reads it: a hole or a direction as written
/// (`5`, `i3`, `cw`), the special move in words ("the special move lifting
/// holes 3 and 4") instead of its notation (`x3,4=0,0,4,4,0,0,0,0`).
pub fn decision_words(token: &str) -> String {
    let Some((lifted, counts)) = token.strip_prefix('x').and_then(|t| t.split_once('=')) else {
        return token.to_string();
    };
    let holes: Vec<&str> = lifted.split(',').collect();
    let counts = counts.replace(',', " ");
    match holes.as_slice() {
        [a, b] => format!("the special move lifting holes {a} and {b}, your row then {counts}"),
        _ => format!("the special move, your row then {counts}"),
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // The special move's reasons name it already: its notation
            // would only hide them.
            Refused::Rule { token, reason } if token.starts_with('x') => write!(f, "{reason}"),
            Refused::Rule { token, reason } => write!(f, "{token}: {reason}"),
            Refused::Stale => f.write_str("the position changed meanwhile"),
            Refused::Racing => f.write_str("the race for the first move is still on"),
        }
    }
}

/// What comes after a finished game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextGame {
    /// The next game started; each side's stock carried over.
    Started { game: usize, stock: PerSide<u32> },
    /// The match is over: who won, and why.
    MatchOver(MatchResult),
    /// Not a match, or the game is not over.
    None,
}

/// A finished game to count in the statistics, taken from its session.
#[derive(Clone, Debug)]
pub struct Count {
    pub(super) game: AnyGame,
    pub(super) south: Seat,
    pub(super) north: Seat,
}

impl Count {
    /// Adds the game to the statistics of `dir` (under their lock: this may
    /// wait for another program): the player's record against that level
    /// now, or why it was not saved.
    pub fn write(
        &self,
        dir: &Path,
        now_secs: u64,
    ) -> Option<Result<Vec<String>, crate::stats::StatsError>> {
        crate::stats::count_game(dir, &self.game, &self.south, &self.north, now_secs)
    }
}

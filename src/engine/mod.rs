//! The rules engine: pure game logic with no I/O, no terminal and no global state.
//!
//! `core` holds what every game shares (sowing, relay, cycle detection, events),
//! then one module per game, all behind the [`Game`] trait, and [`AnyGame`] to
//! hold any of them.

pub mod any;
pub mod bao;
pub mod core;
pub mod en_gehe;
pub mod enkeshui;
pub mod playout;
pub mod position;
pub mod side;

pub use self::any::{AnyGame, GameKind};
pub use self::core::{
    Direction, EndReason, Event, Observer, Outcome, Quiet, Status, Undecided, decide_growing,
};
pub use self::side::{PerSide, Side};

use serde::Serialize;
use std::fmt;

/// A decision refused by the engine; the game is left as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    GameOver,
    /// The text is not a decision of this game.
    BadToken(String),
    NoSuchHole(String),
    EmptyHole(String),
    BullHole(String),
    ClosedHole(String),
    /// The sowing would never end.
    Endless(String),
    /// A direction (`cw`/`ccw`) is asked for, or was given when none is asked.
    WrongDecision(String),
    /// The direction's lap would come back to a choice already met this turn.
    Repeats(String),
    Special(String),
    /// Deciding whether the sowing ends needs more laps than the budget given
    /// (`play_within`); nothing was played.
    Undecided(Undecided),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::GameOver => f.write_str("the game is over"),
            MoveError::BadToken(s)
            | MoveError::NoSuchHole(s)
            | MoveError::EmptyHole(s)
            | MoveError::BullHole(s)
            | MoveError::ClosedHole(s)
            | MoveError::Endless(s)
            | MoveError::WrongDecision(s)
            | MoveError::Repeats(s)
            | MoveError::Special(s) => f.write_str(s),
            MoveError::Undecided(u) => write!(f, "the sowing was {u}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// A hole named the way players and the notation name it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HoleName {
    pub side: Side,
    /// `"3"` in two-row games, `"i3"`/`"o3"` in Bao la Kimasai.
    pub hole: serde_json::Value,
}

/// The decision the mover is asked for in the middle of a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pending {
    pub decision: &'static str,
    pub lifted_from: HoleName,
    pub in_hand: u32,
    pub lap: u32,
    pub options: Vec<String>,
}

/// One game's rules behind a common interface.
pub trait Game: Clone + Send + 'static {
    type Decision: Clone + PartialEq + fmt::Debug + fmt::Display + Send;

    fn kind(&self) -> GameKind;
    fn to_move(&self) -> Side;
    fn status(&self) -> Status;
    /// The number of the turn being played, from 1.
    fn turn(&self) -> u32;
    /// Every decision that may be played now, in notation order. Empty when the
    /// game is over. Never lists combinatorial extras (the Enkeshui special move).
    fn legal(&self) -> Vec<Self::Decision>;
    /// The legal decisions whose sowing is known to end within `max_laps`
    /// laps: a subset of `legal` that never waits on the rare sowings whose
    /// endlessness takes millions of laps to decide (for the AI's search).
    fn legal_within(&self, max_laps: u64) -> Vec<Self::Decision> {
        let _ = max_laps;
        self.legal()
    }
    /// Every legal decision (as `legal`), or Err when some candidate's sowing is not decided
    /// within max_laps laps.
    fn legal_checked(&self, max_laps: u64) -> Result<Vec<Self::Decision>, Undecided>;
    /// A uniformly random legal decision (`None` when `legal` is empty).
    /// Games override this to avoid computing the whole list.
    fn random_decision<R: rand::Rng>(&self, rng: &mut R) -> Option<Self::Decision> {
        let moves = self.legal();
        if moves.is_empty() {
            None
        } else {
            Some(moves[rng.random_range(0..moves.len())].clone())
        }
    }
    /// Plays a uniformly random legal decision and returns it. Games override
    /// this to check and play a candidate in one pass.
    fn play_random<R: rand::Rng, O: Observer>(
        &mut self,
        rng: &mut R,
        obs: &mut O,
    ) -> Option<Self::Decision> {
        let d = self.random_decision(rng)?;
        self.play(&d, obs)
            .expect("a random legal decision is playable");
        Some(d)
    }
    /// Reads a decision token. Does not check that it is legal.
    fn parse_decision(&self, token: &str) -> Result<Self::Decision, MoveError>;
    /// Plays one decision, telling `obs` what happens. On error nothing changes
    /// and `obs` has been told nothing.
    fn play<O: Observer>(
        &mut self,
        decision: &Self::Decision,
        obs: &mut O,
    ) -> Result<(), MoveError>;
    /// `play`, but when deciding whether the sowing ends needs more than max_laps laps, refuses with
    /// MoveError::Undecided and changes nothing. (The start-of-turn test of
    /// the next position, which looks for a sowing that ends, is under the same
    /// budget.)
    fn play_within<O: Observer>(
        &mut self,
        decision: &Self::Decision,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), MoveError>;
    /// The decision asked for inside a turn, if any.
    fn pending(&self) -> Option<Pending>;
    /// Is the mover inside a turn (a decision pending)? Cheaper than `pending`.
    fn in_turn(&self) -> bool {
        self.pending().is_some()
    }
    /// The position JSON of NOTATION.md.
    fn position_json(&self) -> serde_json::Value;
    /// Seeds in play plus seeds captured: constant over a game.
    fn total_seeds(&self) -> u32;
    /// Name of a board index as players see it.
    fn hole_name(&self, index: usize) -> HoleName;
    /// A 64-bit hash of everything that decides the game's future from here
    /// (board, stores, side to move, the pending decision), for the AI's
    /// transposition table. Equal states must hash equal. The default hashes
    /// the `state` JSON; games override it with something faster.
    fn hash_key(&self) -> u64 {
        let mut text = self.position_json().to_string();
        if let Some(p) = self.pending() {
            text.push_str(&serde_json::to_string(&p).unwrap_or_default());
        }
        text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
        })
    }
}

/// Mixes a value into a running hash (splitmix64 finaliser).
#[inline]
pub fn mix_hash(h: u64, v: u64) -> u64 {
    let mut z = (h ^ v).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Counts decision sequences of exactly `depth` decisions (perft).
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for m in &moves {
        let mut next = game.clone();
        next.play(m, &mut Quiet)
            .expect("a legal decision must be playable");
        total += perft(&next, depth - 1);
    }
    total
}

//! Any of the three games behind one type, speaking decision tokens.

use super::bao::Bao;
use super::core::{Observer, Quiet, Status, Undecided};
use super::en_gehe::EnGehe;
use super::enkeshui::Enkeshui;
use super::kind::GameKind;
use super::position::{Fields, PositionError, PositionErrorKind};
use super::side::{PerSide, Side};
use super::{AnyDecision, Game, MoveError, Pending, PerftError, perft_until};
use crate::engine::PositionJson;
use serde_json::{Value, json};
use std::fmt;

/// A game of any kind.
#[derive(Debug)]
pub enum AnyGame {
    /// An Enkeshui game.
    Enkeshui(Enkeshui),
    /// A Bao la Kimasai game.
    BaoLaKimasai(Bao),
    /// An En Gehé game.
    EnGehe(EnGehe),
}

/// `clone_from` between games of the same kind keeps the memory of the
/// game it overwrites where that game's own `clone_from` does (the arena
/// starts every game from a copy of the same start).
impl Clone for AnyGame {
    fn clone(&self) -> AnyGame {
        match self {
            AnyGame::Enkeshui(g) => AnyGame::Enkeshui(g.clone()),
            AnyGame::BaoLaKimasai(g) => AnyGame::BaoLaKimasai(g.clone()),
            AnyGame::EnGehe(g) => AnyGame::EnGehe(g.clone()),
        }
    }

    fn clone_from(&mut self, source: &AnyGame) {
        match (self, source) {
            (AnyGame::Enkeshui(g), AnyGame::Enkeshui(s)) => g.clone_from(s),
            (AnyGame::BaoLaKimasai(g), AnyGame::BaoLaKimasai(s)) => g.clone_from(s),
            (AnyGame::EnGehe(g), AnyGame::EnGehe(s)) => g.clone_from(s),
            (this, _) => *this = source.clone(),
        }
    }
}

macro_rules! dispatch {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Enkeshui($g) => $body,
            AnyGame::BaoLaKimasai($g) => $body,
            AnyGame::EnGehe($g) => $body,
        }
    };
}

/// A refused token in a list of decisions: its place (from 1), text and reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenError {
    /// Its place in the list, from 1.
    pub index: usize,
    /// The token as given.
    pub token: String,
    /// Why it was refused.
    pub error: MoveError,
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.index, self.token, self.error)
    }
}

impl From<Enkeshui> for AnyGame {
    fn from(g: Enkeshui) -> AnyGame {
        AnyGame::Enkeshui(g)
    }
}

impl From<EnGehe> for AnyGame {
    fn from(g: EnGehe) -> AnyGame {
        AnyGame::EnGehe(g)
    }
}

impl From<Bao> for AnyGame {
    fn from(g: Bao) -> AnyGame {
        AnyGame::BaoLaKimasai(g)
    }
}

impl AnyGame {
    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        dispatch!(self, g => g.kind())
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        dispatch!(self, g => g.to_move())
    }

    /// Playing, or over with its outcome.
    pub fn status(&self) -> Status {
        dispatch!(self, g => g.status())
    }

    /// The number of the turn being played, from 1.
    pub fn turn(&self) -> u32 {
        dispatch!(self, g => g.turn())
    }

    /// The decision asked for inside a turn, if any.
    pub fn pending(&self) -> Option<Pending> {
        dispatch!(self, g => g.pending())
    }

    /// Each side's score: the result's once over, else as if the game
    /// ended now by the safety rules.
    pub fn score(&self) -> PerSide<u32> {
        dispatch!(self, g => g.score())
    }

    /// Seeds in play plus seeds captured: constant over a game.
    pub fn total_seeds(&self) -> u32 {
        dispatch!(self, g => g.total_seeds())
    }

    /// The legal decisions as tokens; `special` last when a special move is open.
    pub fn legal_tokens(&self) -> Vec<String> {
        let mut tokens: Vec<String> =
            dispatch!(self, g => g.legal().iter().map(|d| d.to_string()).collect());
        if let AnyGame::Enkeshui(g) = self
            && g.special_allowed()
        {
            tokens.push("special".into());
        }
        tokens
    }

    /// [`AnyGame::legal_tokens`], or `Err` when some candidate's sowing is
    /// not decided within `max_laps` laps (run it under
    /// [`super::decide_growing`] to be exact and cancellable).
    pub fn legal_tokens_checked(&self, max_laps: u64) -> Result<Vec<String>, Undecided> {
        let mut tokens: Vec<String> = dispatch!(self, g => g
            .legal_checked(max_laps)?
            .iter()
            .map(|d| d.to_string())
            .collect());
        if let AnyGame::Enkeshui(g) = self
            && g.special_allowed()
        {
            tokens.push("special".into());
        }
        Ok(tokens)
    }

    /// Reads a token as a decision of this game (its legality is not
    /// checked): a token of another game's shape is refused in this game's words.
    pub fn decision(&self, token: &str) -> Result<AnyDecision, MoveError> {
        dispatch!(self, g => g.parse_decision(token).map(AnyDecision::from))
    }

    /// The legal decisions, in notation order (never the special move).
    pub fn legal_decisions(&self) -> Vec<AnyDecision> {
        dispatch!(self, g => g.legal().into_iter().map(AnyDecision::from).collect())
    }

    /// Plays a decision, as [`AnyGame::play_token`] plays its token.
    pub fn play_decision<O: Observer>(
        &mut self,
        decision: &AnyDecision,
        obs: &mut O,
    ) -> Result<(), MoveError> {
        self.play_decision_within(decision, u64::MAX, obs)
    }

    /// [`AnyGame::play_decision`] under a lap budget, as
    /// [`AnyGame::play_token_within`].
    pub fn play_decision_within<O: Observer>(
        &mut self,
        decision: &AnyDecision,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), MoveError> {
        fn play<G: Game, O: Observer>(
            g: &mut G,
            d: Option<G::Decision>,
            token: impl FnOnce() -> String,
            max_laps: u64,
            obs: &mut O,
        ) -> Result<(), MoveError> {
            // Another game's decision goes as its token would: refused in
            // this game's words.
            let d = match d {
                Some(d) => d,
                None => g.parse_decision(&token())?,
            };
            if max_laps == u64::MAX {
                g.play(&d, obs)
            } else {
                g.play_within(&d, max_laps, obs)
            }
        }
        let token = || decision.to_string();
        match self {
            AnyGame::Enkeshui(g) => play(g, decision.clone().enkeshui(), token, max_laps, obs),
            AnyGame::EnGehe(g) => play(g, decision.clone().en_gehe(), token, max_laps, obs),
            AnyGame::BaoLaKimasai(g) => play(g, decision.clone().bao(), token, max_laps, obs),
        }
    }

    /// [`AnyGame::play_token`] under a lap budget: `MoveError::Undecided`
    /// (and nothing changed) when the sowing, or the next start-of-turn
    /// test, is not decided within `max_laps` laps.
    pub fn play_token_within<O: Observer>(
        &mut self,
        token: &str,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), MoveError> {
        dispatch!(self, g => {
            let d = g.parse_decision(token)?;
            g.play_within(&d, max_laps, obs)
        })
    }

    /// Plays one decision token.
    pub fn play_token<O: Observer>(&mut self, token: &str, obs: &mut O) -> Result<(), MoveError> {
        dispatch!(self, g => {
            let d = g.parse_decision(token)?;
            g.play(&d, obs)
        })
    }

    /// Plays decisions in order; on the first refused one nothing is changed.
    pub fn play_tokens<S: AsRef<str>>(&mut self, tokens: &[S]) -> Result<(), TokenError> {
        let mut next = self.clone();
        for (i, token) in tokens.iter().enumerate() {
            next.play_token(token.as_ref(), &mut Quiet)
                .map_err(|error| TokenError {
                    index: i + 1,
                    token: token.as_ref().to_string(),
                    error,
                })?;
        }
        *self = next;
        Ok(())
    }

    /// [`super::perft_until`] on this game.
    pub fn perft_until(&self, depth: u32, stopped: &impl Fn() -> bool) -> Result<u64, PerftError> {
        dispatch!(self, g => perft_until(g, depth, stopped))
    }

    /// The position JSON of NOTATION.md.
    pub fn position_json(&self) -> Value {
        dispatch!(self, g => g.position_json())
    }

    /// The `state` answer: the position plus status, result and pending.
    pub fn state_json(&self) -> Value {
        let mut v = self.position_json();
        let obj = v.as_object_mut().expect("positions are objects");
        match self.status() {
            Status::Playing => {
                obj.insert("status".into(), json!("playing"));
            }
            Status::Over(o) => {
                obj.insert("status".into(), json!("over"));
                obj.insert(
                    "result".into(),
                    json!({"winner": o.winner, "score": o.score, "reason": o.reason}),
                );
            }
        }
        if let Some(p) = self.pending() {
            obj.insert(
                "pending".into(),
                serde_json::to_value(p).expect("serialisable"),
            );
        }
        v
    }

    /// Reads a position JSON of any game.
    pub fn from_position(value: &Value) -> Result<AnyGame, PositionError> {
        let f = Fields::new(value)?;
        let name = f.str("game")?;
        match GameKind::parse(name) {
            Some(GameKind::Enkeshui) => Ok(AnyGame::Enkeshui(Enkeshui::from_position(value)?)),
            Some(GameKind::BaoLaKimasai) => Ok(AnyGame::BaoLaKimasai(Bao::from_position(value)?)),
            Some(GameKind::EnGehe) => Ok(AnyGame::EnGehe(EnGehe::from_position(value)?)),
            None => Err(PositionError::new(
                "game",
                PositionErrorKind::UnknownGame(name.into()),
            )),
        }
    }
}

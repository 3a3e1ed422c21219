//! Game records (save files): the JSON of NOTATION.md's last paragraph.
//!
//! A record holds the game, its variant and rule flags, the seats, and for
//! each game played (one, or each game of an Enkeshui match) its start
//! position, the starting race (hole and exact order of drops) if there was
//! one, every decision in order and the result. Reading a record checks
//! everything and replays every decision through the engine, so a record that
//! loads is a game that was legally played. Depends on the engine only.

mod disk;
mod options;
pub mod print;

pub use options::{GameOptions, RaceMode, RunOptions, Variant};

use crate::engine::PositionJson;
use crate::engine::enkeshui::play_match::{self, MatchResult, Next};
use crate::engine::enkeshui::race::Race;
use crate::engine::enkeshui::{Enkeshui, Layout};
use crate::engine::position::{Fields, PositionError};
use crate::engine::{AnyGame, GameKind, Outcome, PerSide, Quiet, Side, Status};
use crate::text::excerpt;
use disk::write_json;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::fmt;

/// The format tag every record starts with.
pub const FORMAT: &str = "masai-mancala-record";
/// The newest version this program writes and reads.
pub const VERSION: u64 = 1;

/// The starting race of a game: the racers' hole and who dropped each seed, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a race {hole, drops} or null")]
pub struct RaceRecord {
    /// The racers' hole, 1 to the row's length, each from his own left.
    pub hole: usize,
    /// Who dropped each seed of the race, in order.
    #[serde(deserialize_with = "disk::drops")]
    pub drops: Vec<Side>,
}

/// One game: where it started, its race, its decisions and how it ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a game {start, race, decisions, result}"
)]
pub struct GameRecord {
    /// The position JSON before the race (or before the first turn).
    #[serde(deserialize_with = "disk::start")]
    pub start: Value,
    /// The starting race, if there was one.
    #[serde(default)]
    pub race: Option<RaceRecord>,
    /// Every decision's token, in order.
    #[serde(deserialize_with = "disk::decisions")]
    pub decisions: Vec<String>,
    /// `None` while the game is unfinished.
    #[serde(deserialize_with = "disk::result")]
    pub result: Option<Outcome>,
}

/// A saved game (or match).
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Which game, its board and rule flags (the file's `game`, `variant`
    /// and `rules`), and how the client ran it (`options`: free of rules,
    /// never replayed).
    pub options: GameOptions,
    /// "human", "ai" or "ai:LEVEL" per side.
    pub seats: PerSide<String>,
    /// One game, or each game of a match in order (the last may be unfinished).
    pub games: Vec<GameRecord>,
}

/// A record refused: the field or the decision at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A field refused: `decisions[2]`, `start.south`, `games[1].race.hole`
    /// (`at` empty: the file as a whole).
    #[error("{}", at_message(at, message))]
    Field {
        /// The field's path (empty: the whole file).
        at: String,
        /// What is wrong with it.
        message: String,
    },
    /// A decision the engine refused, numbered from 1, with its game's
    /// number from 1 when the record holds several.
    #[error("{}decision {number} '{}': {why}", game.map(|g| format!("game {g}, ")).unwrap_or_default(), excerpt(token))]
    Decision {
        /// The game's number from 1 (`None`: a record of one game).
        game: Option<usize>,
        /// The decision's number in its game, from 1.
        number: usize,
        /// The decision as written in the record.
        token: String,
        /// Why the engine refused it.
        why: String,
    },
}

fn at_message(at: &str, message: &str) -> String {
    if at.is_empty() {
        message.to_string()
    } else {
        format!("{at}: {message}")
    }
}

impl RecordError {
    fn new(at: impl Into<String>, message: impl Into<String>) -> RecordError {
        RecordError::Field {
            at: at.into(),
            message: message.into(),
        }
    }

    fn from_position(prefix: &str, e: PositionError) -> RecordError {
        let at = if e.field.is_empty() {
            prefix.to_string()
        } else if prefix.is_empty() {
            e.field.to_string()
        } else {
            format!("{prefix}.{}", e.field)
        };
        RecordError::new(at, e.kind.to_string())
    }
}

pub(super) type RResult<T> = Result<T, RecordError>;

/// One game of a record after replaying it.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The start position as read.
    pub start: AnyGame,
    /// The game as the first turn found it (after the race).
    pub begin: AnyGame,
    /// Who slept first in the race.
    pub race_first: Option<Side>,
    /// The game after every decision.
    pub end: AnyGame,
}

/// A record that loaded: every game replayed.
#[derive(Clone, Debug)]
pub struct Checked {
    /// Each game of the record, replayed, in order.
    pub games: Vec<Replayed>,
    /// In a match whose last game is over: the match is over, and how.
    pub match_over: Option<MatchResult>,
}

impl Checked {
    /// The game being played (or the last one played).
    pub fn last(&self) -> &Replayed {
        self.games.last().expect("a record has a game")
    }

    /// Is it over: the game over, or, in a match, the match over?
    pub fn is_finished(&self) -> bool {
        let over = self.last().end.status().is_over();
        match self.match_over {
            Some(_) => true,
            None => over && !self.is_match(),
        }
    }

    fn is_match(&self) -> bool {
        self.games.len() > 1 || self.match_over.is_some()
    }
}

fn outcome_json(o: &Outcome) -> Value {
    json!({"winner": o.winner, "score": o.score, "reason": o.reason})
}

impl Record {
    /// Which game.
    pub fn kind(&self) -> GameKind {
        self.options.variant.kind()
    }

    /// The board and rule flags.
    pub fn variant(&self) -> &Variant {
        &self.options.variant
    }

    /// Is this a match (`rules.match`)?
    pub fn is_match(&self) -> bool {
        self.options.variant.is_match()
    }

    /// The record as JSON, fields in the documented order.
    pub fn to_json(&self) -> Value {
        disk::to_json(self)
    }

    /// The record as the text written to a file: JSON, indented, with short
    /// objects and every array of numbers or tokens on one line.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        write_json(&self.to_json(), 0, &mut s);
        s.push('\n');
        s
    }

    /// The position before decision `n` (from 1, counted over the whole
    /// record, a match's games one after another); one past the last
    /// decision gives the final position. The error says what the record holds.
    pub fn position_before(&self, checked: &Checked, n: usize) -> Result<AnyGame, String> {
        let total: usize = self.games.iter().map(|g| g.decisions.len()).sum();
        if n == 0 || n > total + 1 {
            return Err(format!(
                "there is no decision {n}: the record holds {total} (1 to {total}; {} is the final position)",
                total + 1
            ));
        }
        let mut left = n - 1;
        for (g, replayed) in self.games.iter().zip(&checked.games) {
            let last = std::ptr::eq(g, self.games.last().expect("a record has a game"));
            if left < g.decisions.len() || (last && left == g.decisions.len()) {
                let mut game = replayed.begin.clone();
                for token in &g.decisions[..left] {
                    game.play_token(token, &mut Quiet)
                        .map_err(|e| format!("decision {token}: {e}"))?;
                }
                return Ok(game);
            }
            left -= g.decisions.len();
        }
        unreachable!("n is within the record's decisions")
    }

    /// Reads and checks a record: every field, then every game replayed.
    pub fn from_json(value: &Value) -> RResult<(Record, Checked)> {
        let record = Record::parse(value)?;
        let checked = record.check()?;
        Ok((record, checked))
    }

    /// Reads the fields of a record without replaying it: a refusal names
    /// the field (`games[1].race.hole`, `decisions[2]`).
    pub fn parse(value: &Value) -> RResult<Record> {
        disk::parse(value)
    }

    /// Replays every game of a parsed record through the engine.
    pub fn check(&self) -> RResult<Checked> {
        self.check_with(&mut |_, game, token| game.play_token(token, &mut Quiet).map(drop))
    }

    /// [`Record::check`] with the decisions played by `play(game index, game,
    /// token)`: the client plays them on a worker that can be cancelled and
    /// keeps what each one did.
    pub fn check_with<E: fmt::Display>(
        &self,
        play: &mut dyn FnMut(usize, &mut AnyGame, &str) -> Result<(), E>,
    ) -> RResult<Checked> {
        let mut out: Vec<Replayed> = Vec::new();
        let many = self.games.len() > 1 || self.is_match();
        let mut match_over = None;
        // Each finished game's score: the next game's stock.
        let mut scores: Vec<PerSide<u32>> = Vec::new();
        for (i, g) in self.games.iter().enumerate() {
            let prefix = if self.is_match() {
                format!("games[{i}].")
            } else {
                String::new()
            };
            let game = many.then_some(i + 1);
            let start = AnyGame::from_position(&g.start)
                .map_err(|e| RecordError::from_position(&format!("{prefix}start"), e))?;
            if start.kind() != self.kind() {
                return Err(RecordError::new(
                    format!("{prefix}start.game"),
                    format!("{} but the record is {}", start.kind(), self.kind()),
                ));
            }
            self.check_start(&start, &prefix)?;
            let start_rules = g
                .start
                .get("rules")
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default();
            let rules = self.options.variant.rules_json();
            if start_rules != rules {
                return Err(RecordError::new(
                    "rules",
                    format!(
                        "{} differs from the start position's {}",
                        Value::Object(rules),
                        Value::Object(start_rules)
                    ),
                ));
            }
            if let Some(prev) = out.last() {
                let Status::Over(o) = prev.end.status() else {
                    return Err(RecordError::new(
                        format!("games[{}]", i - 1),
                        format!("game {i} is unfinished but another game follows"),
                    ));
                };
                // A repeated carry-over or the match's number of games ends
                // a match only since records say so: a record written before
                // played on, and its games still give each next one.
                match self.carry_over(o.score)? {
                    Ok(expected) => {
                        let expected = AnyGame::Enkeshui(expected);
                        if expected.position_json() != start.position_json() {
                            return Err(RecordError::new(
                                format!("{prefix}start"),
                                format!("not the position the match gives after game {i}"),
                            ));
                        }
                    }
                    Err(_) => {
                        return Err(RecordError::new(
                            format!("games[{i}]"),
                            format!("the match ended after game {i}"),
                        ));
                    }
                }
            }
            let (begin, race_first) = match &g.race {
                None => (start.clone(), None),
                Some(r) => {
                    let (game, first) = run_race(&g.start, r, &prefix)?;
                    (AnyGame::Enkeshui(game), Some(first))
                }
            };
            let mut end = begin.clone();
            for (k, token) in g.decisions.iter().enumerate() {
                play(i, &mut end, token).map_err(|e| RecordError::Decision {
                    game,
                    number: k + 1,
                    token: token.clone(),
                    why: e.to_string(),
                })?;
            }
            match (end.status(), &g.result) {
                (Status::Over(o), Some(r)) if o == *r => {}
                (Status::Over(o), Some(r)) => {
                    return Err(RecordError::new(
                        format!("{prefix}result"),
                        format!(
                            "{} but the decisions give {}",
                            outcome_json(r),
                            outcome_json(&o)
                        ),
                    ));
                }
                (Status::Over(o), None) => {
                    return Err(RecordError::new(
                        format!("{prefix}result"),
                        format!(
                            "null but the game is over after the decisions: {}",
                            outcome_json(&o)
                        ),
                    ));
                }
                (Status::Playing, Some(_)) => {
                    return Err(RecordError::new(
                        format!("{prefix}result"),
                        format!(
                            "the game is not over after the {} decisions",
                            g.decisions.len()
                        ),
                    ));
                }
                (Status::Playing, None) => {}
            }
            if let Status::Over(o) = end.status() {
                scores.push(o.score);
            }
            if self.is_match()
                && i + 1 == self.games.len()
                && end.status().is_over()
                && let Next::MatchOver(result) = self.next_of_match(&scores)?
            {
                match_over = Some(result);
            }
            out.push(Replayed {
                start,
                begin,
                race_first,
                end,
            });
        }
        Ok(Checked {
            games: out,
            match_over,
        })
    }

    /// The variant must describe the start position.
    fn check_start(&self, start: &AnyGame, prefix: &str) -> RResult<()> {
        let pos = start.position_json();
        if let Some(h) = self.options.variant.holes()
            && pos.get("holes").is_some_and(|p| *p != h)
        {
            return Err(RecordError::new(
                format!("{prefix}start.holes"),
                format!(
                    "{} but the variant has {h} holes",
                    pos.get("holes").expect("checked")
                ),
            ));
        }
        Ok(())
    }

    /// The Enkeshui layout of the variant.
    pub fn layout(&self) -> RResult<Layout> {
        self.options
            .variant
            .layout()
            .cloned()
            .ok_or_else(|| RecordError::new("variant.layout", "only Enkeshui has a layout"))
    }

    /// The match after its games' `scores`: its next game or its end.
    fn next_of_match(&self, scores: &[PerSide<u32>]) -> RResult<Next> {
        let layout = self.layout()?;
        let first = self.first_game()?;
        let stock = play_match::stock_of(&first);
        Ok(play_match::next_game(
            &layout,
            *first.rules(),
            stock,
            scores,
        ))
    }

    /// The game a stock gives, whatever the match's end (`Err`: a stock
    /// cannot fill a hole).
    fn carry_over(&self, stock: PerSide<u32>) -> RResult<Result<Enkeshui, Option<Side>>> {
        let layout = self.layout()?;
        let first = self.first_game()?;
        Ok(play_match::carry_over(&layout, *first.rules(), stock))
    }

    fn first_game(&self) -> RResult<Enkeshui> {
        Enkeshui::from_position(&self.games[0].start)
            .map_err(|e| RecordError::from_position("games[0].start", e))
    }
}

/// Replays a race from its start position: the game after it and who moves first.
fn run_race(start: &Value, r: &RaceRecord, prefix: &str) -> RResult<(Enkeshui, Side)> {
    let game = Enkeshui::from_position(start).map_err(|_| {
        RecordError::new(format!("{prefix}race"), "only Enkeshui has a starting race")
    })?;
    let mut race = Race::start(&game, Some(r.hole), &mut Quiet)
        .map_err(|e| RecordError::new(format!("{prefix}race.hole"), e.to_string()))?;
    for (i, &side) in r.drops.iter().enumerate() {
        race.drop_seed(side, &mut Quiet).map_err(|e| {
            RecordError::new(
                format!("{prefix}race.drops"),
                format!("drop {} '{side}': {e}", i + 1),
            )
        })?;
    }
    let first = race.first_sleeper().ok_or_else(|| {
        RecordError::new(
            format!("{prefix}race.drops"),
            format!(
                "nobody sleeps after the {} drops: the race is unfinished",
                r.drops.len()
            ),
        )
    })?;
    let game = race
        .finish(&mut Quiet)
        .map_err(|e| RecordError::new(format!("{prefix}race"), e.to_string()))?;
    Ok((game, first))
}

pub(super) fn check_options(o: &Fields) -> RResult<()> {
    let pe = |e: PositionError| RecordError::from_position("", e);
    o.only(&[
        "race",
        "race_hole",
        "race_speed",
        "first",
        "seed",
        "flip",
        "south_team",
        "north_team",
    ])
    .map_err(pe)?;
    for team in ["south_team", "north_team"] {
        if o.get(team).is_some() {
            o.str(team).map_err(pe)?;
        }
    }
    if o.get("race").is_some() {
        let r = o.str("race").map_err(pe)?;
        if !["on", "off", "quick"].contains(&r) {
            return Err(RecordError::new(
                "options.race",
                format!("'{}' is not on, off or quick", excerpt(r)),
            ));
        }
    }
    o.uint_or("race_hole", 0).map_err(pe)?;
    if o.get("race_speed").is_some() {
        let r = o.str("race_speed").map_err(pe)?;
        if crate::ai::Level::parse(r).is_none() {
            return Err(RecordError::new(
                "options.race_speed",
                format!("'{}' is not easy, medium, hard or expert", excerpt(r)),
            ));
        }
    }
    if o.get("first").is_some() {
        o.side("first").map_err(pe)?;
    }
    o.uint_or("seed", 0).map_err(pe)?;
    o.bool_or("flip", false).map_err(pe)?;
    Ok(())
}

//! Game records (save files): the JSON of NOTATION.md's last paragraph.
//!
//! A record holds the game, its variant and rule flags, the seats, and for
//! each game played (one, or each game of an Enkeshui match) its start
//! position, the starting race (hole and exact order of drops) if there was
//! one, every decision in order and the result. Reading a record checks
//! everything and replays every decision through the engine, so a record that
//! loads is a game that was legally played. Depends on the engine only.

pub mod print;

use crate::ai::Player;
use crate::engine::PositionJson;
use crate::engine::enkeshui::play_match::{self, Next};
use crate::engine::enkeshui::race::Race;
use crate::engine::enkeshui::{Enkeshui, Layout, MAX_HOLES, MIN_HOLES};
use crate::engine::position::{Fields, PositionError};
use crate::engine::{AnyGame, GameKind, Outcome, PerSide, Quiet, Side, Status};
use crate::text::excerpt;
use serde_json::{Map, Value, json};
use std::fmt;

/// The format tag every record starts with.
pub const FORMAT: &str = "masai-mancala-record";
/// The newest version this program writes and reads.
pub const VERSION: u64 = 1;

/// The starting race of a game: the racers' hole and who dropped each seed, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceRecord {
    pub hole: usize,
    pub drops: Vec<Side>,
}

/// One game: where it started, its race, its decisions and how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The position JSON before the race (or before the first turn).
    pub start: Value,
    pub race: Option<RaceRecord>,
    pub decisions: Vec<String>,
    /// `None` while the game is unfinished.
    pub result: Option<Outcome>,
}

/// A saved game (or match).
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub game: GameKind,
    /// The board's options: `holes` and `layout` (a name or the counts of
    /// South's row then North's) for Enkeshui.
    pub variant: Map<String, Value>,
    /// The rule flags that differ from the defaults, as in the position JSON.
    pub rules: Map<String, Value>,
    /// "human", "ai" or "ai:LEVEL" per side.
    pub seats: PerSide<String>,
    /// How the client ran the game, to resume it: `race` (on, quick, off),
    /// `race_hole`, `race_speed`, `first`, `seed`, `flip`, En Gehé's `south_team` and
    /// `north_team`. Free of rules: never replayed.
    pub options: Map<String, Value>,
    /// One game, or each game of a match in order (the last may be unfinished).
    pub games: Vec<GameRecord>,
}

/// A record refused, with the field or decision at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// `decisions`, `start.south`, `game 2, decision 12 '9'`, ... (may be empty).
    pub at: String,
    pub message: String,
}

impl RecordError {
    pub fn new(at: impl Into<String>, message: impl Into<String>) -> RecordError {
        RecordError {
            at: at.into(),
            message: message.into(),
        }
    }

    fn from_position(prefix: &str, e: PositionError) -> RecordError {
        let at = if e.field.is_empty() {
            prefix.to_string()
        } else if prefix.is_empty() {
            e.field
        } else {
            format!("{prefix}.{}", e.field)
        };
        RecordError::new(at, e.message)
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.at.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.at, self.message)
        }
    }
}

impl std::error::Error for RecordError {}

type RResult<T> = Result<T, RecordError>;

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
    pub games: Vec<Replayed>,
    /// In a match whose last game is over: the match is over (winner, None: drawn).
    pub match_over: Option<Option<Side>>,
}

impl Checked {
    /// The game being played (or the last one played).
    pub fn last(&self) -> &Replayed {
        self.games.last().expect("a record has a game")
    }

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

impl GameRecord {
    fn to_json(&self, obj: &mut Map<String, Value>) {
        obj.insert("start".into(), self.start.clone());
        obj.insert(
            "race".into(),
            match &self.race {
                Some(r) => json!({"hole": r.hole, "drops": r.drops}),
                None => Value::Null,
            },
        );
        obj.insert("decisions".into(), json!(self.decisions));
        obj.insert(
            "result".into(),
            self.result.as_ref().map_or(Value::Null, outcome_json),
        );
    }
}

impl Record {
    /// Is this a match (`rules.match`)?
    pub fn is_match(&self) -> bool {
        self.rules.get("match").and_then(Value::as_bool) == Some(true)
    }

    /// The record as JSON, fields in the documented order.
    pub fn to_json(&self) -> Value {
        let mut obj = Map::new();
        obj.insert("format".into(), json!(FORMAT));
        obj.insert("version".into(), json!(VERSION));
        obj.insert("game".into(), json!(self.game.name()));
        obj.insert("variant".into(), Value::Object(self.variant.clone()));
        obj.insert("rules".into(), Value::Object(self.rules.clone()));
        obj.insert(
            "seats".into(),
            json!({"south": self.seats.south, "north": self.seats.north}),
        );
        if !self.options.is_empty() {
            obj.insert("options".into(), Value::Object(self.options.clone()));
        }
        if self.is_match() {
            let games: Vec<Value> = self
                .games
                .iter()
                .map(|g| {
                    let mut o = Map::new();
                    g.to_json(&mut o);
                    Value::Object(o)
                })
                .collect();
            obj.insert("games".into(), Value::Array(games));
        } else if let Some(g) = self.games.first() {
            g.to_json(&mut obj);
        }
        Value::Object(obj)
    }

    /// The record as the text written to a file: JSON, indented, with short
    /// objects and every array of numbers or tokens on one line.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        write_json(&self.to_json(), 0, &mut s);
        s.push('\n');
        s
    }

    /// Reads and checks a record: every field, then every game replayed.
    pub fn from_json(value: &Value) -> RResult<(Record, Checked)> {
        let record = Record::parse(value)?;
        let checked = record.check()?;
        Ok((record, checked))
    }

    /// Reads the fields of a record without replaying it.
    pub fn parse(value: &Value) -> RResult<Record> {
        let pe = |e: PositionError| RecordError::from_position("", e);
        let obj = value.as_object().ok_or_else(|| {
            RecordError::new("", "not a masai-mancala record (the JSON is not an object)")
        })?;
        match obj.get("format") {
            None => {
                return Err(RecordError::new(
                    "format",
                    format!("missing: not a masai-mancala record (expected \"{FORMAT}\")"),
                ));
            }
            Some(Value::String(s)) if s == FORMAT => {}
            Some(other) => {
                return Err(RecordError::new(
                    "format",
                    format!(
                        "{} is another format (expected \"{FORMAT}\")",
                        json_excerpt(other)
                    ),
                ));
            }
        }
        let version = obj
            .get("version")
            .ok_or_else(|| RecordError::new("version", "missing"))?;
        let version = version.as_u64().ok_or_else(|| {
            RecordError::new(
                "version",
                format!("{} is not a version number", json_excerpt(version)),
            )
        })?;
        if version > VERSION {
            return Err(RecordError::new(
                "version",
                format!(
                    "{version} is newer than this program reads (up to {VERSION}): update masai-mancala"
                ),
            ));
        }
        if version == 0 {
            return Err(RecordError::new("version", "0 is not a version (from 1)"));
        }
        let f = Fields::new(value).map_err(pe)?;
        f.only(&[
            "format",
            "version",
            "game",
            "variant",
            "rules",
            "seats",
            "options",
            "start",
            "race",
            "decisions",
            "result",
            "games",
        ])
        .map_err(pe)?;
        let name = f.str("game").map_err(pe)?;
        let game = GameKind::parse(name).ok_or_else(|| {
            RecordError::new(
                "game",
                format!(
                    "unknown game '{}' (enkeshui, en-gehe or bao-la-kimasai)",
                    excerpt(name)
                ),
            )
        })?;
        f.object("variant").map_err(pe)?;
        let variant = as_map(value, "variant");
        check_variant(game, &variant)?;
        let _ = f.object("rules").map_err(pe)?;
        let rules = as_map(value, "rules");
        let seats_f = f.object("seats").map_err(pe)?;
        seats_f.only(&["south", "north"]).map_err(pe)?;
        let seat = |key: &str| -> RResult<String> {
            let s = seats_f.str(key).map_err(pe)?;
            if s == "human"
                || s == "ai"
                || s.strip_prefix("ai:")
                    .is_some_and(|l| Player::parse(l).is_some())
            {
                Ok(s.to_string())
            } else {
                Err(RecordError::new(
                    format!("seats.{key}"),
                    format!(
                        "'{}' is not a seat (human, ai or ai:LEVEL, LEVEL one of {})",
                        excerpt(s),
                        Player::NAMES
                    ),
                ))
            }
        };
        let seats = PerSide::new(seat("south")?, seat("north")?);
        let options = if f.get("options").is_some() {
            let o = f.object("options").map_err(pe)?;
            check_options(&o)?;
            as_map(value, "options")
        } else {
            Map::new()
        };
        let is_match = rules.get("match").and_then(Value::as_bool) == Some(true);
        let single = ["start", "race", "decisions", "result"]
            .iter()
            .find(|k| obj.contains_key(**k));
        let games = if is_match {
            if let Some(k) = single {
                return Err(RecordError::new(
                    *k,
                    "a match keeps each game under \"games\", not at the top",
                ));
            }
            let arr = f
                .require("games")
                .map_err(pe)?
                .as_array()
                .ok_or_else(|| RecordError::new("games", "expected an array of games"))?;
            if arr.is_empty() {
                return Err(RecordError::new(
                    "games",
                    "a match record holds at least one game",
                ));
            }
            arr.iter()
                .enumerate()
                .map(|(i, g)| parse_game(g, &format!("games[{i}]")))
                .collect::<RResult<Vec<_>>>()?
        } else {
            if obj.contains_key("games") {
                return Err(RecordError::new(
                    "games",
                    "only a match (rules.match) has several games",
                ));
            }
            vec![parse_game(value, "")?]
        };
        Ok(Record {
            game,
            variant,
            rules,
            seats,
            options,
            games,
        })
    }

    /// Replays every game of a parsed record through the engine.
    pub fn check(&self) -> RResult<Checked> {
        self.check_with(&mut |_, game, token| {
            game.play_token(token, &mut Quiet)
                .map_err(|e| e.to_string())
        })
    }

    /// [`Record::check`] with the decisions played by `play(game index, game,
    /// token)`: the client plays them on a worker that can be cancelled and
    /// keeps what each one did.
    pub fn check_with(
        &self,
        play: &mut dyn FnMut(usize, &mut AnyGame, &str) -> Result<(), String>,
    ) -> RResult<Checked> {
        let mut out: Vec<Replayed> = Vec::new();
        let many = self.games.len() > 1 || self.is_match();
        let mut match_over = None;
        for (i, g) in self.games.iter().enumerate() {
            let prefix = if self.is_match() {
                format!("games[{i}].")
            } else {
                String::new()
            };
            let label = if many {
                format!("game {}, ", i + 1)
            } else {
                String::new()
            };
            if match_over.is_some() {
                return Err(RecordError::new(
                    format!("games[{i}]"),
                    "the match was already over",
                ));
            }
            let start = AnyGame::from_position(&g.start)
                .map_err(|e| RecordError::from_position(&format!("{prefix}start"), e))?;
            if start.kind() != self.game {
                return Err(RecordError::new(
                    format!("{prefix}start.game"),
                    format!("{} but the record is {}", start.kind(), self.game),
                ));
            }
            self.check_start(&start, &prefix)?;
            let start_rules = g
                .start
                .get("rules")
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default();
            if start_rules != self.rules {
                return Err(RecordError::new(
                    "rules",
                    format!(
                        "{} differs from the start position's {}",
                        Value::Object(self.rules.clone()),
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
                match self.next_of_match(o.score)? {
                    Next::Game(expected) => {
                        let expected = AnyGame::Enkeshui(*expected);
                        if expected.position_json() != start.position_json() {
                            return Err(RecordError::new(
                                format!("{prefix}start"),
                                format!("not the position the match gives after game {i}"),
                            ));
                        }
                    }
                    Next::MatchOver { .. } => {
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
                play(i, &mut end, token).map_err(|e| {
                    RecordError::new(format!("{label}decision {} '{}'", k + 1, excerpt(token)), e)
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
            if self.is_match()
                && let Status::Over(o) = end.status()
                && let Next::MatchOver { winner } = self.next_of_match(o.score)?
            {
                match_over = Some(winner);
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
        if let Some(h) = self.variant.get("holes")
            && pos.get("holes").is_some_and(|p| p != h)
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
        enkeshui_layout(&self.variant)
    }

    fn next_of_match(&self, stock: PerSide<u32>) -> RResult<Next> {
        let layout = self.layout()?;
        let game = Enkeshui::from_position(&self.games[0].start)
            .map_err(|e| RecordError::from_position("games[0].start", e))?;
        Ok(play_match::next_game(&layout, *game.rules(), stock))
    }
}

/// A short excerpt of a JSON value read from a file, for a message.
fn json_excerpt(v: &Value) -> String {
    excerpt(&v.to_string())
}

fn as_map(value: &Value, key: &str) -> Map<String, Value> {
    value
        .get(key)
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default()
}

fn parse_game(value: &Value, prefix: &str) -> RResult<GameRecord> {
    let name = |k: &str| {
        if prefix.is_empty() {
            k.to_string()
        } else {
            format!("{prefix}.{k}")
        }
    };
    let obj = value
        .as_object()
        .ok_or_else(|| RecordError::new(prefix, "expected an object"))?;
    if !prefix.is_empty() {
        for k in obj.keys() {
            if !["start", "race", "decisions", "result"].contains(&k.as_str()) {
                return Err(RecordError::new(name(&excerpt(k)), "unknown field"));
            }
        }
    }
    let start = obj
        .get("start")
        .filter(|v| !v.is_null())
        .ok_or_else(|| RecordError::new(name("start"), "missing"))?
        .clone();
    if !start.is_object() {
        return Err(RecordError::new(
            name("start"),
            "expected a position (a JSON object)",
        ));
    }
    let race = match obj.get("race") {
        None | Some(Value::Null) => None,
        Some(r) => Some(parse_race(r, &name("race"))?),
    };
    let decisions = obj
        .get("decisions")
        .ok_or_else(|| RecordError::new(name("decisions"), "missing"))?
        .as_array()
        .ok_or_else(|| RecordError::new(name("decisions"), "expected an array of tokens"))?
        .iter()
        .enumerate()
        .map(|(i, t)| {
            t.as_str().map(str::to_string).ok_or_else(|| {
                RecordError::new(
                    format!("{}[{i}]", name("decisions")),
                    format!(
                        "decision {} is {}, not a token string",
                        i + 1,
                        json_excerpt(t)
                    ),
                )
            })
        })
        .collect::<RResult<Vec<_>>>()?;
    let result = match obj.get("result") {
        None => {
            return Err(RecordError::new(
                name("result"),
                "missing (null while unfinished)",
            ));
        }
        Some(Value::Null) => None,
        Some(r) => Some(serde_json::from_value::<Outcome>(r.clone()).map_err(|e| {
            RecordError::new(
                name("result"),
                format!("not a result {{winner, score, reason}}: {e}"),
            )
        })?),
    };
    Ok(GameRecord {
        start,
        race,
        decisions,
        result,
    })
}

fn parse_race(value: &Value, at: &str) -> RResult<RaceRecord> {
    let pe = |e: PositionError| RecordError::from_position(at, e);
    let f = Fields::new(value).map_err(|_| RecordError::new(at, "expected an object or null"))?;
    f.only(&["hole", "drops"]).map_err(pe)?;
    let hole = f.uint("hole").map_err(pe)? as usize;
    let drops = f
        .require("drops")
        .map_err(pe)?
        .as_array()
        .ok_or_else(|| RecordError::new(format!("{at}.drops"), "expected an array of sides"))?
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_str().and_then(Side::parse).ok_or_else(|| {
                RecordError::new(
                    format!("{at}.drops"),
                    format!("drop {}: {} is not south or north", i + 1, json_excerpt(v)),
                )
            })
        })
        .collect::<RResult<Vec<_>>>()?;
    Ok(RaceRecord { hole, drops })
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

/// The variant's options, checked per game.
fn check_variant(game: GameKind, v: &Map<String, Value>) -> RResult<()> {
    match game {
        GameKind::Enkeshui => {
            for k in v.keys() {
                if k != "holes" && k != "layout" {
                    return Err(RecordError::new(
                        format!("variant.{}", excerpt(k)),
                        "unknown field",
                    ));
                }
            }
            enkeshui_layout(v).map(|_| ())
        }
        // En Gehé's holes are checked against the start position.
        GameKind::EnGehe => {
            for (k, h) in v {
                if k != "holes" {
                    return Err(RecordError::new(
                        format!("variant.{}", excerpt(k)),
                        "unknown field",
                    ));
                }
                if !h.is_u64() {
                    return Err(RecordError::new(
                        "variant.holes",
                        format!("{} is not a number of holes", json_excerpt(h)),
                    ));
                }
            }
            Ok(())
        }
        GameKind::BaoLaKimasai => match v.keys().next() {
            Some(k) => Err(RecordError::new(
                format!("variant.{}", excerpt(k)),
                "unknown field (Bao la Kimasai has one board)",
            )),
            None => Ok(()),
        },
    }
}

/// An Enkeshui variant: `{"holes": N, "layout": NAME | [2N counts]}`.
pub fn enkeshui_layout(v: &Map<String, Value>) -> RResult<Layout> {
    let holes = v
        .get("holes")
        .ok_or_else(|| RecordError::new("variant.holes", "missing"))?;
    let n = holes
        .as_u64()
        .filter(|n| (MIN_HOLES as u64..=MAX_HOLES as u64).contains(n))
        .ok_or_else(|| {
            RecordError::new(
                "variant.holes",
                format!("{holes}: Enkeshui rows have {MIN_HOLES} to {MAX_HOLES} holes"),
            )
        })? as usize;
    let layout = match v.get("layout") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Array(a)) => {
            let words: Vec<String> = a
                .iter()
                .map(|c| {
                    c.as_u64().map(|c| c.to_string()).ok_or_else(|| {
                        RecordError::new(
                            "variant.layout",
                            format!("{} is not a seed count", json_excerpt(c)),
                        )
                    })
                })
                .collect::<RResult<_>>()?;
            Some(words.join(" "))
        }
        Some(other) => {
            return Err(RecordError::new(
                "variant.layout",
                format!(
                    "{} is not a layout name or an array of counts",
                    json_excerpt(other)
                ),
            ));
        }
    };
    Layout::from_options(Some(n), layout.as_deref())
        .map_err(|e| RecordError::new("variant", e.to_string()))
}

/// The variant that describes an Enkeshui layout.
pub fn enkeshui_variant(layout: &Layout) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("holes".into(), json!(layout.holes()));
    match layout.name {
        Some(name) => m.insert("layout".into(), json!(name)),
        None => {
            let counts: Vec<u16> = layout.south.iter().chain(&layout.north).copied().collect();
            m.insert("layout".into(), json!(counts))
        }
    };
    m
}

fn check_options(o: &Fields) -> RResult<()> {
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

/// Compact JSON of a scalar, a flat array or a short flat object; None otherwise.
fn inline_json(v: &Value) -> Option<String> {
    let flat = |v: &Value| !matches!(v, Value::Array(_) | Value::Object(_));
    let text = match v {
        Value::Array(a) if a.iter().all(flat) => {
            let items: Vec<String> = a.iter().map(Value::to_string).collect();
            return Some(format!("[{}]", items.join(", ")));
        }
        Value::Object(o)
            if o.values().all(|x| {
                flat(x) || matches!(x, Value::Array(a) if a.iter().all(flat) && a.len() <= 32)
            }) =>
        {
            let items: Vec<String> = o
                .iter()
                .map(|(k, x)| {
                    format!(
                        "{}: {}",
                        Value::from(k.as_str()),
                        inline_json(x).unwrap_or_default()
                    )
                })
                .collect();
            format!("{{{}}}", items.join(", "))
        }
        Value::Array(_) | Value::Object(_) => return None,
        scalar => return Some(scalar.to_string()),
    };
    (text.len() <= 100).then_some(text)
}

fn write_json(v: &Value, indent: usize, out: &mut String) {
    if let Some(t) = inline_json(v) {
        out.push_str(&t);
        return;
    }
    let pad = "  ".repeat(indent + 1);
    let end = "  ".repeat(indent);
    match v {
        Value::Object(o) => {
            out.push_str("{\n");
            for (i, (k, x)) in o.iter().enumerate() {
                out.push_str(&pad);
                out.push_str(&Value::from(k.as_str()).to_string());
                out.push_str(": ");
                write_json(x, indent + 1, out);
                out.push_str(if i + 1 < o.len() { ",\n" } else { "\n" });
            }
            out.push_str(&end);
            out.push('}');
        }
        Value::Array(a) => {
            out.push_str("[\n");
            for (i, x) in a.iter().enumerate() {
                out.push_str(&pad);
                write_json(x, indent + 1, out);
                out.push_str(if i + 1 < a.len() { ",\n" } else { "\n" });
            }
            out.push_str(&end);
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

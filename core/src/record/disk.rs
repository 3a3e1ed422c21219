//! The record's format on disk: serde-derived types written in the
//! documented field order, and read with the field (and the decision's
//! number) named when a hand-edited file is refused.
//!
//! Reading is two steps, as a position is: the shape (format, version, the
//! names of the fields, which of them a game needs) is checked on the JSON
//! with the messages players know; then the values are read by serde through
//! [`serde_path_to_error`], so a wrong type names its path
//! (`games[1].race.hole`). Nothing is replayed here: `Record::check` does that.

use super::{
    FORMAT, GameOptions, GameRecord, RResult, Record, RecordError, RunOptions, VERSION, Variant,
    check_options,
};
use crate::ai::Player;
use crate::engine::position::{Fields, PositionError};
use crate::engine::{GameKind, Outcome, PerSide, Side};
use crate::text::excerpt;
use serde::de::{self, DeserializeOwned, DeserializeSeed, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
use std::fmt;

/// The fields a game holds, at the top of a single game's record or in each
/// of a match's `games`.
const GAME_FIELDS: [&str; 4] = ["start", "race", "decisions", "result"];

/// A record as written: the top fields, then the match's games or the one
/// game's fields at the top.
#[derive(Serialize)]
struct OnDisk<'a> {
    format: &'static str,
    version: u64,
    #[serde(flatten)]
    variant: &'a Variant,
    seats: &'a PerSide<String>,
    #[serde(skip_serializing_if = "RunOptions::is_empty")]
    options: &'a RunOptions,
    #[serde(skip_serializing_if = "Option::is_none")]
    games: Option<&'a [GameRecord]>,
    #[serde(flatten)]
    one: Option<&'a GameRecord>,
}

/// The record's values once its shape is checked.
#[derive(Deserialize)]
struct Top {
    seats: PerSide<Seat>,
    #[serde(default)]
    options: RunOptions,
}

/// `human`, `ai` or `ai:LEVEL`.
struct Seat(String);

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let s = String::deserialize(d)?;
        if s == "human"
            || s == "ai"
            || s.strip_prefix("ai:")
                .is_some_and(|l| Player::parse(l).is_some())
        {
            Ok(Seat(s))
        } else {
            Err(de::Error::custom(format!(
                "'{}' is not a seat (human, ai or ai:LEVEL, LEVEL one of {})",
                excerpt(&s),
                Player::NAMES
            )))
        }
    }
}

/// The record as JSON, through the derived types.
pub(super) fn to_json(r: &Record) -> Value {
    let is_match = r.is_match();
    let disk = OnDisk {
        format: FORMAT,
        version: VERSION,
        variant: &r.options.variant,
        seats: &r.seats,
        options: &r.options.run,
        games: is_match.then_some(r.games.as_slice()),
        one: if is_match { None } else { r.games.first() },
    };
    serde_json::to_value(disk).expect("a record is plain data")
}

/// Reads `value` as a `T`, a refusal naming `at` and the path inside it.
fn read<T: DeserializeOwned>(value: &Value, at: &str) -> RResult<T> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let at = match (at, path.as_str()) {
            (at, ".") => at.to_string(),
            ("", path) => path.to_string(),
            (at, path) if path.starts_with('[') => format!("{at}{path}"),
            (at, path) => format!("{at}.{path}"),
        };
        RecordError::new(at, e.into_inner().to_string())
    })
}

/// Reads the fields of a record without replaying it.
pub(super) fn parse(value: &Value) -> RResult<Record> {
    let variant = shape(value)?;
    let top: Top = read(value, "")?;
    let games = if let Some(games) = value.get("games") {
        read::<Vec<GameRecord>>(games, "games")?
    } else {
        let obj = value.as_object().expect("checked by shape");
        let one: Map<String, Value> = GAME_FIELDS
            .iter()
            .filter_map(|k| Some((k.to_string(), obj.get(*k)?.clone())))
            .collect();
        vec![read::<GameRecord>(&Value::Object(one), "")?]
    };
    Ok(Record {
        options: GameOptions {
            variant,
            run: top.options,
        },
        seats: top.seats.map(|s| s.0),
        games,
    })
}

/// The checks of the JSON's shape, with the messages of each field: what a
/// serde message would say less plainly (`format: missing: not a
/// masai-mancala record`, `colour: unknown field`, `result: missing`).
/// The game, its board and rule flags come out typed.
fn shape(value: &Value) -> RResult<Variant> {
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
    let mut known = vec![
        "format", "version", "game", "variant", "rules", "seats", "options", "games",
    ];
    known.extend(GAME_FIELDS);
    f.only(&known).map_err(pe)?;
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
    f.object("rules").map_err(pe)?;
    let mut board = as_map(value, "variant");
    if game == GameKind::EnGehe && !board.contains_key("holes") {
        // En Gehé's holes may be left to the start position.
        let start = value
            .get("start")
            .or_else(|| value.get("games")?.get(0)?.get("start"));
        if let Some(h) = start.and_then(|s| s.get("holes")) {
            board.insert("holes".into(), h.clone());
        }
    }
    let variant = Variant::from_json(game, &board, &as_map(value, "rules"))?;
    let seats = f.object("seats").map_err(pe)?;
    seats.only(&["south", "north"]).map_err(pe)?;
    for side in ["south", "north"] {
        seats.require(side).map_err(pe)?;
    }
    if f.get("options").is_some() {
        check_options(&f.object("options").map_err(pe)?)?;
    }
    let is_match = variant.is_match();
    let single = GAME_FIELDS.iter().find(|k| obj.contains_key(**k));
    if is_match {
        if let Some(k) = single {
            return Err(RecordError::new(
                *k,
                "a match keeps each game under \"games\", not at the top",
            ));
        }
        let games = f
            .require("games")
            .map_err(pe)?
            .as_array()
            .ok_or_else(|| RecordError::new("games", "expected an array of games"))?;
        if games.is_empty() {
            return Err(RecordError::new(
                "games",
                "a match record holds at least one game",
            ));
        }
        for (i, g) in games.iter().enumerate() {
            game_shape(g, &format!("games[{i}]"))?;
        }
    } else {
        if obj.contains_key("games") {
            return Err(RecordError::new(
                "games",
                "only a match (rules.match) has several games",
            ));
        }
        game_shape(value, "")?;
    }
    Ok(variant)
}

/// A game's fields: none unknown (in a match), none missing.
fn game_shape(value: &Value, prefix: &str) -> RResult<()> {
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
    if !prefix.is_empty()
        && let Some(k) = obj.keys().find(|k| !GAME_FIELDS.contains(&k.as_str()))
    {
        return Err(RecordError::new(name(&excerpt(k)), "unknown field"));
    }
    if obj.get("start").is_none_or(Value::is_null) {
        return Err(RecordError::new(name("start"), "missing"));
    }
    if !obj.contains_key("decisions") {
        return Err(RecordError::new(name("decisions"), "missing"));
    }
    if !obj.contains_key("result") {
        return Err(RecordError::new(
            name("result"),
            "missing (null while unfinished)",
        ));
    }
    if let Some(Value::Object(race)) = obj.get("race")
        && let Some(k) = race.keys().find(|k| *k != "hole" && *k != "drops")
    {
        return Err(RecordError::new(
            format!("{}.{}", name("race"), excerpt(k)),
            "unknown field",
        ));
    }
    Ok(())
}

/// A game's start: a position, read by the engine when the game is replayed.
pub(super) fn start<'de, D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
    let v = Value::deserialize(d)?;
    if v.is_object() {
        Ok(v)
    } else {
        Err(de::Error::custom("expected a position (a JSON object)"))
    }
}

/// A game's result: `null` while it is unfinished.
pub(super) fn result<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Outcome>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        v => serde_json::from_value::<Outcome>(v)
            .map(Some)
            .map_err(|e| de::Error::custom(format!("not a result {{winner, score, reason}}: {e}"))),
    }
}

/// The decisions: tokens, a refusal naming the decision's number.
pub(super) fn decisions<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    d.deserialize_seq(Numbered {
        what: "an array of tokens",
        at_item: true,
        item: |n, v: Value| match v {
            Value::String(s) => Ok(s),
            v => Err(format!(
                "decision {n} is {}, not a token string",
                json_excerpt(&v)
            )),
        },
    })
}

/// The race's drops: the side of each seed dropped, in order.
pub(super) fn drops<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Side>, D::Error> {
    // Refused at `race.drops`, the message numbering the drop.
    d.deserialize_seq(Numbered {
        what: "an array of sides",
        at_item: false,
        item: |n, v: Value| {
            v.as_str()
                .and_then(Side::parse)
                .ok_or_else(|| format!("drop {n}: {} is not south or north", json_excerpt(&v)))
        },
    })
}

/// A sequence read item by item; `item(number from 1, value)` reads one.
struct Numbered<F> {
    what: &'static str,
    /// A refusal at the item's index (`decisions[2]`), else at the sequence.
    at_item: bool,
    item: F,
}

impl<'de, T, E: fmt::Display, F: Fn(usize, Value) -> Result<T, E>> Visitor<'de> for Numbered<F> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.what)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut out = Vec::new();
        loop {
            let number = out.len() + 1;
            let t = if self.at_item {
                seq.next_element_seed(Item {
                    number,
                    item: &self.item,
                })?
            } else {
                match seq.next_element::<Value>()? {
                    Some(v) => Some((self.item)(number, v).map_err(de::Error::custom)?),
                    None => None,
                }
            };
            match t {
                Some(t) => out.push(t),
                None => return Ok(out),
            }
        }
    }
}

/// One item of a [`Numbered`] sequence: its refusal is at its own index
/// (`decisions[2]`) and says its number (`decision 3`).
struct Item<'f, F> {
    number: usize,
    item: &'f F,
}

impl<'de, T, E: fmt::Display, F: Fn(usize, Value) -> Result<T, E>> DeserializeSeed<'de>
    for Item<'_, F>
{
    type Value = T;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        (self.item)(self.number, Value::deserialize(d)?).map_err(de::Error::custom)
    }
}

/// A short excerpt of a JSON value read from a file, for a message.
pub(super) fn json_excerpt(v: &Value) -> String {
    excerpt(&v.to_string())
}

pub(super) fn as_map(value: &Value, key: &str) -> Map<String, Value> {
    value
        .get(key)
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default()
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

pub(super) fn write_json(v: &Value, indent: usize, out: &mut String) {
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

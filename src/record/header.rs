//! A record's header for the list of saved games: every field but the
//! decisions, which are counted as they stream past and never kept. A
//! record of the largest size is read in a few megabytes instead of some 50
//! times its size, and without replaying it (loading it does that).

use super::Record;
use super::file::{MAX_BYTES, read_regular_file};
use serde::Deserializer as _;
use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;
use std::io::{BufReader, Read};
use std::path::Path;

/// Records of more decisions than this are listed from their header alone;
/// the others are replayed for the list, which then shows their turn and
/// whether they load. A real game stays under it: the longest Enkeshui
/// match found has 6,580 decisions, a 2x50 En Gehé game to its 1,000-turn
/// limit a few thousand.
pub const LIST_REPLAYS_UP_TO: usize = 20_000;

/// A record's fields with its decisions left out, and how many there were.
pub struct Header {
    /// The record's fields, each game's decisions empty.
    pub record: Record,
    /// The decisions of every game together.
    pub decisions: usize,
}

/// Reads `path`'s header, streaming. `None` for anything it cannot read:
/// loading the record says what is wrong, in the words players know.
pub fn read_header(path: &Path) -> Option<Header> {
    let file = read_regular_file(path).ok()?;
    let reader = BufReader::new(file.take(MAX_BYTES));
    let mut de = serde_json::Deserializer::from_reader(reader);
    let (fields, decisions) = de.deserialize_map(Fields).ok()?;
    de.end().ok()?;
    let record = Record::parse(&Value::Object(fields)).ok()?;
    Some(Header { record, decisions })
}

/// An object whose `decisions` are counted (and left empty) and whose
/// `games` are such objects in turn.
struct Fields;

impl<'de> Visitor<'de> for Fields {
    type Value = (Map<String, Value>, usize);

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a record")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = Map::new();
        let mut count = 0;
        while let Some(key) = map.next_key::<String>()? {
            let value = match key.as_str() {
                "decisions" => {
                    count += map.next_value::<Count>()?.0;
                    Value::Array(Vec::new())
                }
                "games" => {
                    let games = map.next_value::<Games>()?;
                    count += games.1;
                    Value::Array(games.0)
                }
                _ => map.next_value::<Value>()?,
            };
            if out.insert(key, value).is_some() {
                return Err(de::Error::custom("a field twice"));
            }
        }
        Ok((out, count))
    }
}

/// How many items an array holds, none of them kept.
struct Count(usize);

impl<'de> de::Deserialize<'de> for Count {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Count, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an array")
            }
            fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Count, S::Error> {
                let mut n = 0;
                while seq.next_element::<IgnoredAny>()?.is_some() {
                    n += 1;
                }
                Ok(Count(n))
            }
        }
        d.deserialize_seq(V)
    }
}

/// A match's games, each with its decisions counted: the games and the total.
struct Games(Vec<Value>, usize);

impl<'de> de::Deserialize<'de> for Games {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Games, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Games;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an array of games")
            }
            fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Games, S::Error> {
                let mut games = Vec::new();
                let mut n = 0;
                while let Some(Game(fields, count)) = seq.next_element::<Game>()? {
                    games.push(Value::Object(fields));
                    n += count;
                }
                Ok(Games(games, n))
            }
        }
        d.deserialize_seq(V)
    }
}

/// One game of a match, its decisions counted.
struct Game(Map<String, Value>, usize);

impl<'de> de::Deserialize<'de> for Game {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let (fields, n) = d.deserialize_map(Fields)?;
        Ok(Game(fields, n))
    }
}

/// One line about a record from its header: game, size, the match's game,
/// the result or the number of decisions, the seats.
pub fn summary(h: &Header) -> String {
    let record = &h.record;
    let mut s = record.kind().title().to_string();
    if let Some(holes) = record.variant().holes() {
        s.push_str(&format!(" 2x{holes}"));
    }
    if record.is_match() {
        s.push_str(&format!(", match game {}", record.games.len()));
    }
    match record.games.last().and_then(|g| g.result.as_ref()) {
        Some(o) => s.push_str(&format!(", over {}-{}", o.score.south, o.score.north)),
        None => s.push_str(&format!(", {} decisions", h.decisions)),
    }
    s.push_str(&format!(
        ", South {} v North {}",
        record.seats.south, record.seats.north
    ));
    s
}

/// Is the game over by its header: the last game has a result (a match's
/// end is told when it is loaded).
pub fn finished(h: &Header) -> bool {
    !h.record.is_match() && h.record.games.last().is_some_and(|g| g.result.is_some())
}

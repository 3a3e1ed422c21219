//! Reading the position JSON of NOTATION.md with errors that name the field.

use super::side::{PerSide, Side};
use serde_json::{Map, Value};
use std::fmt;

/// A position that cannot be loaded, with the field at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The field at fault, as a path in the JSON.
    pub field: String,
    /// What is wrong with it.
    pub message: String,
}

impl PositionError {
    /// An error for `field` saying `message`.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        PositionError {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for PositionError {}

pub type PResult<T> = Result<T, PositionError>;

/// A game's position JSON of NOTATION.md, kept out of the rules' `Game`
/// trait as shakmaty keeps FEN out of `Position`. A game gives its plain
/// setup and the setup's JSON both ways; the position's JSON follows, the
/// same for every game.
pub trait PositionJson: Sized {
    /// The game's plain setup (data with no invariant).
    type Setup;
    /// The setup of this position.
    fn to_setup(&self) -> Self::Setup;
    /// The position JSON of a setup, checked or not.
    fn setup_json(setup: &Self::Setup) -> Value;
    /// Reads a position JSON into a setup: its shape and types are checked
    /// here, the rules' invariants by the conversion to the game.
    fn setup_from_json(value: &Value) -> PResult<Self::Setup>;

    /// The position JSON of this game.
    fn position_json(&self) -> Value {
        Self::setup_json(&self.to_setup())
    }

    /// Reads and checks a position JSON.
    fn from_position(value: &Value) -> PResult<Self>
    where
        Self: TryFrom<Self::Setup, Error = PositionError>,
    {
        Self::try_from(Self::setup_from_json(value)?)
    }
}

/// The object of a position, read field by field.
pub struct Fields<'a> {
    map: &'a Map<String, Value>,
    prefix: String,
}

impl<'a> Fields<'a> {
    pub fn new(value: &'a Value) -> PResult<Self> {
        match value {
            Value::Object(map) => Ok(Fields {
                map,
                prefix: String::new(),
            }),
            _ => Err(PositionError::new("", "a position must be a JSON object")),
        }
    }

    fn nested(value: &'a Value, prefix: String) -> PResult<Self> {
        match value {
            Value::Object(map) => Ok(Fields { map, prefix }),
            _ => Err(PositionError::new(prefix, "expected an object")),
        }
    }

    pub fn name(&self, key: &str) -> String {
        if self.prefix.is_empty() {
            key.to_string()
        } else {
            format!("{}.{}", self.prefix, key)
        }
    }

    pub fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    pub fn require(&self, key: &str) -> PResult<&'a Value> {
        self.get(key)
            .ok_or_else(|| PositionError::new(self.name(key), "missing"))
    }

    /// Refuses keys outside `known`, so that a typo is not silently ignored.
    pub fn only(&self, known: &[&str]) -> PResult<()> {
        for key in self.map.keys() {
            if !known.contains(&key.as_str()) {
                return Err(PositionError::new(self.name(key), "unknown field"));
            }
        }
        Ok(())
    }

    pub fn object(&self, key: &str) -> PResult<Fields<'a>> {
        Fields::nested(self.require(key)?, self.name(key))
    }

    pub fn str(&self, key: &str) -> PResult<&'a str> {
        self.require(key)?
            .as_str()
            .ok_or_else(|| PositionError::new(self.name(key), "expected a string"))
    }

    pub fn bool_or(&self, key: &str, default: bool) -> PResult<bool> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => v
                .as_bool()
                .ok_or_else(|| PositionError::new(self.name(key), "expected true or false")),
        }
    }

    pub fn uint(&self, key: &str) -> PResult<u64> {
        to_uint(self.require(key)?, &self.name(key))
    }

    pub fn uint_or(&self, key: &str, default: u64) -> PResult<u64> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => to_uint(v, &self.name(key)),
        }
    }

    /// A turn number or count from 1 (`what` names it in the error); `default`
    /// when the field is absent, required when there is none.
    pub fn turns(&self, key: &str, default: Option<u32>, what: &str) -> PResult<u32> {
        let n = match default {
            Some(d) => self.uint_or(key, d as u64)?,
            None => self.uint(key)?,
        };
        u32::try_from(n)
            .ok()
            .filter(|&t| t > 0 && t < u32::MAX)
            .ok_or_else(|| {
                PositionError::new(self.name(key), format!("{n} is not a {what} from 1"))
            })
    }

    /// A turn limit (`max_turns`): any count from 1, the largest `u32`
    /// included, as `--max-turns` takes it.
    pub fn turn_limit(&self, key: &str, default: u32) -> PResult<u32> {
        let n = self.uint_or(key, default as u64)?;
        u32::try_from(n).ok().filter(|&t| t > 0).ok_or_else(|| {
            PositionError::new(self.name(key), format!("{n} is not a turn count from 1"))
        })
    }

    /// The `rules` object of a game whose only rule flag is `max_turns`.
    pub fn max_turns_only(&self, default: u32) -> PResult<u32> {
        if self.get("rules").is_none() {
            return Ok(default);
        }
        let r = self.object("rules")?;
        r.only(&["max_turns"])?;
        r.turn_limit("max_turns", default)
    }

    pub fn side(&self, key: &str) -> PResult<Side> {
        let s = self.str(key)?;
        Side::parse(s).ok_or_else(|| {
            PositionError::new(
                self.name(key),
                format!("'{s}' is not a side (south or north)"),
            )
        })
    }

    /// A row of `len` seed counts.
    pub fn counts(&self, key: &str, len: usize) -> PResult<Vec<u16>> {
        let field = self.name(key);
        let arr = self
            .require(key)?
            .as_array()
            .ok_or_else(|| PositionError::new(&field, "expected an array of seed counts"))?;
        if arr.len() != len {
            return Err(PositionError::new(
                &field,
                format!("expected {len} counts, found {}", arr.len()),
            ));
        }
        arr.iter()
            .enumerate()
            .map(|(i, v)| {
                let name = format!("{field}[{i}]");
                let n = to_int(v, &name)?;
                if n < 0 {
                    Err(PositionError::new(name, format!("negative count {n}")))
                } else if n > u16::MAX as i64 / 2 {
                    Err(PositionError::new(name, format!("count {n} is too large")))
                } else {
                    Ok(n as u16)
                }
            })
            .collect()
    }

    /// `{"south": n, "north": n}`.
    pub fn per_side_uint(&self, key: &str) -> PResult<Option<PerSide<u64>>> {
        if self.get(key).is_none() {
            return Ok(None);
        }
        let obj = self.object(key)?;
        obj.only(&["south", "north"])?;
        Ok(Some(PerSide::new(obj.uint("south")?, obj.uint("north")?)))
    }

    /// `{"south": n, "north": n}` of seed counts, each at most `max` (checked
    /// before any arithmetic; `what` says where the bound comes from).
    pub fn per_side_seeds(&self, key: &str, max: u32, what: &str) -> PResult<Option<PerSide<u32>>> {
        let Some(counts) = self.per_side_uint(key)? else {
            return Ok(None);
        };
        let mut out = PerSide::new(0, 0);
        for side in Side::BOTH {
            let n = counts[side];
            out[side] = u32::try_from(n).ok().filter(|&c| c <= max).ok_or_else(|| {
                PositionError::new(
                    format!("{}.{side}", self.name(key)),
                    format!("{n} is more than {what}"),
                )
            })?;
        }
        Ok(Some(out))
    }

    pub fn per_side_bool(&self, key: &str) -> PResult<Option<PerSide<bool>>> {
        if self.get(key).is_none() {
            return Ok(None);
        }
        let obj = self.object(key)?;
        obj.only(&["south", "north"])?;
        Ok(Some(PerSide::new(
            obj.bool_or("south", false)?,
            obj.bool_or("north", false)?,
        )))
    }

    /// An array of objects, each read by `f` with its own field prefix.
    pub fn list<T>(
        &self,
        key: &str,
        mut f: impl FnMut(&Fields<'a>) -> PResult<T>,
    ) -> PResult<Vec<T>> {
        let Some(v) = self.get(key) else {
            return Ok(Vec::new());
        };
        let field = self.name(key);
        let arr = v
            .as_array()
            .ok_or_else(|| PositionError::new(&field, "expected an array"))?;
        arr.iter()
            .enumerate()
            .map(|(i, item)| f(&Fields::nested(item, format!("{field}[{i}]"))?))
            .collect()
    }

    /// The `"game"` field must name this game.
    pub fn expect_game(&self, accepted: &[&str]) -> PResult<()> {
        let g = self.str("game")?;
        if accepted.contains(&g) {
            Ok(())
        } else {
            Err(PositionError::new(
                "game",
                format!("expected {}, found '{g}'", accepted[0]),
            ))
        }
    }

    /// A position is loaded at a turn boundary only.
    pub fn refuse_pending(&self) -> PResult<()> {
        if self.get("pending").is_some() {
            return Err(PositionError::new(
                "pending",
                "a half-played turn cannot be loaded",
            ));
        }
        Ok(())
    }
}

/// A setup's two rows of `n` counts (the two-row games), put into `counts`
/// (South's row first): each row must hold `n` counts of at most 2^15.
pub fn put_rows(n: usize, south: &[u16], north: &[u16], counts: &mut [u16]) -> PResult<()> {
    for (k, (key, row)) in [("south", south), ("north", north)].into_iter().enumerate() {
        if row.len() != n {
            return Err(PositionError::new(
                key,
                format!("expected {n} counts, found {}", row.len()),
            ));
        }
        if let Some((i, c)) = row.iter().enumerate().find(|(_, c)| **c > u16::MAX / 2) {
            return Err(PositionError::new(
                format!("{key}[{i}]"),
                format!("count {c} is too large"),
            ));
        }
        counts[k * n..(k + 1) * n].copy_from_slice(row);
    }
    Ok(())
}

/// A row length within the game's `min..=max` holes (the JSON's `holes`,
/// read as any whole number, or a setup's).
pub fn check_holes(n: u64, min: usize, max: usize, game: &str) -> PResult<usize> {
    match usize::try_from(n) {
        Ok(holes) if (min..=max).contains(&holes) => Ok(holes),
        _ => Err(PositionError::new(
            "holes",
            format!("{n} holes: {game} rows have {min} to {max}"),
        )),
    }
}

/// A setup's turn number and turn limit, as the position JSON reads them.
pub fn check_turns(turn: u32, max_turns: u32) -> PResult<()> {
    if max_turns == 0 {
        return Err(PositionError::new(
            "rules.max_turns",
            "0 is not a turn count from 1",
        ));
    }
    if turn == 0 || turn == u32::MAX {
        return Err(PositionError::new(
            "turn",
            format!("{turn} is not a turn number from 1"),
        ));
    }
    Ok(())
}

fn to_int(v: &Value, field: &str) -> PResult<i64> {
    v.as_i64()
        .ok_or_else(|| PositionError::new(field, format!("expected a whole number, found {v}")))
}

fn to_uint(v: &Value, field: &str) -> PResult<u64> {
    if let Some(n) = v.as_u64() {
        return Ok(n);
    }
    let n = to_int(v, field)?;
    Err(PositionError::new(field, format!("negative number {n}")))
}

//! Reading the position JSON of NOTATION.md with errors that name the field.

use super::GameKind;
use super::side::{PerSide, Side};
use PositionErrorKind as K;
use serde_json::{Map, Value};
use std::fmt;

/// A position that cannot be loaded, with the field at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The field at fault, as a path in the JSON (empty: the whole position).
    pub field: FieldPath,
    /// What is wrong with it.
    pub kind: PositionErrorKind,
}

impl PositionError {
    /// An error for `field` of this kind.
    pub fn new(field: impl Into<FieldPath>, kind: PositionErrorKind) -> Self {
        PositionError {
            field: field.into(),
            kind,
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            self.kind.fmt(f)
        } else {
            write!(f, "{}: {}", self.field, self.kind)
        }
    }
}

impl std::error::Error for PositionError {}

/// A field's place in a JSON document: `south`, `rules.max_turns`,
/// `closed[0].hole`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldPath(Vec<PathPart>);

/// One step of a [`FieldPath`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathPart {
    /// An object's key.
    Key(String),
    /// An array's item, from 0.
    Index(usize),
}

impl FieldPath {
    /// The whole document.
    pub fn root() -> FieldPath {
        FieldPath(Vec::new())
    }

    /// Is this the whole document?
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The steps from the document down to the field.
    pub fn parts(&self) -> &[PathPart] {
        &self.0
    }

    /// This path's field `key`.
    pub fn key(&self, key: impl Into<String>) -> FieldPath {
        let mut p = self.clone();
        p.0.push(PathPart::Key(key.into()));
        p
    }

    /// This path's item `i`.
    pub fn index(&self, i: usize) -> FieldPath {
        let mut p = self.clone();
        p.0.push(PathPart::Index(i));
        p
    }

    /// `inner` read below this path.
    pub fn join(&self, inner: &FieldPath) -> FieldPath {
        let mut p = self.clone();
        p.0.extend(inner.0.iter().cloned());
        p
    }
}

/// A top-level field.
impl From<&str> for FieldPath {
    fn from(key: &str) -> FieldPath {
        FieldPath::root().key(key)
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.0.iter().enumerate() {
            match part {
                PathPart::Key(k) if i == 0 => f.write_str(k)?,
                PathPart::Key(k) => write!(f, ".{k}")?,
                PathPart::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

/// What is wrong with a position's field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionErrorKind {
    /// The position is not a JSON object.
    NotAnObject,
    /// The field is not an object.
    ExpectedObject,
    /// The field is not an array.
    ExpectedArray,
    /// The field is not an array of seed counts.
    ExpectedCounts,
    /// The field is not a string.
    ExpectedString,
    /// The field is not `true` or `false`.
    ExpectedBool,
    /// The field is not a whole number.
    ExpectedWhole(Value),
    /// The field is missing.
    Missing,
    /// The field is not one of this object's.
    UnknownField,
    /// A number below 0.
    NegativeNumber(i64),
    /// A seed count below 0.
    NegativeCount(i64),
    /// A seed count over 2^15.
    CountTooLarge(i64),
    /// A row of the wrong length.
    CountsLength {
        /// Counts a row has.
        expected: usize,
        /// Counts given.
        found: usize,
    },
    /// A turn number or count that is not from 1.
    NotFromOne {
        /// The number given.
        n: u64,
        /// What it counts.
        what: Counted,
    },
    /// Not `south` or `north`.
    NotASide(String),
    /// The position of another game.
    WrongGame {
        /// The game's name.
        expected: &'static str,
        /// The name given.
        found: String,
    },
    /// No game of that name.
    UnknownGame(String),
    /// A half-played turn (`pending`).
    HalfPlayedTurn,
    /// A row length outside the game's.
    Holes {
        /// The length given.
        n: u64,
        /// The game.
        game: super::GameKind,
        /// Its fewest holes a row.
        min: usize,
        /// Its most holes a row.
        max: usize,
    },
    /// A hole the row does not have.
    NoSuchHole {
        /// The hole given.
        hole: u64,
        /// Holes in a row.
        holes: usize,
    },
    /// A side's seeds over what the game holds.
    MoreThan {
        /// The count given.
        n: u64,
        /// What bounds it.
        bound: SeedBound,
    },
    /// Enkeshui's `special_move` is not `off`, `once` or `any`.
    NotSpecialMove(String),
    /// Enkeshui's `unfilled` is not `open` or `closed`.
    NotUnfilled(String),
    /// A hole out of play holds seeds.
    ClosedHoldsSeeds {
        /// Its row's side.
        side: Side,
        /// The hole.
        hole: usize,
    },
    /// A bull on an empty hole.
    BullOnEmpty {
        /// Its row's side.
        side: Side,
        /// The hole.
        hole: usize,
    },
    /// The same bull listed twice.
    BullTwice {
        /// Its row's side.
        side: Side,
        /// The hole.
        hole: usize,
    },
    /// Enkeshui's board and captures do not hold its 48 seeds.
    EnkeshuiSeeds {
        /// The seeds they hold.
        total: u64,
        /// In match play.
        match_play: bool,
    },
    /// En Gehé's board and captures hold more than its holes may.
    EnGeheSeeds {
        /// The seeds they hold.
        total: u64,
        /// Holes in a row.
        holes: usize,
        /// The most they may hold.
        most: u64,
    },
    /// Bao's board and reserves do not hold its 64 cows.
    BaoCows {
        /// Cows on the board.
        board: u64,
        /// Each side's reserve.
        reserve: PerSide<u32>,
        /// Cows in all.
        total: u64,
    },
    /// A position's one line has too few fields (how many it has).
    LineFields(usize),
    /// A field of a position's one line that is not what it should be.
    NotInLine {
        /// The text given (an excerpt).
        found: String,
        /// What was expected there.
        expected: &'static str,
    },
}

/// What a number from 1 counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// The turn being played.
    TurnNumber,
    /// A number of turns (the turn limit).
    TurnCount,
    /// A match's number of games.
    GameCount,
}

/// What bounds a side's seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedBound {
    /// Enkeshui's 48 seeds.
    Enkeshui,
    /// Bao's 64 cows.
    Bao,
    /// What an En Gehé board of `holes` a row holds.
    EnGehe {
        /// Holes in a row.
        holes: usize,
        /// Seeds it holds.
        most: u32,
    },
}

impl fmt::Display for PositionErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionErrorKind as K;
        match self {
            K::NotAnObject => f.write_str("a position must be a JSON object"),
            K::ExpectedObject => f.write_str("expected an object"),
            K::ExpectedArray => f.write_str("expected an array"),
            K::ExpectedCounts => f.write_str("expected an array of seed counts"),
            K::ExpectedString => f.write_str("expected a string"),
            K::ExpectedBool => f.write_str("expected true or false"),
            K::ExpectedWhole(v) => write!(f, "expected a whole number, found {v}"),
            K::Missing => f.write_str("missing"),
            K::UnknownField => f.write_str("unknown field"),
            K::NegativeNumber(n) => write!(f, "negative number {n}"),
            K::NegativeCount(n) => write!(f, "negative count {n}"),
            K::CountTooLarge(n) => write!(f, "count {n} is too large"),
            K::CountsLength { expected, found } => {
                write!(f, "expected {expected} counts, found {found}")
            }
            K::NotFromOne { n, what } => {
                let what = match what {
                    Counted::TurnNumber => "turn number",
                    Counted::TurnCount => "turn count",
                    Counted::GameCount => "number of games",
                };
                write!(f, "{n} is not a {what} from 1")
            }
            K::NotASide(s) => write!(f, "'{s}' is not a side (south or north)"),
            K::WrongGame { expected, found } => write!(f, "expected {expected}, found '{found}'"),
            K::UnknownGame(name) => write!(
                f,
                "unknown game '{name}' (enkeshui, en-gehe or bao-la-kimasai)"
            ),
            K::HalfPlayedTurn => f.write_str("a half-played turn cannot be loaded"),
            K::Holes { n, game, min, max } => {
                write!(f, "{n} holes: {} rows have {min} to {max}", game.title())
            }
            K::NoSuchHole { hole, holes } => write!(f, "no hole {hole} (holes are 1 to {holes})"),
            K::MoreThan { n, bound } => {
                f.write_str(&format!("{n} is more than "))?;
                match bound {
                    SeedBound::Enkeshui => f.write_str("the 48 seeds of Enkeshui"),
                    SeedBound::Bao => f.write_str("the 64 cows of Bao la Kimasai"),
                    SeedBound::EnGehe { holes, most } => {
                        write!(f, "the {most} seeds a 2x{holes} board may hold")
                    }
                }
            }
            K::NotSpecialMove(s) => write!(f, "'{s}' is not off, once or any"),
            K::NotUnfilled(s) => write!(f, "'{s}' is not open or closed"),
            K::ClosedHoldsSeeds { side, hole } => {
                write!(f, "{side} hole {hole} is out of play but holds seeds")
            }
            K::BullOnEmpty { side, hole } => {
                write!(f, "a bull on {side} hole {hole}, which is empty")
            }
            K::BullTwice { side, hole } => {
                write!(f, "{side} hole {hole} is listed as a bull twice")
            }
            K::EnkeshuiSeeds { total, match_play } => {
                let stocks = if *match_play {
                    " (in match play too: the two stocks add up to 48)"
                } else {
                    ""
                };
                write!(
                    f,
                    "the board and captures hold {total} seeds: Enkeshui has 48{stocks}"
                )
            }
            K::EnGeheSeeds { total, holes, most } => write!(
                f,
                "the board and captures hold {total} seeds: a 2x{holes} En Gehé board holds at most {most} (4 a hole, fewer in a study)"
            ),
            K::BaoCows {
                board,
                reserve,
                total,
            } => write!(
                f,
                "the board ({board}) and the reserves ({} + {}) hold {total} cows: Bao la Kimasai has 64",
                reserve.south, reserve.north
            ),
            K::LineFields(n) => write!(
                f,
                "expected GAME ROWS SIDE CAPTURED TURN [RULE=VALUE ...]: found {n} fields"
            ),
            K::NotInLine { found, expected } => write!(f, "'{found}' is not {expected}"),
        }
    }
}

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
    prefix: FieldPath,
}

impl<'a> Fields<'a> {
    pub fn new(value: &'a Value) -> PResult<Self> {
        match value {
            Value::Object(map) => Ok(Fields {
                map,
                prefix: FieldPath::root(),
            }),
            _ => Err(PositionError::new(FieldPath::root(), K::NotAnObject)),
        }
    }

    fn nested(value: &'a Value, prefix: FieldPath) -> PResult<Self> {
        match value {
            Value::Object(map) => Ok(Fields { map, prefix }),
            _ => Err(PositionError::new(prefix, K::ExpectedObject)),
        }
    }

    pub fn name(&self, key: &str) -> FieldPath {
        self.prefix.key(key)
    }

    pub fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    pub fn require(&self, key: &str) -> PResult<&'a Value> {
        self.get(key)
            .ok_or_else(|| PositionError::new(self.name(key), K::Missing))
    }

    /// Refuses keys outside `known`, so that a typo is not silently ignored.
    pub fn only(&self, known: &[&str]) -> PResult<()> {
        for key in self.map.keys() {
            if !known.contains(&key.as_str()) {
                return Err(PositionError::new(self.name(key), K::UnknownField));
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
            .ok_or_else(|| PositionError::new(self.name(key), K::ExpectedString))
    }

    pub fn bool_or(&self, key: &str, default: bool) -> PResult<bool> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => v
                .as_bool()
                .ok_or_else(|| PositionError::new(self.name(key), K::ExpectedBool)),
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
    pub fn turns(&self, key: &str, default: Option<u32>, what: Counted) -> PResult<u32> {
        let n = match default {
            Some(d) => self.uint_or(key, d as u64)?,
            None => self.uint(key)?,
        };
        u32::try_from(n)
            .ok()
            .filter(|&t| t > 0 && t < u32::MAX)
            .ok_or_else(|| PositionError::new(self.name(key), K::NotFromOne { n, what }))
    }

    /// A turn limit (`max_turns`): any count from 1, the largest `u32`
    /// included, as `--max-turns` takes it.
    pub fn turn_limit(&self, key: &str, default: u32) -> PResult<u32> {
        let n = self.uint_or(key, default as u64)?;
        u32::try_from(n).ok().filter(|&t| t > 0).ok_or_else(|| {
            PositionError::new(
                self.name(key),
                K::NotFromOne {
                    n,
                    what: Counted::TurnCount,
                },
            )
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
        Side::parse(s).ok_or_else(|| PositionError::new(self.name(key), K::NotASide(s.into())))
    }

    /// A row of `len` seed counts.
    pub fn counts(&self, key: &str, len: usize) -> PResult<Vec<u16>> {
        let field = self.name(key);
        let arr = self
            .require(key)?
            .as_array()
            .ok_or_else(|| PositionError::new(field.clone(), K::ExpectedCounts))?;
        if arr.len() != len {
            return Err(PositionError::new(
                field,
                K::CountsLength {
                    expected: len,
                    found: arr.len(),
                },
            ));
        }
        arr.iter()
            .enumerate()
            .map(|(i, v)| {
                let name = field.index(i);
                let n = to_int(v, &name)?;
                if n < 0 {
                    Err(PositionError::new(name, K::NegativeCount(n)))
                } else if n > u16::MAX as i64 / 2 {
                    Err(PositionError::new(name, K::CountTooLarge(n)))
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
    pub fn per_side_seeds(
        &self,
        key: &str,
        max: u32,
        bound: SeedBound,
    ) -> PResult<Option<PerSide<u32>>> {
        let Some(counts) = self.per_side_uint(key)? else {
            return Ok(None);
        };
        let mut out = PerSide::new(0, 0);
        for side in Side::BOTH {
            let n = counts[side];
            out[side] = u32::try_from(n).ok().filter(|&c| c <= max).ok_or_else(|| {
                PositionError::new(self.name(key).key(side.name()), K::MoreThan { n, bound })
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
            .ok_or_else(|| PositionError::new(field.clone(), K::ExpectedArray))?;
        arr.iter()
            .enumerate()
            .map(|(i, item)| f(&Fields::nested(item, field.index(i))?))
            .collect()
    }

    /// The `"game"` field must name this game.
    pub fn expect_game(&self, accepted: &[&'static str]) -> PResult<()> {
        let g = self.str("game")?;
        if accepted.contains(&g) {
            Ok(())
        } else {
            Err(PositionError::new(
                "game",
                K::WrongGame {
                    expected: accepted[0],
                    found: g.into(),
                },
            ))
        }
    }

    /// A position is loaded at a turn boundary only.
    pub fn refuse_pending(&self) -> PResult<()> {
        if self.get("pending").is_some() {
            return Err(PositionError::new("pending", K::HalfPlayedTurn));
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
                K::CountsLength {
                    expected: n,
                    found: row.len(),
                },
            ));
        }
        if let Some((i, c)) = row.iter().enumerate().find(|(_, c)| **c > u16::MAX / 2) {
            return Err(PositionError::new(
                FieldPath::from(key).index(i),
                K::CountTooLarge(*c as i64),
            ));
        }
        counts[k * n..(k + 1) * n].copy_from_slice(row);
    }
    Ok(())
}

/// A row length within the game's `min..=max` holes (the JSON's `holes`,
/// read as any whole number, or a setup's).
pub fn check_holes(n: u64, min: usize, max: usize, game: GameKind) -> PResult<usize> {
    match usize::try_from(n) {
        Ok(holes) if (min..=max).contains(&holes) => Ok(holes),
        _ => Err(PositionError::new("holes", K::Holes { n, game, min, max })),
    }
}

/// A setup's turn number and turn limit, as the position JSON reads them.
pub fn check_turns(turn: u32, max_turns: u32) -> PResult<()> {
    if max_turns == 0 {
        return Err(PositionError::new(
            FieldPath::from("rules").key("max_turns"),
            K::NotFromOne {
                n: 0,
                what: Counted::TurnCount,
            },
        ));
    }
    if turn == 0 || turn == u32::MAX {
        return Err(PositionError::new(
            "turn",
            K::NotFromOne {
                n: turn as u64,
                what: Counted::TurnNumber,
            },
        ));
    }
    Ok(())
}

fn to_int(v: &Value, field: &FieldPath) -> PResult<i64> {
    v.as_i64()
        .ok_or_else(|| PositionError::new(field.clone(), K::ExpectedWhole(v.clone())))
}

fn to_uint(v: &Value, field: &FieldPath) -> PResult<u64> {
    if let Some(n) = v.as_u64() {
        return Ok(n);
    }
    let n = to_int(v, field)?;
    Err(PositionError::new(field.clone(), K::NegativeNumber(n)))
}

#[cfg(test)]
mod tests {
    use crate::engine::AnyGame;
    use serde_json::{Value, json};

    /// The start of an 8-hole Enkeshui game, to spoil one field at a time.
    fn enkeshui() -> Value {
        json!({
            "game": "enkeshui", "holes": 8,
            "south": [3, 3, 3, 3, 3, 3, 3, 3], "north": [3, 3, 3, 3, 3, 3, 3, 3],
            "to_move": "south",
        })
    }

    fn refused(edit: impl Fn(&mut Value)) -> String {
        let mut v = enkeshui();
        edit(&mut v);
        AnyGame::from_position(&v).unwrap_err().to_string()
    }

    /// The words of each refusal and the field path before them, the same
    /// words the protocol's `error` line and a refused record say.
    #[test]
    fn each_refusal_names_its_field_and_says_why() {
        assert!(AnyGame::from_position(&enkeshui()).is_ok());
        assert_eq!(
            AnyGame::from_position(&json!([1])).unwrap_err().to_string(),
            "a position must be a JSON object"
        );
        type Edit = Box<dyn Fn(&mut Value)>;
        let cases: Vec<(Edit, &str)> = vec![
            (
                Box::new(|v| v["rules"] = json!(3)),
                "rules: expected an object",
            ),
            (
                Box::new(|v| v["rules"] = json!({"capture_after_relay": 1})),
                "rules.capture_after_relay: expected true or false",
            ),
            (
                Box::new(|v| v["south"] = json!(3)),
                "south: expected an array of seed counts",
            ),
            (
                Box::new(|v| v["south"][2] = json!(40000)),
                "south[2]: count 40000 is too large",
            ),
            (
                Box::new(|v| v["north"][7] = json!("3")),
                "north[7]: expected a whole number, found \"3\"",
            ),
            (
                Box::new(|v| v["holes"] = json!(-8)),
                "holes: negative number -8",
            ),
            (
                Box::new(|v| v["bulls"] = json!(5)),
                "bulls: expected an array",
            ),
            (
                Box::new(|v| v["rules"] = json!({"special_move": "twice"})),
                "rules.special_move: 'twice' is not off, once or any",
            ),
            (
                Box::new(|v| v["rules"] = json!({"unfilled": "half"})),
                "rules.unfilled: 'half' is not open or closed",
            ),
            (
                Box::new(|v| v["bulls"] = json!([{"side": "south", "hole": 9, "owner": "north"}])),
                "bulls[0].hole: no hole 9 (holes are 1 to 8)",
            ),
            (
                Box::new(|v| {
                    v["south"][0] = json!(0);
                    v["north"][0] = json!(6);
                    v["closed"] = json!([{"side": "north", "hole": 1}]);
                }),
                "closed[0].hole: north hole 1 is out of play but holds seeds",
            ),
            (
                Box::new(|v| {
                    v["bulls"] = json!([
                        {"side": "south", "hole": 2, "owner": "north"},
                        {"side": "south", "hole": 2, "owner": "north"},
                    ])
                }),
                "bulls[1].hole: south hole 2 is listed as a bull twice",
            ),
            (
                Box::new(|v| v["to_move"] = json!("east")),
                "to_move: 'east' is not a side (south or north)",
            ),
            (
                Box::new(|v| v["game"] = json!("oware")),
                "game: unknown game 'oware' (enkeshui, en-gehe or bao-la-kimasai)",
            ),
            (
                Box::new(|v| v["colour"] = json!(1)),
                "colour: unknown field",
            ),
        ];
        for (edit, text) in cases {
            assert_eq!(refused(edit), text);
        }
    }

    #[test]
    fn a_field_path_prints_keys_and_items() {
        let p = super::FieldPath::from("games")
            .index(1)
            .key("race")
            .key("hole");
        assert_eq!(p.to_string(), "games[1].race.hole");
        assert!(super::FieldPath::root().to_string().is_empty());
    }
}

//! The Bao la Kimasai position JSON of NOTATION.md.

use super::setup::{Rows, Setup, check_cows};
use super::{Bao, COWS, DEFAULT_MAX_TURNS, Rules};
use crate::engine::position::{
    Counted, Fields, PResult, PositionError, PositionErrorKind, PositionJson, SeedBound,
};
use crate::engine::side::Side;
use serde_json::{Map, Value, json};

impl PositionJson for Bao {
    type Setup = Setup;

    fn to_setup(&self) -> Setup {
        Bao::to_setup(self)
    }

    fn setup_json(setup: &Setup) -> Value {
        setup_to_json(setup)
    }

    fn setup_from_json(value: &Value) -> PResult<Setup> {
        setup_from_json(value)
    }
}

/// The position JSON of a setup.
fn setup_to_json(s: &Setup) -> Value {
    let rows = |r: &Rows| json!({"inner": r.inner, "outer": r.outer});
    let mut obj = Map::new();
    obj.insert("game".into(), json!("bao-la-kimasai"));
    obj.insert("south".into(), rows(&s.south));
    obj.insert("north".into(), rows(&s.north));
    obj.insert("reserve".into(), json!(s.reserve));
    obj.insert("to_move".into(), json!(s.to_move));
    obj.insert("turn".into(), json!(s.turn));
    let rules = rules_json(&s.rules);
    if !rules.is_empty() {
        obj.insert("rules".into(), Value::Object(rules));
    }
    Value::Object(obj)
}

/// The rule flags that differ from the defaults.
pub fn rules_json(r: &Rules) -> Map<String, Value> {
    let mut m = Map::new();
    if r.max_turns != DEFAULT_MAX_TURNS {
        m.insert("max_turns".into(), json!(r.max_turns));
    }
    m
}

/// Reads a position into a setup: the JSON's shape and types are checked
/// here, the rules' invariants by [`Bao::from_setup`].
fn setup_from_json(value: &Value) -> PResult<Setup> {
    let f = Fields::new(value)?;
    f.refuse_pending()?;
    f.only(&[
        "game", "south", "north", "reserve", "to_move", "turn", "rules", "status", "result",
    ])?;
    f.expect_game(&["bao-la-kimasai", "bao"])?;
    let rules = Rules {
        max_turns: f.max_turns_only(DEFAULT_MAX_TURNS)?,
    };
    let mut sides = [Rows::default(); 2];
    for side in Side::BOTH {
        let rows = f.object(side.name())?;
        rows.only(&["inner", "outer"])?;
        let out = &mut sides[side.index()];
        for (key, row) in [("inner", &mut out.inner), ("outer", &mut out.outer)] {
            row.copy_from_slice(&rows.counts(key, 8)?);
        }
    }
    let reserve = f
        .per_side_seeds("reserve", COWS, SeedBound::Bao)?
        .ok_or_else(|| PositionError::new("reserve", PositionErrorKind::Missing))?;
    let [south, north] = sides;
    let setup = Setup {
        rules,
        south,
        north,
        reserve,
        // Read after the cow total, as the reader always has.
        to_move: Side::South,
        turn: 1,
    };
    check_cows(&setup)?;
    Ok(Setup {
        to_move: f.side("to_move")?,
        turn: f.turns("turn", None, Counted::TurnNumber)?,
        ..setup
    })
}

/// A record's `rules` object, read as a position reads it.
pub(crate) fn rules_from_map(rules: &Map<String, Value>) -> PResult<Rules> {
    let v = json!({"rules": rules});
    Ok(Rules {
        max_turns: Fields::new(&v)?.max_turns_only(DEFAULT_MAX_TURNS)?,
    })
}

//! The En Gehé position JSON of NOTATION.md.

use super::setup::{Setup, check_seeds};
use super::{DEFAULT_MAX_TURNS, EnGehe, MAX_HOLES, MIN_HOLES, Rules, SEEDS_PER_HOLE};
use crate::engine::GameKind;
use crate::engine::position::{Counted, Fields, PResult, PositionJson, SeedBound, check_holes};
use serde_json::{Map, Value, json};

impl PositionJson for EnGehe {
    type Setup = Setup;

    fn to_setup(&self) -> Setup {
        EnGehe::to_setup(self)
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
    let mut obj = Map::new();
    obj.insert("game".into(), json!("en-gehe"));
    obj.insert("holes".into(), json!(s.holes));
    obj.insert("south".into(), json!(s.south));
    obj.insert("north".into(), json!(s.north));
    obj.insert("captured".into(), json!(s.captured));
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
/// here, the rules' invariants by [`EnGehe::from_setup`].
fn setup_from_json(value: &Value) -> PResult<Setup> {
    let f = Fields::new(value)?;
    f.refuse_pending()?;
    f.only(&[
        "game", "holes", "south", "north", "captured", "to_move", "turn", "rules", "status",
        "result",
    ])?;
    f.expect_game(&["en-gehe"])?;
    let n = check_holes(f.uint("holes")?, MIN_HOLES, MAX_HOLES, GameKind::EnGehe)?;
    let rules = Rules {
        max_turns: f.max_turns_only(DEFAULT_MAX_TURNS)?,
    };
    let south = f.counts("south", n)?;
    let north = f.counts("north", n)?;
    let most = 2 * n as u32 * SEEDS_PER_HOLE as u32;
    let captured = f
        .per_side_seeds("captured", most, SeedBound::EnGehe { holes: n, most })?
        .unwrap_or_default();
    // Before the side and turn, as the reader always has.
    check_seeds(n, &south, &north, captured)?;
    Ok(Setup {
        rules,
        holes: n,
        south,
        north,
        captured,
        to_move: f.side("to_move")?,
        turn: f.turns("turn", Some(1), Counted::TurnNumber)?,
    })
}

/// A record's `rules` object, read as a position reads it.
pub(crate) fn rules_from_map(rules: &Map<String, Value>) -> PResult<Rules> {
    let v = json!({"rules": rules});
    Ok(Rules {
        max_turns: Fields::new(&v)?.max_turns_only(DEFAULT_MAX_TURNS)?,
    })
}

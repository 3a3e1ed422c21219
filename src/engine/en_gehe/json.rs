//! The En Gehé position JSON of NOTATION.md.

use super::setup::{Setup, check_seeds};
use super::{DEFAULT_MAX_TURNS, EnGehe, MAX_HOLES, MIN_HOLES, Rules, SEEDS_PER_HOLE};
use crate::engine::position::{Fields, PResult, PositionError};
use serde_json::{Map, Value, json};

pub fn to_json(game: &EnGehe) -> Value {
    setup_to_json(&game.to_setup())
}

/// The position JSON of a setup.
pub fn setup_to_json(s: &Setup) -> Value {
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

/// Reads and checks a position.
pub fn from_json(value: &Value) -> PResult<EnGehe> {
    EnGehe::from_setup(setup_from_json(value)?)
}

/// Reads a position into a setup: the JSON's shape and types are checked
/// here, the rules' invariants by [`EnGehe::from_setup`].
pub fn setup_from_json(value: &Value) -> PResult<Setup> {
    let f = Fields::new(value)?;
    f.refuse_pending()?;
    f.only(&[
        "game", "holes", "south", "north", "captured", "to_move", "turn", "rules", "status",
        "result",
    ])?;
    f.expect_game(&["en-gehe"])?;
    let n = f.uint("holes")?;
    if !(MIN_HOLES as u64..=MAX_HOLES as u64).contains(&n) {
        return Err(PositionError::new(
            "holes",
            format!("{n} holes: En Gehé rows have {MIN_HOLES} to {MAX_HOLES}"),
        ));
    }
    let n = n as usize;
    let rules = Rules {
        max_turns: f.max_turns_only(DEFAULT_MAX_TURNS)?,
    };
    let south = f.counts("south", n)?;
    let north = f.counts("north", n)?;
    let most = 2 * n as u32 * SEEDS_PER_HOLE as u32;
    let captured = f
        .per_side_seeds(
            "captured",
            most,
            &format!("the {most} seeds a 2x{n} board may hold"),
        )?
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
        turn: f.turns("turn", Some(1), "turn number")?,
    })
}

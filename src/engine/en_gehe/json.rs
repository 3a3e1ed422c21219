//! The En Gehé position JSON of NOTATION.md.

use super::{Board, DEFAULT_MAX_TURNS, EnGehe, MAX_HOLES, MIN_HOLES, Rules, SEEDS_PER_HOLE};
use crate::engine::position::{Fields, PResult, PositionError};
use crate::engine::side::Side;
use serde_json::{Map, Value, json};

pub fn to_json(game: &EnGehe) -> Value {
    let mut obj = Map::new();
    obj.insert("game".into(), json!("en-gehe"));
    obj.insert("holes".into(), json!(game.board.n));
    obj.insert("south".into(), json!(game.row(Side::South)));
    obj.insert("north".into(), json!(game.row(Side::North)));
    obj.insert("captured".into(), json!(game.captured));
    obj.insert("to_move".into(), json!(game.state.to_move));
    obj.insert("turn".into(), json!(game.state.turn));
    let rules = rules_json(&game.rules);
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

/// Reads and checks a position. A study may hold fewer seeds than the 8N of
/// a 2xN game, never more (RULES.md: more makes sowings that take hours to
/// decide).
pub fn from_json(value: &Value) -> PResult<EnGehe> {
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
    let mut board = Board::empty(n);
    board.counts[..n].copy_from_slice(&f.counts("south", n)?);
    board.counts[n..2 * n].copy_from_slice(&f.counts("north", n)?);
    let most = 2 * n as u32 * SEEDS_PER_HOLE as u32;
    let captured = f
        .per_side_seeds(
            "captured",
            most,
            &format!("the {most} seeds a 2x{n} board may hold"),
        )?
        .unwrap_or_default();
    // Holes hold at most 2^15 each (checked when read): no sum below can wrap.
    let total = board.seeds_on_board() as u64 + captured.south as u64 + captured.north as u64;
    if total > most as u64 {
        return Err(PositionError::new(
            "south",
            format!(
                "the board and captures hold {total} seeds: a 2x{n} En Gehé board holds at most {most} (4 a hole, fewer in a study)"
            ),
        ));
    }
    let to_move = f.side("to_move")?;
    let turn = f.turns("turn", Some(1), "turn number")?;
    Ok(EnGehe::from_parts(rules, board, captured, to_move, turn))
}

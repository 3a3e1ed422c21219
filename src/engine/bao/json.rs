//! The Bao la Kimasai position JSON of NOTATION.md.

use super::{Bao, COWS, DEFAULT_MAX_TURNS, HOLES, Row, Rules, index};
use crate::engine::position::{Fields, PResult, PositionError};
use crate::engine::side::Side;
use serde_json::{Map, Value, json};

pub fn to_json(game: &Bao) -> Value {
    let row = |side: Side, row: Row| -> Vec<u16> {
        (1..=8).map(|k| game.counts[index(side, row, k)]).collect()
    };
    let rows = |side: Side| json!({"inner": row(side, Row::Inner), "outer": row(side, Row::Outer)});
    let mut obj = Map::new();
    obj.insert("game".into(), json!("bao-la-kimasai"));
    obj.insert("south".into(), rows(Side::South));
    obj.insert("north".into(), rows(Side::North));
    obj.insert("reserve".into(), json!(game.reserve));
    obj.insert("to_move".into(), json!(game.state.to_move));
    obj.insert("turn".into(), json!(game.state.turn));
    if game.rules.max_turns != DEFAULT_MAX_TURNS {
        obj.insert("rules".into(), json!({"max_turns": game.rules.max_turns}));
    }
    Value::Object(obj)
}

/// Reads and checks a position.
pub fn from_json(value: &Value) -> PResult<Bao> {
    let f = Fields::new(value)?;
    f.refuse_pending()?;
    f.only(&[
        "game", "south", "north", "reserve", "to_move", "turn", "rules", "status", "result",
    ])?;
    f.expect_game(&["bao-la-kimasai", "bao"])?;
    let rules = Rules {
        max_turns: f.max_turns_only(DEFAULT_MAX_TURNS)?,
    };
    let mut counts = [0u16; HOLES];
    for side in Side::BOTH {
        let rows = f.object(side.name())?;
        rows.only(&["inner", "outer"])?;
        for (row, key) in [(Row::Inner, "inner"), (Row::Outer, "outer")] {
            for (k, c) in rows.counts(key, 8)?.into_iter().enumerate() {
                counts[index(side, row, k + 1)] = c;
            }
        }
    }
    let reserve = f
        .per_side_seeds("reserve", COWS, "the 64 cows of Bao la Kimasai")?
        .ok_or_else(|| PositionError::new("reserve", "missing"))?;
    // Holes hold at most 2^15 each (checked when read): no sum below can wrap.
    let board: u64 = counts.iter().map(|&c| c as u64).sum();
    let total = board + reserve.south as u64 + reserve.north as u64;
    if total != COWS as u64 {
        return Err(PositionError::new(
            "reserve",
            format!(
                "the board ({board}) and the reserves ({} + {}) hold {total} cows: Bao la Kimasai has {COWS}",
                reserve.south, reserve.north
            ),
        ));
    }
    let to_move = f.side("to_move")?;
    let turn = f.turns("turn", None, "turn number")?;
    Ok(Bao::from_parts(rules, counts, reserve, to_move, turn))
}

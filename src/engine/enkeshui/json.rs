//! The Enkeshui position JSON of NOTATION.md.

use super::{
    Board, DEFAULT_MAX_TURNS, Enkeshui, MAX_HOLES, MIN_HOLES, Rules, SEEDS, SpecialMove, Unfilled,
};
use crate::engine::Game;
use crate::engine::position::{Fields, PResult, PositionError};
use crate::engine::side::Side;
use serde_json::{Map, Value, json};

pub fn to_json(game: &Enkeshui) -> Value {
    let b = &game.board;
    let n = b.n;
    let row = |side: Side| -> Vec<u16> { b.row(side).map(|i| b.counts[i]).collect() };
    let holes_where =
        |mask: u32| -> Vec<usize> { (0..2 * n).filter(|&i| mask & (1 << i) != 0).collect() };
    let bulls: Vec<Value> = holes_where(b.bulls)
        .into_iter()
        .map(|i| {
            let name = game.hole_name(i);
            json!({"side": name.side, "hole": name.hole, "owner": b.bull_owner(i)})
        })
        .collect();
    let mut obj = Map::new();
    obj.insert("game".into(), json!("enkeshui"));
    obj.insert("holes".into(), json!(n));
    obj.insert("south".into(), json!(row(Side::South)));
    obj.insert("north".into(), json!(row(Side::North)));
    obj.insert("bulls".into(), Value::Array(bulls));
    obj.insert("captured".into(), json!(game.captured));
    obj.insert("to_move".into(), json!(game.state.to_move));
    obj.insert("turn".into(), json!(game.state.turn));
    let rules = rules_json(&game.rules);
    if !rules.is_empty() {
        obj.insert("rules".into(), Value::Object(rules));
    }
    if game.rules.special_move == SpecialMove::Once {
        obj.insert("special_used".into(), json!(game.special_used));
    }
    if b.closed != 0 {
        let closed: Vec<Value> = holes_where(b.closed)
            .into_iter()
            .map(|i| {
                let name = game.hole_name(i);
                json!({"side": name.side, "hole": name.hole})
            })
            .collect();
        obj.insert("closed".into(), Value::Array(closed));
    }
    Value::Object(obj)
}

/// The rule flags that differ from the defaults.
pub fn rules_json(r: &Rules) -> Map<String, Value> {
    let mut m = Map::new();
    if r.capture_after_relay {
        m.insert("capture_after_relay".into(), json!(true));
    }
    if r.special_move != SpecialMove::Off {
        m.insert("special_move".into(), json!(r.special_move.name()));
    }
    if r.max_turns != DEFAULT_MAX_TURNS {
        m.insert("max_turns".into(), json!(r.max_turns));
    }
    if r.match_play {
        m.insert("match".into(), json!(true));
    }
    if r.unfilled != Unfilled::Open {
        m.insert("unfilled".into(), json!(r.unfilled.name()));
    }
    m
}

fn rules_from(f: &Fields) -> PResult<Rules> {
    let mut rules = Rules::default();
    if f.get("rules").is_none() {
        return Ok(rules);
    }
    let r = f.object("rules")?;
    r.only(&[
        "capture_after_relay",
        "special_move",
        "max_turns",
        "match",
        "unfilled",
    ])?;
    rules.capture_after_relay = r.bool_or("capture_after_relay", false)?;
    if r.get("special_move").is_some() {
        let s = r.str("special_move")?;
        rules.special_move = SpecialMove::parse(s).ok_or_else(|| {
            PositionError::new(
                r.name("special_move"),
                format!("'{s}' is not off, once or any"),
            )
        })?;
    }
    rules.max_turns = r.turn_limit("max_turns", DEFAULT_MAX_TURNS)?;
    rules.match_play = r.bool_or("match", false)?;
    if r.get("unfilled").is_some() {
        let s = r.str("unfilled")?;
        rules.unfilled = Unfilled::parse(s).ok_or_else(|| {
            PositionError::new(r.name("unfilled"), format!("'{s}' is not open or closed"))
        })?;
    }
    Ok(rules)
}

/// Reads and checks a position.
pub fn from_json(value: &Value) -> PResult<Enkeshui> {
    let f = Fields::new(value)?;
    f.refuse_pending()?;
    f.only(&[
        "game",
        "holes",
        "south",
        "north",
        "bulls",
        "captured",
        "to_move",
        "turn",
        "rules",
        "special_used",
        "closed",
        "status",
        "result",
    ])?;
    f.expect_game(&["enkeshui"])?;
    let n = f.uint("holes")? as usize;
    if !(MIN_HOLES..=MAX_HOLES).contains(&n) {
        return Err(PositionError::new(
            "holes",
            format!("{n} holes: Enkeshui rows have {MIN_HOLES} to {MAX_HOLES}"),
        ));
    }
    let rules = rules_from(&f)?;
    let mut board = Board::empty(n);
    board.counts[..n].copy_from_slice(&f.counts("south", n)?);
    board.counts[n..2 * n].copy_from_slice(&f.counts("north", n)?);
    let index = |side: Side, hole: usize| match side {
        Side::South => hole - 1,
        Side::North => n + hole - 1,
    };
    let hole_of = |item: &Fields| -> PResult<(Side, usize)> {
        let side = item.side("side")?;
        let hole = item.uint("hole")? as usize;
        if hole == 0 || hole > n {
            return Err(PositionError::new(
                item.name("hole"),
                format!("no hole {hole} (holes are 1 to {n})"),
            ));
        }
        Ok((side, hole))
    };
    for (side, hole, item) in f.list("closed", |item| {
        item.only(&["side", "hole"])?;
        let (side, hole) = hole_of(item)?;
        Ok((side, hole, item.name("hole")))
    })? {
        let i = index(side, hole);
        if board.counts[i] != 0 {
            return Err(PositionError::new(
                item,
                format!("{side} hole {hole} is out of play but holds seeds"),
            ));
        }
        board.closed |= 1 << i;
    }
    for (side, hole, owner, item) in f.list("bulls", |item| {
        item.only(&["side", "hole", "owner"])?;
        let (side, hole) = hole_of(item)?;
        Ok((side, hole, item.side("owner")?, item.name("hole")))
    })? {
        let i = index(side, hole);
        if board.counts[i] == 0 {
            return Err(PositionError::new(
                item,
                format!("a bull on {side} hole {hole}, which is empty"),
            ));
        }
        if board.is_bull(i) {
            return Err(PositionError::new(
                item,
                format!("{side} hole {hole} is listed as a bull twice"),
            ));
        }
        board.make_bull(i, owner);
    }
    let captured = f
        .per_side_seeds("captured", SEEDS, "the 48 seeds of Enkeshui")?
        .unwrap_or_default();
    // Holes hold at most 2^15 each (checked when read): no sum below can wrap.
    let total = board.seeds_on_board() as u64 + captured.south as u64 + captured.north as u64;
    if total != SEEDS as u64 {
        let stocks = if rules.match_play {
            " (in match play too: the two stocks add up to 48)"
        } else {
            ""
        };
        return Err(PositionError::new(
            "south",
            format!("the board and captures hold {total} seeds: Enkeshui has {SEEDS}{stocks}"),
        ));
    }
    let to_move = f.side("to_move")?;
    let turn = f.turns("turn", Some(1), "turn number")?;
    let special_used = f.per_side_bool("special_used")?.unwrap_or_default();
    Ok(Enkeshui::from_parts(
        rules,
        board,
        captured,
        to_move,
        turn,
        special_used,
    ))
}

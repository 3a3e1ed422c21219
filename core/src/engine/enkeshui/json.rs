//! The Enkeshui position JSON of NOTATION.md.

use super::setup::{Bull, Setup};
use super::{
    DEFAULT_MATCH_GAMES, DEFAULT_MAX_TURNS, Enkeshui, MAX_HOLES, MIN_HOLES, Rules, SEEDS,
    SpecialMove, Unfilled,
};
use crate::engine::GameKind;
use crate::engine::position::{
    Counted, Fields, PResult, PositionError, PositionErrorKind, PositionJson, SeedBound,
    check_holes,
};
use crate::engine::side::Side;
use serde_json::{Map, Value, json};

impl PositionJson for Enkeshui {
    type Setup = Setup;

    fn to_setup(&self) -> Setup {
        Enkeshui::to_setup(self)
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
    let bulls: Vec<Value> = s
        .bulls
        .iter()
        .map(|b| json!({"side": b.side, "hole": b.hole, "owner": b.owner}))
        .collect();
    let mut obj = Map::new();
    obj.insert("game".into(), json!("enkeshui"));
    obj.insert("holes".into(), json!(s.holes));
    obj.insert("south".into(), json!(s.south));
    obj.insert("north".into(), json!(s.north));
    obj.insert("bulls".into(), Value::Array(bulls));
    obj.insert("captured".into(), json!(s.captured));
    obj.insert("to_move".into(), json!(s.to_move));
    obj.insert("turn".into(), json!(s.turn));
    let rules = rules_json(&s.rules);
    if !rules.is_empty() {
        obj.insert("rules".into(), Value::Object(rules));
    }
    if s.rules.special_move == SpecialMove::Once {
        obj.insert("special_used".into(), json!(s.special_used));
    }
    if !s.closed.is_empty() {
        let closed: Vec<Value> = s
            .closed
            .iter()
            .map(|(side, hole)| json!({"side": side, "hole": hole}))
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
    if r.match_games != DEFAULT_MATCH_GAMES {
        m.insert("match_games".into(), json!(r.match_games));
    }
    m
}

/// A record's `rules` object (`{"rules": ...}` of a position), read as a
/// position reads it: a refusal names `rules.KEY`.
pub(crate) fn rules_from_map(rules: &Map<String, Value>) -> PResult<Rules> {
    let v = json!({"rules": rules});
    rules_from(&Fields::new(&v)?)
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
        "match_games",
    ])?;
    rules.capture_after_relay = r.bool_or("capture_after_relay", false)?;
    if r.get("special_move").is_some() {
        let s = r.str("special_move")?;
        rules.special_move = SpecialMove::parse(s).ok_or_else(|| {
            PositionError::new(
                r.name("special_move"),
                PositionErrorKind::NotSpecialMove(s.into()),
            )
        })?;
    }
    rules.max_turns = r.turn_limit("max_turns", DEFAULT_MAX_TURNS)?;
    rules.match_play = r.bool_or("match", false)?;
    if r.get("unfilled").is_some() {
        let s = r.str("unfilled")?;
        rules.unfilled = Unfilled::parse(s).ok_or_else(|| {
            PositionError::new(r.name("unfilled"), PositionErrorKind::NotUnfilled(s.into()))
        })?;
    }
    // Absent in records written before the rule: the default.
    rules.match_games = r.turns("match_games", Some(DEFAULT_MATCH_GAMES), Counted::GameCount)?;
    Ok(rules)
}

/// Reads a position into a setup: the JSON's shape and types are checked
/// here, the rules' invariants by [`Enkeshui::from_setup`].
fn setup_from_json(value: &Value) -> PResult<Setup> {
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
    let n = check_holes(f.uint("holes")?, MIN_HOLES, MAX_HOLES, GameKind::Enkeshui)?;
    let rules = rules_from(&f)?;
    let south = f.counts("south", n)?;
    let north = f.counts("north", n)?;
    let hole_of = |item: &Fields| -> PResult<(Side, usize)> {
        let side = item.side("side")?;
        let hole = item.uint("hole")?;
        if hole == 0 || hole > n as u64 {
            return Err(PositionError::new(
                item.name("hole"),
                PositionErrorKind::NoSuchHole { hole, holes: n },
            ));
        }
        Ok((side, hole as usize))
    };
    let closed = f.list("closed", |item| {
        item.only(&["side", "hole"])?;
        hole_of(item)
    })?;
    let bulls = f.list("bulls", |item| {
        item.only(&["side", "hole", "owner"])?;
        let (side, hole) = hole_of(item)?;
        Ok(Bull {
            side,
            hole,
            owner: item.side("owner")?,
        })
    })?;
    let captured = f
        .per_side_seeds("captured", SEEDS, SeedBound::Enkeshui)?
        .unwrap_or_default();
    Ok(Setup {
        rules,
        holes: n,
        south,
        north,
        bulls,
        closed,
        captured,
        to_move: f.side("to_move")?,
        turn: f.turns("turn", Some(1), Counted::TurnNumber)?,
        special_used: f.per_side_bool("special_used")?.unwrap_or_default(),
    })
}

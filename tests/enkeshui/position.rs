//! The position JSON (round trips, refusals naming the field), the seed totals
//! it must hold, and the canonical decision tokens.

use super::*;

#[test]
fn position_round_trip_with_every_field() {
    let v = json!({"game":"enkeshui","holes":8,"south":[0,0,4,0,4,4,4,0],"north":[0,0,5,4,4,4,4,0],
        "bulls":[{"side":"north","hole":3,"owner":"south"}],"captured":{"south":10,"north":1},
        "to_move":"north","turn":7,"rules":{"capture_after_relay":true,"special_move":"once","max_turns":300},
        "special_used":{"south":true,"north":false}});
    let g = load(v.clone());
    assert_eq!(g.position_json(), v);
}

#[test]
fn bad_positions_are_refused_naming_the_field() {
    let err = |v: serde_json::Value| AnyGame::from_position(&v).unwrap_err().to_string();
    let mut v = enk(
        &[0, 0, 4, 4, 4, 4, 4, 4],
        &[0, 0, 4, 4, 4, 4, 4, 4],
        "south",
    );
    v.bulls = vec![bull("north", 1, "south")];
    assert_eq!(
        position_error(v),
        "bulls[0].hole: a bull on north hole 1, which is empty"
    );
    let mut v = enk_json(
        &[0, 0, 4, 4, 4, 4, 4, 4],
        &[0, 0, 4, 4, 4, 4, 4, 4],
        "south",
    );
    v["south"] = json!([0, 0, 4, 4, 4, 4, 4]);
    assert_eq!(err(v), "south: expected 8 counts, found 7");
    let mut v = enk_json(
        &[0, 0, 4, 4, 4, 4, 4, 4],
        &[0, 0, 4, 4, 4, 4, 4, 4],
        "south",
    );
    v["north"][2] = json!(-1);
    assert_eq!(err(v), "north[2]: negative count -1");
    let mut v = enk_json(
        &[0, 0, 4, 4, 4, 4, 4, 4],
        &[0, 0, 4, 4, 4, 4, 4, 4],
        "south",
    );
    v["captured"]["north"] = json!(1);
    assert!(err(v).starts_with("south: the board and captures hold 49 seeds: Enkeshui has 48"));
    let mut v = enk_json(
        &[0, 0, 4, 4, 4, 4, 4, 4],
        &[0, 0, 4, 4, 4, 4, 4, 4],
        "south",
    );
    v["colour"] = json!("red");
    assert_eq!(err(v), "colour: unknown field");
    let mut v = enk_json(
        &[0, 0, 4, 4, 4, 4, 4, 4],
        &[0, 0, 4, 4, 4, 4, 4, 4],
        "south",
    );
    v["to_move"] = json!("east");
    assert_eq!(err(v), "to_move: 'east' is not a side (south or north)");
    let mut v = enk_json(
        &[0, 0, 4, 4, 4, 4, 4, 4],
        &[0, 0, 4, 4, 4, 4, 4, 4],
        "south",
    );
    v["pending"] = json!({"decision": "direction"});
    assert_eq!(err(v), "pending: a half-played turn cannot be loaded");
    let mut v = enk_json(
        &[0, 0, 4, 4, 4, 4, 4, 4],
        &[0, 0, 4, 4, 4, 4, 4, 4],
        "south",
    );
    v["holes"] = json!(3);
    assert_eq!(err(v), "holes: 3 holes: Enkeshui rows have 4 to 16");
    assert_eq!(
        err(json!({"game":"chess"})),
        "game: unknown game 'chess' (enkeshui, en-gehe or bao-la-kimasai)"
    );
    assert_eq!(err(json!([1, 2])), "a position must be a JSON object");
    let mut v = enk_json(
        &[0, 0, 4, 4, 4, 4, 4, 4],
        &[0, 0, 4, 4, 4, 4, 4, 4],
        "south",
    );
    v["rules"] = json!({"special_move":"twice"});
    assert_eq!(
        err(v.clone()),
        "rules.special_move: 'twice' is not off, once or any"
    );
    v["rules"] = json!({"max_turns": 0});
    assert_eq!(err(v), "rules.max_turns: 0 is not a turn count from 1");
}

#[test]
fn state_carries_the_same_rules_as_the_position() {
    let g = special_position("once");
    assert_eq!(state(&g)["rules"], json!({"special_move": "once"}));
    assert_eq!(
        state(&g)["special_used"],
        json!({"south": false, "north": false})
    );
    assert_eq!(state(&g)["status"], "playing");
    let _ = SpecialMove::Once;
}

/// A match position of 2x4 with 32,767 seeds in every hole used to load, and
/// `moves 4 ccw ccw ccw ccw cw` then lost 131,072 seeds to wrapping counts.
#[test]
fn a_match_position_must_hold_48_seeds() {
    let v = json!({"game":"enkeshui","holes":4,"south":[32767,32767,32767,32767],
        "north":[32767,32767,32767,32767],"to_move":"south","rules":{"match":true}});
    assert_eq!(
        position_error(v.clone()),
        "south: the board and captures hold 262136 seeds: Enkeshui has 48 (in match play too: the two stocks add up to 48)"
    );
    let mut s = Session::default();
    assert_eq!(
        ask(&mut s, &format!("position {v}")),
        "error south: the board and captures hold 262136 seeds: Enkeshui has 48 (in match play too: the two stocks add up to 48)"
    );
    // Nothing was loaded: the game is still Enkeshui 2x8 from its start.
    assert_eq!(
        ask(&mut s, "moves 4 ccw ccw ccw ccw cw"),
        "error 2 ccw no direction is asked for: the turn has not crossed the opponent's row"
    );
    // 47 seeds in a match is refused too; 48 loads.
    let mut v = enk(
        &[0, 0, 4, 4, 4, 4, 4, 4],
        &[0, 0, 4, 4, 4, 4, 4, 3],
        "south",
    );
    v.rules.match_play = true;
    v.captured = PerSide::new(0, 0);
    assert_eq!(
        position_error(v.clone()),
        "south: the board and captures hold 47 seeds: Enkeshui has 48 (in match play too: the two stocks add up to 48)"
    );
    v.captured = PerSide::new(1, 0);
    assert_eq!(load(v).total_seeds(), 48);
}

/// `captured: 4294967296` was read as 0; a match `captured` near 2^32 wrapped
/// on the next capture and in the final score.
#[test]
fn captured_counts_are_checked_before_any_arithmetic() {
    let mut v = enk_json(
        &[0, 0, 4, 4, 4, 4, 4, 4],
        &[0, 0, 4, 4, 4, 4, 4, 4],
        "south",
    );
    v["captured"] = json!({"south": 4294967296u64, "north": 0});
    assert_eq!(
        position_error(v.clone()),
        "captured.south: 4294967296 is more than the 48 seeds of Enkeshui"
    );
    // 2^32 - 4 + 4 on a capture, and in the score with the row.
    v["captured"] = json!({"south": 0, "north": 4294967292u64});
    v["rules"] = json!({"match": true});
    assert_eq!(
        position_error(v.clone()),
        "captured.north: 4294967292 is more than the 48 seeds of Enkeshui"
    );
    v["captured"] = json!({"south": 0, "north": 18446744073709551615u64});
    assert_eq!(
        position_error(v),
        "captured.north: 18446744073709551615 is more than the 48 seeds of Enkeshui"
    );
}

// ---- Canonical decision tokens (issue 10 §3) ----

#[test]
fn decision_tokens_are_canonical() {
    let mut g = load(
        json!({"game":"enkeshui","holes":8,"south":[0,0,4,4,4,4,4,4],
        "north":[0,0,4,4,4,4,4,4],"to_move":"south","rules":{"special_move":"any"}}),
    );
    let before = state(&g);
    for token in ["+8", "08", " 8", "8 ", "0x8", "８"] {
        assert_eq!(
            refuse(&mut g, token),
            format!(
                "'{token}' is not an Enkeshui decision (a hole 1..8, cw, ccw or a special move x..)"
            ),
        );
    }
    for token in [
        "x+3,4=0,0,4,4,4,4,4,4",
        "x03,4=0,0,4,4,4,4,4,4",
        "x3,4=0,0,04,4,4,4,4,4",
        "x3,4=0,0,+4,4,4,4,4,4",
        "x3, 4=0,0,4,4,4,4,4,4",
    ] {
        assert_eq!(
            refuse(&mut g, token),
            format!("'{token}' is not a special move (write it like x3,5=0,2,4,0,1,0,0,3)"),
        );
    }
    for token in ["CW", "cw ", "+cw"] {
        assert!(
            refuse(&mut g, token).starts_with(&format!("'{token}' is not an Enkeshui decision"))
        );
    }
    assert_eq!(state(&g), before);
    // The canonical forms still play.
    let mut h = g.clone();
    play(&mut h, "x3,4=0,0,2,6,0,0,0,0");
    play(&mut g, "8");
}

fn ask(s: &mut Session, line: &str) -> String {
    match s.handle(line) {
        Reply::Line(l) => l,
        _ => panic!("no answer to {line}"),
    }
}

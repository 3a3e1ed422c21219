//! Bao la Kimasai: hand-worked positions, the protocol, perft and properties.
//!
//! Loop indices in the comments: South's inner i1..i8 = 0..7, outer o8..o1 = 8..15;
//! North's inner i1..i8 = 16..23, outer o8..o1 = 24..31.

#[path = "../common/mod.rs"]
mod common;
mod totals;

use masai_mancala::engine::PositionJson;
use masai_mancala::engine::SeededRng;
use masai_mancala::engine::bao::{self, Bao, Move, Row, Rows, Setup};
use masai_mancala::engine::{
    EndReason, Event, Game, HoleLabel, MoveError, NoSuchHole, PerSide, Quiet, Side, Status,
};
use masai_mancala::protocol::{Reply, Session};
use proptest::prelude::*;
use rand::SeedableRng;
use serde_json::{Value, json};
use std::collections::HashSet;

/// A setup from rows listed from the owner's hole 1 (i1..i8, o1..o8).
fn position(
    south: ([u16; 8], [u16; 8]),
    north: ([u16; 8], [u16; 8]),
    reserve: (u32, u32),
    to_move: &str,
    turn: u32,
) -> Setup {
    let rows = |(inner, outer)| Rows { inner, outer };
    Setup {
        rules: bao::Rules::default(),
        south: rows(south),
        north: rows(north),
        reserve: PerSide::new(reserve.0, reserve.1),
        to_move: Side::parse(to_move).expect("south or north"),
        turn,
    }
}

fn load(s: &Setup) -> Bao {
    Bao::from_setup(s.clone()).expect("a valid position")
}

/// For the tests of the JSON reader.
fn load_json(v: &Value) -> Bao {
    Bao::from_position(v).expect("a valid position")
}

/// (inner, outer) of a side as listed in the position JSON.
fn rows(g: &Bao, side: &str) -> (Vec<u64>, Vec<u64>) {
    let v = g.position_json();
    let row = |r: &str| -> Vec<u64> {
        v[side][r]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect()
    };
    (row("inner"), row("outer"))
}

fn play(g: &mut Bao, token: &str) -> Result<(), MoveError> {
    let m = g.parse_decision(token)?;
    g.play(&m, &mut Quiet)
}

fn tokens(g: &Bao) -> Vec<String> {
    g.legal().iter().map(|m| m.to_string()).collect()
}

fn over(g: &Bao) -> (Option<Side>, u32, u32, EndReason) {
    match g.status() {
        Status::Over(o) => (o.winner, o.score.south, o.score.north, o.reason),
        Status::Playing => panic!("the game is not over"),
    }
}

/// Reference implementation, written independently of the engine: sows one
/// player's 16-hole loop (own[k] = loop hole k) with relay and, with `steals`,
/// steals from the opponent's inner row (opp[j] = his i(j+1)); a set of visited
/// lap-end states detects a sowing that never ends (fine for short cycles).
fn reference_sow(own: &mut [u16; 16], opp: &mut [u16; 8], start: usize, steals: bool) -> bool {
    let mut seen = HashSet::new();
    let mut hand = own[start];
    own[start] = 0;
    let mut pos = start;
    loop {
        while hand > 0 {
            pos = (pos + 1) % 16;
            own[pos] += 1;
            hand -= 1;
        }
        if own[pos] == 1 {
            return true;
        }
        if !seen.insert((*own, *opp, pos)) {
            return false;
        }
        if steals && pos < 8 && opp[7 - pos] > 0 {
            hand = opp[7 - pos];
            opp[7 - pos] = 0;
            pos = (pos + 15) % 16;
        } else {
            hand = own[pos];
            own[pos] = 0;
        }
    }
}

// ---------------------------------------------------------------- phase 1

#[test]
fn start_position() {
    let g = Bao::default();
    assert_eq!(
        g.to_setup(),
        position(([1; 8], [0; 8]), ([1; 8], [0; 8]), (24, 24), "south", 1)
    );
    assert_eq!(g.phase(), 1);
    assert!(!g.places_cow(), "turn 1 adds no cow");
    assert_eq!(tokens(&g), ["i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8"]);
    assert_eq!((g.score().south, g.score().north), (32, 32));
    assert_eq!(g.total_seeds(), 64);
}

#[test]
fn first_turn_adds_no_cow() {
    // i3 (1) -> i4 = 2, relay -> i5 2, i6 2, relay -> i7 2, i8 2, relay i8 (2) ->
    // o8 1, o7 1: o7 was empty, the turn ends. The reserve stays 24.
    let mut g = Bao::default();
    play(&mut g, "i3").unwrap();
    assert_eq!(
        rows(&g, "south"),
        (vec![1, 1, 0, 0, 2, 0, 2, 0], vec![0, 0, 0, 0, 0, 0, 1, 1])
    );
    assert_eq!((g.reserve().south, g.reserve().north), (24, 24));
    assert_eq!((g.to_move(), g.turn()), (Side::North, 2));
    assert!(g.places_cow(), "North places a cow on turn 2");
}

#[test]
fn reserve_cow_then_relay_with_events() {
    // Turn 2, North i1: 1 + the reserve cow = 2 -> i2 2, i3 2; relay i3 -> i4 2,
    // i5 2; relay i5 -> i6 2, i7 2; relay i7 -> i8 2, o8 1: o8 was empty.
    let mut g = Bao::default();
    play(&mut g, "i3").unwrap();
    let mut log = Vec::new();
    g.play(&Move::inner(1), &mut log).unwrap();
    assert_eq!(
        rows(&g, "north"),
        (vec![0, 2, 0, 2, 0, 2, 0, 2], vec![0, 0, 0, 0, 0, 0, 0, 1])
    );
    assert_eq!((g.reserve().south, g.reserve().north), (24, 23));
    let drop = |hole| Event::Drop { hole };
    let lift = |hole, seeds, lap| Event::Lift { hole, seeds, lap };
    let end = |hole, lap, seeds| Event::LapEnd { hole, lap, seeds };
    assert_eq!(
        log,
        vec![
            Event::Reserve {
                hole: 16,
                side: Side::North
            },
            lift(16, 2, 1),
            drop(17),
            drop(18),
            end(18, 1, 2),
            lift(18, 2, 2),
            drop(19),
            drop(20),
            end(20, 2, 2),
            lift(20, 2, 3),
            drop(21),
            drop(22),
            end(22, 3, 2),
            lift(22, 2, 4),
            drop(23),
            drop(24),
            end(24, 4, 1),
            Event::TurnEnd { side: Side::North },
        ]
    );
}

#[test]
fn phase_one_relay_round_the_loop_and_no_captures() {
    // South i1 holds 16, + the reserve cow = 17: one whole circuit (every hole 1,
    // i1 included) and one more into i2 (2): relay i2 -> i3 2, i4 2; i4 -> i5 2,
    // i6 2; i6 -> i7 2, i8 2; i8 -> o8 2, o7 2; o7 -> o6 2, o5 2; o5 -> o4 2,
    // o3 2; o3 -> o2 2, o1 2; o1 -> i1 2, i2 1: i2 was empty. Laps ending on i4 and
    // i6 face occupied North holes, but phase 1 has no captures.
    let v = position(
        ([16, 0, 0, 0, 0, 0, 0, 0], [0; 8]),
        ([4, 4, 4, 4, 4, 4, 4, 0], [0; 8]),
        (10, 10),
        "south",
        5,
    );
    let mut g = load(&v);
    let mut log = Vec::new();
    g.play(&Move::inner(1), &mut log).unwrap();
    assert_eq!(
        rows(&g, "south"),
        (vec![2, 1, 2, 0, 2, 0, 2, 0], vec![0, 2, 0, 2, 0, 2, 0, 2])
    );
    assert_eq!(rows(&g, "north").0, vec![4, 4, 4, 4, 4, 4, 4, 0]);
    assert_eq!((g.reserve().south, g.reserve().north), (9, 10));
    assert_eq!(
        log[1],
        Event::Lift {
            hole: 0,
            seeds: 17,
            lap: 1
        }
    );
    let laps = log
        .iter()
        .filter(|e| matches!(e, Event::LapEnd { .. }))
        .count();
    assert_eq!(laps, 9);
    assert!(!log.iter().any(|e| matches!(e, Event::Steal { .. })));
}

#[test]
fn player_without_reserve_sows_without_a_cow() {
    // South's reserve is 0, North's is not: South's i1 (1) goes to i2 (empty).
    let v = position(
        ([1, 0, 0, 0, 0, 0, 0, 0], [0; 8]),
        ([1; 8], [0; 8]),
        (0, 55),
        "south",
        20,
    );
    let mut g = load(&v);
    assert!(!g.places_cow());
    play(&mut g, "i1").unwrap();
    assert_eq!(rows(&g, "south").0, vec![0, 1, 0, 0, 0, 0, 0, 0]);
    assert_eq!((g.reserve().south, g.reserve().north), (0, 55));
    // North then places as usual: i8 (1 + 1) -> o8 1, o7 1.
    play(&mut g, "i8").unwrap();
    assert_eq!(
        rows(&g, "north"),
        (vec![1, 1, 1, 1, 1, 1, 1, 0], vec![0, 0, 0, 0, 0, 0, 1, 1])
    );
    assert_eq!(g.reserve().north, 54);
}

#[test]
fn phase_timing_reserves_run_out_after_turn_49() {
    // South places on turns 3, 5, .., 49 and North on 2, 4, .., 48: after turn t,
    // South has placed floor((t-1)/2) cows and North floor(t/2).
    let mut g = Bao::default();
    for t in 1..=49u32 {
        assert_eq!(g.turn(), t);
        assert_eq!(g.phase(), 1, "turn {t}");
        assert_eq!(g.places_cow(), t > 1, "turn {t}");
        let m = g.legal()[0];
        g.play(&m, &mut Quiet).unwrap();
        assert_eq!(g.reserve().south, 24 - (t - 1) / 2, "after turn {t}");
        assert_eq!(g.reserve().north, 24 - t / 2, "after turn {t}");
        assert_eq!(g.total_seeds(), 64);
    }
    assert_eq!((g.turn(), g.to_move(), g.phase()), (50, Side::North, 2));
    assert!(!g.places_cow());
}

#[test]
fn first_north_shifts_the_placements() {
    let mut g = Bao::default().with_first(Side::North);
    assert_eq!(g.to_move(), Side::North);
    play(&mut g, "i8").unwrap();
    // North i8 (1) -> o8: no cow added on turn 1; South places on turn 2.
    assert_eq!(
        rows(&g, "north"),
        (vec![1, 1, 1, 1, 1, 1, 1, 0], vec![0, 0, 0, 0, 0, 0, 0, 1])
    );
    assert_eq!(g.reserve().north, 24);
    assert!(g.places_cow());
    assert_eq!(g.to_move(), Side::South);
}

/// The moves from the start that reach the endless phase-1 sowing (found by a
/// random search; turn 11, South to move).
const ENDLESS_LINE: [&str; 10] = ["i7", "i5", "i3", "i6", "o7", "i4", "o5", "i5", "i2", "o8"];

#[test]
fn endless_phase_one_sowing_is_not_legal() {
    let mut g = Bao::default();
    for t in ENDLESS_LINE {
        play(&mut g, t).unwrap();
    }
    assert_eq!(
        g.to_setup(),
        position(
            ([1, 0, 1, 0, 1, 3, 0, 1], [0, 1, 2, 0, 1, 0, 1, 0]),
            ([1, 1, 1, 0, 0, 2, 0, 4], [0, 0, 0, 1, 1, 0, 2, 0]),
            (20, 19),
            "south",
            11,
        )
    );
    // i6 holds 3, + the reserve cow = 4: its relay never ends.
    assert!(!tokens(&g).contains(&"i6".to_string()));
    let before = g.position_json();
    match play(&mut g, "i6") {
        Err(MoveError::Endless(e)) => {
            let msg = e.to_string();
            assert!(msg.contains("every 120 laps"), "{msg}");
            assert_eq!(e.period, 120);
        }
        other => panic!("expected Endless, got {other:?}"),
    }
    assert_eq!(g.position_json(), before, "a refused move changes nothing");
    // The reference sowing (a set of visited states) agrees: it never ends.
    let mut own = [0u16; 16];
    own.copy_from_slice(&g.counts()[..16]);
    own[5] += 1;
    assert!(!reference_sow(&mut own, &mut [0; 8], 5, false));
    // Every other non-empty hole is listed and ends.
    let listed = tokens(&g);
    assert_eq!(listed, ["i1", "i3", "i5", "i8", "o2", "o3", "o5", "o7"]);
    for t in listed {
        let mut h = g.clone();
        play(&mut h, &t).unwrap();
    }
}

// ---------------------------------------------------------------- phase 2

/// North's outer row holding what the tests do not use (52 cows).
const NORTH_OUTER: [u16; 8] = [7, 7, 7, 7, 6, 6, 6, 6];

#[test]
fn steal_sows_from_the_capturing_hole() {
    // South i3 (1) -> i4 = 2, occupied, facing North i5 (3): steal. The 3 cows go
    // to i4 (3), i5 1, i6 1: i6 was empty, the turn ends.
    let v = position(
        ([0, 0, 1, 1, 0, 0, 0, 0], [0; 8]),
        ([1, 1, 1, 1, 3, 1, 1, 1], NORTH_OUTER),
        (0, 0),
        "south",
        60,
    );
    let mut g = load(&v);
    let mut log = Vec::new();
    g.play(&Move::inner(3), &mut log).unwrap();
    assert_eq!(rows(&g, "south").0, vec![0, 0, 0, 3, 1, 1, 0, 0]);
    assert_eq!(rows(&g, "north").0, vec![1, 1, 1, 1, 0, 1, 1, 1]);
    assert_eq!(g.status(), Status::Playing);
    assert_eq!((g.score().south, g.score().north), (5, 59));
    assert_eq!(
        log,
        vec![
            Event::Lift {
                hole: 2,
                seeds: 1,
                lap: 1
            },
            Event::Drop { hole: 3 },
            Event::LapEnd {
                hole: 3,
                lap: 1,
                seeds: 2
            },
            Event::Steal {
                from: 20,
                into: 3,
                seeds: 3
            },
            Event::Drop { hole: 3 },
            Event::Drop { hole: 4 },
            Event::Drop { hole: 5 },
            Event::LapEnd {
                hole: 5,
                lap: 2,
                seeds: 1
            },
            Event::TurnEnd { side: Side::South },
        ]
    );
}

#[test]
fn chained_steals_then_relay() {
    // South i3 (1) -> i4 2, faces North i5 (2): steal 2 -> i4 3, i5 2. i5 was
    // occupied and faces North i4 (1): steal 1 -> i5 3. i5 now faces an empty
    // hole: relay 3 -> i6 1, i7 1, i8 1: i8 was empty.
    let v = position(
        ([0, 0, 1, 1, 1, 0, 0, 0], [0; 8]),
        ([1, 1, 1, 1, 2, 1, 1, 1], NORTH_OUTER),
        (0, 0),
        "south",
        60,
    );
    let mut g = load(&v);
    let mut log = Vec::new();
    g.play(&Move::inner(3), &mut log).unwrap();
    assert_eq!(rows(&g, "south").0, vec![0, 0, 0, 3, 0, 1, 1, 1]);
    assert_eq!(rows(&g, "north").0, vec![1, 1, 1, 0, 0, 1, 1, 1]);
    let steals: Vec<&Event> = log
        .iter()
        .filter(|e| matches!(e, Event::Steal { .. }))
        .collect();
    assert_eq!(
        steals,
        [
            &Event::Steal {
                from: 20,
                into: 3,
                seeds: 2
            },
            &Event::Steal {
                from: 19,
                into: 4,
                seeds: 1
            }
        ]
    );
    assert!(log.contains(&Event::Lift {
        hole: 4,
        seeds: 3,
        lap: 4
    }));
    assert_eq!((g.score().south, g.score().north), (6, 58));
}

#[test]
fn steal_lap_ending_in_an_occupied_outer_hole_relays() {
    // South i7 (1) -> i8 2, faces North i1 (3): steal 3 -> i8 3, o8 2, o7 2. o7
    // was occupied (outer: no steal): relay 2 -> o6 1, o5 1: o5 was empty.
    let v = position(
        ([0, 0, 0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 0, 0, 1, 1]),
        ([3, 1, 1, 1, 1, 1, 1, 1], [7, 7, 6, 6, 6, 6, 6, 6]),
        (0, 0),
        "south",
        60,
    );
    let mut g = load(&v);
    play(&mut g, "i7").unwrap();
    assert_eq!(
        rows(&g, "south"),
        (vec![0, 0, 0, 0, 0, 0, 0, 3], vec![0, 0, 0, 0, 1, 1, 0, 2])
    );
    assert_eq!(rows(&g, "north").0, vec![0, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!((g.score().south, g.score().north), (7, 57));
}

#[test]
fn emptying_the_opponents_inner_row_wins() {
    // As the first steal, but North's only inner cows are the 3 in i5.
    let v = position(
        ([0, 0, 1, 1, 0, 0, 0, 0], [0; 8]),
        ([0, 0, 0, 0, 3, 0, 0, 0], [8, 8, 8, 8, 8, 8, 7, 4]),
        (0, 0),
        "south",
        60,
    );
    let mut g = load(&v);
    play(&mut g, "i3").unwrap();
    assert_eq!(rows(&g, "south").0, vec![0, 0, 0, 3, 1, 1, 0, 0]);
    assert_eq!(
        over(&g),
        (Some(Side::South), 5, 59, EndReason::InnerRowEmpty)
    );
    assert!(g.legal().is_empty());
    assert_eq!(
        g.play(&Move::inner(4), &mut Quiet),
        Err(MoveError::GameOver)
    );
}

#[test]
fn mover_wins_even_when_both_inner_rows_are_empty() {
    // A set-up: North's inner row is already empty, South's only inner cow is i8.
    // South i8 (1) -> o8: both inner rows are empty; the mover wins.
    let v = position(
        ([0, 0, 0, 0, 0, 0, 0, 1], [0; 8]),
        ([0; 8], [9, 9, 9, 9, 9, 9, 9, 0]),
        (0, 0),
        "south",
        80,
    );
    let mut g = load(&v);
    assert_eq!(g.status(), Status::Playing);
    play(&mut g, "i8").unwrap();
    assert_eq!(
        rows(&g, "south"),
        (vec![0; 8], vec![0, 0, 0, 0, 0, 0, 0, 1])
    );
    assert_eq!(
        over(&g),
        (Some(Side::South), 1, 63, EndReason::InnerRowEmpty)
    );
}

#[test]
fn empty_inner_row_at_the_start_of_a_phase_two_turn_loses() {
    let v = position(
        ([0; 8], [5, 0, 0, 0, 0, 0, 0, 0]),
        ([1; 8], [7, 7, 7, 7, 7, 7, 7, 2]),
        (0, 0),
        "south",
        70,
    );
    let g = load(&v);
    assert_eq!(
        over(&g),
        (Some(Side::North), 5, 59, EndReason::InnerRowEmpty)
    );
    assert!(g.legal().is_empty());
}

#[test]
fn empty_inner_row_in_phase_one_is_no_loss() {
    // The same board with reserves left: South places into o1 (5 + 1 = 6); o1 is
    // loop hole 15, so the 6 cows go to i1..i6, all empty: the last, i6, ends.
    let v = position(
        ([0; 8], [5, 0, 0, 0, 0, 0, 0, 0]),
        ([1; 8], [7, 7, 7, 7, 7, 7, 7, 0]),
        (1, 1),
        "south",
        47,
    );
    let mut g = load(&v);
    assert_eq!(tokens(&g), ["o1"]);
    play(&mut g, "o1").unwrap();
    assert_eq!(
        rows(&g, "south"),
        (vec![1, 1, 1, 1, 1, 1, 0, 0], vec![0; 8])
    );
    assert_eq!(g.status(), Status::Playing);
}

#[test]
fn a_player_with_no_move_loses() {
    // A set-up in phase 1: South's 16 holes are empty, so he has no hole to put
    // his reserve cow in and sow: he cannot move and loses.
    let v = position(([0; 8], [0; 8]), ([2; 8], [2; 8]), (16, 16), "south", 30);
    let g = load(&v);
    assert_eq!(over(&g), (Some(Side::North), 16, 48, EndReason::NoSeeds));
    assert!(g.legal().is_empty());
}

#[test]
fn turn_limit_compares_cows() {
    // The steal-then-relay position at turn 60 with --max-turns 60: after South's
    // move the turn number is 61 > 60 and the game ends on cows (7 against 57).
    let mut v = position(
        ([0, 0, 0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 0, 0, 1, 1]),
        ([3, 1, 1, 1, 1, 1, 1, 1], [7, 7, 6, 6, 6, 6, 6, 6]),
        (0, 0),
        "south",
        60,
    );
    v.rules.max_turns = 60;
    let mut g = load(&v);
    assert_eq!(g.rules().max_turns, 60);
    assert_eq!(g.position_json()["rules"], json!({"max_turns": 60}));
    play(&mut g, "i7").unwrap();
    assert_eq!(over(&g), (Some(Side::North), 7, 57, EndReason::TurnLimit));
}

#[test]
fn decision_tokens() {
    let g = Bao::default();
    assert_eq!(g.parse_decision("i3"), Ok(Move::inner(3)));
    assert_eq!(
        g.parse_decision("o8"),
        Ok(Move {
            row: Row::Outer,
            hole: 8
        })
    );
    assert!(matches!(g.parse_decision("3"), Err(MoveError::BadToken(_))));
    assert!(matches!(g.parse_decision("i"), Err(MoveError::BadToken(_))));
    assert!(matches!(
        g.parse_decision("x3"),
        Err(MoveError::BadToken(_))
    ));
    let mut h = g.clone();
    assert!(matches!(play(&mut h, "i9"), Err(MoveError::NoSuchHole(_))));
    assert!(matches!(play(&mut h, "i0"), Err(MoveError::NoSuchHole(_))));
    assert!(matches!(play(&mut h, "o3"), Err(MoveError::EmptyHole(_))));
    assert_eq!(h.position_json(), g.position_json());
}

#[test]
fn board_index_convention() {
    assert_eq!(bao::index(Side::South, Row::Inner, 1), 0);
    assert_eq!(bao::index(Side::South, Row::Outer, 8), 8);
    assert_eq!(bao::index(Side::South, Row::Outer, 1), 15);
    assert_eq!(bao::index(Side::North, Row::Inner, 3), 18);
    assert_eq!(bao::index(Side::North, Row::Outer, 5), 27);
    // South i1 faces North i8, South i4 faces North i5.
    assert_eq!(bao::opposite(0), bao::index(Side::North, Row::Inner, 8));
    assert_eq!(bao::opposite(3), bao::index(Side::North, Row::Inner, 5));
    assert_eq!(bao::next(15), 0);
    assert_eq!(bao::next(31), 16);
    let g = Bao::default();
    assert_eq!(g.hole_name(27).hole.to_string(), "o5");
    assert_eq!(json!(g.hole_name(27).hole), json!("o5"));
    assert_eq!(g.hole_name(27).side, Side::North);
}

// ---------------------------------------------------------------- position JSON

#[test]
fn json_round_trip_and_alias() {
    let mut g = Bao::default();
    for t in ["i3", "i1", "o7", "i2"] {
        play(&mut g, t).unwrap();
    }
    let v = g.position_json();
    let back = load_json(&v);
    assert_eq!(back.position_json(), v);
    assert_eq!(back.counts(), g.counts());
    let mut alias = v.clone();
    alias["game"] = json!("bao");
    assert_eq!(load_json(&alias).position_json(), v);
    // status and result (as in a `state` answer) are ignored.
    let mut with_state = v.clone();
    with_state["status"] = json!("playing");
    with_state["result"] = json!({"winner": null});
    assert_eq!(load_json(&with_state).position_json(), v);
}

#[test]
fn json_refusals_name_the_field() {
    let good = Bao::setup_json(&position(
        ([1; 8], [0; 8]),
        ([1; 8], [0; 8]),
        (24, 24),
        "south",
        1,
    ));
    let field = |edit: &dyn Fn(&mut Value)| -> String {
        let mut v = good.clone();
        edit(&mut v);
        Bao::from_position(&v).unwrap_err().field.to_string()
    };
    assert_eq!(field(&|v| v["holes"] = json!(8)), "holes");
    assert_eq!(field(&|v| v["pending"] = json!({})), "pending");
    assert_eq!(field(&|v| v["reserve"]["south"] = json!(23)), "reserve");
    assert_eq!(
        field(&|v| v["south"]["inner"][2] = json!(-1)),
        "south.inner[2]"
    );
    assert_eq!(
        field(&|v| v["north"]["outer"] = json!(vec![0; 7])),
        "north.outer"
    );
    assert_eq!(
        field(&|v| v["north"]["middle"] = json!(vec![0; 8])),
        "north.middle"
    );
    assert_eq!(field(&|v| v["reserve"]["east"] = json!(0)), "reserve.east");
    assert_eq!(
        field(&|v| v["reserve"]["north"] = json!(-2)),
        "reserve.north"
    );
    assert_eq!(field(&|v| v["turn"] = json!(0)), "turn");
    assert_eq!(
        field(&|v| {
            v.as_object_mut().unwrap().remove("turn");
        }),
        "turn"
    );
    assert_eq!(field(&|v| v["to_move"] = json!("east")), "to_move");
    assert_eq!(field(&|v| v["game"] = json!("enkeshui")), "game");
    assert_eq!(
        field(&|v| v["rules"] = json!({"max_turns": 0})),
        "rules.max_turns"
    );
    assert_eq!(field(&|v| v["rules"] = json!({"race": "on"})), "rules.race");
    let mut v = good.clone();
    v["south"]["outer"][0] = json!(5);
    let msg = Bao::from_position(&v).unwrap_err().to_string();
    assert!(msg.contains("69 cows"), "{msg}");
}

// ---------------------------------------------------------------- protocol and perft

fn answer(s: &mut Session, line: &str) -> String {
    match s.handle(line) {
        Reply::Line(l) => l,
        _ => panic!("no answer to {line}"),
    }
}

#[test]
fn protocol_lines() {
    let mut s = Session::default();
    assert_eq!(answer(&mut s, "new bao"), "ok");
    assert_eq!(answer(&mut s, "legal"), "legal i1 i2 i3 i4 i5 i6 i7 i8");
    // i3 as in first_turn_adds_no_cow; North's o5 is empty, so nothing is played.
    assert_eq!(answer(&mut s, "moves i3 o5"), "error 2 o5 hole o5 is empty");
    assert_eq!(answer(&mut s, "moves i3 i1"), "ok");
    let state = answer(&mut s, "state");
    let v: Value = serde_json::from_str(state.strip_prefix("state ").unwrap()).unwrap();
    assert_eq!(v["south"]["inner"], json!([1, 1, 0, 0, 2, 0, 2, 0]));
    assert_eq!(v["north"]["inner"], json!([0, 2, 0, 2, 0, 2, 0, 2]));
    assert_eq!(v["reserve"], json!({"south": 24, "north": 23}));
    assert_eq!(v["turn"], json!(3));
    assert_eq!(v["status"], json!("playing"));
    assert_eq!(answer(&mut s, "perft 0"), "perft 1");
    let legal = answer(&mut s, "legal");
    let n = legal.split_whitespace().count() - 1;
    assert_eq!(answer(&mut s, "perft 1"), format!("perft {n}"));
    let best = answer(&mut s, "go seed 3");
    let tok = best.strip_prefix("bestmove ").unwrap();
    assert!(legal.split_whitespace().skip(1).any(|t| t == tok));
    assert_eq!(
        answer(&mut s, "new bao-la-kimasai --first north --max-turns 9"),
        "ok"
    );
    let state = answer(&mut s, "state");
    assert!(state.contains(r#""to_move":"north""#), "{state}");
    assert!(state.contains(r#""rules":{"max_turns":9}"#), "{state}");
    assert!(answer(&mut s, "new bao --max-turns 0").starts_with("error"));
    // From the start (either side first) perft 2 is 8 x 8.
    let pos = Bao::setup_json(&position(
        ([1; 8], [0; 8]),
        ([1; 8], [0; 8]),
        (24, 24),
        "north",
        1,
    ));
    assert_eq!(answer(&mut s, &format!("position {pos}")), "ok");
    assert_eq!(answer(&mut s, "perft 2"), "perft 64");
}

/// Perft by the reference sowing, independent of the engine's game logic.
fn reference_perft(
    counts: [u16; 32],
    reserve: [u32; 2],
    mover: usize,
    turn: u32,
    depth: u32,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let phase2 = reserve == [0, 0];
    let inner_empty =
        |c: &[u16; 32], side: usize| c[16 * side..16 * side + 8].iter().all(|&x| x == 0);
    if phase2 && inner_empty(&counts, mover) {
        return 0;
    }
    let places = !phase2 && turn != 1 && reserve[mover] > 0;
    let o = 16 * (1 - mover);
    let mut total = 0;
    for k in 0..16 {
        if counts[16 * mover + k] == 0 {
            continue;
        }
        let mut own = [0u16; 16];
        own.copy_from_slice(&counts[16 * mover..16 * mover + 16]);
        let mut opp = [0u16; 8];
        opp.copy_from_slice(&counts[o..o + 8]);
        if places {
            own[k] += 1;
        }
        if !reference_sow(&mut own, &mut opp, k, phase2) {
            continue;
        }
        let mut next = counts;
        next[16 * mover..16 * mover + 16].copy_from_slice(&own);
        next[o..o + 8].copy_from_slice(&opp);
        let mut r = reserve;
        if places {
            r[mover] -= 1;
        }
        total += reference_perft(next, r, 1 - mover, turn + 1, depth - 1);
    }
    total
}

#[test]
fn perft_from_the_start_matches_the_data_file_and_the_reference() {
    // tests/perft.rs checks every depth of the file through the protocol.
    let cases = common::perft_cases(include_str!("../data/perft-bao.txt"));
    assert_eq!(cases.len(), 1, "one case: the start");
    let g = Bao::default();
    let counts = &cases[0].1;
    assert!(counts.len() >= 4);
    for (d, &count) in counts.iter().enumerate() {
        let depth = d as u32 + 1;
        if depth <= 4 {
            assert_eq!(
                masai_mancala::engine::perft(&g, depth),
                Ok(count),
                "depth {depth}"
            );
            let reference = reference_perft(*g.counts(), [24, 24], 0, 1, depth);
            assert_eq!(reference, count, "reference depth {depth}");
        }
    }
}

// ---------------------------------------------------------------- properties

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Random games under the contract every game keeps
    /// (tests/common/contract.rs): 64 cows always, every turn ends, `legal`
    /// and `play` agree, the position survives a JSON round trip. Also: a
    /// hole is refused as empty exactly when it holds no cow.
    #[test]
    fn random_games_keep_the_contract(seed in any::<u64>()) {
        let g = common::contract::check_random_game(Bao::default(), seed, |before, _, after| {
            assert_eq!(after.total_seeds(), 64);
            assert_eq!(after.score().south + after.score().north, 64);
            for row in [Row::Inner, Row::Outer] {
                for k in 1..=8 {
                    let m = Move { row, hole: k };
                    let empty = before.counts()[bao::index(before.to_move(), row, k)] == 0;
                    let refused_empty =
                        matches!(before.clone().play(&m, &mut Quiet), Err(MoveError::EmptyHole(_)));
                    assert_eq!(refused_empty, empty, "{m}");
                }
            }
        });
        prop_assert!(g.status().is_over());
        prop_assert!(g.turn() <= 1001);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// The packed quiet sowing equals the event-giving one on random boards.
    #[test]
    fn quiet_sowing_matches_the_observed_one(
        own in proptest::collection::vec(0u16..6, 16),
        opp in proptest::collection::vec(0u16..4, 16),
        start in 0usize..16,
        steals in any::<bool>(),
        north in any::<bool>(),
    ) {
        let (side, b, o) = if north { (Side::North, 16, 0) } else { (Side::South, 0, 16) };
        let mut counts = [0u16; 32];
        counts[b..b + 16].copy_from_slice(&own);
        counts[o..o + 16].copy_from_slice(&opp);
        counts[b + start] += 1;
        let mut observed = counts;
        let a = bao::sow_turn(&mut observed, side, b + start, steals, &mut Vec::new());
        let q = bao::sow_quiet(&counts, side, b + start, steals);
        match (a, q) {
            (Ok(_), Ok(board)) => prop_assert_eq!(board, observed),
            (Err(x), Err(y)) => prop_assert_eq!(x.period, y.period),
            (a, q) => prop_assert!(false, "{:?} vs {:?}", a, q.map(|_| ())),
        }
    }
}

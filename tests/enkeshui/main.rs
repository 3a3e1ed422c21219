//! Enkeshui rules, one test per rule and branch, from positions worked out by hand.
//! Board notation in comments: S[..] and N[..] list each row from its owner's hole 1.

#[path = "../common/mod.rs"]
mod common;
mod position;
mod race;
mod special;

use common::*;
use masai_mancala::engine::PositionJson;
use masai_mancala::engine::enkeshui::play_match::{
    MatchEnd, MatchResult, Next, fill_row, next_game,
};
use masai_mancala::engine::enkeshui::race::Race;
use masai_mancala::engine::enkeshui::{Enkeshui, Layout, Rules, Setup, SpecialMove, Unfilled};
use masai_mancala::engine::{AnyGame, Game, PerSide, Quiet, Side};
use masai_mancala::protocol::{Reply, Session};
use serde_json::json;

fn start(n: usize) -> AnyGame {
    AnyGame::Enkeshui(Enkeshui::new(
        &Layout::default_for(n).unwrap(),
        Rules::default(),
    ))
}

fn with_rules(mut s: Setup, rules: Rules) -> Setup {
    s.rules = rules;
    s
}

// ---- Start positions and layouts ----

#[test]
fn start_2x8_south_may_sow_holes_3_to_8() {
    let g = start(8);
    assert_eq!(g.legal_tokens(), ["3", "4", "5", "6", "7", "8"]);
    assert_eq!(
        rows(&g),
        (vec![0, 0, 4, 4, 4, 4, 4, 4], vec![0, 0, 4, 4, 4, 4, 4, 4])
    );
}

#[test]
fn start_2x12_alternate_layout() {
    let g = start(12);
    let (s, n) = rows(&g);
    assert_eq!(s, [0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3]);
    assert_eq!(s, n);
}

#[test]
fn layouts_by_name_and_counts() {
    let l = Layout::from_options(None, Some("8-right-empty")).unwrap();
    assert_eq!(l.south, [4, 4, 4, 4, 4, 4, 0, 0]);
    // Ten counts holding 24: a custom 2x10 board, both rows alike.
    let l = Layout::from_options(None, Some("3 3 3 3 3 3 3 3 0 0")).unwrap();
    assert_eq!(l.holes(), 10);
    assert_eq!(l.north, [3, 3, 3, 3, 3, 3, 3, 3, 0, 0]);
    // 2N counts: South's row then North's.
    let l = Layout::from_options(Some(4), Some("6,6,6,6,6,6,6,6")).unwrap();
    assert_eq!((l.south.clone(), l.north.clone()), (vec![6; 4], vec![6; 4]));
    assert!(!l.is_traditional_size());
    assert!(Layout::default_for(10).unwrap().is_invented());
}

#[test]
fn bad_layouts_are_refused_with_the_reason() {
    let e = |h: Option<usize>, l: Option<&str>| Layout::from_options(h, l).unwrap_err().to_string();
    assert!(e(None, Some("zigzag")).starts_with("unknown layout 'zigzag'"));
    assert_eq!(
        e(Some(8), Some("4 4 4 4 4 4 4 4")),
        "layout holds 64 seeds: Enkeshui needs 48"
    );
    assert_eq!(
        e(Some(8), Some("4 4 4 4 4 4")),
        "layout has 6 counts: expected 8 (both rows alike) or 16 (South's row then North's) for 8 holes"
    );
    assert!(e(Some(9), None).starts_with("--holes 9: Enkeshui is played with 8, 10 or 12 holes"));
    assert!(e(Some(17), None).starts_with("--holes 17: Enkeshui rows have 4 to 16 holes"));
    assert_eq!(
        e(Some(8), Some("12-alternate")),
        "layout '12-alternate' is for 12 holes, not 8"
    );
}

// ---- Sowing and relay ----

#[test]
fn lap_ending_in_an_empty_opponent_hole_ends_the_turn() {
    // S8 holds 2: drops into N1 (0->1) and N2 (0->1); N2 was empty -> turn over.
    let mut g = load(enk(
        &[1, 1, 1, 1, 1, 1, 1, 2],
        &[0, 0, 5, 5, 5, 5, 5, 5],
        "south",
    ));
    play(&mut g, "8");
    assert_eq!(
        rows(&g),
        (vec![1, 1, 1, 1, 1, 1, 1, 0], vec![1, 1, 5, 5, 5, 5, 5, 5])
    );
    assert_eq!(g.to_move(), Side::North);
    assert_eq!(g.turn(), 2);
}

#[test]
fn relay_then_no_capture_on_the_second_lap() {
    // From the start, S8 (4) -> N1..N4 = 1,1,5,5; N4 held 4 -> relay 5:
    // N5..N8 = 5,5,5,5 and S1 0->1. S1 is South's own empty hole, but on lap 2
    // there is no capture: the seed stays.
    let mut g = start(8);
    play(&mut g, "8");
    assert_eq!(
        rows(&g),
        (vec![1, 0, 4, 4, 4, 4, 4, 0], vec![1, 1, 5, 0, 5, 5, 5, 5])
    );
    assert_eq!(captured(&g), (0, 0));
}

#[test]
fn capture_after_relay_flag_captures_on_a_relay_lap_with_a_chain() {
    // The same move with --capture-after-relay: S1 now holds 1 and faces N8 (5):
    // take 5 + the capturing seed; S2 is empty and faces N7 (5): take 5; S3 holds
    // seeds: the chain stops. 11 captured.
    let v = with_rules(
        enk(
            &[0, 0, 4, 4, 4, 4, 4, 4],
            &[0, 0, 4, 4, 4, 4, 4, 4],
            "south",
        ),
        Rules {
            capture_after_relay: true,
            ..Rules::default()
        },
    );
    let mut g = load(v);
    play(&mut g, "8");
    assert_eq!(
        rows(&g),
        (vec![0, 0, 4, 4, 4, 4, 4, 0], vec![1, 1, 5, 0, 5, 5, 0, 0])
    );
    assert_eq!(captured(&g), (11, 0));
    assert_eq!(state(&g)["rules"], json!({"capture_after_relay": true}));
}

#[test]
fn a_lap_of_more_than_a_circuit_drops_into_the_origin_hole() {
    // 4 holes a side, ring of 8. S1 holds 9: one seed in each of the 8 holes
    // (S1 itself last of the circuit) and one more into S2. S2: 2 -> 4 after two
    // drops, but the pair rule looks at the last two drops: S1 got its seed
    // (0->1) before S2's last one; S2 ends on 4 (it held 3) -> a bull.
    let v = json!({"game":"enkeshui","holes":4,"south":[9,2,0,0],"north":[0,0,0,0],
        "captured":{"south":0,"north":37},"to_move":"south"});
    let mut g = load(v);
    play(&mut g, "1");
    assert_eq!(rows(&g), (vec![1, 4, 1, 1], vec![1, 1, 1, 1]));
    assert_eq!(
        state(&g)["bulls"],
        json!([{"side":"south","hole":2,"owner":"south"}])
    );
}

// ---- Captures ----

#[test]
fn capture_with_chain_on_the_first_lap() {
    // S1 (2) -> S2 0->1, S3 0->1. S3 was empty and faces N6 (5): take 5 + 1.
    // Chain: S4 empty faces N5 (2): take 2. S5 empty faces N4 (0): stop. 8 in all.
    let mut g = load(enk(
        &[2, 0, 0, 0, 0, 0, 0, 0],
        &[0, 0, 3, 0, 2, 5, 0, 0],
        "south",
    ));
    play(&mut g, "1");
    assert_eq!(
        rows(&g),
        (vec![0, 1, 0, 0, 0, 0, 0, 0], vec![0, 0, 3, 0, 0, 0, 0, 0])
    );
    assert_eq!(captured(&g), (8, 36));
}

#[test]
fn chain_stops_at_a_bull() {
    // As above but N5 is a bull: the chain stops there, only N6 + 1 captured.
    let mut v = enk(
        &[2, 0, 0, 0, 0, 0, 0, 0],
        &[0, 0, 3, 0, 2, 5, 0, 0],
        "south",
    );
    v.bulls = vec![bull("north", 5, "north")];
    let mut g = load(v);
    play(&mut g, "1");
    assert_eq!(
        rows(&g),
        (vec![0, 1, 0, 0, 0, 0, 0, 0], vec![0, 0, 3, 0, 2, 0, 0, 0])
    );
    assert_eq!(captured(&g), (6, 36));
}

#[test]
fn chain_runs_to_the_end_of_the_row_only() {
    // S6 (2) -> S7 0->1, S8 0->1: S8 faces N1 (3): take 3 + 1; the row ends there.
    let mut g = load(enk(
        &[1, 0, 0, 0, 0, 2, 0, 0],
        &[3, 1, 0, 0, 0, 0, 0, 0],
        "south",
    ));
    play(&mut g, "6");
    assert_eq!(
        rows(&g),
        (vec![1, 0, 0, 0, 0, 0, 1, 0], vec![0, 1, 0, 0, 0, 0, 0, 0])
    );
    assert_eq!(captured(&g), (4, 41));
}

#[test]
fn north_captures_along_his_own_row() {
    // North's N1 (2) -> N2 0->1, N3 0->1; N3 faces S6 (4): take 4 + 1. N4 is
    // empty and faces S5 (2): take 2. N5 holds seeds: stop.
    let mut g = load(enk(
        &[1, 0, 0, 0, 2, 4, 0, 0],
        &[2, 0, 0, 0, 3, 0, 0, 0],
        "north",
    ));
    play(&mut g, "1");
    assert_eq!(
        rows(&g),
        (vec![1, 0, 0, 0, 0, 0, 0, 0], vec![0, 1, 0, 0, 3, 0, 0, 0])
    );
    assert_eq!(captured(&g), (0, 36 + 7));
}

#[test]
fn empty_opposite_means_no_capture_and_the_seed_stays() {
    // S1 (1) -> S2 0->1; S2 faces N7, empty: nothing, turn over.
    let mut g = load(enk(
        &[1, 0, 0, 0, 0, 0, 0, 3],
        &[2, 0, 0, 0, 0, 0, 0, 2],
        "south",
    ));
    play(&mut g, "1");
    assert_eq!(
        rows(&g),
        (vec![0, 1, 0, 0, 0, 0, 0, 3], vec![2, 0, 0, 0, 0, 0, 0, 2])
    );
    assert_eq!(captured(&g), (0, 40));
}

#[test]
fn a_bull_opposite_is_not_captured() {
    // S1 (1) -> S2 0->1; S2 faces N7, a bull: nothing is taken, the seed stays.
    let mut v = enk(
        &[1, 0, 0, 0, 0, 0, 0, 3],
        &[2, 0, 0, 0, 0, 0, 4, 2],
        "south",
    );
    v.bulls = vec![bull("north", 7, "south")];
    let mut g = load(v);
    play(&mut g, "1");
    assert_eq!(
        rows(&g),
        (vec![0, 1, 0, 0, 0, 0, 0, 3], vec![2, 0, 0, 0, 0, 0, 4, 2])
    );
    assert_eq!(captured(&g), (0, 36));
}

// ---- Bulls ----

#[test]
fn a_single_bull_in_the_movers_row() {
    // S1 (1) -> S2 3->4: a South bull; the turn ends.
    let mut g = load(enk(
        &[1, 3, 0, 0, 0, 0, 0, 2],
        &[2, 0, 0, 0, 0, 0, 0, 2],
        "south",
    ));
    play(&mut g, "1");
    assert_eq!(rows(&g).0, [0, 4, 0, 0, 0, 0, 0, 2]);
    assert_eq!(
        state(&g)["bulls"],
        json!([{"side":"south","hole":2,"owner":"south"}])
    );
    assert_eq!(g.to_move(), Side::North);
}

#[test]
fn a_bull_in_the_opponents_row_belongs_to_the_mover() {
    // S8 (2) -> N1 0->1, N2 3->4: N2 becomes South's bull.
    let mut g = load(enk(
        &[1, 0, 0, 0, 0, 0, 0, 2],
        &[0, 3, 0, 0, 0, 0, 0, 2],
        "south",
    ));
    play(&mut g, "8");
    assert_eq!(rows(&g).1, [1, 4, 0, 0, 0, 0, 0, 2]);
    assert_eq!(
        state(&g)["bulls"],
        json!([{"side":"north","hole":2,"owner":"south"}])
    );
}

#[test]
fn pair_rule_two_then_three_makes_two_bulls() {
    // S1 (2) -> S2 2->3, S3 3->4: both become South's bulls.
    let mut g = load(enk(
        &[2, 2, 3, 0, 0, 0, 0, 1],
        &[1, 0, 0, 0, 0, 0, 0, 2],
        "south",
    ));
    play(&mut g, "1");
    assert_eq!(rows(&g).0, [0, 3, 4, 0, 0, 0, 0, 1]);
    assert_eq!(
        state(&g)["bulls"],
        json!([{"side":"south","hole":2,"owner":"south"},{"side":"south","hole":3,"owner":"south"}])
    );
}

#[test]
fn pair_rule_in_the_other_order_three_then_two() {
    // North's N1 (2) -> N2 3->4, N3 2->3: the last hole ends on 3, still a pair.
    let mut g = load(enk(
        &[1, 0, 0, 0, 0, 0, 0, 2],
        &[2, 3, 2, 0, 0, 0, 0, 1],
        "north",
    ));
    play(&mut g, "1");
    assert_eq!(rows(&g).1, [0, 4, 3, 0, 0, 0, 0, 1]);
    assert_eq!(
        state(&g)["bulls"],
        json!([{"side":"north","hole":2,"owner":"north"},{"side":"north","hole":3,"owner":"north"}])
    );
}

#[test]
fn pair_rule_across_the_rows() {
    // S8 (2) -> wait: S7 (2) -> S8 2->3, N1 3->4: South bulls on S8 and N1.
    let mut g = load(enk(
        &[1, 0, 0, 0, 0, 0, 2, 2],
        &[3, 0, 0, 0, 0, 0, 0, 1],
        "south",
    ));
    play(&mut g, "7");
    assert_eq!(
        rows(&g),
        (vec![1, 0, 0, 0, 0, 0, 0, 3], vec![4, 0, 0, 0, 0, 0, 0, 1])
    );
    assert_eq!(
        state(&g)["bulls"],
        json!([{"side":"south","hole":8,"owner":"south"},{"side":"north","hole":1,"owner":"south"}])
    );
}

#[test]
fn pair_with_a_bull_falls_back_to_the_single_bull() {
    // S1 (2) -> S2 (a North bull, 5->6), S3 3->4: S3 alone becomes South's bull.
    let mut v = enk(
        &[2, 5, 3, 0, 0, 0, 0, 1],
        &[1, 0, 0, 0, 0, 0, 0, 2],
        "south",
    );
    v.bulls = vec![bull("south", 2, "north")];
    let mut g = load(v);
    play(&mut g, "1");
    assert_eq!(rows(&g).0, [0, 6, 4, 0, 0, 0, 0, 1]);
    assert_eq!(
        state(&g)["bulls"],
        json!([{"side":"south","hole":2,"owner":"north"},{"side":"south","hole":3,"owner":"south"}])
    );
}

#[test]
fn a_one_seed_lap_has_no_pair() {
    // S2 (1) -> S3 2->3 after S1... no: S2 holds 1 and drops into S3 (2->3).
    // One seed: no pair, 3 is not 4, S3 was occupied -> relay 3: S4 0->1,
    // S5 0->1, S6 0->1; S6 was empty, lap 2: no capture. Turn over, no bull.
    let mut g = load(enk(
        &[3, 1, 2, 0, 0, 0, 0, 1],
        &[1, 0, 4, 0, 0, 0, 0, 2],
        "south",
    ));
    play(&mut g, "2");
    assert_eq!(rows(&g).0, [3, 0, 0, 1, 1, 1, 0, 1]);
    assert_eq!(state(&g)["bulls"], json!([]));
}

#[test]
fn a_lap_ending_in_a_bull_ends_the_turn_and_the_seeds_stay() {
    // S1 (2) -> S2 0->1, S3 (South bull, 5->6): turn over.
    let mut v = enk(
        &[2, 0, 5, 0, 0, 0, 0, 1],
        &[1, 0, 0, 0, 0, 0, 0, 2],
        "south",
    );
    v.bulls = vec![bull("south", 3, "south")];
    let mut g = load(v);
    play(&mut g, "1");
    assert_eq!(rows(&g).0, [0, 1, 6, 0, 0, 0, 0, 1]);
    assert_eq!(g.to_move(), Side::North);
}

#[test]
fn seeds_are_sown_into_bulls_on_the_way() {
    // S1 (3) -> S2 (bull 4->5), S3 0->1, S4 0->1; S4 faces N5 (0): no capture.
    let mut v = enk(
        &[3, 4, 0, 0, 0, 0, 0, 1],
        &[1, 0, 0, 0, 0, 0, 0, 2],
        "south",
    );
    v.bulls = vec![bull("south", 2, "north")];
    let mut g = load(v);
    play(&mut g, "1");
    assert_eq!(rows(&g).0, [0, 5, 1, 1, 0, 0, 0, 1]);
}

#[test]
fn a_bull_cannot_be_lifted() {
    let mut v = enk(
        &[3, 4, 0, 0, 0, 0, 0, 1],
        &[1, 0, 0, 0, 0, 0, 0, 2],
        "south",
    );
    v.bulls = vec![bull("south", 2, "south")];
    let mut g = load(v);
    assert_eq!(refuse(&mut g, "2"), "hole 2 is a bull");
    assert_eq!(g.legal_tokens(), ["1", "8"]);
}

#[test]
fn empty_missing_and_garbled_holes_are_refused() {
    let mut g = start(8);
    assert_eq!(refuse(&mut g, "1"), "hole 1 is empty");
    assert_eq!(refuse(&mut g, "9"), "there is no hole 9 (holes are 1 to 8)");
    assert_eq!(refuse(&mut g, "0"), "there is no hole 0 (holes are 1 to 8)");
    assert!(refuse(&mut g, "abc").starts_with("'abc' is not an Enkeshui decision"));
}

// ---- Crossing the opponent's row ----

/// S8 holds 9: lap 1 drops into N1..N8 and S1 (2->3): the lap crossed North's
/// row and ended in an occupied hole, so South lifts S1 (3) and chooses.
fn crossing_position() -> AnyGame {
    load(enk(
        &[2, 0, 0, 0, 0, 0, 0, 9],
        &[0, 0, 0, 0, 0, 1, 0, 0],
        "south",
    ))
}

#[test]
fn crossing_the_opponents_row_asks_for_a_direction() {
    let mut g = crossing_position();
    play(&mut g, "8");
    let s = state(&g);
    assert_eq!(
        s["pending"],
        json!({"decision":"direction","lifted_from":{"side":"south","hole":1},"in_hand":3,"lap":2,"options":["cw","ccw"]})
    );
    // The rows show the board after the lift.
    assert_eq!(
        rows(&g),
        (vec![0, 0, 0, 0, 0, 0, 0, 0], vec![1, 1, 1, 1, 1, 2, 1, 1])
    );
    assert_eq!(g.legal_tokens(), ["cw", "ccw"]);
    assert_eq!(g.to_move(), Side::South);
    assert_eq!(g.total_seeds(), 48);
}

#[test]
fn clockwise_lap_then_another_choice_then_counterclockwise() {
    // cw from S1 with 3: N8 1->2, N7 1->2, N6 2->3: ends on 3 (no pair: N7 is 2),
    // occupied -> relay, and the turn keeps its right to choose: lift N6 (3).
    let mut g = crossing_position();
    play(&mut g, "8 cw");
    assert_eq!(
        state(&g)["pending"],
        json!({"decision":"direction","lifted_from":{"side":"north","hole":6},"in_hand":3,"lap":3,"options":["cw","ccw"]})
    );
    // ccw from N6: N7 2->3, N8 2->3, S1 0->1: own empty hole on lap 3, no capture.
    play(&mut g, "ccw");
    assert_eq!(
        rows(&g),
        (vec![1, 0, 0, 0, 0, 0, 0, 0], vec![1, 1, 1, 1, 1, 0, 3, 3])
    );
    assert!(state(&g).get("pending").is_none());
    assert_eq!(g.to_move(), Side::North);
}

#[test]
fn counterclockwise_choice_can_end_the_turn_at_once() {
    // ccw from S1 with 3: S2, S3, S4 0->1; S4 was empty: lap 2, no capture.
    let mut g = crossing_position();
    play(&mut g, "8 ccw");
    assert_eq!(
        rows(&g),
        (vec![0, 1, 1, 1, 0, 0, 0, 0], vec![1, 1, 1, 1, 1, 2, 1, 1])
    );
    assert_eq!(g.to_move(), Side::North);
}

#[test]
fn directions_are_refused_out_of_place_and_holes_while_choosing() {
    let mut g = crossing_position();
    assert!(refuse(&mut g, "cw").starts_with("no direction is asked for"));
    play(&mut g, "8");
    assert_eq!(refuse(&mut g, "3"), "a direction is asked for: cw or ccw");
}

#[test]
fn a_lap_that_does_not_cover_the_whole_row_does_not_cross() {
    // S8 holds 8: N1..N8 get a seed each, last into N8 (1->2): occupied -> relay.
    // North's whole row was covered: crossed. With 7 seeds from S8 the lap stops
    // at N7 and no choice is asked: relay goes on counterclockwise.
    let mut g = load(enk(
        &[1, 0, 0, 0, 0, 0, 0, 8],
        &[0, 0, 0, 0, 0, 0, 0, 1],
        "south",
    ));
    play(&mut g, "8");
    assert_eq!(
        state(&g)["pending"]["lifted_from"],
        json!({"side":"north","hole":8})
    );
    // 7 seeds: N1..N7 0->1 ... N7 was empty -> turn over, nothing asked.
    let mut g = load(enk(
        &[1, 0, 0, 0, 0, 0, 0, 7],
        &[0, 0, 0, 0, 0, 0, 0, 1],
        "south",
    ));
    play(&mut g, "8");
    assert!(state(&g).get("pending").is_none());
    assert_eq!(rows(&g).1, [1, 1, 1, 1, 1, 1, 1, 1]);
}

// ---- Endless sowings ----

#[test]
fn a_sowing_that_never_ends_is_not_legal() {
    // Found by search and checked below lap by lap: S2 (2) relays for ever,
    // repeating every 32 laps.
    let v = json!({"game":"enkeshui","holes":4,"south":[1,2,0,1],"north":[0,2,1,0],
        "captured":{"south":41,"north":0},"to_move":"south"});
    let mut g = load(v);
    assert!(!g.legal_tokens().contains(&"2".to_string()));
    assert_eq!(
        refuse(&mut g, "2"),
        "sowing hole 2 would never end (it repeats every 32 laps)"
    );
    // An independent naive check: lap-end states (board, hole) with a set.
    let mut board = [1u16, 2, 0, 1, 0, 2, 1, 0];
    let mut seen = std::collections::HashMap::new();
    let mut pos = 1usize;
    for lap in 0.. {
        let seeds = board[pos];
        board[pos] = 0;
        for _ in 0..seeds {
            pos = (pos + 1) % 8;
            board[pos] += 1;
        }
        let now = board[pos];
        assert!(now != 1 && now != 4, "the sowing ended on lap {lap}");
        if let Some(first) = seen.insert((board, pos), lap) {
            assert_eq!(lap - first, 32);
            break;
        }
    }
}

// ---- End of the game ----

#[test]
fn emptying_ones_own_row_is_not_a_loss_until_ones_next_turn() {
    // S8 (1) -> N1 0->1: South's row is empty, but the end is tested at the
    // start of a turn: North (with N1 and N6) moves. N1 -> N2 0->1, his own
    // empty hole, faces S7 (0): no capture. Now South has nothing to sow: over.
    // North takes his row (1 + 2): 25 + 3 = 28; South 20.
    let mut v = enk(
        &[0, 0, 0, 0, 0, 0, 0, 1],
        &[0, 0, 0, 0, 0, 2, 0, 0],
        "south",
    );
    v.captured = PerSide::new(20, 25);
    let mut g = load(v);
    play(&mut g, "8");
    assert!(!g.status().is_over());
    assert_eq!(g.legal_tokens(), ["1", "6"]);
    play(&mut g, "1");
    assert_eq!(
        state(&g)["result"],
        json!({"winner":"north","score":{"south":20,"north":28},"reason":"no-seeds"})
    );
}

#[test]
fn game_over_when_the_mover_has_only_bulls_and_scores_add_up() {
    // South sows S8 (1) -> N1 0->1 (empty opponent hole): turn over. North to move
    // has N1 and N5. Suppose instead North sows his last... Set up: South to move
    // has only a bull in his row after his move.
    // S7 (1) -> S8 0->1: own empty hole, faces N1 (2): capture 2 + 1. South's row
    // is now only the bull S3 (his own, 5). North to move has N4 (3): play on.
    let mut v = enk(
        &[0, 0, 5, 0, 0, 0, 1, 0],
        &[2, 0, 0, 3, 0, 0, 0, 0],
        "south",
    );
    v.bulls = vec![bull("south", 3, "south")];
    v.captured = PerSide::new(17, 20);
    let mut g = load(v);
    play(&mut g, "7");
    assert_eq!(captured(&g), (20, 20));
    // North: N4 (3) -> N5, N6, N7 each 0->1; N7 faces S2 (0): no capture.
    play(&mut g, "4");
    // South to move: only his bull S3 -> the game ends. North takes his row (3);
    // South: 20 captured + bull 5 = 25; North 20 + 3 = 23.
    let s = state(&g);
    assert_eq!(s["status"], "over");
    assert_eq!(
        s["result"],
        json!({"winner":"south","score":{"south":25,"north":23},"reason":"no-seeds"})
    );
    assert!(g.legal_tokens().is_empty());
    assert_eq!(refuse(&mut g, "3"), "the game is over");
}

#[test]
fn a_bull_in_the_opponents_row_scores_for_its_owner() {
    // North to move has no free seed (only a South-owned bull in his row): over.
    let mut v = enk(
        &[0, 4, 0, 0, 0, 0, 0, 0],
        &[0, 0, 6, 0, 0, 0, 0, 0],
        "north",
    );
    v.bulls = vec![bull("north", 3, "south")];
    v.captured = PerSide::new(10, 28);
    let g = load(v);
    // South: 10 + own row 4 + bull 6 = 20; North 28.
    assert_eq!(
        state(&g)["result"],
        json!({"winner":"north","score":{"south":20,"north":28},"reason":"no-seeds"})
    );
}

#[test]
fn a_drawn_game() {
    let v = json!({"game":"enkeshui","holes":8,"south":[0,0,0,0,0,0,0,0],"north":[0,0,0,0,4,0,0,0],
        "captured":{"south":24,"north":20},"to_move":"south"});
    let g = load(v);
    assert_eq!(
        state(&g)["result"],
        json!({"winner":null,"score":{"south":24,"north":24},"reason":"no-seeds"})
    );
}

// ---- Safety rules ----

#[test]
fn the_turn_limit_ends_the_game_with_rows_to_their_owners() {
    let v = with_rules(
        enk(
            &[0, 0, 4, 4, 4, 4, 4, 4],
            &[0, 0, 4, 4, 4, 4, 4, 4],
            "south",
        ),
        Rules {
            max_turns: 2,
            ..Rules::default()
        },
    );
    let mut g = load(v);
    play(&mut g, "8"); // see relay_then_no_capture_on_the_second_lap
    assert!(!g.status().is_over());
    // North N8 (5) -> S1 1->2, S2 0->1, S3 4->5, S4 4->5, S5 4->5: 5, relay:
    // S6..S8 = 5,5,1, N1 1->2, N2 1->2: relay 2: N3 5->6, N4 0->1: lap 3 in
    // North's own empty hole: no capture.
    play(&mut g, "8");
    assert_eq!(
        rows(&g),
        (vec![2, 1, 5, 5, 0, 5, 5, 1], vec![2, 0, 6, 1, 5, 5, 5, 0])
    );
    // Rows to their owners: 24 each, a draw.
    assert_eq!(
        state(&g)["result"],
        json!({"winner":null,"score":{"south":24,"north":24},"reason":"turn-limit"})
    );
}

#[test]
fn a_position_seen_a_third_time_ends_the_game() {
    // Two lone seeds walk round the board; the test counts positions itself.
    let v = json!({"game":"enkeshui","holes":4,"south":[0,0,0,1],"north":[0,0,0,1],
        "captured":{"south":23,"north":23},"to_move":"south"});
    let mut g = load(v);
    let mut seen: std::collections::HashMap<String, usize> = Default::default();
    let key = |g: &AnyGame| {
        let s = g.state_json();
        format!(
            "{}{}{}{}",
            s["south"], s["north"], s["to_move"], s["captured"]
        )
    };
    *seen.entry(key(&g)).or_default() += 1;
    let mut turns = 0;
    while !g.status().is_over() {
        let m = g.legal_tokens()[0].clone();
        play(&mut g, &m);
        turns += 1;
        let n = seen.entry(key(&g)).or_default();
        *n += 1;
        if *n == 3 {
            assert_eq!(
                state(&g)["result"]["reason"],
                "repetition",
                "after {turns} turns"
            );
        } else {
            assert!(!g.status().is_over() || state(&g)["result"]["reason"] != "repetition");
        }
        assert!(turns < 1000);
    }
}

fn special_position(mode: &str) -> AnyGame {
    let v = with_rules(
        enk(
            &[0, 0, 4, 4, 4, 4, 4, 4],
            &[0, 0, 4, 4, 4, 4, 4, 4],
            "south",
        ),
        Rules {
            special_move: SpecialMove::parse(mode).unwrap(),
            ..Rules::default()
        },
    );
    load(v)
}

// ---- Match play ----

#[test]
fn filling_a_row_from_the_right() {
    let row = [0, 0, 4, 4, 4, 4, 4, 4];
    let f = fill_row(&row, 30);
    assert_eq!(
        (f.row.clone(), f.in_hand, f.filled_any),
        (row.to_vec(), 6, true)
    );
    let f = fill_row(&row, 18);
    assert_eq!(f.row, [0, 0, 0, 0, 4, 4, 4, 4]);
    assert_eq!(
        f.unfilled,
        [true, true, true, true, false, false, false, false]
    );
    assert_eq!(f.in_hand, 2);
    let f = fill_row(&row, 3);
    assert!(!f.filled_any);
    // 12-alternate with 7: h12 3, h11 3, h10 needs 0, h9 needs 3 > 1: stop.
    let f = fill_row(&[0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3], 7);
    assert_eq!(f.row, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 3]);
    assert_eq!(f.in_hand, 1);
    assert_eq!(f.unfilled.iter().filter(|&&u| u).count(), 9);
}

#[test]
fn next_game_of_a_match_with_closed_holes() {
    let layout = Layout::default_for(8).unwrap();
    let rules = Rules {
        unfilled: Unfilled::Closed,
        ..Rules::default()
    };
    let pair = masai_mancala::engine::PerSide::new;
    let Next::Game(g) = next_game(&layout, rules, pair(24, 24), &[pair(30, 18)]) else {
        panic!("both can fill")
    };
    let g = AnyGame::Enkeshui(*g);
    let s = state(&g);
    assert_eq!(
        rows(&g),
        (vec![0, 0, 4, 4, 4, 4, 4, 4], vec![0, 0, 0, 0, 4, 4, 4, 4])
    );
    assert_eq!(captured(&g), (6, 2));
    assert_eq!(s["rules"], json!({"match": true, "unfilled": "closed"}));
    assert_eq!(
        s["closed"],
        json!([{"side":"north","hole":1},{"side":"north","hole":2},{"side":"north","hole":3},{"side":"north","hole":4}])
    );
    assert_eq!(g.total_seeds(), 48);
}

#[test]
fn sowing_skips_closed_holes_and_crossing_needs_only_open_ones() {
    // North's holes 1-4 closed. S8 (5) -> N5, N6, N7, N8 and S1: every open hole
    // of North's row got a seed; S1 0->1 is an empty own hole on lap 1 (the
    // turn ends before any choice) and faces N8 (4+1=5): capture 5 + 1; S2 is
    // empty and faces N7 (5): capture 5; S3 holds seeds: stop.
    let v = json!({"game":"enkeshui","holes":8,"south":[0,0,4,4,4,4,4,5],"north":[0,0,0,0,4,4,4,4],
        "captured":{"south":5,"north":2},"to_move":"south","rules":{"match":true,"unfilled":"closed"},
        "closed":[{"side":"north","hole":1},{"side":"north","hole":2},{"side":"north","hole":3},{"side":"north","hole":4}]});
    let mut g = load(v);
    play(&mut g, "8");
    assert_eq!(
        rows(&g),
        (vec![0, 0, 4, 4, 4, 4, 4, 0], vec![0, 0, 0, 0, 5, 5, 0, 0])
    );
    assert_eq!(captured(&g), (16, 2));
}

#[test]
fn a_match_ends_when_a_player_cannot_fill_a_hole() {
    let layout = Layout::default_for(8).unwrap();
    let r = Rules::default();
    let pair = masai_mancala::engine::PerSide::new;
    let first = pair(24, 24);
    assert!(matches!(
        next_game(&layout, r, first, &[pair(45, 3)]),
        Next::MatchOver(MatchResult {
            winner: Some(Side::South),
            end: MatchEnd::NoFill,
            ..
        })
    ));
    assert!(matches!(
        next_game(&layout, r, first, &[pair(2, 46)]),
        Next::MatchOver(MatchResult {
            winner: Some(Side::North),
            end: MatchEnd::NoFill,
            ..
        })
    ));
    assert!(matches!(
        next_game(&layout, r, first, &[pair(3, 3)]),
        Next::MatchOver(MatchResult {
            winner: None,
            end: MatchEnd::NoFill,
            ..
        })
    ));
}

#[test]
fn capture_after_relay_on_a_clockwise_lap_chains_clockwise() {
    // S8 (9) -> N1..N8 0->1, S1 8->9: crossed, relay: South holds 9 from S1.
    // cw: N8..N1 1->2, S8 0->1 (emptied by the first lift): an empty own hole.
    // With the flag: take N1 (2) + 1; the chain runs clockwise: S7 is empty and
    // faces N2 (2): take 2; S6 holds 2: stop. 5 captured.
    let v = enk(
        &[8, 0, 0, 0, 0, 2, 0, 9],
        &[0, 0, 0, 0, 0, 0, 0, 0],
        "south",
    );
    let mut g = load(with_rules(
        v.clone(),
        Rules {
            capture_after_relay: true,
            ..Rules::default()
        },
    ));
    play(&mut g, "8 cw");
    assert_eq!(
        rows(&g),
        (vec![0, 0, 0, 0, 0, 2, 0, 0], vec![0, 0, 2, 2, 2, 2, 2, 2])
    );
    assert_eq!(captured(&g), (5, 29));
    // Without the flag the seed stays in S8.
    let mut g = load(v);
    play(&mut g, "8 cw");
    assert_eq!(
        rows(&g),
        (vec![0, 0, 0, 0, 0, 2, 0, 1], vec![2, 2, 2, 2, 2, 2, 2, 2])
    );
    assert_eq!(captured(&g), (0, 29));
}

// ---- Random playouts ----

/// Random playouts (`play_random` with a quiet observer, as the bench and
/// the AI's playouts play them) play the same games for a seed as on main
/// 17a6f11, before their speed work: every decision and every final
/// position of 100 games on each board, with and without captures after a
/// relay, hashed.
#[test]
fn random_playouts_play_the_same_games_for_a_seed() {
    use masai_mancala::engine::SeededRng;
    use masai_mancala::engine::Status;
    use rand::SeedableRng;
    let mut fnv = 0xcbf2_9ce4_8422_2325u64;
    let mut eat = |s: &str| {
        for b in s.bytes() {
            fnv = (fnv ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    };
    let mut decisions = 0u32;
    for n in [8, 10, 12] {
        for capture_after_relay in [false, true] {
            let rules = Rules {
                capture_after_relay,
                ..Rules::default()
            };
            let start = Enkeshui::new(&Layout::default_for(n).unwrap(), rules);
            let mut rng = SeededRng::seed_from_u64(n as u64);
            for _ in 0..100 {
                let mut g = start.clone();
                while g.status() == Status::Playing {
                    let Some(d) = g.play_random(&mut rng, &mut Quiet) else {
                        break;
                    };
                    eat(&d.to_string());
                    decisions += 1;
                }
                eat(&format!("{:?} {:?}", g.status(), g.board().counts));
            }
        }
    }
    assert_eq!(
        (decisions, format!("{fnv:016x}")),
        (16617, "1fcfebcf3b2c5930".to_string())
    );
}

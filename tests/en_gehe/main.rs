//! En Gehé: hand-worked positions, the endless examples of RULES.md, the
//! position JSON, the protocol, perft counts (checked against a naive
//! reference sower written here) and random-game properties.
//!
//! Boards are written as in the position JSON: each row from its owner's
//! hole 1. Ring index on 2x4: South 1..4 = 0..3, North 1..4 = 4..7; South's
//! hole k faces North's hole 5-k.

#[path = "../common/mod.rs"]
mod common;
mod deciding;
mod reference;

use common::temp::TempDir;
use masai_mancala::cli::new_game;
use masai_mancala::engine::PositionJson;
use masai_mancala::engine::SeededRng;
use masai_mancala::engine::en_gehe::{EnGehe, Rules, Setup, SetupError};
use masai_mancala::engine::{
    AnyGame, BadToken, EndReason, EndlessSowing, Event, Expected, Game, GameKind, HoleLabel,
    MoveError, NoSuchHole, PerSide, Quiet, Side, Status, Undecided, decide_growing,
};
use masai_mancala::protocol::{Reply, Session};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

fn start(n: usize) -> EnGehe {
    EnGehe::new(n, Rules::default()).unwrap()
}

fn pos(south: &[u16], north: &[u16], captured: (u32, u32), to_move: &str) -> EnGehe {
    EnGehe::from_setup(Setup {
        captured: PerSide::new(captured.0, captured.1),
        to_move: Side::parse(to_move).expect("south or north"),
        ..Setup::new(Rules::default(), south, north)
    })
    .expect("a valid position")
}

fn play_all(g: &mut EnGehe, holes: &[usize]) {
    for h in holes {
        g.play(h, &mut Quiet).unwrap();
    }
}

fn rows(g: &EnGehe) -> (Vec<u16>, Vec<u16>) {
    (g.row(Side::South).to_vec(), g.row(Side::North).to_vec())
}

fn caps(g: &EnGehe) -> (u32, u32) {
    (g.captured().south, g.captured().north)
}

fn outcome(g: &EnGehe) -> (Option<Side>, u32, u32, EndReason) {
    match g.status() {
        Status::Over(o) => (o.winner, o.score.south, o.score.north, o.reason),
        Status::Playing => panic!("the game is not over"),
    }
}

// ---------------------------------------------------------------- set-up

#[test]
fn start_of_2x40_has_four_seeds_a_hole_and_every_hole_legal() {
    let g = start(40);
    assert_eq!(rows(&g), (vec![4; 40], vec![4; 40]));
    assert_eq!(caps(&g), (0, 0));
    assert_eq!((g.to_move(), g.turn()), (Side::South, 1));
    assert!(g.is_traditional());
    assert_eq!(g.total_seeds(), 320);
    assert_eq!(g.legal(), (1..=40).collect::<Vec<_>>());
}

#[test]
fn sizes_outside_4_to_50_are_refused_and_below_40_not_traditional() {
    assert_eq!(
        EnGehe::new(3, Rules::default()).unwrap_err(),
        SetupError::HolesOutOfRange(3)
    );
    assert_eq!(
        EnGehe::new(51, Rules::default()).unwrap_err().to_string(),
        "--holes 51: En Gehé rows have 4 to 50 holes (40 to 50 are traditional)"
    );
    assert!(
        EnGehe::new(8, Rules { max_turns: 0 })
            .unwrap_err()
            .to_string()
            .contains("--max-turns 0")
    );
    assert!(!start(4).is_traditional());
    assert!(!start(39).is_traditional());
    assert!(start(50).is_traditional());
    assert_eq!(start(50).total_seeds(), 400);
}

// ---------------------------------------------------------------- a turn

#[test]
fn capture_takes_the_full_opposite_hole_and_the_capturing_seed() {
    // South 1 (one seed) -> South 2, empty; it faces North 3 (3 seeds):
    // South takes 3 + 1 = 4. North 1's two seeds stay.
    let mut g = pos(&[1, 0, 0, 0], &[2, 0, 3, 0], (0, 0), "south");
    g.play(&1, &mut Quiet).unwrap();
    assert_eq!(rows(&g), (vec![0, 0, 0, 0], vec![2, 0, 0, 0]));
    assert_eq!(caps(&g), (4, 0));
    assert_eq!((g.to_move(), g.status()), (Side::North, Status::Playing));
}

#[test]
fn empty_opposite_hole_captures_nothing_and_the_seed_stays() {
    // South 2 (two seeds) -> South 3, South 4. South 4 was empty; it faces
    // North 1, empty: nothing is taken, the seed stays.
    let mut g = pos(&[0, 2, 0, 0], &[0, 1, 1, 1], (0, 0), "south");
    g.play(&2, &mut Quiet).unwrap();
    assert_eq!(rows(&g), (vec![0, 0, 1, 1], vec![0, 1, 1, 1]));
    assert_eq!(caps(&g), (0, 0));
    assert_eq!(g.to_move(), Side::North);
}

#[test]
fn a_lap_ending_in_the_opponents_empty_hole_takes_nothing() {
    // South 3 (two seeds) -> South 4, North 1. North 1 was empty but is in
    // North's row: no capture, although it faces South 4 (now 1 seed).
    let mut g = pos(&[0, 0, 2, 0], &[0, 3, 3, 3], (0, 0), "south");
    g.play(&3, &mut Quiet).unwrap();
    assert_eq!(rows(&g), (vec![0, 0, 0, 1], vec![1, 3, 3, 3]));
    assert_eq!(caps(&g), (0, 0));
}

#[test]
fn north_captures_in_his_own_row() {
    // North 1 (one seed, index 4) -> North 2 (index 5), empty; it faces
    // South 3 (index 2, 5 seeds): North takes 5 + 1 = 6.
    let mut g = pos(&[1, 0, 5, 0], &[1, 0, 0, 2], (3, 1), "north");
    g.play(&1, &mut Quiet).unwrap();
    assert_eq!(rows(&g), (vec![1, 0, 0, 0], vec![0, 0, 0, 2]));
    assert_eq!(caps(&g), (3, 7));
    assert_eq!(g.to_move(), Side::South);
}

#[test]
fn three_lap_relay_ends_in_a_capture() {
    // Lap 1: South 1 (1) -> S2 holds 2: relay. Lap 2: lift 2 from S2 -> S3
    // (0->1), S4 (4->5): relay. Lap 3: lift 5 from S4 -> N1..N4 (0->1 each),
    // S1 (emptied by lap 1, 0->1): empty hole of South's row facing N4 (1):
    // South takes 1 + 1 = 2.
    let mut g = pos(&[1, 1, 0, 4], &[0, 0, 0, 0], (0, 0), "south");
    let mut log: Vec<Event> = Vec::new();
    g.play(&1, &mut log).unwrap();
    assert_eq!(rows(&g), (vec![0, 0, 1, 0], vec![1, 1, 1, 0]));
    assert_eq!(caps(&g), (2, 0));
    let lifts: Vec<(usize, u32)> = log
        .iter()
        .filter_map(|e| match e {
            Event::Lift { hole, seeds, .. } => Some((*hole, *seeds)),
            _ => None,
        })
        .collect();
    assert_eq!(lifts, [(0, 1), (1, 2), (3, 5)]);
    let captures: Vec<(usize, u32)> = log
        .iter()
        .filter_map(|e| match e {
            Event::Capture { hole, seeds, .. } => Some((*hole, *seeds)),
            _ => None,
        })
        .collect();
    assert_eq!(captures, [(7, 1), (0, 1)]);
}

#[test]
fn first_move_of_2x4_relays_eight_laps() {
    // Ring 4 4 4 4 | 4 4 4 4 (indices 0..7). South 1:
    //  lap 1: 4 from 0 -> 1..4 = 5 5 5 5; ends at 4 (5): relay
    //  lap 2: 5 from 4 -> 5,6,7 = 5, 0 = 1, 1 = 6; relay from 1
    //  lap 3: 6 from 1 -> 2,3 = 6, 4 = 1, 5,6,7 = 6; relay from 7
    //  lap 4: 6 from 7 -> 0 = 2, 1 = 1, 2,3 = 7, 4 = 2, 5 = 7; relay from 5
    //  lap 5: 7 from 5 -> 6 = 7, 7 = 1, 0 = 3, 1 = 2, 2,3 = 8, 4 = 3; relay from 4
    //  lap 6: 3 from 4 -> 5 = 1, 6 = 8, 7 = 2; relay from 7
    //  lap 7: 2 from 7 -> 0 = 4, 1 = 3; relay from 1
    //  lap 8: 3 from 1 -> 2,3 = 9, 4 = 1 (emptied in lap 6): North's row, ends.
    let mut g = start(4);
    let mut log: Vec<Event> = Vec::new();
    g.play(&1, &mut log).unwrap();
    assert_eq!(rows(&g), (vec![4, 0, 9, 9], vec![1, 1, 8, 0]));
    assert_eq!(caps(&g), (0, 0));
    let laps = log
        .iter()
        .filter(|e| matches!(e, Event::Lift { .. }))
        .count();
    assert_eq!(laps, 8);
}

#[test]
fn a_lap_of_more_than_2n_seeds_drops_one_into_its_origin() {
    // 9 seeds from S1 on 8 holes: indices 1..7, then 0 (the origin gets a
    // seed), then 1 (now 2): relay. 2 from 1 -> 2, 3 (2 each): relay; 2 from
    // 3 -> 4, 5; 2 from 5 -> 6, 7; 2 from 7 -> 0 (1->2), 1 (0->1): empty hole of
    // South's row facing N3 (index 6, 2 seeds): South takes 2 + 1 = 3.
    let mut g = pos(&[9, 0, 0, 0], &[0, 0, 0, 0], (0, 0), "south");
    g.play(&1, &mut Quiet).unwrap();
    assert_eq!(rows(&g), (vec![2, 0, 2, 0], vec![2, 0, 0, 0]));
    assert_eq!(caps(&g), (3, 0));
}

#[test]
fn a_lap_of_exactly_2n_seeds_ends_in_its_emptied_origin() {
    // 8 seeds from S1 on 8 holes: one into each hole, the last into S1
    // itself, emptied by the lift: an empty hole of South's row facing N4
    // (1 seed just dropped): South takes 1 + 1 = 2.
    let mut g = pos(&[8, 0, 0, 0], &[0, 0, 0, 0], (0, 0), "south");
    g.play(&1, &mut Quiet).unwrap();
    assert_eq!(rows(&g), (vec![0, 1, 1, 1], vec![1, 1, 1, 0]));
    assert_eq!(caps(&g), (2, 0));
}

#[test]
fn play_refuses_bad_holes_and_changes_nothing() {
    let mut g = pos(&[0, 2, 0, 0], &[0, 1, 1, 1], (0, 0), "south");
    let before = g.position_json();
    let e = g.play(&0, &mut Quiet).unwrap_err();
    assert_eq!(
        e,
        MoveError::NoSuchHole(NoSuchHole {
            hole: HoleLabel::Number(0),
            holes: 4
        })
    );
    assert_eq!(e.to_string(), "there is no hole 0 (holes are 1 to 4)");
    assert!(matches!(
        g.play(&5, &mut Quiet),
        Err(MoveError::NoSuchHole(_))
    ));
    let e = g.play(&1, &mut Quiet).unwrap_err();
    assert_eq!(e, MoveError::EmptyHole(HoleLabel::Number(1)));
    assert_eq!(e.to_string(), "hole 1 is empty");
    assert!(matches!(g.parse_decision("x"), Err(MoveError::BadToken(_))));
    assert_eq!(g.position_json(), before);
}

// ---------------------------------------------------------------- endless sowings

/// A "rotating wave" on 8 holes: 3 1 0 2 | 1 0 2 1. Lifting 3 from index 0
/// gives 0 2 1 3 1 0 2 1 with the last seed in index 3 (2 -> 3): the same
/// board turned by 3 holes, relaying from the hole 3 further on. Every lap
/// turns it by 3 more, so the sowing never ends; after 8 laps (3 x 8 = 24, a
/// multiple of 8) the state is back: period 8.
#[test]
fn an_endless_hole_is_not_legal_and_is_refused() {
    let mut g = pos(&[3, 1, 0, 2], &[1, 0, 2, 1], (0, 0), "south");
    // Hole 2: 1 seed into the empty S3, facing N2 (empty): it ends. Hole 4:
    // 2 seeds into N1 (1->2), relay 2 -> N2 (0->1): ends in North's row.
    assert_eq!(g.legal(), [2, 4]);
    assert_eq!(g.endless_period(1), Some(8));
    assert_eq!(g.endless_period(2), None);
    let before = g.position_json();
    let e = g.play(&1, &mut Quiet).unwrap_err();
    assert_eq!(
        e,
        MoveError::Endless(EndlessSowing {
            hole: HoleLabel::Number(1),
            period: 8
        })
    );
    assert_eq!(
        e.to_string(),
        "sowing hole 1 would never end (it repeats every 8 laps)"
    );
    assert_eq!(g.position_json(), before);
}

#[test]
fn endless_example_of_rules_md_is_decided() {
    let mut g = start(8);
    play_all(&mut g, &[7, 1, 2, 5]);
    // The board RULES.md gives for this point of the game.
    assert_eq!(
        rows(&g),
        (vec![5, 0, 3, 0, 8, 7, 0, 4], vec![5, 0, 5, 2, 1, 2, 5, 2])
    );
    assert_eq!(caps(&g), (0, 15));
    assert_eq!(g.to_move(), Side::South);
    assert!(!g.legal().contains(&6));
    assert_eq!(g.endless_period(6), Some(5_589_754));
    let e = g.play(&6, &mut Quiet).unwrap_err();
    assert_eq!(
        e,
        MoveError::Endless(EndlessSowing {
            hole: HoleLabel::Number(6),
            period: 5_589_754
        })
    );
    assert_eq!(
        e.to_string(),
        "sowing hole 6 would never end (it repeats every 5589754 laps)"
    );
    // Timed by `cargo bench --bench engine -- "en-gehe endless"`, never here.
}

/// Well under a second in release; skipped in debug builds.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn endless_example_after_8_5_4_1() {
    let mut g = start(8);
    play_all(&mut g, &[8, 5, 4, 1]);
    assert_eq!(g.endless_period(7), Some(51_984_272));
}

/// About 1.5 s of CPU in release (distinguished points on the turned board
/// see the repeat after some 9x10^7 laps; plain Brent needed 9x10^8, 17 s);
/// skipped in debug builds.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn endless_example_after_7_6_8_4() {
    let mut g = start(8);
    play_all(&mut g, &[7, 6, 8, 4]);
    assert_eq!(g.endless_period(7), Some(366_567_028));
}

/// A cycle the decision fuzzer found in 2x12, from the start after
/// 3 1 4 11 11 10 1 1 3 4 1 6 9 11: South's hole 3 relays forever and its
/// state comes back only after 48,261,685,268 laps. Proving it takes some
/// five minutes in release, which is why legality runs under a growing,
/// cancellable budget off the UI thread; run with `--ignored`.
#[test]
#[ignore = "about five minutes of CPU in release"]
fn endless_example_in_2x12_found_by_the_fuzzer() {
    let mut g = start(12);
    play_all(&mut g, &[3, 1, 4, 11, 11, 10, 1, 1, 3, 4, 1, 6, 9, 11]);
    assert_eq!(g.row(Side::South), [0, 3, 4, 0, 7, 0, 3, 2, 3, 2, 4, 3]);
    assert_eq!(g.endless_period(3), Some(48_261_685_268));
}

/// The period of sowing board index `start` by plain Brent on the whole
/// board and relay hole (the engine's method before issue 12): `Some(None)`
/// when it ends, `None` when it is not decided within `max_laps`.
fn plain_period(g: &EnGehe, start: usize, max_laps: u64) -> Option<Option<u64>> {
    use masai_mancala::engine::{Unended, run_laps_within};
    let n2 = 2 * g.holes();
    let mut counts: Vec<u16> = [g.row(Side::South), g.row(Side::North)].concat();
    let sow = |c: &mut Vec<u16>, from: usize| {
        let seeds = std::mem::take(&mut c[from]);
        let mut h = from;
        for _ in 0..seeds {
            h = (h + 1) % n2;
            c[h] += 1;
        }
        h
    };
    let pos = sow(&mut counts, start);
    if counts[pos] == 1 {
        return Some(None);
    }
    let mut state = (counts, pos);
    let r = run_laps_within(
        &mut state,
        |(c, pos)| {
            *pos = sow(c, *pos);
            (c[*pos] == 1).then_some(())
        },
        max_laps,
    );
    match r {
        Ok(()) => Some(None),
        Err(Unended::Endless(e)) => Some(Some(e.period)),
        Err(Unended::OverBudget) => None,
    }
}

/// Issue 12: the cycle search (turned board, distinguished points, Brent as
/// the fallback; packed bytes on 2x4 to 2x8) gives every endless sowing of
/// random positions the period plain Brent gives.
#[test]
fn endless_periods_of_random_sowings_equal_plain_brent() {
    let mut rng = SeededRng::seed_from_u64(44);
    let mut checked = Vec::new();
    for n in 4..=10usize {
        for _ in 0..3000 {
            // N to 8N seeds dropped into random holes, the rest captured.
            let on_board = rng.random_range(n..=8 * n);
            let mut rows = vec![0u16; 2 * n];
            for _ in 0..on_board {
                rows[rng.random_range(0..2 * n)] += 1;
            }
            let g = EnGehe::from_position(&json!({
                "game": "en-gehe", "holes": n, "south": &rows[..n], "north": &rows[n..],
                "captured": {"south": 8 * n - on_board, "north": 0}, "to_move": "south",
            }))
            .unwrap();
            for hole in 1..=n {
                if rows[hole - 1] == 0 {
                    continue;
                }
                let Some(plain) = plain_period(&g, hole - 1, 20_000_000) else {
                    continue;
                };
                assert_eq!(
                    g.endless_period(hole),
                    plain,
                    "{hole} of {}",
                    g.position_json()
                );
                if let Some(p) = plain {
                    checked.push((n, p));
                }
            }
        }
    }
    // Endless sowings are rare beyond 2x8 (the search hole by hole of bigger
    // boards is checked against the packed one in core/src/engine/en_gehe).
    assert!(checked.len() > 80, "{checked:?}");
    assert!(checked.iter().any(|&(_, p)| p > 500_000), "{checked:?}");
    assert!(checked.iter().any(|&(n, _)| n == 8), "{checked:?}");
}

// ---------------------------------------------------------------- end of the game

#[test]
fn the_last_mover_takes_the_rest_when_the_other_side_has_no_seeds() {
    // South 1 -> S2 (empty), facing N3 (3): South takes 4. North's row is
    // now empty: North cannot move and South, who moved last, takes the 2
    // seeds left (in his own row). South 4 + 2 = 6, North 5.
    let mut g = pos(&[1, 0, 2, 0], &[0, 0, 3, 0], (0, 5), "south");
    g.play(&1, &mut Quiet).unwrap();
    assert_eq!(rows(&g), (vec![0, 0, 2, 0], vec![0, 0, 0, 0]));
    assert_eq!(outcome(&g), (Some(Side::South), 6, 5, EndReason::NoSeeds));
    assert!(g.legal().is_empty());
    assert_eq!(g.play(&3, &mut Quiet), Err(MoveError::GameOver));
}

#[test]
fn a_loaded_position_whose_mover_has_no_seeds_is_over_at_once() {
    // North to move with an empty row: South (not to move) takes the 7
    // seeds on the board: 2 + 7 = 9 against 10: North wins.
    let g = pos(&[3, 0, 4, 0], &[0, 0, 0, 0], (2, 10), "north");
    assert_eq!(outcome(&g), (Some(Side::North), 9, 10, EndReason::NoSeeds));
}

#[test]
fn emptying_ones_own_row_is_not_a_loss() {
    // South 4 (1 seed) -> N1, empty, North's row: nothing. South's row is now
    // empty, but North has seeds and moves: the game goes on.
    let g0 = pos(&[0, 0, 0, 1], &[0, 2, 0, 0], (0, 0), "south");
    let mut g = g0.clone();
    g.play(&4, &mut Quiet).unwrap();
    assert_eq!(rows(&g), (vec![0, 0, 0, 0], vec![1, 2, 0, 0]));
    assert_eq!(g.status(), Status::Playing);
    // North 2 (2 seeds) -> N3, N4 (empty, facing S1, empty): ends. South has
    // no seeds: North moved last and takes all 3.
    g.play(&2, &mut Quiet).unwrap();
    assert_eq!(rows(&g), (vec![0, 0, 0, 0], vec![1, 0, 1, 1]));
    assert_eq!(outcome(&g), (Some(Side::North), 0, 3, EndReason::NoSeeds));
}

#[test]
fn a_position_repeated_a_third_time_ends_the_game() {
    // P0: S 0 1 1 0, N 1 0 0 0, South to move. Four turns bring it back:
    //  S2: 1 -> S3 (2) relay, 2 -> S4, N1 (2) relay, 2 -> N2, N3 (empty, North's
    //      row): S 0 0 0 1, N 0 1 1 0.
    //  N2: 1 -> N3 (2) relay, 2 -> N4, S1 (empty, South's row, North moving):
    //      S 1 0 0 1, N 0 0 0 1.
    //  S4: 1 -> N1 (empty, North's row): S 1 0 0 0, N 1 0 0 1.
    //  N4: 1 -> S1 (2) relay, 2 -> S2, S3 (empty, South's row): P0 again.
    // P0 is seen at the start, after 4 and after 8 turns: the third time
    // ends the game; each row's seeds go to its owner: South 2, North 1.
    let mut g = pos(&[0, 1, 1, 0], &[1, 0, 0, 0], (0, 0), "south");
    play_all(&mut g, &[2, 2, 4]);
    assert_eq!(rows(&g), (vec![1, 0, 0, 0], vec![1, 0, 0, 1]));
    g.play(&4, &mut Quiet).unwrap();
    assert_eq!(rows(&g), (vec![0, 1, 1, 0], vec![1, 0, 0, 0]));
    play_all(&mut g, &[2, 2, 4]);
    assert_eq!(g.status(), Status::Playing);
    g.play(&4, &mut Quiet).unwrap();
    assert_eq!(
        outcome(&g),
        (Some(Side::South), 2, 1, EndReason::Repetition)
    );
    assert_eq!(g.turn(), 9);
}

#[test]
fn the_turn_limit_ends_the_game_with_rows_to_their_owners() {
    // After South's first turn of 2x4 (S 4 0 9 9, N 1 1 8 0, worked out
    // above) the turn number is 2 > --max-turns 1: South 22, North 10.
    let mut g = EnGehe::new(4, Rules { max_turns: 1 }).unwrap();
    g.play(&1, &mut Quiet).unwrap();
    assert_eq!(
        outcome(&g),
        (Some(Side::South), 22, 10, EndReason::TurnLimit)
    );
}

#[test]
fn the_turn_limit_counts_from_a_loaded_turn_number() {
    // Turn 5 of at most 5: the game goes on until turn 5 has been played.
    // South 2 -> S3, S4 (empty, facing N1 empty): S 0 0 1 1, N 0 1 1 1;
    // turn 6 > 5: South 1 + 2 = 3, North 0 + 3 = 3, a draw.
    let v = json!({"game": "en-gehe", "holes": 4, "south": [0, 2, 0, 0],
        "north": [0, 1, 1, 1], "to_move": "south", "turn": 5,
        "captured": {"south": 1, "north": 0}, "rules": {"max_turns": 5}});
    let mut g = EnGehe::from_position(&v).unwrap();
    assert_eq!(g.status(), Status::Playing);
    g.play(&2, &mut Quiet).unwrap();
    assert_eq!(outcome(&g), (None, 3, 3, EndReason::TurnLimit));
}

#[test]
fn first_north_from_the_command_line_options() {
    let words: Vec<String> = ["en-gehe", "--holes", "6", "--first", "north"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let g = new_game(&words).unwrap();
    assert_eq!(g.to_move(), Side::North);
    assert_eq!(g.position_json()["holes"], 6);
    let bad: Vec<String> = ["en-gehe", "--holes", "3"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(
        new_game(&bad).unwrap_err().to_string(),
        "--holes 3: En Gehé rows have 4 to 50 holes (40 to 50 are traditional)"
    );
}

// ---------------------------------------------------------------- position JSON

#[test]
fn position_json_round_trip() {
    let mut g = start(8);
    play_all(&mut g, &[7, 1, 2, 5]);
    let v = g.position_json();
    assert_eq!(
        v,
        json!({"game": "en-gehe", "holes": 8, "south": [5, 0, 3, 0, 8, 7, 0, 4],
            "north": [5, 0, 5, 2, 1, 2, 5, 2], "captured": {"south": 0, "north": 15},
            "to_move": "south", "turn": 5})
    );
    let back = EnGehe::from_position(&v).unwrap();
    assert_eq!(back.position_json(), v);
    assert_eq!(back.legal(), g.legal());
}

#[test]
fn position_json_keeps_non_default_rules_and_ignores_status_and_result() {
    let g = EnGehe::new(5, Rules { max_turns: 30 }).unwrap();
    let v = g.position_json();
    assert_eq!(v["rules"], json!({"max_turns": 30}));
    let mut with_state = v.clone();
    with_state["status"] = json!("playing");
    with_state["result"] = json!({"winner": null});
    let back = EnGehe::from_position(&with_state).unwrap();
    assert_eq!(back.rules().max_turns, 30);
    assert_eq!(back.position_json(), v);
}

fn refused(change: impl FnOnce(&mut Value)) -> String {
    let mut v = json!({"game": "en-gehe", "holes": 4, "south": [1, 2, 3, 4],
        "north": [4, 3, 2, 1], "captured": {"south": 0, "north": 0},
        "to_move": "south", "turn": 1});
    change(&mut v);
    EnGehe::from_position(&v).unwrap_err().to_string()
}

#[test]
fn position_refuses_a_row_of_the_wrong_length() {
    assert_eq!(
        refused(|v| v["south"] = json!([1, 2, 3])),
        "south: expected 4 counts, found 3"
    );
}

#[test]
fn position_refuses_a_negative_count() {
    assert_eq!(
        refused(|v| v["north"] = json!([4, -1, 2, 1])),
        "north[1]: negative count -1"
    );
}

#[test]
fn position_refuses_an_unknown_field() {
    assert_eq!(refused(|v| v["bulls"] = json!([])), "bulls: unknown field");
    assert_eq!(
        refused(|v| v["rules"] = json!({"capture_after_relay": true})),
        "rules.capture_after_relay: unknown field"
    );
}

#[test]
fn position_refuses_a_pending_decision() {
    assert_eq!(
        refused(|v| v["pending"] = json!({"decision": "direction"})),
        "pending: a half-played turn cannot be loaded"
    );
}

#[test]
fn position_refuses_bad_sizes_games_sides_and_rules() {
    assert_eq!(
        refused(|v| v["holes"] = json!(51)),
        "holes: 51 holes: En Gehé rows have 4 to 50"
    );
    assert_eq!(
        refused(|v| v["game"] = json!("enkeshui")),
        "game: expected en-gehe, found 'enkeshui'"
    );
    assert_eq!(
        refused(|v| v["to_move"] = json!("east")),
        "to_move: 'east' is not a side (south or north)"
    );
    assert_eq!(
        refused(|v| v["rules"] = json!({"max_turns": 0})),
        "rules.max_turns: 0 is not a turn count from 1"
    );
    assert_eq!(
        refused(|v| v["turn"] = json!(0)),
        "turn: 0 is not a turn number from 1"
    );
}

#[test]
fn position_accepts_fewer_seeds_than_8n_for_studies() {
    // 7 seeds in all, not 8N: accepted.
    let g = pos(&[1, 0, 0, 0], &[2, 0, 3, 0], (1, 0), "south");
    assert_eq!(g.total_seeds(), 7);
}

// ---------------------------------------------------------------- protocol

fn ask(s: &mut Session, line: &str) -> String {
    match s.handle(line) {
        Reply::Line(l) => l,
        _ => panic!("no answer to {line}"),
    }
}

#[test]
fn protocol_plays_en_gehe_2x50() {
    let mut s = Session::default();
    assert_eq!(ask(&mut s, "new en-gehe --holes 50"), "ok");
    let legal: Vec<String> = (1..=50).map(|h| h.to_string()).collect();
    assert_eq!(ask(&mut s, "legal"), format!("legal {}", legal.join(" ")));
    assert_eq!(ask(&mut s, "perft 1"), "perft 50");
    assert_eq!(
        ask(&mut s, "moves 51"),
        "error 1 51 there is no hole 51 (holes are 1 to 50)"
    );
    assert_eq!(ask(&mut s, "moves 1"), "ok");
    let state: Value =
        serde_json::from_str(ask(&mut s, "state").strip_prefix("state ").unwrap()).unwrap();
    assert_eq!(state["game"], "en-gehe");
    assert_eq!(state["to_move"], "north");
    assert_eq!(state["turn"], 2);
    assert_eq!(state["status"], "playing");
    let south: u64 = state["south"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    let north: u64 = state["north"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    let captured =
        state["captured"]["south"].as_u64().unwrap() + state["captured"]["north"].as_u64().unwrap();
    assert_eq!(south + north + captured, 400);
    let best = ask(&mut s, "go seed 3");
    let hole = best.strip_prefix("bestmove ").unwrap();
    assert!(ask(&mut s, "legal").split(' ').skip(1).any(|t| t == hole));
    assert_eq!(
        ask(&mut s, "new en-gehe --holes 3"),
        "error --holes 3: En Gehé rows have 4 to 50 holes (40 to 50 are traditional)"
    );
    assert!(ask(&mut s, "state").contains("\"holes\":50"));
}

#[test]
fn protocol_loads_a_position_and_reports_the_result() {
    let mut s = Session::default();
    let p = r#"position {"game":"en-gehe","holes":4,"south":[0,0,0,0],"north":[1,2,3,4],"captured":{"south":3,"north":0},"to_move":"south"}"#;
    assert_eq!(ask(&mut s, p), "ok");
    assert_eq!(ask(&mut s, "legal"), "legal");
    assert_eq!(ask(&mut s, "perft 2"), "perft 0");
    // South cannot move: North, who moved last, takes the 10 seeds.
    assert_eq!(
        ask(&mut s, "state"),
        r#"state {"game":"en-gehe","holes":4,"south":[0,0,0,0],"north":[1,2,3,4],"captured":{"south":3,"north":0},"to_move":"south","turn":1,"status":"over","result":{"winner":"north","score":{"south":3,"north":10},"reason":"no-seeds"}}"#
    );
    assert_eq!(ask(&mut s, "moves 7 1 2 5"), "error 1 7 the game is over");
    assert_eq!(ask(&mut s, "new en-gehe --holes 8"), "ok");
    assert_eq!(
        ask(&mut s, "moves 7 1 2 5 6"),
        "error 5 6 sowing hole 6 would never end (it repeats every 5589754 laps)"
    );
    assert!(ask(&mut s, "state").contains("\"turn\":1"));
}

// ---------------------------------------------------------------- --position

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn position_file_starts_a_study_and_errors_name_the_file() {
    let dir = TempDir::new("en-gehe-test");
    let good = dir.join("study.json");
    std::fs::write(
        &good,
        r#"{"game":"en-gehe","holes":4,"south":[1,0,0,0],"north":[2,0,3,0],"captured":{"south":0,"north":0},"to_move":"south","turn":7}"#,
    )
    .unwrap();
    let good_name = good.to_str().unwrap();
    let mut g = new_game(&words(&["en-gehe", "--position", good_name])).unwrap();
    assert_eq!(g.turn(), 7);
    // The capture worked out above: South 1 takes North 3 and his seed.
    g.play_tokens(&["1"]).unwrap();
    assert_eq!(
        g.position_json()["captured"],
        json!({"south": 4, "north": 0})
    );

    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        r#"{"game":"en-gehe","holes":4,"south":[1,0,0],"north":[2,0,3,0],"to_move":"south"}"#,
    )
    .unwrap();
    let bad_name = bad.to_str().unwrap();
    assert_eq!(
        new_game(&words(&["en-gehe", "--position", bad_name]))
            .unwrap_err()
            .to_string(),
        format!("--position {bad_name}: south: expected 4 counts, found 3")
    );
    let missing = dir.join("missing.json");
    let missing_name = missing.to_str().unwrap();
    assert!(
        new_game(&words(&["en-gehe", "--position", missing_name]))
            .unwrap_err()
            .to_string()
            .starts_with(&format!("--position {missing_name}: "))
    );
    // The file sets the size: --holes with it is refused.
    assert!(
        new_game(&words(&[
            "en-gehe",
            "--position",
            good_name,
            "--holes",
            "8"
        ]))
        .unwrap_err()
        .to_string()
        .contains("cannot be used with")
    );
}

#[test]
fn team_names_are_cosmetic() {
    use clap::Parser;
    use masai_mancala::cli::{Cli, Command};
    let cli = Cli::try_parse_from([
        "masai-mancala",
        "en-gehe",
        "--holes",
        "8",
        "--south-team",
        "Loitha",
        "--north-team",
        "Kisonga",
    ])
    .unwrap();
    let Some(Command::EnGehe(args)) = cli.command else {
        panic!("not en-gehe")
    };
    let teams = args.teams();
    assert_eq!(teams.label(Side::South), "South (Loitha)");
    assert_eq!(teams.label(Side::North), "North (Kisonga)");
    // The rules engine sees the same game as without names.
    assert_eq!(
        args.game().unwrap().position_json(),
        start(8).position_json()
    );
}

// ---------------------------------------------------------------- seed totals (issue 10)

fn position_error(v: Value) -> String {
    EnGehe::from_position(&v).unwrap_err().to_string()
}

/// 266 seeds on 2x4: `legal` used to run North's hole 3 for ever (no answer
/// after 20 minutes). A 2xN board holds at most 8N seeds.
#[test]
fn the_hanging_2x4_position_of_issue_10_is_refused() {
    let v = json!({"game":"en-gehe","holes":4,"south":[9,10,65,19],"north":[29,67,66,1],"to_move":"north"});
    let expected = "south: the board and captures hold 266 seeds: a 2x4 En Gehé board holds at most 32 (4 a hole, fewer in a study)";
    assert_eq!(position_error(v.clone()), expected);
    let mut s = Session::default();
    assert_eq!(
        ask(&mut s, &format!("position {v}")),
        format!("error {expected}")
    );
    // 8N exactly loads (with captures), one more does not.
    let v = json!({"game":"en-gehe","holes":4,"south":[9,0,0,0],"north":[0,0,0,0],
        "captured":{"south":20,"north":3},"to_move":"south"});
    assert_eq!(EnGehe::from_position(&v).unwrap().total_seeds(), 32);
    let v = json!({"game":"en-gehe","holes":4,"south":[9,0,0,0],"north":[0,0,0,0],
        "captured":{"south":20,"north":4},"to_move":"south"});
    assert_eq!(
        position_error(v),
        "south: the board and captures hold 33 seeds: a 2x4 En Gehé board holds at most 32 (4 a hole, fewer in a study)"
    );
}

/// `captured: 4294967296` used to be read as 0.
#[test]
fn en_gehe_captured_counts_are_checked_before_any_arithmetic() {
    let v = json!({"game":"en-gehe","holes":4,"south":[1,0,0,0],"north":[0,0,1,0],
        "captured":{"south":4294967296u64,"north":0},"to_move":"south"});
    assert_eq!(
        position_error(v),
        "captured.south: 4294967296 is more than the 32 seeds a 2x4 board may hold"
    );
    let v = json!({"game":"en-gehe","holes":50,"south":vec![4; 50],"north":vec![4; 50],
        "captured":{"south":0,"north":401},"to_move":"south"});
    assert_eq!(
        position_error(v),
        "captured.north: 401 is more than the 400 seeds a 2x50 board may hold"
    );
}

#[test]
fn en_gehe_decision_tokens_are_canonical() {
    let mut g = start(8);
    let before = AnyGame::from(g.clone()).state_json();
    for token in ["+8", "08", " 8", "8 ", "-0", "00", "８"] {
        let e = g.parse_decision(token).unwrap_err();
        assert_eq!(
            e,
            MoveError::BadToken(BadToken {
                token: token.into(),
                expected: Expected::Decision {
                    game: GameKind::EnGehe,
                    holes: 8
                }
            })
        );
        assert_eq!(
            e.to_string(),
            format!("'{token}' is not an En Gehé decision (a hole 1..8)")
        );
    }
    let mut any = AnyGame::from(g.clone());
    assert_eq!(
        any.play_tokens(&["1", "+8"]).unwrap_err().to_string(),
        "2 +8 '+8' is not an En Gehé decision (a hole 1..8)"
    );
    assert_eq!(any.state_json(), before);
    play_all(&mut g, &[8]);
}

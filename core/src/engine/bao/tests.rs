//! Tests of the Bao game: the repetition rule, the random picks against
//! the plain draw, the lap tables.

use super::*;
use crate::engine::SeededRng;
use crate::engine::Status;
use rand::{Rng, SeedableRng};

/// No repeating line of play has turned up (sowing only moves cows forward,
/// and searches found no cycle of whole turns), so the repetition rule is
/// driven here through `commit`, which every played move goes through.
#[test]
fn third_repetition_ends_the_game_on_cows() {
    // Phase 2, South 20 cows (inner 1 each, o1 12), North 44.
    let mut a = [0u16; HOLES];
    for k in 1..=8 {
        a[index(Side::South, Row::Inner, k)] = 1;
        a[index(Side::North, Row::Inner, k)] = 2;
    }
    a[index(Side::South, Row::Outer, 1)] = 12;
    a[index(Side::North, Row::Outer, 1)] = 28;
    let mut b = a;
    b[index(Side::South, Row::Outer, 1)] -= 1;
    b[index(Side::South, Row::Outer, 2)] += 1;
    let mut g = Bao::from_parts(Rules::default(), a, PerSide::both(0), Side::South, 60);
    // a (South to move) is seen once; then b/North, a/South, b/North, a/South.
    for (board, k) in [(b, 1), (a, 2), (b, 3), (a, 4)] {
        assert_eq!(g.state.status, Status::Playing, "before step {k}");
        g.commit(board, &mut Quiet);
    }
    // a with South to move for the third time: 20 cows against 44.
    let Status::Over(o) = g.state.status else {
        panic!("the third repetition ends the game")
    };
    assert_eq!(o.reason, EndReason::Repetition);
    assert_eq!((o.score.south, o.score.north), (20, 44));
    assert_eq!(o.winner, Some(Side::North));
    assert_eq!(g.state.turn, 64);
}

/// The random pick before its one-lap shortcut: the holes with cows in
/// board order, drawn without replacement, each tried by the quiet
/// sowing; and how many sowings that never end it passed over.
fn reference_pick(g: &mut Bao, rng: &mut SeededRng, skipped: &mut usize) -> Option<Move> {
    let mut holes: Vec<usize> = g.liftable().collect();
    while !holes.is_empty() {
        let k = rng.random_range(0..holes.len());
        let h = holes[k];
        if let Ok(counts) = g.try_sow(h) {
            g.commit(counts, &mut Quiet);
            return Some(Bao::move_of(h));
        }
        *skipped += 1;
        holes.swap_remove(k);
    }
    None
}

/// Random playouts play the same games, move for move and board for
/// board, as the plain draw, through sowings that never end too.
#[test]
fn random_picks_are_the_plain_draw() {
    let mut skipped = 0;
    for seed in 0..3000 {
        let mut fast = Bao::default();
        let mut plain = Bao::default();
        let (mut rf, mut rp) = (
            SeededRng::seed_from_u64(seed),
            SeededRng::seed_from_u64(seed),
        );
        loop {
            let mut rd = rf.clone();
            let listed = fast.random_decision(&mut rd);
            let a = fast.play_random(&mut rf, &mut Quiet);
            let b = reference_pick(&mut plain, &mut rp, &mut skipped);
            assert_eq!((a, listed), (b, b), "seed {seed}");
            assert_eq!(fast.counts, plain.counts, "seed {seed}");
            assert_eq!(fast.reserve, plain.reserve, "seed {seed}");
            assert_eq!(fast.state.status, plain.state.status, "seed {seed}");
            if a.is_none() || fast.state.status.is_over() {
                break;
            }
        }
    }
    assert!(skipped > 20, "{skipped}");
}

/// The draw of the random picks is rand's `random_range(0..n)`, draw
/// for draw, for every count of holes and more, from several
/// generators (their streams compared after each draw too).
#[test]
fn draw_below_is_random_range() {
    use rand::RngCore;
    use rand::rngs::StdRng;
    for seed in 0..2000u64 {
        let (mut a, mut b) = (
            SeededRng::seed_from_u64(seed),
            SeededRng::seed_from_u64(seed),
        );
        let (mut c, mut d) = (StdRng::seed_from_u64(seed), StdRng::seed_from_u64(seed));
        for n in (1..=LOOP).chain([17, 1000, 3 << 29, u32::MAX as usize]) {
            assert_eq!(draw_below(&mut a, n), b.random_range(0..n), "{seed} {n}");
            assert_eq!(draw_below(&mut c, n), d.random_range(0..n), "{seed} {n}");
            assert_eq!(a.next_u64(), b.next_u64());
            assert_eq!(c.next_u64(), d.next_u64());
        }
    }
}

/// The table-driven bit picks are the plain ones, for every mask of a
/// loop and every set bit of it.
#[test]
fn set_bits_by_table_are_the_plain_ones() {
    for mask in 0..=u16::MAX {
        assert_eq!(
            count_set_bits(mask),
            mask.count_ones() as usize,
            "{mask:#x}"
        );
        let mut m = mask;
        for k in 0..mask.count_ones() {
            assert_eq!(
                nth_set_bit(mask, k),
                m.trailing_zeros() as usize,
                "{mask:#x} {k}"
            );
            m &= m - 1;
        }
    }
}

/// A one-lap sowing from its table row is the sowing cow by cow.
#[test]
fn one_lap_rows_sow_cow_by_cow() {
    for (k, rows) in ONE_LAP.iter().enumerate() {
        for (s, row) in rows.iter().enumerate().skip(1) {
            let mut want = [0u16; LOOP];
            for i in 1..=s {
                want[(k + i) % LOOP] += 1;
            }
            assert_eq!(*row, want, "{k} {s}");
        }
    }
}

#[test]
fn same_board_with_the_other_side_to_move_is_another_position() {
    let start = Bao::default();
    let mut g = Bao::from_parts(
        Rules::default(),
        start.counts,
        PerSide::both(0),
        Side::South,
        60,
    );
    let a = g.counts;
    for _ in 0..3 {
        g.commit(a, &mut Quiet);
    }
    // a/North twice and a/South twice so far: still playing.
    assert_eq!(g.state.status, Status::Playing);
    g.commit(a, &mut Quiet);
    assert!(matches!(
        g.state.status,
        Status::Over(Outcome {
            reason: EndReason::Repetition,
            winner: None,
            ..
        })
    ));
}

/// A position as the repetition rule sees it: board, reserves, mover.
type Position = ([u16; HOLES], PerSide<u32>, Side);

/// A position whose mover places a cow and placed one on his last turn is
/// met once only (`position_is_fresh`: the history does not hold it):
/// random games from the start and from first phases with other reserves,
/// one side's empty among them, every position before and after compared.
#[test]
fn a_fresh_position_is_never_met_again_nor_before() {
    use std::collections::HashMap;
    let mut rng = SeededRng::seed_from_u64(44);
    let mut fresh_seen = 0;
    for game in 0..600 {
        let mut g = if game % 3 == 0 {
            Bao::default()
        } else {
            let start = Bao::default();
            let reserve = PerSide::new(rng.random_range(0..6), rng.random_range(0..6));
            Bao::from_parts(Rules::default(), start.counts, reserve, Side::South, 1)
        };
        // Each position: how often met, and whether it was fresh when
        // first met.
        let mut met: HashMap<Position, (u32, bool)> = HashMap::new();
        while g.state.status == Status::Playing {
            let fresh = g.position_is_fresh();
            let seen = met
                .entry((g.counts, g.reserve, g.state.to_move))
                .or_insert((0, fresh));
            seen.0 += 1;
            assert!(
                !(seen.1 || fresh) || seen.0 == 1,
                "game {game} turn {}: a fresh position met again",
                g.state.turn
            );
            fresh_seen += fresh as u32;
            g.play_random(&mut rng, &mut Quiet);
        }
    }
    assert!(fresh_seen > 10_000, "{fresh_seen}");
}

/// Worked example: South 3 reserve cows, North none. Turn 1 places no cow
/// and North has none to place on turn 2, so turn 3 has the board,
/// reserves and mover of turn 1: the history must hold it (seen twice, a
/// third time when recorded again). From turn 5 South places a cow every
/// turn as on his last: fresh, not held.
#[test]
fn a_position_is_held_unless_its_mover_placed_a_cow_on_his_last_turn() {
    let start = Bao::default();
    let mut g = Bao::from_parts(
        Rules::default(),
        start.counts,
        PerSide::new(3, 0),
        Side::South,
        1,
    );
    let a = g.counts;
    assert!(!g.position_is_fresh());
    g.commit(a, &mut Quiet);
    assert!(!g.position_is_fresh(), "North has no cow to place");
    g.commit(a, &mut Quiet);
    assert_eq!((g.state.turn, g.reserve), (3, PerSide::new(3, 0)));
    assert!(!g.position_is_fresh(), "South placed none on turn 1");
    assert_eq!(g.record_position(), 3);
    g.commit(a, &mut Quiet);
    g.commit(a, &mut Quiet);
    assert_eq!((g.state.turn, g.reserve), (5, PerSide::new(2, 0)));
    assert!(g.position_is_fresh());
    assert_eq!(g.record_position(), 1);
    assert_eq!(g.state.status, Status::Playing);
}

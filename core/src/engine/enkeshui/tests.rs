//! The choice-state repetition rule: positions that random play practically
//! never reaches, so the visited set is filled by hand here. And the quiet
//! sowing of playouts against the sowing that tells every drop.

use super::*;
use crate::engine::PositionJson;
use crate::engine::core::Event;

/// S8 (9) crosses North's row and relays from S1 (3): South chooses.
fn crossing() -> Enkeshui {
    let v = serde_json::json!({"game":"enkeshui","holes":8,"south":[2,0,0,0,0,0,0,9],
        "north":[0,0,0,0,0,1,0,0],"captured":{"south":0,"north":36},"to_move":"south"});
    Enkeshui::from_position(&v).unwrap()
}

#[test]
fn a_direction_leading_back_to_a_met_choice_state_is_not_offered() {
    let mut g = crossing();
    g.play(&Move::Sow(8), &mut Quiet).unwrap();
    g.play(&Move::Direction(Direction::Cw), &mut Quiet).unwrap();
    // Now at N6 with 3 in hand; cw relays (N5, N4, N3 1->2), ccw ends the turn.
    let mut c: Choosing = g.choosing.clone().unwrap();
    assert_eq!(c.options.as_slice(), [Direction::Cw, Direction::Ccw]);
    let next = g.successor(&c, Direction::Cw).expect("cw relays");
    assert_eq!(next.lifted, g.index(Side::North, 3));
    assert_eq!(next.in_hand, 2);
    assert!(g.successor(&c, Direction::Ccw).is_none());
    c.visited.push(next);
    assert!(!g.direction_ok(&c, Direction::Cw));
    assert!(g.direction_ok(&c, Direction::Ccw));
    g.choosing = Some(Choosing {
        options: Options {
            dirs: [Direction::Ccw; 2],
            len: 1,
        },
        ..c
    });
    assert_eq!(g.legal(), [Move::Direction(Direction::Ccw)]);
    let err = g
        .play(&Move::Direction(Direction::Cw), &mut Quiet)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "cw would come back to a position already met this turn"
    );
}

#[test]
fn when_both_directions_repeat_the_seeds_go_back_and_the_turn_ends() {
    // S8 (9) crosses and relays from S1 (3). With S4 holding 1, ccw (S2, S3,
    // S4 1->2) relays too, and cw (N8, N7, N6 2->3) relays as before.
    let v = serde_json::json!({"game":"enkeshui","holes":8,"south":[2,0,0,1,0,0,0,9],
        "north":[0,0,0,0,0,1,0,0],"captured":{"south":0,"north":35},"to_move":"south"});
    let mut g = Enkeshui::from_position(&v).unwrap();
    let board_before = g.board;
    let mut board = g.board;
    let mut captured = g.captured;
    let Ok(Sown::Choose { hole, lap }) = Enkeshui::sow_from(
        &g.rules,
        &mut board,
        &mut captured,
        Side::South,
        7,
        &mut Quiet,
    ) else {
        panic!("S8 crosses and relays")
    };
    assert_eq!((hole, lap), (0, 2));
    g.board = board;
    let after_lap_one = g.board;
    // Both successors of the choice state, as if already met this turn.
    let mut probe = g.clone();
    let c = probe
        .enter_choice(hole, lap, Vec::new(), &mut Quiet)
        .unwrap();
    let both = vec![
        probe.successor(&c, Direction::Cw).expect("cw relays"),
        probe.successor(&c, Direction::Ccw).expect("ccw relays"),
    ];
    let mut log = Vec::new();
    assert!(g.enter_choice(hole, lap, both, &mut log).is_none());
    assert_eq!(g.board, after_lap_one, "the lifted seeds went back into S1");
    assert_eq!(g.board.counts[0], 3);
    assert_ne!(g.board, board_before);
    assert_eq!(log.last(), Some(&Event::PutBack { hole: 0, seeds: 3 }));
}

/// Random boards of up to 48 seeds (2x4 to 2x16) with bulls, as
/// [`Enkeshui::sow_from_within`] meets them.
fn random_boards(count: usize) -> Vec<Board> {
    use rand::{Rng, SeedableRng};
    let mut rng = crate::engine::SeededRng::seed_from_u64(12);
    (0..count)
        .map(|_| {
            // The rest captured: few seeds on a small board without bulls
            // often relay for ever.
            let small = rng.random_bool(0.5);
            let n = if small {
                rng.random_range(4..=6)
            } else {
                rng.random_range(4..=16)
            };
            let mut b = Board::empty(n);
            let seeds = if small { 3..=2 * n } else { 3..=48 };
            for _ in 0..rng.random_range(seeds) {
                b.counts[rng.random_range(0..2 * n)] += 1;
            }
            for h in 0..2 * n {
                if !small && rng.random_bool(0.1) {
                    let owner = if rng.random_bool(0.5) {
                        Side::South
                    } else {
                        Side::North
                    };
                    b.make_bull(h, owner);
                }
            }
            b
        })
        .collect()
}

/// The quiet sowing (a relay lap in one piece, the first laps on the board
/// itself) ends where the sowing that tells every drop ends: the same
/// board, captures, end, cycle period and laps counted, under any budget.
#[test]
fn quiet_sowings_match_the_sowings_that_tell_every_drop() {
    let (mut endless, mut over) = (0, 0);
    for board in random_boards(3000) {
        for capture_after_relay in [false, true] {
            let rules = Rules {
                capture_after_relay,
                ..Rules::default()
            };
            for mover in [Side::South, Side::North] {
                for hole in Bits(board.liftable(mover)) {
                    for max_laps in [u64::MAX, 12, 40] {
                        let captured = PerSide::new(0, 0);
                        let (mut a, mut ca) = (board, captured);
                        let quiet = Enkeshui::sow_from_within(
                            &rules, &mut a, &mut ca, mover, hole, max_laps, &mut Quiet,
                        );
                        let (mut b, mut cb) = (board, captured);
                        let mut events: Vec<Event> = Vec::new();
                        let told = Enkeshui::sow_from_within(
                            &rules,
                            &mut b,
                            &mut cb,
                            mover,
                            hole,
                            max_laps,
                            &mut events,
                        );
                        match quiet {
                            Err(Unended::Endless(_)) => endless += 1,
                            Err(Unended::OverBudget) => over += 1,
                            Ok(_) => {}
                        }
                        let what = format!("{board:?} {mover:?} hole {hole} {max_laps} {rules:?}");
                        assert_eq!((&quiet, a, ca), (&told, b, cb), "{what}");
                    }
                }
            }
        }
    }
    // Endless sowings and sowings over budget were met (their periods and
    // laps compared above).
    assert!(
        endless > 0 && over > 0,
        "{endless} endless, {over} over budget"
    );
}

/// The random pick draws from the mover's liftable holes in notation order,
/// without replacement until a sowing that ends (the hole drawn swapped with
/// the last): the first pick, read off the row's mask, and the later ones,
/// from a list built after a sowing that never ends, draw what that list
/// always drew. The pick played is that sowing; a pick not played leaves
/// the game as it was.
#[test]
fn random_picks_draw_what_the_list_of_holes_draws() {
    use crate::engine::SeededRng;
    use rand::SeedableRng;
    let (mut picks, mut skipped) = (0, 0);
    for board in random_boards(3000) {
        for mover in [Side::South, Side::North] {
            let g = Enkeshui::from_parts(
                Rules::default(),
                board,
                PerSide::default(),
                mover,
                1,
                PerSide::default(),
            );
            if g.state.status.is_over() {
                continue;
            }
            let start = g.board.row(mover).start;
            // Many draws where a sowing never ends, a few elsewhere.
            let endless =
                Bits(g.board.liftable(mover)).any(|h| g.sowing_ends_within(h, u64::MAX).is_err());
            for seed in 0..if endless { 64 } else { 2 } {
                let mut rng = SeededRng::seed_from_u64(seed);
                let mut holes: Vec<usize> = Bits(g.board.liftable(mover)).collect();
                let want = loop {
                    if holes.is_empty() {
                        break None;
                    }
                    let k = draw_below(&mut rng, holes.len() as u32) as usize;
                    let h = holes[k];
                    if g.sowing_ends_within(h, u64::MAX).is_ok() {
                        break Some(Move::Sow(h - start + 1));
                    }
                    skipped += 1;
                    holes.swap_remove(k);
                };
                let what = format!("{board:?} {mover:?} seed {seed}");
                let mut kept = g.clone();
                let got = kept.pick_random(&mut SeededRng::seed_from_u64(seed), false);
                assert_eq!(got, want, "{what}");
                assert_eq!((kept.board, kept.captured), (g.board, g.captured), "{what}");
                let mut picked = g.clone();
                let got = picked.pick_random(&mut SeededRng::seed_from_u64(seed), true);
                assert_eq!(got, want, "{what}");
                if let Some(m) = want {
                    let mut played = g.clone();
                    played.play(&m, &mut Quiet).unwrap();
                    assert_eq!(
                        (picked.board, picked.captured, picked.state.to_move),
                        (played.board, played.captured, played.state.to_move),
                        "{what}"
                    );
                    picks += 1;
                }
            }
        }
    }
    // Picks were played, and sowings that never end were drawn and skipped.
    assert!(
        picks > 1000 && skipped > 50,
        "{picks} picks, {skipped} skipped"
    );
}

/// The repetition rule's irreversible part: captures, bulls, and under
/// `once` who has made the special move (packed above South's captures).
/// Every one of them tells two positions apart; under `any` the special
/// move's flags do not.
#[test]
fn the_irreversible_part_tells_captures_bulls_and_the_special_move_apart() {
    let key = |special: SpecialMove, captured: (u32, u32), bull: bool, used: (bool, bool)| {
        let mut board = Board::empty(8);
        board.counts[3] = (48 - captured.0 - captured.1) as u16;
        if bull {
            board.make_bull(3, Side::South);
        }
        let rules = Rules {
            special_move: special,
            ..Rules::default()
        };
        let mut g = Enkeshui::from_parts(
            rules,
            board,
            PerSide::new(captured.0, captured.1),
            Side::South,
            1,
            PerSide::new(used.0, used.1),
        );
        g.repetition_parts().0
    };
    let once = [
        key(SpecialMove::Once, (0, 0), false, (false, false)),
        key(SpecialMove::Once, (0, 0), false, (true, false)),
        key(SpecialMove::Once, (0, 0), false, (false, true)),
        key(SpecialMove::Once, (0, 0), false, (true, true)),
        key(SpecialMove::Once, (40, 0), false, (false, false)),
        key(SpecialMove::Once, (40, 0), false, (true, true)),
        key(SpecialMove::Once, (0, 40), false, (false, false)),
        key(SpecialMove::Once, (0, 0), true, (false, false)),
    ];
    for (i, a) in once.iter().enumerate() {
        for b in &once[i + 1..] {
            assert_ne!(a, b);
        }
    }
    assert_eq!(
        key(SpecialMove::Any, (40, 0), false, (true, false)),
        key(SpecialMove::Any, (40, 0), false, (false, true))
    );
}

/// The relay read off ahead of a lap: S1 lifted with 3 in hand (as in
/// [`crossing`] after its first lap), cw ends at N6 (2 -> 3, a relay of 3),
/// ccw at S4 (0 -> 1, where a relay would lift 1, though the lap ends the
/// turn). A lap once round or more, or on a board with closed holes, is
/// not read ahead.
#[test]
fn a_short_lap_is_read_ahead_without_sowing() {
    let mut g = crossing();
    g.play(&Move::Sow(8), &mut Quiet).unwrap();
    let c = g.choosing.clone().unwrap();
    assert_eq!((c.lifted, c.in_hand), (0, 3));
    let n6 = g.index(Side::North, 6);
    assert_eq!(g.board.relay_ahead(0, 3, Direction::Cw), Some((n6, 3)));
    assert_eq!(g.board.relay_ahead(0, 3, Direction::Ccw), Some((3, 1)));
    assert_eq!(g.board.relay_ahead(0, 16, Direction::Ccw), None);
    let mut closed = g.board;
    closed.closed = 1 << 5;
    assert_eq!(closed.relay_ahead(0, 3, Direction::Cw), None);
}

/// A relay read ahead is the relay the lap makes, and the legality of a
/// direction with it is the legality found by sowing: on random boards,
/// with the states met holding each successor and decoys lifted from the
/// same hole with the same seeds but another board.
#[test]
fn directions_read_ahead_are_legal_exactly_when_their_laps_say_so() {
    let (mut read, mut relays) = (0, 0);
    for board in random_boards(1500) {
        let mover = Side::South;
        for from in 0..board.n2() {
            if board.counts[from] == 0 || board.is_bull(from) {
                continue;
            }
            let mut g = Enkeshui::from_parts(
                Rules::default(),
                board,
                PerSide::default(),
                mover,
                1,
                PerSide::default(),
            );
            let in_hand = g.board.lift(from, 2, &mut Quiet);
            let here = ChoiceKey {
                counts: g.board.counts,
                lifted: from,
                in_hand,
            };
            let mut c = Choosing {
                lifted: from,
                in_hand,
                lap: 2,
                options: Options {
                    dirs: [Direction::Cw; 2],
                    len: 0,
                },
                visited: vec![here],
            };
            let next = [Direction::Cw, Direction::Ccw].map(|d| g.successor(&c, d));
            for (d, next) in [Direction::Cw, Direction::Ccw].into_iter().zip(&next) {
                let ahead = g.board.relay_ahead(from, in_hand, d);
                if let (Some(ahead), Some(next)) = (ahead, next) {
                    assert_eq!(ahead, (next.lifted, next.in_hand), "{board:?} {from} {d}");
                    relays += 1;
                }
                read += ahead.is_some() as u32;
            }
            let full = |c: &Choosing, d| {
                g.successor(c, d)
                    .is_none_or(|key| !c.visited.contains(&key))
            };
            let mut visited = vec![c.visited[0].clone()];
            for next in next.iter().flatten() {
                let mut decoy = next.clone();
                decoy.counts[decoy.lifted] += 1;
                visited.push(decoy);
            }
            for with in [None, next[0].clone(), next[1].clone()] {
                c.visited = visited.clone();
                c.visited.extend(with);
                for d in [Direction::Cw, Direction::Ccw] {
                    assert_eq!(g.direction_ok(&c, d), full(&c, d), "{board:?} {from} {d}");
                }
            }
        }
    }
    assert!(
        read > 10_000 && relays > 1000,
        "{read} read, {relays} relays"
    );
}

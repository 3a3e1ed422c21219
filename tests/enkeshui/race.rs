//! The starting race: drops, its seed, the hole it needs, and a lone racer's
//! sowing that never ends.

use super::*;

#[test]
fn race_where_south_drops_nine_times_and_north_finishes_alone() {
    // Both lift hole 8 (4 each). South alone: N1 0->1, N2 0->1, N3 4->5, N4 4->5:
    // relay 5: N5 5, N6 5, N7 5, N8 0->1, S1 0->1: asleep after 9 drops.
    // North then sows alone from his 4: S1 1->2, S2 0->1, S3 5, S4 5: relay 5:
    // S5 5, S6 5, S7 5, S8 0->1, N1 1->2: relay 2: N2 1->2, N3 5->6: relay 6:
    // N4 0->1, N5 6, N6 6, N7 6, N8 1->2, S1 2->3: relay 3: S2 1->2, S3 5->6,
    // S4 0->1: asleep.
    let game = Enkeshui::new(&Layout::default_for(8).unwrap(), Rules::default());
    let mut race = Race::start(&game, None, &mut Quiet).unwrap();
    assert_eq!(race.hole(), 8);
    for _ in 0..9 {
        race.drop_seed(Side::South, &mut Quiet).unwrap();
    }
    assert_eq!(race.first_sleeper(), Some(Side::South));
    assert!(race.drop_seed(Side::North, &mut Quiet).is_err());
    let g = AnyGame::Enkeshui(race.finish(&mut Quiet).unwrap());
    assert_eq!(
        rows(&g),
        (vec![0, 2, 6, 1, 5, 5, 5, 1], vec![0, 2, 0, 1, 6, 6, 6, 2])
    );
    assert_eq!(g.to_move(), Side::South);
    assert_eq!(g.total_seeds(), 48);
}

#[test]
fn quick_race_is_reproducible_from_its_seed_and_its_drops() {
    use rand::SeedableRng;
    let game = Enkeshui::new(&Layout::default_for(12).unwrap(), Rules::default());
    let run = |seed: u64| {
        let mut race = Race::start(&game, None, &mut Quiet).unwrap();
        let mut rng = masai_mancala::engine::SeededRng::seed_from_u64(seed);
        let first = race.run_quick(&mut rng, &mut Quiet).unwrap();
        let drops = race.drops().to_vec();
        (
            first,
            drops,
            race.finish(&mut Quiet).unwrap().position_json(),
        )
    };
    let (first, drops, pos) = run(42);
    assert_eq!(run(42), (first, drops.clone(), pos.clone()));
    // Replaying the recorded drops gives the same board.
    let mut race = Race::start(&game, None, &mut Quiet).unwrap();
    race.replay(&drops, &mut Quiet).unwrap();
    assert_eq!(race.first_sleeper(), Some(first));
    assert_eq!(race.finish(&mut Quiet).unwrap().position_json(), pos);
}

#[test]
fn race_hole_must_hold_seeds_for_both() {
    let game = Enkeshui::new(&Layout::default_for(8).unwrap(), Rules::default());
    let err = Race::start(&game, Some(1), &mut Quiet).unwrap_err();
    assert_eq!(
        err.to_string(),
        "--race-hole 1: both racers' holes must hold seeds"
    );
    let err = Race::start(&game, Some(9), &mut Quiet).unwrap_err();
    assert_eq!(err.to_string(), "--race-hole 9: holes are 1 to 8");
    // The default for 8-right-empty is hole 6.
    let game = Enkeshui::new(&Layout::named("8-right-empty").unwrap(), Rules::default());
    assert_eq!(Race::start(&game, None, &mut Quiet).unwrap().hole(), 6);
}

#[test]
fn a_lone_race_sowing_that_never_ends_stops_at_its_first_repeated_lap_end() {
    // Found by search: 2x4 with 4 6 5 9 in each row, racing from hole 4.
    use Side::{North as N, South as S};
    let drops = [
        S, N, S, N, S, N, S, N, N, S, S, N, S, N, N, S, N, N, N, N, S, N, N, N, N, N, S, N, S, S,
        N, N, N, S, S, N, N, N, N, S, S, N, N, S, S, S, S, S, S, S, S, N, S, S, S, S, N, N, N, S,
    ];
    let layout = Layout::from_options(Some(4), Some("4 6 5 9")).unwrap();
    let game = Enkeshui::new(&layout, Rules::default());
    let mut race = Race::start(&game, None, &mut Quiet).unwrap();
    race.replay(&drops, &mut Quiet).unwrap();
    let first = race.first_sleeper().expect("someone slept");
    let loser = first.other();
    // An independent naive run of the loser's lone sowing, lap ends in a map.
    let mut board: Vec<u16> = race.board().counts[..8].to_vec();
    let mut pos = race.positions()[loser];
    let mut hand = race.in_hand()[loser];
    while hand > 0 {
        pos = (pos + 1) % 8;
        board[pos] += 1;
        hand -= 1;
    }
    let mut seen = std::collections::HashSet::new();
    let expected = loop {
        assert!(
            board[pos] > 1,
            "this lone sowing ends: not the case under test"
        );
        if !seen.insert((board.clone(), pos)) {
            break board;
        }
        let seeds = std::mem::take(&mut board[pos]);
        for _ in 0..seeds {
            pos = (pos + 1) % 8;
            board[pos] += 1;
        }
    };
    let mut log = Vec::new();
    let g = race.finish(&mut log).unwrap();
    assert!(
        log.iter()
            .any(|e| matches!(e, masai_mancala::engine::Event::PutBack { .. }))
    );
    assert_eq!(&g.board().counts[..8], &expected[..]);
    assert_eq!(g.to_move(), first);
    assert_eq!(g.total_seeds(), 48);
}

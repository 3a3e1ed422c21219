//! Property tests over thousands of random Enkeshui games: seeds are never
//! created or lost, every turn ends, `legal` and `play` agree, the position
//! JSON round-trips, and every decision matches the reference implementation.

mod common;
mod reference;

use common::contract;
use masai_mancala::engine::PositionJson;
use masai_mancala::engine::SeededRng;
use masai_mancala::engine::enkeshui::play_match::{Next, next_game, stock_of};
use masai_mancala::engine::enkeshui::race::Race;
use masai_mancala::engine::enkeshui::{Enkeshui, Layout, Rules, SpecialMove, Unfilled};
use masai_mancala::engine::{
    AnyGame, EndReason, Game, PerSide, Quiet, RandomPlay, Status, bao, en_gehe,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use reference::RefGame;
use serde_json::json;

fn layouts() -> impl Strategy<Value = Layout> {
    prop_oneof![
        Just(Layout::default_for(8).unwrap()),
        Just(Layout::default_for(10).unwrap()),
        Just(Layout::default_for(12).unwrap()),
        Just(Layout::named("8-right-empty").unwrap()),
        Just(Layout::from_options(Some(4), Some("6 6 6 6 6 6 6 6")).unwrap()),
        Just(Layout::from_options(Some(6), Some("4 4 4 4 4 4")).unwrap()),
    ]
}

fn row(r: &[u16]) -> Vec<u32> {
    r.iter().map(|&c| c as u32).collect()
}

/// One random game under the contract every game keeps
/// (tests/common/contract.rs), each decision also checked against the
/// reference implementation: the same legal decisions, the same board.
fn check_game(layout: &Layout, capture_after_relay: bool, race: bool, seed: u64) {
    let rules = Rules {
        capture_after_relay,
        ..Rules::default()
    };
    let mut rng = SeededRng::seed_from_u64(seed);
    let mut game = Enkeshui::new(layout, rules);
    if race {
        let mut r = Race::start(&game, None, &mut Quiet).unwrap();
        r.run_quick(&mut rng, &mut Quiet).unwrap();
        game = r.finish(&mut Quiet).unwrap();
        assert_eq!(game.total_seeds(), 48);
    }
    let b = game.board();
    let n = b.n;
    let mut reference = RefGame::new(
        &row(&b.counts[..n]),
        &row(&b.counts[n..2 * n]),
        game.to_move().index(),
        capture_after_relay,
    );
    assert_eq!(game.total_seeds(), 48);
    let end = contract::check_random_game(game, seed, |before, m, after| {
        let legal = AnyGame::from(before.clone()).legal_tokens();
        assert_eq!(legal, reference.legal(), "legal differs before {m}");
        reference.play(&m.to_string());
        let rows = (
            row(&after.board().counts[..n]),
            row(&after.board().counts[n..2 * n]),
        );
        assert_eq!(rows, reference.rows(), "board differs after {m}");
    });
    if let Status::Over(o) = end.status() {
        assert_eq!(o.score.south + o.score.north, 48);
        let safety = matches!(
            o.reason,
            masai_mancala::engine::EndReason::Repetition
                | masai_mancala::engine::EndReason::TurnLimit
        );
        assert!(
            safety || reference.over,
            "the reference goes on after {:?}",
            o.reason
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(layout in layouts(), car in any::<bool>(), race in any::<bool>(), seed in any::<u64>()) {
        check_game(&layout, car, race, seed);
    }

    #[test]
    fn random_special_moves_and_matches_keep_48_seeds(seed in any::<u64>(), closed in any::<bool>(), n in prop_oneof![Just(8usize), Just(10), Just(12)]) {
        let layout = Layout::default_for(n).unwrap();
        let rules = Rules {
            special_move: SpecialMove::Any,
            unfilled: if closed { Unfilled::Closed } else { Unfilled::Open },
            match_play: true,
            ..Rules::default()
        };
        let mut rng = SeededRng::seed_from_u64(seed);
        let mut game = Enkeshui::new(&layout, rules);
        let first = stock_of(&game);
        let mut scores = Vec::new();
        for _ in 0..6 {
            while game.status() == Status::Playing {
                assert_eq!(game.total_seeds(), 48);
                let special = game.special_allowed() && rng.random_bool(0.1);
                if special {
                    // Lift two random liftable holes and drop the seeds at random into open holes.
                    let side = game.to_move();
                    let b = *game.board();
                    let holes: Vec<usize> = (1..=n).filter(|&h| b.can_lift(side, game.index(side, h))).collect();
                    let a = holes[rng.random_range(0..holes.len())];
                    let c = loop {
                        let c = holes[rng.random_range(0..holes.len())];
                        if c != a { break c; }
                    };
                    let lifted = b.counts[game.index(side, a)] + b.counts[game.index(side, c)];
                    let open: Vec<usize> = (1..=n)
                        .filter(|&h| { let i = game.index(side, h); !b.is_bull(i) && !b.is_closed(i) })
                        .collect();
                    let mut add = vec![0u16; n];
                    for _ in 0..lifted {
                        add[open[rng.random_range(0..open.len())] - 1] += 1;
                    }
                    let m = masai_mancala::engine::enkeshui::Move::Special { lift: [a, c], add };
                    // Refused only when the row would come out unchanged.
                    let before = game.position_json();
                    if game.play(&m, &mut Quiet).is_err() {
                        assert_eq!(game.position_json(), before);
                        let m = game.random_decision(&mut rng);
                        match m {
                            Some(m) => game.play(&m, &mut Quiet).unwrap(),
                            None => break,
                        }
                    }
                } else {
                    match game.random_decision(&mut rng) {
                        Some(m) => game.play(&m, &mut Quiet).unwrap(),
                        None => break,
                    }
                }
            }
            let Status::Over(o) = game.status() else { break };
            assert_eq!(o.score.south + o.score.north, 48);
            scores.push(PerSide::new(o.score.south, o.score.north));
            match next_game(&layout, rules, first, &scores) {
                Next::Game(g) => {
                    game = *g;
                    assert_eq!(game.total_seeds(), 48);
                }
                Next::MatchOver(_) => break,
            }
        }
    }
}

/// `total` seeds (at most `most` in a hole) scattered over `holes` holes.
fn scatter(rng: &mut SeededRng, holes: usize, total: u32) -> Vec<u32> {
    let mut counts = vec![0u32; holes];
    for _ in 0..total {
        counts[rng.random_range(0..holes)] += 1;
    }
    counts
}

/// A random position of `game` (0 Enkeshui, 1 En Gehé, 2 Bao) with a legal
/// seed total: Enkeshui 48 (match play or not), En Gehé up to 8N, Bao 64.
fn random_position(game: u8, rng: &mut SeededRng) -> serde_json::Value {
    use serde_json::json;
    let side = if rng.random_bool(0.5) {
        "south"
    } else {
        "north"
    };
    match game {
        0 => {
            let n = [4usize, 6, 8, 10, 12][rng.random_range(0..5)];
            let captured = rng.random_range(0..=20u32);
            let rows = scatter(rng, 2 * n, 48 - captured);
            let south = rng.random_range(0..=captured);
            let special = ["off", "once", "any"][rng.random_range(0..3)];
            json!({"game": "enkeshui", "holes": n, "south": &rows[..n], "north": &rows[n..],
                "captured": {"south": south, "north": captured - south}, "to_move": side,
                "rules": {"match": rng.random_bool(0.5), "capture_after_relay": rng.random_bool(0.5),
                    "special_move": special}})
        }
        1 => {
            let n = rng.random_range(4..=10usize);
            let on_board = rng.random_range(1..=8 * n as u32);
            let rows = scatter(rng, 2 * n, on_board);
            let captured = rng.random_range(0..=8 * n as u32 - on_board);
            json!({"game": "en-gehe", "holes": n, "south": &rows[..n], "north": &rows[n..],
                "captured": {"south": captured, "north": 0}, "to_move": side})
        }
        _ => {
            let reserve = if rng.random_bool(0.5) {
                0
            } else {
                rng.random_range(0..=20u32)
            };
            let board = scatter(rng, 32, 64 - 2 * reserve);
            json!({"game": "bao-la-kimasai",
                "south": {"inner": &board[0..8], "outer": &board[8..16]},
                "north": {"inner": &board[16..24], "outer": &board[24..32]},
                "reserve": {"south": reserve, "north": reserve},
                "to_move": side, "turn": rng.random_range(2..300)})
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 60 } else { 600 }))]

    /// Issue 10: from any accepted position of any game, random play conserves
    /// seeds, every turn ends, and the final score counts every seed.
    #[test]
    fn random_play_from_any_accepted_position_conserves_seeds(game in 0u8..3, seed in any::<u64>()) {
        let mut rng = SeededRng::seed_from_u64(seed);
        let v = random_position(game, &mut rng);
        let mut g = AnyGame::from_position(&v).expect("a legal seed total is accepted");
        let total = g.total_seeds();
        prop_assert_eq!(total, match game { 0 => 48, 2 => 64, _ => total });
        let mut decisions = 0;
        while !g.status().is_over() && decisions < 400 {
            let tokens = g.legal_tokens();
            let legal: Vec<&String> = tokens.iter().filter(|t| *t != "special").collect();
            prop_assert!(!legal.is_empty(), "no legal decision in a game still playing: {}", g.state_json());
            let t = legal[rng.random_range(0..legal.len())].clone();
            g.play_token(&t, &mut Quiet).unwrap();
            prop_assert_eq!(g.total_seeds(), total, "after {} of {}", t, v);
            decisions += 1;
        }
        if let Status::Over(o) = g.status() {
            prop_assert_eq!(o.score.south + o.score.north, total, "{}", g.state_json());
        }
    }
}

/// Issue 12: En Gehé and Bao hash their state word by word. Equal states hash
/// equal, whatever way they were reached, and the positions of random games
/// (which differ in board, side, captures, reserves or turn) hash apart.
#[test]
fn hash_keys_follow_the_state() {
    let mut rng = SeededRng::seed_from_u64(12);
    for game in 1..3u8 {
        let mut seen = std::collections::HashMap::new();
        for _ in 0..200 {
            let v = random_position(game, &mut rng);
            let mut g = AnyGame::from_position(&v).unwrap();
            for _ in 0..30 {
                if g.status().is_over() {
                    break;
                }
                let key = |g: &AnyGame| match g {
                    AnyGame::EnGehe(g) => g.hash_key(),
                    AnyGame::BaoLaKimasai(g) => g.hash_key(),
                    AnyGame::Enkeshui(g) => g.hash_key(),
                };
                let again = AnyGame::from_position(&g.position_json()).unwrap();
                assert_eq!(key(&g), key(&again), "{}", g.position_json());
                let text = g.position_json().to_string();
                if let Some(other) = seen.insert(key(&g), text.clone()) {
                    assert_eq!(other, text, "two states with one hash");
                }
                let tokens = g.legal_tokens();
                let t = tokens[rng.random_range(0..tokens.len())].clone();
                g.play_token(&t, &mut Quiet).unwrap();
            }
        }
        assert!(seen.len() > 2000, "{}", seen.len());
    }
}

/// Plays `start` with random decisions (the generator of decision `k`
/// seeded from `seed` and `k`), with the test for a legal move at every
/// turn start or left to each turn's pick; returns the game and its
/// decisions.
fn random_game<G: Game>(start: &G, seed: u64, defer: bool) -> (G, Vec<G::Decision>) {
    /// Random decisions by `pick` (a game, or a game in `RandomPlay`).
    fn play<G: Game, P: std::ops::Deref<Target = G>>(
        p: &mut P,
        seed: u64,
        mut pick: impl FnMut(&mut P, &mut SeededRng) -> Option<G::Decision>,
    ) -> Vec<G::Decision> {
        let mut decisions = Vec::new();
        for k in 0..1000u64 {
            if p.status().is_over() {
                break;
            }
            let mut rng = SeededRng::seed_from_u64(seed ^ k << 32);
            match pick(p, &mut rng) {
                Some(d) => decisions.push(d),
                None => break,
            }
        }
        decisions
    }
    let mut g = start.clone();
    let decisions = if defer {
        play(&mut RandomPlay::new(&mut g), seed, |r, rng| {
            r.play(rng, &mut Quiet)
        })
    } else {
        play(&mut &mut g, seed, |g, rng| g.play_random(rng, &mut Quiet))
    };
    (g, decisions)
}

/// The arena's random games leave each turn's test for a legal move to the
/// turn's pick (`RandomPlay`): the same decisions, the same end and
/// final position as with the test at every turn start. Returns how the
/// game ended.
fn deferring_changes_nothing<G: Game + Into<AnyGame>>(start: G, seed: u64) -> Option<EndReason> {
    let (eager, decisions) = random_game(&start, seed, false);
    let (deferred, again) = random_game(&start, seed, true);
    let at = start.into().position_json();
    assert_eq!(decisions, again, "from {at}");
    assert_eq!(eager.status(), deferred.status(), "from {at}");
    let state = |g: G| -> serde_json::Value { g.into().state_json() };
    let end = match eager.status() {
        Status::Over(o) => Some(o.reason),
        Status::Playing => None,
    };
    assert_eq!(state(eager), state(deferred), "from {at}");
    end
}

/// From the usual starts and random positions of every game, some with a
/// turn limit within reach. (Repetitions and positions with no legal move
/// are too rare in random play: the engine's own tests play them on a toy
/// game, `engine::lifecycle_tests`.)
#[test]
fn deferring_the_test_for_a_legal_move_changes_nothing() {
    let mut ends = std::collections::HashMap::new();
    for seed in 0..if cfg!(debug_assertions) { 300 } else { 3000 } {
        let mut rng = SeededRng::seed_from_u64(seed);
        let game = (seed % 3) as u8;
        let mut v = match seed % 6 {
            // The usual starts.
            0..=2 => match game {
                0 => AnyGame::from(Enkeshui::new(
                    &Layout::default_for(8).unwrap(),
                    Rules::default(),
                )),
                1 => AnyGame::from(en_gehe::EnGehe::new(10, en_gehe::Rules::default()).unwrap()),
                _ => AnyGame::from(bao::Bao::new(bao::Rules::default())),
            }
            .position_json(),
            _ => random_position(game, &mut rng),
        };
        if seed % 4 == 0 {
            let turn = v["turn"].as_u64().unwrap_or(1);
            let rules = v
                .as_object_mut()
                .unwrap()
                .entry("rules")
                .or_insert(json!({}));
            rules["max_turns"] = json!(turn + seed % 40);
        }
        let g = AnyGame::from_position(&v).unwrap();
        let end = match g {
            AnyGame::Enkeshui(g) => deferring_changes_nothing(g, seed),
            AnyGame::EnGehe(g) => deferring_changes_nothing(g, seed),
            AnyGame::BaoLaKimasai(g) => deferring_changes_nothing(g, seed),
        };
        *ends.entry((game, end)).or_insert(0) += 1;
    }
    use EndReason::*;
    for (game, reason) in [
        (0, NoSeeds),
        (0, TurnLimit),
        (1, NoSeeds),
        (1, TurnLimit),
        (2, InnerRowEmpty),
        (2, TurnLimit),
    ] {
        let met = ends.contains_key(&(game, Some(reason)));
        assert!(met, "game {game} never ended by {reason:?}: {ends:?}");
    }
}

/// A random game of each kind played through typed decisions, each legal
/// decision on the way written as its token and read back: the same
/// decision, the same token the engine lists, and the game reads it as its own.
fn decisions_round_trip(game: u8, seed: u64) {
    use masai_mancala::engine::AnyDecision;
    let mut g = match game {
        0 => AnyGame::from(Enkeshui::new(
            &Layout::default_for(8 + 2 * (seed % 3) as usize).unwrap(),
            Rules {
                special_move: SpecialMove::Any,
                ..Rules::default()
            },
        )),
        1 => AnyGame::from(
            en_gehe::EnGehe::new(4 + (seed % 10) as usize, en_gehe::Rules::default()).unwrap(),
        ),
        _ => AnyGame::from(bao::Bao::new(bao::Rules::default())),
    };
    let mut rng = SeededRng::seed_from_u64(seed);
    for _ in 0..400 {
        let legal = g.legal_decisions();
        if legal.is_empty() {
            break;
        }
        let mut tokens: Vec<String> = legal.iter().map(ToString::to_string).collect();
        for (d, token) in legal.iter().zip(&tokens) {
            assert_eq!(token.parse::<AnyDecision>().as_ref(), Ok(d), "{token}");
            assert_eq!(g.decision(token).as_ref(), Ok(d), "{token}");
        }
        if matches!(&g, AnyGame::Enkeshui(e) if e.special_allowed()) {
            tokens.push("special".into());
        }
        assert_eq!(tokens, g.legal_tokens());
        let d = &legal[rng.random_range(0..legal.len())];
        g.play_decision(d, &mut Quiet)
            .expect("a legal decision plays");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 16 } else { 96 }))]

    #[test]
    fn every_legal_decision_reads_back_from_its_token(game in 0u8..3, seed in any::<u64>()) {
        decisions_round_trip(game, seed);
    }

    /// Every shape of token, legal or not in a position: the special move
    /// with any counts, Bao's holes past the board, the directions.
    #[test]
    fn every_decision_shape_reads_back_from_its_token(
        hole in 1usize..usize::MAX,
        lift in (any::<usize>(), any::<usize>()),
        add in proptest::collection::vec(any::<u16>(), 1..13),
        inner in any::<bool>(),
    ) {
        use masai_mancala::engine::bao::{Move, Row};
        use masai_mancala::engine::{AnyDecision, Direction};
        let lift = [lift.0 % (usize::MAX - 1), lift.1 % (usize::MAX - 1)];
        let row = if inner { Row::Inner } else { Row::Outer };
        for d in [
            AnyDecision::Hole(hole),
            AnyDecision::Direction(Direction::Cw),
            AnyDecision::Direction(Direction::Ccw),
            AnyDecision::Special { lift, add: add.clone() },
            AnyDecision::Bao(Move { row, hole }),
        ] {
            prop_assert_eq!(d.to_string().parse::<AnyDecision>(), Ok(d.clone()));
        }
    }
}

/// A token of no shape, or another game's, is refused in the words of the
/// game it was given to, and a special move badly written says how to write it.
#[test]
fn a_token_of_another_game_is_refused_in_this_games_words() {
    use masai_mancala::engine::{AnyDecision, ParseDecisionError};
    let enkeshui = AnyGame::from(Enkeshui::new(
        &Layout::default_for(8).unwrap(),
        Rules::default(),
    ));
    let en_gehe = AnyGame::from(en_gehe::EnGehe::new(6, en_gehe::Rules::default()).unwrap());
    let bao = AnyGame::from(bao::Bao::new(bao::Rules::default()));
    let refused = |g: &AnyGame, t: &str| g.decision(t).unwrap_err().to_string();
    assert_eq!(
        refused(&enkeshui, "i3"),
        "'i3' is not an Enkeshui decision (a hole 1..8, cw, ccw or a special move x..)"
    );
    assert_eq!(
        refused(&enkeshui, "x3,5"),
        "'x3,5' is not a special move (write it like x3,5=0,2,4,0,1,0,0,3)"
    );
    assert_eq!(
        refused(&en_gehe, "cw"),
        "'cw' is not an En Gehé decision (a hole 1..6)"
    );
    assert_eq!(
        refused(&en_gehe, "x1,2=0,0"),
        "'x1,2=0,0' is not an En Gehé decision (a hole 1..6)"
    );
    assert_eq!(
        refused(&bao, "5"),
        "'5' is not a Bao la Kimasai decision (a hole i1..i8 or o1..o8)"
    );
    // Typed, another game's decision is refused as its token is.
    let mut b = bao.clone();
    assert_eq!(
        b.play_decision(&AnyDecision::Hole(5), &mut Quiet)
            .unwrap_err()
            .to_string(),
        "'5' is not a Bao la Kimasai decision (a hole i1..i8 or o1..o8)"
    );
    assert_eq!(b.position_json(), bao.position_json());
    assert_eq!(
        "08".parse::<AnyDecision>(),
        Err(ParseDecisionError::Unknown("08".into()))
    );
    assert_eq!(
        "x1".parse::<AnyDecision>(),
        Err(ParseDecisionError::Special("x1".into()))
    );
}

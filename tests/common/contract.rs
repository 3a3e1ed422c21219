//! The contract every game keeps, checked along random games: one checker
//! for the three games, as board-game-rs's `board_test_main` is for every
//! board. A game-specific check (a reference implementation) can ride along.

use masai_mancala::engine::SeededRng;
use masai_mancala::engine::{AnyGame, Event, Game, GameKind, MoveError, Quiet, Status};
use rand::SeedableRng;

/// The lap budget of the sowings of candidates `legal` did not list.
const CANDIDATE_LAPS: u64 = 1 << 22;

/// Every token the game might be asked to play in a position: all holes of
/// the mover's row (`1..N`, or Bao's `i1..o8`) and the relay directions.
pub fn candidate_tokens(g: &AnyGame) -> Vec<String> {
    let holes = |g: &AnyGame| g.position_json()["holes"].as_u64().unwrap_or(0);
    match g.kind() {
        GameKind::Enkeshui => (1..=holes(g))
            .map(|h| h.to_string())
            .chain(["cw".to_string(), "ccw".to_string()])
            .collect(),
        GameKind::EnGehe => (1..=holes(g)).map(|h| h.to_string()).collect(),
        GameKind::BaoLaKimasai => ["i", "o"]
            .iter()
            .flat_map(|r| (1..=8).map(move |k| format!("{r}{k}")))
            .collect(),
    }
}

/// Plays one random game of `start` (by `play_random`, seeded by `seed`)
/// and checks, at every decision:
///
/// - `legal` and `play` agree: each listed decision plays, each other
///   candidate token is refused for a reason of the position (an empty
///   hole, a bull, a closed hole, an endless sowing, a direction not asked
///   for or leading back; or a sowing not decided within 2^22 laps, which
///   `legal` found endless), and nothing else is ever refused or missing;
/// - a refused decision changes nothing (the `state` JSON and the hash);
/// - random decisions are legal (`random_decision` and `play_random`), and
///   `play_random` plays the decision it returns;
/// - playing with an observer gives the same game as playing quietly, and
///   a finished turn's last event is `turn-end` or `game-over`;
/// - seeds are conserved (`total_seeds`, and the final score counts them);
/// - the position JSON round-trips at every turn boundary (and keeps the hash);
/// - each turn ends, the turn number goes up by one, and the game ends
///   within its turn limit.
///
/// `each(before, decision, after)` adds a game-specific check. Returns the
/// finished game (or the game where no decision is listed: an Enkeshui
/// player left with only the special move).
pub fn check_random_game<G>(start: G, seed: u64, mut each: impl FnMut(&G, &G::Decision, &G)) -> G
where
    G: Game + Into<AnyGame>,
{
    let mut rng = SeededRng::seed_from_u64(seed);
    let mut g = start;
    let total = g.total_seeds();
    let mut decisions = 0u32;
    while g.status() == Status::Playing {
        let any: AnyGame = g.clone().into();
        let done = decisions;
        let context = || format!("after {done} decisions: {}", any.state_json());
        let legal = g.legal();
        let tokens: Vec<String> = legal.iter().map(|d| d.to_string()).collect();
        if legal.is_empty() {
            // Only the special move is open (Enkeshui): listed apart.
            assert_eq!(any.legal_tokens(), ["special"], "{}", context());
            assert!(g.random_decision(&mut rng).is_none());
            break;
        }
        // `legal` and `play` agree; refusals change nothing.
        for t in &tokens {
            assert!(
                candidate_tokens(&any).contains(t),
                "{t} is not a candidate; {}",
                context()
            );
        }
        for t in candidate_tokens(&any) {
            let d = g.parse_decision(&t).expect("a candidate parses");
            let mut c = g.clone();
            // `legal` decided every sowing exactly; the rare endless ones of
            // hundreds of millions of laps are not decided again here.
            let played = if tokens.contains(&t) {
                c.play(&d, &mut Quiet)
            } else {
                c.play_within(&d, CANDIDATE_LAPS, &mut Quiet)
            };
            match played {
                Ok(()) => assert!(
                    tokens.contains(&t),
                    "{t} plays but is not listed; {}",
                    context()
                ),
                Err(MoveError::Undecided(_)) if !tokens.contains(&t) => {
                    assert_eq!(c.hash_key(), g.hash_key(), "{t} was refused");
                }
                Err(e) => {
                    assert!(
                        !tokens.contains(&t),
                        "listed {t} refused: {e}; {}",
                        context()
                    );
                    assert!(
                        matches!(
                            e,
                            MoveError::EmptyHole(_)
                                | MoveError::BullHole(_)
                                | MoveError::ClosedHole(_)
                                | MoveError::Endless(_)
                                | MoveError::WrongDecision(_)
                                | MoveError::Repeats(_)
                        ),
                        "{t} refused for {e:?}; {}",
                        context()
                    );
                    let after: AnyGame = c.clone().into();
                    assert_eq!(after.state_json(), any.state_json(), "{t} was refused");
                    assert_eq!(c.hash_key(), g.hash_key(), "{t} was refused");
                }
            }
        }
        // Random decisions are legal.
        let r = g.random_decision(&mut rng).expect("a listed decision");
        assert!(legal.contains(&r), "random {r} not legal; {}", context());
        let before = g.clone();
        let m = g
            .play_random(&mut rng, &mut Quiet)
            .expect("a listed decision");
        assert!(legal.contains(&m), "random {m} not legal; {}", context());
        let mut played = before.clone();
        played.play(&m, &mut Quiet).unwrap();
        let mut observed = before.clone();
        let mut log: Vec<Event> = Vec::new();
        observed.play(&m, &mut log).unwrap();
        let now: AnyGame = g.clone().into();
        for other in [played, observed] {
            let other: AnyGame = other.into();
            assert_eq!(other.state_json(), now.state_json(), "{m}; {}", context());
        }
        decisions += 1;
        // Turns end and are counted.
        if !g.in_turn() {
            assert!(
                matches!(
                    log.last(),
                    Some(Event::TurnEnd { .. } | Event::GameOver { .. })
                ),
                "{m} ends with {:?}",
                log.last()
            );
            assert_eq!(g.turn(), before.turn() + 1, "{m}; {}", context());
        }
        // Seeds are conserved.
        assert_eq!(g.total_seeds(), total, "{m}; {}", context());
        // The position JSON round-trips at a turn boundary.
        if !g.in_turn() {
            let pos = now.position_json();
            let back = AnyGame::from_position(&pos).unwrap();
            assert_eq!(back.position_json(), pos);
            let key = |g: &AnyGame| match g {
                AnyGame::Enkeshui(g) => g.hash_key(),
                AnyGame::EnGehe(g) => g.hash_key(),
                AnyGame::BaoLaKimasai(g) => g.hash_key(),
            };
            assert_eq!(key(&back), g.hash_key(), "{pos}");
        }
        each(&before, &m, &g);
        assert!(decisions < 100_000, "the game does not end");
    }
    if let Status::Over(o) = g.status() {
        assert_eq!(o.score.south + o.score.north, total, "{:?}", o);
        assert_eq!(g.score(), o.score);
        let any: AnyGame = g.clone().into();
        let max_turns = any.position_json()["rules"]["max_turns"]
            .as_u64()
            .unwrap_or(masai_mancala::engine::DEFAULT_MAX_TURNS as u64);
        assert!(g.turn() as u64 <= max_turns + 1);
    }
    g
}

//! The worst case of deciding whether a sowing ends: over random positions of
//! the small boards (En Gehé 2x4 to 2x8, Bao la Kimasai), each with a legal
//! seed total, every sowing the mover could start is decided, and the longest
//! time any one took is reported with its period.
//!
//! Run with `cargo bench --bench endless` (`-- en-gehe-2x6` or `-- bao` for
//! one board; `POSITIONS=n` for another count than 10,000 a board). With
//! `PERIODS_OUT=FILE`, every endless sowing of at least `MIN_PERIOD` laps
//! (default 100,000) is written there as `position<TAB>decision<TAB>period`:
//! that is how `tests/data/endless-periods.txt` was made.
//!
//! `cargo bench --bench endless -- bao-games` instead plays random Bao la
//! Kimasai games from the start (`GAMES=n`, default 50,000; seeded, so the
//! same games every run) and reports the slowest single random decision
//! (`Game::play_random`: the legality of the picks and the next turn's test
//! that a sowing ends included). Timings are printed, never asserted.

use masai_mancala::engine::PositionJson;
use masai_mancala::engine::SeededRng;
use masai_mancala::engine::bao::{self, Bao, Move, Row};
use masai_mancala::engine::{AnyGame, Game, Quiet};
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::io::Write;
use std::time::{Duration, Instant};

/// `total` seeds dropped one by one into random holes of `holes` holes.
fn scatter(rng: &mut SeededRng, holes: usize, total: u32) -> Vec<u16> {
    let mut counts = vec![0u16; holes];
    for _ in 0..total {
        counts[rng.random_range(0..holes)] += 1;
    }
    counts
}

fn side(rng: &mut SeededRng) -> &'static str {
    if rng.random_bool(0.5) {
        "south"
    } else {
        "north"
    }
}

/// A random En Gehé 2xN position: N to 8N seeds on the board, the rest captured.
fn en_gehe(rng: &mut SeededRng, n: usize) -> Value {
    let most = 8 * n as u32;
    let on_board = rng.random_range(n as u32..=most);
    let rows = scatter(rng, 2 * n, on_board);
    let south_caps = rng.random_range(0..=most - on_board);
    json!({"game": "en-gehe", "holes": n, "south": &rows[..n], "north": &rows[n..],
        "captured": {"south": south_caps, "north": most - on_board - south_caps},
        "to_move": side(rng)})
}

/// A random Bao position: 64 cows, in phase 2 (no reserves) two times in
/// three, else in phase 1 with some cows still in reserve.
fn bao(rng: &mut SeededRng) -> Value {
    let (reserve, turn) = if rng.random_bool(2.0 / 3.0) {
        ([0, 0], rng.random_range(50..200))
    } else {
        let r = rng.random_range(1..=24u32);
        (
            [r, r - rng.random_range(0..=1).min(r)],
            rng.random_range(2..49),
        )
    };
    let board = scatter(rng, 32, 64 - reserve[0] - reserve[1]);
    json!({"game": "bao-la-kimasai",
        "south": {"inner": &board[0..8], "outer": &board[8..16]},
        "north": {"inner": &board[16..24], "outer": &board[24..32]},
        "reserve": {"south": reserve[0], "north": reserve[1]},
        "to_move": side(rng), "turn": turn})
}

/// Every sowing the mover could start (his holes that hold seeds).
fn candidates(game: &AnyGame) -> Vec<String> {
    match game {
        AnyGame::EnGehe(g) => (1..=g.holes())
            .filter(|&h| g.row(g.to_move())[h - 1] > 0)
            .map(|h| h.to_string())
            .collect(),
        AnyGame::BaoLaKimasai(g) => [Row::Inner, Row::Outer]
            .into_iter()
            .flat_map(|row| (1..=8).map(move |hole| Move { row, hole }))
            .filter(|m| g.counts()[bao::index(g.to_move(), m.row, m.hole)] > 0)
            .map(|m| m.to_string())
            .collect(),
        AnyGame::Enkeshui(_) => Vec::new(),
    }
}

/// A board's name and its random position maker.
type Board = (String, Box<dyn Fn(&mut SeededRng) -> Value>);

struct Worst {
    time: Duration,
    what: String,
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let positions: usize = std::env::var("POSITIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let min_period: u64 = std::env::var("MIN_PERIOD")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    if filter.iter().any(|f| f == "bao-games") {
        bao_games();
        return;
    }
    let mut out = std::env::var_os("PERIODS_OUT")
        .map(|p| std::fs::File::create(p).expect("PERIODS_OUT can be written"));
    let boards: Vec<Board> = (4..=8)
        .map(|n| {
            let f: Box<dyn Fn(&mut SeededRng) -> Value> = Box::new(move |r| en_gehe(r, n));
            (format!("en-gehe-2x{n}"), f)
        })
        .chain(std::iter::once((
            "bao".to_string(),
            Box::new(bao) as Box<dyn Fn(&mut SeededRng) -> Value>,
        )))
        .collect();
    for (name, make) in &boards {
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let mut rng = SeededRng::seed_from_u64(12);
        let (mut sowings, mut endless, mut longest) = (0u64, 0u64, 0u64);
        let mut worst = Worst {
            time: Duration::ZERO,
            what: String::new(),
        };
        let mut worst_load = Duration::ZERO;
        let t_all = Instant::now();
        for _ in 0..positions {
            let v = make(&mut rng);
            let t = Instant::now();
            // Loading runs the start-of-turn test: is there a sowing that ends?
            let game = AnyGame::from_position(&v).expect("a legal position");
            worst_load = worst_load.max(t.elapsed());
            if game.status().is_over() {
                continue;
            }
            for token in candidates(&game) {
                let t = Instant::now();
                let period = match &game {
                    AnyGame::EnGehe(g) => g.endless_period(token.parse().unwrap()),
                    AnyGame::BaoLaKimasai(g) => {
                        g.endless_period(&g.parse_decision(&token).unwrap())
                    }
                    AnyGame::Enkeshui(_) => None,
                };
                let time = t.elapsed();
                sowings += 1;
                if let Some(p) = period {
                    endless += 1;
                    longest = longest.max(p);
                    if p >= min_period
                        && let Some(f) = out.as_mut()
                    {
                        writeln!(f, "{v}\t{token}\t{p}").expect("PERIODS_OUT can be written");
                    }
                }
                if time > worst.time {
                    worst = Worst {
                        time,
                        what: format!("{token} of {v} (period {period:?})"),
                    };
                }
            }
        }
        println!(
            "{name:<14} {positions} positions, {sowings} sowings ({endless} endless, longest period {longest} laps) in {:.1} s; slowest: {:.3} s, slowest load {:.3} s",
            t_all.elapsed().as_secs_f64(),
            worst.time.as_secs_f64(),
            worst_load.as_secs_f64(),
        );
        println!("    slowest: {}", worst.what);
    }
}

/// The slowest random decision over `GAMES` random Bao games from the start.
fn bao_games() {
    let games: u64 = std::env::var("GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(50_000);
    let mut rng = SeededRng::seed_from_u64(10);
    let (mut decisions, mut slow) = (0u64, 0u64);
    let mut worst = Worst {
        time: Duration::ZERO,
        what: String::new(),
    };
    let t_all = Instant::now();
    for game in 0..games {
        let mut g = Bao::default();
        loop {
            let before = g.clone();
            let t = Instant::now();
            let played = g.play_random(&mut rng, &mut Quiet);
            let time = t.elapsed();
            if played.is_none() {
                break;
            }
            decisions += 1;
            if time > Duration::from_millis(100) {
                slow += 1;
            }
            if time > worst.time {
                worst = Worst {
                    time,
                    what: format!("game {game}, from {}", before.position_json()),
                };
            }
        }
    }
    println!(
        "bao-games      {games} games, {decisions} random decisions in {:.1} s; {slow} over 0.1 s; slowest: {:.3} s",
        t_all.elapsed().as_secs_f64(),
        worst.time.as_secs_f64(),
    );
    println!("    slowest: {}", worst.what);
}

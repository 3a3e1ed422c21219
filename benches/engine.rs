//! Engine speed: random playouts per second and nanoseconds per seed dropped.
//!
//! Run with `cargo bench --bench engine` (add a game name to run only that one,
//! e.g. `cargo bench --bench engine -- enkeshui`). Timings are printed, never asserted.

use masai_mancala::engine::bao::{self, Bao};
use masai_mancala::engine::en_gehe::{self, EnGehe};
use masai_mancala::engine::enkeshui::{Enkeshui, Layout, Rules};
use masai_mancala::engine::playout::{DropCounter, random_playout};
use masai_mancala::engine::{Game, Quiet};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::time::{Duration, Instant};

/// Plays random games from `start` for about `budget`; reports games per second,
/// decisions per game and ns per seed dropped.
fn measure<G: Game>(name: &str, start: &G, circuit: u64, budget: Duration) {
    // Count drops of a fixed batch once, untimed, then time the same batch.
    let batch = 2000u64;
    let mut counter = DropCounter {
        circuit,
        ..Default::default()
    };
    let mut rng = SmallRng::seed_from_u64(1);
    let mut decisions = 0;
    for _ in 0..batch {
        let mut g = start.clone();
        decisions += random_playout(&mut g, &mut rng, &mut counter);
    }
    let mut games = 0u64;
    let t = Instant::now();
    // BENCH_ONCE=1 runs one batch only: a fixed workload for `valgrind --tool=callgrind`.
    let once = std::env::var_os("BENCH_ONCE").is_some();
    while games == 0 || (!once && t.elapsed() < budget) {
        let mut rng = SmallRng::seed_from_u64(1);
        for _ in 0..batch {
            let mut g = start.clone();
            std::hint::black_box(random_playout(&mut g, &mut rng, &mut Quiet));
        }
        games += batch;
    }
    let secs = t.elapsed().as_secs_f64();
    let drops = counter.drops as f64 * (games / batch) as f64;
    println!(
        "{name:<22} {:>10.0} playouts/s  {:>7.1} decisions/game  {:>6.2} ns/seed dropped",
        games as f64 / secs,
        decisions as f64 / batch as f64,
        secs * 1e9 / drops
    );
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));
    let budget = Duration::from_secs(2);
    for n in [8, 10, 12] {
        let name = format!("enkeshui 2x{n}");
        if wanted(&name) {
            let start = Enkeshui::new(&Layout::default_for(n).unwrap(), Rules::default());
            measure(&name, &start, 2 * n as u64, budget);
        }
    }
    if wanted("bao-la-kimasai") {
        // Whole circuits go round one player's loop of 16 holes. The mean is
        // dominated by rare games where a random pick meets a sowing that never
        // ends with a period of 10^8 laps (decided exactly, in about a second);
        // the median game is a few tens of microseconds.
        let start = Bao::new(bao::Rules::default());
        measure("bao-la-kimasai", &start, bao::LOOP as u64, budget);
    }
    for n in [40, 50] {
        let name = format!("en-gehe 2x{n}");
        if wanted(&name) {
            let start = EnGehe::new(n, en_gehe::Rules::default()).unwrap();
            measure(&name, &start, 2 * n as u64, budget);
        }
    }
    if wanted("en-gehe endless") {
        en_gehe_endless();
    }
}

/// RULES.md's example: En Gehé 2x8 after `7 1 2 5`, South's hole 6 relays
/// for ever with period 5,589,754 laps. Times deciding that (best of 5).
fn en_gehe_endless() {
    let mut g = EnGehe::new(8, en_gehe::Rules::default()).unwrap();
    for h in [7, 1, 2, 5] {
        g.play(&h, &mut Quiet).unwrap();
    }
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        let period = std::hint::black_box(&g).endless_period(6);
        best = best.min(t.elapsed());
        assert_eq!(period, Some(5_589_754));
    }
    println!(
        "{:<22} {:>10.3} s to decide hole 6 never ends (period 5,589,754 laps)",
        "en-gehe endless 2x8",
        best.as_secs_f64()
    );
}

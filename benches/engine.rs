//! Engine speed: random playouts per second and nanoseconds per seed dropped;
//! the AI's search speed in nodes per second.
//!
//! Run with `cargo bench --bench engine` (add a name to run only that part,
//! e.g. `cargo bench --bench engine -- enkeshui` or `-- ai`). Timings are
//! printed, never asserted.

use masai_mancala::ai::{self, Limits};
use masai_mancala::engine::SeededRng;
use masai_mancala::engine::bao::{self, Bao};
use masai_mancala::engine::en_gehe::{self, EnGehe};
use masai_mancala::engine::enkeshui::{Enkeshui, Layout, Rules};
use masai_mancala::engine::{DropCounter, random_playout};
use masai_mancala::engine::{Game, Quiet};
use rand::SeedableRng;
use std::time::{Duration, Instant};

/// The program's allocator (src/main.rs), so that the bench measures what it runs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Plays random games from `start` for about `budget`; reports games per second,
/// decisions per game and ns per seed dropped.
fn measure<G: Game>(name: &str, start: &G, circuit: u64, budget: Duration) {
    // Count drops of a fixed batch once, untimed, then time the same batch.
    let batch = 2000u64;
    let mut counter = DropCounter {
        circuit,
        ..Default::default()
    };
    let mut rng = SeededRng::seed_from_u64(1);
    let mut decisions = 0;
    for _ in 0..batch {
        let mut g = start.clone();
        decisions += random_playout(&mut g, &mut rng, &mut counter);
    }
    let mut games = 0u64;
    let cpu = masai_mancala::arena::cpu_time();
    let t = Instant::now();
    // BENCH_ONCE=1 runs one batch only: a fixed workload for `valgrind --tool=callgrind`.
    let once = std::env::var_os("BENCH_ONCE").is_some();
    while games == 0 || (!once && t.elapsed() < budget) {
        timed_batch(start, batch);
        games += batch;
    }
    let secs = t.elapsed().as_secs_f64();
    // Per CPU-second too: the arena's figure, less blurred by a loaded machine.
    let cpu_secs = match (cpu, masai_mancala::arena::cpu_time()) {
        (Some(a), Some(b)) => b.saturating_sub(a).as_secs_f64(),
        _ => secs,
    };
    let drops = counter.drops as f64 * (games / batch) as f64;
    println!(
        "{name:<22} {:>10.0} playouts/s {:>10.0} a CPU-s  {:>7.1} decisions/game  {:>6.2} ns/seed dropped",
        games as f64 / secs,
        games as f64 / cpu_secs,
        decisions as f64 / batch as f64,
        secs * 1e9 / drops
    );
    // The lap-bound floor of a playout (docs/performance.md): 10
    // instructions a lap, 1 a seed dropped, 100 a decision.
    let per = |n: u64| n as f64 / batch as f64;
    let (laps, seeds, decided) = (per(counter.laps), per(counter.drops), per(decisions as u64));
    println!(
        "{name:<22} a playout: {laps:.1} laps, {seeds:.1} seeds, {decided:.1} decisions: floor {:.0} instructions",
        10.0 * laps + seeds + 100.0 * decided
    );
}

/// The timed workload, its own function so that `valgrind --tool=callgrind
/// --toggle-collect='engine::timed_batch*'` counts it alone.
#[inline(never)]
fn timed_batch<G: Game>(start: &G, batch: u64) {
    let mut rng = SeededRng::seed_from_u64(1);
    for _ in 0..batch {
        let mut g = start.clone();
        std::hint::black_box(random_playout(&mut g, &mut rng, &mut Quiet));
    }
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    // The AI's parts run only when asked for by a name starting "ai", so
    // that `-- "enkeshui 2x8"` times the playouts alone.
    let wanted = |name: &str| {
        filter.is_empty()
            || filter.iter().any(|f| {
                name.contains(f.as_str()) && (!name.starts_with("ai ") || f.starts_with("ai"))
            })
    };
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
    for n in [8, 12] {
        let name = format!("ai enkeshui 2x{n}");
        if wanted(&name) {
            let start = Enkeshui::new(&Layout::default_for(n).unwrap(), Rules::default());
            search_speed(&name, &start, budget);
        }
    }
    for n in [40, 50] {
        let name = format!("ai en-gehe 2x{n}");
        if wanted(&name) {
            let start = EnGehe::new(n, en_gehe::Rules::default()).unwrap();
            search_speed(&name, &start, budget);
        }
    }
    if wanted("ai bao-la-kimasai") {
        search_speed(
            "ai bao-la-kimasai",
            &Bao::new(bao::Rules::default()),
            budget,
        );
    }
}

/// RULES.md's examples: En Gehé 2x8 after `7 1 2 5`, South's hole 6 relays
/// for ever with period 5,589,754 laps; times deciding that (best of 5).
/// Then the longest one, once.
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
    // RULES.md's longest example: after `7 6 8 4`, South's 7 (period
    // 366,567,028 laps), timed once.
    let mut g = EnGehe::new(8, en_gehe::Rules::default()).unwrap();
    for h in [7, 6, 8, 4] {
        g.play(&h, &mut Quiet).unwrap();
    }
    let t = Instant::now();
    let period = std::hint::black_box(&g).endless_period(7);
    let secs = t.elapsed().as_secs_f64();
    assert_eq!(period, Some(366_567_028));
    println!(
        "{:<22} {:>10.3} s to decide hole 7 never ends (period 366,567,028 laps)",
        "en-gehe endless long", secs
    );
}

/// Fixed-depth searches from the start and from positions a few random turns
/// in, deepening until the budget is spent; reports nodes per second.
fn search_speed<G: ai::Evaluate>(name: &str, start: &G, budget: Duration) {
    let mut rng = SeededRng::seed_from_u64(7);
    let mut positions = vec![start.clone()];
    for _ in 0..5 {
        let mut g = start.clone();
        for _ in 0..6 {
            if g.play_random(&mut rng, &mut Quiet).is_none() {
                break;
            }
        }
        if !g.status().is_over() {
            positions.push(g);
        }
    }
    // BENCH_AI_DEPTH=N searches depths 4 to N whatever the time: the same
    // workload for two builds, or for `valgrind --tool=callgrind`.
    let last: Option<u32> = std::env::var("BENCH_AI_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok());
    let (mut nodes, mut secs, mut depth) = (0u64, 0f64, 4u32);
    while last.map_or(secs < budget.as_secs_f64() && depth <= 64, |l| depth <= l) {
        for g in &positions {
            let limits = Limits {
                max_depth: depth,
                think: None,
                hash_mb: 4,
                ..Limits::default()
            };
            let t = std::hint::black_box(ai::think(g, &limits)).expect("a decision");
            nodes += t.nodes;
            secs += t.elapsed.as_secs_f64();
        }
        depth += 1;
    }
    println!(
        "{name:<22} {:>10.0} nodes/s  ({} nodes, fixed depths 4..{})",
        nodes as f64 / secs,
        nodes,
        depth - 1
    );
}

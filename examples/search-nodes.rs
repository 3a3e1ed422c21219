//! The search's effort on a list of positions (one position JSON a line, as
//! the engine protocol's `state` prints them): the nodes and time to finish
//! a depth, or the depth and nodes reached in a time. For comparing changes
//! to the search (docs/ai.md).
//!
//! cargo run --release --example search-nodes -- FILE depth 8
//! cargo run --release --example search-nodes -- FILE ms 100

use masai_mancala::ai::{Evaluate, Limits, think};
use masai_mancala::engine::AnyGame;
use std::time::Duration;

fn run<G: Evaluate>(g: &G, limits: &Limits) -> (String, u32, u64, Duration) {
    let t = think(g, limits).expect("a position with a decision");
    (t.decision.to_string(), t.depth, t.nodes, t.elapsed)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, how, n] = &args[..] else {
        eprintln!("usage: search-nodes FILE (depth D | ms T)");
        std::process::exit(2);
    };
    let n: u64 = n.parse().expect("a number");
    let limits = Limits {
        max_depth: if how == "depth" { n as u32 } else { 64 },
        think: (how == "ms").then(|| Duration::from_millis(n)),
        max_nodes: None,
        hash_mb: 4,
        cancel: None,
        all_root_values: false,
        kept: None,
    };
    let text = std::fs::read_to_string(file).expect("the positions file");
    let (mut nodes, mut time, mut depth) = (0, Duration::ZERO, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let game = AnyGame::from_position(&value).expect("a position");
        let (d, dep, nd, el) = match &game {
            AnyGame::Enkeshui(g) => run(g, &limits),
            AnyGame::EnGehe(g) => run(g, &limits),
            AnyGame::BaoLaKimasai(g) => run(g, &limits),
        };
        println!(
            "{d:>5} depth {dep:>3} nodes {nd:>9} {:>6.1} ms",
            el.as_secs_f64() * 1e3
        );
        nodes += nd;
        time += el;
        depth += dep;
    }
    println!(
        "total nodes {nodes} time {:.0} ms depth sum {depth}",
        time.as_secs_f64() * 1e3
    );
}

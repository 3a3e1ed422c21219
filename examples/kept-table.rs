//! What a table kept between searches saves (`go movetime` without a
//! level, docs/ai.md): along 20 Enkeshui 2x8 games, each opened by one
//! seeded random decision and played on by the search, every position is
//! searched to depth D with a fresh table and with one kept from the
//! positions before; prints the nodes of each and how often they chose
//! the same decision.
//!
//! cargo run --release --example kept-table -- 9

use masai_mancala::ai::{KeptTable, Limits, think};
use masai_mancala::engine::SeededRng;
use masai_mancala::engine::enkeshui::{Enkeshui, Layout, Rules};
use masai_mancala::engine::{Game, Quiet, Status};
use rand::SeedableRng;
use std::sync::Arc;

fn main() {
    let depth: u32 = match std::env::args().nth(1).map(|d| d.parse()) {
        Some(Ok(d)) if d > 0 => d,
        _ => {
            eprintln!("usage: kept-table DEPTH (a whole number, 1 or more)");
            std::process::exit(2);
        }
    };
    let limits = |kept: Option<Arc<KeptTable>>| Limits {
        max_depth: depth,
        think: None,
        max_nodes: None,
        hash_mb: 16,
        cancel: None,
        all_root_values: false,
        kept,
    };
    let (mut positions, mut fresh, mut kept_nodes, mut same) = (0, 0u64, 0u64, 0);
    for seed in 0..20u64 {
        let mut game = Enkeshui::new(&Layout::default_for(8).expect("2x8"), Rules::default());
        game.play_random(&mut SeededRng::seed_from_u64(seed), &mut Quiet);
        let kept = Arc::new(KeptTable::default());
        while game.status() == Status::Playing {
            let a = think(&game, &limits(None)).expect("a decision");
            let b = think(&game, &limits(Some(kept.clone()))).expect("a decision");
            positions += 1;
            fresh += a.nodes;
            kept_nodes += b.nodes;
            same += usize::from(a.decision == b.decision);
            game.play(&a.decision, &mut Quiet)
                .expect("a legal decision");
        }
    }
    println!(
        "{positions} positions to depth {depth}: {fresh} nodes with a fresh table, \
         {kept_nodes} with a kept one; the same decision in {same}"
    );
}

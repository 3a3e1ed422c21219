//! How often each AI level plays the one exactly optimal decision of the
//! puzzles (docs/puzzles.md): the puzzles are solved positions where a
//! single decision keeps the best result.
//!
//! cargo run --release --example puzzle-levels

use masai_mancala::ai::{Level, Player, Request, choose_token};
use masai_mancala::engine::GameKind;
use masai_mancala::learn::puzzles;
use std::time::Instant;

fn main() {
    let started = Instant::now();
    for kind in GameKind::ALL {
        let list = puzzles::of(kind);
        if list.is_empty() {
            continue;
        }
        let mut row = format!("{:<15}", kind.title());
        for level in Level::ALL {
            let mut exact = [0usize; 4];
            let mut total = [0usize; 4];
            for p in &list {
                let g = p.start().expect("a puzzle loads");
                let c = choose_token(&g, &Request::new(Player::Level(level), 1)).expect("a move");
                let k = p.grade as usize - 1;
                total[k] += 1;
                exact[k] += usize::from(c.decision == p.solution);
            }
            let all: usize = exact.iter().sum();
            row.push_str(&format!(
                " {}: {all}/{} (by grade {:?})",
                level.name(),
                list.len(),
                exact
            ));
        }
        println!("{row}");
    }
    eprintln!("{:.1} s", started.elapsed().as_secs_f64());
}

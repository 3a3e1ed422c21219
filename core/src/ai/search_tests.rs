//! Tests of the search's proofs and children (a file of their own:
//! `search.rs` stays under 1,000 lines).

use super::*;
use crate::engine::SeededRng;
use crate::engine::bao::{self, Bao};
use crate::engine::en_gehe::{self, EnGehe};
use crate::engine::enkeshui::{Enkeshui, Layout, Rules};
use crate::engine::{Game, PositionJson};
use rand::SeedableRng;

/// Along random games, the children built from the sowings that proved
/// them legal are the decisions of `legal_within(SEARCH_LAPS)`, in order,
/// each with the game `play` gives (inside Enkeshui turns too), also when
/// copied into the games of the positions before (one brood for all).
fn children_match_legal_then_play<G: Evaluate>(
    start: &G,
    games: usize,
    json: impl Fn(&G) -> serde_json::Value,
) -> usize {
    let mut rng = SeededRng::seed_from_u64(3);
    let mut positions = 0;
    let mut brood = Vec::new();
    for _ in 0..games {
        let mut g = start.clone();
        loop {
            let moves = g.legal_within(SEARCH_LAPS);
            let old = expand(&g, &moves);
            let n = expand_within(&g, &mut brood);
            let new = &brood[..n];
            assert_eq!(new.len(), old.len(), "{}", json(&g));
            for (a, b) in new.iter().zip(&old) {
                assert_eq!(a.index, b.index);
                assert_eq!(json(&a.game), json(&b.game));
                assert_eq!(a.game.status(), b.game.status());
                assert_eq!(a.game.hash_key(), b.game.hash_key());
            }
            positions += 1;
            if g.play_random(&mut rng, &mut Quiet).is_none() {
                break;
            }
        }
    }
    positions
}

/// Every proven result reads back as itself, however long its line:
/// the margin first, then the turns.
#[test]
fn proven_values_read_back_exactly() {
    for won in [true, false] {
        for margin in [-400, -42, -1, 0, 1, 41, 42, 400] {
            for turns in [1, 2, 16, 17, 20, 255] {
                let p = Proof { won, margin, turns };
                assert_eq!(Proof::of(p.value()), Some(p));
                let later = Proof::of(one_turn_later(p.value())).unwrap();
                assert_eq!(later.turns, turns + 1);
            }
        }
    }
    let win = |margin, turns| {
        Proof {
            won: true,
            margin,
            turns,
        }
        .value()
    };
    assert!(win(42, 200) > win(41, 1), "a bigger win first");
    assert!(win(42, 3) > win(42, 4), "then the quicker");
    assert!(win(-5, 9) >= WIN / 2 && Proof::of(3 * 16).is_none());
}

/// The core crate names no terminal, command-line, signal or process
/// crate (libc included) among its dependencies: the program holds those.
#[test]
fn the_core_takes_no_terminal_cli_signal_or_process_crate() {
    let manifest = include_str!("../../Cargo.toml");
    let mut section = String::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.to_string();
        } else if section.contains("dependencies") && !line.starts_with('#') {
            let name = line.split(['=', '.', ' ']).next().unwrap_or("");
            assert!(
                !["ratatui", "crossterm", "clap", "signal-hook", "libc"].contains(&name),
                "core/Cargo.toml {section}: {line}"
            );
        }
    }
    assert!(manifest.contains("[dependencies]"));
}

#[test]
fn children_are_built_from_the_sowing_that_proved_them() {
    let enkeshui = Enkeshui::new(&Layout::default_for(8).unwrap(), Rules::default());
    assert!(children_match_legal_then_play(&enkeshui, 60, Enkeshui::position_json) > 1000);
    let en_gehe = EnGehe::new(5, en_gehe::Rules::default()).unwrap();
    assert!(children_match_legal_then_play(&en_gehe, 60, EnGehe::position_json) > 1000);
    let bao = Bao::new(bao::Rules::default());
    assert!(children_match_legal_then_play(&bao, 30, Bao::position_json) > 1000);
}

/// A kept table carries one search's findings to the next: the same search
/// again finds the same decision and value to the same depth in far fewer
/// nodes, while a search without it does all the work again; a kept table
/// of another size is not used.
#[test]
fn a_kept_table_carries_one_search_to_the_next() {
    let game = Enkeshui::new(&Layout::default_for(8).unwrap(), Rules::default());
    let limits = |kept: Option<Arc<KeptTable>>, mb: usize| Limits {
        max_depth: 7,
        think: None,
        max_nodes: None,
        hash_mb: mb,
        cancel: None,
        all_root_values: false,
        kept,
    };
    let fresh = think(&game, &limits(None, 4)).unwrap();
    let again = think(&game, &limits(None, 4)).unwrap();
    assert_eq!(again.nodes, fresh.nodes, "a fresh table is deterministic");
    let kept = Arc::new(KeptTable::default());
    let first = think(&game, &limits(Some(kept.clone()), 4)).unwrap();
    assert_eq!(first.nodes, fresh.nodes, "the first search starts afresh");
    let second = think(&game, &limits(Some(kept.clone()), 4)).unwrap();
    assert_eq!(
        (second.decision.clone(), second.value, second.depth),
        (fresh.decision.clone(), fresh.value, fresh.depth)
    );
    assert!(
        second.nodes * 4 < fresh.nodes,
        "{} nodes with the kept table, {} without",
        second.nodes,
        fresh.nodes
    );
    let other_size = think(&game, &limits(Some(kept), 1)).unwrap();
    let fresh_1 = think(&game, &limits(None, 1)).unwrap();
    assert_eq!(other_size.nodes, fresh_1.nodes);
}

/// At a time budget alone, Enkeshui answers from its last even iteration:
/// a search that ends on depth 7 answers as the search to depth 6 did,
/// along random games, where the depth-7 answer often differs. A proven or
/// exact depth-7 answer stands.
#[test]
fn at_a_time_budget_enkeshui_answers_from_an_even_depth() {
    let limits = |max_depth: u32, think: Option<Duration>| Limits {
        max_depth,
        think,
        max_nodes: None,
        hash_mb: 1,
        cancel: None,
        all_root_values: false,
        kept: None,
    };
    let mut rng = SeededRng::seed_from_u64(5);
    let (mut positions, mut differ) = (0, 0);
    for _ in 0..6 {
        let mut g = Enkeshui::new(&Layout::default_for(8).unwrap(), Rules::default());
        while !g.status().is_over() {
            let six = think(&g, &limits(6, None)).unwrap();
            let seven = think(&g, &limits(7, None)).unwrap();
            let timed = think(&g, &limits(7, Some(Duration::from_secs(60)))).unwrap();
            if seven.exact || Proof::of(seven.value).is_some() {
                assert_eq!((timed.decision, timed.depth), (seven.decision, seven.depth));
            } else {
                differ += usize::from(seven.decision != six.decision);
                let answer = (timed.decision, timed.value, timed.depth, timed.root);
                assert_eq!(
                    answer,
                    (six.decision, six.value, 6, six.root),
                    "{}",
                    g.position_json()
                );
                positions += 1;
            }
            g.play_random(&mut rng, &mut Quiet);
        }
    }
    assert!(
        positions > 60 && differ * 10 > positions,
        "{differ} of {positions}"
    );
    // Bao keeps its last iteration's answer, odd or not.
    let bao = Bao::new(bao::Rules::default());
    let timed = think(&bao, &limits(3, Some(Duration::from_secs(60)))).unwrap();
    assert_eq!(timed.depth, 3);
}

/// An unfinished even iteration answers with its best so far (ties to the
/// decision it searched first) once it has searched the last even answer,
/// and not before.
#[test]
fn an_unfinished_even_iteration_answers_once_it_has_searched_the_last_answer() {
    let values = [(2, 10), (0, 5), (1, 12), (3, 12)];
    assert_eq!(unfinished_even_answer(&values, Some(0)), Some((1, 12)));
    assert_eq!(unfinished_even_answer(&values, None), Some((1, 12)));
    assert_eq!(unfinished_even_answer(&values[..2], Some(0)), Some((2, 10)));
    assert_eq!(unfinished_even_answer(&values, Some(4)), None);
    assert_eq!(unfinished_even_answer(&values[..1], Some(1)), None);
    assert_eq!(
        unfinished_even_answer(&[(2, 10), (0, 10)], Some(0)),
        Some((2, 10))
    );
    assert_eq!(unfinished_even_answer(&[], None), None);
}

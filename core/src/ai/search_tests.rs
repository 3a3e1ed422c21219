//! Tests of the search's table, proofs and children (a file of their own:
//! `search.rs` stays under 1,000 lines).

use super::*;
use crate::engine::PositionJson;
use crate::engine::bao::{self, Bao};
use crate::engine::en_gehe::{self, EnGehe};
use crate::engine::enkeshui::{Enkeshui, Layout, Rules};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// A table of 12-byte slots answers every probe as one of 16-byte slots
/// of the same number, over stores that collide, replace and refuse, with
/// every field at its extremes (depths past 255, keys of all 64 bits).
#[test]
fn narrow_slots_answer_as_wide_ones() {
    use rand::Rng;
    let size = 1 << NARROW_FROM;
    let (mut wide, mut narrow) = (Table::sized(size, false), Table::sized(size, true));
    assert!(narrow.wide.is_empty() && wide.narrow.is_empty());
    let mut rng = SmallRng::seed_from_u64(23);
    // Few slots and few high parts: the same slot and the same key recur.
    let key = |rng: &mut SmallRng| {
        let high = [0u64, 1, u64::MAX >> NARROW_FROM, rng.random()][rng.random_range(0..4)];
        high << NARROW_FROM | rng.random_range(0..64u64)
    };
    for _ in 0..200_000 {
        let k = key(&mut rng);
        let depth = [0, 1, 64, 200, 255, 256, 300][rng.random_range(0..7)];
        let value = [i32::MIN, -WIN - 5, -1, 0, 7, WIN + 3, INF, i32::MAX][rng.random_range(0..8)];
        let flag = rng.random_range(1..=3);
        let best = [0, 5, 127, 255, 300][rng.random_range(0..5)];
        let solved = rng.random();
        wide.store(k, depth, value, flag, best, solved);
        narrow.store(k, depth, value, flag, best, solved);
        let p = key(&mut rng);
        let (a, b) = (wide.probe(p), narrow.probe(p));
        assert_eq!(a.is_some(), b.is_some(), "{p:x}");
        if let (Some(a), Some(b)) = (a, b) {
            let fields = |e: Entry| (e.key, e.value, e.depth, e.flag, e.best, e.solved);
            assert_eq!(fields(a), fields(b), "{p:x}");
        }
    }
    // The expert's 16 MiB take 2^20 slots of 12 bytes; 4 MiB stay wide.
    let expert = Table::new(16);
    assert_eq!((expert.narrow.len(), expert.wide.len()), (1 << 20, 0));
    let hard = Table::new(4);
    assert_eq!((hard.narrow.len(), hard.wide.len()), (0, 1 << 18));
    assert_eq!(std::mem::size_of::<Narrow>(), 12);
}

/// Along random games, the children built from the sowings that proved
/// them legal are the decisions of `legal_within(SEARCH_LAPS)`, in order,
/// each with the game `play` gives (inside Enkeshui turns too).
fn children_match_legal_then_play<G: Evaluate>(
    start: &G,
    games: usize,
    json: impl Fn(&G) -> serde_json::Value,
) -> usize {
    let mut rng = SmallRng::seed_from_u64(3);
    let mut positions = 0;
    for _ in 0..games {
        let mut g = start.clone();
        loop {
            let moves = g.legal_within(SEARCH_LAPS);
            let old = expand(&g, &moves);
            let new = expand_within(&g);
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

/// A table whose memory is the last table's (kept between searches)
/// starts empty all the same, and a table of another size works too.
#[test]
fn a_table_on_kept_memory_starts_empty() {
    for (mb, key) in [(4, 0x1234_5678_9abc_def0u64), (4, 7), (1, 9), (4, 11)] {
        let mut t = Table::new(mb);
        for k in [0x1234_5678_9abc_def0u64, 7, 9, 11] {
            assert!(t.probe(k).is_none(), "{mb} MiB: {k:x} found in a new table");
        }
        t.store(key, 3, 5, EXACT, 1, false);
        assert_eq!(t.probe(key).map(|e| e.value), Some(5));
    }
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

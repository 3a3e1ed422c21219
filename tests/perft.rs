//! Perft counts from the data files (one format for the three games), checked
//! against the engine through the protocol and (Enkeshui, small depths)
//! against the reference implementation.

mod common;
mod reference;

use common::perft_cases;
use masai_mancala::cli::split_words;
use masai_mancala::protocol::{Reply, Session};
use reference::RefGame;

fn ask(s: &mut Session, line: &str) -> String {
    match s.handle(line) {
        Reply::Line(l) => l,
        _ => panic!("no answer to {line}"),
    }
}

/// Checks every count of a perft data file through the protocol, whose
/// `perft` is the engine's one perft driver.
fn check_perft_file(game: &str, file: &str) {
    let cases = perft_cases(file);
    assert!(!cases.is_empty(), "{game}: no perft cases");
    for (opts, counts) in cases {
        let mut s = Session::default();
        let new = format!("new {game} {opts}");
        assert_eq!(ask(&mut s, new.trim_end()), "ok", "{opts}");
        for (d, want) in counts.iter().enumerate() {
            let depth = d + 1;
            assert_eq!(
                ask(&mut s, &format!("perft {depth}")),
                format!("perft {want}"),
                "{game} {opts} depth {depth}"
            );
        }
        assert_eq!(ask(&mut s, "perft 0"), "perft 1");
    }
}

#[test]
fn enkeshui_perft_matches_the_data_file() {
    check_perft_file("enkeshui", include_str!("data/perft-enkeshui.txt"));
}

#[test]
fn en_gehe_perft_matches_the_data_file() {
    check_perft_file("en-gehe", include_str!("data/perft-en-gehe.txt"));
}

#[test]
fn bao_perft_matches_the_data_file() {
    check_perft_file("bao-la-kimasai", include_str!("data/perft-bao.txt"));
}

#[test]
fn enkeshui_perft_agrees_with_the_reference_implementation() {
    for (opts, counts) in perft_cases(include_str!("data/perft-enkeshui.txt")) {
        let words = split_words(&opts).unwrap();
        let holes: usize = words[words.iter().position(|w| w == "--holes").unwrap() + 1]
            .parse()
            .unwrap();
        let layout = masai_mancala::engine::enkeshui::Layout::from_options(
            Some(holes),
            words
                .iter()
                .position(|w| w == "--layout")
                .map(|i| words[i + 1].as_str()),
        )
        .unwrap();
        let north_first = opts.contains("--first north");
        let row = |r: &[u16]| r.iter().map(|&c| c as u32).collect::<Vec<_>>();
        let g = RefGame::new(
            &row(&layout.south),
            &row(&layout.north),
            north_first as usize,
            opts.contains("--capture-after-relay"),
        );
        for (d, want) in counts.iter().enumerate().take(4) {
            assert_eq!(g.perft(d as u32 + 1), *want, "{opts} depth {}", d + 1);
        }
    }
}

//! Perft counts from the data files, checked against the engine through the
//! protocol and (Enkeshui, small depths) against the reference implementation.

mod reference;

use masai_mancala::cli::split_words;
use masai_mancala::protocol::{Reply, Session};
use reference::RefGame;

fn ask(s: &mut Session, line: &str) -> String {
    match s.handle(line) {
        Reply::Line(l) => l,
        _ => panic!("no answer to {line}"),
    }
}

fn cases(file: &str) -> Vec<(String, Vec<u64>)> {
    file.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (opts, counts) = l.split_once('|').expect("options | counts");
            let counts = counts
                .split_whitespace()
                .map(|c| c.parse().unwrap())
                .collect();
            (opts.trim().to_string(), counts)
        })
        .collect()
}

#[test]
fn enkeshui_perft_matches_the_data_file() {
    for (opts, counts) in cases(include_str!("data/perft-enkeshui.txt")) {
        let mut s = Session::default();
        assert_eq!(ask(&mut s, &format!("new enkeshui {opts}")), "ok", "{opts}");
        for (d, want) in counts.iter().enumerate() {
            let depth = d + 1;
            assert_eq!(
                ask(&mut s, &format!("perft {depth}")),
                format!("perft {want}"),
                "{opts} depth {depth}"
            );
        }
        assert_eq!(ask(&mut s, "perft 0"), "perft 1");
    }
}

#[test]
fn enkeshui_perft_agrees_with_the_reference_implementation() {
    for (opts, counts) in cases(include_str!("data/perft-enkeshui.txt")) {
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

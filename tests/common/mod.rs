//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod contract;
pub mod tmux;

use masai_mancala::engine::{AnyGame, Quiet};
use serde_json::{Value, json};

/// A game from a position JSON value; panics with the refusal if it is refused.
pub fn load(v: Value) -> AnyGame {
    AnyGame::from_position(&v).unwrap_or_else(|e| panic!("position refused: {e}"))
}

/// An Enkeshui position with the given rows; seeds missing from 48 are put in
/// `captured.north` so that set-ups stay small.
pub fn enk(south: &[u16], north: &[u16], to_move: &str) -> Value {
    let on_board: u16 = south.iter().chain(north).sum();
    json!({
        "game": "enkeshui",
        "holes": south.len(),
        "south": south,
        "north": north,
        "captured": {"south": 0, "north": 48 - on_board},
        "to_move": to_move,
    })
}

/// Plays space-separated tokens, panicking on a refusal.
pub fn play(g: &mut AnyGame, tokens: &str) {
    for t in tokens.split_whitespace() {
        g.play_token(t, &mut Quiet)
            .unwrap_or_else(|e| panic!("{t} refused: {e}"));
    }
}

/// The refusal of one token, as text.
pub fn refuse(g: &mut AnyGame, token: &str) -> String {
    let before = g.state_json();
    let err = g
        .play_token(token, &mut Quiet)
        .expect_err("the decision should be refused")
        .to_string();
    assert_eq!(
        g.state_json(),
        before,
        "a refused decision changed the game"
    );
    err
}

/// The cases of a perft data file (`tests/data/perft-*.txt`, one format for
/// every game): the options of `new GAME`, then the counts from depth 1.
pub fn perft_cases(file: &str) -> Vec<(String, Vec<u64>)> {
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

pub fn state(g: &AnyGame) -> Value {
    g.state_json()
}

/// (south row, north row) as plain vectors.
pub fn rows(g: &AnyGame) -> (Vec<u64>, Vec<u64>) {
    let s = g.state_json();
    let row = |k: &str| -> Vec<u64> {
        s[k].as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect()
    };
    (row("south"), row("north"))
}

pub fn captured(g: &AnyGame) -> (u64, u64) {
    let s = g.state_json();
    (
        s["captured"]["south"].as_u64().unwrap(),
        s["captured"]["north"].as_u64().unwrap(),
    )
}

//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod contract;
pub mod other_client;
pub mod temp;
pub mod tmux;

use masai_mancala::engine::PositionError;
use masai_mancala::engine::PositionJson;
use masai_mancala::engine::bao::{self, Bao};
use masai_mancala::engine::en_gehe::{self, EnGehe};
use masai_mancala::engine::enkeshui::{self, Bull, Enkeshui, Rules};
use masai_mancala::engine::{AnyGame, PerSide, Quiet, Side};
use serde_json::Value;

/// What a test builds a game from: a setup (plain data, checked when
/// converted), or a position JSON value for the tests of the JSON reader.
pub trait Position {
    fn game(self) -> Result<AnyGame, PositionError>;
}

impl Position for Value {
    fn game(self) -> Result<AnyGame, PositionError> {
        AnyGame::from_position(&self)
    }
}

impl Position for enkeshui::Setup {
    fn game(self) -> Result<AnyGame, PositionError> {
        Enkeshui::from_setup(self).map(AnyGame::from)
    }
}

impl Position for en_gehe::Setup {
    fn game(self) -> Result<AnyGame, PositionError> {
        EnGehe::from_setup(self).map(AnyGame::from)
    }
}

impl Position for bao::Setup {
    fn game(self) -> Result<AnyGame, PositionError> {
        Bao::from_setup(self).map(AnyGame::from)
    }
}

/// A game from a setup or a position JSON; panics with the refusal if it is refused.
pub fn load(p: impl Position) -> AnyGame {
    p.game().unwrap_or_else(|e| panic!("position refused: {e}"))
}

/// The refusal of a setup or a position JSON, as text.
pub fn position_error(p: impl Position) -> String {
    p.game()
        .expect_err("the position should be refused")
        .to_string()
}

/// An Enkeshui setup with the given rows; seeds missing from 48 are put in
/// `captured.north` so that set-ups stay small.
pub fn enk(south: &[u16], north: &[u16], to_move: &str) -> enkeshui::Setup {
    let on_board: u16 = south.iter().chain(north).sum();
    enkeshui::Setup {
        captured: PerSide::new(0, 48 - on_board as u32),
        to_move: Side::parse(to_move).expect("south or north"),
        ..enkeshui::Setup::new(Rules::default(), south, north)
    }
}

/// [`enk`] as position JSON, for the tests of the JSON reader.
pub fn enk_json(south: &[u16], north: &[u16], to_move: &str) -> Value {
    Enkeshui::setup_json(&enk(south, north, to_move))
}

/// A bull on `side`'s hole `hole` belonging to `owner`.
pub fn bull(side: &str, hole: usize, owner: &str) -> Bull {
    Bull {
        side: Side::parse(side).expect("south or north"),
        hole,
        owner: Side::parse(owner).expect("south or north"),
    }
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

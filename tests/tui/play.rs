//! The play screen: the special move, the legend, the log's words and the key bar.

use super::harness::*;
use masai_mancala::engine::AnyGame;
use ratatui::crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;

/// The screen's lines as one text, box borders and wrapping removed (for a
/// log line when the move list beside it is empty or short).
fn text(s: &[String]) -> String {
    let t = s
        .iter()
        .map(|l| l.replace('│', " "))
        .collect::<Vec<_>>()
        .join(" ");
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_special_move_prompt_says_lift_until_two_holes_are_lifted() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant --special-move once");
    keys(&mut app, "x");
    let s = screen(&mut app);
    assert_eq!(s[9], "Special move: lift two holes · Enter lifts hole 3");
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "5");
    let s = screen(&mut app);
    assert_eq!(
        s[9],
        "Special move: lifted 3 · 4 in hand · Enter lifts hole 5"
    );
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert_eq!(
        s[9],
        "Special move: lifted 3 and 5 · 8 in hand · Enter drops on hole 5"
    );
}

#[test]
fn a_refused_special_move_says_why() {
    // Off: how to turn it on.
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant");
    keys(&mut app, "x");
    assert_eq!(
        app.status,
        "the special move is off (--special-move once or any)"
    );
    // Fewer than two holes to lift.
    let (mut app, _rx) = super::harness::app(
        "--holes 8 --race off --north human --instant --special-move any --layout '0 0 0 0 0 0 0 24'",
    );
    keys(&mut app, "x");
    assert_eq!(
        app.status,
        "South cannot make the special move now: it needs two holes to lift (not empty, not a bull, in play)"
    );
    assert!(app.status_error);
}

#[test]
fn the_key_bar_shows_x_only_when_the_special_move_can_be_made() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --special-move once");
    let s = screen(&mut app);
    assert!(s[23].contains("x special"), "{}", s[23]);
    let (mut app, _rx) = super::harness::app("--holes 8 --race off --north human");
    let s = screen(&mut app);
    assert!(!s[23].contains("special"), "{}", s[23]);
}

#[test]
fn the_legend_names_the_hole_selected_and_the_marks_on_the_board() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant");
    let s = screen(&mut app);
    assert!(s[9].starts_with("[3] = selected hole"), "{}", s[9]);
    key(&mut app, KeyCode::Right);
    let c = app.play.as_ref().unwrap().cursor;
    assert_ne!(c, 3);
    let s = screen(&mut app);
    assert!(
        s[9].starts_with(&format!("[{c}] = selected hole")),
        "{}",
        s[9]
    );
    key(&mut app, KeyCode::Enter);
    // After South's move, North's cursor and the move's marks.
    let s = screen(&mut app);
    assert!(s[9].contains("marked: last seed, sown, lifted"), "{}", s[9]);
    assert!(s.iter().all(|l| l.chars().count() <= 80));
}

#[test]
fn a_bao_steal_is_logged_with_its_cows_and_hole() {
    // South i3 (1) -> i4 = 2, facing North i5 (3): South steals 3 cows.
    let v = json!({
        "game": "bao-la-kimasai",
        "south": {"inner": [0, 0, 1, 1, 0, 0, 0, 0], "outer": [0, 0, 0, 0, 0, 0, 0, 0]},
        "north": {"inner": [1, 1, 1, 1, 3, 1, 1, 1], "outer": [7, 7, 7, 7, 6, 6, 6, 6]},
        "reserve": {"south": 0, "north": 0},
        "to_move": "south",
        "turn": 60,
    });
    let (mut app, _rx) = start("bao --north human --instant");
    app.load(AnyGame::from_position(&v).unwrap(), Instant::now());
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert!(
        text(&s).contains("South sowed i3, stole 3 cows from North i5"),
        "{s:#?}"
    );
}

//! Sharing a position (issue 39): `P` shows the position's one line in a
//! box over the game, an earlier position and the replay viewer; `C` sends
//! it to the terminal's clipboard as OSC 52, written by the loop after the
//! frame.

use super::harness::*;
use masai_mancala::app::{App, AppEvent, Screen};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::sync::mpsc::channel;
use std::time::Instant;

const START: &str = "enkeshui 0,0,4x6/0,0,4x6 s 0-0 1";
/// After South's hole 8 (two laps, a relay from North's hole 4).
const AFTER_8: &str = "enkeshui 1,0,4x5,0/1,1,5,0,5x4 n 0-0 2";
/// OSC 52 of `START`: base64 worked out apart (Python's base64 module).
const START_OSC52: &[u8] = b"\x1b]52;c;ZW5rZXNodWkgMCwwLDR4Ni8wLDAsNHg2IHMgMC0wIDE=\x07";
const AFTER_8_OSC52: &[u8] = b"\x1b]52;c;ZW5rZXNodWkgMSwwLDR4NSwwLzEsMSw1LDAsNXg0IG4gMC0wIDI=\x07";

const HOT_SEAT: &str = "--holes 8 --race off --north human --instant";

#[test]
fn p_shows_the_line_of_the_game_in_a_box_that_esc_closes() {
    let (mut app, _rx) = app(HOT_SEAT);
    keys(&mut app, "P");
    assert_eq!(app.position_shown(), Some(START));
    let s = screen(&mut app);
    assert!(has(&s, "Position, turn 1"), "{s:#?}");
    assert!(
        s.iter().any(|l| l.contains(&format!("│ {START} "))),
        "{s:#?}"
    );
    assert!(has(&s, "--position takes this line: the game starts here."));
    assert!(has(&s, "C copy to the clipboard    Esc close"), "{s:#?}");
    // The key bar is the box's.
    assert!(
        has(&s.last().cloned().into_iter().collect::<Vec<_>>(), "C copy"),
        "{s:#?}"
    );
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.position_shown(), None);
    assert_eq!(app.screen(), Screen::Play);
    assert!(!has(&screen(&mut app), START));
    // The game goes on, and P shows the new position.
    assert!(app.decide("8".into(), Instant::now()));
    keys(&mut app, "P");
    assert_eq!(app.position_shown(), Some(AFTER_8));
    assert!(has(&screen(&mut app), "Position, turn 2"));
    keys(&mut app, "q");
    assert_eq!(app.position_shown(), None);
    assert_eq!(app.screen(), Screen::Play);
}

/// Runs the loop on `keys` and returns what it wrote to the terminal
/// itself, the status line and the screen.
fn run_keys(mut app: App, keys: &[KeyCode]) -> (Vec<u8>, Vec<String>) {
    let (tx, rx) = channel();
    for &k in keys {
        tx.send(AppEvent::Key(KeyEvent::from(k))).unwrap();
    }
    drop(tx);
    let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let mut out = Vec::new();
    masai_mancala::app::run_loop_with(&mut term, &mut app, &rx, &mut || {}, &mut out).unwrap();
    (out, lines_of(term.backend().buffer()))
}

#[test]
fn c_sends_the_line_to_the_terminals_clipboard_as_osc_52() {
    let (a, _rx) = app(HOT_SEAT);
    let (out, s) = run_keys(a, &[KeyCode::Char('C')]);
    assert_eq!(out, START_OSC52);
    assert!(
        has(
            &s,
            "Position line sent to the terminal's clipboard (if it allows OSC 52)"
        ),
        "{s:#?}"
    );
    // From the box too, which then says so; P alone writes nothing.
    let (a, _rx) = app(HOT_SEAT);
    let (out, _) = run_keys(a, &[KeyCode::Char('P')]);
    assert!(out.is_empty());
    let (a, _rx) = app(HOT_SEAT);
    let (out, s) = run_keys(a, &[KeyCode::Char('P'), KeyCode::Char('c')]);
    assert_eq!(out, START_OSC52);
    assert!(has(
        &s,
        "Sent to the terminal's clipboard (if it allows OSC 52)."
    ));
}

#[test]
fn the_earlier_position_viewed_is_the_one_shared() {
    let (mut app, _rx) = app(HOT_SEAT);
    assert!(app.decide("8".into(), Instant::now()));
    let north = app.play().unwrap().game().legal_tokens()[0].clone();
    assert!(app.decide(north, Instant::now()));
    // [ shows the position before North's move: turn 2.
    keys(&mut app, "[");
    keys(&mut app, "P");
    assert_eq!(app.position_shown(), Some(AFTER_8));
    key(&mut app, KeyCode::Esc);
    // Back to the earlier position, not the game.
    assert!(has(&screen(&mut app), "VIEWING turn 2"));
    keys(&mut app, "[");
    let (out, _) = run_keys(app, &[KeyCode::Char('C')]);
    assert_eq!(out, START_OSC52);
}

#[test]
fn the_replay_viewer_shares_the_position_shown() {
    let (mut game, _rx) = app(HOT_SEAT);
    assert!(game.decide("8".into(), Instant::now()));
    let mut app = replay_of(&game);
    keys(&mut app, "P");
    assert_eq!(app.position_shown(), Some(START));
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), Screen::Replay);
    key(&mut app, KeyCode::End);
    let (out, s) = run_keys(app, &[KeyCode::Char('C')]);
    assert_eq!(out, AFTER_8_OSC52);
    assert!(
        has(&s, "Position line sent to the terminal's clipboard"),
        "{s:#?}"
    );
}

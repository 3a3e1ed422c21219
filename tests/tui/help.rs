//! The help overlay and the quit confirmation.

use super::harness::*;
use ratatui::crossterm::event::KeyCode;

#[test]
fn help_lists_the_bindings_and_the_rules() {
    let (mut app, _rx) = app("--holes 8 --race off");
    keys(&mut app, "?");
    let s = screen_wh(&mut app, 80, 60);
    assert!(has(&s, "Help: ↑↓ scroll, Esc closes"));
    assert!(has(&s, " Playing"));
    assert!(has(
        &s,
        "u           undo (against the AI: back to your last decision)"
    ));
    assert!(has(&s, "z/x         South's racer drops a seed"));
    // Scroll to the rules, past the bindings of every screen (each try
    // on a fresh help, drawn once: a new size brings the help back to the
    // section of its screen).
    let scrolled = |downs: usize| {
        let (mut help, rx) = super::harness::app("--holes 8 --race off");
        keys(&mut help, "?");
        for _ in 0..downs {
            key(&mut help, KeyCode::Down);
        }
        (screen_wh(&mut help, 80, 60), help, rx)
    };
    let (s, mut app, _rx) = (0..400)
        .step_by(5)
        .map(scrolled)
        .find(|(s, _, _)| has(s, "Rules of Enkeshui"))
        .expect("the rules follow the bindings");
    assert!(has(&s, "Rules of Enkeshui"), "{s:#?}");
    key(&mut app, KeyCode::Esc);
    assert!(app.help_scroll().is_none());
}

#[test]
fn quit_asks_while_a_game_is_on() {
    let (mut app, _rx) = app("--holes 8 --race off");
    keys(&mut app, "q");
    assert!(app.confirming_quit() && !app.quitting());
    let s = screen(&mut app);
    assert!(has(&s, "A game is in progress. Quit?"));
    keys(&mut app, "n");
    assert!(!app.confirming_quit() && !app.quitting());
    keys(&mut app, "qy");
    assert!(app.quitting());
}

#[test]
fn the_help_shows_the_rules_of_the_game_on_screen() {
    for (args, title, other) in [
        ("en-gehe --holes 8", "Rules of En Gehé", "Rules of Enkeshui"),
        ("bao", "Rules of Bao la Kimasai", "Rules of En Gehé"),
    ] {
        let (mut app, _rx) = start(args);
        keys(&mut app, "?");
        for _ in 0..50 {
            key(&mut app, KeyCode::Down);
        }
        let s = screen_wh(&mut app, 100, 80);
        assert!(has(&s, title), "{s:#?}");
        assert!(!has(&s, other), "{s:#?}");
    }
    let (mut app, _rx) = start("bao");
    keys(&mut app, "?");
    for _ in 0..50 {
        key(&mut app, KeyCode::Down);
    }
    let s = screen_wh(&mut app, 100, 80);
    assert!(
        has(&s, "A Masai game from the plains around Kilimanjaro"),
        "{s:#?}"
    );
}

/// Issue 21 item 15: the mouse line is among the play screen's keys, not
/// under the quit confirmation's.
#[test]
fn the_mouse_line_is_in_the_playing_section() {
    let (mut app, _rx) = app("--holes 8 --race off");
    keys(&mut app, "?");
    let s = screen_wh(&mut app, 80, 200);
    let at = |text: &str| {
        s.iter()
            .position(|l| l.contains(text))
            .unwrap_or_else(|| panic!("{text}: {s:#?}"))
    };
    let mouse = at("mouse       click a hole of your row to sow it");
    assert!(at(" Playing") < mouse, "{s:#?}");
    assert!(mouse < at(" Earlier positions of the game"), "{s:#?}");
    assert!(mouse < at(" Quit confirmation"), "{s:#?}");
}

/// Issue 40 item 9: the help opens at the keys of the screen it was opened
/// from: their title on the box's first line when they are taller than the
/// box, else the least scroll that shows them whole.
#[test]
fn the_help_opens_at_the_keys_of_its_screen() {
    let (mut app, _rx) = app("--holes 8 --race off");
    screen(&mut app);
    keys(&mut app, "?");
    let s = screen(&mut app);
    assert!(s[1].starts_with("│ Playing "), "{s:#?}");
    key(&mut app, KeyCode::Up);
    let s = screen(&mut app);
    assert!(s[2].starts_with("│ Playing "), "{s:#?}");
    key(&mut app, KeyCode::Esc);

    // The replay viewer's keys, whole, the box's last lines.
    let mut replay = replay_of(&app);
    screen(&mut replay);
    keys(&mut replay, "?");
    assert!(replay.help_scroll().is_some_and(|s| s > 0));
    let s = screen(&mut replay);
    let title = s
        .iter()
        .position(|l| l.starts_with("│ Replay viewer "))
        .unwrap_or_else(|| panic!("{s:#?}"));
    assert!(
        s[title + 1..22].iter().all(|l| l.starts_with("│   ")),
        "{s:#?}"
    );

    // A tall terminal: the game's keys whole, and the race's above them.
    let (mut tall, _rx) = super::harness::app("--holes 8 --race off");
    keys(&mut tall, "?");
    let s = screen_wh(&mut tall, 80, 60);
    assert!(has(&s, "│ Playing "), "{s:#?}");
    assert!(
        has(&s, "mouse       click a hole of your row to sow it"),
        "{s:#?}"
    );
    assert!(has(&s, "z/x         South's racer drops a seed"), "{s:#?}");
}

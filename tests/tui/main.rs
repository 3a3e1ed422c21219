//! The terminal client on a `TestBackend`: what a player sees after each key,
//! one module per screen over one harness.

#[path = "../common/other_client.rs"]
#[allow(dead_code)]
mod other_client;
#[path = "../common/temp.rs"]
mod temp;

mod ai;
mod bars;
mod board;
mod editor;
mod harness;
mod help;
mod jobs;
mod menu;
mod over;
mod play;
mod race;
mod resume;
mod review;
mod save;
mod settings;
mod setup;
mod share;
mod stack;

use harness::*;

use masai_mancala::app::App;
use masai_mancala::app::AppEvent;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::sync::mpsc::channel;
use std::time::Instant;

#[test]
fn the_loop_draws_only_with_a_cause_and_ends_when_input_ends() {
    let (tx, rx) = channel();
    let mut app = App::with_game(
        tx.clone(),
        setup("--holes 8 --race off --north human --instant"),
        client("--holes 8 --race off --north human --instant"),
        PLAIN,
        Instant::now(),
    );
    // An unbound key: no redraw. A bound one and a resize: one each.
    tx.send(AppEvent::Key(KeyEvent::from(KeyCode::Char('w'))))
        .unwrap();
    tx.send(AppEvent::Key(KeyEvent::from(KeyCode::Right)))
        .unwrap();
    tx.send(AppEvent::Resize(80, 24)).unwrap();
    tx.send(AppEvent::Key(KeyEvent::from(KeyCode::Char('q'))))
        .unwrap();
    tx.send(AppEvent::Key(KeyEvent::from(KeyCode::Char('y'))))
        .unwrap();
    drop(tx);
    let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let stats = masai_mancala::app::run_loop(&mut term, &mut app, &rx).unwrap();
    assert!(app.quitting());
    // First frame, Right, Resize, the quit prompt: 4 frames; 'w' and 'y' draw nothing.
    assert_eq!(stats.frames, 4);
    let lines = lines_of(term.backend().buffer());
    assert!(has(&lines, "A game is in progress. Quit?"));
}

//! Background jobs on screen: each kind's result is taken only when the app
//! still keeps the job of that version; the same result with another
//! version (a job left behind) changes nothing.

use super::harness::*;
use masai_mancala::app::App;
use masai_mancala::app::{AppEvent, Output};
use masai_mancala::session::job::Done;
use ratatui::crossterm::event::KeyCode;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// The next event of the background work, not yet handled.
fn next(rx: &Receiver<AppEvent>) -> AppEvent {
    rx.recv_timeout(Duration::from_secs(20))
        .expect("the background work answers")
}

/// The same job result, as a job of another version would post it.
fn stale(ev: &AppEvent) -> AppEvent {
    let AppEvent::Job(done) = ev else {
        panic!("not a job's result: {ev:?}")
    };
    AppEvent::Job(Done {
        version: done.version ^ (1 << 62),
        output: done.output.clone(),
    })
}

/// Handles `stale(ev)`: nothing is redrawn, the screen is the same.
fn ignored(app: &mut App, ev: &AppEvent) {
    let before = screen(app);
    let status = app.status().to_string();
    assert!(!app.handle(stale(ev), Instant::now()), "{ev:?}");
    assert_eq!(app.status(), status);
    assert_eq!(screen(app), before);
}

#[test]
fn an_ai_seats_decision_of_another_version_is_not_played() {
    let (mut app, rx) = app("--holes 8 --race off --south ai:greedy --north human --instant");
    let ev = next(&rx);
    assert!(matches!(output(&ev), Some(Output::Ai(_))), "{ev:?}");
    ignored(&mut app, &ev);
    assert!(app.play().unwrap().moves().is_empty());
    assert!(app.handle(ev, Instant::now()));
    assert_eq!(app.play().unwrap().moves().len(), 1);
}

#[test]
fn a_sowing_of_another_version_is_not_played() {
    let (mut app, rx) = start("bao --north human --instant");
    app.set_work_wait(Duration::ZERO);
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.status(), "Working out the sowing of i3...");
    let ev = next(&rx);
    ignored(&mut app, &ev);
    assert!(app.play().unwrap().working().is_some());
    assert!(app.handle(ev, Instant::now()));
    let s = screen(&mut app);
    assert_eq!(trimmed(&s, 2, 11), BAO_AFTER_I3);
}

#[test]
fn an_analysis_of_another_version_is_not_shown_nor_hinted() {
    let (mut app, rx) = app(
        "--holes 8 --layout '2 0 0 0 0 1 0 1 0 0 3 0 2 5 0 34' --race off --south human --north human --instant",
    );
    app.set_analysis_depth(Some(2));
    keys(&mut app, "i");
    assert_eq!(app.status(), "Working out a hint for South...");
    let ev = next(&rx);
    ignored(&mut app, &ev);
    assert_eq!(app.analysis(), None);
    assert!(app.handle(ev, Instant::now()));
    assert!(app.analysis().is_some());
    assert!(
        app.status()
            .starts_with("Hint for South: 1 (the AI rates it "),
        "{}",
        app.status()
    );
}

#[test]
fn a_load_of_another_version_is_not_shown() {
    let dir = crate::temp::TempDir::new("masai-tui-jobs-load");
    std::fs::copy(
        fixture("../records/valid.json"),
        dir.join("game-valid.json"),
    )
    .unwrap();
    let (mut app, rx) = menu_saving_in(&dir);
    keys(&mut app, "o");
    assert!(app.loading().is_some());
    let ev = next(&rx);
    ignored(&mut app, &ev);
    assert!(app.loading().is_some() && app.saves().is_none());
    assert!(app.handle(ev, Instant::now()));
    assert!(app.loading().is_none());
    assert_eq!(app.saves().expect("the list").list().len(), 1);
}

#[test]
fn review_news_of_another_version_is_not_shown() {
    let (tx, rx) = channel();
    let loaded = masai_mancala::session::load::load(
        std::path::Path::new("tests/fixtures/review/en-gehe-blunder.json"),
        &Default::default(),
    )
    .expect("the record loads");
    let mut app = App::replay(tx, loaded, Default::default(), PLAIN).expect("viewer");
    keys(&mut app, "v");
    // Its progress, then its result: each ignored with another version.
    while app.viewer().unwrap().review().running() {
        let ev = next(&rx);
        ignored(&mut app, &ev);
        app.handle(ev, Instant::now());
    }
    assert_eq!(
        app.status(),
        "Review done: South 1 blunder; North no mistake (m: next mistake)"
    );
}

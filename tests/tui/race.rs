//! The race screen: countdown, racers, AI pace and how the race is told.

use super::harness::*;
use super::{resumed, temp_file};
use masai_mancala::ai::Level;
use masai_mancala::app::{App, Screen};
use masai_mancala::app::{COUNTDOWN, racer_ms};
use masai_mancala::engine::{Game, Side};
use ratatui::crossterm::event::KeyCode;
use std::time::{Duration, Instant};

/// Ticks through the countdown; returns the time of Go.
fn go(app: &mut App) -> Instant {
    tick_until(app, 10, |a| {
        a.race().is_none_or(|r| r.countdown().is_none())
    })
}

/// Both humans race, pressing in turn, until someone sleeps.
fn race_to_the_end(app: &mut App) {
    go(app);
    for i in 0..2000 {
        if app.race().unwrap().result().is_some() {
            return;
        }
        keys(app, if i % 2 == 0 { "zn" } else { "xm" });
    }
    panic!("nobody slept");
}

#[test]
fn race_with_alternating_keys_and_auto_repeat() {
    let (mut app, _rx) = app("--holes 8 --north human");
    assert_eq!(app.screen(), Screen::Race);
    let s = screen(&mut app);
    assert!(s[0].contains("starting race from hole 8"));
    go(&mut app);
    // Auto-repeat of one key drops once.
    keys(&mut app, "zzzz");
    assert_eq!(app.race().unwrap().race().drops(), &[Side::South]);
    assert_eq!(app.race().unwrap().repeats().south, 3);
    // Alternating keys drop each time.
    keys(&mut app, "xzx");
    assert_eq!(app.race().unwrap().race().drops().len(), 4);
    keys(&mut app, "nmnm");
    let s = screen(&mut app);
    assert!(
        has(
            &s,
            "South lap  1 · in hand  0 · drops   4 · keys z x, last key x (3 repeats ignored)"
        ) || has(&s, "drops   4 · keys z x"),
        "{s:#?}"
    );
    assert!(has(&s, "drops   4 · keys n m, last key m"), "{s:#?}");
    // Race on: alternate until someone sleeps.
    for i in 0..2000 {
        if app.race().unwrap().result().is_some() {
            break;
        }
        keys(&mut app, if i % 2 == 0 { "zn" } else { "xm" });
    }
    let first = app
        .race()
        .unwrap()
        .race()
        .first_sleeper()
        .expect("someone sleeps");
    let s = screen(&mut app);
    assert!(has(
        &s,
        &format!("{} sleeps first and moves first", first.title())
    ));
    let board = *app.race().unwrap().result().unwrap().board();
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), Screen::Play);
    let g = app.play().unwrap().enkeshui().unwrap();
    assert_eq!(g.to_move(), first);
    assert_eq!(
        g.board().counts,
        board.counts,
        "the game goes on from the race's board"
    );
}

#[test]
fn the_ai_racer_drops_on_ticks() {
    let (mut app, _rx) = app("--holes 8");
    let mut now = go(&mut app);
    let mut n = 0;
    while app.race().is_some_and(|r| r.result().is_none()) && n < 10 {
        now = app.deadline().expect("the AI racer ticks").max(now);
        app.tick(now);
        n += 1;
    }
    let drops = app.race().unwrap().race().drops();
    assert!(drops.iter().all(|&s| s == Side::North));
    assert!(!drops.is_empty());
}

#[test]
fn quick_race_is_decided_at_once_and_logged() {
    let (mut app, _rx) = app("--holes 12 --race quick --seed 7 --north human");
    assert_eq!(app.screen(), Screen::Play);
    let s = screen(&mut app);
    assert!(has(&s, "Quick race from hole 12:"), "{s:#?}");
}

#[test]
fn a_race_in_progress_is_saved_and_resumes_with_a_new_race() {
    let (mut app, _rx) = app("--holes 8 --north human");
    assert_eq!(app.screen(), Screen::Race);
    let path = temp_file("race");
    app.save_to(path.clone(), false);
    app.autosave();
    keys(&mut app, "zxzx");
    app.autosave();
    let (record, checked) = masai_mancala::record::file::load(&path).unwrap();
    assert!(record.games[0].race.is_none());
    assert!(record.games[0].decisions.is_empty());
    assert!(!checked.is_finished());
    let (mut back, _rx2) = resumed(&path);
    assert_eq!(back.screen(), Screen::Race);
    let s = screen(&mut back);
    assert!(
        has(
            &s,
            "Race! South: press z and x in turn; North: press n and m in turn"
        ),
        "{s:#?}"
    );
    assert!(back.race().unwrap().race().drops().is_empty());
}

#[test]
fn a_countdown_comes_before_every_race_and_keys_wait_for_go() {
    let (mut app, _rx) = app("--holes 8 --north human");
    let s = screen(&mut app);
    assert!(
        has(&s, &format!("The race starts in {COUNTDOWN}...")),
        "{s:#?}"
    );
    keys(&mut app, "zn");
    assert!(app.race().unwrap().race().drops().is_empty());
    assert_eq!(app.status(), format!("Wait for Go! ({COUNTDOWN})"));
    assert!(app.status_error());
    // One second a number: 3, 2, 1, then Go.
    let start = Instant::now();
    let mut shown = Vec::new();
    while let Some(n) = app.race().unwrap().countdown() {
        shown.push(n);
        let at = app.deadline().expect("the countdown ticks");
        app.tick(at);
    }
    assert_eq!(shown, [3, 2, 1]);
    assert_eq!(app.status(), "Go!");
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "ticks, not sleeps"
    );
    keys(&mut app, "z");
    assert_eq!(app.race().unwrap().race().drops(), &[Side::South]);
}

#[test]
fn a_key_after_go_counts_even_before_the_tick() {
    let (mut app, _rx) = app("--holes 8 --north human");
    let late = Instant::now() + Duration::from_secs(COUNTDOWN as u64 + 1);
    app.handle(
        masai_mancala::app::AppEvent::Key(KeyCode::Char('z').into()),
        late,
    );
    assert_eq!(app.race().unwrap().race().drops(), &[Side::South]);
}

/// The times of an AI racer's first drops after Go.
fn drop_gaps(args: &str) -> Vec<u128> {
    let (mut app, _rx) = app(args);
    let mut at = go(&mut app);
    let mut gaps = Vec::new();
    while gaps.len() < 6 && app.race().unwrap().result().is_none() {
        let next = app.deadline().expect("the AI racer ticks");
        gaps.push(next.duration_since(at).as_millis());
        app.tick(next);
        at = next;
    }
    gaps
}

#[test]
fn the_ai_racer_drops_at_its_levels_pace() {
    for (args, level) in [
        ("--holes 12 --north ai:easy", Level::Easy),
        ("--holes 12 --north ai:hard", Level::Hard),
        (
            "--holes 12 --north ai:easy --race-speed expert",
            Level::Expert,
        ),
        (
            "--holes 12 --north ai:expert --race-speed medium",
            Level::Medium,
        ),
    ] {
        let (lo, hi) = racer_ms(level);
        let gaps = drop_gaps(args);
        assert!(gaps.len() >= 3, "{args}: {gaps:?}");
        for g in &gaps {
            assert!((lo as u128..=hi as u128).contains(g), "{args}: {gaps:?}");
        }
    }
    // Easy is slower than a casual player's 4 to 6 drops a second; expert is quicker.
    assert!(racer_ms(Level::Easy).0 > 250);
    assert!(racer_ms(Level::Expert).1 < 170);
}

#[test]
fn a_bad_race_speed_is_refused_with_the_levels() {
    use clap::Parser;
    let e = masai_mancala::cli::Cli::try_parse_from([
        "masai-mancala",
        "enkeshui",
        "--race-speed",
        "turbo",
    ])
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("'turbo': a race speed is easy, medium, hard or expert"),
        "{e}"
    );
}

#[test]
fn the_finished_race_shows_both_racers_truly_and_the_log_counts_like_them() {
    let (mut app, _rx) = app("--holes 8 --south human --north human");
    race_to_the_end(&mut app);
    let first = app.race().unwrap().race().first_sleeper().unwrap();
    let drops = app.race().unwrap().race().drops().to_vec();
    let count = |s: Side| drops.iter().filter(|&&d| d == s).count();
    let s = screen(&mut app);
    let line = |side: Side| {
        s.iter()
            .find(|l| l.starts_with(&format!("{:<6}lap", side.title())))
            .cloned()
            .unwrap_or_else(|| panic!("{s:#?}"))
    };
    let winner = line(first);
    let loser = line(first.other());
    assert!(
        winner.ends_with(&format!(
            "in hand  0 · drops {:>3} · ASLEEP: moves first",
            count(first)
        )),
        "{winner}"
    );
    assert!(
        loser.ends_with(&format!(
            "in hand  0 · drops {:>3} · sowing finished",
            count(first.other())
        )),
        "{loser}"
    );
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), Screen::Play);
    let s = screen(&mut app);
    let note = format!(
        "Race from hole 8: {} slept first after {} drops ({} made {}) and moves first.",
        first.title(),
        count(first),
        first.other().title(),
        count(first.other())
    );
    // The log wraps the note: read its lines as one text.
    let text = s
        .iter()
        .map(|l| l.replace('│', " "))
        .collect::<Vec<_>>()
        .join(" ");
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains(&note), "{note}\n{s:#?}");
}

#[test]
fn the_race_lines_fit_at_80_and_60_columns() {
    let (mut app, _rx) = app("--holes 12 --south human --north human");
    race_to_the_end(&mut app);
    for (w, h) in [(80, 24), (60, 20)] {
        let s = screen_wh(&mut app, w, h);
        assert!(has(&s, "ASLEEP: moves first"), "{w}x{h}: {s:#?}");
        assert!(has(&s, "sowing finished"), "{w}x{h}: {s:#?}");
    }
}

#[test]
fn the_race_shows_each_ai_racers_level() {
    let (mut app, _rx) = app("--holes 8 --south ai:hard --north ai:easy");
    let s = screen(&mut app);
    assert!(has(&s, "AI racer (easy)"), "{s:#?}");
    assert!(has(&s, "AI racer (hard)"), "{s:#?}");
}

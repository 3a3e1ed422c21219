//! The AI on screen: seats, hints and the analysis panel.

use super::harness::*;
use masai_mancala::app::App;
use masai_mancala::app::{AppEvent, Output};
use masai_mancala::engine::{Game, Side};
use ratatui::crossterm::event::KeyCode;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

#[test]
fn the_hint_key_selects_the_ais_suggestion_and_tells_its_value() {
    // S1 (2) captures 8 seeds; S6 and S8 capture nothing: the hint is 1.
    let (mut app, rx) = app(
        "--holes 8 --layout '2 0 0 0 0 1 0 1 0 0 3 0 2 5 0 34' --race off --south human --north human --instant",
    );
    app.set_analysis_depth(Some(6));
    keys(&mut app, "i");
    assert_eq!(app.status(), "Working out a hint for South...");
    let ev = next_event(&mut app, &rx);
    assert!(matches!(output(&ev), Some(Output::Analysis(_))), "{ev:?}");
    // The analysis's search, exactly (issue 11 item 6: one search, one
    // value): its best decision and value.
    let best = app.analysis().expect("the analysis").values[0].clone();
    assert_eq!(best.0, "1");
    let seeds = f64::from(best.1) / f64::from(masai_mancala::ai::UNIT);
    assert_eq!(
        app.status(),
        format!("Hint for South: 1 (the AI rates it {seeds:+.1} seeds); Enter plays it")
    );
    assert_eq!(app.play().unwrap().cursor(), 1);
}

#[test]
fn a_hint_for_a_position_left_behind_is_dropped() {
    let (mut app, rx) = app("--holes 8 --race off --north human --instant");
    keys(&mut app, "i");
    // South moves before the hint arrives: it no longer applies.
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    let status = app.status().to_string();
    let cursor = app.play().unwrap().cursor();
    if let Ok(ev) = rx.recv_timeout(Duration::from_secs(2)) {
        assert!(
            !app.handle(ev, Instant::now()),
            "a stale hint changes nothing"
        );
    }
    assert_eq!(app.status(), status);
    assert_eq!(app.play().unwrap().cursor(), cursor);
}

#[test]
fn the_hint_works_in_bao_and_en_gehe() {
    for args in [
        "bao --north human --instant",
        "en-gehe --holes 40 --north human --instant",
    ] {
        let (mut app, rx) = start(args);
        keys(&mut app, "i");
        next_event(&mut app, &rx);
        let p = app.play().unwrap();
        let legal = p.game().legal_tokens();
        let token = app
            .status()
            .strip_prefix("Hint for South: ")
            .and_then(|s| s.split_once(' '))
            .map(|(t, _)| t.to_string())
            .unwrap_or_else(|| panic!("{}", app.status()));
        assert!(legal.contains(&token), "{token} in {legal:?}");
        assert!(
            app.status().contains("(the AI rates it "),
            "{}",
            app.status()
        );
        // Bao counts cows.
        let unit = if args.starts_with("bao") {
            " cows)"
        } else {
            " seeds)"
        };
        assert!(
            app.status().contains(unit) || app.status().contains("forced"),
            "{}",
            app.status()
        );
        // The hint is selected: Enter plays it.
        assert_eq!(p.cursor_token(), token);
        key(&mut app, KeyCode::Enter);
        let p = app.play().unwrap();
        assert_eq!(p.moves()[0].token, token, "{args:?}");
    }
}

/// The seat's decision: the one `ai::choose_token` gives for that game and seed.
fn expect_ai_choice(app: &mut App, rx: &Receiver<AppEvent>, player: masai_mancala::ai::Player) {
    let game = app.play().unwrap().game().clone();
    let req = masai_mancala::ai::Request::new(player, app.ai_seed());
    let want = masai_mancala::ai::choose_token(&game, &req)
        .expect("a decision")
        .decision;
    let got = ai_turn(app, rx);
    assert_eq!(got, want, "{}", game.state_json());
}

#[test]
fn en_gehe_and_bao_ai_seats_play_the_ais_decision() {
    use masai_mancala::ai::Player;
    for args in [
        "en-gehe --holes 40 --south ai:greedy --north ai:greedy --instant --seed 5",
        "bao --south ai:greedy --north ai:greedy --instant --seed 5",
    ] {
        let (mut app, rx) = start(args);
        for _ in 0..6 {
            expect_ai_choice(&mut app, &rx, Player::Greedy);
        }
        assert_eq!(app.play().unwrap().moves().len(), 6, "{args:?}");
    }
    // A searching level in Bao: a decision of the real search, on the board.
    let (mut app, rx) = start("bao --south ai:easy --north human --instant");
    let legal = app.play().unwrap().game().legal_tokens();
    let token = ai_turn(&mut app, &rx);
    assert!(legal.contains(&token));
    assert_eq!(app.play().unwrap().moves()[0].token, token);
}

#[test]
fn the_ai_seat_shows_that_it_is_thinking() {
    let (app, rx) = app("--race off --south ai:easy --north human");
    assert!(
        app.status().contains("South (AI easy) is thinking"),
        "{}",
        app.status()
    );
    let ev = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the AI answers");
    assert!(matches!(output(&ev), Some(Output::Ai(_))), "{ev:?}");
}

/// The right `w` columns of screen lines `from..to`.
fn right_cols(lines: &[String], from: usize, to: usize, w: usize) -> Vec<String> {
    lines[from..to]
        .iter()
        .map(|l| {
            let c: Vec<char> = l.chars().collect();
            c[c.len().saturating_sub(w)..].iter().collect()
        })
        .collect()
}

#[test]
fn the_analysis_panel_lists_every_decision_best_first() {
    let (mut app, rx) = app(
        "--holes 8 --layout '2 0 0 0 0 1 0 1 0 0 3 0 2 5 0 34' --race off --south human --north human --instant",
    );
    app.set_analysis_depth(Some(6));
    keys(&mut app, "a");
    let s = screen(&mut app);
    assert_eq!(
        right_cols(&s, 19, 22, 38),
        [
            "┌ Analysis · South to move ──────────┐",
            "│Thinking...                         │",
            "└ a hides ───────────────────────────┘",
        ]
    );
    let ev = next_event(&mut app, &rx);
    assert!(matches!(output(&ev), Some(Output::Analysis(_))), "{ev:?}");
    let s = screen(&mut app);
    // Values for South in seeds from a 6-decision search of every decision.
    assert_eq!(
        right_cols(&s, 17, 22, 38),
        [
            "┌ Analysis · South to move ──────────┐",
            "│    1  +1.8 seeds (best)            │",
            "│    6  -12.5 seeds                  │",
            "│    8  -13.1 seeds                  │",
            "└ depth 6 · a hides ─────────────────┘",
        ]
    );
    // a again hides it.
    keys(&mut app, "a");
    let s = screen(&mut app);
    assert!(!has(&s, "Analysis ·"), "{s:#?}");
    assert_eq!(s[22], "Analysis off");
}

/// Issue 42: the review's budget does not see every line to its end here, so
/// the proven margin is a bound and the turns are not said.
#[test]
fn the_analysis_says_proven_losses_with_their_margin_as_a_bound_and_follows_the_position() {
    let (mut app, rx) = app(
        "--holes 8 --layout '0 0 0 0 0 0 2 3 0 0 0 0 0 1 0 42' --race off --south human --north human --instant",
    );
    keys(&mut app, "a");
    next_event(&mut app, &rx);
    let s = screen(&mut app);
    assert_eq!(
        right_cols(&s, 18, 21, 38),
        [
            "┌ Analysis · South to move ──────────┐",
            "│    8  loss -48 or worse (best)     │",
            "│    7  loss -48 or worse            │",
        ]
    );
    // South sows 8: the panel asks about North's position at once.
    keys(&mut app, "8");
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert_eq!(
        right_cols(&s, 19, 21, 38),
        [
            "┌ Analysis · North to move ──────────┐",
            "│Thinking...                         │",
        ]
    );
    let north = app.play().unwrap().game().legal_tokens();
    next_event(&mut app, &rx);
    let shown = app.analysis().cloned().unwrap();
    let mut listed: Vec<String> = shown.values.iter().map(|(t, _)| t.clone()).collect();
    listed.sort();
    let mut want = north.clone();
    want.sort();
    assert_eq!(listed, want, "every legal decision of North");
}

#[test]
fn hint_and_analysis_work_at_the_direction_prompt() {
    let (mut app, rx) = app("--holes 8 --race off --north human --instant");
    let g = direction_game();
    let options = g.pending().unwrap().options;
    app.load(g, Instant::now());
    app.set_analysis_depth(Some(4));
    keys(&mut app, "a");
    next_event(&mut app, &rx);
    let shown = app.analysis().cloned().unwrap();
    let mut listed: Vec<String> = shown.values.iter().map(|(t, _)| t.clone()).collect();
    listed.sort();
    let mut want = options.clone();
    want.sort();
    assert_eq!(listed, want, "the open directions");
    let s = screen(&mut app);
    assert!(has(&s, "Analysis · South to move"), "{s:#?}");
    // The hint is the panel's best line, at once.
    keys(&mut app, "i");
    let p = app.play().unwrap();
    let picked = &options[p.dir_pick()];
    assert!(
        app.status()
            .starts_with(&format!("Hint for South: {picked} (")),
        "{}",
        app.status()
    );
}

#[test]
fn searching_seats_play_the_ais_exact_decision_with_the_table_size_asked() {
    use masai_mancala::ai::{self, Player, Request};
    // Levels search a node budget: the seat's decision is reproducible.
    let (mut app, rx) = app(
        "--holes 8 --race off --instant --seed 11 --south ai:hard --north ai:medium --hash-mb 0",
    );
    for i in 0..6 {
        let game = app.play().unwrap().game().clone();
        let player = if game.to_move() == Side::South {
            Player::parse("hard")
        } else {
            Player::parse("medium")
        };
        let mut req = Request::new(player.unwrap(), app.ai_seed());
        req.hash_mb = Some(0);
        let want = ai::choose_token(&game, &req).unwrap().decision;
        assert_eq!(ai_turn(&mut app, &rx), want, "decision {}", i + 1);
    }
}

//! The play screen: the special move, the legend, the log's words and the key bar.

use super::harness::*;
use masai_mancala::app::{App, Screen};
use masai_mancala::app::{AppEvent, Done, Output};
use masai_mancala::app::{Geometry, Row};
use masai_mancala::engine::AnyGame;
use masai_mancala::engine::{Game, Quiet, Side};
use ratatui::crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use serde_json::json;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

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
        app.status(),
        "the special move is off (--special-move once or any)"
    );
    // Fewer than two holes to lift.
    let (mut app, _rx) = super::harness::app(
        "--holes 8 --race off --north human --instant --special-move any --layout '0 0 0 0 0 0 0 24'",
    );
    keys(&mut app, "x");
    assert_eq!(
        app.status(),
        "South cannot make the special move now: it needs two holes to lift (not empty, not a bull, in play)"
    );
    assert!(app.status_error());
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
    let c = app.play().unwrap().cursor;
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

#[test]
fn score_lines_are_never_cut_at_60_columns() {
    // Bao's board needs 66 columns: its smallest screen.
    for (args, w, h) in [
        ("enkeshui --holes 12 --race off --north human", 60, 20),
        (
            "enkeshui --holes 12 --race off --south ai:expert --north ai:easy",
            60,
            20,
        ),
        ("bao --north human", 66, 22),
    ] {
        let (mut app, _rx) = start(args);
        let s = screen_wh(&mut app, w, h);
        let scores: Vec<&String> = s
            .iter()
            .filter(|l| l.starts_with("North") || l.starts_with("South"))
            .filter(|l| l.contains("score") || l.contains("cows"))
            .collect();
        assert_eq!(scores.len(), 2, "{args}: {s:#?}");
        for l in scores {
            assert!(
                l.ends_with("score 24") || l.ends_with("cows 32"),
                "{args}: {l}"
            );
        }
    }
}

#[test]
fn a_long_en_gehe_board_too_tall_for_60x20_names_the_size_that_works() {
    let (mut app, _rx) = start("en-gehe --holes 50 --north human");
    let s = screen_wh(&mut app, 60, 20);
    assert_eq!(s[0], "terminal too small: need 60x27 (or 80x22)");
    let s = screen_wh(&mut app, 80, 22);
    assert!(s[0].starts_with("En Gehé 2x50"), "{s:#?}");
}

/// Issue 11, item 5: the analysis panel never covers the board. In every
/// game at 80x24 and 120x40, the board's lines (every hole and its label)
/// are the same with the panel on as without it, and the panel (or, with no
/// line free under the board, a note that it cannot be shown) is on screen.
#[test]
fn the_analysis_panel_never_covers_the_board() {
    use ratatui::layout::Rect;
    let games = [
        "enkeshui --holes 8 --race off --north human --instant",
        "enkeshui --holes 12 --race off --north human --instant",
        "en-gehe --north human --instant",
        "en-gehe --holes 50 --north human --instant",
        "bao --north human --instant",
    ];
    for line in games {
        for (w, h) in [(80, 24), (120, 40)] {
            let (mut app, rx) = start(line);
            app.set_analysis_depth(Some(1));
            let off = screen_wh(&mut app, w, h);
            keys(&mut app, "a");
            loop {
                let ev = rx
                    .recv_timeout(std::time::Duration::from_secs(20))
                    .expect("the analysis comes");
                let done = matches!(output(&ev), Some(Output::Analysis(_)));
                app.handle(ev, Instant::now());
                if done {
                    break;
                }
            }
            let on = screen_wh(&mut app, w, h);
            let game = app.play().unwrap().game();
            let board = masai_mancala::app::adapter(game)
                .layout(Rect::new(0, 0, w, h))
                .board;
            // The board and the score lines under it.
            let rows = board.y as usize..board.bottom() as usize + 2;
            assert_eq!(
                on[rows.clone()],
                off[rows],
                "{line} at {w}x{h}: the board changed with the panel on:\n{}",
                on.join("\n")
            );
            assert!(
                has(&on, "Analysis · South to move") || has(&on, "Analysis: too few lines here"),
                "{line} at {w}x{h}:\n{}",
                on.join("\n")
            );
        }
    }
}

/// Issue 11, item 10: the replay's status keeps what the keys just set
/// (autoplay and its speed) whole at 80 columns, and at 60 leaves out whole
/// parts from the end, never cutting one in the middle.
#[test]
fn the_replay_status_keeps_autoplay_whole_at_80_and_60_columns() {
    let (tx, _rx) = std::sync::mpsc::channel();
    let loaded = masai_mancala::app::load(
        std::path::Path::new("tests/fixtures/records/valid.json"),
        &Default::default(),
    )
    .expect("the record loads");
    let client = masai_mancala::cli::ClientArgs {
        speed: 90,
        ..Default::default()
    };
    let mut app = masai_mancala::app::App::replay(tx, loaded, client, PLAIN).unwrap();
    key(&mut app, KeyCode::End);
    key(&mut app, KeyCode::Left);
    keys(&mut app, "a");
    // The next step comes with autoplay on: the game's last decision.
    tick_until(&mut app, 200, |a| a.replay_step().0 == 17);
    assert_eq!(app.replay_step(), (17, 17));
    let s = screen_wh(&mut app, 80, 24);
    assert_eq!(
        s[22],
        "Replay: decision 17 of 17 · autoplay 90 ms a seed · Game over: North wins"
    );
    let s = screen_wh(&mut app, 60, 24);
    assert_eq!(s[22], "Replay: decision 17 of 17 · autoplay 90 ms a seed");
}

/// The value the status line gives the hint: "+1.8 seeds" of "(the AI rates it +1.8 seeds)".
fn hint_value(status: &str) -> String {
    let rest = status
        .split_once("(the AI rates it ")
        .unwrap_or_else(|| panic!("no hint in {status:?}"))
        .1;
    rest.split_once(')').expect("closed").0.to_string()
}

/// Issue 11 item 6: the hint and the analysis panel give one value, on one
/// scale, from one search; the hint is the panel's best line.
#[test]
fn the_hint_is_the_analysis_best_line_with_the_same_value() {
    // Panel on first: the hint comes from the panel's search, no second one.
    let (mut app, rx) = app(
        "--holes 8 --layout '2 0 0 0 0 1 0 1 0 0 3 0 2 5 0 34' --race off --south human --north human --instant",
    );
    app.set_analysis_depth(Some(6));
    keys(&mut app, "a");
    let ev = rx.recv_timeout(Duration::from_secs(10)).expect("analysis");
    app.handle(ev, Instant::now());
    keys(&mut app, "i");
    let s = screen(&mut app);
    assert!(has(&s, "│    1  +1.8 seeds (best)            │"), "{s:#?}");
    assert_eq!(
        s[22],
        "Hint for South: 1 (the AI rates it +1.8 seeds); Enter plays it"
    );
    assert!(
        rx.recv_timeout(Duration::from_millis(300)).is_err(),
        "no second search"
    );
    // Panel off: the hint's own search is the one the panel then shows.
    for game in [
        "enkeshui --holes 8 --layout '2 0 0 0 0 1 0 1 0 0 3 0 2 5 0 34' --race off --south human --north human --instant",
        "bao --north human --instant",
    ] {
        let (mut app, rx) = start(game);
        app.set_analysis_depth(Some(3));
        keys(&mut app, "i");
        let ev = rx.recv_timeout(Duration::from_secs(20)).expect("the hint");
        app.handle(ev, Instant::now());
        let value = hint_value(app.status());
        let token = app
            .status()
            .strip_prefix("Hint for South: ")
            .and_then(|s| s.split_once(' '))
            .map(|(t, _)| t.to_string())
            .unwrap();
        keys(&mut app, "a");
        let s = screen_wh(&mut app, 120, 40);
        let best = s
            .iter()
            .find(|l| l.contains("(best)"))
            .unwrap_or_else(|| panic!("{game}: the panel at once, no new search: {s:#?}"));
        assert!(
            best.contains(&format!(" {token}  {value} (best)")),
            "{game}: {best:?} vs {}",
            app.status()
        );
    }
}

/// Issue 11 item 16: `[` looks at the positions already played, clearly
/// marked, while nothing can be played there; `]` past the last one and Esc
/// return to the game as it is.
#[test]
fn earlier_positions_are_browsed_and_the_game_returns() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant");
    let start = board_lines(&screen(&mut app));
    // Nothing played yet: nothing to look at.
    keys(&mut app, "[");
    assert_eq!(
        app.status(),
        "Nothing played yet: no earlier position to look at"
    );
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    let after_one = board_lines(&screen(&mut app));
    keys(&mut app, "5");
    key(&mut app, KeyCode::Enter);
    let live = screen(&mut app);
    let turn = app.play().unwrap().game().turn();
    assert_eq!(app.play().unwrap().moves().len(), 2);
    keys(&mut app, "[");
    let s = screen(&mut app);
    // The position after the first move (its hole cursor is not drawn here).
    assert_eq!(without_cursor(&board_lines(&s)), without_cursor(&after_one));
    assert_eq!(
        s[0],
        format!("VIEWING turn 2 · decision 1 of 2 · the game is at turn {turn}")
    );
    assert!(
        has(
            &s,
            "An earlier position: no move here. Esc returns to the game"
        ),
        "{s:#?}"
    );
    assert_eq!(
        s[22],
        "Viewing turn 2: [ earlier, ] later, Esc returns to the game"
    );
    assert_eq!(
        s[23],
        "[/← earlier  ]/→ later  Esc back to the game  q quit  ? help"
    );
    // No move can be played here.
    keys(&mut app, "1");
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.play().unwrap().moves().len(), 2);
    assert_eq!(
        app.status(),
        "This position was played already: no move here. Esc returns to the game"
    );
    assert_eq!(
        without_cursor(&board_lines(&screen(&mut app))),
        without_cursor(&after_one)
    );
    keys(&mut app, "[");
    assert_eq!(
        without_cursor(&board_lines(&screen(&mut app))),
        without_cursor(&start)
    );
    keys(&mut app, "[");
    assert_eq!(
        app.status(),
        "This is the start of the game: ] later, Esc returns"
    );
    // ] steps forward, and past the last position played returns.
    keys(&mut app, "]]");
    let s = screen(&mut app);
    assert_eq!(
        s[22],
        format!("Back to the game: turn {turn}, South to move")
    );
    assert_eq!(s[..22], live[..22]);
    // Esc returns at once, from any position; the game goes on.
    keys(&mut app, "[[");
    key(&mut app, KeyCode::Esc);
    assert_eq!(board_lines(&screen(&mut app)), board_lines(&live));
    keys(&mut app, "1");
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.play().unwrap().moves().len(), 3);
}

/// While an earlier position is looked at, the AI goes on thinking and
/// plays on the live game.
#[test]
fn the_ai_plays_on_while_an_earlier_position_is_viewed() {
    let (mut app, rx) = app("--holes 8 --race off --north ai:easy --instant");
    let start = board_lines(&screen(&mut app));
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "[");
    let ev = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("the AI answers");
    app.handle(ev, Instant::now());
    let p = app.play().unwrap();
    assert_eq!(p.moves().len(), 2, "the AI played on the live game");
    let s = screen(&mut app);
    assert!(
        s[0].starts_with("VIEWING turn 1 · decision 0 of 2"),
        "{s:#?}"
    );
    assert_eq!(without_cursor(&board_lines(&s)), without_cursor(&start));
    key(&mut app, KeyCode::Esc);
    let s = screen(&mut app);
    assert!(!s[0].contains("VIEWING"), "{s:#?}");
    assert_eq!(app.ctx(), masai_mancala::app::Ctx::Play);
}

/// While an earlier position is viewed, the live game's prompt ("South to
/// move: pick a hole") does not show: the status says where one is.
#[test]
fn the_live_prompt_does_not_show_over_an_earlier_position() {
    let (mut app, rx) = app("--holes 8 --race off --north ai:easy --instant");
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "[");
    let ev = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("the AI answers");
    app.handle(ev, Instant::now());
    assert_eq!(app.status(), "South to move: pick a hole and press Enter");
    let s = screen(&mut app);
    assert_eq!(
        s[22],
        "Viewing turn 1: [ earlier, ] later, Esc returns to the game"
    );
}

#[test]
fn a_long_special_move_token_is_not_cut_in_the_move_list() {
    let (mut app, _rx) = app("--holes 12 --race off --north human --instant --special-move any");
    keys(&mut app, "x");
    // Lift South 2 and 3 (3 seeds each), drop three seeds into 5 and three into 8.
    for h in ["2", "3"] {
        keys(&mut app, h);
        key(&mut app, KeyCode::Enter);
    }
    for h in ["5", "5", "5", "8", "8", "8"] {
        keys(&mut app, h);
        key(&mut app, KeyCode::Enter);
    }
    let s = screen(&mut app);
    let moves: Vec<String> = s
        .iter()
        .filter_map(|l| l.split("││").nth(1))
        .map(|l| l.trim_end_matches('│').trim_end().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(
        moves,
        ["1. S x2,3=0,0,0,0,3,0,0,", "   3,0,0,0,0"],
        "{s:#?}"
    );
    // The token put back together is the move played.
    assert!(has(&s, "x2,3=0,0,0,0,3,0,0,3,0,0,0,0"), "{s:#?}");
}

/// An earlier position is only looked at: no hole is selected there, so
/// the board draws no cursor and the legend names no selected hole (it did,
/// as if a move could be picked).
#[test]
fn a_browsed_position_draws_no_hole_cursor() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant");
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    let live = screen(&mut app);
    // The live game selects a hole of North, who is to move.
    assert!(
        board_lines(&live).iter().any(|l| l.contains('[')),
        "{live:#?}"
    );
    keys(&mut app, "5");
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "[");
    let s = screen(&mut app);
    assert!(s[0].starts_with("VIEWING turn 2"), "{s:#?}");
    assert_eq!(
        without_cursor(&board_lines(&s)),
        without_cursor(&board_lines(&live))
    );
    assert!(!board_lines(&s).iter().any(|l| l.contains('[')), "{s:#?}");
    assert!(!has(&s, "= selected hole"), "{s:#?}");
    // Bao: no hole of the browsed position is selected either.
    let (mut app, _rx) = start("bao-la-kimasai --north human --instant");
    keys(&mut app, "1");
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "[");
    let s = screen(&mut app);
    assert!(s[0].starts_with("VIEWING turn 1"), "{s:#?}");
    assert!(!has(&s, "= selected hole"), "{s:#?}");
    assert!(!s[2..10].iter().any(|l| l.contains('[')), "{s:#?}");
}

/// Issue 11, item 10, in the replay viewer: its move list wraps a long
/// special-move token as the live list does, the whole turn highlighted,
/// instead of cutting it at the box's edge.
#[test]
fn a_long_special_move_token_is_not_cut_in_the_replays_move_list() {
    let (mut app, _rx) = app("--holes 12 --race off --north human --instant --special-move any");
    keys(&mut app, "x");
    for h in ["2", "3"] {
        keys(&mut app, h);
        key(&mut app, KeyCode::Enter);
    }
    for h in ["5", "5", "5", "8", "8", "8"] {
        keys(&mut app, h);
        key(&mut app, KeyCode::Enter);
    }
    // North answers with a sowing: the list goes on under the long token.
    key(&mut app, KeyCode::Enter);
    let mut viewer = replay_of(&app);
    key(&mut viewer, KeyCode::Right);
    let s = screen(&mut viewer);
    let moves: Vec<String> = s
        .iter()
        // The move list is the last box: its lines' text, the mark kept.
        .filter_map(|l| l.rsplit('│').nth(1))
        .map(|l| l.trim_end().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(
        moves,
        [">1. S x2,3=0,0,0,0,3,0,", "    0,3,0,0,0,0", " 2. N 2"],
        "{s:#?}"
    );
}

/// The replay viewer only shows a record: even where a person sat, no hole
/// is selected and the legend does not offer to sow one (it drew `[2]` and
/// "Enter sows" for the human seat to move).
#[test]
fn a_replay_of_a_hot_seat_game_selects_no_hole() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant");
    for h in ["3", "5"] {
        keys(&mut app, h);
        key(&mut app, KeyCode::Enter);
    }
    let live = screen(&mut app);
    assert!(
        board_lines(&live).iter().any(|l| l.contains('[')),
        "{live:#?}"
    );
    let mut viewer = replay_of(&app);
    for step in 0..3 {
        let s = screen(&mut viewer);
        assert!(s[0].starts_with("Replay"), "{s:#?}");
        assert!(
            !board_lines(&s).iter().any(|l| l.contains('[')),
            "step {step}: {s:#?}"
        );
        assert!(!has(&s, "= selected hole"), "step {step}: {s:#?}");
        assert!(!has(&s, "Enter sows"), "step {step}: {s:#?}");
        key(&mut viewer, KeyCode::Right);
    }
}

#[test]
fn arrows_and_two_digit_holes_move_the_cursor() {
    let (mut app, _rx) = app("--holes 12 --race off --north human");
    keys(&mut app, "12");
    assert_eq!(app.play().unwrap().cursor, 12);
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Char('h'));
    assert_eq!(app.play().unwrap().cursor, 10);
    key(&mut app, KeyCode::Char('l'));
    assert_eq!(app.play().unwrap().cursor, 11);
    let s = screen(&mut app);
    assert!(board_lines(&s)[3].ends_with("10 [11]   12"));
}

#[test]
fn an_illegal_hole_is_refused_with_the_engines_reason() {
    let (mut app, _rx) = app("--holes 8 --race off --north human");
    keys(&mut app, "1");
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert_eq!(s[22], "1: hole 1 is empty");
    assert_eq!(app.play().unwrap().game().turn(), 1);
}

#[test]
fn the_move_is_animated_seed_by_seed_and_can_be_skipped() {
    let (mut app, _rx) = app("--holes 12 --race off --north human");
    keys(&mut app, "5");
    key(&mut app, KeyCode::Enter);
    let t0 = Instant::now();
    // First frame: the lift.
    let s = screen(&mut app);
    assert!(s[0].contains("turn 1 · South sowing"), "{}", s[0]);
    assert!(has(&s, "South lifts 3 from South 5 (lap 1)"));
    assert_eq!(
        board_lines(&s)[2],
        "South     0    3    3    0    0    3    0    3    3    0    3    3"
    );
    // Tick through: one seed appears in hole 6.
    let d = app.deadline().expect("animating");
    app.tick(d.max(t0));
    let s = screen(&mut app);
    assert_eq!(
        board_lines(&s)[2],
        "South     0    3    3    0    0    4    0    3    3    0    3    3"
    );
    assert!(has(&s, "lap 1: 2 in hand"));
    keys(&mut app, "s");
    assert!(app.deadline().is_none(), "skipped: no more ticks");
    let s = screen(&mut app);
    assert_eq!(
        board_lines(&s)[2],
        "South     0    3    3    0    0    4    1 ◆ 4S    3    0    3    3"
    );
}

#[test]
fn undo_against_the_ai_goes_back_to_the_humans_decision_and_redo_returns() {
    let (mut app, rx) = app("--holes 8 --race off --instant --seed 3");
    let start = app.play().unwrap().enkeshui().unwrap().board().counts;
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    let after_mine = app.play().unwrap().enkeshui().unwrap().board().counts;
    let ai = ai_turn(&mut app, &rx);
    assert!(!ai.is_empty());
    assert_eq!(app.play().unwrap().game().to_move(), Side::South);
    let after_ai = app.play().unwrap().enkeshui().unwrap().board().counts;
    keys(&mut app, "u");
    let p = app.play().unwrap();
    assert_eq!(
        p.enkeshui().unwrap().board().counts,
        start,
        "back before my move, AI's undone too"
    );
    assert_eq!(p.game().turn(), 1);
    assert!(p.moves().is_empty());
    keys(&mut app, "r");
    let p = app.play().unwrap();
    // Redo skips to the next human decision: after the AI's reply.
    assert_eq!(p.enkeshui().unwrap().board().counts, after_ai);
    assert_ne!(after_mine, after_ai);
    assert_eq!(p.moves().len(), 2);
    let s = screen(&mut app);
    assert!(has(&s, "1. S 3"));
}

#[test]
fn hot_seat_undo_redo_one_decision_at_a_time() {
    let (mut app, _rx) = app("--holes 8 --race off --instant --north human");
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    let b1 = app.play().unwrap().enkeshui().unwrap().board().counts;
    // North sows the hole the cursor starts on: his first legal hole.
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.play().unwrap().moves().len(), 2, "{}", app.status());
    keys(&mut app, "u");
    assert_eq!(app.play().unwrap().enkeshui().unwrap().board().counts, b1);
    assert_eq!(app.play().unwrap().game().to_move(), Side::North);
    keys(&mut app, "r");
    assert_eq!(app.play().unwrap().moves().len(), 2);
    keys(&mut app, "r");
    assert_eq!(app.status(), "Nothing to redo");
}

#[test]
fn a_click_on_a_hole_sows_it() {
    let (mut app, _rx) = app("--holes 12 --race off --north human --instant");
    screen(&mut app);
    // Board is centred: 6 + 60 = 66 columns in 80 -> x from 7; South's counts on line 4.
    let g = Geometry::new(12, 66);
    let cell = g.cell(Rect::new(7, 2, 66, 4), Row::Bottom, 5);
    app.handle(
        AppEvent::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: cell.x + 3,
            row: cell.y,
            modifiers: KeyModifiers::NONE,
        }),
        Instant::now(),
    );
    let p = app.play().unwrap();
    assert_eq!(p.moves().len(), 1);
    assert_eq!(p.moves()[0].token, "5");
}

#[test]
fn the_direction_is_asked_in_place() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant");
    let g = direction_game();
    let pd = g.pending().unwrap();
    app.load(g.clone(), Instant::now());
    let s = screen(&mut app);
    let prompt = format!(
        "Lap {}: {} in hand from {} {}. Direction?",
        pd.lap,
        pd.in_hand,
        pd.lifted_from.side.title(),
        pd.lifted_from.hole
    );
    assert!(has(&s, &prompt), "{s:#?}");
    // From a South hole, ccw goes right on screen, cw left.
    let (left, right) = if pd.lifted_from.side == Side::South {
        ("cw", "ccw")
    } else {
        ("ccw", "cw")
    };
    assert!(
        has(&s, &format!("← {left}")) && has(&s, &format!("{right} →")),
        "{s:#?}"
    );
    // Pick the right-hand one and sow it.
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Enter);
    let p = app.play().unwrap();
    if pd.options.iter().any(|o| o == right) {
        assert_eq!(p.moves().last().unwrap().token, right);
    } else {
        assert!(app.status().contains("is not open"));
    }
}

#[test]
fn en_gehe_move_by_two_digits_and_enter_gives_the_engines_board() {
    let (mut app, _rx) = start("en-gehe --holes 50 --north human");
    keys(&mut app, "37");
    assert_eq!(app.play().unwrap().cursor, 37);
    key(&mut app, KeyCode::Enter);
    assert!(app.play().unwrap().anim.is_some());
    key(&mut app, KeyCode::Char('s'));
    assert!(app.play().unwrap().anim.is_none());
    // The same move played on the engine directly.
    let mut g = masai_mancala::engine::en_gehe::EnGehe::new(
        50,
        masai_mancala::engine::en_gehe::Rules {
            max_turns: masai_mancala::engine::en_gehe::DEFAULT_MAX_TURNS,
        },
    )
    .unwrap();
    let d = g.parse_decision("37").unwrap();
    g.play(&d, &mut Quiet).unwrap();
    let masai_mancala::engine::AnyGame::EnGehe(shown) = app.play().unwrap().game() else {
        panic!("not en gehe")
    };
    assert_eq!(shown.board().holes(), g.board().holes());
    let s = screen(&mut app);
    assert!(
        s[0].starts_with("En Gehé 2x50 · turn 2 · North to move"),
        "{s:#?}"
    );
    assert_eq!(
        trimmed(&s, 1, 15),
        [
            "50  49  48  47  46  45  44  43  42  41  40  39  38  37  36  35  34",
            "North    5   5   5   5   0   5   5   5   5   0   5   5   5   5   0   5   5",
            "South    0   5   5   5   5   0   5   5   5   5   0   5   5   5   5   0   5",
            "1   2   3   4   5   6   7   8   9  10  11  12  13  14  15  16  17",
            "",
            "33  32  31  30  29  28  27  26  25  24  23  22  21  20  19  18  17",
            "North    5   5   0   5   5   5   5   0   5   5   5   5   0   5   5   5   5",
            "South    5   5   5   0   5   5   5   5   0   5   5   5   5   0   5   5   5",
            "18  19  20  21  22  23  24  25  26  27  28  29  30  31  32  33  34",
            "",
            "16  15  14  13  12  11  10   9   8   7   6   5   4   3 [2]   1",
            "North    0   5   5   5   5   0   0   5   5   5   0   5   5   5   5   0",
            "South    5   0   1   6   6   6   0   5   5   5   5   0   5   5   5   5",
            "35  36  37  38  39  40  41  42  43  44  45  46  47  48  49  50",
        ]
    );
    assert!(
        has(&s, "South (human) · captured   6 · in row 199"),
        "{s:#?}"
    );
    assert_eq!(app.play().unwrap().moves().last().unwrap().token, "37");
}

#[test]
fn a_long_en_gehe_relay_is_animated_in_a_bounded_number_of_frames() {
    let (mut app, _rx) = start("en-gehe --holes 50 --north human");
    // Play moves until one makes a long animation; every one stays bounded.
    let mut rng_pick = 0usize;
    for _ in 0..40 {
        if app.screen() != Screen::Play {
            break;
        }
        let tokens = app.play().unwrap().game().legal_tokens();
        rng_pick = (rng_pick * 31 + 7) % tokens.len();
        app.decide(tokens[rng_pick].clone(), Instant::now());
        if let Some(a) = &app.play().unwrap().anim {
            assert!(a.frames.len() <= masai_mancala::app::MAX_TOTAL_FRAMES + 1);
        }
        key(&mut app, KeyCode::Char('s'));
    }
}

#[test]
fn bao_move_by_keys_gives_the_exact_board() {
    let (mut app, _rx) = start("bao --north human");
    let s = screen(&mut app);
    assert!(
        s[0].starts_with("Bao la Kimasai · turn 1 · South to move"),
        "{s:#?}"
    );
    assert!(has(
        &s,
        "South inner [  1]    1    1    1    1    1    1    1"
    ));
    assert!(has(
        &s,
        "Phase 1 · turn 1 · South to move · cows: South 32, North 32"
    ));
    // Down: South's outer row; Up: back to the inner row; 3: i3.
    key(&mut app, KeyCode::Down);
    assert_eq!(app.play().unwrap().cursor_token(), "o1");
    key(&mut app, KeyCode::Right);
    assert_eq!(app.play().unwrap().cursor_token(), "o2");
    key(&mut app, KeyCode::Up);
    keys(&mut app, "3");
    assert_eq!(app.play().unwrap().cursor_token(), "i3");
    key(&mut app, KeyCode::Enter);
    assert!(app.play().unwrap().anim.is_some());
    key(&mut app, KeyCode::Char('s'));
    let s = screen(&mut app);
    assert_eq!(trimmed(&s, 2, 11), BAO_AFTER_I3);
    assert!(has(&s, "1. S i3"));
    // The same move on the engine.
    let mut g = masai_mancala::engine::bao::Bao::new(masai_mancala::engine::bao::Rules {
        max_turns: masai_mancala::engine::bao::DEFAULT_MAX_TURNS,
    });
    let d = g.parse_decision("i3").unwrap();
    g.play(&d, &mut Quiet).unwrap();
    let masai_mancala::engine::AnyGame::BaoLaKimasai(shown) = app.play().unwrap().game() else {
        panic!("not bao")
    };
    assert_eq!(shown.counts(), g.counts());
    // North (at the top) plays o-holes by Up: his outer row is above.
    key(&mut app, KeyCode::Up);
    assert_eq!(app.play().unwrap().cursor_token(), "o1");
}

#[test]
fn a_click_on_a_bao_hole_sows_it() {
    let (mut app, _rx) = start("bao --north human --instant");
    let s = screen(&mut app);
    // South's inner row is the 8th line; i3 is the third cell after the labels.
    assert!(s[7].starts_with("       South inner [  1]"), "{s:#?}");
    let click = |app: &mut App, column: u16, row: u16| {
        app.handle(
            AppEvent::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column,
                row,
                modifiers: KeyModifiers::NONE,
            }),
            Instant::now(),
        );
    };
    // A North hole: refused.
    click(&mut app, 31, 4);
    assert!(app.status_error(), "{}", app.status());
    assert!(app.play().unwrap().moves().is_empty());
    click(&mut app, 31, 7);
    let p = app.play().unwrap();
    assert_eq!(p.moves().len(), 1, "{}", app.status());
    assert_eq!(p.moves()[0].token, "i3");
}

/// A click on Bao's board goes the way of the other games': while the AI
/// is to move it says so (it did nothing before), and sows nothing.
#[test]
fn a_click_on_bao_while_the_ai_is_to_move_says_so() {
    let (mut app, _rx) = start("bao --instant");
    screen(&mut app);
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.play().unwrap().moves().len(), 1, "{}", app.status());
    // North's o1, at the right end of the top row.
    app.handle(
        AppEvent::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 31,
            row: 4,
            modifiers: KeyModifiers::NONE,
        }),
        Instant::now(),
    );
    assert_eq!(app.status(), "North (AI) is to move");
    assert!(app.status_error());
    assert_eq!(app.play().unwrap().moves().len(), 1);
}

#[test]
fn a_slow_sowing_is_worked_out_off_the_screen_and_arrives_as_an_event() {
    let (mut app, rx) = start("bao --north human --instant");
    // Never wait: every decision comes back through the event channel.
    app.set_work_wait(Duration::ZERO);
    keys(&mut app, "3");
    let before = screen(&mut app);
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert_eq!(s[22], "Working out the sowing of i3...");
    assert_eq!(
        trimmed(&s, 2, 11),
        trimmed(&before, 2, 11),
        "the board waits"
    );
    // Input stays live: another Enter is refused, the help opens and closes.
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        app.status(),
        "Still working out the sowing of i3: wait, or u or Esc takes it back"
    );
    keys(&mut app, "?");
    assert!(app.help_scroll().is_some());
    key(&mut app, KeyCode::Esc);
    let ev = next_event(&mut app, &rx);
    assert!(matches!(output(&ev), Some(Output::Played { .. })), "{ev:?}");
    let s = screen(&mut app);
    assert_eq!(trimmed(&s, 2, 11), BAO_AFTER_I3);
    // The legal decisions came with it: the cursor is on North's first.
    let p = app.play().unwrap();
    assert_eq!(p.legal().unwrap(), &p.game().legal_tokens());
    // North sows, then undoes before the answer: the late answer is dropped.
    key(&mut app, KeyCode::Enter);
    assert!(app.play().unwrap().working.is_some());
    keys(&mut app, "u");
    assert!(app.play().unwrap().working.is_none());
    let ev = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("the late answer");
    assert!(matches!(output(&ev), Some(Output::Played { .. })), "{ev:?}");
    assert!(
        !app.handle(ev, Instant::now()),
        "a stale answer changes nothing"
    );
    // Only North's sowing (his i1) was taken back; u again undoes South's i3.
    assert_eq!(app.play().unwrap().moves().len(), 1);
    assert_eq!(
        app.status(),
        "Took back the sowing of i1: pick a hole and press Enter"
    );
    keys(&mut app, "u");
    assert_eq!(app.play().unwrap().moves().len(), 0);
    // A refused decision comes back the same way, with the engine's reason.
    keys(&mut app, "8");
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Enter);
    next_event(&mut app, &rx);
    assert_eq!(app.status(), "o8: hole o8 is empty");
    assert!(app.status_error());
    // Quitting works while a sowing is worked out.
    keys(&mut app, "3");
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "q");
    assert!(app.confirming_quit());
    keys(&mut app, "y");
    assert!(app.quitting());
}

#[test]
fn work_past_the_wait_is_posted_and_quick_work_is_returned() {
    use masai_mancala::app::{Post, Spawn, Started};
    let (tx, rx) = channel();
    let post = Post::new(move |d: Done<i32>| tx.send(d.output).unwrap());
    let slow = Spawn::new(1, post)
        .wait(Duration::from_millis(20))
        .run(|_| {
            std::thread::sleep(Duration::from_millis(300));
            7
        });
    assert!(
        matches!(slow, Started::Running(_)),
        "the UI did not wait for it"
    );
    assert_eq!(rx.recv_timeout(Duration::from_secs(10)), Ok(7));
    let (tx, rx) = channel::<i32>();
    let post = Post::new(move |d: Done<i32>| tx.send(d.output).unwrap());
    let quick = Spawn::new(2, post).wait(Duration::from_secs(10)).run(|_| 8);
    assert!(matches!(quick, Started::Done(8)), "{quick:?}");
    assert!(
        rx.recv_timeout(Duration::from_millis(200)).is_err(),
        "not posted too"
    );
}

#[test]
fn the_special_move_is_a_guided_redistribution() {
    let args = "--holes 8 --race off --north human --instant --special-move once";
    let (mut app, _rx) = app(args);
    keys(&mut app, "x");
    assert_eq!(
        app.status(),
        "Special move: lift two holes (Enter on each), Esc cancels"
    );
    // Lift South 3 and 5 (4 seeds each), then drop the 8 seeds one by one.
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "5");
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        app.status(),
        "8 seeds in hand: drop them one by one with Enter (Backspace takes one back)"
    );
    for h in ["1", "1", "2", "2", "3", "3", "8", "8"] {
        keys(&mut app, h);
        key(&mut app, KeyCode::Enter);
    }
    // The eighth seed made the move; North's cursor is on his first hole.
    let s = screen(&mut app);
    assert_eq!(
        board_lines(&s),
        [
            "8    7    6    5    4  [3]    2    1",
            "North     4    4    4    4    4    4    0    0",
            "South     2    2    2    4    0    4    4    6",
            "1    2    3    4    5    6    7    8",
        ]
    );
    assert!(has(&s, "South made the special move x3,5=2,2,2,0,0,0,0,2"));
    assert!(s[0].contains("turn 2 · North to move"), "{}", s[0]);
    // Once per player: after North's move South cannot make it again.
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "x");
    assert_eq!(
        app.status(),
        "South cannot make the special move now: it is allowed once a game, and it was made already"
    );
    assert!(app.status_error());

    // Halfway, the board shows the row as it is being rebuilt.
    let (mut app, _rx) = crate::app(args);
    keys(&mut app, "x");
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "5");
    key(&mut app, KeyCode::Enter);
    for h in ["1", "1", "2", "2", "3", "3", "8"] {
        keys(&mut app, h);
        key(&mut app, KeyCode::Enter);
    }
    keys(&mut app, "7");
    key(&mut app, KeyCode::Backspace);
    assert_eq!(app.status(), "No seed was dropped into hole 7");
    keys(&mut app, "8");
    key(&mut app, KeyCode::Backspace);
    assert_eq!(app.status(), "2 seeds in hand");
    keys(&mut app, "7");
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert_eq!(
        board_lines(&s)[2],
        "South     2    2    2    4    0    4    5    4"
    );
    assert_eq!(
        s[9],
        "Special move: lifted 3 and 5 · 1 in hand · Enter drops on hole 7"
    );
    assert_eq!(s[22], "1 seed in hand");
    // Esc gives it up: the row is back as it was.
    key(&mut app, KeyCode::Esc);
    let s = screen(&mut app);
    assert_eq!(
        board_lines(&s)[2],
        "South     0    0    4    4    4    4    4    4"
    );

    // A row that comes out the same is refused and the seeds come back to hand.
    let (mut app, _rx) = crate::app(args);
    keys(&mut app, "x");
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "4");
    key(&mut app, KeyCode::Enter);
    for h in ["3", "3", "3", "3", "4", "4", "4", "4"] {
        keys(&mut app, h);
        key(&mut app, KeyCode::Enter);
    }
    assert!(app.status_error(), "{}", app.status());
    assert!(
        app.status().contains("must change the row"),
        "{}",
        app.status()
    );
    let p = app.play().unwrap();
    assert_eq!(p.special.as_ref().unwrap().in_hand, 8);
    assert!(p.moves().is_empty());
}

#[test]
fn an_endless_en_gehe_sowing_is_worked_out_while_the_screen_goes_on() {
    // RULES.md: 2x8 after 7 1 2 5, South's hole 6 repeats every 5,589,754
    // laps. Deciding it takes tens of milliseconds, close to the UI's wait, so
    // the screen is told not to wait at all: the answer must come as an event.
    let (mut app, rx) = start("en-gehe --holes 8 --north human --instant");
    for k in ["7", "1", "2", "5"] {
        keys(&mut app, k);
        key(&mut app, KeyCode::Enter);
    }
    app.set_work_wait(Duration::ZERO);
    keys(&mut app, "6");
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert_eq!(s[22], "Working out the sowing of 6...");
    let ev = next_event(&mut app, &rx);
    assert!(matches!(output(&ev), Some(Output::Played { .. })), "{ev:?}");
    assert_eq!(
        app.status(),
        "6: sowing hole 6 would never end (it repeats every 5589754 laps)"
    );
    assert!(app.status_error());
    assert_eq!(app.play().unwrap().moves().len(), 4);
}

#[test]
fn a_long_sowing_is_taken_back_with_u_or_esc_and_another_hole_sown() {
    // South's 7 relays for 366,567,028 laps before its state repeats (docs/RULES.md).
    let study = fixture("long-sowing-study.json");
    let study = study.to_str().unwrap();
    let (mut app, rx) = start(&format!(
        "en-gehe --position '{study}' --north human --instant"
    ));
    app.set_work_wait(Duration::ZERO);
    keys(&mut app, "7");
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.status(), "Working out the sowing of 7...");
    // The status line counts the laps checked so far.
    let t = Instant::now();
    while !app
        .status()
        .ends_with(" laps checked (u or Esc takes it back)")
    {
        assert!(t.elapsed() < Duration::from_secs(60), "{}", app.status());
        std::thread::sleep(Duration::from_millis(50));
        app.tick(Instant::now() + Duration::from_secs(1));
    }
    let laps = app
        .status()
        .strip_prefix("Working out the sowing of 7: ")
        .and_then(|l| l.strip_suffix(" laps checked (u or Esc takes it back)"))
        .expect("the progress line");
    assert!(laps.replace(',', "").parse::<u64>().unwrap() > 0, "{laps}");
    let s = screen(&mut app);
    assert_eq!(s[22], app.status());
    key(&mut app, KeyCode::Enter);
    assert!(
        app.status()
            .starts_with("Still working out the sowing of 7 (")
            && app
                .status()
                .ends_with(" laps checked): wait, or u or Esc takes it back"),
        "{}",
        app.status()
    );
    // Before the fix: "Nothing to undo", and the sowing went on being worked out.
    keys(&mut app, "u");
    assert_eq!(
        app.status(),
        "Took back the sowing of 7: pick a hole and press Enter"
    );
    assert!(app.play().unwrap().working.is_none());
    let s = screen(&mut app);
    assert_eq!(
        s[22],
        "Took back the sowing of 7: pick a hole and press Enter"
    );
    keys(&mut app, "7");
    key(&mut app, KeyCode::Enter);
    assert!(app.play().unwrap().working.is_some());
    key(&mut app, KeyCode::Esc);
    assert_eq!(
        app.status(),
        "Took back the sowing of 7: pick a hole and press Enter"
    );
    // Another hole is sown. The two sowings of 7 were cancelled: their
    // answers say so, whenever they come, and change nothing.
    keys(&mut app, "2");
    key(&mut app, KeyCode::Enter);
    let mut cancelled = 0;
    while cancelled < 2 || app.play().unwrap().moves().is_empty() {
        let ev = rx
            .recv_timeout(Duration::from_secs(120))
            .expect("the background work answers");
        if let AppEvent::Job(Done {
            output: Output::Played { ref decided },
            ..
        }) = ev
            && decided.token == "7"
        {
            assert_eq!(
                decided.result.as_ref().err().map(String::as_str),
                Some("7: cancelled")
            );
            assert!(!app.handle(ev, Instant::now()));
            cancelled += 1;
        } else {
            app.handle(ev, Instant::now());
        }
    }
    let p = app.play().unwrap();
    let moves: Vec<&str> = p.moves().iter().map(|m| m.token.as_str()).collect();
    assert_eq!(moves, ["2"]);
    assert_eq!(
        p.log().last().unwrap(),
        "South sowed 2, relayed 7 laps and ended in the empty North 4"
    );
    assert_eq!(app.status(), "North to move: pick a hole and press Enter");
    assert_eq!(app.play().unwrap().moves().len(), 1);
}

#[test]
fn the_direction_prompt_takes_quit_undo_redo_and_its_laps_are_told_truly() {
    // issue 11, item 3: North's 7 crosses South's row; then he chooses each lap's direction.
    let (mut app, _rx) = app("--race off --north human --instant");
    for t in "3 1 1 3 6 4 7 1 6 4 7 5 4 4 6 8 3 7".split(' ') {
        assert!(app.decide(t.to_string(), Instant::now()));
    }
    let s = screen(&mut app);
    assert_eq!(
        s[9],
        "Lap 2: 3 in hand from South 8. Direction? [← cw]   ccw →"
    );
    assert_eq!(
        s[23],
        "←/h left  →/l right  Enter/Space sow  u undo  q quit  ? help"
    );
    // The lap animates from the seeds in hand (before the fix: "lap 0", "in hand 0").
    app.set_instant(false);
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert_eq!(
        s[9],
        "North sows on cw · lap 2 · in hand 3 · s skips, +/- speed"
    );
    assert!(
        has(
            &s,
            "North (human)       captured  3 · bulls 2 (17 seeds) · in hand  3 · score 28"
        ),
        "{s:#?}"
    );
    let next = app.play().unwrap().anim.as_ref().unwrap().next_at;
    app.tick(next);
    let s = screen(&mut app);
    assert_eq!(s[9], "lap 2: 2 in hand · s skips, +/- speed");
    keys(&mut app, "s");
    // The lap crossed nothing: it ended on 3 seeds (before: "crossed South's row").
    let p = app.play().unwrap();
    assert_eq!(
        p.log()[p.log().len() - 2..],
        [
            "North sowed 7 and crossed South's row",
            "North sowed on cw and ended on 3 at South 5"
        ]
    );
    let s = screen(&mut app);
    assert_eq!(
        s[9],
        "Lap 3: 3 in hand from South 5. Direction? [← cw]   ccw →"
    );
    // u goes back to the start of North's turn, past the earlier prompt.
    keys(&mut app, "u");
    assert_eq!(app.status(), "North to move: pick a hole and press Enter");
    let p = app.play().unwrap();
    assert!(p.game().pending().is_none());
    assert_eq!(p.moves().len(), 17);
    assert_eq!(p.game().to_move(), Side::North);
    // r brings the turn back to its prompt; q asks to quit there.
    keys(&mut app, "r");
    assert_eq!(app.play().unwrap().moves().len(), 19);
    let s = screen(&mut app);
    assert_eq!(
        s[9],
        "Lap 3: 3 in hand from South 5. Direction? [← cw]   ccw →"
    );
    keys(&mut app, "q");
    assert!(app.confirming_quit());
    keys(&mut app, "y");
    assert!(app.quitting());
}

#[test]
fn results_are_told_when_the_animation_reaches_them() {
    // issue 11, item 2: "made a bull" was in the log and the status while the seeds still moved.
    let (mut app, _rx) = app("--holes 12 --race off --north human");
    keys(&mut app, "5");
    key(&mut app, KeyCode::Enter);
    assert!(app.play().unwrap().anim.is_some());
    let s = screen(&mut app);
    assert!(!s.iter().any(|l| l.contains("bull on")), "{s:#?}");
    assert_eq!(app.status(), "South sows 5...");
    assert!(has(&s, "│South moves first."), "{s:#?}");
    // The end of the animation tells it.
    keys(&mut app, "s");
    let s = screen(&mut app);
    assert!(
        has(&s, "South sowed 5 and made a bull on South 8"),
        "{s:#?}"
    );
    assert_eq!(app.status(), "North to move: pick a hole and press Enter");
}

/// The screen's lines from `from` on, as one text (the wrapped lines joined).
fn text_from(s: &[String], from: usize) -> String {
    s[from..]
        .iter()
        .map(|l| l.trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Issue 21 item 15: a status longer than the line wraps onto the line
/// above instead of being cut, at 80 and 60 columns; the key bar stays.
#[test]
fn a_long_status_wraps_whole_at_80_and_60_columns() {
    let (mut app, _rx) = super::harness::app(
        "--holes 8 --race off --north human --instant --special-move any --layout '0 0 0 0 0 0 0 24'",
    );
    keys(&mut app, "x");
    let why = "South cannot make the special move now: it needs two holes to lift (not empty, not a bull, in play)";
    assert_eq!(app.status(), why);
    for (w, h) in [(80, 24), (60, 20)] {
        let s = screen_wh(&mut app, w, h);
        let h = h as usize;
        assert!(
            text_from(&s, h - 4).contains(why),
            "{w}x{h}: {:#?}",
            &s[h - 4..]
        );
        assert!(s[h - 1].ends_with("? help"), "{w}x{h}: {s:#?}");
    }
}

/// Issue 21 item 15: the game-over message, whole at 80 columns.
#[test]
fn the_game_over_message_shows_whole_at_80_columns() {
    let (mut app, _rx) = super::harness::app("--holes 8 --race off --north human --instant");
    play_to_the_end(&mut app);
    let msg = app.status().to_string();
    assert!(msg.starts_with("Game over: "), "{msg}");
    assert!(msg.chars().count() > 80, "{msg}");
    let s = screen(&mut app);
    assert!(text_from(&s, 20).contains(&msg), "{msg}\n{s:#?}");
}

/// Issue 21 item 15: at 60 columns the key bars keep their essential keys
/// (the menu's saved games, quitting, the help) and leave out others first.
#[test]
fn narrow_key_bars_keep_the_essential_keys() {
    let (mut app, _rx) = super::harness::menu();
    let s = screen_wh(&mut app, 60, 20);
    assert_eq!(
        s[19].trim_end(),
        "↓/j option →/l value Enter start q quit o saved games ? help"
    );
    let (mut app, _rx) = super::harness::app("--holes 8 --race off --north human");
    let s = screen_wh(&mut app, 60, 20);
    assert_eq!(
        s[19].trim_end(),
        "←/h move 0-9 hole Enter sow u undo i hint q quit ? help"
    );
}

/// Issue 21 item 16: in En Gehé at 80x24 (two lines under the board) the
/// analysis panel takes the log's and the move list's place and lists the
/// decisions in columns, not one and "... 39 more".
#[test]
fn the_analysis_panel_has_room_in_en_gehe_at_80x24() {
    let (mut app, rx) = start("en-gehe --north human --instant");
    app.set_analysis_depth(Some(1));
    keys(&mut app, "a");
    loop {
        let ev = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("the analysis comes");
        let done = matches!(output(&ev), Some(Output::Analysis(_)));
        app.handle(ev, Instant::now());
        if done {
            break;
        }
    }
    let n = app.analysis().unwrap().values.len();
    assert_eq!(n, 40);
    let s = screen(&mut app);
    let top = s
        .iter()
        .position(|l| l.starts_with("┌ Analysis · South to move "))
        .unwrap_or_else(|| panic!("{s:#?}"));
    let body = &s[top + 1..s.len() - 3];
    let shown = body
        .iter()
        .map(|l| l.matches(" seeds").count())
        .sum::<usize>();
    assert!(shown >= 6, "{s:#?}");
    let more = format!("... {} more", n - shown);
    assert!(body.iter().any(|l| l.contains(&more)), "{more}: {s:#?}");
    assert!(!has(&s, "┌ Log"), "the panel is in the log's place: {s:#?}");
}

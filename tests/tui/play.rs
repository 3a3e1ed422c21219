//! The play screen: the special move, the legend, the log's words and the key bar.

use super::harness::*;
use masai_mancala::engine::AnyGame;
use ratatui::crossterm::event::KeyCode;
use serde_json::json;
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
    use masai_mancala::app::AppEvent;
    use masai_mancala::app::PlayLayout;
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
            app.analysis_depth = Some(1);
            let off = screen_wh(&mut app, w, h);
            keys(&mut app, "a");
            loop {
                let ev = rx
                    .recv_timeout(std::time::Duration::from_secs(20))
                    .expect("the analysis comes");
                let done = matches!(ev, AppEvent::Analysis { .. });
                app.handle(ev, Instant::now());
                if done {
                    break;
                }
            }
            let on = screen_wh(&mut app, w, h);
            let game = &app.play.as_ref().unwrap().game;
            let board = PlayLayout::for_game(Rect::new(0, 0, w, h), game).board;
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
    app.analysis_depth = Some(6);
    keys(&mut app, "a");
    let ev = rx.recv_timeout(Duration::from_secs(10)).expect("analysis");
    app.handle(ev, Instant::now());
    keys(&mut app, "i");
    let s = screen(&mut app);
    assert!(has(&s, "│    1  +1.8 seeds (best)      │"), "{s:#?}");
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
        app.analysis_depth = Some(3);
        keys(&mut app, "i");
        let ev = rx.recv_timeout(Duration::from_secs(20)).expect("the hint");
        app.handle(ev, Instant::now());
        let value = hint_value(&app.status);
        let token = app
            .status
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
            app.status
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
        app.status,
        "Nothing played yet: no earlier position to look at"
    );
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    let after_one = board_lines(&screen(&mut app));
    keys(&mut app, "5");
    key(&mut app, KeyCode::Enter);
    let live = screen(&mut app);
    let turn = app.play.as_ref().unwrap().game.turn();
    assert_eq!(app.play.as_ref().unwrap().moves.len(), 2);
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
    assert_eq!(app.play.as_ref().unwrap().moves.len(), 2);
    assert_eq!(
        app.status,
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
        app.status,
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
    assert_eq!(app.play.as_ref().unwrap().moves.len(), 3);
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
    let p = app.play.as_ref().unwrap();
    assert_eq!(p.moves.len(), 2, "the AI played on the live game");
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
    assert_eq!(app.status, "South to move: pick a hole and press Enter");
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
    let record = app.record().expect("a record");
    let loaded = masai_mancala::app::load_from_record(
        std::path::Path::new("special.json"),
        record,
        &Default::default(),
    )
    .expect("the record loads");
    let (tx, _rx) = std::sync::mpsc::channel();
    let mut viewer =
        masai_mancala::app::App::replay(tx, loaded, Default::default(), PLAIN).unwrap();
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
    let loaded = masai_mancala::app::load_from_record(
        std::path::Path::new("hot-seat.json"),
        app.record().expect("a record"),
        &Default::default(),
    )
    .expect("the record loads");
    let (tx, _rx) = std::sync::mpsc::channel();
    let mut viewer =
        masai_mancala::app::App::replay(tx, loaded, Default::default(), PLAIN).unwrap();
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

//! The play screen: the special move, the legend, the log's words and the key bar.

mod browse;
mod special;
mod work;

use super::harness::*;
use masai_mancala::app::{App, Screen};
use masai_mancala::app::{AppEvent, Output};
use masai_mancala::app::{Geometry, Row};
use masai_mancala::engine::AnyGame;
use masai_mancala::engine::{Game, Quiet, Side};
use masai_mancala::session::job::Done;
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
fn the_legend_names_the_hole_selected_and_the_marks_on_the_board() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant");
    let s = screen(&mut app);
    assert!(s[9].starts_with("[3] = selected hole"), "{}", s[9]);
    key(&mut app, KeyCode::Right);
    let c = app.play().unwrap().cursor();
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
    let loaded = masai_mancala::session::load::load(
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
    assert_eq!(app.play().unwrap().cursor(), 12);
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Char('h'));
    assert_eq!(app.play().unwrap().cursor(), 10);
    key(&mut app, KeyCode::Char('l'));
    assert_eq!(app.play().unwrap().cursor(), 11);
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
    assert_eq!(app.play().unwrap().cursor(), 37);
    key(&mut app, KeyCode::Enter);
    assert!(app.play().unwrap().anim().is_some());
    key(&mut app, KeyCode::Char('s'));
    assert!(app.play().unwrap().anim().is_none());
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
        if let Some(a) = app.play().unwrap().anim() {
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
    assert!(app.play().unwrap().anim().is_some());
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
    // Issue 40 item 3: the hint and the analysis act here, and are listed.
    assert_eq!(
        s[23],
        "←/h left  →/l right  Enter/Space sow  u undo  i hint  a analysis  q quit  ? help"
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
    let next = app.play().unwrap().anim().unwrap().next_at;
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
    assert!(app.play().unwrap().anim().is_some());
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
    // A move made: `u undo` is on the bar once there is one to take back.
    app.decide("3".into(), Instant::now());
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

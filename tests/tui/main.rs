//! The terminal client on a `TestBackend`: what a player sees after each key,
//! one module per screen over one harness.

mod harness;
mod menu;
mod play;
mod race;
mod review;

use harness::*;

use masai_mancala::app::AppEvent;
use masai_mancala::app::{App, Screen};
use masai_mancala::app::{BaoBoard, BaoModel, BaoSide};
use masai_mancala::app::{Geometry, Row, TwoRowBoard};
use masai_mancala::app::{Palette, Theme};
use masai_mancala::engine::enkeshui::Enkeshui;
use masai_mancala::engine::{Game, Quiet, Side};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

#[test]
fn enkeshui_2x8_start_reads_like_the_board() {
    let (mut app, _rx) = app("--holes 8 --race off --north human");
    let s = screen(&mut app);
    assert_eq!(
        board_lines(&s),
        [
            "8    7    6    5    4    3    2    1",
            "North     4    4    4    4    4    4    0    0",
            "South     0    0    4    4    4    4    4    4",
            "1    2  [3]    4    5    6    7    8",
        ]
    );
    assert!(s[0].starts_with("Enkeshui 2x8 (8-left-empty) · turn 1 · South to move"));
    assert!(has(
        &s,
        "South (human)       captured  0 · bulls 0 (0 seeds) · in hand  0 · score 24"
    ));
}

#[test]
fn enkeshui_2x12_start_and_a_move() {
    let (mut app, _rx) = app("--holes 12 --race off --north human --instant");
    let s = screen(&mut app);
    assert_eq!(
        board_lines(&s),
        [
            "12   11   10    9    8    7    6    5    4    3    2    1",
            "North     3    3    0    3    3    0    3    3    0    3    3    0",
            "South     0    3    3    0    3    3    0    3    3    0    3    3",
            "1  [2]    3    4    5    6    7    8    9   10   11   12",
        ]
    );
    // Select hole 5 by its number and sow it: 3 seeds into 6, 7, 8; 8 had 3,
    // 7 had 3 -> the last two drops make 4 and 1? 6: 3->4? No: 6 holds 3,
    // 7 holds 0, 8 holds 3: drops make 6=4, 7=1, 8=4: the last hole holds 4, a bull.
    keys(&mut app, "5");
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert_eq!(
        board_lines(&s)[2],
        "South     0    3    3    0    0    4    1 ◆ 4S    3    0    3    3"
    );
    assert!(has(&s, "South sowed 5 and made a bull on South 8"));
    assert!(has(&s, "1. S 5"));
    assert!(s[0].contains("turn 2 · North to move"));
}

#[test]
fn arrows_and_two_digit_holes_move_the_cursor() {
    let (mut app, _rx) = app("--holes 12 --race off --north human");
    keys(&mut app, "12");
    assert_eq!(app.play.as_ref().unwrap().cursor, 12);
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Char('h'));
    assert_eq!(app.play.as_ref().unwrap().cursor, 10);
    key(&mut app, KeyCode::Char('l'));
    assert_eq!(app.play.as_ref().unwrap().cursor, 11);
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
    assert_eq!(app.play.as_ref().unwrap().game.turn(), 1);
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
    let start = app
        .play
        .as_ref()
        .unwrap()
        .enkeshui()
        .unwrap()
        .board()
        .counts;
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    let after_mine = app
        .play
        .as_ref()
        .unwrap()
        .enkeshui()
        .unwrap()
        .board()
        .counts;
    let ai = ai_turn(&mut app, &rx);
    assert!(!ai.is_empty());
    assert_eq!(app.play.as_ref().unwrap().game.to_move(), Side::South);
    let after_ai = app
        .play
        .as_ref()
        .unwrap()
        .enkeshui()
        .unwrap()
        .board()
        .counts;
    keys(&mut app, "u");
    let p = app.play.as_ref().unwrap();
    assert_eq!(
        p.enkeshui().unwrap().board().counts,
        start,
        "back before my move, AI's undone too"
    );
    assert_eq!(p.game.turn(), 1);
    assert!(p.moves.is_empty());
    keys(&mut app, "r");
    let p = app.play.as_ref().unwrap();
    // Redo skips to the next human decision: after the AI's reply.
    assert_eq!(p.enkeshui().unwrap().board().counts, after_ai);
    assert_ne!(after_mine, after_ai);
    assert_eq!(p.moves.len(), 2);
    let s = screen(&mut app);
    assert!(has(&s, "1. S 3"));
}

#[test]
fn hot_seat_undo_redo_one_decision_at_a_time() {
    let (mut app, _rx) = app("--holes 8 --race off --instant --north human");
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    let b1 = app
        .play
        .as_ref()
        .unwrap()
        .enkeshui()
        .unwrap()
        .board()
        .counts;
    // North sows the hole the cursor starts on: his first legal hole.
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.play.as_ref().unwrap().moves.len(), 2, "{}", app.status);
    keys(&mut app, "u");
    assert_eq!(
        app.play
            .as_ref()
            .unwrap()
            .enkeshui()
            .unwrap()
            .board()
            .counts,
        b1
    );
    assert_eq!(app.play.as_ref().unwrap().game.to_move(), Side::North);
    keys(&mut app, "r");
    assert_eq!(app.play.as_ref().unwrap().moves.len(), 2);
    keys(&mut app, "r");
    assert_eq!(app.status, "Nothing to redo");
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
    let p = app.play.as_ref().unwrap();
    assert_eq!(p.moves.len(), 1);
    assert_eq!(p.moves[0].token, "5");
}

/// A game with South to choose a direction (found by random play).
fn direction_game() -> Enkeshui {
    use rand::SeedableRng;
    let base = setup("--holes 8 --race off").args.game().unwrap();
    for seed in 0..2000u64 {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut g = base.clone();
        for _ in 0..200 {
            if g.pending().is_some() && g.to_move() == Side::South {
                return g;
            }
            if g.play_random(&mut rng, &mut Quiet).is_none() {
                break;
            }
        }
    }
    panic!("no direction choice found");
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
    let p = app.play.as_ref().unwrap();
    if pd.options.iter().any(|o| o == right) {
        assert_eq!(p.moves.last().unwrap().token, right);
    } else {
        assert!(app.status.contains("is not open"));
    }
}

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
    // Scroll to the rules (past the bindings of every screen).
    for _ in 0..65 {
        key(&mut app, KeyCode::Down);
    }
    let s = screen_wh(&mut app, 80, 60);
    assert!(has(&s, "Rules of Enkeshui"), "{s:#?}");
    key(&mut app, KeyCode::Esc);
    assert!(app.help_scroll().is_none());
}

#[test]
fn game_over_shows_the_breakdown_and_offers_a_rematch() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant");
    // Play random legal moves until the end.
    use rand::SeedableRng;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    for _ in 0..3000 {
        if app.screen == Screen::Over {
            break;
        }
        let g = app.play.as_ref().unwrap().enkeshui().unwrap().clone();
        let d = g.random_decision(&mut rng).expect("a move");
        app.decide(d.to_string(), Instant::now());
    }
    assert_eq!(app.screen, Screen::Over);
    let g = app.play.as_ref().unwrap().enkeshui().unwrap().clone();
    let masai_mancala::engine::Status::Over(o) = g.status() else {
        panic!()
    };
    let s = screen(&mut app);
    assert!(has(&s, "Game over"));
    assert!(has(&s, "captured  own row  bulls  total"));
    let b = g.board();
    for side in [Side::South, Side::North] {
        let row = format!(
            "{:<8}{:>9}{:>9}{:>7}{:>7}",
            side.title(),
            g.captured()[side],
            b.free_seeds(side),
            b.bull_seeds(side),
            o.score[side]
        );
        assert!(has(&s, &row), "{row} in {s:#?}");
    }
    assert!(has(
        &s,
        &format!("South {} to North {}", o.score.south, o.score.north)
    ));
    assert!(has(
        &s,
        "r rematch / next game    n new game    u undo    q quit"
    ));
    keys(&mut app, "r");
    assert_eq!(app.screen, Screen::Play);
    assert_eq!(app.play.as_ref().unwrap().game.turn(), 1);
}

#[test]
fn too_small_terminal_says_what_it_needs_and_resizing_is_safe() {
    let (mut app, _rx) = app("--holes 12 --race off");
    let s = screen_wh(&mut app, 40, 10);
    assert_eq!(s[0], "terminal too small: need 60x20");
    for (w, h) in [(1, 1), (0, 0), (59, 30), (60, 20), (200, 60), (80, 24)] {
        app.handle(AppEvent::Resize(w, h), Instant::now());
        screen_wh(&mut app, w.max(1), h.max(1));
    }
    let s = screen_wh(&mut app, 60, 20);
    assert!(s[0].starts_with("Enkeshui 2x12"));
}

#[test]
fn quit_asks_while_a_game_is_on() {
    let (mut app, _rx) = app("--holes 8 --race off");
    keys(&mut app, "q");
    assert!(app.confirming_quit() && !app.quit);
    let s = screen(&mut app);
    assert!(has(&s, "A game is in progress. Quit?"));
    keys(&mut app, "n");
    assert!(!app.confirming_quit() && !app.quit);
    keys(&mut app, "qy");
    assert!(app.quit);
}

#[test]
fn no_color_and_ascii() {
    let (tx, _rx) = channel();
    let theme = Theme {
        color: false,
        ascii: true,
        palette: Palette::Dark,
    };
    let mut app = App::with_game(
        tx,
        setup("--holes 12 --race off --north human --instant"),
        theme,
        Instant::now(),
    )
    .unwrap();
    keys(&mut app, "5");
    key(&mut app, KeyCode::Enter);
    let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
    masai_mancala::app::draw(&mut term, &mut app).unwrap();
    let buf = term.backend().buffer();
    let lines = lines_of(buf);
    assert_eq!(
        board_lines(&lines)[2],
        "South     0    3    3    0    0    4    1 * 4S    3    0    3    3"
    );
    for c in buf.content() {
        assert_eq!(
            c.fg,
            ratatui::style::Color::Reset,
            "no colour with NO_COLOR"
        );
    }
}

#[test]
fn a_2x50_board_folds_into_bands_that_keep_opposite_holes_aligned() {
    let model = masai_mancala::app::model_2x50();
    let area = Rect::new(0, 0, 80, 16);
    let mut buf = Buffer::empty(area);
    TwoRowBoard {
        model: &model,
        theme: PLAIN,
    }
    .render(area, &mut buf);
    let l = lines_of(&buf);
    assert!(l.iter().all(|x| x.chars().count() <= 80));
    // 3 bands of 17, 17 and 16 columns, 4 lines each with a blank between.
    assert_eq!(Geometry::new(50, 80).bands, 3);
    assert!(l[0].trim_start().starts_with("50  49  48"));
    assert!(l[3].trim_start().starts_with("1   2   3"));
    assert!(l[5].trim_start().starts_with("33  32"));
    assert!(l[8].trim_start().starts_with("18  19"));
    assert!(l[13].trim_end().ends_with("48  49  50"));
    // Bottom hole k and top hole 51-k share a column: check every column's numbers.
    for band in 0..3 {
        let top = &l[band * 5];
        let bottom = &l[band * 5 + 3];
        for k in 0..17 {
            let col = band * 17 + k;
            if col >= 50 {
                break;
            }
            let x = 6 + k * 4;
            let t: String = top.chars().skip(x).take(4).collect();
            let b: String = bottom.chars().skip(x).take(4).collect();
            let cursor = col + 1 == 17;
            let b = b.trim().trim_matches(|c| c == '[' || c == ']').to_string();
            assert_eq!(t.trim(), (50 - col).to_string());
            assert_eq!(b, (col + 1).to_string(), "cursor {cursor}");
        }
    }
    // Counts up to three digits: South hole 1 holds 11, North hole 50 holds (49*37+3)%130.
    assert_eq!(l[2].chars().skip(6).take(4).collect::<String>(), "  11");
    assert_eq!(
        l[1].chars().skip(6).take(4).collect::<String>(),
        format!("{:>4}", (49 * 37 + 3) % 130)
    );
}

#[test]
fn bao_board_from_a_hand_made_view_model() {
    let mut south = BaoSide::from_counts([1; 8], [0; 8], 24);
    let north = BaoSide::from_counts([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 0, 0, 0, 0, 0, 12], 3);
    south.inner[0].count = 104;
    let model = BaoModel {
        south,
        north,
        phase: 1,
        turn: 5,
        to_move: Side::North,
        cursor: Some((Side::South, masai_mancala::app::BaoRow::Inner, 3)),
    };
    let area = Rect::new(0, 0, 70, 9);
    let mut buf = Buffer::empty(area);
    BaoBoard {
        model: &model,
        theme: PLAIN,
    }
    .render(area, &mut buf);
    let l = lines_of(&buf);
    assert_eq!(
        l,
        [
            "               o8   o7   o6   o5   o4   o3   o2   o1",
            "North outer    12    0    0    0    0    0    0    0  reserve 3",
            "North inner     8    7    6    5    4    3    2    1",
            "               i8   i7   i6   i5   i4   i3   i2   i1",
            "               i1   i2   i3   i4   i5   i6   i7   i8",
            "South inner   104    1[  1]    1    1    1    1    1",
            "South outer     0    0    0    0    0    0    0    0  reserve 24",
            "               o1   o2   o3   o4   o5   o6   o7   o8",
            "Phase 1 · turn 5 · North to move · cows: South 135, North 51",
        ]
    );
}

#[test]
fn flip_puts_the_player_to_move_at_the_bottom_in_hot_seat() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant --flip");
    let s = screen(&mut app);
    assert!(board_lines(&s)[2].starts_with("South"));
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    // North to move: his row is at the bottom, numbered 1..8 from the left.
    assert!(board_lines(&s)[2].starts_with("North"), "{s:#?}");
    assert!(board_lines(&s)[1].starts_with("South"));
    assert!(
        board_lines(&s)[3].trim_start_matches('[').starts_with("1"),
        "{s:#?}"
    );
    let g = app.play.as_ref().unwrap().enkeshui().unwrap();
    let north: Vec<String> = (1..=8)
        .map(|h| format!("{:>5}", g.board().counts[g.index(Side::North, h)]))
        .collect();
    assert_eq!(
        board_lines(&s)[2],
        format!("North {}", north.concat()).trim_end()
    );
}

#[test]
fn the_loop_draws_only_with_a_cause_and_ends_when_input_ends() {
    let (tx, rx) = channel();
    let mut app = App::with_game(
        tx.clone(),
        setup("--holes 8 --race off --north human --instant"),
        PLAIN,
        Instant::now(),
    )
    .unwrap();
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
    assert!(app.quit);
    // First frame, Right, Resize, the quit prompt: 4 frames; 'w' and 'y' draw nothing.
    assert_eq!(stats.frames, 4);
    let lines = lines_of(term.backend().buffer());
    assert!(has(&lines, "A game is in progress. Quit?"));
}

/// The lines of the screen from `from` to `to`, trimmed at both ends.
fn trimmed(lines: &[String], from: usize, to: usize) -> Vec<String> {
    lines[from..to]
        .iter()
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn en_gehe_2x50_from_the_engine_folds_into_bands_at_80x24() {
    let (mut app, _rx) = start("en-gehe --holes 50 --north human --south-team Loitha");
    let s = screen(&mut app);
    assert_eq!(s.len(), 24);
    assert!(
        s[0].starts_with("En Gehé 2x50 · turn 1 · South to move"),
        "{s:#?}"
    );
    let fours = |n: usize| vec!["4"; n].join("   ");
    assert_eq!(
        trimmed(&s, 1, 15),
        [
            "50  49  48  47  46  45  44  43  42  41  40  39  38  37  36  35  34".to_string(),
            format!("North    {}", fours(17)),
            format!("South    {}", fours(17)),
            "[1]   2   3   4   5   6   7   8   9  10  11  12  13  14  15  16  17".into(),
            "".into(),
            "33  32  31  30  29  28  27  26  25  24  23  22  21  20  19  18  17".into(),
            format!("North    {}", fours(17)),
            format!("South    {}", fours(17)),
            "18  19  20  21  22  23  24  25  26  27  28  29  30  31  32  33  34".into(),
            "".into(),
            "16  15  14  13  12  11  10   9   8   7   6   5   4   3   2   1".into(),
            format!("North    {}", fours(16)),
            format!("South    {}", fours(16)),
            "35  36  37  38  39  40  41  42  43  44  45  46  47  48  49  50".into(),
        ]
    );
    // Team names in the score lines; no bulls in En Gehé.
    assert!(has(
        &s,
        "South (Loitha, human) · captured   0 · in row 200 · in hand   0 · score 200"
    ));
    assert!(has(&s, "North (human) · captured   0 · in row 200"));
    assert!(!has(&s, "bulls"));
}

#[test]
fn en_gehe_move_by_two_digits_and_enter_gives_the_engines_board() {
    let (mut app, _rx) = start("en-gehe --holes 50 --north human");
    keys(&mut app, "37");
    assert_eq!(app.play.as_ref().unwrap().cursor, 37);
    key(&mut app, KeyCode::Enter);
    assert!(app.play.as_ref().unwrap().anim.is_some());
    key(&mut app, KeyCode::Char('s'));
    assert!(app.play.as_ref().unwrap().anim.is_none());
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
    let masai_mancala::engine::AnyGame::EnGehe(shown) = &app.play.as_ref().unwrap().game else {
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
    assert_eq!(app.play.as_ref().unwrap().moves.last().unwrap().token, "37");
}

#[test]
fn a_long_en_gehe_relay_is_animated_in_a_bounded_number_of_frames() {
    let (mut app, _rx) = start("en-gehe --holes 50 --north human");
    // Play moves until one makes a long animation; every one stays bounded.
    let mut rng_pick = 0usize;
    for _ in 0..40 {
        if app.screen != Screen::Play {
            break;
        }
        let tokens = app.play.as_ref().unwrap().game.legal_tokens();
        rng_pick = (rng_pick * 31 + 7) % tokens.len();
        app.decide(tokens[rng_pick].clone(), Instant::now());
        if let Some(a) = &app.play.as_ref().unwrap().anim {
            assert!(a.frames.len() <= masai_mancala::app::MAX_TOTAL_FRAMES + 1);
        }
        key(&mut app, KeyCode::Char('s'));
    }
}

/// The Bao board after South opens with i3 (the cursor back on North's i1).
const BAO_AFTER_I3: [&str; 9] = [
    "o8   o7   o6   o5   o4   o3   o2   o1",
    "North outer     0    0    0    0    0    0    0    0  reserve 24",
    "North inner     1    1    1    1    1    1    1[  1]",
    "i8   i7   i6   i5   i4   i3   i2   i1",
    "i1   i2   i3   i4   i5   i6   i7   i8",
    "South inner     1    1    0    0    2    0    2    0",
    "South outer     0    0    0    0    0    0    1    1  reserve 24",
    "o1   o2   o3   o4   o5   o6   o7   o8",
    "Phase 1 · turn 2 · North to move · cows: South 32, North 32",
];

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
    assert_eq!(app.play.as_ref().unwrap().cursor_token(), "o1");
    key(&mut app, KeyCode::Right);
    assert_eq!(app.play.as_ref().unwrap().cursor_token(), "o2");
    key(&mut app, KeyCode::Up);
    keys(&mut app, "3");
    assert_eq!(app.play.as_ref().unwrap().cursor_token(), "i3");
    key(&mut app, KeyCode::Enter);
    assert!(app.play.as_ref().unwrap().anim.is_some());
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
    let masai_mancala::engine::AnyGame::BaoLaKimasai(shown) = &app.play.as_ref().unwrap().game
    else {
        panic!("not bao")
    };
    assert_eq!(shown.counts(), g.counts());
    // North (at the top) plays o-holes by Up: his outer row is above.
    key(&mut app, KeyCode::Up);
    assert_eq!(app.play.as_ref().unwrap().cursor_token(), "o1");
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

#[test]
fn en_gehe_and_bao_games_run_to_the_game_over_screen() {
    for args in ["en-gehe --holes 6 --north human", "bao --north human"] {
        let (mut app, _rx) = start(args);
        let mut pick = 0usize;
        for _ in 0..3000 {
            if app.screen == Screen::Over {
                break;
            }
            let tokens = app.play.as_ref().unwrap().game.legal_tokens();
            pick = (pick * 31 + 7) % tokens.len();
            app.decide(tokens[pick].clone(), Instant::now());
            key(&mut app, KeyCode::Char('s'));
            screen(&mut app);
        }
        assert_eq!(app.screen, Screen::Over, "{args:?}");
        let s = screen(&mut app);
        assert!(has(&s, "Game over"), "{s:#?}");
        assert!(has(&s, "total"), "{s:#?}");
        // r: a new game of the same kind.
        key(&mut app, KeyCode::Char('r'));
        assert_eq!(app.screen, Screen::Play);
        assert_eq!(app.play.as_ref().unwrap().game.turn(), 1);
    }
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
    assert!(app.status_error, "{}", app.status);
    assert!(app.play.as_ref().unwrap().moves.is_empty());
    click(&mut app, 31, 7);
    let p = app.play.as_ref().unwrap();
    assert_eq!(p.moves.len(), 1, "{}", app.status);
    assert_eq!(p.moves[0].token, "i3");
}

/// Feeds the app the next event of the background work and returns it.
fn next_event(app: &mut App, rx: &Receiver<AppEvent>) -> AppEvent {
    let ev = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("the background work answers");
    app.handle(ev.clone(), Instant::now());
    ev
}

#[test]
fn the_hint_key_selects_the_ais_suggestion_and_tells_its_value() {
    // S1 (2) captures 8 seeds; S6 and S8 capture nothing: the hint is 1.
    let (mut app, rx) = app(
        "--holes 8 --layout '2 0 0 0 0 1 0 1 0 0 3 0 2 5 0 34' --race off --south human --north human --instant",
    );
    app.analysis_depth = Some(6);
    keys(&mut app, "i");
    assert_eq!(app.status, "Working out a hint for South...");
    let ev = next_event(&mut app, &rx);
    assert!(matches!(ev, AppEvent::Analysis { .. }), "{ev:?}");
    // The analysis's search, exactly (issue 11 item 6: one search, one
    // value): its best decision and value.
    let best = app.analysis().expect("the analysis").values[0].clone();
    assert_eq!(best.0, "1");
    let seeds = f64::from(best.1) / f64::from(masai_mancala::ai::UNIT);
    assert_eq!(
        app.status,
        format!("Hint for South: 1 (the AI rates it {seeds:+.1} seeds); Enter plays it")
    );
    assert_eq!(app.play.as_ref().unwrap().cursor, 1);
}

#[test]
fn a_hint_for_a_position_left_behind_is_dropped() {
    let (mut app, rx) = app("--holes 8 --race off --north human --instant");
    keys(&mut app, "i");
    // South moves before the hint arrives: it no longer applies.
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    let status = app.status.clone();
    let cursor = app.play.as_ref().unwrap().cursor;
    if let Ok(ev) = rx.recv_timeout(Duration::from_secs(2)) {
        assert!(
            !app.handle(ev, Instant::now()),
            "a stale hint changes nothing"
        );
    }
    assert_eq!(app.status, status);
    assert_eq!(app.play.as_ref().unwrap().cursor, cursor);
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
        let p = app.play.as_ref().unwrap();
        let legal = p.game.legal_tokens();
        let token = app
            .status
            .strip_prefix("Hint for South: ")
            .and_then(|s| s.split_once(' '))
            .map(|(t, _)| t.to_string())
            .unwrap_or_else(|| panic!("{}", app.status));
        assert!(legal.contains(&token), "{token} in {legal:?}");
        assert!(app.status.contains("(the AI rates it "), "{}", app.status);
        // Bao counts cows.
        let unit = if args.starts_with("bao") {
            " cows)"
        } else {
            " seeds)"
        };
        assert!(
            app.status.contains(unit) || app.status.contains("forced"),
            "{}",
            app.status
        );
        // The hint is selected: Enter plays it.
        assert_eq!(p.cursor_token(), token);
        key(&mut app, KeyCode::Enter);
        let p = app.play.as_ref().unwrap();
        assert_eq!(p.moves[0].token, token, "{args:?}");
    }
}

/// The seat's decision: the one `ai::choose_token` gives for that game and seed.
fn expect_ai_choice(app: &mut App, rx: &Receiver<AppEvent>, player: masai_mancala::ai::Player) {
    let game = app.play.as_ref().unwrap().game.clone();
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
        assert_eq!(app.play.as_ref().unwrap().moves.len(), 6, "{args:?}");
    }
    // A searching level in Bao: a decision of the real search, on the board.
    let (mut app, rx) = start("bao --south ai:easy --north human --instant");
    let legal = app.play.as_ref().unwrap().game.legal_tokens();
    let token = ai_turn(&mut app, &rx);
    assert!(legal.contains(&token));
    assert_eq!(app.play.as_ref().unwrap().moves[0].token, token);
}

#[test]
fn the_ai_seat_shows_that_it_is_thinking() {
    let (app, rx) = app("--race off --south ai:easy --north human");
    assert!(
        app.status.contains("South (AI easy) is thinking"),
        "{}",
        app.status
    );
    let ev = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the AI answers");
    assert!(matches!(ev, AppEvent::Ai { .. }), "{ev:?}");
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
    app.analysis_depth = Some(6);
    keys(&mut app, "a");
    let s = screen(&mut app);
    assert_eq!(
        right_cols(&s, 19, 22, 32),
        [
            "┌ Analysis · South to move ────┐",
            "│Thinking...                   │",
            "└ a hides ─────────────────────┘",
        ]
    );
    let ev = next_event(&mut app, &rx);
    assert!(matches!(ev, AppEvent::Analysis { .. }), "{ev:?}");
    let s = screen(&mut app);
    // Values for South in seeds from a 6-decision search of every decision.
    assert_eq!(
        right_cols(&s, 17, 22, 32),
        [
            "┌ Analysis · South to move ────┐",
            "│    1  +1.8 seeds (best)      │",
            "│    6  -12.5 seeds            │",
            "│    8  -13.1 seeds            │",
            "└ depth 6 · a hides ───────────┘",
        ]
    );
    // a again hides it.
    keys(&mut app, "a");
    let s = screen(&mut app);
    assert!(!has(&s, "Analysis ·"), "{s:#?}");
    assert_eq!(s[22], "Analysis off");
}

#[test]
fn the_analysis_says_forced_losses_in_words_and_follows_the_position() {
    let (mut app, rx) = app(
        "--holes 8 --layout '0 0 0 0 0 0 2 3 0 0 0 0 0 1 0 42' --race off --south human --north human --instant",
    );
    keys(&mut app, "a");
    next_event(&mut app, &rx);
    let s = screen(&mut app);
    assert_eq!(
        right_cols(&s, 18, 21, 32),
        [
            "┌ Analysis · South to move ────┐",
            "│    8  a forced loss (best)   │",
            "│    7  a forced loss          │",
        ]
    );
    // South sows 8: the panel asks about North's position at once.
    keys(&mut app, "8");
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert_eq!(
        right_cols(&s, 19, 21, 32),
        [
            "┌ Analysis · North to move ────┐",
            "│Thinking...                   │",
        ]
    );
    let north = app.play.as_ref().unwrap().game.legal_tokens();
    next_event(&mut app, &rx);
    let shown = app.analysis().cloned().unwrap();
    let mut listed: Vec<String> = shown.values.iter().map(|(t, _)| t.clone()).collect();
    listed.sort();
    let mut want = north.clone();
    want.sort();
    assert_eq!(listed, want, "every legal decision of North");
}

#[test]
fn a_slow_sowing_is_worked_out_off_the_screen_and_arrives_as_an_event() {
    let (mut app, rx) = start("bao --north human --instant");
    // Never wait: every decision comes back through the event channel.
    app.work_wait = Duration::ZERO;
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
        app.status,
        "Still working out the sowing of i3: wait, or u or Esc takes it back"
    );
    keys(&mut app, "?");
    assert!(app.help_scroll().is_some());
    key(&mut app, KeyCode::Esc);
    let ev = next_event(&mut app, &rx);
    assert!(matches!(ev, AppEvent::Played { .. }), "{ev:?}");
    let s = screen(&mut app);
    assert_eq!(trimmed(&s, 2, 11), BAO_AFTER_I3);
    // The legal decisions came with it: the cursor is on North's first.
    let p = app.play.as_ref().unwrap();
    assert_eq!(p.legal.as_ref().unwrap(), &p.game.legal_tokens());
    // North sows, then undoes before the answer: the late answer is dropped.
    key(&mut app, KeyCode::Enter);
    assert!(app.play.as_ref().unwrap().working.is_some());
    keys(&mut app, "u");
    assert!(app.play.as_ref().unwrap().working.is_none());
    let ev = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("the late answer");
    assert!(matches!(ev, AppEvent::Played { .. }), "{ev:?}");
    assert!(
        !app.handle(ev, Instant::now()),
        "a stale answer changes nothing"
    );
    // Only North's sowing (his i1) was taken back; u again undoes South's i3.
    assert_eq!(app.play.as_ref().unwrap().moves.len(), 1);
    assert_eq!(
        app.status,
        "Took back the sowing of i1: pick a hole and press Enter"
    );
    keys(&mut app, "u");
    assert_eq!(app.play.as_ref().unwrap().moves.len(), 0);
    // A refused decision comes back the same way, with the engine's reason.
    keys(&mut app, "8");
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Enter);
    next_event(&mut app, &rx);
    assert_eq!(app.status, "o8: hole o8 is empty");
    assert!(app.status_error);
    // Quitting works while a sowing is worked out.
    keys(&mut app, "3");
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "q");
    assert!(app.confirming_quit());
    keys(&mut app, "y");
    assert!(app.quit);
}

#[test]
fn work_past_the_wait_is_posted_and_quick_work_is_returned() {
    use masai_mancala::app::run_or_post;
    let (tx, rx) = channel();
    let slow = run_or_post(
        Duration::from_millis(20),
        || {
            std::thread::sleep(Duration::from_millis(300));
            7
        },
        move |v| tx.send(v).unwrap(),
    );
    assert_eq!(slow, None, "the UI did not wait for it");
    assert_eq!(rx.recv_timeout(Duration::from_secs(10)), Ok(7));
    let (tx, rx) = channel::<i32>();
    let quick = run_or_post(Duration::from_secs(10), || 8, move |v| tx.send(v).unwrap());
    assert_eq!(quick, Some(8));
    assert!(
        rx.recv_timeout(Duration::from_millis(200)).is_err(),
        "not posted too"
    );
}

/// Plays decisions picked by a fixed rule until the game is over.
fn play_to_the_end(app: &mut App) {
    let mut pick = 0usize;
    for _ in 0..3000 {
        if app.screen == Screen::Over {
            return;
        }
        let tokens = app.play.as_ref().unwrap().game.legal_tokens();
        pick = (pick * 31 + 7) % tokens.len();
        app.decide(tokens[pick].clone(), Instant::now());
    }
    panic!("the game did not end");
}

#[test]
fn the_special_move_is_a_guided_redistribution() {
    let args = "--holes 8 --race off --north human --instant --special-move once";
    let (mut app, _rx) = app(args);
    keys(&mut app, "x");
    assert_eq!(
        app.status,
        "Special move: lift two holes (Enter on each), Esc cancels"
    );
    // Lift South 3 and 5 (4 seeds each), then drop the 8 seeds one by one.
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "5");
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        app.status,
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
        app.status,
        "South cannot make the special move now: it is allowed once a game, and it was made already"
    );
    assert!(app.status_error);

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
    assert_eq!(app.status, "No seed was dropped into hole 7");
    keys(&mut app, "8");
    key(&mut app, KeyCode::Backspace);
    assert_eq!(app.status, "2 seeds in hand");
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
    assert!(app.status_error, "{}", app.status);
    assert!(app.status.contains("must change the row"), "{}", app.status);
    let p = app.play.as_ref().unwrap();
    assert_eq!(p.special.as_ref().unwrap().in_hand, 8);
    assert!(p.moves.is_empty());
}

#[test]
fn match_play_keeps_the_scoreboard_and_refills_the_board_from_the_stocks() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant --match");
    play_to_the_end(&mut app);
    let s = screen(&mut app);
    assert!(
        has(&s, "Game over: North wins, South 10 to North 38"),
        "{s:#?}"
    );
    assert!(has(&s, "Match (South-North): game 1: 10-38"));
    assert!(has(
        &s,
        "Each score is the player's stock for the next game: r plays it."
    ));
    keys(&mut app, "r");
    // North's 38 fill his six holes of 4 from the right (14 kept as captured),
    // South's 10 fill two (2 kept).
    let s = screen(&mut app);
    assert_eq!(
        board_lines(&s),
        [
            "8    7    6    5    4    3    2    1",
            "North     4    4    4    4    4    4    0    0",
            "South     0    0    0    0    0    0    4    4",
            "1    2    3    4    5    6  [7]    8",
        ]
    );
    assert!(has(
        &s,
        "North (human)       captured 14 · bulls 0 (0 seeds) · in hand  0 · score 38"
    ));
    assert!(has(
        &s,
        "South (human)       captured  2 · bulls 0 (0 seeds) · in hand  0 · score 10"
    ));
    assert!(has(&s, "Game 2 of the match."));
    play_to_the_end(&mut app);
    let s = screen(&mut app);
    assert!(
        has(&s, "Match (South-North): game 1: 10-38, game 2: 21-27"),
        "{s:#?}"
    );
    keys(&mut app, "r");
    let s = screen(&mut app);
    assert_eq!(
        board_lines(&s)[2],
        "South     0    0    0    4    4    4    4    4"
    );
    assert!(has(&s, "Game 3 of the match."));
}

#[test]
fn the_match_ends_when_a_stock_cannot_fill_a_hole() {
    // Each row's rightmost hole needs 22: whoever scores less loses the match.
    let (mut app, _rx) = app(
        "--holes 8 --race off --north human --instant --match --layout '0 0 0 0 0 0 2 22 0 0 0 0 0 0 2 22'",
    );
    play_to_the_end(&mut app);
    let s = screen(&mut app);
    assert!(
        has(&s, "Game over: North wins, South 13 to North 35"),
        "{s:#?}"
    );
    assert!(has(&s, "Match (South-North): game 1: 13-35"));
    assert!(has(&s, "The match is over: North wins the match."));
    assert_eq!(s[22], "South cannot fill a hole: North wins the match");
    // Undo takes the game back: the match goes on.
    keys(&mut app, "u");
    assert_eq!(app.screen, Screen::Play);
    assert!(app.matches.games.is_empty() && app.matches.over.is_none());
    play_to_the_end(&mut app);
    assert_eq!(app.matches.over, Some(Some(Side::North)));
    // r: a new match from the start.
    keys(&mut app, "r");
    assert_eq!(app.screen, Screen::Play);
    assert!(app.matches.games.is_empty() && app.matches.over.is_none());
    assert_eq!(
        board_lines(&screen(&mut app))[2],
        "South     0    0    0    0    0    0    2   22"
    );
}

#[test]
fn the_2x50_board_at_80x24_keeps_the_last_lines_of_the_log() {
    let (mut app, _rx) = start("en-gehe --holes 50 --north human --instant");
    keys(&mut app, "37");
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "2");
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert_eq!(s.len(), 24);
    assert_eq!(
        s[15],
        "North (human) · captured   6 · in row 194 · in hand   0 · score 200"
    );
    assert_eq!(
        trimmed(&s, 18, 22),
        [
            "┌ Log ───────────────────────────────────────────────┐┌ Moves ─────────────────┐",
            "│North sowed 2, relayed 4 laps and captured 6 seeds  ││1. S 37                 │",
            "│from holes South 20 and North 31                    ││2. N 2                  │",
            "└────────────────────────────────────────────────────┘└────────────────────────┘",
        ]
    );
}

#[test]
fn the_key_hint_bar_shows_rows_and_digits_where_they_work() {
    let (mut app, _rx) = crate::app("--holes 8 --race off --north human");
    let s = screen(&mut app);
    assert_eq!(
        s[23],
        "←/h move  0-9 hole  Enter sow  u undo  i hint  a analysis  q quit  ? help"
    );
    // Bao: ↑/↓ pick the row; at 80 columns the entries close up to fit.
    let (mut app, _rx) = start("bao --north human");
    let s = screen(&mut app);
    assert_eq!(
        s[23],
        "←/h move ↑/↓ row 0-9 hole Enter sow u undo i hint a analysis q quit ? help"
    );
    let s = screen_wh(&mut app, 100, 30);
    assert_eq!(
        s[29],
        "←/h move  ↑/↓ row  0-9 hole  Enter sow  u undo  i hint  a analysis  q quit  ? help"
    );
    // The special move: the cursor keys and digits.
    let (mut app, _rx) = crate::app("--holes 8 --race off --north human --special-move any");
    keys(&mut app, "x");
    let s = screen(&mut app);
    assert_eq!(
        s[23],
        "←/h move  0-9 hole  Enter lift/drop  Backspace take back  Esc cancel  ? help"
    );
    // A narrow bar keeps "? help" and leaves out what does not fit.
    let line = masai_mancala::app::hint_line(masai_mancala::app::Ctx::Play, true, 40, &PLAIN);
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    assert_eq!(text, "←/h move ↑/↓ row 0-9 hole ? help");
}

#[test]
fn seats_read_naturally_with_team_names() {
    let (mut app, _rx) = start("en-gehe --holes 40 --south-team Loitha --north-team Ilkisongo");
    let s = screen_wh(&mut app, 100, 30);
    assert!(
        has(
            &s,
            "North (Ilkisongo, AI medium) · captured   0 · in row 160"
        ),
        "{s:#?}"
    );
    assert!(has(&s, "South (Loitha, you) · captured   0 · in row 160"));
    let (mut app, _rx) = crate::app("--holes 8 --race off --north ai:hard");
    let s = screen(&mut app);
    assert!(has(
        &s,
        "North (AI hard)     captured  0 · bulls 0 (0 seeds) · in hand  0 · score 24"
    ));
    assert!(has(
        &s,
        "South (you)         captured  0 · bulls 0 (0 seeds) · in hand  0 · score 24"
    ));
    // Long names at 80 columns: the same facts, closer together.
    let (mut app, _rx) = start("en-gehe --holes 50 --north-team Ilkisongo");
    let s = screen(&mut app);
    assert_eq!(
        s[15],
        "North (Ilkisongo, AI medium) · captured 0 · row 200 · hand 0 · score 200"
    );
    assert_eq!(
        s[16],
        "South (you) · captured   0 · in row 200 · in hand   0 · score 200"
    );
    // The game-over table widens its first column for team names.
    let (mut app, _rx) = start("en-gehe --holes 6 --south-team Loitha --north human --instant");
    play_to_the_end(&mut app);
    let s = screen(&mut app);
    let head = s
        .iter()
        .position(|l| l.contains("captured  own row"))
        .unwrap();
    assert!(
        s[head].starts_with("│                captured  own row  total"),
        "{s:#?}"
    );
    assert!(s[head + 1].starts_with("│South (Loitha)  "), "{s:#?}");
    assert!(s[head + 2].starts_with("│North           "), "{s:#?}");
}

fn temp_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("masai-tui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.json"));
    let _ = std::fs::remove_file(&path);
    path
}

/// Loads the saved record and continues it in a new app.
fn resumed(path: &std::path::Path) -> (App, Receiver<AppEvent>) {
    let loaded = masai_mancala::app::load(path, &Default::default()).expect("the save loads");
    let (tx, rx) = channel();
    let mut app =
        App::resume(tx, &loaded, Default::default(), PLAIN, Instant::now()).expect("resumes");
    app.ai_pause = Duration::ZERO;
    app.work_wait = Duration::from_secs(10);
    app.save_path = Some(path.to_path_buf());
    (app, rx)
}

#[test]
fn en_gehe_and_bao_games_are_saved_and_resumed_on_the_same_board() {
    for (args, moves, rows) in [
        (
            "en-gehe --holes 12 --north human --south-team Loitha --instant",
            ["3", "5", "7"],
            (2, 6),
        ),
        ("bao --north human --instant", ["3", "2", "6"], (2, 11)),
    ] {
        let (mut app, _rx) = start(args);
        let path = temp_file(args.split(' ').next().unwrap());
        app.save_path = Some(path.clone());
        // Legal holes from the engine, sown with Enter on the cursor.
        for pick in moves {
            let legal = app.play.as_ref().unwrap().game.legal_tokens();
            let k: usize = pick.parse().unwrap();
            let t = &legal[k % legal.len()];
            let cursor = masai_mancala::app::token_cursor(t).unwrap();
            app.play.as_mut().unwrap().cursor = cursor;
            key(&mut app, KeyCode::Enter);
        }
        assert_eq!(app.play.as_ref().unwrap().moves.len(), 3, "{}", app.status);
        let before = screen(&mut app);
        let (mut back, _rx2) = resumed(&path);
        let after = screen(&mut back);
        assert_eq!(
            trimmed(&after, rows.0, rows.1),
            trimmed(&before, rows.0, rows.1),
            "{args:?}"
        );
        assert_eq!(after[0], before[0]);
        // Score lines (with the team name) and the move list come back too.
        assert_eq!(after[rows.1 + 1], before[rows.1 + 1]);
        assert_eq!(after[rows.1 + 2], before[rows.1 + 2]);
        let p = back.play.as_ref().unwrap();
        let tokens: Vec<&str> = p.moves.iter().map(|m| m.token.as_str()).collect();
        assert_eq!(tokens.len(), 3);
        assert_eq!(
            p.game.position_json(),
            app.play.as_ref().unwrap().game.position_json()
        );
        // Playing on saves back to the same file.
        let legal = p.game.legal_tokens();
        back.decide(legal[0].clone(), Instant::now());
        let (record, _) = masai_mancala::record::file::load(&path).unwrap();
        assert_eq!(record.games[0].decisions.len(), 4);
    }
}

#[test]
fn the_saved_bao_board_is_exact_after_resuming() {
    let (mut app, _rx) = start("bao --north human --instant");
    let path = temp_file("bao-exact");
    app.save_path = Some(path.clone());
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    let (mut back, _rx2) = resumed(&path);
    let s = screen(&mut back);
    assert_eq!(trimmed(&s, 2, 11), BAO_AFTER_I3);
    assert!(has(&s, "1. S i3"));
    let (record, _) = masai_mancala::record::file::load(&path).unwrap();
    assert_eq!(record.game.name(), "bao-la-kimasai");
    assert_eq!(record.seats.north, "human");
}

#[test]
fn a_finished_match_resumes_at_its_end() {
    let (mut app, _rx) = app(
        "--holes 8 --race off --north human --instant --match --layout '0 0 0 0 0 0 2 22 0 0 0 0 0 0 2 22'",
    );
    let path = temp_file("match-over");
    app.save_path = Some(path.clone());
    play_to_the_end(&mut app);
    let (_, checked) = masai_mancala::record::file::load(&path).unwrap();
    assert_eq!(checked.match_over, Some(Some(Side::North)));
    let (mut back, _rx2) = resumed(&path);
    assert_eq!(back.screen, Screen::Over);
    let s = screen(&mut back);
    assert!(has(&s, "Match (South-North): game 1: 13-35"), "{s:#?}");
    assert!(has(&s, "The match is over: North wins the match."));
    assert_eq!(s[22], "South cannot fill a hole: North wins the match");
}

#[test]
fn an_endless_en_gehe_sowing_is_worked_out_while_the_screen_goes_on() {
    // RULES.md: 2x8 after 7 1 2 5, South's hole 6 repeats every 5,589,754
    // laps; deciding it takes a fraction of a second, far past the UI's wait.
    let (mut app, rx) = start("en-gehe --holes 8 --north human --instant");
    for k in ["7", "1", "2", "5"] {
        keys(&mut app, k);
        key(&mut app, KeyCode::Enter);
    }
    app.work_wait = masai_mancala::app::WAIT;
    keys(&mut app, "6");
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert_eq!(s[22], "Working out the sowing of 6...");
    let ev = next_event(&mut app, &rx);
    assert!(matches!(ev, AppEvent::Played { .. }), "{ev:?}");
    assert_eq!(
        app.status,
        "6: sowing hole 6 would never end (it repeats every 5589754 laps)"
    );
    assert!(app.status_error);
    assert_eq!(app.play.as_ref().unwrap().moves.len(), 4);
}

#[test]
fn hint_and_analysis_work_at_the_direction_prompt() {
    let (mut app, rx) = app("--holes 8 --race off --north human --instant");
    let g = direction_game();
    let options = g.pending().unwrap().options;
    app.load(g, Instant::now());
    app.analysis_depth = Some(4);
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
    let p = app.play.as_ref().unwrap();
    let picked = &options[p.dir_pick];
    assert!(
        app.status
            .starts_with(&format!("Hint for South: {picked} (")),
        "{}",
        app.status
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
        let game = app.play.as_ref().unwrap().game.clone();
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

#[test]
fn ascii_mode_draws_nothing_but_ascii_on_any_screen() {
    let ascii = Theme {
        color: false,
        ascii: true,
        palette: Palette::Dark,
    };
    let all_ascii = |app: &mut App, what: &str| {
        let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
        masai_mancala::app::draw(&mut term, app).unwrap();
        let lines = lines_of(term.backend().buffer());
        for l in &lines {
            assert!(l.is_ascii(), "{what}: {l}\n{}", lines.join("\n"));
        }
        lines
    };
    let mut apps = [
        (
            app("--holes 8 --race off --north human --instant").0,
            "enkeshui",
        ),
        (
            start("en-gehe --holes 50 --instant --north human").0,
            "en gehe 2x50",
        ),
        (start("bao --instant --north human").0, "bao"),
    ];
    for (app, what) in apps.iter_mut() {
        app.theme = ascii;
        key(app, KeyCode::Enter);
        let lines = all_ascii(app, what);
        // The borders are drawn, in ASCII.
        assert!(
            lines.iter().any(|l| l.contains("+ Log ")),
            "{what}: {}",
            lines.join("\n")
        );
        key(app, KeyCode::Char('?'));
        let lines = all_ascii(app, &format!("{what}, help"));
        assert!(
            lines.iter().any(|l| l.contains("Help: ^v scroll")),
            "{}",
            lines.join("\n")
        );
    }
}

/// A file of `tests/fixtures/client`.
fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/client")
        .join(name)
}

/// Handles the background answers until `done` holds (stale ones change nothing).
fn events_until(app: &mut App, rx: &Receiver<AppEvent>, done: impl Fn(&App) -> bool) {
    let t = Instant::now();
    while !done(app) {
        let left = Duration::from_secs(120).saturating_sub(t.elapsed());
        let ev = rx.recv_timeout(left).expect("the background work answers");
        app.handle(ev, Instant::now());
    }
}

#[test]
fn a_long_sowing_is_taken_back_with_u_or_esc_and_another_hole_sown() {
    // South's 7 relays for 366,567,028 laps before its state repeats (docs/RULES.md).
    let study = fixture("long-sowing-study.json");
    let study = study.to_str().unwrap();
    let (mut app, rx) = start(&format!(
        "en-gehe --position '{study}' --north human --instant"
    ));
    app.work_wait = Duration::ZERO;
    keys(&mut app, "7");
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.status, "Working out the sowing of 7...");
    // The status line counts the laps checked so far.
    let t = Instant::now();
    while !app
        .status
        .ends_with(" laps checked (u or Esc takes it back)")
    {
        assert!(t.elapsed() < Duration::from_secs(60), "{}", app.status);
        std::thread::sleep(Duration::from_millis(50));
        app.tick(Instant::now() + Duration::from_secs(1));
    }
    let laps = app
        .status
        .strip_prefix("Working out the sowing of 7: ")
        .and_then(|l| l.strip_suffix(" laps checked (u or Esc takes it back)"))
        .expect("the progress line");
    assert!(laps.replace(',', "").parse::<u64>().unwrap() > 0, "{laps}");
    let s = screen(&mut app);
    assert_eq!(s[22], app.status);
    key(&mut app, KeyCode::Enter);
    assert!(
        app.status
            .starts_with("Still working out the sowing of 7 (")
            && app
                .status
                .ends_with(" laps checked): wait, or u or Esc takes it back"),
        "{}",
        app.status
    );
    // Before the fix: "Nothing to undo", and the sowing went on being worked out.
    keys(&mut app, "u");
    assert_eq!(
        app.status,
        "Took back the sowing of 7: pick a hole and press Enter"
    );
    assert!(app.play.as_ref().unwrap().working.is_none());
    let s = screen(&mut app);
    assert_eq!(
        s[22],
        "Took back the sowing of 7: pick a hole and press Enter"
    );
    keys(&mut app, "7");
    key(&mut app, KeyCode::Enter);
    assert!(app.play.as_ref().unwrap().working.is_some());
    key(&mut app, KeyCode::Esc);
    assert_eq!(
        app.status,
        "Took back the sowing of 7: pick a hole and press Enter"
    );
    // Another hole is sown. The two sowings of 7 were cancelled: their
    // answers say so, whenever they come, and change nothing.
    keys(&mut app, "2");
    key(&mut app, KeyCode::Enter);
    let mut cancelled = 0;
    while cancelled < 2 || app.play.as_ref().unwrap().moves.is_empty() {
        let ev = rx
            .recv_timeout(Duration::from_secs(120))
            .expect("the background work answers");
        if let AppEvent::Played {
            ref token,
            ref result,
            ..
        } = ev
            && token == "7"
        {
            assert_eq!(
                result.as_ref().err().map(String::as_str),
                Some("7: cancelled")
            );
            assert!(!app.handle(ev, Instant::now()));
            cancelled += 1;
        } else {
            app.handle(ev, Instant::now());
        }
    }
    let p = app.play.as_ref().unwrap();
    let moves: Vec<&str> = p.moves.iter().map(|m| m.token.as_str()).collect();
    assert_eq!(moves, ["2"]);
    assert_eq!(
        p.log.last().unwrap(),
        "South sowed 2, relayed 7 laps and ended in the empty North 4"
    );
    assert_eq!(app.status, "North to move: pick a hole and press Enter");
    assert_eq!(app.play.as_ref().unwrap().moves.len(), 1);
}

/// A data folder holding the record of a game whose last decision is the
/// sowing of 366,567,028 laps: checking it takes long.
fn data_with_a_long_record(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("masai-tui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(fixture("long-sowing.json"), dir.join("game-long.json")).unwrap();
    dir
}

#[test]
fn the_saved_games_list_is_read_off_the_screen_and_esc_stops_it() {
    let dir = data_with_a_long_record("saves-esc");
    let (tx, _rx) = channel();
    let mut app = App::menu(tx, Default::default(), PLAIN);
    app.autosave_dir = Some(dir.clone());
    app.work_wait = Duration::ZERO;
    let menu = screen(&mut app);
    // Before the fix the client froze here (no screen, no keys, no signals).
    keys(&mut app, "o");
    assert!(app.loading.is_some());
    let s = screen(&mut app);
    let shown = format!("Reading the saved games in {}...", dir.display());
    assert!(has(&s, &shown), "{s:#?}");
    assert!(has(&s, "0 files read"), "{s:#?}");
    assert!(
        has(&s, "Esc stops it (nothing is lost)   q quits"),
        "{s:#?}"
    );
    assert_eq!(s[23], "Esc stop  q quit  ? help");
    // Esc: back to the menu as it was, the reading stopped.
    key(&mut app, KeyCode::Esc);
    assert!(app.loading.is_none());
    assert_eq!(
        app.status,
        format!(
            "Stopped reading the saved games in {}. Nothing was changed",
            dir.display()
        )
    );
    let s = screen(&mut app);
    assert_eq!(s[..20], menu[..20]);
    // q while reading quits at once.
    keys(&mut app, "o");
    assert!(app.loading.is_some());
    keys(&mut app, "q");
    assert!(app.quit);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_games_list_read_on_a_thread_arrives_as_an_event() {
    let dir = std::env::temp_dir().join(format!("masai-tui-saves-ev-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    std::fs::copy(
        fixtures.join("records/illegal-decision.json"),
        dir.join("game-bad.json"),
    )
    .unwrap();
    let (tx, rx) = channel();
    let mut app = App::menu(tx, Default::default(), PLAIN);
    app.autosave_dir = Some(dir.clone());
    app.work_wait = Duration::ZERO;
    keys(&mut app, "o");
    assert!(app.loading.is_some());
    events_until(&mut app, &rx, |a| a.loading.is_none());
    let list = app.saves().expect("the list is shown").list();
    assert_eq!(list.len(), 1);
    assert!(!list[0].ok);
    assert_eq!(app.status, format!("Saved games in {}", dir.display()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn resume_of_a_long_record_shows_its_progress_and_esc_leaves_without_a_change() {
    use masai_mancala::app::LoadFor;
    let dir = data_with_a_long_record("resume-esc");
    let path = dir.join("game-long.json");
    let before = std::fs::read(&path).unwrap();
    let (tx, _rx) = channel();
    let mut app = App::menu(tx, Default::default(), PLAIN);
    app.work_wait = Duration::ZERO;
    app.start_load(LoadFor::Resume(Some(path.clone())), Instant::now());
    assert!(app.loading.is_some());
    let s = screen(&mut app);
    assert!(has(&s, &format!("Reading {}...", path.display())), "{s:#?}");
    assert!(has(&s, " decisions replayed"), "{s:#?}");
    key(&mut app, KeyCode::Esc);
    assert!(app.quit);
    assert_eq!(app.fatal, None);
    assert_eq!(
        app.note.as_deref(),
        Some(format!("Stopped reading {}. Nothing was changed.", path.display()).as_str())
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
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
    app.instant = false;
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
    let next = app.play.as_ref().unwrap().anim.as_ref().unwrap().next_at;
    app.tick(next);
    let s = screen(&mut app);
    assert_eq!(s[9], "lap 2: 2 in hand · s skips, +/- speed");
    keys(&mut app, "s");
    // The lap crossed nothing: it ended on 3 seeds (before: "crossed South's row").
    let p = app.play.as_ref().unwrap();
    assert_eq!(
        p.log[p.log.len() - 2..],
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
    assert_eq!(app.status, "North to move: pick a hole and press Enter");
    let p = app.play.as_ref().unwrap();
    assert!(p.game.pending().is_none());
    assert_eq!(p.moves.len(), 17);
    assert_eq!(p.game.to_move(), Side::North);
    // r brings the turn back to its prompt; q asks to quit there.
    keys(&mut app, "r");
    assert_eq!(app.play.as_ref().unwrap().moves.len(), 19);
    let s = screen(&mut app);
    assert_eq!(
        s[9],
        "Lap 3: 3 in hand from South 5. Direction? [← cw]   ccw →"
    );
    keys(&mut app, "q");
    assert!(app.confirming_quit());
    keys(&mut app, "y");
    assert!(app.quit);
}

#[test]
fn the_too_small_screen_takes_no_game_keys_and_q_quits_at_once() {
    // issue 11, item 7: at 40x12 a move nobody could see was played, and q asked a hidden y.
    let (mut app, _rx) = app("--race off --north human --instant");
    app.handle(AppEvent::Resize(40, 12), Instant::now());
    let s = screen_wh(&mut app, 40, 12);
    assert_eq!(s[0], "terminal too small: need 60x20");
    assert_eq!(s[1], "now 40x12");
    keys(&mut app, "6");
    key(&mut app, KeyCode::Enter);
    assert!(app.play.as_ref().unwrap().moves.is_empty());
    assert_eq!(app.play.as_ref().unwrap().game.turn(), 1);
    keys(&mut app, "?");
    assert!(app.help_scroll().is_none());
    keys(&mut app, "q");
    assert!(!app.confirming_quit());
    assert!(app.quit);
}

#[test]
fn results_are_told_when_the_animation_reaches_them() {
    // issue 11, item 2: "made a bull" was in the log and the status while the seeds still moved.
    let (mut app, _rx) = app("--holes 12 --race off --north human");
    keys(&mut app, "5");
    key(&mut app, KeyCode::Enter);
    assert!(app.play.as_ref().unwrap().anim.is_some());
    let s = screen(&mut app);
    assert!(!s.iter().any(|l| l.contains("bull on")), "{s:#?}");
    assert_eq!(app.status, "South sows 5...");
    assert!(has(&s, "│South moves first."), "{s:#?}");
    // The end of the animation tells it.
    keys(&mut app, "s");
    let s = screen(&mut app);
    assert!(
        has(&s, "South sowed 5 and made a bull on South 8"),
        "{s:#?}"
    );
    assert_eq!(app.status, "North to move: pick a hole and press Enter");
}

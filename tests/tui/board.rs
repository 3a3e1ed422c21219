//! Drawing the boards: every game and size, folds, colours, ASCII, flips, small terminals.

use super::harness::*;
use masai_mancala::app::App;
use masai_mancala::app::AppEvent;
use masai_mancala::app::Theme;
use masai_mancala::app::{BaoBoard, BaoModel, BaoSide};
use masai_mancala::app::{Geometry, TwoRowBoard};
use masai_mancala::engine::Side;
use masai_mancala::theme::Palette;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use std::sync::mpsc::channel;
use std::time::Instant;

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
        client("--holes 12 --race off --north human --instant"),
        theme,
        Instant::now(),
    );
    keys(&mut app, "5");
    key(&mut app, KeyCode::Enter);
    app.handle(AppEvent::Resize(80, 24), Instant::now());
    let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
    masai_mancala::app::draw(&mut term, &app).unwrap();
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
    let g = app.play().unwrap().enkeshui().unwrap();
    let north: Vec<String> = (1..=8)
        .map(|h| format!("{:>5}", g.board().counts[g.index(Side::North, h)]))
        .collect();
    assert_eq!(
        board_lines(&s)[2],
        format!("North {}", north.concat()).trim_end()
    );
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
    // A move made each time: `u undo` is on the bar once there is one.
    let (mut app, _rx) = crate::app("--holes 8 --race off --north human");
    app.decide("3".into(), Instant::now());
    let s = screen(&mut app);
    assert_eq!(
        s[23],
        "←/h move  0-9 hole  Enter sow  u undo  i hint  a analysis  q quit  ? help"
    );
    // Bao: ↑/↓ pick the row; at 80 columns the entries close up to fit.
    let (mut app, _rx) = start("bao --north human");
    app.decide("i3".into(), Instant::now());
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
    // A narrow bar keeps "? help" and leaves out what does not fit, the
    // entries that are not essential first (it keeps sowing and quitting).
    let line = masai_mancala::app::hint_line(masai_mancala::keys::Ctx::Play, true, 40, &PLAIN);
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    assert_eq!(text, "←/h move ↑/↓ row Enter sow q quit ? help");
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

#[test]
fn ascii_mode_draws_nothing_but_ascii_on_any_screen() {
    let ascii = Theme {
        color: false,
        ascii: true,
        palette: Palette::Dark,
    };
    let all_ascii = |app: &mut App, what: &str| {
        app.handle(AppEvent::Resize(80, 24), Instant::now());
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
        app.set_theme(ascii);
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
    assert!(app.play().unwrap().moves().is_empty());
    assert_eq!(app.play().unwrap().game().turn(), 1);
    keys(&mut app, "?");
    assert!(app.help_scroll().is_none());
    keys(&mut app, "q");
    assert!(!app.confirming_quit());
    assert!(app.quitting());
}

/// Issue 21 item 15: at 60 columns (holes packed 4 columns apart) a bull
/// keeps a space from the holes beside it.
#[test]
fn bulls_keep_a_space_from_their_neighbours_at_60_columns() {
    let (mut app, _rx) = app("--holes 12 --race off --north human --instant");
    keys(&mut app, "5");
    key(&mut app, KeyCode::Enter);
    let s = screen_wh(&mut app, 60, 20);
    let south = s
        .iter()
        .find(|l| l.trim_start().starts_with("South ") && l.contains("4S"))
        .unwrap_or_else(|| panic!("{s:#?}"));
    assert_eq!(
        south.trim(),
        "South    0   3   3   0   0   4   1 ◆4S   3   0   3   3",
        "{s:#?}"
    );
    // At 80 columns, as it was.
    let s = screen(&mut app);
    assert_eq!(
        board_lines(&s)[2],
        "South     0    3    3    0    0    4    1 ◆ 4S    3    0    3    3"
    );
}

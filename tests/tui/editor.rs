//! The board editor (issue 39): a position set up hole by hole from the
//! start menu (`e`) or from a game (`E`), checked as `--position LINE`
//! checks it, and played with the menu's seats.

use super::harness::*;
use masai_mancala::app::Screen;
use masai_mancala::engine::Side;
use ratatui::crossterm::event::KeyCode;
use std::time::Instant;

const START: &str = "enkeshui 0,0,4x6/0,0,4x6 s 0-0 1";
/// South's hole 1 holds 3 and hole 2 is his bull of 6; North's hole 1
/// holds 3 and hole 3 is his bull of 7; 15 and 14 captured (48 in all).
const TWO_BULLS: &str = "enkeshui 3,6*,0x6/3,0,7+,0x5 s 15-14 1";

fn press(app: &mut masai_mancala::app::App, codes: &[KeyCode]) {
    for &c in codes {
        key(app, c);
    }
}

/// From the empty board: the keys that set up `TWO_BULLS`.
fn two_bulls(app: &mut masai_mancala::app::App) {
    use KeyCode::*;
    // South's hole 1: 3; hole 2: 6, a bull (South's).
    keys(app, "Z3");
    press(app, &[Right]);
    keys(app, "6b");
    // Up to North's hole 7, then along to his hole 3: 7, a bull of North's.
    press(app, &[Up, Right, Right, Right, Right]);
    keys(app, "7bb");
    // His hole 1: 3.
    press(app, &[Right, Right]);
    keys(app, "3");
    // Under the board: South captured 15, North 14.
    press(app, &[Down, Down]);
    keys(app, "15");
    press(app, &[Right]);
    keys(app, "14");
}

#[test]
fn e_in_the_menu_sets_up_a_position_with_two_bulls_and_enter_plays_it() {
    let (mut app, _rx) = menu();
    keys(&mut app, "e");
    assert_eq!(app.editor_line().as_deref(), Some(START));
    let s = screen(&mut app);
    assert!(has(&s, "Board editor: Enkeshui 2x8"), "{s:#?}");
    assert!(has(&s, &format!("Line: {START}")), "{s:#?}");
    assert!(has(&s, "Seeds: 48 (Enkeshui 2x8 holds 48)"), "{s:#?}");
    assert!(has(&s, "Ready: Enter plays this position"), "{s:#?}");
    // The cursor starts on South's hole 1.
    assert!(has(&s, "South   > 0   0   4   4   4   4   4   4"), "{s:#?}");

    two_bulls(&mut app);
    assert_eq!(app.editor_line().as_deref(), Some(TWO_BULLS));
    let s = screen(&mut app);
    assert!(has(&s, "North     0   0   0   0   0   7+  0   3"), "{s:#?}");
    assert!(has(&s, "South     3   6*  0   0   0   0   0   0"), "{s:#?}");
    assert!(has(&s, "Captured  South  15   North[ 14]"), "{s:#?}");
    assert_eq!(app.status(), "North captured: 14");

    key(&mut app, KeyCode::Enter);
    assert_eq!(app.editor_line(), None);
    assert_eq!(app.screen(), Screen::Play);
    let game = app.play().unwrap().game();
    assert_eq!(game.position_line(), TWO_BULLS);
    // The menu's seats: you against the AI (medium).
    assert_eq!(app.seat_label(Side::North), "North (AI medium)");
    assert_eq!(app.seat_label(Side::South), "South (you)");
}

#[test]
fn a_position_that_is_not_one_says_why_and_enter_plays_nothing() {
    let (mut app, _rx) = menu();
    keys(&mut app, "e");
    // South's hole 2: 4 seeds more than the game holds.
    press(&mut app, &[KeyCode::Right]);
    keys(&mut app, "4");
    assert_eq!(
        app.editor_line().as_deref(),
        Some("enkeshui 0,4x7/0,0,4x6 s 0-0 1")
    );
    let s = screen(&mut app);
    assert!(has(&s, "Seeds: 52 (Enkeshui 2x8 holds 48)"), "{s:#?}");
    assert!(
        has(
            &s,
            "Not playable yet: south: the board and captures hold 52 seeds: Enkeshui has 48"
        ),
        "{s:#?}"
    );
    key(&mut app, KeyCode::Enter);
    assert!(app.status_error());
    assert_eq!(
        app.status(),
        "Not playable yet: south: the board and captures hold 52 seeds: Enkeshui has 48"
    );
    assert_eq!(app.screen(), Screen::Menu);
    assert!(app.editor_line().is_some());
    // `-` takes them back: 0, then typing 0 keeps it at 0.
    keys(&mut app, "----");
    assert_eq!(app.editor_line().as_deref(), Some(START));
    // Esc leaves: the menu, nothing played.
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.editor_line(), None);
    assert_eq!(app.screen(), Screen::Menu);
}

#[test]
fn e_in_a_game_edits_its_position_and_esc_goes_back_to_it() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant");
    assert!(app.decide("8".into(), Instant::now()));
    let after_8 = "enkeshui 1,0,4x5,0/1,1,5,0,5x4 n 0-0 2";
    keys(&mut app, "E");
    assert_eq!(app.editor_line().as_deref(), Some(after_8));
    // Typing 1 then 2 makes 12; a third digit past 999 starts again.
    keys(&mut app, "12");
    assert_eq!(
        app.editor_line().as_deref(),
        Some("enkeshui 12,0,4x5,0/1,1,5,0,5x4 n 0-0 2")
    );
    keys(&mut app, "1");
    assert!(has(&screen(&mut app), "South's hole 1: 121 seeds"));
    keys(&mut app, "9");
    assert_eq!(app.status(), "South's hole 1: 9 seeds");
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.editor_line(), None);
    assert_eq!(app.screen(), Screen::Play);
    assert_eq!(app.play().unwrap().game().position_line(), after_8);
    // From an earlier position looked at with [: that position.
    keys(&mut app, "[");
    keys(&mut app, "E");
    assert_eq!(app.editor_line().as_deref(), Some(START));
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.editor_line(), None);
    assert!(
        has(&screen(&mut app), "VIEWING turn 1"),
        "{:#?}",
        screen(&mut app)
    );
}

#[test]
fn bao_has_reserves_and_a_phase_and_no_bulls() {
    let (mut app, _rx) = start("bao --north human");
    keys(&mut app, "E");
    let s = screen(&mut app);
    assert!(has(&s, "Board editor: Bao la Kimasai"), "{s:#?}");
    assert!(has(&s, "Reserve   South  24   North  24"), "{s:#?}");
    assert!(has(&s, "Phase 1: cows in reserve"), "{s:#?}");
    assert!(!has(&s, "b bull"), "{s:#?}");
    keys(&mut app, "b");
    assert!(app.status_error());
    assert_eq!(app.status(), "Bulls and holes out of play are Enkeshui's");
    // The cursor starts on South's i1.
    key(&mut app, KeyCode::Right);
    assert_eq!(app.status(), "South's i2: 1 seed");
    // Both reserves to 0, 24 cows more on the board each: phase 2.
    keys(&mut app, "25");
    press(&mut app, &[KeyCode::Up]);
    // North's row is drawn right to left: column 2 is his i7.
    keys(&mut app, "25");
    assert_eq!(app.status(), "North's i7: 25 seeds");
    press(&mut app, &[KeyCode::Down, KeyCode::Down, KeyCode::Down]);
    keys(&mut app, "0");
    press(&mut app, &[KeyCode::Right]);
    keys(&mut app, "0");
    assert_eq!(
        app.editor_line().as_deref(),
        Some("bao 1,25,1x6/0x8/1x6,25,1/0x8 s 0-0 1")
    );
    let s = screen(&mut app);
    assert!(has(&s, "Phase 2: no cows in reserve"), "{s:#?}");
    assert!(has(&s, "Ready: Enter plays this position"), "{s:#?}");
    // The other side moves: + on "To move".
    press(&mut app, &[KeyCode::Right]);
    keys(&mut app, "+");
    assert_eq!(app.status(), "North moves (+ or - changes it)");
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), Screen::Play);
    let game = app.play().unwrap().game();
    assert_eq!(
        game.position_line(),
        "bao 1,25,1x6/0x8/1x6,25,1/0x8 n 0-0 1"
    );
    assert_eq!(game.to_move(), Side::North);
}

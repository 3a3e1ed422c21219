//! Earlier positions of the live game, browsed while the game (and the AI)
//! goes on.

use super::*;

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
    assert_eq!(app.ctx(), masai_mancala::keys::Ctx::Play);
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

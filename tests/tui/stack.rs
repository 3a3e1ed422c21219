//! Where the player is: one stack of screens. A key goes to the one on top,
//! the key bar is the top's, and what opens under a notice leaves the notice
//! on top until a key.

use super::*;
use masai_mancala::keys::Ctx;
use std::time::Duration;

/// The saved games' list that a load brings while a notice is shown opens
/// under the notice: the next key closes the notice only, and the list is
/// then there as it came, its keys in the bar.
#[test]
fn a_list_loaded_under_a_notice_opens_under_it() {
    let dir = crate::temp::TempDir::new("masai-tui-stack");
    std::fs::copy(
        fixture("../records/valid.json"),
        dir.join("game-valid.json"),
    )
    .unwrap();
    let (mut app, rx) = menu_saving_in(&dir);
    keys(&mut app, "o");
    assert_eq!(app.ctx(), Ctx::Loading);
    app.show_notice("Settings file", vec!["line 3: no such key".into()]);
    // The notice has no keys of its own: the bar is the load's.
    assert_eq!(app.ctx(), Ctx::Loading);
    let ev = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("the list is read");
    assert!(app.handle(ev, Instant::now()));
    assert!(app.loading().is_none());
    assert!(app.saves().is_some());
    let s = screen(&mut app);
    assert!(has(&s, "line 3: no such key"), "{s:#?}");
    assert!(has(&s, "Any key: go on"), "{s:#?}");
    // Down closes the notice and does nothing else.
    key(&mut app, KeyCode::Down);
    assert!(app.notice().is_none());
    assert_eq!(app.saves().expect("the list stays").selected(), 0);
    assert_eq!(app.ctx(), Ctx::Saves);
    let s = screen(&mut app);
    assert!(has(&s, "game-valid.json"), "{s:#?}");
    assert!(has(&s, "Esc back"), "{s:#?}");
    // Esc closes the list: the menu.
    key(&mut app, KeyCode::Esc);
    assert!(app.saves().is_none());
    assert_eq!(app.ctx(), Ctx::Menu);
}

/// The key bar and the keys are the top's: the help over an earlier position
/// over the game closes back to the earlier position, and Esc then back to
/// the game.
#[test]
fn keys_and_the_key_bar_are_the_top_screens() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant");
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.ctx(), Ctx::Play);
    keys(&mut app, "[");
    assert_eq!(app.ctx(), Ctx::Browse);
    let s = screen(&mut app);
    assert!(has(&s, "Esc back to the game"), "{s:#?}");
    keys(&mut app, "?");
    assert_eq!(app.ctx(), Ctx::Help);
    // The help opens at the keys of the screen below it (issue 40 item 9).
    assert!(app.help_scroll().is_some_and(|s| s > 0));
    let s = screen(&mut app);
    assert!(has(&s, "Esc close"), "{s:#?}");
    assert!(has(&s, "│ Earlier positions of the game"), "{s:#?}");
    // Esc closes the help only.
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.help_scroll(), None);
    assert_eq!(app.ctx(), Ctx::Browse);
    assert!(app.browsing().is_some());
    key(&mut app, KeyCode::Esc);
    assert!(app.browsing().is_none());
    assert_eq!(app.ctx(), Ctx::Play);
    assert_eq!(app.status(), "Back to the game: turn 2, North to move");
    // The quit confirmation over the game: n closes it, the game goes on.
    keys(&mut app, "q");
    assert_eq!(app.ctx(), Ctx::Confirm);
    assert!(app.confirming_quit());
    keys(&mut app, "n");
    assert!(!app.confirming_quit());
    assert_eq!(app.ctx(), Ctx::Play);
    assert_eq!(app.status(), "Go on playing");
    assert!(!app.quitting());
}

//! The special move on the play screen: its prompt, its refusals, the key bar's
//! x, the guided redistribution, and its long token in the move lists.

use super::*;

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
    let (mut app, _rx) = super::super::harness::app(
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
    let (mut app, _rx) = super::super::harness::app("--holes 8 --race off --north human");
    let s = screen(&mut app);
    assert!(!s[23].contains("special"), "{}", s[23]);
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
    // Issue 40 item 8: in words, not the move's notation (x3,4=...).
    assert_eq!(app.status(), "the special move must change the row");
    let p = app.play().unwrap();
    assert_eq!(p.special().unwrap().in_hand, 8);
    assert!(p.moves().is_empty());
}

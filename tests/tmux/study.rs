//! A study in the full-screen client: `--position` with its one line, the
//! board it draws, and `P` giving the line back before and after a turn.

use super::{have_tmux, quit, send, start, wait_for};

/// South's seeds in holes 6 and 8, North's row empty (tests/study.rs works
/// it out): hole 8 ends in North's hole 1, and it is North's turn 41.
#[test]
fn a_study_starts_from_its_line_and_p_gives_the_line_back() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let line = "enkeshui 0x5,1,0,1/0x8 s 23-23 40";
    let s = start(
        "masai-e2e-study",
        &format!("enkeshui --position '{line}' --north human --instant"),
    );
    let sc = wait_for(&s, "South to move: pick a hole and press Enter");
    assert!(sc.contains("Enkeshui · turn 40 · South to move"), "{sc}");
    assert!(
        sc.contains("North     0    0    0    0    0    0    0    0"),
        "{sc}"
    );
    assert!(
        sc.contains("South     0    0    0    0    0    1    0    1"),
        "{sc}"
    );
    send(&s, &["P"]);
    let sc = wait_for(&s, "Position, turn 40");
    assert!(sc.contains(line), "{sc}");
    send(&s, &["Escape"]);
    send(&s, &["8", "Enter"]);
    wait_for(&s, "North to move");
    send(&s, &["P"]);
    let sc = wait_for(&s, "Position, turn 41");
    assert!(sc.contains("enkeshui 0x5,1,0,0/1,0x7 n 23-23 41"), "{sc}");
    send(&s, &["Escape"]);
    quit(&s, "A game is in progress. Quit?");
}

/// The board editor as a person uses it: from the start menu, a position
/// with two bulls set up hole by hole and played; the game drawn is the one
/// `--position` draws from the editor's line, and `P` gives that line back.
#[test]
fn the_board_editor_builds_a_position_with_two_bulls_that_plays_as_its_line() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let line = "enkeshui 3,6*,0x6/3,0,7+,0x5 s 15-14 1";
    let s = start("masai-e2e-editor", "");
    wait_for(&s, "Enter starts the game");
    send(&s, &["e"]);
    wait_for(&s, "Board editor: Enkeshui 2x8");
    // Empty the board; South's hole 1: 3, hole 2: a bull of his with 6.
    send(&s, &["Z", "3", "Right", "6", "b"]);
    // North's hole 3 (four to the right of his hole 7): his bull of 7;
    // his hole 1: 3. Under the board: 15 and 14 captured.
    send(
        &s,
        &["Up", "Right", "Right", "Right", "Right", "7", "b", "b"],
    );
    send(
        &s,
        &[
            "Right", "Right", "3", "Down", "Down", "1", "5", "Right", "1", "4",
        ],
    );
    let sc = wait_for(&s, &format!("Line: {line}"));
    assert!(sc.contains("Ready: Enter plays this position"), "{sc}");
    assert!(sc.contains("Seeds: 48 (Enkeshui 2x8 holds 48)"), "{sc}");
    send(&s, &["Enter"]);
    let edited = wait_for(&s, "South to move: pick a hole and press Enter");
    send(&s, &["P"]);
    let sc = wait_for(&s, "Position, turn 1");
    assert!(sc.contains(line), "{sc}");
    send(&s, &["Escape"]);
    quit(&s, "A game is in progress. Quit?");

    let t = start(
        "masai-e2e-editor-line",
        &format!("enkeshui --position '{line}'"),
    );
    let given = wait_for(&t, "South to move: pick a hole and press Enter");
    let board = |sc: &str| -> Vec<String> { sc.lines().take(8).map(str::to_string).collect() };
    assert_eq!(board(&edited), board(&given), "{edited}\n{given}");
    assert!(
        given.contains("North     0    0    0    0    0 ◆ 7N    0    3"),
        "{given}"
    );
    assert!(
        given.contains("South     3 ◆ 6S    0    0    0    0    0    0"),
        "{given}"
    );
    quit(&t, "A game is in progress. Quit?");
}

//! The word `position` (issue 39): the position in one line, as
//! `--position` reads it, at a game's turn, at its end and in a replay.

use super::*;

#[test]
fn position_prints_the_line_before_and_after_a_turn_and_help_lists_it() {
    let r = run(&enkeshui_hot_seat_full(), "position\n8\nposition\nhelp\n");
    assert_eq!(r.code, 0, "{}", r.err);
    let lines = r.lines();
    assert_eq!(
        lines[6..8],
        [
            "South to move, turn 1, holes 3 to 8.",
            "enkeshui 0,0,4x6/0,0,4x6 s 0-0 1",
        ]
    );
    assert_eq!(
        lines[10..12],
        [
            "North to move, turn 2, any hole but 4.",
            "enkeshui 1,0,4x5,0/1,1,5,0,5x4 n 0-0 2",
        ]
    );
    assert!(
        r.out.contains(
            "\nthe moves so far. rules: the rules of this game. position: the position in one\n\
             line, to set it up again with --position. save saves the game. quit saves and\n"
        ),
        "{}",
        r.out
    );
}

#[test]
fn a_position_set_up_by_its_line_prints_the_same_line() {
    // Bulls of both, a hole out of play, a match and the special move used.
    let line = "enkeshui 0,6*,3,3,0x4/0#,2,7+,0x5 n 20-7 31 special_move=once match \
                special_used=s";
    // Over 80 columns: the line is written whole, to be copied.
    let dir = temp_dir();
    let r = run_any(
        &dir,
        &args(&["enkeshui", "--plain", "--position", line], &HOT_SEAT),
        "position\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.lines().contains(&line), "{}", r.out);
    let bao = "bao 1x4,0,0,2,0/0x6,1,1/1x8/0x8 n 24-24 2";
    let r = run(
        &args(&["bao", "--plain", "--position", bao], &HOT_SEAT),
        "position\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.lines().contains(&bao), "{}", r.out);
}

#[test]
fn position_at_the_end_of_a_game_prints_the_last_position() {
    // South's hole 6 ends in his empty hole 7, facing North's empty row:
    // North, to move, has no seed and the game is over; the line is the
    // board as it stands (South's last 2 seeds are his in the result).
    let r = run(
        &args(
            &[
                "enkeshui",
                "--plain",
                "--position",
                "enkeshui 0x5,1,0,1/0x8 s 23-23 40",
            ],
            &HOT_SEAT,
        ),
        "6\nposition\nhelp\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let i = r
        .lines()
        .iter()
        .position(|l| l.starts_with("Type review"))
        .unwrap_or_else(|| panic!("no end in:\n{}", r.out));
    assert_eq!(
        r.lines()[i + 2..i + 4],
        [
            "enkeshui 0x6,1,1/0x8 n 23-23 41",
            "review, undo, board, log, position or quit.",
        ]
    );
}

#[test]
fn replay_plain_prints_the_line_of_the_position_shown() {
    let dir = temp_dir();
    let save = dir.join("one.json");
    let r = hot_seat_saved_in(&dir, &save, "8\n");
    assert_eq!(r.code, 0, "{}", r.err);
    let r = run_in(
        &dir,
        &["replay", "--plain", save.to_str().unwrap()],
        "position\nnext\nposition\nback\nposition\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let shown: Vec<&str> = r
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("enkeshui "))
        .collect();
    assert_eq!(
        shown,
        [
            "enkeshui 0,0,4x6/0,0,4x6 s 0-0 1",
            "enkeshui 1,0,4x5,0/1,1,5,0,5x4 n 0-0 2",
            "enkeshui 0,0,4x6/0,0,4x6 s 0-0 1",
        ]
    );
}

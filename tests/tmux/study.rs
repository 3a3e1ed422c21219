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

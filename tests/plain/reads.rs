//! The short reads (issue 38): the last turn, a row, some holes, one
//! hole, the bulls, a sowing tried, the analysis; listed by help; a word
//! with a wrong argument is refused in a line that points to help.

use super::*;

#[test]
fn short_reads_say_one_thing_each_and_play_nothing() {
    let dir = temp_dir();
    let path = record(
        &dir,
        "enkeshui",
        r#"{"game":"enkeshui","holes":8,"south":[5,5,5,3,6,1,3,3],"north":[0,4,8,4,0,0,1,0],
"bulls":[{"side":"south","hole":1,"owner":"south"},{"side":"north","hole":3,"owner":"south"},
{"side":"north","hole":4,"owner":"south"}],"captured":{"south":0,"north":0},"to_move":"south","turn":11}"#,
        "{}",
    );
    let r = resume_full(
        &dir,
        &path,
        "last\nbulls\nhole 5\nrow north\nholes 2 to 4\ntry 8\n8\nlast\n7\nlast 2\n\
         row west\nholes 5 to 2\nhole 9\ntry\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.event("South to move, turn 11"),
        [
            "South to move, turn 11, holes 2 to 8.",
            "No turns yet.",
            "3 bulls: South's hole 1, owned by South, 5 seeds; North's hole 3, owned by",
            "South, 8 seeds; North's hole 4, owned by South, 4 seeds.",
            "South's hole 5: 6 seeds; it faces North's hole 4: South's bull, 4 seeds.",
            "North's row, holes 8 to 1: 0, 1, 0, 0, 4 in South's bull, 8 in South's bull, 4,",
            "0.",
            "South's row, holes 2 to 4: 5, 5, 3.",
            // Tried, not played: the prompt does not come again, the turn is South's.
            "Not played: South sows hole 8: ends in South's bull at North's hole 3. South has",
            "41, North 7.",
            "South sows hole 8: ends in South's bull at North's hole 3. South has 41, North",
            "7.",
            "North to move, turn 12, holes 1, 2 and 7.",
            "Turn 11: South sows hole 8: ends in South's bull at North's hole 3. South has",
            "41, North 7.",
            "North sows hole 7: ends in North's empty hole 8. South has 41, North 7.",
            "South to move, turn 13, holes 2 to 7.",
            "Turn 11: South sows hole 8: ends in South's bull at North's hole 3. South has",
            "41, North 7.",
            "Turn 12: North sows hole 7: ends in North's empty hole 8. South has 41, North 7.",
            "Type row, row north or row south (help: the words).",
            "Type holes, then two numbers from 1 to 8 with to between them, for example holes",
            "1 to 5 (help: the words).",
            "Type hole and a number from 1 to 8 (help: the words).",
            "Try what? Type help for the words you can use.",
        ]
        .join("\n")
            + "\nSaved in "
            + &path.display().to_string()
    );
}

#[test]
fn short_reads_in_en_gehe_and_bao_and_in_help() {
    let r = run(
        &[
            "en-gehe",
            "--holes",
            "20",
            "--plain",
            "--verbosity",
            "full",
            "--south",
            "human",
            "--north",
            "human",
        ],
        "holes 11 to 20\nhole 12 north\nhelp\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.event("South to move, turn 1")
            .lines()
            .take(4)
            .collect::<Vec<_>>(),
        [
            "South to move, turn 1, any hole.",
            "South's row, holes 11 to 20: 4, 4, 4, 4, 4, 4, 4, 4, 4, 4.",
            "North's hole 12: 4 seeds; it faces South's hole 9: 4 seeds.",
            "Type a hole number to sow it (in Bao i3 or o5: inner or outer hole 3 or 5).",
        ]
    );
    let help = r.out.split_whitespace().collect::<Vec<_>>().join(" ");
    for word in [
        "last,",
        "last 3,",
        "row,",
        "row north.",
        "holes 11 to 20.",
        "hole 5,",
        "bulls.",
        "try 5,",
        "analysis,",
    ] {
        assert!(
            help.contains(&format!(" {word}")),
            "{word} not in help: {help}"
        );
    }
    let r = run(
        &[
            "bao",
            "--plain",
            "--verbosity",
            "full",
            "--north",
            "ai:easy",
        ],
        "hole i3\nhole o3\nrow north\nbulls\nanalysis\ntry inner 3\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let said = r.event("Your move, turn 1");
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(
        lines[..6],
        [
            "Your move, turn 1, any inner hole.",
            "Your inner hole 3: 1 cow; it faces North's inner hole 6, 1 cow.",
            "Your outer hole 3: 0 cows.",
            "North's inner row, holes 8 to 1: 1, 1, 1, 1, 1, 1, 1, 1.",
            "North's outer row, holes 8 to 1: 0, 0, 0, 0, 0, 0, 0, 0.",
            "Bao has no bulls.",
        ]
    );
    assert!(
        lines[6].starts_with("Analysis, best first: inner hole "),
        "{said}"
    );
    assert!(
        said.contains("\nNot played: You sow inner hole 3: ends in "),
        "{said}"
    );
}

/// Issue 42: in this En Gehé 2x4 position the review's budget does not see
/// every line to its end: the hint and the analysis say a proven result as
/// a bound, without turns.
#[test]
fn the_hint_says_a_bound_as_a_bound() {
    let dir = temp_dir();
    let path = dir.join("game.json");
    std::fs::write(
        &path,
        r#"{"format":"masai-mancala-record","version":1,"game":"en-gehe","variant":{"holes":4},
"rules":{},"seats":{"south":"human","north":"human"},"options":{"race":"off","seed":0},
"start":{"game":"en-gehe","holes":4,"south":[1,0,5,0],"north":[1,0,0,0],"captured":{"south":0,"north":0},"to_move":"south","turn":1},
"race":null,"decisions":[],"result":null}"#,
    )
    .unwrap();
    let r = run_in(
        &dir,
        &["resume", "--plain", path.to_str().unwrap()],
        "hint\nanalysis\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let said: Vec<&str> = r
        .out
        .lines()
        .filter(|l| l.starts_with("Hint") || l.starts_with("Analysis"))
        .collect();
    assert_eq!(
        said,
        [
            "Hint: hole 3; the AI rates it: wins by at least 1.",
            "Analysis, best first: hole 3 wins by at least 1; hole 1 loses by at least 5.",
        ]
    );
}

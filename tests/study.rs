//! Studies: a game started from a position given in its one line or as a
//! file (`--position`), the position before any decision of a record
//! (`replay --position N`) and every decision's value (`analyse`).
//!
//! The endgames are worked out by hand (rules/enkeshui.md): a last seed in
//! an empty hole of your own row on the first lap takes the hole opposite,
//! one in the opponent's row ends the turn, and the game ends when the
//! player to move has no seed, each taking what is left in his row.

#[path = "common/run.rs"]
mod run;
#[path = "common/temp.rs"]
mod temp;
use temp::TempDir;

use std::path::{Path, PathBuf};

use run::{Ran as Run, run_in};

fn run(args: &[&str]) -> Run {
    let dir = TempDir::new("mm-study");
    run_in(&dir, args, "")
}

/// The one game saved in `dir`'s data folder.
fn saved_game(dir: &Path) -> PathBuf {
    let folder = dir.join("data/masai-mancala");
    let games: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("game-") && name.ends_with(".json")
        })
        .collect();
    assert_eq!(games.len(), 1, "{games:?}");
    games[0].clone()
}

/// South to move, his seeds in holes 6 and 8, North's row empty.
/// Hole 6 ends in empty hole 7 facing an empty hole: North has no seed and
/// the game is over at once, South taking 2 (25 to 23). Hole 8 ends in
/// North's hole 1; North's one move ends in his empty hole 2, facing
/// South's empty 7; South's hole 6 then ends in hole 7, takes North's 2
/// and its own seed, and North has none: 25 to 23 in three turns.
const WON: &str = "enkeshui 0x5,1,0,1/0x8 s 23-23 40";

#[test]
fn analyse_proves_a_won_endgame_exactly() {
    let r = run(&["analyse", WON]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.out.lines().collect::<Vec<_>>(),
        [
            "Enkeshui, South to move, turn 40.",
            "Position: enkeshui 0x5,1,0,1/0x8 s 23-23 40",
            "        8   7   6   5   4   3   2   1   North's holes",
            "North   0   0   0   0   0   0   0   0    captured 23",
            "South   0   0   0   0   0   1   0   1    captured 23",
            "        1   2   3   4   5   6   7   8   South's holes",
            "Searched to the end of every line (3 decisions deep): every value is exact.",
            "Values for South, the player to move, best first:",
            "  6  win +2 in 1 turn",
            "  8  win +2 in 3 turns",
        ]
    );
}

/// South's one seed in hole 1 ends in his empty hole 2, facing North's
/// empty 7. North's one seed, hole 6, ends in his empty 7, facing South's
/// hole 2: North takes 2 and South has no seed left. 23 to 25.
#[test]
fn analyse_proves_a_lost_endgame_and_says_it_as_json() {
    let line = "enkeshui 1,0x7/0x5,1,0,0 s 23-23 40";
    let r = run(&["analyse", line, "--json"]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v: serde_json::Value = serde_json::from_str(r.out.trim()).expect("one JSON object");
    assert_eq!(v["line"], line);
    assert_eq!(v["to_move"], "south");
    assert_eq!(v["exact"], true);
    assert_eq!(
        v["position"]["south"],
        serde_json::json!([1, 0, 0, 0, 0, 0, 0, 0])
    );
    assert_eq!(v["values"].as_array().expect("values").len(), 1);
    assert_eq!(v["values"][0]["decision"], "1");
    assert_eq!(
        v["values"][0]["proven"],
        serde_json::json!({"won": false, "margin": -2, "turns": 2})
    );
    assert_eq!(v["result"], serde_json::Value::Null);
}

/// A position already over has no decision to value: it says the result.
#[test]
fn analyse_of_a_finished_game_gives_its_result() {
    let r = run(&["analyse", "enkeshui 0x8/0x4,4,0x3 s 24-20 40"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.out.lines().last(),
        Some(
            "The game is over: a draw, South 24 to North 24 (the player to move has no seeds to sow)."
        )
    );
}

/// A faulty line names its field and the program exits non-zero, printing nothing.
#[test]
fn a_faulty_position_names_its_field() {
    for (args, error) in [
        (
            vec!["analyse", "enkeshui 0,0,4x6/0,0,4,y,4,4,4,4 s 0-0 1"],
            "error: analyse: north[3]: 'y' is not a seed count",
        ),
        (
            vec!["analyse", "enkeshui 0,0,4x6/0,0,4x6 w 0-0 1"],
            "error: analyse: side: 'w' is not s or n (South or North)",
        ),
        (
            vec!["enkeshui", "--position", "enkeshui 0,0,4x6/0,0,4x5 s 0-0 1"],
            "error: --position: ",
        ),
        (
            vec!["en-gehe", "--position", WON],
            "error: --position: a position of Enkeshui, not of En Gehé",
        ),
    ] {
        let r = run(&args);
        assert_ne!(r.code, 0, "{args:?} was taken");
        assert_eq!(r.out, "", "{args:?}");
        assert!(r.err.starts_with(error), "{args:?}: {}", r.err);
    }
}

/// What a position holds (the board, the side to move, the rules) cannot be
/// set beside it: the race, the layout, the first mover are refused.
#[test]
fn the_rules_a_position_holds_are_refused_beside_it() {
    for (flag, value) in [
        ("--race", "on"),
        ("--layout", "8-right-empty"),
        ("--first", "north"),
        ("--holes", "10"),
    ] {
        let r = run(&["enkeshui", "--position", WON, flag, value, "--plain"]);
        assert_eq!(r.code, 2, "{flag}: {}", r.err);
        assert!(
            r.err
                .contains("'--position <FILE|LINE>' cannot be used with")
                && r.err.contains(flag),
            "{flag}: {}",
            r.err
        );
    }
}

/// Each game starts from its line, in the line mode as at one keyboard; the
/// record it saves starts there (`replay --position 1` gives the line back)
/// and resumes there.
#[test]
fn every_game_starts_from_its_line_and_saves_it() {
    for (game, line) in [
        ("enkeshui", WON),
        // A size with no layout of its own: the record names 48 seeds spread evenly.
        ("enkeshui", "enkeshui 2x9/2x8,1 s 6-7 3"),
        ("en-gehe", "en-gehe 0x10,5,4x29/4x40 n 20-19 12"),
        ("bao", "bao 2x8/0x8/2x8/0x8 s 16-16 1"),
    ] {
        let dir = TempDir::new("mm-study-game");
        let args = [
            game,
            "--position",
            line,
            "--south",
            "human",
            "--north",
            "human",
            "--plain",
        ];
        let r = run_in(&dir, &args, "");
        assert_eq!(r.code, 0, "{game}: {}", r.err);
        let file = saved_game(&dir);
        let file = file.to_str().expect("UTF-8 path");
        let r = run_in(&dir, &["replay", file, "--position", "1"], "");
        assert_eq!((r.code, r.out.trim()), (0, line), "{game}: {}", r.err);
        // The prompt names the turn at full verbosity (`legal` reads it so
        // at any verbosity).
        let r = run_in(
            &dir,
            &["resume", file, "--plain", "--verbosity", "full"],
            "",
        );
        assert_eq!(r.code, 0, "{game}: {}", r.err);
        assert!(
            r.out
                .contains(&format!("turn {},", line.split(' ').nth(4).unwrap())),
            "{game}: {}",
            r.out
        );
    }
}

/// The won endgame played at one keyboard, hole 8, North's 1, hole 6: the
/// record gives the position before each decision and after the last.
#[test]
fn replay_gives_the_position_before_each_decision() {
    let dir = TempDir::new("mm-study-replay");
    let args = [
        "enkeshui",
        "--position",
        WON,
        "--south",
        "human",
        "--north",
        "human",
        "--plain",
    ];
    let r = run_in(&dir, &args, "8\n1\n6\n");
    assert_eq!(r.code, 0, "{}", r.err);
    let file = saved_game(&dir);
    let file = file.to_str().expect("UTF-8 path");
    let mut lines = Vec::new();
    for n in ["1", "2", "3", "4"] {
        let r = run_in(&dir, &["replay", file, "--position", n], "");
        assert_eq!(r.code, 0, "{n}: {}", r.err);
        lines.push(r.out.trim().to_string());
    }
    assert_eq!(
        lines,
        [
            WON,
            "enkeshui 0x5,1,0,0/1,0x7 n 23-23 41",
            "enkeshui 0x5,1,0,0/0,1,0x6 s 23-23 42",
            "enkeshui 0x8/0x8 n 25-23 43",
        ]
    );
    let r = run_in(&dir, &["replay", file, "--position", "5"], "");
    assert_eq!(r.code, 1);
    assert_eq!(r.out, "");
    assert_eq!(
        r.err,
        "error: --position 5: there is no decision 5: the record holds 3 (1 to 3; 4 is the final position)\n"
    );
    // The position JSON, which `--position` and the engine take back.
    let r = run_in(&dir, &["replay", file, "--position", "2", "--json"], "");
    assert_eq!(r.code, 0, "{}", r.err);
    let v: serde_json::Value = serde_json::from_str(r.out.trim()).expect("JSON");
    assert_eq!(v["north"], serde_json::json!([1, 0, 0, 0, 0, 0, 0, 0]));
    assert_eq!(v["to_move"], "north");
}

/// A file holds either form, or the engine's `state` answer copied whole.
#[test]
fn a_position_file_holds_either_form() {
    let dir = TempDir::new("mm-study-file");
    let state = run_in(&dir, &["engine"], format!("position {WON}\nstate\n"));
    let state = state.out.lines().last().expect("the state").to_string();
    assert!(state.starts_with("state {"), "{state}");
    std::fs::write(dir.join("state.txt"), &state).unwrap();
    std::fs::write(dir.join("pos.json"), state.trim_start_matches("state ")).unwrap();
    std::fs::write(dir.join("pos.txt"), format!("{WON}\n")).unwrap();
    for file in ["state.txt", "pos.json", "pos.txt"] {
        let r = run_in(&dir, &["analyse", file], "");
        assert_eq!(r.code, 0, "{file}: {}", r.err);
        assert_eq!(
            r.out.lines().nth(1),
            Some(&*format!("Position: {WON}")),
            "{file}"
        );
    }
    std::fs::write(dir.join("bad.json"), "{\"game\": ").unwrap();
    let r = run_in(&dir, &["analyse", "bad.json"], "");
    assert_ne!(r.code, 0);
    assert!(
        r.err
            .starts_with("error: analyse bad.json: not valid JSON: "),
        "{}",
        r.err
    );
}

/// The one-line examples of docs/NOTATION.md are read, and written back
/// as they stand.
#[test]
fn the_notations_examples_read_and_write_back() {
    use masai_mancala::engine::AnyGame;
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/NOTATION.md"))
        .expect("docs/NOTATION.md");
    let section = text
        .split("## Position (one line)")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("the section");
    let lines: Vec<&str> = section
        .lines()
        .filter(|l| {
            ["enkeshui ", "en-gehe ", "bao "]
                .iter()
                .any(|g| l.starts_with(g))
        })
        .collect();
    assert_eq!(lines.len(), 6, "{lines:?}");
    for line in lines {
        let game = AnyGame::from_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(game.position_line(), line);
    }
}

/// Issue 42: in this En Gehé 2x12 position 9 and 12 both win by 32 in 6
/// turns, but the judge proves only 9, and not to every end: 9 shows as a
/// bound, first as the judge's best (`expert`'s choice: a proven win over
/// an estimate), then 12's higher estimate, and the JSON gives no turns.
#[test]
fn analyse_shows_a_bound_as_a_bound() {
    let line = "en-gehe 0x3,1,0,1,0,0,1,0x3/0x8,1,0,0,1 n 27-64 1";
    let r = run(&["analyse", line]);
    assert_eq!(r.code, 0, "{}", r.err);
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(
        lines[lines.len() - 4..],
        [
            "Searched 26 decisions deep, not to every end: a win or loss is proven with its margin so far (\"or more\": a line not yet proven may win by more), the rest estimated.",
            "Values for North, the player to move, best first:",
            "  9   win +32 or more",
            "  12  +38.8 seeds, estimated",
        ]
    );
    let r = run(&["analyse", line, "--json"]);
    let v: serde_json::Value = serde_json::from_str(r.out.trim()).expect("one JSON object");
    assert_eq!(v["exact"], false);
    assert_eq!(v["values"][0]["decision"], "9");
    assert_eq!(
        v["values"][0]["proven"],
        serde_json::json!({"won": true, "margin": 32, "turns": null})
    );
}

//! The line mode (`--plain`), driven as a person or a script drives it:
//! lines piped in, lines read back.

#[path = "common/temp.rs"]
mod temp;
use temp::TempDir;

use std::cell::Cell;
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// A fresh data folder (and home) for one run, removed when dropped.
fn temp_dir() -> TempDir {
    TempDir::new("mm-plain")
}

struct Run {
    out: String,
    err: String,
    code: i32,
    dir: PathBuf,
    /// The folder made for this run alone ([`run`]), kept as long as the run.
    _temp: Option<TempDir>,
}

impl Run {
    fn lines(&self) -> Vec<&str> {
        self.out.lines().collect()
    }

    /// The line that starts with `head` and the lines it wraps onto, as one.
    fn event(&self, head: &str) -> String {
        let lines = self.lines();
        let i = lines
            .iter()
            .position(|l| l.starts_with(head))
            .unwrap_or_else(|| panic!("no line starting {head:?} in:\n{}", self.out));
        lines[i..].join("\n")
    }
}

fn run_in(dir: &Path, args: &[&str], input: &str) -> Run {
    let run = run_any(dir, args, input);
    plain_lines(&run.out);
    run
}

fn run_any(dir: &Path, args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .args(args)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("HOME", dir)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("it ends");
    writer.join().expect("input written");
    Run {
        out: String::from_utf8(out.stdout).expect("UTF-8 out"),
        err: String::from_utf8(out.stderr).expect("UTF-8 err"),
        code: out.status.code().unwrap_or(-1),
        dir: dir.to_path_buf(),
        _temp: None,
    }
}

fn run(args: &[&str], input: &str) -> Run {
    let dir = temp_dir();
    let r = run_in(&dir, args, input);
    Run {
        _temp: Some(dir),
        ..r
    }
}

/// No escape byte or other control character, no line over 80 columns.
fn plain_lines(out: &str) {
    for l in out.lines() {
        assert!(
            !l.chars().any(|c| c.is_control()),
            "a control character in {l:?}"
        );
        assert!(l.chars().count() <= 80, "over 80 columns: {l:?}");
    }
}

/// A record of a hot-seat game starting at `start` (a position JSON), in `dir`.
fn record(dir: &Path, game: &str, start: &str, rules: &str) -> PathBuf {
    let path = dir.join("game.json");
    let variant = if game == "bao-la-kimasai" {
        "{}"
    } else {
        r#"{"holes": 8}"#
    };
    std::fs::write(
        &path,
        format!(
            r#"{{"format":"masai-mancala-record","version":1,"game":"{game}","variant":{variant},
"rules":{rules},"seats":{{"south":"human","north":"human"}},"options":{{"race":"off","seed":0}},
"start":{start},"race":null,"decisions":[],"result":null}}"#
        ),
    )
    .expect("record written");
    path
}

const HOT_SEAT: [&str; 4] = ["--south", "human", "--north", "human"];

fn args<'a>(head: &[&'a str], tail: &[&'a str]) -> Vec<&'a str> {
    head.iter().chain(tail).copied().collect()
}

// ---- hand-worked turns ---------------------------------------------------------

#[test]
fn the_start_is_read_aloud_and_a_relay_is_told_in_words() {
    let r = run(
        &args(&["enkeshui", "--plain", "--race", "off"], &HOT_SEAT),
        "8\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.lines()[..8],
        [
            "Enkeshui, 2 rows of 8 (8-left-empty). South is a person, North is a person.",
            "Type help for the words you can use.",
            "South moves first.",
            "South's row, holes 1 to 8: 0, 0, 4, 4, 4, 4, 4, 4.",
            "North's row, holes 8 to 1: 4, 4, 4, 4, 4, 4, 0, 0.",
            "Captured: South 0, North 0.",
            "South to move, turn 1, holes 3, 4, 5, 6, 7 or 8.",
            "South sows hole 8: 2 laps, relays 5 seeds from North's hole 4, ends in South's",
        ]
    );
    assert_eq!(r.lines()[8], "empty hole 1. South has 21, North 27.");
    assert_eq!(
        r.lines()[9],
        "North to move, turn 2, holes 1, 2, 3, 5, 6, 7 or 8."
    );
}

#[test]
fn a_capture_names_its_holes() {
    let dir = temp_dir();
    let path = record(
        &dir,
        "enkeshui",
        r#"{"game":"enkeshui","holes":8,"south":[5,0,6,4,10,2,4,0],"north":[0,4,8,4,0,0,1,0],
"bulls":[{"side":"south","hole":1,"owner":"south"},{"side":"south","hole":7,"owner":"south"},
{"side":"north","hole":3,"owner":"south"},{"side":"north","hole":4,"owner":"south"}],
"captured":{"south":0,"north":0},"to_move":"north","turn":12}"#,
        "{}",
    );
    let r = run_in(&dir, &["resume", "--plain", path.to_str().unwrap()], "2\n");
    assert_eq!(r.code, 0, "{}", r.err);
    // Bulls are read in words.
    assert!(r.out.contains(
        "\nSouth's row, holes 1 to 8: 5 in South's bull, 0, 6, 4, 10, 2, 4 in South's bull,\n0.\n"
    ));
    assert_eq!(
        r.event("North sows"),
        "North sows hole 2: captures 7 seeds from South's hole 3 and North's hole 6.\n\
         South has 39, North 9.\n\
         South to move, turn 13, holes 4, 5 or 6.\n\
         Saved in game.json"
            .replace("game.json", &path.display().to_string())
    );
}

#[test]
fn a_bull_made_is_told() {
    let dir = temp_dir();
    let path = record(
        &dir,
        "enkeshui",
        r#"{"game":"enkeshui","holes":8,"south":[5,5,5,3,9,1,3,0],"north":[0,4,8,4,0,0,1,0],
"bulls":[{"side":"south","hole":1,"owner":"south"},{"side":"north","hole":3,"owner":"south"},
{"side":"north","hole":4,"owner":"south"}],"captured":{"south":0,"north":0},"to_move":"south","turn":11}"#,
        "{}",
    );
    let r = run_in(&dir, &["resume", "--plain", path.to_str().unwrap()], "2\n");
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out.contains(
            "\nSouth sows hole 2: makes South's hole 7 a bull for South. South has 43, North 5.\n"
        ),
        "{}",
        r.out
    );
}

#[test]
fn a_crossing_asks_the_direction_in_words_and_wrong_answers_get_a_line() {
    let dir = temp_dir();
    let path = record(
        &dir,
        "enkeshui",
        r#"{"game":"enkeshui","holes":8,"south":[0,3,0,4,5,0,1,10],"north":[0,4,4,3,2,1,8,3],
"bulls":[{"side":"south","hole":4,"owner":"south"},{"side":"south","hole":5,"owner":"south"},
{"side":"north","hole":2,"owner":"north"}],"captured":{"south":0,"north":0},"to_move":"north","turn":8}"#,
        "{}",
    );
    let r = run_in(
        &dir,
        &["resume", "--plain", path.to_str().unwrap()],
        "4\nleft\n1\ncounterclockwise\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.event("North sows hole 4"),
        [
            "North sows hole 4: 3 laps, relays 9 seeds from North's hole 7, relays 11 seeds",
            "from South's hole 8, crosses: 11 seeds in hand from South's hole 8, the",
            "direction to choose. South has 20, North 17.",
            "North to move: choose the direction, cw (clockwise, toward South's hole 7) or",
            "ccw (counterclockwise, toward North's hole 1).",
            "cw or ccw? The seeds in hand go on one way or the other.",
            "cw or ccw? The seeds in hand go on one way or the other.",
            "North goes counterclockwise: 2 laps, relays 2 seeds from South's hole 3, the lap",
            "ends: 2 seeds in hand from South's hole 3, the direction to choose. South has",
            "21, North 25.",
            "North to move: choose the direction, cw (clockwise, toward South's hole 2) or",
            "ccw (counterclockwise, toward South's hole 4).",
        ]
        .join("\n")
            + "\nSaved in "
            + &path.display().to_string()
    );
}

#[test]
fn the_special_move_is_made_in_words() {
    let r = run(
        &args(
            &[
                "enkeshui",
                "--plain",
                "--race",
                "off",
                "--special-move",
                "once",
            ],
            &HOT_SEAT,
        ),
        "special\n3\n3 4\n1 1 1 1 1 1 1\n1 1 1 1 1 1 1 2\n1 1 1 1 1 1 1 1\nspecial\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.event("South to move, turn 1"),
        [
            "South to move, turn 1, holes 3, 4, 5, 6, 7, 8 or special.",
            "Special move: type the two holes to lift, for example 3 5. Type cancel to give",
            "it up.",
            "Type two holes, for example 3 5.",
            "Special move: you hold 8 seeds. Type how many each of your holes 1 to 8 gets, in",
            "order, for example 1 1 1 1 1 1 1 1.",
            "Type 8 numbers, one for each of your holes.",
            "Those add up to 9; you hold 8 seeds.",
            "South makes the special move: South's row is now 1, 1, 1, 1, 5, 5, 5, 5. South",
            "has 24, North 24.",
            "North to move, turn 2, holes 3, 4, 5, 6, 7, 8 or special.",
            "Special move: type the two holes to lift, for example 3 5. Type cancel to give",
            "it up.",
        ]
        .join("\n")
            + "\n"
            + r.lines().last().unwrap()
    );
    assert!(r.lines().last().unwrap().starts_with("Saved in "));
}

#[test]
fn a_bao_steal_is_told_with_its_hole() {
    let dir = temp_dir();
    let path = record(
        &dir,
        "bao-la-kimasai",
        r#"{"game":"bao-la-kimasai","south":{"inner":[0,6,1,0,1,2,1,6],"outer":[2,0,1,5,0,1,5,1]},
"north":{"inner":[4,0,0,2,3,1,1,0],"outer":[0,2,1,3,2,1,1,11]},"reserve":{"south":0,"north":0},
"to_move":"north","turn":54}"#,
        "{}",
    );
    let r = run_in(&dir, &["resume", "--plain", path.to_str().unwrap()], "o8\n");
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.event("South's inner row"),
        [
            "South's inner row, holes 1 to 8: 0, 6, 1, 0, 1, 2, 1, 6.",
            "South's outer row, holes 1 to 8: 2, 0, 1, 5, 0, 1, 5, 1.",
            "North's inner row, holes 1 to 8: 4, 0, 0, 2, 3, 1, 1, 0.",
            "North's outer row, holes 1 to 8: 0, 2, 1, 3, 2, 1, 1, 11.",
            "Reserves: South 0, North 0.",
            "North to move, turn 54, sow i1, i4, i5, i6, i7, o2, o3, o4, o5, o6, o7 or o8.",
            "North sows outer hole 8: 3 laps, steals 1 cow from South's inner hole 5, relays",
            "4 cows from North's inner hole 4. South has 31, North 33.",
            "South to move, turn 55, sow i2, i3, i6, i7, i8, o1, o3, o4, o6, o7 or o8.",
        ]
        .join("\n")
            + "\nSaved in "
            + &path.display().to_string()
    );
}

#[test]
fn bao_reserve_cows_and_the_phase_change_are_told() {
    // Both reserves down to their last cow: the turn that sows North's last
    // one begins phase 2.
    let dir = temp_dir();
    let path = record(
        &dir,
        "bao-la-kimasai",
        r#"{"game":"bao-la-kimasai","south":{"inner":[3,3,3,3,3,3,3,3],"outer":[1,1,1,1,1,1,1,1]},
"north":{"inner":[3,3,3,3,3,3,3,3],"outer":[1,1,1,1,1,1,1,0]},"reserve":{"south":0,"north":1},
"to_move":"north","turn":49}"#,
        "{}",
    );
    let r = run_in(&dir, &["resume", "--plain", path.to_str().unwrap()], "i1\n");
    assert_eq!(r.code, 0, "{}", r.err);
    let told = r.event("North sows inner hole 1");
    assert!(told.starts_with("North sows inner hole 1:"), "{told}");
    assert!(
        told.contains("puts a reserve cow in North's inner hole 1"),
        "{told}"
    );
    assert!(
        told.contains("both reserves are empty: phase 2 begins"),
        "{told}"
    );
}

// ---- whole games -----------------------------------------------------------------

fn ai_game(game: &[&str]) {
    let r = run(
        &args(
            game,
            &["--plain", "--south", "ai:easy", "--north", "ai:easy"],
        ),
        "",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let over = r
        .lines()
        .iter()
        .position(|l| l.starts_with("Game over: "))
        .unwrap_or_else(|| panic!("no game over:\n{}", r.out));
    assert!(
        r.lines()[over + 1..]
            .iter()
            .any(|l| l.starts_with("Type review for the AI's review")),
        "{}",
        r.out
    );
    let saved = r.lines().last().unwrap().to_string();
    let path = saved.strip_prefix("Saved in ").expect("saved line");
    let text = std::fs::read_to_string(path).expect("the record is there");
    assert!(text.contains("\"result\": {"), "{text}");
    assert!(r.err.is_empty(), "{}", r.err);
}

#[test]
fn ai_against_ai_runs_each_game_to_its_end_with_no_input() {
    ai_game(&["enkeshui", "--race", "on"]);
    ai_game(&["en-gehe", "--holes", "12"]);
    ai_game(&["bao"]);
}

/// A person who tries every hole in turn, with wrong input between: every
/// line is played or refused in one line, and the game goes on to its end.
fn every_hole(game: &[&str], holes: &[&str]) {
    let mut input = String::new();
    for _ in 0..300 {
        input.push_str("nonsense\n\n99\nundo\nredo\n");
        for h in holes {
            input.push_str(h);
            input.push('\n');
        }
    }
    let r = run(
        &args(game, &["--plain", "--south", "human", "--north", "ai:easy"]),
        &input,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("\nGame over: "), "{}", r.out);
    assert!(
        r.out
            .contains("\nType a move, or help for the words you can use.\n")
    );
    assert!(r.lines().last().unwrap().starts_with("Saved in "));
    assert!(r.err.is_empty(), "{}", r.err);
}

#[test]
fn a_person_trying_every_hole_with_wrong_input_plays_each_game_to_its_end() {
    every_hole(
        &["enkeshui", "--race", "off"],
        &["1", "2", "3", "4", "5", "6", "7", "8", "cw"],
    );
    every_hole(
        &["en-gehe", "--holes", "10"],
        &["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
    );
    let mut bao: Vec<String> = (1..=8).map(|k| format!("i{k}")).collect();
    bao.extend((1..=8).map(|k| format!("o{k}")));
    let bao: Vec<&str> = bao.iter().map(String::as_str).collect();
    every_hole(&["bao"], &bao);
}

// ---- words, saving, the end ------------------------------------------------------

#[test]
fn bad_input_gets_one_line_why_and_the_game_goes_on() {
    let r = run(
        &args(&["enkeshui", "--plain", "--race", "off"], &HOT_SEAT),
        "1\n9\nfoo\ncw\n\n8\n",
    );
    let i = r
        .lines()
        .iter()
        .position(|l| l.starts_with("South to move, turn 1"))
        .unwrap();
    assert_eq!(
        r.lines()[i + 1..i + 6],
        [
            "Hole 1 is empty.",
            "There is no hole 9 (holes are 1 to 8).",
            "'foo' is not an Enkeshui decision (a hole 1 to 8, cw, ccw or a special move x).",
            "No direction is asked now: type a hole.",
            "Type a move, or help for the words you can use.",
        ]
    );
    assert!(r.lines()[i + 6].starts_with("South sows hole 8: "));
}

#[test]
fn undo_and_redo_go_back_to_the_persons_turn() {
    let r = run(
        &["enkeshui", "--plain", "--race", "off", "--north", "ai:easy"],
        "8\nundo\nundo\nredo\nscore\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out
            .contains("\nUndone: back to turn 1.\nYour move, turn 1, ")
    );
    assert!(r.out.contains("\nNothing to undo.\n"));
    assert!(r.out.contains("\nRedone: turn 3.\nYour move, turn 3, "));
    assert!(
        r.out.contains("\nTurn 3. You have 22, North 26.\n"),
        "{}",
        r.out
    );
}

#[test]
fn quit_saves_where_asked_and_ends_with_status_0() {
    let dir = temp_dir();
    let save = dir.join("mine.json");
    let r = run_in(
        &dir,
        &args(
            &[
                "enkeshui",
                "--plain",
                "--race",
                "off",
                "--save",
                save.to_str().unwrap(),
            ],
            &HOT_SEAT,
        ),
        "8\n3\nquit\n8\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.lines().last().copied(),
        Some(format!("Saved in {}", save.display()).as_str())
    );
    let text = std::fs::read_to_string(&save).expect("saved");
    assert!(text.contains(r#""decisions": ["8", "3"]"#), "{text}");
    // Resumed in plain lines where it stopped.
    let r = run_in(&dir, &["resume", "--plain", save.to_str().unwrap()], "");
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("\nResumed at turn 3.\n"), "{}", r.out);
    assert!(
        r.out
            .contains("South's row, holes 1 to 8: 2, 1, 5, 5, 5, 0, 5, 1.")
    );
}

#[test]
fn the_end_of_input_saves_in_the_data_folder() {
    let r = run(&["bao", "--plain", "--north", "ai:easy"], "i1\n");
    assert_eq!(r.code, 0, "{}", r.err);
    let last = r.lines().last().unwrap().to_string();
    let path = last.strip_prefix("Saved in ").expect("saved");
    assert!(
        Path::new(path).starts_with(r.dir.join("data").join("masai-mancala")),
        "{path}"
    );
    assert!(std::fs::read_to_string(path).unwrap().contains(r#""i1""#));
}

#[test]
fn an_error_that_ends_the_program_is_one_line_and_status_2() {
    let r = run(&["resume", "--plain", "no-such-game.json"], "");
    assert_eq!(r.code, 2);
    assert_eq!(r.err.lines().count(), 1, "{}", r.err);
    assert!(r.err.starts_with("error: "), "{}", r.err);
    assert!(r.out.is_empty());
}

#[test]
fn a_match_says_each_game_and_the_carry_over() {
    let r = run(
        &args(
            &[
                "enkeshui",
                "--plain",
                "--race",
                "off",
                "--match",
                "--max-turns",
                "3",
            ],
            &HOT_SEAT,
        ),
        "8\n3\n7\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let over = r.event("Game over: ");
    assert_eq!(
        over.lines().take(4).collect::<Vec<_>>(),
        [
            "Game over: South wins, South 29 to North 19 (the turn limit was reached).",
            "Game 2 of the match: South carries 29 seeds over, North 19 seeds.",
            "Game 2 of the match.",
            "South moves first.",
        ]
    );
}

/// A run with nothing on standard input that must end by itself within
/// `limit`: one still running then is killed and fails the test.
fn run_within(args: &[&str], limit: Duration) -> Run {
    use std::io::Read;
    let dir = temp_dir();
    let mut child = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .args(args)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("HOME", &*dir)
        .current_dir(&*dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program runs");
    let read = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut s = String::new();
            pipe.read_to_string(&mut s).expect("UTF-8");
            s
        })
    };
    let out = read(Box::new(child.stdout.take().expect("stdout")));
    let err = read(Box::new(child.stderr.take().expect("stderr")));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break Some(status);
        }
        if start.elapsed() > limit {
            child.kill().expect("killed");
            child.wait().expect("reaped");
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (out, err) = (out.join().expect("out"), err.join().expect("err"));
    let Some(status) = status else {
        let games = out.lines().filter(|l| l.ends_with("of the match.")).count();
        panic!("still playing after {limit:?}: {games} games");
    };
    plain_lines(&out);
    Run {
        out,
        err,
        code: status.code().unwrap_or(-1),
        dir: dir.to_path_buf(),
        _temp: Some(dir),
    }
}

/// Easy against greedy, as reported: it ends by itself, says why, and its
/// record checks as a match over for the same reason.
fn ai_match_ends(tail: &[&str], end: &str, games: &str) {
    let head = [
        "enkeshui",
        "--plain",
        "--match",
        "--south",
        "ai:easy",
        "--north",
        "ai:greedy",
    ];
    let r = run_within(&args(&head, tail), Duration::from_secs(60));
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.err.is_empty(), "{}", r.err);
    let lines = r.lines();
    let n = lines.len();
    assert!(n > 4, "{}", r.out);
    // The match's end is the last thing said before the closing lines.
    let at = lines
        .iter()
        .position(|l| l.starts_with(end.split(':').next().unwrap()))
        .unwrap_or_else(|| panic!("no match end in:\n{}", r.out));
    assert_eq!(lines[at..n - 2].join(" "), format!("{end} {games}"));
    assert_eq!(
        lines[n - 2],
        "Type review for the AI's review of the game, board, log, or quit."
    );
    let saved = lines[n - 1].strip_prefix("Saved in ").expect("saved line");
    let out = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .args(["replay", saved, "--check"])
        .output()
        .expect("replay runs");
    assert_eq!(out.status.code(), Some(0));
    let check = String::from_utf8(out.stdout).expect("UTF-8");
    let last = check.lines().last().expect("a line");
    assert_eq!(last, format!("match over: {}", end.trim_end_matches('.')));
}

#[test]
fn an_ai_match_whose_carry_over_repeats_ends() {
    // Closed holes after the race: 25-23 each game, 514 games in 200 s before.
    ai_match_ends(
        &["--unfilled", "closed"],
        "The carry-over repeats (South 25, North 23): South wins the match on seeds.",
        "The games, South to North: 25 to 23, 25 to 23.",
    );
    // Open holes, no race: 12-36 then the first game's 24-24, for ever before.
    ai_match_ends(
        &["--unfilled", "open", "--race", "off"],
        "The carry-over repeats (South 24, North 24): the match is drawn on seeds.",
        "The games, South to North: 12 to 36, 24 to 24.",
    );
}

#[test]
fn an_ai_match_ends_after_its_number_of_games_or_when_a_stock_cannot_fill_a_hole() {
    ai_match_ends(
        &["--unfilled", "open", "--match-games", "3"],
        "Game 3 was the match's last (South 20, North 28): North wins the match on seeds.",
        "The games, South to North: 25 to 23, 8 to 40, 20 to 28.",
    );
    ai_match_ends(
        &["--unfilled", "closed", "--race", "off"],
        "South cannot fill a hole: North wins the match.",
        "The games, South to North: 12 to 36, 7 to 41, 3 to 45.",
    );
}

#[test]
fn a_match_of_no_games_is_refused() {
    let r = run(
        &["enkeshui", "--plain", "--match", "--match-games", "0"],
        "",
    );
    assert_eq!(r.code, 2, "{}", r.out);
    assert_eq!(
        r.err.trim_end(),
        "error: --match-games 0: a match has at least 1 game"
    );
    assert!(r.out.is_empty(), "{}", r.out);
}

// ---- the race, on a clock the test gives ---------------------------------------

/// Lines that come at given times (ms from the start): the clock says the
/// time of the line being read.
struct Timed {
    lines: VecDeque<(u64, Vec<u8>)>,
    pos: usize,
    now: Rc<Cell<Instant>>,
    t0: Instant,
}

impl std::io::Read for Timed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let line = self.fill_buf()?;
            let n = line.len().min(buf.len());
            buf[..n].copy_from_slice(&line[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Timed {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        match self.lines.front() {
            None => Ok(&[]),
            Some((ms, line)) => {
                self.now.set(self.t0 + Duration::from_millis(*ms));
                Ok(&line[self.pos..])
            }
        }
    }

    fn consume(&mut self, n: usize) {
        self.pos += n;
        if self.lines.front().is_some_and(|(_, l)| self.pos >= l.len()) {
            self.lines.pop_front();
            self.pos = 0;
        }
    }
}

/// `args` played in the line mode in this process, each line read at its
/// time (ms): the output, checked to be plain lines.
fn run_timed(args: &[&str], lines: &[(u64, &str)]) -> String {
    use clap::Parser;
    use masai_mancala::session::{Session, setup::Setup};
    let mut all = vec!["masai-mancala"];
    all.extend_from_slice(args);
    let cli = masai_mancala::cli::Cli::try_parse_from(all).expect("arguments parse");
    let setup = Setup::from_cli(cli.command.as_ref().expect("a game")).expect("a setup");
    let t0 = Instant::now();
    let now = Rc::new(Cell::new(t0));
    let clock = {
        let now = now.clone();
        Box::new(move || now.get())
    };
    let input = Timed {
        lines: lines
            .iter()
            .map(|(t, l)| (*t, format!("{l}\n").into_bytes()))
            .collect(),
        pos: 0,
        now,
        t0,
    };
    let mut out = Vec::new();
    masai_mancala::plain::run_with_clock(
        Session::new(setup),
        masai_mancala::session::persist::Persist::new(),
        None,
        input,
        &mut out,
        clock,
    )
    .expect("the line mode runs");
    let out = String::from_utf8(out).expect("UTF-8 out");
    plain_lines(&out);
    out
}

/// Enter to start at 0, then an Enter every `every` ms, `n` of them.
fn enters(every: u64, n: u64) -> Vec<(u64, &'static str)> {
    (0..=n).map(|k| (k * every, "")).collect()
}

/// The lines said from Go to the race's result.
fn said_in_the_race(out: &str) -> Vec<&str> {
    let lines: Vec<&str> = out.lines().collect();
    let go = lines.iter().position(|l| *l == "Go!").expect("Go!");
    let end = lines
        .iter()
        .position(|l| l.starts_with("Race from hole "))
        .unwrap_or(lines.len());
    lines[go + 1..end].to_vec()
}

#[test]
fn a_person_races_the_ai_by_lines_and_hears_how_it_stands_on_asking() {
    // Issue 37: an Enter every quarter second against easy (a seed every 380
    // to 460 ms); after the fourth, where.
    let mut lines = enters(250, 60);
    lines.insert(5, (1010, "where"));
    let out = run_timed(&["enkeshui", "--plain", "--north", "ai:easy"], &lines);
    assert!(out.contains("\nRace for the first move: you and North each sow"));
    assert!(
        out.contains("\nYou: 4 drops, 5 in hand, lap 2. North: 2 drops, 2 in hand, lap 1.\n"),
        "{out}"
    );
    assert!(out.contains("\nRace from hole 8: "), "{out}");
    assert!(out.contains("\nYour row, holes 1 to 8: "));
    // Nothing else is said during the race: speech never slows the racer.
    assert_eq!(
        said_in_the_race(&out),
        ["You: 4 drops, 5 in hand, lap 2. North: 2 drops, 2 in hand, lap 1."]
    );
}

/// Issue 37: one clock. Enters clearly quicker than the AI racer's pace win
/// the race; clearly slower lose it, at every level; nothing is said from
/// Go to the result.
#[test]
fn a_racer_quicker_than_the_ai_wins_by_lines_and_a_slower_one_loses() {
    for (level, fast, slow, per_second) in [
        ("expert", 100, 250, "6.5"),
        ("hard", 130, 330, "4.8"),
        ("medium", 180, 450, "3.4"),
        ("easy", 260, 650, "2.4"),
    ] {
        let north = format!("ai:{level}");
        let args = ["enkeshui", "--plain", "--north", north.as_str()];
        let out = run_timed(&args, &enters(fast, 200));
        let intro = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            intro.contains(&format!(
                "North's AI racer ({level}) drops about {per_second} seeds a second; drop faster to win."
            )),
            "{out}"
        );
        assert!(
            out.contains("\nRace from hole 8: South slept first"),
            "{level}, every {fast} ms: {out}"
        );
        assert!(said_in_the_race(&out).is_empty(), "{out}");
        let out = run_timed(&args, &enters(slow, 200));
        assert!(
            out.contains("\nRace from hole 8: North slept first"),
            "{level}, every {slow} ms: {out}"
        );
        assert!(said_in_the_race(&out).is_empty(), "{out}");
    }
}

/// Issue 37: a number drops nothing (the old `s 50` won in one line); a
/// held Enter, repeating quicker than a hand, drops once.
#[test]
fn a_number_or_a_held_enter_cannot_win_the_race() {
    let out = run_timed(
        &["enkeshui", "--plain", "--north", "ai:easy"],
        &[(0, ""), (100, "50"), (150, "s 50"), (200, "where")],
    );
    let lines: Vec<&str> = out.lines().collect();
    let at = lines.iter().position(|l| *l == "Go!").expect("Go!");
    assert_eq!(
        lines[at + 1..at + 6],
        [
            "A number drops nothing: one Enter is one seed. (For a race left to chance, start",
            "the game with --race quick.)",
            "A number drops nothing: one Enter is one seed. (For a race left to chance, start",
            "the game with --race quick.)",
            "You: 0 drops, 4 in hand, lap 1. North: 0 drops, 4 in hand, lap 1.",
        ],
        "{out}"
    );
    // Enters 30 ms apart (a held key): the first after Go counts, then none.
    let held: Vec<(u64, &str)> = (0..400).map(|k| (k * 30, "")).collect();
    let out = run_timed(&["enkeshui", "--plain", "--north", "ai:easy"], &held);
    assert!(
        out.contains("\nRace from hole 8: North slept first"),
        "{out}"
    );
    assert!(out.contains("(South made 1)"), "{out}");
    // The Enters not counted are told, after the race.
    let told = out
        .lines()
        .find(|l| l.contains(" Enters came less than 70 ms after the one before (a held key)"))
        .unwrap_or_else(|| panic!("{out}"));
    let n: usize = told.split(' ').next().unwrap().parse().expect("a count");
    assert!(n > 100, "{told}");
}

/// Through the program itself, on the wall clock: lines piped all at once
/// are a held key, not a racer; they do not win the race.
#[test]
fn lines_piped_at_once_do_not_win_the_race() {
    let r = run(
        &["enkeshui", "--plain", "--north", "ai:easy"],
        &"\n".repeat(200),
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("\nGo!\n"), "{}", r.out);
    assert!(!r.out.contains("South slept first"), "{}", r.out);
}

/// Issue 37: two people at one keyboard race in turns: each times ten
/// Enters, then the race runs at their paces; the quicker wins. A held
/// Enter does not count.
#[test]
fn two_people_race_in_turns_and_the_quicker_wins() {
    let turns = |south: u64, north: u64| {
        let mut lines: Vec<(u64, &str)> = (0..=10).map(|k| (k * south, "")).collect();
        lines.insert(3, (2 * south + 10, ""));
        lines.extend((0..=10).map(|k| (5_000 + k * north, "")));
        run_timed(&args(&["enkeshui", "--plain"], &HOT_SEAT), &lines)
    };
    let r = turns(150, 200);
    assert!(
        r.contains("\nSouth: a seed every 150 ms.\nNorth: press Enter to start.\nGo!\nNorth: a seed every 200 ms.\n"),
        "{r}"
    );
    assert!(r.contains("\nRace from hole 8: South slept first"), "{r}");
    assert!(
        r.contains("\n1 Enter came less than 70 ms after the one before (a held key) and"),
        "{r}"
    );
    let r = turns(200, 150);
    assert!(r.contains("\nRace from hole 8: North slept first"), "{r}");
}

#[test]
fn help_and_rules_are_plain_lines() {
    let r = run(
        &args(&["en-gehe", "--plain"], &HOT_SEAT),
        "help\nrules\nboard\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("\nWords: board reads the board."));
    assert!(r.out.contains("\nEn Gehé"), "{}", r.out);
    assert!(!r.out.contains("**") && !r.out.contains('`') && !r.out.contains("# "));
    // The 40 holes of a row are read in groups of ten.
    assert!(
        r.out.contains(
            "\nSouth's row, holes 1 to 10: 4, 4, 4, 4, 4, 4, 4, 4, 4, 4.\nholes 11 to 20: "
        )
    );
}

#[test]
fn help_shows_plain_on_every_subcommand_that_has_it() {
    for sub in ["enkeshui", "en-gehe", "bao", "resume", "replay", "learn"] {
        let r = run_any(&temp_dir(), &[sub, "--help"], "");
        assert!(r.out.contains("--plain"), "{sub}: {}", r.out);
    }
}

#[test]
fn replay_steps_through_a_record_by_lines() {
    let dir = temp_dir();
    let save = dir.join("m.json");
    let r = run_in(
        &dir,
        &args(
            &[
                "enkeshui",
                "--plain",
                "--race",
                "off",
                "--match",
                "--max-turns",
                "3",
                "--save",
                save.to_str().unwrap(),
            ],
            &HOT_SEAT,
        ),
        "8\n3\n7\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let r = run_in(
        &dir,
        &["replay", "--plain", save.to_str().unwrap()],
        "\nnext\nback\nturn 2\nfoo\nnext\nnext\nnext\nreview\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let lines = r.lines();
    // The file's name decides where the first line wraps.
    assert_eq!(
        lines[..2].join(" "),
        format!(
            "Replay of {}: Enkeshui, 2 rows of 8 (8-left-empty). South: human, North: human. \
             3 decisions in 2 games.",
            save.display()
        )
    );
    let i = lines
        .iter()
        .position(|l| l.starts_with("Turn 1: "))
        .unwrap();
    assert_eq!(
        lines[i..i + 11],
        [
            "Turn 1: South sows hole 8: 2 laps, relays 5 seeds from North's hole 4, ends in",
            "South's empty hole 1. South has 21, North 27.",
            "Turn 2: North sows hole 3: 3 laps, relays 6 seeds from North's hole 8, relays 5",
            "seeds from South's hole 6, ends in North's empty hole 3. South has 24, North 24.",
            "Back to turn 2, North to move.",
            "Turn 2, North to move.",
            "South's row, holes 1 to 8: 1, 0, 4, 4, 4, 4, 4, 0.",
            "North's row, holes 8 to 1: 5, 5, 5, 5, 0, 5, 1, 1.",
            "Captured: South 0, North 0.",
            "'foo' is not a replay word. Type next (or just Enter), back, turn and a number,",
            "start, end, board, review, or quit.",
        ]
    );
    assert!(r.out.contains("\nTurn 3: South sows hole 7: "), "{}", r.out);
    assert!(r.out.contains(
        "\nGame over: South wins, South 29 to North 19 (the turn limit was reached).\nGame 2 of 2.\n"
    ));
    assert!(
        r.out
            .contains("\nReviewing the record: this takes a moment.\n")
    );
    assert!(r.out.contains("\n1, South, 8, "), "{}", r.out);
}

#[test]
fn learn_runs_the_lessons_in_lines_and_keeps_the_progress() {
    let dir = temp_dir();
    let r = run_in(
        &dir,
        &["learn", "enkeshui", "--plain"],
        "\n1\n8\nagain\n6\nnext\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.starts_with("13 lessons, 0 done. "), "{}", r.out);
    assert!(r.out.contains("\nLesson 1 of 13: The board.\n"));
    assert!(r.out.contains(
        "\nTask: Sow so that your last seed falls into North's hole 2.\n\
         Type a move, or help for the words you can use.\nHole 1 is empty.\n"
    ));
    assert!(
        r.out
            .contains("\nNot solved. Type again to try again, hint for a hint, or next.\n")
    );
    assert!(
        r.out
            .contains("\nYou sow hole 6: ends in North's empty hole 2. "),
        "{}",
        r.out
    );
    assert!(
        r.out
            .contains("\nSolved. Type next for the next lesson, or again.\nLesson 2 of 13: ")
    );
    let r = run_in(&dir, &["learn", "enkeshui", "--plain"], "");
    assert!(r.out.starts_with("13 lessons, 1 done. "), "{}", r.out);
    assert!(r.out.contains("\nLesson 2 of 13: "));
}

/// `learn --puzzles --plain`: a wrong answer told with its proven result,
/// then the one decision that keeps the best result, kept in puzzles.json
/// (and not in the lessons' file); the next run opens the next puzzle.
#[test]
fn learn_puzzles_in_lines_judges_the_first_decision_and_keeps_the_progress() {
    let dir = temp_dir();
    let r = run_in(
        &dir,
        &["learn", "--puzzles", "enkeshui", "--plain"],
        "legal\nhint\n3\n4\n4\nagain\n7\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let lines = r.lines();
    assert_eq!(
        lines[..26],
        [
            "Puzzles from real games: 80 puzzles, 0 solved. In each, one decision alone keeps",
            "the best result, proven to the end of the game. Type a decision as in a game (a",
            "hole, i3 or o5 in Bao, cw or ccw). Words: board, legal, hint, solution, again,",
            "next, back, list, puzzle and a number, help, quit.",
            "Enkeshui puzzle 1 of 80, grade 1 (finish it).",
            "From a game the AI played against itself (medium South, medium North), turn 27",
            "of that game. You play South; North answers each of your turns with its best.",
            "Your row, holes 1 to 8: 12 in North's bull, 6 in North's bull, 0, 9, 0, 0, 1, 0.",
            "North's row, holes 8 to 1: 0, 0, 0, 0, 0, 0, 6 in North's bull, 12 in your bull.",
            "Captured: you 0, North 2.",
            "Task: One decision alone keeps the smallest loss you can force here. Find it",
            "(best play on both sides).",
            "Your move, holes 4 or 7.",
            // legal, hint, a hole that is empty
            "Your move, holes 4 or 7.",
            "Hint: Every decision loses: find the one that loses the fewest.",
            "Hole 3 is empty.",
            // A wrong answer, its proven result; the puzzle is over.
            "You sow hole 4: ends in North's empty hole 5. You have 18, North 30.",
            "Not this time. 4 gives a loss by 14 seeds in 9 turns (loss -14 in 9 turns) with",
            "best play; the best decision keeps more.",
            "Type again to try again, hint for a hint, solution for the answer, or next.",
            "This puzzle is over: type next, again or quit.",
            "Enkeshui puzzle 1 of 80, grade 1 (finish it).",
            "From a game the AI played against itself (medium South, medium North), turn 27",
            "of that game. You play South; North answers each of your turns with its best.",
            "Your row, holes 1 to 8: 12 in North's bull, 6 in North's bull, 0, 9, 0, 0, 1, 0.",
            "North's row, holes 8 to 1: 0, 0, 0, 0, 0, 0, 6 in North's bull, 12 in your bull.",
        ]
    );
    assert_eq!(
        lines[29..],
        [
            "Your move, holes 4 or 7.",
            "You sow hole 7: ends in your empty hole 8.",
            "Game over: North wins, South 22 to North 26 (the player to move has no seeds to",
            "sow).",
            "Solved! 7 keeps a loss by 4 seeds in 1 turn (loss -4 in 1 turn); every other",
            "decision gives less.",
            "Type next for the next puzzle, list for the list, or quit.",
        ]
    );
    let data = dir.join("data").join("masai-mancala");
    assert_eq!(
        std::fs::read_to_string(data.join("puzzles.json")).unwrap(),
        "{\"done\":[\"enkeshui-001\"]}\n"
    );
    assert!(!data.join("lessons.json").exists());
    let r = run_in(
        &dir,
        &["learn", "--puzzles", "enkeshui", "--plain"],
        "list\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out
            .starts_with("Puzzles from real games: 80 puzzles, 1 solved. "),
        "{}",
        r.out
    );
    assert!(
        r.out
            .contains("\nEnkeshui puzzle 2 of 80, grade 1 (finish it).\n")
    );
    assert!(r.out.ends_with(
        "\nEnkeshui puzzles: 80, 1 solved.\n\
         Grade 1 (finish it): puzzles 1 to 20.\n\
         Grade 2 (look ahead): puzzles 21 to 40.\n\
         Grade 3 (plan): puzzles 41 to 60.\n\
         Grade 4 (deep): puzzles 61 to 80.\n\
         Solved: 1.\n"
    ));
}

/// A wrong first decision that crosses asks for the direction in words;
/// the turn is played to its end, then judged on its first decision.
#[test]
fn learn_puzzles_plain_asks_the_direction_then_judges() {
    let r = run(
        &["learn", "--puzzles", "enkeshui", "--plain"],
        "puzzle 5\n7\nccw\nccw\nsolution\nnext\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains(
        "\nYour move, holes 2, 4 or 7.\n\
         You sow hole 7: 2 laps, relays 2 seeds from your hole 2, crosses: 2 seeds in\n\
         hand from your hole 2, the direction to choose. You have 22, North 24.\n\
         Your move: choose the direction, cw (clockwise, toward your hole 1) or ccw\n\
         (counterclockwise, toward your hole 3).\n\
         You go counterclockwise: 2 laps, relays 2 seeds from your hole 4, the lap ends:\n\
         2 seeds in hand from your hole 4, the direction to choose. You have 22, North\n\
         24.\n\
         Your move: choose the direction, cw (clockwise, toward your hole 3) or ccw\n\
         (counterclockwise, toward your hole 5).\n\
         You go counterclockwise. You have 22, North 26.\n\
         Not this time. 7 gives a win by 2 seeds in 8 turns (win +2 in 8 turns) with best\n\
         play; the best decision keeps more.\n"
    ));
    assert!(r.out.contains("\nSolution: 2.\nEnkeshui puzzle 6 of 80, "));
    assert!(
        !r.dir
            .join("data")
            .join("masai-mancala")
            .join("puzzles.json")
            .exists()
    );
}

/// En Gehé's puzzles in lines, every puzzle's solution played from the
/// list: all solved, each line plain.
#[test]
fn every_en_gehe_puzzle_is_solved_by_its_solution_in_lines() {
    let list = masai_mancala::learn::puzzles::of(masai_mancala::engine::GameKind::EnGehe);
    let input: String = list
        .iter()
        .map(|p| format!("{}\nnext\n", p.solution))
        .collect();
    let r = run(&["learn", "--puzzles", "en-gehe", "--plain"], &input);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.out.matches("\nSolved! ").count(), list.len(), "{}", r.out);
    assert!(r.out.contains("\nAll 80 puzzles here are solved.\n"));
    assert!(!r.out.contains("Not this time"));
}

/// A Bao puzzle's prompt lists every legal decision, not only the ones its
/// proof valued (that list would give the answer away: puzzle 1 values only
/// its solution, i2).
#[test]
fn a_bao_puzzles_prompt_lists_every_legal_decision() {
    let dir = temp_dir();
    let r = run_in(
        &dir,
        &["learn", "--puzzles", "bao", "--plain"],
        "legal\ni1\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let legal = "Your move, sow i1, i2, i3, i4, i5, i6, i8, o2, o3, o4, o5, o6, o7 or o8.";
    // Once when the puzzle opens, once for `legal`.
    assert_eq!(
        r.out.lines().filter(|l| *l == legal).count(),
        2,
        "{}",
        r.out
    );
    assert!(
        r.out.contains(
            "\nNot this time. i1 forces no win within 7 turns with best play; the best decision\nwins sooner.\n"
        ),
        "{}",
        r.out
    );
}

/// A reader that, on its first read, has another session record a lesson
/// in the progress file (after the line mode read the file), then gives
/// `input`.
struct OtherSessionFirst {
    path: PathBuf,
    other: &'static str,
    input: std::io::Cursor<Vec<u8>>,
    done: bool,
}

impl std::io::Read for OtherSessionFirst {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if !self.done {
            self.done = true;
            masai_mancala::learn::progress::Progress::record(&self.path, self.other).unwrap();
        }
        self.input.read(buf)
    }
}

/// `learn --plain` records a solved lesson under the progress file's lock,
/// over what another session saved meanwhile: both lessons are kept.
#[test]
fn learn_plain_keeps_another_session_s_progress() {
    let dir = temp_dir();
    let path = dir.join("lessons.json");
    let reader = std::io::BufReader::new(OtherSessionFirst {
        path: path.clone(),
        other: "enkeshui-capture",
        input: std::io::Cursor::new(b"6\nquit\n".to_vec()),
        done: false,
    });
    let mut out = Vec::new();
    let lessons = masai_mancala::learn::of(masai_mancala::engine::GameKind::Enkeshui);
    masai_mancala::plain::learn::run(lessons, Some(path.clone()), reader, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.starts_with("13 lessons, 0 done. "), "{out}");
    assert!(
        out.contains("\nSolved. Type next for the next lesson, or again.\n"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{\"done\":[\"enkeshui-capture\",\"enkeshui-board\"]}\n"
    );
}

/// `undo` in a lesson is a game's undo: at the direction prompt of the
/// crossing lesson it takes the turn back to its start.
#[test]
fn learn_plain_undo_takes_the_turn_back_as_in_a_game() {
    let dir = temp_dir();
    let lessons: Vec<_> = masai_mancala::learn::of(masai_mancala::engine::GameKind::Enkeshui)
        .into_iter()
        .filter(|l| l.id == "enkeshui-crossing")
        .collect();
    let mut out = Vec::new();
    let input = std::io::Cursor::new(b"8\nundo\nundo\n8\nccw\nquit\n".to_vec());
    masai_mancala::plain::learn::run(lessons, Some(dir.join("lessons.json")), input, &mut out)
        .unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("\nUndone: back to turn "), "{out}");
    assert!(out.contains("\nNothing to undo.\n"), "{out}");
    assert!(
        out.contains("\nSolved. Type next for the next lesson, or again.\n"),
        "{out}"
    );
}

// ---- what is kept on disk: as the client keeps it -------------------------------

/// The line mode run with files limited to `max_bytes` (the disk refuses
/// a longer write, as a full one does: "File too large").
fn run_on_a_full_disk(dir: &Path, args: &[&str], input: &str, max_bytes: u64) -> Run {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_masai-mancala"));
    cmd.args(args)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("HOME", dir)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: max_bytes,
                rlim_max: max_bytes,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("the program runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().expect("it ends");
    Run {
        out: String::from_utf8(out.stdout).expect("UTF-8 out"),
        err: String::from_utf8(out.stderr).expect("UTF-8 err"),
        code: out.status.code().unwrap_or(-1),
        dir: dir.to_path_buf(),
        _temp: None,
    }
}

/// A save the disk refuses is said where and why, and fails the command
/// with status 2 and the client's words (`tests/saving.rs`): a full disk,
/// a folder that takes no file, a device refused before the game.
#[test]
fn a_save_that_fails_is_said_and_ends_with_status_2_as_in_the_client() {
    let dir = temp_dir();
    let save = dir.join("mine.json");
    let game = ["enkeshui", "--plain", "--race", "off", "--save"];
    let r = run_on_a_full_disk(
        &dir,
        &args(&game, &[save.to_str().unwrap(), "--north", "human"]),
        "8\nquit\n",
        64,
    );
    let why = format!("{}: cannot save: File too large", save.display());
    assert_eq!(r.code, 2, "{}\n{}", r.out, r.err);
    // Said once when it fails, and again as the last line (wrapped at 80).
    let flat = r.out.replace('\n', " ");
    assert!(
        flat.contains(&format!(" Not saved: {why} South to move")),
        "{}",
        r.out
    );
    assert!(
        flat.trim_end().ends_with(&format!(". Not saved: {why}")),
        "{}",
        r.out
    );
    assert_eq!(
        r.err,
        format!("error: the game could not be saved: {why}\n")
    );
    assert!(!save.exists());
    // Where no file can be made.
    let r = run_in(
        &dir,
        &args(&game, &["/proc/self/game.json", "--north", "human"]),
        "quit\n",
    );
    assert_eq!(r.code, 2, "{}", r.out);
    assert!(
        r.err
            .starts_with("error: the game could not be saved: /proc/self/game.json: cannot save:"),
        "{}",
        r.err
    );
    // A device is never saved over: refused before the game, in both.
    let r = run_in(&dir, &args(&game, &["/dev/full"]), "");
    assert_eq!(r.code, 2);
    assert_eq!(
        r.err,
        "error: /dev/full: is a character device, not a record: not replacing it (not even with --force)\n"
    );
    assert!(r.out.is_empty(), "{}", r.out);
}

/// No data folder: the line names the variable at fault and the folder,
/// and the command fails as the client's exit does.
#[test]
fn no_data_folder_names_the_variable_at_fault_and_fails_the_exit() {
    let dir = temp_dir();
    let not_a_folder = dir.join("file");
    std::fs::write(&not_a_folder, "").unwrap();
    let run_env = |env: &[(&str, &Path)], unset: &[&str]| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_masai-mancala"));
        cmd.args(["enkeshui", "--plain", "--race", "off", "--north", "human"])
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .current_dir(&dir)
            .stdin(Stdio::null());
        for (k, v) in env {
            cmd.env(k, v);
        }
        for k in unset {
            cmd.env_remove(k);
        }
        let out = cmd.output().unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let why = format!(
        "cannot create the data folder {}/masai-mancala (set by XDG_DATA_HOME): Not a directory",
        not_a_folder.display()
    );
    let (code, out, err) = run_env(&[("XDG_DATA_HOME", &not_a_folder), ("HOME", &dir)], &[]);
    assert_eq!(code, Some(2), "{out}");
    let flat = out.replace('\n', " ");
    assert!(
        flat.contains(&format!(" use. Not saved: {why} South moves first.")),
        "{out}"
    );
    assert!(
        flat.trim_end().ends_with(&format!(" Not saved: {why}")),
        "{out}"
    );
    assert!(!out.contains("set HOME"), "{out}");
    assert_eq!(err, format!("error: the game could not be saved: {why}\n"));
    // A relative XDG_DATA_HOME is ignored: with no HOME, it is named.
    let (code, out, err) = run_env(&[("XDG_DATA_HOME", Path::new("rel"))], &["HOME"]);
    let why = "no data folder: XDG_DATA_HOME is not an absolute path (rel), and HOME is not set";
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.replace('\n', " ")
            .contains(&format!(" Not saved: {why} ")),
        "{out}"
    );
    assert_eq!(err, format!("error: the game could not be saved: {why}\n"));
}

/// A finished game against the AI resumed in lines is refused in the
/// client's words: never counted again, never written again.
#[test]
fn a_finished_record_is_refused_as_the_client_refuses_it_and_left_alone() {
    let dir = temp_dir();
    let save = dir.join("done.json");
    let mut input = String::new();
    for _ in 0..300 {
        for h in ["1", "2", "3", "4", "5", "6", "7", "8", "cw"] {
            input.push_str(h);
            input.push('\n');
        }
    }
    let r = run_in(
        &dir,
        &[
            "enkeshui",
            "--plain",
            "--race",
            "off",
            "--north",
            "ai:easy",
            "--save",
            save.to_str().unwrap(),
        ],
        &input,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("\nGame over: "), "{}", r.out);
    let stats = dir.join("data/masai-mancala/stats.json");
    let counted = std::fs::read(&stats).expect("the game was counted");
    let record = std::fs::read(&save).unwrap();
    for input in ["", "undo\n1\nquit\n"] {
        let r = run_any(&dir, &["resume", "--plain", save.to_str().unwrap()], input);
        assert_eq!(r.code, 2, "{}", r.out);
        assert_eq!(
            r.err,
            format!(
                "error: {}: the game is over (`replay` shows it)\n",
                save.display()
            )
        );
        assert!(r.out.is_empty(), "{}", r.out);
        assert_eq!(std::fs::read(&stats).unwrap(), counted, "counted again");
        assert_eq!(std::fs::read(&save).unwrap(), record, "written again");
    }
}

//! Bad input never ends a game (issue 38, item 7): a line that is not
//! UTF-8, a line over 1 MiB, a long word quoted by its start; a signal
//! says where the game is before the program ends.

use super::*;
use std::io::{BufReader, Read};

/// The lines after the first prompt, up to the next prompt (excluded).
fn after_prompt(r: &Run) -> Vec<&str> {
    let lines = r.lines();
    let i = lines
        .iter()
        .position(|l| l.starts_with("South to move, turn 1"))
        .unwrap_or_else(|| panic!("no prompt in:\n{}", r.out));
    let j = lines[i + 1..]
        .iter()
        .position(|l| l.starts_with("North to move"))
        .map_or(lines.len(), |j| i + 1 + j);
    lines[i + 1..j].to_vec()
}

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_game_goes_on() {
    let dir = temp_dir();
    let mut input = b"\xff\xfe hole\n".to_vec();
    input.extend_from_slice(b"8\n");
    let r = run_raw(&dir, &enkeshui_hot_seat_full(), input);
    plain_lines(&r.out);
    assert_eq!(r.code, 0, "{}", r.err);
    let after = after_prompt(&r);
    assert_eq!(
        after[..2],
        [
            "That line is not text a program can read (not UTF-8): nothing done. Type help",
            "for the words you can use.",
        ]
    );
    assert!(after[2].starts_with("South sows hole 8: "), "{}", r.out);
}

#[test]
fn a_line_over_1_mib_is_left_out_and_quoted_by_its_start() {
    let dir = temp_dir();
    let mut input = "x".repeat(2 << 20);
    input.push_str("\n8\n");
    let start = Instant::now();
    let r = run_in(&dir, &enkeshui_hot_seat_full(), &input);
    assert!(start.elapsed() < Duration::from_secs(10));
    assert_eq!(r.code, 0, "{}", r.err);
    let after = after_prompt(&r);
    assert_eq!(
        after[..3],
        [
            "That line is over 1 MiB and is left out (it starts",
            "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'). Type help for the words you can",
            "use.",
        ]
    );
    assert!(after[3].starts_with("South sows hole 8: "), "{}", r.out);
}

#[test]
fn a_long_word_is_quoted_by_its_first_40_characters() {
    let word = "y".repeat(500_000);
    let r = run(&enkeshui_hot_seat_full(), &format!("{word}\n8\n"));
    assert_eq!(r.code, 0, "{}", r.err);
    let after = after_prompt(&r);
    assert_eq!(
        after[..3],
        [
            "'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…' is not an Enkeshui decision (a hole",
            "1 to 8, cw, ccw or a special move x). Type help for the words you can use.",
            "South sows hole 8: ends in South's empty hole 1; 2 laps, relays 5 seeds from",
        ]
    );
}

/// Starts a game with its input left open, plays `moves`, waits for the
/// next prompt, sends `signal` and reads the rest: (all lines, status).
fn signalled(dir: &Path, moves: &str, signal: &str) -> (Vec<String>, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .args(enkeshui_hot_seat_full())
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("HOME", dir)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the program runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(moves.as_bytes()).expect("moves written");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut lines = Vec::new();
    let prompts = 1 + moves.lines().count();
    while lines
        .iter()
        .filter(|l: &&String| l.contains(" to move, turn "))
        .count()
        < prompts
    {
        let mut l = String::new();
        assert!(out.read_line(&mut l).expect("read") > 0, "{lines:?}");
        lines.push(l.trim_end().to_string());
    }
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let mut rest = String::new();
    out.read_to_string(&mut rest).expect("the rest");
    lines.extend(rest.lines().map(str::to_string));
    let code = child.wait().expect("it ends").code().unwrap_or(-1);
    drop(stdin);
    (lines, code)
}

#[test]
fn a_signal_says_where_the_game_is_saved_in_one_line() {
    let dir = temp_dir();
    let (lines, code) = signalled(&dir, "8\n", "TERM");
    assert_eq!(code, 128 + 15);
    let last = lines.last().expect("a line");
    // The data folder's record, said as its date, names the file.
    let name = last
        .strip_prefix("Stopped; saved as ")
        .and_then(dated_name)
        .unwrap_or_else(|| panic!("{lines:?}"));
    assert!(
        name.starts_with("game-") && name.ends_with(".json"),
        "{name}"
    );
    let saved = dir.join("data").join("masai-mancala").join(name);
    let text = std::fs::read_to_string(&saved).expect("saved");
    assert!(text.contains(r#""decisions": ["8"]"#), "{text}");
    assert!(lines[lines.len() - 2].starts_with("North to move, turn 2"));

    let dir = temp_dir();
    let (lines, code) = signalled(&dir, "", "HUP");
    assert_eq!(code, 128 + 1);
    assert!(
        lines.last().is_some_and(|l| l
            .strip_prefix("Stopped; saved as ")
            .and_then(dated_name)
            .is_some()),
        "{lines:?}"
    );
}

//! The `engine` line protocol, line by line, and the binary's exit codes.

use masai_mancala::protocol::{Reply, Session};
use serde_json::{Value, json};
use std::io::Write;
use std::process::{Command, Stdio};

fn ask(s: &mut Session, line: &str) -> String {
    match s.handle(line) {
        Reply::Line(l) => l,
        Reply::Nothing => String::new(),
        Reply::Quit => "QUIT".into(),
    }
}

fn state(s: &mut Session) -> Value {
    let line = ask(s, "state");
    serde_json::from_str(line.strip_prefix("state ").unwrap()).unwrap()
}

#[test]
fn new_legal_moves_state() {
    let mut s = Session::default();
    assert_eq!(ask(&mut s, "new enkeshui --holes 12"), "ok");
    assert_eq!(ask(&mut s, "legal"), "legal 2 3 5 6 8 9 11 12");
    assert_eq!(ask(&mut s, "new enkeshui"), "ok");
    assert_eq!(ask(&mut s, "legal"), "legal 3 4 5 6 7 8");
    assert_eq!(ask(&mut s, "moves 8"), "ok");
    let st = state(&mut s);
    assert_eq!(st["south"], json!([1, 0, 4, 4, 4, 4, 4, 0]));
    assert_eq!(st["north"], json!([1, 1, 5, 0, 5, 5, 5, 5]));
    assert_eq!(st["to_move"], "north");
    assert_eq!(st["status"], "playing");
    assert_eq!(st["turn"], 2);
}

#[test]
fn a_bad_move_in_a_list_names_its_place_and_changes_nothing() {
    let mut s = Session::default();
    let before = state(&mut s);
    assert_eq!(ask(&mut s, "moves 8 4"), "error 2 4 hole 4 is empty");
    assert_eq!(state(&mut s), before);
    assert_eq!(
        ask(&mut s, "moves 8 1 y"),
        "error 3 y 'y' is not an Enkeshui decision (a hole 1..8, cw, ccw or a special move x..)"
    );
    assert_eq!(state(&mut s), before);
    assert_eq!(
        ask(&mut s, "moves 8 9"),
        "error 2 9 there is no hole 9 (holes are 1 to 8)"
    );
    assert_eq!(
        ask(&mut s, "moves cw"),
        "error 1 cw no direction is asked for: the turn has not crossed the opponent's row"
    );
    assert_eq!(state(&mut s), before);
}

#[test]
fn pending_direction_inside_a_turn() {
    let mut s = Session::default();
    let pos = json!({"game":"enkeshui","holes":8,"south":[2,0,0,0,0,0,0,9],"north":[0,0,0,0,0,1,0,0],
        "captured":{"south":0,"north":36},"to_move":"south"});
    assert_eq!(ask(&mut s, &format!("position {pos}")), "ok");
    assert_eq!(ask(&mut s, "moves 8"), "ok");
    let st = state(&mut s);
    assert_eq!(
        st["pending"],
        json!({"decision":"direction","lifted_from":{"side":"south","hole":1},"in_hand":3,"lap":2,"options":["cw","ccw"]})
    );
    assert_eq!(ask(&mut s, "legal"), "legal cw ccw");
    assert_eq!(ask(&mut s, "perft 1"), "perft 2");
    assert!(ask(&mut s, "go seed 5").starts_with("bestmove c"));
    assert_eq!(ask(&mut s, "moves ccw"), "ok");
    assert!(state(&mut s).get("pending").is_none());
}

#[test]
fn game_over_state_and_legal() {
    let mut s = Session::default();
    let pos = json!({"game":"enkeshui","holes":8,"south":[0,0,0,0,0,0,0,0],"north":[0,0,0,0,4,0,0,0],
        "captured":{"south":24,"north":20},"to_move":"south"});
    assert_eq!(ask(&mut s, &format!("position {pos}")), "ok");
    assert_eq!(ask(&mut s, "legal"), "legal");
    assert_eq!(ask(&mut s, "perft 1"), "perft 0");
    assert_eq!(ask(&mut s, "perft 0"), "perft 1");
    assert_eq!(ask(&mut s, "go"), "error the game is over");
    assert_eq!(ask(&mut s, "moves 1"), "error 1 1 the game is over");
    let st = state(&mut s);
    assert_eq!(st["status"], "over");
    assert_eq!(
        st["result"],
        json!({"winner":null,"score":{"south":24,"north":24},"reason":"no-seeds"})
    );
}

#[test]
fn special_is_listed_last_when_allowed() {
    let mut s = Session::default();
    assert_eq!(ask(&mut s, "new enkeshui --special-move once"), "ok");
    assert_eq!(ask(&mut s, "legal"), "legal 3 4 5 6 7 8 special");
    assert_eq!(ask(&mut s, "perft 1"), "perft 6");
    assert_eq!(ask(&mut s, "moves x3,4=8,0,0,0,0,0,0,0"), "ok");
    assert_eq!(
        state(&mut s)["special_used"],
        json!({"south": true, "north": false})
    );
}

#[test]
fn new_with_flags_and_first_north() {
    let mut s = Session::default();
    assert_eq!(
        ask(
            &mut s,
            "new enkeshui --holes 8 --layout \"4 4 4 4 4 4 0 0\" --first north --max-turns 50 --capture-after-relay"
        ),
        "ok"
    );
    let st = state(&mut s);
    assert_eq!(st["south"], json!([4, 4, 4, 4, 4, 4, 0, 0]));
    assert_eq!(st["to_move"], "north");
    assert_eq!(
        st["rules"],
        json!({"capture_after_relay": true, "max_turns": 50})
    );
}

#[test]
fn every_bad_line_gets_an_error_and_changes_nothing() {
    let mut s = Session::default();
    let before = state(&mut s);
    for (line, want) in [
        (
            "new enkeshui --holes 9",
            "error --holes 9: Enkeshui is played with 8, 10 or 12 holes; for 9 holes give --layout with 9 or 18 seed counts",
        ),
        (
            "new enkeshui --layout zigzag",
            "error unknown layout 'zigzag' (known: 12-alternate, 8-left-empty, 8-right-empty, 10-left-empty, or seed counts such as \"0 0 4 4 4 4 4 4\")",
        ),
        (
            "new enkeshui --holes 8 --layout \"4 4 4 4 4 4 4 4\"",
            "error layout holds 64 seeds: Enkeshui needs 48",
        ),
        (
            "new enkeshui --bogus",
            "error unexpected argument '--bogus' found",
        ),
        ("new chess", "error unrecognized subcommand 'chess'"),
        (
            "new",
            "error new needs a game: enkeshui, en-gehe or bao-la-kimasai",
        ),
        ("new enkeshui --layout \"4 4", "error unclosed quote \""),
        ("position", "error position needs a position JSON"),
        (
            "position {not json",
            "error position is not valid JSON: key must be a string at line 1 column 2",
        ),
        (
            "position {\"game\":\"enkeshui\",\"holes\":8,\"south\":[0,0,4,4,4,4,4,4],\"north\":[4,0,4,4,4,4,4,4],\"bulls\":[{\"side\":\"north\",\"hole\":2,\"owner\":\"south\"}],\"to_move\":\"south\"}",
            "error bulls[0].hole: a bull on north hole 2, which is empty",
        ),
        (
            "perft",
            "error perft needs a depth (a whole number), not ''",
        ),
        (
            "perft -1",
            "error perft needs a depth (a whole number), not '-1'",
        ),
        (
            "go level grandmaster",
            "error go: unknown level 'grandmaster' (random, greedy, mcts, easy, medium, hard, expert)",
        ),
        ("go depth", "error go: 'depth' needs a value"),
        (
            "go fast 1",
            "error go: unknown option 'fast' (depth, movetime, level, seed)",
        ),
        ("legal now", "error legal takes no arguments"),
        (
            "frobnicate",
            "error unknown command 'frobnicate' (new, position, moves, legal, state, perft, go, quit)",
        ),
    ] {
        assert_eq!(ask(&mut s, line), want, "{line}");
        assert_eq!(state(&mut s), before, "{line} changed the game");
    }
    assert_eq!(ask(&mut s, ""), "");
    assert_eq!(ask(&mut s, "quit"), "QUIT");
}

#[test]
fn go_plays_a_legal_decision_reproducibly() {
    let mut s = Session::default();
    // A fixed depth with no time limit is reproducible for a seed, even with
    // the noisy easy level.
    for level in ["easy", "medium", "hard"] {
        let cmd = format!("go seed 7 depth 3 level {level}");
        let a = ask(&mut s, &cmd);
        assert_eq!(ask(&mut s, &cmd), a, "{cmd}");
        let tok = a.strip_prefix("bestmove ").unwrap();
        assert!(["3", "4", "5", "6", "7", "8"].contains(&tok), "{a}");
    }
    let tok = ask(&mut s, "go movetime 50");
    assert!(tok.starts_with("bestmove "), "{tok}");
}

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
}

/// Runs the binary with `args`, `input` on its standard input.
fn run_with_input(args: &[&str], input: &[u8]) -> std::process::Output {
    let mut child = binary()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn the_engine_subcommand_answers_on_stdout_and_exits_on_quit() {
    let out = run_with_input(
        &["engine"],
        b"legal\nmoves 3\nbogus\n\xff\xfe\nquit\nlegal\n",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text,
        "legal 3 4 5 6 7 8\nok\nerror unknown command 'bogus' (new, position, moves, legal, state, perft, go, quit)\nerror the line is not valid UTF-8\n"
    );
    assert!(out.stderr.is_empty());
}

#[test]
fn the_engine_ends_quietly_at_the_end_of_input() {
    let out = binary()
        .arg("engine")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
}

#[test]
fn bad_command_line_options_exit_with_code_2_and_one_line() {
    for (args, want) in [
        (
            vec!["enkeshui", "--holes", "9"],
            "error: --holes 9: Enkeshui is played with 8, 10 or 12 holes; for 9 holes give --layout with 9 or 18 seed counts",
        ),
        (
            vec!["enkeshui", "--layout", "zigzag"],
            "error: unknown layout 'zigzag'",
        ),
        (
            vec!["enkeshui", "--holes", "8", "--layout", "0 0 4 4 4 4 4"],
            "error: layout has 7 counts",
        ),
        (
            vec!["enkeshui", "--layout", "0 0 4 4 4 4 4"],
            "error: layout holds 40 seeds: Enkeshui needs 48",
        ),
        (
            vec!["enkeshui", "--holes", "8", "--layout", "4 4 4 4 4 4 4 4"],
            "error: layout holds 64 seeds: Enkeshui needs 48",
        ),
        (
            vec!["enkeshui", "--race-hole", "1", "--race", "quick"],
            "error: --race-hole 1: both racers' holes must hold seeds",
        ),
        (
            vec!["enkeshui", "--max-turns", "0"],
            "error: --max-turns 0: the limit must be at least 1 turn",
        ),
    ] {
        let out = binary().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with(want), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    let out = binary()
        .args(["enkeshui", "--special-move", "sometimes"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn help_lists_every_rule_flag_with_its_default() {
    let out = binary().args(["enkeshui", "--help"]).output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    for flag in [
        "--holes",
        "--layout",
        "--race <RACE>",
        "[default: on]",
        "--race-hole",
        "--first",
        "[default: south]",
        "--capture-after-relay",
        "--special-move",
        "[default: off]",
        "--max-turns",
        "[default: 1000]",
        "--match",
        "--unfilled",
        "[default: open]",
        "--seed",
    ] {
        assert!(help.contains(flag), "--help lacks {flag}:\n{help}");
    }
}

#[test]
fn the_table_size_is_an_engine_option() {
    let run = |hash: &str, input: &str| {
        let out = run_with_input(&["engine", "--hash-mb", hash], input.as_bytes());
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    // No table at all still plays the same legal, reproducible decision.
    let (code, out, _) = run("0", "new en-gehe --holes 6\ngo level hard seed 3\nquit\n");
    let (_, with_table, _) = run("64", "new en-gehe --holes 6\ngo level hard seed 3\nquit\n");
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok");
    let hole: usize = lines[1].strip_prefix("bestmove ").unwrap().parse().unwrap();
    assert!((1..=6).contains(&hole), "{out}");
    assert_eq!(with_table.lines().next(), Some("ok"));
    let (code, out, err) = run("5000", "");
    assert_eq!(code, Some(2));
    assert_eq!(out, "");
    assert!(err.contains("'5000' for '--hash-mb <MB>'"), "{err}");
}

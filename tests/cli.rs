//! The command line of the real binary: closed pipes, files that are not
//! regular files, option errors.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_masai-mancala");

/// A fresh empty folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("masai-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/records")
        .join(name)
}

/// A pipe whose reader is already closed: every write to it fails with EPIPE.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Stdio::from(writer)
}

/// Runs the binary with stdout and/or stderr on a closed pipe (else captured).
fn run_closed(args: &[&str], close_stdout: bool, close_stderr: bool) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args).stdin(Stdio::null());
    cmd.stdout(if close_stdout {
        closed_pipe()
    } else {
        Stdio::piped()
    });
    cmd.stderr(if close_stderr {
        closed_pipe()
    } else {
        Stdio::piped()
    });
    cmd.output().unwrap()
}

#[test]
fn replay_check_into_a_closed_pipe_exits_quietly() {
    let valid = fixture("valid.json");
    let out = run_closed(&["replay", valid.to_str().unwrap(), "--check"], true, false);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn replay_print_into_a_closed_pipe_exits_quietly() {
    let valid = fixture("valid.json");
    let out = run_closed(&["replay", valid.to_str().unwrap(), "--print"], true, false);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn an_error_into_a_closed_stderr_keeps_its_exit_status() {
    let dir = temp_dir("closed-stderr");
    let missing = dir.join("missing.json");
    let out = run_closed(
        &["replay", missing.to_str().unwrap(), "--check"],
        false,
        true,
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    // Both closed: still status 2, no panic (101).
    let out = run_closed(
        &["replay", missing.to_str().unwrap(), "--check"],
        true,
        true,
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_full_stdout_is_an_error() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let valid = fixture("valid.json");
    let out = Command::new(BIN)
        .args(["replay", valid.to_str().unwrap(), "--check"])
        .stdout(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: standard output: No space left on device (os error 28)\n"
    );
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `resume` refuses an unknown seat level with the same line as `replay --check`.
#[test]
fn resume_names_the_file_and_field_of_an_unknown_seat() {
    let dir = fixture("");
    let out = Command::new(BIN)
        .current_dir(&dir)
        .args(["resume", "unknown-level.json"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: unknown-level.json: seats.north: 'ai:bogus' is not a seat (human, ai or ai:LEVEL, LEVEL one of random, greedy, mcts, easy, medium, hard, expert)\n"
    );
}

/// The seat error and `--help` list the same levels, and every one of them is a seat.
#[test]
fn seat_levels_agree_between_help_and_errors() {
    let levels = masai_mancala::ai::Player::NAMES;
    for game in ["enkeshui", "en-gehe", "bao"] {
        let help = String::from_utf8_lossy(&run(&[game, "--help"]).stdout).into_owned();
        for seat in ["South", "North"] {
            assert!(
                help.contains(&format!(
                    "Who plays {seat}: human, ai (the medium AI) or ai:LEVEL ({levels})"
                )),
                "{game} --help:\n{help}"
            );
        }
        let out = run(&[game, "--north", "ai:bogus"]);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).contains(&format!(
                "'ai:bogus': a seat is human, ai (medium) or ai:LEVEL ({levels})"
            )),
            "{}",
            stderr(&out)
        );
    }
    for level in levels.split(", ") {
        let seat: masai_mancala::cli::Seat = format!("ai:{level}").parse().unwrap();
        assert_eq!(seat.name(), format!("ai:{level}"));
    }
    assert_eq!(
        "ai".parse::<masai_mancala::cli::Seat>().unwrap().name(),
        "ai:medium"
    );
}

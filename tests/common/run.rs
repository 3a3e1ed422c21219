//! The program run once as a person or a script runs it: in its own folder
//! (its data, settings and home), `input` on its standard input, its output
//! read back whole. Uses nothing but `std`, so a test crate may include it
//! alone (`#[path = "../common/run.rs"]`).
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// What a run printed, and how it ended.
pub struct Ran {
    pub out: String,
    pub err: String,
    /// The exit status (-1: ended by a signal).
    pub code: i32,
}

/// Runs the binary with `args` in `dir`, writing `input` to it on a thread
/// (so a program that stops reading never blocks the test).
pub fn run_in(dir: &Path, args: &[&str], input: impl AsRef<[u8]>) -> Ran {
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
    let input = input.as_ref().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("it ends");
    writer.join().expect("input written");
    Ran {
        out: String::from_utf8(out.stdout).expect("UTF-8 out"),
        err: String::from_utf8(out.stderr).expect("UTF-8 err"),
        code: out.status.code().unwrap_or(-1),
    }
}

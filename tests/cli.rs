//! The command line of the real binary: closed pipes, files that are not
//! regular files, option errors.

#[path = "common/temp.rs"]
mod temp;
use temp::TempDir;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_masai-mancala");

/// A fresh empty folder for one test.
fn temp_dir(name: &str) -> TempDir {
    TempDir::new(&format!("masai-cli-{name}"))
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
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    // Both closed: still status 1, no panic (101).
    let out = run_closed(
        &["replay", missing.to_str().unwrap(), "--check"],
        true,
        true,
    );
    assert_eq!(out.status.code(), Some(1));
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
    assert_eq!(out.status.code(), Some(1));
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

#[test]
fn an_animation_speed_out_of_range_is_refused() {
    // Issue 21: `--speed 18446744073709551615` was taken, and every
    // animation then waited for `s`. The range is the settings file's.
    let dir = temp_dir("speed-range");
    let record = dir.join("none.json");
    let record = record.to_str().unwrap();
    for command in [
        vec!["enkeshui"],
        vec!["en-gehe"],
        vec!["bao"],
        vec!["learn"],
        vec!["replay", record],
        vec!["resume", record],
    ] {
        for value in ["18446744073709551615", "18446744073709551616", "5001", "0"] {
            let mut args = command.clone();
            args.extend(["--speed", value]);
            let out = run(&args);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert_eq!(
                stderr(&out).lines().next().unwrap_or_default(),
                format!(
                    "error: invalid value '{value}' for '--speed <MS>': milliseconds per seed, a whole number from 1 to 5000"
                ),
                "{args:?}"
            );
        }
    }
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
    assert_eq!(out.status.code(), Some(1));
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

/// Runs the binary and fails the test if it has not ended within `secs`
/// (a FIFO must be refused at once, never waited on).
fn run_within(args: &[&str], secs: u64) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let t = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t.elapsed().as_secs() >= secs {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("{args:?} still running after {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid C string and a mode.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

/// Records and positions are read only from regular files: anything else is
/// one error line at once, exit 1.
#[test]
fn records_and_positions_come_only_from_regular_files() {
    let dir = temp_dir("regular");
    let fifo = dir.join("fifo.json");
    mkfifo(&fifo);
    let f = fifo.to_str().unwrap();
    let d = dir.to_str().unwrap();
    let cases: &[(&[&str], String)] = &[
        (
            &["replay", f, "--check"],
            format!("error: {f}: is a FIFO (named pipe), not a record\n"),
        ),
        (
            &["replay", f, "--print"],
            format!("error: {f}: is a FIFO (named pipe), not a record\n"),
        ),
        (
            &["resume", f],
            format!("error: {f}: is a FIFO (named pipe), not a record\n"),
        ),
        (
            &["replay", "/dev/zero", "--check"],
            "error: /dev/zero: is a character device, not a record\n".into(),
        ),
        (
            &["replay", d, "--check"],
            format!("error: {d}: is a folder, not a record\n"),
        ),
        (
            &["en-gehe", "--position", f],
            format!("error: --position {f}: is a FIFO (named pipe), not a position\n"),
        ),
        (
            &["en-gehe", "--position", "/dev/zero"],
            "error: --position /dev/zero: is a character device, not a position\n".into(),
        ),
        (
            &["en-gehe", "--position", d],
            format!("error: --position {d}: is a folder, not a position\n"),
        ),
    ];
    for (args, expected) in cases {
        let out = run_within(args, 10);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(stderr(&out), *expected, "{args:?}");
    }
    // /dev/stdin on a pipe is a FIFO too.
    let mut child = Command::new(BIN)
        .args(["replay", "/dev/stdin", "--check"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take();
    let out = child.wait_with_output().unwrap();
    drop(stdin);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "error: /dev/stdin: is a FIFO (named pipe), not a record\n"
    );
}

/// The cap holds while reading: a file whose size says 0 (as in /proc) is cut off too.
#[test]
fn the_size_cap_is_checked_while_reading() {
    use masai_mancala::record::file::read_regular;
    let maps = Path::new("/proc/self/maps");
    if !maps.exists() {
        return;
    }
    assert_eq!(std::fs::metadata(maps).unwrap().len(), 0);
    assert_eq!(
        read_regular(maps, 16, "a record").unwrap_err().to_string(),
        "too large for a record (more than 16 bytes)"
    );
    let dir = temp_dir("cap");
    let big = dir.join("big.json");
    std::fs::write(&big, "x".repeat(17)).unwrap();
    assert_eq!(
        read_regular(&big, 16, "a record").unwrap_err().to_string(),
        "17 bytes: too large for a record (at most 16)"
    );
    std::fs::write(&big, "x".repeat(16)).unwrap();
    assert_eq!(read_regular(&big, 16, "a record").unwrap(), "x".repeat(16));
}

/// `--layout` takes the blame for its own counts, and a count below zero is
/// a value refused as negative, not an unknown option.
#[test]
fn layout_errors_blame_the_layout() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["enkeshui", "--layout", "1 2 3"],
            "error: --layout \"1 2 3\": 3 counts make no board: give N counts (both rows alike) or 2N (South's row then North's), N from 4 to 16\n",
        ),
        (
            &["enkeshui", "--layout", "-4 4 4 4 4 4 4 4"],
            "error: --layout \"-4 4 4 4 4 4 4 4\": -4 is a negative count of seeds\n",
        ),
        (
            &["enkeshui", "--layout", "4 4 -4 4 4 4 4 4"],
            "error: --layout \"4 4 -4 4 4 4 4 4\": -4 is a negative count of seeds\n",
        ),
        (
            &[
                "arena",
                "--a",
                "random",
                "--b",
                "random",
                "--layout",
                "-4 4 4 4 4 4 4 4",
            ],
            "error: --layout \"-4 4 4 4 4 4 4 4\": -4 is a negative count of seeds\n",
        ),
    ];
    for (args, expected) in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), *expected, "{args:?}");
    }
    // With --holes given, --holes is still the one blamed for its range.
    let out = run(&["enkeshui", "--holes", "3", "--layout", "1 2 3"]);
    assert_eq!(
        stderr(&out),
        "error: --holes 3: Enkeshui rows have 4 to 16 holes (8, 10 and 12 are traditional)\n"
    );
}

#[test]
fn version_and_verbose_version() {
    let version = env!("CARGO_PKG_VERSION");
    for flag in ["--version", "-V"] {
        let out = run(&[flag]);
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("masai-mancala {version}\n")
        );
    }
    let out = run(&["--version", "--verbose"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "masai-mancala {version}\nrecord format: masai-mancala-record version {}\nengine protocol: version {}\n",
            masai_mancala::record::VERSION,
            masai_mancala::cli::ENGINE_PROTOCOL_VERSION
        )
    );
    // --verbose alone is refused.
    assert_eq!(run(&["--verbose"]).status.code(), Some(2));
}

/// A completion script for every shell, naming the subcommands and options;
/// bash's is valid bash.
#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = run(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        for word in ["masai-mancala", "en-gehe", "replay", "layout", "position"] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
        if shell == "bash" && Path::new("/bin/bash").exists() {
            let dir = temp_dir("completions");
            let path = dir.join("masai-mancala.bash");
            std::fs::write(&path, &script).unwrap();
            let check = Command::new("/bin/bash")
                .arg("-n")
                .arg(&path)
                .output()
                .unwrap();
            assert!(check.status.success(), "{}", stderr(&check));
            // Sourced, it completes the subcommands.
            let complete = Command::new("/bin/bash")
                .arg("-c")
                .arg(format!(
                    "source {}; COMP_WORDS=(masai-mancala en-); COMP_CWORD=1; COMP_LINE='masai-mancala en-'; COMP_POINT=17; _masai__mancala masai-mancala en- masai-mancala; echo \"${{COMPREPLY[@]}}\"",
                    path.display()
                ))
                .output()
                .unwrap();
            assert_eq!(String::from_utf8_lossy(&complete.stdout).trim(), "en-gehe");
        }
    }
    assert_eq!(run(&["completions", "tcsh"]).status.code(), Some(2));
}

/// A shell the completion tests run, if it is installed. Missing, the test
/// is skipped, except where `REQUIRE_SHELLS` is set (`.ci/run` sets it):
/// there a missing shell fails it.
fn shell(name: &str) -> Option<&'static str> {
    let there = Command::new(name)
        .arg("-c")
        .arg("exit 0")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        there || std::env::var_os("REQUIRE_SHELLS").is_none(),
        "{name} is not installed, and REQUIRE_SHELLS asks for the completion tests"
    );
    there.then_some(match name {
        "bash" => "bash",
        "zsh" => "zsh",
        _ => "fish",
    })
}

/// The completion script for `shell`, written to a file in a folder of the
/// test's own, removed when the guard returned drops.
fn completion_script(shell: &str, test: &str) -> (TempDir, String) {
    let out = run(&["completions", shell]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let script = String::from_utf8(out.stdout).unwrap();
    let path = TempDir::file(
        &format!("masai-cli-complete-{shell}-{test}"),
        &format!("masai-mancala.{shell}"),
    );
    std::fs::write(&path, &script).unwrap();
    (path, script)
}

/// What bash offers for the command line `words` (the last one being
/// completed), as bash calls the script's function on a TAB.
fn bash_offers(script: &Path, words: &[&str]) -> Vec<String> {
    let out = Command::new("bash")
        .arg("-c")
        .arg(
            r#"source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1));
            COMP_LINE="$*"; COMP_POINT=${#COMP_LINE};
            _masai__mancala "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}";
            printf '%s\n' "${COMPREPLY[@]}""#,
        )
        .arg("bash")
        .arg(script)
        .args(words)
        .current_dir(script.parent().unwrap())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

#[test]
fn bash_completes_a_subcommands_options() {
    let Some(_) = shell("bash") else { return };
    let (script, _) = completion_script("bash", "options");
    let offered = bash_offers(&script, &["masai-mancala", "enkeshui", "--"]);
    for opt in [
        "--holes",
        "--layout",
        "--race",
        "--race-speed",
        "--south",
        "--north",
        "--theme",
        "--help",
    ] {
        assert!(offered.iter().any(|o| o == opt), "{opt} in {offered:?}");
    }
    assert!(offered.iter().all(|o| o.starts_with("--")), "{offered:?}");
    assert_eq!(
        bash_offers(&script, &["masai-mancala", "enkeshui", "--ra"]),
        ["--race", "--race-hole", "--race-speed"]
    );
    assert_eq!(
        bash_offers(&script, &["masai-mancala", "en-gehe", "--south-"]),
        ["--south-team"]
    );
    assert_eq!(
        bash_offers(&script, &["masai-mancala", "bao", "--f"]),
        ["--first", "--flip", "--force"]
    );
}

#[test]
fn bash_completes_the_values_of_options_and_arguments() {
    let Some(_) = shell("bash") else { return };
    let (script, _) = completion_script("bash", "values");
    // The folder holds the script: a file name offered would show here.
    let cases: &[(&[&str], &[&str])] = &[
        (&["enkeshui", "--race", ""], &["on", "off", "quick"]),
        (&["enkeshui", "--holes", ""], &["8", "10", "12"]),
        (
            &["enkeshui", "--race-speed", ""],
            &["easy", "medium", "hard", "expert"],
        ),
        (
            &["enkeshui", "--layout", "8"],
            &["8-left-empty", "8-right-empty"],
        ),
        (&["enkeshui", "--north", "ai:e"], &["ai:easy", "ai:expert"]),
        (&["bao", "--south", "h"], &["human"]),
        (
            &["en-gehe", "--holes", "4"],
            &["40", "41", "42", "43", "44", "45", "46", "47", "48", "49"],
        ),
        (&["arena", "--a", "m"], &["mcts", "medium"]),
        (&["arena", "--game", "en"], &["enkeshui", "en-gehe"]),
        (&["learn", "e"], &["enkeshui", "en-gehe"]),
        (&["learn", "b"], &["bao-la-kimasai"]),
        (&["completions", "f"], &["fish"]),
    ];
    for (words, want) in cases {
        let mut line = vec!["masai-mancala"];
        line.extend_from_slice(words);
        assert_eq!(bash_offers(&script, &line), *want, "{}", line.join(" "));
    }
}

#[test]
fn completions_leave_hidden_subcommands_out() {
    if shell("bash").is_some() {
        let (script, _) = completion_script("bash", "hidden");
        let top = bash_offers(&script, &["masai-mancala", ""]);
        assert!(top.iter().any(|o| o == "enkeshui"), "{top:?}");
        assert!(!top.iter().any(|o| o == "bench-render"), "{top:?}");
        assert!(bash_offers(&script, &["masai-mancala", "be"]).is_empty());
        assert!(bash_offers(&script, &["masai-mancala", "help", "be"]).is_empty());
    }
    for sh in ["zsh", "fish", "elvish", "powershell"] {
        let out = run(&["completions", sh]);
        let script = String::from_utf8(out.stdout).unwrap();
        assert!(!script.contains("bench-render"), "{sh}");
    }
    // Still there for those who know it.
    assert_eq!(run(&["bench-render", "--help"]).status.code(), Some(0));
}

#[test]
fn zsh_completes_the_values_of_options_and_arguments() {
    let (path, script) = completion_script("zsh", "values");
    for want in [
        ":N:(8 10 12)'",
        ":RACE:((on\\:\"The players race for the first move\"",
        ":LEVEL:(easy medium hard expert)'",
        ":SEAT:(human ai ai\\:random ai\\:greedy ai\\:mcts ai\\:easy ai\\:medium ai\\:hard ai\\:expert)'",
        ":N:(40 41 42 43 44 45 46 47 48 49 50)'",
        ":(enkeshui en-gehe bao-la-kimasai)'",
    ] {
        assert!(script.contains(want), "zsh: no {want}");
    }
    if let Some(zsh) = shell("zsh") {
        let check = Command::new(zsh).arg("-n").arg(&path).output().unwrap();
        assert!(check.status.success(), "{}", stderr(&check));
    }
}

/// What fish offers for `line` (the words only, without descriptions).
fn fish_offers(script: &Path, line: &str) -> Vec<String> {
    let out = Command::new("fish")
        .arg("-c")
        .arg("source $argv[1]; complete --do-complete $argv[2]")
        .arg(script)
        .arg(line)
        .current_dir(script.parent().unwrap())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect()
}

#[test]
fn fish_completes_the_values_of_options_and_arguments() {
    let Some(fish) = shell("fish") else { return };
    let (path, _) = completion_script("fish", "values");
    let check = Command::new(fish)
        .arg("--no-execute")
        .arg(&path)
        .output()
        .unwrap();
    assert!(check.status.success(), "{}", stderr(&check));
    let cases: &[(&str, &[&str])] = &[
        ("masai-mancala enkeshui --race ", &["off", "on", "quick"]),
        ("masai-mancala enkeshui --holes ", &["8", "10", "12"]),
        (
            "masai-mancala enkeshui --race-speed ",
            &["easy", "expert", "hard", "medium"],
        ),
        (
            "masai-mancala enkeshui --ra",
            &["--race", "--race-hole", "--race-speed"],
        ),
        (
            "masai-mancala learn ",
            &["bao-la-kimasai", "enkeshui", "en-gehe"],
        ),
        ("masai-mancala arena --a ra", &["random"]),
        ("masai-mancala be", &[]),
    ];
    for (line, want) in cases {
        assert_eq!(fish_offers(&path, line), *want, "{line}");
    }
}

#[test]
fn the_help_gives_the_default_board_size() {
    let out = run(&["enkeshui", "--help"]);
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(
        help.contains(
            "      --holes <N>\n          Holes per row: 8, 10 or 12 (4..16 with a custom --layout) \
             [default: 8, or the settings file's; with --layout: the layout's]\n"
        ),
        "{help}"
    );
    // The values completed are the usual ones, not the only ones: --help does not list them.
    assert!(!help.contains("possible values: 8, 10, 12"), "{help}");
    let out = run(&["en-gehe", "--help"]);
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(
        help.contains("[default: 40, or the settings file's]"),
        "{help}"
    );
}

/// Every value the completion scripts offer is one the program takes.
#[test]
fn every_completed_value_is_accepted() {
    use clap::Parser;
    use masai_mancala::cli::{Cli, Command as Sub, hints};
    let parse = |args: &[&str]| {
        let mut line = vec!["masai-mancala"];
        line.extend_from_slice(args);
        Cli::try_parse_from(&line)
            .unwrap_or_else(|e| panic!("{}: {e}", line.join(" ")))
            .command
            .unwrap()
    };
    for h in hints::ENKESHUI_HOLES {
        let Sub::Enkeshui(a) = parse(&["enkeshui", "--holes", h]) else {
            panic!()
        };
        assert_eq!(a.game().unwrap().holes().to_string(), *h);
    }
    for h in hints::EN_GEHE_HOLES {
        let Sub::EnGehe(a) = parse(&["en-gehe", "--holes", h]) else {
            panic!()
        };
        assert!(a.game().is_ok(), "en-gehe --holes {h}");
    }
    for l in hints::LAYOUTS {
        let Sub::Enkeshui(a) = parse(&["enkeshui", "--layout", l]) else {
            panic!()
        };
        assert!(a.game().is_ok(), "--layout {l}");
    }
    for l in hints::LEVELS {
        parse(&["enkeshui", "--race-speed", l]);
    }
    for s in hints::SEATS {
        parse(&["bao", "--south", s, "--north", s]);
    }
    for p in hints::PLAYERS {
        // `hint` is the arena's own player (the judge's decision), no level.
        if *p == "hint" {
            let hint = masai_mancala::arena::Contender::parse(p);
            assert!(
                matches!(hint, Ok(masai_mancala::arena::Contender::Hint)),
                "{p}"
            );
        } else {
            assert!(masai_mancala::ai::Player::parse(p).is_some(), "{p}");
        }
        parse(&["arena", "--a", p, "--b", p]);
    }
    for g in hints::GAMES {
        assert!(masai_mancala::engine::GameKind::parse(g).is_some(), "{g}");
        let Sub::Learn(a) = parse(&["learn", g]) else {
            panic!()
        };
        assert!(a.kind().unwrap().is_some());
    }
    // And the usual values are not the only ones: a custom 2x14 layout still plays.
    let Sub::Enkeshui(a) = parse(&[
        "enkeshui",
        "--holes",
        "14",
        "--layout",
        "0 2 2 2 2 2 2 2 2 2 2 2 2 0",
    ]) else {
        panic!()
    };
    assert!(a.game().is_ok());
}

/// Issue 40: status 2 when the command line is refused (before anything is
/// read or written), 1 when a command fails while running, as the manual's
/// EXIT STATUS says.
#[test]
fn exit_status_is_2_for_the_command_line_and_1_for_a_failure() {
    let dir = temp_dir("exit-status");
    let missing = dir.join("missing.json");
    let missing = missing.to_str().unwrap();
    let usage: &[&[&str]] = &[
        &["--no-such-option"],
        &["enkeshui", "--holes", "3"],
        &["learn", "chess"],
        &["arena", "--a", "grandmaster", "--b", "random"],
        &["arena", "--a", "random", "--b", "random", "--games", "0"],
    ];
    for args in usage {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
    let failures: &[&[&str]] = &[
        &["replay", missing, "--check"],
        &["resume", "--plain", missing],
        &["en-gehe", "--position", missing],
    ];
    for args in failures {
        let out = run(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).starts_with("error: "), "{args:?}");
    }
}

/// Issue 40: `--help` wraps to the terminal's width (`COLUMNS` here, as a
/// terminal would give it), and a game's options come under headings.
#[test]
fn help_fits_the_terminal_and_groups_the_options() {
    let heading_of = |help: &str, option: &str| -> String {
        let mut heading = String::new();
        for line in help.lines() {
            if !line.starts_with(' ') && line.ends_with(':') {
                heading = line.to_string();
            }
            if line.trim_start().starts_with(&format!("{option} ")) || line.trim() == option {
                return heading;
            }
        }
        panic!("{option} not in:\n{help}");
    };
    for game in ["enkeshui", "en-gehe", "bao", "arena"] {
        for width in [72, 80] {
            let out = Command::new(BIN)
                .args([game, "--help"])
                .env("COLUMNS", width.to_string())
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0));
            let help = String::from_utf8_lossy(&out.stdout);
            for line in help.lines() {
                assert!(
                    line.chars().count() <= width,
                    "{game} at {width} columns: {line:?}"
                );
            }
            if game == "arena" {
                assert_eq!(heading_of(&help, "--a <PLAYER>"), "Players:");
                assert_eq!(heading_of(&help, "--holes <N>"), "Rules:");
                assert_eq!(heading_of(&help, "--save <PATH>"), "Saving:");
                continue;
            }
            assert_eq!(heading_of(&help, "--south <SEAT>"), "Players:", "{game}");
            assert_eq!(heading_of(&help, "--max-turns <N>"), "Rules:", "{game}");
            assert_eq!(heading_of(&help, "--theme <THEME>"), "Display:", "{game}");
            assert_eq!(heading_of(&help, "--plain"), "Display:", "{game}");
            assert_eq!(heading_of(&help, "--save <PATH>"), "Saving:", "{game}");
        }
    }
}

//! `stop` and `quit` while a long command runs in a live engine: answers in
//! order, the best decision so far, nothing changed.

use super::*;

#[test]
fn stop_ends_a_running_go_with_its_best_decision_so_far() {
    let mut e = Live::start();
    assert_eq!(e.ask("new en-gehe --holes 40"), "ok");
    let before = e.ask("state");
    // A day of thinking, unless stopped.
    e.send("go depth 200 movetime 86400000 level expert\n");
    std::thread::sleep(Duration::from_millis(300));
    e.send("stop\n");
    let best = e.answer("go, after stop");
    let hole: usize = best
        .strip_prefix("bestmove ")
        .and_then(|h| h.parse().ok())
        .unwrap_or_else(|| panic!("{best}"));
    assert!((1..=40).contains(&hole), "{best}");
    assert_eq!(e.answer("stop"), "ok");
    // The session goes on, the game untouched.
    assert_eq!(e.ask("state"), before);
    assert_eq!(e.ask("perft 1"), "perft 40");
}

#[test]
fn stop_ends_a_running_perft_and_changes_nothing() {
    let mut e = Live::start();
    assert_eq!(e.ask("new bao"), "ok");
    let before = e.ask("state");
    e.send("perft 40\n");
    std::thread::sleep(Duration::from_millis(300));
    e.send("stop\n");
    assert_eq!(e.answer("perft 40, after stop"), "error stopped");
    assert_eq!(e.answer("stop"), "ok");
    assert_eq!(e.ask("state"), before);
    assert_eq!(e.ask("perft 1"), "perft 8");
}

#[test]
fn lines_sent_during_a_long_command_are_answered_after_it_in_order() {
    let mut e = Live::start();
    e.send("new bao\nperft 40\nstate\nlegal\nperft 1\n\nbogus\n");
    std::thread::sleep(Duration::from_millis(300));
    e.send("stop\n");
    // `stop` ends the running perft; the rest waits its turn.
    let answers: Vec<String> = (0..8).map(|_| e.answer("the queued lines")).collect();
    assert_eq!(answers[0], "ok");
    assert_eq!(answers[1], "error stopped");
    assert!(answers[2].starts_with("state {\"game\":\"bao-la-kimasai\""));
    assert_eq!(answers[3], "legal i1 i2 i3 i4 i5 i6 i7 i8");
    assert_eq!(answers[4], "perft 8");
    assert_eq!(answers[5], "error empty line");
    assert!(answers[6].starts_with("error unknown command 'bogus'"));
    assert_eq!(answers[7], "ok", "the answer to stop comes in its turn");
}

/// Sends `burst` in one write and reads `n` answers, failing on a hang.
fn answers_to_burst(e: &mut Live, burst: &str, n: usize) -> Vec<String> {
    e.send(burst);
    (0..n).map(|_| e.answer(burst)).collect()
}

#[test]
fn a_stop_sent_close_behind_other_lines_ends_the_long_command_before_it() {
    // Issue 21: the stop used to reach only the first line not yet answered
    // (here `new`), and the long command behind it ran on.
    for before in ["", "legal\n", "moves i1\n", "state\n"] {
        for long in ["perft 60", "go level expert movetime 60000"] {
            let mut e = Live::start();
            let started = Instant::now();
            let burst = format!("new bao\n{before}{long}\nstop\nlegal\n");
            let n = 4 + usize::from(!before.is_empty());
            let a = answers_to_burst(&mut e, &burst, n);
            assert_eq!(a[0], "ok", "{burst:?}");
            let ended = &a[n - 3];
            if long.starts_with("perft") {
                assert_eq!(ended, "error stopped", "{burst:?}");
            } else {
                assert!(ended.starts_with("bestmove "), "{burst:?}: {ended}");
            }
            assert_eq!(a[n - 2], "ok", "{burst:?}: the stop ended {long}");
            assert!(a[n - 1].starts_with("legal "), "{burst:?}: {a:?}");
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "{burst:?} took {:?}",
                started.elapsed()
            );
        }
    }
}

#[test]
fn a_stop_that_ends_nothing_says_so_even_when_sent_early() {
    let mut e = Live::start();
    // Read while `new` runs, but `new` ends on its own: nothing was stopped.
    let a = answers_to_burst(&mut e, "new bao\nstop\nlegal\nstop\n", 4);
    assert_eq!(
        a,
        [
            "ok",
            "error nothing to stop",
            "legal i1 i2 i3 i4 i5 i6 i7 i8",
            "error nothing to stop"
        ]
    );
    // Quick lines before a long one do not use the stop up.
    let a = answers_to_burst(
        &mut e,
        "state\nlegal\ngo level random\nperft 1\nperft 60\nstop\n",
        6,
    );
    assert_eq!(a[1], "legal i1 i2 i3 i4 i5 i6 i7 i8");
    assert!(a[2].starts_with("bestmove i"), "{a:?}");
    assert_eq!(a[3..], ["perft 8", "error stopped", "ok"]);
    // Two stops behind one command: the first ends it, the second ends nothing.
    let a = answers_to_burst(&mut e, "perft 60\nstop\nstop\n", 3);
    assert_eq!(a, ["error stopped", "ok", "error nothing to stop"]);
    // Each stop ends the long command before it, and only that one.
    let a = answers_to_burst(&mut e, "perft 60\nstop\nperft 60\nstop\nperft 2\n", 5);
    assert_eq!(
        a,
        ["error stopped", "ok", "error stopped", "ok", "perft 64"]
    );
    // A stop ends every long command read before it, not only the first,
    // and a quick line between them is answered as usual. The first
    // `perft 2` may have ended before the stop was read (a loaded machine):
    // then it has its count, as the protocol promises no more.
    let a = answers_to_burst(&mut e, "perft 2\nperft 60\nlegal\nstop\nperft 2\n", 5);
    assert!(
        ["error stopped", "perft 64"].contains(&a[0].as_str()),
        "{a:?}"
    );
    assert_eq!(
        a[1..],
        [
            "error stopped",
            "legal i1 i2 i3 i4 i5 i6 i7 i8",
            "ok",
            "perft 64"
        ]
    );
}

#[test]
fn stop_with_nothing_running_is_answered_and_stops_nothing_later() {
    let mut e = Live::start();
    assert_eq!(e.ask("stop"), "error nothing to stop");
    assert_eq!(e.ask("stop now"), "error stop takes no arguments");
    // A stop already answered does not stop the next command.
    assert_eq!(e.ask("perft 3"), "perft 284");
    let mut s = Session::default();
    assert_eq!(ask(&mut s, "stop"), "error nothing to stop");
}

#[test]
fn quit_ends_the_engine_in_the_middle_of_a_command() {
    for long in [
        "perft 40",
        "go depth 200 movetime 86400000",
        "go level mcts movetime 86400000",
    ] {
        let mut e = Live::start();
        assert_eq!(e.ask("new en-gehe --holes 40"), "ok");
        e.send(&format!("{long}\n"));
        std::thread::sleep(Duration::from_millis(300));
        e.send("quit\n");
        assert_eq!(e.exit_code(), Some(0), "{long}");
    }
}

#[test]
fn quit_answers_the_quick_lines_before_it() {
    let out = run_with_input(&["engine"], b"perft 3\nmoves 8\nstate\nquit\nperft 1\n");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], "perft 284");
    assert_eq!(lines[1], "ok");
    assert!(lines[2].contains("\"turn\":2"), "{text}");
}

#[test]
fn quit_with_anything_after_it_is_refused_and_does_not_quit() {
    let mut s = Session::default();
    assert_eq!(ask(&mut s, "quit now"), "error quit takes no arguments");
    assert_eq!(ask(&mut s, "  quit  "), "QUIT");
    let out = run_with_input(&["engine"], b"quit anything\nlegal\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "error quit takes no arguments\nlegal 3 4 5 6 7 8\n"
    );
}

/// Issue 40: at the end of input a long command is stopped, not left to run
/// for a day for nobody; the lines before it are answered in full.
#[test]
fn the_end_of_input_stops_a_long_command() {
    for (input, first, stopped) in [
        ("perft 3\nperft 60\n", "perft 284", "error stopped"),
        (
            "legal\ngo movetime 86400000\n",
            "legal 3 4 5 6 7 8",
            "bestmove ",
        ),
        (
            "perft 3\ngo depth 200 movetime 86400000 level expert\n",
            "perft 284",
            "bestmove ",
        ),
    ] {
        let mut child = binary()
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let started = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if started.elapsed() > Duration::from_secs(20) {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{input:?}: still running 20 s after the end of input");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let out = child.wait_with_output().unwrap();
        assert_eq!(status.code(), Some(0), "{input:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{input:?}: {text}");
        assert_eq!(lines[0], first, "{input:?}");
        assert!(lines[1].starts_with(stopped), "{input:?}: {text}");
        if stopped == "error stopped" {
            assert_eq!(lines[1], stopped);
        }
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{input:?}");
    }
}

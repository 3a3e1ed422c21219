//! Matches in lines: each game and the carry-over said, and the end of a
//! match of AI seats (its number of games, a stock that cannot fill a hole,
//! a carry-over that repeats).

use super::*;

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
    let dir_path = dir.to_path_buf();
    Run {
        out,
        err,
        code: status.code().unwrap_or(-1),
        dir: dir_path,
        _temp: Some(dir),
    }
    .unwrapped()
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
    let saved = saved_file(&r, lines[n - 1]);
    let out = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .args(["replay", saved.to_str().unwrap(), "--check"])
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

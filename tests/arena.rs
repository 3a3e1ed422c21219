//! The `arena` subcommand: built-in players, outside programs speaking the
//! engine protocol, forfeits, and the Elo arithmetic.

#[path = "common/temp.rs"]
mod temp;
use temp::TempDir;

#[path = "arena/hopping.rs"]
mod hopping;
#[path = "arena/saving.rs"]
mod saving;

use masai_mancala::arena::Summary;
use serde_json::Value;
use std::process::Command;

fn arena(args: &[&str]) -> (i32, Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .arg("arena")
        .args(args)
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    let json = serde_json::from_str(stdout.trim()).unwrap_or(Value::Null);
    (out.status.code().unwrap_or(-1), json, stderr)
}

fn count(v: &Value, k: &str) -> u64 {
    v[k].as_u64().unwrap_or_else(|| panic!("no {k} in {v}"))
}

#[test]
fn builtin_players_give_a_json_summary_and_progress() {
    let (code, v, err) = arena(&[
        "--a", "greedy", "--b", "random", "--games", "4", "--seed", "3", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(count(&v, "games"), 4);
    assert_eq!(
        count(&v, "wins") + count(&v, "draws") + count(&v, "losses"),
        4
    );
    assert!(v["elo"].is_number() && v["elo_error"].is_number(), "{v}");
    let progress: Vec<&str> = err.lines().filter(|l| l.contains(" game ")).collect();
    assert_eq!(progress.len(), 4, "{err}");
    assert!(
        progress[3].starts_with("[####################] 4/4 game "),
        "{err}"
    );
    assert!(err.contains("greedy as south") && err.contains("greedy as north"));
}

#[test]
fn an_outside_engine_plays_through_the_protocol() {
    let cmd = format!("cmd:{} engine", env!("CARGO_BIN_EXE_masai-mancala"));
    let (code, v, err) = arena(&[
        "--a",
        &cmd,
        "--b",
        "random",
        "--games",
        "2",
        "--think-ms",
        "20",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(count(&v, "games"), 2);
    assert_eq!(v["forfeits"], serde_json::json!([]), "{v}");
}

#[test]
fn garbage_or_a_dead_program_loses_with_the_reason() {
    // `cat` answers `position ...` to `position`: garbage.
    let (code, v, _) = arena(&["--a", "cmd:cat", "--b", "random", "--games", "2", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(count(&v, "losses"), 2, "{v}");
    let f = v["forfeits"].to_string();
    assert!(f.contains("answered") && f.contains("cmd:cat"), "{f}");
    // `true` exits at once.
    let (_, v, _) = arena(&["--a", "random", "--b", "cmd:true", "--games", "2", "--json"]);
    assert_eq!(count(&v, "wins"), 2, "{v}");
    assert!(v["forfeits"].to_string().contains("cmd:true"), "{v}");
}

#[test]
fn unknown_players_are_refused() {
    let (code, _, err) = arena(&["--a", "grandmaster", "--b", "random"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown player 'grandmaster'"), "{err}");
}

#[test]
fn elo_from_the_score() {
    let mut s = Summary {
        games: 4,
        wins: 3,
        losses: 1,
        ..Summary::default()
    };
    let (elo, err) = s.elo();
    assert!((elo - 190.8).abs() < 0.5, "{elo}");
    assert!(err > 100.0, "{err}");
    (s.wins, s.draws, s.losses) = (0, 4, 0);
    assert_eq!(s.elo().0, 0.0);
    // A perfect score stays finite.
    (s.wins, s.draws, s.losses) = (4, 0, 0);
    let (elo, err) = s.elo();
    assert!(
        elo.is_finite() && elo > 300.0 && err.is_finite(),
        "{elo} {err}"
    );
}

#[test]
fn games_on_several_threads_give_the_same_result() {
    let run = |jobs: &str| {
        let (code, v, err) = arena(&[
            "--game", "bao", "--a", "easy", "--b", "greedy", "--games", "6", "--seed", "5",
            "--jobs", jobs, "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        (
            count(&v, "wins"),
            count(&v, "draws"),
            count(&v, "losses"),
            v["mean_margin"].clone(),
            v["mean_turns"].clone(),
        )
    };
    assert_eq!(run("1"), run("3"));
}

fn temp_dir(name: &str) -> TempDir {
    TempDir::new(&format!("masai-arena-{name}"))
}

#[test]
fn save_writes_a_record_of_every_game_that_replays() {
    use masai_mancala::record::file;
    let dir = temp_dir("save");
    let games = dir.join("games");
    let (code, v, err) = arena(&[
        "--game",
        "en-gehe",
        "--holes",
        "6",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "3",
        "--seed",
        "2",
        "--jobs",
        "2",
        "--json",
        "--save",
        games.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let mut names: Vec<String> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["game-001.json", "game-002.json", "game-003.json"]);
    let mut a_wins = 0;
    for (i, n) in names.iter().enumerate() {
        let (record, checked) = file::load(&games.join(n)).unwrap();
        assert!(checked.is_finished(), "{n}");
        assert_eq!(record.variant().board_json()["holes"], 6);
        // A (greedy) sits South in odd-numbered games.
        let a = if i % 2 == 0 { "south" } else { "north" };
        let seat = if a == "south" {
            &record.seats.south
        } else {
            &record.seats.north
        };
        assert_eq!(seat, "ai:greedy");
        let winner = match checked.last().end.status() {
            masai_mancala::engine::Status::Over(o) => o.winner,
            _ => None,
        };
        if winner.map(|w| w.name()) == Some(a) {
            a_wins += 1;
        }
    }
    assert_eq!(a_wins, count(&v, "wins"));

    // One game: the file itself; a file that is not a record is never replaced.
    let one = dir.join("one.json");
    let (code, _, err) = arena(&[
        "--game",
        "bao",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "1",
        "--save",
        one.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(file::load(&one).unwrap().1.is_finished());
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes").unwrap();
    let (code, _, err) = arena(&[
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "1",
        "--save",
        notes.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("--save") && err.contains("notes.txt"), "{err}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
}

/// The Elo and its error as they were computed from every game's points
/// (before the running totals): the reference for the totals.
fn elo_from_every_game(points: &[f64]) -> (f64, f64) {
    let n = points.len() as f64;
    let sum: f64 = points.iter().sum();
    let p = if sum <= 0.0 || sum >= n {
        (sum + 0.5) / (n + 1.0)
    } else {
        sum / n
    };
    let elo = -400.0 * (1.0 / p - 1.0).log10();
    let var = points.iter().map(|x| (x - p) * (x - p)).sum::<f64>() / n;
    let se = (var / n).sqrt().max(0.5 / n);
    let slope = 400.0 / (10f64.ln() * p * (1.0 - p));
    (elo, 1.96 * se * slope)
}

#[test]
fn the_elo_from_running_totals_is_the_elo_from_every_game() {
    for (wins, draws, losses) in [
        (3, 0, 1),
        (0, 4, 0),
        (4, 0, 0),
        (0, 0, 7),
        (150, 11, 139),
        (9672, 781, 9547),
        (1, 199_998, 1),
        (123_456, 7, 76_537),
    ] {
        let mut points = vec![1.0; wins as usize];
        points.extend(std::iter::repeat_n(0.5, draws as usize));
        points.extend(std::iter::repeat_n(0.0, losses as usize));
        let s = Summary {
            games: wins + draws + losses,
            wins,
            draws,
            losses,
            ..Summary::default()
        };
        let (elo, err) = s.elo();
        let (old_elo, old_err) = elo_from_every_game(&points);
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
        assert!(
            close(elo, old_elo),
            "{wins}-{draws}-{losses}: {elo} {old_elo}"
        );
        assert!(
            close(err, old_err),
            "{wins}-{draws}-{losses}: {err} {old_err}"
        );
    }
}

/// The `--json` fields that depend only on the seed, as text. The means to
/// 9 decimals (serde_json may read a float's last digit 1 ulp off; one game
/// changed would move them by 1/300).
fn outcome(v: &Value) -> String {
    let f = |k: &str| v[k].as_f64().unwrap_or(f64::NAN);
    format!(
        "{}-{}-{}, margin {:.9}, turns {:.9}, Elo {:.1} ± {:.1}",
        count(v, "wins"),
        count(v, "draws"),
        count(v, "losses"),
        f("mean_margin"),
        f("mean_turns"),
        f("elo"),
        f("elo_error")
    )
}

#[test]
fn results_for_a_seed_are_what_they_were() {
    // As the arena gave them before it kept running totals and sowed each
    // random decision once.
    let cases: [(&[&str], &str, &str); 4] = [
        (
            &[
                "--game", "enkeshui", "--a", "random", "--b", "random", "--games", "300", "--seed",
                "11",
            ],
            "150-11-139, margin 1.133333333, turns 27.133333333, Elo 12.7 ± 38.6",
            "[####################] 300/300 game 300: random as north loss (-48 seeds, 31 turns); \
             so far +150 =11 -139, Elo +13 ± 39",
        ),
        (
            &[
                "--game", "en-gehe", "--holes", "10", "--a", "random", "--b", "random", "--games",
                "300", "--seed", "13",
            ],
            "142-16-142, margin 0.453333333, turns 58.133333333, Elo -0.0 ± 38.3",
            "",
        ),
        (
            &[
                "--game", "bao", "--a", "random", "--b", "random", "--games", "300", "--seed", "14",
            ],
            "153-0-147, margin 0.906666667, turns 93.863333333, Elo 6.9 ± 39.3",
            "",
        ),
        (
            &[
                "--game", "enkeshui", "--a", "greedy", "--b", "random", "--games", "40", "--seed",
                "15",
            ],
            "36-1-3, margin 24.750000000, turns 19.700000000, Elo 407.3 ± 182.9",
            "",
        ),
    ];
    for (args, want, last_line) in cases {
        let mut args = args.to_vec();
        args.push("--json");
        let (code, v, err) = arena(&args);
        assert_eq!(code, 0, "{err}");
        assert_eq!(outcome(&v), want, "{args:?}");
        if !last_line.is_empty() {
            assert_eq!(err.lines().last(), Some(last_line));
        }
    }
}

#[test]
fn flags_out_of_their_range_are_refused_up_front() {
    // Issue 21: a think time over a day (which the protocol refuses, so a
    // correct outside engine lost every game), a 4-billion-turn opening and
    // a million threads were all taken.
    let day = "(a day: the longest movetime of the engine protocol)";
    for (flag, value, what) in [
        (
            "--think-ms",
            "9223372036854775808",
            format!("milliseconds per decision, a whole number from 0 to 86400000 {day}"),
        ),
        (
            "--think-ms",
            "86400001",
            format!("milliseconds per decision, a whole number from 0 to 86400000 {day}"),
        ),
        (
            "--opening",
            "4294967295",
            "random turns, a whole number from 0 to 1000".into(),
        ),
        (
            "--opening",
            "1001",
            "random turns, a whole number from 0 to 1000".into(),
        ),
        (
            "--jobs",
            "1000000",
            "games at once, a whole number from 1 to 64".into(),
        ),
        (
            "--jobs",
            "0",
            "games at once, a whole number from 1 to 64".into(),
        ),
    ] {
        let (code, v, err) = arena(&["--a", "random", "--b", "random", flag, value]);
        assert_eq!(code, 2, "{flag} {value}");
        assert_eq!(v, Value::Null, "{flag} {value}");
        let name = match flag {
            "--think-ms" => "--think-ms <MS>",
            "--opening" => "--opening <OPENING>",
            _ => "--jobs <N>",
        };
        assert_eq!(
            err.lines().next().unwrap_or_default(),
            format!("error: invalid value '{value}' for '{name}': {what}"),
            "{flag} {value}"
        );
    }
    // The ends of each range are taken.
    for (flag, value) in [
        ("--think-ms", "0"),
        ("--opening", "1000"),
        ("--opening", "0"),
        ("--jobs", "64"),
    ] {
        let (code, v, err) = arena(&[
            "--a", "random", "--b", "random", "--games", "2", "--json", flag, value,
        ]);
        assert_eq!(code, 0, "{flag} {value}: {err}");
        assert_eq!(v["games"], 2, "{flag} {value}: {v}");
    }
}

#[test]
fn zero_games_are_refused() {
    let (code, v, err) = arena(&["--a", "random", "--b", "random", "--games", "0"]);
    assert_eq!(code, 2);
    assert_eq!(v, Value::Null);
    assert_eq!(err, "error: --games: must be at least 1\n");
}

#[test]
fn tables_of_all_the_games_at_once_must_fit_the_memory_limit() {
    let (code, v, err) = arena(&[
        "--a",
        "hard",
        "--b",
        "expert",
        "--jobs",
        "16",
        "--hash-mb",
        "1024",
    ]);
    assert_eq!(code, 2);
    assert_eq!(v, Value::Null);
    assert_eq!(
        err,
        "error: --jobs 16 with --hash-mb 1024 needs 16384 MiB of tables at once, \
         over the arena's limit of 4096 MiB: lower --jobs or --hash-mb\n"
    );
    // Players without a table take none, whatever --hash-mb says.
    let (code, v, err) = arena(&[
        "--a",
        "random",
        "--b",
        "greedy",
        "--jobs",
        "16",
        "--hash-mb",
        "1024",
        "--games",
        "16",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(count(&v, "games"), 16);
}

#[test]
fn the_mcts_tree_stops_growing_at_its_bound_and_the_search_goes_on() {
    use masai_mancala::ai::mcts_bounded;
    use masai_mancala::engine::Game;
    use masai_mancala::engine::enkeshui::{Enkeshui, Layout, Rules};
    use rand::SeedableRng;
    let game = Enkeshui::new(&Layout::default_for(8).unwrap(), Rules::default());
    let mut rng = masai_mancala::engine::SeededRng::seed_from_u64(1);
    let r = mcts_bounded(
        &game,
        std::time::Duration::from_millis(1500),
        100,
        None,
        &mut rng,
    )
    .expect("a decision");
    assert_eq!(r.nodes, 100);
    assert!(r.playouts > 100, "{} playouts", r.playouts);
    assert!(game.legal().contains(&r.decision));
}

/// Processes whose command line is `words` (zombies have none).
fn processes(words: &[&str]) -> usize {
    let want = words.join("\0") + "\0";
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .filter(|c| c == want.as_bytes())
        .count()
}

/// Waits up to 3 s for no process `words` to be left; how many are left.
fn left_after_a_while(words: &[&str]) -> usize {
    for _ in 0..30 {
        if processes(words) == 0 {
            return 0;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    processes(words)
}

#[test]
fn children_of_an_outside_program_end_with_its_game() {
    // Each game's program forks a sleeper, then answers garbage (`cat`).
    let secs = format!("77{}", std::process::id());
    let cmd = format!("cmd:sh -c 'sleep {secs} & exec cat'");
    let (code, v, err) = arena(&["--a", &cmd, "--b", "random", "--games", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(count(&v, "losses"), 3, "{v}");
    assert_eq!(left_after_a_while(&["sleep", &secs]), 0);
}

#[test]
fn children_of_an_outside_program_end_with_the_arena_on_a_signal() {
    // The program forks a sleeper and never answers: the arena waits.
    let secs = format!("78{}", std::process::id());
    let cmd = format!("cmd:sh -c 'sleep {secs} & exec sleep 600'");
    let mut child = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .args(["arena", "--a", &cmd, "--b", "random", "--games", "1"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    for _ in 0..50 {
        if processes(&["sleep", &secs]) > 0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(processes(&["sleep", &secs]), 1);
    // SAFETY: kill(2) on our own child's id.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + libc::SIGTERM));
    assert_eq!(left_after_a_while(&["sleep", &secs]), 0);
}

/// Whether process `pid` still runs the command line `words` (a zombie, or
/// a pid reused by another program, does not).
fn still_runs(pid: &str, words: &[&str]) -> bool {
    let want = words.join("\0") + "\0";
    std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|c| c == want.as_bytes())
}

/// An outside program that starts `sleep <secs>` in a session of its own
/// (`setsid`, out of the program's process group), writing its pid to
/// `pid_file`, then answers garbage (`cat`) or never answers (`sleep 600`).
/// With `orphan`, the sleeper is started from a subshell that ends at once.
fn setsid_program(secs: &str, pid_file: &std::path::Path, then: &str, orphan: bool) -> String {
    let start = format!("setsid sleep {secs} & echo $! > {}", pid_file.display());
    let start = if orphan {
        format!("( {start} )")
    } else {
        start
    };
    format!("cmd:sh -c '{start}; exec {then}'")
}

/// Waits up to 5 s for `file` to hold a pid.
fn pid_in(file: &std::path::Path) -> String {
    for _ in 0..100 {
        if let Ok(t) = std::fs::read_to_string(file)
            && !t.trim().is_empty()
        {
            return t.trim().to_string();
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("no pid in {}", file.display());
}

#[test]
fn setsid_children_of_an_outside_program_end_with_its_game() {
    // Issue 21: a child in its own session is out of the program's group,
    // so ending the group left it running.
    let dir = temp_dir("setsid");
    for orphan in [false, true] {
        let secs = format!("79{}{}", std::process::id(), u8::from(orphan));
        let file = dir.join(format!("pid-{orphan}"));
        let cmd = setsid_program(&secs, &file, "cat", orphan);
        let (code, v, err) = arena(&["--a", &cmd, "--b", "random", "--games", "1", "--json"]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(count(&v, "losses"), 1, "{v}");
        let pid = pid_in(&file);
        let mut gone = false;
        for _ in 0..30 {
            gone = !still_runs(&pid, &["sleep", &secs]);
            if gone {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        if !gone {
            // SAFETY: kill(2) on the leftover sleeper the test started.
            unsafe { libc::kill(pid.parse().unwrap(), libc::SIGKILL) };
        }
        assert!(
            gone,
            "orphan {orphan}: the setsid sleeper {pid} outlived the arena"
        );
    }
}

#[test]
fn setsid_children_of_an_outside_program_end_with_the_arena_on_a_signal() {
    let dir = temp_dir("setsid-signal");
    for orphan in [false, true] {
        let secs = format!("80{}{}", std::process::id(), u8::from(orphan));
        let file = dir.join(format!("pid-{orphan}"));
        let cmd = setsid_program(&secs, &file, "sleep 600", orphan);
        let mut child = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
            .args(["arena", "--a", &cmd, "--b", "random", "--games", "1"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let pid = pid_in(&file);
        // The pid is written once forked: `setsid` then execs `sleep`, which
        // on a busy machine can come a little later.
        let mut runs = false;
        for _ in 0..50 {
            runs = still_runs(&pid, &["sleep", &secs]);
            if runs {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        assert!(runs, "the setsid sleeper {pid} never ran");
        // SAFETY: kill(2) on our own child's id.
        unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(128 + libc::SIGTERM));
        let mut gone = false;
        for _ in 0..30 {
            gone = !still_runs(&pid, &["sleep", &secs]);
            if gone {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        if !gone {
            // SAFETY: kill(2) on the leftover sleeper the test started.
            unsafe { libc::kill(pid.parse().unwrap(), libc::SIGKILL) };
        }
        assert!(
            gone,
            "orphan {orphan}: the setsid sleeper {pid} outlived the arena"
        );
    }
}

/// The one forfeit of a one-game arena where A is `program`.
fn forfeit_of(program: &str, think_ms: &str) -> String {
    let cmd = format!("cmd:{program}");
    let (code, v, err) = arena(&[
        "--a",
        &cmd,
        "--b",
        "random",
        "--games",
        "1",
        "--think-ms",
        think_ms,
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    v["forfeits"][0].as_str().unwrap_or_default().to_string()
}

#[test]
fn a_program_answering_without_newlines_loses_at_the_line_cap() {
    // 3 MB without a newline, then silence.
    let f = forfeit_of(
        "sh -c 'head -c 3000000 /dev/zero | tr \"\\0\" x; sleep 60'",
        "100",
    );
    assert!(
        f.ends_with("(south) lost: the program answered a line longer than 65536 bytes"),
        "{f}"
    );
}

#[test]
fn a_program_answering_invalid_utf8_is_told_so() {
    let f = forfeit_of("sh -c 'read l; printf \"\\377\\n\"; sleep 60'", "100");
    assert!(
        f.ends_with("(south) lost: the program answered invalid UTF-8"),
        "{f}"
    );
}

#[test]
fn a_huge_think_time_waits_for_the_program_instead_of_wrapping() {
    // Answers 1.5 s after `go`; the game ends after one turn.
    let slow = "cmd:sh -c 'while read l; do case $l in go*) sleep 1.5; echo bestmove 3;; \
                quit*) exit;; *) echo ok;; esac; done'";
    let (code, v, err) = arena(&[
        "--a",
        slow,
        "--b",
        "random",
        "--games",
        "1",
        "--opening",
        "0",
        "--max-turns",
        "1",
        // The longest think time taken (a day; more is refused).
        "--think-ms",
        "86400000",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(v["forfeits"], serde_json::json!([]), "{v}");
    assert_eq!(v["mean_turns"], 1.0, "{v}");
}

#[test]
fn save_checks_every_file_before_the_first_game() {
    let dir = temp_dir("save-check");
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("game-002.json"), "my notes").unwrap();
    let run = || {
        arena(&[
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "3",
            "--save",
            games.to_str().unwrap(),
        ])
    };
    let (code, _, err) = run();
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        err,
        format!(
            "error: --save: {}: exists and is not a masai-mancala record: not overwriting it (--force replaces it)\n",
            games.join("game-002.json").display()
        )
    );
    assert!(!games.join("game-001.json").exists());
    assert_eq!(
        std::fs::read_to_string(games.join("game-002.json")).unwrap(),
        "my notes"
    );
    // A target that cannot be written (a folder in its place).
    std::fs::remove_file(games.join("game-002.json")).unwrap();
    std::fs::create_dir(games.join("game-003.json")).unwrap();
    let (code, _, err) = run();
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        err,
        format!(
            "error: --save: {}: is a folder\n",
            games.join("game-003.json").display()
        )
    );
    assert!(!games.join("game-001.json").exists());
}

/// Runs the arena with its standard output and/or error closed by the reader.
fn with_closed(stdout: bool, stderr: bool) -> (Option<i32>, String) {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .args(["arena", "--a", "random", "--b", "random", "--games", "2000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let err = child.stderr.take().unwrap();
    if stdout {
        drop(out);
    }
    let mut text = String::new();
    if stderr {
        drop(err);
    } else {
        use std::io::Read;
        let mut err = err;
        err.read_to_string(&mut text).unwrap();
    }
    (child.wait().unwrap().code(), text)
}

#[test]
fn a_closed_pipe_is_a_quiet_exit() {
    let (code, err) = with_closed(true, false);
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        err.ends_with(
            "[####################] 2000/2000 game 2000: random as north loss (-24 seeds, 27 turns); \
             so far +962 =81 -957, Elo +1 ± 15\n"
        ),
        "{err}"
    );
    assert_eq!(with_closed(false, true).0, Some(0));
    assert_eq!(with_closed(true, true).0, Some(0));
}

/// A standard error that cannot be written, though its reader is there (a
/// full disk: `/dev/full`), is an error: status 1 and no summary, where a
/// closed pipe is a quiet exit.
#[cfg(target_os = "linux")]
#[test]
fn a_progress_that_cannot_be_written_is_an_error() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .args(["arena", "--a", "random", "--b", "random", "--games", "50"])
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
}

/// The arena says how many games it played per CPU-second (issue 12's
/// arena target is read off it), in the JSON summary and the text one.
#[test]
fn the_arena_tells_its_games_per_cpu_second() {
    let (code, v, err) = arena(&[
        "--a", "random", "--b", "random", "--games", "300", "--seed", "5", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(count(&v, "games"), 300);
    let secs = v["cpu_seconds"].as_f64().unwrap_or_else(|| panic!("{v}"));
    assert!((0.0..60.0).contains(&secs), "{v}");
    if secs > 0.0 {
        let rate = v["games_per_cpu_second"]
            .as_f64()
            .unwrap_or_else(|| panic!("{v}"));
        assert_eq!(rate, (300.0 / secs).round(), "{v}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .args([
            "arena", "--a", "random", "--b", "random", "--games", "30", "--seed", "5",
        ])
        .output()
        .expect("the binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .any(|l| l.starts_with("CPU: 30 games in ") && l.contains(" s")),
        "{text}"
    );
}

#[test]
fn the_cpu_line_reads_like_a_sentence() {
    use masai_mancala::arena::cpu_line;
    use std::time::Duration;
    assert_eq!(
        cpu_line(2000, Duration::from_millis(31)),
        "CPU: 2000 games in 0.031 s, 64,516 a CPU-second"
    );
    assert_eq!(cpu_line(3, Duration::ZERO), "CPU: 3 games in 0.000 s");
}

/// Issue 42: `hint` plays the client's hint, the judge's best decision
/// (`ai::judge`), at its own budget, and its records load (its seat is a
/// human following the hints).
#[test]
fn the_hint_plays_the_judge_s_decisions() {
    let dir = TempDir::new("arena-hint");
    let games = dir.dir().join("games");
    let out = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .args(["arena", "--a", "hint", "--b", "random", "--games", "2"])
        .args([
            "--seed",
            "1",
            "--game",
            "en-gehe",
            "--holes",
            "8",
            "--opening",
            "0",
        ])
        .arg("--save")
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let head: Vec<&str> = text.lines().take(4).collect();
    assert_eq!(
        head,
        [
            "hint vs random on en-gehe --holes 8: 2 games",
            "2 wins, 0 draws, 0 losses for hint: score 100.0%",
            "Elo difference +280 ± 613 (95%)",
            "mean score margin +41.00 seeds, mean 26.5 turns",
        ]
    );
    // No random opening: every decision of the hint's side is the judge's best.
    for (file, hint) in [("game-001.json", "south"), ("game-002.json", "north")] {
        let path = games.join(file);
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(
            (v["seats"][hint].as_str(), v["result"]["winner"].as_str()),
            (Some("human"), Some(hint))
        );
        masai_mancala::record::file::load(&path).unwrap();
        let mut g = masai_mancala::engine::AnyGame::from_position(&v["start"]).unwrap();
        let mut judged = 0;
        for d in v["decisions"].as_array().unwrap() {
            let d = d.as_str().unwrap();
            if g.to_move().name() == hint {
                let t = masai_mancala::ai::judge_tokens(&g, None).unwrap();
                assert_eq!(t.decision, d, "{file}, decision {judged}");
                judged += 1;
            }
            g.play_token(d, &mut masai_mancala::engine::Quiet).unwrap();
        }
        assert!(judged > 10, "{judged}");
    }
}

//! The `arena` subcommand: built-in players, outside programs speaking the
//! engine protocol, forfeits, and the Elo arithmetic.

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
    assert_eq!(err.lines().filter(|l| l.starts_with("game ")).count(), 4);
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
        points: vec![1.0, 1.0, 1.0, 0.0],
        ..Summary::default()
    };
    let (elo, err) = s.elo();
    assert!((elo - 190.8).abs() < 0.5, "{elo}");
    assert!(err > 100.0, "{err}");
    s.points = vec![0.5; 4];
    assert_eq!(s.elo().0, 0.0);
    // A perfect score stays finite.
    s.points = vec![1.0; 4];
    let (elo, err) = s.elo();
    assert!(
        elo.is_finite() && elo > 300.0 && err.is_finite(),
        "{elo} {err}"
    );
}

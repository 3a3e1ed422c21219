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

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("masai-arena-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
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
        assert_eq!(record.variant["holes"], 6);
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
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--save") && err.contains("notes.txt"), "{err}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
    let _ = std::fs::remove_dir_all(&dir);
}

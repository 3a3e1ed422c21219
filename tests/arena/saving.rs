//! Issue 40: `--save` never mixes two runs' records in a folder and leaves
//! no temporary file, killed or ended by a signal; the random opening never
//! plays a game's end.

use super::*;

/// The names in `dir`, sorted.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_folder_of_records_is_not_mixed_with_another_run() {
    let dir = temp_dir("save-mixed");
    let games = dir.join("games");
    let run = |n: &str| {
        arena(&[
            "--a",
            "greedy",
            "--b",
            "random",
            "--games",
            n,
            "--save",
            games.to_str().unwrap(),
        ])
    };
    let (code, _, err) = run("3");
    assert_eq!(code, 0, "{err}");
    let before: Vec<Vec<u8>> = names(&games)
        .iter()
        .map(|n| std::fs::read(games.join(n)).unwrap())
        .collect();
    for n in ["2", "5"] {
        let (code, _, err) = run(n);
        assert_eq!(code, 1, "{err}");
        assert_eq!(
            err,
            format!(
                "error: --save: the folder {} already holds records (game-001.json and 2 more): \
                 this run's games would mix with them; name a new folder or empty this one\n",
                games.display()
            )
        );
        assert_eq!(
            names(&games),
            ["game-001.json", "game-002.json", "game-003.json"]
        );
        let after: Vec<Vec<u8>> = names(&games)
            .iter()
            .map(|n| std::fs::read(games.join(n)).unwrap())
            .collect();
        assert!(before == after, "--games {n}: a record was rewritten");
    }
    // Other files do not count; a killed save's temporary file goes.
    let other = dir.join("other");
    std::fs::create_dir(&other).unwrap();
    std::fs::write(other.join("notes.txt"), "mine").unwrap();
    let killed = ".game-002.json.4194303.1765100000000000000.tmp";
    std::fs::write(other.join(killed), "{\"half\":").unwrap();
    let (code, _, err) = arena(&[
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "2",
        "--save",
        other.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        names(&other),
        ["game-001.json", "game-002.json", "notes.txt"]
    );
}

#[test]
fn a_signal_never_leaves_a_half_saved_record() {
    // Saving is most of what random players do: a signal lands in a save.
    for round in 0..3 {
        let dir = temp_dir(&format!("save-signal-{round}"));
        let games = dir.join("games");
        let mut child = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
            .args(["arena", "--a", "random", "--b", "random", "--jobs", "2"])
            .args(["--games", "100000", "--save"])
            .arg(&games)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Until some games are saved (10 s at most, for a loaded machine).
        for _ in 0..500 {
            if std::fs::read_dir(&games).is_ok_and(|d| d.count() >= 5) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        // SAFETY: kill(2) on our own child's id.
        unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(128 + libc::SIGTERM));
        let names = names(&games);
        assert!(!names.is_empty(), "no record saved");
        let temps: Vec<&String> = names.iter().filter(|n| !n.starts_with("game-")).collect();
        assert!(temps.is_empty(), "left behind: {temps:?}");
        for n in &names {
            file_loads(&games.join(n));
        }
    }
}

/// Every record the arena wrote is whole.
fn file_loads(path: &std::path::Path) {
    if let Err(e) = masai_mancala::record::file::load(path) {
        panic!("{e}");
    }
}

#[test]
fn the_opening_never_plays_the_end_of_the_game() {
    // 1,000 random turns reach the end of every game (the turn limit is
    // 1,000): the opening stops before its last turn, and the players
    // play it, so each game scored has turns of theirs.
    for (a, game) in [
        ("random", "enkeshui"),
        ("greedy", "enkeshui"),
        ("greedy", "en-gehe"),
        ("random", "bao"),
    ] {
        let (code, v, err) = arena(&[
            "--game",
            game,
            "--a",
            a,
            "--b",
            "random",
            "--games",
            "4",
            "--opening",
            "1000",
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        let turns = v["mean_turns"].as_f64().unwrap();
        assert!(
            turns >= 1.0,
            "{a} on {game}: the players played {turns} turns a game"
        );
    }
}

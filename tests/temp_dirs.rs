//! The tests' own folders under the system temp folder (tests/common/temp.rs)
//! are gone when a test ends, whether it passed or panicked, also after the
//! program run in them wrote its saves there. The tmux side (a client that
//! saves on the hang-up) is in tests/tmux.rs.

#[path = "common/temp.rs"]
mod temp;

use std::path::PathBuf;
use std::process::{Command, Stdio};
use temp::TempDir;

/// The end of input in the line mode saves the game in the data folder:
/// a test's typical run of the program.
fn save_a_game_in(dir: &std::path::Path) -> PathBuf {
    let out = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .args(["bao", "--plain", "--north", "ai:easy"])
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("HOME", dir)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("the program runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The "Saved in" line may wrap (long temp paths): the folder says it.
    let saves = dir.join("data").join("masai-mancala");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&saves)
        .unwrap_or_else(|e| panic!("{}: {e}", saves.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    files.pop().unwrap()
}

#[test]
fn a_folder_and_the_saves_in_it_go_with_the_guard() {
    let dir = TempDir::new("masai-temp-guard");
    let folder = dir.to_path_buf();
    assert!(folder.starts_with(std::env::temp_dir()));
    assert!(folder.is_dir());
    let save = save_a_game_in(&dir);
    assert!(save.starts_with(dir.join("data")), "{}", save.display());
    assert!(save.is_file());
    drop(dir);
    assert!(!folder.exists(), "{} is left", folder.display());
}

#[test]
fn a_folder_goes_when_its_test_panics() {
    let mut seen = None;
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let dir = TempDir::new("masai-temp-panic");
        seen = Some(dir.to_path_buf());
        save_a_game_in(&dir);
        assert!(dir.join("data").is_dir());
        panic!("a failing assertion");
    }));
    assert!(result.is_err());
    let folder = seen.expect("the folder was made");
    assert!(!folder.exists(), "{} is left", folder.display());
}

#[test]
fn a_file_guard_names_a_file_in_its_own_folder_and_removes_the_folder() {
    let path = TempDir::file("masai-temp-file", "game.json");
    assert_eq!(path.file_name().unwrap(), "game.json");
    assert_eq!(path.parent(), Some(path.dir()));
    assert!(path.dir().is_dir() && !path.exists());
    std::fs::write(&path, "{}").unwrap();
    let folder = path.dir().to_path_buf();
    drop(path);
    assert!(!folder.exists(), "{} is left", folder.display());
}

#[test]
fn an_absent_folder_is_not_made_but_goes_if_the_program_made_it() {
    let dir = TempDir::absent("masai-temp-absent");
    let folder = dir.to_path_buf();
    assert!(!folder.exists());
    std::fs::create_dir_all(&dir).unwrap();
    save_a_game_in(&dir);
    drop(dir);
    assert!(!folder.exists(), "{} is left", folder.display());
}

#[test]
fn two_guards_of_one_name_never_share_a_folder() {
    let a = TempDir::new("masai-temp-same");
    let b = TempDir::new("masai-temp-same");
    assert_ne!(a.as_path(), b.as_path());
    let name = a.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with(&format!("masai-temp-same-{}-", std::process::id())),
        "{name}"
    );
    drop(a);
    assert!(b.is_dir(), "dropping one guard removed the other's folder");
}

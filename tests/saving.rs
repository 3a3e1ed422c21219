//! Saving games: fresh names taken exclusively, permissions kept, temporary
//! files of killed saves removed, and every failure to save said on screen
//! and at exit (the real binary in tmux).

mod common;

use common::temp::TempDir;
use common::tmux::{Session, new_session, tmux};
use masai_mancala::record::file;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant, SystemTime};

const BIN: &str = env!("CARGO_BIN_EXE_masai-mancala");

/// A fresh empty folder for one test.
fn temp_dir(name: &str) -> TempDir {
    TempDir::new(&format!("masai-saving-{name}"))
}

fn valid_record() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/records/valid.json"),
    )
    .unwrap()
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Eight savers racing for one proposed name each get their own file, whole.
#[test]
fn new_records_never_share_a_name() {
    let dir = temp_dir("race");
    let proposed = file::new_save_path(&dir);
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(8));
    let handles: Vec<_> = (0..8)
        .map(|i| {
            let barrier = barrier.clone();
            let proposed = proposed.clone();
            std::thread::spawn(move || {
                let text = format!("saver {i}\n").repeat(1000);
                barrier.wait();
                (file::write_new(&proposed, text.as_bytes()).unwrap(), text)
            })
        })
        .collect();
    let mut paths = Vec::new();
    for h in handles {
        let (path, text) = h.join().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        paths.push(path);
    }
    paths.sort();
    paths.dedup();
    assert_eq!(paths.len(), 8, "{paths:?}");
    let stem = proposed.file_stem().unwrap().to_string_lossy().into_owned();
    let mut expected: Vec<String> = (2..=8).map(|k| format!("{stem}-{k}.json")).collect();
    expected.push(format!("{stem}.json"));
    expected.sort();
    assert_eq!(names_in(&dir), expected, "no temporary file left");
    // Two clients started in the same second propose the same name.
    let other = temp_dir("same-second");
    let a = file::new_save_path(&other);
    let b = file::new_save_path(&other);
    if a == b {
        let pa = file::write_new(&a, b"game A").unwrap();
        let pb = file::write_new(&b, b"game B").unwrap();
        assert_ne!(pa, pb);
        assert_eq!(std::fs::read(&pa).unwrap(), b"game A");
        assert_eq!(std::fs::read(&pb).unwrap(), b"game B");
    }
}

/// Saving over a record keeps its permissions.
#[test]
fn saving_over_a_record_keeps_its_mode() {
    let dir = temp_dir("mode");
    let path = dir.join("private.json");
    std::fs::write(&path, valid_record()).unwrap();
    let (record, _) = file::load(&path).unwrap();
    for mode in [0o600, 0o640, 0o604] {
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        file::save(&path, &record, false).unwrap();
        let got = std::fs::metadata(&path).unwrap().permissions().mode() & 0o7777;
        assert_eq!(got, mode, "{mode:o} became {got:o}");
        file::write_atomic(&path, record.to_text().as_bytes(), || Ok(())).unwrap();
        let got = std::fs::metadata(&path).unwrap().permissions().mode() & 0o7777;
        assert_eq!(got, mode, "{mode:o} became {got:o}");
    }
}

/// The pid of a process that has ended, and that no process can be given
/// while the test runs: above the largest `pid_max` Linux allows (2^22). The
/// pid of a process just reaped could be handed to another at once on a busy
/// machine (`pid_max` is often 32,768), which made this test flaky.
fn dead_pid() -> u32 {
    (1 << 22) + 1
}

/// Only our own temporary files, and only those nobody is writing, are removed.
#[test]
fn stale_temporary_files_of_ours_are_removed() {
    let dir = temp_dir("stale");
    let dead = dead_pid();
    let me = std::process::id();
    let old = SystemTime::now() - Duration::from_secs(3600);
    let make = |name: &str, modified: Option<SystemTime>| {
        let p = dir.join(name);
        std::fs::write(&p, "partial").unwrap();
        if let Some(t) = modified {
            std::fs::File::options()
                .write(true)
                .open(&p)
                .unwrap()
                .set_modified(t)
                .unwrap();
        }
    };
    // Ours, left by a killed save: removed.
    make(&format!(".game-20260101-000000.json.{dead}.123.tmp"), None);
    make(
        &format!(".game-20260101-000000-2.json.{me}.456.tmp"),
        Some(old),
    );
    // Ours, but a live process may be writing it now: kept.
    make(&format!(".game-20260101-000001.json.{me}.789.tmp"), None);
    // Not ours: kept.
    for name in [
        format!(".notes.json.{dead}.1.tmp"),
        format!(".game-x.json.{dead}.tmp"),
        format!(".game-x.json.{dead}.1.2.temp"),
        ".game-x.json.swp".to_string(),
        "game-20260101-000000.json".to_string(),
        format!("game-x.json.{dead}.1.tmp"),
    ] {
        make(&name, Some(old));
    }
    let removed = file::remove_stale_temps(&dir, file::is_data_record_name);
    assert_eq!(removed, 2);
    let mut expected = vec![
        format!(".game-20260101-000001.json.{me}.789.tmp"),
        format!(".notes.json.{dead}.1.tmp"),
        format!(".game-x.json.{dead}.tmp"),
        format!(".game-x.json.{dead}.1.2.temp"),
        ".game-x.json.swp".to_string(),
        "game-20260101-000000.json".to_string(),
        format!("game-x.json.{dead}.1.tmp"),
    ];
    expected.sort();
    assert_eq!(names_in(&dir), expected);
    // With --save notes.json, that record's temporary files are ours.
    assert_eq!(file::remove_stale_temps(&dir, |n| n == "notes.json"), 1);
}

#[test]
fn resume_advice_is_a_command_that_works_in_a_shell() {
    assert_eq!(
        file::resume_command(Path::new("/tmp/games/my game's.json")),
        "masai-mancala resume '/tmp/games/my game'\\''s.json'"
    );
    assert_eq!(
        file::resume_command(Path::new("/tmp/g-1.json")),
        "masai-mancala resume /tmp/g-1.json"
    );
    let here = std::env::current_dir().unwrap();
    assert_eq!(
        file::resume_command(Path::new("g.json")),
        format!(
            "masai-mancala resume {}",
            file::shell_word(&here.join("g.json").to_string_lossy())
        )
    );
}

// ---------------------------------------------------------------- in tmux

/// Runs `env` and the binary with `args` in a wide tmux window; after it
/// exits, its exit status is shown as `EXIT:n`.
fn start(name: &str, env: &str, args: &str) -> Session {
    start_gated(name, env, args, None)
}

/// As [`start`], the binary starting only once the file `gate` exists (so
/// that two clients start within milliseconds of each other).
fn start_gated(name: &str, env: &str, args: &str, gate: Option<&Path>) -> Session {
    let name = format!("masai-saving-{name}-{}", std::process::id());
    let wait = match gate {
        Some(g) => format!("while [ ! -e {} ]; do sleep 0.005; done; ", g.display()),
        None => String::new(),
    };
    let cmd = format!("{wait}{env} {BIN} {args}; echo EXIT:$?; sleep 60");
    // Wide enough for a status line naming a folder under a long TMPDIR.
    new_session(name, 320, 40, &cmd)
}

fn screen(s: &Session) -> String {
    tmux(&["capture-pane", "-p", "-J", "-t", &s.0])
}

fn wait_for(s: &Session, text: &str) -> String {
    let t = Instant::now();
    loop {
        let sc = screen(s);
        if sc.contains(text) {
            return sc;
        }
        if t.elapsed() > Duration::from_secs(20) {
            panic!("'{text}' never appeared; screen:\n{sc}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn send(s: &Session, keys: &[&str]) {
    let mut args = vec!["send-keys", "-t", &s.0];
    args.extend_from_slice(keys);
    tmux(&args);
}

/// Quits a game in progress; the screen once the program has exited.
fn quit(s: &Session) -> String {
    send(s, &["q"]);
    wait_for(s, "Quit?");
    send(s, &["y"]);
    wait_for(s, "EXIT:")
}

const GAME: &str = "enkeshui --race off --north human --instant";

/// Two clients started at once with one data folder save two games. (Both
/// propose the same name in the same second; before names were taken
/// exclusively, 5 runs in 6 ended with one file.)
#[test]
fn two_clients_at_once_save_two_games() {
    let data = temp_dir("two-clients");
    let env = format!("XDG_DATA_HOME={}", data.display());
    let gate = data.join("go");
    let a = start_gated("two-a", &env, GAME, Some(&gate));
    let b = start_gated("two-b", &env, GAME, Some(&gate));
    std::thread::sleep(Duration::from_millis(300));
    std::fs::write(&gate, "").unwrap();
    for (s, hole) in [(&a, "5"), (&b, "6")] {
        wait_for(s, "South to move");
        send(s, &[hole, "Enter"]);
        wait_for(s, &format!("1. S {hole}"));
    }
    for s in [&a, &b] {
        let sc = quit(s);
        assert!(sc.contains("EXIT:0"), "{sc}");
    }
    let dir = data.join("masai-mancala");
    let names = names_in(&dir);
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names.iter().all(|n| n.starts_with("game-")), "{names:?}");
    let mut first: Vec<String> = names
        .iter()
        .map(|n| {
            let (r, _) = file::load(&dir.join(n)).unwrap();
            r.games[0].decisions[0].clone()
        })
        .collect();
    first.sort();
    assert_eq!(first, ["5", "6"]);
}

/// When the data folder cannot be made, the screen says so, and so does the
/// exit: one error line and status 1.
#[test]
fn a_data_folder_that_cannot_be_made_is_said_and_fails_the_exit() {
    let dir = temp_dir("no-folder");
    let not_a_folder = dir.join("file");
    std::fs::write(&not_a_folder, "").unwrap();
    let cases = [
        (
            format!("XDG_DATA_HOME={}", not_a_folder.display()),
            format!(
                "cannot create the data folder {}/masai-mancala (set by XDG_DATA_HOME): Not a directory",
                not_a_folder.display()
            ),
        ),
        (
            "XDG_DATA_HOME=/proc/nope".to_string(),
            "cannot create the data folder /proc/nope/masai-mancala (set by XDG_DATA_HOME): No such file or directory"
                .to_string(),
        ),
        (
            "env -u HOME -u XDG_DATA_HOME".to_string(),
            "no data folder: neither HOME nor XDG_DATA_HOME is set".to_string(),
        ),
    ];
    for (i, (env, reason)) in cases.iter().enumerate() {
        let s = start(&format!("no-folder-{i}"), env, GAME);
        wait_for(&s, &format!("Not saved: {reason}"));
        send(&s, &["5", "Enter"]);
        wait_for(&s, "1. S 5");
        let sc = quit(&s);
        assert!(
            sc.contains(&format!(
                "error: the game could not be saved: {reason}\nEXIT:1"
            )),
            "{sc}"
        );
    }
}

/// `--save` that fails ends with status 1, and the screen said so.
#[test]
fn a_failing_save_fails_the_exit() {
    let s = start(
        "save-fails",
        "",
        &format!("{GAME} --save /proc/self/game.json"),
    );
    wait_for(&s, "Not saved: /proc/self/game.json: cannot save:");
    let sc = quit(&s);
    assert!(
        sc.contains("error: the game could not be saved: /proc/self/game.json: cannot save:"),
        "{sc}"
    );
    assert!(sc.contains("EXIT:1"), "{sc}");
}

/// After quitting a game saved with `--save`, the advice is the exact
/// command that continues it, and that command does.
#[test]
fn the_resume_advice_after_save_works() {
    let dir = temp_dir("advice");
    let data = temp_dir("advice-data");
    let path = dir.join("my game.json");
    let env = format!("XDG_DATA_HOME={}", data.display());
    let s = start(
        "advice",
        &env,
        &format!("{GAME} --save '{}'", path.display()),
    );
    wait_for(&s, "South to move");
    send(&s, &["5", "Enter"]);
    wait_for(&s, "1. S 5");
    let sc = quit(&s);
    let command = file::resume_command(&path);
    assert_eq!(
        command,
        format!("masai-mancala resume '{}'", path.display())
    );
    assert!(
        sc.contains(&format!(
            "The game is saved in {} (`{command}` continues it).\nEXIT:0",
            path.display()
        )),
        "{sc}"
    );
    // The advised command, run as a shell would, continues the game.
    let words = command.strip_prefix("masai-mancala ").unwrap();
    let r = start("advice-resume", &env, words);
    wait_for(&r, "North to move");
    let sc = wait_for(&r, "1. S 5");
    assert!(!sc.contains("no unfinished game"), "{sc}");
}

/// A client's start removes the temporary files killed saves left in the data folder.
#[test]
fn a_client_start_removes_stale_temporary_files() {
    let data = temp_dir("stale-start");
    let dir = data.join("masai-mancala");
    std::fs::create_dir_all(&dir).unwrap();
    let stale = dir.join(format!(".game-20260101-000000.json.{}.1.tmp", dead_pid()));
    let foreign = dir.join(".other-program.tmp");
    std::fs::write(&stale, "partial").unwrap();
    std::fs::write(&foreign, "theirs").unwrap();
    let s = start(
        "stale-start",
        &format!("XDG_DATA_HOME={}", data.display()),
        GAME,
    );
    wait_for(&s, "South to move");
    assert!(!stale.exists());
    assert!(foreign.exists());
    quit(&s);
}

/// `--save PATH --force` replaces another program's regular file, never a
/// device, a FIFO or a socket: the error names what it is, exit 1, and the
/// node is still there. (Before, as root, `--save /dev/null --force` would
/// have put a record in place of the system's `/dev/null`.)
#[test]
fn forced_saves_refuse_anything_but_a_regular_file() {
    use std::os::unix::fs::FileTypeExt;
    let dir = temp_dir("force-node");
    let fifo = dir.join("pipe.json");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo only reads the path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let (record, _) = file::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/records/valid.json"),
    )
    .unwrap();
    let fifo_error = format!(
        "{}: is a FIFO (named pipe), not a record: not replacing it (not even with --force)",
        fifo.display()
    );
    assert_eq!(
        file::check_target(&fifo, true).map_err(String::from),
        Err(fifo_error.clone())
    );
    assert_eq!(
        file::save(&fifo, &record, true).map_err(String::from),
        Err(fifo_error.clone())
    );
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    // A link to the device is refused too.
    let link = dir.join("null.json");
    std::os::unix::fs::symlink("/dev/null", &link).unwrap();
    assert_eq!(
        file::check_target(&link, true).map_err(String::from),
        Err(format!(
            "{}: is a character device, not a record: not replacing it (not even with --force)",
            link.display()
        ))
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    // The binary says so before anything else, and ends with status 1.
    for (path, kind) in [
        (fifo.clone(), "a FIFO (named pipe)"),
        (PathBuf::from("/dev/null"), "a character device"),
    ] {
        let out = Command::new(BIN)
            .args(["enkeshui", "--save"])
            .arg(&path)
            .arg("--force")
            .env("XDG_DATA_HOME", &dir)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "error: {}: is {kind}, not a record: not replacing it (not even with --force)\n",
                path.display()
            )
        );
    }
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
}

/// The records of a folder (not the hidden temporary or lock files): their
/// decisions, sorted.
fn decisions_in(dir: &Path) -> Vec<Vec<String>> {
    let mut v: Vec<Vec<String>> = names_in(dir)
        .iter()
        .filter(|n| !n.starts_with('.'))
        .map(|n| {
            file::load(&dir.join(n)).unwrap().0.games[0]
                .decisions
                .clone()
        })
        .collect();
    v.sort();
    v
}

/// `resume` in two windows: the second is told that the game is open in
/// the first and opens a copy, and each window's moves are kept. (Before,
/// both played the one file and the last to quit overwrote the other.)
#[test]
fn two_windows_resuming_one_game_keep_both_games() {
    let data = temp_dir("two-resume");
    let env = format!("XDG_DATA_HOME={}", data.display());
    let dir = data.join("masai-mancala");
    let first = start("two-resume-0", &env, GAME);
    wait_for(&first, "South to move");
    send(&first, &["5", "Enter"]);
    wait_for(&first, "1. S 5");
    assert!(quit(&first).contains("EXIT:0"));
    // Its lock went with it: only the record is left.
    assert_eq!(names_in(&dir).len(), 1, "{:?}", names_in(&dir));
    let a = start("two-resume-a", &env, "resume --instant");
    wait_for(&a, "North to move");
    let b = start("two-resume-b", &env, "resume --instant");
    let sc = wait_for(&b, "is open in another window.");
    assert!(sc.contains("c open a copy    n don't open it"), "{sc}");
    send(&b, &["c"]);
    wait_for(&b, "A copy of game-");
    wait_for(&b, "North to move");
    send(&a, &["4", "Enter"]);
    wait_for(&a, "South to move");
    send(&b, &["3", "Enter"]);
    wait_for(&b, "South to move");
    for s in [&a, &b] {
        let sc = quit(s);
        assert!(sc.contains("The game is saved"), "{sc}");
        assert!(sc.contains("EXIT:0"), "{sc}");
    }
    assert_eq!(decisions_in(&dir), [["5", "3"], ["5", "4"]]);
    assert_eq!(names_in(&dir).len(), 2, "{:?}", names_in(&dir));
}

/// `--save PATH` of a file another window has open asks first: n ends the
/// program with nothing changed, c saves a copy in the data folder.
#[test]
fn saving_to_a_file_open_in_another_window_asks_first() {
    let dir = temp_dir("save-busy");
    let data = temp_dir("save-busy-data");
    let env = format!("XDG_DATA_HOME={}", data.display());
    let path = dir.join("mine.json");
    let args = format!("{GAME} --save {}", path.display());
    let a = start("save-busy-a", &env, &args);
    wait_for(&a, "South to move");
    send(&a, &["5", "Enter"]);
    wait_for(&a, "1. S 5");
    let b = start("save-busy-b", &env, &args);
    let sc = wait_for(&b, "mine.json is open in another window.");
    assert!(sc.contains("c save a copy    n don't"), "{sc}");
    send(&b, &["n"]);
    let sc = wait_for(&b, "EXIT:");
    assert!(
        sc.contains(&format!(
            "{} is open in another window: not saved there. Nothing was changed.\nEXIT:0",
            path.display()
        )),
        "{sc}"
    );
    let c = start("save-busy-c", &env, &args);
    wait_for(&c, "mine.json is open in another window.");
    send(&c, &["c"]);
    wait_for(&c, "A copy of mine.json");
    send(&c, &["6", "Enter"]);
    wait_for(&c, "1. S 6");
    let sc = quit(&c);
    assert!(
        sc.contains(&format!(
            "The game is saved in {}/masai-mancala/game-",
            data.display()
        )),
        "{sc}"
    );
    assert!(quit(&a).contains("EXIT:0"));
    assert_eq!(decisions_in(&dir), [["5"]]);
    assert_eq!(decisions_in(&data.join("masai-mancala")), [["6"]]);
}

/// A client killed (SIGKILL: no clean-up of its own) leaves no lock behind:
/// the next `resume` opens the game without asking.
#[test]
fn a_killed_client_leaves_its_game_open_to_the_next() {
    let data = temp_dir("killed-lock");
    let env = format!("XDG_DATA_HOME={}", data.display());
    let dir = data.join("masai-mancala");
    let a = start("killed-lock-a", &env, GAME);
    wait_for(&a, "South to move");
    send(&a, &["5", "Enter"]);
    wait_for(&a, "1. S 5");
    let shell = tmux(&["display", "-p", "-t", &a.0, "#{pane_pid}"]);
    let out = Command::new("pgrep")
        .args(["-P", shell.trim(), "-x", "masai-mancala"])
        .output()
        .unwrap();
    let pid = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(!pid.is_empty());
    // Open while it runs.
    let b = start("killed-lock-b", &env, "resume --instant");
    wait_for(&b, "is open in another window.");
    send(&b, &["n"]);
    wait_for(&b, "EXIT:0");
    assert!(
        Command::new("kill")
            .args(["-KILL", &pid])
            .status()
            .unwrap()
            .success()
    );
    wait_for(&a, "EXIT:");
    let c = start("killed-lock-c", &env, "resume --instant");
    let sc = wait_for(&c, "North to move");
    assert!(!sc.contains("open in another window"), "{sc}");
    send(&c, &["4", "Enter"]);
    wait_for(&c, "South to move");
    assert!(quit(&c).contains("EXIT:0"));
    assert_eq!(decisions_in(&dir), [["5", "4"]]);
}

/// The lock files of killed clients (nobody holds them) are removed with
/// their temporary files; one a client holds stays, and so does a temporary
/// file of its game, even one whose process id looks ended here (that
/// client may be saving now).
#[test]
fn lock_files_nobody_holds_are_removed_and_held_ones_kept() {
    use common::other_client::OtherClient;
    let dir = temp_dir("stale-locks");
    let left = dir.join(".game-20260101-000000.json.lock");
    std::fs::write(&left, "").unwrap();
    let open = dir.join("game-20260101-000001.json");
    std::fs::write(&open, valid_record()).unwrap();
    let other = OtherClient::holding(&open);
    let saving = dir.join(format!(".game-20260101-000001.json.{}.1.tmp", dead_pid()));
    std::fs::write(&saving, "being written").unwrap();
    let foreign = dir.join(".notes.json.lock");
    std::fs::write(&foreign, "").unwrap();
    assert_eq!(file::remove_stale_temps(&dir, file::is_data_record_name), 0);
    let mut kept = vec![
        ".game-20260101-000001.json.lock".to_string(),
        saving.file_name().unwrap().to_string_lossy().into_owned(),
        ".notes.json.lock".to_string(),
        "game-20260101-000001.json".to_string(),
    ];
    kept.sort();
    assert_eq!(names_in(&dir), kept);
    // That client gone (killed): its leftovers go.
    other.kill();
    assert_eq!(file::remove_stale_temps(&dir, file::is_data_record_name), 1);
    assert_eq!(
        names_in(&dir),
        [".notes.json.lock", "game-20260101-000001.json"]
    );
}

//! End to end: the real binary in tmux, driven by keys, read from the screen.

mod common;
#[path = "tmux/study.rs"]
mod study;

use common::temp::TempDir;
use common::tmux::{Session, new_session, tmux};
use std::process::Command;
use std::time::{Duration, Instant};

/// Is tmux there? Without it the tests are skipped, except where
/// `REQUIRE_TMUX` is set (`.ci/run` sets it): there a missing tmux fails them.
fn have_tmux() -> bool {
    let there = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        there || std::env::var_os("REQUIRE_TMUX").is_none(),
        "tmux is not installed, and REQUIRE_TMUX asks for the end-to-end tests"
    );
    there
}

fn start(name: &str, args: &str) -> Session {
    let data = TempDir::absent("masai-tmux-data");
    start_in(name, args, &data).keep(data)
}

/// Starts the binary with its data folder (`XDG_DATA_HOME`) at `data`, so
/// autosaves never land in the user's own folder.
fn start_in(name: &str, args: &str, data: &std::path::Path) -> Session {
    let bin = env!("CARGO_BIN_EXE_masai-mancala");
    let bin = format!("XDG_DATA_HOME={} {bin}", data.display());
    let name = format!("{name}-{}", std::process::id());
    // After the client exits, show its exit code and whether the terminal is
    // back in cooked mode with echo (stty prints icanon/echo, or -icanon/-echo).
    let cmd = format!(
        "{bin} {args}; echo EXIT:$?; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo; sleep 30"
    );
    new_session(name, 100, 30, &cmd)
}

fn screen(s: &Session) -> String {
    tmux(&["capture-pane", "-p", "-t", &s.0])
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

/// Quits with `q`, sees the confirmation `prompt`, answers `y` and waits
/// for the program to exit cleanly; the last screen.
fn quit(s: &Session, prompt: &str) -> String {
    send(s, &["q"]);
    wait_for(s, prompt);
    send(s, &["y"]);
    wait_for(s, "EXIT:0")
}

/// A folder of this test named after `name`, not made yet; removed when
/// dropped (declared before the session, it outlives its program).
fn fresh_dir(name: &str) -> TempDir {
    TempDir::absent(name)
}

fn send(s: &Session, keys: &[&str]) {
    let mut args = vec!["send-keys", "-t", &s.0];
    args.extend_from_slice(keys);
    tmux(&args);
}

#[test]
fn play_a_move_and_quit_in_tmux() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let s = start(
        "masai-e2e",
        "enkeshui --holes 12 --race off --north human --instant",
    );
    let sc = wait_for(&s, "South to move: pick a hole and press Enter");
    assert!(sc.contains("South     0    3    3    0    3    3    0    3    3    0    3    3"));
    send(&s, &["5", "Enter"]);
    let sc = wait_for(&s, "1. S 5");
    assert!(
        sc.contains("South     0    3    3    0    0    4    1 ◆ 4S    3    0    3    3"),
        "{sc}"
    );
    assert!(
        sc.contains("South sowed 5 and made a bull on South 8"),
        "{sc}"
    );
    assert!(sc.contains("North to move"), "{sc}");
    quit(&s, "A game is in progress. Quit?");
    let sc = wait_for(&s, "icanon");
    // Back on the main screen, in cooked mode with echo: the board is gone.
    assert!(
        sc.contains("icanon echo") && !sc.contains("-icanon"),
        "{sc}"
    );
    assert!(!sc.contains("North to move"), "{sc}");
}

#[test]
fn sigterm_restores_the_terminal() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let s = start("masai-term", "enkeshui --holes 8 --race off");
    wait_for(&s, "South to move");
    let shell = tmux(&["display", "-p", "-t", &s.0, "#{pane_pid}"]);
    let shell = shell.trim();
    let out = Command::new("pgrep")
        .args(["-P", shell, "-x", "masai-mancala"])
        .output()
        .expect("pgrep");
    let pid = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(!pid.is_empty(), "client pid not found");
    let ok = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill");
    assert!(ok.success());
    wait_for(&s, "EXIT:");
    let sc = wait_for(&s, "icanon");
    assert!(
        sc.contains("icanon echo") && !sc.contains("-icanon"),
        "{sc}"
    );
    assert!(!sc.contains("South to move"), "{sc}");
}

fn client_pid(s: &Session) -> String {
    let shell = tmux(&["display", "-p", "-t", &s.0, "#{pane_pid}"]);
    let out = Command::new("pgrep")
        .args(["-P", shell.trim(), "-x", "masai-mancala"])
        .output()
        .expect("pgrep");
    let pid = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(!pid.is_empty(), "client pid not found");
    pid
}

fn records_in(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default()
}

fn decisions(path: &std::path::Path) -> Vec<String> {
    let (r, _) = masai_mancala::record::file::load(path).unwrap();
    r.games[0].decisions.clone()
}

#[test]
fn resume_after_sigterm() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let data = fresh_dir("masai-resume");
    let saves = data.join("masai-mancala");
    let s = start_in(
        "masai-resume",
        "enkeshui --holes 8 --race off --north human --instant",
        &data,
    );
    wait_for(&s, "South to move: pick a hole and press Enter");
    send(&s, &["5", "Enter"]);
    wait_for(&s, "North to move");
    let ok = Command::new("kill")
        .args(["-TERM", &client_pid(&s)])
        .status()
        .expect("kill");
    assert!(ok.success());
    let sc = wait_for(&s, "EXIT:");
    assert!(sc.contains("continues it"), "{sc}");
    drop(s);
    let files = records_in(&saves);
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(decisions(&files[0]), ["5"]);
    // Resume: the same game, seats and move list, saved back to the same file.
    let s = start_in("masai-resume2", "resume --instant", &data);
    let sc = wait_for(&s, "North to move: pick a hole and press Enter");
    assert!(sc.contains("1. S 5"), "{sc}");
    assert!(sc.contains("North (human)"), "{sc}");
    send(&s, &["3", "Enter"]);
    wait_for(&s, "South to move");
    quit(&s, "Quit");
    assert_eq!(records_in(&saves), files);
    assert_eq!(decisions(&files[0]), ["5", "3"]);
}

/// A client whose session ends under it saves on the hang-up, into its
/// data folder: the session, dropped, waits for it to exit, and only then
/// does the folder go (nothing left in the temp folder).
#[test]
fn the_data_folder_goes_after_the_client_saved_on_the_hang_up() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let data = fresh_dir("masai-tmux-hang-up");
    let folder = data.to_path_buf();
    let s = start_in(
        "masai-hang-up",
        "enkeshui --holes 8 --race off --north human --instant",
        &data,
    )
    .keep(data);
    wait_for(&s, "South to move: pick a hole and press Enter");
    send(&s, &["5", "Enter"]);
    wait_for(&s, "North to move");
    // The autosave after the move lands off the UI thread.
    let t = Instant::now();
    while records_in(&folder.join("masai-mancala")).is_empty()
        && t.elapsed() < Duration::from_secs(20)
    {
        std::thread::sleep(Duration::from_millis(50));
    }
    let files = records_in(&folder.join("masai-mancala"));
    assert_eq!(files.len(), 1, "{files:?}");
    let client: i32 = client_pid(&s).parse().unwrap();
    drop(s);
    // SAFETY: kill(2) with signal 0 sends nothing; it asks whether the
    // client (or its zombie) is still there.
    let there = unsafe { libc::kill(client, 0) } == 0;
    assert!(!there, "the client {client} outlived its session's drop");
    assert!(!folder.exists(), "{} is left", folder.display());
}

#[test]
fn replay_viewer_steps_and_takes_over() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let data = fresh_dir("masai-viewer");
    let record = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/records/valid.json"
    );
    let s = start_in("masai-viewer", &format!("replay {record} --speed 5"), &data);
    wait_for(&s, "Replay: decision 0 of 17");
    send(&s, &["End"]);
    let sc = wait_for(&s, "Replay: decision 17 of 17");
    assert!(sc.contains(">15. S 7"), "{sc}");
    assert!(sc.contains("North wins"), "{sc}");
    send(&s, &["Home", "Down", "Down"]);
    let sc = wait_for(&s, "Replay: decision 2 of 17");
    assert!(sc.contains(">2. N 3"), "{sc}");
    send(&s, &["Left"]);
    wait_for(&s, "Replay: decision 1 of 17");
    send(&s, &["5", "Enter"]);
    let sc = wait_for(&s, "turn 5, South to move");
    assert!(sc.contains(">4. N 4"), "{sc}");
    // Autoplay runs to the end.
    send(&s, &["Space"]);
    wait_for(&s, "Replay: decision 17 of 17");
    // Take over from turn 3 as a new game: the AI seats of the record give
    // the mover's seat to a human, saved in a new file.
    send(&s, &["3", "Enter"]);
    wait_for(&s, "turn 3, South to move");
    send(&s, &["t"]);
    let sc = wait_for(&s, "South to move: pick a hole and press Enter");
    assert!(sc.contains("Taken over from the replay at turn 3"), "{sc}");
    assert!(sc.contains("South (you)"), "{sc}");
    quit(&s, "Quit");
    let files = records_in(&data.join("masai-mancala"));
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(decisions(&files[0]), ["7", "3"]);
}

#[test]
fn the_start_menu_lists_saved_games() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let data = fresh_dir("masai-menu-saves");
    let saves = data.join("masai-mancala");
    std::fs::create_dir_all(&saves).unwrap();
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/records");
    // A finished game, and an unfinished one made from it (its first 3 decisions).
    let (mut r, _) =
        masai_mancala::record::file::load(&std::path::Path::new(fixtures).join("valid.json"))
            .unwrap();
    std::fs::copy(format!("{fixtures}/valid.json"), saves.join("game-1.json")).unwrap();
    r.games[0].decisions.truncate(3);
    r.games[0].result = None;
    r.seats.north = "human".into();
    let unfinished = saves.join("game-2.json");
    masai_mancala::record::file::save(&unfinished, &r, false).unwrap();
    let s = start_in("masai-menu-saves", "", &data);
    wait_for(&s, "Enter starts the game");
    send(&s, &["o"]);
    let sc = wait_for(&s, "Saved games");
    assert!(sc.contains("game-1.json  finished"), "{sc}");
    assert!(sc.contains("> game-2.json  unfinished"), "{sc}");
    send(&s, &["Enter"]);
    let sc = wait_for(&s, "North to move: pick a hole and press Enter");
    assert!(sc.contains("3. S 5"), "{sc}");
    send(&s, &["4", "Enter"]);
    wait_for(&s, "South to move");
    quit(&s, "Quit");
    // Saved back to its own file, and no other file.
    let (back, _) = masai_mancala::record::file::load(&unfinished).unwrap();
    assert_eq!(back.games[0].decisions, ["7", "3", "5", "4"]);
    assert_eq!(records_in(&saves).len(), 2);
}

#[test]
fn en_gehe_plays_a_move_and_quits_in_tmux() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let s = start(
        "masai-en-gehe",
        "en-gehe --holes 8 --north human --instant --south-team Loitha",
    );
    let sc = wait_for(&s, "South to move: pick a hole and press Enter");
    assert!(sc.contains("En Gehé 2x8 [non-traditional size]"), "{sc}");
    assert!(
        sc.contains("South     4    4    4    4    4    4    4    4")
            && sc.contains("[1]    2    3    4    5    6    7    8"),
        "{sc}"
    );
    assert!(sc.contains("South (Loitha, human)"), "{sc}");
    send(&s, &["3", "Enter"]);
    let sc = wait_for(&s, "1. S 3");
    assert!(sc.contains("North to move"), "{sc}");
    assert!(sc.contains("South sowed 3"), "{sc}");
    quit(&s, "A game is in progress. Quit?");
    let sc = wait_for(&s, "icanon");
    assert!(
        sc.contains("icanon echo") && !sc.contains("-icanon"),
        "{sc}"
    );
}

#[test]
fn a_bao_game_is_saved_and_resumed_in_tmux() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let data = fresh_dir("masai-bao-save");
    std::fs::create_dir_all(&data).unwrap();
    let path = data.join("bao.json");
    let s = start_in(
        "masai-bao-save",
        &format!("bao --north human --instant --save {}", path.display()),
        &data,
    );
    wait_for(&s, "South to move: pick a hole and press Enter");
    // South sows i3, North i1 (phase 1: the outer rows are empty).
    send(&s, &["3", "Enter"]);
    wait_for(&s, "1. S i3");
    send(&s, &["1", "Enter"]);
    let played = wait_for(&s, "2. N i1");
    let sc = quit(&s, "A game is in progress. Quit?");
    assert!(sc.contains("masai-mancala resume"), "{sc}");
    assert_eq!(decisions(&path), ["i3", "i1"]);
    drop(s);
    let s = start_in(
        "masai-bao-resume",
        &format!("resume {}", path.display()),
        &data,
    );
    let sc = wait_for(&s, "South to move: pick a hole and press Enter");
    let board = |sc: &str| -> Vec<String> {
        sc.lines()
            .skip(2)
            .take(9)
            .map(|l| l.trim().to_string())
            .collect()
    };
    assert_eq!(board(&sc), board(&played), "{sc}");
    assert!(
        sc.contains("Bao la Kimasai · turn 3 · South to move"),
        "{sc}"
    );
    assert!(sc.contains("2. N i1"), "{sc}");
    assert!(sc.contains("South (human)"), "{sc}");
    // Play on: saved back to the same file.
    send(&s, &["Enter"]);
    wait_for(&s, "3. S");
    quit(&s, "Quit?");
    assert_eq!(decisions(&path).len(), 3);
}

/// A file of `tests/fixtures/client`.
fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/client")
        .join(name)
}

/// Sends SIGTERM to the client and checks it ends at once, saying `EXIT:0`,
/// with the terminal back in cooked mode with echo.
fn sigterm_ends_it(s: &Session) -> String {
    let ok = Command::new("kill")
        .args(["-TERM", &client_pid(s)])
        .status()
        .expect("kill");
    assert!(ok.success());
    wait_for(s, "EXIT:0");
    let sc = wait_for(s, "icanon");
    assert!(
        sc.contains("icanon echo") && !sc.contains("-icanon"),
        "{sc}"
    );
    sc
}

#[test]
fn the_saved_games_list_with_a_long_record_stays_live_and_ends_on_sigterm() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let data = fresh_dir("masai-long-saves");
    let saves = data.join("masai-mancala");
    std::fs::create_dir_all(&saves).unwrap();
    // Its last decision relays 366,567,028 laps before it repeats.
    std::fs::copy(fixture("long-sowing.json"), saves.join("game-long.json")).unwrap();
    let s = start_in("masai-long-saves", "", &data);
    wait_for(&s, "Enter starts the game");
    // Before the fix, `o` froze the client: no keys, no signals, raw mode left.
    send(&s, &["o"]);
    let sc = wait_for(&s, "Esc stops it (nothing is lost)   q quits");
    assert!(sc.contains("Reading the saved games in"), "{sc}");
    assert!(sc.contains("0 files read"), "{sc}");
    send(&s, &["Escape"]);
    let sc = wait_for(&s, "Stopped reading the saved games in");
    assert!(sc.contains("Enter starts the game"), "{sc}");
    send(&s, &["o"]);
    wait_for(&s, "Esc stops it");
    let sc = sigterm_ends_it(&s);
    assert!(!sc.contains("Esc stops it"), "{sc}");
    // Nothing was written over the record.
    assert_eq!(
        std::fs::read(saves.join("game-long.json")).unwrap(),
        std::fs::read(fixture("long-sowing.json")).unwrap()
    );
}

#[test]
fn resume_and_replay_of_a_long_record_show_progress_and_stop() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let data = fresh_dir("masai-long-resume");
    let record = fixture("long-sowing.json");
    let args = format!("resume {}", record.display());
    let s = start_in("masai-long-resume", &args, &data);
    let sc = wait_for(&s, "decisions replayed");
    assert!(
        sc.contains(&format!("Reading {}...", record.display())),
        "{sc}"
    );
    sigterm_ends_it(&s);
    drop(s);
    // Esc leaves the viewer's loading: nothing changed, exit 0.
    let args = format!("replay {}", record.display());
    let s = start_in("masai-long-replay", &args, &data);
    wait_for(&s, "Esc stops it (nothing is lost)   q quits");
    send(&s, &["Escape"]);
    let sc = wait_for(&s, "EXIT:0");
    // The shell wraps the line at the pane's width when the checkout's path is long.
    let joined: String = sc.lines().collect();
    assert!(
        joined.contains(&format!(
            "Stopped reading {}. Nothing was changed.",
            record.display()
        )),
        "{sc}"
    );
    assert_eq!(
        records_in(&data.join("masai-mancala")),
        Vec::<std::path::PathBuf>::new()
    );
}

#[test]
fn a_long_sowing_is_taken_back_and_sigterm_ends_it_while_worked_out() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let data = fresh_dir("masai-long-study");
    let args = format!(
        "en-gehe --position {} --north human --instant",
        fixture("long-sowing-study.json").display()
    );
    let s = start_in("masai-long-study", &args, &data);
    wait_for(&s, "South to move: pick a hole and press Enter");
    send(&s, &["7", "Enter"]);
    wait_for(&s, "laps checked (u or Esc takes it back)");
    // Before the fix: "Nothing to undo", and the sowing stayed on.
    send(&s, &["u"]);
    wait_for(&s, "Took back the sowing of 7: pick a hole and press Enter");
    send(&s, &["7", "Enter"]);
    wait_for(&s, "laps checked (u or Esc takes it back)");
    sigterm_ends_it(&s);
}

#[test]
fn ctrl_z_suspends_to_the_shell_and_fg_brings_the_game_back() {
    if !have_tmux() {
        return;
    }
    let data = fresh_dir("masai-tmux-suspend");
    let bin = env!("CARGO_BIN_EXE_masai-mancala");
    let name = format!("suspend-{}", std::process::id());
    let s = new_session(name, 80, 24, "bash --norc --noprofile -i");
    std::thread::sleep(Duration::from_millis(300));
    let cmd = format!(
        "XDG_DATA_HOME={} {bin} enkeshui --holes 8 --race off --north human",
        data.display()
    );
    send(&s, &[&cmd, "Enter"]);
    wait_for(&s, "South to move: pick a hole");
    send(&s, &["C-z"]);
    wait_for(&s, "Stopped");
    // The shell has its terminal back as it was: cooked mode with echo.
    send(
        &s,
        &[
            "stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo M''ODES",
            "Enter",
        ],
    );
    // (The command line says M''ODES: only its output says MODES.)
    let sc = wait_for(&s, "MODES");
    assert!(sc.lines().any(|l| l.trim() == "icanon echo MODES"), "{sc}");
    // The exit code is echoed by the shell once the game ends (a line typed
    // after `y` could reach the game before it has left).
    send(&s, &["fg; echo DONE:$?", "Enter"]);
    let sc = wait_for(&s, "South to move: pick a hole");
    assert!(
        sc.contains("North     4    4    4    4    4    4    0    0"),
        "{sc}"
    );
    // Still playing: a move and the quit prompt work.
    send(&s, &["3", "Enter"]);
    wait_for(&s, "South sowed 3");
    send(&s, &["q"]);
    wait_for(&s, "Quit?");
    send(&s, &["y"]);
    wait_for(&s, "DONE:0");
}

/// The end of a game offers its review: `v` opens the game in the replay
/// viewer at its end, the AI's review runs and marks South's blunder (the
/// hand-made position of `tests/review.rs`), `m` jumps to it, `q` quits.
#[test]
fn the_end_of_a_game_offers_the_review() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let data = fresh_dir("masai-review");
    let position = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/review/en-gehe-blunder-position.json"
    );
    let s = start_in(
        "masai-review",
        &format!("en-gehe --position {position} --north ai:hard --speed 5"),
        &data,
    );
    wait_for(&s, "South to move: pick a hole and press Enter");
    send(&s, &["1", "Enter"]);
    wait_for(&s, "turn 3 · South to move");
    send(&s, &["2", "Enter"]);
    let sc = wait_for(&s, "Review this game? v: the AI marks each mistake");
    assert!(sc.contains("North wins, South 1 to North 6"), "{sc}");
    send(&s, &["v"]);
    let sc = wait_for(&s, "Review done: South 1 blunder; North no mistake");
    assert!(sc.contains("decision 3/3"), "{sc}");
    assert!(sc.contains("│ 1. S 1??"), "{sc}");
    assert!(sc.contains("Value for South loss -5"), "{sc}");
    send(&s, &["m"]);
    let sc = wait_for(
        &s,
        "Turn 1: South's 1 is a blunder, 6.0 seeds lost (best 3, win +1 or more)",
    );
    assert!(sc.contains("│>1. S 1??"), "{sc}");
    send(&s, &["q"]);
    wait_for(&s, "EXIT:0");
}

#[test]
fn earlier_positions_are_browsed_in_tmux_while_the_ai_plays_on() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let s = start(
        "masai-browse",
        "enkeshui --holes 12 --race off --north ai:easy --instant",
    );
    let start_row = "South     0    3    3    0    3    3    0    3    3    0    3    3";
    wait_for(&s, "South to move: pick a hole and press Enter");
    send(&s, &["5", "Enter"]);
    // The AI answers; South looks back at the start meanwhile or after.
    wait_for(&s, "2. N ");
    send(&s, &["["]);
    send(&s, &["["]);
    let sc = wait_for(&s, "VIEWING turn 1");
    assert!(sc.contains(start_row), "{sc}");
    assert!(
        sc.contains("An earlier position: no move here. Esc returns to the game"),
        "{sc}"
    );
    // Enter plays nothing here.
    send(&s, &["Enter"]);
    wait_for(&s, "This position was played already");
    send(&s, &["Escape"]);
    let sc = wait_for(&s, "Back to the game: turn 3, South to move");
    assert!(!sc.contains("VIEWING"), "{sc}");
    assert!(!sc.contains(start_row), "{sc}");
    quit(&s, "A game is in progress. Quit?");
}

#[test]
fn the_start_menu_takes_the_settings_sizes_and_shows_the_record() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let home = fresh_dir("masai-menu-settings");
    let config = home.join("config");
    let data = home.join("data");
    std::fs::create_dir_all(config.join("masai-mancala")).unwrap();
    std::fs::create_dir_all(data.join("masai-mancala")).unwrap();
    std::fs::write(
        config.join("masai-mancala/config.toml"),
        "north = \"ai:hard\"\ntheme = \"light\"\n[enkeshui]\nholes = 12\n[en-gehe]\nholes = 44\n",
    )
    .unwrap();
    let stats = serde_json::json!({
        "format": masai_mancala::stats::FORMAT,
        "version": masai_mancala::stats::VERSION,
        "players": {"tester": {"Enkeshui 2x12": {
            "hard": {"wins": 3, "draws": 0, "losses": 7, "last": "2026-11-30 10:00"}
        }}}
    });
    std::fs::write(data.join("masai-mancala/stats.json"), stats.to_string()).unwrap();
    let bin = env!("CARGO_BIN_EXE_masai-mancala");
    let cmd = format!(
        "USER=tester XDG_CONFIG_HOME={} XDG_DATA_HOME={} {bin}; echo EXIT:$?; sleep 30",
        config.display(),
        data.display()
    );
    let s = new_session(
        format!("masai-menu-settings-{}", std::process::id()),
        100,
        30,
        &cmd,
    );
    let sc = wait_for(&s, "Enter starts the game");
    assert!(sc.contains("Holes per row               12"), "{sc}");
    assert!(sc.contains("North                       AI hard"), "{sc}");
    assert!(sc.contains("Colours                     light"), "{sc}");
    assert!(
        sc.contains("you vs hard, Enkeshui 2x12: 3-0-7 (wins-draws-losses)"),
        "{sc}"
    );
    // En Gehé opens at the settings' 44 holes.
    send(&s, &["Right"]);
    let sc = wait_for(&s, "En Gehé 2x44: no games yet");
    assert!(sc.contains("Holes per row               44"), "{sc}");
    send(&s, &["q"]);
    wait_for(&s, "EXIT:0");
}

/// On a terminal the arena's progress bar is redrawn in place, cut to the
/// window's width: a wrapped line used to leave one row per redraw.
#[test]
fn the_arena_progress_bar_stays_on_one_row_of_a_narrow_terminal() {
    if !have_tmux() {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_masai-mancala");
    let name = format!("arena-bar-{}", std::process::id());
    let cmd = format!(
        "clear; {bin} arena --game enkeshui --holes 8 --a random --b random --games 100000 --seed 1; echo EXIT:$?; sleep 30"
    );
    let s = new_session(name, 50, 30, &cmd);
    let sc = wait_for(&s, "EXIT:0");
    let rows: Vec<&str> = sc.lines().filter(|l| !l.trim().is_empty()).collect();
    let bars: Vec<&&str> = rows.iter().filter(|l| l.starts_with('[')).collect();
    assert_eq!(bars.len(), 1, "{sc}");
    assert_eq!(
        bars[0].trim_end(),
        "[####################] 100000/100000 game 100000:",
        "{sc}"
    );
    assert!(
        rows[1].starts_with("random vs random on enkeshui --holes 8"),
        "{sc}"
    );
}

/// From the saved-games list: a replay goes back to the list with q and
/// Esc (the program goes on), and d deletes a game after y.
#[test]
fn the_saved_games_list_comes_back_from_a_replay_and_deletes_a_game() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let data = fresh_dir("masai-menu-delete");
    let saves = data.join("masai-mancala");
    std::fs::create_dir_all(&saves).unwrap();
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/records");
    std::fs::copy(format!("{fixtures}/valid.json"), saves.join("game-1.json")).unwrap();
    let s = start_in("masai-menu-delete", "", &data);
    wait_for(&s, "Enter starts the game");
    send(&s, &["o"]);
    wait_for(&s, "> game-1.json  finished");
    for leave in ["q", "Escape"] {
        send(&s, &["v"]);
        wait_for(&s, "Replay: decision 0 of 17");
        send(&s, &[leave]);
        let sc = wait_for(&s, "Back to the saved games");
        assert!(sc.contains("> game-1.json  finished"), "{sc}");
        assert!(!sc.contains("EXIT:"), "{sc}");
        send(&s, &["Down"]);
    }
    send(&s, &["d"]);
    let sc = wait_for(&s, "Delete game-1.json? y deletes it, n keeps it");
    assert!(sc.contains("It cannot be undone."), "{sc}");
    send(&s, &["n"]);
    wait_for(&s, "Not deleted: game-1.json");
    assert!(saves.join("game-1.json").exists());
    send(&s, &["d"]);
    wait_for(&s, "Delete game-1.json?");
    send(&s, &["y"]);
    wait_for(&s, "Deleted game-1.json: no saved games left");
    assert!(records_in(&saves).is_empty());
    send(&s, &["q"]);
    wait_for(&s, "EXIT:0");
}

/// Issue 21 item 15: quitting a game of the data folder advises plain
/// `masai-mancala resume` (no long path to wrap); a game saved elsewhere,
/// or one the data folder has a newer game than, keeps its path.
#[test]
fn quitting_a_game_of_the_data_folder_advises_plain_resume() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let data = fresh_dir("masai-plain-resume");
    let game = "enkeshui --holes 8 --race off --north human --instant";
    let s = start_in("masai-plain-resume", game, &data);
    wait_for(&s, "South to move: pick a hole and press Enter");
    send(&s, &["5", "Enter"]);
    wait_for(&s, "North to move");
    let sc = quit(&s, "Quit?");
    assert!(
        sc.contains("The game is saved (`masai-mancala resume` continues it).\nEXIT:0"),
        "{sc}"
    );
    assert!(!sc.contains(&data.display().to_string()), "{sc}");
    drop(s);
    // Resumed by its path, it is saved again as the newest: plain resume still.
    let saves = data.join("masai-mancala");
    let first = records_in(&saves);
    assert_eq!(first.len(), 1, "{first:?}");
    let s = start_in(
        "masai-plain-resume2",
        &format!("resume {}", first[0].display()),
        &data,
    );
    wait_for(&s, "North to move");
    send(&s, &["3", "Enter"]);
    wait_for(&s, "South to move");
    let sc = quit(&s, "Quit?");
    assert!(
        sc.contains("The game is saved (`masai-mancala resume` continues it).\nEXIT:0"),
        "{sc}"
    );
    drop(s);
    // Saved elsewhere: the path, and the command with it.
    let other = fresh_dir("masai-plain-resume-other");
    std::fs::create_dir_all(&other).unwrap();
    let path = other.join("g.json");
    let s = start_in(
        "masai-plain-resume3",
        &format!("{game} --save {}", path.display()),
        &data,
    );
    wait_for(&s, "South to move: pick a hole and press Enter");
    send(&s, &["5", "Enter"]);
    wait_for(&s, "North to move");
    let sc = quit(&s, "Quit?");
    let joined = sc.replace('\n', "");
    assert!(
        joined.contains(&format!("masai-mancala resume {}", path.display())),
        "{sc}"
    );
}

#[test]
fn the_settings_files_errors_show_inside_the_client_and_a_key_closes_them() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let home = fresh_dir("masai-tmux-settings");
    std::fs::create_dir_all(home.join("masai-mancala")).unwrap();
    std::fs::write(
        home.join("masai-mancala/config.toml"),
        "level = \"hard\"\nsped = 40\n",
    )
    .unwrap();
    let bin = env!("CARGO_BIN_EXE_masai-mancala");
    let cmd = format!(
        "XDG_CONFIG_HOME={h} XDG_DATA_HOME={h}/data {bin} enkeshui --race off --north human; echo EXIT:$?; sleep 30",
        h = home.display()
    );
    let s = new_session(
        format!("masai-settings-notice-{}", std::process::id()),
        100,
        30,
        &cmd,
    );
    let sc = wait_for(&s, "Any key: go on");
    assert!(sc.contains("┌ Settings file "), "{sc}");
    // One line of the screen with the box's text (wrapped where the path ends).
    let text: String = sc
        .lines()
        .filter_map(|l| l.split('│').nth(2))
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join(" ");
    // A long TMPDIR wraps the path, and the line may break inside a word:
    // the words are compared with the spaces out.
    let squeezed = |t: &str| t.replace(' ', "");
    assert!(
        squeezed(&text).contains(&squeezed(
            "config.toml: line 2: unknown key 'sped' (did you mean 'speed'?); that line is ignored"
        )),
        "{text}"
    );
    send(&s, &["Right"]);
    let t = Instant::now();
    while screen(&s).contains("Any key: go on") {
        assert!(t.elapsed() < Duration::from_secs(20), "{}", screen(&s));
        std::thread::sleep(Duration::from_millis(100));
    }
    // The key only closed the notice: the cursor is still on hole 3.
    assert!(screen(&s).contains("1    2  [3]    4"), "{}", screen(&s));
    send(&s, &["C-c"]);
    let sc = wait_for(&s, "EXIT:0");
    assert!(
        sc.contains("warning: ") && sc.contains("line 2: unknown key 'sped'"),
        "{sc}"
    );
}

/// Issue 40: with `TERM=dumb` (a terminal that cannot move its cursor) the
/// client says so and offers the line mode, instead of drawing escapes.
#[test]
fn a_dumb_terminal_is_told_to_use_the_line_mode() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let data = TempDir::absent("masai-tmux-dumb");
    let bin = env!("CARGO_BIN_EXE_masai-mancala");
    for (args, hint) in [
        ("enkeshui", "add --plain to play line by line"),
        (
            "",
            "`masai-mancala enkeshui --plain` plays line by line (or en-gehe, bao)",
        ),
    ] {
        let cmd = format!(
            "TERM=dumb XDG_DATA_HOME={} {bin} {args}; echo EXIT:$?; sleep 30",
            data.display()
        );
        let s = new_session(format!("dumb-{}", std::process::id()), 200, 10, &cmd);
        let sc = wait_for(&s, "EXIT:");
        assert!(
            sc.contains(&format!(
                "error: TERM=dumb: this terminal cannot draw the full-screen client: {hint}\nEXIT:1"
            )),
            "{sc}"
        );
    }
}

/// Issue 40: in an interactive bash, which splits words at a colon, a seat's
/// `ai:LEVEL` completes: `ai:` then Tab offers the levels (it inserted
/// `ai:-`), and a level's first letters complete it.
#[test]
fn bash_completes_ai_levels_after_the_colon() {
    if !have_tmux() {
        println!("note: tmux is not installed, the end-to-end test is skipped");
        return;
    }
    let script = TempDir::file("masai-tmux-bash-colon", "masai-mancala.bash");
    let out = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .args(["completions", "bash"])
        .output()
        .unwrap();
    std::fs::write(&script, &out.stdout).unwrap();
    // The screen once bash has answered the Tabs with what `offered`
    // looks for (polled, never slept for: bash answers late on a loaded
    // machine), or after 20 s, for the assertions to say what it shows.
    let prompt = |typed: &str, tabs: &[&str], offered: &dyn Fn(&str) -> bool| -> String {
        let name = format!("bash-colon-{}", std::process::id());
        let s = new_session(name, 100, 10, "PS1='$ ' bash --norc --noprofile");
        send(
            &s,
            &[&format!("source {}; clear", script.display()), "Enter"],
        );
        // Typed only once `clear` has left the bare prompt: typed ahead, the
        // keys are echoed before the prompt on a loaded machine.
        let t = Instant::now();
        while screen(&s).trim() != "$" && t.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(100));
        }
        send(&s, &[typed]);
        wait_for(&s, typed);
        send(&s, tabs);
        let t = Instant::now();
        loop {
            let sc = screen(&s);
            if offered(&sc) || t.elapsed() > Duration::from_secs(20) {
                return sc;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    let all = |sc: &str| sc.contains("random") && sc.contains("expert");
    let sc = prompt("masai-mancala enkeshui --north ai:", &["Tab", "Tab"], &all);
    let offered: Vec<Vec<&str>> = sc.lines().map(|l| l.split_whitespace().collect()).collect();
    assert!(
        offered.contains(&vec![
            "random", "greedy", "mcts", "easy", "medium", "hard", "expert"
        ]),
        "{sc}"
    );
    assert!(!sc.contains("ai:-"), "{sc}");
    let hard = |sc: &str| sc.contains("ai:hard");
    let sc = prompt("masai-mancala bao --south ai:ha", &["Tab"], &hard);
    assert!(
        sc.lines()
            .any(|l| l == "$ masai-mancala bao --south ai:hard"),
        "{sc}"
    );
    let both = |sc: &str| {
        sc.lines()
            .any(|l| l.contains("easy") && l.contains("expert"))
    };
    let sc = prompt("masai-mancala en-gehe --north ai:e", &["Tab", "Tab"], &both);
    assert!(
        sc.lines()
            .any(|l| l.split_whitespace().eq(["easy", "expert"])),
        "{sc}"
    );
}

//! End to end: the real binary in tmux, driven by keys, read from the screen.

use std::process::Command;
use std::time::{Duration, Instant};

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().expect("tmux runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn have_tmux() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

struct Session(String);

impl Drop for Session {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.0])
            .output();
    }
}

fn start(name: &str, args: &str) -> Session {
    let data = std::env::temp_dir().join(format!("masai-tmux-data-{}", std::process::id()));
    start_in(name, args, &data)
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
    let status = Command::new("tmux")
        .args(["new", "-d", "-s", &name, "-x", "100", "-y", "30", &cmd])
        .status()
        .expect("tmux new");
    assert!(status.success());
    Session(name)
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
    send(&s, &["q"]);
    wait_for(&s, "A game is in progress. Quit?");
    send(&s, &["y"]);
    wait_for(&s, "EXIT:0");
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

//! The real binary in tmux: sessions that end with the test, started with
//! retries (the first `tmux new` of a fresh server can lose the race to start
//! it when tests run in parallel).

use std::process::Command;
use std::time::Duration;

pub struct Session(pub String);

impl Drop for Session {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.0])
            .output();
    }
}

/// Runs tmux and returns its standard output.
pub fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().expect("tmux runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A detached session `name` of `width` x `height` running the shell command `cmd`.
pub fn new_session(name: String, width: u16, height: u16, cmd: &str) -> Session {
    let (w, h) = (width.to_string(), height.to_string());
    let mut ok = false;
    for _ in 0..5 {
        let status = Command::new("tmux")
            .args(["new", "-d", "-s", &name, "-x", &w, "-y", &h, cmd])
            .status()
            .expect("tmux new");
        if status.success() {
            ok = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(ok, "tmux new failed");
    Session(name)
}

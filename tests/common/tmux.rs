//! The real binary in tmux: sessions that end with the test, started with
//! retries (the first `tmux new` of a fresh server can lose the race to start
//! it when tests run in parallel).

use super::temp::TempDir;
use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux session, and the folders it alone uses ([`Session::keep`]).
pub struct Session(pub String, Vec<TempDir>);

impl Session {
    /// Keeps `dir` until the session's programs have exited.
    pub fn keep(mut self, dir: TempDir) -> Session {
        self.1.push(dir);
        self
    }
}

impl Drop for Session {
    /// Ends the session and waits (a few seconds at most) for its programs
    /// to exit: on the hang-up the client still saves into its data folder,
    /// which the test removes next.
    fn drop(&mut self) {
        // The pane's shell leads its process group; the program runs in it.
        let group: Option<i32> = tmux(&["display", "-p", "-t", &self.0, "#{pane_pid}"])
            .trim()
            .parse()
            .ok();
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.0])
            .output();
        let Some(group) = group.filter(|&g| g > 1) else {
            return;
        };
        let t = Instant::now();
        // SAFETY: kill(2) with signal 0 sends nothing; it only asks whether
        // the group still has a process.
        while unsafe { libc::kill(-group, 0) } == 0 && t.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(20));
        }
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
    Session(name, Vec::new())
}

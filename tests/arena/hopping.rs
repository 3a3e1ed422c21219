//! Issue 40: a helper of an outside program that changes its process id
//! every 2 ms (it forks and ends, in a session of its own) is ended with its
//! game and with the arena on a signal.

use super::*;

/// A helper script that forks its successor and ends every 2 ms, writing a
/// line to `log` each time, until the file `stop` exists; and a program
/// starting it in its own session, then answering garbage (`cat`) or
/// never answering (`sleep 600`).
fn hopping_program(dir: &std::path::Path, then: &str) -> (String, std::path::PathBuf) {
    let hop = dir.join("hop.sh");
    let log = dir.join("hops");
    std::fs::write(
        &hop,
        format!(
            "hop() {{ [ -e {stop} ] && exit 0; echo x >> {log}; sleep 0.002; hop & exit 0; }}\nhop\n",
            stop = dir.join("stop").display(),
            log = log.display()
        ),
    )
    .unwrap();
    let program = dir.join("program.sh");
    std::fs::write(
        &program,
        format!("setsid sh {} &\nsleep 0.3\nexec {then}\n", hop.display()),
    )
    .unwrap();
    (format!("cmd:sh {}", program.display()), log)
}

/// Hops logged so far.
fn hops(log: &std::path::Path) -> usize {
    std::fs::read_to_string(log).map_or(0, |t| t.lines().count())
}

/// Whether the helper still hops: its log grows within 300 ms. Stopped for
/// good (its stop file) when it does.
fn still_hops(dir: &std::path::Path, log: &std::path::Path) -> bool {
    let before = hops(log);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let alive = hops(log) > before;
    if alive {
        std::fs::write(dir.join("stop"), "").unwrap();
    }
    alive
}

#[test]
fn a_helper_that_changes_its_process_id_ends_with_its_game() {
    let dir = temp_dir("hop-game");
    let (cmd, log) = hopping_program(&dir, "cat");
    let (code, v, err) = arena(&["--a", &cmd, "--b", "random", "--games", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(count(&v, "losses"), 3, "{v}");
    assert!(hops(&log) > 3, "the helper never hopped");
    assert!(!still_hops(&dir, &log), "the helper outlived the arena");
}

#[test]
fn a_helper_that_changes_its_process_id_ends_with_the_arena_on_a_signal() {
    let dir = temp_dir("hop-signal");
    let (cmd, log) = hopping_program(&dir, "sleep 600");
    let mut child = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .args(["arena", "--a", &cmd, "--b", "random", "--games", "1"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    for _ in 0..100 {
        if hops(&log) > 20 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(hops(&log) > 20, "the helper never hopped");
    // SAFETY: kill(2) on our own child's id.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + libc::SIGTERM));
    assert!(!still_hops(&dir, &log), "the helper outlived the arena");
}

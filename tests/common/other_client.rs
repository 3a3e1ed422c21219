//! Another client with a saved game open: a separate process (util-linux
//! `flock`) holding the record's lock, as a second window of the client
//! would. Killed, it lets go, as a client killed does.

use std::os::unix::io::AsRawFd;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct OtherClient(Child);

/// Does some process hold the lock file at `lock` now? (Tried without
/// removing it, so the holder keeps the very same file.)
fn held(lock: &Path) -> bool {
    let f = std::fs::File::open(lock).unwrap();
    // SAFETY: flock on a descriptor owned here.
    let r = unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    r != 0
}

impl OtherClient {
    /// A process that has the record at `record` open, once it holds its lock.
    pub fn holding(record: &Path) -> OtherClient {
        let lock = masai_mancala::record::lock::lock_path(record).unwrap();
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&lock)
            .unwrap();
        // -o: the lock is the flock process's alone (not its sleep's).
        let child = Command::new("flock")
            .arg("-o")
            .arg(&lock)
            .args(["sleep", "120"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("flock (util-linux) runs");
        let t = Instant::now();
        while !held(&lock) {
            assert!(t.elapsed() < Duration::from_secs(10), "flock never locked");
            std::thread::sleep(Duration::from_millis(10));
        }
        OtherClient(child)
    }

    pub fn pid(&self) -> u32 {
        self.0.id()
    }

    /// Killed, as a client that crashed: the kernel drops its lock.
    pub fn kill(mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for OtherClient {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

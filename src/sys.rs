//! The program's calls into the C library, all of its unsafe code: signals
//! to processes, reaping, the subreaper flag, raising Ctrl-Z's stop and the
//! kernel's clocks. Each is a safe function: none hands the kernel memory
//! but a value of its own.

use std::time::Duration;

/// Sends `signal` to `pid` (a negative `pid`: its process group; signal 0
/// only asks whether it exists). True when sent.
pub(crate) fn signal(pid: i32, signal: i32) -> bool {
    // SAFETY: kill(2) takes plain integers and touches no memory of ours.
    unsafe { libc::kill(pid, signal) == 0 }
}

/// Reaps `pid` if it has ended, without waiting: true when reaped.
pub(crate) fn reap(pid: i32) -> bool {
    // SAFETY: waitpid(2) on one pid, with no status wanted (a null pointer
    // is allowed there).
    unsafe { libc::waitpid(pid, std::ptr::null_mut(), libc::WNOHANG) == pid }
}

/// Makes this process the child subreaper of its descendants (Linux): an
/// orphan among them is adopted by it, not by init.
#[cfg(target_os = "linux")]
pub(crate) fn become_subreaper() {
    // SAFETY: prctl(2) with plain integers; it only sets a flag of this process.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// Stops this process as the terminal's Ctrl-Z would (SIGTSTP): the
/// full-screen client's suspend.
#[cfg(feature = "tui")]
pub(crate) fn stop_self() {
    // SAFETY: raise(3) only sends a signal to this process.
    unsafe {
        libc::raise(libc::SIGTSTP);
    }
}

/// The time of the clock `id` (`libc::CLOCK_*`), `None` when it cannot be read.
#[cfg(unix)]
pub(crate) fn clock(id: libc::clockid_t) -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a timespec of ours that clock_gettime fills in.
    if unsafe { libc::clock_gettime(id, &mut ts) } == 0 {
        Some(Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
    } else {
        None
    }
}

//! Outside programs in the arena: each in its own process group, its answers read on a thread with a line cap, every process it left ended.

use super::*;

/// The process groups of the outside programs running now: each program
/// runs in its own group, so that ending the group also ends its children.
pub(super) struct Groups {
    ids: Vec<i32>,
    /// Set on a signal: no program starts after that.
    pub(super) closing: bool,
}

pub(super) static GROUPS: Mutex<Groups> = Mutex::new(Groups {
    ids: Vec::new(),
    closing: false,
});

pub(super) fn groups() -> std::sync::MutexGuard<'static, Groups> {
    GROUPS.lock().unwrap_or_else(|e| e.into_inner())
}

pub(super) fn kill_group(id: i32) {
    crate::sys::signal(-id, libc::SIGKILL);
}

/// The environment variable every outside program (and so every process it
/// starts, in its group or not) carries: this arena's id and the program's.
pub(super) const PROGRAM_MARK: &str = "MASAI_MANCALA_ARENA_PROGRAM";

/// The mark of this arena's programs: `<arena pid>-`, then a number each.
pub(super) fn arena_mark() -> String {
    format!("{}-", std::process::id())
}

/// Numbers the programs of this arena.
pub(super) static PROGRAMS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The processes left by outside programs, found in /proc (Linux): those
/// whose environment carries the mark `mark` (or, when `prefix`, any mark
/// starting with it), and those descending from `root` (a program still
/// running), whatever session or group they moved to (`setsid`).
#[cfg(target_os = "linux")]
pub(super) fn left_by_programs(mark: &str, prefix: bool, root: Option<i32>) -> Vec<i32> {
    let me = std::process::id() as i32;
    let want = format!("{PROGRAM_MARK}={mark}");
    let matches = |var: &[u8]| {
        if prefix {
            var.starts_with(want.as_bytes())
        } else {
            var == want.as_bytes()
        }
    };
    let mut parents: Vec<(i32, i32)> = Vec::new();
    let mut found = Vec::new();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return found;
    };
    for entry in dir.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        else {
            continue;
        };
        if pid == me {
            continue;
        }
        // `pid (name) state ppid ...`: the name may hold spaces and parentheses.
        let ppid = std::fs::read_to_string(entry.path().join("stat"))
            .ok()
            .and_then(|st| {
                st.rsplit_once(')')
                    .and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse::<i32>().ok())
            });
        if let Some(ppid) = ppid {
            parents.push((pid, ppid));
        }
        let marked = std::fs::read(entry.path().join("environ"))
            .is_ok_and(|env| env.split(|&b| b == 0).any(matches));
        if marked {
            found.push(pid);
        }
    }
    if let Some(root) = root {
        // Descendants of `root`, generation by generation.
        let mut frontier = vec![root];
        while !frontier.is_empty() {
            let next: Vec<i32> = parents
                .iter()
                .filter(|(_, ppid)| frontier.contains(ppid))
                .map(|&(pid, _)| pid)
                .filter(|pid| *pid != root && !found.contains(pid))
                .collect();
            found.extend(&next);
            frontier = next;
        }
    }
    found.retain(|&pid| Some(pid) != root);
    found
}

#[cfg(not(target_os = "linux"))]
pub(super) fn left_by_programs(_mark: &str, _prefix: bool, _root: Option<i32>) -> Vec<i32> {
    Vec::new()
}

/// Stops `pids` (SIGSTOP), then whatever `find` turns up that is new, until
/// a look finds nothing new; answers them all. A stopped process forks no
/// more, so a helper that changes its process id every few milliseconds
/// (forking, then ending) is caught however fast it hops: killed one by
/// one, each left a child the list did not have.
pub(super) fn freeze(mut pids: Vec<i32>, mut find: impl FnMut() -> Vec<i32>) -> Vec<i32> {
    let stop = |pids: &[i32]| {
        for &pid in pids {
            crate::sys::signal(pid, libc::SIGSTOP);
        }
    };
    stop(&pids);
    // A bound, for a machine that forks faster than /proc is read.
    for _ in 0..1000 {
        let new: Vec<i32> = find().into_iter().filter(|p| !pids.contains(p)).collect();
        if new.is_empty() {
            break;
        }
        stop(&new);
        pids.extend(new);
    }
    pids
}

/// Kills `pids`, then reaps those the arena adopted (it is their child
/// subreaper), waiting at most a second for them to go.
pub(super) fn kill_and_reap(pids: &[i32]) {
    for &pid in pids {
        crate::sys::signal(pid, libc::SIGKILL);
    }
    let end = Instant::now() + Duration::from_secs(1);
    let mut left: Vec<i32> = pids.to_vec();
    while !left.is_empty() && Instant::now() < end {
        left.retain(|&pid| {
            !crate::sys::reap(pid)
                && Path::new(&format!("/proc/{pid}")).exists()
                && !is_zombie_of_other(pid)
        });
        if !left.is_empty() {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// A dead process another (live) process will reap: nothing left to end.
pub(super) fn is_zombie_of_other(pid: i32) -> bool {
    let me = std::process::id() as i32;
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|st| {
        st.rsplit_once(')').is_some_and(|(_, rest)| {
            let mut f = rest.split_whitespace();
            f.next() == Some("Z") && f.next().and_then(|p| p.parse::<i32>().ok()) != Some(me)
        })
    })
}

/// Ends every process the outside programs of this arena left behind
/// (children that moved to their own session with `setsid` included), and
/// every process the arena adopted, then reaps them. Called when the arena
/// is over and on a signal. Nothing to look for when no outside program
/// ran (random, greedy and the AI start no process): reading /proc cost 2 to
/// 64 million instructions a run, more on a busy machine.
pub fn end_left_processes() {
    if PROGRAMS.load(Ordering::Relaxed) == 0 {
        return;
    }
    // Stopped first, then killed: a helper that keeps changing its process
    // id cannot fork past a look.
    kill_and_reap(&freeze(descendants(), descendants));
}

/// Every process descending from the arena, running programs excepted (on
/// a signal their groups are killed first; what they started is found
/// through them). A program's leftovers are among them: the arena is the
/// child subreaper of its programs (Linux), so what a program left, in its
/// group or not, is adopted by the arena when its parent dies.
pub(super) fn descendants() -> Vec<i32> {
    let me = std::process::id() as i32;
    let programs = groups().ids.clone();
    let parents = parents();
    let mut found: Vec<i32> = Vec::new();
    let mut frontier = vec![me];
    while !frontier.is_empty() {
        let next: Vec<i32> = parents
            .iter()
            .filter(|(pid, ppid)| frontier.contains(ppid) && *pid != me && !found.contains(pid))
            .map(|&(pid, _)| pid)
            .collect();
        found.extend(&next);
        frontier = next;
    }
    found.retain(|pid| !programs.contains(pid));
    found
}

/// Each process and its parent, from /proc (Linux; none elsewhere).
fn parents() -> Vec<(i32, i32)> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.flatten()
        .filter_map(|e| {
            let pid = e.file_name().to_str()?.parse::<i32>().ok()?;
            // `pid (name) state ppid ...`: the name may hold spaces and parentheses.
            let st = std::fs::read_to_string(e.path().join("stat")).ok()?;
            let (_, rest) = st.rsplit_once(')')?;
            let ppid = rest.split_whitespace().nth(1)?.parse::<i32>().ok()?;
            Some((pid, ppid))
        })
        .collect()
}

/// On SIGINT, SIGTERM or SIGHUP, ends every outside program with its whole
/// process group and everything it left, then the arena (status 128 + the
/// signal). A program in its own group gets no Ctrl-C from the terminal, so
/// this is its only end. The arena also becomes the child subreaper of its
/// programs (Linux): a child that left its program's group and session
/// (`setsid`) and outlived its parent is the arena's to end and reap.
pub fn end_programs_on_signals() -> Result<(), ProgramError> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    #[cfg(target_os = "linux")]
    crate::sys::become_subreaper();
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
        .map_err(ProgramError::Signals)?;
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            let mut g = groups();
            g.closing = true;
            for &id in &g.ids {
                kill_group(id);
            }
            drop(g);
            end_left_processes();
            // A save under way ends first; no other starts.
            let _saving = super::save::SAVING
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            std::process::exit(128 + sig);
        }
    });
    Ok(())
}

/// An outside program that cannot be started, or whose answers end its game.
#[derive(Debug, thiserror::Error)]
pub enum ProgramError {
    #[error("signals: {0}")]
    Signals(std::io::Error),
    #[error("the arena is ending")]
    Ending,
    #[error("cannot start {program}: {error}")]
    Start {
        program: String,
        error: std::io::Error,
    },
    #[error("cannot write to the program: {0}")]
    Write(std::io::Error),
    #[error("no answer within {0} ms")]
    NoAnswer(u128),
    #[error("the program ended")]
    Ended,
    /// An answer that is not the protocol's to `command`.
    #[error("answered '{}' to {command}", excerpt(answer))]
    Answered {
        command: &'static str,
        answer: String,
    },
    #[error("the program answered invalid UTF-8")]
    NotUtf8,
    #[error("the program answered a line longer than {MAX_LINE} bytes")]
    LongLine,
}

/// An outside program speaking the engine protocol.
pub(super) struct Program {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Result<String, ProgramError>>,
    /// The value of [`PROGRAM_MARK`] in its environment.
    mark: String,
}

impl Program {
    pub(super) fn start(words: &[String]) -> Result<Program, ProgramError> {
        let mut g = groups();
        if g.closing {
            return Err(ProgramError::Ending);
        }
        let mark = format!(
            "{}{}",
            arena_mark(),
            PROGRAMS.fetch_add(1, Ordering::Relaxed)
        );
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .env(PROGRAM_MARK, &mark)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(|error| ProgramError::Start {
                program: words[0].clone(),
                error,
            })?;
        g.ids.push(child.id() as i32);
        drop(g);
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        // Bounded: a program that floods lines waits instead of filling memory.
        let (tx, lines) = sync_channel(16);
        std::thread::spawn(move || read_lines(stdout, tx));
        Ok(Program {
            child,
            stdin,
            lines,
            mark,
        })
    }

    /// Sends a line and waits for one answer line.
    fn ask(&mut self, line: &str, wait: Duration) -> Result<String, ProgramError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(ProgramError::Write)?;
        match self.lines.recv_timeout(wait) {
            Ok(answer) => answer,
            Err(RecvTimeoutError::Timeout) => Err(ProgramError::NoAnswer(wait.as_millis())),
            Err(RecvTimeoutError::Disconnected) => Err(ProgramError::Ended),
        }
    }

    /// The program's decision: `position` at the turn's start, the decisions
    /// of this turn so far, then `go movetime`.
    pub(super) fn decide(
        &mut self,
        turn_start: &AnyGame,
        so_far: &[String],
        ms: u64,
    ) -> Result<String, ProgramError> {
        let answered = |command, answer| ProgramError::Answered { command, answer };
        let short = Duration::from_millis(5000);
        let pos = turn_start.position_json().to_string();
        let ok = self.ask(&format!("position {pos}"), short)?;
        if ok != "ok" {
            return Err(answered("position", ok));
        }
        if !so_far.is_empty() {
            let ok = self.ask(&format!("moves {}", so_far.join(" ")), short)?;
            if ok != "ok" {
                return Err(answered("moves", ok));
            }
        }
        // Saturating: a huge --think-ms waits as long as asked, never wraps.
        let wait = Duration::from_millis(ms.saturating_mul(2).saturating_add(1000));
        let answer = self.ask(&format!("go movetime {ms}"), wait)?;
        match answer.strip_prefix("bestmove ") {
            Some(tok) if !tok.trim().is_empty() && !tok.trim().contains(' ') => {
                Ok(tok.trim().to_string())
            }
            _ => Err(answered("go", answer)),
        }
    }
}

/// At most 80 characters of a program's answer, control characters escaped.
pub(super) fn excerpt(answer: &str) -> String {
    let mut out: String = answer
        .chars()
        .take(80)
        .flat_map(char::escape_debug)
        .collect();
    if answer.chars().nth(80).is_some() {
        out.push_str("...");
    }
    out
}

/// Reads a program's answers line by line into `tx`, each line at most
/// [`MAX_LINE`] bytes of UTF-8; the first fault is sent as the reason the
/// program loses, and reading stops.
pub(super) fn read_lines(stdout: ChildStdout, tx: SyncSender<Result<String, ProgramError>>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut line = Vec::new();
        let read = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line);
        match read {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let answer = if line.last() == Some(&b'\n') {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            String::from_utf8(line).map_err(|_| ProgramError::NotUtf8)
        } else if line.len() > MAX_LINE {
            Err(ProgramError::LongLine)
        } else {
            // The last line, without a newline before the end.
            String::from_utf8(line).map_err(|_| ProgramError::NotUtf8)
        };
        let fault = answer.is_err();
        if tx.send(answer).is_err() || fault {
            return;
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        std::thread::sleep(Duration::from_millis(10));
        // The whole group, children included; before `wait`, so that the
        // group's id cannot have been reused. Then what left the group
        // (`setsid`): found while the program still runs, so that its
        // descendants are still its own.
        let id = self.child.id() as i32;
        // Stopped first, the group and then what left it: nothing forks
        // while the processes to end are listed.
        crate::sys::signal(-id, libc::SIGSTOP);
        let find = || left_by_programs(&self.mark, false, Some(id));
        let left = freeze(find(), find);
        {
            let mut g = groups();
            kill_group(id);
            g.ids.retain(|&x| x != id);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        kill_and_reap(&left);
    }
}

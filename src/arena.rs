//! The `arena` subcommand: plays two players against each other for a number
//! of games and reports the result from the first player's side.
//!
//! Players are the built-in AI's players (`random`, `greedy`, `easy`,
//! `medium`, `hard`, `expert`) or an outside program speaking the engine
//! protocol (`cmd:PROGRAM ARGS`). Every game starts without a race, South to
//! move; A sits South in even games and North in odd ones. Each pair of games
//! starts from the same seeded random opening (`--opening` turns, 0 for none)
//! so both players get both sides of it.

use crate::ai::{self, Player, Request};
use crate::cli::{new_game, split_words};
use crate::engine::{AnyGame, Game, Outcome, PerSide, Quiet, Side, Status};
use crate::record::{GameRecord, Record, file};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};

/// The longest line an outside program may answer, in bytes (a `bestmove`
/// line is a few bytes): a program that never ends its line loses the game
/// instead of growing the arena's memory.
pub const MAX_LINE: usize = 64 * 1024;

/// The most memory the built-in players' tables (and MCTS trees) of all the
/// games played at once may take, in MiB.
pub const MEMORY_LIMIT_MB: u64 = 4096;

/// Forfeit reasons kept word for word (the first ones by game number); the
/// others are only counted, so that memory stays the same at any `--games`.
pub const FORFEITS_KEPT: usize = 100;

/// Who plays.
#[derive(Clone, Debug)]
pub enum Contender {
    Builtin(Player),
    /// An outside program and its arguments.
    Program(Vec<String>),
}

impl Contender {
    pub fn parse(s: &str) -> Result<Contender, String> {
        if let Some(cmd) = s.strip_prefix("cmd:") {
            let words = split_words(cmd)?;
            if words.is_empty() {
                return Err("cmd: needs a program".into());
            }
            return Ok(Contender::Program(words));
        }
        Player::parse(s)
            .map(Contender::Builtin)
            .ok_or_else(|| format!("unknown player '{s}' ({}, or cmd:PROGRAM)", Player::NAMES))
    }

    pub fn name(&self) -> String {
        match self {
            Contender::Builtin(p) => p.name().into(),
            Contender::Program(w) => format!("cmd:{}", w.join(" ")),
        }
    }

    /// The most memory this player takes while it thinks, in MiB: a level's
    /// table (`hash_mb` or the level's own), MCTS's bounded tree, nothing
    /// for `random`, `greedy` and outside programs (their memory is theirs).
    pub fn memory_mb(&self, hash_mb: Option<usize>) -> u64 {
        match self {
            Contender::Builtin(Player::Level(l)) => hash_mb.unwrap_or(l.hash_mb()) as u64,
            Contender::Builtin(Player::Mcts) => ai::mcts::TREE_MB,
            _ => 0,
        }
    }
}

/// The most games played at once (`--jobs`).
pub const MAX_JOBS: usize = 64;

/// The longest random opening (`--opening`), in turns.
pub const MAX_OPENING: u32 = 1000;

/// The arena's settings.
#[derive(Clone, Debug)]
pub struct Settings {
    /// `new` words for the start position: the game name and its variant flags.
    pub game: Vec<String>,
    pub a: Contender,
    pub b: Contender,
    pub games: u32,
    pub seed: u64,
    /// Think time per decision for both players (built-in levels: overrides
    /// the level's time; programs: the `go movetime`, default 1000).
    pub think_ms: Option<u64>,
    /// Random turns played before the players take over.
    pub opening: u32,
    /// Games played at once (threads).
    pub jobs: usize,
    /// The built-in players' table size (default: the level's own).
    pub hash_mb: Option<usize>,
    /// Where to write the games' records (a file for one game, else a folder).
    pub save: Option<PathBuf>,
    /// The record's variant (the board's options).
    pub variant: Map<String, Value>,
}

/// One finished game, from A's side.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// 1 win, 0.5 draw, 0 loss.
    pub points: f64,
    pub margin: i64,
    pub turns: u32,
    /// Why a player lost without the game ending (illegal move, no answer...).
    pub forfeit: Option<String>,
}

/// Think times of one player.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    pub decisions: u64,
    pub total: Duration,
    pub max: Duration,
}

impl Clock {
    fn add(&mut self, d: Duration) {
        self.decisions += 1;
        self.total += d;
        self.max = self.max.max(d);
    }

    fn merge(&mut self, other: &Clock) {
        self.decisions += other.decisions;
        self.total += other.total;
        self.max = self.max.max(other.max);
    }

    pub fn mean_ms(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.total.as_secs_f64() * 1000.0 / self.decisions as f64
        }
    }
}

/// The summary from A's side: running totals only, so that memory stays the
/// same and each game costs the same at any `--games`.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub margin_sum: i64,
    pub turns_sum: u64,
    pub clock_a: Clock,
    pub clock_b: Clock,
    /// The first [`FORFEITS_KEPT`] forfeit reasons, by game number.
    pub forfeits: BTreeMap<u32, String>,
    /// Every forfeit, kept or not.
    pub forfeit_count: u64,
    /// The CPU time the games took, every thread's (None where unknown).
    pub cpu: Option<Duration>,
}

impl Summary {
    /// Games per second of CPU (issue 12 compares it with the bench's
    /// playouts); None where the CPU time is unknown or too short to tell.
    pub fn games_per_cpu_second(&self) -> Option<f64> {
        let secs = self.cpu?.as_secs_f64();
        (secs > 0.0).then(|| (self.games as f64 / secs).round())
    }

    fn add(&mut self, index: u32, r: &GameResult) {
        self.games += 1;
        if r.points > 0.75 {
            self.wins += 1;
        } else if r.points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
        self.margin_sum += r.margin;
        self.turns_sum += r.turns as u64;
        if let Some(f) = &r.forfeit {
            self.forfeit_count += 1;
            self.forfeits.insert(index, f.clone());
            // Games finish out of order on several threads: keep the first by number.
            if self.forfeits.len() > FORFEITS_KEPT {
                self.forfeits.pop_last();
            }
        }
    }

    /// A's points: 1 a win, 1/2 a draw.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// A's share of the points, 0..1.
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        self.points() / f64::from(self.games)
    }

    /// The Elo difference A - B and its 95% error (from the games' variance).
    /// A perfect score (or zero) is taken as (points + 1/2) / (games + 1) so both stay finite.
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games);
        if self.games == 0 {
            return (0.0, 0.0);
        }
        let sum = self.points();
        let p = if sum <= 0.0 || sum >= n {
            (sum + 0.5) / (n + 1.0)
        } else {
            sum / n
        };
        let elo = -400.0 * (1.0 / p - 1.0).log10();
        // A game scores 1, 1/2 or 0: the variance from the three counts.
        let var = (f64::from(self.wins) * (1.0 - p) * (1.0 - p)
            + f64::from(self.draws) * (0.5 - p) * (0.5 - p)
            + f64::from(self.losses) * p * p)
            / n;
        let se = (var / n).sqrt().max(0.5 / n);
        let slope = 400.0 / (10f64.ln() * p * (1.0 - p));
        (elo, 1.96 * se * slope)
    }

    pub fn to_json(&self, s: &Settings) -> serde_json::Value {
        let (elo, err) = self.elo();
        let n = self.games.max(1) as f64;
        json!({
            "a": s.a.name(),
            "b": s.b.name(),
            "game": s.game.join(" "),
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": self.score(),
            "elo": (elo * 10.0).round() / 10.0,
            "elo_error": (err * 10.0).round() / 10.0,
            "mean_margin": self.margin_sum as f64 / n,
            "mean_turns": self.turns_sum as f64 / n,
            "think_ms": {
                "a": {"mean": self.clock_a.mean_ms(), "max": self.clock_a.max.as_secs_f64() * 1000.0},
                "b": {"mean": self.clock_b.mean_ms(), "max": self.clock_b.max.as_secs_f64() * 1000.0},
            },
            "forfeits": self.forfeits.values().collect::<Vec<_>>(),
            "forfeit_count": self.forfeit_count,
            "cpu_seconds": self.cpu.map(|c| c.as_secs_f64()),
            "games_per_cpu_second": self.games_per_cpu_second(),
            "seed": s.seed,
            "opening": s.opening,
        })
    }

    pub fn text(&self, s: &Settings) -> String {
        let (elo, err) = self.elo();
        let n = self.games.max(1) as f64;
        let mut out = format!(
            "{} vs {} on {}: {} games\n\
             {} wins, {} draws, {} losses for {}: score {:.1}%\n\
             Elo difference {:+.0} ± {:.0} (95%)\n\
             mean score margin {:+.2} seeds, mean {:.1} turns\n\
             think time {}: mean {:.1} ms, max {:.1} ms; {}: mean {:.1} ms, max {:.1} ms",
            s.a.name(),
            s.b.name(),
            s.game.join(" "),
            self.games,
            self.wins,
            self.draws,
            self.losses,
            s.a.name(),
            100.0 * self.score(),
            elo,
            err,
            self.margin_sum as f64 / n,
            self.turns_sum as f64 / n,
            s.a.name(),
            self.clock_a.mean_ms(),
            self.clock_a.max.as_secs_f64() * 1000.0,
            s.b.name(),
            self.clock_b.mean_ms(),
            self.clock_b.max.as_secs_f64() * 1000.0,
        );
        if let Some(cpu) = self.cpu {
            out.push('\n');
            out.push_str(&cpu_line(u64::from(self.games), cpu));
        }
        for f in self.forfeits.values() {
            out.push_str(&format!("\nforfeit: {f}"));
        }
        let more = self
            .forfeit_count
            .saturating_sub(self.forfeits.len() as u64);
        if more > 0 {
            out.push_str(&format!("\n... and {more} more forfeits"));
        }
        out
    }
}

/// The process groups of the outside programs running now: each program
/// runs in its own group, so that ending the group also ends its children.
struct Groups {
    ids: Vec<i32>,
    /// Set on a signal: no program starts after that.
    closing: bool,
}

static GROUPS: Mutex<Groups> = Mutex::new(Groups {
    ids: Vec::new(),
    closing: false,
});

fn groups() -> std::sync::MutexGuard<'static, Groups> {
    GROUPS.lock().unwrap_or_else(|e| e.into_inner())
}

fn kill_group(id: i32) {
    // SAFETY: kill(2) takes plain integers and touches no memory of ours.
    unsafe {
        libc::kill(-id, libc::SIGKILL);
    }
}

/// The environment variable every outside program (and so every process it
/// starts, in its group or not) carries: this arena's id and the program's.
const PROGRAM_MARK: &str = "MASAI_MANCALA_ARENA_PROGRAM";

/// The mark of this arena's programs: `<arena pid>-`, then a number each.
fn arena_mark() -> String {
    format!("{}-", std::process::id())
}

/// Numbers the programs of this arena.
static PROGRAMS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The processes left by outside programs, found in /proc (Linux): those
/// whose environment carries the mark `mark` (or, when `prefix`, any mark
/// starting with it), and those descending from `root` (a program still
/// running), whatever session or group they moved to (`setsid`).
#[cfg(target_os = "linux")]
fn left_by_programs(mark: &str, prefix: bool, root: Option<i32>) -> Vec<i32> {
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
fn left_by_programs(_mark: &str, _prefix: bool, _root: Option<i32>) -> Vec<i32> {
    Vec::new()
}

/// Kills `pids`, then reaps those the arena adopted (it is their child
/// subreaper), waiting at most a second for them to go.
fn kill_and_reap(pids: &[i32]) {
    for &pid in pids {
        // SAFETY: kill(2) takes plain integers and touches no memory of ours.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    }
    let end = Instant::now() + Duration::from_secs(1);
    let mut left: Vec<i32> = pids.to_vec();
    while !left.is_empty() && Instant::now() < end {
        left.retain(|&pid| {
            // SAFETY: waitpid(2) on one pid, with no status wanted.
            let reaped = unsafe { libc::waitpid(pid, std::ptr::null_mut(), libc::WNOHANG) };
            reaped != pid && Path::new(&format!("/proc/{pid}")).exists() && !is_zombie_of_other(pid)
        });
        if !left.is_empty() {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// A dead process another (live) process will reap: nothing left to end.
fn is_zombie_of_other(pid: i32) -> bool {
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
/// is over and on a signal.
pub fn end_left_processes() {
    let mut pids = left_by_programs(&arena_mark(), true, None);
    for pid in adopted() {
        if !pids.contains(&pid) {
            pids.push(pid);
        }
    }
    kill_and_reap(&pids);
}

/// The arena's children that are not running programs: orphans adopted
/// while it is their subreaper (Linux).
fn adopted() -> Vec<i32> {
    let me = std::process::id() as i32;
    let programs = groups().ids.clone();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| !programs.contains(pid))
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|st| {
                st.rsplit_once(')').is_some_and(|(_, rest)| {
                    rest.split_whitespace()
                        .nth(1)
                        .and_then(|p| p.parse::<i32>().ok())
                        == Some(me)
                })
            })
        })
        .collect()
}

/// On SIGINT, SIGTERM or SIGHUP, ends every outside program with its whole
/// process group and everything it left, then the arena (status 128 + the
/// signal). A program in its own group gets no Ctrl-C from the terminal, so
/// this is its only end. The arena also becomes the child subreaper of its
/// programs (Linux): a child that left its program's group and session
/// (`setsid`) and outlived its parent is the arena's to end and reap.
pub fn end_programs_on_signals() -> Result<(), String> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    #[cfg(target_os = "linux")]
    // SAFETY: prctl(2) with plain integers; it only sets a flag of this process.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
        .map_err(|e| format!("signals: {e}"))?;
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            let mut g = groups();
            g.closing = true;
            for &id in &g.ids {
                kill_group(id);
            }
            drop(g);
            end_left_processes();
            std::process::exit(128 + sig);
        }
    });
    Ok(())
}

/// An outside program speaking the engine protocol.
struct Program {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Result<String, String>>,
    /// The value of [`PROGRAM_MARK`] in its environment.
    mark: String,
}

impl Program {
    fn start(words: &[String]) -> Result<Program, String> {
        let mut g = groups();
        if g.closing {
            return Err("the arena is ending".into());
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
            .map_err(|e| format!("cannot start {}: {e}", words[0]))?;
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
    fn ask(&mut self, line: &str, wait: Duration) -> Result<String, String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot write to the program: {e}"))?;
        match self.lines.recv_timeout(wait) {
            Ok(answer) => answer,
            Err(RecvTimeoutError::Timeout) => {
                Err(format!("no answer within {} ms", wait.as_millis()))
            }
            Err(RecvTimeoutError::Disconnected) => Err("the program ended".into()),
        }
    }

    /// The program's decision: `position` at the turn's start, the decisions
    /// of this turn so far, then `go movetime`.
    fn decide(
        &mut self,
        turn_start: &AnyGame,
        so_far: &[String],
        ms: u64,
    ) -> Result<String, String> {
        let short = Duration::from_millis(5000);
        let pos = turn_start.position_json().to_string();
        let ok = self.ask(&format!("position {pos}"), short)?;
        if ok != "ok" {
            return Err(format!("answered '{}' to position", excerpt(&ok)));
        }
        if !so_far.is_empty() {
            let ok = self.ask(&format!("moves {}", so_far.join(" ")), short)?;
            if ok != "ok" {
                return Err(format!("answered '{}' to moves", excerpt(&ok)));
            }
        }
        // Saturating: a huge --think-ms waits as long as asked, never wraps.
        let wait = Duration::from_millis(ms.saturating_mul(2).saturating_add(1000));
        let answer = self.ask(&format!("go movetime {ms}"), wait)?;
        match answer.strip_prefix("bestmove ") {
            Some(tok) if !tok.trim().is_empty() && !tok.trim().contains(' ') => {
                Ok(tok.trim().to_string())
            }
            _ => Err(format!("answered '{}' to go", excerpt(&answer))),
        }
    }
}

/// At most 80 characters of a program's answer, control characters escaped.
fn excerpt(answer: &str) -> String {
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
fn read_lines(stdout: ChildStdout, tx: SyncSender<Result<String, String>>) {
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
            String::from_utf8(line).map_err(|_| "the program answered invalid UTF-8".to_string())
        } else if line.len() > MAX_LINE {
            Err(format!(
                "the program answered a line longer than {MAX_LINE} bytes"
            ))
        } else {
            // The last line, without a newline before the end.
            String::from_utf8(line).map_err(|_| "the program answered invalid UTF-8".to_string())
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
        let left = left_by_programs(&self.mark, false, Some(id));
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

enum Seat {
    Builtin(Player),
    Program(Box<Program>),
}

/// One game as played: its result, both clocks and its record.
struct Played {
    index: u32,
    a_side: Side,
    result: GameResult,
    clock_a: Clock,
    clock_b: Clock,
    /// Every decision's token, kept only for `--save`.
    decisions: Vec<String>,
    end: Status,
}

impl Played {
    /// Game `index` about to be played, A sitting `a_side`, after the
    /// opening's `decisions`.
    fn new(index: u32, a_side: Side, decisions: Vec<String>) -> Played {
        Played {
            index,
            a_side,
            result: GameResult {
                points: 0.5,
                margin: 0,
                turns: 0,
                forfeit: None,
            },
            clock_a: Clock::default(),
            clock_b: Clock::default(),
            decisions,
            end: Status::Playing,
        }
    }
}

/// Plays the whole arena on `jobs` threads. After each game, `progress`
/// gets the summary so far and the game's progress line (written out only
/// if it is shown); when it answers `false` (its output is closed) no new game
/// starts and `run` answers `None`. The result does not depend on `jobs`:
/// every game's opening and players' seeds come from its number.
pub fn run(
    s: &Settings,
    progress: impl FnMut(&Summary, &ProgressLine<'_>) -> bool + Send,
) -> Result<Option<Summary>, String> {
    if s.games == 0 {
        return Err("--games: must be at least 1".into());
    }
    let start = new_game(&s.game).map_err(|e| e.to_string())?;
    let jobs = s.jobs.clamp(1, MAX_JOBS).min(s.games as usize);
    // Refused before any game is played, not after.
    check_memory(s, jobs)?;
    check_save(s)?;
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    // Each thread adds its game to the running totals itself: no queue of
    // results, and no hand-over between threads at every game.
    let tally = Mutex::new(Tally {
        summary: Summary::default(),
        progress,
        first_error: None,
        closed: false,
    });
    let cpu_at_start = cpu_time();
    let work = || {
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= s.games {
                break;
            }
            let played = play_game(s, &start, i).and_then(|p| match &s.save {
                Some(path) => save_game(s, &start, &p, path).map(|()| p),
                None => Ok(p),
            });
            let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
            match played {
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    t.first_error.get_or_insert(e);
                }
                Ok(p) if t.first_error.is_none() && !t.closed => {
                    if !t.add(s, &p) {
                        t.closed = true;
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Ok(_) => {}
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..jobs {
            scope.spawn(work);
        }
        work();
    });
    let mut t = tally.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = t.first_error {
        return Err(e);
    }
    if let (Some(before), Some(now)) = (cpu_at_start, cpu_time()) {
        t.summary.cpu = Some(now.saturating_sub(before));
    }
    Ok((!t.closed).then_some(t.summary))
}

/// The running totals and where progress goes.
struct Tally<P> {
    summary: Summary,
    progress: P,
    first_error: Option<String>,
    closed: bool,
}

impl<P: FnMut(&Summary, &ProgressLine<'_>) -> bool> Tally<P> {
    /// Adds game `p` and reports it; `false` when progress can no longer be shown.
    fn add(&mut self, s: &Settings, p: &Played) -> bool {
        let r = &p.result;
        self.summary.add(p.index, r);
        self.summary.clock_a.merge(&p.clock_a);
        self.summary.clock_b.merge(&p.clock_b);
        let summary = &self.summary;
        (self.progress)(summary, &ProgressLine { s, summary, p })
    }
}
/// The built-in players' tables of the games played at once must fit in
/// [`MEMORY_LIMIT_MB`]. A game thinks for one player at a time, so a game
/// takes the larger of its two players' tables.
fn check_memory(s: &Settings, jobs: usize) -> Result<(), String> {
    let per_game = s.a.memory_mb(s.hash_mb).max(s.b.memory_mb(s.hash_mb));
    let total = per_game.saturating_mul(jobs as u64);
    if total <= MEMORY_LIMIT_MB {
        return Ok(());
    }
    let hash = match s.hash_mb {
        Some(mb) => format!("--hash-mb {mb}"),
        None => format!("the players' own tables ({per_game} MiB)"),
    };
    Err(format!(
        "--jobs {jobs} with {hash} needs {total} MiB of tables at once, \
         over the arena's limit of {MEMORY_LIMIT_MB} MiB: lower --jobs or --hash-mb"
    ))
}

/// Every file `--save` will write may be written: checked before the first
/// game, so that an arena never plays for hours and then fails to save.
fn check_save(s: &Settings) -> Result<(), String> {
    let Some(path) = &s.save else {
        return Ok(());
    };
    let dir = if s.games > 1 {
        std::fs::create_dir_all(path)
            .map_err(|e| format!("--save: cannot make the folder {}: {e}", path.display()))?;
        for i in 0..s.games {
            file::check_target(&game_file(s, path, i), false)
                .map_err(|e| format!("--save: {e}"))?;
        }
        path.clone()
    } else {
        file::check_target(path, false).map_err(|e| format!("--save: {e}"))?;
        match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        }
    };
    // A file made and removed again proves the folder takes new files.
    let probe = dir.join(format!(".masai-mancala-arena-{}.probe", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|e| format!("--save: cannot write in the folder {}: {e}", dir.display()))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// A game's progress line: `[#####.....] 12/40 game 12: hard as north win
/// (+6 seeds, 30 turns); so far +8 =1 -3, Elo +109 ± 182`.
pub struct ProgressLine<'a> {
    s: &'a Settings,
    summary: &'a Summary,
    p: &'a Played,
}

impl fmt::Display for ProgressLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = String::with_capacity(160);
        self.push_to(&mut line);
        f.write_str(&line)
    }
}

impl ProgressLine<'_> {
    /// Appends the line to `line` piece by piece: through `write!`, each of
    /// its twenty pieces and eight numbers cost a random game's tenth (a
    /// line a game off a terminal), and a buffer kept by the caller saves
    /// an allocation a game.
    pub fn push_to(&self, line: &mut String) {
        const WIDTH: u64 = 20;
        let (s, summary, p) = (self.s, self.summary, self.p);
        let r = &p.result;
        let (done, all) = (summary.games, s.games);
        let full = (u64::from(done) * WIDTH)
            .checked_div(u64::from(all))
            .unwrap_or(WIDTH)
            .min(WIDTH) as usize;
        let bar = "####################....................";
        let what = match r.points {
            x if x > 0.75 => "win",
            x if x < 0.25 => "loss",
            _ => "draw",
        };
        let name = match &s.a {
            Contender::Builtin(player) => player.name().into(),
            program => std::borrow::Cow::Owned(program.name()),
        };
        line.push('[');
        line.push_str(&bar[20 - full..40 - full]);
        line.push_str("] ");
        push_number(line, done.into());
        line.push('/');
        push_number(line, all.into());
        line.push_str(" game ");
        push_number(line, p.index as u64 + 1);
        line.push_str(": ");
        line.push_str(&name);
        line.push_str(" as ");
        line.push_str(p.a_side.name());
        line.push(' ');
        line.push_str(what);
        line.push_str(" (");
        line.push(if r.margin < 0 { '-' } else { '+' });
        push_number(line, r.margin.unsigned_abs());
        line.push_str(" seeds, ");
        push_number(line, r.turns.into());
        line.push_str(" turns)");
        if let Some(forfeit) = &r.forfeit {
            line.push_str(": ");
            line.push_str(forfeit);
        }
        let (elo, err) = summary.elo();
        line.push_str("; so far +");
        push_number(line, summary.wins.into());
        line.push_str(" =");
        push_number(line, summary.draws.into());
        line.push_str(" -");
        push_number(line, summary.losses.into());
        line.push_str(", Elo ");
        line.push(if elo.is_sign_negative() { '-' } else { '+' });
        push_number(line, whole(elo.abs()));
        line.push_str(" ± ");
        push_number(line, whole(err));
    }
}

/// Appends `n` in decimal, as `{}` writes it (itoa: two digits a step, no
/// per-character push).
fn push_number(line: &mut String, n: u64) {
    line.push_str(itoa::Buffer::new().format(n));
}

/// `{:.0}` of a finite `x >= 0` (ties to even, as `{:.0}` rounds), written
/// as an integer: a game's line costs less than a float's formatting.
fn whole(x: f64) -> u64 {
    x.round_ties_even() as u64
}

/// Plays the `random` player's decision: the same draw as `ai::choose` makes
/// for the same seed, sown once. The token when `token`.
fn play_random(game: &mut AnyGame, seed: u64, token: bool) -> Option<Option<String>> {
    fn go<G: Game>(g: &mut G, seed: u64, token: bool) -> Option<Option<String>> {
        let d = g.play_random(&mut DecisionRng::new(seed), &mut Quiet)?;
        Some(token.then(|| d.to_string()))
    }
    match game {
        AnyGame::Enkeshui(g) => go(g, seed, token),
        AnyGame::EnGehe(g) => go(g, seed, token),
        AnyGame::BaoLaKimasai(g) => go(g, seed, token),
    }
}

/// Plays game `i`: its seeded random opening, then the players.
fn play_game(s: &Settings, start: &AnyGame, i: u32) -> Result<Played, String> {
    let a_side = if i.is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    };
    let keep = s.save.is_some();
    let mut opening_rng =
        SmallRng::seed_from_u64(s.seed ^ (i as u64 / 2).wrapping_mul(0x9e37_79b9));
    let mut game = start.clone();
    let mut decisions = Vec::new();
    let mut turns_played = 0;
    while turns_played < s.opening && game.status() == Status::Playing {
        let mover = game.to_move();
        let Some(token) = play_random(&mut game, opening_rng.random(), keep) else {
            break;
        };
        decisions.extend(token);
        if game.to_move() != mover {
            turns_played += 1;
        }
    }
    let mut played = Played::new(i, a_side, decisions);
    let random = |c: &Contender| matches!(c, Contender::Builtin(Player::Random));
    if random(&s.a) && random(&s.b) && !keep {
        match &mut game {
            AnyGame::Enkeshui(g) => random_against_random(s, g, &mut played),
            AnyGame::EnGehe(g) => random_against_random(s, g, &mut played),
            AnyGame::BaoLaKimasai(g) => random_against_random(s, g, &mut played),
        }
    } else {
        play_one(s, &mut game, &mut played)?;
    }
    played.end = game.status();
    Ok(played)
}

/// Game `i`'s file in the folder `path` (several games), or `path` itself.
fn game_file(s: &Settings, path: &Path, i: u32) -> PathBuf {
    if s.games > 1 {
        let width = s.games.to_string().len().max(3);
        path.join(format!("game-{:0width$}.json", i as u64 + 1))
    } else {
        path.to_path_buf()
    }
}

/// Writes game `p`'s record: the file `path` for a one-game arena, else
/// `path/game-NNN.json`.
fn save_game(s: &Settings, start: &AnyGame, p: &Played, path: &Path) -> Result<(), String> {
    let file = game_file(s, path, p.index);
    let seat = |side: Side| {
        let c = if side == p.a_side { &s.a } else { &s.b };
        format!("ai:{}", c.name())
    };
    let record = Record {
        game: start.kind(),
        variant: s.variant.clone(),
        rules: start
            .position_json()
            .get("rules")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default(),
        seats: PerSide::new(seat(Side::South), seat(Side::North)),
        options: Map::new(),
        games: vec![GameRecord {
            start: start.position_json(),
            race: None,
            decisions: p.decisions.clone(),
            result: match p.end {
                Status::Over(o) => Some(o),
                Status::Playing => None,
            },
        }],
    };
    file::save(&file, &record, false).map_err(|e| format!("--save: {e}"))
}

/// `play_one` for `random` against `random` with no record: the same games
/// and clocks, in the game's own type (no dispatch, no tokens), timed in
/// whole nanoseconds of the coarse clock where there is one.
fn random_against_random<G: Game>(s: &Settings, game: &mut G, p: &mut Played) {
    let (a_side, index) = (p.a_side, p.index);
    let first_turn = game.turn();
    let base = Instant::now();
    let coarse = coarse_nanos().is_some();
    let now = || match coarse.then(coarse_nanos).flatten() {
        Some(t) => t,
        None => base.elapsed().as_nanos() as u64,
    };
    let mut spent = PerSide::new(Nanos::default(), Nanos::default());
    let mut ply = 0u64;
    let mut started = now();
    let end = loop {
        let mover = game.to_move();
        if let Status::Over(o) = game.status() {
            break result_of(&o, a_side, game.turn() - first_turn);
        }
        let seed = decision_seed(s, index, ply);
        let played = game.play_random(&mut DecisionRng::new(seed), &mut Quiet);
        let t = now();
        spent[mover].add(t.saturating_sub(started));
        started = t;
        if played.is_none() {
            break forfeit(s, p, mover, game.turn() - first_turn, "no decision");
        }
        ply += 1;
    };
    p.result = end;
    spent[a_side].add_to(&mut p.clock_a);
    spent[a_side.other()].add_to(&mut p.clock_b);
}

/// The seed of game `index`'s decision number `ply` (after the opening).
fn decision_seed(s: &Settings, index: u32, ply: u64) -> u64 {
    s.seed ^ (index as u64) << 32 ^ ply.wrapping_mul(0x2545_f491)
}

/// One side's think time in nanoseconds, kept as integers while a game is played.
#[derive(Clone, Copy, Default)]
struct Nanos {
    decisions: u64,
    total: u64,
    max: u64,
}

impl Nanos {
    fn add(&mut self, ns: u64) {
        self.decisions += 1;
        self.total = self.total.saturating_add(ns);
        self.max = self.max.max(ns);
    }

    fn add_to(&self, clock: &mut Clock) {
        clock.merge(&Clock {
            decisions: self.decisions,
            total: Duration::from_nanos(self.total),
            max: Duration::from_nanos(self.max),
        });
    }
}

/// The draws of `SmallRng::seed_from_u64(seed)` (xoshiro256++ seeded by
/// SplitMix64), seeded lazily: a random decision mostly draws once, and the
/// first draw needs only two of the four state words.
struct DecisionRng {
    seed: u64,
    /// Draws so far, up to 2; the state once past the first.
    drawn: u8,
    state: [u64; 4],
}

impl DecisionRng {
    const PHI: u64 = 0x9e37_79b9_7f4a_7c15;

    #[inline]
    fn new(seed: u64) -> DecisionRng {
        DecisionRng {
            seed,
            drawn: 0,
            state: [0; 4],
        }
    }

    /// SplitMix64's `k`th output (from 1) for this seed.
    #[inline]
    fn word(&self, k: u64) -> u64 {
        let mut z = self.seed.wrapping_add(Self::PHI.wrapping_mul(k));
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    #[inline]
    fn step(s: &mut [u64; 4]) -> u64 {
        let out = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        out
    }
}

impl rand::RngCore for DecisionRng {
    #[inline]
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    #[inline]
    fn next_u64(&mut self) -> u64 {
        match self.drawn {
            0 => {
                self.drawn = 1;
                let (s0, s3) = (self.word(1), self.word(4));
                s0.wrapping_add(s3).rotate_left(23).wrapping_add(s0)
            }
            1 => {
                self.drawn = 2;
                self.state = [self.word(1), self.word(2), self.word(3), self.word(4)];
                Self::step(&mut self.state);
                Self::step(&mut self.state)
            }
            _ => Self::step(&mut self.state),
        }
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        rand::rand_core::impls::fill_bytes_via_next(self, dst)
    }
}

fn seat_of(c: &Contender) -> Result<Seat, String> {
    Ok(match c {
        Contender::Builtin(p) => Seat::Builtin(*p),
        Contender::Program(w) => Seat::Program(Box::new(Program::start(w)?)),
    })
}

fn play_one(s: &Settings, game: &mut AnyGame, p: &mut Played) -> Result<(), String> {
    let (a_side, index) = (p.a_side, p.index);
    let mut seat_a = seat_of(&s.a)?;
    let mut seat_b = seat_of(&s.b)?;
    let first_turn = game.turn();
    // Only outside programs need the turn's start and its decisions so far,
    // and only a record needs every token: random play allocates nothing.
    let programs = matches!(seat_a, Seat::Program(_)) || matches!(seat_b, Seat::Program(_));
    let keep = s.save.is_some();
    let mut turn_start = programs.then(|| game.clone());
    let mut so_far: Vec<String> = Vec::new();
    let mut ply = 0u64;
    let mut last_coarse = None;
    loop {
        if let Status::Over(o) = game.status() {
            p.result = result_of(&o, a_side, game.turn() - first_turn);
            return Ok(());
        }
        let mover = game.to_move();
        let is_a = mover == a_side;
        let seat = if is_a { &mut seat_a } else { &mut seat_b };
        let seed = decision_seed(s, index, ply);
        let random = matches!(seat, Seat::Builtin(Player::Random));
        // Random decisions in a row share a reading: one ends as the next starts.
        let started = match last_coarse.take() {
            Some(t) if random => Tick::Coarse(t),
            _ => Tick::now(random),
        };
        let result = match seat {
            Seat::Builtin(Player::Random) => {
                play_random(game, seed, keep || programs).ok_or_else(|| "no decision".to_string())
            }
            Seat::Builtin(player) => {
                let mut req = Request::new(*player, seed);
                req.think_ms = s.think_ms;
                req.hash_mb = s.hash_mb;
                ai::choose_token(game, &req)
                    .map(|c| c.decision)
                    .ok_or_else(|| "no decision".to_string())
                    .and_then(|tok| play_token(game, tok))
            }
            Seat::Program(prog) => {
                let start = turn_start.as_ref().expect("kept for programs");
                prog.decide(start, &so_far, s.think_ms.unwrap_or(1000))
                    .and_then(|tok| play_token(game, tok))
            }
        };
        let clock = if is_a { &mut p.clock_a } else { &mut p.clock_b };
        let (spent, now) = started.elapsed();
        clock.add(spent);
        last_coarse = now;
        match result {
            Ok(tok) => {
                if let Some(tok) = tok {
                    if programs {
                        if game.to_move() == mover && game.status() == Status::Playing {
                            so_far.push(tok.clone());
                        } else {
                            so_far.clear();
                            turn_start = Some(game.clone());
                        }
                    }
                    if keep {
                        p.decisions.push(tok);
                    }
                }
            }
            Err(reason) => {
                p.result = forfeit(s, p, mover, game.turn() - first_turn, &reason);
                return Ok(());
            }
        }
        ply += 1;
    }
}

/// A finished game's result from A's side.
fn result_of(o: &Outcome, a_side: Side, turns: u32) -> GameResult {
    let a = o.score[a_side] as i64;
    let b = o.score[a_side.other()] as i64;
    let points = match o.winner {
        Some(w) if w == a_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    GameResult {
        points,
        margin: a - b,
        turns,
        forfeit: None,
    }
}

/// The result when `mover` loses game `p` without it ending, for `reason`.
fn forfeit(s: &Settings, p: &Played, mover: Side, turns: u32, reason: &str) -> GameResult {
    let is_a = mover == p.a_side;
    let name = if is_a { s.a.name() } else { s.b.name() };
    GameResult {
        points: if is_a { 0.0 } else { 1.0 },
        margin: 0,
        turns,
        forfeit: Some(format!(
            "game {}: {name} ({mover}) lost: {reason}",
            p.index as u64 + 1
        )),
    }
}

/// When a decision started. A random decision takes a few microseconds,
/// about as long as ten readings of the precise clock, so it is timed with
/// the kernel's coarse clock (a reading costs nanoseconds, it moves in steps
/// of a few ms): a decision shows as 0 or one step, and the mean over many
/// decisions stays right, as does any long decision (an endless sowing
/// being decided) to within a step.
enum Tick {
    Fine(Instant),
    Coarse(Duration),
}

impl Tick {
    fn now(coarse: bool) -> Tick {
        match coarse.then(coarse_clock).flatten() {
            Some(t) => Tick::Coarse(t),
            None => Tick::Fine(Instant::now()),
        }
    }

    /// The time since, and the coarse clock's reading now (if it is coarse).
    fn elapsed(&self) -> (Duration, Option<Duration>) {
        match self {
            Tick::Fine(t) => (t.elapsed(), None),
            Tick::Coarse(t) => match coarse_clock() {
                Some(now) => (now.saturating_sub(*t), Some(now)),
                None => (Duration::ZERO, None),
            },
        }
    }
}

/// The CPU time this process has used so far, every thread's (Unix; `None`
/// elsewhere): the arena and the bench report games per CPU-second, which a
/// loaded machine blurs less than games per second.
pub fn cpu_time() -> Option<Duration> {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a timespec of ours that clock_gettime fills in.
        if unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) } == 0 {
            return Some(Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32));
        }
    }
    None
}

/// "CPU: 2000 games in 0.031 s, 64,516 a CPU-second" (the summary's last line).
pub fn cpu_line(games: u64, cpu: Duration) -> String {
    let secs = cpu.as_secs_f64();
    let rate = if secs > 0.0 {
        format!(
            ", {} a CPU-second",
            crate::out::thousands((games as f64 / secs).round() as u64)
        )
    } else {
        String::new()
    };
    format!("CPU: {games} games in {secs:.3} s{rate}")
}

/// The kernel's coarse monotonic clock (Linux), `None` elsewhere.
fn coarse_clock() -> Option<Duration> {
    coarse_nanos().map(Duration::from_nanos)
}

/// The kernel's coarse monotonic clock in nanoseconds (Linux), `None` elsewhere.
fn coarse_nanos() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a timespec of ours that clock_gettime fills in.
        if unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC_COARSE, &mut ts) } == 0 {
            return Some((ts.tv_sec as u64).saturating_mul(1_000_000_000) + ts.tv_nsec as u64);
        }
    }
    None
}

/// Plays a chosen token; the token back, for the record and the programs.
fn play_token(game: &mut AnyGame, tok: String) -> Result<Option<String>, String> {
    match game.play_token(&tok, &mut Quiet) {
        Ok(()) => Ok(Some(tok)),
        Err(e) => Err(format!("illegal decision '{}': {e}", excerpt(&tok))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_written_as_the_float_format_writes_them() {
        for x in [
            0.0,
            0.3,
            0.5,
            1.5,
            2.5,
            2.4999,
            12.5,
            190.8,
            908.0,
            1e6 + 0.5,
            38.6,
        ] {
            assert_eq!(whole(x).to_string(), format!("{x:.0}"), "{x}");
        }
        let mut s = Summary::default();
        for (w, d, l) in [(0, 0, 1), (1, 1, 1), (5, 0, 3), (3, 10, 4), (0, 3, 0)] {
            (s.games, s.wins, s.draws, s.losses) = (w + d + l, w, d, l);
            let (elo, err) = s.elo();
            let sign = if elo.is_sign_negative() { '-' } else { '+' };
            assert_eq!(
                format!("{sign}{} ± {}", whole(elo.abs()), whole(err)),
                format!("{elo:+.0} ± {err:.0}")
            );
        }
    }

    /// The progress line, written piece by piece, reads as the `write!`
    /// it replaced: bar, counts, signed margins (zero as +0), a forfeit,
    /// the Elo's sign.
    #[test]
    fn the_progress_line_reads_as_its_format_string() {
        let mut s = Settings {
            game: vec!["enkeshui".into()],
            a: Contender::Builtin(Player::Random),
            b: Contender::Builtin(Player::Random),
            games: 40,
            seed: 1,
            think_ms: None,
            opening: 1,
            jobs: 1,
            hash_mb: None,
            save: None,
            variant: Map::new(),
        };
        let mut summary = Summary::default();
        let cases = [
            (0u32, Side::South, 1.0, 6i64, 30u32, None),
            (
                11,
                Side::North,
                0.0,
                -12,
                101,
                Some("game 12: random (north) lost: x"),
            ),
            (39, Side::South, 0.5, 0, 1000, None),
            (4_000_000_000, Side::North, 0.0, i64::MIN, u32::MAX, None),
        ];
        for (k, (index, a_side, points, margin, turns, forfeit)) in cases.into_iter().enumerate() {
            if k == 3 {
                s.games = u32::MAX;
                s.a = Contender::Program(vec!["./other".into(), "--flag".into()]);
            }
            let mut p = Played::new(index, a_side, Vec::new());
            p.result = GameResult {
                points,
                margin,
                turns,
                forfeit: forfeit.map(String::from),
            };
            summary.add(p.index, &p.result);
            let line = ProgressLine {
                s: &s,
                summary: &summary,
                p: &p,
            }
            .to_string();
            let full = (u64::from(summary.games) * 20 / u64::from(s.games)).min(20) as usize;
            let bar = "####################....................";
            let what = ["loss", "draw", "win"][(points * 2.0) as usize];
            let (elo, err) = summary.elo();
            let mut expected = format!(
                "[{}] {}/{} game {}: {} as {a_side} {what} ({margin:+} seeds, {turns} turns)",
                &bar[20 - full..40 - full],
                summary.games,
                s.games,
                index as u64 + 1,
                s.a.name(),
            );
            if let Some(f) = forfeit {
                expected += &format!(": {f}");
            }
            expected += &format!(
                "; so far +{} ={} -{}, Elo {elo:+.0} ± {err:.0}",
                summary.wins, summary.draws, summary.losses
            );
            assert_eq!(line, expected);
        }
    }

    /// The arena's lazily seeded generator draws exactly what
    /// `SmallRng::seed_from_u64` draws, whichever way it is asked: the
    /// `random` player's games stay the same for a seed.
    #[test]
    fn the_decision_generator_draws_as_small_rng_does() {
        use rand::RngCore;
        let mut seeds = SmallRng::seed_from_u64(99);
        for i in 0..2000u64 {
            let seed = match i {
                0 => 0,
                1 => u64::MAX,
                _ => seeds.next_u64(),
            };
            let (mut ours, mut theirs) = (DecisionRng::new(seed), SmallRng::seed_from_u64(seed));
            for k in 0..6 {
                match (i + k) % 3 {
                    0 => assert_eq!(ours.next_u64(), theirs.next_u64(), "seed {seed} draw {k}"),
                    1 => assert_eq!(ours.next_u32(), theirs.next_u32(), "seed {seed} draw {k}"),
                    _ => {
                        let (mut a, mut b) = ([0u8; 13], [0u8; 13]);
                        ours.fill_bytes(&mut a);
                        theirs.fill_bytes(&mut b);
                        assert_eq!(a, b, "seed {seed} draw {k}");
                    }
                }
            }
            let n = (seed % 40 + 1) as usize;
            assert_eq!(
                DecisionRng::new(seed).random_range(0..n),
                SmallRng::seed_from_u64(seed).random_range(0..n)
            );
        }
    }

    /// Random against random without a record takes its own loop; it plays
    /// the same games, decision for decision, as the general one.
    #[test]
    fn random_against_random_plays_what_the_general_loop_plays() {
        for words in [
            "enkeshui --holes 8",
            "enkeshui --holes 12",
            "en-gehe --holes 40",
            "bao",
        ] {
            let s = Settings {
                game: words.split(' ').map(String::from).collect(),
                a: Contender::Builtin(Player::Random),
                b: Contender::Builtin(Player::Random),
                games: 20,
                seed: 5,
                think_ms: None,
                opening: 1,
                jobs: 1,
                hash_mb: None,
                save: None,
                variant: Map::new(),
            };
            let start = new_game(&s.game).unwrap();
            for i in 0..20 {
                let fast = play_game(&s, &start, i).unwrap();
                let mut general = Played::new(i, fast.a_side, Vec::new());
                let mut game = start.clone();
                let mut rng =
                    SmallRng::seed_from_u64(s.seed ^ (i as u64 / 2).wrapping_mul(0x9e37_79b9));
                play_random(&mut game, rng.random(), false).unwrap();
                play_one(&s, &mut game, &mut general).unwrap();
                let r = (&fast.result, &general.result);
                assert_eq!(
                    (r.0.points, r.0.margin, r.0.turns, &r.0.forfeit),
                    (r.1.points, r.1.margin, r.1.turns, &r.1.forfeit),
                    "{words} game {i}"
                );
                assert_eq!(fast.end, game.status(), "{words} game {i}");
                assert_eq!(
                    (fast.clock_a.decisions, fast.clock_b.decisions),
                    (general.clock_a.decisions, general.clock_b.decisions),
                    "{words} game {i}"
                );
            }
        }
    }
}

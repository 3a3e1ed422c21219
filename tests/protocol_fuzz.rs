//! A fuzz test of the `engine` protocol: random and mutated lines and
//! positions for all three games, in process (every line checked) and through
//! the binary (one answer line per input line).
//!
//! Checked for every line: exactly one answer line, no panic, no hang (a
//! watchdog stops a line after 0.3 s as a user would, and fails the test if the
//! stop is not honoured within 5 s more), no raw control character, a short
//! error, a refused line leaves `state` unchanged, and every `state` at a
//! turn boundary loads back (`position`) as itself.
//!
//! The suite runs `FUZZ_LINES` lines (default 2,500) from `FUZZ_SEED`
//! (default 1). The longer run of docs/testing.md:
//! `FUZZ_LINES=200000 FUZZ_SEED=7 FUZZ_BINARY_LINES=20000 cargo test --release --test protocol_fuzz -- --nocapture`.

use masai_mancala::engine::SeededRng;
use masai_mancala::protocol::{Reply, Session};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A line running this long is stopped, as a user would (short, so that
/// the suite stays fast).
const STOP_AFTER: Duration = Duration::from_millis(300);
/// A stopped line still running this long after the stop is a hang.
const HANG_AFTER: Duration = Duration::from_secs(5);

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

const GAMES: [&str; 3] = ["enkeshui", "en-gehe", "bao-la-kimasai"];

/// Numbers a hostile user tries.
const NUMBERS: [&str; 16] = [
    "0",
    "1",
    "-1",
    "2",
    "3",
    "7",
    "40",
    "255",
    "65536",
    "4294967295",
    "4294967296",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "1e9",
    "0x10",
];

/// Odd pieces of text: control characters, quotes, escapes, other scripts.
const JUNK: [&str; 14] = [
    "\u{1b}[2J",
    "\u{7}",
    "\u{0}",
    "\u{9b}31m",
    "\u{202e}",
    "\"",
    "'",
    "\\",
    "{",
    "]",
    "é",
    "🐄",
    "\r",
    "\t",
];

struct Fuzzer {
    rng: SeededRng,
    /// Positions seen in `state` answers (all three games), to mutate.
    pool: Vec<Value>,
    /// The last `legal` answer's tokens.
    legal: Vec<String>,
}

impl Fuzzer {
    fn number(&mut self) -> String {
        if self.rng.random_bool(0.5) {
            NUMBERS.choose(&mut self.rng).unwrap().to_string()
        } else {
            self.rng.random_range(0..60u32).to_string()
        }
    }

    fn junk(&mut self) -> String {
        let n = self.rng.random_range(1..6);
        (0..n)
            .map(|_| match self.rng.random_range(0..3) {
                0 => JUNK.choose(&mut self.rng).unwrap().to_string(),
                1 => self.number(),
                _ => char::from_u32(self.rng.random_range(0..0x3000))
                    .unwrap_or('x')
                    .to_string(),
            })
            .collect()
    }

    fn new_line(&mut self) -> String {
        let mut words = vec![
            "new".to_string(),
            if self.rng.random_bool(0.9) {
                GAMES.choose(&mut self.rng).unwrap().to_string()
            } else {
                self.junk()
            },
        ];
        for _ in 0..self.rng.random_range(0..4) {
            let w = match self.rng.random_range(0..11) {
                0 => format!("--holes {}", self.rng.random_range(3..14)),
                1 => format!("--holes {}", self.number()),
                2 => "--first north".into(),
                3 => format!("--max-turns {}", self.number()),
                4 => format!(
                    "--layout {}",
                    [
                        "8-left-empty",
                        "12-alternate",
                        "\"4 4 4 4 4 4 0 0\"",
                        "\"-4 4\""
                    ]
                    .choose(&mut self.rng)
                    .unwrap()
                ),
                5 => "--special-move once".into(),
                6 => "--capture-after-relay".into(),
                7 => "--race quick".into(),
                8 => format!(
                    "--position {}",
                    ["/dev/zero", "/dev/stdin", "x.json"]
                        .choose(&mut self.rng)
                        .unwrap()
                ),
                9 => format!("--{}", self.junk()),
                _ => self.junk(),
            };
            words.push(w);
        }
        words.join(" ")
    }

    /// A position from the pool, mutated or not.
    fn position_line(&mut self) -> String {
        let mut v = self.pool.choose(&mut self.rng).unwrap().clone();
        for _ in 0..self.rng.random_range(0..3) {
            self.mutate(&mut v, 0);
        }
        let mut text = v.to_string();
        if self.rng.random_bool(0.1) {
            // Truncated JSON, cut at a character boundary.
            let cut = self.rng.random_range(0..text.len().max(1));
            let cut = (0..=cut)
                .rev()
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0);
            text.truncate(cut);
        }
        format!("position {text}")
    }

    fn mutate(&mut self, v: &mut Value, depth: u32) {
        match v {
            Value::Object(o) if !o.is_empty() => {
                let keys: Vec<String> = o.keys().cloned().collect();
                let key = keys.choose(&mut self.rng).unwrap().clone();
                match self.rng.random_range(0..6) {
                    0 => {
                        o.remove(&key);
                    }
                    1 => {
                        o.insert(self.junk(), json!(1));
                    }
                    _ => self.mutate(o.get_mut(&key).unwrap(), depth + 1),
                }
            }
            Value::Array(a) if !a.is_empty() => match self.rng.random_range(0..6) {
                0 => {
                    a.pop();
                }
                1 => a.push(json!(4)),
                _ => {
                    let i = self.rng.random_range(0..a.len());
                    self.mutate(&mut a[i], depth + 1);
                }
            },
            Value::Number(_) => {
                *v = match self.rng.random_range(0..7) {
                    0 => json!(self.rng.random_range(0..70u64)),
                    1 => json!(u64::MAX),
                    2 => json!(4294967296u64),
                    3 => json!(-1),
                    4 => json!(2.5),
                    5 => json!(1u64 << 63),
                    _ => json!(32767),
                }
            }
            Value::String(_) => {
                *v = match self.rng.random_range(0..4) {
                    0 => json!(self.junk()),
                    1 => json!(
                        ["south", "north", "enkeshui", "en-gehe", "bao-la-kimasai"]
                            .choose(&mut self.rng)
                            .unwrap()
                    ),
                    2 => json!(null),
                    _ => json!("x".repeat(self.rng.random_range(0..200))),
                }
            }
            _ => {
                if depth > 0 {
                    *v = json!(self.junk());
                }
            }
        }
    }

    fn moves_line(&mut self) -> String {
        let mut line = String::from("moves");
        for _ in 0..self.rng.random_range(0..4) {
            let tok = match self.rng.random_range(0..10) {
                0..6 if !self.legal.is_empty() => self.legal.choose(&mut self.rng).unwrap().clone(),
                6 => [
                    "+8",
                    "08",
                    "-1",
                    "cw",
                    "ccw",
                    "special",
                    "x3,4=8,0,0,0,0,0,0,0",
                    "i1",
                    "o9",
                ]
                .choose(&mut self.rng)
                .unwrap()
                .to_string(),
                7 => self.number(),
                _ => self.junk(),
            };
            line.push(' ');
            line.push_str(&tok);
        }
        line
    }

    fn go_line(&mut self) -> String {
        let mut line = String::from("go");
        let level = [
            "random", "greedy", "easy", "medium", "hard", "expert", "mcts", "bogus",
        ]
        .choose(&mut self.rng)
        .unwrap();
        line.push_str(&format!(" level {level}"));
        // Bounded thinking: a small movetime or a small depth.
        if self.rng.random_bool(0.7) {
            line.push_str(&format!(" movetime {}", self.rng.random_range(0..20)));
        } else {
            line.push_str(&format!(
                " depth {} movetime 30",
                self.rng.random_range(0..3)
            ));
        }
        if self.rng.random_bool(0.3) {
            line.push_str(&format!(" seed {}", self.number()));
        }
        if self.rng.random_bool(0.1) {
            line.push_str(&format!(" {}", self.junk()));
        }
        line
    }

    fn line(&mut self) -> String {
        let line = match self.rng.random_range(0..100) {
            0..10 => self.new_line(),
            10..25 => self.position_line(),
            25..45 => self.moves_line(),
            45..57 => "legal".into(),
            57..67 => "state".into(),
            67..72 => format!("perft {}", self.rng.random_range(0..3)),
            72 => format!("perft {}", self.number()),
            73..80 => self.go_line(),
            80..83 => "stop".into(),
            83..85 => format!("quit {}", self.junk()),
            85..88 => String::new(),
            88..92 => format!(
                "{} {}",
                ["legal", "state", "stop", "perft"]
                    .choose(&mut self.rng)
                    .unwrap(),
                self.junk()
            ),
            _ => self.junk(),
        };
        // Now and then a line cut short or padded with blanks.
        match self.rng.random_range(0..30) {
            0 => line
                .chars()
                .take(self.rng.random_range(0..line.chars().count().max(1)))
                .collect(),
            1 => format!("  {line}\t "),
            _ => line,
        }
    }
}

/// The line the watchdog looks at: its number and start, and the stop flag.
struct Running {
    line: u64,
    started: Instant,
    stop: Arc<AtomicBool>,
}

#[derive(Default, Debug)]
struct Figures {
    lines: u64,
    panics: u64,
    refused: u64,
    /// States that do not load back as themselves: how many, and the first.
    round_trip_failures: u64,
    round_trips: Vec<(String, String)>,
    /// The lines the watchdog stopped.
    stopped: Vec<String>,
}

/// Runs `lines` fuzz lines from `seed` in process; returns the figures and
/// every line not stopped (for the run through the binary: a stopped line
/// changed nothing, so the others meet the same positions).
fn fuzz(seed: u64, lines: u64) -> (Figures, Vec<String>) {
    let running = Arc::new(Mutex::new(None::<Running>));
    let hung = Arc::new(Mutex::new(None::<String>));
    let done = Arc::new(AtomicBool::new(false));
    let current = Arc::new(Mutex::new(String::new()));
    let watchdog = {
        let (running, hung, done, current) =
            (running.clone(), hung.clone(), done.clone(), current.clone());
        std::thread::spawn(move || {
            let mut stopped_line = None;
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
                let r = running.lock().unwrap();
                let Some(r) = r.as_ref() else { continue };
                let took = r.started.elapsed();
                if took > STOP_AFTER && stopped_line != Some(r.line) {
                    r.stop.store(true, Ordering::Relaxed);
                    stopped_line = Some(r.line);
                }
                if took > STOP_AFTER + HANG_AFTER {
                    *hung.lock().unwrap() = Some(current.lock().unwrap().clone());
                    return;
                }
            }
        })
    };
    let mut f = Fuzzer {
        rng: SeededRng::seed_from_u64(seed),
        pool: Vec::new(),
        legal: Vec::new(),
    };
    for game in GAMES {
        let mut s = Session::default();
        let _ = s.handle(&format!("new {game} --holes 6"));
        let _ = s.handle(&format!("new {game}"));
        f.pool.push(s.game().state_json());
    }
    let worker = {
        let (running, current) = (running.clone(), current.clone());
        std::thread::spawn(move || {
            let mut figures = Figures::default();
            let mut sent = Vec::new();
            let mut session = Session::default();
            // The last lines that changed the game, for a failure's message.
            let mut history = std::collections::VecDeque::new();
            for n in 1..=lines {
                let line = f.line();

                *current.lock().unwrap() = line.clone();
                let before = session.game().state_json();
                let stop = session.stop_flag();
                stop.store(false, Ordering::Relaxed);
                *running.lock().unwrap() = Some(Running {
                    line: n,
                    started: Instant::now(),
                    stop,
                });
                let reply = catch_unwind(AssertUnwindSafe(|| session.handle(&line)));
                let stopped = running
                    .lock()
                    .unwrap()
                    .take()
                    .is_some_and(|r| r.stop.load(Ordering::Relaxed));
                figures.lines += 1;
                let answer = match reply {
                    Err(_) => {
                        figures.panics += 1;
                        eprintln!("PANIC on line {n}: {line:?}");
                        session = Session::default();
                        continue;
                    }
                    Ok(Reply::Quit) => {
                        assert_eq!(line.trim(), "quit", "only `quit` quits");
                        continue;
                    }
                    Ok(Reply::Line(a)) => a,
                };
                check_answer(&line, &answer);
                if answer.starts_with("error") {
                    figures.refused += 1;
                    assert_eq!(
                        session.game().state_json(),
                        before,
                        "the refused line {line:?} ({answer}) changed the game, after {history:?}"
                    );
                }
                if answer == "ok" && !line.trim().is_empty() && line.trim() != "stop" {
                    if history.len() == 8 {
                        history.pop_front();
                    }
                    history.push_back(line.clone());
                }
                if let Some(tokens) = answer.strip_prefix("legal") {
                    f.legal = tokens.split_whitespace().map(String::from).collect();
                }
                // Every state at a turn boundary is a position the protocol
                // takes back (a half-played turn cannot be loaded: NOTATION.md).
                if let Some(state) = answer.strip_prefix("state ")
                    && let v = serde_json::from_str::<Value>(state).expect("state is JSON")
                    && v.get("pending").is_none()
                {
                    let mut again = Session::default();
                    let back = again.handle(&format!("position {v}"));
                    let again = match back {
                        Reply::Line(a) if a == "ok" => again.game().state_json(),
                        other => json!(format!("{other:?}")),
                    };
                    if again != v {
                        // One example of each kind: game, status, and what it loads as.
                        let kind = format!("{} {} -> {}", v["game"], v["status"], again["status"]);
                        if !figures.round_trips.iter().any(|(k, _)| *k == kind) {
                            figures.round_trips.push((
                                kind,
                                format!(
                                    "{state}\n    loads back as {again}\n    after {history:?}"
                                ),
                            ));
                        }
                        figures.round_trip_failures += 1;
                    }
                    if f.pool.len() < 200 {
                        f.pool.push(v);
                    } else {
                        let i = f.rng.random_range(0..f.pool.len());
                        f.pool[i] = v;
                    }
                }
                if stopped {
                    figures.stopped.push(line);
                } else {
                    sent.push(line);
                }
            }
            (figures, sent)
        })
    };
    // The worker ends, or the watchdog reports a hang.
    loop {
        if worker.is_finished() {
            break;
        }
        if let Some(line) = hung.lock().unwrap().clone() {
            panic!("HANG: {line:?} still running {HANG_AFTER:?} after its stop");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    done.store(true, Ordering::Relaxed);
    watchdog.join().unwrap();
    match worker.join() {
        Ok(r) => r,
        Err(e) => std::panic::resume_unwind(e),
    }
}

/// One answer: one line, a known keyword, no raw control character, short errors.
fn check_answer(line: &str, answer: &str) {
    assert!(!answer.contains('\n'), "{line:?}: two lines: {answer:?}");
    assert!(
        !answer.chars().any(|c| c.is_control()),
        "{line:?}: raw control character in {answer:?}"
    );
    let keyword = answer.split(' ').next().unwrap();
    assert!(
        ["ok", "error", "legal", "state", "perft", "bestmove"].contains(&keyword),
        "{line:?}: unknown answer {answer:?}"
    );
    if keyword == "error" {
        assert!(
            answer.chars().count() <= 403,
            "{line:?}: long error {answer:?}"
        );
    }
}

#[test]
fn protocol_fuzz() {
    let seed = env_u64("FUZZ_SEED", 1);
    let lines = env_u64("FUZZ_LINES", 2_500);
    let started = Instant::now();
    let (figures, sent) = fuzz(seed, lines);
    eprintln!(
        "protocol fuzz: seed {seed}, {} lines in {:.1?}: {} panics, 0 hangs, {} states not loaded back, {} refused, {} stopped by the watchdog",
        figures.lines,
        started.elapsed(),
        figures.panics,
        figures.round_trip_failures,
        figures.refused,
        figures.stopped.len()
    );
    for line in figures.stopped.iter().take(20) {
        eprintln!("  stopped: {}", masai_mancala::protocol::excerpt(line));
    }
    for (kind, r) in &figures.round_trips {
        eprintln!("  state not loaded back as itself ({kind}): {r}");
    }
    // The same lines through the binary (its reader thread, queue and
    // output), with a few raw bytes that are not UTF-8.
    let mut input = Vec::new();
    let mut count = 0;
    let through_binary = env_u64("FUZZ_BINARY_LINES", 2_000) as usize;
    for (i, line) in sent.iter().take(through_binary).enumerate() {
        // `quit` would end the run early; `stop` stays (it is answered too).
        if line.trim() == "quit" {
            continue;
        }
        input.extend_from_slice(line.as_bytes());
        input.push(b'\n');
        count += 1;
        if i % 500 == 0 {
            input.extend_from_slice(b"\xff\xfe moves 1\n");
            count += 1;
        }
    }
    let started = Instant::now();
    let (code, stdout, stderr) = run_binary(&input, Duration::from_secs(600));
    eprintln!(
        "through the binary: {count} lines in {:.1?}, {} answers, exit {code:?}",
        started.elapsed(),
        stdout.lines().count()
    );
    assert_eq!(figures.panics, 0, "panics (lines above)");
    assert_eq!(
        figures.round_trip_failures, 0,
        "states not loaded back (above)"
    );
    assert_eq!(figures.lines, lines);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, "");
    let answers = stdout.lines().count();
    assert_eq!(answers, count, "one answer per line through the binary");
    for (line, answer) in String::from_utf8_lossy(&input).lines().zip(stdout.lines()) {
        check_answer(line, answer);
    }
}

/// Runs `engine` on `input`; fails if it takes longer than `limit`.
fn run_binary(input: &[u8], limit: Duration) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stdout.read_to_end(&mut s);
        s
    });
    let mut stderr = child.stderr.take().unwrap();
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        s
    });
    let end = Instant::now() + limit;
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > end {
            let _ = child.kill();
            panic!("HANG: the engine binary ran over {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    writer.join().unwrap();
    let out = String::from_utf8(reader.join().unwrap()).expect("answers are UTF-8");
    let err = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    (status.code(), out, err)
}

/// Quick lines for the stop bursts, with the start of their answer (none of
/// them looks at the stop flag, so a stop never changes their answer).
const QUICK: [(&str, &str); 8] = [
    ("legal", "legal "),
    ("state", "state {"),
    ("moves", "ok"),
    ("perft 1", "perft "),
    ("perft 0", "perft 1"),
    ("go level random", "bestmove "),
    ("", "error empty line"),
    ("bogus", "error unknown command 'bogus'"),
];

/// Long commands for the stop bursts: they run for a minute or for ever
/// unless stopped, with the start of the answer once stopped.
const LONG: [(&str, &str); 4] = [
    ("perft 60", "error stopped"),
    ("go level expert movetime 60000", "bestmove "),
    ("go level mcts movetime 60000", "bestmove "),
    ("go depth 200 movetime 60000", "bestmove "),
];

#[test]
fn pipelined_stop_bursts() {
    // Issue 21: a `stop` sent close behind other lines used to reach only
    // the first line not yet answered, so the long command behind it ran on.
    let seed = env_u64("FUZZ_SEED", 1);
    let bursts = env_u64("FUZZ_STOP_BURSTS", 40);
    let mut rng = SeededRng::seed_from_u64(seed);
    let mut child = Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, answers) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    // Far beyond what a stopped burst needs; a lost stop runs a minute.
    let patience = Duration::from_secs(15);
    let started = Instant::now();
    for burst in 0..bursts {
        let game = ["new bao", "new en-gehe --holes 40", "new enkeshui"]
            .choose(&mut rng)
            .unwrap();
        // Lines and what their answer starts with; `None` for the state
        // before the long command, which the stopped command must keep.
        let mut lines: Vec<(String, Option<&str>)> = vec![(game.to_string(), Some("ok"))];
        for _ in 0..rng.random_range(0..4) {
            if rng.random_bool(0.15) {
                // Only quick lines before it: this stop ends nothing.
                lines.push(("stop".into(), Some("error nothing to stop")));
            } else {
                let (l, a) = QUICK.choose(&mut rng).unwrap();
                lines.push((l.to_string(), Some(a)));
            }
        }
        lines.push(("state".into(), None));
        let (long, stopped) = LONG.choose(&mut rng).unwrap();
        lines.push((long.to_string(), Some(stopped)));
        // The stop comes at once, or behind quick lines, or a little later.
        let split = lines.len();
        for _ in 0..rng.random_range(0..3) {
            let (l, a) = QUICK.choose(&mut rng).unwrap();
            lines.push((l.to_string(), Some(a)));
        }
        lines.push(("stop".into(), Some("ok")));
        if rng.random_bool(0.3) {
            lines.push(("stop".into(), Some("error nothing to stop")));
        }
        lines.push(("state".into(), None));
        let text: Vec<String> = lines.iter().map(|(l, _)| format!("{l}\n")).collect();
        let first: String = text[..split].concat();
        let rest: String = text[split..].concat();
        stdin.write_all(first.as_bytes()).unwrap();
        if rng.random_bool(0.3) {
            stdin.flush().unwrap();
            std::thread::sleep(Duration::from_millis(rng.random_range(0..60)));
        }
        stdin.write_all(rest.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let sent = format!("{first}{rest}");
        let mut states = Vec::new();
        for (line, expected) in &lines {
            let answer = answers.recv_timeout(patience).unwrap_or_else(|_| {
                let _ = child.kill();
                panic!("burst {burst}: no answer to {line:?} within {patience:?} in {sent:?}")
            });
            check_answer(line, &answer);
            match expected {
                Some(start) => assert!(
                    answer.starts_with(start),
                    "burst {burst}: {line:?} answered {answer:?}, not {start:?}..., in {sent:?}"
                ),
                None => states.push(answer),
            }
        }
        assert_eq!(
            states[0], states[1],
            "burst {burst}: the stopped {long:?} changed the game, in {sent:?}"
        );
    }
    drop(stdin);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    eprintln!(
        "stop bursts: {bursts} bursts from seed {seed} in {:.1?}",
        started.elapsed()
    );
}

//! The `engine` line protocol of NOTATION.md: one command per line in, one
//! answer line per command out. A refused command changes nothing.
//!
//! [`Session::handle`] answers one line. [`run_session`] reads the input on
//! its own thread, so `stop` and `quit` act while a long command runs; every
//! other line waits its turn and is answered in order.

use crate::ai::{self, Level, Player, Request};
use crate::cli::{protocol_new_game, split_words};
use crate::engine::enkeshui::{Enkeshui, Layout, Rules};
use crate::engine::{AnyGame, MoveError, PerftError, Quiet, Undecided, decide_growing};
use std::collections::{BTreeMap, VecDeque};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// The longest line read, newline excluded; a longer one is refused unread.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// `go depth N` without `movetime` thinks at most this long (then answers
/// the best decision found so far), so a deep search never looks like a hang.
pub const GO_DEPTH_CAP_MS: u64 = 10_000;

pub use crate::limits::MAX_MOVETIME_MS;

/// Characters of the input an error message repeats at most.
const EXCERPT_CHARS: usize = 40;

/// Characters of an error line at most (the longest fixed message is far shorter).
const MAX_ERROR_CHARS: usize = 400;

/// How long lines read before `quit` may still run before they are stopped.
pub const QUIT_GRACE: Duration = Duration::from_millis(250);

/// Lines read ahead while a command runs, in bytes; past it the reader waits.
const MAX_QUEUED_BYTES: usize = 64 << 20;

/// An engine session: the current game.
pub struct Session {
    game: AnyGame,
    /// The table size `go` searches with (`None`: the level's own).
    hash_mb: Option<usize>,
    /// Set by `stop`: the running command ends as soon as it sees it.
    stop: Arc<AtomicBool>,
    /// The last command handled was ended by the stop flag (so a `stop`
    /// did something): `go` cut short, or `error stopped`.
    stopped: bool,
    /// The table `go movetime` without a level keeps from one search to
    /// the next (a level's search starts afresh: its games stay the same).
    kept: Arc<ai::KeptTable>,
}

impl Default for Session {
    fn default() -> Self {
        let layout = Layout::default_for(8).expect("2x8 has a default layout");
        Session {
            game: AnyGame::Enkeshui(Enkeshui::new(&layout, Rules::default())),
            hash_mb: None,
            stop: Arc::new(AtomicBool::new(false)),
            stopped: false,
            kept: Arc::default(),
        }
    }
}

/// What a line asks of the loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Line(String),
    Quit,
}

/// A command refused: the text after `error ` on its answer line.
#[derive(Debug, thiserror::Error)]
enum Refusal {
    #[error("{command} takes no arguments")]
    NoArguments { command: String },
    #[error("nothing to stop")]
    NothingToStop,
    /// A command ended by `stop` (`go` answers its best decision instead).
    #[error("stopped")]
    Stopped,
    #[error("unknown command '{}' (new, position, moves, legal, state, perft, go, stop, quit)", excerpt(.0))]
    UnknownCommand(String),
    #[error(transparent)]
    Words(#[from] crate::cli::UnclosedQuote),
    #[error("new needs a game: enkeshui, en-gehe or bao-la-kimasai")]
    NoGame,
    #[error(
        "new: --position reads a file, which the protocol never does; \
         send the position with `position <json>`"
    )]
    PositionFile,
    /// The options or the position refused, the long inputs it repeats
    /// shortened (`shorten_inputs`).
    #[error("{0}")]
    Setup(String),
    #[error("position needs a position: its JSON or its one line")]
    NoPosition,
    #[error("position is not valid JSON: {0}")]
    NotJson(serde_json::Error),
    /// Decision `number` (from 1) of a `moves` line refused.
    #[error("{number} {} {why}", excerpt(token))]
    Move {
        number: usize,
        token: String,
        why: String,
    },
    #[error("perft needs a depth (a whole number), not '{}'", excerpt(.0))]
    PerftDepth(String),
    #[error(transparent)]
    Perft(PerftError),
    #[error("go: '{}' needs a value", excerpt(.0))]
    GoValue(String),
    #[error("go: {key} must be a whole number, not '{}'", excerpt(value))]
    GoNumber { key: String, value: String },
    #[error("go: movetime {0} is over a day (at most {MAX_MOVETIME_MS} ms)")]
    GoMovetime(u64),
    #[error("go: unknown level '{}' ({})", excerpt(.0), Player::NAMES)]
    GoLevel(String),
    #[error("go: unknown option '{}' (depth, movetime, level, seed)", excerpt(.0))]
    GoOption(String),
    #[error("the game is over")]
    GameOver,
}

impl Session {
    /// A session whose `go` uses a table of `hash_mb` MiB.
    pub fn with_hash_mb(hash_mb: Option<usize>) -> Session {
        Session {
            hash_mb,
            ..Session::default()
        }
    }

    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The flag `stop` sets. `go` then answers its best decision so far,
    /// `perft` (of depth 2 or more) answers `error stopped`, and so do
    /// `legal`, `moves` and `perft 1` when a sowing is not decided within the
    /// first lap budget (a quick one never looks). [`Session::handle`] never clears it.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Answers one line. `stop` here answers `error nothing to stop`: a line
    /// handled on its own never runs alongside another one.
    pub fn handle(&mut self, line: &str) -> Reply {
        self.stopped = false;
        let line = line.trim();
        if line.is_empty() {
            return Reply::Line("error empty line".into());
        }
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let answer = match command {
            "quit" => match no_args(command, rest) {
                Ok(()) => return Reply::Quit,
                Err(e) => Err(e),
            },
            "stop" => no_args(command, rest).and(Err(Refusal::NothingToStop)),
            "new" => self.new_game(rest),
            "position" => self.position(rest),
            "moves" => self.moves(rest),
            "legal" => no_args(command, rest).and_then(|()| self.legal()),
            "state" => no_args(command, rest).map(|()| format!("state {}", self.game.state_json())),
            "perft" => self.perft(rest),
            "go" => self.go(rest),
            other => Err(Refusal::UnknownCommand(other.to_string())),
        };
        if matches!(&answer, Err(Refusal::Stopped)) {
            self.stopped = true;
        }
        Reply::Line(match answer {
            Ok(a) => a,
            Err(e) => error_line(&e.to_string()),
        })
    }

    /// Whether the last line handled was ended by the stop flag: `go`
    /// answered early, or a command answered `error stopped`.
    pub fn was_stopped(&self) -> bool {
        self.stopped
    }

    fn new_game(&mut self, rest: &str) -> Result<String, Refusal> {
        let words = split_words(rest)?;
        if words.is_empty() {
            return Err(Refusal::NoGame);
        }
        // The protocol never opens a file: a FIFO or /dev/zero would hang it.
        if words
            .iter()
            .any(|w| w == "--position" || w.starts_with("--position="))
        {
            return Err(Refusal::PositionFile);
        }
        self.game = protocol_new_game(&words)
            .map_err(|e| Refusal::Setup(shorten_inputs(&e.to_string(), &words)))?;
        Ok("ok".into())
    }

    fn position(&mut self, rest: &str) -> Result<String, Refusal> {
        if rest.is_empty() {
            return Err(Refusal::NoPosition);
        }
        // A position's one line (docs/NOTATION.md) or its JSON.
        if !rest.trim_start().starts_with('{') {
            let words: Vec<String> = rest.split_whitespace().map(String::from).collect();
            self.game = AnyGame::from_line(rest)
                .map_err(|e| Refusal::Setup(shorten_inputs(&e.to_string(), &words)))?;
            return Ok("ok".into());
        }
        let value: serde_json::Value = serde_json::from_str(rest).map_err(Refusal::NotJson)?;
        self.game = AnyGame::from_position(&value).map_err(|e| {
            let mut texts = Vec::new();
            json_texts(&value, &mut texts);
            Refusal::Setup(shorten_inputs(&e.to_string(), &texts))
        })?;
        Ok("ok".into())
    }

    /// Runs `attempt` under growing lap budgets until it decides, checking
    /// for `stop` between budgets (a long sowing is stoppable).
    fn decided<T>(&self, attempt: impl FnMut(u64) -> Result<T, Undecided>) -> Result<T, Refusal> {
        decided(attempt, &self.stop)
    }

    fn legal(&mut self) -> Result<String, Refusal> {
        let game = &self.game;
        let tokens = self.decided(|laps| game.legal_tokens_checked(laps))?;
        let mut out = String::from("legal");
        for t in tokens {
            out.push(' ');
            out.push_str(&t);
        }
        Ok(out)
    }

    fn moves(&mut self, rest: &str) -> Result<String, Refusal> {
        let tokens: Vec<&str> = rest.split_whitespace().collect();
        // Played on a copy: a refused or stopped list changes nothing.
        let mut next = self.game.clone();
        for (i, token) in tokens.iter().enumerate() {
            // `play_token_within` changes nothing when undecided.
            let played =
                self.decided(
                    |laps| match next.play_token_within(token, laps, &mut Quiet) {
                        Err(MoveError::Undecided(u)) => Err(u),
                        other => Ok(other),
                    },
                )?;
            played.map_err(|e| Refusal::Move {
                number: i + 1,
                token: token.to_string(),
                why: shorten_inputs(&e.to_string(), &[*token]),
            })?;
        }
        self.game = next;
        Ok("ok".into())
    }

    fn perft(&mut self, rest: &str) -> Result<String, Refusal> {
        let depth: u32 = rest
            .parse()
            .map_err(|_| Refusal::PerftDepth(rest.to_string()))?;
        let stop = &*self.stop;
        // Not looked at before the count starts: `perft 0` and `perft 1`
        // are quick, like `legal` (stopped only when a sowing is long), so
        // a `stop` meant for a long command after them goes on to it.
        let started = std::cell::Cell::new(false);
        let stopped = || started.replace(true) && stop.load(Ordering::Relaxed);
        let count = self
            .game
            .perft_until(depth, &stopped)
            .map_err(|e| match e {
                // Stopped as every command is: the loop knows it by this.
                PerftError::Stopped => Refusal::Stopped,
                e => Refusal::Perft(e),
            })?;
        Ok(format!("perft {count}"))
    }

    fn go(&mut self, rest: &str) -> Result<String, Refusal> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let mut req = Request::new(Player::Level(Level::Medium), 0);
        req.hash_mb = self.hash_mb;
        req.cancel = Some(self.stop.clone());
        let mut level_given = false;
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            let value = words
                .get(i + 1)
                .ok_or_else(|| Refusal::GoValue(key.to_string()))?;
            match key {
                "depth" | "movetime" | "seed" => {
                    let n: u64 = value.parse().map_err(|_| Refusal::GoNumber {
                        key: key.to_string(),
                        value: value.to_string(),
                    })?;
                    match key {
                        "seed" => req.seed = n,
                        "depth" => req.depth = Some(n.clamp(1, 200) as u32),
                        _ if n > MAX_MOVETIME_MS => return Err(Refusal::GoMovetime(n)),
                        _ => req.think_ms = Some(n),
                    }
                }
                "level" => {
                    level_given = true;
                    req.player =
                        Player::parse(value).ok_or_else(|| Refusal::GoLevel(value.to_string()))?;
                }
                other => return Err(Refusal::GoOption(other.to_string())),
            }
            i += 2;
        }
        // A time budget without a level asks for the best decision in that
        // time: `medium`'s depth cap and misjudgement would throw it away.
        if req.think_ms.is_some() && req.depth.is_none() && !level_given {
            req.player = Player::Level(Level::Expert);
            req.kept = Some(self.kept.clone());
        } else {
            // Any other search starts afresh: the kept table's memory goes
            // back to be reused by it, rather than a second table beside it.
            self.kept = Arc::default();
        }
        if req.depth.is_some() && req.think_ms.is_none() {
            req.think_ms = Some(GO_DEPTH_CAP_MS);
        }
        let choice = ai::choose_token(&self.game, &req);
        // A search (`random` and `greedy` never look at the flag) that
        // returns with the flag set ended on it, or together with it: that
        // `stop` did something.
        let searches = matches!(req.player, Player::Level(_) | Player::Mcts);
        self.stopped = searches && choice.is_some() && self.stop.load(Ordering::Relaxed);
        match choice {
            Some(c) => Ok(format!("bestmove {}", c.decision)),
            None => Err(Refusal::GameOver),
        }
    }
}

/// [`decide_growing`] until decided or `stop` is set (`error stopped`).
fn decided<T>(
    attempt: impl FnMut(u64) -> Result<T, Undecided>,
    stop: &AtomicBool,
) -> Result<T, Refusal> {
    decide_growing(attempt, |_| !stop.load(Ordering::Relaxed)).ok_or(Refusal::Stopped)
}

fn no_args(command: &str, rest: &str) -> Result<(), Refusal> {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(Refusal::NoArguments {
            command: command.to_string(),
        })
    }
}

/// Every text of a JSON value (keys and strings): what an error may repeat.
fn json_texts<'a>(v: &'a serde_json::Value, out: &mut Vec<&'a str>) {
    match v {
        serde_json::Value::String(s) => out.push(s),
        serde_json::Value::Array(a) => a.iter().for_each(|x| json_texts(x, out)),
        serde_json::Value::Object(o) => {
            for (k, x) in o {
                out.push(k);
                json_texts(x, out);
            }
        }
        _ => {}
    }
}

/// `message` with every long piece of input in it cut to an excerpt.
fn shorten_inputs<S: AsRef<str>>(message: &str, inputs: &[S]) -> String {
    let mut out = message.to_string();
    for input in inputs {
        let input = input.as_ref();
        if input.chars().count() > EXCERPT_CHARS && out.contains(input) {
            out = out.replace(input, &excerpt(input));
        }
    }
    out
}

/// The first characters of `s`, control characters escaped, `...` when cut.
pub fn excerpt(s: &str) -> String {
    let mut out = escape(&s.chars().take(EXCERPT_CHARS).collect::<String>());
    if s.chars().nth(EXCERPT_CHARS).is_some() {
        out.push_str("...");
    }
    out
}

/// `s` with control and bidirectional-override characters written `\u001b`,
/// so that no input can drive the terminal of whoever reads the answers.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}') {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// `error <message>`, escaped and of bounded length whatever the input was.
fn error_line(message: &str) -> String {
    let mut line = format!("error {}", escape(message));
    if let Some((cut, _)) = line.char_indices().nth(MAX_ERROR_CHARS) {
        line.truncate(cut);
        line.push_str("...");
    }
    line
}

/// Runs the protocol on standard input and output until `quit` or the end of
/// input. Once `quit` has stopped the commands before it, the program ends
/// within a second even if one of them does not see the stop.
pub fn run_stdio(session: Session) -> io::Result<()> {
    run(
        session,
        io::stdin(),
        io::stdout().lock(),
        Some(Duration::from_secs(1)),
    )
}

/// Runs the protocol until `quit` or the end of input, reading `input` on
/// its own thread. At the end of input every line read is answered first.
pub fn run_session(
    session: Session,
    input: impl Read + Send + 'static,
    output: impl Write,
) -> io::Result<()> {
    run(session, input, output, None)
}

/// One input line as read.
enum Input {
    Text(String),
    NotUtf8,
    /// Over [`MAX_LINE_BYTES`]: its start, for the refusal.
    TooLong(String),
}

/// What the reader passes on, in input order.
enum Msg {
    Line(Input),
    /// `stop`, answered in its turn by whether it ended a command.
    Stop,
    Quit,
    Failed(io::Error),
}

/// The queue between the reader and the command loop.
#[derive(Default)]
struct Queue {
    items: VecDeque<(u64, Msg, usize)>,
    bytes: usize,
    /// The reader is done (end of input, `quit` or a read error).
    closed: bool,
    /// Lines read so far: the number of the last one.
    read: u64,
    /// Lines answered so far: the number of the last one.
    answered: u64,
    /// Commands up to this line number are stopped (by `quit`).
    stop_upto: u64,
    /// The `stop` lines read and not yet answered, by line number: whether
    /// each has ended a command. Each stops every command read before it
    /// (only long work ends on it: a quick line is answered as usual).
    stops: BTreeMap<u64, bool>,
    /// The running command's line number and stop flag.
    running: Option<(u64, Arc<AtomicBool>)>,
}

struct Shared {
    queue: Mutex<Queue>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        // A poisoned lock only means the other thread panicked: the queue
        // itself is always consistent between two statements.
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Queue {
    /// Stops every command up to line `upto`, the running one at once.
    fn stop_before(&mut self, upto: u64) {
        self.stop_upto = self.stop_upto.max(upto);
        if let Some((n, flag)) = &self.running
            && *n <= self.stop_upto
        {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the command of line `n` is to stop: `quit` or `stop` was
    /// read after it.
    fn stops_line(&self, n: u64) -> bool {
        n <= self.stop_upto || self.stops.range(n + 1..).next().is_some()
    }

    /// The `stop` of line `number` is read: it stops the running command
    /// and every one read before it and still waiting.
    fn stop_read(&mut self, number: u64) {
        self.stops.insert(number, false);
        if let Some((n, flag)) = &self.running
            && *n < number
        {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// The command of line `n` ended on the stop: the first `stop` after it
    /// that has ended nothing yet has ended one (a later one did nothing).
    fn stop_used(&mut self, n: u64) {
        if let Some((_, ended)) = self.stops.range_mut(n + 1..).find(|(_, ended)| !**ended) {
            *ended = true;
        }
    }
}

fn run(
    mut session: Session,
    input: impl Read + Send + 'static,
    mut output: impl Write,
    exit_after: Option<Duration>,
) -> io::Result<()> {
    let shared = Arc::new(Shared {
        queue: Mutex::new(Queue::default()),
        changed: Condvar::new(),
    });
    let reader_shared = shared.clone();
    std::thread::Builder::new()
        .name("engine input".into())
        .spawn(move || read_input(input, &reader_shared, exit_after))?;
    loop {
        let (number, msg) = {
            let mut q = shared.lock();
            loop {
                if let Some((number, msg, bytes)) = q.items.pop_front() {
                    q.bytes -= bytes;
                    if let Msg::Line(_) = msg {
                        let flag = Arc::new(AtomicBool::new(q.stops_line(number)));
                        session.stop = flag.clone();
                        q.running = Some((number, flag));
                    }
                    shared.changed.notify_all();
                    break (number, msg);
                }
                if q.closed {
                    return Ok(());
                }
                q = shared.changed.wait(q).unwrap_or_else(|e| e.into_inner());
            }
        };
        let mut ended_on_stop = false;
        let answer = match msg {
            Msg::Quit => return Ok(()),
            Msg::Failed(e) => return Err(e),
            Msg::Stop => {
                // Every line before it is answered: it ended one or nothing.
                if shared.lock().stops.remove(&number) == Some(true) {
                    "ok".into()
                } else {
                    error_line(&Refusal::NothingToStop.to_string())
                }
            }
            Msg::Line(Input::NotUtf8) => "error the line is not valid UTF-8".into(),
            Msg::Line(Input::TooLong(start)) => format!(
                "error the line is over {MAX_LINE_BYTES} bytes (1 MiB), not read: \"{}...\"",
                escape(&start.chars().take(EXCERPT_CHARS).collect::<String>())
            ),
            Msg::Line(Input::Text(line)) => match session.handle(&line) {
                Reply::Quit => return Ok(()),
                Reply::Line(answer) => {
                    ended_on_stop = session.was_stopped();
                    answer
                }
            },
        };
        writeln!(output, "{answer}")?;
        output.flush()?;
        let mut q = shared.lock();
        if ended_on_stop {
            q.stop_used(number);
        }
        q.running = None;
        q.answered = number;
        shared.changed.notify_all();
    }
}

/// The reader thread: passes lines on, acts on `stop` and `quit` at once.
fn read_input(input: impl Read, shared: &Shared, exit_after: Option<Duration>) {
    let mut reader = BufReader::with_capacity(64 << 10, input);
    let mut buf = Vec::new();
    loop {
        let read = read_line(&mut reader, &mut buf);
        let mut q = shared.lock();
        let msg = match read {
            Err(e) => Msg::Failed(e),
            Ok(None) => {
                q.closed = true;
                shared.changed.notify_all();
                return;
            }
            Ok(Some(too_long)) => {
                if too_long {
                    Msg::Line(Input::TooLong(String::from_utf8_lossy(&buf).into_owned()))
                } else {
                    match String::from_utf8(std::mem::take(&mut buf)) {
                        Ok(line) => match line.trim() {
                            "quit" => Msg::Quit,
                            "stop" => Msg::Stop,
                            _ => Msg::Line(Input::Text(line)),
                        },
                        Err(_) => Msg::Line(Input::NotUtf8),
                    }
                }
            }
        };
        let bytes = match &msg {
            Msg::Line(Input::Text(t)) => t.len(),
            _ => 0,
        };
        // A flood of lines behind a long command waits here (a bounded
        // memory); `stop` and `quit` after it are read once it drains.
        while bytes > 0 && q.bytes + bytes > MAX_QUEUED_BYTES && !q.items.is_empty() {
            q = shared.changed.wait(q).unwrap_or_else(|e| e.into_inner());
        }
        q.read += 1;
        let number = q.read;
        if let Msg::Stop = msg {
            q.stop_read(number);
        }
        let quit = matches!(msg, Msg::Quit);
        let end = quit || matches!(msg, Msg::Failed(_));
        q.closed |= end;
        q.items.push_back((number, msg, bytes));
        q.bytes += bytes;
        shared.changed.notify_all();
        if quit {
            // Lines before `quit` are answered if they end within the grace;
            // past it they are stopped, and the program ends regardless.
            let (mut q, _) = shared
                .changed
                .wait_timeout_while(q, QUIT_GRACE, |q| q.answered + 1 < number)
                .unwrap_or_else(|e| e.into_inner());
            q.stop_before(number);
            if let Some(wait) = exit_after {
                drop(q);
                std::thread::sleep(wait);
                std::process::exit(0);
            }
        }
        if end {
            return;
        }
    }
}

/// Reads one line into `buf` (newline excluded) keeping at most
/// [`MAX_LINE_BYTES`] of it: `Some(true)` when it was longer (`buf` then holds
/// its start), `None` at the end of input.
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<bool>> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (part, used, end) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        if !too_long {
            if buf.len() + part.len() > MAX_LINE_BYTES {
                too_long = true;
                // Keep only what the refusal quotes.
                let keep = (4 * EXCERPT_CHARS)
                    .saturating_sub(buf.len())
                    .min(part.len());
                buf.extend_from_slice(&part[..keep]);
                buf.truncate(4 * EXCERPT_CHARS);
            } else {
                buf.extend_from_slice(part);
            }
        }
        reader.consume(used);
        if end {
            return Ok(Some(too_long));
        }
    }
}

//! The line mode (`--plain`): a game in plain lines of text through
//! standard input and output, for screen readers, braille displays and
//! scripts. It drives the same [`Session`] as every front end; what is
//! said is `words`'s. Output: no escape bytes, no line over 80 columns
//! (wrapped at words; a position's one line is written whole, to be
//! copied), one event per line, the main words first.

mod end;
pub mod learn;
pub mod out;
pub mod puzzles;
mod race;
mod reads;
pub mod replay;
mod saved;
pub mod words;

use self::out::Say;
use self::saved::{SAVED_IN, persistence, saved_in, stop_on_signals};
use self::words::{
    Verbosity, View, board_lines, direction_options, score_line, token_words, told_line,
    turn_line_at,
};
use crate::cli::{ClientArgs, ResumeArgs, Seat};
use crate::engine::{AnyGame, GameKind, PerSide, Side};
use crate::session::job::{Post, Progress};
use crate::session::persist::{self, Busy, NotResumed, Persist};
use crate::session::setup::Setup;
use crate::session::work;
use crate::session::{
    AfterGame, AiJob, Applied, Count, End, Next, Refused, Session, SessionError, match_over_line,
    over_line,
};
use std::io::BufRead;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Work taking longer than this says so, once.
const SLOW: Duration = Duration::from_secs(2);

/// Why line mode cannot start or go on (the command then fails with it).
#[derive(Debug, thiserror::Error)]
pub enum PlainError {
    /// A value of the command line refused.
    #[error(transparent)]
    Value(#[from] crate::cli::ValueError),
    /// No data folder to find the records in.
    #[error(transparent)]
    DataDir(#[from] crate::record::file::DataDirError),
    /// The game cannot be saved where asked (`--save PATH`).
    #[error(transparent)]
    SaveTarget(#[from] crate::record::file::SaveError),
    /// The record cannot be played on here (finished, or open elsewhere).
    #[error(transparent)]
    NotResumed(#[from] NotResumed),
    /// The game was played but its last save failed (why): as the client says it.
    #[error("the game could not be saved: {0}")]
    NotSaved(String),
    /// The record cannot be played on.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// A record that does not load (the file and why).
    #[error(transparent)]
    Load(#[from] crate::session::load::LoadFault),
    /// A record that stands for no setup (the field at fault).
    #[error(transparent)]
    Setup(#[from] crate::session::setup::BadSetup),
    /// A lesson whose start does not build.
    #[error(transparent)]
    Lesson(#[from] crate::learn::LessonError),
    /// A puzzle whose start does not build.
    #[error(transparent)]
    Puzzle(#[from] crate::learn::puzzles::PuzzleError),
    /// `learn --puzzles` with none to play.
    #[error("learn --puzzles: no puzzles to play")]
    NoPuzzles,
}

/// `enkeshui|en-gehe|bao --plain`.
pub fn play(setup: Setup, client: &ClientArgs) -> Result<(), PlainError> {
    let mut persist = persistence();
    let mut first = None;
    match &client.save {
        Some(path) => {
            crate::record::file::check_target(path, client.force)?;
            persist
                .claim(path.clone(), client.force)
                .map_err(|Busy(p)| NotResumed::SaveBusy(p))?;
        }
        None => {
            // No data folder: said now and again at the end, which fails.
            first = persist.open_data_dir();
            persist.to_new_file();
        }
    }
    let mut session = Session::new(setup);
    session.set_hash_mb(client.hash_mb.map(usize::from));
    start_voice(client.width, client.verbosity);
    // Not saved until its first save.
    stop_on_signals(None);
    let stdin = std::io::stdin();
    run(session, persist, first, stdin.lock(), std::io::stdout())
}

/// `resume --plain [FILE]`: refused as the client refuses it (a finished
/// game, a record open in another window); nothing is written then.
pub fn resume(args: &ResumeArgs) -> Result<(), PlainError> {
    let progress = Progress::default();
    let loaded = match &args.file {
        Some(path) => crate::session::load::load(path, &progress)?,
        None => {
            let dir = crate::record::file::data_dir()?;
            crate::session::load::newest_unfinished(&dir, &progress)?
        }
    };
    persist::resumable(&loaded)?;
    let mut persist = persistence();
    let lock = persist
        .lock_record(&loaded.path)
        .map_err(|Busy(p)| NotResumed::Busy(p))?;
    persist.resume_at(loaded.path.clone(), lock);
    // Written at its first change only.
    persist.saved_as(&loaded.record);
    let session = Session::resume(&loaded)?;
    start_voice(args.width, args.verbosity);
    stop_on_signals(Some(loaded.path.clone()));
    let stdin = std::io::stdin();
    run(session, persist, None, stdin.lock(), std::io::stdout())
}

/// The verbosity a game starts at: set once from `--verbosity` by the
/// command that runs the line mode (normal: 1).
static START_VERBOSITY: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(1);

/// `--width` and `--verbosity`, for the lines from now on.
fn start_voice(width: Option<u16>, verbosity: Option<Verbosity>) {
    out::set_start_width(width.map_or(out::WIDTH, usize::from));
    let v = match verbosity.unwrap_or_default() {
        Verbosity::Brief => 0,
        Verbosity::Normal => 1,
        Verbosity::Full => 2,
    };
    START_VERBOSITY.store(v, std::sync::atomic::Ordering::Relaxed);
}

/// The verbosity of [`start_voice`].
fn start_verbosity() -> Verbosity {
    match START_VERBOSITY.load(std::sync::atomic::Ordering::Relaxed) {
        0 => Verbosity::Brief,
        2 => Verbosity::Full,
        _ => Verbosity::Normal,
    }
}

/// What a turn line says at `v`, in words.
fn verbosity_said(v: Verbosity) -> &'static str {
    match v {
        Verbosity::Brief => "a turn says the move, how it ended and who leads",
        Verbosity::Normal => {
            "a turn says the move, how it ended and the score; last and log add the laps \
             and relays"
        }
        Verbosity::Full => "a turn says the move, how it ended, every relay, and the score",
    }
}

/// Plays a session to its end or the end of input; `first`: a line to say
/// after the introduction (why nothing is saved).
fn run<R: BufRead, W: std::io::Write>(
    session: Session,
    persist: Persist,
    first: Option<String>,
    input: R,
    output: W,
) -> Result<(), PlainError> {
    run_with_clock(
        session,
        persist,
        first,
        input,
        output,
        Box::new(Instant::now),
    )
}

/// [`run`], with the time each line of the race is read at given by
/// `clock` (a test's lines come at the times it says).
pub fn run_with_clock<R: BufRead, W: std::io::Write>(
    session: Session,
    persist: Persist,
    first: Option<String>,
    input: R,
    output: W,
    clock: Box<dyn FnMut() -> Instant>,
) -> Result<(), PlainError> {
    let mut p = Plain {
        view: View {
            me: single_person(&session),
        },
        session,
        persist,
        first,
        input,
        say: Say::new(output),
        special: None,
        clock,
        typed: None,
        verbosity: start_verbosity(),
        list_legal: false,
        score_said: None,
    };
    p.main()
}

/// The one person playing against the AI ("you"), if there is exactly one.
fn single_person(s: &Session) -> Option<Side> {
    match (s.human(Side::South), s.human(Side::North)) {
        (true, false) => Some(Side::South),
        (false, true) => Some(Side::North),
        _ => None,
    }
}

/// The guided special move: the two holes lifted, then the seeds given out.
#[derive(Clone, Debug)]
struct Lifted {
    holes: (usize, usize),
    in_hand: u32,
}

struct Plain<R, W: std::io::Write> {
    session: Session,
    /// The record's file, the statistics: the session's persistence.
    persist: Persist,
    /// Said after the introduction: why nothing is saved.
    first: Option<String>,
    input: R,
    say: Say<W>,
    view: View,
    /// The special move under way: None, lifting (Some(None)), or lifted.
    special: Option<Option<Lifted>>,
    /// The time a line was read at (the race's clock).
    clock: Box<dyn FnMut() -> Instant>,
    /// The decision as typed, while it is worked out (its refusal quotes it).
    typed: Option<String>,
    /// How much a turn line says (`verbosity`, `--verbosity`).
    verbosity: Verbosity,
    /// `legal` was typed: the next prompt lists every decision, as `full`.
    list_legal: bool,
    /// The score as a turn last said it (`brief` says it when it changes).
    score_said: Option<String>,
}

/// Runs `work` on a thread; past [`SLOW`], `note` is said once.
fn on_thread<T: Send + 'static, W: std::io::Write>(
    say: &mut Say<W>,
    note: &str,
    work: impl FnOnce(&Progress) -> T + Send + 'static,
) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(work(&Progress::default()));
    });
    match rx.recv_timeout(SLOW) {
        Ok(t) => t,
        Err(_) => {
            say.line(note);
            rx.recv().expect("the work answers")
        }
    }
}

const HELP: &[&str] = &[
    "Type a hole number to sow it (in Bao i3 or o5: inner or outer hole 3 or 5).",
    "When the seeds cross, type cw for clockwise or ccw for counterclockwise.",
    "Words: board reads the board. legal lists your moves. hint asks the AI.",
    "Short reads: last, the other side's last turn; last 3, the last 3 turns. row, \
     your row; row north. holes 11 to 20. hole 5, one hole and the hole it faces. \
     bulls. try 5, what sowing 5 would do, not played. analysis, every move's value.",
    "undo takes back your last move, redo plays it again. score, log: the score \
     and the moves so far. rules: the rules of this game. position: the position \
     in one line, to set it up again with --position. save saves the game. quit \
     saves and ends. special starts Enkeshui's special move.",
    "verbosity brief, normal or full: how much a turn says. width 40: lines of at \
     most 40 columns (20 to 80).",
];

impl<R: BufRead, W: std::io::Write> Plain<R, W> {
    fn line(&mut self, text: &str) {
        self.say.line(text);
    }

    /// The next line of input (None: the end of input).
    fn read(&mut self) -> Option<String> {
        read_line(&mut self.input, &mut self.say)
    }

    fn game(&self) -> &AnyGame {
        self.session.game()
    }

    fn kind(&self) -> GameKind {
        self.game().kind()
    }

    /// Saves the record if it changed; a failure is said once.
    fn save(&mut self) {
        let record = self.session.record();
        // A signal waits until this save is written.
        let mut saved_in = SAVED_IN.lock();
        // Waited for: the answer comes at once.
        let saved = self.persist.save(&record, Post::new(|_| {}));
        if let Ok(p) = saved_in.as_mut()
            && self.persist.error().is_none()
        {
            **p = self.persist.path().map(PathBuf::from);
        }
        drop(saved_in);
        if let Some(line) = saved.and_then(|s| self.persist.saved(s)) {
            self.say.line(&line);
        }
    }

    /// Where the game is saved, or why it is not.
    fn where_saved(&self) -> String {
        match (self.persist.path(), self.persist.error()) {
            (_, Some(e)) => format!("Not saved: {e}"),
            (Some(p), None) => saved_in(p),
            (None, None) => "Not saved: no data folder".into(),
        }
    }

    /// The last line: where the game is saved. A game that could not be
    /// saved fails the command (status 1), as the client's exit does.
    fn saved_line(&mut self) -> Result<(), PlainError> {
        self.save();
        let line = self.where_saved();
        self.line(&line);
        match self.persist.error() {
            Some(e) => Err(PlainError::NotSaved(e.to_string())),
            None => Ok(()),
        }
    }

    fn seat_words(&self, side: Side) -> String {
        match self.session.seat(side) {
            Seat::Human => "a person".into(),
            Seat::Ai(p) => format!("the AI at {}", p.name()),
        }
    }

    fn intro(&mut self) {
        let title = words::spoken_title(&self.session.setup().title());
        let line = match self.view.me {
            Some(me) => format!(
                "{title}. You play {} against {}, {}.",
                me.title(),
                me.other().title(),
                self.seat_words(me.other())
            ),
            None => format!(
                "{title}. South is {}, North is {}.",
                self.seat_words(Side::South),
                self.seat_words(Side::North)
            ),
        };
        self.line(&line);
        self.line("Type help for the words you can use.");
    }

    fn opening(&mut self) {
        let lines = self.session.opening().to_vec();
        let mut said_first = false;
        for l in lines {
            if said_first && l.ends_with(" moves first.") {
                continue;
            }
            match race_first(&l) {
                Some(line) => {
                    said_first = true;
                    self.line(&line);
                }
                None => self.line(&l),
            }
        }
        self.board();
    }

    fn board(&mut self) {
        for l in board_lines(self.game(), &self.view) {
            self.line(&l);
        }
    }

    fn main(&mut self) -> Result<(), PlainError> {
        self.intro();
        if let Some(line) = self.first.take() {
            self.line(&line);
        }
        if self.session.racing().is_none() {
            if self.session.step() > 0 {
                self.line(&format!("Resumed at turn {}.", self.game().turn()));
            }
            self.opening();
        }
        self.save();
        loop {
            if self.say.closed() {
                break;
            }
            let go_on = match self.session.what_next() {
                Next::Race => self.race(),
                Next::Ai { side, player, job } => {
                    self.ai_turn(side, player.name(), job);
                    true
                }
                Next::Prompt(side) => self.person(side),
                Next::End(end) => self.over(end),
            };
            if !go_on {
                break;
            }
        }
        self.saved_line()
    }

    // ---- the turns --------------------------------------------------------------

    fn told(&mut self, a: &Applied) {
        // Below full: the score once a round, when a person is to move
        // (the AI's answer comes at once, and so do its directions).
        // Brief: the lead, and only when it changed since it was last said.
        let game = self.game();
        let mut score = (self.session.human(game.to_move()) || self.verbosity == Verbosity::Full)
            .then(|| words::score_short(game, &self.view));
        if self.verbosity == Verbosity::Brief && score.is_some() {
            let lead = words::score_lead(game, &self.view);
            score = (self.score_said.as_ref() != Some(&lead)).then(|| lead.clone());
            self.score_said = Some(lead);
        }
        if let Some(line) = told_line(&a.turn, self.game(), &self.view, self.verbosity, score) {
            self.line(&line);
        }
        if a.save {
            self.save();
        }
    }

    fn ai_turn(&mut self, side: Side, level: &str, job: Box<AiJob>) {
        let note = format!("{} (AI {level}) is thinking.", side.title());
        // The AI's decision comes played: the session takes it as it is.
        let decided = on_thread(&mut self.say, &note, move |p| job.run(p));
        let Some(decided) = decided else {
            self.line("The AI found no move.");
            return;
        };
        self.take(decided);
    }

    /// Plays a decision (worked out on a thread): told, or refused in a line.
    fn decide(&mut self, token: &str) -> bool {
        let job = self.session.decide(token);
        let note = format!("Working out the sowing of {}.", token_words(token));
        let decided = on_thread(&mut self.say, &note, move |p| job.run(p));
        self.typed = Some(token.to_string());
        let taken = self.take(decided);
        self.typed = None;
        taken
    }

    /// A decision worked out, given to the session: told, or refused in a line.
    fn take(&mut self, decided: crate::session::Decided) -> bool {
        match self.session.apply(decided) {
            Ok(a) => {
                self.told(&a);
                true
            }
            Err(Refused::Rule { reason, .. }) => {
                let mut reason = reason.to_string();
                // A long line is quoted by its start only.
                if let Some(t) = self.typed.as_deref().filter(|t| t.chars().count() > QUOTED) {
                    reason = reason.replace(&format!("'{t}'"), &quoted(t));
                }
                let mut line = capitalized(&words::speakable(&format!("{reason}.")));
                // Not a decision at all: perhaps a word.
                if line.contains(" is not a") {
                    line.push_str(" Type help for the words you can use.");
                }
                self.line(&line);
                false
            }
            Err(e) => {
                self.line(&capitalized(&format!("{e}.")));
                false
            }
        }
    }

    fn legal(&mut self) -> Vec<String> {
        let game = self.game().clone();
        on_thread(&mut self.say, "Working out the legal moves.", move |p| {
            work::legal_of(&game, p).unwrap_or_default()
        })
    }

    fn prompt(&mut self, side: Side) {
        let who = match self.view.me {
            Some(me) if me == side => "Your move".to_string(),
            _ => format!("{} to move", side.title()),
        };
        if self.game().pending().is_some() {
            let opts = direction_options(self.game(), &self.view);
            let line = match self.verbosity {
                _ if std::mem::take(&mut self.list_legal) => None,
                Verbosity::Full => None,
                // cw or ccw, toward a hole each: fewer words.
                Verbosity::Normal => Some(words::directions_short(&opts, true)),
                Verbosity::Brief => Some(words::directions_short(&opts, false)),
            };
            let line =
                line.unwrap_or_else(|| format!("choose the direction, {}", opts.join(" or ")));
            self.line(&format!("{who}: {line}."));
            return;
        }
        if let Some(stage) = &self.special {
            let line = match stage {
                None => "Special move: type the two holes to lift, for example 3 5. \
                         Type cancel to give it up."
                    .to_string(),
                Some(l) => format!(
                    "Special move: you hold {}. Type how many each of your holes 1 to {} gets, \
                     in order, for example {}.",
                    words::count(self.kind(), l.in_hand),
                    holes_in_row(self.game()),
                    example_split(l.in_hand, holes_in_row(self.game()))
                ),
            };
            self.line(&line);
            return;
        }
        let legal = self.legal();
        let said = words::legal_said(self.kind(), &legal, holes_in_row(self.game()));
        let verbosity = if std::mem::take(&mut self.list_legal) {
            Verbosity::Full
        } else {
            self.verbosity
        };
        // Below full the turn number is left to `score`, a long list to `legal`.
        let line = match words::legal_prompted(&said, legal.len(), verbosity) {
            _ if verbosity == Verbosity::Full => {
                format!("{who}, turn {}, {said}.", self.game().turn())
            }
            Some(said) => format!("{who}, {said}."),
            None => format!("{who}."),
        };
        self.line(&line);
    }

    /// `verbosity [brief|normal|full]`, `width [N]`: said, or set and said.
    fn voice_word(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["verbosity"] => {
                let now = self.verbosity.name();
                self.line(&format!(
                    "Verbosity {now}. Type verbosity brief, normal or full to change it."
                ));
            }
            ["verbosity", v] => match Verbosity::parse(v) {
                Some(v) => {
                    self.verbosity = v;
                    self.line(&format!("Verbosity {}: {}.", v.name(), verbosity_said(v)));
                }
                None => self.line("Type verbosity brief, normal or full (help: the words)."),
            },
            ["width"] => {
                let now = self.say.width();
                self.line(&format!(
                    "Lines are at most {now} columns. Type width and a number from {} to {} to \
                     change it.",
                    out::MIN_WIDTH,
                    out::WIDTH
                ));
            }
            ["width", n] => match n.parse::<usize>() {
                Ok(n) if (out::MIN_WIDTH..=out::WIDTH).contains(&n) => {
                    self.say.set_width(n);
                    self.line(&format!("Lines are at most {n} columns now."));
                }
                _ => self.line(&format!(
                    "Type width and a number from {} to {} (help: the words).",
                    out::MIN_WIDTH,
                    out::WIDTH
                )),
            },
            _ => self.line("Type verbosity or width, and a value (help: the words)."),
        }
    }

    /// A person's turn: the prompt, a line read, and what it asks.
    fn person(&mut self, side: Side) -> bool {
        self.prompt(side);
        loop {
            let Some(line) = self.read() else {
                return false;
            };
            if line.is_empty() {
                self.line("Type a move, or help for the words you can use.");
                continue;
            }
            match self.word(&line) {
                Some(go_on) => return go_on,
                None => continue,
            }
        }
    }

    /// A line typed at a person's turn. Some(go on): the turn is over or
    /// something was done that needs the prompt again; None: read again.
    fn word(&mut self, line: &str) -> Option<bool> {
        let first = line.split_whitespace().next().unwrap_or("");
        match first {
            "quit" | "exit" | "q" => return Some(false),
            "help" | "?" => {
                for l in HELP {
                    self.line(l);
                }
                return None;
            }
            "board" | "b" => {
                self.board();
                return None;
            }
            "legal" | "moves" => {
                self.special = None;
                self.list_legal = true;
                return Some(true);
            }
            "score" => {
                let l = score_line(self.game(), &self.view);
                self.line(&format!("Turn {}. {l}", self.game().turn()));
                return None;
            }
            "log" => {
                self.log();
                return None;
            }
            "position" => {
                let line = self.game().position_line();
                self.say.verbatim(&line);
                return None;
            }
            "rules" => {
                self.rules();
                return None;
            }
            "save" => {
                self.save();
                let line = self.where_saved();
                self.line(&line);
                return None;
            }
            "hint" => {
                self.hint();
                return None;
            }
            "last" | "row" | "holes" | "hole" | "bulls" | "try" | "analysis" => {
                self.read_word(line);
                return None;
            }
            "verbosity" | "width" => {
                self.voice_word(line);
                return None;
            }
            "undo" => {
                self.special = None;
                match self.session.undo() {
                    Ok(turn) => {
                        self.line(&format!("Undone: back to turn {turn}."));
                        self.save();
                    }
                    Err(e) => self.line(&format!("{e}.")),
                }
                return Some(true);
            }
            "redo" => {
                match self.session.redo() {
                    Ok(turn) => {
                        self.line(&format!("Redone: turn {turn}."));
                        self.save();
                    }
                    Err(e) => self.line(&format!("{e}.")),
                }
                return Some(true);
            }
            "cancel" if self.special.is_some() => {
                self.special = None;
                self.line("Special move given up.");
                return Some(true);
            }
            "special" if line == "special" => {
                if let Some(why) = crate::session::special_refusal(self.game()) {
                    self.line(&capitalized(&format!("{why}.")));
                    return None;
                }
                self.special = Some(None);
                return Some(true);
            }
            _ => {}
        }
        if let Some(stage) = self.special.clone() {
            return self.special_step(stage, line);
        }
        let token = typed_token(line);
        let direction = token == "cw" || token == "ccw";
        match (self.game().pending().is_some(), direction) {
            (true, false) => {
                self.line("cw or ccw? The seeds in hand go on one way or the other.");
                return None;
            }
            (false, true) => {
                self.line("No direction is asked now: type a hole.");
                return None;
            }
            _ => {}
        }
        if self.decide(&token) {
            Some(true)
        } else {
            None
        }
    }

    /// A line of the guided special move.
    fn special_step(&mut self, stage: Option<Lifted>, line: &str) -> Option<bool> {
        let n = holes_in_row(self.game());
        let numbers: Result<Vec<u32>, _> = line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(str::parse::<u32>)
            .collect();
        let Ok(numbers) = numbers else {
            self.line("Type numbers only, or cancel.");
            return None;
        };
        match stage {
            None => {
                let [a, b] = numbers[..] else {
                    self.line("Type two holes, for example 3 5.");
                    return None;
                };
                let (a, b) = (a as usize, b as usize);
                if a == b || a == 0 || b == 0 || a > n || b > n {
                    self.line(&format!("Two different holes from 1 to {n}, please."));
                    return None;
                }
                let v = self.game().position_json();
                let side = if self.game().to_move() == Side::South {
                    "south"
                } else {
                    "north"
                };
                let in_hand = (v[side][a - 1].as_u64().unwrap_or(0)
                    + v[side][b - 1].as_u64().unwrap_or(0)) as u32;
                self.special = Some(Some(Lifted {
                    holes: (a, b),
                    in_hand,
                }));
                Some(true)
            }
            Some(l) => {
                if numbers.len() != n {
                    self.line(&format!("Type {n} numbers, one for each of your holes."));
                    return None;
                }
                let sum: u32 = numbers.iter().sum();
                if sum != l.in_hand {
                    self.line(&format!(
                        "Those add up to {sum}; you hold {}.",
                        words::count(self.kind(), l.in_hand)
                    ));
                    return None;
                }
                let counts: Vec<String> = numbers.iter().map(u32::to_string).collect();
                let token = format!("x{},{}={}", l.holes.0, l.holes.1, counts.join(","));
                if self.decide(&token) {
                    self.special = None;
                    Some(true)
                } else {
                    None
                }
            }
        }
    }
}

/// The session's race line with who moves first said first: "South moves
/// first: South slept first in the race from hole 8, after 12 drops; North
/// made 9." (None: not a race line).
fn race_first(note: &str) -> Option<String> {
    let (race, rest) = if let Some(r) = note.strip_prefix("Quick race from hole ") {
        ("quick race", r)
    } else {
        ("race", note.strip_prefix("Race from hole ")?)
    };
    let (hole, rest) = rest.split_once(": ")?;
    let (first, rest) = rest.split_once(" slept first after ")?;
    let (drops, rest) = rest.split_once(" (")?;
    let (other, rest) = rest.split_once(" made ")?;
    let made = rest.strip_suffix(") and moves first.")?;
    Some(format!(
        "{first} moves first: {first} slept first in the {race} from hole {hole}, \
         after {drops}; {other} made {made}."
    ))
}

/// A decision as typed, in the engine's token: "clockwise" is cw, "inner
/// 3" and "inner hole 3" are i3.
fn typed_token(line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().filter(|w| *w != "hole").collect();
    match words[..] {
        ["clockwise"] => "cw".into(),
        ["counterclockwise" | "anticlockwise" | "counter-clockwise" | "anti-clockwise"] => {
            "ccw".into()
        }
        ["inner", k] if k.parse::<u32>().is_ok() => format!("i{k}"),
        ["outer", k] if k.parse::<u32>().is_ok() => format!("o{k}"),
        _ => line.to_string(),
    }
}

/// Holes in the mover's row (two-row games).
fn holes_in_row(game: &AnyGame) -> usize {
    game.position_json()["holes"].as_u64().unwrap_or(8) as usize
}

/// "2 1 1 1 1 1 1 1": `seeds` given out over `n` holes, as an example.
fn example_split(seeds: u32, n: usize) -> String {
    let n = n.max(1) as u32;
    (0..n)
        .map(|k| (seeds / n + u32::from(k < seeds % n)).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// "1 drop", "5 drops".
fn plural(n: usize, one: &str) -> String {
    format!("{n} {one}{}", if n == 1 { "" } else { "s" })
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// The most of a line a refusal quotes, in characters.
const QUOTED: usize = 40;

/// `text` quoted in a refusal: at most [`QUOTED`] characters.
pub(crate) fn quoted(text: &str) -> String {
    let mut q: String = text.chars().take(QUOTED).collect();
    if text.chars().nth(QUOTED).is_some() {
        q.push('…');
    }
    format!("'{q}'")
}

/// The next line of input, trimmed and in lower case (None: the end of
/// input, or it cannot be read): how every line-mode loop reads a word.
/// A line that is not text (UTF-8) or is over 1 MiB is refused in a line
/// and the next is read: bad input never ends a game.
pub(crate) fn read_line<W: std::io::Write>(
    input: &mut impl BufRead,
    say: &mut Say<W>,
) -> Option<String> {
    let mut buf = Vec::new();
    loop {
        let too_long = match crate::protocol::read_line(input, &mut buf) {
            Ok(Some(too_long)) => too_long,
            Ok(None) | Err(_) => return None,
        };
        if too_long {
            let start = String::from_utf8_lossy(&buf).to_string();
            say.line(&format!(
                "That line is over 1 MiB and is left out (it starts {}). \
                 Type help for the words you can use.",
                quoted(start.trim())
            ));
            continue;
        }
        match String::from_utf8(std::mem::take(&mut buf)) {
            Ok(line) => return Some(line.trim().to_lowercase()),
            Err(_) => say.line(
                "That line is not text a program can read (not UTF-8): nothing done. \
                 Type help for the words you can use.",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_race_line_says_who_moves_first_before_the_counts() {
        assert_eq!(
            race_first(
                "Race from hole 8: South slept first after 12 drops (North made 9) and moves first."
            )
            .as_deref(),
            Some(
                "South moves first: South slept first in the race from hole 8, after 12 drops; \
                 North made 9."
            )
        );
        assert_eq!(
            race_first("Quick race from hole 8: North slept first after 1 drops (South made 0) and moves first.")
                .as_deref(),
            Some(
                "North moves first: North slept first in the quick race from hole 8, after 1 \
                 drops; South made 0."
            )
        );
        assert_eq!(race_first("South moves first."), None);
    }
}

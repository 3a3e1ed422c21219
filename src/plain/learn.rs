//! `learn --plain`: the lessons in plain lines. Each lesson's text, its
//! board read aloud and its task; a lesson is a game (a `Session` at the
//! lesson's position): the player's decisions are played and told as in a
//! game, `undo` takes the turn back, and the whole turn is judged by the
//! lesson's checker once the session says it ended. The race lesson is the
//! session's race, as in the client and a game: Enter starts it, then each
//! Enter is your seed at the moment it is read, and North drops at the
//! lesson's pace on the same clock. A solved lesson is recorded under the
//! progress file's lock, as the client records it.

use super::PlainError;
use super::out::Say;
use super::race::{Presses, held_note};
use super::reads::Reading;
use super::words::{Verbosity, View, board_lines, turn_line};
use crate::ai::Level;
use crate::cli::LearnArgs;
use crate::engine::{AnyGame, PerSide, Side};
use crate::learn::progress::Progress;
use crate::learn::{self, Lesson, Verdict};
use crate::session::race::{NORTH_RACE_MS, Racing};
use crate::session::setup::Setup;
use crate::session::{Refused, Session};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `learn --plain [GAME]` on standard input and output.
pub fn learn(args: &LearnArgs) -> Result<(), PlainError> {
    let lessons = match args.kind()? {
        Some(k) => learn::of(k),
        None => learn::all(),
    };
    super::out::set_start_width(args.width.map_or(super::out::WIDTH, usize::from));
    let stdin = std::io::stdin();
    run(
        lessons,
        Progress::path().ok(),
        stdin.lock(),
        std::io::stdout(),
    )
}

const HELP: &str = "Type a move as in a game (a hole, i3 or o5 in Bao, cw or ccw). \
                    Words: board, legal, hint, undo, again, text, next, back, list, quit; \
                    and as in a game: last, row, hole N, bulls, try N.";

/// The game's short reads, read on the lesson's game as in a game.
const SHORT_READS: [&str; 7] = ["last", "row", "holes", "hole", "bulls", "try", "analysis"];

/// The state of the lesson shown.
enum Try {
    /// The lesson's game, both seats people's (nothing moves for North).
    Turn {
        session: Box<Session>,
    },
    /// The race lesson: North's racer at the lesson's pace, South the
    /// player's Enters.
    Race {
        racing: Box<Racing>,
        /// Go: the first Enter (the race's clock starts there).
        go: Option<Instant>,
        presses: Presses,
    },
    Done,
}

fn start(l: &Lesson) -> Result<Try, PlainError> {
    if l.is_race() {
        // As the client runs it: North's racer is the AI's, at the pace
        // the lesson names.
        let racers = PerSide::new(None, Some(Level::Expert));
        let racing = Racing::new(l.race()?, racers, 0).with_pace(Side::North, NORTH_RACE_MS);
        return Ok(Try::Race {
            racing: Box::new(racing),
            go: None,
            presses: Presses::default(),
        });
    }
    let session = Session::new(Setup::position(l.start()?));
    Ok(Try::Turn {
        session: Box::new(session),
    })
}

/// Runs the lessons by the lines of `input` (the race lesson on the wall
/// clock).
pub fn run<R: BufRead, W: Write>(
    lessons: Vec<Lesson>,
    progress_path: Option<PathBuf>,
    input: R,
    output: W,
) -> Result<(), PlainError> {
    run_with_clock(
        lessons,
        progress_path,
        input,
        output,
        Box::new(Instant::now),
    )
}

/// [`run`], with the time each line of the race lesson is read at given by
/// `clock` (a test's lines come at the times it says).
pub fn run_with_clock<R: BufRead, W: Write>(
    lessons: Vec<Lesson>,
    progress_path: Option<PathBuf>,
    mut input: R,
    output: W,
    mut clock: Box<dyn FnMut() -> Instant>,
) -> Result<(), PlainError> {
    let mut say = Say::new(output);
    // A progress file that does not read is never written over.
    let (mut progress, keep) = match &progress_path {
        None => (Progress::default(), None),
        Some(p) => match Progress::load(p) {
            Ok(pr) => (pr, progress_path.clone()),
            Err(e) => {
                say.line(&format!("Progress not kept: {e}"));
                (Progress::default(), None)
            }
        },
    };
    let mut index = lessons
        .iter()
        .position(|l| !progress.is_done(&l.id))
        .unwrap_or(0);
    say.line(&format!(
        "{} lessons, {} done. {HELP}",
        lessons.len(),
        lessons.iter().filter(|l| progress.is_done(&l.id)).count()
    ));
    let mut state = open(&lessons[index], index, lessons.len(), &mut say)?;
    loop {
        if say.closed() {
            return Ok(());
        }
        let Some(line) = super::read_line(&mut input, &mut say) else {
            return Ok(());
        };
        let now = clock();
        let l = &lessons[index];
        // North's seeds that fell before this line (time runs on while
        // words are answered); the line that finds the race over with
        // North asleep drops nothing.
        if let Try::Race {
            racing,
            go: Some(go),
            presses,
        } = &mut state
            && !matches!(line.as_str(), "quit" | "q" | "exit")
        {
            if let Err(e) = racing.advance(since(*go, now)) {
                say.line(&format!("The race failed: {e}"));
                state = Try::Done;
                continue;
            }
            if racing.first_sleeper().is_some() {
                let v = race_verdict(l, racing, presses.held, &mut say);
                judged(&v, l, &mut progress, keep.as_deref(), &mut say);
                state = Try::Done;
                if line.is_empty() {
                    continue;
                }
            }
        }
        match line.as_str() {
            "quit" | "q" | "exit" => return Ok(()),
            "help" => {
                say.line(HELP);
                continue;
            }
            "hint" => {
                say.line(&format!("Hint: {}", l.hint));
                continue;
            }
            "list" => {
                for (k, l) in lessons.iter().enumerate() {
                    let done = if progress.is_done(&l.id) {
                        ", done"
                    } else {
                        ""
                    };
                    say.line(&format!("Lesson {}: {}{done}.", k + 1, l.title));
                }
                continue;
            }
            "board" => {
                match &state {
                    Try::Turn { session } => {
                        let game = session.game();
                        let view = View {
                            me: Some(game.to_move()),
                        };
                        for b in board_lines(game, &view) {
                            say.line(&b);
                        }
                    }
                    Try::Race { racing, .. } => say.line(&standing(racing)),
                    Try::Done => say.line("Type next or again."),
                }
                continue;
            }
            "again" => {
                // The lesson's text is read by `text`, not again.
                say.line(&format!("Lesson {} again.", index + 1));
                state = start(l)?;
                shown(l, &state, &mut say);
                continue;
            }
            "text" => {
                for p in &l.text {
                    say.line(p);
                }
                say.line(&format!("Task: {}", l.task));
                continue;
            }
            "legal" | "moves" => {
                match &state {
                    Try::Turn { session } => say.line(&lesson_prompt(session.game())),
                    Try::Race { .. } => say.line("Press Enter to drop your seed."),
                    Try::Done => say.line("This lesson is over: type next, again or quit."),
                }
                continue;
            }
            w if SHORT_READS.contains(&w.split_whitespace().next().unwrap_or("")) => {
                match &state {
                    Try::Turn { session } => Reading {
                        session,
                        view: View {
                            me: Some(session.game().to_move()),
                        },
                        verbosity: Verbosity::default(),
                        say: &mut say,
                    }
                    .read_word(&line),
                    Try::Race { .. } => {
                        say.line("Press Enter to drop your seed (board tells how the race stands).")
                    }
                    Try::Done => say.line("This lesson is over: type next, again or quit."),
                }
                continue;
            }
            "next" | "back" => {
                index = if line == "next" {
                    (index + 1) % lessons.len()
                } else {
                    (index + lessons.len() - 1) % lessons.len()
                };
                state = open(&lessons[index], index, lessons.len(), &mut say)?;
                continue;
            }
            _ => {}
        }
        let verdict = match &mut state {
            Try::Done => {
                say.line("This lesson is over: type next, again or quit.");
                continue;
            }
            Try::Race { .. } if !line.is_empty() => {
                say.line("Press Enter to drop your seed (board tells how the race stands).");
                continue;
            }
            Try::Race { go: go @ None, .. } => {
                *go = Some(now);
                say.line("Go!");
                continue;
            }
            // Nothing is said per seed: speech never slows a racer.
            Try::Race {
                racing,
                go: Some(go),
                presses,
            } => {
                if !presses.counts(now) {
                    continue;
                }
                if let Err(e) = racing.press(Side::South, since(*go, now)) {
                    say.line(&format!("The race failed: {e}"));
                    state = Try::Done;
                    continue;
                }
                if racing.first_sleeper().is_none() {
                    continue;
                }
                race_verdict(l, racing, presses.held, &mut say)
            }
            Try::Turn { .. } if line.is_empty() => {
                say.line("Type a move, or help for the words you can use.");
                continue;
            }
            // As in a game: back to the start of the turn.
            Try::Turn { session } if line == "undo" => {
                match session.undo() {
                    Ok(turn) => {
                        say.line(&format!("Undone: back to turn {turn}."));
                        say.line(&lesson_prompt(session.game()));
                    }
                    Err(e) => say.line(&format!("{e}.")),
                }
                continue;
            }
            Try::Turn { session } => {
                let token = match line.as_str() {
                    "clockwise" => "cw".to_string(),
                    "counterclockwise" | "anticlockwise" => "ccw".to_string(),
                    t => t.to_string(),
                };
                let me = session.game().to_move();
                match session.play(&token) {
                    Ok(applied) => {
                        let view = View { me: Some(me) };
                        say.line(&turn_line(&applied.turn, session.game(), &view));
                    }
                    Err(Refused::Rule { reason, .. }) => {
                        // The engine's reason, without the token it names.
                        say.line(&capital(&super::words::speakable(&format!("{reason}."))));
                        continue;
                    }
                    Err(e) => {
                        say.line(&capital(&format!("{e}.")));
                        continue;
                    }
                }
                if !session.turn_ended() {
                    // A crossing: the direction is asked.
                    say.line(&lesson_prompt(session.game()));
                    continue;
                }
                let tokens: Vec<String> = session.turns().map(|t| t.decision.to_string()).collect();
                match l.check_tokens(&tokens) {
                    Ok(v) => {
                        say.line(&l.answer(&tokens, &v));
                        v
                    }
                    Err(e) => {
                        say.line(&format!("Not judged: {e}"));
                        continue;
                    }
                }
            }
        };
        judged(&verdict, l, &mut progress, keep.as_deref(), &mut say);
        state = Try::Done;
    }
}

/// Milliseconds from Go to `now`.
fn since(go: Instant, now: Instant) -> u64 {
    now.saturating_duration_since(go).as_millis() as u64
}

/// How the race stands: each racer's drops, seeds in hand and lap.
fn standing(racing: &Racing) -> String {
    let (drops, hand, laps) = (
        racing.drops(),
        racing.race().in_hand(),
        racing.race().laps(),
    );
    format!(
        "You: {}, {} in hand, lap {}. North: {}, {} in hand, lap {}.",
        super::plural(drops.south, "drop"),
        hand.south,
        laps.south,
        super::plural(drops.north, "drop"),
        hand.north,
        laps.north
    )
}

/// The race is over: the Enters not counted, then the lesson's verdict.
fn race_verdict<W: Write>(l: &Lesson, racing: &Racing, held: u32, say: &mut Say<W>) -> Verdict {
    if let Some(note) = held_note(held) {
        say.line(&note);
    }
    let v = l.check_race(racing.race());
    say.line(&v.what);
    v
}

/// The verdict's last line; a solved lesson recorded.
fn judged<W: Write>(
    v: &Verdict,
    l: &Lesson,
    progress: &mut Progress,
    keep: Option<&Path>,
    say: &mut Say<W>,
) {
    if v.solved {
        if let Err(e) = progress.solved(keep, &l.id) {
            say.line(&format!("Progress not saved: {e}"));
        }
        say.line("Solved. Type next for the next lesson, or again.");
    } else {
        say.line("Not solved. Type again to try again, hint for a hint, or next.");
    }
}

/// Shows lesson `index`: its title, text, board and task.
fn open<W: Write>(
    l: &Lesson,
    index: usize,
    total: usize,
    say: &mut Say<W>,
) -> Result<Try, PlainError> {
    say.line(&format!("Lesson {} of {total}: {}.", index + 1, l.title));
    for p in &l.text {
        say.line(p);
    }
    let state = start(l)?;
    shown(l, &state, say);
    Ok(state)
}

/// A lesson's board (or the race's rules), its task and the prompt.
fn shown<W: Write>(l: &Lesson, state: &Try, say: &mut Say<W>) {
    match state {
        Try::Turn { session } => {
            let game = session.game();
            let view = View {
                me: Some(game.to_move()),
            };
            for b in board_lines(game, &view) {
                say.line(&b);
            }
        }
        Try::Race { .. } => say.line(&format!(
            "Here you race by lines: press Enter to start, then Enter for each of your \
             seeds: it falls when you press. North drops a seed every {NORTH_RACE_MS} ms; \
             drop faster to win. Nothing is said until the race ends (board tells how it \
             stands)."
        )),
        Try::Done => {}
    }
    say.line(&format!("Task: {}", l.task));
    if let Try::Turn { session } = state {
        say.line(&lesson_prompt(session.game()));
    }
}

/// The legal decisions of the player to move (or the directions mid-turn).
fn lesson_prompt(game: &AnyGame) -> String {
    let view = View {
        me: Some(game.to_move()),
    };
    super::puzzles::move_prompt(game, &view)
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

//! `learn --plain`: the lessons in plain lines. Each lesson's text, its
//! board read aloud and its task; a lesson is a game (a `Session` at the
//! lesson's position): the player's decisions are played and told as in a
//! game, `undo` takes the turn back, and the whole turn is judged by the
//! lesson's checker once the session says it ended (the race lesson: Enter
//! drops your seed, n drops North's). A solved lesson is recorded under
//! the progress file's lock, as the client records it.

use super::PlainError;
use super::out::Say;
use super::words::{View, board_lines, turn_line};
use crate::cli::LearnArgs;
use crate::engine::enkeshui::race::Race;
use crate::engine::{Quiet, Side};
use crate::learn::progress::Progress;
use crate::learn::{self, Lesson};
use crate::session::setup::Setup;
use crate::session::{Refused, Session};
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// `learn --plain [GAME]` on standard input and output.
pub fn learn(args: &LearnArgs) -> Result<(), PlainError> {
    let lessons = match args.kind()? {
        Some(k) => learn::of(k),
        None => learn::all(),
    };
    let stdin = std::io::stdin();
    run(
        lessons,
        Progress::path().ok(),
        stdin.lock(),
        std::io::stdout(),
    )
}

const HELP: &str = "Type a move as in a game (a hole, i3 or o5 in Bao, cw or ccw). \
                    Words: board, hint, undo, again, next, back, list, quit.";

/// The state of the lesson shown.
enum Try {
    /// The lesson's game, both seats people's (nothing moves for North).
    Turn {
        session: Box<Session>,
    },
    Race {
        race: Box<Race>,
    },
    Done,
}

fn start(l: &Lesson) -> Result<Try, PlainError> {
    if l.is_race() {
        return Ok(Try::Race {
            race: Box::new(l.race()?),
        });
    }
    let session = Session::new(Setup::position(l.start()?));
    Ok(Try::Turn {
        session: Box::new(session),
    })
}

/// Runs the lessons by the lines of `input`.
pub fn run<R: BufRead, W: Write>(
    lessons: Vec<Lesson>,
    progress_path: Option<PathBuf>,
    mut input: R,
    output: W,
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
        let Some(line) = super::read_line(&mut input) else {
            return Ok(());
        };
        let l = &lessons[index];
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
                    Try::Race { race } => {
                        let (hand, laps) = (race.in_hand(), race.laps());
                        say.line(&format!(
                            "You: {} in hand, lap {}. North: {} in hand, lap {}.",
                            hand.south, laps.south, hand.north, laps.north
                        ));
                    }
                    Try::Done => say.line("Type next or again."),
                }
                continue;
            }
            "again" => {
                state = open(l, index, lessons.len(), &mut say)?;
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
            Try::Race { race } => {
                let side = match line.as_str() {
                    "" | "s" | "south" => Side::South,
                    "n" | "north" => Side::North,
                    _ => {
                        say.line("Press Enter to drop your seed, or type n to drop North's.");
                        continue;
                    }
                };
                if let Err(e) = race.drop_seed(side, &mut Quiet) {
                    say.line(&format!("The race failed: {e}"));
                    continue;
                }
                match race.first_sleeper() {
                    None => continue,
                    Some(_) => {
                        let v = l.check_race(race);
                        say.line(&v.what);
                        v
                    }
                }
            }
            Try::Turn { .. } if line.is_empty() => {
                say.line("Type a move, or help for the words you can use.");
                continue;
            }
            // As in a game: back to the start of the turn.
            Try::Turn { session } if line == "undo" => {
                match session.undo() {
                    Ok(turn) => say.line(&format!("Undone: back to turn {turn}.")),
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
        if verdict.solved {
            if let Err(e) = progress.solved(keep.as_deref(), &l.id) {
                say.line(&format!("Progress not saved: {e}"));
            }
            say.line("Solved. Type next for the next lesson, or again.");
        } else {
            say.line("Not solved. Type again to try again, hint for a hint, or next.");
        }
        state = Try::Done;
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
        Try::Race { .. } => {
            say.line("Press Enter to drop your seed, or type n to drop North's.");
        }
        Try::Done => {}
    }
    say.line(&format!("Task: {}", l.task));
    Ok(state)
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

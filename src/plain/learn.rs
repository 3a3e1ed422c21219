//! `learn --plain`: the lessons in plain lines. Each lesson's text, its
//! board read aloud and its task; the player's decisions are played and
//! told as in a game, and the whole turn is judged by the lesson's checker
//! (the race lesson: Enter drops your seed, n drops North's).

use super::PlainError;
use super::out::Say;
use super::words::{View, board_lines, turn_line};
use crate::cli::LearnArgs;
use crate::engine::enkeshui::race::Race;
use crate::engine::{AnyGame, Event, Quiet, Side};
use crate::learn::progress::Progress;
use crate::learn::{self, Lesson};
use crate::session::Turn;
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
                    Words: board, hint, again, next, back, list, quit.";

/// The state of the lesson shown.
enum Try {
    Turn { game: AnyGame, tokens: Vec<String> },
    Race { race: Race },
    Done,
}

fn start(l: &Lesson) -> Result<Try, PlainError> {
    if l.is_race() {
        return Ok(Try::Race { race: l.race()? });
    }
    Ok(Try::Turn {
        game: l.start()?,
        tokens: Vec::new(),
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
                    Try::Turn { game, .. } => {
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
            Try::Turn { game, tokens } => {
                let token = match line.as_str() {
                    "clockwise" => "cw".to_string(),
                    "counterclockwise" | "anticlockwise" => "ccw".to_string(),
                    t => t.to_string(),
                };
                let before = game.clone();
                let mut events: Vec<Event> = Vec::new();
                if let Err(e) = game.play_token(&token, &mut events) {
                    let e = e.to_string();
                    say.line(&capital(&super::words::speakable(&format!("{e}."))));
                    continue;
                }
                let me = before.to_move();
                let turn = Turn {
                    side: me,
                    turn: before.turn(),
                    token: token.clone(),
                    before,
                    events,
                };
                let view = View { me: Some(me) };
                say.line(&turn_line(&turn, game, &view));
                tokens.push(token);
                if game.pending().is_some() && game.to_move() == me {
                    continue;
                }
                match l.check_tokens(tokens) {
                    Ok(v) => {
                        say.line(&l.answer(tokens, &v));
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
            if progress.mark(&l.id)
                && let Some(path) = &keep
                && let Err(e) = progress.save(path)
            {
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
        Try::Turn { game, .. } => {
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

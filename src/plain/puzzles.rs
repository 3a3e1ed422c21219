//! `learn --puzzles --plain`: the puzzles from real games in plain lines.
//! Each puzzle's origin, its board read aloud, its task and the legal
//! decisions; the player's turn is played and told as in a game, and
//! judged on its first decision against the puzzle's proven values (as the
//! client's puzzle screen judges it). A solved puzzle is kept in
//! puzzles.json, as the client keeps it.

use super::PlainError;
use super::out::Say;
use super::reads::Reading;
use super::words::{self, Verbosity, View, board_lines, direction_options, turn_line};
use crate::cli::LearnArgs;
use crate::engine::{AnyGame, GameKind, Side};
use crate::learn::progress::Progress;
use crate::learn::puzzles::{self, GRADES, Puzzle, grade_name, number};
use crate::session::setup::Setup;
use crate::session::{Refused, Session};
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// `learn --puzzles --plain [GAME]` on standard input and output.
pub fn puzzles(args: &LearnArgs) -> Result<(), PlainError> {
    let list = match args.kind()? {
        Some(k) => puzzles::of(k),
        None => puzzles::all(),
    };
    super::out::set_start_width(args.width.map_or(super::out::WIDTH, usize::from));
    let stdin = std::io::stdin();
    run(
        list,
        puzzles::progress_path().ok(),
        stdin.lock(),
        std::io::stdout(),
    )
}

const HELP: &str = "Type a decision as in a game (a hole, i3 or o5 in Bao, cw or ccw). \
                    Words: board, legal, hint, solution, again, next, back, list, \
                    puzzle and a number, help, quit.";

/// What `help` adds: the game's short reads, read on the puzzle's game.
const HELP_READS: &str = "As in a game: last, row, hole N, bulls, try N, analysis, undo.";

/// The game's short reads (as a lesson's).
const SHORT_READS: [&str; 7] = ["last", "row", "holes", "hole", "bulls", "try", "analysis"];

/// The puzzle shown: its game so far this turn (a session, both seats
/// people's, so the short reads and undo work as in a game), or its
/// verdict given.
enum Try {
    Turn { session: Box<Session> },
    Done,
}

/// Runs the puzzles of `list` by the lines of `input`; the solved ones
/// are kept in the file at `progress_path`.
pub fn run<R: BufRead, W: Write>(
    list: Vec<Puzzle>,
    progress_path: Option<PathBuf>,
    mut input: R,
    output: W,
) -> Result<(), PlainError> {
    if list.is_empty() {
        return Err(PlainError::NoPuzzles);
    }
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
    let solved = |progress: &Progress| list.iter().filter(|p| progress.is_done(&p.id)).count();
    let mut index = list
        .iter()
        .position(|p| !progress.is_done(&p.id))
        .unwrap_or(0);
    say.line(&format!(
        "Puzzles from real games: {} puzzles, {} solved. In each, one decision alone \
         keeps the best result, proven to the end of the game. {HELP}",
        list.len(),
        solved(&progress)
    ));
    let mut state = open(&list, index, &progress, &mut say)?;
    loop {
        if say.closed() {
            return Ok(());
        }
        let Some(line) = super::read_line(&mut input, &mut say) else {
            return Ok(());
        };
        let p = &list[index];
        match line.as_str() {
            "quit" | "q" | "exit" => return Ok(()),
            "help" => {
                say.line(HELP);
                say.line(HELP_READS);
                continue;
            }
            "hint" => {
                say.line(&format!("Hint: {}", puzzles::hint(p)));
                continue;
            }
            "solution" => {
                say.line(&format!("Solution: {}.", p.solution));
                continue;
            }
            "list" => {
                for l in list_lines(&list, &progress) {
                    say.line(&l);
                }
                continue;
            }
            "board" => {
                match &state {
                    Try::Turn { session } => {
                        for b in board_lines(session.game(), &south()) {
                            say.line(&b);
                        }
                    }
                    Try::Done => say.line("This puzzle is over: type next, again or quit."),
                }
                continue;
            }
            "legal" => {
                match &state {
                    Try::Turn { session } => say.line(&prompt(p, session.game())),
                    Try::Done => say.line("This puzzle is over: type next, again or quit."),
                }
                continue;
            }
            "again" => {
                state = open(&list, index, &progress, &mut say)?;
                continue;
            }
            "next" | "back" => {
                index = if line == "next" {
                    (index + 1) % list.len()
                } else {
                    (index + list.len() - 1) % list.len()
                };
                state = open(&list, index, &progress, &mut say)?;
                continue;
            }
            w if SHORT_READS.contains(&w.split_whitespace().next().unwrap_or("")) => {
                match &state {
                    Try::Turn { session } => Reading {
                        session,
                        view: south(),
                        verbosity: Verbosity::default(),
                        say: &mut say,
                    }
                    .read_word(&line),
                    Try::Done => say.line("This puzzle is over: type next, again or quit."),
                }
                continue;
            }
            "undo" => {
                match &mut state {
                    // As in a game: back to the start of the turn.
                    Try::Turn { session } => match session.undo() {
                        Ok(turn) => {
                            say.line(&format!("Undone: back to turn {turn}."));
                            say.line(&prompt(p, session.game()));
                        }
                        Err(e) => say.line(&format!("{e}.")),
                    },
                    Try::Done => say.line("This puzzle is over: type next, again or quit."),
                }
                continue;
            }
            "" => {
                match &state {
                    Try::Turn { .. } => {
                        say.line("Type a decision, or help for the words you can use.")
                    }
                    Try::Done => say.line("This puzzle is over: type next, again or quit."),
                }
                continue;
            }
            _ => {}
        }
        if let Some(n) = line.strip_prefix("puzzle") {
            // Puzzle N of the game of the puzzle shown.
            let kind = p.kind();
            let found = n
                .trim()
                .parse::<u32>()
                .ok()
                .and_then(|n| list.iter().position(|x| x.kind() == kind && number(x) == n));
            match found {
                Some(i) => {
                    index = i;
                    state = open(&list, index, &progress, &mut say)?;
                }
                None => {
                    let of: Vec<u32> = list
                        .iter()
                        .filter(|x| x.kind() == kind)
                        .map(number)
                        .collect();
                    say.line(&format!(
                        "Type puzzle and a number from {} to {}.",
                        of.iter().min().unwrap_or(&1),
                        of.iter().max().unwrap_or(&1)
                    ));
                }
            }
            continue;
        }
        let Try::Turn { session } = &mut state else {
            say.line("This puzzle is over: type next, again or quit.");
            continue;
        };
        let token = match line.as_str() {
            "clockwise" => "cw".to_string(),
            "counterclockwise" | "anticlockwise" => "ccw".to_string(),
            t => t.to_string(),
        };
        let me = session.game().to_move();
        match session.play(&token) {
            Ok(applied) => say.line(&turn_line(&applied.turn, session.game(), &south())),
            Err(Refused::Rule { reason, .. }) => {
                // The engine's reason, without the token it names.
                say.line(&capital(&words::speakable(&format!("{reason}."))));
                continue;
            }
            Err(e) => {
                say.line(&capital(&format!("{e}.")));
                continue;
            }
        }
        let game = session.game();
        if let crate::engine::Status::Over(o) = game.status() {
            say.line(&format!("{}.", crate::session::over_line(&o)));
        }
        if game.pending().is_some() && game.to_move() == me && !game.status().is_over() {
            say.line(&prompt(p, game));
            continue;
        }
        let tokens: Vec<String> = session.turns().map(|t| t.decision.to_string()).collect();
        // Judged on the turn's first decision, as the client judges it.
        let (ok, what) = p.verdict(&tokens[0]);
        let what = without_notation(&what);
        if ok {
            say.line(&format!("Solved! {what}"));
            if let Err(e) = progress.solved(keep.as_deref(), &p.id) {
                say.line(&format!("Progress not saved: {e}"));
            }
            if solved(&progress) == list.len() {
                say.line(&format!("All {} puzzles here are solved.", list.len()));
            }
            say.line("Type next for the next puzzle, list for the list, or quit.");
        } else {
            say.line(&format!("Not this time. {what}"));
            say.line("Type again to try again, hint for a hint, solution for the answer, or next.");
        }
        state = Try::Done;
    }
}

/// The player sits South in every puzzle.
fn south() -> View {
    View {
        me: Some(Side::South),
    }
}

/// The prompt: the position's legal decisions (or the directions mid-turn);
/// not the puzzle's valued ones, which in Bao leave out every decision
/// without a forced result and so would give the answer away.
fn prompt(_p: &Puzzle, game: &AnyGame) -> String {
    move_prompt(game, &south())
}

/// "Your move, holes 3 to 8." or, mid-turn, the directions: a lesson's
/// and a puzzle's prompt.
pub(super) fn move_prompt(game: &AnyGame, view: &View) -> String {
    if game.pending().is_some() {
        let opts = direction_options(game, view);
        return format!("Your move: choose the direction, {}.", opts.join(" or "));
    }
    let tokens = game.legal_tokens();
    let holes = game.position_json()["holes"].as_u64().unwrap_or(8) as usize;
    format!(
        "Your move, {}.",
        words::legal_said(game.kind(), &tokens, holes)
    )
}

/// Shows puzzle `index`: its title, origin, board, task and prompt.
fn open<W: Write>(
    list: &[Puzzle],
    index: usize,
    progress: &Progress,
    say: &mut Say<W>,
) -> Result<Try, PlainError> {
    let p = &list[index];
    let kind = p.kind();
    let of = list.iter().filter(|x| x.kind() == kind).count();
    let done = if progress.is_done(&p.id) {
        ", solved before"
    } else {
        ""
    };
    say.line(&format!(
        "{} puzzle {} of {of}, grade {} ({}){done}.",
        kind.title(),
        number(p),
        p.grade,
        grade_name(p.grade)
    ));
    say.line(&puzzles::origin(p));
    let game = p.start()?;
    for b in board_lines(&game, &south()) {
        say.line(&b);
    }
    say.line(&format!("Task: {}", p.task()));
    say.line(&prompt(p, &game));
    Ok(Try::Turn {
        session: Box::new(Session::new(Setup::position(game))),
    })
}

/// The list: each game's puzzles by grade, then the solved ones.
fn list_lines(list: &[Puzzle], progress: &Progress) -> Vec<String> {
    let mut out = Vec::new();
    for kind in GameKind::ALL {
        let of: Vec<&Puzzle> = list.iter().filter(|x| x.kind() == kind).collect();
        if of.is_empty() {
            continue;
        }
        let solved: Vec<String> = of
            .iter()
            .filter(|x| progress.is_done(&x.id))
            .map(|x| number(x).to_string())
            .collect();
        out.push(format!(
            "{} puzzles: {}, {} solved.",
            kind.title(),
            of.len(),
            solved.len()
        ));
        for g in 1..=GRADES.len() as u32 {
            let numbers: Vec<String> = of
                .iter()
                .filter(|x| x.grade == g)
                .map(|x| number(x).to_string())
                .collect();
            if numbers.is_empty() {
                continue;
            }
            out.push(format!(
                "Grade {g} ({}): puzzles {}.",
                grade_name(g),
                spans(&numbers)
            ));
        }
        if !solved.is_empty() {
            out.push(format!("Solved: {}.", spans(&solved)));
        }
    }
    out
}

/// Numbers said as runs: "1 to 20, 22, 25 to 30".
fn spans(numbers: &[String]) -> String {
    let n: Vec<u32> = numbers.iter().filter_map(|x| x.parse().ok()).collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < n.len() {
        let mut j = i;
        while j + 1 < n.len() && n[j + 1] == n[j] + 1 {
            j += 1;
        }
        out.push(match j - i {
            0 => n[i].to_string(),
            1 => format!("{}, {}", n[i], n[j]),
            _ => format!("{} to {}", n[i], n[j]),
        });
        i = j + 1;
    }
    out.join(", ")
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A verdict said once: "a loss by 14 seeds in 9 turns", without the
/// client's short form after it ("(loss -14 in 9 turns)"), which a voice
/// reads as the same again with a minus.
fn without_notation(verdict: &str) -> String {
    let mut out = String::new();
    let mut rest = verdict;
    while let Some(at) = rest.find(" (") {
        let inner = &rest[at + 2..];
        let short = ["win ", "loss ", "draw "]
            .iter()
            .any(|w| inner.starts_with(w));
        match inner.find(')') {
            Some(end) if short => {
                out.push_str(&rest[..at]);
                rest = &inner[end + 1..];
            }
            _ => {
                out.push_str(&rest[..at + 2]);
                rest = inner;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_list_is_refused_plainly() {
        let out: Vec<u8> = Vec::new();
        assert_eq!(
            run(Vec::new(), None, &b""[..], out).map_err(|e| e.to_string()),
            Err("learn --puzzles: no puzzles to play".to_string())
        );
    }

    #[test]
    fn numbers_are_said_as_runs() {
        let s = |v: &[u32]| spans(&v.iter().map(|n| n.to_string()).collect::<Vec<_>>());
        assert_eq!(s(&[1, 2, 3, 5, 7, 8, 10]), "1 to 3, 5, 7, 8, 10");
        assert_eq!(s(&[]), "");
    }

    #[test]
    fn a_verdict_is_said_once() {
        assert_eq!(
            without_notation(
                "4 gives a loss by 14 seeds in 9 turns (loss -14 in 9 turns) with best play."
            ),
            "4 gives a loss by 14 seeds in 9 turns with best play."
        );
        assert_eq!(
            without_notation(
                "7 keeps a forced win in 3 turns (win in 3 turns); no other (so soon)."
            ),
            "7 keeps a forced win in 3 turns; no other (so soon)."
        );
    }
}

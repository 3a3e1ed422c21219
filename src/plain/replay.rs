//! `replay --plain FILE`: a record stepped through by lines (`next`,
//! `back`, `turn N`, `board`, `review`), each decision told as the game
//! tells it.

use super::PlainError;
use super::out::Say;
use super::words::{View, board_lines, turn_line};
use crate::cli::ReplayArgs;
use crate::engine::{AnyGame, Status};
use crate::session::job::Progress;
use crate::session::load::Loaded;
use crate::session::setup::Setup;
use crate::session::{Turn, over_line};
use std::io::{BufRead, Write};

/// One position of the record: its game (from 0), the position, and the
/// decision that led to it (none at a game's start).
struct Entry {
    game: usize,
    position: AnyGame,
    turn: Option<Turn>,
}

fn entries(loaded: &Loaded) -> Vec<Entry> {
    let mut out = Vec::new();
    for (gi, g) in loaded.checked.games.iter().enumerate() {
        let mut before = g.begin.clone();
        out.push(Entry {
            game: gi,
            position: before.clone(),
            turn: None,
        });
        for step in loaded.steps.get(gi).map_or(&[][..], Vec::as_slice) {
            let turn = Turn {
                side: before.to_move(),
                turn: before.turn(),
                decision: step.decision.clone(),
                before: before.clone(),
                events: step.events.clone(),
            };
            before = step.game.clone();
            out.push(Entry {
                game: gi,
                position: step.game.clone(),
                turn: Some(turn),
            });
        }
    }
    out
}

/// `replay --plain FILE` on standard input and output.
pub fn replay(args: &ReplayArgs) -> Result<(), PlainError> {
    let loaded = crate::session::load::load(&args.file, &Progress::default())?;
    super::out::set_start_width(args.width.map_or(super::out::WIDTH, usize::from));
    let stdin = std::io::stdin();
    run(&loaded, stdin.lock(), std::io::stdout())
}

const HELP: &str = "Type next (or just Enter), back, turn and a number, start, end, board, \
                    position (the position in one line), review, or quit.";

/// Steps through a loaded record by the lines of `input`.
pub fn run<R: BufRead, W: Write>(
    loaded: &Loaded,
    mut input: R,
    output: W,
) -> Result<(), PlainError> {
    let setup = Setup::from_record(&loaded.record)?;
    let list = entries(loaded);
    let view = View { me: None };
    let mut say = Say::new(output);
    let games = loaded.checked.games.len();
    let decisions = list.iter().filter(|e| e.turn.is_some()).count();
    say.line(&format!(
        "Replay of {}: {}. South: {}, North: {}. {} decision{}{}.",
        loaded.path.display(),
        super::words::spoken_title(&setup.title()),
        loaded.record.seats.south,
        loaded.record.seats.north,
        decisions,
        if decisions == 1 { "" } else { "s" },
        if games > 1 {
            format!(" in {games} games")
        } else {
            String::new()
        }
    ));
    say.line(HELP);
    let mut at = 0;
    let show_start = |say: &mut Say<W>, at: usize| {
        let e = &list[at];
        if games > 1 {
            say.line(&format!("Game {} of {games}.", e.game + 1));
        }
        say.line(&format!(
            "Turn {}, {} to move.",
            e.position.turn(),
            e.position.to_move().title()
        ));
        for l in board_lines(&e.position, &view) {
            say.line(&l);
        }
    };
    show_start(&mut say, at);
    loop {
        if say.closed() {
            return Ok(());
        }
        let Some(line) = super::read_line(&mut input, &mut say) else {
            return Ok(());
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] | ["next"] | ["n"] => {
                if at + 1 >= list.len() {
                    say.line("The end of the record.");
                    continue;
                }
                at += 1;
                let e = &list[at];
                match &e.turn {
                    Some(t) => say.line(&format!(
                        "Turn {}: {}",
                        t.turn,
                        turn_line(t, &e.position, &view)
                    )),
                    None => show_start(&mut say, at),
                }
                if let Status::Over(o) = e.position.status()
                    && list.get(at + 1).is_none_or(|n| n.turn.is_none())
                {
                    say.line(&format!("{}.", over_line(&o)));
                }
            }
            ["back"] | ["b"] => {
                if at == 0 {
                    say.line("This is the start of the record.");
                    continue;
                }
                at -= 1;
                let e = &list[at];
                say.line(&format!(
                    "Back to turn {}, {} to move.",
                    e.position.turn(),
                    e.position.to_move().title()
                ));
            }
            ["turn", n] | ["t", n] => {
                let Ok(n) = n.parse::<u32>() else {
                    say.line("Type turn and a number, for example turn 5.");
                    continue;
                };
                let game = list[at].game;
                match list
                    .iter()
                    .position(|e| e.game == game && e.position.turn() == n)
                {
                    Some(k) => {
                        at = k;
                        say.line(&format!(
                            "Turn {n}, {} to move.",
                            list[at].position.to_move().title()
                        ));
                        for l in board_lines(&list[at].position, &view) {
                            say.line(&l);
                        }
                    }
                    None => say.line(&format!("This game has no turn {n}.")),
                }
            }
            ["start"] => {
                at = 0;
                show_start(&mut say, at);
            }
            ["end"] => {
                at = list.len() - 1;
                say.line(&format!("The end: turn {}.", list[at].position.turn()));
                if let Status::Over(o) = list[at].position.status() {
                    say.line(&format!("{}.", over_line(&o)));
                }
            }
            ["board"] => {
                for l in board_lines(&list[at].position, &view) {
                    say.line(&l);
                }
            }
            ["position"] => say.verbatim(&list[at].position.position_line()),
            ["review"] => {
                say.line("Reviewing the record: this takes a moment.");
                match crate::review::review(&loaded.record, &loaded.checked, None, &mut |_, _| {}) {
                    Some(r) => {
                        for l in r.text(&loaded.record).lines() {
                            say.line(&super::out::columns(l));
                        }
                    }
                    None => say.line("The review stopped."),
                }
            }
            ["help"] => say.line(HELP),
            ["quit"] | ["q"] | ["exit"] => return Ok(()),
            _ => say.line(&format!(
                "{} is not a replay word. {HELP}",
                super::quoted(&line)
            )),
        }
    }
}

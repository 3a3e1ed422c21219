//! The `engine` line protocol of NOTATION.md: one command per line in, one
//! answer line per command out. A refused command changes nothing.

use crate::ai::{self, Level, Player, Request};
use crate::cli::{new_game, split_words};
use crate::engine::AnyGame;
use crate::engine::enkeshui::{Enkeshui, Layout, Rules};
use std::io::{self, BufRead, Write};

/// An engine session: the current game.
pub struct Session {
    game: AnyGame,
    /// The table size `go` searches with (`None`: the level's own).
    hash_mb: Option<usize>,
}

impl Default for Session {
    fn default() -> Self {
        let layout = Layout::default_for(8).expect("2x8 has a default layout");
        Session {
            game: AnyGame::Enkeshui(Enkeshui::new(&layout, Rules::default())),
            hash_mb: None,
        }
    }
}

/// What a line asks of the loop.
pub enum Reply {
    Line(String),
    Nothing,
    Quit,
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

    /// Answers one line.
    pub fn handle(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if line.is_empty() {
            return Reply::Nothing;
        }
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let answer = match command {
            "quit" => return Reply::Quit,
            "new" => self.new_game(rest),
            "position" => self.position(rest),
            "moves" => self.moves(rest),
            "legal" => no_args(command, rest).map(|()| {
                let mut out = String::from("legal");
                for t in self.game.legal_tokens() {
                    out.push(' ');
                    out.push_str(&t);
                }
                out
            }),
            "state" => no_args(command, rest).map(|()| format!("state {}", self.game.state_json())),
            "perft" => self.perft(rest),
            "go" => self.go(rest),
            other => Err(format!(
                "unknown command '{other}' (new, position, moves, legal, state, perft, go, quit)"
            )),
        };
        Reply::Line(answer.unwrap_or_else(|e| format!("error {e}")))
    }

    fn new_game(&mut self, rest: &str) -> Result<String, String> {
        let words = split_words(rest)?;
        if words.is_empty() {
            return Err("new needs a game: enkeshui, en-gehe or bao-la-kimasai".into());
        }
        self.game = new_game(&words).map_err(|e| e.to_string())?;
        Ok("ok".into())
    }

    fn position(&mut self, rest: &str) -> Result<String, String> {
        if rest.is_empty() {
            return Err("position needs a position JSON".into());
        }
        let value: serde_json::Value =
            serde_json::from_str(rest).map_err(|e| format!("position is not valid JSON: {e}"))?;
        self.game = AnyGame::from_position(&value).map_err(|e| e.to_string())?;
        Ok("ok".into())
    }

    fn moves(&mut self, rest: &str) -> Result<String, String> {
        let tokens: Vec<&str> = rest.split_whitespace().collect();
        self.game.play_tokens(&tokens).map_err(|e| e.to_string())?;
        Ok("ok".into())
    }

    fn perft(&mut self, rest: &str) -> Result<String, String> {
        let depth: u32 = rest
            .parse()
            .map_err(|_| format!("perft needs a depth (a whole number), not '{rest}'"))?;
        Ok(format!("perft {}", self.game.perft(depth)))
    }

    fn go(&mut self, rest: &str) -> Result<String, String> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let mut req = Request::new(Player::Level(Level::Medium), 0);
        req.hash_mb = self.hash_mb;
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            let value = words
                .get(i + 1)
                .ok_or_else(|| format!("go: '{key}' needs a value"))?;
            match key {
                "depth" | "movetime" | "seed" => {
                    let n: u64 = value
                        .parse()
                        .map_err(|_| format!("go: {key} must be a whole number, not '{value}'"))?;
                    match key {
                        "seed" => req.seed = n,
                        "depth" => req.depth = Some(n.clamp(1, 200) as u32),
                        _ => req.think_ms = Some(n),
                    }
                }
                "level" => {
                    req.player = Player::parse(value).ok_or_else(|| {
                        format!("go: unknown level '{value}' ({})", Player::NAMES)
                    })?;
                }
                other => {
                    return Err(format!(
                        "go: unknown option '{other}' (depth, movetime, level, seed)"
                    ));
                }
            }
            i += 2;
        }
        match ai::choose_token(&self.game, &req) {
            Some(c) => Ok(format!("bestmove {}", c.decision)),
            None => Err("the game is over".into()),
        }
    }
}

fn no_args(command: &str, rest: &str) -> Result<(), String> {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(format!("{command} takes no arguments"))
    }
}

/// Runs the protocol until `quit` or the end of input.
pub fn run(input: impl BufRead, output: impl Write) -> io::Result<()> {
    run_session(Session::default(), input, output)
}

/// [`run`] with a prepared session.
pub fn run_session(
    mut session: Session,
    input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                writeln!(output, "error the line is not valid UTF-8")?;
                output.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        match session.handle(&line) {
            Reply::Quit => break,
            Reply::Nothing => {}
            Reply::Line(answer) => {
                writeln!(output, "{answer}")?;
                output.flush()?;
            }
        }
    }
    Ok(())
}

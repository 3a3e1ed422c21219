//! A game's end in the line mode: the result and what follows (the next
//! game of a match, a new game, the review), and the statistics counted.

use super::*;

impl<R: BufRead, W: std::io::Write> Plain<R, W> {
    pub(super) fn over(&mut self, end: End) -> bool {
        let o = end.outcome;
        if end.fresh {
            self.line(&format!("{}.", over_line(&o)));
            self.count(end.count);
            match end.then {
                AfterGame::NextGame { game, stock } => {
                    self.session.next_game();
                    self.line(&format!(
                        "Game {game} of the match: South carries {} over, North {}.",
                        words::count(self.kind(), stock.south),
                        words::count(self.kind(), stock.north)
                    ));
                    self.save();
                    if self.session.racing().is_none() {
                        self.opening();
                    }
                    return true;
                }
                AfterGame::MatchOver(m) => {
                    let scores: Vec<String> = self
                        .session
                        .match_scores()
                        .iter()
                        .map(|s| format!("{} to {}", s.south, s.north))
                        .collect();
                    self.line(&format!("{}.", match_over_line(&m)));
                    self.line(&format!(
                        "The games, South to North: {}.",
                        scores.join(", ")
                    ));
                }
                AfterGame::Nothing => {}
            }
            self.save();
        }
        let undo = Side::BOTH.iter().any(|&s| self.session.human(s));
        self.line(if undo {
            "Type review for the AI's review of the game, undo to take back your last \
             move, board, log, or quit."
        } else {
            "Type review for the AI's review of the game, board, log, or quit."
        });
        loop {
            let Some(line) = self.read() else {
                return false;
            };
            match line.as_str() {
                "review" => {
                    self.review();
                    return false;
                }
                "quit" | "exit" | "q" | "" => return false,
                "undo" if undo => {
                    match self.session.undo() {
                        Ok(turn) => {
                            self.line(&format!("Undone: back to turn {turn}."));
                            self.save();
                        }
                        Err(e) => self.line(&format!("{e}.")),
                    }
                    return true;
                }
                "board" => self.board(),
                "log" => self.log(),
                "position" => {
                    let line = self.game().position_line();
                    self.say.verbatim(&line);
                }
                "help" => self.line("review, undo, board, log, position or quit."),
                "score" => {
                    let line = format!("{}.", over_line(&o));
                    self.line(&line);
                }
                _ => self.line("The game is over: review, board, log, position or quit."),
            }
        }
    }

    /// A finished game against the AI counts in the statistics, once (the
    /// session hands it out with the game's end).
    pub(super) fn count(&mut self, count: Option<Box<Count>>) {
        let Some(count) = count else {
            return;
        };
        let counted = self.persist.count(count, Post::new(|_| {}));
        match counted {
            Some(Ok(lines)) => {
                for l in lines {
                    self.line(&capitalized(&format!("{}.", words::results_said(&l))));
                }
            }
            Some(Err(e)) => self.line(&format!("Statistics not saved: {e}")),
            None => {}
        }
    }

    pub(super) fn review(&mut self) {
        self.line("Reviewing the game: this takes a moment.");
        let record = self.session.record();
        let path = self
            .persist
            .path()
            .map_or_else(|| PathBuf::from("game"), PathBuf::from);
        let text = on_thread(&mut self.say, "Still reviewing.", move |p| {
            let loaded = crate::session::load::from_record(&path, record, p)?;
            crate::review::review(&loaded.record, &loaded.checked, None, &mut |_, _| {})
                .map(|r| r.text(&loaded.record))
                .ok_or_else(|| "the review stopped".to_string())
        });
        match text {
            Ok(text) => {
                for l in text.lines() {
                    self.line(&out::columns(l));
                }
            }
            Err(e) => self.line(&format!("No review: {e}")),
        }
    }
}

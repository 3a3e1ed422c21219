//! The line mode's short reads, asked between decisions: `last [N]`, `row`,
//! `holes A to B`, `hole N`, `bulls`, `try N`, `analysis`, the hint, the
//! log and the rules.

use super::*;

/// What the short reads read: a game's or a lesson's session, told as
/// its turn lines are.
pub(super) struct Reading<'a, W: std::io::Write> {
    pub session: &'a Session,
    pub view: View,
    pub verbosity: Verbosity,
    pub say: &'a mut Say<W>,
}

impl<R: BufRead, W: std::io::Write> Plain<R, W> {
    /// The short reads on this game.
    pub(super) fn read_word(&mut self, line: &str) {
        Reading {
            session: &self.session,
            view: self.view,
            verbosity: self.verbosity,
            say: &mut self.say,
        }
        .read_word(line)
    }
}

impl<W: std::io::Write> Reading<'_, W> {
    fn line(&mut self, text: &str) {
        self.say.line(text);
    }

    fn game(&self) -> &AnyGame {
        self.session.game()
    }

    /// The short reads: `last [N]`, `row [north|south]`, `holes A to B
    /// [north|south]`, `hole N`, `bulls`, `try N`, `analysis`.
    pub(super) fn read_word(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let mine = self.view.me.unwrap_or_else(|| self.game().to_move());
        let side_word = |w: Option<&&str>| match w.copied() {
            None | Some("mine" | "my" | "yours" | "your") => Some(mine),
            Some("north" | "n") => Some(Side::North),
            Some("south" | "s") => Some(Side::South),
            Some("theirs" | "other") => Some(mine.other()),
            _ => None,
        };
        match words[..] {
            ["last"] => self.last(1, true),
            ["last", n] => match n.parse::<usize>() {
                Ok(n) if n > 0 => self.last(n, false),
                _ => self.line("Type last, or last and a number of turns (help: the words)."),
            },
            ["row"] | ["row", _] => match side_word(words.get(1)) {
                Some(side) => {
                    for l in words::side_lines(self.game(), &self.view, side, None) {
                        self.line(&l);
                    }
                }
                None => self.line("Type row, row north or row south (help: the words)."),
            },
            ["holes", a, "to", b] | ["holes", a, "to", b, _] => {
                let n = words::row_len(self.game());
                let range = match (a.parse::<usize>(), b.parse::<usize>()) {
                    (Ok(a), Ok(b)) if a >= 1 && a <= b && b <= n => Some((a, b)),
                    _ => None,
                };
                match (range, side_word(words.get(4))) {
                    (Some(r), Some(side)) => {
                        for l in words::side_lines(self.game(), &self.view, side, Some(r)) {
                            self.line(&l);
                        }
                    }
                    _ => self.line(&format!(
                        "Type holes, then two numbers from 1 to {n} with to between them, \
                         for example holes 1 to 5 (help: the words)."
                    )),
                }
            }
            ["hole", h] | ["hole", h, _] => match side_word(words.get(2)) {
                Some(side) => {
                    let said = words::hole_said(self.game(), &self.view, side, h);
                    self.line(&said.unwrap_or_else(|e| e));
                }
                None => self.line("Type hole and a number, for example hole 3 (help: the words)."),
            },
            ["bulls"] => {
                let l = words::bulls_said(self.game(), &self.view);
                self.line(&l);
            }
            ["try", _, ..] => self.try_decision(&words[1..].join(" ")),
            ["analysis"] => self.analysis(),
            _ => self.line(&format!(
                "{} what? Type help for the words you can use.",
                capitalized(words[0])
            )),
        }
    }

    /// `last`: the other side's last turn (`only_theirs`), or the last `n` turns.
    pub(super) fn last(&mut self, n: usize, only_theirs: bool) {
        let mine = self.view.me;
        let played: Vec<(u32, String)> = self
            .session
            .played()
            .map(|(t, after)| {
                let theirs = mine.is_none_or(|m| t.side != m);
                (
                    if theirs { t.turn } else { 0 },
                    format!(
                        "Turn {}: {}",
                        t.turn,
                        turn_line_at(t, after, &self.view, self.verbosity)
                    ),
                )
            })
            .collect();
        let chosen: Vec<String> = if only_theirs {
            played
                .iter()
                .rev()
                .find(|(t, _)| *t > 0)
                .map(|(_, l)| l.clone())
                .into_iter()
                .collect()
        } else {
            let skip = played.len().saturating_sub(n);
            played[skip..].iter().map(|(_, l)| l.clone()).collect()
        };
        if chosen.is_empty() {
            self.line("No turns yet.");
        }
        for l in chosen {
            self.line(&l);
        }
    }

    /// `try N`: what sowing N would do, not played.
    pub(super) fn try_decision(&mut self, token: &str) {
        let game = self.game().clone();
        let token = typed_token(token);
        let side = game.to_move();
        let decision = match game.decision(&token) {
            Ok(d) => d,
            Err(e) => {
                self.line(&capitalized(&words::speakable(&format!("{e}."))));
                return;
            }
        };
        let note = format!("Working out the sowing of {}.", token_words(&token));
        let tried = on_thread(self.say, &note, move |_| {
            let mut g = game.clone();
            let mut events: Vec<crate::engine::Event> = Vec::new();
            g.play_decision_within(&decision, 100_000, &mut events)
                .map(|()| {
                    (
                        crate::session::Turn {
                            side,
                            turn: game.turn(),
                            decision,
                            before: game,
                            events,
                        },
                        g,
                    )
                })
        });
        match tried {
            Ok((turn, after)) => {
                let told = turn_line_at(&turn, &after, &self.view, self.verbosity);
                self.line(&format!("Not played: {told}"));
            }
            Err(e) => self.line(&capitalized(&words::speakable(&format!("{e}.")))),
        }
    }

    /// `analysis`: every decision with its value, best first.
    pub(super) fn analysis(&mut self) {
        let game = self.game().clone();
        if game.status().is_over() {
            self.line("The game is over.");
            return;
        }
        let kind = game.kind();
        let analysis = on_thread(self.say, "Working out the analysis.", move |p| {
            crate::session::seat::analyse(&game, None, p)
        });
        match analysis.filter(|a| !a.values.is_empty()) {
            Some(a) => {
                let items: Vec<String> = a
                    .values
                    .iter()
                    .map(|(t, v)| {
                        let said = words::value_said(*v, kind, a.exact);
                        format!("{} {said}", token_words(t))
                    })
                    .collect();
                self.line(&format!("Analysis, best first: {}.", items.join("; ")));
            }
            None => self.line("No analysis: the AI found no move."),
        }
    }
}

impl<R: BufRead, W: std::io::Write> Plain<R, W> {
    pub(super) fn hint(&mut self) {
        let game = self.game().clone();
        if game.status().is_over() {
            self.line("The game is over.");
            return;
        }
        let analysis = on_thread(&mut self.say, "Working out a hint.", move |p| {
            crate::session::seat::analyse(&game, None, p)
        });
        match analysis.and_then(|a| a.values.first().map(|v| (v.clone(), a.exact))) {
            Some(((token, value), exact)) => {
                // Bao's token is said too: it is what to type.
                let words = token_words(&token);
                let typed = if token.parse::<u32>().is_ok() {
                    String::new()
                } else {
                    format!(" ({token})")
                };
                let line = format!(
                    "Hint: {words}{typed}; the AI rates it: {}.",
                    words::value_said(value, self.kind(), exact)
                );
                self.line(&line);
            }
            None => self.line("No hint: the AI found no move."),
        }
    }

    pub(super) fn log(&mut self) {
        let lines: Vec<String> = self
            .session
            .played()
            .map(|(t, after)| {
                format!(
                    "Turn {}: {}",
                    t.turn,
                    turn_line_at(t, after, &self.view, self.verbosity)
                )
            })
            .collect();
        if lines.is_empty() {
            self.line("No moves yet.");
        }
        for l in lines {
            self.line(&l);
        }
    }

    pub(super) fn rules(&mut self) {
        let title = self.kind().title();
        let Some((_, text)) = crate::rules_text::RULES.iter().find(|(t, _)| *t == title) else {
            return;
        };
        for l in out::reflow_markdown(text) {
            self.line(&words::speakable(&l));
        }
    }

    // ---- the end ------------------------------------------------------------------
}

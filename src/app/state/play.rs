//! The app's part of playing: the keys of the app itself on the play
//! screen (quitting, speed, the analysis, looking back), and carrying out
//! what the play screen and its session asked for (saving, the game's end,
//! the statistics, the match's next game).

use super::*;
use crate::session::AfterGame;

impl App {
    /// The play screen's keys: the app's own (quit, speed, the analysis,
    /// looking back) here, the game's on the play screen.
    pub(super) fn play_key(&mut self, action: Action, k: &KeyEvent, now: Instant) -> bool {
        let human = self
            .stack
            .play()
            .is_some_and(|p| self.human(p.game().to_move()));
        let taking_back = matches!(action, Action::Undo | Action::Cancel)
            && human
            && self.stack.play().is_some_and(|p| p.working().is_some());
        match action {
            _ if taking_back => {}
            Action::Quit => {
                self.ask_quit();
                return true;
            }
            Action::Faster | Action::Slower => {
                self.speed_ms = crate::app::screen::play::speed_step(self.speed_ms, action);
                let ms = self.speed_ms;
                if let Some(p) = self.stack.play_mut() {
                    p.set_speed(ms);
                }
                self.set_status(format!("Animation: {ms} ms a seed"));
                return true;
            }
            Action::Analysis => {
                self.panel = !self.panel;
                if !self.panel {
                    self.set_status("Analysis off");
                } else {
                    let nodes = self
                        .stack
                        .play()
                        .map_or(0, |p| crate::review::nodes(p.game().kind()));
                    self.set_status(format!(
                        "Analysis on: the AI judges every decision as the review does ({} nodes)",
                        crate::out::thousands(nodes)
                    ));
                }
                return true;
            }
            Action::StepBack => {
                let Base::Play(play) = &self.stack.base else {
                    return false;
                };
                match BrowseScreen::open(play) {
                    Some(b) => {
                        let line = b.status();
                        self.stack.push(Layer::Browse(Box::new(b)));
                        self.set_status(line);
                    }
                    None => self.refuse("Nothing played yet: no earlier position to look at"),
                }
                return true;
            }
            _ => {}
        }
        let Some(p) = self.stack.play_mut() else {
            return false;
        };
        let t = p.handle(action, k, now);
        self.transition(t, now)
    }

    /// Plays one decision of the side to move (see `Play::decide`).
    pub fn decide(&mut self, token: String, now: Instant) -> bool {
        let Some(p) = self.stack.play_mut() else {
            return false;
        };
        let t = p.decide(token, now);
        self.transition(t, now)
    }

    /// A decision worked out on a thread arrived: shown if still current.
    pub(super) fn played_event(&mut self, version: u64, decided: Decided, now: Instant) -> bool {
        // Versions are unique: a lesson's decision goes to the lessons, a
        // game's to the game under them.
        if let Some(l) = self.stack.lessons_mut()
            && l.working_on(version)
        {
            return l.played(version, decided, now);
        }
        let Some(p) = self.stack.play_mut() else {
            return false;
        };
        let t = p.played(version, decided, now);
        self.transition(t, now)
    }

    /// A decision taken into the game: saved, said, and once nothing is
    /// left to animate, what comes next.
    pub(super) fn moved(&mut self, line: String, now: Instant) {
        let animating = self.stack.play().is_some_and(|p| p.anim().is_some());
        if animating {
            self.autosave();
            self.set_status(line);
        } else {
            self.set_status(line);
            self.autosave();
            self.after_move(now);
        }
    }

    pub(super) fn anim_tick(&mut self, now: Instant) -> bool {
        let speed = self.speed_ms;
        let Some(p) = self.stack.play_mut() else {
            return false;
        };
        let t = p.tick(now, speed);
        self.transition(t, now)
    }

    /// A finished game of a person against the AI, once, into the
    /// statistics: a job (their lock may be held by another window); its
    /// answer comes in `counted`.
    pub(super) fn count_result(&mut self, count: Box<crate::session::Count>) {
        let post = event::post(&self.tx, |c| Output::Counted(Box::new(c)));
        if let Some(counted) = self.persist.count(count, post) {
            self.counted(counted);
        }
    }

    /// The statistics counted: the record against that level goes to the
    /// log, or why they were not saved (said again after the screen closes).
    pub(super) fn counted(&mut self, counted: crate::session::persist::Counted) {
        if let Err(e) = &counted {
            self.note = Some(format!("The statistics were not saved: {e}"));
        }
        if let Some(p) = self.stack.play_mut() {
            p.counted(counted);
        }
    }

    /// After a move has been shown: the game's end, the AI's turn or the human's prompt.
    pub(super) fn after_move(&mut self, now: Instant) {
        let _ = now;
        if self.stack.viewer().is_some() {
            return;
        }
        self.autosave();
        let Some(p) = self.stack.play_mut() else {
            return;
        };
        match p.after_move() {
            AfterMove::Over(end) => {
                self.stack.set_over(true);
                self.set_status(over_line(&end.outcome));
                if let Some(count) = end.count {
                    self.count_result(count);
                }
                // The session settled the match: its end is said now.
                if let AfterGame::MatchOver(winner) = end.then {
                    self.set_status(match_over_line(winner));
                }
            }
            AfterMove::Prompt(line) | AfterMove::Thinking(line) => {
                self.stack.set_over(false);
                if !self.status_error {
                    self.set_status(line);
                }
            }
        }
    }

    /// The seed of the AI seat's request in the position shown.
    pub fn ai_seed(&self) -> u64 {
        self.stack.session().map_or(self.seed, Session::ai_seed)
    }

    pub(super) fn ai_move(&mut self, version: u64, decided: Decided, now: Instant) -> bool {
        if self.screen() != Screen::Play {
            return false;
        }
        let Some(p) = self.stack.play_mut() else {
            return false;
        };
        let t = p.ai_move(version, decided, now);
        self.transition(t, now)
    }

    /// The match's next game (the session carries the scores over), or its
    /// end, or a new match when it is not one.
    pub(super) fn next_game(&mut self, now: Instant) {
        let Some(p) = self.stack.play_mut() else {
            return;
        };
        match p.next_game() {
            NextGame::Started { .. } => match self.stack.take_base() {
                Base::Over(play) | Base::Play(play) => self.show_game(play, now),
                other => self.stack.base = other,
            },
            NextGame::MatchOver(winner) => self.set_status(match_over_line(winner)),
            NextGame::None => {
                let setup = p.session().setup().clone();
                self.start_match(setup, now);
            }
        }
    }

    // ---- game over -----------------------------------------------------------

    pub(super) fn over_key(&mut self, action: Action, now: Instant) -> bool {
        let Base::Over(play) = &mut self.stack.base else {
            return false;
        };
        let t = OverScreen::handle(play, action);
        self.transition(t, now)
    }

    // ---- mouse ---------------------------------------------------------------

    pub(super) fn mouse(&mut self, m: MouseEvent, now: Instant) -> bool {
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return false;
        }
        let notice = self.stack.remove(|l| match l {
            Layer::Notice { .. } => Ok(()),
            other => Err(other),
        });
        if notice.is_some() {
            return true;
        }
        // Only the board of the game played on takes a click, with
        // nothing over it (not an earlier position looked at).
        if !self.stack.layers.is_empty() || self.too_small() {
            return false;
        }
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        let Base::Play(p) = &mut self.stack.base else {
            return false;
        };
        let t = p.click(area, m.column, m.row, now);
        self.transition(t, now)
    }
}

//! The app's part of playing: the keys of the app itself on the play
//! screen (quitting, speed, the analysis, looking back), and carrying out
//! what the play screen and its session asked for (saving, the game's end,
//! the statistics, the match's next game).

use super::*;

impl App {
    /// The play screen's keys: the app's own (quit, speed, the analysis,
    /// looking back) here, the game's on the play screen.
    pub(super) fn play_key(&mut self, action: Action, k: &KeyEvent, now: Instant) -> bool {
        let human = self
            .shown
            .play()
            .is_some_and(|p| self.human(p.game().to_move()));
        let taking_back = matches!(action, Action::Undo | Action::Cancel)
            && human
            && self.shown.play().is_some_and(|p| p.working.is_some());
        match action {
            _ if taking_back => {}
            Action::Quit => {
                self.ask_quit();
                return true;
            }
            Action::Faster | Action::Slower => {
                self.speed_ms = crate::app::screen::play::speed_step(self.speed_ms, action);
                let ms = self.speed_ms;
                if let Some(p) = self.shown.play_mut() {
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
                        .shown
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
                let Shown::Play { play, browse } = &mut self.shown else {
                    return false;
                };
                match BrowseScreen::open(play) {
                    Some(b) => {
                        let line = b.status();
                        *browse = Some(Box::new(b));
                        self.set_status(line);
                    }
                    None => self.refuse("Nothing played yet: no earlier position to look at"),
                }
                return true;
            }
            _ => {}
        }
        let Some(p) = self.shown.play_mut() else {
            return false;
        };
        let t = p.handle(action, k, now);
        self.transition(t, now)
    }

    /// The side whose row is at the bottom of the screen.
    pub fn bottom_side(&self) -> Side {
        if self.flipped() {
            Side::North
        } else {
            Side::South
        }
    }

    /// Which direction goes left and which right on screen for a lap lifted
    /// from this hole: (left token, right token).
    pub fn direction_sides(&self, from: &crate::engine::HoleName) -> (&'static str, &'static str) {
        crate::app::screen::play::direction_sides(self.bottom_side(), from)
    }

    /// Plays one decision of the side to move (see `Play::decide`).
    pub fn decide(&mut self, token: String, now: Instant) -> bool {
        let Some(p) = self.shown.play_mut() else {
            return false;
        };
        let t = p.decide(token, now);
        self.transition(t, now)
    }

    /// A decision worked out on a thread arrived: shown if still current.
    pub(super) fn played_event(&mut self, version: u64, decided: Decided, now: Instant) -> bool {
        let Some(p) = self.shown.play_mut() else {
            return false;
        };
        let t = p.played(version, decided, now);
        self.transition(t, now)
    }

    /// A decision taken into the game: saved, said, and once nothing is
    /// left to animate, what comes next.
    pub(super) fn moved(&mut self, line: String, now: Instant) {
        let animating = self.shown.play().is_some_and(|p| p.anim.is_some());
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
        let Some(p) = self.shown.play_mut() else {
            return false;
        };
        let t = p.tick(now, speed);
        self.transition(t, now)
    }

    /// A finished game of a person against the AI, once, into the
    /// statistics (the session counts it); the record against that level
    /// goes to the log.
    pub(super) fn count_result(&mut self) {
        let (Some(dir), Some(p)) = (self.stats_dir.clone(), self.shown.play_mut()) else {
            return;
        };
        if let Err(e) = p.count(&dir) {
            self.note = Some(format!("The statistics were not saved: {e}"));
        }
    }

    /// After a move has been shown: the game's end, the AI's turn or the human's prompt.
    pub(super) fn after_move(&mut self, now: Instant) {
        let _ = now;
        if self.shown.viewer().is_some() {
            return;
        }
        self.autosave();
        let Some(p) = self.shown.play_mut() else {
            return;
        };
        match p.after_move() {
            AfterMove::Over(o) => {
                self.shown.set_over(true);
                self.set_status(over_line(&o));
                self.count_result();
                // The match ends when a stock cannot fill a hole: say so now.
                if let Some(p) = self.shown.play_mut()
                    && let Some(winner) = p.settle_match().or(p.session().match_over())
                {
                    self.set_status(match_over_line(winner));
                }
            }
            AfterMove::Prompt(line) | AfterMove::Thinking(line) => {
                self.shown.set_over(false);
                if !self.status_error {
                    self.set_status(line);
                }
            }
        }
    }

    /// The seed of the AI seat's request in the position shown.
    pub fn ai_seed(&self) -> u64 {
        self.shown.session().map_or(self.seed, Session::ai_seed)
    }

    pub(super) fn ai_move(&mut self, version: u64, decided: Decided, now: Instant) -> bool {
        if self.screen() != Screen::Play {
            return false;
        }
        let Some(p) = self.shown.play_mut() else {
            return false;
        };
        let t = p.ai_move(version, decided, now);
        self.transition(t, now)
    }

    pub(super) fn undo(&mut self, now: Instant) {
        let Some(p) = self.shown.play_mut() else {
            return;
        };
        let t = p.undo();
        self.transition(t, now);
    }

    /// The match's next game (the session carries the scores over), or its
    /// end, or a new match when it is not one.
    pub(super) fn next_game(&mut self, now: Instant) {
        let Some(p) = self.shown.play_mut() else {
            return;
        };
        match p.next_game() {
            NextGame::Started { .. } => match std::mem::replace(&mut self.shown, Shown::menu()) {
                Shown::Over(play) | Shown::Play { play, .. } => self.show_game(play, now),
                other => self.shown = other,
            },
            NextGame::MatchOver(winner) => self.set_status(match_over_line(winner)),
            NextGame::None => {
                let setup = p.session().setup().clone();
                if let Err(e) = self.start_match(setup, now) {
                    self.refuse(e);
                }
            }
        }
    }

    /// The mover's own row during the special move: counts after the lifts and drops.
    pub fn special_row(&self) -> Option<Vec<u32>> {
        self.shown.play()?.special_row()
    }

    // ---- game over -----------------------------------------------------------

    pub(super) fn over_key(&mut self, action: Action, now: Instant) -> bool {
        let Shown::Over(play) = &self.shown else {
            return false;
        };
        let t = OverScreen { play }.handle(action);
        self.transition(t, now)
    }

    /// Undo on the game-over screen: back into the game, whose score leaves
    /// the match's scoreboard (the session's undo: the match goes on).
    pub(super) fn undo_over(&mut self, now: Instant) {
        self.undo(now);
    }

    // ---- mouse ---------------------------------------------------------------

    pub(super) fn mouse(&mut self, m: MouseEvent, now: Instant) -> bool {
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return false;
        }
        if self.notice.take().is_some() {
            return true;
        }
        if self.overlay.is_some() || self.in_use.is_some() || self.too_small() {
            return false;
        }
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        // The board of the game played on, not an earlier position looked at.
        let Shown::Play {
            play: p,
            browse: None,
        } = &mut self.shown
        else {
            return false;
        };
        let t = p.click(area, m.column, m.row, now);
        self.transition(t, now)
    }
}

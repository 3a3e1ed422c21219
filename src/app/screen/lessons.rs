//! The lessons or the puzzles over the screen (they cover it all): the
//! lesson screen (`app::lesson`) as one of the stack's screens.

use super::{Around, Env, Key, Screen, Transition};
use crate::app::event::Output;
use crate::app::lesson::{LessonScreen, LessonView, Outcome};
use crate::keys::Ctx;
use crate::session::job::Done;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use std::time::Instant;

/// The lessons or the puzzles; `only`: opened by `learn`, leaving them quits.
pub struct Lessons {
    pub screen: Box<LessonScreen>,
    pub only: bool,
}

impl Screen for Lessons {
    fn ctx(&self) -> Option<Ctx> {
        Some(self.screen.ctx())
    }

    fn acts(&self, action: crate::keys::Action) -> bool {
        self.screen.acts(action)
    }

    fn borrowed(&self) -> &'static [(Ctx, crate::keys::Action)] {
        self.screen.borrowed()
    }

    /// The lesson reads its keys itself (by the bindings it was given).
    fn handle(&mut self, key: Key<'_>, _env: &mut Env) -> Transition {
        match self.screen.key(key.event, key.now) {
            Outcome::Ignored => Transition::Stay,
            Outcome::Redraw => Transition::Redraw,
            Outcome::Close => Transition::Close,
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, _around: &Around<'_>) {
        LessonView(&self.screen).render(area, buf);
    }

    fn tick(&mut self, now: Instant, _env: &mut Env) -> Transition {
        if self.screen.tick(now) {
            Transition::Redraw
        } else {
            Transition::Stay
        }
    }

    fn deadline(&self) -> Option<Instant> {
        self.screen.deadline()
    }

    /// A lesson's decision worked out on a thread, or its progress saved.
    fn on_job(
        &mut self,
        done: Done<Output>,
        now: Instant,
        _env: &mut Env,
    ) -> Result<Transition, Done<Output>> {
        let redraw = match done.output {
            Output::Played { decided } if self.screen.working_on(done.version) => {
                self.screen.played(done.version, *decided, now)
            }
            Output::Progress(saved) => self.screen.progress_saved(*saved),
            output => {
                return Err(Done {
                    version: done.version,
                    output,
                });
            }
        };
        Ok(if redraw {
            Transition::Redraw
        } else {
            Transition::Stay
        })
    }

    fn hold(&mut self, covered: bool, now: Instant) {
        self.screen.hold(covered, now);
    }

    fn needed_size(&self, width: u16) -> Option<(u16, u16)> {
        Some(self.screen.needed_size(width))
    }

    fn opaque(&self) -> bool {
        true
    }

    fn quits_on_close(&self) -> bool {
        self.only
    }
}

impl Env {
    /// The lessons of `kind` (all games: `None`), progress in the data
    /// folder, over the screen (leaving them closes them).
    pub fn lessons(&self, kind: Option<crate::engine::GameKind>, now: Instant) -> Lessons {
        let path = crate::learn::progress::Progress::path().ok();
        let mut screen =
            LessonScreen::new(kind, path, self.theme, self.speed_ms, self.tx.clone(), now);
        // The progress file's lock may be another window's: never waited for.
        screen.set_progress_wait(self.persist.wait());
        self.learning(screen, false)
    }

    /// The puzzles of `kind` (all games: `None`) on their list, progress
    /// in the data folder (`puzzles.json`).
    pub fn puzzles(&self, kind: Option<crate::engine::GameKind>, now: Instant) -> Lessons {
        let path = crate::learn::puzzles::progress_path().ok();
        let mut screen =
            crate::app::puzzle::open(kind, path, self.theme, self.speed_ms, self.tx.clone(), now);
        screen.set_progress_wait(self.persist.wait());
        self.learning(screen, false)
    }

    /// A lesson screen as a screen of the stack, with the app's bindings;
    /// `only`: leaving it quits.
    pub fn learning(&self, mut screen: LessonScreen, only: bool) -> Lessons {
        screen.set_keys(self.keys.clone());
        Lessons {
            screen: Box::new(screen),
            only,
        }
    }
}

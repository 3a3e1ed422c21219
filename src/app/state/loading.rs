//! Loading records off the UI thread (resume, replay, the saved games'
//! list) and what they open: the game continued, or the replay viewer with
//! its review and its take-over.

use super::records::{InUse, InUseOpen};
use crate::app::event::{self, Output};
use crate::app::screen::env::LoadFor;
use crate::app::screen::overlay::LoadingView;
use crate::app::screen::saves::SavesScreen;
use crate::app::screen::{Around, Env, Key, Screen, Transition};
use crate::keys::{Action, Ctx};
use crate::out::thousands;
use crate::session::SessionError;
use crate::session::job::{self, Job, Spawn, Started, next_version};
use crate::session::load::{LoadFault, LoadResult};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use std::sync::Arc;
use std::time::Instant;

/// A load running in a job (dropping it cancels the work).
#[derive(Debug)]
pub struct Loading {
    pub purpose: LoadFor,
    pub(super) job: Job,
    /// The saved-games list it was chosen from (a replay goes back to it).
    back: Option<SavesScreen>,
}

impl Loading {
    /// The progress line: what is read, how far it got, how to stop it.
    pub fn lines(&self) -> Vec<String> {
        let unit = match self.purpose {
            LoadFor::Saves(_) | LoadFor::Resume(None) => "files read",
            _ => "decisions replayed",
        };
        let mut got = format!("{} {unit}", thousands(self.job.done()));
        let laps = self.job.laps();
        if laps > 0 {
            got.push_str(&format!(", {} laps of a sowing checked", thousands(laps)));
        }
        vec![
            format!("{}...", capitalized(&self.purpose.what())),
            got,
            "Esc stops it (nothing is lost)   q quits".into(),
        ]
    }
}

impl Screen for Loading {
    fn ctx(&self) -> Option<Ctx> {
        Some(Ctx::Loading)
    }

    /// Esc stops the work (the screen is as it was), q quits.
    fn handle(&mut self, key: Key<'_>, env: &mut Env) -> Transition {
        match key.action {
            Action::Cancel => {
                let line = format!("Stopped {}", self.purpose.what());
                if self.purpose.at_start() {
                    env.note = Some(format!("{line}. Nothing was changed."));
                    Transition::QuitNow
                } else {
                    env.set_status(format!("{line}. Nothing was changed"));
                    Transition::Close
                }
            }
            Action::Quit => Transition::QuitNow,
            _ => Transition::Stay,
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>) {
        LoadingView {
            lines: self.lines(),
            theme: around.env.theme,
        }
        .render(area, buf);
    }

    fn covers(&self) -> bool {
        true
    }
}

impl Env {
    // ---- loading off the UI thread -----------------------------------------

    /// Loads on a thread: the answer comes at once when quick, else as an
    /// event while a progress line shows and Esc can stop it. `back`: the
    /// saved-games list it was chosen from.
    pub fn start_load(
        &mut self,
        purpose: LoadFor,
        back: Option<SavesScreen>,
        now: Instant,
    ) -> Transition {
        let what = purpose.clone();
        let started = Spawn::new(next_version(), event::post(&self.tx, Output::Loaded))
            .wait(self.work_wait)
            .run(move |progress| what.run(progress).map_err(Arc::new));
        match started {
            Started::Done(result) => self.loaded(purpose, back, result, now),
            Started::Running(job) => {
                let what = capitalized(&purpose.what());
                self.set_status(format!("{what}... (Esc stops it)"));
                Transition::Open(Box::new(Loading { purpose, job, back }))
            }
        }
    }

    /// A load's answer: shown where it was asked for.
    pub fn loaded(
        &mut self,
        purpose: LoadFor,
        back: Option<SavesScreen>,
        result: Result<LoadResult, Arc<LoadFault>>,
        now: Instant,
    ) -> Transition {
        let loaded = match (result, &purpose) {
            (Err(e), _) if matches!(*e, LoadFault::Cancelled) => return Transition::Redraw,
            (Err(e), p) if p.at_start() => {
                self.fail(e);
                return Transition::QuitNow;
            }
            (Err(e), _) => {
                self.refuse(e.to_string());
                return Transition::Redraw;
            }
            (Ok(LoadResult::Saves(list)), LoadFor::Saves(dir)) => {
                return match SavesScreen::new(list) {
                    None => {
                        self.refuse(format!("No saved games in {}", dir.display()));
                        Transition::Redraw
                    }
                    Some(s) => {
                        self.set_status(format!("Saved games in {}", dir.display()));
                        Transition::Open(Box::new(s))
                    }
                };
            }
            (Ok(LoadResult::Record(l)), _) => *l,
            (Ok(LoadResult::Saves(_)), _) => return Transition::Redraw,
        };
        let finished = crate::session::persist::resumable(&loaded).is_err();
        match purpose {
            LoadFor::Replay(_) => match self.open_replay(loaded, None) {
                Ok(t) => t,
                Err(e) => {
                    self.fail(e);
                    Transition::QuitNow
                }
            },
            LoadFor::Resume(_) => {
                if let Err(e) = crate::session::persist::resumable(&loaded) {
                    self.fail(e);
                    return Transition::QuitNow;
                }
                let Ok(lock) = self.lock_record(&loaded.path) else {
                    // Open in another window: the player chooses.
                    return self.ask_in_use(InUse {
                        path: loaded.path.clone(),
                        open: InUseOpen::Resume {
                            loaded: Box::new(loaded),
                            at_start: true,
                        },
                    });
                };
                self.persist.resume_at(loaded.path.clone(), lock);
                match self.open_resume(&loaded, now) {
                    Ok(screen) => Transition::Replace(screen),
                    Err(e) => {
                        self.fail(e);
                        Transition::QuitNow
                    }
                }
            }
            // A finished match opens at its end, like an unfinished game.
            LoadFor::Chosen(_, view) if view || finished => {
                // Read only, no lock; q and Esc go back to the list.
                match self.open_replay(loaded, back) {
                    Ok(t) => t,
                    // Nothing changed: the list stays.
                    Err(e) => {
                        self.refuse(SessionError::from(e).to_string());
                        Transition::Redraw
                    }
                }
            }
            LoadFor::Chosen(path, _) => {
                let Ok(lock) = self.lock_record(&path) else {
                    // Open in another window: the player chooses.
                    return self.ask_in_use(InUse {
                        path,
                        open: InUseOpen::Resume {
                            loaded: Box::new(loaded),
                            at_start: false,
                        },
                    });
                };
                // Saved back to its own file (set first: resuming saves).
                let before = self.persist.resume_at(path, lock);
                match self.open_resume(&loaded, now) {
                    // The game opens in place of the list.
                    Ok(screen) => Transition::Replace(screen),
                    // It cannot be: nothing changed and the list stays.
                    Err(e) => {
                        self.persist.replace(before);
                        self.refuse(e.to_string());
                        Transition::Redraw
                    }
                }
            }
            LoadFor::Saves(_) => Transition::Redraw,
        }
    }
}

/// Loads on this thread (no terminal: nothing to keep live).
pub(crate) fn load_now(purpose: &LoadFor) -> Result<LoadResult, Arc<LoadFault>> {
    purpose.run(&job::Progress::default()).map_err(Arc::new)
}

impl Loading {
    /// The load is this job's (its answer is current).
    pub(crate) fn is(&self, version: u64) -> bool {
        self.job.version() == version
    }

    /// Its purpose and the list it was chosen from, once answered.
    pub(crate) fn into_parts(self) -> (LoadFor, Option<SavesScreen>) {
        (self.purpose, self.back)
    }
}

/// The text with its first letter upper case.
pub(super) fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

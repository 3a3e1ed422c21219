//! Loading records off the UI thread (resume, replay, the saved games'
//! list) and what they open: the game continued, or the replay viewer with
//! its review and its take-over.

use super::load::LoadFault;
use super::*;
use crate::session::SessionError;
use crate::session::setup::BadSetup;
use std::sync::Arc;

/// What a load is for: where its answer goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadFor {
    /// `resume FILE`, or plain `resume` (None: the data folder's newest unfinished game).
    Resume(Option<PathBuf>),
    /// `replay FILE`.
    Replay(PathBuf),
    /// The start menu's list of the saved games in this folder.
    Saves(PathBuf),
    /// A game chosen in that list: continued, or replayed (`true`).
    Chosen(PathBuf, bool),
}

impl LoadFor {
    /// From the command line: nothing was on screen before it.
    fn at_start(&self) -> bool {
        matches!(self, LoadFor::Resume(_) | LoadFor::Replay(_))
    }

    /// What is being read, for the progress line ("reading FILE").
    pub fn what(&self) -> String {
        match self {
            LoadFor::Resume(None) => "looking for the newest unfinished game".into(),
            LoadFor::Saves(dir) => format!("reading the saved games in {}", dir.display()),
            LoadFor::Resume(Some(p)) | LoadFor::Replay(p) | LoadFor::Chosen(p, _) => {
                format!("reading {}", p.display())
            }
        }
    }

    /// The work itself, on the loader's thread.
    fn run(&self, progress: &job::Progress) -> Result<LoadResult, load::LoadFault> {
        let record = |l: Loaded| LoadResult::Record(Box::new(l));
        match self {
            LoadFor::Resume(Some(p)) => {
                // What a save killed left beside it goes (never a live save's).
                let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
                file::remove_stale_temps(&file::parent_dir(p), |n| Some(n) == name.as_deref());
                load::load(p, progress).map(record)
            }
            LoadFor::Replay(p) | LoadFor::Chosen(p, _) => load::load(p, progress).map(record),
            LoadFor::Resume(None) => {
                let dir = file::data_dir()?;
                file::remove_stale_temps(&dir, file::is_data_record_name);
                load::newest_unfinished(&dir, progress).map(record)
            }
            LoadFor::Saves(dir) => {
                file::remove_stale_temps(dir, file::is_data_record_name);
                load::list(dir, progress).map(LoadResult::Saves)
            }
        }
    }
}

/// A load running in a job (dropping it cancels the work).
#[derive(Debug)]
pub struct Loading {
    pub purpose: LoadFor,
    pub(super) job: Job,
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

impl App {
    // ---- loading off the UI thread -----------------------------------------

    /// Loads on a thread: the answer comes at once when quick, else as an
    /// event while a progress line shows and Esc can stop it.
    pub fn start_load(&mut self, purpose: LoadFor, now: Instant) {
        self.stack.take_loading();
        let what = purpose.clone();
        let started = Spawn::new(next_version(), event::post(&self.tx, Output::Loaded))
            .wait(self.work_wait)
            .run(move |progress| what.run(progress).map_err(Arc::new));
        match started {
            Started::Done(result) => self.loaded(purpose, result, now),
            Started::Running(job) => {
                let what = capitalized(&purpose.what());
                self.set_status(format!("{what}... (Esc stops it)"));
                self.stack.push(Layer::Loading(Loading { purpose, job }));
                self.progress_at = Some(now + PROGRESS_EVERY);
            }
        }
    }

    /// Loads on this thread (no terminal: nothing to keep live).
    pub fn load_now(&mut self, purpose: LoadFor, now: Instant) {
        let result = purpose.run(&job::Progress::default()).map_err(Arc::new);
        self.loaded(purpose, result, now);
    }

    /// Esc while loading: the work stops, the screen is as it was.
    pub(super) fn stop_loading(&mut self) {
        let Some(l) = self.stack.take_loading() else {
            return;
        };
        let line = format!("Stopped {}", l.purpose.what());
        if l.purpose.at_start() {
            self.note = Some(format!("{line}. Nothing was changed."));
            self.quit = true;
        } else {
            self.set_status(format!("{line}. Nothing was changed"));
        }
    }

    /// A load's answer: shown where it was asked for.
    pub(super) fn loaded(
        &mut self,
        purpose: LoadFor,
        result: Result<LoadResult, Arc<LoadFault>>,
        now: Instant,
    ) {
        self.stack.take_loading();
        let loaded = match (result, &purpose) {
            (Err(e), _) if matches!(*e, LoadFault::Cancelled) => return,
            (Err(e), p) if p.at_start() => return self.fail(e.to_string()),
            (Err(e), _) => return self.refuse(e.to_string()),
            (Ok(LoadResult::Saves(list)), LoadFor::Saves(dir)) => {
                match SavesScreen::new(list) {
                    None => self.refuse(format!("No saved games in {}", dir.display())),
                    Some(s) => {
                        if let Base::Menu = self.stack.base {
                            self.stack.take_saves();
                            self.stack.push(Layer::Saves(s));
                        }
                        self.set_status(format!("Saved games in {}", dir.display()));
                    }
                }
                return;
            }
            (Ok(LoadResult::Record(l)), _) => *l,
            (Ok(LoadResult::Saves(_)), _) => return,
        };
        let finished = crate::session::persist::resumable(&loaded).is_err();
        match purpose {
            LoadFor::Replay(_) => {
                if let Err(e) = self.open_replay(loaded, 0) {
                    self.fail(e);
                }
            }
            LoadFor::Resume(_) => {
                if let Err(e) = crate::session::persist::resumable(&loaded) {
                    return self.fail(e);
                }
                let Ok(lock) = self.lock_record(&loaded.path) else {
                    // Open in another window: the player chooses.
                    self.ask_in_use(InUse {
                        path: loaded.path.clone(),
                        open: InUseOpen::Resume {
                            loaded: Box::new(loaded),
                            at_start: true,
                        },
                    });
                    return;
                };
                self.persist.resume_at(loaded.path.clone(), lock);
                if let Err(e) = self.open_resume(&loaded, now) {
                    self.fail(e);
                }
            }
            LoadFor::Chosen(path, view) => {
                // A finished match opens at its end, like an unfinished game.
                let result = if view || finished {
                    // Read only, no lock; q and Esc go back to the list.
                    let list = match self.stack.base {
                        Base::Menu => self.stack.take_saves(),
                        _ => None,
                    };
                    let r = self.open_replay(loaded, 0).map_err(SessionError::from);
                    match (&r, list) {
                        (Ok(()), Some(list)) => {
                            if let Some(v) = self.viewer_mut() {
                                v.set_back(list);
                            }
                        }
                        (Err(_), Some(list)) => {
                            if let Base::Menu = self.stack.base {
                                self.stack.push(Layer::Saves(list));
                            }
                        }
                        _ => {}
                    }
                    r
                } else {
                    let Ok(lock) = self.lock_record(&path) else {
                        // Open in another window: the player chooses.
                        self.ask_in_use(InUse {
                            path,
                            open: InUseOpen::Resume {
                                loaded: Box::new(loaded),
                                at_start: false,
                            },
                        });
                        return;
                    };
                    // Saved back to its own file (set first: resuming saves).
                    let before = self.persist.resume_at(path, lock);
                    let r = self.open_resume(&loaded, now);
                    if r.is_err() {
                        self.persist.replace(before);
                    }
                    r
                };
                // The game opened in place of the list; when it cannot be,
                // nothing changed and the list stays.
                if let Err(e) = result {
                    self.refuse(e.to_string());
                }
            }
            LoadFor::Saves(_) => {}
        }
    }

    /// What the command line asked for cannot be shown: the program ends with this error.
    pub(super) fn fail(&mut self, e: impl std::fmt::Display) {
        self.fatal = Some(e.to_string());
        self.quit = true;
    }

    /// An app showing a record in the replay viewer, at the start of its first game.
    pub fn replay(
        tx: Sender<AppEvent>,
        loaded: Loaded,
        client: ClientArgs,
        theme: Theme,
    ) -> Result<App, BadSetup> {
        let mut app = App::menu(tx, client, theme);
        app.open_replay(loaded, 0)?;
        Ok(app)
    }

    /// Opens the replay viewer here on game `gi` of a record.
    pub(super) fn open_replay(&mut self, loaded: Loaded, gi: usize) -> Result<(), BadSetup> {
        Setup::from_record(&loaded.record)?;
        self.instant = false;
        self.view_game(Box::new(ReplayScreen::new(loaded)), gi);
        Ok(())
    }

    /// The viewer shows game `gi` of its record from its start.
    pub(super) fn view_game(&mut self, mut viewer: Box<ReplayScreen>, gi: usize) {
        let session =
            match Session::load_parts(viewer.record(), viewer.checked(), viewer.steps(), gi) {
                Ok(s) => s,
                Err(e) => return self.refuse(e),
            };
        let mut play = self.new_play(session);
        viewer.installed(gi, &play);
        play.restore(0);
        self.stack.set_base(Base::Replay { viewer, play });
        self.replay_status();
    }

    /// The replay viewer, when open.
    pub fn viewer(&self) -> Option<&ReplayScreen> {
        self.stack.viewer()
    }

    pub fn viewer_mut(&mut self) -> Option<&mut ReplayScreen> {
        match &mut self.stack.base {
            Base::Replay { viewer, .. } => Some(viewer),
            _ => None,
        }
    }

    /// The step shown and the number of steps: (decisions shown, all decisions).
    pub fn replay_step(&self) -> (usize, usize) {
        match &self.stack.base {
            Base::Replay { viewer, play } => viewer.step(play),
            _ => (0, 0),
        }
    }

    pub(super) fn replay_status(&mut self) {
        if let Base::Replay { viewer, play } = &self.stack.base {
            let line = viewer.status(play, self.speed_ms);
            self.set_status(line);
        }
    }

    pub(super) fn replay_key(&mut self, action: Action, k: &KeyEvent, now: Instant) -> bool {
        let Base::Replay { viewer: v, play: p } = &mut self.stack.base else {
            return false;
        };
        // Opened from the saved-games list: q and Esc go back to it.
        if let Some(list) = v.take_back(action) {
            self.stack.set_base(Base::Menu);
            self.stack.push(Layer::Saves(list));
            self.set_status("Back to the saved games");
            return true;
        }
        if action == Action::Quit {
            self.quit = true;
            return false;
        }
        let digit = match k.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        let pace = Pace {
            speed_ms: &mut self.speed_ms,
            instant: self.instant,
        };
        let t = v.handle(action, digit, p, pace, &self.tx, now);
        if matches!(t, Transition::Stay) && action != Action::Digit {
            return false;
        }
        self.transition(t, now);
        true
    }

    pub(super) fn replay_tick(&mut self, now: Instant) -> bool {
        let Base::Replay { viewer: v, play: p } = &mut self.stack.base else {
            return false;
        };
        let pace = Pace {
            speed_ms: &mut self.speed_ms,
            instant: self.instant,
        };
        let t = v.tick(p, pace, now);
        self.transition(t, now)
    }

    /// The game just finished, in the replay viewer at its end with the
    /// review started. Its decisions are played again here: each was decided
    /// once already while the game was played.
    pub(super) fn review_game(&mut self) -> bool {
        let Some(record) = self.record() else {
            return false;
        };
        let path = self.save_path().map(PathBuf::from).unwrap_or_default();
        let loaded = match load::from_record(&path, record, &job::Progress::default()) {
            Ok(l) => l,
            Err(e) => {
                self.refuse(e);
                return true;
            }
        };
        let last_game = loaded.record.games.len() - 1;
        if let Err(e) = self.open_replay(loaded, last_game) {
            self.refuse(e.to_string());
            return true;
        }
        if let Base::Replay { viewer: v, play: p } = &mut self.stack.base {
            v.go_to_end(p, self.speed_ms, Instant::now());
            let line = v.start_review(&self.tx);
            self.set_status(line);
        }
        true
    }

    /// Leaves the viewer and plays on from the step shown, as a new game saved
    /// to a new file. If both seats were AI, the side to move becomes human.
    pub(super) fn take_over(&mut self, now: Instant) {
        let mut play = match self.stack.take_base() {
            Base::Replay { play, .. } => play,
            other => {
                self.stack.base = other;
                return;
            }
        };
        let turn = play.take_over();
        self.stack.set_base(Base::Play(play));
        self.save_to_new_file();
        self.set_status(format!("Taken over at turn {turn}: a new game"));
        self.after_move(now);
    }
}

/// The text with its first letter upper case.
pub(super) fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

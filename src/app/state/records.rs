//! The app's records: saving off the UI thread after every change, the
//! lock on the game this window has open, the question when another window
//! has it, and deleting a saved game.

use super::super::save::{Busy, NotResumed, SaveFailed};
use super::*;
use crate::session::SessionError;

/// A game open in another window, and what opening it was for.
#[derive(Debug)]
pub struct InUse {
    pub path: PathBuf,
    pub(super) open: InUseOpen,
}

impl InUse {
    /// The question's lines and its keys.
    pub fn question(&self) -> (Vec<String>, String) {
        let name = file_name(&self.path);
        let (then, copy) = match self.open {
            InUseOpen::Resume { .. } => (
                "Played in both, one window's moves would be lost.",
                "c open a copy    n don't open it",
            ),
            InUseOpen::Save => (
                "Saved from both, one window's game would be lost.",
                "c save a copy    n don't",
            ),
        };
        (
            vec![
                format!("{name} is open in another window."),
                then.to_string(),
                "A copy is saved under a new name in the data folder.".to_string(),
            ],
            copy.to_string(),
        )
    }
}

#[derive(Debug)]
pub(super) enum InUseOpen {
    /// Continue this record (`at_start`: asked on the command line).
    Resume { loaded: Box<Loaded>, at_start: bool },
    /// `--save PATH`: the game on screen saved there.
    Save,
}

impl App {
    /// Everything played so far as a record (None before the first turn).
    pub fn record(&self) -> Option<Record> {
        Some(self.stack.session()?.record())
    }

    /// Saves the record if it changed: a job off this thread (see
    /// `Persist::save`). The answer comes at once if it is there within
    /// the persistence's wait, else as an event.
    pub fn autosave(&mut self) {
        // Nothing is saved while the player is asked about a game open elsewhere.
        if self.stack.viewer().is_some() || self.in_use().is_some() {
            return;
        }
        let Some(record) = self.record() else { return };
        let post = event::post(&self.tx, |saved| Output::Saved(Box::new(saved)));
        if let Some(saved) = self.persist.save(&record, post) {
            self.saved(saved);
        }
    }

    /// A save's answer: the name a new file took, or why it failed (said on
    /// the status line; the next change tries again).
    pub(super) fn saved(&mut self, saved: Saved) {
        if let Some(line) = self.persist.saved(saved) {
            self.refuse(line);
        }
    }

    /// Quitting: waits up to `bound` for the saves under way; one that does
    /// not finish in time is said as a failed save.
    pub fn finish_saves(&mut self, bound: Duration) {
        if let Some(line) = self.persist.finish(bound) {
            self.refuse(line);
        }
    }

    /// Is a save under way?
    pub fn saving(&self) -> bool {
        self.persist.pending()
    }

    /// The gate every save passes before writing: holding it holds the
    /// saves, as a slow disk would (tests).
    pub fn save_gate(&self) -> std::sync::Arc<std::sync::Mutex<()>> {
        self.persist.gate()
    }

    /// A save failed: said on the status line (once per reason) and kept
    /// for the message at exit, which then fails.
    pub fn save_failed(&mut self, e: SaveFailed) {
        if let Some(line) = self.persist.failed(e) {
            self.refuse(line);
        }
    }

    /// A new game goes to a new file of the data folder, named at its first
    /// save (nothing when there is no data folder or with `--save`).
    pub fn save_to_new_file(&mut self) {
        self.persist.to_new_file();
    }

    /// `--save PATH`: the game is saved there, locked, unless another
    /// client has that file open: then the player is asked first (open a
    /// copy in the data folder, or not) and nothing is saved till then.
    pub fn claim_save(&mut self, path: PathBuf, force: bool) {
        if let Err(Busy(path)) = self.persist.claim(path, force) {
            self.ask_in_use(InUse {
                path,
                open: InUseOpen::Save,
            });
        }
    }

    /// Asks the player about a game open in another window.
    pub(super) fn ask_in_use(&mut self, u: InUse) {
        self.set_status(format!(
            "{} is open in another window: c opens a copy, n does not",
            file_name(&u.path)
        ));
        self.stack.push(Layer::InUse(u));
    }

    /// The game open in another window that the player is asked about.
    pub fn in_use(&self) -> Option<&InUse> {
        self.stack.find(|l| match l {
            Layer::InUse(u) => Some(u),
            _ => None,
        })
    }

    /// Takes the lock of the record at `path` for this window: `Err` when
    /// another client has it open; `Ok(None)` when no lock can be had there.
    /// The lock this window holds already, if it is that record's, is kept.
    pub(super) fn lock_record(&mut self, path: &std::path::Path) -> Result<Option<RecordLock>, ()> {
        self.persist.lock_record(path).map_err(|_| ())
    }

    /// The in-use question's keys: open a copy, or not.
    pub(super) fn in_use_key(&mut self, action: Action, now: Instant) -> bool {
        match action {
            Action::Copy => self.open_copy(now),
            Action::No => self.dont_open(),
            _ => return false,
        }
        true
    }

    /// Not opened: from the command line the program ends, nothing
    /// changed; from the list, the list stays.
    pub(super) fn dont_open(&mut self) {
        let Some(u) = self.stack.take_in_use() else {
            return;
        };
        match u.open {
            InUseOpen::Resume {
                at_start: false, ..
            } => self.set_status(format!(
                "Not opened: {} is open in another window",
                file_name(&u.path)
            )),
            InUseOpen::Resume { at_start: true, .. } => {
                self.note = Some(NotResumed::Busy(u.path.clone()).to_string());
                self.quit = true;
            }
            InUseOpen::Save => {
                self.note = Some(NotResumed::SaveBusy(u.path.clone()).to_string());
                self.quit = true;
            }
        }
    }

    /// Opens a copy of the game open elsewhere: saved under a new name in
    /// the data folder, and locked there.
    pub(super) fn open_copy(&mut self, now: Instant) {
        let Some(u) = self.stack.take_in_use() else {
            return;
        };
        let dir = match self
            .persist
            .autosave_dir()
            .map(PathBuf::from)
            .map_or_else(file::open_data_dir, Ok)
        {
            Ok(dir) => dir,
            Err(e) => {
                self.stack.push(Layer::InUse(u));
                self.refuse(format!("No copy: {e}"));
                return;
            }
        };
        let before = self.persist.copy_in(&dir);
        let name = file_name(&u.path);
        match u.open {
            InUseOpen::Resume { loaded, at_start } => {
                if let Err(e) = self.open_resume(&loaded, now) {
                    self.persist.replace(before);
                    return if at_start {
                        self.fail(e)
                    } else {
                        self.refuse(e.to_string())
                    };
                }
            }
            InUseOpen::Save => self.autosave(),
        }
        if !self.status_error {
            self.set_status(format!(
                "A copy of {name} (open in another window): saved in {}",
                dir.display()
            ));
        }
    }

    /// Deletes a saved game of the list, unless a client has it open.
    pub(super) fn delete_saved(&mut self, path: PathBuf) {
        if !matches!(self.stack.base, Base::Menu) {
            return;
        }
        let name = file_name(&path);
        if RecordLock::held_here(&path) {
            return self.refuse(format!("Not deleted: {name} is the game of this window"));
        }
        let lock = match RecordLock::try_lock(&path) {
            Err(LockError::Busy) => {
                return self.refuse(format!("Not deleted: {name} is open in another window"));
            }
            lock => lock.ok(),
        };
        if let Err(e) = std::fs::remove_file(&path) {
            return self.refuse(format!("Not deleted: {name}: {}", file::io_reason(&e)));
        }
        // Let go once the record is gone (its lock file goes with it).
        drop(lock);
        let left = self.stack.take_saves().and_then(|s| s.removed(&path));
        let any = left.is_some();
        if let Some(s) = left {
            self.stack.push(Layer::Saves(s));
        }
        if any {
            self.set_status(format!("Deleted {name}"));
        } else {
            self.set_status(format!("Deleted {name}: no saved games left"));
        }
    }

    /// An app that continues a saved game (the caller sets `save_path`).
    pub fn resume(
        tx: Sender<AppEvent>,
        loaded: &Loaded,
        client: ClientArgs,
        theme: Theme,
        now: Instant,
    ) -> Result<App, SessionError> {
        let mut app = App::menu(tx, client, theme);
        app.open_resume(loaded, now)?;
        Ok(app)
    }

    /// Continues a saved game here; nothing changes if it cannot be.
    pub(super) fn open_resume(
        &mut self,
        loaded: &Loaded,
        now: Instant,
    ) -> Result<(), SessionError> {
        let session = Session::resume(loaded)?;
        self.instant = self.client.instant;
        let play = self.new_play(session);
        if play.session().racing().is_none() {
            self.set_status(format!("Resumed at turn {}", play.game().turn()));
        }
        // Saved during the race: it is run again from its start.
        self.show_game(play, now);
        Ok(())
    }

    /// The saved-games list: choose, continue or replay.
    pub(super) fn saves_key(&mut self, action: Action, now: Instant) -> bool {
        let Some(Layer::Saves(s)) = self.stack.top_mut() else {
            return false;
        };
        let t = s.handle(action);
        self.transition(t, now)
    }
}

/// A path's file name, for messages (the whole path when it has none).
pub(super) fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

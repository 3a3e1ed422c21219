//! The app's records: saving off the UI thread after every change, the
//! lock on the game this window has open, the question when another window
//! has it, and deleting a saved game.

use crate::app::screen::env::file_name;
use crate::app::screen::overlay::QuestionView;
use crate::app::screen::{Around, Env, Key, Screen, Transition};
use crate::keys::{Action, Ctx};
use crate::record::file;
use crate::record::lock::RecordLock;
use crate::session::load::Loaded;
use crate::session::persist::NotResumed;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use std::path::PathBuf;

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

impl InUse {
    /// Not opened: from the command line the program ends, nothing
    /// changed; from the list, the list stays.
    fn dont_open(&self, env: &mut Env) -> Transition {
        match self.open {
            InUseOpen::Resume {
                at_start: false, ..
            } => {
                env.set_status(format!(
                    "Not opened: {} is open in another window",
                    file_name(&self.path)
                ));
                Transition::Close
            }
            InUseOpen::Resume { at_start: true, .. } => {
                env.note = Some(NotResumed::Busy(self.path.clone()).to_string());
                Transition::QuitNow
            }
            InUseOpen::Save => {
                env.note = Some(NotResumed::SaveBusy(self.path.clone()).to_string());
                Transition::QuitNow
            }
        }
    }

    /// Opens a copy of the game open elsewhere: saved under a new name in
    /// the data folder, and locked there.
    fn open_copy(&mut self, key: &Key<'_>, env: &mut Env) -> Transition {
        let dir = match env
            .persist
            .autosave_dir()
            .map(PathBuf::from)
            .map_or_else(file::open_data_dir, Ok)
        {
            Ok(dir) => dir,
            Err(e) => {
                env.refuse(format!("No copy: {e}"));
                return Transition::Redraw;
            }
        };
        env.saves_held = false;
        let before = env.persist.copy_in(&dir);
        let name = file_name(&self.path);
        let t = match std::mem::replace(&mut self.open, InUseOpen::Save) {
            InUseOpen::Resume { loaded, at_start } => match env.open_resume(&loaded, key.now) {
                Ok(screen) => Transition::Replace(screen),
                Err(e) => {
                    env.persist.replace(before);
                    return if at_start {
                        env.fail(e);
                        Transition::QuitNow
                    } else {
                        env.refuse(e.to_string());
                        Transition::Close
                    };
                }
            },
            InUseOpen::Save => {
                // The game on screen (never a replay's) is saved there now.
                let game = key
                    .below
                    .filter(|s| s.kind() != Some(crate::app::screen::Kind::Replay))
                    .and_then(|s| s.session());
                if let Some(session) = game {
                    env.autosave(session);
                }
                Transition::Close
            }
        };
        if !env.status_error() {
            env.set_status(format!(
                "A copy of {name} (open in another window): saved in {}",
                dir.display()
            ));
        }
        t
    }
}

impl Screen for InUse {
    fn ctx(&self) -> Option<Ctx> {
        Some(Ctx::InUse)
    }

    /// Open a copy, or not.
    fn handle(&mut self, key: Key<'_>, env: &mut Env) -> Transition {
        match key.action {
            Action::Copy => self.open_copy(&key, env),
            Action::No => self.dont_open(env),
            _ => Transition::Stay,
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>) {
        let (lines, keys) = self.question();
        QuestionView {
            title: " Open in another window ",
            lines,
            keys,
            theme: around.env.theme,
        }
        .render(area, buf);
    }
}

impl Env {
    /// Asks the player about a game open in another window (nothing is
    /// saved till then).
    pub fn ask_in_use(&mut self, u: InUse) -> Transition {
        self.set_status(format!(
            "{} is open in another window: c opens a copy, n does not",
            file_name(&u.path)
        ));
        self.saves_held = true;
        Transition::Open(Box::new(u))
    }

    /// Takes the lock of the record at `path` for this window: `Err` when
    /// another client has it open; `Ok(None)` when no lock can be had there.
    /// The lock this window holds already, if it is that record's, is kept.
    pub fn lock_record(&mut self, path: &std::path::Path) -> Result<Option<RecordLock>, ()> {
        self.persist.lock_record(path).map_err(|_| ())
    }
}

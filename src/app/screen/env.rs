//! What every screen is handed: the app's state that spans the screens.
//! The key map, the theme, the status line, the options, the start menu's
//! choices and saving (`Persist`: the record's file, its lock, the saves,
//! the statistics) are here; a screen reads and changes them itself, and
//! tells the app only where to go next.

use super::menu::MenuScreen;
use super::play::{Play, PlayOptions};
use crate::app::event::{self, AppEvent, Output};
use crate::app::theme::Theme;
use crate::cli::ClientArgs;
use crate::keys::Keymap;
use crate::record::file;
use crate::session::Session;
use crate::session::job;
use crate::session::load::{self, LoadResult, Loaded};
use crate::session::persist::{Persist, Saved};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::mpsc::Sender;
use std::time::Duration;

/// The app's state every screen may read and change.
pub struct Env {
    /// The key bindings in effect (the settings').
    pub keys: Rc<Keymap>,
    pub theme: Theme,
    /// Where the work on threads posts its answers.
    pub tx: Sender<AppEvent>,
    pub client: ClientArgs,
    /// The record's file, its lock, the saves, the statistics: what the
    /// app keeps on disk (the session's persistence).
    pub persist: Persist,
    /// The start menu's choices, kept from one game to the next.
    pub menu: MenuScreen,
    /// The last game's seed (the menu's next game derives its own from it).
    pub seed: u64,
    /// The animation's pace: milliseconds a seed.
    pub speed_ms: u64,
    /// Moves are shown at once (no animation).
    pub instant: bool,
    pub ai_pause: Duration,
    /// How long the UI waits for a decision worked out on a thread.
    pub work_wait: Duration,
    /// A fixed depth for the analysis instead of its time budget (tests).
    pub analysis_depth: Option<u32>,
    /// The analysis panel is on (the live game's search is the play screen's).
    pub panel: bool,
    /// The terminal's size, as the last resize event gave it.
    pub size: (u16, u16),
    /// The player is asked about a game open in another window: nothing
    /// is saved till then.
    pub saves_held: bool,
    /// The status line, and whether it reports a refusal.
    status: String,
    status_error: bool,
    /// A line for the terminal once the screen is closed.
    pub note: Option<String>,
    /// Why the program ends with an error (a record given on the command line did not load).
    pub fatal: Option<String>,
    /// A race was shown: the first one waits for a key before its
    /// countdown, so that nobody loses it before seeing the board.
    pub raced: bool,
    /// Bytes for the terminal itself, not the screen (OSC 52 for its
    /// clipboard): the loop writes them after the next frame.
    to_terminal: Vec<u8>,
}

impl Env {
    pub fn new(tx: Sender<AppEvent>, client: ClientArgs, theme: Theme, keys: Rc<Keymap>) -> Env {
        Env {
            keys,
            theme,
            tx,
            menu: MenuScreen::new(&client),
            seed: 0,
            speed_ms: client.speed.max(1),
            instant: client.instant,
            client,
            ai_pause: Duration::from_millis(500),
            work_wait: job::WAIT,
            analysis_depth: None,
            panel: false,
            size: (80, 24),
            saves_held: false,
            persist: Persist::new(),
            status: "Choose the game and press Enter".into(),
            status_error: false,
            note: None,
            fatal: None,
            raced: false,
            to_terminal: Vec::new(),
        }
    }

    /// Asks the loop to write `bytes` to the terminal (not drawn).
    pub fn send_to_terminal(&mut self, bytes: &[u8]) {
        self.to_terminal.extend_from_slice(bytes);
    }

    /// The bytes for the terminal, taken once.
    pub fn take_to_terminal(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.to_terminal)
    }

    // ---- the status line ----------------------------------------------------

    pub fn status(&self) -> &str {
        &self.status
    }

    /// Does the status line report a refusal?
    pub fn status_error(&self) -> bool {
        self.status_error
    }

    pub fn set_status(&mut self, text: impl Into<String>) {
        self.status = text.into();
        self.status_error = false;
    }

    /// A refusal on the status line (in its colour).
    pub fn refuse(&mut self, text: impl Into<String>) {
        self.status = text.into();
        self.status_error = true;
    }

    /// What the command line asked for cannot be shown: the program ends
    /// with this error (the screen answers `QuitNow`).
    pub fn fail(&mut self, e: impl std::fmt::Display) {
        self.fatal = Some(e.to_string());
    }

    // ---- games and saving ---------------------------------------------------

    /// The play screen's game of a session, with the client's options.
    pub fn new_play(&self, mut session: Session) -> Box<Play> {
        session.set_ai_pause(self.ai_pause);
        session.set_hash_mb(self.client.hash_mb.map(usize::from));
        let opts = PlayOptions {
            tx: self.tx.clone(),
            work_wait: self.work_wait,
            speed_ms: self.speed_ms,
            instant: self.instant,
        };
        Box::new(Play::new(session, opts))
    }

    /// Saves the session's record if it changed: a job off this thread (see
    /// `Persist::save`). The answer comes at once if it is there within
    /// the persistence's wait, else as an event.
    pub fn autosave(&mut self, session: &Session) {
        // Nothing is saved while the player is asked about a game open elsewhere.
        if self.saves_held {
            return;
        }
        let record = session.record();
        let post = event::post(&self.tx, |saved| Output::Saved(Box::new(saved)));
        if let Some(saved) = self.persist.save(&record, post) {
            self.saved(saved);
        }
    }

    /// A save's answer: the name a new file took, or why it failed (said on
    /// the status line; the next change tries again).
    pub fn saved(&mut self, saved: Saved) {
        if let Some(line) = self.persist.saved(saved) {
            self.refuse(line);
        }
    }

    /// A finished game of a person against the AI, once, into the
    /// statistics: a job (their lock may be held by another window); its
    /// answer comes at once, or later as an event.
    pub fn count(&mut self, play: &mut Play, count: Box<crate::session::Count>) {
        let post = event::post(&self.tx, |c| Output::Counted(Box::new(c)));
        if let Some(counted) = self.persist.count(count, post) {
            self.counted(counted, Some(play));
        }
    }

    /// The statistics counted: the record against that level goes to the
    /// game's log, or why they were not saved (said again after the screen
    /// closes).
    pub fn counted(&mut self, counted: crate::session::persist::Counted, play: Option<&mut Play>) {
        if let Err(e) = &counted {
            self.note = Some(format!("The statistics were not saved: {e}"));
        }
        if let Some(p) = play {
            p.counted(counted);
        }
    }

    /// The menu's record line from the data folder's statistics: read once
    /// when the menu opens (a small file, at most 4 MiB). A bad file leaves
    /// the record empty; `stats` and the game's end say what is wrong.
    pub fn load_menu_record(&mut self) {
        let Some(dir) = self.persist.stats_dir() else {
            return;
        };
        if let Ok(mut stats) = crate::stats::load(&crate::stats::path(dir)) {
            let mine = stats
                .players
                .remove(&crate::stats::player_name())
                .unwrap_or_default();
            self.menu.set_record(mine);
        }
    }
}

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
    pub(crate) fn at_start(&self) -> bool {
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
    pub(crate) fn run(&self, progress: &job::Progress) -> Result<LoadResult, load::LoadFault> {
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

/// A path's file name, for messages (the whole path when it has none).
pub fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

//! The options the binary and the tests set on the app, and what the views
//! read of the game's seats and the overlays.

use super::*;

impl App {
    // ---- the options the binary (and the tests) set ----------------------------

    /// Saves to `path` after every change; `force` replaces a file there
    /// that is not a record (`--save PATH --force`).
    pub fn save_to(&mut self, path: PathBuf, force: bool) {
        self.persist.save_to(path, force);
    }

    /// The data folder new games are saved in, if any.
    pub fn autosave_dir(&self) -> Option<&std::path::Path> {
        self.persist.autosave_dir()
    }

    /// Each new game goes to a new file in this folder (the data folder).
    pub fn set_autosave_dir(&mut self, dir: PathBuf) {
        self.persist.set_autosave_dir(dir);
    }

    /// Finished games count in this folder's statistics.
    pub fn set_stats_dir(&mut self, dir: PathBuf) {
        self.persist.set_stats_dir(dir);
    }

    /// How long the AI seat waits before it moves.
    pub fn set_ai_pause(&mut self, pause: Duration) {
        self.ai_pause = pause;
        if let Some(p) = self.stack.play_mut() {
            p.set_ai_pause(pause);
        }
    }

    /// How long the UI waits for a decision or a load worked out on a
    /// thread before its answer comes as an event.
    pub fn set_work_wait(&mut self, wait: Duration) {
        self.work_wait = wait;
        if let Some(p) = self.stack.play_mut() {
            p.set_work_wait(wait);
        }
        if let Some(l) = self.stack.lessons_mut() {
            l.set_work_wait(wait);
        }
    }

    /// How long the UI waits for the disk (a save, the statistics) before
    /// the answer comes as an event.
    pub fn set_save_wait(&mut self, wait: Duration) {
        self.persist.set_wait(wait);
    }

    /// A fixed depth for the analysis instead of its time budget.
    pub fn set_analysis_depth(&mut self, depth: Option<u32>) {
        self.analysis_depth = depth;
    }

    /// Moves are shown at once (true) or sown seed by seed.
    pub fn set_instant(&mut self, instant: bool) {
        self.instant = instant;
        if let Some(p) = self.stack.play_mut() {
            p.set_instant(instant);
        }
    }

    pub fn set_theme(&mut self, theme: Theme) {
        self.theme = theme;
    }

    /// The terminal's size before its first resize event.
    pub fn set_size(&mut self, w: u16, h: u16) {
        self.size = (w, h);
    }

    /// Leaving the lessons quits (`learn`).
    pub fn set_lessons_only(&mut self, only: bool) {
        self.stack.find_mut(|l| match l {
            Layer::Lessons { only: o, .. } => {
                *o = only;
                Some(())
            }
            _ => None,
        });
    }

    /// Opens these lessons over the screen; `only`: leaving them quits
    /// (`learn`).
    pub fn show_lessons(&mut self, lessons: crate::app::lesson::LessonScreen, only: bool) {
        self.open_learning(lessons);
        self.set_lessons_only(only);
    }

    /// Plays on from a given position (tests, set-up positions).
    pub fn load(&mut self, game: impl Into<AnyGame>, now: Instant) {
        let game = game.into();
        let setup = self.setup().cloned().unwrap_or_else(|| {
            Setup::other(
                game.clone(),
                (&self.client).into(),
                Teams::default(),
                self.seed,
            )
        });
        let play = self.new_play(Session::at_position(setup, game));
        self.show_game(play, now);
    }

    pub fn seat(&self, side: Side) -> Option<&Seat> {
        self.setup().map(|s| s.seat(side))
    }

    /// A side as the score lines name it: "South (you)", "North (AI hard)".
    pub fn seat_label(&self, side: Side) -> String {
        match self.setup() {
            Some(setup) => crate::app::screen::play::seat_label(setup, side),
            None => side.title().to_string(),
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

    /// The start menu begins each game at these sizes (the settings').
    pub fn set_menu_sizes(&mut self, enkeshui: usize, en_gehe: usize) {
        self.menu = self.menu.clone().with_sizes(enkeshui, en_gehe);
    }

    /// The help's scroll, when it is open.
    pub fn help_scroll(&self) -> Option<u16> {
        self.stack.find(|l| match l {
            Layer::Help(h) => Some(h.scroll()),
            _ => None,
        })
    }

    /// Is the quit confirmation open?
    pub fn confirming_quit(&self) -> bool {
        self.stack.has(|l| matches!(l, Layer::ConfirmQuit))
    }

    /// The saved-games list, when open.
    pub fn saves(&self) -> Option<&SavesScreen> {
        self.stack.find(|l| match l {
            Layer::Saves(s) => Some(s),
            _ => None,
        })
    }
}

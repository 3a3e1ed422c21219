//! The options the binary and the tests set on the app, what they read of
//! the game's seats, the overlays, the replay and the saves, and how they
//! open a record (resume, replay, a load).

use super::*;

impl App {
    // ---- the options the binary (and the tests) set ----------------------------

    /// Saves to `path` after every change; `force` replaces a file there
    /// that is not a record (`--save PATH --force`).
    pub fn save_to(&mut self, path: PathBuf, force: bool) {
        self.env.persist.save_to(path, force);
    }

    /// The data folder new games are saved in, if any.
    pub fn autosave_dir(&self) -> Option<&std::path::Path> {
        self.env.persist.autosave_dir()
    }

    /// Each new game goes to a new file in this folder (the data folder).
    pub fn set_autosave_dir(&mut self, dir: PathBuf) {
        self.env.persist.set_autosave_dir(dir);
    }

    /// Finished games count in this folder's statistics.
    pub fn set_stats_dir(&mut self, dir: PathBuf) {
        self.env.persist.set_stats_dir(dir);
    }

    /// How long the AI seat waits before it moves.
    pub fn set_ai_pause(&mut self, pause: Duration) {
        self.env.ai_pause = pause;
        if let Some(p) = self.stack.play_mut() {
            p.set_ai_pause(pause);
        }
    }

    /// How long the UI waits for a decision or a load worked out on a
    /// thread before its answer comes as an event.
    pub fn set_work_wait(&mut self, wait: Duration) {
        self.env.work_wait = wait;
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
        self.env.persist.set_wait(wait);
    }

    /// A fixed depth for the analysis instead of its time budget.
    pub fn set_analysis_depth(&mut self, depth: Option<u32>) {
        self.env.analysis_depth = depth;
    }

    /// Moves are shown at once (true) or sown seed by seed.
    pub fn set_instant(&mut self, instant: bool) {
        self.env.instant = instant;
        if let Some(p) = self.stack.play_mut() {
            p.set_instant(instant);
        }
    }

    pub fn set_theme(&mut self, theme: Theme) {
        self.env.theme = theme;
    }

    /// The terminal's size before its first resize event.
    pub fn set_size(&mut self, w: u16, h: u16) {
        self.env.size = (w, h);
    }

    /// Leaving the lessons quits (`learn`).
    pub fn set_lessons_only(&mut self, only: bool) {
        if let Some(l) = self.stack.find_mut::<Lessons>() {
            l.only = only;
        }
    }

    /// Opens these lessons over the screen; `only`: leaving them quits
    /// (`learn`).
    pub fn show_lessons(&mut self, lessons: crate::app::lesson::LessonScreen, only: bool) {
        let lessons = self.env.learning(lessons, false);
        self.open_learning(lessons);
        self.set_lessons_only(only);
    }

    /// Plays on from a given position (tests, set-up positions).
    pub fn load(&mut self, game: impl Into<AnyGame>, now: Instant) {
        let game = game.into();
        let setup = self.setup().cloned().unwrap_or_else(|| {
            Setup::from_start(
                game.clone(),
                (&self.env.client).into(),
                Teams::default(),
                self.env.seed,
            )
        });
        let play = self.env.new_play(Session::at_position(setup, game));
        let screen = game::show(play, &mut self.env, now);
        self.go(Transition::Replace(screen), false);
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

    /// The menu's record line from the data folder's statistics (read once
    /// when the menu opens).
    pub fn load_menu_record(&mut self) {
        self.env.load_menu_record();
    }

    /// The start menu begins each game at these sizes (the settings').
    pub fn set_menu_sizes(&mut self, enkeshui: usize, en_gehe: usize) {
        self.env.menu = self.env.menu.clone().with_sizes(enkeshui, en_gehe);
    }

    /// The help's scroll, when it is open.
    pub fn help_scroll(&self) -> Option<u16> {
        self.stack.find::<HelpOverlay>().map(|h| h.scroll())
    }

    /// Is the quit confirmation open?
    pub fn confirming_quit(&self) -> bool {
        self.stack.has::<ConfirmQuit>()
    }

    /// The saved-games list, when open.
    pub fn saves(&self) -> Option<&SavesScreen> {
        self.stack.find::<SavesScreen>()
    }

    // ---- records: loading, replaying, saving ---------------------------------

    /// Loads on a thread: the answer comes at once when quick, else as an
    /// event while a progress line shows and Esc can stop it.
    pub fn start_load(&mut self, purpose: LoadFor, now: Instant) {
        self.stack.remove::<Loading>();
        let t = self.env.start_load(purpose, None, now);
        self.go(t, false);
        if self.stack.has::<Loading>() {
            self.progress_at = Some(now + PROGRESS_EVERY);
        }
    }

    /// Loads on this thread (no terminal: nothing to keep live).
    pub fn load_now(&mut self, purpose: LoadFor, now: Instant) {
        let result = loading::load_now(&purpose);
        let t = self.env.loaded(purpose, None, result, now);
        self.go(t, false);
    }

    /// An app showing a record in the replay viewer, at the start of its first game.
    pub fn replay(
        tx: Sender<AppEvent>,
        loaded: Loaded,
        client: ClientArgs,
        theme: Theme,
    ) -> Result<App, BadSetup> {
        let mut app = App::menu(tx, client, theme);
        if let Some(r) = Replaying::open(loaded, 0, &mut app.env)? {
            app.go(Transition::Replace(Box::new(r)), false);
        }
        Ok(app)
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
        let screen = app.env.open_resume(loaded, now)?;
        app.go(Transition::Replace(screen), false);
        Ok(app)
    }

    /// The replay viewer, when open.
    pub fn viewer(&self) -> Option<&ReplayScreen> {
        self.stack.base::<Replaying>().map(Replaying::viewer)
    }

    pub fn viewer_mut(&mut self) -> Option<&mut ReplayScreen> {
        self.stack
            .base_mut::<Replaying>()
            .map(Replaying::viewer_mut)
    }

    /// The step shown and the number of steps: (decisions shown, all decisions).
    pub fn replay_step(&self) -> (usize, usize) {
        self.stack
            .base::<Replaying>()
            .map_or((0, 0), Replaying::step)
    }

    /// Everything played so far as a record (None before the first turn).
    pub fn record(&self) -> Option<Record> {
        Some(self.stack.session()?.record())
    }

    /// Saves the record if it changed: a job off this thread (see
    /// `Persist::save`). Never a replay's; nothing while the player is
    /// asked about a game open elsewhere.
    pub fn autosave(&mut self) {
        if self.screen() == Screen::Replay {
            return;
        }
        self.env.saves_held = self.stack.has::<InUse>();
        if let Some(session) = self.stack.base.session() {
            self.env.autosave(session);
        }
    }

    /// Quitting: waits up to `bound` for the saves under way; one that does
    /// not finish in time is said as a failed save.
    pub fn finish_saves(&mut self, bound: Duration) {
        if let Some(line) = self.env.persist.finish(bound) {
            self.env.refuse(line);
        }
    }

    /// Is a save under way?
    pub fn saving(&self) -> bool {
        self.env.persist.pending()
    }

    /// The gate every save passes before writing: holding it holds the
    /// saves, as a slow disk would (tests).
    pub fn save_gate(&self) -> std::sync::Arc<std::sync::Mutex<()>> {
        self.env.persist.gate()
    }

    /// A save failed: said on the status line (once per reason) and kept
    /// for the message at exit, which then fails.
    pub fn save_failed(&mut self, e: SaveFailed) {
        if let Some(line) = self.env.persist.failed(e) {
            self.env.refuse(line);
        }
    }

    /// A new game goes to a new file of the data folder, named at its first
    /// save (nothing when there is no data folder or with `--save`).
    pub fn save_to_new_file(&mut self) {
        self.env.persist.to_new_file();
    }

    /// `--save PATH`: the game is saved there, locked, unless another
    /// client has that file open: then the player is asked first (open a
    /// copy in the data folder, or not) and nothing is saved till then.
    pub fn claim_save(&mut self, path: PathBuf, force: bool) {
        if let Err(crate::session::persist::Busy(path)) = self.env.persist.claim(path, force) {
            let t = self.env.ask_in_use(InUse {
                path,
                open: records::InUseOpen::Save,
            });
            self.go(t, false);
        }
    }

    /// The game open in another window that the player is asked about.
    pub fn in_use(&self) -> Option<&InUse> {
        self.stack.find::<InUse>()
    }
}

//! The app's state and how every event changes it. Pure: no terminal here,
//! time comes in with each event, so tests drive it key by key.

use super::adapter::adapter;
use super::ai;
use super::event::{self, AppEvent, Output};
use super::job::{self, Done, Job, Spawn, Started, next_version};
use super::keys::{self, Action, Ctx};
use super::load::{self, LoadResult, Loaded};
use super::save::{How, Saved, Saver};
use super::screen::Transition;
use super::screen::browse::BrowseScreen;
use super::screen::menu::MenuScreen;
use super::screen::over::OverScreen;
pub use super::screen::over::{MatchState, match_over_line, over_line};
use super::screen::overlay::{self, HelpOverlay, Overlay};
use super::screen::play::{Next as AfterMove, PlayOptions, working_line};
use super::screen::race::RaceScreen;
use super::screen::replay::{Pace, ReplayScreen};
use super::screen::saves::SavesScreen;
use super::theme::Theme;
use super::work::CANCELLED;
use crate::cli::{ClientArgs, Seat, Teams};
use crate::engine::any::AnyGame;
use crate::engine::{PerSide, Side};
use crate::out::thousands;
use crate::record::Record;
use crate::record::file;
use crate::record::lock::{LockError, RecordLock};
use crate::session::{Decided, NextGame, Session};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

pub use super::setup::Setup;

/// Which screen is shown (what `App::screen` tells; the screen's own state
/// is in `Shown`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Menu,
    Race,
    Play,
    Over,
    /// The replay viewer.
    Replay,
}

/// Where the player is: each screen with its own state, which exists exactly
/// while the screen is shown. The overlays (help, quit confirmation, the
/// lessons, a load) are the app's, over whichever screen this is.
enum Shown {
    /// The start menu (its choices are `App::menu`, kept between games),
    /// with the list of saved games over it when open.
    Menu { saves: Option<SavesScreen> },
    /// The race, and the game it opens (waiting for the race's board).
    Race {
        race: Box<RaceScreen>,
        play: Box<Play>,
    },
    /// The game, and an earlier position of it looked at.
    Play {
        play: Box<Play>,
        browse: Option<Box<BrowseScreen>>,
    },
    /// The game over, its last board under the result.
    Over(Box<Play>),
    /// The replay viewer and the game it shows (its steps in the game's history).
    Replay {
        viewer: Box<ReplayScreen>,
        play: Box<Play>,
    },
}

impl Shown {
    fn menu() -> Shown {
        Shown::Menu { saves: None }
    }

    fn screen(&self) -> Screen {
        match self {
            Shown::Menu { .. } => Screen::Menu,
            Shown::Race { .. } => Screen::Race,
            Shown::Play { .. } => Screen::Play,
            Shown::Over(_) => Screen::Over,
            Shown::Replay { .. } => Screen::Replay,
        }
    }

    /// The game on screen: played, over or replayed.
    fn play(&self) -> Option<&Play> {
        match self {
            Shown::Play { play, .. } | Shown::Over(play) | Shown::Replay { play, .. } => Some(play),
            Shown::Menu { .. } | Shown::Race { .. } => None,
        }
    }

    /// The game's session on any screen of it (the race's too).
    fn session(&self) -> Option<&Session> {
        match self {
            Shown::Race { play, .. } => Some(play.session()),
            other => other.play().map(Play::session),
        }
    }

    fn play_mut(&mut self) -> Option<&mut Play> {
        match self {
            Shown::Play { play, .. } | Shown::Over(play) | Shown::Replay { play, .. } => Some(play),
            Shown::Menu { .. } | Shown::Race { .. } => None,
        }
    }

    fn viewer(&self) -> Option<&ReplayScreen> {
        match self {
            Shown::Replay { viewer, .. } => Some(viewer),
            _ => None,
        }
    }

    /// The game's screen after a move: over, or played on (the game stays).
    fn set_over(&mut self, over: bool) {
        *self = match std::mem::replace(self, Shown::menu()) {
            Shown::Play { play, .. } if over => Shown::Over(play),
            Shown::Over(play) if !over => Shown::Play { play, browse: None },
            other => other,
        };
    }
}

pub use super::screen::play::{AnalysisPanel, Anim, MoveRec, Play};

use super::geometry::{FIXED_H, Geometry, MIN_H, MIN_W};
use super::help_text::{self, HelpFacts};

pub struct App {
    theme: Theme,
    tx: Sender<AppEvent>,
    /// The screen shown, with its state (the game's is its session's).
    shown: Shown,
    /// The last game's seed (the menu's next game derives its own from it).
    seed: u64,
    /// The start menu's choices, kept from one game to the next.
    menu: MenuScreen,
    client: ClientArgs,
    /// The help or the quit confirmation, over the screen.
    overlay: Option<Overlay>,
    quit: bool,
    /// Ctrl-Z: the loop hands the terminal back to the shell and stops.
    suspend: bool,
    /// The status line, and whether it reports a refusal.
    status: String,
    status_error: bool,
    size: (u16, u16),
    speed_ms: u64,
    instant: bool,
    ai_pause: Duration,
    /// Where the game is saved after every change (None: not saved).
    save_path: Option<PathBuf>,
    /// Replace a file that is not a record at `save_path`.
    save_force: bool,
    /// Each new match gets a new file in this folder (the data folder).
    autosave_dir: Option<PathBuf>,
    /// The text last given to the saver, to skip saving the same again.
    last_saved: String,
    /// The saves under way, in order.
    saver: Saver,
    /// How long the UI waits for a save before its answer comes as an
    /// event (none: the disk never holds up the keys; tests wait).
    save_wait: Duration,
    /// The last save failed: why.
    save_error: Option<String>,
    /// `save_path` is a name proposed in the data folder: the first save
    /// takes it exclusively, or the next free one (`file::write_new`).
    save_new: bool,
    /// The analysis panel is on (the live game's search is the play screen's).
    panel: bool,
    /// How long the UI waits for a decision worked out on a thread.
    work_wait: Duration,
    /// A fixed depth for the analysis instead of its time budget (tests).
    analysis_depth: Option<u32>,
    /// A record or the saved-games list being loaded on a thread.
    loading: Option<Loading>,
    /// When the progress of work on a thread is next shown.
    progress_at: Option<Instant>,
    /// Why the program ends with an error (a record given on the command line did not load).
    fatal: Option<String>,
    /// A line for the terminal once the screen is closed.
    note: Option<String>,
    /// A notice over the first screen (the settings file's errors): its
    /// title and lines; any key closes it.
    notice: Option<(String, Vec<String>)>,
    /// The data folder whose statistics count finished games (None: not counted).
    stats_dir: Option<PathBuf>,
    /// The lessons, when open (over whatever screen is below).
    lessons: Option<Box<crate::app::lesson::LessonScreen>>,
    /// Opened by `learn`: leaving the lessons quits.
    lessons_only: bool,
    /// The lock of the game this window has open (its `save_path`): no
    /// other client opens it meanwhile.
    lock: Option<RecordLock>,
    /// The game asked for is open in another window: the player chooses
    /// to open a copy or not (nothing is saved until then).
    in_use: Option<InUse>,
}

/// A game open in another window, and what opening it was for.
#[derive(Debug)]
pub struct InUse {
    pub path: PathBuf,
    open: InUseOpen,
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
enum InUseOpen {
    /// Continue this record (`at_start`: asked on the command line).
    Resume { loaded: Box<Loaded>, at_start: bool },
    /// `--save PATH`: the game on screen saved there.
    Save,
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
    fn run(&self, progress: &job::Progress) -> Result<LoadResult, String> {
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
    job: Job,
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
    /// An app at the start menu.
    pub fn menu(tx: Sender<AppEvent>, client: ClientArgs, theme: Theme) -> App {
        App {
            theme,
            tx,
            shown: Shown::menu(),
            seed: 0,
            menu: MenuScreen::new(&client),
            speed_ms: client.speed.max(1),
            instant: client.instant,
            client,
            overlay: None,
            quit: false,
            suspend: false,
            status: "Choose the game and press Enter".into(),
            status_error: false,
            size: (80, 24),
            ai_pause: Duration::from_millis(500),
            save_path: None,
            save_force: false,
            autosave_dir: None,
            last_saved: String::new(),
            saver: Saver::default(),
            save_wait: Duration::ZERO,
            save_error: None,
            save_new: false,
            panel: false,
            analysis_depth: None,
            work_wait: job::WAIT,
            loading: None,
            progress_at: None,
            fatal: None,
            note: None,
            notice: None,
            stats_dir: None,
            lessons: None,
            lessons_only: false,
            lock: None,
            in_use: None,
        }
    }

    /// An app that opens a game at once.
    pub fn with_game(
        tx: Sender<AppEvent>,
        setup: Setup,
        client: ClientArgs,
        theme: Theme,
        now: Instant,
    ) -> Result<App, String> {
        let mut app = App::menu(tx, client, theme);
        app.start_match(setup, now)?;
        Ok(app)
    }

    // ---- what the loop, the view and the tests read ----------------------------

    /// Which screen is shown.
    pub fn screen(&self) -> Screen {
        self.shown.screen()
    }

    /// The game on screen: played, over or replayed (None at the menu and
    /// during the race).
    pub fn play(&self) -> Option<&Play> {
        self.shown.play()
    }

    /// The race, while it is run.
    pub fn race(&self) -> Option<&RaceScreen> {
        match &self.shown {
            Shown::Race { race, .. } => Some(race),
            _ => None,
        }
    }

    /// The start menu's choices.
    pub fn menu_screen(&self) -> &MenuScreen {
        &self.menu
    }

    /// The lessons, when open.
    pub fn lessons(&self) -> Option<&crate::app::lesson::LessonScreen> {
        self.lessons.as_deref()
    }

    /// The status line.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// Does the status line report a refusal?
    pub fn status_error(&self) -> bool {
        self.status_error
    }

    pub fn theme(&self) -> Theme {
        self.theme
    }

    /// The game's setup (its session's).
    pub fn setup(&self) -> Option<&Setup> {
        self.shown.session().map(Session::setup)
    }

    pub fn client(&self) -> &ClientArgs {
        &self.client
    }

    /// The match's games so far and its end (the session's).
    pub fn matches(&self) -> MatchState {
        self.shown.session().map(MatchState::of).unwrap_or_default()
    }

    /// The terminal's size, as the last resize event gave it.
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// The animation's pace: milliseconds a seed.
    pub fn speed_ms(&self) -> u64 {
        self.speed_ms
    }

    /// Has the player quit (or a signal come)?
    pub fn quitting(&self) -> bool {
        self.quit
    }

    /// Shows a notice over the screen until a key is pressed: its title
    /// and its lines (the settings file's errors, when the client opens).
    pub fn show_notice(&mut self, title: &str, lines: Vec<String>) {
        self.notice = Some((title.to_string(), lines));
    }

    /// The notice shown over the screen, if any: its title and lines.
    pub fn notice(&self) -> Option<(&str, &[String])> {
        self.notice
            .as_ref()
            .map(|(t, l)| (t.as_str(), l.as_slice()))
    }

    /// Did Ctrl-Z ask to hand the terminal back to the shell? (Asked once:
    /// this answers it.)
    pub fn take_suspend(&mut self) -> bool {
        std::mem::replace(&mut self.suspend, false)
    }

    /// The load under way, if any.
    pub fn loading(&self) -> Option<&Loading> {
        self.loading.as_ref()
    }

    /// Why the program ends with an error.
    pub fn fatal(&self) -> Option<&str> {
        self.fatal.as_deref()
    }

    /// Selects the hole of this decision token on the play screen, as the
    /// arrows would.
    pub fn select_hole(&mut self, token: &str) {
        if let Shown::Play { play, .. } = &mut self.shown {
            play.select(token);
        }
    }

    /// Why the program ends with an error, taken once.
    pub fn take_fatal(&mut self) -> Option<String> {
        self.fatal.take()
    }

    /// The line for the terminal once the screen is closed.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// Where the game is saved (None: not saved).
    pub fn save_path(&self) -> Option<&std::path::Path> {
        self.save_path.as_deref()
    }

    /// Why the last save failed.
    pub fn save_error(&self) -> Option<&str> {
        self.save_error.as_deref()
    }

    // ---- the options the binary (and the tests) set ----------------------------

    /// Saves to `path` after every change; `force` replaces a file there
    /// that is not a record (`--save PATH --force`).
    pub fn save_to(&mut self, path: PathBuf, force: bool) {
        if self
            .lock
            .as_ref()
            .is_some_and(|l| !same_record(l.record(), &path))
        {
            self.lock = None;
        }
        self.save_path = Some(path);
        self.save_force = force;
        self.save_new = false;
        self.last_saved.clear();
    }

    /// Each new game goes to a new file in this folder (the data folder).
    /// The data folder new games are saved in, if any.
    pub fn autosave_dir(&self) -> Option<&std::path::Path> {
        self.autosave_dir.as_deref()
    }

    pub fn set_autosave_dir(&mut self, dir: PathBuf) {
        self.autosave_dir = Some(dir);
    }

    /// Finished games count in this folder's statistics.
    pub fn set_stats_dir(&mut self, dir: PathBuf) {
        self.stats_dir = Some(dir);
    }

    /// How long the AI seat waits before it moves.
    pub fn set_ai_pause(&mut self, pause: Duration) {
        self.ai_pause = pause;
        if let Some(p) = self.shown.play_mut() {
            p.set_ai_pause(pause);
        }
    }

    /// How long the UI waits for a decision or a load worked out on a
    /// thread before its answer comes as an event.
    pub fn set_work_wait(&mut self, wait: Duration) {
        self.work_wait = wait;
        if let Some(p) = self.shown.play_mut() {
            p.set_work_wait(wait);
        }
    }

    /// How long the UI waits for a save before its answer comes as an event.
    pub fn set_save_wait(&mut self, wait: Duration) {
        self.save_wait = wait;
    }

    /// A fixed depth for the analysis instead of its time budget.
    pub fn set_analysis_depth(&mut self, depth: Option<u32>) {
        self.analysis_depth = depth;
    }

    /// Moves are shown at once (true) or sown seed by seed.
    pub fn set_instant(&mut self, instant: bool) {
        self.instant = instant;
        if let Some(p) = self.shown.play_mut() {
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
        self.lessons_only = only;
    }

    /// Opens these lessons over the screen; `only`: leaving them quits
    /// (`learn`).
    pub fn show_lessons(&mut self, lessons: crate::app::lesson::LessonScreen, only: bool) {
        self.lessons = Some(Box::new(lessons));
        self.lessons_only = only;
    }

    /// Plays on from a given position (tests, set-up positions).
    pub fn load(&mut self, game: impl Into<AnyGame>, now: Instant) {
        let game = game.into();
        let setup = self.setup().cloned().unwrap_or_else(|| {
            Setup::other(game.clone(), &self.client, Teams::default(), self.seed)
        });
        let play = self.new_play(Session::at_position(setup, game));
        self.show_game(play, now);
    }

    pub fn seat(&self, side: Side) -> Option<&Seat> {
        self.setup().map(|s| s.seat(side))
    }

    /// A side as the score lines name it: "South (you)", "North (AI hard)",
    /// "South (Loitha, human)" (hot seat: both "human").
    pub fn seat_label(&self, side: Side) -> String {
        let Some(setup) = self.setup() else {
            return side.title().to_string();
        };
        let seat = match setup.seat(side) {
            Seat::Human if setup.any_ai() => "you".to_string(),
            Seat::Human => "human".to_string(),
            Seat::Ai(level) => format!("AI {}", level.name()),
        };
        let teams = setup.teams();
        let team = match side {
            Side::South => teams.south.clone(),
            Side::North => teams.north.clone(),
        };
        match team {
            Some(t) => format!("{} ({t}, {seat})", side.title()),
            None => format!("{} ({seat})", side.title()),
        }
    }

    /// The menu's record line from the data folder's statistics: read once
    /// when the menu opens (a small file, at most 4 MiB). A bad file leaves
    /// the record empty; `stats` and the game's end say what is wrong.
    pub fn load_menu_record(&mut self) {
        let Some(dir) = &self.stats_dir else { return };
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
        match self.overlay {
            Some(Overlay::Help(h)) => Some(h.scroll()),
            _ => None,
        }
    }

    /// Is the quit confirmation open?
    pub fn confirming_quit(&self) -> bool {
        self.overlay == Some(Overlay::ConfirmQuit)
    }

    /// The saved-games list, when open.
    pub fn saves(&self) -> Option<&SavesScreen> {
        match &self.shown {
            Shown::Menu { saves } => saves.as_ref(),
            _ => None,
        }
    }

    fn human(&self, side: Side) -> bool {
        self.seat(side).is_some_and(|s| s.is_human())
    }

    /// Is the board turned so that North sits at the bottom now?
    pub fn flipped(&self) -> bool {
        self.screen() == Screen::Play
            && self.shown.play().is_some_and(|p| p.bottom() == Side::North)
    }

    fn set_status(&mut self, text: impl Into<String>) {
        self.status = text.into();
        self.status_error = false;
    }

    fn refuse(&mut self, text: impl Into<String>) {
        self.status = text.into();
        self.status_error = true;
    }

    // ---- starting games -------------------------------------------------

    /// Starts a new game (or match) with these options.
    pub fn start_match(&mut self, setup: Setup, now: Instant) -> Result<(), String> {
        self.instant = self.client.instant;
        self.seed = setup.seed();
        self.save_to_new_file();
        let play = self.new_play(Session::new(setup));
        self.show_game(play, now);
        Ok(())
    }

    /// The play screen of a session, with the client's options.
    fn new_play(&self, mut session: Session) -> Box<Play> {
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

    /// Shows a game: its race first when the session runs one (saved as
    /// the game's start: resuming runs the race again), else its turn.
    fn show_game(&mut self, play: Box<Play>, now: Instant) {
        self.seed = play.session().setup().seed();
        if let Some(r) = play.session().racing() {
            let racers = PerSide::new(r.ai(Side::South), r.ai(Side::North));
            let race = RaceScreen::new(r.race().clone(), racers, play.session().race_seed(), now);
            self.set_status(race.greeting());
            self.shown = Shown::Race {
                race: Box::new(race),
                play,
            };
            self.autosave();
            return;
        }
        self.shown = Shown::Play { play, browse: None };
        self.after_move(now);
    }

    // ---- the loop's entry points ------------------------------------------

    /// When the app next wants a tick (animation or race); `None`: sleep until an event.
    pub fn deadline(&self) -> Option<Instant> {
        if let Some(l) = &self.lessons {
            return l.deadline();
        }
        let screen = self.screen_deadline();
        let progress = self.progress_at.filter(|_| self.working_now());
        match (screen, progress) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Is work on a thread under way whose progress is shown?
    fn working_now(&self) -> bool {
        self.loading.is_some() || self.shown.play().is_some_and(|p| p.working.is_some())
    }

    /// Shows how far the work on a thread has got, every quarter second.
    fn progress_tick(&mut self, now: Instant) -> bool {
        if !self.working_now() {
            self.progress_at = None;
            return false;
        }
        let due = self.progress_at.is_none_or(|at| at <= now);
        if !due {
            return false;
        }
        self.progress_at = Some(now + PROGRESS_EVERY);
        if let Some(w) = self.shown.play().and_then(|p| p.working.as_ref()) {
            let line = working_line(w);
            if !self.status_error && self.status != line {
                self.set_status(line);
            }
        }
        true
    }

    fn screen_deadline(&self) -> Option<Instant> {
        match &self.shown {
            Shown::Race { race, .. } => race.deadline(),
            Shown::Play { play, .. } => play.anim.as_ref().map(|a| a.next_at),
            Shown::Replay { viewer, play } => viewer.deadline(play),
            Shown::Menu { .. } | Shown::Over(_) => None,
        }
    }

    /// Time passed: advance the animation or the AI racers. Returns whether to redraw.
    pub fn tick(&mut self, now: Instant) -> bool {
        if let Some(l) = self.lessons.as_mut() {
            return l.tick(now);
        }
        let dirty = match self.shown {
            Shown::Race { .. } => self.race_tick(now),
            Shown::Play { .. } => self.anim_tick(now),
            Shown::Replay { .. } => self.replay_tick(now),
            Shown::Menu { .. } | Shown::Over(_) => false,
        };
        let progress = self.progress_tick(now);
        self.sync_analysis() || dirty || progress
    }

    /// One event. Returns whether the screen must be redrawn.
    pub fn handle(&mut self, ev: AppEvent, now: Instant) -> bool {
        let dirty = self.handle_event(ev, now);
        self.hold_race(now);
        if self.working_now() && self.progress_at.is_none() {
            self.progress_at = Some(now + PROGRESS_EVERY);
        }
        self.sync_analysis() || dirty
    }

    /// The race is held while anything covers it (the help, the quit
    /// confirmation, a terminal too small), and goes on once it shows again.
    fn hold_race(&mut self, now: Instant) {
        let covered = self.overlay.is_some() || self.loading.is_some() || self.too_small();
        if let Shown::Race { race: r, .. } = &mut self.shown {
            if covered {
                r.pause(now);
            } else {
                r.resume(now);
            }
        }
    }

    /// The live game's analysis follows the position shown (the play
    /// screen's search; none in the replay viewer).
    fn sync_analysis(&mut self) -> bool {
        let live = self.shown.viewer().is_none();
        let (panel, depth) = (self.panel, self.analysis_depth);
        self.shown
            .play_mut()
            .is_some_and(|p| p.sync_analysis(panel, depth, live))
    }

    /// The analysis panel, when on (it is the live position's: hidden
    /// while an earlier one is viewed).
    pub fn analysis_panel(&self) -> Option<&AnalysisPanel> {
        self.shown
            .play()?
            .analysis_panel()
            .filter(|_| self.panel && self.browsing().is_none())
    }

    /// The earlier position looked at, if any.
    pub fn browsing(&self) -> Option<&BrowseScreen> {
        match &self.shown {
            Shown::Play { browse, .. } => browse.as_deref(),
            _ => None,
        }
    }

    /// The analysis of the position shown, once worked out.
    pub fn analysis(&self) -> Option<&ai::Analysis> {
        self.shown.play()?.analysis()
    }

    fn handle_event(&mut self, ev: AppEvent, now: Instant) -> bool {
        match ev {
            AppEvent::Key(k) => self.key(k, now),
            AppEvent::Mouse(m) => self.mouse(m, now),
            AppEvent::Resize(w, h) => {
                self.size = (w, h);
                true
            }
            AppEvent::Job(done) => self.job_done(done, now),
            AppEvent::Signal(_) => {
                self.quit = true;
                false
            }
        }
    }

    /// A job's result, routed to the screen that asked for it; each takes
    /// it only if the job it keeps has its version (else it is stale).
    fn job_done(&mut self, done: Done<Output>, now: Instant) -> bool {
        let version = done.version;
        match done.output {
            Output::Ai(decided) => self.ai_move(version, *decided, now),
            Output::Played { decided } => self.played_event(version, *decided, now),
            Output::Analysis(output) => {
                let Some(p) = self.shown.play_mut() else {
                    return false;
                };
                let t = p.analysed(Done { version, output });
                self.transition(t, now)
            }
            Output::Loaded(result) => match self.loading.take() {
                Some(l) if l.job.version() == version => {
                    self.loaded(l.purpose.clone(), result, now);
                    true
                }
                other => {
                    self.loading = other;
                    false
                }
            },
            Output::Review(update) => {
                let Shown::Replay { viewer: v, .. } = &mut self.shown else {
                    return false;
                };
                let (dirty, line) = v.review_mut().update(version, update);
                if let Some(line) = line {
                    self.set_status(line);
                }
                dirty
            }
            // Saves are never dropped: the saver says whether an answer is
            // newer than the last one taken (its version is its order).
            Output::Saved(saved) => {
                self.saved(*saved);
                true
            }
        }
    }

    /// The binding context of the keyboard now.
    pub fn ctx(&self) -> Ctx {
        match self.overlay {
            Some(Overlay::ConfirmQuit) => return Ctx::Confirm,
            Some(Overlay::Help(_)) => return Ctx::Help,
            None => {}
        }
        if self.in_use.is_some() {
            return Ctx::InUse;
        }
        if self.loading.is_some() {
            return Ctx::Loading;
        }
        if let Some(l) = &self.lessons {
            return l.ctx();
        }
        match &self.shown {
            Shown::Menu { saves: Some(s) } if s.confirming() => Ctx::Delete,
            Shown::Menu { saves: Some(_) } => Ctx::Saves,
            Shown::Menu { saves: None } => Ctx::Menu,
            Shown::Race { .. } => Ctx::Race,
            Shown::Over(_) => Ctx::Over,
            Shown::Replay { .. } => Ctx::Replay,
            Shown::Play {
                browse: Some(_), ..
            } => Ctx::Browse,
            Shown::Play { play, browse: None } => play.ctx(),
        }
    }

    pub fn key(&mut self, k: KeyEvent, now: Instant) -> bool {
        if k.kind == KeyEventKind::Release {
            return false;
        }
        if self.too_small() {
            // Nothing of the game is visible: no key may play blind. q leaves at once.
            let quit = matches!(k.code, KeyCode::Char('q') | KeyCode::Esc)
                || keys::action(Ctx::Global, &k) == Some(Action::QuitNow);
            self.quit |= quit;
            return false;
        }
        if self.notice.is_some() {
            // Any key closes the notice, and does nothing else (Ctrl-C still quits).
            if keys::action(Ctx::Global, &k) == Some(Action::QuitNow) {
                self.quit = true;
                return false;
            }
            self.notice = None;
            return true;
        }
        let ctx = self.ctx();
        let Some(action) = keys::action(ctx, &k) else {
            return false;
        };
        match action {
            Action::QuitNow => {
                self.quit = true;
                return false;
            }
            Action::Suspend => {
                self.suspend = true;
                return false;
            }
            Action::Help if ctx != Ctx::Confirm => {
                self.overlay = match self.overlay {
                    Some(Overlay::Help(_)) => None,
                    _ => Some(Overlay::Help(HelpOverlay::default())),
                };
                return true;
            }
            _ => {}
        }
        if let Some(l) = self.lessons.as_mut()
            && !matches!(ctx, Ctx::Help | Ctx::Confirm | Ctx::Loading)
        {
            return match l.key(&k, now) {
                crate::app::lesson::Outcome::Ignored => false,
                crate::app::lesson::Outcome::Redraw => true,
                crate::app::lesson::Outcome::Close => {
                    self.lessons = None;
                    self.quit |= self.lessons_only;
                    true
                }
            };
        }
        match ctx {
            Ctx::Confirm => {
                let t = overlay::confirm_handle(action);
                self.transition(t, now)
            }
            Ctx::Help => {
                let Some(Overlay::Help(h)) = self.overlay else {
                    return false;
                };
                let page = self.size.1.saturating_sub(6);
                // Never past the end: the help's last line stays at the bottom.
                let max = help_text::max_scroll(&self.help_facts(), self.size);
                self.overlay = h.handle(action, page, max).map(Overlay::Help);
                true
            }
            Ctx::Menu => self.menu_key(action, now),
            Ctx::Race => self.race_key(action, &k, now),
            Ctx::Over => self.over_key(action, now),
            Ctx::Play | Ctx::Direction | Ctx::Special => self.play_key(action, &k, now),
            Ctx::Browse => {
                let Shown::Play {
                    play,
                    browse: Some(b),
                } = &mut self.shown
                else {
                    return false;
                };
                let t = b.handle(action, play);
                self.transition(t, now)
            }
            Ctx::Replay => self.replay_key(action, &k, now),
            Ctx::Saves | Ctx::Delete => self.saves_key(action, now),
            Ctx::InUse => self.in_use_key(action, now),
            Ctx::Loading => {
                match action {
                    Action::Cancel => self.stop_loading(),
                    Action::Quit => self.quit = true,
                    _ => return false,
                }
                true
            }
            Ctx::Global | Ctx::Lesson => false,
        }
    }

    /// Opens the lessons of `kind` (all games: `None`), progress in the data folder.
    pub fn open_lessons(&mut self, kind: Option<crate::engine::GameKind>, now: Instant) {
        let path = crate::learn::progress::Progress::path().ok();
        self.lessons = Some(Box::new(crate::app::lesson::LessonScreen::new(
            kind,
            path,
            self.theme,
            self.speed_ms,
            now,
        )));
    }

    /// Opens the puzzles of `kind` (all games: `None`) on their list,
    /// progress in the data folder (`puzzles.json`).
    pub fn open_puzzles(&mut self, kind: Option<crate::engine::GameKind>, now: Instant) {
        let path = crate::learn::puzzles::progress_path().ok();
        self.lessons = Some(Box::new(crate::app::puzzle::open(
            kind,
            path,
            self.theme,
            self.speed_ms,
            now,
        )));
    }

    /// What the help's text depends on now.
    pub fn help_facts(&self) -> HelpFacts {
        let game = self.shown.play().map(|p| p.game());
        HelpFacts {
            theme: self.theme,
            lessons: self.lessons.is_some(),
            game: game.map(|g| g.kind().title()),
            units: game.map_or("seeds", |g| adapter(g).units()),
        }
    }

    /// The terminal is too small to draw the screen (it says so instead).
    pub fn too_small(&self) -> bool {
        let need = self.needed_size();
        self.size.0 < need.0 || self.size.1 < need.1
    }

    /// The smallest size the current screen can be drawn in: the lessons',
    /// the game's (its adapter's), or the menu's.
    pub fn needed_size(&self) -> (u16, u16) {
        if let Some(l) = &self.lessons {
            return l.needed_size(self.size.0);
        }
        match self.shown.play() {
            Some(p) => adapter(p.game()).needed_size(self.size.0),
            // The menu and the race: an 8-hole board's.
            None => (
                MIN_W,
                (FIXED_H + Geometry::new(8, MIN_W).height()).max(MIN_H),
            ),
        }
    }

    fn ask_quit(&mut self) {
        let in_progress = matches!(self.shown, Shown::Race { .. } | Shown::Play { .. });
        if in_progress {
            self.overlay = Some(Overlay::ConfirmQuit);
        } else {
            self.quit = true;
        }
    }

    // ---- menu -------------------------------------------------------------

    fn menu_key(&mut self, action: Action, now: Instant) -> bool {
        let t = self.menu.handle(action, &self.client, self.client_seed());
        self.transition(t, now)
    }

    fn client_seed(&self) -> u64 {
        self.seed
    }

    // ---- race -------------------------------------------------------------

    fn race_key(&mut self, action: Action, k: &KeyEvent, now: Instant) -> bool {
        let c = match k.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        let Shown::Race { race: r, .. } = &mut self.shown else {
            return false;
        };
        let t = r.handle(action, c, now);
        self.transition(t, now)
    }

    fn race_tick(&mut self, now: Instant) -> bool {
        let Shown::Race { race: r, .. } = &mut self.shown else {
            return false;
        };
        let t = r.tick(now);
        self.transition(t, now)
    }

    /// Carries out what a screen asked for. Returns whether to redraw.
    fn transition(&mut self, t: Transition, now: Instant) -> bool {
        match t {
            Transition::Stay => return false,
            Transition::Redraw => {}
            Transition::Refuse(e) => self.refuse(e),
            Transition::Status(s) => self.set_status(s),
            Transition::Quit => self.ask_quit(),
            Transition::QuitNow => self.quit = true,
            Transition::Close(status) => {
                // The overlay or the list on top closes, the screen below shows.
                if self.overlay.take().is_none() {
                    match &mut self.shown {
                        Shown::Play { browse, .. } => *browse = None,
                        Shown::Menu { saves } => *saves = None,
                        _ => {}
                    }
                }
                self.set_status(status);
            }
            Transition::DeleteSaved(path) => self.delete_saved(path),
            Transition::OpenSaved { path, replay } => {
                self.start_load(LoadFor::Chosen(path, replay), now);
            }
            Transition::OpenSaves => {
                let Some(dir) = self.autosave_dir.clone() else {
                    self.refuse("No data folder: games are not saved (set HOME or XDG_DATA_HOME)");
                    return true;
                };
                self.start_load(LoadFor::Saves(dir), now);
            }
            Transition::Start(setup) => {
                if let Err(e) = self.start_match(*setup, now) {
                    self.refuse(e);
                }
            }
            Transition::Learn(kind) => self.open_lessons(Some(kind), now),
            Transition::Theme(palette) => {
                self.theme = self.theme.with_palette(palette);
                self.client.theme = Some(palette);
            }
            Transition::Raced(r) => match std::mem::replace(&mut self.shown, Shown::menu()) {
                Shown::Race { mut play, .. } => {
                    play.raced(r.game.into(), r.record, r.note);
                    self.show_game(play, now);
                }
                other => self.shown = other,
            },
            Transition::Moved(line) => self.moved(line, now),
            Transition::Next(line) => {
                if let Some(line) = line {
                    self.set_status(line);
                }
                self.after_move(now);
            }
            Transition::Hint => {
                if let Some(p) = self.shown.play_mut() {
                    let t = p.hint();
                    return self.transition(t, now);
                }
            }
            Transition::NextGame => self.next_game(now),
            Transition::Review => return self.review_game(),
            Transition::Menu => {
                // The game is closed: another window may open it now (with
                // --save the file stays this window's: the next game goes there).
                if self.autosave_dir.is_some() {
                    self.lock = None;
                }
                self.shown = Shown::menu();
                self.load_menu_record();
                self.set_status("Choose the game and press Enter");
            }
            Transition::UndoOver => self.undo_over(now),
            Transition::ViewGame(gi) => match std::mem::replace(&mut self.shown, Shown::menu()) {
                Shown::Replay { viewer, .. } => self.view_game(viewer, gi),
                other => self.shown = other,
            },
            Transition::TakeOver => self.take_over(now),
        }
        true
    }

    // ---- playing: the play screen has the game; the app keeps its own keys ----

    /// The play screen's keys: the app's own (quit, speed, the analysis,
    /// looking back) here, the game's on the play screen.
    fn play_key(&mut self, action: Action, k: &KeyEvent, now: Instant) -> bool {
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
                self.speed_ms = if action == Action::Faster {
                    (self.speed_ms / 2).max(5)
                } else {
                    (self.speed_ms * 2).min(2000)
                };
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
        super::screen::play::direction_sides(self.bottom_side(), from)
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
    fn played_event(&mut self, version: u64, decided: Decided, now: Instant) -> bool {
        let Some(p) = self.shown.play_mut() else {
            return false;
        };
        let t = p.played(version, decided, now);
        self.transition(t, now)
    }

    /// A decision taken into the game: saved, said, and once nothing is
    /// left to animate, what comes next.
    fn moved(&mut self, line: String, now: Instant) {
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

    fn anim_tick(&mut self, now: Instant) -> bool {
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
    fn count_result(&mut self) {
        let (Some(dir), Some(p)) = (self.stats_dir.clone(), self.shown.play_mut()) else {
            return;
        };
        if let Err(e) = p.count(&dir) {
            self.note = Some(format!("The statistics were not saved: {e}"));
        }
    }

    /// After a move has been shown: the game's end, the AI's turn or the human's prompt.
    fn after_move(&mut self, now: Instant) {
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

    fn ai_move(&mut self, version: u64, decided: Decided, now: Instant) -> bool {
        if self.screen() != Screen::Play {
            return false;
        }
        let Some(p) = self.shown.play_mut() else {
            return false;
        };
        let t = p.ai_move(version, decided, now);
        self.transition(t, now)
    }

    fn undo(&mut self, now: Instant) {
        let Some(p) = self.shown.play_mut() else {
            return;
        };
        let t = p.undo();
        self.transition(t, now);
    }

    /// The match's next game (the session carries the scores over), or its
    /// end, or a new match when it is not one.
    fn next_game(&mut self, now: Instant) {
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

    fn over_key(&mut self, action: Action, now: Instant) -> bool {
        let Shown::Over(play) = &self.shown else {
            return false;
        };
        let t = OverScreen { play }.handle(action);
        self.transition(t, now)
    }

    /// Undo on the game-over screen: back into the game, whose score leaves
    /// the match's scoreboard (the session's undo: the match goes on).
    fn undo_over(&mut self, now: Instant) {
        self.undo(now);
    }

    // ---- mouse ---------------------------------------------------------------

    fn mouse(&mut self, m: MouseEvent, now: Instant) -> bool {
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

/// How often the progress of work on a thread is redrawn.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// Are these two paths one record (spelt alike, or one file)?
fn same_record(a: &std::path::Path, b: &std::path::Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    a == b
        || match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => false,
        }
}

/// A path's file name, for messages (the whole path when it has none).
fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The text with its first letter upper case.
fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

// ---- records: saving, resuming, the replay viewer ---------------------------

impl App {
    /// Everything played so far as a record (None before the first turn).
    pub fn record(&self) -> Option<Record> {
        Some(self.shown.session()?.record())
    }

    /// Saves the record to `save_path` if it changed: a job off this
    /// thread, after the saves before it (atomically; the first time only
    /// over a new file or a record, unless forced). The answer comes at
    /// once if it is there within `save_wait`, else as an event.
    pub fn autosave(&mut self) {
        // Nothing is saved while the player is asked about a game open elsewhere.
        if self.shown.viewer().is_some() || self.in_use.is_some() {
            return;
        }
        let Some(path) = self.save_path.clone() else {
            return;
        };
        let Some(record) = self.record() else { return };
        let text = record.to_text();
        if text == self.last_saved {
            return;
        }
        // A new file keeps asking for a fresh name until one is taken (the
        // saver then writes to the name taken).
        let how = if self.save_new {
            How::New
        } else if self.last_saved.is_empty() {
            How::First {
                force: self.save_force,
            }
        } else {
            How::Again
        };
        self.last_saved = text.clone();
        let post = event::post(&self.tx, |saved| Output::Saved(Box::new(saved)));
        if let Some(saved) = self.saver.save(path, text, how, self.save_wait, post) {
            self.saved(saved);
        }
    }

    /// A save's answer: the name a new file took, or why it failed (said on
    /// the status line; the next change tries again).
    fn saved(&mut self, saved: Saved) {
        if !self.saver.fresh(&saved) {
            return;
        }
        match saved.result {
            Ok(_) => {
                if self.save_path.as_ref() == Some(&saved.asked) {
                    // The name locked was taken by a file of a client that
                    // does not lock: the lock follows the game.
                    if saved.written != saved.asked
                        && self
                            .lock
                            .as_ref()
                            .is_some_and(|l| l.record() == saved.asked)
                    {
                        self.lock = RecordLock::try_lock(&saved.written).ok();
                    }
                    self.save_path = Some(saved.written);
                    self.save_new = false;
                }
                self.save_error = None;
            }
            Err(e) => {
                self.last_saved.clear();
                self.save_failed(e);
            }
        }
    }

    /// Quitting: waits up to `bound` for the saves under way; one that does
    /// not finish in time is said as a failed save.
    pub fn finish_saves(&mut self, bound: Duration) {
        match self.saver.finish(bound) {
            Ok(Some(saved)) => self.saved(saved),
            Ok(None) => {}
            Err(e) => self.save_failed(e),
        }
    }

    /// Is a save under way?
    pub fn saving(&self) -> bool {
        self.saver.pending()
    }

    /// The gate every save passes before writing: holding it holds the
    /// saves, as a slow disk would (tests).
    pub fn save_gate(&self) -> std::sync::Arc<std::sync::Mutex<()>> {
        self.saver.gate()
    }

    /// A save failed: said on the status line (once per reason) and kept
    /// for the message at exit, which then fails.
    pub fn save_failed(&mut self, e: String) {
        if self.save_error.as_ref() != Some(&e) {
            self.refuse(format!("Not saved: {e}"));
        }
        self.save_error = Some(e);
    }

    /// A new game goes to a new file of the data folder, named at its first
    /// save (nothing when there is no data folder or with `--save`).
    pub fn save_to_new_file(&mut self) {
        if let Some(dir) = &self.autosave_dir {
            let (path, lock) = file::claim_new_path(dir);
            self.lock = lock;
            self.save_path = Some(path);
            self.save_new = true;
            self.last_saved.clear();
        }
    }

    /// `--save PATH`: the game is saved there, locked, unless another
    /// client has that file open: then the player is asked first (open a
    /// copy in the data folder, or not) and nothing is saved till then.
    pub fn claim_save(&mut self, path: PathBuf, force: bool) {
        match RecordLock::try_lock(&path) {
            Ok(lock) => {
                self.save_to(path, force);
                self.lock = Some(lock);
            }
            Err(LockError::Busy) => {
                self.save_path = None;
                self.ask_in_use(InUse {
                    path,
                    open: InUseOpen::Save,
                });
            }
            // No lock to be had there (a file system without locks): saved as before.
            Err(LockError::Unavailable(_)) => self.save_to(path, force),
        }
    }

    /// Asks the player about a game open in another window.
    fn ask_in_use(&mut self, u: InUse) {
        self.set_status(format!(
            "{} is open in another window: c opens a copy, n does not",
            file_name(&u.path)
        ));
        self.in_use = Some(u);
    }

    /// The game open in another window that the player is asked about.
    pub fn in_use(&self) -> Option<&InUse> {
        self.in_use.as_ref()
    }

    /// Takes the lock of the record at `path` for this window: `Err` when
    /// another client has it open; `Ok(None)` when no lock can be had there.
    /// The lock this window holds already, if it is that record's, is kept.
    fn lock_record(&mut self, path: &std::path::Path) -> Result<Option<RecordLock>, ()> {
        if self
            .lock
            .as_ref()
            .is_some_and(|l| same_record(l.record(), path))
        {
            return Ok(self.lock.take());
        }
        match RecordLock::try_lock(path) {
            Ok(lock) => Ok(Some(lock)),
            Err(LockError::Busy) => Err(()),
            Err(LockError::Unavailable(_)) => Ok(None),
        }
    }

    /// The in-use question's keys: open a copy, or not.
    fn in_use_key(&mut self, action: Action, now: Instant) -> bool {
        match action {
            Action::Copy => self.open_copy(now),
            Action::No => self.dont_open(),
            _ => return false,
        }
        true
    }

    /// Not opened: from the command line the program ends, nothing
    /// changed; from the list, the list stays.
    fn dont_open(&mut self) {
        let Some(u) = self.in_use.take() else { return };
        let shown = u.path.display();
        match u.open {
            InUseOpen::Resume {
                at_start: false, ..
            } => self.set_status(format!(
                "Not opened: {} is open in another window",
                file_name(&u.path)
            )),
            InUseOpen::Resume { at_start: true, .. } => {
                self.note = Some(format!(
                    "{shown} is open in another window: not opened. Nothing was changed."
                ));
                self.quit = true;
            }
            InUseOpen::Save => {
                self.note = Some(format!(
                    "{shown} is open in another window: not saved there. Nothing was changed."
                ));
                self.quit = true;
            }
        }
    }

    /// Opens a copy of the game open elsewhere: saved under a new name in
    /// the data folder, and locked there.
    fn open_copy(&mut self, now: Instant) {
        let Some(u) = self.in_use.take() else { return };
        let dir = match self
            .autosave_dir
            .clone()
            .map_or_else(file::open_data_dir, Ok)
        {
            Ok(dir) => dir,
            Err(e) => {
                self.in_use = Some(u);
                self.refuse(format!("No copy: {e}"));
                return;
            }
        };
        let (path, lock) = file::claim_new_path(&dir);
        let before = (
            self.save_path.replace(path),
            std::mem::replace(&mut self.save_new, true),
            std::mem::take(&mut self.last_saved),
            std::mem::replace(&mut self.lock, lock),
        );
        let name = file_name(&u.path);
        match u.open {
            InUseOpen::Resume { loaded, at_start } => {
                if let Err(e) = self.open_resume(&loaded, now) {
                    (self.save_path, self.save_new, self.last_saved, self.lock) = before;
                    return if at_start {
                        self.fail(e)
                    } else {
                        self.refuse(e)
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
    fn delete_saved(&mut self, path: PathBuf) {
        let Shown::Menu { saves } = &mut self.shown else {
            return;
        };
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
        *saves = saves.take().and_then(|s| s.removed(&path));
        if saves.is_some() {
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
    ) -> Result<App, String> {
        let mut app = App::menu(tx, client, theme);
        app.open_resume(loaded, now)?;
        Ok(app)
    }

    /// Continues a saved game here; nothing changes if it cannot be.
    fn open_resume(&mut self, loaded: &Loaded, now: Instant) -> Result<(), String> {
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
    fn saves_key(&mut self, action: Action, now: Instant) -> bool {
        let Shown::Menu { saves: Some(s) } = &mut self.shown else {
            return false;
        };
        let t = s.handle(action);
        self.transition(t, now)
    }

    // ---- loading off the UI thread -----------------------------------------

    /// Loads on a thread: the answer comes at once when quick, else as an
    /// event while a progress line shows and Esc can stop it.
    pub fn start_load(&mut self, purpose: LoadFor, now: Instant) {
        self.loading = None;
        let what = purpose.clone();
        let started = Spawn::new(next_version(), event::post(&self.tx, Output::Loaded))
            .wait(self.work_wait)
            .run(move |progress| what.run(progress));
        match started {
            Started::Done(result) => self.loaded(purpose, result, now),
            Started::Running(job) => {
                let what = capitalized(&purpose.what());
                self.set_status(format!("{what}... (Esc stops it)"));
                self.loading = Some(Loading { purpose, job });
                self.progress_at = Some(now + PROGRESS_EVERY);
            }
        }
    }

    /// Loads on this thread (no terminal: nothing to keep live).
    pub fn load_now(&mut self, purpose: LoadFor, now: Instant) {
        let result = purpose.run(&job::Progress::default());
        self.loaded(purpose, result, now);
    }

    /// Esc while loading: the work stops, the screen is as it was.
    fn stop_loading(&mut self) {
        let Some(l) = self.loading.take() else { return };
        let line = format!("Stopped {}", l.purpose.what());
        if l.purpose.at_start() {
            self.note = Some(format!("{line}. Nothing was changed."));
            self.quit = true;
        } else {
            self.set_status(format!("{line}. Nothing was changed"));
        }
    }

    /// A load's answer: shown where it was asked for.
    fn loaded(&mut self, purpose: LoadFor, result: Result<LoadResult, String>, now: Instant) {
        self.loading = None;
        let loaded = match (result, &purpose) {
            (Err(e), _) if e == CANCELLED => return,
            (Err(e), p) if p.at_start() => return self.fail(e),
            (Err(e), _) => return self.refuse(e),
            (Ok(LoadResult::Saves(list)), LoadFor::Saves(dir)) => {
                match SavesScreen::new(list) {
                    None => self.refuse(format!("No saved games in {}", dir.display())),
                    Some(s) => {
                        if let Shown::Menu { saves } = &mut self.shown {
                            *saves = Some(s);
                        }
                        self.set_status(format!("Saved games in {}", dir.display()));
                    }
                }
                return;
            }
            (Ok(LoadResult::Record(l)), _) => *l,
            (Ok(LoadResult::Saves(_)), _) => return,
        };
        let finished = loaded.checked.is_finished() && loaded.checked.match_over.is_none();
        match purpose {
            LoadFor::Replay(_) => {
                if let Err(e) = self.open_replay(loaded, 0) {
                    self.fail(e);
                }
            }
            LoadFor::Resume(_) => {
                if finished {
                    let path = loaded.path.display();
                    return self.fail(format!("{path}: the game is over (`replay` shows it)"));
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
                self.lock = lock;
                self.save_path = Some(loaded.path.clone());
                self.save_new = false;
                self.last_saved.clear();
                if let Err(e) = self.open_resume(&loaded, now) {
                    self.fail(e);
                }
            }
            LoadFor::Chosen(path, view) => {
                // A finished match opens at its end, like an unfinished game.
                let result = if view || finished {
                    // Read only, no lock; q and Esc go back to the list.
                    let list = match &mut self.shown {
                        Shown::Menu { saves } => saves.take(),
                        _ => None,
                    };
                    let r = self.open_replay(loaded, 0);
                    match (&r, list) {
                        (Ok(()), Some(list)) => {
                            if let Some(v) = self.viewer_mut() {
                                v.set_back(list);
                            }
                        }
                        (Err(_), Some(list)) => {
                            if let Shown::Menu { saves } = &mut self.shown {
                                *saves = Some(list);
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
                    let before = self.save_path.replace(path);
                    let before_new = std::mem::replace(&mut self.save_new, false);
                    let saved = std::mem::take(&mut self.last_saved);
                    let before_lock = std::mem::replace(&mut self.lock, lock);
                    let r = self.open_resume(&loaded, now);
                    if r.is_err() {
                        self.save_path = before;
                        self.save_new = before_new;
                        self.last_saved = saved;
                        self.lock = before_lock;
                    }
                    r
                };
                // The game opened in place of the list; when it cannot be,
                // nothing changed and the list stays.
                if let Err(e) = result {
                    self.refuse(e);
                }
            }
            LoadFor::Saves(_) => {}
        }
    }

    /// What the command line asked for cannot be shown: the program ends with this error.
    fn fail(&mut self, e: String) {
        self.fatal = Some(e);
        self.quit = true;
    }

    /// An app showing a record in the replay viewer, at the start of its first game.
    pub fn replay(
        tx: Sender<AppEvent>,
        loaded: Loaded,
        client: ClientArgs,
        theme: Theme,
    ) -> Result<App, String> {
        let mut app = App::menu(tx, client, theme);
        app.open_replay(loaded, 0)?;
        Ok(app)
    }

    /// Opens the replay viewer here on game `gi` of a record.
    fn open_replay(&mut self, loaded: Loaded, gi: usize) -> Result<(), String> {
        Setup::from_record(&loaded.record)?;
        self.instant = false;
        self.view_game(Box::new(ReplayScreen::new(loaded)), gi);
        Ok(())
    }

    /// The viewer shows game `gi` of its record from its start.
    fn view_game(&mut self, mut viewer: Box<ReplayScreen>, gi: usize) {
        let session =
            match Session::load_parts(viewer.record(), viewer.checked(), viewer.steps(), gi) {
                Ok(s) => s,
                Err(e) => return self.refuse(e),
            };
        let mut play = self.new_play(session);
        viewer.installed(gi, &play);
        play.restore(0);
        self.shown = Shown::Replay { viewer, play };
        self.replay_status();
    }

    /// The replay viewer, when open.
    pub fn viewer(&self) -> Option<&ReplayScreen> {
        self.shown.viewer()
    }

    pub fn viewer_mut(&mut self) -> Option<&mut ReplayScreen> {
        match &mut self.shown {
            Shown::Replay { viewer, .. } => Some(viewer),
            _ => None,
        }
    }

    /// The step shown and the number of steps: (decisions shown, all decisions).
    pub fn replay_step(&self) -> (usize, usize) {
        match &self.shown {
            Shown::Replay { viewer, play } => viewer.step(play),
            _ => (0, 0),
        }
    }

    fn replay_status(&mut self) {
        if let Shown::Replay { viewer, play } = &self.shown {
            let line = viewer.status(play, self.speed_ms);
            self.set_status(line);
        }
    }

    fn replay_key(&mut self, action: Action, k: &KeyEvent, now: Instant) -> bool {
        let Shown::Replay { viewer: v, play: p } = &mut self.shown else {
            return false;
        };
        // Opened from the saved-games list: q and Esc go back to it.
        if let Some(list) = v.take_back(action) {
            self.shown = Shown::Menu { saves: Some(list) };
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

    fn replay_tick(&mut self, now: Instant) -> bool {
        let Shown::Replay { viewer: v, play: p } = &mut self.shown else {
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
    fn review_game(&mut self) -> bool {
        let Some(record) = self.record() else {
            return false;
        };
        let path = self.save_path.clone().unwrap_or_default();
        let loaded = match load::from_record(&path, record, &job::Progress::default()) {
            Ok(l) => l,
            Err(e) => {
                self.refuse(e);
                return true;
            }
        };
        let last_game = loaded.record.games.len() - 1;
        if let Err(e) = self.open_replay(loaded, last_game) {
            self.refuse(e);
            return true;
        }
        if let Shown::Replay { viewer: v, play: p } = &mut self.shown {
            v.go_to_end(p, self.speed_ms, Instant::now());
            let line = v.start_review(&self.tx);
            self.set_status(line);
        }
        true
    }

    /// Leaves the viewer and plays on from the step shown, as a new game saved
    /// to a new file. If both seats were AI, the side to move becomes human.
    fn take_over(&mut self, now: Instant) {
        let mut play = match std::mem::replace(&mut self.shown, Shown::menu()) {
            Shown::Replay { play, .. } => play,
            other => {
                self.shown = other;
                return;
            }
        };
        let turn = play.take_over();
        self.shown = Shown::Play { play, browse: None };
        self.save_to_new_file();
        self.set_status(format!("Taken over at turn {turn}: a new game"));
        self.after_move(now);
    }
}

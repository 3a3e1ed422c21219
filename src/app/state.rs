//! The app's state and how every event changes it. Pure: no terminal here,
//! time comes in with each event, so tests drive it key by key.
//!
//! App routes: where the player is is one stack (`stack.rs`: a screen at
//! the bottom, what is opened over it on top); a key goes to the top, a
//! job's answer to the screen that asked, and each screen answers with a
//! `Transition` App carries out. The binding context is the top's; each
//! screen draws itself (`draw.rs` hands it the chrome).

use super::adapter::adapter;
use super::ai;
use super::event::{self, AppEvent, Output};
use super::job::{self, Done, Job, Spawn, Started, next_version};
use super::keys::{self, Action, Ctx};
use super::load::{self, LoadResult, Loaded};
use super::save::{Persist, Saved};
use super::screen::Transition;
use super::screen::browse::BrowseScreen;
use super::screen::menu::MenuScreen;
use super::screen::over::OverScreen;
pub use super::screen::over::{MatchState, match_over_line, over_line};
use super::screen::overlay::{self, HelpOverlay};
use super::screen::play::{Next as AfterMove, PlayOptions, working_line};
use super::screen::race::RaceScreen;
use super::screen::replay::{Pace, ReplayScreen};
use super::screen::saves::SavesScreen;
use super::theme::Theme;
use crate::cli::{ClientArgs, Seat, Teams};
use crate::engine::Side;
use crate::engine::any::AnyGame;
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

mod draw;
mod loading;
mod options;
mod play;
mod records;
mod stack;

pub use self::draw::{AppView, help_lines, needed_size};
pub use self::loading::{LoadFor, Loading};
pub use self::records::InUse;
use self::records::InUseOpen;
pub use self::stack::Screen;
use self::stack::{Base, Layer, Stack};

pub use super::screen::play::{AnalysisPanel, Play};

use super::geometry::{FIXED_H, Geometry, MIN_H, MIN_W};
use super::help_text::{self, HelpFacts};

/// The client: the stack of screens and what the app keeps across them
/// (the theme, the status line, the options, saving, the record's lock).
pub struct App {
    theme: Theme,
    tx: Sender<AppEvent>,
    /// Where the player is: the screen shown, with its state (the game's
    /// is its session's), and what is opened over it.
    stack: Stack,
    /// The last game's seed (the menu's next game derives its own from it).
    seed: u64,
    /// The start menu's choices, kept from one game to the next.
    menu: MenuScreen,
    client: ClientArgs,
    quit: bool,
    /// Ctrl-Z: the loop hands the terminal back to the shell and stops.
    suspend: bool,
    /// Stopped by Ctrl-Z and not back yet: the race is held meanwhile.
    suspended: bool,
    /// The status line, and whether it reports a refusal.
    status: String,
    status_error: bool,
    size: (u16, u16),
    speed_ms: u64,
    instant: bool,
    ai_pause: Duration,
    /// The record's file, its lock, the saves, the statistics: what the
    /// app keeps on disk (the session's persistence).
    persist: Persist,
    /// The analysis panel is on (the live game's search is the play screen's).
    panel: bool,
    /// How long the UI waits for a decision worked out on a thread.
    work_wait: Duration,
    /// A fixed depth for the analysis instead of its time budget (tests).
    analysis_depth: Option<u32>,
    /// When the progress of work on a thread is next shown.
    progress_at: Option<Instant>,
    /// Why the program ends with an error (a record given on the command line did not load).
    fatal: Option<String>,
    /// A line for the terminal once the screen is closed.
    note: Option<String>,
}

impl App {
    /// An app at the start menu.
    pub fn menu(tx: Sender<AppEvent>, client: ClientArgs, theme: Theme) -> App {
        App {
            theme,
            tx,
            stack: Stack::menu(),
            seed: 0,
            menu: MenuScreen::new(&client),
            speed_ms: client.speed.max(1),
            instant: client.instant,
            client,
            quit: false,
            suspend: false,
            suspended: false,
            status: "Choose the game and press Enter".into(),
            status_error: false,
            size: (80, 24),
            ai_pause: Duration::from_millis(500),
            persist: Persist::new(),
            panel: false,
            analysis_depth: None,
            work_wait: job::WAIT,
            progress_at: None,
            fatal: None,
            note: None,
        }
    }

    /// An app that opens a game at once.
    pub fn with_game(
        tx: Sender<AppEvent>,
        setup: Setup,
        client: ClientArgs,
        theme: Theme,
        now: Instant,
    ) -> App {
        let mut app = App::menu(tx, client, theme);
        app.start_match(setup, now);
        app
    }

    // ---- what the loop, the view and the tests read ----------------------------

    /// Which screen is shown.
    pub fn screen(&self) -> Screen {
        self.stack.screen()
    }

    /// The game on screen: played, over or replayed (None at the menu and
    /// during the race).
    pub fn play(&self) -> Option<&Play> {
        self.stack.play()
    }

    /// The race, while it is run.
    pub fn race(&self) -> Option<&RaceScreen> {
        match &self.stack.base {
            Base::Race { race, .. } => Some(race),
            _ => None,
        }
    }

    /// The start menu's choices.
    pub fn menu_screen(&self) -> &MenuScreen {
        &self.menu
    }

    /// The lessons, when open.
    pub fn lessons(&self) -> Option<&crate::app::lesson::LessonScreen> {
        self.stack.lessons()
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
        self.stack.session().map(Session::setup)
    }

    pub fn client(&self) -> &ClientArgs {
        &self.client
    }

    /// The match's games so far and its end (the session's).
    pub fn matches(&self) -> MatchState {
        self.stack.session().map(MatchState::of).unwrap_or_default()
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
        self.stack.push(Layer::Notice {
            title: title.to_string(),
            lines,
        });
    }

    /// The notice shown over the screen, if any: its title and lines.
    pub fn notice(&self) -> Option<(&str, &[String])> {
        self.stack.find(|l| match l {
            Layer::Notice { title, lines } => Some((title.as_str(), lines.as_slice())),
            _ => None,
        })
    }

    /// Did Ctrl-Z ask to hand the terminal back to the shell? (Asked once:
    /// this answers it.)
    pub fn take_suspend(&mut self) -> bool {
        std::mem::replace(&mut self.suspend, false)
    }

    /// Back from the shell (`fg` after Ctrl-Z) at `now`: a race held
    /// meanwhile goes on from where it was.
    pub fn back_from_shell(&mut self, now: Instant) {
        self.suspended = false;
        self.hold_race(now);
    }

    /// The load under way, if any.
    pub fn loading(&self) -> Option<&Loading> {
        self.stack.loading()
    }

    /// Why the program ends with an error.
    pub fn fatal(&self) -> Option<&str> {
        self.fatal.as_deref()
    }

    /// Selects the hole of this decision token on the play screen, as the
    /// arrows would.
    pub fn select_hole(&mut self, token: &str) {
        if let Base::Play(play) = &mut self.stack.base {
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
        self.persist.path()
    }

    /// Why the last save failed.
    pub fn save_error(&self) -> Option<&str> {
        self.persist.error()
    }

    fn human(&self, side: Side) -> bool {
        self.seat(side).is_some_and(|s| s.is_human())
    }

    /// Is the board turned so that North sits at the bottom now?
    pub fn flipped(&self) -> bool {
        self.screen() == Screen::Play
            && self.stack.play().is_some_and(|p| p.bottom() == Side::North)
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
    pub fn start_match(&mut self, setup: Setup, now: Instant) {
        self.instant = self.client.instant;
        self.seed = setup.seed();
        self.save_to_new_file();
        let play = self.new_play(Session::new(setup));
        self.show_game(play, now);
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
            let race = RaceScreen::of(r.clone(), now);
            self.set_status(race.greeting());
            self.stack.set_base(Base::Race {
                race: Box::new(race),
                play,
            });
            self.autosave();
            return;
        }
        self.stack.set_base(Base::Play(play));
        self.after_move(now);
    }

    // ---- the loop's entry points ------------------------------------------

    /// When the app next wants a tick (animation or race); `None`: sleep until an event.
    pub fn deadline(&self) -> Option<Instant> {
        if let Some(l) = self.stack.lessons() {
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
        self.stack.loading().is_some() || self.stack.play().is_some_and(|p| p.working().is_some())
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
        if let Some(w) = self.stack.play().and_then(|p| p.working()) {
            let line = working_line(w);
            if !self.status_error && self.status != line {
                self.set_status(line);
            }
        }
        true
    }

    fn screen_deadline(&self) -> Option<Instant> {
        match &self.stack.base {
            Base::Race { race, .. } => race.deadline(),
            Base::Play(play) => play.next_frame_at(),
            Base::Replay { viewer, play } => viewer.deadline(play),
            Base::Menu | Base::Over(_) => None,
        }
    }

    /// Time passed: advance the animation or the AI racers. Returns whether to redraw.
    pub fn tick(&mut self, now: Instant) -> bool {
        if let Some(l) = self.stack.lessons_mut() {
            return l.tick(now);
        }
        let dirty = match self.stack.base {
            Base::Race { .. } => self.race_tick(now),
            Base::Play(_) => self.anim_tick(now),
            Base::Replay { .. } => self.replay_tick(now),
            Base::Menu | Base::Over(_) => false,
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
    /// confirmation, a terminal too small, Ctrl-Z), and goes on once it shows again.
    fn hold_race(&mut self, now: Instant) {
        let covered = self
            .stack
            .has(|l| matches!(l, Layer::Help(_) | Layer::ConfirmQuit | Layer::Loading(_)))
            || self.too_small()
            || self.suspended;
        if let Some(l) = self.stack.lessons_mut() {
            l.hold(covered, now);
        }
        if let Base::Race { race: r, .. } = &mut self.stack.base {
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
        let live = self.stack.viewer().is_none();
        let (panel, depth) = (self.panel, self.analysis_depth);
        self.stack
            .play_mut()
            .is_some_and(|p| p.sync_analysis(panel, depth, live))
    }

    /// The analysis panel, when on (it is the live position's: hidden
    /// while an earlier one is viewed).
    pub fn analysis_panel(&self) -> Option<&AnalysisPanel> {
        self.stack
            .play()?
            .analysis_panel()
            .filter(|_| self.panel && self.browsing().is_none())
    }

    /// The earlier position looked at, if any.
    pub fn browsing(&self) -> Option<&BrowseScreen> {
        self.stack.find(|l| match l {
            Layer::Browse(b) => Some(&**b),
            _ => None,
        })
    }

    /// The analysis of the position shown, once worked out.
    pub fn analysis(&self) -> Option<&ai::Analysis> {
        self.stack.play()?.analysis()
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
                let Some(p) = self.stack.play_mut() else {
                    return false;
                };
                let t = p.analysed(Done { version, output });
                self.transition(t, now)
            }
            Output::Loaded(result) => {
                let current = self
                    .stack
                    .loading()
                    .is_some_and(|l| l.job.version() == version);
                if !current {
                    return false;
                }
                let purpose = self.stack.take_loading().map(|l| l.purpose);
                if let Some(purpose) = purpose {
                    self.loaded(purpose, result, now);
                }
                true
            }
            Output::Review(update) => {
                let Base::Replay { viewer: v, .. } = &mut self.stack.base else {
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
            Output::Counted(counted) => {
                self.counted(*counted);
                true
            }
            Output::Progress(saved) => self
                .stack
                .lessons_mut()
                .is_some_and(|l| l.progress_saved(*saved)),
        }
    }

    /// The binding context of the keyboard now: the top of the stack's.
    pub fn ctx(&self) -> Ctx {
        self.stack.ctx()
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
        if let Some(Layer::Notice { .. }) = self.stack.top() {
            // Any key closes the notice, and does nothing else (Ctrl-C still quits).
            if keys::action(Ctx::Global, &k) == Some(Action::QuitNow) {
                self.quit = true;
                return false;
            }
            self.stack.pop();
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
                self.suspended = true;
                return false;
            }
            Action::Help if ctx != Ctx::Confirm => {
                if let Some(Layer::Help(_)) = self.stack.top() {
                    self.stack.pop();
                } else {
                    self.stack.push(Layer::Help(HelpOverlay::default()));
                }
                return true;
            }
            _ => {}
        }
        // The key goes to the top of the stack.
        let page = self.size.1.saturating_sub(6);
        // Never past the end: the help's last line stays at the bottom.
        let max = help_text::max_scroll(&self.help_facts(), self.size);
        // (Its fields apart: an earlier position reads the game below it.)
        match self.stack.layers.last_mut() {
            Some(Layer::ConfirmQuit) => {
                let t = overlay::confirm_handle(action);
                self.transition(t, now)
            }
            Some(Layer::Help(h)) => {
                match h.handle(action, page, max) {
                    Some(scrolled) => *h = scrolled,
                    None => {
                        self.stack.pop();
                    }
                }
                true
            }
            Some(Layer::Lessons { screen, only }) => match screen.key(&k, now) {
                crate::app::lesson::Outcome::Ignored => false,
                crate::app::lesson::Outcome::Redraw => true,
                crate::app::lesson::Outcome::Close => {
                    self.quit |= *only;
                    self.stack.pop();
                    true
                }
            },
            Some(Layer::Browse(b)) => {
                let Base::Play(play) = &self.stack.base else {
                    return false;
                };
                let t = b.handle(action, play);
                self.transition(t, now)
            }
            Some(Layer::Saves(_)) => self.saves_key(action, now),
            Some(Layer::InUse(_)) => self.in_use_key(action, now),
            Some(Layer::Loading(_)) => {
                match action {
                    Action::Cancel => self.stop_loading(),
                    Action::Quit => self.quit = true,
                    _ => return false,
                }
                true
            }
            Some(Layer::Notice { .. }) => false,
            None => match self.stack.base {
                Base::Menu => self.menu_key(action, now),
                Base::Race { .. } => self.race_key(action, &k, now),
                Base::Over(_) => self.over_key(action, now),
                Base::Play(_) => self.play_key(action, &k, now),
                Base::Replay { .. } => self.replay_key(action, &k, now),
            },
        }
    }

    /// Opens the lessons of `kind` (all games: `None`), progress in the data folder.
    pub fn open_lessons(&mut self, kind: Option<crate::engine::GameKind>, now: Instant) {
        let path = crate::learn::progress::Progress::path().ok();
        let mut screen = crate::app::lesson::LessonScreen::new(
            kind,
            path,
            self.theme,
            self.speed_ms,
            self.tx.clone(),
            now,
        );
        // The progress file's lock may be another window's: never waited for.
        screen.set_progress_wait(self.persist.wait());
        self.open_learning(screen);
    }

    /// Opens the puzzles of `kind` (all games: `None`) on their list,
    /// progress in the data folder (`puzzles.json`).
    pub fn open_puzzles(&mut self, kind: Option<crate::engine::GameKind>, now: Instant) {
        let path = crate::learn::puzzles::progress_path().ok();
        let mut screen =
            crate::app::puzzle::open(kind, path, self.theme, self.speed_ms, self.tx.clone(), now);
        screen.set_progress_wait(self.persist.wait());
        self.open_learning(screen);
    }

    /// The lessons or the puzzles on top (in place of any open before).
    pub(super) fn open_learning(&mut self, screen: crate::app::lesson::LessonScreen) {
        let only = self
            .stack
            .remove(|l| match l {
                Layer::Lessons { only, .. } => Ok(only),
                other => Err(other),
            })
            .unwrap_or(false);
        self.stack.push(Layer::Lessons {
            screen: Box::new(screen),
            only,
        });
    }

    /// What the help's text depends on now.
    pub fn help_facts(&self) -> HelpFacts {
        let game = self.stack.play().map(|p| p.game());
        HelpFacts {
            theme: self.theme,
            lessons: self.stack.lessons().is_some(),
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
        if let Some(l) = self.stack.lessons() {
            return l.needed_size(self.size.0);
        }
        match self.stack.play() {
            Some(p) => adapter(p.game()).needed_size(self.size.0),
            // The menu and the race: an 8-hole board's.
            None => (
                MIN_W,
                (FIXED_H + Geometry::new(8, MIN_W).height()).max(MIN_H),
            ),
        }
    }

    fn ask_quit(&mut self) {
        let in_progress = matches!(self.stack.base, Base::Race { .. } | Base::Play(_));
        if in_progress {
            self.stack.push(Layer::ConfirmQuit);
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
        let Base::Race { race: r, .. } = &mut self.stack.base else {
            return false;
        };
        let t = r.handle(action, c, now);
        self.transition(t, now)
    }

    fn race_tick(&mut self, now: Instant) -> bool {
        let Base::Race { race: r, .. } = &mut self.stack.base else {
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
                if let Some(
                    Layer::ConfirmQuit | Layer::Help(_) | Layer::Browse(_) | Layer::Saves(_),
                ) = self.stack.top()
                {
                    self.stack.pop();
                }
                self.set_status(status);
            }
            Transition::DeleteSaved(path) => self.delete_saved(path),
            Transition::OpenSaved { path, replay } => {
                self.start_load(LoadFor::Chosen(path, replay), now);
            }
            Transition::OpenSaves => {
                let Some(dir) = self.persist.autosave_dir().map(PathBuf::from) else {
                    self.refuse("No data folder: games are not saved (set HOME or XDG_DATA_HOME)");
                    return true;
                };
                self.start_load(LoadFor::Saves(dir), now);
            }
            Transition::Start(setup) => self.start_match(*setup, now),
            Transition::Learn(kind) => self.open_lessons(Some(kind), now),
            Transition::Theme(palette) => {
                self.theme = self.theme.with_palette(palette);
                self.client.theme = Some(palette);
            }
            Transition::Raced(r) => match self.stack.take_base() {
                Base::Race { mut play, .. } => {
                    if let Err(e) = play.raced(r.racing) {
                        self.refuse(format!("race: {e}"));
                    }
                    self.show_game(play, now);
                }
                other => self.stack.base = other,
            },
            Transition::Moved(line) => self.moved(line, now),
            Transition::Next(line) => {
                if let Some(line) = line {
                    self.set_status(line);
                }
                self.after_move(now);
            }
            Transition::NextGame => self.next_game(now),
            Transition::Review => return self.review_game(),
            Transition::Menu => {
                // The game is closed: another window may open it now (with
                // --save the file stays this window's: the next game goes there).
                self.persist.closed();
                self.stack.set_base(Base::Menu);
                self.load_menu_record();
                self.set_status("Choose the game and press Enter");
            }
            Transition::ViewGame(gi) => match self.stack.take_base() {
                Base::Replay { viewer, .. } => self.view_game(viewer, gi),
                other => self.stack.base = other,
            },
            Transition::TakeOver => self.take_over(now),
        }
        true
    }
}

/// How often the progress of work on a thread is redrawn.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

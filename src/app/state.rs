//! The app's state and how every event changes it. Pure: no terminal here,
//! time comes in with each event, so tests drive it key by key.
//!
//! App routes: where the player is is one stack (`stack.rs`: a screen at
//! the bottom, what is opened over it on top), every screen of one shape
//! (`screen::Screen`). A key goes to the top, a tick to every screen, a
//! job's answer to the screen that asked; each does its own work through
//! the `Env` it is handed (the status line, saving, the options) and tells
//! App only where to go next (`Transition`). The binding context is the
//! top's; each screen draws itself (`draw.rs` hands it the chrome).

use super::adapter::adapter;
use super::event::{AppEvent, Output};
use super::keys;
use super::screen::browse::BrowseScreen;
use super::screen::game::{Playing, RaceOn, start_match};
use super::screen::lessons::Lessons;
use super::screen::menu::MenuScreen;
pub use super::screen::over::MatchState;
use super::screen::overlay::{ConfirmQuit, HelpOverlay, Notice};
use super::screen::play::working_line;
use super::screen::race::RaceScreen;
use super::screen::replay::{ReplayScreen, Replaying};
use super::screen::saves::SavesScreen;
use super::screen::{Env, Key, Transition, game};
use super::theme::Theme;
use crate::cli::{ClientArgs, Seat, Teams};
use crate::engine::AnyGame;
use crate::engine::Side;
use crate::keys::{Action, Ctx};
use crate::record::Record;
use crate::session::Session;
use crate::session::SessionError;
use crate::session::job::Done;
use crate::session::load::Loaded;
use crate::session::persist::SaveFailed;
use crate::session::seat;
use crate::session::setup::BadSetup;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use crate::session::setup::Setup;

mod draw;
mod loading;
mod options;
mod records;
mod stack;

pub use self::draw::{AppView, help_lines, needed_size};
pub use self::loading::Loading;
pub use self::records::InUse;
use self::stack::Stack;
/// Which screen is at the bottom of the stack (what `App::screen` tells).
pub use super::screen::Kind as Screen;
pub use super::screen::env::LoadFor;

pub use super::screen::play::{AnalysisPanel, Play};

use super::geometry::{FIXED_H, Geometry, MIN_H, MIN_W};
use super::help_text::{self, HelpFacts};

/// The client: the stack of screens and what spans them (the `Env` every
/// screen is handed), and the loop's flags.
pub struct App {
    /// Where the player is: the screen shown, with its state (the game's
    /// is its session's), and what is opened over it.
    stack: Stack,
    /// What every screen is handed: the key map, the theme, the status
    /// line, the options, the menu's choices, saving; the size, the note
    /// and the fatal error.
    env: Env,
    quit: bool,
    /// Ctrl-Z: the loop hands the terminal back to the shell and stops.
    suspend: bool,
    /// Stopped by Ctrl-Z and not back yet: the race is held meanwhile.
    suspended: bool,
    /// When the progress of work on a thread is next shown.
    progress_at: Option<Instant>,
}

impl App {
    /// An app at the start menu, with the key bindings in effect
    /// (`keys::set_active`: the settings').
    pub fn menu(tx: Sender<AppEvent>, client: ClientArgs, theme: Theme) -> App {
        App {
            stack: Stack::menu(),
            env: Env::new(tx, client, theme, keys::active()),
            quit: false,
            suspend: false,
            suspended: false,
            progress_at: None,
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
        self.stack.kind()
    }

    /// The game on screen: played, over or replayed (None at the menu and
    /// during the race).
    pub fn play(&self) -> Option<&Play> {
        self.stack.play()
    }

    /// The race, while it is run.
    pub fn race(&self) -> Option<&RaceScreen> {
        self.stack.base::<RaceOn>().map(RaceOn::race)
    }

    /// The start menu's choices.
    pub fn menu_screen(&self) -> &MenuScreen {
        &self.env.menu
    }

    /// The lessons, when open.
    pub fn lessons(&self) -> Option<&crate::app::lesson::LessonScreen> {
        self.stack.lessons()
    }

    /// The status line.
    pub fn status(&self) -> &str {
        self.env.status()
    }

    /// Does the status line report a refusal?
    pub fn status_error(&self) -> bool {
        self.env.status_error()
    }

    pub fn theme(&self) -> Theme {
        self.env.theme
    }

    /// The game's setup (its session's).
    pub fn setup(&self) -> Option<&Setup> {
        self.stack.session().map(Session::setup)
    }

    pub fn client(&self) -> &ClientArgs {
        &self.env.client
    }

    /// The match's games so far and its end (the session's).
    pub fn matches(&self) -> MatchState {
        self.stack.session().map(MatchState::of).unwrap_or_default()
    }

    /// The terminal's size, as the last resize event gave it.
    pub fn size(&self) -> (u16, u16) {
        self.env.size
    }

    /// The animation's pace: milliseconds a seed.
    pub fn speed_ms(&self) -> u64 {
        self.env.speed_ms
    }

    /// Has the player quit (or a signal come)?
    pub fn quitting(&self) -> bool {
        self.quit
    }

    /// Shows a notice over the screen until a key is pressed: its title
    /// and its lines (the settings file's errors, when the client opens).
    pub fn show_notice(&mut self, title: &str, lines: Vec<String>) {
        self.stack.push(Box::new(Notice {
            title: title.to_string(),
            lines,
        }));
    }

    /// The notice shown over the screen, if any: its title and lines.
    pub fn notice(&self) -> Option<(&str, &[String])> {
        self.stack
            .find::<Notice>()
            .map(|n| (n.title.as_str(), n.lines.as_slice()))
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
        self.hold(now);
    }

    /// The load under way, if any.
    pub fn loading(&self) -> Option<&Loading> {
        self.stack.find::<Loading>()
    }

    /// The line of the board editor's position, if it is open.
    pub fn editor_line(&self) -> Option<String> {
        self.stack
            .find::<super::screen::editor::Editor>()
            .map(|e| e.line())
    }

    /// The position's line shown in its box (`P`), if open.
    pub fn position_shown(&self) -> Option<&str> {
        self.stack
            .find::<super::screen::share::PositionBox>()
            .map(|b| b.line())
    }

    /// The bytes for the terminal itself (OSC 52, the clipboard), taken
    /// once: the loop writes them after drawing.
    pub fn take_to_terminal(&mut self) -> Vec<u8> {
        self.env.take_to_terminal()
    }

    /// Why the program ends with an error.
    pub fn fatal(&self) -> Option<&str> {
        self.env.fatal.as_deref()
    }

    /// Selects the hole of this decision token on the play screen, as the
    /// arrows would.
    pub fn select_hole(&mut self, token: &str) {
        if let Some(p) = self.stack.base_mut::<Playing>() {
            p.select(token);
        }
    }

    /// Why the program ends with an error, taken once.
    pub fn take_fatal(&mut self) -> Option<String> {
        self.env.fatal.take()
    }

    /// The line for the terminal once the screen is closed.
    pub fn note(&self) -> Option<&str> {
        self.env.note.as_deref()
    }

    /// Where the game is saved (None: not saved).
    pub fn save_path(&self) -> Option<&std::path::Path> {
        self.env.persist.path()
    }

    /// Why the last save failed.
    pub fn save_error(&self) -> Option<&str> {
        self.env.persist.error()
    }

    /// Is the board turned so that North sits at the bottom now?
    pub fn flipped(&self) -> bool {
        self.screen() == Screen::Play
            && self.stack.play().is_some_and(|p| p.bottom() == Side::North)
    }

    // ---- starting games -------------------------------------------------

    /// Starts a new game (or match) with these options.
    pub fn start_match(&mut self, setup: Setup, now: Instant) {
        let screen = start_match(setup, &mut self.env, now);
        self.go(Transition::Replace(screen), false);
    }

    // ---- the loop's entry points ------------------------------------------

    /// When the app next wants a tick (animation, race, a load's progress);
    /// `None`: sleep until an event.
    pub fn deadline(&self) -> Option<Instant> {
        let screens = std::iter::once(&self.stack.base).chain(&self.stack.layers);
        let progress = self.progress_at.filter(|_| self.working_now());
        screens.filter_map(|s| s.deadline()).chain(progress).min()
    }

    /// Is work on a thread under way whose progress is shown?
    fn working_now(&self) -> bool {
        self.stack.has::<Loading>() || self.stack.play().is_some_and(|p| p.working().is_some())
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
            if !self.env.status_error() && self.env.status() != line {
                self.env.set_status(line);
            }
        }
        true
    }

    /// Time passed: every screen's clock (the animation, the race, the
    /// replay's autoplay, the lessons). Returns whether to redraw.
    pub fn tick(&mut self, now: Instant) -> bool {
        self.env.saves_held = self.stack.has::<InUse>();
        let t = self.stack.base.tick(now, &mut self.env);
        let mut dirty = self.go(t, false);
        let mut i = 0;
        while i < self.stack.layers.len() {
            let t = self.stack.layers[i].tick(now, &mut self.env);
            dirty |= self.go(t, false);
            i += 1;
        }
        let progress = self.progress_tick(now);
        self.sync_analysis() || dirty || progress
    }

    /// One event. Returns whether the screen must be redrawn.
    pub fn handle(&mut self, ev: AppEvent, now: Instant) -> bool {
        self.env.saves_held = self.stack.has::<InUse>();
        let dirty = self.handle_event(ev, now);
        self.hold(now);
        if self.working_now() && self.progress_at.is_none() {
            self.progress_at = Some(now + PROGRESS_EVERY);
        }
        self.sync_analysis() || dirty
    }

    /// What runs on a clock (the race, a race lesson) is held while
    /// anything covers it (the help, the quit confirmation, a load, a
    /// terminal too small, Ctrl-Z), and goes on once it shows again.
    fn hold(&mut self, now: Instant) {
        let covered =
            self.stack.layers.iter().any(|l| l.covers()) || self.too_small() || self.suspended;
        self.stack.base.hold(covered, now);
        for l in &mut self.stack.layers {
            l.hold(covered, now);
        }
    }

    /// The live game's analysis follows the position shown (the play
    /// screen's search; none in the replay viewer).
    fn sync_analysis(&mut self) -> bool {
        let live = self.screen() != Screen::Replay;
        let (panel, depth) = (self.env.panel, self.env.analysis_depth);
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
            .filter(|_| self.env.panel && self.browsing().is_none())
    }

    /// The earlier position looked at, if any.
    pub fn browsing(&self) -> Option<&BrowseScreen> {
        self.stack.find::<BrowseScreen>()
    }

    /// The analysis of the position shown, once worked out.
    pub fn analysis(&self) -> Option<&seat::Analysis> {
        self.stack.play()?.analysis()
    }

    fn handle_event(&mut self, ev: AppEvent, now: Instant) -> bool {
        match ev {
            AppEvent::Key(k) => self.key(k, now),
            AppEvent::Mouse(m) => self.mouse(m, now),
            AppEvent::Resize(w, h) => {
                self.env.size = (w, h);
                true
            }
            AppEvent::Job(done) => self.job_done(done, now),
            AppEvent::Signal(_) => {
                self.quit = true;
                false
            }
        }
    }

    /// A job's answer, to the screen that asked for it (from the top): each
    /// takes it only if the job it keeps has its version (else it is stale).
    /// The saves and a load's answer are the app's.
    fn job_done(&mut self, done: Done<Output>, now: Instant) -> bool {
        let mut done = match done.output {
            // Saves are never dropped: the saver says whether an answer is
            // newer than the last one taken (its version is its order).
            Output::Saved(saved) => {
                self.env.saved(*saved);
                return true;
            }
            Output::Counted(counted) => {
                self.env.counted(*counted, self.stack.play_mut());
                return true;
            }
            Output::Loaded(result) => {
                if !self.loading().is_some_and(|l| l.is(done.version)) {
                    return false;
                }
                let Some(l) = self.stack.remove::<Loading>() else {
                    return false;
                };
                let (purpose, back) = l.into_parts();
                let t = self.env.loaded(purpose, back, result, now);
                self.go(t, false);
                return true;
            }
            output => Done {
                version: done.version,
                output,
            },
        };
        for i in (0..self.stack.layers.len()).rev() {
            match self.stack.layers[i].on_job(done, now, &mut self.env) {
                Ok(t) => return self.go(t, i + 1 == self.stack.layers.len()),
                Err(d) => done = d,
            }
        }
        match self.stack.base.on_job(done, now, &mut self.env) {
            Ok(t) => self.go(t, false),
            Err(_) => false,
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
        let keys = self.env.keys.clone();
        if self.too_small() {
            // Nothing of the game is visible: no key may play blind. q leaves at once.
            let quit = matches!(k.code, KeyCode::Char('q') | KeyCode::Esc)
                || keys::action_in(&keys, Ctx::Global, &k) == Some(Action::QuitNow);
            self.quit |= quit;
            return false;
        }
        if self.stack.top_is::<Notice>() {
            // Any key closes the notice, and does nothing else (Ctrl-C still quits).
            if keys::action_in(&keys, Ctx::Global, &k) == Some(Action::QuitNow) {
                self.quit = true;
                return false;
            }
            self.stack.pop();
            return true;
        }
        let ctx = self.ctx();
        let borrowed = self.stack.keyed().borrowed();
        let Some(action) = keys.action_borrowing(ctx, borrowed, keys::press(&k)) else {
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
                if self.stack.top_is::<HelpOverlay>() {
                    self.stack.pop();
                } else {
                    self.stack.push(Box::new(HelpOverlay::opened_from(ctx)));
                }
                return true;
            }
            _ => {}
        }
        // The key goes to the top of the stack (a layer sees the screen below it).
        let facts = self.help_facts();
        let Stack { base, layers } = &mut self.stack;
        let (t, from_layer) = match layers.last_mut() {
            Some(top) => {
                let key = Key {
                    action,
                    event: &k,
                    now,
                    below: Some(&**base),
                    facts: &facts,
                };
                (top.handle(key, &mut self.env), true)
            }
            None => {
                let key = Key {
                    action,
                    event: &k,
                    now,
                    below: None,
                    facts: &facts,
                };
                (base.handle(key, &mut self.env), false)
            }
        };
        self.go(t, from_layer)
    }

    /// Carries out where a screen asked to go (`from_layer`: the layer on
    /// top asked). Returns whether to redraw.
    fn go(&mut self, t: Transition, from_layer: bool) -> bool {
        match t {
            Transition::Stay => return false,
            Transition::Redraw => {}
            Transition::Open(layer) => self.stack.push(layer),
            Transition::Close => {
                let closed = self.stack.pop();
                self.quit |= closed.is_some_and(|l| l.quits_on_close());
            }
            Transition::Replace(screen) => {
                // A layer asking for another screen below it is done.
                if from_layer {
                    self.stack.pop();
                }
                self.stack.set_base(screen);
            }
            Transition::Quit => {
                if self.stack.base.game_on() {
                    self.stack.push(Box::new(ConfirmQuit));
                } else {
                    self.quit = true;
                }
            }
            Transition::QuitNow => self.quit = true,
        }
        true
    }

    /// Opens the lessons of `kind` (all games: `None`), progress in the data folder.
    pub fn open_lessons(&mut self, kind: Option<crate::engine::GameKind>, now: Instant) {
        let lessons = self.env.lessons(kind, now);
        self.open_learning(lessons);
    }

    /// Opens the puzzles of `kind` (all games: `None`) on their list,
    /// progress in the data folder (`puzzles.json`).
    pub fn open_puzzles(&mut self, kind: Option<crate::engine::GameKind>, now: Instant) {
        let puzzles = self.env.puzzles(kind, now);
        self.open_learning(puzzles);
    }

    /// The lessons or the puzzles on top (in place of any open before,
    /// whose `only` they keep).
    fn open_learning(&mut self, mut lessons: Lessons) {
        if let Some(before) = self.stack.remove::<Lessons>() {
            lessons.only = before.only;
        }
        self.stack.push(Box::new(lessons));
    }

    /// What the help's text depends on now.
    pub fn help_facts(&self) -> HelpFacts {
        let game = self.stack.play().map(|p| p.game());
        HelpFacts {
            theme: self.env.theme,
            lessons: self.stack.lessons().is_some(),
            game: game.map(|g| g.kind().title()),
            units: game.map_or("seeds", |g| adapter(g).units()),
            keys: self.env.keys.clone(),
        }
    }

    /// The terminal is too small to draw the screen (it says so instead).
    pub fn too_small(&self) -> bool {
        let need = self.needed_size();
        let size = self.env.size;
        size.0 < need.0 || size.1 < need.1
    }

    /// The smallest size the current screen can be drawn in: the topmost
    /// screen's that has its own (the lessons', the game's adapter's), or
    /// the menu's.
    pub fn needed_size(&self) -> (u16, u16) {
        let width = self.env.size.0;
        let mut screens = self.stack.layers.iter().rev().chain([&self.stack.base]);
        // The menu and the race: an 8-hole board's.
        screens.find_map(|s| s.needed_size(width)).unwrap_or((
            MIN_W,
            (FIXED_H + Geometry::new(8, MIN_W).height()).max(MIN_H),
        ))
    }

    // ---- the game ---------------------------------------------------------

    /// Plays one decision of the side to move (see `Play::decide`).
    pub fn decide(&mut self, token: String, now: Instant) -> bool {
        let Some(p) = self.stack.base_mut::<Playing>() else {
            return false;
        };
        let t = p.decide(token, now, &mut self.env);
        self.go(t, false)
    }

    /// The seed of the AI seat's request in the position shown.
    pub fn ai_seed(&self) -> u64 {
        self.stack.session().map_or(self.env.seed, Session::ai_seed)
    }

    /// A left click: only the board of the game played on takes one, with
    /// nothing over it (not an earlier position looked at); any click
    /// closes a notice.
    fn mouse(&mut self, m: MouseEvent, now: Instant) -> bool {
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return false;
        }
        if self.stack.remove::<Notice>().is_some() {
            return true;
        }
        if !self.stack.layers.is_empty() || self.too_small() {
            return false;
        }
        let area = Rect::new(0, 0, self.env.size.0, self.env.size.1);
        let t = self
            .stack
            .base
            .click((area, m.column, m.row), now, &mut self.env);
        self.go(t, false)
    }
}

/// How often the progress of work on a thread is redrawn.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

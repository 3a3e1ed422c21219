//! The screens. Every one, at the bottom of the stack (the menu, the race,
//! the game, the game over, the replay viewer) or opened over it (the saved
//! games, an earlier position, the lessons, a load, a question, the help,
//! the quit confirmation, a notice), has one shape: `Screen`. It answers a
//! key, a tick and a job's answer itself, with what it needs of the app
//! handed in (`Env`: the key map, the theme, the status line, saving, the
//! options), and tells the app only where to go next (`Transition`).

pub mod browse;
pub mod editor;
pub mod env;
pub mod game;
pub mod lessons;
pub mod menu;
pub mod over;
pub mod overlay;
pub mod play;
pub mod race;
pub mod replay;
pub mod saves;
pub mod share;

pub use self::env::Env;

use crate::app::event::Output;
use crate::app::help_text::HelpFacts;
use crate::keys::{Action, Ctx};
use crate::session::Session;
use crate::session::job::Done;
use play::Play;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use std::any::Any;
use std::time::Instant;

/// What the app hands a screen to draw around it (a widget's, `view`'s).
pub use crate::app::view::Chrome;

/// Where to go after a key, a tick or a job's answer: the only thing a
/// screen asks of the app (what it does besides, it does itself through
/// the `Env`).
pub enum Transition {
    /// Nothing changed.
    Stay,
    /// The screen changed: draw it again.
    Redraw,
    /// Open this screen over the one on top.
    Open(Box<dyn Screen>),
    /// The screen on top (this one) closes: the one below shows.
    Close,
    /// This screen in place of the one at the bottom (a layer asking it
    /// closes too).
    Replace(Box<dyn Screen>),
    /// Leave, asking first while a game is under way.
    Quit,
    /// Leave at once.
    QuitNow,
}

impl std::fmt::Debug for Transition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Transition::Stay => "Stay",
            Transition::Redraw => "Redraw",
            Transition::Open(_) => "Open",
            Transition::Close => "Close",
            Transition::Replace(_) => "Replace",
            Transition::Quit => "Quit",
            Transition::QuitNow => "QuitNow",
        })
    }
}

/// What the game's own parts did with a key, a tick or a job's answer (the
/// play screen's game, the race): the screen holding them carries it out.
#[derive(Debug)]
pub enum Did {
    Stay,
    Redraw,
    /// A refusal for the status line.
    Refuse(String),
    /// The status line says this.
    Status(String),
    /// A decision was taken into the game: save it, the status line says
    /// this; once it is shown (at once when nothing animates), what comes next.
    Moved(String),
    /// The move on screen is over (shown, skipped, undone or redone; the
    /// status line first says this): the game's end, the AI's turn or the
    /// player's prompt.
    Next(Option<String>),
    /// The race is over: play from its board.
    Raced(Box<Raced>),
    /// Leave (the race's q).
    Quit,
}

/// A race that ended, for the session to begin the game from its board.
#[derive(Debug)]
pub struct Raced {
    pub racing: crate::session::Racing,
}

/// A key for a screen: its action in the screen's context, the key itself
/// (a digit, a racer's key), the time, the screen at the bottom when this
/// one is over it (an earlier position reads its game), and what the
/// help's text depends on (how far it scrolls).
pub struct Key<'a> {
    pub action: Action,
    pub event: &'a KeyEvent,
    pub now: Instant,
    pub below: Option<&'a dyn Screen>,
    pub facts: &'a HelpFacts,
}

impl Key<'_> {
    /// The game played on the screen below (an earlier position's live game).
    pub fn live(&self) -> Option<&Play> {
        live(self.below)
    }
}

/// What a screen draws with: the chrome around it, the app's state (the
/// theme, the options), the screen at the bottom when this one is over it,
/// and what the help's text depends on.
pub struct Around<'a> {
    pub chrome: &'a Chrome<'a>,
    pub env: &'a Env,
    pub below: Option<&'a dyn Screen>,
    pub facts: &'a HelpFacts,
}

impl Around<'_> {
    /// The game played on the screen below.
    pub fn live(&self) -> Option<&Play> {
        live(self.below)
    }
}

/// The game of the play screen `below` (not over, not replayed).
fn live(below: Option<&dyn Screen>) -> Option<&Play> {
    below
        .filter(|s| s.kind() == Some(Kind::Play))
        .and_then(|s| s.play())
}

/// Which screen is at the bottom of the stack (what `App::screen` tells).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Menu,
    Race,
    Play,
    Over,
    /// The replay viewer.
    Replay,
}

/// One screen: at the bottom of the stack or opened over it (`Any`: the
/// app and the tests read a screen's own state through a downcast).
pub trait Screen: Any {
    /// The binding context of its keys (None: it has none, as a notice).
    fn ctx(&self) -> Option<Ctx>;

    /// Whether an action of its context does something now (its key bar
    /// lists only those).
    fn acts(&self, _action: Action) -> bool {
        true
    }

    /// Bindings of another context this screen takes (read before its own).
    fn borrowed(&self) -> &'static [(Ctx, Action)] {
        &[]
    }

    /// A key, bound to an action in its context.
    fn handle(&mut self, key: Key<'_>, env: &mut Env) -> Transition;

    /// Draws itself (a layer over what is below it).
    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>);

    /// Time passed.
    fn tick(&mut self, _now: Instant, _env: &mut Env) -> Transition {
        Transition::Stay
    }

    /// When it next wants a tick (None: it waits for an event).
    fn deadline(&self) -> Option<Instant> {
        None
    }

    /// A job's answer: taken if it is this screen's (`Err` gives it back).
    fn on_job(
        &mut self,
        done: Done<Output>,
        _now: Instant,
        _env: &mut Env,
    ) -> Result<Transition, Done<Output>> {
        Err(done)
    }

    /// Something covers it (the help, the quit confirmation, a load, a
    /// terminal too small, Ctrl-Z): what runs on a clock is held meanwhile.
    fn hold(&mut self, _covered: bool, _now: Instant) {}

    /// A left click at (`column`, `row`) of the screen `area`.
    fn click(&mut self, _at: (Rect, u16, u16), _now: Instant, _env: &mut Env) -> Transition {
        Transition::Stay
    }

    /// The smallest size it can be drawn in, if it has its own (a screen
    /// holding a game: the game's).
    fn needed_size(&self, width: u16) -> Option<(u16, u16)> {
        let p = self.play()?;
        Some(crate::app::adapter::adapter(p.game()).needed_size(width))
    }

    // ---- what the app reads of it ----------------------------------------

    /// At the bottom of the stack: which screen it is.
    fn kind(&self) -> Option<Kind> {
        None
    }

    /// The game it shows: played, over or replayed.
    fn play(&self) -> Option<&Play> {
        None
    }

    fn play_mut(&mut self) -> Option<&mut Play> {
        None
    }

    /// The game's session on any screen of it (the race's too).
    fn session(&self) -> Option<&Session> {
        self.play().map(Play::session)
    }

    /// Is a game under way (quitting asks first)?
    fn game_on(&self) -> bool {
        false
    }

    /// Over another screen: does it cover all of it (nothing below shows)?
    fn opaque(&self) -> bool {
        false
    }

    /// Over another screen: does it belong to it (closed when it is replaced)?
    fn of_the_screen(&self) -> bool {
        false
    }

    /// Over another screen: does it hold what runs below on a clock?
    fn covers(&self) -> bool {
        false
    }

    /// Over another screen: does closing it leave the program (the
    /// lessons `learn` opened)?
    fn quits_on_close(&self) -> bool {
        false
    }

    /// Put at the bottom of the stack: a screen it opens over itself at
    /// once (the menu, back from a replay, its saved games' list).
    fn open_over(&mut self) -> Option<Box<dyn Screen>> {
        None
    }
}

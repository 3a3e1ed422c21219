//! The screens, each with its own state, keys and drawing: `handle` turns an
//! action into a `Transition` the app carries out, and the screen draws itself.

pub mod browse;
pub mod menu;
pub mod over;
pub mod overlay;
pub mod play;
pub mod race;
pub mod replay;
pub mod saves;

use super::setup::Setup;

/// What the app hands a screen to draw around it (a widget's, `view`'s).
pub use crate::app::view::Chrome;

/// What a screen asks of the app after an action or a tick.
#[derive(Debug)]
pub enum Transition {
    /// Nothing changed.
    Stay,
    /// The screen changed: draw it again.
    Redraw,
    /// A refusal for the status line.
    Refuse(String),
    /// The status line says this.
    Status(String),
    /// Start a new game (or match) with this setup.
    Start(Box<Setup>),
    /// Open the list of saved games.
    OpenSaves,
    /// Open the lessons of this game.
    Learn(crate::engine::GameKind),
    /// Leave (asking first if a game is under way).
    Quit,
    /// Leave at once.
    QuitNow,
    /// The overlay or list on top closes; the status line says this.
    Close(String),
    /// Open a saved game: continue it, or replay it.
    OpenSaved {
        path: std::path::PathBuf,
        replay: bool,
    },
    /// Delete the saved game at this path (asked and answered yes).
    DeleteSaved(std::path::PathBuf),
    /// The menu's colours changed: draw everything in them from now on.
    Theme(crate::app::view::theme::Palette),
    /// The race is over: play from its board.
    Raced(Box<Raced>),
    /// A decision was taken into the game: save it, the status line says
    /// this; once it is shown (at once when nothing animates), what comes next.
    Moved(String),
    /// The move on screen is over (shown, skipped, undone or redone; the
    /// status line first says this): the game's end, the AI's turn or the
    /// player's prompt.
    Next(Option<String>),
    /// The match's next game, from the stocks carried over (the session's).
    NextGame,
    /// The game just finished, in the replay viewer with its review.
    Review,
    /// Back to the start menu.
    Menu,
    /// The replay viewer shows game `n` of its record (from 0).
    ViewGame(usize),
    /// Leave the replay viewer and play on from the position shown.
    TakeOver,
}

/// A race that ended, for the session to begin the game from its board.
#[derive(Debug)]
pub struct Raced {
    pub racing: crate::session::Racing,
}

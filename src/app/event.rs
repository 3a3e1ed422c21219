//! The events of the app's one loop: input, signals and background work all
//! arrive on one channel.

use ratatui::crossterm::event::{KeyEvent, MouseEvent};

#[derive(Clone, Debug)]
pub enum AppEvent {
    Key(KeyEvent),
    Mouse(MouseEvent),
    Resize(u16, u16),
    /// An AI seat's decision, for the position of that generation.
    Ai {
        generation: u64,
        token: String,
    },
    /// The analysis of the position of that version.
    Analysis {
        version: u64,
        analysis: super::ai::Analysis,
    },
    /// A decision worked out off the UI thread, for the position of that version.
    Played {
        version: u64,
        token: String,
        result: Result<Box<super::work::Played>, String>,
    },
    /// A record or the saved-games list loaded off the UI thread, for the load `id`.
    Loaded {
        id: u64,
        result: Result<super::load::LoadResult, String>,
    },
    /// News of the game review started in the replay viewer (job `id`).
    Review {
        id: u64,
        update: super::review_view::ReviewUpdate,
    },
    /// A save done off the UI thread.
    Saved(Box<super::save::Saved>),
    /// SIGTERM, SIGHUP or SIGINT: restore the terminal and leave.
    Signal(i32),
}

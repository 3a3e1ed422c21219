//! Lessons: the lessons' data and checks come from the core
//! ([`masai_core::learn`]); the program keeps the progress file.

pub use masai_core::learn::*;

pub mod progress;

/// What `learn --list` prints: each game's lessons numbered, `[x]` when done
/// in `progress`.
pub fn list_text(kind: Option<crate::engine::GameKind>, progress: &progress::Progress) -> String {
    masai_core::learn::list_text(kind, |id| progress.is_done(id))
}

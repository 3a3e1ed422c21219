//! Lessons: the lessons' data and checks come from the core
//! ([`masai_core::learn`]); the program keeps the progress file.

pub use masai_core::learn::*;

pub mod progress;

/// What `learn --list` prints: each game's lessons numbered, `[x]` when done
/// in `progress`.
pub fn list_text(kind: Option<crate::engine::GameKind>, progress: &progress::Progress) -> String {
    masai_core::learn::list_text(kind, |id| progress.is_done(id))
}

/// Puzzles: their data, proofs and checks come from the core
/// ([`masai_core::learn::puzzles`]); the program keeps their progress file.
pub mod puzzles {
    pub use masai_core::learn::puzzles::*;

    /// The progress file of the puzzles solved, next to the lessons'
    /// (`lessons.json`), in the same form: `{"done": [ids]}`.
    pub const PROGRESS_FILE: &str = "puzzles.json";

    /// Where the puzzles' progress is kept.
    pub fn progress_path() -> Result<std::path::PathBuf, crate::record::file::DataDirError> {
        Ok(crate::record::file::data_dir()?.join(PROGRESS_FILE))
    }

    /// What `learn --puzzles --list` prints: each game's puzzles by grade,
    /// `[x]` when solved in `progress`.
    pub fn list_text(
        kind: Option<crate::engine::GameKind>,
        progress: &super::progress::Progress,
    ) -> String {
        masai_core::learn::puzzles::list_text(kind, |id| progress.is_done(id))
    }
}

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

    /// The puzzle's hint (the client's and the line mode's): what the best
    /// result is, without the decision.
    pub fn hint(p: &Puzzle) -> String {
        match p.value.result {
            Outcome::Win if p.value.turns == 1 => "You can win in this very turn.".to_string(),
            Outcome::Win => format!(
                "You can win: the best line ends the game in {} turns, this one included.",
                p.value.turns
            ),
            Outcome::Draw => "The best you can force is a draw.".to_string(),
            Outcome::Loss => {
                "Every decision loses: find the one that loses the fewest.".to_string()
            }
        }
    }

    /// The puzzle's number within its game (from its id, `enkeshui-012`).
    pub fn number(p: &Puzzle) -> u32 {
        p.id.rsplit('-')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    }

    /// Where the puzzle comes from, for the player sitting South.
    pub fn origin(p: &Puzzle) -> String {
        let [south, north] = &p.from.players;
        format!(
            "From a game the AI played against itself ({south} South, {north} North), turn {} of that game. You play South; North answers each of your turns with its best.",
            p.from.turn
        )
    }
}

//! The core of masai-mancala: the exact rules of the Masai mancalas
//! (Enkeshui, En Gehé and Bao la Kimasai), the AI, game records, the
//! review of a finished game and the lessons' data and checks.
//!
//! No terminal, command line, signal or process here: the program
//! (`masai-mancala`) holds the client, the command line, settings,
//! statistics, the arena and every file lock and atomic save.
//!
//! A position is made only through a checked setup, whose refusal is a
//! typed error naming what is wrong:
//!
//! ```
//! use masai_core::engine::enkeshui::{Enkeshui, Layout, Rules, SetupError};
//! use masai_core::engine::{Game, MoveError, Quiet, Side};
//!
//! // 8 holes a row: the game's own starting layout.
//! let layout = Layout::from_options(Some(8), None).unwrap();
//! let mut game = Enkeshui::new(&layout, Rules::default());
//! assert_eq!(game.to_move(), Side::South);
//! let sow = game.parse_decision("8").unwrap();
//! game.play(&sow, &mut Quiet).unwrap();
//!
//! // 3 holes a row is too few: refused with the number, never a half-made board.
//! assert!(matches!(
//!     Layout::from_options(Some(3), None),
//!     Err(SetupError::HolesOutOfRange(3))
//! ));
//! // A decision that is not one of this game is refused, and the game is unchanged.
//! assert!(matches!(game.parse_decision("x"), Err(MoveError::BadToken(_))));
//! ```

// Every public item is documented; the workspace's clippy run denies warnings.
#![warn(missing_docs)]
// Unsafe code lives in `engine::simd` and `ai::table` only.
#![deny(unsafe_code)]

pub mod ai;
pub mod engine;
pub mod learn;
pub mod record;
pub mod review;
pub mod text;

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
//! use masai_core::engine::{Game, Side, Status};
//! use masai_core::engine::enkeshui::{Enkeshui, Layout, Setup};
//!
//! let mut game = Enkeshui::new(Setup::new(8, Layout::Standard)).unwrap();
//! assert_eq!(game.to_move(), Side::South);
//! let first = game.legal_decisions()[0].clone();
//! game.apply(&first).unwrap();
//! assert!(matches!(game.status(), Status::Playing));
//!
//! // 3 holes a row is too few: refused, never a half-made board.
//! assert!(Enkeshui::new(Setup::new(3, Layout::Standard)).is_err());
//! ```

#![allow(missing_docs)]

pub mod ai;
pub mod engine;
pub mod learn;
pub mod record;
pub mod review;
pub mod text;

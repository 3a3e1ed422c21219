//! Why the client cannot open, or ends with an error: `main` prints it.

use crate::cli::ValueError;
use crate::record::file::SaveError;
use std::io;

/// Why the client stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// `--save PATH` may not be written there.
    #[error(transparent)]
    SaveTarget(#[from] SaveError),
    /// A game name on the command line that is none.
    #[error(transparent)]
    Value(#[from] ValueError),
    /// The record named on the command line did not open (what the load said).
    #[error("{0}")]
    Open(String),
    /// Standard input or output is not a terminal (how to play without one).
    #[error(
        "the full-screen client needs a terminal, and standard input or output is not one: \
         {0} (scripts can use `masai-mancala engine`)"
    )]
    NoTerminal(&'static str),
    /// `TERM=dumb`: a terminal that cannot move its cursor.
    #[error("TERM=dumb: this terminal cannot draw the full-screen client: {0}")]
    DumbTerminal(&'static str),
    /// The signals could not be caught.
    #[error("signals: {0}")]
    Signals(io::Error),
    /// The terminal could not be set up.
    #[error("terminal: {0}")]
    Terminal(io::Error),
    /// Drawing or reading the terminal failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The game was played but its last save failed (why).
    #[error("the game could not be saved: {0}")]
    NotSaved(String),
    /// `bench-render` was given another command.
    #[error("bench: unexpected command")]
    BenchCommand,
    /// `bench-render`'s setup.
    #[error(transparent)]
    Setup(#[from] crate::session::setup::BadSetup),
    /// `bench-render`'s arguments.
    #[error(transparent)]
    Args(#[from] clap::Error),
}

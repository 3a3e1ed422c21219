//! Masai mancalas: Enkeshui, En Gehé and Bao la Kimasai.
//!
//! The program over the core crate (`masai_core`: the rules engine, the AI,
//! records, the review and the lessons): `protocol` speaks the `engine` line
//! protocol on top of it; `cli` turns command-line options into game setups;
//! `session` is one game being played, with no terminal; `app` is the terminal
//! client and `plain` the line-by-line one.

// Unsafe code (the C library's calls) lives in `sys` only.
#![deny(unsafe_code)]

// The core's areas, under the paths the program has always used
// (`crate::engine::...`).
pub use masai_core::{review, text};

/// The front ends that still report errors as text (`main`, the client,
/// the line mode) take each typed error as its message with `?`.
macro_rules! text_at_the_edge {
    ($($error:ty),* $(,)?) => {
        $(impl From<$error> for String {
            fn from(e: $error) -> String {
                e.to_string()
            }
        })*
    };
}

text_at_the_edge!(
    record::file::LoadError,
    record::file::SaveError,
    record::file::DataDirError,
    record::file::FileIoError,
    learn::progress::ProgressError,
    stats::StatsError,
    arena::ArenaError,
    arena::ProgramError,
    cli::ValueError,
    keys::KeyError,
    settings::NoHome,
    settings::SettingsError,
    session::SessionError,
    session::persist::NotResumed,
    session::persist::SaveFailed,
    plain::PlainError,
    session::setup::BadSetup,
    session::load::LoadFault,
);
#[cfg(feature = "tui")]
text_at_the_edge!(app::ClientError);

pub mod ai;
pub mod analyse;
#[cfg(feature = "tui")]
pub mod app;
pub mod arena;
pub mod cli;
pub mod engine;
pub mod keys;
pub mod learn;
mod limits;
pub mod manual;
pub mod out;
pub mod plain;
pub mod protocol;
pub mod record;
pub(crate) mod rules_text;
pub mod session;
pub mod settings;
mod spelling;
pub mod stats;
#[allow(unsafe_code)]
mod sys;
pub mod theme;

/// The unit tests' folders under the temp folder, removed when the test
/// ends: the integration tests' guard, shared.
#[cfg(test)]
#[path = "../tests/common/temp.rs"]
pub(crate) mod test_temp;

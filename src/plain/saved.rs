//! Where a game in lines is saved, as said: at the end, at `quit`, and
//! in the one line a signal ends the program with.

use super::out::Say;
use super::words;
use crate::session::persist::{self, Persist};
use std::path::PathBuf;

/// The record's file as last saved (None: not saved yet); held while a
/// save is written, so a signal waits for it.
pub(super) static SAVED_IN: std::sync::Mutex<Option<PathBuf>> = std::sync::Mutex::new(None);

/// Ctrl-C, SIGTERM and SIGHUP: one line says where the game is (every
/// change is saved as it is made), then the program ends (status 128 plus
/// the signal's number).
pub(super) fn stop_on_signals(path: Option<PathBuf>) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    if let Ok(mut p) = SAVED_IN.lock() {
        *p = path;
    }
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT]) else {
        return;
    };
    std::thread::spawn(move || {
        let Some(sig) = signals.forever().next() else {
            return;
        };
        let saved = SAVED_IN.lock().map(|p| p.clone()).unwrap_or(None);
        let line = match saved {
            Some(p) => stopped_line(&p),
            None => "Stopped; the game is not saved.".to_string(),
        };
        let mut say = Say::new(std::io::stdout());
        say.line(&line);
        std::process::exit(128 + sig);
    });
}

/// Where a game is saved, as said: a file of the data folder by its name
/// alone (a voice reads a whole path as numbers and slashes), one named by
/// its date as that date ("Saved in the data folder as the game of 7
/// December 2026, 15:42:52 UTC."), another as the path it was given.
pub(super) fn saved_in(path: &std::path::Path) -> String {
    if !in_data_folder(path) {
        return format!("Saved in {}", path.display());
    }
    match words::dated_name_said(&file_name(path)) {
        Some(date) => format!("Saved in the data folder as {date}."),
        None => format!("Saved in {}, in the data folder.", file_name(path)),
    }
}

/// The line a signal ends with, in one line: a data folder's record by its
/// date, another by its name.
fn stopped_line(path: &std::path::Path) -> String {
    match words::dated_name_said(&file_name(path)).filter(|_| in_data_folder(path)) {
        Some(date) => format!("Stopped; saved as {date}."),
        None => format!("Stopped; the game is saved in {}.", file_name(path)),
    }
}

fn in_data_folder(path: &std::path::Path) -> bool {
    crate::record::file::data_dir().is_ok_and(|d| path.parent().is_some_and(|p| p == d))
}

/// A record's file name, as said: "game-20261207-0643.json".
fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The line mode's persistence: every write waited for; finished games
/// count in the data folder's statistics.
pub(super) fn persistence() -> Persist {
    let mut persist = Persist::new();
    persist.set_wait(persist::UNTIL_DONE);
    if let Ok(dir) = crate::record::file::data_dir() {
        persist.set_stats_dir(dir);
    }
    persist
}

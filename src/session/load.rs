//! Records loaded off the UI thread: read, checked and replayed on a worker
//! that can be cancelled (Esc), with every decision's outcome kept so the
//! screen shows the game without asking the engine again.

use super::job::Progress;
use super::work::{self, PlayError, Played};
use crate::record::file::{self, SavedGame};
use crate::record::{Checked, Record};
use std::path::{Path, PathBuf};

/// Why a record (or a folder's records) did not load.
#[derive(Debug, thiserror::Error)]
pub enum LoadFault {
    /// The file cannot be read as a record.
    #[error(transparent)]
    Read(#[from] file::LoadError),
    /// The record breaks a rule or does not replay (the file, and the
    /// field or decision at fault).
    #[error("{}: {reason}", path.display())]
    Check { path: PathBuf, reason: String },
    /// No data folder to look in.
    #[error(transparent)]
    DataDir(#[from] file::DataDirError),
    /// Stopped by the player (Esc).
    #[error("{}", PlayError::Cancelled)]
    Cancelled,
    /// `resume` with no game left unfinished in the folder.
    #[error("no unfinished game to resume in {}", .0.display())]
    NoUnfinished(PathBuf),
}

/// A record read, checked and replayed.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub path: PathBuf,
    pub record: Record,
    pub checked: Checked,
    /// Every game's decisions as played, in order.
    pub steps: Vec<Vec<Played>>,
}

/// Reads, checks and replays a record; the error is one line naming the
/// file and the field or decision at fault (`Cancelled` once cancelled).
pub fn load(path: &Path, progress: &Progress) -> Result<Loaded, LoadFault> {
    let record = file::read_record(path)?;
    from_record(path, record, progress)
}

/// Checks and replays a record already in memory (`path`: where it is saved,
/// for the messages).
pub fn from_record(path: &Path, record: Record, progress: &Progress) -> Result<Loaded, LoadFault> {
    let mut steps: Vec<Vec<Played>> = vec![Vec::new(); record.games.len()];
    let checked = record.check_with::<PlayError>(&mut |gi, game, token| {
        let decision = game.decision(token).map_err(PlayError::Refused)?;
        let events = work::play_on(game, &decision, progress)?;
        progress.step_done();
        if let Some(s) = steps.get_mut(gi) {
            s.push(Played {
                decision,
                game: game.clone(),
                events,
                legal: None,
            });
        }
        Ok(())
    });
    if progress.cancelled() {
        return Err(LoadFault::Cancelled);
    }
    let checked = checked.map_err(|e| LoadFault::Check {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    Ok(Loaded {
        path: path.to_path_buf(),
        record,
        checked,
        steps,
    })
}

/// The saved games of a folder, newest first (`Cancelled` once cancelled).
/// `progress` counts the files read.
pub fn list(dir: &Path, progress: &Progress) -> Result<Vec<SavedGame>, LoadFault> {
    let list = file::list_saves_with::<LoadFault>(dir, &mut |path| {
        let record = file::read_record(path)?;
        let checked = record.check_with(&mut |_, game, token| {
            let decision = game.decision(token).map_err(PlayError::Refused)?;
            work::play_on(game, &decision, progress).map(drop)
        });
        progress.step_done();
        if progress.cancelled() {
            return Ok(None);
        }
        let checked = checked.map_err(|e| LoadFault::Check {
            path: path.to_path_buf(),
            reason: e.to_string(),
        })?;
        Ok(Some((record, checked)))
    });
    list.ok_or(LoadFault::Cancelled)
}

/// The newest unfinished game of a folder that loads, loaded. A long record
/// is listed from its header: when it does not load, the error says why
/// (the decision at fault), rather than replaying every other one.
pub fn newest_unfinished(dir: &Path, progress: &Progress) -> Result<Loaded, LoadFault> {
    let list = list(dir, progress)?;
    let Some(saved) = list.into_iter().find(|s| s.ok && !s.finished) else {
        return Err(LoadFault::NoUnfinished(dir.to_path_buf()));
    };
    load(&saved.path, progress)
}

/// What a load brings back.
#[derive(Clone, Debug)]
pub enum LoadResult {
    Record(Box<Loaded>),
    Saves(Vec<SavedGame>),
}

//! Where a session's record goes and how it is written: the client's ways
//! (a new file in the data folder, `--save PATH`, the resumed record's own
//! file), written atomically and never over a file that is not a record
//! unless forced. Synchronous: a front end that must not wait runs
//! [`SaveTarget::save`] on a thread, as the client's saver does.

use crate::record::Record;
use crate::record::file;
use crate::record::lock::{LockError, RecordLock};
use std::path::{Path, PathBuf};

/// How the next save writes its file.
#[derive(Clone, Debug, PartialEq, Eq)]
enum How {
    /// A new file in the data folder: the name proposed, or the next free one.
    New,
    /// The first save to this file: only over a record, unless forced.
    First { force: bool },
    /// Over the game's own file, saved before.
    Again,
}

/// The file a game is saved in.
#[derive(Debug)]
pub struct SaveTarget {
    path: PathBuf,
    how: How,
    /// This program's lock of the record while it plays it.
    _lock: Option<RecordLock>,
    /// The text last written (an unchanged record is not written again).
    last: String,
}

/// Why a game cannot be saved where asked.
#[derive(Debug, thiserror::Error)]
pub enum SaveTargetError {
    /// Another client has the record open (its path).
    #[error("{}: the game is open in another window", .0.display())]
    Busy(PathBuf),
    /// The file is no record to save over, or cannot be checked.
    #[error(transparent)]
    Target(#[from] file::SaveError),
    /// Writing failed (the path, and why in a player's words).
    #[error("{}: cannot save: {reason}", path.display())]
    Write { path: PathBuf, reason: String },
}

fn locked(path: &Path) -> Result<Option<RecordLock>, SaveTargetError> {
    match RecordLock::try_lock(path) {
        Ok(lock) => Ok(Some(lock)),
        Err(LockError::Busy) => Err(SaveTargetError::Busy(path.to_path_buf())),
        // No lock to be had there (a file system without locks): saved as before.
        Err(LockError::Unavailable(_)) => Ok(None),
    }
}

impl SaveTarget {
    /// A new file in the data folder `dir`, named at its first save.
    pub fn new_in(dir: &Path) -> SaveTarget {
        let (path, lock) = file::claim_new_path(dir);
        SaveTarget {
            path,
            how: How::New,
            _lock: lock,
            last: String::new(),
        }
    }

    /// `--save PATH` (`force`: also over a file that is not a record).
    pub fn at(path: PathBuf, force: bool) -> Result<SaveTarget, SaveTargetError> {
        file::check_target(&path, force)?;
        let lock = locked(&path)?;
        Ok(SaveTarget {
            path,
            how: How::First { force },
            _lock: lock,
            last: String::new(),
        })
    }

    /// The record a game was resumed from, saved over as it goes on.
    pub fn resumed(path: PathBuf, record: &Record) -> Result<SaveTarget, SaveTargetError> {
        let lock = locked(&path)?;
        Ok(SaveTarget {
            path,
            how: How::Again,
            _lock: lock,
            last: record.to_text(),
        })
    }

    /// Where the game is (or will be) saved.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the record if it changed: `Ok(true)` when written.
    pub fn save(&mut self, record: &Record) -> Result<bool, SaveTargetError> {
        let text = record.to_text();
        if text == self.last {
            return Ok(false);
        }
        let cannot = |e: std::io::Error| SaveTargetError::Write {
            path: self.path.clone(),
            reason: file::io_reason(&e),
        };
        let written = match &self.how {
            How::New => file::write_new(&self.path, text.as_bytes()).map_err(cannot)?,
            How::First { force } => {
                file::check_target(&self.path, *force)?;
                file::write_atomic(&self.path, text.as_bytes(), || Ok(())).map_err(cannot)?;
                self.path.clone()
            }
            How::Again => {
                file::write_atomic(&self.path, text.as_bytes(), || Ok(())).map_err(cannot)?;
                self.path.clone()
            }
        };
        self.path = written;
        self.how = How::Again;
        self.last = text;
        Ok(true)
    }
}

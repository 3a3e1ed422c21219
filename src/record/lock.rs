//! Which saved games are open in a client: an advisory lock (`flock`) on a
//! lock file beside the record, `.{name}.lock`, held for as long as a client
//! has the game open. The kernel drops the lock when the process ends, so a
//! client that crashed or was killed never leaves a game locked; its lock
//! file, if left behind, is taken by the next client (and removed once that
//! lets go).
//!
//! Not the record itself: every save renames a new file over it, and a lock
//! on the old file would be lost with it.

use std::fs::{self, File};
use std::io;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A record's lock, held until dropped.
#[derive(Debug)]
pub struct RecordLock {
    file: File,
    lock_path: PathBuf,
    record: PathBuf,
}

/// Why a lock was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LockError {
    /// Another client has the game open.
    Busy,
    /// The lock file cannot be made or locked here (a folder without write
    /// permission, a file system without `flock`): why.
    Unavailable(String),
}

/// The lock files this process holds (a second `flock` of the same file by
/// this process would conflict with its own, and the clean-up must know).
static HELD: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn held() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    HELD.lock().unwrap_or_else(|e| e.into_inner())
}

/// The lock file of a record: `.{name}.lock` in its folder.
pub fn lock_path(record: &Path) -> Option<PathBuf> {
    let name = record.file_name()?.to_string_lossy().into_owned();
    Some(super::file::parent_dir(record).join(format!(".{name}.lock")))
}

/// The record name of a lock file's name, `.{name}.lock`.
pub fn parse_lock_name(file: &str) -> Option<&str> {
    file.strip_prefix('.')?
        .strip_suffix(".lock")
        .filter(|n| !n.is_empty())
}

impl RecordLock {
    /// Takes the lock of the record at `path` without waiting: `Busy` when
    /// another client (or this one) has it.
    pub fn try_lock(path: &Path) -> Result<RecordLock, LockError> {
        let lock_path = lock_path(path)
            .ok_or_else(|| LockError::Unavailable(format!("{}: no file name", path.display())))?;
        let unavailable = |e: io::Error| {
            LockError::Unavailable(format!(
                "{}: {}",
                lock_path.display(),
                super::file::io_reason(&e)
            ))
        };
        if held().contains(&lock_path) {
            return Err(LockError::Busy);
        }
        // The holder before may remove the file between our open and our
        // lock: then the lock is on a file nobody else will open, and we
        // try again with the one at the name now.
        for _ in 0..100 {
            let file = fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .mode(0o600)
                .custom_flags(libc::O_CLOEXEC)
                .open(&lock_path)
                .map_err(unavailable)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => return Err(LockError::Busy),
                Err(fs::TryLockError::Error(e)) => return Err(unavailable(e)),
            }
            let mine = file.metadata().map_err(unavailable)?;
            match fs::metadata(&lock_path) {
                Ok(now) if now.dev() == mine.dev() && now.ino() == mine.ino() => {
                    held().push(lock_path.clone());
                    return Ok(RecordLock {
                        file,
                        lock_path,
                        record: path.to_path_buf(),
                    });
                }
                _ => continue,
            }
        }
        Err(LockError::Unavailable(format!(
            "{}: keeps changing",
            lock_path.display()
        )))
    }

    /// The record this lock is for.
    pub fn record(&self) -> &Path {
        &self.record
    }

    /// Is the record at `path` locked by this process?
    pub fn held_here(path: &Path) -> bool {
        lock_path(path).is_some_and(|p| held().contains(&p))
    }

    /// Is the record at `path` open in another client now? (A lock file
    /// that cannot be tried says no.)
    pub fn open_elsewhere(path: &Path) -> bool {
        !Self::held_here(path) && matches!(Self::try_lock(path), Err(LockError::Busy))
    }
}

impl Drop for RecordLock {
    fn drop(&mut self) {
        // Removed while still locked (the next client to lock an old open
        // of it sees it gone and opens the new one), then let go.
        let _ = fs::remove_file(&self.lock_path);
        held().retain(|p| *p != self.lock_path);
        // Closing would let go too.
        let _ = self.file.unlock();
    }
}

/// An exclusive lock on a lock file for one read-change-write of a file
/// several clients share (the lessons' progress): waits for the holder,
/// let go when dropped (or when the process ends).
#[derive(Debug)]
pub struct FileLock {
    _file: File,
}

impl FileLock {
    /// Takes the lock on the file at `path` (made if missing), waiting
    /// while another client holds it.
    pub fn take(path: &Path) -> Result<FileLock, super::file::FileIoError> {
        let why = |error: io::Error| super::file::FileIoError {
            path: path.to_path_buf(),
            error,
        };
        let file = fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .custom_flags(libc::O_CLOEXEC)
            .open(path)
            .map_err(why)?;
        // Closing the file lets go.
        file.lock().map_err(why)?;
        Ok(FileLock { _file: file })
    }
}

//! What a session keeps on disk, for every front end: the record's file
//! (a new file in the data folder, `--save PATH`, or the resumed record's
//! own), its lock, the save after every change (only when changed,
//! atomically, in order), the statistics of a finished game (once per
//! game) and the progress of lessons and puzzles.
//!
//! Every write is a job on its own thread (`super::job`): the front end
//! waits for its answer up to [`Persist::set_wait`] (the client: not at
//! all, so a slow disk or a statistics lock held by another window never
//! holds up its keys; the line mode: until it is done) and otherwise gets
//! it as a posted event. Both front ends say the same words for the same
//! failure, and a save that failed fails the exit.

mod saver;

pub use self::saver::{How, SaveFailed, Saved, Saver};

use super::Count;
use super::job::{Post, Spawn, Started, next_version};
use super::load::Loaded;
use crate::learn::progress::Progress;
use crate::record::Record;
use crate::record::file;
use crate::record::lock::{LockError, RecordLock};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The line mode's wait: until the disk answers (a day stands for ever).
pub const UNTIL_DONE: Duration = Duration::from_secs(24 * 3600);

/// Where the record goes, and what was last written there.
#[derive(Debug, Default)]
pub struct Target {
    path: Option<PathBuf>,
    /// `path` is a name proposed in the data folder: the first save takes
    /// it exclusively, or the next free one (`file::write_new`).
    new: bool,
    /// The text last given to the saver, to skip saving the same again.
    last: String,
    /// The lock of the record this program has open: no other client opens
    /// it meanwhile.
    lock: Option<RecordLock>,
}

/// A finished game counted in the statistics: the player's record against
/// that level now, or why it was not saved.
pub type Counted = Result<Vec<String>, String>;

/// Lesson or puzzle progress saved: as it is now in the file (other
/// sessions' included), or why not. The id solved comes back with it.
#[derive(Clone, Debug)]
pub struct ProgressSaved {
    pub id: String,
    pub result: Result<Progress, String>,
}

/// The persistence of one front end: one value, whatever it plays.
#[derive(Debug, Default)]
pub struct Persist {
    target: Target,
    /// Replace a file that is not a record at the path (`--save PATH --force`).
    force: bool,
    /// Each new match gets a new file in this folder (the data folder).
    autosave_dir: Option<PathBuf>,
    /// The data folder whose statistics count finished games (None: not counted).
    stats_dir: Option<PathBuf>,
    /// The saves under way, in order.
    saver: Saver,
    /// How long the front end waits for the disk before the answer comes
    /// as an event.
    wait: Duration,
    /// The last save failed: why.
    error: Option<String>,
}

impl Persist {
    /// Nothing saved yet, nowhere to save; answers are posted at once.
    pub fn new() -> Persist {
        Persist::default()
    }

    // ---- where ------------------------------------------------------------

    /// Where the game is saved (None: not saved).
    pub fn path(&self) -> Option<&Path> {
        self.target.path.as_deref()
    }

    /// Why the last save failed.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The data folder new games are saved in, if any.
    pub fn autosave_dir(&self) -> Option<&Path> {
        self.autosave_dir.as_deref()
    }

    pub fn set_autosave_dir(&mut self, dir: PathBuf) {
        self.autosave_dir = Some(dir);
    }

    /// Finished games count in this folder's statistics.
    pub fn stats_dir(&self) -> Option<&Path> {
        self.stats_dir.as_deref()
    }

    pub fn set_stats_dir(&mut self, dir: PathBuf) {
        self.stats_dir = Some(dir);
    }

    /// How long a write is waited for before its answer is posted.
    pub fn set_wait(&mut self, wait: Duration) {
        self.wait = wait;
    }

    pub fn wait(&self) -> Duration {
        self.wait
    }

    /// The data folder for new games: opened, or why not (said as a failed
    /// save, which fails the exit: the same in both front ends).
    pub fn open_data_dir(&mut self) -> Option<String> {
        match file::open_data_dir() {
            Ok(dir) => {
                self.set_autosave_dir(dir);
                None
            }
            Err(e) => self.failed(e.into()),
        }
    }

    /// Saves to `path` after every change; `force` replaces a file there
    /// that is not a record (`--save PATH --force`).
    pub fn save_to(&mut self, path: PathBuf, force: bool) {
        if self
            .target
            .lock
            .as_ref()
            .is_some_and(|l| !same_record(l.record(), &path))
        {
            self.target.lock = None;
        }
        self.target.path = Some(path);
        self.target.new = false;
        self.target.last.clear();
        self.force = force;
    }

    /// A new game goes to a new file of the data folder, named at its first
    /// save (nothing when there is no data folder).
    pub fn to_new_file(&mut self) {
        if let Some(dir) = &self.autosave_dir {
            let (path, lock) = file::claim_new_path(dir);
            self.target = Target {
                path: Some(path),
                new: true,
                last: String::new(),
                lock,
            };
        }
    }

    /// `--save PATH`: saved there and locked. `Err`: another client has
    /// that file open (nothing is saved till the front end decides).
    pub fn claim(&mut self, path: PathBuf, force: bool) -> Result<(), Busy> {
        match RecordLock::try_lock(&path) {
            Ok(lock) => {
                self.save_to(path, force);
                self.target.lock = Some(lock);
                Ok(())
            }
            Err(LockError::Busy) => {
                self.target.path = None;
                Err(Busy(path))
            }
            // No lock to be had there (a file system without locks): saved as before.
            Err(LockError::Unavailable(_)) => {
                self.save_to(path, force);
                Ok(())
            }
        }
    }

    /// Takes the lock of the record at `path`: `Err` when another client
    /// has it open; `Ok(None)` when no lock can be had there. The lock held
    /// already, if it is that record's, is kept.
    pub fn lock_record(&mut self, path: &Path) -> Result<Option<RecordLock>, Busy> {
        if self
            .target
            .lock
            .as_ref()
            .is_some_and(|l| same_record(l.record(), path))
        {
            return Ok(self.target.lock.take());
        }
        match RecordLock::try_lock(path) {
            Ok(lock) => Ok(Some(lock)),
            Err(LockError::Busy) => Err(Busy(path.to_path_buf())),
            Err(LockError::Unavailable(_)) => Ok(None),
        }
    }

    /// The record at `path` (locked with `lock`) is played on and saved
    /// over: the target before, to put back if it cannot be opened.
    pub fn resume_at(&mut self, path: PathBuf, lock: Option<RecordLock>) -> Target {
        self.replace(Target {
            path: Some(path),
            new: false,
            last: String::new(),
            lock,
        })
    }

    /// A copy under a new name in the data folder `dir` (locked there): the
    /// target before, to put back if it cannot be opened.
    pub fn copy_in(&mut self, dir: &Path) -> Target {
        let (path, lock) = file::claim_new_path(dir);
        self.replace(Target {
            path: Some(path),
            new: true,
            last: String::new(),
            lock,
        })
    }

    /// Puts another target in place: the one before.
    pub fn replace(&mut self, target: Target) -> Target {
        std::mem::replace(&mut self.target, target)
    }

    /// The game is closed: another window may open it now (with `--save`
    /// the file stays this one's: the next game goes there).
    pub fn closed(&mut self) {
        if self.autosave_dir.is_some() {
            self.target.lock = None;
        }
    }

    // ---- saving -------------------------------------------------------------

    /// Saves the record if it changed: a job after the saves before it
    /// (atomically; the first time only over a new file or a record,
    /// unless forced). Its answer, when it came within the wait (else it
    /// goes to `post`): give it to [`Persist::saved`].
    pub fn save(&mut self, record: &Record, post: Post<Saved>) -> Option<Saved> {
        let path = self.target.path.clone()?;
        let text = record.to_text();
        if text == self.target.last {
            return None;
        }
        // A new file keeps asking for a fresh name until one is taken (the
        // saver then writes to the name taken).
        let how = if self.target.new {
            How::New
        } else if self.target.last.is_empty() {
            How::First { force: self.force }
        } else {
            How::Again
        };
        self.target.last = text.clone();
        self.saver.save(path, text, how, self.wait, post)
    }

    /// The record to save now is `text` already (the resumed file's):
    /// it is written at its first change only.
    pub fn saved_as(&mut self, record: &Record) {
        self.target.last = record.to_text();
    }

    /// A save's answer: the name a new file took, or why it failed. Some:
    /// the line to say ("Not saved: ...", once per reason).
    pub fn saved(&mut self, saved: Saved) -> Option<String> {
        if !self.saver.fresh(&saved) {
            return None;
        }
        match saved.result {
            Ok(_) => {
                if self.target.path.as_ref() == Some(&saved.asked) {
                    // The name locked was taken by a file of a client that
                    // does not lock: the lock follows the game.
                    if saved.written != saved.asked
                        && self
                            .target
                            .lock
                            .as_ref()
                            .is_some_and(|l| l.record() == saved.asked)
                    {
                        self.target.lock = RecordLock::try_lock(&saved.written).ok();
                    }
                    self.target.path = Some(saved.written);
                    self.target.new = false;
                }
                self.error = None;
                None
            }
            Err(e) => {
                self.target.last.clear();
                self.failed(e)
            }
        }
    }

    /// A save failed: kept for the exit, which then fails. Some: the line
    /// to say, when the reason is new.
    pub fn failed(&mut self, e: SaveFailed) -> Option<String> {
        let e = e.to_string();
        let new = self.error.as_ref() != Some(&e);
        self.error = Some(e.clone());
        new.then(|| format!("Not saved: {e}"))
    }

    /// Quitting: waits up to `bound` for the saves under way; one that does
    /// not finish in time is a failed save. Some: the line to say.
    pub fn finish(&mut self, bound: Duration) -> Option<String> {
        match self.saver.finish(bound) {
            Ok(Some(saved)) => self.saved(saved),
            Ok(None) => None,
            Err(e) => self.failed(e),
        }
    }

    /// Is a save under way?
    pub fn pending(&self) -> bool {
        self.saver.pending()
    }

    /// The gate every save passes before writing: holding it holds the
    /// saves, as a slow disk would (tests).
    pub fn gate(&self) -> std::sync::Arc<std::sync::Mutex<()>> {
        self.saver.gate()
    }

    // ---- the statistics and the progress ----------------------------------

    /// Counts a finished game in the statistics (the session hands it out
    /// once per game, with the game's end), as a job: their lock may be
    /// held by another program, which the job waits for. Its answer when it
    /// came within the wait, else it goes to `post`; None when nothing is
    /// counted (no data folder).
    pub fn count(&self, count: Box<Count>, post: Post<Counted>) -> Option<Counted> {
        let dir = self.stats_dir.clone()?;
        let started = Spawn::new(next_version(), post)
            .wait(self.wait)
            .run(move |_| {
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                match count.write(&dir, now) {
                    Some(Ok(lines)) => Ok(lines),
                    Some(Err(e)) => Err(e.to_string()),
                    None => Ok(Vec::new()),
                }
            });
        answered(started)
    }
}

/// Marks lesson or puzzle `id` solved in the progress file at `path`, as a
/// job (under the file's lock, which another session may hold: the job
/// waits for it). Its answer when it came within `wait`, else it goes to
/// `post`.
pub fn solve(
    path: PathBuf,
    id: String,
    wait: Duration,
    post: Post<ProgressSaved>,
) -> Option<ProgressSaved> {
    let started = Spawn::new(next_version(), post).wait(wait).run(move |_| {
        let result = Progress::record(&path, &id).map_err(|e| e.to_string());
        ProgressSaved { id, result }
    });
    answered(started)
}

/// A job's answer, if it came at once (else it is posted: never cancelled).
fn answered<T>(started: Started<T>) -> Option<T> {
    match started {
        Started::Done(t) => Some(t),
        Started::Running(job) => {
            job.detach();
            None
        }
    }
}

/// A record another client has open (its path).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Busy(pub PathBuf);

/// Why a record cannot be played on: both front ends say it in these words.
#[derive(Debug, thiserror::Error)]
pub enum NotResumed {
    /// A finished game: it is never counted or written again (`replay`
    /// shows it).
    #[error("{}: the game is over (`replay` shows it)", .0.display())]
    Over(PathBuf),
    /// Open in another window, and not opened here (nothing changed).
    #[error("{} is open in another window: not opened. Nothing was changed.", .0.display())]
    Busy(PathBuf),
    /// `--save PATH` open in another window: not saved there.
    #[error("{} is open in another window: not saved there. Nothing was changed.", .0.display())]
    SaveBusy(PathBuf),
}

/// May this record be played on? A finished game (not a match, whose end
/// opens at its end) is refused: counting it again or writing it would
/// change what was played.
pub fn resumable(loaded: &Loaded) -> Result<(), NotResumed> {
    if loaded.checked.is_finished() && loaded.checked.match_over.is_none() {
        return Err(NotResumed::Over(loaded.path.clone()));
    }
    Ok(())
}

/// Are these two paths one record (spelt alike, or one file)?
pub fn same_record(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    a == b
        || match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => false,
        }
}

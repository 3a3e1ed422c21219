//! Saving off the UI thread. Each save is a job (`super::job`, its version
//! the save's place in the order) that writes the record to a temporary
//! file, syncs it and renames it over the game's file (atomic, as
//! `file::write_atomic` does); jobs run one after the other in the order
//! they were asked (a later save is never overtaken by an earlier one),
//! each on its own thread, so a slow disk never holds up the keys. The
//! answer comes back at once when the UI chose to wait for it, else it is
//! posted; nothing cancels a save, and quitting waits for the last one,
//! with a bound.

use crate::record::file;
use crate::session::job::{Post, Spawn, Started};
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How a save writes its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum How {
    /// A new file in the data folder: the name proposed, or the next free one.
    New,
    /// The game's first save to this file: only over a record, unless forced.
    First { force: bool },
    /// Over the game's own file, saved before.
    Again,
}

/// Why a save was not done (said on the status line and again at exit).
#[derive(Clone, Debug, thiserror::Error)]
pub enum SaveFailed {
    /// The file may not or cannot be written there (the path and why).
    #[error(transparent)]
    File(Arc<file::SaveError>),
    /// No data folder to save new games in.
    #[error(transparent)]
    DataDir(Arc<file::DataDirError>),
    /// Quitting, the last save did not finish within the bound.
    #[error("the last save did not finish within {:.1} s", .0.as_secs_f64())]
    TooSlow(Duration),
}

impl From<file::SaveError> for SaveFailed {
    fn from(e: file::SaveError) -> SaveFailed {
        SaveFailed::File(Arc::new(e))
    }
}

impl From<file::DataDirError> for SaveFailed {
    fn from(e: file::DataDirError) -> SaveFailed {
        SaveFailed::DataDir(Arc::new(e))
    }
}

/// One save's answer.
#[derive(Clone, Debug)]
pub struct Saved {
    /// Its place in the order of saves (from 1).
    pub seq: u64,
    /// The path the app asked for, and the one written (a new file may take
    /// the next free name).
    pub asked: PathBuf,
    pub written: PathBuf,
    /// The text written, or why it could not be.
    pub result: Result<String, SaveFailed>,
}

#[derive(Debug, Default)]
struct Done {
    /// The last save finished.
    seq: u64,
    /// A new file's proposed name and the name it took: later saves to the
    /// proposed name go to the taken one.
    taken: Option<(PathBuf, PathBuf)>,
    /// The last save finished, as the app should learn it at exit.
    last: Option<Saved>,
}

/// The saves asked for and done.
#[derive(Debug, Default)]
pub struct Saver {
    queued: u64,
    /// The latest save whose answer the app has taken.
    answered: u64,
    done: Arc<(Mutex<Done>, Condvar)>,
    /// Held, it keeps the next save from writing (tests: a slow disk).
    gate: Arc<Mutex<()>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Saver {
    /// Saves `text` to `path` after every save asked before; waits up to
    /// `wait` for it: `Some` answer when done in time, else it goes to `post`.
    pub fn save(
        &mut self,
        path: PathBuf,
        text: String,
        how: How,
        wait: Duration,
        post: Post<Saved>,
    ) -> Option<Saved> {
        self.queued += 1;
        let seq = self.queued;
        let (done, gate) = (self.done.clone(), self.gate.clone());
        let started = Spawn::new(seq, post).wait(wait).run_with(move |reply| {
            let (lock_done, cv) = &*done;
            // Strictly in order: after the save before this one.
            let mut d = lock(lock_done);
            while d.seq + 1 < seq {
                d = cv.wait(d).unwrap_or_else(|e| e.into_inner());
            }
            // A new file's name is taken once: the saves after it (asked
            // before its answer came) write over it.
            let (target, how) = match &d.taken {
                Some((proposed, taken)) if *proposed == path => (taken.clone(), How::Again),
                _ => (path.clone(), how),
            };
            drop(d);
            let fresh = how == How::New;
            let saved = {
                let _held = lock(&gate);
                write(seq, path, target, text, how)
            };
            let mut d = lock(lock_done);
            if fresh && saved.result.is_ok() {
                d.taken = Some((saved.asked.clone(), saved.written.clone()));
            }
            d.last = Some(saved.clone());
            // Answered under the lock, before the next save may start: the
            // answers come in the order of the saves.
            reply.answer(saved);
            d.seq = seq;
            cv.notify_all();
        });
        match started {
            Started::Done(saved) => Some(saved),
            Started::Running(job) => {
                // A save is never cancelled: it runs to its end.
                job.detach();
                None
            }
        }
    }

    /// Waits up to `bound` for every save asked to be done: the last one's
    /// answer (None: none was asked), or an error when time ran out.
    pub fn finish(&self, bound: Duration) -> Result<Option<Saved>, SaveFailed> {
        let until = Instant::now() + bound;
        let (lock_done, cv) = &*self.done;
        let mut d = lock(lock_done);
        while d.seq < self.queued {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(SaveFailed::TooSlow(bound));
            }
            d = cv
                .wait_timeout(d, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        Ok(d.last.clone())
    }

    /// Is this answer newer than every answer taken before? An earlier
    /// save's event may come after a later save's answer was taken at once;
    /// it says nothing about the file any more.
    pub fn fresh(&mut self, saved: &Saved) -> bool {
        let fresh = saved.seq > self.answered;
        self.answered = self.answered.max(saved.seq);
        fresh
    }

    /// Is a save asked for not written yet?
    pub fn pending(&self) -> bool {
        lock(&self.done.0).seq < self.queued
    }

    /// The gate every save passes before writing: holding it holds them (tests).
    pub fn gate(&self) -> Arc<Mutex<()>> {
        self.gate.clone()
    }
}

/// The file work of one save.
fn write(seq: u64, asked: PathBuf, target: PathBuf, text: String, how: How) -> Saved {
    let cannot = |error: std::io::Error| {
        SaveFailed::from(file::SaveError::Write {
            path: target.clone(),
            error,
        })
    };
    let result = match how {
        How::New => file::write_new(&target, text.as_bytes()).map_err(cannot),
        How::First { force } => file::check_target(&target, force)
            .map_err(SaveFailed::from)
            .and_then(|()| {
                file::write_atomic(&target, text.as_bytes(), || Ok(()))
                    .map(|()| target.clone())
                    .map_err(cannot)
            }),
        How::Again => file::write_atomic(&target, text.as_bytes(), || Ok(()))
            .map(|()| target.clone())
            .map_err(cannot),
    };
    match result {
        Ok(written) => Saved {
            seq,
            asked,
            written,
            result: Ok(text),
        },
        Err(e) => Saved {
            seq,
            asked,
            written: target,
            result: Err(e),
        },
    }
}

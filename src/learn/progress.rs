//! Lessons done, kept in `lessons.json` of the data folder and written
//! atomically as every save is (a temporary file renamed over it), so a
//! crash never leaves half a file. A lesson solved is read, added and
//! written under a lock (`lessons.lock` beside it), as the statistics are,
//! so two `learn` sessions keep each other's progress.

use crate::record::file::{self, DataDirError, FileIoError, ReadError};
use crate::record::lock::FileLock;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// The file's name in the data folder.
pub const FILE: &str = "lessons.json";
/// The lock file beside it.
pub const LOCK: &str = "lessons.lock";

/// The progress that cannot be found, read or written.
#[derive(Debug, thiserror::Error)]
pub enum ProgressError {
    #[error(transparent)]
    DataDir(#[from] DataDirError),
    /// A file that is not a progress file (never written over).
    #[error("{}: {fault}", path.display())]
    NotProgress { path: PathBuf, fault: ProgressFault },
    #[error(transparent)]
    Io(#[from] FileIoError),
}

/// What is wrong with a progress file.
#[derive(Debug, thiserror::Error)]
pub enum ProgressFault {
    #[error(transparent)]
    Read(ReadError),
    #[error("not JSON: {0}")]
    Json(serde_json::Error),
    #[error("not a {kind} progress file (no \"done\" list)")]
    NoDoneList { kind: &'static str },
    #[error("done: expected the names of {kind}")]
    NotNames { kind: &'static str },
}

/// The ids of the lessons done, in the order they were done.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub done: Vec<String>,
}

impl Progress {
    /// The progress file of the data folder.
    pub fn path() -> Result<PathBuf, DataDirError> {
        Ok(file::data_dir()?.join(FILE))
    }

    /// Reads the progress; a missing file is no lesson done. A file that is
    /// not a progress file is an error naming it (and is never written over).
    pub fn load(path: &Path) -> Result<Progress, ProgressError> {
        let (kind, what) = kind_of(path);
        if !path.exists() {
            return Ok(Progress::default());
        }
        let bad = |fault| ProgressError::NotProgress {
            path: path.to_path_buf(),
            fault,
        };
        let text =
            file::read_regular(path, 1 << 20, what).map_err(|e| bad(ProgressFault::Read(e)))?;
        let v: Value = serde_json::from_str(&text).map_err(|e| bad(ProgressFault::Json(e)))?;
        let done = v
            .get("done")
            .and_then(Value::as_array)
            .ok_or_else(|| bad(ProgressFault::NoDoneList { kind }))?;
        let done = done
            .iter()
            .map(|d| d.as_str().map(str::to_string))
            .collect::<Option<Vec<String>>>()
            .ok_or_else(|| bad(ProgressFault::NotNames { kind }))?;
        Ok(Progress { done })
    }

    pub fn is_done(&self, id: &str) -> bool {
        self.done.iter().any(|d| d == id)
    }

    /// Marks a lesson done (once).
    pub fn mark(&mut self, id: &str) -> bool {
        if self.is_done(id) {
            return false;
        }
        self.done.push(id.to_string());
        true
    }

    /// Marks lesson `id` done in the progress file at `path`: under the
    /// lock, reads the file (what other sessions saved), adds `id`, writes
    /// it. Returns the progress as now saved. A file that does not read is
    /// not written over.
    pub fn record(path: &Path, id: &str) -> Result<Progress, ProgressError> {
        let dir = file::parent_dir(path);
        std::fs::create_dir_all(&dir).map_err(FileIoError::at(&dir))?;
        let _lock = FileLock::take(&dir.join(LOCK))?;
        // What a session killed while writing left: nobody writes without the lock.
        file::remove_temps_of_locked(path);
        let mut now = Progress::load(path)?;
        if now.mark(id) {
            now.save(path)?;
        }
        Ok(now)
    }

    /// Marks `id` solved: under the lock in the file at `path` when there is
    /// one (over what other sessions saved meanwhile), else here only. Err:
    /// why the file was not written (`id` is marked here all the same).
    pub fn solved(&mut self, path: Option<&Path>, id: &str) -> Result<(), ProgressError> {
        match path.map(|p| Progress::record(p, id)) {
            Some(Ok(now)) => {
                *self = now;
                Ok(())
            }
            Some(Err(e)) => {
                self.mark(id);
                Err(e)
            }
            None => {
                self.mark(id);
                Ok(())
            }
        }
    }

    /// Writes the progress atomically, making the folder if needed.
    pub fn save(&self, path: &Path) -> Result<(), FileIoError> {
        let dir = file::parent_dir(path);
        std::fs::create_dir_all(&dir).map_err(FileIoError::at(&dir))?;
        let text = format!("{}\n", json!({"done": self.done}));
        file::write_atomic(path, text.as_bytes(), || Ok(())).map_err(FileIoError::at(path))
    }
}

/// What a progress file keeps, by its name (the puzzles' `puzzles.json`,
/// else the lessons'), and the file as an error names it.
fn kind_of(path: &Path) -> (&'static str, &'static str) {
    if path.file_name() == Some(super::puzzles::PROGRESS_FILE.as_ref()) {
        ("puzzles", "a puzzles progress file")
    } else {
        ("lessons", "a lessons progress file")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_temp::TempDir;

    #[test]
    fn progress_round_trips_and_refuses_other_files() {
        let dir = TempDir::absent("masai-progress");
        let path = dir.join("sub").join(FILE);
        assert_eq!(Progress::load(&path).unwrap(), Progress::default());
        let mut p = Progress::default();
        assert!(p.mark("enkeshui-relay"));
        assert!(!p.mark("enkeshui-relay"));
        assert!(p.mark("bao-steal"));
        p.save(&path).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{\"done\":[\"enkeshui-relay\",\"bao-steal\"]}\n"
        );
        assert_eq!(Progress::load(&path).unwrap(), p);
        std::fs::write(&path, "[1]").unwrap();
        assert_eq!(
            Progress::load(&path).unwrap_err().to_string(),
            (format!(
                "{}: not a lessons progress file (no \"done\" list)",
                path.display()
            ))
        );
    }

    /// Two sessions each loaded the progress before either solved a
    /// lesson; both lessons solved survive, in either order of saving.
    #[test]
    fn two_sessions_interleaved_keep_both_lessons() {
        let dir = TempDir::absent("masai-progress-two");
        let path = dir.join(FILE);
        let a = Progress::load(&path).unwrap();
        let b = Progress::load(&path).unwrap();
        assert_eq!((a.done.len(), b.done.len()), (0, 0));
        let a = Progress::record(&path, "enkeshui-board").unwrap();
        assert_eq!(a.done, ["enkeshui-board"]);
        let b = Progress::record(&path, "bao-steal").unwrap();
        assert_eq!(b.done, ["enkeshui-board", "bao-steal"]);
        // Solving again changes nothing.
        let a = Progress::record(&path, "enkeshui-board").unwrap();
        assert_eq!(a.done, ["enkeshui-board", "bao-steal"]);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{\"done\":[\"enkeshui-board\",\"bao-steal\"]}\n"
        );
        // A file that is not a progress file is not written over.
        std::fs::write(&path, "[1]").unwrap();
        assert!(Progress::record(&path, "x").is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "[1]");
    }

    /// While another session holds the lock, an update waits for it, then
    /// reads what that session wrote.
    #[test]
    fn an_update_waits_for_the_lock() {
        let dir = TempDir::new("masai-progress-lock");
        let path = dir.join(FILE);
        let held = FileLock::take(&dir.join(LOCK)).unwrap();
        let p = path.clone();
        let other = std::thread::spawn(move || Progress::record(&p, "en-gehe-end").unwrap());
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert!(!other.is_finished(), "the update did not wait for the lock");
        // The holder's own read-change-write, then it lets go.
        let mut mine = Progress::load(&path).unwrap();
        mine.mark("bao-board");
        mine.save(&path).unwrap();
        drop(held);
        assert_eq!(other.join().unwrap().done, ["bao-board", "en-gehe-end"]);
    }

    /// The puzzles' progress file is called so in its errors, a FIFO in
    /// its place included (the lessons' file keeps its own name).
    #[test]
    fn the_puzzles_file_is_named_as_the_puzzles_in_its_errors() {
        let dir = crate::test_temp::TempDir::new("masai-progress-named");
        let puzzles = dir.join(crate::learn::puzzles::PROGRESS_FILE);
        std::fs::write(&puzzles, "{\"done\":[1]}").unwrap();
        assert_eq!(
            Progress::load(&puzzles).unwrap_err().to_string(),
            format!("{}: done: expected the names of puzzles", puzzles.display())
        );
        std::fs::write(&puzzles, "[1]").unwrap();
        assert_eq!(
            Progress::load(&puzzles).unwrap_err().to_string(),
            format!(
                "{}: not a puzzles progress file (no \"done\" list)",
                puzzles.display()
            )
        );
        std::fs::remove_file(&puzzles).unwrap();
        let made = std::process::Command::new("mkfifo").arg(&puzzles).status();
        assert!(made.unwrap().success(), "mkfifo {}", puzzles.display());
        let fifo = Progress::load(&puzzles).unwrap_err().to_string();
        assert!(fifo.contains("a puzzles progress file"), "{fifo}");
        assert!(!fifo.contains("lessons"), "{fifo}");
        let lessons = dir.join(FILE);
        std::fs::write(&lessons, "{\"done\":[1]}").unwrap();
        assert_eq!(
            Progress::load(&lessons).unwrap_err().to_string(),
            format!("{}: done: expected the names of lessons", lessons.display())
        );
    }
}

//! Lessons done, kept in `lessons.json` of the data folder and written
//! atomically as every save is (a temporary file renamed over it), so a
//! crash never leaves half a file.

use crate::record::file;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// The file's name in the data folder.
pub const FILE: &str = "lessons.json";

/// The ids of the lessons done, in the order they were done.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub done: Vec<String>,
}

impl Progress {
    /// The progress file of the data folder.
    pub fn path() -> Result<PathBuf, String> {
        Ok(file::data_dir()?.join(FILE))
    }

    /// Reads the progress; a missing file is no lesson done. A file that is
    /// not a progress file is an error naming it (and is never written over).
    pub fn load(path: &Path) -> Result<Progress, String> {
        if !path.exists() {
            return Ok(Progress::default());
        }
        let bad = |why: &str| format!("{}: {why}", path.display());
        let text =
            file::read_regular(path, 1 << 20, "a lessons progress file").map_err(|e| bad(&e))?;
        let v: Value = serde_json::from_str(&text).map_err(|e| bad(&format!("not JSON: {e}")))?;
        let done = v
            .get("done")
            .and_then(Value::as_array)
            .ok_or_else(|| bad("not a lessons progress file (no \"done\" list)"))?;
        let done = done
            .iter()
            .map(|d| d.as_str().map(str::to_string))
            .collect::<Option<Vec<String>>>()
            .ok_or_else(|| bad("done: expected lesson names"))?;
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

    /// Writes the progress atomically, making the folder if needed.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let dir = file::parent_dir(path);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("{}: {}", dir.display(), file::io_reason(&e)))?;
        let text = format!("{}\n", json!({"done": self.done}));
        file::write_atomic(path, text.as_bytes(), || Ok(()))
            .map_err(|e| format!("{}: {}", path.display(), file::io_reason(&e)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_round_trips_and_refuses_other_files() {
        let dir = std::env::temp_dir().join(format!("masai-progress-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("sub").join(FILE);
        assert_eq!(Progress::load(&path), Ok(Progress::default()));
        let mut p = Progress::default();
        assert!(p.mark("enkeshui-relay"));
        assert!(!p.mark("enkeshui-relay"));
        assert!(p.mark("bao-steal"));
        p.save(&path).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{\"done\":[\"enkeshui-relay\",\"bao-steal\"]}\n"
        );
        assert_eq!(Progress::load(&path), Ok(p));
        std::fs::write(&path, "[1]").unwrap();
        assert_eq!(
            Progress::load(&path),
            Err(format!(
                "{}: not a lessons progress file (no \"done\" list)",
                path.display()
            ))
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

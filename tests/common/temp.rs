//! Folders of one test under the system temp folder, gone when the test ends,
//! passed or failed: the guard's `Drop` runs while a panic unwinds too.
//! A test that runs the program keeps its guard until the program has exited
//! (declared before the child or session, it is dropped after it).
//!
//! Also compiled into the library's own unit tests (`src/lib.rs`), so it
//! uses nothing but `std`.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh folder `NAME-PID-N` under the temp folder (N counts within the
/// test binary, so two guards of one name never share it), removed with
/// everything in it when dropped. It dereferences to the path the test uses:
/// the folder, or a file inside it.
pub struct TempDir {
    dir: PathBuf,
    path: PathBuf,
}

impl TempDir {
    /// An empty folder, made now.
    pub fn new(name: &str) -> TempDir {
        let t = TempDir::absent(name);
        std::fs::create_dir_all(&t.dir)
            .unwrap_or_else(|e| panic!("cannot make {}: {e}", t.dir.display()));
        t
    }

    /// The path of a folder not made yet (for tests of a missing folder);
    /// removed on drop if anything made it.
    pub fn absent(name: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("{name}-{}-{n}", std::process::id()));
        // Left by an earlier run whose process id came round again.
        let _ = std::fs::remove_dir_all(&dir);
        TempDir {
            path: dir.clone(),
            dir,
        }
    }

    /// The file `file` (not made) in a fresh empty folder: the guard
    /// dereferences to the file and removes the folder.
    pub fn file(name: &str, file: &str) -> TempDir {
        let mut t = TempDir::new(name);
        t.path = t.dir.join(file);
        t
    }

    /// The path the guard dereferences to.
    pub fn as_path(&self) -> &Path {
        &self.path
    }

    /// The folder itself (also for a guard made with [`TempDir::file`]).
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<OsStr> for TempDir {
    fn as_ref(&self) -> &OsStr {
        self.path.as_os_str()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

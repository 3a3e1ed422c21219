//! Records on disk: loading with one-line errors that name the file, atomic
//! saving that never clobbers a file of another program, and the data folder
//! where the client keeps its saved games.

use super::header::{self, LIST_REPLAYS_UP_TO, read_header};
use super::{Checked, FORMAT, Record, RecordError};
use serde_json::Value;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Records larger than this are refused. A real game's record is a few
/// kilobytes (a 2x50 En Gehé game to the 1,000-turn limit, some 15 KB; a
/// match of such games a few hundred), while a record in memory costs some
/// 50 times its size (a decision, 5 bytes on disk, is a token and a JSON
/// value there): at 64 MiB a forged record took 3.2 GB and 21 s to load.
pub const MAX_BYTES: u64 = 4 << 20;

/// Position files (`en-gehe --position`) larger than this are refused.
pub const MAX_POSITION_BYTES: u64 = 1 << 20;

/// A record file that does not load: shown as one line naming the file
/// and the field or decision at fault (see [`error_line`]).
#[derive(Debug, thiserror::Error)]
#[error("{}", error_line(path, fault))]
pub struct LoadError {
    pub path: PathBuf,
    pub fault: LoadFault,
}

/// Why a record file does not load.
#[derive(Debug, thiserror::Error)]
pub enum LoadFault {
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error(transparent)]
    Json(#[from] JsonError),
    #[error(transparent)]
    Record(#[from] RecordError),
}

impl LoadError {
    fn at(path: &Path) -> impl Fn(LoadFault) -> LoadError + '_ {
        |fault| LoadError {
            path: path.to_path_buf(),
            fault,
        }
    }
}

/// Reads, checks and replays a record file.
pub fn load(path: &Path) -> Result<(Record, Checked), LoadError> {
    let record = read_record(path)?;
    let checked = record.check().map_err(|e| LoadError::at(path)(e.into()))?;
    Ok((record, checked))
}

/// Reads a record file's fields without replaying it (`Record::check` does).
pub fn read_record(path: &Path) -> Result<Record, LoadError> {
    let at = LoadError::at(path);
    let text = read_text(path).map_err(|e| at(e.into()))?;
    let value = parse_json(&text).map_err(|e| at(e.into()))?;
    // Not kept beside the value and the record it becomes.
    drop(text);
    Record::parse(&value).map_err(|e| at(e.into()))
}

/// "FILE: what is wrong", safe to print and to show in the client: control
/// characters escaped, the length capped.
pub fn error_line(path: &Path, e: &dyn std::fmt::Display) -> String {
    crate::text::one_line(
        &format!("{}: {e}", path.display()),
        crate::text::MAX_LINE_CHARS,
    )
}

fn read_text(path: &Path) -> Result<String, ReadError> {
    read_regular(path, MAX_BYTES, "a record")
}

/// What a file that is not a regular file is, for a message.
fn not_regular(meta: &fs::Metadata) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_file() {
        None
    } else if t.is_dir() {
        Some("a folder")
    } else if t.is_fifo() {
        Some("a FIFO (named pipe)")
    } else if t.is_char_device() {
        Some("a character device")
    } else if t.is_block_device() {
        Some("a block device")
    } else if t.is_socket() {
        Some("a socket")
    } else {
        Some("not a regular file")
    }
}

/// A file that cannot be read as text.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// A folder, a FIFO, a device: refused without reading.
    #[error("is {kind}, not {what}")]
    NotRegular {
        kind: &'static str,
        what: &'static str,
    },
    #[error("{size} bytes: too large for {what} (at most {max})")]
    TooLarge {
        size: u64,
        what: &'static str,
        max: u64,
    },
    /// Larger than its size said (a file growing, or one of /proc).
    #[error("too large for {what} (more than {max} bytes)")]
    GrewTooLarge { what: &'static str, max: u64 },
    #[error("not {format}: not text (invalid UTF-8 at byte {at})")]
    NotText { format: &'static str, at: usize },
    #[error("no such file")]
    NotFound,
    #[error("permission denied")]
    PermissionDenied,
    #[error("cannot read: {0}")]
    Io(io::Error),
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        match e.kind() {
            io::ErrorKind::NotFound => ReadError::NotFound,
            io::ErrorKind::PermissionDenied => ReadError::PermissionDenied,
            _ => ReadError::Io(e),
        }
    }
}

/// Reads a regular file of at most `max` bytes as text (a UTF-8 byte order
/// mark at the start is dropped). Anything else is refused at once, without
/// waiting for a writer or reading it: a FIFO, a device (`/dev/zero`,
/// `/dev/stdin` on a terminal or a pipe), a folder. The cap is checked while
/// reading, so a file that grows after its size was read is cut off too.
/// `what` names the expected content: "a record", "a position".
pub fn read_regular(path: &Path, max: u64, what: &'static str) -> Result<String, ReadError> {
    read_regular_as(path, max, what, "JSON")
}

/// `read_regular` for a file of another `format` ("TOML"): bytes that are
/// not UTF-8 are "not FORMAT: not text (invalid UTF-8 at byte N)".
pub fn read_regular_as(
    path: &Path,
    max: u64,
    what: &'static str,
    format: &'static str,
) -> Result<String, ReadError> {
    let file = open_regular(path, max, what)?;
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(ReadError::GrewTooLarge { what, max });
    }
    // The byte order mark is dropped in place: the text is not copied.
    let bom = if bytes.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    bytes.drain(..bom);
    String::from_utf8(bytes).map_err(|e| ReadError::NotText {
        format,
        at: e.utf8_error().valid_up_to() + bom,
    })
}

/// A record file opened for reading, as [`read_regular`] checks it (its
/// size under [`MAX_BYTES`] when opened: read it through `take`).
pub fn read_regular_file(path: &Path) -> Result<File, ReadError> {
    open_regular(path, MAX_BYTES, "a record")
}

/// Opens a regular file of at most `max` bytes, refusing anything else
/// without waiting on it.
fn open_regular(path: &Path, max: u64, what: &'static str) -> Result<File, ReadError> {
    use std::os::unix::fs::OpenOptionsExt;
    let refuse = |meta: &fs::Metadata| match not_regular(meta) {
        Some(kind) => Err(ReadError::NotRegular { kind, what }),
        None => Ok(()),
    };
    let meta = fs::metadata(path)?;
    refuse(&meta)?;
    if meta.len() > max {
        return Err(ReadError::TooLarge {
            size: meta.len(),
            what,
            max,
        });
    }
    // Non-blocking: if the path became a FIFO since, opening it must not wait.
    let file = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    refuse(&file.metadata()?)?;
    Ok(file)
}

/// A record's text that is not JSON.
#[derive(Debug, thiserror::Error)]
pub enum JsonError {
    #[error("empty file: not a record")]
    Empty,
    /// The JSON stops early.
    #[error("truncated: the JSON stops at line {line} column {column}")]
    Truncated { line: usize, column: usize },
    #[error("not JSON: {0}")]
    Syntax(serde_json::Error),
}

/// JSON with the syntax error on one line; a JSON that stops early is "truncated".
pub fn parse_json(text: &str) -> Result<Value, JsonError> {
    if text.trim().is_empty() {
        return Err(JsonError::Empty);
    }
    serde_json::from_str(text).map_err(|e| {
        if e.is_eof() {
            JsonError::Truncated {
                line: e.line(),
                column: e.column(),
            }
        } else {
            JsonError::Syntax(e)
        }
    })
}

/// Is this file a record of this program (any version)? Reads at most MAX_BYTES.
pub fn is_record_file(path: &Path) -> bool {
    read_text(path)
        .ok()
        .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        .is_some_and(|v| v.get("format").and_then(Value::as_str) == Some(FORMAT))
}

/// A record that may not be written where it was asked.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("{}: {error}", path.display())]
    Inspect { path: PathBuf, error: io::Error },
    #[error("{}: is a folder", path.display())]
    Folder { path: PathBuf },
    /// A device, a FIFO or a socket: never replaced, even forced.
    #[error("{}: is {kind}, not a record: not replacing it (not even with --force)", path.display())]
    NotAFile { path: PathBuf, kind: &'static str },
    #[error("{}: exists and is not a masai-mancala record: not overwriting it (--force replaces it)", path.display())]
    NotARecord { path: PathBuf },
    /// A file made read-only (`chmod a-w`): kept as it is, even forced.
    #[error("{}: {READ_ONLY}", path.display())]
    ReadOnly { path: PathBuf },
    #[error("{}: the folder {} does not exist", path.display(), dir.display())]
    NoFolder { path: PathBuf, dir: PathBuf },
    #[error("{}: cannot save: {}", path.display(), io_reason(error))]
    Write { path: PathBuf, error: io::Error },
}

/// May a record be written at `path`? A new path, or a record of this program;
/// another regular file only with `force`. Never a device, a FIFO or a
/// socket, even forced: the save would put a file in its place (as root,
/// `--save /dev/null --force` would replace the system's `/dev/null`).
pub fn check_target(path: &Path, force: bool) -> Result<(), SaveError> {
    let path_buf = || path.to_path_buf();
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(error) => {
            return Err(SaveError::Inspect {
                path: path_buf(),
                error,
            });
        }
        Ok(meta) if meta.is_dir() => return Err(SaveError::Folder { path: path_buf() }),
        Ok(meta) => {
            // Through a link too: the link's target is what the player named.
            let target = if meta.file_type().is_symlink() {
                fs::metadata(path).ok()
            } else {
                Some(meta)
            };
            if let Some(kind) = target.as_ref().and_then(not_regular) {
                return Err(SaveError::NotAFile {
                    path: path_buf(),
                    kind,
                });
            }
            if target.as_ref().is_some_and(|m| m.permissions().readonly()) {
                return Err(SaveError::ReadOnly { path: path_buf() });
            }
            if !force && !is_record_file(path) {
                return Err(SaveError::NotARecord { path: path_buf() });
            }
        }
    }
    let dir = parent_dir(path);
    if !dir.is_dir() {
        return Err(SaveError::NoFolder {
            path: path_buf(),
            dir,
        });
    }
    Ok(())
}

/// Saves a record atomically (see [`write_atomic`]), refusing to replace a
/// file that is not a record unless `force`.
pub fn save(path: &Path, record: &Record, force: bool) -> Result<(), SaveError> {
    check_target(path, force)?;
    write_atomic(path, record.to_text().as_bytes(), || Ok(())).map_err(|error| SaveError::Write {
        path: path.to_path_buf(),
        error,
    })
}

/// The folder a file is in (`.` for a bare name).
pub fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The temporary file a save of `path` writes first:
/// `.{name}.{pid}.{nanos}.tmp` in the same folder.
fn temp_path(path: &Path) -> io::Result<PathBuf> {
    let file_name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?
        .to_string_lossy()
        .into_owned();
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    Ok(parent_dir(path).join(format!(".{file_name}.{}.{nanos}.tmp", std::process::id())))
}

/// Writes `bytes` to a new temporary file for `path`, flushed and synced.
/// It gets `mode` if given (the record it will replace keeps its
/// permissions), else the default of a new file. Removed on failure.
fn write_temp(path: &Path, bytes: &[u8], mode: Option<fs::Permissions>) -> io::Result<PathBuf> {
    let tmp = temp_path(path)?;
    let result = (|| {
        let mut f = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        if let Some(mode) = mode {
            f.set_permissions(mode)?;
        }
        f.write_all(bytes)?;
        f.flush()?;
        f.sync_all()
    })();
    match result {
        Ok(()) => Ok(tmp),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Writes `bytes` to a temporary file in the same folder, flushes and syncs
/// it, calls `before_rename` (tests inject failures there), then renames it
/// over `path` and syncs the folder. Whatever happens, `path` holds either its
/// old content or all of the new; a failure removes the temporary file. A
/// file replaced keeps its permissions (a record of mode 0600 stays 0600);
/// a read-only one is refused ([`READ_ONLY`]), and a symbolic link is
/// followed to the file it names.
pub fn write_atomic(
    path: &Path,
    bytes: &[u8],
    before_rename: impl FnOnce() -> io::Result<()>,
) -> io::Result<()> {
    // A link is followed: the file it leads to is replaced and the link
    // stays (a rename over the link put a file in its place).
    let path = &follow_links(path)?;
    let meta = fs::metadata(path).ok();
    if meta.as_ref().is_some_and(|m| m.permissions().readonly()) {
        return Err(io::Error::new(io::ErrorKind::PermissionDenied, READ_ONLY));
    }
    let mode = meta.map(|m| m.permissions());
    let tmp = write_temp(path, bytes, mode)?;
    let result = before_rename().and_then(|()| fs::rename(&tmp, path));
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    sync_dir(&parent_dir(path));
    result
}

/// Why a read-only file is not saved over: whoever made it so meant it.
pub const READ_ONLY: &str =
    "the file is read-only: not saving over it (chmod u+w lets it be saved)";

/// The file a chain of symbolic links leads to (`path` itself when it is no
/// link); a relative link is read from its own folder. A loop is an error.
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&at)?;
                at = parent_dir(&at).join(to);
            }
            _ => return Ok(at),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

/// `game-X.json` with a suffix: `game-X-2.json` for `k` = 2.
fn with_suffix(path: &Path, k: u32) -> PathBuf {
    if k < 2 {
        return path.to_path_buf();
    }
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    let name = match (stem, path.extension()) {
        (Some(stem), Some(ext)) => format!("{stem}-{k}.{}", ext.to_string_lossy()),
        (Some(stem), None) => format!("{stem}-{k}"),
        (None, _) => format!("game-{k}"),
    };
    path.with_file_name(name)
}

/// Writes a new file at `path`, or at the first free `stem-2.json`,
/// `stem-3.json`...: never over an existing file, even one another copy of
/// the program creates at the same moment. The complete file appears at
/// once: the temporary file is hard-linked to the name, which fails if the
/// name exists (on a file system without hard links the name is first taken
/// with an exclusive create, then the temporary file renamed over it).
/// Returns the path written.
pub fn write_new(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    let tmp = write_temp(path, bytes, None)?;
    let result = (|| {
        for k in 1..10_000 {
            let candidate = with_suffix(path, k);
            match fs::hard_link(&tmp, &candidate) {
                Ok(()) => return Ok(candidate),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(_) => {}
            }
            match fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&candidate)
            {
                Ok(_) => {
                    fs::rename(&tmp, &candidate)?;
                    return Ok(candidate);
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "no free name for a new record",
        ))
    })();
    let _ = fs::remove_file(&tmp);
    sync_dir(&parent_dir(path));
    result
}

/// Temporary files older than this are never being written: a save takes
/// milliseconds.
pub const STALE_TEMP_AGE: std::time::Duration = std::time::Duration::from_secs(60);

/// The record name and process id of one of our temporary files,
/// `.{name}.{pid}.{nanos}.tmp`.
fn parse_temp_name(file: &str) -> Option<(&str, u32)> {
    let inner = file.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (rest, nanos) = inner.rsplit_once('.')?;
    let (name, pid) = rest.rsplit_once('.')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if name.is_empty() || !digits(nanos) || !digits(pid) {
        return None;
    }
    Some((name, pid.parse().ok()?))
}

/// Is process `pid` gone? (`false` when it cannot be told.)
fn process_gone(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    if pid <= 0 {
        return false;
    }
    !crate::sys::signal(pid, 0) && io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
}

/// Removes the temporary files a killed save left in `dir`: only ours
/// (`.{name}.{pid}.{nanos}.tmp` where `ours(name)` says the record is ours),
/// and only those no live save is writing: older than [`STALE_TEMP_AGE`], or
/// the process named in it has ended and no other client has the record
/// open (the record's lock: a client that holds it may be saving now, even
/// one whose process id this one cannot see). The lock files nobody holds
/// any more (left by a client killed) go too. Returns how many temporary
/// files were removed.
pub fn remove_stale_temps(dir: &Path, ours: impl Fn(&str) -> bool) -> usize {
    use super::lock::{RecordLock, parse_lock_name};
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let me = std::process::id();
    let mut removed = 0;
    let mut open_elsewhere = std::collections::HashMap::new();
    let mut locks = Vec::new();
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(file) = file.to_str() else { continue };
        if let Some(name) = parse_lock_name(file).filter(|n| ours(n)) {
            locks.push(dir.join(name));
            continue;
        }
        let Some((name, pid)) = parse_temp_name(file) else {
            continue;
        };
        if !ours(name) {
            continue;
        }
        let Ok(meta) = entry.metadata() else { continue };
        if !meta.is_file() {
            continue;
        }
        let old = meta
            .modified()
            .ok()
            .and_then(|m| m.elapsed().ok())
            .is_some_and(|age| age > STALE_TEMP_AGE);
        let orphan = pid != me
            && process_gone(pid)
            && !*open_elsewhere
                .entry(name.to_string())
                .or_insert_with(|| RecordLock::open_elsewhere(&dir.join(name)));
        if (old || orphan) && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    for record in locks {
        if !RecordLock::held_here(&record) {
            // Taken, it is nobody's: dropped, it is removed.
            drop(RecordLock::try_lock(&record));
        }
    }
    removed
}

/// Removes every temporary file a save of `path` left (`.{name}.*.tmp`,
/// whatever process wrote it). Only for a file whose every writer holds a
/// lock the caller holds now (the statistics, the lessons' progress): no
/// save of it is under way, so every temporary file is a killed one's.
pub fn remove_temps_of_locked(path: &Path) -> usize {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return 0;
    };
    let dir = parent_dir(path);
    let Ok(entries) = fs::read_dir(&dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let file = entry.file_name();
        let ours = file
            .to_str()
            .and_then(parse_temp_name)
            .is_some_and(|(n, _)| n == name);
        if ours
            && entry.file_type().is_ok_and(|t| t.is_file())
            && fs::remove_file(entry.path()).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

/// Is `name` a record name of the data folder, `game-....json`?
pub fn is_data_record_name(name: &str) -> bool {
    name.starts_with("game-") && name.ends_with(".json")
}

/// The data folder that cannot be found or made: the variable that
/// chose it is named, so the player knows which one to fix.
#[derive(Debug, thiserror::Error)]
pub enum DataDirError {
    #[error("no data folder: neither HOME nor XDG_DATA_HOME is set")]
    NoHome,
    /// XDG_DATA_HOME is not an absolute path (ignored, as the XDG
    /// specification asks), and HOME is not set.
    #[error("no data folder: XDG_DATA_HOME is not an absolute path ({}), and HOME is not set", .0.display())]
    RelativeXdg(PathBuf),
    #[error("cannot create the data folder {} (set by {var}): {}", dir.display(), io_reason(error))]
    Create {
        dir: PathBuf,
        var: &'static str,
        error: io::Error,
    },
}

/// The variable the data folder comes from: XDG_DATA_HOME when it is an
/// absolute path, else HOME.
fn data_dir_var() -> &'static str {
    let xdg = std::env::var_os("XDG_DATA_HOME").map(PathBuf::from);
    if xdg.is_some_and(|p| p.is_absolute()) {
        "XDG_DATA_HOME"
    } else {
        "HOME"
    }
}

/// The folder of saved games: `$XDG_DATA_HOME/masai-mancala` or
/// `~/.local/share/masai-mancala` (a relative `XDG_DATA_HOME` is ignored,
/// as the XDG specification asks).
pub fn data_dir() -> Result<PathBuf, DataDirError> {
    let set = std::env::var_os("XDG_DATA_HOME").map(PathBuf::from);
    let xdg = set.clone().filter(|p| p.is_absolute());
    let base = match xdg {
        Some(p) => p,
        None => PathBuf::from(
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .ok_or_else(|| match set.filter(|p| !p.as_os_str().is_empty()) {
                    Some(relative) => DataDirError::RelativeXdg(relative),
                    None => DataDirError::NoHome,
                })?,
        )
        .join(".local")
        .join("share"),
    };
    Ok(base.join("masai-mancala"))
}

/// The data folder, created if needed, with the temporary files of killed
/// saves removed. The error says which folder, from which variable, and why.
pub fn open_data_dir() -> Result<PathBuf, DataDirError> {
    let dir = data_dir()?;
    if let Err(error) = fs::create_dir_all(&dir) {
        let var = data_dir_var();
        return Err(DataDirError::Create { dir, var, error });
    }
    remove_stale_temps(&dir, is_data_record_name);
    Ok(dir)
}

/// A file or folder that cannot be made, opened, locked or written:
/// "PATH: reason".
#[derive(Debug, thiserror::Error)]
#[error("{}: {}", path.display(), io_reason(error))]
pub struct FileIoError {
    pub path: PathBuf,
    pub error: io::Error,
}

impl FileIoError {
    /// The error of an operation on `path`.
    pub fn at(path: &Path) -> impl FnOnce(io::Error) -> FileIoError + '_ {
        |error| FileIoError {
            path: path.to_path_buf(),
            error,
        }
    }
}

/// An I/O error's reason without Rust's "(os error N)".
pub fn io_reason(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// A fresh file name for a new game in the data folder, as
/// [`new_save_path`], with its lock taken at once: another client starting
/// in the same second takes the next name (its lock is busy), and nobody
/// opens the game while this client has it. `None`: the lock could not be
/// taken here (the game is saved unlocked).
pub fn claim_new_path(dir: &Path) -> (PathBuf, Option<super::lock::RecordLock>) {
    use super::lock::{LockError, RecordLock};
    let first = new_save_path(dir);
    let mut last = first.clone();
    for k in 1..10_000 {
        let path = with_suffix(&first, k);
        if path.exists() {
            continue;
        }
        last = path.clone();
        match RecordLock::try_lock(&path) {
            // Made meanwhile by a client that does not lock: the next name.
            Ok(_) if path.exists() => continue,
            Ok(lock) => return (path, Some(lock)),
            Err(LockError::Busy) => continue,
            Err(LockError::Unavailable(_)) => return (path, None),
        }
    }
    (last, None)
}

/// A fresh file name for a new game in the data folder: `game-YYYYMMDD-HHMMSS.json`
/// (UTC), with a suffix if that exists. Another copy of the program may take
/// it before the first save: save there with [`write_new`].
pub fn new_save_path(dir: &Path) -> PathBuf {
    let secs = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let stamp = utc_stamp(secs);
    let mut path = dir.join(format!("game-{stamp}.json"));
    let mut k = 2;
    while path.exists() {
        path = dir.join(format!("game-{stamp}-{k}.json"));
        k += 1;
    }
    path
}

/// `YYYYMMDD-HHMMSS` of a Unix time (UTC).
pub fn utc_stamp(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// The command that continues the game saved at `path`, for the player to
/// copy: `masai-mancala resume /abs/path.json`, the path quoted for a POSIX
/// shell when it needs it.
pub fn resume_command(path: &Path) -> String {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    format!(
        "masai-mancala resume {}",
        shell_word(&abs.to_string_lossy())
    )
}

/// `s` as one word of a POSIX shell: as it is when plain, else in single quotes.
pub fn shell_word(s: &str) -> String {
    let plain = !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_./,:+=@%-".contains(&b));
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// A saved game in the data folder.
#[derive(Clone, Debug)]
pub struct SavedGame {
    pub path: PathBuf,
    pub modified: SystemTime,
    /// "Enkeshui 2x8, turn 14, South human v North ai" or the load error.
    pub summary: String,
    pub finished: bool,
    /// The record loads and checks (a long one: its header reads).
    pub ok: bool,
}

/// The records of a folder, newest first. Files that do not load are listed
/// with their error; a record of more than [`LIST_REPLAYS_UP_TO`] decisions
/// from its header alone.
pub fn list_saves(dir: &Path) -> Vec<SavedGame> {
    list_saves_with(dir, &mut |path| Ok::<_, LoadError>(Some(load(path)?))).unwrap_or_default()
}

/// How [`list_saves_with`] loads one record: `Ok(None)` stops the listing;
/// an error is listed as the game's summary.
pub type LoadOne<'a, E> = dyn FnMut(&Path) -> Result<Option<(Record, Checked)>, E> + 'a;

/// [`list_saves`] loading each record with `load` (a long one is read from
/// its header, not loaded); `Ok(None)` from it stops the listing (the
/// client's Esc), and the answer is `None`.
pub fn list_saves_with<E: std::fmt::Display>(
    dir: &Path,
    load: &mut LoadOne<E>,
) -> Option<Vec<SavedGame>> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Some(Vec::new());
    };
    let paths = entries.flatten().map(|e| e.path()).filter(|p| {
        p.extension().is_some_and(|x| x == "json")
            && !p
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
    });
    let mut out = Vec::new();
    for path in paths {
        let modified = fs::metadata(&path)
            .and_then(|m| m.modified())
            .unwrap_or(SystemTime::UNIX_EPOCH);
        let header = read_header(&path).filter(|h| h.decisions > LIST_REPLAYS_UP_TO);
        let (summary, finished, ok) = match header {
            Some(h) => (header::summary(&h), header::finished(&h), true),
            None => match load(&path) {
                Ok(None) => return None,
                Ok(Some((record, checked))) => {
                    (summary(&record, &checked), checked.is_finished(), true)
                }
                Err(e) => (e.to_string(), false, false),
            },
        };
        out.push(SavedGame {
            path,
            modified,
            summary,
            finished,
            ok,
        });
    }
    out.sort_by(|a, b| b.modified.cmp(&a.modified).then(b.path.cmp(&a.path)));
    Some(out)
}

/// The newest unfinished game that loads (a long record: whose header
/// reads; loading it says what is wrong).
pub fn last_unfinished(dir: &Path) -> Option<PathBuf> {
    list_saves(dir)
        .into_iter()
        .find(|s| s.ok && !s.finished)
        .map(|s| s.path)
}

/// One line about a record: game, size, where it stands, seats.
pub fn summary(record: &Record, checked: &Checked) -> String {
    let mut s = record.kind().title().to_string();
    if let Some(h) = record.variant().holes() {
        s.push_str(&format!(" 2x{h}"));
    }
    if record.is_match() {
        s.push_str(&format!(", match game {}", checked.games.len()));
    }
    let end = &checked.last().end;
    match end.status() {
        crate::engine::Status::Over(o) => {
            s.push_str(&format!(", over {}-{}", o.score.south, o.score.north))
        }
        crate::engine::Status::Playing => s.push_str(&format!(", turn {}", end.turn())),
    }
    s.push_str(&format!(
        ", South {} v North {}",
        record.seats.south, record.seats.north
    ));
    s
}

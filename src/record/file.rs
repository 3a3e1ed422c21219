//! Records on disk: loading with one-line errors that name the file, atomic
//! saving that never clobbers a file of another program, and the data folder
//! where the client keeps its saved games.

use super::{Checked, FORMAT, Record};
use serde_json::Value;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Records larger than this are refused before reading (no record comes near it).
pub const MAX_BYTES: u64 = 64 << 20;

/// Reads, checks and replays a record file. The error is one line naming the
/// file and the field or decision at fault.
pub fn load(path: &Path) -> Result<(Record, Checked), String> {
    let record = read_record(path)?;
    let checked = record
        .check()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((record, checked))
}

/// Reads a record file's fields without replaying it (`Record::check` does).
pub fn read_record(path: &Path) -> Result<Record, String> {
    let name = path.display();
    let text = read_text(path).map_err(|e| format!("{name}: {e}"))?;
    let value = parse_json(&text).map_err(|e| format!("{name}: {e}"))?;
    Record::parse(&value).map_err(|e| format!("{name}: {e}"))
}

fn read_text(path: &Path) -> Result<String, String> {
    let meta = fs::metadata(path).map_err(|e| io_message(&e))?;
    if meta.is_dir() {
        return Err("is a folder, not a record".into());
    }
    if meta.len() > MAX_BYTES {
        return Err(format!(
            "{} bytes: too large for a record (at most {MAX_BYTES})",
            meta.len()
        ));
    }
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|f| f.take(MAX_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| io_message(&e))?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "not JSON: not text (invalid UTF-8 at byte {})",
            e.utf8_error().valid_up_to()
        )
    })
}

fn io_message(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => format!("cannot read: {e}"),
    }
}

/// JSON with the syntax error on one line; a JSON that stops early is "truncated".
pub fn parse_json(text: &str) -> Result<Value, String> {
    if text.trim().is_empty() {
        return Err("empty file: not a record".into());
    }
    serde_json::from_str(text).map_err(|e| {
        if e.is_eof() {
            format!(
                "truncated: the JSON stops at line {} column {}",
                e.line(),
                e.column()
            )
        } else {
            format!("not JSON: {e}")
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

/// May a record be written at `path`? A new path, or a record of this program;
/// another file only with `force`.
pub fn check_target(path: &Path, force: bool) -> Result<(), String> {
    let name = path.display();
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("{name}: {e}")),
        Ok(meta) if meta.is_dir() => return Err(format!("{name}: is a folder")),
        Ok(_) => {
            if !force && !is_record_file(path) {
                return Err(format!(
                    "{name}: exists and is not a masai-mancala record: not overwriting it (--force replaces it)"
                ));
            }
        }
    }
    let dir = parent_dir(path);
    if !dir.is_dir() {
        return Err(format!(
            "{name}: the folder {} does not exist",
            dir.display()
        ));
    }
    Ok(())
}

/// Saves a record atomically (see [`write_atomic`]), refusing to replace a
/// file that is not a record unless `force`.
pub fn save(path: &Path, record: &Record, force: bool) -> Result<(), String> {
    check_target(path, force)?;
    write_atomic(path, record.to_text().as_bytes(), || Ok(()))
        .map_err(|e| format!("{}: cannot save: {e}", path.display()))
}

fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Writes `bytes` to a temporary file in the same folder, flushes and syncs
/// it, calls `before_rename` (tests inject failures there), then renames it
/// over `path` and syncs the folder. Whatever happens, `path` holds either its
/// old content or all of the new; a failure removes the temporary file.
pub fn write_atomic(
    path: &Path,
    bytes: &[u8],
    before_rename: impl FnOnce() -> io::Result<()>,
) -> io::Result<()> {
    let dir = parent_dir(path);
    let file_name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?
        .to_string_lossy()
        .into_owned();
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let tmp = dir.join(format!(".{file_name}.{}.{nanos}.tmp", std::process::id()));
    let result = (|| {
        let mut f = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        f.write_all(bytes)?;
        f.flush()?;
        f.sync_all()?;
        drop(f);
        before_rename()?;
        fs::rename(&tmp, path)?;
        if let Ok(d) = File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The folder of saved games: `$XDG_DATA_HOME/masai-mancala` or
/// `~/.local/share/masai-mancala`. `None` when neither variable is set.
pub fn data_dir() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    let base = match xdg {
        Some(p) => p,
        None => PathBuf::from(std::env::var_os("HOME").filter(|h| !h.is_empty())?)
            .join(".local")
            .join("share"),
    };
    Some(base.join("masai-mancala"))
}

/// A fresh file name for a new game in the data folder: `game-YYYYMMDD-HHMMSS.json`
/// (UTC), with a suffix if that exists.
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

/// A saved game in the data folder.
#[derive(Clone, Debug)]
pub struct SavedGame {
    pub path: PathBuf,
    pub modified: SystemTime,
    /// "Enkeshui 2x8, turn 14, South human v North ai" or the load error.
    pub summary: String,
    pub finished: bool,
    /// The record loads and checks.
    pub ok: bool,
}

/// The records of a folder, newest first. Files that do not load are listed with their error.
pub fn list_saves(dir: &Path) -> Vec<SavedGame> {
    list_saves_with(dir, &mut |path| load(path).map(Some)).unwrap_or_default()
}

/// How [`list_saves_with`] loads one record: `Ok(None)` stops the listing.
pub type LoadOne<'a> = dyn FnMut(&Path) -> Result<Option<(Record, Checked)>, String> + 'a;

/// [`list_saves`] loading each record with `load`; `Ok(None)` from it
/// stops the listing (the client's Esc), and the answer is `None`.
pub fn list_saves_with(dir: &Path, load: &mut LoadOne) -> Option<Vec<SavedGame>> {
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
        out.push(match load(&path) {
            Ok(None) => return None,
            Ok(Some((record, checked))) => SavedGame {
                summary: summary(&record, &checked),
                finished: checked.is_finished(),
                ok: true,
                path,
                modified,
            },
            Err(e) => SavedGame {
                summary: e,
                finished: false,
                ok: false,
                path,
                modified,
            },
        });
    }
    out.sort_by(|a, b| b.modified.cmp(&a.modified).then(b.path.cmp(&a.path)));
    Some(out)
}

/// The newest unfinished game that loads.
pub fn last_unfinished(dir: &Path) -> Option<PathBuf> {
    list_saves(dir)
        .into_iter()
        .find(|s| s.ok && !s.finished)
        .map(|s| s.path)
}

/// One line about a record: game, size, where it stands, seats.
pub fn summary(record: &Record, checked: &Checked) -> String {
    let mut s = record.game.title().to_string();
    if let Some(h) = record.variant.get("holes") {
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

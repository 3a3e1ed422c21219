//! The settings file, `$XDG_CONFIG_HOME/masai-mancala/config.toml`: the
//! defaults a player wants every time. Layers, each over the one before:
//! the built-in defaults, the file, the command line, the environment
//! (`NO_COLOR`). A bad line is reported with its line number and left out,
//! every other setting of the file kept; a file that cannot be read at all
//! gives the built-in defaults. The file is never rewritten.

use crate::ai::{Level, Player};
use crate::cli::Seat;
use crate::keys::{BINDINGS, Key, KeyError, Keymap, binding_name};
use crate::plain::words::Verbosity;
use crate::spelling::did_you_mean;
use crate::theme::Palette;
use Source::File;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// Where a setting's value came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Default,
    /// The settings file, at this line.
    File(usize),
    CommandLine,
    Environment(&'static str),
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Default => f.write_str("default"),
            Source::File(line) => write!(f, "settings file, line {line}"),
            Source::CommandLine => f.write_str("command line"),
            Source::Environment(var) => write!(f, "environment ({var})"),
        }
    }
}

/// A value and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting<T> {
    pub value: T,
    pub source: Source,
}

impl<T> Setting<T> {
    fn default(value: T) -> Self {
        Setting {
            value,
            source: Source::Default,
        }
    }

    fn set(&mut self, value: T, source: Source) {
        self.value = value;
        self.source = source;
    }
}

/// The settings in effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub south: Setting<Seat>,
    pub north: Setting<Seat>,
    /// The level of a seat given as plain `ai`.
    pub level: Setting<Level>,
    /// Milliseconds per seed in the animation.
    pub speed: Setting<u64>,
    /// How fast AI racers drop seeds (None: each AI seat's own level).
    pub race_speed: Setting<Option<Level>>,
    pub ascii: Setting<bool>,
    pub instant: Setting<bool>,
    pub flip: Setting<bool>,
    pub theme: Setting<Palette>,
    /// Colour at all (NO_COLOR turns it off, whatever the theme).
    pub color: Setting<bool>,
    pub enkeshui_holes: Setting<usize>,
    pub en_gehe_holes: Setting<usize>,
    /// The line mode's width (None: 80 columns).
    pub width: Setting<Option<u16>>,
    /// How much the line mode says of a turn (None: normal).
    pub verbosity: Setting<Option<Verbosity>>,
    /// The bindings in effect, and the line of the file that set each entry
    /// of `BINDINGS` (None: the default).
    pub keys: Keymap,
    pub key_lines: Vec<Option<usize>>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            south: Setting::default(Seat::Human),
            north: Setting::default(Seat::AI),
            level: Setting::default(Level::Medium),
            speed: Setting::default(90),
            race_speed: Setting::default(None),
            ascii: Setting::default(false),
            instant: Setting::default(false),
            flip: Setting::default(false),
            theme: Setting::default(Palette::Dark),
            color: Setting::default(true),
            enkeshui_holes: Setting::default(8),
            en_gehe_holes: Setting::default(crate::engine::en_gehe::DEFAULT_HOLES),
            width: Setting::default(None),
            verbosity: Setting::default(None),
            keys: Keymap::default(),
            key_lines: vec![None; BINDINGS.len()],
        }
    }
}

/// Every key the file may have, for "did you mean".
const KEYS: &[&str] = &[
    "south",
    "north",
    "level",
    "speed",
    "race-speed",
    "ascii",
    "instant",
    "flip",
    "theme",
    "colour",
    "enkeshui",
    "en-gehe",
    "keys",
    "holes",
    "width",
    "verbosity",
];

pub use crate::limits::MAX_SPEED_MS;

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The path of the settings file: `$XDG_CONFIG_HOME/masai-mancala/config.toml`,
/// or `~/.config/masai-mancala/config.toml` (a relative `XDG_CONFIG_HOME` is
/// ignored, as the XDG specification asks). Without HOME there is none: the
/// home of the passwd entry is not the one the player's environment chose
/// (the data folder does the same).
pub fn path() -> Result<PathBuf, NoHome> {
    let xdg = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    let base = match xdg {
        Some(p) => p,
        None => PathBuf::from(
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .ok_or(NoHome)?,
        )
        .join(".config"),
    };
    Ok(base.join("masai-mancala").join("config.toml"))
}

/// There is no settings folder to read from (or write to).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no settings folder: HOME is not set")]
pub struct NoHome;

/// What is wrong with one setting of the file (its line is in [`LineFault`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// The TOML itself is broken (the parser's words, on one line).
    #[error("{0}")]
    Syntax(String),
    /// The same, found only on a later line.
    #[error("{what} (found on line {found})")]
    SyntaxFoundLater { what: String, found: usize },
    /// A key the file may not have; `hint` is " (did you mean 'x'?)" or "".
    #[error("unknown key '{key}'{hint}")]
    UnknownKey { key: String, hint: String },
    /// A whole number past what fits.
    #[error("{what} {number}: too large")]
    TooLarge { what: String, number: String },
    /// Not a whole number (`kind`: what it is).
    #[error("{what}: a whole number, not {kind}")]
    NotWhole { what: String, kind: &'static str },
    /// Not text in quotes.
    #[error("{what}: text in quotes, not {kind}")]
    NotText { what: String, kind: &'static str },
    /// Not true or false.
    #[error("{what}: true or false, not {kind}")]
    NotBoolean { what: String, kind: &'static str },
    /// A level (`level`, `race-speed`) that is none of the four.
    #[error("{what} '{word}': easy, medium, hard or expert")]
    Level { what: &'static str, word: String },
    /// A seat (`south`, `north`) the command line would refuse too.
    #[error(transparent)]
    Seat(#[from] crate::cli::ValueError),
    /// An animation speed out of range.
    #[error("speed {0}: milliseconds per seed, 1 to {MAX_SPEED_MS}")]
    Speed(i64),
    /// A line-mode width out of range.
    #[error("width {0}: columns of the line mode, 20 to 80")]
    Width(i64),
    /// A verbosity that is none of the three.
    #[error("verbosity '{0}': brief, normal or full")]
    Verbosity(String),
    /// A theme that is none of the four.
    #[error("theme '{0}': dark, light, high-contrast or high-contrast-light")]
    Theme(String),
    /// `enkeshui` or `en-gehe` that is not a table.
    #[error("{game}: a table ([{game}] then holes = N), not {kind}")]
    NotGameTable { game: String, kind: &'static str },
    /// An Enkeshui board size not played without --layout.
    #[error("enkeshui holes {0}: 8, 10 or 12 (other sizes need --layout)")]
    EnkeshuiHoles(i64),
    /// An En Gehé board size out of range.
    #[error("en-gehe holes {holes}: {lo} to {hi} (40 to 50 are traditional)")]
    EnGeheHoles { holes: i64, lo: i64, hi: i64 },
    /// `keys` that is not a table.
    #[error("keys: a table ([keys] then ACTION = KEYS), not {0}")]
    NotKeysTable(&'static str),
    /// A binding whose list holds something other than text.
    #[error("{action}: keys are text in quotes, not {kind}")]
    KeysNotText { action: String, kind: &'static str },
    /// A binding that is neither a key nor a list of keys.
    #[error("{action}: a key or a list of keys, not {kind}")]
    NotKeys { action: String, kind: &'static str },
    /// A binding with a word that is not a key.
    #[error("{action}: {key}")]
    BadKey { action: String, key: KeyError },
    /// A binding the keymap refuses (unknown action, Ctrl-c).
    #[error(transparent)]
    Rebind(KeyError),
    /// Two actions of one screen on one key.
    #[error("{0}")]
    Conflict(String),
}

/// A fault with its line ("line N: what"; line 0: no line known).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineFault {
    pub line: usize,
    pub fault: Fault,
}

impl std::fmt::Display for LineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.fault)
        } else {
            write!(f, "line {}: {}", self.line, self.fault)
        }
    }
}

/// Every fault of a settings text, one a line, in line order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SettingsError(pub Vec<LineFault>);

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

/// Largest settings file read (a settings file is a few hundred bytes).
const MAX_BYTES: u64 = 256 * 1024;

/// What is wrong with the settings file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// It cannot be read at all ("FILE: why"): every setting is the default.
    Unreadable(String),
    /// These settings are ignored ("FILE: line N: what"), each with its
    /// line; every other setting of the file is in effect.
    Lines(Vec<String>),
}

impl Problem {
    /// What the program does about it.
    pub fn outcome(&self) -> &'static str {
        match self {
            Problem::Unreadable(_) => "the program runs on the default settings",
            Problem::Lines(l) if l.len() == 1 => {
                "that line is ignored, the rest of the file is in effect"
            }
            Problem::Lines(_) => "these lines are ignored, the rest of the file is in effect",
        }
    }

    /// One message a line, the last followed by `; OUTCOME` and `more`
    /// ("" or " (the file is left as it is)"), each safe for a terminal.
    pub fn messages(&self, more: &str) -> Vec<String> {
        let mut out: Vec<String> = match self {
            Problem::Unreadable(p) => vec![p.clone()],
            Problem::Lines(l) => l.clone(),
        };
        if let Some(last) = out.last_mut() {
            last.push_str(&format!("; {}{more}", self.outcome()));
        }
        out.iter()
            .map(|m| crate::text::one_line(m, crate::text::MAX_LINE_CHARS))
            .collect()
    }
}

/// The errors of a file being read, each "line N: what", in line order.
struct Errors<'t> {
    text: &'t str,
    list: Vec<(usize, Fault)>,
}

impl Errors<'_> {
    fn line(&self, span: std::ops::Range<usize>) -> usize {
        line_of(self.text, span.start)
    }

    fn add(&mut self, span: std::ops::Range<usize>, msg: Fault) {
        let line = self.line(span);
        self.list.push((line, msg));
    }
}

/// A value's kind, in a message.
fn kind(v: &DeValue) -> &'static str {
    match v {
        DeValue::String(_) => "text",
        DeValue::Integer(_) => "a whole number",
        DeValue::Float(_) => "a decimal number",
        DeValue::Boolean(_) => "true or false",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "a list",
        DeValue::Table(_) => "a table",
    }
}

/// The whole number of a value, or what is wrong (`what`: what it sets).
fn integer(v: &DeValue, what: &str) -> Result<i64, Fault> {
    match v {
        DeValue::Integer(i) => {
            i64::from_str_radix(i.as_str(), i.radix()).map_err(|_| Fault::TooLarge {
                what: what.to_string(),
                number: crate::text::excerpt(i.as_str()).to_string(),
            })
        }
        other => Err(Fault::NotWhole {
            what: what.to_string(),
            kind: kind(other),
        }),
    }
}

fn string<'v>(v: &'v DeValue, what: &str) -> Result<&'v str, Fault> {
    match v {
        DeValue::String(s) => Ok(s),
        other => Err(Fault::NotText {
            what: what.to_string(),
            kind: kind(other),
        }),
    }
}

fn boolean(v: &DeValue, what: &str) -> Result<bool, Fault> {
    match v {
        DeValue::Boolean(b) => Ok(*b),
        other => Err(Fault::NotBoolean {
            what: what.to_string(),
            kind: kind(other),
        }),
    }
}

/// "unknown key 'x' (did you mean 'y'?)".
fn unknown_key(key: &str) -> Fault {
    let hint = did_you_mean(key, KEYS.iter().copied())
        .map(|k| format!(" (did you mean '{k}'?)"))
        .unwrap_or_default();
    Fault::UnknownKey {
        key: crate::text::excerpt(key).to_string(),
        hint,
    }
}

/// Syntax errors looked at one by one (past these, the parser's own recovery).
const MAX_SYNTAX_ERRORS: usize = 20;

/// How far above a syntax error its cause is looked for (an unclosed list
/// is found wrong only on a later line).
const CAUSE_LINES: usize = 10;

/// `text` with each line that breaks the TOML blanked out (spaces: every
/// other line keeps its place), so one bad line loses only itself; each
/// goes into `errors` with its line. The line blanked is the one of the
/// error, or the line above it whose blanking leaves the fewest errors.
fn without_bad_lines(text: &str, errors: &mut Vec<(usize, Fault)>) -> String {
    let mut text = text.to_string();
    let count = |t: &str| DeTable::parse_recoverable(t).1.len();
    for _ in 0..MAX_SYNTAX_ERRORS {
        let (_, found) = DeTable::parse_recoverable(&text);
        let Some(first) = found.first() else { break };
        let Some(span) = first.span() else { break };
        let at = line_of(&text, span.start);
        let (best, _) = (at.saturating_sub(CAUSE_LINES).max(1)..=at)
            .map(|l| (l, count(&blank_line(&text, l))))
            .min_by_key(|&(l, n)| (n, std::cmp::Reverse(l)))
            .unwrap_or((at, 0));
        let msg = explain(first.message());
        errors.push(if best == at {
            (at, Fault::Syntax(msg))
        } else {
            (
                best,
                Fault::SyntaxFoundLater {
                    what: msg,
                    found: at,
                },
            )
        });
        text = blank_line(&text, best);
    }
    text
}

/// `text` with its line `n` (1-based) made of spaces.
fn blank_line(text: &str, n: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if i + 1 == n {
            let body = line.trim_end_matches(['\n', '\r']);
            out.extend(std::iter::repeat_n(' ', body.len()));
            out.push_str(&line[body.len()..]);
        } else {
            out.push_str(line);
        }
    }
    out
}

type Entry<'a, 'i> = (
    &'a Spanned<std::borrow::Cow<'i, str>>,
    &'a Spanned<DeValue<'i>>,
);

impl Settings {
    /// The settings of `path`: the defaults when it does not exist. A file
    /// that cannot be read gives the defaults; a bad line is left out and
    /// every other setting kept. Either way, what is wrong, with the file's
    /// name ("FILE: line N: what").
    pub fn load(path: &Path) -> (Settings, Option<Problem>) {
        let shown = path.display();
        let meta = match std::fs::symlink_metadata(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Settings::default(), None);
            }
            other => other,
        };
        // A link to nothing: said as such, not as "no such file".
        if meta.is_ok_and(|m| m.file_type().is_symlink())
            && std::fs::metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound)
        {
            let target = std::fs::read_link(path)
                .map(|t| t.display().to_string())
                .unwrap_or_default();
            return (
                Settings::default(),
                Some(Problem::Unreadable(format!(
                    "{shown}: a link to {target}, which does not exist"
                ))),
            );
        }
        let text = match crate::record::file::read_regular_as(
            path,
            MAX_BYTES,
            "a settings file",
            "TOML",
        ) {
            Ok(t) => t,
            Err(e) => {
                return (
                    Settings::default(),
                    Some(Problem::Unreadable(format!("{shown}: {e}"))),
                );
            }
        };
        let (settings, errors) = Settings::read(&text);
        let problem = (!errors.is_empty())
            .then(|| Problem::Lines(errors.iter().map(|e| format!("{shown}: {e}")).collect()));
        (settings, problem)
    }

    /// Reads the text of a settings file over the defaults; every error is
    /// "line N: what is wrong", one a line, and refuses the whole file.
    pub fn parse(text: &str) -> Result<Settings, SettingsError> {
        let (s, errors) = Settings::read(text);
        if errors.is_empty() {
            Ok(s)
        } else {
            Err(SettingsError(errors))
        }
    }

    /// Reads the text of a settings file over the defaults, keeping every
    /// setting that is right: the others are left out, each with its error
    /// ("line N: what is wrong"), in the order of the lines.
    pub fn read(text: &str) -> (Settings, Vec<LineFault>) {
        let mut errors = Errors {
            text,
            list: Vec::new(),
        };
        let clean = without_bad_lines(text, &mut errors.list);
        let (doc, syntax) = DeTable::parse_recoverable(&clean);
        for e in syntax {
            let msg = Fault::Syntax(explain(e.message()));
            match e.span() {
                Some(span) => errors.add(span, msg),
                None => errors.list.push((0, msg)),
            }
        }
        let mut s = Settings::default();
        // The top-level keys, read in an order where each may use the ones before.
        let mut found: BTreeMap<&str, Entry> = BTreeMap::new();
        for (k, v) in doc.get_ref().iter() {
            if KEYS.contains(&k.get_ref().as_ref()) && k.get_ref() != "holes" {
                found.insert(k.get_ref(), (k, v));
            } else {
                errors.add(k.span(), unknown_key(k.get_ref()));
            }
        }
        s.read_values(&found, &mut errors);
        for (game, name) in [("enkeshui", "enkeshui"), ("en-gehe", "en-gehe")] {
            if let Some((_, v)) = found.get(game) {
                s.read_game(name, v, &mut errors);
            }
        }
        if let Some((_, v)) = found.get("keys") {
            s.read_keys(v, &mut errors);
        }
        errors.list.sort_by_key(|(line, _)| *line);
        let list = errors
            .list
            .into_iter()
            .map(|(line, fault)| LineFault { line, fault })
            .collect();
        (s, list)
    }

    /// The settings of the top level (not the games' tables, not the keys).
    fn read_values(&mut self, found: &BTreeMap<&str, Entry>, errors: &mut Errors) {
        let get = |k: &str| found.get(k).map(|(_, v)| *v);
        let levels = |what: &'static str, v: &Spanned<DeValue>| -> Result<Level, Fault> {
            let word = string(v.get_ref(), what)?;
            Level::parse(word).ok_or_else(|| Fault::Level {
                what,
                word: crate::text::excerpt(word).to_string(),
            })
        };
        if let Some(v) = get("level") {
            match levels("level", v) {
                Ok(level) => self.level.set(level, File(errors.line(v.span()))),
                Err(e) => errors.add(v.span(), e),
            }
        }
        // A plain `ai` seat plays at the level set.
        let level = self.level.value;
        self.north.value = Seat::Ai(Player::Level(level));
        for id in ["south", "north"] {
            let Some(v) = get(id) else { continue };
            let parsed = string(v.get_ref(), id).and_then(|word| {
                if word == "ai" {
                    Ok(Seat::Ai(Player::Level(level)))
                } else {
                    Ok(word
                        .parse::<Seat>()
                        .map_err(|crate::cli::BadSeat(s)| crate::cli::ValueError::Seat(s))?)
                }
            });
            let seat = if id == "south" {
                &mut self.south
            } else {
                &mut self.north
            };
            match parsed {
                Ok(p) => seat.set(p, File(errors.line(v.span()))),
                Err(e) => errors.add(v.span(), e),
            }
        }
        if let Some(v) = get("speed") {
            match integer(v.get_ref(), "speed") {
                Ok(ms) if (1..=MAX_SPEED_MS as i64).contains(&ms) => {
                    self.speed.set(ms as u64, File(errors.line(v.span())));
                }
                Ok(ms) => errors.add(v.span(), Fault::Speed(ms)),
                Err(e) => errors.add(v.span(), e),
            }
        }
        if let Some(v) = get("race-speed") {
            match levels("race-speed", v) {
                Ok(l) => self.race_speed.set(Some(l), File(errors.line(v.span()))),
                Err(e) => errors.add(v.span(), e),
            }
        }
        for id in ["ascii", "instant", "flip", "colour"] {
            let Some(v) = get(id) else { continue };
            let setting = match id {
                "ascii" => &mut self.ascii,
                "instant" => &mut self.instant,
                "flip" => &mut self.flip,
                _ => &mut self.color,
            };
            match boolean(v.get_ref(), id) {
                Ok(b) => setting.set(b, File(errors.line(v.span()))),
                Err(e) => errors.add(v.span(), e),
            }
        }
        if let Some(v) = get("width") {
            match integer(v.get_ref(), "width") {
                Ok(n) if (20..=80).contains(&n) => {
                    self.width.set(Some(n as u16), File(errors.line(v.span())));
                }
                Ok(n) => errors.add(v.span(), Fault::Width(n)),
                Err(e) => errors.add(v.span(), e),
            }
        }
        if let Some(v) = get("verbosity") {
            let parsed = string(v.get_ref(), "verbosity").and_then(|word| {
                Verbosity::parse(word)
                    .ok_or_else(|| Fault::Verbosity(crate::text::excerpt(word).to_string()))
            });
            match parsed {
                Ok(b) => self.verbosity.set(Some(b), File(errors.line(v.span()))),
                Err(e) => errors.add(v.span(), e),
            }
        }
        if let Some(v) = get("theme") {
            let p = string(v.get_ref(), "theme").and_then(|word| {
                Palette::parse(word)
                    .ok_or_else(|| Fault::Theme(crate::text::excerpt(word).to_string()))
            });
            match p {
                Ok(p) => self.theme.set(p, File(errors.line(v.span()))),
                Err(e) => errors.add(v.span(), e),
            }
        }
    }

    /// `[enkeshui]` or `[en-gehe]`: its `holes`.
    fn read_game(&mut self, game: &str, v: &Spanned<DeValue>, errors: &mut Errors) {
        let DeValue::Table(t) = v.get_ref() else {
            errors.add(
                v.span(),
                Fault::NotGameTable {
                    game: game.to_string(),
                    kind: kind(v.get_ref()),
                },
            );
            return;
        };
        for (k, h) in t.iter() {
            if k.get_ref() != "holes" {
                errors.add(k.span(), unknown_key(k.get_ref()));
                continue;
            }
            let n = match integer(h.get_ref(), &format!("{game} holes")) {
                Ok(n) => n,
                Err(e) => {
                    errors.add(h.span(), e);
                    continue;
                }
            };
            let at = File(errors.line(h.span()));
            if game == "enkeshui" {
                if [8, 10, 12].contains(&n) {
                    self.enkeshui_holes.set(n as usize, at);
                } else {
                    errors.add(h.span(), Fault::EnkeshuiHoles(n));
                }
            } else {
                let (lo, hi) = (
                    crate::engine::en_gehe::MIN_HOLES as i64,
                    crate::engine::en_gehe::MAX_HOLES as i64,
                );
                if (lo..=hi).contains(&n) {
                    self.en_gehe_holes.set(n as usize, at);
                } else {
                    errors.add(h.span(), Fault::EnGeheHoles { holes: n, lo, hi });
                }
            }
        }
    }

    /// `[keys]`: applied in the file's order; an entry that is wrong or
    /// makes a conflict is left out (the bindings stay as before it).
    fn read_keys(&mut self, v: &Spanned<DeValue>, errors: &mut Errors) {
        let DeValue::Table(t) = v.get_ref() else {
            errors.add(v.span(), Fault::NotKeysTable(kind(v.get_ref())));
            return;
        };
        let mut entries: Vec<_> = t.iter().collect();
        entries.sort_by_key(|(name, _)| name.span().start);
        for (name, keys) in entries {
            let line = errors.line(name.span());
            let name = name.get_ref().as_ref();
            let action = || crate::text::excerpt(name).to_string();
            let words: Result<Vec<&str>, Fault> = match keys.get_ref() {
                DeValue::String(k) => Ok(vec![k.as_ref()]),
                DeValue::Array(ks) => ks
                    .iter()
                    .map(|k| match k.get_ref() {
                        DeValue::String(k) => Ok(k.as_ref()),
                        other => Err(kind(other)),
                    })
                    .collect::<Result<_, _>>()
                    .map_err(|kind| Fault::KeysNotText {
                        action: action(),
                        kind,
                    }),
                other => Err(Fault::NotKeys {
                    action: action(),
                    kind: kind(other),
                }),
            };
            let keys = words.and_then(|words| {
                words
                    .iter()
                    .map(|w| Key::parse(w))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|key| Fault::BadKey {
                        action: action(),
                        key,
                    })
            });
            let before = (self.keys.clone(), self.key_lines.clone());
            let applied = keys.and_then(|keys| {
                self.keys
                    .rebind(name, &keys)
                    .map(|_| ())
                    .map_err(Fault::Rebind)
            });
            if let Err(e) = applied {
                errors.list.push((line, e));
                continue;
            }
            for (i, l) in self.key_lines.iter_mut().enumerate() {
                if before.0.keys(i) != self.keys.keys(i) || l.is_none() && rebinds(name, i) {
                    *l = Some(line);
                }
            }
            if let Some(c) = self.keys.conflict() {
                errors.list.push((line, Fault::Conflict(c)));
                (self.keys, self.key_lines) = before;
            }
        }
    }

    /// What `config --print` shows: each setting, its value and its source.
    pub fn print(&self, file: &str) -> String {
        let mut rows: Vec<(String, String, String)> = Vec::new();
        let mut row = |k: &str, v: String, s: &Source| rows.push((k.into(), v, s.to_string()));
        row("south", self.south.value.name(), &self.south.source);
        row("north", self.north.value.name(), &self.north.source);
        row("level", self.level.value.name().into(), &self.level.source);
        row("speed", self.speed.value.to_string(), &self.speed.source);
        row(
            "race-speed",
            self.race_speed
                .value
                .map_or("each AI seat's level".into(), |l| l.name().into()),
            &self.race_speed.source,
        );
        row("ascii", self.ascii.value.to_string(), &self.ascii.source);
        row(
            "instant",
            self.instant.value.to_string(),
            &self.instant.source,
        );
        row("flip", self.flip.value.to_string(), &self.flip.source);
        row("theme", self.theme.value.name().into(), &self.theme.source);
        row(
            "colour",
            if self.color.value { "on" } else { "off" }.into(),
            &self.color.source,
        );
        row(
            "enkeshui.holes",
            self.enkeshui_holes.value.to_string(),
            &self.enkeshui_holes.source,
        );
        row(
            "en-gehe.holes",
            self.en_gehe_holes.value.to_string(),
            &self.en_gehe_holes.source,
        );
        row(
            "width",
            self.width.value.map_or("80".into(), |n| n.to_string()),
            &self.width.source,
        );
        row(
            "verbosity",
            self.verbosity.value.unwrap_or_default().name().into(),
            &self.verbosity.source,
        );
        for (i, b) in BINDINGS.iter().enumerate() {
            let source = self.key_lines[i].map_or(Source::Default, Source::File);
            row(
                &format!("keys.{}", binding_name(b)),
                self.keys.label(i),
                &source,
            );
        }
        let kw = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
        let vw = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
        let mut out = format!("settings file: {file}\n");
        for (k, v, s) in rows {
            out.push_str(&format!("{k:<kw$}  {v:<vw$}  {s}\n"));
        }
        out
    }
}

/// Whether `name` (`SCREEN.ACTION` or `ACTION`) names entry `i` of BINDINGS.
fn rebinds(name: &str, i: usize) -> bool {
    let b = &BINDINGS[i];
    match name.split_once('.') {
        Some((ctx, action)) => b.ctx.name() == ctx && b.action.name() == action,
        None => b.action.name() == name,
    }
}

/// toml's message on one line.
fn explain(msg: &str) -> String {
    crate::text::one_line(msg.trim(), crate::text::MAX_LINE_CHARS)
}

/// The file `config --edit` creates: every setting, commented out at its default.
pub const TEMPLATE: &str = r#"# masai-mancala settings. Remove the '#' of a line to set it.
# The command line overrides these; NO_COLOR in the environment turns colour off.
# `masai-mancala config --print` shows the settings in effect and where each came from.

# Seats: human, ai (the AI at `level`) or ai:LEVEL (random, greedy, mcts, easy, medium, hard, expert)
# south = "human"
# north = "ai"
# level = "medium"

# Milliseconds per seed in the animation (1 to 5000)
# speed = 90
# How fast AI racers drop seeds in Enkeshui's starting race: easy, medium, hard or expert
# (by default each AI seat's own level)
# race-speed = "medium"

# ascii = false      # draw with ASCII characters only
# instant = false    # no animation
# flip = false       # hot-seat: the player to move sits at the bottom

# The line mode (--plain): columns a line (20 to 80; 40 for a 40-cell braille
# display), and how much a turn says: brief, normal or full (every relay)
# width = 80
# verbosity = "normal"

# Colours: dark, light, high-contrast or high-contrast-light
# theme = "dark"
# colour = true      # false: no colour at all (as NO_COLOR)

# Default size of each game
# [enkeshui]
# holes = 8          # 8, 10 or 12
# [en-gehe]
# holes = 40         # 4 to 50 (40 to 50 are traditional)

# Key bindings: ACTION (every screen) or SCREEN.ACTION = a key or a list of keys.
# Keys: a character, Ctrl-x, 0-9, Up, Down, Left, Right, Enter, Space, Esc, Tab,
# Backspace, PgUp, PgDn, Home, End, Delete, Insert, F1-F12. Two actions on one key
# in one screen are refused. Ctrl-C always quits at once: it cannot be unbound or
# bound to anything else. `config --print` lists every SCREEN.ACTION.
# [keys]
# undo = "z"
# "play.hint" = ["i", "F2"]
"#;

mod layers;
pub use layers::{apply, given_in};
#[cfg(test)]
mod tests;

//! The settings file, `$XDG_CONFIG_HOME/masai-mancala/config.toml`: the
//! defaults a player wants every time. Layers, each over the one before:
//! the built-in defaults, the file, the command line, the environment
//! (`NO_COLOR`). A bad file is reported with its line and never rewritten;
//! the program then runs on the built-in defaults.

use crate::ai::{Level, Player};
use crate::app::keys::{BINDINGS, Key, Keymap, binding_name};
use crate::app::view::theme::Palette;
use crate::cli::{ClientArgs, Seat};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use toml::Spanned;

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
            keys: Keymap::default(),
            key_lines: vec![None; BINDINGS.len()],
        }
    }
}

/// The file as written: every key optional, no other key allowed.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Raw {
    south: Option<Spanned<String>>,
    north: Option<Spanned<String>>,
    level: Option<Spanned<String>>,
    speed: Option<Spanned<i64>>,
    race_speed: Option<Spanned<String>>,
    ascii: Option<Spanned<bool>>,
    instant: Option<Spanned<bool>>,
    flip: Option<Spanned<bool>>,
    theme: Option<Spanned<String>>,
    enkeshui: Option<RawGame>,
    en_gehe: Option<RawGame>,
    keys: Option<BTreeMap<Spanned<String>, Spanned<RawKeys>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGame {
    holes: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawKeys {
    One(String),
    Many(Vec<String>),
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
    "enkeshui",
    "en-gehe",
    "keys",
    "holes",
];

/// Slowest animation the file may ask for (a minute a seed is no animation).
pub const MAX_SPEED_MS: u64 = 5000;

/// The closest of `known` to `word`, if close enough to be a slip.
pub fn did_you_mean<'a>(word: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).clamp(1, 3);
    known
        .map(|k| (strsim::damerau_levenshtein(word, k), k))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

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
/// ignored, as the XDG specification asks).
pub fn path() -> Result<PathBuf, String> {
    use etcetera::BaseStrategy;
    let xdg = etcetera::base_strategy::Xdg::new()
        .map_err(|_| "no settings folder: HOME is not set".to_string())?;
    Ok(xdg.config_dir().join("masai-mancala").join("config.toml"))
}

/// Largest settings file read (a settings file is a few hundred bytes).
const MAX_BYTES: u64 = 256 * 1024;

impl Settings {
    /// The settings of `path`: the defaults when it does not exist; on any
    /// error the defaults too, with the reason ("FILE: line N: what").
    pub fn load(path: &Path) -> (Settings, Option<String>) {
        let text = match std::fs::symlink_metadata(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Settings::default(), None);
            }
            _ => crate::record::file::read_regular(path, MAX_BYTES, "a settings file"),
        };
        let result = text.and_then(|t| Settings::parse(&t));
        match result {
            Ok(s) => (s, None),
            Err(e) => (
                Settings::default(),
                Some(format!("{}: {e}", path.display())),
            ),
        }
    }

    /// Reads the text of a settings file over the defaults. The error is
    /// "line N: what is wrong".
    pub fn parse(text: &str) -> Result<Settings, String> {
        let raw: Raw = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(text, s.start));
            let msg = explain(e.message());
            match line {
                Some(l) => format!("line {l}: {msg}"),
                None => msg,
            }
        })?;
        let mut s = Settings::default();
        let at = |span: std::ops::Range<usize>| Source::File(line_of(text, span.start));
        let err = |span: std::ops::Range<usize>, msg: String| {
            format!("line {}: {msg}", line_of(text, span.start))
        };
        if let Some(v) = raw.level {
            let level = Level::parse(v.get_ref()).ok_or_else(|| {
                err(
                    v.span(),
                    format!(
                        "level '{}': easy, medium, hard or expert",
                        crate::text::excerpt(v.get_ref())
                    ),
                )
            })?;
            s.level.set(level, at(v.span()));
        }
        // A plain `ai` seat plays at the level set.
        let level = s.level.value;
        s.north.value = Seat::Ai(Player::Level(level));
        for (raw_seat, seat) in [(raw.south, &mut s.south), (raw.north, &mut s.north)] {
            if let Some(v) = raw_seat {
                let parsed = if v.get_ref() == "ai" {
                    Seat::Ai(Player::Level(level))
                } else {
                    v.get_ref().parse::<Seat>().map_err(|e| err(v.span(), e))?
                };
                seat.set(parsed, at(v.span()));
            }
        }
        if let Some(v) = raw.speed {
            let ms = *v.get_ref();
            if !(1..=MAX_SPEED_MS as i64).contains(&ms) {
                return Err(err(
                    v.span(),
                    format!("speed {ms}: milliseconds per seed, 1 to {MAX_SPEED_MS}"),
                ));
            }
            s.speed.set(ms as u64, at(v.span()));
        }
        if let Some(v) = raw.race_speed {
            let level = Level::parse(v.get_ref()).ok_or_else(|| {
                err(
                    v.span(),
                    format!(
                        "race-speed '{}': easy, medium, hard or expert",
                        crate::text::excerpt(v.get_ref())
                    ),
                )
            })?;
            s.race_speed.set(Some(level), at(v.span()));
        }
        for (v, setting) in [
            (raw.ascii, &mut s.ascii),
            (raw.instant, &mut s.instant),
            (raw.flip, &mut s.flip),
        ] {
            if let Some(v) = v {
                setting.set(*v.get_ref(), at(v.span()));
            }
        }
        if let Some(v) = raw.theme {
            let p = Palette::parse(v.get_ref()).ok_or_else(|| {
                err(
                    v.span(),
                    format!(
                        "theme '{}': dark, light or high-contrast",
                        crate::text::excerpt(v.get_ref())
                    ),
                )
            })?;
            s.theme.set(p, at(v.span()));
        }
        if let Some(h) = raw.enkeshui.and_then(|g| g.holes) {
            let n = *h.get_ref();
            if ![8, 10, 12].contains(&n) {
                return Err(err(
                    h.span(),
                    format!("enkeshui holes {n}: 8, 10 or 12 (other sizes need --layout)"),
                ));
            }
            s.enkeshui_holes.set(n as usize, at(h.span()));
        }
        if let Some(h) = raw.en_gehe.and_then(|g| g.holes) {
            let n = *h.get_ref();
            let (lo, hi) = (
                crate::engine::en_gehe::MIN_HOLES as i64,
                crate::engine::en_gehe::MAX_HOLES as i64,
            );
            if !(lo..=hi).contains(&n) {
                return Err(err(
                    h.span(),
                    format!("en-gehe holes {n}: {lo} to {hi} (40 to 50 are traditional)"),
                ));
            }
            s.en_gehe_holes.set(n as usize, at(h.span()));
        }
        // Bindings: applied in the file's order, checked for conflicts after.
        let mut entries: Vec<_> = raw.keys.unwrap_or_default().into_iter().collect();
        entries.sort_by_key(|(name, _)| name.span().start);
        for (name, keys) in entries {
            let line = line_of(text, name.span().start);
            let words = match keys.get_ref() {
                RawKeys::One(k) => vec![k.clone()],
                RawKeys::Many(ks) => ks.clone(),
            };
            let keys = words
                .iter()
                .map(|w| Key::parse(w))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("line {line}: {}: {e}", name.get_ref()))?;
            let before = s.keys.clone();
            s.keys
                .rebind(name.get_ref(), &keys)
                .map_err(|e| format!("line {line}: {e}"))?;
            for (i, l) in s.key_lines.iter_mut().enumerate() {
                if before.keys(i) != s.keys.keys(i) || l.is_none() && rebinds(name.get_ref(), i) {
                    *l = Some(line);
                }
            }
            if let Some(c) = s.keys.conflict() {
                return Err(format!("line {line}: {c}"));
            }
        }
        Ok(s)
    }

    /// The environment's word last: NO_COLOR (any non-empty value) turns
    /// colour off whatever the theme.
    pub fn apply_env(&mut self, no_color: Option<&std::ffi::OsStr>) {
        if no_color.is_some_and(|v| !v.is_empty()) {
            self.color.set(false, Source::Environment("NO_COLOR"));
        }
    }

    /// Fills the client's options the command line did not give
    /// (`given(id)`) from the settings, and notes the ones it did give.
    pub fn apply_client(&mut self, args: &mut ClientArgs, given: &dyn Fn(&str) -> Option<String>) {
        let level = self.level.value;
        for (id, seat, setting) in [
            ("south", &mut args.south, &mut self.south),
            ("north", &mut args.north, &mut self.north),
        ] {
            match given(id) {
                // `ai` alone: the AI at the level of the settings.
                Some(raw) => {
                    let value = if raw == "ai" {
                        Seat::Ai(Player::Level(level))
                    } else {
                        *seat
                    };
                    setting.set(value, Source::CommandLine);
                    *seat = value;
                }
                None => *seat = setting.value,
            }
        }
        for (id, flag, setting) in [
            ("ascii", &mut args.ascii, &mut self.ascii),
            ("instant", &mut args.instant, &mut self.instant),
            ("flip", &mut args.flip, &mut self.flip),
        ] {
            if given(id).is_some() {
                setting.set(*flag, Source::CommandLine);
            } else {
                *flag = setting.value;
            }
        }
        if given("speed").is_some() {
            self.speed.set(args.speed, Source::CommandLine);
        } else {
            args.speed = self.speed.value;
        }
        match args.theme {
            Some(t) => self.theme.set(t, Source::CommandLine),
            None => args.theme = Some(self.theme.value),
        }
    }

    /// `holes` of Enkeshui when neither --holes nor --layout was given.
    pub fn apply_enkeshui_holes(&mut self, holes: &mut Option<usize>, layout_given: bool) {
        match holes {
            Some(n) => self.enkeshui_holes.set(*n, Source::CommandLine),
            None if !layout_given => *holes = Some(self.enkeshui_holes.value),
            None => {}
        }
    }

    /// `holes` of En Gehé when neither --holes nor --position was given.
    pub fn apply_en_gehe_holes(&mut self, holes: &mut Option<usize>, position_given: bool) {
        match holes {
            Some(n) => self.en_gehe_holes.set(*n, Source::CommandLine),
            None if !position_given => *holes = Some(self.en_gehe_holes.value),
            None => {}
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

/// The raw value of option `id` if the command line gave it ("" for a flag).
pub fn given_in(m: &clap::ArgMatches) -> impl Fn(&str) -> Option<String> + '_ {
    move |id| {
        if m.try_contains_id(id).ok()?
            && m.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
        {
            Some(
                m.get_raw(id)
                    .and_then(|mut v| v.next())
                    .map_or(String::new(), |v| v.to_string_lossy().into_owned()),
            )
        } else {
            None
        }
    }
}

/// Puts the settings under the command line: every option of the client
/// the command line did not give takes the settings' value. `matches` are
/// the command line's (for which options it gave).
pub fn apply(
    settings: &mut Settings,
    command: &mut Option<crate::cli::Command>,
    matches: &clap::ArgMatches,
) {
    use crate::cli::Command;
    let sub = matches.subcommand().map(|(_, m)| m);
    let given = |id: &str| sub.and_then(|m| given_in(m)(id));
    match command {
        Some(Command::Enkeshui(a)) => {
            settings.apply_client(&mut a.client, &given);
            settings.apply_enkeshui_holes(&mut a.holes, a.layout.is_some());
            match a.race_speed {
                Some(l) => settings.race_speed.set(Some(l), Source::CommandLine),
                None => a.race_speed = settings.race_speed.value,
            }
        }
        Some(Command::EnGehe(a)) => {
            settings.apply_client(&mut a.client, &given);
            settings.apply_en_gehe_holes(&mut a.holes, a.position.is_some());
        }
        Some(Command::BaoLaKimasai(a)) => settings.apply_client(&mut a.client, &given),
        Some(Command::Replay(a)) => {
            let mut client = ClientArgs {
                ascii: a.ascii,
                speed: a.speed,
                theme: a.theme,
                ..ClientArgs::default()
            };
            settings.apply_client(&mut client, &given);
            (a.ascii, a.speed, a.theme) = (client.ascii, client.speed, client.theme);
        }
        Some(Command::Resume(a)) => {
            let mut client = ClientArgs {
                ascii: a.ascii,
                speed: a.speed,
                instant: a.instant,
                theme: a.theme,
                ..ClientArgs::default()
            };
            settings.apply_client(&mut client, &given);
            (a.ascii, a.speed, a.instant, a.theme) =
                (client.ascii, client.speed, client.instant, client.theme);
        }
        _ => {}
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

/// toml's message in the player's words: an unknown key with the closest
/// known one.
fn explain(msg: &str) -> String {
    let msg = msg.trim();
    if let Some(rest) = msg.strip_prefix("unknown field `")
        && let Some(end) = rest.find('`')
    {
        let key = &rest[..end];
        let hint = did_you_mean(key, KEYS.iter().copied())
            .map(|k| format!(" (did you mean '{k}'?)"))
            .unwrap_or_default();
        return format!("unknown key '{}'{hint}", crate::text::excerpt(key));
    }
    crate::text::one_line(msg, crate::text::MAX_LINE_CHARS)
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

# Colours: dark, light or high-contrast
# theme = "dark"

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Level, Player};

    #[test]
    fn an_unknown_key_names_its_line_and_the_closest_key() {
        let text = "south = \"human\"\n\n# the animation\n\n\n\nsped = 40\n";
        assert_eq!(
            Settings::parse(text),
            Err("line 7: unknown key 'sped' (did you mean 'speed'?)".into())
        );
        assert_eq!(
            Settings::parse("[enkeshui]\nhole = 10\n"),
            Err("line 2: unknown key 'hole' (did you mean 'holes'?)".into())
        );
        assert_eq!(
            Settings::parse("colour = true\n"),
            Err("line 1: unknown key 'colour'".into())
        );
    }

    #[test]
    fn bad_values_name_their_line() {
        assert_eq!(
            Settings::parse("\nlevel = \"grandmaster\"\n"),
            Err("line 2: level 'grandmaster': easy, medium, hard or expert".into())
        );
        assert_eq!(
            Settings::parse("speed = 0\n"),
            Err("line 1: speed 0: milliseconds per seed, 1 to 5000".into())
        );
        assert_eq!(
            Settings::parse("theme = \"neon\""),
            Err("line 1: theme 'neon': dark, light or high-contrast".into())
        );
        assert_eq!(
            Settings::parse("north = \"ai:master\""),
            Err("line 1: 'ai:master': a seat is human, ai (medium) or ai:LEVEL (random, greedy, mcts, easy, medium, hard, expert)".into())
        );
        assert_eq!(
            Settings::parse("[en-gehe]\nholes = 60"),
            Err("line 2: en-gehe holes 60: 4 to 50 (40 to 50 are traditional)".into())
        );
        let e = Settings::parse("ascii = \"yes\"\n").unwrap_err();
        assert!(e.starts_with("line 1: "), "{e}");
        let e = Settings::parse("speed = 40\nspeed = 50\n").unwrap_err();
        assert!(e.starts_with("line 2: "), "{e}");
        let e = Settings::parse("speed = [").unwrap_err();
        assert!(e.starts_with("line 1: "), "{e}");
    }

    #[test]
    fn a_binding_conflict_is_refused_naming_both() {
        let text = "[keys]\n\"play.undo\" = \"z\"\n\"play.hint\" = \"z\"\n";
        assert_eq!(
            Settings::parse(text),
            Err("line 3: play: key z is bound to both play.undo and play.hint".into())
        );
        assert_eq!(
            Settings::parse("[keys]\nundoo = \"z\"\n"),
            Err("line 2: unknown action 'undoo' (did you mean 'undo'?)".into())
        );
        assert_eq!(
            Settings::parse("[keys]\nundo = \"Hyper\"\n").unwrap_err(),
            "line 2: undo: 'Hyper' is not a key (a character, Ctrl-x, 0-9, Up, Down, Left, Right, Enter, Space, Esc, Tab, Backspace, PgUp, PgDn, Home, End, Delete, Insert, F1-F12)"
        );
    }

    #[test]
    fn the_file_is_read_with_the_line_of_each_value() {
        let text = "level = \"hard\"\nnorth = \"ai\"\nspeed = 30\ntheme = \"light\"\n[enkeshui]\nholes = 12\n[keys]\nundo = [\"z\", \"Backspace\"]\n";
        let s = Settings::parse(text).unwrap();
        assert_eq!(s.north.value, Seat::Ai(Player::Level(Level::Hard)));
        assert_eq!(s.north.source, Source::File(2));
        assert_eq!(s.speed.value, 30);
        assert_eq!(s.theme.value, Palette::Light);
        assert_eq!(s.enkeshui_holes.value, 12);
        assert_eq!(s.enkeshui_holes.source, Source::File(6));
        let print = s.print("x.toml");
        assert!(print.contains("keys.play.undo"), "{print}");
        let undo = print
            .lines()
            .find(|l| l.starts_with("keys.play.undo "))
            .unwrap();
        assert!(
            undo.contains("z/Backspace") && undo.ends_with("settings file, line 8"),
            "{undo}"
        );
        let hint = print
            .lines()
            .find(|l| l.starts_with("keys.play.hint "))
            .unwrap();
        assert!(hint.ends_with("  default"), "{hint}");
    }

    #[test]
    fn the_template_is_a_valid_file_of_defaults() {
        assert_eq!(Settings::parse(TEMPLATE), Ok(Settings::default()));
        let uncommented: String = TEMPLATE
            .lines()
            .filter_map(|l| l.strip_prefix("# "))
            .filter(|l| {
                l.starts_with('[')
                    || l.split_once(" = ")
                        .is_some_and(|(k, _)| !k.contains(' ') || k.starts_with('"'))
            })
            .map(|l| format!("{l}\n"))
            .collect();
        let s = Settings::parse(&uncommented).unwrap_or_else(|e| panic!("{e}\n{uncommented}"));
        assert_eq!(s.speed.value, 90);
        assert_eq!(s.en_gehe_holes.value, 40);
    }
}

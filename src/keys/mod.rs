//! Every key binding, in ONE list (`table.rs`): the help overlay and the
//! key-hint bar are both drawn from it, input is matched against it, and the
//! settings' `[keys]` rebind it. The program's, not the terminal client's:
//! keys and presses are its own types, which the client reads its terminal's
//! events into (`app::keys`), so the settings and the command line need no
//! terminal type.

mod table;

pub use table::BINDINGS;

/// A key or a binding the settings (or the command line) cannot have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    /// A control character written as a key (shown escaped).
    #[error("'{0}' is not a key")]
    Control(String),
    /// A word that names no key.
    #[error(
        "'{0}' is not a key (a character, Ctrl-x, 0-9, Up, Down, Left, Right, Enter, Space, Esc, Tab, Backspace, PgUp, PgDn, Home, End, Delete, Insert, F1-F12)"
    )]
    NotAKey(String),
    /// Ctrl-c given to a binding other than quit-now (the binding's name).
    #[error("{0}: Ctrl-c always quits at once and cannot be bound to anything else")]
    CtrlC(String),
    /// A binding name that names no action; `hint` is " (did you mean 'x'?)" or "".
    #[error("unknown action '{name}'{hint}")]
    UnknownAction { name: String, hint: String },
}

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ctx {
    /// Everywhere.
    Global,
    Menu,
    Race,
    Play,
    /// The direction prompt (inside Play).
    Direction,
    /// The guided special move (inside Play).
    Special,
    /// An earlier position of the live game, looked at (inside Play).
    Browse,
    Over,
    /// The replay viewer.
    Replay,
    /// A position's one line, shown over a game, an earlier position or
    /// the replay viewer.
    Position,
    /// The board editor (a position set up hole by hole).
    Editor,
    /// The list of saved games (from the start menu).
    Saves,
    /// Deleting the saved game chosen in that list: y or n.
    Delete,
    /// The game asked for is open in another window: open a copy, or not.
    InUse,
    /// A record or the saved games being read (a progress line).
    Loading,
    Help,
    Confirm,
    /// The lessons (`learn`, or `L` in the start menu).
    Lesson,
}

impl Ctx {
    /// Every context, in the help's order.
    pub const ALL: [Ctx; 18] = [
        Ctx::Global,
        Ctx::Menu,
        Ctx::Race,
        Ctx::Play,
        Ctx::Direction,
        Ctx::Special,
        Ctx::Browse,
        Ctx::Over,
        Ctx::Replay,
        Ctx::Position,
        Ctx::Editor,
        Ctx::Saves,
        Ctx::Delete,
        Ctx::InUse,
        Ctx::Loading,
        Ctx::Help,
        Ctx::Confirm,
        Ctx::Lesson,
    ];

    /// The name the settings file uses (`[keys]` entries `SCREEN.ACTION`).
    pub fn name(self) -> &'static str {
        match self {
            Ctx::Global => "global",
            Ctx::Menu => "menu",
            Ctx::Race => "race",
            Ctx::Play => "play",
            Ctx::Direction => "direction",
            Ctx::Special => "special",
            Ctx::Browse => "browse",
            Ctx::Over => "over",
            Ctx::Replay => "replay",
            Ctx::Position => "position",
            Ctx::Editor => "editor",
            Ctx::Saves => "saves",
            Ctx::Delete => "delete",
            Ctx::InUse => "in-use",
            Ctx::Loading => "loading",
            Ctx::Help => "help",
            Ctx::Confirm => "confirm",
            Ctx::Lesson => "lesson",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Ctx::Global => "Everywhere",
            Ctx::Menu => "Start menu",
            Ctx::Race => "Starting race",
            Ctx::Play => "Playing",
            Ctx::Direction => "Direction prompt (cw or ccw)",
            Ctx::Special => "Special move",
            Ctx::Browse => "Earlier positions of the game",
            Ctx::Over => "Game over",
            Ctx::Replay => "Replay viewer",
            Ctx::Position => "The position's line",
            Ctx::Editor => "Board editor",
            Ctx::Saves => "Saved games",
            Ctx::Delete => "Deleting a saved game",
            Ctx::InUse => "A game open in another window",
            Ctx::Loading => "Reading a record or the saved games",
            Ctx::Help => "This help",
            Ctx::Confirm => "Quit confirmation",
            Ctx::Lesson => "Lessons",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Help,
    QuitNow,
    Quit,
    Up,
    Down,
    Left,
    Right,
    Digit,
    Play,
    Back,
    Cancel,
    Undo,
    Redo,
    Special,
    Skip,
    Faster,
    Slower,
    SouthRace,
    NorthRace,
    Start,
    Rematch,
    NewGame,
    Hint,
    Analysis,
    Yes,
    No,
    StepForward,
    StepBack,
    TurnForward,
    TurnBack,
    First,
    Last,
    Autoplay,
    TakeOver,
    NextGame,
    PrevGame,
    OpenSaves,
    ViewReplay,
    Delete,
    Copy,
    Suspend,
    Learn,
    Solution,
    Review,
    NextMistake,
    PrevMistake,
    ShowPosition,
    CopyPosition,
    Edit,
    AddSeed,
    TakeSeed,
    Bull,
    OutOfPlay,
    EmptyBoard,
}

impl Action {
    /// The name the settings file uses for it.
    pub fn name(self) -> &'static str {
        match self {
            Action::Help => "help",
            Action::QuitNow => "quit-now",
            Action::Quit => "quit",
            Action::Up => "up",
            Action::Down => "down",
            Action::Left => "left",
            Action::Right => "right",
            Action::Digit => "digit",
            Action::Play => "play",
            Action::Back => "back",
            Action::Cancel => "cancel",
            Action::Undo => "undo",
            Action::Redo => "redo",
            Action::Special => "special",
            Action::Skip => "skip",
            Action::Faster => "faster",
            Action::Slower => "slower",
            Action::SouthRace => "south-race",
            Action::NorthRace => "north-race",
            Action::Start => "start",
            Action::Rematch => "rematch",
            Action::NewGame => "new-game",
            Action::Hint => "hint",
            Action::Analysis => "analysis",
            Action::Yes => "yes",
            Action::No => "no",
            Action::StepForward => "step-forward",
            Action::StepBack => "step-back",
            Action::TurnForward => "turn-forward",
            Action::TurnBack => "turn-back",
            Action::First => "first",
            Action::Last => "last",
            Action::Autoplay => "autoplay",
            Action::TakeOver => "take-over",
            Action::NextGame => "next-game",
            Action::PrevGame => "prev-game",
            Action::OpenSaves => "open-saves",
            Action::ViewReplay => "view-replay",
            Action::Delete => "delete",
            Action::Copy => "copy",
            Action::Suspend => "suspend",
            Action::Learn => "learn",
            Action::Solution => "solution",
            Action::Review => "review",
            Action::NextMistake => "next-mistake",
            Action::PrevMistake => "prev-mistake",
            Action::ShowPosition => "show-position",
            Action::CopyPosition => "copy-position",
            Action::Edit => "edit",
            Action::AddSeed => "add-seed",
            Action::TakeSeed => "take-seed",
            Action::Bull => "bull",
            Action::OutOfPlay => "out-of-play",
            Action::EmptyBoard => "empty-board",
        }
    }
}

/// A key, matched without regard to Shift (so `?` and `+` work everywhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Ctrl(char),
    AnyDigit,
    Code(KeyCode),
}

/// The keys with a name (not a character) that a binding can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyCode {
    Up,
    Down,
    Left,
    Right,
    Enter,
    Esc,
    Tab,
    Backspace,
    PageUp,
    PageDown,
    Home,
    End,
    Delete,
    Insert,
    F(u8),
}

/// One key press, as the client reads it from its terminal: a character
/// (Shift and Alt make no difference), a character with Ctrl, a named key
/// without Ctrl, or anything else (which no binding matches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    Char(char),
    Ctrl(char),
    Code(KeyCode),
    Other,
}

impl Key {
    fn matches(self, press: Press) -> bool {
        match (self, press) {
            (Key::Char(c), Press::Char(p)) | (Key::Ctrl(c), Press::Ctrl(p)) => c == p,
            (Key::AnyDigit, Press::Char(p)) => p.is_ascii_digit(),
            (Key::Code(code), Press::Code(p)) => code == p,
            _ => false,
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Binding {
    pub ctx: Ctx,
    pub keys: &'static [Key],
    /// How the keys are written in the help and the hint bar.
    pub label: &'static str,
    pub action: Action,
    /// What it does, for the help overlay.
    pub help: &'static str,
    /// Short word for the hint bar (empty: not shown there).
    pub hint: &'static str,
}

impl Key {
    /// How the key is written in the help, the hint bar and the settings file.
    pub fn label(self) -> String {
        match self {
            Key::Char(' ') => "Space".into(),
            Key::Char(c) => c.to_string(),
            Key::Ctrl(c) => format!("Ctrl-{c}"),
            Key::AnyDigit => "0-9".into(),
            Key::Code(code) => match code {
                KeyCode::Up => "↑".into(),
                KeyCode::Down => "↓".into(),
                KeyCode::Left => "←".into(),
                KeyCode::Right => "→".into(),
                KeyCode::Enter => "Enter".into(),
                KeyCode::Esc => "Esc".into(),
                KeyCode::Tab => "Tab".into(),
                KeyCode::Backspace => "Backspace".into(),
                KeyCode::PageUp => "PgUp".into(),
                KeyCode::PageDown => "PgDn".into(),
                KeyCode::Home => "Home".into(),
                KeyCode::End => "End".into(),
                KeyCode::Delete => "Delete".into(),
                KeyCode::Insert => "Insert".into(),
                KeyCode::F(n) => format!("F{n}"),
            },
        }
    }

    /// A key as the settings file writes it: one character (`u`, `?`),
    /// `Ctrl-x`, `0-9` (any digit) or a name (`Up`, `Down`, `Left`, `Right`,
    /// `Enter`, `Space`, `Esc`, `Tab`, `Backspace`, `PgUp`, `PgDn`, `Home`,
    /// `End`, `Delete`, `Insert`, `F1`..`F12`; arrows `↑↓←→` too).
    pub fn parse(s: &str) -> Result<Key, KeyError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Ok(match c {
                '↑' => Key::Code(KeyCode::Up),
                '↓' => Key::Code(KeyCode::Down),
                '←' => Key::Code(KeyCode::Left),
                '→' => Key::Code(KeyCode::Right),
                c if c.is_control() => {
                    return Err(KeyError::Control(s.escape_default().to_string()));
                }
                c => Key::Char(c),
            });
        }
        let lower = s.to_ascii_lowercase();
        if let Some(c) = lower
            .strip_prefix("ctrl-")
            .or_else(|| lower.strip_prefix("ctrl+"))
        {
            let mut cs = c.chars();
            if let (Some(c), None) = (cs.next(), cs.next())
                && c.is_ascii_alphanumeric()
            {
                return Ok(Key::Ctrl(c));
            }
        }
        if let Some(n) = lower.strip_prefix('f')
            && let Ok(n) = n.parse::<u8>()
            && (1..=12).contains(&n)
        {
            return Ok(Key::Code(KeyCode::F(n)));
        }
        let code = match lower.as_str() {
            "0-9" | "digit" | "digits" => return Ok(Key::AnyDigit),
            "space" => return Ok(Key::Char(' ')),
            "up" => KeyCode::Up,
            "down" => KeyCode::Down,
            "left" => KeyCode::Left,
            "right" => KeyCode::Right,
            "enter" | "return" => KeyCode::Enter,
            "esc" | "escape" => KeyCode::Esc,
            "tab" => KeyCode::Tab,
            "backspace" => KeyCode::Backspace,
            "pgup" | "pageup" => KeyCode::PageUp,
            "pgdn" | "pagedown" => KeyCode::PageDown,
            "home" => KeyCode::Home,
            "end" => KeyCode::End,
            "delete" | "del" => KeyCode::Delete,
            "insert" | "ins" => KeyCode::Insert,
            _ => {
                return Err(KeyError::NotAKey(crate::text::excerpt(s).to_string()));
            }
        };
        Ok(Key::Code(code))
    }

    /// Two keys some single key press matches both of.
    fn overlaps(self, other: Key) -> bool {
        match (self, other) {
            (Key::AnyDigit, Key::Char(c)) | (Key::Char(c), Key::AnyDigit) => c.is_ascii_digit(),
            (a, b) => a == b,
        }
    }
}

/// The key that always quits (`Keymap::rebind`).
const CTRL_C: Key = Key::Ctrl('c');

/// Ctrl-C, with Shift or Caps Lock too: the way out of every screen.
fn is_ctrl_c(press: Press) -> bool {
    matches!(press, Press::Ctrl('c' | 'C'))
}

/// `SCREEN.ACTION`, the name of a binding in the settings file.
pub fn binding_name(b: &Binding) -> String {
    format!("{}.{}", b.ctx.name(), b.action.name())
}

/// Actions whose hint shows their partner's key too ("↑/↓ row").
const PAIRS: &[(Action, Action)] = &[
    (Action::Up, Action::Down),
    (Action::Left, Action::Right),
    (Action::TurnForward, Action::TurnBack),
    (Action::StepForward, Action::StepBack),
    (Action::Faster, Action::Slower),
    (Action::First, Action::Last),
    (Action::NextGame, Action::PrevGame),
    (Action::NextMistake, Action::PrevMistake),
    (Action::AddSeed, Action::TakeSeed),
];

/// The bindings in effect: the table's, with the settings file's keys in
/// place of the defaults of the actions it rebinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keymap {
    /// The keys of each entry of `BINDINGS`, in its order.
    keys: Vec<Vec<Key>>,
}

impl Default for Keymap {
    fn default() -> Self {
        Keymap {
            keys: BINDINGS.iter().map(|b| b.keys.to_vec()).collect(),
        }
    }
}

impl Keymap {
    /// Binds `keys` to the action `name`: `SCREEN.ACTION` (e.g. `play.undo`)
    /// for one screen, or `ACTION` (e.g. `undo`) for every screen that has it.
    /// Returns how many bindings changed; an unknown name is an error naming
    /// the closest known one.
    ///
    /// Ctrl-C is the way out no settings can take away: it quits at once
    /// whatever is bound (`action`), stays on `global.quit-now`, and
    /// binding it to any other action is refused.
    pub fn rebind(&mut self, name: &str, keys: &[Key]) -> Result<usize, KeyError> {
        // A settings file written before the lessons became games may still
        // name the lesson's restart: its `u` is the lesson's undo now.
        let name = match name {
            "restart" | "lesson.restart" => "lesson.undo",
            other => other,
        };
        let hits: Vec<usize> = (0..BINDINGS.len())
            .filter(|&i| {
                let b = &BINDINGS[i];
                match name.split_once('.') {
                    Some((ctx, action)) => b.ctx.name() == ctx && b.action.name() == action,
                    None => b.action.name() == name,
                }
            })
            .collect();
        if keys.contains(&CTRL_C) && hits.iter().any(|&i| BINDINGS[i].action != Action::QuitNow) {
            return Err(KeyError::CtrlC(crate::text::excerpt(name).to_string()));
        }
        for &i in &hits {
            let mut these: Vec<Key> = keys.iter().copied().filter(|&k| k != CTRL_C).collect();
            if BINDINGS[i].ctx == Ctx::Global && BINDINGS[i].action == Action::QuitNow {
                these.insert(0, CTRL_C);
            }
            self.keys[i] = these;
        }
        let changed = hits.len();
        if changed == 0 {
            let known = Self::names();
            let hint = crate::spelling::did_you_mean(name, known.iter().map(String::as_str))
                .map(|n| format!(" (did you mean '{n}'?)"))
                .unwrap_or_default();
            return Err(KeyError::UnknownAction {
                name: crate::text::excerpt(name).to_string(),
                hint,
            });
        }
        Ok(changed)
    }

    /// Every name `rebind` takes: each `SCREEN.ACTION`, and each action alone.
    pub fn names() -> Vec<String> {
        let mut names: Vec<String> = BINDINGS.iter().map(binding_name).collect();
        for b in BINDINGS {
            let n = b.action.name().to_string();
            if !names.contains(&n) {
                names.push(n);
            }
        }
        names
    }

    /// The first key bound to two actions of one screen (the screen's own
    /// bindings and the global ones), as "screen: key X is both A and B".
    pub fn conflict(&self) -> Option<String> {
        for ctx in Ctx::ALL {
            let here: Vec<usize> = (0..BINDINGS.len())
                .filter(|&i| BINDINGS[i].ctx == ctx || BINDINGS[i].ctx == Ctx::Global)
                .collect();
            for (n, &i) in here.iter().enumerate() {
                for &j in &here[n + 1..] {
                    if BINDINGS[i].ctx == Ctx::Global
                        && BINDINGS[j].ctx == Ctx::Global
                        && ctx != Ctx::Global
                    {
                        continue;
                    }
                    for &k in &self.keys[i] {
                        if let Some(&other) = self.keys[j].iter().find(|o| o.overlaps(k)) {
                            let key = if k == Key::AnyDigit { other } else { k };
                            return Some(format!(
                                "{}: key {} is bound to both {} and {}",
                                ctx.name(),
                                key.label(),
                                binding_name(&BINDINGS[i]),
                                binding_name(&BINDINGS[j])
                            ));
                        }
                    }
                }
            }
        }
        None
    }

    /// The keys of entry `i` of `BINDINGS`.
    pub fn keys(&self, i: usize) -> &[Key] {
        &self.keys[i]
    }

    /// Every key of entry `i`, as the help lists them ("↑/k", "(unbound)").
    pub fn label(&self, i: usize) -> String {
        if self.keys[i].is_empty() {
            return "(unbound)".into();
        }
        self.keys[i]
            .iter()
            .map(|k| k.label())
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The action of a key in a context (global bindings apply everywhere).
    pub fn action(&self, ctx: Ctx, press: Press) -> Option<Action> {
        if is_ctrl_c(press) {
            return Some(Action::QuitNow);
        }
        let find = |c: Ctx| {
            (0..BINDINGS.len())
                .filter(|&i| BINDINGS[i].ctx == c)
                .find(|&i| self.keys[i].iter().any(|k| k.matches(press)))
                .map(|i| BINDINGS[i].action)
        };
        find(ctx).or_else(|| find(Ctx::Global))
    }

    /// The hint bar's label of entry `i`: the table's own while its keys are
    /// the defaults, else made from the keys bound (with the partner's for
    /// a pair such as ↑/↓).
    fn hint_label(&self, i: usize) -> String {
        let b = &BINDINGS[i];
        let partner = PAIRS.iter().find_map(|&(x, y)| {
            if b.action == x {
                Some(y)
            } else if b.action == y {
                Some(x)
            } else {
                None
            }
        });
        let partner = partner.and_then(|p| {
            (0..BINDINGS.len()).find(|&j| BINDINGS[j].ctx == b.ctx && BINDINGS[j].action == p)
        });
        let default =
            self.keys[i] == b.keys && partner.is_none_or(|j| self.keys[j] == BINDINGS[j].keys);
        if default {
            return b.label.to_string();
        }
        let first = |j: usize| self.keys[j].first().map(|k| k.label());
        match (first(i), partner.and_then(first)) {
            (Some(mine), Some(theirs)) => format!("{mine}/{theirs}"),
            _ if matches!(b.action, Action::SouthRace | Action::NorthRace) => self.keys[i]
                .iter()
                .map(|k| k.label())
                .collect::<Vec<_>>()
                .join(" "),
            (Some(mine), None) => mine,
            (None, _) => "(unbound)".into(),
        }
    }

    /// The hint bar's entries for a context: (keys, word). `rows`: the game
    /// has rows to pick with ↑/↓ while playing (Bao).
    pub fn hints(&self, ctx: Ctx, rows: bool) -> Vec<(String, &'static str)> {
        self.bar(&Bar::of(ctx, rows))
            .into_iter()
            .map(|h| (h.keys, h.word))
            .collect()
    }

    /// A key bar's entries: the screen's bindings with a hint word whose
    /// action acts there now, then the ones it borrows from another screen,
    /// then the global ones (not in the help).
    pub fn bar(&self, bar: &Bar<'_>) -> Vec<Hint> {
        let ctx = bar.ctx;
        let shown = |i: usize| {
            let b = &BINDINGS[i];
            !b.hint.is_empty()
                && !self.keys[i].is_empty()
                && (bar.rows || !matches!(ctx, Ctx::Play | Ctx::Lesson) || b.action != Action::Up)
                && (b.ctx == Ctx::Global || (bar.acts)(b.action))
        };
        let hint = |i: usize| Hint {
            keys: self.hint_label(i),
            word: BINDINGS[i].hint,
            action: BINDINGS[i].action,
        };
        let mut out: Vec<Hint> = (0..BINDINGS.len())
            .filter(|&i| BINDINGS[i].ctx == ctx && shown(i))
            .map(hint)
            .collect();
        for &(c, a) in bar.borrowed {
            out.extend(
                (0..BINDINGS.len())
                    .filter(|&i| BINDINGS[i].ctx == c && BINDINGS[i].action == a)
                    .filter(|&i| !BINDINGS[i].hint.is_empty() && !self.keys[i].is_empty())
                    .map(hint),
            );
        }
        if ctx != Ctx::Help {
            out.extend(
                (0..BINDINGS.len())
                    .filter(|&i| BINDINGS[i].ctx == Ctx::Global && shown(i))
                    .map(hint),
            );
        }
        out
    }

    /// The action a press has on a screen that borrows bindings of another
    /// (`Bar::borrowed`): the borrowed ones first, then the screen's own.
    pub fn action_borrowing(
        &self,
        ctx: Ctx,
        borrowed: &[(Ctx, Action)],
        press: Press,
    ) -> Option<Action> {
        let lent = borrowed.iter().find(|&&(c, a)| {
            (0..BINDINGS.len()).any(|i| {
                BINDINGS[i].ctx == c
                    && BINDINGS[i].action == a
                    && self.keys[i].iter().any(|k| k.matches(press))
            })
        });
        match lent {
            Some(&(_, a)) if !is_ctrl_c(press) => Some(a),
            _ => self.action(ctx, press),
        }
    }
}

/// What a key bar shows: a screen's bindings that act there now.
pub struct Bar<'a> {
    pub ctx: Ctx,
    /// The game has rows to pick with ↑/↓ while playing (Bao).
    pub rows: bool,
    /// Whether an action of the screen does something now: a key that
    /// does nothing is not on the bar.
    pub acts: &'a dyn Fn(Action) -> bool,
    /// Bindings of another screen this one takes (the race lesson's way
    /// out is the lesson's), shown after its own.
    pub borrowed: &'a [(Ctx, Action)],
}

impl Bar<'static> {
    /// Every binding of `ctx` with a hint word.
    pub fn of(ctx: Ctx, rows: bool) -> Bar<'static> {
        Bar {
            ctx,
            rows,
            acts: &|_| true,
            borrowed: &[],
        }
    }
}

/// One entry of a key bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The keys as the bar writes them ("↑/↓").
    pub keys: String,
    /// Its word ("undo").
    pub word: &'static str,
    pub action: Action,
}

/// The user guide's key table: every binding with its keys, screen by screen
/// (tests/help.rs checks docs/guide.md against it).
pub fn markdown_table(map: &Keymap) -> String {
    let mut out = String::from("| screen | keys | what it does |\n|---|---|---|\n");
    for (i, b) in BINDINGS.iter().enumerate() {
        let keys = map
            .keys(i)
            .iter()
            .map(|k| format!("`{}`", k.label().replace('|', "\\|")))
            .collect::<Vec<_>>()
            .join(" ");
        out.push_str(&format!("| {} | {keys} | {} |\n", b.ctx.title(), b.help));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_table_has_no_conflict_and_unique_names() {
        assert_eq!(Keymap::default().conflict(), None);
        let names: Vec<String> = BINDINGS.iter().map(binding_name).collect();
        for (i, n) in names.iter().enumerate() {
            assert!(!names[i + 1..].contains(n), "{n} twice");
        }
    }

    #[test]
    fn a_rebinding_onto_a_taken_key_is_a_conflict_naming_both() {
        let mut map = Keymap::default();
        assert_eq!(map.rebind("play.undo", &[Key::Char('i')]), Ok(1));
        assert_eq!(
            map.conflict().as_deref(),
            Some("play: key i is bound to both play.undo and play.hint")
        );
        let mut map = Keymap::default();
        map.rebind("replay.autoplay", &[Key::Char('5')]).unwrap();
        assert_eq!(
            map.conflict().as_deref(),
            Some("replay: key 5 is bound to both replay.digit and replay.autoplay")
        );
        let mut map = Keymap::default();
        map.rebind("menu.open-saves", &[Key::Char('?')]).unwrap();
        assert_eq!(
            map.conflict().as_deref(),
            Some("menu: key ? is bound to both global.help and menu.open-saves")
        );
    }

    #[test]
    fn hints_follow_the_keys_bound() {
        let mut map = Keymap::default();
        let before = map.hints(Ctx::Play, true);
        assert!(before.contains(&("u".into(), "undo")), "{before:?}");
        map.rebind("play.undo", &[Key::Ctrl('z')]).unwrap();
        map.rebind("play.up", &[Key::Char('w')]).unwrap();
        let after = map.hints(Ctx::Play, true);
        assert!(after.contains(&("Ctrl-z".into(), "undo")), "{after:?}");
        assert!(after.contains(&("w/↓".into(), "row")), "{after:?}");
    }

    #[test]
    fn a_press_matches_the_keys_it_is() {
        let mut map = Keymap::default();
        map.rebind("replay.autoplay", &[Key::Ctrl('p')]).unwrap();
        assert_eq!(
            map.action(Ctx::Replay, Press::Ctrl('p')),
            Some(Action::Autoplay)
        );
        // p alone is still the previous game: Ctrl-p is another key.
        assert_eq!(
            map.action(Ctx::Replay, Press::Char('p')),
            Some(Action::PrevGame)
        );
        // 0-9 is any digit, not Ctrl with one.
        assert_eq!(
            map.action(Ctx::Replay, Press::Char('7')),
            Some(Action::Digit)
        );
        assert_eq!(map.action(Ctx::Replay, Press::Ctrl('7')), None);
        assert_eq!(
            map.action(Ctx::Menu, Press::Code(KeyCode::Enter)),
            Some(Action::Start)
        );
        assert_eq!(map.action(Ctx::Menu, Press::Other), None);
    }

    #[test]
    fn keys_parse_and_print_back() {
        for s in [
            "u", "?", "Ctrl-c", "0-9", "Space", "Enter", "PgUp", "PgDn", "F1", "↑", "Home",
        ] {
            let k = Key::parse(s).unwrap();
            assert_eq!(Key::parse(&k.label()), Ok(k), "{s}");
        }
        assert_eq!(Key::parse("up"), Ok(Key::Code(KeyCode::Up)));
        assert!(Key::parse("F13").is_err());
        assert!(
            Key::parse("Hyper-x")
                .unwrap_err()
                .to_string()
                .starts_with("'Hyper-x' is not a key")
        );
    }
}

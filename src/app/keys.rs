//! Every key binding, in ONE list: the help overlay and the key-hint bar are
//! both drawn from it, and input is matched against it.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

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
    Over,
    /// The replay viewer.
    Replay,
    /// The list of saved games (from the start menu).
    Saves,
    /// A record or the saved games being read (a progress line).
    Loading,
    Help,
    Confirm,
}

impl Ctx {
    pub fn title(self) -> &'static str {
        match self {
            Ctx::Global => "Everywhere",
            Ctx::Menu => "Start menu",
            Ctx::Race => "Starting race",
            Ctx::Play => "Playing",
            Ctx::Direction => "Direction prompt (cw or ccw)",
            Ctx::Special => "Special move",
            Ctx::Over => "Game over",
            Ctx::Replay => "Replay viewer",
            Ctx::Saves => "Saved games",
            Ctx::Loading => "Reading a record or the saved games",
            Ctx::Help => "This help",
            Ctx::Confirm => "Quit confirmation",
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
}

/// A key, matched without regard to Shift (so `?` and `+` work everywhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Ctrl(char),
    AnyDigit,
    Code(KeyCode),
}

impl Key {
    fn matches(self, ev: &KeyEvent) -> bool {
        let ctrl = ev.modifiers.contains(KeyModifiers::CONTROL);
        match self {
            Key::Char(c) => !ctrl && ev.code == KeyCode::Char(c),
            Key::Ctrl(c) => ctrl && ev.code == KeyCode::Char(c),
            Key::AnyDigit => !ctrl && matches!(ev.code, KeyCode::Char('0'..='9')),
            Key::Code(code) => !ctrl && ev.code == code,
        }
    }
}

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

use Key::{Char, Code};

const fn b(
    ctx: Ctx,
    keys: &'static [Key],
    label: &'static str,
    action: Action,
    help: &'static str,
    hint: &'static str,
) -> Binding {
    Binding {
        ctx,
        keys,
        label,
        action,
        help,
        hint,
    }
}

/// The bindings. Earlier entries win when a key appears twice in a context.
pub static BINDINGS: &[Binding] = &[
    b(
        Ctx::Global,
        &[Char('?'), Code(KeyCode::F(1))],
        "?",
        Action::Help,
        "show or hide this help (key bindings and rules)",
        "help",
    ),
    b(
        Ctx::Global,
        &[Key::Ctrl('c')],
        "Ctrl-C",
        Action::QuitNow,
        "quit at once",
        "",
    ),
    b(
        Ctx::Menu,
        &[Code(KeyCode::Up), Char('k')],
        "↑/k",
        Action::Up,
        "previous option",
        "",
    ),
    b(
        Ctx::Menu,
        &[Code(KeyCode::Down), Char('j')],
        "↓/j",
        Action::Down,
        "next option",
        "option",
    ),
    b(
        Ctx::Menu,
        &[Code(KeyCode::Left), Char('h')],
        "←/h",
        Action::Left,
        "previous value",
        "",
    ),
    b(
        Ctx::Menu,
        &[Code(KeyCode::Right), Char('l')],
        "→/l",
        Action::Right,
        "next value",
        "value",
    ),
    b(
        Ctx::Menu,
        &[Code(KeyCode::Enter), Char(' ')],
        "Enter",
        Action::Start,
        "start the game",
        "start",
    ),
    b(
        Ctx::Menu,
        &[Char('q'), Code(KeyCode::Esc)],
        "q",
        Action::QuitNow,
        "quit",
        "quit",
    ),
    b(
        Ctx::Menu,
        &[Char('o')],
        "o",
        Action::OpenSaves,
        "saved games: continue one or replay it",
        "saved games",
    ),
    b(
        Ctx::Saves,
        &[Code(KeyCode::Up), Char('k')],
        "↑/↓",
        Action::Up,
        "choose a saved game",
        "choose",
    ),
    b(
        Ctx::Saves,
        &[Code(KeyCode::Down), Char('j')],
        "↓",
        Action::Down,
        "choose a saved game",
        "",
    ),
    b(
        Ctx::Saves,
        &[Code(KeyCode::Enter)],
        "Enter",
        Action::Start,
        "continue the game (a finished one opens in the replay viewer)",
        "continue",
    ),
    b(
        Ctx::Saves,
        &[Char('v')],
        "v",
        Action::ViewReplay,
        "open the game in the replay viewer",
        "replay",
    ),
    b(
        Ctx::Saves,
        &[Code(KeyCode::Esc), Char('q')],
        "Esc",
        Action::Cancel,
        "back to the menu",
        "back",
    ),
    b(
        Ctx::Race,
        &[Char('z'), Char('x')],
        "z x",
        Action::SouthRace,
        "South's racer drops a seed: press z and x in turn (the same key twice counts once)",
        "South",
    ),
    b(
        Ctx::Race,
        &[Char('n'), Char('m')],
        "n m",
        Action::NorthRace,
        "North's racer drops a seed: press n and m in turn (the same key twice counts once)",
        "North",
    ),
    b(
        Ctx::Race,
        &[Code(KeyCode::Enter), Char(' ')],
        "Enter",
        Action::Start,
        "after the race: start the game",
        "start",
    ),
    b(
        Ctx::Race,
        &[Char('q')],
        "q",
        Action::Quit,
        "quit (asks first)",
        "quit",
    ),
    b(
        Ctx::Direction,
        &[Code(KeyCode::Left), Char('h')],
        "←/h",
        Action::Left,
        "pick the direction that goes left on screen",
        "left",
    ),
    b(
        Ctx::Direction,
        &[Code(KeyCode::Right), Char('l')],
        "→/l",
        Action::Right,
        "pick the direction that goes right on screen",
        "right",
    ),
    b(
        Ctx::Direction,
        &[Code(KeyCode::Enter), Char(' ')],
        "Enter/Space",
        Action::Play,
        "sow the next lap in the picked direction",
        "sow",
    ),
    b(
        Ctx::Direction,
        &[Char('u')],
        "u",
        Action::Undo,
        "undo: back to the start of your turn",
        "undo",
    ),
    b(Ctx::Direction, &[Char('r')], "r", Action::Redo, "redo", ""),
    b(
        Ctx::Direction,
        &[Char('s')],
        "s",
        Action::Skip,
        "skip an animation",
        "",
    ),
    b(
        Ctx::Direction,
        &[Char('q')],
        "q",
        Action::Quit,
        "quit (asks first while a game is on)",
        "quit",
    ),
    b(
        Ctx::Direction,
        &[Char('i')],
        "i",
        Action::Hint,
        "hint: the AI's choice of direction and its evaluation (selects it)",
        "",
    ),
    b(
        Ctx::Direction,
        &[Char('a')],
        "a",
        Action::Analysis,
        "analysis on/off (as while playing)",
        "",
    ),
    b(
        Ctx::Special,
        &[Code(KeyCode::Left), Char('h')],
        "←/h",
        Action::Left,
        "previous hole of your row",
        "move",
    ),
    b(
        Ctx::Special,
        &[Code(KeyCode::Right), Char('l')],
        "→/l",
        Action::Right,
        "next hole of your row",
        "",
    ),
    b(
        Ctx::Special,
        &[Key::AnyDigit],
        "0-9",
        Action::Digit,
        "select a hole by its number",
        "hole",
    ),
    b(
        Ctx::Special,
        &[Code(KeyCode::Enter), Char(' ')],
        "Enter",
        Action::Play,
        "lift the selected hole (twice), then drop one seed into it (Space too)",
        "lift/drop",
    ),
    b(
        Ctx::Special,
        &[Code(KeyCode::Backspace)],
        "Backspace",
        Action::Back,
        "take back a seed dropped into the selected hole",
        "take back",
    ),
    b(
        Ctx::Special,
        &[Code(KeyCode::Esc)],
        "Esc",
        Action::Cancel,
        "give up the special move",
        "cancel",
    ),
    b(
        Ctx::Play,
        &[Code(KeyCode::Left), Char('h')],
        "←/h",
        Action::Left,
        "select the hole to the left",
        "move",
    ),
    b(
        Ctx::Play,
        &[Code(KeyCode::Right), Char('l')],
        "→/l",
        Action::Right,
        "select the hole to the right",
        "",
    ),
    b(
        Ctx::Play,
        &[Code(KeyCode::Up)],
        "↑/↓",
        Action::Up,
        "Bao: select the row above (inner or outer)",
        "row",
    ),
    b(
        Ctx::Play,
        &[Code(KeyCode::Down)],
        "↓",
        Action::Down,
        "Bao: select the row below (inner or outer)",
        "",
    ),
    b(
        Ctx::Play,
        &[Key::AnyDigit],
        "0-9",
        Action::Digit,
        "select a hole by its number (two digits for 10 and up; Bao: 1-8 in the row selected)",
        "hole",
    ),
    b(
        Ctx::Play,
        &[Code(KeyCode::Enter), Char(' ')],
        "Enter",
        Action::Play,
        "sow the selected hole (Space too, or click a hole)",
        "sow",
    ),
    b(
        Ctx::Play,
        &[Char('u')],
        "u",
        Action::Undo,
        "undo (against the AI: back to your last decision)",
        "undo",
    ),
    b(Ctx::Play, &[Char('r')], "r", Action::Redo, "redo", ""),
    b(
        Ctx::Play,
        &[Char('i')],
        "i",
        Action::Hint,
        "hint: the AI's suggestion and its evaluation (selects it; Enter plays it)",
        "hint",
    ),
    b(
        Ctx::Play,
        &[Char('a')],
        "a",
        Action::Analysis,
        "analysis on/off: every legal decision of the side to move with the AI's value in seeds, best first",
        "analysis",
    ),
    b(
        Ctx::Play,
        &[Char('x')],
        "x",
        Action::Special,
        "special move, when the rules allow it",
        "",
    ),
    b(
        Ctx::Play,
        &[Char('s'), Code(KeyCode::Tab)],
        "s",
        Action::Skip,
        "skip the animation (the line above the log says so while it runs)",
        "",
    ),
    b(
        Ctx::Play,
        &[Char('+'), Char('=')],
        "+",
        Action::Faster,
        "faster animation",
        "",
    ),
    b(
        Ctx::Play,
        &[Char('-')],
        "-",
        Action::Slower,
        "slower animation",
        "",
    ),
    b(
        Ctx::Play,
        &[Code(KeyCode::Esc)],
        "Esc",
        Action::Cancel,
        "clear the typed hole number; take back a sowing still being worked out",
        "",
    ),
    b(
        Ctx::Play,
        &[Char('q')],
        "q",
        Action::Quit,
        "quit (asks first while a game is on)",
        "quit",
    ),
    b(
        Ctx::Over,
        &[Char('r')],
        "r",
        Action::Rematch,
        "rematch (in a match: the next game)",
        "rematch",
    ),
    b(
        Ctx::Over,
        &[Char('n')],
        "n",
        Action::NewGame,
        "new game from the start menu",
        "new game",
    ),
    b(
        Ctx::Over,
        &[Char('u')],
        "u",
        Action::Undo,
        "undo the last move",
        "undo",
    ),
    b(
        Ctx::Over,
        &[Char('q'), Code(KeyCode::Esc)],
        "q",
        Action::QuitNow,
        "quit",
        "quit",
    ),
    b(
        Ctx::Replay,
        &[Code(KeyCode::Right), Char('l')],
        "→/l",
        Action::StepForward,
        "next decision (animated; again to skip the animation)",
        "step",
    ),
    b(
        Ctx::Replay,
        &[Code(KeyCode::Left), Char('h')],
        "←/h",
        Action::StepBack,
        "previous decision",
        "",
    ),
    b(
        Ctx::Replay,
        &[Code(KeyCode::Down), Char('j'), Code(KeyCode::PageDown)],
        "↓/↑",
        Action::TurnForward,
        "next turn",
        "turn",
    ),
    b(
        Ctx::Replay,
        &[Code(KeyCode::Up), Char('k'), Code(KeyCode::PageUp)],
        "↑/k",
        Action::TurnBack,
        "previous turn",
        "",
    ),
    b(
        Ctx::Replay,
        &[Code(KeyCode::Home), Char('g')],
        "Home/End",
        Action::First,
        "the start of the game",
        "start/end",
    ),
    b(
        Ctx::Replay,
        &[Code(KeyCode::End), Char('G')],
        "End",
        Action::Last,
        "the end of the game",
        "",
    ),
    b(
        Ctx::Replay,
        &[Key::AnyDigit],
        "0-9 Enter",
        Action::Digit,
        "type a turn number, Enter jumps to it",
        "turn N",
    ),
    b(
        Ctx::Replay,
        &[Code(KeyCode::Enter)],
        "Enter",
        Action::Play,
        "jump to the turn typed",
        "",
    ),
    b(
        Ctx::Replay,
        &[Char(' '), Char('a')],
        "Space",
        Action::Autoplay,
        "autoplay on or off",
        "autoplay",
    ),
    b(
        Ctx::Replay,
        &[Char('+'), Char('=')],
        "+/-",
        Action::Faster,
        "faster animation and autoplay",
        "speed",
    ),
    b(
        Ctx::Replay,
        &[Char('-')],
        "-",
        Action::Slower,
        "slower animation and autoplay",
        "",
    ),
    b(
        Ctx::Replay,
        &[Char('t')],
        "t",
        Action::TakeOver,
        "take over: play on from here as a new game",
        "take over",
    ),
    b(
        Ctx::Replay,
        &[Char('n'), Char(']')],
        "n/p",
        Action::NextGame,
        "next game of the match",
        "",
    ),
    b(
        Ctx::Replay,
        &[Char('p'), Char('[')],
        "p",
        Action::PrevGame,
        "previous game of the match",
        "",
    ),
    b(
        Ctx::Replay,
        &[Code(KeyCode::Esc)],
        "Esc",
        Action::Cancel,
        "clear the turn number typed",
        "",
    ),
    b(
        Ctx::Replay,
        &[Char('q')],
        "q",
        Action::QuitNow,
        "quit the viewer",
        "quit",
    ),
    b(
        Ctx::Loading,
        &[Code(KeyCode::Esc)],
        "Esc",
        Action::Cancel,
        "stop reading: back to where you were, nothing lost",
        "stop",
    ),
    b(
        Ctx::Loading,
        &[Char('q')],
        "q",
        Action::Quit,
        "quit",
        "quit",
    ),
    b(
        Ctx::Help,
        &[Code(KeyCode::Up), Char('k')],
        "↑/k",
        Action::Up,
        "scroll up",
        "scroll",
    ),
    b(
        Ctx::Help,
        &[Code(KeyCode::Down), Char('j')],
        "↓/j",
        Action::Down,
        "scroll down",
        "",
    ),
    b(
        Ctx::Help,
        &[Code(KeyCode::PageUp)],
        "PgUp",
        Action::Left,
        "page up",
        "",
    ),
    b(
        Ctx::Help,
        &[Code(KeyCode::PageDown)],
        "PgDn",
        Action::Right,
        "page down",
        "",
    ),
    b(
        Ctx::Help,
        &[Code(KeyCode::Esc), Char('q')],
        "Esc",
        Action::Cancel,
        "close the help",
        "close",
    ),
    b(
        Ctx::Confirm,
        &[Char('y')],
        "y",
        Action::Yes,
        "yes, quit",
        "quit",
    ),
    b(
        Ctx::Confirm,
        &[Char('n'), Code(KeyCode::Esc)],
        "n/Esc",
        Action::No,
        "no, go on playing",
        "go on",
    ),
];

/// The action of a key in a context (global bindings apply everywhere).
pub fn action(ctx: Ctx, ev: &KeyEvent) -> Option<Action> {
    BINDINGS
        .iter()
        .filter(|b| b.ctx == ctx)
        .chain(BINDINGS.iter().filter(|b| b.ctx == Ctx::Global))
        .find(|b| b.keys.iter().any(|k| k.matches(ev)))
        .map(|b| b.action)
}

/// The hint bar's entries for a context: (keys, word). `rows`: the game
/// has rows to pick with ↑/↓ while playing (Bao).
pub fn hints(ctx: Ctx, rows: bool) -> Vec<(&'static str, &'static str)> {
    let shown = |b: &&Binding| {
        !b.hint.is_empty() && (rows || ctx != Ctx::Play || !matches!(b.action, Action::Up))
    };
    let mut out: Vec<_> = BINDINGS
        .iter()
        .filter(|b| b.ctx == ctx)
        .filter(shown)
        .map(|b| (b.label, b.hint))
        .collect();
    if ctx != Ctx::Help {
        out.extend(
            BINDINGS
                .iter()
                .filter(|b| b.ctx == Ctx::Global && !b.hint.is_empty())
                .map(|b| (b.label, b.hint)),
        );
    }
    out
}

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
    /// An earlier position of the live game, looked at (inside Play).
    Browse,
    Over,
    /// The replay viewer.
    Replay,
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
    pub const ALL: [Ctx; 16] = [
        Ctx::Global,
        Ctx::Menu,
        Ctx::Race,
        Ctx::Play,
        Ctx::Direction,
        Ctx::Special,
        Ctx::Browse,
        Ctx::Over,
        Ctx::Replay,
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
    Restart,
    Review,
    NextMistake,
    PrevMistake,
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
            Action::Restart => "restart",
            Action::Review => "review",
            Action::NextMistake => "next-mistake",
            Action::PrevMistake => "prev-mistake",
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
        Ctx::Global,
        &[Key::Ctrl('z')],
        "Ctrl-Z",
        Action::Suspend,
        "suspend to the shell (fg resumes, the screen comes back)",
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
        &[Char('L')],
        "L",
        Action::Learn,
        "lessons of the game chosen: guided positions with a task",
        "lessons",
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
        "the saved game above",
        "choose",
    ),
    b(
        Ctx::Saves,
        &[Code(KeyCode::Down), Char('j')],
        "↓",
        Action::Down,
        "the saved game below",
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
        &[Char('d'), Code(KeyCode::Delete)],
        "d",
        Action::Delete,
        "delete the game (asks first; never one open in another window)",
        "delete",
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
        "South's racer drops a seed: press its two keys in turn (the same key twice counts once)",
        "South",
    ),
    b(
        Ctx::Race,
        &[Char('n'), Char('m')],
        "n m",
        Action::NorthRace,
        "North's racer drops a seed: press its two keys in turn (the same key twice counts once)",
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
        &[Char('[')],
        "[",
        Action::StepBack,
        "look at the positions before (the game goes on; Esc returns)",
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
        "special",
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
        &[Char('[')],
        "[",
        Action::StepBack,
        "look at the positions before, as played (the game goes on; Esc returns)",
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
        Ctx::Browse,
        &[Char('['), Code(KeyCode::Left), Char('h')],
        "[/←",
        Action::StepBack,
        "the position before",
        "earlier",
    ),
    b(
        Ctx::Browse,
        &[Char(']'), Code(KeyCode::Right), Char('l')],
        "]/→",
        Action::StepForward,
        "the position after (after the last: back to the game)",
        "later",
    ),
    b(
        Ctx::Browse,
        &[Code(KeyCode::Esc), Char('u'), Code(KeyCode::End)],
        "Esc",
        Action::Cancel,
        "back to the game as it is now (u and End too)",
        "back to the game",
    ),
    b(
        Ctx::Browse,
        &[Code(KeyCode::Enter), Char(' ')],
        "Enter",
        Action::Play,
        "nothing is played here: says how to return",
        "",
    ),
    b(
        Ctx::Browse,
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
        &[Char('v')],
        "v",
        Action::Review,
        "review this game in the replay viewer",
        "review",
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
        &[Char('v')],
        "v",
        Action::Review,
        "the AI reviews every decision (v again stops it; marks: end of help)",
        "review",
    ),
    b(
        Ctx::Replay,
        &[Char('m')],
        "m/M",
        Action::NextMistake,
        "next mistake or blunder (after the review)",
        "mistake",
    ),
    b(
        Ctx::Replay,
        &[Char('M')],
        "M",
        Action::PrevMistake,
        "previous mistake or blunder",
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
        "clear the turn number typed; opened from the saved games: back to the list",
        "",
    ),
    b(
        Ctx::Replay,
        &[Char('q')],
        "q",
        Action::Quit,
        "quit the viewer (opened from the saved games: back to the list)",
        "quit",
    ),
    b(
        Ctx::Delete,
        &[Char('y')],
        "y",
        Action::Yes,
        "yes, delete the saved game",
        "delete",
    ),
    b(
        Ctx::Delete,
        &[Char('n'), Code(KeyCode::Esc)],
        "n/Esc",
        Action::No,
        "no, keep it",
        "keep",
    ),
    b(
        Ctx::InUse,
        &[Char('c')],
        "c",
        Action::Copy,
        "open a copy of the game, saved under a new name in the data folder",
        "open a copy",
    ),
    b(
        Ctx::InUse,
        &[Char('n'), Code(KeyCode::Esc)],
        "n/Esc",
        Action::No,
        "don't open it (from the command line: the program ends, nothing changed)",
        "don't",
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
    b(
        Ctx::Lesson,
        &[Code(KeyCode::Left), Char('h')],
        "←/h",
        Action::Left,
        "previous hole (when a direction is asked: the one going left)",
        "hole",
    ),
    b(
        Ctx::Lesson,
        &[Code(KeyCode::Right), Char('l')],
        "→/l",
        Action::Right,
        "next hole (when a direction is asked: the one going right)",
        "",
    ),
    b(
        Ctx::Lesson,
        &[Code(KeyCode::Up), Char('k')],
        "↑/k",
        Action::Up,
        "Bao la Kimasai: the other row (inner or outer)",
        "",
    ),
    b(
        Ctx::Lesson,
        &[Code(KeyCode::Down), Char('j')],
        "↓/j",
        Action::Down,
        "Bao la Kimasai: the other row (inner or outer)",
        "",
    ),
    b(
        Ctx::Lesson,
        &[Key::AnyDigit],
        "0-9",
        Action::Digit,
        "select a hole by its number",
        "",
    ),
    b(
        Ctx::Lesson,
        &[Code(KeyCode::Enter), Char(' ')],
        "Enter",
        Action::Play,
        "sow the selected hole; after the verdict: the next lesson, or try again",
        "sow",
    ),
    b(
        Ctx::Lesson,
        &[Char('x')],
        "x",
        Action::Special,
        "special move (where the lesson allows it): Enter lifts two holes, then drops the seeds one by one",
        "",
    ),
    b(
        Ctx::Lesson,
        &[Char('i')],
        "i",
        Action::Hint,
        "a hint (selects its hole; Enter plays it)",
        "hint",
    ),
    b(
        Ctx::Lesson,
        &[Char('a')],
        "a",
        Action::Solution,
        "show the solution",
        "solution",
    ),
    b(
        Ctx::Lesson,
        &[Char('u')],
        "u",
        Action::Restart,
        "start the lesson again",
        "again",
    ),
    b(
        Ctx::Lesson,
        &[Char('s')],
        "s",
        Action::Skip,
        "skip the animation",
        "",
    ),
    b(
        Ctx::Lesson,
        &[Char('n')],
        "n",
        Action::NextGame,
        "next lesson",
        "next",
    ),
    b(
        Ctx::Lesson,
        &[Char('p')],
        "p",
        Action::PrevGame,
        "previous lesson",
        "",
    ),
    b(
        Ctx::Lesson,
        &[Char('q'), Code(KeyCode::Esc)],
        "q",
        Action::Back,
        "leave the lessons",
        "leave",
    ),
];

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
                other => format!("{other:?}"),
            },
        }
    }

    /// A key as the settings file writes it: one character (`u`, `?`),
    /// `Ctrl-x`, `0-9` (any digit) or a name (`Up`, `Down`, `Left`, `Right`,
    /// `Enter`, `Space`, `Esc`, `Tab`, `Backspace`, `PgUp`, `PgDn`, `Home`,
    /// `End`, `Delete`, `Insert`, `F1`..`F12`; arrows `↑↓←→` too).
    pub fn parse(s: &str) -> Result<Key, String> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Ok(match c {
                '↑' => Key::Code(KeyCode::Up),
                '↓' => Key::Code(KeyCode::Down),
                '←' => Key::Code(KeyCode::Left),
                '→' => Key::Code(KeyCode::Right),
                c if c.is_control() => {
                    return Err(format!("'{}' is not a key", s.escape_default()));
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
                return Err(format!(
                    "'{}' is not a key (a character, Ctrl-x, 0-9, Up, Down, Left, Right, Enter, Space, Esc, Tab, Backspace, PgUp, PgDn, Home, End, Delete, Insert, F1-F12)",
                    crate::text::excerpt(s)
                ));
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
fn is_ctrl_c(ev: &KeyEvent) -> bool {
    ev.modifiers.contains(KeyModifiers::CONTROL) && matches!(ev.code, KeyCode::Char('c' | 'C'))
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
    pub fn rebind(&mut self, name: &str, keys: &[Key]) -> Result<usize, String> {
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
            return Err(format!(
                "{}: Ctrl-c always quits at once and cannot be bound to anything else",
                crate::text::excerpt(name)
            ));
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
            let hint = crate::settings::did_you_mean(name, known.iter().map(String::as_str))
                .map(|n| format!(" (did you mean '{n}'?)"))
                .unwrap_or_default();
            return Err(format!(
                "unknown action '{}'{hint}",
                crate::text::excerpt(name)
            ));
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
    pub fn action(&self, ctx: Ctx, ev: &KeyEvent) -> Option<Action> {
        if is_ctrl_c(ev) {
            return Some(Action::QuitNow);
        }
        let find = |c: Ctx| {
            (0..BINDINGS.len())
                .filter(|&i| BINDINGS[i].ctx == c)
                .find(|&i| self.keys[i].iter().any(|k| k.matches(ev)))
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
        let shown = |i: &usize| {
            let b = &BINDINGS[*i];
            !b.hint.is_empty()
                && !self.keys[*i].is_empty()
                && (rows || ctx != Ctx::Play || !matches!(b.action, Action::Up))
        };
        let mut out: Vec<_> = (0..BINDINGS.len())
            .filter(|&i| BINDINGS[i].ctx == ctx)
            .filter(shown)
            .map(|i| (self.hint_label(i), BINDINGS[i].hint))
            .collect();
        if ctx != Ctx::Help {
            out.extend(
                (0..BINDINGS.len())
                    .filter(|&i| BINDINGS[i].ctx == Ctx::Global)
                    .filter(shown)
                    .map(|i| (self.hint_label(i), BINDINGS[i].hint)),
            );
        }
        out
    }
}

thread_local! {
    /// The bindings the client on this thread uses (the settings' at start).
    static ACTIVE: std::cell::RefCell<std::rc::Rc<Keymap>> =
        std::cell::RefCell::new(std::rc::Rc::new(Keymap::default()));
}

/// Puts `map` in effect for the client running on this thread.
pub fn set_active(map: Keymap) {
    ACTIVE.with(|a| *a.borrow_mut() = std::rc::Rc::new(map));
}

/// The bindings in effect on this thread.
pub fn active() -> std::rc::Rc<Keymap> {
    ACTIVE.with(|a| a.borrow().clone())
}

/// The action of a key in a context, by the bindings in effect.
pub fn action(ctx: Ctx, ev: &KeyEvent) -> Option<Action> {
    active().action(ctx, ev)
}

/// The hint bar's entries for a context, by the bindings in effect.
pub fn hints(ctx: Ctx, rows: bool) -> Vec<(String, &'static str)> {
    active().hints(ctx, rows)
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
    fn an_action_alone_rebinds_it_on_every_screen() {
        let mut map = Keymap::default();
        assert_eq!(map.rebind("undo", &[Key::Char('z')]), Ok(3));
        assert_eq!(map.conflict(), None);
        let z = KeyEvent::new(KeyCode::Char('z'), KeyModifiers::NONE);
        let u = KeyEvent::new(KeyCode::Char('u'), KeyModifiers::NONE);
        assert_eq!(map.action(Ctx::Play, &z), Some(Action::Undo));
        assert_eq!(map.action(Ctx::Over, &z), Some(Action::Undo));
        assert_eq!(map.action(Ctx::Play, &u), None);
        assert_eq!(
            map.rebind("play.undoo", &[Key::Char('z')]),
            Err("unknown action 'play.undoo' (did you mean 'play.undo'?)".into())
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
    fn ctrl_c_always_quits_and_cannot_be_bound_to_anything_else() {
        let mut map = Keymap::default();
        map.rebind("quit-now", &[]).unwrap();
        map.rebind("global.quit-now", &[Key::Code(KeyCode::F(12))])
            .unwrap();
        let quit_now = BINDINGS
            .iter()
            .position(|b| b.ctx == Ctx::Global && b.action == Action::QuitNow)
            .unwrap();
        assert_eq!(map.label(quit_now), "Ctrl-c/F12");
        for c in ['c', 'C'] {
            let ev = KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
            for ctx in Ctx::ALL {
                assert_eq!(map.action(ctx, &ev), Some(Action::QuitNow), "{ctx:?}");
            }
        }
        assert_eq!(
            map.rebind("play.undo", &[Key::Char('z'), Key::Ctrl('c')]),
            Err(
                "play.undo: Ctrl-c always quits at once and cannot be bound to anything else"
                    .into()
            )
        );
        assert_eq!(map.rebind("menu.quit-now", &[Key::Ctrl('c')]), Ok(1));
        assert_eq!(map.conflict(), None);
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
                .starts_with("'Hyper-x' is not a key")
        );
    }
}

//! The one harness of the client tests: an app from a command line given as
//! one string, its screen as lines, and keys.

use clap::Parser;
use masai_mancala::app::Theme;
use masai_mancala::app::{App, Screen};
use masai_mancala::app::{AppEvent, Output};
use masai_mancala::cli::{Cli, ClientArgs, Command};
use masai_mancala::engine::enkeshui::Enkeshui;
use masai_mancala::engine::{Game, Quiet, Side};
use masai_mancala::session::job::Done;
use masai_mancala::session::setup::Setup;
use masai_mancala::theme::Palette;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

pub const PLAIN: Theme = Theme {
    color: false,
    ascii: false,
    palette: Palette::Dark,
};

/// Splits a command line at spaces; single quotes keep a value with spaces.
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                any = false;
            }
            c => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn parse(line: &str) -> Cli {
    let mut all = vec!["masai-mancala".to_string()];
    all.extend(words(line));
    Cli::try_parse_from(all).unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// The setup of `enkeshui ARGS`.
pub fn setup(args: &str) -> Setup {
    Setup::try_from(&command(&format!("enkeshui {args}"))).expect("setup")
}

/// The game command of `COMMAND ARGS` (enkeshui, en-gehe or bao).
pub fn command(line: &str) -> Command {
    parse(line)
        .command
        .unwrap_or_else(|| panic!("{line}: not a game"))
}

/// The client's options of `enkeshui ARGS`.
pub fn client(args: &str) -> ClientArgs {
    command(&format!("enkeshui {args}"))
        .client()
        .unwrap()
        .clone()
}

/// An app that opens the game of `COMMAND ARGS` (enkeshui, en-gehe or bao).
pub fn start(line: &str) -> (App, Receiver<AppEvent>) {
    let command = command(line);
    let setup = Setup::try_from(&command).unwrap_or_else(|e| panic!("{line}: {e}"));
    with_setup(setup, command.client().expect("a game").clone())
}

/// An app that opens this game.
pub fn with_setup(setup: Setup, client: ClientArgs) -> (App, Receiver<AppEvent>) {
    let (tx, rx) = channel();
    let mut app = App::with_game(tx, setup, client, PLAIN, Instant::now());
    app.set_ai_pause(Duration::ZERO);
    // Decisions are worked out on a thread: wait for them (one test does not).
    app.set_work_wait(Duration::from_secs(10));
    // Saves too: a test reads the file once the key is handled.
    app.set_save_wait(Duration::from_secs(10));
    ready(&mut app);
    (app, rx)
}

/// The first race of a run waits for Enter before its countdown (the
/// player sees the board first): pressed, as a player does.
pub fn ready(app: &mut App) {
    if app.race().is_some_and(|r| r.waiting()) {
        key(app, KeyCode::Enter);
    }
}

/// An app that opens `enkeshui ARGS`.
pub fn app(args: &str) -> (App, Receiver<AppEvent>) {
    start(&format!("enkeshui {args}"))
}

/// An app at the start menu with the command line's client options.
pub fn menu() -> (App, Receiver<AppEvent>) {
    let (tx, rx) = channel();
    (App::menu(tx, Default::default(), PLAIN), rx)
}

/// The start menu with its saved games in `dir`, every job's answer coming
/// as an event (none waited for).
pub fn menu_saving_in(dir: &std::path::Path) -> (App, Receiver<AppEvent>) {
    let (mut app, rx) = menu();
    app.set_autosave_dir(dir.to_path_buf());
    app.set_work_wait(Duration::ZERO);
    (app, rx)
}

pub fn lines_of(buf: &Buffer) -> Vec<String> {
    let a = buf.area;
    (0..a.height)
        .map(|y| {
            (0..a.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

pub fn screen_wh(app: &mut App, w: u16, h: u16) -> Vec<String> {
    // The terminal's size comes as the loop gives it: a resize event.
    app.handle(AppEvent::Resize(w, h), Instant::now());
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    masai_mancala::app::draw(&mut term, app).unwrap();
    lines_of(term.backend().buffer())
}

pub fn screen(app: &mut App) -> Vec<String> {
    screen_wh(app, 80, 24)
}

pub fn has(lines: &[String], text: &str) -> bool {
    lines.iter().any(|l| l.contains(text))
}

pub fn key(app: &mut App, code: KeyCode) {
    app.handle(AppEvent::Key(KeyEvent::from(code)), Instant::now());
}

pub fn keys(app: &mut App, s: &str) {
    for c in s.chars() {
        key(app, KeyCode::Char(c));
    }
}

/// The board's four lines, trimmed at both ends.
pub fn board_lines(lines: &[String]) -> Vec<String> {
    lines[2..6].iter().map(|l| l.trim().to_string()).collect()
}

/// Board lines with the hole cursor's brackets taken out and spaces
/// collapsed: the same position, selected hole or not.
pub fn without_cursor(board: &[String]) -> Vec<String> {
    board
        .iter()
        .map(|l| {
            l.replace(['[', ']'], " ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// Waits for the AI's decision and feeds it to the app.
pub fn ai_turn(app: &mut App, rx: &Receiver<AppEvent>) -> String {
    let ev = rx
        .recv_timeout(Duration::from_secs(5))
        .expect("the AI answers");
    let AppEvent::Job(Done {
        output: Output::Ai(ref decided),
        ..
    }) = ev
    else {
        panic!("expected an AI move, got {ev:?}")
    };
    let token = decided
        .decision
        .as_ref()
        .expect("the AI's decision")
        .to_string();
    app.handle(ev, Instant::now());
    token
}

/// Ticks the app at each deadline until `done` or `n` ticks; returns the time reached.
pub fn tick_until(app: &mut App, n: usize, done: impl Fn(&App) -> bool) -> Instant {
    let mut now = Instant::now();
    for _ in 0..n {
        if done(app) {
            break;
        }
        let Some(at) = app.deadline() else { break };
        now = at.max(now);
        app.tick(now);
    }
    now
}

#[test]
fn words_split_at_spaces_and_keep_quoted_values() {
    assert_eq!(
        words("--layout '0 0 4' --race off"),
        ["--layout", "0 0 4", "--race", "off"]
    );
    assert_eq!(words("--position ''"), ["--position", ""]);
}

/// A game with South to choose a direction (found by random play).
pub fn direction_game() -> Enkeshui {
    use rand::SeedableRng;
    let masai_mancala::engine::AnyGame::Enkeshui(base) =
        setup("--holes 8 --race off").start().clone()
    else {
        panic!("not enkeshui")
    };
    for seed in 0..2000u64 {
        let mut rng = masai_mancala::engine::SeededRng::seed_from_u64(seed);
        let mut g = base.clone();
        for _ in 0..200 {
            if g.pending().is_some() && g.to_move() == Side::South {
                return g;
            }
            if g.play_random(&mut rng, &mut Quiet).is_none() {
                break;
            }
        }
    }
    panic!("no direction choice found");
}

/// The lines of the screen from `from` to `to`, trimmed at both ends.
pub fn trimmed(lines: &[String], from: usize, to: usize) -> Vec<String> {
    lines[from..to]
        .iter()
        .map(|l| l.trim().to_string())
        .collect()
}

/// The Bao board after South opens with i3 (the cursor back on North's i1).
pub const BAO_AFTER_I3: [&str; 9] = [
    "o8   o7   o6   o5   o4   o3   o2   o1",
    "North outer     0    0    0    0    0    0    0    0  reserve 24",
    "North inner     1    1    1    1    1    1    1[  1]",
    "i8   i7   i6   i5   i4   i3   i2   i1",
    "i1   i2   i3   i4   i5   i6   i7   i8",
    "South inner     1    1    0    0    2    0    2    0",
    "South outer     0    0    0    0    0    0    1    1  reserve 24",
    "o1   o2   o3   o4   o5   o6   o7   o8",
    "Phase 1 · turn 2 · North to move · cows: South 32, North 32",
];

/// Feeds the app the next event of the background work and returns it.
pub fn next_event(app: &mut App, rx: &Receiver<AppEvent>) -> AppEvent {
    let ev = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("the background work answers");
    app.handle(ev.clone(), Instant::now());
    ev
}

/// The output of a background job's answer, or None for any other event.
pub fn output(ev: &AppEvent) -> Option<&Output> {
    match ev {
        AppEvent::Job(Done { output, .. }) => Some(output),
        _ => None,
    }
}

/// The replay viewer on the record of `app`'s game so far.
pub fn replay_of(app: &App) -> App {
    let loaded = masai_mancala::session::load::from_record(
        std::path::Path::new("game.json"),
        app.record().expect("a record"),
        &Default::default(),
    )
    .expect("the record loads");
    let (tx, _rx) = channel();
    App::replay(tx, loaded, Default::default(), PLAIN).expect("the viewer opens")
}

/// Plays decisions picked by a fixed rule until the game is over.
pub fn play_to_the_end(app: &mut App) {
    let mut pick = 0usize;
    for _ in 0..3000 {
        if app.screen() == Screen::Over {
            return;
        }
        let tokens = app.play().unwrap().game().legal_tokens();
        pick = (pick * 31 + 7) % tokens.len();
        app.decide(tokens[pick].clone(), Instant::now());
    }
    panic!("the game did not end");
}

/// The path of `NAME.json` (not made) in a fresh folder of its own, removed
/// when the guard drops.
pub fn temp_file(name: &str) -> crate::temp::TempDir {
    crate::temp::TempDir::file(&format!("masai-tui-{name}"), &format!("{name}.json"))
}

/// Loads the saved record and continues it in a new app.
pub fn resumed(path: &std::path::Path) -> (App, Receiver<AppEvent>) {
    let loaded =
        masai_mancala::session::load::load(path, &Default::default()).expect("the save loads");
    let (tx, rx) = channel();
    let mut app =
        App::resume(tx, &loaded, Default::default(), PLAIN, Instant::now()).expect("resumes");
    app.set_ai_pause(Duration::ZERO);
    app.set_work_wait(Duration::from_secs(10));
    app.set_save_wait(Duration::from_secs(10));
    app.save_to(path.to_path_buf(), false);
    (app, rx)
}

/// A file of `tests/fixtures/client`.
pub fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/client")
        .join(name)
}

/// Handles the background answers until `done` holds (stale ones change nothing).
pub fn events_until(app: &mut App, rx: &Receiver<AppEvent>, done: impl Fn(&App) -> bool) {
    let t = Instant::now();
    while !done(app) {
        let left = Duration::from_secs(120).saturating_sub(t.elapsed());
        let ev = rx.recv_timeout(left).expect("the background work answers");
        app.handle(ev, Instant::now());
    }
}

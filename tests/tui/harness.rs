//! The one harness of the client tests: an app from a command line given as
//! one string, its screen as lines, and keys.

use clap::Parser;
use masai_mancala::app::AppEvent;
use masai_mancala::app::{App, Setup};
use masai_mancala::app::{Palette, Theme};
use masai_mancala::cli::{Cli, Command};
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
    let Some(Command::Enkeshui(a)) = parse(&format!("enkeshui {args}")).command else {
        panic!("not enkeshui")
    };
    Setup::new(a).expect("setup")
}

/// An app that opens the game of `COMMAND ARGS` (enkeshui, en-gehe or bao).
pub fn start(line: &str) -> (App, Receiver<AppEvent>) {
    let setup = match parse(line).command {
        Some(Command::Enkeshui(a)) => Setup::new(a).expect("setup"),
        Some(Command::EnGehe(a)) => Setup::other(
            a.client.clone(),
            a.game().expect("game").into(),
            a.teams(),
            a.seed,
        ),
        Some(Command::BaoLaKimasai(a)) => Setup::other(
            a.client.clone(),
            a.game().expect("game").into(),
            Default::default(),
            a.seed,
        ),
        _ => panic!("{line}: not a game"),
    };
    with_setup(setup)
}

/// An app that opens this game.
pub fn with_setup(setup: Setup) -> (App, Receiver<AppEvent>) {
    let (tx, rx) = channel();
    let mut app = App::with_game(tx, setup, PLAIN, Instant::now()).expect("app");
    app.ai_pause = Duration::ZERO;
    // Decisions are worked out on a thread: wait for them (one test does not).
    app.work_wait = Duration::from_secs(10);
    (app, rx)
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

/// Waits for the AI's decision and feeds it to the app.
pub fn ai_turn(app: &mut App, rx: &Receiver<AppEvent>) -> String {
    let ev = rx
        .recv_timeout(Duration::from_secs(5))
        .expect("the AI answers");
    let AppEvent::Ai { ref token, .. } = ev else {
        panic!("expected an AI move, got {ev:?}")
    };
    let token = token.clone();
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

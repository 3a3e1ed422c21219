//! The themes: every game at 80x24 on TestBackend in dark, light,
//! high-contrast and high-contrast-light, the same text in each, each in
//! its own colours, and NO_COLOR over all of them.

use clap::Parser;
use masai_mancala::app::App;
use masai_mancala::app::AppEvent;
use masai_mancala::app::Theme;
use masai_mancala::cli::{Cli, ClientArgs, Command};
use masai_mancala::session::setup::Setup;
use masai_mancala::theme::Palette;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::collections::BTreeSet;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

fn setup(args: &str) -> (Setup, ClientArgs) {
    let words = std::iter::once("masai-mancala").chain(args.split_whitespace());
    let command = Cli::try_parse_from(words).unwrap().command.expect("a game");
    let client = command.client().expect("a game").clone();
    (Setup::try_from(&command).unwrap(), client)
}

/// The game of `args` after one decision (`keys` then Enter), drawn at
/// 80x24: its lines and the foreground colours used.
fn drawn(args: &str, keys: &str, theme: Theme) -> (Vec<String>, BTreeSet<String>) {
    let (tx, _rx) = channel();
    let (setup, client) = setup(args);
    let mut app = App::with_game(tx, setup, client, theme, Instant::now());
    app.set_work_wait(Duration::from_secs(10));
    for c in keys.chars() {
        app.handle(
            AppEvent::Key(KeyEvent::from(KeyCode::Char(c))),
            Instant::now(),
        );
    }
    app.handle(
        AppEvent::Key(KeyEvent::from(KeyCode::Enter)),
        Instant::now(),
    );
    app.handle(AppEvent::Resize(80, 24), Instant::now());
    let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
    masai_mancala::app::draw(&mut term, &app).unwrap();
    let buf = term.backend().buffer();
    let lines = (0..24)
        .map(|y| (0..80).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect();
    let colours = buf
        .content()
        .iter()
        .map(|c| format!("{:?}", c.fg))
        .collect();
    (lines, colours)
}

const GAMES: &[(&str, &str)] = &[
    ("enkeshui --race off --north human --instant", "5"),
    ("en-gehe --holes 50 --north human --instant", "7"),
    ("bao --north human --instant", "3"),
];

fn theme(palette: Palette, color: bool) -> Theme {
    Theme {
        color,
        ascii: false,
        palette,
    }
}

#[test]
fn every_theme_draws_every_game_with_the_same_text_in_its_own_colours() {
    for (args, keys) in GAMES {
        let (dark_text, dark) = drawn(args, keys, theme(Palette::Dark, true));
        let (light_text, light) = drawn(args, keys, theme(Palette::Light, true));
        let (high_text, high) = drawn(args, keys, theme(Palette::HighContrast, true));
        let (white_text, white) = drawn(args, keys, theme(Palette::HighContrastLight, true));
        assert_eq!(
            light_text, dark_text,
            "{args}: colour is only ever an extra"
        );
        assert_eq!(high_text, dark_text, "{args}");
        assert_eq!(white_text, dark_text, "{args}");
        // The last move's seeds are marked in each theme's colour.
        assert!(dark.contains("Yellow"), "{args}: {dark:?}");
        assert!(light.contains("Blue"), "{args}: {light:?}");
        assert!(high.contains("LightYellow"), "{args}: {high:?}");
        assert!(white.contains("Blue"), "{args}: {white:?}");
        // Yellow and cyan vanish on a light background; nothing is dimmed
        // in high contrast.
        for c in ["Yellow", "Cyan", "LightYellow", "LightCyan"] {
            assert!(!light.contains(c), "{args}: {c} in light: {light:?}");
        }
        for c in [
            "DarkGray", "Yellow", "Cyan", "Green", "Magenta", "Red", "Blue",
        ] {
            assert!(!high.contains(c), "{args}: {c} in high contrast: {high:?}");
        }
        for c in LIGHT.iter().chain(&["Cyan", "Green", "DarkGray"]) {
            assert!(
                !white.contains(*c),
                "{args}: {c} in high-contrast-light: {white:?}"
            );
        }
        for c in ["Blue", "LightYellow", "LightCyan", "LightRed"] {
            assert!(!dark.contains(c), "{args}: {c} in dark: {dark:?}");
        }
    }
}

/// Colours that fade into a white background.
const LIGHT: &[&str] = &[
    "White",
    "Gray",
    "Yellow",
    "LightYellow",
    "LightCyan",
    "LightGreen",
    "LightMagenta",
    "LightRed",
    "LightBlue",
];

/// A bull of each side (South's hole 2, North's hole 3), drawn at 80x24.
const TWO_BULLS: &str = "enkeshui 3,6*,0x6/3,0,7+,0x5 s 15-14 1";

#[test]
fn high_contrast_light_draws_nothing_light_and_each_sides_bulls_apart() {
    let words = [
        "masai-mancala",
        "enkeshui",
        "--position",
        TWO_BULLS,
        "--north",
        "human",
        "--instant",
        "--theme",
        "high-contrast-light",
    ];
    let command = Cli::try_parse_from(words).unwrap().command.unwrap();
    let client = command.client().unwrap().clone();
    assert_eq!(client.theme, Some(Palette::HighContrastLight));
    let theme = theme(Palette::HighContrastLight, true);
    let (tx, _rx) = channel();
    let setup = Setup::try_from(&command).unwrap();
    let mut app = App::with_game(tx, setup, client, theme, Instant::now());
    app.handle(AppEvent::Resize(80, 24), Instant::now());
    let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
    masai_mancala::app::draw(&mut term, &app).unwrap();
    let buf = term.backend().buffer();
    for cell in buf.content() {
        let fg = format!("{:?}", cell.fg);
        assert!(
            !LIGHT.contains(&fg.as_str()),
            "{fg} on '{}' fades on white",
            cell.symbol()
        );
    }
    // The board's two bulls come before any key that explains the glyph.
    let bulls: Vec<_> = buf
        .content()
        .iter()
        .filter(|c| c.symbol() == "◆")
        .take(2)
        .map(|c| (format!("{:?}", c.fg), c.modifier))
        .collect();
    let board: Vec<String> = (0..24)
        .map(|y| (0..80).map(|x| buf[(x, y)].symbol()).collect())
        .collect();
    for row in [
        "North     0    0    0    0    0 ◆ 7N    0    3",
        "South     3 ◆ 6S    0    0    0    0    0    0",
    ] {
        assert!(board.iter().any(|l| l.contains(row)), "{board:#?}");
    }
    assert_eq!(bulls.len(), 2, "{bulls:?}");
    assert_ne!(
        bulls[0].0, bulls[1].0,
        "each side's bulls in its own colour"
    );
    for (_, m) in &bulls {
        assert!(m.contains(ratatui::style::Modifier::BOLD), "{bulls:?}");
    }
}

#[test]
fn no_color_wins_over_every_theme() {
    for (args, keys) in GAMES {
        let (dark_text, _) = drawn(args, keys, theme(Palette::Dark, true));
        for palette in Palette::ALL {
            let (text, colours) = drawn(args, keys, theme(palette, false));
            assert_eq!(text, dark_text, "{args} {palette:?}");
            assert_eq!(
                colours,
                BTreeSet::from(["Reset".to_string()]),
                "{args} {palette:?}"
            );
        }
    }
}

#[test]
fn the_theme_option_and_the_settings_name_the_same_themes() {
    for p in Palette::ALL {
        assert_eq!(Palette::parse(p.name()), Some(p));
        let cli = Cli::try_parse_from(["masai-mancala", "bao", "--theme", p.name()]).unwrap();
        let Some(Command::BaoLaKimasai(a)) = cli.command else {
            panic!()
        };
        assert_eq!(a.client.theme, Some(p));
    }
}

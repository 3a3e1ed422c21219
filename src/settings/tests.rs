//! Unit tests of the settings file.

use super::*;
use crate::ai::{Level, Player};

#[test]
fn an_unknown_key_names_its_line_and_the_closest_key() {
    let text = "south = \"human\"\n\n# the animation\n\n\n\nsped = 40\n";
    assert_eq!(
        Settings::parse(text).map_err(|e| e.to_string()),
        Err("line 7: unknown key 'sped' (did you mean 'speed'?)".into())
    );
    assert_eq!(
        Settings::parse("[enkeshui]\nhole = 10\n").map_err(|e| e.to_string()),
        Err("line 2: unknown key 'hole' (did you mean 'holes'?)".into())
    );
    assert_eq!(
        Settings::parse("color = true\n").map_err(|e| e.to_string()),
        Err("line 1: unknown key 'color' (did you mean 'colour'?)".into())
    );
    assert_eq!(
        Settings::parse("sound = true\n").map_err(|e| e.to_string()),
        Err("line 1: unknown key 'sound'".into())
    );
}

#[test]
fn bad_values_name_their_line() {
    assert_eq!(
        Settings::parse("\nlevel = \"grandmaster\"\n").map_err(|e| e.to_string()),
        Err("line 2: level 'grandmaster': easy, medium, hard or expert".into())
    );
    assert_eq!(
        Settings::parse("speed = 0\n").map_err(|e| e.to_string()),
        Err("line 1: speed 0: milliseconds per seed, 1 to 5000".into())
    );
    assert_eq!(
        Settings::parse("theme = \"neon\"").map_err(|e| e.to_string()),
        Err("line 1: theme 'neon': dark, light, high-contrast or high-contrast-light".into())
    );
    assert_eq!(
        Settings::parse("north = \"ai:master\"").map_err(|e| e.to_string()),
        Err("line 1: 'ai:master': a seat is human, ai (medium) or ai:LEVEL (random, greedy, mcts, easy, medium, hard, expert)".into())
    );
    assert_eq!(
        Settings::parse("[en-gehe]\nholes = 60").map_err(|e| e.to_string()),
        Err("line 2: en-gehe holes 60: 4 to 50 (40 to 50 are traditional)".into())
    );
    let e = Settings::parse("ascii = \"yes\"\n")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("line 1: "), "{e}");
    let e = Settings::parse("speed = 40\nspeed = 50\n")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("line 2: "), "{e}");
    let e = Settings::parse("speed = [").unwrap_err().to_string();
    assert!(e.starts_with("line 1: "), "{e}");
}

#[test]
fn a_binding_conflict_is_refused_naming_both() {
    let text = "[keys]\n\"play.undo\" = \"z\"\n\"play.hint\" = \"z\"\n";
    assert_eq!(
        Settings::parse(text).map_err(|e| e.to_string()),
        Err("line 3: play: key z is bound to both play.undo and play.hint".into())
    );
    assert_eq!(
        Settings::parse("[keys]\nundoo = \"z\"\n").map_err(|e| e.to_string()),
        Err("line 2: unknown action 'undoo' (did you mean 'undo'?)".into())
    );
    assert_eq!(
        Settings::parse("[keys]\nundo = \"Hyper\"\n")
            .unwrap_err()
            .to_string(),
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
fn every_good_setting_is_kept_and_every_bad_one_named_with_its_line() {
    let text = "level = \"hard\"\nspeed = 0\nsped = 40\ntheme = \"light\"\nascii = \"yes\"\nflip = [\ncolour = false\n[enkeshui]\nholes = 9\n[en-gehe]\nholes = 44\n[keys]\nundo = \"z\"\nhint = \"z\"\n\"play.special\" = \"Hyper\"\nredo = \"y\"\n";
    let (s, errors) = Settings::read(text);
    assert_eq!(
        errors.iter().map(ToString::to_string).collect::<Vec<_>>(),
        [
            "line 2: speed 0: milliseconds per seed, 1 to 5000",
            "line 3: unknown key 'sped' (did you mean 'speed'?)",
            "line 5: ascii: true or false, not text",
            "line 6: unexpected `=` in array, expected value, `]` (found on line 7)",
            "line 9: enkeshui holes 9: 8, 10 or 12 (other sizes need --layout)",
            "line 14: play: key z is bound to both play.undo and play.hint",
            "line 15: play.special: 'Hyper' is not a key (a character, Ctrl-x, 0-9, Up, Down, Left, Right, Enter, Space, Esc, Tab, Backspace, PgUp, PgDn, Home, End, Delete, Insert, F1-F12)",
        ]
    );
    assert_eq!(
        (s.level.value, &s.level.source),
        (Level::Hard, &Source::File(1))
    );
    assert_eq!(s.north.value, Seat::Ai(Player::Level(Level::Hard)));
    assert_eq!(s.speed.value, 90);
    assert_eq!(s.theme.value, Palette::Light);
    assert!(!s.ascii.value && !s.flip.value);
    assert_eq!((s.color.value, &s.color.source), (false, &Source::File(7)));
    assert_eq!(s.enkeshui_holes.value, 8);
    assert_eq!(s.en_gehe_holes.value, 44);
    // The conflicting `hint` is left out, `undo` and `redo` are kept.
    let print = s.print("x.toml");
    let key = |name: &str| {
        print
            .lines()
            .find(|l| l.starts_with(&format!("keys.{name} ")))
            .map(|l| l.split_whitespace().nth(1).unwrap().to_string())
    };
    assert_eq!(key("play.undo").as_deref(), Some("z"));
    assert_eq!(key("play.hint").as_deref(), Some("i"));
    assert_eq!(key("play.special").as_deref(), Some("x"));
    assert_eq!(key("play.redo").as_deref(), Some("y"));
    assert_eq!(
        Settings::parse(text)
            .unwrap_err()
            .to_string()
            .lines()
            .count(),
        errors.len()
    );
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

//! The settings file: layering (defaults, file, command line, environment),
//! errors with their line, `config --print` and `config --edit`.

#[path = "common/temp.rs"]
mod temp;
use temp::TempDir;

use clap::{CommandFactory, FromArgMatches};
use masai_mancala::ai::{Level, Player};
use masai_mancala::cli::{Cli, Command, Seat};
use masai_mancala::settings::{self, Settings, Source};
use masai_mancala::theme::Palette;
use std::path::Path;
use std::process::{Command as Process, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_masai-mancala");

/// A fresh empty folder for one test.
fn temp_dir(name: &str) -> TempDir {
    TempDir::new(&format!("masai-settings-{name}"))
}

/// The settings file `text` laid under `XDG_CONFIG_HOME` = the folder returned.
fn config_home(name: &str, text: Option<&str>) -> TempDir {
    let home = temp_dir(name);
    if let Some(text) = text {
        std::fs::create_dir_all(home.join("masai-mancala")).unwrap();
        std::fs::write(home.join("masai-mancala/config.toml"), text).unwrap();
    }
    home
}

fn run(home: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Process::new(BIN);
    cmd.args(args)
        .env("XDG_CONFIG_HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env_remove("NO_COLOR")
        .env_remove("VISUAL")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The command line parsed, with the settings of `file` and `no_color` laid under it.
fn layered(file: &str, args: &[&str], no_color: Option<&str>) -> (Settings, Option<Command>) {
    let matches = Cli::command()
        .try_get_matches_from(std::iter::once("masai-mancala").chain(args.iter().copied()))
        .unwrap();
    let cli = Cli::from_arg_matches(&matches).unwrap();
    let mut s = Settings::parse(file).unwrap();
    s.apply_env(no_color.map(std::ffi::OsStr::new));
    let mut command = cli.command;
    settings::apply(&mut s, &mut command, &matches);
    (s, command)
}

const FILE: &str = "race-speed = \"easy\"\nlevel = \"hard\"\nspeed = 30\ntheme = \"light\"\nascii = true\n[enkeshui]\nholes = 12\n[en-gehe]\nholes = 44\n";

#[test]
fn the_file_sets_what_the_command_line_does_not() {
    let (s, command) = layered(FILE, &["enkeshui"], None);
    let Some(Command::Enkeshui(a)) = command else {
        panic!()
    };
    assert_eq!(a.client.speed, 30);
    assert!(a.client.ascii);
    assert_eq!(a.client.theme, Some(Palette::Light));
    assert_eq!(a.holes, Some(12));
    // The default North (`ai`) plays at the file's level.
    assert_eq!(a.client.north, Seat::Ai(Player::Level(Level::Hard)));
    assert_eq!(s.speed.source, Source::File(3));
    assert_eq!(a.race_speed, Some(Level::Easy));
    assert!(s.color.value);
}

#[test]
fn the_command_line_overrides_the_file_and_the_environment_overrides_both() {
    let (s, command) = layered(
        FILE,
        &[
            "enkeshui",
            "--speed",
            "50",
            "--theme",
            "high-contrast",
            "--holes",
            "10",
            "--north",
            "ai",
            "--south",
            "ai:easy",
            "--race-speed",
            "expert",
        ],
        Some("1"),
    );
    let Some(Command::Enkeshui(a)) = command else {
        panic!()
    };
    assert_eq!(a.client.speed, 50);
    assert_eq!(a.client.theme, Some(Palette::HighContrast));
    assert_eq!(a.holes, Some(10));
    assert_eq!(a.race_speed, Some(Level::Expert));
    assert_eq!(s.race_speed.source, Source::CommandLine);
    assert_eq!(a.client.north, Seat::Ai(Player::Level(Level::Hard)));
    assert_eq!(a.client.south, Seat::Ai(Player::Level(Level::Easy)));
    assert!(a.client.ascii, "the file's, not given on the command line");
    assert_eq!(s.speed.source, Source::CommandLine);
    assert_eq!(s.theme.source, Source::CommandLine);
    assert_eq!(s.north.source, Source::CommandLine);
    // NO_COLOR wins over every theme.
    assert!(!s.color.value);
    assert_eq!(s.color.source, Source::Environment("NO_COLOR"));
    // An empty NO_COLOR is no NO_COLOR.
    let (s, _) = layered(FILE, &["bao"], Some(""));
    assert!(s.color.value);
}

#[test]
fn a_layout_or_a_position_keeps_the_size_the_file_sets_out() {
    let (_, command) = layered(FILE, &["enkeshui", "--layout", "12-alternate"], None);
    let Some(Command::Enkeshui(a)) = command else {
        panic!()
    };
    assert_eq!(a.holes, None);
    let (_, command) = layered(FILE, &["en-gehe"], None);
    let Some(Command::EnGehe(a)) = command else {
        panic!()
    };
    assert_eq!(a.holes, Some(44));
    let (_, command) = layered(FILE, &["replay", "x.json", "--speed", "7"], None);
    let Some(Command::Replay(a)) = command else {
        panic!()
    };
    assert_eq!((a.speed, a.ascii), (7, true));
}

#[test]
fn config_print_says_where_each_setting_comes_from() {
    let home = config_home("print", Some(FILE));
    let out = run(&home, &["config", "--print"], &[("NO_COLOR", "1")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let line = |key: &str| {
        stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(key))
            .unwrap_or_else(|| panic!("{key} in {stdout}"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(
        stdout.lines().next().unwrap(),
        format!(
            "settings file: {}",
            home.join("masai-mancala/config.toml").display()
        )
    );
    assert_eq!(line("speed"), "speed 30 settings file, line 3");
    assert_eq!(line("race-speed"), "race-speed easy settings file, line 1");
    assert_eq!(line("north"), "north ai:hard default");
    assert_eq!(line("level"), "level hard settings file, line 2");
    assert_eq!(line("flip"), "flip false default");
    assert_eq!(line("colour"), "colour off environment (NO_COLOR)");
    assert_eq!(
        line("en-gehe.holes"),
        "en-gehe.holes 44 settings file, line 9"
    );
    assert_eq!(line("keys.play.undo"), "keys.play.undo u default");
    assert_eq!(
        line("keys.replay.first"),
        "keys.replay.first Home/g default"
    );
}

#[test]
fn a_bad_line_is_named_with_its_line_left_alone_and_the_rest_used() {
    let bad = "south = \"human\"\n\n# the animation\n\n\n\nsped = 40\n";
    let home = config_home("bad", Some(bad));
    let path = home.join("masai-mancala/config.toml");
    let out = run(&home, &["config", "--print"], &[]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "error: {}: line 7: unknown key 'sped' (did you mean 'speed'?); that line is ignored, the rest of the file is in effect\n",
            path.display()
        )
    );
    assert!(
        text(&out.stdout).contains("speed"),
        "the defaults are printed"
    );
    // The game starts on the defaults: here it stops only for want of a terminal.
    let out = run(&home, &["enkeshui"], &[]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "warning: {}: line 7: unknown key 'sped' (did you mean 'speed'?); that line is ignored, the rest of the file is in effect (the file is left as it is)\n\
             error: the full-screen client needs a terminal, and standard input or output is not one: add --plain to play line by line (scripts can use `masai-mancala engine`)\n",
            path.display()
        )
    );
    // `config --edit` with an editor that changes nothing: still refused, still untouched.
    let out = run(&home, &["config", "--edit"], &[("EDITOR", "true")]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);
}

#[test]
fn a_binding_conflict_in_the_file_is_refused_naming_both() {
    let home = config_home(
        "conflict",
        Some("[keys]\n\"replay.take-over\" = \"t\"\n\"replay.autoplay\" = [\"t\", \"Space\"]\n"),
    );
    let out = run(&home, &["config", "--print"], &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).ends_with(
            "config.toml: line 3: replay: key t is bound to both replay.autoplay and replay.take-over; that line is ignored, the rest of the file is in effect\n"
        ),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn ctrl_c_stays_the_way_out_whatever_the_keys_say() {
    // Every other way out unbound: accepted, Ctrl-C still quits at once.
    let s = Settings::parse(
        "[keys]\n\"play.quit\" = []\n\"global.quit-now\" = []\n\"over.quit-now\" = []\n\"confirm.yes\" = []\n\"menu.quit-now\" = []\n\"play.cancel\" = []\n",
    )
    .unwrap();
    let print = s.print("x.toml");
    let line = print
        .lines()
        .find(|l| l.starts_with("keys.global.quit-now "))
        .unwrap();
    assert_eq!(line.split_whitespace().nth(1), Some("Ctrl-c"), "{line}");
    // Ctrl-C bound to another action is refused, even with quit-now moved away.
    assert_eq!(
        Settings::parse("[keys]\n\"global.quit-now\" = \"F12\"\nundo = [\"z\", \"Ctrl-c\"]\n")
            .map_err(|e| e.to_string()),
        Err(
            "line 3: undo: Ctrl-c always quits at once and cannot be bound to anything else".into()
        )
    );
}

#[test]
fn config_edit_creates_the_commented_file_once_and_never_overwrites_it() {
    let home = config_home("edit", None);
    let path = home.join("masai-mancala/config.toml");
    let out = run(&home, &["config", "--edit"], &[("EDITOR", "true")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), settings::TEMPLATE);
    assert_eq!(text(&out.stderr), format!("{}: ok\n", path.display()));
    // The editor gets the file's path as its last word (here: it appends a line).
    let mine = "speed = 25\n";
    std::fs::write(&path, mine).unwrap();
    let out = run(
        &home,
        &["config", "--edit"],
        &[("EDITOR", "sh -c 'echo flip = true >> \"$0\"'")],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "speed = 25\nflip = true\n"
    );
    // An editor that cannot be run: said, status 1, the file as it was.
    let out = run(
        &home,
        &["config", "--edit"],
        &[("EDITOR", "/nonexistent/editor")],
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "error: cannot run the editor '/nonexistent/editor': No such file or directory\n"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "speed = 25\nflip = true\n"
    );
}

#[test]
fn every_bad_line_is_listed_and_every_good_setting_kept() {
    let file =
        "level = \"hard\"\nspeed = 0\nflip = true\nspeed = 40\ntheme = \"neon\"\ncolour = false\n";
    let home = config_home("several", Some(file));
    let path = home.join("masai-mancala/config.toml");
    let out = run(&home, &["config", "--print"], &[]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "error: {p}: line 2: speed 0: milliseconds per seed, 1 to 5000\n\
             error: {p}: line 4: duplicate key\n\
             error: {p}: line 5: theme 'neon': dark, light, high-contrast or high-contrast-light; these lines are ignored, the rest of the file is in effect\n",
            p = path.display()
        )
    );
    let stdout = text(&out.stdout);
    for row in [
        "level hard settings file, line 1",
        "flip true settings file, line 3",
        "speed 90 default",
        "theme dark default",
        "colour off settings file, line 6",
    ] {
        assert!(
            stdout
                .lines()
                .any(|l| l.split_whitespace().collect::<Vec<_>>().join(" ") == row),
            "{row} in {stdout}"
        );
    }
}

#[test]
fn colour_is_a_setting_and_no_color_still_wins() {
    let (s, _) = layered("colour = false\n", &["bao"], None);
    assert!(!s.color.value);
    assert_eq!(s.color.source, Source::File(1));
    let (s, _) = layered("colour = true\n", &["bao"], Some("1"));
    assert!(!s.color.value);
    assert_eq!(s.color.source, Source::Environment("NO_COLOR"));
}

#[test]
fn a_binary_file_is_not_utf8_and_not_toml() {
    let home = config_home("binary", None);
    let dir = home.join("masai-mancala");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("config.toml"), b"speed = 4\n\xff\xfe\x00\x01").unwrap();
    let out = run(&home, &["config", "--print"], &[]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "error: {}: not TOML: not text (invalid UTF-8 at byte 10); the program runs on the default settings\n",
            dir.join("config.toml").display()
        )
    );
}

#[test]
fn a_link_to_nothing_is_one_clear_message() {
    let home = config_home("dangling", None);
    let dir = home.join("masai-mancala");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.toml");
    let target = home.join("gone.toml");
    std::os::unix::fs::symlink(&target, &path).unwrap();
    let out = run(&home, &["config", "--print"], &[]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout.lines().next().unwrap(),
        format!("settings file: {}", path.display()),
        "not 'none': there is a file, gone wrong"
    );
    assert_eq!(
        text(&out.stderr),
        format!(
            "error: {}: a link to {}, which does not exist; the program runs on the default settings\n",
            path.display(),
            target.display()
        )
    );
}

#[test]
fn an_editor_that_deletes_the_file_is_told_so() {
    let home = config_home("deleted", Some("speed = 25\n"));
    let path = home.join("masai-mancala/config.toml");
    let out = run(&home, &["config", "--edit"], &[("EDITOR", "rm")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!path.exists());
    assert_eq!(
        text(&out.stderr),
        format!(
            "{}: the file is gone (the editor removed it): every setting is the default\n",
            path.display()
        )
    );
}

#[test]
fn config_path_follows_xdg_config_home() {
    let home = config_home("path", None);
    let out = run(&home, &["config", "--path"], &[]);
    assert_eq!(
        text(&out.stdout),
        format!("{}\n", home.join("masai-mancala/config.toml").display())
    );
    // A relative XDG_CONFIG_HOME is ignored (XDG): ~/.config.
    let out = run(
        &home,
        &["config", "--path"],
        &[("XDG_CONFIG_HOME", "relative"), ("HOME", "/home/someone")],
    );
    assert_eq!(
        text(&out.stdout),
        "/home/someone/.config/masai-mancala/config.toml\n"
    );
}

/// Issue 40: with no HOME (unset or empty) and no absolute XDG_CONFIG_HOME
/// there is no settings file; the home of the passwd entry is not read.
#[test]
fn no_home_means_no_settings_file() {
    let home = config_home("no-home", None);
    for (name, value) in [("HOME", None), ("HOME", Some(""))] {
        let mut cmd = Process::new(BIN);
        cmd.args(["config", "--path"])
            .env("XDG_CONFIG_HOME", "relative")
            .env("XDG_DATA_HOME", home.join("data"))
            .stdin(Stdio::null());
        match value {
            Some(v) => cmd.env(name, v),
            None => cmd.env_remove(name),
        };
        let out = cmd.output().unwrap();
        assert_eq!(text(&out.stdout), "", "HOME={value:?}");
        assert_eq!(
            text(&out.stderr),
            "error: no settings folder: HOME is not set\n",
            "HOME={value:?}"
        );
        assert_eq!(out.status.code(), Some(1));
    }
}

#[test]
fn the_guide_example_is_a_valid_settings_file() {
    let readme = include_str!("../docs/guide.md");
    let from = readme.find("## Settings and themes").unwrap();
    let block = &readme[from..];
    let start = block.find("```toml\n").unwrap() + "```toml\n".len();
    let end = start + block[start..].find("```").unwrap();
    let s = Settings::parse(&block[start..end]).unwrap();
    assert_eq!(s.en_gehe_holes.value, 50);
    assert_eq!(s.theme.value, Palette::Light);
}

/// The line mode's width and verbosity live in the file too: a braille
/// reader sets 40 columns once, the command line still overrides it, and a
/// width out of range is named with its line.
#[test]
fn the_line_modes_width_and_verbosity_are_settings() {
    let home = config_home("plain", Some("width = 40\nverbosity = \"brief\"\n"));
    let out = run(&home, &["config", "--print"], &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let printed = text(&out.stdout);
    let row = |key: &str| {
        printed
            .lines()
            .find(|l| l.split_whitespace().next() == Some(key))
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
    };
    assert_eq!(
        row("width").as_deref(),
        Some("width 40 settings file, line 1")
    );
    assert_eq!(
        row("verbosity").as_deref(),
        Some("verbosity brief settings file, line 2")
    );
    let game = [
        "enkeshui", "--plain", "--race", "off", "--south", "human", "--north", "human",
    ];
    let out = run(&home, &game, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines = text(&out.stdout);
    assert!(lines.lines().count() > 5, "{lines}");
    for line in lines.lines() {
        assert!(line.chars().count() <= 40, "over 40 columns: {line:?}");
    }
    let wide = [&game[..], &["--width", "80"]].concat();
    let out = run(&home, &wide, &[]);
    assert!(
        text(&out.stdout).lines().any(|l| l.chars().count() > 40),
        "--width 80 overrides the file"
    );
    let home = config_home("plain-bad", Some("width = 10\nverbosity = \"chatty\"\n"));
    let out = run(&home, &["config", "--print"], &[]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("line 1: width 10: columns of the line mode, 20 to 80"),
        "{err}"
    );
    assert!(
        err.contains("line 2: verbosity 'chatty': brief, normal or full"),
        "{err}"
    );
}

//! The manual pages (`man_pages`: clap_mangen's, from the same definition
//! as `--help`) and their own sections, after the options it writes:
//! KEYS (from the binding table, as the help and the user guide's key
//! table are), FILES (with the settings file's template), ENVIRONMENT and
//! EXAMPLES. The user guide's files and environment tables are made from
//! the same lists (tests/man.rs checks docs/guide.md against them).

use crate::keys::{BINDINGS, Keymap};

/// The files the program reads and writes: (path, what it is). Text in
/// backquotes is a name to type.
pub const FILES: &[(&str, &str)] = &[
    (
        "$XDG_CONFIG_HOME/masai-mancala/config.toml",
        "the settings file (in `~/.config/masai-mancala/` when `XDG_CONFIG_HOME` is unset or \
         not absolute); `config --edit` writes it with every setting commented out",
    ),
    (
        "$XDG_DATA_HOME/masai-mancala/game-*.json",
        "the saved games, one record a game (in `~/.local/share/masai-mancala/` when \
         `XDG_DATA_HOME` is unset or not absolute)",
    ),
    (
        "$XDG_DATA_HOME/masai-mancala/stats.json",
        "your record against the AI levels (`stats`)",
    ),
    (
        "$XDG_DATA_HOME/masai-mancala/lessons.json",
        "the lessons done (`learn`)",
    ),
    (
        "$XDG_DATA_HOME/masai-mancala/puzzles.json",
        "the puzzles solved (`learn --puzzles`)",
    ),
];

/// The environment variables the program reads: (name, what it changes).
pub const ENVIRONMENT: &[(&str, &str)] = &[
    (
        "XDG_CONFIG_HOME",
        "the folder of the settings file, when it is an absolute path (else `~/.config`)",
    ),
    (
        "XDG_DATA_HOME",
        "the folder of the saved games, `stats.json`, `lessons.json` and `puzzles.json`, \
         when it is an absolute path (else `~/.local/share`)",
    ),
    (
        "HOME",
        "the base of both folders when their variable is unset",
    ),
    (
        "VISUAL, EDITOR",
        "the editor `config --edit` opens: the first one set, else `vi`",
    ),
    (
        "NO_COLOR",
        "set and not empty: no colour, whatever the theme",
    ),
    (
        "USER, LOGNAME",
        "the name your record is kept under in `stats.json`: the first one set, else `you`",
    ),
];

/// Examples: (command line, what it does). tests/man.rs parses each one.
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "masai-mancala",
        "the start menu: pick a game, its size and the players",
    ),
    (
        "masai-mancala enkeshui --holes 12",
        "Enkeshui on 2 rows of 12, you (South) against the medium AI",
    ),
    (
        "masai-mancala enkeshui --north human --race off",
        "two players at one keyboard, without the starting race",
    ),
    (
        "masai-mancala en-gehe --holes 50 --south ai:hard --north ai:expert",
        "watch the hard and the expert AI play En Gehé on 2 rows of 50",
    ),
    (
        "masai-mancala bao --north ai:hard --theme light",
        "Bao la Kimasai against the hard AI, in colours for a light terminal",
    ),
    (
        "masai-mancala resume",
        "go on with the newest unfinished saved game",
    ),
    (
        "masai-mancala replay game.json --review",
        "the AI's verdict on every decision of a saved game",
    ),
    ("masai-mancala learn bao", "the lessons of Bao la Kimasai"),
    ("masai-mancala config --edit", "edit the settings file"),
    (
        "masai-mancala completions bash > ~/.local/share/bash-completion/completions/masai-mancala",
        "install the bash completion",
    ),
    (
        "masai-mancala arena --game enkeshui --a hard --b medium --games 20",
        "20 games of the hard AI against the medium one, and the score",
    ),
];

/// Roff text: backslashes and minus signs escaped, a line never starting
/// with a control character, and `names` in bold.
fn roff(text: &str) -> String {
    roff_text(text, true)
}

/// As `roff`, with `bold`: backquotes mark names in bold, else they are text.
fn roff_text(text: &str, bold_names: bool) -> String {
    let mut out = String::new();
    let mut bold = false;
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\e"),
            '-' => out.push_str("\\-"),
            '`' if bold_names => {
                out.push_str(if bold { "\\fR" } else { "\\fB" });
                bold = !bold;
            }
            _ => out.push(c),
        }
    }
    if out.starts_with('.') || out.starts_with('\'') {
        out.insert_str(0, "\\&");
    }
    out
}

/// A tagged paragraph: the tag in bold, then the text.
fn item(out: &mut String, tag: &str, text: &str) {
    out.push_str(".TP\n");
    out.push_str(&format!("\\fB{}\\fR\n", roff_text(tag, false)));
    out.push_str(&roff(text));
    out.push('\n');
}

/// KEYS, FILES, ENVIRONMENT and EXAMPLES in roff, for the main page.
pub fn roff_sections() -> String {
    let map = Keymap::default();
    let mut out = String::from(".SH KEYS\n");
    out.push_str(&roff(
        "The keys of the terminal client, screen by screen. These are the defaults: the \
         settings file's `[keys]` table changes any of them (see FILES), and `?` in the \
         program shows the keys in effect.",
    ));
    out.push('\n');
    let mut screen = None;
    for (i, b) in BINDINGS.iter().enumerate() {
        if screen != Some(b.ctx.title()) {
            screen = Some(b.ctx.title());
            out.push_str(&format!(".SS \"{}\"\n", roff(b.ctx.title())));
        }
        let keys = map
            .keys(i)
            .iter()
            .map(|k| k.label())
            .collect::<Vec<_>>()
            .join(" ");
        item(&mut out, &keys, b.help);
    }

    out.push_str(".SH FILES\n");
    for (path, what) in FILES {
        item(&mut out, path, what);
    }
    out.push_str(".PP\n");
    out.push_str(&roff(
        "The settings file, as `config --edit` first writes it (every line commented out):",
    ));
    out.push_str("\n.PP\n.nf\n.RS 4\n");
    for line in crate::settings::TEMPLATE.lines() {
        out.push_str(&roff_text(line, false));
        out.push('\n');
    }
    out.push_str(".RE\n.fi\n");

    out.push_str(".SH ENVIRONMENT\n");
    for (name, what) in ENVIRONMENT {
        item(&mut out, name, what);
    }

    out.push_str(".SH EXAMPLES\n");
    for (command, what) in EXAMPLES {
        item(&mut out, command, what);
    }
    out
}

/// The user guide's files and environment tables, in Markdown.
pub fn markdown_tables() -> String {
    let mut out = String::from("| file | what it is |\n|---|---|\n");
    for (path, what) in FILES {
        out.push_str(&format!("| `{path}` | {what} |\n"));
    }
    out.push_str("\n| variable | what it changes |\n|---|---|\n");
    for (name, what) in ENVIRONMENT {
        let names: Vec<String> = name.split(", ").map(|n| format!("`{n}`")).collect();
        out.push_str(&format!("| {} | {what} |\n", names.join(", ")));
    }
    out
}

/// The manual pages, from the same definition as `--help`: (file name,
/// roff text) of the program's page and of each visible subcommand's.
pub fn man_pages() -> Vec<(String, Vec<u8>)> {
    use clap::CommandFactory;
    fn pages(cmd: &clap::Command, main: bool, out: &mut Vec<(String, Vec<u8>)>) {
        let man = clap_mangen::Man::new(cmd.clone());
        let mut text = Vec::new();
        // Rendering into memory cannot fail.
        if main {
            // The main page as clap_mangen renders one, with the keys, files,
            // environment and examples before the version.
            let _ = man.render_title(&mut text);
            let _ = man.render_name_section(&mut text);
            let _ = man.render_synopsis_section(&mut text);
            let _ = man.render_description_section(&mut text);
            let _ = man.render_options_section(&mut text);
            let _ = man.render_subcommands_section(&mut text);
            text.extend_from_slice(roff_sections().as_bytes());
            let _ = man.render_version_section(&mut text);
        } else {
            let _ = man.render(&mut text);
        }
        out.push((man.get_filename(), text));
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            pages(sub, false, out);
        }
    }
    let mut cmd = crate::cli::Cli::command().disable_help_subcommand(true);
    cmd.build();
    let mut out = Vec::new();
    pages(&cmd, true, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roff_escapes_what_roff_would_read_as_commands() {
        assert_eq!(roff("--holes"), "\\-\\-holes");
        assert_eq!(roff("a `b` c"), "a \\fBb\\fR c");
        assert_eq!(roff(".hidden"), "\\&.hidden");
        assert_eq!(roff("'quote"), "\\&'quote");
        assert_eq!(roff("a\\b"), "a\\eb");
    }
}

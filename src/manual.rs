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

/// The exit statuses: (status, what it means). `out::FAILURE_EXIT` and
/// `out::USAGE_EXIT` are the program's own.
pub const EXIT_STATUS: &[(&str, &str)] = &[
    (
        "0",
        "done (also when the reader of the output stops reading, as `| head` does)",
    ),
    (
        "1",
        "a failure while running: a file that cannot be read or written, a record or \
         settings file refused, a full disk, no terminal for the full-screen client",
    ),
    (
        "2",
        "the command line refused: an unknown option, a value out of range, options \
         that do not go together; nothing was written",
    ),
    (
        "128+N",
        "ended by signal N (`SIGINT`, `SIGTERM`, `SIGHUP`), the game saved first",
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

/// EXIT STATUS in roff, for every page.
fn exit_status_section() -> String {
    let mut out = String::from(".SH \"EXIT STATUS\"\n");
    for (status, what) in EXIT_STATUS {
        item(&mut out, status, what);
    }
    out
}

/// SEE ALSO in roff: the other pages (`pages`: their names without `.1`).
fn see_also_section(pages: &[String]) -> String {
    let refs: Vec<String> = pages
        .iter()
        .map(|p| format!("\\fB{}\\fR(1)", roff(p)))
        .collect();
    format!(".SH \"SEE ALSO\"\n{}\n", refs.join(",\n"))
}

/// KEYS, EXIT STATUS, FILES, ENVIRONMENT and EXAMPLES in roff, for the main page.
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

    out.push_str(&exit_status_section());

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
    let mut cmd = crate::cli::Cli::command().disable_help_subcommand(true);
    cmd.build();
    let subs: Vec<&clap::Command> = cmd.get_subcommands().filter(|s| !s.is_hide_set()).collect();
    let sub_names: Vec<String> = subs
        .iter()
        .map(|s| format!("{}-{}", cmd.get_name(), s.get_name()))
        .collect();
    let mut out = Vec::new();
    // Rendering into memory cannot fail. Each page as clap_mangen renders
    // one, with this program's sections before the version.
    let page = |cmd: &clap::Command, sections: String| {
        let man = clap_mangen::Man::new(cmd.clone());
        let mut text = Vec::new();
        let _ = man.render_title(&mut text);
        let _ = man.render_name_section(&mut text);
        let _ = man.render_synopsis_section(&mut text);
        let _ = man.render_description_section(&mut text);
        if cmd.get_arguments().any(|a| !a.is_hide_set()) {
            let _ = man.render_options_section(&mut text);
        }
        if cmd.has_subcommands() {
            let _ = man.render_subcommands_section(&mut text);
        }
        if cmd.get_after_long_help().is_some() || cmd.get_after_help().is_some() {
            let _ = man.render_extra_section(&mut text);
        }
        text.extend_from_slice(sections.as_bytes());
        if cmd.get_version().is_some() || cmd.get_long_version().is_some() {
            let _ = man.render_version_section(&mut text);
        }
        (man.get_filename(), text)
    };
    // The main page: keys, exit status, files, environment, examples, and
    // every subcommand's page; a subcommand's: the exit status and the main page.
    out.push(page(&cmd, roff_sections() + &see_also_section(&sub_names)));
    for sub in subs {
        let sections = exit_status_section() + &see_also_section(&[cmd.get_name().to_string()]);
        out.push(page(sub, sections));
    }
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

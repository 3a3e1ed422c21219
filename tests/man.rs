//! The manual pages in man/ are the ones the command-line definition gives
//! today: a changed option without refreshed pages fails here.

use std::path::Path;

#[test]
fn the_committed_man_pages_match_the_command_line() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    let pages = masai_mancala::manual::man_pages();
    let fix = "refresh them: cargo run --release -- man --out man";
    for (name, text) in &pages {
        let committed =
            std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("man/{name}: {e}; {fix}"));
        assert!(
            committed == *text,
            "man/{name} differs from the command line; {fix}"
        );
    }
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut expected: Vec<String> = pages.iter().map(|(n, _)| n.clone()).collect();
    expected.sort();
    assert_eq!(names, expected, "man/ holds a page of no command; {fix}");
}

#[test]
fn the_pages_cover_every_visible_subcommand_and_option() {
    let pages = masai_mancala::manual::man_pages();
    let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
    for n in [
        "masai-mancala.1",
        "masai-mancala-enkeshui.1",
        "masai-mancala-en-gehe.1",
        "masai-mancala-bao-la-kimasai.1",
        "masai-mancala-config.1",
        "masai-mancala-stats.1",
    ] {
        assert!(names.contains(&n), "{n} in {names:?}");
    }
    assert!(
        !names.iter().any(|n| n.contains("bench-render")),
        "hidden commands have no page"
    );
    let enk = String::from_utf8_lossy(
        &pages
            .iter()
            .find(|p| p.0 == "masai-mancala-enkeshui.1")
            .unwrap()
            .1,
    )
    .into_owned();
    for opt in ["\\-\\-theme", "\\-\\-holes", "\\-\\-race", "\\-\\-speed"] {
        assert!(enk.contains(opt), "{opt} in the enkeshui page");
    }
}

/// The main page's own sections, in `man`'s usual order, before VERSION.
fn main_page() -> String {
    let pages = masai_mancala::manual::man_pages();
    String::from_utf8(pages[0].1.clone()).unwrap()
}

/// A section's text: from its `.SH` line to the next.
fn section<'a>(page: &'a str, name: &str) -> &'a str {
    let start = page
        .find(&format!(".SH {name}\n"))
        .unwrap_or_else(|| panic!("no {name} section in the main page"));
    let end = page[start + 4..]
        .find(".SH ")
        .map_or(page.len(), |e| start + 4 + e);
    &page[start..end]
}

fn roff(text: &str) -> String {
    text.replace('\\', "\\e").replace('-', "\\-")
}

#[test]
fn the_main_page_has_keys_files_environment_and_examples() {
    let page = main_page();
    let at = |name: &str| page.find(&format!(".SH {name}\n")).unwrap_or(usize::MAX);
    let order = [
        "OPTIONS",
        "SUBCOMMANDS",
        "KEYS",
        "FILES",
        "ENVIRONMENT",
        "EXAMPLES",
        "VERSION",
    ];
    for pair in order.windows(2) {
        assert!(at(pair[0]) < at(pair[1]), "{} before {}", pair[0], pair[1]);
    }
    // Every binding, with its keys, under its screen's title.
    let keys = section(&page, "KEYS");
    let map = masai_mancala::keys::Keymap::default();
    for (i, b) in masai_mancala::keys::BINDINGS.iter().enumerate() {
        let labels: Vec<String> = map.keys(i).iter().map(|k| k.label()).collect();
        let entry = format!(
            ".TP\n\\fB{}\\fR\n{}\n",
            roff(&labels.join(" ")),
            roff(b.help)
        );
        assert!(keys.contains(&entry), "KEYS lacks {entry:?}");
        assert!(keys.contains(&format!(".SS \"{}\"\n", roff(b.ctx.title()))));
    }
    assert!(keys.contains(".TP\n\\fBz x\\fR\nSouth's racer drops a seed"));
    let files = section(&page, "FILES");
    for (path, _) in masai_mancala::manual::FILES {
        assert!(files.contains(&format!("\\fB{}\\fR", roff(path))), "{path}");
    }
    // The settings file's template, line for line.
    for line in masai_mancala::settings::TEMPLATE.lines() {
        assert!(files.contains(&format!("\n{}\n", roff(line))), "{line}");
    }
    let env = section(&page, "ENVIRONMENT");
    for name in [
        "XDG_CONFIG_HOME",
        "XDG_DATA_HOME",
        "HOME",
        "VISUAL, EDITOR",
        "NO_COLOR",
        "USER, LOGNAME",
    ] {
        assert!(env.contains(&format!(".TP\n\\fB{name}\\fR\n")), "{name}");
    }
    let examples = section(&page, "EXAMPLES");
    assert!(examples.contains(".TP\n\\fBmasai\\-mancala enkeshui \\-\\-holes 12\\fR\n"));
}

#[test]
fn every_example_is_a_command_line_the_program_takes() {
    use clap::Parser;
    assert!(masai_mancala::manual::EXAMPLES.len() >= 8);
    for (line, _) in masai_mancala::manual::EXAMPLES {
        let words: Vec<&str> = line.split_whitespace().take_while(|w| *w != ">").collect();
        if let Err(e) = masai_mancala::cli::Cli::try_parse_from(&words) {
            panic!("{line}: {e}");
        }
    }
}

#[test]
fn the_main_page_reads_without_roff_warnings() {
    let Ok(out) = std::process::Command::new("groff")
        .args(["-man", "-ww", "-z", "-K", "utf8"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("man/masai-mancala.1"))
        .output()
    else {
        return; // no groff here: the roff is checked by the tests above
    };
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn the_guide_files_and_environment_are_the_manuals() {
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/guide.md"))
            .unwrap();
    let open = "<!-- files: made from src/manual.rs -->\n";
    let start = guide
        .find(open)
        .expect("the files table's start in docs/guide.md")
        + open.len();
    let end = guide
        .find("<!-- /files -->")
        .expect("the files table's end in docs/guide.md");
    let tables = masai_mancala::manual::markdown_tables();
    assert!(
        guide[start..end] == tables,
        "docs/guide.md's files and environment differ from src/manual.rs; they should be:\n{tables}"
    );
}

/// Issue 40: every page says what its exit statuses mean and names the
/// other pages; the main page names every subcommand's.
#[test]
fn every_page_has_exit_status_and_see_also() {
    let pages = masai_mancala::manual::man_pages();
    let main = String::from_utf8(pages[0].1.clone()).unwrap();
    let at = |name: &str| main.find(&format!(".SH {name}\n")).unwrap_or(usize::MAX);
    let order = [
        "KEYS",
        "\"EXIT STATUS\"",
        "FILES",
        "EXAMPLES",
        "\"SEE ALSO\"",
        "VERSION",
    ];
    for pair in order.windows(2) {
        assert!(at(pair[0]) < at(pair[1]), "{} before {}", pair[0], pair[1]);
    }
    let status = section(&main, "\"EXIT STATUS\"");
    for (code, starts) in [
        ("0", "done"),
        ("1", "a failure while running"),
        ("2", "the command line refused"),
    ] {
        assert!(
            status.contains(&format!(".TP\n\\fB{code}\\fR\n{starts}")),
            "{status}"
        );
    }
    let see_also = section(&main, "\"SEE ALSO\"");
    for (name, _) in &pages[1..] {
        let page = name.strip_suffix(".1").unwrap();
        assert!(
            see_also.contains(&format!("\\fB{}\\fR(1)", roff(page))),
            "{page} in {see_also}"
        );
    }
    for (name, text) in &pages[1..] {
        let text = String::from_utf8_lossy(text);
        assert!(text.contains(".SH \"EXIT STATUS\"\n"), "{name}");
        assert!(
            text.contains(".SH \"SEE ALSO\"\n\\fBmasai\\-mancala\\fR(1)\n"),
            "{name}"
        );
    }
}

/// Issue 40: the README installs the pages where `man` finds them with only
/// `~/.cargo/bin` on `PATH` (it looks in `../share/man` of each `PATH` folder).
#[test]
fn the_readme_installs_the_pages_on_mans_path() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    assert!(
        readme.contains("\nmasai-mancala man --out ~/.cargo/share/man/man1 "),
        "{readme}"
    );
    assert!(!readme.contains("~/.local/share/man"), "{readme}");
}

/// Issue 40 item 10: the files the program keeps are all in FILES (the
/// puzzles' progress too), and the guide counts the lessons there are.
#[test]
fn the_manual_lists_every_progress_file_and_the_guide_counts_the_lessons() {
    let files: Vec<&str> = masai_mancala::manual::FILES.iter().map(|f| f.0).collect();
    for name in [
        masai_mancala::learn::progress::FILE,
        masai_mancala::learn::puzzles::PROGRESS_FILE,
    ] {
        assert!(
            files.iter().any(|f| f.ends_with(&format!("/{name}"))),
            "{name} is not in {files:?}"
        );
    }
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/guide.md"))
            .unwrap();
    let n = masai_mancala::learn::all().len();
    assert!(
        guide.contains(&format!("{n} short lessons teach the three games")),
        "docs/guide.md should say {n} short lessons"
    );
}

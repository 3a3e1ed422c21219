//! The manual pages in man/ are the ones the command-line definition gives
//! today: a changed option without refreshed pages fails here.

use std::path::Path;

#[test]
fn the_committed_man_pages_match_the_command_line() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    let pages = masai_mancala::cli::man_pages();
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
    let pages = masai_mancala::cli::man_pages();
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

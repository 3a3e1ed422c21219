//! The documents: every relative link leads to a file of the repository (and
//! an anchor to a heading of it), every repository path written in code
//! exists, the README stays a short page for players, and the architecture's
//! module map names every source file.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md, CHANGELOG.md, docs/*.md and rules/*.md, relative to the root.
fn documents() -> Vec<PathBuf> {
    let mut docs = vec![PathBuf::from("README.md"), PathBuf::from("CHANGELOG.md")];
    for dir in ["docs", "rules"] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .map(|p| p.strip_prefix(root()).unwrap().to_path_buf())
            .collect();
        found.sort();
        docs.extend(found);
    }
    docs
}

fn read(doc: &Path) -> String {
    std::fs::read_to_string(root().join(doc)).unwrap_or_else(|e| panic!("{}: {e}", doc.display()))
}

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut heading: Option<String> = None;
    for event in Parser::new_ext(text, Options::all()) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                out.insert(slug(&heading.take().unwrap()));
            }
            _ => {}
        }
    }
    out
}

/// Every link and image target of a document.
fn links(text: &str) -> Vec<String> {
    Parser::new_ext(text, Options::all())
        .filter_map(|e| match e {
            Event::Start(Tag::Link { dest_url, .. })
            | Event::Start(Tag::Image { dest_url, .. }) => Some(dest_url.to_string()),
            _ => None,
        })
        .collect()
}

/// What a relative link of `doc` is wrong about, if anything.
fn link_fault(doc: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (file, anchor) = match target.split_once('#') {
        Some((f, a)) => (f, Some(a)),
        None => (target, None),
    };
    let path = if file.is_empty() {
        root().join(doc)
    } else {
        root().join(doc.parent().unwrap()).join(file)
    };
    if !path.exists() {
        return Some(format!("{target}: no such file in the repository"));
    }
    if let Some(anchor) = anchor
        && path.extension().is_some_and(|e| e == "md")
        && !anchors(&std::fs::read_to_string(&path).unwrap()).contains(anchor)
    {
        return Some(format!("{target}: no heading #{anchor} in it"));
    }
    None
}

#[test]
fn every_relative_link_leads_to_a_file_of_the_repository() {
    let mut faults = Vec::new();
    for doc in documents() {
        for target in links(&read(&doc)) {
            if let Some(fault) = link_fault(&doc, &target) {
                faults.push(format!("{}: {fault}", doc.display()));
            }
        }
    }
    assert!(faults.is_empty(), "broken links:\n{}", faults.join("\n"));
}

#[test]
fn a_link_to_a_missing_file_or_heading_is_caught() {
    // The checker itself: it must see the faults the test above looks for.
    let doc = Path::new("docs/guide.md");
    assert_eq!(
        link_fault(doc, "../seeds/enkeshui.txt").as_deref(),
        Some("../seeds/enkeshui.txt: no such file in the repository")
    );
    assert_eq!(
        link_fault(doc, "ai.md#no-such-part").as_deref(),
        Some("ai.md#no-such-part: no heading #no-such-part in it")
    );
    assert_eq!(link_fault(doc, "ai.md#calibration"), None);
    assert_eq!(link_fault(doc, "#keys"), None);
    assert_eq!(link_fault(doc, "https://crates.io/crates/mimalloc"), None);
}

/// Repository paths written as code (`src/app/keys.rs`, `tests/fixtures/`),
/// which must exist; a `*` stands for any file of its folder.
fn code_paths(text: &str) -> Vec<String> {
    const TOP: [&str; 10] = [
        "src/",
        "tests/",
        "docs/",
        "rules/",
        "scripts/",
        "benches/",
        "calibration/",
        "man/",
        "seeds/",
        ".ci/",
    ];
    Parser::new_ext(text, Options::all())
        .filter_map(|e| match e {
            Event::Code(c) => Some(c.to_string()),
            _ => None,
        })
        .filter(|c| TOP.iter().any(|t| c.starts_with(t)) && !c.contains(' '))
        .collect()
}

fn path_exists(path: &str) -> bool {
    match path.find('*') {
        Some(star) => {
            let dir = &path[..path[..star].rfind('/').map_or(0, |i| i + 1)];
            root().join(dir).is_dir()
        }
        None => root().join(path).exists(),
    }
}

#[test]
fn every_repository_path_in_the_documents_exists() {
    let mut faults = Vec::new();
    for doc in documents() {
        for path in code_paths(&read(&doc)) {
            if !path_exists(&path) {
                faults.push(format!(
                    "{}: `{path}` is not in the repository",
                    doc.display()
                ));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    assert!(
        !path_exists("seeds/"),
        "the check must see a missing folder"
    );
}

#[test]
fn the_readme_is_a_short_page_for_players() {
    let readme = read(Path::new("README.md"));
    let lines = readme.lines().count();
    assert!(lines <= 300, "README.md has {lines} lines, at most 300");
    // The two set-up commands come first.
    assert!(readme.starts_with(
        "# masai-mancala\n\n```sh\n\
         cargo run --release -- enkeshui --holes 12   # play\n\
         cargo test --release                         # test"
    ));
    let lower = readme.to_lowercase();
    for (n, line) in lower.lines().enumerate() {
        let words: Vec<&str> = line
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        for pair in words.windows(2) {
            assert!(
                !((pair[0] == "issue" || pair[0] == "issues")
                    && pair[1].chars().all(|c| c.is_ascii_digit())),
                "README.md line {}: history ({} {}) belongs in CHANGELOG.md",
                n + 1,
                pair[0],
                pair[1]
            );
        }
    }
    for code in Parser::new(&readme).filter_map(|e| match e {
        Event::Code(c) => Some(c.to_string()),
        _ => None,
    }) {
        let hash = code.len() >= 7
            && code.len() <= 40
            && code.chars().all(|c| c.is_ascii_hexdigit())
            && code.chars().any(|c| c.is_ascii_alphabetic());
        assert!(!hash, "README.md: `{code}` looks like a commit hash");
    }
}

/// The architecture page's module map: the first code block after "## Module map".
fn module_map() -> String {
    let text = read(Path::new("docs/architecture.md"));
    let mut in_map = false;
    let mut in_block = false;
    let mut map = String::new();
    for event in Parser::new(&text) {
        match event {
            Event::Start(Tag::Heading {
                level: HeadingLevel::H2,
                ..
            }) => in_map = false,
            Event::Text(t) if !in_block && t.as_ref() == "Module map" => in_map = true,
            Event::Start(Tag::CodeBlock(_)) if in_map => in_block = true,
            Event::Text(t) if in_block => map.push_str(&t),
            Event::End(TagEnd::CodeBlock) if in_block => return map,
            _ => {}
        }
    }
    panic!("docs/architecture.md has no module map");
}

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            source_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path.strip_prefix(root()).unwrap().to_path_buf());
        }
    }
}

#[test]
fn the_module_map_names_every_source_file_and_only_those() {
    let map = module_map();
    let mut files = Vec::new();
    source_files(&root().join("src"), &mut files);
    source_files(&root().join("core/src"), &mut files);
    source_files(&root().join("benches"), &mut files);
    let mut missing = Vec::new();
    for file in &files {
        // Named as its folder (`view/`) and its file name (`board.rs`), or in full.
        let name = file.file_name().unwrap().to_str().unwrap();
        let folder = file
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_str()
            .unwrap();
        let full = file.to_str().unwrap();
        let named =
            map.contains(full) || (map.contains(&format!("{folder}/")) && map.contains(name));
        if !named {
            missing.push(full.to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "not in docs/architecture.md's module map: {missing:?}"
    );
    // Every file name in the map is one of the crate's.
    let names: BTreeSet<&str> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_str().unwrap())
        .collect();
    let unknown: Vec<&str> = map
        .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
        .map(|w| w.rsplit('/').next().unwrap())
        .filter(|w| w.ends_with(".rs") && !names.contains(w))
        .collect();
    assert!(
        unknown.is_empty(),
        "named in the module map but not in the crate: {unknown:?}"
    );
}

/// docs/architecture.md: dependencies point one way. The session (the live
/// game every front end drives) names no front end, no terminal and not the
/// command line: `cli` converts its options into the session's setup.
#[test]
fn the_session_imports_no_front_end_and_not_the_command_line() {
    let mut files = Vec::new();
    source_files(&root().join("src/session"), &mut files);
    assert!(files.len() > 5, "{files:?}");
    let mut faults = Vec::new();
    for file in files.iter().filter(|f| !f.ends_with("session/tests.rs")) {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        for word in [
            "crate::cli",
            "crate::app",
            "crate::plain",
            "ratatui",
            "crossterm",
            "clap",
        ] {
            if text.contains(word) {
                faults.push(format!("{}: {word}", file.display()));
            }
        }
    }
    assert!(faults.is_empty(), "the session imports {faults:?}");
}

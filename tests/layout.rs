//! The source's shape: no file over 1,000 lines, and no import cycle of more
//! than 4 files (a parent module naming its own children does not count).
//!
//! The import graph is read from the sources themselves: every path that
//! starts with `crate::`, `self::`, `super::`, `masai_core::` or a child
//! module's name, in `use` trees and in code, is resolved to the file that
//! holds the item, through the `pub use` re-exports on the way. Comments and
//! string literals are skipped, so doc links do not count.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

const MAX_LINES: usize = 1000;

/// Files allowed over `MAX_LINES`: none.
const LONG_FILES: &[&str] = &[];

const MAX_CYCLE: usize = 4;

/// Files the cycle check leaves out: none (every screen draws itself and
/// no view reads `App`).
const CYCLE_EXEMPT: &[&str] = &[];

fn rust_files(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root()).unwrap();
            out.push(rel.to_str().unwrap().replace('\\', "/"));
        }
    }
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

#[test]
fn no_source_file_is_over_1000_lines() {
    let mut files = Vec::new();
    for dir in ["src", "core/src", "tests", "examples", "benches"] {
        rust_files(&root().join(dir), &mut files);
    }
    files.sort();
    let mut long = Vec::new();
    for file in &files {
        let lines = read(file).lines().count();
        let allowed = LONG_FILES.contains(&file.as_str());
        if lines > MAX_LINES && !allowed {
            long.push(format!("{file}: {lines} lines"));
        }
        if allowed && lines <= MAX_LINES {
            long.push(format!(
                "{file} is {lines} lines now: take it off LONG_FILES in tests/layout.rs"
            ));
        }
    }
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} lines (split them by topic into child modules):\n{}",
        long.join("\n")
    );
}

// ---------------------------------------------------------------------------
// Reading Rust just far enough: tokens without comments and literals.

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    /// `::`
    Path,
    Punct(char),
}

fn tokens(src: &str) -> Vec<Tok> {
    let s: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    // Skips a string body from just after its opening quote.
    let skip_string = |mut i: usize| -> usize {
        while i < s.len() {
            match s[i] {
                '\\' => i += 2,
                '"' => return i + 1,
                _ => i += 1,
            }
        }
        i
    };
    while i < s.len() {
        let c = s[i];
        if c == '/' && s.get(i + 1) == Some(&'/') {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && s.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < s.len() {
                if s[i] == '/' && s.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if s[i] == '*' && s.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"' {
            i = skip_string(i + 1);
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if s.get(i + 1) == Some(&'\\') {
                i += 2;
                while i < s.len() && s[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if s.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_') {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_') {
                i += 1;
            }
            let word: String = s[start..i].iter().collect();
            let next = s.get(i).copied();
            if (word == "r" || word == "br") && matches!(next, Some('"' | '#')) {
                // A raw string: r"..", r#".."#.
                let mut hashes = 0;
                while s.get(i) == Some(&'#') {
                    hashes += 1;
                    i += 1;
                }
                if s.get(i) == Some(&'"') {
                    i += 1;
                    'body: while i < s.len() {
                        if s[i] == '"' && (1..=hashes).all(|h| s.get(i + h) == Some(&'#')) {
                            i += 1 + hashes;
                            break 'body;
                        }
                        i += 1;
                    }
                } else if word == "r" {
                    // A raw identifier: r#type.
                    continue;
                }
            } else if word == "b" && next == Some('"') {
                i = skip_string(i + 1);
            } else if word == "b" && next == Some('\'') {
                i += 1;
                if s.get(i) == Some(&'\\') {
                    i += 1;
                }
                while i < s.len() && s[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else {
                out.push(Tok::Ident(word));
            }
        } else if c == ':' && s.get(i + 1) == Some(&':') {
            out.push(Tok::Path);
            i += 2;
        } else if c.is_ascii_digit() {
            while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_' || s[i] == '.') {
                // `1..n` is a range, not a number.
                if s[i] == '.' && s.get(i + 1) == Some(&'.') {
                    break;
                }
                i += 1;
            }
        } else {
            if !c.is_whitespace() {
                out.push(Tok::Punct(c));
            }
            i += 1;
        }
    }
    out
}

// ---------------------------------------------------------------------------
// One source file: its module path, its inline modules, what it re-exports,
// what it defines and every path it names.

/// A path as written: the inline module it was written in, its segments,
/// and for a `use`, the name it binds (None for a glob) and whether it is
/// re-exported.
#[derive(Clone, Debug)]
struct Named {
    scope: Vec<String>,
    segs: Vec<String>,
    binds: Option<String>,
    glob: bool,
    is_use: bool,
    public: bool,
}

#[derive(Debug)]
struct Source {
    file: String,
    krate: &'static str,
    module: Vec<String>,
    /// Inline modules (`mod tests { .. }`), as scopes inside the file.
    inline: BTreeSet<Vec<String>>,
    /// Items defined here, by scope.
    defines: BTreeSet<(Vec<String>, String)>,
    named: Vec<Named>,
}

/// Flattens a `use` tree: `a::{b, c::{self, d as e}, f::*}`.
fn use_tree(toks: &[Tok], prefix: Vec<String>, out: &mut Vec<(Vec<String>, Option<String>, bool)>) {
    // Split at top-level commas.
    let mut parts: Vec<&[Tok]> = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => depth -= 1,
            Tok::Punct(',') if depth == 0 => {
                parts.push(&toks[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&toks[start..]);
    for part in parts {
        if part.is_empty() {
            continue;
        }
        let mut path = prefix.clone();
        let mut i = 0;
        let mut done = false;
        while i < part.len() {
            match &part[i] {
                Tok::Ident(w) if w == "as" => {
                    if let Some(Tok::Ident(alias)) = part.get(i + 1) {
                        let binds = (alias != "_").then(|| alias.clone());
                        out.push((path.clone(), binds, false));
                    }
                    done = true;
                    break;
                }
                Tok::Ident(w) if w == "self" && i == 0 && !prefix.is_empty() => {
                    // `a::{self}` binds `a`.
                }
                Tok::Ident(w) => path.push(w.clone()),
                Tok::Path => {}
                Tok::Punct('*') => {
                    out.push((path.clone(), None, true));
                    done = true;
                    break;
                }
                Tok::Punct('{') => {
                    let end = part.len() - 1;
                    use_tree(&part[i + 1..end], path.clone(), out);
                    done = true;
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        if !done && !path.is_empty() {
            let last = path.last().cloned();
            out.push((path, last, false));
        }
    }
}

const ITEM_KEYWORDS: &[&str] = &[
    "fn",
    "struct",
    "enum",
    "const",
    "static",
    "type",
    "trait",
    "union",
    "macro_rules",
];

fn parse(file: &str, krate: &'static str, module: Vec<String>, text: &str) -> Source {
    let toks = tokens(text);
    let mut src = Source {
        file: file.to_string(),
        krate,
        module,
        inline: BTreeSet::new(),
        defines: BTreeSet::new(),
        named: Vec::new(),
    };
    let mut scope: Vec<String> = Vec::new();
    // Brace depth at which each inline module opened.
    let mut opened: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let mut pending_mod: Option<String> = None;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Punct('{') => {
                depth += 1;
                if let Some(name) = pending_mod.take() {
                    scope.push(name);
                    src.inline.insert(scope.clone());
                    opened.push(depth);
                }
            }
            Tok::Punct('}') => {
                if opened.last() == Some(&depth) {
                    opened.pop();
                    scope.pop();
                }
                depth = depth.saturating_sub(1);
            }
            Tok::Punct(';') => pending_mod = None,
            Tok::Ident(w) if w == "mod" => {
                if let Some(Tok::Ident(name)) = toks.get(i + 1) {
                    pending_mod = Some(name.clone());
                    src.defines.insert((scope.clone(), name.clone()));
                    i += 2;
                    continue;
                }
            }
            Tok::Ident(w) if ITEM_KEYWORDS.contains(&w.as_str()) => {
                let mut j = i + 1;
                if toks.get(j) == Some(&Tok::Punct('!')) {
                    j += 1;
                }
                if let Some(Tok::Ident(name)) = toks.get(j) {
                    src.defines.insert((scope.clone(), name.clone()));
                }
            }
            Tok::Ident(w) if w == "use" && toks.get(i + 1) != Some(&Tok::Punct('<')) => {
                // `pub use` or `pub(crate) use`.
                let public = i > 0
                    && (matches!(&toks[i - 1], Tok::Ident(p) if p == "pub")
                        || toks[i - 1] == Tok::Punct(')'));
                let mut end = i + 1;
                while end < toks.len() && toks[end] != Tok::Punct(';') {
                    end += 1;
                }
                let mut flat = Vec::new();
                // A leading `::` (`use ::std`) is an extern crate.
                if toks.get(i + 1) != Some(&Tok::Path) {
                    use_tree(&toks[i + 1..end], Vec::new(), &mut flat);
                }
                for (segs, binds, glob) in flat {
                    src.named.push(Named {
                        scope: scope.clone(),
                        segs,
                        binds,
                        glob,
                        is_use: true,
                        public,
                    });
                }
                i = end;
                continue;
            }
            Tok::Ident(first) if toks.get(i + 1) == Some(&Tok::Path) => {
                let after_path = i > 0 && toks[i - 1] == Tok::Path;
                if !after_path {
                    let mut segs = vec![first.clone()];
                    let mut j = i + 1;
                    while toks.get(j) == Some(&Tok::Path) {
                        match toks.get(j + 1) {
                            Some(Tok::Ident(w)) => {
                                segs.push(w.clone());
                                j += 2;
                            }
                            _ => break,
                        }
                    }
                    src.named.push(Named {
                        scope: scope.clone(),
                        segs,
                        binds: None,
                        glob: false,
                        is_use: false,
                        public: false,
                    });
                    i = j;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    src
}

// ---------------------------------------------------------------------------
// The graph.

struct Graph {
    sources: Vec<Source>,
    by_module: BTreeMap<(&'static str, Vec<String>), usize>,
    /// file -> the files it imports from.
    edges: Vec<BTreeSet<usize>>,
}

/// The crate and module path of a file, or None for a file that is no
/// module of a library (main.rs, a test, an example).
fn module_of(file: &str) -> Option<(&'static str, Vec<String>)> {
    let (krate, rest) = if let Some(rest) = file.strip_prefix("core/src/") {
        ("masai_core", rest)
    } else if let Some(rest) = file.strip_prefix("src/") {
        ("masai_mancala", rest)
    } else {
        return None;
    };
    if rest == "main.rs" || rest.starts_with("bin/") {
        return None;
    }
    let rest = rest.strip_suffix(".rs")?;
    let mut segs: Vec<String> = rest.split('/').map(str::to_string).collect();
    if segs.last().is_some_and(|s| s == "mod" || s == "lib") {
        segs.pop();
    }
    Some((krate, segs))
}

impl Graph {
    fn new(files: &[(String, String)]) -> Graph {
        let mut sources = Vec::new();
        for (file, text) in files {
            if let Some((krate, module)) = module_of(file) {
                sources.push(parse(file, krate, module, text));
            }
        }
        let by_module = sources
            .iter()
            .enumerate()
            .map(|(i, s)| ((s.krate, s.module.clone()), i))
            .collect();
        let mut graph = Graph {
            edges: vec![BTreeSet::new(); sources.len()],
            sources,
            by_module,
        };
        for from in 0..graph.sources.len() {
            let named = graph.sources[from].named.clone();
            for n in &named {
                let Some((krate, abs)) = graph.absolute(from, &n.scope, &n.segs) else {
                    continue;
                };
                let Some(to) = graph.resolve(krate, &abs, 0) else {
                    continue;
                };
                if to != from && !graph.is_descendant(to, from) {
                    graph.edges[from].insert(to);
                }
            }
        }
        graph
    }

    /// `to` lies inside `parent`'s module (a parent naming its children).
    fn is_descendant(&self, to: usize, parent: usize) -> bool {
        let (t, p) = (&self.sources[to], &self.sources[parent]);
        t.krate == p.krate && t.module.len() > p.module.len() && t.module.starts_with(&p.module)
    }

    /// A path written in `from` (inside its inline module `scope`) as a
    /// crate and a path from that crate's root; None for other crates.
    fn absolute(
        &self,
        from: usize,
        scope: &[String],
        segs: &[String],
    ) -> Option<(&'static str, Vec<String>)> {
        let src = &self.sources[from];
        let mut here: Vec<String> = src.module.clone();
        here.extend(scope.iter().cloned());
        let first = segs.first()?;
        match first.as_str() {
            "crate" => Some((src.krate, segs[1..].to_vec())),
            "masai_core" => Some(("masai_core", segs[1..].to_vec())),
            "self" => Some((src.krate, [here, segs[1..].to_vec()].concat())),
            "super" => {
                let ups = segs.iter().take_while(|s| *s == "super").count();
                let base = here.get(..here.len().checked_sub(ups)?)?.to_vec();
                Some((src.krate, [base, segs[ups..].to_vec()].concat()))
            }
            name => {
                // A child module of the scope (a file or an inline module).
                let mut child = here.clone();
                child.push(name.to_string());
                let mut inline = scope.to_vec();
                inline.push(name.to_string());
                let is_child = self.by_module.contains_key(&(src.krate, child))
                    || src.inline.contains(&inline);
                is_child.then(|| (src.krate, [here, segs.to_vec()].concat()))
            }
        }
    }

    /// The file that holds the item at `path`, following re-exports.
    fn resolve(&self, krate: &'static str, path: &[String], hops: usize) -> Option<usize> {
        if hops > 16 {
            return None;
        }
        let (file, taken) = (0..=path.len()).rev().find_map(|k| {
            self.by_module
                .get(&(krate, path[..k].to_vec()))
                .map(|&f| (f, k))
        })?;
        let src = &self.sources[file];
        let rest = &path[taken..];
        let mut scope: Vec<String> = Vec::new();
        for (i, seg) in rest.iter().enumerate() {
            let mut inner = scope.clone();
            inner.push(seg.clone());
            if src.inline.contains(&inner) {
                scope = inner;
                continue;
            }
            if src.defines.contains(&(scope.clone(), seg.clone())) {
                return Some(file);
            }
            let reexport = src.named.iter().find(|n| {
                n.is_use && n.public && n.scope == scope && n.binds.as_ref() == Some(seg)
            });
            let target = match reexport {
                Some(n) => self.absolute(file, &n.scope, &n.segs).map(|(k, mut p)| {
                    p.extend(rest[i + 1..].iter().cloned());
                    (k, p)
                }),
                None => {
                    // One glob re-export in the scope: the name comes from it.
                    let globs: Vec<&Named> = src
                        .named
                        .iter()
                        .filter(|n| n.is_use && n.public && n.glob && n.scope == scope)
                        .collect();
                    match globs.as_slice() {
                        [g] => self.absolute(file, &g.scope, &g.segs).map(|(k, mut p)| {
                            p.extend(rest[i..].iter().cloned());
                            (k, p)
                        }),
                        _ => None,
                    }
                }
            };
            return match target {
                Some((k, p)) => self.resolve(k, &p, hops + 1).or(Some(file)),
                None => Some(file),
            };
        }
        Some(file)
    }

    /// The strongly connected components (Tarjan), largest first, each as
    /// its files in order; files on no cycle are left out.
    fn cycles(&self, leave_out: &[&str]) -> Vec<Vec<String>> {
        let n = self.sources.len();
        let out: Vec<bool> = self
            .sources
            .iter()
            .map(|s| leave_out.contains(&s.file.as_str()))
            .collect();
        struct Tarjan<'a> {
            edges: &'a [BTreeSet<usize>],
            out: &'a [bool],
            index: Vec<Option<usize>>,
            low: Vec<usize>,
            on_stack: Vec<bool>,
            stack: Vec<usize>,
            next: usize,
            found: Vec<Vec<usize>>,
        }
        impl Tarjan<'_> {
            fn visit(&mut self, v: usize) {
                self.index[v] = Some(self.next);
                self.low[v] = self.next;
                self.next += 1;
                self.stack.push(v);
                self.on_stack[v] = true;
                for &w in &self.edges[v] {
                    if self.out[w] {
                        continue;
                    }
                    match self.index[w] {
                        None => {
                            self.visit(w);
                            self.low[v] = self.low[v].min(self.low[w]);
                        }
                        Some(iw) if self.on_stack[w] => self.low[v] = self.low[v].min(iw),
                        Some(_) => {}
                    }
                }
                if Some(self.low[v]) == self.index[v] {
                    let mut comp = Vec::new();
                    loop {
                        let w = self.stack.pop().unwrap();
                        self.on_stack[w] = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    if comp.len() > 1 {
                        self.found.push(comp);
                    }
                }
            }
        }
        let mut t = Tarjan {
            edges: &self.edges,
            out: &out,
            index: vec![None; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            next: 0,
            found: Vec::new(),
        };
        for (v, &left_out) in out.iter().enumerate() {
            if t.index[v].is_none() && !left_out {
                t.visit(v);
            }
        }
        let mut comps: Vec<Vec<String>> = t
            .found
            .into_iter()
            .map(|c| {
                let mut files: Vec<String> = c
                    .into_iter()
                    .map(|i| self.sources[i].file.clone())
                    .collect();
                files.sort();
                files
            })
            .collect();
        comps.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        comps
    }

    /// The files of a folder and its subfolders.
    fn files_under(&self, dir: &str) -> Vec<String> {
        let files: Vec<String> = self
            .sources
            .iter()
            .filter(|s| s.file.starts_with(dir))
            .map(|s| s.file.clone())
            .collect();
        assert!(!files.is_empty(), "no file under {dir}");
        files
    }

    fn edges_of(&self, file: &str) -> Vec<&str> {
        let i = self.sources.iter().position(|s| s.file == file).unwrap();
        self.edges[i]
            .iter()
            .map(|&j| self.sources[j].file.as_str())
            .collect()
    }
}

fn project() -> Graph {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    rust_files(&root().join("core/src"), &mut files);
    files.sort();
    let sources: Vec<(String, String)> = files.into_iter().map(|f| (f.clone(), read(&f))).collect();
    Graph::new(&sources)
}

fn describe(comps: &[Vec<String>]) -> String {
    comps
        .iter()
        .map(|c| format!("{} files: {}", c.len(), c.join(" ")))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn no_import_cycle_is_longer_than_4_files() {
    let graph = project();
    let all = graph.cycles(&[]);
    let largest = all.first().map_or(0, Vec::len);
    println!("largest import cycle: {largest} files");
    println!("{}", describe(&all));
    // LAYOUT_EDGES=src/a.rs,src/b.rs prints what those files import (to
    // find the edge that closes a cycle).
    if let Ok(files) = std::env::var("LAYOUT_EDGES") {
        for file in files.split(',') {
            println!("{file} -> {:?}", graph.edges_of(file));
        }
    }
    let rest = graph.cycles(CYCLE_EXEMPT);
    println!("without {CYCLE_EXEMPT:?}:\n{}", describe(&rest));
    let long: Vec<Vec<String>> = rest.into_iter().filter(|c| c.len() > MAX_CYCLE).collect();
    assert!(
        long.is_empty(),
        "import cycles of more than {MAX_CYCLE} files (besides those through {CYCLE_EXEMPT:?}):\n{}",
        describe(&long)
    );
    assert!(
        CYCLE_EXEMPT.is_empty() || largest > MAX_CYCLE,
        "the largest import cycle is {largest} files now: empty CYCLE_EXEMPT in tests/layout.rs"
    );
}

/// The program's settings, command line, protocol, arena, statistics, the
/// session and the line mode
/// import nothing from the terminal client.
#[test]
fn the_headless_modules_import_nothing_from_the_client() {
    let graph = project();
    let mut found = Vec::new();
    for file in [
        "src/cli.rs",
        "src/cli/words.rs",
        "src/settings.rs",
        "src/protocol.rs",
        "src/arena.rs",
        "src/arena/program.rs",
        "src/arena/progress.rs",
        "src/stats.rs",
        "src/keys/mod.rs",
        "src/keys/table.rs",
        "src/theme.rs",
        "src/manual.rs",
        "src/rules_text.rs",
    ]
    .into_iter()
    .map(String::from)
    .chain(graph.files_under("src/session/"))
    .chain(graph.files_under("src/plain/"))
    {
        for to in graph.edges_of(&file) {
            if to.starts_with("src/app/") {
                found.push(format!("{file} -> {to}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "imports of the client:\n{}",
        found.join("\n")
    );
}

// ---------------------------------------------------------------------------
// The graph reader on small made-up crates, so its answers are known.

fn made_up(files: &[(&str, &str)]) -> Graph {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(f, t)| (f.to_string(), t.to_string()))
        .collect();
    Graph::new(&files)
}

#[test]
fn a_cycle_through_uses_re_exports_and_code_paths_is_found() {
    let graph = made_up(&[
        ("src/lib.rs", "pub mod a; pub mod b; pub mod c; pub mod d;"),
        // a -> b through a use tree.
        ("src/a.rs", "use crate::{b::{self, Thing as T}};"),
        // b -> c through a path in code, past a comment and a string.
        (
            "src/b.rs",
            "// crate::d::Nope\nfn f() { let s = \"crate::d::Nope\"; crate::c::go(); }",
        ),
        // c -> a through d's re-export (d itself is not on the cycle).
        ("src/c.rs", "use super::d::Alias;"),
        ("src/d.rs", "pub use crate::a::Real as Alias;"),
    ]);
    assert_eq!(graph.edges_of("src/a.rs"), ["src/b.rs"]);
    assert_eq!(graph.edges_of("src/b.rs"), ["src/c.rs"]);
    assert_eq!(graph.edges_of("src/c.rs"), ["src/a.rs"]);
    assert_eq!(
        graph.cycles(&[]),
        [["src/a.rs", "src/b.rs", "src/c.rs"]],
        "the cycle a -> b -> c -> a"
    );
    // Leaving b out breaks it.
    assert!(graph.cycles(&["src/b.rs"]).is_empty());
}

#[test]
fn a_parent_naming_its_children_is_no_cycle() {
    let graph = made_up(&[
        ("src/lib.rs", "pub mod app;"),
        // The parent names its children and re-exports from them...
        (
            "src/app/mod.rs",
            "mod keys; mod view; pub use keys::Key; pub fn run() { view::draw(); }",
        ),
        // ...and they use it and each other: view -> keys through the
        // parent's re-export, keys -> the parent's own item.
        ("src/app/view.rs", "use super::Key; pub fn draw() {}"),
        (
            "src/app/keys.rs",
            "pub struct Key; mod tests { use super::*; fn t() { crate::app::run(); } }",
        ),
    ]);
    assert_eq!(graph.edges_of("src/app/mod.rs"), Vec::<&str>::new());
    assert_eq!(graph.edges_of("src/app/view.rs"), ["src/app/keys.rs"]);
    // The inline test module's `super` is keys.rs itself.
    assert_eq!(graph.edges_of("src/app/keys.rs"), ["src/app/mod.rs"]);
    assert!(graph.cycles(&[]).is_empty());
}

//! The games' rules for the help overlay, embedded from `rules/*.md`.

/// (game title, Markdown text) of every rules file in the crate.
pub const RULES: &[(&str, &str)] = &[
    ("Enkeshui", include_str!("../rules/enkeshui.md")),
    ("En Gehé", include_str!("../rules/en-gehe.md")),
    ("Bao la Kimasai", include_str!("../rules/bao-la-kimasai.md")),
];

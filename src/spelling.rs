//! "Did you mean": the known name closest to a misspelt one, for the
//! settings file's keys and the key map's actions.

/// The closest of `known` to `word`, if close enough to be a slip (a third
/// of its length in edits, 1 to 3).
pub fn did_you_mean<'a>(word: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).clamp(1, 3);
    known
        .map(|k| (strsim::damerau_levenshtein(word, k), k))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

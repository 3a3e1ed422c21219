//! A turn, a score and a prompt in fewer words, below `full` (issue 38's
//! measure: seconds of a voice per turn).

use super::{AnyGame, Side, Verbosity, View};

/// "you lead by 2", "North leads by 2", "scores level" (`brief`'s score,
/// said after the turn's outcome and a comma: a voice pauses less than at
/// a full stop).
pub fn score_lead(game: &AnyGame, view: &View) -> String {
    let s = crate::learn::score_now(game, Side::South);
    let n = crate::learn::score_now(game, Side::North);
    let (leader, by) = match s.cmp(&n) {
        std::cmp::Ordering::Equal => return "scores level".to_string(),
        std::cmp::Ordering::Greater => (Side::South, s - n),
        std::cmp::Ordering::Less => (Side::North, n - s),
    };
    if view.me == Some(leader) {
        format!("you lead by {by}")
    } else {
        format!("{} leads by {by}", leader.title())
    }
}

/// "You 21, North 19." ([`score_line`] in fewer words, as turns tell it).
pub fn score_short(game: &AnyGame, view: &View) -> String {
    let s = crate::learn::score_now(game, Side::South);
    let n = crate::learn::score_now(game, Side::North);
    let name = |side: Side| {
        if view.me == Some(side) {
            "You".to_string()
        } else {
            side.title().to_string()
        }
    };
    match view.me {
        Some(Side::North) => format!("{} {n}, {} {s}.", name(Side::North), name(Side::South)),
        _ => format!("{} {s}, {} {n}.", name(Side::South), name(Side::North)),
    }
}

/// A prompt's legal decisions below `full`: a list of at most
/// [`PROMPT_NUMBERS`] numbers as said, a longer one by its count
/// (`legal` lists them), and at `brief` none.
pub fn legal_prompted(said: &str, count: usize, verbosity: Verbosity) -> Option<String> {
    let numbers = said
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .count();
    match verbosity {
        Verbosity::Full => Some(said.to_string()),
        Verbosity::Brief => None,
        Verbosity::Normal if numbers <= PROMPT_NUMBERS => Some(said.to_string()),
        Verbosity::Normal => Some(format!("any of {count} holes")),
    }
}

/// The most numbers a prompt says at `normal` (each takes a voice a third
/// of a second, and a 40-hole game's list took 6 seconds).
pub const PROMPT_NUMBERS: usize = 3;

/// [`direction_options`] in fewer words: "cw toward North's hole 8 or ccw
/// toward your hole 2" (`toward`), or "cw or ccw".
pub fn directions_short(opts: &[String], toward: bool) -> String {
    let short: Vec<String> = opts
        .iter()
        .map(|o| {
            let (token, rest) = o.split_once(' ').unwrap_or((o, ""));
            match rest.split_once(", toward ") {
                Some((_, hole)) if toward => {
                    format!("{token} toward {}", hole.trim_end_matches(')'))
                }
                _ => token.to_string(),
            }
        })
        .collect();
    short.join(" or ")
}

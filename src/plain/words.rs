//! The line mode's words: a turn told from the engine's events, the board
//! read as rows, the prompt. Text only: no escape bytes, numbers always
//! apart ("4, 0, 4"), holes named in words ("North's inner hole 3"), so a
//! screen reader or a braille display reads them as they are meant.

use crate::engine::bao::Row;
use crate::engine::{
    AnyDecision, AnyGame, Direction, Event, Game, GameKind, HoleLabel, HoleName, Side,
};
use crate::session::Turn;
use serde_json::Value;

mod brevity;
mod spoken;
pub use brevity::{directions_short, legal_prompted, score_lead, score_short};
pub use spoken::{dated_name_said, results_said, speakable, spoken_title};

/// Who is who: the one person against the AI is "you"; otherwise sides by name.
#[derive(Clone, Copy, Debug)]
pub struct View {
    pub me: Option<Side>,
}

impl View {
    /// "You" or "North".
    pub fn who(&self, side: Side) -> &'static str {
        if self.me == Some(side) {
            "You"
        } else {
            side.title()
        }
    }

    /// "you" or "North" inside a sentence.
    pub fn name(&self, side: Side) -> &'static str {
        if self.me == Some(side) {
            "you"
        } else {
            side.title()
        }
    }

    /// "your" or "North's".
    pub fn whose(&self, side: Side) -> String {
        if self.me == Some(side) {
            "your".into()
        } else {
            format!("{}'s", side.title())
        }
    }

    /// "You sow" / "North sows".
    fn verb(&self, side: Side, you: &str, they: &str) -> String {
        if self.me == Some(side) {
            format!("You {you}")
        } else {
            format!("{} {they}", side.title())
        }
    }

    /// "Your" or "North's" at the start of a sentence.
    fn whose_cap(&self, side: Side) -> String {
        let w = self.whose(side);
        let mut c = w.chars();
        match c.next() {
            Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
            None => w,
        }
    }
}

fn hole_name(game: &AnyGame, index: usize) -> HoleName {
    match game {
        AnyGame::Enkeshui(g) => g.hole_name(index),
        AnyGame::EnGehe(g) => g.hole_name(index),
        AnyGame::BaoLaKimasai(g) => g.hole_name(index),
    }
}

/// "your hole 5", "North's inner hole 3".
pub fn hole_text(game: &AnyGame, index: usize, view: &View) -> String {
    name_text(&hole_name(game, index), view)
}

fn name_text(name: &HoleName, view: &View) -> String {
    described(name, view, "")
}

/// "your empty hole 3", "North's empty inner hole 2".
fn described(name: &HoleName, view: &View, adjective: &str) -> String {
    let whose = view.whose(name.side);
    match name.hole {
        HoleLabel::Number(n) => format!("{whose} {adjective}hole {n}"),
        HoleLabel::Bao(Row::Inner, k) => format!("{whose} {adjective}inner hole {k}"),
        HoleLabel::Bao(Row::Outer, k) => format!("{whose} {adjective}outer hole {k}"),
    }
}

/// "1 seed", "3 cows".
pub fn count(kind: GameKind, n: u32) -> String {
    let (one, many) = match kind {
        GameKind::BaoLaKimasai => ("cow", "cows"),
        _ => ("seed", "seeds"),
    };
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "a", "a and b", "a, b and c".
pub fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Numbers in runs: three or more in a row as "4 to 9", the rest one by one.
fn runs(numbers: &[usize]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let mut j = i;
        while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
            j += 1;
        }
        if j - i >= 2 {
            out.push(format!("{} to {}", numbers[i], numbers[j]));
        } else {
            out.extend(numbers[i..=j].iter().map(usize::to_string));
        }
        i = j + 1;
    }
    out
}

/// The holes `legal` of a row of `n` in the fewer words: "holes 1 to 12
/// and 15 to 40", "hole 5", "any hole but 4, 7 and 9", "any hole".
/// `row`: "" or "inner " (Bao).
pub fn holes_said(legal: &[usize], n: usize, row: &str) -> String {
    let mut legal = legal.to_vec();
    legal.sort_unstable();
    legal.dedup();
    let positive = match legal[..] {
        [] => String::new(),
        [one] => format!("{row}hole {one}"),
        _ => format!("{row}holes {}", list(&runs(&legal))),
    };
    let left_out: Vec<usize> = (1..=n).filter(|k| !legal.contains(k)).collect();
    let negative = if left_out.is_empty() {
        format!("any {row}hole")
    } else {
        format!("any {row}hole but {}", list(&runs(&left_out)))
    };
    let words = |s: &str| s.split_whitespace().count();
    if legal.len() > 1 && words(&negative) < words(&positive) {
        negative
    } else {
        positive
    }
}

/// A prompt's legal decisions in words: "holes 3 to 8", "any hole but 4",
/// Bao's by row ("inner holes 1 and 4 to 7; outer holes 2 to 8"), with
/// "or special" and other words after.
pub fn legal_said(kind: GameKind, tokens: &[String], holes: usize) -> String {
    let mut parts = Vec::new();
    let mut rest = Vec::new();
    if kind == GameKind::BaoLaKimasai {
        for (prefix, row) in [('i', "inner "), ('o', "outer ")] {
            let ks: Vec<usize> = tokens
                .iter()
                .filter_map(|t| t.strip_prefix(prefix)?.parse().ok())
                .collect();
            if !ks.is_empty() {
                parts.push(holes_said(&ks, 8, row));
            }
        }
        rest.extend(
            tokens
                .iter()
                .filter(|t| !(t.starts_with(['i', 'o']) && t[1..].parse::<usize>().is_ok()))
                .cloned(),
        );
    } else {
        let ks: Vec<usize> = tokens.iter().filter_map(|t| t.parse().ok()).collect();
        if !ks.is_empty() {
            parts.push(holes_said(&ks, holes, ""));
        }
        rest.extend(
            tokens
                .iter()
                .filter(|t| t.parse::<usize>().is_err())
                .cloned(),
        );
    }
    let mut text = if parts == ["any inner hole", "any outer hole"] {
        "any hole".to_string()
    } else {
        parts.join("; ")
    };
    for r in rest {
        if text.is_empty() {
            text = r;
        } else {
            text = format!("{text}, or {r}");
        }
    }
    text
}

/// A decision token in words: "hole 5", "inner hole 3", "clockwise".
pub fn token_words(token: &str) -> String {
    match token {
        "cw" => "clockwise".into(),
        "ccw" => "counterclockwise".into(),
        t if t.starts_with('i') && t[1..].parse::<u32>().is_ok() => {
            format!("inner hole {}", &t[1..])
        }
        t if t.starts_with('o') && t[1..].parse::<u32>().is_ok() => {
            format!("outer hole {}", &t[1..])
        }
        t if t.parse::<u32>().is_ok() => format!("hole {t}"),
        t => t.to_string(),
    }
}

fn direction_words(d: Direction) -> &'static str {
    match d {
        Direction::Cw => "clockwise",
        Direction::Ccw => "counterclockwise",
    }
}

/// The reserves of a Bao position (None: not Bao).
fn reserves(game: &AnyGame) -> Option<(u64, u64)> {
    let v = game.position_json();
    let r = v.get("reserve")?;
    Some((r["south"].as_u64()?, r["north"].as_u64()?))
}

/// Holes grouped by their owner: "North's holes 3 and 4 and your hole 6"
/// (Bao: "North's inner holes 3 and 4").
fn holes_by_owner(g: &AnyGame, holes: &[(usize, u32)], view: &View) -> String {
    let mut groups: Vec<(Side, &'static str, Vec<usize>)> = Vec::new();
    for &(i, _) in holes {
        let name = hole_name(g, i);
        let (row, k) = match name.hole {
            HoleLabel::Number(n) => ("", n),
            HoleLabel::Bao(Row::Inner, k) => ("inner ", k),
            HoleLabel::Bao(Row::Outer, k) => ("outer ", k),
        };
        match groups
            .iter_mut()
            .find(|(s, r, _)| *s == name.side && *r == row)
        {
            Some(group) => group.2.push(k),
            None => groups.push((name.side, row, vec![k])),
        }
    }
    let parts: Vec<String> = groups
        .into_iter()
        .map(|(side, row, mut ks)| {
            ks.sort_unstable();
            let ks: Vec<String> = ks.iter().map(usize::to_string).collect();
            let holes = if ks.len() == 1 { "hole" } else { "holes" };
            format!("{} {row}{holes} {}", view.whose(side), list(&ks))
        })
        .collect();
    list(&parts)
}

/// How much a turn line says: `brief` the decision, the outcome and the
/// score; `normal` the laps, relays and reserve cows too; `full` every relay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Verbosity {
    Brief,
    #[default]
    Normal,
    Full,
}

impl Verbosity {
    /// "brief", "normal" or "full".
    pub fn parse(word: &str) -> Option<Verbosity> {
        match word {
            "brief" => Some(Verbosity::Brief),
            "normal" => Some(Verbosity::Normal),
            "full" => Some(Verbosity::Full),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Verbosity::Brief => "brief",
            Verbosity::Normal => "normal",
            Verbosity::Full => "full",
        }
    }
}

/// The owner of the bull at `index` (two-row games), if it is one.
fn bull_owner(game: &AnyGame, index: usize) -> Option<Side> {
    let name = hole_name(game, index);
    let HoleLabel::Number(n) = name.hole else {
        return None;
    };
    let key = if name.side == Side::South {
        "south"
    } else {
        "north"
    };
    let v = game.position_json();
    let bulls = v["bulls"].as_array()?;
    let b = bulls
        .iter()
        .find(|b| b["side"].as_str() == Some(key) && b["hole"].as_u64() == Some(n as u64))?;
    Some(if b["owner"].as_str() == Some("south") {
        Side::South
    } else {
        Side::North
    })
}

/// How a turn (or, at a crossing, its lap) ended, in words: the phase
/// change first (Bao), then the steals, then the end itself.
/// `short` (a turn as told in play, below `full`): a capture by its seeds
/// alone, a crossing without its note (the prompt asks the direction).
/// `brief` (told in play at `brief`): fewer words still, the outcome kept:
/// a capture by its number ("captures 9"), a bull's end by its owner ("ends
/// in North's bull"), an end in an empty hole as "ends" (a voice takes a
/// second for the hole; `last` and `hole N` say it).
fn outcome(t: &Turn, after: &AnyGame, view: &View, short: bool, brief: bool) -> Vec<String> {
    let g = &t.before;
    let kind = g.kind();
    let hole = |i: usize| hole_text(g, i, view);
    let mut out = Vec::new();
    if let (Some((bs, bn)), Some((s, n))) = (reserves(g), reserves(after))
        && bs + bn > 0
        && s + n == 0
    {
        out.push("both reserves are empty: phase 2 begins;".into());
    }
    let steals: Vec<(usize, u32)> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Steal { from, seeds, .. } => Some((*from, *seeds)),
            _ => None,
        })
        .collect();
    if !steals.is_empty() {
        let total: u32 = steals.iter().map(|c| c.1).sum();
        out.push(format!(
            "steals {} from {}",
            count(kind, total),
            holes_by_owner(g, &steals, view)
        ));
    }
    let captures: Vec<(usize, u32)> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Capture { hole, seeds, .. } => Some((*hole, *seeds)),
            _ => None,
        })
        .collect();
    let bulls: Vec<(usize, Side)> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Bull { hole, owner } => Some((*hole, *owner)),
            _ => None,
        })
        .collect();
    let turn_over = t.events.iter().any(|e| matches!(e, Event::TurnEnd { .. }));
    let last_lap = t.events.iter().rev().find_map(|e| match e {
        Event::LapEnd { hole, seeds, .. } => Some((*hole, *seeds)),
        _ => None,
    });
    if let Some(row) = t.events.iter().find_map(|e| match e {
        Event::Special { row, .. } => Some(row),
        _ => None,
    }) {
        let row: Vec<String> = row.iter().map(|c| c.to_string()).collect();
        out.push(format!(
            "{} row is now {}",
            view.whose(t.side),
            row.join(", ")
        ));
    } else if let Some((h, seeds)) = t.events.iter().find_map(|e| match e {
        Event::PutBack { hole, seeds } => Some((*hole, *seeds)),
        _ => None,
    }) {
        out.push(format!(
            "finds no open direction and puts {} back in {}",
            count(kind, seeds),
            hole(h)
        ));
    } else if let Some(p) = after.pending().filter(|_| !turn_over) {
        let crossing = !t.decision.is_direction();
        let what = if crossing { "crosses" } else { "the lap ends" };
        // Brief: the seeds in hand; `last` and the prompt's `legal` say where.
        out.push(if brief {
            format!("{what} with {}", count(kind, p.in_hand))
        } else {
            format!(
                "{what} with {} in hand from {}{}",
                count(kind, p.in_hand),
                name_text(&p.lifted_from, view),
                if short {
                    ""
                } else {
                    ", the direction to choose"
                }
            )
        });
    } else if !bulls.is_empty() {
        let holes: Vec<(usize, u32)> = bulls.iter().map(|b| (b.0, 0)).collect();
        let owner = view.name(bulls[0].1);
        let (a, s) = if bulls.len() == 1 {
            ("a ", "")
        } else {
            ("", "s")
        };
        out.push(if brief {
            // "makes your hole 5 North's bull"
            format!(
                "makes {} {} bull{s}",
                holes_by_owner(g, &holes, view),
                view.whose(bulls[0].1)
            )
        } else {
            format!(
                "makes {} {a}bull{s} for {owner}",
                holes_by_owner(g, &holes, view)
            )
        });
    } else if !captures.is_empty() {
        let total: u32 = captures.iter().map(|c| c.1).sum();
        out.push(if brief {
            format!("captures {total}")
        } else if short {
            format!("captures {}", count(kind, total))
        } else {
            format!(
                "captures {} from {}",
                count(kind, total),
                holes_by_owner(g, &captures, view)
            )
        });
    } else if let Some((h, seeds)) = last_lap {
        out.push(match bull_owner(after, h) {
            Some(owner) if brief => format!("ends in {} bull", view.whose(owner)),
            Some(owner) => format!("ends in {} bull at {}", view.whose(owner), hole(h)),
            // Short: a turn ends in an empty hole unless said otherwise.
            None if seeds == 1 && brief => "ends".into(),
            None if seeds == 1 && short => format!("ends in {}", hole(h)),
            None if seeds == 1 => {
                format!("ends in {}", described(&hole_name(g, h), view, "empty "))
            }
            None => format!("ends in {}, now {}", hole(h), count(kind, seeds)),
        });
    } else {
        out.push("ends".into());
    }
    out
}

/// One turn in a line: what was decided, how it ended (the outcome first),
/// then the laps, relays, reserve cows and directions chosen; then each
/// side's score.
pub fn turn_line(t: &Turn, after: &AnyGame, view: &View) -> String {
    turn_line_at(t, after, view, Verbosity::Normal)
}

/// A turn as told when it is played: at `normal` and `brief` the decision
/// and its outcome only (a capture by its seeds), since a voice takes
/// seconds a word; the laps and relays are for `full` and the reads
/// (`last`, `log`). Below `full` the person's own decision is not said back
/// (they typed it), the score is said short and only with `score` (when a
/// person is to move next), and at `brief` a turn of the person's own that
/// just ends in an empty hole is not said at all (None). An end in an
/// empty hole is "ends in your hole 3": the usual end, "empty" is for `full`.
pub fn told_line(
    t: &Turn,
    after: &AnyGame,
    view: &View,
    verbosity: Verbosity,
    score: Option<String>,
) -> Option<String> {
    if verbosity == Verbosity::Full {
        return Some(turn_line_at(t, after, view, verbosity));
    }
    let mut line = turn_words(t, after, view, verbosity, true);
    let full_score = format!(" {}", score_line(after, view));
    if let Some(short) = line.strip_suffix(&full_score) {
        line = short.to_string();
    }
    // The person's own decision is what they typed: only its outcome.
    if view.me == Some(t.side)
        && let Some((_, rest)) = line.split_once(": ")
    {
        if verbosity == Verbosity::Brief && rest == "ends." {
            return None;
        }
        let mut c = rest.chars();
        line = c
            .next()
            .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
            .unwrap_or_default();
    }
    if let Some(score) = score.filter(|_| !after.status().is_over()) {
        if verbosity == Verbosity::Brief && line.ends_with('.') {
            line.pop();
            line.push_str(", ");
            line.push_str(&score);
            line.push('.');
        } else {
            line.push(' ');
            line.push_str(&score);
        }
    }
    Some(line)
}

/// [`turn_line`] at a verbosity.
pub fn turn_line_at(t: &Turn, after: &AnyGame, view: &View, verbosity: Verbosity) -> String {
    turn_words(t, after, view, verbosity, false)
}

fn turn_words(t: &Turn, after: &AnyGame, view: &View, verbosity: Verbosity, short: bool) -> String {
    let g = &t.before;
    let kind = g.kind();
    let hole = |i: usize| hole_text(g, i, view);
    let token = t.decision.to_string();
    let mut head = match &t.decision {
        AnyDecision::Direction(_) => view.verb(t.side, "go", "goes") + " " + &token_words(&token),
        AnyDecision::Special { .. } => view.verb(t.side, "make", "makes") + " the special move",
        // Brief: "North 8: ends" (a two-row game's decision is a hole to
        // sow; "sows hole" took a voice half a second a turn).
        AnyDecision::Hole(_) if short && verbosity == Verbosity::Brief => {
            format!("{} {token}", view.who(t.side))
        }
        // Bao: "North inner 5: ends".
        AnyDecision::Bao(_) if short && verbosity == Verbosity::Brief => {
            format!(
                "{} {}",
                view.who(t.side),
                token_words(&token).replace(" hole", "")
            )
        }
        AnyDecision::Hole(_) | AnyDecision::Bao(_) => {
            view.verb(t.side, "sow", "sows") + " " + &token_words(&token)
        }
    };
    let mut parts: Vec<String> = Vec::new();
    let laps = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::LapEnd { lap, .. } | Event::Lift { lap, .. } => Some(*lap),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let first_lap = t.events.iter().find_map(|e| match e {
        Event::Lift { lap, .. } | Event::LapEnd { lap, .. } => Some(*lap),
        _ => None,
    });
    let lap_count = laps.saturating_sub(first_lap.unwrap_or(1)) + 1;
    if lap_count > 1 {
        parts.push(format!("{lap_count} laps"));
    }
    let relays: Vec<(usize, u32)> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Lift { hole, seeds, lap } if *lap > 1 && Some(*lap) != first_lap => {
                Some((*hole, *seeds))
            }
            _ => None,
        })
        .collect();
    // A direction token's own choice is the head already.
    let skip_choice = t.decision.is_direction();
    let mut choice_seen = false;
    let mut relay_told = false;
    let named = if verbosity == Verbosity::Full {
        usize::MAX
    } else {
        3
    };
    for e in &t.events {
        match e {
            Event::Reserve { hole: h, .. } => {
                parts.push(format!("puts a reserve cow in {}", hole(*h)));
            }
            Event::Lift { lap, .. } if *lap > 1 && Some(*lap) != first_lap && !relay_told => {
                relay_told = true;
                // A few relays each by name; many as a count and the last.
                if relays.len() <= named {
                    for (h, seeds) in &relays {
                        parts.push(format!("relays {} from {}", count(kind, *seeds), hole(*h)));
                    }
                } else {
                    let (h, seeds) = relays[relays.len() - 1];
                    parts.push(format!(
                        "relays {} times, the last {} from {}",
                        relays.len(),
                        count(kind, seeds),
                        hole(h)
                    ));
                }
            }
            Event::Choice { direction } => {
                if skip_choice && !choice_seen {
                    choice_seen = true;
                } else {
                    parts.push(format!("goes {}", direction_words(*direction)));
                }
            }
            _ => {}
        }
    }
    head.push_str(": ");
    let brief = short && verbosity == Verbosity::Brief;
    head.push_str(
        &outcome(t, after, view, short, brief)
            .join(", ")
            .replace(";,", ";"),
    );
    if !parts.is_empty() && verbosity != Verbosity::Brief && !short {
        head.push_str("; ");
        head.push_str(&parts.join(", "));
    }
    head.push('.');
    if !after.status().is_over() {
        head.push(' ');
        head.push_str(&score_line(after, view));
    }
    head
}

/// "You have 21, North 19." (what each would have if the game ended now).
pub fn score_line(game: &AnyGame, view: &View) -> String {
    let s = crate::learn::score_now(game, Side::South);
    let n = crate::learn::score_now(game, Side::North);
    let (first, a, second, b) = match view.me {
        Some(Side::North) => (Side::North, n, Side::South, s),
        _ => (Side::South, s, Side::North, n),
    };
    let has = |side: Side| {
        if view.me == Some(side) {
            "You have"
        } else {
            "has"
        }
    };
    if view.me == Some(first) {
        format!("{} {a}, {} {b}.", has(first), second.title())
    } else {
        format!(
            "{} {} {a}, {} {b}.",
            first.title(),
            has(first),
            second.title()
        )
    }
}

/// A row of counts read out in groups of ten: "holes 1 to 8: 4, 4, 0".
fn row_lines(title: &str, holes: &[(usize, String)]) -> Vec<String> {
    let groups: Vec<&[(usize, String)]> = holes.chunks(10).collect();
    let many = groups.len() > 1;
    groups
        .iter()
        .enumerate()
        .map(|(k, g)| {
            let first = g.first().map_or(0, |h| h.0);
            let last = g.last().map_or(0, |h| h.0);
            let values: Vec<&str> = g.iter().map(|h| h.1.as_str()).collect();
            let lead = if k == 0 || !many {
                format!("{title}, holes {first} to {last}")
            } else {
                format!("  holes {first} to {last}")
            };
            format!("{lead}: {}.", values.join(", "))
        })
        .collect()
}

/// The board read aloud: the side to move's own row first (or yours),
/// then the other, North's from its hole N to 1 as it lies across the
/// board; bulls and closed holes in words; then the captures or reserves.
pub fn board_lines(game: &AnyGame, view: &View) -> Vec<String> {
    let mine = view.me.unwrap_or(Side::South);
    let mut out = side_lines(game, view, mine, None);
    out.extend(side_lines(game, view, mine.other(), None));
    out.push(totals_line(game, view));
    out
}

fn key(s: Side) -> &'static str {
    if s == Side::South { "south" } else { "north" }
}

/// Holes in a row of this game.
pub fn row_len(game: &AnyGame) -> usize {
    if game.kind() == GameKind::BaoLaKimasai {
        8
    } else {
        game.position_json()["holes"].as_u64().unwrap_or(0) as usize
    }
}

/// A two-row game's hole in words: "4", "5 in North's bull", "closed".
fn cell(game: &AnyGame, v: &Value, view: &View, side: Side, h: usize) -> String {
    let c = v[key(side)][h - 1].as_u64().unwrap_or(0);
    let at = |list: &Value| {
        list.as_array().and_then(|l| {
            l.iter()
                .find(|b| {
                    b["side"].as_str() == Some(key(side)) && b["hole"].as_u64() == Some(h as u64)
                })
                .cloned()
        })
    };
    if let Some(b) = at(&v["bulls"]) {
        let owner = if b["owner"].as_str() == Some("south") {
            Side::South
        } else {
            Side::North
        };
        format!("{c} in {} bull", view.whose(owner))
    } else if at(&v["closed"]).is_some() {
        let _ = game;
        "closed".to_string()
    } else {
        c.to_string()
    }
}

/// One side's row (Bao: its two rows), holes `range` only if given: the
/// lines of [`board_lines`].
pub fn side_lines(
    game: &AnyGame,
    view: &View,
    side: Side,
    range: Option<(usize, usize)>,
) -> Vec<String> {
    let v = game.position_json();
    let mine = view.me.unwrap_or(Side::South);
    let within = |h: usize| range.is_none_or(|(a, b)| h >= a && h <= b);
    let mut out = Vec::new();
    match game.kind() {
        GameKind::BaoLaKimasai => {
            // The other side's holes as the two-row games read them: from
            // the one facing your hole 1 on.
            let order: Vec<usize> = if side == mine {
                (1..=8).collect()
            } else {
                (1..=8).rev().collect()
            };
            for row in ["inner", "outer"] {
                let counts = &v[key(side)][row];
                let holes: Vec<(usize, String)> = order
                    .iter()
                    .copied()
                    .filter(|&k| within(k))
                    .map(|k| (k, counts[k - 1].to_string()))
                    .collect();
                if !holes.is_empty() {
                    out.extend(row_lines(
                        &format!("{} {row} row", view.whose_cap(side)),
                        &holes,
                    ));
                }
            }
        }
        _ => {
            let n = row_len(game);
            let order: Vec<usize> = if side == mine {
                (1..=n).collect()
            } else {
                (1..=n).rev().collect()
            };
            let holes: Vec<(usize, String)> = order
                .into_iter()
                .filter(|&h| within(h))
                .map(|h| (h, cell(game, &v, view, side, h)))
                .collect();
            if !holes.is_empty() {
                out.extend(row_lines(&format!("{} row", view.whose_cap(side)), &holes));
            }
        }
    }
    out
}

/// "Captured: you 3, North 5." or Bao's "Reserves: you 4, North 4."
pub fn totals_line(game: &AnyGame, view: &View) -> String {
    let v = game.position_json();
    let mine = view.me.unwrap_or(Side::South);
    let other = mine.other();
    let (what, counts) = if game.kind() == GameKind::BaoLaKimasai {
        ("Reserves", &v["reserve"])
    } else {
        ("Captured", &v["captured"])
    };
    format!(
        "{what}: {} {}, {} {}.",
        view.name(mine),
        counts[key(mine)],
        view.name(other),
        counts[key(other)]
    )
}

/// The hole facing hole `k` of a row of `n` (either row, either game).
fn facing(k: usize, n: usize) -> usize {
    n + 1 - k
}

/// `hole N` (Bao `hole i3`): its seeds, a bull's owner, the facing hole;
/// `side`: whose row (yours or the side to move's by default).
pub fn hole_said(game: &AnyGame, view: &View, side: Side, which: &str) -> Result<String, String> {
    let kind = game.kind();
    let n = row_len(game);
    let v = game.position_json();
    let bao = kind == GameKind::BaoLaKimasai;
    let (row, k) = if bao {
        let (row, num) = match which.chars().next() {
            Some('i') => ("inner", &which[1..]),
            Some('o') => ("outer", &which[1..]),
            _ => ("", which),
        };
        (row, num.parse::<usize>().ok())
    } else {
        ("", which.parse::<usize>().ok())
    };
    let Some(k) = k.filter(|k| (1..=n).contains(k) && (!bao || !row.is_empty())) else {
        return Err(if bao {
            "Type hole and a hole of a row, for example hole i3 or hole o5 (help: the words)."
                .into()
        } else {
            format!("Type hole and a number from 1 to {n} (help: the words).")
        });
    };
    let whose = view.whose_cap(side);
    if bao {
        let c = v[key(side)][row][k - 1].as_u64().unwrap_or(0) as u32;
        let mut text = format!("{whose} {row} hole {k}: {}", count(kind, c));
        if row == "inner" {
            let f = facing(k, n);
            let fc = v[key(side.other())]["inner"][f - 1].as_u64().unwrap_or(0) as u32;
            text.push_str(&format!(
                "; it faces {} inner hole {f}, {}",
                view.whose(side.other()),
                count(kind, fc)
            ));
        }
        return Ok(text + ".");
    }
    let f = facing(k, n);
    let say = |s: Side, h: usize| {
        let c = cell(game, &v, view, s, h);
        match c.parse::<u32>() {
            Ok(c) => count(kind, c),
            Err(_) if c.contains(" bull") => {
                let (seeds, owner) = c.split_once(" in ").unwrap_or((&c, ""));
                format!("{owner}, {}", count(kind, seeds.parse().unwrap_or(0)))
            }
            Err(_) => c,
        }
    };
    Ok(format!(
        "{whose} hole {k}: {}; it faces {} hole {f}: {}.",
        say(side, k),
        view.whose(side.other()),
        say(side.other(), f)
    ))
}

/// `bulls`: each bull, where, whose, how many seeds.
pub fn bulls_said(game: &AnyGame, view: &View) -> String {
    let v = game.position_json();
    let Some(bulls) = v["bulls"].as_array().filter(|b| !b.is_empty()) else {
        return if game.kind() == GameKind::BaoLaKimasai {
            "Bao has no bulls.".into()
        } else {
            "No bulls yet.".into()
        };
    };
    let side_of = |s: &Value| {
        if s.as_str() == Some("south") {
            Side::South
        } else {
            Side::North
        }
    };
    let items: Vec<String> = bulls
        .iter()
        .map(|b| {
            let side = side_of(&b["side"]);
            let h = b["hole"].as_u64().unwrap_or(0) as usize;
            let c = v[key(side)][h.max(1) - 1].as_u64().unwrap_or(0) as u32;
            let owner = side_of(&b["owner"]);
            let whose = if view.me == Some(owner) {
                "yours".to_string()
            } else {
                format!("owned by {}", owner.title())
            };
            format!(
                "{} hole {h}, {whose}, {}",
                view.whose(side),
                count(game.kind(), c)
            )
        })
        .collect();
    let n = items.len();
    format!(
        "{n} bull{}: {}.",
        if n == 1 { "" } else { "s" },
        items.join("; ")
    )
}

/// A value for the side it belongs to, in words a voice reads well:
/// "wins by 4 in 6 turns", "loses by 40 in 6 turns", "2.5 seeds ahead";
/// from a search that was not `exact`, a proven result as a bound: "wins
/// by at least 12", "loses by at least 6".
pub fn value_said(v: i32, kind: GameKind, exact: bool) -> String {
    let unit = if kind == GameKind::BaoLaKimasai {
        "cows"
    } else {
        "seeds"
    };
    if let Some(p) = crate::ai::Proof::of(v) {
        if !exact {
            let m = p.margin.unsigned_abs();
            return if p.won {
                format!("wins by at least {m}")
            } else {
                format!("loses by at least {m}")
            };
        }
        let turns = if p.turns == 1 {
            "this turn".to_string()
        } else {
            format!("{} turns", p.turns)
        };
        return match (p.won, p.margin.unsigned_abs()) {
            (_, 0) => format!("draws in {turns}"),
            (true, m) => format!("wins by {m} in {turns}"),
            (false, m) => format!("loses by {m} in {turns}"),
        };
    }
    let s = crate::review::seeds(v);
    if s.abs() < 0.05 {
        "even".into()
    } else if s > 0.0 {
        format!("{s:.1} {unit} ahead")
    } else {
        format!("{:.1} {unit} behind", -s)
    }
}

/// Where the first seed of each direction's lap falls, in words.
pub fn direction_options(game: &AnyGame, view: &View) -> Vec<String> {
    struct First(Option<usize>);
    impl crate::engine::Observer for First {
        fn event(&mut self, e: Event) {
            if let (None, Event::Drop { hole }) = (self.0, e) {
                self.0 = Some(hole);
            }
        }
    }
    let Some(p) = game.pending() else {
        return Vec::new();
    };
    p.options
        .iter()
        .map(|o| {
            let mut g = game.clone();
            let mut first = First(None);
            let words = token_words(o);
            match g.play_token_within(o, 10_000, &mut first) {
                Ok(()) | Err(_) if first.0.is_some() => format!(
                    "{o} ({words}, toward {})",
                    hole_text(game, first.0.expect("some"), view)
                ),
                _ => format!("{o} ({words})"),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;

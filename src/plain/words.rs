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
    let mut groups: Vec<(Side, &'static str, Vec<String>)> = Vec::new();
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
            Some(group) => group.2.push(k.to_string()),
            None => groups.push((name.side, row, vec![k.to_string()])),
        }
    }
    let parts: Vec<String> = groups
        .into_iter()
        .map(|(side, row, ks)| {
            let holes = if ks.len() == 1 { "hole" } else { "holes" };
            format!("{} {row}{holes} {}", view.whose(side), list(&ks))
        })
        .collect();
    list(&parts)
}

/// One turn in a line: what was sown, the laps, relays, crossings and the
/// direction chosen, bulls, captures, steals and reserve cows, and the
/// phase change; then each side's score.
pub fn turn_line(t: &Turn, after: &AnyGame, view: &View) -> String {
    let g = &t.before;
    let kind = g.kind();
    let hole = |i: usize| hole_text(g, i, view);
    let token = t.decision.to_string();
    let mut head = match &t.decision {
        AnyDecision::Direction(_) => view.verb(t.side, "go", "goes") + " " + &token_words(&token),
        AnyDecision::Special { .. } => view.verb(t.side, "make", "makes") + " the special move",
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
    let mut captures: Vec<(usize, u32)> = Vec::new();
    // A direction token's own choice is the head already.
    let skip_choice = t.decision.is_direction();
    let mut choice_seen = false;
    let mut relay_told = false;
    for e in &t.events {
        match e {
            Event::Reserve { hole: h, .. } => {
                parts.push(format!("puts a reserve cow in {}", hole(*h)));
            }
            Event::Lift { lap, .. } if *lap > 1 && Some(*lap) != first_lap && !relay_told => {
                relay_told = true;
                // A few relays each by name; many as a count and the last.
                if relays.len() <= 3 {
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
            Event::Bull { hole: h, owner } => {
                parts.push(format!(
                    "makes {} a bull for {}",
                    hole(*h),
                    view.name(*owner)
                ));
            }
            Event::Capture { hole: h, seeds, .. } => captures.push((*h, *seeds)),
            Event::Steal { from, seeds, .. } => {
                parts.push(format!(
                    "steals {} from {}",
                    count(kind, *seeds),
                    hole(*from)
                ));
            }
            Event::PutBack { hole: h, seeds } => parts.push(format!(
                "finds no open direction and puts {} back in {}",
                count(kind, *seeds),
                hole(*h)
            )),
            Event::Special { row, .. } => {
                let row: Vec<String> = row.iter().map(|c| c.to_string()).collect();
                parts.push(format!(
                    "{} row is now {}",
                    view.whose(t.side),
                    row.join(", ")
                ));
            }
            _ => {}
        }
    }
    if !captures.is_empty() {
        let total: u32 = captures.iter().map(|c| c.1).sum();
        parts.push(format!(
            "captures {} from {}",
            count(kind, total),
            holes_by_owner(g, &captures, view)
        ));
    }
    let turn_over = t.events.iter().any(|e| matches!(e, Event::TurnEnd { .. }));
    let busy = t.events.iter().any(|e| {
        matches!(
            e,
            Event::Capture { .. }
                | Event::Bull { .. }
                | Event::Steal { .. }
                | Event::Special { .. }
        )
    });
    if turn_over && !busy {
        let end = t.events.iter().rev().find_map(|e| match e {
            Event::LapEnd { hole, seeds, .. } => Some((*hole, *seeds)),
            _ => None,
        });
        if let Some((h, 1)) = end {
            parts.push(format!(
                "ends in {}",
                described(&hole_name(g, h), view, "empty ")
            ));
        }
    }
    if let Some(p) = after.pending().filter(|_| !turn_over) {
        let crossing = !t.decision.is_direction();
        parts.push(format!(
            "{}: {} in hand from {}, the direction to choose",
            if crossing { "crosses" } else { "the lap ends" },
            count(kind, p.in_hand),
            name_text(&p.lifted_from, view)
        ));
    }
    if let (Some((bs, bn)), Some((s, n))) = (reserves(g), reserves(after))
        && bs + bn > 0
        && s + n == 0
    {
        parts.push("both reserves are empty: phase 2 begins".into());
    }
    if !parts.is_empty() {
        head.push_str(": ");
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
    let v = game.position_json();
    let mine = view.me.unwrap_or(Side::South);
    let other = mine.other();
    let key = |s: Side| if s == Side::South { "south" } else { "north" };
    let mut out = Vec::new();
    match game.kind() {
        GameKind::BaoLaKimasai => {
            for (side, rows) in [(mine, ["inner", "outer"]), (other, ["inner", "outer"])] {
                for row in rows {
                    let counts = &v[key(side)][row];
                    let holes: Vec<(usize, String)> =
                        (1..=8).map(|k| (k, counts[k - 1].to_string())).collect();
                    out.extend(row_lines(
                        &format!("{} {row} row", view.whose_cap(side)),
                        &holes,
                    ));
                }
            }
            if let Some((s, n)) = reserves(game) {
                let r = |side: Side| if side == Side::South { s } else { n };
                out.push(format!(
                    "Reserves: {} {}, {} {}.",
                    view.name(mine),
                    r(mine),
                    view.name(other),
                    r(other)
                ));
            }
        }
        _ => {
            let n = v["holes"].as_u64().unwrap_or(0) as usize;
            let bulls = v["bulls"].as_array().cloned().unwrap_or_default();
            let closed = v["closed"].as_array().cloned().unwrap_or_default();
            let at = |list: &[Value], side: Side, hole: usize| {
                list.iter()
                    .find(|b| {
                        b["side"].as_str() == Some(key(side))
                            && b["hole"].as_u64() == Some(hole as u64)
                    })
                    .cloned()
            };
            for side in [mine, other] {
                let counts = &v[key(side)];
                let cell = |h: usize| {
                    let c = counts[h - 1].as_u64().unwrap_or(0);
                    if let Some(b) = at(&bulls, side, h) {
                        let owner = if b["owner"].as_str() == Some("south") {
                            Side::South
                        } else {
                            Side::North
                        };
                        format!("{c} in {} bull", view.whose(owner))
                    } else if at(&closed, side, h).is_some() {
                        "closed".to_string()
                    } else {
                        c.to_string()
                    }
                };
                let order: Vec<usize> = if side == mine {
                    (1..=n).collect()
                } else {
                    (1..=n).rev().collect()
                };
                let holes: Vec<(usize, String)> = order.into_iter().map(|h| (h, cell(h))).collect();
                out.extend(row_lines(&format!("{} row", view.whose_cap(side)), &holes));
            }
            let cap = &v["captured"];
            out.push(format!(
                "Captured: {} {}, {} {}.",
                view.name(mine),
                cap[key(mine)],
                view.name(other),
                cap[key(other)]
            ));
        }
    }
    out
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

/// A game's title as said aloud: "Enkeshui 2x8" becomes "Enkeshui, 2 rows
/// of 8" (a speech synthesiser reads "2x8" as "two ex eight").
pub fn spoken_title(title: &str) -> String {
    let words: Vec<String> = title
        .split(' ')
        .map(|w| match w.strip_prefix("2x") {
            Some(n) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
                format!("2 rows of {n}")
            }
            _ => w.to_string(),
        })
        .collect();
    words.join(" ").replacen(" 2 rows", ", 2 rows", 1)
}

/// The engine's messages said aloud: a range "1..8" becomes "1 to 8" (a
/// speech synthesiser reads "one point eight"), a trailing "x.." loses its dots.
pub fn speakable(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '.' && chars.get(i + 1) == Some(&'.') && chars.get(i + 2) != Some(&'.') {
            if i > 0
                && chars[i - 1].is_alphanumeric()
                && chars.get(i + 2).is_some_and(|c| c.is_alphanumeric())
            {
                out.push_str(" to ");
            }
            i += 2;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_said_as_words() {
        assert_eq!(
            speakable("'foo' is not a decision (a hole 1..8, cw, ccw or a special move x..)."),
            "'foo' is not a decision (a hole 1 to 8, cw, ccw or a special move x)."
        );
        assert_eq!(speakable("holes are i1..i8"), "holes are i1 to i8");
    }

    #[test]
    fn titles_are_said_in_words() {
        assert_eq!(
            spoken_title("Enkeshui 2x8 (8-left-empty)"),
            "Enkeshui, 2 rows of 8 (8-left-empty)"
        );
        assert_eq!(spoken_title("Bao la Kimasai"), "Bao la Kimasai");
    }
}

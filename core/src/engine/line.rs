//! A position in one line of text, as FEN is for chess: what a person types,
//! reads aloud and sends to a friend. It stands for the position JSON field
//! for field (docs/NOTATION.md), so reading it is turning it into that JSON
//! and reading the JSON: every check, and every refusal naming its field,
//! is the JSON reader's.
//!
//! ```text
//! enkeshui 0,0,4x6/0,0,4x6 s 0-0 1
//! enkeshui 0,5*,0#,3,... /... n 10-7 23 match special_move=once special_used=n
//! en-gehe 4x40/4x40 s 0-0 1
//! bao 0,0,0,0,6,6,0,0/0x8/0,0,0,0,6,6,0,0/0x8 s 20-20 1
//! ```
//!
//! The fields: the game; the rows, South's then North's, each from its
//! owner's hole 1 (Bao: South's inner and outer rows, then North's), counts
//! by commas, `NxK` for K holes of N seeds, a bull marked `*` (South's) or
//! `+` (North's), a hole out of play `0#`; who moves, `s` or `n`; the seeds
//! captured (Bao: the reserves) as `SOUTH-NORTH`; the turn about to be
//! played; then the rule flags that differ from the defaults, `name=value`
//! or a flag's bare name, and who has used the special move.

use super::PositionError;
use super::any::AnyGame;
use super::position::{FieldPath, PResult, PositionErrorKind as K};
use serde_json::{Map, Value, json};

/// The most holes a row of any game has: a run longer than this is refused
/// before anything is made of it.
const MOST_HOLES: u64 = 64;

impl AnyGame {
    /// The position in one line (docs/NOTATION.md).
    pub fn position_line(&self) -> String {
        line_of(&self.position_json())
    }

    /// Reads a position's one line: a refusal names the field at fault.
    pub fn from_line(line: &str) -> PResult<AnyGame> {
        let v = json_of_line(line)?;
        AnyGame::from_position(&v).map_err(|e| in_line_terms(e, &v))
    }

    /// Reads a position in either form: its JSON (a text starting with
    /// `{`) or its one line. `Err(None)`: the JSON does not parse.
    pub fn from_text(text: &str) -> Result<AnyGame, Option<PositionError>> {
        let text = text.trim();
        // The engine's `state` answer, copied whole, is its JSON.
        let text = text.strip_prefix("state ").unwrap_or(text).trim_start();
        if text.starts_with('{') {
            let value: Value = serde_json::from_str(text).map_err(|_| None)?;
            AnyGame::from_position(&value).map_err(Some)
        } else {
            AnyGame::from_line(text).map_err(Some)
        }
    }
}

fn not(field: impl Into<FieldPath>, found: &str, expected: &'static str) -> PositionError {
    PositionError::new(
        field,
        K::NotInLine {
            found: crate::text::excerpt(found),
            expected,
        },
    )
}

/// A refusal of a bull or a hole out of play named by the hole that
/// carries its mark in the line (`north[0]`), not by the JSON's list.
fn in_line_terms(mut e: PositionError, v: &Value) -> PositionError {
    use super::position::PathPart;
    if let [PathPart::Key(list), PathPart::Index(i), ..] = e.field.parts()
        && (list == "bulls" || list == "closed")
    {
        let mark = &v[list.as_str()][*i];
        if let (Some(side), Some(hole)) = (mark["side"].as_str(), mark["hole"].as_u64()) {
            e.field = FieldPath::from(side).index(hole as usize - 1);
        }
    }
    e
}

/// The one line of a position JSON the engine wrote.
fn line_of(v: &Value) -> String {
    let game = v["game"].as_str().unwrap_or("");
    let mut out = Vec::new();
    let sides = ["south", "north"];
    if game == "bao-la-kimasai" {
        out.push("bao".to_string());
        let rows: Vec<String> = sides
            .iter()
            .flat_map(|s| ["inner", "outer"].map(|r| row_text(&v[*s][r], &[])))
            .collect();
        out.push(rows.join("/"));
    } else {
        out.push(game.to_string());
        let mut marks = Vec::new();
        for b in v["bulls"].as_array().into_iter().flatten() {
            let owner = if b["owner"] == "south" { '*' } else { '+' };
            marks.push((b["side"].clone(), b["hole"].as_u64(), owner));
        }
        for c in v["closed"].as_array().into_iter().flatten() {
            marks.push((c["side"].clone(), c["hole"].as_u64(), '#'));
        }
        let rows: Vec<String> = sides
            .iter()
            .map(|s| {
                let mine: Vec<(u64, char)> = marks
                    .iter()
                    .filter(|m| m.0 == *s)
                    .filter_map(|m| Some((m.1?, m.2)))
                    .collect();
                row_text(&v[*s], &mine)
            })
            .collect();
        out.push(rows.join("/"));
    }
    out.push(if v["to_move"] == "north" { "n" } else { "s" }.to_string());
    let pair = if game == "bao-la-kimasai" {
        &v["reserve"]
    } else {
        &v["captured"]
    };
    out.push(format!(
        "{}-{}",
        pair["south"].as_u64().unwrap_or(0),
        pair["north"].as_u64().unwrap_or(0)
    ));
    out.push(v["turn"].as_u64().unwrap_or(1).to_string());
    for (k, val) in v["rules"].as_object().into_iter().flatten() {
        match val {
            Value::Bool(true) => out.push(k.clone()),
            Value::String(s) => out.push(format!("{k}={s}")),
            other => out.push(format!("{k}={other}")),
        }
    }
    let used: Vec<&str> = sides
        .iter()
        .filter(|s| v["special_used"][**s] == true)
        .map(|s| &s[..1])
        .collect();
    if !used.is_empty() {
        out.push(format!("special_used={}", used.join(",")));
    }
    out.join(" ")
}

/// A row's counts, runs of three or more plain holes as `NxK`, marks after
/// their holes' counts.
fn row_text(row: &Value, marks: &[(u64, char)]) -> String {
    let counts: Vec<u64> = row
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| c.as_u64().unwrap_or(0))
        .collect();
    let mark = |i: usize| marks.iter().find(|m| m.0 == i as u64 + 1).map(|m| m.1);
    let mut parts = Vec::new();
    let mut i = 0;
    while i < counts.len() {
        if let Some(m) = mark(i) {
            parts.push(format!("{}{m}", counts[i]));
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < counts.len() && counts[j] == counts[i] && mark(j).is_none() {
            j += 1;
        }
        if j - i >= 3 {
            parts.push(format!("{}x{}", counts[i], j - i));
            i = j;
        } else {
            parts.push(counts[i].to_string());
            i += 1;
        }
    }
    parts.join(",")
}

/// One hole of a row as written: its count and its mark.
struct Hole {
    count: u64,
    mark: Option<char>,
}

/// A row's holes; `field` names the row (`south`, `north.inner`).
fn read_row(text: &str, field: &FieldPath) -> PResult<Vec<Hole>> {
    const COUNT: &str =
        "a seed count (4, 4x6 for six holes of 4, 6* or 6+ for a bull, 0# out of play)";
    let mut holes: Vec<Hole> = Vec::new();
    for part in text.split(',') {
        let at = field.index(holes.len());
        let (body, mark) = match part.chars().last() {
            Some(c @ ('*' | '+' | '#')) => (&part[..part.len() - 1], Some(c)),
            _ => (part, None),
        };
        let (count, run) = match body.split_once('x') {
            Some((n, k)) if mark.is_none() => {
                let k: u64 = k.parse().map_err(|_| not(at.clone(), part, COUNT))?;
                if k == 0 || k > MOST_HOLES {
                    return Err(not(at, part, "a run of 1 to 64 holes"));
                }
                (n, k)
            }
            _ => (body, 1),
        };
        let count: u64 = count.parse().map_err(|_| not(at.clone(), part, COUNT))?;
        if holes.len() as u64 + run > MOST_HOLES {
            return Err(not(at, part, "a row of at most 64 holes"));
        }
        for _ in 0..run {
            holes.push(Hole { count, mark });
        }
    }
    Ok(holes)
}

/// `SOUTH-NORTH` as the JSON's `{"south": S, "north": N}`.
fn read_pair(text: &str, field: &str) -> PResult<Value> {
    let expected = "two counts, South's then North's (3-10)";
    let (s, n) = text
        .split_once('-')
        .ok_or_else(|| not(field, text, expected))?;
    let s: u64 = s.parse().map_err(|_| not(field, text, expected))?;
    let n: u64 = n.parse().map_err(|_| not(field, text, expected))?;
    Ok(json!({"south": s, "north": n}))
}

/// The position JSON a line stands for (not yet checked as a position).
fn json_of_line(line: &str) -> PResult<Value> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() < 5 {
        return Err(PositionError::new(
            FieldPath::root(),
            K::LineFields(words.len()),
        ));
    }
    let game = match words[0] {
        "enkeshui" => "enkeshui",
        "en-gehe" => "en-gehe",
        "bao" | "bao-la-kimasai" => "bao-la-kimasai",
        other => {
            return Err(PositionError::new(
                "game",
                K::UnknownGame(crate::text::excerpt(other)),
            ));
        }
    };
    let mut v = Map::new();
    v.insert("game".into(), json!(game));
    let rows: Vec<&str> = words[1].split('/').collect();
    let sides = ["south", "north"];
    if game == "bao-la-kimasai" {
        if rows.len() != 4 {
            return Err(not(
                "rows",
                words[1],
                "four rows: South's inner/outer, then North's inner/outer",
            ));
        }
        for (s, side) in sides.iter().enumerate() {
            let mut pair = Map::new();
            for (r, name) in ["inner", "outer"].iter().enumerate() {
                let field = FieldPath::from(*side).key(*name);
                let holes = read_row(rows[2 * s + r], &field)?;
                if let Some((i, _)) = holes.iter().enumerate().find(|h| h.1.mark.is_some()) {
                    return Err(not(
                        field.index(i),
                        rows[2 * s + r],
                        "a plain count (Bao has no bulls)",
                    ));
                }
                let counts: Vec<u64> = holes.iter().map(|h| h.count).collect();
                pair.insert(name.to_string(), json!(counts));
            }
            v.insert(side.to_string(), Value::Object(pair));
        }
    } else {
        if rows.len() != 2 {
            return Err(not("rows", words[1], "two rows: South's/North's"));
        }
        let mut bulls = Vec::new();
        let mut closed = Vec::new();
        for (s, side) in sides.iter().enumerate() {
            let holes = read_row(rows[s], &FieldPath::from(*side))?;
            for (i, h) in holes.iter().enumerate() {
                if game == "en-gehe"
                    && let Some(m) = h.mark
                {
                    return Err(not(
                        FieldPath::from(*side).index(i),
                        &format!("{}{m}", h.count),
                        "a plain count (En Gehé has no bulls)",
                    ));
                }
                match h.mark {
                    Some('#') => closed.push(json!({"side": side, "hole": i + 1})),
                    Some(m) => {
                        let owner = if m == '*' { "south" } else { "north" };
                        bulls.push(json!({"side": side, "hole": i + 1, "owner": owner}));
                    }
                    None => {}
                }
            }
            let counts: Vec<u64> = holes.iter().map(|h| h.count).collect();
            if s == 0 {
                v.insert("holes".into(), json!(counts.len()));
            }
            v.insert(side.to_string(), json!(counts));
        }
        if game == "enkeshui" {
            v.insert("bulls".into(), Value::Array(bulls));
            if !closed.is_empty() {
                v.insert("closed".into(), Value::Array(closed));
            }
        }
    }
    let side = match words[2] {
        "s" | "south" => "south",
        "n" | "north" => "north",
        other => return Err(not("side", other, "s or n (South or North)")),
    };
    v.insert("to_move".into(), json!(side));
    let pair = if game == "bao-la-kimasai" {
        "reserve"
    } else {
        "captured"
    };
    v.insert(pair.into(), read_pair(words[3], pair)?);
    let turn: u64 = words[4]
        .parse()
        .map_err(|_| not("turn", words[4], "a turn number from 1"))?;
    v.insert("turn".into(), json!(turn));
    let mut rules = Map::new();
    for word in &words[5..] {
        let (key, value) = match word.split_once('=') {
            Some((k, val)) => (k, Some(val)),
            None => (*word, None),
        };
        let field = FieldPath::from("rules").key(crate::text::excerpt(key));
        if key == "special_used" {
            let used = value.unwrap_or("");
            let mut u = json!({"south": false, "north": false});
            for s in used.split(',').filter(|s| !s.is_empty()) {
                match s {
                    "s" | "south" => u["south"] = json!(true),
                    "n" | "north" => u["north"] = json!(true),
                    other => {
                        return Err(not("special_used", other, "s, n or s,n"));
                    }
                }
            }
            v.insert("special_used".into(), u);
            continue;
        }
        let value = match value {
            None => json!(true),
            Some("true") => json!(true),
            Some("false") => json!(false),
            Some(n) if n.bytes().all(|b| b.is_ascii_digit()) && !n.is_empty() => {
                json!(
                    n.parse::<u64>()
                        .map_err(|_| not(field.clone(), n, "a number"))?
                )
            }
            Some(s) => json!(s),
        };
        rules.insert(key.to_string(), value);
    }
    if !rules.is_empty() {
        v.insert("rules".into(), Value::Object(rules));
    }
    Ok(Value::Object(v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Quiet;
    use crate::engine::SeededRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::enkeshui::{Enkeshui, Layout, Rules, SpecialMove, Unfilled};
    use crate::engine::{bao, en_gehe};

    fn enkeshui(holes: usize, rules: Rules) -> AnyGame {
        Enkeshui::new(&Layout::default_for(holes).unwrap(), rules).into()
    }

    fn start(game: &str) -> AnyGame {
        match game {
            "enkeshui" => enkeshui(8, Rules::default()),
            "en-gehe" => en_gehe::EnGehe::new(40, en_gehe::Rules::default())
                .unwrap()
                .into(),
            _ => bao::Bao::new(bao::Rules::default()).into(),
        }
    }

    /// The start positions as a person reads them.
    #[test]
    fn each_games_start_in_one_line() {
        assert_eq!(
            start("enkeshui").position_line(),
            "enkeshui 0,0,4x6/0,0,4x6 s 0-0 1"
        );
        assert_eq!(
            start("en-gehe").position_line(),
            "en-gehe 4x40/4x40 s 0-0 1"
        );
        let bao = start("bao").position_line();
        assert!(bao.starts_with("bao "), "{bao}");
        assert_eq!(
            AnyGame::from_line(&bao).unwrap().position_json(),
            start("bao").position_json()
        );
    }

    /// Every position along random games of every game reads back as itself.
    #[test]
    fn lines_round_trip_along_random_games() {
        let mut rng = SeededRng::seed_from_u64(3);
        let games = [
            start("enkeshui"),
            enkeshui(
                12,
                Rules {
                    special_move: SpecialMove::Once,
                    capture_after_relay: true,
                    ..Rules::default()
                },
            ),
            enkeshui(
                10,
                Rules {
                    match_play: true,
                    unfilled: Unfilled::Closed,
                    match_games: 3,
                    ..Rules::default()
                },
            ),
            en_gehe::EnGehe::new(41, en_gehe::Rules { max_turns: 300 })
                .unwrap()
                .into(),
            start("bao"),
        ];
        for first in games {
            for _ in 0..20 {
                let mut g = first.clone();
                for _ in 0..400 {
                    let json = g.position_json();
                    if g.pending().is_none() {
                        let line = g.position_line();
                        let back =
                            AnyGame::from_line(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
                        assert_eq!(back.position_json(), json, "{line}");
                    }
                    let legal: Vec<String> = g
                        .legal_tokens()
                        .into_iter()
                        .filter(|t| t != "special")
                        .collect();
                    if legal.is_empty() {
                        break;
                    }
                    let t = &legal[rng.random_range(0..legal.len())];
                    g.play_token(t, &mut Quiet).unwrap();
                }
            }
        }
    }

    /// A hand-written line with a fault is refused, naming the field.
    #[test]
    fn a_faulty_line_names_its_field() {
        let err = |line: &str| AnyGame::from_line(line).unwrap_err().to_string();
        assert_eq!(
            err("enkeshui 0,0,4x6/0,0,4x6 s 0-0"),
            "expected GAME ROWS SIDE CAPTURED TURN [RULE=VALUE ...]: found 4 fields"
        );
        assert_eq!(
            err("chess 0,0,4x6/0,0,4x6 s 0-0 1"),
            "game: unknown game 'chess' (enkeshui, en-gehe or bao-la-kimasai)"
        );
        assert_eq!(
            err("enkeshui 0,0,4x6/0,0,4,y,4,4,4,4 s 0-0 1"),
            "north[3]: 'y' is not a seed count (4, 4x6 for six holes of 4, 6* or 6+ for a bull, 0# out of play)"
        );
        assert_eq!(
            err("enkeshui 0,0,4x6/0,0,4x99999999999 s 0-0 1"),
            "north[2]: '4x99999999999' is not a run of 1 to 64 holes"
        );
        assert_eq!(
            err("enkeshui 0,0,4x6/0,0,4x6 w 0-0 1"),
            "side: 'w' is not s or n (South or North)"
        );
        assert_eq!(
            err("enkeshui 0,0,4x6/0,0,4x6 s 0 1"),
            "captured: '0' is not two counts, South's then North's (3-10)"
        );
        assert_eq!(
            err("enkeshui 0,0,4x6/0,0,4x5 s 0-0 1"),
            "north: expected 8 counts, found 7"
        );
        assert_eq!(
            err("enkeshui 0,0,4x6/0,0,4x6 s 0-1 1"),
            "south: the board and captures hold 49 seeds: Enkeshui has 48"
        );
        assert_eq!(
            err("enkeshui 0,0,4x6/0*,0,4x6 s 0-0 1"),
            "north[0]: a bull on north hole 1, which is empty"
        );
        assert_eq!(
            err("enkeshui 0,0,4x6/0,0,4x6 s 0-0 1 special_move=twice"),
            "rules.special_move: 'twice' is not off, once or any"
        );
        assert_eq!(
            err("en-gehe 4x40/4*,4x39 s 0-0 1"),
            "north[0]: '4*' is not a plain count (En Gehé has no bulls)"
        );
        assert_eq!(
            err("bao 0x8/0x8/0x8 s 32-32 1"),
            "rows: '0x8/0x8/0x8' is not four rows: South's inner/outer, then North's inner/outer"
        );
    }

    /// Bulls, holes out of play, the special move used: all in the line.
    #[test]
    fn bulls_and_holes_out_of_play_are_marked() {
        let line = "enkeshui 0,6*,0,3,0,0,0,0/0#,0,7+,0,0,0,0,0 n 20-12 31 match special_move=once special_used=s";
        let g = AnyGame::from_line(line).unwrap_or_else(|e| panic!("{e}"));
        let v = g.position_json();
        assert_eq!(
            v["bulls"],
            json!([{"side": "south", "hole": 2, "owner": "south"}, {"side": "north", "hole": 3, "owner": "north"}])
        );
        assert_eq!(v["closed"], json!([{"side": "north", "hole": 1}]));
        assert_eq!(v["special_used"], json!({"south": true, "north": false}));
        assert_eq!(v["to_move"], "north");
        // Written back the short way: runs as NxK, the rules in the JSON's order.
        assert_eq!(
            g.position_line(),
            "enkeshui 0,6*,0,3,0x4/0#,0,7+,0x5 n 20-12 31 special_move=once match special_used=s"
        );
    }
}

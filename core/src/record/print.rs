//! A record as text: `replay FILE --check` and `replay FILE --print`.

use super::{Checked, Record};
use crate::engine::{AnyGame, GameKind, Outcome, Quiet, Status};

/// "South wins 30 to 18 (the player to move has no seeds to sow)".
pub fn outcome_line(o: &Outcome) -> String {
    let who = match o.winner {
        Some(s) => format!("{} wins", s.title()),
        None => "a draw".into(),
    };
    format!(
        "{who}, South {} to North {} ({})",
        o.score.south,
        o.score.north,
        o.reason.describe()
    )
}

/// What `replay --check` prints: one line per game, then the match's end.
pub fn check_lines(record: &Record, checked: &Checked) -> Vec<String> {
    let mut out = Vec::new();
    let many = record.is_match();
    for (i, (g, r)) in record.games.iter().zip(&checked.games).enumerate() {
        let mut line = if many {
            format!("game {}: ", i + 1)
        } else {
            String::new()
        };
        line.push_str(&format!("{} decisions: ", g.decisions.len()));
        match r.end.status() {
            Status::Over(o) => line.push_str(&outcome_line(&o)),
            Status::Playing => line.push_str(&format!(
                "unfinished, {} to move at turn {}",
                r.end.to_move().title(),
                r.end.turn()
            )),
        }
        if let Some(p) = r.end.pending() {
            line.push_str(&format!(
                " (inside the turn: {} asked, {})",
                p.decision,
                p.options.join(" or ")
            ));
        }
        out.push(line);
    }
    if let Some(m) = checked.match_over {
        out.push(format!("match over: {}", m.line()));
    }
    out
}

/// The board diagram of any game.
pub fn board(game: &AnyGame) -> String {
    match game {
        AnyGame::Enkeshui(g) => crate::text::enkeshui_board(g),
        AnyGame::EnGehe(g) => crate::text::en_gehe_board(g),
        AnyGame::BaoLaKimasai(g) => crate::text::bao_board(g),
    }
}

/// What the marks of an Enkeshui board mean.
pub const ENKESHUI_LEGEND: &str =
    "Marks: 6* is a bull of South's holding 6 seeds, 6+ a bull of North's, 0# a hole out of play.";

/// The whole record as text: header, each game's start, race, turns with the
/// board after each, and the result.
pub fn print(record: &Record, checked: &Checked) -> String {
    let mut out = String::new();
    out.push_str(record.kind().title());
    for (k, v) in &record.variant().board_json() {
        out.push_str(&format!(" {k}={}", v));
    }
    out.push('\n');
    let rules = record.variant().rules_json();
    if !rules.is_empty() {
        out.push_str(&format!("rules: {}\n", serde_json::Value::Object(rules)));
    }
    out.push_str(&format!(
        "South: {}   North: {}\n",
        record.seats.south, record.seats.north
    ));
    if record.kind() == GameKind::Enkeshui {
        out.push_str(ENKESHUI_LEGEND);
        out.push('\n');
    }
    for (i, (g, r)) in record.games.iter().zip(&checked.games).enumerate() {
        out.push('\n');
        if record.is_match() {
            out.push_str(&format!("== Game {} of the match ==\n", i + 1));
        }
        out.push_str("Start:\n");
        out.push_str(&board(&r.start));
        if let (Some(race), Some(first)) = (&g.race, r.race_first) {
            out.push_str(&format!(
                "Race from hole {}: {} drops, {} slept first and moves first.\n",
                race.hole,
                race.drops.len(),
                first.title()
            ));
            out.push_str(&board(&r.begin));
        }
        let mut game = r.begin.clone();
        let mut turn_tokens: Vec<&str> = Vec::new();
        let mut turn_head = (game.turn(), game.to_move());
        for token in &g.decisions {
            if turn_tokens.is_empty() {
                turn_head = (game.turn(), game.to_move());
            }
            game.play_token(token, &mut Quiet)
                .expect("a checked record replays");
            turn_tokens.push(token);
            if game.pending().is_none() {
                out.push_str(&format!(
                    "\nTurn {} {}: {}\n",
                    turn_head.0,
                    turn_head.1.title(),
                    turn_tokens.join(" ")
                ));
                out.push_str(&board(&game));
                turn_tokens.clear();
            }
        }
        if !turn_tokens.is_empty() {
            out.push_str(&format!(
                "\nTurn {} {} (unfinished): {}\n",
                turn_head.0,
                turn_head.1.title(),
                turn_tokens.join(" ")
            ));
        }
        out.push('\n');
        match game.status() {
            Status::Over(o) => out.push_str(&format!("Result: {}\n", outcome_line(&o))),
            Status::Playing => out.push_str(&format!(
                "Unfinished: {} to move at turn {}\n",
                game.to_move().title(),
                game.turn()
            )),
        }
    }
    if let Some(m) = checked.match_over {
        out.push_str(&format!("The match is over. {}.\n", m.line()));
    }
    out
}

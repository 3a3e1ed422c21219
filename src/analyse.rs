//! `analyse POSITION`: every decision of a position with its value, as the
//! hint and the review judge it (the same search, the same on any machine).

use crate::ai::{Proof, UNIT};
use crate::engine::{AnyGame, GameKind, Status};
use crate::record::print::{board, outcome_line};
use crate::session::seat::Analysis;
use serde_json::{Value, json};

/// What the value counts: seeds, or cows in Bao.
fn units(kind: GameKind) -> &'static str {
    match kind {
        GameKind::BaoLaKimasai => "cows",
        _ => "seeds",
    }
}

/// A value for the mover: the proven result ("win +4 in 5 turns"; from a
/// search that was not `exact` a bound, "win +12 or more") or the estimate
/// in seeds ("+1.5 seeds, estimated").
pub fn value_text(v: i32, kind: GameKind, exact: bool) -> String {
    match Proof::of(v) {
        Some(p) => crate::review::proof_text(p, exact),
        None => format!(
            "{:+.1} {}, estimated",
            f64::from(v) / f64::from(UNIT),
            units(kind)
        ),
    }
}

/// The position's heading: the game, who moves, the turn, its one line and
/// its board.
fn heading(game: &AnyGame) -> Vec<String> {
    let mut out = vec![
        format!(
            "{}, {} to move, turn {}.",
            game.kind().title(),
            game.to_move().title(),
            game.turn()
        ),
        format!("Position: {}", game.position_line()),
    ];
    out.extend(board(game).lines().map(str::to_string));
    out
}

/// `analyse`'s text: the heading, then one line per decision, best first.
pub fn text(game: &AnyGame, analysis: Option<&Analysis>) -> Vec<String> {
    let mut out = heading(game);
    if let Status::Over(o) = game.status() {
        out.push(format!("The game is over: {}.", outcome_line(&o)));
        return out;
    }
    let Some(a) = analysis else {
        return out;
    };
    out.push(if a.exact {
        format!(
            "Searched to the end of every line ({} decisions deep): every value is exact.",
            a.depth
        )
    } else {
        format!(
            "Searched {} decisions deep, not to every end: a win or loss is proven with \
             its margin so far (\"or more\": a line not yet proven may win by more), \
             the rest estimated.",
            a.depth
        )
    });
    out.push(format!(
        "Values for {}, the player to move, best first:",
        game.to_move().title()
    ));
    let width = a.values.iter().map(|(d, _)| d.len()).max().unwrap_or(0);
    for (decision, v) in &a.values {
        out.push(format!(
            "  {decision:<width$}  {}",
            value_text(*v, game.kind(), a.exact)
        ));
    }
    out
}

/// `analyse --json`: the position's line and JSON, and each decision's
/// value in evaluation units (`unit` of them a seed or cow) with its
/// proven result.
pub fn json(game: &AnyGame, analysis: Option<&Analysis>) -> Value {
    let exact = analysis.is_some_and(|a| a.exact);
    let values: Vec<Value> = analysis
        .map(|a| a.values.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|(d, v)| {
            // Not exact: the margin is a bound (the winner's at least) and
            // the turns are not known (null).
            let proven = Proof::of(*v).map(
                |p| json!({"won": p.won, "margin": p.margin, "turns": exact.then_some(p.turns)}),
            );
            json!({"decision": d, "value": v, "proven": proven})
        })
        .collect();
    let over = match game.status() {
        Status::Over(o) => json!({"winner": o.winner, "score": o.score, "reason": o.reason}),
        Status::Playing => Value::Null,
    };
    json!({
        "line": game.position_line(),
        "position": game.position_json(),
        "to_move": game.to_move(),
        "unit": UNIT,
        "depth": analysis.map(|a| a.depth),
        "exact": exact,
        "values": values,
        "result": over,
    })
}

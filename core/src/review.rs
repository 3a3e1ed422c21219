//! Game review: what the built-in AI thinks of every decision of a record.
//!
//! Each decision is judged by the judge ([`crate::ai::judge`]) in the
//! position before it: `expert`'s search for the best decision, then a
//! search with a full window for every decision to value the others, both
//! counting nodes ([`nodes`]) with no time limit: the same on any machine
//! and under any load. The decision played is compared with the best one; the
//! difference is the loss, in seeds (cows in Bao), and gives the marks
//! ([`MISTAKE`], [`BLUNDER`], [`Mark::Only`]). Depends on the AI and the
//! records only (the client runs it on a thread).

use crate::ai::search::{Proof, one_turn_later};
use crate::ai::{Evaluate, UNIT, WIN, judge as judge_search, judge_nodes};
use crate::engine::{AnyGame, Game, GameKind, Quiet, Side, Status};
use crate::record::{Checked, Record};
use crate::text::thousands;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A decision that loses this many seeds (cows) or more is a mistake.
pub const MISTAKE: f64 = 2.0;
/// A decision that loses this many seeds (cows) or more is a blunder, and so
/// is one that throws away a forced win or walks into a forced loss.
pub const BLUNDER: f64 = 5.0;
/// A decision within this many seeds of the best counts as accurate.
pub const GOOD: f64 = 0.5;

/// What the review prints about the marks, for a game counting `unit`s.
pub fn marks_help(unit: &str) -> String {
    let one = unit.trim_end_matches('s');
    format!(
        "Marks: a mistake loses 2 {unit} or more against the best decision, a blunder 5\n\
         or more, or throws away a forced win, or walks into a forced loss; \"only good\n\
         move\": the best decision when every other one would have been a mistake;\n\
         \"gives up\": keeps a forced win (or a lost game lost) but for fewer {unit}.\n\
         A forced result not followed to every end is a bound (\"win +12 or more\",\n\
         \"loss -6 or worse\"); a mark is given only where what it says is proven,\n\
         otherwise by the estimates. Where a player's value falls by more than a\n\
         blunder over a game and none of his decisions is marked, \"the game turned\n\
         here\" marks the one before which it fell most: the search found nothing\n\
         better within its budget.\n\
         Accuracy: the share of a player's decisions within half a {one} of the best\n\
         (decisions without a choice are not counted; never 100% where the game\n\
         turned)."
    )
}

/// How a decision is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Throws away a forced win, walks into a forced loss, or loses
    /// [`BLUNDER`] seeds or more where no result is proven.
    Blunder,
    /// Loses [`MISTAKE`] seeds or more, short of a blunder.
    Mistake,
    /// The best decision, and every other one loses at least [`MISTAKE`].
    Only,
    /// Keeps a proven result (a win stays a win, a loss was lost anyway) but
    /// gives up seeds (cows) against the best decision.
    GivesUp,
    /// No decision of the player is marked, yet his value fell by more than
    /// [`BLUNDER`] over the game: the decision before which it fell most
    /// ([`mark_turns`]). The search saw nothing better within its budget.
    Turned,
}

impl Mark {
    /// The mark in words, as the review prints it.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Blunder => "blunder",
            Mark::Mistake => "mistake",
            Mark::Only => "only good move",
            Mark::GivesUp => "gives up seeds",
            Mark::Turned => {
                "the game turned here; the search found nothing better within its budget"
            }
        }
    }

    /// The short sign the viewer's move list shows.
    pub fn sign(self) -> &'static str {
        match self {
            Mark::Blunder => "??",
            Mark::Mistake => "?",
            Mark::Only => "!",
            Mark::GivesUp => "~",
            Mark::Turned => "?!",
        }
    }
}

/// One decision of the record, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// The game of the record (0 unless a match).
    pub game: usize,
    /// The decision's number in its game, from 1.
    pub number: usize,
    /// The number of the turn the decision belongs to.
    pub turn: u32,
    /// Who played it.
    pub side: Side,
    /// The decision played, as a token.
    pub played: String,
    /// The value of the decision played for its player, in evaluation units.
    pub value: i32,
    /// The best decision found (the one played when nothing was better).
    pub best: String,
    /// The best decision's value for the same player, in evaluation units.
    pub best_value: i32,
    /// The second best decision's value, when there are two or more.
    pub second_value: Option<i32>,
    /// Seeds (cows) lost against the best decision, 0 or more.
    pub loss: f64,
    /// The decision's mark (`None`: unmarked).
    pub mark: Option<Mark>,
    /// The only legal decision: not judged in the summary.
    pub forced: bool,
    /// The depth of the search that judged it.
    pub depth: u32,
    /// That search saw every line to the end: its values are the game's own.
    /// Otherwise a proven result is a bound (the margin at least, the turns
    /// unknown) and the rest estimates.
    pub exact: bool,
}

impl Judged {
    /// The value of the position after the decision for South, in evaluation units.
    pub fn south_value(&self) -> i32 {
        match self.side {
            Side::South => self.value,
            Side::North => -self.value,
        }
    }
}

/// A reviewed record.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Which game was reviewed.
    pub kind: GameKind,
    /// Nodes per decision in this game.
    pub nodes: u64,
    /// Every decision of the record, judged, in order.
    pub decisions: Vec<Judged>,
}

/// A player's summary.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Whose decisions.
    pub side: Side,
    /// Decisions with a choice.
    pub judged: usize,
    /// Decisions without a choice (not judged).
    pub forced: usize,
    /// Percent of `judged` within [`GOOD`] of the best (`None` when none).
    pub accuracy: Option<f64>,
    /// Decisions marked a mistake.
    pub mistakes: usize,
    /// Decisions marked a blunder.
    pub blunders: usize,
    /// Decisions marked the only good move.
    pub only: usize,
    /// Decisions marked where the game turned ([`Mark::Turned`]).
    pub turned: usize,
    /// The largest loss and where (index into [`Review::decisions`]).
    pub largest: Option<(f64, usize)>,
}

/// Is the value a proven win (1), a proven loss (-1), or neither (0)?
pub fn proven(v: i32) -> i32 {
    if v >= WIN / 2 {
        1
    } else if v <= -WIN / 2 {
        -1
    } else {
        0
    }
}

/// A value in seeds (cows): the evaluation, or a proven result's final
/// margin (exact however long the proof).
pub fn seeds(v: i32) -> f64 {
    match Proof::of(v) {
        Some(p) => p.margin as f64,
        None => v as f64 / UNIT as f64,
    }
}

/// A proven result as shown: from an `exact` search, the result, margin and
/// turns (`win +42 in 9 turns`); otherwise what is known, a bound: the
/// search proved the result and a line that ends with this margin, but a
/// line it did not prove may end better for the winner (`win +12 or more`,
/// `loss -6 or worse`), and the turns are not known.
pub fn proof_text(p: Proof, exact: bool) -> String {
    match (exact, p.won) {
        (true, _) => p.to_string(),
        (false, true) => format!("win {:+} or more", p.margin),
        (false, false) => format!("loss {:+} or worse", p.margin),
    }
}

/// A value as the review prints it: `+1.5`, `win +42 in 9 turns`,
/// `loss -5 in 1 turn`, or from a search that was not exact `win +12 or
/// more`, `loss -6 or worse` ([`proof_text`]).
pub fn value_text(v: i32, exact: bool) -> String {
    match Proof::of(v) {
        Some(p) => proof_text(p, exact),
        None => format!("{:+.1}", seeds(v)),
    }
}

/// A value in few characters (the viewer's graph title): `+1.5`, `win +3`,
/// `loss -5`, or as bounds (by that many or more) `win 3+`, `loss 5+`.
pub fn short_value_text(v: i32, exact: bool) -> String {
    match Proof::of(v) {
        Some(p) if !exact && p.won => format!("win {}+", p.margin),
        Some(p) if !exact => format!("loss {}+", -p.margin),
        Some(p) => format!("{} {:+}", if p.won { "win" } else { "loss" }, p.margin),
        None => format!("{:+.1}", seeds(v)),
    }
}

/// The order of values of one search, worse first. From an `exact` search
/// by value (a win above anything else). Otherwise by their seeds (cows), a
/// proven result by its margin, above or below estimates as the margin says
/// (a proven loss by 6 ranks above an estimate of -9.8); equal seeds by the
/// value (a proven win above an estimate, the quicker win first).
pub fn rank(a: i32, b: i32, exact: bool) -> std::cmp::Ordering {
    if exact {
        a.cmp(&b)
    } else {
        seeds(a).total_cmp(&seeds(b)).then(a.cmp(&b))
    }
}

/// What a search knows of the decisions other than the best: the best of
/// them (by [`rank`]) and whether every one of them is proven not to win.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Others {
    /// The best value among them (`None`: the best is the only decision).
    pub second: Option<i32>,
    /// Every one of them is proven not to win (a proven loss, or any
    /// value of an exact search short of a win).
    pub none_wins: bool,
}

/// Loss and mark of a decision worth `played` when the best is worth `best`,
/// the values coming from a search that was `exact` or not. Marks only say
/// what is known: where the search was not exact, a proven result is a
/// bound and the rest estimates.
pub fn judge(
    played: i32,
    best: i32,
    others: Others,
    forced: bool,
    exact: bool,
) -> (f64, Option<Mark>) {
    let loss = ((seeds(best) - seeds(played)).max(0.0) * 10.0).round() / 10.0;
    let loss = if rank(best, played, exact).is_gt() {
        loss
    } else {
        0.0
    };
    if forced {
        return (loss, None);
    }
    let wins = |v: i32| proven(v) == 1;
    let loses = |v: i32| proven(v) == -1;
    // Proven not to win (not to lose): a proven result, or any value of an
    // exact search.
    let no_win = |v: i32| loses(v) || (exact && !wins(v));
    let no_loss = |v: i32| wins(v) || (exact && !loses(v));
    // A proven result changed (a win thrown away, a loss walked into) is a
    // blunder, however few seeds, when both sides of the change are known.
    let thrown = (wins(best) && no_win(played)) || (loses(played) && no_loss(best));
    let kept = (wins(best) && wins(played)) || (loses(best) && loses(played));
    let mark = if rank(best, played, exact).is_gt() {
        if kept {
            // The seeds given up are known only when the margins are.
            (exact && loss >= GOOD).then_some(Mark::GivesUp)
        } else if thrown {
            Some(Mark::Blunder)
        } else if wins(played) {
            // A proven win is no mistake against an estimate.
            None
        } else if loss >= BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE {
            Some(Mark::Mistake)
        } else {
            None
        }
    } else if !loses(best)
        && others.second.is_some_and(|s| {
            if exact {
                seeds(best) - seeds(s) >= MISTAKE || (wins(best) && !wins(s))
            } else if proven(best) != 0 || proven(s) != 0 {
                // The others proven worse: a win where none of them wins.
                wins(best) && others.none_wins
            } else {
                seeds(best) - seeds(s) >= MISTAKE
            }
        })
    {
        Some(Mark::Only)
    } else {
        None
    };
    (loss, mark)
}

/// The value of a finished game for `me`, ended by a decision of this turn
/// (as the search counts it).
fn terminal<G: Game>(g: &G, me: Side) -> Option<i32> {
    match g.status() {
        Status::Playing => None,
        Status::Over(o) => Some(crate::ai::search::terminal(o.score, me, o.winner, 0)),
    }
}

struct Verdict {
    value: i32,
    best: String,
    best_value: i32,
    second: Option<i32>,
    others: Others,
    choices: usize,
    depth: u32,
    exact: bool,
    stopped: bool,
}

fn verdict<G: Evaluate>(g: &G, played: &str, cancel: &Option<Arc<AtomicBool>>) -> Option<Verdict> {
    let decision = g.parse_decision(played).ok()?;
    let t = judge_search(g, cancel.clone())?;
    let mut root = t.root.clone();
    // The judge's best first (the hint's decision), the others by [`rank`];
    // ties keep the search's order.
    root[1..].sort_by(|a, b| rank(b.1, a.1, t.exact));
    let (best, best_value) = root.first().cloned()?;
    let mut value = root.iter().find(|(d, _)| *d == decision).map(|(_, v)| *v);
    // Only a cancel stops the review: a search that used up its node budget
    // has its answer (`t.stopped` says either).
    let cancelled = || {
        cancel
            .as_ref()
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
    };
    let mut stopped = t.stopped && cancelled();
    let mut exact = t.exact;
    if value.is_none() {
        // A decision the search leaves out (a special move, a sowing too
        // long to decide in the search): judged from the position it gives.
        let me = g.to_move();
        let mut next = g.clone();
        next.play(&decision, &mut Quiet).ok()?;
        value = Some(match terminal(&next, me) {
            Some(v) => v,
            None => {
                let t2 = judge_search(&next, cancel.clone())?;
                stopped |= t2.stopped && cancelled();
                exact &= t2.exact;
                if next.to_move() == me {
                    t2.value
                } else {
                    -one_turn_later(t2.value)
                }
            }
        });
    }
    let value = value?;
    let (best, best_value) = if !rank(best_value, value, exact).is_gt() {
        (played.to_string(), value)
    } else {
        (best.to_string(), best_value)
    };
    let rest: Vec<i32> = root
        .iter()
        .map(|(d, v)| (d.to_string(), *v))
        .chain(std::iter::once((played.to_string(), value)))
        .filter(|(d, _)| *d != best)
        .map(|(_, v)| v)
        .collect();
    let second = rest.iter().copied().max_by(|a, b| rank(*a, *b, exact));
    let others = Others {
        second,
        none_wins: rest
            .iter()
            .all(|&v| proven(v) == -1 || (exact && proven(v) < 1)),
    };
    let choices = root.len() + usize::from(!root.iter().any(|(d, _)| *d == decision));
    Some(Verdict {
        value,
        best,
        best_value,
        second,
        others,
        choices,
        depth: t.depth,
        exact,
        stopped,
    })
}

fn any_verdict(g: &AnyGame, played: &str, cancel: &Option<Arc<AtomicBool>>) -> Option<Verdict> {
    match g {
        AnyGame::Enkeshui(g) => verdict(g, played, cancel),
        AnyGame::EnGehe(g) => verdict(g, played, cancel),
        AnyGame::BaoLaKimasai(g) => verdict(g, played, cancel),
    }
}

/// The judge's nodes per decision in a game of this kind, at most (its two
/// searches: `expert`'s, then the others').
pub fn nodes(kind: GameKind) -> u64 {
    use crate::engine::bao::Bao;
    use crate::engine::en_gehe::EnGehe;
    use crate::engine::enkeshui::Enkeshui;
    match kind {
        GameKind::Enkeshui => judge_nodes::<Enkeshui>(),
        GameKind::EnGehe => judge_nodes::<EnGehe>(),
        GameKind::BaoLaKimasai => judge_nodes::<Bao>(),
    }
}

/// Where a player's value (in seeds, from his side) falls by more than
/// [`BLUNDER`] over a game, from before his first decision to the last
/// decision's, and no decision of his in that game is marked a mistake, a
/// blunder or "gives up", the search did not see where he lost: marks
/// [`Mark::Turned`] on his decision (with a choice, unmarked) before which
/// the value fell most by the time of his next decision (or the end).
pub fn mark_turns(decisions: &mut [Judged]) {
    let games: std::collections::BTreeSet<usize> = decisions.iter().map(|d| d.game).collect();
    for game in games {
        for side in [Side::South, Side::North] {
            let in_game: Vec<usize> = (0..decisions.len())
                .filter(|&i| decisions[i].game == game)
                .collect();
            let mine: Vec<usize> = in_game
                .iter()
                .copied()
                .filter(|&i| decisions[i].side == side)
                .collect();
            let (Some(&first), Some(&last)) = (mine.first(), in_game.last()) else {
                continue;
            };
            if mine.iter().any(|&i| {
                matches!(
                    decisions[i].mark,
                    Some(Mark::Blunder | Mark::Mistake | Mark::GivesUp | Mark::Turned)
                )
            }) {
                continue;
            }
            let l = &decisions[last];
            let end_value = if l.side == side { l.value } else { -l.value };
            let (end, proven_end) = (seeds(end_value), proven(end_value));
            // A win kept, or a game lost from the start, turned nowhere.
            let start = decisions[first].best_value;
            if proven(start) == -1 || proven_end == 1 || seeds(start) - end <= BLUNDER {
                continue;
            }
            let fall = |k: usize| {
                let after = mine
                    .get(k + 1)
                    .map_or(end, |&j| seeds(decisions[j].best_value));
                seeds(decisions[mine[k]].best_value) - after
            };
            let most = (0..mine.len())
                .filter(|&k| !decisions[mine[k]].forced && decisions[mine[k]].mark.is_none())
                .max_by(|&a, &b| fall(a).total_cmp(&fall(b)).then(b.cmp(&a)));
            if let Some(k) = most {
                decisions[mine[k]].mark = Some(Mark::Turned);
            }
        }
    }
}

/// Reviews every decision of every game of a checked record. `progress(done,
/// total)` is called after each decision; `cancel` set from another thread
/// stops the review (then `None`).
pub fn review(
    record: &Record,
    checked: &Checked,
    cancel: Option<Arc<AtomicBool>>,
    progress: &mut dyn FnMut(usize, usize),
) -> Option<Review> {
    let total: usize = record.games.iter().map(|g| g.decisions.len()).sum();
    let mut decisions = Vec::with_capacity(total);
    for (gi, (g, r)) in record.games.iter().zip(&checked.games).enumerate() {
        let mut game = r.begin.clone();
        for (k, token) in g.decisions.iter().enumerate() {
            if cancel
                .as_ref()
                .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
            {
                return None;
            }
            let (turn, side) = (game.turn(), game.to_move());
            let v = any_verdict(&game, token, &cancel)?;
            if v.stopped {
                return None;
            }
            let forced = v.choices < 2;
            let (loss, mark) = judge(v.value, v.best_value, v.others, forced, v.exact);
            decisions.push(Judged {
                game: gi,
                number: k + 1,
                turn,
                side,
                played: token.clone(),
                value: v.value,
                best: v.best,
                best_value: v.best_value,
                second_value: v.second,
                loss,
                mark,
                forced,
                depth: v.depth,
                exact: v.exact,
            });
            game.play_token(token, &mut Quiet).ok()?;
            progress(decisions.len(), total);
        }
    }
    mark_turns(&mut decisions);
    Some(Review {
        kind: record.kind(),
        nodes: nodes(record.kind()),
        decisions,
    })
}

impl Review {
    /// One player's summary: his judged decisions, accuracy and marks.
    pub fn summary(&self, side: Side) -> Summary {
        let mut s = Summary {
            side,
            judged: 0,
            forced: 0,
            accuracy: None,
            mistakes: 0,
            blunders: 0,
            only: 0,
            turned: 0,
            largest: None,
        };
        let mut good = 0;
        for (i, d) in self
            .decisions
            .iter()
            .enumerate()
            .filter(|(_, d)| d.side == side)
        {
            if d.forced {
                s.forced += 1;
                continue;
            }
            s.judged += 1;
            // Where the game turned unseen the decision is not counted good.
            if d.loss < GOOD && d.mark != Some(Mark::Turned) {
                good += 1;
            }
            match d.mark {
                Some(Mark::Blunder) => s.blunders += 1,
                Some(Mark::Mistake) => s.mistakes += 1,
                Some(Mark::Only) => s.only += 1,
                Some(Mark::Turned) => s.turned += 1,
                Some(Mark::GivesUp) | None => {}
            }
            if d.loss > 0.0 && s.largest.is_none_or(|(l, _)| d.loss > l) {
                s.largest = Some((d.loss, i));
            }
        }
        if s.judged > 0 {
            let a = (1000.0 * good as f64 / s.judged as f64).round() / 10.0;
            // Rounding never makes a missed decision 100%.
            s.accuracy = Some(if good < s.judged { a.min(99.9) } else { a });
        }
        s
    }

    fn unit(&self) -> &'static str {
        match self.kind {
            GameKind::BaoLaKimasai => "cows",
            _ => "seeds",
        }
    }

    /// What `replay FILE --review` prints.
    pub fn text(&self, record: &Record) -> String {
        let unit = self.unit();
        let mut out = format!(
            "Review: {}, {} nodes a decision. Values in {unit} for the player deciding.\n{}\n",
            record.kind().title(),
            thousands(self.nodes),
            marks_help(unit)
        );
        let mut last_game = usize::MAX;
        for d in &self.decisions {
            if d.game != last_game {
                last_game = d.game;
                out.push('\n');
                if record.is_match() {
                    out.push_str(&format!("== Game {} of the match ==\n", d.game + 1));
                }
                let head = format!(
                    "{:>5} {:<6} {:<8} {:>18}  {:<8} {:>18} {:>6}  {}\n",
                    "turn", "side", "played", "value", "best", "value", "loss", "mark"
                );
                out.push_str(&head);
            }
            let mark = match (d.forced, d.mark) {
                (true, _) => "(no choice)".to_string(),
                // In a match the seeds carry over to the next game.
                (false, Some(Mark::GivesUp)) if record.is_match() => {
                    format!("gives up {:.1} {unit} (they carry over)", d.loss)
                }
                (false, Some(Mark::GivesUp)) => format!("gives up {:.1} {unit}", d.loss),
                (false, Some(m)) => m.name().to_string(),
                (false, None) => String::new(),
            };
            let line = format!(
                "{:>5} {:<6} {:<8} {:>18}  {:<8} {:>18} {:>6}  {}",
                d.turn,
                d.side.title(),
                d.played,
                value_text(d.value, d.exact),
                d.best,
                value_text(d.best_value, d.exact),
                format!("{:.1}", d.loss),
                mark
            );
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.push('\n');
        for side in [Side::South, Side::North] {
            out.push_str(&self.summary_line(record, side));
            out.push('\n');
        }
        out
    }

    /// "South (human): 14 decisions, accuracy 85.7%, 1 mistake, 0 blunders, largest loss 3.0 seeds (turn 7: 5)".
    pub fn summary_line(&self, record: &Record, side: Side) -> String {
        let s = self.summary(side);
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut line = format!(
            "{} ({}): {}",
            side.title(),
            record.seats[side],
            plural(s.judged, "decision", "decisions")
        );
        if s.forced > 0 {
            line.push_str(&format!(" (and {} without a choice)", s.forced));
        }
        match s.accuracy {
            Some(a) => line.push_str(&format!(", accuracy {a:.1}%")),
            None => line.push_str(", accuracy -"),
        }
        line.push_str(&format!(
            ", {}, {}",
            plural(s.mistakes, "mistake", "mistakes"),
            plural(s.blunders, "blunder", "blunders")
        ));
        match s.largest {
            Some((l, i)) => {
                let d = &self.decisions[i];
                let game = if record.is_match() {
                    format!("game {}, ", d.game + 1)
                } else {
                    String::new()
                };
                line.push_str(&format!(
                    ", largest loss {l:.1} {} ({game}turn {}: {})",
                    self.unit(),
                    d.turn,
                    d.played
                ));
            }
            None => line.push_str(", largest loss 0"),
        }
        for d in self
            .decisions
            .iter()
            .filter(|d| d.side == side && d.mark == Some(Mark::Turned))
        {
            let game = if record.is_match() {
                format!("game {}, ", d.game + 1)
            } else {
                String::new()
            };
            line.push_str(&format!(
                ", the game turned unseen ({game}turn {}: {})",
                d.turn, d.played
            ));
        }
        line
    }

    /// What `replay FILE --review --json` prints.
    pub fn to_json(&self, record: &Record) -> Value {
        let proven_name = |v: i32| match proven(v) {
            1 => json!("win"),
            -1 => json!("loss"),
            _ => Value::Null,
        };
        let round = |x: f64| (x * 100.0).round() / 100.0;
        // Turns to the end of a proven result, when known.
        let turns = |v: i32, exact: bool| Proof::of(v).filter(|_| exact).map(|p| p.turns);
        let decisions: Vec<Value> = self
            .decisions
            .iter()
            .map(|d| {
                json!({
                    "game": d.game + 1,
                    "number": d.number,
                    "turn": d.turn,
                    "side": d.side,
                    "played": d.played,
                    "value": round(seeds(d.value)),
                    "proven": proven_name(d.value),
                    "turns": turns(d.value, d.exact),
                    "best": d.best,
                    "best_value": round(seeds(d.best_value)),
                    "best_proven": proven_name(d.best_value),
                    "best_turns": turns(d.best_value, d.exact),
                    "exact": d.exact,
                    "loss": d.loss,
                    "mark": d.mark.map(Mark::name),
                    "forced": d.forced,
                    "depth": d.depth,
                })
            })
            .collect();
        let player = |side: Side| {
            let s = self.summary(side);
            json!({
                "seat": record.seats[side],
                "decisions": s.judged,
                "forced": s.forced,
                "accuracy": s.accuracy,
                "mistakes": s.mistakes,
                "blunders": s.blunders,
                "only_good_moves": s.only,
                "turned": s.turned,
                "largest_loss": s.largest.map_or(0.0, |(l, _)| l),
                "largest_at": s.largest.map(|(_, i)| {
                    let d = &self.decisions[i];
                    json!({"game": d.game + 1, "turn": d.turn, "played": d.played})
                }),
            })
        };
        json!({
            "game": record.kind().name(),
            "unit": self.unit(),
            "nodes": self.nodes,
            "thresholds": {"mistake": MISTAKE, "blunder": BLUNDER, "good": GOOD},
            "decisions": decisions,
            "players": {"south": player(Side::South), "north": player(Side::North)},
        })
    }
}

#[cfg(test)]
mod tests;

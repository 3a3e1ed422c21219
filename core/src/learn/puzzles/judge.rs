//! What the judge says of a Bao puzzle's other decisions: the generator
//! keeps a puzzle only where the judge marks each decision with no forced
//! result a blunder against the solution (docs/puzzles.md).

use super::{Outcome, Proven, Puzzle};
use crate::engine::AnyGame;
use crate::review;

/// What the judge (the hint's search, [`crate::ai::judge_tokens`]) says of
/// a forced puzzle's decisions, on its own scale: evaluation units, a
/// proven result counted by its margin ([`review::seeds`], [`review::rank`]).
#[derive(Clone, Debug, PartialEq)]
pub struct JudgeGap {
    /// The solution's value. A forced win the judge did not prove counts
    /// as a win all the same, by the cows of its estimate.
    pub solution: i32,
    /// Every other legal decision with its value, best first.
    pub others: Vec<(String, i32)>,
    /// The judge saw every line to its end.
    pub exact: bool,
}

impl JudgeGap {
    /// Every other decision is one the review would mark a blunder against
    /// the solution ([`review::judge`]): proven not to win where the
    /// solution wins, or [`review::BLUNDER`] cows or more below it.
    pub fn blunders(&self) -> bool {
        let exact = self.exact;
        let none_wins = self
            .others
            .iter()
            .all(|(_, v)| review::proven(*v) == -1 || (exact && review::proven(*v) != 1));
        let others = review::Others {
            second: self.others.first().map(|(_, v)| *v),
            none_wins,
        };
        !self.others.is_empty()
            && self.others.iter().all(|(_, v)| {
                review::judge(*v, self.solution, others, false, exact).1
                    == Some(review::Mark::Blunder)
            })
    }

    /// The gap to the decisions with no forced result of `p` alone: the
    /// others are proven worse by `p`'s own proof.
    pub fn unforced(mut self, p: &Puzzle) -> JudgeGap {
        self.others
            .retain(|(d, _)| !p.decisions.iter().any(|x| x.decision == *d));
        self
    }

    /// The solution's lead over the best other decision, in cows.
    pub fn lead(&self) -> Option<f64> {
        let (_, second) = self.others.first()?;
        Some(review::seeds(self.solution) - review::seeds(*second))
    }
}

/// The judge's values of every legal decision of `g`, `solution` (worth
/// `value` by a proof) apart; deterministic (the judge counts nodes).
/// `None`: the judge left a legal decision out.
pub fn judge_gap(g: &AnyGame, solution: &str, value: Proven) -> Option<JudgeGap> {
    let thought = crate::ai::judge_tokens(g, None)?;
    let legal = g.legal_tokens();
    if legal.len() != thought.root.len()
        || legal
            .iter()
            .any(|d| !thought.root.iter().any(|(e, _)| e == d))
    {
        return None;
    }
    let mut v = thought.root.iter().find(|(d, _)| d == solution)?.1;
    if value.result == Outcome::Win && review::proven(v) != 1 {
        v = crate::ai::Proof {
            won: true,
            margin: review::seeds(v).round().max(0.0) as i32,
            turns: value.turns,
        }
        .value();
    }
    let exact = thought.exact;
    let mut others: Vec<(String, i32)> = thought
        .root
        .into_iter()
        .filter(|(d, _)| d != solution)
        .collect();
    others.sort_by(|a, b| review::rank(b.1, a.1, exact).then_with(|| a.0.cmp(&b.0)));
    Some(JudgeGap {
        solution: v,
        others,
        exact,
    })
}

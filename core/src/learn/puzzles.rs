//! Puzzles from real games: positions met in games the AI played against
//! itself where exactly one decision keeps the best result, proven by an
//! exhaustive search over every legal decision to the end of the game.
//! Kept as data (`puzzles/*.json`, embedded in the program), made by
//! `cargo run --release --example make-puzzles` (docs/puzzles.md) and
//! checked one by one, proof included, by `tests/puzzles.rs`.
//!
//! The proof is a plain minimax over the final result (won, drawn or lost,
//! then the margin in seeds, then the turns: the judge's order of
//! docs/JUDGE.md), with a memo, on the engine's public game API. It gives up
//! past a node limit, or when a line comes back to a position already on it
//! (the repetition rule would then depend on the history, which the memo
//! does not see): a search that finishes has met no repetition at all, so
//! its values are the game's own.
//!
//! Bao la Kimasai's lines are too long for that: its puzzles are proven by
//! `Forcer` on a coarser scale, the result and the speed only (the quickest
//! forced win; no margin), exactly too: see `Forcer`.

use crate::engine::position::PositionError;
use crate::engine::{AnyGame, Game, GameKind, MoveError, Quiet, Side, Status};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

mod judge;
pub use judge::{JudgeGap, judge_gap};

/// The puzzles of each game, easiest grade first.
const DATA: [(GameKind, &str); 3] = [
    (GameKind::Enkeshui, include_str!("puzzles/enkeshui.json")),
    (GameKind::EnGehe, include_str!("puzzles/en-gehe.json")),
    (
        GameKind::BaoLaKimasai,
        include_str!("puzzles/bao-la-kimasai.json"),
    ),
];

/// The grades, by the length of the solution's proof in turns (the
/// player's turn included): the last grade takes every longer proof.
pub const GRADES: [(u32, &str); 4] = [
    (1, "finish it"),
    (3, "look ahead"),
    (5, "plan"),
    (u32::MAX, "deep"),
];

/// The grade (1..=4) of a proof this many turns long.
pub fn grade_of(turns: u32) -> u32 {
    GRADES
        .iter()
        .position(|&(max, _)| turns <= max)
        .unwrap_or(0) as u32
        + 1
}

/// The name of grade `g` (1..=4).
pub fn grade_name(g: u32) -> &'static str {
    GRADES
        .get(g.saturating_sub(1) as usize)
        .map_or("?", |(_, n)| n)
}

/// A proven result for the side to move: won, drawn or lost, the final
/// margin in seeds (cows in Bao) and the turns to the end, the current one
/// included. Ordered as the judge orders them: the result, then the
/// margin, then the speed (a quicker win, a slower loss).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proven {
    /// Won, drawn or lost.
    pub result: Outcome,
    /// The final margin in seeds (cows), negative when behind; 0 in a
    /// forced result (not proven).
    pub margin: i32,
    /// The turns to the end, the current one included.
    pub turns: u32,
}

/// A game's result for one side, worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A loss.
    Loss,
    /// A draw.
    Draw,
    /// A win.
    Win,
}

impl Proven {
    /// The order of results for the side they belong to.
    fn key(&self) -> (Outcome, i32, i64) {
        let speed = match self.result {
            Outcome::Win => -(self.turns as i64),
            Outcome::Loss => self.turns as i64,
            // A draw is a draw, however long.
            Outcome::Draw => 0,
        };
        (self.result, self.margin, speed)
    }

    /// Better than `o` for the side to move.
    pub fn better(&self, o: &Proven) -> bool {
        self.key() > o.key()
    }

    /// The same result and margin (the turns aside): what a puzzle's
    /// solution must be alone in keeping.
    pub fn same_result(&self, o: &Proven) -> bool {
        self.result == o.result && self.margin == o.margin
    }

    /// The result seen by the other side.
    fn flipped(self) -> Proven {
        Proven {
            result: match self.result {
                Outcome::Win => Outcome::Loss,
                Outcome::Draw => Outcome::Draw,
                Outcome::Loss => Outcome::Win,
            },
            margin: -self.margin,
            turns: self.turns,
        }
    }

    /// As the judge writes it: "win +4 in 3 turns", "draw in 2 turns".
    pub fn judge(&self) -> String {
        let s = if self.turns == 1 { "" } else { "s" };
        match self.result {
            Outcome::Draw => format!("draw in {} turn{s}", self.turns),
            Outcome::Win | Outcome::Loss => crate::ai::search::Proof {
                won: self.result == Outcome::Win,
                margin: self.margin,
                turns: self.turns,
            }
            .to_string(),
        }
    }

    /// In words: "a win by 4 seeds in 3 turns" (cows in Bao).
    pub fn words(&self, kind: GameKind) -> String {
        let unit = if kind == GameKind::BaoLaKimasai {
            "cow"
        } else {
            "seed"
        };
        let plural = |n: u32, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
        let turns = plural(self.turns, "turn");
        match self.result {
            Outcome::Draw => format!("a draw in {turns}"),
            Outcome::Win => format!(
                "a win by {} in {turns}",
                plural(self.margin.unsigned_abs(), unit)
            ),
            Outcome::Loss => format!(
                "a loss by {} in {turns}",
                plural(self.margin.unsigned_abs(), unit)
            ),
        }
    }
}

/// The result of a finished game for `me`, decided in the current turn.
fn result<G: Game>(g: &G, me: Side) -> Option<Proven> {
    match g.status() {
        Status::Playing => None,
        Status::Over(o) => Some(Proven {
            result: match o.winner {
                None => Outcome::Draw,
                Some(w) if w == me => Outcome::Win,
                Some(_) => Outcome::Loss,
            },
            margin: o.score[me] as i32 - o.score[me.other()] as i32,
            turns: 1,
        }),
    }
}

/// The exhaustive search: minimax over the final result with a memo of
/// every position solved, over every legal decision.
pub struct Solver {
    /// Each position solved, with the longest line below it (decisions).
    memo: HashMap<u64, (Proven, u32)>,
    path: HashSet<u64>,
    /// Positions solved so far.
    pub nodes: u64,
    limit: u64,
    /// The line being searched, in decisions from the root.
    depth: u32,
    /// The longest line below the position being searched, in decisions.
    height: u32,
    /// Why the search gave up, if it did.
    pub gave_up: Option<&'static str>,
}

/// Lines longer than this many decisions are given up: shorter ones stay
/// short of the turn limit of the safety rule (1000 turns from the loaded
/// position, turn 1), which the memo does not see. A position met again
/// deeper counts its longest line from there.
const MAX_LINE: u32 = 900;

impl Solver {
    /// A search that gives up past `limit` positions.
    pub fn new(limit: u64) -> Solver {
        Solver {
            memo: HashMap::new(),
            path: HashSet::new(),
            nodes: 0,
            limit,
            depth: 0,
            height: 0,
            gave_up: None,
        }
    }

    /// The value of `g` for its side to move (`None`: given up).
    fn value<G: Game>(&mut self, g: &G) -> Option<Proven> {
        if let Some(v) = result(g, g.to_move()) {
            return Some(v);
        }
        let key = g.hash_key();
        if let Some(&(v, height)) = self.memo.get(&key) {
            // Its lines must stay short of the turn limit from here too.
            if self.depth + height > MAX_LINE {
                self.gave_up = Some("a line too long");
                return None;
            }
            self.height = self.height.max(height + 1);
            return Some(v);
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            self.gave_up = Some("too many positions");
            return None;
        }
        if self.depth > MAX_LINE {
            self.gave_up = Some("a line too long");
            return None;
        }
        if !self.path.insert(key) {
            self.gave_up = Some("a position repeated");
            return None;
        }
        self.depth += 1;
        let outer = std::mem::replace(&mut self.height, 0);
        let mut best: Option<Proven> = None;
        for d in g.legal() {
            let v = self.after(g, &d)?;
            if best.is_none_or(|b| v.better(&b)) {
                best = Some(v);
            }
        }
        self.depth -= 1;
        self.path.remove(&key);
        let best = best?;
        let height = self.height;
        self.memo.insert(key, (best, height));
        self.height = outer.max(height + 1);
        Some(best)
    }

    /// The value of decision `d` for the side to move in `g`.
    fn after<G: Game>(&mut self, g: &G, d: &G::Decision) -> Option<Proven> {
        let me = g.to_move();
        let mut c = g.clone();
        c.play(d, &mut Quiet).ok()?;
        if let Some(v) = result(&c, me) {
            return Some(v);
        }
        let mut v = self.value(&c)?;
        // The turns from `g`: those between it and `c`, then `c`'s.
        v.turns += c.turn().saturating_sub(g.turn());
        Some(if c.to_move() == me { v } else { v.flipped() })
    }

    /// Every legal decision with its proven value, in notation order
    /// (`None`: the search gave up).
    pub fn decisions<G: Game>(&mut self, g: &G) -> Option<Vec<(String, Proven)>> {
        let legal = g.legal();
        let mut out = Vec::with_capacity(legal.len());
        for d in &legal {
            out.push((d.to_string(), self.after(g, d)?));
        }
        Some(out)
    }

    /// `decisions` for a game of any kind.
    pub fn decisions_any(&mut self, g: &AnyGame) -> Option<Vec<(String, Proven)>> {
        match g {
            AnyGame::Enkeshui(g) => self.decisions(g),
            AnyGame::EnGehe(g) => self.decisions(g),
            AnyGame::BaoLaKimasai(g) => self.decisions(g),
        }
    }
}

/// Forced results, for Bao la Kimasai: its cows never leave the board, so
/// its lines rarely end unless one side forces the end, and `Solver` cannot
/// prove its margins. `Forcer` proves the result and the speed alone: a
/// side forces a win within `n` of its turns when some decision of its turn
/// wins at once or leaves the other side losing by force within `n - 1`.
/// A plain AND-OR search over every legal decision, without a memo, on
/// copies of the game that keep their history: the repetition rule and the
/// turn limit count exactly as in play, and nothing is estimated. It gives
/// up past a node limit (decisions played).
pub struct Forcer {
    /// Decisions played so far.
    pub nodes: u64,
    limit: u64,
}

/// The deepest forced win looked for, in turns of the winner after the
/// first decision (a win in 7 turns at most, a loss in 8).
pub const FORCED_TURNS: u32 = 3;

impl Forcer {
    /// A search that gives up past `limit` decisions played.
    pub fn new(limit: u64) -> Forcer {
        Forcer { nodes: 0, limit }
    }

    fn play<G: Game>(&mut self, g: &G, d: &G::Decision) -> Option<G> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return None;
        }
        let mut c = g.clone();
        c.play(d, &mut Quiet).ok()?;
        Some(c)
    }

    /// Whether the side to move in `g` forces a win within `n` of its turns,
    /// this one included (`None`: given up).
    fn wins<G: Game>(&mut self, g: &G, n: u32) -> Option<bool> {
        let me = g.to_move();
        let mut rest = Vec::new();
        for d in g.legal() {
            let c = self.play(g, &d)?;
            match c.status() {
                Status::Over(o) if o.winner == Some(me) => return Some(true),
                Status::Over(_) => {}
                Status::Playing => rest.push(c),
            }
        }
        for c in rest {
            let won = if c.to_move() == me {
                self.wins(&c, n)?
            } else {
                n > 1 && self.loses(&c, n - 1)?
            };
            if won {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Whether the side to move in `g` loses by force: the other side wins
    /// within `n` of its turns, whatever this one plays.
    fn loses<G: Game>(&mut self, g: &G, n: u32) -> Option<bool> {
        let me = g.to_move();
        let mut rest = Vec::new();
        for d in g.legal() {
            let c = self.play(g, &d)?;
            match c.status() {
                Status::Over(o) if o.winner.is_some_and(|w| w != me) => {}
                Status::Over(_) => return Some(false),
                Status::Playing => rest.push(c),
            }
        }
        for c in rest {
            let lost = if c.to_move() == me {
                self.loses(&c, n)?
            } else {
                self.wins(&c, n)?
            };
            if !lost {
                return Some(false);
            }
        }
        Some(true)
    }

    /// The forced value of decision `d` for the side to move in `g`, a game
    /// whose decisions each end a turn: the result and the turns to the end
    /// by force, this one included (the quickest forced win, the slowest
    /// forced loss; margin 0: not proven). `Ok(None)`: no forced result
    /// within `FORCED_TURNS`; `Err(())`: given up.
    fn after<G: Game>(&mut self, g: &G, d: &G::Decision) -> Result<Option<Proven>, ()> {
        let me = g.to_move();
        let c = self.play(g, d).ok_or(())?;
        let proven = |result, turns| {
            Some(Proven {
                result,
                margin: 0,
                turns,
            })
        };
        if let Status::Over(o) = c.status() {
            let result = match o.winner {
                None => Outcome::Draw,
                Some(w) if w == me => Outcome::Win,
                Some(_) => Outcome::Loss,
            };
            return Ok(proven(result, 1));
        }
        if c.to_move() == me {
            return Ok(None);
        }
        for n in 1..=FORCED_TURNS {
            // The other side's n-th turn is turn 2n from here, ours 2n + 1.
            if self.wins(&c, n).ok_or(())? {
                return Ok(proven(Outcome::Loss, 2 * n));
            }
            if self.loses(&c, n).ok_or(())? {
                return Ok(proven(Outcome::Win, 2 * n + 1));
            }
        }
        Ok(None)
    }

    /// Every legal decision with its forced value, in notation order, `None`
    /// for one without a forced result within `FORCED_TURNS` (`None` for
    /// all: given up).
    pub fn decisions<G: Game>(&mut self, g: &G) -> Option<Vec<(String, Option<Proven>)>> {
        let legal = g.legal();
        let mut out = Vec::with_capacity(legal.len());
        for d in &legal {
            out.push((d.to_string(), self.after(g, d).ok()?));
        }
        Some(out)
    }

    /// `decisions` for a game of any kind.
    pub fn decisions_any(&mut self, g: &AnyGame) -> Option<Vec<(String, Option<Proven>)>> {
        match g {
            AnyGame::Enkeshui(g) => self.decisions(g),
            AnyGame::EnGehe(g) => self.decisions(g),
            AnyGame::BaoLaKimasai(g) => self.decisions(g),
        }
    }
}

/// Where a puzzle comes from: the generator's seed, the game's number and
/// the turn of that game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// The generator's seed (`--seed`).
    pub seed: u64,
    /// The game's number.
    pub game: u32,
    /// The turn of that game.
    pub turn: u32,
    /// The levels that played it, South then North.
    pub players: [String; 2],
}

/// One decision and its proven value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decided {
    /// The decision, in notation.
    pub decision: String,
    /// Its proven value.
    pub value: Proven,
}

/// One puzzle, as written in the data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// The puzzle's id: "enkeshui-002" (the progress file keeps it).
    pub id: String,
    /// 1..=4, by the solution's proof length (`grade_of`).
    pub grade: u32,
    /// The position JSON of NOTATION.md; South to move, at a turn's start.
    pub position: Value,
    /// The one decision that keeps the best result.
    pub solution: String,
    /// What it gives with the best play of both sides.
    pub value: Proven,
    /// Every legal decision with its proven value, in notation order (the
    /// solution among them).
    pub decisions: Vec<Decided>,
    /// Where it comes from.
    pub from: Source,
    /// The values are forced results (`Forcer`, Bao): the result and the
    /// turns, no margin.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forced: bool,
    /// The decisions the proof played (`Forcer`), to re-check it with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
}

/// A puzzle whose position does not load or whose proof does not hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("puzzle {id}: {fault}")]
pub struct PuzzleError {
    /// The puzzle's id.
    pub id: String,
    /// What is wrong.
    pub fault: PuzzleFault,
}

/// What is wrong with a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleFault {
    /// The position does not load.
    #[error("{0}")]
    Position(PositionError),
    /// Not South to move at a turn's start, or the game is over.
    #[error("not South to move at a turn's start")]
    NotTurnStart,
    /// The proof gave up past this node limit.
    #[error("not proven within {0} positions")]
    NotProven(u64),
    /// A forced proof whose size is not the one written (the tests pick
    /// the proofs they re-check by it).
    #[error("a proof of {found} decisions, written {written:?}")]
    ProofSize {
        /// The decisions the proof played.
        found: u64,
        /// The size written (`nodes`).
        written: Option<u64>,
    },
    /// A decision the proof left without a value (not a forced puzzle).
    #[error("a decision without a value")]
    Unvalued,
    /// The decisions' proven values are not the ones written.
    #[error("proven {proven:?}, written {written:?}")]
    Values {
        /// Each decision with its proven value.
        proven: Vec<(String, Proven)>,
        /// Each decision with its value as written.
        written: Vec<(String, Proven)>,
    },
    /// The solution's written value is not the puzzle's value.
    #[error("the solution {solution} is not valued {value:?}")]
    SolutionValue {
        /// The solution.
        solution: String,
        /// The puzzle's value.
        value: Proven,
    },
    /// Another decision keeps the best result too (forced: wins as
    /// quickly).
    #[error("{decision} keeps {judged} too")]
    NotAlone {
        /// The other decision.
        decision: String,
        /// Its value, as the judge writes it.
        judged: String,
    },
    /// The engine refuses the solution.
    #[error("{solution}: {error}")]
    Solution {
        /// The solution.
        solution: String,
        /// Why the engine refuses it.
        error: MoveError,
    },
    /// The solution does not end the turn (a `cw`/`ccw` is asked after it).
    #[error("the solution does not end the turn")]
    TurnGoesOn,
    /// The grade does not fit the proof's length.
    #[error("grade {grade} for {turns} turns")]
    Grade {
        /// The grade written.
        grade: u32,
        /// The turns of the solution's proof.
        turns: u32,
    },
}

impl Puzzle {
    /// The game of the puzzle's position (Enkeshui if it names no known game).
    pub fn kind(&self) -> GameKind {
        GameKind::parse(self.position["game"].as_str().unwrap_or("")).unwrap_or(GameKind::Enkeshui)
    }

    /// The puzzle's position as a game.
    pub fn start(&self) -> Result<AnyGame, PuzzleError> {
        AnyGame::from_position(&self.position).map_err(|e| self.fault(PuzzleFault::Position(e)))
    }

    fn fault(&self, fault: PuzzleFault) -> PuzzleError {
        PuzzleError {
            id: self.id.clone(),
            fault,
        }
    }

    /// The proven value of a first decision, if it is legal here.
    pub fn value_of(&self, token: &str) -> Option<Proven> {
        self.decisions
            .iter()
            .find(|d| d.decision == token)
            .map(|d| d.value)
    }

    /// A value in words and as the judge writes it: "a win by 4 seeds in 3
    /// turns (win +4 in 3 turns)", forced: "a forced win in 3 turns (win in
    /// 3 turns)".
    pub fn said(&self, v: &Proven) -> String {
        if !self.forced {
            return format!("{} ({})", v.words(self.kind()), v.judge());
        }
        let s = if v.turns == 1 { "" } else { "s" };
        let (words, short) = match v.result {
            Outcome::Win => ("a forced win", "win"),
            Outcome::Draw => ("a draw", "draw"),
            Outcome::Loss => ("a forced loss", "loss"),
        };
        format!(
            "{words} in {} turn{s} ({short} in {} turn{s})",
            v.turns, v.turns
        )
    }

    /// The task, for the player sitting South.
    pub fn task(&self) -> String {
        if self.forced {
            return "One decision alone forces the quickest win you can force here. Find it (best play on both sides).".into();
        }
        let goal = match self.value.result {
            Outcome::Win => "the biggest win",
            Outcome::Draw => "the draw",
            Outcome::Loss => "the smallest loss",
        };
        format!(
            "One decision alone keeps {goal} you can force here. Find it (best play on both sides)."
        )
    }

    /// What the player reads after the first decision `token`.
    pub fn verdict(&self, token: &str) -> (bool, String) {
        if token == self.solution {
            let others = if self.forced {
                "no other decision forces a win so soon"
            } else {
                "every other decision gives less"
            };
            return (
                true,
                format!(
                    "{} keeps {}; {others}.",
                    self.solution,
                    self.said(&self.value)
                ),
            );
        }
        match self.value_of(token) {
            Some(v) => (
                false,
                format!(
                    "{token} gives {} with best play; the best decision keeps more.",
                    self.said(&v)
                ),
            ),
            None if self.forced
                && self
                    .start()
                    .is_ok_and(|g| g.legal_tokens().iter().any(|t| t == token)) =>
            {
                let turns = 2 * FORCED_TURNS + 1;
                (
                    false,
                    format!(
                        "{token} forces no win within {turns} turns with best play; the best decision wins sooner."
                    ),
                )
            }
            None => (
                false,
                format!("{token} is not a decision of this position."),
            ),
        }
    }

    /// Proves the puzzle again: the position loads, South is to move at a
    /// turn's start, every decision's value is as written, the solution
    /// alone keeps the best result and its grade fits. `limit`: the
    /// search's node limit.
    pub fn check(&self, limit: u64) -> Result<(), PuzzleError> {
        let g = self.start()?;
        let bad = |fault: PuzzleFault| Err(self.fault(fault));
        if g.to_move() != Side::South || g.pending().is_some() || g.status().is_over() {
            return bad(PuzzleFault::NotTurnStart);
        }
        let proof = if self.forced {
            let mut forcer = Forcer::new(limit);
            let proof = forcer.decisions_any(&g);
            // The size written is the size found: the tests pick the
            // proofs they re-check by it.
            if proof.is_some() && self.nodes.is_some_and(|n| n != forcer.nodes) {
                return bad(PuzzleFault::ProofSize {
                    found: forcer.nodes,
                    written: self.nodes,
                });
            }
            proof
        } else {
            Solver::new(limit)
                .decisions_any(&g)
                .map(|v| v.into_iter().map(|(d, v)| (d, Some(v))).collect())
        };
        let Some(all) = proof else {
            return bad(PuzzleFault::NotProven(limit));
        };
        if all.iter().any(|(_, v)| v.is_none()) && !self.forced {
            return bad(PuzzleFault::Unvalued);
        }
        // Forced: the decisions without a forced result are left out.
        let values: Vec<(String, Proven)> =
            all.into_iter().filter_map(|(d, v)| Some((d, v?))).collect();
        let written: Vec<(String, Proven)> = self
            .decisions
            .iter()
            .map(|d| (d.decision.clone(), d.value))
            .collect();
        if values != written {
            return bad(PuzzleFault::Values {
                proven: values,
                written,
            });
        }
        if self.value_of(&self.solution) != Some(self.value) {
            return bad(PuzzleFault::SolutionValue {
                solution: self.solution.clone(),
                value: self.value,
            });
        }
        for (d, v) in &values {
            // Forced: the solution alone wins that quickly.
            let kept = if self.forced {
                v.result == Outcome::Win && v.turns <= self.value.turns
            } else {
                self.value.same_result(v) || !self.value.better(v)
            };
            if *d != self.solution && kept {
                return bad(PuzzleFault::NotAlone {
                    decision: d.clone(),
                    judged: v.judge(),
                });
            }
        }
        let mut after = g.clone();
        after
            .play_token(&self.solution, &mut Quiet)
            .map_err(|error| {
                self.fault(PuzzleFault::Solution {
                    solution: self.solution.clone(),
                    error,
                })
            })?;
        if after.pending().is_some() {
            return bad(PuzzleFault::TurnGoesOn);
        }
        if self.grade != grade_of(self.value.turns) {
            return bad(PuzzleFault::Grade {
                grade: self.grade,
                turns: self.value.turns,
            });
        }
        Ok(())
    }
}

/// The puzzle of a solved position, if it is one: South to move at a turn's
/// start, two decisions or more, one alone keeping the best result (the
/// result and the margin), and that one ending the turn.
pub fn puzzle_of(
    g: &AnyGame,
    values: &[(String, Proven)],
    id: String,
    from: Source,
) -> Option<Puzzle> {
    if g.to_move() != Side::South || g.pending().is_some() || values.len() < 2 {
        return None;
    }
    let (best, value) = values
        .iter()
        .fold(None::<&(String, Proven)>, |b, v| match b {
            Some(b) if !v.1.better(&b.1) => Some(b),
            _ => Some(v),
        })?
        .clone();
    if values
        .iter()
        .any(|(d, v)| *d != best && v.same_result(&value))
    {
        return None;
    }
    let mut after = g.clone();
    after.play_token(&best, &mut Quiet).ok()?;
    if after.pending().is_some() {
        return None;
    }
    Some(Puzzle {
        id,
        grade: grade_of(value.turns),
        position: g.position_json(),
        solution: best,
        value,
        decisions: values
            .iter()
            .map(|(d, v)| Decided {
                decision: d.clone(),
                value: *v,
            })
            .collect(),
        from,
        forced: false,
        nodes: None,
    })
}

/// The puzzle of a position with forced values (`Forcer`), if it is one:
/// South to move at a turn's start, two decisions or more, one alone
/// forcing a win, and that one ending the turn. `nodes`: the proof's size.
pub fn forced_puzzle_of(
    g: &AnyGame,
    values: &[(String, Option<Proven>)],
    nodes: u64,
    id: String,
    from: Source,
) -> Option<Puzzle> {
    let quickest = values
        .iter()
        .filter_map(|(_, v)| v.filter(|v| v.result == Outcome::Win))
        .map(|v| v.turns)
        .min()?;
    let wins: Vec<(String, Proven)> = values
        .iter()
        .filter_map(|(d, v)| Some((d.clone(), (*v)?)))
        .filter(|(_, v)| v.result == Outcome::Win && v.turns == quickest)
        .collect();
    if g.to_move() != Side::South || g.pending().is_some() || values.len() < 2 || wins.len() != 1 {
        return None;
    }
    let (best, value) = wins[0].clone();
    let mut after = g.clone();
    after.play_token(&best, &mut Quiet).ok()?;
    if after.pending().is_some() {
        return None;
    }
    Some(Puzzle {
        id,
        grade: grade_of(value.turns),
        position: g.position_json(),
        solution: best,
        value,
        decisions: values
            .iter()
            .filter_map(|(d, v)| {
                Some(Decided {
                    decision: d.clone(),
                    value: (*v)?,
                })
            })
            .collect(),
        from,
        forced: true,
        nodes: Some(nodes),
    })
}

/// All puzzles, Enkeshui, En Gehé, then Bao la Kimasai, each game's by
/// grade. The data is part of the program and checked by the tests, so a
/// failure here is a bug.
pub fn all() -> Vec<Puzzle> {
    DATA.iter()
        .flat_map(|(kind, text)| {
            let list: Vec<Puzzle> =
                serde_json::from_str(text).unwrap_or_else(|e| panic!("puzzles of {kind}: {e}"));
            list
        })
        .collect()
}

/// The puzzles of one game, by grade.
pub fn of(kind: GameKind) -> Vec<Puzzle> {
    all().into_iter().filter(|p| p.kind() == kind).collect()
}

/// What `learn --puzzles --list` prints: each game's puzzles by grade, `[x]`
/// when `is_done` says the puzzle of that id is solved.
pub fn list_text(kind: Option<GameKind>, is_done: impl Fn(&str) -> bool) -> String {
    let mut out = String::new();
    let (mut done, mut total) = (0, 0);
    for k in GameKind::ALL {
        if kind.is_some_and(|want| want != k) {
            continue;
        }
        let list = of(k);
        out.push_str(&format!("{} puzzles\n", k.title()));
        for g in 1..=GRADES.len() as u32 {
            let marks: Vec<String> = list
                .iter()
                .enumerate()
                .filter(|(_, p)| p.grade == g)
                .map(|(i, p)| {
                    let d = is_done(&p.id);
                    done += usize::from(d);
                    total += 1;
                    format!("{}{}", i + 1, if d { "x" } else { "" })
                })
                .collect();
            if !marks.is_empty() {
                out.push_str(&format!(
                    "  grade {g} ({}): {}\n",
                    grade_name(g),
                    marks.join(" ")
                ));
            }
        }
    }
    out.push_str(&format!("{done} of {total} solved (x: solved).\n"));
    out
}

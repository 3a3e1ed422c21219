//! The built-in AI: a search generic over any [`Game`](crate::engine::Game) (iterative deepening
//! alpha-beta with a transposition table, see `search`), one evaluation per
//! game ([`eval::Evaluate`]), the playing levels, and the `random` and
//! `greedy` calibration players. Depends on the engine only.
//!
//! | level | nodes per decision (Enkeshui) | depth cap | play |
//! |---|---|---|---|
//! | `easy` | 1,000 | 1 decision (and the rest of its turn) | looks at its own move only, misjudging each by up to 3 seeds: it grabs captures but walks into replies, like a newcomer |
//! | `medium` | 6,000 | 10 decisions | best move of a shallow search, a little noise |
//! | `hard` | 60,000 | none | best move |
//! | `expert` | 600,000 | none | best move |
//!
//! A level's strength is its node budget (scaled per game by
//! [`Evaluate::NODE_PERCENT`]), so it plays the same on any machine and
//! under any load; its think time is capped ([`Level::think_ms`]).
//!
//! The judge ([`judge`]: the hint, the analysis and the review) plays
//! `expert`'s decision, from `expert`'s own search, then values the others.
//!
//! `think_ms` replaces a level's node budget by a time budget; `random` plays a uniformly
//! random legal decision; `greedy` plays the decision that banks the most
//! seeds by the end of its own turn (captures and bulls), ties at random.

pub(crate) mod eval;
pub(crate) mod mcts;
pub(crate) mod search;
#[allow(unsafe_code)]
mod table;

pub use eval::{Evaluate, UNIT};
pub use mcts::{TREE_MB, mcts_bounded};
pub use search::{KeptTable, Limits, Proof, Thought, WIN, think};

use crate::engine::SeededRng;
use crate::engine::{AnyGame, Quiet, Side, Status};
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A searching level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Looks at its own move only, misjudging each by up to 3 seeds (7.5
    /// on Enkeshui past 2x8, 9 on En Gehé, 15 cows on Bao:
    /// [`Evaluate::easy_noise_percent`]).
    Easy,
    /// A shallow search (10 decisions deep), a little noise.
    Medium,
    /// The best move of a search of 60,000 nodes a decision (on Enkeshui).
    Hard,
    /// The best move of a search of 600,000 nodes a decision (on Enkeshui).
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The level's name: `easy`, `medium`, `hard` or `expert`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The level of that name (`None` for any other word).
    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == s)
    }

    /// The longest a level may think (a cap for slow machines: its strength
    /// is its node budget).
    pub fn think_ms(self) -> u64 {
        match self {
            Level::Easy => 40,
            Level::Medium => 250,
            Level::Hard => 2000,
            Level::Expert => 8000,
        }
    }

    /// Nodes searched per decision on Enkeshui; the other games scale it by
    /// their [`Evaluate::NODE_PERCENT`]. A budget in nodes plays the same on
    /// any machine and under any load.
    pub fn nodes(self) -> u64 {
        match self {
            Level::Easy => 1_000,
            Level::Medium => 6_000,
            Level::Hard => 60_000,
            Level::Expert => 600_000,
        }
    }

    /// The depth cap in decisions (64: none).
    pub fn max_depth(self) -> u32 {
        match self {
            Level::Easy => 1,
            Level::Medium => 10,
            Level::Hard | Level::Expert => 64,
        }
    }

    /// Noise added to each root value before choosing, in evaluation units
    /// (the spread of a human's misjudgement), scaled per game by
    /// [`Evaluate::NOISE_PERCENT`] (`easy`'s by [`Evaluate::easy_noise_percent`]).
    pub fn noise(self) -> i32 {
        match self {
            Level::Easy => 3 * UNIT,
            Level::Medium => UNIT / 2,
            Level::Hard | Level::Expert => 0,
        }
    }

    /// The table size: room for every node of the budget (a bigger table
    /// only costs the time to clear it at each decision).
    pub fn hash_mb(self) -> usize {
        match self {
            Level::Easy | Level::Medium => 1,
            Level::Hard => 4,
            Level::Expert => 16,
        }
    }
}

/// Anyone who can pick a decision: a level, or a calibration player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Plays a uniformly random legal decision.
    Random,
    /// Banks the most seeds by the end of its own turn, ties at random.
    Greedy,
    /// Monte Carlo tree search (random playouts) for `think_ms`, default 1 s:
    /// the arena's yardstick for the alpha-beta levels.
    Mcts,
    /// A searching level.
    Level(Level),
}

impl Player {
    /// Every player's name, for help and error messages.
    pub const NAMES: &'static str = "random, greedy, mcts, easy, medium, hard, expert";

    /// The player of that name (`None` for any other word).
    pub fn parse(s: &str) -> Option<Player> {
        match s {
            "random" => Some(Player::Random),
            "greedy" => Some(Player::Greedy),
            "mcts" => Some(Player::Mcts),
            _ => Level::parse(s).map(Player::Level),
        }
    }

    /// The player's name, as [`Player::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Greedy => "greedy",
            Player::Mcts => "mcts",
            Player::Level(l) => l.name(),
        }
    }
}

/// How a player is asked to think about one decision.
#[derive(Clone, Debug)]
pub struct Request {
    /// Who thinks.
    pub player: Player,
    /// Overrides the level's depth cap (and, without `think_ms`, thinks until done).
    pub depth: Option<u32>,
    /// Overrides the level's think time.
    pub think_ms: Option<u64>,
    /// Starts the random number generator (noise, ties, playouts).
    pub seed: u64,
    /// Set to stop the thinking early.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Overrides the level's table size.
    pub hash_mb: Option<usize>,
    /// A table kept between this player's searches (see [`KeptTable`]).
    pub kept: Option<Arc<KeptTable>>,
}

impl Request {
    /// The player's own limits, nothing overridden.
    pub fn new(player: Player, seed: u64) -> Request {
        Request {
            player,
            depth: None,
            think_ms: None,
            seed,
            cancel: None,
            hash_mb: None,
            kept: None,
        }
    }

    /// The search limits this request stands for (levels only) in a game
    /// whose node budgets are `node_percent` of Enkeshui's: the level's node
    /// budget and time cap, or only the given time (`think_ms`), or only the
    /// given depth.
    pub fn limits(&self, node_percent: u64) -> Limits {
        let level = match self.player {
            Player::Level(l) => l,
            _ => Level::Easy,
        };
        let (think, max_nodes) = match (self.think_ms, self.depth) {
            (Some(ms), _) => (Some(Duration::from_millis(ms)), None),
            (None, Some(_)) => (None, None),
            (None, None) => (
                Some(Duration::from_millis(level.think_ms())),
                Some((level.nodes() * node_percent / 100).max(100)),
            ),
        };
        Limits {
            max_depth: self.depth.unwrap_or(level.max_depth()).max(1),
            think,
            max_nodes,
            hash_mb: self.hash_mb.unwrap_or(level.hash_mb()).min(1024),
            cancel: self.cancel.clone(),
            all_root_values: level.noise() > 0,
            kept: self.kept.clone(),
        }
    }
}

/// A chosen decision and what the thinking found.
#[derive(Clone, Debug)]
pub struct Choice<D> {
    /// The decision chosen.
    pub decision: D,
    /// The value for the mover in evaluation units (`None` for `random`).
    pub value: Option<i32>,
    /// The deepest search iteration completed (0 for `random` and `mcts`).
    pub depth: u32,
    /// Positions searched (playouts for `mcts`).
    pub nodes: u64,
    /// Wall-clock time spent choosing.
    pub elapsed: Duration,
}

/// Picks a decision for the side to move (`None` when the game is over).
pub fn choose<G: Evaluate>(game: &G, req: &Request) -> Option<Choice<G::Decision>> {
    let started = Instant::now();
    let mut rng = SeededRng::seed_from_u64(req.seed);
    match req.player {
        Player::Random => game.random_decision(&mut rng).map(|decision| Choice {
            decision,
            value: None,
            depth: 0,
            nodes: 0,
            elapsed: started.elapsed(),
        }),
        Player::Greedy => greedy(game, &mut rng).map(|(decision, v, nodes)| Choice {
            decision,
            value: Some(v * UNIT),
            depth: 1,
            nodes,
            elapsed: started.elapsed(),
        }),
        Player::Mcts => {
            let budget = Duration::from_millis(req.think_ms.unwrap_or(1000));
            mcts::mcts(game, budget, req.cancel.as_ref(), &mut rng).map(|r| Choice {
                decision: r.decision,
                value: None,
                depth: 0,
                nodes: r.playouts,
                elapsed: started.elapsed(),
            })
        }
        Player::Level(level) => {
            let percent = match level {
                Level::Expert => G::EXPERT_NODE_PERCENT,
                _ => G::NODE_PERCENT,
            };
            let t = think(game, &req.limits(percent))?;
            let noise_percent = match level {
                Level::Easy => game.easy_noise_percent(),
                _ => G::NOISE_PERCENT,
            };
            let noise = level.noise() * noise_percent / 100;
            let decision = if noise > 0 && t.root.len() > 1 {
                // Human-like slips: every root value is misjudged by up to
                // `noise` (triangular), never beyond a proven win or loss.
                t.root
                    .iter()
                    .map(|(d, v)| {
                        let n = rng.random_range(-noise..=noise) + rng.random_range(-noise..=noise);
                        let v = if v.abs() >= WIN / 2 { *v } else { v + n / 2 };
                        (d, v)
                    })
                    .max_by_key(|&(_, v)| v)
                    .map(|(d, _)| d.clone())
                    .expect("non-empty")
            } else {
                t.decision
            };
            Some(Choice {
                decision,
                value: Some(t.value),
                depth: t.depth,
                nodes: t.nodes,
                elapsed: started.elapsed(),
            })
        }
    }
}

/// The decision that maximises the mover's banked seeds at the end of his turn.
fn greedy<G: Evaluate, R: Rng>(game: &G, rng: &mut R) -> Option<(G::Decision, i32, u64)> {
    let me = game.to_move();
    let moves = search::candidates(game);
    let mut nodes = 0;
    let mut best: Vec<(usize, i32)> = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let mut g = game.clone();
        g.play(m, &mut Quiet).expect("legal");
        let v = turn_gain(&g, me, &mut nodes, 0);
        match best.first() {
            Some(&(_, b)) if v < b => {}
            Some(&(_, b)) if v == b => best.push((i, v)),
            _ => best = vec![(i, v)],
        }
    }
    let &(i, v) = best.get(rng.random_range(0..best.len().max(1)))?;
    Some((moves[i].clone(), v, nodes))
}

/// The best material `me` can reach before his turn ends (the rest of this
/// turn's decisions are his own).
fn turn_gain<G: Evaluate>(g: &G, me: Side, nodes: &mut u64, ply: u32) -> i32 {
    *nodes += 1;
    if g.status() != Status::Playing || g.to_move() != me {
        return g.material(me);
    }
    let moves = search::candidates(g);
    // Long chains of cw/ccw choices branch exponentially: past a few, the
    // greedy player just follows the first option to the end of the turn.
    let take = if ply >= GREEDY_BRANCHING_PLIES {
        1
    } else {
        moves.len()
    };
    moves
        .iter()
        .take(take)
        .map(|m| {
            let mut c = g.clone();
            c.play(m, &mut Quiet).expect("legal");
            turn_gain(&c, me, nodes, ply + 1)
        })
        .max()
        .unwrap_or_else(|| g.material(me))
}

/// Decisions of its own turn the greedy player looks at in full.
const GREEDY_BRANCHING_PLIES: u32 = 8;

/// [`choose`] for any game, answering with the decision's token.
pub fn choose_token(game: &AnyGame, req: &Request) -> Option<Choice<String>> {
    // New games join here with their `Evaluate` implementation.
    fn tokens<D: std::fmt::Display>(c: Choice<D>) -> Choice<String> {
        Choice {
            decision: c.decision.to_string(),
            value: c.value,
            depth: c.depth,
            nodes: c.nodes,
            elapsed: c.elapsed,
        }
    }
    match game {
        AnyGame::Enkeshui(g) => choose(g, req).map(tokens),
        AnyGame::EnGehe(g) => choose(g, req).map(tokens),
        AnyGame::BaoLaKimasai(g) => choose(g, req).map(tokens),
    }
}

/// Nodes the judge spends valuing the decisions other than its best, on
/// Enkeshui; the other games scale it by their [`Evaluate::NODE_PERCENT`]
/// (the whole budget of the judge before issue 42).
pub const JUDGE_OTHERS_NODES: u64 = 200_000;

/// The judge's search for its best decision: `expert`'s (its node budget,
/// its table), with no time cap, so that it is the same on any machine and
/// under any load, and at least as deep as `expert`'s.
pub fn judge_best_limits<G: Evaluate>(cancel: Option<Arc<AtomicBool>>) -> Limits {
    let mut limits = Request::new(Player::Level(Level::Expert), 0).limits(G::EXPERT_NODE_PERCENT);
    limits.think = None;
    limits.cancel = cancel;
    limits
}

/// The judge's search valuing every decision (a full window each), after
/// the best's search, in its table.
fn judge_others_limits<G: Evaluate>(cancel: Option<Arc<AtomicBool>>) -> Limits {
    Limits {
        max_depth: 64,
        think: None,
        max_nodes: Some((JUDGE_OTHERS_NODES * G::NODE_PERCENT / 100).max(100)),
        hash_mb: Level::Expert.hash_mb(),
        cancel,
        all_root_values: true,
        kept: None,
    }
}

/// The judge's whole node budget per decision in `G` (both searches).
pub fn judge_nodes<G: Evaluate>() -> u64 {
    judge_best_limits::<G>(None).max_nodes.unwrap_or(0)
        + judge_others_limits::<G>(None).max_nodes.unwrap_or(0)
}

/// The judge: the hint, the analysis panel and the review (issue 42). Its
/// best decision is `expert`'s, from `expert`'s own search
/// ([`judge_best_limits`]); then, in the same table, a search with a full
/// window for every decision values the others ([`JUDGE_OTHERS_NODES`]).
/// The best search's bound on each of the others (it proved them no
/// better) caps their value where that value is an estimate; a proven
/// result stands. `decision` is `expert`'s unless the second search proved
/// another a (bigger) win; `root` holds it first, then the others (to be
/// ranked after it: a proven loss by few seeds may rank above an estimate
/// by [`crate::review::rank`], yet the search, and so `expert`, prefers the
/// estimate). `exact` only when both searches saw every line to its end.
/// Deterministic.
pub fn judge<G: Evaluate>(
    game: &G,
    cancel: Option<Arc<AtomicBool>>,
) -> Option<Thought<G::Decision>> {
    let table = Arc::new(KeptTable::default());
    let mut best_limits = judge_best_limits::<G>(cancel.clone());
    best_limits.kept = Some(table.clone());
    let first = think(game, &best_limits)?;
    if first.root.len() < 2 {
        return Some(first);
    }
    let mut others_limits = judge_others_limits::<G>(cancel);
    others_limits.kept = Some(table);
    let second = think(game, &others_limits)?;
    let exact = first.exact && second.exact;
    let mut root = vec![(first.decision.clone(), first.value)];
    for (d, v) in &second.root {
        if *d == first.decision {
            continue;
        }
        let bound = first.root.iter().find(|(e, _)| e == d).map(|(_, u)| *u);
        let v = match bound {
            // The deeper search proved it no better than `u`.
            Some(u) if first.depth > 0 && Proof::of(*v).is_none() => (*v).min(u),
            _ => *v,
        };
        root.push((d.clone(), v));
    }
    // `expert`'s decision stays the best unless the second search proved
    // another a win, or a bigger win (a lower bound: it wins by that much
    // at least). Equal, or any estimate, keeps the first.
    let mut at = 0;
    for (i, (_, v)) in root.iter().enumerate().skip(1) {
        if Proof::of(*v).is_some_and(|p| p.won) && *v > root[at].1 {
            at = i;
        }
    }
    root.swap(0, at);
    let (decision, value) = root[0].clone();
    Some(Thought {
        decision,
        value,
        // The deeper of the two completed searches (the second, in the
        // first's table, often sees further).
        depth: first.depth.max(second.depth),
        nodes: first.nodes + second.nodes,
        elapsed: first.elapsed + second.elapsed,
        root,
        stopped: first.stopped || second.stopped,
        exact,
    })
}

impl<D: std::fmt::Display> Thought<D> {
    /// The same thought with its decisions as tokens.
    pub fn tokens(self) -> Thought<String> {
        Thought {
            decision: self.decision.to_string(),
            value: self.value,
            depth: self.depth,
            nodes: self.nodes,
            elapsed: self.elapsed,
            root: self.root.iter().map(|(d, v)| (d.to_string(), *v)).collect(),
            stopped: self.stopped,
            exact: self.exact,
        }
    }
}

/// [`judge`] for any game, with the decisions as tokens.
pub fn judge_tokens(game: &AnyGame, cancel: Option<Arc<AtomicBool>>) -> Option<Thought<String>> {
    match game {
        AnyGame::Enkeshui(g) => judge(g, cancel).map(Thought::tokens),
        AnyGame::EnGehe(g) => judge(g, cancel).map(Thought::tokens),
        AnyGame::BaoLaKimasai(g) => judge(g, cancel).map(Thought::tokens),
    }
}

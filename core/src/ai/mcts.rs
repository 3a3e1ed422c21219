//! Monte Carlo tree search (UCT with random playouts), generic over any
//! [`Game`]: the arena's `mcts` player, kept to measure the alpha-beta levels
//! against the other usual algorithm for these games (docs/ai.md, "Built-in AI").
//!
//! Each node remembers who made the decision leading to it, so turns of
//! several decisions by one player need no special care. A playout that is
//! still going after [`PLAYOUT_DECISIONS`] decisions is scored by material.
//!
//! The tree is bounded: once it holds [`MAX_NODES`] nodes it stops growing
//! and the search goes on in the tree it has (playouts from its leaves), so
//! a long think takes no more memory than [`TREE_MB`].

use super::eval::Evaluate;
use super::search::candidates;
use crate::engine::{Quiet, Side, Status};
use rand::Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Longest random playout, in decisions.
pub const PLAYOUT_DECISIONS: u32 = 2000;
/// The UCT exploration constant (results are 0, 1/2 or 1).
const EXPLORE: f64 = 1.4;
/// The most nodes a search keeps. A node takes about 100 bytes plus its
/// untried decisions (up to 50 on En Gehé 2x50, 12 on Enkeshui with
/// the special move's room): at most about 700 bytes.
pub const MAX_NODES: usize = 100_000;
/// The most memory a search's tree takes, in MiB (measured below it on
/// every game: docs/ai.md, "Arena").
pub const TREE_MB: u64 = 70;

struct Node<D> {
    /// The decision from the parent (None at the root).
    decision: Option<D>,
    /// Who took that decision (the root: the side to move).
    by: Side,
    children: Vec<u32>,
    /// Decisions not yet expanded.
    untried: Vec<D>,
    visits: u32,
    /// Points for `by`.
    points: f64,
}

/// The result of a search: the most visited decision, its share of points
/// for the mover (0..1), the playouts run and the tree's nodes.
pub struct MctsResult<D> {
    pub decision: D,
    pub score: f64,
    pub playouts: u64,
    pub nodes: usize,
}

/// Searches until `budget` is spent (or `cancel` is set); at least one
/// playout per root decision. `None` when there is no legal decision.
pub fn mcts<G: Evaluate, R: Rng>(
    game: &G,
    budget: Duration,
    cancel: Option<&Arc<AtomicBool>>,
    rng: &mut R,
) -> Option<MctsResult<G::Decision>> {
    mcts_bounded(game, budget, MAX_NODES, cancel, rng)
}

/// `mcts` with a tree of at most `max_nodes` nodes (at least the root
/// and its children).
pub fn mcts_bounded<G: Evaluate, R: Rng>(
    game: &G,
    budget: Duration,
    max_nodes: usize,
    cancel: Option<&Arc<AtomicBool>>,
    rng: &mut R,
) -> Option<MctsResult<G::Decision>> {
    let started = Instant::now();
    let root_moves = candidates(game);
    if root_moves.is_empty() {
        return None;
    }
    if root_moves.len() == 1 {
        return Some(MctsResult {
            decision: root_moves[0].clone(),
            score: 0.5,
            playouts: 0,
            nodes: 1,
        });
    }
    let root_count = root_moves.len() as u64;
    // Every root decision gets its node, whatever the bound.
    let max_nodes = max_nodes.max(root_moves.len() + 1);
    let mut nodes = vec![Node {
        decision: None,
        by: game.to_move(),
        children: Vec::new(),
        untried: root_moves,
        visits: 0,
        points: 0.0,
    }];
    let mut playouts = 0u64;
    loop {
        if playouts >= root_count
            && (started.elapsed() >= budget || cancel.is_some_and(|c| c.load(Ordering::Relaxed)))
        {
            break;
        }
        // Selection.
        let mut g = game.clone();
        let mut path = vec![0usize];
        let mut at = 0usize;
        while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
            let parent_visits = f64::from(nodes[at].visits.max(1)).ln();
            let next = *nodes[at]
                .children
                .iter()
                .max_by(|&&a, &&b| {
                    let uct = |i: usize| {
                        let n = &nodes[i];
                        let v = f64::from(n.visits.max(1));
                        n.points / v + EXPLORE * (parent_visits / v).sqrt()
                    };
                    uct(a as usize).total_cmp(&uct(b as usize))
                })
                .expect("children") as usize;
            let d = nodes[next]
                .decision
                .clone()
                .expect("a child has a decision");
            g.play(&d, &mut Quiet).expect("a stored decision is legal");
            at = next;
            path.push(at);
        }
        // Expansion, while the tree has room; when full, the playout starts
        // from the leaf reached.
        if nodes.len() < max_nodes && !nodes[at].untried.is_empty() && g.status() == Status::Playing
        {
            let k = rng.random_range(0..nodes[at].untried.len());
            let d = nodes[at].untried.swap_remove(k);
            if nodes[at].untried.is_empty() {
                nodes[at].untried = Vec::new();
            }
            let by = g.to_move();
            g.play(&d, &mut Quiet).expect("a candidate is legal");
            let untried = if g.status() == Status::Playing {
                candidates(&g)
            } else {
                Vec::new()
            };
            nodes.push(Node {
                decision: Some(d),
                by,
                children: Vec::new(),
                untried,
                visits: 0,
                points: 0.0,
            });
            let child = nodes.len() - 1;
            nodes[at].children.push(child as u32);
            path.push(child);
        }
        // Playout.
        let mut steps = 0;
        while g.status() == Status::Playing && steps < PLAYOUT_DECISIONS {
            // Uniform over the decisions the search considers: a playout
            // never waits on a sowing of millions of laps.
            let moves = candidates(&g);
            if moves.is_empty() {
                break;
            }
            let d = &moves[rng.random_range(0..moves.len())];
            g.play(d, &mut Quiet).expect("a candidate is legal");
            steps += 1;
        }
        let points_for = |side: Side| match g.status() {
            Status::Over(o) => match o.winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            Status::Playing => match g.material(side).signum() {
                1 => 1.0,
                -1 => 0.0,
                _ => 0.5,
            },
        };
        // Backpropagation.
        for &i in &path {
            nodes[i].visits += 1;
            nodes[i].points += points_for(nodes[i].by);
        }
        playouts += 1;
    }
    let best = *nodes[0]
        .children
        .iter()
        .max_by_key(|&&i| nodes[i as usize].visits)
        .expect("the root was expanded") as usize;
    let n = &nodes[best];
    Some(MctsResult {
        decision: n.decision.clone().expect("a child has a decision"),
        score: n.points / f64::from(n.visits.max(1)),
        playouts,
        nodes: nodes.len(),
    })
}

//! Iterative deepening alpha-beta (negamax with principal variation search)
//! over decisions, generic over any [`Game`] with an [`Evaluate`]
//! implementation.
//!
//! A turn may be several decisions by the same player (Enkeshui's `cw`/`ccw`
//! after a crossing), so the sign of a child's value flips only when
//! `to_move()` changes between parent and child. Depth counts decisions.

use super::eval::{Evaluate, UNIT};
use crate::engine::{MoveError, Quiet, Status};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A won game is worth `WIN` plus the margin, minus the plies it takes.
pub const WIN: i32 = 1_000_000;
const INF: i32 = 2 * WIN;

/// How long and how deep to think.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Deepest iteration (decisions).
    pub max_depth: u32,
    /// Time budget; `None` thinks until `max_depth` is done.
    pub think: Option<Duration>,
    /// Node budget: the levels' strength, the same on any machine and under
    /// any load (`None`: no limit).
    pub max_nodes: Option<u64>,
    /// Transposition table size in MiB (0: none).
    pub hash_mb: usize,
    /// Set from another thread to stop at once.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Search every root decision with a full window, so that every root
    /// value is exact (for players that pick among near-best moves).
    pub all_root_values: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: 64,
            think: Some(Duration::from_millis(200)),
            max_nodes: None,
            hash_mb: 16,
            cancel: None,
            all_root_values: false,
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct Thought<D> {
    pub decision: D,
    /// The value for the side to move, in evaluation units.
    pub value: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// Every root decision with its value at the last completed depth (exact
    /// with `all_root_values`, otherwise bounds except for the best one).
    pub root: Vec<(D, i32)>,
    /// The search stopped early (time or cancel).
    pub stopped: bool,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: i32,
    depth: u8,
    /// 0 empty, 1 exact, 2 lower bound, 3 upper bound.
    flag: u8,
    best: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// A fixed-size transposition table (one entry per slot, replace when the
/// new entry is at least as deep or from another position).
struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

impl Table {
    fn new(mb: usize) -> Table {
        let want = (mb << 20) / std::mem::size_of::<Entry>();
        if want == 0 {
            return Table {
                slots: Vec::new(),
                mask: 0,
            };
        }
        let size = 1usize << (usize::BITS - 1 - want.leading_zeros());
        Table {
            slots: vec![Entry::default(); size],
            mask: size - 1,
        }
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        if self.slots.is_empty() {
            return None;
        }
        let e = self.slots[key as usize & self.mask];
        (e.flag != 0 && e.key == key).then_some(e)
    }

    fn store(&mut self, key: u64, depth: u32, value: i32, flag: u8, best: usize) {
        if self.slots.is_empty() {
            return;
        }
        let slot = &mut self.slots[key as usize & self.mask];
        if slot.key != key || depth as u8 >= slot.depth {
            *slot = Entry {
                key,
                value,
                depth: depth.min(255) as u8,
                flag,
                best: best.min(255) as u8,
            };
        }
    }
}

struct Searcher {
    table: Table,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    stopped: bool,
    /// No in-turn extension beyond this ply.
    ply_limit: u32,
}

/// Laps a sowing may take in the search before it is left out (deciding
/// that a sowing never ends can take millions of laps in Bao and En Gehé).
pub const SEARCH_LAPS: u64 = 4096;

/// The decisions the AI considers: the legal ones decided within
/// [`SEARCH_LAPS`], or all of them when none is.
pub fn candidates<G: crate::engine::Game>(g: &G) -> Vec<G::Decision> {
    let moves = g.legal_within(SEARCH_LAPS);
    if moves.is_empty() { g.legal() } else { moves }
}

/// Extra decisions searched past the horizon to finish a turn.
const TURN_EXTENSION: u32 = 6;

impl Searcher {
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.max_nodes {
            self.stopped = true;
        }
        if let Some(c) = &self.cancel
            && c.load(Ordering::Relaxed)
        {
            self.stopped = true;
        }
        if self.nodes & 255 == 0
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The value of `g` for its side to move.
    fn negamax<G: Evaluate>(
        &mut self,
        g: &G,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
    ) -> i32 {
        self.nodes += 1;
        if let Status::Over(o) = g.status() {
            return terminal(o.score, g.to_move(), o.winner, ply);
        }
        if self.should_stop() {
            return g.evaluate();
        }
        // Inside a turn (seeds in hand) the static value is unreliable: look
        // a few decisions further until the turn ends.
        let depth = if depth == 0 && ply < self.ply_limit && g.in_turn() {
            1
        } else {
            depth
        };
        if depth == 0 {
            return g.evaluate();
        }
        let key = g.hash_key();
        let mut tt_best = usize::MAX;
        if let Some(e) = self.table.probe(key) {
            tt_best = e.best as usize;
            let value = from_table(e.value, ply);
            if e.depth as u32 >= depth {
                let ok = match e.flag {
                    EXACT => true,
                    LOWER => value >= beta,
                    _ => value <= alpha,
                };
                if ok {
                    return value;
                }
            }
        }
        let me = g.to_move();
        // Sowings that take more laps than this to decide are left out: rare,
        // and deciding them could take seconds.
        let mut children = expand_within(g);
        if children.is_empty() {
            return g.evaluate();
        }
        order(&mut children, me, tt_best, depth >= 2);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_index = children[0].index;
        for (i, c) in children.iter().enumerate() {
            let v = if i == 0 {
                self.child(c, me, depth - 1, alpha, beta, ply + 1)
            } else {
                // Principal variation search: prove the others worse with a
                // null window, search again only when one is not.
                let v = self.child(c, me, depth - 1, alpha, alpha + 1, ply + 1);
                if v > alpha && v < beta && !self.stopped {
                    self.child(c, me, depth - 1, v, beta, ply + 1)
                } else {
                    v
                }
            };
            if self.stopped {
                return best.max(v);
            }
            if v > best {
                best = v;
                best_index = c.index;
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let flag = if best <= alpha0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.table
            .store(key, depth, to_table(best, ply), flag, best_index);
        best
    }

    /// A child's value for `me` within (alpha, beta): the sign flips only
    /// when the turn passes.
    fn child<G: Evaluate>(
        &mut self,
        c: &Child<G>,
        me: crate::engine::Side,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> i32 {
        if c.game.to_move() == me {
            self.negamax(&c.game, depth, alpha, beta, ply)
        } else {
            -self.negamax(&c.game, depth, -beta, -alpha, ply)
        }
    }
}

/// Win and loss values are stored counted from the position itself, so that
/// a stored result keeps its meaning when met again at another ply.
fn to_table(v: i32, ply: u32) -> i32 {
    if v >= WIN / 2 {
        v + ply as i32
    } else if v <= -WIN / 2 {
        v - ply as i32
    } else {
        v
    }
}

fn from_table(v: i32, ply: u32) -> i32 {
    if v >= WIN / 2 {
        v - ply as i32
    } else if v <= -WIN / 2 {
        v + ply as i32
    } else {
        v
    }
}

/// The value of a finished game for `me`.
fn terminal(
    score: crate::engine::PerSide<u32>,
    me: crate::engine::Side,
    winner: Option<crate::engine::Side>,
    ply: u32,
) -> i32 {
    let margin = score[me] as i32 - score[me.other()] as i32;
    match winner {
        None => 0,
        Some(w) if w == me => WIN + margin * UNIT - ply as i32,
        Some(_) => -WIN + margin * UNIT + ply as i32,
    }
}

struct Child<G> {
    index: usize,
    game: G,
    /// Static value for the parent's mover (for ordering).
    hint: i32,
}

fn expand<G: Evaluate>(g: &G, moves: &[G::Decision]) -> Vec<Child<G>> {
    moves
        .iter()
        .enumerate()
        .map(|(index, m)| {
            let mut game = g.clone();
            game.play(m, &mut Quiet)
                .expect("a legal decision is playable");
            Child {
                index,
                game,
                hint: 0,
            }
        })
        .collect()
}

/// The children of `g` for the decisions of `legal_within(SEARCH_LAPS)`, in
/// the same order: each built from the quiet sowing that proved it ends
/// (proving a child legal, then playing the same sowing again, cost 6–7% of
/// the instructions of a node).
fn expand_within<G: Evaluate>(g: &G) -> Vec<Child<G>> {
    if g.status().is_over() {
        return Vec::new();
    }
    if g.in_turn() {
        return expand(g, &g.turn_decisions());
    }
    // Sized once: a child is a whole game, and growing by doubling copied
    // them four or five times at every node.
    let mut children = Vec::with_capacity(g.sowing_holes().count());
    for h in g.sowing_holes() {
        let d = g.decision_of(h);
        let mut game = g.clone();
        match game.play_budgeted(&d, SEARCH_LAPS, &mut Quiet) {
            Ok(()) => {}
            // The sowing ends but the next turn's test that a sowing ends
            // needs more laps: decided in full, as `play` does.
            Err(MoveError::Undecided(_)) if g.sowing_ends_within(h, SEARCH_LAPS).is_ok() => {
                game = g.clone();
                game.play(&d, &mut Quiet)
                    .expect("a legal decision is playable");
            }
            Err(_) => continue,
        }
        children.push(Child {
            index: children.len(),
            game,
            hint: 0,
        });
    }
    children
}

fn order<G: Evaluate>(
    children: &mut [Child<G>],
    me: crate::engine::Side,
    first: usize,
    by_eval: bool,
) {
    if by_eval {
        for c in children.iter_mut() {
            c.hint = match c.game.status() {
                Status::Over(o) => terminal(o.score, me, o.winner, 0),
                Status::Playing => {
                    let v = c.game.evaluate();
                    if c.game.to_move() == me { v } else { -v }
                }
            };
        }
    }
    // Stable: ties keep notation order, so the search is deterministic.
    children.sort_by_key(|c| (c.index != first, -c.hint));
}

/// Thinks about `game` and returns the best decision found, or `None` when
/// there is no legal decision. Deterministic for a given position and
/// `max_depth` when no time budget or cancel interrupts it.
pub fn think<G: Evaluate>(game: &G, limits: &Limits) -> Option<Thought<G::Decision>> {
    let started = Instant::now();
    let moves = candidates(game);
    if moves.is_empty() {
        return None;
    }
    let me = game.to_move();
    let mut s = Searcher {
        table: Table::new(limits.hash_mb),
        nodes: 0,
        max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
        deadline: limits.think.map(|t| started + t),
        cancel: limits.cancel.clone(),
        stopped: false,
        ply_limit: 0,
    };
    let mut children = expand(game, &moves);
    order(&mut children, me, usize::MAX, true);
    // Before any iteration completes: the statically best decision.
    let mut result = Thought {
        decision: moves[children[0].index].clone(),
        value: children[0].hint,
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
        root: children
            .iter()
            .map(|c| (moves[c.index].clone(), c.hint))
            .collect(),
        stopped: false,
    };
    let max_depth = limits.max_depth.max(1);
    for depth in 1..=max_depth {
        s.ply_limit = depth + TURN_EXTENSION;
        let mut alpha = -INF;
        let mut values = Vec::with_capacity(children.len());
        let mut best_index = children[0].index;
        let mut best = -INF;
        for (i, c) in children.iter().enumerate() {
            let v = if limits.all_root_values || i == 0 {
                let lo = if limits.all_root_values { -INF } else { alpha };
                s.child(c, me, depth - 1, lo, INF, 1)
            } else {
                let v = s.child(c, me, depth - 1, alpha, alpha + 1, 1);
                if v > alpha && !s.stopped {
                    s.child(c, me, depth - 1, v, INF, 1)
                } else {
                    v
                }
            };
            if s.stopped {
                break;
            }
            values.push((c.index, v));
            if v > best {
                best = v;
                best_index = c.index;
            }
            alpha = alpha.max(v);
        }
        if s.stopped {
            result.stopped = true;
            // The unfinished iteration searched the last best decision first;
            // a decision it proved better is the better choice.
            if !limits.all_root_values
                && let Some(&(i, v)) = values.iter().max_by_key(|&&(_, v)| v)
                && v > values[0].1
            {
                result.decision = moves[i].clone();
                result.value = v;
            }
            break;
        }
        result.decision = moves[best_index].clone();
        result.value = best;
        result.depth = depth;
        result.root = values.iter().map(|&(i, v)| (moves[i].clone(), v)).collect();
        // Next iteration: best first, then the others by this iteration's value.
        let rank = |i: usize| values.iter().find(|v| v.0 == i).map_or(-INF, |v| v.1);
        children.sort_by_key(|c| (c.index != best_index, -rank(c.index)));
        // A proven result cannot change with more depth.
        if best.abs() >= WIN / 2 && !limits.all_root_values {
            break;
        }
        // Another iteration costs several times this one: skip it when it
        // cannot finish.
        if let Some(t) = limits.think
            && started.elapsed() * 2 > t
        {
            break;
        }
        if let Some(m) = limits.max_nodes
            && s.nodes * 2 > m
        {
            break;
        }
    }
    result.nodes = s.nodes;
    result.elapsed = started.elapsed();
    Some(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::PositionJson;
    use crate::engine::bao::{self, Bao};
    use crate::engine::en_gehe::{self, EnGehe};
    use crate::engine::enkeshui::{Enkeshui, Layout, Rules};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// Along random games, the children built from the sowings that proved
    /// them legal are the decisions of `legal_within(SEARCH_LAPS)`, in order,
    /// each with the game `play` gives (inside Enkeshui turns too).
    fn children_match_legal_then_play<G: Evaluate>(
        start: &G,
        games: usize,
        json: impl Fn(&G) -> serde_json::Value,
    ) -> usize {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut positions = 0;
        for _ in 0..games {
            let mut g = start.clone();
            loop {
                let moves = g.legal_within(SEARCH_LAPS);
                let old = expand(&g, &moves);
                let new = expand_within(&g);
                assert_eq!(new.len(), old.len(), "{}", json(&g));
                for (a, b) in new.iter().zip(&old) {
                    assert_eq!(a.index, b.index);
                    assert_eq!(json(&a.game), json(&b.game));
                    assert_eq!(a.game.status(), b.game.status());
                    assert_eq!(a.game.hash_key(), b.game.hash_key());
                }
                positions += 1;
                if g.play_random(&mut rng, &mut Quiet).is_none() {
                    break;
                }
            }
        }
        positions
    }

    #[test]
    fn children_are_built_from_the_sowing_that_proved_them() {
        let enkeshui = Enkeshui::new(&Layout::default_for(8).unwrap(), Rules::default());
        assert!(children_match_legal_then_play(&enkeshui, 60, Enkeshui::position_json) > 1000);
        let en_gehe = EnGehe::new(5, en_gehe::Rules::default()).unwrap();
        assert!(children_match_legal_then_play(&en_gehe, 60, EnGehe::position_json) > 1000);
        let bao = Bao::new(bao::Rules::default());
        assert!(children_match_legal_then_play(&bao, 30, Bao::position_json) > 1000);
    }
}

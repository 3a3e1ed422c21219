//! Iterative deepening alpha-beta (negamax with principal variation search)
//! over decisions, generic over any [`Game`] with an [`Evaluate`]
//! implementation.
//!
//! A turn may be several decisions by the same player (Enkeshui's `cw`/`ccw`
//! after a crossing), so the sign of a child's value flips only when
//! `to_move()` changes between parent and child. Depth counts decisions.

use super::eval::Evaluate;
pub use super::table::KeptTable;
use super::table::{EXACT, LOWER, Table, UPPER};
use crate::engine::{MoveError, Quiet, Status};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A won game is worth `WIN` plus the final margin in seeds times
/// `MARGIN_STEP`, minus the turns it takes; a lost one `-WIN` plus the
/// margin times `MARGIN_STEP` (negative), plus the turns. The margin comes
/// first, then the speed: the search takes the biggest win, then the
/// quickest, and the smallest loss, then the slowest. Any value at least
/// `WIN / 2` away from 0 is proven; [`Proof::of`] reads one back exactly.
pub const WIN: i32 = 1 << 28;
/// One seed of final margin in a proven value: more than the turns any
/// line the search can see (its depth is at most 255 decisions).
pub const MARGIN_STEP: i32 = 1024;
pub(super) const INF: i32 = 2 * WIN;

/// A proven result read back from a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// Won (true) or lost (false) for the side whose value it is.
    pub won: bool,
    /// The final margin in seeds (cows in Bao) for that side.
    pub margin: i32,
    /// Turns to the end, this one included (1: the game ends in this turn).
    pub turns: u32,
}

impl Proof {
    /// The proven result a value stands for (`None`: not proven).
    pub fn of(v: i32) -> Option<Proof> {
        if v >= WIN / 2 {
            let x = v - WIN;
            let margin = (x + MARGIN_STEP - 1).div_euclid(MARGIN_STEP);
            Some(Proof {
                won: true,
                margin,
                turns: (margin * MARGIN_STEP - x) as u32 + 1,
            })
        } else if v <= -WIN / 2 {
            let x = v + WIN;
            Some(Proof {
                won: false,
                margin: x.div_euclid(MARGIN_STEP),
                turns: x.rem_euclid(MARGIN_STEP) as u32 + 1,
            })
        } else {
            None
        }
    }

    /// The value of this result.
    pub fn value(self) -> i32 {
        let later = self.turns.saturating_sub(1) as i32;
        if self.won {
            WIN + self.margin * MARGIN_STEP - later
        } else {
            -WIN + self.margin * MARGIN_STEP + later
        }
    }
}

/// "win +42 in 9 turns", "loss -5 in 1 turn": the result, the final margin
/// and the turns to the end, this one included.
impl std::fmt::Display for Proof {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let result = if self.won { "win" } else { "loss" };
        let s = if self.turns == 1 { "" } else { "s" };
        write!(f, "{result} {:+} in {} turn{s}", self.margin, self.turns)
    }
}

/// A value one turn further away (the value of a position for its mover,
/// seen from the turn before): proven results take one turn more.
pub fn one_turn_later(v: i32) -> i32 {
    if v >= WIN / 2 {
        v - 1
    } else if v <= -WIN / 2 {
        v + 1
    } else {
        v
    }
}

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
    /// A table kept from one search to the next (`None`: a fresh table).
    pub kept: Option<Arc<KeptTable>>,
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
            kept: None,
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct Thought<D> {
    /// The best decision found.
    pub decision: D,
    /// The value for the side to move, in evaluation units.
    pub value: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Wall-clock time spent searching.
    pub elapsed: Duration,
    /// Every root decision with its value at the last completed depth (exact
    /// with `all_root_values`, otherwise bounds except for the best one).
    pub root: Vec<(D, i32)>,
    /// The search stopped early (time, nodes or cancel).
    pub stopped: bool,
    /// The last completed iteration saw every line to the end of the game:
    /// its values are the game's own (deeper searches change nothing).
    pub exact: bool,
}

struct Searcher<G> {
    table: Table,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    stopped: bool,
    /// No in-turn extension beyond this ply.
    ply_limit: u32,
    /// A value below the node being searched came from the evaluation (or
    /// from a table entry that did): it may change with more depth.
    horizon: bool,
    /// How often each side's decision (by [`Child::key`]) refuted a line,
    /// weighted by the depth left: tried earlier where nothing better is
    /// known (the history heuristic).
    history: [[u32; KEYS]; 2],
    /// Per ply, the last two decisions that refuted a line there (killers):
    /// a refutation often refutes the sibling lines too.
    killers: Vec<[u16; 2]>,
    /// Per ply, the children of the last node searched there: the next node
    /// at that ply copies its games into their memory (`clone_from`), so that
    /// a node allocates nothing once the search is under way.
    broods: Vec<Vec<Child<G>>>,
    /// Per ply, the sort keys of the last node there with more than
    /// [`ORDERED`] children ([`Order::Keys`]), kept for the same reason.
    orders: Vec<Vec<u128>>,
}

/// Decision keys: a board index (below 128), or 128 + the index of a
/// decision inside a turn (`cw`, `ccw`).
const KEYS: usize = 256;

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

impl<G: Evaluate> Searcher<G> {
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

    /// The value of `g` for its side to move, `turns` turns after the root's
    /// (proven results count the turns from the root).
    fn negamax(&mut self, g: &G, depth: u32, alpha: i32, beta: i32, ply: u32, turns: u32) -> i32 {
        // Whether this node's value depends on the horizon is its own: the
        // caller's flag gathers its children's.
        let outer = std::mem::replace(&mut self.horizon, false);
        let v = self.node(g, depth, alpha, beta, ply, turns);
        self.horizon |= outer;
        v
    }

    fn node(&mut self, g: &G, depth: u32, mut alpha: i32, beta: i32, ply: u32, turns: u32) -> i32 {
        self.nodes += 1;
        if let Status::Over(o) = g.status() {
            return terminal(o.score, g.to_move(), o.winner, turns);
        }
        if self.should_stop() {
            self.horizon = true;
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
            self.horizon = true;
            return g.evaluate();
        }
        let key = g.hash_key();
        let mut tt_best = usize::MAX;
        if let Some(e) = self.table.probe(key) {
            tt_best = e.best as usize;
            let value = from_table(e.value, turns);
            if e.depth as u32 >= depth {
                let ok = match e.flag {
                    EXACT => true,
                    LOWER => value >= beta,
                    _ => value <= alpha,
                };
                if ok {
                    self.horizon |= !e.solved;
                    return value;
                }
            }
        }
        let me = g.to_move();
        // Sowings that take more laps than this to decide are left out: rare,
        // and deciding them could take seconds.
        let ply_at = ply as usize;
        if self.broods.len() <= ply_at {
            self.broods.resize_with(ply_at + 1, Vec::new);
            self.orders.resize_with(ply_at + 1, Vec::new);
        }
        let mut brood = std::mem::take(&mut self.broods[ply_at]);
        let n = expand_within(g, &mut brood);
        if n == 0 {
            self.broods[ply_at] = brood;
            self.horizon = true;
            return g.evaluate();
        }
        let children = &mut brood[..n];
        let order = self.order(children, me, tt_best, depth >= 2 && G::ORDER_BY_VALUE, ply);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_index = children[order.at(0)].index;
        for i in 0..children.len() {
            let c = &children[order.at(i)];
            let v = if i == 0 {
                self.child(c, me, depth - 1, alpha, beta, ply + 1, turns)
            } else {
                // Principal variation search: prove the others worse with a
                // null window, search again only when one is not.
                let v = self.child(c, me, depth - 1, alpha, alpha + 1, ply + 1, turns);
                if v > alpha && v < beta && !self.stopped {
                    self.child(c, me, depth - 1, v, beta, ply + 1, turns)
                } else {
                    v
                }
            };
            if self.stopped {
                self.broods[ply_at] = brood;
                order.give_back(&mut self.orders[ply_at]);
                return best.max(v);
            }
            if v > best {
                best = v;
                best_index = c.index;
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                self.refuted(me, c.key, depth, ply);
                break;
            }
        }
        self.broods[ply_at] = brood;
        order.give_back(&mut self.orders[ply_at]);
        let flag = if best <= alpha0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        let solved = !self.horizon;
        self.table
            .store(key, depth, to_table(best, turns), flag, best_index, solved);
        best
    }

    /// `me`'s decision `key` refuted a line at `ply` with `depth` to go.
    fn refuted(&mut self, me: crate::engine::Side, key: u16, depth: u32, ply: u32) {
        let h = &mut self.history[me.index()][key as usize];
        *h = h.saturating_add(depth * depth);
        if let Some(k) = self.killers.get_mut(ply as usize)
            && k[0] != key
        {
            *k = [key, k[0]];
        }
    }

    /// Orders `children` for search: the table's best decision first, then
    /// (deep enough, `by_eval`) by static value, then the killers of this
    /// ply, then by history; ties in notation order.
    fn order(
        &mut self,
        children: &mut [Child<G>],
        me: crate::engine::Side,
        first: usize,
        by_eval: bool,
        ply: u32,
    ) -> Order {
        let killers = self
            .killers
            .get(ply as usize)
            .copied()
            .unwrap_or([NO_KEY; 2]);
        let history = &self.history[me.index()];
        for c in children.iter_mut() {
            c.hint = if by_eval { static_hint(&c.game, me) } else { 0 };
            c.rank = if c.key == killers[0] {
                u32::MAX
            } else if c.key == killers[1] {
                u32::MAX - 1
            } else {
                history[c.key as usize]
            };
        }
        // The children's places sorted, not the children: a child is a
        // whole game, and moving them cost a tenth of a search (a fifth of
        // an En Gehé 2x40 search, where most nodes have more than
        // `ORDERED` children). One word a child holds the same key and,
        // last, its place (the ties' order, so the search is
        // deterministic): the table's best, then the static value, then
        // the rank, highest first.
        let place = |(c, i): (&Child<G>, usize)| {
            let value = (-i64::from(c.hint) + (1 << 33)) as u128;
            let rank = u128::from(u32::MAX - c.rank);
            u128::from(c.index != first) << 82 | value << 48 | rank << 16 | i as u128
        };
        if children.len() > ORDERED {
            let mut keys = std::mem::take(&mut self.orders[ply as usize]);
            keys.clear();
            keys.extend(children.iter().zip(0..).map(place));
            keys.sort_unstable();
            return Order::Keys(keys);
        }
        let mut places = [0u128; ORDERED];
        for (p, c) in places.iter_mut().zip(children.iter().zip(0..)) {
            *p = place(c);
        }
        let places = &mut places[..children.len()];
        places.sort_unstable();
        let mut at = [0u8; ORDERED];
        for (a, p) in at.iter_mut().zip(places.iter()) {
            *a = *p as u8;
        }
        Order::Places(at)
    }

    /// A child's value for `me` within (alpha, beta): the sign flips only
    /// when the turn passes (a finished game is still the same turn's).
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        c: &Child<G>,
        me: crate::engine::Side,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
        turns: u32,
    ) -> i32 {
        if c.game.to_move() == me {
            self.negamax(&c.game, depth, alpha, beta, ply, turns)
        } else {
            let turns = turns + u32::from(!c.game.status().is_over());
            -self.negamax(&c.game, depth, -beta, -alpha, ply, turns)
        }
    }
}

/// Win and loss values are stored counted from the position itself, so that
/// a stored result keeps its meaning when met again at another distance
/// from the root.
fn to_table(v: i32, turns: u32) -> i32 {
    if v >= WIN / 2 {
        v + turns as i32
    } else if v <= -WIN / 2 {
        v - turns as i32
    } else {
        v
    }
}

fn from_table(v: i32, turns: u32) -> i32 {
    if v >= WIN / 2 {
        v - turns as i32
    } else if v <= -WIN / 2 {
        v + turns as i32
    } else {
        v
    }
}

/// The value for `me` of a game finished `turns` turns after the root's
/// (a draw is 0, as an even position).
pub fn terminal(
    score: crate::engine::PerSide<u32>,
    me: crate::engine::Side,
    winner: Option<crate::engine::Side>,
    turns: u32,
) -> i32 {
    let margin = score[me] as i32 - score[me.other()] as i32;
    match winner {
        None => 0,
        Some(w) => Proof {
            won: w == me,
            margin,
            turns: turns + 1,
        }
        .value(),
    }
}

struct Child<G> {
    index: usize,
    /// The decision's key in the history and killer tables ([`KEYS`]).
    key: u16,
    game: G,
    /// Static value for the parent's mover (for ordering).
    hint: i32,
    /// Killer or history rank (for ordering after `hint`).
    rank: u32,
}

/// The most children [`Searcher::order`] orders by their places.
const ORDERED: usize = 32;

/// The order to search children in.
enum Order {
    /// The `i`-th to search is `children[places[i]]`.
    Places([u8; ORDERED]),
    /// More children: their sorted keys, each ending in its child's place
    /// (16 bits). The ply's list, given back when the node is done.
    Keys(Vec<u128>),
}

impl Order {
    fn at(&self, i: usize) -> usize {
        match self {
            Order::Places(places) => places[i] as usize,
            Order::Keys(keys) => keys[i] as u16 as usize,
        }
    }

    /// Puts a node's keys back into its ply's list, for the next node there.
    fn give_back(self, list: &mut Vec<u128>) {
        if let Order::Keys(keys) = self {
            *list = keys;
        }
    }
}

/// No decision (an empty killer).
const NO_KEY: u16 = u16::MAX;

/// The static value of a child for the parent's mover `me`.
fn static_hint<G: Evaluate>(g: &G, me: crate::engine::Side) -> i32 {
    match g.status() {
        Status::Over(o) => terminal(o.score, me, o.winner, 0),
        Status::Playing => {
            let v = g.evaluate();
            if g.to_move() == me { v } else { -v }
        }
    }
}

fn expand<G: Evaluate>(g: &G, moves: &[G::Decision]) -> Vec<Child<G>> {
    let mut children = Vec::with_capacity(moves.len());
    expand_into(g, moves, &mut children);
    children
}

/// The children of `g` for `moves`, in order, into the first places of
/// `brood`; returns how many.
fn expand_into<G: Evaluate>(g: &G, moves: &[G::Decision], brood: &mut Vec<Child<G>>) -> usize {
    for (index, m) in moves.iter().enumerate() {
        let game = copy_into(brood, index, g);
        game.play(m, &mut Quiet)
            .expect("a legal decision is playable");
        brood[index].index = index;
        brood[index].key = (128 + index).min(KEYS - 1) as u16;
    }
    moves.len()
}

/// The children of `g` for the decisions of `legal_within(SEARCH_LAPS)`, in
/// the same order, into the first places of `brood` (copied into the games
/// already there, more added as needed); returns how many. Each is built from
/// the quiet sowing that proved it ends (proving a child legal, then playing
/// the same sowing again, cost 6–7% of the instructions of a node).
fn expand_within<G: Evaluate>(g: &G, brood: &mut Vec<Child<G>>) -> usize {
    if g.status().is_over() {
        return 0;
    }
    if g.in_turn() {
        return expand_into(g, &g.turn_decisions(), brood);
    }
    let mut n = 0;
    for h in g.sowing_holes() {
        let d = g.decision_of(h);
        let game = copy_into(brood, n, g);
        match game.play_budgeted(&d, SEARCH_LAPS, &mut Quiet) {
            Ok(()) => {}
            // The sowing ends but the next turn's test that a sowing ends
            // needs more laps: decided in full, as `play` does.
            Err(MoveError::Undecided(_)) if g.sowing_ends_within(h, SEARCH_LAPS).is_ok() => {
                game.clone_from(g);
                game.play(&d, &mut Quiet)
                    .expect("a legal decision is playable");
            }
            Err(_) => continue,
        }
        brood[n].index = n;
        brood[n].key = h.min(127) as u16;
        n += 1;
    }
    n
}

/// `brood[i]`'s game made a copy of `g` (in its own memory when it has one).
fn copy_into<'a, G: Evaluate>(brood: &'a mut Vec<Child<G>>, i: usize, g: &G) -> &'a mut G {
    if i < brood.len() {
        brood[i].game.clone_from(g);
    } else {
        brood.push(Child {
            index: i,
            key: NO_KEY,
            game: g.clone(),
            hint: 0,
            rank: 0,
        });
    }
    &mut brood[i].game
}

/// Orders the root's children by static value (ties in notation order).
fn order_root<G: Evaluate>(children: &mut [Child<G>], me: crate::engine::Side) {
    for c in children.iter_mut() {
        c.hint = static_hint(&c.game, me);
    }
    children.sort_by_key(|c| -c.hint);
}

/// The answer of an unfinished even iteration, from the root values it has
/// (the first searched in full, the others proven no better or searched
/// again): its best so far (ties to the first), but only once it has
/// searched `settled`, the last even answer; before that, `None`.
fn unfinished_even_answer(values: &[(usize, i32)], settled: Option<usize>) -> Option<(usize, i32)> {
    let &first = values.first()?;
    if settled.is_some_and(|s| values.iter().all(|&(i, _)| i != s)) {
        return None;
    }
    Some(values[1..].iter().fold(
        first,
        |best, &(i, v)| if v > best.1 { (i, v) } else { best },
    ))
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
    let mut s = Searcher::<G> {
        table: match &limits.kept {
            Some(k) => k.take(limits.hash_mb),
            None => Table::new(limits.hash_mb),
        },
        nodes: 0,
        max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
        deadline: limits.think.map(|t| started + t),
        cancel: limits.cancel.clone(),
        stopped: false,
        ply_limit: 0,
        horizon: false,
        history: [[0; KEYS]; 2],
        killers: vec![[NO_KEY; 2]; 256],
        broods: Vec::new(),
        orders: Vec::new(),
    };
    let mut children = expand(game, &moves);
    order_root(&mut children, me);
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
        exact: false,
    };
    let max_depth = limits.max_depth.max(1);
    // At a time budget alone, in a game whose odd depths mislead, the answer
    // is the last even iteration's (or a proven one's): odd iterations only
    // order the next, and the search goes on to its deadline.
    let even_only = G::EVEN_DEPTHS
        && limits.think.is_some()
        && limits.max_nodes.is_none()
        && !limits.all_root_values;
    // The last even iteration's decision, value, depth and root values.
    type Settled<D> = (usize, D, i32, u32, Vec<(D, i32)>);
    let mut settled: Option<Settled<G::Decision>> = None;
    for depth in 1..=max_depth {
        s.ply_limit = depth + TURN_EXTENSION;
        s.horizon = false;
        let mut alpha = -INF;
        let mut values = Vec::with_capacity(children.len());
        let mut best_index = children[0].index;
        let mut best = -INF;
        for (i, c) in children.iter().enumerate() {
            let v = if limits.all_root_values || i == 0 {
                let lo = if limits.all_root_values { -INF } else { alpha };
                s.child(c, me, depth - 1, lo, INF, 1, 0)
            } else {
                let v = s.child(c, me, depth - 1, alpha, alpha + 1, 1, 0);
                if v > alpha && !s.stopped {
                    s.child(c, me, depth - 1, v, INF, 1, 0)
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
            if even_only {
                if depth % 2 == 0
                    && let Some((i, v)) =
                        unfinished_even_answer(&values, settled.as_ref().map(|st| st.0))
                {
                    result.decision = moves[i].clone();
                    result.value = v;
                    settled = None;
                }
            // The unfinished iteration searched the last best decision first;
            // a decision it proved better is the better choice.
            } else if !limits.all_root_values
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
        // Every line was seen to its end: more depth changes nothing. A
        // proven result short of that goes on: a deeper search may find a
        // bigger win (or a smaller loss) in the moves not yet proven.
        result.exact = !s.horizon;
        if result.exact {
            break;
        }
        if even_only {
            if depth % 2 == 0 {
                settled = Some((
                    best_index,
                    result.decision.clone(),
                    best,
                    depth,
                    result.root.clone(),
                ));
            }
            continue;
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
    // An odd iteration's answer stands only when proven or exact.
    if result.depth % 2 == 1
        && !result.exact
        && Proof::of(result.value).is_none()
        && let Some((_, decision, value, depth, root)) = settled
    {
        (result.decision, result.value, result.depth, result.root) = (decision, value, depth, root);
    }
    result.nodes = s.nodes;
    result.elapsed = started.elapsed();
    if let Some(k) = &limits.kept {
        k.keep(limits.hash_mb, s.table);
    }
    Some(result)
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;

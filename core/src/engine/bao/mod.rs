//! Bao la Kimasai (two phases, MacKay 2001): 4 rows of 8, each player sows
//! clockwise around his own 16 holes; phase 1 brings the reserve cows in,
//! phase 2 steals from the opponent's inner row.
//!
//! Board index (the UI relies on it): a fixed array of 32 holes. South's loop is
//! 0..15 with inner `i1..i8` = 0..7 and outer `o8..o1` = 8..15 (South's `ok` is
//! 16-k); North's loop is 16..31 the same way (North's `ik` is 15+k, `ok` is
//! 32-k). Sowing goes to the next index of the same loop (k+1 mod 16). Inner
//! `ik` faces the opponent's inner `i(9-k)`: as indices, `opposite(i) = 23 - i`.
//!
//! **Lap-end state.** A sowing is a sequence of laps; after each lap the state is
//! the whole board (32 counts) and the hole the lap's last cow fell into. What
//! happens next is a function of that state alone: the hole held one cow (it was
//! empty): the turn ends; in phase 2, an inner hole of the mover facing an
//! occupied opponent inner hole: steal (the next lap sows the opponent's cows
//! from the capturing hole itself on); otherwise relay (the next lap lifts the
//! hole and sows from the hole after it). So a steal lap is not a different kind
//! of state, and a sowing never ends exactly when this (board, hole) sequence
//! repeats, which Brent's algorithm (`run_laps`) decides exactly.

pub(super) mod fast;
mod json;
pub(crate) use json::{rules_from_map, rules_json};
mod setup;

use fast::{Simd, first_laps, sow_quiet_in_place};
pub use fast::{sow_quiet, sow_quiet_within};
pub use setup::{Rows, Setup};

use crate::engine::AnyDecision;
use crate::engine::core::{
    EndReason, Endless, Event, Observer, Outcome, Path, Quiet, Undecided, Unended,
    any_sowing_ends_within, run_laps, sow, unbudgeted,
};
use crate::engine::playout::{BYTE_COUNT, BYTE_SELECT};
use crate::engine::side::{PerSide, Side};
use crate::engine::turn::{Irreversible, TurnState};
use crate::engine::{
    EndlessSowing, Game, GameKind, HoleLabel, HoleName, MoveError, NoSuchHole, Pending,
};
use crate::engine::{Hooks, Lifecycle};
use std::fmt;

/// Holes on the board.
pub const HOLES: usize = 32;
/// Holes in one player's loop.
pub const LOOP: usize = 16;
/// Cows in the game (board and reserves).
pub const COWS: u32 = 64;
/// Each player's reserve at the start.
pub const RESERVE: u32 = 24;
pub use crate::engine::turn::DEFAULT_MAX_TURNS;

/// The rule flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Safety rule: the game ends after a turn when the turn number exceeds this.
    pub max_turns: u32,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            max_turns: DEFAULT_MAX_TURNS,
        }
    }
}

/// A player's two rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    /// The inner row, facing the opponent.
    Inner,
    /// The outer row, at the player's edge.
    Outer,
}

/// A Bao decision: the hole sown (in phase 1 it first receives the reserve cow).
/// `hole` is 1..8 in the owner's numbering; a token like `i9` parses but is
/// refused when played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The row of the hole sown.
    pub row: Row,
    /// The hole, 1..8 in the owner's numbering.
    pub hole: usize,
}

impl Move {
    /// The decision `i<hole>`.
    pub fn inner(hole: usize) -> Move {
        Move {
            row: Row::Inner,
            hole,
        }
    }

    /// The hole this decision sows, as errors name it.
    pub fn label(&self) -> HoleLabel {
        HoleLabel::Bao(self.row, self.hole)
    }

    /// The decision `o<hole>`.
    pub fn outer(hole: usize) -> Move {
        Move {
            row: Row::Outer,
            hole,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written as every decision is (`AnyDecision`'s one printer).
        AnyDecision::Bao(*self).fmt(f)
    }
}

/// First board index of a side's loop.
#[inline]
pub fn base(side: Side) -> usize {
    match side {
        Side::South => 0,
        Side::North => LOOP,
    }
}

/// Board index of a side's hole `ik` or `ok` (k = 1..8).
#[inline]
pub fn index(side: Side, row: Row, k: usize) -> usize {
    debug_assert!((1..=8).contains(&k));
    match row {
        Row::Inner => base(side) + k - 1,
        Row::Outer => base(side) + LOOP - k,
    }
}

/// The side whose loop holds a board index.
#[inline]
pub fn owner(i: usize) -> Side {
    if i < LOOP { Side::South } else { Side::North }
}

/// Is board index `i` an inner hole?
#[inline]
pub fn is_inner(i: usize) -> bool {
    i & 15 < 8
}

/// The inner hole facing inner hole `i`.
#[inline]
pub fn opposite(i: usize) -> usize {
    debug_assert!(is_inner(i));
    23 - i
}

/// The next hole of the same loop.
#[inline]
pub fn next(i: usize) -> usize {
    (i & 16) | ((i + 1) & 15)
}

/// The hole before, in the same loop.
#[inline]
pub fn prev(i: usize) -> usize {
    (i & 16) | ((i + 15) & 15)
}

/// The row and number (1..8) of a board index, in its owner's numbering.
pub fn row_and_number(i: usize) -> (Row, usize) {
    let k = i & 15;
    if k < 8 {
        (Row::Inner, k + 1)
    } else {
        (Row::Outer, 16 - k)
    }
}

/// ONE_LAP[k][s]: a cow in each of the `s` holes after loop hole `k`
/// (s < 16): a sowing of one lap that does not go round.
const ONE_LAP: [[[u16; LOOP]; LOOP]; LOOP] = {
    let mut t = [[[0u16; LOOP]; LOOP]; LOOP];
    let mut k = 0;
    while k < LOOP {
        let mut s = 1;
        while s < LOOP {
            let mut i = 1;
            while i <= s {
                t[k][s][(k + i) % LOOP] = 1;
                i += 1;
            }
            s += 1;
        }
        k += 1;
    }
    t
};

/// `rng.random_range(0..n)`, inlined (the engine's one copy of rand's draw).
#[inline]
fn draw_below<R: rand::Rng>(rng: &mut R, n: usize) -> usize {
    super::playout::draw_below(rng, n as u32) as usize
}

/// The index of the `k`-th set bit of `mask` (from 0, lowest first; `k`
/// below its count): a byte at a time by table, where clearing the lowest
/// bit `k` times took some thirty instructions a pick.
#[inline]
fn nth_set_bit(mask: u16, k: u32) -> usize {
    let low = (mask & 0xff) as usize;
    let below = BYTE_COUNT[low] as u32;
    if k < below {
        BYTE_SELECT[low][k as usize & 7] as usize
    } else {
        8 + BYTE_SELECT[(mask >> 8) as usize][(k - below) as usize & 7] as usize
    }
}

/// The set bits of `mask` by table: without `popcnt` (not in the baseline
/// x86-64) `count_ones` takes some seventeen instructions.
#[inline]
fn count_set_bits(mask: u16) -> usize {
    BYTE_COUNT[(mask & 0xff) as usize] as usize + BYTE_COUNT[(mask >> 8) as usize] as usize
}

/// One player's loop of 16 holes.
struct Loop(usize);

impl Path for Loop {
    fn circuit_len(&self) -> usize {
        LOOP
    }

    #[inline]
    fn next(&self, hole: usize) -> usize {
        self.0 | ((hole + 1) & 15)
    }

    fn for_each(&self, f: impl FnMut(usize)) {
        (self.0..self.0 + LOOP).for_each(f)
    }
}

/// The Brent state: the board and the hole of the last lap end. The lap
/// counter is carried along but is not part of the state.
#[derive(Clone)]
struct Laps {
    counts: [u16; HOLES],
    pos: usize,
    lap: u32,
}

impl PartialEq for Laps {
    fn eq(&self, other: &Self) -> bool {
        self.pos == other.pos && self.counts == other.counts
    }
}

/// Sows from board index `start` of `mover`'s loop (already holding the reserve
/// cow, if any) until a lap ends in an empty hole; `steals` in phase 2. Returns
/// the number of laps, or `Err` when the sowing would never end (then `counts`
/// is left somewhere inside the cycle).
pub fn sow_turn<O: Observer>(
    counts: &mut [u16; HOLES],
    mover: Side,
    start: usize,
    steals: bool,
    obs: &mut O,
) -> Result<u32, Endless> {
    let path = Loop(base(mover));
    let seeds = counts[start] as u32;
    debug_assert!(seeds > 0);
    counts[start] = 0;
    obs.event(Event::Lift {
        hole: start,
        seeds,
        lap: 1,
    });
    let last = sow(counts, &path, start, seeds, obs).last;
    obs.event(Event::LapEnd {
        hole: last,
        lap: 1,
        seeds: counts[last] as u32,
    });
    if counts[last] == 1 {
        return Ok(1);
    }
    let mut state = Laps {
        counts: *counts,
        pos: last,
        lap: 1,
    };
    let result = run_laps(&mut state, |s| {
        s.lap = s.lap.saturating_add(1);
        let pos = s.pos;
        let last = if steals && is_inner(pos) && s.counts[opposite(pos)] > 0 {
            let from = opposite(pos);
            let seeds = s.counts[from] as u32;
            s.counts[from] = 0;
            obs.event(Event::Steal {
                from,
                into: pos,
                seeds,
            });
            // The first stolen cow goes into the capturing hole itself.
            sow(&mut s.counts, &path, prev(pos), seeds, obs).last
        } else {
            let seeds = s.counts[pos] as u32;
            s.counts[pos] = 0;
            obs.event(Event::Lift {
                hole: pos,
                seeds,
                lap: s.lap,
            });
            sow(&mut s.counts, &path, pos, seeds, obs).last
        };
        let now = s.counts[last];
        obs.event(Event::LapEnd {
            hole: last,
            lap: s.lap,
            seeds: now as u32,
        });
        if now == 1 {
            Some(s.lap)
        } else {
            s.pos = last;
            None
        }
    });
    *counts = state.counts;
    result
}

/// A Bao la Kimasai game (always at a turn boundary: a turn has no decision
/// but its first).
#[derive(Debug)]
pub struct Bao {
    rules: Rules,
    counts: [u16; HOLES],
    reserve: PerSide<u32>,
    state: TurnState,
    /// The mover's holes with cows (bit k: his loop hole k), as found by the
    /// start-of-turn test: read once a turn.
    movable: u16,
    /// The mover's holes whose first lap ends (bit k: his loop hole k), as
    /// found by the start-of-turn test: if any, he can move, and a random
    /// pick of one of them is a one-lap sowing.
    ending: u16,
    /// Does the mover place a reserve cow ([`Bao::places_cow`]), as found by
    /// the start-of-turn test.
    extra: bool,
    /// Whether the CPU runs the SSSE3 laps.
    simd: Simd,
}

/// `clone_from` keeps the history's memory: the search copies a node's
/// children into the last node's games.
impl Clone for Bao {
    fn clone(&self) -> Bao {
        Bao {
            rules: self.rules,
            counts: self.counts,
            reserve: self.reserve,
            state: self.state.clone(),
            movable: self.movable,
            ending: self.ending,
            extra: self.extra,
            simd: self.simd,
        }
    }

    fn clone_from(&mut self, source: &Bao) {
        self.rules = source.rules;
        self.counts = source.counts;
        self.reserve = source.reserve;
        self.state.clone_from(&source.state);
        self.movable = source.movable;
        self.ending = source.ending;
        self.extra = source.extra;
        self.simd = source.simd;
    }
}

impl Default for Bao {
    fn default() -> Self {
        Bao::new(Rules::default())
    }
}

impl Bao {
    /// The start: one cow in each inner hole, 24 in each reserve, South to move, turn 1.
    pub fn new(rules: Rules) -> Bao {
        let mut counts = [0; HOLES];
        for side in Side::BOTH {
            for k in 1..=8 {
                counts[index(side, Row::Inner, k)] = 1;
            }
        }
        Bao::from_parts(rules, counts, PerSide::both(RESERVE), Side::South, 1)
    }

    /// A game from any board (the caller checks the cow total: 64). The end
    /// tests of the start of a turn are applied at once.
    pub(crate) fn from_parts(
        rules: Rules,
        counts: [u16; HOLES],
        reserve: PerSide<u32>,
        to_move: Side,
        turn: u32,
    ) -> Bao {
        Bao {
            rules,
            counts,
            reserve,
            state: TurnState::new(to_move, turn),
            movable: 0,
            ending: 0,
            extra: false,
            simd: Simd::detect(),
        }
        .started()
    }

    /// The rule flags of this game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The 32 counts, by board index (see the module documentation).
    pub fn counts(&self) -> &[u16; HOLES] {
        &self.counts
    }

    /// Cows each player still holds in reserve.
    pub fn reserve(&self) -> PerSide<u32> {
        self.reserve
    }

    /// 1 while any reserve remains, then 2.
    pub fn phase(&self) -> u8 {
        if self.reserve.south | self.reserve.north == 0 {
            2
        } else {
            1
        }
    }

    /// Does the mover put a reserve cow into the hole he sows this turn?
    pub fn places_cow(&self) -> bool {
        // A reserve with cows is phase 1.
        self.state.turn != 1 && self.reserve[self.state.to_move] > 0
    }

    /// A side's cows: its 16 holes and its reserve.
    pub fn cows(&self, side: Side) -> u32 {
        self.loop_cows(side).saturating_add(self.reserve[side])
    }

    fn loop_cows(&self, side: Side) -> u32 {
        let b = base(side);
        self.counts[b..b + LOOP].iter().map(|&c| c as u32).sum()
    }

    /// Board index of a decision for the mover, or why it names no hole.
    fn index_of(&self, m: &Move) -> Result<usize, MoveError> {
        if !(1..=8).contains(&m.hole) {
            return Err(MoveError::NoSuchHole(NoSuchHole {
                hole: m.label(),
                holes: 8,
            }));
        }
        Ok(index(self.state.to_move, m.row, m.hole))
    }

    /// The board after the mover sows board index `hole` (with the reserve cow
    /// when he places one), or `Err` when that sowing never ends.
    fn try_sow(&self, hole: usize) -> Result<[u16; HOLES], Endless> {
        let mut counts = self.counts;
        if self.places_cow() {
            counts[hole] += 1;
        }
        sow_quiet(&counts, self.state.to_move, hole, self.phase() == 2)
    }

    /// [`Bao::try_sow`] that gives up after `max_laps` laps.
    fn try_sow_within(&self, hole: usize, max_laps: u64) -> Result<[u16; HOLES], Unended> {
        let mut counts = self.counts;
        if self.places_cow() {
            counts[hole] += 1;
        }
        sow_quiet_in_place(
            &mut counts,
            self.state.to_move,
            hole,
            0,
            self.phase() == 2,
            max_laps,
            self.simd,
        )?;
        Ok(counts)
    }

    /// Laps after which the mover's sowing of `m` comes back to a state it
    /// had: `Some(period)` when it would never end, `None` when it ends (or
    /// the hole cannot be sown).
    pub fn endless_period(&self, m: &Move) -> Option<u64> {
        let i = self.index_of(m).ok()?;
        if self.counts[i] == 0 {
            return None;
        }
        self.try_sow(i).err().map(|e| e.period)
    }

    /// Cheap exact test that the first lap from `hole` ends in an empty hole.
    #[inline]
    fn first_lap_ends(&self, hole: usize, seeds: u32) -> bool {
        seeds < LOOP as u32 && {
            let last = (hole & 16) | ((hole + seeds as usize) & 15);
            self.counts[last] == 0
        }
    }

    /// The loop that starts at board index `b`.
    #[inline]
    fn loop_of(&self, b: usize) -> &[u16; LOOP] {
        self.counts[b..b + LOOP].try_into().expect("a loop")
    }

    fn liftable(&self) -> impl Iterator<Item = usize> + '_ {
        let b = base(self.state.to_move);
        (b..b + LOOP).filter(|&i| self.counts[i] != 0)
    }

    /// Has the mover a sowing that ends, when no first lap does (those are
    /// tried first, by `Hooks::lost_before_moving`)? Out of line: nearly
    /// always one does.
    #[inline(never)]
    fn can_move_in_later_laps(&self, max_laps: u64) -> Result<bool, Undecided> {
        // Then the first round of `any_sowing_ends_within` without its list
        // of holes to allocate: most of the time a sowing ends in it.
        let first = 256u64.min(max_laps);
        if self
            .liftable()
            .any(|h| self.sowing_ends_within(h, first).is_ok())
        {
            return Ok(true);
        }
        any_sowing_ends_within(
            self.liftable(),
            |h, laps| self.sowing_ends_within(h, laps),
            max_laps,
        )
    }

    /// The decision for board index `i` of the mover's loop.
    fn move_of(i: usize) -> Move {
        let (row, hole) = row_and_number(i);
        Move { row, hole }
    }

    /// Takes the board after a sowing as the new position and ends the turn
    /// (the tests' way; random picks sow on the board itself).
    #[cfg(test)]
    fn commit<O: Observer>(&mut self, counts: [u16; HOLES], obs: &mut O) {
        unbudgeted(self.commit_within(counts, u64::MAX, obs))
    }

    /// [`Bao::commit`]; `Err` (with the game left mid-change: callers work on a copy) when the
    /// next start-of-turn test is not decided within `max_laps`.
    fn commit_within<O: Observer>(
        &mut self,
        counts: [u16; HOLES],
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), Undecided> {
        if self.places_cow() {
            self.reserve[self.state.to_move] = self.reserve[self.state.to_move].saturating_sub(1);
        }
        self.counts = counts;
        self.finish_turn(max_laps, obs)
    }

    /// Ends the turn of a random pick played on the board (`commit`): the
    /// reserve cow it placed (`placed`) leaves the reserve.
    #[inline(always)]
    fn played(&mut self, commit: bool, placed: bool) {
        if commit {
            if placed {
                let mover = self.state.to_move;
                self.reserve[mover] = self.reserve[mover].saturating_sub(1);
            }
            unbudgeted(self.finish_turn(u64::MAX, &mut Quiet));
        }
    }

    /// The random pick once the `k`-th of the `count` holes with cows
    /// (board order) never ends: holes without replacement, the last one
    /// listed taking the place of a hole whose sowing never ends. Out of
    /// line: nearly every first pick ends.
    #[cold]
    #[inline(never)]
    fn pick_again<R: rand::Rng>(
        &mut self,
        rng: &mut R,
        commit: bool,
        mut k: usize,
        mut count: usize,
    ) -> Option<Move> {
        let (mover, steals) = (self.state.to_move, self.phase() == 2);
        let extra = self.places_cow() as u8;
        let mut holes = [0usize; LOOP];
        for (slot, i) in holes.iter_mut().zip(self.liftable()) {
            *slot = i;
        }
        loop {
            count -= 1;
            holes[k] = holes[count];
            if count == 0 {
                return None;
            }
            k = draw_below(rng, count);
            let h = holes[k];
            let ends = if commit {
                sow_quiet_in_place(
                    &mut self.counts,
                    mover,
                    h,
                    extra,
                    steals,
                    u64::MAX,
                    self.simd,
                )
                .is_ok()
            } else {
                self.try_sow(h).is_ok()
            };
            if ends {
                self.played(commit, extra == 1);
                return Some(Self::move_of(h));
            }
        }
    }
}

impl Game for Bao {
    type Decision = Move;

    fn kind(&self) -> GameKind {
        GameKind::BaoLaKimasai
    }

    fn max_turns(&self) -> u32 {
        self.rules.max_turns
    }

    /// Each side's cows.
    fn score(&self) -> PerSide<u32> {
        PerSide::new(self.cows(Side::South), self.cows(Side::North))
    }

    fn parse_decision(&self, token: &str) -> Result<Move, MoveError> {
        AnyDecision::read(token, GameKind::BaoLaKimasai, 8)
            .map(|d| d.bao().expect("read for Bao la Kimasai"))
    }

    fn pending(&self) -> Option<Pending> {
        None
    }

    fn total_seeds(&self) -> u32 {
        self.cows(Side::South)
            .saturating_add(self.cows(Side::North))
    }

    /// Word-wise: four holes a word (no JSON text at every node).
    fn hash_key(&self) -> u64 {
        use crate::engine::mix_hash;
        let mut h = mix_hash(0x6261_6f00, self.state.to_move as u64);
        for chunk in self.counts.chunks_exact(4) {
            let v = chunk
                .iter()
                .enumerate()
                .fold(0u64, |acc, (k, &c)| acc | (c as u64) << (16 * k));
            h = mix_hash(h, v);
        }
        h = mix_hash(
            h,
            (self.reserve.south as u64) << 32 | self.reserve.north as u64,
        );
        mix_hash(
            h,
            (self.state.turn as u64) << 32 | self.rules.max_turns as u64,
        )
    }

    fn hole_name(&self, index: usize) -> HoleName {
        let (row, hole) = row_and_number(index);
        HoleName {
            side: owner(index),
            hole: HoleLabel::Bao(row, hole),
        }
    }
}

impl Hooks for Bao {
    fn turn_state(&self) -> &TurnState {
        &self.state
    }

    fn turn_state_mut(&mut self) -> &mut TurnState {
        &mut self.state
    }

    /// In notation order: `i1..i8`, then `o1..o8`.
    fn sowing_holes(&self) -> impl Iterator<Item = usize> {
        let side = self.state.to_move;
        [Row::Inner, Row::Outer]
            .into_iter()
            .flat_map(move |row| (1..=8).map(move |k| index(side, row, k)))
            .filter(|&i| self.counts[i] != 0)
    }

    fn decision_of(&self, hole: usize) -> Move {
        Self::move_of(hole)
    }

    fn sowing_ends_within(&self, hole: usize, max_laps: u64) -> Result<(), Unended> {
        let seeds = self.counts[hole] as u32 + self.places_cow() as u32;
        if self.first_lap_ends(hole, seeds) {
            return Ok(());
        }
        let mut counts = self.counts;
        sow_quiet_in_place(
            &mut counts,
            self.state.to_move,
            hole,
            self.places_cow() as u8,
            self.phase() == 2,
            max_laps,
            self.simd,
        )
    }

    fn play_budgeted<O: Observer>(
        &mut self,
        decision: &Move,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), MoveError> {
        if self.state.status.is_over() {
            return Err(MoveError::GameOver);
        }
        let i = self.index_of(decision)?;
        if self.counts[i] == 0 {
            return Err(MoveError::EmptyHole(decision.label()));
        }
        let counts = self.try_sow_within(i, max_laps).map_err(|e| match e {
            Unended::Endless(e) => MoveError::Endless(EndlessSowing {
                hole: decision.label(),
                period: e.period,
            }),
            Unended::OverBudget => MoveError::Undecided(Undecided { laps: max_laps }),
        })?;
        if O::SILENT {
            self.commit_within(counts, max_laps, obs)
                .map_err(MoveError::Undecided)?;
        } else {
            let mut again = self.counts;
            if self.places_cow() {
                again[i] += 1;
                obs.event(Event::Reserve {
                    hole: i,
                    side: self.state.to_move,
                });
            }
            sow_turn(&mut again, self.state.to_move, i, self.phase() == 2, obs)
                .expect("the same sowing ended a moment ago");
            debug_assert_eq!(again, counts);
            self.commit_within(again, max_laps, obs)
                .map_err(MoveError::Undecided)?;
        }
        Ok(())
    }

    #[inline(always)]
    fn pick_random<R: rand::Rng>(&mut self, rng: &mut R, commit: bool) -> Option<Move> {
        if self.state.status.is_over() {
            return None;
        }
        // The first draw among the mover's holes with cows, in board order,
        // as bits (no branch on which holes are empty).
        let b = base(self.state.to_move);
        let movable = self.movable;
        let count = count_set_bits(movable);
        if count == 0 {
            return None;
        }
        let k = draw_below(rng, count);
        let h = b + nth_set_bit(movable, k as u32);
        let extra = self.extra as u16;
        if self.ending >> (h - b) & 1 != 0 {
            // Most picks: a one-lap sowing, played where it stands.
            if commit {
                let seeds = self.counts[h] + extra;
                self.counts[h] = 0;
                let row = &ONE_LAP[h & 15][seeds as usize];
                let own: &mut [u16; LOOP] =
                    (&mut self.counts[b..b + LOOP]).try_into().expect("a loop");
                // Whole rows: the compiler adds them eight holes at a time.
                for (c, &d) in own.iter_mut().zip(row) {
                    *c += d;
                }
            }
            self.played(commit, extra == 1);
            return Some(Self::move_of(h));
        }
        // Then the sowing of several laps, sown on the board itself, which
        // is left as it was when it never ends.
        let (mover, steals) = (self.state.to_move, self.phase() == 2);
        let ends = if commit {
            sow_quiet_in_place(
                &mut self.counts,
                mover,
                h,
                extra as u8,
                steals,
                u64::MAX,
                self.simd,
            )
            .is_ok()
        } else {
            self.try_sow(h).is_ok()
        };
        if ends {
            self.played(commit, extra == 1);
            return Some(Self::move_of(h));
        }
        self.pick_again(rng, commit, k, count)
    }

    /// The inner row from phase 2 on, then the seeds.
    /// On the way, the mover's holes with cows and the cheap test that he
    /// can move (most first laps end at once).
    #[inline]
    fn lost_before_moving(&mut self) -> Option<EndReason> {
        let b = base(self.state.to_move);
        self.extra = self.places_cow();
        // Bits 0..8: the inner row.
        (self.movable, self.ending) = first_laps(self.loop_of(b), self.extra, self.simd);
        // Cows in the inner row: neither test ends the game (one test
        // where the two took a dozen instructions).
        if self.movable & 0xff != 0 {
            return None;
        }
        if self.phase() == 2 {
            Some(EndReason::InnerRowEmpty)
        } else if self.movable == 0 {
            Some(EndReason::NoSeeds)
        } else {
            None
        }
    }

    /// Right after `Hooks::lost_before_moving`, which tried every first lap.
    #[inline]
    fn can_move_within(&mut self, max_laps: u64) -> Result<bool, Undecided> {
        if self.ending != 0 {
            return Ok(true);
        }
        self.can_move_in_later_laps(max_laps)
    }

    /// The mover places a cow this turn and placed one on his last turn
    /// (turn 1 places none): reserves only fall, so no position of his
    /// before had these reserves, and none after will. In the first phase
    /// the history would hold each position alone.
    #[inline]
    fn position_is_fresh(&self) -> bool {
        self.state.turn >= 4 && self.places_cow()
    }

    /// Reserve cows only ever leave the reserve.
    fn repetition_parts(&mut self) -> (Irreversible, &[u16], &mut TurnState) {
        let key = [self.reserve.south, self.reserve.north, 0, 0];
        (key, &self.counts, &mut self.state)
    }

    /// The side that cannot move loses; the safety rules go by cows.
    fn outcome(&self, reason: EndReason) -> Outcome {
        match reason {
            EndReason::InnerRowEmpty | EndReason::NoSeeds | EndReason::NoLegalMove => Outcome {
                winner: Some(self.state.to_move.other()),
                score: self.score(),
                reason,
            },
            EndReason::Repetition | EndReason::TurnLimit => Outcome::by_score(self.score(), reason),
        }
    }
}

#[cfg(test)]
mod tests;

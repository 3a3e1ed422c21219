//! The vocabulary every game shares: directions, outcomes, the turn event log,
//! sowing along a path, and exact detection of sowings that never end.

use super::side::{PerSide, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Direction of a lap around the ring of holes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Counterclockwise: the normal Enkeshui and En Gehé direction.
    Ccw,
    /// Clockwise.
    Cw,
}

impl Direction {
    /// The notation token: `ccw` or `cw`.
    pub fn token(self) -> &'static str {
        match self {
            Direction::Ccw => "ccw",
            Direction::Cw => "cw",
        }
    }

    /// Reads a notation token (`ccw` or `cw`).
    pub fn parse(token: &str) -> Option<Direction> {
        match token {
            "ccw" => Some(Direction::Ccw),
            "cw" => Some(Direction::Cw),
            _ => None,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// A number written the one way the notation writes it: ASCII digits with
/// no sign, no space and no leading zero (`8`, never `+8`, `08` or ` 8`), so
/// that every decision has exactly one token. Too big for `usize`: `usize::MAX`.
pub fn parse_canonical(text: &str) -> Option<usize> {
    let digits = text.as_bytes();
    if digits.is_empty()
        || !digits.iter().all(u8::is_ascii_digit)
        || (digits[0] == b'0' && digits.len() > 1)
    {
        return None;
    }
    Some(text.parse().unwrap_or(usize::MAX))
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// The player to move has no seed he may lift.
    NoSeeds,
    /// Every sowing the player to move could start would never end.
    NoLegalMove,
    /// Bao la Kimasai: a player's inner row is empty.
    InnerRowEmpty,
    /// Safety rule: the same position came up a third time.
    Repetition,
    /// Safety rule: the turn limit (`--max-turns`) was reached.
    TurnLimit,
}

impl EndReason {
    /// Why the game ended, as a sentence for players.
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::NoSeeds => "the player to move has no seeds to sow",
            EndReason::NoLegalMove => "every move of the player to move would never end",
            EndReason::InnerRowEmpty => "an inner row is empty",
            EndReason::Repetition => "the same position came up a third time",
            EndReason::TurnLimit => "the turn limit was reached",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = serde_json::to_value(self).expect("serialisable");
        f.write_str(s.as_str().unwrap_or("?"))
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// Each side's final score.
    pub score: PerSide<u32>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// Winner by the higher score.
    pub fn by_score(score: PerSide<u32>, reason: EndReason) -> Outcome {
        let winner = match score.south.cmp(&score.north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        Outcome {
            winner,
            score,
            reason,
        }
    }
}

/// Whether a game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game goes on.
    Playing,
    /// The game is over with this result.
    Over(Outcome),
}

impl Status {
    /// Is the game over?
    pub fn is_over(&self) -> bool {
        matches!(self, Status::Over(_))
    }
}

/// A hole on a game's board, by its index in the game's board array. Each game
/// documents how its indices map to hole names.
pub type HoleIndex = usize;

/// One thing that happened during a turn, in order. The UI animates these and
/// the record can store them. Holes are board indices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// The mover lifted every seed of a hole (the first lift of the turn or a relay).
    Lift {
        /// The hole emptied.
        hole: HoleIndex,
        /// Seeds lifted into the hand.
        seeds: u32,
        /// The lap this lift starts, from 1.
        lap: u32,
    },
    /// One seed dropped.
    Drop {
        /// The hole the seed fell into.
        hole: HoleIndex,
    },
    /// A whole circuit of drops at once: every hole of the path got `seeds`.
    /// Only sent to observers that do not want single drops.
    Circuit {
        /// Seeds each hole of the path got.
        seeds: u32,
    },
    /// The lap's last seed fell here.
    LapEnd {
        /// The hole the last seed fell into.
        hole: HoleIndex,
        /// The lap that ended, from 1.
        lap: u32,
        /// Seeds in that hole now, the last one included.
        seeds: u32,
    },
    /// The mover chose the direction of the next lap.
    Choice {
        /// The direction chosen.
        direction: Direction,
    },
    /// A hole became a bull.
    Bull {
        /// The hole that became a bull.
        hole: HoleIndex,
        /// The player the bull belongs to.
        owner: Side,
    },
    /// Seeds taken off the board.
    Capture {
        /// The hole emptied.
        hole: HoleIndex,
        /// Seeds taken.
        seeds: u32,
        /// The capturing player.
        by: Side,
    },
    /// Bao la Kimasai: cows stolen from an opponent's inner hole; they are sown next.
    Steal {
        /// The opponent's inner hole emptied.
        from: HoleIndex,
        /// The mover's inner hole that stole them; their sowing starts there.
        into: HoleIndex,
        /// Cows stolen.
        seeds: u32,
    },
    /// Bao la Kimasai phase 1: a reserve cow put into a hole.
    Reserve {
        /// The hole that got the cow.
        hole: HoleIndex,
        /// The player whose reserve it came from.
        side: Side,
    },
    /// Seeds in hand put back into a hole (a turn stopped because every way on repeats).
    PutBack {
        /// The hole the seeds went into.
        hole: HoleIndex,
        /// Seeds put back.
        seeds: u32,
    },
    /// Enkeshui special move: the new counts of the mover's own row.
    Special {
        /// The player who made the special move.
        side: Side,
        /// His row's new counts, from his hole 1.
        row: Vec<u32>,
    },
    /// The turn is over.
    TurnEnd {
        /// The player whose turn ended.
        side: Side,
    },
    /// The game is over.
    GameOver {
        /// The result.
        outcome: Outcome,
    },
}

/// Receives the events of a turn as they happen. The engine's hot paths are
/// generic over this, so the no-op observer costs nothing.
pub trait Observer {
    /// Whether single drops are wanted (otherwise full circuits come as one event).
    const DROPS: bool = true;
    /// Wants nothing at all: the engine may then skip its separate legality pass.
    const SILENT: bool = false;
    /// Called once per event, in order.
    fn event(&mut self, event: Event);
}

/// Ignores everything; used for search, playouts and legality checks.
pub struct Quiet;

impl Observer for Quiet {
    const DROPS: bool = false;
    const SILENT: bool = true;
    #[inline]
    fn event(&mut self, _event: Event) {}
}

impl Observer for Vec<Event> {
    fn event(&mut self, event: Event) {
        self.push(event);
    }
}

/// The order in which a lap visits holes.
pub trait Path {
    /// Number of holes on the path (a full circuit).
    fn circuit_len(&self) -> usize;
    /// The hole after `hole`.
    fn next(&self, hole: usize) -> usize;
    /// Every hole of the path, once (for whole-circuit drops).
    fn for_each(&self, f: impl FnMut(usize));
}

/// Where a lap ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LapEnd {
    /// The hole the last seed fell into.
    pub last: usize,
    /// The hole of the drop before the last one (`None` for a one-seed lap).
    pub before_last: Option<usize>,
}

/// Drops `seeds` (at least one) one by one into the holes after `from` along `path`.
/// The origin hole is not skipped on a full circuit. Full circuits are added in
/// one go unless the observer wants single drops, so a big pile costs one pass.
#[inline]
pub fn sow<P: Path, O: Observer>(
    counts: &mut [u16],
    path: &P,
    from: usize,
    seeds: u32,
    obs: &mut O,
) -> LapEnd {
    debug_assert!(seeds > 0);
    let len = path.circuit_len() as u32;
    let mut left = seeds;
    if !O::DROPS && left > len {
        // Keep at least one partial or full circuit to drop singly so that
        // `last` and `before_last` come out of the loop below.
        let circuits = (left - 1) / len;
        if circuits > 0 {
            let add = circuits as u16;
            path.for_each(|h| counts[h] += add);
            obs.event(Event::Circuit { seeds: circuits });
            left -= circuits * len;
        }
    }
    let mut hole = from;
    let mut before = None;
    for _ in 0..left {
        before = Some(hole);
        hole = path.next(hole);
        counts[hole] += 1;
        if O::DROPS {
            obs.event(Event::Drop { hole });
        }
    }
    // After bulk circuits the loop's first `before` is the origin, where the
    // last circuit ended, so it is right in every case.
    let before_last = if seeds == 1 { None } else { before };
    LapEnd {
        last: hole,
        before_last,
    }
}

/// Takes every seed of `hole` off the board for `by` (a capture).
pub fn take<O: Observer>(
    counts: &mut [u16],
    captured: &mut PerSide<u32>,
    by: Side,
    hole: usize,
    obs: &mut O,
) {
    let seeds = counts[hole] as u32;
    counts[hole] = 0;
    // Totals are checked when a game is set up; saturate all the same.
    captured[by] = captured[by].saturating_add(seeds);
    obs.event(Event::Capture { hole, seeds, by });
}

/// A sowing whose lap-end state repeats: it would go on for ever.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endless {
    /// Laps in the cycle.
    pub period: u64,
    /// Laps run before the cycle was recognised.
    pub laps: u64,
}

/// Why a sowing under a lap budget stopped without ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unended {
    /// It never ends.
    Endless(Endless),
    /// It had not ended, nor been proved endless, after the budget of laps.
    OverBudget,
}

/// Runs `lap` on `state` until it breaks with a value, or proves that the
/// sequence of states is periodic (Brent's algorithm: exact, constant memory,
/// one state comparison per lap). The state is left where the run stopped.
#[inline(always)]
pub fn run_laps<S: Clone + PartialEq, T>(
    state: &mut S,
    lap: impl FnMut(&mut S) -> Option<T>,
) -> Result<T, Endless> {
    match run_laps_within(state, lap, u64::MAX) {
        Ok(done) => Ok(done),
        Err(Unended::Endless(e)) => Err(e),
        // 2^64 laps are never run.
        Err(Unended::OverBudget) => unreachable!("no lap budget"),
    }
}

/// `run_laps` that gives up after `max_laps` laps (for a search that
/// cannot wait on the rare cycles of millions of laps).
#[inline]
pub fn run_laps_within<S: Clone + PartialEq, T>(
    state: &mut S,
    lap: impl FnMut(&mut S) -> Option<T>,
    max_laps: u64,
) -> Result<T, Unended> {
    run_laps_within_after(state, lap, max_laps, 0)
}

/// Laps [`run_laps_within`] runs plainly before its cycle search: most
/// sowings end within a few laps, and starting the search later only
/// delays its (still exact) answer.
pub const PLAIN_LAPS: u64 = 8;

/// [`run_laps_within`] for a caller that ran the first `done` of its plain
/// laps itself (on a cheaper state): the same answer and lap counts.
#[inline(always)]
pub fn run_laps_within_after<S: Clone + PartialEq, T>(
    state: &mut S,
    mut lap: impl FnMut(&mut S) -> Option<T>,
    max_laps: u64,
    done: u64,
) -> Result<T, Unended> {
    let mut laps: u64 = done;
    while laps < PLAIN_LAPS {
        if let Some(done) = lap(state) {
            return Ok(done);
        }
        laps += 1;
    }
    let mut tortoise = state.clone();
    let mut power: u64 = 1;
    let mut lam: u64 = 0;
    loop {
        if let Some(done) = lap(state) {
            return Ok(done);
        }
        laps += 1;
        lam += 1;
        if *state == tortoise {
            return Err(Unended::Endless(Endless { period: lam, laps }));
        }
        if laps >= max_laps {
            return Err(Unended::OverBudget);
        }
        if lam == power {
            tortoise.clone_from(state);
            power *= 2;
            lam = 0;
        }
    }
}

/// Distinguished points: the cycle search's memory of a few states met on the
/// way, those whose hash has at least `bits` leading zero bits. A state met
/// again is found at its first sighting in the store, so a cycle is seen about
/// one period (plus the gap between points) after it is entered, where Brent's
/// algorithm needs 2 to 3 periods. Brent keeps running beside it as the
/// fallback, for cycles too short to hold a distinguished point.
///
/// The store holds at most [`Sightings::MOST`] points: when full, the bar
/// rises by one bit and the points below it go. A state is kept only if it
/// met the bar when first seen and the bar only rises, so a stored point is
/// always a state's first sighting: the laps between it and a repeat are
/// exactly the state's return time, as with Brent.
pub struct Sightings<K> {
    points: Vec<Sighting<K>>,
    bits: u32,
    /// Lap start holes (bit per hole) since the last point was recorded.
    starts: u32,
}

struct Sighting<K> {
    hash: u64,
    key: K,
    laps: u64,
    pos: u32,
    /// Lap start holes from this point up to the next one.
    starts: u32,
}

/// An earlier sighting of the state just met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    /// Laps run when it was first met.
    pub laps: u64,
    /// Its lap-end hole then.
    pub pos: u32,
    /// Every hole a lap started from since then (bit per hole).
    pub starts: u32,
}

impl<K: PartialEq> Default for Sightings<K> {
    fn default() -> Self {
        Sightings {
            points: Vec::new(),
            bits: Self::FIRST_BITS,
            starts: 0,
        }
    }
}

impl<K: PartialEq> Sightings<K> {
    /// Points kept at most.
    pub const MOST: usize = 256;
    /// One state in 2^8 is distinguished at first.
    pub const FIRST_BITS: u32 = 8;

    /// Is a state of this hash distinguished (to be passed to [`Sightings::see`])?
    #[inline]
    pub fn is_distinguished(&self, hash: u64) -> bool {
        hash >> (64 - self.bits) == 0
    }

    /// Notes that the next lap starts from `hole` (for callers that test
    /// which holes the laps of a cycle started from).
    #[cfg(test)]
    #[inline]
    pub fn note_start(&mut self, hole: u32) {
        self.starts |= 1 << hole;
    }

    /// The hashes below this are distinguished (the test of
    /// [`Sightings::is_distinguished`] as one comparison, for callers that
    /// keep it in a register; it changes only in [`Sightings::see`]).
    #[inline]
    pub fn below(&self) -> u64 {
        1 << (64 - self.bits)
    }

    /// Notes that laps started from the holes of `holes` (bit per hole):
    /// [`Sightings::note_start`] for callers that gather them in a register.
    #[inline]
    pub fn note_starts(&mut self, holes: u32) {
        self.starts |= holes;
    }

    /// A distinguished state met after `laps` laps, at lap end `pos`: its
    /// first sighting if it was met before, else it is recorded.
    #[inline(never)]
    pub fn see(&mut self, hash: u64, key: K, laps: u64, pos: u32) -> Option<Seen> {
        if let Some(j) = self
            .points
            .iter()
            .position(|p| p.hash == hash && p.key == key)
        {
            let starts = self.points[j..]
                .iter()
                .fold(self.starts, |m, p| m | p.starts);
            let p = &self.points[j];
            return Some(Seen {
                laps: p.laps,
                pos: p.pos,
                starts,
            });
        }
        if let Some(last) = self.points.last_mut() {
            last.starts |= self.starts;
        }
        self.starts = 0;
        self.points.push(Sighting {
            hash,
            key,
            laps,
            pos,
            starts: 0,
        });
        if self.points.len() > Self::MOST {
            self.raise_bar();
        }
        None
    }

    /// One more bit: drops the points below the bar, their lap starts going
    /// to the point kept before them.
    #[cold]
    fn raise_bar(&mut self) {
        self.bits += 1;
        let bits = self.bits;
        let mut kept: Vec<Sighting<K>> = Vec::with_capacity(self.points.len() / 2 + 1);
        for p in self.points.drain(..) {
            if p.hash >> (64 - bits) == 0 {
                kept.push(p);
            } else if let Some(before) = kept.last_mut() {
                before.starts |= p.starts;
            }
        }
        self.points = kept;
    }
}

/// A hash for [`Sightings`] of a state folded into one word: a multiply and
/// a shift twice, so that every bit of `x` reaches the leading bits.
#[inline]
pub fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 32)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (x ^ (x >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

/// Bit k set when hole k of `counts` holds seeds, for the first `words`
/// groups of four holes (at most 128 holes). Four holes a 64-bit word: a
/// lane's top bit is set when the lane is not zero, and shifts gather the
/// four bits with one multiply. No branch (which holes are empty is
/// unpredictable), and the words are chained by a constant shift, so the
/// loop stays scalar: vectorised, its 64-bit multiplies were emulated
/// (baseline x86-64 has no such vector multiply) at several times the cost.
#[inline(always)]
// Used off x86-64 and with masai_portable; kept tested everywhere.
#[cfg_attr(not(test), allow(dead_code))]
pub fn nonzero_bits(counts: &[u16], words: usize) -> u128 {
    const LOW: u64 = 0x7fff_7fff_7fff_7fff;
    const TOP: u64 = 0x8000_8000_8000_8000;
    const GATHER: u64 = (1 << 48) | (1 << 33) | (1 << 18) | (1 << 3);
    let end = words.saturating_mul(4).min(counts.len());
    let mut mask = 0u128;
    for q in counts[..end].chunks_exact(4).rev() {
        let w = q[0] as u64 | (q[1] as u64) << 16 | (q[2] as u64) << 32 | (q[3] as u64) << 48;
        let top = ((((w & LOW) + LOW) | w) & TOP) >> 15;
        // Bits 0, 16, 32 and 48 to 48..51: the products are distinct powers
        // of two, so nothing carries.
        let four = (top.wrapping_mul(GATHER) >> 48) & 0xf;
        mask = mask << 4 | four as u128;
    }
    mask
}

/// A sowing whose end was not decided within the lap budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undecided {
    /// Laps run before giving up.
    pub laps: u64,
}

impl fmt::Display for Undecided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not decided within {} laps", self.laps)
    }
}

/// The first lap budget of [`decide_growing`]; each next attempt has
/// [`BUDGET_GROWTH`] times more.
pub const FIRST_BUDGET: u64 = 4096;
/// With 4x growth the attempts given up cost less than 4/3 of the last one,
/// so the total stays under 2.4 times the plain exact answer.
pub const BUDGET_GROWTH: u64 = 4;

/// Runs `attempt(max_laps)` under growing lap budgets until it decides. Between attempts calls
/// `progress(laps_checked_so_far)`; when that returns false, stops and returns None. Exact.
pub fn decide_growing<T>(
    mut attempt: impl FnMut(u64) -> Result<T, Undecided>,
    mut progress: impl FnMut(u64) -> bool,
) -> Option<T> {
    let mut budget = FIRST_BUDGET;
    let mut checked = 0u64;
    loop {
        match attempt(budget) {
            Ok(done) => return Some(done),
            Err(u) => {
                checked = checked.saturating_add(u.laps);
                if !progress(checked) {
                    return None;
                }
                budget = budget.saturating_mul(BUDGET_GROWTH);
            }
        }
    }
}

/// The answer of a computation run without a lap budget (`u64::MAX`), which
/// cannot be undecided: 2^64 laps are never run.
pub fn unbudgeted<T>(r: Result<T, Undecided>) -> T {
    match r {
        Ok(t) => t,
        Err(_) => unreachable!("no lap budget"),
    }
}

/// Laps a sowing takes to come back to a state, from a cycle up to rotation:
/// the state turned so that the lap's end hole comes first repeats every
/// `tau` laps (its smallest period), turned by `d` holes of a ring of
/// `ring`. The board itself then repeats after `ring / gcd(d, ring)` such
/// blocks, and no sooner: any period of the board is a period of the turned
/// state, so a multiple of `tau`, and `j` blocks turn it by `j * d`.
pub fn turned_period(tau: u64, d: usize, ring: usize) -> u64 {
    let (mut a, mut b) = (d % ring, ring);
    while a != 0 {
        (a, b) = (b % a, a);
    }
    tau.saturating_mul((ring / b) as u64)
}

/// Does any of `holes` start a sowing that ends? `ends(hole, max_laps)`
/// runs one sowing under a lap budget. Every hole runs under a growing
/// budget, so one very long endless sowing never holds up the answer while
/// another hole ends quickly. Exact. (The games use the budgeted form.)
#[cfg(test)]
pub fn any_sowing_ends(
    holes: impl IntoIterator<Item = usize>,
    ends: impl FnMut(usize, u64) -> Result<(), Unended>,
) -> bool {
    unbudgeted(any_sowing_ends_within(holes, ends, u64::MAX))
}

/// [`any_sowing_ends`] whose budgets stop growing at `max_laps`: `Err` when
/// no sowing ended and some were not decided within `max_laps` laps.
pub fn any_sowing_ends_within(
    holes: impl IntoIterator<Item = usize>,
    mut ends: impl FnMut(usize, u64) -> Result<(), Unended>,
    max_laps: u64,
) -> Result<bool, Undecided> {
    let mut budget = 256u64.min(max_laps);
    let mut spent = 0u64;
    // The first round straight from `holes`, keeping only those over
    // budget: it nearly always answers, and then nothing is allocated.
    let mut open: Vec<usize> = Vec::new();
    for h in holes {
        match ends(h, budget) {
            Ok(()) => return Ok(true),
            Err(Unended::Endless(e)) => spent = spent.saturating_add(e.laps),
            Err(Unended::OverBudget) => {
                spent = spent.saturating_add(budget);
                open.push(h);
            }
        }
    }
    loop {
        if open.is_empty() {
            return Ok(false);
        }
        if budget >= max_laps {
            return Err(Undecided { laps: spent });
        }
        budget = budget.saturating_mul(16).min(max_laps);
        let mut k = 0;
        while k < open.len() {
            match ends(open[k], budget) {
                Ok(()) => return Ok(true),
                Err(Unended::Endless(e)) => {
                    spent = spent.saturating_add(e.laps);
                    open.swap_remove(k);
                }
                Err(Unended::OverBudget) => {
                    spent = spent.saturating_add(budget);
                    k += 1;
                }
            }
        }
    }
}

/// Finds the first repeated state of a periodic sequence (its cycle start `mu`
/// and period `lambda`): given the period, runs two copies `lambda` apart.
pub fn cycle_start<S: Clone + PartialEq>(
    start: &S,
    period: u64,
    mut lap: impl FnMut(&mut S),
) -> (S, u64) {
    let mut ahead = start.clone();
    for _ in 0..period {
        lap(&mut ahead);
    }
    let mut behind = start.clone();
    let mut mu = 0;
    while behind != ahead {
        lap(&mut behind);
        lap(&mut ahead);
        mu += 1;
    }
    (behind, mu)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Ring(usize);
    impl Path for Ring {
        fn circuit_len(&self) -> usize {
            self.0
        }
        fn next(&self, h: usize) -> usize {
            (h + 1) % self.0
        }
        fn for_each(&self, mut f: impl FnMut(usize)) {
            (0..self.0).for_each(&mut f)
        }
    }

    #[test]
    fn sowing_a_big_pile_in_circuits_matches_single_drops() {
        for seeds in 1..40u32 {
            for from in 0..5 {
                let mut a = [0u16; 5];
                let mut b = [0u16; 5];
                let mut log = Vec::new();
                let ea = sow(&mut a, &Ring(5), from, seeds, &mut Quiet);
                let eb = sow(&mut b, &Ring(5), from, seeds, &mut log);
                assert_eq!(a, b, "seeds {seeds} from {from}");
                assert_eq!(ea, eb, "seeds {seeds} from {from}");
                assert_eq!(log.len(), seeds as usize);
            }
        }
    }

    #[test]
    fn sowing_eleven_from_hole_two_of_five() {
        let mut c = [0u16; 5];
        let end = sow(&mut c, &Ring(5), 2, 11, &mut Quiet);
        // Two full circuits (origin included) then one more into hole 3.
        assert_eq!(c, [2, 2, 2, 3, 2]);
        assert_eq!(end.last, 3);
        assert_eq!(end.before_last, Some(2));
    }

    #[test]
    fn brent_finds_period_and_cycle_start() {
        // x -> x^2 + 1 mod 255 from 3: tail then a cycle.
        let f = |x: &mut u32| *x = (*x * *x + 1) % 255;
        let mut seq = vec![3u32];
        for _ in 0..100 {
            let mut n = *seq.last().unwrap();
            f(&mut n);
            seq.push(n);
        }
        let first_repeat = (1..seq.len())
            .find(|&j| seq[..j].contains(&seq[j]))
            .unwrap();
        let mu = seq.iter().position(|&v| v == seq[first_repeat]).unwrap();
        let period = (first_repeat - mu) as u64;
        let mut s = 3u32;
        let err = run_laps(&mut s, |x| {
            f(x);
            None::<()>
        })
        .unwrap_err();
        assert_eq!(err.period, period);
        let (state, found_mu) = cycle_start(&3u32, err.period, f);
        assert_eq!(found_mu as usize, mu);
        assert_eq!(state, seq[mu]);
    }

    /// Hole 0 would take 10^9 laps to prove endless, hole 1 ends after
    /// 3,000 laps, hole 2 is endless after 100: the answer comes without
    /// ever running hole 0 past hole 1's budget.
    #[test]
    fn any_sowing_ends_is_not_held_up_by_a_long_cycle() {
        let laps_to = |h: usize| [1_000_000_000u64, 3_000, 100][h];
        let mut biggest_budget_for_0 = 0;
        let mut calls = Vec::new();
        let found = any_sowing_ends([0, 1, 2], |h, budget| {
            calls.push((h, budget));
            if h == 0 {
                biggest_budget_for_0 = biggest_budget_for_0.max(budget);
            }
            match (h, laps_to(h) <= budget) {
                (_, false) => Err(Unended::OverBudget),
                (1, true) => Ok(()),
                (_, true) => Err(Unended::Endless(Endless {
                    period: 7,
                    laps: laps_to(h),
                })),
            }
        });
        assert!(found);
        assert_eq!(biggest_budget_for_0, 4096);
        // Round 1 (256 laps): 0 over, 1 over, 2 endless (dropped); round 2 (4,096): 0 over, 1 ends.
        assert_eq!(calls, [(0, 256), (1, 256), (2, 256), (0, 4096), (1, 4096)]);
        // Only endless sowings: no.
        assert!(!any_sowing_ends([0, 2], |h, budget| {
            if h == 2 || budget >= 1 << 20 {
                Err(Unended::Endless(Endless { period: 1, laps: 1 }))
            } else {
                Err(Unended::OverBudget)
            }
        }));
        assert!(!any_sowing_ends([], |_, _| Ok(())));
    }

    #[test]
    fn decide_growing_grows_the_budget_and_reports_laps_checked() {
        let mut budgets = Vec::new();
        let mut reported = Vec::new();
        let answer = decide_growing(
            |max| {
                budgets.push(max);
                if max >= 50_000 {
                    Ok(max)
                } else {
                    Err(Undecided { laps: max })
                }
            },
            |laps| {
                reported.push(laps);
                true
            },
        );
        assert_eq!(answer, Some(65_536));
        assert_eq!(budgets, [4096, 16_384, 65_536]);
        assert_eq!(reported, [4096, 4096 + 16_384]);
        // Stopped at the first report: one attempt, no answer.
        let mut attempts = 0;
        let stopped: Option<()> = decide_growing(
            |max| {
                attempts += 1;
                Err(Undecided { laps: max })
            },
            |_| false,
        );
        assert_eq!((stopped, attempts), (None, 1));
    }

    #[test]
    fn any_sowing_ends_within_stops_growing_at_the_budget() {
        // Hole 0 needs 10^6 laps, hole 1 is endless after 5,000.
        let ends = |h: usize, budget: u64| match (h, budget) {
            (0, b) if b >= 1_000_000 => Ok(()),
            (1, b) if b >= 5_000 => Err(Unended::Endless(Endless {
                period: 3,
                laps: 5_000,
            })),
            _ => Err(Unended::OverBudget),
        };
        assert_eq!(
            any_sowing_ends_within([0, 1], ends, 65_536),
            // Rounds of 256, 4,096 and 65,536 laps: hole 1 proved endless in
            // the last, hole 0 over budget three times.
            Err(Undecided {
                laps: 256 * 2 + 4096 * 2 + 5_000 + 65_536
            })
        );
        assert_eq!(any_sowing_ends_within([0, 1], ends, 1 << 20), Ok(true));
        assert_eq!(any_sowing_ends_within([1], ends, 1 << 20), Ok(false));
    }

    /// A long cycle: every state is met again at its first sighting, with the
    /// lap starts of every lap since, however often the bar rose.
    #[test]
    fn sightings_find_first_sightings_and_the_starts_since() {
        // States 0..1000 then a cycle of 5,000 (1000..6000); the lap from
        // state x starts from hole x % 16.
        let next = |x: u64| if x + 1 == 6000 { 1000 } else { x + 1 };
        let mut points: Sightings<u64> = Sightings::default();
        let mut x = 0u64;
        let mut found = None;
        for laps in 1..=20_000u64 {
            points.note_start((x % 16) as u32);
            x = next(x);
            let hash = mix(x);
            if points.is_distinguished(hash)
                && let Some(seen) = points.see(hash, x, laps, (x % 16) as u32)
            {
                found = Some((laps, seen));
                break;
            }
        }
        let (laps, seen) = found.expect("the cycle is seen");
        assert_eq!(laps - seen.laps, 5000);
        assert!(laps <= 1000 + 5000 + 2000, "{laps}");
        assert_eq!(seen.starts, 0xffff);
        // Short walks see only their own starts: 3 laps from state 16.
        let mut points: Sightings<u64> = Sightings {
            bits: 1,
            ..Default::default()
        };
        let hash = 0;
        assert_eq!(points.see(hash, 16, 0, 0), None);
        for x in 16..19u64 {
            points.note_start((x % 16) as u32);
        }
        let seen = points.see(hash, 16, 3, 0).expect("seen");
        assert_eq!((seen.laps, seen.starts), (0, 0b111));
        // More points than the store holds: the bar rises, first sightings stay.
        let mut points: Sightings<u64> = Sightings::default();
        let mut kept = Vec::new();
        let mut k = 0u64;
        while points.bits == Sightings::<u64>::FIRST_BITS {
            let hash = mix(k);
            if points.is_distinguished(hash) {
                assert_eq!(points.see(hash, k, k, 0), None);
                kept.push(k);
            }
            k += 1;
        }
        assert!(points.points.len() <= Sightings::<u64>::MOST);
        for &k in &kept {
            let hash = mix(k);
            if points.is_distinguished(hash) {
                let seen = points.see(hash, k, u64::MAX, 0).expect("kept");
                assert_eq!(seen.laps, k);
            }
        }
    }

    #[test]
    fn nonzero_bits_mark_the_holes_with_seeds() {
        // Lane edge cases (0, 1, 0x7fff, 0x8000, 0xffff) in every position of
        // a 100-hole board, and the words limit.
        let values = [0u16, 1, 2, 0x7fff, 0x8000, 0xffff, 255, 256];
        let mut counts = [0u16; 100];
        for (i, c) in counts.iter_mut().enumerate() {
            *c = values[(i * 7 + i / 9) % values.len()];
        }
        for words in [0, 1, 6, 20, 25] {
            let expected = counts[..4 * words]
                .iter()
                .enumerate()
                .fold(0u128, |m, (k, &c)| m | ((c != 0) as u128) << k);
            assert_eq!(nonzero_bits(&counts, words), expected, "{words} words");
        }
        // More words than holes: the holes there are.
        assert_eq!(nonzero_bits(&counts[..8], 30), nonzero_bits(&counts, 2));
    }

    #[test]
    fn run_laps_returns_the_break_value() {
        let mut s = 0u32;
        let r = run_laps(&mut s, |x| {
            *x += 1;
            (*x == 10).then_some(*x * 2)
        });
        assert_eq!(r, Ok(20));
    }
}

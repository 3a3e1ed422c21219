//! The Enkeshui board and one lap of sowing with its lap-end rules.

use crate::engine::core::{Direction, Event, LapEnd, Observer, Path, Quiet, sow, take};
use crate::engine::side::{PerSide, Side};
use crate::engine::simd::{add_mask, holding16};

use super::layout::MAX_HOLES;

/// Holes in the largest ring: the board array's fixed length.
pub const RING: usize = 2 * MAX_HOLES;

/// Seeds, bulls and closed holes. Ring index: South's holes 1..N are 0..N-1,
/// North's holes 1..N are N..2N-1; opposite(i) = 2N-1-i.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Holes in each row (N).
    pub n: usize,
    /// Seeds per hole, by ring index; 2N and beyond are always 0.
    pub counts: [u16; RING],
    /// Bit i set: hole i is a bull.
    pub bulls: u32,
    /// Bit i set: the bull on hole i belongs to South.
    pub south_bulls: u32,
    /// Bit i set: hole i is out of play (match play with `--unfilled closed`).
    pub closed: u32,
}

/// How a lap ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lap {
    /// The turn ends here.
    TurnOver,
    /// The last seed fell into an occupied hole: relay from it. `crossed` when
    /// this lap dropped a seed in every hole of the opponent's row in play.
    Relay {
        /// The ring index to relay from.
        hole: usize,
        /// Whether this lap dropped a seed in every hole of the opponent's row in play.
        crossed: bool,
    },
}

/// The holes of the ring in play, in one direction.
pub struct Ring {
    n2: usize,
    closed: u32,
    dir: Direction,
    len: usize,
}

impl Path for Ring {
    fn circuit_len(&self) -> usize {
        self.len
    }

    #[inline]
    fn next(&self, hole: usize) -> usize {
        let mut h = hole;
        loop {
            h = match self.dir {
                Direction::Ccw => {
                    if h + 1 == self.n2 {
                        0
                    } else {
                        h + 1
                    }
                }
                Direction::Cw => {
                    if h == 0 {
                        self.n2 - 1
                    } else {
                        h - 1
                    }
                }
            };
            if self.closed & (1 << h) == 0 {
                return h;
            }
        }
    }

    fn for_each(&self, mut f: impl FnMut(usize)) {
        for h in 0..self.n2 {
            if self.closed & (1 << h) == 0 {
                f(h);
            }
        }
    }
}

/// Each row length's rows as bits, South's then North's (indexed by
/// `n % 32`, which is `n`: the table needs no bounds check).
const ROW_MASKS: [[u32; 2]; 2 * MAX_HOLES] = {
    let mut t = [[0u32; 2]; 2 * MAX_HOLES];
    let mut n = 1;
    while n <= MAX_HOLES {
        let low = ((1u64 << n) - 1) as u32;
        t[n] = [low, ((low as u64) << n) as u32];
        n += 1;
    }
    t
};

/// The holes `a..b` as bits (`a` <= `b` <= 32).
#[inline]
fn span(a: usize, b: usize) -> u32 {
    // In 64 bits, so that b = 32 needs no special case.
    ((1u64 << (b & 63)) - (1u64 << (a & 63))) as u32
}

impl Board {
    /// N holes a row, no seeds, no bulls, every hole in play.
    pub fn empty(n: usize) -> Board {
        Board {
            n,
            counts: [0; RING],
            bulls: 0,
            south_bulls: 0,
            closed: 0,
        }
    }

    /// Holes in the ring (2N), closed ones included.
    pub fn n2(&self) -> usize {
        2 * self.n
    }

    /// The ring index of the hole facing `hole` (2N-1-hole).
    pub fn opposite(&self, hole: usize) -> usize {
        self.n2() - 1 - hole
    }

    /// The ring indices of a side's own row.
    pub fn row(&self, side: Side) -> std::ops::Range<usize> {
        match side {
            Side::South => 0..self.n,
            Side::North => self.n..self.n2(),
        }
    }

    /// A side's row as bits: bit i for ring index i.
    #[inline]
    pub fn row_mask(&self, side: Side) -> u32 {
        // Read off a table: the shifts by N took some fifteen instructions
        // at every start-of-turn test.
        ROW_MASKS[self.n % (2 * MAX_HOLES)][side as usize]
    }

    /// The side whose row holds ring index `hole`.
    pub fn owner_of_row(&self, hole: usize) -> Side {
        if hole < self.n {
            Side::South
        } else {
            Side::North
        }
    }

    /// Is `hole` a bull?
    pub fn is_bull(&self, hole: usize) -> bool {
        self.bulls & (1 << hole) != 0
    }

    /// Is `hole` out of play?
    pub fn is_closed(&self, hole: usize) -> bool {
        self.closed & (1 << hole) != 0
    }

    /// The player a bull belongs to; `None` if `hole` is no bull.
    pub fn bull_owner(&self, hole: usize) -> Option<Side> {
        if !self.is_bull(hole) {
            None
        } else if self.south_bulls & (1 << hole) != 0 {
            Some(Side::South)
        } else {
            Some(Side::North)
        }
    }

    /// Makes `hole` a bull of `owner`.
    pub fn make_bull(&mut self, hole: usize, owner: Side) {
        self.bulls |= 1 << hole;
        if owner == Side::South {
            self.south_bulls |= 1 << hole;
        } else {
            self.south_bulls &= !(1 << hole);
        }
    }

    /// The holes in play, going round in direction `dir`.
    pub fn ring(&self, dir: Direction) -> Ring {
        Ring {
            n2: self.n2(),
            closed: self.closed,
            dir,
            len: self.n2() - self.closed.count_ones() as usize,
        }
    }

    /// A hole the mover may lift: his own, in play, not a bull, not empty.
    pub fn can_lift(&self, side: Side, hole: usize) -> bool {
        self.liftable(side) & (1 << hole) != 0
    }

    /// Bit i set: hole i holds seeds.
    #[inline]
    pub fn occupied(&self) -> u32 {
        !self.holding(0) & self.in_play()
    }

    /// Bit i set: hole i holds exactly `seeds` (past the board's end:
    /// whatever, to be masked).
    #[inline]
    fn holding(&self, seeds: u16) -> u32 {
        // The traditional boards (2x8 and smaller) fit in 16 holes.
        if self.n2() <= 16 {
            holding16(&self.counts, 0, seeds)
        } else {
            holding16(&self.counts, 0, seeds) | holding16(&self.counts, 16, seeds) << 16
        }
    }

    /// Every hole of the board as bits (2x16 fills all 32).
    #[inline]
    fn in_play(&self) -> u32 {
        ROW_MASKS[self.n % (2 * MAX_HOLES)][0] | ROW_MASKS[self.n % (2 * MAX_HOLES)][1]
    }

    /// The holes a side may lift, as bits.
    #[inline]
    pub fn liftable(&self, side: Side) -> u32 {
        // The row is in play: no mask of the board's holes is needed.
        !self.holding(0) & self.row_mask(side) & !self.bulls & !self.closed
    }

    /// Non-bull seeds in a side's row.
    pub fn free_seeds(&self, side: Side) -> u32 {
        self.seeds_in(self.row_mask(side) & !self.bulls)
    }

    /// The bulls a side owns, as bits.
    fn bulls_of(&self, side: Side) -> u32 {
        match side {
            Side::South => self.bulls & self.south_bulls,
            Side::North => self.bulls & !self.south_bulls,
        }
    }

    /// Seeds in the holes of `mask` on the board.
    #[inline]
    fn seeds_in(&self, mask: u32) -> u32 {
        let mut bits = mask & self.in_play();
        let mut seeds = 0u32;
        while bits != 0 {
            seeds += self.counts[bits.trailing_zeros() as usize] as u32;
            bits &= bits - 1;
        }
        seeds
    }

    /// What a side holds on the board at the end: the seeds of its row
    /// outside bulls and of its own bulls, wherever they stand.
    pub fn seeds_held(&self, side: Side) -> u32 {
        self.seeds_in((self.row_mask(side) & !self.bulls) | self.bulls_of(side))
    }

    /// Cheap sufficient test that the first lap from `hole` ends the turn
    /// (a bull, a new bull or an empty hole), without sowing.
    #[inline]
    pub fn first_lap_surely_ends(&self, hole: usize) -> bool {
        self.first_lap_surely_ends_in::<0>(hole)
    }

    /// [`Board::first_lap_surely_ends`] on a ring of `N2` holes (0: of
    /// `2 * self.n`), for a loop that knows the board's size.
    #[inline(always)]
    pub(super) fn first_lap_surely_ends_in<const N2: usize>(&self, hole: usize) -> bool {
        debug_assert!(N2 == 0 || N2 == self.n2());
        let seeds = self.counts[hole] as usize;
        let n2 = if N2 == 0 { self.n2() } else { N2 };
        if self.closed != 0 || seeds == 0 || seeds >= n2 {
            return false;
        }
        let last = if hole + seeds >= n2 {
            hole + seeds - n2
        } else {
            hole + seeds
        };
        let now = self.counts[last] + 1;
        if self.is_bull(last) || now == 1 || now == 4 {
            return true;
        }
        let before = if last == 0 { n2 - 1 } else { last - 1 };
        seeds >= 2 && !self.is_bull(before) && now == 3 && self.counts[before] + 1 == 4
    }

    /// The hole where a lap of `seeds` lifted from `from` ends, and the
    /// seeds a relay from it would lift, without sowing: when every hole is
    /// in play and the lap goes less than once round, the last seed is the
    /// only one it drops there. `None` otherwise.
    pub fn relay_ahead(&self, from: usize, seeds: u32, dir: Direction) -> Option<(usize, u32)> {
        let (n2, s) = (self.n2(), seeds as usize);
        if self.closed != 0 || s == 0 || s >= n2 {
            return None;
        }
        let last = match dir {
            Direction::Ccw if from + s >= n2 => from + s - n2,
            Direction::Ccw => from + s,
            Direction::Cw if from >= s => from - s,
            Direction::Cw => from + n2 - s,
        };
        Some((last, self.counts[last] as u32 + 1))
    }

    /// Seeds in the bulls a side owns, wherever they stand.
    pub fn bull_seeds(&self, side: Side) -> u32 {
        self.seeds_in(self.bulls_of(side))
    }

    /// Seeds in all holes of the board, bulls included.
    pub fn seeds_on_board(&self) -> u32 {
        self.counts[..self.n2()].iter().map(|&c| c as u32).sum()
    }

    /// Empties `hole` into the hand (the lift starting lap `lap`); returns the seeds lifted.
    pub fn lift<O: Observer>(&mut self, hole: usize, lap: u32, obs: &mut O) -> u32 {
        let seeds = self.counts[hole] as u32;
        self.counts[hole] = 0;
        obs.event(Event::Lift { hole, seeds, lap });
        seeds
    }

    /// Sows `seeds` lifted from `from` in direction `dir` and applies the
    /// lap-end rules in RULES.md's order: bull, bull creation, empty hole
    /// (capture when `capture_ok`), else relay.
    #[allow(clippy::too_many_arguments)]
    pub fn lap<O: Observer>(
        &mut self,
        captured: &mut PerSide<u32>,
        mover: Side,
        from: usize,
        seeds: u32,
        dir: Direction,
        lap: u32,
        capture_ok: bool,
        obs: &mut O,
    ) -> Lap {
        let LapEnd { last, before_last } = if !O::DROPS && self.closed == 0 {
            self.sow_quick(from, seeds, dir, obs)
        } else {
            let ring = self.ring(dir);
            sow(&mut self.counts, &ring, from, seeds, obs)
        };
        let now = self.counts[last];
        obs.event(Event::LapEnd {
            hole: last,
            lap,
            seeds: now as u32,
        });
        if self.is_bull(last) {
            return Lap::TurnOver;
        }
        if now == 1 {
            if capture_ok && self.owner_of_row(last) == mover {
                self.capture(captured, mover, last, dir, obs);
            }
            return Lap::TurnOver;
        }
        // Bulls come of 3 or 4 seeds only (see `lap_ccw_quiet_in`).
        if now == 3 || now == 4 {
            if let Some(b) = before_last
                && b != last
                && !self.is_bull(b)
                && matches!((self.counts[b], now), (3, 4) | (4, 3))
            {
                for hole in [b, last] {
                    self.make_bull(hole, mover);
                    obs.event(Event::Bull { hole, owner: mover });
                }
                return Lap::TurnOver;
            }
            if now == 4 {
                self.make_bull(last, mover);
                obs.event(Event::Bull {
                    hole: last,
                    owner: mover,
                });
                return Lap::TurnOver;
            }
        }
        Lap::Relay {
            hole: last,
            crossed: self.crossed(mover, from, seeds, dir),
        }
    }

    /// Lifts `from` and sows it counterclockwise with the lap-end rules, on
    /// a board with every hole in play, telling nobody: [`Board::lift`] then
    /// [`Board::lap`] for quiet sowings (playouts, legality tests), in one
    /// piece that a relay loop inlines.
    #[inline(always)]
    pub fn lap_ccw_quiet(
        &mut self,
        captured: &mut PerSide<u32>,
        mover: Side,
        from: usize,
        capture_ok: bool,
    ) -> Lap {
        // The traditional 2x8 board with its ring's length known to the
        // compiler: the wrap, the run masks and the crossing test fold.
        if self.n == 8 {
            self.lap_ccw_quiet_in::<16>(captured, mover, from, capture_ok)
        } else {
            self.lap_ccw_quiet_in::<0>(captured, mover, from, capture_ok)
        }
    }

    /// [`Board::lap_ccw_quiet`] on a ring of `N2` holes (0: of `2 * self.n`).
    #[inline(always)]
    fn lap_ccw_quiet_in<const N2: usize>(
        &mut self,
        captured: &mut PerSide<u32>,
        mover: Side,
        from: usize,
        capture_ok: bool,
    ) -> Lap {
        debug_assert!(self.closed == 0);
        debug_assert!(N2 == 0 || N2 == self.n2());
        let n2 = if N2 == 0 { self.n2() } else { N2 };
        let n = n2 / 2;
        let seeds = self.counts[from] as usize;
        self.counts[from] = 0;
        let mut left = seeds;
        if left > n2 {
            left = self.add_circuits(left);
        }
        let end = from + left;
        let (last, mask) = if end < n2 {
            (end, span(from + 1, end + 1))
        } else {
            (end - n2, span(from + 1, n2) | span(0, end - n2 + 1))
        };
        if n2 <= 16 {
            add_mask::<16, RING>(&mut self.counts, mask);
        } else {
            add_mask::<RING, RING>(&mut self.counts, mask);
        }
        let now = self.counts[last];
        if self.is_bull(last) {
            return Lap::TurnOver;
        }
        if now == 1 {
            // An empty hole opposite (most often) captures nothing: no call.
            if capture_ok && self.owner_of_row(last) == mover && self.counts[n2 - 1 - last] > 0 {
                self.capture(captured, mover, last, Direction::Ccw, &mut Quiet);
            }
            return Lap::TurnOver;
        }
        // Bulls come of 3 or 4 seeds only: the hole before is read for those
        // alone (the lap-end rules' order is kept: no bull holds one seed).
        if now == 3 || now == 4 {
            let before = if last == 0 { n2 - 1 } else { last - 1 };
            if seeds > 1
                && !self.is_bull(before)
                && matches!((self.counts[before], now), (3, 4) | (4, 3))
            {
                self.make_bull(before, mover);
                self.make_bull(last, mover);
                return Lap::TurnOver;
            }
            if now == 4 {
                self.make_bull(last, mover);
                return Lap::TurnOver;
            }
        }
        // As `crossed`: the opponent's row is covered iff its far end is
        // within reach of the drops at distances 1..=seeds.
        let near = match mover {
            Side::South => n,
            Side::North => 0,
        };
        let dist = if near > from {
            near - from
        } else {
            near + n2 - from
        };
        Lap::Relay {
            hole: last,
            crossed: seeds >= n2 || (seeds >= n && dist + n - 1 <= seeds),
        }
    }

    /// [`Board::lap_ccw_quiet`] undone for a lap that relayed: such a lap
    /// only moved seeds (a lap that captures or makes a bull ends the
    /// turn), so its drops are taken back and its `seeds` put back into
    /// `from`. For sowings that never end (rare).
    #[cold]
    pub fn unsow_relay_ccw(&mut self, from: usize, seeds: u16) {
        let n2 = self.n2();
        crate::engine::playout::unsow_ring(&mut self.counts[..n2], from, seeds);
    }

    /// Drops whole circuits of a pile of more than one circuit, keeping
    /// 1..=2N seeds to drop singly; returns those.
    #[cold]
    fn add_circuits(&mut self, seeds: usize) -> usize {
        let n2 = self.n2();
        let circuits = (seeds - 1) / n2;
        let add = circuits as u16;
        self.counts[..n2].iter_mut().for_each(|c| *c += add);
        seeds - circuits * n2
    }

    /// The same drops as `core::sow` on a ring with every hole in play, for
    /// observers that want no single drops: whole circuits at once, then the
    /// rest added to at most two runs of holes, with no step per seed.
    #[inline]
    fn sow_quick<O: Observer>(
        &mut self,
        from: usize,
        seeds: u32,
        dir: Direction,
        obs: &mut O,
    ) -> LapEnd {
        let n2 = self.n2();
        let mut left = seeds as usize;
        if left > n2 {
            // Keep 1..=2N seeds to drop singly, so the last seed is placed below.
            let circuits = (left - 1) / n2;
            let add = circuits as u16;
            self.counts[..n2].iter_mut().for_each(|c| *c += add);
            obs.event(Event::Circuit {
                seeds: circuits as u32,
            });
            left -= circuits * n2;
        }
        // The rest fills holes `a..b` and, past the ring's end, `0..c`.
        let (last, before, (a, b, c)) = match dir {
            // Holes from+1 ..= from+left.
            Direction::Ccw => {
                let end = from + left;
                let last = if end < n2 { end } else { end - n2 };
                let runs = if end < n2 {
                    (from + 1, end + 1, 0)
                } else {
                    (from + 1, n2, end - n2 + 1)
                };
                (last, if last == 0 { n2 - 1 } else { last - 1 }, runs)
            }
            // Holes from-1 down to from-left.
            Direction::Cw => {
                let (last, runs) = if left <= from {
                    (from - left, (from - left, from, 0))
                } else {
                    let last = n2 - (left - from);
                    (last, (last, n2, from))
                };
                (last, if last + 1 == n2 { 0 } else { last + 1 }, runs)
            }
        };
        let mask = span(a, b) | span(0, c);
        if n2 <= 16 {
            add_mask::<16, RING>(&mut self.counts, mask);
        } else {
            add_mask::<RING, RING>(&mut self.counts, mask);
        }
        LapEnd {
            last,
            before_last: (seeds > 1).then_some(before),
        }
    }

    /// The lap dropped a seed in every hole of the opponent's row in play.
    #[inline]
    fn crossed(&self, mover: Side, from: usize, seeds: u32, dir: Direction) -> bool {
        if self.closed == 0 {
            let n2 = self.n2();
            if seeds as usize >= n2 {
                return true;
            }
            if (seeds as usize) < self.n {
                return false;
            }
            // Drops land at distances 1..=seeds from `from`; the opponent's row
            // is contiguous, so it is covered iff its far end is within reach.
            let near = match (dir, mover) {
                (Direction::Ccw, Side::South) => self.n,
                (Direction::Ccw, Side::North) => 0,
                (Direction::Cw, Side::South) => n2 - 1,
                (Direction::Cw, Side::North) => self.n - 1,
            };
            // Distance from `from` to the near end, 1..=n2 (the origin itself is
            // reached last).
            let dist = match dir {
                Direction::Ccw if near > from => near - from,
                Direction::Ccw => near + n2 - from,
                Direction::Cw if from > near => from - near,
                Direction::Cw => from + n2 - near,
            };
            return dist + self.n - 1 <= seeds as usize;
        }
        let ring = self.ring(dir);
        let opponent = self.row_mask(mover.other()) & !self.closed;
        let needed = opponent.count_ones();
        if seeds as usize >= ring.len {
            return true;
        }
        if seeds < needed {
            return false;
        }
        let mut hole = from;
        let mut hit = 0;
        for _ in 0..seeds {
            hole = ring.next(hole);
            hit += (opponent >> hole) & 1;
        }
        hit == needed
    }

    /// The last seed made `last` (in the mover's row) hold one: take the
    /// opposite hole and the capturing seed, then chain along the row.
    fn capture<O: Observer>(
        &mut self,
        captured: &mut PerSide<u32>,
        mover: Side,
        last: usize,
        dir: Direction,
        obs: &mut O,
    ) {
        let takes =
            |b: &Board, opp: usize| b.counts[opp] > 0 && !b.is_bull(opp) && !b.is_closed(opp);
        let opp = self.opposite(last);
        if !takes(self, opp) {
            return;
        }
        take(&mut self.counts, captured, mover, opp, obs);
        take(&mut self.counts, captured, mover, last, obs);
        let row = self.row(mover);
        let mut hole = last;
        loop {
            let next = match dir {
                Direction::Ccw => hole + 1,
                Direction::Cw => hole.wrapping_sub(1),
            };
            if !row.contains(&next) || self.is_closed(next) || self.counts[next] != 0 {
                break;
            }
            let opp = self.opposite(next);
            if !takes(self, opp) {
                break;
            }
            take(&mut self.counts, captured, mover, opp, obs);
            hole = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::Quiet;
    use crate::engine::enkeshui::Bits;

    #[test]
    fn occupied_and_held_seeds_cover_every_hole_up_to_2x16() {
        for n in [4, 8, 12, 15, 16] {
            let n2 = 2 * n;
            let mut b = Board::empty(n);
            for (i, c) in b.counts[..n2].iter_mut().enumerate() {
                *c = (i % 3) as u16;
            }
            let expected = (0..n2).fold(0u32, |m, i| m | ((b.counts[i] != 0) as u32) << i);
            assert_eq!(b.occupied(), expected, "2x{n}");
            let row = |side: Side| b.row(side).map(|i| b.counts[i] as u32).sum::<u32>();
            assert_eq!(b.seeds_held(Side::South), row(Side::South), "2x{n}");
            assert_eq!(b.seeds_held(Side::North), row(Side::North), "2x{n}");
        }
    }

    /// Boards of every size with uneven counts (some past a circuit and
    /// the u16 lane edges), bulls of both owners, from a fixed seed.
    fn random_boards() -> Vec<Board> {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut boards = Vec::new();
        for n in 4..=16 {
            for _ in 0..400 {
                let mut b = Board::empty(n);
                for c in b.counts[..2 * n].iter_mut() {
                    *c = match next() % 16 {
                        0..=4 => 0,
                        5 => (next() % 80) as u16,
                        _ => (next() % 6) as u16,
                    };
                }
                let in_play = (1u64 << (2 * n)) - 1;
                b.bulls = (next() & next() & next() & in_play) as u32;
                b.south_bulls = (next() & in_play) as u32 & b.bulls;
                boards.push(b);
            }
        }
        boards
    }

    /// Every seed on the board is held by exactly one side (its row's
    /// owner, or a bull's), which the score reads off one sum.
    #[test]
    fn the_two_sides_holdings_split_the_board() {
        for b in random_boards() {
            let by_hole = |side: Side| {
                (0..b.n2())
                    .filter(|&h| b.bull_owner(h).unwrap_or(b.owner_of_row(h)) == side)
                    .map(|h| b.counts[h] as u32)
                    .sum::<u32>()
            };
            let (south, north) = (b.seeds_held(Side::South), b.seeds_held(Side::North));
            assert_eq!(
                (south, north),
                (by_hole(Side::South), by_hole(Side::North)),
                "{b:?}"
            );
            assert_eq!(south + north, b.seeds_on_board(), "{b:?}");
        }
    }

    #[test]
    fn the_quiet_lap_matches_lifting_and_sowing_with_every_drop() {
        for board in random_boards() {
            for from in (0..board.n2()).filter(|&h| board.counts[h] > 0) {
                for mover in [Side::South, Side::North] {
                    for capture_ok in [false, true] {
                        let captured = PerSide::new(3, 5);
                        let (mut a, mut ca) = (board, captured);
                        let quick = a.lap_ccw_quiet(&mut ca, mover, from, capture_ok);
                        let (mut b, mut cb) = (board, captured);
                        let mut events = Vec::new();
                        let seeds = b.lift(from, 1, &mut events);
                        let plain = b.lap(
                            &mut cb,
                            mover,
                            from,
                            seeds,
                            Direction::Ccw,
                            1,
                            capture_ok,
                            &mut events,
                        );
                        let what = format!("{board:?} from {from} {mover:?} {capture_ok}");
                        assert_eq!((a, ca, quick), (b, cb, plain), "{what}");
                    }
                }
            }
        }
    }

    #[test]
    fn liftable_holes_are_the_movers_own_with_seeds_and_no_bull() {
        for b in random_boards() {
            for side in [Side::South, Side::North] {
                let expected = b
                    .row(side)
                    .filter(|&h| b.counts[h] > 0 && !b.is_bull(h))
                    .fold(0u32, |m, h| m | 1 << h);
                assert_eq!(b.liftable(side), expected, "{b:?} {side:?}");
            }
            let occupied = (0..b.n2())
                .filter(|&h| b.counts[h] > 0)
                .fold(0u32, |m, h| m | 1 << h);
            assert_eq!(b.occupied(), occupied, "{b:?}");
        }
    }

    #[test]
    fn quick_sowing_matches_core_sow() {
        // Both directions, every origin and pile up to three circuits, on
        // 2x8 and 2x12 boards with uneven counts.
        for n in [8, 12, 16] {
            let n2 = 2 * n;
            for dir in [Direction::Ccw, Direction::Cw] {
                for from in 0..n2 {
                    for seeds in 1..=(3 * n2 as u32 + 1) {
                        let mut a = Board::empty(n);
                        for (i, c) in a.counts[..n2].iter_mut().enumerate() {
                            *c = (i % 3) as u16;
                        }
                        let mut b = a;
                        let quick = a.sow_quick(from, seeds, dir, &mut Quiet);
                        let ring = b.ring(dir);
                        let plain = sow(&mut b.counts, &ring, from, seeds, &mut Vec::new());
                        let what = format!("n {n} {dir} from {from} seeds {seeds}");
                        assert_eq!(a, b, "{what}");
                        assert_eq!(quick, plain, "{what}");
                    }
                }
            }
        }
    }

    /// A relay lap undone gives the board back: S3 (5 seeds) drops into S4
    /// to S8 and relays from S8 (2 -> 3); undone, S3 holds 5 again and S4
    /// to S8 hold what they held.
    #[test]
    fn a_relay_lap_undone_gives_the_board_back() {
        let mut b = Board::empty(8);
        b.counts[..8].copy_from_slice(&[1, 0, 5, 0, 2, 0, 0, 2]);
        b.counts[8] = 3;
        let before = b;
        let mut captured = PerSide::default();
        let lap = b.lap_ccw_quiet(&mut captured, Side::South, 2, true);
        assert_eq!(
            lap,
            Lap::Relay {
                hole: 7,
                crossed: false
            }
        );
        assert_eq!(b.counts[..9], [1, 0, 0, 1, 3, 1, 1, 3, 3]);
        b.unsow_relay_ccw(2, 5);
        assert_eq!(b, before);
    }

    /// Every relay lap of random boards (piles of several circuits too)
    /// undone gives the board back, captures untouched.
    #[test]
    fn every_relay_lap_undone_gives_the_board_back() {
        let mut relays = 0;
        for board in random_boards() {
            for mover in [Side::South, Side::North] {
                for from in Bits(board.liftable(mover)) {
                    let (mut b, mut captured) = (board, PerSide::new(3, 4));
                    let seeds = b.counts[from];
                    if let Lap::Relay { .. } = b.lap_ccw_quiet(&mut captured, mover, from, true) {
                        b.unsow_relay_ccw(from, seeds);
                        assert_eq!((b, captured), (board, PerSide::new(3, 4)), "{from}");
                        relays += 1;
                    }
                }
            }
        }
        assert!(relays > 1000, "{relays} relays");
    }
}

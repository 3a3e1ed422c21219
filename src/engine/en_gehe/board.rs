//! The En Gehé board and one lap of sowing with its lap-end rule.

use crate::engine::core::{Event, LapEnd, Observer, Path, sow};
use crate::engine::side::{PerSide, Side};

/// Smallest and largest row allowed (40..50 are traditional).
pub const MIN_HOLES: usize = 4;
pub const MAX_HOLES: usize = 50;
/// Holes in the largest ring: the board array's fixed length.
pub const RING: usize = 2 * MAX_HOLES;

/// Seeds on the board. Ring index: South's holes 1..N are 0..N-1, North's
/// holes 1..N are N..2N-1, next = i+1 mod 2N, opposite(i) = 2N-1-i. Holes at
/// 2N and beyond are always empty, so comparing whole arrays is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub n: usize,
    pub counts: [u16; RING],
}

/// The counterclockwise ring of 2N holes.
pub struct Ring {
    n2: usize,
}

impl Path for Ring {
    #[inline(always)]
    fn circuit_len(&self) -> usize {
        self.n2
    }

    #[inline(always)]
    fn next(&self, hole: usize) -> usize {
        if hole + 1 == self.n2 { 0 } else { hole + 1 }
    }

    #[inline(always)]
    fn for_each(&self, f: impl FnMut(usize)) {
        (0..self.n2).for_each(f)
    }
}

impl Board {
    /// An empty board of 2 rows of `n` holes.
    pub fn empty(n: usize) -> Board {
        debug_assert!((MIN_HOLES..=MAX_HOLES).contains(&n));
        Board {
            n,
            counts: [0; RING],
        }
    }

    #[inline(always)]
    pub fn n2(&self) -> usize {
        2 * self.n
    }

    #[inline(always)]
    pub fn opposite(&self, hole: usize) -> usize {
        self.n2() - 1 - hole
    }

    /// The ring indices of a side's own row.
    #[inline(always)]
    pub fn row(&self, side: Side) -> std::ops::Range<usize> {
        match side {
            Side::South => 0..self.n,
            Side::North => self.n..self.n2(),
        }
    }

    #[inline(always)]
    pub fn owner_of_row(&self, hole: usize) -> Side {
        if hole < self.n {
            Side::South
        } else {
            Side::North
        }
    }

    /// The holes in play (`2N` of them).
    #[inline(always)]
    pub fn holes(&self) -> &[u16] {
        &self.counts[..self.n2()]
    }

    pub fn row_seeds(&self, side: Side) -> u32 {
        self.counts[self.row(side)].iter().map(|&c| c as u32).sum()
    }

    pub fn seeds_on_board(&self) -> u32 {
        self.holes().iter().map(|&c| c as u32).sum()
    }

    #[inline(always)]
    pub fn lift<O: Observer>(&mut self, hole: usize, lap: u32, obs: &mut O) -> u32 {
        let seeds = self.counts[hole] as u32;
        self.counts[hole] = 0;
        obs.event(Event::Lift { hole, seeds, lap });
        seeds
    }

    /// Cheap sufficient test, without sowing, that the first lap from `hole`
    /// ends the turn: its last seed falls into an empty hole. A lap of exactly
    /// 2N seeds ends in the origin, which the lift emptied.
    #[inline]
    pub fn first_lap_surely_ends(&self, hole: usize) -> bool {
        let seeds = self.counts[hole] as usize;
        let n2 = self.n2();
        seeds == n2 || (seeds > 0 && seeds < n2 && self.counts[(hole + seeds) % n2] == 0)
    }

    /// Sows `seeds` lifted from `from`. Returns the hole to relay from, or
    /// `None` when the last seed fell into an empty hole and the turn is over;
    /// then, in the mover's row, he captures an occupied opposite hole and
    /// the capturing seed.
    #[inline(always)]
    pub fn lap<O: Observer>(
        &mut self,
        captured: &mut PerSide<u32>,
        mover: Side,
        from: usize,
        seeds: u32,
        lap: u32,
        obs: &mut O,
    ) -> Option<usize> {
        let ring = Ring { n2: self.n2() };
        let LapEnd { last, .. } = sow(&mut self.counts, &ring, from, seeds, obs);
        let now = self.counts[last];
        obs.event(Event::LapEnd {
            hole: last,
            lap,
            seeds: now as u32,
        });
        if now > 1 {
            return Some(last);
        }
        if self.owner_of_row(last) == mover {
            let opp = self.opposite(last);
            if self.counts[opp] > 0 {
                self.take(captured, mover, opp, obs);
                self.take(captured, mover, last, obs);
            }
        }
        None
    }

    fn take<O: Observer>(
        &mut self,
        captured: &mut PerSide<u32>,
        by: Side,
        hole: usize,
        obs: &mut O,
    ) {
        let seeds = self.counts[hole] as u32;
        self.counts[hole] = 0;
        captured[by] += seeds;
        obs.event(Event::Capture { hole, seeds, by });
    }
}

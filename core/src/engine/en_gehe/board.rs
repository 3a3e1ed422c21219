//! The En Gehé board and one lap of sowing with its lap-end rule.

use crate::engine::core::{Event, LapEnd, Observer, Path, sow, take};
use crate::engine::playout::unsow_ring;
use crate::engine::side::{PerSide, Side};
use crate::engine::simd::occupied16;

/// Smallest and largest row allowed (40..50 are traditional).
pub const MIN_HOLES: usize = 4;
/// Largest row allowed.
pub const MAX_HOLES: usize = 50;
/// Holes in the largest ring: the board array's fixed length.
pub const RING: usize = 2 * MAX_HOLES;

/// Seeds on the board. Ring index: South's holes 1..N are 0..N-1, North's
/// holes 1..N are N..2N-1, next = i+1 mod 2N, opposite(i) = 2N-1-i. Holes at
/// 2N and beyond are always empty, so comparing whole arrays is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Holes in each row (N).
    pub n: usize,
    /// Seeds per hole, by ring index; 2N and beyond are always 0.
    pub counts: [u16; RING],
}

/// The counterclockwise ring of 2N holes.
pub struct Ring {
    n2: usize,
}

impl Path for Ring {
    #[inline]
    fn circuit_len(&self) -> usize {
        self.n2
    }

    #[inline]
    fn next(&self, hole: usize) -> usize {
        if hole + 1 == self.n2 { 0 } else { hole + 1 }
    }

    #[inline]
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

    /// Holes in the ring in play (2N).
    #[inline]
    pub fn n2(&self) -> usize {
        2 * self.n
    }

    /// The ring index of the hole facing `hole` (2N-1-hole).
    #[inline]
    pub fn opposite(&self, hole: usize) -> usize {
        self.n2() - 1 - hole
    }

    /// The ring indices of a side's own row.
    #[inline]
    pub fn row(&self, side: Side) -> std::ops::Range<usize> {
        match side {
            Side::South => 0..self.n,
            Side::North => self.n..self.n2(),
        }
    }

    /// The side whose row holds ring index `hole`.
    #[inline]
    pub fn owner_of_row(&self, hole: usize) -> Side {
        if hole < self.n {
            Side::South
        } else {
            Side::North
        }
    }

    /// The holes in play (`2N` of them).
    #[inline]
    pub fn holes(&self) -> &[u16] {
        &self.counts[..self.n2()]
    }

    /// Seeds in a side's row.
    pub fn row_seeds(&self, side: Side) -> u32 {
        self.counts[self.row(side)].iter().map(|&c| c as u32).sum()
    }

    /// A side's occupied holes as bits: bit k for its hole k+1.
    #[inline(always)]
    pub fn occupied(&self, side: Side) -> u64 {
        // Read by code unrolled for the row's groups of sixteen holes (one
        // to four): every length runs straight-line code. The usual rows
        // (2x8 to 2x12, 2x40) first, at a length known here: their reads'
        // tests fold away (by the count alone, 2x40 cost 6% more
        // instructions a game).
        match self.n {
            8 => return self.occupied_of::<1>(side, 8),
            10 => return self.occupied_of::<1>(side, 10),
            12 => return self.occupied_of::<1>(side, 12),
            40 => return self.occupied_of::<3>(side, 40),
            _ => {}
        }
        match self.n.div_ceil(16) {
            1 => self.occupied_of::<1>(side, self.n),
            2 => self.occupied_of::<2>(side, self.n),
            3 => self.occupied_of::<3>(side, self.n),
            _ => self.occupied_of::<4>(side, self.n),
        }
    }

    /// [`Board::occupied`] for rows of `n` holes, `G` groups of sixteen
    /// (the last one partly filled).
    #[inline(always)]
    fn occupied_of<const G: usize>(&self, side: Side, n: usize) -> u64 {
        debug_assert_eq!(n.div_ceil(16), G, "the row's groups");
        let start = match side {
            Side::South => 0,
            Side::North => n,
        };
        if G == 1 {
            // One group; near the array's end it is read from the end
            // instead (holes from 2N on are empty).
            let at = start.min(RING - 16);
            let holes: &[u16; 16] = self.counts[at..at + 16].try_into().expect("16 holes");
            return (occupied16(holes) >> (start - at)) & ((1u64 << n) - 1);
        }
        // The whole groups, then the row's last sixteen holes (which may
        // overlap the group before: the same bits again), so that no read
        // runs past the row and nothing needs masking.
        let row = &self.counts[start..start + n];
        let group = |at: usize| {
            let holes: &[u16; 16] = row[at..at + 16].try_into().expect("16 holes");
            occupied16(holes)
        };
        let mut bits = 0u64;
        for k in 0..G - 1 {
            bits |= group(16 * k) << (16 * k);
        }
        bits | group(n - 16) << (n - 16)
    }

    /// Seeds in all holes of the board.
    pub fn seeds_on_board(&self) -> u32 {
        self.holes().iter().map(|&c| c as u32).sum()
    }

    /// Empties `hole` into the hand (the lift starting lap `lap`); returns the seeds lifted.
    #[inline]
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
        self.first_lap_surely_ends_on(self.n2(), hole)
    }

    /// [`Board::first_lap_surely_ends`] with the ring's length (2N) given:
    /// a caller testing hole after hole reads it once.
    #[inline(always)]
    pub(super) fn first_lap_surely_ends_on(&self, n2: usize, hole: usize) -> bool {
        debug_assert_eq!(n2, self.n2());
        let seeds = self.counts[hole] as usize;
        // No division (hole + seeds < 2 * n2 for the counts that matter),
        // and the last hole read whatever the count, with one compare for
        // 1..=2N seeds: few branches in the start-of-turn test's loop.
        let last = hole + seeds;
        let last = if last >= n2 { last - n2 } else { last };
        let empty = self.counts[last.min(RING - 1)] == 0;
        seeds.wrapping_sub(1) < n2 && (empty | (seeds == n2))
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
        let last = if O::DROPS {
            let ring = Ring { n2: self.n2() };
            let LapEnd { last, .. } = sow(&mut self.counts, &ring, from, seeds, obs);
            last
        } else {
            self.sow_quick(from, seeds, obs)
        };
        let now = self.counts[last];
        obs.event(Event::LapEnd {
            hole: last,
            lap,
            seeds: now as u32,
        });
        if now > 1 {
            return Some(last);
        }
        self.last_seed_in(captured, mover, last, obs);
        None
    }

    /// The turn's last seed fell into the empty hole `last`: in the mover's
    /// row, he captures an occupied opposite hole and the capturing seed.
    #[inline(always)]
    pub fn last_seed_in<O: Observer>(
        &mut self,
        captured: &mut PerSide<u32>,
        mover: Side,
        last: usize,
        obs: &mut O,
    ) {
        if self.owner_of_row(last) == mover {
            let opp = self.opposite(last);
            if self.counts[opp] > 0 {
                take(&mut self.counts, captured, mover, opp, obs);
                take(&mut self.counts, captured, mover, last, obs);
            }
        }
    }

    /// Undoes the lap that lifted `seeds` from `from` and sowed them (with
    /// no capture after): the board as it was before the lift.
    #[inline]
    pub(super) fn unsow(&mut self, from: usize, seeds: u32) {
        let n2 = self.n2();
        let left = seeds as usize;
        let end = from + left;
        // The row of `sow_quick`, taken away.
        if left <= 16 && end < n2.min(RING - 16) {
            let run: &mut [u16; 16] = (&mut self.counts[from + 1..from + 17])
                .try_into()
                .expect("16 holes");
            for (c, &one) in run.iter_mut().zip(&WINDOWS[left]) {
                *c = c.wrapping_sub(one);
            }
            self.counts[from] = seeds as u16;
        } else {
            unsow_ring(&mut self.counts[..n2], from, seeds as u16);
        }
    }

    /// The same drops as `core::sow` (whole circuits at once, then the rest),
    /// for observers that want no single drops: the rest is added to at most
    /// two runs of consecutive holes, with no test per seed. Returns the hole
    /// of the last seed.
    #[inline]
    fn sow_quick<O: Observer>(&mut self, from: usize, seeds: u32, obs: &mut O) -> usize {
        self.sow_quick_below(self.quick_end(), from, seeds, obs)
    }

    /// The holes a quick lap may end before: [`Board::sow_quick_below`]'s
    /// `limit`, read once by a caller that sows lap after lap.
    #[inline]
    pub(super) fn quick_end(&self) -> usize {
        self.n2().min(RING - 16)
    }

    /// [`Board::sow_quick`], `limit` being [`Board::quick_end`].
    #[inline(always)]
    pub(super) fn sow_quick_below<O: Observer>(
        &mut self,
        limit: usize,
        from: usize,
        seeds: u32,
        obs: &mut O,
    ) -> usize {
        debug_assert_eq!(limit, self.quick_end());
        let left = seeds as usize;
        // Most laps: at most sixteen seeds and no wrap. The sixteen holes
        // after `from` get a row of `WINDOWS` (ones for the holes sown) in
        // one pass of fixed length, with no per-seed loop.
        let end = from + left;
        if left <= 16 && end < limit {
            let run: &mut [u16; 16] = (&mut self.counts[from + 1..from + 17])
                .try_into()
                .expect("16 holes");
            for (c, &one) in run.iter_mut().zip(&WINDOWS[left]) {
                *c = c.wrapping_add(one);
            }
            return end;
        }
        // (Always below 2N: the bound lets the compiler drop the checks of
        // the caller's reads of the hole.)
        self.sow_long(from, seeds, obs).min(RING - 1)
    }

    /// [`Board::sow_quick`] for the other laps (a wrap, a pile past
    /// sixteen): out of line, so that the usual lap's loop stays small.
    #[inline(never)]
    fn sow_long<O: Observer>(&mut self, from: usize, seeds: u32, obs: &mut O) -> usize {
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
        // Holes from+1 ..= from+left, wrapping once at most (left <= 2N).
        let end = from + left;
        let bump = |run: &mut [u16]| run.iter_mut().for_each(|c| *c += 1);
        if end < n2 {
            bump(&mut self.counts[from + 1..=end]);
            end
        } else {
            bump(&mut self.counts[from + 1..n2]);
            bump(&mut self.counts[..=end - n2]);
            end - n2
        }
    }
}

/// Row k: k ones then zeros, a seed for each of the next k holes and
/// nothing for the rest of sixteen.
const WINDOWS: [[u16; 16]; 17] = {
    let mut w = [[0u16; 16]; 17];
    let mut k = 0;
    while k <= 16 {
        let mut i = 0;
        while i < k {
            w[k][i] = 1;
            i += 1;
        }
        k += 1;
    }
    w
};

/// A relay on a small board (2N <= 16 holes, at most 255 seeds on it), packed
/// one hole a byte and kept turned so that the hole to lift next comes first
/// (byte k is hole `pos + k` around the ring): a lap costs a few
/// instructions, and the state compared by the cycle search is the word itself.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Small {
    /// The turned board.
    pub turned: u128,
    /// The hole to lift next (where the last lap ended).
    pub pos: u32,
    n2: u32,
}

const BYTE_ONES: u128 = u128::MAX / 255;

impl Small {
    /// The board packed, or `None` when it is too big for bytes.
    #[inline]
    pub fn pack(board: &Board, pos: usize) -> Option<Small> {
        let n2 = board.n2();
        if n2 > 16 || board.seeds_on_board() > 255 {
            return None;
        }
        let mut bytes = [0u8; 16];
        for (k, b) in bytes[..n2].iter_mut().enumerate() {
            *b = board.counts[(pos + k) % n2] as u8;
        }
        Some(Small {
            turned: u128::from_le_bytes(bytes),
            pos: pos as u32,
            n2: n2 as u32,
        })
    }

    /// Writes the holes back into `board`.
    pub fn unpack(&self, board: &mut Board) {
        let (n2, pos) = (self.n2 as usize, self.pos as usize);
        for (k, &b) in self.turned.to_le_bytes()[..n2].iter().enumerate() {
            board.counts[(pos + k) % n2] = b as u16;
        }
    }

    /// Holes on the ring.
    #[inline]
    pub fn n2(&self) -> u32 {
        self.n2
    }

    /// One lap; true when its last seed fell into an empty hole (then `pos`
    /// is that hole).
    #[inline(always)]
    pub fn lap(&mut self) -> bool {
        let n2 = self.n2;
        let ring = u128::MAX >> (128 - 8 * n2);
        let mut seeds = self.turned as u32 & 0xff;
        let mut c = self.turned & !0xff;
        if seeds > n2 {
            let circuits = (seeds - 1) / n2;
            c += (BYTE_ONES & ring) * circuits as u128;
            seeds -= circuits * n2;
        }
        // One seed into each of holes 1..=seeds (1..=2N, the last one the
        // lifted hole itself).
        c += if seeds == n2 {
            BYTE_ONES & ring
        } else {
            (BYTE_ONES & ((1u128 << (8 * seeds)) - 1)) << 8
        };
        let last = if seeds == n2 { 0 } else { seeds };
        // Turn the frame so that the last hole comes first.
        if last != 0 {
            c = ((c >> (8 * last)) | (c << (8 * (n2 - last)))) & ring;
        }
        self.turned = c;
        let pos = self.pos + last;
        self.pos = if pos >= n2 { pos - n2 } else { pos };
        c as u8 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::Quiet;

    #[test]
    fn occupied_bits_match_the_holes() {
        // Every row length, with counts that hit each lane's edge cases
        // (0, 1, 0x7fff-ish and 0x8000 would overflow a lane, so stop below).
        let values = [0u16, 1, 2, 255, 256, 0x7ffe, 0x7fff];
        for n in MIN_HOLES..=MAX_HOLES {
            let mut b = Board::empty(n);
            for i in 0..2 * n {
                b.counts[i] = values[(i * 7 + n) % values.len()];
            }
            for side in [Side::South, Side::North] {
                let expected = b
                    .row(side)
                    .enumerate()
                    .fold(0u64, |m, (k, h)| m | ((b.counts[h] != 0) as u64) << k);
                assert_eq!(b.occupied(side), expected, "n {n} {side}");
            }
        }
    }

    #[test]
    fn a_first_lap_surely_ends_when_sowing_it_ends_the_turn() {
        // Every hole of uneven boards, empty ones and piles past a circuit
        // included: the test answers what sowing the first lap finds.
        for n in [4, 5, 8, 40, 50] {
            let n2 = 2 * n;
            for shift in 0..7 {
                let mut b = Board::empty(n);
                for (i, c) in b.counts[..n2].iter_mut().enumerate() {
                    *c = [0, 1, 2, 0, 3, 0, 5][(i * 3 + shift) % 7];
                }
                b.counts[shift] = n2 as u16;
                b.counts[n2 - 1 - shift] = n2 as u16 + 1 + shift as u16;
                b.counts[n + shift] = 2 * n2 as u16;
                for hole in 0..n2 {
                    let mut a = b;
                    let seeds = a.lift(hole, 1, &mut Quiet);
                    let ends = seeds > 0
                        && a.lap(
                            &mut PerSide::default(),
                            Side::South,
                            hole,
                            seeds,
                            1,
                            &mut Quiet,
                        )
                        .is_none();
                    assert_eq!(
                        b.first_lap_surely_ends(hole),
                        ends,
                        "n {n} shift {shift} hole {hole}"
                    );
                }
            }
        }
    }

    #[test]
    fn quick_sowing_matches_core_sow() {
        // Every origin and pile size up to three circuits on 2x4 and 2x5,
        // and on rows long enough that a run of sixteen holes meets the
        // array's end (2x42 and up), over a board with uneven counts.
        for n in [4, 5, 40, 41, 42, 49, 50] {
            let n2 = 2 * n;
            for from in 0..n2 {
                for seeds in 1..=(3 * n2 as u32 + 1) {
                    let mut a = Board::empty(n);
                    for (i, c) in a.counts[..n2].iter_mut().enumerate() {
                        *c = (i % 3) as u16;
                    }
                    let mut b = a;
                    let last = a.sow_quick(from, seeds, &mut Quiet);
                    let end = sow(&mut b.counts, &Ring { n2 }, from, seeds, &mut Vec::new());
                    assert_eq!(a, b, "n {n} from {from} seeds {seeds}");
                    assert_eq!(last, end.last, "n {n} from {from} seeds {seeds}");
                }
            }
        }
    }

    #[test]
    fn small_board_laps_match_the_board_laps() {
        // Every 2N <= 16 ring, every origin and pile up to three circuits,
        // on uneven boards: the same holes and the same end as `Board::lap`.
        for n in MIN_HOLES..=8 {
            let n2 = 2 * n;
            for from in 0..n2 {
                for seeds in 1..=(3 * n2 as u16 + 1) {
                    let mut a = Board::empty(n);
                    for (i, c) in a.counts[..n2].iter_mut().enumerate() {
                        *c = ((i * 5 + n) % 4) as u16;
                    }
                    a.counts[from] = seeds;
                    let mut small = Small::pack(&a, from).expect("small");
                    let ended = small.lap();
                    let mut captured = PerSide::default();
                    let lifted = a.lift(from, 1, &mut Quiet);
                    let next = a.lap(&mut captured, Side::North, from, lifted, 1, &mut Quiet);
                    let mut b = Board::empty(n);
                    small.unpack(&mut b);
                    let what = format!("n {n} from {from} seeds {seeds}");
                    if ended {
                        assert_eq!(next, None, "{what}");
                        // North's row is N..2N; a lap ending in South's row captures nothing.
                        if (small.pos as usize) < n {
                            assert_eq!(b, a, "{what}");
                        }
                    } else {
                        assert_eq!(next, Some(small.pos as usize), "{what}");
                        assert_eq!(b, a, "{what}");
                    }
                    // The turned board starts at the hole to lift next.
                    let turned = small.turned.to_le_bytes();
                    for (k, &t) in turned[..n2].iter().enumerate() {
                        let hole = (small.pos as usize + k) % n2;
                        assert_eq!(t as u16, b.counts[hole], "{what} k {k}");
                    }
                }
            }
        }
    }
}

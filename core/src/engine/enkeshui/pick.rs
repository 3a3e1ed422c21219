//! The random pick of a sowing: holes drawn without replacement, in the
//! order the picks have always drawn them, until a sowing that ends.

use super::*;
use crate::engine::playout::{BYTE_COUNT, BYTE_SELECT};

impl Enkeshui {
    /// `Hooks::pick_random` at a turn boundary: a sowing drawn from the
    /// mover's liftable holes.
    #[inline(always)]
    pub(super) fn pick_sowing<R: rand::Rng>(&mut self, rng: &mut R, commit: bool) -> Option<Move> {
        let side = self.state.to_move;
        let start = self.board.row(side).start;
        // The mover's liftable holes in notation order (the order the
        // random picks have always drawn from): the first pick reads its
        // hole off the row's mask; a list is built only after a sowing that
        // never ends (rare), to draw again without it.
        let row = self.liftable >> start;
        let count = row_count(row);
        if count == 0 {
            return None;
        }
        let k = draw_below(rng, count as u32) as usize;
        let h = start + row_select(row, k);
        // Sown in place: a sowing that never ends (rare) leaves the board as
        // it was, and a pick not to be played puts back the copy kept.
        let kept = (!commit).then_some((self.board, self.captured));
        let sown = Self::sow_from(
            &self.rules,
            &mut self.board,
            &mut self.captured,
            side,
            h,
            &mut Quiet,
        );
        match (sown, kept) {
            (Ok(Sown::TurnOver), None) => {
                unbudgeted(self.finish_turn_here(u64::MAX, &mut Quiet));
                Some(Move::Sow(h - start + 1))
            }
            (Ok(sown), None) => {
                unbudgeted(self.after_sowing(sown, u64::MAX, &mut Quiet));
                Some(Move::Sow(h - start + 1))
            }
            (Ok(_), Some(kept)) => {
                (self.board, self.captured) = kept;
                Some(Move::Sow(h - start + 1))
            }
            (Err(_), _) => self.pick_again(rng, commit, k),
        }
    }

    /// `Hooks::pick_random` after its first pick, the `k`-th liftable
    /// hole, never ended: the other holes drawn without replacement from
    /// the list the picks have always drawn from (out of line: inlined, its
    /// list was built before every pick).
    #[cold]
    #[inline(never)]
    fn pick_again<R: rand::Rng>(&mut self, rng: &mut R, commit: bool, k: usize) -> Option<Move> {
        let side = self.state.to_move;
        let start = self.board.row(side).start;
        let mut holes = [0u8; MAX_HOLES];
        let mut count = 0;
        for h in Bits(self.liftable) {
            holes[count] = h as u8;
            count += 1;
        }
        count -= 1;
        holes[k] = holes[count];
        let (board, captured) = (self.board, self.captured);
        while count > 0 {
            let k = draw_below(rng, count as u32) as usize;
            let h = holes[k] as usize;
            let sown = Self::sow_from(
                &self.rules,
                &mut self.board,
                &mut self.captured,
                side,
                h,
                &mut Quiet,
            );
            match sown {
                Ok(sown) if commit => {
                    unbudgeted(self.after_sowing(sown, u64::MAX, &mut Quiet));
                    return Some(Move::Sow(h - start + 1));
                }
                Ok(_) => {
                    (self.board, self.captured) = (board, captured);
                    return Some(Move::Sow(h - start + 1));
                }
                Err(_) => (self.board, self.captured) = (board, captured),
            }
            count -= 1;
            holes[k] = holes[count];
        }
        None
    }
}

/// The holes of a row mask (at most [`MAX_HOLES`] = 16 bits): two table
/// reads, where `count_ones` without the POPCNT instruction (not in the
/// x86-64 baseline) is some fifteen.
#[inline]
fn row_count(row: u32) -> usize {
    BYTE_COUNT[(row & 0xff) as usize] as usize + BYTE_COUNT[(row >> 8 & 0xff) as usize] as usize
}

/// The index of the `k`-th set bit of a row mask (from 0, lowest first;
/// `k` below [`row_count`]).
#[inline]
fn row_select(row: u32, k: usize) -> usize {
    let low = (row & 0xff) as usize;
    let in_low = BYTE_COUNT[low] as usize;
    if k < in_low {
        BYTE_SELECT[low][k] as usize
    } else {
        8 + BYTE_SELECT[(row >> 8 & 0xff) as usize][(k - in_low) & 7] as usize
    }
}

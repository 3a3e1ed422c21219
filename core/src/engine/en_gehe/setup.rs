//! An En Gehé position as plain data, and its checked conversion to a game
//! (as shakmaty's `Setup` and `FromSetup`). The JSON reader only produces
//! setups; tests and studies build them directly.

use super::{Board, EnGehe, MAX_HOLES, MIN_HOLES, Rules, SEEDS_PER_HOLE};
use crate::engine::GameKind;
use crate::engine::position::{
    PositionError, PositionErrorKind, check_holes, check_turns, put_rows,
};
use crate::engine::side::{PerSide, Side};

/// An En Gehé position, as data with no invariant: [`EnGehe::from_setup`]
/// checks it. Rows go from their owner's hole 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The rule flags.
    pub rules: Rules,
    /// Holes in each row (N).
    pub holes: usize,
    /// South's row: seeds in holes 1..N.
    pub south: Vec<u16>,
    /// North's row: seeds in holes 1..N.
    pub north: Vec<u16>,
    /// Seeds each player has captured.
    pub captured: PerSide<u32>,
    /// The side to move.
    pub to_move: Side,
    /// The number of the turn about to be played, from 1.
    pub turn: u32,
}

impl Setup {
    /// Rows of `south.len()` holes, nothing captured, South to move at turn 1.
    pub fn new(rules: Rules, south: &[u16], north: &[u16]) -> Setup {
        Setup {
            rules,
            holes: south.len(),
            south: south.to_vec(),
            north: north.to_vec(),
            captured: PerSide::default(),
            to_move: Side::South,
            turn: 1,
        }
    }
}

impl EnGehe {
    /// The game of a setup, or the first thing wrong with it (the field
    /// named as in the position JSON). A study may hold fewer seeds than
    /// the 8N of a 2xN game, never more (RULES.md: more makes sowings that
    /// take hours to decide). The start-of-turn tests run at once.
    pub fn from_setup(s: Setup) -> Result<EnGehe, PositionError> {
        let n = check_holes(s.holes as u64, MIN_HOLES, MAX_HOLES, GameKind::EnGehe)?;
        check_turns(s.turn, s.rules.max_turns)?;
        let mut board = Board::empty(n);
        put_rows(n, &s.south, &s.north, &mut board.counts)?;
        check_seeds(n, &s.south, &s.north, s.captured)?;
        Ok(EnGehe::from_parts(
            s.rules, board, s.captured, s.to_move, s.turn,
        ))
    }

    /// The setup of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            rules: self.rules,
            holes: self.board.n,
            south: self.row(Side::South).to_vec(),
            north: self.row(Side::North).to_vec(),
            captured: self.captured,
            to_move: self.state.to_move,
            turn: self.state.turn,
        }
    }
}

/// A 2xN board holds at most 4N seeds a side, on the board and captured.
pub(super) fn check_seeds(
    n: usize,
    south: &[u16],
    north: &[u16],
    captured: PerSide<u32>,
) -> Result<(), PositionError> {
    let most = 2 * n as u64 * SEEDS_PER_HOLE as u64;
    // Summed in 64 bits: nothing can wrap.
    let total = south.iter().chain(north).map(|&c| c as u64).sum::<u64>()
        + captured.south as u64
        + captured.north as u64;
    if total > most {
        return Err(PositionError::new(
            "south",
            PositionErrorKind::EnGeheSeeds {
                total,
                holes: n,
                most,
            },
        ));
    }
    Ok(())
}

impl TryFrom<Setup> for EnGehe {
    type Error = PositionError;
    fn try_from(s: Setup) -> Result<EnGehe, PositionError> {
        EnGehe::from_setup(s)
    }
}

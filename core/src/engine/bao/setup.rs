//! A Bao la Kimasai position as plain data, and its checked conversion to a
//! game (as shakmaty's `Setup` and `FromSetup`). The JSON reader only
//! produces setups; tests and studies build them directly.

use super::{Bao, COWS, HOLES, Row, Rules, index};
use crate::engine::position::{PositionError, PositionErrorKind, check_turns};
use crate::engine::side::{PerSide, Side};

/// A player's two rows, each from his hole 1 to hole 8.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rows {
    /// Seeds in inner holes 1..8.
    pub inner: [u16; 8],
    /// Seeds in outer holes 1..8.
    pub outer: [u16; 8],
}

/// A Bao la Kimasai position, as data with no invariant:
/// [`Bao::from_setup`] checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The rule flags.
    pub rules: Rules,
    /// South's rows.
    pub south: Rows,
    /// North's rows.
    pub north: Rows,
    /// Cows each player holds in reserve.
    pub reserve: PerSide<u32>,
    /// The side to move.
    pub to_move: Side,
    /// The number of the turn about to be played, from 1.
    pub turn: u32,
}

impl Setup {
    /// The rows of a side.
    pub fn rows(&self, side: Side) -> &Rows {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

impl Bao {
    /// The game of a setup, or the first thing wrong with it (the field
    /// named as in the position JSON). The start-of-turn tests run at once.
    pub fn from_setup(s: Setup) -> Result<Bao, PositionError> {
        check_turns(s.turn, s.rules.max_turns)?;
        let mut counts = [0u16; HOLES];
        for side in Side::BOTH {
            let rows = s.rows(side);
            for (row, cows) in [(Row::Inner, &rows.inner), (Row::Outer, &rows.outer)] {
                for (k, &c) in cows.iter().enumerate() {
                    counts[index(side, row, k + 1)] = c;
                }
            }
        }
        check_cows(&s)?;
        Ok(Bao::from_parts(
            s.rules, counts, s.reserve, s.to_move, s.turn,
        ))
    }

    /// The setup of this position.
    pub fn to_setup(&self) -> Setup {
        let rows = |side: Side| {
            let row = |row: Row| std::array::from_fn(|k| self.counts[index(side, row, k + 1)]);
            Rows {
                inner: row(Row::Inner),
                outer: row(Row::Outer),
            }
        };
        Setup {
            rules: self.rules,
            south: rows(Side::South),
            north: rows(Side::North),
            reserve: self.reserve,
            to_move: self.state.to_move,
            turn: self.state.turn,
        }
    }
}

/// Bao la Kimasai has 64 cows, on the board and in the reserves.
pub(super) fn check_cows(s: &Setup) -> Result<(), PositionError> {
    // Summed in 64 bits: nothing can wrap.
    let board: u64 = [&s.south, &s.north]
        .iter()
        .flat_map(|r| r.inner.iter().chain(&r.outer))
        .map(|&c| c as u64)
        .sum();
    let total = board + s.reserve.south as u64 + s.reserve.north as u64;
    if total != COWS as u64 {
        return Err(PositionError::new(
            "reserve",
            PositionErrorKind::BaoCows {
                board,
                reserve: s.reserve,
                total,
            },
        ));
    }
    Ok(())
}

impl TryFrom<Setup> for Bao {
    type Error = PositionError;
    fn try_from(s: Setup) -> Result<Bao, PositionError> {
        Bao::from_setup(s)
    }
}

//! An Enkeshui position as plain data, and its checked conversion to a game
//! (as shakmaty's `Setup` and `FromSetup`). The JSON reader only produces
//! setups; tests and studies build them directly.

use super::{Board, Enkeshui, MAX_HOLES, MIN_HOLES, Rules, SEEDS};
use crate::engine::GameKind;
use crate::engine::position::{
    FieldPath, PositionError, PositionErrorKind as K, check_holes, check_turns, put_rows,
};
use crate::engine::side::{PerSide, Side};

/// A bull: a side's hole 1..N and the player it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bull {
    /// The row the bull is in.
    pub side: Side,
    /// Its hole, 1..N from the row owner's left.
    pub hole: usize,
    /// The player the bull belongs to.
    pub owner: Side,
}

/// An Enkeshui position at a turn boundary, as data with no invariant:
/// [`Enkeshui::from_setup`] checks it. Rows go from their owner's hole 1.
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
    /// The bulls on the board.
    pub bulls: Vec<Bull>,
    /// Holes out of play (match play, `--unfilled closed`).
    pub closed: Vec<(Side, usize)>,
    /// Seeds each player has captured.
    pub captured: PerSide<u32>,
    /// The side to move.
    pub to_move: Side,
    /// The number of the turn about to be played, from 1.
    pub turn: u32,
    /// Whether each player has made his special move.
    pub special_used: PerSide<bool>,
}

impl Setup {
    /// Rows of `south.len()` holes, nothing captured, South to move at turn 1.
    pub fn new(rules: Rules, south: &[u16], north: &[u16]) -> Setup {
        Setup {
            rules,
            holes: south.len(),
            south: south.to_vec(),
            north: north.to_vec(),
            bulls: Vec::new(),
            closed: Vec::new(),
            captured: PerSide::default(),
            to_move: Side::South,
            turn: 1,
            special_used: PerSide::default(),
        }
    }
}

impl Enkeshui {
    /// The game of a setup, or the first thing wrong with it (the field
    /// named as in the position JSON). The start-of-turn tests run at once.
    pub fn from_setup(s: Setup) -> Result<Enkeshui, PositionError> {
        let n = check_holes(s.holes as u64, MIN_HOLES, MAX_HOLES, GameKind::Enkeshui)?;
        check_turns(s.turn, s.rules.max_turns)?;
        let mut board = Board::empty(n);
        put_rows(n, &s.south, &s.north, &mut board.counts)?;
        let index = |side: Side, hole: usize| side.index() * n + hole - 1;
        let in_range = |hole: usize, field: FieldPath| {
            if hole == 0 || hole > n {
                Err(PositionError::new(
                    field,
                    K::NoSuchHole {
                        hole: hole as u64,
                        holes: n,
                    },
                ))
            } else {
                Ok(())
            }
        };
        for (k, &(side, hole)) in s.closed.iter().enumerate() {
            let field = FieldPath::from("closed").index(k).key("hole");
            in_range(hole, field.clone())?;
            let i = index(side, hole);
            if board.counts[i] != 0 {
                return Err(PositionError::new(
                    field,
                    K::ClosedHoldsSeeds { side, hole },
                ));
            }
            board.closed |= 1 << i;
        }
        for (k, b) in s.bulls.iter().enumerate() {
            let field = FieldPath::from("bulls").index(k).key("hole");
            in_range(b.hole, field.clone())?;
            let (side, hole) = (b.side, b.hole);
            let i = index(side, hole);
            if board.counts[i] == 0 {
                return Err(PositionError::new(field, K::BullOnEmpty { side, hole }));
            }
            if board.is_bull(i) {
                return Err(PositionError::new(field, K::BullTwice { side, hole }));
            }
            board.make_bull(i, b.owner);
        }
        // Holes hold at most 2^15 each (checked above): no sum below can wrap.
        let total =
            board.seeds_on_board() as u64 + s.captured.south as u64 + s.captured.north as u64;
        if total != SEEDS as u64 {
            return Err(PositionError::new(
                "south",
                K::EnkeshuiSeeds {
                    total,
                    match_play: s.rules.match_play,
                },
            ));
        }
        Ok(Enkeshui::from_parts(
            s.rules,
            board,
            s.captured,
            s.to_move,
            s.turn,
            s.special_used,
        ))
    }

    /// The setup of this position (at a turn boundary: a pending direction
    /// is not part of a setup).
    pub fn to_setup(&self) -> Setup {
        let b = &self.board;
        let n = b.n;
        let holes_where = |mask: u32| (0..2 * n).filter(move |&i| mask & (1 << i) != 0);
        let name = |i: usize| {
            let side = b.owner_of_row(i);
            (side, i - b.row(side).start + 1)
        };
        Setup {
            rules: self.rules,
            holes: n,
            south: b.counts[..n].to_vec(),
            north: b.counts[n..2 * n].to_vec(),
            bulls: holes_where(b.bulls)
                .map(|i| {
                    let (side, hole) = name(i);
                    Bull {
                        side,
                        hole,
                        owner: b.bull_owner(i).expect("a bull has an owner"),
                    }
                })
                .collect(),
            closed: holes_where(b.closed).map(name).collect(),
            captured: self.captured,
            to_move: self.state.to_move,
            turn: self.state.turn,
            special_used: self.special_used,
        }
    }
}

impl TryFrom<Setup> for Enkeshui {
    type Error = PositionError;
    fn try_from(s: Setup) -> Result<Enkeshui, PositionError> {
        Enkeshui::from_setup(s)
    }
}

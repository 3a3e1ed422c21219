//! Match play: each game's score is the player's stock for the next.

use super::{Board, Enkeshui, Layout, Rules, Unfilled};
use crate::engine::side::{PerSide, Side};

/// How a player's stock filled his row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fill {
    /// Seeds per hole, from the owner's hole 1.
    pub row: Vec<u16>,
    /// Holes that could not be filled, from the owner's hole 1.
    pub unfilled: Vec<bool>,
    /// Seeds left over, kept in hand as already captured.
    pub in_hand: u32,
    /// At least one hole was filled.
    pub filled_any: bool,
}

/// Fills a row from its rightmost hole leftwards following the layout, stopping
/// at the first hole whose count is more than what is left.
pub fn fill_row(layout_row: &[u16], stock: u32) -> Fill {
    let n = layout_row.len();
    let mut row = vec![0; n];
    let mut unfilled = vec![true; n];
    let mut left = stock;
    let mut filled_any = false;
    for k in (0..n).rev() {
        let need = layout_row[k] as u32;
        if need > left {
            break;
        }
        row[k] = need as u16;
        unfilled[k] = false;
        left -= need;
        filled_any |= need > 0;
    }
    Fill {
        row,
        unfilled,
        in_hand: left,
        filled_any,
    }
}

/// What comes after a game of a match.
#[derive(Clone, Debug)]
pub enum Next {
    /// The next game, South to move until its race decides.
    Game(Box<Enkeshui>),
    /// A player could not fill even one hole: `winner` (None: both could not).
    MatchOver {
        /// The match winner; `None` when neither could fill a hole.
        winner: Option<Side>,
    },
}

/// The next game of a match from the players' stocks (the last game's scores).
pub fn next_game(layout: &Layout, rules: Rules, stock: PerSide<u32>) -> Next {
    let fills = PerSide::new(
        fill_row(&layout.south, stock.south),
        fill_row(&layout.north, stock.north),
    );
    match (fills.south.filled_any, fills.north.filled_any) {
        (false, false) => return Next::MatchOver { winner: None },
        (false, true) => {
            return Next::MatchOver {
                winner: Some(Side::North),
            };
        }
        (true, false) => {
            return Next::MatchOver {
                winner: Some(Side::South),
            };
        }
        (true, true) => {}
    }
    let n = layout.holes();
    let mut board = Board::empty(n);
    for side in Side::BOTH {
        let start = if side == Side::South { 0 } else { n };
        for (k, &c) in fills[side].row.iter().enumerate() {
            board.counts[start + k] = c;
            if rules.unfilled == Unfilled::Closed && fills[side].unfilled[k] {
                board.closed |= 1 << (start + k);
            }
        }
    }
    let rules = Rules {
        match_play: true,
        ..rules
    };
    let captured = fills.map(|f| f.in_hand);
    Next::Game(Box::new(Enkeshui::from_parts(
        rules,
        board,
        captured,
        Side::South,
        1,
        PerSide::default(),
    )))
}

//! The boards' view models, built from the board shown (the adapters hand
//! them out), and the widget that draws either kind in the theme.

use super::bao;
use super::board::{self, HoleView, Row, RowView, TwoRowModel};
use super::theme::Theme;
use crate::app::adapter::BoardModel;
use crate::app::anim::{BoardState, Marks};
use crate::engine::Side;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// The two-row view model of an Enkeshui board: `bottom` sits at the bottom.
pub fn two_row_model(
    b: &BoardState,
    marks: &Marks,
    bottom: Side,
    cursor: Option<(Side, usize)>,
) -> TwoRowModel {
    let row = |side: Side| RowView {
        side,
        holes: (1..=b.n)
            .map(|h| {
                let i = b.index(side, h);
                let mark = marks.of(i);
                HoleView {
                    count: b.counts[i],
                    bull: b.bulls[i],
                    closed: b.closed[i],
                    mark,
                }
            })
            .collect(),
    };
    let cursor = cursor.map(|(side, h)| {
        (
            if side == bottom {
                Row::Bottom
            } else {
                Row::Top
            },
            h,
        )
    });
    TwoRowModel {
        top: row(bottom.other()),
        bottom: row(bottom),
        cursor,
    }
}

/// The Bao view model of a board (Bao's `BoardState`: loops of 16, reserves in `captured`).
pub fn bao_model(
    b: &BoardState,
    marks: &Marks,
    phase: u8,
    turn: u32,
    to_move: Side,
    cursor: Option<(Side, bao::BaoRow, usize)>,
) -> bao::BaoModel {
    let hole = |i: usize| HoleView {
        count: b.counts[i],
        bull: None,
        closed: false,
        mark: marks.of(i),
    };
    let half = |side: Side| bao::BaoSide {
        inner: std::array::from_fn(|k| hole(b.index(side, k + 1))),
        outer: std::array::from_fn(|k| hole(b.index(side, k + 9))),
        reserve: b.captured[side],
    };
    bao::BaoModel {
        south: half(Side::South),
        north: half(Side::North),
        phase,
        turn,
        to_move,
        cursor,
    }
}

/// Any game's board: its view model (from the game's adapter) drawn in the theme.
pub struct GameBoard<'a> {
    pub model: &'a BoardModel,
    pub theme: Theme,
}

impl Widget for GameBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        match self.model {
            BoardModel::TwoRows(model) => board::TwoRowBoard {
                model,
                theme: self.theme,
            }
            .render(area, buf),
            BoardModel::Bao(model) => bao::BaoBoard {
                model,
                theme: self.theme,
            }
            .render(area, buf),
        }
    }
}

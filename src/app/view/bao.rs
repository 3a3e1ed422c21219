//! The Bao la Kimasai board: four rows of 8 over its own view model. South
//! sits at the bottom (inner row above his outer row); North's holes are
//! numbered from his left, so they run right to left on screen, and inner
//! hole ik faces the opponent's i(9-k).

use super::board::{HoleView, cell_text};
use super::theme::Theme;
pub use crate::app::geometry::BaoRow;
use crate::app::geometry::{BAO_CELL_W, BAO_LABEL_W, BAO_LINES, BaoGeometry};
use crate::engine::Side;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// One player's half of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaoSide {
    /// i1..i8.
    pub inner: [HoleView; 8],
    /// o1..o8.
    pub outer: [HoleView; 8],
    pub reserve: u32,
}

impl BaoSide {
    /// A side from counts (inner i1..i8, outer o1..o8).
    pub fn from_counts(inner: [u32; 8], outer: [u32; 8], reserve: u32) -> BaoSide {
        let h = |c: u32| HoleView {
            count: c,
            ..HoleView::default()
        };
        BaoSide {
            inner: inner.map(h),
            outer: outer.map(h),
            reserve,
        }
    }

    pub fn cows(&self) -> u32 {
        self.reserve
            + self
                .inner
                .iter()
                .chain(&self.outer)
                .map(|h| h.count)
                .sum::<u32>()
    }
}

/// Everything the Bao widget draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaoModel {
    pub south: BaoSide,
    pub north: BaoSide,
    /// 1 while any reserve remains, then 2.
    pub phase: u8,
    pub turn: u32,
    pub to_move: Side,
    pub cursor: Option<(Side, BaoRow, usize)>,
}

impl BaoModel {
    pub const WIDTH: u16 = BaoGeometry::WIDTH;
    pub const HEIGHT: u16 = BaoGeometry::HEIGHT;

    /// The hole at a screen cell of a board drawn in `area`: (side, row, k).
    pub fn hit(area: Rect, x: u16, y: u16) -> Option<(Side, BaoRow, usize)> {
        BaoGeometry::hit(area, x, y)
    }
}

pub struct BaoBoard<'a> {
    pub model: &'a BaoModel,
    pub theme: Theme,
}

impl Widget for BaoBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let m = self.model;
        let th = &self.theme;
        if area.height < BaoModel::HEIGHT || area.width < BaoModel::WIDTH {
            buf.set_string(area.x, area.y, "board does not fit", th.error());
            return;
        }
        let x0 = area.x + BAO_LABEL_W;
        // Hole names above and below each player's two rows.
        for k in 1..=8 {
            let xn = x0 + BaoGeometry::column(Side::North, k) as u16 * BAO_CELL_W;
            let xs = x0 + BaoGeometry::column(Side::South, k) as u16 * BAO_CELL_W;
            for (x, y, name) in [
                (xn, 0, format!("o{k}")),
                (xn, 3, format!("i{k}")),
                (xs, 4, format!("i{k}")),
                (xs, 7, format!("o{k}")),
            ] {
                buf.set_string(x, area.y + y, format!("{name:>5}"), th.dim());
            }
        }
        for (side, row) in BAO_LINES {
            let y = area.y + BaoGeometry::line_of(side, row);
            let half = match side {
                Side::South => &m.south,
                Side::North => &m.north,
            };
            let name = match row {
                BaoRow::Inner => "inner",
                BaoRow::Outer => "outer",
            };
            buf.set_string(
                area.x,
                y,
                format!("{:<5} {name:<4}", side.title()),
                th.label(),
            );
            let holes = match row {
                BaoRow::Inner => &half.inner,
                BaoRow::Outer => &half.outer,
            };
            for (i, h) in holes.iter().enumerate() {
                let k = i + 1;
                let x = x0 + BaoGeometry::column(side, k) as u16 * BAO_CELL_W;
                let mut style = th.hole(h.mark);
                let selected = m.cursor == Some((side, row, k));
                if selected {
                    style = style.patch(th.cursor());
                }
                let text = if selected {
                    format!("[{:>3}]", h.count)
                } else {
                    cell_text(h, BAO_CELL_W, th)
                };
                buf.set_string(x, y, text, style);
            }
            if row == BaoRow::Outer {
                buf.set_string(
                    x0 + 8 * BAO_CELL_W + 2,
                    y,
                    format!("reserve {}", half.reserve),
                    th.label(),
                );
            }
        }
        // Inner hole names sit beside the inner rows, inside the board.
        let mover = m.to_move.title();
        buf.set_string(
            area.x,
            area.y + 8,
            format!(
                "Phase {} · turn {} · {mover} to move · cows: South {}, North {}",
                m.phase,
                m.turn,
                m.south.cows(),
                m.north.cows()
            )
            .replace(" · ", th.sep()),
            th.title(),
        );
    }
}

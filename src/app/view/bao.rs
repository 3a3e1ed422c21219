//! The Bao la Kimasai board: four rows of 8 over its own view model. South
//! sits at the bottom (inner row above his outer row); North's holes are
//! numbered from his left, so they run right to left on screen, and inner
//! hole ik faces the opponent's i(9-k).

use super::board::{HoleView, cell_text};
use super::theme::Theme;
use crate::engine::Side;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// Which of a player's two rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaoRow {
    Inner,
    Outer,
}

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

const CELL_W: u16 = 5;
const LABEL_W: u16 = 12;

/// Rows from top to bottom: (side, row).
const LINES: [(Side, BaoRow); 4] = [
    (Side::North, BaoRow::Outer),
    (Side::North, BaoRow::Inner),
    (Side::South, BaoRow::Inner),
    (Side::South, BaoRow::Outer),
];

impl BaoModel {
    pub const WIDTH: u16 = LABEL_W + 8 * CELL_W + 14;
    /// Four rows, a line of hole names beside each, and the phase line.
    pub const HEIGHT: u16 = 9;

    /// The screen column (0..8) of a side's hole k (1..8) in either row.
    pub fn column(side: Side, k: usize) -> usize {
        match side {
            Side::South => k - 1,
            Side::North => 8 - k,
        }
    }

    /// The hole at a screen cell of a board drawn in `area`: (side, row, k).
    pub fn hit(area: Rect, x: u16, y: u16) -> Option<(Side, BaoRow, usize)> {
        let x0 = area.x + LABEL_W;
        if x < x0 || x >= x0 + 8 * CELL_W || y < area.y {
            return None;
        }
        let col = ((x - x0) / CELL_W) as usize;
        let (side, row) = LINES
            .into_iter()
            .find(|&(side, row)| area.y + Self::line_of(side, row) == y)?;
        let k = match side {
            Side::South => col + 1,
            Side::North => 8 - col,
        };
        Some((side, row, k))
    }

    /// Screen line (0-based) of each of the four rows.
    fn line_of(side: Side, row: BaoRow) -> u16 {
        match (side, row) {
            (Side::North, BaoRow::Outer) => 1,
            (Side::North, BaoRow::Inner) => 2,
            (Side::South, BaoRow::Inner) => 5,
            (Side::South, BaoRow::Outer) => 6,
        }
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
        let x0 = area.x + LABEL_W;
        // Hole names above and below each player's two rows.
        for k in 1..=8 {
            let xn = x0 + BaoModel::column(Side::North, k) as u16 * CELL_W;
            let xs = x0 + BaoModel::column(Side::South, k) as u16 * CELL_W;
            for (x, y, name) in [
                (xn, 0, format!("o{k}")),
                (xn, 3, format!("i{k}")),
                (xs, 4, format!("i{k}")),
                (xs, 7, format!("o{k}")),
            ] {
                buf.set_string(x, area.y + y, format!("{name:>5}"), th.dim());
            }
        }
        for (side, row) in LINES {
            let y = area.y + BaoModel::line_of(side, row);
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
                let x = x0 + BaoModel::column(side, k) as u16 * CELL_W;
                let mut style = th.hole(h.mark);
                let selected = m.cursor == Some((side, row, k));
                if selected {
                    style = style.patch(th.cursor());
                }
                let text = if selected {
                    format!("[{:>3}]", h.count)
                } else {
                    cell_text(h, CELL_W, th)
                };
                buf.set_string(x, y, text, style);
            }
            if row == BaoRow::Outer {
                buf.set_string(
                    x0 + 8 * CELL_W + 2,
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

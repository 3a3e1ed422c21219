//! The two-row board (Enkeshui, En Gehé) over a small view model. The top
//! row's owner sits across the table, so his hole 1 is at the screen's right,
//! opposite the bottom row's last hole. Long rows fold into bands that keep
//! opposite holes in the same column.

use super::theme::{Mark, Theme};
pub use crate::app::geometry::{Geometry, Row};
use crate::engine::Side;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// One hole as the board shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HoleView {
    pub count: u32,
    pub bull: Option<Side>,
    pub closed: bool,
    pub mark: Mark,
}

/// One row, holes listed from the owner's left (hole 1 first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowView {
    pub side: Side,
    pub holes: Vec<HoleView>,
}

/// Everything the two-row widget draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoRowModel {
    pub top: RowView,
    pub bottom: RowView,
    /// The selected hole: its row and its number from the owner's left (1..N).
    pub cursor: Option<(Row, usize)>,
}

impl TwoRowModel {
    pub fn holes(&self) -> usize {
        self.bottom.holes.len()
    }

    pub fn row(&self, row: Row) -> &RowView {
        match row {
            Row::Top => &self.top,
            Row::Bottom => &self.bottom,
        }
    }
}

/// The text of one hole's count cell (`cell_w` wide, right-aligned).
pub fn cell_text(h: &HoleView, cell_w: u16, theme: &Theme) -> String {
    let body = if h.closed {
        theme.closed_glyph().to_string()
    } else if let Some(owner) = h.bull {
        let o = match owner {
            Side::South => 'S',
            Side::North => 'N',
        };
        // A space before it always: the glyph's padding goes first, then
        // the glyph (the owner's letter and colour still say it is a bull).
        let g = theme.bull_glyph();
        [
            format!("{g}{:>2}{o}", h.count),
            format!("{g}{}{o}", h.count),
            format!("{}{o}", h.count),
        ]
        .into_iter()
        .find(|t| t.chars().count() < cell_w as usize)
        .unwrap_or_else(|| format!("{}{o}", h.count))
    } else {
        format!("{:>3}", h.count)
    };
    format!("{body:>w$}", w = cell_w as usize)
}

/// The two-row board widget.
pub struct TwoRowBoard<'a> {
    pub model: &'a TwoRowModel,
    pub theme: Theme,
}

impl Widget for TwoRowBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let m = self.model;
        let n = m.holes();
        let g = Geometry::new(n, area.width);
        let th = &self.theme;
        for band in 0..g.bands {
            let top = area.y + band as u16 * (Geometry::BAND_H + 1);
            if top + Geometry::BAND_H > area.y + area.height {
                break;
            }
            let label = |row: &RowView| format!("{:<6}", row.side.title());
            buf.set_string(area.x, top + 1, label(&m.top), th.label());
            buf.set_string(area.x, top + 2, label(&m.bottom), th.label());
            let first = band * g.per_band;
            let last = ((band + 1) * g.per_band).min(n);
            for col in first..last {
                for row in [Row::Top, Row::Bottom] {
                    let hole = match row {
                        Row::Bottom => col + 1,
                        Row::Top => n - col,
                    };
                    let view = &m.row(row).holes[hole - 1];
                    let cell = g.cell(area, row, hole);
                    let mut style = th.hole(view.mark);
                    if let Some(owner) = view.bull {
                        style = style.patch(th.bull(owner == Side::South));
                    }
                    let selected = m.cursor == Some((row, hole));
                    if selected {
                        style = style.patch(th.cursor());
                    }
                    let text = cell_text(view, g.cell_w, th);
                    if cell.right() <= area.right() {
                        buf.set_string(cell.x, cell.y, text, style);
                    }
                    let num_y = match row {
                        Row::Top => top,
                        Row::Bottom => top + 3,
                    };
                    let num = if selected {
                        format!("[{hole}]")
                    } else {
                        format!("{hole}")
                    };
                    let num = format!("{num:>w$}", w = g.cell_w as usize);
                    let num_style = if selected { th.cursor() } else { th.dim() };
                    if cell.right() <= area.right() {
                        buf.set_string(cell.x, num_y, num, num_style);
                    }
                }
            }
        }
    }
}

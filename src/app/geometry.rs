//! Where things go on screen, as plain arithmetic on sizes: the two-row
//! board's holes (folded into bands), Bao's four rows, the play screen's
//! parts and the smallest terminal. The game adapters, the screens (clicks)
//! and the views (drawing) all use it; it uses none of them.

use crate::engine::Side;
use ratatui::layout::Rect;

/// The smallest terminal the client draws in.
pub const MIN_W: u16 = 60;
pub const MIN_H: u16 = 20;

/// Lines the play screen needs besides the board: title, blank, blank,
/// two score lines, prompt, log (3 at least with its borders... 5), status, hints.
pub const FIXED_H: u16 = 13;

/// Which of the two rows on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Top,
    Bottom,
}

/// Width of the row labels ("North ").
pub const LABEL_W: u16 = 6;

/// How a board of `n` holes per row is laid out in a given width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub n: usize,
    /// Columns of one hole: 5 normally, 4 when packed.
    pub cell_w: u16,
    /// Columns (hole pairs) per band.
    pub per_band: usize,
    pub bands: usize,
}

impl Geometry {
    /// The layout for `n` holes per row in `width` columns.
    pub fn new(n: usize, width: u16) -> Geometry {
        let avail = width.saturating_sub(LABEL_W) as usize;
        let n = n.max(1);
        if avail >= 5 * n {
            return Geometry {
                n,
                cell_w: 5,
                per_band: n,
                bands: 1,
            };
        }
        let fit = (avail / 4).max(1);
        let bands = n.div_ceil(fit);
        Geometry {
            n,
            cell_w: 4,
            per_band: n.div_ceil(bands),
            bands,
        }
    }

    /// Lines one band takes: numbers, top row, bottom row, numbers.
    pub const BAND_H: u16 = 4;

    pub fn height(&self) -> u16 {
        self.bands as u16 * Self::BAND_H + self.bands.saturating_sub(1) as u16
    }

    pub fn width(&self) -> u16 {
        LABEL_W + self.per_band as u16 * self.cell_w
    }

    /// The screen column index (0..n) of a hole: bottom hole k sits in column
    /// k-1, top hole k in column n-k.
    pub fn column(&self, row: Row, hole: usize) -> usize {
        match row {
            Row::Bottom => hole - 1,
            Row::Top => self.n - hole,
        }
    }

    /// The cell of a hole within `area` (x, y of its count), for drawing and clicks.
    pub fn cell(&self, area: Rect, row: Row, hole: usize) -> Rect {
        let col = self.column(row, hole);
        let band = col / self.per_band;
        let x = area.x + LABEL_W + (col % self.per_band) as u16 * self.cell_w;
        let top = area.y + band as u16 * (Self::BAND_H + 1);
        let y = match row {
            Row::Top => top + 1,
            Row::Bottom => top + 2,
        };
        Rect::new(x, y, self.cell_w, 1)
    }

    /// The hole under a screen position (count or number line).
    pub fn hit(&self, area: Rect, x: u16, y: u16) -> Option<(Row, usize)> {
        if x < area.x + LABEL_W || y < area.y {
            return None;
        }
        let dy = y - area.y;
        let band = (dy / (Self::BAND_H + 1)) as usize;
        let line = dy % (Self::BAND_H + 1);
        let row = match line {
            0 | 1 => Row::Top,
            2 | 3 => Row::Bottom,
            _ => return None,
        };
        let dx = ((x - area.x - LABEL_W) / self.cell_w) as usize;
        if band >= self.bands || dx >= self.per_band {
            return None;
        }
        let col = band * self.per_band + dx;
        if col >= self.n {
            return None;
        }
        Some(match row {
            Row::Bottom => (row, col + 1),
            Row::Top => (row, self.n - col),
        })
    }
}

/// Which of a player's two rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaoRow {
    Inner,
    Outer,
}

/// Columns of one Bao hole, and of the row labels ("South inner ").
pub const BAO_CELL_W: u16 = 5;
pub const BAO_LABEL_W: u16 = 12;

/// Rows from top to bottom: (side, row).
pub const BAO_LINES: [(Side, BaoRow); 4] = [
    (Side::North, BaoRow::Outer),
    (Side::North, BaoRow::Inner),
    (Side::South, BaoRow::Inner),
    (Side::South, BaoRow::Outer),
];

/// Where Bao's four rows of 8 go on screen.
pub struct BaoGeometry;

impl BaoGeometry {
    pub const WIDTH: u16 = BAO_LABEL_W + 8 * BAO_CELL_W + 14;
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
        let x0 = area.x + BAO_LABEL_W;
        if x < x0 || x >= x0 + 8 * BAO_CELL_W || y < area.y {
            return None;
        }
        let col = ((x - x0) / BAO_CELL_W) as usize;
        let (side, row) = BAO_LINES
            .into_iter()
            .find(|&(side, row)| area.y + Self::line_of(side, row) == y)?;
        let k = match side {
            Side::South => col + 1,
            Side::North => 8 - col,
        };
        Some((side, row, k))
    }

    /// Screen line (0-based) of each of the four rows.
    pub fn line_of(side: Side, row: BaoRow) -> u16 {
        match (side, row) {
            (Side::North, BaoRow::Outer) => 1,
            (Side::North, BaoRow::Inner) => 2,
            (Side::South, BaoRow::Inner) => 5,
            (Side::South, BaoRow::Outer) => 6,
        }
    }
}

/// Where each part of the play screen goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayLayout {
    pub title: Rect,
    pub board: Rect,
    pub scores: Rect,
    pub prompt: Rect,
    pub log: Rect,
    pub moves: Rect,
    pub status: Rect,
    pub hints: Rect,
}

impl PlayLayout {
    pub fn for_holes(area: Rect, n: usize) -> PlayLayout {
        let g = Geometry::new(n, area.width);
        Self::for_board(area, g.width().min(area.width), g.height())
    }

    /// The layout around a board `bw` x `bh` (the game's adapter gives its size).
    pub fn for_board(area: Rect, bw: u16, bh: u16) -> PlayLayout {
        let bx = area.x + (area.width - bw) / 2;
        let line = |y: u16| Rect::new(area.x, y, area.width, 1);
        let title = line(area.y);
        // A tall board (2x50 at 80x24) drops the blank lines around it so
        // that the log keeps two lines.
        let gap = u16::from(area.height >= bh + FIXED_H);
        let board = Rect::new(bx, area.y + 1 + gap, bw, bh);
        let scores = Rect::new(area.x, board.bottom() + gap, area.width, 2);
        let prompt = line(scores.bottom());
        let bottom = area.bottom();
        let status = line(bottom.saturating_sub(2));
        let hints = line(bottom.saturating_sub(1));
        let mid_y = prompt.bottom();
        let mid_h = status.y.saturating_sub(mid_y);
        let moves_w = (area.width / 3).clamp(16, 30);
        let log = Rect::new(area.x, mid_y, area.width - moves_w, mid_h);
        let moves = Rect::new(area.x + area.width - moves_w, mid_y, moves_w, mid_h);
        PlayLayout {
            title,
            board,
            scores,
            prompt,
            log,
            moves,
            status,
            hints,
        }
    }
}

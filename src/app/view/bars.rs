//! A chart two lines high, one column a step (the replay viewer's score
//! chart and the review's value graph share it).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

/// A chart two lines high, one column a step: the score chart and the
/// review's value graph.
pub struct Bars {
    top: String,
    bottom: String,
    ascii: bool,
}

impl Bars {
    pub fn new(ascii: bool) -> Bars {
        Bars {
            top: String::new(),
            bottom: String::new(),
            ascii,
        }
    }

    /// One column of 0..=16 eighths (8: the bottom line full); None: blank.
    pub fn push(&mut self, eighths: Option<usize>) {
        const BARS: [char; 9] = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
        let Some(e) = eighths else {
            self.top.push(' ');
            self.bottom.push(' ');
            return;
        };
        let (lo, hi) = (e.min(8), e.saturating_sub(8).min(8));
        if self.ascii {
            self.bottom.push(if lo >= 4 { '#' } else { '.' });
            self.top.push(if hi >= 4 { '#' } else { ' ' });
        } else {
            self.bottom.push(BARS[lo]);
            self.top.push(BARS[hi]);
        }
    }

    /// Draws the chart in its box, a `^` under the column of the step shown.
    pub fn render(self, title: String, cur_col: usize, area: Rect, buf: &mut Buffer) {
        let mut marker = if self.ascii { "-" } else { "─" }.repeat(cur_col);
        marker.push('^');
        Paragraph::new(vec![Line::from(self.top), Line::from(self.bottom)])
            .block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(title)
                    .title_bottom(Line::from(marker)),
            )
            .render(area, buf);
    }
}

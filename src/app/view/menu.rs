//! The start menu.

use super::hint_line;
use crate::app::state::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

pub struct MenuView<'a>(pub &'a App);

impl Widget for MenuView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.0;
        let th = &app.theme;
        let m = &app.menu;
        let mut lines = vec![Line::styled("Masai mancalas", th.title()), Line::from("")];
        for (i, (label, value)) in m.rows().into_iter().enumerate() {
            let selected = i == m.field;
            let marker = if selected { "> " } else { "  " };
            let value = if selected {
                format!("{} {value} {}", th.arrow_left(), th.arrow_right())
            } else {
                format!("  {value}")
            };
            let style = if selected {
                th.cursor()
            } else {
                ratatui::style::Style::default()
            };
            lines.push(Line::from(vec![
                Span::raw(marker),
                Span::styled(format!("{label:<26}"), th.label()),
                Span::styled(value, style),
            ]));
        }
        lines.push(Line::from(""));
        lines.push(Line::from(
            "Enter starts the game; ? shows the keys and the rules.",
        ));
        let h = area.height.saturating_sub(2);
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(" New game "))
            .render(Rect::new(area.x, area.y, area.width, h), buf);
        let status_style = if app.status_error {
            th.error()
        } else {
            ratatui::style::Style::default()
        };
        Line::styled(app.status.clone(), status_style)
            .render(Rect::new(area.x, area.bottom() - 2, area.width, 1), buf);
        hint_line(app.ctx(), th).render(Rect::new(area.x, area.bottom() - 1, area.width, 1), buf);
    }
}

//! The start menu.

use crate::app::state::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

pub struct MenuView<'a>(pub &'a App);

impl Widget for MenuView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.0;
        let th = &app.theme();
        let h = area.height.saturating_sub(2);
        app.menu_screen()
            .render(Rect::new(area.x, area.y, area.width, h), buf, th);
        let status_style = if app.status_error() {
            th.error()
        } else {
            ratatui::style::Style::default()
        };
        Line::styled(app.status().to_string(), status_style)
            .render(Rect::new(area.x, area.bottom() - 2, area.width, 1), buf);
        super::app_hints(app, area.width)
            .render(Rect::new(area.x, area.bottom() - 1, area.width, 1), buf);
        if let Some(s) = app.saves() {
            s.render(Rect::new(area.x, area.y, area.width, h), buf, th);
        }
    }
}

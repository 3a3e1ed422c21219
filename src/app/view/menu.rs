//! The start menu.

use crate::app::state::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

pub struct MenuView<'a>(pub &'a App);

impl Widget for MenuView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.0;
        let th = &app.theme;
        let h = area.height.saturating_sub(2);
        app.menu
            .render(Rect::new(area.x, area.y, area.width, h), buf, th);
        let status_style = if app.status_error {
            th.error()
        } else {
            ratatui::style::Style::default()
        };
        Line::styled(app.status.clone(), status_style)
            .render(Rect::new(area.x, area.bottom() - 2, area.width, 1), buf);
        super::app_hints(app, area.width)
            .render(Rect::new(area.x, area.bottom() - 1, area.width, 1), buf);
        if let Some((list, sel)) = &app.saves {
            SavesView {
                list,
                sel: *sel,
                app,
            }
            .render(Rect::new(area.x, area.y, area.width, h), buf);
        }
    }
}

/// The saved games over the menu, newest first, the chosen one highlighted.
struct SavesView<'a> {
    list: &'a [crate::record::file::SavedGame],
    sel: usize,
    app: &'a App,
}

impl Widget for SavesView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let th = &self.app.theme;
        let r = Rect::new(
            area.x + 1,
            area.y + 1,
            area.width.saturating_sub(2),
            area.height.saturating_sub(2),
        );
        ratatui::widgets::Clear.render(r, buf);
        let inner_h = r.height.saturating_sub(2) as usize;
        let start = (self.sel + 1).saturating_sub(inner_h);
        let lines: Vec<Line> = self
            .list
            .iter()
            .enumerate()
            .skip(start)
            .take(inner_h)
            .map(|(i, s)| {
                let name = s
                    .path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let state = if !s.ok {
                    "unreadable"
                } else if s.finished {
                    "finished"
                } else {
                    "unfinished"
                };
                let text = format!("{name}  {state}  {}", s.summary);
                if i == self.sel {
                    Line::styled(format!("> {text}"), th.cursor())
                } else if !s.ok {
                    Line::styled(format!("  {text}"), th.dim())
                } else {
                    Line::from(format!("  {text}"))
                }
            })
            .collect();
        Paragraph::new(lines)
            .block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(" Saved games "),
            )
            .render(r, buf);
    }
}

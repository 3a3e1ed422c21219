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
        let inner_w = r.width.saturating_sub(2) as usize;
        // Each game on one line when it fits, else its summary (game, turn,
        // seats) on lines of its own under the name, broken after commas.
        let entry = |i: usize, s: &crate::record::file::SavedGame| -> Vec<Line<'static>> {
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
            let lead = if i == self.sel { "> " } else { "  " };
            let one = format!("{lead}{name}  {state}  {}", s.summary);
            let mut texts = vec![one.clone()];
            if one.chars().count() > inner_w {
                texts = vec![format!("{lead}{name}  {state}")];
                let mut cur = String::from("    ");
                for (k, piece) in s.summary.split_inclusive(", ").enumerate() {
                    if k > 0 && cur.chars().count() + piece.trim_end().chars().count() > inner_w {
                        texts.push(std::mem::replace(&mut cur, String::from("    ")));
                    }
                    cur.push_str(piece);
                }
                texts.push(cur);
            }
            texts
                .into_iter()
                .map(|t| {
                    let t = t.trim_end().to_string();
                    if i == self.sel {
                        Line::styled(t, th.cursor())
                    } else if !s.ok {
                        Line::styled(t, th.dim())
                    } else {
                        Line::from(t)
                    }
                })
                .collect()
        };
        let entries: Vec<Vec<Line<'static>>> = self
            .list
            .iter()
            .enumerate()
            .map(|(i, s)| entry(i, s))
            .collect();
        // The first game shown: the chosen one's lines all on screen.
        let mut start = self.sel.min(entries.len().saturating_sub(1));
        let mut used = entries.get(start).map_or(0, Vec::len);
        while start > 0 && used + entries[start - 1].len() <= inner_h {
            start -= 1;
            used += entries[start].len();
        }
        let lines: Vec<Line<'static>> = entries
            .into_iter()
            .skip(start)
            .flatten()
            .take(inner_h)
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

//! The saved games over the start menu: choose one, continue it or replay it.

use super::Transition;
use crate::app::keys::Action;
use crate::app::view::theme::Theme;
use crate::record::file::SavedGame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};
use std::path::PathBuf;

/// The list (never empty) and the game chosen.
#[derive(Clone, Debug)]
pub struct SavesScreen {
    list: Vec<SavedGame>,
    sel: usize,
}

impl SavesScreen {
    /// The list of the saved games; `None` when there is none.
    pub fn new(list: Vec<SavedGame>) -> Option<SavesScreen> {
        (!list.is_empty()).then_some(SavesScreen { list, sel: 0 })
    }

    pub fn list(&self) -> &[SavedGame] {
        &self.list
    }

    pub fn selected(&self) -> usize {
        self.sel
    }

    pub fn handle(&mut self, action: Action) -> Transition {
        let n = self.list.len();
        match action {
            Action::Up => self.sel = (self.sel + n - 1) % n,
            Action::Down => self.sel = (self.sel + 1) % n,
            Action::Cancel => return Transition::Close("Choose the game and press Enter".into()),
            Action::Start | Action::ViewReplay => {
                return Transition::OpenSaved {
                    path: self.path(),
                    replay: action == Action::ViewReplay,
                };
            }
            _ => return Transition::Stay,
        }
        Transition::Redraw
    }

    fn path(&self) -> PathBuf {
        self.list[self.sel].path.clone()
    }

    /// Drawn over the menu, newest first, the chosen one highlighted.
    pub fn render(&self, area: Rect, buf: &mut Buffer, th: &Theme) {
        let r = Rect::new(
            area.x + 1,
            area.y + 1,
            area.width.saturating_sub(2),
            area.height.saturating_sub(2),
        );
        Clear.render(r, buf);
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

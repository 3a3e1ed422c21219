//! The saved games over the start menu: choose one, continue it, replay it
//! or delete it (asked first).

use super::env::{LoadFor, file_name};
use super::{Around, Env, Key, Screen, Transition};
use crate::app::view::theme::Theme;
use crate::keys::{Action, Ctx};
use crate::record::file;
use crate::record::file::SavedGame;
use crate::record::lock::{LockError, RecordLock};
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
    /// Deleting the game chosen was asked: y or n.
    confirming: bool,
}

impl SavesScreen {
    /// The list of the saved games; `None` when there is none.
    pub fn new(list: Vec<SavedGame>) -> Option<SavesScreen> {
        (!list.is_empty()).then_some(SavesScreen {
            list,
            sel: 0,
            confirming: false,
        })
    }

    /// Is the deletion of the game chosen being asked?
    pub fn confirming(&self) -> bool {
        self.confirming
    }

    /// The game chosen's file name, for messages.
    pub fn name(&self) -> String {
        let path = &self.list[self.sel].path;
        path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// The game at `path` was deleted: out of the list. Whether any is left.
    fn remove(&mut self, path: &std::path::Path) -> bool {
        self.list.retain(|s| s.path != path);
        self.sel = self.sel.min(self.list.len().saturating_sub(1));
        self.confirming = false;
        !self.list.is_empty()
    }

    /// Deletes the saved game at `path`, unless a client has it open.
    fn delete(&mut self, path: PathBuf, env: &mut Env) -> Transition {
        let name = file_name(&path);
        if RecordLock::held_here(&path) {
            env.refuse(format!("Not deleted: {name} is the game of this window"));
            return Transition::Redraw;
        }
        let lock = match RecordLock::try_lock(&path) {
            Err(LockError::Busy) => {
                env.refuse(format!("Not deleted: {name} is open in another window"));
                return Transition::Redraw;
            }
            lock => lock.ok(),
        };
        if let Err(e) = std::fs::remove_file(&path) {
            env.refuse(format!("Not deleted: {name}: {}", file::io_reason(&e)));
            return Transition::Redraw;
        }
        // Let go once the record is gone (its lock file goes with it).
        drop(lock);
        if self.remove(&path) {
            env.set_status(format!("Deleted {name}"));
            Transition::Redraw
        } else {
            env.set_status(format!("Deleted {name}: no saved games left"));
            Transition::Close
        }
    }

    pub fn list(&self) -> &[SavedGame] {
        &self.list
    }

    pub fn selected(&self) -> usize {
        self.sel
    }

    /// Draws the list over the menu's box: its status line and key bar stay.
    fn draw_over(&self, area: Rect, buf: &mut Buffer, th: &Theme) {
        let h = area.height.saturating_sub(2);
        SavesScreen::render(self, Rect::new(area.x, area.y, area.width, h), buf, th);
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
        let inner_w = r.width.saturating_sub(2) as usize;
        // Each game on one line when it fits, else its summary (game, turn,
        // seats) on lines of its own under the name, broken after commas.
        let entry = |i: usize, s: &SavedGame| -> Vec<Line<'static>> {
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
        if self.confirming {
            super::overlay::QuestionView {
                title: " Delete ",
                lines: vec![
                    format!("Delete {}?", self.name()),
                    "It cannot be undone.".into(),
                ],
                keys: "y delete    n keep it".into(),
                theme: *th,
            }
            .render(area, buf);
        }
    }
}

impl Screen for SavesScreen {
    fn ctx(&self) -> Option<Ctx> {
        Some(if self.confirming {
            Ctx::Delete
        } else {
            Ctx::Saves
        })
    }

    /// Choose, continue, replay, or delete (asked first).
    fn handle(&mut self, key: Key<'_>, env: &mut Env) -> Transition {
        let n = self.list.len();
        if self.confirming {
            self.confirming = false;
            if key.action == Action::Yes {
                return self.delete(self.path(), env);
            }
            env.set_status(format!("Not deleted: {}", self.name()));
            return Transition::Redraw;
        }
        match key.action {
            Action::Delete => {
                self.confirming = true;
                env.set_status(format!("Delete {}? y deletes it, n keeps it", self.name()));
            }
            Action::Up => self.sel = (self.sel + n - 1) % n,
            Action::Down => self.sel = (self.sel + 1) % n,
            Action::Cancel => {
                env.set_status("Choose the game and press Enter");
                return Transition::Close;
            }
            Action::Start | Action::ViewReplay => {
                let replay = key.action == Action::ViewReplay;
                let chosen = LoadFor::Chosen(self.path(), replay);
                return env.start_load(chosen, Some(self.clone()), key.now);
            }
            _ => return Transition::Stay,
        }
        Transition::Redraw
    }

    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>) {
        self.draw_over(area, buf, &around.env.theme);
    }

    fn of_the_screen(&self) -> bool {
        true
    }
}

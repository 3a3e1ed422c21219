//! The app's drawing: it routes. Each screen draws itself with the chrome
//! the app hands it (the theme, the title, the status line, the key bar);
//! the overlays are drawn over it, last the one on top.

use super::*;
use crate::app::screen::Chrome;
use crate::app::screen::overlay::{ConfirmView, LoadingView, NoticeView, QuestionView};
use crate::app::view::{TooSmall, asciify, hint_line_without};
use ratatui::buffer::Buffer;
use ratatui::text::Line;
use ratatui::widgets::Widget;

/// The whole screen of the app.
pub struct AppView<'a>(pub &'a App);

impl Widget for AppView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.0.render(area, buf);
    }
}

impl App {
    /// Draws the screen shown and what is over it.
    fn render(&self, area: Rect, buf: &mut Buffer) {
        let need = self.needed_size();
        if area.width < need.0 || area.height < need.1 {
            TooSmall {
                need,
                wider: self.wider_size(need),
                theme: self.theme,
            }
            .render(area, buf);
            return;
        }
        let title = self.setup().map(|s| s.title()).unwrap_or_default();
        let chrome = Chrome {
            theme: self.theme,
            title: &title,
            status: &self.status,
            status_error: self.status_error,
            hints: self.hints(area.width),
        };
        match &self.shown {
            _ if self.lessons.is_some() => {
                if let Some(l) = &self.lessons {
                    crate::app::lesson::LessonView(l).render(area, buf);
                }
            }
            Shown::Menu { saves } => {
                self.menu.render_screen(area, buf, &chrome);
                if let Some(s) = saves {
                    let h = area.height.saturating_sub(2);
                    s.render(Rect::new(area.x, area.y, area.width, h), buf, &self.theme);
                }
            }
            Shown::Race { race, .. } => race.render(area, buf, &chrome),
            Shown::Play { play, browse: None } => play.render(area, buf, &chrome, self.panel),
            Shown::Play {
                play,
                browse: Some(b),
            } => b.render(area, buf, &chrome, play),
            Shown::Replay { viewer, play } => viewer.render(play, area, buf, &chrome),
            Shown::Over(play) => OverScreen { play }.render(area, buf, &chrome),
        }
        if let Some(l) = &self.loading {
            LoadingView {
                lines: l.lines(),
                theme: self.theme,
            }
            .render(area, buf);
        }
        if let Some(Overlay::Help(h)) = &self.overlay {
            h.render(area, buf, &self.help_facts());
        }
        if self.confirming_quit() {
            ConfirmView { theme: self.theme }.render(area, buf);
        }
        if let Some(u) = &self.in_use {
            let (lines, keys) = u.question();
            QuestionView {
                title: " Open in another window ",
                lines,
                keys,
                theme: self.theme,
            }
            .render(area, buf);
        }
        if let Some((title, lines)) = &self.notice {
            NoticeView {
                title,
                lines,
                theme: self.theme,
            }
            .render(area, buf);
        }
        if self.theme.ascii {
            asciify(area, buf);
        }
    }

    /// Long rows fold into fewer bands on a wider terminal: the first common
    /// width that needs fewer lines than `need` (2x50 fits 80x24, not 60x20).
    fn wider_size(&self, need: (u16, u16)) -> Option<(u16, u16)> {
        adapter(self.shown.play()?.game()).wider_size(need)
    }

    /// The key-hint bar of the screen on top.
    pub fn hints(&self, width: u16) -> Line<'static> {
        let ad = self.shown.play().map(|p| adapter(p.game()));
        let rows = ad.as_ref().is_some_and(|a| a.picks_rows());
        // `x` is shown only when the special move can be made now.
        let special = ad.as_ref().is_some_and(|a| a.special_allowed());
        let mut hide = vec![];
        if !special {
            hide.push("special");
        }
        // Only the keys of the people racing: an AI racer has none.
        if let Some(r) = self.race() {
            for side in Side::BOTH {
                if r.ai(side).is_some() {
                    hide.push(side.title());
                }
            }
        }
        hint_line_without(self.ctx(), rows, width, &self.theme, &hide)
    }
}

/// The help text's lines for `width` columns (the inside of the box).
pub fn help_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    help_text::help_lines(&app.help_facts(), width)
}

/// The smallest size the current screen can be drawn in.
pub fn needed_size(app: &App) -> (u16, u16) {
    app.needed_size()
}

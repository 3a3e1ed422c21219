//! The app's drawing: it routes. Each screen draws itself with the chrome
//! the app hands it (the theme, the title, the status line, the key bar);
//! the overlays are drawn over it, last the one on top.

use super::*;
use crate::app::screen::{Around, Chrome};
use crate::app::view::{TooSmall, asciify, hint_bar};
use crate::keys::Bar;
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
        let theme = self.env.theme;
        let need = self.needed_size();
        if area.width < need.0 || area.height < need.1 {
            TooSmall {
                need,
                wider: self.wider_size(need),
                theme,
            }
            .render(area, buf);
            return;
        }
        let title = self.setup().map(|s| s.title()).unwrap_or_default();
        let chrome = Chrome {
            theme,
            title: &title,
            status: self.env.status(),
            status_error: self.env.status_error(),
            hints: self.hints(area.width),
        };
        let facts = self.help_facts();
        let base = &*self.stack.base;
        let mut around = Around {
            chrome: &chrome,
            env: &self.env,
            below: None,
            facts: &facts,
        };
        // From the topmost layer that covers everything (else the screen
        // at the bottom), each drawn over the one below.
        let layers = &self.stack.layers;
        let from = layers.iter().rposition(|l| l.opaque());
        if from.is_none() {
            base.render(area, buf, &around);
        }
        around.below = Some(base);
        for layer in &layers[from.unwrap_or(0)..] {
            layer.render(area, buf, &around);
        }
        if theme.ascii {
            asciify(area, buf);
        }
    }

    /// Long rows fold into fewer bands on a wider terminal: the first common
    /// width that needs fewer lines than `need` (2x50 fits 80x24, not 60x20).
    fn wider_size(&self, need: (u16, u16)) -> Option<(u16, u16)> {
        adapter(self.stack.play()?.game()).wider_size(need)
    }

    /// The key-hint bar of the screen whose keys are in effect: the keys
    /// that act on it now.
    pub fn hints(&self, width: u16) -> Line<'static> {
        let ad = self.stack.play().map(|p| adapter(p.game()));
        let rows = ad.as_ref().is_some_and(|a| a.picks_rows());
        let keyed = self.stack.keyed();
        let acts = |a: Action| keyed.acts(a);
        let bar = Bar {
            ctx: self.ctx(),
            rows,
            acts: &acts,
            borrowed: &[],
        };
        hint_bar(&self.env.keys, &bar, width, &self.env.theme)
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

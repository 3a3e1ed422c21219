//! The help overlay: every key binding in effect, then the rules, laid out
//! for the screen's width (the rules' Markdown rendered and reflowed).

use crate::app::help_text;
use crate::app::keys::{self, Action, BINDINGS, Ctx};
use crate::app::state::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

/// The help text's lines for `width` columns (the inside of the box).
pub fn help_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    help_text::help_lines(&app.help_facts(), width)
}

pub struct HelpView<'a>(pub &'a App);

impl Widget for HelpView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.0;
        let r = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(1));
        Clear.render(r, buf);
        let (w, h) = help_text::inner((area.width, area.height));
        let lines = help_lines(app, w);
        let last = u16::try_from(lines.len().saturating_sub(usize::from(h))).unwrap_or(u16::MAX);
        let scroll = app.help_scroll().unwrap_or(0).min(last);
        let map = keys::active();
        let first_key = |action: Action| {
            BINDINGS
                .iter()
                .position(|b| b.ctx == Ctx::Help && b.action == action)
                .and_then(|i| map.keys(i).first().map(|k| k.label()))
                .unwrap_or_default()
        };
        let title = format!(
            " Help: {}{} scroll, {} closes ",
            first_key(Action::Up),
            first_key(Action::Down),
            first_key(Action::Cancel)
        );
        Paragraph::new(lines)
            .scroll((scroll, 0))
            .block(Block::default().borders(Borders::ALL).title(title))
            .render(r, buf);
        super::hint_line(Ctx::Help, false, area.width, &app.theme())
            .render(Rect::new(area.x, area.bottom() - 1, area.width, 1), buf);
    }
}

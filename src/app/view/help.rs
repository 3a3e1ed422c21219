//! The help overlay: every key binding from the one list, then the rules.

use crate::app::keys::{BINDINGS, Ctx};
use crate::app::rules_text::RULES;
use crate::app::state::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

/// The help text's lines.
pub fn help_lines(app: &App) -> Vec<Line<'static>> {
    let th = &app.theme;
    let mut lines = vec![Line::styled("Keys", th.title())];
    let mut ctx: Option<Ctx> = None;
    // The lessons' keys only while the lessons are open (they have their own screen).
    let lessons = app.lessons.is_some();
    for b in BINDINGS.iter().filter(|b| lessons || b.ctx != Ctx::Lesson) {
        if ctx != Some(b.ctx) {
            ctx = Some(b.ctx);
            lines.push(Line::styled(format!(" {}", b.ctx.title()), th.label()));
        }
        lines.push(Line::from(vec![
            Span::styled(format!("   {:<12}", b.label), th.key()),
            Span::raw(b.help),
        ]));
    }
    lines.push(Line::from(
        "   mouse        click a hole of your row to sow it",
    ));
    // A game on screen: its rules only; at the menu: every game's.
    let current = app.play.as_ref().map(|p| p.game.kind().title());
    for (title, text) in RULES
        .iter()
        .filter(|(t, _)| current.is_none_or(|c| c == *t))
    {
        lines.push(Line::from(""));
        lines.push(Line::styled(format!("Rules of {title}"), th.title()));
        for l in text.lines() {
            let l = l.trim_start_matches("# ").trim_start_matches("## ");
            lines.push(Line::from(l.to_string()));
        }
    }
    lines
}

pub struct HelpView<'a>(pub &'a App);

impl Widget for HelpView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.0;
        let r = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(1));
        Clear.render(r, buf);
        let lines = help_lines(app);
        let scroll = app.help.unwrap_or(0);
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(" Help: ↑↓ scroll, Esc closes "),
            )
            .render(r, buf);
        super::hint_line(Ctx::Help, false, area.width, &app.theme)
            .render(Rect::new(area.x, area.bottom() - 1, area.width, 1), buf);
    }
}

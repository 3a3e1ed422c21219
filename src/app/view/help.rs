//! The help overlay: every key binding in effect, then the rules, laid out
//! for the screen's width (the rules' Markdown rendered and reflowed).

use crate::app::keys::{self, Action, BINDINGS, Ctx};
use crate::app::markdown;
use crate::app::rules_text::RULES;
use crate::app::state::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

/// Widest key column before the text (longer labels push their text on).
const KEY_COLUMN: usize = 12;

/// The help text's lines for `width` columns (the inside of the box).
pub fn help_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    let th = &app.theme();
    let map = keys::active();
    let width = usize::from(width.max(20));
    let mut lines = vec![Line::styled("Keys", th.title())];
    let mut ctx: Option<Ctx> = None;
    // The lessons' keys only while the lessons are open (they have their own screen).
    let lessons = app.lessons().is_some();
    for (i, b) in BINDINGS
        .iter()
        .enumerate()
        .filter(|(_, b)| lessons || b.ctx != Ctx::Lesson)
    {
        if ctx != Some(b.ctx) {
            ctx = Some(b.ctx);
            lines.push(Line::styled(format!(" {}", b.ctx.title()), th.label()));
        }
        let label = map.label(i);
        let column = KEY_COLUMN.max(Span::raw(label.as_str()).width() + 1);
        // The text wrapped beside the keys, its lines under each other.
        let mut first = true;
        let mut text = String::new();
        let room = width.saturating_sub(3 + column).max(10);
        let flush = |text: &mut String, first: &mut bool, lines: &mut Vec<Line<'static>>| {
            let keys = if *first { label.clone() } else { String::new() };
            lines.push(Line::from(vec![
                Span::styled(format!("   {keys:<column$}"), th.key()),
                Span::raw(std::mem::take(text)),
            ]));
            *first = false;
        };
        for word in b.help.split(' ') {
            if !text.is_empty()
                && Span::raw(text.as_str()).width() + 1 + Span::raw(word).width() > room
            {
                flush(&mut text, &mut first, &mut lines);
            }
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(word);
        }
        flush(&mut text, &mut first, &mut lines);
    }
    lines.push(Line::from(vec![
        Span::styled(format!("   {:<KEY_COLUMN$}", "mouse"), th.key()),
        Span::raw("click a hole of your row to sow it"),
    ]));
    // A game on screen: its rules only; at the menu: every game's.
    let current = app.play().map(|p| p.game.kind().title());
    for (title, text) in RULES
        .iter()
        .filter(|(t, _)| current.is_none_or(|c| c == *t))
    {
        lines.push(Line::from(""));
        lines.push(Line::styled(format!("Rules of {title}"), th.title()));
        // The file's own title repeats the game's name.
        let body = text.trim_start();
        let body = match body.strip_prefix("# ") {
            Some(rest) => rest.split_once('\n').map_or("", |(_, b)| b),
            None => body,
        };
        lines.extend(markdown::render(body, width as u16, th));
    }
    // The review's marks, with the thresholds `crate::review` judges by.
    let unit = match app.play().map(|p| p.game.kind()) {
        Some(crate::engine::GameKind::BaoLaKimasai) => "cows",
        _ => "seeds",
    };
    lines.push(Line::from(""));
    lines.push(Line::styled(
        "Game review (v in the replay viewer)",
        th.title(),
    ));
    lines.push(Line::from(
        "Move list signs: ?? blunder, ? mistake, ! the only good move.",
    ));
    let marks = crate::review::marks_help(unit).replace('\n', " ");
    lines.extend(markdown::render(&marks, width as u16, th));
    lines
}

/// The size of the help box's inside for a screen of `size`.
fn inner(size: (u16, u16)) -> (u16, u16) {
    (size.0.saturating_sub(2), size.1.saturating_sub(3))
}

/// The last scroll offset: the help's last line at the bottom of the box,
/// never an empty box past it.
pub fn max_scroll(app: &App) -> u16 {
    let (w, h) = inner(app.size());
    let n = help_lines(app, w).len();
    u16::try_from(n.saturating_sub(usize::from(h))).unwrap_or(u16::MAX)
}

pub struct HelpView<'a>(pub &'a App);

impl Widget for HelpView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.0;
        let r = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(1));
        Clear.render(r, buf);
        let (w, h) = inner((area.width, area.height));
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

//! The overlays drawn over any screen: the help, the quit confirmation,
//! a question, a notice and a load's progress. Each keeps its own state,
//! answers its own keys and draws itself.

use super::{Around, Env, Key, Screen, Transition};
use crate::app::help_text::{self, HelpFacts};
use crate::app::view::hint_line_in;
use crate::app::view::theme::Theme;
use crate::keys::{Action, BINDINGS, Ctx};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

/// The help's state: how far it is scrolled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HelpOverlay {
    scroll: u16,
    /// Opened from a screen of this context and not scrolled yet: it shows
    /// that screen's keys at whatever size it is drawn.
    from: Option<Ctx>,
}

impl HelpOverlay {
    /// The help opened from a screen of `ctx`: at that screen's keys.
    pub fn opened_from(ctx: Ctx) -> HelpOverlay {
        HelpOverlay {
            scroll: 0,
            from: Some(ctx),
        }
    }

    /// The line at the top of the box, for a screen of `size`.
    pub fn scroll(&self, facts: &HelpFacts, size: (u16, u16)) -> u16 {
        match self.from {
            Some(ctx) => help_text::opening_scroll(facts, size, ctx),
            None => self.scroll,
        }
    }

    /// A key in the help: scrolls by a line or a `page`, never past `max`;
    /// any other key closes it (`None`).
    pub fn scrolled(self, action: Action, page: u16, max: u16) -> Option<HelpOverlay> {
        let s = self.scroll;
        let scroll = match action {
            Action::Up => s.saturating_sub(1),
            Action::Down => s.saturating_add(1),
            Action::Left => s.saturating_sub(page.max(1)),
            Action::Right => s.saturating_add(page.max(1)),
            _ => return None,
        };
        Some(HelpOverlay {
            scroll: scroll.min(max),
            from: None,
        })
    }
}

impl HelpOverlay {
    /// Draws the help: every key binding in effect, then the rules, for
    /// the screen's width (`facts`: what its text depends on).
    pub fn draw(&self, area: Rect, buf: &mut Buffer, facts: &HelpFacts) {
        let r = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(1));
        Clear.render(r, buf);
        let (w, h) = help_text::inner((area.width, area.height));
        let lines = help_text::help_lines(facts, w);
        let last = u16::try_from(lines.len().saturating_sub(usize::from(h))).unwrap_or(u16::MAX);
        let scroll = self.scroll(facts, (area.width, area.height)).min(last);
        let map = &facts.keys;
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
        hint_line_in(map, Ctx::Help, false, area.width, &facts.theme)
            .render(Rect::new(area.x, area.bottom() - 1, area.width, 1), buf);
    }
}

impl Screen for HelpOverlay {
    fn ctx(&self) -> Option<Ctx> {
        Some(Ctx::Help)
    }

    /// Scrolls by a line or a page, never past the end (the help's last
    /// line stays at the bottom); any other key closes it.
    fn handle(&mut self, key: Key<'_>, env: &mut Env) -> Transition {
        let page = env.size.1.saturating_sub(6);
        let max = help_text::max_scroll(key.facts, env.size);
        self.scroll = self.scroll(key.facts, env.size);
        match self.scrolled(key.action, page, max) {
            Some(scrolled) => {
                *self = scrolled;
                Transition::Redraw
            }
            None => Transition::Close,
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>) {
        self.draw(area, buf, around.facts);
    }

    fn covers(&self) -> bool {
        true
    }
}

/// "A game is in progress. Quit?"
#[derive(Debug)]
pub struct ConfirmQuit;

impl Screen for ConfirmQuit {
    fn ctx(&self) -> Option<Ctx> {
        Some(Ctx::Confirm)
    }

    /// `y` quits, `n` goes back to the game.
    fn handle(&mut self, key: Key<'_>, env: &mut Env) -> Transition {
        match key.action {
            Action::Yes => Transition::QuitNow,
            Action::No => {
                env.set_status("Go on playing");
                Transition::Close
            }
            _ => Transition::Redraw,
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>) {
        ConfirmView {
            theme: around.env.theme,
        }
        .render(area, buf);
    }

    fn covers(&self) -> bool {
        true
    }
}

/// A notice (the settings file's errors): its title and lines. Any key
/// closes it (the app's: it has no keys of its own); it stays on top of
/// what opens under it.
#[derive(Debug)]
pub struct Notice {
    pub title: String,
    pub lines: Vec<String>,
}

impl Screen for Notice {
    fn ctx(&self) -> Option<Ctx> {
        None
    }

    fn handle(&mut self, _key: Key<'_>, _env: &mut Env) -> Transition {
        Transition::Close
    }

    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>) {
        NoticeView {
            title: &self.title,
            lines: &self.lines,
            theme: around.env.theme,
        }
        .render(area, buf);
    }
}

/// The quit confirmation, centred over the screen.
pub struct ConfirmView {
    pub theme: Theme,
}

impl Widget for ConfirmView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let w = 44.min(area.width);
        let r = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + area.height / 2 - 2,
            w,
            4,
        );
        Clear.render(r, buf);
        Paragraph::new(vec![
            Line::from("A game is in progress. Quit?"),
            Line::styled("y quit    n go on playing", self.theme.key()),
        ])
        .block(Block::default().borders(Borders::ALL).title(" Quit "))
        .render(r, buf);
    }
}

/// A question in a box centred over the screen: its lines, then its keys.
pub struct QuestionView {
    pub title: &'static str,
    pub lines: Vec<String>,
    pub keys: String,
    pub theme: Theme,
}

impl Widget for QuestionView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let longest = self
            .lines
            .iter()
            .chain(std::iter::once(&self.keys))
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        let w = (longest as u16 + 4).min(area.width);
        let h = (self.lines.len() as u16 + 3).min(area.height);
        let r = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        Clear.render(r, buf);
        let mut lines: Vec<Line> = self.lines.into_iter().map(Line::from).collect();
        lines.push(Line::styled(self.keys, self.theme.key()));
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(self.title))
            .render(r, buf);
    }
}

/// A notice over the screen (the settings file's errors when the client
/// opens): its lines wrapped in a box, "any key: go on" last.
pub struct NoticeView<'a> {
    pub title: &'a str,
    pub lines: &'a [String],
    pub theme: Theme,
}

impl Widget for NoticeView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let w = 76.min(area.width);
        let inner = usize::from(w.saturating_sub(2)).max(1);
        let mut text: Vec<Line> = self.lines.iter().map(|l| Line::from(l.as_str())).collect();
        text.push(Line::from(""));
        text.push(Line::styled("Any key: go on", self.theme.key()));
        let rows: usize = text.iter().map(|l| l.width().div_ceil(inner).max(1)).sum();
        let h = u16::try_from(rows + 2).unwrap_or(u16::MAX).min(area.height);
        let r = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        Clear.render(r, buf);
        Paragraph::new(text)
            .wrap(Wrap { trim: false })
            .block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(format!(" {} ", self.title)),
            )
            .render(r, buf);
    }
}

/// A record or the saved games being read: what, how far, how to stop.
pub struct LoadingView {
    pub lines: Vec<String>,
    pub theme: Theme,
}

impl Widget for LoadingView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let longest = self.lines.iter().map(|l| l.chars().count()).max();
        let w = (longest.unwrap_or(0) as u16 + 4).min(area.width);
        // A line wider than the box (a file under a long folder) goes on
        // over the next rows, whole: the player sees which file it is.
        let inner = usize::from(w.saturating_sub(2)).max(1);
        let count = self.lines.len();
        let mut lines: Vec<Line> = Vec::new();
        for (i, text) in self.lines.into_iter().enumerate() {
            let chars: Vec<char> = text.chars().collect();
            for chunk in chars.chunks(inner) {
                let line = Line::from(chunk.iter().collect::<String>());
                lines.push(if i + 1 == count {
                    line.style(self.theme.key())
                } else {
                    line
                });
            }
        }
        let h = (lines.len() as u16 + 2).min(area.height);
        let r = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        Clear.render(r, buf);
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(" Loading "))
            .render(r, buf);
    }
}

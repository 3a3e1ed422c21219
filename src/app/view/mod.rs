//! One view per screen, each an `impl Widget`, plus the board widgets.

pub mod bao;
pub mod board;
pub mod help;
pub mod menu;
pub mod play;

mod hints;
mod model;

pub use hints::{hint_line, hint_line_without};
pub use model::{GameBoard, bao_model, two_row_model};

// The colours are the app's (the state keeps the theme chosen).
pub(crate) use super::theme;

use super::state::{App, Screen};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};
use theme::Theme;

use crate::engine::Side;

/// The whole screen of the app.
pub struct AppView<'a>(pub &'a App);

impl Widget for AppView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.0;
        let need = needed_size(app);
        if area.width < need.0 || area.height < need.1 {
            TooSmall {
                need,
                wider: wider_size(app, need),
                theme: app.theme(),
            }
            .render(area, buf);
            return;
        }
        match app.screen() {
            _ if app.lessons().is_some() => {
                if let Some(l) = app.lessons() {
                    crate::app::lesson::LessonView(l).render(area, buf);
                }
            }
            Screen::Menu => menu::MenuView(app).render(area, buf),
            Screen::Race => play::RaceView(app).render(area, buf),
            Screen::Play | Screen::Replay => {
                play::PlayView(app).render(area, buf);
                if let (Some(b), Some(live)) = (app.browsing(), app.play()) {
                    b.render(area, buf, &app.theme(), live, app.status_error());
                }
            }
            Screen::Over => play::OverView(app).render(area, buf),
        }
        if let Some(l) = &app.loading() {
            LoadingView {
                lines: l.lines(),
                theme: app.theme(),
            }
            .render(area, buf);
        }
        if app.help_scroll().is_some() {
            help::HelpView(app).render(area, buf);
        }
        if app.confirming_quit() {
            crate::app::screen::overlay::ConfirmView { theme: app.theme() }.render(area, buf);
        }
        if let Some(u) = app.in_use() {
            let (lines, keys) = u.question();
            crate::app::screen::overlay::QuestionView {
                title: " Open in another window ",
                lines,
                keys,
                theme: app.theme(),
            }
            .render(area, buf);
        }
        if let Some((title, lines)) = app.notice() {
            crate::app::screen::overlay::NoticeView {
                title,
                lines,
                theme: app.theme(),
            }
            .render(area, buf);
        }
        if app.theme().ascii {
            asciify(area, buf);
        }
    }
}

/// `--ascii`: whatever a widget drew (borders, arrows, bars, accents), the
/// terminal gets plain ASCII.
pub fn asciify(area: Rect, buf: &mut Buffer) {
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &mut buf[(x, y)];
            let sym = cell.symbol();
            if sym.is_ascii() {
                continue;
            }
            let plain = match sym.chars().next().unwrap_or(' ') {
                '─' | '━' | '═' | '╌' => "-",
                '│' | '┃' | '║' | '╎' => "|",
                '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' | '╭' | '╮' | '╰' | '╯'
                | '╔' | '╗' | '╚' | '╝' => "+",
                '←' => "<",
                '→' => ">",
                '↑' => "^",
                '↓' => "v",
                '·' | '•' => ".",
                '▁' | '▂' | '▃' => "_",
                '▄' | '▅' | '▆' => "=",
                '▇' | '█' | '░' | '▒' | '▓' => "#",
                '◆' => "*",
                'é' | 'è' | 'ê' => "e",
                '…' => ".",
                _ => "?",
            };
            cell.set_symbol(plain);
        }
    }
}

/// The smallest size the current screen can be drawn in.
pub fn needed_size(app: &App) -> (u16, u16) {
    app.needed_size()
}

/// Long rows fold into fewer bands on a wider terminal: the first common
/// width that needs fewer lines than `need` (2x50 fits 80x24, not 60x20).
pub fn wider_size(app: &App, need: (u16, u16)) -> Option<(u16, u16)> {
    crate::app::adapter::adapter(app.play()?.game()).wider_size(need)
}

/// A record or the saved games being read: what, how far, how to stop.
pub struct LoadingView {
    pub lines: Vec<String>,
    pub theme: Theme,
}

impl Widget for LoadingView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        use ratatui::widgets::{Block, Borders, Clear};
        let longest = self.lines.iter().map(|l| l.chars().count()).max();
        let w = (longest.unwrap_or(0) as u16 + 4).min(area.width);
        let h = (self.lines.len() as u16 + 2).min(area.height);
        let r = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        Clear.render(r, buf);
        let mut lines: Vec<Line> = self.lines.into_iter().map(Line::from).collect();
        if let Some(last) = lines.last_mut() {
            *last = last.clone().style(self.theme.key());
        }
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(" Loading "))
            .render(r, buf);
    }
}

/// Shown instead of everything when the terminal is too small.
pub struct TooSmall {
    pub need: (u16, u16),
    /// A wider size that needs fewer lines, when there is one.
    pub wider: Option<(u16, u16)>,
    pub theme: Theme,
}

impl Widget for TooSmall {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = vec![
            Line::styled(
                match self.wider {
                    Some((w, h)) => format!(
                        "terminal too small: need {}x{} (or {w}x{h})",
                        self.need.0, self.need.1
                    ),
                    None => format!("terminal too small: need {}x{}", self.need.0, self.need.1),
                },
                self.theme.error(),
            ),
            Line::from(format!("now {}x{}", area.width, area.height)),
            Line::from("enlarge the window, or press q to quit"),
        ];
        Paragraph::new(lines)
            .wrap(ratatui::widgets::Wrap { trim: true })
            .render(area, buf);
    }
}

/// The key-hint bar of the app's screen now.
pub fn app_hints(app: &App, width: u16) -> Line<'static> {
    let ad = app.play().map(|p| crate::app::adapter::adapter(p.game()));
    let rows = ad.as_ref().is_some_and(|a| a.picks_rows());
    // `x` is shown only when the special move can be made now.
    let special = ad.as_ref().is_some_and(|a| a.special_allowed());
    let mut hide = vec![];
    if !special {
        hide.push("special");
    }
    // Only the keys of the people racing: an AI racer has none.
    if let Some(r) = app.race() {
        for side in Side::BOTH {
            if r.ai(side).is_some() {
                hide.push(side.title());
            }
        }
    }
    hint_line_without(app.ctx(), rows, width, &app.theme(), &hide)
}

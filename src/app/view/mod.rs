//! The widgets the screens draw with: the boards, the game's screen, the
//! charts, the key-hint bar. They draw models and know no screen and no
//! `App` (each screen draws itself with them).

pub mod bao;
pub mod bars;
pub mod board;
pub mod play;

mod hints;
mod model;

pub use hints::{hint_bar, hint_line, hint_line_in};
pub use model::{GameBoard, bao_model, two_row_model};

// The colours are the app's (the state keeps the theme chosen).
pub(crate) use super::theme;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};
use theme::Theme;

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

/// What the app hands a screen to draw around it: the theme, the title,
/// the status line and the key bar (the screens draw no `App`).
pub struct Chrome<'a> {
    pub theme: Theme,
    /// The game's title ("Enkeshui 2x8 ..."), empty at the menu.
    pub title: &'a str,
    /// The status line's text, and whether it reports a refusal.
    pub status: &'a str,
    pub status_error: bool,
    /// The key bar of the screen on top.
    pub hints: Line<'static>,
}

impl Chrome<'_> {
    /// The status line as it is, in the refusal's colour when it is one.
    pub fn status_line(&self) -> Line<'static> {
        let style = if self.status_error {
            self.theme.error()
        } else {
            ratatui::style::Style::default()
        };
        Line::styled(self.status.to_string(), style)
    }
}

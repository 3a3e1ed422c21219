//! Sharing a position: `P` shows its one line (docs/NOTATION.md) in a box
//! over a game, an earlier position or the replay viewer, `C` sends it to
//! the terminal's clipboard with OSC 52 (`E`, the board editor, is `editor.rs`). The terminal decides whether a
//! program may set its clipboard, and says nothing back: the status line
//! says "sent", never "copied".

use super::{Around, Env, Key, Screen, Transition};
use crate::engine::AnyGame;
use crate::keys::{Action, BINDINGS, Ctx};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Padding, Paragraph, Widget, Wrap};

/// What a share key does on a screen showing `game`: None for any other key.
pub fn share(action: Action, game: &AnyGame, env: &mut Env) -> Option<Transition> {
    match action {
        Action::ShowPosition => Some(Transition::Open(Box::new(PositionBox::of(game)))),
        Action::CopyPosition => {
            copy(&game.position_line(), env);
            Some(Transition::Redraw)
        }
        _ => None,
    }
}

/// Sends `line` to the terminal's clipboard and says so on the status line.
pub(super) fn copy(line: &str, env: &mut Env) {
    env.send_to_terminal(&osc52(line));
    // The line itself is in the box (P): a long one would not fit here.
    env.set_status("Position line sent to the terminal's clipboard (if it allows OSC 52)");
}

/// The escape sequence that asks the terminal to put `text` on its
/// clipboard (`c`): OSC 52, the text in base64, ended by BEL.
pub fn osc52(text: &str) -> Vec<u8> {
    let mut out = b"\x1b]52;c;".to_vec();
    out.extend(base64(text.as_bytes()).bytes());
    out.push(0x07);
    out
}

/// Standard base64 with padding (RFC 4648).
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ABC[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The box showing a position's line, over the screen it was asked on.
#[derive(Debug)]
pub struct PositionBox {
    line: String,
    turn: u32,
    /// Sent to the clipboard from this box.
    sent: bool,
}

impl PositionBox {
    pub fn of(game: &AnyGame) -> PositionBox {
        PositionBox {
            line: game.position_line(),
            turn: game.turn(),
            sent: false,
        }
    }

    /// The line shown.
    pub fn line(&self) -> &str {
        &self.line
    }
}

impl Screen for PositionBox {
    fn ctx(&self) -> Option<Ctx> {
        Some(Ctx::Position)
    }

    fn handle(&mut self, key: Key<'_>, env: &mut Env) -> Transition {
        match key.action {
            Action::CopyPosition => {
                copy(&self.line, env);
                self.sent = true;
                Transition::Redraw
            }
            Action::Cancel => Transition::Close,
            _ => Transition::Stay,
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>) {
        let map = &around.facts.keys;
        let first = |action: Action| {
            BINDINGS
                .iter()
                .position(|b| b.ctx == Ctx::Position && b.action == action)
                .and_then(|i| map.keys(i).first().map(|k| k.label()))
                .unwrap_or_default()
        };
        let theme = &around.env.theme;
        let mut lines = vec![
            Line::from(self.line.as_str()),
            Line::from(""),
            Line::from("--position takes this line: the game starts here."),
        ];
        if self.sent {
            lines.push(Line::from(
                "Sent to the terminal's clipboard (if it allows OSC 52).",
            ));
        }
        lines.push(Line::styled(
            format!(
                "{} copy to the clipboard    {} close",
                first(Action::CopyPosition),
                first(Action::Cancel)
            ),
            theme.key(),
        ));
        let longest = lines.iter().map(Line::width).max().unwrap_or(0);
        let w = u16::try_from(longest + 4)
            .unwrap_or(u16::MAX)
            .min(area.width);
        let inner = usize::from(w.saturating_sub(4)).max(1);
        let rows: usize = lines.iter().map(|l| l.width().div_ceil(inner).max(1)).sum();
        let h = u16::try_from(rows + 2).unwrap_or(u16::MAX).min(area.height);
        let r = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        Clear.render(r, buf);
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(
                Block::default()
                    .borders(Borders::ALL)
                    .padding(Padding::horizontal(1))
                    .title(format!(" Position, turn {} ", self.turn)),
            )
            .render(r, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_rfc_4648_with_padding() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foob"), "Zm9vYg==");
        assert_eq!(base64(b"fooba"), "Zm9vYmE=");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }
}

//! Styles and glyphs: colour is only ever an extra, every mark also has a
//! glyph or a text attribute so the board reads the same with NO_COLOR.

use ratatui::style::{Color, Modifier, Style};

/// How to draw: with or without colour, with Unicode glyphs or plain ASCII.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
    pub ascii: bool,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            color: true,
            ascii: false,
        }
    }
}

/// What a hole is highlighted as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mark {
    #[default]
    None,
    /// A seed of the last (or animated) move fell here.
    Path,
    /// The hole the last lap was lifted from.
    Lifted,
    /// The last seed of the move (or the seed just dropped while animating).
    Last,
    /// Seeds were captured from here.
    Captured,
}

impl Theme {
    /// Reads NO_COLOR (any non-empty value turns colour off) and `--ascii`.
    pub fn from_env(ascii: bool) -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme {
            color: !no_color,
            ascii,
        }
    }

    fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::default().fg(c)
        } else {
            Style::default()
        }
    }

    pub fn bull_glyph(&self) -> char {
        if self.ascii { '*' } else { '◆' }
    }

    pub fn closed_glyph(&self) -> &'static str {
        if self.ascii { " ##" } else { " ░░" }
    }

    pub fn hole(&self, mark: Mark) -> Style {
        match mark {
            Mark::None => Style::default(),
            Mark::Path => self.fg(Color::Yellow).add_modifier(Modifier::UNDERLINED),
            Mark::Lifted => self.fg(Color::Cyan).add_modifier(Modifier::ITALIC),
            Mark::Last => self
                .fg(Color::Yellow)
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            Mark::Captured => self
                .fg(Color::Red)
                .add_modifier(Modifier::CROSSED_OUT | Modifier::BOLD),
        }
    }

    pub fn cursor(&self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }

    pub fn bull(&self, south: bool) -> Style {
        let c = if south { Color::Green } else { Color::Magenta };
        self.fg(c).add_modifier(Modifier::BOLD)
    }

    pub fn label(&self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }

    pub fn dim(&self) -> Style {
        if self.color {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default()
        }
    }

    pub fn title(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    pub fn error(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }

    pub fn key(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    pub fn arrow_left(&self) -> &'static str {
        if self.ascii { "<-" } else { "←" }
    }

    pub fn arrow_right(&self) -> &'static str {
        if self.ascii { "->" } else { "→" }
    }

    pub fn sep(&self) -> &'static str {
        if self.ascii { " | " } else { " · " }
    }
}

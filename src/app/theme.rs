//! Styles and glyphs: colour is only ever an extra, every mark also has a
//! glyph or a text attribute so the board reads the same with NO_COLOR.

use ratatui::style::{Color, Modifier, Style};

use crate::theme::Palette;

/// How to draw: with or without colour, with Unicode glyphs or plain ASCII.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
    pub ascii: bool,
    pub palette: Palette,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            color: true,
            ascii: false,
            palette: Palette::Dark,
        }
    }
}

/// What a colour is for.
#[derive(Clone, Copy)]
enum Role {
    Path,
    Lifted,
    Last,
    Captured,
    SouthBull,
    NorthBull,
    Dim,
    Title,
    Error,
    Key,
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

/// The settings file's `colour` (on unless it says `colour = false`).
static COLOUR: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Puts the settings' `colour` in effect for the client (NO_COLOR still wins).
pub fn set_colour(on: bool) {
    COLOUR.store(on, std::sync::atomic::Ordering::Relaxed);
}

impl Theme {
    /// Reads NO_COLOR (any non-empty value turns colour off), the
    /// settings' `colour` (`set_colour`) and `--ascii`.
    pub fn from_env(ascii: bool) -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme {
            color: !no_color && COLOUR.load(std::sync::atomic::Ordering::Relaxed),
            ascii,
            palette: Palette::Dark,
        }
    }

    /// The same with other colours (NO_COLOR still means none).
    pub fn with_palette(self, palette: Palette) -> Theme {
        Theme { palette, ..self }
    }

    /// The colour of a role in this palette.
    fn c(&self, role: Role) -> Color {
        use Color::*;
        match (self.palette, role) {
            (Palette::Dark, Role::Path | Role::Last | Role::Key) => Yellow,
            (Palette::Dark, Role::Lifted | Role::Title) => Cyan,
            (Palette::Dark, Role::Captured | Role::Error) => Red,
            (Palette::Dark, Role::SouthBull) => Green,
            (Palette::Dark, Role::NorthBull) => Magenta,
            (Palette::Dark, Role::Dim) => DarkGray,
            // Yellow and cyan vanish on white: blues, dark greens, reds.
            (Palette::Light, Role::Path | Role::Last | Role::Title) => Blue,
            (Palette::Light, Role::Lifted | Role::Key) => Magenta,
            (Palette::Light, Role::Captured | Role::Error) => Red,
            (Palette::Light, Role::SouthBull) => Green,
            (Palette::Light, Role::NorthBull) => Blue,
            (Palette::Light, Role::Dim) => DarkGray,
            // The bright colours only, nothing dimmed.
            (Palette::HighContrast, Role::Path | Role::Last | Role::Key) => LightYellow,
            (Palette::HighContrast, Role::Lifted | Role::Title) => LightCyan,
            (Palette::HighContrast, Role::Captured | Role::Error) => LightRed,
            (Palette::HighContrast, Role::SouthBull) => LightGreen,
            (Palette::HighContrast, Role::NorthBull) => LightMagenta,
            (Palette::HighContrast, Role::Dim) => White,
            // On white: black and the darkest colours, nothing light or dimmed.
            (Palette::HighContrastLight, Role::Path | Role::Last | Role::Key) => Blue,
            (Palette::HighContrastLight, Role::Lifted | Role::Title) => Magenta,
            (Palette::HighContrastLight, Role::Captured | Role::Error) => Red,
            (Palette::HighContrastLight, Role::SouthBull) => Black,
            (Palette::HighContrastLight, Role::NorthBull) => Magenta,
            (Palette::HighContrastLight, Role::Dim) => Black,
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
            Mark::Path => self
                .fg(self.c(Role::Path))
                .add_modifier(Modifier::UNDERLINED),
            Mark::Lifted => self.fg(self.c(Role::Lifted)).add_modifier(Modifier::ITALIC),
            Mark::Last => self
                .fg(self.c(Role::Last))
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            Mark::Captured => self
                .fg(self.c(Role::Captured))
                .add_modifier(Modifier::CROSSED_OUT | Modifier::BOLD),
        }
    }

    pub fn cursor(&self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }

    pub fn bull(&self, south: bool) -> Style {
        let c = self.c(if south {
            Role::SouthBull
        } else {
            Role::NorthBull
        });
        self.fg(c).add_modifier(Modifier::BOLD)
    }

    pub fn label(&self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }

    pub fn dim(&self) -> Style {
        if self.color {
            Style::default().fg(self.c(Role::Dim))
        } else {
            Style::default()
        }
    }

    pub fn title(&self) -> Style {
        self.fg(self.c(Role::Title)).add_modifier(Modifier::BOLD)
    }

    pub fn error(&self) -> Style {
        self.fg(self.c(Role::Error)).add_modifier(Modifier::BOLD)
    }

    pub fn key(&self) -> Style {
        self.fg(self.c(Role::Key)).add_modifier(Modifier::BOLD)
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

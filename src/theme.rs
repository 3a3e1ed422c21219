//! The palettes a player picks (`--theme`, the settings' `theme`): the
//! program's choice, by name. How each one is drawn is the client's
//! (`app::theme`).

/// The colours: for a dark or a light terminal background, or as far
/// apart as they go on either.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Palette {
    /// For a dark background
    #[default]
    Dark,
    /// For a light background
    Light,
    /// Bright colours only, for a dark background
    HighContrast,
    /// Black and dark colours only, for a white or light background
    HighContrastLight,
}

impl Palette {
    pub const ALL: [Palette; 4] = [
        Palette::Dark,
        Palette::Light,
        Palette::HighContrast,
        Palette::HighContrastLight,
    ];

    /// As the settings file and `--theme` write it.
    pub fn name(self) -> &'static str {
        match self {
            Palette::Dark => "dark",
            Palette::Light => "light",
            Palette::HighContrast => "high-contrast",
            Palette::HighContrastLight => "high-contrast-light",
        }
    }

    pub fn parse(s: &str) -> Option<Palette> {
        Palette::ALL.into_iter().find(|p| p.name() == s)
    }
}

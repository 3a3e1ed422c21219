//! Which of the three games: a word every part of the engine uses (the
//! errors, positions and decisions name their game with it).

use std::fmt;

/// Which of the three games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Enkeshui.
    Enkeshui,
    /// En Gehé.
    EnGehe,
    /// Bao la Kimasai.
    BaoLaKimasai,
}

impl GameKind {
    /// The three games.
    pub const ALL: [GameKind; 3] = [GameKind::Enkeshui, GameKind::EnGehe, GameKind::BaoLaKimasai];

    /// The name used in notation, records and the protocol.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Enkeshui => "enkeshui",
            GameKind::EnGehe => "en-gehe",
            GameKind::BaoLaKimasai => "bao-la-kimasai",
        }
    }

    /// The name players read.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Enkeshui => "Enkeshui",
            GameKind::EnGehe => "En Gehé",
            GameKind::BaoLaKimasai => "Bao la Kimasai",
        }
    }

    /// Reads a game's notation name (`bao` also names Bao la Kimasai).
    pub fn parse(s: &str) -> Option<GameKind> {
        match s {
            "enkeshui" => Some(GameKind::Enkeshui),
            "en-gehe" => Some(GameKind::EnGehe),
            "bao-la-kimasai" | "bao" => Some(GameKind::BaoLaKimasai),
            _ => None,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

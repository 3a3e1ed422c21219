//! Sides and the per-side pair.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// A player's seat. South sits at the bottom of the screen and moves first by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// South, at the bottom of the screen.
    South,
    /// North, at the top of the screen.
    North,
}

impl Side {
    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The opponent.
    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The lowercase name used in notation: `south` or `north`.
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// Capitalised, for sentences shown to players.
    pub fn title(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }

    /// Reads a lowercase name: `south` or `north`.
    pub fn parse(s: &str) -> Option<Side> {
        match s {
            "south" => Some(Side::South),
            "north" => Some(Side::North),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per side, indexed by [`Side`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PerSide<T> {
    /// South's value.
    pub south: T,
    /// North's value.
    pub north: T,
}

impl<T> PerSide<T> {
    /// South's value, then North's.
    pub fn new(south: T, north: T) -> Self {
        PerSide { south, north }
    }

    /// Applies `f` to each side's value.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> PerSide<U> {
        PerSide {
            south: f(self.south),
            north: f(self.north),
        }
    }
}

impl<T: Clone> PerSide<T> {
    /// The same value for both sides.
    pub fn both(v: T) -> Self {
        PerSide {
            south: v.clone(),
            north: v,
        }
    }
}

impl<T> Index<Side> for PerSide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

impl<T> IndexMut<Side> for PerSide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }
}

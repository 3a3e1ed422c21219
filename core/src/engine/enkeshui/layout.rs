//! Starting layouts: the named ones of RULES.md and custom counts.

use std::fmt;

/// Seeds in an Enkeshui game.
pub const SEEDS: u32 = 48;
/// Smallest and largest row allowed (8, 10 and 12 are traditional).
pub const MIN_HOLES: usize = 4;
/// Largest row allowed.
pub const MAX_HOLES: usize = 16;

/// A starting layout: each row from its owner's left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The layout's name, or `None` for custom counts.
    pub name: Option<&'static str>,
    /// South's row: seeds in holes 1..N.
    pub south: Vec<u16>,
    /// North's row: seeds in holes 1..N.
    pub north: Vec<u16>,
}

/// The named layouts: name, holes, own row, invented (no published source).
pub const NAMED: &[(&str, usize, &[u16], bool)] = &[
    (
        "12-alternate",
        12,
        &[0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3],
        false,
    ),
    ("8-left-empty", 8, &[0, 0, 4, 4, 4, 4, 4, 4], false),
    ("8-right-empty", 8, &[4, 4, 4, 4, 4, 4, 0, 0], false),
    ("10-left-empty", 10, &[0, 0, 3, 3, 3, 3, 3, 3, 3, 3], true),
];

/// Why a board could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// `--layout` is neither a known name nor seed counts.
    UnknownLayout(String),
    /// No named layout for this many holes; `--layout` must give counts.
    NoDefaultLayout(usize),
    /// `--holes` outside MIN_HOLES..=MAX_HOLES.
    HolesOutOfRange(usize),
    /// The layout gives neither N nor 2N counts.
    LayoutLength {
        /// Counts given.
        found: usize,
        /// Holes in each row.
        holes: usize,
    },
    /// The layout does not hold [`SEEDS`] seeds: its total.
    LayoutTotal(u32),
    /// A named layout for another number of holes.
    LayoutHoles {
        /// The layout's name.
        layout: &'static str,
        /// Holes the layout is for.
        layout_holes: usize,
        /// Holes asked for.
        holes: usize,
    },
    /// A count that is not a whole number of seeds.
    BadCount(String),
    /// Any other reason, as a sentence.
    Other(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::UnknownLayout(name) => {
                let names: Vec<&str> = NAMED.iter().map(|l| l.0).collect();
                write!(
                    f,
                    "unknown layout '{name}' (known: {}, or seed counts such as \"0 0 4 4 4 4 4 4\")",
                    names.join(", ")
                )
            }
            SetupError::NoDefaultLayout(n) => write!(
                f,
                "--holes {n}: Enkeshui is played with 8, 10 or 12 holes; for {n} holes give --layout with {n} or {} seed counts",
                2 * n
            ),
            SetupError::HolesOutOfRange(n) => write!(
                f,
                "--holes {n}: Enkeshui rows have {MIN_HOLES} to {MAX_HOLES} holes (8, 10 and 12 are traditional)"
            ),
            SetupError::LayoutLength { found, holes } => write!(
                f,
                "layout has {found} counts: expected {holes} (both rows alike) or {} (South's row then North's) for {holes} holes",
                2 * holes
            ),
            SetupError::LayoutTotal(total) => {
                write!(f, "layout holds {total} seeds: Enkeshui needs {SEEDS}")
            }
            SetupError::LayoutHoles {
                layout,
                layout_holes,
                holes,
            } => write!(
                f,
                "layout '{layout}' is for {layout_holes} holes, not {holes}"
            ),
            SetupError::BadCount(tok) => {
                write!(f, "layout count '{tok}' is not a whole number of seeds")
            }
            SetupError::Other(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for SetupError {}

impl Layout {
    /// Holes in each row (N).
    pub fn holes(&self) -> usize {
        self.south.len()
    }

    /// Traditional boards are 2x8, 2x10 and 2x12.
    pub fn is_traditional_size(&self) -> bool {
        matches!(self.holes(), 8 | 10 | 12)
    }

    /// The 2x10 layout has no published source.
    pub fn is_invented(&self) -> bool {
        NAMED
            .iter()
            .any(|(name, _, _, invented)| Some(*name) == self.name && *invented)
    }

    /// The named layout of RULES.md, both rows alike.
    pub fn named(name: &str) -> Result<Layout, SetupError> {
        let (name, _, row, _) = NAMED
            .iter()
            .find(|l| l.0 == name)
            .ok_or_else(|| SetupError::UnknownLayout(name.to_string()))?;
        Ok(Layout {
            name: Some(name),
            south: row.to_vec(),
            north: row.to_vec(),
        })
    }

    /// The default layout of a board size.
    pub fn default_for(holes: usize) -> Result<Layout, SetupError> {
        if !(MIN_HOLES..=MAX_HOLES).contains(&holes) {
            return Err(SetupError::HolesOutOfRange(holes));
        }
        let name = match holes {
            8 => "8-left-empty",
            10 => "10-left-empty",
            12 => "12-alternate",
            n => return Err(SetupError::NoDefaultLayout(n)),
        };
        Layout::named(name)
    }

    /// The layout a record names for a study (a game from a set-up
    /// position): the size's default, or 48 seeds spread evenly where the
    /// size has none (the first holes of each row take the remainder).
    pub fn for_study(holes: usize) -> Layout {
        if let Ok(layout) = Layout::default_for(holes) {
            return layout;
        }
        let holes = holes.clamp(MIN_HOLES, MAX_HOLES);
        let per_row = (SEEDS / 2) as usize;
        let row: Vec<u16> = (0..holes)
            .map(|i| (per_row / holes + usize::from(i < per_row % holes)) as u16)
            .collect();
        Layout {
            name: None,
            south: row.clone(),
            north: row,
        }
    }

    /// Reads `--holes` and `--layout` together: a layout name or seed counts
    /// separated by spaces or commas. Without `--holes` the size comes from
    /// the layout (a custom row of N counts holding 24, or 2N counts holding 48).
    pub fn from_options(holes: Option<usize>, layout: Option<&str>) -> Result<Layout, SetupError> {
        if let Some(n) = holes
            && !(MIN_HOLES..=MAX_HOLES).contains(&n)
        {
            return Err(SetupError::HolesOutOfRange(n));
        }
        let Some(spec) = layout.map(str::trim) else {
            return Layout::default_for(holes.unwrap_or(8));
        };
        if spec.chars().next().is_some_and(|c| c.is_ascii_digit())
            && !NAMED.iter().any(|l| l.0 == spec)
        {
            return Layout::custom(spec, holes);
        }
        let layout = Layout::named(spec)?;
        if let Some(n) = holes
            && n != layout.holes()
        {
            return Err(SetupError::LayoutHoles {
                layout: layout.name.unwrap_or("?"),
                layout_holes: layout.holes(),
                holes: n,
            });
        }
        Ok(layout)
    }

    fn custom(spec: &str, holes: Option<usize>) -> Result<Layout, SetupError> {
        let counts = spec
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(|t| t.parse::<u16>().map_err(|_| SetupError::BadCount(t.into())))
            .collect::<Result<Vec<u16>, _>>()?;
        let total: u32 = counts.iter().map(|&c| c as u32).sum();
        let holes = match holes {
            Some(n) => n,
            None if total * 2 == SEEDS => counts.len(),
            None if counts.len() % 2 == 0 => counts.len() / 2,
            None => counts.len(),
        };
        if !(MIN_HOLES..=MAX_HOLES).contains(&holes) {
            return Err(SetupError::HolesOutOfRange(holes));
        }
        let (south, north) = if counts.len() == holes {
            (counts.clone(), counts)
        } else if counts.len() == 2 * holes {
            (counts[..holes].to_vec(), counts[holes..].to_vec())
        } else {
            return Err(SetupError::LayoutLength {
                found: counts.len(),
                holes,
            });
        };
        let total: u32 = south.iter().chain(&north).map(|&c| c as u32).sum();
        if total != SEEDS {
            return Err(SetupError::LayoutTotal(total));
        }
        Ok(Layout {
            name: None,
            south,
            north,
        })
    }

    /// How players see it: the name, or the counts.
    pub fn describe(&self) -> String {
        match self.name {
            Some(n) => n.to_string(),
            None if self.south == self.north => join(&self.south),
            None => format!("{} | {}", join(&self.south), join(&self.north)),
        }
    }
}

fn join(row: &[u16]) -> String {
    row.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

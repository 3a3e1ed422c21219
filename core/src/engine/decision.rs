//! One decision of any of the three games, and its notation token: the one
//! place decisions are read from text and written as text (NOTATION.md).
//! The games read their tokens through it; the session, the AI's answer and
//! the client pass it typed, and only the protocol, the record and the words
//! shown to players turn it into text.

use super::GameKind;
use super::bao::{self, Row};
use super::core::{Direction, parse_canonical};
use super::enkeshui;
use super::error::{BadToken, Expected, MoveError};
use std::fmt;
use std::str::FromStr;

/// A decision of any game, as its token says it. The token's shapes do not
/// overlap, so a token reads the same whatever the game; which game takes
/// which shape is the game's to say ([`AnyDecision::fits`], [`AnyDecision::read`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyDecision {
    /// Sow own hole 1..N (Enkeshui, En Gehé): `5`.
    Hole(usize),
    /// The direction of the next relay lap (Enkeshui): `cw`, `ccw`.
    Direction(Direction),
    /// Enkeshui's special move: lift own holes `lift`, then give `add[k]`
    /// seeds to own hole k+1: `x3,5=0,2,4,0,1,0,0,3`.
    Special {
        /// The two own holes lifted, 1..N.
        lift: [usize; 2],
        /// Seeds given to each own hole, from hole 1.
        add: Vec<u16>,
    },
    /// Sow a Bao la Kimasai hole: `i3`, `o8`.
    Bao(bao::Move),
}

/// A text that is no decision of any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseDecisionError {
    /// Not a token of any shape.
    Unknown(String),
    /// Begins as a special move (`x`) but is not one.
    Special(String),
}

impl fmt::Display for ParseDecisionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseDecisionError::Unknown(t) => write!(
                f,
                "'{t}' is not a decision (a hole, i1..o8, cw, ccw or a special move x..)"
            ),
            ParseDecisionError::Special(t) => BadToken {
                token: t.clone(),
                expected: Expected::SpecialMove,
            }
            .fmt(f),
        }
    }
}

impl std::error::Error for ParseDecisionError {}

/// Reads a token written the one way the notation writes it (numbers with
/// no sign, space or leading zero).
impl FromStr for AnyDecision {
    type Err = ParseDecisionError;

    fn from_str(token: &str) -> Result<AnyDecision, ParseDecisionError> {
        if let Some(d) = Direction::parse(token) {
            return Ok(AnyDecision::Direction(d));
        }
        let unknown = || ParseDecisionError::Unknown(token.into());
        // A number a hole can be (`usize::MAX` stands for one too big).
        let hole = |t: &str| parse_canonical(t).filter(|&n| n != usize::MAX);
        if let Some(rest) = token.strip_prefix('x') {
            let bad = || ParseDecisionError::Special(token.into());
            let (holes, counts) = rest.split_once('=').ok_or_else(bad)?;
            let (a, b) = holes.split_once(',').ok_or_else(bad)?;
            let a = hole(a).ok_or_else(bad)?;
            let b = hole(b).ok_or_else(bad)?;
            let add = counts
                .split(',')
                .map(|c| hole(c).and_then(|n| u16::try_from(n).ok()).ok_or_else(bad))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(AnyDecision::Special { lift: [a, b], add });
        }
        let row = match token.as_bytes().first() {
            Some(b'i') => Some(Row::Inner),
            Some(b'o') => Some(Row::Outer),
            _ => None,
        };
        if let Some(row) = row {
            // Too big a hole reads as one (refused when played, by its number).
            let hole = parse_canonical(&token[1..]).ok_or_else(unknown)?;
            return Ok(AnyDecision::Bao(bao::Move { row, hole }));
        }
        hole(token).map(AnyDecision::Hole).ok_or_else(unknown)
    }
}

impl fmt::Display for AnyDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyDecision::Hole(h) => write!(f, "{h}"),
            AnyDecision::Direction(d) => f.write_str(d.token()),
            AnyDecision::Special { lift, add } => write_special(f, *lift, add),
            AnyDecision::Bao(m) => {
                let r = match m.row {
                    Row::Inner => 'i',
                    Row::Outer => 'o',
                };
                write!(f, "{r}{}", m.hole)
            }
        }
    }
}

/// The special move's token, for [`AnyDecision`] and Enkeshui's `Move`.
pub(crate) fn write_special(
    f: &mut fmt::Formatter<'_>,
    lift: [usize; 2],
    add: &[u16],
) -> fmt::Result {
    write!(f, "x{},{}=", lift[0], lift[1])?;
    for (k, c) in add.iter().enumerate() {
        if k > 0 {
            f.write_str(",")?;
        }
        write!(f, "{c}")?;
    }
    Ok(())
}

impl AnyDecision {
    /// Is this a direction (`cw`, `ccw`) rather than the start of a turn?
    pub fn is_direction(&self) -> bool {
        matches!(self, AnyDecision::Direction(_))
    }

    /// Reads a token as a decision of `game` (`holes`: its row's length,
    /// for the error): a token of another game's shape is refused with the
    /// words of this game.
    pub fn read(token: &str, game: GameKind, holes: usize) -> Result<AnyDecision, MoveError> {
        let bad = |expected| {
            MoveError::BadToken(BadToken {
                token: token.into(),
                expected,
            })
        };
        let of_game = Expected::Decision { game, holes };
        match token.parse::<AnyDecision>() {
            Ok(d) if d.fits(game) => Ok(d),
            Err(ParseDecisionError::Special(_)) if game == GameKind::Enkeshui => {
                Err(bad(Expected::SpecialMove))
            }
            _ => Err(bad(of_game)),
        }
    }

    /// Is this a shape of `game`'s decisions?
    pub fn fits(&self, game: GameKind) -> bool {
        match self {
            AnyDecision::Hole(_) => game != GameKind::BaoLaKimasai,
            AnyDecision::Direction(_) | AnyDecision::Special { .. } => game == GameKind::Enkeshui,
            AnyDecision::Bao(_) => game == GameKind::BaoLaKimasai,
        }
    }

    /// The Enkeshui decision, if this is one's shape.
    pub fn enkeshui(self) -> Option<enkeshui::Move> {
        match self {
            AnyDecision::Hole(h) => Some(enkeshui::Move::Sow(h)),
            AnyDecision::Direction(d) => Some(enkeshui::Move::Direction(d)),
            AnyDecision::Special { lift, add } => Some(enkeshui::Move::Special { lift, add }),
            AnyDecision::Bao(_) => None,
        }
    }

    /// The En Gehé decision (the hole sown), if this is one's shape.
    pub fn en_gehe(self) -> Option<usize> {
        match self {
            AnyDecision::Hole(h) => Some(h),
            _ => None,
        }
    }

    /// The Bao la Kimasai decision, if this is one's shape.
    pub fn bao(self) -> Option<bao::Move> {
        match self {
            AnyDecision::Bao(m) => Some(m),
            _ => None,
        }
    }
}

impl From<enkeshui::Move> for AnyDecision {
    fn from(m: enkeshui::Move) -> AnyDecision {
        match m {
            enkeshui::Move::Sow(h) => AnyDecision::Hole(h),
            enkeshui::Move::Direction(d) => AnyDecision::Direction(d),
            enkeshui::Move::Special { lift, add } => AnyDecision::Special { lift, add },
        }
    }
}

/// En Gehé's decision: the hole sown.
impl From<usize> for AnyDecision {
    fn from(hole: usize) -> AnyDecision {
        AnyDecision::Hole(hole)
    }
}

impl From<bao::Move> for AnyDecision {
    fn from(m: bao::Move) -> AnyDecision {
        AnyDecision::Bao(m)
    }
}

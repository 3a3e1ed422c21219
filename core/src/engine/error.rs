//! Why the engine refuses a decision: which rule, which hole, as data. The
//! words players read are built from it here, in one place.

use super::core::{Direction, Undecided};
use super::side::Side;
use super::{GameKind, HoleLabel};
use std::fmt;

/// A decision refused by the engine; the game is left as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The game is over.
    GameOver,
    /// The text is not a decision of this game.
    BadToken(BadToken),
    /// No such hole on this board.
    NoSuchHole(NoSuchHole),
    /// The hole has no seeds to sow.
    EmptyHole(HoleLabel),
    /// The hole is a bull and cannot be sown.
    BullHole(HoleLabel),
    /// The hole is out of play.
    ClosedHole(HoleLabel),
    /// The sowing would never end.
    Endless(EndlessSowing),
    /// A direction (`cw`/`ccw`) is asked for, or was given when none is asked.
    WrongDecision(WrongDecision),
    /// The direction's lap would come back to a choice already met this turn.
    Repeats(Direction),
    /// The special move is not allowed or not well formed.
    Special(SpecialError),
    /// Deciding whether the sowing ends needs more laps than the budget given
    /// (`play_within`); nothing was played.
    Undecided(Undecided),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::GameOver => f.write_str("the game is over"),
            MoveError::BadToken(e) => e.fmt(f),
            MoveError::NoSuchHole(e) => e.fmt(f),
            MoveError::EmptyHole(h) => write!(f, "hole {h} is empty"),
            MoveError::BullHole(h) => write!(f, "hole {h} is a bull"),
            MoveError::ClosedHole(h) => write!(f, "hole {h} is out of play"),
            MoveError::Endless(e) => e.fmt(f),
            MoveError::WrongDecision(e) => e.fmt(f),
            MoveError::Repeats(d) => {
                write!(f, "{d} would come back to a position already met this turn")
            }
            MoveError::Special(e) => e.fmt(f),
            MoveError::Undecided(u) => write!(f, "the sowing was {u}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// A text that is not a decision of the game it was given to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadToken {
    /// The text as given.
    pub token: String,
    /// What a decision of that game looks like.
    pub expected: Expected,
}

/// What a decision looks like, for the error that says a text is not one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A hole of a two-row game's row of `holes` (Enkeshui with `cw`, `ccw`
    /// and the special move besides).
    Decision {
        /// The game.
        game: GameKind,
        /// Holes in a row.
        holes: usize,
    },
    /// Enkeshui's special move `x3,5=0,2,...`.
    SpecialMove,
}

impl fmt::Display for BadToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let token = &self.token;
        match self.expected {
            Expected::Decision {
                game: GameKind::EnGehe,
                holes,
            } => write!(
                f,
                "'{token}' is not an En Gehé decision (a hole 1..{holes})"
            ),
            Expected::Decision {
                game: GameKind::Enkeshui,
                holes,
            } => write!(
                f,
                "'{token}' is not an Enkeshui decision (a hole 1..{holes}, cw, ccw or a special move x..)"
            ),
            Expected::Decision {
                game: GameKind::BaoLaKimasai,
                ..
            } => write!(
                f,
                "'{token}' is not a Bao la Kimasai decision (a hole i1..i8 or o1..o8)"
            ),
            Expected::SpecialMove => write!(
                f,
                "'{token}' is not a special move (write it like x3,5=0,2,4,0,1,0,0,3)"
            ),
        }
    }
}

/// A hole the board does not have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSuchHole {
    /// The hole asked for.
    pub hole: HoleLabel,
    /// Holes in a row (the two-row games).
    pub holes: usize,
}

impl fmt::Display for NoSuchHole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.hole {
            HoleLabel::Number(h) => {
                write!(f, "there is no hole {h} (holes are 1 to {})", self.holes)
            }
            HoleLabel::Bao(..) => write!(
                f,
                "there is no hole {} (holes are i1..i8 and o1..o8)",
                self.hole
            ),
        }
    }
}

/// A sowing that would go on for ever.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndlessSowing {
    /// The hole sown.
    pub hole: HoleLabel,
    /// Laps in the cycle it comes back to.
    pub period: u64,
}

impl fmt::Display for EndlessSowing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Bao's holes are named by their token (`i3`), the others' by a number.
        let hole = match self.hole {
            HoleLabel::Number(h) => format!("hole {h}"),
            HoleLabel::Bao(..) => self.hole.to_string(),
        };
        write!(
            f,
            "sowing {hole} would never end (it repeats every {} laps)",
            self.period
        )
    }
}

/// A decision of the wrong sort for this moment of the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrongDecision {
    /// A hole or a special move, when a direction is asked for.
    DirectionAsked,
    /// A direction, when none is asked for.
    NoDirectionAsked,
}

impl fmt::Display for WrongDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WrongDecision::DirectionAsked => "a direction is asked for: cw or ccw",
            WrongDecision::NoDirectionAsked => {
                "no direction is asked for: the turn has not crossed the opponent's row"
            }
        })
    }
}

/// Why Enkeshui's special move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpecialError {
    /// The rules have it off.
    Off,
    /// The side has made his one special move.
    AlreadyUsed(Side),
    /// Both holes lifted are the same.
    SameHole,
    /// A hole lifted is not on the board.
    NoSuchHole(usize),
    /// A hole lifted is empty, a bull or out of play.
    CannotLift(usize),
    /// The counts are not one per hole of the row.
    Counts {
        /// Counts given.
        given: usize,
        /// Holes in the row.
        holes: usize,
    },
    /// The counts do not add up to the seeds lifted.
    Sum {
        /// Seeds the counts add up to.
        given: u32,
        /// Seeds lifted.
        lifted: u32,
    },
    /// A count is given to a bull or a hole out of play.
    GivesToBull(usize),
    /// The row would stay as it was.
    NoChange,
}

impl fmt::Display for SpecialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SpecialError::Off => f.write_str("the special move is off (--special-move)"),
            SpecialError::AlreadyUsed(side) => {
                write!(f, "{side} has already made his special move")
            }
            SpecialError::SameHole => f.write_str("the special move lifts two different holes"),
            SpecialError::NoSuchHole(h) => write!(f, "there is no hole {h}"),
            SpecialError::CannotLift(h) => {
                write!(
                    f,
                    "hole {h} cannot be lifted (empty, a bull or out of play)"
                )
            }
            SpecialError::Counts { given, holes } => {
                write!(f, "the special move gives {given} counts, expected {holes}")
            }
            SpecialError::Sum { given, lifted } => write!(
                f,
                "the counts add up to {given}, but {lifted} seeds were lifted"
            ),
            SpecialError::GivesToBull(h) => {
                write!(f, "hole {h} is a bull or out of play and gets no seeds")
            }
            SpecialError::NoChange => f.write_str("the special move must change the row"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bao::Row;

    /// Every refusal's words, as players read them (the protocol's `error`
    /// lines, the client's status line, a record's refused decision).
    #[test]
    fn each_refusal_is_worded_from_its_kind() {
        let n = HoleLabel::Number;
        let cases: Vec<(MoveError, &str)> = vec![
            (MoveError::GameOver, "the game is over"),
            (
                MoveError::BadToken(BadToken {
                    token: "x".into(),
                    expected: Expected::Decision {
                        game: GameKind::EnGehe,
                        holes: 6,
                    },
                }),
                "'x' is not an En Gehé decision (a hole 1..6)",
            ),
            (
                MoveError::BadToken(BadToken {
                    token: "q".into(),
                    expected: Expected::Decision {
                        game: GameKind::Enkeshui,
                        holes: 8,
                    },
                }),
                "'q' is not an Enkeshui decision (a hole 1..8, cw, ccw or a special move x..)",
            ),
            (
                MoveError::BadToken(BadToken {
                    token: "3".into(),
                    expected: Expected::Decision {
                        game: GameKind::BaoLaKimasai,
                        holes: 8,
                    },
                }),
                "'3' is not a Bao la Kimasai decision (a hole i1..i8 or o1..o8)",
            ),
            (
                MoveError::BadToken(BadToken {
                    token: "x1".into(),
                    expected: Expected::SpecialMove,
                }),
                "'x1' is not a special move (write it like x3,5=0,2,4,0,1,0,0,3)",
            ),
            (
                MoveError::NoSuchHole(NoSuchHole {
                    hole: n(9),
                    holes: 8,
                }),
                "there is no hole 9 (holes are 1 to 8)",
            ),
            (
                MoveError::NoSuchHole(NoSuchHole {
                    hole: HoleLabel::Bao(Row::Outer, 0),
                    holes: 8,
                }),
                "there is no hole o0 (holes are i1..i8 and o1..o8)",
            ),
            (MoveError::EmptyHole(n(2)), "hole 2 is empty"),
            (
                MoveError::EmptyHole(HoleLabel::Bao(Row::Inner, 2)),
                "hole i2 is empty",
            ),
            (MoveError::BullHole(n(3)), "hole 3 is a bull"),
            (MoveError::ClosedHole(n(4)), "hole 4 is out of play"),
            (
                MoveError::Endless(EndlessSowing {
                    hole: n(5),
                    period: 8,
                }),
                "sowing hole 5 would never end (it repeats every 8 laps)",
            ),
            (
                MoveError::Endless(EndlessSowing {
                    hole: HoleLabel::Bao(Row::Inner, 6),
                    period: 120,
                }),
                "sowing i6 would never end (it repeats every 120 laps)",
            ),
            (
                MoveError::WrongDecision(WrongDecision::DirectionAsked),
                "a direction is asked for: cw or ccw",
            ),
            (
                MoveError::WrongDecision(WrongDecision::NoDirectionAsked),
                "no direction is asked for: the turn has not crossed the opponent's row",
            ),
            (
                MoveError::Repeats(Direction::Cw),
                "cw would come back to a position already met this turn",
            ),
            (
                MoveError::Undecided(Undecided { laps: 64 }),
                "the sowing was not decided within 64 laps",
            ),
        ];
        let special: Vec<(SpecialError, &str)> = vec![
            (
                SpecialError::Off,
                "the special move is off (--special-move)",
            ),
            (
                SpecialError::AlreadyUsed(Side::North),
                "north has already made his special move",
            ),
            (
                SpecialError::SameHole,
                "the special move lifts two different holes",
            ),
            (SpecialError::NoSuchHole(9), "there is no hole 9"),
            (
                SpecialError::CannotLift(2),
                "hole 2 cannot be lifted (empty, a bull or out of play)",
            ),
            (
                SpecialError::Counts { given: 3, holes: 8 },
                "the special move gives 3 counts, expected 8",
            ),
            (
                SpecialError::Sum {
                    given: 5,
                    lifted: 6,
                },
                "the counts add up to 5, but 6 seeds were lifted",
            ),
            (
                SpecialError::GivesToBull(7),
                "hole 7 is a bull or out of play and gets no seeds",
            ),
            (
                SpecialError::NoChange,
                "the special move must change the row",
            ),
        ];
        for (e, text) in cases
            .into_iter()
            .chain(special.into_iter().map(|(s, t)| (MoveError::Special(s), t)))
        {
            assert_eq!(e.to_string(), text, "{e:?}");
        }
    }
}

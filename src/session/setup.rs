//! One game's setup, whatever the game: its start position, Enkeshui's
//! layout and race, the seats as parsed players, the seed, the flip and the
//! team names. Built from a record here, or from the command line (or the
//! start menu, which fills in the same options) by `cli`'s conversions
//! into it, and written back into records from here. The client's display
//! options (speed, theme, ascii, saving) are not part of it: the app keeps
//! those once. The seats, the race's mode and the teams are named here, the
//! session's own words: the session imports nothing from `cli`.

use crate::ai::{Level, Player};
use crate::engine::AnyGame;
use crate::engine::enkeshui::Rules;
use crate::engine::enkeshui::play_match::{self, Next};
use crate::engine::enkeshui::race::Race;
use crate::engine::{GameKind, PerSide, Quiet, Side};
pub use crate::record::RaceMode;
use crate::record::{GameOptions, GameRecord, Record, RunOptions, Variant};

/// Who sits in a seat: a person at the keyboard or a built-in player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    /// The built-in AI at a level (easy, medium, hard, expert), or a
    /// calibration player (random, greedy, mcts).
    Ai(Player),
}

/// The seats a player may name, as `--help` and every seat error list them.
pub const SEAT_LEVELS: &str = Player::NAMES;

impl Seat {
    /// `ai` alone: the medium AI.
    pub const AI: Seat = Seat::Ai(Player::Level(Level::Medium));

    pub fn is_human(&self) -> bool {
        matches!(self, Seat::Human)
    }

    /// "human" or "ai:LEVEL", as records write seats.
    pub fn name(&self) -> String {
        match self {
            Seat::Human => "human".into(),
            Seat::Ai(p) => format!("ai:{}", p.name()),
        }
    }
}

/// A name that is no seat.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{}': a seat is human, ai (medium) or ai:LEVEL ({SEAT_LEVELS})", crate::text::excerpt(.0))]
pub struct BadSeat(pub String);

impl std::str::FromStr for Seat {
    type Err = BadSeat;

    fn from_str(s: &str) -> Result<Seat, BadSeat> {
        match s {
            "human" => Ok(Seat::Human),
            "ai" => Ok(Seat::AI),
            _ => s
                .strip_prefix("ai:")
                .and_then(Player::parse)
                .map(Seat::Ai)
                .ok_or_else(|| BadSeat(s.to_string())),
        }
    }
}

/// The two seats, and whether the board turns to the mover (`--flip`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    pub seats: PerSide<Seat>,
    pub flip: bool,
}

/// Team names of an En Gehé game: cosmetic, never part of the rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Teams {
    pub south: Option<String>,
    pub north: Option<String>,
}

impl Teams {
    /// "South" or "South (Loitha)".
    pub fn label(&self, side: Side) -> String {
        let name = match side {
            Side::South => &self.south,
            Side::North => &self.north,
        };
        match name {
            Some(team) => format!("{} ({team})", side.title()),
            None => side.title().to_string(),
        }
    }
}

/// The starting race of an Enkeshui game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaceOptions {
    pub mode: RaceMode,
    /// The racers' hole (None: the rightmost both can lift).
    pub hole: Option<usize>,
    /// How fast the AI racers drop seeds (None: the seat's level).
    pub speed: Option<crate::ai::Level>,
}

/// A game's setup.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The start position (Enkeshui: before its race).
    start: AnyGame,
    /// The game's options, settled: the seed and the flip always set, and
    /// Enkeshui's race and first mover (no other game records them).
    options: GameOptions,
    seats: PerSide<Seat>,
    /// Enkeshui set up from a position (a lesson, a puzzle), not from a
    /// layout: no race, and its title names only the game.
    from_position: bool,
}

/// Why a game cannot be set up (from the command line or a record); the
/// option or the record's field at fault.
#[derive(Debug, thiserror::Error)]
pub enum BadSetup {
    /// The command plays no game.
    #[error("not a game command (enkeshui, en-gehe or bao)")]
    NotAGame,
    /// An Enkeshui option refused.
    #[error(transparent)]
    Enkeshui(#[from] crate::engine::enkeshui::SetupError),
    /// An En Gehé board refused.
    #[error(transparent)]
    EnGehe(#[from] crate::engine::en_gehe::SetupError),
    /// An En Gehé or Bao option refused (the option and why).
    #[error("{0}")]
    Options(String),
    /// The race cannot start as asked.
    #[error(transparent)]
    Race(#[from] crate::engine::enkeshui::race::RaceError),
    /// The record's layout.
    #[error(transparent)]
    Layout(#[from] crate::record::RecordError),
    /// A seat of the record (`side`: south or north).
    #[error("seats.{side}: {error}")]
    Seat { side: &'static str, error: BadSeat },
    #[error("games: the record holds no game")]
    NoGame,
    /// The first game's start position.
    #[error("games[0].start: {0}")]
    Start(crate::engine::PositionError),
}

/// The run options as records write them: the seed and the flip always,
/// Enkeshui's race and first mover (`first`), never another game's.
fn settle(mut run: RunOptions, enkeshui_first: Option<Side>, flip: bool) -> RunOptions {
    run.seed = Some(run.seed.unwrap_or(0));
    run.flip = Some(flip);
    match enkeshui_first {
        Some(first) => {
            run.race = Some(run.race.unwrap_or(RaceMode::On));
            run.first = Some(first);
            run.south_team = None;
            run.north_team = None;
        }
        None => {
            run.race = None;
            run.race_hole = None;
            run.race_speed = None;
            run.first = None;
        }
    }
    run
}

impl Setup {
    /// A game from its options (the command line's, the start menu's, a
    /// record's), with these seats; the first mover is `options.run.first`
    /// (absent: South). Checks that Enkeshui's race can start as asked.
    pub fn new(options: GameOptions, seating: Seating) -> Result<Setup, BadSetup> {
        let first = options.run.first.unwrap_or(Side::South);
        let start = options.variant.start(first)?;
        let run = &options.run;
        if let AnyGame::Enkeshui(game) = &start
            && run.race != Some(RaceMode::Off)
            && run.race_hole.is_some()
        {
            Race::start(game, run.race_hole, &mut Quiet)?;
        }
        let enkeshui_first = (start.kind() == GameKind::Enkeshui).then_some(first);
        Ok(Setup {
            start,
            options: GameOptions {
                run: settle(options.run, enkeshui_first, seating.flip),
                variant: options.variant,
            },
            seats: seating.seats,
            from_position: false,
        })
    }

    /// A game from a set-up position (En Gehé's `--position`, a position
    /// played on), with these seats, teams and seed. An Enkeshui position
    /// has no race, and its rows stand for its layout.
    pub fn from_start(start: AnyGame, seating: Seating, teams: Teams, seed: u64) -> Setup {
        let variant = Variant::of(&start);
        let run = RunOptions {
            seed: Some(seed),
            south_team: teams.south,
            north_team: teams.north,
            ..RunOptions::default()
        };
        Setup {
            from_position: start.kind() == GameKind::Enkeshui,
            start,
            options: GameOptions {
                variant,
                run: settle(run, None, seating.flip),
            },
            seats: seating.seats,
        }
    }

    /// A set-up position that two people play at one keyboard (a lesson,
    /// a puzzle): both seats people's, no race, no match carried over.
    pub fn position(start: AnyGame) -> Setup {
        let seating = Seating {
            seats: PerSide::new(Seat::Human, Seat::Human),
            flip: false,
        };
        Setup::from_start(start, seating, Teams::default(), 0)
    }

    /// The setup a record stands for; the error names the record's field
    /// at fault. (Records are checked when read: these are the same checks,
    /// for a record made in memory.)
    pub fn from_record(record: &Record) -> Result<Setup, BadSetup> {
        let run = &record.options.run;
        let seat = |side: &'static str, name: &str| {
            name.parse::<Seat>()
                .map_err(|error| BadSetup::Seat { side, error })
        };
        let seating = Seating {
            seats: PerSide::new(
                seat("south", &record.seats.south)?,
                seat("north", &record.seats.north)?,
            ),
            flip: run.flip.unwrap_or(false),
        };
        let first = record.games.first().ok_or(BadSetup::NoGame)?;
        let start = AnyGame::from_position(&first.start).map_err(BadSetup::Start)?;
        // A study (an Enkeshui game from a set-up position) starts where its
        // record says, not at its layout.
        let study = first.race.is_none()
            && record
                .options
                .variant
                .start(start.to_move())
                .is_ok_and(|s| s.position_json() != start.position_json());
        if record.kind() != GameKind::Enkeshui || study {
            let teams = Teams {
                south: run.south_team.clone(),
                north: run.north_team.clone(),
            };
            return Ok(Setup::from_start(
                start,
                seating,
                teams,
                run.seed.unwrap_or(0),
            ));
        }
        // The game as the command line would set it up: the start position
        // (before the race) is the layout's with the record's first mover.
        Setup::new(record.options.clone(), seating)
    }

    /// The start position (Enkeshui: before its race).
    pub fn start(&self) -> &AnyGame {
        &self.start
    }

    /// The game's options, as its record keeps them.
    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The game's kind.
    pub fn kind(&self) -> GameKind {
        self.start.kind()
    }

    pub fn seat(&self, side: Side) -> &Seat {
        &self.seats[side]
    }

    /// Seats `side` with `seat` (taking over a replay of two AIs).
    pub fn set_seat(&mut self, side: Side, seat: Seat) {
        self.seats[side] = seat;
    }

    pub fn any_ai(&self) -> bool {
        !self.seat(Side::South).is_human() || !self.seat(Side::North).is_human()
    }

    pub fn all_ai(&self) -> bool {
        !self.seat(Side::South).is_human() && !self.seat(Side::North).is_human()
    }

    /// The random generator's seed (quick race, AI seats).
    pub fn seed(&self) -> u64 {
        self.options.run.seed.unwrap_or(0)
    }

    /// `--flip`: in a game of two people, the board turns to the mover.
    pub fn flip(&self) -> bool {
        self.options.run.flip.unwrap_or(false)
    }

    /// En Gehé's team names.
    pub fn teams(&self) -> Teams {
        Teams {
            south: self.options.run.south_team.clone(),
            north: self.options.run.north_team.clone(),
        }
    }

    /// Enkeshui's starting race (None: another game, or a position).
    pub fn race(&self) -> Option<RaceOptions> {
        let run = &self.options.run;
        (self.kind() == GameKind::Enkeshui && !self.from_position).then(|| RaceOptions {
            mode: run.race.unwrap_or(RaceMode::On),
            hole: run.race_hole,
            speed: run.race_speed,
        })
    }

    /// Is this Enkeshui match play (each game's score the next one's stock)?
    pub fn match_play(&self) -> bool {
        matches!(&self.start, AnyGame::Enkeshui(g) if g.rules().match_play)
    }

    /// The next game of a match, or its end, after its games' `scores`
    /// (the last one's is the next stock), the first game having started
    /// from the stock `first` (None: not a match).
    pub fn next_match_game(&self, first: PerSide<u32>, scores: &[PerSide<u32>]) -> Option<Next> {
        let (AnyGame::Enkeshui(g), Some(layout)) = (&self.start, self.options.variant.layout())
        else {
            return None;
        };
        (self.match_play() && !self.from_position)
            .then(|| play_match::next_game(layout, *g.rules(), first, scores))
    }

    /// Enkeshui's rules (None: another game).
    pub fn rules(&self) -> Option<Rules> {
        match &self.start {
            AnyGame::Enkeshui(g) => Some(*g.rules()),
            _ => None,
        }
    }

    /// A side's name with its team, if any: "South (Loitha)".
    pub fn side_label(&self, side: Side) -> String {
        self.teams().label(side)
    }

    /// "Enkeshui 2x12 (12-alternate)", "En Gehé 2x40", "Bao la Kimasai".
    pub fn title(&self) -> String {
        match (&self.start, self.options.variant.layout()) {
            (AnyGame::Enkeshui(_), Some(layout)) if !self.from_position => {
                let name = layout.name.unwrap_or("custom layout");
                let mut t = format!("Enkeshui 2x{} ({name})", layout.holes());
                if layout.is_invented() {
                    t.push_str(" [invented layout]");
                } else if !layout.is_traditional_size() {
                    t.push_str(" [non-traditional size]");
                }
                t
            }
            (AnyGame::EnGehe(g), _) => {
                let size = if g.is_traditional() {
                    ""
                } else {
                    " [non-traditional size]"
                };
                format!("En Gehé 2x{}{size}", g.holes())
            }
            (g, _) => g.kind().title().to_string(),
        }
    }

    /// The record of these games played with this setup.
    pub fn record(&self, games: Vec<GameRecord>) -> Record {
        Record {
            options: self.options.clone(),
            seats: PerSide::new(self.seats.south.name(), self.seats.north.name()),
            games,
        }
    }
}

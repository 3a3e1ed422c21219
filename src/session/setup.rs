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
use crate::engine::enkeshui::play_match::{self, Next};
use crate::engine::enkeshui::race::Race;
use crate::engine::enkeshui::{Enkeshui, Layout, Rules};
use crate::engine::{Game, GameKind, PerSide, PositionJson, Quiet, Side};
pub use crate::record::RaceMode;
use crate::record::{GameOptions, GameRecord, Record};
use serde_json::{Map, Value, json};

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

/// What only Enkeshui has: the layout (each game of a match refills it)
/// and the race; its rules are the start position's.
#[derive(Clone, Debug)]
struct EnkeshuiSetup {
    layout: Layout,
    race: RaceOptions,
    first: Side,
}

/// A game's setup.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The start position (Enkeshui: before its race).
    start: AnyGame,
    enkeshui: Option<EnkeshuiSetup>,
    seats: PerSide<Seat>,
    seed: u64,
    flip: bool,
    teams: Teams,
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

impl Setup {
    /// An Enkeshui game; checks that its race can start as asked.
    pub fn enkeshui(
        game: Enkeshui,
        layout: Layout,
        race: RaceOptions,
        seed: u64,
        seating: Seating,
    ) -> Result<Setup, BadSetup> {
        if race.mode != RaceMode::Off && race.hole.is_some() {
            Race::start(&game, race.hole, &mut Quiet)?;
        }
        let first = game.to_move();
        Ok(Setup {
            start: game.into(),
            enkeshui: Some(EnkeshuiSetup {
                layout,
                race,
                first,
            }),
            seats: seating.seats,
            seed,
            flip: seating.flip,
            teams: Teams::default(),
        })
    }

    /// En Gehé or Bao from its start position, with these seats and flip.
    pub fn other(start: AnyGame, seating: Seating, teams: Teams, seed: u64) -> Setup {
        Setup {
            start,
            enkeshui: None,
            seats: seating.seats,
            seed,
            flip: seating.flip,
            teams,
        }
    }

    /// A set-up position that two people play at one keyboard (a lesson,
    /// a puzzle): both seats people's, no race, no match carried over.
    pub fn position(start: AnyGame) -> Setup {
        Setup {
            start,
            enkeshui: None,
            seats: PerSide::new(Seat::Human, Seat::Human),
            seed: 0,
            flip: false,
            teams: Teams::default(),
        }
    }

    /// The setup a record stands for; the error names the record's field
    /// at fault. (Records are checked when read: these are the same checks,
    /// for a record made in memory.)
    pub fn from_record(record: &Record) -> Result<Setup, BadSetup> {
        let o = &record.options;
        let seat = |side: &'static str, name: &str| {
            name.parse::<Seat>()
                .map_err(|error| BadSetup::Seat { side, error })
        };
        let seats = Seating {
            seats: PerSide::new(
                seat("south", &record.seats.south)?,
                seat("north", &record.seats.north)?,
            ),
            flip: o.flip.unwrap_or(false),
        };
        let seed = o.seed.unwrap_or(0);
        let first = record.games.first().ok_or(BadSetup::NoGame)?;
        if record.game != GameKind::Enkeshui {
            let start = AnyGame::from_position(&first.start).map_err(BadSetup::Start)?;
            let teams = Teams {
                south: o.south_team.clone(),
                north: o.north_team.clone(),
            };
            return Ok(Setup::other(start, seats, teams, seed));
        }
        let layout = record.layout()?;
        let game = Enkeshui::from_position(&first.start).map_err(BadSetup::Start)?;
        // The game as the command line would set it up: the start position
        // (before the race) is the layout's with this first mover.
        let first_side = o.first.unwrap_or(Side::South);
        let game = Enkeshui::new(&layout, *game.rules()).with_first(first_side);
        let race = RaceOptions {
            mode: o.race.unwrap_or(RaceMode::On),
            hole: o.race_hole,
            speed: o.race_speed,
        };
        Setup::enkeshui(game, layout, race, seed, seats)
    }

    /// The start position (Enkeshui: before its race).
    pub fn start(&self) -> &AnyGame {
        &self.start
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
        self.seed
    }

    /// `--flip`: in a game of two people, the board turns to the mover.
    pub fn flip(&self) -> bool {
        self.flip
    }

    pub fn teams(&self) -> &Teams {
        &self.teams
    }

    /// Enkeshui's starting race (None: another game).
    pub fn race(&self) -> Option<RaceOptions> {
        self.enkeshui.as_ref().map(|e| e.race)
    }

    /// Is this Enkeshui match play (each game's score the next one's stock)?
    pub fn match_play(&self) -> bool {
        matches!(&self.start, AnyGame::Enkeshui(g) if g.rules().match_play)
    }

    /// The next game of a match, or its end, after its games' `scores`
    /// (the last one's is the next stock), the first game having started
    /// from the stock `first` (None: not a match).
    pub fn next_match_game(&self, first: PerSide<u32>, scores: &[PerSide<u32>]) -> Option<Next> {
        let (AnyGame::Enkeshui(g), Some(e)) = (&self.start, &self.enkeshui) else {
            return None;
        };
        self.match_play()
            .then(|| play_match::next_game(&e.layout, *g.rules(), first, scores))
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
        self.teams.label(side)
    }

    /// "Enkeshui 2x12 (12-alternate)", "En Gehé 2x40", "Bao la Kimasai".
    pub fn title(&self) -> String {
        match (&self.start, &self.enkeshui) {
            (AnyGame::Enkeshui(_), Some(e)) => {
                let name = e.layout.name.unwrap_or("custom layout");
                let mut t = format!("Enkeshui 2x{} ({name})", e.layout.holes());
                if e.layout.is_invented() {
                    t.push_str(" [invented layout]");
                } else if !e.layout.is_traditional_size() {
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
        let rules = games
            .last()
            .and_then(|g| g.start.get("rules"))
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        let mut options = GameOptions {
            seed: Some(self.seed),
            flip: Some(self.flip),
            south_team: self.teams.south.clone(),
            north_team: self.teams.north.clone(),
            ..GameOptions::default()
        };
        let variant = match (&self.start, &self.enkeshui) {
            (AnyGame::Enkeshui(_), Some(e)) => {
                options.race = Some(e.race.mode);
                options.race_hole = e.race.hole;
                options.race_speed = e.race.speed;
                options.first = Some(e.first);
                crate::record::enkeshui_variant(&e.layout)
            }
            (AnyGame::EnGehe(g), _) => {
                let mut m = Map::new();
                m.insert("holes".into(), json!(g.holes()));
                m
            }
            _ => Map::new(),
        };
        Record {
            game: self.kind(),
            variant,
            rules,
            seats: PerSide::new(self.seats.south.name(), self.seats.north.name()),
            options,
            games,
        }
    }
}

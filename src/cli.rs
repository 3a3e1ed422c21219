//! Command-line options, shared by the binary and the protocol's `new` command.

use crate::ai::Level;
use crate::engine::bao::{self, Bao};
use crate::engine::en_gehe::{self, EnGehe};
use crate::engine::enkeshui::{
    DEFAULT_MATCH_GAMES, DEFAULT_MAX_TURNS, Enkeshui, Layout, Rules, SetupError, SpecialMove,
    Unfilled,
};
use crate::engine::{AnyGame, Game, GameKind, PerSide, Side};
use clap::{Args, Parser, Subcommand, ValueEnum};
// The session's vocabulary, which the options below are read into.
use crate::record::{GameOptions, RunOptions, Variant};
pub use crate::session::setup::{BadSeat, SEAT_LEVELS, Seat, Teams};
use crate::session::setup::{BadSetup, RaceMode, Seating, Setup};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "masai-mancala",
    version,
    about = "Masai mancalas in the terminal: Enkeshui, En Gehé and Bao la Kimasai",
    long_about = None,
    disable_version_flag = true
)]
pub struct Cli {
    /// Print the version (with --verbose: also the record format and engine protocol versions)
    #[arg(short = 'V', long)]
    pub version: bool,
    /// With --version: the versions of the record format and the engine protocol too
    #[arg(long, requires = "version")]
    pub verbose: bool,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The version of the `engine` line protocol (docs/NOTATION.md).
pub const ENGINE_PROTOCOL_VERSION: u32 = 1;

/// What `--version` prints, and with `--verbose` the versions of what the
/// program reads and speaks.
pub fn version_text(verbose: bool) -> String {
    let mut s = format!("masai-mancala {}\n", env!("CARGO_PKG_VERSION"));
    if verbose {
        s.push_str(&format!(
            "record format: {} version {}\nengine protocol: version {ENGINE_PROTOCOL_VERSION}\n",
            crate::record::FORMAT,
            crate::record::VERSION
        ));
    }
    s
}

/// The program's name, as installed and as the shells complete it.
pub const BIN: &str = "masai-mancala";

/// A value parser that accepts what `parser` accepts and offers `hints` to
/// the shell completion scripts (clap_complete completes an option's
/// possible values). The arguments that use it hide their possible values,
/// so `--help` keeps its own words: the hints are the usual values, not the
/// only ones (`--holes 14` still works with a custom layout).
#[derive(Clone)]
pub struct Hinted<P> {
    parser: P,
    hints: &'static [&'static str],
}

impl<P> Hinted<P> {
    pub fn new(parser: P, hints: &'static [&'static str]) -> Self {
        Hinted { parser, hints }
    }
}

impl<P> clap::builder::TypedValueParser for Hinted<P>
where
    P: clap::builder::TypedValueParser,
{
    type Value = P::Value;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        self.parser.parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            self.hints
                .iter()
                .map(|h| clap::builder::PossibleValue::new(*h)),
        ))
    }
}

/// The values completed for each kind of option (tests check each is accepted).
pub mod hints {
    /// Enkeshui's traditional sizes.
    pub const ENKESHUI_HOLES: &[&str] = &["8", "10", "12"];
    /// En Gehé's traditional sizes.
    pub const EN_GEHE_HOLES: &[&str] = &[
        "40", "41", "42", "43", "44", "45", "46", "47", "48", "49", "50",
    ];
    /// Enkeshui's named layouts.
    pub const LAYOUTS: &[&str] = &[
        "12-alternate",
        "8-left-empty",
        "8-right-empty",
        "10-left-empty",
    ];
    /// The AI levels.
    pub const LEVELS: &[&str] = &["easy", "medium", "hard", "expert"];
    /// The levels, the calibration players and the hint (the arena's).
    pub const PLAYERS: &[&str] = &[
        "random", "greedy", "mcts", "easy", "medium", "hard", "expert", "hint",
    ];
    /// Who can sit in a seat.
    pub const SEATS: &[&str] = &[
        "human",
        "ai",
        "ai:random",
        "ai:greedy",
        "ai:mcts",
        "ai:easy",
        "ai:medium",
        "ai:hard",
        "ai:expert",
    ];
    /// The games' names.
    pub const GAMES: &[&str] = &["enkeshui", "en-gehe", "bao-la-kimasai"];
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Enkeshui: 2 rows of 8, 10 or 12 holes, 48 seeds, relay, bulls, a starting race
    Enkeshui(EnkeshuiArgs),
    /// Bao la Kimasai: 4 rows of 8, 64 cows, reserves brought in (phase 1), then steals (phase 2)
    #[command(name = "bao-la-kimasai", visible_alias = "bao")]
    BaoLaKimasai(BaoArgs),
    /// En Gehé: 2 rows of 40 to 50 holes, 4 seeds each, relay sowing, captures
    EnGehe(EnGeheArgs),
    /// The rules engine over standard input and output (the line protocol of NOTATION.md)
    #[command(long_about = ENGINE_HELP)]
    Engine(EngineArgs),
    /// Replay a saved game: step through it in the terminal, or check or print it
    Replay(ReplayArgs),
    /// Continue an unfinished saved game (by default the last one of the data folder)
    Resume(ResumeArgs),
    /// Every decision of a position with its value, proven results exact ("win +4 in 5 turns")
    #[command(visible_alias = "analyze")]
    Analyse(AnalyseArgs),
    /// Lessons: short guided positions for each game, checked by the engine
    Learn(LearnArgs),
    /// Play two players (AI levels, random, greedy or an outside engine) against each other
    #[command(long_about = ARENA_HELP)]
    Arena(ArenaArgs),
    /// Show or edit the settings file (defaults for seats, speeds, theme, keys, sizes)
    #[command(long_about = CONFIG_HELP)]
    Config(ConfigArgs),
    /// Your results against each AI level in each game, and your strength on the levels' Elo scale
    Stats {
        /// Print them as JSON
        #[arg(long)]
        json: bool,
    },
    /// Print the manual page (roff), or write the pages of every subcommand to a folder
    Man {
        /// Write masai-mancala.1 and masai-mancala-SUBCOMMAND.1 into this folder instead
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Print a completion script for a shell (bash, zsh, fish, elvish, powershell)
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Measure the client's rendering: time to first frame and a frame of a 2x50 board
    #[command(hide = true)]
    BenchRender {
        /// Frames to render for the average
        #[arg(long, default_value_t = 2000)]
        frames: u32,
    },
}

const CONFIG_HELP: &str = "Shows or edits the settings file, \
$XDG_CONFIG_HOME/masai-mancala/config.toml (~/.config/masai-mancala/config.toml when \
XDG_CONFIG_HOME is unset). It sets defaults for the seats and the AI level, the animation \
and race speeds, --ascii, --instant, --flip, the theme, the key bindings and each game's size; \
options on the command line override it, and NO_COLOR in the environment turns colour off \
whatever the theme. A bad file is reported (file, line, what is wrong) and the program runs \
on the defaults; it is never rewritten.";

/// Options of the `config` subcommand.
#[derive(Args, Debug, Clone)]
#[group(required = true, multiple = false)]
pub struct ConfigArgs {
    /// Print each setting in effect and where it came from (default, file line, environment)
    #[arg(long)]
    pub print: bool,
    /// Open the file in $EDITOR (or vi), creating it with every setting commented out if missing
    #[arg(long)]
    pub edit: bool,
    /// Print the path of the settings file
    #[arg(long)]
    pub path: bool,
}

const ENGINE_HELP: &str = "The rules engine over standard input and output: one command per line, \
one answer line per command (new, position, moves, legal, state, perft, go, stop, quit). \
`go [depth D] [movetime MS] [level L] [seed N]` asks the built-in AI (level easy, medium \
(default), hard or expert; also random and greedy): depth fixes the search depth (then \
it thinks at most 10 s unless movetime is given), movetime sets the time budget (without a \
level: the best decision found in that time). \
`stop` ends a running go, perft or long legality check; `quit` exits at any time; at the \
end of input, a command still running a quarter of a second later is stopped. \
Before any `new` or `position`, the game is Enkeshui 2x8 from its start.";

const REVIEW_HELP: &str = "No terminal: the AI's review of every decision. Each decision is \
judged by a search of a fixed number of nodes (the same result on any machine): the value of the \
decision played for its player, the best alternative and its value, and the loss in seeds (cows in \
Bao). Marks: a mistake loses 2 seeds (cows) or more, a blunder 5 or more, or throws away a forced \
win, or walks into a forced loss; \"only good move\": the best decision when every other one would \
have been a mistake; \"gives up\": keeps a forced win (or a lost game lost) but for fewer seeds; \
\"the game turned here\": where a player's value falls by more than a blunder over a game and \
none of his decisions is marked, the decision before which it fell most (the search found nothing \
better within its budget). Then per player: accuracy (the share of decisions within half a seed \
of the best; decisions without a choice are not counted; never 100% where the game turned), \
mistakes, blunders and the largest loss.";

/// Options of the `analyse` subcommand.
#[derive(Args, Debug, Clone)]
pub struct AnalyseArgs {
    /// The position: a file of its JSON or its one line, or the line itself
    /// ("enkeshui 0,0,4x6/0,0,4x6 s 0-0 1")
    #[arg(value_name = "POSITION", allow_hyphen_values = true)]
    pub position: String,
    /// Search this many decisions deep instead of the review's budget
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Print the values as one JSON object
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug, Clone)]
#[command(group(clap::ArgGroup::new("printed").args(["review", "position"])))]
pub struct ReplayArgs {
    /// The record (a JSON file written by --save or the autosave)
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
    /// No terminal: replay every decision through the engine and print the result
    #[arg(long, conflicts_with = "print")]
    pub check: bool,
    /// No terminal: print the game as text (moves and board diagrams)
    #[arg(long, conflicts_with = "review")]
    pub print: bool,
    /// No terminal: the AI's review of every decision (value, best alternative, loss, marks) and a summary per player
    #[arg(long, conflicts_with = "check", long_help = REVIEW_HELP)]
    pub review: bool,
    /// No terminal: print the position before decision N (counted from 1 over the
    /// whole record; one past the last is the final position) in its one line
    #[arg(long, value_name = "N", conflicts_with_all = ["check", "print", "review"])]
    pub position: Option<usize>,
    /// With --review: print the review as one JSON object; with --position: the position JSON
    #[arg(long, requires = "printed")]
    pub json: bool,
    /// Draw with ASCII characters only
    #[arg(long)]
    pub ascii: bool,
    /// Milliseconds per seed in the animation, 1 to 5000
    #[arg(long, value_name = "MS", default_value_t = 90, value_parser = parse_speed)]
    pub speed: u64,
    /// Colours for a dark or light terminal, or high contrast on either [default: dark, or the settings file's]
    #[arg(long, value_enum, value_name = "THEME")]
    pub theme: Option<crate::theme::Palette>,
    /// Plain lines on standard input and output, for screen readers, braille and scripts
    #[arg(long)]
    pub plain: bool,
    /// With --plain: lines at most N columns wide, 20 to 80 (40 for a 40-cell braille display) [default: 80]
    #[arg(long, value_name = "N", requires = "plain",
          value_parser = clap::value_parser!(u16).range(20..=80))]
    pub width: Option<u16>,
}

#[derive(Args, Debug, Clone, Default)]
pub struct LearnArgs {
    /// The game: enkeshui, en-gehe or bao-la-kimasai (bao) [default: all three, in that order]
    #[arg(value_name = "GAME", hide_possible_values = true,
          value_parser = Hinted::new(clap::builder::StringValueParser::new(), hints::GAMES))]
    pub game: Option<String>,
    /// No terminal: list the lessons, with those done marked [x]
    #[arg(long)]
    pub list: bool,
    /// Puzzles from real games instead of lessons: one decision alone keeps the best result (with --list: list them by grade, solved ones marked x)
    #[arg(long)]
    pub puzzles: bool,
    /// Draw with ASCII characters only
    #[arg(long)]
    pub ascii: bool,
    /// Milliseconds per seed in the animation, 1 to 5000
    #[arg(long, value_name = "MS", default_value_t = 90, value_parser = parse_speed)]
    pub speed: u64,
    /// Plain lines on standard input and output, for screen readers, braille and scripts
    #[arg(long)]
    pub plain: bool,
    /// With --plain: lines at most N columns wide, 20 to 80 (40 for a 40-cell braille display) [default: 80]
    #[arg(long, value_name = "N", requires = "plain",
          value_parser = clap::value_parser!(u16).range(20..=80))]
    pub width: Option<u16>,
}

/// A value of the command line refused (clap puts it after the option).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    #[error("{what}, a whole number from {low} to {high}{why}")]
    OutOfRange {
        what: &'static str,
        low: u64,
        high: u64,
        why: &'static str,
    },
    #[error("'{}': a race speed is easy, medium, hard or expert", crate::text::excerpt(.0))]
    RaceSpeed(String),
    #[error("'{}': a seat is human, ai (medium) or ai:LEVEL ({SEAT_LEVELS})", crate::text::excerpt(.0))]
    Seat(String),
    #[error("learn: unknown game '{}' (enkeshui, en-gehe or bao-la-kimasai)", crate::text::excerpt(.0))]
    Game(String),
}

impl LearnArgs {
    /// The game asked for, if any; an unknown name is an error line.
    pub fn kind(&self) -> Result<Option<crate::engine::GameKind>, ValueError> {
        match &self.game {
            None => Ok(None),
            Some(name) => crate::engine::GameKind::parse(name)
                .map(Some)
                .ok_or_else(|| ValueError::Game(name.clone())),
        }
    }
}

#[derive(Args, Debug, Clone)]
pub struct ResumeArgs {
    /// The record to continue [default: the newest unfinished game in the data folder]
    #[arg(value_name = "FILE")]
    pub file: Option<std::path::PathBuf>,
    /// No animation: every move lands at once
    #[arg(long)]
    pub instant: bool,
    /// Draw with ASCII characters only
    #[arg(long)]
    pub ascii: bool,
    /// Milliseconds per seed in the animation, 1 to 5000
    #[arg(long, value_name = "MS", default_value_t = 90, value_parser = parse_speed)]
    pub speed: u64,
    /// Colours for a dark or light terminal, or high contrast on either [default: dark, or the settings file's]
    #[arg(long, value_enum, value_name = "THEME")]
    pub theme: Option<crate::theme::Palette>,
    /// Plain lines on standard input and output, for screen readers, braille and scripts
    #[arg(long)]
    pub plain: bool,
    /// With --plain: lines at most N columns wide, 20 to 80 (40 for a 40-cell braille display) [default: 80]
    #[arg(long, value_name = "N", requires = "plain",
          value_parser = clap::value_parser!(u16).range(20..=80))]
    pub width: Option<u16>,
    /// With --plain: how much a turn says: brief (the move, how it ended, who leads), normal (and the score) or full (the laps and every relay) [default: normal]
    #[arg(long, value_enum, value_name = "LEVEL", requires = "plain")]
    pub verbosity: Option<crate::plain::words::Verbosity>,
}

const ARENA_HELP: &str = "Plays A against B for --games games and prints a summary from A's side \
(wins, draws, losses, mean score margin, mean turns, think times, Elo difference with its 95% error). \
Players: random, greedy, easy, medium, hard, expert, hint (the client's hint: the judge's best \
decision, at its own budget), or 'cmd:PROGRAM ARGS' for an outside program \
speaking the engine protocol (it gets `position`, `moves` within a turn, then `go movetime T`; \
garbage, an illegal decision or no answer in time loses that game). Games start without a race, \
South to move; A sits South in odd-numbered games and North in even ones, and each pair of games \
starts from the same seeded random opening of --opening turns. Progress goes to standard error.";

/// Options of the `engine` subcommand.
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// The AI's transposition table for `go`, in MiB (default: each level's own, at most 16)
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u16).range(0..=1024))]
    pub hash_mb: Option<u16>,
}

/// The layout of `--holes` and `--layout`, with the blame on the option at
/// fault: a count below zero, or a number of counts that makes no board
/// when `--holes` was not given.
pub fn layout_from_options(
    holes: Option<usize>,
    layout: Option<&str>,
) -> Result<Layout, SetupError> {
    let Some(spec) = layout else {
        return Layout::from_options(holes, None);
    };
    let quoted = crate::text::excerpt(spec.trim());
    let counts: Vec<&str> = spec
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    if let Some(negative) = counts.iter().find(|t| {
        t.strip_prefix('-')
            .is_some_and(|d| d.parse::<u64>().is_ok())
    }) {
        return Err(SetupError::Other(format!(
            "--layout \"{quoted}\": {negative} is a negative count of seeds"
        )));
    }
    match Layout::from_options(holes, Some(spec)) {
        Err(SetupError::HolesOutOfRange(_)) if holes.is_none() => Err(SetupError::Other(format!(
            "--layout \"{quoted}\": {} counts make no board: give N counts (both rows alike) or 2N (South's row then North's), N from {} to {}",
            counts.len(),
            crate::engine::enkeshui::MIN_HOLES,
            crate::engine::enkeshui::MAX_HOLES
        ))),
        other => other,
    }
}

/// Options of the `arena` subcommand.
#[derive(Args, Debug, Clone)]
pub struct ArenaArgs {
    /// The game: enkeshui, en-gehe or bao-la-kimasai (bao)
    #[arg(help_heading = RULES, long, default_value = "enkeshui", hide_possible_values = true,
          value_parser = Hinted::new(clap::builder::StringValueParser::new(), hints::GAMES))]
    pub game: String,
    /// Holes per row
    #[arg(help_heading = RULES, long, value_name = "N")]
    pub holes: Option<usize>,
    /// Starting layout (as for the game's subcommand)
    #[arg(help_heading = RULES, long, value_name = "NAME|COUNTS", allow_hyphen_values = true, hide_possible_values = true,
          value_parser = Hinted::new(clap::builder::StringValueParser::new(), hints::LAYOUTS))]
    pub layout: Option<String>,
    /// Allow captures at the end of any lap
    #[arg(help_heading = RULES, long)]
    pub capture_after_relay: bool,
    /// Safety rule: the game ends after this many turns
    #[arg(help_heading = RULES, long, value_name = "N")]
    pub max_turns: Option<u32>,
    /// Player A (the summary is from A's side)
    #[arg(help_heading = PLAYERS, long, value_name = "PLAYER", hide_possible_values = true,
          value_parser = Hinted::new(clap::builder::StringValueParser::new(), hints::PLAYERS))]
    pub a: String,
    /// Player B
    #[arg(help_heading = PLAYERS, long, value_name = "PLAYER", hide_possible_values = true,
          value_parser = Hinted::new(clap::builder::StringValueParser::new(), hints::PLAYERS))]
    pub b: String,
    /// Number of games (A and B swap sides every game)
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// Seed of the openings and the players' random choices
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Think time per decision for both players, in ms: 0 to 86400000, a day (default: each level's own)
    #[arg(help_heading = PLAYERS, long, value_name = "MS", value_parser = parse_think_ms)]
    pub think_ms: Option<u64>,
    /// Random turns played before the players take over, 0 to 1000, never the game's end (1: South's first move is random)
    #[arg(long, default_value_t = 1, value_parser = parse_opening)]
    pub opening: u32,
    /// Print one JSON object instead of the text summary
    #[arg(long)]
    pub json: bool,
    /// The AI's transposition table per player, in MiB (default: each level's own, at most 16)
    #[arg(help_heading = PLAYERS, long, value_name = "MB", value_parser = clap::value_parser!(u16).range(0..=1024))]
    pub hash_mb: Option<u16>,
    /// Games played at once, one thread each, 1 to 64 (the results do not depend on it)
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = parse_jobs)]
    pub jobs: usize,
    /// Write every game's record: the file PATH for one game, else numbered files in the folder PATH
    #[arg(help_heading = SAVING, long, value_name = "PATH")]
    pub save: Option<std::path::PathBuf>,
}

impl ArenaArgs {
    /// The records' variant for this start position.
    pub fn variant(&self, start: &AnyGame) -> Variant {
        match (
            start,
            layout_from_options(self.holes, self.layout.as_deref()),
        ) {
            (AnyGame::Enkeshui(g), Ok(layout)) => Variant::Enkeshui {
                layout,
                rules: *g.rules(),
            },
            _ => Variant::of(start),
        }
    }

    /// The `new` words of the start position.
    pub fn game_words(&self) -> Vec<String> {
        let mut w = vec![self.game.clone()];
        if let Some(n) = self.holes {
            w.extend(["--holes".into(), n.to_string()]);
        }
        if let Some(l) = &self.layout {
            w.extend(["--layout".into(), l.clone()]);
        }
        if self.capture_after_relay {
            w.push("--capture-after-relay".into());
        }
        if let Some(m) = self.max_turns {
            w.extend(["--max-turns".into(), m.to_string()]);
        }
        if self.game == "enkeshui" {
            w.extend(["--race".into(), "off".into()]);
        }
        w
    }
}

/// `s` as a whole number within `range`, or an error naming `what` is
/// counted and the range (then `why`).
fn number_in<T>(
    s: &str,
    range: std::ops::RangeInclusive<u64>,
    what: &'static str,
    why: &'static str,
) -> Result<T, ValueError>
where
    T: TryFrom<u64>,
{
    let refused = || ValueError::OutOfRange {
        what,
        low: *range.start(),
        high: *range.end(),
        why,
    };
    s.parse::<u64>()
        .ok()
        .filter(|n| range.contains(n))
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(refused)
}

/// `--think-ms`: never more than the engine protocol's longest `movetime`,
/// which a correct outside engine refuses (it would lose every game).
fn parse_think_ms(s: &str) -> Result<u64, ValueError> {
    number_in(
        s,
        0..=crate::limits::MAX_MOVETIME_MS,
        "milliseconds per decision",
        " (a day: the longest movetime of the engine protocol)",
    )
}

fn parse_opening(s: &str) -> Result<u32, ValueError> {
    number_in(s, 0..=crate::limits::MAX_OPENING as u64, "random turns", "")
}

fn parse_jobs(s: &str) -> Result<usize, ValueError> {
    number_in(s, 1..=crate::limits::MAX_JOBS as u64, "games at once", "")
}

/// `--speed`: the settings file's range (a huge one froze every animation).
fn parse_speed(s: &str) -> Result<u64, ValueError> {
    number_in(
        s,
        1..=crate::limits::MAX_SPEED_MS,
        "milliseconds per seed",
        "",
    )
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    South,
    North,
}

impl From<SideArg> for Side {
    fn from(s: SideArg) -> Side {
        match s {
            SideArg::South => Side::South,
            SideArg::North => Side::North,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RaceArg {
    /// The players race for the first move
    On,
    /// No race: South moves first (or --first)
    Off,
    /// A race decided at once by the seeded random generator
    Quick,
}

impl From<RaceArg> for RaceMode {
    fn from(r: RaceArg) -> RaceMode {
        match r {
            RaceArg::On => RaceMode::On,
            RaceArg::Off => RaceMode::Off,
            RaceArg::Quick => RaceMode::Quick,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SpecialArg {
    Off,
    Once,
    Any,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum UnfilledArg {
    /// Unfilled holes start empty and stay in play
    Open,
    /// Unfilled holes are out of play for that game
    Closed,
}

impl Command {
    /// The client's options of a game command (`enkeshui`, `en-gehe`, `bao`).
    pub fn client(&self) -> Option<&ClientArgs> {
        match self {
            Command::Enkeshui(a) => Some(&a.client),
            Command::EnGehe(a) => Some(&a.client),
            Command::BaoLaKimasai(a) => Some(&a.client),
            _ => None,
        }
    }
}

#[derive(Args, Debug, Clone)]
pub struct EnkeshuiArgs {
    /// Holes per row: 8, 10 or 12 (4..16 with a custom --layout) [default: 8, or the settings file's; with --layout: the layout's]
    #[arg(help_heading = RULES, long, value_name = "N", hide_possible_values = true,
          value_parser = Hinted::new(parse_count, hints::ENKESHUI_HOLES))]
    pub holes: Option<usize>,
    /// Starting layout: 12-alternate, 8-left-empty, 8-right-empty, 10-left-empty, or seed counts
    /// ("0 0 4 4 4 4 4 4": both rows alike, or 2N counts: South's row then North's). Default: the size's own layout
    // A layout may start with a minus sign: it is refused as a negative count, not taken for an option.
    #[arg(help_heading = RULES, long, value_name = "NAME|COUNTS", allow_hyphen_values = true, hide_possible_values = true,
          value_parser = Hinted::new(clap::builder::StringValueParser::new(), hints::LAYOUTS))]
    pub layout: Option<String>,
    /// The starting race
    #[arg(help_heading = RULES, long, value_enum, default_value = "on")]
    pub race: RaceArg,
    /// The racers' hole, from each player's left [default: the rightmost hole both can lift]
    #[arg(help_heading = RULES, long, value_name = "K")]
    pub race_hole: Option<usize>,
    /// How fast the AI racers drop seeds: easy, medium, hard or expert [default: the AI seat's level]
    #[arg(help_heading = RULES, long, value_name = "LEVEL", hide_possible_values = true,
          value_parser = Hinted::new(parse_race_speed, hints::LEVELS))]
    pub race_speed: Option<Level>,
    /// Who moves first when there is no race
    #[arg(help_heading = RULES, long, value_enum, default_value = "south")]
    pub first: SideArg,
    /// Allow captures at the end of any lap, not only the first (as in Russ)
    #[arg(help_heading = RULES, long)]
    pub capture_after_relay: bool,
    /// The special move: redistribute two of your holes instead of sowing
    #[arg(help_heading = RULES, long, value_enum, default_value = "off")]
    pub special_move: SpecialArg,
    /// Safety rule: the game ends after this many turns
    #[arg(help_heading = RULES, long, value_name = "N", default_value_t = DEFAULT_MAX_TURNS)]
    pub max_turns: u32,
    /// Match play: each game's score is the player's stock for the next
    #[arg(help_heading = RULES, long = "match")]
    pub match_play: bool,
    /// Match play: holes a player could not fill
    #[arg(help_heading = RULES, long, value_enum, default_value = "open")]
    pub unfilled: UnfilledArg,
    /// Match play: the match ends after this many games at most (and when the carry-over repeats)
    #[arg(help_heading = RULES, long, value_name = "N", default_value_t = DEFAULT_MATCH_GAMES)]
    pub match_games: u32,
    /// Start from a position (a study): a file of its JSON or its one line, or the line
    /// itself ("enkeshui 0,0,4x6/0,0,4x6 s 0-0 1"); it sets the board, bulls, side to move and rules
    #[arg(help_heading = RULES, long, value_name = "FILE|LINE", allow_hyphen_values = true,
          conflicts_with_all = ["holes", "layout", "race", "race_hole", "race_speed", "first", "capture_after_relay", "special_move", "max_turns", "match_play", "unfilled", "match_games"])]
    pub position: Option<String>,
    /// Seed of the random generator (quick race, random players)
    #[arg(help_heading = RULES, long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub client: ClientArgs,
}

fn parse_race_speed(s: &str) -> Result<Level, ValueError> {
    Level::parse(s).ok_or_else(|| ValueError::RaceSpeed(s.to_string()))
}

/// A count of holes (as clap reads a `usize` from its text).
fn parse_count(s: &str) -> Result<usize, std::num::ParseIntError> {
    s.parse()
}

fn parse_seat(s: &str) -> Result<Seat, ValueError> {
    s.parse().map_err(|BadSeat(s)| ValueError::Seat(s))
}

/// The headings of a game command's options in `--help` (issue 40: 23
/// options under one heading were hard to find).
const PLAYERS: &str = "Players";
const RULES: &str = "Rules";
const DISPLAY: &str = "Display";
const SAVING: &str = "Saving";

/// Options of the interactive client, shared by every game's subcommand.
#[derive(Args, Debug, Clone)]
pub struct ClientArgs {
    /// Who plays South: human, ai (the medium AI) or ai:LEVEL (random, greedy, mcts, easy, medium, hard, expert)
    #[arg(help_heading = PLAYERS, long, value_name = "SEAT", default_value = "human", hide_possible_values = true,
          value_parser = Hinted::new(parse_seat, hints::SEATS))]
    pub south: Seat,
    /// Who plays North: human, ai (the medium AI) or ai:LEVEL (random, greedy, mcts, easy, medium, hard, expert)
    #[arg(help_heading = PLAYERS, long, value_name = "SEAT", default_value = "ai", hide_possible_values = true,
          value_parser = Hinted::new(parse_seat, hints::SEATS))]
    pub north: Seat,
    /// No animation: every move lands at once
    #[arg(help_heading = DISPLAY, long)]
    pub instant: bool,
    /// Draw with ASCII characters only
    #[arg(help_heading = DISPLAY, long)]
    pub ascii: bool,
    /// Hot-seat: turn the board so the player to move sits at the bottom
    #[arg(help_heading = DISPLAY, long)]
    pub flip: bool,
    /// Milliseconds per seed in the animation, 1 to 5000
    #[arg(help_heading = DISPLAY, long, value_name = "MS", default_value_t = 90, value_parser = parse_speed)]
    pub speed: u64,
    /// Colours for a dark or light terminal, or high contrast on either [default: dark, or the settings file's]
    #[arg(help_heading = DISPLAY, long, value_enum, value_name = "THEME")]
    pub theme: Option<crate::theme::Palette>,
    /// Save the game to this file after every move and on quit [default: a new file in the data folder]
    #[arg(help_heading = SAVING, long, value_name = "PATH")]
    pub save: Option<std::path::PathBuf>,
    /// With --save: replace the file even if it is not a masai-mancala record
    #[arg(help_heading = SAVING, long, requires = "save")]
    pub force: bool,
    /// The AI seats' transposition table, in MiB (default: each level's own, at most 16)
    #[arg(help_heading = PLAYERS, long, value_name = "MB", value_parser = clap::value_parser!(u16).range(0..=1024))]
    pub hash_mb: Option<u16>,
    /// Plain lines on standard input and output, for screen readers, braille and scripts
    #[arg(help_heading = DISPLAY, long)]
    pub plain: bool,
    /// With --plain: lines at most N columns wide, 20 to 80 (40 for a 40-cell braille display) [default: 80]
    #[arg(long, value_name = "N", requires = "plain",
          value_parser = clap::value_parser!(u16).range(20..=80))]
    pub width: Option<u16>,
    /// With --plain: how much a turn says: brief (the move, how it ended, who leads), normal (and the score) or full (the laps and every relay) [default: normal]
    #[arg(long, value_enum, value_name = "LEVEL", requires = "plain")]
    pub verbosity: Option<crate::plain::words::Verbosity>,
}

impl Default for ClientArgs {
    fn default() -> Self {
        ClientArgs {
            south: Seat::Human,
            north: Seat::AI,
            instant: false,
            ascii: false,
            flip: false,
            speed: 90,
            theme: None,
            save: None,
            force: false,
            hash_mb: None,
            plain: false,
            width: None,
            verbosity: None,
        }
    }
}

impl EnkeshuiArgs {
    pub fn layout(&self) -> Result<Layout, SetupError> {
        layout_from_options(self.holes, self.layout.as_deref())
    }

    pub fn rules(&self) -> Result<Rules, SetupError> {
        if self.max_turns == 0 {
            return Err(SetupError::Other(
                "--max-turns 0: the limit must be at least 1 turn".into(),
            ));
        }
        if self.match_games == 0 {
            return Err(SetupError::Other(
                "--match-games 0: a match has at least 1 game".into(),
            ));
        }
        Ok(Rules {
            capture_after_relay: self.capture_after_relay,
            special_move: match self.special_move {
                SpecialArg::Off => SpecialMove::Off,
                SpecialArg::Once => SpecialMove::Once,
                SpecialArg::Any => SpecialMove::Any,
            },
            max_turns: self.max_turns,
            match_play: self.match_play,
            unfilled: match self.unfilled {
                UnfilledArg::Open => Unfilled::Open,
                UnfilledArg::Closed => Unfilled::Closed,
            },
            match_games: self.match_games,
        })
    }

    /// The start position, before any race (or the `--position`).
    pub fn game(&self) -> Result<Enkeshui, SetupError> {
        if let Some(given) = &self.position {
            return match read_position(given, Some(GameKind::Enkeshui)) {
                Ok(AnyGame::Enkeshui(g)) => Ok(g),
                Ok(_) => unreachable!("read_position checks the game"),
                Err(e) => Err(SetupError::Other(e.0)),
            };
        }
        Ok(Enkeshui::new(&self.layout()?, self.rules()?).with_first(self.first.into()))
    }
}

#[derive(Args, Debug, Clone)]
pub struct BaoArgs {
    /// Who opens the game (turn 1, without a reserve cow)
    #[arg(help_heading = RULES, long, value_enum, default_value = "south")]
    pub first: SideArg,
    /// Safety rule: the game ends after this many turns
    #[arg(help_heading = RULES, long, value_name = "N", default_value_t = bao::DEFAULT_MAX_TURNS)]
    pub max_turns: u32,
    /// Start from a position (a study): a file of its JSON or its one line, or the line itself
    #[arg(help_heading = RULES, long, value_name = "FILE|LINE", allow_hyphen_values = true,
          conflicts_with_all = ["first", "max_turns"])]
    pub position: Option<String>,
    /// Seed of the random generator (random players)
    #[arg(help_heading = RULES, long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub client: ClientArgs,
}

#[derive(Args, Debug, Clone)]
pub struct EnGeheArgs {
    /// Holes per row: 40 to 50 are traditional, 4 to 39 allowed (non-traditional) [default: 40, or the settings file's]
    #[arg(help_heading = RULES, long, value_name = "N", conflicts_with = "position", hide_possible_values = true,
          value_parser = Hinted::new(parse_count, hints::EN_GEHE_HOLES))]
    pub holes: Option<usize>,
    /// Who moves first
    #[arg(help_heading = RULES, long, value_enum, default_value = "south", conflicts_with = "position")]
    pub first: SideArg,
    /// Safety rule: the game ends after this many turns [default: 1000]
    #[arg(help_heading = RULES, long, value_name = "N", conflicts_with = "position")]
    pub max_turns: Option<u32>,
    /// South's team name (shown to players only)
    #[arg(help_heading = PLAYERS, long, value_name = "NAME")]
    pub south_team: Option<String>,
    /// North's team name (shown to players only)
    #[arg(help_heading = PLAYERS, long, value_name = "NAME")]
    pub north_team: Option<String>,
    /// Start from a position (a study): a file of its JSON or its one line, or the line
    /// itself ("en-gehe 4x40/4x40 s 0-0 1"); it sets the holes, side to move and rules
    #[arg(help_heading = RULES, long, value_name = "FILE|LINE", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Seed of the random generator (random players)
    #[arg(help_heading = RULES, long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub client: ClientArgs,
}

impl BaoArgs {
    pub fn rules(&self) -> Result<bao::Rules, OptionsError> {
        if self.max_turns == 0 {
            return Err(OptionsError(
                "--max-turns 0: the limit must be at least 1 turn".into(),
            ));
        }
        Ok(bao::Rules {
            max_turns: self.max_turns,
        })
    }

    /// The start position.
    pub fn game(&self) -> Result<Bao, OptionsError> {
        if let Some(given) = &self.position {
            return match read_position(given, Some(GameKind::BaoLaKimasai))? {
                AnyGame::BaoLaKimasai(g) => Ok(g),
                _ => unreachable!("read_position checks the game"),
            };
        }
        Ok(Bao::new(self.rules()?).with_first(self.first.into()))
    }
}

impl EnGeheArgs {
    pub fn teams(&self) -> Teams {
        Teams {
            south: self.south_team.clone(),
            north: self.north_team.clone(),
        }
    }

    /// The start position: 4 seeds a hole, or the `--position` file.
    pub fn game(&self) -> Result<EnGehe, OptionsError> {
        if let Some(given) = &self.position {
            return match read_position(given, Some(GameKind::EnGehe))? {
                AnyGame::EnGehe(g) => Ok(g),
                _ => unreachable!("read_position checks the game"),
            };
        }
        let rules = en_gehe::Rules {
            max_turns: self.max_turns.unwrap_or(en_gehe::DEFAULT_MAX_TURNS),
        };
        EnGehe::new(self.holes.unwrap_or(en_gehe::DEFAULT_HOLES), rules)
            .map(|g| g.with_first(self.first.into()))
            .map_err(|e| OptionsError(e.to_string()))
    }
}

mod completions;
mod position;
pub use completions::completions;
mod setup;
mod words;
pub use position::{read_position, read_position_as};
pub use words::*;

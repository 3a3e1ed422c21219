//! The `arena` subcommand: plays two players against each other for a number
//! of games and reports the result from the first player's side.
//!
//! Players are the built-in AI's players (`random`, `greedy`, `easy`,
//! `medium`, `hard`, `expert`) or an outside program speaking the engine
//! protocol (`cmd:PROGRAM ARGS`). Every game starts without a race, South to
//! move; A sits South in even games and North in odd ones. Each pair of games
//! starts from the same seeded random opening (`--opening` turns, 0 for none)
//! so both players get both sides of it.

use crate::ai::{self, Player, Request};
use crate::cli::{new_game, split_words};
use crate::engine::SeededRng;
use crate::engine::{AnyGame, Game, Outcome, PerSide, Quiet, RandomPlay, Side, Status};
use crate::record::{GameRecord, Record, file};
use rand::{Rng, SeedableRng};
use serde_json::json;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};

/// The longest line an outside program may answer, in bytes (a `bestmove`
/// line is a few bytes): a program that never ends its line loses the game
/// instead of growing the arena's memory.
pub const MAX_LINE: usize = 64 * 1024;

/// The most memory the built-in players' tables (and MCTS trees) of all the
/// games played at once may take, in MiB.
pub const MEMORY_LIMIT_MB: u64 = 4096;

/// Forfeit reasons kept word for word (the first ones by game number); the
/// others are only counted, so that memory stays the same at any `--games`.
pub const FORFEITS_KEPT: usize = 100;

/// An arena that cannot run, or a game it could not play or save.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    #[error("--games: must be at least 1")]
    NoGames,
    #[error(transparent)]
    Game(#[from] crate::cli::OptionsError),
    /// The tables of the games played at once are over [`MEMORY_LIMIT_MB`].
    #[error(
        "--jobs {jobs} with {hash} needs {total} MiB of tables at once, \
         over the arena's limit of {MEMORY_LIMIT_MB} MiB: lower --jobs or --hash-mb"
    )]
    Memory {
        jobs: usize,
        hash: String,
        total: u64,
    },
    #[error("--save: cannot make the folder {}: {error}", path.display())]
    SaveFolder {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("--save: {0}")]
    Save(#[from] file::SaveError),
    #[error("--save: cannot write in the folder {}: {error}", dir.display())]
    SaveProbe { dir: PathBuf, error: std::io::Error },
    /// The folder holds records already: two runs' games would mix.
    #[error(
        "--save: the folder {} already holds records ({first}{}): this run's games would mix with them; name a new folder or empty this one",
        dir.display(),
        if *more == 0 { String::new() } else { format!(" and {more} more") }
    )]
    SaveMixed {
        dir: PathBuf,
        first: String,
        more: usize,
    },
    /// An outside program that cannot be started or ended.
    #[error(transparent)]
    Program(#[from] ProgramError),
}

impl ArenaError {
    /// Is it the command line that is refused (exit status 2), not a
    /// failure while running (a folder, a file, a program: 1)?
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            ArenaError::NoGames | ArenaError::Game(_) | ArenaError::Memory { .. }
        )
    }
}

/// A player named wrong (`--a`, `--b`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ContenderError {
    #[error(transparent)]
    Words(#[from] crate::cli::UnclosedQuote),
    #[error("cmd: needs a program")]
    NoProgram,
    #[error("unknown player '{0}' ({names}, hint, or cmd:PROGRAM)", names = Player::NAMES)]
    Unknown(String),
}

/// Why a player lost a game by forfeit.
#[derive(Debug, thiserror::Error)]
enum Forfeit {
    #[error("no decision")]
    NoDecision,
    #[error("illegal decision '{}': {error}", excerpt(token))]
    Illegal {
        token: String,
        error: crate::engine::MoveError,
    },
    #[error(transparent)]
    Program(#[from] ProgramError),
}

/// Who plays.
#[derive(Clone, Debug)]
pub enum Contender {
    Builtin(Player),
    /// The client's hint: the judge's best decision ([`ai::judge`]).
    Hint,
    /// An outside program and its arguments.
    Program(Vec<String>),
}

impl Contender {
    pub fn parse(s: &str) -> Result<Contender, ContenderError> {
        if let Some(cmd) = s.strip_prefix("cmd:") {
            let words = split_words(cmd)?;
            if words.is_empty() {
                return Err(ContenderError::NoProgram);
            }
            return Ok(Contender::Program(words));
        }
        if s == "hint" {
            return Ok(Contender::Hint);
        }
        Player::parse(s)
            .map(Contender::Builtin)
            .ok_or_else(|| ContenderError::Unknown(s.to_string()))
    }

    pub fn name(&self) -> String {
        match self {
            Contender::Builtin(p) => p.name().into(),
            Contender::Hint => "hint".into(),
            Contender::Program(w) => format!("cmd:{}", w.join(" ")),
        }
    }

    /// The most memory this player takes while it thinks, in MiB: a level's
    /// table (`hash_mb` or the level's own), MCTS's bounded tree, nothing
    /// for `random`, `greedy` and outside programs (their memory is theirs).
    pub fn memory_mb(&self, hash_mb: Option<usize>) -> u64 {
        match self {
            Contender::Builtin(Player::Level(l)) => hash_mb.unwrap_or(l.hash_mb()) as u64,
            Contender::Builtin(Player::Mcts) => ai::TREE_MB,
            Contender::Hint => ai::Level::Expert.hash_mb() as u64,
            _ => 0,
        }
    }
}

pub use crate::limits::{MAX_JOBS, MAX_OPENING};

/// The arena's settings.
#[derive(Clone, Debug)]
pub struct Settings {
    /// `new` words for the start position: the game name and its variant flags.
    pub game: Vec<String>,
    pub a: Contender,
    pub b: Contender,
    pub games: u32,
    pub seed: u64,
    /// Think time per decision for both players (built-in levels: overrides
    /// the level's time; programs: the `go movetime`, default 1000).
    pub think_ms: Option<u64>,
    /// Random turns played before the players take over.
    pub opening: u32,
    /// Games played at once (threads).
    pub jobs: usize,
    /// The built-in players' table size (default: the level's own).
    pub hash_mb: Option<usize>,
    /// Where to write the games' records (a file for one game, else a folder).
    pub save: Option<PathBuf>,
    /// The record's variant (the board's options).
    pub variant: crate::record::Variant,
}

/// One finished game, from A's side.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// 1 win, 0.5 draw, 0 loss.
    pub points: f64,
    pub margin: i64,
    pub turns: u32,
    /// Why a player lost without the game ending (illegal move, no answer...).
    pub forfeit: Option<String>,
}

/// Think times of one player.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    pub decisions: u64,
    pub total: Duration,
    pub max: Duration,
}

impl Clock {
    fn add(&mut self, d: Duration) {
        self.decisions += 1;
        self.total += d;
        self.max = self.max.max(d);
    }

    fn merge(&mut self, other: &Clock) {
        self.decisions += other.decisions;
        self.total += other.total;
        self.max = self.max.max(other.max);
    }

    pub fn mean_ms(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.total.as_secs_f64() * 1000.0 / self.decisions as f64
        }
    }
}

/// The summary from A's side: running totals only, so that memory stays the
/// same and each game costs the same at any `--games`.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub margin_sum: i64,
    pub turns_sum: u64,
    pub clock_a: Clock,
    pub clock_b: Clock,
    /// The first [`FORFEITS_KEPT`] forfeit reasons, by game number.
    pub forfeits: BTreeMap<u32, String>,
    /// Every forfeit, kept or not.
    pub forfeit_count: u64,
    /// The CPU time the games took, every thread's (None where unknown).
    pub cpu: Option<Duration>,
}

impl Summary {
    /// Games per second of CPU (issue 12 compares it with the bench's
    /// playouts); None where the CPU time is unknown or too short to tell.
    pub fn games_per_cpu_second(&self) -> Option<f64> {
        let secs = self.cpu?.as_secs_f64();
        (secs > 0.0).then(|| (self.games as f64 / secs).round())
    }

    fn add(&mut self, index: u32, r: &GameResult) {
        self.games += 1;
        if r.points > 0.75 {
            self.wins += 1;
        } else if r.points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
        // Extreme margins (an outside program's) saturate rather than wrap.
        self.margin_sum = self.margin_sum.saturating_add(r.margin);
        self.turns_sum = self.turns_sum.saturating_add(r.turns as u64);
        if let Some(f) = &r.forfeit {
            self.forfeit_count += 1;
            self.forfeits.insert(index, f.clone());
            // Games finish out of order on several threads: keep the first by number.
            if self.forfeits.len() > FORFEITS_KEPT {
                self.forfeits.pop_last();
            }
        }
    }

    /// A's points: 1 a win, 1/2 a draw.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// A's share of the points, 0..1.
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        self.points() / f64::from(self.games)
    }

    /// The Elo difference A - B and its 95% error (from the games' variance).
    /// A perfect score (or zero) is taken as (points + 1/2) / (games + 1) so both stay finite.
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games);
        if self.games == 0 {
            return (0.0, 0.0);
        }
        let sum = self.points();
        let p = if sum <= 0.0 || sum >= n {
            (sum + 0.5) / (n + 1.0)
        } else {
            sum / n
        };
        let elo = -400.0 * (1.0 / p - 1.0).log10();
        // A game scores 1, 1/2 or 0: the variance from the three counts.
        let var = (f64::from(self.wins) * (1.0 - p) * (1.0 - p)
            + f64::from(self.draws) * (0.5 - p) * (0.5 - p)
            + f64::from(self.losses) * p * p)
            / n;
        let se = (var / n).sqrt().max(0.5 / n);
        let slope = 400.0 / (10f64.ln() * p * (1.0 - p));
        (elo, 1.96 * se * slope)
    }

    pub fn to_json(&self, s: &Settings) -> serde_json::Value {
        let (elo, err) = self.elo();
        let n = self.games.max(1) as f64;
        json!({
            "a": s.a.name(),
            "b": s.b.name(),
            "game": s.game.join(" "),
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": self.score(),
            "elo": (elo * 10.0).round() / 10.0,
            "elo_error": (err * 10.0).round() / 10.0,
            "mean_margin": self.margin_sum as f64 / n,
            "mean_turns": self.turns_sum as f64 / n,
            "think_ms": {
                "a": {"mean": self.clock_a.mean_ms(), "max": self.clock_a.max.as_secs_f64() * 1000.0},
                "b": {"mean": self.clock_b.mean_ms(), "max": self.clock_b.max.as_secs_f64() * 1000.0},
            },
            "forfeits": self.forfeits.values().collect::<Vec<_>>(),
            "forfeit_count": self.forfeit_count,
            "cpu_seconds": self.cpu.map(|c| c.as_secs_f64()),
            "games_per_cpu_second": self.games_per_cpu_second(),
            "seed": s.seed,
            "opening": s.opening,
        })
    }

    pub fn text(&self, s: &Settings) -> String {
        let (elo, err) = self.elo();
        let n = self.games.max(1) as f64;
        let mut out = format!(
            "{} vs {} on {}: {} games\n\
             {} wins, {} draws, {} losses for {}: score {:.1}%\n\
             Elo difference {:+.0} ± {:.0} (95%)\n\
             mean score margin {:+.2} seeds, mean {:.1} turns\n\
             think time {}: mean {:.1} ms, max {:.1} ms; {}: mean {:.1} ms, max {:.1} ms",
            s.a.name(),
            s.b.name(),
            s.game.join(" "),
            self.games,
            self.wins,
            self.draws,
            self.losses,
            s.a.name(),
            100.0 * self.score(),
            elo,
            err,
            self.margin_sum as f64 / n,
            self.turns_sum as f64 / n,
            s.a.name(),
            self.clock_a.mean_ms(),
            self.clock_a.max.as_secs_f64() * 1000.0,
            s.b.name(),
            self.clock_b.mean_ms(),
            self.clock_b.max.as_secs_f64() * 1000.0,
        );
        if let Some(cpu) = self.cpu {
            out.push('\n');
            out.push_str(&cpu_line(u64::from(self.games), cpu));
        }
        for f in self.forfeits.values() {
            out.push_str(&format!("\nforfeit: {f}"));
        }
        let more = self
            .forfeit_count
            .saturating_sub(self.forfeits.len() as u64);
        if more > 0 {
            out.push_str(&format!("\n... and {more} more forfeits"));
        }
        out
    }
}

mod program;
pub use program::*;

enum Seat {
    Builtin(Player),
    Hint,
    Program(Box<Program>),
}

/// One game as played: its result, both clocks and its record.
struct Played {
    index: u32,
    a_side: Side,
    result: GameResult,
    clock_a: Clock,
    clock_b: Clock,
    /// Every decision's token, kept only for `--save`.
    decisions: Vec<String>,
    end: Status,
}

impl Played {
    /// Game `index` about to be played, A sitting `a_side`, after the
    /// opening's `decisions`.
    fn new(index: u32, a_side: Side, decisions: Vec<String>) -> Played {
        Played {
            index,
            a_side,
            result: GameResult {
                points: 0.5,
                margin: 0,
                turns: 0,
                forfeit: None,
            },
            clock_a: Clock::default(),
            clock_b: Clock::default(),
            decisions,
            end: Status::Playing,
        }
    }
}

/// Plays the whole arena on `jobs` threads. After each game, `progress`
/// gets the summary so far and the game's progress line (written out only
/// if it is shown); when it answers `false` (its output is closed) no new game
/// starts and `run` answers `None`. The result does not depend on `jobs`:
/// every game's opening and players' seeds come from its number.
pub fn run(
    s: &Settings,
    progress: impl FnMut(&Summary, &ProgressLine<'_>) -> bool + Send,
) -> Result<Option<Summary>, ArenaError> {
    if s.games == 0 {
        return Err(ArenaError::NoGames);
    }
    let start = new_game(&s.game)?;
    let jobs = s.jobs.clamp(1, MAX_JOBS).min(s.games as usize);
    // Refused before any game is played, not after.
    check_memory(s, jobs)?;
    check_save(s)?;
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    // Each thread adds its game to the running totals itself: no queue of
    // results, and no hand-over between threads at every game.
    let tally = Mutex::new(Tally {
        summary: Summary::default(),
        progress,
        first_error: None,
        closed: false,
    });
    let cpu_at_start = cpu_time();
    let work = || {
        // Each game starts from a copy of the start in this thread's game,
        // whose memory (the repetition history) is kept from game to game.
        let mut game = start.clone();
        // Played into the same place each game: a game's result moved out
        // and on cost three copies (`memcpy` calls) a game.
        let mut played = Played::new(0, Side::South, Vec::new());
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= s.games {
                break;
            }
            let done =
                play_game(s, &start, &mut game, i, &mut played).and_then(|()| match &s.save {
                    Some(path) => save_game(s, &start, &played, path),
                    None => Ok(()),
                });
            let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
            match done {
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    t.first_error.get_or_insert(e);
                }
                Ok(()) if t.first_error.is_none() && !t.closed => {
                    if !t.add(s, &played) {
                        t.closed = true;
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Ok(()) => {}
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..jobs {
            scope.spawn(work);
        }
        work();
    });
    let mut t = tally.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = t.first_error {
        return Err(e);
    }
    if let (Some(before), Some(now)) = (cpu_at_start, cpu_time()) {
        t.summary.cpu = Some(now.saturating_sub(before));
    }
    Ok((!t.closed).then_some(t.summary))
}

/// The running totals and where progress goes.
struct Tally<P> {
    summary: Summary,
    progress: P,
    first_error: Option<ArenaError>,
    closed: bool,
}

impl<P: FnMut(&Summary, &ProgressLine<'_>) -> bool> Tally<P> {
    /// Adds game `p` and reports it; `false` when progress can no longer be shown.
    fn add(&mut self, s: &Settings, p: &Played) -> bool {
        let r = &p.result;
        self.summary.add(p.index, r);
        self.summary.clock_a.merge(&p.clock_a);
        self.summary.clock_b.merge(&p.clock_b);
        let summary = &self.summary;
        (self.progress)(summary, &ProgressLine { s, summary, p })
    }
}
/// The built-in players' tables of the games played at once must fit in
/// [`MEMORY_LIMIT_MB`]. A game thinks for one player at a time, so a game
/// takes the larger of its two players' tables.
fn check_memory(s: &Settings, jobs: usize) -> Result<(), ArenaError> {
    let per_game = s.a.memory_mb(s.hash_mb).max(s.b.memory_mb(s.hash_mb));
    let total = per_game.saturating_mul(jobs as u64);
    if total <= MEMORY_LIMIT_MB {
        return Ok(());
    }
    let hash = match s.hash_mb {
        Some(mb) => format!("--hash-mb {mb}"),
        None => format!("the players' own tables ({per_game} MiB)"),
    };
    Err(ArenaError::Memory { jobs, hash, total })
}

mod progress;
mod save;
pub use progress::*;
use save::{check_save, save_game};
mod rng;
use rng::DecisionRng;
/// Plays the `random` player's decision: the same draw as `ai::choose` makes
/// for the same seed, sown once. The token when `token`.
fn play_random(game: &mut AnyGame, seed: u64, token: bool) -> Option<Option<String>> {
    fn go<G: Game>(g: &mut G, seed: u64, token: bool) -> Option<Option<String>> {
        let d = g.play_random(&mut DecisionRng::new(seed), &mut Quiet)?;
        Some(token.then(|| d.to_string()))
    }
    match game {
        AnyGame::Enkeshui(g) => go(g, seed, token),
        AnyGame::EnGehe(g) => go(g, seed, token),
        AnyGame::BaoLaKimasai(g) => go(g, seed, token),
    }
}

/// Plays game `i` in `game` (a copy of `start` is made there): its seeded
/// random opening, then the players; the game's result in `played`.
fn play_game(
    s: &Settings,
    start: &AnyGame,
    game: &mut AnyGame,
    i: u32,
    played: &mut Played,
) -> Result<(), ArenaError> {
    let a_side = if i.is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    };
    let keep = s.save.is_some();
    let opening_seed = s.seed ^ (i as u64 / 2).wrapping_mul(0x9e37_79b9);
    game.clone_from(start);
    let random = |c: &Contender| matches!(c, Contender::Builtin(Player::Random));
    // `game` is a copy of `start`: the same game, whose start an opening
    // that ended the game begins again from.
    use AnyGame::{BaoLaKimasai as B, EnGehe as E, Enkeshui as K};
    if random(&s.a) && random(&s.b) && !keep {
        *played = Played::new(i, a_side, Vec::new());
        match (&mut *game, start) {
            (K(g), K(st)) => random_against_random(s, g, st, opening_seed, played),
            (E(g), E(st)) => random_against_random(s, g, st, opening_seed, played),
            (B(g), B(st)) => random_against_random(s, g, st, opening_seed, played),
            _ => {}
        }
        played.end = game.status();
        return Ok(());
    }
    let decisions = match (&mut *game, start) {
        (K(g), K(st)) => play_opening(s, g, st, opening_seed, keep),
        (E(g), E(st)) => play_opening(s, g, st, opening_seed, keep),
        (B(g), B(st)) => play_opening(s, g, st, opening_seed, keep),
        _ => Vec::new(),
    };
    *played = Played::new(i, a_side, decisions);
    play_one(s, game, played)?;
    played.end = game.status();
    Ok(())
}

/// The seeded random opening from `start` (`game` is a copy of it):
/// `s.opening` turns, fewer when a turn has no random decision (only the
/// special move), and never the game's last: an opening that ends the game
/// is played again without its last turn, so the players always play the
/// end and every game scored is theirs. The decisions' tokens when `keep`.
/// Inlined, so that the `RandomPlay` of the game loop after it never leaves
/// registers: held in memory, its game could alias every store of the loop
/// (Enkeshui 2x8 +3% a game).
#[inline(always)]
fn play_opening<G: Game>(
    s: &Settings,
    game: &mut G,
    start: &G,
    seed: u64,
    keep: bool,
) -> Vec<String> {
    let mut turns = s.opening;
    loop {
        let mut rng = SeededRng::seed_from_u64(seed);
        let opening = opening_turns(&mut RandomPlay::new(game), &mut rng, turns, keep);
        match opening {
            Ok(decisions) => return decisions,
            Err(before) => {
                // The same draws again: the same turns, up to the last one.
                game.clone_from(start);
                turns = before;
            }
        }
    }
}

/// At most `turns` random turns; `Err(n)` when the game ended in the turn
/// after `n` whole ones (or, deferring the test for a legal move, when the
/// turn after them found none: that turn's sowing ended it).
#[inline]
fn opening_turns<G: Game>(
    game: &mut RandomPlay<G>,
    rng: &mut SeededRng,
    turns: u32,
    keep: bool,
) -> Result<Vec<String>, u32> {
    let mut decisions = Vec::new();
    let mut turns_played = 0;
    while turns_played < turns && game.status() == Status::Playing {
        let mover = game.to_move();
        let seed = rng.random();
        let mut rng = DecisionRng::new(seed);
        let played = if keep {
            let d = game.play(&mut rng, &mut Quiet);
            decisions.extend(d.as_ref().map(ToString::to_string));
            d.is_some()
        } else {
            game.play_quietly(&mut rng)
        };
        if game.status().is_over() {
            return Err(if played {
                turns_played
            } else {
                turns_played.saturating_sub(1)
            });
        }
        if !played {
            break;
        }
        if game.to_move() != mover {
            turns_played += 1;
        }
    }
    Ok(decisions)
}

/// The opening and `play_one` for `random` against `random` with no
/// record: the same games in the game's own type (no dispatch, no tokens),
/// the clock read once a game (a random decision takes well under a
/// microsecond: a reading a decision cost a tenth of that, and the coarse
/// clock gave it 0 or a tick). Out of line, one function a game: each
/// game's loop, its pick inlined, compiles the same whatever the others.
#[inline(never)]
fn random_against_random<G: Game>(
    s: &Settings,
    game: &mut G,
    start: &G,
    opening_seed: u64,
    p: &mut Played,
) {
    let (a_side, index) = (p.a_side, p.index);
    // Each turn's pick proves that the mover can move: not tested twice
    // (the opening's turns too).
    play_opening(s, game, start, opening_seed, false);
    let mut game = RandomPlay::new(game);
    let first_turn = game.turn();
    let started = Instant::now();
    // Decisions made, and those of South among them (a count a decision,
    // where indexing a `PerSide` by the mover cost a dozen instructions).
    let (mut ply, mut south) = (0u64, 0u64);
    let mut rng = DecisionRng::new(0);
    let end = loop {
        let mover = game.to_move();
        if let Status::Over(o) = game.status() {
            break result_of(&o, a_side, game.turn() - first_turn);
        }
        rng.reseed(decision_seed(s, index, ply));
        let played = game.play_quietly(&mut rng);
        if !played && game.status().is_over() {
            // No sowing ended and the mover has no move: the game is
            // over, and the next pass ends the loop.
            continue;
        }
        ply += 1;
        south += (mover == Side::South) as u64;
        if !played {
            // The mover has only the special move, which no pick makes.
            break forfeit(s, p, mover, game.turn() - first_turn, "no decision");
        }
    };
    // Deferring stops: a test for a legal move still open is decided.
    drop(game);
    p.result = end;
    let spent = shares(started.elapsed(), PerSide::new(south, ply - south));
    spent[a_side].add_to(&mut p.clock_a);
    spent[a_side.other()].add_to(&mut p.clock_b);
}

/// A game's time shared by the sides: each its share by its number of
/// decisions, and each decision the game's mean.
fn shares(time: Duration, decisions: PerSide<u64>) -> PerSide<Nanos> {
    let (all, ns) = (decisions.south + decisions.north, time.as_nanos());
    // In 64 bits when the product fits (always, but for games of years):
    // a 128-bit division is a call of some twenty instructions.
    let share = |n: u64| match u64::try_from(ns).ok().and_then(|t| t.checked_mul(n)) {
        Some(x) => x.checked_div(all).unwrap_or(0),
        None => (ns * n as u128).checked_div(all as u128).unwrap_or(0) as u64,
    };
    let side = |n: u64| Nanos {
        decisions: n,
        total: share(n),
        max: if n > 0 { share(1) } else { 0 },
    };
    PerSide::new(side(decisions.south), side(decisions.north))
}

/// The seed of game `index`'s decision number `ply` (after the opening).
fn decision_seed(s: &Settings, index: u32, ply: u64) -> u64 {
    s.seed ^ (index as u64) << 32 ^ ply.wrapping_mul(0x2545_f491)
}

/// One side's think time in nanoseconds, kept as integers while a game is played.
#[derive(Clone, Copy, Default)]
struct Nanos {
    decisions: u64,
    total: u64,
    max: u64,
}

impl Nanos {
    fn add_to(&self, clock: &mut Clock) {
        clock.merge(&Clock {
            decisions: self.decisions,
            total: Duration::from_nanos(self.total),
            max: Duration::from_nanos(self.max),
        });
    }
}

fn seat_of(c: &Contender) -> Result<Seat, ProgramError> {
    Ok(match c {
        Contender::Builtin(p) => Seat::Builtin(*p),
        Contender::Hint => Seat::Hint,
        Contender::Program(w) => Seat::Program(Box::new(Program::start(w)?)),
    })
}

fn play_one(s: &Settings, game: &mut AnyGame, p: &mut Played) -> Result<(), ArenaError> {
    let (a_side, index) = (p.a_side, p.index);
    let mut seat_a = seat_of(&s.a)?;
    let mut seat_b = seat_of(&s.b)?;
    let first_turn = game.turn();
    // Only outside programs need the turn's start and its decisions so far,
    // and only a record needs every token: random play allocates nothing.
    let programs = matches!(seat_a, Seat::Program(_)) || matches!(seat_b, Seat::Program(_));
    let keep = s.save.is_some();
    let mut turn_start = programs.then(|| game.clone());
    let mut so_far: Vec<String> = Vec::new();
    let mut ply = 0u64;
    let mut last_coarse = None;
    loop {
        if let Status::Over(o) = game.status() {
            p.result = result_of(&o, a_side, game.turn() - first_turn);
            return Ok(());
        }
        let mover = game.to_move();
        let is_a = mover == a_side;
        let seat = if is_a { &mut seat_a } else { &mut seat_b };
        let seed = decision_seed(s, index, ply);
        let random = matches!(seat, Seat::Builtin(Player::Random));
        // Random decisions in a row share a reading: one ends as the next starts.
        let started = match last_coarse.take() {
            Some(t) if random => Tick::Coarse(t),
            _ => Tick::now(random),
        };
        let result = match seat {
            Seat::Builtin(Player::Random) => {
                play_random(game, seed, keep || programs).ok_or(Forfeit::NoDecision)
            }
            Seat::Builtin(player) => {
                let mut req = Request::new(*player, seed);
                req.think_ms = s.think_ms;
                req.hash_mb = s.hash_mb;
                ai::choose_token(game, &req)
                    .map(|c| c.decision)
                    .ok_or(Forfeit::NoDecision)
                    .and_then(|tok| play_token(game, tok))
            }
            // The hint's own budget: `think_ms` and `hash_mb` do not apply.
            Seat::Hint => ai::judge_tokens(game, None)
                .map(|t| t.decision)
                .ok_or(Forfeit::NoDecision)
                .and_then(|tok| play_token(game, tok)),
            Seat::Program(prog) => {
                let start = turn_start.as_ref().expect("kept for programs");
                prog.decide(start, &so_far, s.think_ms.unwrap_or(1000))
                    .map_err(Forfeit::from)
                    .and_then(|tok| play_token(game, tok))
            }
        };
        let clock = if is_a { &mut p.clock_a } else { &mut p.clock_b };
        let (spent, now) = started.elapsed();
        clock.add(spent);
        last_coarse = now;
        match result {
            Ok(tok) => {
                if let Some(tok) = tok {
                    if programs {
                        if game.to_move() == mover && game.status() == Status::Playing {
                            so_far.push(tok.clone());
                        } else {
                            so_far.clear();
                            turn_start = Some(game.clone());
                        }
                    }
                    if keep {
                        p.decisions.push(tok);
                    }
                }
            }
            Err(reason) => {
                let reason = reason.to_string();
                p.result = forfeit(s, p, mover, game.turn() - first_turn, &reason);
                return Ok(());
            }
        }
        ply += 1;
    }
}

/// A finished game's result from A's side.
fn result_of(o: &Outcome, a_side: Side, turns: u32) -> GameResult {
    let a = o.score[a_side] as i64;
    let b = o.score[a_side.other()] as i64;
    let points = match o.winner {
        Some(w) if w == a_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    GameResult {
        points,
        margin: a - b,
        turns,
        forfeit: None,
    }
}

/// The result when `mover` loses game `p` without it ending, for `reason`.
fn forfeit(s: &Settings, p: &Played, mover: Side, turns: u32, reason: &str) -> GameResult {
    let is_a = mover == p.a_side;
    let name = if is_a { s.a.name() } else { s.b.name() };
    GameResult {
        points: if is_a { 0.0 } else { 1.0 },
        margin: 0,
        turns,
        forfeit: Some(format!(
            "game {}: {name} ({mover}) lost: {reason}",
            p.index as u64 + 1
        )),
    }
}

/// When a decision started. A random decision takes a few microseconds,
/// about as long as ten readings of the precise clock, so it is timed with
/// the kernel's coarse clock (a reading costs nanoseconds, it moves in steps
/// of a few ms): a decision shows as 0 or one step, and the mean over many
/// decisions stays right, as does any long decision (an endless sowing
/// being decided) to within a step.
enum Tick {
    Fine(Instant),
    Coarse(Duration),
}

impl Tick {
    fn now(coarse: bool) -> Tick {
        match coarse.then(coarse_clock).flatten() {
            Some(t) => Tick::Coarse(t),
            None => Tick::Fine(Instant::now()),
        }
    }

    /// The time since, and the coarse clock's reading now (if it is coarse).
    fn elapsed(&self) -> (Duration, Option<Duration>) {
        match self {
            Tick::Fine(t) => (t.elapsed(), None),
            Tick::Coarse(t) => match coarse_clock() {
                Some(now) => (now.saturating_sub(*t), Some(now)),
                None => (Duration::ZERO, None),
            },
        }
    }
}

/// The CPU time this process has used so far, every thread's (Unix; `None`
/// elsewhere): the arena and the bench report games per CPU-second, which a
/// loaded machine blurs less than games per second.
pub fn cpu_time() -> Option<Duration> {
    #[cfg(unix)]
    return crate::sys::clock(libc::CLOCK_PROCESS_CPUTIME_ID);
    #[cfg(not(unix))]
    None
}

/// "CPU: 2000 games in 0.031 s, 64,516 a CPU-second" (the summary's last line).
pub fn cpu_line(games: u64, cpu: Duration) -> String {
    let secs = cpu.as_secs_f64();
    let rate = if secs > 0.0 {
        format!(
            ", {} a CPU-second",
            crate::out::thousands((games as f64 / secs).round() as u64)
        )
    } else {
        String::new()
    };
    format!("CPU: {games} games in {secs:.3} s{rate}")
}

/// The kernel's coarse monotonic clock (Linux), `None` elsewhere.
fn coarse_clock() -> Option<Duration> {
    coarse_nanos().map(Duration::from_nanos)
}

/// The kernel's coarse monotonic clock in nanoseconds (Linux), `None` elsewhere.
fn coarse_nanos() -> Option<u64> {
    #[cfg(target_os = "linux")]
    return crate::sys::clock(libc::CLOCK_MONOTONIC_COARSE)
        .map(|t| t.as_secs().saturating_mul(1_000_000_000) + t.subsec_nanos() as u64);
    #[cfg(not(target_os = "linux"))]
    None
}

/// Plays a chosen token; the token back, for the record and the programs.
fn play_token(game: &mut AnyGame, tok: String) -> Result<Option<String>, Forfeit> {
    match game.play_token(&tok, &mut Quiet) {
        Ok(()) => Ok(Some(tok)),
        Err(error) => Err(Forfeit::Illegal { token: tok, error }),
    }
}

#[cfg(test)]
mod tests;

//! A player's record: results against each AI level in each game, kept in
//! `stats.json` of the data folder, with a strength estimate on the AI
//! levels' Elo scale (from the calibration tables of `calibration/`).
//! Only games of one person against the AI count (no hot-seat, no AI
//! against AI). A file that cannot be read is never overwritten.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The file's format name and version.
pub const FORMAT: &str = "masai-mancala-stats";
pub const VERSION: u32 = 1;

/// Largest statistics file read (each game adds nothing, each level a line).
const MAX_BYTES: u64 = 4 * 1024 * 1024;

/// Wins, draws and losses of a player against one level in one game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// When the last game ended: `YYYY-MM-DD HH:MM` UTC.
    pub last: String,
}

impl Tally {
    /// Games in all, in u64: three counts near the u32 limit (an edited
    /// file) add up exactly, so a score is never over 100%.
    pub fn games(&self) -> u64 {
        u64::from(self.wins) + u64::from(self.draws) + u64::from(self.losses)
    }

    /// The player's score: wins and half the draws, over the games.
    pub fn score(&self) -> f64 {
        let games = self.games();
        if games == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / games as f64
    }
}

/// player -> game ("Enkeshui 2x8") -> level ("hard") -> tally.
pub type Table = BTreeMap<String, BTreeMap<String, BTreeMap<String, Tally>>>;

/// The statistics file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    pub format: String,
    pub version: u32,
    pub players: Table,
}

/// How a game ended for the person who played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// The statistics file of a data folder.
pub fn path(dir: &Path) -> PathBuf {
    dir.join("stats.json")
}

/// The name the record is kept under: the login name, else "you".
pub fn player_name() -> String {
    ["USER", "LOGNAME"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|s| !s.trim().is_empty()))
        .unwrap_or_else(|| "you".into())
}

/// `YYYY-MM-DD HH:MM` (UTC) of a Unix time.
pub fn stamp(secs: u64) -> String {
    let s = crate::record::file::utc_stamp(secs);
    // YYYYMMDD-HHMMSS
    format!(
        "{}-{}-{} {}:{}",
        &s[0..4],
        &s[4..6],
        &s[6..8],
        &s[9..11],
        &s[11..13]
    )
}

impl Stats {
    fn new() -> Stats {
        Stats {
            format: FORMAT.into(),
            version: VERSION,
            players: Table::new(),
        }
    }
}

/// Statistics that cannot be read, locked or saved.
#[derive(Debug, thiserror::Error)]
pub enum StatsError {
    /// A file that does not read as statistics: left as it is.
    #[error("{}: {fault}; the statistics are left as they are (move the file away to start new ones)", path.display())]
    Unreadable { path: PathBuf, fault: StatsFault },
    /// The folder or the lock file cannot be made.
    #[error(transparent)]
    Io(#[from] crate::record::file::FileIoError),
    #[error("{}: cannot lock: {error}", path.display())]
    Lock {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{}: cannot save the statistics: {}", path.display(), crate::record::file::io_reason(error))]
    Save {
        path: PathBuf,
        error: std::io::Error,
    },
}

/// What is wrong with a statistics file.
#[derive(Debug, thiserror::Error)]
pub enum StatsFault {
    #[error(transparent)]
    Read(crate::record::file::ReadError),
    /// serde's message (one line, without its position), then the position.
    #[error("not a statistics file: {message} at line {line} column {column}")]
    NotStats {
        message: String,
        line: usize,
        column: usize,
    },
    #[error("format '{}', not {FORMAT}", crate::text::excerpt(.0))]
    Format(String),
    #[error("version {0} (this program reads version {VERSION})")]
    Version(u32),
}

/// Reads the statistics: none yet when there is no file. The error says
/// what is wrong, and that the file is left alone.
pub fn load(path: &Path) -> Result<Stats, StatsError> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Stats::new()),
        _ => {}
    }
    let bad = |fault| StatsError::Unreadable {
        path: path.to_path_buf(),
        fault,
    };
    let text = crate::record::file::read_regular(path, MAX_BYTES, "a statistics file")
        .map_err(|e| bad(StatsFault::Read(e)))?;
    let stats: Stats = serde_json::from_str(&text).map_err(|e| {
        bad(StatsFault::NotStats {
            message: crate::text::one_line(&strip_position(&e.to_string()), 120),
            line: e.line(),
            column: e.column(),
        })
    })?;
    if stats.format != FORMAT {
        return Err(bad(StatsFault::Format(stats.format)));
    }
    if stats.version != VERSION {
        return Err(bad(StatsFault::Version(stats.version)));
    }
    Ok(stats)
}

/// serde_json's message without its own " at line L column C".
fn strip_position(msg: &str) -> String {
    match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg.to_string(),
    }
}

/// Adds one game to the statistics of `dir`: read, add, write atomically
/// (a temporary file renamed over it), under a lock so two clients ending
/// at once both count. A file that cannot be read is not touched.
pub fn record(
    dir: &Path,
    player: &str,
    game: &str,
    level: &str,
    outcome: Outcome,
    now_secs: u64,
) -> Result<Stats, StatsError> {
    let path = path(dir);
    let _lock = Lock::take(dir)?;
    // What a client killed while writing left: nobody writes without the lock.
    crate::record::file::remove_temps_of_locked(&path);
    let mut stats = load(&path)?;
    let tally = stats
        .players
        .entry(player.into())
        .or_default()
        .entry(game.into())
        .or_default()
        .entry(level.into())
        .or_default();
    let field = match outcome {
        Outcome::Win => &mut tally.wins,
        Outcome::Draw => &mut tally.draws,
        Outcome::Loss => &mut tally.losses,
    };
    *field = field.saturating_add(1);
    tally.last = stamp(now_secs);
    // Maps of strings to numbers: serde_json cannot fail on them.
    let mut text = serde_json::to_string_pretty(&stats).expect("statistics are plain data");
    text.push('\n');
    crate::record::file::write_atomic(&path, text.as_bytes(), || Ok(()))
        .map_err(|error| StatsError::Save { path, error })?;
    Ok(stats)
}

/// An exclusive lock on `stats.lock` of the data folder while it is held.
struct Lock {
    _file: std::fs::File,
}

impl Lock {
    fn take(dir: &Path) -> Result<Lock, StatsError> {
        use crate::record::file::FileIoError;
        let path = dir.join("stats.lock");
        std::fs::create_dir_all(dir).map_err(FileIoError::at(dir))?;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(FileIoError::at(&path))?;
        // Released when the file closes.
        if let Err(error) = file.lock() {
            return Err(StatsError::Lock { path, error });
        }
        Ok(Lock { _file: file })
    }
}

/// The name of a game for the statistics: "Enkeshui 2x8", "En Gehé 2x40",
/// "Bao la Kimasai".
pub fn game_name(game: &crate::engine::AnyGame) -> String {
    use crate::engine::AnyGame;
    match game {
        AnyGame::Enkeshui(g) => format!("Enkeshui 2x{}", g.holes()),
        AnyGame::EnGehe(g) => format!("En Gehé 2x{}", g.holes()),
        AnyGame::BaoLaKimasai(_) => "Bao la Kimasai".into(),
    }
}

/// The calibration table a game's levels are rated from.
fn calibration(game: &str) -> Option<(&'static str, &'static str)> {
    if game.starts_with("Enkeshui") {
        Some((
            "Enkeshui 2x8",
            include_str!("../calibration/enkeshui-2x8.jsonl"),
        ))
    } else if game.starts_with("En Gehé") {
        Some((
            "En Gehé 2x40",
            include_str!("../calibration/en-gehe-2x40.jsonl"),
        ))
    } else if game.starts_with("Bao") {
        Some((
            "Bao la Kimasai",
            include_str!("../calibration/bao-la-kimasai.jsonl"),
        ))
    } else {
        None
    }
}

/// The players rated, in order of strength; `random` is 0 on the scale.
pub const RATED: [&str; 6] = ["random", "greedy", "easy", "medium", "hard", "expert"];

/// The Elo of each rated player in `game` from its calibration table:
/// weighted least squares over every arena row (A's Elo minus B's, each
/// weighted by its 95% margin), `random` fixed at 0.
pub fn level_ratings(game: &str) -> Option<BTreeMap<&'static str, f64>> {
    let (_, table) = calibration(game)?;
    let n = RATED.len() - 1;
    let mut m = vec![vec![0.0f64; n]; n];
    let mut v = vec![0.0f64; n];
    let index = |name: &str| RATED.iter().position(|r| *r == name);
    for line in table.lines().filter(|l| !l.trim().is_empty()) {
        let row: serde_json::Value = serde_json::from_str(line).ok()?;
        let (Some(a), Some(b)) = (
            row["a"].as_str().and_then(index),
            row["b"].as_str().and_then(index),
        ) else {
            continue;
        };
        let (Some(elo), Some(err)) = (row["elo"].as_f64(), row["elo_error"].as_f64()) else {
            continue;
        };
        let w = 1.0 / (err / 1.96).max(1.0).powi(2);
        // Row: r_a - r_b = elo, with r_random = 0 dropped from the unknowns.
        let coef = |i: usize| -> f64 { f64::from(u8::from(i == a)) - f64::from(u8::from(i == b)) };
        for i in 1..=n {
            for j in 1..=n {
                m[i - 1][j - 1] += w * coef(i) * coef(j);
            }
            v[i - 1] += w * coef(i) * elo;
        }
    }
    let x = solve(m, v)?;
    let mut out = BTreeMap::new();
    out.insert(RATED[0], 0.0);
    for (i, r) in x.into_iter().enumerate() {
        out.insert(RATED[i + 1], r);
    }
    Some(out)
}

/// Gaussian elimination with partial pivoting; None when singular.
fn solve(mut m: Vec<Vec<f64>>, mut v: Vec<f64>) -> Option<Vec<f64>> {
    let n = v.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        v.swap(col, pivot);
        let pivot_row = m[col].clone();
        for row in col + 1..n {
            let f = m[row][col] / pivot_row[col];
            for (x, p) in m[row].iter_mut().zip(&pivot_row).skip(col) {
                *x -= f * p;
            }
            v[row] -= f * v[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| m[row][k] * x[k]).sum();
        x[row] = (v[row] - s) / m[row][row];
    }
    Some(x)
}

/// A player's strength on the levels' Elo scale.
#[derive(Clone, Debug, PartialEq)]
pub enum Strength {
    /// The most likely rating and its 95% margin.
    About { elo: f64, margin: f64 },
    /// Every game won: stronger than this (the strongest level beaten).
    Above(f64),
    /// Every game lost: weaker than this (the weakest level met).
    Below(f64),
}

impl std::fmt::Display for Strength {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Strength::About { elo, margin } => write!(f, "about {elo:.0} ± {margin:.0} Elo"),
            Strength::Above(e) => write!(f, "above {e:.0} Elo (every game won)"),
            Strength::Below(e) => write!(f, "below {e:.0} Elo (every game lost)"),
        }
    }
}

/// The player's strength in a game from his results against its levels:
/// the maximum-likelihood Elo given the levels' ratings, with the 95% margin
/// of its standard error (the levels' own errors are not added in).
pub fn strength(game: &str, tallies: &BTreeMap<String, Tally>) -> Option<Strength> {
    let ratings = level_ratings(game)?;
    let results: Vec<(f64, &Tally)> = tallies
        .iter()
        .filter_map(|(level, t)| ratings.get(level.as_str()).map(|r| (*r, t)))
        .filter(|(_, t)| t.games() > 0)
        .collect();
    if results.is_empty() {
        return None;
    }
    let points: f64 = results
        .iter()
        .map(|(_, t)| f64::from(t.wins) + f64::from(t.draws) / 2.0)
        .sum();
    let games: f64 = results.iter().map(|(_, t)| t.games() as f64).sum();
    if points >= games {
        return Some(Strength::Above(
            results.iter().map(|r| r.0).fold(f64::MIN, f64::max),
        ));
    }
    if points <= 0.0 {
        return Some(Strength::Below(
            results.iter().map(|r| r.0).fold(f64::MAX, f64::min),
        ));
    }
    let expected = |r: f64| -> f64 {
        results
            .iter()
            .map(|(level, t)| t.games() as f64 / (1.0 + 10f64.powf((level - r) / 400.0)))
            .sum()
    };
    // Expected points rise with the rating: bisect for expected = actual.
    let (mut lo, mut hi) = (-4000.0f64, 8000.0f64);
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if expected(mid) < points {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let elo = (lo + hi) / 2.0;
    let k = 10f64.ln() / 400.0;
    let info: f64 = results
        .iter()
        .map(|(level, t)| {
            let p = 1.0 / (1.0 + 10f64.powf((level - elo) / 400.0));
            t.games() as f64 * p * (1.0 - p) * k * k
        })
        .sum();
    let margin = 1.96 / info.sqrt();
    Some(Strength::About { elo, margin })
}

/// Games a level must have been played before the next one is offered.
pub const OFFER_AFTER: u64 = 5;

/// "you score 70% against medium: try hard" for the strongest level the
/// player scores over 60% against (in at least `OFFER_AFTER` games), when
/// there is a level above it he has not yet beaten so.
pub fn offer(player: &str, tallies: &BTreeMap<String, Tally>) -> Option<String> {
    use crate::ai::Level;
    let beaten = Level::ALL.iter().rev().find(|l| {
        tallies
            .get(l.name())
            .is_some_and(|t| t.games() >= OFFER_AFTER && t.score() > 0.6)
    })?;
    let next = Level::ALL.get(Level::ALL.iter().position(|l| l == beaten)? + 1)?;
    let t = &tallies[beaten.name()];
    let verb = if player == "you" { "score" } else { "scores" };
    Some(format!(
        "{player} {verb} {:.0}% against {}: try {}",
        t.score() * 100.0,
        beaten.name(),
        next.name()
    ))
}

/// What `stats` says comes next: the offer, or, when the strongest level
/// scored over 60% against has fewer than `OFFER_AFTER` games, the level
/// that follows it and when it will be offered ("ann scores 100% against
/// hard (3 games): expert is next, offered after 5 games over 60%"), or
/// that the level beaten is the strongest.
pub fn next_step(player: &str, tallies: &BTreeMap<String, Tally>) -> Option<String> {
    use crate::ai::Level;
    let over = |l: &&Level| {
        tallies
            .get(l.name())
            .is_some_and(|t| t.games() > 0 && t.score() > 0.6)
    };
    let Some(best) = Level::ALL.iter().rev().find(over) else {
        return offer(player, tallies);
    };
    let t = &tallies[best.name()];
    let next = Level::ALL.get(Level::ALL.iter().position(|l| l == best)? + 1);
    match next {
        Some(next) if t.games() < OFFER_AFTER => {
            let verb = if player == "you" { "score" } else { "scores" };
            let games = t.games();
            Some(format!(
                "{player} {verb} {:.0}% against {} ({games} game{}): {} is next, offered after {OFFER_AFTER} games over 60%",
                t.score() * 100.0,
                best.name(),
                if games == 1 { "" } else { "s" },
                next.name()
            ))
        }
        None if t.games() >= OFFER_AFTER => {
            let verb = if player == "you" { "score" } else { "scores" };
            Some(format!(
                "{player} {verb} {:.0}% against {}, the strongest level",
                t.score() * 100.0,
                best.name()
            ))
        }
        _ => offer(player, tallies),
    }
}

/// Counts a finished game of one person against the AI in the statistics
/// of `dir`: None when it does not count (not over, hot-seat, AI against
/// AI), else the player's record against that level now ("you vs hard,
/// Enkeshui 2x8: 3-0-7", then the offer of the next level if any) or why
/// it could not be counted.
pub fn count_game(
    dir: &Path,
    game: &crate::engine::AnyGame,
    south: &crate::cli::Seat,
    north: &crate::cli::Seat,
    now_secs: u64,
) -> Option<Result<Vec<String>, StatsError>> {
    use crate::cli::Seat;
    use crate::engine::{Side, Status};
    let Status::Over(o) = game.status() else {
        return None;
    };
    let (human, ai) = match (south, north) {
        (Seat::Human, Seat::Ai(p)) => (Side::South, p),
        (Seat::Ai(p), Seat::Human) => (Side::North, p),
        _ => return None,
    };
    let outcome = match o.winner {
        None => Outcome::Draw,
        Some(w) if w == human => Outcome::Win,
        Some(_) => Outcome::Loss,
    };
    let player = player_name();
    let name = game_name(game);
    Some(
        record(dir, &player, &name, ai.name(), outcome, now_secs).map(|stats| {
            let levels = &stats.players[&player][&name];
            let t = &levels[ai.name()];
            let mut out = vec![format!(
                "you vs {}, {name}: {}-{}-{}",
                ai.name(),
                t.wins,
                t.draws,
                t.losses
            )];
            out.extend(offer("you", levels));
            out
        }),
    )
}

/// "you vs hard, Enkeshui 2x8: 3-0-7" lines of a player, game by game.
pub fn lines(player: &str, games: &BTreeMap<String, BTreeMap<String, Tally>>) -> Vec<String> {
    let mut out = Vec::new();
    for (game, levels) in games {
        for (level, t) in sorted(levels) {
            out.push(format!(
                "{player} vs {level}, {game}: {}-{}-{}",
                t.wins, t.draws, t.losses
            ));
        }
    }
    out
}

/// A game's levels from the weakest up (unknown names last, by name).
fn sorted(levels: &BTreeMap<String, Tally>) -> Vec<(&String, &Tally)> {
    let mut v: Vec<_> = levels.iter().collect();
    v.sort_by_key(|(l, _)| {
        (
            RATED.iter().position(|r| r == l).unwrap_or(usize::MAX),
            l.as_str(),
        )
    });
    v
}

/// Text from the statistics file or the environment (a player's, a game's
/// or a level's name), safe for a terminal: control characters escaped as
/// `replay --check` does.
fn safe(s: &str) -> String {
    crate::text::one_line(s, crate::text::MAX_LINE_CHARS)
}

/// What `masai-mancala stats` prints for `player`. Every name in it is
/// escaped: the file and `USER` may hold terminal commands.
pub fn report(stats: &Stats, player: &str, file: &Path) -> String {
    let mut out = format!(
        "Statistics of {} ({})\n",
        safe(player),
        safe(&file.display().to_string())
    );
    let Some(games) = stats.players.get(player) else {
        out.push_str("No game against the AI finished yet (hot-seat games do not count).\n");
        return out;
    };
    for (game, levels) in games {
        out.push_str(&format!("\n{}\n", safe(game)));
        for (level, t) in sorted(levels) {
            out.push_str(&format!(
                "  vs {:<7} {:>3}-{}-{:<3} {:>3.0}%  last {}\n",
                safe(level),
                t.wins,
                t.draws,
                t.losses,
                t.score() * 100.0,
                safe(&t.last)
            ));
        }
        if let Some(s) = strength(game, levels) {
            let (table, _) = calibration(game).unwrap_or(("", ""));
            // Other sizes are rated on the calibrated size's scale: say so.
            let whose = if table == game {
                format!("{table} calibration")
            } else {
                format!("{table} calibration, as {} has none", safe(game))
            };
            out.push_str(&format!(
                "  strength: {s} on the AI levels' scale\n  ({whose}: "
            ));
            if let Some(r) = level_ratings(game) {
                let scale: Vec<String> = RATED.iter().map(|l| format!("{l} {:.0}", r[l])).collect();
                out.push_str(&scale.join(", "));
            }
            out.push_str(")\n");
        }
        if let Some(o) = next_step(player, levels) {
            out.push_str(&format!("  {}\n", safe(&o)));
        }
        // A footnote: a level below a calibration player looks like a slip.
        if strength(game, levels).is_some()
            && level_ratings(game).is_some_and(|r| r["easy"] < r["greedy"])
        {
            out.push_str(
                "  (easy rates below greedy: it misjudges its moves on purpose, as a newcomer does)\n",
            );
        }
    }
    out
}

/// What `stats --json` prints: the player's tallies, strength and offers.
pub fn report_json(stats: &Stats, player: &str, file: &Path) -> serde_json::Value {
    use serde_json::json;
    let mut games = Vec::new();
    if let Some(all) = stats.players.get(player) {
        for (game, levels) in all {
            let results: Vec<_> = sorted(levels)
                .into_iter()
                .map(|(level, t)| {
                    json!({"level": level, "wins": t.wins, "draws": t.draws, "losses": t.losses,
                           "score": t.score(), "last": t.last})
                })
                .collect();
            let strength = match strength(game, levels) {
                Some(Strength::About { elo, margin }) => {
                    json!({"elo": elo.round(), "margin": margin.round()})
                }
                Some(Strength::Above(e)) => json!({"above": e.round()}),
                Some(Strength::Below(e)) => json!({"below": e.round()}),
                None => serde_json::Value::Null,
            };
            games.push(
                json!({"game": game, "results": results, "strength": strength,
                              "offer": offer(player, levels), "next": next_step(player, levels)}),
            );
        }
    }
    json!({"player": player, "file": file.display().to_string(), "games": games})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
            last: "2026-12-01 12:00".into(),
        }
    }

    #[test]
    fn levels_are_rated_in_order_in_every_game() {
        for game in ["Enkeshui 2x8", "En Gehé 2x40", "Bao la Kimasai"] {
            let r = level_ratings(game).unwrap();
            for w in ["easy", "medium", "hard", "expert"].windows(2) {
                assert!(r[w[0]] < r[w[1]], "{game}: {r:?}");
            }
            assert_eq!(r["random"], 0.0);
        }
    }

    #[test]
    fn an_even_score_against_one_level_is_that_level() {
        let r = level_ratings("Enkeshui 2x8").unwrap();
        let levels = BTreeMap::from([("hard".to_string(), tally(5, 0, 5))]);
        let Some(Strength::About { elo, margin }) = strength("Enkeshui 2x8", &levels) else {
            panic!()
        };
        assert!((elo - r["hard"]).abs() < 0.5, "{elo} vs {}", r["hard"]);
        // 10 games: 1.96 / sqrt(10 * 0.25) * 400 / ln 10 = 215 Elo.
        assert!((margin - 215.3).abs() < 1.0, "{margin}");
        let more = BTreeMap::from([("hard".to_string(), tally(50, 0, 50))]);
        let Some(Strength::About { margin: m100, .. }) = strength("Enkeshui 2x8", &more) else {
            panic!()
        };
        assert!((m100 - 68.1).abs() < 1.0, "{m100}");
        let all = BTreeMap::from([("easy".to_string(), tally(3, 0, 0))]);
        assert!(matches!(
            strength("Bao la Kimasai", &all),
            Some(Strength::Above(_))
        ));
    }

    #[test]
    fn the_next_level_is_offered_over_sixty_percent() {
        let l = BTreeMap::from([("medium".to_string(), tally(4, 0, 1))]);
        assert_eq!(
            offer("you", &l),
            Some("you score 80% against medium: try hard".into())
        );
        let l = BTreeMap::from([("medium".to_string(), tally(3, 0, 2))]);
        assert_eq!(offer("you", &l), None, "60% is not over 60%");
        let l = BTreeMap::from([("medium".to_string(), tally(3, 0, 0))]);
        assert_eq!(offer("you", &l), None, "too few games");
        let l = BTreeMap::from([("expert".to_string(), tally(9, 0, 0))]);
        assert_eq!(offer("you", &l), None, "nothing above expert");
    }
}

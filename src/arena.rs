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
use crate::engine::{AnyGame, PerSide, Quiet, Side, Status};
use crate::record::{GameRecord, Record, file};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Map, Value, json};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Who plays.
#[derive(Clone, Debug)]
pub enum Contender {
    Builtin(Player),
    /// An outside program and its arguments.
    Program(Vec<String>),
}

impl Contender {
    pub fn parse(s: &str) -> Result<Contender, String> {
        if let Some(cmd) = s.strip_prefix("cmd:") {
            let words = split_words(cmd)?;
            if words.is_empty() {
                return Err("cmd: needs a program".into());
            }
            return Ok(Contender::Program(words));
        }
        Player::parse(s)
            .map(Contender::Builtin)
            .ok_or_else(|| format!("unknown player '{s}' ({}, or cmd:PROGRAM)", Player::NAMES))
    }

    pub fn name(&self) -> String {
        match self {
            Contender::Builtin(p) => p.name().into(),
            Contender::Program(w) => format!("cmd:{}", w.join(" ")),
        }
    }
}

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
    pub variant: Map<String, Value>,
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

/// The summary from A's side.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub margin_sum: i64,
    pub turns_sum: u64,
    pub points: Vec<f64>,
    pub clock_a: Clock,
    pub clock_b: Clock,
    pub forfeits: Vec<String>,
}

impl Summary {
    fn add(&mut self, r: &GameResult) {
        self.games += 1;
        if r.points > 0.75 {
            self.wins += 1;
        } else if r.points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
        self.margin_sum += r.margin;
        self.turns_sum += r.turns as u64;
        self.points.push(r.points);
        if let Some(f) = &r.forfeit {
            self.forfeits.push(f.clone());
        }
    }

    /// A's share of the points, 0..1.
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        self.points.iter().sum::<f64>() / self.games as f64
    }

    /// The Elo difference A - B and its 95% error (from the games' variance).
    /// A perfect score (or zero) is taken as (points + 1/2) / (games + 1) so both stay finite.
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games as f64;
        if self.games == 0 {
            return (0.0, 0.0);
        }
        let sum: f64 = self.points.iter().sum();
        let p = if sum <= 0.0 || sum >= n {
            (sum + 0.5) / (n + 1.0)
        } else {
            sum / n
        };
        let elo = -400.0 * (1.0 / p - 1.0).log10();
        let var = self.points.iter().map(|x| (x - p) * (x - p)).sum::<f64>() / n;
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
            "forfeits": self.forfeits,
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
        for f in &self.forfeits {
            out.push_str(&format!("\nforfeit: {f}"));
        }
        out
    }
}

/// An outside program speaking the engine protocol.
struct Program {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Program {
    fn start(words: &[String]) -> Result<Program, String> {
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", words[0]))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Program {
            child,
            stdin,
            lines,
        })
    }

    /// Sends a line and waits for one answer line.
    fn ask(&mut self, line: &str, wait: Duration) -> Result<String, String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot write to the program: {e}"))?;
        match self.lines.recv_timeout(wait) {
            Ok(answer) => Ok(answer),
            Err(RecvTimeoutError::Timeout) => {
                Err(format!("no answer within {} ms", wait.as_millis()))
            }
            Err(RecvTimeoutError::Disconnected) => Err("the program ended".into()),
        }
    }

    /// The program's decision: `position` at the turn's start, the decisions
    /// of this turn so far, then `go movetime`.
    fn decide(
        &mut self,
        turn_start: &AnyGame,
        so_far: &[String],
        ms: u64,
    ) -> Result<String, String> {
        let short = Duration::from_millis(5000);
        let pos = turn_start.position_json().to_string();
        let ok = self.ask(&format!("position {pos}"), short)?;
        if ok != "ok" {
            return Err(format!("answered '{ok}' to position"));
        }
        if !so_far.is_empty() {
            let ok = self.ask(&format!("moves {}", so_far.join(" ")), short)?;
            if ok != "ok" {
                return Err(format!("answered '{ok}' to moves"));
            }
        }
        let wait = Duration::from_millis(ms * 2 + 1000);
        let answer = self.ask(&format!("go movetime {ms}"), wait)?;
        match answer.strip_prefix("bestmove ") {
            Some(tok) if !tok.trim().is_empty() && !tok.trim().contains(' ') => {
                Ok(tok.trim().to_string())
            }
            _ => Err(format!("answered '{answer}' to go")),
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        std::thread::sleep(Duration::from_millis(10));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

enum Seat {
    Builtin(Player),
    Program(Box<Program>),
}

/// One game as played: its result, both clocks and its record.
struct Played {
    index: u32,
    a_side: Side,
    result: GameResult,
    clock_a: Clock,
    clock_b: Clock,
    decisions: Vec<String>,
    end: Status,
}

/// Plays the whole arena on `jobs` threads; `progress` gets a line per game
/// as it finishes. The result does not depend on `jobs`: every game's
/// opening and players' seeds come from its number.
pub fn run(s: &Settings, mut progress: impl FnMut(&str)) -> Result<Summary, String> {
    let start = new_game(&s.game).map_err(|e| e.to_string())?;
    // Refused before any game is played, not after.
    match &s.save {
        Some(dir) if s.games > 1 => std::fs::create_dir_all(dir)
            .map_err(|e| format!("--save: cannot make the folder {}: {e}", dir.display()))?,
        Some(path) => file::check_target(path, false).map_err(|e| format!("--save: {e}"))?,
        None => {}
    }
    let mut summary = Summary::default();
    let mut forfeits: Vec<(u32, String)> = Vec::new();
    let next = AtomicU32::new(0);
    let failed = AtomicBool::new(false);
    let (tx, rx) = channel::<Result<Played, String>>();
    std::thread::scope(|scope| {
        for _ in 0..s.jobs.clamp(1, 64) {
            let tx = tx.clone();
            let (start, next, failed) = (&start, &next, &failed);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= s.games || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    let played = play_game(s, start, i);
                    if played.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    if tx.send(played).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut first_error = None;
        for played in rx {
            let p = match played {
                Ok(p) => p,
                Err(e) => {
                    first_error.get_or_insert(e);
                    continue;
                }
            };
            if let Some(path) = &s.save
                && let Err(e) = save_game(s, &start, &p, path)
            {
                failed.store(true, Ordering::Relaxed);
                first_error.get_or_insert(e);
                continue;
            }
            let r = &p.result;
            summary.add(r);
            if let Some(f) = &r.forfeit {
                forfeits.push((p.index, f.clone()));
            }
            summary.clock_a.merge(&p.clock_a);
            summary.clock_b.merge(&p.clock_b);
            let what = match r.points {
                x if x > 0.75 => "win",
                x if x < 0.25 => "loss",
                _ => "draw",
            };
            let (elo, err) = summary.elo();
            progress(&format!(
                "{} game {}: {} as {} {} ({:+} seeds, {} turns){}; so far +{} ={} -{}, Elo {:+.0} ± {:.0}",
                bar(summary.games, s.games),
                p.index + 1,
                s.a.name(),
                p.a_side,
                what,
                r.margin,
                r.turns,
                r.forfeit
                    .as_ref()
                    .map(|f| format!(": {f}"))
                    .unwrap_or_default(),
                summary.wins,
                summary.draws,
                summary.losses,
                elo,
                err
            ));
        }
        match first_error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    })?;
    // Forfeits in game order, whatever order the threads finished in.
    forfeits.sort();
    summary.forfeits = forfeits.into_iter().map(|(_, f)| f).collect();
    Ok(summary)
}

/// `[#####.....] 12/40`
fn bar(done: u32, all: u32) -> String {
    const WIDTH: u32 = 20;
    let full = (done * WIDTH).checked_div(all).unwrap_or(WIDTH) as usize;
    format!(
        "[{}{}] {done}/{all}",
        "#".repeat(full),
        ".".repeat(WIDTH as usize - full)
    )
}

/// Plays game `i`: its seeded random opening, then the players.
fn play_game(s: &Settings, start: &AnyGame, i: u32) -> Result<Played, String> {
    let a_side = if i.is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    };
    let mut opening_rng =
        SmallRng::seed_from_u64(s.seed ^ (i as u64 / 2).wrapping_mul(0x9e37_79b9));
    let mut game = start.clone();
    let mut decisions = Vec::new();
    let mut turns_played = 0;
    while turns_played < s.opening && game.status() == Status::Playing {
        let mover = game.to_move();
        let req = Request::new(Player::Random, opening_rng.random());
        let Some(c) = ai::choose_token(&game, &req) else {
            break;
        };
        game.play_token(&c.decision, &mut Quiet)
            .map_err(|e| format!("opening: {e}"))?;
        decisions.push(c.decision);
        if game.to_move() != mover {
            turns_played += 1;
        }
    }
    let mut played = Played {
        index: i,
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
    };
    play_one(s, &mut game, &mut played)?;
    played.end = game.status();
    Ok(played)
}

/// Writes game `p`'s record: the file `path` for a one-game arena, else
/// `path/game-NNN.json`.
fn save_game(s: &Settings, start: &AnyGame, p: &Played, path: &Path) -> Result<(), String> {
    let file = if s.games > 1 {
        let width = s.games.to_string().len().max(3);
        path.join(format!("game-{:0width$}.json", p.index + 1))
    } else {
        path.to_path_buf()
    };
    let seat = |side: Side| {
        let c = if side == p.a_side { &s.a } else { &s.b };
        format!("ai:{}", c.name())
    };
    let record = Record {
        game: start.kind(),
        variant: s.variant.clone(),
        rules: start
            .position_json()
            .get("rules")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default(),
        seats: PerSide::new(seat(Side::South), seat(Side::North)),
        options: Map::new(),
        games: vec![GameRecord {
            start: start.position_json(),
            race: None,
            decisions: p.decisions.clone(),
            result: match p.end {
                Status::Over(o) => Some(o),
                Status::Playing => None,
            },
        }],
    };
    file::save(&file, &record, false).map_err(|e| format!("--save: {e}"))
}

fn seat_of(c: &Contender) -> Result<Seat, String> {
    Ok(match c {
        Contender::Builtin(p) => Seat::Builtin(*p),
        Contender::Program(w) => Seat::Program(Box::new(Program::start(w)?)),
    })
}

fn play_one(s: &Settings, game: &mut AnyGame, p: &mut Played) -> Result<(), String> {
    let (a_side, index) = (p.a_side, p.index);
    let mut seat_a = seat_of(&s.a)?;
    let mut seat_b = seat_of(&s.b)?;
    let first_turn = game.turn();
    let mut turn_start = game.clone();
    let mut so_far: Vec<String> = Vec::new();
    let mut ply = 0u64;
    loop {
        if let Status::Over(o) = game.status() {
            let a = o.score[a_side] as i64;
            let b = o.score[a_side.other()] as i64;
            let points = match o.winner {
                Some(w) if w == a_side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            p.result = GameResult {
                points,
                margin: a - b,
                turns: game.turn() - first_turn,
                forfeit: None,
            };
            return Ok(());
        }
        let mover = game.to_move();
        let is_a = mover == a_side;
        let (seat, name) = if is_a {
            (&mut seat_a, s.a.name())
        } else {
            (&mut seat_b, s.b.name())
        };
        let t = Instant::now();
        let answer = match seat {
            Seat::Builtin(p) => {
                let mut req = Request::new(
                    *p,
                    s.seed ^ (index as u64) << 32 ^ ply.wrapping_mul(0x2545_f491),
                );
                req.think_ms = s.think_ms;
                req.hash_mb = s.hash_mb;
                ai::choose_token(game, &req)
                    .map(|c| c.decision)
                    .ok_or_else(|| "no decision".to_string())
            }
            Seat::Program(p) => p.decide(&turn_start, &so_far, s.think_ms.unwrap_or(1000)),
        };
        let spent = t.elapsed();
        if is_a {
            p.clock_a.add(spent);
        } else {
            p.clock_b.add(spent);
        }
        let result = answer.and_then(|tok| {
            game.play_token(&tok, &mut Quiet)
                .map(|()| tok.clone())
                .map_err(|e| format!("illegal decision '{tok}': {e}"))
        });
        match result {
            Ok(tok) => {
                p.decisions.push(tok.clone());
                if game.to_move() == mover && game.status() == Status::Playing {
                    so_far.push(tok);
                } else {
                    so_far.clear();
                    turn_start = game.clone();
                }
            }
            Err(reason) => {
                p.result = GameResult {
                    points: if is_a { 0.0 } else { 1.0 },
                    margin: 0,
                    turns: game.turn() - first_turn,
                    forfeit: Some(format!(
                        "game {}: {name} ({mover}) lost: {reason}",
                        index + 1
                    )),
                };
                return Ok(());
            }
        }
        ply += 1;
    }
}

//! Lessons: short texts with a prepared position and a task, kept as data
//! (`lessons/*.json`, embedded in the program), and the checker that judges
//! the player's turn with the real engine.
//!
//! A lesson's goal is checked on what the whole turn did (a turn may be
//! several decisions: Enkeshui's `cw`/`ccw`), read from the engine's events:
//! laps sown, seeds captured, bulls made, cows stolen, the game's end, or what
//! the opponent could take next. The race lesson runs the starting race.
//! Depends on the engine and the AI's material count, never on the client;
//! the progress file is the program's.

pub mod puzzles;

use crate::engine::bao::Row;
use crate::engine::enkeshui::race::{Race, RaceError};
use crate::engine::position::PositionError;
use crate::engine::{
    AnyGame, Event, Game, GameKind, HoleLabel, MoveError, Observer, Quiet, Side, Status,
};
use serde::Deserialize;
use serde_json::Value;

/// The lessons of each game, in the order they are taught.
const DATA: [(GameKind, &str); 3] = [
    (GameKind::Enkeshui, include_str!("lessons/enkeshui.json")),
    (GameKind::EnGehe, include_str!("lessons/en-gehe.json")),
    (
        GameKind::BaoLaKimasai,
        include_str!("lessons/bao-la-kimasai.json"),
    ),
];

/// What the player must do.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Goal {
    /// The turn sows at least / at most this many laps.
    Laps {
        /// The fewest laps (none: no lower bound).
        #[serde(default)]
        at_least: Option<u32>,
        /// The most laps (none: no upper bound).
        #[serde(default)]
        at_most: Option<u32>,
    },
    /// The turn captures at least this many seeds.
    Capture {
        /// The fewest seeds captured.
        at_least: u32,
    },
    /// The turn makes at least this many bulls of the mover's.
    Bulls {
        /// The fewest bulls made.
        at_least: u32,
    },
    /// The turn steals at least this many cows.
    Steal {
        /// The fewest cows stolen.
        at_least: u32,
    },
    /// The turn wins the game.
    Win,
    /// The turn ends the game with at least this score for the mover.
    FinalScore {
        /// The lowest final score.
        at_least: u32,
    },
    /// After the turn no reply of the opponent banks more than `at_most`
    /// seeds (cows); `special`: with the special move.
    Safe {
        /// The most seeds (cows) the opponent's best reply may bank.
        at_most: u32,
        /// The turn must be the special move.
        #[serde(default)]
        special: bool,
    },
    /// Sleep first in the starting race.
    Race,
    /// The turn's last lap ends in this hole, named as the answers name it
    /// ("North's hole 2", "your outer hole 8").
    LastIn {
        /// The hole's name: "North's hole 2", "your outer hole 8".
        hole: String,
    },
}

/// One lesson, as written in the data.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// The lesson's id: "enkeshui-relay" (the progress file keeps it).
    pub id: String,
    /// The lesson's title: "Sowing and relay".
    pub title: String,
    /// The rule section it teaches: a `##` or `###` heading of the game's
    /// `rules/*.md`, without a closing "(...)" (tests/lessons.rs checks it).
    pub section: String,
    /// The explanation, a few sentences per paragraph.
    pub text: Vec<String>,
    /// The position JSON of NOTATION.md (the race lesson: the position the race starts from).
    pub position: Value,
    /// The task, as the player reads it.
    pub task: String,
    /// What the engine checks on the turn played.
    pub goal: Goal,
    /// A hint toward the solution, shown on request.
    pub hint: String,
    /// The decisions of a turn that solves the task (the race lesson: who
    /// drops, in order; the last one goes on dropping until someone sleeps).
    pub solution: Vec<String>,
    /// Why the solution works.
    pub success: String,
    /// Why a decision that misses the goal is wrong.
    pub wrong: String,
    /// The failing turn `wrong` tells of (none: `wrong` fits every failing turn).
    #[serde(default)]
    pub wrong_turn: Option<Vec<String>>,
    /// The race lesson: the racers' hole (default: the rightmost both can lift).
    #[serde(default)]
    pub race_hole: Option<usize>,
    /// Set after loading.
    #[serde(skip)]
    pub game: Option<GameKind>,
}

/// All lessons, in order: Enkeshui, En Gehé, Bao la Kimasai. The data is part
/// of the program and checked by the tests, so a failure here is a bug.
pub fn all() -> Vec<Lesson> {
    DATA.iter()
        .flat_map(|(kind, text)| {
            let mut list: Vec<Lesson> =
                serde_json::from_str(text).unwrap_or_else(|e| panic!("lessons of {kind}: {e}"));
            for l in &mut list {
                l.game = Some(*kind);
            }
            list
        })
        .collect()
}

/// The lessons of one game.
pub fn of(kind: GameKind) -> Vec<Lesson> {
    all().into_iter().filter(|l| l.game == Some(kind)).collect()
}

/// Headings of `rules/*.md` that are reference, not rules: option tables,
/// the command line, worked examples, sources and readings.
pub const NOT_RULES: [&str; 6] = [
    "All the options",
    "Options",
    "Playing from the command line",
    "Worked examples",
    "Where ",
    "Our reading",
];

/// The rule sections of a game's player-facing rules (`rules/GAME.md`):
/// every `##` and `###` heading, named without a closing "(...)", except
/// the reference ones of [`NOT_RULES`]. Each has at least one lesson.
pub fn rule_sections(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        let Some(head) = line
            .strip_prefix("### ")
            .or_else(|| line.strip_prefix("## "))
            .filter(|_| !fenced)
        else {
            continue;
        };
        let name = match head.rfind(" (") {
            Some(i) if head.ends_with(')') => &head[..i],
            _ => head,
        };
        if !NOT_RULES.iter().any(|n| name.starts_with(n)) {
            out.push(name.trim().to_string());
        }
    }
    out
}

/// What `learn --list` prints: each game's lessons numbered, `[x]` when
/// `is_done` says the lesson of that id is done.
pub fn list_text(kind: Option<GameKind>, is_done: impl Fn(&str) -> bool) -> String {
    let mut out = String::new();
    let (mut done, mut total) = (0, 0);
    for k in GameKind::ALL {
        if kind.is_some_and(|want| want != k) {
            continue;
        }
        out.push_str(k.title());
        out.push('\n');
        for (i, l) in of(k).iter().enumerate() {
            let d = is_done(&l.id);
            done += usize::from(d);
            total += 1;
            out.push_str(&format!(
                "  {}. [{}] {} (rules: {})\n",
                i + 1,
                if d { 'x' } else { ' ' },
                l.title,
                l.section
            ));
        }
    }
    out.push_str(&format!("{done} of {total} done.\n"));
    out
}

/// What a turn did, read from the engine's events.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnLog {
    /// The laps sown.
    pub laps: u32,
    /// The hole where the last lap ended (board index) and whether it was empty before.
    pub last_end: Option<(usize, bool)>,
    /// The seeds the mover captured.
    pub captured: u32,
    /// The bulls of the mover's made.
    pub bulls: u32,
    /// The cows stolen (Bao).
    pub stolen: u32,
    /// The turn was the special move (Enkeshui).
    pub special: bool,
    /// The mover's row after a special move.
    pub special_row: Option<Vec<u32>>,
    /// Seeds in hand were put back into a hole: every way on repeats.
    pub put_back: bool,
}

/// Collects a [`TurnLog`] for the mover.
pub struct Recorder {
    /// The mover.
    pub me: Side,
    /// What the turn did so far.
    pub log: TurnLog,
}

impl Observer for Recorder {
    const DROPS: bool = false;
    fn event(&mut self, event: Event) {
        let l = &mut self.log;
        match event {
            Event::Lift { lap, .. } => l.laps = l.laps.max(lap),
            Event::LapEnd { hole, seeds, lap } => {
                l.laps = l.laps.max(lap);
                l.last_end = Some((hole, seeds == 1));
            }
            Event::Capture { seeds, by, .. } if by == self.me => l.captured += seeds,
            Event::Bull { owner, .. } if owner == self.me => l.bulls += 1,
            Event::Steal { seeds, .. } => l.stolen += seeds,
            Event::Special { row, .. } => {
                l.special = true;
                l.special_row = Some(row);
            }
            Event::PutBack { .. } => l.put_back = true,
            _ => {}
        }
    }
}

/// What the player's turn came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The task is done.
    pub solved: bool,
    /// What happened, in a sentence or two.
    pub what: String,
}

/// Seeds (cows) `side` has banked: captured and in his bulls (Enkeshui),
/// captured (En Gehé), owned (Bao).
pub fn banked(game: &AnyGame, side: Side) -> u32 {
    match game {
        AnyGame::Enkeshui(g) => g.captured()[side] + g.board().bull_seeds(side),
        AnyGame::EnGehe(g) => g.captured()[side],
        AnyGame::BaoLaKimasai(g) => g.cows(side),
    }
}

/// South's score were the game to end now: captured, plus the seeds of his
/// row and bulls (Enkeshui), captured (En Gehé), cows owned (Bao).
pub fn score_now(game: &AnyGame, side: Side) -> u32 {
    match game {
        AnyGame::Enkeshui(g) => g.captured()[side] + g.board().seeds_held(side),
        _ => banked(game, side),
    }
}

/// A hole as the player reads it: "your hole 5", "North's hole 3", "your inner hole 4".
pub fn hole_text(game: &AnyGame, index: usize, me: Side) -> String {
    let name = match game {
        AnyGame::Enkeshui(g) => g.hole_name(index),
        AnyGame::EnGehe(g) => g.hole_name(index),
        AnyGame::BaoLaKimasai(g) => g.hole_name(index),
    };
    let whose = if name.side == me {
        "your".to_string()
    } else {
        format!("{}'s", name.side.title())
    };
    match name.hole {
        HoleLabel::Bao(Row::Inner, k) => format!("{whose} inner hole {k}"),
        HoleLabel::Bao(Row::Outer, k) => format!("{whose} outer hole {k}"),
        HoleLabel::Number(n) => format!("{whose} hole {n}"),
    }
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Every way the mover can finish the turn from `game`: each full list of
/// decisions, with the game after it (at most `cap` turns; a turn longer
/// than 16 decisions is left out).
pub fn turns(game: &AnyGame, cap: usize) -> Vec<(Vec<String>, AnyGame)> {
    let mut out = Vec::new();
    let me = game.to_move();
    let mut stack: Vec<(Vec<String>, AnyGame)> = vec![(Vec::new(), game.clone())];
    while let Some((path, g)) = stack.pop() {
        if out.len() >= cap {
            break;
        }
        let ended = !path.is_empty()
            && (g.status().is_over() || g.to_move() != me || g.pending().is_none());
        if ended {
            out.push((path, g));
            continue;
        }
        if path.len() >= 16 {
            continue;
        }
        for t in g.legal_tokens().into_iter().filter(|t| t != "special") {
            let mut next = g.clone();
            if next.play_token(&t, &mut Quiet).is_ok() {
                let mut p = path.clone();
                p.push(t);
                stack.push((p, next));
            }
        }
    }
    out
}

/// A lesson that cannot start, or decisions that do not make its turn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LessonError {
    /// The lesson's position does not load.
    #[error("lesson {id}: position: {error}")]
    Position {
        /// The lesson's id.
        id: String,
        /// Why the position does not load.
        error: PositionError,
    },
    /// The lesson's position is of another game than the lesson's.
    #[error("lesson {id}: the position is {found}")]
    OtherGame {
        /// The lesson's id.
        id: String,
        /// The position's game.
        found: GameKind,
    },
    /// The race lesson's race cannot start.
    #[error("lesson {id}: {error}")]
    Race {
        /// The lesson's id.
        id: String,
        /// Why the race cannot start.
        error: RaceError,
    },
    /// A race lesson on a game with no race.
    #[error("lesson {id}: only Enkeshui has a race")]
    NoRace {
        /// The lesson's id.
        id: String,
    },
    /// A race checked with no drop.
    #[error("no drops")]
    NoDrops,
    /// A race's drop that names no side.
    #[error("'{0}' is not a side")]
    NotASide(String),
    /// A drop the race refuses.
    #[error("{0}")]
    Drop(RaceError),
    /// A decision after the turn ended (numbered from 1).
    #[error("decision {number} '{token}': the turn is already over")]
    TurnOver {
        /// The decision's number.
        number: usize,
        /// The decision, as written.
        token: String,
    },
    /// A decision the engine refuses (numbered from 1).
    #[error("decision {number} '{token}': {error}")]
    Decision {
        /// The decision's number.
        number: usize,
        /// The decision, as written.
        token: String,
        /// Why the engine refuses it.
        error: MoveError,
    },
    /// Decisions that stop before the turn's end.
    #[error("the turn is not over")]
    TurnNotOver,
}

impl Lesson {
    /// The game the lesson is of (Enkeshui before loading).
    pub fn kind(&self) -> GameKind {
        self.game.unwrap_or(GameKind::Enkeshui)
    }

    /// The lesson's position.
    pub fn start(&self) -> Result<AnyGame, LessonError> {
        let g = AnyGame::from_position(&self.position).map_err(|error| LessonError::Position {
            id: self.id.clone(),
            error,
        })?;
        if g.kind() != self.kind() {
            return Err(LessonError::OtherGame {
                id: self.id.clone(),
                found: g.kind(),
            });
        }
        Ok(g)
    }

    /// Whether this is the race lesson (its goal is [`Goal::Race`]).
    pub fn is_race(&self) -> bool {
        self.goal == Goal::Race
    }

    /// The lesson's race, for a race lesson.
    pub fn race(&self) -> Result<Race, LessonError> {
        let id = self.id.clone();
        match self.start()? {
            AnyGame::Enkeshui(g) => Race::start(&g, self.race_hole, &mut Quiet)
                .map_err(|error| LessonError::Race { id, error }),
            _ => Err(LessonError::NoRace { id }),
        }
    }

    /// Judges a finished race.
    pub fn check_race(&self, race: &Race) -> Verdict {
        match race.first_sleeper() {
            Some(Side::South) => Verdict {
                solved: true,
                what: "Your lap ended in an empty hole first: you slept first.".into(),
            },
            Some(Side::North) => Verdict {
                solved: false,
                what: "North's lap ended in an empty hole before yours: North slept first.".into(),
            },
            None => Verdict {
                solved: false,
                what: "Nobody has slept yet.".into(),
            },
        }
    }

    /// Judges the player's turn: `before` is the lesson's position, `after`
    /// the game when the turn ended, `log` what the turn did.
    pub fn check(&self, before: &AnyGame, after: &AnyGame, log: &TurnLog) -> Verdict {
        let me = before.to_move();
        let mut what = Vec::new();
        // A special move sows nothing: no "0 laps".
        if log.laps > 0 {
            what.push(format!(
                "Your turn sowed {}.",
                plural(log.laps, "lap", "laps")
            ));
        }
        if let Some((hole, empty)) = log.last_end {
            what.push(format!(
                "The last {} fell into {}{}.",
                if self.kind() == GameKind::BaoLaKimasai {
                    "cow"
                } else {
                    "seed"
                },
                hole_text(after, hole, me),
                if empty { ", which was empty" } else { "" }
            ));
        }
        match &log.special_row {
            Some(row) => {
                let row: Vec<String> = row.iter().map(|n| n.to_string()).collect();
                what.push(format!(
                    "You made the special move: your row is now {}.",
                    row.join(" ")
                ));
            }
            None if log.special => what.push("You made the special move.".into()),
            None => {}
        }
        if log.captured > 0 {
            what.push(format!(
                "You captured {}.",
                plural(log.captured, "seed", "seeds")
            ));
        }
        if log.bulls > 0 {
            what.push(format!("You made {}.", plural(log.bulls, "bull", "bulls")));
        }
        if log.stolen > 0 {
            what.push(format!("You stole {}.", plural(log.stolen, "cow", "cows")));
        }
        if let Status::Over(o) = after.status() {
            what.push(format!(
                "The game is over: {}.",
                crate::record::print::outcome_line(&o)
            ));
        }
        let solved = match &self.goal {
            Goal::Laps { at_least, at_most } => {
                at_least.is_none_or(|n| log.laps >= n) && at_most.is_none_or(|n| log.laps <= n)
            }
            Goal::Capture { at_least } => log.captured >= *at_least,
            Goal::Bulls { at_least } => log.bulls >= *at_least,
            Goal::Steal { at_least } => log.stolen >= *at_least,
            Goal::Win => matches!(after.status(), Status::Over(o) if o.winner == Some(me)),
            Goal::FinalScore { at_least } => {
                matches!(after.status(), Status::Over(o) if o.score[me] >= *at_least)
            }
            Goal::Safe { at_most, special } => {
                let worst = best_reply(after);
                if let Some((gain, reply)) = &worst
                    && *gain > 0
                {
                    let unit = if self.kind() == GameKind::BaoLaKimasai {
                        ("cow", "cows")
                    } else {
                        ("seed", "seeds")
                    };
                    what.push(format!(
                        "{} can now take {} with {}.",
                        me.other().title(),
                        plural(*gain, unit.0, unit.1),
                        reply.join(" ")
                    ));
                } else if !after.status().is_over() {
                    what.push(format!("{} can take nothing now.", me.other().title()));
                }
                (!special || log.special) && worst.is_none_or(|(g, _)| g <= *at_most)
            }
            Goal::LastIn { hole } => log
                .last_end
                .is_some_and(|(at, _)| hole_text(after, at, me) == *hole),
            Goal::Race => false,
        };
        Verdict {
            solved,
            what: what.join(" "),
        }
    }

    /// What the lesson says about a finished turn (`tokens`, judged `v`):
    /// what happened on the board, then the lesson's explanation only where
    /// it tells of this very turn (`success`: the listed solution; `wrong`:
    /// `wrong_turn` when given, else any failing turn).
    pub fn answer(&self, tokens: &[String], v: &Verdict) -> String {
        if v.solved {
            if tokens == self.solution.as_slice() {
                format!("{} {}", self.success, v.what)
            } else {
                format!(
                    "{} That works too; this lesson's own solution is {}.",
                    v.what,
                    self.solution.join(" ")
                )
            }
        } else if self.wrong_turn.as_ref().is_none_or(|w| w == tokens) {
            format!("{} {}", v.what, self.wrong)
        } else {
            v.what.clone()
        }
    }

    /// Plays a list of decisions from the lesson's position and judges the
    /// turn (the decisions must make one whole turn).
    pub fn check_tokens(&self, tokens: &[String]) -> Result<Verdict, LessonError> {
        if self.is_race() {
            let mut race = self.race()?;
            let mut k = 0;
            while !race.is_over() && race.first_sleeper().is_none() {
                let t = tokens
                    .get(k)
                    .or(tokens.last())
                    .ok_or(LessonError::NoDrops)?;
                let side = Side::parse(t).ok_or_else(|| LessonError::NotASide(t.clone()))?;
                race.drop_seed(side, &mut Quiet)
                    .map_err(LessonError::Drop)?;
                k += 1;
            }
            return Ok(self.check_race(&race));
        }
        let before = self.start()?;
        let mut game = before.clone();
        let mut rec = Recorder {
            me: before.to_move(),
            log: TurnLog::default(),
        };
        for (i, t) in tokens.iter().enumerate() {
            if game.to_move() != rec.me
                || game.status().is_over()
                || (i > 0 && game.pending().is_none())
            {
                return Err(LessonError::TurnOver {
                    number: i + 1,
                    token: t.clone(),
                });
            }
            game.play_token(t, &mut rec)
                .map_err(|error| LessonError::Decision {
                    number: i + 1,
                    token: t.clone(),
                    error,
                })?;
        }
        if game.pending().is_some() && game.to_move() == rec.me {
            return Err(LessonError::TurnNotOver);
        }
        Ok(self.check(&before, &game, &rec.log))
    }
}

/// The opponent's reply that banks the most (seeds or cows gained), if any
/// reply exists.
pub fn best_reply(game: &AnyGame) -> Option<(u32, Vec<String>)> {
    if game.status().is_over() {
        return None;
    }
    let side = game.to_move();
    let before = banked(game, side);
    turns(game, 4096)
        .into_iter()
        .map(|(path, g)| (banked(&g, side).saturating_sub(before), path))
        .max_by_key(|(gain, _)| *gain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_lessons_with_unique_ids() {
        let all = all();
        for kind in GameKind::ALL {
            assert!(all.iter().any(|l| l.game == Some(kind)), "{kind}");
        }
        let mut ids: Vec<&str> = all.iter().map(|l| l.id.as_str()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), all.len());
    }
}

//! En Gehé: 2 rows of 40..50 holes (4..39 non-traditional), 4 seeds each,
//! relay sowing counterclockwise, a capture where the turn's last seed falls
//! into an empty hole of the mover's row facing an occupied hole, and the
//! seeds left on the board to the side that made the last move.

mod board;
mod json;

pub use board::{Board, MAX_HOLES, MIN_HOLES, RING};

use crate::engine::core::{EndReason, Endless, Event, Observer, Outcome, Quiet, Status, run_laps};
use crate::engine::side::{PerSide, Side};
use crate::engine::{Game, GameKind, HoleName, MoveError, Pending};
use std::fmt;
use std::ops::RangeInclusive;

/// Seeds in each hole at the start.
pub const SEEDS_PER_HOLE: u16 = 4;
pub const DEFAULT_HOLES: usize = 40;
/// Row lengths recorded for the traditional game.
pub const TRADITIONAL: RangeInclusive<usize> = 40..=50;
pub const DEFAULT_MAX_TURNS: u32 = 1000;
/// Most seeds a set-up position may hold on the board (no hole can overflow).
pub const MAX_BOARD_SEEDS: u32 = u16::MAX as u32 / 2;

/// The rule flags of RULES.md that apply to En Gehé.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Safety rule: the game ends after a turn once the turn number passes this.
    pub max_turns: u32,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            max_turns: DEFAULT_MAX_TURNS,
        }
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    HolesOutOfRange(usize),
    MaxTurns,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::HolesOutOfRange(n) => write!(
                f,
                "--holes {n}: En Gehé rows have {MIN_HOLES} to {MAX_HOLES} holes (40 to 50 are traditional)"
            ),
            SetupError::MaxTurns => f.write_str("--max-turns 0: the limit must be at least 1 turn"),
        }
    }
}

impl std::error::Error for SetupError {}

/// Positions seen since the last capture, for the repetition rule. A capture
/// changes the seeds on the board for good, so no earlier position can recur.
#[derive(Clone, Debug, Default)]
struct History {
    captured: PerSide<u32>,
    /// (hash, side to move) of each position seen, in order.
    keys: Vec<(u64, Side)>,
    /// The boards of those positions, 2N counts each, back to back.
    boards: Vec<u16>,
}

/// An En Gehé game at a turn boundary (a turn has no decision after the first).
#[derive(Clone, Debug)]
pub struct EnGehe {
    rules: Rules,
    board: Board,
    captured: PerSide<u32>,
    to_move: Side,
    turn: u32,
    status: Status,
    history: History,
}

/// The Brent state of a relay: the board after a lap and the hole to lift next.
#[derive(Clone)]
struct Relay {
    board: Board,
    pos: usize,
    lap: u32,
}

impl PartialEq for Relay {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.pos == other.pos && self.board.holes() == other.board.holes()
    }
}

/// Sows from board index `hole` until the turn ends; `Err` when it never would.
/// On `Err` the board and captures are left mid-sowing: callers work on copies.
fn sow_from<O: Observer>(
    board: &mut Board,
    captured: &mut PerSide<u32>,
    mover: Side,
    hole: usize,
    obs: &mut O,
) -> Result<(), Endless> {
    let seeds = board.lift(hole, 1, obs);
    let Some(pos) = board.lap(captured, mover, hole, seeds, 1, obs) else {
        return Ok(());
    };
    let mut state = Relay {
        board: *board,
        pos,
        lap: 2,
    };
    // Captures happen only on the turn's last lap, so the lap-end board and
    // relay hole are the whole state: a repeat means the sowing never ends.
    let result = run_laps(&mut state, |s| {
        let seeds = s.board.lift(s.pos, s.lap, obs);
        match s.board.lap(captured, mover, s.pos, seeds, s.lap, obs) {
            None => Some(()),
            Some(next) => {
                s.pos = next;
                s.lap = s.lap.wrapping_add(1);
                None
            }
        }
    });
    *board = state.board;
    result
}

impl EnGehe {
    /// A new game: 2 rows of `holes` holes with 4 seeds each, South to move.
    pub fn new(holes: usize, rules: Rules) -> Result<EnGehe, SetupError> {
        if !(MIN_HOLES..=MAX_HOLES).contains(&holes) {
            return Err(SetupError::HolesOutOfRange(holes));
        }
        if rules.max_turns == 0 {
            return Err(SetupError::MaxTurns);
        }
        let mut board = Board::empty(holes);
        board.counts[..2 * holes].fill(SEEDS_PER_HOLE);
        Ok(EnGehe::from_parts(
            rules,
            board,
            PerSide::default(),
            Side::South,
            1,
        ))
    }

    fn from_parts(
        rules: Rules,
        board: Board,
        captured: PerSide<u32>,
        to_move: Side,
        turn: u32,
    ) -> EnGehe {
        let mut game = EnGehe {
            rules,
            board,
            captured,
            to_move,
            turn,
            status: Status::Playing,
            history: History::default(),
        };
        game.check_start_of_turn(false, &mut Quiet);
        game
    }

    /// Reads and checks a position JSON.
    pub fn from_position(
        value: &serde_json::Value,
    ) -> Result<EnGehe, crate::engine::position::PositionError> {
        json::from_json(value)
    }

    /// The same game with another player to move (`--first north`).
    pub fn with_first(mut self, side: Side) -> EnGehe {
        self.to_move = side;
        self.history = History::default();
        self.status = Status::Playing;
        self.check_start_of_turn(false, &mut Quiet);
        self
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn holes(&self) -> usize {
        self.board.n
    }

    /// 40 to 50 holes a row, as recorded; smaller boards are our addition.
    pub fn is_traditional(&self) -> bool {
        TRADITIONAL.contains(&self.board.n)
    }

    pub fn captured(&self) -> PerSide<u32> {
        self.captured
    }

    /// Board index of a side's hole 1..N.
    pub fn index(&self, side: Side, hole: usize) -> usize {
        match side {
            Side::South => hole - 1,
            Side::North => self.board.n + hole - 1,
        }
    }

    /// A side's row, from its hole 1 to hole N.
    pub fn row(&self, side: Side) -> &[u16] {
        &self.board.counts[self.board.row(side)]
    }

    /// Laps after which sowing the mover's hole `hole` (1..N) comes back to a
    /// state it had: `Some(period)` when that sowing would never end, `None`
    /// when it ends (or the hole cannot be lifted).
    pub fn endless_period(&self, hole: usize) -> Option<u64> {
        if hole == 0 || hole > self.board.n || self.status.is_over() {
            return None;
        }
        let index = self.index(self.to_move, hole);
        if self.board.counts[index] == 0 {
            return None;
        }
        let mut board = self.board;
        let mut captured = self.captured;
        sow_from(&mut board, &mut captured, self.to_move, index, &mut Quiet)
            .err()
            .map(|e| e.period)
    }

    /// Would sowing from board index `hole` end?
    fn sowing_ends(&self, hole: usize) -> bool {
        let mut board = self.board;
        let mut captured = self.captured;
        sow_from(&mut board, &mut captured, self.to_move, hole, &mut Quiet).is_ok()
    }

    /// Has the mover a sowing that ends? Most first laps end the turn at
    /// once, so those are tried before whole sowings.
    fn can_sow(&self) -> bool {
        let row = self.board.row(self.to_move);
        let occupied = |h: &usize| self.board.counts[*h] > 0;
        row.clone()
            .filter(occupied)
            .any(|h| self.board.first_lap_surely_ends(h))
            || row.filter(occupied).any(|h| self.sowing_ends(h))
    }

    /// Each side's score if the game ended now by `reason`.
    pub fn score(&self, reason: EndReason) -> PerSide<u32> {
        let mut score = self.captured;
        match reason {
            // The side that made the last move takes every seed left.
            EndReason::NoSeeds | EndReason::NoLegalMove | EndReason::InnerRowEmpty => {
                score[self.to_move.other()] += self.board.seeds_on_board();
            }
            // Safety rule: each row's seeds to its owner.
            EndReason::Repetition | EndReason::TurnLimit => {
                for side in Side::BOTH {
                    score[side] += self.board.row_seeds(side);
                }
            }
        }
        score
    }

    /// Draws a legal hole at random (holes without replacement until a sowing
    /// that ends turns up); with `commit` the quiet sowing that proved it
    /// legal is kept as the move played.
    fn pick_random<R: rand::Rng>(&mut self, rng: &mut R, commit: bool) -> Option<usize> {
        if self.status.is_over() {
            return None;
        }
        let side = self.to_move;
        let row = self.board.row(side);
        let mut holes = [0usize; MAX_HOLES];
        let mut count = 0;
        for h in row.clone() {
            if self.board.counts[h] > 0 {
                holes[count] = h;
                count += 1;
            }
        }
        while count > 0 {
            let k = rng.random_range(0..count);
            let h = holes[k];
            let mut board = self.board;
            let mut captured = self.captured;
            if sow_from(&mut board, &mut captured, side, h, &mut Quiet).is_ok() {
                if commit {
                    self.board = board;
                    self.captured = captured;
                    self.finish_turn(&mut Quiet);
                }
                return Some(h - row.start + 1);
            }
            count -= 1;
            holes[k] = holes[count];
        }
        None
    }

    fn finish_turn<O: Observer>(&mut self, obs: &mut O) {
        obs.event(Event::TurnEnd { side: self.to_move });
        self.to_move = self.to_move.other();
        self.turn += 1;
        self.check_start_of_turn(true, obs);
    }

    /// The end tests at the start of a turn, then (after a turn) the safety rules.
    fn check_start_of_turn<O: Observer>(&mut self, after_turn: bool, obs: &mut O) {
        let reason = if self.board.row_seeds(self.to_move) == 0 {
            Some(EndReason::NoSeeds)
        } else if !self.can_sow() {
            Some(EndReason::NoLegalMove)
        } else if self.record_and_count_repeats() >= 3 {
            Some(EndReason::Repetition)
        } else if after_turn && self.turn > self.rules.max_turns {
            Some(EndReason::TurnLimit)
        } else {
            None
        };
        if let Some(reason) = reason {
            let outcome = Outcome::by_score(self.score(reason), reason);
            self.status = Status::Over(outcome);
            obs.event(Event::GameOver { outcome });
        }
    }

    /// Adds the current position to the history; returns how often it has now been seen.
    fn record_and_count_repeats(&mut self) -> usize {
        let h = &mut self.history;
        if h.captured != self.captured {
            h.captured = self.captured;
            h.keys.clear();
            h.boards.clear();
        }
        let counts = self.board.holes();
        let hash = counts.iter().fold(self.to_move as u64 + 1, |h, &c| {
            (h ^ c as u64).wrapping_mul(0x0100_0000_01b3)
        });
        let key = (hash, self.to_move);
        let n2 = counts.len();
        let seen = 1 + h
            .keys
            .iter()
            .enumerate()
            .filter(|(i, k)| **k == key && &h.boards[i * n2..(i + 1) * n2] == counts)
            .count();
        h.keys.push(key);
        h.boards.extend_from_slice(counts);
        seen
    }
}

impl Game for EnGehe {
    /// The mover's hole 1..N.
    type Decision = usize;

    fn kind(&self) -> GameKind {
        GameKind::EnGehe
    }

    fn to_move(&self) -> Side {
        self.to_move
    }

    fn status(&self) -> Status {
        self.status
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    fn legal(&self) -> Vec<usize> {
        if self.status.is_over() {
            return Vec::new();
        }
        let row = self.board.row(self.to_move);
        row.clone()
            .filter(|&h| self.board.counts[h] > 0 && self.sowing_ends(h))
            .map(|h| h - row.start + 1)
            .collect()
    }

    fn random_decision<R: rand::Rng>(&self, rng: &mut R) -> Option<usize> {
        self.clone().pick_random(rng, false)
    }

    fn play_random<R: rand::Rng, O: Observer>(
        &mut self,
        rng: &mut R,
        obs: &mut O,
    ) -> Option<usize> {
        if !O::SILENT {
            let m = self.random_decision(rng)?;
            self.play(&m, obs)
                .expect("a random legal decision is playable");
            return Some(m);
        }
        self.pick_random(rng, true)
    }

    fn parse_decision(&self, token: &str) -> Result<usize, MoveError> {
        token.parse::<usize>().map_err(|_| {
            MoveError::BadToken(format!(
                "'{token}' is not an En Gehé decision (a hole 1..{})",
                self.board.n
            ))
        })
    }

    fn play<O: Observer>(&mut self, hole: &usize, obs: &mut O) -> Result<(), MoveError> {
        if self.status.is_over() {
            return Err(MoveError::GameOver);
        }
        let (hole, n) = (*hole, self.board.n);
        if hole == 0 || hole > n {
            return Err(MoveError::NoSuchHole(format!(
                "there is no hole {hole} (holes are 1 to {n})"
            )));
        }
        let index = self.index(self.to_move, hole);
        if self.board.counts[index] == 0 {
            return Err(MoveError::EmptyHole(format!("hole {hole} is empty")));
        }
        let mover = self.to_move;
        let mut board = self.board;
        let mut captured = self.captured;
        // The quiet pass proves the sowing ends before anyone is told anything.
        if let Err(e) = sow_from(&mut board, &mut captured, mover, index, &mut Quiet) {
            return Err(MoveError::Endless(format!(
                "sowing hole {hole} would never end (it repeats every {} laps)",
                e.period
            )));
        }
        if O::SILENT {
            self.board = board;
            self.captured = captured;
        } else {
            sow_from(&mut self.board, &mut self.captured, mover, index, obs)
                .expect("the same sowing ended a moment ago");
        }
        self.finish_turn(obs);
        Ok(())
    }

    fn pending(&self) -> Option<Pending> {
        None
    }

    fn position_json(&self) -> serde_json::Value {
        json::to_json(self)
    }

    fn total_seeds(&self) -> u32 {
        self.board.seeds_on_board() + self.captured.south + self.captured.north
    }

    fn hole_name(&self, index: usize) -> HoleName {
        let side = self.board.owner_of_row(index);
        let hole = index - self.board.row(side).start + 1;
        HoleName {
            side,
            hole: hole.into(),
        }
    }
}

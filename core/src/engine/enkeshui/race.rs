//! The starting race: both players sow from symmetric holes at the same time,
//! modelled as interleaved single drops; the first to sleep moves first.

use super::{Board, Enkeshui};
use crate::engine::Game;
use crate::engine::core::{Direction, Event, Observer, Path, cycle_start, run_laps};
use crate::engine::side::{PerSide, Side};
use rand::Rng;
use std::fmt;

/// Why the starting race cannot start or go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RaceError {
    /// No hole holds seeds for both racers.
    NoHole,
    /// `--race-hole` cannot be raced from.
    BadHole {
        /// The hole asked for.
        hole: usize,
        /// Why not.
        reason: String,
    },
    /// This racer is asleep and drops no more.
    Asleep(Side),
    /// The race is over.
    Finished,
    /// A million drops without an end (an engine bug).
    TooLong,
}

impl fmt::Display for RaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RaceError::NoHole => f.write_str("no hole holds seeds for both racers"),
            RaceError::BadHole { hole, reason } => write!(f, "--race-hole {hole}: {reason}"),
            RaceError::Asleep(side) => write!(f, "{side} is asleep and drops no more"),
            RaceError::Finished => f.write_str("the race is over"),
            RaceError::TooLong => {
                f.write_str("the race went on for a million drops (an engine bug)")
            }
        }
    }
}

impl std::error::Error for RaceError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Racer {
    pos: usize,
    in_hand: u32,
    lap: u32,
    asleep: bool,
}

/// A race in progress.
#[derive(Clone, Debug)]
pub struct Race {
    game: Enkeshui,
    hole: usize,
    racers: PerSide<Racer>,
    first: Option<Side>,
    drops: Vec<Side>,
    done: bool,
}

/// Guard against a race that never ends (the rules make that impossible in practice).
const MAX_DROPS: usize = 1_000_000;

impl Race {
    /// Starts a race on a game's start position. `hole` is the racers' hole
    /// (each from his own left); by default the rightmost hole both can lift.
    pub fn start<O: Observer>(
        game: &Enkeshui,
        hole: Option<usize>,
        obs: &mut O,
    ) -> Result<Race, RaceError> {
        let b = game.board();
        let n = b.n;
        let ok = |k: usize| {
            [Side::South, Side::North]
                .iter()
                .all(|&s| b.can_lift(s, game.index(s, k)))
        };
        let hole = match hole {
            Some(k) if k == 0 || k > n => {
                return Err(RaceError::BadHole {
                    hole: k,
                    reason: format!("holes are 1 to {n}"),
                });
            }
            Some(k) if !ok(k) => {
                return Err(RaceError::BadHole {
                    hole: k,
                    reason: "both racers' holes must hold seeds".into(),
                });
            }
            Some(k) => k,
            None => (1..=n).rev().find(|&k| ok(k)).ok_or(RaceError::NoHole)?,
        };
        let mut game = game.clone();
        let mut racers = PerSide::both(Racer {
            pos: 0,
            in_hand: 0,
            lap: 1,
            asleep: false,
        });
        for side in Side::BOTH {
            let i = game.index(side, hole);
            let seeds = game.board.lift(i, 1, obs);
            racers[side] = Racer {
                pos: i,
                in_hand: seeds,
                lap: 1,
                asleep: false,
            };
        }
        Ok(Race {
            game,
            hole,
            racers,
            first: None,
            drops: Vec::new(),
            done: false,
        })
    }

    /// The racers' hole, from each owner's left.
    pub fn hole(&self) -> usize {
        self.hole
    }

    /// The board as the race left it so far.
    pub fn board(&self) -> &Board {
        &self.game.board
    }

    /// Seeds in each racer's hand.
    pub fn in_hand(&self) -> PerSide<u32> {
        self.racers.map(|r| r.in_hand)
    }

    /// Each racer's lap.
    pub fn laps(&self) -> PerSide<u32> {
        self.racers.map(|r| r.lap)
    }

    /// Where each racer's last seed fell.
    pub fn positions(&self) -> PerSide<usize> {
        self.racers.map(|r| r.pos)
    }

    /// Who slept first (and so moves first), once someone has.
    pub fn first_sleeper(&self) -> Option<Side> {
        self.first
    }

    /// The drops made so far, in order (the record of the race).
    pub fn drops(&self) -> &[Side] {
        &self.drops
    }

    /// Is the race over (both racers asleep)?
    pub fn is_over(&self) -> bool {
        self.done
    }

    /// One seed dropped by `side` while both are racing.
    pub fn drop_seed<O: Observer>(&mut self, side: Side, obs: &mut O) -> Result<(), RaceError> {
        if self.first.is_some() {
            return Err(RaceError::Finished);
        }
        if self.drops.len() >= MAX_DROPS {
            return Err(RaceError::TooLong);
        }
        self.drops.push(side);
        if step(&mut self.game.board, &mut self.racers[side], true, obs) {
            self.first = Some(side);
        }
        Ok(())
    }

    /// Decides who drops by the seeded generator until someone sleeps.
    pub fn run_quick<R: Rng, O: Observer>(
        &mut self,
        rng: &mut R,
        obs: &mut O,
    ) -> Result<Side, RaceError> {
        while self.first.is_none() {
            let side = if rng.random_bool(0.5) {
                Side::South
            } else {
                Side::North
            };
            self.drop_seed(side, obs)?;
        }
        Ok(self.first.expect("loop ends when someone sleeps"))
    }

    /// Replays a recorded order of drops.
    pub fn replay<O: Observer>(&mut self, drops: &[Side], obs: &mut O) -> Result<(), RaceError> {
        drops.iter().try_for_each(|&s| self.drop_seed(s, obs))
    }

    /// After the first racer sleeps, the other sows on alone until he sleeps
    /// too; a lone sowing that would never end stops at its first repeated
    /// lap end with the seeds in hand back in the hole last lifted.
    /// Returns the game, the first sleeper to move.
    pub fn finish<O: Observer>(mut self, obs: &mut O) -> Result<Enkeshui, RaceError> {
        let first = self.first.ok_or(RaceError::Finished)?;
        let side = first.other();
        let mut racer = self.racers[side];
        let board = &mut self.game.board;
        // Finish the lap in progress.
        while racer.in_hand > 0 {
            step(board, &mut racer, false, obs);
        }
        if !racer.asleep {
            // At a lap end with the relay hole lifted: sow on lap by lap.
            let lap_of = |s: &mut (Board, usize), obs: &mut dyn FnMut(Event)| -> bool {
                let (b, pos) = s;
                let seeds = b.counts[*pos] as u32;
                b.counts[*pos] = 0;
                obs(Event::Lift {
                    hole: *pos,
                    seeds,
                    lap: 0,
                });
                let ring = b.ring(Direction::Ccw);
                let mut h = *pos;
                for _ in 0..seeds {
                    h = ring.next(h);
                    b.counts[h] += 1;
                }
                *pos = h;
                b.counts[h] == 1
            };
            // The state is (board at a lap end, the hole to lift next).
            let start = (*board, racer.pos);
            let mut state = start;
            let result = run_laps(&mut state, |s| lap_of(s, &mut |_| {}).then_some(()));
            let end_board = match result {
                Ok(()) => {
                    // Replay with the observer, now known to end.
                    let mut s = start;
                    while !lap_of(&mut s, &mut |e| obs.event(e)) {}
                    s.0
                }
                Err(endless) => {
                    let (first_repeat, _) = cycle_start(&start, endless.period, |s| {
                        lap_of(s, &mut |_| {});
                    });
                    obs.event(Event::PutBack {
                        hole: first_repeat.1,
                        seeds: first_repeat.0.counts[first_repeat.1] as u32,
                    });
                    first_repeat.0
                }
            };
            *board = end_board;
        }
        self.done = true;
        Ok(self.game.with_first(first))
    }
}

/// One drop of a racer. At a lap end he sleeps in an empty hole (returns
/// true) or, unless `relay` is false, lifts the occupied one and sows on.
fn step<O: Observer>(board: &mut Board, r: &mut Racer, relay: bool, obs: &mut O) -> bool {
    if r.asleep {
        return true;
    }
    let ring = board.ring(Direction::Ccw);
    r.pos = ring.next(r.pos);
    board.counts[r.pos] += 1;
    obs.event(Event::Drop { hole: r.pos });
    r.in_hand -= 1;
    if r.in_hand == 0 {
        if board.counts[r.pos] == 1 {
            r.asleep = true;
            return true;
        }
        if relay {
            r.lap += 1;
            r.in_hand = board.lift(r.pos, r.lap, obs);
        }
    }
    false
}

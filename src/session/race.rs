//! The starting race (Enkeshui) on one clock for every front end: each
//! person's seed falls at the moment it is dropped, each AI racer drops at
//! its level's pace on the same clock, and the front ends give the times
//! (the client its key presses', the line mode its lines'). A person who
//! drops faster than the AI racer's pace wins; slower loses.

use super::setup::Seat;
use crate::ai::{Level, Player};
use crate::engine::SeededRng;
use crate::engine::enkeshui::Enkeshui;
use crate::engine::enkeshui::race::{Race, RaceError};
use crate::engine::{PerSide, Quiet, Side};
use crate::record::RaceRecord;
use crate::session::SessionError;
use rand::{Rng, SeedableRng};

/// Milliseconds between two drops of an AI racer at a level (a range: the
/// pace varies a little). A casual player alternating two keys makes 4 to 6
/// drops a second: easy and medium are slower than that, hard about as quick,
/// expert quicker; a fast player (9 or 10 a second) still beats expert, even
/// a third of a second late off the mark.
pub fn racer_ms(level: Level) -> (u64, u64) {
    match level {
        Level::Easy => (380, 460),
        Level::Medium => (260, 320),
        Level::Hard => (190, 230),
        Level::Expert => (145, 165),
    }
}

/// How often North's racer drops a seed in the race lesson, in both front
/// ends (its pace instead of a level's).
pub const NORTH_RACE_MS: u64 = 150;

/// The level an AI racer runs at: the one asked for, else its seat's level
/// (medium for the calibration players).
pub fn racer_level(seat: &Seat, asked: Option<Level>) -> Option<Level> {
    match seat {
        Seat::Human => None,
        Seat::Ai(p) => Some(asked.unwrap_or(match p {
            Player::Level(l) => *l,
            _ => Level::Medium,
        })),
    }
}

/// The log's line for a race: who slept first after how many of their own
/// drops (as the racer lines count them), and the other's count.
pub fn race_note(hole: usize, first: Side, drops: &[Side], quick: bool) -> String {
    let count = |s: Side| drops.iter().filter(|&&d| d == s).count();
    format!(
        "{}ace from hole {hole}: {} slept first after {} drops ({} made {}) and moves first.",
        if quick { "Quick r" } else { "R" },
        first.title(),
        count(first),
        first.other().title(),
        count(first.other()),
    )
}

/// A race being run, on one clock for every front end: a person's seed
/// falls at the moment it is dropped (times in milliseconds from Go, as
/// the caller reads them), and each AI racer drops at its level's pace on
/// the same clock. Times are arguments: the race runs the same at a
/// keyboard, on a pipe and in a test.
#[derive(Clone, Debug)]
pub struct Racing {
    race: Race,
    /// Each side's AI racer level (None: a person races).
    ai: PerSide<Option<Level>>,
    /// A racer that drops by itself every so many milliseconds (the race
    /// lesson's North instead of its level's pace; two people's paces
    /// measured in turns).
    pace: PerSide<Option<u64>>,
    /// When each AI racer's next seed falls, on the race's clock.
    next_ai: PerSide<Option<u64>>,
    /// The race's clock: the latest time it was told (holds left out).
    clock: u64,
    /// The time held so far, and since when it is held (the caller's time).
    held: u64,
    held_at: Option<u64>,
    rng: SeededRng,
}

impl Racing {
    /// A race whose clock starts at 0 (Go).
    pub fn new(race: Race, ai: PerSide<Option<Level>>, seed: u64) -> Racing {
        let mut r = Racing {
            race,
            ai,
            pace: PerSide::both(None),
            next_ai: PerSide::both(None),
            clock: 0,
            held: 0,
            held_at: None,
            rng: SeededRng::seed_from_u64(seed),
        };
        for side in Side::BOTH {
            r.next_ai[side] = r.ai_step(side);
        }
        r
    }

    /// The racer of `side` drops a seed by itself every `ms` milliseconds
    /// (an AI racer: instead of at its level's pace).
    pub fn with_pace(mut self, side: Side, ms: u64) -> Racing {
        self.pace[side] = Some(ms);
        self.next_ai[side] = Some(self.clock + ms);
        self
    }

    pub fn race(&self) -> &Race {
        &self.race
    }

    /// The AI racer of a side (None: a person).
    pub fn ai(&self, side: Side) -> Option<Level> {
        self.ai[side]
    }

    /// Each side's drops so far.
    pub fn drops(&self) -> PerSide<usize> {
        let count = |s: Side| self.race.drops().iter().filter(|&&d| d == s).count();
        PerSide::new(count(Side::South), count(Side::North))
    }

    /// Who slept first, once the race is over.
    pub fn first_sleeper(&self) -> Option<Side> {
        self.race.first_sleeper()
    }

    /// The time between the drops of a racer that drops by itself (None: a
    /// person presses).
    fn ai_step(&mut self, side: Side) -> Option<u64> {
        if let Some(ms) = self.pace[side] {
            return Some(ms);
        }
        let level = self.ai[side]?;
        let (lo, hi) = racer_ms(level);
        Some(self.rng.random_range(lo..=hi))
    }

    /// The caller's time on the race's clock (the holds left out, never
    /// back in time).
    fn on_clock(&self, at: u64) -> u64 {
        at.saturating_sub(self.held).max(self.clock)
    }

    /// The AI racers drop every seed due by `until` on the race's clock,
    /// in the order they fall (South first at the same moment).
    fn ai_catch_up(&mut self, until: u64) -> Result<(), SessionError> {
        while self.race.first_sleeper().is_none() {
            let due = Side::BOTH
                .into_iter()
                .filter_map(|s| self.next_ai[s].map(|t| (s, t)))
                .min_by_key(|&(_, t)| t);
            let Some((side, at)) = due.filter(|&(_, t)| t <= until) else {
                return Ok(());
            };
            self.race.drop_seed(side, &mut Quiet)?;
            self.next_ai[side] = self.ai_step(side).map(|g| at + g);
        }
        Ok(())
    }

    /// Time passed to `at` (ms from Go on the caller's clock): the AI
    /// racers drop what fell due meanwhile. Nothing while held.
    pub fn advance(&mut self, at: u64) -> Result<(), SessionError> {
        if self.held_at.is_some() {
            return Ok(());
        }
        let t = self.on_clock(at);
        self.ai_catch_up(t)?;
        self.clock = t;
        Ok(())
    }

    /// A person racer drops a seed at `at` (ms from Go on the caller's
    /// clock): the AI's seeds due by then fall first (at the same moment,
    /// the AI's first). Whether the seed counted (not once the race is
    /// over or while it is held).
    pub fn press(&mut self, side: Side, at: u64) -> Result<bool, SessionError> {
        if self.ai[side].is_some() {
            return Err(SessionError::AiRacer(side));
        }
        if self.held_at.is_some() {
            return Ok(false);
        }
        self.advance(at)?;
        if self.race.first_sleeper().is_some() {
            return Ok(false);
        }
        self.race.drop_seed(side, &mut Quiet)?;
        Ok(true)
    }

    /// When the next AI seed falls, on the caller's clock (None: held,
    /// over, or no AI racer).
    pub fn next_due(&self) -> Option<u64> {
        if self.held_at.is_some() || self.race.first_sleeper().is_some() {
            return None;
        }
        [self.next_ai.south, self.next_ai.north]
            .into_iter()
            .flatten()
            .min()
            .map(|t| t + self.held)
    }

    /// Holds the race at `at` (the caller's clock): no AI seed falls and
    /// no press counts until [`Racing::resume`].
    pub fn pause(&mut self, at: u64) {
        self.held_at.get_or_insert(at);
    }

    /// Goes on at `at` from where the race was held: the time held is left
    /// out of the race's clock.
    pub fn resume(&mut self, at: u64) {
        if let Some(from) = self.held_at.take() {
            self.held += at.saturating_sub(from);
        }
    }

    /// Is the race held?
    pub fn paused(&self) -> bool {
        self.held_at.is_some()
    }

    /// Both racers drop by themselves (AI racers, or paces given): the race
    /// runs at their paces to the first sleeper.
    pub fn run_ai(&mut self) -> Result<(), SessionError> {
        if Side::BOTH
            .iter()
            .any(|&s| self.ai[s].is_none() && self.pace[s].is_none())
        {
            return Err(SessionError::PersonRaces);
        }
        self.ai_catch_up(u64::MAX)
    }

    /// The race's record so far.
    pub fn record(&self) -> RaceRecord {
        RaceRecord {
            hole: self.race.hole(),
            drops: self.race.drops().to_vec(),
        }
    }

    /// The first sleeper is known: the other sows on; the game, the race's
    /// record and its note.
    pub fn finish(self) -> Result<(Enkeshui, RaceRecord, String), RaceError> {
        let first = self.race.first_sleeper().ok_or(RaceError::Finished)?;
        let record = self.record();
        let note = race_note(record.hole, first, &record.drops, false);
        let game = self.race.finish(&mut Quiet)?;
        Ok((game, record, note))
    }
}

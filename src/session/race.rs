//! The starting race (Enkeshui) without a clock on the wall: a person's
//! drop counts as a quarter of a second of racing (a player alternating two
//! keys makes about four drops a second), and each AI racer drops at its
//! level's pace on the same clock. So a race is the same on a pipe as at a
//! keyboard, and a player who reads by ear is not slowed by it.

use super::setup::Seat;
use crate::ai::{Level, Player};
use crate::engine::enkeshui::Enkeshui;
use crate::engine::enkeshui::race::{Race, RaceError};
use crate::engine::{PerSide, Quiet, Side};
use crate::record::RaceRecord;
use crate::session::SessionError;
use rand::rngs::SmallRng;
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

/// Racing time a person's drop counts for, in milliseconds.
pub const PERSON_MS: u64 = 250;

/// A race being run: the engine's race and each racer's clock.
#[derive(Clone, Debug)]
pub struct Racing {
    race: Race,
    /// Each side's AI racer level (None: a person races).
    ai: PerSide<Option<Level>>,
    /// Each racer's clock: when its last drop fell (ms from the start).
    clock: PerSide<u64>,
    rng: SmallRng,
}

impl Racing {
    pub fn new(race: Race, ai: PerSide<Option<Level>>, seed: u64) -> Racing {
        Racing {
            race,
            ai,
            clock: PerSide::both(0),
            rng: SmallRng::seed_from_u64(seed),
        }
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

    fn ai_step(&mut self, side: Side) -> u64 {
        let (lo, hi) = racer_ms(self.ai[side].unwrap_or(Level::Medium));
        self.rng.random_range(lo..=hi)
    }

    /// The AI racers drop every seed due by `until` on the race's clock.
    fn ai_catch_up(&mut self, until: u64) -> Result<(), SessionError> {
        while self.race.first_sleeper().is_none() {
            // The AI racer due first.
            let due = Side::BOTH
                .into_iter()
                .filter(|&s| self.ai[s].is_some())
                .map(|s| (s, self.clock[s]))
                .min_by_key(|&(_, c)| c);
            let Some((side, at)) = due else {
                return Ok(());
            };
            let next = at + self.ai_step(side);
            if next > until {
                return Ok(());
            }
            self.clock[side] = next;
            self.race.drop_seed(side, &mut Quiet)?;
        }
        Ok(())
    }

    /// A person racer drops `n` seeds, one quarter second each; the AI
    /// racer drops what falls due meanwhile.
    pub fn person_drops(&mut self, side: Side, n: u32) -> Result<(), SessionError> {
        if self.ai[side].is_some() {
            return Err(SessionError::AiRacer(side));
        }
        for _ in 0..n {
            if self.race.first_sleeper().is_some() {
                break;
            }
            self.clock[side] += PERSON_MS;
            self.ai_catch_up(self.clock[side] - 1)?;
            if self.race.first_sleeper().is_some() {
                break;
            }
            self.race.drop_seed(side, &mut Quiet)?;
        }
        Ok(())
    }

    /// Both racers AI: the race runs to the first sleeper.
    pub fn run_ai(&mut self) -> Result<(), SessionError> {
        if Side::BOTH.iter().any(|&s| self.ai[s].is_none()) {
            return Err(SessionError::PersonRaces);
        }
        self.ai_catch_up(u64::MAX)
    }

    /// The first sleeper is known: the other sows on; the game, the race's
    /// record and its note.
    pub fn finish(self) -> Result<(Enkeshui, RaceRecord, String), RaceError> {
        let first = self.race.first_sleeper().ok_or(RaceError::Finished)?;
        let record = RaceRecord {
            hole: self.race.hole(),
            drops: self.race.drops().to_vec(),
        };
        let note = race_note(record.hole, first, &record.drops, false);
        let game = self.race.finish(&mut Quiet)?;
        Ok((game, record, note))
    }
}

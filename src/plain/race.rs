//! The starting race in the line mode: each Enter a seed at the moment it
//! is read (the session's clock), nothing said until the race ends, two
//! people timed in turns.

use super::*;

/// In the race, an Enter less than this after the one before is a held
/// key repeating (or lines pasted at once), not a hand: it drops nothing.
const HELD_KEY: Duration = Duration::from_millis(70);

/// The Enters each of two people racing in turns presses to time their pace.
const TRIAL: u32 = 10;

/// What a line in the race is.
enum RaceWord {
    /// An Enter: a seed (or the start).
    Enter,
    /// A word answered (or refused): nothing drops.
    Said,
    Quit,
}

/// A racer's Enters: which count (not a held key's repeats).
#[derive(Default)]
pub(super) struct Presses {
    last: Option<Instant>,
    /// The Enters that came too quick to count.
    pub(super) held: u32,
}

impl Presses {
    /// An Enter at `now`: does it count?
    pub(super) fn counts(&mut self, now: Instant) -> bool {
        let held = self
            .last
            .is_some_and(|t| now.saturating_duration_since(t) < HELD_KEY);
        self.last = Some(now);
        self.held += u32::from(held);
        !held
    }
}

impl<R: BufRead, W: std::io::Write> Plain<R, W> {
    pub(super) fn race(&mut self) -> bool {
        let Some(r) = self.session.racing() else {
            return true;
        };
        let hole = r.race().hole();
        let ai = (r.ai(Side::South), r.ai(Side::North));
        match ai {
            (Some(_), Some(_)) => {
                self.line(&format!(
                    "Race for the first move from hole {hole}: the two AI racers sow at once."
                ));
                if let Err(e) = self.session.race_run() {
                    self.line(&format!("The race failed: {e}"));
                    return false;
                }
                self.opening();
                self.save();
                true
            }
            _ => self.person_race(hole),
        }
    }

    /// A person races the AI racer on the wall clock: each Enter is a seed
    /// at the moment it is read. Nothing is said per seed (speech never
    /// slows a racer); the result comes at the end.
    fn person_race(&mut self, hole: usize) -> bool {
        let racing = self.session.racing().expect("racing");
        let Some(me) = self.view.me else {
            return self.race_in_turns(hole);
        };
        let other = me.other().title();
        let level = racing.ai(me.other()).expect("the AI races");
        let (lo, hi) = crate::session::race::racer_ms(level);
        // The AI racer's seeds a second, in tenths.
        let tenths = (20_000 + (lo + hi) / 2) / (lo + hi);
        let intro = format!(
            "Race for the first move: you and {other} each sow from your hole {hole} at once; \
             the first whose last seed falls in an empty hole moves first. \
             Press Enter to start, then Enter for each seed: it falls when you press. \
             {other}'s AI racer ({}) drops about {}.{} seeds a second; drop faster to win. \
             Nothing is said until the race ends.",
            level.name(),
            tenths / 10,
            tenths % 10
        );
        self.line(&intro);
        // The race's clock starts at Go: the first Enter.
        let mut go: Option<Instant> = None;
        let mut presses = Presses::default();
        loop {
            let Some(line) = self.read() else {
                return false;
            };
            let now = (self.clock)();
            let at = go.map_or(0, |g| now.saturating_duration_since(g).as_millis() as u64);
            // The AI racer's seeds that fell before this line.
            if go.is_some() && !matches!(line.as_str(), "quit" | "exit") {
                match self.session.race_advance(at) {
                    Ok(false) => {}
                    Ok(true) => return self.race_over(presses.held),
                    Err(e) => {
                        self.line(&format!("The race failed: {e}"));
                        return false;
                    }
                }
            }
            match self.race_word(&line, &intro) {
                RaceWord::Quit => return false,
                RaceWord::Said => continue,
                RaceWord::Enter => {}
            }
            if go.is_none() {
                go = Some(now);
                self.line("Go!");
                continue;
            }
            if !presses.counts(now) {
                continue;
            }
            match self.session.race_press(me, at) {
                Ok(false) => {}
                Ok(true) => return self.race_over(presses.held),
                Err(e) => {
                    self.line(&format!("The race failed: {e}"));
                    return false;
                }
            }
        }
    }

    /// Two people at one keyboard race in turns: each presses Enter to
    /// start and then [`TRIAL`] times as fast as they can; the race is then
    /// run with each racer dropping at its person's pace.
    fn race_in_turns(&mut self, hole: usize) -> bool {
        let intro = format!(
            "Race for the first move from hole {hole}: you race in turns at one keyboard. \
             Each of you presses Enter to start, then Enter {TRIAL} times as fast as you can; \
             the race is then run with each racer dropping seeds at its person's pace, \
             and the quicker wins. South first: press Enter to start."
        );
        self.line(&intro);
        let mut paces = PerSide::both(0);
        let mut held = 0;
        for side in Side::BOTH {
            if side == Side::North {
                self.line("North: press Enter to start.");
            }
            let mut go: Option<Instant> = None;
            let mut presses = Presses::default();
            let mut count = 0;
            while count < TRIAL {
                let Some(line) = self.read() else {
                    return false;
                };
                let now = (self.clock)();
                match self.race_word(&line, &intro) {
                    RaceWord::Quit => return false,
                    RaceWord::Said => continue,
                    RaceWord::Enter => {}
                }
                let Some(start) = go else {
                    go = Some(now);
                    self.line("Go!");
                    continue;
                };
                if presses.counts(now) {
                    count += 1;
                    paces[side] = now.saturating_duration_since(start).as_millis() as u64;
                }
            }
            held += presses.held;
            paces[side] = (paces[side] / u64::from(TRIAL)).max(1);
            self.line(&format!(
                "{}: a seed every {} ms.",
                side.title(),
                paces[side]
            ));
        }
        match self.session.race_paced(paces) {
            Ok(_) => self.race_over(held),
            Err(e) => {
                self.line(&format!("The race failed: {e}"));
                false
            }
        }
    }

    /// A line in the race other than Enter: the words it knows said, any
    /// other refused in words.
    fn race_word(&mut self, line: &str, intro: &str) -> RaceWord {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => return RaceWord::Enter,
            ["quit"] | ["exit"] => return RaceWord::Quit,
            ["help"] => {
                self.line(intro);
                self.line("where tells how the race stands (your time runs on meanwhile).");
            }
            ["where"] => self.race_standing(),
            [.., n] if n.parse::<u64>().is_ok() => self.line(
                "A number drops nothing: one Enter is one seed. \
                 (For a race left to chance, start the game with --race quick.)",
            ),
            _ => self.line("Press Enter to drop a seed (help: the race's words)."),
        }
        RaceWord::Said
    }

    /// How the race stands: each racer's drops, seeds in hand and lap.
    fn race_standing(&mut self) {
        let Some(r) = self.session.racing() else {
            return;
        };
        let drops = r.drops();
        let hand = r.race().in_hand();
        let laps = r.race().laps();
        let part = |s: Side| {
            format!(
                "{}: {}, {} in hand, lap {}",
                self.view.who(s),
                plural(drops[s], "drop"),
                hand[s],
                laps[s]
            )
        };
        let first = self.view.me.unwrap_or(Side::South);
        let line = format!("{}. {}.", part(first), part(first.other()));
        self.line(&line);
    }

    /// The race is over: the Enters not counted, the race's note and the
    /// game's opening.
    fn race_over(&mut self, held_keys: u32) -> bool {
        if let Some(note) = held_note(held_keys) {
            self.line(&note);
        }
        self.opening();
        self.save();
        true
    }
}

/// The line telling the Enters a race did not count (none: nothing to tell).
pub(super) fn held_note(held_keys: u32) -> Option<String> {
    (held_keys > 0).then(|| {
        format!(
            "{} came less than {} ms after the one before (a held key) and dropped nothing.",
            plural(held_keys as usize, "Enter"),
            HELD_KEY.as_millis()
        )
    })
}

//! The live game without any user interface: the game, its history with
//! undo and redo, the seats, the turn cycle (a decision, its sowing, the AI
//! seat, the end), the starting race, the match with its carry-over, and the
//! points where saving and the statistics happen. Front ends (the line mode,
//! the full-screen client's play screen and its replay viewer) drive one
//! `Session`: they ask what
//! comes next ([`Session::what_next`]: a person's prompt, the AI seat's job, the
//! race, or the game's end with the match's next game or end), hand the slow
//! work (a sowing worked out, the AI seat's search) to a thread as a `Send`
//! job, and give its answer back ([`Session::apply`]), which says what
//! happened. No front end decides that a game or a match ended.
//!
//! The rules stay the engine's; the work is [`work`] (a sowing decided
//! under growing lap budgets) and [`seat`] (the AI seat's search, whose
//! typed decision is played in its own job and comes back as a person's
//! decision does: applied once).

pub mod job;
pub mod load;
pub mod persist;
pub mod race;
pub mod seat;
pub mod setup;
mod turn;
pub mod work;

use self::job::{Progress, next_version};
use self::load::Loaded;
use self::seat::SeatRequest;
use self::setup::Setup;
use self::setup::{RaceMode, Seat};
use self::work::Played;
use crate::ai::Player;
use crate::engine::AnyGame;
use crate::engine::SeededRng;
use crate::engine::enkeshui::Enkeshui;
use crate::engine::enkeshui::play_match::{self, MatchResult, Next as MatchNext};
use crate::engine::enkeshui::race::Race;
use crate::engine::{
    AnyDecision, Event, MoveError, Outcome, PerSide, PositionJson, Quiet, Side, Status,
};
use crate::record::{Checked, GameRecord, RaceRecord, Record};
use rand::SeedableRng;
use std::time::Duration;

pub use self::race::{Racing, race_note, racer_level};
pub use self::turn::{
    AfterGame, AiJob, Applied, Ask, Count, DecideJob, Decided, End, Next, NextGame, Refused,
    decision_words,
};

/// "Game over: South wins, South 30 to North 18 (the player to move has no seeds to sow)".
pub fn over_line(o: &Outcome) -> String {
    let who = match o.winner {
        Some(s) => format!("{} wins", s.title()),
        None => "a draw".into(),
    };
    format!(
        "Game over: {who}, South {} to North {} ({})",
        o.score.south,
        o.score.north,
        o.reason.describe()
    )
}

/// "North cannot fill a hole: South wins the match", "The carry-over
/// repeats (South 30, North 18): South wins the match on seeds".
pub fn match_over_line(m: &MatchResult) -> String {
    m.line()
}

/// Why the mover cannot make Enkeshui's special move now (None: he can).
/// (The client's play screen and the line mode say the same.)
pub fn special_refusal(game: &AnyGame) -> Option<String> {
    use crate::engine::enkeshui::SpecialMove;
    let AnyGame::Enkeshui(g) = game else {
        return Some(format!("{} has no special move", game.kind().title()));
    };
    if g.special_allowed() {
        return None;
    }
    let side = game.to_move();
    let reason = if game.status().is_over() {
        "the game is over"
    } else if game.pending().is_some() {
        "a sowing is under way"
    } else if g.rules().special_move == SpecialMove::Once && g.special_used()[side] {
        "it is allowed once a game, and it was made already"
    } else {
        "it needs two holes to lift (not empty, not a bull, in play)"
    };
    Some(match g.rules().special_move {
        SpecialMove::Off => "the special move is off (--special-move once or any)".to_string(),
        _ => format!(
            "{} cannot make the special move now: {reason}",
            side.title()
        ),
    })
}

/// Undo goes back to the last step where a person's turn starts; `human_at(k)`
/// says whether one does at step k. `at` is the step shown. Err: why not.
/// (The client's play screen and the session share this walk.)
pub fn undo_target(
    at: usize,
    all_ai: bool,
    human_at: impl Fn(usize) -> bool,
) -> Result<usize, &'static str> {
    if all_ai {
        return Err("Both seats are AI: nothing to undo");
    }
    if at == 0 {
        return Err("Nothing to undo");
    }
    let mut target = at - 1;
    while target > 0 && !human_at(target) {
        target -= 1;
    }
    if !human_at(target) {
        // The game opened with the AI to move: its first move stays.
        if target + 1 < at {
            target += 1;
        }
        while target < at && !human_at(target) {
            target += 1;
        }
        if target >= at {
            return Err("Nothing to undo");
        }
    }
    Ok(target)
}

/// Redo goes forward to the next person's turn (or the last step).
pub fn redo_target(
    at: usize,
    last: usize,
    human_at: impl Fn(usize) -> bool,
) -> Result<usize, &'static str> {
    if at >= last {
        return Err("Nothing to redo");
    }
    let mut target = at + 1;
    while target < last && !human_at(target) {
        target += 1;
    }
    Ok(target)
}

/// A turn's decision as played: who, which turn, the decision, the position
/// before it and the engine's events (what the front end tells).
#[derive(Clone, Debug)]
pub struct Turn {
    pub side: Side,
    pub turn: u32,
    pub decision: AnyDecision,
    pub before: AnyGame,
    pub events: Vec<Event>,
}

/// One step of the history: the position after `turn` (none at the start),
/// and its legal decisions when they were worked out with it.
#[derive(Clone, Debug)]
struct Step {
    game: AnyGame,
    turn: Option<Turn>,
    legal: Option<Vec<String>>,
}

impl Step {
    fn start(game: AnyGame) -> Step {
        Step {
            game,
            turn: None,
            legal: None,
        }
    }
}

/// Why the session cannot do what was asked (the race, a record loaded).
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// Seeds dropped or the race run when no race is on.
    #[error("there is no race")]
    NoRace,
    /// Seeds dropped for a side whose racer is the AI.
    #[error("{} races by the AI", .0.title())]
    AiRacer(Side),
    /// The race run on its own while a person races.
    #[error("a person races: drop the seeds")]
    PersonRaces,
    /// A seed the race refused.
    #[error("{0}")]
    Race(#[from] crate::engine::enkeshui::race::RaceError),
    /// The race could not end in a game.
    #[error("the race failed ({0})")]
    RaceFailed(crate::engine::enkeshui::race::RaceError),
    /// The record stands for no setup the client can play (the field at fault).
    #[error(transparent)]
    Setup(#[from] self::setup::BadSetup),
}

/// The live game.
#[derive(Debug)]
pub struct Session {
    setup: Setup,
    history: Vec<Step>,
    at: usize,
    /// Goes up at every change: jobs made for an older version are stale.
    version: u64,
    /// This game's start position (before its race) and its race.
    start: AnyGame,
    race: Option<RaceRecord>,
    /// The race being run (Enkeshui, `--race on`).
    racing: Option<Racing>,
    /// The log's opening lines of this game ("Game 2 of the match.", the race, who starts).
    opening: Vec<String>,
    /// The games of the match finished before this one, and their scores.
    done: Vec<GameRecord>,
    scores: Vec<PerSide<u32>>,
    match_over: Option<MatchResult>,
    /// The end of this game is in the statistics (once, undo or not).
    counted: bool,
    /// The version whose end [`Session::what_next`] reported last.
    reported_end: Option<u64>,
    ai_pause: Duration,
    hash_mb: Option<usize>,
}

impl Session {
    /// A new game (or match) as set up: the race first when it has one.
    pub fn new(setup: Setup) -> Session {
        let start = setup.start().clone();
        let mut s = Session {
            history: vec![Step::start(start.clone())],
            setup,
            at: 0,
            version: 0,
            start: start.clone(),
            race: None,
            racing: None,
            opening: Vec::new(),
            done: Vec::new(),
            scores: Vec::new(),
            match_over: None,
            counted: false,
            reported_end: None,
            ai_pause: Duration::ZERO,
            hash_mb: None,
        };
        s.start_game(start);
        s
    }

    /// Plays on from a given position (a set-up position; no race): the
    /// setup's seats and options, this position as the game's start.
    pub fn at_position(setup: Setup, game: AnyGame) -> Session {
        let mut s = Session::new(setup);
        s.start = game.clone();
        s.race = None;
        s.begin(game, None);
        s
    }

    /// Continues a loaded record at its last game's end (a race saved
    /// unfinished runs again from its start, as the client does).
    pub fn resume(loaded: &Loaded) -> Result<Session, SessionError> {
        let (record, checked) = (&loaded.record, &loaded.checked);
        let gi = record.games.len() - 1;
        let mut s = Session::load_game(loaded, gi)?;
        let g = &record.games[gi];
        let raced = s
            .setup
            .race()
            .is_some_and(|race| race.mode != RaceMode::Off);
        if raced && g.race.is_none() && g.decisions.is_empty() {
            s.start_game(checked.games[gi].start.clone());
            return Ok(s);
        }
        s.match_over = checked.match_over;
        // Its end was counted when it was played: never again.
        s.counted = s.game().status().is_over();
        Ok(s)
    }

    /// Game `gi` of a loaded record at its last decision, with the match's
    /// earlier games and every decision (undo reaches back through them;
    /// the replay viewer steps through them). No race is run.
    pub fn load_game(loaded: &Loaded, gi: usize) -> Result<Session, SessionError> {
        Session::load_parts(&loaded.record, &loaded.checked, &loaded.steps, gi)
    }

    /// [`Session::load_game`] from a loaded record's parts.
    pub fn load_parts(
        record: &Record,
        checked: &Checked,
        steps: &[Vec<Played>],
        gi: usize,
    ) -> Result<Session, SessionError> {
        let setup = Setup::from_record(record)?;
        let mut s = Session::new(setup);
        s.done = record.games[..gi].to_vec();
        s.scores = checked.games[..gi]
            .iter()
            .filter_map(|r| match r.end.status() {
                Status::Over(o) => Some(o.score),
                Status::Playing => None,
            })
            .collect();
        let g = &record.games[gi];
        let r = &checked.games[gi];
        s.start = r.start.clone();
        s.race = g.race.clone();
        let note = match (&g.race, r.race_first) {
            (Some(race), Some(first)) => Some(race_note(race.hole, first, &race.drops, false)),
            _ => None,
        };
        s.begin(r.begin.clone(), note);
        // The loader played these decisions already, off this thread.
        for step in steps.get(gi).map_or(&[][..], Vec::as_slice) {
            s.push(step.clone());
        }
        Ok(s)
    }

    /// The AI seats think at least this long (0: as fast as they can).
    pub fn set_ai_pause(&mut self, pause: Duration) {
        self.ai_pause = pause;
    }

    pub fn set_hash_mb(&mut self, mb: Option<usize>) {
        self.hash_mb = mb;
    }

    /// Starts a game from its start position: its race as set up.
    fn start_game(&mut self, game: AnyGame) {
        self.start = game.clone();
        self.race = None;
        self.racing = None;
        let AnyGame::Enkeshui(g) = &game else {
            return self.begin(game, None);
        };
        let Some(options) = self.setup.race().filter(|r| r.mode != RaceMode::Off) else {
            return self.begin(game, None);
        };
        let seed = self.race_seed();
        let race = match Race::start(g, options.hole, &mut Quiet) {
            Ok(r) => r,
            Err(e) => {
                return self.begin(game, Some(format!("No race ({e}): South moves first.")));
            }
        };
        let racers = PerSide::new(
            racer_level(self.setup.seat(Side::South), options.speed),
            racer_level(self.setup.seat(Side::North), options.speed),
        );
        // The quick race, and a race nobody plays (both seats AI or both
        // people at one keyboard): decided at once by the seeded generator.
        let quick = options.mode == RaceMode::Quick;
        if quick {
            let mut race = race;
            let mut rng = SeededRng::seed_from_u64(seed);
            let (game_after, note) = match race.run_quick(&mut rng, &mut Quiet) {
                Ok(first) => {
                    self.race = Some(RaceRecord {
                        hole: race.hole(),
                        drops: race.drops().to_vec(),
                    });
                    let note = race_note(race.hole(), first, race.drops(), true);
                    match race.finish(&mut Quiet) {
                        Ok(g) => (AnyGame::from(g), note),
                        Err(e) => {
                            self.race = None;
                            (game, format!("The race failed ({e})."))
                        }
                    }
                }
                Err(e) => (game, format!("The race failed ({e}).")),
            };
            return self.begin(game_after, Some(note));
        }
        self.racing = Some(Racing::new(race, racers, seed));
        self.history = vec![Step::start(self.start.clone())];
        self.at = 0;
        self.changed();
    }

    /// The first turn of a game: a fresh history and its opening lines.
    fn begin(&mut self, game: AnyGame, race_note: Option<String>) {
        self.racing = None;
        self.counted = false;
        self.opening.clear();
        if !self.scores.is_empty() || self.setup.match_play() {
            self.opening
                .push(format!("Game {} of the match.", self.scores.len() + 1));
        }
        self.opening.extend(race_note);
        self.opening
            .push(format!("{} moves first.", game.to_move().title()));
        self.history = vec![Step::start(game)];
        self.at = 0;
        self.changed();
    }

    /// A new version, unique across sessions (the client's jobs of an
    /// earlier game never match one of this game).
    fn changed(&mut self) {
        self.version = next_version();
    }

    /// Makes every answer asked for so far stale (a sowing taken back:
    /// the position is the same, the work about it is void).
    pub fn renew(&mut self) {
        self.changed();
    }

    // ---- what there is ----------------------------------------------------

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The position shown (during the race: the start position).
    pub fn game(&self) -> &AnyGame {
        &self.history[self.at].game
    }

    pub fn seat(&self, side: Side) -> &Seat {
        self.setup.seat(side)
    }

    pub fn human(&self, side: Side) -> bool {
        self.seat(side).is_human()
    }

    pub fn all_ai(&self) -> bool {
        Side::BOTH.iter().all(|&s| !self.human(s))
    }

    /// The version of the position: jobs carry it.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The opening lines of this game ("South moves first.").
    pub fn opening(&self) -> &[String] {
        &self.opening
    }

    /// The decisions played up to the position shown.
    pub fn turns(&self) -> impl Iterator<Item = &Turn> {
        self.history[1..=self.at]
            .iter()
            .filter_map(|s| s.turn.as_ref())
    }

    /// Each decision played up to the position shown, with the position after it.
    pub fn played(&self) -> impl Iterator<Item = (&Turn, &AnyGame)> {
        self.history[1..=self.at]
            .iter()
            .filter_map(|s| s.turn.as_ref().map(|t| (t, &s.game)))
    }

    /// The step shown: 0 at the start, k after k decisions.
    pub fn step(&self) -> usize {
        self.at
    }

    pub fn can_redo(&self) -> bool {
        self.at + 1 < self.history.len()
    }

    /// The last step of the history (redo's and the replay viewer's end).
    pub fn last_step(&self) -> usize {
        self.history.len() - 1
    }

    /// The position at step `k` (the last one past the end).
    pub fn game_at(&self, k: usize) -> &AnyGame {
        &self.history[k.min(self.history.len() - 1)].game
    }

    /// The decision that led to step `k` (none at the start).
    pub fn turn_at(&self, k: usize) -> Option<&Turn> {
        self.history.get(k)?.turn.as_ref()
    }

    /// The legal decisions of the position shown, when worked out with it.
    pub fn legal(&self) -> Option<&Vec<String>> {
        self.history[self.at].legal.as_ref()
    }

    /// Shows step `k` of the history as it is (the replay viewer; undo and
    /// redo stop only where a person's turn starts).
    pub fn go_to(&mut self, k: usize) {
        self.at = k.min(self.history.len() - 1);
        self.changed();
    }

    /// Plays on from the step shown as a new game (the replay viewer's
    /// take-over): the later steps go, and when both seats are AI the side
    /// to move becomes a person's. Returns the turn.
    pub fn take_over(&mut self) -> u32 {
        self.history.truncate(self.at + 1);
        let mover = self.game().to_move();
        if self.setup.all_ai() {
            self.setup.set_seat(mover, Seat::Human);
        }
        self.changed();
        self.game().turn()
    }

    /// The games of the match finished so far with their scores (South,
    /// North), this one included once it is over.
    pub fn match_games(&self) -> Vec<PerSide<u32>> {
        let mut games = self.scores.clone();
        if let Status::Over(o) = self.game().status()
            && self.racing.is_none()
            && games.len() == self.done.len()
            && (self.setup.match_play() || !self.done.is_empty())
        {
            games.push(o.score);
        }
        games
    }

    /// The race under way.
    pub fn racing(&self) -> Option<&Racing> {
        self.racing.as_ref()
    }

    /// The match's finished games' scores (South, North), in order.
    pub fn match_scores(&self) -> &[PerSide<u32>] {
        &self.scores
    }

    /// The match is over: its winner (None: drawn).
    pub fn match_over(&self) -> Option<Option<Side>> {
        self.match_over.map(|m| m.winner)
    }

    /// The match is over: who won, why, on what stocks.
    pub fn match_result(&self) -> Option<MatchResult> {
        self.match_over
    }

    /// What the session waits for now.
    pub fn ask(&self) -> Ask {
        if self.racing.is_some() {
            return Ask::Race;
        }
        let g = self.game();
        if let Status::Over(o) = g.status() {
            return Ask::Over(o);
        }
        let side = g.to_move();
        match self.seat(side) {
            Seat::Human => Ask::Person(side),
            Seat::Ai(p) => Ask::Ai(side, *p),
        }
    }

    /// What comes next: the race, a person's prompt, the AI seat's job, or
    /// the game's end with what follows it (a match settled here: when this
    /// game ends it, it is over now).
    pub fn what_next(&mut self) -> Next {
        match self.ask() {
            Ask::Race => Next::Race,
            Ask::Person(side) => Next::Prompt(side),
            Ask::Ai(side, player) => Next::Ai {
                side,
                player,
                job: Box::new(self.ai_job_for(player)),
            },
            Ask::Over(outcome) => {
                self.settle_match();
                let then = self.after_game().unwrap_or(AfterGame::Nothing);
                let fresh = self.reported_end != Some(self.version);
                self.reported_end = Some(self.version);
                Next::End(End {
                    outcome,
                    then,
                    fresh,
                    count: self.take_count().map(Box::new),
                })
            }
        }
    }

    /// What follows the game shown, once it is over (None: it is not).
    pub fn after_game(&self) -> Option<AfterGame> {
        let Status::Over(o) = self.game().status() else {
            return None;
        };
        if let Some(m) = self.match_over {
            return Some(AfterGame::MatchOver(m));
        }
        Some(match self.next_match() {
            Some(MatchNext::Game(_)) if self.racing.is_none() => AfterGame::NextGame {
                game: self.scores.len() + 2,
                stock: o.score,
            },
            Some(MatchNext::MatchOver(m)) => AfterGame::MatchOver(m),
            _ => AfterGame::Nothing,
        })
    }

    /// Did the decisions played end a turn (at least one played, and no
    /// direction asked inside it)? A lesson judges its turn then.
    pub fn turn_ended(&self) -> bool {
        self.at > 0 && self.racing.is_none() && self.game().pending().is_none()
    }

    // ---- the turn cycle ----------------------------------------------------

    /// The work of playing a person's `token` in the position shown: the
    /// words are read here, once, as a decision of this game.
    pub fn decide(&self, token: &str) -> DecideJob {
        let asked = self
            .game()
            .decision(token)
            .map_err(|e| (token.to_string(), e));
        self.decide_asked(asked)
    }

    /// The work of playing `decision` in the position shown.
    pub fn decide_typed(&self, decision: AnyDecision) -> DecideJob {
        self.decide_asked(Ok(decision))
    }

    fn decide_asked(&self, asked: Result<AnyDecision, (String, MoveError)>) -> DecideJob {
        DecideJob {
            game: self.game().clone(),
            asked,
            version: self.version,
            legal: false,
        }
    }

    /// The AI seat's search in the position shown (None: a person moves,
    /// the race is on or the game is over).
    pub fn ai_job(&self) -> Option<AiJob> {
        let Ask::Ai(_, player) = self.ask() else {
            return None;
        };
        Some(self.ai_job_for(player))
    }

    fn ai_job_for(&self, player: Player) -> AiJob {
        AiJob {
            game: self.game().clone(),
            seat: SeatRequest {
                player,
                seed: self.ai_seed(),
                hash_mb: self.hash_mb,
            },
            pause: self.ai_pause,
            version: self.version,
            legal: false,
        }
    }

    /// The AI's request seed in the position shown: the setup's seed mixed
    /// with the step and the turn, as the client's play screen derives it.
    pub fn ai_seed(&self) -> u64 {
        self.setup.seed() ^ (((self.at + 1) as u64) << 20) ^ (self.game().turn() as u64)
    }

    /// Takes a decision worked out into the game (when still current).
    pub fn apply(&mut self, decided: Decided) -> Result<Applied, Refused> {
        if self.racing.is_some() {
            return Err(Refused::Racing);
        }
        if decided.version != self.version {
            return Err(Refused::Stale);
        }
        let played = decided.result.map_err(|reason| Refused::Rule {
            token: match decided.decision {
                Ok(d) => d.to_string(),
                Err(words) => words,
            },
            reason,
        })?;
        Ok(self.push(played))
    }

    /// [`Session::decide`], run here, then [`Session::apply`].
    pub fn play(&mut self, token: &str) -> Result<Applied, Refused> {
        let decided = self.decide(token).run(&Progress::default());
        self.apply(decided)
    }

    /// The AI seat's decision worked out here and played (None: not the AI's turn).
    pub fn play_ai(&mut self) -> Option<Result<Applied, Refused>> {
        let decided = self.ai_job()?.run(&Progress::default())?;
        Some(self.apply(decided))
    }

    fn push(&mut self, played: Played) -> Applied {
        let before = self.game().clone();
        let turn = Turn {
            side: before.to_move(),
            turn: before.turn(),
            decision: played.decision,
            before,
            events: played.events,
        };
        let over = match played.game.status() {
            Status::Over(o) => Some(o),
            Status::Playing => None,
        };
        self.history.truncate(self.at + 1);
        self.history.push(Step {
            game: played.game,
            turn: Some(turn.clone()),
            legal: played.legal,
        });
        self.at += 1;
        self.changed();
        Applied {
            turn,
            over,
            save: true,
        }
    }

    /// Does a person's turn start at step k (not over, not inside a turn)?
    fn human_at(&self, k: usize) -> bool {
        let g = &self.history[k].game;
        !g.status().is_over() && self.human(g.to_move()) && g.pending().is_none()
    }

    /// Back to the last person's turn (the AI's decisions are skipped).
    pub fn undo(&mut self) -> Result<u32, &'static str> {
        if self.racing.is_some() {
            return Err("Nothing to undo");
        }
        let target = undo_target(self.at, self.all_ai(), |k| self.human_at(k))?;
        self.at = target;
        self.changed();
        // Back into a game whose end had ended the match: its score leaves
        // the scoreboard and the match goes on.
        if self.match_over.take().is_some() {
            self.scores.truncate(self.done.len());
        }
        Ok(self.game().turn())
    }

    /// Whether `undo` would take anything back now.
    pub fn can_undo(&self) -> bool {
        self.racing.is_none() && undo_target(self.at, self.all_ai(), |k| self.human_at(k)).is_ok()
    }

    /// Forward again to the next person's turn.
    pub fn redo(&mut self) -> Result<u32, &'static str> {
        let last = self.history.len() - 1;
        let target = redo_target(self.at, last, |k| self.human_at(k))?;
        self.at = target;
        self.changed();
        Ok(self.game().turn())
    }

    // ---- the race ----------------------------------------------------------

    /// A person racer drops a seed at `at` (milliseconds from the race's
    /// Go, on the front end's clock); the AI racer drops at its pace on the
    /// same clock. Returns whether the race is over (the game then begins).
    pub fn race_press(&mut self, side: Side, at: u64) -> Result<bool, SessionError> {
        let racing = self.racing.as_mut().ok_or(SessionError::NoRace)?;
        racing.press(side, at)?;
        self.race_settle()
    }

    /// Time passed to `at` (ms from Go): the AI racers drop what fell due.
    /// Returns whether the race is over (the game then begins).
    pub fn race_advance(&mut self, at: u64) -> Result<bool, SessionError> {
        let racing = self.racing.as_mut().ok_or(SessionError::NoRace)?;
        racing.advance(at)?;
        self.race_settle()
    }

    /// Both racers are AI: the race runs at their paces to its end.
    pub fn race_run(&mut self) -> Result<bool, SessionError> {
        let racing = self.racing.as_mut().ok_or(SessionError::NoRace)?;
        racing.run_ai()?;
        self.race_settle()
    }

    /// Two people raced in turns at one keyboard: the race runs to its end
    /// with each racer dropping at its person's pace (ms between drops).
    pub fn race_paced(&mut self, paces: PerSide<u64>) -> Result<bool, SessionError> {
        let racing = self.racing.take().ok_or(SessionError::NoRace)?;
        let mut racing = racing
            .with_pace(Side::South, paces.south.max(1))
            .with_pace(Side::North, paces.north.max(1));
        let run = racing.run_ai();
        self.racing = Some(racing);
        run?;
        self.race_settle()
    }

    fn race_settle(&mut self) -> Result<bool, SessionError> {
        let Some(racing) = self.racing.as_ref() else {
            return Ok(true);
        };
        if racing.race().first_sleeper().is_none() {
            self.changed();
            return Ok(false);
        }
        let racing = self.racing.take().expect("racing");
        let (game, record, note) = racing.finish().map_err(SessionError::RaceFailed)?;
        self.race = Some(record);
        self.begin(game.into(), Some(note));
        Ok(true)
    }

    /// The race was run by a front end that held it (the client's race
    /// screen, a copy of [`Session::racing`] fed its key presses): the
    /// game begins from its board once someone slept.
    pub fn raced(&mut self, racing: Racing) -> Result<bool, SessionError> {
        if self.racing.is_none() {
            return Err(SessionError::NoRace);
        }
        self.racing = Some(racing);
        self.race_settle()
    }

    /// The seed of this game's race (the setup's, one more each game of a match).
    pub fn race_seed(&self) -> u64 {
        self.setup.seed() + self.scores.len() as u64
    }

    // ---- the end, the statistics and the match ------------------------------

    /// A game of a match just ended: when it ends the match (a stock cannot
    /// fill a hole, the carry-over repeats, the last game was played) the
    /// match is over now. None: it goes on, or no match.
    pub fn settle_match(&mut self) -> Option<MatchResult> {
        if !self.game().status().is_over() || !self.setup.match_play() || self.match_over.is_some()
        {
            return None;
        }
        match self.next_match() {
            Some(MatchNext::MatchOver(_)) => match self.next_game() {
                NextGame::MatchOver(result) => Some(result),
                _ => None,
            },
            _ => None,
        }
    }

    /// The finished game to count, once per game (undo or not): None when
    /// it is not over, was taken already, or does not count (hot-seat, AI
    /// against AI). Handed out with the game's end ([`End::count`]) and
    /// written by [`Count::write`], on any thread.
    fn take_count(&mut self) -> Option<Count> {
        if self.counted || !self.game().status().is_over() {
            return None;
        }
        self.counted = true;
        let (south, north) = (*self.setup.seat(Side::South), *self.setup.seat(Side::North));
        if south.is_human() == north.is_human() {
            return None;
        }
        Some(Count {
            game: self.game().clone(),
            south,
            north,
        })
    }

    /// After a finished game of a match: the next game with each side's
    /// score as its stock, or the match's end.
    pub fn next_game(&mut self) -> NextGame {
        let Status::Over(o) = self.game().status() else {
            return NextGame::None;
        };
        if !self.setup.match_play() || self.match_over.is_some() {
            return NextGame::None;
        }
        match self.next_match() {
            Some(MatchNext::Game(g)) => {
                let record = self.game_record();
                self.done.push(record);
                self.scores.push(o.score);
                self.start_game((*g).into());
                NextGame::Started {
                    game: self.scores.len() + 1,
                    stock: o.score,
                }
            }
            Some(MatchNext::MatchOver(result)) => {
                if self.scores.len() == self.done.len() {
                    self.scores.push(o.score);
                }
                self.match_over = Some(result);
                NextGame::MatchOver(result)
            }
            None => NextGame::None,
        }
    }

    /// The match after this finished game: its next game or its end (the
    /// core's rule, as the record's check decides it).
    fn next_match(&self) -> Option<MatchNext> {
        let Status::Over(o) = self.game().status() else {
            return None;
        };
        // The first game's stock: this game's start, or the first one saved.
        let first = match self.done.first() {
            None => match &self.start {
                AnyGame::Enkeshui(g) => play_match::stock_of(g),
                _ => return None,
            },
            Some(g) => play_match::stock_of(&Enkeshui::from_position(&g.start).ok()?),
        };
        let mut scores: Vec<_> = self.scores.iter().take(self.done.len()).copied().collect();
        scores.push(o.score);
        self.setup.next_match_game(first, &scores)
    }

    // ---- the record ----------------------------------------------------------

    /// This game as a record entry (its decisions up to the position shown).
    fn game_record(&self) -> GameRecord {
        GameRecord {
            start: self.start.position_json(),
            race: self.race.clone(),
            decisions: self.turns().map(|t| t.decision.to_string()).collect(),
            result: match self.game().status() {
                Status::Over(o) if self.racing.is_none() => Some(o),
                _ => None,
            },
        }
    }

    /// Everything played so far, as the client saves it.
    pub fn record(&self) -> Record {
        let mut games = self.done.clone();
        games.push(self.game_record());
        self.setup.record(games)
    }
}

#[cfg(test)]
mod tests;

//! The rules engine: pure game logic with no I/O, no terminal and no global state.
//!
//! `core` holds what every game shares (sowing, relay, cycle detection, events),
//! then one module per game, all behind the [`Game`] trait, and [`AnyGame`] to
//! hold any of them.

// What every game shares is private and re-exported here; each game's
// module is public (its type, setup, board and errors).
pub(crate) mod any;
pub mod bao;
pub(crate) mod core;
mod decision;
pub mod en_gehe;
pub mod enkeshui;
mod error;
mod kind;
#[cfg(test)]
mod lifecycle_tests;
mod line;
pub(crate) mod playout;
pub(crate) mod position;
pub(crate) mod side;
#[allow(unsafe_code)]
mod simd;
pub(crate) mod turn;

pub use self::any::{AnyGame, TokenError};
use self::core::unbudgeted;
pub use self::core::{
    Direction, EndReason, Event, Observer, Outcome, Quiet, Status, Undecided, decide_growing,
};
pub use self::core::{Unended, run_laps_within};
pub use self::decision::{AnyDecision, ParseDecisionError};
pub use self::error::{
    BadToken, EndlessSowing, Expected, MoveError, NoSuchHole, SpecialError, WrongDecision,
};
pub use self::kind::GameKind;
pub use self::playout::{DropCounter, random_playout};
pub use self::position::{
    Counted, FieldPath, PathPart, PositionError, PositionErrorKind, PositionJson, SeedBound,
};
pub use self::side::{PerSide, Side};
pub use self::turn::DEFAULT_MAX_TURNS;

/// The generator of every seeded stream: the games' random decisions, the
/// arena's openings and the AI's noise. Named (xoshiro256++ seeded by
/// SplitMix64, from `rand_xoshiro`) so that a seed plays the same game
/// whatever version of `rand` the program is built with.
pub type SeededRng = rand_xoshiro::Xoshiro256PlusPlus;
pub(crate) use self::turn::{Irreversible, TurnState};

use serde::Serialize;
use std::fmt;

/// A hole named the way players and the notation name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HoleName {
    /// The side whose row holds the hole.
    pub side: Side,
    /// The hole within that side.
    pub hole: HoleLabel,
}

/// A hole of a side, as the notation writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoleLabel {
    /// Hole 1..N from the owner's left, in the two-row games: `3`.
    Number(usize),
    /// Bao la Kimasai's inner or outer hole 1..8: `i3`, `o3`.
    Bao(bao::Row, usize),
}

impl fmt::Display for HoleLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HoleLabel::Number(n) => write!(f, "{n}"),
            HoleLabel::Bao(row, k) => write!(
                f,
                "{}",
                bao::Move {
                    row: *row,
                    hole: *k
                }
            ),
        }
    }
}

/// A number in the two-row games' JSON, a string (`"o5"`) in Bao's.
impl Serialize for HoleLabel {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            HoleLabel::Number(n) => s.serialize_u64(*n as u64),
            HoleLabel::Bao(..) => s.collect_str(self),
        }
    }
}

/// The decision the mover is asked for in the middle of a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pending {
    /// What is asked for (`direction`).
    pub decision: &'static str,
    /// The hole the seeds in hand came from.
    pub lifted_from: HoleName,
    /// Seeds in hand.
    pub in_hand: u32,
    /// The lap about to be sown, from 1.
    pub lap: u32,
    /// The tokens that may be given.
    pub options: Vec<String>,
}

/// One game's rules behind a common interface: what a library user needs
/// (setup is each game's own: `Enkeshui::new`, `EnGehe::new`, `Bao::new`
/// and the position JSON), the legal decisions, play, the end and the
/// score. The turn lifecycle behind it (ending a turn, the start-of-turn
/// cascade, the repetition rule, random picks) is the crate's own: each game
/// supplies its sowing and its end tests through a crate-private trait, and
/// the lifecycle is provided once for all three, in the way board-game-rs's
/// `Board` provides `play_random_available_move`. The trait is sealed: only
/// the core's games implement it.
///
/// The hooks the engine runs on are not reachable from outside the crate:
///
/// ```compile_fail
/// use masai_core::engine::Game;
/// fn hook<G: Game>(g: &mut G) {
///     g.turn_state_mut().turn = 7;
/// }
/// ```
///
/// ```compile_fail
/// use masai_core::engine::Game;
/// fn hook<G: Game>(g: &mut G) {
///     g.defer_legality(true);
/// }
/// ```
///
/// ```compile_fail
/// use masai_core::engine::Game;
/// fn hook<G: Game, R: rand::Rng>(g: &mut G, rng: &mut R) -> bool {
///     g.play_random_quietly(rng)
/// }
/// ```
///
/// ```compile_fail
/// use masai_core::engine::{Game, Quiet};
/// fn hook<G: Game>(g: &mut G) {
///     let _ = g.finish_turn_here(u64::MAX, &mut Quiet);
/// }
/// ```
///
/// What is reachable plays a game (a random game through [`RandomPlay`]):
///
/// ```
/// use masai_core::engine::en_gehe::{EnGehe, Rules};
/// use masai_core::engine::{Game, Quiet, RandomPlay};
/// use rand::SeedableRng;
///
/// let mut game = EnGehe::new(6, Rules::default()).unwrap();
/// let first = game.legal()[0];
/// game.play(&first, &mut Quiet).unwrap();
/// let mut rng = masai_core::engine::SeededRng::seed_from_u64(1);
/// let mut random = RandomPlay::new(&mut game);
/// while !random.status().is_over() && random.play_quietly(&mut rng) {}
/// drop(random);
/// assert!(game.status().is_over());
/// ```
#[allow(private_bounds)]
pub trait Game: Hooks + Clone + Send + 'static {
    /// One decision of this game, written as a notation token by `Display`.
    type Decision: Clone + PartialEq + fmt::Debug + fmt::Display + Send;

    /// Which game this is.
    fn kind(&self) -> GameKind;
    /// The turn limit of the rules (`--max-turns`).
    fn max_turns(&self) -> u32;
    /// Each side's score: the result's once the game is over, otherwise
    /// what each would have if the game ended now by the safety rules.
    fn score(&self) -> PerSide<u32>;
    /// Reads a decision token. Does not check that it is legal.
    fn parse_decision(&self, token: &str) -> Result<Self::Decision, MoveError>;
    /// The decision asked for inside a turn, if any.
    fn pending(&self) -> Option<Pending>;
    /// Is the mover inside a turn (a decision pending)? Cheaper than `pending`.
    fn in_turn(&self) -> bool {
        self.pending().is_some()
    }
    /// Seeds in play plus seeds captured: constant over a game.
    fn total_seeds(&self) -> u32;
    /// Name of a board index as players see it.
    fn hole_name(&self, index: usize) -> HoleName;
    /// A 64-bit hash of everything that decides the game's future from here
    /// (board, stores, side to move, the pending decision), for the AI's
    /// transposition table. Equal states must hash equal.
    fn hash_key(&self) -> u64;

    // Provided: the turn lifecycle.

    /// The side to move.
    fn to_move(&self) -> Side {
        self.turn_state().to_move
    }

    /// Playing, or over with its outcome.
    fn status(&self) -> Status {
        self.turn_state().status
    }

    /// The number of the turn being played, from 1.
    fn turn(&self) -> u32 {
        self.turn_state().turn
    }

    /// Every decision that may be played now, in notation order. Empty when the
    /// game is over. Never lists combinatorial extras (the Enkeshui special move).
    fn legal(&self) -> Vec<Self::Decision> {
        self.legal_within(u64::MAX)
    }

    /// The legal decisions whose sowing is known to end within `max_laps`
    /// laps: a subset of `legal` that never waits on the rare sowings whose
    /// endlessness takes millions of laps to decide (for the AI's search).
    fn legal_within(&self, max_laps: u64) -> Vec<Self::Decision> {
        if self.status().is_over() {
            return Vec::new();
        }
        if self.in_turn() {
            return self.turn_decisions();
        }
        self.sowing_holes()
            .filter(|&h| self.sowing_ends_within(h, max_laps).is_ok())
            .map(|h| self.decision_of(h))
            .collect()
    }

    /// Every legal decision (as `legal`), or Err when some candidate's sowing is not decided
    /// within max_laps laps.
    fn legal_checked(&self, max_laps: u64) -> Result<Vec<Self::Decision>, Undecided> {
        if self.status().is_over() {
            return Ok(Vec::new());
        }
        if self.in_turn() {
            return Ok(self.turn_decisions());
        }
        let mut out = Vec::new();
        for h in self.sowing_holes() {
            match self.sowing_ends_within(h, max_laps) {
                Ok(()) => out.push(self.decision_of(h)),
                Err(Unended::Endless(_)) => {}
                Err(Unended::OverBudget) => return Err(Undecided { laps: max_laps }),
            }
        }
        Ok(out)
    }

    /// A uniformly random legal decision (`None` when `legal` is empty).
    fn random_decision<R: rand::Rng>(&self, rng: &mut R) -> Option<Self::Decision> {
        self.clone().pick_random(rng, false)
    }

    /// Plays a uniformly random legal decision and returns it. A quiet
    /// observer keeps the sowing that proved the decision legal.
    fn play_random<R: rand::Rng, O: Observer>(
        &mut self,
        rng: &mut R,
        obs: &mut O,
    ) -> Option<Self::Decision> {
        let d = if O::SILENT {
            self.pick_random(rng, true)
        } else {
            self.random_decision(rng)
        };
        let Some(d) = d else {
            // Every sowing was tried: a test left to this pick is decided.
            self.settle_legality(obs);
            return None;
        };
        if !O::SILENT {
            self.play(&d, obs)
                .expect("a random legal decision is playable");
        }
        Some(d)
    }

    /// Plays one decision, telling `obs` what happens. On error nothing changes
    /// and `obs` has been told nothing.
    fn play<O: Observer>(
        &mut self,
        decision: &Self::Decision,
        obs: &mut O,
    ) -> Result<(), MoveError> {
        self.play_budgeted(decision, u64::MAX, obs)
    }

    /// `play`, but when deciding whether the sowing ends needs more than max_laps laps, refuses with
    /// MoveError::Undecided and changes nothing. (The start-of-turn test of
    /// the next position, which looks for a sowing that ends, is under the same
    /// budget.)
    fn play_within<O: Observer>(
        &mut self,
        decision: &Self::Decision,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), MoveError> {
        let mut next = self.clone();
        next.play_budgeted(decision, max_laps, &mut Quiet)?;
        if O::SILENT {
            *self = next;
            Ok(())
        } else {
            // Decided within the budget: the plain play takes as long again.
            self.play(decision, obs)
        }
    }

    /// The same game with another player to move (`--first`, or the race's
    /// winner), its history forgotten and the start-of-turn tests run again.
    fn with_first(mut self, side: Side) -> Self {
        let turn = self.turn();
        *self.turn_state_mut() = TurnState::new(side, turn);
        self.check_start_of_turn(&mut Quiet);
        self
    }

    /// `self` after the start-of-turn tests: how a game built from its parts
    /// starts.
    fn started(mut self) -> Self {
        self.check_start_of_turn(&mut Quiet);
        self
    }
}

/// What each game supplies to the turn lifecycle: its sowing, its end tests
/// and its turn state. Crate-private, so that the public [`Game`] is the
/// rules API alone; the methods that name a decision ask `Self: Game`,
/// which holds the decision's type.
pub(crate) trait Hooks {
    /// Who moves, the turn number, the status and the repetition history.
    fn turn_state(&self) -> &TurnState;
    /// The turn state, to change.
    fn turn_state_mut(&mut self) -> &mut TurnState;
    /// The mover's board indices that may start a sowing now (not yet
    /// checked to end), in notation order. Read at a turn boundary only.
    fn sowing_holes(&self) -> impl Iterator<Item = usize>;
    /// The decision that sows board index `hole` of the mover.
    fn decision_of(&self, hole: usize) -> <Self as Game>::Decision
    where
        Self: Game;
    /// Would the mover's sowing from board index `hole` end (within
    /// `max_laps` laps)?
    fn sowing_ends_within(&self, hole: usize, max_laps: u64) -> Result<(), Unended>;
    /// The decisions asked for inside a turn (`in_turn`): none unless the
    /// game has decisions after a turn's first.
    fn turn_decisions(&self) -> Vec<<Self as Game>::Decision>
    where
        Self: Game,
    {
        Vec::new()
    }
    /// Plays one decision with the sowing and the next start-of-turn test
    /// under a lap budget. Refused decisions change nothing; on `Undecided`
    /// from the start-of-turn test the game is left mid-change, so budgeted
    /// callers play on a copy (as `play_within` does).
    fn play_budgeted<O: Observer>(
        &mut self,
        decision: &<Self as Game>::Decision,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), MoveError>
    where
        Self: Game;
    /// Draws a legal decision at random (holes without replacement until a
    /// sowing that ends turns up); with `commit` the quiet sowing that
    /// proved it legal is kept as the move played.
    fn pick_random<R: rand::Rng>(
        &mut self,
        rng: &mut R,
        commit: bool,
    ) -> Option<<Self as Game>::Decision>
    where
        Self: Game;
    /// The start-of-turn tests that come before looking for a legal move:
    /// the mover has no seeds to sow (or, in Bao, an empty inner row).
    fn lost_before_moving(&mut self) -> Option<EndReason>;
    /// Has the mover a legal decision (a sowing that ends, or a special
    /// move)? `Err` when that is not decided within `max_laps` laps. Run
    /// right after [`Hooks::lost_before_moving`] found seeds to sow.
    fn can_move_within(&mut self, max_laps: u64) -> Result<bool, Undecided>;
    /// What the repetition rule compares besides the board and the side to
    /// move, and the board itself; with the turn state to record them in.
    fn repetition_parts(&mut self) -> (Irreversible, &[u16], &mut TurnState);
    /// This position was not met before and will not be met again, by the
    /// rules alone (its irreversible part changes this turn and was changed
    /// by this side's last turn): the repetition rule need not hold it.
    /// Bao's first phase, where the mover places a reserve cow every turn.
    fn position_is_fresh(&self) -> bool {
        false
    }
    /// The result when the game ends now by `reason`.
    fn outcome(&self, reason: EndReason) -> Outcome;
}

/// The turn lifecycle, provided once for every game from its [`Hooks`]:
/// crate-private, with the hot path's inlined steps.
pub(crate) trait Lifecycle: Game {
    /// [`Game::play_random`] telling nobody and returning only whether a
    /// decision was played, for loops of random games that keep no record
    /// (the arena's, through [`RandomPlay::play_quietly`]). Inlined into the
    /// loop, with the game's pick inlined into it (`#[inline(always)]` on
    /// each game's `pick_random`): the decision's copy out and the two
    /// calls' frames were some 40 instructions of a random decision's few
    /// hundred.
    #[inline(always)]
    fn play_random_quietly<R: rand::Rng>(&mut self, rng: &mut R) -> bool {
        if self.pick_random(rng, true).is_some() {
            return true;
        }
        // Every sowing was tried: a test left to this pick is decided.
        self.settle_legality(&mut Quiet);
        false
    }

    /// With `on`, the start-of-turn test for a legal move waits for the
    /// turn's random pick ([`Game::play_random`]): the pick draws sowings
    /// until one ends, which proves the test anyway, so a random game (the
    /// arena's) tests each position once instead of twice. When the pick
    /// finds none, the game ends there as the test would have ended it.
    /// For loops of random picks: between a turn's end and its pick,
    /// [`Game::status`] may say `Playing` where the test would have ended
    /// the game; it is exact again after the pick, or once deferring stops.
    /// A position that the safety rules would end is tested at once, so
    /// that no legal move still comes first.
    fn defer_legality(&mut self, on: bool) {
        self.turn_state_mut().defer = on;
        if !on {
            self.settle_legality(&mut Quiet);
        }
    }

    /// Decides a test for a legal move left to the random pick (see
    /// [`Lifecycle::defer_legality`]), if one is still open.
    fn settle_legality<O: Observer>(&mut self, obs: &mut O) {
        let t = self.turn_state_mut();
        // Inside a turn a pick has already proved the turn's start.
        if !std::mem::take(&mut t.unproved) || t.status.is_over() || self.in_turn() {
            return;
        }
        if !unbudgeted(self.can_move_within(u64::MAX)) {
            self.end_now(EndReason::NoLegalMove, obs);
        }
    }

    /// Ends the turn: the other side moves, and the start-of-turn tests run.
    /// `Err` (with the game left mid-change: budgeted callers work on a
    /// copy) when they are not decided within `max_laps` laps.
    fn finish_turn<O: Observer>(&mut self, max_laps: u64, obs: &mut O) -> Result<(), Undecided> {
        self.finish_turn_here(max_laps, obs)
    }

    /// [`Lifecycle::finish_turn`] inlined, for the random picks that end
    /// their turn (En Gehé's, and Enkeshui's where the sowing ends it): the
    /// call and its frame were some 13 instructions of En Gehé's 450 a
    /// decision.
    #[inline(always)]
    fn finish_turn_here<O: Observer>(
        &mut self,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), Undecided> {
        let t = self.turn_state_mut();
        obs.event(Event::TurnEnd { side: t.to_move });
        t.to_move = t.to_move.other();
        t.turn = t.turn.saturating_add(1);
        self.check_start_of_turn_within(max_laps, obs)
    }

    /// The end tests at the start of a turn, then the safety rules (a position
    /// past the turn limit is over at once, so a game ended by the limit loads
    /// back as over).
    fn check_start_of_turn<O: Observer>(&mut self, obs: &mut O) {
        unbudgeted(self.check_start_of_turn_within(u64::MAX, obs))
    }

    /// [`Lifecycle::check_start_of_turn`] with the search for a legal move
    /// under a lap budget.
    #[inline(always)]
    fn check_start_of_turn_within<O: Observer>(
        &mut self,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), Undecided> {
        let reason = if let Some(reason) = self.lost_before_moving() {
            Some(reason)
        } else if self.turn_state().defer {
            self.deferred_end(max_laps)?
        } else if !self.can_move_within(max_laps)? {
            Some(EndReason::NoLegalMove)
        } else if self.record_position() >= 3 {
            Some(EndReason::Repetition)
        } else if self.turn() > self.max_turns() {
            Some(EndReason::TurnLimit)
        } else {
            None
        };
        if let Some(reason) = reason {
            self.end_now(reason, obs);
        }
        Ok(())
    }

    /// The start-of-turn tests after [`Hooks::lost_before_moving`] with the
    /// test for a legal move left to the turn's pick: the safety rules
    /// first, and the legal move tested at once only when they would end
    /// the game (no legal move is the reason then, as in the usual order).
    /// The position is recorded even when no move turns out legal: the
    /// game is then over, and its history never read again.
    #[inline(always)]
    fn deferred_end(&mut self, max_laps: u64) -> Result<Option<EndReason>, Undecided> {
        let repeated = self.record_position() >= 3;
        if !repeated && self.turn() <= self.max_turns() {
            self.turn_state_mut().unproved = true;
            return Ok(None);
        }
        Ok(Some(if !self.can_move_within(max_laps)? {
            EndReason::NoLegalMove
        } else if repeated {
            EndReason::Repetition
        } else {
            EndReason::TurnLimit
        }))
    }

    /// Ends the game now by `reason`.
    fn end_now<O: Observer>(&mut self, reason: EndReason, obs: &mut O) {
        let outcome = self.outcome(reason);
        self.turn_state_mut().status = Status::Over(outcome);
        obs.event(Event::GameOver { outcome });
    }

    /// Adds the position to the repetition history; returns how often it
    /// has now been seen.
    #[inline(always)]
    fn record_position(&mut self) -> usize {
        if self.position_is_fresh() {
            return 1;
        }
        let (key, board, state) = self.repetition_parts();
        state.record_position(key, board)
    }
}

impl<G: Game> Lifecycle for G {}

/// A game played by random picks, each turn's pick its test for a legal
/// move (a random game need not test each position twice): the program's
/// arena and the property tests play through it. While it lives,
/// [`Game::status`] may say `Playing` between a turn's end and its pick
/// where the test would have ended the game: exact again after the pick,
/// and when this is dropped (which settles a test still open).
pub struct RandomPlay<'g, G: Game> {
    game: &'g mut G,
    deferred: bool,
}

impl<'g, G: Game> RandomPlay<'g, G> {
    /// Starts leaving each turn's test for a legal move to its pick.
    pub fn new(game: &'g mut G) -> Self {
        let deferred = game.turn_state().defer;
        game.defer_legality(true);
        RandomPlay { game, deferred }
    }

    /// Plays a uniformly random legal decision and returns it
    /// ([`Game::play_random`]).
    #[inline]
    pub fn play<R: rand::Rng, O: Observer>(
        &mut self,
        rng: &mut R,
        obs: &mut O,
    ) -> Option<G::Decision> {
        self.game.play_random(rng, obs)
    }

    /// [`RandomPlay::play`] telling nobody and returning only whether a
    /// decision was played: the same decision for the same draws, for
    /// loops that keep no record.
    #[inline]
    pub fn play_quietly<R: rand::Rng>(&mut self, rng: &mut R) -> bool {
        self.game.play_random_quietly(rng)
    }
}

impl<G: Game> std::ops::Deref for RandomPlay<'_, G> {
    type Target = G;
    fn deref(&self) -> &G {
        self.game
    }
}

impl<G: Game> Drop for RandomPlay<'_, G> {
    fn drop(&mut self) {
        self.game.defer_legality(self.deferred);
    }
}

/// Mixes a value into a running hash (splitmix64 finaliser).
#[inline]
pub fn mix_hash(h: u64, v: u64) -> u64 {
    let mut z = (h ^ v).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Why a perft count has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftError {
    /// `stopped` said to stop.
    Stopped,
    /// The count does not fit in 64 bits.
    TooMany,
    /// A decision `legal` listed was refused: an engine defect, reported
    /// rather than panicking.
    Refused(MoveError),
}

impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftError::Stopped => f.write_str("stopped"),
            PerftError::TooMany => f.write_str("the count is over 2^64"),
            PerftError::Refused(e) => write!(f, "a legal decision was refused: {e}"),
        }
    }
}

impl std::error::Error for PerftError {}

/// Counts decision sequences of exactly `depth` decisions (perft), never
/// special moves. Exact: every sowing is decided under growing lap budgets
/// ([`decide_growing`]), and between budgets `stopped()` may end the count.
/// The one perft driver of the project: the protocol's `perft` and the tests.
pub fn perft_until<G: Game>(
    game: &G,
    depth: u32,
    stopped: &impl Fn() -> bool,
) -> Result<u64, PerftError> {
    if stopped() {
        return Err(PerftError::Stopped);
    }
    if depth == 0 {
        return Ok(1);
    }
    fn decide<T>(
        attempt: impl FnMut(u64) -> Result<T, Undecided>,
        stopped: &impl Fn() -> bool,
    ) -> Result<T, PerftError> {
        decide_growing(attempt, |_| !stopped()).ok_or(PerftError::Stopped)
    }
    let moves = decide(|laps| game.legal_checked(laps), stopped)?;
    if depth == 1 {
        return Ok(moves.len() as u64);
    }
    let mut total: u64 = 0;
    for m in &moves {
        let mut next = game.clone();
        decide(
            |laps| match next.play_within(m, laps, &mut Quiet) {
                Err(MoveError::Undecided(u)) => Err(u),
                other => Ok(other),
            },
            stopped,
        )?
        .map_err(PerftError::Refused)?;
        total = total
            .checked_add(perft_until(&next, depth - 1, stopped)?)
            .ok_or(PerftError::TooMany)?;
    }
    Ok(total)
}

/// [`perft_until`] that is never stopped.
pub fn perft<G: Game>(game: &G, depth: u32) -> Result<u64, PerftError> {
    perft_until(game, depth, &|| false)
}

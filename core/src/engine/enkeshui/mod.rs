//! Enkeshui: 2 rows of 8, 10 or 12 holes, 48 seeds, relay sowing, bulls,
//! captures on the first lap, the crossing rule and match play.

mod board;
mod json;
pub(crate) use json::{rules_from_map, rules_json};
mod layout;
mod pick;
pub mod play_match;
pub mod race;
mod setup;
mod sow;

pub use board::{Board, Lap, RING};
pub use layout::{Layout, MAX_HOLES, MIN_HOLES, NAMED as NAMED_LAYOUTS, SEEDS, SetupError};
pub use setup::{Bull, Setup};

use crate::engine::AnyDecision;
use crate::engine::core::{
    Direction, EndReason, Endless, Event, Observer, Outcome, PLAIN_LAPS, Quiet, Undecided, Unended,
    any_sowing_ends_within, run_laps_within_after, unbudgeted,
};
use crate::engine::decision::write_special;
use crate::engine::playout::draw_below;
use crate::engine::side::{PerSide, Side};
use crate::engine::turn::{Irreversible, TurnState};
use crate::engine::{
    EndlessSowing, Game, GameKind, HoleLabel, HoleName, MoveError, NoSuchHole, Pending,
    SpecialError, WrongDecision,
};
use crate::engine::{Hooks, Lifecycle};
use std::fmt;

/// `--special-move`: may a player redistribute two of his holes instead of sowing?
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SpecialMove {
    /// No special move.
    #[default]
    Off,
    /// Once per player per game.
    Once,
    /// Any turn.
    Any,
}

impl SpecialMove {
    /// The `--special-move` value: `off`, `once` or `any`.
    pub fn name(self) -> &'static str {
        match self {
            SpecialMove::Off => "off",
            SpecialMove::Once => "once",
            SpecialMove::Any => "any",
        }
    }

    /// Reads a `--special-move` value.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "off" => Some(SpecialMove::Off),
            "once" => Some(SpecialMove::Once),
            "any" => Some(SpecialMove::Any),
            _ => None,
        }
    }
}

/// `--unfilled`: holes a player could not fill in match play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Unfilled {
    /// They start empty and stay in play.
    #[default]
    Open,
    /// They are out of play for that game.
    Closed,
}

impl Unfilled {
    /// The `--unfilled` value: `open` or `closed`.
    pub fn name(self) -> &'static str {
        match self {
            Unfilled::Open => "open",
            Unfilled::Closed => "closed",
        }
    }

    /// Reads an `--unfilled` value.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "open" => Some(Unfilled::Open),
            "closed" => Some(Unfilled::Closed),
            _ => None,
        }
    }
}

pub use crate::engine::turn::DEFAULT_MAX_TURNS;

/// `--match-games`: a match ends after this many games at most.
pub const DEFAULT_MATCH_GAMES: u32 = 10;

/// The rule flags of RULES.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// `--capture-after-relay`: captures at the end of any lap, not only the first.
    pub capture_after_relay: bool,
    /// `--special-move`.
    pub special_move: SpecialMove,
    /// Safety rule: the game ends after a turn once the turn number passes this.
    pub max_turns: u32,
    /// `--match`: a match of games, each started from the players' stocks.
    pub match_play: bool,
    /// `--unfilled`: holes a player could not fill in match play.
    pub unfilled: Unfilled,
    /// `--match-games`: a match ends after this many games at most (from 1).
    pub match_games: u32,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            capture_after_relay: false,
            special_move: SpecialMove::Off,
            max_turns: DEFAULT_MAX_TURNS,
            match_play: false,
            unfilled: Unfilled::Open,
            match_games: DEFAULT_MATCH_GAMES,
        }
    }
}

/// One decision of an Enkeshui turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// Sow from own hole 1..N.
    Sow(usize),
    /// Direction of the next relay lap, after the turn crossed the opponent's row.
    Direction(Direction),
    /// Lift own holes `lift` and add `add[k]` seeds to own hole k+1.
    Special {
        /// The two own holes lifted, 1..N.
        lift: [usize; 2],
        /// Seeds added to each own hole, from hole 1.
        add: Vec<u16>,
    },
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written as every decision is (`AnyDecision`'s one printer).
        match self {
            Move::Sow(h) => AnyDecision::Hole(*h).fmt(f),
            Move::Direction(d) => AnyDecision::Direction(*d).fmt(f),
            Move::Special { lift, add } => write_special(f, *lift, add),
        }
    }
}

/// A state where the mover chooses a direction: the board after the lift,
/// the lifted hole and the seeds in hand.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ChoiceKey {
    counts: [u16; RING],
    lifted: usize,
    in_hand: u32,
}

/// The directions open at a choice (at most two, kept inline: choices are frequent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Options {
    dirs: [Direction; 2],
    len: usize,
}

impl Options {
    fn as_slice(&self) -> &[Direction] {
        &self.dirs[..self.len]
    }
}

#[derive(Clone, Debug)]
struct Choosing {
    lifted: usize,
    in_hand: u32,
    lap: u32,
    options: Options,
    /// Every choice state met this turn.
    visited: Vec<ChoiceKey>,
}

/// Where a sowing stopped.
#[derive(Debug, PartialEq)]
enum Sown {
    TurnOver,
    /// A relay after a lap that crossed the opponent's row: directions are chosen from here.
    Choose {
        hole: usize,
        lap: u32,
    },
}

/// An Enkeshui game at a turn boundary or inside a turn.
#[derive(Debug)]
pub struct Enkeshui {
    rules: Rules,
    board: Board,
    /// Seeds captured (in match play also seeds kept in hand from the last game).
    captured: PerSide<u32>,
    state: TurnState,
    special_used: PerSide<bool>,
    choosing: Option<Choosing>,
    /// The visited-states buffer of the last turn, kept to reuse its memory.
    spare: Vec<ChoiceKey>,
    /// The mover's liftable holes, as found by the start-of-turn test.
    liftable: u32,
}

/// `clone_from` keeps the memory of the history and the visited choice
/// states: the arena starts every game from a copy of the same start.
impl Clone for Enkeshui {
    fn clone(&self) -> Enkeshui {
        Enkeshui {
            rules: self.rules,
            board: self.board,
            captured: self.captured,
            state: self.state.clone(),
            special_used: self.special_used,
            choosing: self.choosing.clone(),
            spare: self.spare.clone(),
            liftable: self.liftable,
        }
    }

    fn clone_from(&mut self, source: &Enkeshui) {
        self.rules = source.rules;
        self.board = source.board;
        self.captured = source.captured;
        self.state.clone_from(&source.state);
        self.special_used = source.special_used;
        self.choosing.clone_from(&source.choosing);
        self.spare.clone_from(&source.spare);
        self.liftable = source.liftable;
    }
}

/// The Brent state of a relay: the lap-end board and hole (bulls do not change mid-turn).
#[derive(Clone)]
struct RelayState {
    board: Board,
    captured: PerSide<u32>,
    pos: usize,
    lap: u32,
}

impl PartialEq for RelayState {
    fn eq(&self, other: &Self) -> bool {
        self.pos == other.pos && same_counts(&self.board.counts, &other.board.counts)
    }
}

/// The set bits of a hole mask, lowest first.
struct Bits(u32);

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let h = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(h)
    }
}

/// Board equality without a call to `memcmp` (this runs once per relay lap).
#[inline]
fn same_counts(a: &[u16; RING], b: &[u16; RING]) -> bool {
    a.iter().zip(b).fold(0, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl Enkeshui {
    /// A new game from a layout, South to move.
    pub fn new(layout: &Layout, rules: Rules) -> Enkeshui {
        let n = layout.holes();
        let mut board = Board::empty(n);
        board.counts[..n].copy_from_slice(&layout.south);
        board.counts[n..2 * n].copy_from_slice(&layout.north);
        Enkeshui::from_parts(
            rules,
            board,
            PerSide::default(),
            Side::South,
            1,
            PerSide::default(),
        )
    }

    fn from_parts(
        rules: Rules,
        board: Board,
        captured: PerSide<u32>,
        to_move: Side,
        turn: u32,
        special_used: PerSide<bool>,
    ) -> Enkeshui {
        Enkeshui {
            rules,
            board,
            captured,
            state: TurnState::new(to_move, turn),
            special_used,
            choosing: None,
            spare: Vec::new(),
            liftable: 0,
        }
        .started()
    }

    /// The rule flags of this game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Holes in each row (N).
    pub fn holes(&self) -> usize {
        self.board.n
    }

    /// Seeds each player has captured.
    pub fn captured(&self) -> PerSide<u32> {
        self.captured
    }

    /// Whether each player has made his special move.
    pub fn special_used(&self) -> PerSide<bool> {
        self.special_used
    }

    /// Board index of a side's hole 1..N.
    pub fn index(&self, side: Side, hole: usize) -> usize {
        match side {
            Side::South => hole - 1,
            Side::North => self.board.n + hole - 1,
        }
    }

    /// Is a special move open to the mover now?
    #[inline]
    pub fn special_allowed(&self) -> bool {
        let side = self.state.to_move;
        // The rule first: off in most games, and then nothing else is read.
        let rule_allows = match self.rules.special_move {
            SpecialMove::Off => false,
            SpecialMove::Once => !self.special_used[side],
            SpecialMove::Any => true,
        };
        rule_allows
            && !self.state.status.is_over()
            && self.choosing.is_none()
            && self.board.liftable(side).count_ones() >= 2
    }

    /// Lifts the relay hole of a choice state; `None` when neither direction is
    /// legal (the seeds then go back and the turn ends).
    fn enter_choice<O: Observer>(
        &mut self,
        hole: usize,
        lap: u32,
        mut visited: Vec<ChoiceKey>,
        obs: &mut O,
    ) -> Option<Choosing> {
        let in_hand = self.board.lift(hole, lap, obs);
        visited.push(ChoiceKey {
            counts: self.board.counts,
            lifted: hole,
            in_hand,
        });
        let mut choosing = Choosing {
            lifted: hole,
            in_hand,
            lap,
            options: Options {
                dirs: [Direction::Cw; 2],
                len: 0,
            },
            visited,
        };
        for d in [Direction::Cw, Direction::Ccw] {
            if self.direction_ok(&choosing, d) {
                choosing.options.dirs[choosing.options.len] = d;
                choosing.options.len += 1;
            }
        }
        if choosing.options.len == 0 {
            self.spare = choosing.visited;
            self.spare.clear();
            self.board.counts[hole] += in_hand as u16;
            obs.event(Event::PutBack {
                hole,
                seeds: in_hand,
            });
            None
        } else {
            Some(choosing)
        }
    }

    /// A direction is legal unless its lap relays into a choice state already met.
    #[inline(always)]
    fn direction_ok(&self, choosing: &Choosing, dir: Direction) -> bool {
        // Where a short lap ends, and what a relay would lift there, is
        // known without sowing it: when no state met was lifted from that
        // hole with those seeds, the lap cannot repeat one, whatever it
        // does (at a turn's first choice the only state met was lifted from
        // the lap's start). Both directions are tested at every choice, and
        // a sown lap costs some 200.
        if let Some((hole, in_hand)) =
            self.board
                .relay_ahead(choosing.lifted, choosing.in_hand, dir)
            && !choosing
                .visited
                .iter()
                .any(|k| k.lifted == hole && k.in_hand == in_hand)
        {
            return true;
        }
        self.direction_sown_ok(choosing, dir)
    }

    /// [`Enkeshui::direction_ok`] by sowing the lap, out of line: mostly the
    /// lap is read ahead.
    #[inline(never)]
    fn direction_sown_ok(&self, choosing: &Choosing, dir: Direction) -> bool {
        self.successor(choosing, dir)
            .is_none_or(|key| !choosing.visited.contains(&key))
    }

    /// The choice state a direction's lap relays into (`None`: the turn ends).
    fn successor(&self, choosing: &Choosing, dir: Direction) -> Option<ChoiceKey> {
        let mut board = self.board;
        let mut captured = self.captured;
        let lap = board.lap(
            &mut captured,
            self.state.to_move,
            choosing.lifted,
            choosing.in_hand,
            dir,
            choosing.lap,
            self.rules.capture_after_relay,
            &mut Quiet,
        );
        match lap {
            Lap::TurnOver => None,
            Lap::Relay { hole, .. } => {
                let in_hand = board.counts[hole] as u32;
                board.counts[hole] = 0;
                Some(ChoiceKey {
                    counts: board.counts,
                    lifted: hole,
                    in_hand,
                })
            }
        }
    }

    fn after_sowing<O: Observer>(
        &mut self,
        sown: Sown,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), Undecided> {
        match sown {
            Sown::TurnOver => self.finish_turn(max_laps, obs),
            Sown::Choose { hole, lap } => {
                let visited = std::mem::take(&mut self.spare);
                match self.enter_choice(hole, lap, visited, obs) {
                    None => self.finish_turn(max_laps, obs),
                    Some(c) => {
                        self.choosing = Some(c);
                        Ok(())
                    }
                }
            }
        }
    }

    fn play_sow<O: Observer>(
        &mut self,
        hole: usize,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), MoveError> {
        let n = self.board.n;
        if hole == 0 || hole > n {
            return Err(MoveError::NoSuchHole(NoSuchHole {
                hole: HoleLabel::Number(hole),
                holes: n,
            }));
        }
        let index = self.index(self.state.to_move, hole);
        if self.board.is_closed(index) {
            return Err(MoveError::ClosedHole(HoleLabel::Number(hole)));
        }
        if self.board.is_bull(index) {
            return Err(MoveError::BullHole(HoleLabel::Number(hole)));
        }
        if self.board.counts[index] == 0 {
            return Err(MoveError::EmptyHole(HoleLabel::Number(hole)));
        }
        let mover = self.state.to_move;
        let mut board = self.board;
        let mut captured = self.captured;
        let quiet = Self::sow_from_within(
            &self.rules,
            &mut board,
            &mut captured,
            mover,
            index,
            max_laps,
            &mut Quiet,
        );
        let sown = match quiet {
            Err(Unended::Endless(e)) => {
                return Err(MoveError::Endless(EndlessSowing {
                    hole: HoleLabel::Number(hole),
                    period: e.period,
                }));
            }
            Err(Unended::OverBudget) => {
                return Err(MoveError::Undecided(Undecided { laps: max_laps }));
            }
            Ok(sown) if O::SILENT => {
                self.board = board;
                self.captured = captured;
                sown
            }
            Ok(_) => Self::sow_from(
                &self.rules,
                &mut self.board,
                &mut self.captured,
                mover,
                index,
                obs,
            )
            .expect("the same sowing ended a moment ago"),
        };
        self.after_sowing(sown, max_laps, obs)
            .map_err(MoveError::Undecided)
    }

    fn play_direction<O: Observer>(
        &mut self,
        dir: Direction,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), MoveError> {
        let Some(choosing) = self.choosing.as_ref() else {
            return Err(MoveError::WrongDecision(WrongDecision::NoDirectionAsked));
        };
        if !choosing.options.as_slice().contains(&dir) {
            return Err(MoveError::Repeats(dir));
        }
        let choosing = self.choosing.take().expect("checked above");
        obs.event(Event::Choice { direction: dir });
        let lap = self.board.lap(
            &mut self.captured,
            self.state.to_move,
            choosing.lifted,
            choosing.in_hand,
            dir,
            choosing.lap,
            self.rules.capture_after_relay,
            obs,
        );
        let done = match lap {
            Lap::TurnOver => {
                self.spare = choosing.visited;
                self.spare.clear();
                self.finish_turn(max_laps, obs)
            }
            Lap::Relay { hole, .. } => {
                match self.enter_choice(hole, choosing.lap + 1, choosing.visited, obs) {
                    None => self.finish_turn(max_laps, obs),
                    Some(c) => {
                        self.choosing = Some(c);
                        Ok(())
                    }
                }
            }
        };
        done.map_err(MoveError::Undecided)
    }

    fn play_special<O: Observer>(
        &mut self,
        lift: [usize; 2],
        add: &[u16],
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), MoveError> {
        let err = |e: SpecialError| Err(MoveError::Special(e));
        let side = self.state.to_move;
        match self.rules.special_move {
            SpecialMove::Off => return err(SpecialError::Off),
            SpecialMove::Once if self.special_used[side] => {
                return err(SpecialError::AlreadyUsed(side));
            }
            _ => {}
        }
        let n = self.board.n;
        if lift[0] == lift[1] {
            return err(SpecialError::SameHole);
        }
        for h in lift {
            if h == 0 || h > n {
                return err(SpecialError::NoSuchHole(h));
            }
            if !self.board.can_lift(side, self.index(side, h)) {
                return err(SpecialError::CannotLift(h));
            }
        }
        if add.len() != n {
            return err(SpecialError::Counts {
                given: add.len(),
                holes: n,
            });
        }
        let lifted: u32 = lift
            .iter()
            .map(|&h| self.board.counts[self.index(side, h)] as u32)
            .sum();
        let given: u32 = add.iter().map(|&c| c as u32).sum();
        if given != lifted {
            return err(SpecialError::Sum { given, lifted });
        }
        let mut board = self.board;
        for h in lift {
            board.counts[self.index(side, h)] = 0;
        }
        for (k, &c) in add.iter().enumerate() {
            let i = self.index(side, k + 1);
            if c > 0 && (board.is_bull(i) || board.is_closed(i)) {
                return err(SpecialError::GivesToBull(k + 1));
            }
            board.counts[i] += c;
        }
        if board.counts == self.board.counts {
            return err(SpecialError::NoChange);
        }
        self.board = board;
        self.special_used[side] = true;
        obs.event(Event::Special {
            side,
            row: self
                .board
                .row(side)
                .map(|i| self.board.counts[i] as u32)
                .collect(),
        });
        self.finish_turn(max_laps, obs)
            .map_err(MoveError::Undecided)
    }

    /// Has the mover a sowing that ends? (Most first laps end the turn, so
    /// those are tried before whole sowings.)
    #[inline]
    fn can_sow(&self, mask: u32, max_laps: u64) -> Result<bool, Undecided> {
        // The traditional 2x8 board with its ring's length known.
        let surely_ends = if self.board.n == 8 {
            self.some_first_lap_surely_ends::<16>(mask)
        } else {
            self.some_first_lap_surely_ends::<0>(mask)
        };
        Ok(surely_ends || self.any_sowing_ends(mask, max_laps)?)
    }

    /// Does the first lap of a hole of `mask` surely end the turn, on a
    /// ring of `N2` holes (0: of the board's length)?
    #[inline(always)]
    fn some_first_lap_surely_ends<const N2: usize>(&self, mask: u32) -> bool {
        let mut left = mask;
        while left != 0 {
            if self
                .board
                .first_lap_surely_ends_in::<N2>(left.trailing_zeros() as usize)
            {
                return true;
            }
            left &= left - 1;
        }
        false
    }

    /// [`Enkeshui::can_sow`] past the cheap test: every sowing, out of line.
    #[inline(never)]
    fn any_sowing_ends(&self, mask: u32, max_laps: u64) -> Result<bool, Undecided> {
        any_sowing_ends_within(
            Bits(mask),
            |h, laps| self.sowing_ends_within(h, laps),
            max_laps,
        )
    }
}

impl Game for Enkeshui {
    type Decision = Move;

    fn kind(&self) -> GameKind {
        GameKind::Enkeshui
    }

    fn max_turns(&self) -> u32 {
        self.rules.max_turns
    }

    /// Every sowing, whatever its number of laps: Enkeshui's search has
    /// always listed them all.
    fn legal_within(&self, _max_laps: u64) -> Vec<Move> {
        if self.state.status.is_over() {
            return Vec::new();
        }
        if self.choosing.is_some() {
            return self.turn_decisions();
        }
        self.sowing_holes()
            .filter(|&h| self.sowing_ends_within(h, u64::MAX).is_ok())
            .map(|h| self.decision_of(h))
            .collect()
    }

    /// Captured, plus own row and own bulls.
    fn score(&self) -> PerSide<u32> {
        // Each hole is held by one side (its row's owner, a bull's by the
        // bull's): North holds what South does not, read off one sum.
        let south = self.board.seeds_held(Side::South);
        let north = self.board.seeds_on_board() - south;
        PerSide::new(
            self.captured.south.saturating_add(south),
            self.captured.north.saturating_add(north),
        )
    }

    fn parse_decision(&self, token: &str) -> Result<Move, MoveError> {
        AnyDecision::read(token, GameKind::Enkeshui, self.board.n)
            .map(|d| d.enkeshui().expect("read for Enkeshui"))
    }

    fn pending(&self) -> Option<Pending> {
        let c = self.choosing.as_ref()?;
        Some(Pending {
            decision: "direction",
            lifted_from: self.hole_name(c.lifted),
            in_hand: c.in_hand,
            lap: c.lap,
            options: c.options.as_slice().iter().map(|d| d.to_string()).collect(),
        })
    }

    fn in_turn(&self) -> bool {
        self.choosing.is_some()
    }

    fn total_seeds(&self) -> u32 {
        let in_hand = self.choosing.as_ref().map_or(0, |c| c.in_hand);
        self.board
            .seeds_on_board()
            .saturating_add(self.captured.south)
            .saturating_add(self.captured.north)
            .saturating_add(in_hand)
    }

    fn hash_key(&self) -> u64 {
        use crate::engine::mix_hash;
        let b = &self.board;
        let mut h = mix_hash(b.n as u64, self.state.to_move as u64);
        for chunk in b.counts[..b.n2()].chunks(4) {
            let v = chunk
                .iter()
                .enumerate()
                .fold(0u64, |acc, (k, &c)| acc | (c as u64) << (16 * k));
            h = mix_hash(h, v);
        }
        h = mix_hash(h, (b.bulls as u64) << 32 | b.south_bulls as u64);
        h = mix_hash(
            h,
            (self.captured.south as u64) << 32 | self.captured.north as u64,
        );
        h = mix_hash(
            h,
            b.closed as u64
                | (self.special_used.south as u64) << 32
                | (self.special_used.north as u64) << 33,
        );
        if let Some(c) = &self.choosing {
            let opts = c
                .options
                .as_slice()
                .iter()
                .fold(0u64, |acc, &d| acc | 1 << (d as u64));
            h = mix_hash(
                h,
                1 << 63 | (c.lifted as u64) << 40 | (c.in_hand as u64) << 8 | opts,
            );
        }
        h
    }

    fn hole_name(&self, index: usize) -> HoleName {
        let side = self.board.owner_of_row(index);
        let hole = index - self.board.row(side).start + 1;
        HoleName {
            side,
            hole: HoleLabel::Number(hole),
        }
    }
}

impl Hooks for Enkeshui {
    fn turn_state(&self) -> &TurnState {
        &self.state
    }

    fn turn_state_mut(&mut self) -> &mut TurnState {
        &mut self.state
    }

    fn sowing_holes(&self) -> impl Iterator<Item = usize> {
        Bits(self.board.liftable(self.state.to_move))
    }

    fn decision_of(&self, hole: usize) -> Move {
        Move::Sow(hole - self.board.row(self.state.to_move).start + 1)
    }

    fn sowing_ends_within(&self, hole: usize, max_laps: u64) -> Result<(), Unended> {
        let mut board = self.board;
        let mut captured = self.captured;
        Self::sow_from_within(
            &self.rules,
            &mut board,
            &mut captured,
            self.state.to_move,
            hole,
            max_laps,
            &mut Quiet,
        )
        .map(|_| ())
    }

    fn turn_decisions(&self) -> Vec<Move> {
        self.choosing.as_ref().map_or_else(Vec::new, |c| {
            c.options
                .as_slice()
                .iter()
                .map(|&d| Move::Direction(d))
                .collect()
        })
    }

    fn play_budgeted<O: Observer>(
        &mut self,
        decision: &Move,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), MoveError> {
        if self.state.status.is_over() {
            return Err(MoveError::GameOver);
        }
        match decision {
            Move::Sow(h) => {
                if self.choosing.is_some() {
                    return Err(MoveError::WrongDecision(WrongDecision::DirectionAsked));
                }
                self.play_sow(*h, max_laps, obs)
            }
            Move::Direction(d) => self.play_direction(*d, max_laps, obs),
            Move::Special { lift, add } => {
                if self.choosing.is_some() {
                    return Err(MoveError::WrongDecision(WrongDecision::DirectionAsked));
                }
                self.play_special(*lift, add, max_laps, obs)
            }
        }
    }

    #[inline(always)]
    fn pick_random<R: rand::Rng>(&mut self, rng: &mut R, commit: bool) -> Option<Move> {
        if self.state.status.is_over() {
            return None;
        }
        if let Some(c) = &self.choosing {
            let options = c.options.as_slice();
            let dir = options[draw_below(rng, options.len() as u32) as usize];
            if commit {
                self.play_direction(dir, u64::MAX, &mut Quiet)
                    .expect("a listed direction is legal");
            }
            return Some(Move::Direction(dir));
        }
        self.pick_sowing(rng, commit)
    }

    #[inline]
    fn lost_before_moving(&mut self) -> Option<EndReason> {
        // Bull-free seeds in the mover's row are exactly his liftable holes' seeds.
        self.liftable = self.board.liftable(self.state.to_move);
        (self.liftable == 0).then_some(EndReason::NoSeeds)
    }

    #[inline(always)]
    fn can_move_within(&mut self, max_laps: u64) -> Result<bool, Undecided> {
        Ok(self.special_allowed() || self.can_sow(self.liftable, max_laps)?)
    }

    #[inline]
    fn repetition_parts(&mut self) -> (Irreversible, &[u16], &mut TurnState) {
        // RULES.md: who has used the special move is part of the position
        // under `once` only; under `any` it changes nothing ahead.
        let used = match self.rules.special_move {
            SpecialMove::Once => self.special_used,
            SpecialMove::Off | SpecialMove::Any => PerSide::default(),
        };
        // The special move's two flags above South's captures (a game
        // holds 48 seeds).
        let key = [
            self.captured.south | (used.south as u32) << 30 | (used.north as u32) << 31,
            self.captured.north,
            self.board.bulls,
            self.board.south_bulls,
        ];
        (key, &self.board.counts[..self.board.n2()], &mut self.state)
    }

    fn outcome(&self, reason: EndReason) -> Outcome {
        Outcome::by_score(self.score(), reason)
    }
}

#[cfg(test)]
mod tests;

//! The turn lifecycle the [`Game`] trait provides, on a toy game small
//! enough to reach at will what random play of the real games seldom or
//! never shows: a mover with seeds and no legal move, at the turn limit or
//! not, and a repetition, each with the test for a legal move at the
//! turn's start and left to the turn's random pick
//! ([`Lifecycle::defer_legality`]).

use super::core::{Endless, Unended};
use super::playout::draw_below;
use super::*;

/// Two holes a side (South 0 and 1, North 2 and 3). A hole with an odd
/// count may be sown, and its seeds all go to the hole across; one with an
/// even count would never end.
#[derive(Clone)]
struct Toy {
    counts: [u16; 4],
    state: TurnState,
    max_turns: u32,
}

impl Toy {
    fn new(south: [u16; 2], north: [u16; 2], max_turns: u32) -> Toy {
        Toy {
            counts: [south[0], south[1], north[0], north[1]],
            state: TurnState::new(Side::South, 1),
            max_turns,
        }
        .started()
    }

    fn mine(&self) -> [usize; 2] {
        match self.state.to_move {
            Side::South => [0, 1],
            Side::North => [2, 3],
        }
    }
}

impl Game for Toy {
    type Decision = usize;

    fn kind(&self) -> GameKind {
        GameKind::EnGehe
    }
    fn max_turns(&self) -> u32 {
        self.max_turns
    }
    fn score(&self) -> PerSide<u32> {
        let c = self.counts.map(u32::from);
        PerSide::new(c[0] + c[1], c[2] + c[3])
    }
    fn parse_decision(&self, token: &str) -> Result<usize, MoveError> {
        token.parse().map_err(|_| {
            MoveError::BadToken(BadToken {
                token: token.into(),
                expected: Expected::Decision {
                    game: GameKind::EnGehe,
                    holes: 2,
                },
            })
        })
    }
    fn pending(&self) -> Option<Pending> {
        None
    }
    fn total_seeds(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }
    fn hole_name(&self, index: usize) -> HoleName {
        let side = if index < 2 { Side::South } else { Side::North };
        HoleName {
            side,
            hole: HoleLabel::Number(index % 2 + 1),
        }
    }
    fn hash_key(&self) -> u64 {
        self.counts
            .iter()
            .fold(self.state.to_move as u64, |h, &c| mix_hash(h, c as u64))
    }
}

impl Hooks for Toy {
    fn turn_state(&self) -> &TurnState {
        &self.state
    }
    fn turn_state_mut(&mut self) -> &mut TurnState {
        &mut self.state
    }
    fn sowing_holes(&self) -> impl Iterator<Item = usize> {
        let counts = self.counts;
        self.mine().into_iter().filter(move |&h| counts[h] > 0)
    }
    fn decision_of(&self, hole: usize) -> usize {
        hole
    }
    fn sowing_ends_within(&self, hole: usize, _max_laps: u64) -> Result<(), Unended> {
        if self.counts[hole] % 2 == 1 {
            Ok(())
        } else {
            Err(Unended::Endless(Endless { period: 1, laps: 1 }))
        }
    }
    fn play_budgeted<O: Observer>(
        &mut self,
        decision: &usize,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<(), MoveError> {
        let h = *decision;
        if self.status().is_over() {
            return Err(MoveError::GameOver);
        }
        if !self.mine().contains(&h) || self.sowing_ends_within(h, max_laps).is_err() {
            return Err(MoveError::Endless(EndlessSowing {
                hole: HoleLabel::Number(h),
                period: 1,
            }));
        }
        self.counts[h ^ 2] += std::mem::take(&mut self.counts[h]);
        self.finish_turn(max_laps, obs)
            .map_err(MoveError::Undecided)
    }
    fn pick_random<R: rand::Rng>(&mut self, rng: &mut R, commit: bool) -> Option<usize> {
        if self.status().is_over() {
            return None;
        }
        let mut holes: Vec<usize> = self.sowing_holes().collect();
        while !holes.is_empty() {
            let h = holes.swap_remove(draw_below(rng, holes.len() as u32) as usize);
            if self.sowing_ends_within(h, u64::MAX).is_ok() {
                if commit {
                    self.play(&h, &mut Quiet).expect("legal");
                }
                return Some(h);
            }
        }
        None
    }
    fn lost_before_moving(&mut self) -> Option<EndReason> {
        self.sowing_holes()
            .next()
            .is_none()
            .then_some(EndReason::NoSeeds)
    }
    fn can_move_within(&mut self, max_laps: u64) -> Result<bool, Undecided> {
        Ok(self
            .sowing_holes()
            .any(|h| self.sowing_ends_within(h, max_laps).is_ok()))
    }
    fn repetition_parts(&mut self) -> (Irreversible, &[u16], &mut TurnState) {
        ([0; 4], &self.counts, &mut self.state)
    }
    fn outcome(&self, reason: EndReason) -> Outcome {
        Outcome::by_score(self.score(), reason)
    }
}

/// Plays random decisions, deferring or not, until the game ends or none
/// is found; the game and the decisions played.
fn random_game(mut g: Toy, defer: bool) -> (Toy, Vec<usize>) {
    let mut rng = <crate::engine::SeededRng as rand::SeedableRng>::seed_from_u64(1);
    g.defer_legality(defer);
    let mut played = Vec::new();
    while !g.status().is_over() {
        match g.play_random(&mut rng, &mut Quiet) {
            Some(d) => played.push(d),
            None => break,
        }
    }
    g.defer_legality(false);
    (g, played)
}

fn ended(g: &Toy) -> Option<(EndReason, Option<Side>)> {
    match g.status() {
        Status::Over(o) => Some((o.reason, o.winner)),
        Status::Playing => None,
    }
}

/// South sows his one seed across: North's hole then holds 2, an even
/// count, and North has seeds and no legal move. North wins by 2 to 0.
#[test]
fn no_legal_move_is_found_by_the_pick_when_deferred() {
    let start = Toy::new([1, 0], [1, 0], 1000);
    let mut eager = start.clone();
    eager.play(&0, &mut Quiet).unwrap();
    assert_eq!(
        ended(&eager),
        Some((EndReason::NoLegalMove, Some(Side::North)))
    );
    let mut deferred = start.clone();
    deferred.defer_legality(true);
    deferred.play(&0, &mut Quiet).unwrap();
    // Not yet tested: the pick will.
    assert_eq!(ended(&deferred), None);
    let mut log = Vec::new();
    let mut rng = <crate::engine::SeededRng as rand::SeedableRng>::seed_from_u64(3);
    assert_eq!(deferred.play_random(&mut rng, &mut log), None);
    assert_eq!(ended(&deferred), ended(&eager));
    assert!(
        matches!(log[..], [Event::GameOver { outcome }] if outcome.reason == EndReason::NoLegalMove)
    );
    // The arena's quiet pick finds it too.
    let mut quiet = start.clone();
    quiet.defer_legality(true);
    quiet.play(&0, &mut Quiet).unwrap();
    assert!(!quiet.play_random_quietly(&mut rng));
    assert_eq!(ended(&quiet), ended(&eager));
    // Deferring stopped: the open test is decided at once.
    let mut stopped = start.clone();
    stopped.defer_legality(true);
    stopped.play(&0, &mut Quiet).unwrap();
    stopped.defer_legality(false);
    assert_eq!(ended(&stopped), ended(&eager));
    assert_eq!(random_game(start.clone(), true).1, [0]);
    assert_eq!(ended(&random_game(start, true).0), ended(&eager));
}

/// With the turn limit at turn 1, South's move reaches turn 2: the game
/// ends by the limit, unless North has no legal move, which comes first.
#[test]
fn at_the_turn_limit_no_legal_move_still_comes_first() {
    for defer in [false, true] {
        let mut g = Toy::new([1, 0], [1, 0], 1);
        g.defer_legality(defer);
        g.play(&0, &mut Quiet).unwrap();
        assert_eq!(
            ended(&g),
            Some((EndReason::NoLegalMove, Some(Side::North))),
            "{defer}"
        );
        let mut g = Toy::new([1, 0], [0, 0], 1);
        g.defer_legality(defer);
        g.play(&0, &mut Quiet).unwrap();
        // North could sow his one seed back: the limit ends it, 0 to 1.
        assert_eq!(
            ended(&g),
            Some((EndReason::TurnLimit, Some(Side::North))),
            "{defer}"
        );
    }
}

/// One seed sown back and forth: South to move with it in his hole 1 is
/// met at turns 1, 3 and 5, and the third time ends the game, won by South
/// on the count, 1 to 0.
#[test]
fn a_repetition_ends_the_same_when_deferred() {
    let start = Toy::new([1, 0], [0, 0], 1000);
    let (eager, played) = random_game(start.clone(), false);
    let (deferred, again) = random_game(start, true);
    assert_eq!(played, [0, 2, 0, 2]);
    assert_eq!(again, played);
    assert_eq!(
        ended(&eager),
        Some((EndReason::Repetition, Some(Side::South)))
    );
    assert_eq!(ended(&deferred), ended(&eager));
    assert_eq!(deferred.turn(), 5);
}

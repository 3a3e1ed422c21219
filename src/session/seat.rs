//! The built-in AI's work for the client, run in jobs (`super::job`): an AI
//! seat's decision and the analysis behind the panel and the hint. Plain
//! functions of a position: the job around them posts the answer, and
//! cancelling the job stops the search at once.

use super::job::Progress;
use super::work::{self, PlayError, Played};
use crate::ai::{self, Player, Request};
use crate::engine::{AnyDecision, AnyGame};
use std::time::{Duration, Instant};

/// What an AI seat is asked: the player, the request's seed and the table size.
#[derive(Clone, Copy, Debug)]
pub struct SeatRequest {
    pub player: Player,
    pub seed: u64,
    pub hash_mb: Option<usize>,
}

/// An AI seat's decision for the side to move, played: the search's typed
/// decision played once on a copy (its events for the animation and the
/// log), with the legal decisions after it when `legal`, no sooner than
/// `pause` after it was asked: the decision, and the decision played.
/// None: no legal decision, or cancelled.
pub fn seat_play(
    game: &AnyGame,
    seat: SeatRequest,
    pause: Duration,
    legal: bool,
    progress: &Progress,
) -> Option<(AnyDecision, Result<Played, PlayError>)> {
    fn of<G: ai::Evaluate + Into<AnyGame>>(
        g: &G,
        req: &Request,
    ) -> Option<(AnyDecision, Result<Played, PlayError>)>
    where
        G::Decision: Into<AnyDecision>,
    {
        let d = ai::choose(g, req)?.decision;
        let decision: AnyDecision = d.clone().into();
        let mut next = g.clone();
        let mut events = Vec::new();
        // The search played it: its sowing ends, no budget is needed.
        let played = match next.play(&d, &mut events) {
            Ok(_) => Ok(Played {
                decision: decision.clone(),
                game: next.into(),
                events,
                legal: None,
            }),
            Err(e) => Err(PlayError::Refused(e)),
        };
        Some((decision, played))
    }
    let started = Instant::now();
    let mut req = Request::new(seat.player, seat.seed);
    req.cancel = Some(progress.cancel_flag());
    req.hash_mb = seat.hash_mb;
    let played = match game {
        AnyGame::Enkeshui(g) => of(g, &req),
        AnyGame::EnGehe(g) => of(g, &req),
        AnyGame::BaoLaKimasai(g) => of(g, &req),
    };
    if progress.cancelled() {
        return None;
    }
    let (decision, mut played) = played?;
    if legal && let Ok(p) = played.as_mut() {
        match work::legal_of(&p.game, progress) {
            Ok(l) => p.legal = Some(l),
            Err(e) => played = Err(e),
        }
    }
    if !progress.pause(started, pause) {
        return None;
    }
    Some((decision, played))
}

/// Every legal decision of the side to move with its value for the mover
/// (evaluation units), best first, at the deepest search completed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub depth: u32,
    pub values: Vec<(String, i32)>,
    /// The last depth saw every line to the game's end: the values are
    /// the game's own.
    pub exact: bool,
}

/// The judge's values of every decision ([`ai::judge`]: `expert`'s search
/// for the best, then every decision with a full window): the hint, the
/// analysis and the review judge a position alike, the same on any machine.
/// A fixed `depth` searches every decision to that depth instead (tests);
/// None when cancelled.
pub fn analyse(game: &AnyGame, depth: Option<u32>, progress: &Progress) -> Option<Analysis> {
    fn of(t: ai::Thought<String>) -> Analysis {
        let mut values = t.root;
        if let Some(i) = values.iter().position(|(d, _)| *d == t.decision) {
            values[..=i].rotate_right(1);
        }
        // The judge's best first (the hint), then the others as the review
        // ranks them (a proven result by its margin among estimates).
        // Stable: equal values keep the engine's order of decisions.
        if let Some(rest) = values.get_mut(1..) {
            rest.sort_by(|a, b| crate::review::rank(b.1, a.1, t.exact));
        }
        Analysis {
            depth: t.depth,
            values,
            exact: t.exact,
        }
    }
    fn searched<G: ai::Evaluate>(g: &G, limits: &ai::Limits) -> Option<ai::Thought<String>> {
        ai::think(g, limits).map(ai::Thought::tokens)
    }
    let cancel = Some(progress.cancel_flag());
    let Some(depth) = depth else {
        return ai::judge_tokens(game, cancel).map(of);
    };
    let limits = ai::Limits {
        max_depth: depth,
        think: None,
        max_nodes: None,
        hash_mb: 8,
        cancel,
        all_root_values: true,
        kept: None,
    };
    let t = match game {
        AnyGame::Enkeshui(g) => searched(g, &limits),
        AnyGame::EnGehe(g) => searched(g, &limits),
        AnyGame::BaoLaKimasai(g) => searched(g, &limits),
    }?;
    Some(of(t))
}

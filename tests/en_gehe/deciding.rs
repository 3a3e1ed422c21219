//! Budgeted, cancellable deciding: a sowing decided under growing lap budgets,
//! stopped by its progress, and refused by play_within while undecided.

use super::*;

/// After `7 1 2 5` on 2x8 (RULES.md), South's hole 6 takes 5,589,754-lap
/// cycles to prove endless: under growing budgets the answer is the same
/// list as `legal`, and the laps reported grow at every report.
#[test]
fn decide_growing_gives_the_rules_md_example_the_same_answer_as_legal() {
    let mut g = start(8);
    play_all(&mut g, &[7, 1, 2, 5]);
    let mut reports = Vec::new();
    let legal = decide_growing(
        |laps| g.legal_checked(laps),
        |laps| {
            reports.push(laps);
            true
        },
    );
    assert_eq!(legal, Some(g.legal()));
    assert!(!g.legal().contains(&6));
    assert!(reports.len() >= 3, "reports {reports:?}");
    assert!(reports.windows(2).all(|w| w[0] < w[1]), "{reports:?}");
    // Playing hole 6 the same way is refused with the same period as `play`.
    let played = decide_growing(
        |laps| match g.clone().play_within(&6, laps, &mut Quiet) {
            Err(MoveError::Undecided(u)) => Err(u),
            other => Ok(other),
        },
        |_| true,
    );
    let e = played.expect("decided").unwrap_err();
    assert_eq!(
        e,
        MoveError::Endless(EndlessSowing {
            hole: HoleLabel::Number(6),
            period: 5_589_754
        })
    );
    assert_eq!(
        e.to_string(),
        "sowing hole 6 would never end (it repeats every 5589754 laps)"
    );
    // And through the tokens of any game.
    let any = AnyGame::from(g.clone());
    let tokens = decide_growing(|laps| any.legal_tokens_checked(laps), |_| true);
    assert_eq!(tokens, Some(any.legal_tokens()));
}

#[test]
fn a_progress_that_says_stop_ends_deciding_with_no_answer() {
    let mut g = start(8);
    play_all(&mut g, &[7, 1, 2, 5]);
    let mut reports = Vec::new();
    let answer = decide_growing(
        |laps| g.legal_checked(laps),
        |laps| {
            reports.push(laps);
            reports.len() < 2
        },
    );
    assert_eq!(answer, None);
    assert_eq!(reports.len(), 2);
}

#[test]
fn play_within_refuses_an_undecided_sowing_and_changes_nothing() {
    let mut g = start(8);
    play_all(&mut g, &[7, 1, 2, 5]);
    let before = AnyGame::from(g.clone()).state_json();
    let mut log = Vec::new();
    assert_eq!(
        g.play_within(&6, 4096, &mut log),
        Err(MoveError::Undecided(Undecided { laps: 4096 }))
    );
    assert!(log.is_empty());
    assert_eq!(AnyGame::from(g.clone()).state_json(), before);
    assert_eq!(g.legal_checked(4096), Err(Undecided { laps: 4096 }));
    let mut any = AnyGame::from(g.clone());
    let err = any.play_token_within("6", 4096, &mut Quiet).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the sowing was not decided within 4096 laps"
    );
    assert_eq!(any.state_json(), before);
    // A sowing decided within the budget plays as `play` does, events included.
    let mut plain = g.clone();
    let mut plain_log = Vec::new();
    plain.play(&1, &mut plain_log).unwrap();
    g.play_within(&1, 4096, &mut log).unwrap();
    assert_eq!(log, plain_log);
    assert_eq!(
        AnyGame::from(g).state_json(),
        AnyGame::from(plain).state_json()
    );
}

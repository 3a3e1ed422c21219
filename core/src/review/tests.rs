//! The review's marks on hand-made values: thresholds, what is known,
//! and where the game turned unseen.

use super::*;

/// Judged by an exact search, the best other decision `second`.
fn judge(played: i32, best: i32, second: Option<i32>, forced: bool) -> (f64, Option<Mark>) {
    let none_wins = second.is_none_or(|s| proven(s) < 1);
    super::judge(played, best, Others { second, none_wins }, forced, true)
}

/// Judged by a search that was not exact.
fn estimated(played: i32, best: i32, second: Option<i32>, none_wins: bool) -> (f64, Option<Mark>) {
    super::judge(played, best, Others { second, none_wins }, false, false)
}

fn won(margin: i32, turns: u32) -> i32 {
    Proof {
        won: true,
        margin,
        turns,
    }
    .value()
}

fn lost(margin: i32, turns: u32) -> i32 {
    Proof {
        won: false,
        margin,
        turns,
    }
    .value()
}

#[test]
fn marks_follow_the_thresholds() {
    let u = UNIT;
    assert_eq!(judge(0, 0, Some(-u), false), (0.0, None));
    assert_eq!(
        judge(-2 * u, 0, Some(-2 * u), false),
        (2.0, Some(Mark::Mistake))
    );
    assert_eq!(judge(-u * 19 / 10, 0, None, false), (1.9, None));
    assert_eq!(judge(-5 * u, 0, None, false), (5.0, Some(Mark::Blunder)));
    assert_eq!(judge(0, 0, Some(-2 * u), false), (0.0, Some(Mark::Only)));
    assert_eq!(judge(-5 * u, 0, None, true), (5.0, None));
    // A forced win thrown away is a blunder, even for little.
    assert_eq!(
        judge(16 * u, WIN + 17 * u - 3, None, false).1,
        Some(Mark::Blunder)
    );
    assert_eq!(judge(-WIN + 3, -WIN + 5, None, false), (0.0, None));
    assert_eq!(
        judge(WIN - 2, WIN - 2, Some(3 * u), false).1,
        Some(Mark::Only)
    );
    // Issue 24: a win by 14 where 20 was there keeps the win: it gives
    // up 6 seeds, it is no blunder; so for a loss by 8 where 2 was there.
    assert_eq!(
        judge(won(14, 9), won(20, 3), Some(won(14, 9)), false),
        (6.0, Some(Mark::GivesUp))
    );
    assert_eq!(
        judge(lost(-8, 2), lost(-2, 5), None, false),
        (6.0, Some(Mark::GivesUp))
    );
    // The same margin a turn slower gives up nothing.
    assert_eq!(judge(won(20, 4), won(20, 3), None, false), (0.0, None));
    // A proven result changed is a blunder, whatever the seeds.
    assert_eq!(
        judge(0, won(1, 30), None, false),
        (1.0, Some(Mark::Blunder))
    );
    assert_eq!(
        judge(lost(-1, 30), 0, None, false),
        (1.0, Some(Mark::Blunder))
    );
    assert_eq!(value_text(won(20, 3), true), "win +20 in 3 turns");
    assert_eq!(value_text(lost(-1, 1), true), "loss -1 in 1 turn");
    assert_eq!(short_value_text(lost(-1, 1), true), "loss -1");
}

/// Issue 42: where the search was not exact, a proven result is a bound
/// and the rest estimates; marks say only what is known.
#[test]
fn marks_only_on_what_is_known() {
    let u = UNIT;
    // An unproven decision against a proven win: compared by estimates,
    // not "throws away a forced win".
    assert_eq!(
        estimated(31 * u, won(32, 6), Some(31 * u), false),
        (1.0, None)
    );
    assert_eq!(
        estimated(26 * u, won(32, 6), Some(26 * u), false),
        (6.0, Some(Mark::Blunder))
    );
    // A proven loss against an unproven best: not "walks into a forced
    // loss" (the best may lose too).
    assert_eq!(
        estimated(lost(-1, 3), 0, Some(lost(-1, 3)), false),
        (1.0, None)
    );
    // Proven not to win: thrown away.
    assert_eq!(
        estimated(lost(-1, 3), won(2, 5), Some(lost(-1, 3)), true),
        (3.0, Some(Mark::Blunder))
    );
    // A proven win is no mistake against a bigger estimate.
    assert_eq!(
        estimated(won(32, 6), 40 * u, Some(won(32, 6)), false),
        (8.0, None)
    );
    // Two bounds: the seeds given up are not known.
    assert_eq!(
        estimated(won(14, 9), won(20, 3), Some(won(14, 9)), false),
        (6.0, None)
    );
    // "Only good move" only when the others are proven worse.
    assert_eq!(
        estimated(won(32, 6), won(32, 6), Some(20 * u), false),
        (0.0, None)
    );
    assert_eq!(
        estimated(won(32, 6), won(32, 6), Some(lost(-3, 2)), true),
        (0.0, Some(Mark::Only))
    );
    assert_eq!(
        estimated(0, 0, Some(-2 * u), false),
        (0.0, Some(Mark::Only))
    );
    // A proven loss by 6 ranks above an estimate of -9.8.
    assert!(rank(lost(-6, 2), -157, false).is_gt());
    assert!(rank(lost(-6, 2), -157, true).is_lt());
    assert!(rank(won(32, 6), 39 * u, false).is_lt());
    assert!(rank(won(32, 6), 32 * u, false).is_gt());
    assert_eq!(value_text(won(12, 17), false), "win +12 or more");
    assert_eq!(value_text(lost(-6, 4), false), "loss -6 or worse");
    assert_eq!(short_value_text(won(3, 2), false), "win 3+");
    assert_eq!(short_value_text(lost(-5, 2), false), "loss 5+");
    assert_eq!(value_text(-157, false), "-9.8");
}

/// Issue 42 item 5: South follows the best found every turn and his
/// value falls from +3 to -20 with nothing marked; the turn it fell most
/// (before his third decision: +2 to -12) is marked, his accuracy is
/// under 100%; North, whose value rose, is not marked.
#[test]
fn where_the_value_falls_unmarked_the_game_turned() {
    let u = UNIT;
    let d = |number: usize, side: Side, value: i32, best: i32| Judged {
        game: 0,
        number,
        turn: number as u32,
        side,
        played: "1".into(),
        value: value * u,
        best: "1".into(),
        best_value: best * u,
        second_value: None,
        loss: (best - value) as f64,
        mark: None,
        forced: false,
        depth: 4,
        exact: false,
    };
    let (s, n) = (Side::South, Side::North);
    let game = vec![
        d(1, s, 3, 3),
        d(2, n, -1, -1),
        d(3, s, 2, 2),
        d(4, n, 12, 12),
        d(5, s, -12, -12),
        d(6, n, 15, 15),
        d(7, s, -15, -15),
        d(8, n, 20, 20),
    ];
    let mut decisions = game.clone();
    mark_turns(&mut decisions);
    let marks: Vec<_> = decisions.iter().map(|d| d.mark).collect();
    let mut want = vec![None; 8];
    want[2] = Some(Mark::Turned);
    assert_eq!(marks, want);
    let r = Review {
        kind: GameKind::Enkeshui,
        nodes: 1,
        decisions,
    };
    assert_eq!(r.summary(s).accuracy, Some(75.0));
    assert_eq!(r.summary(s).turned, 1);
    assert_eq!(r.summary(n).accuracy, Some(100.0));
    // A fall of exactly a blunder, or one a mark explains, is not marked.
    let mut small = game.clone();
    small[7].value = 2 * u;
    small[7].best_value = 2 * u;
    mark_turns(&mut small);
    assert!(small.iter().all(|d| d.mark.is_none()));
    let mut explained = game;
    explained[4].mark = Some(Mark::Mistake);
    mark_turns(&mut explained);
    assert_eq!(explained.iter().filter(|d| d.mark.is_some()).count(), 1);
    // A win kept turned nowhere.
    let mut kept = explained.clone();
    kept[4].mark = None;
    kept[7].value = -WIN + 3;
    mark_turns(&mut kept);
    assert!(kept.iter().all(|d| d.mark.is_none()));
    assert_eq!(Mark::Turned.sign(), "?!");
}

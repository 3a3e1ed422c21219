//! Seed totals and sowing periods: every cow kept through long games, and
//! the endless sowings found by their period.

use super::*;

// ---------------------------------------------------------------- seed totals (issue 10)

fn position_error(v: &Value) -> String {
    Bao::from_position(v).unwrap_err().to_string()
}

/// Reserves of 2^63 - 1 each and 66 cows on the board used to add up (wrapping)
/// to 64 and load; 2^63 each was refused as "not a whole number".
#[test]
fn huge_reserves_are_refused_before_they_are_added() {
    let mut v = Bao::setup_json(&position(
        ([1; 8], [0; 8]),
        ([1; 8], [0; 8]),
        (24, 24),
        "south",
        1,
    ));
    v["south"]["outer"][0] = json!(50);
    v["reserve"] = json!({"south": 9223372036854775807u64, "north": 9223372036854775807u64});
    assert_eq!(
        position_error(&v),
        "reserve.south: 9223372036854775807 is more than the 64 cows of Bao la Kimasai"
    );
    v["reserve"] = json!({"south": 0, "north": 9223372036854775808u64});
    assert_eq!(
        position_error(&v),
        "reserve.north: 9223372036854775808 is more than the 64 cows of Bao la Kimasai"
    );
    v["reserve"] = json!({"south": 0, "north": 4294967296u64});
    assert_eq!(
        position_error(&v),
        "reserve.north: 4294967296 is more than the 64 cows of Bao la Kimasai"
    );
    v["reserve"] = json!({"south": 0, "north": 0});
    assert_eq!(
        position_error(&v),
        "reserve: the board (66) and the reserves (0 + 0) hold 66 cows: Bao la Kimasai has 64"
    );
}

#[test]
fn bao_decision_tokens_are_canonical() {
    let mut g = Bao::default();
    let before = g.position_json();
    for token in [
        "i08", "i+8", "i 8", "o08", "o+1", "I1", "i1 ", "i", "i-1", "i８",
    ] {
        let e = play(&mut g, token).unwrap_err();
        assert!(matches!(e, MoveError::BadToken(ref b) if b.token == token));
        assert_eq!(
            e.to_string(),
            format!("'{token}' is not a Bao la Kimasai decision (a hole i1..i8 or o1..o8)")
        );
    }
    assert_eq!(g.position_json(), before);
    let e = play(&mut g, "i9").unwrap_err();
    assert_eq!(
        e,
        MoveError::NoSuchHole(NoSuchHole {
            hole: HoleLabel::Bao(Row::Inner, 9),
            holes: 8
        })
    );
    assert_eq!(
        e.to_string(),
        "there is no hole i9 (holes are i1..i8 and o1..o8)"
    );
    play(&mut g, "i8").unwrap();
}

// ---------------------------------------------------------------- periods (issue 12)

/// The period of the mover's sowing of board index `start` by plain Brent on
/// the whole board and lap-end hole (the engine's method before issue 12),
/// `None` when it ends or is not decided within `max_laps`.
fn plain_period(g: &Bao, start: usize, max_laps: u64) -> Option<u64> {
    use masai_mancala::engine::{Unended, run_laps_within};
    let mut counts = *g.counts();
    if g.places_cow() {
        counts[start] += 1;
    }
    let steals = g.phase() == 2;
    let sow = |c: &mut [u16; 32], from: usize, seeds: u16| {
        let mut h = from;
        for _ in 0..seeds {
            h = bao::next(h);
            c[h] += 1;
        }
        h
    };
    let seeds = std::mem::take(&mut counts[start]);
    let pos = sow(&mut counts, start, seeds);
    if counts[pos] == 1 {
        return None;
    }
    let mut state = (counts, pos);
    let r = run_laps_within(
        &mut state,
        |(c, pos)| {
            let p = *pos;
            let last = if steals && bao::is_inner(p) && c[bao::opposite(p)] > 0 {
                let seeds = std::mem::take(&mut c[bao::opposite(p)]);
                sow(c, bao::prev(p), seeds)
            } else {
                let seeds = std::mem::take(&mut c[p]);
                sow(c, p, seeds)
            };
            *pos = last;
            (c[last] == 1).then_some(())
        },
        max_laps,
    );
    match r {
        Err(Unended::Endless(e)) => Some(e.period),
        _ => None,
    }
}

/// Issue 12: the search on the turned state (cycles up to rotation) gives
/// every endless sowing met in random games the period plain Brent gives.
#[test]
fn endless_periods_in_random_games_equal_plain_brent() {
    let mut rng = SeededRng::seed_from_u64(36);
    let mut checked = Vec::new();
    for _ in 0..1500 {
        let mut g = Bao::default();
        while !g.status().is_over() {
            for row in [Row::Inner, Row::Outer] {
                for hole in 1..=8 {
                    let m = Move { row, hole };
                    let i = bao::index(g.to_move(), row, hole);
                    if g.counts()[i] == 0 {
                        continue;
                    }
                    let period = g.endless_period(&m);
                    if let Some(plain) = plain_period(&g, i, 30_000_000) {
                        assert_eq!(period, Some(plain), "{m} of {}", g.position_json());
                        checked.push(plain);
                    }
                }
            }
            g.play_random(&mut rng, &mut Quiet);
        }
    }
    checked.sort_unstable();
    checked.dedup();
    assert!(checked.len() > 20, "{checked:?}");
    assert!(checked.last() > Some(&100_000), "{checked:?}");
}

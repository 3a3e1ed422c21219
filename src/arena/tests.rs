//! Unit tests of the arena.

use super::*;
use crate::record::Variant;

#[test]
fn whole_numbers_are_written_as_the_float_format_writes_them() {
    for x in [
        0.0,
        0.3,
        0.5,
        1.5,
        2.5,
        2.4999,
        12.5,
        190.8,
        908.0,
        1e6 + 0.5,
        38.6,
    ] {
        assert_eq!(whole(x).to_string(), format!("{x:.0}"), "{x}");
    }
    let mut s = Summary::default();
    for (w, d, l) in [(0, 0, 1), (1, 1, 1), (5, 0, 3), (3, 10, 4), (0, 3, 0)] {
        (s.games, s.wins, s.draws, s.losses) = (w + d + l, w, d, l);
        let (elo, err) = s.elo();
        let sign = if elo.is_sign_negative() { '-' } else { '+' };
        assert_eq!(
            format!("{sign}{} ± {}", whole(elo.abs()), whole(err)),
            format!("{elo:+.0} ± {err:.0}")
        );
    }
}

/// Numbers are appended as `{}` writes them, from one digit to twenty.
#[test]
fn numbers_are_appended_as_the_format_writes_them() {
    let mut line = String::from("x");
    let mut want = String::from("x");
    let big = [999, 1000, 12_345, u32::MAX as u64, u64::MAX - 1, u64::MAX];
    for n in (0..=1000).chain(big) {
        progress::push_number(&mut line, n);
        want.push_str(&format!("{n}"));
        assert_eq!(line, want, "{n}");
    }
}

/// The progress line, written piece by piece, reads as the `write!`
/// it replaced: bar, counts, signed margins (zero as +0), a forfeit,
/// the Elo's sign.
#[test]
fn the_progress_line_reads_as_its_format_string() {
    let mut s = Settings {
        game: vec!["enkeshui".into()],
        a: Contender::Builtin(Player::Random),
        b: Contender::Builtin(Player::Random),
        games: 40,
        seed: 1,
        think_ms: None,
        opening: 1,
        jobs: 1,
        hash_mb: None,
        save: None,
        variant: Variant::of(&new_game(&["enkeshui".to_string()]).unwrap()),
    };
    let mut summary = Summary::default();
    let cases = [
        (0u32, Side::South, 1.0, 6i64, 30u32, None),
        (
            11,
            Side::North,
            0.0,
            -12,
            101,
            Some("game 12: random (north) lost: x"),
        ),
        (39, Side::South, 0.5, 0, 1000, None),
        (4_000_000_000, Side::North, 0.0, i64::MIN, u32::MAX, None),
    ];
    for (k, (index, a_side, points, margin, turns, forfeit)) in cases.into_iter().enumerate() {
        if k == 3 {
            s.games = u32::MAX;
            s.a = Contender::Program(vec!["./other".into(), "--flag".into()]);
        }
        let mut p = Played::new(index, a_side, Vec::new());
        p.result = GameResult {
            points,
            margin,
            turns,
            forfeit: forfeit.map(String::from),
        };
        summary.add(p.index, &p.result);
        let line = ProgressLine {
            s: &s,
            summary: &summary,
            p: &p,
        }
        .to_string();
        let full = (u64::from(summary.games) * 20 / u64::from(s.games)).min(20) as usize;
        let bar = "####################....................";
        let what = ["loss", "draw", "win"][(points * 2.0) as usize];
        let (elo, err) = summary.elo();
        let mut expected = format!(
            "[{}] {}/{} game {}: {} as {a_side} {what} ({margin:+} seeds, {turns} turns)",
            &bar[20 - full..40 - full],
            summary.games,
            s.games,
            index as u64 + 1,
            s.a.name(),
        );
        if let Some(f) = forfeit {
            expected += &format!(": {f}");
        }
        expected += &format!(
            "; so far +{} ={} -{}, Elo {elo:+.0} ± {err:.0}",
            summary.wins, summary.draws, summary.losses
        );
        assert_eq!(line, expected);
    }
}

/// The arena's lazily seeded generator draws exactly what
/// `SeededRng::seed_from_u64` draws, whichever way it is asked: the
/// `random` player's games stay the same for a seed.
#[test]
fn the_decision_generator_draws_as_xoshiro_does() {
    use rand::RngCore;
    let mut seeds = SeededRng::seed_from_u64(99);
    let mut reused = DecisionRng::new(7);
    for i in 0..2000u64 {
        let seed = match i {
            0 => 0,
            1 => u64::MAX,
            _ => seeds.next_u64(),
        };
        let (mut ours, mut theirs) = (DecisionRng::new(seed), SeededRng::seed_from_u64(seed));
        for k in 0..6 {
            match (i + k) % 3 {
                0 => assert_eq!(ours.next_u64(), theirs.next_u64(), "seed {seed} draw {k}"),
                1 => assert_eq!(ours.next_u32(), theirs.next_u32(), "seed {seed} draw {k}"),
                _ => {
                    let (mut a, mut b) = ([0u8; 13], [0u8; 13]);
                    ours.fill_bytes(&mut a);
                    theirs.fill_bytes(&mut b);
                    assert_eq!(a, b, "seed {seed} draw {k}");
                }
            }
        }
        let n = (seed % 40 + 1) as usize;
        assert_eq!(
            DecisionRng::new(seed).random_range(0..n),
            SeededRng::seed_from_u64(seed).random_range(0..n)
        );
        // Reseeded, with the last seed's state words still there (one to
        // four draws of it).
        reused.reseed(seed);
        let mut fresh = SeededRng::seed_from_u64(seed);
        for k in 0..=i % 4 {
            assert_eq!(
                reused.next_u64(),
                fresh.next_u64(),
                "reseeded {seed} draw {k}"
            );
        }
    }
}

/// Random against random without a record takes its own loop; it plays
/// the same games, decision for decision, as the general one.
#[test]
fn random_against_random_plays_what_the_general_loop_plays() {
    for words in [
        "enkeshui --holes 8",
        "enkeshui --holes 12",
        "en-gehe --holes 40",
        "bao",
    ] {
        let s = Settings {
            game: words.split(' ').map(String::from).collect(),
            a: Contender::Builtin(Player::Random),
            b: Contender::Builtin(Player::Random),
            games: 20,
            seed: 5,
            think_ms: None,
            opening: 1,
            jobs: 1,
            hash_mb: None,
            save: None,
            variant: Variant::of(
                &new_game(&words.split(' ').map(String::from).collect::<Vec<_>>()).unwrap(),
            ),
        };
        let start = new_game(&s.game).unwrap();
        // Each game played in the last one's memory, as a thread plays them.
        let mut reused = start.clone();
        let mut fast = Played::new(0, Side::South, Vec::new());
        for i in 0..20 {
            play_game(&s, &start, &mut reused, i, &mut fast).unwrap();
            let mut general = Played::new(i, fast.a_side, Vec::new());
            let mut game = start.clone();
            let mut rng =
                SeededRng::seed_from_u64(s.seed ^ (i as u64 / 2).wrapping_mul(0x9e37_79b9));
            play_random(&mut game, rng.random(), false).unwrap();
            play_one(&s, &mut game, &mut general).unwrap();
            let r = (&fast.result, &general.result);
            assert_eq!(
                (r.0.points, r.0.margin, r.0.turns, &r.0.forfeit),
                (r.1.points, r.1.margin, r.1.turns, &r.1.forfeit),
                "{words} game {i}"
            );
            assert_eq!(fast.end, game.status(), "{words} game {i}");
            assert_eq!(
                (fast.clock_a.decisions, fast.clock_b.decisions),
                (general.clock_a.decisions, general.clock_b.decisions),
                "{words} game {i}"
            );
        }
    }
}

/// Random against random reads the clock once a game: each side gets its
/// share of the game's time by its decisions, each decision the game's mean.
#[test]
fn a_random_game_s_time_is_shared_by_the_decisions() {
    let s = shares(Duration::from_nanos(1000), PerSide::new(3, 1));
    let view = |n: &Nanos| (n.decisions, n.total, n.max);
    assert_eq!(view(&s.south), (3, 750, 250));
    assert_eq!(view(&s.north), (1, 250, 250));
    let none = shares(Duration::from_nanos(1000), PerSide::new(0, 0));
    assert_eq!(
        (view(&none.south), view(&none.north)),
        ((0, 0, 0), (0, 0, 0))
    );
    let one_sided = shares(Duration::from_nanos(900), PerSide::new(0, 2));
    assert_eq!(view(&one_sided.south), (0, 0, 0));
    assert_eq!(view(&one_sided.north), (2, 900, 450));
    // A time whose nanoseconds times the decisions pass 64 bits.
    let ns = 3_000_000_000_000_000_007u64;
    let long = shares(Duration::from_nanos(ns), PerSide::new(7, 3));
    let exact = |n: u128| (ns as u128 * n / 10) as u64;
    assert_eq!(view(&long.south), (7, exact(7), exact(1)));
    assert_eq!(view(&long.north), (3, exact(3), exact(1)));
}

//! A naive reference sower written here from the rules text: the perft counts
//! and random games are checked against it.

use super::*;

/// A naive sower written from the rules text, one seed at a time, with its
/// own cycle check (Floyd over cloned vectors): independent of the engine.
#[derive(Clone, Debug, PartialEq)]
struct RefGame {
    n: usize,
    b: Vec<u32>,
    cap: [u32; 2],
    mover: usize,
}

impl RefGame {
    fn from(g: &EnGehe) -> RefGame {
        let mut b: Vec<u32> = g.row(Side::South).iter().map(|&c| c as u32).collect();
        b.extend(g.row(Side::North).iter().map(|&c| c as u32));
        RefGame {
            n: g.holes(),
            b,
            cap: [g.captured().south, g.captured().north],
            mover: if g.to_move() == Side::South { 0 } else { 1 },
        }
    }

    /// One lap from `pos`; `Some(next)` to relay.
    fn lap(&self, b: &mut [u32], pos: usize) -> Option<usize> {
        let m = 2 * self.n;
        let mut k = b[pos];
        b[pos] = 0;
        let mut x = pos;
        while k > 0 {
            x = (x + 1) % m;
            b[x] += 1;
            k -= 1;
        }
        (b[x] > 1).then_some(x)
    }

    /// Plays own hole `hole` (1..N); `None` when the sowing never ends.
    fn play(&self, hole: usize) -> Option<RefGame> {
        let start = self.mover * self.n + hole - 1;
        let step = |s: &(Vec<u32>, usize)| -> Result<(Vec<u32>, usize), (Vec<u32>, usize)> {
            let mut b = s.0.clone();
            match self.lap(&mut b, s.1) {
                Some(p) => Ok((b, p)),
                None => {
                    // Where did the last seed fall? The one hole holding 1
                    // that the lap ended in: recompute it.
                    let m = 2 * self.n;
                    let k = s.0[s.1] as usize;
                    Err((b, (s.1 + k) % m))
                }
            }
        };
        // Floyd: tortoise one lap, hare two.
        let mut t = (self.b.clone(), start);
        let mut h = t.clone();
        let end = loop {
            match step(&h) {
                Err(e) => break e,
                Ok(h1) => match step(&h1) {
                    Err(e) => break e,
                    Ok(h2) => h = h2,
                },
            }
            t = step(&t).expect("the tortoise follows the hare");
            if t == h {
                return None;
            }
        };
        let (mut b, last) = end;
        let mut cap = self.cap;
        if last / self.n == self.mover && b[2 * self.n - 1 - last] > 0 {
            cap[self.mover] += b[2 * self.n - 1 - last] + 1;
            b[2 * self.n - 1 - last] = 0;
            b[last] = 0;
        }
        Some(RefGame {
            n: self.n,
            b,
            cap,
            mover: 1 - self.mover,
        })
    }

    fn legal(&self) -> Vec<usize> {
        (1..=self.n)
            .filter(|&h| self.b[self.mover * self.n + h - 1] > 0 && self.play(h).is_some())
            .collect()
    }

    /// Perft without the safety rules (no repetition can end a game in
    /// fewer than 8 turns, and the turn limit is far away).
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let legal = self.legal();
        if depth == 1 {
            return legal.len() as u64;
        }
        legal
            .iter()
            .map(|&h| self.play(h).unwrap().perft(depth - 1))
            .sum()
    }
}

#[test]
fn perft_counts_match_the_data_file_and_the_reference_sower() {
    // tests/perft.rs checks the engine on every count through the protocol.
    let mut checked = 0;
    for (opts, counts) in common::perft_cases(include_str!("../data/perft-en-gehe.txt")) {
        let holes: usize = opts
            .strip_prefix("--holes ")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("'{opts}': --holes N"));
        let g = start(holes);
        for (d, &count) in counts.iter().enumerate() {
            let depth = d as u32 + 1;
            if depth <= 3 || holes <= 6 {
                assert_eq!(
                    masai_mancala::engine::perft(&g, depth),
                    Ok(count),
                    "perft {depth} on 2x{holes}"
                );
                assert_eq!(
                    RefGame::from(&g).perft(depth),
                    count,
                    "reference perft {depth} on 2x{holes}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 8);
}

// ---------------------------------------------------------------- properties

/// One random game under the contract every game keeps
/// (tests/common/contract.rs), each sowing also checked against the
/// reference sower.
fn check_random_game(holes: usize, seed: u64, reference: bool) -> Result<(), TestCaseError> {
    let g = common::contract::check_random_game(start(holes), seed, |before, &m, after| {
        if reference {
            let expected = RefGame::from(before)
                .play(m)
                .expect("the reference sowing ends too");
            let now = RefGame::from(after);
            assert_eq!(expected.b, now.b, "hole {m}");
            assert_eq!(expected.cap, now.cap, "hole {m}");
        }
    });
    prop_assert!(g.status().is_over());
    prop_assert!(g.turn() <= 1001);
    Ok(())
}

proptest! {
    // Fewer cases in debug builds, where each game costs some ten times more.
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 200 } else { 1000 }))]
    #[test]
    fn random_games_on_small_boards(holes in 4usize..=10, seed in any::<u64>()) {
        check_random_game(holes, seed, true)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn random_games_on_traditional_boards(holes in 40usize..=50, seed in any::<u64>()) {
        check_random_game(holes, seed, false)?;
    }
}

#[test]
fn random_playouts_end_and_conserve_seeds() {
    // Many quick games through the fused random player (the benchmark's path).
    let mut rng = SeededRng::seed_from_u64(5);
    for holes in [4, 8, 16, 40, 50] {
        for _ in 0..300 {
            let mut g = start(holes);
            masai_mancala::engine::random_playout(&mut g, &mut rng, &mut Quiet);
            let Status::Over(o) = g.status() else {
                panic!("a playout stopped early")
            };
            assert_eq!(o.score.south + o.score.north, 8 * holes as u32);
            assert_eq!(g.total_seeds(), 8 * holes as u32);
        }
    }
}

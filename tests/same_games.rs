//! The same games for a seed, in every game: seeded random games played the
//! way the arena's random player plays them (a quiet sowing kept as the move),
//! every decision and each final position hashed, against digests taken from
//! the build before the speed work of issue 23. A change of any rule, draw or
//! end test changes a digest.

use masai_mancala::engine::SeededRng;
use masai_mancala::engine::bao::{Bao, Rules as BaoRules};
use masai_mancala::engine::en_gehe::{EnGehe, Rules as EnGeheRules};
use masai_mancala::engine::enkeshui::{Enkeshui, Layout, Rules};
use masai_mancala::engine::{AnyGame, Game, Quiet, RandomPlay, Status};
use rand::SeedableRng;

/// FNV-1a over the text fed to it.
struct Digest(u64);

impl Digest {
    fn eat(&mut self, s: &str) {
        for b in s.bytes() {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
}

/// Plays `games` seeded random games from `start`; the decisions played and
/// the digest of every decision, end and final position (board, stores,
/// result: the position JSON).
fn digest<G: Game + Into<AnyGame>>(start: &G, seed: u64, games: u32) -> (u64, String) {
    let mut d = Digest(0xcbf2_9ce4_8422_2325);
    let mut decisions = 0u64;
    let mut rng = SeededRng::seed_from_u64(seed);
    for _ in 0..games {
        let mut g = start.clone();
        while g.status() == Status::Playing {
            let Some(m) = g.play_random(&mut rng, &mut Quiet) else {
                break;
            };
            d.eat(&m.to_string());
            decisions += 1;
        }
        d.eat(&format!("{:?} {:?}", g.status(), g.score()));
        d.eat(&g.into().position_json().to_string());
    }
    (decisions, format!("{:016x}", d.0))
}

fn check(got: &[(u64, String)], want: &[(u64, &str)]) {
    let got: Vec<(u64, &str)> = got.iter().map(|(n, d)| (*n, d.as_str())).collect();
    assert_eq!(got, want);
}

fn enkeshui(n: usize, capture_after_relay: bool) -> Enkeshui {
    let rules = Rules {
        capture_after_relay,
        ..Rules::default()
    };
    Enkeshui::new(&Layout::default_for(n).unwrap(), rules)
}

#[test]
fn enkeshui_random_games_are_what_they_were() {
    let got = [
        digest(&enkeshui(8, false), 1, 2000),
        digest(&enkeshui(10, false), 2, 500),
        digest(&enkeshui(12, true), 3, 500),
    ];
    check(&got, &DIGESTS[0..3]);
}

#[test]
fn en_gehe_random_games_are_what_they_were() {
    let got = [
        digest(&EnGehe::new(40, EnGeheRules::default()).unwrap(), 4, 200),
        digest(&EnGehe::new(50, EnGeheRules::default()).unwrap(), 5, 100),
        digest(&EnGehe::new(6, EnGeheRules::default()).unwrap(), 6, 500),
    ];
    check(&got, &DIGESTS[3..6]);
}

#[test]
fn bao_random_games_are_what_they_were() {
    let got = [digest(&Bao::new(BaoRules::default()), 7, 1000)];
    check(&got, &DIGESTS[6..]);
}

/// The arena's way of playing random games (the start-of-turn test left
/// to each pick, and only whether a decision was played returned) ends
/// every game where `play_random` ends it, after as many decisions.
#[test]
fn quiet_random_games_end_where_the_decisions_returned_end() {
    fn both<G: Game + Into<AnyGame>>(start: &G, seed: u64, games: u32) {
        let (mut a, mut b) = (
            SeededRng::seed_from_u64(seed),
            SeededRng::seed_from_u64(seed),
        );
        for game in 0..games {
            let (mut told, mut quiet) = (start.clone(), start.clone());
            let (mut n, mut m) = (0, 0);
            {
                let mut told = RandomPlay::new(&mut told);
                while told.status() == Status::Playing && told.play(&mut a, &mut Quiet).is_some() {
                    n += 1;
                }
            }
            {
                let mut quiet = RandomPlay::new(&mut quiet);
                while quiet.status() == Status::Playing && quiet.play_quietly(&mut b) {
                    m += 1;
                }
            }
            let (told, quiet) = (told.into().position_json(), quiet.into().position_json());
            assert_eq!((n, &told), (m, &quiet), "game {game} from seed {seed}");
        }
    }
    both(&enkeshui(8, false), 11, 300);
    both(&enkeshui(12, true), 12, 100);
    both(&EnGehe::new(40, EnGeheRules::default()).unwrap(), 13, 40);
    both(&Bao::new(BaoRules::default()), 14, 100);
}

/// Taken from the build before issue 23's speed work (1a595f2): decisions
/// played and digest.
const DIGESTS: [(u64, &str); 7] = [
    (58814, "25ab4e00a0b658b1"),
    (13856, "80f5b3c0eae85bd3"),
    (13768, "f103f73ecc015201"),
    (48278, "8e06127a273bd3fb"),
    (29463, "374bd04f4b9357b0"),
    (16785, "abdcfe37587eeeca"),
    (100889, "7e29c2e7fec746fe"),
];

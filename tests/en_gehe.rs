//! En Gehé: hand-worked positions, the endless example of RULES.md, the
//! position JSON, the protocol, perft counts and random-game properties.

use masai_mancala::engine::en_gehe::{EnGehe, Rules};
use masai_mancala::engine::{Game, Quiet, Side};
use std::time::Instant;

fn start(n: usize) -> EnGehe {
    EnGehe::new(n, Rules::default()).unwrap()
}

fn play_all(g: &mut EnGehe, holes: &[usize]) {
    for h in holes {
        g.play(h, &mut Quiet).unwrap();
    }
}

#[test]
fn endless_example_hole_6_after_7_1_2_5() {
    let mut g = start(8);
    play_all(&mut g, &[7, 1, 2, 5]);
    assert_eq!(g.row(Side::South), [5, 0, 3, 0, 8, 7, 0, 4]);
    assert_eq!(g.row(Side::North), [5, 0, 5, 2, 1, 2, 5, 2]);
    assert_eq!((g.captured().south, g.captured().north), (0, 15));
    assert_eq!(g.to_move(), Side::South);
    let t = Instant::now();
    assert_eq!(g.endless_period(6), Some(5_589_754));
    eprintln!("decided in {:?}", t.elapsed());
}

#[test]
fn endless_example_2() {
    let mut g = start(8);
    play_all(&mut g, &[8, 5, 4, 1]);
    let t = Instant::now();
    assert_eq!(g.endless_period(7), Some(51_984_272));
    eprintln!("decided in {:?}", t.elapsed());
}
/// About 17 s in release on the build machine (Brent runs some 9x10^8 laps):
/// run with `cargo test --release --test en_gehe -- --ignored`.
#[test]
#[ignore]
fn endless_example_3() {
    let mut g = start(8);
    play_all(&mut g, &[7, 6, 8, 4]);
    let t = Instant::now();
    assert_eq!(g.endless_period(7), Some(366_567_028));
    eprintln!("decided in {:?}", t.elapsed());
}

//! The special move: its prompt-free rules, refusals, and the end by repetition
//! when it is allowed at every turn.

use super::*;

/// Issue 12: under `--special-move any` the first use of the special move
/// reset the repetition history, so swapping two holes back and forth never
/// ended the game. Who has used it is part of the position under `once` only.
#[test]
fn swapping_back_and_forth_with_special_move_any_ends_by_repetition() {
    let mut g = load(
        json!({"game":"enkeshui","holes":8,"south":[2,1,0,0,0,0,0,0],
        "north":[0,0,0,0,0,0,1,2],"captured":{"south":22,"north":20},"to_move":"south",
        "rules":{"special_move":"any"}}),
    );
    let turns = [
        "x1,2=1,2,0,0,0,0,0,0",
        "x7,8=0,0,0,0,0,0,2,1",
        "x1,2=2,1,0,0,0,0,0,0",
        "x7,8=0,0,0,0,0,0,1,2",
    ];
    for (k, t) in turns.iter().cycle().take(8).enumerate() {
        assert!(!g.status().is_over(), "over before turn {}", k + 1);
        play(&mut g, t);
    }
    assert_eq!(
        state(&g)["result"],
        json!({"winner": "south", "score": {"south": 25, "north": 23}, "reason": "repetition"})
    );
    assert_eq!(
        rows(&g),
        (vec![2, 1, 0, 0, 0, 0, 0, 0], vec![0, 0, 0, 0, 0, 0, 1, 2])
    );
}

#[test]
fn special_move_redistributes_two_holes() {
    let mut g = special_position("any");
    assert_eq!(g.legal_tokens().last().unwrap(), "special");
    // Lift S3 and S5 (8 seeds), give 1 to S1, 3 to S2, 4 back to S5.
    play(&mut g, "x3,5=1,3,0,0,4,0,0,0");
    assert_eq!(rows(&g).0, [1, 3, 0, 4, 4, 4, 4, 4]);
    assert_eq!(g.to_move(), Side::North);
    // North may too (any turn), holes named in either order.
    play(&mut g, "x8,3=0,0,8,0,0,0,0,0");
    assert_eq!(rows(&g).1, [0, 0, 8, 4, 4, 4, 4, 0]);
}

#[test]
fn special_move_once_per_player() {
    let mut g = special_position("once");
    play(&mut g, "x3,4=8,0,0,0,0,0,0,0");
    assert_eq!(
        state(&g)["special_used"],
        json!({"south": true, "north": false})
    );
    play(&mut g, "8");
    assert!(!g.legal_tokens().contains(&"special".to_string()));
    assert_eq!(
        refuse(&mut g, "x5,6=0,0,4,4,8,0,4,4"),
        "south has already made his special move"
    );
}

#[test]
fn special_move_refusals() {
    let mut g = special_position("any");
    assert_eq!(
        refuse(&mut g, "x3,3=0,0,8,4,4,4,4,4"),
        "the special move lifts two different holes"
    );
    assert_eq!(
        refuse(&mut g, "x3,4=0,0,4,4,0,0,0,0"),
        "the special move must change the row"
    );
    assert_eq!(
        refuse(&mut g, "x3,4=0,0,4,4,4,4,4,5"),
        "the counts add up to 25, but 8 seeds were lifted"
    );
    assert_eq!(
        refuse(&mut g, "x1,4=0,0,4,4,4,4,4,4"),
        "hole 1 cannot be lifted (empty, a bull or out of play)"
    );
    assert_eq!(
        refuse(&mut g, "x3,4=8,0,0,0"),
        "the special move gives 4 counts, expected 8"
    );
    assert!(refuse(&mut g, "x3;4=1").starts_with("'x3;4=1' is not a special move"));
    let mut off = start(8);
    assert_eq!(
        refuse(&mut off, "x3,4=8,0,0,0,4,4,4,4"),
        "the special move is off (--special-move)"
    );
}

#[test]
fn special_move_gives_nothing_to_a_bull() {
    let mut v = with_rules(
        enk(
            &[0, 0, 4, 4, 4, 4, 4, 4],
            &[0, 0, 4, 4, 4, 4, 4, 4],
            "south",
        ),
        Rules {
            special_move: SpecialMove::Any,
            ..Rules::default()
        },
    );
    v.bulls = vec![bull("south", 8, "south")];
    let mut g = load(v);
    assert_eq!(
        refuse(&mut g, "x3,4=0,0,0,0,0,0,0,8"),
        "hole 8 is a bull or out of play and gets no seeds"
    );
}

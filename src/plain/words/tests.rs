//! Unit tests of the words a turn, a prompt and a hole are said in.
use super::*;

#[test]
fn a_prompt_below_full_says_a_long_list_by_its_count() {
    let said = "any hole but 5, 10, 15 and 40";
    assert_eq!(
        legal_prompted(said, 36, Verbosity::Normal).as_deref(),
        Some("any of 36 holes")
    );
    assert_eq!(
        legal_prompted("holes 1, 3 and 6 to 8", 5, Verbosity::Normal).as_deref(),
        Some("any of 5 holes")
    );
    assert_eq!(
        legal_prompted("holes 2 and 4 to 8", 6, Verbosity::Normal).as_deref(),
        Some("holes 2 and 4 to 8")
    );
    assert_eq!(
        legal_prompted(said, 36, Verbosity::Full).as_deref(),
        Some(said)
    );
    assert_eq!(legal_prompted(said, 36, Verbosity::Brief), None);
    assert_eq!(
        directions_short(
            &[
                "cw (clockwise, toward North's hole 8)".into(),
                "ccw (counterclockwise, toward your hole 2)".into()
            ],
            true
        ),
        "cw toward North's hole 8 or ccw toward your hole 2"
    );
}

#[test]
fn legal_holes_are_said_in_the_fewer_words() {
    let v = |a: &[usize]| a.to_vec();
    let upto = |a: usize, b: usize| (a..=b).collect::<Vec<_>>();
    assert_eq!(holes_said(&upto(3, 8), 8, ""), "holes 3 to 8");
    assert_eq!(
        holes_said(&v(&[1, 2, 3, 5, 6, 7, 8]), 8, ""),
        "any hole but 4"
    );
    assert_eq!(holes_said(&v(&[5]), 8, ""), "hole 5");
    assert_eq!(holes_said(&upto(1, 8), 8, ""), "any hole");
    assert_eq!(holes_said(&v(&[1, 3, 6]), 8, ""), "holes 1, 3 and 6");
    let mut most: Vec<usize> = upto(1, 40);
    most.retain(|k| ![4, 7, 9].contains(k));
    assert_eq!(holes_said(&most, 40, ""), "any hole but 4, 7 and 9");
    let mut two: Vec<usize> = upto(1, 12);
    two.extend(15..=30);
    assert_eq!(holes_said(&two, 40, ""), "holes 1 to 12 and 15 to 30");
    let bao: Vec<String> = [
        "i1", "i4", "i5", "i6", "i7", "o2", "o3", "o4", "o5", "o6", "o7", "o8",
    ]
    .iter()
    .map(|t| t.to_string())
    .collect();
    assert_eq!(
        legal_said(GameKind::BaoLaKimasai, &bao, 8),
        "inner holes 1 and 4 to 7; outer holes 2 to 8"
    );
    let tokens: Vec<String> = ["3", "4", "5", "special"]
        .iter()
        .map(|t| t.to_string())
        .collect();
    assert_eq!(
        legal_said(GameKind::Enkeshui, &tokens, 8),
        "holes 3 to 5, or special"
    );
}

#[test]
fn a_range_with_a_dash_is_said_with_to_and_a_tally_is_not() {
    assert_eq!(
        speakable("easy, 380-460, about 2.4, anyone pressing steadily"),
        "easy, 380 to 460, about 2.4, anyone pressing steadily"
    );
    assert_eq!(speakable("1-0-2"), "1-0-2");
    assert_eq!(speakable("8-left-empty, 2x8"), "8-left-empty, 2x8");
    assert_eq!(
        speakable("game-20261207-154252.json"),
        "game-20261207-154252.json"
    );
}

#[test]
fn a_dated_save_is_said_as_its_date() {
    assert_eq!(
        dated_name_said("game-20261207-154252.json").as_deref(),
        Some("the game of 7 December 2026, 15:42:52 UTC")
    );
    assert_eq!(
        dated_name_said("game-20260101-000509-2.json").as_deref(),
        Some("the game of 1 January 2026, 00:05:09 UTC, number 2")
    );
    for other in [
        "bao-game.json",
        "game-1.json",
        "game-20261307-154252.json",
        "game-20261207-1542.json",
        "game-20261207-154252-x.json",
        "game-20261207-154252.txt",
    ] {
        assert_eq!(dated_name_said(other), None, "{other}");
    }
}

//! The match's end in records: a repeated carry-over or the number of
//! games ends it, and records that played on still load.

use super::*;

/// A hot-seat match of one-turn games (`max_turns` 1, no race): South's
/// decision of each game, each game started from the last one's score.
fn one_turn_match(decisions: &[&str], match_games: u32) -> Record {
    let layout = Layout::default_for(8).unwrap();
    let rules = Rules {
        match_play: true,
        max_turns: 1,
        match_games,
        ..Rules::default()
    };
    let mut start = Enkeshui::new(&layout, rules);
    let mut games = Vec::new();
    for &token in decisions {
        let mut g = AnyGame::Enkeshui(start.clone());
        g.play_token(token, &mut Quiet).unwrap();
        let Status::Over(o) = g.status() else {
            panic!("one turn ends the game")
        };
        games.push(GameRecord {
            start: start.position_json(),
            race: None,
            decisions: vec![token.to_string()],
            result: Some(o),
        });
        // On whatever the match's end says, as a record of before the rule.
        if let Ok(next) = play_match::carry_over(&layout, rules, o.score) {
            start = next;
        }
    }
    record_of(&layout, rules, games)
}

/// The last line of `replay --check` on the record.
fn check_line(record: &Record) -> String {
    let dir = temp_dir("match-end");
    let path = dir.join("match.json");
    file::save(&path, record, false).unwrap();
    let out = Command::new(BIN)
        .args(["replay", path.to_str().unwrap(), "--check"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().last().unwrap().to_string()
}

#[test]
fn a_match_whose_carry_over_repeats_checks_and_replays_as_over() {
    // Game 1: South sows 3, the turn limit gives 21-27; game 2 from 21 and
    // 27: South sows 7, 21-27 again. Game 3 would start as game 2 did.
    let r = one_turn_match(&["3", "7"], 10);
    let c = round_trip(&r);
    assert_eq!(
        c.match_over,
        Some(MatchResult {
            winner: Some(Side::North),
            end: MatchEnd::Repeat,
            stock: PerSide::new(21, 27),
            games: 2,
        })
    );
    assert!(c.is_finished());
    assert_eq!(
        check_line(&r),
        "match over: The carry-over repeats (South 21, North 27): North wins the match on seeds"
    );
    // Game 1 alone: 21-27 is a new stock, the match goes on.
    let one = one_turn_match(&["3"], 10);
    assert_eq!(round_trip(&one).match_over, None);
    // 24-24 after one game is the first game's own stock: drawn at once.
    let c = round_trip(&one_turn_match(&["7"], 10));
    let m = c.match_over.expect("over");
    assert_eq!((m.winner, m.end, m.games), (None, MatchEnd::Repeat, 1));
}

#[test]
fn a_match_of_two_games_ends_after_the_second_and_keeps_its_number() {
    // 21-27, then South sows 5: 20-28, a new stock, but the last game.
    let r = one_turn_match(&["3", "5"], 2);
    assert_eq!(r.variant().rules_json().get("match_games"), Some(&json!(2)));
    let c = round_trip(&r);
    let m = c.match_over.expect("over");
    assert_eq!(
        (m.winner, m.end, m.stock, m.games),
        (Some(Side::North), MatchEnd::Games, PerSide::new(20, 28), 2)
    );
    assert_eq!(
        check_line(&r),
        "match over: Game 2 was the match's last (South 20, North 28): North wins the match on seeds"
    );
    // The same games under the default ten: the match goes on.
    let c = round_trip(&one_turn_match(&["3", "5"], 10));
    assert_eq!(c.match_over, None);
    assert!(!c.is_finished());
}

#[test]
fn a_record_that_played_on_past_a_repeated_carry_over_still_loads() {
    // Written before the rule: game 3 after the repeat, from 21 and 27.
    let r = one_turn_match(&["3", "7", "4"], 10);
    assert!(!r.variant().rules_json().contains_key("match_games"));
    let c = round_trip(&r);
    assert_eq!(c.games.len(), 3);
    assert_eq!(c.match_over, None, "18-30 is new: the match goes on");
    // Its next game's start must still be the one the stocks give.
    let mut bad = r.clone();
    assert_eq!(
        bad.games[2].start["captured"],
        json!({"south": 1, "north": 3})
    );
    bad.games[2].start["captured"] = json!({"south": 0, "north": 4});
    let err = Record::from_json(&bad.to_json()).unwrap_err().to_string();
    assert_eq!(
        err,
        "games[2].start: not the position the match gives after game 2"
    );
}

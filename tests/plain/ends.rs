//! Every way a turn can end, said first in its line (after the decision),
//! before the laps and relays: in all three games.

use super::*;

/// The lines of `input` played from `start` (a hot-seat record), from the
/// first line of the turn told on.
fn played(game: &str, start: &str, input: &str) -> String {
    played_at(game, start, input, "full")
}

fn played_at(game: &str, start: &str, input: &str, verbosity: &str) -> String {
    let dir = temp_dir();
    let path = record(&dir, game, start, "{}");
    let r = resume_at(&dir, &path, verbosity, input);
    assert_eq!(r.code, 0, "{}", r.err);
    let lines = r.lines();
    let i = lines
        .iter()
        .position(|l| {
            // "North 2: ends" is a turn told at brief.
            let brief = l
                .split_once(' ')
                .and_then(|(_, rest)| rest.split_once(": "))
                .is_some_and(|(hole, _)| hole.parse::<u32>().is_ok());
            brief || l.contains(" sows ") || l.contains(" goes ") || l.contains(" makes ")
        })
        .unwrap_or_else(|| panic!("no turn told in:\n{}", r.out));
    lines[i..].join("\n")
}

const ENKESHUI_BULLS: &str = r#""bulls":[{"side":"south","hole":1,"owner":"south"},
{"side":"north","hole":3,"owner":"south"},{"side":"north","hole":4,"owner":"south"}]"#;

#[test]
fn an_enkeshui_turn_says_its_end_first() {
    // In South's own empty hole, facing an empty hole: nothing taken.
    let own = played(
        "enkeshui",
        &format!(
            r#"{{"game":"enkeshui","holes":8,"south":[5,1,0,3,9,1,3,0],"north":[0,4,8,4,0,0,1,0],
{ENKESHUI_BULLS},"captured":{{"south":9,"north":0}},"to_move":"south","turn":11}}"#
        ),
        "2\n",
    );
    assert!(
        own.starts_with(
            "South sows hole 2: ends in South's empty hole 3. South has 43, North 5.\n"
        ),
        "{own}"
    );
    // In a bull: whose bull, and where (the case that was silent).
    let bull = played(
        "enkeshui",
        &format!(
            r#"{{"game":"enkeshui","holes":8,"south":[5,5,5,3,6,1,3,3],"north":[0,4,8,4,0,0,1,0],
{ENKESHUI_BULLS},"captured":{{"south":0,"north":0}},"to_move":"south","turn":11}}"#
        ),
        "8\n",
    );
    assert!(
        bull.starts_with(
            "South sows hole 8: ends in South's bull at North's hole 3. South has 41, North\n7.\n"
        ),
        "{bull}"
    );
    // Two bulls made at once, grouped as captures are.
    let two = played(
        "enkeshui",
        r#"{"game":"enkeshui","holes":8,"south":[4,4,2,2,3,4,4,4],"north":[3,3,3,3,3,3,3,0],
"bulls":[],"captured":{"south":0,"north":0},"to_move":"south","turn":3}"#,
        "3\n",
    );
    assert!(
        two.starts_with(
            "South sows hole 3: makes South's holes 4 and 5 bulls for South. South has 27,\n\
             North 21.\n"
        ),
        "{two}"
    );
}

#[test]
fn an_en_gehe_turn_says_its_end_first() {
    let start = |north: &str| {
        format!(
            r#"{{"game":"en-gehe","holes":8,"south":[1,0,0,0,0,0,0,1],"north":{north},
"captured":{{"south":0,"north":0}},"to_move":"south","turn":1}}"#
        )
    };
    let capture = played("en-gehe", &start("[3,0,0,0,0,0,3,0]"), "1\n");
    assert!(
        capture.starts_with(
            "South sows hole 1: captures 4 seeds from North's hole 7 and South's hole 2.\n\
             South has 4, North 0.\n"
        ),
        "{capture}"
    );
    let own = played("en-gehe", &start("[3,0,0,0,0,0,0,3]"), "1\n");
    assert!(
        own.starts_with("South sows hole 1: ends in South's empty hole 2. South has 0, North 0.\n"),
        "{own}"
    );
    let theirs = played("en-gehe", &start("[0,0,0,0,0,0,3,3]"), "8\n");
    assert!(
        theirs.starts_with(
            "South sows hole 8: ends in North's empty hole 1. South has 0, North 0.\n"
        ),
        "{theirs}"
    );
}

#[test]
fn a_bao_turn_says_its_steals_grouped_and_its_end_first() {
    // Phase 1: the reserve cow is a detail; the end comes first.
    let phase1 = played(
        "bao-la-kimasai",
        r#"{"game":"bao-la-kimasai","south":{"inner":[2,2,2,2,2,2,2,2],"outer":[0,0,0,0,0,0,0,0]},
"north":{"inner":[2,2,2,2,2,2,2,2],"outer":[0,0,0,0,0,0,0,0]},"reserve":{"south":16,"north":16},
"to_move":"south","turn":3}"#,
        "i1\n",
    );
    assert!(
        phase1.starts_with(
            "South sows inner hole 1: ends in South's empty outer hole 7; 3 laps, puts a\n\
             reserve cow in South's inner hole 1, relays 3 cows from South's inner hole 4,\n\
             relays 3 cows from South's inner hole 7. South has 32, North 32.\n"
        ),
        "{phase1}"
    );
    // A chained steal: both holes in one group, then where the turn ended.
    let steals = played(
        "bao-la-kimasai",
        r#"{"game":"bao-la-kimasai","south":{"inner":[0,0,1,1,1,0,0,0],"outer":[4,4,4,4,4,4,4,1]},
"north":{"inner":[1,0,0,1,2,0,0,0],"outer":[4,4,4,4,4,4,3,1]},"reserve":{"south":0,"north":0},
"to_move":"south","turn":60}"#,
        "i3\n",
    );
    assert!(
        steals.starts_with(
            "South sows inner hole 3: steals 3 cows from North's inner holes 4 and 5, ends in\n\
             South's empty inner hole 8; 4 laps, relays 3 cows from South's inner hole 5.\n\
             South has 35, North 29.\n\
             North to move, turn 61, inner hole 1; any outer hole.\n"
        ),
        "{steals}"
    );
}

#[test]
fn a_capture_names_its_holes() {
    let dir = temp_dir();
    let path = record(
        &dir,
        "enkeshui",
        r#"{"game":"enkeshui","holes":8,"south":[5,0,6,4,10,2,4,0],"north":[0,4,8,4,0,0,1,0],
"bulls":[{"side":"south","hole":1,"owner":"south"},{"side":"south","hole":7,"owner":"south"},
{"side":"north","hole":3,"owner":"south"},{"side":"north","hole":4,"owner":"south"}],
"captured":{"south":0,"north":0},"to_move":"north","turn":12}"#,
        "{}",
    );
    let r = resume_full(&dir, &path, "2\n");
    assert_eq!(r.code, 0, "{}", r.err);
    // Bulls are read in words.
    assert!(r.out.contains(
        "\nSouth's row, holes 1 to 8: 5 in South's bull, 0, 6, 4, 10, 2, 4 in South's bull,\n0.\n"
    ));
    assert_eq!(
        r.event("North sows"),
        "North sows hole 2: captures 7 seeds from South's hole 3 and North's hole 6.\n\
         South has 39, North 9.\n\
         South to move, turn 13, holes 4 to 6.\n\
         Saved in game.json"
            .replace("game.json", &path.display().to_string())
    );
}

#[test]
fn a_bull_made_is_told() {
    let dir = temp_dir();
    let path = record(
        &dir,
        "enkeshui",
        r#"{"game":"enkeshui","holes":8,"south":[5,5,5,3,9,1,3,0],"north":[0,4,8,4,0,0,1,0],
"bulls":[{"side":"south","hole":1,"owner":"south"},{"side":"north","hole":3,"owner":"south"},
{"side":"north","hole":4,"owner":"south"}],"captured":{"south":0,"north":0},"to_move":"south","turn":11}"#,
        "{}",
    );
    let r = resume_full(&dir, &path, "2\n");
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out.contains(
            "\nSouth sows hole 2: makes South's hole 7 a bull for South. South has 43, North 5.\n"
        ),
        "{}",
        r.out
    );
}

/// At brief a turn is its decision, its outcome and the lead, in fewer
/// words (a voice's seconds): the hole of an end in an empty hole, a
/// bull's place and a capture's holes are left to `last`, never the end.
#[test]
fn a_turn_at_brief_says_its_end_in_fewer_words() {
    let enkeshui = |south: &str, bulls: &str, captured: u32, to_move: &str| {
        format!(
            r#"{{"game":"enkeshui","holes":8,"south":{south},"north":[0,4,8,4,0,0,1,0],
{bulls},"captured":{{"south":{captured},"north":0}},"to_move":"{to_move}","turn":11}}"#
        )
    };
    let first = |start: &str, input: &str| {
        played_at("enkeshui", start, input, "brief")
            .lines()
            .next()
            .unwrap()
            .to_string()
    };
    // An end in an empty hole, with the lead after a comma.
    assert_eq!(
        first(
            &enkeshui("[5,1,0,3,9,1,3,0]", ENKESHUI_BULLS, 9, "south"),
            "2\n"
        ),
        "South 2: ends, South leads by 38."
    );
    // An end in a bull: whose.
    assert_eq!(
        first(
            &enkeshui("[5,5,5,3,6,1,3,3]", ENKESHUI_BULLS, 0, "south"),
            "8\n"
        ),
        "South 8: ends in South's bull, South leads by 34."
    );
    // Bulls made: where and whose.
    assert_eq!(
        first(
            r#"{"game":"enkeshui","holes":8,"south":[4,4,2,2,3,4,4,4],"north":[3,3,3,3,3,3,3,0],
"bulls":[],"captured":{"south":0,"north":0},"to_move":"south","turn":3}"#,
            "3\n"
        ),
        "South 3: makes South's holes 4 and 5 South's bulls, South leads by 6."
    );
    // A capture by its seeds.
    assert_eq!(
        first(
            &enkeshui(
                "[5,0,6,4,10,2,4,0]",
                r#""bulls":[{"side":"south","hole":1,"owner":"south"},
{"side":"south","hole":7,"owner":"south"},{"side":"north","hole":3,"owner":"south"},
{"side":"north","hole":4,"owner":"south"}]"#,
                0,
                "north"
            ),
            "2\n"
        ),
        "North 2: captures 7, South leads by 30."
    );
    // A crossing and a lap's end by the seeds in hand; the prompt asks.
    let crossing = played_at(
        "enkeshui",
        r#"{"game":"enkeshui","holes":8,"south":[0,3,0,4,5,0,1,10],"north":[0,4,4,3,2,1,8,3],
"bulls":[{"side":"south","hole":4,"owner":"south"},{"side":"south","hole":5,"owner":"south"},
{"side":"north","hole":2,"owner":"north"}],"captured":{"south":0,"north":0},"to_move":"north","turn":8}"#,
        "4\nccw\n",
        "brief",
    );
    assert_eq!(
        crossing.lines().take(4).collect::<Vec<_>>(),
        [
            "North 4: crosses with 11 seeds, South leads by 3.",
            "North to move: cw or ccw.",
            "North goes counterclockwise: the lap ends with 2 seeds, North leads by 4.",
            "North to move: cw or ccw.",
        ]
    );
    // A level score is said as such.
    let level = played_at(
        "en-gehe",
        r#"{"game":"en-gehe","holes":8,"south":[1,0,0,0,0,0,0,1],"north":[3,0,0,0,0,0,0,3],
"captured":{"south":0,"north":0},"to_move":"south","turn":1}"#,
        "1\n",
        "brief",
    );
    assert_eq!(level.lines().next(), Some("South 1: ends, scores level."));
}

//! Brevity and width (issue 38, item 4): `--verbosity` and the
//! `verbosity` word say less or more of a turn; `--width` and the `width`
//! word wrap at fewer columns, for a braille display.

use super::*;

#[test]
fn brief_says_the_move_how_it_ended_and_the_score() {
    let r = run(
        &args(
            &[
                "enkeshui",
                "--plain",
                "--race",
                "off",
                "--verbosity",
                "brief",
            ],
            &HOT_SEAT,
        ),
        "8\nverbosity\nverbosity full\n3\nverbosity normal\nlast\nverbosity loud\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.event("South 8: "),
        [
            "South 8: ends, North leads by 6.",
            "North to move.",
            "Verbosity brief. Type verbosity brief, normal or full to change it.",
            "Verbosity full: a turn says the move, how it ended, every relay, and the score.",
            "North sows hole 3: ends in North's empty hole 3; 3 laps, relays 6 seeds from",
            "North's hole 8, relays 5 seeds from South's hole 6. South has 24, North 24.",
            "South to move, turn 3, any hole but 6.",
            "Verbosity normal: a turn says the move, how it ended and the score; last and log",
            "add the laps and relays.",
            "Turn 2: North sows hole 3: ends in North's empty hole 3; 3 laps, relays 6 seeds",
            "from North's hole 8, relays 5 seeds from South's hole 6. South has 24, North 24.",
            "Type verbosity brief, normal or full (help: the words).",
        ]
        .join("\n")
            + "\n"
            + r.lines()
                .last()
                .filter(|l| l.starts_with("Saved in "))
                .unwrap()
    );
}

/// Bao at brief: the row and the hole, "South inner 3", without "sows" and
/// "hole"; `last` still says the turn whole.
#[test]
fn brief_says_a_bao_decision_by_its_row_and_hole() {
    let r = run(
        &args(&["bao", "--plain", "--verbosity", "brief"], &HOT_SEAT),
        "i3\ni6\nlast\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.event("South inner 3: ")
            .lines()
            .take(6)
            .collect::<Vec<_>>(),
        [
            "South inner 3: ends, scores level.",
            "North to move.",
            "North inner 6: ends.",
            "South to move.",
            "Turn 2: North sows inner hole 6: ends in North's empty outer hole 7. South has",
            "32, North 32.",
        ]
    );
}

/// Against the AI, brief says the score once a round: after the AI's answer.
#[test]
fn brief_against_the_ai_says_the_score_once_a_round() {
    let r = run(
        &[
            "enkeshui",
            "--plain",
            "--race",
            "off",
            "--north",
            "ai:easy",
            "--verbosity",
            "brief",
        ],
        "8\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    // The person's own turn that just ends in a hole is not said back; the
    // AI's answer and the lead are, then a prompt without the holes.
    assert_eq!(
        r.event("Your move.").lines().take(3).collect::<Vec<_>>(),
        [
            "Your move.",
            "North 2: ends, North leads by 4.",
            "Your move.",
        ]
    );
}

/// At normal (the default) a turn against the AI is its outcome, the AI's
/// decision and outcome, the score once, and the legal holes; `legal` says
/// them with the turn, as `full` does (issue 38's measure: at most 10 s).
#[test]
fn normal_against_the_ai_says_the_outcome_and_the_score_once_a_round() {
    let r = run(
        &["enkeshui", "--plain", "--race", "off", "--north", "ai:easy"],
        "8\nlegal\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.event("Ends in your hole 1.")
            .lines()
            .take(4)
            .collect::<Vec<_>>(),
        [
            "Ends in your hole 1.",
            "North sows hole 2: ends in your hole 8. You 22, North 26.",
            "Your move, holes 2 and 4 to 8.",
            "Your move, turn 3, holes 2 and 4 to 8.",
        ]
    );
}

#[test]
fn a_width_of_40_wraps_every_line_at_40_columns() {
    let r = run(
        &args(
            &[
                "enkeshui",
                "--plain",
                "--verbosity",
                "full",
                "--race",
                "off",
                "--width",
                "40",
            ],
            &HOT_SEAT,
        ),
        "8\nwidth\nwidth 90\nwidth 80\n3\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let lines = r.lines();
    let wide = lines
        .iter()
        .position(|l| l.starts_with("Lines are at most 80 columns now"))
        .expect("width 80 said");
    for l in &lines[..wide] {
        assert!(l.chars().count() <= 40, "{l:?} in:\n{}", r.out);
    }
    assert_eq!(
        lines[..7],
        [
            "Enkeshui, 2 rows of 8 (8-left-empty).",
            "South is a person, North is a person.",
            "Type help for the words you can use.",
            "South moves first.",
            "South's row, holes 1 to 8: 0, 0, 4, 4,",
            "4, 4, 4, 4.",
            "North's row, holes 8 to 1: 4, 4, 4, 4,",
        ]
    );
    assert_eq!(
        r.event("South sows hole 8"),
        [
            "South sows hole 8: ends in South's empty",
            "hole 1; 2 laps, relays 5 seeds from",
            "North's hole 4. South has 21, North 27.",
            "North to move, turn 2, any hole but 4.",
            "Lines are at most 40 columns. Type width",
            "and a number from 20 to 80 to change it.",
            "Type width and a number from 20 to 80",
            "(help: the words).",
            "Lines are at most 80 columns now.",
            "North sows hole 3: ends in North's empty hole 3; 3 laps, relays 6 seeds from",
        ]
        .join("\n")
            + r.out[r.out.find("\nNorth's hole 8, relays").expect("wide again")..]
                .trim_end_matches('\n')
    );
}

#[test]
fn a_width_or_verbosity_out_of_range_or_without_plain_is_refused() {
    let r = run_any(&temp_dir(), &["enkeshui", "--plain", "--width", "19"], "");
    assert_eq!(r.code, 2);
    assert!(
        r.err.contains("invalid value '19' for '--width <N>'"),
        "{}",
        r.err
    );
    let r = run_any(&temp_dir(), &["bao", "--verbosity", "brief"], "");
    assert_eq!(r.code, 2);
    assert!(r.err.contains("--plain"), "{}", r.err);
    let r = run_any(
        &temp_dir(),
        &["en-gehe", "--plain", "--verbosity", "loud"],
        "",
    );
    assert_eq!(r.code, 2);
    assert!(r.err.contains("'loud'"), "{}", r.err);
}

/// Whole games at brief: every turn line still says how the turn ended
/// (brief leaves out the hole of an end in an empty hole, never the end).
#[test]
fn every_turn_at_brief_says_how_it_ended() {
    const ENDS: [&str; 11] = [
        "ends.",
        "ends,",
        "ends in ",
        "captures ",
        "makes ",
        "crosses with ",
        "the lap ends with ",
        "steals ",
        "both reserves are empty",
        "finds no open direction",
        "row is now",
    ];
    for game in [
        &["enkeshui", "--race", "off"][..],
        &["en-gehe", "--holes", "12"],
        &["bao"],
    ] {
        let r = easy_against_easy(game, "brief");
        let turns = turn_lines(&r);
        for (l, rest) in &turns {
            assert!(ENDS.iter().any(|e| rest.starts_with(e)), "no outcome: {l}");
        }
        assert!(turns.len() > 20, "{}", r.out);
    }
}

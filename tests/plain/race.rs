//! The starting race in the line mode, on a clock the test gives: one
//! seed an Enter, at the moment it is read.

use super::*;

/// `args` played in the line mode in this process, each line read at its
/// time (ms): the output, checked to be plain lines.
fn run_timed(args: &[&str], lines: &[(u64, &str)]) -> String {
    use clap::Parser;
    use masai_mancala::session::{Session, setup::Setup};
    let mut all = vec!["masai-mancala"];
    all.extend_from_slice(args);
    let cli = masai_mancala::cli::Cli::try_parse_from(all).expect("arguments parse");
    let setup = Setup::try_from(cli.command.as_ref().expect("a game")).expect("a setup");
    let (input, clock) = Timed::new(lines);
    let mut out = Vec::new();
    masai_mancala::plain::run_with_clock(
        Session::new(setup),
        masai_mancala::session::persist::Persist::new(),
        None,
        input,
        &mut out,
        clock,
    )
    .expect("the line mode runs");
    let out = String::from_utf8(out).expect("UTF-8 out");
    plain_lines(&out);
    out
}

/// The lines said from Go to the race's result.
fn said_in_the_race(out: &str) -> Vec<&str> {
    let lines: Vec<&str> = out.lines().collect();
    let go = lines.iter().position(|l| *l == "Go!").expect("Go!");
    let end = lines
        .iter()
        .position(|l| l.contains(" slept first in the race from hole "))
        .unwrap_or(lines.len());
    lines[go + 1..end].to_vec()
}

#[test]
fn a_person_races_the_ai_by_lines_and_hears_how_it_stands_on_asking() {
    // Issue 37: an Enter every quarter second against easy (a seed every 380
    // to 460 ms); after the fourth, where.
    let mut lines = enters(250, 60);
    lines.insert(5, (1010, "where"));
    let out = run_timed(&["enkeshui", "--plain", "--north", "ai:easy"], &lines);
    assert!(out.contains("\nRace for the first move: you and North each sow"));
    assert!(
        out.contains("\nYou: 4 drops, 5 in hand, lap 2. North: 2 drops, 2 in hand, lap 1.\n"),
        "{out}"
    );
    // Who moves first, then the counts.
    assert!(
        out.contains(" moves first: ")
            && out.contains(" slept first in the race from hole 8, after "),
        "{out}"
    );
    assert!(out.contains("\nYour row, holes 1 to 8: "));
    // Nothing else is said during the race: speech never slows the racer.
    assert_eq!(
        said_in_the_race(&out),
        ["You: 4 drops, 5 in hand, lap 2. North: 2 drops, 2 in hand, lap 1."]
    );
}

/// Issue 37: one clock. Enters clearly quicker than the AI racer's pace win
/// the race; clearly slower lose it, at every level; nothing is said from
/// Go to the result.
#[test]
fn a_racer_quicker_than_the_ai_wins_by_lines_and_a_slower_one_loses() {
    for (level, fast, slow, per_second) in [
        ("expert", 100, 250, "6.5"),
        ("hard", 130, 330, "4.8"),
        ("medium", 180, 450, "3.4"),
        ("easy", 260, 650, "2.4"),
    ] {
        let north = format!("ai:{level}");
        let args = ["enkeshui", "--plain", "--north", north.as_str()];
        let out = run_timed(&args, &enters(fast, 200));
        let intro = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            intro.contains(&format!(
                "North's AI racer ({level}) drops about {per_second} seeds a second; drop faster to win."
            )),
            "{out}"
        );
        assert!(
            out.contains("\nSouth moves first: South slept first in the race from hole 8, after"),
            "{level}, every {fast} ms: {out}"
        );
        assert!(said_in_the_race(&out).is_empty(), "{out}");
        let out = run_timed(&args, &enters(slow, 200));
        assert!(
            out.contains("\nNorth moves first: North slept first in the race from hole 8, after"),
            "{level}, every {slow} ms: {out}"
        );
        assert!(said_in_the_race(&out).is_empty(), "{out}");
    }
}

/// Issue 37: a number drops nothing (the old `s 50` won in one line); a
/// held Enter, repeating quicker than a hand, drops once.
#[test]
fn a_number_or_a_held_enter_cannot_win_the_race() {
    let out = run_timed(
        &["enkeshui", "--plain", "--north", "ai:easy"],
        &[(0, ""), (100, "50"), (150, "s 50"), (200, "where")],
    );
    let lines: Vec<&str> = out.lines().collect();
    let at = lines.iter().position(|l| *l == "Go!").expect("Go!");
    assert_eq!(
        lines[at + 1..at + 6],
        [
            "A number drops nothing: one Enter is one seed. (For a race left to chance, start",
            "the game with --race quick.)",
            "A number drops nothing: one Enter is one seed. (For a race left to chance, start",
            "the game with --race quick.)",
            "You: 0 drops, 4 in hand, lap 1. North: 0 drops, 4 in hand, lap 1.",
        ],
        "{out}"
    );
    // Enters 30 ms apart (a held key): the first after Go counts, then none.
    let held: Vec<(u64, &str)> = (0..400).map(|k| (k * 30, "")).collect();
    let out = run_timed(&["enkeshui", "--plain", "--north", "ai:easy"], &held);
    assert!(
        out.contains("\nNorth moves first: North slept first in the race from hole 8, after"),
        "{out}"
    );
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains(" drops; South made 1."), "{out}");
    // The Enters not counted are told, after the race.
    let told = out
        .lines()
        .find(|l| l.contains(" Enters came less than 70 ms after the one before (a held key)"))
        .unwrap_or_else(|| panic!("{out}"));
    let n: usize = told.split(' ').next().unwrap().parse().expect("a count");
    assert!(n > 100, "{told}");
}

/// Through the program itself, on the wall clock: lines piped all at once
/// are a held key, not a racer; they do not win the race.
#[test]
fn lines_piped_at_once_do_not_win_the_race() {
    let r = run(
        &["enkeshui", "--plain", "--north", "ai:easy"],
        &"\n".repeat(200),
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("\nGo!\n"), "{}", r.out);
    assert!(!r.out.contains("South slept first"), "{}", r.out);
}

/// Issue 37: two people at one keyboard race in turns: each times ten
/// Enters, then the race runs at their paces; the quicker wins. A held
/// Enter does not count.
#[test]
fn two_people_race_in_turns_and_the_quicker_wins() {
    let turns = |south: u64, north: u64| {
        let mut lines: Vec<(u64, &str)> = (0..=10).map(|k| (k * south, "")).collect();
        lines.insert(3, (2 * south + 10, ""));
        lines.extend((0..=10).map(|k| (5_000 + k * north, "")));
        run_timed(&args(&["enkeshui", "--plain"], &HOT_SEAT), &lines)
    };
    let r = turns(150, 200);
    assert!(
        r.contains("\nSouth: a seed every 150 ms.\nNorth: press Enter to start.\nGo!\nNorth: a seed every 200 ms.\n"),
        "{r}"
    );
    assert!(
        r.contains("\nSouth moves first: South slept first in the race from hole 8, after"),
        "{r}"
    );
    assert!(
        r.contains("\n1 Enter came less than 70 ms after the one before (a held key) and"),
        "{r}"
    );
    let r = turns(200, 150);
    assert!(
        r.contains("\nNorth moves first: North slept first in the race from hole 8, after"),
        "{r}"
    );
}

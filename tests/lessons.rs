//! The lessons' data: every position loads, every listed solution solves its
//! task with the real engine, and every task is a real task (some decision
//! fails it). Plus the checker's explanations and `learn --list`.

#[path = "common/temp.rs"]
mod temp;
use temp::TempDir;

use masai_mancala::engine::{GameKind, Quiet, Side};
use masai_mancala::learn::{self, Goal, Lesson, LessonError};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_masai-mancala");

fn lesson(id: &str) -> Lesson {
    learn::all().into_iter().find(|l| l.id == id).unwrap()
}

#[test]
fn the_issue_s_lessons_are_all_there_in_order() {
    let ids: Vec<(GameKind, String)> = learn::all().into_iter().map(|l| (l.kind(), l.id)).collect();
    let want = [
        (GameKind::Enkeshui, "enkeshui-board"),
        (GameKind::Enkeshui, "enkeshui-relay"),
        (GameKind::Enkeshui, "enkeshui-empty-hole"),
        (GameKind::Enkeshui, "enkeshui-bulls"),
        (GameKind::Enkeshui, "enkeshui-capture"),
        (GameKind::Enkeshui, "enkeshui-crossing"),
        (GameKind::Enkeshui, "enkeshui-layouts"),
        (GameKind::Enkeshui, "enkeshui-endless"),
        (GameKind::Enkeshui, "enkeshui-race"),
        (GameKind::Enkeshui, "enkeshui-end"),
        (GameKind::Enkeshui, "enkeshui-match"),
        (GameKind::Enkeshui, "enkeshui-special"),
        (GameKind::Enkeshui, "enkeshui-turn-limit"),
        (GameKind::EnGehe, "en-gehe-long-board"),
        (GameKind::EnGehe, "en-gehe-captures"),
        (GameKind::EnGehe, "en-gehe-endless"),
        (GameKind::EnGehe, "en-gehe-end"),
        (GameKind::EnGehe, "en-gehe-turn-limit"),
        (GameKind::BaoLaKimasai, "bao-board"),
        (GameKind::BaoLaKimasai, "bao-sowing"),
        (GameKind::BaoLaKimasai, "bao-phase-1"),
        (GameKind::BaoLaKimasai, "bao-phase-2"),
        (GameKind::BaoLaKimasai, "bao-steal"),
        (GameKind::BaoLaKimasai, "bao-end"),
        (GameKind::BaoLaKimasai, "bao-endless"),
        (GameKind::BaoLaKimasai, "bao-turn-limit"),
    ];
    let want: Vec<(GameKind, String)> = want.iter().map(|(k, s)| (*k, s.to_string())).collect();
    assert_eq!(ids, want);
}

/// Every position loads, and the listed solution solves the task.
#[test]
fn every_listed_solution_solves_its_task() {
    for l in learn::all() {
        if l.is_race() {
            l.race().unwrap();
        } else {
            let g = l.start().unwrap();
            assert_eq!(g.to_move(), Side::South, "{}: the player sits South", l.id);
            assert!(!g.status().is_over(), "{}", l.id);
        }
        let v = l
            .check_tokens(&l.solution)
            .unwrap_or_else(|e| panic!("{}: {e}", l.id));
        assert!(v.solved, "{}: the solution fails: {}", l.id, v.what);
    }
}

/// Every task can be failed: some whole turn from the position misses the goal.
#[test]
fn every_task_is_a_real_task() {
    for l in learn::all() {
        if l.is_race() {
            let v = l.check_tokens(&["north".to_string()]).unwrap();
            assert!(!v.solved, "{}", l.id);
            continue;
        }
        let start = l.start().unwrap();
        let turns = learn::turns(&start, 10_000);
        assert!(!turns.is_empty(), "{}", l.id);
        let mut failing = 0;
        let mut solving = 0;
        for (path, _) in &turns {
            let v = l.check_tokens(path).unwrap();
            if v.solved {
                solving += 1;
            } else {
                failing += 1;
            }
        }
        assert!(failing > 0, "{}: every decision solves it", l.id);
        // The special-move lesson is solved only by a special move, which
        // the list of turns leaves out.
        if !matches!(l.goal, Goal::Safe { special: true, .. }) {
            assert!(solving > 0, "{}", l.id);
        }
    }
}

#[test]
fn the_checker_explains_what_happened() {
    let l = lesson("enkeshui-capture");
    let v = l.check_tokens(&["3".into()]).unwrap();
    assert_eq!(
        v.what,
        "Your turn sowed 1 lap. The last seed fell into your hole 4, which was empty. You captured 7 seeds."
    );
    let v = l.check_tokens(&["2".into()]).unwrap();
    assert!(!v.solved);
    assert_eq!(
        v.what,
        "Your turn sowed 1 lap. The last seed fell into your hole 5, which was empty. You captured 4 seeds."
    );
    let l = lesson("enkeshui-crossing");
    let v = l.check_tokens(&["8".into(), "ccw".into()]).unwrap();
    assert_eq!(
        v.what,
        "Your turn sowed 2 laps. The last seed fell into your hole 2. You made 2 bulls."
    );
    let l = lesson("bao-phase-2");
    let v = l.check_tokens(&["o1".into()]).unwrap();
    assert!(!v.solved);
    assert_eq!(
        v.what,
        "Your turn sowed 1 lap. The last cow fell into your inner hole 2, which was empty. North can now take 5 cows with i3."
    );
    let l = lesson("bao-end");
    let v = l.check_tokens(&["i3".into()]).unwrap();
    assert!(v.solved);
    assert_eq!(
        v.what,
        "Your turn sowed 4 laps. The last cow fell into your inner hole 8, which was empty. You stole 3 cows. The game is over: South wins, South 64 to North 0 (an inner row is empty)."
    );
    // The endless hole is refused with the number of laps of its cycle.
    let l = lesson("en-gehe-endless");
    assert_eq!(
        l.check_tokens(&["2".into()]).unwrap_err().to_string(),
        "decision 1 '2': sowing hole 2 would never end (it repeats every 60 laps)"
    );
    // A decision after the end of the turn is refused.
    let l = lesson("enkeshui-relay");
    assert_eq!(
        l.check_tokens(&["3".into(), "5".into()])
            .unwrap_err()
            .to_string(),
        "decision 2 '5': the turn is already over"
    );
    assert_eq!(
        l.check_tokens(&["3".into(), "5".into()]).unwrap_err(),
        LessonError::TurnOver {
            number: 2,
            token: "5".into()
        }
    );
}

#[test]
fn the_race_lesson_is_won_by_the_faster_racer() {
    let l = lesson("enkeshui-race");
    let mut race = l.race().unwrap();
    // South drops alone until he sleeps: he sleeps first.
    while race.first_sleeper().is_none() {
        race.drop_seed(Side::South, &mut Quiet).unwrap();
    }
    assert!(l.check_race(&race).solved);
}

#[test]
fn learn_list_prints_every_lesson() {
    let dir = TempDir::new("masai-learn-list");
    std::fs::create_dir_all(dir.join("masai-mancala")).unwrap();
    std::fs::write(
        dir.join("masai-mancala").join("lessons.json"),
        "{\"done\":[\"en-gehe-captures\"]}\n",
    )
    .unwrap();
    let out = Command::new(BIN)
        .args(["learn", "en-gehe", "--list"])
        .env("XDG_DATA_HOME", &dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "En Gehé\n  1. [ ] Sowing on the long board (rules: The board)\n  2. [x] Captures after relays (rules: A turn)\n  3. [ ] An endless relay is refused (rules: A turn)\n  4. [ ] The end of the game (rules: End of the game)\n  5. [ ] The turn limit (rules: Safety rules)\n1 of 5 done.\n"
    );
    let out = Command::new(BIN)
        .args(["learn", "--list"])
        .env("XDG_DATA_HOME", &dir)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().filter(|l| l.contains("[ ]")).count(), 25);
    assert!(text.ends_with("1 of 26 done.\n"), "{text}");
    let out = Command::new(BIN)
        .args(["learn", "chess", "--list"])
        .env("XDG_DATA_HOME", &dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Every "lesson N" in the lessons' texts is followed by that lesson's
/// title, and none says "next lesson" (which one would it be?).
#[test]
fn every_lesson_reference_names_the_right_lesson() {
    let all = learn::all();
    for l in &all {
        let titles: Vec<&str> = all
            .iter()
            .filter(|o| o.kind() == l.kind())
            .map(|o| o.title.as_str())
            .collect();
        let mut texts = l.text.clone();
        texts.extend([
            l.task.clone(),
            l.hint.clone(),
            l.success.clone(),
            l.wrong.clone(),
        ]);
        for t in &texts {
            let lower = t.to_lowercase();
            for bad in [
                "next lesson",
                "previous lesson",
                "last lesson",
                "lesson before",
            ] {
                assert!(!lower.contains(bad), "{}: '{bad}' in: {t}", l.id);
            }
            for (at, _) in lower.match_indices("lesson ") {
                let rest = &t[at + "lesson ".len()..];
                let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
                if digits.is_empty() {
                    continue;
                }
                let n: usize = digits.parse().unwrap();
                let title = titles
                    .get(n.wrapping_sub(1))
                    .unwrap_or_else(|| panic!("{}: no lesson {n}: {t}", l.id));
                assert!(
                    rest[digits.len()..].starts_with(&format!(": {title}")),
                    "{}: lesson {n} is \"{title}\": {t}",
                    l.id
                );
            }
        }
    }
}

/// The answer tells of the turn played: a special move other than the
/// listed one is described as played, with no "0 laps" and no other solution's story.
#[test]
fn the_answer_tells_of_the_turn_played() {
    let l = lesson("enkeshui-special");
    let played = vec!["x2,5=2,0,2,2,0,2,0,0".to_string()];
    let v = l.check_tokens(&played).unwrap();
    assert!(v.solved, "{}", v.what);
    assert_eq!(
        l.answer(&played, &v),
        "You made the special move: your row is now 2 0 2 2 0 2 0 0. North can take nothing now. That works too; this lesson's own solution is x2,5=0,0,0,0,0,0,0,8."
    );
    let v = l.check_tokens(&l.solution).unwrap();
    assert_eq!(
        l.answer(&l.solution, &v),
        "None of your seeds now faces an empty hole where one of North's laps can end: he can capture nothing. You made the special move: your row is now 0 0 0 0 0 0 0 8. North can take nothing now."
    );
    // A failing special move: what North can now take, from the board.
    let bad = vec!["x2,5=0,8,0,0,0,0,0,0".to_string()];
    let v = l.check_tokens(&bad).unwrap();
    assert!(!v.solved);
    assert!(l.answer(&bad, &v).starts_with("You made the special move: your row is now 0 8 0 0 0 0 0 0. North can now take 9 seeds with 6."), "{}", l.answer(&bad, &v));
    // No answer of any lesson, for any turn, counts "0 laps".
    for l in learn::all().into_iter().filter(|l| !l.is_race()) {
        for (path, _) in learn::turns(&l.start().unwrap(), 10_000) {
            let v = l.check_tokens(&path).unwrap();
            assert!(
                !l.answer(&path, &v).contains(" 0 laps"),
                "{} {path:?}",
                l.id
            );
        }
    }
}

/// Every rule section of rules/*.md has a lesson, and every lesson names a
/// rule section of its own game's rules.
#[test]
fn every_rule_section_has_a_lesson() {
    let all = learn::all();
    let mut sections = 0;
    for kind in GameKind::ALL {
        let path = format!("{}/rules/{kind}.md", env!("CARGO_MANIFEST_DIR"));
        let rules = std::fs::read_to_string(&path).unwrap();
        let names = learn::rule_sections(&rules);
        sections += names.len();
        let lessons: Vec<&Lesson> = all.iter().filter(|l| l.kind() == kind).collect();
        for name in &names {
            assert!(
                lessons.iter().any(|l| &l.section == name),
                "{path}: no lesson teaches \"{name}\""
            );
        }
        for l in &lessons {
            assert!(
                names.contains(&l.section),
                "{}: \"{}\" is not a rule section of {path} ({names:?})",
                l.id,
                l.section
            );
        }
    }
    assert_eq!(sections, 22);
    assert!(all.len() >= 25, "{} lessons", all.len());
}

/// What counts as a rule section: `##` and `###` headings, without their
/// closing "(...)", not the reference ones, not inside a code block.
#[test]
fn rule_sections_are_the_rule_headings() {
    let md = "# Game\n\n## The board\n\n```\n## not a heading\n```\n### Starting layouts (`--layout`)\n## Options\n## Worked examples (2x4)\n## Where these rules come from\n## Safety rules (not traditional)\n";
    assert_eq!(
        learn::rule_sections(md),
        ["The board", "Starting layouts", "Safety rules"]
    );
}

/// A lesson, its solution and answer, a wrong turn and its answer.
type Case = (
    &'static str,
    &'static [&'static str],
    &'static str,
    &'static [&'static str],
    &'static str,
);

/// The lessons for the rules the first fifteen left out: the listed
/// solution and a wrong turn, each with its exact answer, told from the
/// board (the turn's laps, where the last seed fell, what was taken, how the
/// game ended).
#[test]
fn the_new_lessons_answer_their_solution_and_a_wrong_turn() {
    #[rustfmt::skip]
    let table: [Case; 11] = [
    (
        "enkeshui-board",
        &["6"],
        "Hole 6's four seeds went into your holes 7 and 8, then round the corner into North's holes 1 and 2: North's hole 2 is the second from the right as you look across. Your turn sowed 1 lap. The last seed fell into North's hole 2, which was empty.",
        &["8"],
        "Your turn sowed 1 lap. The last seed fell into North's hole 7, which was empty. North's holes are numbered from his left, your right: his hole 2 is the second hole from the right in the top row. Hole 8's seven seeds went on along his row as far as his hole 7.",
    ),
    (
        "enkeshui-layouts",
        &["3"],
        "Hole 3's four seeds went into holes 4, 5, 6 and 7. Hole 7 was empty and faces North's hole 2: its 4 seeds and yours. The chain went on: your empty hole 8 faces North's hole 1, 4 more. Your turn sowed 1 lap. The last seed fell into your hole 7, which was empty. You captured 9 seeds.",
        &["4"],
        "Your turn sowed 1 lap. The last seed fell into your hole 8, which was empty. You captured 5 seeds. Hole 4's four seeds end in hole 8: the capture starts there and misses North's hole 2, and after hole 8 the chain has nowhere to go.",
    ),
    (
        "enkeshui-endless",
        &["1"],
        "Hole 1's seed fell into hole 2, which held seeds: you relayed its 3 seeds into your holes 3 and 4 and North's hole 1, which was empty. Two laps, and the turn ended. Your turn sowed 2 laps. The last seed fell into North's hole 1, which was empty.",
        &["4"],
        "Your turn sowed 1 lap. The last seed fell into North's hole 1, which was empty. Hole 4's seed fell straight into North's empty hole 1: one lap, no relay.",
    ),
    (
        "enkeshui-end",
        &["3"],
        "Your seed fell into your empty hole 4 and captured North's 3 seeds with it. North has no seed left outside bulls, so the game ended: 18 + 4 captured, the 2 seeds of your hole 8 and the 4 in your bull make 28. Your turn sowed 1 lap. The last seed fell into your hole 4, which was empty. You captured 4 seeds. The game is over: South wins, South 28 to North 20 (the player to move has no seeds to sow).",
        &["8"],
        "Your turn sowed 1 lap. The last seed fell into North's hole 2, which was empty. Your first seed fell into your bull, where it stays and counts for you, but North still has his 3 seeds to sow, so the game goes on.",
    ),
    (
        "enkeshui-turn-limit",
        &["3"],
        "Your seed fell into your empty hole 4 and captured the 3 seeds of North's hole 5. Then the turn limit ended the game: the 5 seeds of your hole 8 are yours, the 5 of North's hole 8 his. Your turn sowed 1 lap. The last seed fell into your hole 4, which was empty. You captured 4 seeds. The game is over: South wins, South 27 to North 21 (the turn limit was reached).",
        &["8"],
        "Your turn sowed 1 lap. The last seed fell into North's hole 5. You made 1 bull. The game is over: North wins, South 23 to North 25 (the turn limit was reached). Hole 8's five seeds went into North's row: the last turned his hole 5 from 3 to 4 seeds, a bull of yours, but the other four stay in North's row and count for him when the game ends.",
    ),
    (
        "en-gehe-end",
        &["1"],
        "Your seed fell into your empty hole 2 and captured North's 3 seeds with it. North had nothing left to sow, so the game ended, and the 3 seeds of your hole 8 went to you, the last to move: 6 + 4 + 3 = 13 against 12. Your turn sowed 1 lap. The last seed fell into your hole 2, which was empty. You captured 4 seeds. The game is over: South wins, South 13 to North 12 (the player to move has no seeds to sow).",
        &["8"],
        "Your turn sowed 1 lap. The last seed fell into North's hole 3, which was empty. Hole 8's three seeds went into North's holes 1 to 3: North can move again, and the game goes on.",
    ),
    (
        "en-gehe-turn-limit",
        &["2"],
        "Your seed fell into your empty hole 3 and captured the 3 seeds of North's hole 6. The turn limit ended the game: the 2 seeds of your hole 8 are yours, the 4 of North's hole 8 his: 16 to 15. Your turn sowed 1 lap. The last seed fell into your hole 3, which was empty. You captured 4 seeds. The game is over: South wins, South 16 to North 15 (the turn limit was reached).",
        &["8"],
        "Your turn sowed 1 lap. The last seed fell into North's hole 2, which was empty. The game is over: North wins, South 11 to North 20 (the turn limit was reached). Hole 8's two seeds went into North's row: when the turn limit ends the game, seeds count for the owner of the row they lie in, so they became North's.",
    ),
    (
        "bao-board",
        &["i6"],
        "Your i6's two cows went into i7 and i8. Your i8, the right end of your inner row, faces North's i1. Your turn sowed 1 lap. The last cow fell into your inner hole 8, which was empty.",
        &["i5"],
        "Your turn sowed 2 laps. The last cow fell into your outer hole 8, which was empty. The hole facing North's i1 is your i8, at the right end of your inner row: facing inner holes add up to 9.",
    ),
    (
        "bao-sowing",
        &["i1"],
        "Your i1's cow fell into i2, which held a cow: you lifted the 2 and relayed. Each lap ended in the next occupied hole, i4, i6 and i8, and the last 2 cows went round the corner into your outer row, o8 and o7, which was empty. Your turn sowed 5 laps. The last cow fell into your outer hole 7, which was empty.",
        &["i2"],
        "Your turn sowed 4 laps. The last cow fell into your outer hole 8, which was empty. Each relay carries 2 cows two holes on: the further left you start, the more occupied holes lie ahead of you, and the more laps.",
    ),
    (
        "bao-endless",
        &["i8"],
        "Your i8's 2 cows went round the corner into o8 and o7; from there each lap ended in an occupied hole, o5, o3, i1, i3 and i5, until the last cow fell into your empty i7: 7 laps. Your turn sowed 7 laps. The last cow fell into your inner hole 7, which was empty.",
        &["o7"],
        "Your turn sowed 6 laps. The last cow fell into your inner hole 7, which was empty. Every sowing here ends in your empty i7, and the others reach it sooner: from i8 the way round is the longest.",
    ),
    (
        "bao-turn-limit",
        &["i3"],
        "Your i3's cow fell into i4, which held a cow and faces North's i5: you stole his 5 cows and sowed them from i4 itself to i8, which was empty. The turn limit ended the game: 35 cows to 29. Your turn sowed 2 laps. The last cow fell into your inner hole 8, which was empty. You stole 5 cows. The game is over: South wins, South 35 to North 29 (the turn limit was reached).",
        &["o5"],
        "Your turn sowed 2 laps. The last cow fell into your inner hole 5, which was empty. The game is over: North wins, South 30 to North 34 (the turn limit was reached). No steal: the turn limit ended the game with North still ahead in cows.",
    ),
    ];
    for (id, good, said, bad, wrong) in table {
        let l = lesson(id);
        let good: Vec<String> = good.iter().map(|t| t.to_string()).collect();
        let v = l.check_tokens(&good).unwrap();
        assert!(v.solved, "{id}: {}", v.what);
        assert_eq!(l.answer(&good, &v), said, "{id}");
        let bad: Vec<String> = bad.iter().map(|t| t.to_string()).collect();
        let v = l.check_tokens(&bad).unwrap();
        assert!(!v.solved, "{id}: {}", v.what);
        assert_eq!(l.answer(&bad, &v), wrong, "{id}");
    }
    // The endless sowings are refused, with their cycles.
    assert_eq!(
        lesson("enkeshui-endless")
            .check_tokens(&["2".into()])
            .unwrap_err()
            .to_string(),
        "decision 1 '2': sowing hole 2 would never end (it repeats every 32 laps)"
    );
    assert_eq!(
        lesson("bao-endless")
            .check_tokens(&["i6".into()])
            .unwrap_err()
            .to_string(),
        "decision 1 'i6': sowing i6 would never end (it repeats every 120 laps)"
    );
    // The layouts lesson starts from the engine's 8-right-empty, and its
    // text gives every named layout as the engine has it.
    let l = lesson("enkeshui-layouts");
    let text = l.text.join(" ");
    for (name, _, row, _) in masai_mancala::engine::enkeshui::NAMED_LAYOUTS {
        let counts: Vec<String> = row.iter().map(|n| n.to_string()).collect();
        assert!(text.contains(&counts.join(" ")), "{name}: {text}");
        if *name == "8-right-empty" {
            assert_eq!(l.position["south"], serde_json::json!(row));
            assert_eq!(l.position["north"], serde_json::json!(row));
        }
    }
}

/// docs/lessons.md's coverage table has a row for every lesson: its rule
/// section, its number and title, its id.
#[test]
fn the_coverage_table_lists_every_lesson() {
    let doc =
        std::fs::read_to_string(format!("{}/docs/lessons.md", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let rows = doc.lines().filter(|l| l.contains("| `")).count();
    assert_eq!(rows, learn::all().len());
    for kind in GameKind::ALL {
        for (i, l) in learn::of(kind).iter().enumerate() {
            let row = format!("| {} | {}. {} | `{}` |", l.section, i + 1, l.title, l.id);
            assert!(doc.contains(&row), "docs/lessons.md has no row {row}");
        }
    }
}

/// A lesson's `wrong_turn` is a turn that fails it (else its story is
/// never told), and no lesson names fixed racer keys: the screen names the
/// keys in effect.
#[test]
fn wrong_turns_fail_and_no_text_names_fixed_keys() {
    for l in learn::all() {
        if let Some(w) = &l.wrong_turn {
            let v = l.check_tokens(w).unwrap();
            assert!(!v.solved, "{}: its wrong turn {w:?} solves it", l.id);
            assert_ne!(w, &l.solution, "{}", l.id);
        }
        let mut texts = l.text.clone();
        texts.extend([
            l.task.clone(),
            l.hint.clone(),
            l.success.clone(),
            l.wrong.clone(),
        ]);
        for t in texts {
            assert!(!t.contains("z and x"), "{}: {t}", l.id);
        }
    }
}

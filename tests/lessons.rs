//! The lessons' data: every position loads, every listed solution solves its
//! task with the real engine, and every task is a real task (some decision
//! fails it). Plus the checker's explanations and `learn --list`.

use masai_mancala::engine::{GameKind, Quiet, Side};
use masai_mancala::learn::{self, Goal, Lesson};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_masai-mancala");

fn lesson(id: &str) -> Lesson {
    learn::all().into_iter().find(|l| l.id == id).unwrap()
}

#[test]
fn the_issue_s_lessons_are_all_there_in_order() {
    let ids: Vec<(GameKind, String)> = learn::all().into_iter().map(|l| (l.kind(), l.id)).collect();
    let want = [
        (GameKind::Enkeshui, "enkeshui-relay"),
        (GameKind::Enkeshui, "enkeshui-empty-hole"),
        (GameKind::Enkeshui, "enkeshui-bulls"),
        (GameKind::Enkeshui, "enkeshui-capture"),
        (GameKind::Enkeshui, "enkeshui-crossing"),
        (GameKind::Enkeshui, "enkeshui-race"),
        (GameKind::Enkeshui, "enkeshui-match"),
        (GameKind::Enkeshui, "enkeshui-special"),
        (GameKind::EnGehe, "en-gehe-long-board"),
        (GameKind::EnGehe, "en-gehe-captures"),
        (GameKind::EnGehe, "en-gehe-endless"),
        (GameKind::BaoLaKimasai, "bao-phase-1"),
        (GameKind::BaoLaKimasai, "bao-phase-2"),
        (GameKind::BaoLaKimasai, "bao-steal"),
        (GameKind::BaoLaKimasai, "bao-end"),
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
        l.check_tokens(&["2".into()]).unwrap_err(),
        "decision 1 '2': sowing hole 2 would never end (it repeats every 60 laps)"
    );
    // A decision after the end of the turn is refused.
    let l = lesson("enkeshui-relay");
    assert_eq!(
        l.check_tokens(&["3".into(), "5".into()]).unwrap_err(),
        "decision 2 '5': the turn is already over"
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
    let dir = std::env::temp_dir().join(format!("masai-learn-list-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
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
        "En Gehé\n  1. [ ] Sowing on the long board\n  2. [x] Captures after relays\n  3. [ ] An endless relay is refused\n1 of 3 done.\n"
    );
    let out = Command::new(BIN)
        .args(["learn", "--list"])
        .env("XDG_DATA_HOME", &dir)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().filter(|l| l.contains("[ ]")).count(), 14);
    assert!(text.ends_with("1 of 15 done.\n"), "{text}");
    let out = Command::new(BIN)
        .args(["learn", "chess", "--list"])
        .env("XDG_DATA_HOME", &dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
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

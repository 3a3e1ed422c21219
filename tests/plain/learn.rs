//! Lessons and puzzles in the line mode.

use super::*;

#[test]
fn learn_runs_the_lessons_in_lines_and_keeps_the_progress() {
    let dir = temp_dir();
    let r = run_in(
        &dir,
        &["learn", "enkeshui", "--plain"],
        "\n1\n8\nagain\n6\nnext\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.starts_with("13 lessons, 0 done. "), "{}", r.out);
    assert!(r.out.contains("\nLesson 1 of 13: The board.\n"));
    assert!(r.out.contains(
        "\nTask: Sow so that your last seed falls into North's hole 2.\n\
         Your move, holes 6 and 8.\n\
         Type a move, or help for the words you can use.\nHole 1 is empty.\n"
    ));
    assert!(
        r.out
            .contains("\nNot solved. Type again to try again, hint for a hint, or next.\n")
    );
    assert!(
        r.out
            .contains("\nYou sow hole 6: ends in North's empty hole 2. "),
        "{}",
        r.out
    );
    assert!(
        r.out
            .contains("\nSolved. Type next for the next lesson, or again.\nLesson 2 of 13: ")
    );
    let r = run_in(&dir, &["learn", "enkeshui", "--plain"], "");
    assert!(r.out.starts_with("13 lessons, 1 done. "), "{}", r.out);
    assert!(r.out.contains("\nLesson 2 of 13: "));
}

#[test]
fn a_lesson_says_the_legal_moves_and_again_does_not_read_the_text() {
    let r = run(
        &["learn", "enkeshui", "--plain"],
        "8\nagain\nlegal\ntext\n6\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.event("Not solved."),
        [
            "Not solved. Type again to try again, hint for a hint, or next.",
            "Lesson 1 again.",
            "Your row, holes 1 to 8: 0, 0, 0, 0, 0, 4, 0, 7.",
            "North's row, holes 8 to 1: 3, 0, 0, 0, 0, 0, 0, 0.",
            "Captured: you 17, North 17.",
            "Task: Sow so that your last seed falls into North's hole 2.",
            "Your move, holes 6 and 8.",
            "Your move, holes 6 and 8.",
            "Enkeshui is played on two rows of holes, 2x8 here. You are South: the bottom row",
            "is yours, the top row North's. Each player numbers his holes from his own left",
            "as he sits, so the numbers run in opposite directions: your hole 1 is bottom",
            "left, North's hole 1 is top right, and facing holes add up to 9: your 1 faces",
            "his 8, your 3 his 6.",
            "Seeds travel counterclockwise: along your row from left to right, then along",
            "North's row from his hole 1 to his hole 8 (right to left as you see it), and",
            "round again. A sowing lifts every seed of one of your holes and drops one into",
            "each following hole, starting with the next one.",
            "Task: Sow so that your last seed falls into North's hole 2.",
            "You sow hole 6: ends in North's empty hole 2. You have 26, North 22.",
        ]
        .join("\n")
            + "\n"
            + r.out[r.out.find("Hole 6's four seeds").unwrap()..].trim_end_matches('\n')
    );
}

/// A crossing in a lesson asks the direction, as in a game; undo says the
/// legal moves again.
#[test]
fn a_lesson_asks_the_direction_at_a_crossing() {
    let dir = temp_dir();
    let lessons: Vec<_> = masai_mancala::learn::of(masai_mancala::engine::GameKind::Enkeshui)
        .into_iter()
        .filter(|l| l.id == "enkeshui-crossing")
        .collect();
    let input = std::io::Cursor::new(b"8\nundo\n".to_vec());
    let mut out = Vec::new();
    masai_mancala::plain::learn::run(lessons, Some(dir.join("lessons.json")), input, &mut out)
        .unwrap();
    let out = String::from_utf8(out).unwrap();
    let from = out.find("\nTask: ").expect("the task");
    assert_eq!(
        out[from + 1..].lines().collect::<Vec<_>>(),
        [
            "Task: Cross North's row, then choose the direction that makes two bulls.",
            "Your move, holes 1, 2 and 8.",
            "You sow hole 8: crosses with 2 seeds in hand from North's hole 8, the direction",
            "to choose; 2 laps, relays 2 seeds from North's hole 8. You have 22, North 24.",
            "Your move: choose the direction, cw (clockwise, toward North's hole 7) or ccw",
            "(counterclockwise, toward your hole 1).",
            "Undone: back to turn 1.",
            "Your move, holes 1, 2 and 8.",
        ]
    );
}

/// The short reads work in a lesson as in a game: before a move, and at a
/// crossing (`last` then reads the sowing so far).
#[test]
fn a_lesson_answers_the_short_reads() {
    let dir = temp_dir();
    let lessons: Vec<_> = masai_mancala::learn::of(masai_mancala::engine::GameKind::Enkeshui)
        .into_iter()
        .filter(|l| l.id == "enkeshui-crossing")
        .collect();
    let input = b"last\nrow\nhole 8\nbulls\ntry 8\n8\nlast\nrow north\nbulls\ntry 1\ntry cw\nhole 1 north\n";
    let mut out = Vec::new();
    masai_mancala::plain::learn::run(
        lessons,
        Some(dir.join("lessons.json")),
        std::io::Cursor::new(input.to_vec()),
        &mut out,
    )
    .unwrap();
    let out = String::from_utf8(out).unwrap();
    let from = out
        .find("\nYour move, holes 1, 2 and 8.\n")
        .expect("the prompt");
    assert_eq!(
        out[from + 1..].lines().collect::<Vec<_>>(),
        [
            "Your move, holes 1, 2 and 8.",
            "No turns yet.",
            "Your row, holes 1 to 8: 2, 3, 0, 0, 0, 0, 0, 8.",
            "Your hole 8: 8 seeds; it faces North's hole 1: 0 seeds.",
            "No bulls yet.",
            "Not played: You sow hole 8: crosses with 2 seeds in hand from North's hole 8,",
            "the direction to choose; 2 laps, relays 2 seeds from North's hole 8. You have",
            "22, North 24.",
            "You sow hole 8: crosses with 2 seeds in hand from North's hole 8, the direction",
            "to choose; 2 laps, relays 2 seeds from North's hole 8. You have 22, North 24.",
            "Your move: choose the direction, cw (clockwise, toward North's hole 7) or ccw",
            "(counterclockwise, toward your hole 1).",
            "No turns yet.",
            "North's row, holes 8 to 1: 0, 1, 1, 1, 1, 1, 1, 1.",
            "No bulls yet.",
            "A direction is asked for: cw or ccw.",
            "Not played: You go clockwise: the lap ends with 2 seeds in hand from North's",
            "hole 6, the direction to choose; 2 laps, relays 2 seeds from North's hole 6. You",
            "have 22, North 24.",
            "North's hole 1: 1 seed; it faces your hole 8: 0 seeds.",
        ]
    );
}

/// The short reads work in a puzzle as in a game and a lesson: before the
/// decision and at a crossing; `undo` takes the turn back, `help` lists
/// them.
#[test]
fn a_puzzle_answers_the_short_reads() {
    let r = run(
        &["learn", "--puzzles", "enkeshui", "--plain"],
        "puzzle 5\nlast\nrow\nhole 7\nbulls\ntry 7\nanalysis\n7\nrow north\ntry cw\n\
         undo\nlegal\nhelp\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.event("Your move, holes 2, 4 and 7.")
            .lines()
            .collect::<Vec<_>>(),
        [
            "Your move, holes 2, 4 and 7.",
            "No turns yet.",
            "Your row, holes 1 to 8: 0, 1, 4 in your bull, 1, 6 in North's bull, 5 in North's",
            "bull, 11, 7 in North's bull.",
            "Your hole 7: 11 seeds; it faces North's hole 2: 0 seeds.",
            "7 bulls: your hole 3, yours, 4 seeds; your hole 5, owned by North, 6 seeds; your",
            "hole 6, owned by North, 5 seeds; your hole 8, owned by North, 7 seeds; North's",
            "hole 1, yours, 4 seeds; North's hole 3, yours, 4 seeds; North's hole 4, yours, 5",
            "seeds.",
            "Not played: You sow hole 7: crosses with 2 seeds in hand from your hole 2, the",
            "direction to choose; 2 laps, relays 2 seeds from your hole 2. You have 22, North",
            "24.",
            "Analysis, best first: hole 2 wins by 12 in this turn; hole 4 wins by 10 in this",
            "turn; hole 7 wins by 2 in 8 turns.",
            "You sow hole 7: crosses with 2 seeds in hand from your hole 2, the direction to",
            "choose; 2 laps, relays 2 seeds from your hole 2. You have 22, North 24.",
            "Your move: choose the direction, cw (clockwise, toward your hole 1) or ccw",
            "(counterclockwise, toward your hole 3).",
            "North's row, holes 8 to 1: 1, 1, 1, 1, 6 in your bull, 5 in your bull, 1, 5 in",
            "your bull.",
            "Not played: You go clockwise: the lap ends with 2 seeds in hand from North's",
            "hole 8, the direction to choose; 2 laps, relays 2 seeds from North's hole 8. You",
            "have 23, North 23.",
            "Undone: back to turn 1.",
            "Your move, holes 2, 4 and 7.",
            "Your move, holes 2, 4 and 7.",
            "Type a decision as in a game (a hole, i3 or o5 in Bao, cw or ccw). Words: board,",
            "legal, hint, solution, again, next, back, list, puzzle and a number, help, quit.",
            "As in a game: last, row, hole N, bulls, try N, analysis, undo.",
        ]
    );
}

/// `learn --puzzles --plain`: a wrong answer told with its proven result,
/// then the one decision that keeps the best result, kept in puzzles.json
/// (and not in the lessons' file); the next run opens the next puzzle.
#[test]
fn learn_puzzles_in_lines_judges_the_first_decision_and_keeps_the_progress() {
    let dir = temp_dir();
    let r = run_in(
        &dir,
        &["learn", "--puzzles", "enkeshui", "--plain"],
        "legal\nhint\n3\n4\n4\nagain\n7\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let lines = r.lines();
    assert_eq!(
        lines[..26],
        [
            "Puzzles from real games: 80 puzzles, 0 solved. In each, one decision alone keeps",
            "the best result, proven to the end of the game. Type a decision as in a game (a",
            "hole, i3 or o5 in Bao, cw or ccw). Words: board, legal, hint, solution, again,",
            "next, back, list, puzzle and a number, help, quit.",
            "Enkeshui puzzle 1 of 80, grade 1 (finish it).",
            "From a game the AI played against itself (medium South, medium North), turn 27",
            "of that game. You play South; North answers each of your turns with its best.",
            "Your row, holes 1 to 8: 12 in North's bull, 6 in North's bull, 0, 9, 0, 0, 1, 0.",
            "North's row, holes 8 to 1: 0, 0, 0, 0, 0, 0, 6 in North's bull, 12 in your bull.",
            "Captured: you 0, North 2.",
            "Task: One decision alone keeps the smallest loss you can force here. Find it",
            "(best play on both sides).",
            "Your move, holes 4 and 7.",
            // legal, hint, a hole that is empty
            "Your move, holes 4 and 7.",
            "Hint: Every decision loses: find the one that loses the fewest.",
            "Hole 3 is empty.",
            // A wrong answer, its proven result; the puzzle is over.
            "You sow hole 4: ends in North's empty hole 5. You have 18, North 30.",
            "Not this time. 4 gives a loss by 14 seeds in 9 turns with best play; the best",
            "decision keeps more.",
            "Type again to try again, hint for a hint, solution for the answer, or next.",
            "This puzzle is over: type next, again or quit.",
            "Enkeshui puzzle 1 of 80, grade 1 (finish it).",
            "From a game the AI played against itself (medium South, medium North), turn 27",
            "of that game. You play South; North answers each of your turns with its best.",
            "Your row, holes 1 to 8: 12 in North's bull, 6 in North's bull, 0, 9, 0, 0, 1, 0.",
            "North's row, holes 8 to 1: 0, 0, 0, 0, 0, 0, 6 in North's bull, 12 in your bull.",
        ]
    );
    assert_eq!(
        lines[29..],
        [
            "Your move, holes 4 and 7.",
            "You sow hole 7: ends in your empty hole 8.",
            "Game over: North wins, South 22 to North 26 (the player to move has no seeds to",
            "sow).",
            "Solved! 7 keeps a loss by 4 seeds in 1 turn; every other decision gives less.",
            "Type next for the next puzzle, list for the list, or quit.",
        ]
    );
    let data = dir.join("data").join("masai-mancala");
    assert_eq!(
        std::fs::read_to_string(data.join("puzzles.json")).unwrap(),
        "{\"done\":[\"enkeshui-001\"]}\n"
    );
    assert!(!data.join("lessons.json").exists());
    let r = run_in(
        &dir,
        &["learn", "--puzzles", "enkeshui", "--plain"],
        "list\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out
            .starts_with("Puzzles from real games: 80 puzzles, 1 solved. "),
        "{}",
        r.out
    );
    assert!(
        r.out
            .contains("\nEnkeshui puzzle 2 of 80, grade 1 (finish it).\n")
    );
    assert!(r.out.ends_with(
        "\nEnkeshui puzzles: 80, 1 solved.\n\
         Grade 1 (finish it): puzzles 1 to 20.\n\
         Grade 2 (look ahead): puzzles 21 to 40.\n\
         Grade 3 (plan): puzzles 41 to 60.\n\
         Grade 4 (deep): puzzles 61 to 80.\n\
         Solved: 1.\n"
    ));
}

/// A wrong first decision that crosses asks for the direction in words;
/// the turn is played to its end, then judged on its first decision.
#[test]
fn learn_puzzles_plain_asks_the_direction_then_judges() {
    let r = run(
        &["learn", "--puzzles", "enkeshui", "--plain"],
        "puzzle 5\n7\nccw\nccw\nsolution\nnext\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains(
        "\nYour move, holes 2, 4 and 7.\n\
         You sow hole 7: crosses with 2 seeds in hand from your hole 2, the direction to\n\
         choose; 2 laps, relays 2 seeds from your hole 2. You have 22, North 24.\n\
         Your move: choose the direction, cw (clockwise, toward your hole 1) or ccw\n\
         (counterclockwise, toward your hole 3).\n\
         You go counterclockwise: the lap ends with 2 seeds in hand from your hole 4, the\n\
         direction to choose; 2 laps, relays 2 seeds from your hole 4. You have 22, North\n\
         24.\n\
         Your move: choose the direction, cw (clockwise, toward your hole 3) or ccw\n\
         (counterclockwise, toward your hole 5).\n\
         You go counterclockwise: ends in North's bull at your hole 6. You have 22, North\n\
         26.\n\
         Not this time. 7 gives a win by 2 seeds in 8 turns with best play; the best\n\
         decision keeps more.\n"
    ));
    assert!(r.out.contains("\nSolution: 2.\nEnkeshui puzzle 6 of 80, "));
    assert!(
        !r.dir
            .join("data")
            .join("masai-mancala")
            .join("puzzles.json")
            .exists()
    );
}

/// En Gehé's puzzles in lines, every puzzle's solution played from the
/// list: all solved, each line plain.
#[test]
fn every_en_gehe_puzzle_is_solved_by_its_solution_in_lines() {
    let list = masai_mancala::learn::puzzles::of(masai_mancala::engine::GameKind::EnGehe);
    let input: String = list
        .iter()
        .map(|p| format!("{}\nnext\n", p.solution))
        .collect();
    let r = run(&["learn", "--puzzles", "en-gehe", "--plain"], &input);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.out.matches("\nSolved! ").count(), list.len(), "{}", r.out);
    assert!(r.out.contains("\nAll 80 puzzles here are solved.\n"));
    assert!(!r.out.contains("Not this time"));
}

/// A Bao puzzle's prompt lists every legal decision, not only the ones its
/// proof valued (that list would give the answer away: puzzle 3 values only
/// its solution, o6).
#[test]
fn a_bao_puzzles_prompt_lists_every_legal_decision() {
    let p = &masai_mancala::learn::puzzles::of(masai_mancala::engine::GameKind::BaoLaKimasai)[2];
    assert_eq!((p.solution.as_str(), p.decisions.len()), ("o6", 1));
    let dir = temp_dir();
    let r = run_in(
        &dir,
        &["learn", "--puzzles", "bao", "--plain"],
        "next\nnext\nlegal\ni1\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("\nBao la Kimasai puzzle 3 of "), "{}", r.out);
    let legal = "Your move, any inner hole but 4 and 7; any outer hole but 2.";
    // Once when the puzzle opens, once for `legal`.
    assert_eq!(
        r.out.lines().filter(|l| *l == legal).count(),
        2,
        "{}",
        r.out
    );
    assert!(
        r.out.contains(
            "\nNot this time. i1 forces no win within 7 turns with best play; the best decision\nwins sooner.\n"
        ),
        "{}",
        r.out
    );
}

/// A reader that, on its first read, has another session record a lesson
/// in the progress file (after the line mode read the file), then gives
/// `input`.
struct OtherSessionFirst {
    path: PathBuf,
    other: &'static str,
    input: std::io::Cursor<Vec<u8>>,
    done: bool,
}

impl std::io::Read for OtherSessionFirst {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if !self.done {
            self.done = true;
            masai_mancala::learn::progress::Progress::record(&self.path, self.other).unwrap();
        }
        self.input.read(buf)
    }
}

/// `learn --plain` records a solved lesson under the progress file's lock,
/// over what another session saved meanwhile: both lessons are kept.
#[test]
fn learn_plain_keeps_another_session_s_progress() {
    let dir = temp_dir();
    let path = dir.join("lessons.json");
    let reader = std::io::BufReader::new(OtherSessionFirst {
        path: path.clone(),
        other: "enkeshui-capture",
        input: std::io::Cursor::new(b"6\nquit\n".to_vec()),
        done: false,
    });
    let mut out = Vec::new();
    let lessons = masai_mancala::learn::of(masai_mancala::engine::GameKind::Enkeshui);
    masai_mancala::plain::learn::run(lessons, Some(path.clone()), reader, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.starts_with("13 lessons, 0 done. "), "{out}");
    assert!(
        out.contains("\nSolved. Type next for the next lesson, or again.\n"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{\"done\":[\"enkeshui-capture\",\"enkeshui-board\"]}\n"
    );
}

/// `undo` in a lesson is a game's undo: at the direction prompt of the
/// crossing lesson it takes the turn back to its start.
#[test]
fn learn_plain_undo_takes_the_turn_back_as_in_a_game() {
    let dir = temp_dir();
    let lessons: Vec<_> = masai_mancala::learn::of(masai_mancala::engine::GameKind::Enkeshui)
        .into_iter()
        .filter(|l| l.id == "enkeshui-crossing")
        .collect();
    let mut out = Vec::new();
    let input = std::io::Cursor::new(b"8\nundo\nundo\n8\nccw\nquit\n".to_vec());
    masai_mancala::plain::learn::run(lessons, Some(dir.join("lessons.json")), input, &mut out)
        .unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("\nUndone: back to turn "), "{out}");
    assert!(out.contains("\nNothing to undo.\n"), "{out}");
    assert!(
        out.contains("\nSolved. Type next for the next lesson, or again.\n"),
        "{out}"
    );
}

/// The race lesson alone, in the line mode, each line read at its time
/// (ms): the output, checked to be plain lines.
fn race_lesson(lines: &[(u64, &str)]) -> String {
    let lessons: Vec<_> = masai_mancala::learn::of(masai_mancala::engine::GameKind::Enkeshui)
        .into_iter()
        .filter(|l| l.id == "enkeshui-race")
        .collect();
    let (input, clock) = Timed::new(lines);
    let mut out = Vec::new();
    masai_mancala::plain::learn::run_with_clock(lessons, None, input, &mut out, clock).unwrap();
    let out = String::from_utf8(out).unwrap();
    plain_lines(&out);
    out
}

/// The lines said from Go to the end.
fn after_go(out: &str) -> Vec<&str> {
    let lines: Vec<&str> = out.lines().collect();
    let go = lines.iter().position(|l| *l == "Go!").expect("Go!");
    lines[go + 1..].to_vec()
}

/// Issue 37: the race lesson is the session's race, as in the client: an
/// Enter every 100 ms beats North's seed every 150 ms; nothing is said
/// until the result, then the lesson's verdict.
#[test]
fn quick_enters_win_the_race_lesson_in_lines() {
    let mut lines = enters(100, 80);
    lines.push((8100, "quit"));
    let out = race_lesson(&lines);
    assert!(
        out.contains(
            "\nHere you race by lines: press Enter to start, then Enter for each of your seeds:\n\
             it falls when you press. North drops a seed every 150 ms; drop faster to win.\n\
             Nothing is said until the race ends (board tells how it stands).\n\
             Task: Win the race: sleep before North does.\n"
        ),
        "{out}"
    );
    let said = after_go(&out);
    // The Enters after the result find the lesson over.
    let over = "This lesson is over: type next, again or quit.";
    assert_eq!(
        said[..2],
        [
            "Your lap ended in an empty hole first: you slept first.",
            "Solved. Type next for the next lesson, or again.",
        ],
        "{out}"
    );
    assert!(said[2..].iter().all(|l| *l == over), "{out}");
}

/// An Enter a second is far slower than North's seed every 150 ms: North
/// sleeps first, told at the line that finds it asleep (which drops
/// nothing); `board` tells the standing on the same clock. Enters held
/// (under 70 ms apart) drop nothing, and that is told.
#[test]
fn slow_or_held_enters_lose_the_race_lesson_in_lines() {
    let mut lines = enters(1000, 10);
    lines.insert(3, (2050, "board"));
    lines.push((11_000, "quit"));
    let out = race_lesson(&lines);
    let said = after_go(&out);
    assert_eq!(
        said[..4],
        [
            // Go at 0; South's drops at 1000 and 2000; North's every 150 ms.
            "You: 2 drops, 2 in hand, lap 1. North: 13 drops, 3 in hand, lap 4.",
            "North's lap ended in an empty hole before yours: North slept first.",
            "Not solved. Type again to try again, hint for a hint, or next.",
            "This lesson is over: type next, again or quit.",
        ],
        "{out}"
    );
    // A held key: only the first Enter after Go counts.
    let mut lines = enters(20, 400);
    lines.push((8020, "quit"));
    let out = race_lesson(&lines);
    let said = after_go(&out);
    // North sleeps at its 16th drop, 2400 ms from Go: the first Enter
    // counted, the 118 after it held.
    assert_eq!(
        said[..4],
        [
            "118 Enters came less than 70 ms after the one before (a held key) and dropped",
            "nothing.",
            "North's lap ended in an empty hole before yours: North slept first.",
            "Not solved. Type again to try again, hint for a hint, or next.",
        ],
        "{out}"
    );
    assert!(!out.contains("Solved. "), "{out}");
}

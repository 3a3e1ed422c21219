//! The lesson screen on a `TestBackend`: lessons solved and failed with the
//! keys a player presses, the board as a game shows it, and progress saved.

#[path = "common/temp.rs"]
mod temp;
use temp::TempDir;

use masai_mancala::app::App;
use masai_mancala::app::AppEvent;
use masai_mancala::app::Theme;
use masai_mancala::app::{LessonScreen, Phase};
use masai_mancala::cli::ClientArgs;
use masai_mancala::engine::GameKind;
use masai_mancala::theme::Palette;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::path::Path;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

const PLAIN: Theme = Theme {
    color: false,
    ascii: false,
    palette: Palette::Dark,
};

fn temp(name: &str) -> TempDir {
    TempDir::file(&format!("masai-lessons-{name}"), "lessons.json")
}

/// The app with the lessons of `kind` open at lesson `id`, progress in `path`.
fn lessons(kind: GameKind, id: &str, path: &Path) -> App {
    let (tx, _rx) = channel();
    let mut app = App::menu(tx.clone(), ClientArgs::default(), PLAIN);
    let now = Instant::now();
    let mut s = LessonScreen::new(Some(kind), Some(path.to_path_buf()), PLAIN, 1, tx, now);
    let i = s.lessons.iter().position(|l| l.id == id).unwrap();
    s.open(i, now);
    app.show_lessons(s, false);
    app
}

fn screen(app: &mut App) -> Vec<String> {
    app.handle(AppEvent::Resize(80, 30), Instant::now());
    let mut term = Terminal::new(TestBackend::new(80, 30)).unwrap();
    masai_mancala::app::draw(&mut term, app).unwrap();
    let buf = term.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

fn text(app: &mut App) -> String {
    screen(app).join("\n")
}

fn key(app: &mut App, code: KeyCode) {
    app.handle(AppEvent::Key(KeyEvent::from(code)), Instant::now());
}

fn keys(app: &mut App, s: &str) {
    for c in s.chars() {
        let code = if c == '\n' {
            KeyCode::Enter
        } else {
            KeyCode::Char(c)
        };
        key(app, code);
    }
}

/// Lets the animation run out.
fn settle(app: &mut App) {
    let mut now = Instant::now();
    for _ in 0..10_000 {
        if app.deadline().is_none() {
            return;
        }
        now += Duration::from_secs(1);
        app.tick(now);
    }
    panic!("the animation never ends");
}

/// Runs the race lesson's countdown to Go.
fn go(app: &mut App) {
    let now = Instant::now();
    for k in 1..=3 {
        app.tick(now + Duration::from_secs(k));
    }
}

fn phase(app: &App) -> Phase {
    app.lessons().unwrap().phase.clone()
}

#[test]
fn the_capture_lesson_solved_with_the_keys() {
    let path = temp("solve");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-capture", &path);
    let t = text(&mut app);
    assert!(
        t.contains("Enkeshui lesson 5 of 13: Capture on the first lap, and the forward chain"),
        "{t}"
    );
    assert!(
        t.contains("Task: Capture at least 7 seeds in one turn."),
        "{t}"
    );
    // The board as a game draws it, South at the bottom.
    let lines = screen(&mut app);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("North     1    0    0    3    2    1    0    0")),
        "{t}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("South     0    3    1    0    0    0    0    0")),
        "{t}"
    );
    keys(&mut app, "3\n");
    // The sowing is animated like a game's, then the verdict.
    assert!(app.deadline().is_some());
    settle(&mut app);
    let t = text(&mut app);
    assert!(t.contains("Solved!"), "{t}");
    assert!(t.contains("You captured 7 seeds."), "{t}");
    assert!(t.contains("(done)"), "{t}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{\"done\":[\"enkeshui-capture\"]}\n"
    );
    // Enter goes on to the next lesson.
    keys(&mut app, "\n");
    assert!(text(&mut app).contains("lesson 6 of 13: Crossing, and the cw/ccw choice"));
}

/// The verdict waits for the sowing to be shown: while the seeds still
/// move, the lesson says nothing of the turn's result and saves nothing.
#[test]
fn the_verdict_comes_after_the_sowing_is_shown() {
    let path = temp("verdict-after");
    let (tx, _rx) = channel();
    let mut app = App::menu(tx.clone(), ClientArgs::default(), PLAIN);
    let now = Instant::now();
    // A second a seed: each tick below shows one more frame.
    let mut s = LessonScreen::new(
        Some(GameKind::Enkeshui),
        Some(path.to_path_buf()),
        PLAIN,
        1000,
        tx,
        now,
    );
    let i = s
        .lessons
        .iter()
        .position(|l| l.id == "enkeshui-capture")
        .unwrap();
    s.open(i, now);
    app.show_lessons(s, false);
    keys(&mut app, "3\n");
    let start = Instant::now();
    let mut frames = 0;
    for k in 1..100 {
        if app.deadline().is_none() {
            break;
        }
        let t = text(&mut app);
        assert!(!t.contains("Solved!"), "frame {k}: {t}");
        assert!(!t.contains("You captured"), "frame {k}: {t}");
        assert_eq!(phase(&app), Phase::Play, "frame {k}");
        assert!(!path.exists(), "no progress saved before the verdict");
        frames += 1;
        app.tick(start + Duration::from_secs(k));
    }
    assert!(
        frames >= 3,
        "the sowing was shown frame by frame ({frames})"
    );
    let t = text(&mut app);
    assert!(t.contains("Solved!"), "{t}");
    assert!(t.contains("You captured 7 seeds."), "{t}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{\"done\":[\"enkeshui-capture\"]}\n"
    );
}

#[test]
fn a_wrong_decision_is_explained_and_can_be_retried_with_a_hint() {
    let path = temp("fail");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-capture", &path);
    keys(&mut app, "2\n");
    settle(&mut app);
    let t = text(&mut app);
    assert!(t.contains("Not this time."), "{t}");
    assert!(t.contains("You captured 4 seeds."), "{t}");
    assert!(t.contains("misses North's hole 5"), "{t}");
    assert!(!path.exists(), "nothing is saved for a failed lesson");
    keys(&mut app, "i");
    assert!(text(&mut app).contains("Hint: Your hole 4 faces North's hole 5"));
    keys(&mut app, "u");
    assert_eq!(phase(&app), Phase::Play);
    keys(&mut app, "a");
    assert!(text(&mut app).contains("Solution: 3"));
    keys(&mut app, "3\n");
    settle(&mut app);
    assert!(text(&mut app).contains("Solved!"));
}

/// `a` shows the solution and selects its hole, as `i` does: Enter then
/// plays the solution, not the hole the cursor was on.
#[test]
fn the_solution_selects_its_hole_and_enter_plays_it() {
    let path = temp("solution-enter");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-capture", &path);
    keys(&mut app, "5");
    keys(&mut app, "a");
    assert!(text(&mut app).contains("Solution: 3"));
    keys(&mut app, "\n");
    settle(&mut app);
    let t = text(&mut app);
    assert!(t.contains("Solved!"), "{t}");
    assert!(t.contains("You captured 7 seeds."), "{t}");
}

#[test]
fn the_crossing_lesson_asks_the_direction() {
    let path = temp("cross");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-crossing", &path);
    keys(&mut app, "8\n");
    settle(&mut app);
    let t = text(&mut app);
    assert!(
        t.contains("You crossed North's row: 2 seeds in hand"),
        "{t}"
    );
    // As at a game's direction prompt: the lap was lifted from North's row
    // (the top row), so ← is ccw there; the arrow picks and Enter sows on.
    assert!(t.contains("Direction? ← ccw  [cw →]"), "{t}");
    key(&mut app, KeyCode::Left);
    settle(&mut app);
    let t = text(&mut app);
    assert!(t.contains("Direction? [← ccw]  cw →"), "{t}");
    assert!(!t.contains("Solved!"), "an arrow only picks: {t}");
    key(&mut app, KeyCode::Enter);
    settle(&mut app);
    let t = text(&mut app);
    assert!(t.contains("Solved!"), "{t}");
    assert!(t.contains("You made 2 bulls."), "{t}");
}

#[test]
fn the_special_move_lesson_is_played_with_the_guided_special_move() {
    let path = temp("special");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-special", &path);
    // A plain sowing does not solve it: the lesson asks for the special move.
    keys(&mut app, "x2\n5\n8");
    for _ in 0..8 {
        keys(&mut app, "\n");
    }
    settle(&mut app);
    let t = text(&mut app);
    assert!(t.contains("Solved!"), "{t}");
    assert!(t.contains("North can take nothing now."), "{t}");
}

#[test]
fn the_race_lesson_is_won_by_pressing_fast_and_lost_by_waiting() {
    let path = temp("race");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-race", &path);
    // The countdown first, as in a game's race.
    go(&mut app);
    for _ in 0..200 {
        if phase(&app) != Phase::Race {
            break;
        }
        keys(&mut app, "zx");
    }
    assert!(text(&mut app).contains("Solved!"));
    // Again, without pressing: North's racer drops on the ticks and sleeps first.
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-race", &path);
    settle(&mut app);
    let t = text(&mut app);
    assert!(t.contains("Not this time."), "{t}");
    assert!(
        t.contains("North's lap ended in an empty hole before yours"),
        "{t}"
    );
}

#[test]
fn bao_lessons_use_the_four_row_board() {
    let path = temp("bao");
    let mut app = lessons(GameKind::BaoLaKimasai, "bao-steal", &path);
    let t = text(&mut app);
    assert!(t.contains("Bao la Kimasai lesson 5 of 8: Steals"), "{t}");
    assert!(t.contains("reserve"), "{t}");
    keys(&mut app, "3\n");
    settle(&mut app);
    let t = text(&mut app);
    assert!(t.contains("Solved!"), "{t}");
    assert!(t.contains("You stole 3 cows."), "{t}");
    // After the verdict the board takes no decision: no row to pick.
    assert!(!t.contains("↑/↓ row"), "{t}");
}

#[test]
fn the_start_menu_opens_the_lessons_and_q_comes_back() {
    let (tx, _rx) = channel();
    let mut app = App::menu(tx, ClientArgs::default(), PLAIN);
    keys(&mut app, "L");
    let t = text(&mut app);
    assert!(t.contains("Enkeshui lesson"), "{t}");
    keys(&mut app, "q");
    assert!(app.lessons().is_none());
    assert!(!app.quitting());
    assert!(text(&mut app).contains("New game"));
}

/// Every lesson fits the smallest terminal it asks for (80x24 but for the
/// long En Gehé board): the task, the board's rows and the keys are on screen.
#[test]
fn every_lesson_shows_its_task_board_and_keys() {
    let path = temp("fit");
    for l in masai_mancala::learn::all() {
        let mut app = lessons(l.kind(), &l.id, &path);
        let (w, h) = masai_mancala::app::needed_size(&app);
        app.handle(AppEvent::Resize(w, h), Instant::now());
        let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
        masai_mancala::app::draw(&mut term, &app).unwrap();
        let buf = term.backend().buffer();
        let lines: Vec<String> = (0..buf.area.height)
            .map(|y| {
                (0..buf.area.width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect()
            })
            .collect();
        let t = lines.join("\n");
        if std::env::var_os("SHOW").is_some() {
            println!("{w}x{h}\n{t}");
        }
        assert!(t.contains("Task: "), "{}: {t}", l.id);
        assert!(t.contains("South"), "{}: {t}", l.id);
        assert!(lines[h as usize - 1].contains("? help"), "{}: {t}", l.id);
        // Bao's rows are picked with the arrows, and the bar says so.
        assert_eq!(
            lines[h as usize - 1].contains("↑/↓ row"),
            l.kind() == GameKind::BaoLaKimasai,
            "{}: {t}",
            l.id
        );
        if l.kind() != GameKind::EnGehe {
            assert_eq!((w, h), (80, 24), "{}", l.id);
        }
    }
}

/// The screen as one line of words (wrapped lines joined with spaces).
fn flat(app: &mut App) -> String {
    screen(app)
        .iter()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A special move other than the listed one is told as played.
#[test]
fn the_special_move_answer_tells_the_row_played() {
    let path = temp("special-other");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-special", &path);
    // Lift 2 and 5, drop into 1 1 3 3 4 4 6 6.
    keys(&mut app, "x2\n5\n");
    for h in "11334466".chars() {
        keys(&mut app, &format!("{h}\n"));
    }
    settle(&mut app);
    let t = flat(&mut app);
    assert!(t.contains("Solved!"), "{t}");
    assert!(
        t.contains("You made the special move: your row is now 2 0 2 2 0 2 0 0. North can take nothing now."),
        "{t}"
    );
    assert!(!t.contains("0 laps"), "{t}");
    assert!(!t.contains("hole 8"), "{t}");
}

/// A capture task comes only once its game's captures were explained on screen.
#[test]
fn captures_are_explained_before_a_capture_task() {
    let path = temp("explained");
    for kind in GameKind::ALL {
        let mut explained = false;
        for l in masai_mancala::learn::of(kind) {
            let mut app = lessons(kind, &l.id, &path);
            let (w, h) = masai_mancala::app::needed_size(&app);
            app.handle(AppEvent::Resize(w, h), Instant::now());
            let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
            masai_mancala::app::draw(&mut term, &app).unwrap();
            let buf = term.backend().buffer();
            let words: Vec<String> = (0..buf.area.height)
                .map(|y| {
                    (0..buf.area.width)
                        .map(|x| buf[(x, y)].symbol().to_string())
                        .collect::<String>()
                        .trim()
                        .to_string()
                })
                .collect();
            let t = words.join(" ");
            let before_task = t.split("Task:").next().unwrap();
            explained |= before_task.contains("you capture them");
            if matches!(l.goal, masai_mancala::learn::Goal::Capture { .. }) {
                assert!(
                    explained,
                    "{}: a capture task before captures are explained: {t}",
                    l.id
                );
            }
        }
    }
}

/// The final-score task shows the score it is judged on.
#[test]
fn the_match_lesson_shows_the_score() {
    let path = temp("score");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-match", &path);
    let t = flat(&mut app);
    assert!(
        t.contains("Score if the game ended now: you 22, North 26."),
        "{t}"
    );
    keys(&mut app, "4\n");
    settle(&mut app);
    let t = flat(&mut app);
    assert!(t.contains("Solved!"), "{t}");
    assert!(t.contains("Final score: you 25, North 23."), "{t}");
}

/// After the last lesson, with every lesson done: an "all done" note and what next.
#[test]
fn the_last_lesson_says_all_done() {
    let path = temp("all-done");
    let others: Vec<String> = masai_mancala::learn::of(GameKind::EnGehe)
        .iter()
        .filter(|l| l.id != "en-gehe-turn-limit")
        .map(|l| format!("\"{}\"", l.id))
        .collect();
    std::fs::write(&path, format!("{{\"done\":[{}]}}\n", others.join(","))).unwrap();
    let mut app = lessons(GameKind::EnGehe, "en-gehe-turn-limit", &path);
    keys(&mut app, "2\n");
    settle(&mut app);
    let t = flat(&mut app);
    assert!(t.contains("Solved!"), "{t}");
    assert!(
        t.contains("All done: you have solved every En Gehé lesson. Next, play a game against the AI: run masai-mancala en-gehe, or New game in the start menu."),
        "{t}"
    );
    keys(&mut app, "\n");
    assert!(text(&mut app).contains("En Gehé lesson 1 of 5"));
    // Not all done: the last lesson names the ones left.
    let path = temp("not-all-done");
    let mut app = lessons(GameKind::EnGehe, "en-gehe-turn-limit", &path);
    keys(&mut app, "2\n");
    settle(&mut app);
    let t = flat(&mut app);
    assert!(
        t.contains("That was the last lesson; not solved yet: lessons 1, 2, 3, 4. Enter: lesson 1"),
        "{t}"
    );
    // One left: named alone, and Enter opens it.
    let path = temp("one-left");
    std::fs::write(
        &path,
        "{\"done\":[\"en-gehe-long-board\",\"en-gehe-endless\",\"en-gehe-end\"]}\n",
    )
    .unwrap();
    let mut app = lessons(GameKind::EnGehe, "en-gehe-turn-limit", &path);
    keys(&mut app, "2\n");
    settle(&mut app);
    let t = flat(&mut app);
    assert!(
        t.contains("That was the last lesson; not solved yet: lesson 2. Enter: lesson 2"),
        "{t}"
    );
    keys(&mut app, "\n");
    assert!(text(&mut app).contains("En Gehé lesson 2 of 5"));
    // Enkeshui, none done before: every lesson left is named.
    let path = temp("none-done");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-match", &path);
    keys(&mut app, "4\n");
    settle(&mut app);
    keys(&mut app, "\n");
    keys(&mut app, "a");
    let sol = app.lessons().unwrap().lesson().solution.clone();
    assert_eq!(sol, ["x2,5=0,0,0,0,0,0,0,8"]);
    keys(&mut app, "x2\n5\n");
    for _ in 0..8 {
        keys(&mut app, "8\n");
    }
    settle(&mut app);
    let t = flat(&mut app);
    assert!(t.contains("Solved!"), "{t}");
    assert!(t.contains("Enter: the next lesson"), "{t}");
    keys(&mut app, "\n");
    assert!(text(&mut app).contains("Enkeshui lesson 13 of 13: The turn limit"));
    keys(&mut app, "3\n");
    settle(&mut app);
    let t = flat(&mut app);
    assert!(t.contains("Solved!"), "{t}");
    assert!(
        t.contains(
            "That was the last lesson; not solved yet: lessons 1, 2, 3, 4, 5, 6, 7, 8, 9, 10. Enter: lesson 1"
        ),
        "{t}"
    );
}

/// `i` shows the hint and selects the hinted hole, as in a game: Enter then plays it.
#[test]
fn the_hint_key_selects_the_hinted_hole() {
    let path = temp("hint-select");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-capture", &path);
    assert_eq!(app.lessons().unwrap().cursor(), 2);
    keys(&mut app, "i");
    assert_eq!(app.lessons().unwrap().cursor(), 3);
    assert!(text(&mut app).contains("Hint: "));
    keys(&mut app, "\n");
    settle(&mut app);
    assert!(text(&mut app).contains("Solved!"));
    // Mid-turn, the next decision's hole; the special move: its first lifted hole.
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-special", &path);
    keys(&mut app, "i");
    assert_eq!(app.lessons().unwrap().cursor(), 2);
}

/// A new lesson played with the keys: the endless sowing refused with its
/// cycle, a wrong turn told from the board, then the solution.
#[test]
fn the_bao_endless_lesson_refuses_the_endless_hole_and_tells_the_turn() {
    let path = temp("bao-endless");
    let mut app = lessons(GameKind::BaoLaKimasai, "bao-endless", &path);
    let t = flat(&mut app);
    assert!(
        t.contains("Bao la Kimasai lesson 7 of 8: Sowings that never end"),
        "{t}"
    );
    keys(&mut app, "6\n");
    let t = flat(&mut app);
    assert!(
        t.contains("i6: sowing i6 would never end (it repeats every 120 laps)"),
        "{t}"
    );
    assert_eq!(phase(&app), Phase::Play);
    keys(&mut app, "5\n");
    settle(&mut app);
    let t = flat(&mut app);
    assert!(
        t.contains("Not this time. Your turn sowed 1 lap. The last cow fell into your inner hole 7, which was empty. Every sowing here ends in your empty i7, and the others reach it sooner: from i8 the way round is the longest."),
        "{t}"
    );
    keys(&mut app, "u8\n");
    settle(&mut app);
    let t = flat(&mut app);
    assert!(
        t.contains("Solved! Your i8's 2 cows went round the corner into o8 and o7; from there each lap ended in an occupied hole, o5, o3, i1, i3 and i5, until the last cow fell into your empty i7: 7 laps. Your turn sowed 7 laps."),
        "{t}"
    );
}

/// The Enkeshui end-of-game lesson shows the score it is judged on, before
/// and after, and the game's end.
#[test]
fn the_end_of_game_lesson_shows_the_score_and_the_end() {
    let path = temp("enk-end");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-end", &path);
    let t = flat(&mut app);
    assert!(
        t.contains("Score if the game ended now: you 25, North 23."),
        "{t}"
    );
    keys(&mut app, "8\n");
    settle(&mut app);
    let t = flat(&mut app);
    assert!(t.contains("Not this time. Your turn sowed 1 lap. The last seed fell into North's hole 2, which was empty. Your first seed fell into your bull"), "{t}");
    keys(&mut app, "u3\n");
    settle(&mut app);
    let t = flat(&mut app);
    assert!(t.contains("Final score: you 28, North 20."), "{t}");
    assert!(t.contains("The game is over: South wins, South 28 to North 20 (the player to move has no seeds to sow)."), "{t}");
}

/// Two `learn` sessions open at once, each solving a lesson: the progress
/// file keeps both, and the later session learns of the other's lesson.
#[test]
fn two_sessions_keep_each_other_s_progress() {
    let path = temp("two-sessions");
    let mut one = lessons(GameKind::Enkeshui, "enkeshui-capture", &path);
    let mut two = lessons(GameKind::Enkeshui, "enkeshui-board", &path);
    keys(&mut one, "3\n");
    settle(&mut one);
    assert!(text(&mut one).contains("Solved!"));
    keys(&mut two, "6\n");
    settle(&mut two);
    assert!(text(&mut two).contains("Solved!"));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{\"done\":[\"enkeshui-capture\",\"enkeshui-board\"]}\n"
    );
    let s = two.lessons().unwrap();
    assert!(s.progress.is_done("enkeshui-capture"));
    assert!(s.progress.is_done("enkeshui-board"));
}

/// The race lesson counts down 3-2-1 as a game's race does: no drop before
/// Go, neither yours nor North's; and it names the racer keys in effect.
#[test]
fn the_race_lesson_counts_down_and_names_the_keys_in_effect() {
    use masai_mancala::app as keys;
    use masai_mancala::keys::{Key, Keymap};
    let path = temp("race-go");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-race", &path);
    let t = flat(&mut app);
    assert!(
        t.contains(
            "The race starts in 3... Then press z and x in turn! (North drops a seed every 150 ms.)"
        ),
        "{t}"
    );
    keys(&mut app, "z");
    assert!(flat(&mut app).contains("Wait for Go! (3)"));
    let now = Instant::now();
    app.tick(now + Duration::from_millis(1500));
    let t = flat(&mut app);
    assert!(t.contains("The race starts in 2..."), "{t}");
    let race = app.lessons().unwrap().race().cloned().unwrap();
    assert!(race.drops().is_empty(), "a drop before Go");
    app.tick(now + Duration::from_millis(3000));
    let t = flat(&mut app);
    assert!(
        t.contains("Race: your seeds in hand 4, North's 4. Press z and x in turn!"),
        "{t}"
    );
    assert!(!t.contains("Wait for Go!"), "{t}");
    // North's first drop comes 150 ms after Go.
    app.tick(now + Duration::from_millis(3100));
    assert!(app.lessons().unwrap().race().unwrap().drops().is_empty());
    app.tick(now + Duration::from_millis(3160));
    assert_eq!(app.lessons().unwrap().race().unwrap().drops().len(), 1);
    // Rebound racer keys: the lesson names them, and they race.
    let mut map = Keymap::default();
    map.rebind("south-race", &[Key::Char('a'), Key::Char('s')])
        .unwrap();
    keys::set_active(map);
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-race", &path);
    let before = flat(&mut app);
    go(&mut app);
    keys(&mut app, "as");
    let after = flat(&mut app);
    keys::set_active(Keymap::default());
    assert!(before.contains("Then press a and s in turn!"), "{before}");
    assert!(after.contains("Press a and s in turn!"), "{after}");
    assert!(
        !before.contains("z and x") && !after.contains("z and x"),
        "{after}"
    );
    let race = app.lessons().unwrap().race().cloned().unwrap();
    assert_eq!(
        race.drops()
            .iter()
            .filter(|d| **d == masai_mancala::engine::Side::South)
            .count(),
        2
    );
}

/// A lesson is a game: at the direction prompt `i` selects the hint's
/// direction (as a game's hint selects its decision), `u` undoes back to
/// the start of the turn and `r` redoes, as the play screen's keys do.
#[test]
fn the_game_s_keys_at_a_lesson_s_direction_prompt() {
    let path = temp("cross-keys");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-crossing", &path);
    keys(&mut app, "8\n");
    settle(&mut app);
    assert!(flat(&mut app).contains("Direction? ← ccw  [cw →]"));
    // The hint's decision here is a direction: `i` picks it.
    keys(&mut app, "i");
    let t = flat(&mut app);
    assert!(t.contains("Direction? [← ccw]  cw →"), "{t}");
    assert!(t.contains("Hint: "), "{t}");
    // Undo: back to the start of the turn, the crossing's sowing taken back.
    keys(&mut app, "u");
    let t = flat(&mut app);
    assert!(!t.contains("Direction?"), "{t}");
    assert!(t.contains("Undone: back to the start of your turn"), "{t}");
    assert_eq!(app.lessons().unwrap().play().step(), 0);
    assert_eq!(phase(&app), Phase::Play);
    // Redo: forward to the direction prompt again; Enter sows on the pick.
    keys(&mut app, "r");
    let t = flat(&mut app);
    assert!(t.contains("Redone: turn"), "{t}");
    assert!(t.contains("Direction? ← ccw  [cw →]"), "{t}");
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Enter);
    settle(&mut app);
    let t = flat(&mut app);
    assert!(t.contains("Solved!"), "{t}");
    assert_eq!(app.lessons().unwrap().tokens(), ["8", "ccw"]);
}

/// After the verdict `u` is a game's undo too: back to the start of the
/// turn, where the task is played again; `r` brings the turn and its
/// verdict back.
#[test]
fn undo_after_the_verdict_plays_the_turn_again_and_redo_judges_it_again() {
    let path = temp("undo-verdict");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-capture", &path);
    keys(&mut app, "2\n");
    settle(&mut app);
    let t = flat(&mut app);
    assert!(t.contains("Not this time."), "{t}");
    assert!(t.contains("You captured 4 seeds."), "{t}");
    keys(&mut app, "u");
    assert_eq!(phase(&app), Phase::Play);
    assert!(!flat(&mut app).contains("Not this time."));
    keys(&mut app, "r");
    settle(&mut app);
    let t = flat(&mut app);
    assert!(t.contains("Not this time."), "{t}");
    assert!(t.contains("You captured 4 seeds."), "{t}");
    assert!(!path.exists(), "nothing is saved for a failed lesson");
}

/// The special move in a lesson is the game's: its prompt, Backspace takes
/// a seed back, Esc gives the move up, and the hint bar shows its keys.
#[test]
fn the_special_move_s_keys_are_the_game_s() {
    let path = temp("special-keys");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-special", &path);
    keys(&mut app, "x");
    let t = flat(&mut app);
    assert!(
        t.contains("Special move: lift two holes (Enter on each), Esc cancels"),
        "{t}"
    );
    keys(&mut app, "2\n5\n8\n");
    let t = flat(&mut app);
    assert!(t.contains("7 seeds in hand"), "{t}");
    assert!(
        t.contains("Special move: lifted 2 and 5 · 7 in hand · Enter drops on hole 8"),
        "{t}"
    );
    assert!(t.contains("take back"), "the special move's hint bar: {t}");
    key(&mut app, KeyCode::Backspace);
    assert!(flat(&mut app).contains("8 seeds in hand"));
    // Esc gives the special move up (it does not leave the lessons).
    key(&mut app, KeyCode::Esc);
    let t = flat(&mut app);
    assert!(t.contains("Special move given up"), "{t}");
    assert!(app.lessons().is_some());
    assert!(app.lessons().unwrap().play().special().is_none());
    // Made again, it solves the lesson.
    keys(&mut app, "x2\n5\n8");
    for _ in 0..8 {
        keys(&mut app, "\n");
    }
    settle(&mut app);
    assert!(flat(&mut app).contains("Solved!"));
}

/// Digits and arrows are the game's: a hole typed is named as the play
/// screen names it, and ← stops at the first hole (no wrap-around).
#[test]
fn digits_and_arrows_are_the_game_s() {
    let path = temp("digits");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-capture", &path);
    keys(&mut app, "3");
    assert!(flat(&mut app).contains("Hole 3 selected: Enter sows it"));
    assert_eq!(app.lessons().unwrap().cursor(), 3);
    keys(&mut app, "9");
    assert!(flat(&mut app).contains("There is no hole 9 (holes are 1 to 8)"));
    keys(&mut app, "1");
    key(&mut app, KeyCode::Left);
    assert_eq!(app.lessons().unwrap().cursor(), 1);
    key(&mut app, KeyCode::Right);
    assert_eq!(app.lessons().unwrap().cursor(), 2);
}

/// The race lesson runs the game's race screen: its countdown, its
/// refusals in its own words, and North's racer as an AI racer.
#[test]
fn the_race_lesson_runs_the_game_s_race() {
    let path = temp("race-screen");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-race", &path);
    let race = app.lessons().unwrap().race_screen().unwrap();
    assert_eq!(race.countdown(), Some(3));
    assert!(race.ai(masai_mancala::engine::Side::North).is_some());
    assert!(race.ai(masai_mancala::engine::Side::South).is_none());
    // North's keys are the AI racer's, as in a game against the AI.
    keys(&mut app, "n");
    assert!(flat(&mut app).contains("North races for the AI"));
    go(&mut app);
    assert_eq!(
        app.lessons().unwrap().race_screen().unwrap().countdown(),
        None
    );
    // The same key twice counts once, as in a game's race.
    keys(&mut app, "zz");
    let race = app.lessons().unwrap().race_screen().unwrap();
    assert_eq!(race.race().drops().len(), 1);
    assert_eq!(race.repeats().south, 1);
}

/// The race lesson's race is held while the help covers it, as a game's
/// race is: no countdown and no drop of North's until it shows again.
#[test]
fn the_race_lesson_is_held_while_the_help_is_open() {
    let path = temp("race-held");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-race", &path);
    app.handle(AppEvent::Resize(80, 30), Instant::now());
    keys(&mut app, "?");
    let now = Instant::now();
    for k in 1..=10 {
        app.tick(now + Duration::from_secs(k));
    }
    let race = app.lessons().unwrap().race_screen().unwrap();
    assert!(race.paused());
    assert_eq!(race.countdown(), Some(3));
    assert!(race.race().drops().is_empty());
    // Closed, the countdown goes on from 3.
    keys(&mut app, "?");
    assert!(!app.lessons().unwrap().race_screen().unwrap().paused());
    let t = flat(&mut app);
    assert!(t.contains("The race starts in 3..."), "{t}");
}

/// `+` and `-` change the animation's speed as in a game.
#[test]
fn plus_and_minus_set_the_animation_s_speed_as_in_a_game() {
    let path = temp("speed");
    let (tx, _rx) = channel();
    let mut app = App::menu(tx.clone(), ClientArgs::default(), PLAIN);
    let now = Instant::now();
    let s = LessonScreen::new(
        Some(GameKind::Enkeshui),
        Some(path.to_path_buf()),
        PLAIN,
        80,
        tx,
        now,
    );
    app.show_lessons(s, false);
    keys(&mut app, "+");
    assert!(flat(&mut app).contains("Animation: 40 ms a seed"));
    keys(&mut app, "--");
    assert!(flat(&mut app).contains("Animation: 160 ms a seed"));
    assert_eq!(app.lessons().unwrap().speed_ms, 160);
}

/// A sowing that takes longer than the wait comes back through the app's
/// channel, as a game's does, and the lesson takes it and judges the turn.
#[test]
fn a_slow_answer_comes_through_the_app_s_channel_and_is_judged() {
    let path = temp("slow");
    let (tx, rx) = channel();
    let mut app = App::menu(tx.clone(), ClientArgs::default(), PLAIN);
    let now = Instant::now();
    let mut s = LessonScreen::new(
        Some(GameKind::Enkeshui),
        Some(path.to_path_buf()),
        PLAIN,
        1,
        tx,
        now,
    );
    let i = s
        .lessons
        .iter()
        .position(|l| l.id == "enkeshui-capture")
        .unwrap();
    s.open(i, now);
    app.show_lessons(s, false);
    app.set_work_wait(Duration::ZERO);
    keys(&mut app, "3\n");
    let t = text(&mut app);
    assert!(t.contains("Working out the sowing of 3..."), "{t}");
    // Nothing but the answer moves the lesson on: no tick looks for it.
    assert_eq!(app.deadline(), None);
    let ev = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the answer");
    assert!(matches!(ev, AppEvent::Job(_)), "{ev:?}");
    assert!(app.handle(ev, Instant::now()));
    settle(&mut app);
    let t = text(&mut app);
    assert!(t.contains("Solved!"), "{t}");
    assert!(t.contains("You captured 7 seeds."), "{t}");
}

/// Another `learn` holds the progress file's lock: solving a lesson does
/// not wait for it (the write is a job): "Solved!" shows at once and the
/// keys go on; once the lock is let go the progress is written and comes
/// back as an event.
#[test]
fn a_progress_lock_held_elsewhere_never_freezes_the_lessons() {
    use masai_mancala::app::Output;
    use masai_mancala::record::lock::FileLock;
    use masai_mancala::session::job::Done;
    let path = temp("locked");
    let held = FileLock::take(&path.dir().join("lessons.lock")).unwrap();
    let release = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(3));
        drop(held);
    });
    let (tx, rx) = channel();
    let mut app = App::menu(tx.clone(), ClientArgs::default(), PLAIN);
    let now = Instant::now();
    let mut s = LessonScreen::new(
        Some(GameKind::Enkeshui),
        Some(path.to_path_buf()),
        PLAIN,
        1,
        tx,
        now,
    );
    // As the client opens them: the disk is never waited for.
    s.set_progress_wait(Duration::ZERO);
    let i = s
        .lessons
        .iter()
        .position(|l| l.id == "enkeshui-capture")
        .unwrap();
    s.open(i, now);
    app.show_lessons(s, false);
    let started = Instant::now();
    keys(&mut app, "3\n");
    settle(&mut app);
    assert!(text(&mut app).contains("Solved!"));
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(2),
        "waited {took:?} for the lock"
    );
    assert!(app.lessons().unwrap().progress.is_done("enkeshui-capture"));
    assert!(!path.exists(), "nothing written under the lock");
    release.join().unwrap();
    loop {
        let ev = rx
            .recv_timeout(Duration::from_secs(10))
            .expect("the progress answers");
        let saved = matches!(
            ev,
            AppEvent::Job(Done {
                output: Output::Progress(_),
                ..
            })
        );
        app.handle(ev, Instant::now());
        if saved {
            break;
        }
    }
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{\"done\":[\"enkeshui-capture\"]}\n"
    );
    assert!(app.lessons().unwrap().progress.is_done("enkeshui-capture"));
}

/// Issue 40 item 8: the special move's solution is said in words, not in
/// its notation (`x2,5=0,0,0,0,0,0,0,8`).
#[test]
fn the_special_move_s_solution_is_said_in_words() {
    let path = temp("special-words");
    let mut app = lessons(GameKind::Enkeshui, "enkeshui-special", &path);
    keys(&mut app, "a");
    let t = text(&mut app);
    assert!(
        t.contains("Solution: the special move lifting holes 2 and 5, your row then 0 0 0 0 0"),
        "{t}"
    );
    assert!(!t.contains("x2,5="), "{t}");
}

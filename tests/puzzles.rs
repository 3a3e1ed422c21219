//! The puzzles (`learn --puzzles`): every puzzle proven again by exhaustive
//! search (the position loads, every decision's value is as written, the
//! solution alone keeps the best result), and the puzzle screen on a
//! `TestBackend`, played with the keys a player presses.

use masai_mancala::app::{App, AppEvent, Palette, Phase, Theme, puzzle_screen};
use masai_mancala::cli::ClientArgs;
use masai_mancala::engine::GameKind;
use masai_mancala::learn::progress::Progress;
use masai_mancala::learn::puzzles::{self, Outcome, Proven, Puzzle, PuzzleFault};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

/// The node limit the generator proved them with (docs/puzzles.md).
const LIMIT: u64 = 50_000;

/// Deep lines recurse deep: the proofs run on a thread with room for them.
fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn every_puzzle_is_proven_again() {
    let started = Instant::now();
    let all = puzzles::all();
    let failures = on_big_stack(move || {
        all.iter()
            .filter_map(|p| p.check(LIMIT).err().map(|e| e.to_string()))
            .collect::<Vec<String>>()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("proofs checked in {:.1} s", started.elapsed().as_secs_f64());
}

#[test]
fn enough_puzzles_of_every_grade_with_unique_ids() {
    let all = puzzles::all();
    let ids: HashSet<&str> = all.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), all.len());
    for kind in [GameKind::Enkeshui, GameKind::EnGehe] {
        let list = puzzles::of(kind);
        assert!(list.len() >= 50, "{kind}: {} puzzles", list.len());
        // Sorted by grade, each grade present.
        let grades: Vec<u32> = list.iter().map(|p| p.grade).collect();
        let mut sorted = grades.clone();
        sorted.sort();
        assert_eq!(grades, sorted, "{kind}");
        for g in 1..=4 {
            assert!(grades.contains(&g), "{kind}: no puzzle of grade {g}");
        }
        for p in &list {
            assert_eq!(p.kind(), kind, "{}", p.id);
            assert!(p.id.starts_with(&format!("{}-", kind.name())), "{}", p.id);
        }
    }
}

fn first(kind: GameKind) -> Puzzle {
    puzzles::of(kind).into_iter().next().unwrap()
}

/// A check that cannot fail proves nothing: a puzzle written wrong is refused,
/// with the reason.
#[test]
fn a_wrong_puzzle_is_refused() {
    let p = first(GameKind::Enkeshui);
    // Another decision given as the solution.
    let mut wrong = p.clone();
    let other = p
        .decisions
        .iter()
        .find(|d| d.decision != p.solution)
        .unwrap()
        .clone();
    wrong.solution = other.decision.clone();
    wrong.value = other.value;
    let e = wrong.check(LIMIT).unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("puzzle {}: {} keeps", p.id, p.solution)),
        "{e}"
    );
    // A value written wrong.
    let mut wrong = p.clone();
    wrong.decisions[0].value.margin += 1;
    let e = wrong.check(LIMIT).unwrap_err().to_string();
    assert!(e.starts_with(&format!("puzzle {}: proven [", p.id)), "{e}");
    // A grade that does not fit the proof's length.
    let mut wrong = p.clone();
    wrong.grade = 4;
    assert_eq!(
        wrong.check(LIMIT).unwrap_err().to_string(),
        format!("puzzle {}: grade 4 for 1 turns", p.id)
    );
    // North to move: not a puzzle for the player sitting South.
    let mut wrong = p.clone();
    wrong.position["to_move"] = "north".into();
    assert_eq!(
        wrong.check(LIMIT).unwrap_err().to_string(),
        format!("puzzle {}: not South to move at a turn's start", p.id)
    );
    // A node limit too small: not proven.
    assert_eq!(
        p.check(1).unwrap_err().to_string(),
        format!("puzzle {}: not proven within 1 positions", p.id)
    );
    // The error says what failed in its type, not only in its text.
    assert_eq!(p.check(1).unwrap_err().fault, PuzzleFault::NotProven(1));
}

#[test]
fn results_are_said_as_the_judge_says_them() {
    let win = Proven {
        result: Outcome::Win,
        margin: 4,
        turns: 3,
    };
    assert_eq!(win.judge(), "win +4 in 3 turns");
    assert_eq!(win.words(GameKind::Enkeshui), "a win by 4 seeds in 3 turns");
    let loss = Proven {
        result: Outcome::Loss,
        margin: -1,
        turns: 1,
    };
    assert_eq!(loss.judge(), "loss -1 in 1 turn");
    assert_eq!(
        loss.words(GameKind::BaoLaKimasai),
        "a loss by 1 cow in 1 turn"
    );
    let draw = Proven {
        result: Outcome::Draw,
        margin: 0,
        turns: 2,
    };
    assert_eq!(draw.words(GameKind::EnGehe), "a draw in 2 turns");
    assert!(win.better(&draw) && draw.better(&loss));
    assert_eq!(puzzles::grade_of(1), 1);
    assert_eq!(puzzles::grade_of(3), 2);
    assert_eq!(puzzles::grade_of(5), 3);
    assert_eq!(puzzles::grade_of(6), 4);
}

#[test]
fn the_list_marks_the_solved_puzzles_by_grade() {
    let mut progress = Progress::default();
    progress.mark("enkeshui-002");
    let t = puzzles::list_text(Some(GameKind::Enkeshui), &progress);
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines[0], "Enkeshui puzzles");
    assert!(
        lines[1].starts_with("  grade 1 (finish it): 1 2x 3 4 "),
        "{t}"
    );
    assert_eq!(
        *lines.last().unwrap(),
        format!(
            "1 of {} solved (x: solved).",
            puzzles::of(GameKind::Enkeshui).len()
        )
    );
}

// ---- the screen --------------------------------------------------------

const PLAIN: Theme = Theme {
    color: false,
    ascii: false,
    palette: Palette::Dark,
};

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("masai-puzzles-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d.join("puzzles.json")
}

/// The app with the puzzles of `kind` open on their list, progress in `path`.
fn open(kind: GameKind, path: &Path) -> App {
    let (tx, _rx) = channel();
    let mut app = App::menu(tx, ClientArgs::default(), PLAIN);
    let s = puzzle_screen(
        Some(kind),
        Some(path.to_path_buf()),
        PLAIN,
        1,
        Instant::now(),
    );
    app.show_lessons(s, true);
    app
}

fn text(app: &mut App) -> String {
    app.handle(AppEvent::Resize(100, 30), Instant::now());
    let mut term = Terminal::new(TestBackend::new(100, 30)).unwrap();
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
        .collect::<Vec<_>>()
        .join("\n")
}

/// The screen's words, wrapped lines joined.
fn words(app: &mut App) -> String {
    text(app).split_whitespace().collect::<Vec<_>>().join(" ")
}

fn key(app: &mut App, code: KeyCode) {
    app.handle(AppEvent::Key(KeyEvent::from(code)), Instant::now());
}

fn keys(app: &mut App, s: &str) {
    for c in s.chars() {
        key(
            app,
            if c == '\n' {
                KeyCode::Enter
            } else {
                KeyCode::Char(c)
            },
        );
    }
}

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

/// Plays hole `token` of a two-row game by its number, then clockwise
/// while a direction is asked; lets the animation run out.
fn sow(app: &mut App, token: &str) {
    keys(app, &format!("{token}\n"));
    settle(app);
    while app.lessons().unwrap().phase == Phase::Play
        && app.lessons().unwrap().game.pending().is_some()
    {
        key(app, KeyCode::Left);
        settle(app);
    }
}

#[test]
fn a_puzzle_failed_then_solved_with_the_keys() {
    let path = temp("solve");
    let mut app = open(GameKind::Enkeshui, &path);
    let t = text(&mut app);
    let n = puzzles::of(GameKind::Enkeshui).len();
    assert!(
        t.contains(&format!("Puzzles from real games: 0 of {n} solved (x)")),
        "{t}"
    );
    assert!(t.contains("  grade 1 (finish it):[1 ] 2   3 "), "{t}");
    assert!(t.contains("←→↑↓: choose  Enter: play  q/Esc: leave"), "{t}");
    // → selects puzzle 2; Enter plays it.
    key(&mut app, KeyCode::Right);
    let t = text(&mut app);
    assert!(t.contains(" 1  [2 ] 3 "), "{t}");
    assert!(
        t.contains("Selected: Enkeshui puzzle 2, grade 1 (finish it)."),
        "{t}"
    );
    keys(&mut app, "\n");
    let t = words(&mut app);
    assert!(t.contains("Enkeshui puzzle 2, grade 1 (finish it)"), "{t}");
    assert!(
        t.contains("Task: One decision alone keeps the biggest win you can force here."),
        "{t}"
    );
    // 4 wins too, but by less.
    sow(&mut app, "4");
    let t = words(&mut app);
    assert!(
        t.contains("Not this time. 4 gives a win by 16 seeds in 3 turns (win +16 in 3 turns) with best play; the best decision keeps more."),
        "{t}"
    );
    assert!(!path.exists(), "nothing solved, nothing saved");
    // Try again, with the hint.
    keys(&mut app, "u");
    keys(&mut app, "i");
    let t = words(&mut app);
    assert!(t.contains("Hint: You can win in this very turn."), "{t}");
    sow(&mut app, "1");
    let t = words(&mut app);
    assert!(
        t.contains("Solved! 1 keeps a win by 20 seeds in 1 turn (win +20 in 1 turn); every other decision gives less."),
        "{t}"
    );
    assert!(t.contains("(done)"), "{t}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{\"done\":[\"enkeshui-002\"]}\n"
    );
    // Enter: back to the list, the next one not solved selected.
    keys(&mut app, "\n");
    let t = text(&mut app);
    assert!(
        t.contains(&format!("Puzzles from real games: 1 of {n} solved (x)")),
        "{t}"
    );
    assert!(t.contains(" 1   2x [3 ]"), "{t}");
    // Kept for the next time.
    let mut again = open(GameKind::Enkeshui, &path);
    assert!(text(&mut again).contains(" 2x "));
    // q leaves the list (and `learn --puzzles` with it).
    keys(&mut app, "q");
    assert!(app.lessons().is_none());
    assert!(app.quitting());
}

#[test]
fn q_and_esc_go_back_from_a_puzzle_to_the_list() {
    let path = temp("back");
    for kind in [GameKind::Enkeshui, GameKind::EnGehe] {
        let mut app = open(kind, &path);
        keys(&mut app, "\n");
        assert!(text(&mut app).contains("Task: "));
        key(&mut app, KeyCode::Esc);
        let t = text(&mut app);
        assert!(t.contains("Puzzles from real games"), "{t}");
        assert!(t.contains("[1 ]"), "{t}");
        keys(&mut app, "\n");
        keys(&mut app, "q");
        assert!(app.lessons().is_some());
        key(&mut app, KeyCode::Esc);
        assert!(app.lessons().is_none());
    }
}

/// Every puzzle of En Gehé solved with its solution's keys on the screen.
#[test]
fn every_en_gehe_puzzle_plays_on_the_screen() {
    let path = temp("en-gehe");
    let mut app = open(GameKind::EnGehe, &path);
    let list = puzzles::of(GameKind::EnGehe);
    keys(&mut app, "\n");
    for (i, p) in list.iter().enumerate() {
        let t = text(&mut app);
        assert!(
            t.contains(&format!("En Gehé puzzle {}, grade {}", i + 1, p.grade)),
            "{t}"
        );
        sow(&mut app, &p.solution);
        let t = text(&mut app);
        assert!(t.contains("Solved! "), "{}: {t}", p.id);
        keys(&mut app, "n");
    }
    let done = Progress::load(&path).unwrap().done;
    assert_eq!(done.len(), list.len());
}

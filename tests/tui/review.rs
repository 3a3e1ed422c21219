//! The game review in the replay viewer: its progress line, the marks in the
//! move list, the value graph and the jumps to the mistakes, on the
//! hand-made En Gehé record with a known blunder (`tests/review.rs`).

use super::harness::*;
use masai_mancala::app::App;
use masai_mancala::app::AppEvent;
use masai_mancala::review::Mark;
use ratatui::crossterm::event::KeyCode;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

const BLUNDER_FILE: &str = "tests/fixtures/review/en-gehe-blunder.json";

fn viewer(path: &str) -> (App, Receiver<AppEvent>) {
    let (tx, rx) = std::sync::mpsc::channel();
    let loaded =
        masai_mancala::session::load::load(std::path::Path::new(path), &Default::default())
            .expect("the record loads");
    let app = App::replay(tx, loaded, Default::default(), PLAIN).expect("viewer");
    (app, rx)
}

/// Feeds the review's news to the app until it has finished.
fn finish_review(app: &mut App, rx: &Receiver<AppEvent>) {
    let until = Instant::now() + Duration::from_secs(60);
    while app.viewer().is_some_and(|v| v.review().running()) {
        let left = until.saturating_duration_since(Instant::now());
        let ev = rx.recv_timeout(left).expect("the review finishes");
        app.handle(ev, Instant::now());
    }
}

/// The right part of lines `from..to` of the screen, from column `x`.
fn cols(s: &[String], from: usize, to: usize, x: usize) -> Vec<String> {
    s[from..to]
        .iter()
        .map(|l| l.chars().skip(x).collect::<String>())
        .collect()
}

#[test]
fn the_review_runs_in_the_background_marks_the_blunder_and_m_jumps_to_it() {
    let (mut app, rx) = viewer(BLUNDER_FILE);
    let s = screen(&mut app);
    assert!(has(&s, "┌ Moves ─"), "{s:#?}");
    // v starts it: a progress line where the value graph will be, and the
    // move list's title tells how far it got.
    keys(&mut app, "v");
    assert_eq!(
        app.status(),
        "Reviewing 3 decisions in the background (v stops it)"
    );
    let s = screen(&mut app);
    assert_eq!(
        cols(&s, 10, 14, 27),
        [
            "┌ Reviewing... ───────────┐┌ Moves · review 0% ─────┐",
            "│Judging decisions        ││ 1. S 1                 │",
            "│0/3 ░░░░░░░░░░░░░░░░  0% ││ 2. N 1                 │",
            "└ v stops ────────────────┘│ 3. S 2                 │",
        ]
    );
    // The viewer stays usable meanwhile: stepping, help, autoplay.
    key(&mut app, KeyCode::End);
    assert!(
        app.status().starts_with("Replay: decision 3 of 3"),
        "{}",
        app.status()
    );
    keys(&mut app, "?");
    assert!(app.help_scroll().is_some());
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Home);
    keys(&mut app, "a");
    assert!(app.status().contains("autoplay"), "{}", app.status());
    keys(&mut app, "a");
    // Progress reported half way shows in the bar.
    let id_update = |app: &mut App, done, total| {
        let v = app.viewer_mut().unwrap();
        // Only the running job's id is taken: a stale one changes nothing.
        v.review_mut().update(
            u64::MAX,
            masai_mancala::app::ReviewUpdate::Progress { done, total },
        )
    };
    assert_eq!(id_update(&mut app, 2, 3), (false, None));
    finish_review(&mut app, &rx);
    assert_eq!(
        app.status(),
        "Review done: South 1 blunder; North no mistake (m: next mistake)"
    );
    // The marks in the move list, and South's value after each decision
    // beside the score chart: a win at the start, lost after the blunder.
    let s = screen(&mut app);
    assert_eq!(
        cols(&s, 10, 14, 27),
        [
            "┌ Value for South win 1+ ─┐┌ Moves (reviewed) ──────┐",
            "│██████                   ││ 1. S 1??               │",
            "│██████                   ││ 2. N 1                 │",
            "└─────^───────────────────┘│ 3. S 2                 │",
        ]
    );
    // m: the blunder, its verdict on the status line.
    keys(&mut app, "m");
    assert_eq!(
        app.status(),
        "Turn 1: South's 1 is a blunder, 6.0 seeds lost (best 3, win +1 or more)"
    );
    assert_eq!(app.replay_step(), (1, 3));
    let s = screen(&mut app);
    assert_eq!(
        cols(&s, 10, 14, 27),
        [
            "┌ Value for South loss 5+ ┐┌ Moves (reviewed) ──────┐",
            "│██████                   ││>1. S 1??               │",
            "│██████                   ││ 2. N 1                 │",
            "└───────────^─────────────┘│ 3. S 2                 │",
        ]
    );
    // The only one: m and M come back to it from the end.
    key(&mut app, KeyCode::End);
    keys(&mut app, "M");
    assert_eq!(app.replay_step(), (1, 3));
    key(&mut app, KeyCode::End);
    keys(&mut app, "m");
    assert_eq!(app.replay_step(), (1, 3));
}

#[test]
fn mistake_keys_before_the_review_say_why_and_v_again_stops_it() {
    let (mut app, _rx) = viewer(BLUNDER_FILE);
    keys(&mut app, "m");
    assert_eq!(
        (app.status(), app.status_error()),
        ("No review yet: v starts it", true)
    );
    keys(&mut app, "v");
    keys(&mut app, "M");
    assert_eq!(
        (app.status(), app.status_error()),
        ("The review is still running (0%): wait for it", true)
    );
    keys(&mut app, "v");
    assert_eq!(app.status(), "Review stopped (v starts it again)");
    assert!(!app.viewer().unwrap().review().active());
    let s = screen(&mut app);
    assert!(has(&s, "┌ Moves ─"), "{s:#?}");
    assert!(!has(&s, "Reviewing"), "{s:#?}");
}

#[test]
fn the_help_states_the_marks_and_their_thresholds() {
    let (mut app, _rx) = viewer(BLUNDER_FILE);
    let text = masai_mancala::app::help_lines(&app, 78)
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        text.contains("Game review (v in the replay viewer)"),
        "{text}"
    );
    assert!(
        text.contains("Move list signs: ?? blunder, ? mistake, ! the only good move."),
        "{text}"
    );
    assert!(
        text.contains("~ gives up: keeps a forced win (or a lost game lost) for fewer seeds."),
        "{text}"
    );
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(&format!(
            "a mistake loses {} seeds or more against the best decision, a blunder {} or more",
            masai_mancala::review::MISTAKE,
            masai_mancala::review::BLUNDER
        )),
        "{flat}"
    );
    keys(&mut app, "?");
    assert!(app.help_scroll().is_some());
}

/// The game's end offers the review: v opens the game in the viewer at its
/// end with the review started, and its marks come.
#[test]
fn the_end_of_a_game_offers_its_review() {
    let (mut app, rx) = start(
        "en-gehe --position tests/fixtures/review/en-gehe-blunder-position.json --north human --instant",
    );
    for hole in ["1", "1", "2"] {
        keys(&mut app, hole);
        key(&mut app, KeyCode::Enter);
    }
    assert_eq!(app.screen(), masai_mancala::app::Screen::Over);
    let s = screen(&mut app);
    assert!(
        has(
            &s,
            "│Review this game? v: the AI marks each mistake in the replay viewer"
        ),
        "{s:#?}"
    );
    assert!(has(&s, "v review"), "{s:#?}");
    keys(&mut app, "v");
    assert_eq!(app.screen(), masai_mancala::app::Screen::Replay);
    assert_eq!(app.replay_step(), (3, 3));
    assert_eq!(
        app.status(),
        "Reviewing 3 decisions in the background (v stops it)"
    );
    finish_review(&mut app, &rx);
    let s = screen(&mut app);
    assert!(has(&s, "│ 1. S 1??"), "{s:#?}");
    keys(&mut app, "m");
    assert_eq!(app.replay_step(), (1, 3));
}

/// A record of one game between two random players, saved by `arena`.
fn arena_record(game: &str, holes: Option<&str>, name: &str) -> crate::temp::TempDir {
    let path = temp_file(name);
    let mut args = vec!["arena", "--game", game];
    if let Some(h) = holes {
        args.extend(["--holes", h]);
    }
    args.extend([
        "--a", "random", "--b", "random", "--games", "1", "--seed", "5",
    ]);
    args.extend(["--save", path.to_str().unwrap()]);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_masai-mancala"))
        .args(&args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    path
}

/// The viewer's review of arena games of every game runs to the end (the
/// searches that used up their node budget were taken for a cancel), and
/// it judges every decision as `replay FILE --review` does.
#[test]
fn the_viewers_review_of_an_arena_game_runs_to_the_end() {
    for (game, holes) in [
        ("enkeshui", Some("8")),
        ("bao", None),
        ("en-gehe", Some("5")),
    ] {
        let path = arena_record(game, holes, &format!("arena-review-{game}"));
        let (mut app, rx) = viewer(path.to_str().unwrap());
        keys(&mut app, "v");
        assert!(
            app.status().starts_with("Reviewing "),
            "{game}: {}",
            app.status()
        );
        finish_review(&mut app, &rx);
        assert!(
            app.status().starts_with("Review done: South "),
            "{game}: {}",
            app.status()
        );
        let (record, checked) = masai_mancala::record::file::load(&path).unwrap();
        let printed = masai_mancala::review::review(&record, &checked, None, &mut |_, _| {});
        let shown = app.viewer().unwrap().review().review().cloned();
        assert_eq!(shown, printed, "{game}");
        assert!(shown.unwrap().decisions.len() > 20, "{game}: a whole game");
        let s = screen(&mut app);
        assert!(has(&s, "┌ Moves (reviewed) "), "{game}: {s:#?}");
    }
}

/// Issue 24: with every South decision played from the hint (i, then
/// Enter) against `ai:easy`, the review at the end marks none of them and
/// charges none a seed: the hint, the analysis and the review are one search
/// on one budget.
#[test]
fn the_review_never_marks_the_decision_the_hint_recommends() {
    use masai_mancala::app::Screen;
    use masai_mancala::engine::Side;
    for args in [
        "enkeshui --holes 8 --race off --north ai:easy --instant --seed 3",
        "en-gehe --holes 5 --north ai:easy --instant --seed 3",
    ] {
        let (mut app, rx) = start(args);
        let mut hinted = Vec::new();
        while app.screen() != Screen::Over {
            let south = app
                .play()
                .is_some_and(|p| p.game().to_move() == Side::South && !p.game().status().is_over());
            if !south {
                events_until(&mut app, &rx, |a| {
                    a.screen() == Screen::Over
                        || a.play().is_some_and(|p| p.game().to_move() == Side::South)
                });
                continue;
            }
            keys(&mut app, "i");
            events_until(&mut app, &rx, |a| {
                a.status().starts_with("Hint for South: ")
            });
            let token = app
                .status()
                .strip_prefix("Hint for South: ")
                .and_then(|s| s.split_once(' '))
                .map(|(t, _)| t.to_string())
                .unwrap();
            hinted.push(token);
            key(&mut app, KeyCode::Enter);
            assert!(hinted.len() < 200, "{args}: the game does not end");
        }
        keys(&mut app, "v");
        finish_review(&mut app, &rx);
        let review = app.viewer().unwrap().review().review().unwrap().clone();
        let south: Vec<_> = review
            .decisions
            .iter()
            .filter(|d| d.side == Side::South)
            .collect();
        let played: Vec<&str> = south.iter().map(|d| d.played.as_str()).collect();
        assert_eq!(
            played, hinted,
            "{args}: every South decision was the hint's"
        );
        for d in south {
            assert_eq!(
                (d.loss, d.mark.filter(|m| *m != Mark::Only)),
                (0.0, None),
                "{args}: {d:?}"
            );
        }
    }
}

/// Issue 40 item 6: a status line longer than the screen is wide wraps onto
/// the line above in the replay viewer too, never cut (it was cut at the
/// width: "Review done: … (m: n").
#[test]
fn a_long_status_line_of_the_viewer_wraps_whole() {
    let (mut app, rx) = viewer(BLUNDER_FILE);
    keys(&mut app, "v");
    finish_review(&mut app, &rx);
    keys(&mut app, "m");
    let verdict = "Turn 1: South's 1 is a blunder, 6.0 seeds lost (best 3, win +1 or more)";
    assert_eq!(app.status(), verdict);
    let (w, h) = masai_mancala::app::needed_size(&app);
    assert!(usize::from(w) < verdict.len(), "{w}");
    let s = screen_wh(&mut app, w, h.max(24));
    let n = s.len();
    let tail = format!("{} {}", s[n - 3].trim(), s[n - 2].trim());
    assert_eq!(tail, verdict, "{s:#?}");
}

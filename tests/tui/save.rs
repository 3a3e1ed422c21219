//! Saving off the UI thread: a slow disk never holds up the keys, the saves
//! land in order, and quitting waits for them (with a bound).

use super::harness::*;
use masai_mancala::app::{AppEvent, Output};
use masai_mancala::record::file;
use masai_mancala::session::job::Done;
use ratatui::crossterm::event::KeyCode;
use std::time::{Duration, Instant};

/// `game.json` (not made) in a fresh folder, removed when the guard drops.
fn temp_path(name: &str) -> crate::temp::TempDir {
    crate::temp::TempDir::file(&format!("masai-tui-save-{name}"), "game.json")
}

/// The decisions of the record saved at `path`.
fn saved_decisions(path: &std::path::Path) -> Vec<String> {
    let (record, _) = file::load(path).expect("a whole record");
    record.games[0].decisions.clone()
}

#[test]
fn a_slow_save_does_not_hold_up_the_keys_and_the_saves_land_in_order() {
    let (mut app, rx) = app("--holes 8 --race off --north human --instant");
    // As in the terminal: the UI never waits for the disk.
    app.set_save_wait(Duration::ZERO);
    let path = temp_path("slow");
    app.save_to(path.to_path_buf(), false);
    // The disk is stuck: no save can write.
    let gate = app.save_gate();
    let held = gate.lock().unwrap();
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    assert!(app.saving());
    // The keys go on: North sows, the screen shows it.
    key(&mut app, KeyCode::Enter);
    let p = app.play().unwrap();
    assert_eq!(p.moves().len(), 2, "{}", app.status());
    let north = p.moves()[1].token.clone();
    assert_eq!(app.status(), "South to move: pick a hole and press Enter");
    let s = screen(&mut app);
    assert!(has(&s, &format!("2. N {north}")), "{s:#?}");
    assert!(!path.exists(), "nothing written while the disk is stuck");
    // The disk comes back: both saves land, the later one last.
    drop(held);
    let mut answers = Vec::new();
    while answers.len() < 2 {
        let ev = rx
            .recv_timeout(Duration::from_secs(10))
            .expect("the saves answer");
        if let AppEvent::Job(Done {
            output: Output::Saved(ref s),
            ..
        }) = ev
        {
            answers.push(s.seq);
            assert!(s.result.is_ok(), "{:?}", s.result);
        }
        app.handle(ev, Instant::now());
    }
    assert_eq!(answers, [1, 2]);
    assert!(!app.saving());
    assert_eq!(saved_decisions(&path), ["3".to_string(), north]);
    assert_eq!(app.save_error(), None);
}

#[test]
fn quitting_waits_for_the_save_under_way_within_a_bound() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant");
    app.set_save_wait(Duration::ZERO);
    let path = temp_path("quit");
    app.save_to(path.to_path_buf(), false);
    // The disk is stuck for 0.6 s.
    let gate = app.save_gate();
    let (locked, is_locked) = std::sync::mpsc::channel();
    let stuck = std::thread::spawn(move || {
        let _held = gate.lock().unwrap();
        locked.send(()).unwrap();
        std::thread::sleep(Duration::from_millis(600));
    });
    is_locked.recv().unwrap();
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    // Stuck past the bound: the save is said to have failed, as at exit.
    app.finish_saves(Duration::from_millis(100));
    assert_eq!(
        app.save_error(),
        Some("the last save did not finish within 0.1 s")
    );
    assert_eq!(
        app.status(),
        "Not saved: the last save did not finish within 0.1 s"
    );
    // Back within the bound: quitting finds the game saved.
    app.finish_saves(Duration::from_secs(10));
    stuck.join().unwrap();
    assert_eq!(app.save_error(), None);
    assert_eq!(saved_decisions(&path), ["3"]);
}

/// A new game's saves asked before the first one took its file's name go
/// to that one file (under load, the client once made two).
#[test]
fn saves_asked_before_a_new_files_name_is_taken_go_to_that_file() {
    let (mut app, rx) = app("--holes 8 --race off --north human --instant");
    app.set_save_wait(Duration::ZERO);
    let folder = temp_path("new");
    let dir = folder.dir().to_path_buf();
    app.set_autosave_dir(dir.clone());
    app.save_to_new_file();
    let gate = app.save_gate();
    let held = gate.lock().unwrap();
    app.autosave();
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    drop(held);
    let mut answers = 0;
    while answers < 2 {
        let ev = rx
            .recv_timeout(Duration::from_secs(10))
            .expect("the saves answer");
        answers += usize::from(matches!(output(&ev), Some(Output::Saved(_))));
        app.handle(ev, Instant::now());
    }
    // The open game's lock file is beside it while the game is open.
    let lock = masai_mancala::record::lock::lock_path(app.save_path().unwrap()).unwrap();
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| *p != lock)
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(app.save_path(), Some(files[0].as_path()));
    assert_eq!(saved_decisions(&files[0]), ["3"]);
}

#[test]
fn an_earlier_saves_late_answer_does_not_undo_a_later_one() {
    use masai_mancala::record::file::SaveError;
    use masai_mancala::session::persist::SaveFailed;
    use masai_mancala::session::persist::Saved;
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant");
    let path = temp_path("late");
    app.save_to(path.to_path_buf(), false);
    let answer = |seq, result| {
        AppEvent::Job(Done {
            version: seq,
            output: Output::Saved(Box::new(Saved {
                seq,
                asked: path.to_path_buf(),
                written: path.to_path_buf(),
                result,
            })),
        })
    };
    // Save 2 answered at once (the UI waited for it), save 1's event after.
    app.handle(answer(2, Ok("{}".to_string())), Instant::now());
    let disk_full = || {
        Err(SaveFailed::from(SaveError::Write {
            path: path.to_path_buf(),
            error: std::io::Error::other("disk full"),
        }))
    };
    app.handle(answer(1, disk_full()), Instant::now());
    assert_eq!(app.save_error(), None);
    assert!(!app.status().contains("Not saved"), "{}", app.status());
    // A newer failure is said.
    app.handle(answer(3, disk_full()), Instant::now());
    let said = format!("{}: cannot save: disk full", path.display());
    assert_eq!(app.save_error(), Some(said.as_str()));
    assert_eq!(app.status(), format!("Not saved: {said}"));
}

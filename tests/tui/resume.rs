//! Resuming saved games, and the saved-games list.

use super::harness::*;
use crate::temp::TempDir;
use masai_mancala::app::App;
use ratatui::crossterm::event::KeyCode;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

#[test]
fn en_gehe_and_bao_games_are_saved_and_resumed_on_the_same_board() {
    for (args, moves, rows) in [
        (
            "en-gehe --holes 12 --north human --south-team Loitha --instant",
            ["3", "5", "7"],
            (2, 6),
        ),
        ("bao --north human --instant", ["3", "2", "6"], (2, 11)),
    ] {
        let (mut app, _rx) = start(args);
        let path = temp_file(args.split(' ').next().unwrap());
        app.save_to(path.to_path_buf(), false);
        // Legal holes from the engine, sown with Enter on the cursor.
        for pick in moves {
            let legal = app.play().unwrap().game().legal_tokens();
            let k: usize = pick.parse().unwrap();
            let t = &legal[k % legal.len()];
            let game = app.play().unwrap().game();
            let cursor = masai_mancala::app::adapter(game).token_cursor(t).unwrap();
            app.select_hole(t);
            assert_eq!(app.play().unwrap().cursor(), cursor);
            key(&mut app, KeyCode::Enter);
        }
        assert_eq!(app.play().unwrap().moves().len(), 3, "{}", app.status());
        let before = screen(&mut app);
        let (mut back, _rx2) = resumed(&path);
        let after = screen(&mut back);
        assert_eq!(
            trimmed(&after, rows.0, rows.1),
            trimmed(&before, rows.0, rows.1),
            "{args:?}"
        );
        assert_eq!(after[0], before[0]);
        // Score lines (with the team name) and the move list come back too.
        assert_eq!(after[rows.1 + 1], before[rows.1 + 1]);
        assert_eq!(after[rows.1 + 2], before[rows.1 + 2]);
        let p = back.play().unwrap();
        let tokens: Vec<&str> = p.moves().iter().map(|m| m.token.as_str()).collect();
        assert_eq!(tokens.len(), 3);
        assert_eq!(
            p.game().position_json(),
            app.play().unwrap().game().position_json()
        );
        // Playing on saves back to the same file.
        let legal = p.game().legal_tokens();
        back.decide(legal[0].clone(), Instant::now());
        let (record, _) = masai_mancala::record::file::load(&path).unwrap();
        assert_eq!(record.games[0].decisions.len(), 4);
    }
}

#[test]
fn the_saved_bao_board_is_exact_after_resuming() {
    let (mut app, _rx) = start("bao --north human --instant");
    let path = temp_file("bao-exact");
    app.save_to(path.to_path_buf(), false);
    keys(&mut app, "3");
    key(&mut app, KeyCode::Enter);
    let (mut back, _rx2) = resumed(&path);
    let s = screen(&mut back);
    assert_eq!(trimmed(&s, 2, 11), BAO_AFTER_I3);
    assert!(has(&s, "1. S i3"));
    let (record, _) = masai_mancala::record::file::load(&path).unwrap();
    assert_eq!(record.kind().name(), "bao-la-kimasai");
    assert_eq!(record.seats.north, "human");
}

/// A data folder holding the record of a game whose last decision is the
/// sowing of 366,567,028 laps: checking it takes long.
fn data_with_a_long_record(name: &str) -> TempDir {
    let dir = TempDir::new(&format!("masai-tui-{name}"));
    std::fs::copy(fixture("long-sowing.json"), dir.join("game-long.json")).unwrap();
    dir
}

/// The rows of the Loading box, inside its borders, one after another: a
/// line longer than the box (a long folder) goes on over the next rows.
fn loading_box(s: &[String]) -> String {
    let rows: Vec<Vec<char>> = s.iter().map(|l| l.chars().collect()).collect();
    let Some((top, left)) = rows.iter().enumerate().find_map(|(i, r)| {
        let at = r
            .windows(9)
            .position(|w| w.iter().collect::<String>() == "┌ Loading")?;
        Some((i, at))
    }) else {
        return String::new();
    };
    let right = left
        + rows[top][left..]
            .iter()
            .position(|&c| c == '┐')
            .unwrap_or(0);
    rows[top + 1..]
        .iter()
        .take_while(|r| r.get(left) != Some(&'└'))
        .map(|r| r[left + 1..right.min(r.len())].iter().collect::<String>())
        .collect()
}

#[test]
fn the_saved_games_list_is_read_off_the_screen_and_esc_stops_it() {
    let dir = data_with_a_long_record("saves-esc");
    let (tx, _rx) = channel();
    let mut app = App::menu(tx, Default::default(), PLAIN);
    app.set_autosave_dir(dir.to_path_buf());
    app.set_work_wait(Duration::ZERO);
    let menu = screen(&mut app);
    // Before the fix the client froze here (no screen, no keys, no signals).
    keys(&mut app, "o");
    assert!(app.loading().is_some());
    let s = screen(&mut app);
    let shown = format!("Reading the saved games in {}...", dir.display());
    assert!(loading_box(&s).contains(&shown), "{s:#?}");
    assert!(has(&s, "0 files read"), "{s:#?}");
    assert!(
        has(&s, "Esc stops it (nothing is lost)   q quits"),
        "{s:#?}"
    );
    assert_eq!(s[23], "Esc stop  q quit  ? help");
    // Esc: back to the menu as it was, the reading stopped.
    key(&mut app, KeyCode::Esc);
    assert!(app.loading().is_none());
    assert_eq!(
        app.status(),
        format!(
            "Stopped reading the saved games in {}. Nothing was changed",
            dir.display()
        )
    );
    let s = screen(&mut app);
    assert_eq!(s[..20], menu[..20]);
    // q while reading quits at once.
    keys(&mut app, "o");
    assert!(app.loading().is_some());
    keys(&mut app, "q");
    assert!(app.quitting());
}

#[test]
fn a_saved_games_list_read_on_a_thread_arrives_as_an_event() {
    let dir = TempDir::new("masai-tui-saves-ev");
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    std::fs::copy(
        fixtures.join("records/illegal-decision.json"),
        dir.join("game-bad.json"),
    )
    .unwrap();
    let (mut app, rx) = menu_saving_in(&dir);
    keys(&mut app, "o");
    assert!(app.loading().is_some());
    events_until(&mut app, &rx, |a| a.loading().is_none());
    let list = app.saves().expect("the list is shown").list();
    assert_eq!(list.len(), 1);
    assert!(!list[0].ok);
    assert_eq!(app.status(), format!("Saved games in {}", dir.display()));
}

#[test]
fn resume_of_a_long_record_shows_its_progress_and_esc_leaves_without_a_change() {
    use masai_mancala::app::LoadFor;
    let dir = data_with_a_long_record("resume-esc");
    let path = dir.join("game-long.json");
    let before = std::fs::read(&path).unwrap();
    let (tx, _rx) = channel();
    let mut app = App::menu(tx, Default::default(), PLAIN);
    app.set_work_wait(Duration::ZERO);
    app.start_load(LoadFor::Resume(Some(path.clone())), Instant::now());
    assert!(app.loading().is_some());
    let s = screen(&mut app);
    assert!(
        loading_box(&s).contains(&format!("Reading {}...", path.display())),
        "{s:#?}"
    );
    assert!(has(&s, " decisions replayed"), "{s:#?}");
    key(&mut app, KeyCode::Esc);
    assert!(app.quitting());
    assert_eq!(app.fatal(), None);
    assert_eq!(
        app.note(),
        Some(format!("Stopped reading {}. Nothing was changed.", path.display()).as_str())
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

/// A data folder holding one unfinished game, `game-2.json` (the first
/// three decisions of `valid.json`, North a human): its folder and path.
fn data_with_an_unfinished_game(name: &str) -> (TempDir, std::path::PathBuf) {
    use masai_mancala::record::file;
    let dir = TempDir::new(&format!("masai-tui-{name}"));
    let valid =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/records/valid.json");
    let (mut r, _) = file::load(&valid).unwrap();
    r.games[0].decisions.truncate(3);
    r.games[0].result = None;
    r.seats.north = "human".into();
    let path = dir.join("game-2.json");
    file::save(&path, &r, false).unwrap();
    (dir, path)
}

fn app_in(dir: &std::path::Path) -> App {
    let (tx, _rx) = channel();
    let mut app = App::menu(tx, Default::default(), PLAIN);
    app.set_autosave_dir(dir.to_path_buf());
    app.set_work_wait(Duration::from_secs(10));
    app.set_save_wait(Duration::from_secs(10));
    app.set_ai_pause(Duration::ZERO);
    app
}

fn records_in(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    v.sort();
    v
}

/// A game another client has open is not opened again: the player is
/// asked, and either nothing happens or a copy opens, saved under a new
/// name. (Before, both windows played it, and the last to save won.)
#[test]
fn resuming_a_game_open_in_another_window_asks_first() {
    use super::other_client::OtherClient;
    use masai_mancala::app::LoadFor;
    use masai_mancala::keys::Ctx;
    let (dir, path) = data_with_an_unfinished_game("resume-in-use");
    let before = std::fs::read(&path).unwrap();
    let other = OtherClient::holding(&path);
    // `resume FILE`: asked; n and Esc both leave it alone.
    for answer in [KeyCode::Char('n'), KeyCode::Esc] {
        let mut app = app_in(&dir);
        app.load_now(LoadFor::Resume(Some(path.clone())), Instant::now());
        assert_eq!(app.ctx(), Ctx::InUse);
        assert_eq!(
            app.status(),
            "game-2.json is open in another window: c opens a copy, n does not"
        );
        let s = screen(&mut app);
        assert!(has(&s, "game-2.json is open in another window."), "{s:#?}");
        assert!(has(
            &s,
            "A copy is saved under a new name in the data folder."
        ));
        assert!(has(&s, "c open a copy    n don't open it"), "{s:#?}");
        assert_eq!(s[23], "c open a copy  n/Esc don't  ? help");
        // Nothing is played under the question.
        keys(&mut app, "4");
        key(&mut app, KeyCode::Enter);
        assert!(!app.quitting());
        key(&mut app, answer);
        assert!(app.quitting());
        assert_eq!(app.fatal(), None);
        assert_eq!(
            app.note(),
            Some(
                format!(
                    "{} is open in another window: not opened. Nothing was changed.",
                    path.display()
                )
                .as_str()
            )
        );
        assert_eq!(app.save_path(), None);
        assert_eq!(std::fs::read(&path).unwrap(), before);
        assert_eq!(records_in(&dir), ["game-2.json"]);
    }
    // c: a copy opens, saved under a new name; the game open elsewhere is
    // left as it was.
    let mut app = app_in(&dir);
    app.load_now(LoadFor::Resume(Some(path.clone())), Instant::now());
    keys(&mut app, "c");
    assert_eq!(app.ctx(), Ctx::Play);
    assert_eq!(
        app.status(),
        format!(
            "A copy of game-2.json (open in another window): saved in {}",
            dir.display()
        )
    );
    app.decide("4".into(), Instant::now());
    let copy = app.save_path().unwrap().to_path_buf();
    assert_ne!(copy, path);
    assert_eq!(copy.parent(), Some(dir.as_path()));
    let (r, _) = masai_mancala::record::file::load(&copy).unwrap();
    assert_eq!(r.games[0].decisions, ["7", "3", "5", "4"]);
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(records_in(&dir).len(), 2);
    drop(app);
    // The other client killed: its lock went with it, nothing is asked.
    other.kill();
    let mut app = app_in(&dir);
    app.load_now(LoadFor::Resume(Some(path.clone())), Instant::now());
    assert_eq!(app.ctx(), Ctx::Play);
    assert_eq!(app.save_path(), Some(path.as_path()));
    // Now this window has it open: a second one is asked.
    let mut second = app_in(&dir);
    second.load_now(LoadFor::Resume(Some(path.clone())), Instant::now());
    assert_eq!(second.ctx(), Ctx::InUse);
    drop(app);
    let mut third = app_in(&dir);
    third.load_now(LoadFor::Resume(Some(path.clone())), Instant::now());
    assert_eq!(third.ctx(), Ctx::Play, "{}", third.status());
    drop((second, third));
}

/// The saved-games list asks too before it opens a game another client has
/// open; n leaves the list as it was.
#[test]
fn the_saved_games_list_asks_before_opening_a_game_open_elsewhere() {
    use super::other_client::OtherClient;
    use masai_mancala::keys::Ctx;
    let (dir, path) = data_with_an_unfinished_game("list-in-use");
    let before = std::fs::read(&path).unwrap();
    let other = OtherClient::holding(&path);
    let mut app = app_in(&dir);
    keys(&mut app, "o");
    assert_eq!(app.ctx(), Ctx::Saves);
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.ctx(), Ctx::InUse);
    let s = screen(&mut app);
    assert!(has(&s, "game-2.json is open in another window."), "{s:#?}");
    keys(&mut app, "n");
    assert_eq!(app.ctx(), Ctx::Saves);
    assert!(!app.quitting());
    assert_eq!(
        app.status(),
        "Not opened: game-2.json is open in another window"
    );
    // The replay viewer only reads it: no question.
    keys(&mut app, "v");
    assert_eq!(app.ctx(), Ctx::Replay);
    keys(&mut app, "q");
    assert_eq!(app.ctx(), Ctx::Saves);
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "c");
    assert_eq!(app.ctx(), Ctx::Play);
    let copy = app.save_path().unwrap().to_path_buf();
    assert_ne!(copy, path);
    assert_eq!(std::fs::read(&path).unwrap(), before);
    drop(other);
}

/// A data folder with the finished `valid.json` as `game-1.json`, and the
/// unfinished `game-2.json` made from it (the newer, listed first).
fn data_with_two_games(name: &str) -> (TempDir, std::path::PathBuf) {
    let (dir, unfinished) = data_with_an_unfinished_game(name);
    let valid =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/records/valid.json");
    let finished = dir.join("game-1.json");
    std::fs::copy(valid, &finished).unwrap();
    let old = std::time::SystemTime::now() - Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&finished)
        .unwrap()
        .set_modified(old)
        .unwrap();
    (dir, unfinished)
}

/// A replay opened from the saved-games list goes back to the list with q
/// and Esc (before, Esc did nothing and q ended the program).
#[test]
fn a_replay_opened_from_the_saved_games_list_goes_back_to_it() {
    use masai_mancala::keys::Ctx;
    let (dir, _) = data_with_two_games("replay-back");
    let mut app = app_in(&dir);
    keys(&mut app, "o");
    let list = screen(&mut app);
    // v on the unfinished game, Enter on the finished one: both replay it.
    for open in [KeyCode::Char('v'), KeyCode::Enter] {
        if open == KeyCode::Enter {
            key(&mut app, KeyCode::Down);
        }
        let list = screen(&mut app);
        key(&mut app, open);
        assert_eq!(app.ctx(), Ctx::Replay, "{}", app.status());
        // Esc first clears a turn number typed, and stays.
        keys(&mut app, "3");
        key(&mut app, KeyCode::Esc);
        assert_eq!(app.ctx(), Ctx::Replay);
        key(&mut app, KeyCode::Esc);
        assert_eq!(app.ctx(), Ctx::Saves);
        assert_eq!(app.status(), "Back to the saved games");
        assert!(!app.quitting());
        assert_eq!(screen(&mut app)[..22], list[..22]);
        key(&mut app, open);
        assert_eq!(app.ctx(), Ctx::Replay);
        keys(&mut app, "q");
        assert_eq!(app.ctx(), Ctx::Saves);
        assert!(!app.quitting());
        assert_eq!(screen(&mut app)[..22], list[..22]);
    }
    assert_ne!(list, screen(&mut app), "the second game is chosen");
    // From the command line, q still quits the viewer.
    let loaded =
        masai_mancala::session::load::load(&dir.join("game-1.json"), &Default::default()).unwrap();
    let (tx, _rx) = channel();
    let mut viewer = App::replay(tx, loaded, Default::default(), PLAIN).unwrap();
    key(&mut viewer, KeyCode::Esc);
    assert!(!viewer.quitting());
    keys(&mut viewer, "q");
    assert!(viewer.quitting());
}

/// d deletes the saved game chosen once y confirms it (n and Esc keep it),
/// never one open in another window.
#[test]
fn deleting_a_saved_game_asks_first_and_spares_one_open_elsewhere() {
    use super::other_client::OtherClient;
    use masai_mancala::keys::Ctx;
    let (dir, unfinished) = data_with_two_games("delete");
    let finished = dir.join("game-1.json");
    let mut app = app_in(&dir);
    keys(&mut app, "o");
    let s = screen(&mut app);
    assert_eq!(
        s[23],
        "↑/↓ choose  Enter continue  v replay  d delete  Esc back  ? help"
    );
    // The help says so too.
    let help = masai_mancala::app::help_lines(&app, 78)
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        help.contains("delete the game (asks first; never one open in another window)"),
        "{help}"
    );
    assert!(help.contains("yes, delete the saved game"), "{help}");
    key(&mut app, KeyCode::Down);
    for no in [KeyCode::Char('n'), KeyCode::Esc] {
        keys(&mut app, "d");
        assert_eq!(app.ctx(), Ctx::Delete);
        assert_eq!(app.status(), "Delete game-1.json? y deletes it, n keeps it");
        let s = screen(&mut app);
        assert!(has(&s, "Delete game-1.json?"), "{s:#?}");
        assert!(has(&s, "It cannot be undone."), "{s:#?}");
        assert_eq!(s[23], "y delete  n/Esc keep  ? help");
        key(&mut app, no);
        assert_eq!(app.ctx(), Ctx::Saves);
        assert_eq!(app.status(), "Not deleted: game-1.json");
        assert!(finished.exists());
    }
    keys(&mut app, "dy");
    assert!(!finished.exists());
    assert_eq!(app.status(), "Deleted game-1.json");
    assert_eq!(app.saves().unwrap().list().len(), 1);
    assert_eq!(records_in(&dir), ["game-2.json"]);
    // Open in another window: kept.
    let other = OtherClient::holding(&unfinished);
    keys(&mut app, "dy");
    assert!(app.status_error());
    assert_eq!(
        app.status(),
        "Not deleted: game-2.json is open in another window"
    );
    assert!(unfinished.exists());
    assert_eq!(app.saves().unwrap().list().len(), 1);
    // Closed there (even killed): deleted, and the list with it.
    other.kill();
    keys(&mut app, "dy");
    assert!(!unfinished.exists());
    assert_eq!(app.status(), "Deleted game-2.json: no saved games left");
    assert_eq!(app.ctx(), Ctx::Menu);
    assert_eq!(records_in(&dir), Vec::<String>::new());
}

/// The pid of a process that has ended, and that no process can be given
/// while the test runs: above the largest `pid_max` Linux allows (2^22). The
/// pid of a process just reaped could be handed to another at once on a busy
/// machine (`pid_max` is often 32,768), which made this test flaky.
fn dead_pid() -> u32 {
    (1 << 22) + 1
}

/// The temporary files of a save killed while this client ran go when the
/// saved-games list or a resume opens (not only at the next start), but
/// never those of a game another client has open (it may be saving now).
#[test]
fn stale_temporary_files_go_when_the_list_or_a_resume_opens() {
    use super::other_client::OtherClient;
    use masai_mancala::app::LoadFor;
    let (dir, path) = data_with_an_unfinished_game("stale-list");
    let dead = dead_pid();
    let killed = dir.join(format!(".game-2.json.{dead}.1.tmp"));
    let busy = dir.join("game-3.json");
    std::fs::copy(&path, &busy).unwrap();
    let live = dir.join(format!(".game-3.json.{dead}.2.tmp"));
    let other = OtherClient::holding(&busy);
    std::fs::write(&killed, "partial").unwrap();
    std::fs::write(&live, "being written").unwrap();
    let mut app = app_in(&dir);
    keys(&mut app, "o");
    assert_eq!(app.saves().unwrap().list().len(), 2);
    assert!(!killed.exists());
    assert!(live.exists());
    // A resume cleans beside its record.
    let killed = dir.join(format!(".game-2.json.{dead}.3.tmp"));
    std::fs::write(&killed, "partial").unwrap();
    let mut app = app_in(&dir);
    app.load_now(LoadFor::Resume(Some(path.clone())), Instant::now());
    assert!(!killed.exists());
    assert!(live.exists());
    // The other client gone, its leftovers go too.
    other.kill();
    drop(app);
    let mut app = app_in(&dir);
    keys(&mut app, "o");
    assert!(!live.exists());
}

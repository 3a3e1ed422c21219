//! The list of saved games (the client's Load screen, `resume` without a
//! file): a record too long for a real game is listed from its header, its
//! decisions counted as they stream past, and loading it still checks every
//! decision.

use super::*;
use masai_mancala::record::header::LIST_REPLAYS_UP_TO;
use masai_mancala::session::job::Progress;
use masai_mancala::session::load;

/// A record of more decisions than the list replays: a legal game's first
/// four, then `9` (no such hole on a 2x8 board) until it is long enough.
fn long_record(seed: u64) -> Record {
    let mut r = single(8, false, seed, 4);
    assert!(r.games[0].result.is_none());
    r.games[0]
        .decisions
        .extend(std::iter::repeat_n("9".to_string(), LIST_REPLAYS_UP_TO));
    r
}

#[test]
fn a_long_record_is_listed_from_its_header_and_loading_it_names_the_bad_decision() {
    let dir = temp_dir("list-long");
    let short = dir.join("game-1.json");
    file::save(&short, &single(8, false, 2, 4), false).unwrap();
    // The long one is the newest.
    std::thread::sleep(std::time::Duration::from_millis(20));
    let long = dir.join("game-long.json");
    file::save(&long, &long_record(1), false).unwrap();
    std::fs::write(dir.join("broken.json"), "{").unwrap();
    let list = file::list_saves(&dir);
    let entry = |p: &Path| list.iter().find(|s| s.path == p).unwrap();
    assert_eq!(list.len(), 3);
    let n = LIST_REPLAYS_UP_TO + 4;
    assert_eq!(
        entry(&long).summary,
        format!("Enkeshui 2x8, {n} decisions, South human v North ai:random")
    );
    assert!(entry(&long).ok && !entry(&long).finished);
    // The short one is replayed, as before: its turn and that it loads.
    let (r, c) = file::load(&short).unwrap();
    assert_eq!(entry(&short).summary, file::summary(&r, &c));
    assert!(entry(&short).summary.contains(", turn "));
    assert!(entry(&short).ok);
    let broken = entry(&dir.join("broken.json"));
    assert!(
        !broken.ok && broken.summary.contains("truncated"),
        "{broken:?}"
    );
    // Loading the long one replays it and names its first bad decision.
    assert_eq!(
        file::load(&long).unwrap_err().to_string(),
        format!(
            "{}: decision 5 '9': there is no hole 9 (holes are 1 to 8)",
            long.display()
        )
    );
    // The client's Load screen lists the same.
    let client = load::list(&dir, &Progress::default()).unwrap();
    let rows = |l: &[file::SavedGame]| -> Vec<(PathBuf, String, bool)> {
        l.iter()
            .map(|s| (s.path.clone(), s.summary.clone(), s.ok))
            .collect()
    };
    assert_eq!(rows(&client), rows(&list));
    // Resuming takes the newest unfinished game by its header, and says
    // why it does not load.
    assert_eq!(file::last_unfinished(&dir), Some(long.clone()));
    let resumed = load::newest_unfinished(&dir, &Progress::default()).unwrap_err();
    assert_eq!(
        resumed.to_string(),
        format!(
            "{}: decision 5 '9': there is no hole 9 (holes are 1 to 8)",
            long.display()
        )
    );
}

#[test]
fn a_long_record_whose_header_is_wrong_is_listed_with_the_error_loading_gives() {
    let dir = temp_dir("list-long-seat");
    let path = dir.join("game-long.json");
    let mut r = long_record(3);
    r.seats.south = "robot".into();
    std::fs::write(&path, r.to_text()).unwrap();
    let list = file::list_saves(&dir);
    assert_eq!(list.len(), 1);
    assert!(!list[0].ok);
    assert_eq!(list[0].summary, file::load(&path).unwrap_err().to_string());
    assert!(
        list[0]
            .summary
            .contains("seats.south: 'robot' is not a seat"),
        "{}",
        list[0].summary
    );
}

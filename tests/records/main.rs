//! Game records: round trips, corrupt and hand-edited records with their
//! one-line errors, atomic saving, and the `replay`/`resume` commands of the
//! real binary.

#[path = "../common/temp.rs"]
mod temp;
use temp::TempDir;

mod listing;
mod match_end;
mod writes;

use masai_mancala::engine::PositionJson;
use masai_mancala::engine::SeededRng;
use masai_mancala::engine::enkeshui::play_match::{self, MatchEnd, MatchResult, Next};
use masai_mancala::engine::enkeshui::race::Race;
use masai_mancala::engine::enkeshui::{Enkeshui, Layout, Rules};
use masai_mancala::engine::{AnyGame, GameKind, PerSide, Quiet, Side, Status};
use masai_mancala::record::{
    GameOptions, GameRecord, RaceRecord, Record, RecordError, Variant, file,
};
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_masai-mancala");

/// A fresh empty folder for one test.
fn temp_dir(name: &str) -> TempDir {
    TempDir::new(&format!("masai-records-{name}"))
}

/// Plays one game from `start` with random legal decisions (never the special
/// move), with a quick race first if asked; at most `limit` decisions.
fn random_game(start: &Enkeshui, race: bool, rng: &mut SeededRng, limit: usize) -> GameRecord {
    let (begin, race) = if race {
        let mut r = Race::start(start, None, &mut Quiet).unwrap();
        r.run_quick(rng, &mut Quiet).unwrap();
        let rec = RaceRecord {
            hole: r.hole(),
            drops: r.drops().to_vec(),
        };
        (r.finish(&mut Quiet).unwrap(), Some(rec))
    } else {
        (start.clone(), None)
    };
    let mut g = AnyGame::Enkeshui(begin);
    let mut decisions = Vec::new();
    while decisions.len() < limit {
        let legal: Vec<String> = g
            .legal_tokens()
            .into_iter()
            .filter(|t| t != "special")
            .collect();
        if legal.is_empty() {
            break;
        }
        let t = legal[rng.random_range(0..legal.len())].clone();
        g.play_token(&t, &mut Quiet).unwrap();
        decisions.push(t);
    }
    GameRecord {
        start: start.position_json(),
        race,
        decisions,
        result: match g.status() {
            Status::Over(o) => Some(o),
            Status::Playing => None,
        },
    }
}

fn record_of(layout: &Layout, rules: Rules, games: Vec<GameRecord>) -> Record {
    let start = Enkeshui::from_position(&games[0].start).unwrap();
    assert_eq!(*start.rules(), rules);
    Record {
        options: GameOptions::new(Variant::Enkeshui {
            layout: layout.clone(),
            rules,
        }),
        seats: PerSide::new("human".into(), "ai:random".into()),
        games,
    }
}

fn single(holes: usize, race: bool, seed: u64, limit: usize) -> Record {
    let layout = Layout::default_for(holes).unwrap();
    let rules = Rules::default();
    let start = Enkeshui::new(&layout, rules);
    let mut rng = SeededRng::seed_from_u64(seed);
    let g = random_game(&start, race, &mut rng, limit);
    record_of(&layout, rules, vec![g])
}

/// A match played out with random decisions, at most `max_games` games.
fn a_match(seed: u64, max_games: usize) -> Record {
    match_of(seed, max_games, true)
}

/// A match as the program played it before a repeated carry-over and the
/// match's number of games ended it: on until a stock cannot fill a hole.
fn an_old_match(seed: u64, max_games: usize) -> Record {
    match_of(seed, max_games, false)
}

fn match_of(seed: u64, max_games: usize, ends: bool) -> Record {
    let layout = Layout::default_for(8).unwrap();
    let rules = Rules {
        match_play: true,
        ..Rules::default()
    };
    let mut rng = SeededRng::seed_from_u64(seed);
    let mut start = Enkeshui::new(&layout, rules);
    let first = play_match::stock_of(&start);
    let mut games = Vec::new();
    let mut scores = Vec::new();
    loop {
        let g = random_game(&start, true, &mut rng, usize::MAX);
        scores.push(g.result.expect("random games end").score);
        games.push(g);
        if games.len() == max_games {
            break;
        }
        if ends {
            match play_match::next_game(&layout, rules, first, &scores) {
                Next::Game(next) => start = *next,
                Next::MatchOver(_) => break,
            }
        } else {
            match play_match::carry_over(&layout, rules, *scores.last().unwrap()) {
                Ok(next) => start = next,
                Err(_) => break,
            }
        }
    }
    record_of(&layout, rules, games)
}

/// Text → record → text gives the same text, and the replay ends where the
/// decisions say.
fn round_trip(record: &Record) -> masai_mancala::record::Checked {
    let text = record.to_text();
    let value = file::parse_json(&text).unwrap();
    let (back, checked) = Record::from_json(&value).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(&back, record);
    assert_eq!(back.to_text(), text);
    for (g, r) in record.games.iter().zip(&checked.games) {
        let mut replay = r.begin.clone();
        replay.play_tokens(&g.decisions).unwrap();
        assert_eq!(replay.state_json(), r.end.state_json());
    }
    checked
}

#[test]
fn round_trip_with_a_race() {
    for seed in 0..20 {
        let r = single(8, true, seed, usize::MAX);
        assert!(
            r.games[0]
                .race
                .as_ref()
                .is_some_and(|r| !r.drops.is_empty())
        );
        let c = round_trip(&r);
        assert!(c.games[0].race_first.is_some());
        assert!(c.is_finished());
    }
    // Unfinished games, and boards of 10 and 12 holes.
    for (holes, seed) in [(10, 1), (12, 2), (8, 3)] {
        let r = single(holes, true, seed, 5);
        let c = round_trip(&r);
        if r.games[0].result.is_none() {
            assert!(!c.is_finished());
        }
    }
}

#[test]
fn round_trip_of_a_match() {
    let mut longest = 0;
    for seed in 0..10 {
        let r = a_match(seed, 6);
        longest = longest.max(r.games.len());
        let text = r.to_text();
        assert!(text.contains("\"games\""));
        assert!(!text.contains("\n  \"start\""), "a match keeps games apart");
        let c = round_trip(&r);
        assert_eq!(c.games.len(), r.games.len());
    }
    assert!(longest >= 2, "no match went past its first game");
}

#[test]
fn a_match_game_must_start_where_the_last_one_left_the_stocks() {
    let mut r = a_match(4, 3);
    assert!(r.games.len() >= 2);
    // Move a seed in game 2's start: no longer what the stocks give.
    let south = r.games[1].start["south"].as_array_mut().unwrap();
    let k = south.iter().position(|c| c.as_u64() > Some(0)).unwrap();
    south[k] = json!(south[k].as_u64().unwrap() - 1);
    let north = r.games[1].start["north"].as_array_mut().unwrap();
    north[0] = json!(north[0].as_u64().unwrap() + 1);
    let err = Record::from_json(&r.to_json()).unwrap_err().to_string();
    assert!(
        err.starts_with("games[1].start: not the position the match gives after game 1"),
        "{err}"
    );
}

#[test]
fn round_trip_of_a_long_random_game() {
    // The longest of a few random games, played to the end.
    let best = (0..40)
        .map(|seed| single(8, false, seed, usize::MAX))
        .max_by_key(|r| r.games[0].decisions.len())
        .unwrap();
    assert!(best.games[0].decisions.len() > 30);
    round_trip(&best);
}

#[test]
fn an_illegal_decision_is_refused_with_its_number() {
    let mut r = single(8, false, 7, usize::MAX);
    assert!(r.games[0].decisions.len() >= 12);
    r.games[0].decisions[11] = "9".into();
    let err = Record::from_json(&r.to_json()).unwrap_err().to_string();
    assert_eq!(
        err,
        "decision 12 '9': there is no hole 9 (holes are 1 to 8)"
    );
    // A decision past the end of the game.
    let mut r = single(8, false, 7, usize::MAX);
    let n = r.games[0].decisions.len();
    r.games[0].decisions.push("3".into());
    let err = Record::from_json(&r.to_json()).unwrap_err().to_string();
    assert_eq!(err, format!("decision {} '3': the game is over", n + 1));
}

/// In a match, a refused decision names its game and its number, and the
/// error says which decision in its fields, not only in its text.
#[test]
fn an_illegal_decision_in_a_match_names_its_game_and_number() {
    let mut r = a_match(4, 3);
    assert!(r.games.len() >= 2 && r.games[1].decisions.len() >= 5);
    r.games[1].decisions[4] = "0".into();
    let err = Record::from_json(&r.to_json()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "game 2, decision 5 '0': there is no hole 0 (holes are 1 to 8)"
    );
    assert!(
        matches!(
            &err,
            RecordError::Decision { game: Some(2), number: 5, token, .. } if token == "0"
        ),
        "{err:?}"
    );
}

/// A hand-edited record whose field holds the wrong type is refused with
/// the field's path, down to the decision's index and number.
#[test]
fn a_field_of_the_wrong_type_is_refused_with_its_path() {
    let refused = |edit: &dyn Fn(&mut Value)| {
        let mut v = a_match(4, 3).to_json();
        edit(&mut v);
        Record::from_json(&v).unwrap_err().to_string()
    };
    assert_eq!(
        refused(&|v| v["games"][1]["race"]["hole"] = json!("8")),
        "games[1].race.hole: invalid type: string \"8\", expected usize"
    );
    assert_eq!(
        refused(&|v| v["games"][0]["decisions"][4] = json!(7)),
        "games[0].decisions[4]: decision 5 is 7, not a token string"
    );
    assert_eq!(
        refused(&|v| v["games"][1]["decisions"] = json!("1 2 3")),
        "games[1].decisions: invalid type: string \"1 2 3\", expected an array of tokens"
    );
    assert_eq!(
        refused(&|v| v["games"][0]["race"] = json!(8)),
        "games[0].race: invalid type: integer `8`, expected a race {hole, drops} or null"
    );
    assert_eq!(
        refused(&|v| v["games"][0]["race"]["drops"][2] = json!("east")),
        "games[0].race.drops: drop 3: \"east\" is not south or north"
    );
    assert_eq!(
        refused(&|v| v["games"][0]["race"]["lap"] = json!(1)),
        "games[0].race.lap: unknown field"
    );
    assert_eq!(
        refused(&|v| v["seats"]["north"] = json!(3)),
        "seats.north: invalid type: integer `3`, expected a string"
    );
    assert_eq!(
        refused(&|v| v["games"][2]["start"] = json!([0, 4])),
        "games[2].start: expected a position (a JSON object)"
    );
    assert_eq!(
        refused(&|v| v["games"][1]["result"] = json!({"winner": "south"})),
        "games[1].result: not a result {winner, score, reason}: missing field `score`"
    );
}

/// Every file of tests/fixtures/records is refused with the one line of its
/// `.err` file, by the library and by `replay --check` (exit 1).
#[test]
fn corrupt_records_give_their_one_line_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/records");
    let mut checked = 0;
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "err"))
        .collect();
    entries.sort();
    for err_file in entries {
        let expected = std::fs::read_to_string(&err_file).unwrap();
        let expected = expected.trim_end_matches('\n');
        assert!(!expected.contains('\n'), "{}: one line", err_file.display());
        let name = err_file.file_stem().unwrap().to_string_lossy().into_owned();
        let record = dir.join(&name);
        assert!(record.exists(), "{} has no record", err_file.display());
        let before = std::fs::read(&record).unwrap();
        // The .err line names the file as the binary is given it below; the
        // library names it as given too.
        let rest = expected
            .strip_prefix(&format!("{name}: "))
            .unwrap_or_else(|| panic!("{}: starts with the file name", err_file.display()));
        let err = file::load(&record).unwrap_err().to_string();
        assert_eq!(err, format!("{}: {rest}", record.display()), "{name}");
        // The binary, run in the folder so the file is named as in the .err file.
        let out = Command::new(BIN)
            .current_dir(&dir)
            .args(["replay", &name, "--check"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(out.stdout.is_empty(), "{name}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr, format!("error: {expected}\n"), "{name}");
        assert_eq!(std::fs::read(&record).unwrap(), before, "{name} changed");
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} fixtures");
}

/// The valid fixture the corrupt ones are made from loads.
#[test]
fn the_fixtures_base_record_loads() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/records");
    let (r, c) = file::load(&dir.join("valid.json")).unwrap();
    assert!(r.games[0].race.is_some());
    assert!(c.is_finished());
}

#[test]
fn a_failed_resume_writes_nothing() {
    let dir = temp_dir("failed-resume");
    let data = dir.join("data");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/records");
    for name in [
        "illegal-decision.json",
        "truncated.json",
        "newer-version.json",
    ] {
        let path = dir.join(name);
        std::fs::copy(fixtures.join(name), &path).unwrap();
        let before = std::fs::read(&path).unwrap();
        let out = Command::new(BIN)
            .env("XDG_DATA_HOME", &data)
            .arg("resume")
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with(&format!("error: {}: ", path.display())),
            "{stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert_eq!(std::fs::read(&path).unwrap(), before);
    }
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
    assert!(!data.exists(), "the data folder was created");
}

#[test]
fn save_never_replaces_a_file_that_is_not_a_record() {
    let dir = temp_dir("no-clobber");
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let r = single(8, false, 1, 10);
    let err = file::save(&notes, &r, false).unwrap_err().to_string();
    assert!(
        err.contains("exists and is not a masai-mancala record"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    // The binary refuses before the screen opens.
    let out = Command::new(BIN)
        .args(["enkeshui", "--save"])
        .arg(&notes)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not overwriting it"));
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    // A record may be replaced; --force replaces anything.
    let rec = dir.join("game.json");
    file::save(&rec, &r, false).unwrap();
    let r2 = single(8, false, 2, 10);
    file::save(&rec, &r2, false).unwrap();
    assert_eq!(file::load(&rec).unwrap().0, r2);
    file::save(&notes, &r, true).unwrap();
    assert_eq!(file::load(&notes).unwrap().0, r);
    // A folder is never replaced.
    assert!(file::save(&dir, &r, true).is_err());
}

#[test]
fn a_failure_between_write_and_rename_leaves_the_old_file() {
    let dir = temp_dir("atomic");
    let path = dir.join("game.json");
    let old = single(8, true, 1, usize::MAX);
    file::save(&path, &old, false).unwrap();
    let before = std::fs::read(&path).unwrap();
    let new = single(8, true, 2, usize::MAX);
    let err = file::write_atomic(&path, new.to_text().as_bytes(), || {
        Err(std::io::Error::other("simulated crash"))
    })
    .unwrap_err();
    assert_eq!(err.to_string(), "simulated crash");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(names.len(), 1, "the temporary file was left behind");
    file::write_atomic(&path, new.to_text().as_bytes(), || Ok(())).unwrap();
    assert_eq!(file::load(&path).unwrap().0, new);
}

/// Not a test on its own: the child of `a_killed_saver_leaves_a_whole_record`,
/// saving two big records in turn until it is killed.
#[test]
#[ignore]
fn saver_child() {
    let Some(path) = std::env::var_os("MASAI_SAVER_PATH") else {
        return;
    };
    let path = PathBuf::from(path);
    let a = a_match(1, 6).to_text();
    let b = a_match(2, 6).to_text();
    std::fs::write(path.with_extension("a"), &a).unwrap();
    std::fs::write(path.with_extension("b"), &b).unwrap();
    for i in 0.. {
        let text = if i % 2 == 0 { &a } else { &b };
        file::write_atomic(&path, text.as_bytes(), || Ok(())).unwrap();
    }
}

#[test]
fn a_killed_saver_leaves_a_whole_record() {
    let dir = temp_dir("killed");
    let path = dir.join("game.json");
    let exe = std::env::current_exe().unwrap();
    for round in 0..4u64 {
        let mut child = Command::new(&exe)
            .args(["--exact", "saver_child", "--ignored", "--nocapture"])
            .env("MASAI_SAVER_PATH", &path)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Wait until it has saved at least once, then kill it at some moment.
        let t = std::time::Instant::now();
        while !path.exists() && t.elapsed().as_secs() < 20 {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        std::thread::sleep(std::time::Duration::from_millis(20 + 37 * round));
        child.kill().unwrap();
        child.wait().unwrap();
        let got = std::fs::read(&path).unwrap();
        let a = std::fs::read(path.with_extension("a")).unwrap();
        let b = std::fs::read(path.with_extension("b")).unwrap();
        assert!(got == a || got == b, "round {round}: a partial record");
        file::load(&path).unwrap();
    }
}

#[test]
fn replay_check_and_print_through_the_binary() {
    let dir = temp_dir("replay-cli");
    let path = dir.join("game.json");
    let r = single(8, true, 5, usize::MAX);
    file::save(&path, &r, false).unwrap();
    let out = Command::new(BIN)
        .args(["replay", "--check"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let o = r.games[0].result.unwrap();
    assert!(stdout.contains(&format!(
        "{} decisions: {}",
        r.games[0].decisions.len(),
        masai_mancala::record::print::outcome_line(&o)
    )));
    let out = Command::new(BIN)
        .args(["replay", "--print"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Race from hole 8:"), "{text}");
    assert!(text.contains("Turn 1 "), "{text}");
    assert!(text.contains("South's holes"), "{text}");
    assert!(text.contains("Result: "), "{text}");
    // The board after the last turn is the game's end.
    let (_, checked) = file::load(&path).unwrap();
    let end = Enkeshui::from_position(&checked.last().end.position_json()).unwrap();
    assert!(text.contains(&masai_mancala::text::enkeshui_board(&end)));
    // A match prints each game.
    let m = a_match(3, 3);
    file::save(&path, &m, false).unwrap();
    let out = Command::new(BIN)
        .args(["replay", "--print"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for k in 1..=m.games.len() {
        assert!(
            text.contains(&format!("== Game {k} of the match ==")),
            "{text}"
        );
    }
}

#[test]
fn resume_without_a_file_picks_the_newest_unfinished_game() {
    let dir = temp_dir("pick");
    let finished = single(8, false, 1, usize::MAX);
    let unfinished = single(8, false, 2, 4);
    assert!(finished.games[0].result.is_some() && unfinished.games[0].result.is_none());
    file::save(&dir.join("game-1.json"), &unfinished, false).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    file::save(&dir.join("game-2.json"), &finished, false).unwrap();
    std::fs::write(dir.join("broken.json"), "{").unwrap();
    assert_eq!(file::last_unfinished(&dir), Some(dir.join("game-1.json")));
    let list = file::list_saves(&dir);
    assert_eq!(list.len(), 3);
    assert!(
        list.iter()
            .any(|s| !s.ok && s.summary.contains("truncated"))
    );
}

#[test]
fn utc_stamps() {
    assert_eq!(file::utc_stamp(0), "19700101-000000");
    assert_eq!(file::utc_stamp(951_782_400 + 3661), "20000229-010101");
    assert_eq!(file::utc_stamp(1_767_225_599), "20251231-235959");
}

/// The longest Enkeshui record found: match seed 19 runs 254 games and 6,580
/// decisions before a player cannot fill a hole. Loading and checking it
/// (parse, every start position, race and decision replayed) must take well
/// under a second. Also written to the temp folder for `replay --check` timing.
#[test]
fn a_long_record_loads_and_checks_fast() {
    // A record of before the match's end by a repeated carry-over or its
    // number of games: it still loads, and its match is over.
    let m = an_old_match(19, 1000);
    let decisions: usize = m.games.iter().map(|g| g.decisions.len()).sum();
    assert!(
        m.games.len() > 100 && decisions > 5000,
        "{} games",
        m.games.len()
    );
    let path = TempDir::file("masai-records-long-match", "masai-mancala-long-match.json");
    file::save(&path, &m, false).unwrap();
    let t = std::time::Instant::now();
    let (back, checked) = file::load(&path).unwrap();
    let took = t.elapsed();
    assert_eq!(back, m);
    assert!(checked.match_over.is_some());
    println!(
        "{}: {} games, {decisions} decisions, {} bytes: loaded and checked in {:.1} ms",
        path.display(),
        m.games.len(),
        std::fs::metadata(&path).unwrap().len(),
        took.as_secs_f64() * 1000.0
    );
}

/// A game of another kind played with `pick` choosing among the legal tokens.
fn other_game(
    kind: GameKind,
    start: AnyGame,
    variant: Value,
    limit: usize,
    mut pick: impl FnMut(&AnyGame, &[String]) -> String,
) -> Record {
    let mut g = start.clone();
    let mut decisions = Vec::new();
    while decisions.len() < limit {
        let legal = g.legal_tokens();
        if legal.is_empty() {
            break;
        }
        let t = pick(&g, &legal);
        g.play_token(&t, &mut Quiet).unwrap();
        decisions.push(t);
    }
    let rules = start
        .position_json()
        .get("rules")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    Record {
        options: GameOptions::new(
            Variant::from_json(kind, variant.as_object().unwrap(), &rules).unwrap(),
        ),
        seats: PerSide::new("ai:random".into(), "ai:random".into()),
        games: vec![GameRecord {
            start: start.position_json(),
            race: None,
            decisions,
            result: match g.status() {
                Status::Over(o) => Some(o),
                Status::Playing => None,
            },
        }],
    }
}

#[test]
fn round_trip_of_a_bao_game() {
    use masai_mancala::engine::bao::{self, Bao};
    let mut rng = SeededRng::seed_from_u64(4);
    let start = AnyGame::BaoLaKimasai(Bao::new(bao::Rules::default()));
    let r = other_game(GameKind::BaoLaKimasai, start, json!({}), 400, |_, legal| {
        legal[rng.random_range(0..legal.len())].clone()
    });
    assert!(r.games[0].result.is_some(), "the game ended");
    let checked = round_trip(&r);
    assert_eq!(checked.last().end.total_seeds(), 64);
}

/// A 2x50 En Gehé game of 1,000 turns: the mover takes a sowing that captures
/// nothing where he can (so the game lasts), else the first legal one; loading and checking it is timed and printed (never
/// asserted: timings are for docs/performance.md, not for pass/fail).
#[test]
fn a_long_en_gehe_2x50_record_round_trips() {
    use masai_mancala::engine::en_gehe::{self, EnGehe};
    let rules = en_gehe::Rules { max_turns: 5000 };
    let start = AnyGame::EnGehe(EnGehe::new(50, rules).unwrap());
    let captured = |g: &AnyGame| {
        let s = g.state_json();
        s["captured"]["south"].as_u64().unwrap() + s["captured"]["north"].as_u64().unwrap()
    };
    let r = other_game(
        GameKind::EnGehe,
        start,
        json!({"holes": 50}),
        1000,
        |g, legal| {
            let before = captured(g);
            legal
                .iter()
                .find(|t| {
                    let mut next = g.clone();
                    next.play_token(t, &mut Quiet).unwrap();
                    captured(&next) == before && !next.status().is_over()
                })
                .unwrap_or(&legal[0])
                .clone()
        },
    );
    assert_eq!(
        r.games[0].decisions.len(),
        1000,
        "the game lasted 1,000 turns"
    );
    let dir = temp_dir("en-gehe-long");
    let path = dir.join("long.json");
    file::save(&path, &r, false).unwrap();
    let t = std::time::Instant::now();
    let (back, checked) = file::load(&path).unwrap();
    let took = t.elapsed();
    assert_eq!(back, r);
    assert_eq!(checked.last().end.total_seeds(), 400);
    println!(
        "En Gehé 2x50, 1,000 turns, {} bytes: loaded and checked in {:.1} ms",
        std::fs::metadata(&path).unwrap().len(),
        took.as_secs_f64() * 1000.0
    );
}

/// En Gehé's variant holds only its holes and Bao's nothing: a key of
/// anything else would be printed by `replay --print` unchecked.
#[test]
fn other_games_variants_hold_only_their_fields() {
    use masai_mancala::engine::bao::{self, Bao};
    use masai_mancala::engine::en_gehe::{self, EnGehe};
    let eg = AnyGame::EnGehe(EnGehe::new(6, en_gehe::Rules::default()).unwrap());
    let r = other_game(GameKind::EnGehe, eg, json!({"holes": 6}), 2, |_, l| {
        l[0].clone()
    });
    round_trip(&r);
    // A record in memory holds only its game's fields: the file is edited.
    let mut v = r.to_json();
    v["variant"]["\u{1b}[2J"] = json!(1);
    let err = Record::from_json(&v).unwrap_err().to_string();
    assert_eq!(err, "variant.\\u{1b}[2J: unknown field");
    let mut v = r.to_json();
    v["variant"]["holes"] = json!("6");
    let err = Record::from_json(&v).unwrap_err().to_string();
    assert_eq!(err, "variant.holes: \"6\" is not a number of holes");
    let bao = AnyGame::BaoLaKimasai(Bao::new(bao::Rules::default()));
    let r = other_game(GameKind::BaoLaKimasai, bao, json!({}), 2, |_, l| {
        l[0].clone()
    });
    round_trip(&r);
    let mut v = r.to_json();
    v["variant"]["holes"] = json!(8);
    let err = Record::from_json(&v).unwrap_err().to_string();
    assert_eq!(
        err,
        "variant.holes: unknown field (Bao la Kimasai has one board)"
    );
}

/// Every excerpt of a file in an error is short and escaped.
#[test]
fn errors_quote_short_escaped_excerpts() {
    let mut v: Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/records/valid.json"),
        )
        .unwrap(),
    )
    .unwrap();
    v["game"] = json!(format!("\u{1b}]0;pwned\u{7}{}", "x".repeat(10_000)));
    let err = Record::from_json(&v).unwrap_err().to_string();
    assert_eq!(
        err,
        format!(
            "game: unknown game '\\u{{1b}}]0;pwned\\u{{7}}{}...' (enkeshui, en-gehe or bao-la-kimasai)",
            "x".repeat(30)
        )
    );
    v["game"] = json!("enkeshui");
    v["decisions"] = json!(["\u{1b}[2J"]);
    let err = Record::from_json(&v).unwrap_err().to_string();
    assert!(err.starts_with("decision 1 '\\u{1b}[2J': "), "{err}");
    // The engine's own reason may quote the token: the binary escapes the
    // whole line it prints.
    let dir = temp_dir("escape");
    let path = dir.join("esc.json");
    std::fs::write(&path, v.to_string()).unwrap();
    // The client shows load errors too: the library's line is escaped.
    let err = file::load(&path).unwrap_err().to_string();
    assert!(!err.contains('\u{1b}'), "{err}");
    let out = Command::new(BIN)
        .args(["replay", "--check"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!stderr.contains('\u{1b}'), "{stderr}");
    assert!(
        stderr.starts_with(&format!(
            "error: {}: decision 1 '\\u{{1b}}[2J': ",
            path.display()
        )),
        "{stderr}"
    );
}

/// A record that starts with a UTF-8 byte order mark (as some editors save
/// it) loads like the same record without it.
#[test]
fn a_record_with_a_byte_order_mark_loads() {
    let dir = temp_dir("bom");
    let plain = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/records/valid.json");
    let path = dir.join("bom.json");
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(std::fs::read(&plain).unwrap());
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(file::load(&path).unwrap().0, file::load(&plain).unwrap().0);
    let out = Command::new(BIN)
        .args(["replay", "--check"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .starts_with(&format!("{}: ok, Enkeshui 2x8", path.display()))
    );
    // Invalid UTF-8 after the mark is placed in the file's own bytes.
    std::fs::write(&path, b"\xEF\xBB\xBF{\"a\xFF").unwrap();
    assert_eq!(
        file::load(&path).unwrap_err().to_string(),
        format!(
            "{}: not JSON: not text (invalid UTF-8 at byte 6)",
            path.display()
        )
    );
}

/// `replay --print` draws En Gehé and Bao boards as text, never JSON, and
/// explains Enkeshui's bull marks.
#[test]
fn replay_print_draws_every_game_as_text_boards() {
    use masai_mancala::engine::bao::{self, Bao};
    use masai_mancala::engine::en_gehe::{self, EnGehe};
    let dir = temp_dir("print-boards");
    let eg = AnyGame::EnGehe(EnGehe::new(6, en_gehe::Rules::default()).unwrap());
    let en_gehe = other_game(GameKind::EnGehe, eg, json!({"holes": 6}), 6, |_, l| {
        l[0].clone()
    });
    let bao = AnyGame::BaoLaKimasai(Bao::new(bao::Rules::default()));
    let bao = other_game(GameKind::BaoLaKimasai, bao, json!({}), 6, |_, l| {
        l[l.len() - 1].clone()
    });
    for (name, record) in [("en-gehe.json", &en_gehe), ("bao.json", &bao)] {
        let path = dir.join(name);
        file::save(&path, record, false).unwrap();
        let out = Command::new(BIN)
            .args(["replay", "--print"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(!text.contains("{\"game\""), "{text}");
        let (_, checked) = file::load(&path).unwrap();
        let replayed = checked.last();
        let drawn = |g: &AnyGame| match g {
            AnyGame::EnGehe(g) => masai_mancala::text::en_gehe_board(g),
            AnyGame::BaoLaKimasai(g) => masai_mancala::text::bao_board(g),
            AnyGame::Enkeshui(g) => masai_mancala::text::enkeshui_board(g),
        };
        // The start, then the board after the last turn.
        assert!(
            text.contains(&format!("Start:\n{}", drawn(&replayed.start))),
            "{text}"
        );
        assert!(text.contains(&drawn(&replayed.end)), "{text}");
        assert!(!text.contains("Marks:"), "{text}");
    }
    // Enkeshui: the bull marks are explained once.
    let path = dir.join("enkeshui.json");
    file::save(&path, &single(8, false, 3, usize::MAX), false).unwrap();
    let out = Command::new(BIN)
        .args(["replay", "--print"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().nth(2),
        Some(
            "Marks: 6* is a bull of South's holding 6 seeds, 6+ a bull of North's, 0# a hole out of play."
        )
    );
}

/// Records saved by the build before the core crate and typed records
/// (tests/fixtures/saved, written by `arena --save`) still load, replay to
/// their saved result, and are written back byte for byte: the format stays.
#[test]
fn records_saved_by_earlier_builds_load_and_are_written_back_the_same() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saved");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    assert_eq!(names.len(), 6);
    for path in &names {
        let (record, checked) =
            file::load(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(checked.is_finished(), "{}", path.display());
        let saved = std::fs::read_to_string(path).unwrap();
        assert_eq!(record.to_text(), saved, "{}", path.display());
    }
}

/// Records the program wrote before the options were typed (an Enkeshui
/// game with every option of its race, an En Gehé game with a team name)
/// load with their options, resume as they were set up, and are written
/// back byte for byte.
#[test]
fn an_old_record_loads_with_its_options_and_writes_back_the_same() {
    use masai_mancala::ai::Level;
    use masai_mancala::engine::Side;
    use masai_mancala::record::{RaceMode, RunOptions};
    use masai_mancala::session::setup::Setup;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/records");
    let read = |name: &str| {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let (record, _) = Record::from_json(&serde_json::from_str(&text).unwrap()).unwrap();
        assert_eq!(record.to_text(), text, "{name} is written back the same");
        record
    };
    let enkeshui = read("old-enkeshui-options.json");
    assert_eq!(
        enkeshui.options.run,
        RunOptions {
            race: Some(RaceMode::Quick),
            race_hole: Some(3),
            race_speed: Some(Level::Hard),
            first: Some(Side::South),
            seed: Some(7),
            flip: Some(true),
            ..RunOptions::default()
        }
    );
    let setup = Setup::from_record(&enkeshui).unwrap();
    let race = setup.race().expect("Enkeshui races");
    assert_eq!(
        (race.mode, race.hole, race.speed),
        (RaceMode::Quick, Some(3), Some(Level::Hard))
    );
    assert_eq!((setup.seed(), setup.flip()), (7, true));
    let en_gehe = read("old-en-gehe-teams.json");
    assert_eq!(
        en_gehe.options.run,
        RunOptions {
            seed: Some(0),
            flip: Some(false),
            south_team: Some("Loitha".into()),
            ..RunOptions::default()
        }
    );
    let setup = Setup::from_record(&en_gehe).unwrap();
    assert_eq!(setup.side_label(Side::South), "South (Loitha)");
    assert_eq!(setup.side_label(Side::North), "North");
}

//! Writes legal records of the largest size a record may have (the limit of
//! `record::file::MAX_BYTES`, 4 MiB), to measure what loading and listing
//! them costs (docs/performance.md, scripts/long-records.sh): an unfinished
//! En Gehé game without a turn limit, played on with seeded random
//! decisions until no decision keeps it going, then its decisions repeated until one
//! more would pass the size: the record refuses its first repeated
//! decision (no random game lasts the hundreds of thousands of decisions
//! that fill 4 MiB).
//!
//! cargo run --release --example long-record -- FOLDER COUNT [BYTES]
//!
//! `--load FILE` loads one as the client does (read, checked, replayed),
//! `--list FOLDER` lists a folder's saved games as its Load screen does.

use masai_mancala::engine::en_gehe::{EnGehe, Rules};
use masai_mancala::engine::{AnyGame, PerSide, PositionJson, Quiet, SeededRng, Status};
use masai_mancala::record::{GameOptions, GameRecord, Record, Variant, file};
use rand::{Rng, SeedableRng};
use std::path::PathBuf;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let progress = masai_mancala::session::job::Progress::default();
    match (args.first().map(String::as_str), args.get(1)) {
        (Some("--load"), Some(path)) => {
            match masai_mancala::session::load::load(path.as_ref(), &progress) {
                Ok(l) => println!(
                    "{}: {} decisions",
                    path,
                    l.steps.iter().map(Vec::len).sum::<usize>()
                ),
                Err(e) => println!("{e}"),
            }
            return;
        }
        (Some("--list"), Some(dir)) => {
            match masai_mancala::session::load::list(dir.as_ref(), &progress) {
                Ok(list) => list
                    .iter()
                    .for_each(|s| println!("{}  {}", s.path.display(), s.summary)),
                Err(e) => println!("{e}"),
            }
            return;
        }
        _ => {}
    }
    let usage = || -> ! {
        eprintln!(
            "usage: long-record FOLDER COUNT [BYTES] (BYTES at most {})",
            file::MAX_BYTES
        );
        std::process::exit(2)
    };
    let (Some(dir), Some(Ok(count))) = (args.first(), args.get(1).map(|c| c.parse::<u64>())) else {
        usage()
    };
    let bytes = match args.get(2).map(|b| b.parse::<u64>()) {
        None => file::MAX_BYTES,
        Some(Ok(b)) if b <= file::MAX_BYTES => b,
        _ => usage(),
    };
    let dir = PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| {
        eprintln!("{}: {e}", dir.display());
        std::process::exit(1)
    });
    for k in 1..=count {
        let (record, decisions) = longest(k, bytes);
        let path = dir.join(format!("game-long-{k:02}.json"));
        file::save(&path, &record, true).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(1)
        });
        let size = std::fs::metadata(&path).map_or(0, |m| m.len());
        println!("{}: {decisions} decisions, {size} bytes", path.display());
    }
}

/// The board: En Gehé's shortest row.
const HOLES: usize = 10;

/// A game played with seed `seed` until its record is as large as it may be
/// under `bytes`: its record and its number of decisions.
fn longest(seed: u64, bytes: u64) -> (Record, usize) {
    let rules = Rules {
        max_turns: u32::MAX,
    };
    let start = EnGehe::new(HOLES, rules).expect("a board of En Gehé");
    let mut rng = SeededRng::seed_from_u64(seed);
    let mut game = AnyGame::EnGehe(start.clone());
    let mut record = Record {
        options: GameOptions::new(Variant::EnGehe {
            holes: HOLES,
            rules,
        }),
        seats: PerSide::new("human".into(), "ai:random".into()),
        games: vec![GameRecord {
            start: start.position_json(),
            race: None,
            decisions: Vec::new(),
            result: None,
        }],
    };
    // Each decision takes its token, two quotes, a comma and a space.
    let mut size = record.to_text().len() as u64;
    loop {
        // Only decisions that keep the game going: an unfinished game goes on.
        let going: Vec<(String, AnyGame)> = game
            .legal_tokens()
            .into_iter()
            .filter(|t| t != "special")
            .filter_map(|t| {
                let mut next = game.clone();
                next.play_token(&t, &mut Quiet).ok()?;
                (!next.status().is_over()).then_some((t, next))
            })
            .collect();
        if going.is_empty() {
            break;
        }
        let (t, next) = going[rng.random_range(0..going.len())].clone();
        if size + t.len() as u64 + 4 > bytes {
            break;
        }
        size += t.len() as u64 + 4;
        game = next;
        record.games[0].decisions.push(t);
    }
    if let Status::Over(o) = game.status() {
        record.games[0].result = Some(o);
    }
    // Random play ends a game within a few dozen decisions; the record is
    // filled to its size by repeating them, which the game refuses from
    // the first repeated one on: a record as forged at the limit.
    let played = record.games[0].decisions.clone();
    'fill: while !played.is_empty() {
        for t in &played {
            if size + t.len() as u64 + 4 > bytes {
                break 'fill;
            }
            size += t.len() as u64 + 4;
            record.games[0].decisions.push(t.clone());
        }
    }
    let n = record.games[0].decisions.len();
    (record, n)
}

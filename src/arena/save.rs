//! `--save`: every target checked before the first game, one record a game,
//! written whole even when a signal ends the arena.

use super::*;

/// Every file `--save` will write may be written: checked before the first
/// game, so that an arena never plays for hours and then fails to save.
pub(super) fn check_save(s: &Settings) -> Result<(), ArenaError> {
    let Some(path) = &s.save else {
        return Ok(());
    };
    let dir = if s.games > 1 {
        std::fs::create_dir_all(path).map_err(|error| ArenaError::SaveFolder {
            path: path.clone(),
            error,
        })?;
        // What a save killed (SIGKILL) left goes, as beside the client's records.
        file::remove_stale_temps(path, file::is_data_record_name);
        for i in 0..s.games {
            file::check_target(&game_file(s, path, i), false)?;
        }
        let mut records: Vec<String> = std::fs::read_dir(path)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| e.file_name().to_str().map(String::from))
            .filter(|n| file::is_data_record_name(n) && file::is_record_file(&path.join(n)))
            .collect();
        records.sort();
        if let Some(first) = records.first() {
            return Err(ArenaError::SaveMixed {
                dir: path.clone(),
                first: first.clone(),
                more: records.len() - 1,
            });
        }
        path.clone()
    } else {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        file::remove_stale_temps(&file::parent_dir(path), |n| Some(n) == name.as_deref());
        file::check_target(path, false)?;
        file::parent_dir(path)
    };
    // A file made and removed again proves the folder takes new files.
    let probe = dir.join(format!(".masai-mancala-arena-{}.probe", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|error| ArenaError::SaveProbe {
            dir: dir.clone(),
            error,
        })?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Game `i`'s file in the folder `path` (several games), or `path` itself.
fn game_file(s: &Settings, path: &Path, i: u32) -> PathBuf {
    if s.games > 1 {
        let width = s.games.to_string().len().max(3);
        path.join(format!("game-{:0width$}.json", i as u64 + 1))
    } else {
        path.to_path_buf()
    }
}

/// Writes game `p`'s record: the file `path` for a one-game arena, else
/// `path/game-NNN.json`.
pub(super) fn save_game(
    s: &Settings,
    start: &AnyGame,
    p: &Played,
    path: &Path,
) -> Result<(), ArenaError> {
    let file = game_file(s, path, p.index);
    let seat = |side: Side| {
        let c = if side == p.a_side { &s.a } else { &s.b };
        match c {
            // A player who follows the hint: no AI seat the client plays
            // (a record's seats must load and resume).
            Contender::Hint => "human".to_string(),
            c => format!("ai:{}", c.name()),
        }
    };
    let record = Record {
        options: crate::record::GameOptions::new(s.variant.clone()),
        seats: PerSide::new(seat(Side::South), seat(Side::North)),
        games: vec![GameRecord {
            start: start.position_json(),
            race: None,
            decisions: p.decisions.clone(),
            result: match p.end {
                Status::Over(o) => Some(o),
                Status::Playing => None,
            },
        }],
    };
    // Held while a file is written: a signal ends the arena between saves,
    // never halfway through one (which left its temporary file).
    let saving = SAVING.lock().unwrap_or_else(|e| e.into_inner());
    if program::groups().closing {
        // The signal's thread ends the process as soon as it has the lock.
        drop(saving);
        loop {
            std::thread::park();
        }
    }
    Ok(file::save(&file, &record, false)?)
}

/// Taken by each save and, for good, by the signal that ends the arena.
pub(super) static SAVING: Mutex<()> = Mutex::new(());

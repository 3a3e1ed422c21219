//! What each fuzz target checks, on any bytes: not only that nothing
//! panics, but that what is read writes back the same, and that a refusal
//! changes nothing. The fuzz targets (`fuzz_targets/`) call these; the
//! test `tests/fuzz_corpus.rs` runs them on the committed corpus, so CI
//! checks the same properties on every input the fuzzers kept. Each says
//! whether the input was accepted (read, played), so the test can tell
//! that the corpus reaches both sides.

use masai_core::engine::{AnyGame, MoveError, Quiet};
use masai_core::record::Record;
use masai_mancala::protocol::{Reply, Session};
use masai_mancala::settings::Settings;

/// The text of `data` when it is UTF-8 (the readers take text).
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// A position read in either form (its JSON or its one line) writes both
/// forms back, and each reads back as the same position.
pub fn position(data: &[u8]) -> bool {
    let Some(text) = text(data) else {
        return false;
    };
    let Ok(game) = AnyGame::from_text(text) else {
        return false;
    };
    let json = game.position_json();
    let line = game.position_line();
    let from_line = AnyGame::from_line(&line)
        .unwrap_or_else(|e| panic!("its own line {line:?} is refused: {e}"));
    assert_eq!(from_line.position_json(), json, "{line}");
    let from_json = AnyGame::from_position(&json)
        .unwrap_or_else(|e| panic!("its own JSON {json} is refused: {e}"));
    assert_eq!(from_json.position_line(), line);
    // The position read is a position of play: its legal decisions play.
    if let Some(token) = game.legal_tokens().first() {
        let mut next = game.clone();
        next.play_token(token, &mut Quiet)
            .unwrap_or_else(|e| panic!("{line}: its legal {token} is refused: {e}"));
    }
    true
}

/// A record that reads and replays writes itself back as the same text,
/// which reads back as the same record.
pub fn record(data: &[u8]) -> bool {
    let Some(text) = text(data) else {
        return false;
    };
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
        return false;
    };
    let Ok((record, _)) = Record::from_json(&value) else {
        return false;
    };
    let written = record.to_text();
    let again: serde_json::Value = serde_json::from_str(&written)
        .unwrap_or_else(|e| panic!("its own text is not JSON: {e}\n{written}"));
    let (reread, _) = Record::from_json(&again)
        .unwrap_or_else(|e| panic!("its own text is refused: {e}\n{written}"));
    assert_eq!(reread.to_text(), written);
    true
}

/// A decision token on a position reached by play: a refused token leaves
/// the game as it was; a token played is one the game lists as legal (or
/// a special move), and the game goes on or ends.
///
/// The first byte picks the game, the next how many turns are played
/// first (each the legal decision the following bytes pick); the rest is
/// the token.
///
/// Legality is decided under a lap budget: some sowings take minutes to
/// prove endless (in En Gehé 2x12 one relays 48,261,685,268 laps before its
/// state comes back), and the engine's exactness there is tested in
/// core. An undecided turn must change nothing, and ends the input.
pub fn decision(data: &[u8]) -> bool {
    const STARTS: [&str; 4] = [
        "enkeshui 0,0,4x6/0,0,4x6 s 0-0 1",
        "enkeshui 0,0,4x6/0,0,4x6 s 0-0 1 special_move=any",
        "en-gehe 4x12/4x12 s 0-0 1",
        "bao 1x8/0x8/1x8/0x8 s 24-24 1",
    ];
    // Some 16,000 laps: a millisecond in release, well under the fuzzer's
    // 10 s timeout with its sanitizer (a million laps took over 10 s).
    const LAPS: u64 = 1 << 14;
    let [pick, turns, rest @ ..] = data else {
        return false;
    };
    let mut game = AnyGame::from_line(STARTS[usize::from(*pick) % STARTS.len()])
        .expect("the starts are positions");
    let turns = usize::from(*turns % 32);
    let (picks, token) = rest.split_at(turns.min(rest.len()));
    for &p in picks {
        // `special` says the special move is open; it is not itself a token.
        let Ok(legal) = game.legal_tokens_checked(LAPS) else {
            return false;
        };
        let legal: Vec<String> = legal.into_iter().filter(|t| t != "special").collect();
        let Some(t) = legal.get(usize::from(p) % legal.len().max(1)) else {
            break;
        };
        let before = game.state_json();
        match game.play_token_within(t, LAPS, &mut Quiet) {
            Ok(()) => {}
            Err(MoveError::Undecided(_)) => {
                assert_eq!(
                    game.state_json(),
                    before,
                    "undecided {t:?} changed the game"
                );
                return false;
            }
            Err(e) => panic!("the legal decision {t:?} was refused: {e}"),
        }
    }
    let Some(token) = text(token) else {
        return false;
    };
    let before = game.state_json();
    let Ok(legal) = game.legal_tokens_checked(LAPS) else {
        return false;
    };
    match game.play_token_within(token, LAPS, &mut Quiet) {
        Err(_) => {
            assert_eq!(
                game.state_json(),
                before,
                "{token:?} refused but changed the game"
            );
            false
        }
        Ok(()) => {
            let special = token.starts_with('x');
            assert!(
                special || legal.iter().any(|l| l == token),
                "{token:?} played, not among {legal:?}"
            );
            true
        }
    }
}

/// Protocol lines, one after another in one session: each gets one
/// answer line starting with its keyword, and a refused command changes
/// nothing. (`go` and `perft` are left out: their cost is the caller's
/// choice, and tests/protocol_fuzz.rs times them out.)
pub fn protocol(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let mut session = Session::default();
    let mut accepted = false;
    for line in text.lines().take(64) {
        let word = line.split_whitespace().next().unwrap_or("");
        if matches!(word, "go" | "perft") {
            continue;
        }
        let before = session.game().state_json();
        match session.handle(line) {
            Reply::Quit => return accepted,
            Reply::Line(answer) => {
                assert!(!answer.contains('\n'), "{line:?} answered {answer:?}");
                let keyword = answer.split(' ').next().unwrap_or("");
                assert!(
                    matches!(keyword, "ok" | "legal" | "state" | "error"),
                    "{line:?} answered {answer:?}"
                );
                accepted |= keyword != "error";
                if keyword == "error" {
                    assert_eq!(
                        session.game().state_json(),
                        before,
                        "{line:?} was refused ({answer}) but changed the game"
                    );
                }
            }
        }
    }
    accepted
}

/// A settings file: every refusal is one line naming a line of the file
/// (or none, 0, when the reader cannot tell); a file read without refusal
/// reads the same with `parse`, and a comment added at its end changes
/// nothing.
pub fn settings(data: &[u8]) -> bool {
    let Some(text) = text(data) else {
        return false;
    };
    let (read, faults) = Settings::read(text);
    let lines = text.lines().count().max(1);
    for fault in &faults {
        let message = fault.to_string();
        assert!(!message.contains('\n'), "{message:?}");
        assert!(
            fault.line <= lines + 1,
            "{message:?}: the file has {lines} lines"
        );
    }
    if faults.is_empty() {
        assert_eq!(Settings::parse(text).ok().as_ref(), Some(&read));
        let (again, more) = Settings::read(&format!("{text}\n# a comment\n"));
        assert!(more.is_empty(), "a comment line made {more:?}");
        assert_eq!(again, read);
    }
    faults.is_empty()
}

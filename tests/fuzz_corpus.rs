//! The fuzz targets' properties (fuzz/src/checks.rs) on the committed
//! corpus: every input a fuzzer kept, and every seed written by hand, reads
//! back as written and is refused without a change, on stable and in every
//! `cargo test`. The fuzzers themselves run with `cargo +nightly fuzz run`
//! (docs/fuzzing.md).

#[path = "../fuzz/src/checks.rs"]
mod checks;

use std::path::Path;

/// Runs `check` on every file of the target's corpus: how many it
/// accepted (read, played) and how many it refused.
fn corpus(target: &str, check: fn(&[u8]) -> bool) -> (usize, usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut accepted = 0;
    for f in &files {
        let data = std::fs::read(f).unwrap();
        match std::panic::catch_unwind(|| check(&data)) {
            Ok(true) => accepted += 1,
            Ok(false) => {}
            Err(_) => panic!("{target}: {} fails its check", f.display()),
        }
    }
    (accepted, files.len() - accepted)
}

/// The corpus reaches both sides of each check: inputs read (written
/// back, played) and inputs refused (nothing changed).
fn both_sides(target: &str, check: fn(&[u8]) -> bool, least: usize) {
    let (accepted, refused) = corpus(target, check);
    assert!(
        accepted >= least && refused >= 1,
        "{target}: {accepted} accepted, {refused} refused"
    );
}

#[test]
fn positions_read_back_as_written() {
    both_sides("position", checks::position, 10);
}

#[test]
fn records_read_back_as_written() {
    both_sides("record", checks::record, 3);
}

#[test]
fn refused_decisions_change_nothing() {
    both_sides("decision", checks::decision, 3);
}

#[test]
fn refused_protocol_lines_change_nothing() {
    both_sides("protocol", checks::protocol, 3);
}

#[test]
fn settings_faults_name_their_lines() {
    both_sides("settings", checks::settings, 3);
}

/// What the checks answer on inputs worked out by hand.
#[test]
fn the_checks_tell_accepted_from_refused() {
    assert!(checks::position(b"enkeshui 0x5,1,0,1/0x8 s 23-23 40"));
    assert!(!checks::position(b"enkeshui 0x5,1,0,1/0x8 w 23-23 40"));
    // South's hole 8 opens Enkeshui; hole 9 does not exist.
    assert!(checks::decision(b"\x00\x008"));
    assert!(!checks::decision(b"\x00\x009"));
    assert!(!checks::protocol(b"fly\nstate x\n"));
    assert!(checks::protocol(b"fly\nstate\n"));
    assert!(checks::settings(b"speed = 40\n"));
    assert!(!checks::settings(b"speed = -3\n"));
}

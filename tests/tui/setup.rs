//! One setup of a game, from the command line or from its record: the same
//! game either way, and a bad option named with its field.

use super::harness::*;
use masai_mancala::engine::Side;
use masai_mancala::record::{GameRecord, Record};
use masai_mancala::session::setup::Setup;

/// A setup's record of its start, read back as a saved file would be.
fn read_back(setup: &Setup) -> Record {
    let start = GameRecord {
        start: setup.start().position_json(),
        race: None,
        decisions: Vec::new(),
        result: None,
    };
    let text = setup.record(vec![start]).to_text();
    Record::parse(&serde_json::from_str(&text).unwrap()).expect("the record reads")
}

#[test]
fn a_setup_from_the_command_line_and_from_its_record_is_the_same_game() {
    for line in [
        "enkeshui --holes 10 --race quick --race-hole 3 --race-speed hard --first north \
         --special-move once --match --match-games 4 --seed 5 --south ai:easy --north human --flip",
        "enkeshui --layout '0 0 4 4 4 4 4 4' --race off --capture-after-relay --max-turns 90",
        "en-gehe --holes 44 --south-team Loitha --north-team Kisongo --seed 3 --north human",
        "bao --first north --north ai:hard --seed 9",
    ] {
        let cli = Setup::try_from(&command(line)).unwrap();
        let record = read_back(&cli);
        let back = Setup::from_record(&record).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(back.title(), cli.title(), "{line}");
        assert_eq!(back.kind(), cli.kind(), "{line}");
        for side in Side::BOTH {
            assert_eq!(back.seat(side), cli.seat(side), "{line}");
            assert_eq!(back.side_label(side), cli.side_label(side), "{line}");
        }
        assert_eq!(back.seed(), cli.seed(), "{line}");
        assert_eq!(back.flip(), cli.flip(), "{line}");
        assert_eq!(back.race(), cli.race(), "{line}");
        assert_eq!(back.rules(), cli.rules(), "{line}");
        assert_eq!(back.match_play(), cli.match_play(), "{line}");
        assert_eq!(
            back.start().position_json(),
            cli.start().position_json(),
            "{line}"
        );
        // Saved again, the record is the same text.
        assert_eq!(read_back(&back).to_text(), record.to_text(), "{line}");
    }
    let s = Setup::try_from(&command(
        "enkeshui --holes 10 --race quick --race-hole 3 --first north --seed 5 --flip",
    ))
    .unwrap();
    assert_eq!(s.title(), "Enkeshui 2x10 (10-left-empty) [invented layout]");
    assert_eq!(s.start().to_move(), Side::North);
    assert!(s.flip());
    let s = Setup::try_from(&command("en-gehe --holes 44 --south-team Loitha")).unwrap();
    assert_eq!(s.title(), "En Gehé 2x44");
    assert_eq!(s.side_label(Side::South), "South (Loitha)");
    assert_eq!(s.race(), None);
}

#[test]
fn a_bad_option_is_named_with_its_field() {
    assert_eq!(
        Setup::try_from(&command("enkeshui --race-hole 9"))
            .unwrap_err()
            .to_string(),
        "--race-hole 9: holes are 1 to 8"
    );
    assert_eq!(
        Setup::try_from(&command("bao --max-turns 0"))
            .unwrap_err()
            .to_string(),
        "--max-turns 0: the limit must be at least 1 turn"
    );
    let good = read_back(&setup("--race on --seed 2"));
    let bad = |edit: &dyn Fn(&mut Record)| {
        let mut r = good.clone();
        edit(&mut r);
        Setup::from_record(&r).unwrap_err().to_string()
    };
    // Options out of range cannot be held (typed); in a file they are
    // refused when it is read, naming the option.
    let refused = |key: &str, value: serde_json::Value| {
        let mut v = good.to_json();
        v["options"][key] = value;
        Record::parse(&v).unwrap_err().to_string()
    };
    assert_eq!(
        refused("race", "fast".into()),
        "options.race: 'fast' is not on, off or quick"
    );
    assert_eq!(
        refused("seed", (-1).into()),
        "options.seed: negative number -1"
    );
    assert_eq!(
        refused("first", "east".into()),
        "options.first: 'east' is not a side (south or north)"
    );
    assert_eq!(
        refused("flip", "yes".into()),
        "options.flip: expected true or false"
    );
    assert_eq!(
        refused("race_speed", "fast".into()),
        "options.race_speed: 'fast' is not easy, medium, hard or expert"
    );
    let seat = bad(&|r| r.seats.north = "ai:genius".into());
    assert!(seat.starts_with("seats.north: "), "{seat}");
    assert_eq!(bad(&|r| r.games.clear()), "games: the record holds no game");
}

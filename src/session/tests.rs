use super::*;
use crate::ai::Level;
use crate::cli::Cli;
use crate::engine::MoveError;
use crate::session::work::PlayError;
use clap::Parser;
use std::path::Path;

fn session(args: &[&str]) -> Session {
    let mut all = vec!["masai-mancala"];
    all.extend_from_slice(args);
    let cli = Cli::try_parse_from(all).expect("arguments parse");
    let setup = Setup::try_from(cli.command.as_ref().expect("a game")).expect("a setup");
    Session::new(setup)
}

/// The rows of a two-row position, South's then North's.
fn rows(s: &Session) -> (String, String) {
    let v = s.game().position_json();
    (v["south"].to_string(), v["north"].to_string())
}

fn hot_seat(game: &str) -> Session {
    session(&[game, "--south", "human", "--north", "human"])
}

#[test]
fn decisions_give_the_engines_boards_and_the_turns_played() {
    let mut s = session(&[
        "enkeshui", "--race", "off", "--south", "human", "--north", "human",
    ]);
    assert_eq!(s.ask(), Ask::Person(Side::South));
    assert_eq!(s.opening(), ["South moves first."]);
    let a = s.play("8").expect("8 is legal");
    assert_eq!(
        (
            a.turn.side,
            a.turn.turn,
            a.turn.decision.to_string().as_str()
        ),
        (Side::South, 1, "8")
    );
    assert!(a.save && a.over.is_none());
    assert_eq!(
        rows(&s),
        ("[1,0,4,4,4,4,4,0]".into(), "[1,1,5,0,5,5,5,5]".into())
    );
    assert_eq!(s.ask(), Ask::Person(Side::North));
    s.play("3").expect("3 is legal");
    assert_eq!(
        rows(&s),
        ("[2,1,5,5,5,0,5,1]".into(), "[2,2,1,1,6,6,6,0]".into())
    );
    let tokens: Vec<String> = s.turns().map(|t| t.decision.to_string()).collect();
    assert_eq!(tokens, ["8", "3"]);
    assert_eq!(s.record().games[0].decisions, ["8", "3"]);
}

#[test]
fn a_refused_decision_says_why_and_changes_nothing() {
    let mut s = session(&[
        "enkeshui", "--race", "off", "--south", "human", "--north", "human",
    ]);
    let before = rows(&s);
    let e = s.play("1").expect_err("hole 1 is empty");
    assert_eq!(e.to_string(), "1: hole 1 is empty");
    assert!(
        matches!(e, Refused::Rule { ref token, reason: PlayError::Refused(MoveError::EmptyHole(_)) } if token == "1"),
        "{e:?}"
    );
    let e = s.play("9").expect_err("no hole 9");
    assert!(
        matches!(e, Refused::Rule { ref token, reason: PlayError::Refused(MoveError::NoSuchHole(_)) } if token == "9"),
        "{e:?}"
    );
    assert!(e.to_string().starts_with("9: "), "{e}");
    assert_eq!(rows(&s), before);
    assert_eq!(s.step(), 0);
}

#[test]
fn an_answer_for_an_older_position_is_not_applied() {
    let mut s = hot_seat("en-gehe");
    let job = s.decide("1");
    s.play("2").expect("2 is legal");
    let late = job.run(&Progress::default());
    assert_eq!(s.apply(late).unwrap_err(), Refused::Stale);
    assert_eq!(s.step(), 1);
}

#[test]
fn the_ai_seat_works_on_another_thread_and_its_answer_is_played() {
    let mut s = session(&["bao", "--south", "ai:easy", "--north", "human"]);
    let Ask::Ai(Side::South, _) = s.ask() else {
        panic!("South is the AI: {:?}", s.ask());
    };
    let job = s.ai_job().expect("the AI moves");
    // The AI's decision comes back played (typed, never read back from a token).
    let decided = std::thread::spawn(move || job.run(&Progress::default()))
        .join()
        .expect("the thread ends")
        .expect("a decision");
    let a = s.apply(decided).expect("the AI's decision is legal");
    assert_eq!(a.turn.side, Side::South);
    assert_eq!(s.ask(), Ask::Person(Side::North));
}

#[test]
fn undo_goes_back_over_the_ai_to_the_persons_turn_and_redo_forward() {
    let mut s = session(&["enkeshui", "--race", "off", "--north", "ai:easy"]);
    let start = rows(&s);
    s.play("8").expect("8 is legal");
    let after_8 = rows(&s);
    s.play_ai().expect("North is the AI").expect("legal");
    let after_ai = rows(&s);
    assert_eq!(s.step(), 2);
    assert_eq!(s.undo(), Ok(1));
    assert_eq!((s.step(), rows(&s)), (0, start.clone()));
    assert_eq!(s.undo(), Err("Nothing to undo"));
    assert_eq!(s.redo(), Ok(3));
    assert_eq!((s.step(), rows(&s)), (2, after_ai));
    assert_eq!(s.redo(), Err("Nothing to redo"));
    // A new decision after an undo drops what was undone.
    s.undo().expect("undo");
    s.play("7").expect("7 is legal");
    assert_ne!(rows(&s), after_8);
    assert!(!s.can_redo());
    assert_eq!(s.record().games[0].decisions, ["7"]);
}

#[test]
fn both_seats_ai_have_nothing_to_undo() {
    let mut s = session(&["en-gehe", "--south", "ai:easy", "--north", "ai:easy"]);
    s.play_ai().expect("AI").expect("legal");
    assert_eq!(s.undo(), Err("Both seats are AI: nothing to undo"));
}

#[test]
fn a_match_carries_each_score_over_as_the_next_games_stock() {
    let mut s = session(&[
        "enkeshui",
        "--race",
        "off",
        "--match",
        "--max-turns",
        "3",
        "--south",
        "human",
        "--north",
        "human",
    ]);
    assert_eq!(s.opening(), ["Game 1 of the match.", "South moves first."]);
    assert_eq!(s.next_game(), NextGame::None, "not over yet");
    s.play("8").expect("legal");
    s.play("3").expect("legal");
    let a = s.play("7").expect("legal");
    let o = a.over.expect("the turn limit ends it");
    assert_eq!(
        over_line(&o),
        "Game over: South wins, South 29 to North 19 (the turn limit was reached)"
    );
    let next = s.next_game();
    assert_eq!(
        next,
        NextGame::Started {
            game: 2,
            stock: PerSide::new(29, 19)
        }
    );
    assert_eq!(s.match_scores(), [PerSide::new(29, 19)]);
    assert_eq!(s.opening(), ["Game 2 of the match.", "South moves first."]);
    assert_eq!(s.step(), 0);
    assert_eq!(
        rows(&s),
        ("[0,0,4,4,4,4,4,4]".into(), "[0,0,0,0,4,4,4,4]".into())
    );
    let r = s.record();
    assert_eq!(r.games.len(), 2);
    assert_eq!(r.games[0].decisions, ["8", "3", "7"]);
    assert_eq!(r.games[0].result, Some(o));
    assert!(r.games[1].decisions.is_empty());
}

#[test]
fn a_person_races_the_ai_at_its_pace_and_the_first_sleeper_moves_first() {
    let mut s = session(&["enkeshui", "--race", "on", "--north", "ai:easy"]);
    assert_eq!(s.ask(), Ask::Race);
    assert!(s.play("8").is_err(), "no decision during the race");
    // A person pressing every 250 ms.
    let mut lines = 0;
    while !s
        .race_press(Side::South, (lines + 1) * 250)
        .expect("a drop")
    {
        lines += 1;
        assert!(lines < 1000, "the race ends");
    }
    assert!(s.racing().is_none());
    let r = s.record();
    let race = r.games[0].race.clone().expect("the race is recorded");
    let south = race.drops.iter().filter(|&&d| d == Side::South).count();
    let north = race.drops.len() - south;
    // Easy drops every 380 to 460 ms, a person every 250: about 0.6 of a
    // drop for each of the person's.
    assert!(
        north * 10 <= south * 7 && north * 10 >= south * 5,
        "{south} {north}"
    );
    assert!(
        s.opening()[0].starts_with("Race from hole 8: "),
        "{:?}",
        s.opening()
    );
    assert!(matches!(s.ask(), Ask::Person(_) | Ask::Ai(..)));
}

#[test]
fn two_ai_racers_run_the_race_to_its_end() {
    let mut s = session(&[
        "enkeshui",
        "--race",
        "on",
        "--south",
        "ai:expert",
        "--north",
        "ai:easy",
    ]);
    assert_eq!(
        s.race_press(Side::South, 100).map_err(|e| e.to_string()),
        Err("South races by the AI".into())
    );
    assert_eq!(s.race_run().map_err(|e| e.to_string()), Ok(true));
    let race = s.record().games[0].race.clone().expect("recorded");
    let south = race.drops.iter().filter(|&&d| d == Side::South).count();
    // Expert drops every 145 to 165 ms, easy every 380 to 460.
    assert!(south * 2 > race.drops.len(), "{race:?}");
    assert!(s.racing().is_none() && s.step() == 0);
}

#[test]
fn a_saved_record_resumes_at_the_same_position() {
    let mut s = session(&[
        "enkeshui", "--race", "off", "--south", "human", "--north", "human",
    ]);
    s.play("8").expect("legal");
    s.play("3").expect("legal");
    let record = s.record();
    let loaded = crate::session::load::from_record(
        Path::new("t.json"),
        Record::parse(&record.to_json()).expect("parses"),
        &Progress::default(),
    )
    .expect("loads");
    let r = Session::resume(&loaded).expect("resumes");
    assert_eq!(rows(&r), rows(&s));
    assert_eq!(r.step(), 2);
    assert_eq!(r.record(), record);
}

#[test]
fn a_finished_game_against_the_ai_is_counted_once() {
    let dir = crate::test_temp::TempDir::absent("mm-session-stats");
    let mut s = session(&[
        "enkeshui",
        "--race",
        "off",
        "--max-turns",
        "1",
        "--north",
        "ai:easy",
    ]);
    assert!(
        s.take_count().and_then(|c| c.write(&dir, 0)).is_none(),
        "not over"
    );
    let a = s.play("8").expect("legal");
    assert!(a.over.is_some());
    let lines = s
        .take_count()
        .and_then(|c| c.write(&dir, 0))
        .expect("counted")
        .expect("saved");
    assert_eq!(lines[0], "you vs easy, Enkeshui 2x8: 0-0-1");
    assert!(
        s.take_count().and_then(|c| c.write(&dir, 0)).is_none(),
        "once"
    );
}

#[test]
fn the_ais_decision_comes_back_played_and_is_applied_once() {
    let mut s = session(&[
        "en-gehe",
        "--holes",
        "40",
        "--south",
        "ai:greedy",
        "--north",
        "human",
        "--seed",
        "5",
    ]);
    let before = s.game().clone();
    let job = s.ai_job().expect("South is the AI").with_legal();
    let decided = job.run(&Progress::default()).expect("a decision");
    // The search's own decision, as its token names it (the same seed).
    let req = crate::ai::Request::new(crate::ai::Player::Greedy, s.ai_seed());
    let want = crate::ai::choose_token(&before, &req).expect("a decision");
    let decision = decided.decision.clone().expect("the AI's decision");
    assert_eq!(decision.to_string(), want.decision);
    // Played in the job: the position after it and the next legal decisions
    // come with it, so nothing is worked out again here.
    let played = decided.result.as_ref().expect("legal").clone();
    let mut by_token = before.clone();
    by_token
        .play_token(&decision.to_string(), &mut crate::engine::Quiet)
        .expect("legal");
    assert_eq!(played.game.position_json(), by_token.position_json());
    assert!(!played.events.is_empty(), "its sowing, for the animation");
    assert_eq!(played.legal, Some(by_token.legal_tokens()));
    let again = decided.clone();
    let a = s.apply(decided).expect("taken");
    assert_eq!(
        (a.turn.side, a.turn.decision.to_string().as_str()),
        (Side::South, want.decision.as_str())
    );
    assert_eq!(s.step(), 1);
    assert_eq!(s.legal(), Some(&by_token.legal_tokens()));
    // The same answer a second time is for a position no longer shown.
    assert_eq!(s.apply(again).unwrap_err(), Refused::Stale);
    assert_eq!(s.step(), 1);
}

#[test]
fn undo_from_the_end_of_a_match_takes_the_game_and_the_matchs_end_back() {
    // Each row's rightmost hole needs 22: whoever scores less loses the match.
    let mut s = session(&[
        "enkeshui",
        "--holes",
        "8",
        "--race",
        "off",
        "--match",
        "--layout",
        "0 0 0 0 0 0 2 22 0 0 0 0 0 0 2 22",
        "--south",
        "human",
        "--north",
        "human",
    ]);
    let mut k = 0usize;
    while !s.game().status().is_over() {
        let tokens = s.game().legal_tokens();
        k = (k * 31 + 7) % tokens.len();
        s.play(&tokens[k]).expect("legal");
    }
    let Status::Over(o) = s.game().status() else {
        unreachable!()
    };
    assert_eq!(s.match_games(), [o.score], "the game ended counts at once");
    let m = s.settle_match().expect("a stock cannot fill a hole");
    assert_eq!(m.end, MatchEnd::NoFill);
    assert_eq!(s.match_over(), Some(m.winner));
    assert_eq!(s.match_scores(), [o.score]);
    assert_eq!(s.settle_match(), None, "settled once");
    let turn = s.undo().expect("a person's turn to go back to");
    assert!(!s.game().status().is_over());
    assert_eq!(s.game().turn(), turn);
    assert_eq!(s.match_over(), None, "the match goes on");
    assert!(s.match_games().is_empty() && s.match_scores().is_empty());
    s.redo().expect("forward again");
    assert_eq!(s.match_games(), [o.score]);
    assert_eq!(s.settle_match(), Some(m));
}

#[test]
fn a_race_run_by_a_front_end_begins_the_game_from_its_board() {
    let mut s = session(&["enkeshui", "--race", "on", "--north", "ai:easy"]);
    assert_eq!(s.ask(), Ask::Race);
    let mut racing = s.racing().expect("the race is on").clone();
    let mut at = 0;
    while racing.race().first_sleeper().is_none() {
        at += 100;
        racing.press(Side::South, at).expect("a drop");
    }
    let (game, record, note) = racing.clone().finish().expect("the race ends");
    let first = AnyGame::from(game.clone()).to_move();
    assert!(
        s.raced(racing).expect("the race was on"),
        "the race is over"
    );
    assert!(
        matches!(s.ask(), Ask::Person(x) | Ask::Ai(x, _) if x == first),
        "{:?}",
        s.ask()
    );
    assert_eq!(
        s.opening(),
        [note, format!("{} moves first.", first.title())]
    );
    assert_eq!(s.record().games[0].race, Some(record));
    assert_eq!(
        s.game().position_json(),
        AnyGame::from(game).position_json()
    );
}

#[test]
fn the_replay_take_over_plays_on_from_the_step_shown_with_a_person_to_move() {
    let mut s = session(&["en-gehe", "--south", "ai:easy", "--north", "ai:easy"]);
    for _ in 0..3 {
        s.play_ai().expect("AI").expect("legal");
    }
    s.go_to(1);
    let mover = s.game().to_move();
    let turn = s.take_over();
    assert_eq!(turn, s.game().turn());
    assert_eq!((s.step(), s.last_step()), (1, 1), "the later steps go");
    assert!(s.human(mover) && !s.human(mover.other()));
    assert_eq!(s.ask(), Ask::Person(mover));
}

/// The session says what comes next for every front end: a person's
/// prompt, the AI seat's job, and the end with what follows it, reported
/// fresh once (tell it, count it, save) until the game changes.
#[test]
fn next_drives_the_turn_cycle_to_the_match_s_next_game() {
    let mut s = session(&[
        "enkeshui",
        "--race",
        "off",
        "--match",
        "--max-turns",
        "3",
        "--south",
        "human",
        "--north",
        "ai:easy",
    ]);
    assert!(matches!(s.what_next(), Next::Prompt(Side::South)));
    s.play("8").expect("legal");
    let Next::Ai { side, job, .. } = s.what_next() else {
        panic!("North is the AI");
    };
    assert_eq!(side, Side::North);
    let decided = job.run(&Progress::default()).expect("a decision");
    s.apply(decided).expect("current");
    assert!(matches!(s.what_next(), Next::Prompt(Side::South)));
    s.play("7").expect("legal");
    let Next::End(end) = s.what_next() else {
        panic!("the turn limit ends the game");
    };
    assert!(end.fresh, "reported for the first time");
    let stock = end.outcome.score;
    assert_eq!(end.then, AfterGame::NextGame { game: 2, stock });
    let Next::End(again) = s.what_next() else {
        panic!("still over");
    };
    assert!(!again.fresh, "told once");
    assert_eq!(again.then, end.then);
    // The front end starts the next game when it shows it.
    assert_eq!(s.next_game(), NextGame::Started { game: 2, stock });
    assert!(matches!(s.what_next(), Next::Prompt(Side::South)));
}

/// A match whose stock cannot fill a hole ends with the game: the session
/// says so in the end it reports, and undo takes it back.
#[test]
fn next_reports_the_match_s_end_with_the_game_s() {
    let mut s = session(&[
        "enkeshui",
        "--race",
        "off",
        "--match",
        "--layout",
        "0 0 0 0 0 0 2 22 0 0 0 0 0 0 2 22",
        "--south",
        "human",
        "--north",
        "human",
    ]);
    let mut k = 0usize;
    while !s.game().status().is_over() {
        let tokens = s.game().legal_tokens();
        k = (k * 31 + 7) % tokens.len();
        s.play(&tokens[k]).expect("legal");
    }
    let Next::End(end) = s.what_next() else {
        panic!("over");
    };
    let AfterGame::MatchOver(m) = end.then else {
        panic!("a stock cannot fill a hole: {:?}", end.then);
    };
    assert_eq!(m.end, MatchEnd::NoFill);
    assert_eq!(s.match_over(), Some(m.winner));
    assert_eq!(s.after_game(), Some(AfterGame::MatchOver(m)));
    s.undo().expect("back");
    assert_eq!(s.after_game(), None);
    assert!(matches!(s.what_next(), Next::Prompt(_)));
    s.redo().expect("forward");
    let Next::End(end) = s.what_next() else {
        panic!("over again");
    };
    assert!(end.fresh, "a new position: told again");
    assert_eq!(end.then, AfterGame::MatchOver(m));
}

/// South, a person, drops a seed every `every` ms from Go against North's
/// AI racer at `level`: who moves first after the race.
fn race_every(holes: u32, level: &str, seed: u64, every: u64) -> Side {
    let north = format!("ai:{level}");
    let (holes, seed) = (holes.to_string(), seed.to_string());
    let mut s = session(&[
        "enkeshui", "--holes", &holes, "--race", "on", "--north", &north, "--seed", &seed,
    ]);
    assert_eq!(s.ask(), Ask::Race);
    let mut at = 0;
    while !s.race_press(Side::South, at + every).expect("a drop") {
        at += every;
        assert!(at < 600_000, "the race never ends");
    }
    s.game().to_move()
}

/// Issue 37: one clock for the race. A person who drops faster than the AI
/// racer's pace wins; slower loses: at every level, size and seed.
#[test]
fn a_person_faster_than_the_ai_racers_pace_wins_and_a_slower_one_loses() {
    // (level, its pace in ms between drops, a pace clearly faster, clearly slower)
    for (level, fast, slow) in [
        ("expert", 100, 250),
        ("hard", 130, 330),
        ("medium", 180, 450),
        ("easy", 260, 650),
    ] {
        let (lo, hi) = race::racer_ms(Level::parse(level).expect("a level"));
        assert!(fast < lo && slow > hi, "{level}");
        for holes in [8, 10, 12] {
            for seed in 1..=4 {
                let what = format!("{level}, {holes} holes, seed {seed}");
                assert_eq!(race_every(holes, level, seed, fast), Side::South, "{what}");
                assert_eq!(race_every(holes, level, seed, slow), Side::North, "{what}");
            }
        }
    }
}

/// Issue 37: the AI racer drops on the race's clock whether the person
/// presses or not: a person who waits has lost when they press; a press
/// counts at its moment, the AI's seeds due before it fall first.
#[test]
fn the_ai_racer_drops_on_the_clock_while_the_person_waits() {
    let mut s = session(&["enkeshui", "--race", "on", "--north", "ai:easy"]);
    let (lo, hi) = race::racer_ms(Level::Easy);
    assert!(!s.race_advance(lo - 1).expect("the race is on"));
    assert_eq!(s.racing().unwrap().race().drops(), &[] as &[Side]);
    assert!(!s.race_press(Side::South, hi).expect("a drop"));
    assert_eq!(
        s.racing().unwrap().race().drops(),
        &[Side::North, Side::South],
        "North's first seed fell before South's press"
    );
    assert!(s.race_advance(60_000).expect("the race ends"));
    assert_eq!(s.game().to_move(), Side::North);
    let note = &s.opening()[0];
    assert!(
        note.starts_with("Race from hole 8: North slept first after "),
        "{note}"
    );
    assert!(note.ends_with("(South made 1) and moves first."), "{note}");
    assert!(matches!(
        s.race_press(Side::South, 60_100),
        Err(SessionError::NoRace)
    ));
}

/// Issue 37: a held race stops its clock: no AI seed falls and no press
/// counts; resumed, the next AI seed comes as far after as it was due. A
/// racer at a fixed pace (the race lesson's North) drops on it exactly.
#[test]
fn a_held_race_stops_its_clock_and_a_fixed_pace_is_kept() {
    let s = session(&["enkeshui", "--race", "on", "--north", "ai:expert"]);
    let mut r = s
        .racing()
        .expect("the race is on")
        .clone()
        .with_pace(Side::North, 150);
    assert_eq!(r.next_due(), Some(150));
    r.advance(160).expect("on");
    assert_eq!(r.drops(), PerSide::new(0, 1));
    assert_eq!(r.next_due(), Some(300));
    r.pause(200);
    assert!(r.paused());
    assert_eq!(r.next_due(), None, "nothing falls while held");
    r.advance(5_000).expect("held");
    assert!(
        !r.press(Side::South, 5_000).expect("held"),
        "no press counts"
    );
    assert_eq!(r.drops(), PerSide::new(0, 1));
    r.resume(10_200);
    assert_eq!(r.next_due(), Some(10_300), "100 ms after, as when held");
    assert!(r.press(Side::South, 10_250).expect("a drop"));
    r.advance(10_300).expect("on");
    assert_eq!(r.drops(), PerSide::new(1, 2));
    assert_eq!(r.race().drops(), &[Side::North, Side::South, Side::North]);
    assert!(matches!(
        r.press(Side::North, 10_400),
        Err(SessionError::AiRacer(Side::North))
    ));
}

// ---- the match's end ---------------------------------------------------------

use crate::engine::enkeshui::play_match::{MatchEnd, MatchResult};

/// Plays a match with both seats AI, as a front end drives it
/// ([`Session::what_next`]), until it is over: each game's score and the
/// end. Fails past `bound` games.
fn ai_match(args: &[&str], bound: usize) -> (Vec<PerSide<u32>>, MatchResult) {
    let mut all = vec![
        "enkeshui",
        "--match",
        "--south",
        "ai:easy",
        "--north",
        "ai:greedy",
    ];
    all.extend_from_slice(args);
    let mut s = session(&all);
    let mut games = 1;
    loop {
        match s.what_next() {
            Next::Race => {
                s.race_run().expect("the AI racers race");
            }
            Next::Ai { job, .. } => {
                let decided = job.run(&Progress::default()).expect("a decision");
                s.apply(decided).expect("current");
            }
            Next::Prompt(side) => panic!("{side:?} asked: both seats are AI"),
            Next::End(end) => match end.then {
                AfterGame::NextGame { game, .. } => {
                    assert_eq!(
                        s.next_game(),
                        NextGame::Started {
                            game,
                            stock: end.outcome.score
                        }
                    );
                    games += 1;
                    assert!(
                        games <= bound,
                        "still playing after {bound} games: {:?}",
                        s.match_scores()
                    );
                }
                AfterGame::MatchOver(m) => {
                    assert_eq!(s.match_result(), Some(m));
                    assert_eq!(s.match_over(), Some(m.winner));
                    assert_eq!(s.next_game(), NextGame::None, "over once");
                    return (s.match_scores().to_vec(), m);
                }
                AfterGame::Nothing => panic!("a match goes on or ends"),
            },
        }
    }
}

#[test]
fn easy_against_greedy_with_closed_holes_ends_when_the_carry_over_repeats() {
    // It played 514 identical games: 25-23 from the race on, each game again.
    let (scores, m) = ai_match(&["--unfilled", "closed"], 60);
    assert_eq!(scores, [PerSide::new(25, 23), PerSide::new(25, 23)]);
    assert_eq!(
        m,
        MatchResult {
            winner: Some(Side::South),
            end: MatchEnd::Repeat,
            stock: PerSide::new(25, 23),
            games: 2,
        }
    );
    assert_eq!(
        match_over_line(&m),
        "The carry-over repeats (South 25, North 23): South wins the match on seeds"
    );
}

#[test]
fn easy_against_greedy_with_open_holes_ends_when_the_carry_over_comes_back() {
    // Two results took turns for ever: 12-36, then the first game's 24-24.
    let (scores, m) = ai_match(&["--unfilled", "open", "--race", "off"], 60);
    assert_eq!(scores, [PerSide::new(12, 36), PerSide::new(24, 24)]);
    assert_eq!((m.winner, m.end, m.games), (None, MatchEnd::Repeat, 2));
    assert_eq!(
        match_over_line(&m),
        "The carry-over repeats (South 24, North 24): the match is drawn on seeds"
    );
}

#[test]
fn a_match_ends_after_its_number_of_games() {
    // With races the stocks wander: ten games by default, then the seeds decide.
    let (scores, m) = ai_match(&["--unfilled", "open"], 60);
    assert_eq!(scores.len(), 10);
    assert_eq!(
        m,
        MatchResult {
            winner: Some(Side::North),
            end: MatchEnd::Games,
            stock: PerSide::new(11, 37),
            games: 10,
        }
    );
    assert_eq!(
        match_over_line(&m),
        "Game 10 was the match's last (South 11, North 37): North wins the match on seeds"
    );
    // --match-games 3: the same games, three of them.
    let (three, m) = ai_match(&["--unfilled", "open", "--match-games", "3"], 60);
    assert_eq!(three, scores[..3]);
    assert_eq!(
        (m.winner, m.end, m.games),
        (Some(Side::North), MatchEnd::Games, 3)
    );
}

#[test]
fn a_stock_that_cannot_fill_a_hole_still_ends_the_match() {
    let (scores, m) = ai_match(&["--unfilled", "closed", "--race", "off"], 60);
    assert_eq!(
        scores,
        [
            PerSide::new(12, 36),
            PerSide::new(7, 41),
            PerSide::new(3, 45)
        ]
    );
    assert_eq!(
        (m.winner, m.end, m.games),
        (Some(Side::North), MatchEnd::NoFill, 3)
    );
    assert_eq!(
        match_over_line(&m),
        "South cannot fill a hole: North wins the match"
    );
}

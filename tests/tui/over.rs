//! The end of a game and of a match.

use super::harness::*;
use masai_mancala::app::Screen;
use masai_mancala::engine::enkeshui::play_match::MatchEnd;
use masai_mancala::engine::{Game, Side};
use ratatui::crossterm::event::KeyCode;
use std::time::Instant;

#[test]
fn game_over_shows_the_breakdown_and_offers_a_rematch() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant");
    // Play random legal moves until the end.
    use rand::SeedableRng;
    let mut rng = masai_mancala::engine::SeededRng::seed_from_u64(1);
    for _ in 0..3000 {
        if app.screen() == Screen::Over {
            break;
        }
        let g = app.play().unwrap().enkeshui().unwrap().clone();
        let d = g.random_decision(&mut rng).expect("a move");
        app.decide(d.to_string(), Instant::now());
    }
    assert_eq!(app.screen(), Screen::Over);
    let g = app.play().unwrap().enkeshui().unwrap().clone();
    let masai_mancala::engine::Status::Over(o) = g.status() else {
        panic!()
    };
    let s = screen(&mut app);
    assert!(has(&s, "Game over"));
    assert!(has(&s, "captured  own row  bulls  total"));
    let b = g.board();
    for side in [Side::South, Side::North] {
        let row = format!(
            "{:<8}{:>9}{:>9}{:>7}{:>7}",
            side.title(),
            g.captured()[side],
            b.free_seeds(side),
            b.bull_seeds(side),
            o.score[side]
        );
        assert!(has(&s, &row), "{row} in {s:#?}");
    }
    assert!(has(
        &s,
        &format!("South {} to North {}", o.score.south, o.score.north)
    ));
    assert!(has(
        &s,
        "r rematch / next game    n new game    u undo    q quit"
    ));
    keys(&mut app, "r");
    assert_eq!(app.screen(), Screen::Play);
    assert_eq!(app.play().unwrap().game().turn(), 1);
}

#[test]
fn en_gehe_and_bao_games_run_to_the_game_over_screen() {
    for args in ["en-gehe --holes 6 --north human", "bao --north human"] {
        let (mut app, _rx) = start(args);
        let mut pick = 0usize;
        for _ in 0..3000 {
            if app.screen() == Screen::Over {
                break;
            }
            let tokens = app.play().unwrap().game().legal_tokens();
            pick = (pick * 31 + 7) % tokens.len();
            app.decide(tokens[pick].clone(), Instant::now());
            key(&mut app, KeyCode::Char('s'));
            screen(&mut app);
        }
        assert_eq!(app.screen(), Screen::Over, "{args:?}");
        let s = screen(&mut app);
        assert!(has(&s, "Game over"), "{s:#?}");
        assert!(has(&s, "total"), "{s:#?}");
        // r: a new game of the same kind.
        key(&mut app, KeyCode::Char('r'));
        assert_eq!(app.screen(), Screen::Play);
        assert_eq!(app.play().unwrap().game().turn(), 1);
    }
}

#[test]
fn match_play_keeps_the_scoreboard_and_refills_the_board_from_the_stocks() {
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant --match");
    play_to_the_end(&mut app);
    let s = screen(&mut app);
    assert!(
        has(&s, "Game over: North wins, South 10 to North 38"),
        "{s:#?}"
    );
    assert!(has(&s, "Match (South-North): game 1: 10-38"));
    assert!(has(
        &s,
        "Each score is the player's stock for the next game: r plays it."
    ));
    keys(&mut app, "r");
    // North's 38 fill his six holes of 4 from the right (14 kept as captured),
    // South's 10 fill two (2 kept).
    let s = screen(&mut app);
    assert_eq!(
        board_lines(&s),
        [
            "8    7    6    5    4    3    2    1",
            "North     4    4    4    4    4    4    0    0",
            "South     0    0    0    0    0    0    4    4",
            "1    2    3    4    5    6  [7]    8",
        ]
    );
    assert!(has(
        &s,
        "North (human)       captured 14 · bulls 0 (0 seeds) · in hand  0 · score 38"
    ));
    assert!(has(
        &s,
        "South (human)       captured  2 · bulls 0 (0 seeds) · in hand  0 · score 10"
    ));
    assert!(has(&s, "Game 2 of the match."));
    play_to_the_end(&mut app);
    let s = screen(&mut app);
    assert!(
        has(&s, "Match (South-North): game 1: 10-38, game 2: 21-27"),
        "{s:#?}"
    );
    keys(&mut app, "r");
    let s = screen(&mut app);
    assert_eq!(
        board_lines(&s)[2],
        "South     0    0    0    4    4    4    4    4"
    );
    assert!(has(&s, "Game 3 of the match."));
}

#[test]
fn the_match_ends_when_a_stock_cannot_fill_a_hole() {
    // Each row's rightmost hole needs 22: whoever scores less loses the match.
    let (mut app, _rx) = app(
        "--holes 8 --race off --north human --instant --match --layout '0 0 0 0 0 0 2 22 0 0 0 0 0 0 2 22'",
    );
    play_to_the_end(&mut app);
    let s = screen(&mut app);
    assert!(
        has(&s, "Game over: North wins, South 13 to North 35"),
        "{s:#?}"
    );
    assert!(has(&s, "Match (South-North): game 1: 13-35"));
    assert!(has(&s, "The match is over: North wins the match."));
    assert_eq!(s[22], "South cannot fill a hole: North wins the match");
    // Undo takes the game back: the match goes on.
    keys(&mut app, "u");
    assert_eq!(app.screen(), Screen::Play);
    assert!(app.matches().games.is_empty() && app.matches().over.is_none());
    play_to_the_end(&mut app);
    assert_eq!(app.matches().over, Some(Some(Side::North)));
    // r: a new match from the start.
    keys(&mut app, "r");
    assert_eq!(app.screen(), Screen::Play);
    assert!(app.matches().games.is_empty() && app.matches().over.is_none());
    assert_eq!(
        board_lines(&screen(&mut app))[2],
        "South     0    0    0    0    0    0    2   22"
    );
}

#[test]
fn a_finished_match_resumes_at_its_end() {
    let (mut app, _rx) = app(
        "--holes 8 --race off --north human --instant --match --layout '0 0 0 0 0 0 2 22 0 0 0 0 0 0 2 22'",
    );
    let path = temp_file("match-over");
    app.save_to(path.to_path_buf(), false);
    play_to_the_end(&mut app);
    let (_, checked) = masai_mancala::record::file::load(&path).unwrap();
    let m = checked.match_over.expect("the match is over");
    assert_eq!((m.winner, m.end), (Some(Side::North), MatchEnd::NoFill));
    let (mut back, _rx2) = resumed(&path);
    assert_eq!(back.screen(), Screen::Over);
    let s = screen(&mut back);
    assert!(has(&s, "Match (South-North): game 1: 13-35"), "{s:#?}");
    assert!(has(&s, "The match is over: North wins the match."));
    assert_eq!(s[22], "South cannot fill a hole: North wins the match");
}

#[test]
fn the_match_ends_when_the_carry_over_repeats_and_says_why() {
    // One-turn games: South sows 3 (21-27), then from 21 and 27 sows 7:
    // 21-27 again, so the next game would start as this one did.
    let (mut app, _rx) = app("--holes 8 --race off --north human --instant --match --max-turns 1");
    app.decide("3".into(), Instant::now());
    assert_eq!(app.screen(), Screen::Over);
    assert_eq!(app.matches().over, None);
    keys(&mut app, "r");
    assert_eq!(app.screen(), Screen::Play);
    app.decide("7".into(), Instant::now());
    assert_eq!(app.screen(), Screen::Over);
    let s = screen(&mut app);
    assert!(
        has(&s, "Match (South-North): game 1: 21-27, game 2: 21-27"),
        "{s:#?}"
    );
    assert!(
        has(
            &s,
            "The match is over. The carry-over repeats (South 21, North 27): North"
        ),
        "{s:#?}"
    );
    assert_eq!(
        s[22],
        "The carry-over repeats (South 21, North 27): North wins the match on seeds"
    );
    assert_eq!(app.matches().over, Some(Some(Side::North)));
    // r: a new match from the start.
    keys(&mut app, "r");
    assert_eq!(app.screen(), Screen::Play);
    assert!(app.matches().games.is_empty() && app.matches().over.is_none());
}

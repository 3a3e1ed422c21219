//! The race screen: countdown, racers, AI pace and how the race is told.

use super::harness::*;
use super::{resumed, temp_file};
use masai_mancala::ai::Level;
use masai_mancala::app::COUNTDOWN;
use masai_mancala::app::{App, Screen};
use masai_mancala::engine::{Game, Side};
use masai_mancala::session::race::racer_ms;
use ratatui::crossterm::event::KeyCode;
use std::time::{Duration, Instant};

/// Ticks through the countdown; returns the time of Go.
fn go(app: &mut App) -> Instant {
    tick_until(app, 10, |a| {
        a.race().is_none_or(|r| r.countdown().is_none())
    })
}

/// Both humans race, pressing in turn, until someone sleeps.
fn race_to_the_end(app: &mut App) {
    go(app);
    for i in 0..2000 {
        if app.race().unwrap().result().is_some() {
            return;
        }
        keys(app, if i % 2 == 0 { "zn" } else { "xm" });
    }
    panic!("nobody slept");
}

#[test]
fn race_with_alternating_keys_and_auto_repeat() {
    let (mut app, _rx) = app("--holes 8 --north human");
    assert_eq!(app.screen(), Screen::Race);
    let s = screen(&mut app);
    assert!(s[0].contains("starting race from hole 8"));
    go(&mut app);
    // Auto-repeat of one key drops once.
    keys(&mut app, "zzzz");
    assert_eq!(app.race().unwrap().race().drops(), &[Side::South]);
    assert_eq!(app.race().unwrap().repeats().south, 3);
    // Alternating keys drop each time.
    keys(&mut app, "xzx");
    assert_eq!(app.race().unwrap().race().drops().len(), 4);
    keys(&mut app, "nmnm");
    let s = screen(&mut app);
    assert!(
        has(
            &s,
            "South lap  1 · in hand  0 · drops   4 · keys z x, last key x (3 repeats ignored)"
        ) || has(&s, "drops   4 · keys z x"),
        "{s:#?}"
    );
    assert!(has(&s, "drops   4 · keys n m, last key m"), "{s:#?}");
    // Race on: alternate until someone sleeps.
    for i in 0..2000 {
        if app.race().unwrap().result().is_some() {
            break;
        }
        keys(&mut app, if i % 2 == 0 { "zn" } else { "xm" });
    }
    let first = app
        .race()
        .unwrap()
        .race()
        .first_sleeper()
        .expect("someone sleeps");
    let s = screen(&mut app);
    assert!(has(
        &s,
        &format!("{} sleeps first and moves first", first.title())
    ));
    let board = *app.race().unwrap().result().unwrap().board();
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), Screen::Play);
    let g = app.play().unwrap().enkeshui().unwrap();
    assert_eq!(g.to_move(), first);
    assert_eq!(
        g.board().counts,
        board.counts,
        "the game goes on from the race's board"
    );
}

#[test]
fn the_ai_racer_drops_on_ticks() {
    let (mut app, _rx) = app("--holes 8");
    let mut now = go(&mut app);
    let mut n = 0;
    while app.race().is_some_and(|r| r.result().is_none()) && n < 10 {
        now = app.deadline().expect("the AI racer ticks").max(now);
        app.tick(now);
        n += 1;
    }
    let drops = app.race().unwrap().race().drops();
    assert!(drops.iter().all(|&s| s == Side::North));
    assert!(!drops.is_empty());
}

#[test]
fn quick_race_is_decided_at_once_and_logged() {
    let (mut app, _rx) = app("--holes 12 --race quick --seed 7 --north human");
    assert_eq!(app.screen(), Screen::Play);
    let s = screen(&mut app);
    assert!(has(&s, "Quick race from hole 12:"), "{s:#?}");
}

#[test]
fn a_race_in_progress_is_saved_and_resumes_with_a_new_race() {
    let (mut app, _rx) = app("--holes 8 --north human");
    assert_eq!(app.screen(), Screen::Race);
    let path = temp_file("race");
    app.save_to(path.to_path_buf(), false);
    app.autosave();
    keys(&mut app, "zxzx");
    app.autosave();
    let (record, checked) = masai_mancala::record::file::load(&path).unwrap();
    assert!(record.games[0].race.is_none());
    assert!(record.games[0].decisions.is_empty());
    assert!(!checked.is_finished());
    let (mut back, _rx2) = resumed(&path);
    assert_eq!(back.screen(), Screen::Race);
    let s = screen(&mut back);
    assert!(
        has(
            &s,
            "Race! South: press z and x in turn; North: press n and m in turn"
        ),
        "{s:#?}"
    );
    assert!(back.race().unwrap().race().drops().is_empty());
}

#[test]
fn a_countdown_comes_before_every_race_and_keys_wait_for_go() {
    let (mut app, _rx) = app("--holes 8 --north human");
    let s = screen(&mut app);
    assert!(
        has(&s, &format!("The race starts in {COUNTDOWN}...")),
        "{s:#?}"
    );
    keys(&mut app, "zn");
    assert!(app.race().unwrap().race().drops().is_empty());
    assert_eq!(app.status(), format!("Wait for Go! ({COUNTDOWN})"));
    assert!(app.status_error());
    // One second a number: 3, 2, 1, then Go.
    let start = Instant::now();
    let mut shown = Vec::new();
    while let Some(n) = app.race().unwrap().countdown() {
        shown.push(n);
        let at = app.deadline().expect("the countdown ticks");
        app.tick(at);
    }
    assert_eq!(shown, [3, 2, 1]);
    assert_eq!(app.status(), "Go!");
    // Sleeping through it would take the countdown's 3 s; a loaded
    // machine may take its time for the rest.
    assert!(
        start.elapsed() < Duration::from_secs(COUNTDOWN as u64),
        "ticks, not sleeps"
    );
    keys(&mut app, "z");
    assert_eq!(app.race().unwrap().race().drops(), &[Side::South]);
}

#[test]
fn a_key_after_go_counts_even_before_the_tick() {
    let (mut app, _rx) = app("--holes 8 --north human");
    let late = Instant::now() + Duration::from_secs(COUNTDOWN as u64 + 1);
    app.handle(
        masai_mancala::app::AppEvent::Key(KeyCode::Char('z').into()),
        late,
    );
    assert_eq!(app.race().unwrap().race().drops(), &[Side::South]);
}

/// The times of an AI racer's first drops after Go.
fn drop_gaps(args: &str) -> Vec<u128> {
    let (mut app, _rx) = app(args);
    let mut at = go(&mut app);
    let mut gaps = Vec::new();
    while gaps.len() < 6 && app.race().unwrap().result().is_none() {
        let next = app.deadline().expect("the AI racer ticks");
        gaps.push(next.duration_since(at).as_millis());
        app.tick(next);
        at = next;
    }
    gaps
}

#[test]
fn the_ai_racer_drops_at_its_levels_pace() {
    for (args, level) in [
        ("--holes 12 --north ai:easy", Level::Easy),
        ("--holes 12 --north ai:hard", Level::Hard),
        (
            "--holes 12 --north ai:easy --race-speed expert",
            Level::Expert,
        ),
        (
            "--holes 12 --north ai:expert --race-speed medium",
            Level::Medium,
        ),
    ] {
        let (lo, hi) = racer_ms(level);
        let gaps = drop_gaps(args);
        assert!(gaps.len() >= 3, "{args}: {gaps:?}");
        for g in &gaps {
            assert!((lo as u128..=hi as u128).contains(g), "{args}: {gaps:?}");
        }
    }
    // Easy is slower than a casual player's 4 to 6 drops a second; expert is quicker.
    assert!(racer_ms(Level::Easy).0 > 250);
    assert!(racer_ms(Level::Expert).1 < 170);
}

#[test]
fn a_bad_race_speed_is_refused_with_the_levels() {
    use clap::Parser;
    let e = masai_mancala::cli::Cli::try_parse_from([
        "masai-mancala",
        "enkeshui",
        "--race-speed",
        "turbo",
    ])
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("'turbo': a race speed is easy, medium, hard or expert"),
        "{e}"
    );
}

#[test]
fn the_finished_race_shows_both_racers_truly_and_the_log_counts_like_them() {
    let (mut app, _rx) = app("--holes 8 --south human --north human");
    race_to_the_end(&mut app);
    let first = app.race().unwrap().race().first_sleeper().unwrap();
    let drops = app.race().unwrap().race().drops().to_vec();
    let count = |s: Side| drops.iter().filter(|&&d| d == s).count();
    let s = screen(&mut app);
    let line = |side: Side| {
        s.iter()
            .find(|l| l.starts_with(&format!("{:<6}lap", side.title())))
            .cloned()
            .unwrap_or_else(|| panic!("{s:#?}"))
    };
    let winner = line(first);
    let loser = line(first.other());
    assert!(
        winner.ends_with(&format!(
            "in hand  0 · drops {:>3} · ASLEEP: moves first",
            count(first)
        )),
        "{winner}"
    );
    assert!(
        loser.ends_with(&format!(
            "in hand  0 · drops {:>3} · sowing finished",
            count(first.other())
        )),
        "{loser}"
    );
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), Screen::Play);
    let s = screen(&mut app);
    let note = format!(
        "Race from hole 8: {} slept first after {} drops ({} made {}) and moves first.",
        first.title(),
        count(first),
        first.other().title(),
        count(first.other())
    );
    // The log wraps the note: read its lines as one text.
    let text = s
        .iter()
        .map(|l| l.replace('│', " "))
        .collect::<Vec<_>>()
        .join(" ");
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains(&note), "{note}\n{s:#?}");
}

#[test]
fn the_race_lines_fit_at_80_and_60_columns() {
    let (mut app, _rx) = app("--holes 12 --south human --north human");
    race_to_the_end(&mut app);
    for (w, h) in [(80, 24), (60, 20)] {
        let s = screen_wh(&mut app, w, h);
        assert!(has(&s, "ASLEEP: moves first"), "{w}x{h}: {s:#?}");
        assert!(has(&s, "sowing finished"), "{w}x{h}: {s:#?}");
    }
}

#[test]
fn the_race_shows_each_ai_racers_level() {
    let (mut app, _rx) = app("--holes 8 --south ai:hard --north ai:easy");
    let s = screen(&mut app);
    assert!(has(&s, "AI racer (easy)"), "{s:#?}");
    assert!(has(&s, "AI racer (hard)"), "{s:#?}");
}

/// A person who starts `react_ms` after Go and then presses the two keys in
/// turn `per_second` times a second, against the AI racer of `args`: who
/// sleeps first, and the person's and the AI's drop counts.
fn person_vs_ai(args: &str, react_ms: u64, per_second: u64) -> (Side, usize, usize) {
    let (mut app, _rx) = app(args);
    let go_at = go(&mut app);
    let mut press = go_at + Duration::from_millis(react_ms);
    let mut k = 0;
    while app.race().unwrap().result().is_none() {
        match app.deadline() {
            Some(ai) if ai <= press => {
                app.tick(ai);
            }
            _ => {
                let c = if k % 2 == 0 { 'z' } else { 'x' };
                app.handle(
                    masai_mancala::app::AppEvent::Key(KeyCode::Char(c).into()),
                    press,
                );
                k += 1;
                press += Duration::from_millis(1000 / per_second);
            }
        }
        assert!(k < 500, "{args}: the race never ends");
    }
    let r = app.race().unwrap().race();
    let count = |s: Side| r.drops().iter().filter(|&&d| d == s).count();
    (
        r.first_sleeper().unwrap(),
        count(Side::South),
        count(Side::North),
    )
}

/// Issue 21 item 12: each racer level is what its name says. A fast person
/// (9 presses a second, starting a quarter second after Go) beats the
/// expert racer from every size and seed; a casual one (5 a second) beats
/// medium; and the expert racer still beats the casual person.
#[test]
fn a_fast_person_beats_the_expert_racer_and_a_casual_one_beats_medium() {
    for holes in [8, 10, 12] {
        for seed in 1..=5 {
            let expert = format!("--holes {holes} --north ai:expert --seed {seed}");
            let (first, south, north) = person_vs_ai(&expert, 250, 9);
            assert_eq!(
                first,
                Side::South,
                "9 a second vs expert, {expert}: South {south} drops, North {north}"
            );
            let medium = format!("--holes {holes} --north ai:medium --seed {seed}");
            let (first, south, north) = person_vs_ai(&medium, 250, 5);
            assert_eq!(
                first,
                Side::South,
                "5 a second vs medium, {medium}: South {south} drops, North {north}"
            );
            let (first, south, north) = person_vs_ai(&expert, 250, 5);
            assert_eq!(
                first,
                Side::North,
                "5 a second vs expert, {expert}: South {south} drops, North {north}"
            );
        }
    }
}

/// Issue 21 item 12: the help (or the quit question) holds the race: the
/// AI racer drops nothing and the clock stops while it is open; closed, the
/// race goes on where it was.
#[test]
fn an_overlay_holds_the_race_and_the_clock() {
    let (mut app, _rx) = app("--holes 12 --north ai:expert");
    let at = |app: &mut App, key: KeyCode, t: Instant| {
        app.handle(masai_mancala::app::AppEvent::Key(key.into()), t);
    };
    // The countdown, held at 3 for a minute with the help open.
    let t0 = Instant::now();
    let due = app.deadline().expect("the countdown ticks");
    at(&mut app, KeyCode::Char('?'), t0);
    assert_eq!(
        app.deadline(),
        None,
        "nothing is due while the help is open"
    );
    app.tick(t0 + Duration::from_secs(60));
    assert_eq!(app.race().unwrap().countdown(), Some(COUNTDOWN));
    let back = t0 + Duration::from_secs(60);
    at(&mut app, KeyCode::Char('?'), back);
    assert_eq!(
        app.deadline(),
        Some(due + Duration::from_secs(60)),
        "the countdown goes on with the rest of its second"
    );
    // After Go: the AI racer drops, then the quit question holds it.
    let go_at = go(&mut app);
    let first = app.deadline().unwrap();
    app.tick(first);
    assert_eq!(app.race().unwrap().race().drops(), &[Side::North]);
    let next = app.deadline().unwrap();
    let gap = next - first;
    let held = first + Duration::from_millis(10);
    key_at(&mut app, 'q', held);
    assert!(app.confirming_quit());
    assert_eq!(app.deadline(), None);
    app.tick(held + Duration::from_secs(5));
    assert_eq!(app.race().unwrap().race().drops(), &[Side::North]);
    // "n" goes on: the next drop comes as far after as it was due.
    let resumed = held + Duration::from_secs(5);
    key_at(&mut app, 'n', resumed);
    assert!(!app.confirming_quit());
    assert_eq!(
        app.deadline(),
        Some(resumed + gap - Duration::from_millis(10))
    );
    assert!(go_at < first);
}

fn key_at(app: &mut App, c: char, t: Instant) {
    app.handle(
        masai_mancala::app::AppEvent::Key(KeyCode::Char(c).into()),
        t,
    );
}

/// Issue 21 item 12: the key bar shows the race keys of the people racing
/// only. Issue 40 item 3: `Enter start` once the race is over, when it
/// starts the game (during the race it does nothing).
#[test]
fn the_key_bar_shows_only_the_human_racers_keys() {
    let (mut a, _rx) = app("--holes 8 --north ai:easy");
    let s = screen(&mut a);
    assert_eq!(s[23].trim_end(), "z x South  q quit  ? help");
    let (mut a, _rx) = app("--holes 8 --south ai:easy --north human");
    let s = screen(&mut a);
    assert_eq!(s[23].trim_end(), "n m North  q quit  ? help");
    let (mut a, _rx) = app("--holes 8 --south human --north human");
    let s = screen(&mut a);
    assert_eq!(s[23].trim_end(), "z x South  n m North  q quit  ? help");
    race_to_the_end(&mut a);
    let s = screen(&mut a);
    assert_eq!(s[23].trim_end(), "Enter start  q quit  ? help");
}

/// Issue 21 item 12: with the race keys rebound, every race text names the
/// keys in effect.
#[test]
fn the_race_texts_name_the_keys_in_effect() {
    use masai_mancala::app as keys;
    use masai_mancala::keys::{Key, Keymap};
    let mut map = Keymap::default();
    map.rebind("south-race", &[Key::Char('a'), Key::Char('s')])
        .unwrap();
    map.rebind("north-race", &[Key::Char('k'), Key::Char('l')])
        .unwrap();
    keys::set_active(map);
    let (mut app, _rx) = app("--holes 8 --south human --north human");
    let s = screen(&mut app);
    keys::set_active(Keymap::default());
    assert!(
        has(
            &s,
            "Race! South: press a and s in turn; North: press k and l in turn"
        ),
        "{s:#?}"
    );
    assert!(has(&s, "drops   0 · keys a s"), "{s:#?}");
    assert!(has(&s, "drops   0 · keys k l"), "{s:#?}");
    assert!(!has(&s, "z x") && !has(&s, "n m"), "{s:#?}");
}

/// Issue 21 item 12: after losing to an AI racer, the race screen says
/// where its speed is set; not after a win, nor between two people.
#[test]
fn a_lost_race_names_the_racer_speed_setting() {
    let advice = [
        "North's AI racer (expert) won the race. Its speed is set by --race-speed LEVEL",
        "(easy, medium, hard or expert), the start menu's \"AI racer speed\" or race-speed",
        "in the settings file.",
    ];
    // Five presses a second lose to expert.
    let (mut app, _rx) = self::app("--holes 8 --north ai:expert");
    let go_at = go(&mut app);
    let mut press = go_at + Duration::from_millis(250);
    let mut k = 0;
    while app.race().unwrap().result().is_none() {
        match app.deadline() {
            Some(ai) if ai <= press => {
                app.tick(ai);
            }
            _ => {
                key_at(&mut app, if k % 2 == 0 { 'z' } else { 'x' }, press);
                k += 1;
                press += Duration::from_millis(200);
            }
        }
    }
    assert_eq!(
        app.race().unwrap().race().first_sleeper(),
        Some(Side::North)
    );
    let s = screen(&mut app);
    let at = s
        .iter()
        .position(|l| l.starts_with("North sleeps first and moves first. The game starts"))
        .unwrap_or_else(|| panic!("{s:#?}"));
    assert_eq!(
        s[at + 1..at + 4]
            .iter()
            .map(|l| l.trim_end())
            .collect::<Vec<_>>(),
        advice,
        "{s:#?}"
    );
    let s = screen_wh(&mut app, 60, 20);
    let text = s.join(" ").split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains(&advice.join(" ")), "{s:#?}");
    // Two people: no advice.
    let (mut two, _rx) = self::app("--holes 8 --south human --north human");
    race_to_the_end(&mut two);
    let s = screen(&mut two);
    assert!(!has(&s, "AI racer"), "{s:#?}");
}

/// A person who presses the two keys in turn every `every` ms from Go
/// (the first press `every` after it) against the AI racer of `args`: the
/// race's drops in order, once someone slept.
fn person_every(args: &str, every: u64) -> Vec<Side> {
    let (mut app, _rx) = app(args);
    let go_at = go(&mut app);
    let mut k = 1;
    while app.race().unwrap().result().is_none() {
        let press = go_at + Duration::from_millis(k * every);
        match app.deadline() {
            Some(ai) if ai <= press => {
                app.tick(ai);
            }
            _ => {
                key_at(&mut app, if k % 2 == 0 { 'z' } else { 'x' }, press);
                k += 1;
            }
        }
        assert!(k < 1000, "{args}: the race never ends");
    }
    app.race().unwrap().race().drops().to_vec()
}

/// Issue 37: one clock for both front ends. At every level, a person
/// pressing clearly quicker than the AI racer's pace wins on the race
/// screen, clearly slower loses; and the race is the session's: the same
/// presses at the same times give the same drops, seed for seed, in the
/// line mode's session.
#[test]
fn a_person_quicker_than_the_ai_racer_wins_and_the_race_is_the_sessions() {
    use masai_mancala::session::Session;
    for (level, fast, slow) in [
        ("expert", 100, 250),
        ("hard", 130, 330),
        ("medium", 180, 450),
        ("easy", 260, 650),
    ] {
        for seed in 1..=3 {
            let args = format!("--holes 8 --north ai:{level} --seed {seed}");
            for (every, first) in [(fast, Side::South), (slow, Side::North)] {
                let drops = person_every(&args, every);
                let mut s = Session::new(setup(&args));
                let mut k = 1;
                while !s.race_press(Side::South, k * every).expect("a drop") {
                    k += 1;
                }
                let record = s.record().games[0].race.clone().expect("raced");
                assert_eq!(drops, record.drops, "{args}, every {every} ms");
                let count = |side: Side| drops.iter().filter(|&&d| d == side).count();
                assert_eq!(s.game().to_move(), first, "{args}, every {every} ms");
                assert!(
                    s.opening()[0].starts_with(&format!(
                        "Race from hole 8: {} slept first after {} drops",
                        first.title(),
                        count(first)
                    )),
                    "{args}: {:?}",
                    s.opening()
                );
            }
        }
    }
}

/// Issue 37: Ctrl-Z holds the race while the program is stopped: nothing
/// falls meanwhile, and back from the shell the next AI seed comes as far
/// after as it was due.
#[test]
fn ctrl_z_holds_the_race_until_back_from_the_shell() {
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers};
    let (mut app, _rx) = app("--holes 12 --north ai:expert");
    go(&mut app);
    let first = app.deadline().expect("the AI racer ticks");
    app.tick(first);
    let next = app.deadline().expect("the AI racer ticks");
    let stopped = first + Duration::from_millis(10);
    let ctrl_z = KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL);
    app.handle(masai_mancala::app::AppEvent::Key(ctrl_z), stopped);
    assert!(app.take_suspend(), "Ctrl-Z hands the terminal back");
    assert_eq!(app.deadline(), None, "nothing is due while stopped");
    let back = stopped + Duration::from_secs(30);
    app.tick(back);
    assert_eq!(app.race().unwrap().race().drops(), &[Side::North]);
    app.back_from_shell(back);
    assert_eq!(app.deadline(), Some(next + Duration::from_secs(30)));
}

/// Issue 40 item 11: the first race of a run (the README's first command)
/// waits for Enter before its countdown: a newcomer who looked away has not
/// lost it by the time he looks at the board.
#[test]
fn the_first_race_waits_for_enter_before_its_countdown() {
    let (tx, _rx) = std::sync::mpsc::channel();
    let line = "--holes 8 --north ai:easy";
    let t0 = Instant::now();
    let mut app = App::with_game(tx, setup(line), client(line), PLAIN, t0);
    assert_eq!(app.screen(), Screen::Race);
    assert!(app.race().unwrap().waiting());
    assert_eq!(app.deadline(), None, "nothing happens by itself");
    // A minute later: still 3, nothing dropped, North's AI racer waits too.
    app.tick(t0 + Duration::from_secs(60));
    assert_eq!(app.race().unwrap().countdown(), Some(COUNTDOWN));
    assert!(app.race().unwrap().race().drops().is_empty());
    let s = screen(&mut app);
    assert!(
        has(
            &s,
            "Press Enter when you are ready: the race starts 3 seconds later."
        ),
        "{s:#?}"
    );
    assert_eq!(
        app.status(),
        "Race! South: press z and x in turn. Press Enter to start the countdown"
    );
    assert_eq!(s[23], "Enter start  q quit  ? help");
    // A racer's key does not start it: Enter does.
    keys(&mut app, "z");
    assert_eq!(app.status(), "Press Enter to start the countdown first");
    assert!(app.race().unwrap().waiting());
    key(&mut app, KeyCode::Enter);
    assert!(!app.race().unwrap().waiting());
    assert_eq!(app.race().unwrap().countdown(), Some(COUNTDOWN));
    assert!(app.deadline().is_some(), "the countdown ticks");
    let s = screen(&mut app);
    assert!(
        has(&s, &format!("The race starts in {COUNTDOWN}...")),
        "{s:#?}"
    );
    assert_eq!(s[23], "z x South  q quit  ? help");
}

//! Each key bar lists exactly the keys that act on its screen: for every
//! binding of the screen's context with a word for the bar (from the one
//! bindings table), its key is pressed on a fresh copy of the screen, and
//! the bar shows it if and only if the screen answered (changed, without a
//! refusal).

use super::harness::*;
use masai_mancala::app::{App, AppEvent, LessonScreen, Phase};
use masai_mancala::engine::GameKind;
use masai_mancala::keys::{Action, BINDINGS, Ctx, Key, KeyCode as Named};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;

/// Actions whose bar entry names its partner's key too ("↑/↓ row"): the
/// entry acts when either does.
const PAIRS: &[(Action, Action)] = &[
    (Action::Up, Action::Down),
    (Action::Left, Action::Right),
    (Action::TurnForward, Action::TurnBack),
    (Action::StepForward, Action::StepBack),
    (Action::Faster, Action::Slower),
    (Action::First, Action::Last),
    (Action::NextGame, Action::PrevGame),
    (Action::NextMistake, Action::PrevMistake),
    (Action::AddSeed, Action::TakeSeed),
];

fn event(k: Key) -> KeyEvent {
    let code = match k {
        Key::Char(c) => KeyCode::Char(c),
        Key::Ctrl(c) => return KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL),
        Key::AnyDigit => KeyCode::Char('2'),
        Key::Code(n) => match n {
            Named::Up => KeyCode::Up,
            Named::Down => KeyCode::Down,
            Named::Left => KeyCode::Left,
            Named::Right => KeyCode::Right,
            Named::Enter => KeyCode::Enter,
            Named::Esc => KeyCode::Esc,
            Named::Tab => KeyCode::Tab,
            Named::Backspace => KeyCode::Backspace,
            Named::PageUp => KeyCode::PageUp,
            Named::PageDown => KeyCode::PageDown,
            Named::Home => KeyCode::Home,
            Named::End => KeyCode::End,
            Named::Delete => KeyCode::Delete,
            Named::Insert => KeyCode::Insert,
            Named::F(n) => KeyCode::F(n),
        },
    };
    KeyEvent::from(code)
}

/// Whether pressing the first key of binding `i` on a fresh screen made
/// by `make` does something: the screen changes (or the program ends)
/// without a refusal.
fn acts(make: &dyn Fn() -> App, i: usize) -> bool {
    let mut app = make();
    let before = screen(&mut app);
    let Some(&k) = BINDINGS[i].keys.first() else {
        return false;
    };
    app.handle(AppEvent::Key(event(k)), Instant::now());
    let after = screen(&mut app);
    let refused = app.status_error() || app.lessons().is_some_and(|l| l.refused());
    app.quitting() || (after != before && !refused)
}

/// The bar of the screen `make` makes shows each of its context's
/// bindings with a word if and only if its key acts there.
fn check(name: &str, make: &dyn Fn() -> App) {
    let mut app = make();
    let ctx = app.ctx();
    let lines = screen(&mut app);
    let bar = lines.last().unwrap().clone();
    let mut wrong = Vec::new();
    for (i, b) in BINDINGS.iter().enumerate() {
        if b.ctx != ctx || b.hint.is_empty() {
            continue;
        }
        let partner = PAIRS.iter().find_map(|&(x, y)| {
            let p = if b.action == x {
                y
            } else if b.action == y {
                x
            } else {
                return None;
            };
            BINDINGS.iter().position(|o| o.ctx == ctx && o.action == p)
        });
        let acted = acts(make, i) || partner.is_some_and(|j| acts(make, j));
        let entry = format!("{} {}", b.label, b.hint);
        // A key the screen lends to another screen's binding (the race
        // lesson's q leaves the lessons) is shown under that one's word.
        let lent = BINDINGS.iter().any(|o| {
            o.ctx != ctx
                && o.ctx != Ctx::Global
                && b.keys.first().is_some_and(|k| o.keys.contains(k))
                && bar.contains(&format!("{} {}", o.label, o.hint))
        });
        let shown = bar.contains(&entry) || lent;
        if shown != acted {
            wrong.push(format!(
                "{entry}: {} but {}",
                if shown { "shown" } else { "not shown" },
                if acted { "it acts" } else { "it does nothing" }
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{name} ({}): {wrong:#?}\nbar: {bar}\n{lines:#?}",
        ctx.name()
    );
}

#[test]
fn the_start_menu_lists_its_keys() {
    let dir = super::temp::TempDir::new("masai-bars-menu");
    check("the start menu", &|| menu_saving_in(&dir).0);
}

#[test]
fn the_board_editor_lists_bulls_only_in_enkeshui() {
    let dir = super::temp::TempDir::new("masai-bars-editor");
    check("the board editor", &|| {
        let mut a = menu_saving_in(&dir).0;
        keys(&mut a, "e");
        a
    });
    check("Bao's board editor", &|| {
        let mut a = start("bao --north human").0;
        keys(&mut a, "E");
        a
    });
}

#[test]
fn a_hot_seat_game_lists_undo_once_there_is_a_move() {
    check("the first move", &|| {
        app("--holes 8 --race off --north human --instant").0
    });
    check("after a move", &|| {
        let (mut a, _rx) = app("--holes 8 --race off --north human --instant");
        a.decide("3".into(), Instant::now());
        a
    });
}

/// AI against AI: no key sows, undoes or hints.
#[test]
fn ai_against_ai_lists_no_key_of_a_player() {
    let make = || app("--holes 8 --race off --south ai:easy --north ai:easy --instant").0;
    check("AI against AI", &make);
    let bar = screen(&mut make()).last().unwrap().clone();
    for gone in ["Enter sow", "u undo", "i hint", "0-9 hole"] {
        assert!(!bar.contains(gone), "{bar}");
    }
}

/// The direction prompt lists its hint and analysis, which act there.
#[test]
fn the_direction_prompt_lists_hint_and_analysis() {
    let make = || {
        let (mut a, _rx) = app("--race off --north human --instant");
        for t in "3 1 1 3 6 4 7 1 6 4 7 5 4 4 6 8 3 7".split(' ') {
            a.decide(t.to_string(), Instant::now());
        }
        assert_eq!(a.ctx(), Ctx::Direction);
        a
    };
    check("the direction prompt", &make);
    let bar = screen(&mut make()).last().unwrap().clone();
    assert!(
        bar.contains("i hint") && bar.contains("a analysis"),
        "{bar}"
    );
}

#[test]
fn the_quit_question_and_the_help_list_their_keys() {
    check("the quit question", &|| {
        let (mut a, _rx) = app("--holes 8 --race off --north human --instant");
        keys(&mut a, "q");
        a
    });
    check("the help", &|| {
        let (mut a, _rx) = menu();
        keys(&mut a, "?");
        a
    });
}

#[test]
fn the_game_over_lists_undo_only_with_a_person_playing() {
    for seats in ["--north human", "--south ai:easy --north ai:easy"] {
        let make = || {
            let (mut a, _rx) = app(&format!(
                "--race off --instant --layout '0 0 0 0 0 0 2 22 0 0 0 0 0 0 2 22' {seats}"
            ));
            let mut pick = 0usize;
            while a.screen() != masai_mancala::app::Screen::Over {
                let tokens = a.play().unwrap().game().legal_tokens();
                pick = (pick * 31 + 7) % tokens.len();
                a.decide(tokens[pick].clone(), Instant::now());
            }
            a
        };
        check(&format!("the game over ({seats})"), &make);
    }
}

/// A lesson opened at `id` (the lessons of `kind`), progress not kept.
fn lesson(kind: GameKind, id: &str) -> App {
    let (mut a, _rx) = menu();
    let (tx, _rx) = std::sync::mpsc::channel();
    let now = Instant::now();
    let mut s = LessonScreen::new(Some(kind), None, PLAIN, 1, tx, now);
    let i = s.lessons.iter().position(|l| l.id == id).unwrap();
    s.open(i, now);
    a.show_lessons(s, false);
    a
}

#[test]
fn a_lesson_lists_its_keys() {
    check("a lesson", &|| {
        let mut a = lesson(GameKind::Enkeshui, "enkeshui-capture");
        keys(&mut a, "2");
        a
    });
    // After the verdict: the board takes no more decisions, u tries again.
    check("a lesson answered", &|| {
        let mut a = lesson(GameKind::Enkeshui, "enkeshui-capture");
        keys(&mut a, "2");
        key(&mut a, KeyCode::Enter);
        tick_until(&mut a, 1000, |a| {
            a.lessons()
                .is_some_and(|l| matches!(l.phase, Phase::Answer(_)))
        });
        assert!(
            a.lessons()
                .is_some_and(|l| matches!(l.phase, Phase::Answer(_)))
        );
        a
    });
}

/// The race: before its countdown Enter starts it; after Go the keys of
/// the people racing, not Enter.
#[test]
fn the_race_lists_the_keys_of_its_people() {
    check("the first race, waiting", &|| {
        let (tx, _rx) = std::sync::mpsc::channel();
        let line = "--holes 8 --north human";
        App::with_game(tx, setup(line), client(line), PLAIN, Instant::now())
    });
    let after_go = |line: &'static str| {
        move || {
            let (mut a, _rx) = app(line);
            tick_until(&mut a, 10, |a| {
                a.race().is_none_or(|r| r.countdown().is_none())
            });
            a
        }
    };
    check(
        "the race of two people",
        &after_go("--holes 8 --north human"),
    );
    check(
        "the race against the AI",
        &after_go("--holes 8 --north ai:easy"),
    );
}

/// The race lesson: North races for the AI (no `n m North`), and q leaves
/// the lessons (not "quit").
#[test]
fn the_race_lesson_lists_your_keys_and_the_way_out() {
    let make = || {
        let mut a = lesson(GameKind::Enkeshui, "enkeshui-race");
        let now = Instant::now();
        for k in 1..=3 {
            a.tick(now + std::time::Duration::from_secs(k));
        }
        a
    };
    check("the race lesson", &make);
    let bar = screen(&mut make()).last().unwrap().clone();
    assert_eq!(bar, "z x South  q leave  ? help");
}

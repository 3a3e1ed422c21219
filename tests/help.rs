//! The help overlay (issue 11 item 9): the rules rendered, not raw
//! Markdown; every key of every binding listed; scrolling that stops at
//! the end; the keys in effect after a rebinding.

use masai_mancala::app::App;
use masai_mancala::app::AppEvent;
use masai_mancala::app::Theme;
use masai_mancala::app::set_active;
use masai_mancala::keys::{self, BINDINGS, Ctx, Key, Keymap};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::sync::mpsc::channel;
use std::time::Instant;

fn menu() -> App {
    let (tx, _rx) = channel();
    let theme = Theme {
        color: false,
        ..Theme::default()
    };
    App::menu(tx, Default::default(), theme)
}

fn press(app: &mut App, code: KeyCode) {
    app.handle(AppEvent::Key(KeyEvent::from(code)), Instant::now());
}

fn screen(app: &mut App, w: u16, h: u16) -> Vec<String> {
    app.handle(AppEvent::Resize(w, h), Instant::now());
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    masai_mancala::app::draw(&mut term, app).unwrap();
    let buf = term.backend().buffer().clone();
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The inside of the help box: the lines between its borders, without them.
fn inside(s: &[String]) -> Vec<String> {
    s[1..s.len() - 2]
        .iter()
        .map(|l| {
            let chars: Vec<char> = l.chars().collect();
            if chars.len() < 2 {
                return String::new();
            }
            chars[1..chars.len() - 1]
                .iter()
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// Every line of the help at this size, page by page with ↓.
fn whole_help(w: u16, h: u16) -> Vec<String> {
    let mut app = menu();
    screen(&mut app, w, h);
    press(&mut app, KeyCode::Char('?'));
    let mut all = inside(&screen(&mut app, w, h));
    for _ in 0..2000 {
        press(&mut app, KeyCode::Down);
        let page = inside(&screen(&mut app, w, h));
        if page == all[all.len() - page.len()..] {
            break;
        }
        all.push(page.last().unwrap().clone());
    }
    all
}

#[test]
fn the_rules_are_rendered_not_raw_markdown() {
    let all = whole_help(80, 24);
    for l in &all {
        for raw in ["**", "```", "|---", "### ", "## ", "# "] {
            assert!(!l.contains(raw), "raw Markdown {raw:?} in {l:?}");
        }
        assert!(l.chars().count() <= 78, "wider than the box: {l:?}");
    }
    // A table as aligned columns, its header above.
    let head = all
        .iter()
        .position(|l| l.trim_start().starts_with("name") && l.contains("board"))
        .unwrap_or_else(|| panic!("the layouts table in {all:#?}"));
    let row = all
        .iter()
        .find(|l| l.contains("8-left-empty (default for 2x8)"))
        .unwrap();
    assert!(row.ends_with("0 0 4 4 4 4 4 4"), "{row}");
    assert!(head < all.iter().position(|l| l == row).unwrap());
    // The board diagram kept as drawn.
    assert!(
        all.iter()
            .any(|l| l.contains("+----+----+----+----+----+----+----+----+"))
    );
    // Headings without their marks.
    assert!(all.iter().any(|l| l.trim() == "The board"), "{all:#?}");
}

#[test]
fn paragraphs_are_reflowed_to_the_width() {
    // In the file "... from the owner's **left** as" ends a line and "he sits"
    // starts the next: 120 columns join them.
    let all = whole_help(120, 40);
    assert!(
        all.iter()
            .any(|l| l.contains("numbered from the owner's left as he sits")),
        "{all:#?}"
    );
    // 40 columns: every line fits the box.
    for l in whole_help(40, 20) {
        assert!(
            l.chars().count() <= 38 || l.contains("+--") || l.contains("|  "),
            "{l:?}"
        );
    }
}

#[test]
fn every_key_of_every_binding_is_listed() {
    let all = whole_help(80, 24).join("\n");
    let map = Keymap::default();
    // The lessons' keys are listed while the lessons are open, on their own screen.
    for (i, b) in BINDINGS
        .iter()
        .enumerate()
        .filter(|(_, b)| b.ctx != Ctx::Lesson)
    {
        let label = map.label(i);
        assert!(
            all.contains(&format!("   {label} ")),
            "{label} ({:?} {:?})",
            b.ctx,
            b.action
        );
    }
    // The ones the issue found missing, and no bare "↓" after "↑/↓".
    for keys in ["Home/g", "n/]", "↓/j/PgDn", "↑/k/PgUp", "End/G"] {
        assert!(all.contains(keys), "{keys}");
    }
    assert!(!all.contains("   ↓            choose"), "a stale label");
}

#[test]
fn scrolling_stops_at_the_end_of_the_help() {
    let mut app = menu();
    screen(&mut app, 80, 24);
    press(&mut app, KeyCode::Char('?'));
    for _ in 0..400 {
        press(&mut app, KeyCode::PageDown);
    }
    let end = inside(&screen(&mut app, 80, 24));
    // The last line of the help at the bottom of the box: no empty box.
    assert!(!end.last().unwrap().trim().is_empty(), "{end:#?}");
    assert!(
        end.iter().all(|l| !l.trim().is_empty())
            || end.iter().filter(|l| l.trim().is_empty()).count() < 5
    );
    // One ↑ moves at once (the offset did not run on past the end).
    press(&mut app, KeyCode::Up);
    let up = inside(&screen(&mut app, 80, 24));
    assert_eq!(up[1..], end[..end.len() - 1], "one line up");
}

#[test]
fn the_help_and_the_hint_bar_show_the_keys_in_effect() {
    let mut map = Keymap::default();
    map.rebind("menu.open-saves", &[Key::Char('w')]).unwrap();
    map.rebind("help.cancel", &[Key::Char('x')]).unwrap();
    set_active(map);
    let mut app = menu();
    let s = screen(&mut app, 80, 24);
    assert!(s[23].contains("w saved games"), "{}", s[23]);
    press(&mut app, KeyCode::Char('o'));
    assert!(app.help_scroll().is_none());
    press(&mut app, KeyCode::Char('?'));
    let s = screen(&mut app, 80, 24);
    assert!(s[0].contains(" Help: ↑↓ scroll, x closes "), "{}", s[0]);
    let all = whole_help_with(&mut app);
    assert!(
        all.iter()
            .any(|l| l.starts_with("   w ") && l.contains("saved games"))
    );
    press(&mut app, KeyCode::Char('x'));
    assert!(app.help_scroll().is_none());
    set_active(Keymap::default());
    let _ = Ctx::Menu;
}

fn whole_help_with(app: &mut App) -> Vec<String> {
    let mut all = inside(&screen(app, 80, 24));
    for _ in 0..2000 {
        press(app, KeyCode::Down);
        let page = inside(&screen(app, 80, 24));
        if page == all[all.len() - page.len()..] {
            break;
        }
        all.push(page.last().unwrap().clone());
    }
    all
}

#[test]
fn the_guide_key_table_is_the_binding_table() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/guide.md")).unwrap();
    let open = "<!-- keys: made from src/keys/table.rs -->\n";
    let start = readme
        .find(open)
        .expect("the key table's start in docs/guide.md")
        + open.len();
    let end = readme
        .find("<!-- /keys -->")
        .expect("the key table's end in docs/guide.md");
    let table = keys::markdown_table(&Keymap::default());
    assert!(
        readme[start..end] == table,
        "docs/guide.md's key table differs from src/keys/table.rs; it should be:\n{table}"
    );
}

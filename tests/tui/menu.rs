//! The start menu: only the chosen game's options, each one used.

use super::harness::*;
use masai_mancala::app::{App, Screen};
use ratatui::crossterm::event::KeyCode;

/// The rows' labels, in order.
fn labels(s: &[String]) -> Vec<String> {
    s.iter()
        .filter_map(|l| l.strip_prefix("│"))
        .filter(|l| l.starts_with("  ") || l.starts_with("> "))
        .map(|l| l[2..28].trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Moves to the row `label` (from the top).
fn to_row(app: &mut App, label: &str) {
    for _ in 0..20 {
        let s = screen(app);
        if s.iter().any(|l| l.contains(&format!("> {label:<26}"))) {
            return;
        }
        key(app, KeyCode::Down);
    }
    panic!("no row {label}");
}

#[test]
fn the_menu_starts_a_game() {
    let (mut app, _rx) = menu();
    let s = screen(&mut app);
    assert!(has(&s, &format!("> {:<26}← Enkeshui →", "Game")), "{s:#?}");
    // Holes: 8 -> 12; race off.
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Left);
    let s = screen(&mut app);
    assert!(has(&s, &format!("  {:<26}  12", "Holes per row")), "{s:#?}");
    assert!(
        has(&s, &format!("  {:<26}  12-alternate", "Layout")),
        "{s:#?}"
    );
    assert!(
        has(&s, &format!("> {:<26}← off →", "Starting race")),
        "{s:#?}"
    );
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), Screen::Play);
    assert_eq!(app.play().unwrap().enkeshui().unwrap().holes(), 12);
}

#[test]
fn the_menu_starts_en_gehe_and_bao() {
    for (steps, title) in [(1, "En Gehé 2x40"), (2, "Bao la Kimasai")] {
        let (mut app, _rx) = menu();
        for _ in 0..steps {
            key(&mut app, KeyCode::Right);
        }
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.screen(), Screen::Play, "{}", app.status());
        let s = screen(&mut app);
        assert!(s[0].starts_with(title), "{s:#?}");
    }
}

#[test]
fn each_game_shows_only_its_own_options() {
    let (mut app, _rx) = menu();
    assert_eq!(
        labels(&screen(&mut app)),
        [
            "Game",
            "Holes per row",
            "Layout",
            "Starting race",
            "AI racer speed",
            "Special move",
            "Capture after relay",
            "Match play",
            "South",
            "North",
            "Flip board for hot-seat",
            "Colours"
        ]
    );
    key(&mut app, KeyCode::Right);
    assert_eq!(
        labels(&screen(&mut app)),
        [
            "Game",
            "Holes per row",
            "South",
            "North",
            "Flip board for hot-seat",
            "Colours"
        ]
    );
    key(&mut app, KeyCode::Right);
    assert_eq!(
        labels(&screen(&mut app)),
        ["Game", "South", "North", "Colours"]
    );
    // No race, no racer speed.
    key(&mut app, KeyCode::Right);
    to_row(&mut app, "Starting race");
    key(&mut app, KeyCode::Left);
    let l = labels(&screen(&mut app));
    assert!(!l.contains(&"AI racer speed".to_string()), "{l:?}");
}

#[test]
fn the_en_gehe_size_chosen_is_the_size_played() {
    let (mut app, _rx) = menu();
    key(&mut app, KeyCode::Right);
    to_row(&mut app, "Holes per row");
    let s = screen(&mut app);
    assert!(
        has(&s, &format!("> {:<26}← 40 →", "Holes per row")),
        "{s:#?}"
    );
    for _ in 0..6 {
        key(&mut app, KeyCode::Left);
    }
    let s = screen(&mut app);
    assert!(
        has(
            &s,
            &format!("> {:<26}← 10 (non-traditional) →", "Holes per row")
        ),
        "{s:#?}"
    );
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), Screen::Play, "{}", app.status());
    let s = screen(&mut app);
    assert!(
        s[0].starts_with("En Gehé 2x10 [non-traditional size]"),
        "{s:#?}"
    );
}

#[test]
fn the_ai_level_chosen_in_the_menu_plays() {
    let (mut app, _rx) = menu();
    to_row(&mut app, "North");
    let s = screen(&mut app);
    assert!(
        has(&s, &format!("> {:<26}← AI medium →", "North")),
        "{s:#?}"
    );
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    let s = screen(&mut app);
    assert!(
        has(&s, &format!("> {:<26}← AI expert →", "North")),
        "{s:#?}"
    );
    to_row(&mut app, "Starting race");
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), Screen::Play, "{}", app.status());
    let s = screen(&mut app);
    assert!(has(&s, "North (AI expert)"), "{s:#?}");
}

#[test]
fn the_racer_speed_chosen_in_the_menu_is_the_races() {
    let (mut app, _rx) = menu();
    to_row(&mut app, "AI racer speed");
    let s = screen(&mut app);
    assert!(
        has(
            &s,
            &format!("> {:<26}← as the AI's level →", "AI racer speed")
        ),
        "{s:#?}"
    );
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), Screen::Race, "{}", app.status());
    let s = screen(&mut app);
    assert!(has(&s, "AI racer (easy)"), "{s:#?}");
}

#[test]
fn bao_from_the_menu_has_no_flip_and_keeps_its_seats() {
    let (mut app, _rx) = menu();
    key(&mut app, KeyCode::Left);
    let s = screen(&mut app);
    assert!(
        has(&s, &format!("> {:<26}← Bao la Kimasai →", "Game")),
        "{s:#?}"
    );
    to_row(&mut app, "South");
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert!(has(&s, "South (AI easy)"), "{s:#?}");
    assert!(has(&s, "North (AI medium)"), "{s:#?}");
}

/// Issue 11, item 10: a saved game's row keeps its seats. At 80 columns a
/// long summary goes on its own line under the name; at 60 it breaks after
/// a comma; nothing is cut.
#[test]
fn saved_games_rows_keep_the_seats_at_80_and_60_columns() {
    use masai_mancala::record::file::SavedGame;
    let saved = |name: &str, summary: &str, finished: bool| SavedGame {
        path: std::path::PathBuf::from(format!("/data/{name}")),
        modified: std::time::SystemTime::UNIX_EPOCH,
        summary: summary.to_string(),
        finished,
        ok: true,
    };
    let saves = masai_mancala::app::SavesScreen::new(vec![
        saved(
            "game-20261201-153012.json",
            "En Gehé 2x50, turn 214, South human v North ai:expert",
            false,
        ),
        saved(
            "game-2.json",
            "Bao la Kimasai, over 40-24, South human v North ai:hard",
            true,
        ),
    ])
    .unwrap();
    // Drawn over the menu's area (the screen less its status and key bar).
    let screen_wh = |w: u16, h: u16| {
        let area = ratatui::layout::Rect::new(0, 0, w, h - 2);
        let mut buf = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, w, h));
        saves.render(area, &mut buf, &PLAIN);
        lines_of(&buf)
    };
    // The list's lines, inside its box.
    let inside = |s: &[String]| -> Vec<String> {
        s[2..8]
            .iter()
            .map(|l| {
                l.trim_start_matches(' ')
                    .trim_matches('│')
                    .trim_end()
                    .to_string()
            })
            .collect()
    };
    let s = screen_wh(80, 24);
    assert_eq!(
        inside(&s),
        [
            "> game-20261201-153012.json  unfinished",
            "    En Gehé 2x50, turn 214, South human v North ai:expert",
            "  game-2.json  finished",
            "    Bao la Kimasai, over 40-24, South human v North ai:hard",
            "",
            "",
        ]
    );
    let s = screen_wh(60, 20);
    assert_eq!(
        inside(&s),
        [
            "> game-20261201-153012.json  unfinished",
            "    En Gehé 2x50, turn 214,",
            "    South human v North ai:expert",
            "  game-2.json  finished",
            "    Bao la Kimasai, over 40-24,",
            "    South human v North ai:hard",
        ]
    );
}

#[test]
fn the_menu_starts_each_game_at_the_settings_sizes() {
    let (mut app, _rx) = menu();
    app.set_menu_sizes(12, 44);
    let s = screen(&mut app);
    assert!(has(&s, &format!("  {:<26}  12", "Holes per row")), "{s:#?}");
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert!(s[0].starts_with("Enkeshui 2x12"), "{s:#?}");

    let (mut app, _rx) = menu();
    app.set_menu_sizes(12, 44);
    key(&mut app, KeyCode::Right);
    let s = screen(&mut app);
    assert!(has(&s, &format!("  {:<26}  44", "Holes per row")), "{s:#?}");
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert!(s[0].starts_with("En Gehé 2x44"), "{s:#?}");

    // A size the menu does not offer leaves the menu's own default.
    let (mut app, _rx) = menu();
    app.set_menu_sizes(9, 7);
    let s = screen(&mut app);
    assert!(has(&s, &format!("  {:<26}  8", "Holes per row")), "{s:#?}");
}

/// Issue 40 item 5: the sizes from 40 step one by one to 50 (2x49 too), and
/// a size of the settings' that the list lacks is shown and played as set.
#[test]
fn the_menu_offers_every_traditional_en_gehe_size_and_the_settings_own() {
    let (mut app, _rx) = menu();
    key(&mut app, KeyCode::Right);
    to_row(&mut app, "Holes per row");
    let mut seen = Vec::new();
    for _ in 0..11 {
        let s = screen(&mut app);
        let row = s
            .iter()
            .find(|l| l.contains(&format!("> {:<26}← ", "Holes per row")))
            .unwrap_or_else(|| panic!("{s:#?}"));
        let n: String = row.split("← ").nth(1).unwrap().chars().take(2).collect();
        seen.push(n);
        key(&mut app, KeyCode::Right);
    }
    let want: Vec<String> = (40..=50).map(|n| n.to_string()).collect();
    assert_eq!(seen, want);

    let (mut app, _rx) = menu();
    app.set_menu_sizes(8, 49);
    key(&mut app, KeyCode::Right);
    let s = screen(&mut app);
    assert!(has(&s, &format!("  {:<26}  49", "Holes per row")), "{s:#?}");
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert!(s[0].starts_with("En Gehé 2x49"), "{s:#?}");

    let (mut app, _rx) = menu();
    app.set_menu_sizes(8, 6);
    key(&mut app, KeyCode::Right);
    let s = screen(&mut app);
    assert!(
        has(
            &s,
            &format!("  {:<26}  6 (non-traditional)", "Holes per row")
        ),
        "{s:#?}"
    );
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert!(s[0].starts_with("En Gehé 2x6 "), "{s:#?}");
}

#[test]
fn the_colours_row_changes_the_theme_at_once_and_for_the_game() {
    use masai_mancala::theme::Palette;
    let (mut app, _rx) = menu();
    to_row(&mut app, "Colours");
    let s = screen(&mut app);
    assert!(has(&s, &format!("> {:<26}← dark →", "Colours")), "{s:#?}");
    key(&mut app, KeyCode::Right);
    assert_eq!(app.theme().palette, Palette::Light);
    let s = screen(&mut app);
    assert!(has(&s, &format!("> {:<26}← light →", "Colours")), "{s:#?}");
    key(&mut app, KeyCode::Right);
    assert_eq!(app.theme().palette, Palette::HighContrast);
    key(&mut app, KeyCode::Right);
    assert_eq!(app.theme().palette, Palette::HighContrastLight);
    let s = screen(&mut app);
    assert!(
        has(&s, &format!("> {:<26}← high-contrast-light →", "Colours")),
        "{s:#?}"
    );
    key(&mut app, KeyCode::Left);
    assert_eq!(app.theme().palette, Palette::HighContrast);
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), Screen::Race);
    assert_eq!(app.theme().palette, Palette::HighContrast);
}

#[test]
fn the_menu_shows_the_record_against_the_chosen_level() {
    use masai_mancala::stats;
    let dir = crate::temp::TempDir::new("masai-tui-menu-record");
    let text = serde_json::json!({
        "format": stats::FORMAT,
        "version": stats::VERSION,
        "players": {
            stats::player_name(): {
                "Enkeshui 2x8": {
                    "medium": {"wins": 3, "draws": 0, "losses": 7, "last": "2026-11-30 10:00"}
                }
            }
        }
    });
    std::fs::write(stats::path(&dir), text.to_string()).unwrap();
    let (mut app, _rx) = menu();
    app.set_stats_dir(dir.to_path_buf());
    app.load_menu_record();
    let s = screen(&mut app);
    assert!(
        has(&s, "you vs medium, Enkeshui 2x8: 3-0-7 (wins-draws-losses)"),
        "{s:#?}"
    );
    // Another size: another record.
    to_row(&mut app, "Holes per row");
    key(&mut app, KeyCode::Right);
    let s = screen(&mut app);
    assert!(
        has(&s, "you vs medium, Enkeshui 2x10: no games yet"),
        "{s:#?}"
    );
    // Another level: its own record.
    to_row(&mut app, "North");
    key(&mut app, KeyCode::Right);
    let s = screen(&mut app);
    assert!(
        has(&s, "you vs hard, Enkeshui 2x10: no games yet"),
        "{s:#?}"
    );
    // Two people: nothing is counted.
    for _ in 0..2 {
        key(&mut app, KeyCode::Right);
    }
    let s = screen(&mut app);
    assert!(
        has(&s, "Hot-seat games are not counted in your record"),
        "{s:#?}"
    );
    // The AI on both seats: nothing is counted either.
    key(&mut app, KeyCode::Right);
    to_row(&mut app, "South");
    key(&mut app, KeyCode::Right);
    let s = screen(&mut app);
    assert!(
        has(&s, "AI against AI: not counted in your record"),
        "{s:#?}"
    );
}

#[test]
fn the_whole_menu_fits_at_60x20() {
    let (mut app, _rx) = menu();
    let s = screen_wh(&mut app, 60, 20);
    assert!(has(&s, "Enter starts the game; ? shows the keys"), "{s:#?}");
    assert!(
        has(&s, "you vs medium, Enkeshui 2x8: no games yet"),
        "{s:#?}"
    );
    assert!(has(&s, "Colours"), "{s:#?}");
    // With room, the title keeps its blank line.
    let s = screen_wh(&mut app, 80, 24);
    assert_eq!(s[2], format!("│{:78}│", ""), "{s:#?}");
}

#[test]
fn match_play_shows_the_matchs_length_and_the_game_keeps_it() {
    let (mut app, _rx) = menu();
    let l = labels(&screen(&mut app));
    assert!(!l.contains(&"Match length".to_string()), "{l:?}");
    to_row(&mut app, "Match play");
    key(&mut app, KeyCode::Right);
    let l = labels(&screen(&mut app));
    let at = l.iter().position(|r| r == "Match play").expect("the row");
    assert_eq!(l[at + 1], "Match length", "{l:?}");
    to_row(&mut app, "Match length");
    let s = screen(&mut app);
    assert!(
        has(&s, &format!("> {:<26}← up to 10 games →", "Match length")),
        "{s:#?}"
    );
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Left);
    let s = screen(&mut app);
    assert!(
        has(&s, &format!("> {:<26}← 1 game →", "Match length")),
        "{s:#?}"
    );
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Enter);
    let rules = app.setup().and_then(|s| s.rules()).expect("Enkeshui");
    assert!(rules.match_play);
    assert_eq!(rules.match_games, 3);
    // Every row still fits at 60x20.
    let (mut app, _rx) = menu();
    to_row(&mut app, "Match play");
    key(&mut app, KeyCode::Right);
    let s = screen_wh(&mut app, 60, 20);
    assert!(has(&s, "Match length"), "{s:#?}");
    assert!(has(&s, "Colours"), "{s:#?}");
    assert!(
        has(&s, "you vs medium, Enkeshui 2x8: no games yet"),
        "{s:#?}"
    );
}

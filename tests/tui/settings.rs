//! What the settings file can change in the client, and what it cannot:
//! Ctrl-C quits whatever `[keys]` says.

use super::*;
use masai_mancala::app::set_active;
use masai_mancala::keys::Keymap;
use masai_mancala::settings::Settings;
use ratatui::crossterm::event::KeyModifiers;

/// Every key that leaves a screen unbound.
const NO_WAY_OUT: &str = "[keys]\n\"play.quit\" = []\n\"global.quit-now\" = []\n\"over.quit-now\" = []\n\"confirm.yes\" = []\n\"menu.quit-now\" = []\n\"play.cancel\" = []\n";

fn ctrl_c(app: &mut App) {
    app.handle(
        AppEvent::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        Instant::now(),
    );
}

#[test]
fn ctrl_c_quits_every_screen_whatever_the_settings_unbind() {
    let settings = Settings::parse(NO_WAY_OUT).unwrap();
    set_active(settings.keys.clone());
    // The start menu: q and Esc unbound, Ctrl-C still quits.
    let (mut start, _rx) = menu();
    keys(&mut start, "q");
    key(&mut start, KeyCode::Esc);
    assert!(!start.quitting(), "q and Esc are unbound");
    ctrl_c(&mut start);
    assert!(start.quitting(), "Ctrl-C on the menu");
    // Playing, with the help open over the board.
    let (mut game, _rx) = app("--holes 8 --race off --north human --instant");
    keys(&mut game, "q");
    assert!(!has(&screen(&mut game), "Quit?"), "q is unbound");
    keys(&mut game, "?");
    ctrl_c(&mut game);
    assert!(game.quitting(), "Ctrl-C over the help");
    // The game over screen.
    let (mut over, _rx) = app("--holes 8 --race off --north human --instant");
    play_to_the_end(&mut over);
    keys(&mut over, "q");
    assert!(!over.quitting(), "q is unbound");
    ctrl_c(&mut over);
    assert!(over.quitting(), "Ctrl-C when the game is over");
    set_active(Keymap::default());
}

#[test]
fn the_settings_files_errors_show_over_the_first_screen_until_a_key() {
    let (mut game, _rx) = app("--holes 8 --race off --north human --instant");
    let before = screen(&mut game);
    let message = "/home/ann/.config/masai-mancala/config.toml: line 7: unknown key 'sped' (did you mean 'speed'?); that line is ignored, the rest of the file is in effect (the file is left as it is)";
    game.show_notice("Settings file", vec![message.into()]);
    let s = screen(&mut game);
    assert!(has(&s, "┌ Settings file "), "{s:#?}");
    assert!(
        has(
            &s,
            "│/home/ann/.config/masai-mancala/config.toml: line 7: unknown key 'sped'"
        ),
        "{s:#?}"
    );
    assert!(has(&s, "│Any key: go on"), "{s:#?}");
    // Any key closes it and does nothing else: → did not move the cursor.
    key(&mut game, KeyCode::Right);
    assert!(game.notice().is_none());
    assert_eq!(screen(&mut game), before);
    // Ctrl-C quits even with the notice open.
    game.show_notice("Settings file", vec![message.into()]);
    ctrl_c(&mut game);
    assert!(game.quitting());
}

#[test]
fn each_client_keeps_the_bindings_it_opened_with() {
    use masai_mancala::keys::Key;
    let mut map = Keymap::default();
    map.rebind("menu.open-saves", &[Key::Char('w')]).unwrap();
    set_active(map);
    let (mut rebound, _rx) = menu();
    // Another client opened later on this thread with the default keys.
    set_active(Keymap::default());
    let (mut plain, _rx2) = menu();
    assert!(has(&screen(&mut rebound), "w saved games"));
    assert!(has(&screen(&mut plain), "o saved games"));
    // No data folder here: asking for the saved games says so.
    let asked = "No data folder: games are not saved";
    keys(&mut rebound, "o");
    assert_eq!(rebound.status(), "Choose the game and press Enter");
    keys(&mut rebound, "w");
    assert!(rebound.status().starts_with(asked), "{}", rebound.status());
    keys(&mut plain, "w");
    assert_eq!(plain.status(), "Choose the game and press Enter");
    keys(&mut plain, "o");
    assert!(plain.status().starts_with(asked), "{}", plain.status());
}

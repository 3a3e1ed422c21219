//! What the settings file can change in the client, and what it cannot:
//! Ctrl-C quits whatever `[keys]` says.

use super::*;
use masai_mancala::app::{Keymap, set_active};
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

//! The client's side of the key map (the map itself is the program's,
//! `crate::keys`): terminal events read as presses, and the bindings a new
//! client starts with.

use crate::keys::{Action, Ctx, Keymap, Press};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A terminal key event as a press: Ctrl is the one modifier that counts
/// (so `?` and `+` work with or without Shift); a named key the bindings
/// cannot name, or one held with Ctrl, is `Press::Other`.
pub fn press(ev: &KeyEvent) -> Press {
    use crate::keys::KeyCode as Named;
    let ctrl = ev.modifiers.contains(KeyModifiers::CONTROL);
    let named = match ev.code {
        KeyCode::Char(c) if ctrl => return Press::Ctrl(c),
        KeyCode::Char(c) => return Press::Char(c),
        _ if ctrl => return Press::Other,
        KeyCode::Up => Named::Up,
        KeyCode::Down => Named::Down,
        KeyCode::Left => Named::Left,
        KeyCode::Right => Named::Right,
        KeyCode::Enter => Named::Enter,
        KeyCode::Esc => Named::Esc,
        KeyCode::Tab => Named::Tab,
        KeyCode::Backspace => Named::Backspace,
        KeyCode::PageUp => Named::PageUp,
        KeyCode::PageDown => Named::PageDown,
        KeyCode::Home => Named::Home,
        KeyCode::End => Named::End,
        KeyCode::Delete => Named::Delete,
        KeyCode::Insert => Named::Insert,
        KeyCode::F(n) => Named::F(n),
        _ => return Press::Other,
    };
    Press::Code(named)
}

thread_local! {
    /// The bindings a client made on this thread starts with (the
    /// settings'): `App::menu` takes them once and hands them to every
    /// screen through its `Env`; no screen reads them here.
    static ACTIVE: std::cell::RefCell<std::rc::Rc<Keymap>> =
        std::cell::RefCell::new(std::rc::Rc::new(Keymap::default()));
}

/// Puts `map` in effect for the clients made on this thread from now on.
pub fn set_active(map: Keymap) {
    ACTIVE.with(|a| *a.borrow_mut() = std::rc::Rc::new(map));
}

/// The bindings in effect on this thread (read once, by `App::menu`).
pub fn active() -> std::rc::Rc<Keymap> {
    ACTIVE.with(|a| a.borrow().clone())
}

/// The action of a key in a context, by the bindings `map`.
pub fn action_in(map: &Keymap, ctx: Ctx, ev: &KeyEvent) -> Option<Action> {
    map.action(ctx, press(ev))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::Key;

    #[test]
    fn an_action_alone_rebinds_it_on_every_screen() {
        let mut map = Keymap::default();
        // Play, the direction prompt, game over and the lessons (a lesson's
        // `u` is the game's undo).
        assert_eq!(map.rebind("undo", &[Key::Char('z')]), Ok(4));
        assert_eq!(map.conflict(), None);
        let z = KeyEvent::new(KeyCode::Char('z'), KeyModifiers::NONE);
        let u = KeyEvent::new(KeyCode::Char('u'), KeyModifiers::NONE);
        assert_eq!(action_in(&map, Ctx::Play, &z), Some(Action::Undo));
        assert_eq!(action_in(&map, Ctx::Over, &z), Some(Action::Undo));
        assert_eq!(action_in(&map, Ctx::Lesson, &z), Some(Action::Undo));
        assert_eq!(action_in(&map, Ctx::Play, &u), None);
        assert_eq!(
            map.rebind("play.undoo", &[Key::Char('z')])
                .map_err(|e| e.to_string()),
            Err("unknown action 'play.undoo' (did you mean 'play.undo'?)".into())
        );
    }

    #[test]
    fn the_lessons_old_restart_name_rebinds_the_lessons_undo() {
        let mut map = Keymap::default();
        assert_eq!(map.rebind("restart", &[Key::Char('g')]), Ok(1));
        let g = KeyEvent::new(KeyCode::Char('g'), KeyModifiers::NONE);
        assert_eq!(action_in(&map, Ctx::Lesson, &g), Some(Action::Undo));
        assert_eq!(action_in(&map, Ctx::Play, &g), None);
        assert_eq!(map.rebind("lesson.restart", &[Key::Char('y')]), Ok(1));
    }

    #[test]
    fn ctrl_c_always_quits_and_cannot_be_bound_to_anything_else() {
        let mut map = Keymap::default();
        map.rebind("quit-now", &[]).unwrap();
        map.rebind("global.quit-now", &[Key::Code(crate::keys::KeyCode::F(12))])
            .unwrap();
        let quit_now = crate::keys::BINDINGS
            .iter()
            .position(|b| b.ctx == Ctx::Global && b.action == Action::QuitNow)
            .unwrap();
        assert_eq!(map.label(quit_now), "Ctrl-c/F12");
        for c in ['c', 'C'] {
            let ev = KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
            for ctx in Ctx::ALL {
                assert_eq!(action_in(&map, ctx, &ev), Some(Action::QuitNow), "{ctx:?}");
            }
        }
        assert_eq!(
            map.rebind("play.undo", &[Key::Char('z'), Key::Ctrl('c')])
                .map_err(|e| e.to_string()),
            Err(
                "play.undo: Ctrl-c always quits at once and cannot be bound to anything else"
                    .into()
            )
        );
        assert_eq!(map.rebind("menu.quit-now", &[Key::Ctrl('c')]), Ok(1));
        assert_eq!(map.conflict(), None);
    }

    #[test]
    fn ctrl_with_a_named_key_is_no_binding_and_alt_changes_nothing() {
        let map = Keymap::default();
        let up = KeyEvent::new(KeyCode::Up, KeyModifiers::NONE);
        assert_eq!(action_in(&map, Ctx::Menu, &up), Some(Action::Up));
        let ctrl_up = KeyEvent::new(KeyCode::Up, KeyModifiers::CONTROL);
        assert_eq!(action_in(&map, Ctx::Menu, &ctrl_up), None);
        let alt_help = KeyEvent::new(KeyCode::Char('?'), KeyModifiers::ALT | KeyModifiers::SHIFT);
        assert_eq!(action_in(&map, Ctx::Menu, &alt_help), Some(Action::Help));
        assert_eq!(
            press(&KeyEvent::new(KeyCode::Null, KeyModifiers::NONE)),
            Press::Other
        );
    }
}

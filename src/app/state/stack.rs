//! Where the player is: one stack. A screen at the bottom (the menu, the
//! race, the game, the game over, the replay viewer: each owns its state,
//! the game's screens their game), and what is opened over it, last on top
//! (the saved games' list, an earlier position, the lessons, a load, a
//! question, the help, the quit confirmation, a notice). All are one shape
//! (`screen::Screen`); the key-binding context, what is drawn and where
//! keys go all come from the stack.

use crate::app::lesson::LessonScreen;
use crate::app::screen::game::StartMenu;
use crate::app::screen::lessons::Lessons;
use crate::app::screen::overlay::Notice;
use crate::app::screen::play::Play;
use crate::app::screen::{Kind, Screen};
use crate::keys::Ctx;
use crate::session::Session;
use std::any::Any;

/// The screen at the bottom and the layers over it, last on top.
pub(super) struct Stack {
    pub(super) base: Box<dyn Screen>,
    pub(super) layers: Vec<Box<dyn Screen>>,
}

/// A screen as its own type, if it is one.
fn downcast<T: 'static>(s: &dyn Screen) -> Option<&T> {
    let any: &dyn Any = s;
    any.downcast_ref()
}

fn downcast_mut<T: 'static>(s: &mut dyn Screen) -> Option<&mut T> {
    let any: &mut dyn Any = s;
    any.downcast_mut()
}

impl Stack {
    pub(super) fn menu() -> Stack {
        Stack {
            base: Box::new(StartMenu::default()),
            layers: Vec::new(),
        }
    }

    /// The binding context of the keyboard: the top's.
    pub(super) fn ctx(&self) -> Ctx {
        self.layers
            .iter()
            .rev()
            .find_map(|l| l.ctx())
            .or_else(|| self.base.ctx())
            .unwrap_or(Ctx::Menu)
    }

    /// The screen whose keys are in effect (`ctx`'s).
    pub(super) fn keyed(&self) -> &dyn Screen {
        self.layers
            .iter()
            .rev()
            .find(|l| l.ctx().is_some())
            .map_or(&*self.base, |l| &**l)
    }

    pub(super) fn top(&self) -> Option<&dyn Screen> {
        self.layers.last().map(|l| &**l)
    }

    /// Is the layer on top a `T`?
    pub(super) fn top_is<T: 'static>(&self) -> bool {
        self.top().and_then(downcast::<T>).is_some()
    }

    /// Opens a layer on top (under a notice, which stays on top until a key).
    pub(super) fn push(&mut self, layer: Box<dyn Screen>) {
        let at = if self.top_is::<Notice>() {
            self.layers.len() - 1
        } else {
            self.layers.len()
        };
        self.layers.insert(at, layer);
    }

    /// Closes the layer on top.
    pub(super) fn pop(&mut self) -> Option<Box<dyn Screen>> {
        self.layers.pop()
    }

    /// Closes the topmost `T`, and gives it back.
    pub(super) fn remove<T: 'static>(&mut self) -> Option<Box<T>> {
        let at = self
            .layers
            .iter()
            .rposition(|l| downcast::<T>(&**l).is_some())?;
        let any: Box<dyn Any> = self.layers.remove(at);
        any.downcast().ok()
    }

    /// The topmost `T`.
    pub(super) fn find<T: 'static>(&self) -> Option<&T> {
        self.layers.iter().rev().find_map(|l| downcast(&**l))
    }

    /// The topmost `T`, to change.
    pub(super) fn find_mut<T: 'static>(&mut self) -> Option<&mut T> {
        self.layers
            .iter_mut()
            .rev()
            .find_map(|l| downcast_mut(&mut **l))
    }

    /// Is a `T` open?
    pub(super) fn has<T: 'static>(&self) -> bool {
        self.find::<T>().is_some()
    }

    /// The screen at the bottom as its own type.
    pub(super) fn base<T: 'static>(&self) -> Option<&T> {
        downcast(&*self.base)
    }

    pub(super) fn base_mut<T: 'static>(&mut self) -> Option<&mut T> {
        downcast_mut(&mut *self.base)
    }

    /// A screen in place of the one at the bottom: what belonged to the old
    /// one (its list, an earlier position) closes with it, and what the
    /// new one opens over itself opens.
    pub(super) fn set_base(&mut self, base: Box<dyn Screen>) {
        self.layers.retain(|l| !l.of_the_screen());
        self.base = base;
        if let Some(layer) = self.base.open_over() {
            self.push(layer);
        }
    }

    /// Which screen is at the bottom.
    pub(super) fn kind(&self) -> Kind {
        self.base.kind().unwrap_or(Kind::Menu)
    }

    /// The game on screen: played, over or replayed.
    pub(super) fn play(&self) -> Option<&Play> {
        self.base.play()
    }

    pub(super) fn play_mut(&mut self) -> Option<&mut Play> {
        self.base.play_mut()
    }

    /// The game's session on any screen of it (the race's too).
    pub(super) fn session(&self) -> Option<&Session> {
        self.base.session()
    }

    /// The lessons, when open.
    pub(super) fn lessons(&self) -> Option<&LessonScreen> {
        self.find::<Lessons>().map(|l| &*l.screen)
    }

    pub(super) fn lessons_mut(&mut self) -> Option<&mut LessonScreen> {
        self.find_mut::<Lessons>().map(|l| &mut *l.screen)
    }
}

//! Where the player is: one stack. A screen at the bottom (the menu, the
//! race, the game, the game over, the replay viewer: each owns its state,
//! the game's screens their game), and what is opened over it, last on top
//! (the saved games' list, an earlier position, the lessons, a load, a
//! question, the help, the quit confirmation, a notice). The key-binding
//! context, what is drawn and where keys go all come from it.

use super::InUse;
use super::loading::Loading;
use crate::app::keys::Ctx;
use crate::app::lesson::LessonScreen;
use crate::app::screen::browse::BrowseScreen;
use crate::app::screen::overlay::HelpOverlay;
use crate::app::screen::play::Play;
use crate::app::screen::race::RaceScreen;
use crate::app::screen::replay::ReplayScreen;
use crate::app::screen::saves::SavesScreen;
use crate::session::Session;

/// Which screen is at the bottom of the stack (what `App::screen` tells;
/// read from the stack, never kept beside it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Menu,
    Race,
    Play,
    Over,
    /// The replay viewer.
    Replay,
}

/// The screen at the bottom of the stack, with its state (the start
/// menu's choices are the app's, kept from one game to the next).
pub(super) enum Base {
    Menu,
    /// The race, and the game it opens (waiting for the race's board).
    Race {
        race: Box<RaceScreen>,
        play: Box<Play>,
    },
    /// The game.
    Play(Box<Play>),
    /// The game over, its last board under the result.
    Over(Box<Play>),
    /// The replay viewer and the game it shows (its steps in the game's history).
    Replay {
        viewer: Box<ReplayScreen>,
        play: Box<Play>,
    },
}

/// A screen opened over another.
pub(super) enum Layer {
    /// The saved games' list, over the menu.
    Saves(SavesScreen),
    /// An earlier position of the game, over the play screen.
    Browse(Box<BrowseScreen>),
    /// The lessons or the puzzles; `only`: opened by `learn`, leaving them quits.
    Lessons {
        screen: Box<LessonScreen>,
        only: bool,
    },
    /// A record or the saved games being read on a thread.
    Loading(Loading),
    /// The game asked for is open in another window: a copy or not?
    InUse(InUse),
    /// The help, scrolled.
    Help(HelpOverlay),
    /// "A game is in progress. Quit?"
    ConfirmQuit,
    /// A notice (the settings file's errors): its title and lines; any key
    /// closes it. It stays on top of what opens under it.
    Notice { title: String, lines: Vec<String> },
}

impl Layer {
    /// The binding context of its keys (None: a notice, which has none).
    fn ctx(&self) -> Option<Ctx> {
        Some(match self {
            Layer::Saves(s) if s.confirming() => Ctx::Delete,
            Layer::Saves(_) => Ctx::Saves,
            Layer::Browse(_) => Ctx::Browse,
            Layer::Lessons { screen, .. } => screen.ctx(),
            Layer::Loading(_) => Ctx::Loading,
            Layer::InUse(_) => Ctx::InUse,
            Layer::Help(_) => Ctx::Help,
            Layer::ConfirmQuit => Ctx::Confirm,
            Layer::Notice { .. } => return None,
        })
    }

    /// Does it belong to the screen below (closed with it)?
    fn of_the_screen(&self) -> bool {
        matches!(self, Layer::Saves(_) | Layer::Browse(_))
    }

    /// Does it cover the whole screen (nothing below shows)?
    pub(super) fn opaque(&self) -> bool {
        matches!(self, Layer::Browse(_) | Layer::Lessons { .. })
    }
}

/// The screen at the bottom and the layers over it, last on top.
pub(super) struct Stack {
    pub(super) base: Base,
    pub(super) layers: Vec<Layer>,
}

impl Stack {
    pub(super) fn menu() -> Stack {
        Stack {
            base: Base::Menu,
            layers: Vec::new(),
        }
    }

    /// The binding context of the keyboard: the top's.
    pub(super) fn ctx(&self) -> Ctx {
        if let Some(ctx) = self.layers.iter().rev().find_map(Layer::ctx) {
            return ctx;
        }
        match &self.base {
            Base::Menu => Ctx::Menu,
            Base::Race { .. } => Ctx::Race,
            Base::Over(_) => Ctx::Over,
            Base::Replay { .. } => Ctx::Replay,
            Base::Play(play) => play.ctx(),
        }
    }

    pub(super) fn top(&self) -> Option<&Layer> {
        self.layers.last()
    }

    pub(super) fn top_mut(&mut self) -> Option<&mut Layer> {
        self.layers.last_mut()
    }

    /// Opens a layer on top (under a notice, which stays on top until a key).
    pub(super) fn push(&mut self, layer: Layer) {
        let at = match self.layers.last() {
            Some(Layer::Notice { .. }) => self.layers.len() - 1,
            _ => self.layers.len(),
        };
        self.layers.insert(at, layer);
    }

    /// Closes the layer on top.
    pub(super) fn pop(&mut self) -> Option<Layer> {
        self.layers.pop()
    }

    /// Closes the topmost layer `f` picks, and gives it back.
    pub(super) fn remove<T>(&mut self, f: impl Fn(Layer) -> Result<T, Layer>) -> Option<T> {
        let mut kept = Vec::with_capacity(self.layers.len());
        let mut found = None;
        while let Some(l) = self.layers.pop() {
            if found.is_some() {
                kept.push(l);
                continue;
            }
            match f(l) {
                Ok(t) => found = Some(t),
                Err(l) => kept.push(l),
            }
        }
        kept.reverse();
        self.layers = kept;
        found
    }

    /// The topmost layer `f` picks.
    pub(super) fn find<'a, T>(&'a self, f: impl Fn(&'a Layer) -> Option<T>) -> Option<T> {
        self.layers.iter().rev().find_map(f)
    }

    /// The topmost layer `f` picks, to change.
    pub(super) fn find_mut<'a, T>(
        &'a mut self,
        f: impl FnMut(&'a mut Layer) -> Option<T>,
    ) -> Option<T> {
        self.layers.iter_mut().rev().find_map(f)
    }

    /// A screen in place of the one at the bottom: what belonged to the old
    /// one (its list, an earlier position) closes with it.
    pub(super) fn set_base(&mut self, base: Base) {
        self.layers.retain(|l| !l.of_the_screen());
        self.base = base;
    }

    /// The screen at the bottom, taken out (the menu left in its place,
    /// the layers kept: `set_base` puts the next one).
    pub(super) fn take_base(&mut self) -> Base {
        std::mem::replace(&mut self.base, Base::Menu)
    }

    pub(super) fn screen(&self) -> Screen {
        match self.base {
            Base::Menu => Screen::Menu,
            Base::Race { .. } => Screen::Race,
            Base::Play(_) => Screen::Play,
            Base::Over(_) => Screen::Over,
            Base::Replay { .. } => Screen::Replay,
        }
    }

    /// The game on screen: played, over or replayed.
    pub(super) fn play(&self) -> Option<&Play> {
        match &self.base {
            Base::Play(play) | Base::Over(play) | Base::Replay { play, .. } => Some(play),
            Base::Menu | Base::Race { .. } => None,
        }
    }

    /// The game's session on any screen of it (the race's too).
    pub(super) fn session(&self) -> Option<&Session> {
        match &self.base {
            Base::Race { play, .. } => Some(play.session()),
            _ => self.play().map(Play::session),
        }
    }

    pub(super) fn play_mut(&mut self) -> Option<&mut Play> {
        match &mut self.base {
            Base::Play(play) | Base::Over(play) | Base::Replay { play, .. } => Some(play),
            Base::Menu | Base::Race { .. } => None,
        }
    }

    pub(super) fn viewer(&self) -> Option<&ReplayScreen> {
        match &self.base {
            Base::Replay { viewer, .. } => Some(viewer),
            _ => None,
        }
    }

    /// The game's screen after a move: over, or played on (the game stays).
    pub(super) fn set_over(&mut self, over: bool) {
        let base = match self.take_base() {
            Base::Play(play) if over => Base::Over(play),
            Base::Over(play) if !over => Base::Play(play),
            other => {
                self.base = other;
                return;
            }
        };
        self.set_base(base);
    }

    /// The lessons, when open.
    pub(super) fn lessons(&self) -> Option<&LessonScreen> {
        self.find(|l| match l {
            Layer::Lessons { screen, .. } => Some(&**screen),
            _ => None,
        })
    }

    pub(super) fn lessons_mut(&mut self) -> Option<&mut LessonScreen> {
        self.find_mut(|l| match l {
            Layer::Lessons { screen, .. } => Some(&mut **screen),
            _ => None,
        })
    }

    /// The load under way.
    pub(super) fn loading(&self) -> Option<&Loading> {
        self.find(|l| match l {
            Layer::Loading(l) => Some(l),
            _ => None,
        })
    }

    /// The load under way, closed.
    pub(super) fn take_loading(&mut self) -> Option<Loading> {
        self.remove(|l| match l {
            Layer::Loading(l) => Ok(l),
            other => Err(other),
        })
    }

    /// The in-use question, closed.
    pub(super) fn take_in_use(&mut self) -> Option<InUse> {
        self.remove(|l| match l {
            Layer::InUse(u) => Ok(u),
            other => Err(other),
        })
    }

    /// The saved games' list, closed.
    pub(super) fn take_saves(&mut self) -> Option<SavesScreen> {
        self.remove(|l| match l {
            Layer::Saves(s) => Ok(s),
            other => Err(other),
        })
    }

    /// Is any of these open?
    pub(super) fn has(&self, f: impl Fn(&Layer) -> bool) -> bool {
        self.layers.iter().any(f)
    }
}

//! Browsing the earlier positions of a live game, as chess clients do: the
//! board shows a position already played, clearly marked, while the live game
//! goes on (the AI keeps thinking on it); nothing can be played here, and a
//! key returns to the game.

use super::play::{Play, Snapshot};
use super::{Around, Chrome, Env, Key, Screen, Transition};
use crate::app::view::play::{GameChrome, PlayView};
use crate::keys::{Action, Ctx};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Widget};

/// The position viewed: a step of the live game's history, before its last.
#[derive(Debug)]
pub struct BrowseScreen {
    at: usize,
    shown: Snapshot,
}

impl BrowseScreen {
    /// The position before the live one; `None` at the game's start.
    pub fn open(live: &Play) -> Option<BrowseScreen> {
        let at = live.step().checked_sub(1)?;
        Some(BrowseScreen {
            at,
            shown: live.at_step(at),
        })
    }

    /// The position viewed, drawn by the play screen's view (a plain copy:
    /// no hole is selected in it).
    pub fn shown(&self) -> &Snapshot {
        &self.shown
    }

    /// The step of the history viewed (0: the start).
    pub fn step(&self) -> usize {
        self.at
    }

    /// The status line while viewing.
    pub fn status(&self) -> String {
        format!(
            "Viewing turn {}: [ earlier, ] later, Esc returns to the game",
            self.shown.game.turn()
        )
    }

    /// Draws the position viewed on the play screen, marked: the title
    /// says which position this is, the prompt line that nothing can be
    /// played here. The status line says where one is, unless it tells a
    /// refusal (the live game's prompts do not apply here).
    pub fn draw(&self, area: Rect, buf: &mut Buffer, chrome: &Chrome, live: &Play) {
        let labels = live.labels();
        let game = GameChrome {
            chrome,
            labels: &labels,
            bottom: live.bottom(),
        };
        PlayView {
            shown: &self.shown.shown(self.at),
            chrome: &game,
            viewer: None,
            analysis: None,
        }
        .render(area, buf);
        let (theme, refused) = (&chrome.theme, chrome.status_error);
        let l = crate::app::adapter::adapter(&self.shown.game).layout(area);
        let sep = theme.sep();
        let title = format!(
            "VIEWING turn {}{sep}decision {} of {}{sep}the game is at turn {}",
            self.shown.game.turn(),
            self.at,
            live.step(),
            live.game().turn()
        );
        Clear.render(l.title, buf);
        Line::styled(title, theme.error()).render(l.title, buf);
        Clear.render(l.prompt, buf);
        Line::styled(
            "An earlier position: no move here. Esc returns to the game",
            theme.key(),
        )
        .render(l.prompt, buf);
        if !refused {
            Clear.render(l.status, buf);
            Line::from(self.status()).render(l.status, buf);
        }
    }
}

/// Back to the live game: its turn and who is to move.
fn back(live: &Play, env: &mut Env) -> Transition {
    env.set_status(format!(
        "Back to the game: turn {}, {} to move",
        live.game().turn(),
        live.game().to_move().title()
    ));
    Transition::Close
}

impl Screen for BrowseScreen {
    fn ctx(&self) -> Option<Ctx> {
        Some(Ctx::Browse)
    }

    /// Earlier or later, back to the game; nothing is played here.
    fn handle(&mut self, key: Key<'_>, env: &mut Env) -> Transition {
        let Some(live) = key.live() else {
            return Transition::Stay;
        };
        if key.action == Action::Edit {
            return super::editor::Editor::open(&self.shown.game, env);
        }
        if let Some(t) = super::share::share(key.action, &self.shown.game, env) {
            return t;
        }
        match key.action {
            Action::StepBack if self.at == 0 => {
                env.refuse("This is the start of the game: ] later, Esc returns");
            }
            Action::StepBack => {
                self.at -= 1;
                self.shown = live.at_step(self.at);
                env.set_status(self.status());
            }
            // Past the last position played: the live game again.
            Action::StepForward if self.at + 1 >= live.step() => return back(live, env),
            Action::StepForward => {
                self.at += 1;
                self.shown = live.at_step(self.at);
                env.set_status(self.status());
            }
            Action::Cancel => return back(live, env),
            Action::Play => env
                .refuse("This position was played already: no move here. Esc returns to the game"),
            Action::Quit => return Transition::Quit,
            _ => return Transition::Stay,
        }
        Transition::Redraw
    }

    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>) {
        if let Some(live) = around.live() {
            self.draw(area, buf, around.chrome, live);
        }
    }

    fn opaque(&self) -> bool {
        true
    }

    fn of_the_screen(&self) -> bool {
        true
    }
}

//! The game-over screen: the final board, the result and its breakdown, the
//! match's scores carried into its next game, and what comes next (rematch,
//! a new game, undo, or the game's review).

use super::Chrome;
use super::play::Play;
use crate::app::adapter::adapter;
use crate::app::anim::BoardState;
use crate::app::view::play::{GameChrome, draw_board, render_status, title_line};
use crate::app::view::theme::Theme;
use crate::engine::enkeshui::play_match::MatchEnd;
use crate::engine::{Outcome, PerSide, Side, Status};
use crate::session::setup::Setup;
use crate::session::{Session, over_line};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

/// A match (`--match`): the games' scores so far.
#[derive(Clone, Debug, Default)]
pub struct MatchState {
    pub games: Vec<PerSide<u32>>,
    /// Set when the match is over: the winner (None: drawn).
    pub over: Option<Option<Side>>,
}

impl MatchState {
    /// The match of a session: its finished games (this one once over) and its end.
    pub fn of(session: &Session) -> MatchState {
        MatchState {
            games: session.match_games(),
            over: session.match_over(),
        }
    }
}

/// The game-over screen over a finished game.
pub struct OverScreen<'a> {
    pub play: &'a Play,
}

impl OverScreen<'_> {
    /// How the game ended (None: it is not over).
    pub fn outcome(&self) -> Option<Outcome> {
        match self.play.game().status() {
            Status::Over(o) => Some(o),
            Status::Playing => None,
        }
    }

    fn setup(&self) -> &Setup {
        self.play.session().setup()
    }

    /// Draws the game over: the final board, the box of `lines` under it.
    pub fn render(&self, area: Rect, buf: &mut Buffer, chrome: &Chrome) {
        if self.outcome().is_none() {
            return;
        }
        let p = &self.play.shown_model(false);
        let labels = self.play.labels();
        let game = GameChrome {
            chrome,
            labels: &labels,
            bottom: Side::South,
        };
        let l = adapter(p.game).layout(area);
        title_line(&game, p, None).render(l.title, buf);
        draw_board(&game, p, l.board, buf);
        let lines = self.lines(&chrome.theme);
        let top = l.scores.y;
        let h = area.bottom().saturating_sub(top + 2);
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title(" Game over "))
            .render(Rect::new(area.x, top, area.width, h), buf);
        render_status(chrome, l.status, buf);
        chrome.hints.clone().render(l.hints, buf);
    }

    /// The box under the board: the result, each side's part of it, the
    /// match so far, what the statistics said, the keys and the review's offer.
    pub fn lines(&self, th: &Theme) -> Vec<Line<'static>> {
        let Some(o) = self.outcome() else {
            return Vec::new();
        };
        let b = BoardState::of_game(self.play.game());
        let mut lines = vec![Line::styled(over_line(&o), th.key())];
        let label = |side: Side| self.setup().side_label(side);
        let table = adapter(self.play.game()).over_table(&b, o.score, &label);
        lines.extend(table.into_iter().map(Line::from));
        if self.setup().match_play() {
            lines.extend(self.match_lines(th));
        }
        // The record against that level and the offer of the next one:
        // the log they also go to is under this box.
        let counted = self.play.counted_lines();
        if !counted.is_empty() {
            lines.push(Line::from(""));
            lines.extend(counted.iter().map(|l| Line::styled(l.clone(), th.key())));
        }
        lines.push(Line::from(""));
        lines.push(Line::from(
            "r rematch / next game    n new game    u undo    q quit",
        ));
        lines.push(Line::styled(
            "Review this game? v: the AI marks each mistake in the replay viewer",
            th.key(),
        ));
        lines
    }

    /// The match's games so far, and whether it goes on.
    fn match_lines(&self, th: &Theme) -> Vec<Line<'static>> {
        let matches = MatchState::of(self.play.session());
        let games: Vec<String> = matches
            .games
            .iter()
            .enumerate()
            .map(|(i, s)| format!("game {}: {}-{}", i + 1, s.south, s.north))
            .collect();
        let end = self.play.session().match_result();
        let next = match matches.over {
            // Why, when the stocks did not decide it by themselves.
            Some(_) if end.is_some_and(|m| m.end != MatchEnd::NoFill) => Line::styled(
                format!("The match is over. {}.", end.expect("checked").line()),
                th.key(),
            ),
            Some(Some(w)) => Line::styled(
                format!("The match is over: {} wins the match.", w.title()),
                th.key(),
            ),
            Some(None) => Line::styled("The match is over: drawn.", th.key()),
            None => Line::from("Each score is the player's stock for the next game: r plays it."),
        };
        vec![
            Line::from(format!("Match (South-North): {}", games.join(", "))),
            next,
        ]
    }
}

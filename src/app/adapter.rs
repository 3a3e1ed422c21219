//! One adapter per game: what the client needs to know of a game without
//! asking which one it is — the holes the cursor runs over and their
//! decision tokens, the score if the game ended now, the units (seeds or
//! cows), the board's view model and how a hole is picked.

use super::anim::{BoardState, Marks};
use super::view::bao::{BaoModel, BaoRow};
use super::view::board::{Geometry, TwoRowModel};
use super::view::{bao_model, two_row_model};
use crate::engine::any::AnyGame;
use crate::engine::{PerSide, Side};

/// The board's view model: two rows of holes, or Bao's four.
pub enum BoardModel {
    TwoRows(TwoRowModel),
    Bao(Box<BaoModel>),
}

/// A game as the client sees it.
pub trait GameAdapter {
    /// Holes the cursor runs over: a row of the two-row games, 16 in Bao
    /// (1..8: i1..i8, 9..16: o1..o8).
    fn holes(&self) -> usize;

    /// The decision token of a cursor position ("12", "i3", "o5").
    fn cursor_token(&self, cursor: usize) -> String {
        cursor.to_string()
    }

    /// The cursor position of a sowing token.
    fn token_cursor(&self, token: &str) -> Option<usize> {
        token
            .parse::<usize>()
            .ok()
            .filter(|k| (1..=self.holes()).contains(k))
    }

    /// Each side's score if the game ended now.
    fn score(&self) -> PerSide<u32>;

    /// What the game counts: "seeds" or "cows".
    fn units(&self) -> &'static str {
        "seeds"
    }

    /// How a hole is picked, for the legend.
    fn how_to_pick(&self) -> &'static str;

    /// The legend's words for the hole selected (`count`: its seeds).
    fn selected_legend(&self, cursor: usize, count: u32) -> String {
        let _ = count;
        format!("[{cursor}] = selected hole")
    }

    /// The size of the board drawn `width` columns wide: (width, height).
    fn board_size(&self, width: u16) -> (u16, u16) {
        let g = Geometry::new(self.holes(), width);
        (g.width().min(width), g.height())
    }

    /// The board's view model: `board` as shown with its marks, `bottom` the
    /// side drawn at the bottom, `cursor` the mover's selected hole, `turn`
    /// and `mover` the turn shown (a move being sown: its own).
    fn board_model(&self, v: BoardView<'_>) -> BoardModel {
        BoardModel::TwoRows(two_row_model(
            v.board,
            v.marks,
            v.bottom,
            v.cursor.map(|c| (v.mover, c)),
        ))
    }
}

/// What a board's view model is made from.
pub struct BoardView<'a> {
    pub board: &'a BoardState,
    pub marks: &'a Marks,
    pub bottom: Side,
    pub cursor: Option<usize>,
    pub turn: u32,
    pub mover: Side,
}

struct Enkeshui<'a>(&'a crate::engine::enkeshui::Enkeshui);
struct EnGehe<'a>(&'a crate::engine::en_gehe::EnGehe);
struct Bao<'a>(&'a crate::engine::bao::Bao);

/// The adapter of a game.
pub fn adapter(g: &AnyGame) -> Box<dyn GameAdapter + '_> {
    match g {
        AnyGame::Enkeshui(g) => Box::new(Enkeshui(g)),
        AnyGame::EnGehe(g) => Box::new(EnGehe(g)),
        AnyGame::BaoLaKimasai(g) => Box::new(Bao(g)),
    }
}

impl GameAdapter for Enkeshui<'_> {
    fn holes(&self) -> usize {
        self.0.holes()
    }

    fn score(&self) -> PerSide<u32> {
        crate::engine::Game::score(self.0)
    }

    fn how_to_pick(&self) -> &'static str {
        "the hole's number or the arrows · Enter sows"
    }
}

impl GameAdapter for EnGehe<'_> {
    fn holes(&self) -> usize {
        self.0.holes()
    }

    fn score(&self) -> PerSide<u32> {
        crate::engine::Game::score(self.0)
    }

    fn how_to_pick(&self) -> &'static str {
        "its number (two digits) or the arrows · Enter sows"
    }
}

impl GameAdapter for Bao<'_> {
    fn holes(&self) -> usize {
        16
    }

    fn cursor_token(&self, cursor: usize) -> String {
        if cursor > 8 {
            format!("o{}", cursor - 8)
        } else {
            format!("i{cursor}")
        }
    }

    fn token_cursor(&self, token: &str) -> Option<usize> {
        let num = |s: &str| s.parse::<usize>().ok().filter(|k| (1..=8).contains(k));
        match token.get(..1)? {
            "i" => num(&token[1..]),
            "o" => num(&token[1..]).map(|k| k + 8),
            _ => None,
        }
    }

    fn score(&self) -> PerSide<u32> {
        crate::engine::Game::score(self.0)
    }

    fn units(&self) -> &'static str {
        "cows"
    }

    fn how_to_pick(&self) -> &'static str {
        "up/down: row · 1-8 or left/right: hole · Enter sows"
    }

    fn selected_legend(&self, cursor: usize, count: u32) -> String {
        format!("[{count:>3}] = selected hole {}", self.cursor_token(cursor))
    }

    fn board_size(&self, width: u16) -> (u16, u16) {
        (BaoModel::WIDTH.min(width), BaoModel::HEIGHT)
    }

    fn board_model(&self, v: BoardView<'_>) -> BoardModel {
        let cursor = v.cursor.map(|c| {
            if c <= 8 {
                (v.mover, BaoRow::Inner, c)
            } else {
                (v.mover, BaoRow::Outer, c - 8)
            }
        });
        BoardModel::Bao(Box::new(bao_model(
            v.board,
            v.marks,
            self.0.phase(),
            v.turn,
            v.mover,
            cursor,
        )))
    }
}

/// A value for the mover in words: "+2.5 seeds" ("cows" in Bao), "a forced win".
pub fn value_words(seeds: f64, units: &str) -> String {
    if seeds >= 99.0 {
        "a forced win".into()
    } else if seeds <= -99.0 {
        "a forced loss".into()
    } else {
        format!("{seeds:+.1} {units}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{bao, en_gehe, enkeshui};

    fn games() -> Vec<AnyGame> {
        let layout = enkeshui::Layout::named("12-alternate").expect("layout");
        vec![
            enkeshui::Enkeshui::new(&layout, Default::default()).into(),
            en_gehe::EnGehe::new(40, Default::default())
                .expect("2x40")
                .into(),
            bao::Bao::new(Default::default()).into(),
        ]
    }

    /// Every hole the cursor reaches is named by its token and back, and
    /// every legal opening decision is a hole of the cursor.
    #[test]
    fn cursor_and_token_name_the_same_hole_in_each_game() {
        let holes: Vec<usize> = games().iter().map(|g| adapter(g).holes()).collect();
        assert_eq!(holes, [12, 40, 16]);
        for g in games() {
            let ad = adapter(&g);
            for c in 1..=ad.holes() {
                assert_eq!(ad.token_cursor(&ad.cursor_token(c)), Some(c), "{c}");
            }
            assert_eq!(ad.token_cursor("0"), None);
            assert_eq!(ad.token_cursor(&(ad.holes() + 1).to_string()), None);
            for t in g.legal_tokens() {
                let c = ad.token_cursor(&t).expect("a hole");
                assert_eq!(ad.cursor_token(c), t);
            }
        }
        let bao = &games()[2];
        assert_eq!(adapter(bao).cursor_token(3), "i3");
        assert_eq!(adapter(bao).cursor_token(13), "o5");
        assert_eq!(adapter(bao).token_cursor("o5"), Some(13));
        assert_eq!(adapter(bao).token_cursor("5"), None);
    }

    #[test]
    fn scores_and_units_are_each_games() {
        let units: Vec<&str> = games().iter().map(|g| adapter(g).units()).collect();
        assert_eq!(units, ["seeds", "seeds", "cows"]);
        for g in games() {
            assert_eq!(adapter(&g).score(), g.score());
        }
        // Bao's start: 32 cows each (8 on the board, 24 in reserve).
        assert_eq!(adapter(&games()[2]).score(), PerSide::new(32, 32));
        assert_eq!(value_words(2.46, "cows"), "+2.5 cows");
        assert_eq!(value_words(-99.0, "seeds"), "a forced loss");
    }
}

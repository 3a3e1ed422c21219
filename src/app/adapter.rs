//! One adapter per game: what the client needs to know of a game without
//! asking which one it is — the holes the cursor runs over and their
//! decision tokens, the score if the game ended now, the units (seeds or
//! cows), the board's view model and how a hole is picked.

use super::anim::{BoardState, Marks};
use super::geometry::{BaoGeometry, BaoRow, FIXED_H, Geometry, MIN_H, MIN_W, PlayLayout, Row};
use super::view::board::TwoRowModel;
use super::view::{bao_model, two_row_model};
use crate::engine::AnyGame;
use crate::engine::GameKind;
use crate::engine::{PerSide, Side};
use crate::keys::Action;
use ratatui::layout::Rect;

/// The board's view model: two rows of holes, or Bao's four.
pub enum BoardModel {
    TwoRows(TwoRowModel),
    Bao(Box<super::view::bao::BaoModel>),
}

/// A digit typed that names no hole of the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("There is no hole {typed} (holes are 1 to {holes})")]
pub struct NoHole {
    pub typed: usize,
    pub holes: usize,
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

    /// The cursor after an arrow key (`left_step`: the hole-number step of
    /// the screen's left for the mover), or None: the key does nothing here.
    fn arrow(&self, cursor: usize, action: Action, left_step: i32, mover: Side) -> Option<usize> {
        let _ = mover;
        let n = self.holes() as i32;
        let step = match action {
            Action::Left => left_step,
            Action::Right => -left_step,
            _ => return None,
        };
        Some((cursor as i32 + step).clamp(1, n) as usize)
    }

    /// A digit typed (`digits`: those typed before it): the hole it
    /// selects, or why none. Two digits name the holes from 10; a number
    /// past the last hole starts again from this digit.
    fn typed(&self, cursor: usize, digits: &mut String, c: char) -> Result<usize, NoHole> {
        let _ = cursor;
        let n = self.holes();
        digits.push(c);
        let mut v: usize = digits.parse().unwrap_or(0);
        if v > n || digits.len() > 2 {
            *digits = c.to_string();
            v = digits.parse().unwrap_or(0);
        }
        if (1..=n).contains(&v) {
            Ok(v)
        } else {
            digits.clear();
            Err(NoHole { typed: v, holes: n })
        }
    }

    /// The mover's holes: "row", or Bao's "rows".
    fn own_rows(&self) -> &'static str {
        "row"
    }

    /// Can the board turn so that the side to move sits at the bottom
    /// (`--flip`)? Bao's four rows stay as they are.
    fn can_flip(&self) -> bool {
        true
    }

    /// Up and down move between rows (the key bar says so).
    fn picks_rows(&self) -> bool {
        false
    }

    /// Can the special move be made now?
    fn special_allowed(&self) -> bool {
        false
    }

    /// The hole at (`x`, `y`) on the board drawn in `board` (`bottom`: the
    /// side drawn at the bottom): its side and cursor position.
    fn hit(&self, board: Rect, x: u16, y: u16, bottom: Side) -> Option<(Side, usize)> {
        let g = Geometry::new(self.holes(), board.width);
        let (row, hole) = g.hit(board, x, y)?;
        let side = if row == Row::Bottom {
            bottom
        } else {
            bottom.other()
        };
        Some((side, hole))
    }

    /// The smallest terminal the play screen fits in, `width` columns
    /// wide now.
    fn needed_size(&self, width: u16) -> (u16, u16) {
        let n = self.holes();
        let g = Geometry::new(n, MIN_W);
        let mut h = (FIXED_H + g.height()).max(MIN_H);
        if n > 12 {
            // Long rows (En Gehé): the bands at the real width, and the log may
            // shrink to its borders.
            let g = Geometry::new(n, width.max(MIN_W));
            h = (FIXED_H - 5 + g.height()).max(MIN_H);
        }
        (MIN_W, h)
    }

    /// A wider size that needs fewer lines than `need`, if long rows fold
    /// into fewer bands there (2x50 fits 80x24, not 60x20).
    fn wider_size(&self, need: (u16, u16)) -> Option<(u16, u16)> {
        let n = self.holes();
        if n <= 12 {
            return None;
        }
        [80u16, 100, 120].into_iter().find_map(|w| {
            let h = (FIXED_H - 5 + Geometry::new(n, w).height()).max(MIN_H);
            (w > need.0 && h < need.1).then_some((w, h))
        })
    }

    /// The board as drawn: counts, bulls, captures or reserves.
    fn board_state(&self) -> BoardState;

    /// A side's score line as (label, the rest), from the widest to the
    /// narrowest: the first that fits is drawn, else the last. `b`: the
    /// board shown, `hand`: the side's seeds in hand, `sep`: the separator.
    fn score_lines(
        &self,
        b: &BoardState,
        side: Side,
        hand: u32,
        label: &str,
        sep: &str,
    ) -> Vec<(String, String)> {
        let total = b.captured[side] + b.row_seeds(side) + hand;
        let (c, r) = (b.captured[side], b.row_seeds(side));
        vec![
            (
                label.to_string(),
                format!(
                    "{sep}captured {c:>3}{sep}in row {r:>3}{sep}in hand {hand:>3}{sep}score {total:>3}"
                ),
            ),
            // Long team names: the same facts, closer together.
            (
                label.to_string(),
                format!("{sep}captured {c}{sep}row {r}{sep}hand {hand}{sep}score {total}"),
            ),
        ]
    }

    /// The game-over table under the result: each side's part of the score.
    /// `label`: a side as the table names it.
    fn over_table(
        &self,
        b: &BoardState,
        score: PerSide<u32>,
        label: &dyn Fn(Side) -> String,
    ) -> Vec<String> {
        let (a, c) = self.over_columns();
        // Team names widen the first column.
        let w = Side::BOTH
            .iter()
            .map(|&s| label(s).chars().count() + 1)
            .max()
            .unwrap_or(0)
            .max(8);
        let mut lines = vec![format!("{:<w$}{:>9}{:>9}{:>7}", "", a, c, "total")];
        for side in [Side::South, Side::North] {
            lines.push(format!(
                "{:<w$}{:>9}{:>9}{:>7}",
                label(side),
                b.captured[side],
                b.row_seeds(side),
                score[side]
            ));
        }
        lines
    }

    /// The game-over table's columns before the total.
    fn over_columns(&self) -> (&'static str, &'static str) {
        ("captured", "own row")
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

    /// Where the play screen's parts go in `area` around this board.
    fn layout(&self, area: Rect) -> PlayLayout {
        let (bw, bh) = self.board_size(area.width);
        PlayLayout::for_board(area, bw, bh)
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

    fn special_allowed(&self) -> bool {
        self.0.special_allowed()
    }

    fn board_state(&self) -> BoardState {
        BoardState::of_enkeshui(self.0)
    }

    fn score_lines(
        &self,
        b: &BoardState,
        side: Side,
        hand: u32,
        label: &str,
        sep: &str,
    ) -> Vec<(String, String)> {
        let bulls = b.bull_count(side);
        let total = b.captured[side] + b.row_seeds(side) + b.bull_seeds(side) + hand;
        let (c, bs) = (b.captured[side], b.bull_seeds(side));
        // Narrow terminals: the same facts, closer together, never cut.
        let short =
            format!("{sep}captured {c}{sep}bulls {bulls} ({bs}){sep}hand {hand}{sep}score {total}");
        vec![
            (
                format!("{label:<20}"),
                format!(
                    "captured {c:>2}{sep}bulls {bulls} ({bs} seeds){sep}in hand {hand:>2}{sep}score {total:>2}"
                ),
            ),
            (label.to_string(), short.clone()),
            (side.title().to_string(), short),
        ]
    }

    fn over_table(
        &self,
        b: &BoardState,
        score: PerSide<u32>,
        _label: &dyn Fn(Side) -> String,
    ) -> Vec<String> {
        let mut lines = vec![format!(
            "{:<8}{:>9}{:>9}{:>7}{:>7}",
            "", "captured", "own row", "bulls", "total"
        )];
        for side in [Side::South, Side::North] {
            lines.push(format!(
                "{:<8}{:>9}{:>9}{:>7}{:>7}",
                side.title(),
                b.captured[side],
                b.row_seeds(side),
                b.bull_seeds(side),
                score[side]
            ));
        }
        lines
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

    fn board_state(&self) -> BoardState {
        let g = self.0;
        BoardState::plain(
            GameKind::EnGehe,
            g.holes(),
            g.board().holes()[..2 * g.holes()]
                .iter()
                .map(|&c| c as u32)
                .collect(),
            g.captured(),
        )
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

    fn board_state(&self) -> BoardState {
        BoardState::plain(
            GameKind::BaoLaKimasai,
            16,
            self.0.counts().iter().map(|&c| c as u32).collect(),
            self.0.reserve(),
        )
    }

    /// 1..8 is the inner row, 9..16 the outer; South's inner row is above
    /// his outer row, North's below his.
    fn arrow(&self, cursor: usize, action: Action, left_step: i32, mover: Side) -> Option<usize> {
        let (outer, hk) = (cursor > 8, ((cursor.max(1) - 1) % 8 + 1) as i32);
        let up_is_outer = mover == Side::North;
        let (row, k) = match action {
            Action::Left => (outer, hk + left_step),
            Action::Right => (outer, hk - left_step),
            Action::Up => (up_is_outer, hk),
            Action::Down => (!up_is_outer, hk),
            _ => return None,
        };
        Some(bao_cursor(row, k))
    }

    /// One digit: the hole of that number in the cursor's row.
    fn typed(&self, cursor: usize, _digits: &mut String, c: char) -> Result<usize, NoHole> {
        let d = c.to_digit(10).unwrap_or(0) as i32;
        if !(1..=8).contains(&d) {
            return Err(NoHole {
                typed: d as usize,
                holes: 8,
            });
        }
        Ok(bao_cursor(cursor > 8, d))
    }

    fn own_rows(&self) -> &'static str {
        "rows"
    }

    fn picks_rows(&self) -> bool {
        true
    }

    fn can_flip(&self) -> bool {
        false
    }

    fn hit(&self, board: Rect, x: u16, y: u16, _bottom: Side) -> Option<(Side, usize)> {
        let (side, row, k) = BaoGeometry::hit(board, x, y)?;
        Some((side, if row == BaoRow::Inner { k } else { k + 8 }))
    }

    fn needed_size(&self, _width: u16) -> (u16, u16) {
        (
            MIN_W.max(BaoGeometry::WIDTH),
            (FIXED_H + BaoGeometry::HEIGHT).max(MIN_H),
        )
    }

    fn wider_size(&self, _need: (u16, u16)) -> Option<(u16, u16)> {
        None
    }

    fn score_lines(
        &self,
        b: &BoardState,
        side: Side,
        hand: u32,
        label: &str,
        sep: &str,
    ) -> Vec<(String, String)> {
        let on_board = b.row_seeds(side);
        let r = b.captured[side];
        let cows = on_board + r + hand;
        let short =
            format!("{sep}board {on_board}{sep}reserve {r}{sep}hand {hand}{sep}cows {cows}");
        vec![
            (
                format!("{label:<20}"),
                format!(
                    "on the board {on_board:>2}{sep}reserve {r:>2}{sep}in hand {hand:>2}{sep}cows {cows:>2}"
                ),
            ),
            (label.to_string(), short.clone()),
            (side.title().to_string(), short),
        ]
    }

    /// Bao keeps cows, not captures.
    fn over_columns(&self) -> (&'static str, &'static str) {
        ("reserve", "on board")
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
        (BaoGeometry::WIDTH.min(width), BaoGeometry::HEIGHT)
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

/// Bao's cursor position of hole `k` (kept to 1..8) of the inner or outer row.
fn bao_cursor(outer: bool, k: i32) -> usize {
    k.clamp(1, 8) as usize + if outer { 8 } else { 0 }
}

/// A value for the mover (evaluation units) as the hint and the analysis
/// say it: "+2.5 seeds" ("cows" in Bao), a proven result as the review
/// prints it, "win +42 in 9 turns", or from a search that was not `exact`
/// a bound, "win +12 or more".
pub fn value_text(v: i32, units: &str, exact: bool) -> String {
    match crate::ai::Proof::of(v) {
        Some(p) => crate::review::proof_text(p, exact),
        None => value_words(f64::from(v) / f64::from(crate::ai::UNIT), units),
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

    /// The keys move the cursor as each board is laid out: Bao's up and
    /// down change rows (North's outer row is above), digits name a hole
    /// of the cursor's row; the two-row games take two digits.
    #[test]
    fn keys_move_the_cursor_on_each_board() {
        let g = games();
        let (enk, gehe, bao) = (adapter(&g[0]), adapter(&g[1]), adapter(&g[2]));
        assert_eq!(enk.arrow(1, Action::Left, -1, Side::South), Some(1));
        assert_eq!(enk.arrow(1, Action::Right, -1, Side::South), Some(2));
        assert_eq!(enk.arrow(12, Action::Right, -1, Side::South), Some(12));
        assert_eq!(enk.arrow(3, Action::Up, -1, Side::South), None);
        assert_eq!(bao.arrow(3, Action::Up, 1, Side::North), Some(11));
        assert_eq!(bao.arrow(3, Action::Up, -1, Side::South), Some(3));
        assert_eq!(bao.arrow(3, Action::Down, -1, Side::South), Some(11));
        assert_eq!(bao.arrow(11, Action::Left, -1, Side::South), Some(10));
        assert_eq!(bao.arrow(16, Action::Right, 1, Side::North), Some(15));
        let mut digits = String::new();
        assert_eq!(gehe.typed(1, &mut digits, '1'), Ok(1));
        assert_eq!(gehe.typed(1, &mut digits, '2'), Ok(12));
        assert_eq!(gehe.typed(12, &mut digits, '7'), Ok(7));
        let e = gehe.typed(7, &mut digits, '0').unwrap_err();
        assert_eq!(e.to_string(), "There is no hole 0 (holes are 1 to 40)");
        assert_eq!(digits, "");
        assert_eq!(bao.typed(11, &mut digits, '5'), Ok(13));
        let e = bao.typed(11, &mut digits, '9').unwrap_err();
        assert_eq!(e.to_string(), "There is no hole 9 (holes are 1 to 8)");
        assert_eq!((enk.own_rows(), bao.own_rows()), ("row", "rows"));
        assert!(bao.picks_rows() && !enk.picks_rows());
        assert!(enk.can_flip() && gehe.can_flip() && !bao.can_flip());
    }

    /// The smallest terminal of each board: 2x50 asks for 60x27 at 60
    /// columns and tells that 80x22 does; Bao's four rows need 66 columns.
    #[test]
    fn each_board_tells_the_terminal_it_needs() {
        let g = games();
        assert_eq!(adapter(&g[0]).needed_size(60), (60, 20));
        assert_eq!(adapter(&g[2]).needed_size(60), (66, 22));
        assert_eq!(adapter(&g[2]).wider_size((66, 22)), None);
        let long: AnyGame = en_gehe::EnGehe::new(50, Default::default())
            .expect("2x50")
            .into();
        let ad = adapter(&long);
        assert_eq!(ad.needed_size(60), (60, 27));
        assert_eq!(ad.needed_size(80), (60, 22));
        assert_eq!(ad.wider_size((60, 27)), Some((80, 22)));
    }

    /// A click names the hole drawn there: the bottom row's hole 5 of a
    /// 12-hole board, and Bao's South i3 and North o1.
    #[test]
    fn a_click_names_the_hole_drawn_there() {
        let g = games();
        let area = Rect::new(7, 2, 66, 4);
        let cell = Geometry::new(12, 66).cell(area, Row::Bottom, 5);
        let enk = adapter(&g[0]);
        assert_eq!(
            enk.hit(area, cell.x + 3, cell.y, Side::South),
            Some((Side::South, 5))
        );
        assert_eq!(
            enk.hit(area, cell.x + 3, cell.y, Side::North),
            Some((Side::North, 5))
        );
        let top = Geometry::new(12, 66).cell(area, Row::Top, 5);
        assert_eq!(
            enk.hit(area, top.x, top.y, Side::South),
            Some((Side::North, 5))
        );
        let bao = adapter(&g[2]);
        let board = Rect::new(0, 2, BaoGeometry::WIDTH, BaoGeometry::HEIGHT);
        // i3 of South: the third cell of his inner row (line 5 of the board).
        assert_eq!(
            bao.hit(board, 12 + 2 * 5 + 1, 2 + 5, Side::South),
            Some((Side::South, 3))
        );
        // North's o1 is at the right end of the top row.
        assert_eq!(
            bao.hit(board, 12 + 7 * 5, 2 + 1, Side::South),
            Some((Side::North, 9))
        );
        assert_eq!(bao.hit(board, 0, 2 + 5, Side::South), None);
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

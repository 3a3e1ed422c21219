//! Match play: each game's score is the player's stock for the next.

use super::{Board, Enkeshui, Layout, Rules, Unfilled};
use crate::engine::side::{PerSide, Side};

/// How a player's stock filled his row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fill {
    /// Seeds per hole, from the owner's hole 1.
    pub row: Vec<u16>,
    /// Holes that could not be filled, from the owner's hole 1.
    pub unfilled: Vec<bool>,
    /// Seeds left over, kept in hand as already captured.
    pub in_hand: u32,
    /// At least one hole was filled.
    pub filled_any: bool,
}

/// Fills a row from its rightmost hole leftwards following the layout, stopping
/// at the first hole whose count is more than what is left.
pub fn fill_row(layout_row: &[u16], stock: u32) -> Fill {
    let n = layout_row.len();
    let mut row = vec![0; n];
    let mut unfilled = vec![true; n];
    let mut left = stock;
    let mut filled_any = false;
    for k in (0..n).rev() {
        let need = layout_row[k] as u32;
        if need > left {
            break;
        }
        row[k] = need as u16;
        unfilled[k] = false;
        left -= need;
        filled_any |= need > 0;
    }
    Fill {
        row,
        unfilled,
        in_hand: left,
        filled_any,
    }
}

/// Why a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchEnd {
    /// A stock could not fill even one hole (the rule of the source texts).
    NoFill,
    /// The carry-over repeats one already met in this match: the games
    /// would go round for ever (the project's reading).
    Repeat,
    /// The match's number of games (`--match-games`) was played.
    Games,
}

/// How a match ended: who won, why, and on what stocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchResult {
    /// The match winner; `None`: drawn.
    pub winner: Option<Side>,
    /// Why it ended.
    pub end: MatchEnd,
    /// The stocks it ended on (the last game's score).
    pub stock: PerSide<u32>,
    /// The games played.
    pub games: usize,
}

impl MatchResult {
    /// The match's end in words: "The carry-over repeats (South 30, North
    /// 18): South wins the match on seeds".
    pub fn line(&self) -> String {
        let on_seeds = match self.winner {
            Some(s) => format!("{} wins the match on seeds", s.title()),
            None => "the match is drawn on seeds".into(),
        };
        let stocks = format!("South {}, North {}", self.stock.south, self.stock.north);
        match (self.end, self.winner) {
            (MatchEnd::NoFill, Some(s)) => format!(
                "{} cannot fill a hole: {} wins the match",
                s.other().title(),
                s.title()
            ),
            (MatchEnd::NoFill, None) => "Neither player can fill a hole: the match is drawn".into(),
            (MatchEnd::Repeat, _) => format!("The carry-over repeats ({stocks}): {on_seeds}"),
            (MatchEnd::Games, _) => format!(
                "Game {} was the match's last ({stocks}): {on_seeds}",
                self.games
            ),
        }
    }
}

/// What comes after a game of a match.
#[derive(Clone, Debug)]
pub enum Next {
    /// The next game, South to move until its race decides.
    Game(Box<Enkeshui>),
    /// The match is over.
    MatchOver(MatchResult),
}

/// The stock a game of a match started from: each side's seeds in its row
/// and in hand (the first game's stock is its starting row).
pub fn stock_of(game: &Enkeshui) -> PerSide<u32> {
    let board = game.board();
    let row = |side| board.row(side).map(|i| board.counts[i] as u32).sum::<u32>();
    PerSide::new(
        row(Side::South) + game.captured().south,
        row(Side::North) + game.captured().north,
    )
}

/// After a game of a match: the next game, or the match's end.
///
/// `first` is the stock the match's first game started from, `scores` each
/// finished game's score in order, the one just finished last: its score is
/// the stock of the next game. The match ends, in this order, when a stock
/// cannot fill a hole (the winner is the one who can), when that stock was
/// already met in this match (the first game's or a score before), or when
/// `rules.match_games` games have been played; the last two are scored on
/// the stocks: more seeds wins, equal is drawn.
pub fn next_game(
    layout: &Layout,
    rules: Rules,
    first: PerSide<u32>,
    scores: &[PerSide<u32>],
) -> Next {
    // No game yet: the first game from its stock.
    let stock = scores.last().copied().unwrap_or(first);
    let over = |winner, end| {
        Next::MatchOver(MatchResult {
            winner,
            end,
            stock,
            games: scores.len(),
        })
    };
    let game = match carry_over(layout, rules, stock) {
        Ok(g) => g,
        Err(winner) => return over(winner, MatchEnd::NoFill),
    };
    let Some((_, before)) = scores.split_last() else {
        return Next::Game(Box::new(game));
    };
    let on_seeds = match stock.south.cmp(&stock.north) {
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    };
    if std::iter::once(&first).chain(before).any(|&s| s == stock) {
        return over(on_seeds, MatchEnd::Repeat);
    }
    if scores.len() >= rules.match_games as usize {
        return over(on_seeds, MatchEnd::Games);
    }
    Next::Game(Box::new(game))
}

/// The game the stocks give, whatever the match's end: `Err(winner)` when a
/// stock cannot fill even one hole (the winner is the one who can; `None`:
/// neither can).
pub fn carry_over(
    layout: &Layout,
    rules: Rules,
    stock: PerSide<u32>,
) -> Result<Enkeshui, Option<Side>> {
    let fills = PerSide::new(
        fill_row(&layout.south, stock.south),
        fill_row(&layout.north, stock.north),
    );
    match (fills.south.filled_any, fills.north.filled_any) {
        (false, false) => return Err(None),
        (false, true) => return Err(Some(Side::North)),
        (true, false) => return Err(Some(Side::South)),
        (true, true) => {}
    }
    let n = layout.holes();
    let mut board = Board::empty(n);
    for side in Side::BOTH {
        let start = if side == Side::South { 0 } else { n };
        for (k, &c) in fills[side].row.iter().enumerate() {
            board.counts[start + k] = c;
            if rules.unfilled == Unfilled::Closed && fills[side].unfilled[k] {
                board.closed |= 1 << (start + k);
            }
        }
    }
    let rules = Rules {
        match_play: true,
        ..rules
    };
    let captured = fills.map(|f| f.in_hand);
    Ok(Enkeshui::from_parts(
        rules,
        board,
        captured,
        Side::South,
        1,
        PerSide::default(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(south: u32, north: u32) -> PerSide<u32> {
        PerSide::new(south, north)
    }

    fn eight() -> Layout {
        Layout::default_for(8).expect("8 holes")
    }

    fn match_rules() -> Rules {
        Rules {
            match_play: true,
            ..Rules::default()
        }
    }

    /// The match's end after `scores`, the first game from 24 and 24.
    fn end(rules: Rules, scores: &[PerSide<u32>]) -> Option<MatchResult> {
        match next_game(&eight(), rules, pair(24, 24), scores) {
            Next::Game(_) => None,
            Next::MatchOver(m) => Some(m),
        }
    }

    #[test]
    fn the_first_games_stock_is_its_row_and_hand() {
        let g = Enkeshui::new(&eight(), match_rules());
        assert_eq!(stock_of(&g), pair(24, 24));
        // 30 and 18 fill South's row with 6 in hand, North's holes 5-8 with 2.
        let Next::Game(g) = next_game(&eight(), match_rules(), pair(24, 24), &[pair(30, 18)])
        else {
            panic!("both fill a hole")
        };
        assert_eq!(g.captured(), pair(6, 2));
        assert_eq!(stock_of(&g), pair(30, 18));
    }

    #[test]
    fn a_repeated_carry_over_ends_the_match_on_seeds() {
        let r = match_rules();
        // 30-18, 18-30: new stocks, the match goes on.
        assert_eq!(end(r, &[pair(30, 18)]), None);
        assert_eq!(end(r, &[pair(30, 18), pair(18, 30)]), None);
        // 30-18 again: game 4 would start as game 2 did.
        let m = end(r, &[pair(30, 18), pair(18, 30), pair(30, 18)]).expect("over");
        assert_eq!(
            m,
            MatchResult {
                winner: Some(Side::South),
                end: MatchEnd::Repeat,
                stock: pair(30, 18),
                games: 3,
            }
        );
        assert_eq!(
            m.line(),
            "The carry-over repeats (South 30, North 18): South wins the match on seeds"
        );
        // Back to the first game's 24-24: drawn.
        let m = end(r, &[pair(12, 36), pair(24, 24)]).expect("over");
        assert_eq!((m.winner, m.end, m.games), (None, MatchEnd::Repeat, 2));
        assert_eq!(
            m.line(),
            "The carry-over repeats (South 24, North 24): the match is drawn on seeds"
        );
        // The same score twice running: North ahead.
        let m = end(r, &[pair(20, 28), pair(20, 28)]).expect("over");
        assert_eq!((m.winner, m.end), (Some(Side::North), MatchEnd::Repeat));
    }

    #[test]
    fn the_last_game_of_the_match_ends_it_on_seeds() {
        let r = Rules {
            match_games: 3,
            ..match_rules()
        };
        assert_eq!(end(r, &[pair(30, 18), pair(20, 28)]), None);
        let m = end(r, &[pair(30, 18), pair(20, 28), pair(22, 26)]).expect("over");
        assert_eq!(
            m,
            MatchResult {
                winner: Some(Side::North),
                end: MatchEnd::Games,
                stock: pair(22, 26),
                games: 3,
            }
        );
        assert_eq!(
            m.line(),
            "Game 3 was the match's last (South 22, North 26): North wins the match on seeds"
        );
        // A match of one game.
        let one = Rules {
            match_games: 1,
            ..match_rules()
        };
        let m = end(one, &[pair(26, 22)]).expect("over");
        assert_eq!(
            (m.winner, m.end, m.games),
            (Some(Side::South), MatchEnd::Games, 1)
        );
        // Ten games by default: the tenth ends it.
        let scores: Vec<_> = (0..10).map(|k| pair(25 + k, 23 - k)).collect();
        assert_eq!(end(r, &scores[..2]), None);
        assert_eq!(end(match_rules(), &scores[..9]), None);
        let m = end(match_rules(), &scores).expect("over");
        assert_eq!(
            (m.winner, m.end, m.games),
            (Some(Side::South), MatchEnd::Games, 10)
        );
    }

    #[test]
    fn a_stock_that_cannot_fill_a_hole_ends_the_match_first() {
        let r = Rules {
            match_games: 1,
            ..match_rules()
        };
        // North's 3 fill no hole (the rightmost needs 4): North loses,
        // though it is the last game and 45-3 was met before.
        let m = next_game(&eight(), r, pair(45, 3), &[pair(45, 3)]);
        let Next::MatchOver(m) = m else {
            panic!("over")
        };
        assert_eq!((m.winner, m.end), (Some(Side::South), MatchEnd::NoFill));
        assert_eq!(m.line(), "North cannot fill a hole: South wins the match");
        let m = end(match_rules(), &[pair(3, 3)]).expect("over");
        assert_eq!((m.winner, m.end), (None, MatchEnd::NoFill));
        assert_eq!(
            m.line(),
            "Neither player can fill a hole: the match is drawn"
        );
        // No game yet: the first game from its stock.
        assert!(matches!(
            next_game(&eight(), match_rules(), pair(24, 24), &[]),
            Next::Game(_)
        ));
    }

    #[test]
    fn the_number_of_games_is_a_rule_of_the_position() {
        use crate::engine::PositionJson;
        let r = Rules {
            match_games: 3,
            ..match_rules()
        };
        let v = Enkeshui::new(&eight(), r).position_json();
        assert_eq!(
            v["rules"],
            serde_json::json!({"match": true, "match_games": 3})
        );
        assert_eq!(Enkeshui::from_position(&v).unwrap().rules(), &r);
        // Written before the rule: the default.
        let mut old = v.clone();
        old["rules"] = serde_json::json!({"match": true});
        let g = Enkeshui::from_position(&old).unwrap();
        assert_eq!(g.rules().match_games, 10);
        let mut zero = v;
        zero["rules"]["match_games"] = serde_json::json!(0);
        assert_eq!(
            Enkeshui::from_position(&zero).unwrap_err().to_string(),
            "rules.match_games: 0 is not a number of games from 1"
        );
    }
}

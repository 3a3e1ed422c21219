//! Plain-text board diagrams (for the command line and printed records).

use crate::engine::Side;
use crate::engine::enkeshui::Enkeshui;

/// Enkeshui as two facing rows, North on top; `*` marks a South bull, `+` a North bull.
pub fn enkeshui_board(game: &Enkeshui) -> String {
    let b = game.board();
    let n = b.n;
    let cell = |i: usize| {
        let mark = match b.bull_owner(i) {
            Some(Side::South) => "*",
            Some(Side::North) => "+",
            None if b.is_closed(i) => "#",
            None => " ",
        };
        format!("{:>3}{mark}", b.counts[i])
    };
    let mut out = String::new();
    let numbers = |rev: bool| -> String {
        let mut s = String::from("      ");
        for k in 0..n {
            let h = if rev { n - k } else { k + 1 };
            s.push_str(&format!("{h:>3} "));
        }
        s
    };
    out.push_str(&format!("{}  North's holes\n", numbers(true)));
    out.push_str("North ");
    for k in (0..n).rev() {
        out.push_str(&cell(game.index(Side::North, k + 1)));
    }
    out.push_str(&format!("   captured {}\n", game.captured().north));
    out.push_str("South ");
    for k in 0..n {
        out.push_str(&cell(game.index(Side::South, k + 1)));
    }
    out.push_str(&format!("   captured {}\n", game.captured().south));
    out.push_str(&format!("{}  South's holes\n", numbers(false)));
    out
}

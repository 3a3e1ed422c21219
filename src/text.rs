//! Plain-text board diagrams (for the command line and printed records).

use crate::engine::Side;
use crate::engine::en_gehe::EnGehe;
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

/// En Gehé as two facing rows, North on top (its hole numbers above it, South's
/// below), each hole facing its opposite. Rows longer than 18 holes are folded
/// into blocks read one after the other, so that 2x50 fits 80 columns.
pub fn en_gehe_board(game: &EnGehe) -> String {
    let n = game.holes();
    let counts = &game.board().counts;
    let blocks = n.div_ceil(18);
    let width = n.div_ceil(blocks);
    let mut out = String::new();
    // Column c shows South's hole c+1 and, above it, North's hole N-c.
    let mut from = 0;
    while from < n {
        let cols = from..(from + width).min(n);
        if from > 0 {
            out.push('\n');
        }
        let line = |label: &str, f: &dyn Fn(usize) -> usize| -> String {
            let mut s = format!("{label:<6}");
            for c in cols.clone() {
                s.push_str(&format!("{:>4}", f(c)));
            }
            s.push('\n');
            s
        };
        out.push_str(&line("", &|c| n - c));
        out.push_str(&line("North", &|c| {
            counts[game.index(Side::North, n - c)] as usize
        }));
        out.push_str(&line("South", &|c| {
            counts[game.index(Side::South, c + 1)] as usize
        }));
        out.push_str(&line("", &|c| c + 1));
        from += width;
    }
    let captured = game.captured();
    out.push_str(&format!(
        "Captured: South {}, North {}\n",
        captured.south, captured.north
    ));
    out
}

//! Plain-text board diagrams (for the command line and printed records).

use crate::engine::bao::{self, Bao, Row};
use crate::engine::en_gehe::EnGehe;
use crate::engine::enkeshui::Enkeshui;
use crate::engine::{Game, Side};

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

/// Bao la Kimasai as four rows, North's outer row on top, with reserves and phase.
/// Each side's holes read from its owner's left, so North's run right to left.
pub fn bao_board(game: &Bao) -> String {
    let c = game.counts();
    let row = |side: Side, r: Row| -> String {
        let ks: Vec<usize> = match side {
            Side::South => (1..=8).collect(),
            Side::North => (1..=8).rev().collect(),
        };
        ks.iter()
            .map(|&k| format!("{:>4}", c[bao::index(side, r, k)]))
            .collect()
    };
    let numbers = |side: Side, r: char| -> String {
        let ks: Vec<usize> = match side {
            Side::South => (1..=8).collect(),
            Side::North => (1..=8).rev().collect(),
        };
        ks.iter()
            .map(|&k| format!("{:>4}", format!("{r}{k}")))
            .collect()
    };
    let reserve = game.reserve();
    let mut out = String::new();
    out.push_str(&format!(
        "Bao la Kimasai, turn {}, phase {}\n",
        game.turn(),
        game.phase()
    ));
    out.push_str(&format!("         {}\n", numbers(Side::North, 'o')));
    out.push_str(&format!(
        "North o  {}   reserve {}\n",
        row(Side::North, Row::Outer),
        reserve.north
    ));
    out.push_str(&format!("North i  {}\n", row(Side::North, Row::Inner)));
    out.push_str(&format!("         {}\n", numbers(Side::North, 'i')));
    out.push_str("         --------------------------------\n");
    out.push_str(&format!("         {}\n", numbers(Side::South, 'i')));
    out.push_str(&format!("South i  {}\n", row(Side::South, Row::Inner)));
    out.push_str(&format!(
        "South o  {}   reserve {}\n",
        row(Side::South, Row::Outer),
        reserve.south
    ));
    out.push_str(&format!("         {}\n", numbers(Side::South, 'o')));
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

/// Characters of a file's text an excerpt keeps.
pub const EXCERPT_CHARS: usize = 40;

/// Longest line the command line prints about a file, in characters.
pub const MAX_LINE_CHARS: usize = 1000;

/// Should `c` be escaped before it reaches a terminal? Control characters
/// (an ESC starts a terminal command), and the bidirectional overrides
/// that make a line read differently from what it holds.
fn unsafe_char(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if unsafe_char(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        c => out.push(c),
    }
}

/// `s` on one line, safe for a terminal: control characters escaped as
/// `\u{1b}` (`\n`, `\r`, `\t` for those), cut to `max` characters with `...`.
pub fn one_line(s: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i == max {
            out.push_str("...");
            break;
        }
        push_escaped(&mut out, c);
    }
    out
}

/// A short excerpt of text read from a file, to quote in a message.
pub fn excerpt(s: &str) -> String {
    one_line(s, EXCERPT_CHARS)
}

/// Multi-line text read from a file, safe for a terminal: each line's
/// control characters escaped, the line breaks kept.
pub fn escape_lines(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '\n' {
            out.push('\n');
        } else {
            push_escaped(&mut out, c);
        }
    }
    out
}

/// 60000 as "60,000".
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_excerpts_cut() {
        assert_eq!(one_line("ai:\u{1b}[2J", 100), "ai:\\u{1b}[2J");
        assert_eq!(
            one_line("a\nb\tc\r\u{7f}\u{9b}", 100),
            "a\\nb\\tc\\r\\u{7f}\\u{9b}"
        );
        assert_eq!(one_line("abc\u{202e}d", 100), "abc\\u{202e}d");
        assert_eq!(one_line("Gehé", 100), "Gehé");
        assert_eq!(one_line("abcdef", 3), "abc...");
        assert_eq!(one_line("abc", 3), "abc");
        assert_eq!(excerpt(&"x".repeat(1000)), format!("{}...", "x".repeat(40)));
        assert_eq!(escape_lines("a\u{1b}\nb\n"), "a\\u{1b}\nb\n");
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(60000), "60,000");
        assert_eq!(thousands(2400), "2,400");
        assert_eq!(thousands(600), "600");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }
}

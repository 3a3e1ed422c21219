//! Lines out: wrapped at words to 80 columns, control characters (escape
//! bytes among them) never written, each line flushed as it is said. A
//! closed output (the reader went away) ends the game quietly.

use std::io::Write;

/// The widest line written, unless `--width` or `width N` says less.
pub const WIDTH: usize = 80;

/// The narrowest width (`--width`, `width N`): a 20-cell braille display.
pub const MIN_WIDTH: usize = 20;

/// The width new lines start at: set once from `--width` by the command
/// that runs the line mode (one line mode a process).
static START_WIDTH: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(WIDTH);

/// Lines said from now on are at most `width` columns (from `--width`).
pub fn set_start_width(width: usize) {
    START_WIDTH.store(
        width.clamp(MIN_WIDTH, WIDTH),
        std::sync::atomic::Ordering::Relaxed,
    );
}

/// `text` in lines of at most `width` characters, broken at spaces (a word
/// longer than a line, a long file name, is cut), control characters dropped.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let clean: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut lines = Vec::new();
    let mut cur = String::new();
    let mut cur_len = 0;
    let width = width.max(1);
    for word in clean.split_whitespace() {
        let chars: Vec<char> = word.chars().collect();
        // A word longer than a line is cut in whole lines, each char once
        // (linear in the text, however long); its rest goes on as a word.
        let mut word: &[char] = &chars;
        if word.len() > width {
            if cur_len > 0 {
                lines.push(std::mem::take(&mut cur));
                cur_len = 0;
            }
            while word.len() > width {
                lines.push(word[..width].iter().collect());
                word = &word[width..];
            }
        }
        let len = word.len();
        if cur_len > 0 && cur_len + 1 + len > width {
            lines.push(std::mem::take(&mut cur));
            cur_len = 0;
        }
        if cur_len > 0 {
            cur.push(' ');
            cur_len += 1;
        }
        cur.extend(word.iter());
        cur_len += len;
    }
    if cur_len > 0 || lines.is_empty() {
        lines.push(cur);
    }
    lines
}

/// Where the lines go.
pub struct Say<W: Write> {
    out: W,
    closed: bool,
    /// Columns a line (`--width`, `width N`).
    width: usize,
}

impl<W: Write> Say<W> {
    pub fn new(out: W) -> Say<W> {
        Say {
            out,
            closed: false,
            width: START_WIDTH.load(std::sync::atomic::Ordering::Relaxed),
        }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    /// Lines from now on at most `width` columns ([`MIN_WIDTH`] to [`WIDTH`]).
    pub fn set_width(&mut self, width: usize) {
        self.width = width.clamp(MIN_WIDTH, WIDTH);
    }

    /// One event: wrapped, written and flushed.
    pub fn line(&mut self, text: &str) {
        if self.closed {
            return;
        }
        for l in wrap(text, self.width) {
            if writeln!(self.out, "{l}").is_err() {
                self.closed = true;
                return;
            }
        }
        if self.out.flush().is_err() {
            self.closed = true;
        }
    }

    /// A line to copy (a position's one line): written whole, never
    /// wrapped, since a break would make it another line or none.
    pub fn verbatim(&mut self, text: &str) {
        if self.closed {
            return;
        }
        if writeln!(self.out, "{text}").is_err() || self.out.flush().is_err() {
            self.closed = true;
        }
    }

    /// The output is gone: nothing more is said.
    pub fn closed(&self) -> bool {
        self.closed
    }
}

/// A table row of aligned columns read as a list: columns two or more
/// spaces apart become "a, b, c", so numbers are not run together aloud.
pub fn columns(line: &str) -> String {
    let mut cells: Vec<&str> = line
        .trim()
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    // A narrow first column ("1 South", "turn side") is one space from the next.
    if cells.len() > 1 {
        let first: Vec<&str> = cells[0].split_whitespace().collect();
        if first.len() == 2 {
            cells.splice(0..1, first);
        }
    }
    cells.join(", ")
}

/// Markdown read as plain paragraphs: headings on their own line, list
/// items and table rows one a line, emphasis and code marks left out,
/// each paragraph one line (wrapped when said).
pub fn reflow_markdown(md: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut para = String::new();
    let flush = |para: &mut String, out: &mut Vec<String>| {
        let p = para.trim().to_string();
        if !p.is_empty() {
            out.push(p);
        }
        para.clear();
    };
    let strip = |s: &str| {
        s.replace("**", "")
            .replace('`', "")
            .replace(['*', '_'], "")
            .replace('\\', "")
    };
    let mut fenced = false;
    for raw in md.lines() {
        let line = raw.trim();
        // A drawing of the board is read as "plus plus plus": left out.
        if line.starts_with("```") {
            flush(&mut para, &mut out);
            if !fenced {
                out.push(
                    "(A drawing of the board is left out here: type board to hear the board.)"
                        .into(),
                );
            }
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // A line of rule marks (---, +--+, ===) says nothing.
        if !line.is_empty() && line.chars().all(|c| "-+=|:".contains(c)) {
            flush(&mut para, &mut out);
            continue;
        }
        if line.is_empty() {
            flush(&mut para, &mut out);
        } else if let Some(h) = line.strip_prefix('#') {
            flush(&mut para, &mut out);
            out.push(strip(h.trim_start_matches('#').trim()));
        } else if line.starts_with('|') {
            flush(&mut para, &mut out);
            let cells: Vec<String> = line
                .trim_matches('|')
                .split('|')
                .map(|c| strip(c.trim()))
                .filter(|c| !c.is_empty())
                .collect();
            if cells
                .iter()
                .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
            {
                continue;
            }
            out.push(cells.join(", "));
        } else if let Some(item) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
            flush(&mut para, &mut out);
            para.push_str(&strip(item));
        } else {
            if !para.is_empty() {
                para.push(' ');
            }
            para.push_str(&strip(line));
        }
    }
    flush(&mut para, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_wraps_at_words_and_long_words_are_cut() {
        let text = "South sows 5: 2 laps, relays 4 seeds from North's hole 3, captures 6 seeds from your hole 2.";
        let lines = wrap(text, 40);
        assert_eq!(
            lines,
            [
                "South sows 5: 2 laps, relays 4 seeds",
                "from North's hole 3, captures 6 seeds",
                "from your hole 2."
            ]
        );
        assert_eq!(wrap(&"x".repeat(85), 80), ["x".repeat(80), "x".repeat(5)]);
        assert_eq!(wrap(&"x".repeat(160), 80), ["x".repeat(80), "x".repeat(80)]);
        assert_eq!(wrap(&"x".repeat(80), 80), ["x".repeat(80)]);
        assert_eq!(wrap("ab cd", 40), ["ab cd"]);
        assert_eq!(wrap("a\x1b[31mb", 80), ["a [31mb"]);
        assert_eq!(columns("  1  South   8    +0.0  6"), "1, South, 8, +0.0, 6");
    }

    #[test]
    fn a_long_line_wraps_in_linear_time() {
        // 8 MB in one word and in many: quadratic work would take minutes.
        let start = std::time::Instant::now();
        assert_eq!(wrap(&"x".repeat(8 << 20), 80).len(), (8 << 20) / 80 + 1);
        assert_eq!(wrap(&"ab ".repeat(1 << 20), 80).len(), (3 << 20) / 81 + 1);
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn markdown_is_read_as_plain_lines() {
        let md = "# Title\n\nSome **bold** and `code`\ntext.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n";
        let drawn = "Board:\n\n```\n+--+--+\n| 4 | 4 |\n+--+--+\n```\n\nA \\| b.\n----\n";
        assert_eq!(
            reflow_markdown(drawn),
            [
                "Board:",
                "(A drawing of the board is left out here: type board to hear the board.)",
                "A | b.",
            ]
        );
        assert_eq!(
            reflow_markdown(md),
            [
                "Title",
                "Some bold and code text.",
                "one",
                "two",
                "a, b",
                "1, 2"
            ]
        );
    }
}

//! The rules files (`rules/*.md`) as reflowed terminal text: headings,
//! paragraphs wrapped to the width, lists with hanging indents, code blocks
//! (the board diagrams) as they are, tables as aligned columns. Parsing is
//! pulldown-cmark's (CommonMark and its tables); this only lays it out.

use super::view::theme::Theme;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

/// Columns a text takes on screen.
fn text_cols(s: &str) -> usize {
    Span::raw(s).width()
}

/// A run of text in one style.
type Run = (String, Style);

/// Lays `md` out in lines of at most `width` columns (code blocks and
/// words longer than the width excepted: they are cut by the screen).
pub fn render(md: &str, width: u16, th: &Theme) -> Vec<Line<'static>> {
    let mut r = Renderer {
        width: usize::from(width.max(20)),
        th: *th,
        out: Vec::new(),
        runs: Vec::new(),
        styles: vec![Style::default()],
        lists: Vec::new(),
        prefix: String::new(),
        first_prefix: None,
        code: None,
        table: None,
        quote: 0,
    };
    for ev in Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH) {
        r.event(ev);
    }
    r.flush();
    while r.out.last().is_some_and(|l| l.width() == 0) {
        r.out.pop();
    }
    r.out
}

struct Table {
    rows: Vec<Vec<String>>,
    cell: String,
    head_rows: usize,
    in_head: bool,
}

struct Renderer {
    width: usize,
    th: Theme,
    out: Vec<Line<'static>>,
    /// The paragraph, heading or list item being gathered.
    runs: Vec<Run>,
    styles: Vec<Style>,
    /// Each open list: the next number (None: bullets).
    lists: Vec<Option<u64>>,
    /// The indent of the lines of the block gathered.
    prefix: String,
    /// The first line's own prefix ("• ", "2. ") if any.
    first_prefix: Option<String>,
    code: Option<String>,
    table: Option<Table>,
    quote: usize,
}

impl Renderer {
    fn style(&self) -> Style {
        *self.styles.last().unwrap_or(&Style::default())
    }

    fn push_style(&mut self, add: Style) {
        let s = self.style().patch(add);
        self.styles.push(s);
    }

    fn blank(&mut self) {
        if self.out.last().is_some_and(|l| l.width() > 0) {
            self.out.push(Line::from(""));
        }
    }

    fn text(&mut self, t: &str) {
        if let Some(code) = &mut self.code {
            code.push_str(t);
        } else if let Some(table) = &mut self.table {
            table.cell.push_str(t);
        } else {
            let st = self.style();
            self.runs.push((t.to_string(), st));
        }
    }

    fn event(&mut self, ev: Event<'_>) {
        match ev {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(t) => self.text(&t),
            Event::Code(t) => {
                if let Some(table) = &mut self.table {
                    table.cell.push_str(&t);
                } else {
                    let st = self.style().add_modifier(Modifier::BOLD);
                    self.runs.push((t.to_string(), st));
                }
            }
            Event::SoftBreak => self.text(" "),
            Event::HardBreak => {
                self.flush();
            }
            Event::Rule => {
                self.flush();
                self.blank();
            }
            Event::Html(t) | Event::InlineHtml(t) => self.text(&t),
            _ => {}
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Paragraph if self.lists.is_empty() => {
                self.flush();
                self.blank();
            }
            Tag::Heading { .. } => {
                self.flush();
                self.blank();
                self.push_style(self.th.label().add_modifier(Modifier::UNDERLINED));
            }
            Tag::BlockQuote(_) => {
                self.flush();
                self.quote += 1;
            }
            Tag::CodeBlock(_) => {
                self.flush();
                self.blank();
                self.code = Some(String::new());
            }
            Tag::List(start) => {
                self.flush();
                if self.lists.is_empty() {
                    self.blank();
                }
                self.lists.push(start);
            }
            Tag::Item => {
                self.flush();
                let depth = self.lists.len().saturating_sub(1);
                let mark = match self.lists.last_mut() {
                    Some(Some(n)) => {
                        let m = format!("{n}. ");
                        *n += 1;
                        m
                    }
                    _ => if self.th.ascii { "- " } else { "• " }.to_string(),
                };
                let indent = "  ".repeat(depth);
                self.first_prefix = Some(format!("{indent}{mark}"));
                self.prefix = format!("{indent}{}", " ".repeat(mark.chars().count()));
            }
            Tag::Table(_) => {
                self.flush();
                self.blank();
                self.table = Some(Table {
                    rows: Vec::new(),
                    cell: String::new(),
                    head_rows: 0,
                    in_head: false,
                });
            }
            Tag::TableHead => {
                if let Some(t) = &mut self.table {
                    t.in_head = true;
                    t.rows.push(Vec::new());
                }
            }
            Tag::TableRow => {
                if let Some(t) = &mut self.table {
                    t.rows.push(Vec::new());
                }
            }
            Tag::TableCell => {
                if let Some(t) = &mut self.table {
                    t.cell.clear();
                }
            }
            Tag::Emphasis => self.push_style(Style::default().add_modifier(Modifier::ITALIC)),
            Tag::Strong => self.push_style(Style::default().add_modifier(Modifier::BOLD)),
            Tag::Strikethrough => {
                self.push_style(Style::default().add_modifier(Modifier::CROSSED_OUT))
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph => self.flush(),
            TagEnd::Heading(_) => {
                self.flush();
                self.styles.pop();
            }
            TagEnd::BlockQuote(_) => {
                self.flush();
                self.quote = self.quote.saturating_sub(1);
            }
            TagEnd::CodeBlock => {
                if let Some(code) = self.code.take() {
                    let indent = format!("{}  ", self.quote_prefix());
                    for l in code.trim_end_matches('\n').lines() {
                        self.out.push(Line::from(format!("{indent}{l}")));
                    }
                }
            }
            TagEnd::List(_) => {
                self.flush();
                self.lists.pop();
                if self.lists.is_empty() {
                    self.prefix.clear();
                } else {
                    let depth = self.lists.len();
                    self.prefix = "  ".repeat(depth);
                }
            }
            TagEnd::Item => self.flush(),
            TagEnd::TableHead => {
                if let Some(t) = &mut self.table {
                    t.in_head = false;
                    t.head_rows = t.rows.len();
                }
            }
            TagEnd::TableCell => {
                if let Some(t) = &mut self.table {
                    let cell = t.cell.trim().to_string();
                    if let Some(row) = t.rows.last_mut() {
                        row.push(cell);
                    }
                }
            }
            TagEnd::Table => {
                if let Some(t) = self.table.take() {
                    self.table_lines(&t);
                }
            }
            TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough => {
                self.styles.pop();
            }
            _ => {}
        }
    }

    fn quote_prefix(&self) -> String {
        "  ".repeat(self.quote)
    }

    /// The gathered runs, word-wrapped to the width with the block's indent.
    fn flush(&mut self) {
        if self.runs.is_empty() {
            self.first_prefix = None;
            return;
        }
        let runs = std::mem::take(&mut self.runs);
        let q = self.quote_prefix();
        let first = format!(
            "{q}{}",
            self.first_prefix.take().unwrap_or(self.prefix.clone())
        );
        let rest = format!("{q}{}", self.prefix);
        // Words with their style; a word may span runs ("**left**," is one word).
        let mut words: Vec<Vec<Run>> = Vec::new();
        let mut open = false;
        for (text, st) in runs {
            let mut chunks = text.split(' ').peekable();
            while let Some(chunk) = chunks.next() {
                if !chunk.is_empty() {
                    if open {
                        if let Some(w) = words.last_mut() {
                            w.push((chunk.to_string(), st));
                        }
                    } else {
                        words.push(vec![(chunk.to_string(), st)]);
                    }
                    open = true;
                }
                if chunks.peek().is_some() {
                    open = false;
                }
            }
        }
        let mut line: Vec<Span<'static>> = vec![Span::raw(first.clone())];
        let mut used = text_cols(&first);
        let mut empty = true;
        for word in words {
            let w: usize = word.iter().map(|(t, _)| text_cols(t)).sum();
            if !empty && used + 1 + w > self.width {
                self.out.push(Line::from(std::mem::take(&mut line)));
                line.push(Span::raw(rest.clone()));
                used = text_cols(&rest);
                empty = true;
            }
            if !empty {
                line.push(Span::raw(" "));
                used += 1;
            }
            for (t, st) in word {
                line.push(Span::styled(t, st));
            }
            used += w;
            empty = false;
        }
        if !empty {
            self.out.push(Line::from(line));
        }
    }

    /// A table as aligned columns (header bold), or, when too wide for
    /// the screen, each row as "header: cell" lines.
    fn table_lines(&mut self, t: &Table) {
        let cols = t.rows.iter().map(Vec::len).max().unwrap_or(0);
        let mut widths = vec![0usize; cols];
        for row in &t.rows {
            for (i, c) in row.iter().enumerate() {
                widths[i] = widths[i].max(text_cols(c));
            }
        }
        let q = self.quote_prefix();
        let total = text_cols(&q) + 2 + widths.iter().sum::<usize>() + 2 * cols.saturating_sub(1);
        let head = self.th.label();
        if total <= self.width {
            for (r, row) in t.rows.iter().enumerate() {
                let mut s = format!("{q}  ");
                for (i, c) in row.iter().enumerate() {
                    s.push_str(c);
                    if i + 1 < row.len() {
                        s.push_str(&" ".repeat(widths[i] - text_cols(c) + 2));
                    }
                }
                let line = if r < t.head_rows {
                    Line::styled(s.trim_end().to_string(), head)
                } else {
                    Line::from(s.trim_end().to_string())
                };
                self.out.push(line);
            }
            return;
        }
        let header = t.rows.first().cloned().unwrap_or_default();
        for (r, row) in t.rows.iter().enumerate().skip(t.head_rows) {
            if r > t.head_rows {
                self.out.push(Line::from(""));
            }
            for (i, c) in row.iter().enumerate() {
                let name = header.get(i).map_or("", String::as_str);
                self.runs.push((format!("{name}:"), head));
                self.runs.push((format!(" {c}"), Style::default()));
                self.first_prefix = Some(format!("  {}", if i == 0 { "" } else { "  " }));
                self.prefix = "      ".into();
                self.flush();
            }
            self.prefix.clear();
        }
    }
}

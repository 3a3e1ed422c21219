//! The drawing of a game's screen, shared by the play screen, the game
//! over, the replay viewer and an earlier position looked at: a widget over
//! a model of what is shown (`Shown`) and the app's chrome (`Chrome`). It
//! knows no screen and no `App`: each screen hands it what it draws.

use super::Chrome;
use super::GameBoard;
use super::theme::{Mark, Theme};
use crate::app::adapter::{BoardView, adapter, value_text};
use crate::app::anim::{BoardState, Frame, Marks};
use crate::engine::{AnyGame, PerSide, Side, Status};
use crate::session::seat::Analysis;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

pub use crate::app::geometry::PlayLayout;

/// Counterclockwise runs left to right along the bottom row and right to
/// left along the top row: (left token, right token) for a lap from `from`.
pub fn direction_sides(
    bottom: Side,
    from: &crate::engine::HoleName,
) -> (&'static str, &'static str) {
    if from.side == bottom {
        ("cw", "ccw")
    } else {
        ("ccw", "cw")
    }
}

/// What a game's screen adds to the model: the app's chrome, the sides'
/// names on the score lines and the side whose row is at the bottom.
pub struct GameChrome<'a> {
    pub chrome: &'a Chrome<'a>,
    /// "South (you)", "North (AI hard)", ...
    pub labels: &'a PerSide<String>,
    pub bottom: Side,
}

impl GameChrome<'_> {
    fn theme(&self) -> Theme {
        self.chrome.theme
    }
}

/// The replay viewer's parts of the screen (the viewer supplies them).
pub trait ViewerParts {
    /// The title line.
    fn title(&self, setup: String, step: usize, turn: u32, th: &Theme) -> Line<'static>;
    /// The charts over the log (4 lines).
    fn charts(&self, area: Rect, buf: &mut Buffer, th: &Theme);
    /// The move list in its box.
    fn moves(&self, step: usize, area: Rect, buf: &mut Buffer, th: &Theme);
}

/// A move in the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRec {
    pub turn: u32,
    pub side: Side,
    pub token: String,
}

/// The guided special move as drawn: the holes lifted, the seeds in hand.
#[derive(Clone, Copy, Debug)]
pub struct SpecialShown<'a> {
    pub lifted: &'a [usize],
    pub in_hand: u32,
}

/// What the play screen draws: the live game, or an earlier position only
/// looked at (no animation, no prompt, no hole selected).
pub struct Shown<'a> {
    pub game: &'a AnyGame,
    pub log: &'a [String],
    pub moves: &'a [MoveRec],
    /// The board as drawn: the animation's frame or the game's.
    pub board: BoardState,
    pub marks: Marks,
    pub frame: Option<&'a Frame>,
    /// Log lines the animation has not reached yet.
    pub log_hidden: usize,
    /// The selected hole, while a human picks one here.
    pub cursor: Option<usize>,
    pub special: Option<SpecialShown<'a>>,
    /// The mover's row during the special move.
    pub special_row: Option<Vec<u32>>,
    pub dir_pick: usize,
    pub digits: &'a str,
    pub step: usize,
}

/// The score lines: captured, bulls, in hand and the score if it ended now.
fn score_lines(
    c: &GameChrome,
    game: &AnyGame,
    b: &BoardState,
    in_hand: Option<(Side, u32)>,
    width: u16,
) -> Vec<Line<'static>> {
    let th = &c.theme();
    let ad = adapter(game);
    [Side::North, Side::South]
        .into_iter()
        .map(|side| {
            let hand = match in_hand {
                Some((s, h)) if s == side => h,
                _ => 0,
            };
            let label = c.labels[side].clone();
            fitted(th, width, ad.score_lines(b, side, hand, &label, th.sep()))
        })
        .collect()
}

/// The first (label, rest) of a score line that fits `width`, else the last.
fn fitted(th: &Theme, width: u16, candidates: Vec<(String, String)>) -> Line<'static> {
    let n = candidates.len();
    let (label, rest) = candidates
        .into_iter()
        .enumerate()
        .find(|(k, (l, r))| k + 1 == n || l.chars().count() + r.chars().count() <= width as usize)
        .map(|(_, c)| c)
        .unwrap_or_default();
    Line::from(vec![Span::styled(label, th.label()), Span::raw(rest)])
}

pub fn title_line(c: &GameChrome, p: &Shown, viewer: Option<&dyn ViewerParts>) -> Line<'static> {
    let th = &c.theme();
    let setup = c.chrome.title.to_string();
    if let Some(v) = viewer {
        return v.title(setup, p.step, p.game.turn(), th);
    }
    let state = match (p.game.status(), p.frame, p.moves.last()) {
        (_, Some(_), Some(m)) => format!("turn {}{}{} sowing", m.turn, th.sep(), m.side.title()),
        (Status::Over(_), _, _) => "game over".to_string(),
        (Status::Playing, _, _) => format!(
            "turn {}{}{} to move",
            p.game.turn(),
            th.sep(),
            p.game.to_move().title()
        ),
    };
    Line::from(vec![
        Span::styled(setup, th.title()),
        Span::raw(format!("{}{state}", th.sep())),
    ])
}

pub fn draw_board(c: &GameChrome, p: &Shown, area: Rect, buf: &mut Buffer) {
    let (mut board, marks) = (p.board.clone(), &p.marks);
    let mover = p.game.to_move();
    if let Some(row) = &p.special_row {
        for (k, c) in row.iter().enumerate() {
            let i = board.index(mover, k + 1);
            board.counts[i] = *c;
        }
    }
    // While a move is shown: its turn and its mover.
    let (turn, mover) = match (p.frame, p.moves.last()) {
        (Some(_), Some(m)) => (m.turn, m.side),
        _ => (p.game.turn(), mover),
    };
    let view = BoardView {
        board: &board,
        marks,
        bottom: c.bottom,
        cursor: p.cursor,
        turn,
        mover,
    };
    GameBoard {
        model: &adapter(p.game).board_model(view),
        theme: c.theme(),
    }
    .render(area, buf);
}

fn prompt_line(c: &GameChrome, p: &Shown, width: u16) -> Line<'static> {
    let th = &c.theme();
    let cursor = p.cursor.unwrap_or(0);
    if let Some(f) = p.frame {
        // A drop's caption already says the lap and the seeds in hand.
        let counts = if f.caption == format!("lap {}: {} in hand", f.lap, f.in_hand) {
            String::new()
        } else {
            format!("{}lap {}{}in hand {}", th.sep(), f.lap, th.sep(), f.in_hand)
        };
        return Line::from(vec![
            Span::styled(f.caption.clone(), th.key()),
            Span::raw(format!("{counts}{}s skips, +/- speed", th.sep())),
        ]);
    }
    if let Some(s) = p.special {
        // Lifting first, then dropping: Enter does one or the other.
        let text = match s.lifted {
            [] => format!("Special move: lift two holes · Enter lifts hole {cursor}"),
            [a] => format!(
                "Special move: lifted {a} · {} in hand · Enter lifts hole {cursor}",
                s.in_hand
            ),
            [a, b, ..] => format!(
                "Special move: lifted {a} and {b} · {} in hand · Enter drops on hole {cursor}",
                s.in_hand
            ),
        };
        return Line::from(Span::styled(text.replace(" · ", th.sep()), th.key()));
    }
    if let Some(pd) = p.game.pending() {
        let (left, right) = direction_sides(c.bottom, &pd.lifted_from);
        let picked = pd.options.get(p.dir_pick).cloned().unwrap_or_default();
        let opt = |d: &str, arrow_left: bool| -> Span<'static> {
            let open = pd.options.iter().any(|o| o == d);
            let text = if arrow_left {
                format!("{} {d}", th.arrow_left())
            } else {
                format!("{d} {}", th.arrow_right())
            };
            let text = if !open {
                format!("({text}: closed)")
            } else if picked == d {
                format!("[{text}]")
            } else {
                format!(" {text} ")
            };
            if picked == d {
                Span::styled(text, th.cursor())
            } else {
                Span::raw(text)
            }
        };
        return Line::from(vec![
            Span::styled(
                format!(
                    "Lap {}: {} in hand from {} {}. Direction? ",
                    pd.lap,
                    pd.in_hand,
                    pd.lifted_from.side.title(),
                    pd.lifted_from.hole
                ),
                th.key(),
            ),
            opt(left, true),
            Span::raw("  "),
            opt(right, false),
        ]);
    }
    if !p.digits.is_empty() {
        return Line::from(format!("Hole number: {}", p.digits));
    }
    legend_line(c, p, width)
}

/// The legend under the scores: the selected hole as it is drawn, what each
/// highlight on the board means (in its own style), the bulls when there are
/// any, and how to pick a hole, as many as fit.
fn legend_line(c: &GameChrome, p: &Shown, width: u16) -> Line<'static> {
    let th = &c.theme();
    let (board, marks) = (&p.board, &p.marks);
    let mover = p.game.to_move();
    let mut parts: Vec<Vec<Span<'static>>> = Vec::new();
    let ad = adapter(p.game);
    if let Some(cursor) = p.cursor {
        let text = ad.selected_legend(cursor, board.counts[board.index(mover, cursor)]);
        parts.push(vec![Span::styled(text, th.dim())]);
    }
    let present = |m: Mark| (0..board.counts.len()).any(|i| marks.of(i) == m);
    let mut shown: Vec<Span<'static>> = Vec::new();
    for (m, word) in [
        (Mark::Last, "last seed"),
        (Mark::Path, "sown"),
        (Mark::Lifted, "lifted"),
        (Mark::Captured, "captured"),
    ] {
        if present(m) {
            if !shown.is_empty() {
                shown.push(Span::styled(", ", th.dim()));
            }
            shown.push(Span::styled(word, th.hole(m)));
        }
    }
    if !shown.is_empty() {
        shown.insert(0, Span::styled("marked: ", th.dim()));
        parts.push(shown);
    }
    if board.bulls.iter().any(Option::is_some) {
        let b = th.bull_glyph();
        parts.push(vec![Span::styled(
            format!("{b}5S = bull of South with 5, {b}4N = bull of North"),
            th.dim(),
        )]);
    }
    let how = ad.how_to_pick();
    if p.cursor.is_some() {
        parts.push(vec![Span::styled(how.replace(" · ", th.sep()), th.dim())]);
    }
    let sep = th.sep();
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut used = 0usize;
    for part in parts {
        let w: usize = part.iter().map(|s| s.content.chars().count()).sum();
        let extra = if spans.is_empty() {
            0
        } else {
            sep.chars().count()
        };
        if used + extra + w > width as usize {
            continue;
        }
        if !spans.is_empty() {
            spans.push(Span::styled(sep, th.dim()));
        }
        used += extra + w;
        spans.extend(part);
    }
    Line::from(spans)
}

/// The move list in notation, one turn a line: "3. N 5 cw ccw".
pub fn move_lines(moves: &[MoveRec]) -> Vec<String> {
    numbered_moves(moves).into_iter().map(|(l, _)| l).collect()
}

/// The move list's lines broken to `width`: a long token (the special move's
/// `x2,3=0,0,...` on 2x12) goes on over indented lines, broken after a comma
/// or a space, instead of being cut at the box's edge.
pub fn fit_moves(lines: &[String], width: usize) -> Vec<String> {
    const INDENT: &str = "   ";
    let mut out = Vec::new();
    for line in lines {
        let mut rest: Vec<char> = line.chars().collect();
        let mut first = true;
        loop {
            let room = if first {
                width
            } else {
                width.saturating_sub(INDENT.len())
            };
            if room < 8 || rest.len() <= room {
                let text: String = rest.iter().collect();
                out.push(if first {
                    text
                } else {
                    format!("{INDENT}{text}")
                });
                break;
            }
            // Break after the last comma or space that fits, else at the edge.
            let cut = rest[..room]
                .iter()
                .rposition(|&c| c == ',' || c == ' ')
                .map_or(room, |i| i + 1);
            let head: String = rest[..cut]
                .iter()
                .collect::<String>()
                .trim_end()
                .to_string();
            out.push(if first {
                head
            } else {
                format!("{INDENT}{head}")
            });
            rest.drain(..cut);
            first = false;
        }
    }
    out
}

/// The move list's lines and, for each, the index of its last move.
pub fn numbered_moves(moves: &[MoveRec]) -> Vec<(String, usize)> {
    let mut lines: Vec<(String, usize)> = Vec::new();
    let mut last: Option<(u32, Side)> = None;
    for (i, m) in moves.iter().enumerate() {
        if last == Some((m.turn, m.side)) {
            if let Some((l, end)) = lines.last_mut() {
                l.push(' ');
                l.push_str(&m.token);
                *end = i;
            }
        } else {
            let s = match m.side {
                Side::South => "S",
                Side::North => "N",
            };
            lines.push((format!("{}. {s} {}", m.turn, m.token), i));
            last = Some((m.turn, m.side));
        }
    }
    lines
}

fn tail(lines: &[String], h: usize) -> Vec<Line<'static>> {
    let start = lines.len().saturating_sub(h);
    lines[start..]
        .iter()
        .map(|l| Line::from(l.clone()))
        .collect()
}

/// The status line: the replay's (`parts`) is made of parts, and those that
/// do not fit are left out whole, from the last, never cut in the middle.
pub fn status_line(chrome: &Chrome, parts: bool, width: u16) -> Line<'static> {
    let style = if chrome.status_error {
        chrome.theme.error()
    } else {
        ratatui::style::Style::default()
    };
    let text = if parts {
        fit_parts(chrome.status, " · ", width as usize)
    } else {
        chrome.status.to_string()
    };
    Line::styled(text, style)
}

/// The status line; a message longer than the line wraps onto the lines
/// above (the bottom border of the boxes there), so it is never cut.
pub fn render_status(chrome: &Chrome, r: Rect, buf: &mut Buffer) {
    let line = status_line(chrome, false, r.width);
    let rows = wrapped_rows(chrome.status, r.width as usize).min(usize::from(r.y) + 1);
    if rows <= 1 {
        line.render(r, buf);
        return;
    }
    let up = rows as u16 - 1;
    let all = Rect::new(r.x, r.y - up, r.width, rows as u16);
    Clear.render(all, buf);
    Paragraph::new(line)
        .wrap(Wrap { trim: true })
        .render(all, buf);
}

/// How many lines `text` takes wrapped at word boundaries to `width`.
pub fn wrapped_rows(text: &str, width: usize) -> usize {
    let width = width.max(1);
    let mut rows = 1;
    let mut used = 0;
    for word in text.split(' ') {
        let w = word.chars().count();
        let need = if used == 0 { w } else { used + 1 + w };
        if need <= width {
            used = need;
        } else {
            rows += 1 + (w.saturating_sub(1)) / width;
            used = if w % width == 0 { width } else { w % width };
        }
    }
    rows
}

/// `text`'s parts (split at `sep`) that fit `width`, from the first (the
/// first always; the next one shortened to its words before a bracket or
/// a comma when only that fits).
pub fn fit_parts(text: &str, sep: &str, width: usize) -> String {
    let mut out = String::new();
    for (i, part) in text.split(sep).enumerate() {
        let add = if i == 0 {
            part.to_string()
        } else {
            format!("{sep}{part}")
        };
        let room = width.saturating_sub(out.chars().count());
        if i > 0 && add.chars().count() > room {
            // Without its explanation in brackets, or only its first
            // clause, if that fits.
            let shorter = [add.split_once(" ("), add.split_once(", ")];
            if let Some(short) = shorter
                .into_iter()
                .flatten()
                .map(|(short, _)| short)
                .find(|short| short.chars().count() <= room)
            {
                out.push_str(short);
            }
            break;
        }
        out.push_str(&add);
    }
    out
}

/// The play screen's drawing: the model shown, in the game's chrome, with
/// the replay viewer's parts or the analysis panel when there are.
pub struct PlayView<'a> {
    pub shown: &'a Shown<'a>,
    pub chrome: &'a GameChrome<'a>,
    pub viewer: Option<&'a dyn ViewerParts>,
    /// The analysis panel, when shown: the analysis once worked out.
    pub analysis: Option<Option<&'a Analysis>>,
}

impl Widget for PlayView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (c, p, viewer) = (self.chrome, self.shown, self.viewer);
        let th = c.theme();
        let l = crate::app::adapter::adapter(p.game).layout(area);
        title_line(c, p, viewer).render(l.title, buf);
        draw_board(c, p, l.board, buf);
        let in_hand = match (p.frame, p.game.pending()) {
            (Some(f), _) => {
                let mover = p.moves.last().map(|m| m.side).unwrap_or(p.game.to_move());
                Some((mover, f.in_hand))
            }
            (None, Some(pd)) => Some((p.game.to_move(), pd.in_hand)),
            _ => None,
        };
        Paragraph::new(score_lines(c, p.game, &p.board, in_hand, l.scores.width))
            .render(l.scores, buf);
        prompt_line(c, p, l.prompt.width).render(l.prompt, buf);
        let mut l = l;
        if let Some(v) = viewer.filter(|_| l.log.height >= 8) {
            v.charts(Rect::new(l.log.x, l.log.y, l.log.width, 4), buf, &th);
            l.log = Rect::new(l.log.x, l.log.y + 4, l.log.width, l.log.height - 4);
        }
        let inner_h = l.log.height.saturating_sub(2) as usize;
        let wrap_w = l.log.width.saturating_sub(2) as usize;
        // Keep the newest lines; long ones wrap, so count their height.
        let mut shown_log: Vec<String> = Vec::new();
        let mut used = 0;
        // Lines the animation has not reached yet are not shown.
        for line in p.log.iter().rev().skip(p.log_hidden) {
            let h = line.chars().count().div_ceil(wrap_w.max(1)).max(1);
            if used + h > inner_h {
                break;
            }
            used += h;
            shown_log.insert(0, line.clone());
        }
        Paragraph::new(tail(&shown_log, inner_h))
            .wrap(Wrap { trim: true })
            .block(Block::default().borders(Borders::ALL).title(" Log "))
            .render(l.log, buf);
        match viewer {
            // Its own box's height: the charts shorten only the log's.
            Some(v) => v.moves(p.step, l.moves, buf, &th),
            None => Paragraph::new(tail(
                &fit_moves(
                    &move_lines(p.moves),
                    l.moves.width.saturating_sub(2) as usize,
                ),
                inner_h,
            ))
            .block(Block::default().borders(Borders::ALL).title(" Moves "))
            .render(l.moves, buf),
        }
        c.chrome.hints.clone().render(l.hints, buf);
        if viewer.is_none()
            && let Some(a) = self.analysis
        {
            analysis_panel(
                &th,
                p.game,
                a,
                Rect::new(area.x, l.log.y, area.width, l.log.height),
                buf,
            );
        }
        // Last: a long message wraps over the boxes' bottom border. The
        // viewer's parts (" · ") give way from the end; a first part too
        // long for the line wraps as any message does.
        let first = c.chrome.status.split(" · ").next().unwrap_or("");
        if viewer.is_some() && first.chars().count() <= usize::from(l.status.width) {
            status_line(c.chrome, true, l.status.width).render(l.status, buf);
        } else {
            render_status(c.chrome, l.status, buf);
        }
    }
}

/// The analysis panel at the right of `area` (the log's and the move list's
/// lines, under the board, which it never covers), at its bottom: every legal
/// decision of the side to move with its value, best first, as many as fit.
fn analysis_panel(
    th: &Theme,
    game: &AnyGame,
    shown: Option<&Analysis>,
    area: Rect,
    buf: &mut Buffer,
) {
    let bottom = area.bottom();
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut footer = " a hides ".to_string();
    if game.status().is_over() {
        lines.push(Line::from("The game is over"));
    } else if let Some(an) = shown {
        if an.values.is_empty() {
            lines.push(Line::from("No legal decision"));
        }
        for (k, (token, v)) in an.values.iter().enumerate() {
            let words = value_text(*v, adapter(game).units(), an.exact);
            let text = format!("{token:>5}  {words}");
            lines.push(if k == 0 {
                Line::styled(format!("{text} (best)"), th.key())
            } else {
                Line::from(text)
            });
        }
        footer = format!(" depth {}{}a hides ", an.depth, th.sep());
    } else {
        lines.push(Line::from("Thinking..."));
    }
    // Room for "    8  loss -48 in 16 turns (best)".
    let w = 38.min(area.width / 2);
    let room = area.height;
    // More decisions than lines: the panel takes the whole width under the
    // board (the log's and the move list's place) in columns.
    if shown.is_some() && lines.len() + 2 > usize::from(room) && room >= 3 {
        let title = format!(" Analysis{}{} to move ", th.sep(), game.to_move().title());
        wide_panel(lines, area, title, footer, buf);
        return;
    }
    let h = (lines.len() as u16 + 2).min(room);
    if h < 3 {
        // No line for it under the board: said on the log's top border.
        let note = format!(" Analysis: too few lines here{}a hides ", th.sep());
        let n = (note.chars().count() as u16).min(area.width);
        if area.height > 0 {
            Paragraph::new(Line::styled(note, th.key()))
                .render(Rect::new(area.right() - n, area.y, n, 1), buf);
        }
        return;
    }
    let inner = (h - 2) as usize;
    if lines.len() > inner {
        let more = lines.len() - inner + 1;
        lines.truncate(inner - 1);
        lines.push(Line::from(format!("  ... {more} more")));
    }
    let r = Rect::new(area.right() - w, bottom - h, w, h);
    let title = format!(" Analysis{}{} to move ", th.sep(), game.to_move().title());
    Clear.render(r, buf);
    Paragraph::new(lines)
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(title)
                .title_bottom(Line::from(footer)),
        )
        .render(r, buf);
}

/// The analysis's decisions in columns over all of `area` (top to bottom,
/// then the next column), "... N more" in the last place when they do not
/// all fit.
fn wide_panel(
    mut lines: Vec<Line<'static>>,
    area: Rect,
    title: String,
    footer: String,
    buf: &mut Buffer,
) {
    // The best is first and highlighted: the title says so, and its
    // column is no wider than the others.
    if let Some(span) = lines.first_mut().and_then(|l| l.spans.first_mut())
        && let Some(short) = span.content.strip_suffix(" (best)")
    {
        span.content = short.to_string().into();
    }
    let title = format!("{}· best first ", title);
    let rows = usize::from(area.height - 2);
    let inner_w = usize::from(area.width.saturating_sub(2));
    let col_w = lines.iter().map(Line::width).max().unwrap_or(1) + 2;
    let cols = (inner_w / col_w).max(1);
    let room = rows * cols;
    if lines.len() > room {
        let more = lines.len() - room + 1;
        lines.truncate(room - 1);
        lines.push(Line::from(format!("  ... {more} more")));
    }
    let mut out: Vec<Line<'static>> = vec![Line::default(); rows.min(lines.len())];
    for (k, line) in lines.into_iter().enumerate() {
        let row = &mut out[k % rows];
        let pad = col_w.saturating_sub(line.width());
        row.spans.extend(line.spans.into_iter().map(|mut s| {
            s.style = s.style.patch(line.style);
            s
        }));
        if k / rows + 1 < cols {
            row.spans.push(Span::raw(" ".repeat(pad)));
        }
    }
    Clear.render(area, buf);
    Paragraph::new(out)
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(title)
                .title_bottom(Line::from(footer)),
        )
        .render(area, buf);
}

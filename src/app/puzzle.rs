//! The puzzles (`learn --puzzles`): their list by grade with the solved ones
//! marked, then one puzzle at a time on the lesson screen's machinery (its
//! board, animation, keys and progress), judged on the turn's first decision
//! against the puzzle's proven values. q/Esc goes back from a puzzle to the
//! list, and from the list out.

use super::event::AppEvent;
use super::lesson::{LessonScreen, Outcome, Phase};
use super::view::theme::Theme;
use crate::engine::GameKind;
use crate::keys::Action;
use crate::learn::puzzles::{self, GRADES, Puzzle, grade_name, number};
use crate::learn::{Lesson, Verdict};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use std::path::PathBuf;
use std::sync::mpsc::Sender;
use std::time::Instant;

/// The puzzles of a lesson screen opened for puzzles.
pub struct Puzzles {
    /// In the lesson screen's order (its `lessons` are these puzzles).
    pub list: Vec<Puzzle>,
    /// The list is shown (not a puzzle).
    pub listing: bool,
    /// The puzzle selected in the list.
    pub selected: usize,
}

/// The lesson screen for the puzzles of `kind` (all three games: `None`), on
/// the list, at the first one not solved; progress read from (and saved to)
/// `progress_path` (the puzzles' own file, `puzzles.json`).
pub fn open(
    kind: Option<GameKind>,
    progress_path: Option<PathBuf>,
    theme: Theme,
    speed_ms: u64,
    tx: Sender<AppEvent>,
    now: Instant,
) -> LessonScreen {
    let list = match kind {
        Some(k) => puzzles::of(k),
        None => puzzles::all(),
    };
    let lessons = list.iter().map(lesson_of).collect();
    let mut s = LessonScreen::with_lessons(lessons, progress_path, theme, speed_ms, tx, now);
    let selected = list
        .iter()
        .position(|p| !s.progress.is_done(&p.id))
        .unwrap_or(0);
    s.puzzles = Some(Puzzles {
        list,
        listing: true,
        selected,
    });
    s
}

/// A puzzle as a lesson: its position, task, hint and solution.
fn lesson_of(p: &Puzzle) -> Lesson {
    let (hint, text) = (puzzles::hint(p), puzzles::origin(p));
    // A puzzle is about the end of the game: the rules' section on it.
    let section = match p.kind() {
        GameKind::Enkeshui => "The end of the game and the score",
        GameKind::EnGehe | GameKind::BaoLaKimasai => "End of the game",
    };
    let mut l: Lesson = serde_json::from_value(serde_json::json!({
        "id": p.id,
        "title": format!("grade {} ({})", p.grade, grade_name(p.grade)),
        "section": section,
        "text": [text],
        "position": p.position,
        "task": p.task(),
        "goal": {"kind": "win"},
        "hint": hint,
        "solution": [p.solution],
        "success": "",
        "wrong": "",
    }))
    .expect("a puzzle makes a lesson");
    l.game = Some(p.kind());
    l
}

/// Puzzles a row of the list holds.
const PER_ROW: usize = 10;

impl Puzzles {
    /// The list's grid: each game's grades in order, each grade's puzzles
    /// in rows of ten (indices into `list`).
    fn rows(&self) -> Vec<Vec<usize>> {
        let mut rows = Vec::new();
        for kind in GameKind::ALL {
            for g in 1..=GRADES.len() as u32 {
                let cells: Vec<usize> = (0..self.list.len())
                    .filter(|&i| self.list[i].kind() == kind && self.list[i].grade == g)
                    .collect();
                rows.extend(cells.chunks(PER_ROW).map(<[usize]>::to_vec));
            }
        }
        rows
    }

    /// The verdict on a turn of puzzle `index` (its first decision counts).
    pub fn verdict(&self, index: usize, tokens: &[String]) -> Verdict {
        let first = tokens.first().map_or("", String::as_str);
        let (solved, what) = self.list[index].verdict(first);
        Verdict { solved, what }
    }

    /// The title line of puzzle `index`.
    pub fn title(&self, index: usize, done: &str) -> String {
        let p = &self.list[index];
        format!(
            "{} puzzle {}, grade {} ({}){done}",
            p.kind().title(),
            number(p),
            p.grade,
            grade_name(p.grade)
        )
    }

    /// The task and what happened, under the puzzle's text.
    pub fn task_lines(&self, s: &LessonScreen) -> Vec<Line<'static>> {
        let th = &s.theme;
        let l = s.lesson();
        let mut out = vec![Line::from(vec![
            Span::styled("Task: ", th.title()),
            Span::raw(l.task.clone()),
        ])];
        match &s.phase {
            Phase::Answer(v) if v.solved => {
                out.push(Line::from(vec![
                    Span::styled("Solved! ", th.title()),
                    Span::raw(v.what.clone()),
                ]));
                out.push(Line::styled(
                    "Enter or q: back to the list, n: the next puzzle",
                    th.dim(),
                ));
            }
            Phase::Answer(v) => {
                out.push(Line::from(vec![
                    Span::styled("Not this time. ", th.error()),
                    Span::raw(v.what.clone()),
                ]));
                out.push(Line::styled(
                    "Enter or u: try again, i: a hint, q: back to the list",
                    th.dim(),
                ));
            }
            _ => {
                if let Some(line) = s.play_line() {
                    out.push(Line::raw(line));
                }
            }
        }
        s.push_help_lines(&mut out);
        out
    }
}

/// The puzzles' keys before the lesson screen's: the list's, and q/Esc or
/// Enter after a solved puzzle back to the list. `None`: the lesson screen's.
pub fn key(s: &mut LessonScreen, action: Action, now: Instant) -> Option<Outcome> {
    let solved = matches!(&s.phase, Phase::Answer(v) if v.solved);
    let index = s.index;
    let done: Vec<bool> = {
        let p = s.puzzles.as_ref()?;
        p.list.iter().map(|x| s.progress.is_done(&x.id)).collect()
    };
    let p = s.puzzles.as_mut()?;
    let n = p.list.len();
    if p.listing {
        let rows = p.rows();
        let order: Vec<usize> = rows.iter().flatten().copied().collect();
        let at = order.iter().position(|&i| i == p.selected).unwrap_or(0);
        // Where the selected puzzle is in the grid: its row and column.
        let (row, col) = rows
            .iter()
            .enumerate()
            .find_map(|(r, cells)| cells.iter().position(|&i| i == p.selected).map(|c| (r, c)))
            .unwrap_or((0, 0));
        let in_row = |r: usize| rows[r][col.min(rows[r].len() - 1)];
        match action {
            Action::Quit | Action::Back => return Some(Outcome::Close),
            Action::Left => p.selected = order[(at + n - 1) % n],
            Action::Right => p.selected = order[(at + 1) % n],
            Action::Up => p.selected = in_row((row + rows.len() - 1) % rows.len()),
            Action::Down => p.selected = in_row((row + 1) % rows.len()),
            // The next puzzle not solved, after the selected one.
            Action::NextGame => {
                if let Some(k) = (1..=n).map(|k| order[(at + k) % n]).find(|&k| !done[k]) {
                    p.selected = k;
                }
            }
            Action::Play => {
                p.listing = false;
                let i = p.selected;
                s.open(i, now);
            }
            _ => return Some(Outcome::Ignored),
        }
        return Some(Outcome::Redraw);
    }
    match action {
        Action::Quit | Action::Back => {
            p.listing = true;
            p.selected = index;
        }
        Action::Play if solved => {
            p.listing = true;
            // The next one not solved, after this one.
            p.selected = (1..=n)
                .map(|k| (index + k) % n)
                .find(|&k| !done[k])
                .unwrap_or(index);
        }
        _ => return None,
    }
    Some(Outcome::Redraw)
}

/// The list: each game's puzzles by grade, solved ones marked `x`, the
/// selected one in brackets.
pub struct ListView<'a>(pub &'a LessonScreen, pub &'a Puzzles);

impl Widget for ListView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (s, p) = (self.0, self.1);
        let th = s.theme;
        let solved = p.list.iter().filter(|x| s.progress.is_done(&x.id)).count();
        let mut lines = vec![Line::styled(
            format!(
                "Puzzles from real games: {solved} of {} solved (x)",
                p.list.len()
            ),
            th.title(),
        )];
        let about = "Positions from games the AI played against itself where one decision alone keeps the best result, proven to the end of the game. Graded by the length of that proof in turns.";
        lines.extend(crate::app::markdown::render(about, area.width, &th));
        // The first line of the selected puzzle's game, and its own row.
        let (mut game_at, mut selected_at) = (0, 0);
        for kind in GameKind::ALL {
            if !p.list.iter().any(|x| x.kind() == kind) {
                continue;
            }
            lines.push(Line::raw(""));
            let kind_at = lines.len();
            lines.push(Line::styled(kind.title().to_string(), th.title()));
            for g in 1..=GRADES.len() as u32 {
                let cells: Vec<usize> = (0..p.list.len())
                    .filter(|&i| p.list[i].kind() == kind && p.list[i].grade == g)
                    .collect();
                let label = format!("  grade {g} ({}):", grade_name(g));
                // The rows of a grade under each other, below its first cell.
                let indent = " ".repeat(Span::raw(label.as_str()).width());
                for (r, row) in cells.chunks(PER_ROW).enumerate() {
                    let head = if r == 0 {
                        label.clone()
                    } else {
                        indent.clone()
                    };
                    let mut spans = vec![Span::raw(head)];
                    for &i in row {
                        let x = &p.list[i];
                        let mark = if s.progress.is_done(&x.id) { "x" } else { " " };
                        let cell = format!("{}{mark}", number(x));
                        spans.push(if i == p.selected {
                            (game_at, selected_at) = (kind_at, lines.len());
                            Span::styled(
                                format!("[{cell}]"),
                                th.title().add_modifier(Modifier::REVERSED),
                            )
                        } else {
                            Span::raw(format!(" {cell} "))
                        });
                    }
                    lines.push(Line::from(spans));
                }
            }
        }
        // Under the list, always in view: the selected puzzle, a message.
        let mut foot = Vec::new();
        if let Some(x) = p.list.get(p.selected) {
            let done = if s.progress.is_done(&x.id) {
                ", solved"
            } else {
                ""
            };
            foot.push(Line::raw(format!(
                "Selected: {} puzzle {}, grade {} ({}){done}.",
                x.kind().title(),
                number(x),
                x.grade,
                grade_name(x.grade)
            )));
        }
        if !s.message.is_empty() {
            foot.push(Line::styled(s.message.clone(), th.error()));
        }
        let foot_h = u16::try_from(foot.len()).unwrap_or(0);
        let body_h = area.height.saturating_sub(2 + foot_h);
        let body = Rect::new(area.x, area.y, area.width, body_h);
        // Taller than the screen: the selected puzzle's game from its title
        // when it fits, else its row at the bottom.
        let h = usize::from(body.height).max(1);
        let scroll = if selected_at < h {
            0
        } else if selected_at - game_at < h {
            game_at
        } else {
            selected_at + 1 - h
        };
        Paragraph::new(foot).wrap(Wrap { trim: false }).render(
            Rect::new(area.x, area.y + body_h + 1, area.width, foot_h),
            buf,
        );
        Paragraph::new(lines)
            .scroll((u16::try_from(scroll).unwrap_or(u16::MAX), 0))
            .render(body, buf);
        let keys = "←→↑↓: choose  Enter: play  q/Esc: leave  n: next not solved";
        buf.set_string(
            area.x,
            area.bottom().saturating_sub(1),
            keys,
            Style::default().patch(th.dim()),
        );
    }
}

//! The help's text: every key binding in effect, then the rules (their
//! Markdown rendered and reflowed), for a given width. The help overlay
//! scrolls it (never past its end) and the view draws it.

use crate::app::markdown;
use crate::app::theme::Theme;
use crate::keys::{BINDINGS, Ctx, Keymap};
use crate::rules_text::RULES;
use ratatui::text::{Line, Span};
use std::rc::Rc;

/// What the help's text depends on.
pub struct HelpFacts {
    pub theme: Theme,
    /// The lessons are open: their keys are listed.
    pub lessons: bool,
    /// The title of the game on screen: only its rules (None: every game's).
    pub game: Option<&'static str>,
    /// What the game counts, for the review's thresholds: "seeds" or "cows".
    pub units: &'static str,
    /// The key bindings in effect.
    pub keys: Rc<Keymap>,
}

/// Widest key column before the text (longer labels push their text on).
const KEY_COLUMN: usize = 12;

/// The help text's lines for `width` columns (the inside of the box).
pub fn help_lines(facts: &HelpFacts, width: u16) -> Vec<Line<'static>> {
    lines_and_sections(facts, width).0
}

/// Where the help opens from a screen of `ctx`: scrolled the least that
/// shows that screen's keys whole (at the bottom of the box, what comes
/// before above them), or, when they are taller than the box, with their
/// title on the first line.
pub fn opening_scroll(facts: &HelpFacts, size: (u16, u16), ctx: Ctx) -> u16 {
    let (w, h) = inner(size);
    let (_, sections) = lines_and_sections(facts, w);
    let Some(&(_, start, end)) = sections.iter().find(|s| s.0 == ctx) else {
        return 0;
    };
    let h = usize::from(h);
    let scroll = if end - start > h {
        start
    } else {
        end.saturating_sub(h)
    };
    u16::try_from(scroll)
        .unwrap_or(u16::MAX)
        .min(max_scroll(facts, size))
}

/// The help's lines, and each screen's keys as (its context, first line,
/// end line).
fn lines_and_sections(
    facts: &HelpFacts,
    width: u16,
) -> (Vec<Line<'static>>, Vec<(Ctx, usize, usize)>) {
    let th = &facts.theme;
    let mut sections: Vec<(Ctx, usize, usize)> = Vec::new();
    let map = &facts.keys;
    let width = usize::from(width.max(20));
    let mut lines = vec![Line::styled("Keys", th.title())];
    let mut ctx: Option<Ctx> = None;
    // The lessons' keys only while the lessons are open (they have their own screen).
    let lessons = facts.lessons;
    // The mouse plays: its line ends the keys of the play screen.
    let mouse = |lines: &mut Vec<Line<'static>>| {
        lines.push(Line::from(vec![
            Span::styled(format!("   {:<KEY_COLUMN$}", "mouse"), th.key()),
            Span::raw("click a hole of your row to sow it"),
        ]));
    };
    for (i, b) in BINDINGS
        .iter()
        .enumerate()
        .filter(|(_, b)| lessons || b.ctx != Ctx::Lesson)
    {
        if ctx != Some(b.ctx) {
            if ctx == Some(Ctx::Play) {
                mouse(&mut lines);
            }
            ctx = Some(b.ctx);
            if let Some(last) = sections.last_mut() {
                last.2 = lines.len();
            }
            sections.push((b.ctx, lines.len(), lines.len()));
            lines.push(Line::styled(format!(" {}", b.ctx.title()), th.label()));
        }
        let label = map.label(i);
        let column = KEY_COLUMN.max(Span::raw(label.as_str()).width() + 1);
        // The text wrapped beside the keys, its lines under each other.
        let mut first = true;
        let mut text = String::new();
        let room = width.saturating_sub(3 + column).max(10);
        let flush = |text: &mut String, first: &mut bool, lines: &mut Vec<Line<'static>>| {
            let keys = if *first { label.clone() } else { String::new() };
            lines.push(Line::from(vec![
                Span::styled(format!("   {keys:<column$}"), th.key()),
                Span::raw(std::mem::take(text)),
            ]));
            *first = false;
        };
        for word in b.help.split(' ') {
            if !text.is_empty()
                && Span::raw(text.as_str()).width() + 1 + Span::raw(word).width() > room
            {
                flush(&mut text, &mut first, &mut lines);
            }
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(word);
        }
        flush(&mut text, &mut first, &mut lines);
    }
    if let Some(last) = sections.last_mut() {
        last.2 = lines.len();
    }
    // A game on screen: its rules only; at the menu: every game's.
    let current = facts.game;
    for (title, text) in RULES
        .iter()
        .filter(|(t, _)| current.is_none_or(|c| c == *t))
    {
        lines.push(Line::from(""));
        lines.push(Line::styled(format!("Rules of {title}"), th.title()));
        // The file's own title repeats the game's name.
        let body = text.trim_start();
        let body = match body.strip_prefix("# ") {
            Some(rest) => rest.split_once('\n').map_or("", |(_, b)| b),
            None => body,
        };
        lines.extend(markdown::render(body, width as u16, th));
    }
    // The review's marks, with the thresholds `crate::review` judges by.
    let unit = facts.units;
    lines.push(Line::from(""));
    lines.push(Line::styled(
        "Game review (v in the replay viewer)",
        th.title(),
    ));
    lines.push(Line::from(
        "Move list signs: ?? blunder, ? mistake, ! the only good move.",
    ));
    lines.push(Line::from(format!(
        "~ gives up: keeps a forced win (or a lost game lost) for fewer {unit}."
    )));
    lines.push(Line::from(
        "?! the game turned here: the value fell most, unseen by the search.",
    ));
    let marks = crate::review::marks_help(unit).replace('\n', " ");
    lines.extend(markdown::render(&marks, width as u16, th));
    (lines, sections)
}

/// The size of the help box's inside for a screen of `size`.
pub fn inner(size: (u16, u16)) -> (u16, u16) {
    (size.0.saturating_sub(2), size.1.saturating_sub(3))
}

/// The last scroll offset: the help's last line at the bottom of the box,
/// never an empty box past it.
pub fn max_scroll(facts: &HelpFacts, size: (u16, u16)) -> u16 {
    let (w, h) = inner(size);
    let n = help_lines(facts, w).len();
    u16::try_from(n.saturating_sub(usize::from(h))).unwrap_or(u16::MAX)
}

//! The key-hint bar, from the one list of bindings, fitted to a width.

use super::theme::Theme;
use crate::keys::{Action, Bar, Ctx, Hint, Keymap};
use ratatui::text::{Line, Span};

/// The keys a key bar keeps longest when narrow: quitting, the help, what
/// starts or plays, the saved games, the answers, and the race keys.
const ESSENTIAL: &[Action] = &[
    Action::Help,
    Action::Quit,
    Action::QuitNow,
    Action::Start,
    Action::Play,
    Action::OpenSaves,
    Action::Yes,
    Action::No,
    Action::Back,
    Action::Cancel,
    Action::SouthRace,
    Action::NorthRace,
];

/// The key-hint bar from the one list of bindings, fitted to `width`: two
/// spaces between entries, one when tight, and then the last entries that
/// are not essential left out, before the essential ones (the help lists
/// them all).
/// By the default bindings (`hint_line_in`: by those in effect).
pub fn hint_line(ctx: Ctx, rows: bool, width: u16, theme: &Theme) -> Line<'static> {
    hint_line_in(&Keymap::default(), ctx, rows, width, theme)
}

/// The key-hint bar by the bindings `map`.
pub fn hint_line_in(
    map: &Keymap,
    ctx: Ctx,
    rows: bool,
    width: u16,
    theme: &Theme,
) -> Line<'static> {
    hint_bar(map, &Bar::of(ctx, rows), width, theme)
}

/// The key bar `bar` says (what acts on the screen now), fitted to `width`.
pub fn hint_bar(map: &Keymap, bar: &Bar<'_>, width: u16, theme: &Theme) -> Line<'static> {
    let ctx = bar.ctx;
    let mut items = map.bar(bar);
    let len = |items: &[Hint], sep: usize| -> usize {
        let words: usize = items
            .iter()
            .map(|h| h.keys.chars().count() + 1 + h.word.chars().count())
            .sum();
        words + sep * items.len().saturating_sub(1)
    };
    let width = width as usize;
    let sep = if len(&items, 2) <= width { 2 } else { 1 };
    // Too long: the last entries that are not essential go first (never
    // `? help`, last), then the essential ones from the end.
    while len(&items, sep) > width && items.len() > 1 {
        let last = items.len() - 1;
        let keep_last = ctx != Ctx::Help && last > 0;
        let candidates = if keep_last { 0..last } else { 0..last + 1 };
        let drop = candidates
            .clone()
            .rev()
            .find(|&i| !ESSENTIAL.contains(&items[i].action))
            .unwrap_or(candidates.end - 1);
        items.remove(drop);
    }
    let mut spans = Vec::new();
    for (i, h) in items.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" ".repeat(sep)));
        }
        spans.push(Span::styled(h.keys, theme.key()));
        spans.push(Span::raw(format!(" {}", h.word)));
    }
    Line::from(spans)
}

//! The key-hint bar, from the one list of bindings, fitted to a width.

use super::theme::Theme;
use crate::keys::{Action, Ctx, Keymap};
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
    hint_line_without(map, ctx, rows, width, theme, &[])
}

/// The key-hint bar without the entries whose words are in `hide` (keys that
/// do nothing in this game now).
pub fn hint_line_without(
    map: &Keymap,
    ctx: Ctx,
    rows: bool,
    width: u16,
    theme: &Theme,
    hide: &[&str],
) -> Line<'static> {
    let mut items = map.hints(ctx, rows);
    items.retain(|(_, word)| !hide.contains(word));
    let len = |items: &[(String, &str)], sep: usize| -> usize {
        let words: usize = items
            .iter()
            .map(|(k, w)| k.chars().count() + 1 + w.chars().count())
            .sum();
        words + sep * items.len().saturating_sub(1)
    };
    let width = width as usize;
    let sep = if len(&items, 2) <= width { 2 } else { 1 };
    // Too long: the last entries that are not essential go first (never
    // `? help`, last), then the essential ones from the end.
    let essential = |word: &str| {
        crate::keys::BINDINGS
            .iter()
            .find(|b| (b.ctx == ctx || b.ctx == Ctx::Global) && b.hint == word)
            .is_some_and(|b| ESSENTIAL.contains(&b.action))
    };
    while len(&items, sep) > width && items.len() > 1 {
        let last = items.len() - 1;
        let keep_last = ctx != Ctx::Help && last > 0;
        let candidates = if keep_last { 0..last } else { 0..last + 1 };
        let drop = candidates
            .clone()
            .rev()
            .find(|&i| !essential(items[i].1))
            .unwrap_or(candidates.end - 1);
        items.remove(drop);
    }
    let mut spans = Vec::new();
    for (i, (keys, word)) in items.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" ".repeat(sep)));
        }
        spans.push(Span::styled(keys, theme.key()));
        spans.push(Span::raw(format!(" {word}")));
    }
    Line::from(spans)
}

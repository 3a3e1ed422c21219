//! One view per screen, each an `impl Widget`, plus the board widgets.

pub mod bao;
pub mod board;
pub mod help;
pub mod menu;
pub mod play;
// The colours are the app's (the state keeps the theme chosen).
pub(crate) use super::theme;

use super::anim::{BoardState, Marks};
use super::keys::{self, Ctx};
use super::state::{App, Screen};
use board::{HoleView, Row, RowView, TwoRowModel};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use theme::Theme;

use crate::engine::Side;

/// The two-row view model of an Enkeshui board: `bottom` sits at the bottom.
pub fn two_row_model(
    b: &BoardState,
    marks: &Marks,
    bottom: Side,
    cursor: Option<(Side, usize)>,
) -> TwoRowModel {
    let row = |side: Side| RowView {
        side,
        holes: (1..=b.n)
            .map(|h| {
                let i = b.index(side, h);
                let mark = marks.of(i);
                HoleView {
                    count: b.counts[i],
                    bull: b.bulls[i],
                    closed: b.closed[i],
                    mark,
                }
            })
            .collect(),
    };
    let cursor = cursor.map(|(side, h)| {
        (
            if side == bottom {
                Row::Bottom
            } else {
                Row::Top
            },
            h,
        )
    });
    TwoRowModel {
        top: row(bottom.other()),
        bottom: row(bottom),
        cursor,
    }
}

/// The Bao view model of a board (Bao's `BoardState`: loops of 16, reserves in `captured`).
pub fn bao_model(
    b: &BoardState,
    marks: &Marks,
    phase: u8,
    turn: u32,
    to_move: Side,
    cursor: Option<(Side, bao::BaoRow, usize)>,
) -> bao::BaoModel {
    let hole = |i: usize| HoleView {
        count: b.counts[i],
        bull: None,
        closed: false,
        mark: marks.of(i),
    };
    let half = |side: Side| bao::BaoSide {
        inner: std::array::from_fn(|k| hole(b.index(side, k + 1))),
        outer: std::array::from_fn(|k| hole(b.index(side, k + 9))),
        reserve: b.captured[side],
    };
    bao::BaoModel {
        south: half(Side::South),
        north: half(Side::North),
        phase,
        turn,
        to_move,
        cursor,
    }
}

/// The whole screen of the app.
pub struct AppView<'a>(pub &'a App);

impl Widget for AppView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.0;
        let need = needed_size(app);
        if area.width < need.0 || area.height < need.1 {
            TooSmall {
                need,
                wider: wider_size(app, need),
                theme: app.theme(),
            }
            .render(area, buf);
            return;
        }
        match app.screen() {
            _ if app.lessons().is_some() => {
                if let Some(l) = app.lessons() {
                    crate::app::lesson::LessonView(l).render(area, buf);
                }
            }
            Screen::Menu => menu::MenuView(app).render(area, buf),
            Screen::Race => play::RaceView(app).render(area, buf),
            Screen::Play | Screen::Replay => {
                play::PlayView(app).render(area, buf);
                if let (Some(b), Some(live)) = (app.browsing(), app.play()) {
                    b.render(area, buf, &app.theme(), live, app.status_error());
                }
            }
            Screen::Over => play::OverView(app).render(area, buf),
        }
        if let Some(l) = &app.loading() {
            LoadingView {
                lines: l.lines(),
                theme: app.theme(),
            }
            .render(area, buf);
        }
        if app.help_scroll().is_some() {
            help::HelpView(app).render(area, buf);
        }
        if app.confirming_quit() {
            crate::app::screen::overlay::ConfirmView { theme: app.theme() }.render(area, buf);
        }
        if let Some(u) = app.in_use() {
            let (lines, keys) = u.question();
            crate::app::screen::overlay::QuestionView {
                title: " Open in another window ",
                lines,
                keys,
                theme: app.theme(),
            }
            .render(area, buf);
        }
        if let Some((title, lines)) = app.notice() {
            crate::app::screen::overlay::NoticeView {
                title,
                lines,
                theme: app.theme(),
            }
            .render(area, buf);
        }
        if app.theme().ascii {
            asciify(area, buf);
        }
    }
}

/// `--ascii`: whatever a widget drew (borders, arrows, bars, accents), the
/// terminal gets plain ASCII.
pub fn asciify(area: Rect, buf: &mut Buffer) {
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &mut buf[(x, y)];
            let sym = cell.symbol();
            if sym.is_ascii() {
                continue;
            }
            let plain = match sym.chars().next().unwrap_or(' ') {
                '─' | '━' | '═' | '╌' => "-",
                '│' | '┃' | '║' | '╎' => "|",
                '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' | '╭' | '╮' | '╰' | '╯'
                | '╔' | '╗' | '╚' | '╝' => "+",
                '←' => "<",
                '→' => ">",
                '↑' => "^",
                '↓' => "v",
                '·' | '•' => ".",
                '▁' | '▂' | '▃' => "_",
                '▄' | '▅' | '▆' => "=",
                '▇' | '█' | '░' | '▒' | '▓' => "#",
                '◆' => "*",
                'é' | 'è' | 'ê' => "e",
                '…' => ".",
                _ => "?",
            };
            cell.set_symbol(plain);
        }
    }
}

/// The smallest size the current screen can be drawn in.
pub fn needed_size(app: &App) -> (u16, u16) {
    app.needed_size()
}

/// Long rows fold into fewer bands on a wider terminal: the first common
/// width that needs fewer lines than `need` (2x50 fits 80x24, not 60x20).
pub fn wider_size(app: &App, need: (u16, u16)) -> Option<(u16, u16)> {
    crate::app::adapter::adapter(app.play()?.game()).wider_size(need)
}

/// A record or the saved games being read: what, how far, how to stop.
pub struct LoadingView {
    pub lines: Vec<String>,
    pub theme: Theme,
}

impl Widget for LoadingView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        use ratatui::widgets::{Block, Borders, Clear};
        let longest = self.lines.iter().map(|l| l.chars().count()).max();
        let w = (longest.unwrap_or(0) as u16 + 4).min(area.width);
        let h = (self.lines.len() as u16 + 2).min(area.height);
        let r = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        Clear.render(r, buf);
        let mut lines: Vec<Line> = self.lines.into_iter().map(Line::from).collect();
        if let Some(last) = lines.last_mut() {
            *last = last.clone().style(self.theme.key());
        }
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(" Loading "))
            .render(r, buf);
    }
}

/// Shown instead of everything when the terminal is too small.
pub struct TooSmall {
    pub need: (u16, u16),
    /// A wider size that needs fewer lines, when there is one.
    pub wider: Option<(u16, u16)>,
    pub theme: Theme,
}

impl Widget for TooSmall {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = vec![
            Line::styled(
                match self.wider {
                    Some((w, h)) => format!(
                        "terminal too small: need {}x{} (or {w}x{h})",
                        self.need.0, self.need.1
                    ),
                    None => format!("terminal too small: need {}x{}", self.need.0, self.need.1),
                },
                self.theme.error(),
            ),
            Line::from(format!("now {}x{}", area.width, area.height)),
            Line::from("enlarge the window, or press q to quit"),
        ];
        Paragraph::new(lines)
            .wrap(ratatui::widgets::Wrap { trim: true })
            .render(area, buf);
    }
}

/// The key-hint bar of the app's screen now.
pub fn app_hints(app: &App, width: u16) -> Line<'static> {
    let ad = app.play().map(|p| crate::app::adapter::adapter(p.game()));
    let rows = ad.as_ref().is_some_and(|a| a.picks_rows());
    // `x` is shown only when the special move can be made now.
    let special = ad.as_ref().is_some_and(|a| a.special_allowed());
    let mut hide = vec![];
    if !special {
        hide.push("special");
    }
    // Only the keys of the people racing: an AI racer has none.
    if let Some(r) = app.race() {
        for side in Side::BOTH {
            if r.ai(side).is_some() {
                hide.push(side.title());
            }
        }
    }
    hint_line_without(app.ctx(), rows, width, &app.theme(), &hide)
}

/// The keys a key bar keeps longest when narrow: quitting, the help, what
/// starts or plays, the saved games, the answers, and the race keys.
const ESSENTIAL: &[keys::Action] = &[
    keys::Action::Help,
    keys::Action::Quit,
    keys::Action::QuitNow,
    keys::Action::Start,
    keys::Action::Play,
    keys::Action::OpenSaves,
    keys::Action::Yes,
    keys::Action::No,
    keys::Action::Back,
    keys::Action::Cancel,
    keys::Action::SouthRace,
    keys::Action::NorthRace,
];

/// The key-hint bar from the one list of bindings, fitted to `width`: two
/// spaces between entries, one when tight, and then the last entries that
/// are not essential left out, before the essential ones (the help lists
/// them all).
pub fn hint_line(ctx: Ctx, rows: bool, width: u16, theme: &Theme) -> Line<'static> {
    hint_line_without(ctx, rows, width, theme, &[])
}

/// The key-hint bar without the entries whose words are in `hide` (keys that
/// do nothing in this game now).
pub fn hint_line_without(
    ctx: Ctx,
    rows: bool,
    width: u16,
    theme: &Theme,
    hide: &[&str],
) -> Line<'static> {
    let mut items = keys::hints(ctx, rows);
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
        keys::BINDINGS
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

/// Any game's board: its view model (from the game's adapter) drawn in the theme.
pub struct GameBoard<'a> {
    pub model: &'a crate::app::adapter::BoardModel,
    pub theme: Theme,
}

impl Widget for GameBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        use crate::app::adapter::BoardModel;
        match self.model {
            BoardModel::TwoRows(model) => board::TwoRowBoard {
                model,
                theme: self.theme,
            }
            .render(area, buf),
            BoardModel::Bao(model) => bao::BaoBoard {
                model,
                theme: self.theme,
            }
            .render(area, buf),
        }
    }
}

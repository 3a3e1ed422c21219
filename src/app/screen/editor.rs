//! The board editor: a position set up hole by hole (`e` in the start
//! menu, `E` over a game, an earlier position or the replay viewer), then
//! played with the menu's seats. What it holds is the position's one line
//! (`draft.rs`): the editor accepts what `--position LINE` accepts and
//! says what is wrong in the same words.

pub mod draft;

use self::draft::{Cell, Draft, MOST, Mark, Spot};
use super::{Around, Env, Key, Screen, Transition};
use crate::engine::{AnyGame, GameKind, Side};
use crate::keys::{Action, Ctx};
use crate::session::setup::{Setup, Teams};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

/// The counts under the board: captured (Bao: reserve) for each side, who
/// moves, the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Held(Side),
    ToMove,
    Turn,
}

const FIELDS: [Field; 4] = [
    Field::Held(Side::South),
    Field::Held(Side::North),
    Field::ToMove,
    Field::Turn,
];

/// Where the cursor is: a hole (drawn row, column) or a count under the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum At {
    Hole { row: usize, col: usize },
    Field(usize),
}

/// Holes a drawn band holds at most: 18 fit 80 columns (as `text.rs` folds En Gehé).
const BAND: usize = 18;

#[derive(Debug)]
pub struct Editor {
    draft: Draft,
    at: At,
    /// The number being typed into the cursor's hole or count, if the last
    /// key was a digit there.
    typing: Option<u32>,
}

impl Editor {
    /// An editor holding `game`'s position, the cursor on the mover's first hole.
    pub fn of(game: &AnyGame) -> Editor {
        let draft = Draft::of(game);
        // South's first hole (Bao: his inner row's).
        let row = if draft.kind == GameKind::BaoLaKimasai {
            2
        } else {
            1
        };
        Editor {
            draft,
            at: At::Hole { row, col: 0 },
            typing: None,
        }
    }

    /// The position's line as it stands (the checked position's own when it
    /// is one).
    pub fn line(&self) -> String {
        match self.draft.check() {
            Ok(game) => game.position_line(),
            Err(_) => self.draft.line(),
        }
    }

    /// Opens the editor on `game`'s position, the status line saying how
    /// to use it.
    pub fn open(game: &AnyGame, env: &mut Env) -> Transition {
        env.set_status("Board editor: arrows move, digits or +/- set the seeds, Enter plays");
        Transition::Open(Box::new(Editor::of(game)))
    }

    fn enkeshui(&self) -> bool {
        self.draft.kind == GameKind::Enkeshui
    }

    fn spot(&self) -> Option<Spot> {
        match self.at {
            At::Hole { row, col } => Some(self.draft.spot(row, col)),
            At::Field(_) => None,
        }
    }

    fn moved(&mut self, at: At) -> Transition {
        self.at = at;
        Transition::Redraw
    }

    fn go(&mut self, action: Action) -> Transition {
        let rows = self.draft.drawn_rows();
        let last_col = self.draft.holes() - 1;
        match (self.at, action) {
            (At::Hole { row, col }, Action::Left) => self.moved(At::Hole {
                row,
                col: col.saturating_sub(1),
            }),
            (At::Hole { row, col }, Action::Right) => self.moved(At::Hole {
                row,
                col: (col + 1).min(last_col),
            }),
            (At::Hole { row, col }, Action::Up) if row > 0 => {
                self.moved(At::Hole { row: row - 1, col })
            }
            (At::Hole { row, col }, Action::Down) if row + 1 < rows => {
                self.moved(At::Hole { row: row + 1, col })
            }
            (At::Hole { .. }, Action::Down) => self.moved(At::Field(0)),
            (At::Field(i), Action::Left) => self.moved(At::Field(i.saturating_sub(1))),
            (At::Field(i), Action::Right) => self.moved(At::Field((i + 1).min(FIELDS.len() - 1))),
            (At::Field(_), Action::Up) => self.moved(At::Hole {
                row: rows - 1,
                col: 0,
            }),
            _ => Transition::Stay,
        }
    }

    /// Sets the count under the cursor (a hole's seeds, a side's captured
    /// seeds or reserve, the turn).
    fn set(&mut self, value: u32) -> Result<(), String> {
        match self.at {
            At::Hole { .. } => {
                let at = self.spot().expect("a hole");
                if self.draft.cell(at).mark == Mark::Closed && value > 0 {
                    return Err(format!(
                        "{} is out of play: x puts it back in play first",
                        self.draft.name(at)
                    ));
                }
                self.draft.cell_mut(at).seeds = value;
            }
            At::Field(i) => match FIELDS[i] {
                Field::Held(side) => self.draft.held[side] = value,
                Field::ToMove => return Err("+ or - changes who moves".into()),
                Field::Turn => self.draft.turn = value.max(1),
            },
        }
        Ok(())
    }

    fn value(&self) -> u32 {
        match self.at {
            At::Hole { .. } => self.draft.cell(self.spot().expect("a hole")).seeds,
            At::Field(i) => match FIELDS[i] {
                Field::Held(side) => self.draft.held[side],
                Field::ToMove => 0,
                Field::Turn => self.draft.turn,
            },
        }
    }

    /// A key of the editor (the status line says what it did, or why not).
    fn edit(&mut self, key: &Key<'_>, env: &mut Env) -> Transition {
        let typed = self.typing.take();
        let done = match key.action {
            Action::Digit => {
                let KeyCode::Char(c) = key.event.code else {
                    return Transition::Stay;
                };
                let d = c.to_digit(10).unwrap_or(0);
                let v = typed.map_or(d, |t| t * 10 + d);
                let v = if v > MOST { d } else { v };
                let done = self.set(v);
                if done.is_ok() {
                    self.typing = Some(v);
                }
                done
            }
            Action::AddSeed | Action::TakeSeed => {
                if self.at == At::Field(2) {
                    self.draft.to_move = self.draft.to_move.other();
                    Ok(())
                } else {
                    let v = self.value();
                    let v = if key.action == Action::AddSeed {
                        (v + 1).min(MOST)
                    } else {
                        v.saturating_sub(1)
                    };
                    self.set(v)
                }
            }
            Action::Bull => match self.spot() {
                Some(at) => {
                    let c = self.draft.cell_mut(at);
                    c.mark = match c.mark {
                        Mark::Plain | Mark::Closed => Mark::Bull(Side::South),
                        Mark::Bull(Side::South) => Mark::Bull(Side::North),
                        Mark::Bull(Side::North) => Mark::Plain,
                    };
                    Ok(())
                }
                None => Err("b makes the hole under the cursor a bull: move onto a hole".into()),
            },
            Action::OutOfPlay => match self.spot() {
                Some(at) => {
                    let c = self.draft.cell_mut(at);
                    *c = match c.mark {
                        Mark::Closed => Cell {
                            seeds: 0,
                            mark: Mark::Plain,
                        },
                        _ => Cell {
                            seeds: 0,
                            mark: Mark::Closed,
                        },
                    };
                    Ok(())
                }
                None => {
                    Err("x takes the hole under the cursor out of play: move onto a hole".into())
                }
            },
            Action::EmptyBoard => {
                self.draft.empty_board();
                Ok(())
            }
            _ => return Transition::Stay,
        };
        match done {
            Ok(()) => env.set_status(self.what_is_here()),
            Err(e) => env.refuse(e),
        }
        Transition::Redraw
    }

    /// The cursor's hole or count in words: "South's hole 3: 4 seeds, a
    /// bull of North's".
    fn what_is_here(&self) -> String {
        match self.at {
            At::Hole { .. } => {
                let at = self.spot().expect("a hole");
                let c = self.draft.cell(at);
                let seeds = match c.seeds {
                    1 => "1 seed".to_string(),
                    n => format!("{n} seeds"),
                };
                let mark = match c.mark {
                    Mark::Plain => String::new(),
                    Mark::Bull(owner) => format!(", a bull of {}'s", owner.title()),
                    Mark::Closed => ", out of play".into(),
                };
                format!("{}: {seeds}{mark}", self.draft.name(at))
            }
            At::Field(i) => match FIELDS[i] {
                Field::Held(side) => format!(
                    "{} {}: {}",
                    side.title(),
                    self.held_word(),
                    self.draft.held[side]
                ),
                Field::ToMove => {
                    format!("{} moves (+ or - changes it)", self.draft.to_move.title())
                }
                Field::Turn => format!("The turn about to be played: {}", self.draft.turn),
            },
        }
    }

    fn held_word(&self) -> &'static str {
        if self.draft.kind == GameKind::BaoLaKimasai {
            "reserve"
        } else {
            "captured"
        }
    }

    /// Plays the position with the menu's seats: the game's screen in
    /// place of what was below.
    fn play(&self, env: &mut Env, now: std::time::Instant) -> Transition {
        match self.draft.check() {
            Ok(game) => {
                let mut seating = env.menu.seating();
                seating.flip &= game.kind() != GameKind::BaoLaKimasai;
                let setup = Setup::from_start(game, seating, Teams::default(), env.seed);
                Transition::Replace(super::game::start_match(setup, env, now))
            }
            Err(e) => {
                env.refuse(format!("Not playable yet: {e}"));
                Transition::Redraw
            }
        }
    }

    /// The board: bands of up to 18 columns, each with the hole numbers
    /// above North's row and below South's (Bao: above and below each side).
    /// The cursor's hole starts with `>`.
    fn board_lines(&self, th: &crate::app::theme::Theme) -> Vec<Line<'static>> {
        let d = &self.draft;
        let n = d.holes();
        let width = band_width(n);
        let count_w = count_width(d);
        let bao = d.kind == GameKind::BaoLaKimasai;
        let mut out = Vec::new();
        let numbers = |row: usize, cols: std::ops::Range<usize>| -> Line<'static> {
            let mut s = String::from("        ");
            for col in cols {
                let at = d.spot(row, col);
                let label = if bao {
                    format!("{}{}", at.letter(), at.hole + 1)
                } else {
                    (at.hole + 1).to_string()
                };
                s.push_str(&format!("{label:>w$} ", w = count_w + 1));
            }
            Line::styled(s, th.dim())
        };
        let mut from = 0;
        while from < n {
            let cols = from..(from + width).min(n);
            if from > 0 {
                out.push(Line::from(""));
            }
            for row in 0..d.drawn_rows() {
                let at = d.spot(row, 0);
                let north = d.owner(at) == Side::North;
                // Numbers outside the board: above North's rows, below South's.
                if row == 0 || bao && row == 2 {
                    out.push(numbers(row, cols.clone()));
                }
                let who = if north { "North" } else { "South" };
                let name = if bao {
                    format!("{who} {}", at.letter())
                } else {
                    who.to_string()
                };
                let mut spans = vec![Span::styled(format!("{name:<8}"), th.label())];
                for col in cols.clone() {
                    let c = d.cell(d.spot(row, col));
                    let (mark, style) = match c.mark {
                        Mark::Plain => (' ', Style::default()),
                        Mark::Bull(Side::South) => ('*', th.bull(true)),
                        Mark::Bull(Side::North) => ('+', th.bull(false)),
                        Mark::Closed => ('#', th.dim()),
                    };
                    let here = self.at == At::Hole { row, col };
                    let text = format!(
                        "{}{:>count_w$}{mark}",
                        if here { '>' } else { ' ' },
                        c.seeds
                    );
                    spans.push(Span::styled(text, if here { th.cursor() } else { style }));
                }
                out.push(Line::from(spans));
                if row + 1 == d.drawn_rows() || bao && row == 1 {
                    out.push(numbers(row, cols.clone()));
                }
            }
            from += width;
        }
        out
    }

    fn field_span(&self, i: usize, text: String, th: &crate::app::theme::Theme) -> Span<'static> {
        if self.at == At::Field(i) {
            Span::styled(format!("[{text}]"), th.cursor())
        } else {
            Span::raw(format!(" {text} "))
        }
    }
}

impl Screen for Editor {
    fn ctx(&self) -> Option<Ctx> {
        Some(Ctx::Editor)
    }

    /// Bulls and holes out of play are Enkeshui's.
    fn acts(&self, action: Action) -> bool {
        !matches!(action, Action::Bull | Action::OutOfPlay) || self.enkeshui()
    }

    fn handle(&mut self, key: Key<'_>, env: &mut Env) -> Transition {
        match key.action {
            Action::Up | Action::Down | Action::Left | Action::Right => {
                self.typing = None;
                let t = self.go(key.action);
                env.set_status(self.what_is_here());
                t
            }
            Action::Start => self.play(env, key.now),
            Action::CopyPosition => {
                super::share::copy(&self.line(), env);
                Transition::Redraw
            }
            Action::Cancel => {
                env.set_status("Nothing was played: the board editor is closed");
                Transition::Close
            }
            Action::Bull | Action::OutOfPlay if !self.enkeshui() => {
                env.refuse("Bulls and holes out of play are Enkeshui's");
                Transition::Redraw
            }
            _ => self.edit(&key, env),
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>) {
        let th = &around.env.theme;
        let chrome = around.chrome;
        let h = area.height.saturating_sub(2);
        let body = Rect::new(area.x, area.y, area.width, h);
        Clear.render(area, buf);
        let d = &self.draft;
        let mut lines = self.board_lines(th);
        lines.push(Line::from(""));
        let word = if d.kind == GameKind::BaoLaKimasai {
            "Reserve "
        } else {
            "Captured"
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{word}  South"), th.label()),
            self.field_span(0, format!("{:>3}", d.held.south), th),
            Span::styled("  North", th.label()),
            self.field_span(1, format!("{:>3}", d.held.north), th),
            Span::styled("   To move", th.label()),
            self.field_span(2, d.to_move.title().to_string(), th),
            Span::styled("  Turn", th.label()),
            self.field_span(3, d.turn.to_string(), th),
        ]));
        if d.kind == GameKind::BaoLaKimasai {
            let phase = if d.held.south > 0 || d.held.north > 0 {
                "Phase 1: cows in reserve are brought in (set both reserves to 0 for phase 2)"
            } else {
                "Phase 2: no cows in reserve"
            };
            lines.push(Line::from(phase));
        }
        let (want, exact) = d.expected();
        let holds = if exact { "holds" } else { "holds at most" };
        lines.push(Line::from(format!(
            "Seeds: {} ({} {holds} {want})",
            d.seeds(),
            game_size(d)
        )));
        lines.push(Line::from(vec![
            Span::styled("Line: ", th.label()),
            Span::raw(self.line()),
        ]));
        lines.push(match d.check() {
            Ok(_) => Line::from("Ready: Enter plays this position with the menu's seats."),
            Err(e) => Line::styled(format!("Not playable yet: {e}"), th.error()),
        });
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(format!(" Board editor: {} ", game_size(d))),
            )
            .render(body, buf);
        chrome
            .status_line()
            .render(Rect::new(area.x, area.bottom() - 2, area.width, 1), buf);
        chrome
            .hints
            .clone()
            .render(Rect::new(area.x, area.bottom() - 1, area.width, 1), buf);
    }

    fn needed_size(&self, _width: u16) -> Option<(u16, u16)> {
        let n = self.draft.holes();
        let bands = n.div_ceil(BAND);
        let per_band = if self.draft.kind == GameKind::BaoLaKimasai {
            8
        } else {
            4
        };
        // The board, a blank line between bands; the borders, five lines
        // under the board (six for Bao), the status line and the key bar.
        let board = bands * per_band + bands.saturating_sub(1);
        let h = board + 2 + 5 + usize::from(per_band == 8) + 2;
        let w = 8 + (count_width(&self.draft) + 2) * band_width(n) + 2;
        Some((
            u16::try_from(w.max(60)).unwrap_or(u16::MAX),
            u16::try_from(h).unwrap_or(u16::MAX),
        ))
    }

    fn opaque(&self) -> bool {
        true
    }

    fn covers(&self) -> bool {
        true
    }
}

/// Holes a band of the board shows: rows longer than 18 holes fold into
/// bands of equal width.
fn band_width(n: usize) -> usize {
    n.div_ceil(n.div_ceil(BAND).max(1)).max(1)
}

/// Digits of the largest count on the board (at least 2).
fn count_width(d: &Draft) -> usize {
    let most = d.rows.iter().flatten().map(|c| c.seeds).max().unwrap_or(0);
    most.to_string().len().max(2)
}

/// "Enkeshui 2x8", "Bao la Kimasai".
fn game_size(d: &Draft) -> String {
    match d.kind {
        GameKind::BaoLaKimasai => d.kind.title().to_string(),
        k => format!("{} 2x{}", k.title(), d.holes()),
    }
}

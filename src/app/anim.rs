//! What the board shows: the counts and bulls of a position, the highlights
//! of a move, and the frames of a turn's animation rebuilt from the engine's
//! event log, one seed at a time.

use crate::app::view::theme::Mark;
use crate::engine::bao;
use crate::engine::enkeshui::{Board, Enkeshui};
use crate::engine::{AnyGame, Event, GameKind, PerSide, Side};

/// Counts, bulls and closed holes of a two-row board, by board index.
/// Bao la Kimasai's board is kept the same way: `n` is 16 (a player's loop,
/// i1..i8 then o8..o1) and `captured` holds the reserves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardState {
    pub kind: GameKind,
    pub n: usize,
    pub counts: Vec<u32>,
    pub bulls: Vec<Option<Side>>,
    pub closed: Vec<bool>,
    pub captured: PerSide<u32>,
}

impl BoardState {
    pub fn from_board(b: &Board, captured: PerSide<u32>) -> BoardState {
        let n2 = b.n2();
        BoardState {
            kind: GameKind::Enkeshui,
            n: b.n,
            counts: b.counts[..n2].iter().map(|&c| c as u32).collect(),
            bulls: (0..n2).map(|i| b.bull_owner(i)).collect(),
            closed: (0..n2).map(|i| b.is_closed(i)).collect(),
            captured,
        }
    }

    pub fn of_enkeshui(g: &Enkeshui) -> BoardState {
        Self::from_board(g.board(), g.captured())
    }

    /// The board of any game, as its adapter draws it.
    pub fn of_game(g: &AnyGame) -> BoardState {
        crate::app::adapter::adapter(g).board_state()
    }

    /// A board without bulls or closed holes (En Gehé, Bao).
    pub fn plain(kind: GameKind, n: usize, counts: Vec<u32>, captured: PerSide<u32>) -> BoardState {
        BoardState {
            kind,
            n,
            bulls: vec![None; counts.len()],
            closed: vec![false; counts.len()],
            counts,
            captured,
        }
    }

    /// The board index of a side's hole 1..N (Bao: 1..8 are i1..i8, 9..16 are o1..o8).
    pub fn index(&self, side: Side, hole: usize) -> usize {
        if self.kind == GameKind::BaoLaKimasai {
            let base = bao::base(side);
            return if hole <= 8 {
                base + hole - 1
            } else {
                base + 16 - (hole - 8)
            };
        }
        match side {
            Side::South => hole - 1,
            Side::North => self.n + hole - 1,
        }
    }

    /// A hole's name as players say it: "South 4" (Bao: "South i4").
    pub fn name(&self, index: usize) -> String {
        if self.kind == GameKind::BaoLaKimasai {
            let side = if index < 16 { "South" } else { "North" };
            let j = index % 16;
            return if j < 8 {
                format!("{side} i{}", j + 1)
            } else {
                format!("{side} o{}", 16 - j)
            };
        }
        if index < self.n {
            format!("South {}", index + 1)
        } else {
            format!("North {}", index - self.n + 1)
        }
    }

    /// Seeds in the bulls a side owns.
    pub fn bull_seeds(&self, side: Side) -> u32 {
        self.counts
            .iter()
            .zip(&self.bulls)
            .filter(|(_, b)| **b == Some(side))
            .map(|(c, _)| c)
            .sum()
    }

    pub fn bull_count(&self, side: Side) -> usize {
        self.bulls.iter().filter(|b| **b == Some(side)).count()
    }

    /// Non-bull seeds in a side's own row.
    pub fn row_seeds(&self, side: Side) -> u32 {
        let start = if side == Side::South { 0 } else { self.n };
        (start..start + self.n)
            .filter(|&i| self.bulls[i].is_none())
            .map(|i| self.counts[i])
            .sum()
    }
}

/// The highlights of a move on the board, by board index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    pub path: Vec<usize>,
    pub captured: Vec<usize>,
    pub lifted: Option<usize>,
    pub last: Option<usize>,
}

impl Marks {
    /// How hole `i` is highlighted: captures first, then the last seed, the lift, the path.
    pub fn of(&self, i: usize) -> Mark {
        if self.captured.contains(&i) {
            Mark::Captured
        } else if self.last == Some(i) {
            Mark::Last
        } else if self.lifted == Some(i) {
            Mark::Lifted
        } else if self.path.contains(&i) {
            Mark::Path
        } else {
            Mark::None
        }
    }
}

/// One step of an animation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub board: BoardState,
    pub marks: Marks,
    pub in_hand: u32,
    pub lap: u32,
    pub caption: String,
    /// How many ticks the frame stays (lap ends, bulls and captures linger).
    pub hold: u32,
}

/// More drops than this and only lap ends are animated (a long relay).
pub const MAX_FRAMES: usize = 600;

/// At most this many frames in all: beyond, frames are skipped evenly
/// (the last always shown).
pub const MAX_TOTAL_FRAMES: usize = 400;

/// The frames of one decision, from the board before it and its events;
/// `hand` is `(in hand, lap)` of the direction prompt it answers, `(0, 0)`
/// for a decision from the start.
pub fn frames_from(
    before: &BoardState,
    mover: Side,
    hand: (u32, u32),
    events: &[Event],
) -> Vec<Frame> {
    let mut board = before.clone();
    let mut marks = Marks::default();
    let (mut in_hand, mut lap) = hand;
    let mut out: Vec<Frame> = Vec::new();
    let drops = events
        .iter()
        .filter(|e| matches!(e, Event::Drop { .. }))
        .count();
    let coarse = drops > MAX_FRAMES;
    let mut push = |board: &BoardState, marks: &Marks, in_hand, lap, caption: String, hold| {
        out.push(Frame {
            board: board.clone(),
            marks: marks.clone(),
            in_hand,
            lap,
            caption,
            hold,
        })
    };
    for e in events {
        match e {
            Event::Lift {
                hole,
                seeds,
                lap: l,
            } => {
                board.counts[*hole] = 0;
                in_hand = *seeds;
                lap = *l;
                marks.lifted = Some(*hole);
                marks.path.clear();
                marks.last = None;
                let what = if *l <= 1 { "lifts" } else { "relays:" };
                let caption = format!(
                    "{} {what} {seeds} from {} (lap {l})",
                    mover.title(),
                    board.name(*hole)
                );
                push(&board, &marks, in_hand, lap, caption, 2);
            }
            Event::Drop { hole } => {
                board.counts[*hole] += 1;
                in_hand = in_hand.saturating_sub(1);
                marks.path.push(*hole);
                marks.last = Some(*hole);
                if !coarse {
                    let caption = format!("lap {lap}: {in_hand} in hand");
                    push(&board, &marks, in_hand, lap, caption, 1);
                }
            }
            Event::Circuit { seeds } => {
                for c in board.counts.iter_mut() {
                    *c += seeds;
                }
            }
            Event::LapEnd { hole, seeds, .. } => {
                marks.last = Some(*hole);
                let how = if board.bulls[*hole].is_some() {
                    "ends in a bull".to_string()
                } else if *seeds == 1 {
                    "ends in an empty hole".to_string()
                } else {
                    format!("ends on {seeds}")
                };
                let caption = format!("lap {lap} {how} at {}", board.name(*hole));
                push(&board, &marks, 0, lap, caption, 4);
            }
            Event::Choice { direction } => {
                let caption = format!("{} sows on {direction}", mover.title());
                push(&board, &marks, in_hand, lap, caption, 2);
            }
            Event::Bull { hole, owner } => {
                board.bulls[*hole] = Some(*owner);
                let caption = format!("{} makes a bull on {}", owner.title(), board.name(*hole));
                push(&board, &marks, 0, lap, caption, 6);
            }
            Event::Capture { hole, seeds, by } => {
                board.counts[*hole] = 0;
                board.captured[*by] += seeds;
                marks.captured.push(*hole);
                let caption = format!("{} captures {seeds} from {}", by.title(), board.name(*hole));
                push(&board, &marks, 0, lap, caption, 5);
            }
            Event::PutBack { hole, seeds } => {
                board.counts[*hole] += seeds;
                let caption = format!(
                    "no direction is open: {seeds} go back into {}",
                    board.name(*hole)
                );
                push(&board, &marks, 0, lap, caption, 5);
            }
            Event::Special { side, row } => {
                let start = if *side == Side::South { 0 } else { board.n };
                for (k, c) in row.iter().enumerate() {
                    board.counts[start + k] = *c;
                }
                marks.path = (start..start + board.n).collect();
                let caption = format!("{} redistributes his row", side.title());
                push(&board, &marks, 0, lap, caption, 6);
            }
            Event::Steal { from, into, seeds } => {
                board.counts[*from] = 0;
                in_hand = *seeds;
                marks.captured.push(*from);
                marks.lifted = Some(*into);
                marks.path.clear();
                let caption = format!(
                    "{} takes {seeds} from {} and sows them from {}",
                    mover.title(),
                    board.name(*from),
                    board.name(*into)
                );
                push(&board, &marks, in_hand, lap, caption, 5);
            }
            Event::Reserve { hole, side } => {
                board.counts[*hole] += 1;
                board.captured[*side] = board.captured[*side].saturating_sub(1);
                marks.lifted = Some(*hole);
                let caption = format!(
                    "{} puts a reserve cow into {}",
                    side.title(),
                    board.name(*hole)
                );
                push(&board, &marks, 0, lap, caption, 3);
            }
            Event::TurnEnd { .. } | Event::GameOver { .. } => {}
        }
    }
    if out.len() > MAX_TOTAL_FRAMES {
        let step = out.len().div_ceil(MAX_TOTAL_FRAMES);
        let last = out.len() - 1;
        out = out
            .into_iter()
            .enumerate()
            .filter(|(k, _)| k % step == 0 || *k == last)
            .map(|(_, f)| f)
            .collect();
    }
    out
}

/// "a", "a and b", "a, b and c".
fn words_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A decision in words, for the log: "North sowed 5, relayed 3 laps and
/// made a bull on South 4".
pub fn describe(before: &BoardState, mover: Side, token: &str, events: &[Event]) -> String {
    let name = |i: usize| before.name(i);
    let who = mover.title();
    let mut parts: Vec<String> = Vec::new();
    let head = if let Some(d) = ["cw", "ccw"].iter().find(|d| **d == token) {
        format!("{who} sowed on {d}")
    } else if token.starts_with('x') {
        format!("{who} made the special move {token}")
    } else {
        format!("{who} sowed {token}")
    };
    let relays = events
        .iter()
        .filter(|e| matches!(e, Event::Lift { lap, .. } if *lap > 1))
        .count();
    let laps = events
        .iter()
        .filter(|e| matches!(e, Event::LapEnd { .. }))
        .count();
    if relays > 0 && laps > 1 {
        parts.push(format!(
            "relayed {relays} lap{}",
            if relays == 1 { "" } else { "s" }
        ));
    }
    let bulls: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Bull { hole, .. } => Some(name(*hole)),
            _ => None,
        })
        .collect();
    if !bulls.is_empty() {
        parts.push(format!(
            "made {} on {}",
            if bulls.len() == 1 { "a bull" } else { "bulls" },
            bulls.join(" and ")
        ));
    }
    let caps: Vec<(usize, u32)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Capture { hole, seeds, .. } => Some((*hole, *seeds)),
            _ => None,
        })
        .collect();
    let unit = |n: u32| match (before.kind, n) {
        (GameKind::BaoLaKimasai, 1) => "cow",
        (GameKind::BaoLaKimasai, _) => "cows",
        (_, 1) => "seed",
        _ => "seeds",
    };
    // Bao: each steal, with the hole it emptied (the cows are sown next).
    for e in events {
        if let Event::Steal { from, seeds, .. } = e {
            parts.push(format!(
                "stole {seeds} {} from {}",
                unit(*seeds),
                name(*from)
            ));
        }
    }
    if !caps.is_empty() {
        let total: u32 = caps.iter().map(|c| c.1).sum();
        let from: Vec<String> = caps.iter().map(|c| name(c.0)).collect();
        let holes = if from.len() == 1 { "hole" } else { "holes" };
        parts.push(format!(
            "captured {total} {} from {holes} {}",
            unit(total),
            words_list(&from)
        ));
    }
    if let Some(Event::PutBack { hole, seeds }) =
        events.iter().find(|e| matches!(e, Event::PutBack { .. }))
    {
        parts.push(format!(
            "found no open direction and put {seeds} back in {}",
            name(*hole)
        ));
    }
    let turn_over = events.iter().any(|e| matches!(e, Event::TurnEnd { .. }));
    if bulls.is_empty() && caps.is_empty() && turn_over && !token.starts_with('x') {
        let last_end = events.iter().rev().find_map(|e| match e {
            Event::LapEnd { hole, seeds, .. } => Some((*hole, *seeds)),
            _ => None,
        });
        if let Some((hole, seeds)) = last_end {
            if before.bulls[hole].is_some() {
                parts.push(format!("ended in the bull on {}", name(hole)));
            } else if seeds == 1 {
                parts.push(format!("ended in the empty {}", name(hole)));
            }
        }
    }
    if !turn_over {
        let lap_end = events.iter().rev().find_map(|e| match e {
            Event::LapEnd { hole, seeds, .. } => Some((*hole, *seeds)),
            _ => None,
        });
        match lap_end {
            // A direction lap: one lap, and the next direction is asked.
            Some((hole, seeds)) if token == "cw" || token == "ccw" => {
                parts.push(format!("ended on {seeds} at {}", name(hole)))
            }
            _ => parts.push(format!("crossed {}'s row", mover.other().title())),
        }
    }
    let mut text = head;
    match parts.len() {
        0 => {}
        1 => {
            text.push_str(" and ");
            text.push_str(&parts[0]);
        }
        _ => {
            let last = parts.pop().expect("two or more");
            text.push_str(", ");
            text.push_str(&parts.join(", "));
            text.push_str(" and ");
            text.push_str(&last);
        }
    }
    text
}

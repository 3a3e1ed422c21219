//! The starting race: a countdown, then both racers sow seed by seed, each
//! human with two keys pressed in turn, each AI racer at its level's pace.
//! The session's [`Racing`] runs the race on its clock; this screen counts
//! down, feeds it the key presses at their times and shows it.

use super::{Chrome, Did, Raced};
use crate::ai::Level;
use crate::app::anim::{BoardState, Marks};
use crate::app::view::board::TwoRowBoard;
use crate::app::view::play::PlayLayout;
use crate::app::view::theme::{Mark, Theme};
use crate::app::view::two_row_model;
use crate::engine::enkeshui::Enkeshui;
use crate::engine::enkeshui::race::Race;
use crate::engine::{PerSide, Quiet, Side};
use crate::keys::{Action, BINDINGS, Ctx, Keymap};
use crate::record::RaceRecord;
use crate::session::Racing;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Seconds counted down before the racers may start.
pub const COUNTDOWN: u8 = 3;

/// How the race ended.
#[derive(Clone, Debug)]
struct Finished {
    game: Enkeshui,
    first: Side,
}

/// The race screen's state.
#[derive(Clone, Debug)]
pub struct RaceScreen {
    /// The race and its clock (milliseconds from Go).
    racing: Racing,
    /// The last key each human racer pressed that counted.
    last_key: PerSide<Option<char>>,
    /// Presses refused because the same key came twice.
    repeats: PerSide<u32>,
    /// The countdown: the number shown and when it goes down (None: racing).
    countdown: Option<(u8, Instant)>,
    /// When the race's clock started (None: counting down).
    go: Option<Instant>,
    finished: Option<Finished>,
    /// Nobody to press Enter (two AI racers): the game starts then.
    auto_start: Option<Instant>,
    /// Since when the race is held (an overlay is open): the clock and
    /// both racers stop, and go on from where they were.
    paused: Option<Instant>,
    /// The key bindings in effect, for the racers' keys it names.
    keys: Rc<Keymap>,
    /// The countdown waits for Enter (the first race of the run, where
    /// a person races): nobody loses before he has seen the board.
    waiting: bool,
}

/// The keys of a side's racer in effect (the settings may rebind them), as
/// the help writes them.
pub fn racer_keys(map: &Keymap, side: Side) -> Vec<String> {
    let action = match side {
        Side::South => Action::SouthRace,
        Side::North => Action::NorthRace,
    };
    BINDINGS
        .iter()
        .position(|b| b.ctx == Ctx::Race && b.action == action)
        .map(|i| map.keys(i).iter().map(|k| k.label()).collect())
        .unwrap_or_default()
}

/// "z and x", "a, b and c": keys for a sentence.
pub(crate) fn and_list(keys: &[String]) -> String {
    match keys {
        [] => "(no key bound)".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

impl RaceScreen {
    /// A race of its own (the race lesson's), counting down from `now`.
    pub fn new(race: Race, ai: PerSide<Option<Level>>, seed: u64, now: Instant) -> RaceScreen {
        RaceScreen::of(Racing::new(race, ai, seed), now)
    }

    /// The session's race, counting down from `now`.
    pub fn of(racing: Racing, now: Instant) -> RaceScreen {
        RaceScreen {
            racing,
            last_key: PerSide::both(None),
            repeats: PerSide::both(0),
            countdown: Some((COUNTDOWN, now + Duration::from_secs(1))),
            go: None,
            finished: None,
            auto_start: None,
            paused: None,
            keys: Rc::new(Keymap::default()),
            waiting: false,
        }
    }

    /// The countdown waits for the start key, when a person races.
    pub fn wait_for_a_key(&mut self) {
        self.waiting = !self.all_ai();
    }

    /// Is the countdown waiting for the start key?
    pub fn waiting(&self) -> bool {
        self.waiting
    }

    /// The start key in effect, as the help writes it.
    fn start_key(&self) -> String {
        BINDINGS
            .iter()
            .position(|b| b.ctx == Ctx::Race && b.action == Action::Start)
            .and_then(|i| self.keys.keys(i).first().map(|k| k.label()))
            .unwrap_or_else(|| "(no key bound)".into())
    }

    /// Names the racers' keys of these bindings (the settings').
    pub fn with_keys(mut self, keys: Rc<Keymap>) -> RaceScreen {
        self.keys = keys;
        self
    }

    /// The AI racer of `side` drops a seed every `ms` milliseconds.
    pub fn with_pace(mut self, side: Side, ms: u64) -> RaceScreen {
        self.racing = self.racing.with_pace(side, ms);
        self
    }

    /// `now` on the race's clock: milliseconds since Go.
    fn ms(&self, now: Instant) -> u64 {
        self.go
            .map_or(0, |go| now.saturating_duration_since(go).as_millis() as u64)
    }

    /// Whether a race key does something now: a racer's keys while a
    /// person races and the race is on, Enter before the countdown of the
    /// first race and once it is over (and someone is there to press it).
    pub fn acts(&self, action: Action) -> bool {
        let over = self.finished.is_some();
        let racing = !over && !self.waiting;
        match action {
            Action::SouthRace => racing && self.racing.ai(Side::South).is_none(),
            Action::NorthRace => racing && self.racing.ai(Side::North).is_none(),
            Action::Start => self.waiting || (over && !self.all_ai()),
            _ => true,
        }
    }

    /// The status line while counting down.
    pub fn greeting(&self) -> String {
        let keys: Vec<String> = Side::BOTH
            .into_iter()
            .filter(|&side| self.racing.ai(side).is_none())
            .map(|side| {
                format!(
                    "{}: press {} in turn",
                    side.title(),
                    and_list(&racer_keys(&self.keys, side))
                )
            })
            .collect();
        if keys.is_empty() {
            "The race is on: the AI racers drop seeds".to_string()
        } else if self.waiting {
            format!(
                "Race! {}. Press {} to start the countdown",
                keys.join("; "),
                self.start_key()
            )
        } else {
            format!("Race! {}", keys.join("; "))
        }
    }

    pub fn race(&self) -> &Race {
        self.racing.race()
    }

    /// The level of a side's AI racer (None: a person races).
    pub fn ai(&self, side: Side) -> Option<Level> {
        self.racing.ai(side)
    }

    /// Holds the race at `now` (an overlay opened): no countdown, no AI drop.
    pub fn pause(&mut self, now: Instant) {
        if self.paused.is_some() {
            return;
        }
        self.paused = Some(now);
        if self.go.is_some() {
            let at = self.ms(now);
            self.racing.pause(at);
        }
    }

    /// Goes on after a pause: every time still to come is moved on by the
    /// time held, so the clock and the racers go on where they stopped.
    pub fn resume(&mut self, now: Instant) {
        let Some(at) = self.paused.take() else {
            return;
        };
        let held = now.saturating_duration_since(at);
        if let Some((_, t)) = &mut self.countdown {
            *t += held;
        }
        if let Some(t) = &mut self.auto_start {
            *t += held;
        }
        if self.go.is_some() {
            let at = self.ms(now);
            self.racing.resume(at);
        }
    }

    /// Is the race held?
    pub fn paused(&self) -> bool {
        self.paused.is_some()
    }

    /// Repeated presses of one key that were not counted, per side.
    pub fn repeats(&self) -> PerSide<u32> {
        self.repeats
    }

    /// The game that starts from the race's board, once someone slept.
    pub fn result(&self) -> Option<&Enkeshui> {
        self.finished.as_ref().map(|f| &f.game)
    }

    /// The race's record, once someone slept.
    pub fn record(&self) -> Option<RaceRecord> {
        self.finished.as_ref().map(|_| self.racing.record())
    }

    /// The number counted down, while the race has not started.
    pub fn countdown(&self) -> Option<u8> {
        self.countdown.map(|c| c.0)
    }

    /// When the screen next changes by itself.
    pub fn deadline(&self) -> Option<Instant> {
        if self.paused.is_some() || self.waiting {
            return None;
        }
        if self.finished.is_some() {
            return self.auto_start;
        }
        if let Some((_, at)) = self.countdown {
            return Some(at);
        }
        let go = self.go?;
        self.racing
            .next_due()
            .map(|ms| go + Duration::from_millis(ms))
    }

    /// Counts down to `now`; at Go the race's clock starts.
    fn count_down(&mut self, now: Instant) -> bool {
        if self.waiting {
            return false;
        }
        let mut changed = false;
        while let Some((n, at)) = self.countdown
            && at <= now
        {
            changed = true;
            if n > 1 {
                self.countdown = Some((n - 1, at + Duration::from_secs(1)));
                continue;
            }
            self.countdown = None;
            self.go = Some(at);
        }
        changed
    }

    /// Time passed: the countdown, the AI racers, or the start of the game.
    pub fn tick(&mut self, now: Instant) -> Did {
        if self.paused.is_some() {
            return Did::Stay;
        }
        if self.finished.is_some() {
            if self.auto_start.is_some_and(|t| t <= now) {
                return self.begin();
            }
            return Did::Stay;
        }
        let mut changed = self.count_down(now);
        if self.go.is_some() {
            let before = self.race().drops().len();
            if let Err(e) = self.racing.advance(self.ms(now)) {
                return Did::Refuse(format!("race: {e}"));
            }
            changed |= self.race().drops().len() != before;
        }
        if self.settle(now) {
            return Did::Status(self.over_status());
        }
        if changed && self.countdown.is_none() && self.race().drops().is_empty() {
            return Did::Status("Go!".into());
        }
        if changed { Did::Redraw } else { Did::Stay }
    }

    fn over_status(&self) -> String {
        let first = self.finished.as_ref().map_or(Side::South, |f| f.first);
        let all_ai = self.all_ai();
        format!(
            "{} sleeps first and moves first!{}",
            first.title(),
            if all_ai { "" } else { " Press Enter to start" }
        )
    }

    fn all_ai(&self) -> bool {
        Side::BOTH.iter().all(|&s| self.racing.ai(s).is_some())
    }

    /// The game starts from the race's board: the race goes back to the
    /// session, which begins the game.
    fn begin(&mut self) -> Did {
        if self.finished.is_none() {
            return Did::Stay;
        }
        Did::Raced(Box::new(Raced {
            racing: self.racing.clone(),
        }))
    }

    /// Someone slept just now: the game from the race's board is kept to
    /// show. Whether the race is over.
    fn settle(&mut self, now: Instant) -> bool {
        if self.finished.is_some() {
            return true;
        }
        let Some(first) = self.racing.first_sleeper() else {
            return false;
        };
        // The engine finishes the sowing in progress (it cannot fail once
        // someone slept; the session finishes the race again for the game).
        let Ok(game) = self.race().clone().finish(&mut Quiet) else {
            return false;
        };
        self.finished = Some(Finished { game, first });
        if self.all_ai() {
            self.auto_start = Some(now + Duration::from_millis(1500));
        }
        true
    }

    /// A key on the race screen (`c`: the character pressed, for racer keys).
    pub fn handle(&mut self, action: Action, c: Option<char>, now: Instant) -> Did {
        if self.paused.is_some() {
            return Did::Stay;
        }
        if self.waiting {
            return match action {
                Action::Quit => Did::Quit,
                Action::Start => {
                    self.waiting = false;
                    self.countdown = Some((COUNTDOWN, now + Duration::from_secs(1)));
                    Did::Status(self.greeting())
                }
                _ => Did::Refuse(format!(
                    "Press {} to start the countdown first",
                    self.start_key()
                )),
            };
        }
        let counted = self.count_down(now);
        match action {
            Action::Quit => Did::Quit,
            Action::Start => self.begin(),
            Action::SouthRace | Action::NorthRace => {
                let side = if action == Action::SouthRace {
                    Side::South
                } else {
                    Side::North
                };
                if self.racing.ai(side).is_some() {
                    return Did::Refuse(format!("{} races for the AI", side.title()));
                }
                if let Some(n) = self.countdown() {
                    return Did::Refuse(format!("Wait for Go! ({n})"));
                }
                let Some(c) = c else {
                    return Did::Stay;
                };
                if self.finished.is_some() {
                    return Did::Stay;
                }
                if self.last_key[side] == Some(c) {
                    self.repeats[side] += 1;
                    return Did::Redraw;
                }
                self.last_key[side] = Some(c);
                if let Err(e) = self.racing.press(side, self.ms(now)) {
                    return Did::Refuse(format!("race: {e}"));
                }
                if self.settle(now) {
                    Did::Status(self.over_status())
                } else if self.race().drops().len() == 1 {
                    Did::Status("Go!".into())
                } else {
                    Did::Redraw
                }
            }
            _ if counted => Did::Redraw,
            _ => Did::Stay,
        }
    }

    /// Draws the race: title, board, one line per racer and what is going on.
    pub fn render(&self, area: Rect, buf: &mut Buffer, chrome: &Chrome<'_>) {
        let th = &chrome.theme;
        let board = self
            .result()
            .map(BoardState::of_enkeshui)
            .unwrap_or_else(|| BoardState::from_board(self.race().board(), Default::default()));
        let l = PlayLayout::for_holes(area, board.n);
        Line::from(vec![
            Span::styled(chrome.title.to_string(), th.title()),
            Span::raw(format!(
                "{}starting race from hole {}",
                th.sep(),
                self.race().hole()
            )),
        ])
        .render(l.title, buf);
        let mut model = two_row_model(&board, &Marks::default(), Side::South, None);
        if self.finished.is_none() {
            let pos = self.race().positions();
            for side in Side::BOTH {
                let i = pos[side];
                let (row, hole) = if i < board.n {
                    (&mut model.bottom, i + 1)
                } else {
                    (&mut model.top, i - board.n + 1)
                };
                row.holes[hole - 1].mark = Mark::Last;
            }
        }
        TwoRowBoard {
            model: &model,
            theme: *th,
        }
        .render(l.board, buf);
        Paragraph::new(self.racer_lines(th)).render(l.scores, buf);
        let mut info = vec![if let Some(f) = &self.finished {
            Line::styled(
                format!(
                    "{} sleeps first and moves first. The game starts from this board.",
                    f.first.title()
                ),
                th.key(),
            )
        } else if self.waiting {
            Line::styled(
                format!(
                    "Press {} when you are ready: the race starts {COUNTDOWN} seconds later.",
                    self.start_key()
                ),
                th.key(),
            )
        } else if let Some(n) = self.countdown() {
            Line::styled(format!("The race starts in {n}..."), th.key())
        } else {
            Line::from(
                "Each racer lifts the same hole and sows with relay; the first to end in an empty hole sleeps and moves first.",
            )
        }];
        if let Some(advice) = self.speed_advice() {
            info.push(Line::from(advice));
        }
        // The lines between the racers and the status are free: room for
        // the advice after a lost race, wrapped.
        let h = l.status.y.saturating_sub(l.prompt.y).max(2);
        Paragraph::new(info)
            .wrap(Wrap { trim: true })
            .render(Rect::new(l.prompt.x, l.prompt.y, l.prompt.width, h), buf);
        chrome.status_line().render(l.status, buf);
        chrome.hints.clone().render(l.hints, buf);
    }

    /// After a person lost to an AI racer: where its speed is set.
    pub fn speed_advice(&self) -> Option<String> {
        let f = self.finished.as_ref()?;
        let level = self.racing.ai(f.first)?;
        if self.racing.ai(f.first.other()).is_some() {
            return None;
        }
        Some(format!(
            "{}'s AI racer ({}) won the race. Its speed is set by --race-speed LEVEL (easy, medium, hard or expert), the start menu's \"AI racer speed\" or race-speed in the settings file.",
            f.first.title(),
            level.name()
        ))
    }

    /// One line per racer: lap, seeds in hand, own drops and keys; once the
    /// race is over, who sleeps and that the other's sowing was finished.
    fn racer_lines(&self, th: &Theme) -> Vec<Line<'static>> {
        let hand = self.race().in_hand();
        let laps = self.race().laps();
        let drops = self.race().drops();
        let mut lines = Vec::new();
        for side in [Side::North, Side::South] {
            let own = drops.iter().filter(|&&s| s == side).count();
            let tail = match &self.finished {
                Some(f) if f.first == side => "ASLEEP: moves first".to_string(),
                Some(_) => "sowing finished".to_string(),
                None => {
                    let keys = match self.racing.ai(side) {
                        Some(l) => format!("AI racer ({})", l.name()),
                        None => format!("keys {}", racer_keys(&self.keys, side).join(" ")),
                    };
                    let last = self.last_key[side]
                        .map(|c| format!(", last key {c}"))
                        .unwrap_or_default();
                    let repeats = if self.repeats[side] > 0 {
                        format!(" ({} repeats ignored)", self.repeats[side])
                    } else {
                        String::new()
                    };
                    format!("{keys}{last}{repeats}")
                }
            };
            // Once over, the engine finished the sowing in progress: nothing is in hand.
            let in_hand = if self.finished.is_some() {
                0
            } else {
                hand[side]
            };
            let style = if self.finished.as_ref().is_some_and(|f| f.first == side) {
                th.key()
            } else {
                ratatui::style::Style::default()
            };
            lines.push(Line::from(vec![
                Span::styled(format!("{:<6}", side.title()), th.label()),
                Span::raw(format!(
                    "lap {:>2}{}in hand {:>2}{}drops {:>3}{}",
                    laps[side],
                    th.sep(),
                    in_hand,
                    th.sep(),
                    own,
                    th.sep(),
                )),
                Span::styled(tail, style),
            ]));
        }
        lines
    }
}

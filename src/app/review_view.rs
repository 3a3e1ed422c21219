//! The game review inside the replay viewer: the AI judges every decision of
//! the record on a thread (`crate::review`), the viewer stays usable while it
//! runs, and the marks, the value graph and the jumps to the mistakes come
//! from here. The panel owns its job (`crate::session::job`): dropping it (leaving
//! the viewer) stops the review.

use super::view::theme::Theme;
use crate::engine::{GameKind, Side};
use crate::keys::Action;
use crate::record::{Checked, Record};
use crate::review::{self, Judged, Mark, Review};
use crate::session::job::{Job, Post, Spawn, next_version};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Widget};
use std::time::{Duration, Instant};

/// How often the review's thread reports its progress at most.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// What the review's thread posts to the loop.
#[derive(Clone, Debug)]
pub enum ReviewUpdate {
    /// `done` decisions of `total` judged.
    Progress { done: usize, total: usize },
    /// Finished (`None`: stopped before the end).
    Done(Option<Box<Review>>),
}

#[derive(Debug, Default)]
enum State {
    #[default]
    Off,
    /// Dropping the job stops the review.
    Running {
        job: Job,
        done: usize,
        total: usize,
    },
    Done(Box<Review>),
}

/// The review of the record in the viewer: off, running or done.
#[derive(Debug, Default)]
pub struct ReviewPanel {
    state: State,
}

/// What the viewer does after a review key.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    /// The status line says this.
    Status(String),
    /// A refusal for the status line.
    Refuse(String),
    /// Show step `step` of the game (after its decision `step`), then say this.
    Go(usize, String),
}

fn unit(kind: GameKind) -> &'static str {
    match kind {
        GameKind::BaoLaKimasai => "cows",
        _ => "seeds",
    }
}

impl ReviewPanel {
    pub fn running(&self) -> bool {
        matches!(self.state, State::Running { .. })
    }

    /// The finished review, if any.
    pub fn review(&self) -> Option<&Review> {
        match &self.state {
            State::Done(r) => Some(r),
            _ => None,
        }
    }

    /// Was a review started (running or done)?
    pub fn active(&self) -> bool {
        !matches!(self.state, State::Off)
    }

    /// Stops a running review (nothing is kept): its job is dropped.
    fn stop(&mut self) {
        if let State::Running { .. } = &self.state {
            self.state = State::Off;
        }
    }

    /// Starts reviewing the record in a job; progress and result go to `post`.
    pub fn start(
        &mut self,
        record: &Record,
        checked: &Checked,
        post: Post<ReviewUpdate>,
    ) -> String {
        self.stop();
        let total: usize = record.games.iter().map(|g| g.decisions.len()).sum();
        let (record, checked) = (record.clone(), checked.clone());
        let job = Spawn::new(next_version(), post).spawn_with(move |reply| {
            let mut last: Option<Instant> = None;
            let cancel = reply.progress().cancel_flag();
            let result = review::review(&record, &checked, Some(cancel), &mut |done, total| {
                if last.is_some_and(|t| t.elapsed() < PROGRESS_EVERY) {
                    return;
                }
                last = Some(Instant::now());
                reply.news(ReviewUpdate::Progress { done, total });
            });
            reply.answer(ReviewUpdate::Done(result.map(Box::new)));
        });
        self.state = State::Running {
            job,
            done: 0,
            total,
        };
        format!(
            "Reviewing {total} decision{} in the background (v stops it)",
            if total == 1 { "" } else { "s" }
        )
    }

    /// News from the review's thread: whether to redraw, and a line for the
    /// status when it finished.
    pub fn update(&mut self, version: u64, update: ReviewUpdate) -> (bool, Option<String>) {
        let State::Running { job, done, total } = &mut self.state else {
            return (false, None);
        };
        if job.version() != version {
            return (false, None);
        }
        match update {
            ReviewUpdate::Progress { done: d, total: t } => {
                (*done, *total) = (d, t);
                (true, None)
            }
            ReviewUpdate::Done(Some(r)) => {
                let line = done_line(&r);
                self.state = State::Done(r);
                (true, Some(line))
            }
            ReviewUpdate::Done(None) => {
                self.state = State::Off;
                (true, Some("The review stopped".into()))
            }
        }
    }

    /// A review key in the viewer showing game `game` at step `step`.
    pub fn handle(
        &mut self,
        action: Action,
        record: &Record,
        checked: &Checked,
        game: usize,
        step: usize,
        post: Post<ReviewUpdate>,
    ) -> Outcome {
        match action {
            Action::Review if self.running() => {
                self.stop();
                Outcome::Status("Review stopped (v starts it again)".into())
            }
            Action::Review => Outcome::Status(self.start(record, checked, post)),
            Action::NextMistake | Action::PrevMistake => {
                let forward = action == Action::NextMistake;
                let r = match &self.state {
                    State::Done(r) => r,
                    State::Running { done, total, .. } => {
                        return Outcome::Refuse(format!(
                            "The review is still running ({}): wait for it",
                            percent(*done, *total)
                        ));
                    }
                    State::Off => {
                        return Outcome::Refuse("No review yet: v starts it".into());
                    }
                };
                let bad: Vec<&Judged> = r
                    .decisions
                    .iter()
                    .filter(|d| d.game == game)
                    .filter(|d| {
                        matches!(d.mark, Some(Mark::Mistake | Mark::Blunder | Mark::Turned))
                    })
                    .collect();
                let pick = if forward {
                    bad.iter().find(|d| d.number > step).or(bad.first())
                } else {
                    bad.iter().rev().find(|d| d.number < step).or(bad.last())
                };
                match pick {
                    Some(d) => Outcome::Go(d.number, verdict_line(d, r.kind)),
                    None => Outcome::Status("No mistake or blunder in this game".into()),
                }
            }
            _ => Outcome::Status(String::new()),
        }
    }

    /// The review's judgement of decision `k` (from 0) of game `game`.
    pub fn judged(&self, game: usize, k: usize) -> Option<&Judged> {
        self.review()?
            .decisions
            .iter()
            .find(|d| d.game == game && d.number == k + 1)
    }

    /// The sign the move list shows after decision `k` of game `game`.
    pub fn sign(&self, game: usize, k: usize) -> &'static str {
        self.judged(game, k)
            .and_then(|d| d.mark)
            .map_or("", Mark::sign)
    }

    /// The move list's title: its marks' legend, or the review's progress.
    pub fn moves_title(&self) -> String {
        match &self.state {
            State::Off => " Moves ".into(),
            State::Running { done, total, .. } => {
                format!(" Moves · review {} ", percent(*done, *total))
            }
            State::Done(_) => " Moves (reviewed) ".into(),
        }
    }

    /// The progress line while the review runs.
    pub fn progress_line(&self, width: usize) -> Option<String> {
        let State::Running { done, total, .. } = &self.state else {
            return None;
        };
        let text = format!("{done}/{total} ");
        let room = width.saturating_sub(text.chars().count() + 5).min(40);
        let filled = if *total == 0 { 0 } else { room * done / total };
        Some(format!(
            "{text}{}{} {:>3}",
            "█".repeat(filled),
            "░".repeat(room - filled),
            percent(*done, *total)
        ))
    }
}

fn percent(done: usize, total: usize) -> String {
    if total == 0 {
        return "100%".into();
    }
    format!("{}%", done * 100 / total)
}

/// "Turn 1: South's 1 is a blunder, 6.0 seeds lost (best 3, win +1)".
pub fn verdict_line(d: &Judged, kind: GameKind) -> String {
    if d.mark == Some(Mark::Turned) {
        // "Turn 71: South's o4: the game turned here; the search found …"
        return format!(
            "Turn {}: {}'s {}: {} (value {})",
            d.turn,
            d.side.title(),
            d.played,
            Mark::Turned.name(),
            review::value_text(d.value, d.exact)
        );
    }
    let what = d.mark.map_or("not marked", Mark::name);
    format!(
        "Turn {}: {}'s {} is a {what}, {:.1} {} lost (best {}, {})",
        d.turn,
        d.side.title(),
        d.played,
        d.loss,
        unit(kind),
        d.best,
        review::value_text(d.best_value, d.exact)
    )
}

/// "Review done: South 1 blunder; North no mistake (m: next mistake)".
fn done_line(r: &Review) -> String {
    let side = |s: Side| {
        let m = r.summary(s);
        let mut parts = Vec::new();
        if m.mistakes > 0 {
            parts.push(format!(
                "{} mistake{}",
                m.mistakes,
                if m.mistakes == 1 { "" } else { "s" }
            ));
        }
        if m.blunders > 0 {
            parts.push(format!(
                "{} blunder{}",
                m.blunders,
                if m.blunders == 1 { "" } else { "s" }
            ));
        }
        if parts.is_empty() {
            parts.push("no mistake".into());
        }
        if let Some(d) = r
            .decisions
            .iter()
            .find(|d| d.side == s && d.mark == Some(Mark::Turned))
        {
            parts.push(format!("the game turned at turn {}", d.turn));
        }
        format!("{} {}", s.title(), parts.join(", "))
    };
    format!(
        "Review done: {}; {} (m: next mistake)",
        side(Side::South),
        side(Side::North)
    )
}

/// The value graph: South's value of the position after each decision of
/// the game shown (above the middle: South is ahead), one column per step
/// sampled to the width, the step shown marked with `^`; while the review
/// runs, its progress.
pub struct ReviewGraph<'a> {
    pub panel: &'a ReviewPanel,
    /// The game of the record shown.
    pub game: usize,
    /// The step shown (decisions played).
    pub step: usize,
    /// The game's decisions.
    pub steps: usize,
    pub theme: Theme,
}

impl ReviewGraph<'_> {
    /// South's value in seeds at every step (0: the start), where judged.
    pub fn values(&self) -> Vec<Option<i32>> {
        let Some(r) = self.panel.review() else {
            return vec![None; self.steps + 1];
        };
        let mut out = vec![None; self.steps + 1];
        for d in r.decisions.iter().filter(|d| d.game == self.game) {
            if d.number <= self.steps {
                out[d.number] = Some(d.south_value());
            }
            if d.number == 1 {
                // The start's value: the best decision's, for South.
                out[0] = Some(match d.side {
                    Side::South => d.best_value,
                    Side::North => -d.best_value,
                });
            }
        }
        out
    }
}

impl Widget for ReviewGraph<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let th = self.theme;
        if let Some(line) = self
            .panel
            .progress_line(area.width.saturating_sub(2) as usize)
        {
            Paragraph::new(vec![Line::from("Judging decisions"), Line::from(line)])
                .block(
                    Block::default()
                        .borders(Borders::ALL)
                        .title(" Reviewing... ")
                        .title_bottom(Line::from(" v stops ")),
                )
                .render(area, buf);
            return;
        }
        let values = self.values();
        let w = area.width.saturating_sub(2) as usize;
        if w == 0 {
            return;
        }
        let scale = values
            .iter()
            .flatten()
            .filter(|v| review::proven(**v) == 0)
            .map(|v| review::seeds(*v).abs())
            .fold(4.0f64, f64::max);
        // Few steps: each gets the same number of columns; many: sampled.
        let per = (w / values.len()).max(1);
        let cols = (values.len() * per).min(w);
        let step_of = |c: usize| {
            if per > 1 || cols <= 1 {
                (c / per).min(values.len() - 1)
            } else {
                c * (values.len() - 1) / (cols - 1)
            }
        };
        let mut bars = crate::app::view::bars::Bars::new(th.ascii);
        let mut cur_col = 0;
        for c in 0..cols {
            let k = step_of(c);
            if k <= self.step {
                cur_col = c;
            }
            bars.push(values[k].map(|v| {
                let x = match review::proven(v) {
                    0 => (review::seeds(v) / scale).clamp(-1.0, 1.0),
                    p => p as f64,
                };
                ((x + 1.0) * 8.0).round() as usize
            }));
        }
        let title = match values.get(self.step).copied().flatten() {
            Some(v) => {
                // The step's value is a bound where its search was not exact.
                let exact = self.panel.review().is_none_or(|r| {
                    r.decisions
                        .iter()
                        .find(|d| d.game == self.game && d.number == self.step.max(1))
                        .is_none_or(|d| d.exact)
                });
                format!(" Value for South {} ", review::short_value_text(v, exact))
            }
            None => " Value for South ".to_string(),
        };
        bars.render(title, cur_col, area, buf);
    }
}

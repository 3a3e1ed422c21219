//! The replay viewer: a record's games stepped through decision by decision,
//! animated or by turns, with autoplay, a turn typed to jump to and the AI's
//! review. The game shown is a `Play` whose history holds every decision (the
//! app installs it); the viewer moves along that history by restoring steps.

use super::game::StartMenu;
use super::game::after_move;
use super::play::{AnimStep, MoveRec, Play};
use super::{Around, Chrome, Did, Env, Key, Kind, Screen, Transition};
use crate::keys::Ctx;
use crate::session::Session;
use crate::session::job::Done;
use crate::session::over_line;
use crate::session::setup::BadSetup;
use crate::session::setup::Setup;
use ratatui::crossterm::event::KeyCode;

/// What a key or a tick did in the viewer: the replay screen carries it out.
#[derive(Debug)]
pub enum Viewed {
    Stay,
    Redraw,
    Refuse(String),
    Status(String),
    /// Show game `n` of the record (from 0).
    Game(usize),
    /// Leave the viewer and play on from the position shown.
    TakeOver,
}
use crate::app::anim::{self, BoardState};
use crate::app::event::{self, AppEvent, Output};
use crate::app::review_view::{self, ReviewGraph, ReviewPanel};
use crate::app::view::bars::Bars;
use crate::app::view::play::{GameChrome, PlayView, ViewerParts};
use crate::app::view::theme::Theme;
use crate::engine::Status;
use crate::engine::{PerSide, Side};
use crate::keys::Action;
use crate::record::{Checked, Record};
use crate::session::load::Loaded;
use crate::session::work::Played;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// The viewer's state: the record, which game of it is shown, every
/// decision of that game, autoplay and the turn being typed.
#[derive(Debug)]
pub struct ReplayScreen {
    record: Record,
    checked: Checked,
    /// Every game's decisions as the loader played them.
    steps: Vec<Vec<Played>>,
    /// Which game of a match is shown (0 for a single game).
    game: usize,
    /// Every decision of the shown game (the history's moves stop at the step shown).
    all_moves: Vec<MoveRec>,
    /// Autoplay on: when the next step is due (None while the step animates).
    autoplay: bool,
    next_step: Option<Instant>,
    /// A turn number being typed.
    goto: String,
    /// The AI's review of the record (dropped with the viewer: it stops).
    review: ReviewPanel,
    /// Opened from the saved-games list: q and Esc go back to it.
    back: Option<Box<super::saves::SavesScreen>>,
}

/// How fast the viewer animates: the app's speed (the viewer's keys change
/// it), and whether moves show at once.
#[derive(Debug)]
pub struct Pace<'a> {
    pub speed_ms: &'a mut u64,
    pub instant: bool,
}

impl ReplayScreen {
    /// A viewer on a loaded record; the app then installs its first game.
    pub fn new(loaded: Loaded) -> ReplayScreen {
        let Loaded {
            record,
            checked,
            steps,
            ..
        } = loaded;
        ReplayScreen {
            record,
            checked,
            steps,
            game: 0,
            all_moves: Vec::new(),
            autoplay: false,
            next_step: None,
            goto: String::new(),
            review: ReviewPanel::default(),
            back: None,
        }
    }

    /// Opened from this saved-games list: leaving goes back to it.
    pub fn set_back(&mut self, list: super::saves::SavesScreen) {
        self.back = Some(Box::new(list));
    }

    /// Leaving by this key goes back to the saved-games list (q, or Esc with
    /// no turn number typed): the list, taken.
    pub fn take_back(&mut self, action: Action) -> Option<super::saves::SavesScreen> {
        let leaves = action == Action::Quit || (action == Action::Cancel && self.goto.is_empty());
        if !leaves {
            return None;
        }
        self.back.take().map(|b| *b)
    }

    pub fn record(&self) -> &Record {
        &self.record
    }

    pub fn checked(&self) -> &Checked {
        &self.checked
    }

    /// Every game's decisions as the loader played them.
    pub fn steps(&self) -> &[Vec<Played>] {
        &self.steps
    }

    /// The game of the record shown (0: the first).
    pub fn game(&self) -> usize {
        self.game
    }

    /// Every decision of the game shown.
    pub fn all_moves(&self) -> &[MoveRec] {
        &self.all_moves
    }

    pub fn review(&self) -> &ReviewPanel {
        &self.review
    }

    pub fn review_mut(&mut self) -> &mut ReviewPanel {
        &mut self.review
    }

    /// Game `gi` was installed in `p` with all its decisions: shown from its start.
    pub fn installed(&mut self, gi: usize, p: &Play) {
        self.game = gi;
        self.all_moves = p.moves().to_vec();
        self.autoplay = false;
        self.next_step = None;
        self.goto.clear();
    }

    /// The step shown and the number of steps: (decisions shown, all decisions).
    pub fn step(&self, p: &Play) -> (usize, usize) {
        (p.step(), self.all_moves.len())
    }

    /// When the viewer next wants a tick: the step's animation, or autoplay's next step.
    pub fn deadline(&self, p: &Play) -> Option<Instant> {
        p.next_frame_at().or(self.next_step)
    }

    /// The status line: the step, the game of a match, what the keys set,
    /// and the position's turn or result. What the keys just set comes
    /// first: a narrow status line drops the last parts
    /// (`view::play::status_line`).
    pub fn status(&self, p: &Play, speed_ms: u64) -> String {
        let (at, all) = self.step(p);
        let games = self.record.games.len();
        let mut s = format!("Replay: decision {at} of {all}");
        if games > 1 {
            s.push_str(&format!(", game {} of {games}", self.game + 1));
        }
        if self.autoplay {
            s.push_str(&format!(" · autoplay {speed_ms} ms a seed"));
        }
        if !self.goto.is_empty() {
            s.push_str(&format!(" · go to turn {}_", self.goto));
        }
        match p.game().status() {
            Status::Over(o) => s.push_str(&format!(" · {}", over_line(&o))),
            Status::Playing => s.push_str(&format!(
                " · turn {}, {} to move",
                p.game().turn(),
                p.game().to_move().title()
            )),
        }
        s
    }

    /// Shows step `at` (0: the start; k: after decision k), animating the
    /// decision when it is the next one.
    fn go(&self, p: &mut Play, at: usize, animate: bool, speed_ms: u64, now: Instant) {
        let at = at.min(p.last_step());
        let mut frames = Vec::new();
        if animate && at == p.step() + 1 {
            let before_game = p.game_at(p.step());
            let before = BoardState::of_game(before_game);
            let mover = before_game.to_move();
            // The loader kept each decision's events: nothing to work out here.
            if let Some(played) = self.steps.get(self.game).and_then(|s| s.get(p.step())) {
                let hand = before_game
                    .pending()
                    .map_or((0, 0), |pd| (pd.in_hand, pd.lap));
                frames = anim::frames_from(&before, mover, hand, &played.events);
            }
        }
        p.restore(at);
        if !frames.is_empty() {
            let hidden = p.log().len() - p.log_len_at(at - 1);
            p.set_speed(speed_ms);
            p.start_anim(frames, hidden, now);
        }
    }

    /// Goes to step `at` and says where the viewer is.
    fn go_status(
        &self,
        p: &mut Play,
        at: usize,
        animate: bool,
        speed_ms: u64,
        now: Instant,
    ) -> Viewed {
        self.go(p, at, animate, speed_ms, now);
        Viewed::Status(self.status(p, speed_ms))
    }

    /// Shows the game's last step (the review of a game just finished opens there).
    pub fn go_to_end(&self, p: &mut Play, speed_ms: u64, now: Instant) {
        self.go(p, p.last_step(), false, speed_ms, now);
    }

    /// Starts the review of the record; the line for the status.
    pub fn start_review(&mut self, tx: &Sender<AppEvent>) -> String {
        let post = event::post(tx, Output::Review);
        self.review.start(&self.record, &self.checked, post)
    }

    /// The step where the turn after (or before) the shown one starts.
    fn turn_target(p: &Play, forward: bool) -> usize {
        let boundary = |k: usize| p.game_at(k).pending().is_none();
        let last = p.last_step();
        if forward {
            (p.step() + 1..=last).find(|&k| boundary(k)).unwrap_or(last)
        } else {
            (0..p.step()).rev().find(|&k| boundary(k)).unwrap_or(0)
        }
    }

    /// A key in the viewer (`digit`: the character of a digit key).
    pub fn handle(
        &mut self,
        action: Action,
        digit: Option<char>,
        p: &mut Play,
        pace: Pace<'_>,
        tx: &Sender<AppEvent>,
        now: Instant,
    ) -> Viewed {
        let speed = *pace.speed_ms;
        let at = p.step();
        let last = p.last_step();
        let animating = p.anim().is_some();
        match action {
            Action::StepForward => {
                if animating && at == last {
                    self.go_status(p, at, false, speed, now)
                } else if animating {
                    // Skip the rest of this decision's sowing and show the next.
                    self.go(p, at, false, speed, now);
                    self.go_status(p, at + 1, !pace.instant, speed, now)
                } else if at < last {
                    self.go_status(p, at + 1, !pace.instant, speed, now)
                } else {
                    Viewed::Refuse("The end of the game".into())
                }
            }
            Action::StepBack => self.go_status(p, at.saturating_sub(1), false, speed, now),
            Action::TurnForward => {
                let t = Self::turn_target(p, true);
                self.go_status(p, t, false, speed, now)
            }
            Action::TurnBack => {
                let t = Self::turn_target(p, false);
                self.go_status(p, t, false, speed, now)
            }
            Action::First => self.go_status(p, 0, false, speed, now),
            Action::Last => self.go_status(p, last, false, speed, now),
            Action::Autoplay => {
                self.autoplay = !self.autoplay;
                self.next_step = self.autoplay.then_some(now);
                Viewed::Status(self.status(p, speed))
            }
            Action::Faster | Action::Slower => {
                *pace.speed_ms = if action == Action::Faster {
                    (speed / 2).max(5)
                } else {
                    (speed * 2).min(2000)
                };
                Viewed::Status(self.status(p, *pace.speed_ms))
            }
            Action::Digit => {
                let Some(c) = digit else {
                    return Viewed::Stay;
                };
                if self.goto.len() < 5 {
                    self.goto.push(c);
                }
                Viewed::Status(self.status(p, speed))
            }
            Action::Cancel => {
                self.goto.clear();
                Viewed::Status(self.status(p, speed))
            }
            Action::Play => {
                let n: u32 = std::mem::take(&mut self.goto).parse().unwrap_or(0);
                let target = (0..=last).find(|&k| {
                    let g = p.game_at(k);
                    g.turn() >= n && g.pending().is_none() || g.status().is_over()
                });
                match target {
                    Some(t) if n > 0 => self.go_status(p, t, false, speed, now),
                    _ => Viewed::Refuse(format!("There is no turn {n} in this game")),
                }
            }
            Action::NextGame | Action::PrevGame => {
                let games = self.record.games.len();
                let gi = if action == Action::NextGame {
                    self.game + 1
                } else {
                    self.game.wrapping_sub(1)
                };
                if gi >= games {
                    Viewed::Refuse(if games == 1 {
                        "The record holds one game".to_string()
                    } else {
                        format!("The match has games 1 to {games}")
                    })
                } else {
                    Viewed::Game(gi)
                }
            }
            Action::TakeOver if p.game().status().is_over() => {
                Viewed::Refuse("The game is over here: step back to take over".into())
            }
            Action::TakeOver => Viewed::TakeOver,
            Action::Review | Action::NextMistake | Action::PrevMistake => {
                let post = event::post(tx, Output::Review);
                let out =
                    self.review
                        .handle(action, &self.record, &self.checked, self.game, at, post);
                match out {
                    review_view::Outcome::Status(s) => Viewed::Status(s),
                    review_view::Outcome::Refuse(s) => Viewed::Refuse(s),
                    review_view::Outcome::Go(step, s) => {
                        self.go(p, step, false, speed, now);
                        Viewed::Status(s)
                    }
                }
            }
            _ => Viewed::Stay,
        }
    }

    /// Time passed: the step's animation goes on, or autoplay shows the next step.
    pub fn tick(&mut self, p: &mut Play, pace: Pace<'_>, now: Instant) -> Viewed {
        let speed = *pace.speed_ms;
        if p.anim().is_some() {
            return match p.advance_anim(now, speed) {
                AnimStep::Idle => Viewed::Stay,
                AnimStep::Frame => Viewed::Redraw,
                AnimStep::Ended => {
                    if self.autoplay {
                        self.next_step = Some(now + Duration::from_millis((speed * 6).max(250)));
                    }
                    Viewed::Redraw
                }
            };
        }
        match self.next_step {
            Some(t) if self.autoplay && t <= now => {
                if p.step() >= p.last_step() {
                    self.autoplay = false;
                    self.next_step = None;
                    return Viewed::Status(self.status(p, speed));
                }
                self.next_step = Some(now + Duration::from_millis((speed * 6).max(250)));
                let t = self.go_status(p, p.step() + 1, !pace.instant, speed, now);
                if p.anim().is_some() {
                    self.next_step = None;
                }
                t
            }
            _ => Viewed::Stay,
        }
    }

    /// The title: the game (and which of the match), the decision and the turn shown.
    pub fn title(&self, game_title: String, step: usize, turn: u32, th: &Theme) -> Line<'static> {
        let mut t = format!("Replay: {game_title}");
        let games = self.record.games.len();
        if games > 1 {
            t.push_str(&format!(" game {}/{games}", self.game + 1));
        }
        Line::from(vec![
            Span::styled(t, th.title()),
            Span::raw(format!(
                "{}decision {}/{}{}turn {}",
                th.sep(),
                step,
                self.all_moves.len(),
                th.sep(),
                turn
            )),
        ])
    }

    /// The whole move list around the move shown, `h` lines of `width`:
    /// the review's marks after the decisions it judged, the turn of the
    /// move shown highlighted and marked with `>`, and a long token (the
    /// special move's `x2,3=0,0,...`) going on over indented lines, as the
    /// live list does, instead of being cut at the box's edge.
    pub fn move_list(&self, step: usize, h: usize, width: usize, th: &Theme) -> Vec<Line<'static>> {
        let marked: Vec<MoveRec> = self
            .all_moves
            .iter()
            .enumerate()
            .map(|(k, m)| MoveRec {
                token: format!("{}{}", m.token, self.review.sign(self.game, k)),
                ..m.clone()
            })
            .collect();
        let turns = crate::app::view::play::numbered_moves(&marked);
        // The move shown is the last one played: decision `step` (from 1).
        let current = step.checked_sub(1);
        let cur_turn = current.and_then(|c| turns.iter().position(|(_, end)| *end >= c));
        // Each turn's lines after the one-column mark.
        let mut lines: Vec<(usize, String)> = Vec::new();
        for (i, (text, _)) in turns.iter().enumerate() {
            let fitted =
                crate::app::view::play::fit_moves(std::slice::from_ref(text), width.max(2) - 1);
            lines.extend(fitted.into_iter().map(|l| (i, l)));
        }
        // The window keeps the shown turn's lines in the middle when it can.
        let start = match cur_turn {
            Some(c) => {
                let first = lines.iter().position(|(i, _)| *i == c).unwrap_or(0);
                let end = lines.iter().rposition(|(i, _)| *i == c).unwrap_or(first) + 1;
                if end > h {
                    (first + (end - first) / 2 + h / 2 + 1)
                        .max(end)
                        .min(lines.len())
                        .saturating_sub(h)
                } else {
                    0
                }
            }
            None => 0,
        };
        let mut shown: Vec<Line<'static>> = Vec::new();
        let mut last_turn = None;
        for (i, text) in lines.into_iter().skip(start).take(h) {
            let first_of_turn = last_turn != Some(i);
            last_turn = Some(i);
            shown.push(if Some(i) == cur_turn {
                let mark = if first_of_turn { ">" } else { " " };
                Line::styled(format!("{mark}{text}"), th.cursor())
            } else {
                Line::from(format!(" {text}"))
            });
        }
        shown
    }
}

impl ReplayScreen {
    /// Draws the viewer: the game at the step shown, the score chart (and
    /// the review's graph) over the log, the whole move list.
    pub fn render(&self, play: &Play, area: Rect, buf: &mut Buffer, chrome: &Chrome) {
        let labels: PerSide<String> = play.labels();
        let game = GameChrome {
            chrome,
            labels: &labels,
            bottom: Side::South,
        };
        // Only a record is shown: nobody picks a hole here.
        PlayView {
            shown: &play.shown_model(false),
            chrome: &game,
            viewer: Some(&Parts { viewer: self, play }),
            analysis: None,
        }
        .render(area, buf);
    }
}

/// The viewer's parts of the play screen's drawing.
struct Parts<'a> {
    viewer: &'a ReplayScreen,
    play: &'a Play,
}

impl ViewerParts for Parts<'_> {
    fn title(&self, setup: String, step: usize, turn: u32, th: &Theme) -> Line<'static> {
        self.viewer.title(setup, step, turn, th)
    }

    fn charts(&self, area: Rect, buf: &mut Buffer, th: &Theme) {
        let (v, mut chart) = (self.viewer, area);
        if v.review().active() {
            // The review's value graph next to the score chart.
            let half = chart.width / 2;
            ReviewGraph {
                panel: v.review(),
                game: v.game(),
                step: self.play.step(),
                steps: v.all_moves().len(),
                theme: *th,
            }
            .render(
                Rect::new(chart.x + half, chart.y, chart.width - half, 4),
                buf,
            );
            chart.width = half;
        }
        score_chart(th, self.play, chart, buf);
    }

    fn moves(&self, step: usize, area: Rect, buf: &mut Buffer, th: &Theme) {
        let v = self.viewer;
        Paragraph::new(v.move_list(
            step,
            area.height.saturating_sub(2) as usize,
            area.width.saturating_sub(2) as usize,
            th,
        ))
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(v.review().moves_title()),
        )
        .render(area, buf);
    }
}

/// South's score over the game, one column per step (sampled to the width),
/// two rows of eighth blocks, the step shown marked with `^` in the border.
fn score_chart(th: &Theme, p: &Play, area: Rect, buf: &mut Buffer) {
    let scores = p.scores();
    let w = area.width.saturating_sub(2) as usize;
    if scores.is_empty() || w == 0 {
        return;
    }
    let total = scores
        .iter()
        .map(|s| s.south + s.north)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let cols = scores.len().min(w);
    let step_of = |c: usize| {
        if cols <= 1 {
            0
        } else {
            c * (scores.len() - 1) / (cols - 1)
        }
    };
    let mut bars = Bars::new(th.ascii);
    let mut cur_col = 0;
    for c in 0..cols {
        let k = step_of(c);
        if k <= p.step() {
            cur_col = c;
        }
        bars.push(Some(
            (scores[k].south as f64 / total * 16.0).round() as usize
        ));
    }
    let s = scores[p.step().min(scores.len() - 1)];
    let title = format!(" South's score {} of {} ", s.south, s.south + s.north);
    bars.render(title, cur_col, area, buf);
}

/// The replay viewer and the game it shows (its steps in the game's history).
pub struct Replaying {
    viewer: Box<ReplayScreen>,
    play: Option<Box<Play>>,
}

impl Replaying {
    /// The viewer on game `gi` of a loaded record (`None`: that game cannot
    /// be shown; the status line says why).
    pub fn open(loaded: Loaded, gi: usize, env: &mut Env) -> Result<Option<Replaying>, BadSetup> {
        Setup::from_record(&loaded.record)?;
        env.instant = false;
        let mut r = Replaying {
            viewer: Box::new(ReplayScreen::new(loaded)),
            play: None,
        };
        Ok(r.view(gi, env).then_some(r))
    }

    /// Shows game `gi` of the record from its start (false: it cannot be).
    fn view(&mut self, gi: usize, env: &mut Env) -> bool {
        let v = &self.viewer;
        let session = match Session::load_parts(v.record(), v.checked(), v.steps(), gi) {
            Ok(s) => s,
            Err(e) => {
                env.refuse(e);
                return false;
            }
        };
        let mut play = env.new_play(session);
        self.viewer.installed(gi, &play);
        play.restore(0);
        env.set_status(self.viewer.status(&play, env.speed_ms));
        self.play = Some(play);
        true
    }

    /// At the game's end with its review started (a game just finished).
    pub fn go_to_end_reviewed(&mut self, env: &mut Env, now: Instant) {
        if let Some(p) = self.play.as_deref_mut() {
            self.viewer.go_to_end(p, env.speed_ms, now);
        }
        let line = self.viewer.start_review(&env.tx);
        env.set_status(line);
    }

    /// Leaving goes back to this saved-games list.
    pub fn set_back(&mut self, list: super::saves::SavesScreen) {
        self.viewer.set_back(list);
    }

    pub fn viewer(&self) -> &ReplayScreen {
        &self.viewer
    }

    pub fn viewer_mut(&mut self) -> &mut ReplayScreen {
        &mut self.viewer
    }

    /// The step shown and the number of steps: (decisions shown, all decisions).
    pub fn step(&self) -> (usize, usize) {
        self.play.as_ref().map_or((0, 0), |p| self.viewer.step(p))
    }

    /// What a key or a tick did in the viewer, carried out.
    fn carry(&mut self, viewed: Viewed, env: &mut Env) -> Transition {
        match viewed {
            Viewed::Stay => Transition::Stay,
            Viewed::Redraw => Transition::Redraw,
            Viewed::Refuse(line) => {
                env.refuse(line);
                Transition::Redraw
            }
            Viewed::Status(line) => {
                env.set_status(line);
                Transition::Redraw
            }
            Viewed::Game(gi) => {
                self.view(gi, env);
                Transition::Redraw
            }
            // Plays on from the step shown, as a new game saved to a new
            // file. If both seats were AI, the side to move becomes human.
            Viewed::TakeOver => {
                let Some(mut play) = self.play.take() else {
                    return Transition::Stay;
                };
                let turn = play.take_over();
                env.persist.to_new_file();
                env.set_status(format!("Taken over at turn {turn}: a new game"));
                Transition::Replace(after_move(play, env))
            }
        }
    }
}

impl Screen for Replaying {
    fn ctx(&self) -> Option<Ctx> {
        Some(Ctx::Replay)
    }

    fn handle(&mut self, key: Key<'_>, env: &mut Env) -> Transition {
        let action = key.action;
        // Opened from the saved-games list: q and Esc go back to it.
        if let Some(list) = self.viewer.take_back(action) {
            env.set_status("Back to the saved games");
            return Transition::Replace(Box::new(StartMenu::with_saves(list)));
        }
        if action == Action::Quit {
            return Transition::QuitNow;
        }
        let Some(p) = self.play.as_deref_mut() else {
            return Transition::Stay;
        };
        if action == Action::Edit {
            return super::editor::Editor::open(p.game(), env);
        }
        if let Some(t) = super::share::share(action, p.game(), env) {
            return t;
        }
        let digit = match key.event.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        let pace = Pace {
            speed_ms: &mut env.speed_ms,
            instant: env.instant,
        };
        let viewed = self.viewer.handle(action, digit, p, pace, &env.tx, key.now);
        if matches!(viewed, Viewed::Stay) && action != Action::Digit {
            return Transition::Stay;
        }
        match self.carry(viewed, env) {
            Transition::Stay => Transition::Redraw,
            t => t,
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>) {
        if let Some(p) = &self.play {
            self.viewer.render(p, area, buf, around.chrome);
        }
    }

    fn tick(&mut self, now: Instant, env: &mut Env) -> Transition {
        let Some(p) = self.play.as_deref_mut() else {
            return Transition::Stay;
        };
        let pace = Pace {
            speed_ms: &mut env.speed_ms,
            instant: env.instant,
        };
        let viewed = self.viewer.tick(p, pace, now);
        self.carry(viewed, env)
    }

    fn deadline(&self) -> Option<Instant> {
        self.viewer.deadline(self.play.as_ref()?)
    }

    /// The review's news, the analysis (or a decision) of the game shown.
    fn on_job(
        &mut self,
        done: Done<Output>,
        now: Instant,
        env: &mut Env,
    ) -> Result<Transition, Done<Output>> {
        let version = done.version;
        let did = match (done.output, self.play.as_deref_mut()) {
            (Output::Review(update), _) => {
                let (dirty, line) = self.viewer.review_mut().update(version, update);
                if let Some(line) = line {
                    env.set_status(line);
                }
                return Ok(if dirty {
                    Transition::Redraw
                } else {
                    Transition::Stay
                });
            }
            (Output::Analysis(output), Some(p)) => p.analysed(Done { version, output }),
            (Output::Played { decided }, Some(p)) => p.played(version, *decided, now),
            (output, _) => return Err(Done { version, output }),
        };
        Ok(match did {
            Did::Stay => Transition::Stay,
            Did::Refuse(line) => {
                env.refuse(line);
                Transition::Redraw
            }
            Did::Status(line) => {
                env.set_status(line);
                Transition::Redraw
            }
            _ => Transition::Redraw,
        })
    }

    fn kind(&self) -> Option<Kind> {
        Some(Kind::Replay)
    }

    fn play(&self) -> Option<&Play> {
        self.play.as_deref()
    }

    fn play_mut(&mut self) -> Option<&mut Play> {
        self.play.as_deref_mut()
    }
}

impl Env {
    /// The replay viewer on a loaded record's first game, in place of the
    /// screen (`back`: the saved-games list it was chosen from, which
    /// leaving it goes back to).
    pub fn open_replay(
        &mut self,
        loaded: Loaded,
        back: Option<super::saves::SavesScreen>,
    ) -> Result<Transition, BadSetup> {
        Ok(match Replaying::open(loaded, 0, self)? {
            Some(mut r) => {
                if let Some(list) = back {
                    r.set_back(list);
                }
                Transition::Replace(Box::new(r))
            }
            None => Transition::Redraw,
        })
    }
}

//! The lesson screen: one lesson at a time, its text, its position on the
//! same board and animation as a game, the task, and the engine's verdict on
//! the player's turn. Its own state, keys and drawing; the app only routes
//! keys, ticks and frames to it while it is open.
//!
//! The lessons' positions are small, so a decision is played on the UI
//! thread: none of them holds a sowing that takes long to decide.

use super::adapter::{BoardView, adapter};
use super::anim::{self, BoardState, Frame, Marks};
use super::keys::{self, Action, Ctx};
use super::screen::race::{COUNTDOWN, and_list, racer_keys};
use super::view::theme::Theme;
use super::view::{GameBoard, hint_line};
use crate::engine::enkeshui::race::Race;
use crate::engine::{AnyGame, Event, GameKind, Side};
use crate::learn::progress::Progress;
use crate::learn::{self, Lesson, Recorder, TurnLog, Verdict};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How often North's racer drops a seed in the race lesson.
pub const NORTH_RACE_MS: u64 = 150;

/// Where the player is in a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Choosing decisions (also inside a turn: a direction asked).
    Play,
    /// The guided special move: the holes lifted so far, then the seeds
    /// in hand and what has been added to each hole.
    Special { lifted: Vec<usize>, adds: Vec<u32> },
    /// The race lesson: racing.
    Race,
    /// The turn is over: the verdict.
    Answer(Verdict),
}

/// What the app does after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ignored,
    Redraw,
    /// Leave the lessons.
    Close,
}

pub struct LessonScreen {
    pub lessons: Vec<Lesson>,
    pub index: usize,
    pub phase: Phase,
    /// The lesson's position, and the game as the turn goes on.
    pub before: AnyGame,
    pub game: AnyGame,
    pub tokens: Vec<String>,
    log: TurnLog,
    /// The selected hole of the player's (1..N; Bao: 1..8 inner, 9..16 outer).
    pub cursor: usize,
    digits: String,
    /// At the direction prompt: the option picked, as in a game (Enter sows on).
    pub dir_pick: usize,
    pub hint: bool,
    pub solution: bool,
    /// A refusal or a note, shown under the task.
    pub message: String,
    pub progress: Progress,
    progress_path: Option<PathBuf>,
    /// The animation of the last decision: its frames, the one shown, when the next is due.
    anim: Option<(Vec<Frame>, usize, Instant)>,
    pub speed_ms: u64,
    pub race: Option<Race>,
    /// South's last race key (the same key twice counts once).
    race_key: Option<char>,
    /// The race lesson's countdown, as in a game's race: the number shown
    /// and when it goes down (None: racing).
    countdown: Option<(u8, Instant)>,
    north_at: Option<Instant>,
    pub theme: Theme,
    /// Puzzles instead of lessons (`learn --puzzles`): their list and judge.
    pub puzzles: Option<super::puzzle::Puzzles>,
}

impl LessonScreen {
    /// The lessons of `kind` (all three games when `None`), at the first one
    /// not done; progress read from (and saved to) `progress_path`.
    pub fn new(
        kind: Option<GameKind>,
        progress_path: Option<PathBuf>,
        theme: Theme,
        speed_ms: u64,
        now: Instant,
    ) -> LessonScreen {
        let lessons: Vec<Lesson> = match kind {
            Some(k) => learn::of(k),
            None => learn::all(),
        };
        LessonScreen::with_lessons(lessons, progress_path, theme, speed_ms, now)
    }

    /// These lessons (at least one), at the first one not done; progress
    /// read from (and saved to) `progress_path`.
    pub fn with_lessons(
        lessons: Vec<Lesson>,
        progress_path: Option<PathBuf>,
        theme: Theme,
        speed_ms: u64,
        now: Instant,
    ) -> LessonScreen {
        // A progress file that does not read is never written over.
        let (progress, message, progress_path) = match progress_path {
            None => (
                Progress::default(),
                "Progress is not kept: no data folder.".to_string(),
                None,
            ),
            Some(path) => match Progress::load(&path) {
                Ok(p) => (p, String::new(), Some(path)),
                Err(e) => (Progress::default(), format!("Progress not kept: {e}"), None),
            },
        };
        let index = lessons
            .iter()
            .position(|l| !progress.is_done(&l.id))
            .unwrap_or(0);
        let first = lessons[index]
            .start()
            .expect("lessons are checked by the tests");
        let mut s = LessonScreen {
            lessons,
            index,
            phase: Phase::Play,
            before: first.clone(),
            game: first,
            tokens: Vec::new(),
            log: TurnLog::default(),
            cursor: 1,
            digits: String::new(),
            dir_pick: 0,
            hint: false,
            solution: false,
            message: String::new(),
            progress,
            progress_path,
            anim: None,
            speed_ms: speed_ms.max(1),
            race: None,
            race_key: None,
            countdown: None,
            north_at: None,
            theme,
            puzzles: None,
        };
        s.open(index, now);
        if !message.is_empty() {
            s.message = message;
        }
        s
    }

    pub fn lesson(&self) -> &Lesson {
        &self.lessons[self.index]
    }

    /// Opens lesson `index` at its start.
    pub fn open(&mut self, index: usize, now: Instant) {
        self.index = index.min(self.lessons.len() - 1);
        let l = &self.lessons[self.index];
        self.before = l.start().expect("lessons are checked by the tests");
        self.game = self.before.clone();
        self.tokens.clear();
        self.log = TurnLog::default();
        self.digits.clear();
        self.dir_pick = 0;
        self.hint = false;
        self.solution = false;
        self.message.clear();
        self.anim = None;
        self.race_key = None;
        self.north_at = None;
        self.countdown = None;
        if l.is_race() {
            self.race = l.race().ok();
            self.phase = Phase::Race;
            // North's racer starts at Go, after the countdown.
            self.countdown = Some((COUNTDOWN, now + Duration::from_secs(1)));
        } else {
            self.race = None;
            self.phase = Phase::Play;
        }
        self.cursor = self.first_hole();
    }

    fn holes(&self) -> usize {
        crate::app::adapter::adapter(&self.game).holes()
    }

    /// The player's first hole that can be sown, or 1.
    fn first_hole(&self) -> usize {
        let legal = self.game.legal_tokens();
        (1..=self.holes())
            .find(|&h| legal.contains(&self.token_of(h)))
            .unwrap_or(1)
    }

    /// The decision token of the player's hole `h`.
    fn token_of(&self, h: usize) -> String {
        crate::app::adapter::adapter(&self.game).cursor_token(h)
    }

    /// The key context: the race's keys in the race lesson, else the lesson's.
    pub fn ctx(&self) -> Ctx {
        match self.phase {
            Phase::Race => Ctx::Race,
            _ => Ctx::Lesson,
        }
    }

    /// When the screen next needs a tick.
    pub fn deadline(&self) -> Option<Instant> {
        match (&self.anim, self.countdown, self.north_at) {
            (Some((_, _, at)), _, _) => Some(*at),
            (None, Some((_, at)), _) | (None, None, Some(at)) if self.phase == Phase::Race => {
                Some(at)
            }
            _ => None,
        }
    }

    /// Advances the animation and North's racer; true when something changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let mut changed = false;
        if let Some((frames, i, at)) = &mut self.anim
            && now >= *at
        {
            *i += 1;
            if *i >= frames.len() {
                self.anim = None;
            } else {
                *at = now + Duration::from_millis(self.speed_ms * frames[*i].hold.max(1) as u64);
            }
            changed = true;
        }
        while self.phase == Phase::Race
            && let Some((n, at)) = self.countdown
            && now >= at
        {
            changed = true;
            if n > 1 {
                self.countdown = Some((n - 1, at + Duration::from_secs(1)));
            } else {
                self.countdown = None;
                self.message.clear();
                self.north_at = Some(at + Duration::from_millis(NORTH_RACE_MS));
            }
        }
        if self.phase == Phase::Race
            && let Some(at) = self.north_at
            && now >= at
        {
            self.north_at = Some(now + Duration::from_millis(NORTH_RACE_MS));
            self.race_drop(Side::North);
            changed = true;
        }
        changed
    }

    fn race_drop(&mut self, side: Side) {
        let Some(race) = self.race.as_mut() else {
            return;
        };
        if race.first_sleeper().is_some() {
            return;
        }
        if race.drop_seed(side, &mut crate::engine::Quiet).is_err() {
            return;
        }
        if race.first_sleeper().is_some() {
            let verdict = self.lessons[self.index].check_race(race);
            self.finish(verdict);
        }
    }

    /// Plays one decision of the player's turn, with its animation.
    fn play(&mut self, token: &str, now: Instant) {
        let me = self.before.to_move();
        let board = BoardState::of_game(&self.game);
        let hand = self.game.pending().map_or((0, 0), |p| (p.in_hand, p.lap));
        let mut rec = Recorder {
            me,
            log: self.log.clone(),
        };
        let mut events: Vec<Event> = Vec::new();
        let mut next = self.game.clone();
        if let Err(e) = next.play_token(token, &mut events) {
            self.message = format!("{token}: {e}");
            return;
        }
        for e in &events {
            crate::engine::Observer::event(&mut rec, e.clone());
        }
        self.log = rec.log;
        self.game = next;
        self.tokens.push(token.to_string());
        self.message.clear();
        let frames = anim::frames_from(&board, me, hand, &events);
        self.anim = (!frames.is_empty()).then(|| {
            let at = now + Duration::from_millis(self.speed_ms * frames[0].hold.max(1) as u64);
            (frames, 0, at)
        });
        let turn_over = self.game.status().is_over()
            || self.game.to_move() != me
            || self.game.pending().is_none();
        if turn_over {
            let l = &self.lessons[self.index];
            let verdict = match &self.puzzles {
                // A puzzle is judged on the turn's first decision.
                Some(p) => p.verdict(self.index, &self.tokens),
                None => l.check(&self.before, &self.game, &self.log),
            };
            self.finish(verdict);
        }
    }

    /// Shows the verdict; a solved lesson is marked done and saved.
    fn finish(&mut self, verdict: Verdict) {
        if verdict.solved {
            let id = self.lessons[self.index].id.clone();
            // Saved under the lock, over what other sessions saved meanwhile.
            match &self.progress_path {
                Some(path) => match Progress::record(path, &id) {
                    Ok(now) => self.progress = now,
                    Err(e) => {
                        self.progress.mark(&id);
                        self.message = format!("Progress not saved: {e}");
                    }
                },
                None => {
                    self.progress.mark(&id);
                }
            }
        }
        self.phase = Phase::Answer(verdict);
    }

    /// The hole of the solution's next decision, while the turn so far
    /// follows the solution (a special move: its first lifted hole).
    pub fn hinted_hole(&self) -> Option<usize> {
        if self.phase != Phase::Play {
            return None;
        }
        let solution = &self.lesson().solution;
        if !solution.starts_with(&self.tokens) {
            return None;
        }
        let next = solution.get(self.tokens.len())?;
        let token = match next.strip_prefix('x') {
            Some(rest) => rest.split([',', '=']).next()?.to_string(),
            None => next.clone(),
        };
        (1..=self.holes()).find(|&h| self.token_of(h) == token)
    }

    /// The first lesson of the list not done yet.
    fn first_not_done(&self) -> Option<usize> {
        self.lessons
            .iter()
            .position(|l| !self.progress.is_done(&l.id))
    }

    /// Skips the running animation.
    fn skip(&mut self) -> bool {
        self.anim.take().is_some()
    }

    pub fn key(&mut self, ev: &KeyEvent, now: Instant) -> Outcome {
        let Some(action) = keys::action(self.ctx(), ev) else {
            return Outcome::Ignored;
        };
        if let Some(out) = super::puzzle::key(self, action, now) {
            return out;
        }
        let n = self.holes();
        match (action, &self.phase) {
            (Action::Quit | Action::Back, _) => return Outcome::Close,
            (Action::SouthRace, Phase::Race) if self.countdown.is_some() => {
                let n = self.countdown.map_or(0, |c| c.0);
                self.message = format!("Wait for Go! ({n})");
            }
            (Action::SouthRace, Phase::Race) => {
                let c = match ev.code {
                    ratatui::crossterm::event::KeyCode::Char(c) => Some(c),
                    _ => None,
                };
                if c != self.race_key {
                    self.race_key = c;
                    self.race_drop(Side::South);
                }
            }
            (Action::Skip, _) => {
                if !self.skip() {
                    return Outcome::Ignored;
                }
            }
            (Action::NextGame, _) => self.open((self.index + 1) % self.lessons.len(), now),
            (Action::PrevGame, _) => self.open(
                (self.index + self.lessons.len() - 1) % self.lessons.len(),
                now,
            ),
            (Action::Restart, _) => self.open(self.index, now),
            (Action::Hint, _) => {
                self.hint = true;
                // As in a game, the hint also selects its hole.
                if let Some(h) = self.hinted_hole() {
                    self.cursor = h;
                }
            }
            (Action::Solution, _) => {
                self.hint = true;
                self.solution = true;
            }
            (Action::Play, Phase::Answer(v)) => {
                let next = if !v.solved {
                    self.index
                } else if self.index + 1 == self.lessons.len() {
                    // After the last lesson: the first one not done yet.
                    self.first_not_done().unwrap_or(0)
                } else {
                    self.index + 1
                };
                self.open(next, now);
            }
            (_, Phase::Answer(_)) | (_, Phase::Race) => return Outcome::Ignored,
            // The direction prompt means what it means in a game: the
            // arrow picks the direction going that way on screen (South's
            // row at the bottom), Enter sows on.
            (Action::Left | Action::Right, Phase::Play) if self.game.pending().is_some() => {
                let pd = self.game.pending().expect("pending");
                let (left, right) =
                    crate::app::screen::play::direction_sides(Side::South, &pd.lifted_from);
                let d = if action == Action::Left { left } else { right };
                match pd.options.iter().position(|o| o == d) {
                    Some(i) => {
                        self.dir_pick = i;
                        self.message.clear();
                    }
                    None => self.message = format!("{d} is not open: it would repeat"),
                }
            }
            (Action::Play, Phase::Play) if self.game.pending().is_some() => {
                self.skip();
                let pd = self.game.pending().expect("pending");
                let token = pd.options[self.dir_pick.min(pd.options.len() - 1)].clone();
                self.dir_pick = 0;
                self.play(&token, now);
            }
            (Action::Left, _) => self.cursor = if self.cursor > 1 { self.cursor - 1 } else { n },
            (Action::Right, _) => self.cursor = self.cursor % n + 1,
            (Action::Up | Action::Down, _) if adapter(&self.game).picks_rows() => {
                self.cursor = if self.cursor > 8 {
                    self.cursor - 8
                } else {
                    self.cursor + 8
                };
            }
            (Action::Digit, _) => {
                if let ratatui::crossterm::event::KeyCode::Char(c) = ev.code {
                    // Two digits name holes 10 and up; a number past the
                    // last hole starts again from this digit.
                    let rows = adapter(&self.game).picks_rows();
                    let limit = if rows { 8 } else { n };
                    self.digits.push(c);
                    let fits =
                        |d: &str| d.parse::<usize>().ok().filter(|h| (1..=limit).contains(h));
                    if fits(&self.digits).is_none() {
                        self.digits = c.to_string();
                    }
                    if let Some(h) = fits(&self.digits) {
                        let outer = self.cursor > 8 && rows;
                        self.cursor = if outer { h + 8 } else { h };
                    }
                }
            }
            (Action::Special, Phase::Play) => {
                let special = adapter(&self.game).special_allowed();
                if !special {
                    self.message = "The special move is not allowed here.".into();
                } else if self.tokens.is_empty() {
                    self.phase = Phase::Special {
                        lifted: Vec::new(),
                        adds: vec![0; n],
                    };
                    self.message =
                        "Special move: pick the two holes to lift (Enter on each).".into();
                }
            }
            (Action::Play, Phase::Special { .. }) => {
                self.digits.clear();
                self.special_step(now)
            }
            (Action::Play, Phase::Play) => {
                self.skip();
                self.digits.clear();
                let token = self.token_of(self.cursor);
                self.play(&token, now);
            }
            _ => return Outcome::Ignored,
        }
        Outcome::Redraw
    }

    /// The guided special move: Enter lifts a hole (twice), then drops one
    /// seed of the hand into the selected hole; the last seed plays it.
    fn special_step(&mut self, now: Instant) {
        let AnyGame::Enkeshui(g) = &self.game else {
            return;
        };
        let Phase::Special { lifted, adds } = &mut self.phase else {
            return;
        };
        let b = g.board();
        let i = g.index(Side::South, self.cursor);
        if lifted.len() < 2 {
            if lifted.contains(&self.cursor) || b.counts[i] == 0 || b.bull_owner(i).is_some() {
                self.message = format!("Hole {} cannot be lifted.", self.cursor);
                return;
            }
            lifted.push(self.cursor);
            self.message = if lifted.len() < 2 {
                "Pick the second hole to lift.".into()
            } else {
                "Now drop the seeds: Enter puts one into the selected hole.".into()
            };
            return;
        }
        if b.bull_owner(i).is_some() {
            self.message = "No seed goes into a bull.".into();
            return;
        }
        let in_hand: u32 = lifted
            .iter()
            .map(|&h| b.counts[g.index(Side::South, h)] as u32)
            .sum::<u32>()
            - adds.iter().sum::<u32>();
        adds[self.cursor - 1] += 1;
        if in_hand > 1 {
            self.message = format!("{} seeds left in hand.", in_hand - 1);
            return;
        }
        let lifted: Vec<String> = lifted.iter().map(|h| h.to_string()).collect();
        let counts: Vec<String> = adds.iter().map(|a| a.to_string()).collect();
        let token = format!("x{}={}", lifted.join(","), counts.join(","));
        self.phase = Phase::Play;
        self.play(&token, now);
        if self.phase == Phase::Play {
            // Refused (the row came out the same): start the special move again.
            self.tokens.clear();
        }
    }

    /// The seeds in hand of the guided special move.
    fn special_hand(&self) -> Option<u32> {
        let (AnyGame::Enkeshui(g), Phase::Special { lifted, adds }) = (&self.game, &self.phase)
        else {
            return None;
        };
        let b = g.board();
        let lifted: u32 = lifted
            .iter()
            .map(|&h| b.counts[g.index(Side::South, h)] as u32)
            .sum();
        Some(lifted - adds.iter().sum::<u32>())
    }

    /// The board as shown: the animation's frame, or the game.
    fn shown(&self) -> (BoardState, Marks) {
        if let Some((frames, i, _)) = &self.anim {
            let f = &frames[*i];
            return (f.board.clone(), f.marks.clone());
        }
        if let (Some(race), AnyGame::Enkeshui(g)) = (&self.race, &self.before) {
            return (
                BoardState::from_board(race.board(), g.captured()),
                Marks::default(),
            );
        }
        (BoardState::of_game(&self.game), Marks::default())
    }

    /// The smallest terminal the screen fits: the board, the task, the
    /// verdict and the hint bar (the lesson's text shrinks first).
    pub fn needed_size(&self, width: u16) -> (u16, u16) {
        let layout =
            crate::app::adapter::adapter(&self.game).layout(Rect::new(0, 0, width.max(80), 200));
        (
            layout.board.width.max(80),
            (layout.board.height + 9).max(24),
        )
    }

    /// The lines above the board: the lesson's text when it fits in
    /// `height` lines of `width` columns, then the task and what happened.
    fn lines(&self, width: u16, height: u16) -> Vec<Line<'static>> {
        let l = self.lesson();
        let rest = self.task_lines();
        let rows = |lines: &[Line]| -> usize {
            lines
                .iter()
                .map(|line| line.width().div_ceil(width.max(1) as usize).max(1))
                .sum()
        };
        let mut out: Vec<Line<'static>> = l.text.iter().map(|p| Line::from(p.clone())).collect();
        // Long texts give way to the task and the verdict, paragraph by paragraph from the end.
        while !out.is_empty() && rows(&out) + rows(&rest) > height as usize {
            out.pop();
        }
        out.extend(rest);
        out
    }

    /// The direction prompt after a crossing, in the game's words: the
    /// arrows pick the direction going that way on screen, Enter sows on.
    pub fn crossing_line(&self) -> Option<String> {
        let p = self.game.pending()?;
        let th = &self.theme;
        let (left, right) = crate::app::screen::play::direction_sides(Side::South, &p.lifted_from);
        let picked = p.options.get(self.dir_pick).map_or("", String::as_str);
        let opt = |d: &str, text: String| {
            if !p.options.iter().any(|o| o == d) {
                format!("({text}: closed)")
            } else if picked == d {
                format!("[{text}]")
            } else {
                text
            }
        };
        Some(format!(
            "You crossed North's row: {} seeds in hand, lap {}. Direction? {}  {}  (Enter sows on)",
            p.in_hand,
            p.lap,
            opt(left, format!("{} {left}", th.arrow_left())),
            opt(right, format!("{right} {}", th.arrow_right())),
        ))
    }

    fn task_lines(&self) -> Vec<Line<'static>> {
        if let Some(p) = &self.puzzles {
            return p.task_lines(self);
        }
        let th = &self.theme;
        let l = self.lesson();
        let mut out = Vec::new();
        out.push(Line::from(vec![
            Span::styled("Task: ", th.title()),
            Span::raw(l.task.clone()),
        ]));
        // A task judged on the final score shows the score it is judged on.
        if let learn::Goal::FinalScore { .. } = l.goal {
            let (you, north) = (
                learn::score_now(&self.game, Side::South),
                learn::score_now(&self.game, Side::North),
            );
            let when = if self.game.status().is_over() {
                "Final score"
            } else {
                "Score if the game ended now"
            };
            out.push(Line::raw(format!("{when}: you {you}, North {north}.")));
        }
        match &self.phase {
            Phase::Answer(v) if v.solved => {
                let said = if l.is_race() {
                    format!("{} {}", l.success, v.what)
                } else {
                    l.answer(&self.tokens, v)
                };
                out.push(Line::from(vec![
                    Span::styled("Solved! ", th.title()),
                    Span::raw(said),
                ]));
                match self.first_not_done() {
                    None => {
                        let (what, cmd) = match self.lessons.first().map(|l| l.kind()) {
                            Some(k) if self.lessons.iter().all(|l| l.kind() == k) => {
                                (format!("every {} lesson", k.title()), k.to_string())
                            }
                            _ => ("every lesson".to_string(), "enkeshui".to_string()),
                        };
                        out.push(Line::styled(
                            format!(
                                "All done: you have solved {what}. Next, play a game against the AI: run masai-mancala {cmd}, or New game in the start menu."
                            ),
                            th.title(),
                        ));
                        out.push(Line::styled("Enter: lesson 1 again, q: leave", th.dim()));
                    }
                    Some(i) if self.index + 1 == self.lessons.len() => {
                        let left: Vec<String> = (0..self.lessons.len())
                            .filter(|&k| !self.progress.is_done(&self.lessons[k].id))
                            .map(|k| (k + 1).to_string())
                            .collect();
                        let which = if left.len() == 1 {
                            format!("lesson {}", left[0])
                        } else {
                            format!("lessons {}", left.join(", "))
                        };
                        out.push(Line::styled(
                            format!(
                                "That was the last lesson; not solved yet: {which}. Enter: lesson {}",
                                i + 1
                            ),
                            th.dim(),
                        ));
                    }
                    Some(_) => out.push(Line::styled("Enter: the next lesson", th.dim())),
                }
            }
            Phase::Answer(v) => {
                let said = if l.is_race() {
                    format!("{} {}", v.what, l.wrong)
                } else {
                    l.answer(&self.tokens, v)
                };
                out.push(Line::from(vec![
                    Span::styled("Not this time. ", th.error()),
                    Span::raw(said),
                ]));
                out.push(Line::styled("Enter or u: try again, i: a hint", th.dim()));
            }
            Phase::Race => {
                let (s, n) = self
                    .race
                    .as_ref()
                    .map_or((0, 0), |r| (r.in_hand().south, r.in_hand().north));
                // The racer keys in effect (the settings may rebind them).
                let keys = and_list(&racer_keys(Side::South));
                out.push(Line::raw(match self.countdown {
                    Some((c, _)) => format!(
                        "The race starts in {c}... Then press {keys} in turn! (North drops a seed every {NORTH_RACE_MS} ms.)"
                    ),
                    None => format!(
                        "Race: your seeds in hand {s}, North's {n}. Press {keys} in turn!"
                    ),
                }));
            }
            Phase::Special { .. } => {
                out.push(Line::raw(format!(
                    "Special move: {} seeds in hand.",
                    self.special_hand().unwrap_or(0)
                )));
            }
            Phase::Play => {
                if let Some(line) = self.crossing_line() {
                    out.push(Line::raw(line));
                }
            }
        }
        self.push_help_lines(&mut out);
        out
    }

    /// The hint and the solution when asked for, and the last message: the
    /// end of the task lines of a lesson and of a puzzle alike.
    pub(crate) fn push_help_lines(&self, out: &mut Vec<Line<'static>>) {
        let (th, l) = (&self.theme, self.lesson());
        if self.hint {
            out.push(Line::from(vec![
                Span::styled("Hint: ", th.title()),
                Span::raw(l.hint.clone()),
            ]));
        }
        if self.solution {
            out.push(Line::from(vec![
                Span::styled("Solution: ", th.title()),
                Span::raw(l.solution.join(" ")),
            ]));
        }
        if !self.message.is_empty() {
            out.push(Line::styled(self.message.clone(), th.error()));
        }
    }
}

/// The lesson screen's widget.
pub struct LessonView<'a>(pub &'a LessonScreen);

impl Widget for LessonView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let s = self.0;
        let th = s.theme;
        if let Some(p) = &s.puzzles
            && p.listing
        {
            return super::puzzle::ListView(s, p).render(area, buf);
        }
        let l = s.lesson();
        let done = if s.progress.is_done(&l.id) {
            " (done)"
        } else {
            ""
        };
        let title = match &s.puzzles {
            Some(p) => p.title(s.index, done),
            None => format!(
                "{} lesson {} of {}: {}{done}",
                l.kind().title(),
                s.index + 1,
                s.lessons.len(),
                l.title
            ),
        };
        buf.set_string(area.x, area.y, title, th.title());
        let layout = crate::app::adapter::adapter(&s.game).layout(area);
        // The text first, then the board below it, then the hint bar.
        let board_h = layout.board.height;
        let room = area.height.saturating_sub(board_h + 4);
        let text = s.lines(area.width, room);
        // Wrapped, the text takes about this many lines (words push a little over).
        let need: u16 = text
            .iter()
            .map(|l| {
                (l.width() as u16 * 11 / 10)
                    .div_ceil(area.width.max(1))
                    .max(1)
            })
            .sum();
        let text_h = need.min(room);
        let text_area = Rect::new(area.x, area.y + 1, area.width, text_h);
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .render(text_area, buf);
        let board_area = Rect::new(
            layout.board.x,
            text_area.bottom() + 1,
            layout.board.width,
            board_h.min(area.bottom().saturating_sub(text_area.bottom() + 2)),
        );
        let (board, marks) = s.shown();
        let picking = matches!(s.phase, Phase::Play | Phase::Special { .. }) && s.anim.is_none();
        // The player sits South, at the bottom.
        let view = BoardView {
            board: &board,
            marks: &marks,
            bottom: Side::South,
            cursor: picking.then_some(s.cursor),
            turn: s.game.turn(),
            mover: s.game.to_move(),
        };
        GameBoard {
            model: &adapter(&s.game).board_model(view),
            theme: th,
        }
        .render(board_area, buf);
        let hints = Rect::new(area.x, area.bottom().saturating_sub(1), area.width, 1);
        buf.set_line(
            hints.x,
            hints.y,
            &hint_line(s.ctx(), false, area.width, &th),
            area.width,
        );
    }
}

//! The lesson screen: one lesson at a time, its text, its position and the
//! task, and the engine's verdict on the player's turn. A lesson is a game:
//! the screen owns the play screen's `Play` (a `Session` set up at the
//! lesson's position, both seats people's), and every key of the turn goes
//! through the play screen's handler, so a key means here what it means in
//! a game (the cursor, digits, Enter, the direction prompt, the special
//! move, undo). The race lesson runs the game's `RaceScreen`, countdown
//! and all. The turn is judged when the session says it ended, from what
//! happened on the board. Only the lesson's own keys are its own: the
//! solution, the lesson's hint, the next and previous lessons, leaving.
//!
//! A decision is worked out on a thread as in a game; the lessons'
//! positions are small, so the screen waits for it (up to `WORK_WAIT`), and
//! a slower answer comes through the app's channel, which the app routes
//! here by the job's version ([`LessonScreen::played`]).

use super::adapter::{BoardView, adapter};
use super::anim::{BoardState, Marks};
use super::event::{self, AppEvent, Output};
use super::keys;
use crate::keys::{Action, Bar, Ctx, Keymap};
use std::rc::Rc;
// The game's own answers, as the play screen's (`Did`).
use super::screen::Did as Transition;
use super::screen::play::{Play, PlayOptions, speed_step};
use super::screen::race::{RaceScreen, and_list, racer_keys};
use super::view::theme::Theme;
use super::view::{GameBoard, hint_bar};
use crate::ai::Level;
use crate::engine::enkeshui::race::Race;
use crate::engine::{AnyGame, GameKind, Observer, PerSide, Side};
use crate::learn::progress::Progress;
use crate::learn::{self, Lesson, Recorder, TurnLog, Verdict};
use crate::session::Decided;
use crate::session::Session;
use crate::session::persist::{self, ProgressSaved};
use crate::session::race::NORTH_RACE_MS;
use crate::session::setup::Setup;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use std::path::PathBuf;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// How long the screen waits for a decision worked out on a thread. A
/// lesson's sowing is decided in well under a millisecond: the wait is only
/// there so that a busy machine does not show "Working out" for it.
const WORK_WAIT: Duration = Duration::from_secs(1);

/// Where the player is in a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Playing the turn (the session's position, as in a game).
    Play,
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
    /// The lesson's game: its session and the play screen's input state.
    play: Play,
    /// The race lesson's race, on the game's race screen.
    race: Option<RaceScreen>,
    pub hint: bool,
    pub solution: bool,
    /// A refusal or a note, shown under the task.
    pub message: String,
    /// The message is a refusal (drawn as an error).
    message_error: bool,
    pub progress: Progress,
    progress_path: Option<PathBuf>,
    pub speed_ms: u64,
    pub theme: Theme,
    /// Puzzles instead of lessons (`learn --puzzles`): their list and judge.
    pub puzzles: Option<super::puzzle::Puzzles>,
    /// The app's channel, where a decision worked out on a thread posts
    /// its answer when it takes longer than `WORK_WAIT`.
    tx: Sender<AppEvent>,
    /// How long a decision is waited for before its answer comes as an event.
    work_wait: Duration,
    /// How long the progress file is waited for (its lock may be another
    /// session's) before its answer comes as an event.
    progress_wait: Duration,
    /// The key bindings in effect (the settings').
    keys: Rc<Keymap>,
}

/// The play screen of a lesson's position: both seats people's, so that
/// nothing moves for North; the animation at `speed_ms`.
fn play_at(game: AnyGame, tx: &Sender<AppEvent>, work_wait: Duration, speed_ms: u64) -> Play {
    let opts = PlayOptions {
        tx: tx.clone(),
        work_wait,
        speed_ms,
        instant: false,
    };
    Play::new(Session::new(Setup::position(game)), opts)
}

impl LessonScreen {
    /// The lessons of `kind` (all three games when `None`), at the first one
    /// not done; progress read from (and saved to) `progress_path`.
    pub fn new(
        kind: Option<GameKind>,
        progress_path: Option<PathBuf>,
        theme: Theme,
        speed_ms: u64,
        tx: Sender<AppEvent>,
        now: Instant,
    ) -> LessonScreen {
        let lessons: Vec<Lesson> = match kind {
            Some(k) => learn::of(k),
            None => learn::all(),
        };
        LessonScreen::with_lessons(lessons, progress_path, theme, speed_ms, tx, now)
    }

    /// These lessons (at least one), at the first one not done; progress
    /// read from (and saved to) `progress_path`; slow answers of the work
    /// post to the app's channel `tx`.
    pub fn with_lessons(
        lessons: Vec<Lesson>,
        progress_path: Option<PathBuf>,
        theme: Theme,
        speed_ms: u64,
        tx: Sender<AppEvent>,
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
        let speed_ms = speed_ms.max(1);
        let mut s = LessonScreen {
            lessons,
            index,
            phase: Phase::Play,
            play: play_at(first, &tx, WORK_WAIT, speed_ms),
            race: None,
            hint: false,
            solution: false,
            message: String::new(),
            message_error: false,
            progress,
            progress_path,
            speed_ms,
            theme,
            puzzles: None,
            tx,
            work_wait: WORK_WAIT,
            progress_wait: WORK_WAIT,
            keys: Rc::new(Keymap::default()),
        };
        s.open(index, now);
        if !message.is_empty() {
            s.say(message, true);
        }
        s
    }

    pub fn lesson(&self) -> &Lesson {
        &self.lessons[self.index]
    }

    /// The position shown (the session's).
    pub fn game(&self) -> &AnyGame {
        self.play.game()
    }

    /// The selected hole (the play screen's cursor: 1..N; Bao: 1..8 inner,
    /// 9..16 outer).
    pub fn cursor(&self) -> usize {
        self.play.cursor()
    }

    /// The lesson's game: its session and the play screen's input state.
    pub fn play(&self) -> &Play {
        &self.play
    }

    /// The race lesson's race.
    pub fn race(&self) -> Option<&Race> {
        self.race.as_ref().map(RaceScreen::race)
    }

    /// The race lesson's race screen.
    pub fn race_screen(&self) -> Option<&RaceScreen> {
        self.race.as_ref()
    }

    /// The decisions played so far in the lesson's turn.
    pub fn tokens(&self) -> Vec<String> {
        self.play
            .session()
            .turns()
            .map(|t| t.decision.to_string())
            .collect()
    }

    /// Opens lesson `index` at its start: a new session at its position
    /// (the race lesson: a new race, counting down from `now`).
    pub fn open(&mut self, index: usize, now: Instant) {
        self.index = index.min(self.lessons.len() - 1);
        let l = &self.lessons[self.index];
        let start = l.start().expect("lessons are checked by the tests");
        self.race = if l.is_race() {
            // North's racer is the AI's, at the pace the lesson names.
            l.race().ok().map(|race| {
                let racers = PerSide::new(None, Some(Level::Expert));
                RaceScreen::new(race, racers, 0, now)
                    .with_pace(Side::North, NORTH_RACE_MS)
                    .with_keys(self.keys.clone())
            })
        } else {
            None
        };
        self.phase = if self.race.is_some() {
            Phase::Race
        } else {
            Phase::Play
        };
        // The last lesson's work, if any, answers a version no longer kept.
        self.play = play_at(start, &self.tx, self.work_wait, self.speed_ms);
        self.hint = false;
        self.solution = false;
        self.message.clear();
    }

    /// The last key was refused (its message says why).
    pub fn refused(&self) -> bool {
        self.message_error && !self.message.is_empty()
    }

    fn say(&mut self, message: String, error: bool) {
        self.message = message;
        self.message_error = error;
    }

    /// Its keys are these bindings (the settings'), the race lesson's too.
    pub fn set_keys(&mut self, keys: Rc<Keymap>) {
        if let Some(r) = self.race.take() {
            self.race = Some(r.with_keys(keys.clone()));
        }
        self.keys = keys;
    }

    /// The key context: the race's keys in the race lesson, the game's
    /// during the special move, else the lesson's.
    pub fn ctx(&self) -> Ctx {
        match self.phase {
            Phase::Race => Ctx::Race,
            Phase::Play if self.play.ctx() == Ctx::Special => Ctx::Special,
            _ => Ctx::Lesson,
        }
    }

    /// The race lesson's way out is the lesson's (q or Esc: leave), not the
    /// race's quit.
    pub fn borrowed(&self) -> &'static [(Ctx, Action)] {
        match self.phase {
            Phase::Race => &[(Ctx::Lesson, Action::Back)],
            _ => &[],
        }
    }

    /// Whether an action of the keys in effect does something now (the key
    /// bar lists only those): the race's keys of the person racing (North
    /// races for the AI), the lesson's own otherwise.
    pub fn acts(&self, action: Action) -> bool {
        let answered = matches!(self.phase, Phase::Answer(_));
        match (&self.phase, &self.race) {
            (Phase::Race, Some(r)) => action != Action::Quit && r.acts(action),
            // After the verdict the board takes no more decisions.
            _ if answered => !matches!(
                action,
                Action::Left | Action::Right | Action::Up | Action::Down | Action::Digit
            ),
            _ if action == Action::Undo => self.play.acts(action),
            _ => true,
        }
    }

    /// The race lesson's race is held while anything covers the screen
    /// (the help, a terminal too small), as a game's race is, and goes on
    /// from where it was once it shows again.
    pub fn hold(&mut self, covered: bool, now: Instant) {
        if let Some(r) = self.race.as_mut() {
            if covered {
                r.pause(now);
            } else {
                r.resume(now);
            }
        }
    }

    /// When the screen next needs a tick: the animation or the race (a
    /// decision still being worked out comes as an event).
    pub fn deadline(&self) -> Option<Instant> {
        let race = match (&self.race, &self.phase) {
            (Some(r), Phase::Race) => r.deadline(),
            _ => None,
        };
        let anim = self.play.next_frame_at();
        [race, anim].into_iter().flatten().min()
    }

    /// Time passed: the race, the animation; true when something changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let mut changed = false;
        if self.phase == Phase::Race
            && let Some(r) = self.race.as_mut()
        {
            let t = r.tick(now);
            changed |= self.raced(t);
        }
        let t = self.play.tick(now, self.speed_ms);
        changed | self.transition(t)
    }

    /// How long a decision is waited for before its answer comes through
    /// the app's channel (tests make every answer come so).
    /// How long the progress file is waited for before its answer comes
    /// as an event (the client: not at all).
    pub fn set_progress_wait(&mut self, wait: Duration) {
        self.progress_wait = wait;
    }

    /// The progress file written: as it is now (other sessions' lessons
    /// with it), or why not (said under the task). Returns whether to redraw.
    pub fn progress_saved(&mut self, saved: ProgressSaved) -> bool {
        match saved.result {
            Ok(mut now) => {
                // Solved here meanwhile, and not in the file yet: kept.
                for id in &self.progress.done {
                    now.mark(id);
                }
                self.progress = now;
            }
            Err(e) => self.say(format!("Progress not saved: {e}"), true),
        }
        true
    }

    pub fn set_work_wait(&mut self, wait: Duration) {
        self.work_wait = wait;
        self.play.set_work_wait(wait);
    }

    /// Whether the job of this version is this screen's decision being
    /// worked out (the app routes its answer here).
    pub fn working_on(&self, version: u64) -> bool {
        self.play.working_on(version)
    }

    /// A decision worked out on a thread arrived, taken as a game takes it;
    /// true when something changed.
    pub fn played(&mut self, version: u64, decided: Decided, now: Instant) -> bool {
        let t = self.play.played(version, decided, now);
        self.transition(t)
    }

    /// What the play screen's handler asked for, carried out as the app
    /// does for a game (the status line is the lesson's message), then the
    /// turn judged if it ended.
    fn transition(&mut self, t: Transition) -> bool {
        match t {
            Transition::Stay => return false,
            Transition::Refuse(m) => self.say(m, true),
            Transition::Status(m) => self.say(m, false),
            Transition::Moved(_) => {
                self.message.clear();
                if self.play.anim().is_none() {
                    self.play.after_move();
                }
            }
            Transition::Next(line) => {
                if let Some(line) = line {
                    self.say(line, false);
                }
                self.play.after_move();
            }
            _ => {}
        }
        self.judge();
        true
    }

    /// The race screen's answer: a refusal told; once someone sleeps, the
    /// verdict.
    fn raced(&mut self, t: Transition) -> bool {
        let changed = match t {
            Transition::Stay => false,
            Transition::Refuse(m) => {
                self.say(m, true);
                true
            }
            // Its status lines are a game's ("Press Enter to start"): at Go
            // the lesson's own line says it all.
            _ => {
                self.message.clear();
                true
            }
        };
        if self.phase == Phase::Race
            && let Some(r) = &self.race
            && r.result().is_some()
        {
            let verdict = self.lessons[self.index].check_race(r.race());
            self.finish(verdict);
            return true;
        }
        changed
    }

    /// The turn is judged when the session says it ended and the sowing
    /// has been shown to its end; undone, it is played again.
    fn judge(&mut self) {
        if self.play.anim().is_some() {
            return;
        }
        let ended = self.play.session().turn_ended();
        match self.phase {
            Phase::Play if ended => {
                let verdict = self.verdict();
                self.finish(verdict);
            }
            Phase::Answer(_) if !ended && self.race.is_none() => self.phase = Phase::Play,
            _ => {}
        }
    }

    /// The verdict on the turn played: a puzzle's on its first decision,
    /// a lesson's from the engine's events of every decision of the turn.
    fn verdict(&self) -> Verdict {
        let tokens = self.tokens();
        if let Some(p) = &self.puzzles {
            return p.verdict(self.index, &tokens);
        }
        let session = self.play.session();
        let before = session.game_at(0);
        let mut rec = Recorder {
            me: before.to_move(),
            log: TurnLog::default(),
        };
        for turn in session.turns() {
            for e in &turn.events {
                rec.event(e.clone());
            }
        }
        self.lesson().check(before, session.game(), &rec.log)
    }

    /// Shows the verdict; a solved lesson is marked done and saved.
    fn finish(&mut self, verdict: Verdict) {
        if verdict.solved {
            let id = self.lessons[self.index].id.clone();
            // Marked here at once; the file is written off this thread.
            self.progress.mark(&id);
            if let Some(path) = self.progress_path.clone() {
                let post = event::post(&self.tx, |p| Output::Progress(Box::new(p)));
                if let Some(saved) = persist::solve(path, id, self.progress_wait, post) {
                    self.progress_saved(saved);
                }
            }
        }
        self.phase = Phase::Answer(verdict);
    }

    /// The solution's next decision, while the turn so far follows the
    /// solution (a special move: its first lifted hole).
    pub fn hinted_token(&self) -> Option<String> {
        if self.phase != Phase::Play {
            return None;
        }
        let tokens = self.tokens();
        let solution = &self.lesson().solution;
        if !solution.starts_with(&tokens) {
            return None;
        }
        let next = solution.get(tokens.len())?;
        Some(match next.strip_prefix('x') {
            Some(rest) => rest.split([',', '=']).next()?.to_string(),
            None => next.clone(),
        })
    }

    /// The first lesson of the list not done yet.
    fn first_not_done(&self) -> Option<usize> {
        self.lessons
            .iter()
            .position(|l| !self.progress.is_done(&l.id))
    }

    pub fn key(&mut self, ev: &KeyEvent, now: Instant) -> Outcome {
        let ctx = self.ctx();
        let press = keys::press(ev);
        let Some(action) = self.keys.action_borrowing(ctx, self.borrowed(), press) else {
            return Outcome::Ignored;
        };
        if let Some(out) = super::puzzle::key(self, action, now) {
            return out;
        }
        if ctx == Ctx::Race {
            return self.race_key(action, ev, now);
        }
        let answered = matches!(self.phase, Phase::Answer(_));
        let n = self.lessons.len();
        match action {
            // Backspace takes a seed back in the special move, as in a game.
            Action::Quit | Action::Back if ctx == Ctx::Lesson => return Outcome::Close,
            Action::NextGame => self.open((self.index + 1) % n, now),
            Action::PrevGame => self.open((self.index + n - 1) % n, now),
            // The animation's speed, halved or doubled as in a game.
            Action::Faster | Action::Slower => {
                self.speed_ms = speed_step(self.speed_ms, action);
                self.play.set_speed(self.speed_ms);
                self.say(format!("Animation: {} ms a seed", self.speed_ms), false);
            }
            // The solution selects its next hole (or direction) as the
            // hint does: Enter then plays it.
            Action::Solution => {
                self.hint = true;
                self.solution = true;
                if let Some(token) = self.hinted_token() {
                    self.play.select(&token);
                }
            }
            Action::Hint => {
                self.hint = true;
                // As in a game, the hint also selects its hole (or direction).
                if let Some(token) = self.hinted_token() {
                    self.play.select(&token);
                }
            }
            Action::Play if answered => {
                let solved = matches!(&self.phase, Phase::Answer(v) if v.solved);
                let next = if !solved {
                    self.index
                } else if self.index + 1 == n {
                    // After the last lesson: the first one not done yet.
                    self.first_not_done().unwrap_or(0)
                } else {
                    self.index + 1
                };
                self.open(next, now);
            }
            // The race has no undo: u races again.
            Action::Undo if answered && self.race.is_some() => self.open(self.index, now),
            // After the verdict only going back (or forward) in the turn
            // and the animation's keys are the game's: North does not move.
            _ if answered && !matches!(action, Action::Undo | Action::Redo | Action::Skip) => {
                return Outcome::Ignored;
            }
            _ => {
                let t = match self.play.handle(action, ev, now) {
                    // The lesson's turn has no number of its own to go back to.
                    Transition::Next(Some(_))
                        if action == Action::Undo && self.play.step() == 0 =>
                    {
                        Transition::Next(Some("Undone: back to the start of your turn".into()))
                    }
                    t => t,
                };
                return if self.transition(t) {
                    Outcome::Redraw
                } else {
                    Outcome::Ignored
                };
            }
        }
        Outcome::Redraw
    }

    /// A key of the race lesson: the race screen's, as in a game's race.
    fn race_key(&mut self, action: Action, ev: &KeyEvent, now: Instant) -> Outcome {
        if matches!(action, Action::Quit | Action::Back) {
            return Outcome::Close;
        }
        let Some(r) = self.race.as_mut() else {
            return Outcome::Ignored;
        };
        let c = match ev.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        let t = r.handle(action, c, now);
        if self.raced(t) {
            Outcome::Redraw
        } else {
            Outcome::Ignored
        }
    }

    /// The board as shown: the race's, the animation's frame, or the
    /// game's (the special move's row as lifted and dropped so far).
    fn shown(&self) -> (BoardState, Marks) {
        if let (Some(r), AnyGame::Enkeshui(g)) = (&self.race, self.play.game()) {
            return (
                BoardState::from_board(r.race().board(), g.captured()),
                Marks::default(),
            );
        }
        let (mut board, marks) = self.play.shown();
        if let Some(row) = self.play.special_row() {
            let mover = self.play.game().to_move();
            for (k, c) in row.iter().enumerate() {
                let i = board.index(mover, k + 1);
                board.counts[i] = *c;
            }
        }
        (board, marks)
    }

    /// The smallest terminal the screen fits: the board, the task, the
    /// verdict and the hint bar (the lesson's text shrinks first).
    pub fn needed_size(&self, width: u16) -> (u16, u16) {
        let layout = adapter(self.game()).layout(Rect::new(0, 0, width.max(80), 200));
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
        let p = self.game().pending()?;
        let th = &self.theme;
        let (left, right) = self.play.direction_sides(&p.lifted_from);
        let picked = p
            .options
            .get(self.play.dir_pick())
            .map_or("", String::as_str);
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

    /// The line under the task while the turn is played: the special
    /// move's progress, or the direction prompt.
    pub fn play_line(&self) -> Option<String> {
        match self.play.special() {
            Some(sp) => Some(sp.prompt(self.play.cursor(), self.theme.sep())),
            None => self.crossing_line(),
        }
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
                learn::score_now(self.game(), Side::South),
                learn::score_now(self.game(), Side::North),
            );
            let when = if self.game().status().is_over() {
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
                    l.answer(&self.tokens(), v)
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
                    l.answer(&self.tokens(), v)
                };
                out.push(Line::from(vec![
                    Span::styled("Not this time. ", th.error()),
                    Span::raw(said),
                ]));
                out.push(Line::styled("Enter or u: try again, i: a hint", th.dim()));
            }
            Phase::Race => {
                let (s, n) = self
                    .race()
                    .map_or((0, 0), |r| (r.in_hand().south, r.in_hand().north));
                // The racer keys in effect (the settings may rebind them).
                let keys = and_list(&racer_keys(&self.keys, Side::South));
                let countdown = self.race.as_ref().and_then(RaceScreen::countdown);
                out.push(Line::raw(match countdown {
                    Some(c) => format!(
                        "The race starts in {c}... Then press {keys} in turn! (North drops a seed every {NORTH_RACE_MS} ms.)"
                    ),
                    None => format!(
                        "Race: your seeds in hand {s}, North's {n}. Press {keys} in turn!"
                    ),
                }));
            }
            Phase::Play => {
                if let Some(line) = self.play_line() {
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
                Span::raw(
                    l.solution
                        .iter()
                        .map(|t| crate::session::decision_words(t))
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
            ]));
        }
        if !self.message.is_empty() {
            let style = if self.message_error {
                th.error()
            } else {
                Style::default()
            };
            out.push(Line::styled(self.message.clone(), style));
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
        let layout = adapter(s.game()).layout(area);
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
        // The player sits South, at the bottom; the hole selected is drawn
        // while he picks one, as in a game.
        let cursor = match s.phase {
            Phase::Play => s.play.shown_cursor(true),
            _ => None,
        };
        let view = BoardView {
            board: &board,
            marks: &marks,
            bottom: Side::South,
            cursor,
            turn: s.game().turn(),
            mover: s.game().to_move(),
        };
        GameBoard {
            model: &adapter(s.game()).board_model(view),
            theme: th,
        }
        .render(board_area, buf);
        let hints = Rect::new(area.x, area.bottom().saturating_sub(1), area.width, 1);
        let acts = |a: Action| s.acts(a);
        let bar = Bar {
            ctx: s.ctx(),
            rows: adapter(s.game()).picks_rows(),
            acts: &acts,
            borrowed: s.borrowed(),
        };
        buf.set_line(
            hints.x,
            hints.y,
            &hint_bar(&s.keys, &bar, area.width, &th),
            area.width,
        );
    }
}

//! The play screen: the live game drawn and played. The game itself, its
//! history with undo and redo, the seats, the turn cycle, the match and the
//! record are the session's (`crate::session::Session`, the one every front
//! end drives); this screen keeps what is on screen: the log and the move
//! list of each step, the hole cursor, the animation, the direction prompt
//! and the special move. Its keys come in as actions and go out as a
//! `Transition` the app carries out (saving, the game's end, the status
//! line); it draws itself (`render`) with the game's widget, `view::play`.

mod analysis;
mod frames;
mod special;
mod working;

pub use self::frames::{Anim, AnimStep};
pub use self::special::SpecialMove;
use self::working::still_working;
pub use self::working::{Working, working_line};

// The game's own answers (`Did`), carried out by the screen holding it.
use super::Did as Transition;
use crate::app::adapter::adapter;
use crate::app::anim::{self, BoardState, Frame, Marks};
use crate::app::event::{self, AppEvent, Output};
use crate::app::screen::Chrome;
use crate::app::view::play::{GameChrome, PlayView, Shown, SpecialShown};
use crate::cli::Seat;
use crate::engine::AnyGame;
use crate::engine::enkeshui::Enkeshui;
use crate::engine::{PerSide, Side, Status};
use crate::keys::{Action, Ctx};
use crate::session::job::{Job, OnCancel, Spawn, Started};
use crate::session::over_line;
use crate::session::setup::Setup;
use crate::session::{
    Applied, Decided, End, Next as SessionNext, NextGame, Racing, Refused, Session, SessionError,
};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

pub use crate::app::view::play::{MoveRec, direction_sides};

/// A position of the history to look at: a plain copy (nothing runs for
/// it, and it has no hole selected).
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub game: AnyGame,
    pub log: Vec<String>,
    pub moves: Vec<MoveRec>,
    pub marks: Marks,
}

/// What the screen showed at one step of the session's history: the log,
/// the move list and the last sowing's marks (the position is the session's).
#[derive(Clone, Debug, Default)]
struct StepView {
    log: Vec<String>,
    moves: Vec<MoveRec>,
    marks: Marks,
}

pub use self::analysis::AnalysisPanel;

/// How the screen shows and works: where background work posts, how long
/// the UI waits for a decision worked out on a thread, and the animation.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    pub tx: Sender<AppEvent>,
    pub work_wait: Duration,
    pub speed_ms: u64,
    pub instant: bool,
}

/// A side as the score lines name it: "South (you)", "North (AI hard)",
/// "South (Loitha, human)" (hot seat: both "human").
pub fn seat_label(setup: &Setup, side: Side) -> String {
    let seat = match setup.seat(side) {
        Seat::Human if setup.any_ai() => "you".to_string(),
        Seat::Human => "human".to_string(),
        Seat::Ai(level) => format!("AI {}", level.name()),
    };
    let teams = setup.teams();
    let team = match side {
        Side::South => teams.south.clone(),
        Side::North => teams.north.clone(),
    };
    match team {
        Some(t) => format!("{} ({t}, {seat})", side.title()),
        None => format!("{} ({seat})", side.title()),
    }
}

impl Snapshot {
    /// The model drawn of this position, step `step` of the history.
    pub fn shown(&self, step: usize) -> Shown<'_> {
        Shown {
            game: &self.game,
            log: &self.log,
            moves: &self.moves,
            board: BoardState::of_game(&self.game),
            marks: self.marks.clone(),
            frame: None,
            log_hidden: 0,
            cursor: None,
            special: None,
            special_row: None,
            dir_pick: 0,
            digits: "",
            step,
        }
    }
}

/// The animation's speed after `+` (faster: half the time a seed) or `-`
/// (twice), between 5 ms and 2 s a seed.
pub fn speed_step(ms: u64, action: Action) -> u64 {
    if action == Action::Faster {
        (ms / 2).max(5)
    } else {
        (ms * 2).min(2000)
    }
}

/// What comes after a move was shown to its end.
#[derive(Debug)]
pub enum Next {
    /// The game is over (the session's end: what follows it, whether it is
    /// new).
    Over(End),
    /// A human is to move: the prompt.
    Prompt(String),
    /// The AI seat thinks: the status says so.
    Thinking(String),
}

/// One game being played (or just finished, or replayed): its session and
/// what the screen shows of it.
#[derive(Debug)]
pub struct Play {
    session: Session,
    /// One per step of the session's history.
    views: Vec<StepView>,
    anim: Option<Anim>,
    /// The selected hole of the side to move (1..N).
    cursor: usize,
    digits: String,
    /// Index into the pending decision's options.
    dir_pick: usize,
    special: Option<SpecialMove>,
    /// The AI seat's thinking, if any (dropping it stops it).
    thinking: Option<Job>,
    /// A decision being worked out on a thread (dropping it cancels the work).
    working: Option<Working>,
    /// The analysis of the position shown (for the panel, the hint or both).
    search: Option<AnalysisPanel>,
    /// A hint was asked in the position of this version: it is the
    /// analysis's best line, told when the search is done.
    hint_for: Option<u64>,
    /// The log's last lines tell what the running animation has not shown
    /// yet: hidden until it ends.
    log_hidden: usize,
    /// What the statistics said of the game's end (the record against that
    /// level, the offer of the next one): the game-over box shows it.
    counted: Vec<String>,
    opts: PlayOptions,
}

/// Holes the cursor runs over (the game's adapter says).
fn holes_of(g: &AnyGame) -> usize {
    adapter(g).holes()
}

/// The step after `turn`: the log's line for it (and the end's), the move
/// list and the marks; with the frames of its animation.
fn step_view(
    prev: &StepView,
    turn: &crate::session::Turn,
    after: &AnyGame,
) -> (StepView, Vec<Frame>, String) {
    let before = BoardState::of_game(&turn.before);
    let token = turn.decision.to_string();
    let line = anim::describe(&before, turn.side, &token, &turn.events);
    let hand = turn
        .before
        .pending()
        .map_or((0, 0), |pd| (pd.in_hand, pd.lap));
    let frames = anim::frames_from(&before, turn.side, hand, &turn.events);
    let mut view = prev.clone();
    view.marks = frames.last().map(|f| f.marks.clone()).unwrap_or_default();
    view.log.push(line.clone());
    if let Status::Over(o) = after.status() {
        view.log.push(over_line(&o));
    }
    view.moves.push(MoveRec {
        turn: turn.turn,
        side: turn.side,
        token,
    });
    (view, frames, line)
}

impl Play {
    /// The screen of a session: its steps so far shown as played (nobody
    /// is asked to move yet).
    pub(crate) fn new(session: Session, opts: PlayOptions) -> Play {
        let mut p = Play {
            session,
            views: Vec::new(),
            anim: None,
            cursor: 1,
            digits: String::new(),
            dir_pick: 0,
            special: None,
            thinking: None,
            working: None,
            search: None,
            hint_for: None,
            log_hidden: 0,
            counted: Vec::new(),
            opts,
        };
        p.rebuild_views();
        p.reset_cursor();
        p
    }

    /// The views of every step of the session's history, from its opening.
    fn rebuild_views(&mut self) {
        let at = self.session.step();
        self.session.go_to(self.session.last_step());
        let mut views = vec![StepView {
            log: self.session.opening().to_vec(),
            ..StepView::default()
        }];
        for (turn, after) in self.session.played() {
            let (v, _, _) = step_view(views.last().expect("a step"), turn, after);
            views.push(v);
        }
        self.views = views;
        self.session.go_to(at);
    }

    /// The live game.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The running animation, if any.
    pub fn anim(&self) -> Option<&Anim> {
        self.anim.as_ref()
    }

    /// When the animation shows its next frame (None: none runs).
    pub fn next_frame_at(&self) -> Option<Instant> {
        self.anim.as_ref().map(|a| a.next_at)
    }

    /// The selected hole of the side to move (1..N).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The hole number typed so far.
    pub fn digits(&self) -> &str {
        &self.digits
    }

    /// The direction picked among the pending decision's options.
    pub fn dir_pick(&self) -> usize {
        self.dir_pick
    }

    /// The special move being made, if any.
    pub fn special(&self) -> Option<&SpecialMove> {
        self.special.as_ref()
    }

    /// The decision being worked out on a thread, if any.
    pub fn working(&self) -> Option<&Working> {
        self.working.as_ref()
    }

    /// The position shown.
    pub fn game(&self) -> &AnyGame {
        self.session.game()
    }

    /// The log at the step shown.
    pub fn log(&self) -> &[String] {
        &self.views[self.session.step()].log
    }

    /// The moves played up to the step shown.
    pub fn moves(&self) -> &[MoveRec] {
        &self.views[self.session.step()].moves
    }

    /// The last sowing's marks.
    pub fn marks(&self) -> &Marks {
        &self.views[self.session.step()].marks
    }

    /// The legal decisions of the position, once worked out.
    pub fn legal(&self) -> Option<&Vec<String>> {
        self.session.legal()
    }

    /// The version of the position (the session's): jobs carry it.
    pub fn version(&self) -> u64 {
        self.session.version()
    }

    /// Adds lines to the log of the step shown.
    pub fn log_push(&mut self, lines: impl IntoIterator<Item = String>) {
        let at = self.session.step();
        self.views[at].log.extend(lines);
    }

    pub fn set_speed(&mut self, ms: u64) {
        self.opts.speed_ms = ms;
    }

    pub fn set_instant(&mut self, instant: bool) {
        self.opts.instant = instant;
    }

    pub fn set_work_wait(&mut self, wait: Duration) {
        self.opts.work_wait = wait;
    }

    pub fn set_ai_pause(&mut self, pause: Duration) {
        self.session.set_ai_pause(pause);
    }

    fn human(&self, side: Side) -> bool {
        self.session.human(side)
    }

    /// The side whose row is at the bottom of the screen: North's while he
    /// moves in a game of two people at one keyboard with `--flip`.
    pub fn bottom(&self) -> Side {
        let setup = self.session.setup();
        let flipped = setup.flip()
            && adapter(setup.start()).can_flip()
            && !setup.any_ai()
            && !self.game().status().is_over()
            && self.game().to_move() == Side::North;
        if flipped { Side::North } else { Side::South }
    }

    /// Which direction goes left and which right on screen for a lap lifted
    /// from this hole: (left token, right token).
    pub fn direction_sides(&self, from: &crate::engine::HoleName) -> (&'static str, &'static str) {
        direction_sides(self.bottom(), from)
    }

    /// Stops the AI's current thinking, if any.
    pub fn cancel_ai(&mut self) {
        self.thinking = None;
    }

    /// Puts the cursor on the first hole the mover may sow (the first he can
    /// lift while the legal decisions are not worked out: never the engine's
    /// legality here, which may be slow).
    fn reset_cursor(&mut self) {
        let game = self.session.game();
        let ad = adapter(game);
        let first = match self.session.legal() {
            Some(legal) => legal.iter().find_map(|t| ad.token_cursor(t)),
            None => {
                let b = BoardState::of_game(game);
                let side = game.to_move();
                (1..=holes_of(game)).find(|&c| {
                    let i = b.index(side, c);
                    b.counts[i] > 0 && b.bulls[i].is_none() && !b.closed[i]
                })
            }
        };
        if let Some(h) = first {
            self.cursor = h;
        }
        self.cursor = self.cursor.clamp(1, holes_of(game));
        self.dir_pick = 0;
        self.digits.clear();
    }

    /// The session moved to another step: nothing of the old one runs on.
    fn moved_to_step(&mut self) {
        self.working = None;
        self.anim = None;
        self.special = None;
        self.cancel_ai();
        self.reset_cursor();
    }

    /// Goes back (or forward) to step `at` of the history (the replay viewer).
    pub(crate) fn restore(&mut self, at: usize) {
        self.session.go_to(at);
        self.moved_to_step();
    }

    /// Each side's score (if the game ended there) at every step of the history.
    pub fn scores(&self) -> Vec<PerSide<u32>> {
        (0..=self.session.last_step())
            .map(|k| adapter(self.session.game_at(k)).score())
            .collect()
    }

    /// The step of the history shown: 0 at the start, k after k decisions.
    pub fn step(&self) -> usize {
        self.session.step()
    }

    pub fn can_redo(&self) -> bool {
        self.session.can_redo()
    }

    /// The last step of the history (the replay viewer's end).
    pub fn last_step(&self) -> usize {
        self.session.last_step()
    }

    /// The position at step `k` of the history (the last one past its end).
    pub fn game_at(&self, k: usize) -> &AnyGame {
        self.session.game_at(k)
    }

    /// How many lines the log had at step `k` of the history.
    pub fn log_len_at(&self, k: usize) -> usize {
        self.views[k.min(self.views.len() - 1)].log.len()
    }

    /// The position at step `at` of the history, to look at.
    pub fn at_step(&self, at: usize) -> Snapshot {
        let at = at.min(self.views.len() - 1);
        let v = &self.views[at];
        Snapshot {
            game: self.session.game_at(at).clone(),
            log: v.log.clone(),
            moves: v.moves.clone(),
            marks: v.marks.clone(),
        }
    }

    /// The board the screen shows now: the animation's frame or the game's.
    pub fn shown(&self) -> (BoardState, Marks) {
        if let Some(a) = &self.anim {
            let f = &a.frames[a.index];
            return (f.board.clone(), f.marks.clone());
        }
        (BoardState::of_game(self.game()), self.marks().clone())
    }

    pub fn frame(&self) -> Option<&Frame> {
        self.anim.as_ref().map(|a| &a.frames[a.index])
    }

    /// The Enkeshui game, if this is one.
    pub fn enkeshui(&self) -> Option<&Enkeshui> {
        match self.game() {
            AnyGame::Enkeshui(g) => Some(g),
            _ => None,
        }
    }

    /// The decision token of the hole under the cursor ("12", or "i3"/"o5" in Bao).
    pub fn cursor_token(&self) -> String {
        adapter(self.game()).cursor_token(self.cursor)
    }

    /// The sides' names on the score lines.
    pub fn labels(&self) -> PerSide<String> {
        let setup = self.session.setup();
        PerSide::new(
            seat_label(setup, Side::South),
            seat_label(setup, Side::North),
        )
    }

    /// The model drawn of the game now; `human`: the side to move is a
    /// person at the keyboard (the hole cursor shows).
    pub fn shown_model(&self, human: bool) -> Shown<'_> {
        let (board, marks) = self.shown();
        Shown {
            game: self.game(),
            log: self.log(),
            moves: self.moves(),
            board,
            marks,
            frame: self.frame(),
            log_hidden: if self.anim.is_some() {
                self.log_hidden
            } else {
                0
            },
            cursor: self.shown_cursor(human),
            special: self.special.as_ref().map(|s| SpecialShown {
                lifted: &s.lifted,
                in_hand: s.in_hand,
            }),
            special_row: self.special_row(),
            dir_pick: self.dir_pick,
            digits: &self.digits,
            step: self.step(),
        }
    }

    /// Draws the live game; `panel`: the analysis panel is on.
    pub fn render(&self, area: Rect, buf: &mut Buffer, chrome: &Chrome, panel: bool) {
        let human = self.session.setup().seat(self.game().to_move()).is_human();
        let shown = self.shown_model(human);
        let labels = self.labels();
        let game = GameChrome {
            chrome,
            labels: &labels,
            bottom: self.bottom(),
        };
        let analysis = self
            .analysis_panel()
            .filter(|_| panel)
            .map(|a| a.shown.as_ref());
        PlayView {
            shown: &shown,
            chrome: &game,
            viewer: None,
            analysis,
        }
        .render(area, buf);
    }

    /// The selected hole as drawn: only while a human picks a hole here.
    pub fn shown_cursor(&self, env_human: bool) -> Option<usize> {
        let g = self.game();
        let picking =
            self.anim.is_none() && env_human && !g.status().is_over() && g.pending().is_none();
        picking.then_some(self.cursor)
    }

    /// The keys' context on this screen now: playing, the direction prompt
    /// or the special move (the last two only on a human's turn).
    pub fn ctx(&self) -> Ctx {
        if self.anim.is_none() && self.human(self.game().to_move()) {
            if self.special.is_some() {
                return Ctx::Special;
            }
            if self.game().pending().is_some() {
                return Ctx::Direction;
            }
        }
        Ctx::Play
    }

    /// Selects the hint's decision: its hole, or its direction.
    pub fn select(&mut self, token: &str) {
        if let Some(pd) = self.game().pending() {
            if let Some(i) = pd.options.iter().position(|o| o == token) {
                self.dir_pick = i;
            }
        } else {
            let hole = adapter(self.session.game()).token_cursor(token);
            if let Some(h) = hole {
                self.cursor = h;
                self.digits.clear();
            }
        }
    }

    // ---- keys ---------------------------------------------------------------

    /// A key on the play screen (the app took the keys of the app itself:
    /// quitting, speed, the analysis, looking back).
    pub fn handle(&mut self, action: Action, k: &KeyEvent, now: Instant) -> Transition {
        let ctx = self.ctx();
        let mover = self.game().to_move();
        let human = self.human(mover);
        // A human's sowing still worked out is taken back (its work stops).
        if matches!(action, Action::Undo | Action::Cancel)
            && human
            && let Some(w) = self.working.take()
        {
            self.session.renew();
            return Transition::Status(format!(
                "Took back the sowing of {}: pick a hole and press Enter",
                w.token
            ));
        }
        match action {
            Action::Skip => {
                if self.anim.take().is_some() {
                    return Transition::Next(None);
                }
                return Transition::Redraw;
            }
            Action::Undo => return self.undo(),
            Action::Redo => return self.redo(),
            _ => {}
        }
        if self.anim.is_some() {
            if action == Action::Play {
                self.anim = None;
                return Transition::Next(None);
            }
            return Transition::Redraw;
        }
        if let Some(w) = &self.working {
            return Transition::Refuse(still_working(w));
        }
        if self.game().status().is_over() {
            return Transition::Stay;
        }
        if !human {
            return Transition::Refuse(format!("{} (AI) is to move", mover.title()));
        }
        if action == Action::Hint {
            return self.hint();
        }
        // Screen-left is the lower hole number in the bottom row.
        let left_step: i32 = if mover == self.bottom() { -1 } else { 1 };
        match ctx {
            Ctx::Direction => self.direction_key(action, now),
            Ctx::Special => self.special_key(action, k, left_step, now),
            _ => {
                match action {
                    Action::Left | Action::Right | Action::Up | Action::Down => {
                        let ad = adapter(self.session.game());
                        let c = ad.arrow(self.cursor, action, left_step, mover);
                        let Some(c) = c else {
                            return Transition::Stay;
                        };
                        self.cursor = c;
                        self.digits.clear();
                    }
                    Action::Digit => return self.digit(k),
                    Action::Cancel => self.digits.clear(),
                    Action::Play => {
                        let token = self.cursor_token();
                        self.digits.clear();
                        return self.decide(token, now);
                    }
                    Action::Special => return self.start_special(),
                    _ => return Transition::Stay,
                }
                Transition::Redraw
            }
        }
    }

    /// The direction prompt: left or right on screen, Enter plays it.
    fn direction_key(&mut self, action: Action, now: Instant) -> Transition {
        let Some(pending) = self.game().pending() else {
            return Transition::Stay;
        };
        let (left, right) = self.direction_sides(&pending.lifted_from);
        let pick = |d: &str| pending.options.iter().position(|o| o == d);
        match action {
            Action::Left | Action::Right => {
                let d = if action == Action::Left { left } else { right };
                match pick(d) {
                    Some(i) => self.dir_pick = i,
                    None => {
                        return Transition::Refuse(format!("{d} is not open: it would repeat"));
                    }
                }
                Transition::Redraw
            }
            Action::Play => {
                let token = pending.options[self.dir_pick.min(pending.options.len() - 1)].clone();
                self.decide(token, now)
            }
            _ => Transition::Stay,
        }
    }

    /// A digit typed: selects the hole it names (the game's adapter says which).
    fn digit(&mut self, k: &KeyEvent) -> Transition {
        let KeyCode::Char(c) = k.code else {
            return Transition::Stay;
        };
        match adapter(self.session.game()).typed(self.cursor, &mut self.digits, c) {
            Ok(cursor) => {
                self.cursor = cursor;
                let t = self.cursor_token();
                Transition::Status(format!("Hole {t} selected: Enter sows it"))
            }
            Err(e) => Transition::Refuse(e.to_string()),
        }
    }

    /// A left click on the board in `area` (the screen): sows the hole of the
    /// mover clicked, or (the special move) stands for Enter on it.
    pub fn click(&mut self, area: Rect, column: u16, row: u16, now: Instant) -> Transition {
        let layout = adapter(self.game()).layout(area);
        let mover = self.game().to_move();
        let (hit, rows) = {
            let ad = adapter(self.game());
            (
                ad.hit(layout.board, column, row, self.bottom()),
                ad.own_rows(),
            )
        };
        let Some((side, hole)) = hit else {
            return Transition::Stay;
        };
        if self.anim.is_some() {
            return Transition::Stay;
        }
        if side != mover {
            return Transition::Refuse(format!(
                "That hole is {}'s: {} sows from his own {}",
                mover.other().title(),
                mover.title(),
                rows
            ));
        }
        let ctx = self.ctx();
        self.cursor = hole;
        match ctx {
            Ctx::Play | Ctx::Special => {
                self.handle(Action::Play, &KeyEvent::from(KeyCode::Enter), now)
            }
            _ => Transition::Redraw,
        }
    }

    // ---- deciding -------------------------------------------------------------

    /// Plays one decision of the side to move: the session's job, worked out
    /// on a thread; when it takes long the screen goes on and the outcome
    /// comes as an event.
    pub fn decide(&mut self, token: String, now: Instant) -> Transition {
        if let Some(w) = &self.working {
            return Transition::Refuse(still_working(w));
        }
        let job = self.session.decide(&token).with_legal();
        let post = event::post(&self.opts.tx, |decided| Output::Played { decided });
        // Its answer says when it was cancelled (a sowing taken back).
        let started = Spawn::new(self.session.version(), post)
            .wait(self.opts.work_wait)
            .on_cancel(OnCancel::Tell)
            .run(move |progress| Box::new(job.run(progress)));
        match started {
            Started::Done(decided) => self.decided(*decided, now),
            Started::Running(job) => {
                self.working = Some(Working {
                    token: token.clone(),
                    job,
                });
                Transition::Status(format!("Working out the sowing of {token}..."))
            }
        }
    }

    /// A decision worked out on a thread arrived: shown if still current.
    pub fn played(&mut self, version: u64, decided: Decided, now: Instant) -> Transition {
        if !self.working_on(version) {
            return Transition::Stay;
        }
        self.working = None;
        self.decided(decided, now)
    }

    /// Whether the job of this version is this screen's decision being
    /// worked out.
    pub fn working_on(&self, version: u64) -> bool {
        self.working
            .as_ref()
            .is_some_and(|w| w.job.version() == version)
    }

    /// Gives a decision worked out to the session: refused (the message; a
    /// special move's seeds come back to hand), or played and animated.
    fn decided(&mut self, decided: Decided, now: Instant) -> Transition {
        match self.session.apply(decided) {
            Ok(applied) => self.show(&applied, now),
            Err(e @ Refused::Rule { .. }) => {
                if let Some(s) = self.special.as_mut() {
                    s.take_back();
                }
                Transition::Refuse(e.to_string())
            }
            // Undone meanwhile: nothing to show.
            Err(Refused::Stale | Refused::Racing) => Transition::Stay,
        }
    }

    /// Shows a decision the session took: its step's view, its animation.
    fn show(&mut self, applied: &Applied, now: Instant) -> Transition {
        let at = self.session.step();
        let (view, frames, line) = step_view(&self.views[at - 1], &applied.turn, self.game());
        self.views.truncate(at);
        self.views.push(view);
        self.log_hidden = if applied.over.is_some() { 2 } else { 1 };
        self.special = None;
        if self.opts.instant || frames.is_empty() {
            return Transition::Moved(line);
        }
        self.anim = Some(Anim {
            frames,
            index: 0,
            next_at: now + Duration::from_millis(self.opts.speed_ms),
        });
        // What it does is told when the animation gets there.
        let t = &applied.turn;
        Transition::Moved(format!("{} sows {}...", t.side.title(), t.decision))
    }

    /// Time passed: the animation's next frame; `Next` once it is over.
    pub fn tick(&mut self, now: Instant, speed_ms: u64) -> Transition {
        match self.advance_anim(now, speed_ms) {
            AnimStep::Idle => Transition::Stay,
            AnimStep::Frame => Transition::Redraw,
            AnimStep::Ended => Transition::Next(None),
        }
    }

    /// After a move has been shown: the game's end, or the human's prompt,
    /// or the AI seat's job (the session's) run on a thread.
    pub fn after_move(&mut self) -> Next {
        self.reset_cursor();
        self.cancel_ai();
        let (side, player, job) = match self.session.what_next() {
            SessionNext::End(end) => return Next::Over(end),
            SessionNext::Prompt(mover) => {
                return Next::Prompt(match self.game().pending() {
                    Some(pd) => format!(
                        "{}: {} seeds in hand from {} {} (lap {}): choose the direction",
                        mover.title(),
                        pd.in_hand,
                        pd.lifted_from.side.title(),
                        pd.lifted_from.hole,
                        pd.lap
                    ),
                    None => format!("{} to move: pick a hole and press Enter", mover.title()),
                });
            }
            SessionNext::Race => return Next::Thinking("The race for the first move is on".into()),
            SessionNext::Ai { side, player, job } => (side, player, job),
        };
        let job = job.with_legal();
        let post = event::post(&self.opts.tx, Output::Ai);
        self.thinking = Some(Spawn::new(job.version, post).spawn_with(move |reply| {
            // No legal decision (or cancelled): nothing is posted.
            if let Some(decided) = job.run(reply.progress()) {
                reply.answer(Box::new(decided));
            }
        }));
        Next::Thinking(format!(
            "{} (AI {}) is thinking...",
            side.title(),
            player.name()
        ))
    }

    /// The AI seat's decision arrived, played on its thread: taken into the
    /// game if it is for this position (once: nothing is worked out again).
    pub fn ai_move(&mut self, version: u64, decided: Decided, now: Instant) -> Transition {
        let current = self
            .thinking
            .as_ref()
            .is_some_and(|j| j.version() == version)
            && self.anim.is_none()
            && !self.human(self.game().to_move());
        if !current {
            return Transition::Stay;
        }
        self.thinking = None;
        self.decided(decided, now)
    }

    // ---- undo and redo, the end and the match: the session's ------------------

    /// Back to the last decision of a human (the AI's are skipped).
    pub fn undo(&mut self) -> Transition {
        match self.session.undo() {
            Ok(turn) => {
                self.moved_to_step();
                Transition::Next(Some(format!("Undone: back to turn {turn}")))
            }
            Err(e) => Transition::Refuse(e.into()),
        }
    }

    pub fn redo(&mut self) -> Transition {
        match self.session.redo() {
            Ok(turn) => {
                self.moved_to_step();
                Transition::Next(Some(format!("Redone: turn {turn}")))
            }
            Err(e) => Transition::Refuse(e.into()),
        }
    }

    /// The statistics counted (`Persist::count`): the record against
    /// that level goes to the log, or why it was not saved.
    pub fn counted(&mut self, counted: crate::session::persist::Counted) {
        let lines = match counted {
            Ok(lines) => lines,
            Err(e) => vec![format!("Statistics not saved: {e}")],
        };
        self.counted = lines.clone();
        self.log_push(lines);
    }

    /// Whether an action of the game's keys does something now: with both
    /// seats the AI's, nothing is played, hinted or undone by a key; `u`
    /// once there is a move to take back; `x` only when the special move
    /// can be made.
    pub fn acts(&self, action: Action) -> bool {
        let all_ai = self.session.all_ai();
        match action {
            Action::Special => !all_ai && adapter(self.game()).special_allowed(),
            Action::Undo => self.session.can_undo(),
            Action::Play
            | Action::Redo
            | Action::Hint
            | Action::Digit
            | Action::Left
            | Action::Right
            | Action::Up
            | Action::Down
            | Action::Cancel => !all_ai,
            _ => true,
        }
    }

    /// What the statistics said of the game's end (empty: not counted).
    pub fn counted_lines(&self) -> &[String] {
        &self.counted
    }

    /// The session, for what the app keeps of it on disk (the statistics).
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// The match's next game, from the scores carried over (the session's).
    pub fn next_game(&mut self) -> NextGame {
        let next = self.session.next_game();
        if matches!(next, NextGame::Started { .. }) {
            self.new_game();
        }
        next
    }

    /// The race was run on the race screen: the game begins from its board.
    pub fn raced(&mut self, racing: Racing) -> Result<(), SessionError> {
        self.session.raced(racing)?;
        self.new_game();
        Ok(())
    }

    /// Plays on from the step shown as a new game (the replay viewer's
    /// take-over): the turn.
    pub fn take_over(&mut self) -> u32 {
        let turn = self.session.take_over();
        self.views.truncate(self.session.step() + 1);
        self.moved_to_step();
        self.log_push([format!(
            "Taken over from the replay at turn {turn}: a new game."
        )]);
        turn
    }

    fn new_game(&mut self) {
        self.counted.clear();
        self.search = None;
        self.hint_for = None;
        self.log_hidden = 0;
        self.rebuild_views();
        self.moved_to_step();
    }
}

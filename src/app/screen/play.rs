//! The play screen: the live game with its undo history, the hole cursor,
//! the animation, the direction prompt and the special move. Its keys come
//! in as actions and go out as a `Transition` the app carries out (saving,
//! the game's end, the status line); its drawing is `view::play`'s.

use super::Transition;
use super::over::over_line;
use crate::app::adapter::{adapter, value_text};
use crate::app::ai;
use crate::app::anim::{self, BoardState, Frame, Marks};
use crate::app::event::{self, AppEvent, Output};
use crate::app::job::{Done, Job, OnCancel, Spawn, Started, next_version};
use crate::app::keys::{Action, Ctx};
use crate::app::work;
use crate::cli::Seat;
use crate::engine::any::AnyGame;
use crate::engine::enkeshui::Enkeshui;
use crate::engine::{Outcome, PerSide, Side, Status};
use crate::out::thousands;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// A move in the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRec {
    pub turn: u32,
    pub side: Side,
    pub token: String,
}

/// The state after a decision, for undo and redo, and to look at: a plain
/// copy of a position (nothing runs for it, and it has no hole selected).
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub game: AnyGame,
    /// The legal decisions, when worked out (off the UI thread).
    pub legal: Option<Vec<String>>,
    pub log: Vec<String>,
    pub moves: Vec<MoveRec>,
    pub marks: Marks,
}

/// A running animation.
#[derive(Clone, Debug)]
pub struct Anim {
    pub frames: Vec<Frame>,
    pub index: usize,
    pub next_at: Instant,
}

/// The guided special move: two holes lifted, then seeds dropped one by one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpecialMove {
    /// Holes lifted (1..N), in order.
    pub lifted: Vec<usize>,
    /// Seeds dropped into each own hole (index hole-1).
    pub added: Vec<u16>,
    pub in_hand: u32,
}

/// A decision being worked out in a job: its token and the job (dropping
/// it cancels the work).
#[derive(Debug)]
pub struct Working {
    pub token: String,
    job: Job,
}

impl Working {
    /// Laps checked so far of the sowing being decided.
    pub fn laps(&self) -> u64 {
        self.job.laps()
    }
}

/// The analysis of one position of the live game: one search serves the
/// panel and the hint.
#[derive(Debug)]
pub struct AnalysisPanel {
    /// The version of the position asked about.
    version: u64,
    /// Its analysis, once worked out.
    pub shown: Option<ai::Analysis>,
    /// The search (dropping it stops it; none for a finished game).
    job: Option<Job>,
}

/// What the play screen needs of the app: the seats, the board's side at the
/// bottom, where background work posts, and the timings.
#[derive(Clone, Debug)]
pub struct PlayEnv {
    /// Each seat (None: no game set up).
    pub seats: PerSide<Option<Seat>>,
    /// The side whose row is at the bottom of the screen.
    pub bottom: Side,
    pub tx: Sender<AppEvent>,
    /// How long the UI waits for a decision worked out on a thread.
    pub work_wait: Duration,
    pub speed_ms: u64,
    pub instant: bool,
    pub ai_pause: Duration,
    /// The game's seed (the AI seats' requests derive theirs from it).
    pub seed: u64,
    pub hash_mb: Option<usize>,
    /// The analysis panel is on: the position shown is searched.
    pub analysis: bool,
    /// A fixed depth for the analysis instead of its time budget (tests).
    pub analysis_depth: Option<u32>,
}

impl PlayEnv {
    pub fn human(&self, side: Side) -> bool {
        self.seats[side].is_some_and(|s| s.is_human())
    }

    fn all_ai(&self) -> bool {
        Side::BOTH
            .iter()
            .all(|&s| self.seats[s].is_some_and(|s| !s.is_human()))
    }

    /// Which direction goes left and which right on screen for a lap lifted
    /// from this hole: (left token, right token).
    pub fn direction_sides(&self, from: &crate::engine::HoleName) -> (&'static str, &'static str) {
        direction_sides(self.bottom, from)
    }
}

/// Counterclockwise runs left to right along the bottom row and right to
/// left along the top row: (left token, right token) for a lap from `from`.
pub fn direction_sides(
    bottom: Side,
    from: &crate::engine::HoleName,
) -> (&'static str, &'static str) {
    if from.side == bottom {
        ("cw", "ccw")
    } else {
        ("ccw", "cw")
    }
}

/// What comes after a move was shown to its end.
#[derive(Debug)]
pub enum Next {
    /// The game is over.
    Over(Outcome),
    /// A human is to move: the prompt.
    Prompt(String),
    /// The AI seat thinks: the status says so.
    Thinking(String),
}

/// One game being played (or just finished), with its history.
#[derive(Debug)]
pub struct Play {
    pub game: AnyGame,
    pub log: Vec<String>,
    pub moves: Vec<MoveRec>,
    pub marks: Marks,
    pub anim: Option<Anim>,
    /// The selected hole of the side to move (1..N).
    pub cursor: usize,
    pub digits: String,
    /// Index into the pending decision's options.
    pub dir_pick: usize,
    pub special: Option<SpecialMove>,
    pub(crate) history: Vec<Snapshot>,
    pub(crate) at: usize,
    /// The AI seat's thinking, if any (dropping it stops it).
    thinking: Option<Job>,
    /// Goes up whenever the position changes: the jobs about a position
    /// (the AI seat, the analysis, a sowing worked out) are made for its
    /// version, and a result for an older one is dropped.
    pub version: u64,
    /// The legal decisions of the position, once worked out.
    pub legal: Option<Vec<String>>,
    /// A decision being worked out on a thread (dropping it cancels the work).
    pub working: Option<Working>,
    /// The analysis of the position shown (for the panel, the hint or both).
    search: Option<AnalysisPanel>,
    /// A hint was asked in the position of this version: it is the
    /// analysis's best line, told when the search is done.
    hint_for: Option<u64>,
    /// The log's last lines tell what the running animation has not shown
    /// yet: hidden until it ends.
    pub log_hidden: usize,
    /// The game's end is in the player's statistics (counted once, undo or not).
    pub counted: bool,
}

/// Holes the cursor runs over (the game's adapter says).
fn holes_of(g: &AnyGame) -> usize {
    adapter(g).holes()
}

impl Play {
    pub(crate) fn new(game: AnyGame, log: Vec<String>) -> Play {
        let snap = Snapshot {
            game: game.clone(),
            legal: None,
            log: log.clone(),
            moves: Vec::new(),
            marks: Marks::default(),
        };
        let mut p = Play {
            game,
            log,
            moves: Vec::new(),
            marks: Marks::default(),
            anim: None,
            cursor: 1,
            digits: String::new(),
            dir_pick: 0,
            special: None,
            history: vec![snap],
            at: 0,
            thinking: None,
            version: next_version(),
            legal: None,
            working: None,
            search: None,
            hint_for: None,
            log_hidden: 0,
            counted: false,
        };
        p.reset_cursor();
        p
    }

    /// Stops the AI's current thinking, if any.
    pub fn cancel_ai(&mut self) {
        self.thinking = None;
    }

    /// The position changed: a new version (the analysis of the old one
    /// stops as the app drops it).
    pub(crate) fn changed(&mut self) {
        self.version = next_version();
    }

    /// Puts the cursor on the first hole the mover may sow (the first he can
    /// lift while the legal decisions are not worked out: never the engine's
    /// legality here, which may be slow).
    fn reset_cursor(&mut self) {
        let ad = adapter(&self.game);
        let first = match &self.legal {
            Some(legal) => legal.iter().find_map(|t| ad.token_cursor(t)),
            None => {
                let b = BoardState::of_game(&self.game);
                let side = self.game.to_move();
                (1..=holes_of(&self.game)).find(|&c| {
                    let i = b.index(side, c);
                    b.counts[i] > 0 && b.bulls[i].is_none() && !b.closed[i]
                })
            }
        };
        if let Some(h) = first {
            self.cursor = h;
        }
        self.cursor = self.cursor.clamp(1, holes_of(&self.game));
        self.dir_pick = 0;
        self.digits.clear();
    }

    /// Goes back (or forward) to step `at` of the history.
    pub(crate) fn restore(&mut self, at: usize) {
        let s = self.history[at].clone();
        self.game = s.game;
        self.legal = s.legal;
        self.working = None;
        self.log = s.log;
        self.moves = s.moves;
        self.marks = s.marks;
        self.at = at;
        self.anim = None;
        self.special = None;
        self.cancel_ai();
        self.changed();
        self.reset_cursor();
    }

    /// Each side's score (if the game ended there) at every step of the history.
    pub fn scores(&self) -> Vec<PerSide<u32>> {
        self.history
            .iter()
            .map(|s| adapter(&s.game).score())
            .collect()
    }

    /// The step of the history shown: 0 at the start, k after k decisions.
    pub fn step(&self) -> usize {
        self.at
    }

    pub fn can_redo(&self) -> bool {
        self.at + 1 < self.history.len()
    }

    /// The last step of the history (the replay viewer's end).
    pub fn last_step(&self) -> usize {
        self.history.len() - 1
    }

    /// The position at step `k` of the history (the last one past its end).
    pub fn game_at(&self, k: usize) -> &AnyGame {
        &self.history[k.min(self.history.len() - 1)].game
    }

    /// How many lines the log had at step `k` of the history.
    pub fn log_len_at(&self, k: usize) -> usize {
        self.history[k.min(self.history.len() - 1)].log.len()
    }

    /// The position at step `at` of the history, to look at.
    pub fn at_step(&self, at: usize) -> Snapshot {
        self.history[at.min(self.history.len() - 1)].clone()
    }

    /// The board the screen shows now: the animation's frame or the game's.
    pub fn shown(&self) -> (BoardState, Marks) {
        if let Some(a) = &self.anim {
            let f = &a.frames[a.index];
            return (f.board.clone(), f.marks.clone());
        }
        (BoardState::of_game(&self.game), self.marks.clone())
    }

    pub fn frame(&self) -> Option<&Frame> {
        self.anim.as_ref().map(|a| &a.frames[a.index])
    }

    /// The Enkeshui game, if this is one.
    pub fn enkeshui(&self) -> Option<&Enkeshui> {
        match &self.game {
            AnyGame::Enkeshui(g) => Some(g),
            _ => None,
        }
    }

    /// The decision token of the hole under the cursor ("12", or "i3"/"o5" in Bao).
    pub fn cursor_token(&self) -> String {
        adapter(&self.game).cursor_token(self.cursor)
    }

    /// The selected hole as drawn: only while a human picks a hole here.
    pub fn shown_cursor(&self, env_human: bool) -> Option<usize> {
        let picking = self.anim.is_none()
            && env_human
            && !self.game.status().is_over()
            && self.game.pending().is_none();
        picking.then_some(self.cursor)
    }

    /// The keys' context on this screen now: playing, the direction prompt
    /// or the special move (the last two only on a human's turn).
    pub fn ctx(&self, env: &PlayEnv) -> Ctx {
        if self.anim.is_none() && env.human(self.game.to_move()) {
            if self.special.is_some() {
                return Ctx::Special;
            }
            if self.game.pending().is_some() {
                return Ctx::Direction;
            }
        }
        Ctx::Play
    }

    /// The seed of the AI seat's request in the position shown.
    pub fn ai_seed(&self, seed: u64) -> u64 {
        seed ^ ((self.history.len() as u64) << 20) ^ (self.game.turn() as u64)
    }

    /// Selects the hint's decision: its hole, or its direction.
    pub fn select(&mut self, token: &str) {
        if let Some(pd) = self.game.pending() {
            if let Some(i) = pd.options.iter().position(|o| o == token) {
                self.dir_pick = i;
            }
        } else if let Some(h) = adapter(&self.game).token_cursor(token) {
            self.cursor = h;
            self.digits.clear();
        }
    }

    // ---- keys ---------------------------------------------------------------

    /// A key on the play screen (the app took the keys of the app itself:
    /// quitting, speed, the analysis, looking back).
    pub fn handle(
        &mut self,
        action: Action,
        k: &KeyEvent,
        env: &PlayEnv,
        now: Instant,
    ) -> Transition {
        let ctx = self.ctx(env);
        let mover = self.game.to_move();
        let human = env.human(mover);
        // A human's sowing still worked out is taken back (its work stops).
        if matches!(action, Action::Undo | Action::Cancel)
            && human
            && let Some(w) = self.working.take()
        {
            self.changed();
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
            Action::Undo => return self.undo(env),
            Action::Redo => return self.redo(env),
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
        if self.game.status().is_over() {
            return Transition::Stay;
        }
        if !human {
            return Transition::Refuse(format!("{} (AI) is to move", mover.title()));
        }
        if action == Action::Hint {
            return Transition::Hint;
        }
        // Screen-left is the lower hole number in the bottom row.
        let left_step: i32 = if mover == env.bottom { -1 } else { 1 };
        match ctx {
            Ctx::Direction => self.direction_key(action, env, now),
            Ctx::Special => self.special_key(action, k, left_step, env, now),
            _ => {
                match action {
                    Action::Left | Action::Right | Action::Up | Action::Down => {
                        let ad = adapter(&self.game);
                        let Some(c) = ad.arrow(self.cursor, action, left_step, mover) else {
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
                        return self.decide(token, env, now);
                    }
                    Action::Special => return self.start_special(),
                    _ => return Transition::Stay,
                }
                Transition::Redraw
            }
        }
    }

    /// The direction prompt: left or right on screen, Enter plays it.
    fn direction_key(&mut self, action: Action, env: &PlayEnv, now: Instant) -> Transition {
        let Some(pending) = self.game.pending() else {
            return Transition::Stay;
        };
        let (left, right) = env.direction_sides(&pending.lifted_from);
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
                self.decide(token, env, now)
            }
            _ => Transition::Stay,
        }
    }

    /// A digit typed: selects the hole it names (the game's adapter says which).
    fn digit(&mut self, k: &KeyEvent) -> Transition {
        let KeyCode::Char(c) = k.code else {
            return Transition::Stay;
        };
        match adapter(&self.game).typed(self.cursor, &mut self.digits, c) {
            Ok(cursor) => {
                self.cursor = cursor;
                let t = self.cursor_token();
                Transition::Status(format!("Hole {t} selected: Enter sows it"))
            }
            Err(e) => Transition::Refuse(e),
        }
    }

    /// A left click on the board in `area` (the screen): sows the hole of the
    /// mover clicked, or (the special move) stands for Enter on it.
    pub fn click(
        &mut self,
        area: Rect,
        column: u16,
        row: u16,
        env: &PlayEnv,
        now: Instant,
    ) -> Transition {
        let layout = crate::app::adapter::adapter(&self.game).layout(area);
        let mover = self.game.to_move();
        let (hit, rows) = {
            let ad = adapter(&self.game);
            (ad.hit(layout.board, column, row, env.bottom), ad.own_rows())
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
        let ctx = self.ctx(env);
        self.cursor = hole;
        match ctx {
            Ctx::Play => self.handle(Action::Play, &KeyEvent::from(KeyCode::Enter), env, now),
            Ctx::Special => self.handle(Action::Play, &KeyEvent::from(KeyCode::Enter), env, now),
            _ => Transition::Redraw,
        }
    }

    // ---- deciding -------------------------------------------------------------

    /// Plays one decision of the side to move: worked out on a thread; when
    /// it takes long the screen goes on and the outcome comes as an event.
    pub fn decide(&mut self, token: String, env: &PlayEnv, now: Instant) -> Transition {
        if let Some(w) = &self.working {
            return Transition::Refuse(still_working(w));
        }
        let game = self.game.clone();
        let job_token = token.clone();
        let post = event::post(&env.tx, |(token, result)| Output::Played { token, result });
        // Its answer says when it was cancelled (a sowing taken back).
        let started = Spawn::new(self.version, post)
            .wait(env.work_wait)
            .on_cancel(OnCancel::Tell)
            .run(move |progress| {
                let result = work::play(&game, &job_token, true, progress).map(Box::new);
                (job_token, result)
            });
        match started {
            Started::Done((_, result)) => self.decided(result.map(|b| *b), env, now),
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
    pub fn played(
        &mut self,
        version: u64,
        result: Result<Box<work::Played>, String>,
        env: &PlayEnv,
        now: Instant,
    ) -> Transition {
        if self
            .working
            .as_ref()
            .is_none_or(|w| w.job.version() != version)
        {
            return Transition::Stay;
        }
        self.working = None;
        self.decided(result.map(|b| *b), env, now)
    }

    /// Shows a decision worked out: refused (the message; a special move's
    /// seeds come back to hand), or played and animated.
    fn decided(
        &mut self,
        result: Result<work::Played, String>,
        env: &PlayEnv,
        now: Instant,
    ) -> Transition {
        let (frames, line) = match result.map(|played| self.apply(played)) {
            Ok(done) => done,
            Err(e) => {
                if let Some(s) = self.special.as_mut() {
                    let back: u32 = s.added.iter().map(|&c| c as u32).sum();
                    s.added = vec![0; s.added.len()];
                    s.in_hand += back;
                }
                return Transition::Refuse(e);
            }
        };
        if env.instant || frames.is_empty() {
            return Transition::Moved(line);
        }
        self.anim = Some(Anim {
            frames,
            index: 0,
            next_at: now + Duration::from_millis(env.speed_ms),
        });
        // What it does is told when the animation gets there.
        let line = match self.moves.last() {
            Some(m) => format!("{} sows {}...", m.side.title(), m.token),
            None => line,
        };
        Transition::Moved(line)
    }

    /// Takes a decision worked out into the game, its log, move list and undo
    /// history; returns the animation's frames and the log's line for it.
    pub(crate) fn apply(&mut self, played: work::Played) -> (Vec<Frame>, String) {
        let token = played.token;
        let before = BoardState::of_game(&self.game);
        let mover = self.game.to_move();
        let turn = self.game.turn();
        let next = played.game;
        let events = played.events;
        let line = anim::describe(&before, mover, &token, &events);
        let hand = self
            .game
            .pending()
            .map_or((0, 0), |pd| (pd.in_hand, pd.lap));
        let frames = anim::frames_from(&before, mover, hand, &events);
        self.marks = frames.last().map(|f| f.marks.clone()).unwrap_or_default();
        self.log.push(line.clone());
        self.log_hidden = 1;
        if let Status::Over(o) = next.status() {
            self.log.push(over_line(&o));
            self.log_hidden = 2;
        }
        self.moves.push(MoveRec {
            turn,
            side: mover,
            token,
        });
        self.game = next;
        self.legal = played.legal;
        self.changed();
        self.special = None;
        self.history.truncate(self.at + 1);
        self.history.push(Snapshot {
            game: self.game.clone(),
            legal: self.legal.clone(),
            log: self.log.clone(),
            moves: self.moves.clone(),
            marks: self.marks.clone(),
        });
        self.at = self.history.len() - 1;
        (frames, line)
    }

    /// Time passed: the animation's next frame; `Next` once it is over.
    pub fn tick(&mut self, now: Instant, speed_ms: u64) -> Transition {
        let Some(a) = self.anim.as_mut() else {
            return Transition::Stay;
        };
        if now < a.next_at {
            return Transition::Stay;
        }
        // Catch up on missed ticks but draw once.
        while a.next_at <= now {
            if a.index + 1 >= a.frames.len() {
                self.anim = None;
                return Transition::Next(None);
            }
            a.index += 1;
            let hold = a.frames[a.index].hold as u64;
            a.next_at += Duration::from_millis(speed_ms * hold);
        }
        Transition::Redraw
    }

    /// After a move has been shown: the game's end, or the human's prompt,
    /// or the AI seat asked (on a thread) for its decision.
    pub fn after_move(&mut self, env: &PlayEnv) -> Next {
        self.reset_cursor();
        let mover = self.game.to_move();
        if let Status::Over(o) = self.game.status() {
            return Next::Over(o);
        }
        if env.human(mover) {
            return Next::Prompt(match self.game.pending() {
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
        let level = match env.seats[mover] {
            Some(Seat::Ai(level)) => level,
            _ => crate::ai::Player::Level(crate::ai::Level::Medium),
        };
        self.cancel_ai();
        let seat = ai::SeatRequest {
            player: level,
            seed: self.ai_seed(env.seed),
            hash_mb: env.hash_mb,
        };
        let (game, pause) = (self.game.clone(), env.ai_pause);
        let job =
            Spawn::new(self.version, event::post(&env.tx, Output::Ai)).spawn_with(move |reply| {
                // No legal decision (or cancelled): nothing is posted.
                if let Some(token) = ai::seat_decision(&game, seat, pause, reply.progress()) {
                    reply.answer(token);
                }
            });
        self.thinking = Some(job);
        Next::Thinking(format!(
            "{} (AI {}) is thinking...",
            mover.title(),
            level.name()
        ))
    }

    /// The AI seat's decision arrived: played if it is for this position.
    pub fn ai_move(
        &mut self,
        version: u64,
        token: String,
        env: &PlayEnv,
        now: Instant,
    ) -> Transition {
        let current = self
            .thinking
            .as_ref()
            .is_some_and(|j| j.version() == version)
            && self.anim.is_none()
            && !env.human(self.game.to_move());
        if !current {
            return Transition::Stay;
        }
        self.decide(token, env, now)
    }

    // ---- the analysis and the hint -----------------------------------------------

    /// The analysis searches the position shown once it changed, while the
    /// panel is on or a hint waits for it; a search nobody wants stops. Only
    /// the live game is searched (`live`: not the replay viewer's).
    pub fn sync_analysis(&mut self, env: &PlayEnv, live: bool) -> bool {
        if !live {
            self.search = None;
            return false;
        }
        let version = self.version;
        if self.hint_for.is_some_and(|v| v != version) {
            self.hint_for = None;
        }
        let current = self.search.as_ref().is_some_and(|a| a.version == version);
        if !env.analysis && self.hint_for.is_none() {
            // Kept while it is the position's: the panel may open on it.
            if !current {
                self.search = None;
            }
            return false;
        }
        if current {
            return false;
        }
        // The search of the position before stops as it is dropped.
        let job = (!self.game.status().is_over()).then(|| {
            let (game, depth) = (self.game.clone(), env.analysis_depth);
            Spawn::new(version, event::post(&env.tx, Output::Analysis)).spawn(move |progress| {
                ai::analyse(&game, depth, progress).unwrap_or(ai::Analysis {
                    depth: 0,
                    values: Vec::new(),
                })
            })
        });
        self.search = Some(AnalysisPanel {
            version,
            shown: None,
            job,
        });
        true
    }

    /// The analysis arrived: shown if it is the search's, and the hint
    /// waiting for it told.
    pub fn analysed(&mut self, done: Done<ai::Analysis>) -> Transition {
        let Some(a) = self
            .search
            .as_mut()
            .filter(|a| a.job.as_ref().is_some_and(|j| j.answers(&done)))
        else {
            return Transition::Stay;
        };
        a.shown = Some(done.output);
        if self.hint_for.take() == Some(done.version)
            && let Some(line) = self.hint_ready(done.version)
        {
            return Transition::Status(line);
        }
        Transition::Redraw
    }

    /// The analysis of the position shown, once worked out.
    pub fn analysis(&self) -> Option<&ai::Analysis> {
        self.search
            .as_ref()
            .filter(|a| a.version == self.version)?
            .shown
            .as_ref()
    }

    /// The search behind the analysis panel.
    pub fn analysis_panel(&self) -> Option<&AnalysisPanel> {
        self.search.as_ref()
    }

    /// The hint: the analysis's best line (the panel's when it is on: one
    /// search, one value), told at once when the analysis is there, else
    /// when it comes.
    pub fn hint(&mut self) -> Transition {
        if self.analysis().is_some() {
            return match self.hint_ready(self.version) {
                Some(line) => Transition::Status(line),
                None => Transition::Redraw,
            };
        }
        self.hint_for = Some(self.version);
        Transition::Status(format!(
            "Working out a hint for {}...",
            self.game.to_move().title()
        ))
    }

    /// Selects the analysis's best decision and says its value.
    fn hint_ready(&mut self, version: u64) -> Option<String> {
        let (token, value) = self.analysis()?.values.first()?.clone();
        if self.version != version || self.anim.is_some() || self.game.status().is_over() {
            return None;
        }
        let (mover, kind) = (self.game.to_move(), adapter(&self.game).units());
        self.select(&token);
        Some(format!(
            "Hint for {}: {token} (the AI rates it {}); Enter plays it",
            mover.title(),
            value_text(value, kind)
        ))
    }

    // ---- undo and redo ----------------------------------------------------------

    /// Back to the last decision of a human (the AI's are skipped).
    pub fn undo(&mut self, env: &PlayEnv) -> Transition {
        let target = match crate::session::undo_target(self.at, env.all_ai(), |k| {
            self.snapshot_is_human(k, env)
        }) {
            Ok(t) => t,
            Err(e) => return Transition::Refuse(e.into()),
        };
        self.restore(target);
        Transition::Next(Some(format!("Undone: back to turn {}", self.game.turn())))
    }

    pub fn redo(&mut self, env: &PlayEnv) -> Transition {
        let last = self.history.len() - 1;
        let target =
            match crate::session::redo_target(self.at, last, |k| self.snapshot_is_human(k, env)) {
                Ok(t) => t,
                Err(e) => return Transition::Refuse(e.into()),
            };
        self.restore(target);
        Transition::Next(Some(format!("Redone: turn {}", self.game.turn())))
    }

    /// Does a human's turn start in the snapshot (the game not over)? Undo
    /// and redo stop there, never at a direction prompt inside a turn.
    fn snapshot_is_human(&self, at: usize, env: &PlayEnv) -> bool {
        let g = &self.history[at].game;
        !g.status().is_over() && env.human(g.to_move()) && g.pending().is_none()
    }

    // ---- the special move ---------------------------------------------------------

    fn start_special(&mut self) -> Transition {
        if let Some(why) = crate::session::special_refusal(&self.game) {
            return Transition::Refuse(why);
        }
        self.special = Some(SpecialMove {
            lifted: Vec::new(),
            added: vec![0; holes_of(&self.game)],
            in_hand: 0,
        });
        Transition::Status("Special move: lift two holes (Enter on each), Esc cancels".into())
    }

    /// The mover's own row during the special move: counts after the lifts and drops.
    pub fn special_row(&self) -> Option<Vec<u32>> {
        let s = self.special.as_ref()?;
        let side = self.game.to_move();
        let b = BoardState::of_game(&self.game);
        Some(
            (1..=holes_of(&self.game))
                .map(|h| {
                    let base = if s.lifted.contains(&h) {
                        0
                    } else {
                        b.counts[b.index(side, h)]
                    };
                    base + s.added[h - 1] as u32
                })
                .collect(),
        )
    }

    fn special_key(
        &mut self,
        action: Action,
        k: &KeyEvent,
        left_step: i32,
        env: &PlayEnv,
        now: Instant,
    ) -> Transition {
        let n = holes_of(&self.game);
        let side = self.game.to_move();
        let b = BoardState::of_game(&self.game);
        let h = self.cursor;
        let i = b.index(side, h);
        let Some(s) = self.special.as_mut() else {
            return Transition::Stay;
        };
        match action {
            Action::Left => {
                self.cursor = (self.cursor as i32 + left_step).clamp(1, n as i32) as usize;
                Transition::Redraw
            }
            Action::Right => {
                self.cursor = (self.cursor as i32 - left_step).clamp(1, n as i32) as usize;
                Transition::Redraw
            }
            Action::Digit => self.digit(k),
            Action::Cancel => {
                self.special = None;
                Transition::Status("Special move given up".into())
            }
            Action::Back => {
                if s.added[h - 1] > 0 {
                    s.added[h - 1] -= 1;
                    s.in_hand += 1;
                    Transition::Status(seeds_in_hand(s.in_hand))
                } else {
                    Transition::Refuse(format!("No seed was dropped into hole {h}"))
                }
            }
            Action::Play if s.lifted.len() < 2 => {
                if s.lifted.contains(&h) {
                    Transition::Refuse(format!("Hole {h} is already lifted"))
                } else if b.bulls[i].is_some() || b.closed[i] || b.counts[i] == 0 {
                    Transition::Refuse(format!(
                        "Hole {h} cannot be lifted (empty, a bull or out of play)"
                    ))
                } else {
                    s.lifted.push(h);
                    s.in_hand += b.counts[i];
                    Transition::Status(if s.lifted.len() == 2 {
                        format!(
                            "{} seeds in hand: drop them one by one with Enter (Backspace takes one back)",
                            s.in_hand
                        )
                    } else {
                        format!("Lifted hole {h}: lift one more")
                    })
                }
            }
            Action::Play if b.bulls[i].is_some() || b.closed[i] => Transition::Refuse(format!(
                "Hole {h} is a bull or out of play and gets no seeds"
            )),
            Action::Play => {
                s.added[h - 1] += 1;
                s.in_hand -= 1;
                if s.in_hand > 0 {
                    return Transition::Status(seeds_in_hand(s.in_hand));
                }
                let counts: Vec<String> = s.added.iter().map(|c| c.to_string()).collect();
                let token = format!("x{},{}={}", s.lifted[0], s.lifted[1], counts.join(","));
                self.decide(token, env, now)
            }
            _ => Transition::Stay,
        }
    }
}

/// The status while a decision is worked out, with the laps checked so far.
pub fn working_line(w: &Working) -> String {
    match w.laps() {
        0 => format!("Working out the sowing of {}...", w.token),
        n => format!(
            "Working out the sowing of {}: {} laps checked (u or Esc takes it back)",
            w.token,
            thousands(n)
        ),
    }
}

/// The refusal while a decision is worked out, with the laps checked so far.
fn still_working(w: &Working) -> String {
    let laps = match w.laps() {
        0 => String::new(),
        n => format!(" ({} laps checked)", thousands(n)),
    };
    format!(
        "Still working out the sowing of {}{laps}: wait, or u or Esc takes it back",
        w.token
    )
}

/// "1 seed in hand", "5 seeds in hand".
fn seeds_in_hand(n: u32) -> String {
    format!("{n} seed{} in hand", if n == 1 { "" } else { "s" })
}

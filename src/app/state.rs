//! The app's state and how every event changes it. Pure: no terminal here,
//! time comes in with each event, so tests drive it key by key.

use super::ai;
use super::anim::{self, BoardState, Frame, Marks};
use super::event::AppEvent;
use super::keys::{self, Action, Ctx};
use super::load::{self, LoadResult, Loaded};
use super::save::{How, Saved, Saver};
use super::screen::Transition;
use super::screen::browse::BrowseScreen;
use super::screen::menu::MenuScreen;
use super::screen::overlay::{self, HelpOverlay, Overlay};
use super::screen::race::{RaceScreen, race_note, racer_level};
use super::screen::replay::{Pace, ReplayScreen};
use super::screen::saves::SavesScreen;
use super::view::board::{Geometry, Row};
use super::view::theme::Theme;
use super::work::{self, CANCELLED};
use crate::cli::{ClientArgs, RaceArg, Seat};
use crate::engine::any::AnyGame;
use crate::engine::enkeshui::Enkeshui;
use crate::engine::enkeshui::play_match::Next;
use crate::engine::enkeshui::race::Race;
use crate::engine::{GameKind, PerSide, Quiet, Side, Status};
use crate::record::file;
use crate::record::{Checked, GameRecord, RaceRecord, Record};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

pub use super::setup::Setup;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Menu,
    Race,
    Play,
    Over,
    /// The replay viewer (the game is in `play`, its steps in `play`'s history).
    Replay,
}

/// A move in the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRec {
    pub turn: u32,
    pub side: Side,
    pub token: String,
}

/// The state after a decision, for undo and redo.
#[derive(Clone, Debug)]
struct Snapshot {
    game: AnyGame,
    /// The legal decisions, when worked out (off the UI thread).
    legal: Option<Vec<String>>,
    log: Vec<String>,
    moves: Vec<MoveRec>,
    marks: Marks,
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

/// A decision being worked out on a thread: its token and the job.
#[derive(Debug)]
pub struct Working {
    pub token: String,
    job: work::Job,
}

impl Working {
    /// Laps checked so far of the sowing being decided.
    pub fn laps(&self) -> u64 {
        self.job.laps()
    }
}

/// One game being played (or just finished).
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
    history: Vec<Snapshot>,
    at: usize,
    pub ai_generation: u64,
    /// The cancel flag of the AI's current thinking, if any.
    pub ai_cancel: Option<Arc<AtomicBool>>,
    /// Goes up whenever the position changes: background results (hints,
    /// analysis, sowings worked out) for an older version are dropped.
    pub version: u64,
    /// The legal decisions of the position, once worked out.
    pub legal: Option<Vec<String>>,
    /// A decision being worked out on a thread (dropping it cancels the work).
    pub working: Option<Working>,
    /// The log's last lines tell what the running animation has not shown
    /// yet: hidden until it ends.
    pub log_hidden: usize,
    /// The game's end is in the player's statistics (counted once, undo or not).
    pub counted: bool,
}

impl Play {
    /// Stops the AI's current thinking, if any.
    pub fn cancel_ai(&mut self) {
        if let Some(c) = self.ai_cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
    }

    /// The position changed: a new version (the analysis of the old one
    /// stops as the app drops it).
    fn changed(&mut self) {
        self.version = next_version();
    }
}

impl Drop for Play {
    fn drop(&mut self) {
        self.cancel_ai();
    }
}

impl Play {
    fn new(game: AnyGame, log: Vec<String>) -> Play {
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
            ai_generation: 0,
            ai_cancel: None,
            version: next_version(),
            legal: None,
            working: None,
            log_hidden: 0,
            counted: false,
        };
        p.reset_cursor();
        p
    }

    /// Puts the cursor on the first hole the mover may sow (the first he can
    /// lift while the legal decisions are not worked out: never the engine's
    /// legality here, which may be slow).
    fn reset_cursor(&mut self) {
        let first = match &self.legal {
            Some(legal) => legal.iter().find_map(|t| token_cursor(t)),
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

    /// Back (or on) to step `at` of the history; nothing runs for the old position.
    pub fn restore(&mut self, at: usize) {
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
        self.ai_generation += 1;
        self.cancel_ai();
        self.changed();
        self.reset_cursor();
    }

    /// Each side's score (if the game ended there) at every step of the history.
    pub fn scores(&self) -> Vec<PerSide<u32>> {
        self.history.iter().map(|s| score_of(&s.game)).collect()
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

    /// A copy of the position at step `at` of the history, to look at
    /// (nothing runs for it).
    pub fn at_step(&self, at: usize) -> Play {
        let s = &self.history[at.min(self.history.len() - 1)];
        let mut p = Play::new(s.game.clone(), s.log.clone());
        p.moves = s.moves.clone();
        p.marks = s.marks.clone();
        p.legal = s.legal.clone();
        p.at = at;
        p
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
        cursor_token(&self.game, self.cursor)
    }
}

/// Versions of positions are unique across games, so a result for an
/// earlier game never matches the current one.
fn next_version() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The analysis of one position: one search serves the panel and the hint.
#[derive(Debug, Default)]
pub struct AnalysisPanel {
    /// The version of the position asked about.
    pub asked: Option<u64>,
    /// Its analysis, once worked out.
    pub shown: Option<ai::Analysis>,
    cancel: Option<Arc<AtomicBool>>,
}

impl AnalysisPanel {
    fn asking(version: u64) -> AnalysisPanel {
        AnalysisPanel {
            asked: Some(version),
            shown: None,
            cancel: None,
        }
    }

    fn cancel(&mut self) {
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
    }
}

impl Drop for AnalysisPanel {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// Holes the cursor runs over: a row of the two-row games, 16 in Bao
/// (1..8: i1..i8, 9..16: o1..o8).
pub fn holes_of(g: &AnyGame) -> usize {
    match g {
        AnyGame::Enkeshui(g) => g.holes(),
        AnyGame::EnGehe(g) => g.holes(),
        AnyGame::BaoLaKimasai(_) => 16,
    }
}

/// The cursor position of a sowing token ("12", "i3", "o5").
pub fn token_cursor(token: &str) -> Option<usize> {
    let num = |s: &str| s.parse::<usize>().ok().filter(|&k| k >= 1);
    match token.chars().next()? {
        'i' => num(&token[1..]).filter(|&k| k <= 8),
        'o' => num(&token[1..]).filter(|&k| k <= 8).map(|k| k + 8),
        _ => num(token),
    }
}

/// The sowing token of a cursor position.
pub fn cursor_token(g: &AnyGame, cursor: usize) -> String {
    match g {
        AnyGame::BaoLaKimasai(_) if cursor > 8 => format!("o{}", cursor - 8),
        AnyGame::BaoLaKimasai(_) => format!("i{cursor}"),
        _ => cursor.to_string(),
    }
}

/// Each side's score if the game ended now.
pub fn score_of(g: &AnyGame) -> PerSide<u32> {
    g.score()
}

/// A match (`--match`): the games' scores so far.
#[derive(Clone, Debug, Default)]
pub struct MatchState {
    pub games: Vec<PerSide<u32>>,
    /// Set when the match is over: the winner (None: drawn).
    pub over: Option<Option<Side>>,
}

/// The smallest terminal the client draws in.
pub const MIN_W: u16 = 60;
pub const MIN_H: u16 = 20;

pub struct App {
    pub theme: Theme,
    tx: Sender<AppEvent>,
    pub screen: Screen,
    pub setup: Option<Setup>,
    pub menu: MenuScreen,
    pub client: ClientArgs,
    pub play: Option<Play>,
    pub race: Option<RaceScreen>,
    pub matches: MatchState,
    /// The help or the quit confirmation, over the screen.
    overlay: Option<Overlay>,
    pub quit: bool,
    /// Ctrl-Z: the loop hands the terminal back to the shell and stops.
    pub suspend: bool,
    /// The status line, and whether it reports a refusal.
    pub status: String,
    pub status_error: bool,
    pub size: (u16, u16),
    pub speed_ms: u64,
    pub instant: bool,
    pub ai_pause: Duration,
    /// The note of how the race went, for the log of the game that follows.
    race_note: Option<String>,
    /// Where the game is saved after every change (None: not saved).
    pub save_path: Option<PathBuf>,
    /// Replace a file that is not a record at `save_path`.
    pub save_force: bool,
    /// Each new match gets a new file in this folder (the data folder).
    pub autosave_dir: Option<PathBuf>,
    /// The text last given to the saver, to skip saving the same again.
    last_saved: String,
    /// The saves under way, in order.
    saver: Saver,
    /// How long the UI waits for a save before its answer comes as an
    /// event (none: the disk never holds up the keys; tests wait).
    pub save_wait: Duration,
    /// The last save failed: why.
    pub save_error: Option<String>,
    /// `save_path` is a name proposed in the data folder: the first save
    /// takes it exclusively, or the next free one (`file::write_new`).
    save_new: bool,
    /// The games of the match finished before the current one.
    done_games: Vec<GameRecord>,
    /// The current game's start position (before its race) and its race.
    cur_start: Option<AnyGame>,
    cur_race: Option<RaceRecord>,
    /// The replay viewer, when open (the game it shows is in `play`).
    pub(crate) viewer: Option<ReplayScreen>,
    /// The saved-games list over the start menu.
    saves: Option<SavesScreen>,
    /// An earlier position of the live game, looked at.
    browse: Option<BrowseScreen>,
    /// The analysis of the position shown (for the panel, the hint or both).
    search: Option<AnalysisPanel>,
    /// The analysis panel is on.
    panel: bool,
    /// A hint was asked in the position of this version: it is the
    /// analysis's best line, told when the search is done.
    hint_for: Option<u64>,
    /// How long the UI waits for a decision worked out on a thread.
    pub work_wait: Duration,
    /// A fixed depth for the analysis instead of its time budget (tests).
    pub analysis_depth: Option<u32>,
    /// A record or the saved-games list being loaded on a thread.
    pub loading: Option<Loading>,
    /// When the progress of work on a thread is next shown.
    progress_at: Option<Instant>,
    /// Why the program ends with an error (a record given on the command line did not load).
    pub fatal: Option<String>,
    /// A line for the terminal once the screen is closed.
    pub note: Option<String>,
    /// The data folder whose statistics count finished games (None: not counted).
    pub stats_dir: Option<PathBuf>,
    /// The lessons, when open (over whatever screen is below).
    pub lessons: Option<Box<crate::app::lesson::LessonScreen>>,
    /// Opened by `learn`: leaving the lessons quits.
    pub lessons_only: bool,
}

/// What a load is for: where its answer goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadFor {
    /// `resume FILE`, or plain `resume` (None: the data folder's newest unfinished game).
    Resume(Option<PathBuf>),
    /// `replay FILE`.
    Replay(PathBuf),
    /// The start menu's list of the saved games in this folder.
    Saves(PathBuf),
    /// A game chosen in that list: continued, or replayed (`true`).
    Chosen(PathBuf, bool),
}

impl LoadFor {
    /// From the command line: nothing was on screen before it.
    fn at_start(&self) -> bool {
        matches!(self, LoadFor::Resume(_) | LoadFor::Replay(_))
    }

    /// What is being read, for the progress line ("reading FILE").
    pub fn what(&self) -> String {
        match self {
            LoadFor::Resume(None) => "looking for the newest unfinished game".into(),
            LoadFor::Saves(dir) => format!("reading the saved games in {}", dir.display()),
            LoadFor::Resume(Some(p)) | LoadFor::Replay(p) | LoadFor::Chosen(p, _) => {
                format!("reading {}", p.display())
            }
        }
    }

    /// The work itself, on the loader's thread.
    fn run(&self, progress: &work::Progress) -> Result<LoadResult, String> {
        let record = |l: Loaded| LoadResult::Record(Box::new(l));
        match self {
            LoadFor::Resume(Some(p)) | LoadFor::Replay(p) | LoadFor::Chosen(p, _) => {
                load::load(p, progress).map(record)
            }
            LoadFor::Resume(None) => {
                let dir = file::data_dir()?;
                load::newest_unfinished(&dir, progress).map(record)
            }
            LoadFor::Saves(dir) => load::list(dir, progress).map(LoadResult::Saves),
        }
    }
}

/// A load running on a thread (dropping it cancels the work).
#[derive(Debug)]
pub struct Loading {
    id: u64,
    pub purpose: LoadFor,
    job: work::Job,
}

impl Loading {
    /// The progress line: what is read, how far it got, how to stop it.
    pub fn lines(&self) -> Vec<String> {
        let unit = match self.purpose {
            LoadFor::Saves(_) | LoadFor::Resume(None) => "files read",
            _ => "decisions replayed",
        };
        let mut got = format!("{} {unit}", thousands(self.job.done()));
        let laps = self.job.laps();
        if laps > 0 {
            got.push_str(&format!(", {} laps of a sowing checked", thousands(laps)));
        }
        vec![
            format!("{}...", capitalized(&self.purpose.what())),
            got,
            "Esc stops it (nothing is lost)   q quits".into(),
        ]
    }
}

impl App {
    /// An app at the start menu.
    pub fn menu(tx: Sender<AppEvent>, client: ClientArgs, theme: Theme) -> App {
        App {
            theme,
            tx,
            screen: Screen::Menu,
            setup: None,
            menu: MenuScreen::new(&client),
            speed_ms: client.speed.max(1),
            instant: client.instant,
            client,
            play: None,
            race: None,
            matches: MatchState::default(),
            overlay: None,
            quit: false,
            suspend: false,
            status: "Choose the game and press Enter".into(),
            status_error: false,
            size: (80, 24),
            ai_pause: Duration::from_millis(500),
            race_note: None,
            save_path: None,
            save_force: false,
            autosave_dir: None,
            last_saved: String::new(),
            saver: Saver::default(),
            save_wait: Duration::ZERO,
            save_error: None,
            save_new: false,
            done_games: Vec::new(),
            cur_start: None,
            cur_race: None,
            viewer: None,
            saves: None,
            browse: None,
            search: None,
            panel: false,
            hint_for: None,
            analysis_depth: None,
            work_wait: work::WAIT,
            loading: None,
            progress_at: None,
            fatal: None,
            note: None,
            stats_dir: None,
            lessons: None,
            lessons_only: false,
        }
    }

    /// An app that opens a game at once.
    pub fn with_game(
        tx: Sender<AppEvent>,
        setup: Setup,
        client: ClientArgs,
        theme: Theme,
        now: Instant,
    ) -> Result<App, String> {
        let mut app = App::menu(tx, client, theme);
        app.start_match(setup, now)?;
        Ok(app)
    }

    /// Plays on from a given position (tests, set-up positions).
    pub fn load(&mut self, game: impl Into<AnyGame>, now: Instant) {
        let game = game.into();
        self.matches = MatchState::default();
        self.race_note = None;
        self.begin_play(game, now);
    }

    pub fn seat(&self, side: Side) -> Option<&Seat> {
        self.setup.as_ref().map(|s| s.seat(side))
    }

    /// A side as the score lines name it: "South (you)", "North (AI hard)",
    /// "South (Loitha, human)" (hot seat: both "human").
    pub fn seat_label(&self, side: Side) -> String {
        let Some(setup) = &self.setup else {
            return side.title().to_string();
        };
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

    /// The menu's record line from the data folder's statistics: read once
    /// when the menu opens (a small file, at most 4 MiB). A bad file leaves
    /// the record empty; `stats` and the game's end say what is wrong.
    pub fn load_menu_record(&mut self) {
        let Some(dir) = &self.stats_dir else { return };
        if let Ok(mut stats) = crate::stats::load(&crate::stats::path(dir)) {
            let mine = stats
                .players
                .remove(&crate::stats::player_name())
                .unwrap_or_default();
            self.menu.set_record(mine);
        }
    }

    /// The start menu begins each game at these sizes (the settings').
    pub fn set_menu_sizes(&mut self, enkeshui: usize, en_gehe: usize) {
        self.menu = self.menu.clone().with_sizes(enkeshui, en_gehe);
    }

    /// The help's scroll, when it is open.
    pub fn help_scroll(&self) -> Option<u16> {
        match self.overlay {
            Some(Overlay::Help(h)) => Some(h.scroll()),
            _ => None,
        }
    }

    /// Is the quit confirmation open?
    pub fn confirming_quit(&self) -> bool {
        self.overlay == Some(Overlay::ConfirmQuit)
    }

    /// The saved-games list, when open.
    pub fn saves(&self) -> Option<&SavesScreen> {
        self.saves.as_ref()
    }

    fn human(&self, side: Side) -> bool {
        self.seat(side).is_some_and(|s| s.is_human())
    }

    /// Is the board turned so that North sits at the bottom now?
    pub fn flipped(&self) -> bool {
        let Some(setup) = &self.setup else {
            return false;
        };
        setup.flip()
            && setup.kind() != GameKind::BaoLaKimasai
            && !setup.any_ai()
            && self
                .play
                .as_ref()
                .is_some_and(|p| p.game.to_move() == Side::North)
            && self.screen == Screen::Play
    }

    fn set_status(&mut self, text: impl Into<String>) {
        self.status = text.into();
        self.status_error = false;
    }

    fn refuse(&mut self, text: impl Into<String>) {
        self.status = text.into();
        self.status_error = true;
    }

    // ---- starting games -------------------------------------------------

    /// Starts a new game (or match) with these options.
    pub fn start_match(&mut self, setup: Setup, now: Instant) -> Result<(), String> {
        let game = setup.start().clone();
        self.instant = self.client.instant;
        self.setup = Some(setup);
        self.matches = MatchState::default();
        self.done_games.clear();
        self.viewer = None;
        self.save_to_new_file();
        self.start_game(game, now);
        Ok(())
    }

    /// Starts a game from its start position: the race first, as set up.
    fn start_game(&mut self, game: AnyGame, now: Instant) {
        let setup = self.setup.clone().expect("a game has a setup");
        self.play = None;
        self.race = None;
        self.race_note = None;
        self.cur_start = None;
        self.cur_race = None;
        self.cur_start = Some(game.clone());
        let game = match game {
            AnyGame::Enkeshui(g) => g,
            other => {
                // En Gehé and Bao: no race.
                self.begin_play(other, now);
                return;
            }
        };
        let seed = setup.seed() + self.matches.games.len() as u64;
        let Some(race_options) = setup.race().filter(|r| r.mode != RaceArg::Off) else {
            self.begin_play(game, now);
            return;
        };
        let race = match Race::start(&game, race_options.hole, &mut Quiet) {
            Ok(r) => r,
            Err(e) => {
                self.race_note = Some(format!("No race ({e}): South moves first."));
                self.begin_play(game, now);
                return;
            }
        };
        if race_options.mode == RaceArg::Quick {
            let mut race = race;
            let mut rng = SmallRng::seed_from_u64(seed);
            match race.run_quick(&mut rng, &mut Quiet) {
                Ok(first) => {
                    self.cur_race = Some(RaceRecord {
                        hole: race.hole(),
                        drops: race.drops().to_vec(),
                    });
                    self.race_note = Some(race_note(race.hole(), first, race.drops(), true));
                    match race.finish(&mut Quiet) {
                        Ok(g) => self.begin_play(g, now),
                        Err(e) => {
                            self.cur_race = None;
                            self.race_note = Some(format!("The race failed ({e})."));
                            self.begin_play(game, now)
                        }
                    }
                }
                Err(e) => {
                    self.race_note = Some(format!("The race failed ({e})."));
                    self.begin_play(game, now);
                }
            }
            return;
        }
        let ai = PerSide::new(
            racer_level(setup.seat(Side::South), race_options.speed),
            racer_level(setup.seat(Side::North), race_options.speed),
        );
        let r = RaceScreen::new(race, ai, seed, now);
        self.set_status(r.greeting());
        self.race = Some(r);
        self.screen = Screen::Race;
        // Saved as the game's start: resuming runs the race again.
        self.autosave();
    }

    fn begin_play(&mut self, game: impl Into<AnyGame>, now: Instant) {
        self.begin_play_quiet(game.into());
        self.after_move(now);
    }

    /// The play screen on a game's first turn, without asking anyone to move.
    fn begin_play_quiet(&mut self, game: AnyGame) {
        let setup = self.setup.as_ref().expect("a game has a setup");
        let mut log = Vec::new();
        if !self.matches.games.is_empty() || setup.match_play() {
            log.push(format!(
                "Game {} of the match.",
                self.matches.games.len() + 1
            ));
        }
        if let Some(note) = self.race_note.take() {
            log.push(note);
        }
        log.push(format!("{} moves first.", game.to_move().title()));
        self.play = Some(Play::new(game, log));
        self.browse = None;
        self.race = None;
        self.screen = Screen::Play;
    }

    // ---- the loop's entry points ------------------------------------------

    /// When the app next wants a tick (animation or race); `None`: sleep until an event.
    pub fn deadline(&self) -> Option<Instant> {
        if let Some(l) = &self.lessons {
            return l.deadline();
        }
        let screen = self.screen_deadline();
        let progress = self.progress_at.filter(|_| self.working_now());
        match (screen, progress) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Is work on a thread under way whose progress is shown?
    fn working_now(&self) -> bool {
        self.loading.is_some() || self.play.as_ref().is_some_and(|p| p.working.is_some())
    }

    /// Shows how far the work on a thread has got, every quarter second.
    fn progress_tick(&mut self, now: Instant) -> bool {
        if !self.working_now() {
            self.progress_at = None;
            return false;
        }
        let due = self.progress_at.is_none_or(|at| at <= now);
        if !due {
            return false;
        }
        self.progress_at = Some(now + PROGRESS_EVERY);
        if let Some(w) = self.play.as_ref().and_then(|p| p.working.as_ref()) {
            let line = working_line(w);
            if !self.status_error && self.status != line {
                self.set_status(line);
            }
        }
        true
    }

    fn screen_deadline(&self) -> Option<Instant> {
        match self.screen {
            Screen::Race => self.race.as_ref()?.deadline(),
            Screen::Play => self.play.as_ref()?.anim.as_ref().map(|a| a.next_at),
            Screen::Replay => self.viewer.as_ref()?.deadline(self.play.as_ref()?),
            _ => None,
        }
    }

    /// Time passed: advance the animation or the AI racers. Returns whether to redraw.
    pub fn tick(&mut self, now: Instant) -> bool {
        if let Some(l) = self.lessons.as_mut() {
            return l.tick(now);
        }
        let dirty = match self.screen {
            Screen::Race => self.race_tick(now),
            Screen::Play => self.anim_tick(now),
            Screen::Replay => self.replay_tick(now),
            _ => false,
        };
        let progress = self.progress_tick(now);
        self.sync_analysis() || dirty || progress
    }

    /// One event. Returns whether the screen must be redrawn.
    pub fn handle(&mut self, ev: AppEvent, now: Instant) -> bool {
        let dirty = self.handle_event(ev, now);
        if self.working_now() && self.progress_at.is_none() {
            self.progress_at = Some(now + PROGRESS_EVERY);
        }
        self.sync_analysis() || dirty
    }

    /// The analysis searches the position shown once it changed, while the
    /// panel is on or a hint waits for it; a search nobody wants stops.
    fn sync_analysis(&mut self) -> bool {
        let Some(p) = self.play.as_ref().filter(|_| self.viewer.is_none()) else {
            self.search = None;
            return false;
        };
        if self.hint_for.is_some_and(|v| v != p.version) {
            self.hint_for = None;
        }
        if !self.panel && self.hint_for.is_none() {
            // Kept while it is the position's: the panel may open on it.
            if self
                .search
                .as_ref()
                .is_some_and(|a| a.asked != Some(p.version))
            {
                self.search = None;
            }
            return false;
        }
        if self
            .search
            .as_ref()
            .is_some_and(|a| a.asked == Some(p.version))
        {
            return false;
        }
        // The search of the position before stops as it is dropped.
        let mut a = AnalysisPanel::asking(p.version);
        if !p.game.status().is_over() {
            let (tx, depth) = (self.tx.clone(), self.analysis_depth);
            a.cancel = Some(ai::analyse(tx, p.game.clone(), p.version, depth));
        }
        self.search = Some(a);
        true
    }

    /// The analysis panel, when on (it is the live position's: hidden
    /// while an earlier one is viewed).
    pub fn analysis_panel(&self) -> Option<&AnalysisPanel> {
        self.search
            .as_ref()
            .filter(|_| self.panel && self.browse.is_none())
    }

    /// The earlier position looked at, if any.
    pub fn browsing(&self) -> Option<&BrowseScreen> {
        self.browse.as_ref()
    }

    /// The game the play screen draws: the live one, or the earlier
    /// position looked at.
    pub fn shown_play(&self) -> Option<&Play> {
        match &self.browse {
            Some(b) => Some(b.shown()),
            None => self.play.as_ref(),
        }
    }

    /// The analysis of the position shown, once worked out.
    pub fn analysis(&self) -> Option<&ai::Analysis> {
        let p = self.play.as_ref()?;
        self.search
            .as_ref()
            .filter(|a| a.asked == Some(p.version))?
            .shown
            .as_ref()
    }

    fn handle_event(&mut self, ev: AppEvent, now: Instant) -> bool {
        match ev {
            AppEvent::Key(k) => self.key(k, now),
            AppEvent::Mouse(m) => self.mouse(m, now),
            AppEvent::Resize(w, h) => {
                self.size = (w, h);
                true
            }
            AppEvent::Ai { generation, token } => self.ai_move(generation, token, now),
            AppEvent::Played {
                version,
                token,
                result,
            } => self.played_event(version, token, result, now),
            AppEvent::Analysis { version, analysis } => match self.search.as_mut() {
                Some(a) if a.asked == Some(version) => {
                    a.shown = Some(analysis);
                    if self.hint_for.take() == Some(version) {
                        self.hint_ready(version);
                    }
                    true
                }
                _ => false,
            },
            AppEvent::Loaded { id, result } => match self.loading.take() {
                Some(l) if l.id == id => {
                    self.loaded(l.purpose.clone(), result, now);
                    true
                }
                other => {
                    self.loading = other;
                    false
                }
            },
            AppEvent::Review { id, update } => {
                let Some(v) = self.viewer.as_mut() else {
                    return false;
                };
                let (dirty, line) = v.review_mut().update(id, update);
                if let Some(line) = line {
                    self.set_status(line);
                }
                dirty
            }
            AppEvent::Saved(saved) => {
                self.saved(*saved);
                true
            }
            AppEvent::Signal(_) => {
                self.quit = true;
                false
            }
        }
    }

    /// The binding context of the keyboard now.
    pub fn ctx(&self) -> Ctx {
        match self.overlay {
            Some(Overlay::ConfirmQuit) => return Ctx::Confirm,
            Some(Overlay::Help(_)) => return Ctx::Help,
            None => {}
        }
        if self.loading.is_some() {
            return Ctx::Loading;
        }
        if let Some(l) = &self.lessons {
            return l.ctx();
        }
        if self.saves.is_some() && self.screen == Screen::Menu {
            return Ctx::Saves;
        }
        match self.screen {
            Screen::Menu => Ctx::Menu,
            Screen::Race => Ctx::Race,
            Screen::Over => Ctx::Over,
            Screen::Replay => Ctx::Replay,
            Screen::Play => {
                let Some(p) = &self.play else {
                    return Ctx::Play;
                };
                if self.browse.is_some() {
                    return Ctx::Browse;
                }
                if p.anim.is_none() && self.human(p.game.to_move()) {
                    if p.special.is_some() {
                        return Ctx::Special;
                    }
                    if p.game.pending().is_some() {
                        return Ctx::Direction;
                    }
                }
                Ctx::Play
            }
        }
    }

    pub fn key(&mut self, k: KeyEvent, now: Instant) -> bool {
        if k.kind == KeyEventKind::Release {
            return false;
        }
        if self.too_small() {
            // Nothing of the game is visible: no key may play blind. q leaves at once.
            let quit = matches!(k.code, KeyCode::Char('q') | KeyCode::Esc)
                || keys::action(Ctx::Global, &k) == Some(Action::QuitNow);
            self.quit |= quit;
            return false;
        }
        let ctx = self.ctx();
        let Some(action) = keys::action(ctx, &k) else {
            return false;
        };
        match action {
            Action::QuitNow => {
                self.quit = true;
                return false;
            }
            Action::Suspend => {
                self.suspend = true;
                return false;
            }
            Action::Help if ctx != Ctx::Confirm => {
                self.overlay = match self.overlay {
                    Some(Overlay::Help(_)) => None,
                    _ => Some(Overlay::Help(HelpOverlay::default())),
                };
                return true;
            }
            _ => {}
        }
        if let Some(l) = self.lessons.as_mut()
            && !matches!(ctx, Ctx::Help | Ctx::Confirm | Ctx::Loading)
        {
            return match l.key(&k, now) {
                crate::app::lesson::Outcome::Ignored => false,
                crate::app::lesson::Outcome::Redraw => true,
                crate::app::lesson::Outcome::Close => {
                    self.lessons = None;
                    self.quit |= self.lessons_only;
                    true
                }
            };
        }
        match ctx {
            Ctx::Confirm => {
                let t = overlay::confirm_handle(action);
                self.transition(t, now)
            }
            Ctx::Help => {
                let Some(Overlay::Help(h)) = self.overlay else {
                    return false;
                };
                let page = self.size.1.saturating_sub(6);
                // Never past the end: the help's last line stays at the bottom.
                let max = super::view::help::max_scroll(self);
                self.overlay = h.handle(action, page, max).map(Overlay::Help);
                true
            }
            Ctx::Menu => self.menu_key(action, now),
            Ctx::Race => self.race_key(action, &k, now),
            Ctx::Over => self.over_key(action, now),
            Ctx::Play | Ctx::Direction | Ctx::Special => self.play_key(ctx, action, &k, now),
            Ctx::Browse => {
                let (Some(b), Some(p)) = (self.browse.as_mut(), self.play.as_ref()) else {
                    return false;
                };
                let t = b.handle(action, p);
                self.transition(t, now)
            }
            Ctx::Replay => self.replay_key(action, &k, now),
            Ctx::Saves => self.saves_key(action, now),
            Ctx::Loading => {
                match action {
                    Action::Cancel => self.stop_loading(),
                    Action::Quit => self.quit = true,
                    _ => return false,
                }
                true
            }
            Ctx::Global | Ctx::Lesson => false,
        }
    }

    /// Opens the lessons of `kind` (all games: `None`), progress in the data folder.
    pub fn open_lessons(&mut self, kind: Option<crate::engine::GameKind>, now: Instant) {
        let path = crate::learn::progress::Progress::path().ok();
        self.lessons = Some(Box::new(crate::app::lesson::LessonScreen::new(
            kind,
            path,
            self.theme,
            self.speed_ms,
            now,
        )));
    }

    /// The terminal is too small to draw the screen (it says so instead).
    pub fn too_small(&self) -> bool {
        let need = super::view::needed_size(self);
        self.size.0 < need.0 || self.size.1 < need.1
    }

    fn ask_quit(&mut self) {
        let in_progress = matches!(self.screen, Screen::Race | Screen::Play);
        if in_progress {
            self.overlay = Some(Overlay::ConfirmQuit);
        } else {
            self.quit = true;
        }
    }

    // ---- menu -------------------------------------------------------------

    fn menu_key(&mut self, action: Action, now: Instant) -> bool {
        let t = self.menu.handle(action, &self.client, self.client_seed());
        self.transition(t, now)
    }

    fn client_seed(&self) -> u64 {
        self.setup.as_ref().map_or(0, |s| s.seed())
    }

    // ---- race -------------------------------------------------------------

    fn race_key(&mut self, action: Action, k: &KeyEvent, now: Instant) -> bool {
        let c = match k.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        let Some(r) = self.race.as_mut() else {
            return false;
        };
        let t = r.handle(action, c, now);
        self.transition(t, now)
    }

    fn race_tick(&mut self, now: Instant) -> bool {
        let Some(r) = self.race.as_mut() else {
            return false;
        };
        let t = r.tick(now);
        self.transition(t, now)
    }

    /// Carries out what a screen asked for. Returns whether to redraw.
    fn transition(&mut self, t: Transition, now: Instant) -> bool {
        match t {
            Transition::Stay => return false,
            Transition::Redraw => {}
            Transition::Refuse(e) => self.refuse(e),
            Transition::Status(s) => self.set_status(s),
            Transition::Quit => self.ask_quit(),
            Transition::QuitNow => self.quit = true,
            Transition::Close(status) => {
                // The overlay or the list on top closes, the screen below shows.
                if self.overlay.take().is_none() && self.browse.take().is_none() {
                    self.saves = None;
                }
                self.set_status(status);
            }
            Transition::OpenSaved { path, replay } => {
                self.start_load(LoadFor::Chosen(path, replay), now);
            }
            Transition::OpenSaves => {
                let Some(dir) = self.autosave_dir.clone() else {
                    self.refuse("No data folder: games are not saved (set HOME or XDG_DATA_HOME)");
                    return true;
                };
                self.start_load(LoadFor::Saves(dir), now);
            }
            Transition::Start(setup) => {
                if let Err(e) = self.start_match(*setup, now) {
                    self.refuse(e);
                }
            }
            Transition::Learn(kind) => self.open_lessons(Some(kind), now),
            Transition::Theme(palette) => {
                self.theme = self.theme.with_palette(palette);
                self.client.theme = Some(palette);
            }
            Transition::Raced(r) => {
                self.cur_race = Some(r.record);
                self.race_note = Some(r.note);
                self.begin_play(r.game, now);
            }
            Transition::ViewGame(gi) => {
                if let Err(e) = self.view_game(gi) {
                    self.refuse(e);
                }
            }
            Transition::TakeOver => self.take_over(now),
        }
        true
    }

    // ---- playing ----------------------------------------------------------

    fn play_key(&mut self, ctx: Ctx, action: Action, k: &KeyEvent, now: Instant) -> bool {
        let Some(mover) = self.play.as_ref().map(|p| p.game.to_move()) else {
            return false;
        };
        let human = self.human(mover);
        let p = self.play.as_mut().expect("checked");
        let n = holes_of(&p.game);
        // A human's sowing still worked out is taken back (its work stops).
        if matches!(action, Action::Undo | Action::Cancel) && p.working.is_some() && human {
            let p = self.play.as_mut().expect("checked");
            if let Some(w) = p.working.take() {
                p.changed();
                self.set_status(format!(
                    "Took back the sowing of {}: pick a hole and press Enter",
                    w.token
                ));
            }
            return true;
        }
        let p = self.play.as_mut().expect("checked");
        match action {
            Action::Quit => {
                self.ask_quit();
                return true;
            }
            Action::Skip => {
                if p.anim.is_some() {
                    p.anim = None;
                    self.after_move(now);
                }
                return true;
            }
            Action::Faster | Action::Slower => {
                self.speed_ms = if action == Action::Faster {
                    (self.speed_ms / 2).max(5)
                } else {
                    (self.speed_ms * 2).min(2000)
                };
                self.set_status(format!("Animation: {} ms a seed", self.speed_ms));
                return true;
            }
            Action::Undo => {
                self.undo(now);
                return true;
            }
            Action::Analysis => {
                self.panel = !self.panel;
                if !self.panel {
                    self.set_status("Analysis off");
                } else {
                    self.set_status(format!(
                        "Analysis on: the AI looks at every decision for {} ms",
                        ai::ANALYSIS_MS
                    ));
                }
                return true;
            }
            Action::Redo => {
                self.redo(now);
                return true;
            }
            Action::StepBack => {
                match BrowseScreen::open(p) {
                    Some(b) => {
                        self.set_status(b.status());
                        self.browse = Some(b);
                    }
                    None => self.refuse("Nothing played yet: no earlier position to look at"),
                }
                return true;
            }
            _ => {}
        }
        if p.anim.is_some() {
            if action == Action::Play {
                p.anim = None;
                self.after_move(now);
            }
            return true;
        }
        if let Some(w) = &p.working {
            let why = still_working(w);
            self.refuse(why);
            return true;
        }
        let mover = p.game.to_move();
        if p.game.status().is_over() {
            return false;
        }
        if !self.human(mover) {
            self.refuse(format!("{} (AI) is to move", mover.title()));
            return true;
        }
        if action == Action::Hint {
            self.hint();
            return true;
        }
        let bottom = self.bottom_side();
        let p = self.play.as_mut().expect("checked");
        // Screen-left is the lower hole number in the bottom row.
        let left_step: i32 = if mover == bottom { -1 } else { 1 };
        match ctx {
            Ctx::Direction => {
                let pending = p.game.pending().expect("direction context");
                let (left, right) = self.direction_sides(&pending.lifted_from);
                let p = self.play.as_mut().expect("checked");
                let pick = |d: &str| pending.options.iter().position(|o| o == d);
                match action {
                    Action::Left => {
                        if let Some(i) = pick(left) {
                            p.dir_pick = i;
                        } else {
                            self.refuse(format!("{left} is not open: it would repeat"));
                        }
                    }
                    Action::Right => {
                        if let Some(i) = pick(right) {
                            p.dir_pick = i;
                        } else {
                            self.refuse(format!("{right} is not open: it would repeat"));
                        }
                    }
                    Action::Play => {
                        let token =
                            pending.options[p.dir_pick.min(pending.options.len() - 1)].clone();
                        self.decide(token, now);
                    }
                    _ => return false,
                }
                true
            }
            Ctx::Special => self.special_key(action, k, left_step, now),
            _ if matches!(p.game, AnyGame::BaoLaKimasai(_)) => {
                // Bao: 1..8 is the inner row, 9..16 the outer; South's inner
                // row is above his outer row, North's below his.
                let (outer, hk) = (p.cursor > 8, (p.cursor - 1) % 8 + 1);
                let at = |outer: bool, k: i32| k.clamp(1, 8) as usize + if outer { 8 } else { 0 };
                let up_is_outer = mover == Side::North;
                match action {
                    Action::Left => p.cursor = at(outer, hk as i32 + left_step),
                    Action::Right => p.cursor = at(outer, hk as i32 - left_step),
                    Action::Up => p.cursor = at(up_is_outer, hk as i32),
                    Action::Down => p.cursor = at(!up_is_outer, hk as i32),
                    Action::Digit => {
                        if let KeyCode::Char(c) = k.code {
                            let d = c.to_digit(10).unwrap_or(0) as i32;
                            if (1..=8).contains(&d) {
                                p.cursor = at(outer, d);
                                let t = p.cursor_token();
                                self.set_status(format!("Hole {t} selected: Enter sows it"));
                            } else {
                                self.refuse(format!("There is no hole {d} (holes are 1 to 8)"));
                            }
                        }
                    }
                    Action::Cancel => p.digits.clear(),
                    Action::Play => {
                        let token = p.cursor_token();
                        self.decide(token, now);
                    }
                    Action::Special => self.refuse("Bao la Kimasai has no special move"),
                    _ => return false,
                }
                true
            }
            _ => {
                match action {
                    Action::Left => {
                        p.cursor = (p.cursor as i32 + left_step).clamp(1, n as i32) as usize;
                        p.digits.clear();
                    }
                    Action::Right => {
                        p.cursor = (p.cursor as i32 - left_step).clamp(1, n as i32) as usize;
                        p.digits.clear();
                    }
                    Action::Digit => self.digit(k),
                    Action::Cancel => p.digits.clear(),
                    Action::Play => {
                        let token = p.cursor_token();
                        p.digits.clear();
                        self.decide(token, now);
                    }
                    Action::Special => self.start_special(),
                    _ => return false,
                }
                true
            }
        }
    }

    /// The hint: the analysis's best line (the panel's when it is on: one
    /// search, one value); `hint_ready` selects it and tells its value.
    fn hint(&mut self) {
        let Some(p) = self.play.as_ref() else { return };
        let version = p.version;
        if self.analysis().is_some() {
            self.hint_ready(version);
            return;
        }
        let mover = p.game.to_move();
        self.hint_for = Some(version);
        self.set_status(format!("Working out a hint for {}...", mover.title()));
    }

    fn hint_ready(&mut self, version: u64) -> bool {
        let Some((token, value)) = self.analysis().and_then(|a| a.values.first()).cloned() else {
            return false;
        };
        let seeds = ai::seeds(value);
        let Some(p) = self.play.as_mut() else {
            return false;
        };
        if p.version != version || p.anim.is_some() || p.game.status().is_over() {
            return false;
        }
        let (mover, kind) = (p.game.to_move(), p.game.kind());
        if let Some(pd) = p.game.pending() {
            if let Some(i) = pd.options.iter().position(|o| *o == token) {
                p.dir_pick = i;
            }
        } else if let Some(h) = token_cursor(&token) {
            p.cursor = h;
            p.digits.clear();
        }
        self.set_status(format!(
            "Hint for {}: {token} (the AI rates it {}); Enter plays it",
            mover.title(),
            seeds_words(seeds, kind)
        ));
        true
    }

    /// A digit typed: selects hole d, or the two-digit hole when it exists.
    fn digit(&mut self, k: &KeyEvent) {
        let KeyCode::Char(c) = k.code else { return };
        let Some(p) = self.play.as_mut() else { return };
        let n = holes_of(&p.game);
        p.digits.push(c);
        let mut v: usize = p.digits.parse().unwrap_or(0);
        if v > n || p.digits.len() > 2 {
            p.digits = c.to_string();
            v = p.digits.parse().unwrap_or(0);
        }
        if (1..=n).contains(&v) {
            p.cursor = v;
            self.set_status(format!("Hole {v} selected: Enter sows it"));
        } else {
            self.refuse(format!("There is no hole {v} (holes are 1 to {n})"));
            if let Some(p) = self.play.as_mut() {
                p.digits.clear();
            }
        }
    }

    /// The side whose row is at the bottom of the screen.
    pub fn bottom_side(&self) -> Side {
        if self.flipped() {
            Side::North
        } else {
            Side::South
        }
    }

    /// Which direction goes left and which right on screen for a lap lifted
    /// from this hole: (left token, right token).
    pub fn direction_sides(&self, from: &crate::engine::HoleName) -> (&'static str, &'static str) {
        // Counterclockwise runs left to right along the bottom row and right
        // to left along the top row.
        if from.side == self.bottom_side() {
            ("cw", "ccw")
        } else {
            ("ccw", "cw")
        }
    }

    /// Plays one decision of the side to move: worked out on a thread; when
    /// it takes long the screen goes on and the outcome comes as an event.
    pub fn decide(&mut self, token: String, now: Instant) -> bool {
        let Some(p) = self.play.as_mut() else {
            return false;
        };
        if let Some(w) = &p.working {
            let why = still_working(w);
            self.refuse(why);
            return true;
        }
        let (game, version, tx) = (p.game.clone(), p.version, self.tx.clone());
        let (job_token, post_token) = (token.clone(), token.clone());
        let job = work::Job::new();
        let progress = job.progress();
        let done = work::run_or_post(
            self.work_wait,
            move || work::play(&game, &job_token, true, &progress),
            move |result| {
                let _ = tx.send(AppEvent::Played {
                    version,
                    token: post_token,
                    result: result.map(Box::new),
                });
            },
        );
        match done {
            Some(result) => self.decided(result, now),
            None => {
                p.working = Some(Working {
                    token: token.clone(),
                    job,
                });
                self.set_status(format!("Working out the sowing of {token}..."));
                true
            }
        }
    }

    /// A decision worked out on a thread arrived: shown if still current.
    fn played_event(
        &mut self,
        version: u64,
        token: String,
        result: Result<Box<work::Played>, String>,
        now: Instant,
    ) -> bool {
        let Some(p) = self.play.as_mut() else {
            return false;
        };
        if p.version != version || p.working.as_ref().is_none_or(|w| w.token != token) {
            return false;
        }
        p.working = None;
        self.decided(result.map(|b| *b), now)
    }

    /// Shows a decision worked out: refused (the message; a special move's
    /// seeds come back to hand), or played and animated.
    fn decided(&mut self, result: Result<work::Played, String>, now: Instant) -> bool {
        let frames = match result.map(|played| self.apply(played)) {
            Ok(Ok(f)) => f,
            Ok(Err(e)) | Err(e) => {
                if let Some(p) = self.play.as_mut()
                    && let Some(s) = p.special.as_mut()
                {
                    let back: u32 = s.added.iter().map(|&c| c as u32).sum();
                    s.added = vec![0; s.added.len()];
                    s.in_hand += back;
                }
                self.refuse(e);
                return true;
            }
        };
        self.autosave();
        if self.instant || frames.is_empty() {
            self.after_move(now);
        } else {
            let p = self.play.as_mut().expect("checked");
            p.anim = Some(Anim {
                frames,
                index: 0,
                next_at: now + Duration::from_millis(self.speed_ms),
            });
            // What it does is told when the animation gets there.
            if let Some(m) = p.moves.last() {
                let line = format!("{} sows {}...", m.side.title(), m.token);
                self.set_status(line);
            }
        }
        true
    }

    /// Takes a decision worked out into the game, its log, move list and undo
    /// history; returns the animation's frames.
    fn apply(&mut self, played: work::Played) -> Result<Vec<Frame>, String> {
        let Some(p) = self.play.as_mut() else {
            return Err("no game".into());
        };
        let token = played.token;
        let before = BoardState::of_game(&p.game);
        let mover = p.game.to_move();
        let turn = p.game.turn();
        let next = played.game;
        let events = played.events;
        let line = anim::describe(&before, mover, &token, &events);
        let hand = p.game.pending().map_or((0, 0), |pd| (pd.in_hand, pd.lap));
        let frames = anim::frames_from(&before, mover, hand, &events);
        p.marks = frames.last().map(|f| f.marks.clone()).unwrap_or_default();
        p.log.push(line.clone());
        p.log_hidden = 1;
        if let Status::Over(o) = next.status() {
            p.log.push(over_line(&o));
            p.log_hidden = 2;
        }
        p.moves.push(MoveRec {
            turn,
            side: mover,
            token,
        });
        p.game = next;
        p.legal = played.legal;
        p.changed();
        p.special = None;
        p.history.truncate(p.at + 1);
        p.history.push(Snapshot {
            game: p.game.clone(),
            legal: p.legal.clone(),
            log: p.log.clone(),
            moves: p.moves.clone(),
            marks: p.marks.clone(),
        });
        p.at = p.history.len() - 1;
        self.set_status(line);
        Ok(frames)
    }

    fn anim_tick(&mut self, now: Instant) -> bool {
        let speed = self.speed_ms;
        let Some(p) = self.play.as_mut() else {
            return false;
        };
        let Some(a) = p.anim.as_mut() else {
            return false;
        };
        if now < a.next_at {
            return false;
        }
        // Catch up on missed ticks but draw once.
        while a.next_at <= now {
            if a.index + 1 >= a.frames.len() {
                p.anim = None;
                self.after_move(now);
                return true;
            }
            a.index += 1;
            let hold = a.frames[a.index].hold as u64;
            a.next_at += Duration::from_millis(speed * hold);
        }
        true
    }

    /// A finished game of a person against the AI, once, into the
    /// statistics; the record against that level goes to the log.
    fn count_result(&mut self) {
        let (Some(dir), Some(setup), Some(p)) = (&self.stats_dir, &self.setup, self.play.as_mut())
        else {
            return;
        };
        if std::mem::replace(&mut p.counted, true) {
            return;
        }
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        match crate::stats::count_game(
            dir,
            &p.game,
            setup.seat(Side::South),
            setup.seat(Side::North),
            now,
        ) {
            Some(Ok(lines)) => p.log.extend(lines),
            Some(Err(e)) => {
                p.log.push(format!("Statistics not saved: {e}"));
                self.note = Some(format!("The statistics were not saved: {e}"));
            }
            None => {}
        }
    }

    /// After a move has been shown: the game's end, the AI's turn or the human's prompt.
    fn after_move(&mut self, now: Instant) {
        let _ = now;
        if self.viewer.is_some() {
            return;
        }
        self.autosave();
        let Some(p) = self.play.as_mut() else { return };
        p.reset_cursor();
        let status = p.game.status();
        let mover = p.game.to_move();
        let pending = p.game.pending();
        if let Status::Over(o) = status {
            self.screen = Screen::Over;
            self.browse = None;
            self.set_status(over_line(&o));
            self.count_result();
            if let Some(setup) = self.setup.as_ref().filter(|s| s.match_play()) {
                self.matches.games.push(o.score);
                // The match ends when a stock cannot fill a hole: say so now.
                if let Some(Next::MatchOver { winner }) = setup.next_match_game(o.score) {
                    self.matches.over = Some(winner);
                    self.set_status(match_over_line(winner));
                }
            }
            return;
        }
        self.screen = Screen::Play;
        if self.human(mover) {
            let prompt = match pending {
                Some(pd) => format!(
                    "{}: {} seeds in hand from {} {} (lap {}): choose the direction",
                    mover.title(),
                    pd.in_hand,
                    pd.lifted_from.side.title(),
                    pd.lifted_from.hole,
                    pd.lap
                ),
                None => format!("{} to move: pick a hole and press Enter", mover.title()),
            };
            if !self.status_error {
                self.set_status(prompt);
            }
        } else {
            let seed = self.ai_seed();
            let pause = self.ai_pause;
            let tx = self.tx.clone();
            let level = match self.seat(mover) {
                Some(Seat::Ai(level)) => *level,
                _ => crate::ai::Player::Level(crate::ai::Level::Medium),
            };
            if !self.status_error {
                self.set_status(format!(
                    "{} (AI {}) is thinking...",
                    mover.title(),
                    level.name()
                ));
            }
            let hash_mb = self.client.hash_mb.map(usize::from);
            let p = self.play.as_mut().expect("checked");
            p.cancel_ai();
            p.ai_generation += 1;
            let generation = p.ai_generation;
            let game = p.game.clone();
            p.ai_cancel = Some(ai::request(
                tx, game, generation, seed, pause, level, hash_mb,
            ));
        }
    }

    /// The seed of the AI seat's request in the position shown.
    pub fn ai_seed(&self) -> u64 {
        let seed = self.setup.as_ref().map_or(0, |s| s.seed());
        let Some(p) = self.play.as_ref() else {
            return seed;
        };
        seed ^ ((p.history.len() as u64) << 20) ^ (p.game.turn() as u64)
    }

    fn ai_move(&mut self, generation: u64, token: String, now: Instant) -> bool {
        let ok = self.screen == Screen::Play
            && self.play.as_ref().is_some_and(|p| {
                p.ai_generation == generation && p.anim.is_none() && !self.human(p.game.to_move())
            });
        if !ok {
            return false;
        }
        self.decide(token, now)
    }

    fn undo(&mut self, now: Instant) {
        let both_ai = self.setup.as_ref().is_some_and(|s| s.all_ai());
        let Some(p) = self.play.as_ref() else { return };
        if both_ai {
            self.refuse("Both seats are AI: nothing to undo");
            return;
        }
        if p.at == 0 {
            self.refuse("Nothing to undo");
            return;
        }
        // Back to the last decision of a human (skip the AI's).
        let mut target = p.at - 1;
        while target > 0 && !self.snapshot_is_human(target) {
            target -= 1;
        }
        if !self.snapshot_is_human(target) {
            // The game opened with the AI to move: its first move stays.
            if target + 1 < p.at {
                target += 1;
            }
            while target < p.at && !self.snapshot_is_human(target) {
                target += 1;
            }
            if target >= p.at {
                self.refuse("Nothing to undo");
                return;
            }
        }
        let p = self.play.as_mut().expect("checked");
        p.restore(target);
        let turn = p.game.turn();
        self.screen = Screen::Play;
        self.set_status(format!("Undone: back to turn {turn}"));
        self.after_move(now);
    }

    fn redo(&mut self, now: Instant) {
        let Some(p) = self.play.as_ref() else { return };
        if !p.can_redo() {
            self.refuse("Nothing to redo");
            return;
        }
        let last = p.history.len() - 1;
        let mut target = p.at + 1;
        while target < last && !self.snapshot_is_human(target) {
            target += 1;
        }
        let p = self.play.as_mut().expect("checked");
        p.restore(target);
        let turn = p.game.turn();
        self.screen = Screen::Play;
        self.set_status(format!("Redone: turn {turn}"));
        self.after_move(now);
    }

    /// Does a human's turn start in the snapshot (the game not over)? Undo
    /// and redo stop there, never at a direction prompt inside a turn.
    fn snapshot_is_human(&self, at: usize) -> bool {
        let Some(p) = self.play.as_ref() else {
            return false;
        };
        let g = &p.history[at].game;
        !g.status().is_over() && self.human(g.to_move()) && g.pending().is_none()
    }

    // ---- the special move ---------------------------------------------------

    fn start_special(&mut self) {
        let Some(p) = self.play.as_mut() else { return };
        let Some(g) = p.enkeshui() else {
            let why = format!("{} has no special move", p.game.kind().title());
            self.refuse(why);
            return;
        };
        if !g.special_allowed() {
            use crate::engine::enkeshui::SpecialMove;
            let side = p.game.to_move();
            let reason = if p.game.status().is_over() {
                "the game is over"
            } else if p.game.pending().is_some() {
                "a sowing is under way"
            } else if g.rules().special_move == SpecialMove::Once && g.special_used()[side] {
                "it is allowed once a game, and it was made already"
            } else {
                "it needs two holes to lift (not empty, not a bull, in play)"
            };
            let why = match g.rules().special_move {
                SpecialMove::Off => {
                    "the special move is off (--special-move once or any)".to_string()
                }
                _ => format!(
                    "{} cannot make the special move now: {reason}",
                    side.title()
                ),
            };
            self.refuse(why);
            return;
        }
        p.special = Some(SpecialMove {
            lifted: Vec::new(),
            added: vec![0; holes_of(&p.game)],
            in_hand: 0,
        });
        self.set_status("Special move: lift two holes (Enter on each), Esc cancels");
    }

    /// The mover's own row during the special move: counts after the lifts and drops.
    pub fn special_row(&self) -> Option<Vec<u32>> {
        let p = self.play.as_ref()?;
        let s = p.special.as_ref()?;
        let side = p.game.to_move();
        let b = BoardState::of_game(&p.game);
        Some(
            (1..=holes_of(&p.game))
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

    fn special_key(&mut self, action: Action, k: &KeyEvent, left_step: i32, now: Instant) -> bool {
        let p = self.play.as_mut().expect("special context");
        let n = holes_of(&p.game);
        let side = p.game.to_move();
        let b = BoardState::of_game(&p.game);
        let h = p.cursor;
        let i = b.index(side, h);
        // (message, is a refusal), and a token to submit.
        let mut msg: Option<(String, bool)> = None;
        let mut submit: Option<String> = None;
        match action {
            Action::Left => p.cursor = (p.cursor as i32 + left_step).clamp(1, n as i32) as usize,
            Action::Right => p.cursor = (p.cursor as i32 - left_step).clamp(1, n as i32) as usize,
            Action::Digit => {
                self.digit(k);
                return true;
            }
            Action::Cancel => {
                p.special = None;
                msg = Some(("Special move given up".into(), false));
            }
            Action::Back => {
                let s = p.special.as_mut().expect("special");
                if s.added[h - 1] > 0 {
                    s.added[h - 1] -= 1;
                    s.in_hand += 1;
                    msg = Some((seeds_in_hand(s.in_hand), false));
                } else {
                    msg = Some((format!("No seed was dropped into hole {h}"), true));
                }
            }
            Action::Play => {
                let s = p.special.as_mut().expect("special");
                if s.lifted.len() < 2 {
                    if s.lifted.contains(&h) {
                        msg = Some((format!("Hole {h} is already lifted"), true));
                    } else if b.bulls[i].is_some() || b.closed[i] || b.counts[i] == 0 {
                        msg = Some((
                            format!("Hole {h} cannot be lifted (empty, a bull or out of play)"),
                            true,
                        ));
                    } else {
                        s.lifted.push(h);
                        s.in_hand += b.counts[i];
                        msg = Some((
                            if s.lifted.len() == 2 {
                                format!(
                                    "{} seeds in hand: drop them one by one with Enter (Backspace takes one back)",
                                    s.in_hand
                                )
                            } else {
                                format!("Lifted hole {h}: lift one more")
                            },
                            false,
                        ));
                    }
                } else if b.bulls[i].is_some() || b.closed[i] {
                    msg = Some((
                        format!("Hole {h} is a bull or out of play and gets no seeds"),
                        true,
                    ));
                } else {
                    s.added[h - 1] += 1;
                    s.in_hand -= 1;
                    if s.in_hand == 0 {
                        let counts: Vec<String> = s.added.iter().map(|c| c.to_string()).collect();
                        submit = Some(format!(
                            "x{},{}={}",
                            s.lifted[0],
                            s.lifted[1],
                            counts.join(",")
                        ));
                    } else {
                        msg = Some((seeds_in_hand(s.in_hand), false));
                    }
                }
            }
            _ => return false,
        }
        if let Some((text, error)) = msg {
            if error {
                self.refuse(text);
            } else {
                self.set_status(text);
            }
        }
        if let Some(token) = submit {
            self.decide(token, now);
        }
        true
    }

    // ---- game over -----------------------------------------------------------

    fn over_key(&mut self, action: Action, now: Instant) -> bool {
        match action {
            Action::Rematch => {
                let Some(setup) = self.setup.clone() else {
                    return false;
                };
                if setup.match_play() && self.matches.over.is_none() {
                    let stock = self
                        .play
                        .as_ref()
                        .and_then(|p| match p.game.status() {
                            Status::Over(o) => Some(o.score),
                            Status::Playing => None,
                        })
                        .unwrap_or_default();
                    match setup.next_match_game(stock) {
                        Some(Next::Game(g)) => {
                            if let Some(done) = self.current_game_record() {
                                self.done_games.push(done);
                            }
                            self.start_game(AnyGame::Enkeshui(*g), now)
                        }
                        Some(Next::MatchOver { winner }) => {
                            self.matches.over = Some(winner);
                            self.set_status(match_over_line(winner));
                        }
                        None => {}
                    }
                } else {
                    if let Err(e) = self.start_match(setup, now) {
                        self.refuse(e);
                    }
                }
                true
            }
            Action::Review => self.review_game(),
            Action::NewGame => {
                self.screen = Screen::Menu;
                self.play = None;
                self.load_menu_record();
                self.set_status("Choose the game and press Enter");
                true
            }
            Action::Undo => {
                let at = self.play.as_ref().map(|p| p.at);
                self.undo(now);
                // Undone: the game's score leaves the scoreboard, the match goes on.
                if self.play.as_ref().map(|p| p.at) != at
                    && self.setup.as_ref().is_some_and(|s| s.match_play())
                {
                    self.matches.games.pop();
                    self.matches.over = None;
                }
                true
            }
            _ => false,
        }
    }

    // ---- mouse ---------------------------------------------------------------

    fn mouse(&mut self, m: MouseEvent, now: Instant) -> bool {
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return false;
        }
        if self.screen != Screen::Play || self.overlay.is_some() {
            return false;
        }
        if self.too_small() {
            return false;
        }
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        let Some(layout) = super::view::play::PlayLayout::new(area, self) else {
            return false;
        };
        let Some(p) = self.play.as_ref() else {
            return false;
        };
        if matches!(p.game, AnyGame::BaoLaKimasai(_)) {
            use super::view::bao::{BaoModel, BaoRow};
            let Some((side, row, k)) = BaoModel::hit(layout.board, m.column, m.row) else {
                return false;
            };
            if p.anim.is_some() || self.ctx() != Ctx::Play {
                return false;
            }
            let mover = p.game.to_move();
            if side != mover {
                self.refuse(format!(
                    "That hole is {}'s: {} sows from his own rows",
                    mover.other().title(),
                    mover.title()
                ));
                return true;
            }
            let p = self.play.as_mut().expect("checked");
            p.cursor = if row == BaoRow::Inner { k } else { k + 8 };
            let token = p.cursor_token();
            return self.decide(token, now);
        }
        let g = Geometry::new(holes_of(&p.game), layout.board.width);
        let Some((row, hole)) = g.hit(layout.board, m.column, m.row) else {
            return false;
        };
        if p.anim.is_some() {
            return false;
        }
        let mover = p.game.to_move();
        let bottom = self.bottom_side();
        let mover_row = if mover == bottom {
            Row::Bottom
        } else {
            Row::Top
        };
        if row != mover_row {
            self.refuse(format!(
                "That hole is {}'s: {} sows from his own row",
                mover.other().title(),
                mover.title()
            ));
            return true;
        }
        let ctx = self.ctx();
        let p = self.play.as_mut().expect("checked");
        p.cursor = hole;
        match ctx {
            Ctx::Play => self.decide(hole.to_string(), now),
            Ctx::Special => {
                let key = KeyEvent::from(KeyCode::Enter);
                self.key(key, now)
            }
            _ => true,
        }
    }
}

/// "1 seed in hand", "5 seeds in hand".
/// How often the progress of work on a thread is redrawn.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// The status while a decision is worked out, with the laps checked so far.
fn working_line(w: &Working) -> String {
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

/// The text with its first letter upper case.
fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// 1234567 as "1,234,567".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn seeds_in_hand(n: u32) -> String {
    format!("{n} seed{} in hand", if n == 1 { "" } else { "s" })
}

/// "North cannot fill a hole: South wins the match".
pub fn match_over_line(winner: Option<Side>) -> String {
    match winner {
        Some(s) => format!(
            "{} cannot fill a hole: {} wins the match",
            s.other().title(),
            s.title()
        ),
        None => "Neither player can fill a hole: the match is drawn".into(),
    }
}

/// A value for the mover in words: "+2.5 seeds" ("cows" in Bao), "a forced win".
pub fn seeds_words(seeds: f64, kind: GameKind) -> String {
    let unit = if kind == GameKind::BaoLaKimasai {
        "cows"
    } else {
        "seeds"
    };
    if seeds >= 99.0 {
        "a forced win".into()
    } else if seeds <= -99.0 {
        "a forced loss".into()
    } else {
        format!("{seeds:+.1} {unit}")
    }
}

/// "Game over: South wins 30 to 18 (the player to move has no seeds to sow)".
pub fn over_line(o: &crate::engine::Outcome) -> String {
    let who = match o.winner {
        Some(s) => format!("{} wins", s.title()),
        None => "a draw".into(),
    };
    format!(
        "Game over: {who}, South {} to North {} ({})",
        o.score.south,
        o.score.north,
        o.reason.describe()
    )
}

// ---- records: saving, resuming, the replay viewer ---------------------------

impl App {
    /// The current game as a record entry.
    fn current_game_record(&self) -> Option<GameRecord> {
        let start = self.cur_start.as_ref()?;
        let Some(p) = self.play.as_ref() else {
            // During the race: its start, and the race once someone slept.
            let race = self.race.as_ref()?;
            return Some(GameRecord {
                start: start.position_json(),
                race: self.cur_race.clone().or_else(|| race.record()),
                decisions: Vec::new(),
                result: None,
            });
        };
        Some(GameRecord {
            start: start.position_json(),
            race: self.cur_race.clone(),
            decisions: p.moves.iter().map(|m| m.token.clone()).collect(),
            result: match p.game.status() {
                Status::Over(o) => Some(o),
                Status::Playing => None,
            },
        })
    }

    /// Everything played so far as a record (None before the first turn).
    pub fn record(&self) -> Option<Record> {
        let setup = self.setup.as_ref()?;
        let current = self.current_game_record()?;
        let mut games = self.done_games.clone();
        games.push(current);
        Some(setup.record(games))
    }

    /// Saves the record to `save_path` if it changed: a job off this
    /// thread, after the saves before it (atomically; the first time only
    /// over a new file or a record, unless forced). The answer comes at
    /// once if it is there within `save_wait`, else as an event.
    pub fn autosave(&mut self) {
        if self.viewer.is_some() {
            return;
        }
        let Some(path) = self.save_path.clone() else {
            return;
        };
        let Some(record) = self.record() else { return };
        let text = record.to_text();
        if text == self.last_saved {
            return;
        }
        // A new file keeps asking for a fresh name until one is taken (the
        // saver then writes to the name taken).
        let how = if self.save_new {
            How::New
        } else if self.last_saved.is_empty() {
            How::First {
                force: self.save_force,
            }
        } else {
            How::Again
        };
        self.last_saved = text.clone();
        if let Some(saved) = self.saver.save(path, text, how, self.save_wait, &self.tx) {
            self.saved(saved);
        }
    }

    /// A save's answer: the name a new file took, or why it failed (said on
    /// the status line; the next change tries again).
    fn saved(&mut self, saved: Saved) {
        match saved.result {
            Ok(_) => {
                if self.save_path.as_ref() == Some(&saved.asked) {
                    self.save_path = Some(saved.written);
                    self.save_new = false;
                }
                self.save_error = None;
            }
            Err(e) => {
                self.last_saved.clear();
                self.save_failed(e);
            }
        }
    }

    /// Quitting: waits up to `bound` for the saves under way; one that does
    /// not finish in time is said as a failed save.
    pub fn finish_saves(&mut self, bound: Duration) {
        match self.saver.finish(bound) {
            Ok(Some(saved)) => self.saved(saved),
            Ok(None) => {}
            Err(e) => self.save_failed(e),
        }
    }

    /// Is a save under way?
    pub fn saving(&self) -> bool {
        self.saver.pending()
    }

    /// The gate every save passes before writing: holding it holds the
    /// saves, as a slow disk would (tests).
    pub fn save_gate(&self) -> std::sync::Arc<std::sync::Mutex<()>> {
        self.saver.gate()
    }

    /// A save failed: said on the status line (once per reason) and kept
    /// for the message at exit, which then fails.
    pub fn save_failed(&mut self, e: String) {
        if self.save_error.as_ref() != Some(&e) {
            self.refuse(format!("Not saved: {e}"));
        }
        self.save_error = Some(e);
    }

    /// A new game goes to a new file of the data folder, named at its first
    /// save (nothing when there is no data folder or with `--save`).
    pub fn save_to_new_file(&mut self) {
        if let Some(dir) = &self.autosave_dir {
            self.save_path = Some(file::new_save_path(dir));
            self.save_new = true;
            self.last_saved.clear();
        }
    }

    /// Loads game `gi` of a checked record into `play`: the match's earlier
    /// games, the start, the race and every decision (undo reaches back
    /// through them). Nobody is asked to move.
    fn install(
        &mut self,
        record: &Record,
        checked: &Checked,
        steps: &[Vec<work::Played>],
        gi: usize,
    ) -> Result<(), String> {
        self.done_games = record.games[..gi].to_vec();
        self.matches = MatchState {
            games: checked.games[..gi]
                .iter()
                .filter_map(|r| match r.end.status() {
                    Status::Over(o) => Some(o.score),
                    Status::Playing => None,
                })
                .collect(),
            over: None,
        };
        let g = &record.games[gi];
        let r = &checked.games[gi];
        self.cur_start = Some(r.start.clone());
        self.cur_race = g.race.clone();
        self.race_note = match (&g.race, r.race_first) {
            (Some(race), Some(first)) => Some(race_note(race.hole, first, &race.drops, false)),
            _ => None,
        };
        self.begin_play_quiet(r.begin.clone());
        // The loader played these decisions already, off this thread.
        let played = steps.get(gi).map_or(&[][..], Vec::as_slice);
        for (k, step) in played.iter().enumerate() {
            self.apply(step.clone())
                .map_err(|e| format!("decision {}: {e}", k + 1))?;
        }
        if let Some(p) = self.play.as_mut() {
            p.anim = None;
        }
        Ok(())
    }

    /// An app that continues a saved game (the caller sets `save_path`).
    pub fn resume(
        tx: Sender<AppEvent>,
        loaded: &Loaded,
        client: ClientArgs,
        theme: Theme,
        now: Instant,
    ) -> Result<App, String> {
        let mut app = App::menu(tx, client, theme);
        app.open_resume(loaded, now)?;
        Ok(app)
    }

    /// Continues a saved game here; nothing changes if it cannot be.
    fn open_resume(&mut self, loaded: &Loaded, now: Instant) -> Result<(), String> {
        let (record, checked) = (&loaded.record, &loaded.checked);
        let setup = Setup::from_record(record)?;
        self.viewer = None;
        self.instant = self.client.instant;
        self.setup = Some(setup);
        let gi = record.games.len() - 1;
        self.install(record, checked, &loaded.steps, gi)?;
        let g = &record.games[gi];
        let raced = self
            .setup
            .as_ref()
            .and_then(Setup::race)
            .is_some_and(|r| r.mode != RaceArg::Off);
        if raced && g.race.is_none() && g.decisions.is_empty() {
            // Saved during the race: it is run again from its start.
            self.start_game(checked.games[gi].start.clone(), now);
            return Ok(());
        }
        let turn = self.play.as_ref().map_or(1, |p| p.game.turn());
        self.set_status(format!("Resumed at turn {turn}"));
        self.after_move(now);
        if let Some(w) = checked.match_over {
            self.matches.over = Some(w);
        }
        Ok(())
    }

    /// The saved-games list: choose, continue or replay.
    fn saves_key(&mut self, action: Action, now: Instant) -> bool {
        let Some(s) = self.saves.as_mut() else {
            return false;
        };
        let t = s.handle(action);
        self.transition(t, now)
    }

    // ---- loading off the UI thread -----------------------------------------

    /// Loads on a thread: the answer comes at once when quick, else as an
    /// event while a progress line shows and Esc can stop it.
    pub fn start_load(&mut self, purpose: LoadFor, now: Instant) {
        self.loading = None;
        let job = work::Job::new();
        let progress = job.progress();
        let id = next_version();
        let tx = self.tx.clone();
        let what = purpose.clone();
        let done = work::run_or_post(
            self.work_wait,
            move || what.run(&progress),
            move |result| {
                let _ = tx.send(AppEvent::Loaded { id, result });
            },
        );
        match done {
            Some(result) => self.loaded(purpose, result, now),
            None => {
                let what = capitalized(&purpose.what());
                self.set_status(format!("{what}... (Esc stops it)"));
                self.loading = Some(Loading { id, purpose, job });
                self.progress_at = Some(now + PROGRESS_EVERY);
            }
        }
    }

    /// Loads on this thread (no terminal: nothing to keep live).
    pub fn load_now(&mut self, purpose: LoadFor, now: Instant) {
        let result = purpose.run(&work::Progress::default());
        self.loaded(purpose, result, now);
    }

    /// Esc while loading: the work stops, the screen is as it was.
    fn stop_loading(&mut self) {
        let Some(l) = self.loading.take() else { return };
        let line = format!("Stopped {}", l.purpose.what());
        if l.purpose.at_start() {
            self.note = Some(format!("{line}. Nothing was changed."));
            self.quit = true;
        } else {
            self.set_status(format!("{line}. Nothing was changed"));
        }
    }

    /// A load's answer: shown where it was asked for.
    fn loaded(&mut self, purpose: LoadFor, result: Result<LoadResult, String>, now: Instant) {
        self.loading = None;
        let loaded = match (result, &purpose) {
            (Err(e), _) if e == CANCELLED => return,
            (Err(e), p) if p.at_start() => return self.fail(e),
            (Err(e), _) => return self.refuse(e),
            (Ok(LoadResult::Saves(list)), LoadFor::Saves(dir)) => {
                match SavesScreen::new(list) {
                    None => self.refuse(format!("No saved games in {}", dir.display())),
                    Some(s) => {
                        self.saves = Some(s);
                        self.set_status(format!("Saved games in {}", dir.display()));
                    }
                }
                return;
            }
            (Ok(LoadResult::Record(l)), _) => *l,
            (Ok(LoadResult::Saves(_)), _) => return,
        };
        let finished = loaded.checked.is_finished() && loaded.checked.match_over.is_none();
        match purpose {
            LoadFor::Replay(_) => {
                if let Err(e) = self.open_replay(loaded) {
                    self.fail(e);
                }
            }
            LoadFor::Resume(_) => {
                if finished {
                    let path = loaded.path.display();
                    return self.fail(format!("{path}: the game is over (`replay` shows it)"));
                }
                self.save_path = Some(loaded.path.clone());
                self.save_new = false;
                self.last_saved.clear();
                if let Err(e) = self.open_resume(&loaded, now) {
                    self.fail(e);
                }
            }
            LoadFor::Chosen(path, view) => {
                // A finished match opens at its end, like an unfinished game.
                let result = if view || finished {
                    self.open_replay(loaded)
                } else {
                    // Saved back to its own file (set first: resuming saves).
                    let before = self.save_path.replace(path);
                    let before_new = std::mem::replace(&mut self.save_new, false);
                    let saved = std::mem::take(&mut self.last_saved);
                    let r = self.open_resume(&loaded, now);
                    if r.is_err() {
                        self.save_path = before;
                        self.save_new = before_new;
                        self.last_saved = saved;
                    }
                    r
                };
                match result {
                    Ok(()) => self.saves = None,
                    Err(e) => {
                        self.screen = Screen::Menu;
                        self.refuse(e);
                    }
                }
            }
            LoadFor::Saves(_) => {}
        }
    }

    /// What the command line asked for cannot be shown: the program ends with this error.
    fn fail(&mut self, e: String) {
        self.fatal = Some(e);
        self.quit = true;
    }

    /// An app showing a record in the replay viewer, at the start of its first game.
    pub fn replay(
        tx: Sender<AppEvent>,
        loaded: Loaded,
        client: ClientArgs,
        theme: Theme,
    ) -> Result<App, String> {
        let mut app = App::menu(tx, client, theme);
        app.open_replay(loaded)?;
        Ok(app)
    }

    /// Opens the replay viewer here on a record.
    fn open_replay(&mut self, loaded: Loaded) -> Result<(), String> {
        let setup = Setup::from_record(&loaded.record)?;
        self.instant = false;
        self.setup = Some(setup);
        self.viewer = Some(ReplayScreen::new(loaded));
        self.view_game(0)
    }

    /// Shows game `gi` of the viewer's record from its start.
    fn view_game(&mut self, gi: usize) -> Result<(), String> {
        let Some(mut v) = self.viewer.take() else {
            return Err("no record".into());
        };
        let result = self.install(v.record(), v.checked(), v.steps(), gi);
        if let Some(p) = self.play.as_ref() {
            v.installed(gi, p);
        }
        self.viewer = Some(v);
        result?;
        self.screen = Screen::Replay;
        if let Some(p) = self.play.as_mut() {
            p.restore(0);
        }
        self.replay_status();
        Ok(())
    }

    /// The replay viewer, when open.
    pub fn viewer(&self) -> Option<&ReplayScreen> {
        self.viewer.as_ref()
    }

    pub fn viewer_mut(&mut self) -> Option<&mut ReplayScreen> {
        self.viewer.as_mut()
    }

    /// The step shown and the number of steps: (decisions shown, all decisions).
    pub fn replay_step(&self) -> (usize, usize) {
        match (&self.viewer, &self.play) {
            (Some(v), Some(p)) => v.step(p),
            _ => (0, 0),
        }
    }

    fn replay_status(&mut self) {
        if let (Some(v), Some(p)) = (&self.viewer, &self.play) {
            let line = v.status(p, self.speed_ms);
            self.set_status(line);
        }
    }

    fn replay_key(&mut self, action: Action, k: &KeyEvent, now: Instant) -> bool {
        let (Some(v), Some(p)) = (self.viewer.as_mut(), self.play.as_mut()) else {
            return false;
        };
        let digit = match k.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        let pace = Pace {
            speed_ms: &mut self.speed_ms,
            instant: self.instant,
        };
        let t = v.handle(action, digit, p, pace, &self.tx, now);
        if matches!(t, Transition::Stay) && action != Action::Digit {
            return false;
        }
        self.transition(t, now);
        true
    }

    fn replay_tick(&mut self, now: Instant) -> bool {
        let (Some(v), Some(p)) = (self.viewer.as_mut(), self.play.as_mut()) else {
            return false;
        };
        let pace = Pace {
            speed_ms: &mut self.speed_ms,
            instant: self.instant,
        };
        let t = v.tick(p, pace, now);
        self.transition(t, now)
    }

    /// The game just finished, in the replay viewer at its end with the
    /// review started. Its decisions are played again here: each was decided
    /// once already while the game was played.
    fn review_game(&mut self) -> bool {
        let Some(record) = self.record() else {
            return false;
        };
        let path = self.save_path.clone().unwrap_or_default();
        let loaded = match load::from_record(&path, record, &work::Progress::default()) {
            Ok(l) => l,
            Err(e) => {
                self.refuse(e);
                return true;
            }
        };
        let last_game = loaded.record.games.len() - 1;
        if let Err(e) = self
            .open_replay(loaded)
            .and_then(|()| self.view_game(last_game))
        {
            self.refuse(e);
            return true;
        }
        if let (Some(v), Some(p)) = (self.viewer.as_mut(), self.play.as_mut()) {
            v.go_to_end(p, self.speed_ms, Instant::now());
            let line = v.start_review(&self.tx);
            self.set_status(line);
        }
        true
    }

    /// Leaves the viewer and plays on from the step shown, as a new game saved
    /// to a new file. If both seats were AI, the side to move becomes human.
    fn take_over(&mut self, now: Instant) {
        if self.viewer.take().is_none() {
            return;
        }
        let Some(p) = self.play.as_mut() else { return };
        let at = p.at;
        p.restore(at);
        p.history.truncate(at + 1);
        let mover = p.game.to_move();
        if let Some(setup) = self.setup.as_mut()
            && setup.all_ai()
        {
            setup.set_seat(mover, Seat::Human);
        }
        let turn = p.game.turn();
        self.save_to_new_file();
        let p = self.play.as_mut().expect("checked above");
        p.log.push(format!(
            "Taken over from the replay at turn {turn}: a new game."
        ));
        self.screen = Screen::Play;
        self.set_status(format!("Taken over at turn {turn}: a new game"));
        self.after_move(now);
    }
}

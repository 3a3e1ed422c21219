//! The screens a game starts from and is played on: the start menu, the
//! race, the game played and the game over. Each game screen owns the game
//! (`Play`: its session and what is shown of it) and hands it on to the
//! screen that follows: the race to the game, the game to its end and back
//! (undo), the end to the match's next game. What comes after a move is the
//! session's (`Play::after_move` asks it); these screens carry it out: the
//! status line, the save, the statistics, the next screen.

use super::editor::Editor;
use super::env::LoadFor;
use super::menu::Picked;
use super::over::OverScreen;
use super::play::{Next as AfterMove, Play, speed_step};
use super::race::RaceScreen;
use super::replay::Replaying;
use super::saves::SavesScreen;
use super::{Around, Did, Env, Key, Kind, Screen, Transition};
use crate::app::event::Output;
use crate::app::screen::browse::BrowseScreen;
use crate::keys::{Action, Ctx};
use crate::session::job::{self, Done};
use crate::session::load;
use crate::session::load::Loaded;
use crate::session::setup::Setup;
use crate::session::{AfterGame, NextGame, Session, SessionError};
use crate::session::{match_over_line, over_line};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::time::Instant;

/// Starts a new game (or match) with these options: its screen.
pub fn start_match(setup: Setup, env: &mut Env, now: Instant) -> Box<dyn Screen> {
    env.instant = env.client.instant;
    env.seed = setup.seed();
    env.persist.to_new_file();
    let play = env.new_play(Session::new(setup));
    show(play, env, now)
}

/// The screen of a game: its race first when the session runs one (saved
/// as the game's start: resuming runs the race again), else its turn.
pub fn show(play: Box<Play>, env: &mut Env, now: Instant) -> Box<dyn Screen> {
    env.seed = play.session().setup().seed();
    if let Some(r) = play.session().racing() {
        let mut race = RaceScreen::of(r.clone(), now).with_keys(env.keys.clone());
        if !env.raced {
            race.wait_for_a_key();
            env.raced = true;
        }
        env.set_status(race.greeting());
        env.autosave(play.session());
        return Box::new(RaceOn {
            race: Box::new(race),
            play: Some(play),
        });
    }
    after_move(play, env)
}

/// After a move has been shown: the game over, or the game played on.
pub fn after_move(mut play: Box<Play>, env: &mut Env) -> Box<dyn Screen> {
    if turn(&mut play, env) {
        Box::new(GameOver { play: Some(play) })
    } else {
        Box::new(Playing { play: Some(play) })
    }
}

/// What comes after a move (the session's `what_next`, asked by the play
/// screen): the game's end said and counted, the AI's turn or the person's
/// prompt on the status line. Whether the game is over.
fn turn(p: &mut Play, env: &mut Env) -> bool {
    env.autosave(p.session());
    match p.after_move() {
        AfterMove::Over(end) => {
            env.set_status(over_line(&end.outcome));
            if let Some(count) = end.count {
                env.count(p, count);
            }
            // The session settled the match: its end is said now.
            if let AfterGame::MatchOver(m) = end.then {
                env.set_status(match_over_line(&m));
            }
            true
        }
        AfterMove::Prompt(line) | AfterMove::Thinking(line) => {
            if !env.status_error() {
                env.set_status(line);
            }
            false
        }
    }
}

/// What the game did, carried out by the screen holding it (`over`: the
/// game-over screen): the status line, the save, and after a move the
/// screen of the game's end or of its turn (the game handed on).
fn carry(slot: &mut Option<Box<Play>>, over: bool, did: Did, env: &mut Env) -> Transition {
    let Some(p) = slot.as_deref_mut() else {
        return Transition::Stay;
    };
    let next = match did {
        Did::Stay => return Transition::Stay,
        Did::Redraw | Did::Raced(_) => return Transition::Redraw,
        Did::Quit => return Transition::Quit,
        Did::Refuse(line) => {
            env.refuse(line);
            return Transition::Redraw;
        }
        Did::Status(line) => {
            env.set_status(line);
            return Transition::Redraw;
        }
        // Once it is shown, what comes next (at once when nothing animates).
        Did::Moved(line) if p.anim().is_some() => {
            env.autosave(p.session());
            env.set_status(line);
            return Transition::Redraw;
        }
        Did::Moved(line) => {
            env.set_status(line);
            env.autosave(p.session());
            turn(p, env)
        }
        Did::Next(line) => {
            if let Some(line) = line {
                env.set_status(line);
            }
            turn(p, env)
        }
    };
    if next == over {
        return Transition::Redraw;
    }
    match slot.take() {
        Some(play) if next => Transition::Replace(Box::new(GameOver { play: Some(play) })),
        Some(play) => Transition::Replace(Box::new(Playing { play: Some(play) })),
        None => Transition::Stay,
    }
}

/// A job's answer for the game on screen (`over`: the game-over screen).
fn game_job(
    slot: &mut Option<Box<Play>>,
    over: bool,
    done: Done<Output>,
    now: Instant,
    env: &mut Env,
) -> Result<Transition, Done<Output>> {
    let Some(p) = slot.as_deref_mut() else {
        return Err(done);
    };
    let version = done.version;
    let did = match done.output {
        // The AI seat's decision: taken only while the game is played.
        Output::Ai(decided) if !over => p.ai_move(version, *decided, now),
        Output::Played { decided } => p.played(version, *decided, now),
        Output::Analysis(output) => p.analysed(Done { version, output }),
        output => return Err(Done { version, output }),
    };
    Ok(carry(slot, over, did, env))
}

/// The game being played.
pub struct Playing {
    play: Option<Box<Play>>,
}

impl Playing {
    /// Plays one decision of the side to move (see `Play::decide`).
    pub fn decide(&mut self, token: String, now: Instant, env: &mut Env) -> Transition {
        let Some(p) = self.play.as_deref_mut() else {
            return Transition::Stay;
        };
        let did = p.decide(token, now);
        carry(&mut self.play, false, did, env)
    }

    /// Selects the hole of this decision token, as the arrows would.
    pub fn select(&mut self, token: &str) {
        if let Some(p) = self.play.as_deref_mut() {
            p.select(token);
        }
    }
}

impl Screen for Playing {
    fn ctx(&self) -> Option<Ctx> {
        Some(self.play.as_ref().map_or(Ctx::Play, |p| p.ctx()))
    }

    fn acts(&self, action: Action) -> bool {
        self.play.as_ref().is_none_or(|p| p.acts(action))
    }

    /// The screen's own keys (quit, speed, the analysis, looking back), then
    /// the game's.
    fn handle(&mut self, key: Key<'_>, env: &mut Env) -> Transition {
        let Some(p) = self.play.as_deref_mut() else {
            return Transition::Stay;
        };
        let action = key.action;
        let human = p.session().setup().seat(p.game().to_move()).is_human();
        let taking_back =
            matches!(action, Action::Undo | Action::Cancel) && human && p.working().is_some();
        match action {
            _ if taking_back => {}
            Action::Quit => return Transition::Quit,
            Action::Faster | Action::Slower => {
                env.speed_ms = speed_step(env.speed_ms, action);
                p.set_speed(env.speed_ms);
                env.set_status(format!("Animation: {} ms a seed", env.speed_ms));
                return Transition::Redraw;
            }
            Action::Analysis => {
                env.panel = !env.panel;
                if !env.panel {
                    env.set_status("Analysis off");
                } else {
                    let nodes = crate::review::nodes(p.game().kind());
                    env.set_status(format!(
                        "Analysis on: the AI judges every decision as the review does ({} nodes)",
                        crate::out::thousands(nodes)
                    ));
                }
                return Transition::Redraw;
            }
            Action::Edit => return Editor::open(p.game(), env),
            Action::ShowPosition | Action::CopyPosition => {
                return super::share::share(action, p.game(), env).unwrap_or(Transition::Stay);
            }
            Action::StepBack => {
                return match BrowseScreen::open(p) {
                    Some(b) => {
                        env.set_status(b.status());
                        Transition::Open(Box::new(b))
                    }
                    None => {
                        env.refuse("Nothing played yet: no earlier position to look at");
                        Transition::Redraw
                    }
                };
            }
            _ => {}
        }
        let did = p.handle(action, key.event, key.now);
        carry(&mut self.play, false, did, env)
    }

    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>) {
        if let Some(p) = &self.play {
            p.render(area, buf, around.chrome, around.env.panel);
        }
    }

    fn tick(&mut self, now: Instant, env: &mut Env) -> Transition {
        let Some(p) = self.play.as_deref_mut() else {
            return Transition::Stay;
        };
        let did = p.tick(now, env.speed_ms);
        carry(&mut self.play, false, did, env)
    }

    fn deadline(&self) -> Option<Instant> {
        self.play.as_ref()?.next_frame_at()
    }

    fn on_job(
        &mut self,
        done: Done<Output>,
        now: Instant,
        env: &mut Env,
    ) -> Result<Transition, Done<Output>> {
        game_job(&mut self.play, false, done, now, env)
    }

    /// A click on a hole of the mover's row sows it.
    fn click(&mut self, at: (Rect, u16, u16), now: Instant, env: &mut Env) -> Transition {
        let Some(p) = self.play.as_deref_mut() else {
            return Transition::Stay;
        };
        let did = p.click(at.0, at.1, at.2, now);
        carry(&mut self.play, false, did, env)
    }

    fn kind(&self) -> Option<Kind> {
        Some(Kind::Play)
    }

    fn play(&self) -> Option<&Play> {
        self.play.as_deref()
    }

    fn play_mut(&mut self) -> Option<&mut Play> {
        self.play.as_deref_mut()
    }

    fn game_on(&self) -> bool {
        true
    }
}

/// The game over, its last board under the result.
pub struct GameOver {
    play: Option<Box<Play>>,
}

impl GameOver {
    /// The match's next game (the session carries the scores over), or its
    /// end, or a new match when it is not one.
    fn next_game(&mut self, env: &mut Env, now: Instant) -> Transition {
        let Some(p) = self.play.as_deref_mut() else {
            return Transition::Stay;
        };
        match p.next_game() {
            NextGame::Started { .. } => match self.play.take() {
                Some(play) => Transition::Replace(show(play, env, now)),
                None => Transition::Stay,
            },
            NextGame::MatchOver(m) => {
                env.set_status(match_over_line(&m));
                Transition::Redraw
            }
            NextGame::None => {
                let setup = p.session().setup().clone();
                Transition::Replace(start_match(setup, env, now))
            }
        }
    }

    /// The game just finished, in the replay viewer at its end with the
    /// review started. Its decisions are played again here: each was
    /// decided once already while the game was played.
    fn review(&self, env: &mut Env, now: Instant) -> Transition {
        let Some(p) = &self.play else {
            return Transition::Stay;
        };
        let record = p.session().record();
        let path = env.persist.path().map(PathBuf::from).unwrap_or_default();
        let loaded = match load::from_record(&path, record, &job::Progress::default()) {
            Ok(l) => l,
            Err(e) => {
                env.refuse(e);
                return Transition::Redraw;
            }
        };
        let last_game = loaded.record.games.len() - 1;
        match Replaying::open(loaded, last_game, env) {
            Ok(Some(mut viewer)) => {
                viewer.go_to_end_reviewed(env, now);
                Transition::Replace(Box::new(viewer))
            }
            Ok(None) => Transition::Redraw,
            Err(e) => {
                env.refuse(e.to_string());
                Transition::Redraw
            }
        }
    }
}

impl Screen for GameOver {
    fn ctx(&self) -> Option<Ctx> {
        Some(Ctx::Over)
    }

    /// Undo takes back a person's move: none between two AIs.
    fn acts(&self, action: Action) -> bool {
        action != Action::Undo || self.play.as_ref().is_none_or(|p| !p.session().all_ai())
    }

    /// Rematch (or the match's next game), a new game, the review, or undo
    /// back into the game (the session's undo: the match goes on).
    fn handle(&mut self, key: Key<'_>, env: &mut Env) -> Transition {
        let Some(p) = self.play.as_deref_mut() else {
            return Transition::Stay;
        };
        match key.action {
            Action::Rematch => {
                // The session says whether the match goes on: each score
                // is then the player's stock for the next game.
                match p.session().after_game() {
                    Some(AfterGame::NextGame { .. }) => self.next_game(env, key.now),
                    _ => {
                        let setup = p.session().setup().clone();
                        Transition::Replace(start_match(setup, env, key.now))
                    }
                }
            }
            Action::Review => self.review(env, key.now),
            Action::NewGame => {
                // The game is closed: another window may open it now (with
                // --save the file stays this window's: the next game goes there).
                env.persist.closed();
                env.load_menu_record();
                env.set_status("Choose the game and press Enter");
                Transition::Replace(Box::new(StartMenu::default()))
            }
            Action::Undo => {
                let did = p.undo();
                carry(&mut self.play, true, did, env)
            }
            Action::Edit => Editor::open(p.game(), env),
            a => super::share::share(a, p.game(), env).unwrap_or(Transition::Stay),
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>) {
        if let Some(play) = &self.play {
            OverScreen { play }.render(area, buf, around.chrome);
        }
    }

    fn on_job(
        &mut self,
        done: Done<Output>,
        now: Instant,
        env: &mut Env,
    ) -> Result<Transition, Done<Output>> {
        game_job(&mut self.play, true, done, now, env)
    }

    fn kind(&self) -> Option<Kind> {
        Some(Kind::Over)
    }

    fn play(&self) -> Option<&Play> {
        self.play.as_deref()
    }

    fn play_mut(&mut self) -> Option<&mut Play> {
        self.play.as_deref_mut()
    }
}

/// The race, and the game it opens (waiting for the race's board).
pub struct RaceOn {
    race: Box<RaceScreen>,
    play: Option<Box<Play>>,
}

impl RaceOn {
    pub fn race(&self) -> &RaceScreen {
        &self.race
    }

    /// What the race did: the game begins once it is over.
    fn carry(&mut self, did: Did, env: &mut Env, now: Instant) -> Transition {
        match did {
            Did::Stay => Transition::Stay,
            Did::Quit => Transition::Quit,
            Did::Refuse(line) => {
                env.refuse(line);
                Transition::Redraw
            }
            Did::Status(line) => {
                env.set_status(line);
                Transition::Redraw
            }
            Did::Raced(r) => {
                let Some(mut play) = self.play.take() else {
                    return Transition::Stay;
                };
                if let Err(e) = play.raced(r.racing) {
                    env.refuse(format!("race: {e}"));
                }
                Transition::Replace(show(play, env, now))
            }
            Did::Redraw | Did::Moved(_) | Did::Next(_) => Transition::Redraw,
        }
    }
}

impl Screen for RaceOn {
    fn ctx(&self) -> Option<Ctx> {
        Some(Ctx::Race)
    }

    fn acts(&self, action: Action) -> bool {
        self.race.acts(action)
    }

    fn handle(&mut self, key: Key<'_>, env: &mut Env) -> Transition {
        let c = match key.event.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        let did = self.race.handle(key.action, c, key.now);
        self.carry(did, env, key.now)
    }

    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>) {
        self.race.render(area, buf, around.chrome);
    }

    fn tick(&mut self, now: Instant, env: &mut Env) -> Transition {
        let did = self.race.tick(now);
        self.carry(did, env, now)
    }

    fn deadline(&self) -> Option<Instant> {
        self.race.deadline()
    }

    /// Held while covered: the clock and both racers stop.
    fn hold(&mut self, covered: bool, now: Instant) {
        if covered {
            self.race.pause(now);
        } else {
            self.race.resume(now);
        }
    }

    fn kind(&self) -> Option<Kind> {
        Some(Kind::Race)
    }

    fn session(&self) -> Option<&Session> {
        self.play.as_ref().map(|p| p.session())
    }

    fn game_on(&self) -> bool {
        true
    }
}

/// The start menu at the bottom of the stack (its choices are the `Env`'s,
/// kept from one game to the next).
#[derive(Default)]
pub struct StartMenu {
    /// The saved games' list it opens over itself at once (back from a
    /// game replayed from it).
    saves: Option<SavesScreen>,
}

impl StartMenu {
    /// The menu with this saved-games list open over it.
    pub fn with_saves(list: SavesScreen) -> StartMenu {
        StartMenu { saves: Some(list) }
    }
}

impl Screen for StartMenu {
    fn ctx(&self) -> Option<Ctx> {
        Some(Ctx::Menu)
    }

    /// The choices, the saved games, the lessons, or the game chosen.
    fn handle(&mut self, key: Key<'_>, env: &mut Env) -> Transition {
        match env.menu.handle(key.action, env.seed) {
            Picked::Stay => Transition::Stay,
            Picked::Redraw => Transition::Redraw,
            Picked::Refuse(e) => {
                env.refuse(e);
                Transition::Redraw
            }
            // Everything is drawn in the new colours from now on.
            Picked::Theme(palette) => {
                env.theme = env.theme.with_palette(palette);
                env.client.theme = Some(palette);
                Transition::Redraw
            }
            Picked::OpenSaves => {
                let Some(dir) = env.persist.autosave_dir().map(PathBuf::from) else {
                    env.refuse("No data folder: games are not saved (set HOME or XDG_DATA_HOME)");
                    return Transition::Redraw;
                };
                env.start_load(LoadFor::Saves(dir), None, key.now)
            }
            Picked::Learn(kind) => Transition::Open(Box::new(env.lessons(Some(kind), key.now))),
            Picked::Edit(start) => Editor::open(&start, env),
            Picked::Start(setup) => Transition::Replace(start_match(*setup, env, key.now)),
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, around: &Around<'_>) {
        around.env.menu.render_screen(area, buf, around.chrome);
    }

    fn kind(&self) -> Option<Kind> {
        Some(Kind::Menu)
    }

    fn open_over(&mut self) -> Option<Box<dyn Screen>> {
        self.saves.take().map(|s| Box::new(s) as Box<dyn Screen>)
    }
}

impl Env {
    /// Continues a saved game: its screen; nothing changes if it cannot be.
    pub fn open_resume(
        &mut self,
        loaded: &Loaded,
        now: Instant,
    ) -> Result<Box<dyn Screen>, SessionError> {
        let session = Session::resume(loaded)?;
        self.instant = self.client.instant;
        let play = self.new_play(session);
        if play.session().racing().is_none() {
            self.set_status(format!("Resumed at turn {}", play.game().turn()));
        }
        // Saved during the race: it is run again from its start.
        Ok(show(play, self, now))
    }
}

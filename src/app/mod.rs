//! The interactive terminal client: one event loop fed by input, animation
//! ticks and background work, over a ratatui `Backend` so tests can drive it
//! on a `TestBackend`. The app depends on the engine, never the reverse.

pub(crate) mod adapter;
pub(crate) mod anim;
pub(crate) mod bench;
pub(crate) mod error;
pub(crate) mod event;
pub(crate) mod geometry;
pub(crate) mod help_text;
pub(crate) mod keys;
pub(crate) mod lesson;
pub(crate) mod markdown;
pub(crate) mod puzzle;
pub(crate) mod review_view;
pub(crate) mod screen;
pub(crate) mod state;
pub(crate) mod theme;
pub(crate) mod view;

// What `main.rs`, the benches and the tests reach; everything else stays
// inside the crate, so the compiler reports what nobody uses.
pub use adapter::{GameAdapter, adapter};
pub use anim::MAX_TOTAL_FRAMES;
pub use bench::{model_2x50, run as bench_render};
pub use error::ClientError;
pub use event::{AppEvent, Output};
pub use keys::set_active;
pub use lesson::{LessonScreen, Phase};
pub use puzzle::open as puzzle_screen;
pub use review_view::ReviewUpdate;
pub use screen::race::COUNTDOWN;
pub use screen::saves::SavesScreen;
pub use state::{App, LoadFor, Screen, help_lines, needed_size};
pub use view::bao::{BaoBoard, BaoModel, BaoRow, BaoSide};
pub use view::board::{Geometry, Row, TwoRowBoard};
pub use view::hint_line;
pub use view::play::PlayLayout;
pub use view::theme::{Theme, set_colour};

use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::crossterm::event::{self as ct, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use state::AppView;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::Instant;

use crate::cli::{ClientArgs, LearnArgs, ReplayArgs, ResumeArgs};
use crate::record::file;
use crate::session::setup::Setup;
use std::path::PathBuf;

/// Frames drawn so far (for tests that check the loop draws only with a cause).
#[derive(Debug, Default, Clone, Copy)]
pub struct LoopStats {
    pub frames: u64,
    pub events: u64,
}

/// Draws the app once (its size is the terminal's, from the loop's resize
/// events: drawing changes nothing).
pub fn draw<B: Backend>(terminal: &mut Terminal<B>, app: &App) -> Result<(), B::Error> {
    terminal.draw(|f| f.render_widget(AppView(app), f.area()))?;
    Ok(())
}

/// The event loop: blocks on the channel, wakes for ticks only while the app
/// animates or races, redraws only when something changed. Returns when the
/// app quits or every sender is gone.
pub fn run_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    rx: &Receiver<AppEvent>,
) -> Result<LoopStats, B::Error> {
    run_loop_with(terminal, app, rx, &mut || {}, &mut std::io::sink())
}

/// The event loop, with what Ctrl-Z does (`suspend` returns once resumed;
/// the screen is then drawn anew) and where the bytes for the terminal
/// itself go (`out`: OSC 52 for its clipboard, after the frame).
pub fn run_loop_with<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    rx: &Receiver<AppEvent>,
    suspend: &mut dyn FnMut(),
    out: &mut dyn std::io::Write,
) -> Result<LoopStats, B::Error> {
    let mut stats = LoopStats::default();
    // The terminal's size now; resize events give it from then on.
    let size = terminal.size()?;
    app.set_size(size.width, size.height);
    draw(terminal, app)?;
    stats.frames += 1;
    while !app.quitting() {
        let event = match app.deadline() {
            Some(at) => {
                let wait = at.saturating_duration_since(Instant::now());
                match rx.recv_timeout(wait) {
                    Ok(e) => Some(e),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            }
            None => match rx.recv() {
                Ok(e) => Some(e),
                Err(_) => break,
            },
        };
        let now = Instant::now();
        let dirty = match event {
            Some(AppEvent::Resize(w, h)) => {
                terminal.autoresize()?;
                app.handle(AppEvent::Resize(w, h), now)
            }
            Some(e) => {
                stats.events += 1;
                app.handle(e, now)
            }
            None => app.tick(now),
        };
        if app.quitting() {
            break;
        }
        let dirty = if app.take_suspend() {
            suspend();
            app.back_from_shell(Instant::now());
            // The screen was cleared: both buffers empty, so the next frame
            // is drawn whole (`clear` would ask the terminal where its cursor
            // is, and the input thread reads the answer).
            terminal.swap_buffers();
            terminal.swap_buffers();
            true
        } else {
            dirty
        };
        if dirty {
            draw(terminal, app)?;
            stats.frames += 1;
        }
        let bytes = app.take_to_terminal();
        if !bytes.is_empty() {
            // Best effort: a terminal that takes no OSC 52 ignores it, and
            // the status line said "sent", not "copied".
            let _ = out.write_all(&bytes).and_then(|()| out.flush());
        }
    }
    Ok(stats)
}

/// Puts the terminal back: raw mode off, main screen, mouse off, cursor shown.
pub fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(
        std::io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
}

/// What to open: the start menu or a game at once.
pub enum Launch {
    /// The start menu, with each game's default size (Enkeshui, En Gehé).
    Menu(ClientArgs, (usize, usize)),
    /// A game set up on the command line, and the client's options.
    Game(Box<Setup>, Box<ClientArgs>),
    /// `replay FILE`: the viewer.
    Replay(Box<ReplayArgs>),
    /// `resume [FILE]`: saved back to the file it comes from.
    Resume(Box<ResumeArgs>),
    /// `learn [GAME]`: the lessons; leaving them quits.
    Learn(Box<LearnArgs>),
}

thread_local! {
    /// The notice `run` shows over the first screen (`set_startup_notice`).
    static STARTUP_NOTICE: std::cell::RefCell<Option<(String, Vec<String>)>> =
        const { std::cell::RefCell::new(None) };
}

/// A notice for the client to show over its first screen until a key is
/// pressed (the settings file's errors): a title and its lines.
pub fn set_startup_notice(title: &str, lines: Vec<String>) {
    STARTUP_NOTICE.with(|n| *n.borrow_mut() = Some((title.to_string(), lines)));
}

/// Runs the client in the real terminal until the player quits.
pub fn run(launch: Launch) -> Result<(), ClientError> {
    let (tx, rx) = channel();
    let now = Instant::now();
    use std::io::IsTerminal;
    let tty = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    // A record named on the command line is loaded before the screen opens
    // when that is quick (errors then end the program at once), else on a
    // thread with a progress line (never without a terminal: nothing to show).
    let load = |app: &mut App, purpose: LoadFor| -> Result<(), ClientError> {
        if tty {
            app.start_load(purpose, now);
        } else {
            app.load_now(purpose, now);
        }
        app.take_fatal()
            .map_or(Ok(()), |e| Err(ClientError::Open(e)))
    };
    // Resumed and replayed games keep the save path their load gives them.
    let mut keep_path = false;
    // Where the game is saved: --save PATH (checked before the screen
    // opens), the resumed record, or a new file in the data folder.
    let mut save: Option<(PathBuf, bool)> = None;
    // New games go to new files in the data folder (not with --save).
    let mut use_dir = true;
    // Said when the client cannot open: the line mode plays without it.
    let plain = match launch {
        Launch::Menu(..) => "`masai-mancala enkeshui --plain` plays line by line (or en-gehe, bao)",
        _ => "add --plain to play line by line",
    };
    let mut app = match launch {
        Launch::Menu(client, (enkeshui_holes, en_gehe_holes)) => {
            let theme =
                Theme::from_env(client.ascii).with_palette(client.theme.unwrap_or_default());
            if let Some(path) = &client.save {
                file::check_target(path, client.force)?;
                save = Some((path.clone(), client.force));
                use_dir = false;
            }
            let mut app = App::menu(tx.clone(), client, theme);
            app.set_menu_sizes(enkeshui_holes, en_gehe_holes);
            app
        }
        Launch::Game(setup, client) => {
            let theme =
                Theme::from_env(client.ascii).with_palette(client.theme.unwrap_or_default());
            if let Some(path) = &client.save {
                file::check_target(path, client.force)?;
                save = Some((path.clone(), client.force));
                use_dir = false;
            }
            App::with_game(tx.clone(), *setup, *client, theme, now)
        }
        Launch::Replay(args) => {
            let client = ClientArgs {
                ascii: args.ascii,
                speed: args.speed,
                ..ClientArgs::default()
            };
            let theme = Theme::from_env(args.ascii).with_palette(args.theme.unwrap_or_default());
            // The client's speed is the animation's pace.
            let mut app = App::menu(tx.clone(), client, theme);
            keep_path = true;
            load(&mut app, LoadFor::Replay(args.file.clone()))?;
            app
        }
        Launch::Learn(args) => {
            let client = ClientArgs {
                ascii: args.ascii,
                speed: args.speed,
                ..ClientArgs::default()
            };
            let theme = Theme::from_env(args.ascii);
            let mut app = App::menu(tx.clone(), client, theme);
            keep_path = true;
            if args.puzzles {
                app.open_puzzles(args.kind()?, now);
            } else {
                app.open_lessons(args.kind()?, now);
            }
            app.set_lessons_only(true);
            app
        }
        Launch::Resume(args) => {
            let client = ClientArgs {
                ascii: args.ascii,
                speed: args.speed,
                instant: args.instant,
                ..ClientArgs::default()
            };
            let theme = Theme::from_env(args.ascii).with_palette(args.theme.unwrap_or_default());
            let mut app = App::menu(tx.clone(), client, theme);
            keep_path = true;
            load(&mut app, LoadFor::Resume(args.file.clone()))?;
            app
        }
    };
    if let Some((title, lines)) = STARTUP_NOTICE.with(|n| n.borrow_mut().take()) {
        app.show_notice(&title, lines);
    }
    if !tty {
        return Err(ClientError::NoTerminal(plain));
    }
    if std::env::var_os("TERM").is_some_and(|t| t == "dumb") {
        return Err(ClientError::DumbTerminal(plain));
    }
    // Saving starts only with a terminal: no file for a game never shown.
    // Finished games against the AI count in the data folder's statistics
    // (with --save too).
    if let Ok(dir) = file::data_dir() {
        app.set_stats_dir(dir);
    }
    app.load_menu_record();
    if use_dir {
        match file::open_data_dir() {
            Ok(dir) => app.set_autosave_dir(dir),
            // Said on screen now and again at exit, which then fails.
            Err(e) => app.save_failed(e.into()),
        }
    }
    match save {
        Some((path, force)) => {
            file::remove_stale_temps(&file::parent_dir(&path), |name| {
                path.file_name()
                    .is_some_and(|n| n.to_string_lossy() == name)
            });
            app.claim_save(path, force);
        }
        None if keep_path => {}
        None => app.save_to_new_file(),
    }
    if app.save_path().is_some() && app.viewer().is_none() {
        app.autosave();
    }
    // The terminal is restored on every way out: return, panic and signals.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore_terminal();
        default_hook(info);
    }));
    spawn_signals(tx.clone())?;
    enable_raw_mode().map_err(ClientError::Terminal)?;
    let mut stdout = std::io::stdout();
    if let Err(e) = execute!(stdout, EnterAlternateScreen, EnableMouseCapture) {
        restore_terminal();
        return Err(ClientError::Terminal(e));
    }
    spawn_input(tx);
    let result = (|| {
        let mut terminal = Terminal::new(CrosstermBackend::new(std::io::stdout()))?;
        run_loop_with(
            &mut terminal,
            &mut app,
            &rx,
            &mut suspend_to_shell,
            &mut std::io::stdout(),
        )?;
        Ok::<(), ClientError>(())
    })();
    LOOP_DONE.store(true, std::sync::atomic::Ordering::SeqCst);
    // Quit, SIGTERM or SIGHUP: the last state is saved (it already was after
    // every move; this catches a quit in the middle of an animation), and
    // the saves under way are waited for.
    app.autosave();
    app.finish_saves(SAVE_BOUND);
    restore_terminal();
    if let Some(e) = app.take_fatal() {
        return Err(ClientError::Open(e));
    }
    if let Some(note) = app.note() {
        crate::out::err(note);
    }
    if let Some(e) = app.save_error() {
        // The loop's own error first; either way the exit status says so.
        result?;
        return Err(ClientError::NotSaved(e.to_string()));
    } else if let Some(path) = app.save_path()
        && app.viewer().is_none()
        && app.record().is_some()
        && app
            .play()
            .map_or(app.race().is_some(), |p| !p.game().status().is_over())
    {
        // Plain `resume` opens the data folder's newest game: this one, if
        // nothing there is newer; else the path says which.
        if newest_in(path, app.autosave_dir()) {
            crate::out::err("The game is saved (`masai-mancala resume` continues it).");
        } else {
            crate::out::err(&format!(
                "The game is saved in {} (`{}` continues it).",
                path.display(),
                file::resume_command(path)
            ));
        }
    }
    result
}

/// Is `path` a game of the data folder `dir`, and no game there newer?
fn newest_in(path: &std::path::Path, dir: Option<&std::path::Path>) -> bool {
    let Some(dir) = dir else {
        return false;
    };
    let same = |a: &std::path::Path, b: &std::path::Path| {
        std::fs::canonicalize(a)
            .ok()
            .is_some_and(|a| std::fs::canonicalize(b).ok() == Some(a))
    };
    if !path.parent().is_some_and(|p| same(p, dir)) {
        return false;
    }
    let modified = |p: &std::path::Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let Some(mine) = modified(path) else {
        return false;
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.flatten().all(|e| {
        let p = e.path();
        p.extension().is_none_or(|x| x != "json")
            || same(&p, path)
            || modified(&p).is_some_and(|t| t < mine)
    })
}

/// How long quitting waits for the saves under way.
const SAVE_BOUND: std::time::Duration = std::time::Duration::from_secs(5);

/// Ctrl-Z: the terminal is put back as the shell expects it, the program
/// stops (SIGTSTP, as the terminal's own Ctrl-Z would), and when `fg`
/// continues it the game's screen is taken back.
fn suspend_to_shell() {
    restore_terminal();
    crate::sys::stop_self();
    let _ = enable_raw_mode();
    let _ = execute!(
        std::io::stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        ratatui::crossterm::terminal::Clear(ratatui::crossterm::terminal::ClearType::All)
    );
}

/// Reads the terminal's input on a thread and posts it to the loop.
fn spawn_input(tx: Sender<AppEvent>) {
    std::thread::spawn(move || {
        loop {
            let ev = match ct::read() {
                Ok(ev) => ev,
                Err(_) => return,
            };
            let app_ev = match ev {
                ct::Event::Key(k) => AppEvent::Key(k),
                ct::Event::Mouse(m) => AppEvent::Mouse(m),
                ct::Event::Resize(w, h) => AppEvent::Resize(w, h),
                _ => continue,
            };
            if tx.send(app_ev).is_err() {
                return;
            }
        }
    });
}

/// The loop has ended: the program is on its way out (the signal watchdog stands down).
static LOOP_DONE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// How long the loop has to answer a signal before the watchdog ends the program.
const SIGNAL_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// SIGTERM, SIGHUP and SIGINT become events: the loop ends, saves and
/// restores the terminal. Should the loop not answer within `SIGNAL_GRACE`
/// (or a second signal come), the terminal is restored and the program ends
/// here: a signal is always honoured.
fn spawn_signals(tx: Sender<AppEvent>) -> Result<(), ClientError> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use std::sync::atomic::Ordering;
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT])
        .map_err(ClientError::Signals)?;
    std::thread::spawn(move || {
        let Some(sig) = signals.forever().next() else {
            return;
        };
        let _ = tx.send(AppEvent::Signal(sig));
        let until = Instant::now() + SIGNAL_GRACE;
        let mut again = None;
        while again.is_none() && Instant::now() < until && !LOOP_DONE.load(Ordering::SeqCst) {
            std::thread::sleep(std::time::Duration::from_millis(20));
            again = signals.pending().next();
        }
        if !LOOP_DONE.load(Ordering::SeqCst) {
            restore_terminal();
            std::process::exit(128 + again.unwrap_or(sig));
        }
    });
    Ok(())
}

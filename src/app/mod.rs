//! The interactive terminal client: one event loop fed by input, animation
//! ticks and background work, over a ratatui `Backend` so tests can drive it
//! on a `TestBackend`. The app depends on the engine, never the reverse.

pub mod ai;
pub mod anim;
pub mod bench;
pub mod event;
pub mod keys;
pub mod rules_text;
pub mod state;
pub mod view;

use event::AppEvent;
use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::crossterm::event::{self as ct, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use state::{App, Setup};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::Instant;
use view::AppView;
use view::theme::Theme;

use crate::cli::{ClientArgs, EnkeshuiArgs};

/// Frames drawn so far (for tests that check the loop draws only with a cause).
#[derive(Debug, Default, Clone, Copy)]
pub struct LoopStats {
    pub frames: u64,
    pub events: u64,
}

/// Draws the app once.
pub fn draw<B: Backend>(terminal: &mut Terminal<B>, app: &mut App) -> Result<(), B::Error> {
    terminal.draw(|f| {
        let area = f.area();
        app.size = (area.width, area.height);
        f.render_widget(AppView(app), area);
    })?;
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
    let mut stats = LoopStats::default();
    draw(terminal, app)?;
    stats.frames += 1;
    while !app.quit {
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
        if app.quit {
            break;
        }
        if dirty {
            draw(terminal, app)?;
            stats.frames += 1;
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
    Menu(ClientArgs),
    Enkeshui(Box<EnkeshuiArgs>),
}

/// Runs the client in the real terminal until the player quits.
pub fn run(launch: Launch) -> Result<(), String> {
    let (tx, rx) = channel();
    let now = Instant::now();
    let mut app = match launch {
        Launch::Menu(client) => {
            let theme = Theme::from_env(client.ascii);
            App::menu(tx.clone(), client, theme)
        }
        Launch::Enkeshui(args) => {
            let theme = Theme::from_env(args.client.ascii);
            let setup = Setup::new(*args)?;
            App::with_game(tx.clone(), setup, theme, now)?
        }
    };
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err("the game needs a terminal (scripts can use `masai-mancala engine`)".into());
    }
    // The terminal is restored on every way out: return, panic and signals.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore_terminal();
        default_hook(info);
    }));
    spawn_signals(tx.clone())?;
    enable_raw_mode().map_err(|e| format!("terminal: {e}"))?;
    let mut stdout = std::io::stdout();
    if let Err(e) = execute!(stdout, EnterAlternateScreen, EnableMouseCapture) {
        restore_terminal();
        return Err(format!("terminal: {e}"));
    }
    spawn_input(tx);
    let result = (|| {
        let mut terminal =
            Terminal::new(CrosstermBackend::new(std::io::stdout())).map_err(|e| e.to_string())?;
        let size = terminal.size().map_err(|e| e.to_string())?;
        app.size = (size.width, size.height);
        run_loop(&mut terminal, &mut app, &rx).map_err(|e| e.to_string())?;
        Ok(())
    })();
    restore_terminal();
    result
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

/// SIGTERM, SIGHUP and SIGINT become events: the loop ends and the terminal is restored.
fn spawn_signals(tx: Sender<AppEvent>) -> Result<(), String> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT])
        .map_err(|e| format!("signals: {e}"))?;
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            let _ = tx.send(AppEvent::Signal(sig));
        }
    });
    Ok(())
}

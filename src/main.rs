#![deny(unsafe_code)]

use masai_mancala::arena::{self, Contender, Settings};
use masai_mancala::cli::{AnalyseArgs, ArenaArgs};
use masai_mancala::cli::{Cli, ClientArgs, Command, ConfigArgs, LearnArgs, ReplayArgs, ResumeArgs};
use masai_mancala::record::{file, print};
use masai_mancala::session::setup::Setup;
use masai_mancala::settings::{Problem, Settings as UserSettings};
use masai_mancala::{out, protocol, text};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

/// Why a command failed, which its exit status tells: the command line
/// refused (`out::USAGE_EXIT`), or a failure while running (`out::FAILURE_EXIT`).
enum Failure {
    Usage(String),
    Run(String),
}

impl From<String> for Failure {
    fn from(e: String) -> Failure {
        Failure::Run(e)
    }
}

/// mimalloc: the AI's search copies a game at every node, and with the
/// system allocator Bao's search spent a third of its time in malloc and
/// free (nodes a second 1.5x with mimalloc, measured interleaved).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let started = Instant::now();
    use clap::{CommandFactory, FromArgMatches};
    let mut command = Cli::command();
    // `--help` wraps to the terminal's width; read by a program (no terminal,
    // no COLUMNS), its lines stay whole, as the source writes them.
    if !std::io::stdout().is_terminal() && std::env::var_os("COLUMNS").is_none() {
        command = command.term_width(0);
    }
    let parsed = command
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m).map(|cli| (cli, m)));
    let (mut cli, matches) = match parsed {
        Ok(parsed) => parsed,
        Err(e) => {
            let code = if e.use_stderr() { out::USAGE_EXIT } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    if cli.version {
        out::text(&masai_mancala::cli::version_text(cli.verbose));
        return ExitCode::SUCCESS;
    }
    // The settings file, under the command line, for the client's commands.
    let client_command = matches!(
        cli.command,
        None | Some(
            Command::Enkeshui(_)
                | Command::EnGehe(_)
                | Command::BaoLaKimasai(_)
                | Command::Replay(_)
                | Command::Resume(_)
        )
    );
    let mut menu_client = ClientArgs::default();
    let mut menu_sizes = (8, masai_mancala::engine::en_gehe::DEFAULT_HOLES);
    if client_command {
        let (mut settings, problem) = load_settings();
        if let Some(p) = problem {
            // On standard error, and over the client's first screen: printed
            // before the screen opens, it would be seen only after quitting.
            let messages = p.messages(" (the file is left as it is)");
            for m in &messages {
                out::err(&format!("warning: {m}"));
            }
            client::set_startup_notice("Settings file", messages);
        }
        settings.apply_env(std::env::var_os("NO_COLOR").as_deref());
        masai_mancala::settings::apply(&mut settings, &mut cli.command, &matches);
        if cli.command.is_none() {
            settings.apply_client(&mut menu_client, &|_| None);
            menu_sizes = (settings.enkeshui_holes.value, settings.en_gehe_holes.value);
        }
        client::set_active(settings.keys.clone());
        client::set_colour(settings.color.value);
    }
    let result = match cli.command {
        Some(Command::Engine(args)) => {
            let session = protocol::Session::with_hash_mb(args.hash_mb.map(usize::from));
            // A closed standard output (`engine | head -1`) ends the session
            // quietly, as everywhere on the command line (`out`).
            match protocol::run_stdio(session) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    Err(Failure::Run(format!("engine: {e}")))
                }
                _ => Ok(()),
            }
        }
        Some(Command::Arena(args)) => run_arena(&args),
        Some(Command::Completions { shell }) => {
            out::text(&masai_mancala::cli::completions(shell));
            Ok(())
        }
        Some(Command::BenchRender { frames }) => {
            client::bench_render(frames, started).map_err(|e| Failure::Run(e.to_string()))
        }
        Some(ref game @ (Command::Enkeshui(_) | Command::BaoLaKimasai(_) | Command::EnGehe(_))) => {
            play(game)
        }
        Some(Command::Replay(args)) => replay(args).map_err(Failure::Run),
        Some(Command::Resume(args)) => resume(args).map_err(Failure::Run),
        Some(Command::Analyse(args)) => analyse(&args),
        Some(Command::Learn(args)) => learn(args),
        Some(Command::Config(args)) => return config(&args),
        Some(Command::Stats { json }) => stats(json).map_err(Failure::Run),
        Some(Command::Man { out: None }) => {
            let pages = masai_mancala::manual::man_pages();
            out::text(&String::from_utf8_lossy(&pages[0].1));
            Ok(())
        }
        Some(Command::Man { out: Some(dir) }) => write_man_pages(&dir).map_err(Failure::Run),
        None => client::run(client::Launch::Menu(menu_client, menu_sizes))
            .map_err(|e| Failure::Run(e.to_string())),
    };
    let (e, code) = match result {
        Ok(()) => return ExitCode::SUCCESS,
        Err(Failure::Usage(e)) => (e, out::USAGE_EXIT),
        Err(Failure::Run(e)) => (e, out::FAILURE_EXIT),
    };
    // Errors quote files: never a raw control character, never a whole file.
    out::err(&format!(
        "error: {}",
        text::one_line(&e, text::MAX_LINE_CHARS)
    ));
    ExitCode::from(code)
}

/// The settings file's settings, and what is wrong with it if anything.
fn load_settings() -> (UserSettings, Option<Problem>) {
    match masai_mancala::settings::path() {
        Ok(path) => UserSettings::load(&path),
        // No HOME: no settings file, as when there is none (the defaults).
        Err(masai_mancala::settings::NoHome) => (UserSettings::default(), None),
    }
}

/// `config --print | --edit | --path`. A bad file: the reason on standard
/// error and status 1 (`--print` still prints the defaults then in effect).
fn config(args: &ConfigArgs) -> ExitCode {
    let path = match masai_mancala::settings::path() {
        Ok(p) => p,
        Err(e) => {
            out::err(&format!("error: {e}"));
            return ExitCode::from(out::FAILURE_EXIT);
        }
    };
    if args.path {
        out::line(&path.display().to_string());
        return ExitCode::SUCCESS;
    }
    if args.edit
        && let Err(e) = edit_settings(&path)
    {
        out::err(&format!(
            "error: {}",
            text::one_line(&e, text::MAX_LINE_CHARS)
        ));
        return ExitCode::from(out::FAILURE_EXIT);
    }
    let (mut settings, problem) = UserSettings::load(&path);
    settings.apply_env(std::env::var_os("NO_COLOR").as_deref());
    // No file at all (a link to nothing is a file gone wrong: said below).
    let none = std::fs::symlink_metadata(&path).is_err();
    if args.print {
        let shown = text::one_line(&path.display().to_string(), text::MAX_LINE_CHARS);
        let file = if none {
            format!("{shown} (none: every setting is the default)")
        } else {
            shown
        };
        out::text(&settings.print(&file));
    }
    match problem {
        Some(p) => {
            for m in p.messages("") {
                out::err(&format!("error: {m}"));
            }
            ExitCode::from(out::FAILURE_EXIT)
        }
        None => {
            if args.edit {
                let shown = text::one_line(&path.display().to_string(), text::MAX_LINE_CHARS);
                if none {
                    out::err(&format!(
                        "{shown}: the file is gone (the editor removed it): every setting is the default"
                    ));
                } else {
                    out::err(&format!("{shown}: ok"));
                }
            }
            ExitCode::SUCCESS
        }
    }
}

/// Opens `$EDITOR` (else `vi`) on the settings file, first writing the
/// commented template if there is no file (never over one).
fn edit_settings(path: &std::path::Path) -> Result<(), String> {
    if !path.exists() {
        let dir = file::parent_dir(path);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {}", dir.display(), file::io_reason(&e)))?;
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
        {
            Ok(mut f) => {
                use std::io::Write;
                f.write_all(masai_mancala::settings::TEMPLATE.as_bytes())
                    .map_err(|e| format!("{}: {}", path.display(), file::io_reason(&e)))?;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(format!("{}: {}", path.display(), file::io_reason(&e))),
        }
    }
    let editor = std::env::var("VISUAL")
        .ok()
        .filter(|e| !e.trim().is_empty())
        .or_else(|| {
            std::env::var("EDITOR")
                .ok()
                .filter(|e| !e.trim().is_empty())
        })
        .unwrap_or_else(|| "vi".into());
    let words = masai_mancala::cli::split_words(&editor).map_err(|e| format!("EDITOR: {e}"))?;
    let Some((program, rest)) = words.split_first() else {
        return Err("EDITOR is empty".into());
    };
    let status = std::process::Command::new(program)
        .args(rest)
        .arg(path)
        .status()
        .map_err(|e| format!("cannot run the editor '{program}': {}", file::io_reason(&e)))?;
    if !status.success() {
        return Err(format!("the editor '{program}' failed ({status})"));
    }
    Ok(())
}

/// `stats [--json]`: the player's record from the data folder.
fn stats(json: bool) -> Result<(), String> {
    use masai_mancala::stats;
    let dir = file::data_dir()?;
    let path = stats::path(&dir);
    let table = stats::load(&path)?;
    let player = stats::player_name();
    if json {
        out::line(&stats::report_json(&table, &player, &path).to_string());
    } else {
        out::text(&stats::report(&table, &player, &path));
    }
    Ok(())
}

/// `man --out DIR`: every page into DIR (atomically, each its own file).
fn write_man_pages(dir: &std::path::Path) -> Result<(), String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("{}: {}", dir.display(), file::io_reason(&e)))?;
    for (name, text) in masai_mancala::manual::man_pages() {
        let path = dir.join(&name);
        file::write_atomic(&path, &text, || Ok(()))
            .map_err(|e| format!("{}: {}", path.display(), file::io_reason(&e)))?;
        out::line(&path.display().to_string());
    }
    Ok(())
}

/// `enkeshui`, `en-gehe` or `bao`: the game in the terminal client.
fn play(command: &Command) -> Result<(), Failure> {
    // The options refused, or the `--position` file (read from disk: a
    // failure at run time).
    let setup = Setup::try_from(command).map_err(|e| {
        if position_given(command) {
            Failure::Run(e.to_string())
        } else {
            Failure::Usage(e.to_string())
        }
    })?;
    let client = command.client().cloned().unwrap_or_default();
    if client.plain {
        return masai_mancala::plain::play(setup, &client).map_err(|e| Failure::Run(e.to_string()));
    }
    client::run(client::Launch::Game(Box::new(setup), Box::new(client)))
        .map_err(|e| Failure::Run(e.to_string()))
}

/// Does the command start from a `--position` file?
fn position_given(command: &Command) -> bool {
    matches!(command, Command::EnGehe(a) if a.position.is_some())
}

/// `replay FILE`: check it, print it, or step through it in the terminal.
fn replay(args: ReplayArgs) -> Result<(), String> {
    if !args.check && !args.print && !args.review && args.position.is_none() {
        if args.plain {
            return Ok(masai_mancala::plain::replay::replay(&args)?);
        }
        // The viewer loads it (on a thread, with a progress line).
        return Ok(client::run(client::Launch::Replay(Box::new(args)))?);
    }
    let (record, checked) = file::load(&args.file)?;
    if let Some(n) = args.position {
        let game = record
            .position_before(&checked, n)
            .map_err(|e| format!("--position {n}: {e}"))?;
        out::line(&if args.json {
            game.position_json().to_string()
        } else {
            game.position_line()
        });
        return Ok(());
    }
    if args.review {
        // Progress on a terminal only: a script reading standard error gets the errors alone.
        let tty = std::io::stderr().is_terminal();
        let review = masai_mancala::review::review(&record, &checked, None, &mut |done, total| {
            if tty {
                out::err_text(&format!("\r\x1b[Kreviewing decision {done} of {total}"));
                if done == total {
                    out::err_text("\r\x1b[K");
                }
            }
        })
        .ok_or_else(|| format!("{}: the review stopped", args.file.display()))?;
        if args.json {
            out::line(&review.to_json(&record).to_string());
        } else {
            out::text(&text::escape_lines(&review.text(&record)));
        }
        return Ok(());
    }
    if args.check {
        out::line(&text::one_line(
            &format!(
                "{}: ok, {}",
                args.file.display(),
                file::summary(&record, &checked)
            ),
            text::MAX_LINE_CHARS,
        ));
        for line in print::check_lines(&record, &checked) {
            out::line(&text::one_line(&line, text::MAX_LINE_CHARS));
        }
        return Ok(());
    }
    out::text(&text::escape_lines(&print::print(&record, &checked)));
    Ok(())
}

/// `analyse POSITION`: every decision's value, searched as the review does.
fn analyse(args: &AnalyseArgs) -> Result<(), Failure> {
    use masai_mancala::session::{job::Progress, seat};
    let game = masai_mancala::cli::read_position_as(&args.position, None, "analyse")
        .map_err(|e| Failure::Usage(e.to_string()))?;
    let analysis = if game.status().is_over() {
        None
    } else {
        Some(
            seat::analyse(&game, args.depth, &Progress::default())
                .ok_or_else(|| Failure::Run("analyse: the search stopped".into()))?,
        )
    };
    if args.json {
        out::line(&masai_mancala::analyse::json(&game, analysis.as_ref()).to_string());
    } else {
        for line in masai_mancala::analyse::text(&game, analysis.as_ref()) {
            out::line(&line);
        }
    }
    Ok(())
}

/// `learn [GAME]`: the lessons (`--list`: printed, no terminal).
fn learn(args: LearnArgs) -> Result<(), Failure> {
    let kind = args.kind().map_err(|e| Failure::Usage(e.to_string()))?;
    learn_kind(args, kind).map_err(Failure::Run)
}

/// `learn` for the game kind named (if any).
fn learn_kind(
    args: LearnArgs,
    kind: Option<masai_mancala::engine::GameKind>,
) -> Result<(), String> {
    use masai_mancala::learn::{self, progress::Progress};
    if args.plain && !args.list {
        if args.puzzles {
            return Ok(masai_mancala::plain::puzzles::puzzles(&args)?);
        }
        return Ok(masai_mancala::plain::learn::learn(&args)?);
    }
    if !args.list {
        return Ok(client::run(client::Launch::Learn(Box::new(args)))?);
    }
    if args.puzzles {
        // The puzzles solved are kept apart, in the same form.
        let progress = match learn::puzzles::progress_path() {
            Ok(path) => Progress::load(&path)?,
            Err(_) => Progress::default(),
        };
        out::text(&learn::puzzles::list_text(kind, &progress));
        return Ok(());
    }
    // No data folder, or no progress yet: every lesson is still to do.
    let progress = match Progress::path() {
        Ok(path) => Progress::load(&path)?,
        Err(_) => Progress::default(),
    };
    out::text(&learn::list_text(kind, &progress));
    Ok(())
}

/// `resume [FILE]`: the named record, or the newest unfinished one of the
/// data folder (the client loads it: on a thread, with a progress line).
fn resume(args: ResumeArgs) -> Result<(), String> {
    if args.plain {
        return Ok(masai_mancala::plain::resume(&args)?);
    }
    Ok(client::run(client::Launch::Resume(Box::new(args)))?)
}

/// `arena`: two players against each other, summary on standard output.
/// A closed standard output or error (`arena ... | head -1`) ends it quietly:
/// no new game starts, the outside programs are ended, status 0 (as `out`).
/// A standard error that cannot be written otherwise (a full disk) ends it
/// the same way, but with status 1.
fn run_arena(args: &ArenaArgs) -> Result<(), Failure> {
    use std::io::Write;
    use std::time::Duration;
    let usage = Failure::Usage;
    let start =
        masai_mancala::cli::new_game(&args.game_words()).map_err(|e| usage(e.to_string()))?;
    if args.jobs == 0 {
        return Err(usage("--jobs: must be at least 1".into()));
    }
    let settings = Settings {
        game: args.game_words(),
        a: Contender::parse(&args.a).map_err(|e| usage(format!("--a: {e}")))?,
        b: Contender::parse(&args.b).map_err(|e| usage(format!("--b: {e}")))?,
        games: args.games,
        seed: args.seed,
        think_ms: args.think_ms,
        opening: args.opening,
        jobs: args.jobs,
        hash_mb: args.hash_mb.map(usize::from),
        save: args.save.clone(),
        variant: args.variant(&start),
    };
    arena::end_programs_on_signals().map_err(|e| Failure::Run(e.to_string()))?;
    // A progress bar redrawn in place on a terminal (at most ten times a
    // second), a line per game otherwise (buffered, each line out at most
    // 100 ms after its game: a write per game costs as much as a random game).
    let tty = std::io::stderr().is_terminal();
    let mut err = std::io::BufWriter::new(std::io::stderr());
    let mut shown = Instant::now();
    let every = Duration::from_millis(100);
    let mut text: Vec<u8> = Vec::with_capacity(256);
    // Why the progress could not be written: a closed pipe ends the arena
    // quietly, anything else (a full disk) with an error.
    let mut failed: Option<std::io::Error> = None;
    let mut check = |written: std::io::Result<()>| match written {
        Ok(()) => true,
        Err(e) => {
            failed.get_or_insert(e);
            false
        }
    };
    let summary = arena::run(&settings, |summary, line| {
        let last = summary.games == settings.games;
        let due = last || shown.elapsed() >= every;
        let mut put = |before: &str, width: Option<usize>, after: &str| {
            text.clear();
            text.extend_from_slice(before.as_bytes());
            line.push_to(&mut text);
            // Cut to the terminal's width: a wrapped line would not be
            // redrawn in place, and the screen would fill with its rows.
            if let Some(w) = width {
                let shown = String::from_utf8_lossy(&text);
                if let Some((at, _)) = shown.char_indices().nth(before.len() + w) {
                    text.truncate(at);
                }
            }
            text.extend_from_slice(after.as_bytes());
            err.write_all(&text)
        };
        let written = if tty {
            // Read at each redraw (the window may have been resized), and only then.
            !due || {
                let width = client::terminal_size();
                check(put(
                    "\r\x1b[K",
                    width.map(|(w, _)| usize::from(w.max(2)) - 1),
                    "",
                ))
            }
        } else {
            check(put("", None, "\n"))
        };
        if due {
            shown = Instant::now();
            return written && check(err.flush());
        }
        written
    });
    // Whatever the programs left running (`setsid` children) ends with the arena.
    arena::end_left_processes();
    let summary = summary.map_err(|e| {
        if e.is_usage() {
            Failure::Usage(e.to_string())
        } else {
            Failure::Run(e.to_string())
        }
    })?;
    if summary.is_some() && tty {
        check(writeln!(err).and_then(|()| err.flush()));
    }
    match failed {
        Some(e) if !out::reader_gone(&e) => {
            return Err(Failure::Run(format!("standard error: {e}")));
        }
        Some(_) => return Ok(()),
        None => {}
    }
    let Some(summary) = summary else {
        return Ok(());
    };
    let text = if args.json {
        summary.to_json(&settings).to_string()
    } else {
        summary.text(&settings)
    };
    // Every program has ended by now: `out` may end the process on a closed pipe.
    out::line(&text);
    Ok(())
}

/// The full-screen client, or, in a build without it (`--no-default-features`),
/// the words that say so: every other command works the same.
#[cfg(feature = "tui")]
mod client {
    pub use masai_mancala::app::{
        Launch, bench_render, run, set_active, set_colour, set_startup_notice,
    };

    /// The terminal's size (columns, rows), when standard error is one.
    pub fn terminal_size() -> Option<(u16, u16)> {
        ratatui::crossterm::terminal::size().ok()
    }
}

#[cfg(not(feature = "tui"))]
mod client {
    use masai_mancala::cli::{ClientArgs, LearnArgs, ReplayArgs, ResumeArgs};
    use masai_mancala::session::setup::Setup;

    /// What the client would open.
    #[allow(dead_code)]
    pub enum Launch {
        Menu(ClientArgs, (usize, usize)),
        Game(Box<Setup>, Box<ClientArgs>),
        Replay(Box<ReplayArgs>),
        Resume(Box<ResumeArgs>),
        Learn(Box<LearnArgs>),
    }

    /// Why a command that opens the client fails in this build.
    #[derive(Debug)]
    pub struct NoClient;

    impl std::fmt::Display for NoClient {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(
                "this build has no full-screen client (built without the tui feature): \
                 add --plain, or build with the default features",
            )
        }
    }

    impl From<NoClient> for String {
        fn from(e: NoClient) -> String {
            e.to_string()
        }
    }

    pub fn run(_: Launch) -> Result<(), NoClient> {
        Err(NoClient)
    }

    pub fn bench_render(_: u32, _: std::time::Instant) -> Result<(), NoClient> {
        Err(NoClient)
    }

    pub fn set_active(_: masai_mancala::keys::Keymap) {}

    pub fn set_colour(_: bool) {}

    pub fn set_startup_notice(_: &str, _: Vec<String>) {}

    pub fn terminal_size() -> Option<(u16, u16)> {
        None
    }
}

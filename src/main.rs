use clap::Parser;
use masai_mancala::app::{self, Launch};
use masai_mancala::arena::{self, Contender, Settings};
use masai_mancala::cli::ArenaArgs;
use masai_mancala::cli::{Cli, ClientArgs, Command};
use masai_mancala::protocol;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let started = Instant::now();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        Some(Command::Engine) => {
            let stdin = std::io::stdin();
            protocol::run(stdin.lock(), std::io::stdout().lock())
                .map_err(|e| format!("engine: {e}"))
        }
        Some(Command::Arena(args)) => run_arena(&args),
        Some(Command::BenchRender { frames }) => app::bench::run(frames, started),
        Some(Command::Enkeshui(args)) => app::run(Launch::Enkeshui(Box::new(args))),
        None => app::run(Launch::Menu(ClientArgs::default())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run_arena(args: &ArenaArgs) -> Result<(), String> {
    let settings = Settings {
        game: args.game_words(),
        a: Contender::parse(&args.a).map_err(|e| format!("--a: {e}"))?,
        b: Contender::parse(&args.b).map_err(|e| format!("--b: {e}"))?,
        games: args.games,
        seed: args.seed,
        think_ms: args.think_ms,
        opening: args.opening,
    };
    let summary = arena::run(&settings, |line| eprintln!("{line}"))?;
    if args.json {
        println!("{}", summary.to_json(&settings));
    } else {
        println!("{}", summary.text(&settings));
    }
    Ok(())
}

use clap::Parser;
use masai_mancala::cli::{Cli, Command, EnGeheArgs, EnkeshuiArgs, RaceArg};
use masai_mancala::engine::enkeshui::race::Race;
use masai_mancala::engine::{Game, Quiet, Side, Status};
use masai_mancala::{protocol, text};
use rand::SeedableRng;
use std::process::ExitCode;

fn main() -> ExitCode {
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
            protocol::run(stdin.lock(), std::io::stdout().lock()).map_err(|e| format!("engine: {e}"))
        }
        Some(Command::Enkeshui(args)) => enkeshui(&args),
        Some(Command::EnGehe(args)) => en_gehe(&args),
        None => Err("the interactive client is not built yet: choose a game, e.g. `enkeshui --holes 12` (see --help)".into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn enkeshui(args: &EnkeshuiArgs) -> Result<(), String> {
    let mut game = args.game().map_err(|e| e.to_string())?;
    if args.race != RaceArg::Off {
        let mut race = Race::start(&game, args.race_hole, &mut Quiet).map_err(|e| e.to_string())?;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(args.seed);
        let first = race
            .run_quick(&mut rng, &mut Quiet)
            .map_err(|e| e.to_string())?;
        println!(
            "Quick race from hole {}: {} slept first after {} drops and moves first.",
            race.hole(),
            first.title(),
            race.drops().len()
        );
        game = race.finish(&mut Quiet).map_err(|e| e.to_string())?;
    }
    print!("{}", text::enkeshui_board(&game));
    println!(
        "{} to move. The interactive client is not built yet; `masai-mancala engine` plays through the line protocol.",
        game.to_move().title()
    );
    Ok(())
}

fn en_gehe(args: &EnGeheArgs) -> Result<(), String> {
    let game = args.game().map_err(|e| e.to_string())?;
    let teams = args.teams();
    let size = if game.is_traditional() {
        "traditional"
    } else {
        "non-traditional size"
    };
    println!("En Gehé 2x{} ({size})", game.holes());
    print!("{}", text::en_gehe_board(&game));
    match game.status() {
        Status::Over(o) => println!(
            "The game is over ({}): {} {}, {} {}.",
            o.reason.describe(),
            teams.label(Side::South),
            o.score.south,
            teams.label(Side::North),
            o.score.north
        ),
        Status::Playing => println!("{} to move.", teams.label(game.to_move())),
    }
    println!(
        "The interactive client is not built yet; `masai-mancala engine` plays through the line protocol."
    );
    Ok(())
}

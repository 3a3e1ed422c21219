//! The command line's options made into a game's setup: the session knows
//! nothing of the command line, and every conversion is here.

use super::*;

/// The seats and the flip the client's options ask for.
impl From<&ClientArgs> for Seating {
    fn from(c: &ClientArgs) -> Seating {
        Seating {
            seats: PerSide::new(c.south, c.north),
            flip: c.flip,
        }
    }
}

impl From<OptionsError> for BadSetup {
    fn from(e: OptionsError) -> BadSetup {
        BadSetup::Options(e.0)
    }
}

/// The setup of a game command (`enkeshui`, `en-gehe`, `bao`); the error
/// says which option is wrong and why.
impl TryFrom<&Command> for Setup {
    type Error = BadSetup;
    fn try_from(command: &Command) -> Result<Setup, BadSetup> {
        match command {
            Command::Enkeshui(a) => Setup::try_from(a),
            Command::EnGehe(a) => Setup::try_from(a),
            Command::BaoLaKimasai(a) => Setup::try_from(a),
            _ => Err(BadSetup::NotAGame),
        }
    }
}

/// `enkeshui` options (also what the start menu fills in).
impl TryFrom<&EnkeshuiArgs> for Setup {
    type Error = BadSetup;
    fn try_from(args: &EnkeshuiArgs) -> Result<Setup, BadSetup> {
        let layout = args.layout()?;
        let game = args.game()?;
        let race = RaceOptions {
            mode: args.race.into(),
            hole: args.race_hole,
            speed: args.race_speed,
        };
        Setup::enkeshui(game, layout, race, args.seed, (&args.client).into())
    }
}

/// `en-gehe` options.
impl TryFrom<&EnGeheArgs> for Setup {
    type Error = BadSetup;
    fn try_from(args: &EnGeheArgs) -> Result<Setup, BadSetup> {
        let game = args.game()?;
        Ok(Setup::other(
            game.into(),
            (&args.client).into(),
            args.teams(),
            args.seed,
        ))
    }
}

/// `bao` options.
impl TryFrom<&BaoArgs> for Setup {
    type Error = BadSetup;
    fn try_from(args: &BaoArgs) -> Result<Setup, BadSetup> {
        let game = args.game()?;
        Ok(Setup::other(
            game.into(),
            (&args.client).into(),
            Teams::default(),
            args.seed,
        ))
    }
}

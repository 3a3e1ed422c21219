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

/// `enkeshui` options as a game's options.
impl TryFrom<&EnkeshuiArgs> for GameOptions {
    type Error = BadSetup;
    fn try_from(args: &EnkeshuiArgs) -> Result<GameOptions, BadSetup> {
        let variant = Variant::Enkeshui {
            layout: args.layout()?,
            rules: args.rules()?,
        };
        Ok(GameOptions {
            variant,
            run: RunOptions {
                race: Some(args.race.into()),
                race_hole: args.race_hole,
                race_speed: args.race_speed,
                first: Some(args.first.into()),
                seed: Some(args.seed),
                ..RunOptions::default()
            },
        })
    }
}

/// `enkeshui` options.
impl TryFrom<&EnkeshuiArgs> for Setup {
    type Error = BadSetup;
    fn try_from(args: &EnkeshuiArgs) -> Result<Setup, BadSetup> {
        if args.position.is_some() {
            let start = args.game()?.into();
            let seating = (&args.client).into();
            return Ok(Setup::from_start(
                start,
                seating,
                Teams::default(),
                args.seed,
            ));
        }
        Setup::new(GameOptions::try_from(args)?, (&args.client).into())
    }
}

/// `en-gehe` options: a board of holes, or the `--position` file.
impl TryFrom<&EnGeheArgs> for Setup {
    type Error = BadSetup;
    fn try_from(args: &EnGeheArgs) -> Result<Setup, BadSetup> {
        let seating = (&args.client).into();
        if args.position.is_some() {
            let start = args.game()?.into();
            return Ok(Setup::from_start(start, seating, args.teams(), args.seed));
        }
        let options = GameOptions {
            variant: Variant::EnGehe {
                holes: args.holes.unwrap_or(en_gehe::DEFAULT_HOLES),
                rules: en_gehe::Rules {
                    max_turns: args.max_turns.unwrap_or(en_gehe::DEFAULT_MAX_TURNS),
                },
            },
            run: RunOptions {
                first: Some(args.first.into()),
                seed: Some(args.seed),
                south_team: args.south_team.clone(),
                north_team: args.north_team.clone(),
                ..RunOptions::default()
            },
        };
        Setup::new(options, seating)
    }
}

/// `bao` options.
impl TryFrom<&BaoArgs> for Setup {
    type Error = BadSetup;
    fn try_from(args: &BaoArgs) -> Result<Setup, BadSetup> {
        if args.position.is_some() {
            let start = args.game()?.into();
            let seating = (&args.client).into();
            return Ok(Setup::from_start(
                start,
                seating,
                Teams::default(),
                args.seed,
            ));
        }
        let options = GameOptions {
            variant: Variant::Bao {
                rules: args.rules()?,
            },
            run: RunOptions {
                first: Some(args.first.into()),
                seed: Some(args.seed),
                ..RunOptions::default()
            },
        };
        Setup::new(options, (&args.client).into())
    }
}

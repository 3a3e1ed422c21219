//! The protocol's `new` line read as the command line's options, and a line split into words as a shell would.

use super::*;

/// Error from reading a game's options: clap's first line or the
/// engine's refusal, naming the option.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct OptionsError(pub String);

/// The game options of the protocol's `new` command, parsed as on the command line.
#[derive(Parser, Debug)]
#[command(name = "new", no_binary_name = true)]
pub(super) struct NewLine {
    #[command(subcommand)]
    game: NewGame,
}

#[derive(Subcommand, Debug)]
pub(super) enum NewGame {
    Enkeshui(EnkeshuiArgs),
    #[command(name = "bao-la-kimasai", visible_alias = "bao")]
    BaoLaKimasai(BaoArgs),
    EnGehe(EnGeheArgs),
}

/// The options `new` takes for each game: the start position and the rules
/// (by their argument names). The others (seats, display, saving, seeds,
/// race details) mean nothing to the protocol, so they are refused, not ignored.
pub(super) fn new_options(game: &str) -> &'static [&'static str] {
    match game {
        "enkeshui" => &[
            "holes",
            "layout",
            "race",
            "first",
            "capture_after_relay",
            "special_move",
            "max_turns",
            "match_play",
            "unfilled",
            "match_games",
        ],
        "en-gehe" => &["holes", "first", "max_turns", "position"],
        _ => &["first", "max_turns"],
    }
}

/// Refuses any option of `new` that is not a game or rule option, naming it.
pub(super) fn check_new_options(matches: &clap::ArgMatches) -> Result<(), OptionsError> {
    use clap::CommandFactory;
    use clap::parser::ValueSource;
    let Some((game, sub)) = matches.subcommand() else {
        return Ok(());
    };
    let cmd = NewLine::command();
    let Some(game_cmd) = cmd.find_subcommand(game) else {
        return Ok(());
    };
    let allowed = new_options(game);
    let long = |id: &str| {
        game_cmd
            .get_arguments()
            .find(|a| a.get_id() == id)
            .and_then(|a| a.get_long())
            .unwrap_or(id)
            .to_string()
    };
    for arg in game_cmd.get_arguments() {
        let id = arg.get_id().as_str();
        if sub.value_source(id) != Some(ValueSource::CommandLine) {
            continue;
        }
        if !allowed.contains(&id) {
            let takes: Vec<String> = allowed.iter().map(|a| format!("--{}", long(a))).collect();
            return Err(OptionsError(format!(
                "new: --{} is not a game or rule option ({game} takes {})",
                long(id),
                takes.join(", ")
            )));
        }
        // `new` sets up the start position: there is never a race to run.
        if id == "race" && sub.get_one::<RaceArg>(id) != Some(&RaceArg::Off) {
            return Err(OptionsError(
                "new: the protocol never runs a race (South moves first, or --first north); \
                 leave out --race or give --race off"
                    .into(),
            ));
        }
    }
    Ok(())
}

/// Builds a start position from `<game> [flags]` words (the client's
/// options are parsed and left unused; En Gehé's `--position` reads its file).
pub fn new_game(words: &[String]) -> Result<AnyGame, OptionsError> {
    build_new_game(words, false)
}

/// The protocol's `new`: [`new_game`] taking game and rule options only.
pub fn protocol_new_game(words: &[String]) -> Result<AnyGame, OptionsError> {
    build_new_game(words, true)
}

pub(super) fn build_new_game(words: &[String], rules_only: bool) -> Result<AnyGame, OptionsError> {
    use clap::{CommandFactory, FromArgMatches};
    let clap_error = |e: clap::Error| OptionsError(first_line(&e.to_string()));
    let matches = NewLine::command()
        .try_get_matches_from(words)
        .map_err(clap_error)?;
    if rules_only {
        check_new_options(&matches)?;
    }
    let parsed = NewLine::from_arg_matches(&matches).map_err(clap_error)?;
    match parsed.game {
        NewGame::Enkeshui(a) => a
            .game()
            .map(AnyGame::Enkeshui)
            .map_err(|e| OptionsError(e.to_string())),
        NewGame::BaoLaKimasai(a) => a.game().map(AnyGame::BaoLaKimasai),
        NewGame::EnGehe(a) => a.game().map(AnyGame::EnGehe),
    }
}

/// The first line of clap's message, without its `error: ` prefix.
pub fn first_line(msg: &str) -> String {
    let line = msg
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("bad options");
    line.trim_start_matches("error: ").trim().to_string()
}

/// A line whose quote is not closed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unclosed quote {quote}")]
pub struct UnclosedQuote {
    pub quote: char,
}

/// Splits a line into words, honouring double and single quotes.
pub fn split_words(line: &str) -> Result<Vec<String>, UnclosedQuote> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if let Some(q) = quote {
        return Err(UnclosedQuote { quote: q });
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

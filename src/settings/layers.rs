//! The settings laid under the command line: every option the command line
//! did not give takes the file's value, and each setting notes where its
//! value came from (for `config --print`).

use super::{Settings, Source};
use crate::ai::Player;
use crate::cli::{ClientArgs, Seat};
use crate::plain::words::Verbosity;

impl Settings {
    /// The environment's word last: NO_COLOR (any non-empty value) turns
    /// colour off whatever the theme.
    pub fn apply_env(&mut self, no_color: Option<&std::ffi::OsStr>) {
        if no_color.is_some_and(|v| !v.is_empty()) {
            self.color.set(false, Source::Environment("NO_COLOR"));
        }
    }

    /// Fills the client's options the command line did not give
    /// (`given(id)`) from the settings, and notes the ones it did give.
    pub fn apply_client(&mut self, args: &mut ClientArgs, given: &dyn Fn(&str) -> Option<String>) {
        let level = self.level.value;
        for (id, seat, setting) in [
            ("south", &mut args.south, &mut self.south),
            ("north", &mut args.north, &mut self.north),
        ] {
            match given(id) {
                // `ai` alone: the AI at the level of the settings.
                Some(raw) => {
                    let value = if raw == "ai" {
                        Seat::Ai(Player::Level(level))
                    } else {
                        *seat
                    };
                    setting.set(value, Source::CommandLine);
                    *seat = value;
                }
                None => *seat = setting.value,
            }
        }
        for (id, flag, setting) in [
            ("ascii", &mut args.ascii, &mut self.ascii),
            ("instant", &mut args.instant, &mut self.instant),
            ("flip", &mut args.flip, &mut self.flip),
        ] {
            if given(id).is_some() {
                setting.set(*flag, Source::CommandLine);
            } else {
                *flag = setting.value;
            }
        }
        if given("speed").is_some() {
            self.speed.set(args.speed, Source::CommandLine);
        } else {
            args.speed = self.speed.value;
        }
        match args.theme {
            Some(t) => self.theme.set(t, Source::CommandLine),
            None => args.theme = Some(self.theme.value),
        }
        self.apply_plain(&mut args.width, &mut args.verbosity);
    }

    /// The line mode's width and verbosity the command line did not give.
    pub fn apply_plain(&mut self, width: &mut Option<u16>, verbosity: &mut Option<Verbosity>) {
        match width {
            Some(n) => self.width.set(Some(*n), Source::CommandLine),
            None => *width = self.width.value,
        }
        match verbosity {
            Some(v) => self.verbosity.set(Some(*v), Source::CommandLine),
            None => *verbosity = self.verbosity.value,
        }
    }

    /// `holes` of Enkeshui when neither --holes nor --layout was given.
    pub fn apply_enkeshui_holes(&mut self, holes: &mut Option<usize>, layout_given: bool) {
        match holes {
            Some(n) => self.enkeshui_holes.set(*n, Source::CommandLine),
            None if !layout_given => *holes = Some(self.enkeshui_holes.value),
            None => {}
        }
    }

    /// `holes` of En Gehé when neither --holes nor --position was given.
    pub fn apply_en_gehe_holes(&mut self, holes: &mut Option<usize>, position_given: bool) {
        match holes {
            Some(n) => self.en_gehe_holes.set(*n, Source::CommandLine),
            None if !position_given => *holes = Some(self.en_gehe_holes.value),
            None => {}
        }
    }
}

/// The raw value of option `id` if the command line gave it ("" for a flag).
pub fn given_in(m: &clap::ArgMatches) -> impl Fn(&str) -> Option<String> + '_ {
    move |id| {
        if m.try_contains_id(id).ok()?
            && m.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
        {
            Some(
                m.get_raw(id)
                    .and_then(|mut v| v.next())
                    .map_or(String::new(), |v| v.to_string_lossy().into_owned()),
            )
        } else {
            None
        }
    }
}

/// Puts the settings under the command line: every option of the client
/// the command line did not give takes the settings' value. `matches` are
/// the command line's (for which options it gave).
pub fn apply(
    settings: &mut Settings,
    command: &mut Option<crate::cli::Command>,
    matches: &clap::ArgMatches,
) {
    use crate::cli::Command;
    let sub = matches.subcommand().map(|(_, m)| m);
    let given = |id: &str| sub.and_then(|m| given_in(m)(id));
    match command {
        Some(Command::Enkeshui(a)) => {
            settings.apply_client(&mut a.client, &given);
            settings.apply_enkeshui_holes(&mut a.holes, a.layout.is_some() || a.position.is_some());
            match a.race_speed {
                Some(l) => settings.race_speed.set(Some(l), Source::CommandLine),
                None => a.race_speed = settings.race_speed.value,
            }
        }
        Some(Command::EnGehe(a)) => {
            settings.apply_client(&mut a.client, &given);
            settings.apply_en_gehe_holes(&mut a.holes, a.position.is_some());
        }
        Some(Command::BaoLaKimasai(a)) => settings.apply_client(&mut a.client, &given),
        Some(Command::Replay(a)) => {
            let mut client = ClientArgs {
                ascii: a.ascii,
                speed: a.speed,
                theme: a.theme,
                ..ClientArgs::default()
            };
            settings.apply_client(&mut client, &given);
            (a.ascii, a.speed, a.theme) = (client.ascii, client.speed, client.theme);
            settings.apply_plain(&mut a.width, &mut None);
        }
        Some(Command::Resume(a)) => {
            let mut client = ClientArgs {
                ascii: a.ascii,
                speed: a.speed,
                instant: a.instant,
                theme: a.theme,
                ..ClientArgs::default()
            };
            settings.apply_client(&mut client, &given);
            (a.ascii, a.speed, a.instant, a.theme) =
                (client.ascii, client.speed, client.instant, client.theme);
            settings.apply_plain(&mut a.width, &mut a.verbosity);
        }
        _ => {}
    }
}

//! The start menu: the chosen game's options only, each one used by the game
//! it starts.

use super::Chrome;

/// What a key did in the menu: the menu screen carries it out.
#[derive(Debug)]
pub enum Picked {
    Stay,
    Redraw,
    Refuse(String),
    /// The colours changed.
    Theme(Palette),
    OpenSaves,
    Learn(GameKind),
    /// The board editor, holding the start of the game chosen.
    Edit(Box<crate::engine::AnyGame>),
    Start(Box<Setup>),
}
use crate::ai::{Level, Player};
use crate::app::view::theme::Theme;
use crate::cli::{ClientArgs, Seat};
use crate::engine::enkeshui::{self, DEFAULT_MATCH_GAMES, Layout, NAMED_LAYOUTS, SpecialMove};
use crate::engine::{GameKind, PerSide, bao, en_gehe};
use crate::keys::Action;
use crate::record::{GameOptions, RaceMode, RunOptions, Variant};
use crate::session::setup::{BadSetup, Seating, Setup};
use crate::stats::Tally;
use crate::theme::Palette;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};
use std::collections::BTreeMap;

const GAMES: [GameKind; 3] = [GameKind::Enkeshui, GameKind::EnGehe, GameKind::BaoLaKimasai];
const ENKESHUI_HOLES: [usize; 3] = [8, 10, 12];
/// En Gehé rows: 40 to 50 holes are traditional; a few smaller sizes for short games.
const EN_GEHE_HOLES: [usize; 18] = [
    8, 10, 12, 16, 20, 24, 30, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50,
];
const RACE: [RaceMode; 3] = [RaceMode::On, RaceMode::Quick, RaceMode::Off];
const SPECIAL: [SpecialMove; 3] = [SpecialMove::Off, SpecialMove::Once, SpecialMove::Any];
/// A match's most games (`--match-games`); the default is the engine's.
const MATCH_GAMES: [u32; 6] = [1, 3, 5, 10, 20, 50];
/// A seat: human, or the AI at a level.
const SEATS: [Option<Level>; 5] = [
    None,
    Some(Level::Easy),
    Some(Level::Medium),
    Some(Level::Hard),
    Some(Level::Expert),
];

/// One row of the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Game,
    Holes,
    Layout,
    Race,
    RaceSpeed,
    Special,
    CaptureAfterRelay,
    Match,
    MatchGames,
    South,
    North,
    Flip,
    Theme,
}

/// The start menu's choices.
#[derive(Clone, Debug)]
pub struct MenuScreen {
    /// The selected row, an index into `fields()`.
    field: usize,
    game: usize,
    holes: usize,
    layout: usize,
    en_gehe_holes: usize,
    /// The En Gehé sizes offered: `EN_GEHE_HOLES`, and the settings' size
    /// when it is another (`holes = 6` is shown as 6, not as the default).
    en_gehe_sizes: Vec<usize>,
    race: usize,
    /// The AI racers' speed: 0 follows the AI seat's level, 1..=4 a level.
    race_speed: usize,
    special: usize,
    capture_after_relay: bool,
    match_play: bool,
    /// Index into `MATCH_GAMES`.
    match_games: usize,
    /// Indices into `SEATS`.
    south: usize,
    north: usize,
    flip: bool,
    palette: Palette,
    /// The player's record: game ("Enkeshui 2x8") -> AI level -> tally.
    record: BTreeMap<String, BTreeMap<String, Tally>>,
}

impl MenuScreen {
    /// The menu with the command line's seats (when they are human or an AI level).
    pub fn new(client: &ClientArgs) -> MenuScreen {
        let seat = |s: &Seat, default: usize| match s {
            Seat::Human => 0,
            Seat::Ai(Player::Level(l)) => SEATS.iter().position(|x| *x == Some(*l)).unwrap_or(2),
            Seat::Ai(_) => default,
        };
        MenuScreen {
            field: 0,
            game: 0,
            holes: 0,
            layout: 0,
            en_gehe_holes: EN_GEHE_HOLES
                .iter()
                .position(|&n| n == en_gehe::DEFAULT_HOLES)
                .unwrap_or(0),
            en_gehe_sizes: EN_GEHE_HOLES.to_vec(),
            race: 0,
            race_speed: 0,
            special: 0,
            capture_after_relay: false,
            match_play: false,
            match_games: MATCH_GAMES
                .iter()
                .position(|&n| n == DEFAULT_MATCH_GAMES)
                .unwrap_or(0),
            south: seat(&client.south, 0),
            north: seat(&client.north, 2),
            flip: client.flip,
            palette: client.theme.unwrap_or_default(),
            record: BTreeMap::new(),
        }
    }

    /// Starts each game at its default size (the settings'), where the menu
    /// offers that size.
    pub fn with_sizes(mut self, enkeshui: usize, en_gehe: usize) -> MenuScreen {
        if let Some(i) = ENKESHUI_HOLES.iter().position(|&n| n == enkeshui) {
            self.holes = i;
        }
        if (en_gehe::MIN_HOLES..=en_gehe::MAX_HOLES).contains(&en_gehe)
            && let Err(i) = self.en_gehe_sizes.binary_search(&en_gehe)
        {
            self.en_gehe_sizes.insert(i, en_gehe);
        }
        if let Some(i) = self.en_gehe_sizes.iter().position(|&n| n == en_gehe) {
            self.en_gehe_holes = i;
        }
        self
    }

    /// The player's results against the AI levels, per game (`stats`).
    pub fn set_record(&mut self, record: BTreeMap<String, BTreeMap<String, Tally>>) {
        self.record = record;
    }

    /// The game's name as the statistics keep it.
    fn game_name(&self) -> String {
        match self.kind() {
            GameKind::Enkeshui => format!("Enkeshui 2x{}", ENKESHUI_HOLES[self.holes]),
            GameKind::EnGehe => format!("En Gehé 2x{}", self.en_gehe_sizes[self.en_gehe_holes]),
            GameKind::BaoLaKimasai => "Bao la Kimasai".into(),
        }
    }

    /// "you vs hard, Enkeshui 2x8: 3-0-7" for a human against the AI; hot-seat
    /// and AI-against-AI games are not counted.
    pub fn record_line(&self) -> String {
        let level = match (SEATS[self.south], SEATS[self.north]) {
            (None, Some(l)) | (Some(l), None) => l,
            (None, None) => return "Hot-seat games are not counted in your record".into(),
            (Some(_), Some(_)) => return "AI against AI: not counted in your record".into(),
        };
        let game = self.game_name();
        match self.record.get(&game).and_then(|l| l.get(level.name())) {
            Some(t) if t.games() > 0 => format!(
                "you vs {}, {game}: {}-{}-{} (wins-draws-losses)",
                level.name(),
                t.wins,
                t.draws,
                t.losses
            ),
            _ => format!("you vs {}, {game}: no games yet", level.name()),
        }
    }

    fn kind(&self) -> GameKind {
        GAMES[self.game]
    }

    /// The rows of the chosen game, in order.
    fn fields(&self) -> Vec<Field> {
        use Field::*;
        match self.kind() {
            GameKind::Enkeshui => {
                let mut f = vec![Game, Holes, Layout, Race];
                if self.race == 0 {
                    f.push(RaceSpeed);
                }
                f.extend([Special, CaptureAfterRelay, Match]);
                if self.match_play {
                    f.push(MatchGames);
                }
                f.extend([South, North, Flip, Theme]);
                f
            }
            GameKind::EnGehe => vec![Game, Holes, South, North, Flip, Theme],
            // Bao's board is drawn from South's side: no flip.
            GameKind::BaoLaKimasai => vec![Game, South, North, Theme],
        }
    }

    fn layouts(&self) -> Vec<&'static str> {
        let n = ENKESHUI_HOLES[self.holes];
        NAMED_LAYOUTS
            .iter()
            .filter(|l| l.1 == n)
            .map(|l| l.0)
            .collect()
    }

    fn value(&self, f: Field) -> String {
        let onoff = |b: bool| if b { "on" } else { "off" }.to_string();
        let seat = |i: usize| match SEATS[i] {
            None => "human".to_string(),
            Some(l) => format!("AI {}", l.name()),
        };
        match f {
            Field::Game => self.kind().title().to_string(),
            Field::Holes if self.kind() == GameKind::EnGehe => {
                let n = self.en_gehe_sizes[self.en_gehe_holes];
                if n < 40 {
                    format!("{n} (non-traditional)")
                } else {
                    n.to_string()
                }
            }
            Field::Holes => ENKESHUI_HOLES[self.holes].to_string(),
            Field::Layout => self.layouts()[self.layout].to_string(),
            Field::Race => RACE[self.race].name().to_string(),
            Field::RaceSpeed => match self.race_speed {
                0 => "as the AI's level".to_string(),
                k => Level::ALL[k - 1].name().to_string(),
            },
            Field::Special => SPECIAL[self.special].name().to_string(),
            Field::CaptureAfterRelay => onoff(self.capture_after_relay),
            Field::Match => onoff(self.match_play),
            Field::MatchGames => match MATCH_GAMES[self.match_games] {
                1 => "1 game".to_string(),
                n => format!("up to {n} games"),
            },
            Field::South => seat(self.south),
            Field::North => seat(self.north),
            Field::Flip => onoff(self.flip),
            Field::Theme => self.palette.name().to_string(),
        }
    }

    fn label(f: Field) -> &'static str {
        match f {
            Field::Game => "Game",
            Field::Holes => "Holes per row",
            Field::Layout => "Layout",
            Field::Race => "Starting race",
            Field::RaceSpeed => "AI racer speed",
            Field::Special => "Special move",
            Field::CaptureAfterRelay => "Capture after relay",
            Field::Match => "Match play",
            Field::MatchGames => "Match length",
            Field::South => "South",
            Field::North => "North",
            Field::Flip => "Flip board for hot-seat",
            Field::Theme => "Colours",
        }
    }

    /// (label, value) of each row, in order.
    pub fn rows(&self) -> Vec<(&'static str, String)> {
        self.fields()
            .into_iter()
            .map(|f| (Self::label(f), self.value(f)))
            .collect()
    }

    fn change(&mut self, delta: i32) {
        let cycle = |v: usize, n: usize| ((v as i32 + delta).rem_euclid(n as i32)) as usize;
        let fields = self.fields();
        match fields[self.field.min(fields.len() - 1)] {
            Field::Game => {
                self.game = cycle(self.game, GAMES.len());
                self.field = 0;
            }
            Field::Holes if self.kind() == GameKind::EnGehe => {
                self.en_gehe_holes = cycle(self.en_gehe_holes, self.en_gehe_sizes.len())
            }
            Field::Holes => {
                self.holes = cycle(self.holes, ENKESHUI_HOLES.len());
                self.layout = 0;
            }
            Field::Layout => self.layout = cycle(self.layout, self.layouts().len()),
            Field::Race => self.race = cycle(self.race, RACE.len()),
            Field::RaceSpeed => self.race_speed = cycle(self.race_speed, Level::ALL.len() + 1),
            Field::Special => self.special = cycle(self.special, SPECIAL.len()),
            Field::CaptureAfterRelay => self.capture_after_relay ^= true,
            Field::Match => self.match_play ^= true,
            Field::MatchGames => self.match_games = cycle(self.match_games, MATCH_GAMES.len()),
            Field::South => self.south = cycle(self.south, SEATS.len()),
            Field::North => self.north = cycle(self.north, SEATS.len()),
            Field::Flip => self.flip ^= true,
            Field::Theme => {
                let i = Palette::ALL.iter().position(|&p| p == self.palette);
                self.palette = Palette::ALL[cycle(i.unwrap_or(0), Palette::ALL.len())];
            }
        }
    }

    /// The seats and the flip the menu stands for.
    pub fn seating(&self) -> Seating {
        let seat = |i: usize| SEATS[i].map_or(Seat::Human, |l| Seat::Ai(Player::Level(l)));
        Seating {
            seats: PerSide::new(seat(self.south), seat(self.north)),
            flip: self.flip && self.kind() != GameKind::BaoLaKimasai,
        }
    }

    /// The game's options the menu stands for.
    fn options(&self, seed: u64) -> Result<GameOptions, BadSetup> {
        let variant = match self.kind() {
            GameKind::Enkeshui => Variant::Enkeshui {
                layout: Layout::from_options(
                    Some(ENKESHUI_HOLES[self.holes]),
                    Some(self.layouts()[self.layout]),
                )?,
                rules: enkeshui::Rules {
                    capture_after_relay: self.capture_after_relay,
                    special_move: SPECIAL[self.special],
                    match_play: self.match_play,
                    match_games: if self.match_play {
                        MATCH_GAMES[self.match_games]
                    } else {
                        DEFAULT_MATCH_GAMES
                    },
                    ..enkeshui::Rules::default()
                },
            },
            GameKind::EnGehe => Variant::EnGehe {
                holes: self.en_gehe_sizes[self.en_gehe_holes],
                rules: en_gehe::Rules::default(),
            },
            GameKind::BaoLaKimasai => Variant::Bao {
                rules: bao::Rules::default(),
            },
        };
        let enkeshui = self.kind() == GameKind::Enkeshui;
        Ok(GameOptions {
            variant,
            run: RunOptions {
                race: enkeshui.then_some(RACE[self.race]),
                race_speed: self.race_speed.checked_sub(1).map(|k| Level::ALL[k]),
                seed: Some(seed),
                ..RunOptions::default()
            },
        })
    }

    /// The setup of the game the menu stands for.
    pub fn setup(&self, seed: u64) -> Result<Setup, BadSetup> {
        Setup::new(self.options(seed)?, self.seating())
    }

    /// A key in the menu.
    pub fn handle(&mut self, action: Action, seed: u64) -> Picked {
        let n = self.fields().len();
        match action {
            Action::Up => self.field = (self.field + n - 1) % n,
            Action::Down => self.field = (self.field + 1) % n,
            Action::Left | Action::Right => {
                self.change(if action == Action::Left { -1 } else { 1 });
                if self.fields()[self.field.min(n - 1)] == Field::Theme {
                    return Picked::Theme(self.palette);
                }
            }
            Action::OpenSaves => return Picked::OpenSaves,
            Action::Learn => return Picked::Learn(self.kind()),
            Action::Edit => {
                return match self.setup(seed) {
                    Ok(s) => Picked::Edit(Box::new(s.start().clone())),
                    Err(e) => Picked::Refuse(e.to_string()),
                };
            }
            Action::Start => {
                return match self.setup(seed) {
                    Ok(s) => Picked::Start(Box::new(s)),
                    Err(e) => Picked::Refuse(e.to_string()),
                };
            }
            _ => return Picked::Stay,
        }
        Picked::Redraw
    }

    /// Draws the menu: its box, then the status line and the key bar.
    pub fn render_screen(&self, area: Rect, buf: &mut Buffer, chrome: &Chrome) {
        let h = area.height.saturating_sub(2);
        self.render(Rect::new(area.x, area.y, area.width, h), buf, &chrome.theme);
        chrome
            .status_line()
            .render(Rect::new(area.x, area.bottom() - 2, area.width, 1), buf);
        chrome
            .hints
            .clone()
            .render(Rect::new(area.x, area.bottom() - 1, area.width, 1), buf);
    }

    /// Draws the menu's box.
    pub fn render(&self, area: Rect, buf: &mut Buffer, th: &Theme) {
        let rows = self.rows();
        let mut lines = vec![Line::styled("Masai mancalas", th.title())];
        // At 60x20 Enkeshui's rows leave no room for the blank line under the
        // title: drop it so the last line (what Enter does) stays on screen.
        if usize::from(area.height) >= rows.len() + 7 {
            lines.push(Line::from(""));
        }
        for (i, (label, value)) in rows.into_iter().enumerate() {
            let selected = i == self.field;
            let marker = if selected { "> " } else { "  " };
            let value = if selected {
                format!("{} {value} {}", th.arrow_left(), th.arrow_right())
            } else {
                format!("  {value}")
            };
            let style = if selected {
                th.cursor()
            } else {
                Style::default()
            };
            lines.push(Line::from(vec![
                Span::raw(marker),
                Span::styled(format!("{label:<26}"), th.label()),
                Span::styled(value, style),
            ]));
        }
        lines.push(Line::from(""));
        lines.push(Line::styled(self.record_line(), th.label()));
        lines.push(Line::from(
            "Enter starts the game; ? shows the keys and the rules.",
        ));
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(" New game "))
            .render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Side;
    use clap::Parser;

    fn command(line: &str) -> crate::cli::Command {
        let words = std::iter::once("masai-mancala").chain(line.split(' '));
        let cli = crate::cli::Cli::try_parse_from(words).unwrap();
        cli.command.expect("a game")
    }

    /// The setup of a command line, as `enkeshui ...` would start it.
    fn command_line(line: &str) -> Setup {
        Setup::try_from(&command(line)).unwrap()
    }

    /// The menu fills in the same options as the command line: the same
    /// game, the same record.
    #[test]
    fn the_menus_game_is_the_command_lines() {
        let mut m = MenuScreen::new(command("enkeshui").client().unwrap());
        m.holes = 2;
        m.race = 1;
        m.race_speed = 3;
        m.special = 1;
        m.capture_after_relay = true;
        m.match_play = true;
        m.match_games = 1;
        m.north = 4;
        m.flip = true;
        let menu = m.setup(7).unwrap();
        let cli = command_line(
            "enkeshui --holes 12 --race quick --race-speed hard --special-move once \
             --capture-after-relay --match --match-games 3 --north ai:expert --flip --seed 7",
        );
        assert_eq!(menu.options(), cli.options());
        assert_eq!(menu.title(), "Enkeshui 2x12 (12-alternate)");
        assert_eq!(menu.seat(Side::North), cli.seat(Side::North));
        assert_eq!(
            menu.record(Vec::new()).to_text(),
            cli.record(Vec::new()).to_text()
        );
        m.game = 1;
        m.en_gehe_holes = EN_GEHE_HOLES.iter().position(|&n| n == 44).unwrap();
        let cli = command_line("en-gehe --holes 44 --north ai:expert --flip --seed 7");
        assert_eq!(m.setup(7).unwrap().options(), cli.options());
        m.game = 2;
        let cli = command_line("bao --north ai:expert --seed 7");
        assert_eq!(m.setup(7).unwrap().options(), cli.options());
    }
}

//! A game's options, typed: which game, on which board, under which rule
//! flags (a record's `game`, `variant` and `rules`), and how the client runs
//! it (a record's `options`). One type for the record, the session's setup
//! and the start menu: the command line converts its arguments into it.

use super::{RResult, RecordError, disk::json_excerpt};
use crate::ai::Level;
use crate::engine::enkeshui::{self, Enkeshui, Layout, MAX_HOLES, MIN_HOLES};
use crate::engine::position::{PositionError, PositionJson};
use crate::engine::{AnyGame, Game, GameKind, Side, bao, en_gehe};
use crate::text::excerpt;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value, json};

/// Which game, on which board, under which rule flags: what a game is, as
/// every game of a match shares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Enkeshui: the starting layout (each game of a match refills it) and
    /// the rule flags.
    Enkeshui {
        /// The starting layout (its holes are the row's length).
        layout: Layout,
        /// The rule flags.
        rules: enkeshui::Rules,
    },
    /// En Gehé: the row's length and the rule flags.
    EnGehe {
        /// Holes a row.
        holes: usize,
        /// The rule flags.
        rules: en_gehe::Rules,
    },
    /// Bao la Kimasai: one board; the rule flags.
    Bao {
        /// The rule flags.
        rules: bao::Rules,
    },
}

impl Variant {
    /// The game's kind.
    pub fn kind(&self) -> GameKind {
        match self {
            Variant::Enkeshui { .. } => GameKind::Enkeshui,
            Variant::EnGehe { .. } => GameKind::EnGehe,
            Variant::Bao { .. } => GameKind::BaoLaKimasai,
        }
    }

    /// The variant of a position. An Enkeshui position does not hold its
    /// layout: its rows stand for it when they are one (a game's start
    /// before its race), else the size's layout stands beside the study.
    pub fn of(game: &AnyGame) -> Variant {
        match game {
            AnyGame::Enkeshui(g) => {
                let rows = g.to_setup();
                let rows = Layout {
                    name: None,
                    south: rows.south,
                    north: rows.north,
                };
                let total: u32 = rows
                    .south
                    .iter()
                    .chain(&rows.north)
                    .map(|&c| u32::from(c))
                    .sum();
                let is_layout = total == enkeshui::SEEDS
                    && Enkeshui::new(&rows, *g.rules())
                        .with_first(g.to_move())
                        .position_json()
                        == game.position_json();
                Variant::Enkeshui {
                    layout: if is_layout {
                        rows
                    } else {
                        Layout::for_study(g.holes())
                    },
                    rules: *g.rules(),
                }
            }
            AnyGame::EnGehe(g) => Variant::EnGehe {
                holes: g.holes(),
                rules: *g.rules(),
            },
            AnyGame::BaoLaKimasai(g) => Variant::Bao { rules: *g.rules() },
        }
    }

    /// The game's start position, `first` to move (Enkeshui: before its race).
    pub fn start(&self, first: Side) -> Result<AnyGame, en_gehe::SetupError> {
        Ok(match self {
            Variant::Enkeshui { layout, rules } => {
                Enkeshui::new(layout, *rules).with_first(first).into()
            }
            Variant::EnGehe { holes, rules } => en_gehe::EnGehe::new(*holes, *rules)?
                .with_first(first)
                .into(),
            Variant::Bao { rules } => bao::Bao::new(*rules).with_first(first).into(),
        })
    }

    /// Enkeshui's layout (None: another game).
    pub fn layout(&self) -> Option<&Layout> {
        match self {
            Variant::Enkeshui { layout, .. } => Some(layout),
            _ => None,
        }
    }

    /// Enkeshui's rule flags (None: another game).
    pub fn enkeshui_rules(&self) -> Option<enkeshui::Rules> {
        match self {
            Variant::Enkeshui { rules, .. } => Some(*rules),
            _ => None,
        }
    }

    /// Holes a row (Bao: 8, its inner and outer rows' length).
    pub fn holes(&self) -> Option<usize> {
        match self {
            Variant::Enkeshui { layout, .. } => Some(layout.holes()),
            Variant::EnGehe { holes, .. } => Some(*holes),
            Variant::Bao { .. } => None,
        }
    }

    /// Is this Enkeshui match play (each game's score the next one's stock)?
    pub fn is_match(&self) -> bool {
        self.enkeshui_rules().is_some_and(|r| r.match_play)
    }

    /// The board's fields as a record's `variant` writes them: Enkeshui's
    /// `holes` and `layout` (a name, or the counts of South's row then
    /// North's), En Gehé's `holes`, nothing for Bao.
    pub fn board_json(&self) -> Map<String, Value> {
        let mut m = Map::new();
        match self {
            Variant::Enkeshui { layout, .. } => {
                m.insert("holes".into(), json!(layout.holes()));
                match layout.name {
                    Some(name) => m.insert("layout".into(), json!(name)),
                    None => {
                        let counts: Vec<u16> =
                            layout.south.iter().chain(&layout.north).copied().collect();
                        m.insert("layout".into(), json!(counts))
                    }
                };
            }
            Variant::EnGehe { holes, .. } => {
                m.insert("holes".into(), json!(holes));
            }
            Variant::Bao { .. } => {}
        }
        m
    }

    /// The rule flags that differ from the defaults, as positions and
    /// records write them.
    pub fn rules_json(&self) -> Map<String, Value> {
        match self {
            Variant::Enkeshui { rules, .. } => enkeshui::rules_json(rules),
            Variant::EnGehe { rules, .. } => en_gehe::rules_json(rules),
            Variant::Bao { rules } => bao::rules_json(rules),
        }
    }

    /// Reads a record's `variant` and `rules` for `game`: a refusal names
    /// the field (`variant.holes`, `rules.special_move`).
    pub fn from_json(
        game: GameKind,
        variant: &Map<String, Value>,
        rules: &Map<String, Value>,
    ) -> RResult<Variant> {
        let pe = |e: PositionError| RecordError::from_position("", e);
        let unknown =
            |k: &String, why: &str| Err(RecordError::new(format!("variant.{}", excerpt(k)), why));
        match game {
            GameKind::Enkeshui => {
                if let Some(k) = variant.keys().find(|k| *k != "holes" && *k != "layout") {
                    return unknown(k, "unknown field");
                }
                Ok(Variant::Enkeshui {
                    layout: enkeshui_layout(variant)?,
                    rules: enkeshui::rules_from_map(rules).map_err(pe)?,
                })
            }
            GameKind::EnGehe => {
                if let Some(k) = variant.keys().find(|k| *k != "holes") {
                    return unknown(k, "unknown field");
                }
                let h = variant
                    .get("holes")
                    .ok_or_else(|| RecordError::new("variant.holes", "missing"))?;
                let holes = h
                    .as_u64()
                    .and_then(|n| usize::try_from(n).ok())
                    .ok_or_else(|| {
                        RecordError::new(
                            "variant.holes",
                            format!("{} is not a number of holes", json_excerpt(h)),
                        )
                    })?;
                Ok(Variant::EnGehe {
                    holes,
                    rules: en_gehe::rules_from_map(rules).map_err(pe)?,
                })
            }
            GameKind::BaoLaKimasai => match variant.keys().next() {
                Some(k) => unknown(k, "unknown field (Bao la Kimasai has one board)"),
                None => Ok(Variant::Bao {
                    rules: bao::rules_from_map(rules).map_err(pe)?,
                }),
            },
        }
    }
}

/// An Enkeshui variant: `{"holes": N, "layout": NAME | [2N counts]}`.
fn enkeshui_layout(v: &Map<String, Value>) -> RResult<Layout> {
    let holes = v
        .get("holes")
        .ok_or_else(|| RecordError::new("variant.holes", "missing"))?;
    let n = holes
        .as_u64()
        .filter(|n| (MIN_HOLES as u64..=MAX_HOLES as u64).contains(n))
        .ok_or_else(|| {
            RecordError::new(
                "variant.holes",
                format!("{holes}: Enkeshui rows have {MIN_HOLES} to {MAX_HOLES} holes"),
            )
        })? as usize;
    let layout = match v.get("layout") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Array(a)) => {
            let words: Vec<String> = a
                .iter()
                .map(|c| {
                    c.as_u64().map(|c| c.to_string()).ok_or_else(|| {
                        RecordError::new(
                            "variant.layout",
                            format!("{} is not a seed count", json_excerpt(c)),
                        )
                    })
                })
                .collect::<RResult<_>>()?;
            Some(words.join(" "))
        }
        Some(other) => {
            return Err(RecordError::new(
                "variant.layout",
                format!(
                    "{} is not a layout name or an array of counts",
                    json_excerpt(other)
                ),
            ));
        }
    };
    Layout::from_options(Some(n), layout.as_deref())
        .map_err(|e| RecordError::new("variant", e.to_string()))
}

/// A variant is written as a record writes it: `game`, `variant`, `rules`.
impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(3))?;
        m.serialize_entry("game", self.kind().name())?;
        m.serialize_entry("variant", &self.board_json())?;
        m.serialize_entry("rules", &self.rules_json())?;
        m.end()
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        #[derive(Deserialize)]
        struct Raw {
            game: String,
            #[serde(default)]
            variant: Map<String, Value>,
            #[serde(default)]
            rules: Map<String, Value>,
        }
        let raw = Raw::deserialize(d)?;
        let game = GameKind::parse(&raw.game).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "game: unknown game '{}' (enkeshui, en-gehe or bao-la-kimasai)",
                excerpt(&raw.game)
            ))
        })?;
        Variant::from_json(game, &raw.variant, &raw.rules).map_err(serde::de::Error::custom)
    }
}

/// Everything a game is set up with but its seats: the variant and how the
/// client runs it. A record, the session's setup and the start menu hold
/// this; written as a record's `game`, `variant`, `rules` and `options`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOptions {
    /// Which game, on which board, under which rule flags.
    #[serde(flatten)]
    pub variant: Variant,
    /// How the client runs it: the race, the first mover, the seed...
    #[serde(
        default,
        rename = "options",
        skip_serializing_if = "RunOptions::is_empty"
    )]
    pub run: RunOptions,
}

impl GameOptions {
    /// A variant with no run option set.
    pub fn new(variant: Variant) -> GameOptions {
        GameOptions {
            variant,
            run: RunOptions::default(),
        }
    }
}

/// How an Enkeshui game decides its first mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RaceMode {
    /// The players race for the first move.
    On,
    /// No race: the first mover is the setup's.
    Off,
    /// A race decided at once by the seeded random generator.
    Quick,
}

impl RaceMode {
    /// "on", "off" or "quick", as records and the command line write it.
    pub fn name(self) -> &'static str {
        match self {
            RaceMode::On => "on",
            RaceMode::Off => "off",
            RaceMode::Quick => "quick",
        }
    }
}

/// A game's options that are free of rules (never replayed), a record's
/// `options`: the race, who moves first, the seed, the flip and En Gehé's
/// team names. Each is
/// written only when set, in this order, so a record reads as it always
/// has; a field added here is one more optional key.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunOptions {
    /// Enkeshui's starting race (absent: on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub race: Option<RaceMode>,
    /// The racers' hole (absent: the rightmost both can lift).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub race_hole: Option<usize>,
    /// How fast the AI racers drop seeds (absent: the seat's level).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "level_out",
        deserialize_with = "level_in"
    )]
    pub race_speed: Option<Level>,
    /// Who moves first when there is no race (absent: South).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<Side>,
    /// The random generator's seed (absent: 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The board turns to the mover (absent: no).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flip: Option<bool>,
    /// South's team name (En Gehé).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub south_team: Option<String>,
    /// North's team name (En Gehé).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub north_team: Option<String>,
}

impl RunOptions {
    /// No option set: the record writes no `options`.
    pub fn is_empty(&self) -> bool {
        *self == RunOptions::default()
    }
}

fn level_out<S: Serializer>(level: &Option<Level>, s: S) -> Result<S::Ok, S::Error> {
    match level {
        Some(l) => s.serialize_str(l.name()),
        None => s.serialize_none(),
    }
}

fn level_in<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Level>, D::Error> {
    match Option::<String>::deserialize(d)? {
        None => Ok(None),
        Some(name) => Level::parse(&name).map(Some).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "'{}' is not easy, medium, hard or expert",
                crate::text::excerpt(&name)
            ))
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The JSON of a record's options, key for key as records have always
    /// written it, and read back.
    #[test]
    fn options_are_written_as_records_write_them_and_read_back() {
        let o = RunOptions {
            race: Some(RaceMode::Quick),
            race_hole: Some(3),
            race_speed: Some(Level::Hard),
            first: Some(Side::North),
            seed: Some(7),
            flip: Some(false),
            south_team: None,
            north_team: Some("Loitha".into()),
        };
        let v = serde_json::to_value(&o).unwrap();
        assert_eq!(
            serde_json::to_string(&v).unwrap(),
            r#"{"race":"quick","race_hole":3,"race_speed":"hard","first":"north","seed":7,"flip":false,"north_team":"Loitha"}"#
        );
        assert_eq!(serde_json::from_value::<RunOptions>(v).unwrap(), o);
        assert_eq!(
            serde_json::from_value::<RunOptions>(json!({"race": null, "seed": 0})).unwrap(),
            RunOptions {
                seed: Some(0),
                ..RunOptions::default()
            }
        );
        assert!(RunOptions::default().is_empty());
        assert_eq!(
            serde_json::to_value(RunOptions::default()).unwrap(),
            json!({})
        );
    }

    /// A game's options, written as a record's top fields, in its order,
    /// and read back; a rule flag that differs from the default is written.
    #[test]
    fn a_games_options_are_a_records_top_fields() {
        let layout = Layout::named("12-alternate").unwrap();
        let rules = enkeshui::Rules {
            match_play: true,
            match_games: 3,
            ..enkeshui::Rules::default()
        };
        let mut o = GameOptions::new(Variant::Enkeshui { layout, rules });
        o.run.seed = Some(9);
        let text = serde_json::to_string(&o).unwrap();
        assert_eq!(
            text,
            r#"{"game":"enkeshui","variant":{"holes":12,"layout":"12-alternate"},"rules":{"match":true,"match_games":3},"options":{"seed":9}}"#
        );
        assert_eq!(serde_json::from_str::<GameOptions>(&text).unwrap(), o);
        let eg = GameOptions::new(Variant::EnGehe {
            holes: 41,
            rules: en_gehe::Rules::default(),
        });
        assert_eq!(
            serde_json::to_string(&eg).unwrap(),
            r#"{"game":"en-gehe","variant":{"holes":41},"rules":{}}"#
        );
        let err = serde_json::from_str::<GameOptions>(
            r#"{"game":"enkeshui","variant":{"holes":8},"rules":{"unfilled":"half"}}"#,
        )
        .unwrap_err()
        .to_string();
        assert!(err.starts_with("rules.unfilled: "), "{err}");
    }
}

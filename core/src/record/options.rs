//! How the client ran a game, as a record keeps it to resume it: one serde
//! type for the record's `options`, the session's setup and the start menu.

use crate::ai::Level;
use crate::engine::Side;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

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

/// A game's options that are free of rules (never replayed): the race,
/// who moves first, the seed, the flip and En Gehé's team names. Each is
/// written only when set, in this order, so a record reads as it always
/// has; a field added here is one more optional key.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOptions {
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

impl GameOptions {
    /// No option set: the record writes no `options`.
    pub fn is_empty(&self) -> bool {
        *self == GameOptions::default()
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
        let o = GameOptions {
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
        assert_eq!(serde_json::from_value::<GameOptions>(v).unwrap(), o);
        assert_eq!(
            serde_json::from_value::<GameOptions>(json!({"race": null, "seed": 0})).unwrap(),
            GameOptions {
                seed: Some(0),
                ..GameOptions::default()
            }
        );
        assert!(GameOptions::default().is_empty());
        assert_eq!(
            serde_json::to_value(GameOptions::default()).unwrap(),
            json!({})
        );
    }
}

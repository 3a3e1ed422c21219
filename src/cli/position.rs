//! `--position FILE|LINE` and `analyse POSITION`: a position given as its
//! one line or as a file of either form.

use super::OptionsError;
use crate::engine::{AnyGame, GameKind};

/// `--position FILE|LINE`: a file holding a position (its JSON or its one
/// line), or the line itself; refused unless it is a position of `kind`.
pub fn read_position(given: &str, kind: Option<GameKind>) -> Result<AnyGame, OptionsError> {
    read_position_as(given, kind, "--position")
}

/// [`read_position`], its errors starting with `label` (`--position`, `analyse`).
pub fn read_position_as(
    given: &str,
    kind: Option<GameKind>,
    label: &str,
) -> Result<AnyGame, OptionsError> {
    let path = std::path::Path::new(given);
    let game = if given.contains(char::is_whitespace) && !path.exists() {
        AnyGame::from_line(given).map_err(|e| OptionsError(format!("{label}: {e}")))?
    } else {
        let file = path.display();
        let text = crate::record::file::read_regular(
            path,
            crate::record::file::MAX_POSITION_BYTES,
            "a position",
        )
        .map_err(|e| OptionsError(format!("{label} {file}: {e}")))?;
        AnyGame::from_text(&text).map_err(|e| match e {
            Some(e) => OptionsError(format!("{label} {file}: {e}")),
            None => {
                let json = text.trim();
                let json = json.strip_prefix("state ").unwrap_or(json).trim_start();
                let e = serde_json::from_str::<serde_json::Value>(json)
                    .expect_err("from_text said the JSON does not parse");
                OptionsError(format!("{label} {file}: not valid JSON: {e}"))
            }
        })?
    };
    if let Some(kind) = kind
        && game.kind() != kind
    {
        return Err(OptionsError(format!(
            "{label}: a position of {}, not of {}",
            game.kind().title(),
            kind.title()
        )));
    }
    Ok(game)
}

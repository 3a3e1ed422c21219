//! The rules engine: [`masai_core::engine`], under the path the program has
//! always used (`crate::engine::...`).

pub use masai_core::engine::*;

// The paths of the engine's inner files before the core crate, kept for the
// code written against them; the core itself exports these items above.

/// [`AnyGame`] and its kinds (the path before the core crate).
pub mod any {
    pub use masai_core::engine::{AnyGame, GameKind, TokenError};
}

/// The sowing primitives the tests reach (the path before the core crate).
pub mod core {
    pub use masai_core::engine::{Unended, run_laps_within};
}

/// Random playouts (the path before the core crate).
pub mod playout {
    pub use masai_core::engine::{DropCounter, random_playout};
}

/// Reading the position JSON (the path before the core crate).
pub mod position {
    pub use masai_core::engine::{PositionError, PositionJson};
}

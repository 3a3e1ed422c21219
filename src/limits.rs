//! The limits the command line shares with the engine protocol, the arena
//! and the settings file: here, so the command line's checks need none of
//! them (each still names its own under its old path).

/// The longest `movetime` accepted: a day.
pub const MAX_MOVETIME_MS: u64 = 86_400_000;

/// The most games played at once (`--jobs`).
pub const MAX_JOBS: usize = 64;

/// The longest random opening (`--opening`), in turns.
pub const MAX_OPENING: u32 = 1000;

/// Slowest animation the file may ask for (a minute a seed is no animation).
pub const MAX_SPEED_MS: u64 = 5000;

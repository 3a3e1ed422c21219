//! Game records: the typed record, its checks and printing come from the
//! core ([`masai_core::record`]); the program adds the files: atomic saves,
//! reading with limits, the data folder, and the lock that says which saved
//! games are open in a client.

pub use masai_core::record::*;

pub mod file;
pub mod header;
pub mod lock;

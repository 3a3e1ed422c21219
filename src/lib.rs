//! Masai mancalas: Enkeshui, En Gehé and Bao la Kimasai.
//!
//! `engine` is the pure rules engine; `protocol` speaks the `engine` line
//! protocol on top of it; `cli` turns command-line options into game setups.

pub mod ai;
pub mod app;
pub mod arena;
pub mod cli;
pub mod engine;
pub mod learn;
pub mod manual;
pub mod out;
pub mod plain;
pub mod protocol;
pub mod record;
pub mod review;
pub mod session;
pub mod settings;
pub mod stats;
pub mod text;

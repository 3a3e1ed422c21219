//! The rules engine: [`masai_core::engine`], the program's one path to it
//! (`crate::engine::...`).

pub use masai_core::engine::*;

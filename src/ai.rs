//! The built-in AI: [`masai_core::ai`], the program's one path to it
//! (`crate::ai::...`).

pub use masai_core::ai::*;

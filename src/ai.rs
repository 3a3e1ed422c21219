//! The built-in AI: [`masai_core::ai`], under the path the program has always
//! used (`crate::ai::...`).

pub use masai_core::ai::*;

/// The search's proofs (the path before the core crate).
pub mod search {
    pub use masai_core::ai::Proof;
}

/// Monte Carlo tree search (the path before the core crate).
pub mod mcts {
    pub use masai_core::ai::{TREE_MB, mcts_bounded};
}

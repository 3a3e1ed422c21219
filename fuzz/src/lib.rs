//! The fuzz targets' checks (see `checks.rs`), as a library the targets
//! link.

pub mod checks;

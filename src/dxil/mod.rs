//! DXIL meaning: the dx.op table and the DXIL enumerations (generated from
//! `tables/`, see `tables/generate.rs`).

mod autogen_enums;
mod autogen_ops;

pub use autogen_enums::*;
pub use autogen_ops::*;

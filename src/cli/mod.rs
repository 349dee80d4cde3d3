//! The subcommands of the `dxil2spirv` binary, one module each (the clap
//! definitions of the command line stay in `main.rs`).

pub mod corpus;
pub mod options;

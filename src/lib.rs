//! dxil2spirv: a DXIL to SPIR-V shader cross-compiler.
//!
//! The pipeline mirrors the module layout:
//! [`container`] (DXBC parts) → [`bitstream`] (LLVM bitstream records) →
//! [`ir`] (arena IR) → [`dxil`] (DXIL meaning) → SPIR-V emission.
#![deny(missing_docs)]

pub mod bitstream;
pub mod cfg;
pub mod container;
pub mod dxil;
pub mod error;
pub mod ir;

pub use error::{Error, ErrorKind, Location, Phase, Result};

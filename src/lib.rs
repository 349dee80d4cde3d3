//! dxil2spirv: a DXIL to SPIR-V shader cross-compiler.
//!
//! The pipeline mirrors the module layout:
//! [`container`] (DXBC parts) → [`bitstream`] (LLVM bitstream records) →
//! [`ir`] (arena IR) → [`dxil`] (DXIL meaning) → SPIR-V emission.
#![deny(missing_docs)]

pub mod bitstream;
pub mod cfg;
pub mod compile;
pub mod container;
pub mod dxil;
pub mod emit;
pub mod error;
mod info;
pub mod ir;
pub mod json;
#[cfg(feature = "vulkan")]
pub mod run;
mod shader;
pub mod validate;

pub use compile::{CompileOptions, Compiler, Output};
pub use emit::Reflection;
pub use error::{Error, ErrorKind, Location, Phase, Result};
pub use shader::Shader;

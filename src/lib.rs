//! dxil2spirv: a DXIL to SPIR-V shader cross-compiler.
//!
//! It reads the DXIL that DXC produces (a DXBC container, or bare LLVM 3.7
//! bitcode) and writes SPIR-V 1.6 for Vulkan 1.3, with reflection of the
//! resource bindings and the stage interface. Every shader stage is
//! supported (compute, vertex, hull, domain, geometry, pixel, mesh and
//! amplification); DXIL libraries (ray tracing, work graphs) and some
//! features give an [`ErrorKind::Unsupported`] error naming what is
//! missing.
//!
//! # Use
//!
//! A [`Compiler`] holds [`CompileOptions`]; [`Compiler::compile`] turns a
//! blob into an [`Output`] (SPIR-V words, [`Reflection`], warnings) or an
//! [`Error`] that names its [`ErrorKind`], [`Phase`] and [`Location`].
//!
//! ```
//! use dxil2spirv::{CompileOptions, Compiler};
//!
//! let blob = include_bytes!(concat!(
//!     env!("CARGO_MANIFEST_DIR"),
//!     "/corpus/compute/int-add-sub-mul-wrap.dxil"
//! ));
//! let compiler = Compiler::new(CompileOptions::default());
//! let out = compiler.compile(blob)?;
//! assert_eq!(out.spirv[0], 0x0723_0203); // the SPIR-V magic number
//! assert_eq!(out.reflection.workgroup_size, [16, 1, 1]);
//! # Ok::<(), dxil2spirv::Error>(())
//! ```
//!
//! A compiler has no global state and is `Send + Sync`: share one `&Compiler`
//! among threads. [`Compiler::compile_traced`] also reports how long each
//! phase took (see [`trace`]).
//!
//! # Pipeline
//!
//! Each phase is a module, and errors name the phase they come from:
//!
//! 1. [`container`]: the DXBC container and its parts (`DXIL`, signatures,
//!    `PSV0`, root signature); errors at byte offsets.
//! 2. [`bitstream`]: the LLVM bitstream (blocks, abbreviations, records);
//!    errors at bit offsets.
//! 3. [`ir`]: the arena IR built from the bitcode records (LLVM 3.7
//!    semantics).
//! 4. [`dxil`]: the DXIL meaning of the module: shader model, entry points,
//!    signatures, resources, `dx.op` calls. [`Shader::read`] runs phases 1
//!    to 4.
//! 5. [`cfg`](mod@cfg): structurization of the control flow into SPIR-V's
//!    structured form.
//! 6. [`emit`]: SPIR-V emission and the binding model; unsupported
//!    features are reported at the instruction, with the `dx.op` name and
//!    the shader model.
//! 7. [`validate`]: the SPIR-V validator (SPIRV-Tools, Vulkan 1.3).
//!
//! # Features
//!
//! None is on by default: the library alone translates and validates.
//!
//! - `vulkan`: the `run` module, which executes compiled shaders on a Vulkan
//!   device (through `ash`; the driver is loaded at run time).
//! - `cli`: the `dxil2spirv` command-line tool (`clap`, `rayon`,
//!   `indicatif`); it turns on `vulkan`.
// No panics in library code ([workspace.lints] in Cargo.toml); unit tests
// may still unwrap and index.
#![cfg_attr(test, allow(clippy::restriction))]

pub mod binding;
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
pub mod rootsig;
#[cfg(feature = "vulkan")]
pub mod run;
mod shader;
pub mod trace;
pub mod validate;

pub use compile::{CompileOptions, Compiler, Output};
pub use emit::Reflection;
pub use error::{Error, ErrorKind, Location, Phase, Result};
pub use shader::Shader;

//! Helpers shared by the integration tests.

#[cfg(feature = "cli")]
pub mod cli;
pub mod corpus;
pub mod interp;
pub mod ir_build;
#[cfg(feature = "cli")]
pub mod json;
pub mod ll;
pub mod matrix;
pub mod spirv_val;
#[cfg(feature = "vulkan")]
pub mod vulkan;

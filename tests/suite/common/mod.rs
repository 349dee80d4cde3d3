//! Helpers shared by the integration tests.

#[cfg(feature = "cli")]
pub mod cli;
pub mod corpus;
pub mod interp;
#[cfg(feature = "cli")]
pub mod json;
pub mod ll;
pub mod spirv_val;
#[cfg(feature = "vulkan")]
pub mod vulkan;

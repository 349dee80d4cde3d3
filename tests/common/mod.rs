//! Helpers shared by the integration tests.

// Each test crate uses only some helpers; the rest would warn as dead code.
#![allow(dead_code)]

pub mod cli;
pub mod corpus;
pub mod interp;
pub mod json;
pub mod ll;
#[cfg(feature = "vulkan")]
pub mod vulkan;

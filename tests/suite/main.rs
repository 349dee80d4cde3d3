//! The integration tests, one module per area, in one test binary: the
//! SPIRV-Tools and Vulkan code the library pulls in is linked once.
//!
//! Run one area with `cargo test --release --all-features --test suite
//! MODULE::` (for example `emit_snapshots::`). The execution tests need the
//! `vulkan` feature and the command-line tests the `cli` feature (they run
//! the binary); plain `cargo test` runs the rest.
// Test code may unwrap, index and panic: the no-panic lints of
// [workspace.lints] (clippy's restriction group) are off.
#![allow(clippy::restriction)]

mod common;

mod api_threads;
mod autogen;
mod bad_input;
mod bindless;
mod bindless_corpus;
mod cfg_corpus;
mod cfg_graph;
mod cfg_props;
mod cfg_shapes;
mod cfg_spirv_val;
mod cfg_testgen;
#[cfg(feature = "cli")]
mod cli_bindless;
#[cfg(feature = "cli")]
mod cli_compile;
#[cfg(feature = "cli")]
mod cli_corpus;
#[cfg(feature = "cli")]
mod cli_filter;
#[cfg(feature = "cli")]
mod cli_info;
#[cfg(feature = "cli")]
mod cli_qa;
#[cfg(feature = "cli")]
mod cli_rootsig;
mod container;
#[cfg(feature = "vulkan")]
mod draw_graphics;
#[cfg(feature = "vulkan")]
mod draw_pipelines;
mod dxil_meta;
mod dxr_local;
#[cfg(feature = "vulkan")]
mod emit_classes;
mod emit_corpus;
mod emit_graphics;
mod emit_heap;
mod emit_hostile;
mod emit_ray_query;
mod emit_ray_tracing;
#[cfg(feature = "vulkan")]
mod emit_run;
mod emit_sample_shading;
mod emit_snapshots;
mod fuzz_regressions;
mod ll_parse;
mod op_matrix;
mod pointer_values;
mod qa_emit;
mod read_cache;
mod reader_sweep;
mod rootsig_fuzz;
mod rootsig_io;
mod rootsig_layout;
mod rootsig_validate;
#[cfg(feature = "vulkan")]
mod run_bindless;
#[cfg(feature = "vulkan")]
mod run_heap;
#[cfg(feature = "vulkan")]
mod run_images;
#[cfg(feature = "vulkan")]
mod run_qa;
#[cfg(feature = "vulkan")]
mod run_spec;
#[cfg(feature = "vulkan")]
mod run_vulkan;
mod sig_matrix;
mod signature_rows;
#[cfg(feature = "vulkan")]
mod trace_ray_tracing;

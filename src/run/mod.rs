//! Execution harness: runs a compiled compute shader on a Vulkan driver and
//! checks its results against a run spec (`.run` file, see `corpus/README.md`).
//!
//! The pieces:
//! - [`spec`]: the run-spec format, parsed into a [`RunSpec`] whose resources
//!   hold their initial contents already packed into little-endian bytes
//!   (register buffers, and SM 6.6 heap buffers `heap[N]` with their view);
//! - [`binding`]: how the caller (the compiler's reflection) says where each
//!   spec resource lives in the SPIR-V: a [`BindingDesc`] per descriptor (or
//!   per runtime array of the descriptor heap, which the harness fills from
//!   the spec's heap buffers by descriptor type) and an optional
//!   [`PushConstantDesc`] for root constants;
//! - [`compare`]: the README's comparison rules ([`compare_expectations`]);
//! - [`vulkan`]: device listing and the execution itself ([`run_spec`]);
//! - [`bindless`]: root-signature (`bindless-1`) runs, everything bound
//!   from reflection alone as an embedder would: root block, table
//!   placement in the heap, mutable heap bindings, static samplers
//!   ([`bindless_from_reflection`], [`Vulkan::run_bindless_with`]);
//! - [`reflect`]: compiling a blob for a run ([`compile_for_run`]) and the
//!   bindings of its reflection ([`bindings_from_reflection`]);
//! - [`qa`]: descriptor QA: the QA buffers' host side, fault injection
//!   and the fault record's check ([`RunOptions::qa`]);
//! - [`draw`]: one draw with a vertex and a pixel shader, optional
//!   tessellation and geometry shaders and vertex buffers, into (layered)
//!   render targets read back texel by texel ([`vulkan::Session::draw`]),
//!   for the graphics stages;
//! - [`trace`]: one ray-tracing dispatch with compiled DXR exports over a
//!   one-triangle scene ([`vulkan::Session::trace`]).
//!
//! A minimal use:
//!
//! ```no_run
//! use dxil2spirv::run::{run_spec, BindingDesc, BindingKind, RegisterKey, RunSpec};
//! # fn demo(spirv: &[u32]) -> dxil2spirv::Result<()> {
//! let spec = RunSpec::parse("dispatch = 1, 1, 1\nu0 : u32[4]\nexpect u0 : u32[4] = 0, 1, 2, 3\n")?;
//! let bindings = [BindingDesc::new(0, 0, BindingKind::StorageBuffer, RegisterKey::uav(0))];
//! let report = run_spec(&spec, spirv, "main", &bindings, None, None)?;
//! assert!(report.passed, "{}", report.summary());
//! # Ok(())
//! # }
//! ```
//!
//! Errors (a malformed spec, a binding that names no spec resource, a missing
//! driver, a Vulkan failure, a dispatch that does not finish in time) are
//! [`crate::Error`]s; a shader that runs but produces wrong data is not an
//! error: it yields a [`RunReport`] with `passed == false`.

pub mod binding;
pub mod bindless;
pub mod compare;
pub mod draw;
pub mod qa;
pub mod reflect;
pub mod spec;
pub mod trace;
pub mod vulkan;

mod descriptors;
mod draw_pipeline;
mod gpu;
mod half;
mod image;

pub use binding::{
    BindingDesc, BindingKind, BindingResource, BindlessDesc, HeapArray, HeapDescriptor,
    ImmutableSampler, PushConstantDesc, PushConstantRange, RootAddress,
};
pub use bindless::{bindless_from_reflection, default_table_base, table_bases, TableBases};
pub use compare::{compare_expectations, Comparison, Mismatch, Value};
pub use draw::{
    Draw, MeshStages, StageCode, TargetFormat, Tessellation, Texels, Topology, UniformData,
    VertexAttribute, VertexBuffer, VertexFormat, Viewport,
};
pub use qa::{QaHost, QaInstruction, QaLayout, QaReport, QaSpec};
pub use reflect::{bindings_from_reflection, compile_for_run, PORTABLE_SET_COUNT};
pub use spec::{
    Component, ElementType, Expectation, HeapView, ImageDesc, ImageKind, RegisterClass,
    RegisterKey, ResourceDecl, RunSpec, ScalarType, TexelFormat, DEFAULT_HEAP_SIZE,
};
pub use trace::{
    AddressSlot, AddressedBuffer, BufferArray, Geometry, HeapBuffer, HeapImage, Instance, Scene,
    ShaderCode, Trace, TraceBindless, Traced,
};
pub use vulkan::{
    list_devices, run_spec, run_spec_with, DeviceInfo, RunOptions, RunReport, Vulkan,
};

use crate::error::{Error, ErrorKind, Feature, Location, Phase};

/// A run-harness error of the given kind, without a location; an
/// unsupported one is something the device cannot do.
pub(crate) fn run_error(kind: ErrorKind, message: impl Into<String>) -> Error {
    Error::new(kind, Phase::Run, Location::Unknown, message)
        .or_unsupported_detail(Feature::Device.into())
}

/// Malformed caller input (spec, bindings, push-constant layout).
pub(crate) fn invalid(message: impl Into<String>) -> Error {
    run_error(ErrorKind::InvalidInput, message)
}

/// Something the device or the driver cannot do.
pub(crate) fn unsupported(message: impl Into<String>) -> Error {
    run_error(ErrorKind::Unsupported, message)
}

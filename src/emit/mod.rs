//! SPIR-V emission for every shader stage.
//!
//! [`emit`] turns one entry point of a DXIL module (for a library: one
//! export) into a SPIR-V 1.6 module for Vulkan 1.3.
//!
//! # Shape
//!
//! The `Emitter` (defined here) is what every op family implements its
//! operations on, each in its own file. It holds, as naga's SPIR-V writer
//! holds its `Writer` and `BlockContext`:
//!
//! - `spv`, the module-level context (`module_ctx::ModuleCtx`): the SPIR-V
//!   writer, the type and constant caches (private: made through its
//!   methods, `self.spv.u32c(1)`, `self.spv.ty(..)`), capabilities and
//!   extensions, the entry point's interface, the reflection, the warnings;
//! - `func`, the per-function context (`context::FnCtx`): the emitted
//!   values, block labels, pending phis, the current location and
//!   instruction, function variables. `function` makes a fresh one for
//!   each function, so nothing of one function reaches the next;
//! - one state per op family (`resources`, `stage`, `pixel`, `mesh`,
//!   `ray_tracing`, ...), each a type of its family's file with private
//!   fields: other families go through that family's methods.
//!
//! The files depend on each other one way: the families import the shared
//! vocabulary (`context`: type keys, emitted values, handles) and each
//! other's helpers, never the other way round, and `module` and `context`
//! name no family (only this parent knows them all). `layout_tests` fails
//! on any import cycle between the files.
//!
//! # Files
//!
//! - `module`: setup and `run` (the whole module), errors, LLVM types,
//!   instruction helpers, block bookkeeping;
//! - `module_ctx`, `context`: the two contexts (above);
//! - `writer`: the SPIR-V words, one buffer per section of the logical
//!   layout, instructions encoded as they are emitted (`rspirv` gives the
//!   grammar, the enums and the disassembly);
//! - `function`: the function body walk and structured control flow;
//! - `values`: per-instruction dispatch, values, constants, phi operands;
//! - `arith`, `convert`: LLVM instructions and conversions;
//! - `math`: the math dx.ops (element-wise, bits, dot products, packing);
//! - `lanes`: SM 6.9 long vectors (arrays, lowered lane by lane);
//! - `memory`: allocas, globals (groupshared, static), GEPs, loads/stores;
//! - `resource`: descriptors, handles, constant buffers, addressing;
//! - `buffer`: buffer loads, stores, counters and dimensions;
//! - `atomic`, `wave`, `compute` (thread ids, barriers);
//! - `stage` (signature inputs and outputs, built-ins), `pixel`,
//!   `geometry`, `tessellation`, `mesh`, `samples`: the graphics stages;
//! - `texture`: sampling, image loads and stores, gathers, queries;
//! - `heap`: SM 6.6 descriptor heaps;
//! - `ray_query` (inline ray tracing), `ray_tracing` (DXR library exports),
//!   `hit_object` (SM 6.9 shader execution reordering);
//! - `vector`: the SM 6.9 vector dx.ops (raw-buffer vector loads/stores,
//!   reductions, `FDot`);
//! - `scratch`: the buffers one emission leaves for the next;
//! - `dxop`: the exhaustive dispatch over [`crate::dxil::DxOp`], the
//!   decoded dx.op calls;
//! - `binding`: the [`Reflection`] (bindings come from `crate::binding`);
//! - `bindless`: `bindless-1` access: the root block, table indices, root
//!   constants and root descriptors;
//! - `qa`: descriptor QA, the checked heap index of every heap access.

mod arith;
mod atomic;
pub mod binding;
mod bindless;
mod buffer;
mod compute;
mod context;
mod convert;
pub mod desc;
mod dxop;
mod function;
mod geometry;
mod heap;
mod hit_object;
mod lanes;
mod math;
mod memory;
mod mesh;
mod module;
mod module_ctx;
mod pixel;
mod pointer_view;
mod qa;
mod ray_query;
mod ray_tracing;
mod resource;
mod samples;
mod scratch;
mod stage;
mod tessellation;
mod texture;
mod values;
mod vector;
mod wave;
mod writer;

pub use binding::{
    BindingOffsets, BindingRemap, DescriptorType, ReflectedResource, ReflectedVarying, Reflection,
    SetPolicy, SremLowering,
};
pub use desc::{ResourceClass, ResourceDecl, ShaderDesc};
pub use heap::heap_binding;
pub(crate) use scratch::{FrontScratch, ScratchPool};

use crate::error::{Phase, Result};
use crate::ir::Module;
use crate::trace::Tracer;

/// The emitter: one per compilation. Every op family implements its
/// operations as methods of it, in its own file; its fields are private
/// to `emit` (the children of this module).
pub(crate) struct Emitter<'m> {
    m: &'m Module,
    desc: &'m ShaderDesc,
    opts: &'m EmitOptions,
    /// The SPIR-V module being written, shared by all functions.
    spv: module_ctx::ModuleCtx,
    /// The function being emitted (made anew for each function).
    func: context::FnCtx,
    /// Constant-expression expansions left for the module (see
    /// [`context::MAX_CONST_DEPTH`]).
    const_budget: u64,
    // The state of each op family, private to its file.
    resources: resource::ResourceState,
    stage: stage::StageState,
    pixel: pixel::PixelState,
    mesh: mesh::MeshState,
    samples: samples::SampleState,
    ray_tracing: ray_tracing::RayTracingState,
    ray_queries: ray_query::RayQueryState,
    hit_objects: hit_object::HitObjectState,
    heaps: heap::HeapState,
    waves: wave::WaveState,
    calls: dxop::CallChecks,
    /// Every resource's access path (the binding layer's answer).
    bindings: crate::binding::Bindings,
    bindless: bindless::BindlessState,
    qa: qa::QaState,
}

/// Options that change the SPIR-V produced.
#[derive(Clone, Debug, PartialEq)]
pub struct EmitOptions {
    /// Default binding numbers per register class.
    pub offsets: BindingOffsets,
    /// Explicit binding remaps; the first match wins.
    pub remaps: Vec<BindingRemap>,
    /// How spaces map to descriptor sets (when no remap applies).
    pub sets: SetPolicy,
    /// How `srem` is lowered.
    pub srem: SremLowering,
    /// Whether raw/structured/typed buffer accesses get explicit bounds
    /// checks (D3D rule: out-of-bounds reads give 0, writes are dropped).
    pub bounds_checks: bool,
    /// The descriptor set of the SM 6.6 descriptor heaps (bindings in
    /// `heap_binding`).
    pub heap_set: u32,
    /// Root-signature mode: the `bindless-1` layout that decides the
    /// bindings instead of the plain model (the fields above but `srem`
    /// and `bounds_checks` are then unused).
    pub bindless: Option<std::sync::Arc<crate::binding::BindlessLayout>>,
    /// Descriptor QA (`docs/DESCRIPTOR-QA.md`), with the shader hash
    /// resolved; `None`: off (no QA code at all).
    pub descriptor_qa: Option<crate::binding::qa::DescriptorQa>,
}

impl Default for EmitOptions {
    fn default() -> Self {
        EmitOptions {
            offsets: BindingOffsets::default(),
            remaps: Vec::new(),
            sets: SetPolicy::Space,
            srem: SremLowering::ViaUnsigned,
            bounds_checks: true,
            heap_set: DEFAULT_HEAP_SET,
            bindless: None,
            descriptor_qa: None,
        }
    }
}

impl EmitOptions {
    /// Resolves every resource of `desc` through the binding layer.
    fn bindings(&self, desc: &ShaderDesc) -> Result<crate::binding::Bindings> {
        use crate::binding::{BindingModel, Bindings, PlainOptions};
        let resources: smallvec::SmallVec<[_; 16]> = desc
            .resources
            .iter()
            .map(|d| d.binding_resource())
            .collect();
        let model = match &self.bindless {
            Some(layout) => BindingModel::Bindless(layout.clone()),
            None => BindingModel::Plain(PlainOptions {
                offsets: self.offsets,
                remaps: self.remaps.clone(),
                sets: self.sets,
                heap_set: self.heap_set,
            }),
        };
        Bindings::resolve(&resources, &model, desc.kind)
    }
}

/// The default descriptor set of the SM 6.6 descriptor heaps: 7, the last
/// of the 8 sets that lavapipe and many mobile drivers allow, leaving sets
/// 0 to 6 to register spaces.
pub const DEFAULT_HEAP_SET: u32 = 7;

/// The result of emission.
#[derive(Clone, Debug, PartialEq)]
pub struct Emitted {
    /// SPIR-V words.
    pub spirv: Vec<u32>,
    /// Resources, bindings and module facts.
    pub reflection: Reflection,
    /// Non-fatal remarks.
    pub warnings: Vec<String>,
}

/// Emits SPIR-V for the entry point described by `desc`.
pub fn emit(module: &Module, desc: &ShaderDesc, options: &EmitOptions) -> Result<Emitted> {
    emit_with(
        module,
        desc,
        options,
        &ScratchPool::default(),
        &mut Tracer::off(),
    )
}

/// [`emit`] with the buffers of `pool`, timing structurization (`cfg`) and
/// emission proper.
pub(crate) fn emit_with(
    module: &Module,
    desc: &ShaderDesc,
    options: &EmitOptions,
    pool: &ScratchPool,
    tracer: &mut Tracer,
) -> Result<Emitted> {
    let bindings = options.bindings(desc)?;
    let mut emitter = Emitter::new(module, desc, options, bindings, pool.take());
    let func = emitter.entry_function()?;
    let patch = emitter.patch_constant_function()?;
    let mut cfg_scratch = pool.take_cfg();
    let structured = tracer.time(Phase::Cfg, || {
        let entry = crate::cfg::structurize_with(func, module, &mut cfg_scratch)?;
        let patch = match patch {
            Some((id, f)) => Some((
                id,
                crate::cfg::structurize_with(f, module, &mut cfg_scratch)?,
            )),
            None => None,
        };
        Ok::<_, crate::Error>((entry, patch))
    });
    let (structured, patch) = match structured {
        Ok(s) => s,
        Err(e) => {
            pool.put_cfg(cfg_scratch);
            return Err(e);
        }
    };
    let emitted = tracer.time(Phase::Emit, || {
        emitter.run(&structured, patch.as_ref().map(|(id, s)| (*id, s)))
    });
    pool.put(emitter.into_scratch());
    // The structured functions' vectors serve the next compilation.
    cfg_scratch.recycle(structured);
    if let Some((_, s)) = patch {
        cfg_scratch.recycle(s);
    }
    pool.put_cfg(cfg_scratch);
    emitted
}

#[cfg(test)]
mod layout_tests;
#[cfg(test)]
mod tests;

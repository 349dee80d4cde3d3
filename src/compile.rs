//! The library compile API: [`Compiler`] turns a DXIL blob into SPIR-V plus
//! [`Reflection`].
//!
//! ```
//! use dxil2spirv::compile::{CompileOptions, Compiler};
//! # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/compute/int-add-sub-mul-wrap.dxil");
//! let blob = std::fs::read(path).unwrap();
//! let out = Compiler::new(CompileOptions::default()).compile(&blob).unwrap();
//! println!("{} words\n{}", out.spirv.len(), out.reflection.to_json());
//! ```
//!
//! ## Reflection JSON schema
//!
//! ```text
//! {
//!   "entry_point": "main",        // a library export's unmangled name, e.g. "RayGen"
//!   "stage": "compute",           // | vertex | hull | domain | geometry | pixel | mesh |
//!                                 // amplification | raygeneration | intersection | anyhit |
//!                                 // closesthit | miss | callable
//!   "workgroup_size": [x, y, z],  // compute, mesh, amplification; else [1, 1, 1]
//!   "wave_size": null,            // or n: [WaveSize(n)], the required subgroup size
//!   "resources": [ {
//!       "name": "Out",            // HLSL name, may be ""
//!       "class": "u",             // t | u | b | s
//!       "space": 0, "register": 0,
//!       "count": 1,               // descriptor array size, -1 unbounded
//!       "kind": "StructuredBuffer",  // DXIL resource kind
//!       "stride": 4,              // structured buffers, else 0
//!       "size": 0,                // constant buffers (bytes), else 0
//!       "set": 0, "binding": 2000,
//!       "descriptor_type": "storage_buffer",  // | uniform_buffer |
//!                 // uniform_texel_buffer | storage_texel_buffer | sampler |
//!                 // sampled_image | storage_image | acceleration_structure
//!       "format": null,           // storage texel buffers and images: "Unknown", "R32ui", ...
//!       "counter": null,          // or {"set": s, "binding": b}: a storage
//!                                 // buffer holding one u32, starts at 0
//!       "used": true,
//!       "heap": false } ],        // SM 6.6 descriptor heap views: set heap_set,
//!                                 // binding per descriptor type, index = heap index
//!   "interface": [ {              // graphics shaders: every signature element
//!       "direction": "in",        // | "out"
//!       "patch": false,           // patch constants (hull, domain), mesh primitive outputs
//!       "semantic": "TEXCOORD", "index": 0, "rows": 1, "cols": 2,
//!       "location": 1, "component": 0,  // user semantics and SV_Target, else null
//!       "builtin": null } ],      // system values: the SPIR-V built-in, e.g. "FragCoord"
//!   "specialization_constants": [ // what the pipeline must set, e.g.
//!       {"id": 0, "name": "render_target_sample_count", "default": 1} ],
//!   "push_constant_size": 0,
//!   "capabilities": ["Shader", ...],
//!   "extensions": [],
//!   "srem_lowering": "via_unsigned",   // | "native"
//!   "bounds_checks": true
//! }
//! ```
//!
//! With a root signature ([`CompileOptions::root_signature`]: the
//! `bindless-1` ABI), each resource also has a `via` (its access path;
//! `set`/`binding` are `null` for root constants and root descriptors) and
//! the document ends with `abi`, `root_signature`, `root_block`, `heap`,
//! `static_samplers` and `vulkan`, and for a ray-tracing export with a
//! local root signature `shader_record` (`docs/BINDING.md`). With
//! descriptor QA ([`CompileOptions::descriptor_qa`]) it ends with `qa`
//! (`docs/DESCRIPTOR-QA.md`).

pub use crate::binding::qa::DescriptorQa;
pub use crate::binding::{
    BindlessOptions, RootBlockStorage, RootSignatureChoice, ShaderRecordLayout,
};
use crate::dxil::{DxilModule, EntryPoint};
use crate::emit::{self, EmitOptions, FrontScratch, ShaderDesc};
pub use crate::emit::{
    BindingOffsets, BindingRemap, DescriptorType, ReflectedResource, ReflectedVarying, Reflection,
    ResourceClass, SetPolicy, SremLowering,
};
use crate::error::{Error, Phase, Result};
use crate::trace::{Span, Tracer};

/// The spans a traced compilation of one entry point appends (one per
/// [`Phase`]): reserved up front, so that the caller's vector grows once.
const PHASES: usize = 6;

/// Options of a compilation (plain data: fill it from a CLI, JSON or code).
///
/// Start from the defaults and change what you need:
///
/// ```
/// use dxil2spirv::compile::{BindingOffsets, CompileOptions, Compiler, ResourceClass, SetPolicy};
///
/// let options = CompileOptions {
///     binding_offsets: BindingOffsets { uav: 100, ..BindingOffsets::default() },
///     sets: SetPolicy::Compact,
///     ..CompileOptions::default()
/// };
/// let blob = include_bytes!(concat!(
///     env!("CARGO_MANIFEST_DIR"),
///     "/corpus/compute/int-add-sub-mul-wrap.dxil"
/// ));
/// let out = Compiler::new(options).compile(blob)?;
/// // `RWStructuredBuffer<uint> Out : register(u0)`: binding 100 + 0.
/// let uavs: Vec<_> = out.reflection.resources.iter()
///     .filter(|r| r.class == ResourceClass::Uav)
///     .collect();
/// assert_eq!((uavs[0].register, uavs[0].set, uavs[0].binding), (0, 0, 100));
/// # Ok::<(), dxil2spirv::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CompileOptions {
    /// Binding numbers per register class (see [`BindingOffsets`]).
    pub binding_offsets: BindingOffsets,
    /// Binding remaps; the first rule matching a resource's class, space
    /// and first register wins.
    pub remaps: Vec<BindingRemap>,
    /// How register spaces map to descriptor sets (default `set = space`).
    pub sets: SetPolicy,
    /// Run the SPIR-V validator (Vulkan 1.3) on the output.
    pub validate: bool,
    /// How `srem` is lowered (default: through unsigned operations).
    pub srem: SremLowering,
    /// Explicit bounds checks on buffer accesses (D3D rule).
    pub bounds_checks: bool,
    /// The descriptor set of SM 6.6 descriptor heaps (default
    /// [`emit::DEFAULT_HEAP_SET`]; bindings in [`emit::heap_binding`]).
    pub heap_set: u32,
    /// Which export of a DXIL library to compile, by its unmangled name
    /// (`RayGen`) or its mangled one. `None` compiles a library's only
    /// export; [`Compiler::compile_all`] compiles every export. For other
    /// shaders it must be `None` or the entry point's name.
    pub entry_point: Option<String>,
    /// The root signature that drives the bindings (`bindless-1`,
    /// `docs/BINDING.md`): none (default: the plain model above), the
    /// blob's embedded one, or one the caller supplies.
    pub root_signature: RootSignatureChoice,
    /// The `bindless-1` options (used with a root signature).
    pub bindless: BindlessOptions,
    /// Descriptor QA (`docs/DESCRIPTOR-QA.md`): GPU-side checks of every
    /// heap access; `None` (default): off, and no QA code at all.
    pub descriptor_qa: Option<DescriptorQa>,
    /// A DXR local root signature for the ray-tracing exports (shader
    /// records, `docs/BINDING.md`); it takes precedence over a library's
    /// `LocalRootSignature` subobjects. Needs a [`Self::root_signature`].
    pub local_root_signature: Option<Box<crate::rootsig::RootSignature>>,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            binding_offsets: BindingOffsets::default(),
            remaps: Vec::new(),
            sets: SetPolicy::Space,
            validate: true,
            srem: SremLowering::ViaUnsigned,
            bounds_checks: true,
            heap_set: emit::DEFAULT_HEAP_SET,
            entry_point: None,
            root_signature: RootSignatureChoice::None,
            bindless: BindlessOptions::default(),
            descriptor_qa: None,
            local_root_signature: None,
        }
    }
}

/// The result of a compilation.
///
/// ```
/// # let blob = include_bytes!(concat!(
/// #     env!("CARGO_MANIFEST_DIR"),
/// #     "/corpus/compute/int-add-sub-mul-wrap.dxil"
/// # ));
/// let out = dxil2spirv::Compiler::default().compile(blob)?;
/// // SPIR-V words, e.g. to write a `.spv` file:
/// let bytes: Vec<u8> = out.spirv.iter().flat_map(|w| w.to_le_bytes()).collect();
/// assert_eq!(&bytes[..4], &[0x03, 0x02, 0x23, 0x07]);
/// // Reflection, also as JSON (the schema is in the module docs):
/// assert_eq!(out.reflection.entry_point, "main");
/// assert!(out.reflection.to_json().contains(r#""binding": 2000"#));
/// # Ok::<(), dxil2spirv::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Output {
    /// SPIR-V 1.6 words.
    pub spirv: Vec<u32>,
    /// Resources with their D3D and Vulkan bindings, and module facts.
    pub reflection: Reflection,
    /// Non-fatal remarks.
    pub warnings: Vec<String>,
}

/// A DXIL → SPIR-V compiler. Holds its options and a pool of emission
/// buffers that its compilations reuse: `Send + Sync`, no global state;
/// one instance may compile on many threads at once.
///
/// It also keeps the bitcode blocks that every blob of a producer repeats
/// (DXC's BLOCKINFO and metadata-kinds blocks): each is parsed once and
/// kept with its exact bytes, and a later blob whose block has the same
/// bytes takes the parsed result instead of reading it again. A few
/// entries of a few hundred bytes each, behind mutexes held only to look
/// them up; the output is the same as without them.
///
/// ```
/// use dxil2spirv::{Compiler, ErrorKind, Phase};
///
/// let compiler = Compiler::default(); // CompileOptions::default()
/// let blob = include_bytes!(concat!(
///     env!("CARGO_MANIFEST_DIR"),
///     "/corpus/compute/int-add-sub-mul-wrap.dxil"
/// ));
/// let results = std::thread::scope(|s| {
///     let a = s.spawn(|| compiler.compile(blob));
///     let b = s.spawn(|| compiler.compile(blob));
///     (a.join().unwrap(), b.join().unwrap())
/// });
/// assert_eq!(results.0?.spirv, results.1?.spirv); // deterministic
///
/// // Errors say what failed, in which phase and where.
/// let err = compiler.compile(&blob[..100]).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidInput);
/// assert_eq!(err.phase(), Phase::Container);
/// println!("{err}"); // invalid input (container, byte …): …
/// # Ok::<(), dxil2spirv::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Compiler {
    options: CompileOptions,
    /// Emission buffers kept between compilations (a clone starts without).
    scratch: emit::ScratchPool,
    /// Parsed blocks that blobs share (a clone starts without).
    read_cache: crate::ir::ReadCache,
}

impl Compiler {
    /// A compiler with these options.
    pub fn new(options: CompileOptions) -> Self {
        Compiler {
            options,
            scratch: emit::ScratchPool::default(),
            read_cache: crate::ir::ReadCache::default(),
        }
    }

    /// The options.
    pub fn options(&self) -> &CompileOptions {
        &self.options
    }

    /// Compiles a DXBC container holding a DXIL shader of any stage, or
    /// one export of a DXIL library (see [`CompileOptions::entry_point`]);
    /// raw LLVM bitcode is accepted too. Validates the SPIR-V when
    /// [`CompileOptions::validate`] is set.
    pub fn compile(&self, blob: &[u8]) -> Result<Output> {
        self.compile_with(blob, &mut Tracer::off())
    }

    /// Compiles every entry point of a blob: each shader export of a DXIL
    /// library (ray-tracing shaders: one SPIR-V module per export, as a
    /// ray-tracing pipeline takes them), or the one entry point of any
    /// other shader. [`CompileOptions::entry_point`] is ignored.
    ///
    /// ```
    /// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/advanced/dxr-raygen-pinhole-camera.dxil");
    /// let blob = std::fs::read(path).unwrap();
    /// let outs = dxil2spirv::Compiler::default().compile_all(&blob)?;
    /// let names: Vec<_> = outs.iter().map(|o| o.reflection.entry_point.as_str()).collect();
    /// assert_eq!(names, ["PrimaryClosestHit", "PrimaryMiss", "RayGen"]);
    /// assert_eq!(outs[2].reflection.stage, "raygeneration");
    /// # Ok::<(), dxil2spirv::Error>(())
    /// ```
    pub fn compile_all(&self, blob: &[u8]) -> Result<Vec<Output>> {
        self.compile_all_with(blob, &mut Tracer::off())
    }

    /// [`Compiler::compile_all`], appending the phases' times to `spans`.
    pub fn compile_all_traced(&self, blob: &[u8], spans: &mut Vec<Span>) -> Result<Vec<Output>> {
        spans.reserve(PHASES);
        self.compile_all_with(blob, &mut Tracer::to(spans))
    }

    /// Reads `blob` with this compiler's read cache into the front-half
    /// buffers `front` (passed by reference: they are large to move).
    fn read<'b>(
        &self,
        blob: &'b [u8],
        tracer: &mut Tracer,
        front: &mut FrontScratch,
    ) -> Result<crate::Shader<'b>> {
        crate::Shader::read_with(
            blob,
            Some(&self.read_cache),
            tracer,
            &mut front.decode,
            &mut front.module,
        )
    }

    fn compile_all_with(&self, blob: &[u8], tracer: &mut Tracer) -> Result<Vec<Output>> {
        let mut front = self.scratch.take_front();
        let mut shader = self.read(blob, tracer, &mut front)?;
        let dxil = &shader.dxil;
        let entries: smallvec::SmallVec<[usize; 4]> = if dxil.is_library() {
            dxil.export_indices().collect()
        } else {
            (0..dxil.entry_points.len().min(1)).collect()
        };
        let outs = entries
            .into_iter()
            .map(|i| {
                let out = self.translate_owned(&mut shader, i, tracer, &mut front)?;
                self.validate(&out, tracer)?;
                Ok(out)
            })
            .collect();
        self.recycle(shader, front);
        outs
    }

    /// Gives the IR arenas and decoded metadata of a shader this
    /// compilation is done with back to the pool, for the next compilation
    /// to read and decode into.
    fn recycle(&self, shader: crate::Shader<'_>, mut front: FrontScratch) {
        front.decode.recycle(shader.dxil);
        front.module.keep(shader.module);
        self.scratch.put_front(front);
    }

    /// [`Compiler::compile`], appending to `spans` the time each phase took
    /// (see [`crate::trace`]); a failed compilation leaves the spans of the
    /// phases that ran.
    ///
    /// ```
    /// # let blob = include_bytes!(concat!(
    /// #     env!("CARGO_MANIFEST_DIR"),
    /// #     "/corpus/compute/int-add-sub-mul-wrap.dxil"
    /// # ));
    /// let mut spans = Vec::new();
    /// dxil2spirv::Compiler::default().compile_traced(blob, &mut spans)?;
    /// let phases: Vec<&str> = spans.iter().map(|s| s.phase.name()).collect();
    /// assert_eq!(phases, ["container", "ir", "dxil", "cfg", "emit", "validate"]);
    /// # Ok::<(), dxil2spirv::Error>(())
    /// ```
    pub fn compile_traced(&self, blob: &[u8], spans: &mut Vec<Span>) -> Result<Output> {
        spans.reserve(PHASES);
        self.compile_with(blob, &mut Tracer::to(spans))
    }

    /// Reads and emits without validating (what the benchmark measures).
    pub fn translate(&self, blob: &[u8]) -> Result<Output> {
        self.translate_with(blob, &mut Tracer::off())
    }

    fn compile_with(&self, blob: &[u8], tracer: &mut Tracer) -> Result<Output> {
        let out = self.translate_with(blob, tracer)?;
        self.validate(&out, tracer)?;
        Ok(out)
    }

    fn validate(&self, out: &Output, tracer: &mut Tracer) -> Result<()> {
        if self.options.validate {
            tracer.time(Phase::Validate, || {
                crate::validate::validate_vulkan_1_3(&out.spirv)
            })?;
        }
        Ok(())
    }

    fn translate_with(&self, blob: &[u8], tracer: &mut Tracer) -> Result<Output> {
        let mut front = self.scratch.take_front();
        let mut shader = self.read(blob, tracer, &mut front)?;
        let dxil = &shader.dxil;
        let ep = self.select_entry(dxil)?;
        let i = dxil
            .entry_points
            .iter()
            .position(|e| std::ptr::eq(e, ep))
            .ok_or_else(|| {
                Error::internal(Phase::Dxil, "the selected entry point is not listed")
            })?;
        let out = self.translate_owned(&mut shader, i, tracer, &mut front);
        self.recycle(shader, front);
        out
    }

    /// Translates entry point `i` of a shader this compilation owns: its
    /// signatures move into the emitter's description instead of being
    /// copied (the entry point keeps empty ones).
    fn translate_owned(
        &self,
        shader: &mut crate::Shader<'_>,
        i: usize,
        tracer: &mut Tracer,
        front: &mut FrontScratch,
    ) -> Result<Output> {
        let signatures = shader
            .dxil
            .entry_points
            .get_mut(i)
            .map(|ep| std::mem::take(&mut ep.signatures))
            .unwrap_or_default();
        let ep = shader
            .dxil
            .entry_points
            .get(i)
            .ok_or_else(|| Error::internal(Phase::Dxil, "entry point index out of range"))?;
        self.translate_entry(shader, ep, signatures, tracer, front)
    }

    /// The entry point [`CompileOptions::entry_point`] picks.
    fn select_entry<'d>(&self, dxil: &'d DxilModule) -> Result<&'d EntryPoint> {
        let wanted = self.options.entry_point.as_deref();
        if !dxil.is_library() {
            let ep = dxil
                .entry_points
                .first()
                .ok_or_else(|| Error::invalid(Phase::Dxil, "dx.entryPoints is empty"))?;
            return match wanted {
                Some(name) if name != ep.export_name() && name != ep.name => Err(Error::invalid(
                    Phase::Dxil,
                    format!(
                        "no entry point '{name}': the shader's is '{}'",
                        ep.export_name()
                    ),
                )),
                _ => Ok(ep),
            };
        }
        let exports: Vec<&EntryPoint> = dxil.exports().collect();
        let found = match (wanted, exports.as_slice()) {
            (Some(name), _) => dxil.export(name),
            (None, [only]) => Some(*only),
            (None, _) => None,
        };
        found.ok_or_else(|| {
            let all: Vec<&str> = exports.iter().map(|e| e.export_name()).collect();
            let all = all.join(", ");
            let what = match wanted {
                Some(name) => format!(
                    "the library ({}) exports no shader '{name}'",
                    dxil.shader_model
                ),
                None => format!(
                    "the library ({}) exports {} shaders: choose one (`--entry NAME`, \
                     `CompileOptions::entry_point`) or compile them all (`compile_all`)",
                    dxil.shader_model,
                    exports.len()
                ),
            };
            Error::invalid(Phase::Dxil, format!("{what} (exports: {all})"))
        })
    }

    /// The `bindless-1` layout of the chosen root signature for entry
    /// `ep`, checked against the shader first (`None` in the plain model).
    /// Precedence: a supplied root signature, then the blob's `RTS0`, then
    /// (libraries) the `GlobalRootSignature` subobject associated with the
    /// export; for ray-tracing stages, a supplied local root signature,
    /// else the associated `LocalRootSignature` subobject.
    fn bindless_layout(
        &self,
        shader: &crate::Shader<'_>,
        ep: &EntryPoint,
    ) -> Result<Option<std::sync::Arc<crate::binding::BindlessLayout>>> {
        let library = shader.dxil.is_library();
        let subobjects = || -> Result<_> {
            let s = crate::container::rdat::Subobjects::of(&shader.container)?;
            s.root_signatures_of(ep.export_name())
        };
        let (rs, source) = match &self.options.root_signature {
            RootSignatureChoice::None => {
                return match self.options.local_root_signature {
                    Some(_) => Err(Error::invalid(
                        Phase::Container,
                        "a local root signature needs root-signature mode \
                         (--root-signature embedded|FILE)",
                    )),
                    None => Ok(None),
                }
            }
            RootSignatureChoice::Supplied(rs) => ((**rs).clone(), "supplied"),
            RootSignatureChoice::Embedded => match shader.container.root_signature()? {
                Some(rs) => (rs, "embedded"),
                None if library => match subobjects()?.global {
                    Some((_, bytes)) => (crate::rootsig::RootSignature::parse(bytes)?, "subobject"),
                    None => {
                        return Err(Error::invalid(
                            Phase::Container,
                            format!(
                                "--root-signature embedded: export '{}' has no global root \
                                 signature (the library has no RTS0 part and no \
                                 GlobalRootSignature subobject applies to it)",
                                ep.export_name()
                            ),
                        ))
                    }
                },
                None => {
                    return Err(Error::invalid(
                        Phase::Container,
                        "--root-signature embedded: the blob has no RTS0 part \
                         (no embedded root signature)",
                    ))
                }
            },
        };
        let local = match (&self.options.local_root_signature, ep.kind.is_ray_tracing()) {
            (_, false) => None,
            (Some(l), true) => Some(ShaderRecordLayout::new((**l).clone(), "supplied".into())?),
            (None, true) if library => match subobjects()?.local {
                Some((name, bytes)) => Some(ShaderRecordLayout::new(
                    crate::rootsig::RootSignature::parse(bytes)?,
                    format!("subobject:{name}"),
                )?),
                None => None,
            },
            (None, true) => None,
        };
        // The rules alone and heap use here; every resource is resolved
        // (and a register the root signatures miss reported) by the
        // binding layer.
        let (resource_heap, sampler_heap) = crate::rootsig::ShaderUse::heaps_of(shader);
        rs.validate()
            .and_then(|()| {
                rs.check_heaps(resource_heap, sampler_heap, shader.dxil.shader_model.kind)
            })
            .map_err(|e| e.to_error())?;
        Ok(Some(std::sync::Arc::new(
            crate::binding::BindlessLayout::new(rs, source, self.options.bindless)
                .with_local(local),
        )))
    }

    /// The descriptor-QA option with the shader hash resolved.
    fn descriptor_qa(&self, shader: &crate::Shader<'_>) -> Result<Option<DescriptorQa>> {
        let Some(qa) = self.options.descriptor_qa else {
            return Ok(None);
        };
        let shader_hash = match qa.shader_hash {
            Some(h) => h,
            None => crate::binding::qa::default_shader_hash(
                shader.container.hash()?.map(|h| h.digest),
                shader.container.as_bytes(),
            ),
        };
        Ok(Some(DescriptorQa {
            shader_hash: Some(shader_hash),
            ..qa
        }))
    }

    fn translate_entry(
        &self,
        shader: &crate::Shader<'_>,
        ep: &EntryPoint,
        signatures: crate::dxil::Signatures,
        tracer: &mut Tracer,
        front: &mut FrontScratch,
    ) -> Result<Output> {
        let module = &shader.module;
        let buffers = std::mem::take(&mut front.desc);
        let desc = tracer.time(Phase::Dxil, || {
            ShaderDesc::with_signatures(&shader.dxil, module, ep, signatures, buffers)?
                .with_heap_views(module)
        })?;
        let opts = EmitOptions {
            offsets: self.options.binding_offsets,
            remaps: self.options.remaps.clone(),
            sets: self.options.sets,
            srem: self.options.srem,
            bounds_checks: self.options.bounds_checks,
            heap_set: self.options.heap_set,
            bindless: self.bindless_layout(shader, ep)?,
            descriptor_qa: self.descriptor_qa(shader)?,
        };
        let e = emit::emit_with(module, &desc, &opts, &self.scratch, tracer)?;
        let (buffers, signatures) = desc.into_buffers();
        front.desc = buffers;
        front.decode.recycle_signatures(signatures);
        Ok(Output {
            spirv: e.spirv,
            reflection: e.reflection,
            warnings: e.warnings,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compiler reused across shaders of every kind (its recycled
    /// metadata, description and emission buffers) gives exactly the
    /// outputs, reflection included, of fresh compilers, in either order.
    #[test]
    fn recycled_buffers_leave_no_trace() {
        let blobs: Vec<Vec<u8>> = [
            "graphics/hs-quad-4-in-3-out",
            "advanced/dxr-lib65-pipeline-config1",
            "binding/heap66-slots-typed",
            "control-flow/ps-switch-material-od",
            "graphics/gs-lineadj-silhouette",
            "binding/rs-visibility-vs",
            "compute/int-bitwise-ops",
            "graphics/ms-payload-arrays-reader",
        ]
        .iter()
        .map(|name| {
            let path = format!("{}/corpus/{name}.dxil", env!("CARGO_MANIFEST_DIR"));
            std::fs::read(path).unwrap()
        })
        .collect();
        let options = CompileOptions {
            validate: false,
            ..CompileOptions::default()
        };
        let fresh: Vec<_> = blobs
            .iter()
            .map(|b| Compiler::new(options.clone()).compile_all(b).unwrap())
            .collect();
        let reused = Compiler::new(options);
        let n = blobs.len();
        for i in (0..n).chain((0..n).rev()) {
            assert_eq!(reused.compile_all(&blobs[i]).unwrap(), fresh[i], "blob {i}");
        }
    }

    /// An error raised before any function is emitted carries no location
    /// left by a compilation that failed inside a function before it.
    #[test]
    fn a_failed_compilation_leaves_no_location_behind() {
        let read = |name: &str| {
            let path = format!("{}/corpus/{name}.dxil", env!("CARGO_MANIFEST_DIR"));
            std::fs::read(path).unwrap()
        };
        // Fails at `@main block 4 instruction 13`.
        let inside = read("advanced/sm67-nonconstant-texel-offsets");
        // Fails before emitting a function (a work graph node).
        let before = read("advanced/wg-coalescing-groupshared-compaction");
        let options = CompileOptions {
            validate: false,
            ..CompileOptions::default()
        };
        let fresh = Compiler::new(options.clone()).compile_all(&before);
        let reused = Compiler::new(options);
        let first = reused.compile_all(&inside).unwrap_err();
        assert!(first.to_string().contains("@main block 4"), "{first}");
        let second = reused.compile_all(&before).unwrap_err();
        assert_eq!(second.to_string(), fresh.unwrap_err().to_string());
        assert_eq!(second.location(), &crate::Location::Unknown);
    }
}

//! The emitter's core: setup and the whole-module `run`, errors, LLVM
//! types, instruction helpers and block bookkeeping shared by every op
//! family (the `Emitter` itself is defined in `emit`'s `mod.rs`).

use super::binding::SremLowering;
use super::context::{berr, TyKey, Words};
use super::desc::ShaderDesc;
use super::scratch::Scratch;
use super::{EmitOptions, Emitted, Emitter};
use crate::cfg::Structured;
use crate::dxil::ShaderKind;
use crate::error::{Error, ErrorKind, Feature, Phase, Result, Unsupported};
use crate::ir::{self, FuncId, Function, Module, TypeId};
use rspirv::dr::Operand;
use rspirv::spirv::{self, Capability, Op, StorageClass, Word};
use smallvec::SmallVec;

impl<'m> Emitter<'m> {
    /// An emitter writing into the containers of `scratch` (reset first).
    pub fn new(
        m: &'m Module,
        desc: &'m ShaderDesc,
        opts: &'m EmitOptions,
        bindings: crate::binding::Bindings,
        scratch: Scratch,
    ) -> Self {
        let Scratch {
            mut spv,
            mut func,
            mut resources,
            mut stage,
            mut calls,
        } = scratch;
        spv.reset(m.types.len());
        // As fresh: a compilation that failed inside a function leaves its
        // location and dx.op there, which errors raised before the first
        // function would otherwise carry.
        func.reset(0);
        resources.reset();
        stage.reset();
        calls.reset();
        Emitter {
            bindings,
            bindless: Default::default(),
            qa: Default::default(),
            m,
            desc,
            opts,
            spv,
            func,
            resources,
            stage,
            pixel: Default::default(),
            mesh: Default::default(),
            samples: Default::default(),
            ray_tracing: Default::default(),
            ray_queries: Default::default(),
            hit_objects: Default::default(),
            heaps: Default::default(),
            waves: Default::default(),
            calls,
            const_budget: (m.values.len() as u64)
                .saturating_mul(16)
                .saturating_add(1 << 16),
        }
    }

    /// Whether the stage runs in thread groups (compute, mesh and
    /// amplification shaders): `numthreads`, groupshared memory, group
    /// barriers, compute-style derivatives.
    pub fn has_thread_groups(&self) -> bool {
        matches!(
            self.desc.kind,
            ShaderKind::Compute | ShaderKind::Mesh | ShaderKind::Amplification
        )
    }

    /// The entry function, once checked to be an emittable entry point of
    /// a supported stage.
    pub fn entry_function(&self) -> Result<&'m Function> {
        let kind = self.desc.kind;
        if kind == ShaderKind::Node {
            return Err(self.unsupported_feature(
                Feature::WorkGraphNode,
                format!(
                    "entry point @{}: work graph node shaders (SM 6.8) have no Vulkan counterpart \
                 (VK_AMDX_shader_enqueue is a provisional AMD extension)",
                    self.desc.entry_name
                ),
            ));
        }
        if !matches!(
            kind,
            ShaderKind::Compute
                | ShaderKind::Vertex
                | ShaderKind::Geometry
                | ShaderKind::Pixel
                | ShaderKind::Mesh
                | ShaderKind::Amplification
                | ShaderKind::Hull
                | ShaderKind::Domain
        ) && !kind.is_ray_tracing()
        {
            return Err(self.unsupported_feature(
                Feature::ShaderKind,
                format!(
                    "entry point @{}: shader kind '{}' is not supported, only the compute, \
                 graphics and ray-tracing stages are",
                    self.desc.entry_name,
                    self.desc.kind.profile_prefix()
                ),
            ));
        }
        let func = self
            .m
            .function(self.desc.entry)
            .ok_or_else(|| self.invalid("entry point function does not exist"))?;
        if func.is_declaration || func.blocks.is_empty() {
            return Err(self.invalid("entry point function has no body"));
        }
        let params = self.ray_tracing_params();
        if kind.is_ray_tracing() && func.num_args != params {
            return Err(self.invalid(format!(
                "a {} shader takes {params} parameters, the entry function has {}",
                kind.profile_prefix(),
                func.num_args
            )));
        }
        if func.num_args != params {
            return Err(self
                .unsupported_feature(Feature::EntryPointInterface, "entry point with parameters"));
        }
        if !self.has_thread_groups() {
            return Ok(func);
        }
        // D3D12's limits on [numthreads]; a zero size is invalid SPIR-V too.
        let [x, y, z] = self.desc.num_threads;
        let total = u64::from(x)
            .saturating_mul(u64::from(y))
            .saturating_mul(u64::from(z));
        if total == 0 || x > 1024 || y > 1024 || z > 64 || total > 1024 {
            return Err(self.invalid(format!(
                "numthreads({x}, {y}, {z}) is outside D3D12's limits (each at least 1, \
                 X and Y at most 1024, Z at most 64, at most 1024 threads)"
            )));
        }
        Ok(func)
    }

    /// A hull shader's patch constant function, checked like the entry.
    pub fn patch_constant_function(&self) -> Result<Option<(FuncId, &'m Function)>> {
        let Some(id) = self.desc.hs.and_then(|h| h.patch_constant_function) else {
            return Ok(None);
        };
        let f = self
            .m
            .function(id)
            .ok_or_else(|| self.invalid("the patch constant function does not exist"))?;
        if f.is_declaration || f.blocks.is_empty() || f.num_args != 0 || id == self.desc.entry {
            return Err(
                self.invalid("the patch constant function is not a body without parameters")
            );
        }
        Ok(Some((id, f)))
    }

    /// The containers, for the next emission ([`super::ScratchPool`]).
    pub fn into_scratch(self) -> Scratch {
        Scratch {
            spv: self.spv,
            func: self.func,
            resources: self.resources,
            stage: self.stage,
            calls: self.calls,
        }
    }

    /// Emits the whole module, given the structured entry function (and a
    /// hull shader's structured patch constant function).
    pub fn run(
        &mut self,
        structured: &Structured,
        patch: Option<(FuncId, &Structured)>,
    ) -> Result<Emitted> {
        self.check_qa_set()?;
        self.spv.cap(Capability::Shader);
        self.spv.glsl = self.spv.b.id();
        let entry = self.desc.entry;
        self.declare_interface()?;
        self.find_task_payload()?;
        let mut fn_id = self.emit_function(entry, structured)?;
        if self.desc.kind == ShaderKind::Hull {
            let pc = match patch {
                Some((f, s)) => Some(self.emit_function(f, s)?),
                None => None,
            };
            fn_id = self.hull_entry(fn_id, pc)?;
        }
        self.finish_qa()?;
        // Modes may add capabilities: gathered before those are written.
        let modes = self.execution_modes()?;

        // Module-level instructions, in the order of the logical layout.
        self.spv.write_preamble();
        let interface: SmallVec<[Word; 32]> = self.spv.interface.iter().copied().collect();
        let name: &'m str = &self.desc.entry_name;
        if name.contains('\0') {
            return Err(self.invalid("the entry point name contains a NUL character"));
        }
        let model = match self.desc.kind {
            kind if kind.is_ray_tracing() => {
                Self::ray_tracing_model(kind).unwrap_or(spirv::ExecutionModel::GLCompute)
            }
            ShaderKind::Vertex => spirv::ExecutionModel::Vertex,
            ShaderKind::Pixel => spirv::ExecutionModel::Fragment,
            ShaderKind::Geometry => spirv::ExecutionModel::Geometry,
            ShaderKind::Mesh => spirv::ExecutionModel::MeshEXT,
            ShaderKind::Amplification => spirv::ExecutionModel::TaskEXT,
            ShaderKind::Hull => spirv::ExecutionModel::TessellationControl,
            ShaderKind::Domain => spirv::ExecutionModel::TessellationEvaluation,
            _ => spirv::ExecutionModel::GLCompute,
        };
        self.spv.b.entry_point(model, fn_id, name, &interface);
        if self.has_thread_groups() {
            let [x, y, z] = self.desc.num_threads;
            self.spv
                .b
                .execution_mode(fn_id, spirv::ExecutionMode::LocalSize, &[x, y, z]);
        }
        for (mode, literal) in modes {
            match literal {
                Some(n) => self.spv.b.execution_mode(fn_id, mode, &[n]),
                None => self.spv.b.execution_mode(fn_id, mode, &[]),
            }
        }

        self.spv.reflection.entry_point = self.desc.entry_name.clone();
        self.spv.reflection.stage = match model {
            spirv::ExecutionModel::Vertex => "vertex",
            spirv::ExecutionModel::Fragment => "pixel",
            spirv::ExecutionModel::Geometry => "geometry",
            spirv::ExecutionModel::MeshEXT => "mesh",
            spirv::ExecutionModel::TaskEXT => "amplification",
            spirv::ExecutionModel::TessellationControl => "hull",
            spirv::ExecutionModel::TessellationEvaluation => "domain",
            spirv::ExecutionModel::RayGenerationKHR => "raygeneration",
            spirv::ExecutionModel::IntersectionKHR => "intersection",
            spirv::ExecutionModel::AnyHitKHR => "anyhit",
            spirv::ExecutionModel::ClosestHitKHR => "closesthit",
            spirv::ExecutionModel::MissKHR => "miss",
            spirv::ExecutionModel::CallableKHR => "callable",
            _ => "compute",
        };
        self.spv.reflection.workgroup_size = self.desc.num_threads;
        self.spv.reflection.wave_size = self.desc.wave_size;
        self.spv.reflection.capabilities = self.spv.capability_names();
        self.spv.reflection.extensions = self.spv.exts.iter().map(|e| e.to_string()).collect();
        self.spv.reflection.srem_lowering = self.opts.srem;
        self.spv.reflection.bounds_checks = self.opts.bounds_checks;
        self.finish_reflection();

        Ok(Emitted {
            spirv: self.spv.b.assemble(),
            reflection: std::mem::take(&mut self.spv.reflection),
            warnings: std::mem::take(&mut self.spv.warnings),
        })
    }

    /// The execution modes of the stage besides `LocalSize`, each with its
    /// literal if it takes one.
    fn execution_modes(&mut self) -> Result<Vec<(spirv::ExecutionMode, Option<u32>)>> {
        let mut modes = match self.desc.kind {
            ShaderKind::Pixel => self.pixel_modes(),
            ShaderKind::Geometry => self.geometry_modes()?,
            ShaderKind::Mesh => self.mesh_modes()?,
            ShaderKind::Hull | ShaderKind::Domain => self.tessellation_modes()?,
            _ => Vec::new(),
        };
        if self.derivative_groups() {
            modes.push((spirv::ExecutionMode::DerivativeGroupLinearKHR, None));
        }
        if let Some(em) = self.denorm_mode() {
            modes.push((em, Some(32)));
        }
        Ok(modes)
    }

    /// `fp32-denorm-mode` on the entry function → a float-controls
    /// execution mode (its capability is added).
    fn denorm_mode(&mut self) -> Option<spirv::ExecutionMode> {
        let f = self.m.function(self.desc.entry)?;
        let mut mode = None;
        for (k, v) in self.m.string_attributes(f.attrs, u32::MAX) {
            if k == "fp32-denorm-mode" {
                mode = Some(v.to_string());
            }
        }
        let (cap, em, feature) = match mode.as_deref() {
            Some("preserve") => (
                Capability::DenormPreserve,
                spirv::ExecutionMode::DenormPreserve,
                "shaderDenormPreserveFloat32",
            ),
            Some("ftz") => (
                Capability::DenormFlushToZero,
                spirv::ExecutionMode::DenormFlushToZero,
                "shaderDenormFlushToZeroFloat32",
            ),
            _ => return None,
        };
        self.spv.cap(cap);
        self.spv.warnings.push(format!(
            "fp32-denorm-mode={}: the {em:?} execution mode needs the device feature {feature}",
            mode.unwrap_or_default()
        ));
        Some(em)
    }

    // ---------------------------------------------------------------------
    // Errors.

    /// An `Unsupported` error at the current instruction, in the lowering
    /// of a dx.op (its detail is that op; see [`Emitter::unsupported_error`]).
    pub fn unsupported(&self, msg: impl Into<String>) -> Error {
        self.unsupported_error(self.func.cur_op.map(Unsupported::Op), msg.into())
    }

    /// An `Unsupported` error at the current instruction for a `feature`
    /// that is not a dx.op.
    pub fn unsupported_feature(&self, feature: Feature, msg: impl Into<String>) -> Error {
        self.unsupported_error(Some(Unsupported::Feature(feature)), msg.into())
    }

    /// An `Unsupported` error at the current instruction with `detail`.
    ///
    /// The message names the dx.op being emitted (unless it starts with
    /// `dx.op` already) and ends with the shader's model, e.g. `dx.op
    /// TextureLoad (opcode 66): on a Texture2D resource (shader is cs_6_0)`.
    fn unsupported_error(&self, detail: Option<Unsupported>, msg: String) -> Error {
        let msg = match self.func.cur_op {
            Some(op) if !msg.starts_with("dx.op ") => {
                format!("dx.op {} (opcode {}): {msg}", op.name(), op as u32)
            }
            _ => msg,
        };
        let (major, minor) = self.desc.shader_model;
        let msg = format!(
            "{msg} (shader is {}_{major}_{minor})",
            self.desc.kind.profile_prefix()
        );
        let e = Error::new(
            ErrorKind::Unsupported,
            Phase::Emit,
            self.func.loc.clone(),
            msg,
        );
        match detail {
            Some(detail) => e.or_unsupported_detail(detail),
            None => e,
        }
    }

    /// An `InvalidInput` error at the current instruction.
    pub fn invalid(&self, msg: impl Into<String>) -> Error {
        Error::invalid(Phase::Emit, msg).with_location(self.func.loc.clone())
    }

    /// An `Internal` error at the current instruction.
    pub fn internal(&self, msg: impl Into<String>) -> Error {
        Error::internal(Phase::Emit, msg).with_location(self.func.loc.clone())
    }

    /// The first of the values an emission helper returned (a body closure,
    /// [`Emitter::if_then`], a per-partition loop) where it makes one.
    pub fn single(&self, values: Words) -> Result<Word> {
        values
            .first()
            .copied()
            .ok_or_else(|| self.internal("missing result value"))
    }

    // ---------------------------------------------------------------------
    // Types.

    /// How an LLVM integer width is represented: the container width and
    /// whether the value must be kept wrapped to `width` bits by masking.
    pub fn int_repr(width: u32) -> (u32, bool) {
        match width {
            16 | 32 | 64 => (width, false),
            w if w < 32 => (32, true),
            _ => (64, true),
        }
    }

    /// The SPIR-V type of an LLVM value type (no explicit layout).
    #[inline]
    pub fn llvm_ty(&mut self, t: TypeId) -> Result<Word> {
        // The cached type inline; making one out of line.
        match self.spv.llvm_type(t) {
            Some(id) => Ok(id),
            None => self.make_llvm_ty(t),
        }
    }

    /// [`Self::llvm_ty`] of a type not made yet.
    #[inline(never)]
    fn make_llvm_ty(&mut self, t: TypeId) -> Result<Word> {
        let id = match self.m.types.ty(t) {
            ir::Type::Void => self.spv.void_ty(),
            ir::Type::Half => self.spv.float_ty(16),
            ir::Type::Float => self.spv.float_ty(32),
            ir::Type::Double => self.spv.float_ty(64),
            ir::Type::Int(1) => self.spv.bool_ty(),
            ir::Type::Int(w) => {
                if w > 64 {
                    return Err(self.unsupported_feature(
                        Feature::WideInteger,
                        format!("i{w} (integers wider than 64 bits)"),
                    ));
                }
                let (c, _) = Self::int_repr(w);
                self.spv.uint_ty(c)
            }
            ir::Type::Vector { len, elem } => {
                let e = self.llvm_ty(elem)?;
                if len < 2 {
                    // SPIR-V vectors have 2 or more components.
                    return Err(self.unsupported_feature(
                        Feature::VectorShape,
                        format!("a {len}-element vector type"),
                    ));
                }
                if len > 4 {
                    // SM 6.9 long vectors: Vulkan has 2- to 4-component
                    // vectors only, so they are arrays, operated on lane by
                    // lane (`lanes`).
                    self.spv.ty(TyKey::Array(e, len))
                } else {
                    self.spv.ty(TyKey::Vector(e, len))
                }
            }
            ir::Type::Array { len, elem } => {
                let e = self.llvm_ty(elem)?;
                let len = u32::try_from(len).map_err(|_| {
                    self.unsupported_feature(
                        Feature::AggregateType,
                        "array longer than 2^32 elements",
                    )
                })?;
                if len == 0 {
                    return Err(
                        self.unsupported_feature(Feature::AggregateType, "zero-length array")
                    );
                }
                self.spv.ty(TyKey::Array(e, len))
            }
            ir::Type::Struct {
                elements, opaque, ..
            } => {
                if opaque {
                    return Err(self
                        .unsupported_feature(Feature::AggregateType, "opaque struct in a value"));
                }
                let m = self.m;
                let members = m.types.members(elements);
                let mut ids: SmallVec<[Word; 8]> = SmallVec::with_capacity(members.len());
                for &mt in members {
                    ids.push(self.llvm_ty(mt)?);
                }
                if ids.is_empty() {
                    return Err(self.unsupported_feature(Feature::AggregateType, "empty struct"));
                }
                // Plain structs are not deduplicated by SPIR-V; a fresh one
                // per LLVM type keeps identified structs distinct.
                let id = self.spv.global_words(Op::TypeStruct, None, &ids);
                self.spv.cache_llvm_type(t, id);
                return Ok(id);
            }
            other => {
                return Err(self.unsupported_feature(
                    Feature::LlvmType,
                    format!("LLVM type {other:?} as a value"),
                ));
            }
        };
        self.spv.cache_llvm_type(t, id);
        Ok(id)
    }

    // ---------------------------------------------------------------------
    // Instructions in the current block.

    /// An instruction with a result and `rspirv` operands.
    pub fn inst_operands(&mut self, op: Op, ty: Word, operands: &[Operand]) -> Result<Word> {
        let id = self.spv.b.id();
        self.spv
            .b
            .block_operands(op, &[ty, id], operands)
            .map_err(berr)?;
        Ok(id)
    }

    /// An instruction with a result and word operands (ids and literals).
    /// Always inlined, as the one-instruction helpers below: the most
    /// frequent calls of emission, a few stores (a call costs as much as
    /// their work).
    #[inline(always)]
    pub fn inst_words(&mut self, op: Op, ty: Word, operands: &[Word]) -> Result<Word> {
        let id = self.spv.b.id();
        self.spv
            .b
            .block_words(op, &[ty, id], operands)
            .map_err(berr)?;
        Ok(id)
    }

    /// An instruction with a result and id operands only.
    #[inline(always)]
    pub fn op(&mut self, op: Op, ty: Word, args: &[Word]) -> Result<Word> {
        self.inst_words(op, ty, args)
    }

    /// An instruction without a result.
    pub fn op_void(&mut self, op: Op, operands: Vec<Operand>) -> Result<()> {
        self.op_void_operands(op, &operands)
    }

    /// [`Self::op_void`] with the operands in a slice.
    pub fn op_void_operands(&mut self, op: Op, operands: &[Operand]) -> Result<()> {
        self.spv.b.block_operands(op, &[], operands).map_err(berr)
    }

    /// An instruction without a result, with word operands (ids and
    /// literals).
    #[inline(always)]
    pub fn op_void_words(&mut self, op: Op, operands: &[Word]) -> Result<()> {
        self.spv.b.block_words(op, operands, &[]).map_err(berr)
    }

    /// A GLSL.std.450 extended instruction.
    #[inline(always)]
    pub fn glsl(&mut self, ty: Word, inst: spirv::GlslStd450Op, args: &[Word]) -> Result<Word> {
        let id = self.spv.b.id();
        self.spv
            .b
            .block_words(Op::ExtInst, &[ty, id, self.spv.glsl, inst as u32], args)
            .map_err(berr)?;
        Ok(id)
    }

    #[inline(always)]
    pub fn bitcast(&mut self, ty: Word, v: Word) -> Result<Word> {
        self.op(Op::Bitcast, ty, &[v])
    }

    #[inline(always)]
    pub fn composite_extract(&mut self, ty: Word, v: Word, idx: u32) -> Result<Word> {
        self.inst_words(Op::CompositeExtract, ty, &[v, idx])
    }

    #[inline(always)]
    pub fn composite_construct(&mut self, ty: Word, parts: &[Word]) -> Result<Word> {
        if let [part] = *parts {
            return Ok(part);
        }
        self.op(Op::CompositeConstruct, ty, parts)
    }

    /// An `OpAccessChain` (inlined as [`Self::inst_words`]).
    #[inline(always)]
    pub fn access_chain(&mut self, ptr_ty: Word, base: Word, idx: &[Word]) -> Result<Word> {
        let id = self.spv.b.id();
        self.spv
            .b
            .block_words(Op::AccessChain, &[ptr_ty, id, base], idx)
            .map_err(berr)?;
        Ok(id)
    }

    /// `OpArrayLength` of the runtime array, member 0 of the block that
    /// `block` points to: its element count (a `uint`).
    pub fn array_length(&mut self, block: Word) -> Result<Word> {
        let u = self.spv.u32_ty();
        self.op(Op::ArrayLength, u, &[block, 0])
    }

    #[inline(always)]
    pub fn load(&mut self, ty: Word, ptr: Word) -> Result<Word> {
        self.op(Op::Load, ty, &[ptr])
    }

    #[inline(always)]
    pub fn store(&mut self, ptr: Word, v: Word) -> Result<()> {
        self.op_void_words(Op::Store, &[ptr, v])
    }

    #[inline(always)]
    pub fn select(&mut self, ty: Word, c: Word, a: Word, b: Word) -> Result<Word> {
        self.op(Op::Select, ty, &[c, a, b])
    }

    // ---------------------------------------------------------------------
    // Blocks.

    /// Starts a new block with this label.
    #[inline]
    pub fn begin_block(&mut self, label: Word) -> Result<()> {
        self.spv.b.begin_block(Some(label)).map_err(berr)?;
        self.func.cur_label = label;
        Ok(())
    }

    pub fn branch(&mut self, target: Word) -> Result<()> {
        self.spv.b.branch(target).map_err(berr)
    }

    /// `if (cond) { then }`: `then` returns one value per entry of
    /// `defaults` (type, value when the condition is false); the merged
    /// values are returned.
    pub fn if_then(
        &mut self,
        cond: Word,
        defaults: &[(Word, Word)],
        then: impl FnOnce(&mut Self) -> Result<Words>,
    ) -> Result<Words> {
        let then_l = self.spv.id();
        let merge_l = self.spv.id();
        let from = self.func.cur_label;
        self.spv
            .b
            .selection_merge(merge_l, spirv::SelectionControl::NONE)
            .map_err(berr)?;
        self.spv
            .b
            .branch_conditional(cond, then_l, merge_l, [])
            .map_err(berr)?;
        self.begin_block(then_l)?;
        let mut vals = then(self)?;
        let then_end = self.func.cur_label;
        self.branch(merge_l)?;
        self.begin_block(merge_l)?;
        if vals.len() != defaults.len() {
            return Err(self.internal("if_then: result count mismatch"));
        }
        // The merged values replace the branch's in its own vector.
        for (v, &(ty, otherwise)) in vals.iter_mut().zip(defaults) {
            *v = self.inst_words(Op::Phi, ty, &[*v, then_end, otherwise, from])?;
        }
        Ok(vals)
    }

    // ---------------------------------------------------------------------
    // Built-in inputs and interface.

    /// A built-in input variable (`uvec3` or `uint`).
    pub fn builtin(&mut self, bi: spirv::BuiltIn, ty: Word) -> Word {
        self.builtin_var(bi, StorageClass::Input, ty)
    }

    /// The srem lowering in effect.
    pub fn srem_mode(&self) -> SremLowering {
        self.opts.srem
    }
}

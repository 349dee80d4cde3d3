//! The emitter: module setup, hashed type and constant caches, instruction
//! helpers and block bookkeeping shared by every op family.

use super::binding::SremLowering;
use super::context::{
    berr, f32_to_f16_bits, low_mask, scalar_slot, FnCtx, ImageKey, ModuleCtx, TyKey, SMALL_U32,
};
use super::desc::ShaderDesc;
use super::{EmitOptions, Emitted, Emitter};
use crate::cfg::Structured;
use crate::dxil::ShaderKind;
use crate::error::{Error, ErrorKind, Feature, Phase, Result, Unsupported};
use crate::ir::{self, FuncId, Function, Module, TypeId};
use rspirv::dr::Operand;
use rspirv::spirv::{self, Capability, Op, StorageClass, Word};
use smallvec::SmallVec;

impl<'m> Emitter<'m> {
    pub fn new(m: &'m Module, desc: &'m ShaderDesc, opts: &'m EmitOptions) -> Self {
        Emitter {
            m,
            desc,
            opts,
            spv: ModuleCtx::new(m.types.len()),
            func: FnCtx::default(),
            resources: Default::default(),
            stage: Default::default(),
            pixel: Default::default(),
            mesh: Default::default(),
            samples: Default::default(),
            ray_tracing: Default::default(),
            ray_queries: Default::default(),
            hit_objects: Default::default(),
            heaps: Default::default(),
            waves: Default::default(),
            calls: Default::default(),
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

    /// Emits the whole module, given the structured entry function (and a
    /// hull shader's structured patch constant function).
    pub fn run(
        mut self,
        structured: &Structured,
        patch: Option<(FuncId, &Structured)>,
    ) -> Result<Emitted> {
        self.spv.caps.insert(Capability::Shader);
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
        // Modes may add capabilities: gathered before those are written.
        let modes = self.execution_modes()?;

        // Module-level instructions, in the order of the logical layout.
        for &c in &self.spv.caps {
            self.spv.b.capability(c);
        }
        for e in &self.spv.exts {
            self.spv.b.extension(e);
        }
        self.spv.b.ext_inst_import(self.spv.glsl, "GLSL.std.450");
        self.spv
            .b
            .memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
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
        self.spv.reflection.capabilities = self.spv.caps.iter().map(|c| format!("{c:?}")).collect();
        self.spv.reflection.extensions = self.spv.exts.iter().map(|e| e.to_string()).collect();
        self.spv.reflection.srem_lowering = self.opts.srem;
        self.spv.reflection.bounds_checks = self.opts.bounds_checks;
        self.finish_reflection();

        Ok(Emitted {
            spirv: self.spv.b.assemble(),
            reflection: self.spv.reflection,
            warnings: self.spv.warnings,
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
        self.spv.caps.insert(cap);
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
    pub fn single(&self, values: Vec<Word>) -> Result<Word> {
        values
            .first()
            .copied()
            .ok_or_else(|| self.internal("missing result value"))
    }

    pub fn cap(&mut self, c: Capability) {
        self.spv.caps.insert(c);
    }

    // ---------------------------------------------------------------------
    // Types.

    pub fn id(&mut self) -> Word {
        self.spv.b.id()
    }

    /// Pushes a module-level instruction (type, constant, global variable).
    pub fn global_inst(&mut self, op: Op, ty: Option<Word>, operands: Vec<Operand>) -> Word {
        self.global_inst_operands(op, ty, &operands)
    }

    /// [`Self::global_inst`] with the operands in a slice.
    pub fn global_inst_operands(&mut self, op: Op, ty: Option<Word>, operands: &[Operand]) -> Word {
        let id = self.spv.b.id();
        match ty {
            Some(t) => self.spv.b.global_operands(op, &[t, id], operands),
            None => self.spv.b.global_operands(op, &[id], operands),
        }
        id
    }

    /// A module-level instruction with a fresh result id and word operands
    /// (ids and literals): `op [ty] id operands`.
    pub fn global_words(&mut self, op: Op, ty: Option<Word>, operands: &[Word]) -> Word {
        let id = self.spv.b.id();
        match ty {
            Some(t) => self.spv.b.global_words(op, &[t, id], operands),
            None => self.spv.b.global_words(op, &[id], operands),
        }
        id
    }

    pub fn decorate(&mut self, target: Word, d: spirv::Decoration, extra: &[u32]) {
        self.spv.b.decorate_words(target, d, extra);
    }

    pub fn member_decorate(
        &mut self,
        target: Word,
        member: u32,
        d: spirv::Decoration,
        extra: &[u32],
    ) {
        self.spv.b.member_decorate_words(target, member, d, extra);
    }

    pub fn name(&mut self, target: Word, name: &str) {
        // A SPIR-V literal string ends at its first NUL: a name holding one
        // (legal in LLVM) would corrupt the instruction, so it is left out.
        if !name.is_empty() && !name.contains('\0') {
            self.spv.b.name(target, name);
        }
    }

    /// The id of a SPIR-V type, creating it once.
    pub fn ty(&mut self, key: TyKey) -> Word {
        let slot = scalar_slot(&key);
        let cached = match slot {
            Some(s) => self.spv.scalar_types.get(s).copied().filter(|&id| id != 0),
            None => self.spv.types.get(&key).copied(),
        };
        if let Some(id) = cached {
            return id;
        }
        let id = match &key {
            TyKey::Void => self.global_words(Op::TypeVoid, None, &[]),
            TyKey::Bool => self.global_words(Op::TypeBool, None, &[]),
            TyKey::Int(w, s) => {
                match w {
                    8 => self.cap(Capability::Int8),
                    16 => self.cap(Capability::Int16),
                    64 => self.cap(Capability::Int64),
                    _ => {}
                }
                self.global_words(Op::TypeInt, None, &[*w, u32::from(*s)])
            }
            TyKey::Float(w) => {
                match w {
                    16 => self.cap(Capability::Float16),
                    64 => self.cap(Capability::Float64),
                    _ => {}
                }
                self.global_words(Op::TypeFloat, None, &[*w])
            }
            TyKey::Vector(e, n) => self.global_words(Op::TypeVector, None, &[*e, *n]),
            TyKey::Array(e, n) => {
                let len = self.u32c(*n);
                self.global_words(Op::TypeArray, None, &[*e, len])
            }
            TyKey::StridedArray(e, n, stride) => {
                let len = self.u32c(*n);
                let id = self.global_words(Op::TypeArray, None, &[*e, len]);
                self.decorate(id, spirv::Decoration::ArrayStride, &[*stride]);
                id
            }
            TyKey::RuntimeArray(e, stride) => {
                let id = self.global_words(Op::TypeRuntimeArray, None, &[*e]);
                self.decorate(id, spirv::Decoration::ArrayStride, &[*stride]);
                id
            }
            TyKey::DescriptorRuntimeArray(e) => {
                self.cap(Capability::RuntimeDescriptorArray);
                self.global_words(Op::TypeRuntimeArray, None, &[*e])
            }
            TyKey::Struct2(a, b) => self.global_words(Op::TypeStruct, None, &[*a, *b]),
            TyKey::Block(member) => {
                let id = self.global_words(Op::TypeStruct, None, &[*member]);
                self.decorate(id, spirv::Decoration::Block, &[]);
                self.member_decorate(id, 0, spirv::Decoration::Offset, &[0]);
                id
            }
            TyKey::Pointer(sc, p) => self.global_words(Op::TypePointer, None, &[*sc as u32, *p]),
            TyKey::Function(r, params) => {
                let id = self.spv.b.id();
                self.spv.b.global_words(Op::TypeFunction, &[id, *r], params);
                id
            }
            TyKey::Image(k) => {
                self.image_caps(k);
                self.global_words(
                    Op::TypeImage,
                    None,
                    &[
                        k.sampled_ty,
                        k.dim as u32,
                        0,
                        u32::from(k.arrayed),
                        u32::from(k.ms),
                        k.mode,
                        k.format as u32,
                    ],
                )
            }
            TyKey::Sampler => self.global_words(Op::TypeSampler, None, &[]),
            TyKey::SampledImage(img) => self.global_words(Op::TypeSampledImage, None, &[*img]),
            TyKey::Matrix(col, n) => self.global_words(Op::TypeMatrix, None, &[*col, *n]),
            TyKey::RayQuery => self.global_words(Op::TypeRayQueryKHR, None, &[]),
            TyKey::AccelerationStructure => {
                self.global_words(Op::TypeAccelerationStructureKHR, None, &[])
            }
            TyKey::HitObject => self.global_words(Op::TypeHitObjectNV, None, &[]),
        };
        match slot.and_then(|s| self.spv.scalar_types.get_mut(s)) {
            Some(cached) => *cached = id,
            None => {
                self.spv.types.insert(key, id);
            }
        }
        id
    }
    /// The capabilities an image type needs.
    fn image_caps(&mut self, k: &ImageKey) {
        use spirv::Dim;
        let storage = k.mode == 2;
        match (k.dim, storage) {
            (Dim::DimBuffer, false) => self.cap(Capability::SampledBuffer),
            (Dim::DimBuffer, true) => self.cap(Capability::ImageBuffer),
            (Dim::Dim1D, false) => self.cap(Capability::Sampled1D),
            (Dim::Dim1D, true) => self.cap(Capability::Image1D),
            (Dim::DimCube, _) if k.arrayed => self.cap(if storage {
                Capability::ImageCubeArray
            } else {
                Capability::SampledCubeArray
            }),
            _ => {}
        }
        if k.ms && storage {
            self.cap(Capability::StorageImageMultisample);
            if k.arrayed {
                self.cap(Capability::ImageMSArray);
            }
        }
    }

    pub fn void_ty(&mut self) -> Word {
        self.ty(TyKey::Void)
    }
    pub fn bool_ty(&mut self) -> Word {
        self.ty(TyKey::Bool)
    }
    pub fn uint_ty(&mut self, w: u32) -> Word {
        self.ty(TyKey::Int(w, false))
    }
    pub fn sint_ty(&mut self, w: u32) -> Word {
        self.ty(TyKey::Int(w, true))
    }
    pub fn u32_ty(&mut self) -> Word {
        self.uint_ty(32)
    }
    pub fn float_ty(&mut self, w: u32) -> Word {
        self.ty(TyKey::Float(w))
    }
    pub fn vec_ty(&mut self, e: Word, n: u32) -> Word {
        if n == 1 {
            e
        } else {
            self.ty(TyKey::Vector(e, n))
        }
    }
    pub fn ptr_ty(&mut self, sc: StorageClass, p: Word) -> Word {
        self.ty(TyKey::Pointer(sc, p))
    }

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
    pub fn llvm_ty(&mut self, t: TypeId) -> Result<Word> {
        if let Some(&id) = self.spv.llvm_types.get(t.0 as usize).filter(|&&id| id != 0) {
            return Ok(id);
        }
        let id = match self.m.types.ty(t) {
            ir::Type::Void => self.void_ty(),
            ir::Type::Half => self.float_ty(16),
            ir::Type::Float => self.float_ty(32),
            ir::Type::Double => self.float_ty(64),
            ir::Type::Int(1) => self.bool_ty(),
            ir::Type::Int(w) => {
                if w > 64 {
                    return Err(self.unsupported_feature(
                        Feature::WideInteger,
                        format!("i{w} (integers wider than 64 bits)"),
                    ));
                }
                let (c, _) = Self::int_repr(w);
                self.uint_ty(c)
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
                    self.ty(TyKey::Array(e, len))
                } else {
                    self.ty(TyKey::Vector(e, len))
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
                self.ty(TyKey::Array(e, len))
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
                let id = self.global_words(Op::TypeStruct, None, &ids);
                self.cache_llvm_ty(t, id);
                return Ok(id);
            }
            other => {
                return Err(self.unsupported_feature(
                    Feature::LlvmType,
                    format!("LLVM type {other:?} as a value"),
                ));
            }
        };
        self.cache_llvm_ty(t, id);
        Ok(id)
    }

    /// Records the SPIR-V type of an LLVM type (ids outside the module's
    /// type table, which [`Self::vty`] gives for unknown values, are not
    /// cached).
    fn cache_llvm_ty(&mut self, t: TypeId, id: Word) {
        if let Some(slot) = self.spv.llvm_types.get_mut(t.0 as usize) {
            *slot = id;
        }
    }

    // ---------------------------------------------------------------------
    // Constants.

    /// A scalar constant of SPIR-V type `ty` with bit pattern `bits`
    /// (`width` ≤ 32 uses one literal word, 64 two).
    pub fn scalar_const(&mut self, ty: Word, width: u32, bits: u64) -> Word {
        if let Some(&id) = self.spv.consts.get(&(ty, bits)) {
            return id;
        }
        let id = if width > 32 {
            self.global_words(Op::Constant, Some(ty), &[bits as u32, (bits >> 32) as u32])
        } else {
            self.global_words(Op::Constant, Some(ty), &[bits as u32])
        };
        self.spv.consts.insert((ty, bits), id);
        id
    }

    pub fn u32c(&mut self, v: u32) -> Word {
        let slot = usize::try_from(v).ok().filter(|&i| i < SMALL_U32);
        if let Some(&id) = slot.and_then(|i| self.spv.small_u32.get(i)) {
            if id != 0 {
                return id;
            }
        }
        let t = self.u32_ty();
        let id = self.scalar_const(t, 32, u64::from(v));
        if let Some(cached) = slot.and_then(|i| self.spv.small_u32.get_mut(i)) {
            *cached = id;
        }
        id
    }
    pub fn uintc(&mut self, width: u32, v: u64) -> Word {
        let t = self.uint_ty(width);
        let v = if width >= 64 { v } else { v & low_mask(width) };
        self.scalar_const(t, width, v)
    }
    pub fn sintc(&mut self, width: u32, v: i64) -> Word {
        let t = self.sint_ty(width);
        let bits = if width >= 64 {
            v as u64
        } else {
            (v as u64) & low_mask(width)
        };
        self.scalar_const(t, width, bits)
    }
    pub fn f32c(&mut self, v: f32) -> Word {
        let t = self.float_ty(32);
        self.scalar_const(t, 32, u64::from(v.to_bits()))
    }
    pub fn floatc(&mut self, width: u32, v: f64) -> Word {
        let t = self.float_ty(width);
        let bits = match width {
            16 => u64::from(f32_to_f16_bits(v as f32)),
            32 => u64::from((v as f32).to_bits()),
            _ => v.to_bits(),
        };
        self.scalar_const(t, width, bits)
    }
    pub fn boolc(&mut self, v: bool) -> Word {
        let t = self.bool_ty();
        let key = (t, u64::from(v));
        if let Some(&id) = self.spv.consts.get(&key) {
            return id;
        }
        let op = if v {
            Op::ConstantTrue
        } else {
            Op::ConstantFalse
        };
        let id = self.global_words(op, Some(t), &[]);
        self.spv.consts.insert(key, id);
        id
    }
    pub fn composite_const(&mut self, ty: Word, parts: Vec<Word>) -> Word {
        let key = (ty, parts);
        if let Some(&id) = self.spv.composites.get(&key) {
            return id;
        }
        let id = self.global_words(Op::ConstantComposite, Some(ty), &key.1);
        self.spv.composites.insert(key, id);
        id
    }
    pub fn null_const(&mut self, ty: Word) -> Word {
        if let Some(&id) = self.spv.nulls.get(&ty) {
            return id;
        }
        let id = self.global_words(Op::ConstantNull, Some(ty), &[]);
        self.spv.nulls.insert(ty, id);
        id
    }
    pub fn undef(&mut self, ty: Word) -> Word {
        if let Some(&id) = self.spv.undefs.get(&ty) {
            return id;
        }
        let id = self.global_words(Op::Undef, Some(ty), &[]);
        self.spv.undefs.insert(ty, id);
        id
    }
    /// A splat constant of a vector type (or the scalar itself).
    pub fn splat_const(&mut self, ty: Word, scalar: Word, n: u32) -> Word {
        if n <= 1 {
            scalar
        } else {
            self.composite_const(ty, vec![scalar; n as usize])
        }
    }

    // ---------------------------------------------------------------------
    // Instructions in the current block.

    /// An instruction with a result and the given operands.
    pub fn inst(&mut self, op: Op, ty: Word, operands: Vec<Operand>) -> Result<Word> {
        self.inst_operands(op, ty, &operands)
    }

    /// [`Self::inst`] with the operands in a slice.
    pub fn inst_operands(&mut self, op: Op, ty: Word, operands: &[Operand]) -> Result<Word> {
        let id = self.spv.b.id();
        self.spv
            .b
            .block_operands(op, &[ty, id], operands)
            .map_err(berr)?;
        Ok(id)
    }

    /// An instruction with a result and word operands (ids and literals).
    pub fn inst_words(&mut self, op: Op, ty: Word, operands: &[Word]) -> Result<Word> {
        let id = self.spv.b.id();
        self.spv
            .b
            .block_words(op, &[ty, id], operands)
            .map_err(berr)?;
        Ok(id)
    }

    /// An instruction with a result and id operands only.
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
    pub fn op_void_words(&mut self, op: Op, operands: &[Word]) -> Result<()> {
        self.spv.b.block_words(op, operands, &[]).map_err(berr)
    }

    /// A GLSL.std.450 extended instruction.
    pub fn glsl(&mut self, ty: Word, inst: spirv::GlslStd450Op, args: &[Word]) -> Result<Word> {
        let id = self.spv.b.id();
        self.spv
            .b
            .block_words(Op::ExtInst, &[ty, id, self.spv.glsl, inst as u32], args)
            .map_err(berr)?;
        Ok(id)
    }

    pub fn bitcast(&mut self, ty: Word, v: Word) -> Result<Word> {
        self.op(Op::Bitcast, ty, &[v])
    }

    pub fn composite_extract(&mut self, ty: Word, v: Word, idx: u32) -> Result<Word> {
        self.inst_words(Op::CompositeExtract, ty, &[v, idx])
    }

    pub fn composite_construct(&mut self, ty: Word, parts: &[Word]) -> Result<Word> {
        if let [part] = *parts {
            return Ok(part);
        }
        self.op(Op::CompositeConstruct, ty, parts)
    }

    pub fn access_chain(&mut self, ptr_ty: Word, base: Word, idx: &[Word]) -> Result<Word> {
        let id = self.spv.b.id();
        self.spv
            .b
            .block_words(Op::AccessChain, &[ptr_ty, id, base], idx)
            .map_err(berr)?;
        Ok(id)
    }

    pub fn load(&mut self, ty: Word, ptr: Word) -> Result<Word> {
        self.op(Op::Load, ty, &[ptr])
    }

    pub fn store(&mut self, ptr: Word, v: Word) -> Result<()> {
        self.op_void_words(Op::Store, &[ptr, v])
    }

    pub fn select(&mut self, ty: Word, c: Word, a: Word, b: Word) -> Result<Word> {
        self.op(Op::Select, ty, &[c, a, b])
    }

    // ---------------------------------------------------------------------
    // Blocks.

    /// Starts a new block with this label.
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
        then: impl FnOnce(&mut Self) -> Result<Vec<Word>>,
    ) -> Result<Vec<Word>> {
        let then_l = self.id();
        let merge_l = self.id();
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

//! Ray-tracing shaders (DXR, `SPV_KHR_ray_tracing`): the exports of a DXIL
//! library, one SPIR-V module each.
//!
//! - The entry function's parameters become the stage's interface
//!   variables: the payload is `IncomingRayPayloadKHR`, a hit shader's
//!   attributes `HitAttributeKHR`, a callable shader's parameter
//!   `IncomingCallableDataKHR`.
//! - `TraceRay`, `CallShader` and `ReportHit` take a pointer to a local
//!   copy in DXIL; SPIR-V takes a module variable of the right storage
//!   class. The copy goes into one such variable per payload type (each
//!   with its own `Location`) before the call and back after it.
//! - `IgnoreHit` and `AcceptHitAndEndSearch` end their block in SPIR-V
//!   (`OpIgnoreIntersectionKHR`, `OpTerminateRayKHR`); DXIL follows them
//!   with `unreachable`, which goes to a fresh block nothing branches to.
//! - System values are built-ins. D3D's `InstanceIndex()` is Vulkan's
//!   `InstanceId` and D3D's `InstanceID()` Vulkan's `InstanceCustomIndexKHR`;
//!   `RayTCurrent()` is `RayTmaxKHR`; the 3×4 `ObjectToWorld(row, col)` is
//!   column `col`, row `row` of Vulkan's 4×3 `ObjectToWorldKHR`.
//! - Library resources are globals: a `load` of one, or of an element of a
//!   resource array (whose `getelementptr` carries `!dx.nonuniform` under
//!   `NonUniformResourceIndex`), is its handle, and `createHandleForLib`
//!   passes it on.

use super::context::{Handle, TyKey, Val};
use super::resource::View;
use super::Emitter;
use crate::dxil::operands::{CallShader, ReportHit, TraceRay};
use crate::dxil::{OpCode, ResourceKind, ShaderKind};
use crate::error::Result;
use crate::ir::{self, Constant, Function, InstKind, ValueId, ValueKind};
use rspirv::dr::Operand;
use rspirv::spirv::{self, BuiltIn, Capability, Decoration, Op, StorageClass, Word};
use rustc_hash::FxHashMap as HashMap;

/// D3D's `RAY_FLAG_SKIP_TRIANGLES | RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES`.
const SKIP_PRIMITIVES: u32 = 0x300;
/// The ray flags D3D and Vulkan share, with the same values (through
/// `RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES`).
pub(crate) const SHARED_FLAGS: u32 = 0x3ff;

/// What a pointer to a library resource addresses.
pub(crate) struct LibraryResource {
    /// The resource (index into the shader's resources).
    pub res: usize,
    /// The element of a resource array (from the range's start).
    pub index: Option<ValueId>,
    /// Whether the index is marked `NonUniformResourceIndex`.
    pub non_uniform: bool,
}

/// Ray-tracing state of one compilation.
#[derive(Default)]
pub(crate) struct RayTracingState {
    /// The outgoing `RayPayloadKHR` / `CallableDataKHR` variable per
    /// (storage class, SPIR-V type).
    outgoing: HashMap<(StorageClass, Word), Word>,
    /// The intersection shader's `HitAttributeKHR` variable and its type.
    hit_attributes: Option<(Word, Word)>,
}

/// The [`Ray`] of a dx.op's operands `o` (any struct with `origin`, `t_min`,
/// `direction` and `t_max`).
macro_rules! ray_of {
    ($o:expr) => {
        $crate::emit::ray_tracing::Ray {
            origin: $o.origin,
            t_min: $o.t_min,
            direction: $o.direction,
            t_max: $o.t_max,
        }
    };
}
pub(crate) use ray_of;

/// A ray: the scalar operands of `TraceRay`, `RayQuery_TraceRayInline`
/// and the hit object constructors.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    /// `Origin_X` to `Origin_Z`.
    pub origin: [ValueId; 3],
    /// `TMin`.
    pub t_min: ValueId,
    /// `Direction_X` to `Direction_Z`.
    pub direction: [ValueId; 3],
    /// `TMax`.
    pub t_max: ValueId,
}

impl<'m> Emitter<'m> {
    /// The number of parameters a ray-tracing entry function of this kind
    /// takes: payload (and attributes), a callable's parameter, or none.
    pub fn ray_tracing_params(&self) -> u32 {
        match self.desc.kind {
            ShaderKind::AnyHit | ShaderKind::ClosestHit => 2,
            ShaderKind::Miss | ShaderKind::Callable => 1,
            _ => 0,
        }
    }

    /// Declares the ray-tracing capability and binds the entry function's
    /// parameters to the stage's incoming variables.
    pub fn bind_ray_tracing_params(&mut self, func: &Function) -> Result<()> {
        if !self.desc.kind.is_ray_tracing() {
            return Ok(());
        }
        self.spv.cap(Capability::RayTracingKHR);
        self.spv.exts.insert("SPV_KHR_ray_tracing");
        for (i, a) in func.args().enumerate() {
            let sc = match (self.desc.kind, i) {
                (ShaderKind::Callable, _) => StorageClass::IncomingCallableDataKHR,
                (_, 0) => StorageClass::IncomingRayPayloadKHR,
                _ => StorageClass::HitAttributeKHR,
            };
            let (pointee, _) = self
                .m
                .types
                .pointee(self.vty(a))
                .ok_or_else(|| self.invalid("a ray-tracing parameter that is not a pointer"))?;
            let ty = self.llvm_ty(pointee)?;
            let var = self.interface_var(sc, ty);
            self.func.values.insert(a, Val::Ptr(var, sc));
        }
        Ok(())
    }

    /// A module variable of the entry's interface.
    pub(crate) fn interface_var(&mut self, sc: StorageClass, ty: Word) -> Word {
        let pt = self.spv.ptr_ty(sc, ty);
        let var = self.spv.global_var(pt, sc);
        self.spv.interface.insert(var);
        var
    }

    /// The variable that carries an outgoing payload or callable data of
    /// type `ty`, numbered by `Location` in order of creation.
    fn outgoing_var(&mut self, sc: StorageClass, ty: Word) -> Word {
        if let Some(&v) = self.ray_tracing.outgoing.get(&(sc, ty)) {
            return v;
        }
        let location = self.ray_tracing.outgoing.len() as u32;
        let var = self.interface_var(sc, ty);
        self.spv.decorate(var, Decoration::Location, &[location]);
        self.ray_tracing.outgoing.insert((sc, ty), var);
        var
    }

    /// Copies what LLVM pointer `ptr` points to into `var` (`into_var`), or
    /// `var` back into it.
    pub(crate) fn copy_through(&mut self, ptr: ValueId, var: Word, into_var: bool) -> Result<()> {
        let (p, _) = self.ptr(ptr)?;
        let ty = self.pointee_ty(ptr)?;
        let (from, to) = if into_var { (p, var) } else { (var, p) };
        let v = self.load(ty, from)?;
        self.store(to, v)
    }

    /// The SPIR-V type a pointer value points to.
    pub(crate) fn pointee_ty(&mut self, ptr: ValueId) -> Result<Word> {
        let (pointee, _) = self
            .m
            .types
            .pointee(self.vty(ptr))
            .ok_or_else(|| self.invalid("expected a pointer operand"))?;
        self.llvm_ty(pointee)
    }

    /// The acceleration structure a handle refers to, loaded.
    pub fn acceleration_structure(&mut self, handle: ValueId) -> Result<Word> {
        let h = self.handle(handle)?;
        if self.decl(h.res)?.kind != ResourceKind::RTAccelerationStructure {
            return Err(self.invalid("the resource is not an acceleration structure"));
        }
        if let Some(accel) = self.root_acceleration_structure(h)? {
            return Ok(accel);
        }
        let (p, ty, _) = self.descriptor_ptr(h, View::Accel)?;
        self.load(ty, p)
    }

    /// Ray flags: a constant ORed with `extra` (taking the primitive
    /// culling capability when it skips a primitive type), or the dynamic
    /// value ORed with `extra`.
    pub fn ray_flags(&mut self, flags: ValueId, extra: u32) -> Result<Word> {
        match self.m.const_uint(flags) {
            Some(f) => {
                let all = (f as u32) | extra;
                if all & SKIP_PRIMITIVES != 0 {
                    self.spv.cap(Capability::RayTraversalPrimitiveCullingKHR);
                }
                Ok(self.spv.u32c(all))
            }
            None => {
                let f = self.value_id(flags)?;
                if extra == 0 {
                    return Ok(f);
                }
                let u = self.spv.u32_ty();
                let c = self.spv.u32c(extra);
                self.op(Op::BitwiseOr, u, &[f, c])
            }
        }
    }

    /// A ray's origin, tMin, direction and tMax.
    pub fn ray_description(&mut self, ray: Ray) -> Result<[Word; 4]> {
        let f = self.spv.float_ty(32);
        let v3 = self.spv.vec_ty(f, 3);
        let [ox, oy, oz] = ray.origin;
        let [dx, dy, dz] = ray.direction;
        let mut vals = [0; 8];
        for (slot, v) in vals
            .iter_mut()
            .zip([ox, oy, oz, ray.t_min, dx, dy, dz, ray.t_max])
        {
            *slot = self.value_id(v)?;
        }
        let [ox, oy, oz, tmin, dx, dy, dz, tmax] = vals;
        let origin = self.composite_construct(v3, &[ox, oy, oz])?;
        let direction = self.composite_construct(v3, &[dx, dy, dz])?;
        Ok([origin, tmin, direction, tmax])
    }

    /// The ray operands of `TraceRay` and `HitObject_TraceRay`:
    /// acceleration structure, flags, cull mask, hit group offset and
    /// stride, miss index, origin, tMin, direction, tMax.
    pub(crate) fn trace_operands(&mut self, o: TraceRay) -> Result<[Word; 10]> {
        let accel = self.acceleration_structure(o.acceleration_structure)?;
        let flags_v = o.ray_flags;
        if let Some(f) = self
            .m
            .const_uint(flags_v)
            .filter(|f| f & !u64::from(SHARED_FLAGS) != 0)
        {
            return Err(self.unsupported(format!("ray flags {f:#x}")));
        }
        let flags = self.ray_flags(flags_v, 0)?;
        let mut sbt = [0; 4];
        let sbt_operands = [
            o.instance_inclusion_mask,
            o.ray_contribution_to_hit_group_index,
            o.multiplier_for_geometry_contribution_to_shader_index,
            o.miss_shader_index,
        ];
        for (slot, v) in sbt.iter_mut().zip(sbt_operands) {
            *slot = self.value_id(v)?;
        }
        let [mask, offset, stride, miss] = sbt;
        let [origin, tmin, direction, tmax] = self.ray_description(ray_of!(o))?;
        Ok([
            accel, flags, mask, offset, stride, miss, origin, tmin, direction, tmax,
        ])
    }

    /// `TraceRay(accel, flags, mask, hitGroupOffset, hitGroupStride,
    /// missIndex, origin, tMin, direction, tMax, payload)`.
    pub fn trace_ray(&mut self, o: TraceRay) -> Result<()> {
        let [accel, flags, mask, offset, stride, miss, origin, tmin, direction, tmax] =
            self.trace_operands(o)?;
        self.with_payload(o.payload, StorageClass::RayPayloadKHR, |e, var| {
            e.spv
                .b
                .trace_ray_khr(
                    accel, flags, mask, offset, stride, miss, origin, tmin, direction, tmax, var,
                )
                .map_err(super::context::berr)
        })
    }

    /// Runs `call` with the outgoing variable (of storage class `sc`) that
    /// carries `*ptr`: the local copy goes in before and comes back after.
    pub(crate) fn with_payload(
        &mut self,
        ptr: ValueId,
        sc: StorageClass,
        call: impl FnOnce(&mut Self, Word) -> Result<()>,
    ) -> Result<()> {
        let ty = self.pointee_ty(ptr)?;
        let var = self.outgoing_var(sc, ty);
        self.copy_through(ptr, var, true)?;
        call(self, var)?;
        self.copy_through(ptr, var, false)
    }

    /// `CallShader(shaderIndex, parameter)`.
    pub fn call_shader(&mut self, o: CallShader) -> Result<()> {
        let index = self.value_id(o.shader_index)?;
        self.with_payload(o.parameter, StorageClass::CallableDataKHR, |e, var| {
            e.spv
                .b
                .execute_callable_khr(index, var)
                .map_err(super::context::berr)
        })
    }

    /// `ReportHit(tHit, hitKind, attributes)`: the attributes go to the
    /// shader's one `HitAttributeKHR` variable (so every report of a
    /// shader must use one attribute type, as Vulkan allows one such
    /// variable per entry point).
    pub fn report_hit(&mut self, o: ReportHit) -> Result<Val> {
        let t_hit = self.value_id(o.t_hit)?;
        let kind = self.value_id(o.hit_kind)?;
        let attributes = o.attributes;
        let ty = self.pointee_ty(attributes)?;
        let var = match self.ray_tracing.hit_attributes {
            Some((var, t)) if t == ty => var,
            Some(_) => {
                return Err(self
                    .unsupported("ReportHit with two attribute types in one intersection shader"))
            }
            None => {
                let var = self.interface_var(StorageClass::HitAttributeKHR, ty);
                self.ray_tracing.hit_attributes = Some((var, ty));
                var
            }
        };
        self.copy_through(attributes, var, true)?;
        let b = self.spv.bool_ty();
        let r = self
            .spv
            .b
            .report_intersection_khr(b, None, t_hit, kind)
            .map_err(super::context::berr)?;
        Ok(Val::Id(r))
    }

    /// `IgnoreHit()` / `AcceptHitAndEndSearch()`: end the block; what
    /// follows (DXIL's `unreachable`) goes to a fresh block.
    pub fn end_hit(&mut self, accept: bool) -> Result<()> {
        let r = if accept {
            self.spv.b.terminate_ray_khr()
        } else {
            self.spv.b.ignore_intersection_khr()
        };
        r.map_err(super::context::berr)?;
        let after = self.spv.id();
        self.begin_block(after)
    }

    /// The ray-tracing system values; `index`: the column, or the matrix
    /// row and column, of the ones that take them.
    pub fn ray_system_value(&mut self, op: OpCode, index: &[ValueId]) -> Result<Word> {
        use OpCode as O;
        let vector = |bi| (bi, true);
        let (bi, is_vector) = match (op, index) {
            (O::DispatchRaysIndex, &[c]) => return self.builtin_component(BuiltIn::LaunchIdKHR, c),
            (O::DispatchRaysDimensions, &[c]) => {
                return self.builtin_component(BuiltIn::LaunchSizeKHR, c)
            }
            (O::InstanceIndex, _) => return self.builtin_scalar(BuiltIn::InstanceId),
            (O::InstanceID, _) => return self.builtin_scalar(BuiltIn::InstanceCustomIndexKHR),
            (O::PrimitiveIndex, _) => return self.builtin_scalar(BuiltIn::PrimitiveId),
            (O::HitKind, _) if self.desc.kind == ShaderKind::Intersection => {
                // DXC's table allows it; Vulkan has no hit kind before a
                // hit is reported (VUID-HitKindKHR-HitKindKHR-04242).
                return Err(
                    self.unsupported("in an intersection shader (Vulkan has no HitKindKHR there)")
                );
            }
            (O::HitKind, _) => return self.builtin_scalar(BuiltIn::HitKindKHR),
            (O::RayFlags, _) => return self.builtin_scalar(BuiltIn::IncomingRayFlagsKHR),
            (O::GeometryIndex, _) => return self.builtin_scalar(BuiltIn::RayGeometryIndexKHR),
            (O::ObjectToWorld, &[row, col]) => {
                return self.ray_matrix(BuiltIn::ObjectToWorldKHR, row, col)
            }
            (O::WorldToObject, &[row, col]) => {
                return self.ray_matrix(BuiltIn::WorldToObjectKHR, row, col)
            }
            (O::WorldRayOrigin, _) => vector(BuiltIn::WorldRayOriginKHR),
            (O::WorldRayDirection, _) => vector(BuiltIn::WorldRayDirectionKHR),
            (O::ObjectRayOrigin, _) => vector(BuiltIn::ObjectRayOriginKHR),
            (O::ObjectRayDirection, _) => vector(BuiltIn::ObjectRayDirectionKHR),
            (O::RayTMin, _) => (BuiltIn::RayTminKHR, false),
            (O::RayTCurrent, _) => (BuiltIn::RayTmaxKHR, false),
            _ => return Err(self.internal("not a ray-tracing system value")),
        };
        let f = self.spv.float_ty(32);
        if !is_vector {
            let var = self.builtin(bi, f);
            return self.load(f, var);
        }
        let v3 = self.spv.vec_ty(f, 3);
        let var = self.builtin(bi, v3);
        let v = self.load(v3, var)?;
        let c = index
            .first()
            .and_then(|&c| self.const_below(c, 3))
            .ok_or_else(|| self.invalid("the ray vector component is not a constant below 3"))?;
        self.composite_extract(f, v, c)
    }

    /// Element (`row`, `col`) of a 3×4 object/world matrix: Vulkan's
    /// built-in is its transpose, four columns of three floats.
    fn ray_matrix(&mut self, bi: BuiltIn, row: ValueId, col: ValueId) -> Result<Word> {
        let f = self.spv.float_ty(32);
        let v3 = self.spv.vec_ty(f, 3);
        let mat = self.spv.ty(TyKey::Matrix(v3, 4));
        let var = self.builtin(bi, mat);
        let m = self.load(mat, var)?;
        let col = self
            .const_below(col, 4)
            .ok_or_else(|| self.invalid("the matrix column is not a constant below 4"))?;
        let column = self.composite_extract(v3, m, col)?;
        match self.m.const_uint(row) {
            Some(r) if r < 3 => self.composite_extract(f, column, r as u32),
            Some(_) => Err(self.invalid("matrix row out of range")),
            None => {
                let r = self.value_id(row)?;
                self.op(Op::VectorExtractDynamic, f, &[column, r])
            }
        }
    }

    /// `TriangleObjectPosition()` (SM 6.10, any-hit and closest-hit): the
    /// hit triangle's vertices in object space, Vulkan's
    /// `HitTriangleVertexPositionsKHR` (`SPV_KHR_ray_tracing_position_fetch`).
    pub fn triangle_object_position(&mut self, t: ir::TypeId) -> Result<Word> {
        self.spv.cap(Capability::RayTracingPositionFetchKHR);
        self.spv.exts.insert("SPV_KHR_ray_tracing_position_fetch");
        let arr = self.triangle_positions_ty();
        let var = self.builtin_var(
            BuiltIn::HitTriangleVertexPositionsKHR,
            StorageClass::Input,
            arr,
        );
        let a = self.load(arr, var)?;
        self.triangle_positions_value(a, t)
    }

    /// `vec3[3]`: a triangle's vertex positions.
    pub(super) fn triangle_positions_ty(&mut self) -> Word {
        let f = self.spv.float_ty(32);
        let v3 = self.spv.vec_ty(f, 3);
        self.spv.ty(TyKey::Array(v3, 3))
    }

    /// DXIL's `<9 x float>` (LLVM type `t`: vertex after vertex) from a
    /// `vec3[3]`.
    pub(super) fn triangle_positions_value(&mut self, a: Word, t: ir::TypeId) -> Result<Word> {
        let f = self.spv.float_ty(32);
        let mut lanes = Vec::with_capacity(9);
        for vertex in 0..3u32 {
            for component in 0..3u32 {
                lanes.push(self.inst_operands(
                    Op::CompositeExtract,
                    f,
                    &[
                        Operand::IdRef(a),
                        Operand::LiteralBit32(vertex),
                        Operand::LiteralBit32(component),
                    ],
                )?);
            }
        }
        let ty = self.llvm_ty(t)?;
        self.composite_construct(ty, &lanes)
    }

    /// The handle a `load` of a library resource global is (`None` when
    /// `ptr` is not such a global or an element of one).
    pub fn library_resource_load(&mut self, ptr: ValueId) -> Result<Option<Val>> {
        let Some(LibraryResource {
            res: r,
            index,
            non_uniform,
        }) = self.resource_global_of(ptr)
        else {
            return Ok(None);
        };
        // An element of a resource array is indexed from the range start.
        let (index, const_index) = match index.map(|i| (i, self.m.const_uint(i))) {
            None => (None, 0),
            Some((_, Some(c))) => (None, c as u32),
            Some((i, None)) => (Some(self.value_id(i)?), 0),
        };
        self.mark_resource_used(r);
        Ok(Some(Val::Handle(Handle {
            res: r,
            index,
            const_index,
            non_uniform,
        })))
    }

    /// The library resource a pointer addresses: a resource global, or an
    /// element of a resource array (`None` for any other pointer).
    pub fn resource_global_of(&self, ptr: ValueId) -> Option<LibraryResource> {
        let (operands, gep) = match self.m.value(ptr)?.kind {
            ValueKind::Global(g) => {
                return Some(LibraryResource {
                    res: self.resource_of_global(g)?,
                    index: None,
                    non_uniform: false,
                })
            }
            ValueKind::Inst { func, inst } => {
                let inst = self.m.function(func)?.insts.get(inst as usize)?;
                let InstKind::Gep { operands, .. } = inst.kind else {
                    return None;
                };
                (operands, Some(inst))
            }
            ValueKind::Constant(Constant::Gep { operands, .. }) => (operands, None),
            _ => return None,
        };
        let &[base, zero, index] = self.m.list(operands) else {
            return None;
        };
        let ValueKind::Global(g) = self.m.value(ValueId(base))?.kind else {
            return None;
        };
        let res = self.resource_of_global(g)?;
        if self.m.const_uint(ValueId(zero)) != Some(0) {
            return None;
        }
        Some(LibraryResource {
            res,
            index: Some(ValueId(index)),
            // NonUniformResourceIndex marks the element's GEP.
            non_uniform: gep.is_some_and(|i| self.m.attachment(i, "dx.nonuniform").is_some()),
        })
    }

    /// Whether a `getelementptr` only addresses a library resource (it is
    /// not emitted: the `load` of it is the handle).
    pub fn is_resource_gep(&self, base: ValueId) -> bool {
        matches!(self.m.value(base).map(|v| v.kind), Some(ValueKind::Global(g))
            if self.resource_of_global(g).is_some())
    }

    /// The resource a library global stands for.
    pub fn resource_of_global(&self, g: ir::GlobalId) -> Option<usize> {
        self.desc.resources.iter().position(|d| d.global == Some(g))
    }

    /// The execution model of a ray-tracing stage.
    pub fn ray_tracing_model(kind: ShaderKind) -> Option<spirv::ExecutionModel> {
        use spirv::ExecutionModel as M;
        Some(match kind {
            ShaderKind::RayGeneration => M::RayGenerationKHR,
            ShaderKind::Intersection => M::IntersectionKHR,
            ShaderKind::AnyHit => M::AnyHitKHR,
            ShaderKind::ClosestHit => M::ClosestHitKHR,
            ShaderKind::Miss => M::MissKHR,
            ShaderKind::Callable => M::CallableKHR,
            _ => return None,
        })
    }
}

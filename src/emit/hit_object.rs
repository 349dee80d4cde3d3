//! SM 6.9 shader execution reordering (`dx::HitObject`,
//! `MaybeReorderThread`) with `SPV_NV_shader_invocation_reorder`, the
//! extension that NVIDIA drivers expose and `spirv-val` checks.
//!
//! - A DXIL hit object is a value; a SPIR-V hit object lives in a variable
//!   and cannot be copied. Each DXIL operation that makes one (`TraceRay`,
//!   `MakeMiss`, `MakeNop`) records into a fresh `Function` variable, and
//!   every use looks that variable up by the DXIL value: a hit object merged
//!   by a phi or select is reported as unsupported, never guessed.
//! - D3D's getters answer for every kind of object: 0 for a NOP object, 0
//!   for hit properties of a miss, identity matrices when there is no hit,
//!   the world ray as the object ray of a miss. Vulkan leaves those
//!   undefined, so each getter selects D3D's answer.
//! - `RayFlags()` has no NV getter: the flags a hit object was made with
//!   are kept next to its variable.
//! - Not expressible in this extension, each an explicit error:
//!   `FromRayQuery` (`OpHitObjectRecordFromQueryEXT`),
//!   `SetShaderTableIndex` (`OpHitObjectSetShaderBindingTableRecordIndexEXT`)
//!   and `LoadLocalRootTableConstant` (local root signatures are not mapped
//!   to shader records).

use super::context::{Parts, TyKey, Val};
use super::ray_tracing::ray_of;
use super::Emitter;
use crate::dxil::operands::{
    HitObjectAttributes, HitObjectInvoke, HitObjectMakeMiss, HitObjectTraceRay, MaybeReorderThread,
    TraceRay,
};
use crate::dxil::OpCode;
use crate::error::Result;
use crate::ir::ValueId;
use rspirv::spirv::{Capability, Op, StorageClass, Word};
use rustc_hash::FxHashMap as HashMap;

/// A hit object: its variable and the ray flags it was made with.
#[derive(Clone, Copy)]
pub(crate) struct HitObject {
    var: Word,
    flags: Word,
}

/// Hit objects of one compilation.
#[derive(Default)]
pub(crate) struct HitObjectState {
    /// By the DXIL value of the operation that made them.
    objects: HashMap<ValueId, HitObject>,
    /// The `HitObjectAttributeNV` variable per attribute type.
    attributes: HashMap<Word, Word>,
}

/// What a getter of a hit object answers for objects that have no such
/// property (D3D's rule).
#[derive(Clone, Copy)]
enum Otherwise {
    /// 0 unless the object is a hit.
    ZeroUnlessHit,
    /// 0 for a NOP object.
    ZeroIfNop,
}

impl<'m> Emitter<'m> {
    fn hit_object_ext(&mut self) {
        self.spv.cap(Capability::ShaderInvocationReorderNV);
        self.spv.exts.insert("SPV_NV_shader_invocation_reorder");
    }

    /// A new hit object for the instruction being emitted; its value
    /// carries nothing (uses look it up).
    fn new_hit_object(&mut self, flags: Word) -> Result<(Word, Val)> {
        let result = self
            .func
            .current_inst_result
            .ok_or_else(|| self.invalid("a hit object operation without a result"))?;
        self.hit_object_ext();
        let ty = self.spv.ty(TyKey::HitObject);
        let var = self.function_var(ty);
        self.hit_objects
            .objects
            .insert(result, HitObject { var, flags });
        Ok((var, Val::Parts(Parts::new())))
    }

    /// The hit object a DXIL value is.
    fn hit_object(&self, v: ValueId) -> Result<HitObject> {
        self.hit_objects.objects.get(&v).copied().ok_or_else(|| {
            self.unsupported(
                "a hit object that is not the direct result of TraceRay, MakeMiss or MakeNop \
                 (merged by a phi or select)",
            )
        })
    }

    /// `HitObject_TraceRay(accel, flags, mask, offset, stride, miss,
    /// origin, tMin, direction, tMax, payload)`: traversal without shading.
    pub fn hit_object_trace_ray(&mut self, o: HitObjectTraceRay) -> Result<Val> {
        let trace = TraceRay {
            acceleration_structure: o.acceleration_structure,
            ray_flags: o.ray_flags,
            instance_inclusion_mask: o.instance_inclusion_mask,
            ray_contribution_to_hit_group_index: o.ray_contribution_to_hit_group_index,
            multiplier_for_geometry_contribution_to_shader_index: o
                .multiplier_for_geometry_contribution_to_hit_group_index,
            miss_shader_index: o.miss_shader_index,
            origin: o.origin,
            t_min: o.t_min,
            direction: o.direction,
            t_max: o.t_max,
            payload: o.payload,
        };
        let [accel, flags, mask, offset, stride, miss, origin, tmin, direction, tmax] =
            self.trace_operands(trace)?;
        let (ho, val) = self.new_hit_object(flags)?;
        let payload = o.payload;
        self.with_payload(payload, StorageClass::RayPayloadKHR, |e, var| {
            e.spv
                .b
                .hit_object_trace_ray_nv(
                    ho, accel, flags, mask, offset, stride, miss, origin, tmin, direction, tmax,
                    var,
                )
                .map_err(super::context::berr)
        })?;
        Ok(val)
    }

    /// `HitObject_MakeNop()`.
    pub fn hit_object_make_nop(&mut self) -> Result<Val> {
        let zero = self.spv.u32c(0);
        let (ho, val) = self.new_hit_object(zero)?;
        self.spv
            .b
            .hit_object_record_empty_nv(ho)
            .map_err(super::context::berr)?;
        Ok(val)
    }

    /// `HitObject_MakeMiss(flags, missIndex, origin, tMin, direction,
    /// tMax)`.
    pub fn hit_object_make_miss(&mut self, o: HitObjectMakeMiss) -> Result<Val> {
        let flags = self.ray_flags(o.ray_flags, 0)?;
        let miss = self.value_id(o.miss_shader_index)?;
        let [origin, tmin, direction, tmax] = self.ray_description(ray_of!(o))?;
        let (ho, val) = self.new_hit_object(flags)?;
        self.spv
            .b
            .hit_object_record_miss_nv(ho, miss, origin, tmin, direction, tmax)
            .map_err(super::context::berr)?;
        Ok(val)
    }

    /// `HitObject_Invoke(hitObject, payload)`: runs the closest-hit or miss
    /// shader (nothing for a NOP object).
    pub fn hit_object_invoke(&mut self, o: HitObjectInvoke) -> Result<()> {
        let ho = self.hit_object(o.hit_object)?.var;
        self.with_payload(o.payload, StorageClass::RayPayloadKHR, |e, var| {
            e.spv
                .b
                .hit_object_execute_shader_nv(ho, var)
                .map_err(super::context::berr)
        })
    }

    /// `MaybeReorderThread(hitObject, coherenceHint, hintBits)`.
    pub fn maybe_reorder_thread(&mut self, o: MaybeReorderThread) -> Result<()> {
        let ho = self.hit_object(o.hit_object)?.var;
        let bits_v = o.num_coherence_hint_bits_from_lsb;
        let (hint, bits) = if self.m.const_uint(bits_v) == Some(0) {
            (None, None)
        } else {
            (
                Some(self.value_id(o.coherence_hint)?),
                Some(self.value_id(bits_v)?),
            )
        };
        self.spv
            .b
            .reorder_thread_with_hit_object_nv(ho, hint, bits)
            .map_err(super::context::berr)
    }

    /// `HitObject_Attributes(hitObject, attributes)`: the hit's attributes,
    /// through a `HitObjectAttributeNV` variable of their type.
    pub fn hit_object_attributes(&mut self, o: HitObjectAttributes) -> Result<()> {
        let ho = self.hit_object(o.hit_object)?.var;
        let out = o.attributes;
        let ty = self.pointee_ty(out)?;
        let var = match self.hit_objects.attributes.get(&ty) {
            Some(&v) => v,
            None => {
                let v = self.interface_var(StorageClass::HitObjectAttributeNV, ty);
                self.hit_objects.attributes.insert(ty, v);
                v
            }
        };
        self.spv
            .b
            .hit_object_get_attributes_nv(ho, var)
            .map_err(super::context::berr)?;
        self.copy_through(out, var, false)
    }

    /// The `HitObject_*` queries of `hit_object`; `index`: the component,
    /// or the matrix row and column, of the ones that take them.
    pub fn hit_object_query(
        &mut self,
        op: OpCode,
        hit_object: ValueId,
        index: &[ValueId],
    ) -> Result<Word> {
        use OpCode as O;
        let HitObject { var: ho, flags } = self.hit_object(hit_object)?;
        let b = self.spv.bool_ty();
        let u = self.spv.u32_ty();
        let f = self.spv.float_ty(32);
        let v3 = self.spv.vec_ty(f, 3);
        let state = |e: &mut Self, sop: Op, ty: Word| e.op(sop, ty, &[ho]);
        let (value, otherwise) = match op {
            O::HitObjectIsMiss => return state(self, Op::HitObjectIsMissNV, b),
            O::HitObjectIsHit => return state(self, Op::HitObjectIsHitNV, b),
            O::HitObjectIsNop => return state(self, Op::HitObjectIsEmptyNV, b),
            O::HitObjectRayFlags => (flags, Otherwise::ZeroIfNop),
            O::HitObjectRayTMin => (
                state(self, Op::HitObjectGetRayTMinNV, f)?,
                Otherwise::ZeroIfNop,
            ),
            O::HitObjectRayTCurrent => (
                state(self, Op::HitObjectGetRayTMaxNV, f)?,
                Otherwise::ZeroIfNop,
            ),
            O::HitObjectShaderTableIndex => (
                state(self, Op::HitObjectGetShaderBindingTableRecordIndexNV, u)?,
                Otherwise::ZeroIfNop,
            ),
            O::HitObjectGeometryIndex => (
                state(self, Op::HitObjectGetGeometryIndexNV, u)?,
                Otherwise::ZeroUnlessHit,
            ),
            O::HitObjectInstanceIndex => (
                state(self, Op::HitObjectGetInstanceIdNV, u)?,
                Otherwise::ZeroUnlessHit,
            ),
            O::HitObjectInstanceID => (
                state(self, Op::HitObjectGetInstanceCustomIndexNV, u)?,
                Otherwise::ZeroUnlessHit,
            ),
            O::HitObjectPrimitiveIndex => (
                state(self, Op::HitObjectGetPrimitiveIndexNV, u)?,
                Otherwise::ZeroUnlessHit,
            ),
            O::HitObjectHitKind => (
                state(self, Op::HitObjectGetHitKindNV, u)?,
                Otherwise::ZeroUnlessHit,
            ),
            O::HitObjectWorldRayOrigin
            | O::HitObjectWorldRayDirection
            | O::HitObjectObjectRayOrigin
            | O::HitObjectObjectRayDirection => {
                let c = index.first().and_then(|&c| self.const_below(c, 3));
                let c = c.ok_or_else(|| {
                    self.invalid("the ray vector component is not a constant below 3")
                })?;
                let world_op = match op {
                    O::HitObjectWorldRayOrigin | O::HitObjectObjectRayOrigin => {
                        Op::HitObjectGetWorldRayOriginNV
                    }
                    _ => Op::HitObjectGetWorldRayDirectionNV,
                };
                let world = state(self, world_op, v3)?;
                let mut v = self.composite_extract(f, world, c)?;
                if matches!(
                    op,
                    O::HitObjectObjectRayOrigin | O::HitObjectObjectRayDirection
                ) {
                    // A miss has no object space: D3D gives the world ray.
                    let object_op = if op == O::HitObjectObjectRayOrigin {
                        Op::HitObjectGetObjectRayOriginNV
                    } else {
                        Op::HitObjectGetObjectRayDirectionNV
                    };
                    let object = state(self, object_op, v3)?;
                    let o = self.composite_extract(f, object, c)?;
                    let hit = state(self, Op::HitObjectIsHitNV, b)?;
                    v = self.op(Op::Select, f, &[hit, o, v])?;
                }
                (v, Otherwise::ZeroIfNop)
            }
            O::HitObjectObjectToWorld3x4 | O::HitObjectWorldToObject3x4 => {
                let (row, col) = match *index {
                    [row, col] => (self.const_below(row, 3), self.const_below(col, 4)),
                    _ => (None, None),
                };
                let row =
                    row.ok_or_else(|| self.invalid("the matrix row is not a constant below 3"))?;
                let col =
                    col.ok_or_else(|| self.invalid("the matrix column is not a constant below 4"))?;
                let mat = self.spv.ty(TyKey::Matrix(v3, 4));
                let sop = if op == O::HitObjectObjectToWorld3x4 {
                    Op::HitObjectGetObjectToWorldNV
                } else {
                    Op::HitObjectGetWorldToObjectNV
                };
                let m = state(self, sop, mat)?;
                // Vulkan's matrix is the transpose: column `col`, row `row`.
                let column = self.composite_extract(v3, m, col)?;
                let v = self.composite_extract(f, column, row)?;
                // Identity when there is no hit.
                let identity = self.spv.f32c(if row == col { 1.0 } else { 0.0 });
                let hit = state(self, Op::HitObjectIsHitNV, b)?;
                return self.op(Op::Select, f, &[hit, v, identity]);
            }
            _ => return Err(self.internal("not a hit object query")),
        };
        let ty = hit_object_value_ty(op, u, f);
        let zero = self.spv.null_const(ty);
        match otherwise {
            Otherwise::ZeroUnlessHit => {
                let hit = state(self, Op::HitObjectIsHitNV, b)?;
                self.op(Op::Select, ty, &[hit, value, zero])
            }
            Otherwise::ZeroIfNop => {
                let nop = state(self, Op::HitObjectIsEmptyNV, b)?;
                self.op(Op::Select, ty, &[nop, zero, value])
            }
        }
    }
}

/// The SPIR-V type of a scalar hit object query's result: `f` (float) or
/// `u` (uint).
fn hit_object_value_ty(op: OpCode, u: Word, f: Word) -> Word {
    use OpCode as O;
    match op {
        O::HitObjectRayTMin
        | O::HitObjectRayTCurrent
        | O::HitObjectWorldRayOrigin
        | O::HitObjectWorldRayDirection
        | O::HitObjectObjectRayOrigin
        | O::HitObjectObjectRayDirection => f,
        _ => u,
    }
}

//! Inline ray tracing (`RayQuery`, SM 6.5) with `SPV_KHR_ray_query`: each
//! `AllocateRayQuery` is a function variable of `OpTypeRayQueryKHR`; its
//! `i32` handle must reach the `RayQuery_*` operations directly or through
//! phis and selects that all lead to the same allocation (a handle merging
//! different allocations is reported as unsupported, never guessed: SPIR-V
//! cannot choose between ray query variables without variable pointers).
//!
//! D3D and Vulkan agree on the ray flags (up to `SKIP_PROCEDURAL_PRIMITIVES`),
//! the committed status and candidate type values; D3D's instance *index*
//! is Vulkan's instance *id*, and D3D's instance *ID* Vulkan's custom index.

use super::context::{TyKey, Val};
use super::ray_tracing::{ray_of, SHARED_FLAGS};
use super::Emitter;
use crate::dxil::operands::RayQueryTraceRayInline;
use crate::dxil::OpCode;
use crate::error::Result;
use crate::ir::{InstKind, TypeId, ValueId, ValueKind};
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Op, Word};
use rustc_hash::FxHashMap as HashMap;

/// `RAY_FLAG_FORCE_OMM_2_STATE` (Vulkan's `ForceOpacityMicromap2StateEXT`),
/// allowed with `RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS`.
const FORCE_OMM_2_STATE: u32 = 0x400;
/// `RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS` (SM 6.9 `AllocateRayQuery2`).
const ALLOW_OPACITY_MICROMAPS: u32 = 1;

/// The ray queries of the shader.
#[derive(Default)]
pub(crate) struct RayQueryState {
    /// Each query's variable and constant flags, by the handle value of
    /// its `AllocateRayQuery`.
    queries: HashMap<ValueId, (Word, u32)>,
}

impl<'m> Emitter<'m> {
    fn ray_query_ext(&mut self) {
        self.spv.cap(Capability::RayQueryKHR);
        self.spv.exts.insert("SPV_KHR_ray_query");
    }

    /// `AllocateRayQuery(constRayFlags)` and (SM 6.9)
    /// `AllocateRayQuery2(constRayFlags, constRayQueryFlags)`: a new ray
    /// query variable. Allowing opacity micromaps takes
    /// `SPV_EXT_opacity_micromap` (and permits `RAY_FLAG_FORCE_OMM_2_STATE`).
    pub fn allocate_ray_query(&mut self, flags: u32, query_flags: Option<u32>) -> Result<Val> {
        let query_flags = query_flags.unwrap_or(0);
        if query_flags & !ALLOW_OPACITY_MICROMAPS != 0 {
            return Err(self.unsupported(format!("ray query flags {query_flags:#x}")));
        }
        let mut known = SHARED_FLAGS;
        if query_flags & ALLOW_OPACITY_MICROMAPS != 0 {
            self.spv.cap(Capability::RayTracingOpacityMicromapEXT);
            self.spv.exts.insert("SPV_EXT_opacity_micromap");
            known |= FORCE_OMM_2_STATE;
        }
        if flags & !known != 0 {
            return Err(self.unsupported(format!("ray flags {flags:#x}")));
        }
        let result = self
            .func
            .current_inst_result
            .ok_or_else(|| self.invalid("AllocateRayQuery without a result"))?;
        self.ray_query_ext();
        let rq = self.spv.ty(TyKey::RayQuery);
        let var = self.function_var(rq);
        self.ray_queries.queries.insert(result, (var, flags));
        // The handle itself carries nothing: every use looks it up.
        let u = self.spv.u32_ty();
        Ok(Val::Id(self.spv.undef(u)))
    }

    /// The variable and constant flags behind a ray query handle (looked
    /// up through phis and selects whose inputs are all one allocation).
    fn ray_query(&self, handle: ValueId) -> Result<(Word, u32)> {
        let queries = &self.ray_queries.queries;
        let mut seen = rustc_hash::FxHashSet::default();
        let mut todo = vec![handle];
        let mut found = None;
        while let Some(v) = todo.pop() {
            if !seen.insert(v) {
                continue;
            }
            if let Some(&q) = queries.get(&v) {
                if found.is_some_and(|f| f != q) {
                    return Err(self.unsupported(
                        "a ray query handle that a phi or select takes from different AllocateRayQuery results",
                    ));
                }
                found = Some(q);
                continue;
            }
            let inst = match self.m.value(v).map(|x| x.kind) {
                Some(ValueKind::Inst { func, inst }) => self
                    .m
                    .function(func)
                    .and_then(|f| f.insts.get(inst as usize)),
                _ => None,
            };
            match inst.map(|i| i.kind) {
                Some(InstKind::Phi { incoming }) => {
                    todo.extend(self.m.pairs(incoming).map(|(x, _)| ValueId(x)));
                }
                Some(InstKind::Select {
                    if_true, if_false, ..
                }) => todo.extend([if_true, if_false]),
                _ => {
                    return Err(self
                        .unsupported("a ray query handle that is not an AllocateRayQuery result"))
                }
            }
        }
        found.ok_or_else(|| self.unsupported("a ray query handle without an AllocateRayQuery"))
    }

    /// `RayQuery_TraceRayInline(rq, accel, flags, mask, origin, tMin,
    /// direction, tMax)`.
    pub fn trace_ray_inline(&mut self, o: RayQueryTraceRayInline) -> Result<()> {
        let (rq, const_flags) = self.ray_query(o.ray_query_handle)?;
        let accel = self.acceleration_structure(o.acceleration_structure)?;
        let flags = self.ray_flags(o.ray_flags, const_flags)?;
        let mask = self.value_id(o.instance_inclusion_mask)?;
        let [origin, tmin, direction, tmax] = self.ray_description(ray_of!(o))?;
        self.op_void(
            Op::RayQueryInitializeKHR,
            [rq, accel, flags, mask, origin, tmin, direction, tmax]
                .into_iter()
                .map(Operand::IdRef)
                .collect(),
        )
    }

    /// The `RayQuery_*` operations other than allocation and tracing on the
    /// query `handle`; `rest`: the operands after it (the hit's `t`, a
    /// component, or a matrix row and column).
    pub fn ray_query_op(
        &mut self,
        op: OpCode,
        handle: ValueId,
        rest: &[ValueId],
    ) -> Result<Option<Val>> {
        use OpCode as O;
        let (rq, _) = self.ray_query(handle)?;
        let void = |e: &mut Self, sop: Op, extra: Option<Word>| -> Result<Option<Val>> {
            let mut ops = vec![Operand::IdRef(rq)];
            ops.extend(extra.map(Operand::IdRef));
            e.op_void(sop, ops)?;
            Ok(None)
        };
        match op {
            O::RayQueryAbort => return void(self, Op::RayQueryTerminateKHR, None),
            O::RayQueryCommitNonOpaqueTriangleHit => {
                return void(self, Op::RayQueryConfirmIntersectionKHR, None)
            }
            O::RayQueryCommitProceduralPrimitiveHit => {
                let &[t_hit] = rest else {
                    return Err(self.internal("CommitProceduralPrimitiveHit without t"));
                };
                let t_hit = self.value_id(t_hit)?;
                return void(self, Op::RayQueryGenerateIntersectionKHR, Some(t_hit));
            }
            _ => {}
        }
        let (sop, result, which) = query_of(op)
            .ok_or_else(|| self.internal(format!("{} is not a ray query", op.name())))?;
        let (u, f, b) = (self.spv.u32_ty(), self.spv.float_ty(32), self.spv.bool_ty());
        let ty = match result {
            Query::U32 => u,
            Query::F32 => f,
            Query::Bool | Query::NotBool => b,
            Query::Lane(n) => self.spv.vec_ty(f, n),
            Query::Matrix => {
                let v3 = self.spv.vec_ty(f, 3);
                self.spv.ty(TyKey::Matrix(v3, 4))
            }
        };
        let mut ids = vec![rq];
        ids.extend(which.map(|w| self.spv.u32c(w)));
        let r = self.op(sop, ty, &ids)?;
        let v = match result {
            Query::U32 | Query::F32 | Query::Bool => r,
            Query::NotBool => self.op(Op::LogicalNot, b, &[r])?,
            Query::Lane(n) => {
                let &[c] = rest else {
                    return Err(self.internal("a ray query vector read without a component"));
                };
                let c = self.imm_index(c, "component", n)?;
                self.composite_extract(f, r, c)?
            }
            Query::Matrix => {
                let &[row, col] = rest else {
                    return Err(self.internal("a ray query matrix read without row and column"));
                };
                // A 4-column, 3-row matrix: D3D's [row][col] is [col][row].
                let row = self.imm_index(row, "row", 3)?;
                let col = self.imm_index(col, "column", 4)?;
                self.inst_operands(
                    Op::CompositeExtract,
                    f,
                    &[
                        Operand::IdRef(r),
                        Operand::LiteralBit32(col),
                        Operand::LiteralBit32(row),
                    ],
                )?
            }
        };
        Ok(Some(Val::Id(v)))
    }

    /// `RayQuery_CandidateTriangleObjectPosition` /
    /// `RayQuery_CommittedTriangleObjectPosition` (SM 6.10): the triangle's
    /// vertices in object space (`SPV_KHR_ray_tracing_position_fetch`).
    pub fn ray_query_triangle_positions(
        &mut self,
        handle: ValueId,
        committed: bool,
        t: TypeId,
    ) -> Result<Word> {
        self.spv.cap(Capability::RayQueryPositionFetchKHR);
        self.spv.exts.insert("SPV_KHR_ray_tracing_position_fetch");
        let (rq, _) = self.ray_query(handle)?;
        let arr = self.triangle_positions_ty();
        let which = self.spv.u32c(u32::from(committed));
        let a = self.op(
            Op::RayQueryGetIntersectionTriangleVertexPositionsKHR,
            arr,
            &[rq, which],
        )?;
        self.triangle_positions_value(a, t)
    }

    /// An immediate index operand (`what`) below `n`.
    fn imm_index(&self, v: ValueId, what: &str, n: u32) -> Result<u32> {
        self.const_below(v, n.into())
            .ok_or_else(|| self.invalid(format!("the {what} is not a constant below {n}")))
    }
}

/// What a ray query read gives.
#[derive(Clone, Copy)]
enum Query {
    U32,
    F32,
    Bool,
    /// A `bool` to negate (`CandidateProceduralPrimitiveNonOpaque` from
    /// Vulkan's "opaque").
    NotBool,
    /// One lane (argument 2) of a float vector of this length.
    Lane(u32),
    /// One element (arguments 2 and 3: row, column) of a 3x4 matrix.
    Matrix,
}

/// The SPIR-V read of a ray query operation, its result, and its
/// intersection operand (0 candidate, 1 committed) if it takes one.
fn query_of(op: OpCode) -> Option<(Op, Query, Option<u32>)> {
    use OpCode as O;
    use Query as Q;
    const CANDIDATE: Option<u32> = Some(0);
    const COMMITTED: Option<u32> = Some(1);
    Some(match op {
        O::RayQueryProceed => (Op::RayQueryProceedKHR, Q::Bool, None),
        O::RayQueryCommittedStatus => (Op::RayQueryGetIntersectionTypeKHR, Q::U32, COMMITTED),
        O::RayQueryCandidateType => (Op::RayQueryGetIntersectionTypeKHR, Q::U32, CANDIDATE),
        O::RayQueryCandidateObjectToWorld3x4 => (
            Op::RayQueryGetIntersectionObjectToWorldKHR,
            Q::Matrix,
            CANDIDATE,
        ),
        O::RayQueryCommittedObjectToWorld3x4 => (
            Op::RayQueryGetIntersectionObjectToWorldKHR,
            Q::Matrix,
            COMMITTED,
        ),
        O::RayQueryCandidateWorldToObject3x4 => (
            Op::RayQueryGetIntersectionWorldToObjectKHR,
            Q::Matrix,
            CANDIDATE,
        ),
        O::RayQueryCommittedWorldToObject3x4 => (
            Op::RayQueryGetIntersectionWorldToObjectKHR,
            Q::Matrix,
            COMMITTED,
        ),
        O::RayQueryCandidateProceduralPrimitiveNonOpaque => (
            Op::RayQueryGetIntersectionCandidateAABBOpaqueKHR,
            Q::NotBool,
            None,
        ),
        O::RayQueryCandidateTriangleFrontFace => {
            (Op::RayQueryGetIntersectionFrontFaceKHR, Q::Bool, CANDIDATE)
        }
        O::RayQueryCommittedTriangleFrontFace => {
            (Op::RayQueryGetIntersectionFrontFaceKHR, Q::Bool, COMMITTED)
        }
        O::RayQueryCandidateTriangleBarycentrics => (
            Op::RayQueryGetIntersectionBarycentricsKHR,
            Q::Lane(2),
            CANDIDATE,
        ),
        O::RayQueryCommittedTriangleBarycentrics => (
            Op::RayQueryGetIntersectionBarycentricsKHR,
            Q::Lane(2),
            COMMITTED,
        ),
        O::RayQueryRayFlags => (Op::RayQueryGetRayFlagsKHR, Q::U32, None),
        O::RayQueryRayTMin => (Op::RayQueryGetRayTMinKHR, Q::F32, None),
        O::RayQueryWorldRayOrigin => (Op::RayQueryGetWorldRayOriginKHR, Q::Lane(3), None),
        O::RayQueryWorldRayDirection => (Op::RayQueryGetWorldRayDirectionKHR, Q::Lane(3), None),
        O::RayQueryCandidateObjectRayOrigin => (
            Op::RayQueryGetIntersectionObjectRayOriginKHR,
            Q::Lane(3),
            CANDIDATE,
        ),
        O::RayQueryCommittedObjectRayOrigin => (
            Op::RayQueryGetIntersectionObjectRayOriginKHR,
            Q::Lane(3),
            COMMITTED,
        ),
        O::RayQueryCandidateObjectRayDirection => (
            Op::RayQueryGetIntersectionObjectRayDirectionKHR,
            Q::Lane(3),
            CANDIDATE,
        ),
        O::RayQueryCommittedObjectRayDirection => (
            Op::RayQueryGetIntersectionObjectRayDirectionKHR,
            Q::Lane(3),
            COMMITTED,
        ),
        O::RayQueryCandidateTriangleRayT => (Op::RayQueryGetIntersectionTKHR, Q::F32, CANDIDATE),
        O::RayQueryCommittedRayT => (Op::RayQueryGetIntersectionTKHR, Q::F32, COMMITTED),
        O::RayQueryCandidateInstanceIndex => {
            (Op::RayQueryGetIntersectionInstanceIdKHR, Q::U32, CANDIDATE)
        }
        O::RayQueryCommittedInstanceIndex => {
            (Op::RayQueryGetIntersectionInstanceIdKHR, Q::U32, COMMITTED)
        }
        O::RayQueryCandidateInstanceID => (
            Op::RayQueryGetIntersectionInstanceCustomIndexKHR,
            Q::U32,
            CANDIDATE,
        ),
        O::RayQueryCommittedInstanceID => (
            Op::RayQueryGetIntersectionInstanceCustomIndexKHR,
            Q::U32,
            COMMITTED,
        ),
        O::RayQueryCandidateGeometryIndex => (
            Op::RayQueryGetIntersectionGeometryIndexKHR,
            Q::U32,
            CANDIDATE,
        ),
        O::RayQueryCommittedGeometryIndex => (
            Op::RayQueryGetIntersectionGeometryIndexKHR,
            Q::U32,
            COMMITTED,
        ),
        O::RayQueryCandidatePrimitiveIndex => (
            Op::RayQueryGetIntersectionPrimitiveIndexKHR,
            Q::U32,
            CANDIDATE,
        ),
        O::RayQueryCommittedPrimitiveIndex => (
            Op::RayQueryGetIntersectionPrimitiveIndexKHR,
            Q::U32,
            COMMITTED,
        ),
        O::RayQueryCandidateInstanceContributionToHitGroupIndex => (
            Op::RayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR,
            Q::U32,
            CANDIDATE,
        ),
        O::RayQueryCommittedInstanceContributionToHitGroupIndex => (
            Op::RayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR,
            Q::U32,
            COMMITTED,
        ),
        _ => return None,
    })
}

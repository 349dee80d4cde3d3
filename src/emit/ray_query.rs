//! Inline ray tracing (`RayQuery`, SM 6.5) with `SPV_KHR_ray_query`: each
//! `AllocateRayQuery` is a function variable of `OpTypeRayQueryKHR`; its
//! `i32` handle reaches the `RayQuery_*` operations directly or through
//! phis and selects.
//!
//! SPIR-V cannot choose between ray query variables without variable
//! pointers, so the allocations that a function's phis and selects merge
//! (found before the function is emitted) share one `RayQueryKHR[N]`
//! function variable: each handle is its constant index, the phis and
//! selects merge plain integers, and every operation on such a handle
//! access-chains the element it names. Their constant ray flags, where they
//! differ, are selected from the handle at run time. Every other handle
//! carries nothing (an `OpUndef`): its operations use its variable.
//!
//! D3D and Vulkan agree on the ray flags (up to `SKIP_PROCEDURAL_PRIMITIVES`),
//! the committed status and candidate type values; D3D's instance *index*
//! is Vulkan's instance *id*, and D3D's instance *ID* Vulkan's custom index.

use super::context::{TyKey, Val};
use super::ray_tracing::{ray_of, SHARED_FLAGS};
use super::Emitter;
use crate::dxil::operands::RayQueryTraceRayInline;
use crate::dxil::{dx_op, DxOp, OpCode};
use crate::error::Result;
use crate::ir::{self, Inst, InstKind, Module, TypeId, ValueId, ValueKind};
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Op, StorageClass, Word};
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
    /// The allocations that phis or selects merge with others: their
    /// group (in `groups`) and their index in it.
    merged: HashMap<ValueId, (usize, u32)>,
    /// The groups of merged allocations.
    groups: Vec<Group>,
}

/// Ray query allocations that share one array variable.
struct Group {
    /// The `RayQueryKHR[N]` variable, once the first of them is emitted.
    var: Option<Word>,
    /// The constant ray flags of each allocation, by index.
    flags: Vec<u32>,
}

/// The constant ray flags of a ray query handle.
enum Flags {
    /// Known: those of its one allocation, or the same for all of its group.
    Const(u32),
    /// Those of the group's allocation that the handle names at run time.
    ByIndex(usize),
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
        if let Some(&(g, index)) = self.ray_queries.merged.get(&result) {
            // The group's array, made by its first allocation.
            let group = self.ray_queries.groups.get(g);
            if let Some(n) = group.filter(|x| x.var.is_none()).map(|x| x.flags.len()) {
                let n = u32::try_from(n).map_err(|_| self.unsupported("so many ray queries"))?;
                let arr = self.spv.ty(TyKey::Array(rq, n));
                let var = self.function_var(arr);
                if let Some(group) = self.ray_queries.groups.get_mut(g) {
                    group.var = Some(var);
                }
            }
            // The handle is the query's index in its group's array.
            return Ok(Val::Id(self.spv.u32c(index)));
        }
        let var = self.function_var(rq);
        self.ray_queries.queries.insert(result, (var, flags));
        // The handle itself carries nothing: every use looks it up.
        let u = self.spv.u32_ty();
        Ok(Val::Id(self.spv.undef(u)))
    }

    /// Groups the `AllocateRayQuery` results of `func` that its phis and
    /// selects merge with one another (union-find over their operands),
    /// before the function is emitted; `allocations`: its allocations
    /// (result, constant flags) in order, as [`ray_query_allocation`]
    /// finds them in the pre-scan.
    pub(super) fn group_ray_queries(
        &mut self,
        func: &ir::Function,
        allocations: &[(ValueId, u32)],
    ) {
        let m = self.m;
        if allocations.len() < 2 {
            return;
        }
        let mut parent = HashMap::default();
        for inst in &func.insts {
            let Some(r) = inst.result else { continue };
            match inst.kind {
                InstKind::Phi { incoming } => {
                    for (x, _) in m.pairs(incoming) {
                        union(&mut parent, r, ValueId(x));
                    }
                }
                InstKind::Select {
                    if_true, if_false, ..
                } => {
                    union(&mut parent, r, if_true);
                    union(&mut parent, r, if_false);
                }
                _ => {}
            }
        }
        // The groups in the order of their first allocation.
        let mut roots: Vec<(ValueId, Vec<(ValueId, u32)>)> = Vec::new();
        for &(v, flags) in allocations {
            let root = find(&mut parent, v);
            match roots.iter_mut().find(|(r, _)| *r == root) {
                Some((_, members)) => members.push((v, flags)),
                None => roots.push((root, vec![(v, flags)])),
            }
        }
        let state = &mut self.ray_queries;
        for (_, members) in roots.into_iter().filter(|(_, m)| m.len() > 1) {
            let g = state.groups.len();
            state
                .merged
                .extend((0u32..).zip(&members).map(|(i, &(v, _))| (v, (g, i))));
            state.groups.push(Group {
                var: None,
                flags: members.iter().map(|&(_, f)| f).collect(),
            });
        }
    }

    /// The `AllocateRayQuery` result behind a ray query handle, looked up
    /// through phis and selects: one allocation, or allocations of one group.
    fn allocation_of(&self, handle: ValueId) -> Result<ValueId> {
        let state = &self.ray_queries;
        let group = |v: &ValueId| state.merged.get(v).map(|&(g, _)| g);
        let mut seen = rustc_hash::FxHashSet::default();
        let mut todo = vec![handle];
        let mut found = None;
        while let Some(v) = todo.pop() {
            if !seen.insert(v) {
                continue;
            }
            if state.queries.contains_key(&v) || state.merged.contains_key(&v) {
                if found.is_some_and(|f| f != v && (group(&f).is_none() || group(&f) != group(&v)))
                {
                    return Err(self.unsupported(
                        "a ray query handle that a phi or select takes from different AllocateRayQuery results",
                    ));
                }
                found = Some(v);
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

    /// The ray query (a pointer) and constant flags behind a handle: its
    /// variable, or its group's array element that the handle indexes.
    fn ray_query(&mut self, handle: ValueId) -> Result<(Word, Flags)> {
        let allocation = self.allocation_of(handle)?;
        let state = &self.ray_queries;
        if let Some(&(var, flags)) = state.queries.get(&allocation) {
            return Ok((var, Flags::Const(flags)));
        }
        let group = state
            .merged
            .get(&allocation)
            .and_then(|&(g, _)| Some((g, state.groups.get(g)?)));
        let Some((
            g,
            Group {
                var: Some(var),
                flags,
            },
        )) = group
        else {
            return Err(self.internal("a merged ray query used before its allocation"));
        };
        let var = *var;
        let flags = match flags.split_first() {
            Some((&f, rest)) if rest.iter().all(|&x| x == f) => Flags::Const(f),
            _ => Flags::ByIndex(g),
        };
        let rq = self.spv.ty(TyKey::RayQuery);
        let ptr = self.spv.ptr_ty(StorageClass::Function, rq);
        let index = self.value_id(handle)?;
        Ok((self.access_chain(ptr, var, &[index])?, flags))
    }

    /// The ray flags of a trace on `handle`: the dynamic `flags` with the
    /// query's constant ones, chosen by the handle when they differ
    /// within its group.
    fn trace_flags(&mut self, flags: ValueId, constant: Flags, handle: ValueId) -> Result<Word> {
        let g = match constant {
            Flags::Const(c) => return self.ray_flags(flags, c),
            Flags::ByIndex(g) => g,
        };
        let per_index = self
            .ray_queries
            .groups
            .get(g)
            .map(|x| x.flags.clone())
            .unwrap_or_default();
        let (u, b) = (self.spv.u32_ty(), self.spv.bool_ty());
        let h = self.value_id(handle)?;
        let mut all = None;
        for (i, c) in (0u32..).zip(per_index) {
            let f = self.ray_flags(flags, c)?;
            all = Some(match all {
                None => f,
                Some(prev) => {
                    let i = self.spv.u32c(i);
                    let is = self.op(Op::IEqual, b, &[h, i])?;
                    self.op(Op::Select, u, &[is, f, prev])?
                }
            });
        }
        all.ok_or_else(|| self.internal("an empty ray query group"))
    }

    /// `RayQuery_TraceRayInline(rq, accel, flags, mask, origin, tMin,
    /// direction, tMax)`.
    pub fn trace_ray_inline(&mut self, o: RayQueryTraceRayInline) -> Result<()> {
        let (rq, const_flags) = self.ray_query(o.ray_query_handle)?;
        let accel = self.acceleration_structure(o.acceleration_structure)?;
        let flags = self.trace_flags(o.ray_flags, const_flags, o.ray_query_handle)?;
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

/// The result and constant ray flags of `inst` if it is an
/// `AllocateRayQuery` call.
pub(super) fn ray_query_allocation(m: &Module, inst: &Inst) -> Option<(ValueId, u32)> {
    Some((inst.result?, allocation_flags(m, inst)?))
}

/// The constant ray flags of `inst` if it is an `AllocateRayQuery` call
/// (the pre-scan calls this for those opcodes only).
fn allocation_flags(m: &Module, inst: &Inst) -> Option<u32> {
    match DxOp::decode(m, &dx_op(m, inst)?.ok()?) {
        Ok(DxOp::AllocateRayQuery(o)) => Some(o.const_ray_flags),
        Ok(DxOp::AllocateRayQuery2(o)) => Some(o.const_ray_flags),
        _ => None,
    }
}

/// The root of `v`'s set in a union-find forest (halving the path).
fn find(parent: &mut HashMap<ValueId, ValueId>, mut v: ValueId) -> ValueId {
    while let Some(&p) = parent.get(&v) {
        match parent.get(&p) {
            Some(&gp) => {
                parent.insert(v, gp);
                v = gp;
            }
            None => return p,
        }
    }
    v
}

/// Joins the sets of `a` and `b`.
fn union(parent: &mut HashMap<ValueId, ValueId>, a: ValueId, b: ValueId) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent.insert(ra, rb);
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

#[cfg(test)]
mod tests {
    //! Merged ray queries whose constant flags differ, which HLSL cannot
    //! write (each `RayQuery<flags>` is a type of its own): the select class
    //! shader with the first allocation's flags patched in the IR.
    use super::super::desc::ShaderDesc;
    use super::super::{emit, EmitOptions};
    use super::allocation_flags;
    use crate::ir::{Constant, InstKind, StrRange, Value, ValueKind};

    #[test]
    fn merged_queries_with_different_flags_select_them_by_handle() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/classes/ray-query-phi-select.dxil"
        );
        let blob = std::fs::read(path).unwrap();
        let mut shader = crate::Shader::read(&blob).unwrap();
        let m = &mut shader.module;
        let (f, i, args) = m
            .functions
            .iter()
            .enumerate()
            .find_map(|(f, func)| {
                func.insts.iter().enumerate().find_map(|(i, inst)| {
                    allocation_flags(m, inst)?;
                    match inst.kind {
                        InstKind::Call { args, .. } => Some((f, i, args)),
                        _ => None,
                    }
                })
            })
            .unwrap();
        // ACCEPT_FIRST_HIT_AND_END_SEARCH (4) instead of none.
        let [op, flags] = *m.list(args) else {
            panic!("AllocateRayQuery takes two arguments")
        };
        let ty = m.values[flags as usize].ty;
        let four = m.values.len() as u32;
        m.values.push(Value {
            ty,
            kind: ValueKind::Constant(Constant::Int(4)),
            name: StrRange::EMPTY,
        });
        let new_args = m.push_list(&[op, four]);
        if let InstKind::Call { args, .. } = &mut m.functions[f].insts[i].kind {
            *args = new_args;
        }
        assert_eq!(allocation_flags(m, &m.functions[f].insts[i]), Some(4));

        let ep = &shader.dxil.entry_points[0];
        let desc = ShaderDesc::for_entry(&shader.dxil, &shader.module, ep).unwrap();
        let out = emit(&shader.module, &desc, &EmitOptions::default()).unwrap();
        crate::validate::validate_vulkan_1_3(&out.spirv).unwrap();
        let a = crate::validate::disassemble(&out.spirv).unwrap();
        // The flags are chosen by `handle == 1` (4 for query 0, 0 for 1).
        let lines: Vec<Vec<&str>> = a.lines().map(|l| l.split_whitespace().collect()).collect();
        let is_one: Vec<&Vec<&str>> = lines
            .iter()
            .filter(|l| l.get(2) == Some(&"OpIEqual"))
            .collect();
        let [is_one] = is_one[..] else {
            panic!("one handle comparison: {a}")
        };
        let flags = lines
            .iter()
            .find(|l| l.get(2) == Some(&"OpSelect") && l.get(4) == Some(&is_one[0]))
            .unwrap_or_else(|| panic!("no flag select: {a}"));
        let init = lines
            .iter()
            .find(|l| l.first() == Some(&"OpRayQueryInitializeKHR"))
            .unwrap();
        assert_eq!(init[3], flags[0], "{a}");
    }
}

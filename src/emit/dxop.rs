//! Calls: the exhaustive dispatch over [`DxOp`], the decoded dx.op calls
//! (so the set of unhandled operations is known at compile time). Each
//! family of operations lowers its own in its own module (`math`, `wave`,
//! `buffer`, `texture`, ...); this file only routes.

use super::context::{call_opcode, Val};
use super::wave::WaveArith;
use super::Emitter;
use crate::dxil::{DxOp, DxOpCall, OpCode, SignatureKind, SignedOpKind};
use crate::error::{Feature, Result, Unsupported};
use crate::ir::{FuncId, ListRange, Type, TypeId, ValueId};
use rspirv::spirv::{BuiltIn, GlslStd450Op as GLOp, GroupOperation, Op, Word};

/// The dx.op declarations whose calls were checked.
#[derive(Default)]
pub(crate) struct CallChecks {
    /// Per `dx.op.*` declaration (by [`crate::ir::FuncId`]), the last four
    /// opcodes its calls were fully checked with, latest first (see
    /// `Emitter::note_checked`): one declaration (`dx.op.unary.f32`) serves
    /// several opcodes, often interleaved.
    checked: Vec<[Option<OpCode>; 4]>,
}

impl CallChecks {
    /// Forgets every check, keeping the table's capacity (it lives in the
    /// emitter's scratch).
    pub fn reset(&mut self) {
        self.checked.clear();
    }
}

impl<'m> Emitter<'m> {
    /// A `call` instruction.
    pub fn call(&mut self, callee: ValueId, args: ListRange, t: TypeId) -> Result<Option<Val>> {
        let f = self
            .m
            .callee_function(callee)
            .ok_or_else(|| self.unsupported_feature(Feature::IndirectCall, "indirect calls"))?;
        if let Some(call) = self.checked_call(f, args) {
            return self.dx_call(call, t, true);
        }
        let name = self.m.function_name(f);
        if name.starts_with("llvm.lifetime.") {
            return Ok(None);
        }
        if !name.starts_with("dx.op.") {
            let is_decl = self.m.function(f).map(|f| f.is_declaration).unwrap_or(true);
            return Err(if is_decl {
                self.unsupported_feature(
                    Feature::ExternalCall,
                    format!("call to external function @{name}"),
                )
            } else {
                self.unsupported_feature(
                    Feature::NonInlinedCall,
                    format!("call to non-inlined function @{name}"),
                )
            });
        }
        let call = crate::dxil::decode_call(self.m, f, args)?;
        self.dx_call(call, t, false)
    }

    /// A decoded `dx.op` call; `checked`: one with the same declaration
    /// and opcode passed the checks of its stage and overload already
    /// (see [`Self::checked_call`]), which only they decide.
    fn dx_call(&mut self, call: DxOpCall, t: TypeId, checked: bool) -> Result<Option<Val>> {
        let op = call.op;
        self.func.cur_op = Some(op);
        let result = if checked {
            DxOp::decode(self.m, &call).and_then(|d| self.dxop(op, d, t))
        } else {
            self.checked_dx_call(call, t)
        };
        self.func.cur_op = None;
        result.map_err(|e| e.or_unsupported_detail(Unsupported::Op(op)))
    }

    /// [`Self::dx_call`] of a call not checked yet: the stage (DXC's table:
    /// a compute-only operation in a vertex shader is invalid DXIL and
    /// would be invalid SPIR-V) and the overload are checked, and the
    /// declaration noted as checked with the opcode.
    fn checked_dx_call(&mut self, call: DxOpCall, t: TypeId) -> Result<Option<Val>> {
        let op = call.op;
        let kind = self.desc.kind;
        if !op.stages().contains(kind) {
            return Err(self.invalid(format!(
                "dx.op {} (opcode {}) is not allowed in {} shaders",
                op.name(),
                op as u32,
                kind.profile_prefix()
            )));
        }
        let d = DxOp::decode(self.m, &call)?;
        self.check_scalar_overload(op, call.args)?;
        self.note_checked(call.function, op);
        self.dxop(op, d, t)
    }

    /// Notes declaration `f` as checked with opcode `op`, if its calls'
    /// arguments have its parameter types (the IR reader checks them:
    /// it is not variadic), so that later calls with the same opcode,
    /// which differ only in values, skip decoding and checking.
    fn note_checked(&mut self, f: FuncId, op: OpCode) {
        let fixed = self.m.function(f).is_some_and(|func| {
            matches!(
                self.m.types.ty(func.ty),
                Type::Function { vararg: false, .. }
            )
        });
        if !fixed {
            return;
        }
        let i = f.0 as usize;
        if i >= self.calls.checked.len() {
            // Room for every function at once: one allocation.
            let n = self.m.functions.len().max(i.saturating_add(1));
            self.calls.checked.resize(n, [None; 4]);
        }
        if let Some(ops) = self.calls.checked.get_mut(i) {
            // The latest first; the oldest of four goes.
            let [a, b, c, _] = *ops;
            *ops = [Some(op), a, b, c];
        }
    }

    /// A call to `f` with an opcode that [`Self::note_checked`] noted `f`
    /// with (so a `dx.op.*` declaration), decoded without checking it
    /// again; `None` for any other call.
    fn checked_call(&self, f: FuncId, args: ListRange) -> Option<DxOpCall> {
        let ops = self.calls.checked.get(f.0 as usize)?;
        let op = call_opcode(self.m, args)?;
        let op = ops.iter().flatten().copied().find(|&noted| noted == op)?;
        Some(DxOpCall {
            op,
            function: f,
            args: ListRange {
                start: args.start.saturating_add(1),
                len: args.len.saturating_sub(1),
            },
        })
    }

    fn not_supported(&self, op: OpCode) -> crate::error::Error {
        let (ma, mi) = op.min_shader_model();
        self.unsupported(format!(
            "dx.op {} (opcode {}, shader model {ma}.{mi}) is not supported yet",
            op.name(),
            op as u32
        ))
    }

    /// `v` when it is a constant below `n` (at most 2^32): an element,
    /// lane, channel or stream number.
    pub(crate) fn const_below(&self, v: ValueId, n: u64) -> Option<u32> {
        let c = self.m.const_uint(v)?;
        if c < n {
            u32::try_from(c).ok()
        } else {
            None
        }
    }

    /// Rejects a vector overload (SM 6.9) of a dx.op whose lowering takes
    /// scalars only (`args`: the operands after the opcode).
    fn check_scalar_overload(&self, op: OpCode, args: ListRange) -> Result<()> {
        use OpCode as O;
        let takes_vectors = matches!(
            op,
            O::FAbs
                | O::Saturate
                | O::Cos
                | O::Sin
                | O::Tan
                | O::Acos
                | O::Asin
                | O::Atan
                | O::Hcos
                | O::Hsin
                | O::Htan
                | O::Exp
                | O::Frc
                | O::Log
                | O::Sqrt
                | O::Rsqrt
                | O::RoundNe
                | O::RoundNi
                | O::RoundPi
                | O::RoundZ
                | O::IsNaN
                | O::IsInf
                | O::IsFinite
                | O::IsNormal
                | O::FMax
                | O::FMin
                | O::IMax
                | O::IMin
                | O::UMax
                | O::UMin
                | O::FMad
                | O::Fma
                | O::IMad
                | O::UMad
                | O::Bfrev
                | O::Countbits
                | O::FirstbitLo
                | O::FirstbitHi
                | O::FirstbitSHi
                | O::Ibfe
                | O::Ubfe
                | O::Bfi
                | O::DerivCoarseX
                | O::DerivCoarseY
                | O::DerivFineX
                | O::DerivFineY
                | O::WaveActiveAllEqual
                | O::WaveReadLaneFirst
                | O::WaveReadLaneAt
                | O::WaveActiveOp
                | O::WavePrefixOp
                | O::WaveMultiPrefixOp
                | O::WaveActiveBit
                | O::QuadReadLaneAt
                | O::QuadOp
                | O::RawBufferVectorLoad
                | O::RawBufferVectorStore
                | O::VectorReduceAnd
                | O::VectorReduceOr
                | O::FDot
        );
        if takes_vectors {
            return Ok(());
        }
        let vector = self
            .m
            .value_list(args)
            .find_map(|a| self.m.types.vector_len(self.vty(a)));
        match vector {
            Some(n) => Err(self.unsupported(format!(
                "dx.op {} (opcode {}) on {n}-component vectors (SM 6.9 vector overload)",
                op.name(),
                op as u32
            ))),
            None => Ok(()),
        }
    }

    /// Lowers one dx.op: routes it to its family.
    fn dxop(&mut self, op: OpCode, d: DxOp, t: TypeId) -> Result<Option<Val>> {
        use super::wave::Lanewise as L;
        use DxOp as D;
        let id = |w: Word| Ok(Some(Val::Id(w)));
        let none = |()| Ok(None);
        match d {
            // ---- compute built-ins
            D::ThreadId(o) => id(self.builtin_component(BuiltIn::GlobalInvocationId, o.component)?),
            D::GroupId(o) => id(self.builtin_component(BuiltIn::WorkgroupId, o.component)?),
            D::ThreadIdInGroup(o) => {
                id(self.builtin_component(BuiltIn::LocalInvocationId, o.component)?)
            }
            D::FlattenedThreadIdInGroup => id(self.builtin_scalar(BuiltIn::LocalInvocationIndex)?),
            D::GetGroupWaveIndex => id(self.group_wave(BuiltIn::SubgroupId)?),
            D::GetGroupWaveCount => id(self.group_wave(BuiltIn::NumSubgroups)?),
            // No debugger is ever attached: a break does nothing.
            D::IsDebuggingEnabled => id(self.spv.boolc(false)),
            D::DebugBreak => Ok(None),
            D::Barrier(o) => none(self.barrier(o.barrier_mode)?),
            D::BarrierByMemoryType(o) => {
                none(self.barrier_by_memory_type(o.memory_type_flags, o.semantic_flags)?)
            }
            D::BarrierByMemoryHandle(o) => {
                self.handle(o.object)?;
                none(self.barrier_by_handle(o.semantic_flags)?)
            }

            // ---- element-wise math (vector overloads lane by lane)
            D::FAbs(o)
            | D::Saturate(o)
            | D::Cos(o)
            | D::Sin(o)
            | D::Tan(o)
            | D::Acos(o)
            | D::Asin(o)
            | D::Atan(o)
            | D::Hcos(o)
            | D::Hsin(o)
            | D::Htan(o)
            | D::Exp(o)
            | D::Frc(o)
            | D::Log(o)
            | D::Sqrt(o)
            | D::Rsqrt(o)
            | D::RoundNe(o)
            | D::RoundNi(o)
            | D::RoundPi(o)
            | D::RoundZ(o)
            | D::Bfrev(o) => id(self.componentwise(op, &[o.value], t)?),
            D::IsNaN(o) | D::IsInf(o) | D::IsFinite(o) | D::IsNormal(o) => {
                id(self.componentwise(op, &[o.value], t)?)
            }
            D::Countbits(o) | D::FirstbitLo(o) | D::FirstbitHi(o) | D::FirstbitSHi(o) => {
                id(self.componentwise(op, &[o.value], t)?)
            }
            D::FMax(o) | D::FMin(o) | D::IMax(o) | D::IMin(o) | D::UMax(o) | D::UMin(o) => {
                id(self.componentwise(op, &[o.a, o.b], t)?)
            }
            D::FMad(o)
            | D::Fma(o)
            | D::IMad(o)
            | D::UMad(o)
            | D::Msad(o)
            | D::Ibfe(o)
            | D::Ubfe(o) => id(self.componentwise(op, &[o.a, o.b, o.c], t)?),
            D::Bfi(o) => {
                let xs = [o.width, o.offset, o.value, o.replaced_value];
                id(self.componentwise(op, &xs, t)?)
            }
            D::UAddc(o) => Ok(Some(self.carry_or_borrow(Op::IAddCarry, o)?)),
            D::USubb(o) => Ok(Some(self.carry_or_borrow(Op::ISubBorrow, o)?)),
            D::Dot2(o) => id(self.dot(&o.a, &o.b, t)?),
            D::Dot3(o) => id(self.dot(&o.a, &o.b, t)?),
            D::Dot4(o) => id(self.dot(&o.a, &o.b, t)?),
            D::Dot2AddHalf(o) => id(self.dot2_add_half(o)?),
            D::Dot4AddI8Packed(o) => id(self.dot4_packed(o, true)?),
            D::Dot4AddU8Packed(o) => id(self.dot4_packed(o, false)?),

            // ---- conversions
            D::LegacyF32ToF16(o) => {
                let x = self.value_id(o.value)?;
                id(self.legacy_f32_to_f16(x)?)
            }
            D::LegacyF16ToF32(o) => {
                let x = self.value_id(o.value)?;
                id(self.legacy_f16_to_f32(x)?)
            }
            D::MakeDouble(o) => {
                let (lo, hi) = (self.value_id(o.lo)?, self.value_id(o.hi)?);
                id(self.make_double(lo, hi)?)
            }
            D::SplitDouble(o) => {
                let d = self.value_id(o.value)?;
                Ok(Some(Val::Parts(self.split_double(d)?)))
            }
            D::LegacyDoubleToFloat(o) => {
                let x = self.value_id(o.value)?;
                let f = self.spv.float_ty(32);
                id(self.op(Op::FConvert, f, &[x])?)
            }
            D::LegacyDoubleToSInt32(o) => {
                let x = self.value_id(o.value)?;
                let s = self.spv.sint_ty(32);
                let r = self.op(Op::ConvertFToS, s, &[x])?;
                let u = self.spv.u32_ty();
                id(self.bitcast(u, r)?)
            }
            D::LegacyDoubleToUInt32(o) => {
                let x = self.value_id(o.value)?;
                let u = self.spv.u32_ty();
                id(self.op(Op::ConvertFToU, u, &[x])?)
            }
            D::BitcastI16toF16(o) => id(self.bitcast_op(o.value, t)?),
            D::BitcastF16toI16(o) => id(self.bitcast_op(o.value, t)?),
            D::BitcastI32toF32(o) => id(self.bitcast_op(o.value, t)?),
            D::BitcastF32toI32(o) => id(self.bitcast_op(o.value, t)?),
            D::BitcastI64toF64(o) => id(self.bitcast_op(o.value, t)?),
            D::BitcastF64toI64(o) => id(self.bitcast_op(o.value, t)?),
            D::Unpack4x8(o) => Ok(Some(Val::Parts(self.unpack4x8(o, t)?))),
            D::Pack4x8(o) => id(self.pack4x8(o)?),

            // ---- resources
            D::CreateHandle(o) => Ok(Some(self.create_handle(o)?)),
            D::CreateHandleFromBinding(o) => Ok(Some(self.create_handle_from_binding(o)?)),
            D::AnnotateHandle(o) => Ok(Some(self.annotate_handle(o)?)),
            D::CreateHandleFromHeap(o) => Ok(Some(self.create_handle_from_heap(o)?)),
            D::CBufferLoadLegacy(o) => {
                let h = self.handle(o.handle)?;
                let s = self.scalar_of(self.overload_of_struct(t)?)?;
                let parts = self.cbuffer_load_legacy(h, o.reg_index, s)?;
                Ok(Some(Val::Parts(parts)))
            }
            D::CBufferLoad(o) => {
                let h = self.handle(o.handle)?;
                let s = self.scalar_of(t)?;
                id(self.cbuffer_load(h, o.byte_offset, s)?)
            }
            D::BufferLoad(o) => self.buffer_load(o, t),
            D::RawBufferLoad(o) => self.raw_buffer_load(o, t),
            D::BufferStore(o) => none(self.buffer_store(o)?),
            D::RawBufferStore(o) => none(self.raw_buffer_store(o)?),
            D::BufferUpdateCounter(o) => id(self.buffer_update_counter(o)?),
            D::CheckAccessFullyMapped(_) => id(self.spv.boolc(true)),
            D::GetDimensions(o) => Ok(Some(Val::Parts(self.get_dimensions(o)?))),
            D::Sample(o) => Ok(Some(self.sample(o.into(), t)?)),
            D::SampleBias(o) => Ok(Some(self.sample(o.into(), t)?)),
            D::SampleLevel(o) => Ok(Some(self.sample(o.into(), t)?)),
            D::SampleGrad(o) => Ok(Some(self.sample(o.into(), t)?)),
            D::SampleCmp(o) => Ok(Some(self.sample(o.into(), t)?)),
            D::SampleCmpLevelZero(o) => Ok(Some(self.sample(o.into(), t)?)),
            D::SampleCmpLevel(o) => Ok(Some(self.sample(o.into(), t)?)),
            D::SampleCmpBias(o) => Ok(Some(self.sample(o.into(), t)?)),
            D::SampleCmpGrad(o) => Ok(Some(self.sample(o.into(), t)?)),
            D::TextureLoad(o) => Ok(Some(self.texture_load(o, t)?)),
            D::TextureStore(o) => none(self.texture_store(o)?),
            D::TextureStoreSample(o) => none(self.texture_store_sample(o)?),
            D::TextureGather(o) => Ok(Some(self.texture_gather(o.into(), t)?)),
            D::TextureGatherCmp(o) => Ok(Some(self.texture_gather(o.into(), t)?)),
            D::CalculateLOD(o) => id(self.calculate_lod(o)?),
            D::TextureGatherRaw(o) => Ok(Some(self.texture_gather_raw(o, t)?)),
            D::AtomicBinOp(o) => id(self.atomic_binop(o, t)?),
            D::AtomicCompareExchange(o) => id(self.atomic_cmpxchg(o, t)?),

            // ---- waves
            D::WaveIsFirstLane => id(self.wave_is_first_lane()?),
            D::WaveGetLaneIndex => id(self.wave_lane_index()?),
            D::WaveGetLaneCount => id(self.wave_lane_count()?),
            D::WaveAnyTrue(o) => {
                let c = self.value_id(o.cond)?;
                id(self.wave_vote(Op::GroupNonUniformAny, c)?)
            }
            D::WaveAllTrue(o) => {
                let c = self.value_id(o.cond)?;
                id(self.wave_vote(Op::GroupNonUniformAll, c)?)
            }
            D::WaveActiveAllEqual(o) => id(self.wave_componentwise(L::AllEqual, o.value, t)?),
            D::WaveReadLaneFirst(o) => id(self.wave_componentwise(L::ReadFirst, o.value, t)?),
            D::WaveReadLaneAt(o) => id(self.wave_componentwise(L::ReadLane(o.lane), o.value, t)?),
            D::QuadReadLaneAt(o) => {
                id(self.wave_componentwise(L::QuadReadLane(o.quad_lane), o.value, t)?)
            }
            D::WaveActiveOp(o) => {
                let signed = o.sop == SignedOpKind::Signed;
                let k = L::Arith(WaveArith::of_op(o.op), signed, GroupOperation::Reduce);
                id(self.wave_componentwise(k, o.value, t)?)
            }
            D::WavePrefixOp(o) => {
                let signed = o.sop == SignedOpKind::Signed;
                let k = L::Arith(
                    WaveArith::of_op(o.op),
                    signed,
                    GroupOperation::ExclusiveScan,
                );
                id(self.wave_componentwise(k, o.value, t)?)
            }
            D::WaveActiveBit(o) => {
                let k = L::Arith(WaveArith::of_bit_op(o.op), false, GroupOperation::Reduce);
                id(self.wave_componentwise(k, o.value, t)?)
            }
            D::QuadOp(o) => id(self.wave_componentwise(L::QuadSwap(o.op as u32), o.value, t)?),
            D::WaveActiveBallot(o) => {
                let c = self.value_id(o.cond)?;
                Ok(Some(Val::Parts(self.wave_ballot(c)?)))
            }
            D::WaveAllBitCount(o) => {
                let c = self.value_id(o.value)?;
                id(self.wave_bit_count(c, GroupOperation::Reduce)?)
            }
            D::WavePrefixBitCount(o) => {
                let c = self.value_id(o.value)?;
                id(self.wave_bit_count(c, GroupOperation::ExclusiveScan)?)
            }
            D::WaveMatch(o) => {
                let vt = self.vty(o.value);
                Ok(Some(Val::Parts(self.wave_match(vt, o.value)?)))
            }
            D::WaveMultiPrefixOp(o) => id(self.wave_multi_prefix_op(o, t)?),
            D::WaveMultiPrefixBitCount(o) => id(self.wave_multi_prefix_bit_count(o)?),
            D::QuadVote(o) => {
                let c = self.value_id(o.cond)?;
                id(self.quad_vote(c, o.op == crate::dxil::QuadVoteOpKind::All)?)
            }
            D::IsHelperLane => id(self.is_helper_lane()?),

            // ---- vertex, geometry and pixel shaders
            D::LoadInput(o) => id(self.load_input(o, t)?),
            D::StoreOutput(o) => none(self.store_output(SignatureKind::Output, o.into())?),
            D::StoreVertexOutput(o) => none(self.store_output(SignatureKind::Output, o.into())?),
            D::StorePrimitiveOutput(o) => {
                none(self.store_output(SignatureKind::PatchConstOrPrim, o.into())?)
            }
            D::SetMeshOutputCounts(o) => none(self.set_mesh_output_counts(o)?),
            D::EmitIndices(o) => none(self.emit_indices(o)?),
            D::GetMeshPayload => Ok(Some(self.mesh_payload(t)?)),
            D::DispatchMesh(o) => none(self.dispatch_mesh(o)?),
            D::Discard(o) => none(self.discard(o.condition)?),
            D::DerivCoarseX(o) => id(self.derivative(Op::DPdxCoarse, o.value, t)?),
            D::DerivCoarseY(o) => id(self.derivative(Op::DPdyCoarse, o.value, t)?),
            D::DerivFineX(o) => id(self.derivative(Op::DPdxFine, o.value, t)?),
            D::DerivFineY(o) => id(self.derivative(Op::DPdyFine, o.value, t)?),
            D::SampleIndex => id(self.pixel_builtin(BuiltIn::SampleId)?),
            D::Coverage => id(self.pixel_builtin(BuiltIn::SampleMask)?),
            D::InnerCoverage => id(self.pixel_builtin(BuiltIn::FullyCoveredEXT)?),
            D::EvalCentroid(o) => {
                let io = (o.input_sig_id, o.input_row_index, o.input_col_index);
                id(self.eval_attribute(GLOp::InterpolateAtCentroid, io, &[], t)?)
            }
            D::EvalSampleIndex(o) => {
                let io = (o.input_sig_id, o.input_row_index, o.input_col_index);
                let extra = [o.sample_index];
                id(self.eval_attribute(GLOp::InterpolateAtSample, io, &extra, t)?)
            }
            D::EvalSnapped(o) => {
                let io = (o.input_sig_id, o.input_row_index, o.input_col_index);
                id(self.eval_attribute(GLOp::InterpolateAtOffset, io, &o.offset, t)?)
            }
            D::ViewID => id(self.view_id()?),
            D::AttributeAtVertex(o) => id(self.attribute_at_vertex(o, t)?),
            D::WriteSamplerFeedback(_)
            | D::WriteSamplerFeedbackBias(_)
            | D::WriteSamplerFeedbackLevel(_)
            | D::WriteSamplerFeedbackGrad(_) => {
                Err(self
                    .unsupported("sampler feedback (FeedbackTexture2D) has no Vulkan counterpart"))
            }
            D::RenderTargetGetSampleCount => id(self.render_target_sample_count()?),
            D::RenderTargetGetSamplePosition(o) => {
                Ok(Some(self.render_target_sample_position(o.index)?))
            }
            D::Texture2DMSGetSamplePosition(o) => {
                Ok(Some(self.texture_sample_position(o.srv, o.index)?))
            }
            D::EmitStream(o) => none(self.stream_op(o.stream_id, true, false)?),
            D::CutStream(o) => none(self.stream_op(o.stream_id, false, true)?),
            D::EmitThenCutStream(o) => none(self.stream_op(o.stream_id, true, true)?),
            D::AllocateRayQuery(o) => Ok(Some(self.allocate_ray_query(o.const_ray_flags, None)?)),
            D::AllocateRayQuery2(o) => Ok(Some(
                self.allocate_ray_query(o.const_ray_flags, Some(o.const_ray_query_flags))?,
            )),
            D::RayQueryTraceRayInline(o) => none(self.trace_ray_inline(o)?),
            D::RayQueryProceed(o) => self.ray_query_op(op, o.ray_query_handle, &[]),
            D::RayQueryAbort(o) => self.ray_query_op(op, o.ray_query_handle, &[]),
            D::RayQueryCommitNonOpaqueTriangleHit(o) => {
                self.ray_query_op(op, o.ray_query_handle, &[])
            }
            D::RayQueryCommitProceduralPrimitiveHit(o) => {
                self.ray_query_op(op, o.ray_query_handle, &[o.t])
            }
            D::RayQueryCommittedStatus(o)
            | D::RayQueryCandidateType(o)
            | D::RayQueryCandidateProceduralPrimitiveNonOpaque(o)
            | D::RayQueryCandidateTriangleFrontFace(o)
            | D::RayQueryCommittedTriangleFrontFace(o)
            | D::RayQueryRayFlags(o)
            | D::RayQueryRayTMin(o)
            | D::RayQueryCandidateTriangleRayT(o)
            | D::RayQueryCommittedRayT(o)
            | D::RayQueryCandidateInstanceIndex(o)
            | D::RayQueryCandidateInstanceID(o)
            | D::RayQueryCandidateGeometryIndex(o)
            | D::RayQueryCandidatePrimitiveIndex(o)
            | D::RayQueryCommittedInstanceIndex(o)
            | D::RayQueryCommittedInstanceID(o)
            | D::RayQueryCommittedGeometryIndex(o)
            | D::RayQueryCommittedPrimitiveIndex(o)
            | D::RayQueryCandidateInstanceContributionToHitGroupIndex(o)
            | D::RayQueryCommittedInstanceContributionToHitGroupIndex(o) => {
                self.ray_query_op(op, o.ray_query_handle, &[])
            }
            D::RayQueryCandidateObjectToWorld3x4(o)
            | D::RayQueryCandidateWorldToObject3x4(o)
            | D::RayQueryCommittedObjectToWorld3x4(o)
            | D::RayQueryCommittedWorldToObject3x4(o) => {
                self.ray_query_op(op, o.ray_query_handle, &[o.row, o.col])
            }
            D::RayQueryCandidateTriangleBarycentrics(o)
            | D::RayQueryCommittedTriangleBarycentrics(o)
            | D::RayQueryWorldRayOrigin(o)
            | D::RayQueryWorldRayDirection(o)
            | D::RayQueryCandidateObjectRayOrigin(o)
            | D::RayQueryCandidateObjectRayDirection(o)
            | D::RayQueryCommittedObjectRayOrigin(o)
            | D::RayQueryCommittedObjectRayDirection(o) => {
                self.ray_query_op(op, o.ray_query_handle, &[o.component])
            }
            D::TriangleObjectPosition => id(self.triangle_object_position(t)?),
            D::RayQueryCandidateTriangleObjectPosition(o) => {
                id(self.ray_query_triangle_positions(o.ray_query_handle, false, t)?)
            }
            D::RayQueryCommittedTriangleObjectPosition(o) => {
                id(self.ray_query_triangle_positions(o.ray_query_handle, true, t)?)
            }
            D::GSInstanceID => id(self.geometry_builtin(BuiltIn::InvocationId)?),
            D::PrimitiveID if self.desc.kind == crate::dxil::ShaderKind::Geometry => {
                id(self.geometry_builtin(BuiltIn::PrimitiveId)?)
            }
            D::PrimitiveID => id(self.hull_builtin(BuiltIn::PrimitiveId)?),
            D::OutputControlPointID => id(self.hull_builtin(BuiltIn::InvocationId)?),
            D::LoadOutputControlPoint(o) => {
                let io = (o.input_sig_id, o.row, o.col);
                id(self.load_tessellation(SignatureKind::Output, io, Some(o.index), t)?)
            }
            D::LoadPatchConstant(o) => {
                let io = (o.input_sig_id, o.row, o.col);
                id(self.load_tessellation(SignatureKind::PatchConstOrPrim, io, None, t)?)
            }
            D::StorePatchConstant(o) => {
                none(self.store_output(SignatureKind::PatchConstOrPrim, o.into())?)
            }
            D::DomainLocation(o) => id(self.domain_location(o.component)?),
            D::StartVertexLocation => id(self.draw_base(BuiltIn::BaseVertex)?),
            D::StartInstanceLocation => id(self.draw_base(BuiltIn::BaseInstance)?),

            // ---- Ray tracing (library exports)
            D::InstanceID
            | D::InstanceIndex
            | D::HitKind
            | D::RayFlags
            | D::RayTMin
            | D::RayTCurrent
            | D::PrimitiveIndex
            | D::GeometryIndex => id(self.ray_system_value(op, &[])?),
            D::DispatchRaysIndex(o) => id(self.ray_system_value(op, &[o.col])?),
            D::DispatchRaysDimensions(o) => id(self.ray_system_value(op, &[o.col])?),
            D::WorldRayOrigin(o) => id(self.ray_system_value(op, &[o.col])?),
            D::WorldRayDirection(o) => id(self.ray_system_value(op, &[o.col])?),
            D::ObjectRayOrigin(o) => id(self.ray_system_value(op, &[o.col])?),
            D::ObjectRayDirection(o) => id(self.ray_system_value(op, &[o.col])?),
            D::ObjectToWorld(o) => id(self.ray_system_value(op, &[o.row, o.col])?),
            D::WorldToObject(o) => id(self.ray_system_value(op, &[o.row, o.col])?),
            D::TraceRay(o) => none(self.trace_ray(o)?),
            D::CallShader(o) => none(self.call_shader(o)?),
            D::ReportHit(o) => Ok(Some(self.report_hit(o)?)),
            D::IgnoreHit => none(self.end_hit(false)?),
            D::AcceptHitAndEndSearch => none(self.end_hit(true)?),
            D::CreateHandleForLib(o) => Ok(Some(self.val(o.resource)?)),

            // ---- Shader execution reordering (SM 6.9)
            D::HitObjectTraceRay(o) => Ok(Some(self.hit_object_trace_ray(o)?)),
            D::HitObjectMakeMiss(o) => Ok(Some(self.hit_object_make_miss(o)?)),
            D::HitObjectMakeNop => Ok(Some(self.hit_object_make_nop()?)),
            D::HitObjectInvoke(o) => none(self.hit_object_invoke(o)?),
            D::MaybeReorderThread(o) => none(self.maybe_reorder_thread(o)?),
            D::HitObjectAttributes(o) => none(self.hit_object_attributes(o)?),
            D::HitObjectIsMiss(o)
            | D::HitObjectIsHit(o)
            | D::HitObjectIsNop(o)
            | D::HitObjectRayFlags(o)
            | D::HitObjectRayTMin(o)
            | D::HitObjectRayTCurrent(o)
            | D::HitObjectGeometryIndex(o)
            | D::HitObjectInstanceIndex(o)
            | D::HitObjectInstanceID(o)
            | D::HitObjectPrimitiveIndex(o)
            | D::HitObjectHitKind(o)
            | D::HitObjectShaderTableIndex(o) => {
                id(self.hit_object_query(op, o.hit_object, &[])?)
            }
            D::HitObjectWorldRayOrigin(o)
            | D::HitObjectWorldRayDirection(o)
            | D::HitObjectObjectRayOrigin(o)
            | D::HitObjectObjectRayDirection(o) => {
                id(self.hit_object_query(op, o.hit_object, &[o.component])?)
            }
            D::HitObjectObjectToWorld3x4(o) | D::HitObjectWorldToObject3x4(o) => {
                id(self.hit_object_query(op, o.hit_object, &[o.row, o.col])?)
            }
            D::HitObjectFromRayQuery(_) | D::HitObjectFromRayQueryWithAttrs(_) => Err(self
                .unsupported(
                    "a hit object from a ray query needs SPV_EXT_shader_invocation_reorder \
                     (OpHitObjectRecordFromQueryEXT); hit objects are emitted with \
                     SPV_NV_shader_invocation_reorder",
                )),
            D::HitObjectSetShaderTableIndex(_) => Err(self.unsupported(
                "setting a hit object's shader table index needs \
                 SPV_EXT_shader_invocation_reorder; hit objects are emitted with \
                 SPV_NV_shader_invocation_reorder",
            )),
            D::HitObjectLoadLocalRootTableConstant(_) => {
                Err(self.unsupported("local root signatures are not mapped to shader records"))
            }

            // ---- SM 6.9 vector operations
            D::RawBufferVectorLoad(o) => self.raw_buffer_vector_load(o, t),
            D::RawBufferVectorStore(o) => none(self.raw_buffer_vector_store(o)?),
            D::VectorReduceAnd(o) => id(self.vector_reduce(true, o.a, t)?),
            D::VectorReduceOr(o) => id(self.vector_reduce(false, o.a, t)?),
            D::FDot(o) => id(self.vector_dot(o.a, o.b, t)?),

            // Everything else: not (yet) lowered.
            D::TempRegLoad(_)
            | D::TempRegStore(_)
            | D::MinPrecXRegLoad(_)
            | D::MinPrecXRegStore(_)
            | D::IMul(_)
            | D::UMul(_)
            | D::UDiv(_)
            | D::CycleCounterLegacy
            | D::AllocateNodeOutputRecords(_)
            | D::GetNodeRecordPtr(_)
            | D::IncrementOutputCount(_)
            | D::OutputComplete(_)
            | D::GetInputRecordCount(_)
            | D::FinishedCrossGroupSharing(_)
            | D::BarrierByNodeRecordHandle(_)
            | D::CreateNodeOutputHandle(_)
            | D::IndexNodeHandle(_)
            | D::AnnotateNodeHandle(_)
            | D::CreateNodeInputRecordHandle(_)
            | D::AnnotateNodeRecordHandle(_)
            | D::NodeOutputIsValid(_)
            | D::GetRemainingRecursionLevels
            | D::ExperimentalNop
            | D::ClusterID
            | D::RayQueryCandidateClusterID(_)
            | D::RayQueryCommittedClusterID(_)
            | D::HitObjectClusterID(_)
            | D::HitObjectTriangleObjectPosition(_)
            | D::LinAlgMatrixMultiplyAccumulate(_)
            | D::LinAlgFillMatrix(_)
            | D::LinAlgCopyConvertMatrix(_)
            | D::LinAlgMatrixLoadFromDescriptor(_)
            | D::LinAlgMatrixLoadFromMemory(_)
            | D::LinAlgMatrixLength(_)
            | D::LinAlgMatrixGetCoordinate(_)
            | D::LinAlgMatrixGetElement(_)
            | D::LinAlgMatrixSetElement(_)
            | D::LinAlgMatrixStoreToDescriptor(_)
            | D::LinAlgMatrixStoreToMemory(_)
            | D::LinAlgMatrixQueryAccumulatorLayout
            | D::LinAlgMatrixMultiply(_)
            | D::LinAlgMatrixAccumulate(_)
            | D::LinAlgMatVecMul(_)
            | D::LinAlgMatVecMulAdd(_)
            | D::LinAlgMatrixAccumulateToDescriptor(_)
            | D::LinAlgMatrixAccumulateToMemory(_)
            | D::LinAlgMatrixOuterProduct(_)
            | D::LinAlgConvert(_)
            | D::LinAlgVectorAccumulateToDescriptor(_) => Err(self.not_supported(op)),
        }
    }
}

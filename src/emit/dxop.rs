//! Calls: the exhaustive dispatch over [`OpCode`] (so the set of unhandled
//! operations is known at compile time) and the math dx.ops.

use super::module::{low_mask, Emitter, Val};
use super::resource::arg;
use super::wave::WaveArith;
use crate::dxil::{OpCode, ResourceKind, SignatureKind};
use crate::error::Result;
use crate::ir::{self, ListRange, TypeId, ValueId};
use rspirv::spirv::{BuiltIn, GlslStd450Op as GLOp, GroupOperation, Op, Word};

/// The element-wise math dx.ops: every argument after the opcode is an
/// operand of the overload type (vector overloads are lowered lane by lane).
macro_rules! componentwise_math {
    () => {
        OpCode::FAbs
            | OpCode::Saturate
            | OpCode::Cos
            | OpCode::Sin
            | OpCode::Tan
            | OpCode::Acos
            | OpCode::Asin
            | OpCode::Atan
            | OpCode::Hcos
            | OpCode::Hsin
            | OpCode::Htan
            | OpCode::Exp
            | OpCode::Frc
            | OpCode::Log
            | OpCode::Sqrt
            | OpCode::Rsqrt
            | OpCode::RoundNe
            | OpCode::RoundNi
            | OpCode::RoundPi
            | OpCode::RoundZ
            | OpCode::IsNaN
            | OpCode::IsInf
            | OpCode::IsFinite
            | OpCode::IsNormal
            | OpCode::FMax
            | OpCode::FMin
            | OpCode::IMax
            | OpCode::IMin
            | OpCode::UMax
            | OpCode::UMin
            | OpCode::FMad
            | OpCode::Fma
            | OpCode::IMad
            | OpCode::UMad
            | OpCode::Bfrev
            | OpCode::Countbits
            | OpCode::FirstbitLo
            | OpCode::FirstbitHi
            | OpCode::FirstbitSHi
            | OpCode::Ibfe
            | OpCode::Ubfe
            | OpCode::Bfi
    };
}

/// The wave and quad dx.ops that act on each component of their value
/// (vector overloads are lowered lane by lane).
macro_rules! componentwise_wave {
    () => {
        OpCode::WaveActiveAllEqual
            | OpCode::WaveReadLaneFirst
            | OpCode::WaveReadLaneAt
            | OpCode::WaveActiveOp
            | OpCode::WavePrefixOp
            | OpCode::WaveActiveBit
            | OpCode::QuadReadLaneAt
            | OpCode::QuadOp
    };
}

impl<'m> Emitter<'m> {
    /// A `call` instruction.
    pub fn call(&mut self, callee: ValueId, args: ListRange, t: TypeId) -> Result<Option<Val>> {
        let f = self
            .m
            .callee_function(callee)
            .ok_or_else(|| self.unsupported("indirect calls"))?;
        let name = self.m.function_name(f);
        if name.starts_with("llvm.lifetime.") {
            return Ok(None);
        }
        if !name.starts_with("dx.op.") {
            let is_decl = self.m.function(f).map(|f| f.is_declaration).unwrap_or(true);
            return Err(if is_decl {
                self.unsupported(format!("call to external function @{name}"))
            } else {
                self.unsupported(format!("call to non-inlined function @{name}"))
            });
        }
        let op = crate::dxil::decode_call(self.m, f, args)
            .map_err(|e| e.with_location(self.loc.clone()))?
            .op;
        let args: smallvec::SmallVec<[ValueId; 16]> = self.m.value_list(args).collect();
        self.cur_op = Some(op);
        // The stages the operation exists in (DXC's table): a compute-only
        // operation in a vertex shader is invalid DXIL and would be
        // invalid SPIR-V.
        let kind = self.desc.kind;
        let result = if op.stages().contains(kind) {
            self.dxop(op, &args, t)
        } else {
            Err(self.invalid(format!(
                "dx.op {} (opcode {}) is not allowed in {} shaders",
                op.name(),
                op as u32,
                kind.profile_prefix()
            )))
        };
        self.cur_op = None;
        result
    }

    fn not_supported(&self, op: OpCode) -> crate::error::Error {
        let (ma, mi) = op.min_shader_model();
        self.unsupported(format!(
            "dx.op {} (opcode {}, shader model {ma}.{mi}) is not supported yet",
            op.name(),
            op as u32
        ))
    }

    fn a(&mut self, args: &[ValueId], i: usize) -> Result<Word> {
        let v = arg(args, i)?;
        self.value_id(v)
    }

    fn imm(&self, args: &[ValueId], i: usize) -> Result<u64> {
        let v = arg(args, i)?;
        self.m
            .const_uint(v)
            .ok_or_else(|| self.invalid(format!("dx.op immediate operand {i} is not a constant")))
    }

    /// Immediate operand `i` when it is a constant below `n` (at most
    /// 2^32): an element, lane, channel or stream number.
    pub(crate) fn imm_below(&self, args: &[ValueId], i: usize, n: u64) -> Option<u32> {
        let c = self.m.const_uint(*args.get(i)?)?;
        if c < n {
            u32::try_from(c).ok()
        } else {
            None
        }
    }

    /// Rejects a vector overload (SM 6.9) of a dx.op whose lowering takes
    /// scalars only.
    fn check_scalar_overload(&self, op: OpCode, args: &[ValueId]) -> Result<()> {
        use OpCode as O;
        let takes_vectors = matches!(
            op,
            componentwise_math!()
                | componentwise_wave!()
                | O::RawBufferVectorLoad
                | O::RawBufferVectorStore
                | O::VectorReduceAnd
                | O::VectorReduceOr
                | O::FDot
        );
        let vector = args
            .iter()
            .skip(1)
            .find_map(|&a| self.m.types.vector_len(self.vty(a)));
        match vector {
            Some(n) if !takes_vectors => Err(self.unsupported(format!(
                "dx.op {} (opcode {}) on {n}-component vectors (SM 6.9 vector overload)",
                op.name(),
                op as u32
            ))),
            _ => Ok(()),
        }
    }

    /// Lowers one dx.op.
    fn dxop(&mut self, op: OpCode, args: &[ValueId], t: TypeId) -> Result<Option<Val>> {
        use OpCode as O;
        let id = |w: Word| Ok(Some(Val::Id(w)));
        self.check_scalar_overload(op, args)?;
        match op {
            // ---- compute built-ins
            O::ThreadId => {
                let c = arg(args, 1)?;
                id(self.builtin_component(BuiltIn::GlobalInvocationId, c)?)
            }
            O::GroupId => {
                let c = arg(args, 1)?;
                id(self.builtin_component(BuiltIn::WorkgroupId, c)?)
            }
            O::ThreadIdInGroup => {
                let c = arg(args, 1)?;
                id(self.builtin_component(BuiltIn::LocalInvocationId, c)?)
            }
            O::FlattenedThreadIdInGroup => id(self.builtin_scalar(BuiltIn::LocalInvocationIndex)?),
            O::Barrier => {
                self.barrier(arg(args, 1)?)?;
                Ok(None)
            }
            O::BarrierByMemoryType => {
                self.barrier_by_memory_type(arg(args, 1)?, arg(args, 2)?)?;
                Ok(None)
            }
            O::BarrierByMemoryHandle => {
                self.handle(arg(args, 1)?)?;
                self.barrier_by_handle(arg(args, 2)?)?;
                Ok(None)
            }

            // ---- element-wise math (vector overloads lane by lane)
            componentwise_math!() => id(self.componentwise(op, args, t)?),
            O::UAddc | O::USubb => {
                // `%dx.types.i32c = { i32 result, i1 carry/borrow }`.
                let (a, b) = (self.a(args, 1)?, self.a(args, 2)?);
                let u = self.u32_ty();
                let st = self.ty(super::module::TyKey::Struct2(u, u));
                let sop = if op == O::UAddc {
                    Op::IAddCarry
                } else {
                    Op::ISubBorrow
                };
                let r = self.op(sop, st, &[a, b])?;
                let v = self.composite_extract(u, r, 0)?;
                let c = self.composite_extract(u, r, 1)?;
                let zero = self.u32c(0);
                let bt = self.bool_ty();
                let c = self.op(Op::INotEqual, bt, &[c, zero])?;
                Ok(Some(Val::Parts(vec![v, c])))
            }
            O::Dot2 | O::Dot3 | O::Dot4 => {
                let n = match op {
                    O::Dot2 => 2,
                    O::Dot3 => 3,
                    _ => 4,
                };
                let ty = self.llvm_ty(t)?;
                let vt = self.vec_ty(ty, n);
                let mut xs = Vec::new();
                let mut ys = Vec::new();
                // Arguments 1..=n are x, n+1..=2n are y (n <= 4).
                for i in 1..=n as usize {
                    xs.push(self.a(args, i)?);
                    ys.push(self.a(args, i.saturating_add(n as usize))?);
                }
                let x = self.composite_construct(vt, &xs)?;
                let y = self.composite_construct(vt, &ys)?;
                id(self.op(Op::Dot, ty, &[x, y])?)
            }
            O::Dot2AddHalf => {
                let f = self.float_ty(32);
                let acc = self.a(args, 1)?;
                let mut h = [0; 4];
                for (slot, i) in h.iter_mut().zip(2..6) {
                    let x = self.a(args, i)?;
                    *slot = self.op(Op::FConvert, f, &[x])?;
                }
                let [h0, h1, h2, h3] = h;
                let p0 = self.op(Op::FMul, f, &[h0, h2])?;
                let p1 = self.op(Op::FMul, f, &[h1, h3])?;
                let s = self.op(Op::FAdd, f, &[p0, p1])?;
                id(self.op(Op::FAdd, f, &[acc, s])?)
            }
            O::Dot4AddI8Packed | O::Dot4AddU8Packed => {
                let acc = self.a(args, 1)?;
                let a = self.a(args, 2)?;
                let b = self.a(args, 3)?;
                id(self.dot4_packed(acc, a, b, op == O::Dot4AddI8Packed)?)
            }

            // ---- conversions
            O::LegacyF32ToF16 => {
                let x = self.a(args, 1)?;
                id(self.legacy_f32_to_f16(x)?)
            }
            O::LegacyF16ToF32 => {
                let x = self.a(args, 1)?;
                id(self.legacy_f16_to_f32(x)?)
            }
            O::MakeDouble => {
                let (lo, hi) = (self.a(args, 1)?, self.a(args, 2)?);
                id(self.make_double(lo, hi)?)
            }
            O::SplitDouble => {
                let d = self.a(args, 1)?;
                Ok(Some(Val::Parts(self.split_double(d)?)))
            }
            O::LegacyDoubleToFloat => {
                let x = self.a(args, 1)?;
                let f = self.float_ty(32);
                id(self.op(Op::FConvert, f, &[x])?)
            }
            O::LegacyDoubleToSInt32 => {
                let x = self.a(args, 1)?;
                let s = self.sint_ty(32);
                let r = self.op(Op::ConvertFToS, s, &[x])?;
                let u = self.u32_ty();
                id(self.bitcast(u, r)?)
            }
            O::LegacyDoubleToUInt32 => {
                let x = self.a(args, 1)?;
                let u = self.u32_ty();
                id(self.op(Op::ConvertFToU, u, &[x])?)
            }
            O::BitcastI16toF16
            | O::BitcastF16toI16
            | O::BitcastI32toF32
            | O::BitcastF32toI32
            | O::BitcastI64toF64
            | O::BitcastF64toI64 => {
                let x = self.a(args, 1)?;
                let ty = self.llvm_ty(t)?;
                id(self.bitcast(ty, x)?)
            }
            O::Unpack4x8 => {
                let signed = self.imm(args, 1)? == 1;
                let p = self.a(args, 2)?;
                let et = self.overload_of_struct(t)?;
                Ok(Some(Val::Parts(self.unpack4x8(p, signed, et)?)))
            }
            O::Pack4x8 => {
                let mode = self.imm(args, 1)?;
                let xv = arg(args, 2)?;
                let xt = self.vty(xv);
                let mut xs = Vec::new();
                for i in 2..6 {
                    xs.push(self.a(args, i)?);
                }
                id(self.pack4x8(mode, &xs, xt)?)
            }

            // ---- resources
            O::CreateHandle => Ok(Some(self.create_handle(args)?)),
            O::CreateHandleFromBinding => Ok(Some(self.create_handle_from_binding(args)?)),
            O::AnnotateHandle => Ok(Some(self.annotate_handle(args)?)),
            O::CreateHandleFromHeap => Ok(Some(self.create_handle_from_heap(args)?)),
            O::CBufferLoadLegacy => {
                let h = self.handle(arg(args, 1)?)?;
                let s = self.scalar_of(self.overload_of_struct(t)?)?;
                Ok(Some(Val::Parts(self.cbuffer_load_legacy(
                    h,
                    arg(args, 2)?,
                    s,
                )?)))
            }
            O::CBufferLoad => {
                let h = self.handle(arg(args, 1)?)?;
                let s = self.scalar_of(t)?;
                id(self.cbuffer_load(h, arg(args, 2)?, s)?)
            }
            O::BufferLoad | O::RawBufferLoad => self.buffer_load(op == O::RawBufferLoad, args, t),
            O::BufferStore | O::RawBufferStore => {
                self.buffer_store(op == O::RawBufferStore, args)?;
                Ok(None)
            }
            O::BufferUpdateCounter => {
                let h = self.handle(arg(args, 1)?)?;
                let inc = self
                    .m
                    .const_int(arg(args, 2)?)
                    .ok_or_else(|| self.invalid("BufferUpdateCounter: increment not constant"))?;
                id(self.update_counter(h, inc)?)
            }
            O::CheckAccessFullyMapped => id(self.boolc(true)),
            O::GetDimensions => {
                let h = self.handle(arg(args, 1)?)?;
                let kind = self.decl(h.res)?.kind;
                Ok(Some(Val::Parts(if super::resource::is_texture(kind) {
                    self.texture_dimensions(h, arg(args, 2)?)?
                } else {
                    self.buffer_dimensions(h)?
                })))
            }
            O::Sample
            | O::SampleBias
            | O::SampleLevel
            | O::SampleGrad
            | O::SampleCmp
            | O::SampleCmpLevelZero
            | O::SampleCmpLevel
            | O::SampleCmpBias
            | O::SampleCmpGrad => Ok(Some(self.sample(op, args, t)?)),
            O::TextureLoad => Ok(Some(self.texture_load(args, t)?)),
            O::TextureStore => {
                self.texture_store(args)?;
                Ok(None)
            }
            O::TextureGather | O::TextureGatherCmp => Ok(Some(self.texture_gather(
                op == O::TextureGatherCmp,
                args,
                t,
            )?)),
            O::CalculateLOD => id(self.calculate_lod(args)?),
            O::TextureGatherRaw => Ok(Some(self.texture_gather_raw(args, t)?)),
            O::AtomicBinOp => id(self.atomic_binop(args, t)?),
            O::AtomicCompareExchange => id(self.atomic_cmpxchg(args, t)?),

            // ---- waves
            O::WaveIsFirstLane => id(self.wave_is_first_lane()?),
            O::WaveGetLaneIndex => id(self.wave_lane_index()?),
            O::WaveGetLaneCount => id(self.wave_lane_count()?),
            O::WaveAnyTrue | O::WaveAllTrue => {
                let c = self.a(args, 1)?;
                let sop = if op == O::WaveAnyTrue {
                    Op::GroupNonUniformAny
                } else {
                    Op::GroupNonUniformAll
                };
                id(self.wave_vote(sop, c)?)
            }
            componentwise_wave!() => id(self.wave_componentwise(op, args, t)?),
            O::WaveActiveBallot => {
                let c = self.a(args, 1)?;
                Ok(Some(Val::Parts(self.wave_ballot(c)?)))
            }
            O::WaveAllBitCount | O::WavePrefixBitCount => {
                let c = self.a(args, 1)?;
                let g = if op == O::WaveAllBitCount {
                    GroupOperation::Reduce
                } else {
                    GroupOperation::ExclusiveScan
                };
                id(self.wave_bit_count(c, g)?)
            }
            O::WaveMatch => {
                let v = arg(args, 1)?;
                let vt = self.vty(v);
                Ok(Some(Val::Parts(self.wave_match(vt, v)?)))
            }
            O::WaveMultiPrefixOp => {
                let v = self.a(args, 1)?;
                let masks = [arg(args, 2)?, arg(args, 3)?, arg(args, 4)?, arg(args, 5)?];
                let k = match self.imm(args, 6)? {
                    0 => WaveArith::Sum,
                    1 => WaveArith::And,
                    2 => WaveArith::Or,
                    3 => WaveArith::Xor,
                    4 => WaveArith::Product,
                    _ => return Err(self.invalid("bad multiprefix op kind")),
                };
                let signed = self.imm(args, 7)? == 0;
                let (key, kty) = self.mask_key(masks)?;
                let r = self.per_partition(key, kty, 2, |e| {
                    Ok(vec![e.wave_arith(
                        k,
                        signed,
                        t,
                        v,
                        GroupOperation::ExclusiveScan,
                    )?])
                })?;
                id(self.single(r)?)
            }
            O::WaveMultiPrefixBitCount => {
                let c = self.a(args, 1)?;
                let masks = [arg(args, 2)?, arg(args, 3)?, arg(args, 4)?, arg(args, 5)?];
                let (key, kty) = self.mask_key(masks)?;
                let r = self.per_partition(key, kty, 2, |e| {
                    Ok(vec![e.wave_bit_count(c, GroupOperation::ExclusiveScan)?])
                })?;
                id(self.single(r)?)
            }
            O::QuadVote => {
                let c = self.a(args, 1)?;
                let all = self.imm(args, 2)? == 1;
                id(self.quad_vote(c, all)?)
            }
            O::IsHelperLane => id(self.is_helper_lane()?),

            // ---- vertex, geometry and pixel shaders
            O::LoadInput => id(self.load_input(args, t)?),
            O::StoreOutput | O::StoreVertexOutput => {
                self.store_output(SignatureKind::Output, args)?;
                Ok(None)
            }
            O::StorePrimitiveOutput => {
                self.store_output(SignatureKind::PatchConstOrPrim, args)?;
                Ok(None)
            }
            O::SetMeshOutputCounts => {
                self.set_mesh_output_counts(args)?;
                Ok(None)
            }
            O::EmitIndices => {
                self.emit_indices(args)?;
                Ok(None)
            }
            O::GetMeshPayload => Ok(Some(self.mesh_payload(t)?)),
            O::DispatchMesh => {
                self.dispatch_mesh(args)?;
                Ok(None)
            }
            O::Discard => {
                self.discard(arg(args, 1)?)?;
                Ok(None)
            }
            O::DerivCoarseX | O::DerivCoarseY | O::DerivFineX | O::DerivFineY => {
                let d = match op {
                    O::DerivCoarseX => Op::DPdxCoarse,
                    O::DerivCoarseY => Op::DPdyCoarse,
                    O::DerivFineX => Op::DPdxFine,
                    _ => Op::DPdyFine,
                };
                id(self.derivative(d, arg(args, 1)?, t)?)
            }
            O::SampleIndex => id(self.pixel_builtin(BuiltIn::SampleId)?),
            O::Coverage => id(self.pixel_builtin(BuiltIn::SampleMask)?),
            O::InnerCoverage => id(self.pixel_builtin(BuiltIn::FullyCoveredEXT)?),
            O::EvalCentroid => id(self.eval_attribute(GLOp::InterpolateAtCentroid, args, t)?),
            O::EvalSampleIndex => id(self.eval_attribute(GLOp::InterpolateAtSample, args, t)?),
            O::EvalSnapped => id(self.eval_attribute(GLOp::InterpolateAtOffset, args, t)?),
            O::ViewID => id(self.view_id()?),
            O::AttributeAtVertex => id(self.attribute_at_vertex(args, t)?),
            O::WriteSamplerFeedback
            | O::WriteSamplerFeedbackBias
            | O::WriteSamplerFeedbackLevel
            | O::WriteSamplerFeedbackGrad => {
                Err(self
                    .unsupported("sampler feedback (FeedbackTexture2D) has no Vulkan counterpart"))
            }
            O::RenderTargetGetSampleCount => id(self.render_target_sample_count()?),
            O::RenderTargetGetSamplePosition => Ok(Some(self.render_target_sample_position(args)?)),
            O::Texture2DMSGetSamplePosition => Ok(Some(self.texture_sample_position(args)?)),
            O::EmitStream | O::CutStream | O::EmitThenCutStream => {
                let emit = op != O::CutStream;
                let cut = op != O::EmitStream;
                self.stream_op(args, emit, cut)?;
                Ok(None)
            }
            O::AllocateRayQuery | O::AllocateRayQuery2 => Ok(Some(
                self.allocate_ray_query(args, op == O::AllocateRayQuery2)?,
            )),
            O::RayQueryTraceRayInline => {
                self.trace_ray_inline(args)?;
                Ok(None)
            }
            O::RayQueryProceed
            | O::RayQueryAbort
            | O::RayQueryCommitNonOpaqueTriangleHit
            | O::RayQueryCommitProceduralPrimitiveHit
            | O::RayQueryCommittedStatus
            | O::RayQueryCandidateType
            | O::RayQueryCandidateObjectToWorld3x4
            | O::RayQueryCandidateWorldToObject3x4
            | O::RayQueryCommittedObjectToWorld3x4
            | O::RayQueryCommittedWorldToObject3x4
            | O::RayQueryCandidateProceduralPrimitiveNonOpaque
            | O::RayQueryCandidateTriangleFrontFace
            | O::RayQueryCommittedTriangleFrontFace
            | O::RayQueryCandidateTriangleBarycentrics
            | O::RayQueryCommittedTriangleBarycentrics
            | O::RayQueryRayFlags
            | O::RayQueryWorldRayOrigin
            | O::RayQueryWorldRayDirection
            | O::RayQueryRayTMin
            | O::RayQueryCandidateTriangleRayT
            | O::RayQueryCommittedRayT
            | O::RayQueryCandidateInstanceIndex
            | O::RayQueryCandidateInstanceID
            | O::RayQueryCandidateGeometryIndex
            | O::RayQueryCandidatePrimitiveIndex
            | O::RayQueryCandidateObjectRayOrigin
            | O::RayQueryCandidateObjectRayDirection
            | O::RayQueryCommittedInstanceIndex
            | O::RayQueryCommittedInstanceID
            | O::RayQueryCommittedGeometryIndex
            | O::RayQueryCommittedPrimitiveIndex
            | O::RayQueryCommittedObjectRayOrigin
            | O::RayQueryCommittedObjectRayDirection
            | O::RayQueryCandidateInstanceContributionToHitGroupIndex
            | O::RayQueryCommittedInstanceContributionToHitGroupIndex => {
                self.ray_query_op(op, args)
            }
            O::GSInstanceID => id(self.geometry_builtin(BuiltIn::InvocationId)?),
            O::PrimitiveID if self.desc.kind == crate::dxil::ShaderKind::Geometry => {
                id(self.geometry_builtin(BuiltIn::PrimitiveId)?)
            }
            O::PrimitiveID | O::OutputControlPointID => {
                let bi = if op == O::PrimitiveID {
                    BuiltIn::PrimitiveId
                } else {
                    BuiltIn::InvocationId
                };
                id(self.hull_builtin(bi)?)
            }
            O::LoadOutputControlPoint => {
                id(self.load_tessellation(SignatureKind::Output, args, t)?)
            }
            O::LoadPatchConstant => {
                id(self.load_tessellation(SignatureKind::PatchConstOrPrim, args, t)?)
            }
            O::StorePatchConstant => {
                self.store_output(SignatureKind::PatchConstOrPrim, args)?;
                Ok(None)
            }
            O::DomainLocation => {
                let c = u32::try_from(self.imm(args, 1)?).unwrap_or(u32::MAX);
                id(self.domain_location(c)?)
            }
            O::StartVertexLocation => id(self.draw_base(BuiltIn::BaseVertex)?),

            // ---- Ray tracing (library exports)
            O::InstanceID
            | O::InstanceIndex
            | O::HitKind
            | O::RayFlags
            | O::DispatchRaysIndex
            | O::DispatchRaysDimensions
            | O::WorldRayOrigin
            | O::WorldRayDirection
            | O::ObjectRayOrigin
            | O::ObjectRayDirection
            | O::ObjectToWorld
            | O::WorldToObject
            | O::RayTMin
            | O::RayTCurrent
            | O::PrimitiveIndex
            | O::GeometryIndex => id(self.ray_system_value(op, args)?),
            O::TraceRay => {
                self.trace_ray(args)?;
                Ok(None)
            }
            O::CallShader => {
                self.call_shader(args)?;
                Ok(None)
            }
            O::ReportHit => Ok(Some(self.report_hit(args)?)),
            O::IgnoreHit | O::AcceptHitAndEndSearch => {
                self.end_hit(op == O::AcceptHitAndEndSearch)?;
                Ok(None)
            }
            O::CreateHandleForLib => Ok(Some(self.val(arg(args, 1)?)?)),

            // ---- Shader execution reordering (SM 6.9)
            O::HitObjectTraceRay => Ok(Some(self.hit_object_trace_ray(args)?)),
            O::HitObjectMakeMiss | O::HitObjectMakeNop => Ok(Some(self.hit_object_make(op, args)?)),
            O::HitObjectInvoke => {
                self.hit_object_invoke(args)?;
                Ok(None)
            }
            O::MaybeReorderThread => {
                self.maybe_reorder_thread(args)?;
                Ok(None)
            }
            O::HitObjectAttributes => {
                self.hit_object_attributes(args)?;
                Ok(None)
            }
            O::HitObjectIsMiss
            | O::HitObjectIsHit
            | O::HitObjectIsNop
            | O::HitObjectRayFlags
            | O::HitObjectRayTMin
            | O::HitObjectRayTCurrent
            | O::HitObjectWorldRayOrigin
            | O::HitObjectWorldRayDirection
            | O::HitObjectObjectRayOrigin
            | O::HitObjectObjectRayDirection
            | O::HitObjectObjectToWorld3x4
            | O::HitObjectWorldToObject3x4
            | O::HitObjectGeometryIndex
            | O::HitObjectInstanceIndex
            | O::HitObjectInstanceID
            | O::HitObjectPrimitiveIndex
            | O::HitObjectHitKind
            | O::HitObjectShaderTableIndex => id(self.hit_object_query(op, args)?),
            O::HitObjectFromRayQuery | O::HitObjectFromRayQueryWithAttrs => Err(self.unsupported(
                "a hit object from a ray query needs SPV_EXT_shader_invocation_reorder \
                     (OpHitObjectRecordFromQueryEXT); hit objects are emitted with \
                     SPV_NV_shader_invocation_reorder",
            )),
            O::HitObjectSetShaderTableIndex => Err(self.unsupported(
                "setting a hit object's shader table index needs \
                 SPV_EXT_shader_invocation_reorder; hit objects are emitted with \
                 SPV_NV_shader_invocation_reorder",
            )),
            O::HitObjectLoadLocalRootTableConstant => {
                Err(self.unsupported("local root signatures are not mapped to shader records"))
            }
            O::StartInstanceLocation => id(self.draw_base(BuiltIn::BaseInstance)?),

            // ---- SM 6.9 vector operations
            O::RawBufferVectorLoad => self.raw_buffer_vector_load(args, t),
            O::RawBufferVectorStore => {
                self.raw_buffer_vector_store(args)?;
                Ok(None)
            }
            O::VectorReduceAnd | O::VectorReduceOr => {
                id(self.vector_reduce(op == O::VectorReduceAnd, arg(args, 1)?, t)?)
            }
            O::FDot => id(self.vector_dot(arg(args, 1)?, arg(args, 2)?, t)?),

            // Everything else: not (yet) lowered for compute shaders.
            O::TempRegLoad
            | O::TempRegStore
            | O::MinPrecXRegLoad
            | O::MinPrecXRegStore
            | O::IMul
            | O::UMul
            | O::UDiv
            | O::Msad
            | O::CycleCounterLegacy
            | O::TextureStoreSample
            | O::AllocateNodeOutputRecords
            | O::GetNodeRecordPtr
            | O::IncrementOutputCount
            | O::OutputComplete
            | O::GetInputRecordCount
            | O::FinishedCrossGroupSharing
            | O::BarrierByNodeRecordHandle
            | O::CreateNodeOutputHandle
            | O::IndexNodeHandle
            | O::AnnotateNodeHandle
            | O::CreateNodeInputRecordHandle
            | O::AnnotateNodeRecordHandle
            | O::NodeOutputIsValid
            | O::GetRemainingRecursionLevels
            | O::ExperimentalNop
            | O::GetGroupWaveIndex
            | O::GetGroupWaveCount
            | O::ClusterID
            | O::RayQueryCandidateClusterID
            | O::RayQueryCommittedClusterID
            | O::HitObjectClusterID
            | O::TriangleObjectPosition
            | O::RayQueryCandidateTriangleObjectPosition
            | O::RayQueryCommittedTriangleObjectPosition
            | O::HitObjectTriangleObjectPosition
            | O::LinAlgMatrixMultiplyAccumulate
            | O::LinAlgFillMatrix
            | O::LinAlgCopyConvertMatrix
            | O::LinAlgMatrixLoadFromDescriptor
            | O::LinAlgMatrixLoadFromMemory
            | O::LinAlgMatrixLength
            | O::LinAlgMatrixGetCoordinate
            | O::LinAlgMatrixGetElement
            | O::LinAlgMatrixSetElement
            | O::LinAlgMatrixStoreToDescriptor
            | O::LinAlgMatrixStoreToMemory
            | O::LinAlgMatrixQueryAccumulatorLayout
            | O::LinAlgMatrixMultiply
            | O::LinAlgMatrixAccumulate
            | O::LinAlgMatVecMul
            | O::LinAlgMatVecMulAdd
            | O::LinAlgMatrixAccumulateToDescriptor
            | O::LinAlgMatrixAccumulateToMemory
            | O::LinAlgMatrixOuterProduct
            | O::LinAlgConvert
            | O::LinAlgVectorAccumulateToDescriptor
            | O::DebugBreak
            | O::IsDebuggingEnabled => Err(self.not_supported(op)),
        }
    }

    /// A dx.op that acts on each component of its operands (all arguments
    /// after the opcode): scalar overloads directly, the vector overloads of
    /// SM 6.9 lane by lane.
    fn componentwise(&mut self, op: OpCode, args: &[ValueId], t: TypeId) -> Result<Word> {
        let xt = self.vty(arg(args, 1)?);
        let mut xs = Vec::with_capacity(args.len());
        for &v in args.iter().skip(1) {
            xs.push((self.value_id(v)?, self.vty(v)));
        }
        if self.m.types.vector_len(xt).is_some() {
            let (xe, te) = (self.lane_type(xt)?, self.lane_type(t)?);
            return self.lanewise(t, &xs, |e, x| e.math_op(op, x, xe, te));
        }
        let xs: Vec<Word> = xs.into_iter().map(|(x, _)| x).collect();
        self.math_op(op, &xs, xt, t)
    }

    /// An element-wise math dx.op on operands `xs` of LLVM type `xt`, giving
    /// LLVM type `t` (scalars, or vectors of at most 4 where the lowering
    /// allows them).
    fn math_op(&mut self, op: OpCode, xs: &[Word], xt: TypeId, t: TypeId) -> Result<Word> {
        use OpCode as O;
        match (op, xs) {
            (O::IsNaN | O::IsInf | O::IsFinite | O::IsNormal, &[x]) => {
                self.special_float(op, x, xt)
            }
            (O::Bfrev | O::Countbits | O::FirstbitLo | O::FirstbitHi | O::FirstbitSHi, &[x]) => {
                self.unary_bits(op, x, xt)
            }
            (_, &[x]) => self.unary_float(op, x, t),
            (O::FMax | O::FMin, &[a, b]) => {
                let ty = self.llvm_ty(t)?;
                let g = if op == O::FMax {
                    GLOp::NMax
                } else {
                    GLOp::NMin
                };
                self.glsl(ty, g, &[a, b])
            }
            (O::IMax | O::IMin | O::UMax | O::UMin, &[a, b]) => self.int_minmax(op, a, b, t),
            (O::FMad, &[a, b, c]) => {
                let ty = self.llvm_ty(t)?;
                let m = self.op(Op::FMul, ty, &[a, b])?;
                self.op(Op::FAdd, ty, &[m, c])
            }
            (O::Fma, &[a, b, c]) => {
                let ty = self.llvm_ty(t)?;
                self.glsl(ty, GLOp::Fma, &[a, b, c])
            }
            (O::IMad | O::UMad, &[a, b, c]) => {
                let ty = self.llvm_ty(t)?;
                let ii = self
                    .int_info(t)
                    .ok_or_else(|| self.invalid("IMad on a non-integer"))?;
                let m = self.op(Op::IMul, ty, &[a, b])?;
                let r = self.op(Op::IAdd, ty, &[m, c])?;
                self.wrap(ii, r)
            }
            (O::Ibfe | O::Ubfe, &[w, o, v]) => self.bitfield_extract(w, o, v, op == O::Ibfe),
            (O::Bfi, &[w, o, v, r]) => self.bitfield_insert(w, o, v, r),
            _ => Err(self.invalid(format!("dx.op {} with {} operands", op.name(), xs.len()))),
        }
    }

    /// A wave or quad dx.op on a value (argument 1) that acts on each
    /// component: scalar overloads directly, the vector overloads of SM 6.9
    /// lane by lane (the lane index and immediates are shared).
    fn wave_componentwise(&mut self, op: OpCode, args: &[ValueId], t: TypeId) -> Result<Word> {
        let xv = arg(args, 1)?;
        let xt = self.vty(xv);
        let v = self.value_id(xv)?;
        let lane = if matches!(op, OpCode::WaveReadLaneAt | OpCode::QuadReadLaneAt) {
            Some(self.a(args, 2)?)
        } else {
            None
        };
        if self.m.types.vector_len(xt).is_some() {
            let te = self.lane_type(t)?;
            return self.lanewise(t, &[(v, xt)], |e, x| match *x {
                [x] => e.wave_component(op, args, x, lane, te),
                _ => Err(e.internal("wave op: operand count")),
            });
        }
        self.wave_component(op, args, v, lane, t)
    }

    /// The lowering of [`Self::wave_componentwise`] for value `v` giving LLVM
    /// type `t`.
    fn wave_component(
        &mut self,
        op: OpCode,
        args: &[ValueId],
        v: Word,
        lane: Option<Word>,
        t: TypeId,
    ) -> Result<Word> {
        use OpCode as O;
        match (op, lane) {
            (O::WaveActiveAllEqual, _) => self.wave_vote(Op::GroupNonUniformAllEqual, v),
            (O::WaveReadLaneFirst, _) => {
                let ty = self.llvm_ty(t)?;
                self.wave_read_first(ty, v)
            }
            (O::WaveReadLaneAt, Some(l)) => {
                let ty = self.llvm_ty(t)?;
                self.wave_read_lane(ty, v, l)
            }
            (O::QuadReadLaneAt, Some(l)) => {
                let ty = self.llvm_ty(t)?;
                self.quad_read_lane(ty, v, l)
            }
            (O::WaveActiveOp | O::WavePrefixOp, _) => {
                let k = match self.imm(args, 2)? {
                    0 => WaveArith::Sum,
                    1 => WaveArith::Product,
                    2 => WaveArith::Min,
                    3 => WaveArith::Max,
                    _ => return Err(self.invalid("bad wave op kind")),
                };
                let signed = self.imm(args, 3)? == 0;
                let g = if op == O::WaveActiveOp {
                    GroupOperation::Reduce
                } else {
                    GroupOperation::ExclusiveScan
                };
                self.wave_arith(k, signed, t, v, g)
            }
            (O::WaveActiveBit, _) => {
                let k = match self.imm(args, 2)? {
                    0 => WaveArith::And,
                    1 => WaveArith::Or,
                    2 => WaveArith::Xor,
                    _ => return Err(self.invalid("bad wave bit op kind")),
                };
                self.wave_arith(k, false, t, v, GroupOperation::Reduce)
            }
            (O::QuadOp, _) => {
                let dir = u32::try_from(self.imm(args, 2)?).unwrap_or(u32::MAX);
                if dir > 2 {
                    return Err(self.invalid("bad QuadOp direction"));
                }
                let ty = self.llvm_ty(t)?;
                self.quad_swap(ty, v, dir)
            }
            _ => Err(self.internal(format!("{} is not a per-component wave op", op.name()))),
        }
    }

    fn unary_float(&mut self, op: OpCode, x: Word, t: TypeId) -> Result<Word> {
        use OpCode as O;
        let ty = self.llvm_ty(t)?;
        let g = match op {
            O::FAbs => GLOp::FAbs,
            O::Saturate => {
                let w = self.float_width(t).unwrap_or(32);
                let n = self.m.types.vector_len(t).unwrap_or(1);
                let z = self.floatc(w, 0.0);
                let one = self.floatc(w, 1.0);
                let z = self.splat_const(ty, z, n);
                let one = self.splat_const(ty, one, n);
                return self.glsl(ty, GLOp::NClamp, &[x, z, one]);
            }
            O::Cos => GLOp::Cos,
            O::Sin => GLOp::Sin,
            O::Tan => GLOp::Tan,
            O::Acos => GLOp::Acos,
            O::Asin => GLOp::Asin,
            O::Atan => GLOp::Atan,
            O::Hcos => GLOp::Cosh,
            O::Hsin => GLOp::Sinh,
            O::Htan => GLOp::Tanh,
            O::Exp => GLOp::Exp2,
            O::Frc => GLOp::Fract,
            O::Log => GLOp::Log2,
            O::Sqrt => GLOp::Sqrt,
            O::Rsqrt => GLOp::InverseSqrt,
            O::RoundNe => GLOp::RoundEven,
            O::RoundNi => GLOp::Floor,
            O::RoundPi => GLOp::Ceil,
            O::RoundZ => GLOp::Trunc,
            _ => return Err(self.internal("not a unary float op")),
        };
        if self.float_width(t) == Some(64)
            && !matches!(
                op,
                O::FAbs
                    | O::Sqrt
                    | O::Rsqrt
                    | O::RoundNe
                    | O::RoundNi
                    | O::RoundPi
                    | O::RoundZ
                    | O::Frc
            )
        {
            return Err(self.unsupported(format!("dx.op {} on doubles", op.name())));
        }
        self.glsl(ty, g, &[x])
    }

    fn special_float(&mut self, op: OpCode, x: Word, xt: TypeId) -> Result<Word> {
        use OpCode as O;
        let b = self.bool_ty();
        match op {
            O::IsNaN => self.op(Op::IsNan, b, &[x]),
            O::IsInf => self.op(Op::IsInf, b, &[x]),
            O::IsFinite => {
                let n = self.op(Op::IsNan, b, &[x])?;
                let i = self.op(Op::IsInf, b, &[x])?;
                let o = self.op(Op::LogicalOr, b, &[n, i])?;
                self.op(Op::LogicalNot, b, &[o])
            }
            _ => {
                // IsNormal: exponent neither all zeros nor all ones.
                let w = self.float_width(xt).unwrap_or(32);
                let (mbits, ebits) = match w {
                    16 => (10, 5),
                    32 => (23, 8),
                    _ => (52, 11),
                };
                let u = self.uint_ty(w);
                let bits = self.bitcast(u, x)?;
                let sh = self.uintc(w, mbits);
                let e = self.op(Op::ShiftRightLogical, u, &[bits, sh])?;
                let mask = self.uintc(w, low_mask(ebits));
                let e = self.op(Op::BitwiseAnd, u, &[e, mask])?;
                let zero = self.uintc(w, 0);
                let nz = self.op(Op::INotEqual, b, &[e, zero])?;
                let nm = self.op(Op::INotEqual, b, &[e, mask])?;
                self.op(Op::LogicalAnd, b, &[nz, nm])
            }
        }
    }

    fn int_minmax(&mut self, op: OpCode, a: Word, b: Word, t: TypeId) -> Result<Word> {
        use OpCode as O;
        let ii = self
            .int_info(t)
            .ok_or_else(|| self.invalid("integer min/max on a non-integer"))?;
        let ty = self.llvm_ty(t)?;
        match op {
            O::UMax => self.glsl(ty, GLOp::UMax, &[a, b]),
            O::UMin => self.glsl(ty, GLOp::UMin, &[a, b]),
            _ => {
                let sa = self.as_signed(ii, a)?;
                let sb = self.as_signed(ii, b)?;
                let st = self.sint_vec(ii);
                let g = if op == O::IMax {
                    GLOp::SMax
                } else {
                    GLOp::SMin
                };
                let r = self.glsl(st, g, &[sa, sb])?;
                self.unsigned_result(ii, r)
            }
        }
    }

    /// Bfrev, Countbits, FirstbitLo/Hi/SHi. Vulkan restricts the bit
    /// instructions to 32-bit operands: 16-bit values are widened and
    /// 64-bit values split.
    fn unary_bits(&mut self, op: OpCode, x: Word, xt: TypeId) -> Result<Word> {
        use OpCode as O;
        let ii = self
            .int_info(xt)
            .ok_or_else(|| self.invalid("bit operation on a non-integer"))?;
        if ii.n != 1 || ii.emulated {
            return Err(self.unsupported(format!("dx.op {} on i{} vectors", op.name(), ii.width)));
        }
        let u = self.u32_ty();
        let s = self.sint_ty(32);
        let b = self.bool_ty();
        let minus1 = self.u32c(u32::MAX);
        match (op, ii.width) {
            (O::Bfrev, 32) => self.op(Op::BitReverse, u, &[x]),
            (O::Bfrev, 16) => {
                let ux = self.op(Op::UConvert, u, &[x])?;
                let r = self.op(Op::BitReverse, u, &[ux])?;
                let sixteen = self.u32c(16);
                let r = self.op(Op::ShiftRightLogical, u, &[r, sixteen])?;
                let t16 = self.uint_ty(16);
                self.op(Op::UConvert, t16, &[r])
            }
            (O::Bfrev, 64) => {
                let (lo, hi) = self.split64(x)?;
                let rl = self.op(Op::BitReverse, u, &[lo])?;
                let rh = self.op(Op::BitReverse, u, &[hi])?;
                let t64 = self.uint_ty(64);
                self.join64(t64, rh, rl)
            }
            (O::Countbits, 32) => self.op(Op::BitCount, u, &[x]),
            (O::Countbits, 16) => {
                let ux = self.op(Op::UConvert, u, &[x])?;
                self.op(Op::BitCount, u, &[ux])
            }
            (O::Countbits, 64) => {
                let (lo, hi) = self.split64(x)?;
                let a = self.op(Op::BitCount, u, &[lo])?;
                let c = self.op(Op::BitCount, u, &[hi])?;
                self.op(Op::IAdd, u, &[a, c])
            }
            (O::FirstbitLo, 32) => self.glsl(u, GLOp::FindILsb, &[x]),
            (O::FirstbitLo, 16) => {
                let ux = self.op(Op::UConvert, u, &[x])?;
                self.glsl(u, GLOp::FindILsb, &[ux])
            }
            (O::FirstbitLo, 64) => {
                let (lo, hi) = self.split64(x)?;
                let l = self.glsl(u, GLOp::FindILsb, &[lo])?;
                let h = self.glsl(u, GLOp::FindILsb, &[hi])?;
                let k32 = self.u32c(32);
                let h32 = self.op(Op::IAdd, u, &[h, k32])?;
                let hv = self.op(Op::IEqual, b, &[h, minus1])?;
                let hres = self.select(u, hv, minus1, h32)?;
                let zero = self.u32c(0);
                let lz = self.op(Op::IEqual, b, &[lo, zero])?;
                self.select(u, lz, hres, l)
            }
            (O::FirstbitHi | O::FirstbitSHi, 32 | 16) => {
                let signed = op == O::FirstbitSHi;
                let x32 = if ii.width == 16 {
                    if signed {
                        let s16 = self.sint_ty(16);
                        let sx = self.bitcast(s16, x)?;
                        let r = self.op(Op::SConvert, s, &[sx])?;
                        self.bitcast(u, r)?
                    } else {
                        self.op(Op::UConvert, u, &[x])?
                    }
                } else {
                    x
                };
                let m = if signed {
                    let sx = self.bitcast(s, x32)?;
                    let r = self.glsl(s, GLOp::FindSMsb, &[sx])?;
                    self.bitcast(u, r)?
                } else {
                    self.glsl(u, GLOp::FindUMsb, &[x32])?
                };
                // Integer widths are at least 1.
                let top = self.u32c(ii.width.saturating_sub(1));
                let r = self.op(Op::ISub, u, &[top, m])?;
                let none = self.op(Op::IEqual, b, &[m, minus1])?;
                self.select(u, none, minus1, r)
            }
            (O::FirstbitHi, 64) => {
                let (lo, hi) = self.split64(x)?;
                let mh = self.glsl(u, GLOp::FindUMsb, &[hi])?;
                let ml = self.glsl(u, GLOp::FindUMsb, &[lo])?;
                let k31 = self.u32c(31);
                let k63 = self.u32c(63);
                let rh = self.op(Op::ISub, u, &[k31, mh])?;
                let rl = self.op(Op::ISub, u, &[k63, ml])?;
                let lnone = self.op(Op::IEqual, b, &[ml, minus1])?;
                let rl = self.select(u, lnone, minus1, rl)?;
                let zero = self.u32c(0);
                let hz = self.op(Op::IEqual, b, &[hi, zero])?;
                self.select(u, hz, rl, rh)
            }
            _ => Err(self.unsupported(format!("dx.op {} on i{}", op.name(), ii.width))),
        }
    }

    /// D3D `ubfe`/`ibfe`: width and offset masked to 5 bits.
    fn bitfield_extract(&mut self, w: Word, o: Word, v: Word, signed: bool) -> Result<Word> {
        let u = self.u32_ty();
        let s = self.sint_ty(32);
        let b = self.bool_ty();
        let k31 = self.u32c(31);
        let k32 = self.u32c(32);
        let zero = self.u32c(0);
        let w = self.op(Op::BitwiseAnd, u, &[w, k31])?;
        let o = self.op(Op::BitwiseAnd, u, &[o, k31])?;
        let wo = self.op(Op::IAdd, u, &[w, o])?;
        let lsh = self.op(Op::ISub, u, &[k32, wo])?;
        let rsh = self.op(Op::ISub, u, &[k32, w])?;
        let shifted = self.op(Op::ShiftLeftLogical, u, &[v, lsh])?;
        let (fits, whole) = if signed {
            let ss = self.bitcast(s, shifted)?;
            let r = self.op(Op::ShiftRightArithmetic, s, &[ss, rsh])?;
            let sv = self.bitcast(s, v)?;
            let r2 = self.op(Op::ShiftRightArithmetic, s, &[sv, o])?;
            (self.bitcast(u, r)?, self.bitcast(u, r2)?)
        } else {
            (
                self.op(Op::ShiftRightLogical, u, &[shifted, rsh])?,
                self.op(Op::ShiftRightLogical, u, &[v, o])?,
            )
        };
        let small = self.op(Op::ULessThan, b, &[wo, k32])?;
        let r = self.select(u, small, fits, whole)?;
        let wz = self.op(Op::IEqual, b, &[w, zero])?;
        self.select(u, wz, zero, r)
    }

    /// D3D `bfi`.
    fn bitfield_insert(&mut self, w: Word, o: Word, v: Word, r: Word) -> Result<Word> {
        let u = self.u32_ty();
        let k31 = self.u32c(31);
        let one = self.u32c(1);
        let w = self.op(Op::BitwiseAnd, u, &[w, k31])?;
        let o = self.op(Op::BitwiseAnd, u, &[o, k31])?;
        let m = self.op(Op::ShiftLeftLogical, u, &[one, w])?;
        let m = self.op(Op::ISub, u, &[m, one])?;
        let mask = self.op(Op::ShiftLeftLogical, u, &[m, o])?;
        let vs = self.op(Op::ShiftLeftLogical, u, &[v, o])?;
        let a = self.op(Op::BitwiseAnd, u, &[vs, mask])?;
        let nm = self.op(Op::Not, u, &[mask])?;
        let c = self.op(Op::BitwiseAnd, u, &[r, nm])?;
        self.op(Op::BitwiseOr, u, &[a, c])
    }

    fn dot4_packed(&mut self, acc: Word, a: Word, b: Word, signed: bool) -> Result<Word> {
        let u = self.u32_ty();
        let s = self.sint_ty(32);
        let eight = self.u32c(8);
        let mut sum = if signed { self.bitcast(s, acc)? } else { acc };
        for shift in [0, 8, 16, 24] {
            let off = self.u32c(shift);
            let (x, y) = if signed {
                let sa = self.bitcast(s, a)?;
                let sb = self.bitcast(s, b)?;
                (
                    self.op(Op::BitFieldSExtract, s, &[sa, off, eight])?,
                    self.op(Op::BitFieldSExtract, s, &[sb, off, eight])?,
                )
            } else {
                (
                    self.op(Op::BitFieldUExtract, u, &[a, off, eight])?,
                    self.op(Op::BitFieldUExtract, u, &[b, off, eight])?,
                )
            };
            let ty = if signed { s } else { u };
            let p = self.op(Op::IMul, ty, &[x, y])?;
            sum = self.op(Op::IAdd, ty, &[sum, p])?;
        }
        if signed {
            self.bitcast(u, sum)
        } else {
            Ok(sum)
        }
    }

    fn unpack4x8(&mut self, p: Word, signed: bool, et: TypeId) -> Result<Vec<Word>> {
        let u = self.u32_ty();
        let s = self.sint_ty(32);
        let eight = self.u32c(8);
        let w = self.m.types.int_width(et).unwrap_or(32);
        let mut out = Vec::with_capacity(4);
        for shift in [0, 8, 16, 24] {
            let off = self.u32c(shift);
            let x = if signed {
                let sp = self.bitcast(s, p)?;
                let r = self.op(Op::BitFieldSExtract, s, &[sp, off, eight])?;
                self.bitcast(u, r)?
            } else {
                self.op(Op::BitFieldUExtract, u, &[p, off, eight])?
            };
            out.push(if w == 16 {
                let t16 = self.uint_ty(16);
                self.op(Op::UConvert, t16, &[x])?
            } else {
                x
            });
        }
        Ok(out)
    }

    /// `Pack4x8(mode, x, y, z, w)`: 0 truncate, 1 clamp to [0, 255], 2 clamp
    /// to [-128, 127].
    fn pack4x8(&mut self, mode: u64, xs: &[Word], xt: TypeId) -> Result<Word> {
        let u = self.u32_ty();
        let s = self.sint_ty(32);
        let w = self.m.types.int_width(xt).unwrap_or(32);
        let ff = self.u32c(0xff);
        let mut acc = self.u32c(0);
        for (i, &x) in xs.iter().enumerate() {
            let sx = if w == 16 {
                let s16 = self.sint_ty(16);
                let b16 = self.bitcast(s16, x)?;
                self.op(Op::SConvert, s, &[b16])?
            } else {
                self.bitcast(s, x)?
            };
            let v = match mode {
                1 => {
                    let lo = self.sintc(32, 0);
                    let hi = self.sintc(32, 255);
                    let c = self.glsl(s, GLOp::SClamp, &[sx, lo, hi])?;
                    self.bitcast(u, c)?
                }
                2 => {
                    let lo = self.sintc(32, -128);
                    let hi = self.sintc(32, 127);
                    let c = self.glsl(s, GLOp::SClamp, &[sx, lo, hi])?;
                    self.bitcast(u, c)?
                }
                _ => self.bitcast(u, sx)?,
            };
            let v = self.op(Op::BitwiseAnd, u, &[v, ff])?;
            // `xs` holds the four values to pack.
            let sh = self.u32c((i as u32).saturating_mul(8));
            let v = self.op(Op::ShiftLeftLogical, u, &[v, sh])?;
            acc = self.op(Op::BitwiseOr, u, &[acc, v])?;
        }
        Ok(acc)
    }

    /// `BufferLoad` / `RawBufferLoad`.
    fn buffer_load(&mut self, raw_op: bool, args: &[ValueId], t: TypeId) -> Result<Option<Val>> {
        let h = self.handle(arg(args, 1)?)?;
        let et = self.overload_of_struct(t)?;
        let s = self.scalar_of(et)?;
        let d = self
            .desc
            .resources
            .get(h.res)
            .ok_or_else(|| self.internal("bad resource"))?;
        let n_members = match self.m.types.ty(t) {
            ir::Type::Struct { elements, .. } => elements.len as usize,
            _ => 5,
        };
        let ncomp = n_members.saturating_sub(1).max(1);
        let mut parts = if d.kind == ResourceKind::TypedBuffer {
            let coord = self.a(args, 2)?;
            self.typed_load(h, coord, s)?
        } else {
            let addr = self.byte_address(h, arg(args, 2)?, arg(args, 3)?)?;
            let count = if raw_op {
                let mask = self.imm(args, 4)?;
                // The bit length of the mask (`leading_zeros() <= 64`).
                64u32.saturating_sub(mask.leading_zeros()).max(1)
            } else {
                // Load only the components the code uses, so that the
                // bounds check does not reject in-bounds accesses at the
                // end of the buffer.
                self.used_components(args)
            };
            self.raw_load(h, addr, s, count.min(ncomp as u32))?
        };
        let rty = self.scalar_ty(s);
        while parts.len() < ncomp {
            let z = self.null_const(rty);
            parts.push(z);
        }
        // The status word.
        let status = self.u32c(0);
        parts.push(status);
        Ok(Some(Val::Parts(parts)))
    }

    /// The number of leading components of a `BufferLoad` result that the
    /// function extracts.
    fn used_components(&self, args: &[ValueId]) -> u32 {
        let _ = args;
        let Some(res) = self.current_inst_result else {
            return 4;
        };
        self.component_uses.get(&res).copied().unwrap_or(1)
    }

    /// `BufferStore` / `RawBufferStore`.
    fn buffer_store(&mut self, raw_op: bool, args: &[ValueId]) -> Result<()> {
        let h = self.handle(arg(args, 1)?)?;
        // Both forms carry the write mask at operand 8.
        let _ = raw_op;
        let mask = self.imm(args, 8)?;
        let v0 = arg(args, 4)?;
        let vt = self.vty(v0);
        let s = self.scalar_of(vt)?;
        let d = self
            .desc
            .resources
            .get(h.res)
            .ok_or_else(|| self.internal("bad resource"))?;
        // Values are arguments 4..8; bit `i` of the mask enables value `i`.
        let mut vals = [None; 4];
        for (i, (slot, ai)) in vals.iter_mut().zip(4..8).enumerate() {
            let a = arg(args, ai)?;
            if mask & (1 << i) == 0 || (d.kind == ResourceKind::TypedBuffer && self.is_undef(a)) {
                *slot = None;
            } else {
                *slot = Some(self.value_id(a)?);
            }
        }
        if d.kind == ResourceKind::TypedBuffer {
            let coord = self.a(args, 2)?;
            let v = vals.map(|v| v.map(|x| (x, s)));
            return self.typed_store(h, coord, v);
        }
        let addr = self.byte_address(h, arg(args, 2)?, arg(args, 3)?)?;
        self.raw_store(h, addr, s, &vals)
    }

    /// `GetDimensions` on buffers: [width, 0, 0, 0] where width counts bytes
    /// (raw), structures (structured) or texels (typed).
    fn buffer_dimensions(&mut self, h: super::module::Handle) -> Result<Vec<Word>> {
        let d = self
            .desc
            .resources
            .get(h.res)
            .ok_or_else(|| self.internal("bad resource"))?;
        let u = self.u32_ty();
        let zero = self.u32c(0);
        let width = match d.kind {
            ResourceKind::RawBuffer | ResourceKind::StructuredBuffer => {
                let stride = d.stride.max(1);
                let is_raw = d.kind == ResourceKind::RawBuffer;
                let (base, _, _) = self.descriptor_ptr(h, super::resource::View::U32)?;
                let len = self.inst_operands(
                    Op::ArrayLength,
                    u,
                    &[
                        rspirv::dr::Operand::IdRef(base),
                        rspirv::dr::Operand::LiteralBit32(0),
                    ],
                )?;
                let four = self.u32c(4);
                let bytes = self.op(Op::IMul, u, &[len, four])?;
                if is_raw {
                    bytes
                } else {
                    let st = self.u32c(stride);
                    self.op(Op::UDiv, u, &[bytes, st])?
                }
            }
            ResourceKind::TypedBuffer => {
                self.cap(rspirv::spirv::Capability::ImageQuery);
                let (p, img_ty, _) = self.descriptor_ptr(h, super::resource::View::Image)?;
                let img = self.load(img_ty, p)?;
                self.op(Op::ImageQuerySize, u, &[img])?
            }
            k => return Err(self.unsupported(format!("on a {} resource", k.name()))),
        };
        Ok(vec![width, zero, zero, zero])
    }
}

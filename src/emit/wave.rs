//! Wave (subgroup) operations, with the `GroupNonUniform*` capabilities.
//! `WaveMatch` and `WaveMultiPrefix*` are lowered to a loop that peels off
//! one partition of lanes per iteration.

use super::context::{berr, scope, Words};
use super::Emitter;
use crate::dxil::operands::{WaveMultiPrefixBitCount, WaveMultiPrefixOp};
use crate::dxil::{SignedOpKind, WaveBitOpKind, WaveMultiPrefixOpKind, WaveOpKind};
use crate::error::Result;
use crate::ir::{TypeId, ValueId};
use rspirv::spirv::{self, BuiltIn, Capability, GroupOperation, Op, Word};

/// A wave reduction or scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WaveArith {
    Sum,
    Product,
    Min,
    Max,
    And,
    Or,
    Xor,
}

impl WaveArith {
    /// The arithmetic of `WaveActiveOp` / `WavePrefixOp`.
    pub(crate) fn of_op(kind: WaveOpKind) -> WaveArith {
        match kind {
            WaveOpKind::Sum => WaveArith::Sum,
            WaveOpKind::Product => WaveArith::Product,
            WaveOpKind::Min => WaveArith::Min,
            WaveOpKind::Max => WaveArith::Max,
        }
    }

    /// The arithmetic of `WaveActiveBit`.
    pub(crate) fn of_bit_op(kind: WaveBitOpKind) -> WaveArith {
        match kind {
            WaveBitOpKind::And => WaveArith::And,
            WaveBitOpKind::Or => WaveArith::Or,
            WaveBitOpKind::Xor => WaveArith::Xor,
        }
    }

    /// The arithmetic of `WaveMultiPrefixOp`.
    fn of_multi_prefix(kind: WaveMultiPrefixOpKind) -> WaveArith {
        match kind {
            WaveMultiPrefixOpKind::Sum => WaveArith::Sum,
            WaveMultiPrefixOpKind::And => WaveArith::And,
            WaveMultiPrefixOpKind::Or => WaveArith::Or,
            WaveMultiPrefixOpKind::Xor => WaveArith::Xor,
            WaveMultiPrefixOpKind::Product => WaveArith::Product,
        }
    }
}

/// A wave or quad operation on each component of a value (vector
/// overloads lane by lane; the lane index is shared).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lanewise {
    /// `WaveActiveAllEqual`.
    AllEqual,
    /// `WaveReadLaneFirst`.
    ReadFirst,
    /// `WaveReadLaneAt(value, lane)`.
    ReadLane(ValueId),
    /// `QuadReadLaneAt(value, quadLane)`.
    QuadReadLane(ValueId),
    /// `WaveActiveOp`, `WavePrefixOp`, `WaveActiveBit`: the arithmetic,
    /// whether it is signed, reduction or scan.
    Arith(WaveArith, bool, GroupOperation),
    /// `QuadOp`: the `QuadOpKind` direction.
    QuadSwap(u32),
}

/// What the wave operations remember: whether the partition-loop warning
/// was given.
#[derive(Default)]
pub(crate) struct WaveState {
    warned_partition_loop: bool,
}

impl<'m> Emitter<'m> {
    /// A wave or quad dx.op `op` on `value` that acts on each component:
    /// scalar overloads directly, the vector overloads of SM 6.9 lane by
    /// lane.
    pub(crate) fn wave_componentwise(
        &mut self,
        op: Lanewise,
        value: ValueId,
        t: TypeId,
    ) -> Result<Word> {
        let xt = self.vty(value);
        let v = self.value_id(value)?;
        let lane = match op {
            Lanewise::ReadLane(l) | Lanewise::QuadReadLane(l) => Some(self.value_id(l)?),
            _ => None,
        };
        if self.m.types.vector_len(xt).is_some() {
            let te = self.lane_type(t)?;
            return self.lanewise(t, &[(v, xt)], |e, x| match *x {
                [x] => e.wave_component(op, x, lane, te),
                _ => Err(e.internal("wave op: operand count")),
            });
        }
        self.wave_component(op, v, lane, t)
    }

    /// The lowering of [`Self::wave_componentwise`] for value `v` giving LLVM
    /// type `t`.
    fn wave_component(
        &mut self,
        op: Lanewise,
        v: Word,
        lane: Option<Word>,
        t: TypeId,
    ) -> Result<Word> {
        match (op, lane) {
            (Lanewise::AllEqual, _) => self.wave_vote(Op::GroupNonUniformAllEqual, v),
            (Lanewise::ReadFirst, _) => {
                let ty = self.llvm_ty(t)?;
                self.wave_read_first(ty, v)
            }
            (Lanewise::ReadLane(_), Some(l)) => {
                let ty = self.llvm_ty(t)?;
                self.wave_read_lane(ty, v, l)
            }
            (Lanewise::QuadReadLane(_), Some(l)) => {
                let ty = self.llvm_ty(t)?;
                self.quad_read_lane(ty, v, l)
            }
            (Lanewise::Arith(k, signed, g), _) => self.wave_arith(k, signed, t, v, g),
            (Lanewise::QuadSwap(dir), _) => {
                let ty = self.llvm_ty(t)?;
                self.quad_swap(ty, v, dir)
            }
            _ => Err(self.internal("a lane-read wave op without its lane")),
        }
    }

    /// `WaveMultiPrefixOp(value, mask0..3, op, sop)`: an exclusive scan
    /// within each partition of lanes that share a mask.
    pub(crate) fn wave_multi_prefix_op(&mut self, o: WaveMultiPrefixOp, t: TypeId) -> Result<Word> {
        let v = self.value_id(o.value)?;
        let xt = self.vty(o.value);
        let k = WaveArith::of_multi_prefix(o.op);
        let signed = o.sop == SignedOpKind::Signed;
        let (key, kty) = self.mask_key(o.mask)?;
        let scan = GroupOperation::ExclusiveScan;
        let r = self.per_partition(key, kty, 2, |e| {
            if e.m.types.vector_len(xt).is_none() {
                return Ok(smallvec::smallvec![e.wave_arith(k, signed, t, v, scan)?]);
            }
            // The SM 6.9 vector overloads, lane by lane.
            let te = e.lane_type(t)?;
            let r = e.lanewise(t, &[(v, xt)], |e, x| match *x {
                [x] => e.wave_arith(k, signed, te, x, scan),
                _ => Err(e.internal("wave op: operand count")),
            })?;
            Ok(smallvec::smallvec![r])
        })?;
        self.single(r)
    }

    /// `WaveMultiPrefixBitCount(cond, mask0..3)`.
    pub(crate) fn wave_multi_prefix_bit_count(
        &mut self,
        o: WaveMultiPrefixBitCount,
    ) -> Result<Word> {
        let c = self.value_id(o.value)?;
        let (key, kty) = self.mask_key(o.mask)?;
        let r = self.per_partition(key, kty, 2, |e| {
            Ok(smallvec::smallvec![
                e.wave_bit_count(c, GroupOperation::ExclusiveScan)?
            ])
        })?;
        self.single(r)
    }

    fn subgroup(&mut self) -> Word {
        self.spv.u32c(scope::SUBGROUP)
    }

    /// A group operation instruction: `op ty scope group value`.
    fn group_op(&mut self, op: Op, ty: Word, group: GroupOperation, v: Word) -> Result<Word> {
        let s = self.subgroup();
        self.inst_words(op, ty, &[s, group as Word, v])
    }

    pub fn wave_is_first_lane(&mut self) -> Result<Word> {
        self.spv.cap(Capability::GroupNonUniform);
        let b = self.spv.bool_ty();
        let s = self.subgroup();
        self.op(Op::GroupNonUniformElect, b, &[s])
    }

    pub fn wave_lane_index(&mut self) -> Result<Word> {
        self.spv.cap(Capability::GroupNonUniform);
        self.builtin_scalar(BuiltIn::SubgroupLocalInvocationId)
    }

    pub fn wave_lane_count(&mut self) -> Result<Word> {
        self.spv.cap(Capability::GroupNonUniform);
        self.builtin_scalar(BuiltIn::SubgroupSize)
    }

    /// `WaveAnyTrue` / `WaveAllTrue` / `WaveActiveAllEqual`.
    pub fn wave_vote(&mut self, op: Op, v: Word) -> Result<Word> {
        self.spv.cap(Capability::GroupNonUniformVote);
        let b = self.spv.bool_ty();
        let s = self.subgroup();
        self.op(op, b, &[s, v])
    }

    /// `WaveActiveBallot(cond)` → four words.
    pub fn wave_ballot(&mut self, cond: Word) -> Result<Words> {
        let v = self.ballot(cond)?;
        let u = self.spv.u32_ty();
        (0..4).map(|i| self.composite_extract(u, v, i)).collect()
    }

    fn ballot(&mut self, cond: Word) -> Result<Word> {
        self.spv.cap(Capability::GroupNonUniformBallot);
        let u = self.spv.u32_ty();
        let v4 = self.spv.vec_ty(u, 4);
        let s = self.subgroup();
        self.op(Op::GroupNonUniformBallot, v4, &[s, cond])
    }

    /// `WaveReadLaneFirst(v)`.
    pub fn wave_read_first(&mut self, ty: Word, v: Word) -> Result<Word> {
        self.spv.cap(Capability::GroupNonUniformBallot);
        let s = self.subgroup();
        self.op(Op::GroupNonUniformBroadcastFirst, ty, &[s, v])
    }

    /// `WaveReadLaneAt(v, lane)` (the lane may differ per lane).
    pub fn wave_read_lane(&mut self, ty: Word, v: Word, lane: Word) -> Result<Word> {
        self.spv.cap(Capability::GroupNonUniformShuffle);
        let s = self.subgroup();
        self.op(Op::GroupNonUniformShuffle, ty, &[s, v, lane])
    }

    /// A reduction (`WaveActive*`) or exclusive scan (`WavePrefix*`).
    pub fn wave_arith(
        &mut self,
        kind: WaveArith,
        signed: bool,
        t: TypeId,
        v: Word,
        group: GroupOperation,
    ) -> Result<Word> {
        self.spv.cap(Capability::GroupNonUniformArithmetic);
        let ty = self.llvm_ty(t)?;
        let float = self.float_width(t).is_some();
        let boolean = self.m.types.int_width(t) == Some(1);
        // i1 arithmetic wraps mod 2: a sum is a parity (xor), a product an
        // and; as signed values true is -1, so the minimum is an or and the
        // maximum an and (unsigned the other way round). Each identity
        // (false, true, false, true) matches, so scans agree too.
        let kind = match kind {
            WaveArith::Sum if boolean => WaveArith::Xor,
            WaveArith::Product if boolean => WaveArith::And,
            WaveArith::Min | WaveArith::Max if boolean => {
                if (kind == WaveArith::Min) == signed {
                    WaveArith::Or
                } else {
                    WaveArith::And
                }
            }
            k => k,
        };
        let op = match (kind, float) {
            (WaveArith::Sum, true) => Op::GroupNonUniformFAdd,
            (WaveArith::Sum, false) => Op::GroupNonUniformIAdd,
            (WaveArith::Product, true) => Op::GroupNonUniformFMul,
            (WaveArith::Product, false) => Op::GroupNonUniformIMul,
            (WaveArith::Min, true) => Op::GroupNonUniformFMin,
            (WaveArith::Min, false) if signed => Op::GroupNonUniformSMin,
            (WaveArith::Min, false) => Op::GroupNonUniformUMin,
            (WaveArith::Max, true) => Op::GroupNonUniformFMax,
            (WaveArith::Max, false) if signed => Op::GroupNonUniformSMax,
            (WaveArith::Max, false) => Op::GroupNonUniformUMax,
            (WaveArith::And, _) if boolean => Op::GroupNonUniformLogicalAnd,
            (WaveArith::Or, _) if boolean => Op::GroupNonUniformLogicalOr,
            (WaveArith::Xor, _) if boolean => Op::GroupNonUniformLogicalXor,
            (WaveArith::And, _) => Op::GroupNonUniformBitwiseAnd,
            (WaveArith::Or, _) => Op::GroupNonUniformBitwiseOr,
            (WaveArith::Xor, _) => Op::GroupNonUniformBitwiseXor,
        };
        if let Some(ii) = self.int_info(t) {
            if ii.width > 1
                && (ii.emulated || signed && matches!(kind, WaveArith::Min | WaveArith::Max))
            {
                let sv = self.as_signed(ii, v)?;
                let st = self.sint_vec(ii);
                let r = self.group_op(op, st, group, sv)?;
                return self.unsigned_result(ii, r);
            }
        }
        self.group_op(op, ty, group, v)
    }

    /// `WaveActiveCountBits` / `WavePrefixCountBits`.
    pub fn wave_bit_count(&mut self, cond: Word, group: GroupOperation) -> Result<Word> {
        let b = self.ballot(cond)?;
        let u = self.spv.u32_ty();
        self.group_op(Op::GroupNonUniformBallotBitCount, u, group, b)
    }

    /// Quad operations: `QuadReadLaneAt`.
    pub fn quad_read_lane(&mut self, ty: Word, v: Word, lane: Word) -> Result<Word> {
        self.spv.cap(Capability::GroupNonUniformQuad);
        let s = self.subgroup();
        self.op(Op::GroupNonUniformQuadBroadcast, ty, &[s, v, lane])
    }

    /// `QuadOp`: 0 read across X, 1 across Y, 2 diagonal.
    pub fn quad_swap(&mut self, ty: Word, v: Word, dir: u32) -> Result<Word> {
        self.spv.cap(Capability::GroupNonUniformQuad);
        let s = self.subgroup();
        let d = self.spv.u32c(dir);
        self.op(Op::GroupNonUniformQuadSwap, ty, &[s, v, d])
    }

    /// `QuadVote(cond, op)`: 0 any, 1 all.
    pub fn quad_vote(&mut self, cond: Word, all: bool) -> Result<Word> {
        let b = self.spv.bool_ty();
        let x = self.quad_swap(b, cond, 0)?;
        let y = self.quad_swap(b, cond, 1)?;
        let d = self.quad_swap(b, cond, 2)?;
        let op = if all { Op::LogicalAnd } else { Op::LogicalOr };
        let a = self.op(op, b, &[cond, x])?;
        let c = self.op(op, b, &[y, d])?;
        self.op(op, b, &[a, c])
    }

    /// Runs `f` once per partition of the active lanes that share `key`
    /// (lanes are peeled off a partition at a time), returning its values.
    /// `key_kind` says how to compare: 0 integer/float bits, 1 bool, 2
    /// integer vector.
    pub fn per_partition(
        &mut self,
        key: Word,
        key_ty: Word,
        key_kind: u32,
        f: impl FnOnce(&mut Self) -> Result<Words>,
    ) -> Result<Words> {
        self.spv.cap(Capability::GroupNonUniformBallot);
        if !self.waves.warned_partition_loop {
            self.waves.warned_partition_loop = true;
            self.spv.warnings.push(
                "WaveMatch/WaveMultiPrefix* are lowered to a loop over lane partitions; \
                 some drivers (lavapipe) mis-execute subgroup operations in such loops"
                    .into(),
            );
        }
        let header = self.spv.id();
        let body = self.spv.id();
        let then = self.spv.id();
        let cont = self.spv.id();
        let merge = self.spv.id();
        self.branch(header)?;
        self.begin_block(header)?;
        self.spv
            .b
            .loop_merge(merge, cont, spirv::LoopControl::NONE, [])
            .map_err(berr)?;
        self.branch(body)?;
        self.begin_block(body)?;
        let s = self.subgroup();
        let first = self.op(Op::GroupNonUniformBroadcastFirst, key_ty, &[s, key])?;
        let b = self.spv.bool_ty();
        let eq = match key_kind {
            1 => self.op(Op::LogicalEqual, b, &[key, first])?,
            2 => {
                let n = 4;
                let bv = self.spv.vec_ty(b, n);
                let e = self.op(Op::IEqual, bv, &[key, first])?;
                self.op(Op::All, b, &[e])?
            }
            _ => self.op(Op::IEqual, b, &[key, first])?,
        };
        self.spv
            .b
            .branch_conditional(eq, then, cont, [])
            .map_err(berr)?;
        self.begin_block(then)?;
        let vals = f(self)?;
        self.branch(merge)?;
        self.begin_block(cont)?;
        self.branch(header)?;
        self.begin_block(merge)?;
        Ok(vals)
    }

    /// The key of a partition loop: integers as they are, floats by their
    /// bits.
    pub fn partition_key(&mut self, t: TypeId, v: ValueId) -> Result<(Word, Word, u32)> {
        let x = self.value_id(v)?;
        if let Some(w) = self.float_width(t) {
            let u = self.spv.uint_ty(w);
            let bits = self.bitcast(u, x)?;
            return Ok((bits, u, 0));
        }
        let ty = self.llvm_ty(t)?;
        if self.m.types.int_width(t) == Some(1) {
            return Ok((x, ty, 1));
        }
        Ok((x, ty, 0))
    }

    /// `WaveMatch(v)` → four mask words.
    pub fn wave_match(&mut self, t: TypeId, v: ValueId) -> Result<Words> {
        let (key, kty, kind) = self.partition_key(t, v)?;
        let vals = self.per_partition(key, kty, kind, |e| {
            let tr = e.spv.boolc(true);
            e.wave_ballot(tr)
        })?;
        Ok(vals)
    }

    /// The four mask words as a `uvec4` partition key.
    pub fn mask_key(&mut self, masks: [ValueId; 4]) -> Result<(Word, Word)> {
        let mut w = Vec::with_capacity(4);
        for m in masks {
            w.push(self.value_id(m)?);
        }
        let u = self.spv.u32_ty();
        let v4 = self.spv.vec_ty(u, 4);
        let key = self.composite_construct(v4, &w)?;
        Ok((key, v4))
    }
}

//! Arithmetic: LLVM binary operators, comparisons, selects, vector and
//! aggregate element access; odd-width integer wrapping; the signed
//! remainder lowering.

use super::binding::SremLowering;
use super::context::{low_mask, Parts, Val};
use super::Emitter;
use crate::error::{Feature, Result};
use crate::ir::{self, BinOp, Constant, ListRange, Predicate, TypeId, ValueId};
use rspirv::spirv::{Op, Word};
use smallvec::SmallVec;

/// What an LLVM integer (or integer vector) type looks like in SPIR-V.
#[derive(Clone, Copy, Debug)]
pub(crate) struct IntInfo {
    /// LLVM width.
    pub width: u32,
    /// SPIR-V container width.
    pub container: u32,
    /// Whether results must be masked back to `width` bits.
    pub emulated: bool,
    /// Vector length (1 for scalars).
    pub n: u32,
}

impl<'m> Emitter<'m> {
    /// Integer shape of an LLVM type, if it is an integer (vector) type.
    pub fn int_info(&self, t: TypeId) -> Option<IntInfo> {
        let width = self.m.types.int_width(t)?;
        let n = self.m.types.vector_len(t).unwrap_or(1);
        let (container, emulated) = Self::int_repr(width);
        Some(IntInfo {
            width,
            container,
            emulated,
            n,
        })
    }

    /// Float width of an LLVM float (vector) type.
    pub fn float_width(&self, t: TypeId) -> Option<u32> {
        let s = match self.m.types.ty(t) {
            ir::Type::Vector { elem, .. } => self.m.types.ty(elem),
            x => x,
        };
        match s {
            ir::Type::Half => Some(16),
            ir::Type::Float => Some(32),
            ir::Type::Double => Some(64),
            _ => None,
        }
    }

    /// A splat integer constant in the container type of `ii`.
    pub fn int_splat(&mut self, ii: IntInfo, v: u64) -> Word {
        let s = self.spv.uintc(ii.container, v);
        let et = self.spv.uint_ty(ii.container);
        let vt = self.spv.vec_ty(et, ii.n);
        self.spv.splat_const(vt, s, ii.n)
    }

    /// Masks an emulated-width value back to its width.
    pub fn wrap(&mut self, ii: IntInfo, v: Word) -> Result<Word> {
        if !ii.emulated {
            return Ok(v);
        }
        let mask = self.int_splat(ii, low_mask(ii.width));
        let t = self.uint_vec(ii);
        self.op(Op::BitwiseAnd, t, &[v, mask])
    }

    /// The unsigned container type of `ii`.
    pub fn uint_vec(&mut self, ii: IntInfo) -> Word {
        let e = self.spv.uint_ty(ii.container);
        self.spv.vec_ty(e, ii.n)
    }

    /// The signed container type of `ii`.
    pub fn sint_vec(&mut self, ii: IntInfo) -> Word {
        let e = self.spv.sint_ty(ii.container);
        self.spv.vec_ty(e, ii.n)
    }

    /// Sign-extends an emulated value within its container (no-op for
    /// native widths).
    pub fn sext_in_container(&mut self, ii: IntInfo, v: Word) -> Result<Word> {
        if !ii.emulated {
            return Ok(v);
        }
        let t = self.uint_vec(ii);
        let zero = self.spv.u32c(0);
        let w = self.spv.u32c(ii.width);
        self.op(Op::BitFieldSExtract, t, &[v, zero, w])
    }

    /// The value as a signed-typed SPIR-V value (sign-extended in its
    /// container).
    pub fn as_signed(&mut self, ii: IntInfo, v: Word) -> Result<Word> {
        let v = self.sext_in_container(ii, v)?;
        let st = self.sint_vec(ii);
        self.bitcast(st, v)
    }

    /// A signed result back to the canonical unsigned type, wrapped.
    pub fn unsigned_result(&mut self, ii: IntInfo, v: Word) -> Result<Word> {
        let ut = self.uint_vec(ii);
        let r = self.bitcast(ut, v)?;
        self.wrap(ii, r)
    }

    /// An LLVM binary operator (also used for constant expressions).
    pub fn binop(
        &mut self,
        op: BinOp,
        lhs: ValueId,
        rhs: ValueId,
        flags: u8,
        t: TypeId,
    ) -> Result<Word> {
        // The result type first, so that ids keep their established order.
        self.llvm_ty(t)?;
        // `fsub -0.0, x` is LLVM 3.7's negation.
        let negate = op == BinOp::FSub && self.float_width(t).is_some() && self.is_neg_zero(lhs);
        let a = if negate {
            None
        } else {
            Some(self.value_id(lhs)?)
        };
        let b = self.value_id(rhs)?;
        if self.long_len(t).is_some() {
            let et = self.lane_type(t)?;
            let xs: Vec<(Word, TypeId)> = a.iter().chain([&b]).map(|&x| (x, t)).collect();
            return self.lanewise(t, &xs, |e, x| match *x {
                [a, b] => e.binop_ids(op, Some(a), b, flags, et),
                [b] => e.binop_ids(op, None, b, flags, et),
                _ => Err(e.internal("binop: operand count")),
            });
        }
        self.binop_ids(op, a, b, flags, t)
    }

    /// A binary operator on emitted operands of LLVM type `t` (a scalar or a
    /// vector of at most 4); `a` is `None` for a float negation (`fsub
    /// -0.0, b`).
    pub fn binop_ids(
        &mut self,
        op: BinOp,
        a: Option<Word>,
        b: Word,
        flags: u8,
        t: TypeId,
    ) -> Result<Word> {
        let ty = self.llvm_ty(t)?;
        let Some(a) = a else {
            return self.op(Op::FNegate, ty, &[b]);
        };
        if self.float_width(t).is_some() {
            let sop = match op {
                BinOp::FAdd => Op::FAdd,
                BinOp::FSub => Op::FSub,
                BinOp::FMul => Op::FMul,
                BinOp::FDiv => Op::FDiv,
                BinOp::FRem => Op::FRem,
                _ => return Err(self.invalid(format!("{} on floats", op.name()))),
            };
            let r = self.op(sop, ty, &[a, b])?;
            if flags & crate::ir::flags::FAST == 0 {
                // No fast-math flags: `precise` in HLSL; keep it exact.
                self.spv
                    .decorate(r, rspirv::spirv::Decoration::NoContraction, &[]);
            }
            return Ok(r);
        }
        let ii = self
            .int_info(t)
            .ok_or_else(|| self.invalid(format!("{} on a non-arithmetic type", op.name())))?;
        if ii.width == 1 {
            let sop = match op {
                BinOp::And | BinOp::Mul => Op::LogicalAnd,
                BinOp::Or => Op::LogicalOr,
                BinOp::Xor | BinOp::Add | BinOp::Sub => Op::LogicalNotEqual,
                BinOp::UDiv | BinOp::SDiv => return Ok(a),
                BinOp::URem | BinOp::SRem => {
                    let f = self.spv.boolc(false);
                    let n = ii.n;
                    return Ok(self.spv.splat_const(ty, f, n));
                }
                _ => {
                    return Err(self.unsupported_feature(
                        Feature::BooleanArithmetic,
                        format!("{} on i1", op.name()),
                    ))
                }
            };
            return self.op(sop, ty, &[a, b]);
        }
        match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl => {
                let sop = match op {
                    BinOp::Add => Op::IAdd,
                    BinOp::Sub => Op::ISub,
                    BinOp::Mul => Op::IMul,
                    _ => Op::ShiftLeftLogical,
                };
                let r = self.op(sop, ty, &[a, b])?;
                self.wrap(ii, r)
            }
            BinOp::And => self.op(Op::BitwiseAnd, ty, &[a, b]),
            BinOp::Or => self.op(Op::BitwiseOr, ty, &[a, b]),
            BinOp::Xor => self.op(Op::BitwiseXor, ty, &[a, b]),
            BinOp::LShr => self.op(Op::ShiftRightLogical, ty, &[a, b]),
            BinOp::UDiv => self.op(Op::UDiv, ty, &[a, b]),
            BinOp::URem => self.op(Op::UMod, ty, &[a, b]),
            BinOp::AShr => {
                let sa = self.as_signed(ii, a)?;
                let st = self.sint_vec(ii);
                let r = self.op(Op::ShiftRightArithmetic, st, &[sa, b])?;
                self.unsigned_result(ii, r)
            }
            BinOp::SDiv => {
                let sa = self.as_signed(ii, a)?;
                let sb = self.as_signed(ii, b)?;
                let st = self.sint_vec(ii);
                let r = self.op(Op::SDiv, st, &[sa, sb])?;
                self.unsigned_result(ii, r)
            }
            BinOp::SRem => self.srem(ii, a, b),
            _ => Err(self.invalid(format!("{} on integers", op.name()))),
        }
    }

    /// Signed remainder. By default lowered through unsigned operations:
    /// `|a| % |b|` carrying the dividend's sign, because some drivers
    /// compute `OpSRem` as an unsigned remainder for negative operands.
    fn srem(&mut self, ii: IntInfo, a: Word, b: Word) -> Result<Word> {
        let sa = self.as_signed(ii, a)?;
        let sb = self.as_signed(ii, b)?;
        let st = self.sint_vec(ii);
        match self.srem_mode() {
            SremLowering::Native => {
                let r = self.op(Op::SRem, st, &[sa, sb])?;
                self.unsigned_result(ii, r)
            }
            SremLowering::ViaUnsigned => {
                let ut = self.uint_vec(ii);
                let bt = {
                    let b1 = self.spv.bool_ty();
                    self.spv.vec_ty(b1, ii.n)
                };
                let zero_s = {
                    let z = self.spv.sintc(ii.container, 0);
                    self.spv.splat_const(st, z, ii.n)
                };
                let na = self.op(Op::SNegate, st, &[sa])?;
                let a_neg = self.op(Op::SLessThan, bt, &[sa, zero_s])?;
                let abs_a = self.select(st, a_neg, na, sa)?;
                let nb = self.op(Op::SNegate, st, &[sb])?;
                let b_neg = self.op(Op::SLessThan, bt, &[sb, zero_s])?;
                let abs_b = self.select(st, b_neg, nb, sb)?;
                let ua = self.bitcast(ut, abs_a)?;
                let ub = self.bitcast(ut, abs_b)?;
                let r = self.op(Op::UMod, ut, &[ua, ub])?;
                let rs = self.bitcast(st, r)?;
                let nr = self.op(Op::SNegate, st, &[rs])?;
                let res = self.select(st, a_neg, nr, rs)?;
                self.unsigned_result(ii, res)
            }
        }
    }

    /// Whether a value is the constant -0.0 (or a splat of it).
    fn is_neg_zero(&self, v: ValueId) -> bool {
        let t = self.vty(v);
        let w = match self.float_width(t) {
            Some(w) => w,
            None => return false,
        };
        let neg = |bits: u64| match w {
            16 => bits & 0xffff == 0x8000,
            32 => bits & 0xffff_ffff == 0x8000_0000,
            _ => bits == 0x8000_0000_0000_0000,
        };
        match self.m.constant(v) {
            Some(Constant::Float(bits)) => neg(*bits),
            Some(Constant::Data(r)) => self.m.data(*r).iter().all(|&b| neg(b)),
            Some(Constant::Aggregate(r)) => self
                .m
                .value_list(*r)
                .all(|e| matches!(self.m.constant(e), Some(Constant::Float(b)) if neg(*b))),
            _ => false,
        }
    }

    /// `icmp` / `fcmp`.
    pub fn cmp(&mut self, pred: Predicate, lhs: ValueId, rhs: ValueId, t: TypeId) -> Result<Word> {
        // The result type first, so that ids keep their established order.
        self.llvm_ty(t)?;
        let ot = self.vty(lhs);
        let a = self.value_id(lhs)?;
        let b = self.value_id(rhs)?;
        if self.long_len(ot).is_some() {
            let (oe, re) = (self.lane_type(ot)?, self.lane_type(t)?);
            return self.lanewise(t, &[(a, ot), (b, ot)], |e, x| match *x {
                [a, b] => e.cmp_ids(pred, a, b, oe, re),
                _ => Err(e.internal("cmp: operand count")),
            });
        }
        self.cmp_ids(pred, a, b, ot, t)
    }

    /// A comparison of emitted operands of LLVM type `ot` (a scalar or a
    /// vector of at most 4), giving LLVM type `t`.
    pub fn cmp_ids(
        &mut self,
        pred: Predicate,
        mut a: Word,
        mut b: Word,
        ot: TypeId,
        t: TypeId,
    ) -> Result<Word> {
        let rty = self.llvm_ty(t)?;
        let n = self.m.types.vector_len(ot).unwrap_or(1);
        if pred.is_fp() {
            let sop = match pred.0 {
                0 => {
                    let f = self.spv.boolc(false);
                    return Ok(self.spv.splat_const(rty, f, n));
                }
                15 => {
                    let tr = self.spv.boolc(true);
                    return Ok(self.spv.splat_const(rty, tr, n));
                }
                1 => Op::FOrdEqual,
                2 => Op::FOrdGreaterThan,
                3 => Op::FOrdGreaterThanEqual,
                4 => Op::FOrdLessThan,
                5 => Op::FOrdLessThanEqual,
                6 => Op::FOrdNotEqual,
                7 | 8 => {
                    let na = self.op(Op::IsNan, rty, &[a])?;
                    let nb = self.op(Op::IsNan, rty, &[b])?;
                    let any = self.op(Op::LogicalOr, rty, &[na, nb])?;
                    if pred.0 == 8 {
                        return Ok(any);
                    }
                    return self.op(Op::LogicalNot, rty, &[any]);
                }
                9 => Op::FUnordEqual,
                10 => Op::FUnordGreaterThan,
                11 => Op::FUnordGreaterThanEqual,
                12 => Op::FUnordLessThan,
                13 => Op::FUnordLessThanEqual,
                14 => Op::FUnordNotEqual,
                _ => return Err(self.invalid("bad fcmp predicate")),
            };
            return self.op(sop, rty, &[a, b]);
        }
        let ii = self.int_info(ot).ok_or_else(|| {
            self.unsupported_feature(Feature::PointerValue, "icmp on non-integers (pointers)")
        })?;
        if ii.width == 1 {
            match pred.0 {
                32 => return self.op(Op::LogicalEqual, rty, &[a, b]),
                33 => return self.op(Op::LogicalNotEqual, rty, &[a, b]),
                _ => {
                    // Order comparisons on i1: true is 1 unsigned, -1 signed.
                    let signed = pred.0 >= 38;
                    let one = self.spv.uintc(32, if signed { 0xffff_ffff } else { 1 });
                    let zero = self.spv.uintc(32, 0);
                    let u = self.spv.u32_ty();
                    let ut = self.spv.vec_ty(u, n);
                    let one = self.spv.splat_const(ut, one, n);
                    let zero = self.spv.splat_const(ut, zero, n);
                    a = self.select(ut, a, one, zero)?;
                    b = self.select(ut, b, one, zero)?;
                    let ii32 = IntInfo {
                        width: 32,
                        container: 32,
                        emulated: false,
                        n,
                    };
                    return self.int_cmp(pred, ii32, a, b, rty);
                }
            }
        }
        self.int_cmp(pred, ii, a, b, rty)
    }

    fn int_cmp(
        &mut self,
        pred: Predicate,
        ii: IntInfo,
        a: Word,
        b: Word,
        rty: Word,
    ) -> Result<Word> {
        let (sop, signed) = match pred.0 {
            32 => (Op::IEqual, false),
            33 => (Op::INotEqual, false),
            34 => (Op::UGreaterThan, false),
            35 => (Op::UGreaterThanEqual, false),
            36 => (Op::ULessThan, false),
            37 => (Op::ULessThanEqual, false),
            38 => (Op::SGreaterThan, true),
            39 => (Op::SGreaterThanEqual, true),
            40 => (Op::SLessThan, true),
            41 => (Op::SLessThanEqual, true),
            _ => return Err(self.invalid("bad icmp predicate")),
        };
        if signed {
            let sa = self.as_signed(ii, a)?;
            let sb = self.as_signed(ii, b)?;
            self.op(sop, rty, &[sa, sb])
        } else {
            self.op(sop, rty, &[a, b])
        }
    }

    /// `select`.
    pub fn select_inst(
        &mut self,
        cond: ValueId,
        if_true: ValueId,
        if_false: ValueId,
        t: TypeId,
    ) -> Result<Val> {
        let c = self.value_id(cond)?;
        let a = self.val(if_true)?;
        let b = self.val(if_false)?;
        let ct = self.vty(cond);
        match (a, b) {
            (Val::Id(a), Val::Id(b)) if self.long_len(ct).is_some() => {
                let et = self.lane_type(t)?;
                let ety = self.llvm_ty(et)?;
                let lanes = self.lanewise(t, &[(c, ct), (a, t), (b, t)], |e, x| match *x {
                    [c, a, b] => e.select(ety, c, a, b),
                    _ => Err(e.internal("select: operand count")),
                })?;
                Ok(Val::Id(lanes))
            }
            (Val::Id(a), Val::Id(b)) => {
                let ty = self.llvm_ty(t)?;
                Ok(Val::Id(self.select(ty, c, a, b)?))
            }
            (Val::Parts(a), Val::Parts(b)) if a.len() == b.len() => {
                // Select component-wise; component types come from the
                // struct's members.
                let mut out = Parts::new();
                for (i, (x, y)) in a.iter().zip(b.iter()).enumerate() {
                    let mt = self
                        .m
                        .types
                        .member(t, i as u64)
                        .ok_or_else(|| self.invalid("select on mismatched structs"))?;
                    let ty = self.llvm_ty(mt)?;
                    out.push(self.select(ty, c, *x, *y)?);
                }
                Ok(Val::Parts(out))
            }
            (Val::Ptr(..), Val::Ptr(..)) => {
                self.pointer_select(c, if_true, if_false)?.ok_or_else(|| {
                    self.unsupported_feature(
                        Feature::PointerValue,
                        "select of pointers into different variables or of different shapes",
                    )
                })
            }
            _ => Err(self.unsupported_feature(
                Feature::PointerValue,
                "select of pointers or resource handles",
            )),
        }
    }

    /// Whether constant lane `i` lies past the end of `vector`: LLVM makes
    /// such an extractelement or insertelement poison (here undef), where a
    /// SPIR-V composite index out of range is invalid.
    fn lane_past_end(&self, vector: ValueId, i: u64) -> bool {
        self.m
            .value_type(vector)
            .and_then(|t| self.m.types.vector_len(t))
            .is_some_and(|n| i >= u64::from(n))
    }

    pub fn extract_element(&mut self, vector: ValueId, index: ValueId, t: TypeId) -> Result<Word> {
        let ty = self.llvm_ty(t)?;
        let v = self.value_id(vector)?;
        if let Some(i) = self.m.const_uint(index) {
            if self.lane_past_end(vector, i) {
                return Ok(self.spv.undef(ty));
            }
            return self.composite_extract(ty, v, i as u32);
        }
        let index = self.dynamic_index(index)?;
        let vt = self.vty(vector);
        if self.long_len(vt).is_some() {
            return self.extract_lane_dynamic(v, vt, index);
        }
        self.op(Op::VectorExtractDynamic, ty, &[v, index.0])
    }

    /// A dynamic vector element or array index as a SPIR-V integer and its
    /// width: an `i1` index (a bool in SPIR-V, which indexes nothing)
    /// becomes a `u32` 0 or 1.
    pub fn dynamic_index(&mut self, index: ValueId) -> Result<(Word, u32)> {
        let v = self.value_id(index)?;
        let info = self
            .int_info(self.vty(index))
            .ok_or_else(|| self.invalid("an index that is not an integer"))?;
        if info.width != 1 {
            return Ok((v, info.container));
        }
        let u = self.spv.u32_ty();
        let (one, zero) = (self.spv.u32c(1), self.spv.u32c(0));
        Ok((self.op(Op::Select, u, &[v, one, zero])?, 32))
    }

    pub fn insert_element(
        &mut self,
        vector: ValueId,
        element: ValueId,
        index: ValueId,
        t: TypeId,
    ) -> Result<Word> {
        let ty = self.llvm_ty(t)?;
        let v = self.value_id(vector)?;
        let e = self.value_id(element)?;
        if let Some(i) = self.m.const_uint(index) {
            if self.lane_past_end(vector, i) {
                return Ok(self.spv.undef(ty));
            }
            return self.inst_words(Op::CompositeInsert, ty, &[e, v, i as u32]);
        }
        let index = self.dynamic_index(index)?;
        if self.long_len(t).is_some() {
            return self.insert_lane_dynamic(v, t, e, index);
        }
        self.op(Op::VectorInsertDynamic, ty, &[v, e, index.0])
    }

    pub fn shuffle(&mut self, a: ValueId, b: ValueId, mask: ValueId, t: TypeId) -> Result<Word> {
        let ty = self.llvm_ty(t)?;
        let va = self.value_id(a)?;
        let vb = self.value_id(b)?;
        let n = self.m.types.vector_len(t).unwrap_or(1);
        let lits: Vec<u32> = match self.m.constant(mask) {
            Some(Constant::Data(r)) => self.m.data(*r).iter().map(|&x| x as u32).collect(),
            Some(Constant::Aggregate(r)) => self
                .m
                .value_list(*r)
                .map(|e| self.m.const_uint(e).map(|x| x as u32).unwrap_or(u32::MAX))
                .collect(),
            Some(Constant::Null) => vec![0; n as usize],
            Some(Constant::Undef) => vec![u32::MAX; n as usize],
            _ => return Err(self.invalid("shufflevector mask is not a constant")),
        };
        let at = self.vty(a);
        if self.long_len(t).is_some() || self.long_len(at).is_some() {
            return self.shuffle_lanes(va, vb, at, &lits, t);
        }
        let mut ops: SmallVec<[Word; 8]> = smallvec::smallvec![va, vb];
        ops.extend(lits);
        self.inst_words(Op::VectorShuffle, ty, &ops)
    }

    pub fn extract_value(&mut self, agg: ValueId, indices: ListRange, t: TypeId) -> Result<Val> {
        let idx: SmallVec<[u32; 4]> = self.m.list(indices).iter().copied().collect();
        match self.val(agg)? {
            Val::Parts(parts) => {
                if idx.len() != 1 {
                    return Err(self.invalid("nested extractvalue on a dx.op result"));
                }
                idx.first()
                    .and_then(|&i| parts.get(i as usize))
                    .map(|&p| Val::Id(p))
                    .ok_or_else(|| self.invalid("extractvalue index out of range"))
            }
            Val::Id(v) => {
                let ty = self.llvm_ty(t)?;
                let mut ops: SmallVec<[Word; 5]> = smallvec::smallvec![v];
                ops.extend(idx);
                Ok(Val::Id(self.inst_words(Op::CompositeExtract, ty, &ops)?))
            }
            _ => Err(self
                .unsupported_feature(Feature::PointerValue, "extractvalue on a pointer or handle")),
        }
    }

    pub fn insert_value(
        &mut self,
        agg: ValueId,
        value: ValueId,
        indices: ListRange,
        t: TypeId,
    ) -> Result<Word> {
        let ty = self.llvm_ty(t)?;
        let a = self.value_id(agg)?;
        let v = self.value_id(value)?;
        let mut ops: SmallVec<[Word; 6]> = smallvec::smallvec![v, a];
        ops.extend_from_slice(self.m.list(indices));
        self.inst_words(Op::CompositeInsert, ty, &ops)
    }
}

//! Conversions: LLVM casts, and the conversion dx.ops (legacy f16, double
//! make/split, bitcasts).

use super::context::{low_mask, Val, Words};
use super::Emitter;
use crate::error::{Feature, Result};
use crate::ir::{self, CastOp, TypeId, ValueId};
use rspirv::spirv::{GlslStd450Op as GLOp, Op, Word};

impl<'m> Emitter<'m> {
    /// An LLVM cast to type `t` (also used for constant expressions).
    pub fn cast(&mut self, op: CastOp, value: ValueId, t: TypeId) -> Result<Val> {
        let st = self.vty(value);
        if matches!(op, CastOp::BitCast | CastOp::AddrSpaceCast)
            && matches!(self.m.types.ty(t), ir::Type::Pointer { .. })
        {
            return self.pointer_cast(value, t);
        }
        // The result type first, so that ids keep their established order.
        self.llvm_ty(t)?;
        let x = self.value_id(value)?;
        if self.long_len(t).is_some() || self.long_len(st).is_some() {
            let (se, de) = (self.lane_type(st)?, self.lane_type(t)?);
            return Ok(Val::Id(self.lanewise(t, &[(x, st)], |e, x| match *x {
                [x] => e.cast_id(op, x, se, de),
                _ => Err(e.internal("cast: operand count")),
            })?));
        }
        Ok(Val::Id(self.cast_id(op, x, st, t)?))
    }

    /// A value cast `x` of LLVM type `st` (a scalar or a vector of at most
    /// 4) to LLVM type `t`.
    pub fn cast_id(&mut self, op: CastOp, x: Word, st: TypeId, t: TypeId) -> Result<Word> {
        let ty = self.llvm_ty(t)?;
        let id = match op {
            CastOp::BitCast => {
                let sty = self.llvm_ty(st)?;
                if sty == ty {
                    x
                } else {
                    self.bitcast(ty, x)?
                }
            }
            CastOp::Trunc => {
                let si = self
                    .int_info(st)
                    .ok_or_else(|| self.invalid("trunc of a non-integer"))?;
                let di = self
                    .int_info(t)
                    .ok_or_else(|| self.invalid("trunc to a non-integer"))?;
                if di.width == 1 {
                    let one = self.int_splat(si, 1);
                    let zero = self.int_splat(si, 0);
                    let ut = self.uint_vec(si);
                    let bit = self.op(Op::BitwiseAnd, ut, &[x, one])?;
                    self.op(Op::INotEqual, ty, &[bit, zero])?
                } else if si.container == di.container {
                    self.wrap(di, x)?
                } else {
                    let r = self.op(Op::UConvert, ty, &[x])?;
                    self.wrap(di, r)?
                }
            }
            CastOp::ZExt => {
                let si = self
                    .int_info(st)
                    .ok_or_else(|| self.invalid("zext of a non-integer"))?;
                let di = self
                    .int_info(t)
                    .ok_or_else(|| self.invalid("zext to a non-integer"))?;
                if si.width == 1 {
                    let one = self.int_splat(di, 1);
                    let zero = self.int_splat(di, 0);
                    self.select(ty, x, one, zero)?
                } else if si.container == di.container {
                    x
                } else {
                    self.op(Op::UConvert, ty, &[x])?
                }
            }
            CastOp::SExt => {
                let si = self
                    .int_info(st)
                    .ok_or_else(|| self.invalid("sext of a non-integer"))?;
                let di = self
                    .int_info(t)
                    .ok_or_else(|| self.invalid("sext to a non-integer"))?;
                if si.width == 1 {
                    let ones = self.int_splat(di, u64::MAX);
                    let ones = if di.emulated {
                        self.int_splat(di, low_mask(di.width))
                    } else {
                        ones
                    };
                    let zero = self.int_splat(di, 0);
                    self.select(ty, x, ones, zero)?
                } else {
                    let sx = self.as_signed(si, x)?;
                    let r = if si.container == di.container {
                        sx
                    } else {
                        let dst = self.sint_vec(di);
                        self.op(Op::SConvert, dst, &[sx])?
                    };
                    self.unsigned_result(di, r)?
                }
            }
            CastOp::FpToUi => {
                let di = self
                    .int_info(t)
                    .ok_or_else(|| self.invalid("fptoui to a non-integer"))?;
                if di.width == 1 {
                    let z = self.float_zero(st)?;
                    self.op(Op::FUnordNotEqual, ty, &[x, z])?
                } else {
                    let r = self.op(Op::ConvertFToU, ty, &[x])?;
                    self.wrap(di, r)?
                }
            }
            CastOp::FpToSi => {
                let di = self
                    .int_info(t)
                    .ok_or_else(|| self.invalid("fptosi to a non-integer"))?;
                if di.width == 1 {
                    let z = self.float_zero(st)?;
                    self.op(Op::FUnordNotEqual, ty, &[x, z])?
                } else {
                    let sty = self.sint_vec(di);
                    let r = self.op(Op::ConvertFToS, sty, &[x])?;
                    self.unsigned_result(di, r)?
                }
            }
            CastOp::UiToFp | CastOp::SiToFp => {
                let si = self
                    .int_info(st)
                    .ok_or_else(|| self.invalid("int to fp of a non-integer"))?;
                if si.width == 1 {
                    let w = self.float_width(t).unwrap_or(32);
                    let n = si.n;
                    let one = self
                        .spv
                        .floatc(w, if op == CastOp::SiToFp { -1.0 } else { 1.0 });
                    let zero = self.spv.floatc(w, 0.0);
                    let one = self.spv.splat_const(ty, one, n);
                    let zero = self.spv.splat_const(ty, zero, n);
                    self.select(ty, x, one, zero)?
                } else if op == CastOp::UiToFp {
                    self.op(Op::ConvertUToF, ty, &[x])?
                } else {
                    let sx = self.as_signed(si, x)?;
                    self.op(Op::ConvertSToF, ty, &[sx])?
                }
            }
            CastOp::FpTrunc | CastOp::FpExt => self.op(Op::FConvert, ty, &[x])?,
            CastOp::PtrToInt | CastOp::IntToPtr | CastOp::AddrSpaceCast => {
                return Err(self.unsupported_feature(
                    Feature::PointerValue,
                    format!("{} (pointer casts)", op.name()),
                ))
            }
        };
        Ok(id)
    }

    fn float_zero(&mut self, t: TypeId) -> Result<Word> {
        let w = self
            .float_width(t)
            .ok_or_else(|| self.invalid("expected a float"))?;
        let n = self.m.types.vector_len(t).unwrap_or(1);
        let z = self.spv.floatc(w, 0.0);
        let ty = self.llvm_ty(t)?;
        Ok(self.spv.splat_const(ty, z, n))
    }

    /// `LegacyF32ToF16`: the half bits of a float, in the low 16 bits of an
    /// `i32`.
    pub fn legacy_f32_to_f16(&mut self, x: Word) -> Result<Word> {
        let f = self.spv.float_ty(32);
        let v2 = self.spv.vec_ty(f, 2);
        let zero = self.spv.f32c(0.0);
        let v = self.composite_construct(v2, &[x, zero])?;
        let u = self.spv.u32_ty();
        self.glsl(u, GLOp::PackHalf2x16, &[v])
    }

    /// `LegacyF16ToF32`: the float of the half bits in the low 16 bits.
    pub fn legacy_f16_to_f32(&mut self, x: Word) -> Result<Word> {
        let f = self.spv.float_ty(32);
        let v2 = self.spv.vec_ty(f, 2);
        let v = self.glsl(v2, GLOp::UnpackHalf2x16, &[x])?;
        self.composite_extract(f, v, 0)
    }

    /// `MakeDouble(lo, hi)`.
    pub fn make_double(&mut self, lo: Word, hi: Word) -> Result<Word> {
        let u = self.spv.u32_ty();
        let u2 = self.spv.vec_ty(u, 2);
        let v = self.composite_construct(u2, &[lo, hi])?;
        let d = self.spv.float_ty(64);
        self.bitcast(d, v)
    }

    /// `SplitDouble(d)` → [lo, hi].
    pub fn split_double(&mut self, d: Word) -> Result<Words> {
        let u = self.spv.u32_ty();
        let u2 = self.spv.vec_ty(u, 2);
        let v = self.bitcast(u2, d)?;
        let lo = self.composite_extract(u, v, 0)?;
        let hi = self.composite_extract(u, v, 1)?;
        Ok(smallvec::smallvec![lo, hi])
    }

    /// Joins two 32-bit words into a 64-bit integer or double of type `ty`.
    pub fn join64(&mut self, ty: Word, lo: Word, hi: Word) -> Result<Word> {
        let u = self.spv.u32_ty();
        let u2 = self.spv.vec_ty(u, 2);
        let v = self.composite_construct(u2, &[lo, hi])?;
        self.bitcast(ty, v)
    }

    /// Splits a 64-bit value into its two 32-bit words.
    pub fn split64(&mut self, v: Word) -> Result<(Word, Word)> {
        let u = self.spv.u32_ty();
        let u2 = self.spv.vec_ty(u, 2);
        let p = self.bitcast(u2, v)?;
        let lo = self.composite_extract(u, p, 0)?;
        let hi = self.composite_extract(u, p, 1)?;
        Ok((lo, hi))
    }
}

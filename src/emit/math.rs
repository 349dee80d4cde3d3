//! The math dx.ops: element-wise float and integer operations (vector
//! overloads lane by lane), bit operations, carries, dot products and the
//! packed 8-bit forms.

use super::context::{low_mask, Val, Words};
use super::Emitter;
use crate::dxil::operands::{
    BinaryWithCarryOrBorrow, Dot2AddHalf, Dot4AddPacked, Pack4x8, Unpack4x8,
};
use crate::dxil::{OpCode, PackMode, UnpackMode};
use crate::error::Result;
use crate::ir::{TypeId, ValueId};
use rspirv::spirv::{GlslStd450Op as GLOp, Op, Word};
use smallvec::{smallvec, SmallVec};

impl<'m> Emitter<'m> {
    /// A dx.op that acts on each component of its operands `xs`: scalar
    /// overloads directly, the vector overloads of SM 6.9 lane by lane.
    pub(super) fn componentwise(&mut self, op: OpCode, xs: &[ValueId], t: TypeId) -> Result<Word> {
        let first = xs
            .first()
            .copied()
            .ok_or_else(|| self.internal("a math dx.op without operands"))?;
        let xt = self.vty(first);
        let mut vals: SmallVec<[(Word, TypeId); 4]> = SmallVec::with_capacity(xs.len());
        for &v in xs {
            vals.push((self.value_id(v)?, self.vty(v)));
        }
        if self.m.types.vector_len(xt).is_some() {
            let (xe, te) = (self.lane_type(xt)?, self.lane_type(t)?);
            return self.lanewise(t, &vals, |e, x| e.math_op(op, x, xe, te));
        }
        let xs: SmallVec<[Word; 4]> = vals.into_iter().map(|(x, _)| x).collect();
        self.math_op(op, &xs, xt, t)
    }

    /// `UAddc` / `USubb` (`sop`: `IAddCarry` or `ISubBorrow`):
    /// `%dx.types.i32c = { i32 result, i1 carry/borrow }`.
    pub(super) fn carry_or_borrow(&mut self, sop: Op, o: BinaryWithCarryOrBorrow) -> Result<Val> {
        let (a, b) = (self.value_id(o.a)?, self.value_id(o.b)?);
        let u = self.spv.u32_ty();
        let st = self.spv.ty(super::context::TyKey::Struct2(u, u));
        let r = self.op(sop, st, &[a, b])?;
        let v = self.composite_extract(u, r, 0)?;
        let c = self.composite_extract(u, r, 1)?;
        let zero = self.spv.u32c(0);
        let bt = self.spv.bool_ty();
        let c = self.op(Op::INotEqual, bt, &[c, zero])?;
        Ok(Val::Parts(smallvec![v, c]))
    }

    /// `Bitcast*`: `value` reinterpreted as LLVM type `t`.
    pub(super) fn bitcast_op(&mut self, value: ValueId, t: TypeId) -> Result<Word> {
        let x = self.value_id(value)?;
        let ty = self.llvm_ty(t)?;
        self.bitcast(ty, x)
    }

    /// `Dot2`, `Dot3`, `Dot4`: the dot product of `xs` and `ys` (scalars).
    pub(super) fn dot<const N: usize>(
        &mut self,
        xs: &[ValueId; N],
        ys: &[ValueId; N],
        t: TypeId,
    ) -> Result<Word> {
        let ty = self.llvm_ty(t)?;
        // N is 2, 3 or 4.
        let vt = self.spv.vec_ty(ty, N as u32);
        let mut x = Vec::with_capacity(N);
        let mut y = Vec::with_capacity(N);
        for (&a, &b) in xs.iter().zip(ys) {
            x.push(self.value_id(a)?);
            y.push(self.value_id(b)?);
        }
        let x = self.composite_construct(vt, &x)?;
        let y = self.composite_construct(vt, &y)?;
        self.op(Op::Dot, ty, &[x, y])
    }

    /// `Dot2AddHalf(acc, ax, ay, bx, by)`: `acc + a·b` in float.
    pub(super) fn dot2_add_half(&mut self, o: Dot2AddHalf) -> Result<Word> {
        let f = self.spv.float_ty(32);
        let acc = self.value_id(o.acc)?;
        let mut h = [0; 4];
        let [ax, ay] = o.a;
        let [bx, by] = o.b;
        for (slot, x) in h.iter_mut().zip([ax, ay, bx, by]) {
            let x = self.value_id(x)?;
            *slot = self.op(Op::FConvert, f, &[x])?;
        }
        let [h0, h1, h2, h3] = h;
        let p0 = self.op(Op::FMul, f, &[h0, h2])?;
        let p1 = self.op(Op::FMul, f, &[h1, h3])?;
        let s = self.op(Op::FAdd, f, &[p0, p1])?;
        self.op(Op::FAdd, f, &[acc, s])
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
            (O::Msad, &[r, s, acc]) => self.msad(r, s, acc),
            (O::Bfi, &[w, o, v, r]) => self.bitfield_insert(w, o, v, r),
            _ => Err(self.invalid(format!("dx.op {} with {} operands", op.name(), xs.len()))),
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
                let z = self.spv.floatc(w, 0.0);
                let one = self.spv.floatc(w, 1.0);
                let z = self.spv.splat_const(ty, z, n);
                let one = self.spv.splat_const(ty, one, n);
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
        let b = self.spv.bool_ty();
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
                let u = self.spv.uint_ty(w);
                let bits = self.bitcast(u, x)?;
                let sh = self.spv.uintc(w, mbits);
                let e = self.op(Op::ShiftRightLogical, u, &[bits, sh])?;
                let mask = self.spv.uintc(w, low_mask(ebits));
                let e = self.op(Op::BitwiseAnd, u, &[e, mask])?;
                let zero = self.spv.uintc(w, 0);
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
        let u = self.spv.u32_ty();
        let s = self.spv.sint_ty(32);
        let b = self.spv.bool_ty();
        let minus1 = self.spv.u32c(u32::MAX);
        match (op, ii.width) {
            (O::Bfrev, 32) => self.op(Op::BitReverse, u, &[x]),
            (O::Bfrev, 16) => {
                let ux = self.op(Op::UConvert, u, &[x])?;
                let r = self.op(Op::BitReverse, u, &[ux])?;
                let sixteen = self.spv.u32c(16);
                let r = self.op(Op::ShiftRightLogical, u, &[r, sixteen])?;
                let t16 = self.spv.uint_ty(16);
                self.op(Op::UConvert, t16, &[r])
            }
            (O::Bfrev, 64) => {
                let (lo, hi) = self.split64(x)?;
                let rl = self.op(Op::BitReverse, u, &[lo])?;
                let rh = self.op(Op::BitReverse, u, &[hi])?;
                let t64 = self.spv.uint_ty(64);
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
                let k32 = self.spv.u32c(32);
                let h32 = self.op(Op::IAdd, u, &[h, k32])?;
                let hv = self.op(Op::IEqual, b, &[h, minus1])?;
                let hres = self.select(u, hv, minus1, h32)?;
                let zero = self.spv.u32c(0);
                let lz = self.op(Op::IEqual, b, &[lo, zero])?;
                self.select(u, lz, hres, l)
            }
            (O::FirstbitHi | O::FirstbitSHi, 32 | 16) => {
                let signed = op == O::FirstbitSHi;
                let x32 = if ii.width == 16 {
                    if signed {
                        let s16 = self.spv.sint_ty(16);
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
                let top = self.spv.u32c(ii.width.saturating_sub(1));
                let r = self.op(Op::ISub, u, &[top, m])?;
                let none = self.op(Op::IEqual, b, &[m, minus1])?;
                self.select(u, none, minus1, r)
            }
            (O::FirstbitHi | O::FirstbitSHi, 64) => {
                let (lo, hi) = self.split64(x)?;
                // A negative value counts from its first 0: flip its bits.
                let (lo, hi) = if op == O::FirstbitSHi {
                    let k31 = self.spv.u32c(31);
                    let sh = self.bitcast(s, hi)?;
                    let sign = self.op(Op::ShiftRightArithmetic, s, &[sh, k31])?;
                    let mask = self.bitcast(u, sign)?;
                    let lo = self.op(Op::BitwiseXor, u, &[lo, mask])?;
                    (lo, self.op(Op::BitwiseXor, u, &[hi, mask])?)
                } else {
                    (lo, hi)
                };
                let mh = self.glsl(u, GLOp::FindUMsb, &[hi])?;
                let ml = self.glsl(u, GLOp::FindUMsb, &[lo])?;
                let k31 = self.spv.u32c(31);
                let k63 = self.spv.u32c(63);
                let rh = self.op(Op::ISub, u, &[k31, mh])?;
                let rl = self.op(Op::ISub, u, &[k63, ml])?;
                let lnone = self.op(Op::IEqual, b, &[ml, minus1])?;
                let rl = self.select(u, lnone, minus1, rl)?;
                let zero = self.spv.u32c(0);
                let hz = self.op(Op::IEqual, b, &[hi, zero])?;
                self.select(u, hz, rl, rh)
            }
            _ => Err(self.unsupported(format!("dx.op {} on i{}", op.name(), ii.width))),
        }
    }

    /// `Msad(ref, src, accum)`: `accum` plus the absolute differences of the
    /// bytes of `ref` and `src`, skipping the bytes where `ref` is 0.
    fn msad(&mut self, r: Word, s: Word, acc: Word) -> Result<Word> {
        let u = self.spv.u32_ty();
        let b = self.spv.bool_ty();
        let k8 = self.spv.u32c(8);
        let zero = self.spv.u32c(0);
        let mut sum = acc;
        for offset in [0, 8, 16, 24] {
            let offset = self.spv.u32c(offset);
            let rb = self.op(Op::BitFieldUExtract, u, &[r, offset, k8])?;
            let sb = self.op(Op::BitFieldUExtract, u, &[s, offset, k8])?;
            let hi = self.glsl(u, GLOp::UMax, &[rb, sb])?;
            let lo = self.glsl(u, GLOp::UMin, &[rb, sb])?;
            let d = self.op(Op::ISub, u, &[hi, lo])?;
            let masked = self.op(Op::IEqual, b, &[rb, zero])?;
            let d = self.select(u, masked, zero, d)?;
            sum = self.op(Op::IAdd, u, &[sum, d])?;
        }
        Ok(sum)
    }

    /// D3D `ubfe`/`ibfe`: width and offset masked to 5 bits.
    fn bitfield_extract(&mut self, w: Word, o: Word, v: Word, signed: bool) -> Result<Word> {
        let u = self.spv.u32_ty();
        let s = self.spv.sint_ty(32);
        let b = self.spv.bool_ty();
        let k31 = self.spv.u32c(31);
        let k32 = self.spv.u32c(32);
        let zero = self.spv.u32c(0);
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
        let u = self.spv.u32_ty();
        let k31 = self.spv.u32c(31);
        let one = self.spv.u32c(1);
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

    /// `Dot4AddI8Packed` / `Dot4AddU8Packed`: `acc` plus the dot product
    /// of the four signed or unsigned bytes of `a` and `b`.
    pub(super) fn dot4_packed(&mut self, o: Dot4AddPacked, signed: bool) -> Result<Word> {
        let acc = self.value_id(o.acc)?;
        let a = self.value_id(o.a)?;
        let b = self.value_id(o.b)?;
        let u = self.spv.u32_ty();
        let s = self.spv.sint_ty(32);
        let eight = self.spv.u32c(8);
        let mut sum = if signed { self.bitcast(s, acc)? } else { acc };
        for shift in [0, 8, 16, 24] {
            let off = self.spv.u32c(shift);
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

    /// `Unpack4x8(mode, packed)`: four signed or unsigned bytes.
    pub(super) fn unpack4x8(&mut self, o: Unpack4x8, t: TypeId) -> Result<Words> {
        let signed = o.unpack_mode == UnpackMode::Signed;
        let p = self.value_id(o.pk)?;
        let et = self.overload_of_struct(t)?;
        let u = self.spv.u32_ty();
        let s = self.spv.sint_ty(32);
        let eight = self.spv.u32c(8);
        let w = self.m.types.int_width(et).unwrap_or(32);
        let mut out = Words::with_capacity(4);
        for shift in [0, 8, 16, 24] {
            let off = self.spv.u32c(shift);
            let x = if signed {
                let sp = self.bitcast(s, p)?;
                let r = self.op(Op::BitFieldSExtract, s, &[sp, off, eight])?;
                self.bitcast(u, r)?
            } else {
                self.op(Op::BitFieldUExtract, u, &[p, off, eight])?
            };
            out.push(if w == 16 {
                let t16 = self.spv.uint_ty(16);
                self.op(Op::UConvert, t16, &[x])?
            } else {
                x
            });
        }
        Ok(out)
    }

    /// `Pack4x8(mode, x, y, z, w)`: truncate, clamp to [0, 255] or clamp
    /// to [-128, 127].
    pub(super) fn pack4x8(&mut self, o: Pack4x8) -> Result<Word> {
        let mode = o.pack_mode;
        let xt = self.vty(o.x);
        let mut xs = Vec::with_capacity(4);
        for v in [o.x, o.y, o.z, o.w] {
            xs.push(self.value_id(v)?);
        }
        let u = self.spv.u32_ty();
        let s = self.spv.sint_ty(32);
        let w = self.m.types.int_width(xt).unwrap_or(32);
        let ff = self.spv.u32c(0xff);
        let mut acc = self.spv.u32c(0);
        for (i, x) in xs.into_iter().enumerate() {
            let sx = if w == 16 {
                let s16 = self.spv.sint_ty(16);
                let b16 = self.bitcast(s16, x)?;
                self.op(Op::SConvert, s, &[b16])?
            } else {
                self.bitcast(s, x)?
            };
            let v = match mode {
                PackMode::UClamp => {
                    let lo = self.spv.sintc(32, 0);
                    let hi = self.spv.sintc(32, 255);
                    let c = self.glsl(s, GLOp::SClamp, &[sx, lo, hi])?;
                    self.bitcast(u, c)?
                }
                PackMode::SClamp => {
                    let lo = self.spv.sintc(32, -128);
                    let hi = self.spv.sintc(32, 127);
                    let c = self.glsl(s, GLOp::SClamp, &[sx, lo, hi])?;
                    self.bitcast(u, c)?
                }
                PackMode::Trunc => self.bitcast(u, sx)?,
            };
            let v = self.op(Op::BitwiseAnd, u, &[v, ff])?;
            // Four values to pack.
            let sh = self.spv.u32c((i as u32).saturating_mul(8));
            let v = self.op(Op::ShiftLeftLogical, u, &[v, sh])?;
            acc = self.op(Op::BitwiseOr, u, &[acc, v])?;
        }
        Ok(acc)
    }
}

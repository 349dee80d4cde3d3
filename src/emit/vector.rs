//! The dx.ops that SM 6.9 added for vectors of any length (long vectors
//! included): `RawBufferVectorLoad`/`Store` (through the bounds-checked
//! raw-buffer accesses of `resource`), `VectorReduceAnd`/`Or` and `FDot`.

use super::context::{Val, Words};
use super::Emitter;
use crate::dxil::operands::{RawBufferVectorLoad, RawBufferVectorStore};
use crate::error::Result;
use crate::ir::{TypeId, ValueId};
use rspirv::spirv::{Op, Word};
use smallvec::smallvec;

impl<'m> Emitter<'m> {
    /// The components of a value of LLVM type `t` (a scalar is one
    /// component) and their LLVM type.
    fn components(&mut self, v: Word, t: TypeId) -> Result<(Words, TypeId)> {
        if self.m.types.vector_len(t).is_some() {
            Ok((self.lanes(v, t)?, self.lane_type(t)?))
        } else {
            Ok((smallvec::smallvec![v], t))
        }
    }

    /// `RawBufferVectorLoad(handle, index, elementOffset, alignment)` → the
    /// `ResRet` pair (vector, status). Out-of-bounds reads give 0.
    pub fn raw_buffer_vector_load(
        &mut self,
        o: RawBufferVectorLoad,
        t: TypeId,
    ) -> Result<Option<Val>> {
        let h = self.handle(o.buf)?;
        let vt = self.overload_of_struct(t)?;
        let (n, et) = match self.m.types.vector_len(vt) {
            Some(n) => (n, self.lane_type(vt)?),
            None => (1, vt),
        };
        let s = self.scalar_of(et)?;
        let addr = self.byte_address(h, o.index, o.element_offset)?;
        let parts = self.raw_load(h, addr, s, n)?;
        let v = match parts.as_slice() {
            [x] if n == 1 => *x,
            _ => {
                let ty = self.llvm_ty(vt)?;
                self.composite_construct(ty, &parts)?
            }
        };
        let status = self.spv.u32c(0);
        Ok(Some(Val::Parts(smallvec![v, status])))
    }

    /// `RawBufferVectorStore(handle, index, elementOffset, value,
    /// alignment)`. Out-of-bounds writes are dropped.
    pub fn raw_buffer_vector_store(&mut self, o: RawBufferVectorStore) -> Result<()> {
        let h = self.handle(o.uav)?;
        let value = o.value;
        let v = self.value_id(value)?;
        let (lanes, et) = self.components(v, self.vty(value))?;
        let s = self.scalar_of(et)?;
        let addr = self.byte_address(h, o.index, o.element_offset)?;
        let vals: Vec<Option<Word>> = lanes.into_iter().map(Some).collect();
        self.raw_store(h, addr, s, &vals)
    }

    /// `VectorReduceAnd` / `VectorReduceOr` of vector `a` to LLVM type `t`
    /// (logical on booleans, bitwise on integers).
    pub fn vector_reduce(&mut self, and: bool, a: ValueId, t: TypeId) -> Result<Word> {
        let x = self.value_id(a)?;
        let (lanes, _) = self.components(x, self.vty(a))?;
        let ty = self.llvm_ty(t)?;
        let sop = match (and, self.m.types.int_width(t)) {
            (true, Some(1)) => Op::LogicalAnd,
            (false, Some(1)) => Op::LogicalOr,
            (true, Some(_)) => Op::BitwiseAnd,
            (false, Some(_)) => Op::BitwiseOr,
            (_, None) => return Err(self.invalid("VectorReduce on a non-integer vector")),
        };
        let mut lanes = lanes.into_iter();
        let first = lanes
            .next()
            .ok_or_else(|| self.invalid("VectorReduce of an empty vector"))?;
        lanes.try_fold(first, |acc, x| self.op(sop, ty, &[acc, x]))
    }

    /// `FDot(a, b)`: the sum of the lane products, added in lane order.
    pub fn vector_dot(&mut self, a: ValueId, b: ValueId, t: TypeId) -> Result<Word> {
        if self.float_width(t).is_none() {
            return Err(self.invalid("FDot on a non-float vector"));
        }
        let ty = self.llvm_ty(t)?;
        let (xa, xb) = (self.value_id(a)?, self.value_id(b)?);
        let (la, _) = self.components(xa, self.vty(a))?;
        let (lb, _) = self.components(xb, self.vty(b))?;
        if la.len() != lb.len() {
            return Err(self.invalid("FDot of vectors of different lengths"));
        }
        let mut sum: Option<Word> = None;
        for (x, y) in la.into_iter().zip(lb) {
            let p = self.op(Op::FMul, ty, &[x, y])?;
            sum = Some(match sum {
                None => p,
                Some(s) => self.op(Op::FAdd, ty, &[s, p])?,
            });
        }
        sum.ok_or_else(|| self.invalid("FDot of empty vectors"))
    }
}

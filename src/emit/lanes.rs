//! SM 6.9 long vectors. Vulkan's `Shader` capability allows vectors of 2 to
//! 4 components only, so an LLVM `<N x T>` with N > 4 is emitted as
//! `OpTypeArray T N`. Memory, phis, constants, constant-index element
//! access and `select` on a scalar condition work on arrays as they are;
//! every element-wise operation goes through [`Emitter::lanewise`], which
//! splits its operands into components (`OpCompositeExtract`), applies the
//! scalar lowering per lane and rebuilds the result (`OpCompositeConstruct`).
//! The vector overloads of dx.ops (`dxop`) use the same helper.

use super::context::Words;
use super::Emitter;
use crate::error::{Feature, Result};
use crate::ir::TypeId;
use rspirv::spirv::{Op, Word};
use smallvec::SmallVec;

impl<'m> Emitter<'m> {
    /// The length of `t` if it is a long vector (more than 4 elements).
    pub fn long_len(&self, t: TypeId) -> Option<u32> {
        self.m.types.vector_len(t).filter(|&n| n > 4)
    }

    /// The element type of the vector type `t`.
    pub fn lane_type(&self, t: TypeId) -> Result<TypeId> {
        match (self.m.types.vector_len(t), self.m.types.element(t)) {
            (Some(_), Some(e)) => Ok(e),
            _ => Err(self.unsupported_feature(
                Feature::VectorShape,
                "element-wise operation mixing vectors and scalars",
            )),
        }
    }

    /// The components of `v`, a value of LLVM vector type `t` (a SPIR-V
    /// vector or, for a long vector, an array).
    pub fn lanes(&mut self, v: Word, t: TypeId) -> Result<Words> {
        let n = self
            .m
            .types
            .vector_len(t)
            .ok_or_else(|| self.internal("lanes of a non-vector"))?;
        let et = self.lane_type(t)?;
        let ety = self.llvm_ty(et)?;
        (0..n).map(|i| self.composite_extract(ety, v, i)).collect()
    }

    /// The shared element-wise lowering: splits the vector operands `xs`
    /// (each a value and its LLVM vector type) into components, calls `f`
    /// with the components of each lane (in operand order), and builds the
    /// result of LLVM vector type `t` from what `f` returns. `f` gets
    /// scalar operands, so it uses the scalar lowering of the operation with
    /// the element types.
    pub fn lanewise(
        &mut self,
        t: TypeId,
        xs: &[(Word, TypeId)],
        mut f: impl FnMut(&mut Self, &[Word]) -> Result<Word>,
    ) -> Result<Word> {
        let n = self
            .m
            .types
            .vector_len(t)
            .ok_or_else(|| self.internal("lanewise: result is not a vector"))?;
        // On the stack: most element-wise operations have at most three
        // operands of at most four lanes.
        let mut split: SmallVec<[_; 3]> = SmallVec::with_capacity(xs.len());
        for &(x, xt) in xs {
            let m = self.m.types.vector_len(xt);
            if m != Some(n) {
                return Err(self.unsupported_feature(
                    Feature::VectorShape,
                    format!(
                        "element-wise operation on vectors of different lengths ({} and {n})",
                        m.unwrap_or(1)
                    ),
                ));
            }
            split.push(self.lanes(x, xt)?.into_iter());
        }
        let mut out: Words = SmallVec::with_capacity(n as usize);
        for _ in 0..n {
            let lane: Option<SmallVec<[Word; 3]>> = split.iter_mut().map(Iterator::next).collect();
            let lane = lane.ok_or_else(|| self.internal("lanewise: short operand"))?;
            out.push(f(self, &lane)?);
        }
        let ty = self.llvm_ty(t)?;
        self.composite_construct(ty, &out)
    }

    /// `lane == k` for a dynamic lane index `i` of LLVM integer type `it`.
    fn is_lane(&mut self, i: Word, width: u32, k: u32) -> Result<Word> {
        let kc = self.spv.uintc(width, u64::from(k));
        let b = self.spv.bool_ty();
        self.op(Op::IEqual, b, &[i, kc])
    }

    /// `extractelement` with a dynamic index from a long vector: a chain of
    /// selects (an index out of range gives lane 0; LLVM makes it poison).
    pub fn extract_lane_dynamic(
        &mut self,
        v: Word,
        vt: TypeId,
        (i, width): (Word, u32),
    ) -> Result<Word> {
        let et = self.lane_type(vt)?;
        let ety = self.llvm_ty(et)?;
        let mut lanes = self.lanes(v, vt)?.into_iter().zip(0u32..);
        let (mut r, _) = lanes.next().ok_or_else(|| self.internal("empty vector"))?;
        for (x, k) in lanes {
            let here = self.is_lane(i, width, k)?;
            r = self.select(ety, here, x, r)?;
        }
        Ok(r)
    }

    /// `insertelement` with a dynamic index into a long vector of LLVM type
    /// `t`: each lane selects between its old value and `e`.
    pub fn insert_lane_dynamic(
        &mut self,
        v: Word,
        t: TypeId,
        e: Word,
        (i, width): (Word, u32),
    ) -> Result<Word> {
        let et = self.lane_type(t)?;
        let ety = self.llvm_ty(et)?;
        let mut out = Vec::new();
        for (x, k) in self.lanes(v, t)?.into_iter().zip(0u32..) {
            let here = self.is_lane(i, width, k)?;
            out.push(self.select(ety, here, e, x)?);
        }
        let ty = self.llvm_ty(t)?;
        self.composite_construct(ty, &out)
    }

    /// `shufflevector` where the operands (of LLVM type `at`) or the result
    /// (`t`) are long vectors: one extract per mask entry (`u32::MAX` is an
    /// undefined lane).
    pub fn shuffle_lanes(
        &mut self,
        va: Word,
        vb: Word,
        at: TypeId,
        mask: &[u32],
        t: TypeId,
    ) -> Result<Word> {
        let na = self
            .m
            .types
            .vector_len(at)
            .ok_or_else(|| self.invalid("shufflevector of a non-vector"))?;
        let et = self.lane_type(t)?;
        let ety = self.llvm_ty(et)?;
        let mut out = Vec::with_capacity(mask.len());
        for &m in mask {
            let x = match m.checked_sub(na) {
                None => self.composite_extract(ety, va, m)?,
                Some(k) if k < na => self.composite_extract(ety, vb, k)?,
                Some(_) => self.spv.undef(ety),
            };
            out.push(x);
        }
        let ty = self.llvm_ty(t)?;
        self.composite_construct(ty, &out)
    }
}

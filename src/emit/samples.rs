//! Multisample queries: the render target's sample count (a specialization
//! constant, since a pixel shader cannot query it in Vulkan) and the
//! standard sample positions, which Vulkan's standard sample locations share
//! with D3D's standard patterns.

use super::context::{TyKey, Val};
use super::Emitter;
use crate::error::Result;
use crate::ir::ValueId;
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Decoration, Op, StorageClass, Word};
use smallvec::smallvec;

/// The `SpecId` of the render target sample count (default 1).
pub const SAMPLE_COUNT_SPEC_ID: u32 = 0;

/// D3D's standard sample positions in 1/16 pixel from the centre, for 1, 2,
/// 4, 8 and 16 samples one after another: count `n` starts at `n - 1`.
const POSITIONS: [(i8, i8); 31] = [
    (0, 0),
    (4, 4),
    (-4, -4),
    (-2, -6),
    (6, -2),
    (-6, 2),
    (2, 6),
    (1, -3),
    (-1, 3),
    (5, 1),
    (-3, -5),
    (-5, 5),
    (-7, -1),
    (3, 7),
    (7, -7),
    (1, 1),
    (-1, -3),
    (-3, 2),
    (4, -1),
    (-5, -2),
    (2, 5),
    (5, 3),
    (3, -5),
    (-2, 6),
    (0, -7),
    (-4, -6),
    (-6, 4),
    (-8, 0),
    (7, -4),
    (6, 7),
    (-7, -8),
];

/// The sample count constant and sample position table, once made.
#[derive(Default)]
pub(crate) struct SampleState {
    /// The render target sample count specialization constant.
    sample_count: Option<Word>,
    /// The standard sample position table.
    sample_table: Option<Word>,
}

impl<'m> Emitter<'m> {
    /// `RenderTargetGetSampleCount()`: the specialization constant
    /// [`SAMPLE_COUNT_SPEC_ID`] (reflected), which the pipeline sets to the
    /// render target's sample count.
    pub fn render_target_sample_count(&mut self) -> Result<Word> {
        self.require_pixel()?;
        if let Some(c) = self.samples.sample_count {
            return Ok(c);
        }
        let u = self.spv.u32_ty();
        let c =
            self.spv
                .global_inst_operands(Op::SpecConstant, Some(u), &[Operand::LiteralBit32(1)]);
        self.spv
            .decorate(c, Decoration::SpecId, &[SAMPLE_COUNT_SPEC_ID]);
        self.spv.name(c, "render_target_sample_count");
        self.spv.reflection.spec_constants.push((
            SAMPLE_COUNT_SPEC_ID,
            "render_target_sample_count".to_string(),
            1,
        ));
        self.samples.sample_count = Some(c);
        Ok(c)
    }

    /// `RenderTargetGetSamplePosition(index)`.
    pub fn render_target_sample_position(&mut self, index: ValueId) -> Result<Val> {
        let count = self.render_target_sample_count()?;
        let index = self.value_id(index)?;
        self.sample_position(count, index)
    }

    /// `Texture2DMSGetSamplePosition(srv, index)`.
    pub fn texture_sample_position(&mut self, srv: ValueId, index: ValueId) -> Result<Val> {
        let h = self.handle(srv)?;
        let (img, _) = self.load_image(h)?;
        self.spv.cap(Capability::ImageQuery);
        let u = self.spv.u32_ty();
        let count = self.op(Op::ImageQuerySamples, u, &[img])?;
        let index = self.value_id(index)?;
        self.sample_position(count, index)
    }

    /// The standard position of sample `index` of `count` as (x, y) in
    /// pixels from the centre; (0, 0) for a count that has no standard
    /// pattern or an index out of range, as in D3D.
    fn sample_position(&mut self, count: Word, index: Word) -> Result<Val> {
        let (u, b, f) = (self.spv.u32_ty(), self.spv.bool_ty(), self.spv.float_ty(32));
        let v2 = self.spv.vec_ty(f, 2);
        let table = self.sample_table(v2)?;
        let (zero, one, sixteen) = (self.spv.u32c(0), self.spv.u32c(1), self.spv.u32c(16));
        let below = self.op(Op::ISub, u, &[count, one])?;
        let bits = self.op(Op::BitwiseAnd, u, &[count, below])?;
        let pow2 = self.op(Op::IEqual, b, &[bits, zero])?;
        let nonzero = self.op(Op::INotEqual, b, &[count, zero])?;
        let small = self.op(Op::ULessThanEqual, b, &[count, sixteen])?;
        let in_range = self.op(Op::ULessThan, b, &[index, count])?;
        let mut valid = pow2;
        for c in [nonzero, small, in_range] {
            valid = self.op(Op::LogicalAnd, b, &[valid, c])?;
        }
        let at = self.op(Op::IAdd, u, &[below, index])?;
        let at = self.select(u, valid, at, zero)?;
        let pt = self.spv.ptr_ty(StorageClass::Private, v2);
        let p = self.access_chain(pt, table, &[at])?;
        let pos = self.load(v2, p)?;
        let x = self.composite_extract(f, pos, 0)?;
        let y = self.composite_extract(f, pos, 1)?;
        Ok(Val::Parts(smallvec![x, y]))
    }

    /// The private table of [`POSITIONS`] (created once).
    fn sample_table(&mut self, v2: Word) -> Result<Word> {
        if let Some(t) = self.samples.sample_table {
            return Ok(t);
        }
        let mut entries = Vec::with_capacity(POSITIONS.len());
        for (x, y) in POSITIONS {
            let x = self.spv.f32c(f32::from(x) / 16.0);
            let y = self.spv.f32c(f32::from(y) / 16.0);
            entries.push(self.spv.composite_const(v2, &[x, y]));
        }
        let arr = self.spv.ty(TyKey::Array(v2, POSITIONS.len() as u32));
        let init = self.spv.composite_const(arr, &entries);
        let pt = self.spv.ptr_ty(StorageClass::Private, arr);
        let var = self.spv.global_inst_operands(
            Op::Variable,
            Some(pt),
            &[
                Operand::StorageClass(StorageClass::Private),
                Operand::IdRef(init),
            ],
        );
        self.spv.name(var, "standard_sample_positions");
        self.spv.interface.insert(var);
        self.samples.sample_table = Some(var);
        Ok(var)
    }
}

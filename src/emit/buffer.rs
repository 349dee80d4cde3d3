//! Buffers: typed, raw (byte address) and structured loads and stores,
//! counters and dimensions. Addresses and bounds checks are `resource`'s.

use super::module::{Emitter, Handle, Val};
use crate::dxil::operands::{
    BufferLoad, BufferStore, BufferUpdateCounter, GetDimensions, RawBufferLoad, RawBufferStore,
};
use crate::dxil::ResourceKind;
use crate::error::Result;
use crate::ir::{self, TypeId, ValueId};
use rspirv::spirv::{Op, Word};

impl<'m> Emitter<'m> {
    /// `BufferLoad(srv, index, wot)`.
    pub(super) fn buffer_load(&mut self, o: BufferLoad, t: TypeId) -> Result<Option<Val>> {
        self.load_buffer(o.srv, o.index, o.wot, None, t)
    }

    /// `RawBufferLoad(srv, index, elementOffset, mask, alignment)`.
    pub(super) fn raw_buffer_load(&mut self, o: RawBufferLoad, t: TypeId) -> Result<Option<Val>> {
        self.load_buffer(o.srv, o.index, o.element_offset, Some(o.mask), t)
    }

    /// A buffer load at `index` and `offset`; `mask` (raw loads) says which
    /// components are read.
    fn load_buffer(
        &mut self,
        srv: ValueId,
        index: ValueId,
        offset: ValueId,
        mask: Option<u32>,
        t: TypeId,
    ) -> Result<Option<Val>> {
        let h = self.handle(srv)?;
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
            let coord = self.value_id(index)?;
            self.typed_load(h, coord, s)?
        } else {
            let addr = self.byte_address(h, index, offset)?;
            let count = match mask {
                // The bit length of the mask (`leading_zeros() <= 32`).
                Some(mask) => 32u32.saturating_sub(mask.leading_zeros()).max(1),
                // Load only the components the code uses, so that the
                // bounds check does not reject in-bounds accesses at the
                // end of the buffer.
                None => self.used_components(),
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
    fn used_components(&self) -> u32 {
        let Some(res) = self.current_inst_result else {
            return 4;
        };
        self.component_uses.get(&res).copied().unwrap_or(1)
    }

    /// `BufferStore(uav, coord0, coord1, value0..3, mask)`.
    pub(super) fn buffer_store(&mut self, o: BufferStore) -> Result<()> {
        let [index, offset] = o.coord;
        self.store_buffer(o.uav, index, offset, o.value, o.mask)
    }

    /// `RawBufferStore(uav, index, elementOffset, value0..3, mask,
    /// alignment)`.
    pub(super) fn raw_buffer_store(&mut self, o: RawBufferStore) -> Result<()> {
        self.store_buffer(o.uav, o.index, o.element_offset, o.value, o.mask)
    }

    /// A buffer store at `index` and `offset`: bit `i` of `mask` enables
    /// `values[i]`.
    fn store_buffer(
        &mut self,
        uav: ValueId,
        index: ValueId,
        offset: ValueId,
        values: [ValueId; 4],
        mask: u32,
    ) -> Result<()> {
        let h = self.handle(uav)?;
        let [v0, ..] = values;
        let vt = self.vty(v0);
        let s = self.scalar_of(vt)?;
        let d = self
            .desc
            .resources
            .get(h.res)
            .ok_or_else(|| self.internal("bad resource"))?;
        let mut vals = [None; 4];
        for (i, (slot, a)) in vals.iter_mut().zip(values).enumerate() {
            if mask & (1 << i) == 0 || (d.kind == ResourceKind::TypedBuffer && self.is_undef(a)) {
                *slot = None;
            } else {
                *slot = Some(self.value_id(a)?);
            }
        }
        if d.kind == ResourceKind::TypedBuffer {
            let coord = self.value_id(index)?;
            let v = vals.map(|v| v.map(|x| (x, s)));
            return self.typed_store(h, coord, v);
        }
        let addr = self.byte_address(h, index, offset)?;
        self.raw_store(h, addr, s, &vals)
    }

    /// `BufferUpdateCounter(uav, inc)`.
    pub(super) fn buffer_update_counter(&mut self, o: BufferUpdateCounter) -> Result<Word> {
        let h = self.handle(o.uav)?;
        let inc = self
            .m
            .const_int(o.inc)
            .ok_or_else(|| self.invalid("BufferUpdateCounter: increment not constant"))?;
        self.update_counter(h, inc)
    }

    /// `GetDimensions(handle, mipLevel)` of a texture or buffer.
    pub(super) fn get_dimensions(&mut self, o: GetDimensions) -> Result<Vec<Word>> {
        let h = self.handle(o.handle)?;
        let kind = self.decl(h.res)?.kind;
        if super::resource::is_texture(kind) {
            self.texture_dimensions(h, o.mip_level)
        } else {
            self.buffer_dimensions(h)
        }
    }

    /// `GetDimensions` on buffers: [width, 0, 0, 0] where width counts bytes
    /// (raw), structures (structured) or texels (typed).
    fn buffer_dimensions(&mut self, h: Handle) -> Result<Vec<Word>> {
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
                let len = self.inst(
                    Op::ArrayLength,
                    u,
                    vec![
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

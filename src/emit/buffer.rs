//! Buffers: typed, raw (byte address) and structured loads and stores, the
//! byte addresses and bounds checks of raw and structured accesses, counters
//! and dimensions. Typed buffers share the texel conversions of `resource`.

use super::context::{Handle, Val, Words};
use super::desc::ResourceClass;
use super::resource::{Scalar, View};
use super::Emitter;
use crate::dxil::operands::{
    BufferLoad, BufferStore, BufferUpdateCounter, GetDimensions, RawBufferLoad, RawBufferStore,
};
use crate::dxil::ResourceKind;
use crate::error::Result;
use crate::ir::{self, TypeId, ValueId};
use rspirv::spirv::{Op, StorageClass, Word};
use smallvec::SmallVec;

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
            let z = self.spv.null_const(rty);
            parts.push(z);
        }
        // The status word.
        let status = self.spv.u32c(0);
        parts.push(status);
        Ok(Some(Val::Parts(parts)))
    }

    /// The number of leading components of a `BufferLoad` result that the
    /// function extracts.
    fn used_components(&self) -> u32 {
        let Some(res) = self.func.current_inst_result else {
            return 4;
        };
        self.func.component_uses.get(&res).copied().unwrap_or(1)
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
    pub(super) fn get_dimensions(&mut self, o: GetDimensions) -> Result<Words> {
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
    fn buffer_dimensions(&mut self, h: Handle) -> Result<Words> {
        let d = self
            .desc
            .resources
            .get(h.res)
            .ok_or_else(|| self.internal("bad resource"))?;
        let u = self.spv.u32_ty();
        let zero = self.spv.u32c(0);
        let width = match d.kind {
            ResourceKind::RawBuffer | ResourceKind::StructuredBuffer => {
                let stride = d.stride.max(1);
                let is_raw = d.kind == ResourceKind::RawBuffer;
                let (base, _, sc) = self.descriptor_ptr(h, View::U32)?;
                if sc == StorageClass::PhysicalStorageBuffer {
                    return Err(self.unsupported(
                        "GetDimensions on a root SRV/UAV: a root descriptor has no size",
                    ));
                }
                let len = self.array_length(base)?;
                let four = self.spv.u32c(4);
                let bytes = self.op(Op::IMul, u, &[len, four])?;
                if is_raw {
                    bytes
                } else {
                    let st = self.spv.u32c(stride);
                    self.op(Op::UDiv, u, &[bytes, st])?
                }
            }
            ResourceKind::TypedBuffer => {
                self.spv.cap(rspirv::spirv::Capability::ImageQuery);
                let (p, img_ty, _) = self.descriptor_ptr(h, View::Image)?;
                let img = self.load(img_ty, p)?;
                self.op(Op::ImageQuerySize, u, &[img])?
            }
            k => return Err(self.unsupported(format!("on a {} resource", k.name()))),
        };
        Ok(smallvec::smallvec![width, zero, zero, zero])
    }

    // ---------------------------------------------------------------------
    // Raw and structured buffers: addresses and bounds-checked accesses.

    /// The byte address of a raw/structured access.
    pub fn byte_address(&mut self, h: Handle, index: ValueId, offset: ValueId) -> Result<Word> {
        let d = self.decl(h.res)?;
        let u = self.spv.u32_ty();
        match d.kind {
            ResourceKind::RawBuffer => self.value_id(index),
            // `BufferLoad` on a tbuffer counts 16-byte registers.
            ResourceKind::TBuffer => {
                let i = self.value_id(index)?;
                let k4 = self.spv.u32c(4);
                self.op(Op::ShiftLeftLogical, u, &[i, k4])
            }
            ResourceKind::StructuredBuffer => {
                let i = self.value_id(index)?;
                let stride = self.spv.u32c(d.stride);
                let base = self.op(Op::IMul, u, &[i, stride])?;
                if self.is_undef(offset) || self.m.const_uint(offset) == Some(0) {
                    Ok(base)
                } else {
                    let o = self.value_id(offset)?;
                    self.op(Op::IAdd, u, &[base, o])
                }
            }
            k => Err(self.unsupported(format!("raw buffer access on a {} resource", k.name()))),
        }
    }

    fn buffer_view(&self, h: Handle) -> Result<()> {
        let d = self.decl(h.res)?;
        if !matches!(
            d.kind,
            ResourceKind::RawBuffer | ResourceKind::StructuredBuffer | ResourceKind::TBuffer
        ) {
            return Err(self.unsupported(format!("buffer access on a {} resource", d.kind.name())));
        }
        Ok(())
    }

    /// Loads `ncomp` consecutive elements of shape `s` at byte address
    /// `addr` (bounds-checked).
    pub fn raw_load(&mut self, h: Handle, addr: Word, s: Scalar, ncomp: u32) -> Result<Words> {
        self.buffer_view(h)?;
        let ncomp = ncomp.max(1);
        let (view, shift, per) = match s.width {
            16 => (View::U16, 1, 1),
            32 => (View::U32, 2, 1),
            _ => (View::U32, 2, 2),
        };
        let (base, _, sc) = self.descriptor_ptr(h, view)?;
        let u = self.spv.u32_ty();
        let sh = self.spv.u32c(shift);
        let first = self.op(Op::ShiftRightLogical, u, &[addr, sh])?;
        let count = ncomp
            .checked_mul(per)
            .ok_or_else(|| self.invalid("buffer load of too many components"))?;
        let rty = self.scalar_ty(s);
        let do_load = move |e: &mut Self| -> Result<Words> {
            let ew = if s.width == 16 { 16 } else { 32 };
            let et = e.spv.uint_ty(ew);
            let pt = e.spv.ptr_ty(sc, et);
            let zero = e.spv.u32c(0);
            let mut words: SmallVec<[Word; 8]> = SmallVec::with_capacity(count as usize);
            for c in 0..count {
                let idx = if c == 0 {
                    first
                } else {
                    let k = e.spv.u32c(c);
                    e.op(Op::IAdd, u, &[first, k])?
                };
                let p = e.access_chain(pt, base, &[zero, idx])?;
                words.push(e.load_in(et, p, sc, ew / 8)?);
            }
            // `words` holds `ncomp * per` words: pairs for 64-bit
            // components, one word each otherwise.
            let mut out = Words::with_capacity(ncomp as usize);
            match (s.width, s.float) {
                (64, _) => {
                    for pair in words.chunks_exact(2) {
                        if let [lo, hi] = *pair {
                            out.push(e.join64(rty, lo, hi)?);
                        }
                    }
                }
                (_, true) => {
                    for &w in words.iter().take(ncomp as usize) {
                        out.push(e.bitcast(rty, w)?);
                    }
                }
                _ => out.extend(words.iter().copied().take(ncomp as usize)),
            }
            Ok(out)
        };
        // D3D bounds-checks no root descriptor.
        if !self.opts.bounds_checks || sc == StorageClass::PhysicalStorageBuffer {
            return do_load(self);
        }
        let len = self.array_length(base)?;
        let last = if count == 1 {
            first
        } else {
            // `count >= 2` here.
            let k = self.spv.u32c(count.saturating_sub(1));
            self.op(Op::IAdd, u, &[first, k])?
        };
        let b = self.spv.bool_ty();
        let ok = self.op(Op::ULessThan, b, &[last, len])?;
        let zero = self.spv.null_const(rty);
        let defaults: SmallVec<[(Word, Word); 4]> =
            smallvec::smallvec![(rty, zero); ncomp as usize];
        self.if_then(ok, &defaults, do_load)
    }

    /// Stores the given components (`None` = masked off) of shape `s` at
    /// byte address `addr` (bounds-checked).
    pub fn raw_store(
        &mut self,
        h: Handle,
        addr: Word,
        s: Scalar,
        vals: &[Option<Word>],
    ) -> Result<()> {
        self.buffer_view(h)?;
        let Some(highest) = vals.iter().rposition(|v| v.is_some()) else {
            return Ok(());
        };
        let (view, shift, per) = match s.width {
            16 => (View::U16, 1u32, 1u32),
            32 => (View::U32, 2, 1),
            _ => (View::U32, 2, 2),
        };
        let (base, _, sc) = self.descriptor_ptr(h, view)?;
        let u = self.spv.u32_ty();
        let sh = self.spv.u32c(shift);
        let first = self.op(Op::ShiftRightLogical, u, &[addr, sh])?;
        let vals: SmallVec<[Option<Word>; 4]> = SmallVec::from_slice(vals);
        let do_store = move |e: &mut Self| -> Result<Words> {
            let ew = if s.width == 16 { 16 } else { 32 };
            let et = e.spv.uint_ty(ew);
            let pt = e.spv.ptr_ty(sc, et);
            let zero = e.spv.u32c(0);
            for (c, v) in vals.iter().enumerate() {
                let Some(v) = *v else { continue };
                let words: SmallVec<[Word; 2]> = match (s.width, s.float) {
                    (64, _) => {
                        let (lo, hi) = e.split64(v)?;
                        smallvec::smallvec![lo, hi]
                    }
                    (_, true) => smallvec::smallvec![e.bitcast(et, v)?],
                    _ => smallvec::smallvec![v],
                };
                for (k, w) in words.into_iter().enumerate() {
                    let off = (c as u32)
                        .checked_mul(per)
                        .and_then(|o| o.checked_add(k as u32))
                        .ok_or_else(|| e.invalid("buffer store of too many components"))?;
                    let idx = if off == 0 {
                        first
                    } else {
                        let kc = e.spv.u32c(off);
                        e.op(Op::IAdd, u, &[first, kc])?
                    };
                    let p = e.access_chain(pt, base, &[zero, idx])?;
                    e.store_in(p, w, sc, ew / 8)?;
                }
            }
            Ok(smallvec::smallvec![])
        };
        if !self.opts.bounds_checks || sc == StorageClass::PhysicalStorageBuffer {
            do_store(self)?;
            return Ok(());
        }
        let len = self.array_length(base)?;
        // The word offset of the last stored word: `(highest + 1) * per - 1`.
        let last_off = (highest as u32)
            .checked_add(1)
            .and_then(|n| n.checked_mul(per))
            .map(|n| n.saturating_sub(1))
            .ok_or_else(|| self.invalid("buffer store of too many components"))?;
        let last = if last_off == 0 {
            first
        } else {
            let k = self.spv.u32c(last_off);
            self.op(Op::IAdd, u, &[first, k])?
        };
        let b = self.spv.bool_ty();
        let ok = self.op(Op::ULessThan, b, &[last, len])?;
        self.if_then(ok, &[], do_store)?;
        Ok(())
    }

    // ---------------------------------------------------------------------
    // Counters.

    /// `BufferUpdateCounter(handle, inc)`: +1 returns the old value, -1
    /// the new one.
    pub fn update_counter(&mut self, h: Handle, inc: i64) -> Result<Word> {
        let d = self.decl(h.res)?;
        if d.class != ResourceClass::Uav {
            return Err(self.invalid("BufferUpdateCounter on a non-UAV"));
        }
        let (base, _, _) = self.descriptor_ptr(h, View::Counter)?;
        let u = self.spv.u32_ty();
        let pt = self.spv.ptr_ty(StorageClass::StorageBuffer, u);
        let zero = self.spv.u32c(0);
        let p = self.access_chain(pt, base, &[zero])?;
        let scope = self.spv.u32c(super::context::scope::DEVICE);
        let sem = self.spv.u32c(0);
        let one = self.spv.u32c(1);
        if inc >= 0 {
            self.op(Op::AtomicIAdd, u, &[p, scope, sem, one])
        } else {
            let old = self.op(Op::AtomicISub, u, &[p, scope, sem, one])?;
            self.op(Op::ISub, u, &[old, one])
        }
    }
}

//! Atomics: `AtomicBinOp` / `AtomicCompareExchange` on raw, structured and
//! typed buffers; LLVM `atomicrmw` / `cmpxchg` on groupshared memory.
//!
//! Memory semantics are relaxed (0), as D3D's interlocked operations imply
//! no ordering; barriers order memory.

use super::context::{scope, Handle, TyKey, Val, Words};
use super::desc::ElementClass;
use super::resource::View;
use super::Emitter;
use crate::dxil::operands::{AtomicBinOp, AtomicCompareExchange};
use crate::dxil::{dx_op, AtomicBinOpCode, DxOp, ResourceKind};
use crate::error::{Feature, Result};
use crate::ir::{Inst, RmwOp, Type, TypeId, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Op, StorageClass, Word};
use smallvec::smallvec;

/// The atomic operation of `AtomicBinOp` (DXIL `AtomicBinOpCode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AtomicKind {
    Add,
    And,
    Or,
    Xor,
    IMin,
    IMax,
    UMin,
    UMax,
    Exchange,
}

impl AtomicKind {
    /// The operation of an `AtomicBinOpCode` (`None` for `Invalid`).
    pub fn of_code(code: AtomicBinOpCode) -> Option<AtomicKind> {
        use AtomicBinOpCode as C;
        Some(match code {
            C::Add => AtomicKind::Add,
            C::And => AtomicKind::And,
            C::Or => AtomicKind::Or,
            C::Xor => AtomicKind::Xor,
            C::IMin => AtomicKind::IMin,
            C::IMax => AtomicKind::IMax,
            C::UMin => AtomicKind::UMin,
            C::UMax => AtomicKind::UMax,
            C::Exchange => AtomicKind::Exchange,
            C::Invalid => return None,
        })
    }

    fn op(self) -> Op {
        match self {
            AtomicKind::Add => Op::AtomicIAdd,
            AtomicKind::And => Op::AtomicAnd,
            AtomicKind::Or => Op::AtomicOr,
            AtomicKind::Xor => Op::AtomicXor,
            AtomicKind::IMin => Op::AtomicSMin,
            AtomicKind::IMax => Op::AtomicSMax,
            AtomicKind::UMin => Op::AtomicUMin,
            AtomicKind::UMax => Op::AtomicUMax,
            AtomicKind::Exchange => Op::AtomicExchange,
        }
    }

    fn signed(self) -> bool {
        matches!(self, AtomicKind::IMin | AtomicKind::IMax)
    }
}

impl<'m> Emitter<'m> {
    /// Builds the pointer of a buffer atomic inside the bounds check and
    /// runs `f` on it.
    fn buffer_atomic(
        &mut self,
        h: Handle,
        coords: [ValueId; 3],
        width: u32,
        signed: bool,
        rty: Word,
        f: impl FnOnce(&mut Self, Word, Word) -> Result<Word>,
    ) -> Result<Word> {
        let d = self
            .desc
            .resources
            .get(h.res)
            .ok_or_else(|| self.internal("bad resource"))?;
        let u = self.spv.u32_ty();
        let b = self.spv.bool_ty();
        if width == 64 {
            self.spv.cap(Capability::Int64Atomics);
        }
        let et = if signed {
            self.spv.sint_ty(width)
        } else {
            self.spv.uint_ty(width)
        };
        match d.kind {
            ResourceKind::RawBuffer | ResourceKind::StructuredBuffer => {
                let addr = self.byte_address(h, coords[0], coords[1])?;
                let view = match (width, signed) {
                    (64, false) => View::U64,
                    (64, true) => View::I64,
                    (_, false) => View::U32,
                    (_, true) => View::I32,
                };
                let (base, _, sc) = self.descriptor_ptr(h, view)?;
                let sh = self.spv.u32c(if width == 64 { 3 } else { 2 });
                let idx = self.op(Op::ShiftRightLogical, u, &[addr, sh])?;
                let zero = self.spv.u32c(0);
                let pt = self.spv.ptr_ty(sc, et);
                let body = move |e: &mut Self| -> Result<Words> {
                    let p = e.access_chain(pt, base, &[zero, idx])?;
                    Ok(smallvec::smallvec![f(e, p, et)?])
                };
                if !self.opts.bounds_checks || sc == StorageClass::PhysicalStorageBuffer {
                    let values = body(self)?;
                    return self.single(values);
                }
                let len = self.array_length(base)?;
                let ok = self.op(Op::ULessThan, b, &[idx, len])?;
                let z = self.spv.null_const(rty);
                let values = self.if_then(ok, &[(rty, z)], body)?;
                self.single(values)
            }
            k if super::resource::image_shape(k).is_some() => {
                // 64-bit atomics (SM 6.6) on R64_UINT / R64_SINT views: the
                // prescan declared the image with a 64-bit sampled type.
                if width == 64 && !self.has_atomic64_image(h.res) {
                    return Err(self.internal("a 64-bit typed atomic the prescan missed"));
                }
                let shape =
                    super::resource::image_shape(k).ok_or_else(|| self.internal("not an image"))?;
                let n = shape.coords.saturating_add(u32::from(shape.arrayed));
                let mut cs = Vec::with_capacity(n as usize);
                for &c in coords.iter().take(n as usize) {
                    cs.push(self.value_id(c)?);
                }
                let ct = self.spv.vec_ty(u, n);
                let coord = self.composite_construct(ct, &cs)?;
                let (img_ptr, img_ty, _) = self.descriptor_ptr(h, View::Image)?;
                // D3D allows atomics only on R32_SINT / R32_UINT typed UAVs;
                // the texel pointer's type must be the image's sampled type.
                let signed_img = match d.element_class() {
                    ElementClass::Signed(32 | 64) => true,
                    ElementClass::Unsigned(32 | 64) => false,
                    _ => {
                        return Err(self.unsupported(format!(
                            "atomics on a {} of {} elements (only 32-bit integer typed UAVs \
                             are supported)",
                            k.name(),
                            d.component_type
                                .map_or_else(|| "unknown".to_string(), |c| format!("{c:?}"))
                        )))
                    }
                };
                let it = self.spv.ty(TyKey::Int(width, signed_img));
                let img = self.load(img_ty, img_ptr)?;
                let zero = self.spv.u32c(0);
                let pt = self.spv.ptr_ty(StorageClass::Image, it);
                let body = move |e: &mut Self| -> Result<Words> {
                    let p = e.op(Op::ImageTexelPointer, pt, &[img_ptr, coord, zero])?;
                    Ok(smallvec::smallvec![f(e, p, it)?])
                };
                if !self.opts.bounds_checks {
                    let values = body(self)?;
                    return self.single(values);
                }
                self.spv.cap(Capability::ImageQuery);
                let size = self.op(Op::ImageQuerySize, ct, &[img])?;
                let bt = self.spv.vec_ty(b, n);
                let ok = self.op(Op::ULessThan, bt, &[coord, size])?;
                let ok = if n > 1 {
                    self.op(Op::All, b, &[ok])?
                } else {
                    ok
                };
                let z = self.spv.null_const(rty);
                let values = self.if_then(ok, &[(rty, z)], body)?;
                self.single(values)
            }
            k => Err(self.unsupported(format!("on a {} resource", k.name()))),
        }
    }

    /// Notes the typed UAV that an `AtomicBinOp` or `AtomicCompareExchange`
    /// call `inst` targets, before emission (its image type depends on it;
    /// the pre-scan calls this for those opcodes only).
    pub(super) fn note_typed_atomic(&mut self, inst: &Inst) {
        let Some(Ok(call)) = dx_op(self.m, inst) else {
            return;
        };
        let handle = match DxOp::decode(self.m, &call) {
            Ok(DxOp::AtomicBinOp(o)) => o.handle,
            Ok(DxOp::AtomicCompareExchange(o)) => o.handle,
            _ => return,
        };
        let Some(r) = self.static_resource_of(handle) else {
            return;
        };
        let typed = self
            .desc
            .resources
            .get(r)
            .is_some_and(|d| super::resource::image_shape(d.kind).is_some());
        if typed {
            let wide = self.m.types.ty(inst.ty) == Type::Int(64);
            self.note_atomic_image(r, wide);
        }
    }

    /// `AtomicBinOp(handle, op, offset0, offset1, offset2, value)`.
    pub fn atomic_binop(&mut self, o: AtomicBinOp, t: TypeId) -> Result<Word> {
        let h = self.handle(o.handle)?;
        let op = AtomicKind::of_code(o.atomic_op)
            .ok_or_else(|| self.invalid("AtomicBinOp: bad operation"))?;
        let coords = o.offset;
        let value = self.value_id(o.new_value)?;
        let s = self.scalar_of(t)?;
        let rty = self.scalar_ty(s);
        let width = s.width;
        self.buffer_atomic(h, coords, width, op.signed(), rty, move |e, p, et| {
            let sc = e.spv.u32c(scope::DEVICE);
            let sem = e.spv.u32c(0);
            let v = if s.float || et != rty {
                e.bitcast(et, value)?
            } else {
                value
            };
            let r = e.op(op.op(), et, &[p, sc, sem, v])?;
            if et != rty {
                e.bitcast(rty, r)
            } else {
                Ok(r)
            }
        })
    }

    /// `AtomicCompareExchange(handle, offset0, offset1, offset2, cmp, new)`.
    pub fn atomic_cmpxchg(&mut self, o: AtomicCompareExchange, t: TypeId) -> Result<Word> {
        let h = self.handle(o.handle)?;
        let coords = o.offset;
        let cmp = self.value_id(o.compare_value)?;
        let new = self.value_id(o.new_value)?;
        let s = self.scalar_of(t)?;
        let rty = self.scalar_ty(s);
        self.buffer_atomic(h, coords, s.width, false, rty, move |e, p, et| {
            let sc = e.spv.u32c(scope::DEVICE);
            let sem = e.spv.u32c(0);
            let (c, n) = if et != rty {
                (e.bitcast(et, cmp)?, e.bitcast(et, new)?)
            } else {
                (cmp, new)
            };
            let r = e.op(Op::AtomicCompareExchange, et, &[p, sc, sem, sem, n, c])?;
            if et != rty {
                e.bitcast(rty, r)
            } else {
                Ok(r)
            }
        })
    }

    fn memory_scope(sc: StorageClass) -> u32 {
        if sc == StorageClass::Workgroup {
            scope::WORKGROUP
        } else {
            scope::DEVICE
        }
    }

    /// LLVM `atomicrmw` (groupshared memory in DXIL).
    pub fn atomic_rmw(
        &mut self,
        op: RmwOp,
        ptr: ValueId,
        value: ValueId,
        t: TypeId,
    ) -> Result<Word> {
        let (p, sc) = self.ptr(ptr)?;
        let ty = self.llvm_ty(t)?;
        let ii = self.int_info(t).ok_or_else(|| {
            self.unsupported_feature(Feature::AtomicRmw, "atomicrmw on a non-integer")
        })?;
        if ii.emulated {
            return Err(
                self.unsupported_feature(Feature::AtomicRmw, format!("atomicrmw on i{}", ii.width))
            );
        }
        if ii.width == 64 {
            self.spv.cap(Capability::Int64Atomics);
        }
        let v = self.value_id(value)?;
        let scope = self.spv.u32c(Self::memory_scope(sc));
        let sem = self.spv.u32c(0);
        let sop = match op {
            RmwOp::Xchg => Op::AtomicExchange,
            RmwOp::Add => Op::AtomicIAdd,
            RmwOp::Sub => Op::AtomicISub,
            RmwOp::And => Op::AtomicAnd,
            RmwOp::Or => Op::AtomicOr,
            RmwOp::Xor => Op::AtomicXor,
            RmwOp::Max => Op::AtomicSMax,
            RmwOp::Min => Op::AtomicSMin,
            RmwOp::UMax => Op::AtomicUMax,
            RmwOp::UMin => Op::AtomicUMin,
            RmwOp::Nand => {
                return Err(self.unsupported_feature(Feature::AtomicRmw, "atomicrmw nand"))
            }
        };
        self.op(sop, ty, &[p, scope, sem, v])
    }

    /// LLVM `cmpxchg` → `{ old, success }`.
    pub fn cmpxchg(&mut self, ptr: ValueId, cmp: ValueId, new: ValueId, _t: TypeId) -> Result<Val> {
        let (p, sc) = self.ptr(ptr)?;
        let vt = self.vty(cmp);
        let ty = self.llvm_ty(vt)?;
        if let Some(ii) = self.int_info(vt) {
            if ii.width == 64 {
                self.spv.cap(Capability::Int64Atomics);
            }
        }
        let c = self.value_id(cmp)?;
        let n = self.value_id(new)?;
        let scope = self.spv.u32c(Self::memory_scope(sc));
        let sem = self.spv.u32c(0);
        let old = self.op(Op::AtomicCompareExchange, ty, &[p, scope, sem, sem, n, c])?;
        let b = self.spv.bool_ty();
        let ok = self.op(Op::IEqual, b, &[old, c])?;
        Ok(Val::Parts(smallvec![old, ok]))
    }

    /// LLVM `fence`.
    pub fn fence(&mut self) -> Result<()> {
        let scope = self.spv.u32c(scope::WORKGROUP);
        // AcquireRelease | UniformMemory | WorkgroupMemory | ImageMemory
        let sem = self.spv.u32c(0x8 | 0x40 | 0x100 | 0x800);
        self.op_void_operands(
            Op::MemoryBarrier,
            &[Operand::IdRef(scope), Operand::IdRef(sem)],
        )
    }
}

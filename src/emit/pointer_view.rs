//! Pointer views: a pointer `bitcast` to a type that shares the scalar
//! layout of the pointed-to memory (`%class.matrix.float.3.4*` as
//! `<12 x float>*`, a local `[4 x float]` as `<4 x float>*`, common at
//! `-Od`). SPIR-V has no such casts for logical pointers, so the cast keeps
//! the original pointer and each load, store or constant GEP through it
//! becomes scalar accesses at the same flat positions of the original type.

use super::Emitter;
use crate::error::{Feature, Result};
use crate::ir::{self, Constant, InstKind, TypeId, ValueId, ValueKind};
use rspirv::spirv::{Op, StorageClass, Word};

/// A pointer seen through a layout-compatible bitcast.
#[derive(Clone, Copy)]
pub(super) struct View {
    /// The original pointer.
    base: Word,
    /// Its storage class.
    sc: StorageClass,
    /// The original pointed-to type.
    orig: TypeId,
}

impl<'m> Emitter<'m> {
    /// The operand of a pointer `bitcast` (instruction or constant
    /// expression).
    fn bitcast_source(&self, v: ValueId) -> Option<ValueId> {
        match self.m.value(v)?.kind {
            ValueKind::Constant(Constant::Cast {
                op: ir::CastOp::BitCast,
                value,
            }) => Some(value),
            ValueKind::Inst { func, inst } => {
                match self.m.function(func)?.insts.get(inst as usize)?.kind {
                    InstKind::Cast {
                        op: ir::CastOp::BitCast,
                        value,
                    } => Some(value),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The levels of first elements (array or vector element, struct
    /// member 0) from type `orig` down to SPIR-V type `want`: `None` where
    /// a scalar is reached first.
    pub(super) fn first_element_depth(
        &mut self,
        orig: TypeId,
        want: Word,
    ) -> Result<Option<usize>> {
        let mut cur = orig;
        let mut depth = 0usize;
        while self.llvm_ty(cur)? != want {
            cur = match self.m.types.ty(cur) {
                ir::Type::Array { elem, .. } | ir::Type::Vector { elem, .. } => elem,
                ir::Type::Struct { .. } => self.m.types.member(cur, 0).ok_or_else(|| {
                    self.unsupported_feature(
                        Feature::PointerBitcast,
                        "pointer bitcast of an empty struct",
                    )
                })?,
                _ => return Ok(None),
            };
            // One per level descended: cannot saturate.
            depth = depth.saturating_add(1);
        }
        Ok(Some(depth))
    }

    /// The pointed-to type of pointer value `v`.
    fn pointee_of(&self, v: ValueId) -> Result<TypeId> {
        self.m
            .types
            .pointee(self.vty(v))
            .map(|(t, _)| t)
            .ok_or_else(|| self.invalid("bitcast of a non-pointer to a pointer"))
    }

    /// The value whose memory pointer `v` views: `Some` where `v` is a
    /// bitcast (or a chain of them) that keeps the original pointer rather
    /// than descending to a first element.
    pub(super) fn view_root(&mut self, v: ValueId) -> Result<Option<ValueId>> {
        // Most pointers are no bitcast: answered without allocating.
        let Some(first) = self.bitcast_source(v) else {
            return Ok(None);
        };
        let mut chain = vec![v, first];
        let mut cur = first;
        while let Some(s) = self.bitcast_source(cur) {
            chain.push(s);
            cur = s;
        }
        let mut root = cur;
        for &b in chain.iter().rev().skip(1) {
            let (orig, seen) = (self.pointee_of(root)?, self.pointee_of(b)?);
            let want = self.llvm_ty(seen)?;
            if self.first_element_depth(orig, want)?.is_some() {
                root = b;
            }
        }
        Ok((root != v).then_some(root))
    }

    /// The view behind pointer `v` (emitted as `base` in class `sc`), if
    /// `v` views other memory.
    pub(super) fn view(
        &mut self,
        v: ValueId,
        base: Word,
        sc: StorageClass,
    ) -> Result<Option<View>> {
        let Some(root) = self.view_root(v)? else {
            return Ok(None);
        };
        let orig = self.pointee_of(root)?;
        Ok(Some(View { base, sc, orig }))
    }

    /// The scalar type and count of `t` flattened (arrays, vectors and
    /// structs of one scalar type), or `None` for other types and layouts
    /// with padding (nested vectors of three elements).
    pub(super) fn flat_layout(&self, t: TypeId) -> Option<(TypeId, u64)> {
        self.flat_layout_at(t, true)
    }

    fn flat_layout_at(&self, t: TypeId, top: bool) -> Option<(TypeId, u64)> {
        match self.m.types.ty(t) {
            ir::Type::Int(8..) | ir::Type::Half | ir::Type::Float | ir::Type::Double => {
                Some((t, 1))
            }
            ir::Type::Vector { len, elem } if top || len.is_power_of_two() => {
                let (s, n) = self.flat_layout_at(elem, false)?;
                Some((s, n.checked_mul(u64::from(len))?))
            }
            ir::Type::Array { len, elem } => {
                let (s, n) = self.flat_layout_at(elem, false)?;
                Some((s, n.checked_mul(len)?))
            }
            ir::Type::Struct {
                elements,
                opaque: false,
                ..
            } => {
                let mut acc: Option<(TypeId, u64)> = None;
                for &m in self.m.types.members(elements) {
                    let (s, n) = self.flat_layout_at(m, false)?;
                    acc = match acc {
                        None => Some((s, n)),
                        Some((a, k)) if a == s => Some((a, k.checked_add(n)?)),
                        Some(_) => return None,
                    };
                }
                acc
            }
            _ => None,
        }
    }

    /// Whether memory of type `orig` can be viewed as type `seen`: one
    /// scalar type, and `seen` no larger.
    pub(super) fn can_view(&self, orig: TypeId, seen: TypeId) -> bool {
        match (self.flat_layout(orig), self.flat_layout(seen)) {
            (Some((a, n)), Some((b, k))) => a == b && k <= n,
            _ => false,
        }
    }

    /// The composite indices of the `k`-th scalar of type `t`.
    fn flat_path(&self, t: TypeId, mut k: u64) -> Option<Vec<u32>> {
        let mut path = Vec::new();
        let mut cur = t;
        loop {
            let members: Vec<TypeId> = match self.m.types.ty(cur) {
                ir::Type::Vector { elem, .. } | ir::Type::Array { elem, .. } => {
                    let (_, n) = self.flat_layout_at(elem, false)?;
                    let i = k.checked_div(n)?;
                    k = k.checked_rem(n)?;
                    path.push(u32::try_from(i).ok()?);
                    cur = elem;
                    continue;
                }
                ir::Type::Struct { elements, .. } => self.m.types.members(elements).to_vec(),
                _ => return (k == 0).then_some(path),
            };
            let mut found = None;
            for (i, m) in members.into_iter().enumerate() {
                let (_, n) = self.flat_layout_at(m, false)?;
                if k < n {
                    found = Some((m, i));
                    break;
                }
                k = k.checked_sub(n)?;
            }
            let (m, i) = found?;
            path.push(u32::try_from(i).ok()?);
            cur = m;
        }
    }

    /// A pointer to the `k`-th scalar of a view's original memory.
    fn view_scalar_ptr(&mut self, v: View, k: u64) -> Result<Word> {
        let (scalar, _) = self
            .flat_layout(v.orig)
            .ok_or_else(|| self.internal("view of a non-flat type"))?;
        let path = self
            .flat_path(v.orig, k)
            .ok_or_else(|| self.internal("view index out of range"))?;
        if path.is_empty() {
            return Ok(v.base);
        }
        let ids: Vec<Word> = path.iter().map(|&i| self.spv.u32c(i)).collect();
        let st = self.llvm_ty(scalar)?;
        let pt = self.spv.ptr_ty(v.sc, st);
        self.access_chain(pt, v.base, &ids)
    }

    fn view_mismatch(&self) -> crate::error::Error {
        self.unsupported_feature(
            Feature::PointerBitcast,
            "memory access of a type unlike the bitcast pointer's memory",
        )
    }

    /// A load of type `t` through a view: the scalars, loaded one by one
    /// and put together.
    pub(super) fn view_load(&mut self, v: View, t: TypeId) -> Result<Word> {
        if !self.can_view(v.orig, t) {
            return Err(self.view_mismatch());
        }
        let (scalar, n) = self.flat_layout(t).ok_or_else(|| self.view_mismatch())?;
        let st = self.llvm_ty(scalar)?;
        let mut parts = Vec::new();
        for k in 0..n {
            let p = self.view_scalar_ptr(v, k)?;
            parts.push(self.load(st, p)?);
        }
        let mut it = parts.into_iter();
        self.view_construct(t, &mut it)
    }

    /// A value of type `t` built from its flattened scalars.
    fn view_construct(&mut self, t: TypeId, it: &mut std::vec::IntoIter<Word>) -> Result<Word> {
        let members: Vec<TypeId> = match self.m.types.ty(t) {
            ir::Type::Vector { len, elem } => vec![elem; len as usize],
            ir::Type::Array { len, elem } => {
                vec![elem; usize::try_from(len).map_err(|_| self.view_mismatch())?]
            }
            ir::Type::Struct { elements, .. } => self.m.types.members(elements).to_vec(),
            _ => return it.next().ok_or_else(|| self.internal("view scalars")),
        };
        let mut parts = Vec::with_capacity(members.len());
        for m in members {
            parts.push(self.view_construct(m, it)?);
        }
        let ty = self.llvm_ty(t)?;
        self.op(Op::CompositeConstruct, ty, &parts)
    }

    /// A store of `value` through a view: its scalars, stored one by one.
    pub(super) fn view_store(&mut self, v: View, value: ValueId) -> Result<()> {
        let t = self.vty(value);
        if !self.can_view(v.orig, t) {
            return Err(self.view_mismatch());
        }
        let (scalar, n) = self.flat_layout(t).ok_or_else(|| self.view_mismatch())?;
        let st = self.llvm_ty(scalar)?;
        let x = self.value_id(value)?;
        for k in 0..n {
            let path = self
                .flat_path(t, k)
                .ok_or_else(|| self.internal("view index out of range"))?;
            let e = if path.is_empty() {
                x
            } else {
                let mut ops = vec![x];
                ops.extend(path);
                self.inst_words(Op::CompositeExtract, st, &ops)?
            };
            let p = self.view_scalar_ptr(v, k)?;
            self.store(p, e)?;
        }
        Ok(())
    }

    /// A `getelementptr` with constant indices through a view, to a
    /// scalar: a pointer to that scalar of the original memory.
    pub(super) fn view_gep(
        &mut self,
        v: View,
        seen: TypeId,
        idx: &[ValueId],
    ) -> Result<(Word, StorageClass)> {
        let unsupported = |e: &Self| {
            e.unsupported_feature(
                Feature::PointerBitcast,
                "getelementptr through a bitcast pointer with dynamic indices or to an aggregate",
            )
        };
        let (&first, rest) = idx.split_first().ok_or_else(|| self.internal("view gep"))?;
        if self.m.const_uint(first) != Some(0) || !self.can_view(v.orig, seen) {
            return Err(unsupported(self));
        }
        let mut k = 0u64;
        let mut cur = seen;
        for &i in rest {
            let i = self.m.const_uint(i).ok_or_else(|| unsupported(self))?;
            let (next, skip) = match self.m.types.ty(cur) {
                ir::Type::Vector { elem, .. } | ir::Type::Array { elem, .. } => {
                    let (_, n) = self
                        .flat_layout_at(elem, false)
                        .ok_or_else(|| unsupported(self))?;
                    (elem, i.checked_mul(n))
                }
                ir::Type::Struct { elements, .. } => {
                    let ms = self.m.types.members(elements);
                    let mut skip = Some(0u64);
                    for &m in ms.iter().take(usize::try_from(i).unwrap_or(usize::MAX)) {
                        let n = self.flat_layout_at(m, false).map(|(_, n)| n);
                        skip = skip.zip(n).and_then(|(a, b)| a.checked_add(b));
                    }
                    let m = self
                        .m
                        .types
                        .member(cur, i)
                        .ok_or_else(|| unsupported(self))?;
                    (m, skip)
                }
                _ => return Err(unsupported(self)),
            };
            k = skip
                .and_then(|s| k.checked_add(s))
                .ok_or_else(|| unsupported(self))?;
            cur = next;
        }
        if self.flat_layout(cur).map(|(_, n)| n) != Some(1)
            || !matches!(
                self.m.types.ty(cur),
                ir::Type::Int(_) | ir::Type::Half | ir::Type::Float | ir::Type::Double
            )
        {
            return Err(unsupported(self));
        }
        Ok((self.view_scalar_ptr(v, k)?, v.sc))
    }
}

//! Memory: allocas (function variables), groupshared globals (workgroup
//! variables), static globals and lookup tables (private variables with
//! initializers), GEPs, loads and stores.
//!
//! # Pointers used as values
//!
//! SPIR-V for Vulkan uses logical addressing: a pointer is an access chain
//! into one variable, and `OpSelect`/`OpPhi` may produce pointers only
//! with the `VariablePointers` capabilities, and then only into
//! `StorageBuffer` and `Workgroup` memory — never into `Function` or
//! `Private` memory (local arrays, static globals). DXC keeps every load
//! and store on one base for the HLSL that comes closest (array elements
//! chosen by a branch or a ternary, inout parameters, loops walking
//! arrays, at `-O3` and `-Od`: the corpus cases `compute/ptr-*`); it emits
//! no `select`, `phi` or `icmp` of pointers, null pointers or pointers in
//! memory or aggregates. (Pointer arguments appear only with `[noinline]`
//! functions: the named `non-inlined-call` error.) So:
//! - `select c, p, q` where `p` and `q` are `getelementptr`s of one base
//!   (a global or an `alloca`) with the same shape becomes one access
//!   chain whose differing indices are selected
//!   ([`Emitter::pointer_select`]); a `phi` of such pointers (a loop
//!   walking an array through a phi of GEPs, a join of two elements of one
//!   array) becomes a phi of each differing index and one access chain
//!   after the block's phis ([`Emitter::pointer_phi`]). Both are exact —
//!   only the chosen element is accessed — and valid without variable
//!   pointers, in every storage class.
//! - A `select` or `phi` of pointers into different groupshared variables
//!   (compute and mesh shaders) is an `OpSelect`/`OpPhi` of `Workgroup`
//!   pointers with the `VariablePointers` capability (reflected in the
//!   module's capabilities: the device feature `variablePointers`).
//! - A `select` or `phi` of pointers into different local or static
//!   variables, `icmp` on
//!   pointers, null pointers and pointers stored, loaded or carried in
//!   aggregates are the named `pointer-value` error: rewriting them would
//!   need speculative accesses (a `select` of two loads reads the element
//!   the program did not choose, out of bounds where its index was meant
//!   for the other array) or read-modify-write stores that race in
//!   groupshared memory, and variable pointers do not reach local memory.

use super::context::{berr, PendingPhi, SVal, Val};
use super::Emitter;
use crate::cfg::{SBlockId, SValue};
use crate::dxil::ShaderKind;
use crate::error::{Feature, Result};
use crate::ir::{self, Constant, GlobalId, InstKind, ListRange, TypeId, ValueId, ValueKind};
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Capability, Op, StorageClass, Word};
use smallvec::SmallVec;

/// `getelementptr`s of one base and one shape (see `Emitter::one_base`).
struct OneBase {
    /// The base: a global or an `alloca`.
    base: ValueId,
    /// The pointed-to type of every gep.
    pointee: TypeId,
    /// Per index after the leading zero, each gep's index.
    indices: SmallVec<[SmallVec<[ValueId; 2]>; 4]>,
}

/// A phi of pointers, emitted at the top of its block.
pub(super) enum PointerPhi {
    /// Pointers into one variable, waiting for the block's phis to end:
    /// the phi's value, the base and pointed-to type, and the index ids
    /// (shared ones, or the index phis).
    Chain {
        value: ValueId,
        base: ValueId,
        pointee: TypeId,
        ids: SmallVec<[Word; 4]>,
    },
    /// A phi of groupshared pointers (variable pointers), already emitted.
    Variable,
}

impl<'m> Emitter<'m> {
    /// The storage class of a global in an LLVM address space.
    fn global_class(&self, g: GlobalId, addr_space: u32) -> Result<StorageClass> {
        match addr_space {
            0 => Ok(StorageClass::Private),
            3 if self.is_task_payload(g) => Ok(StorageClass::TaskPayloadWorkgroupEXT),
            3 if self.has_thread_groups() => Ok(StorageClass::Workgroup),
            3 => Err(self.invalid(format!(
                "groupshared memory in a {} shader",
                self.desc.kind.profile_prefix()
            ))),
            n => Err(self.unsupported_feature(
                Feature::AddressSpace,
                format!("global variable in address space {n}"),
            )),
        }
    }

    /// The variable of a global (created on first use).
    pub fn global_ptr(&mut self, g: GlobalId) -> Result<Val> {
        let glob = *self
            .m
            .globals
            .get(g.0 as usize)
            .ok_or_else(|| self.invalid("unknown global"))?;
        let sc = self.global_class(g, glob.addr_space)?;
        if let Some(&v) = self.spv.globals.get(&g) {
            return Ok(Val::Ptr(v, sc));
        }
        let vt = self.llvm_ty(glob.value_type)?;
        let pt = self.spv.ptr_ty(sc, vt);
        let mut ops = vec![Operand::StorageClass(sc)];
        if sc == StorageClass::Private {
            if let Some(init) = glob.initializer {
                let plain = matches!(
                    self.m.value(init).map(|v| v.kind),
                    Some(ValueKind::Constant(
                        Constant::Null
                            | Constant::Int(_)
                            | Constant::Float(_)
                            | Constant::Aggregate(_)
                            | Constant::Data(_)
                    ))
                );
                if plain {
                    let c = self.value_id(init)?;
                    ops.push(Operand::IdRef(c));
                } else if !matches!(self.m.constant(init), Some(Constant::Undef)) {
                    return Err(self.unsupported_feature(
                        Feature::ConstantExpression,
                        "global initializer with constant expressions",
                    ));
                }
            }
        }
        let var = self.spv.global_inst(Op::Variable, Some(pt), ops);
        let name = self
            .m
            .value_name(glob.value)
            .trim_start_matches('\u{1}')
            .to_string();
        self.spv.name(var, &name);
        self.spv.interface.insert(var);
        self.spv.globals.insert(g, var);
        Ok(Val::Ptr(var, sc))
    }

    /// `alloca` → a `Function` variable.
    pub fn alloca(&mut self, allocated: TypeId, size: ValueId) -> Result<Val> {
        if self.m.const_uint(size) != Some(1) {
            return Err(self.unsupported_feature(
                Feature::DynamicAlloca,
                "alloca with a dynamic or non-unit element count",
            ));
        }
        let vt = self.llvm_ty(allocated)?;
        Ok(Val::Ptr(self.function_var(vt), StorageClass::Function))
    }

    /// A new `Function` variable of SPIR-V type `ty` (declared at the top
    /// of the function).
    pub fn function_var(&mut self, ty: Word) -> Word {
        let pt = self.spv.ptr_ty(StorageClass::Function, ty);
        let id = self.spv.id();
        self.func.fn_vars.push(Instruction::new(
            Op::Variable,
            Some(pt),
            Some(id),
            vec![Operand::StorageClass(StorageClass::Function)],
        ));
        id
    }

    /// A pointer value.
    pub fn ptr(&mut self, v: ValueId) -> Result<(Word, StorageClass)> {
        match self.val(v)? {
            Val::Ptr(p, sc) => Ok((p, sc)),
            _ => Err(self.unsupported_feature(
                Feature::PointerValue,
                "memory access through a non-pointer value",
            )),
        }
    }

    /// `getelementptr` (instruction).
    pub fn gep(&mut self, operands: ListRange, t: TypeId) -> Result<Val> {
        self.gep_impl(operands, t)
    }

    /// A constant `getelementptr` expression, materialised where it is
    /// used (e.g. `-Od` loads from `@dx.nothing.a`).
    pub fn const_gep(&mut self, operands: ListRange, t: TypeId) -> Result<Val> {
        self.gep_impl(operands, t)
    }

    fn gep_impl(&mut self, operands: ListRange, t: TypeId) -> Result<Val> {
        let ops: smallvec::SmallVec<[ValueId; 16]> = self.m.value_list(operands).collect();
        let (&base, idx) = ops
            .split_first()
            .ok_or_else(|| self.invalid("getelementptr without a base"))?;
        let (p, sc) = self.ptr(base)?;
        if let Some(v) = self.view(base, p, sc)? {
            let seen = self.m.types.pointee(self.vty(base)).map(|(s, _)| s);
            let seen = seen.ok_or_else(|| self.invalid("getelementptr of a non-pointer"))?;
            let (r, sc) = self.view_gep(v, seen, idx)?;
            return Ok(Val::Ptr(r, sc));
        }
        let Some((&first, rest)) = idx.split_first() else {
            if self.vty(base) != t {
                return Err(self.invalid("getelementptr without indices changes the type"));
            }
            return Ok(Val::Ptr(p, sc));
        };
        if self.m.const_uint(first) != Some(0) {
            return Err(self.unsupported_feature(
                Feature::PointerArithmetic,
                "getelementptr with a non-zero first index (pointer arithmetic)",
            ));
        }
        let (pointee, _) = self
            .m
            .types
            .pointee(t)
            .ok_or_else(|| self.invalid("getelementptr result is not a pointer"))?;
        // The reader checks instruction GEPs; a constant one's type is only
        // declared, so the indices must lead to it here.
        let mut walked = self.m.types.pointee(self.vty(base)).map(|(p, _)| p);
        for &i in rest {
            walked = walked.and_then(|cur| match self.m.types.ty(cur) {
                ir::Type::Struct { .. } => self
                    .m
                    .const_uint(i)
                    .and_then(|f| self.m.types.member(cur, f)),
                ir::Type::Array { elem, .. } | ir::Type::Vector { elem, .. } => Some(elem),
                _ => None,
            });
        }
        if walked != Some(pointee) {
            return Err(self.invalid("getelementptr indices do not lead to its result type"));
        }
        if rest.is_empty() {
            return Ok(Val::Ptr(p, sc));
        }
        let mut ids: smallvec::SmallVec<[Word; 4]> = smallvec::SmallVec::with_capacity(rest.len());
        for &i in rest {
            if let Some(c) = self.m.const_uint(i) {
                ids.push(self.spv.u32c(c as u32));
            } else {
                ids.push(self.dynamic_index(i)?.0);
            }
        }
        let et = self.llvm_ty(pointee)?;
        let pt = self.spv.ptr_ty(sc, et);
        let r = self.access_chain(pt, p, &ids)?;
        Ok(Val::Ptr(r, sc))
    }

    /// `select c, a, b` of pointers `a` and `b` (`c` emitted): where both
    /// are `getelementptr`s of one base of one shape ([`Self::one_base`]),
    /// one access chain whose differing indices are selected; `None` for
    /// other pointers.
    pub fn pointer_select(&mut self, c: Word, a: ValueId, b: ValueId) -> Result<Option<Val>> {
        let Some(one) = self.one_base(&[a, b], self.vty(a))? else {
            let Some(pt) = self.variable_pointer_type(&[a, b], self.vty(a))? else {
                return Ok(None);
            };
            let ((pa, sa), (pb, sb)) = (self.ptr(a)?, self.ptr(b)?);
            if sa != StorageClass::Workgroup || sb != StorageClass::Workgroup {
                return Ok(None);
            }
            let r = self.select(pt, c, pa, pb)?;
            return Ok(Some(Val::Ptr(r, StorageClass::Workgroup)));
        };
        let mut ids: SmallVec<[Word; 4]> = SmallVec::with_capacity(one.indices.len());
        for (k, pos) in one.indices.iter().enumerate() {
            let id = match (self.shared_index(pos)?, pos.as_slice()) {
                (Some(id), _) => id,
                (None, &[x, y]) => {
                    let ty = self.llvm_ty(self.vty(x))?;
                    let (vx, vy) = (self.value_id(x)?, self.value_id(y)?);
                    self.select(ty, c, vx, vy)?
                }
                _ => return Err(self.internal(format!("select: index {k} of two pointers"))),
            };
            ids.push(id);
        }
        self.chain_of(one.base, one.pointee, &ids).map(Some)
    }

    /// A `phi` of pointers (`v`, `incoming` from `preds`) at the top of
    /// the current block: where every incoming value is a
    /// `getelementptr` of one base of one shape ([`Self::one_base`]) or
    /// `undef`, a phi per differing index (filled with the others by
    /// [`Emitter::finish_phis`]) and the pending access chain, which
    /// [`Self::finish_pointer_phi`] emits after the block's phis; `None`
    /// for other pointers.
    pub(super) fn pointer_phi(
        &mut self,
        v: ValueId,
        incoming: &[SValue],
        preds: &[SBlockId],
    ) -> Result<Option<PointerPhi>> {
        let geps: Option<SmallVec<[ValueId; 4]>> = incoming
            .iter()
            .filter_map(|i| match i {
                SValue::Undef => None,
                &SValue::Value(g) => Some(Some(g)),
                _ => Some(None),
            })
            .collect();
        let Some(geps) = geps.filter(|g| !g.is_empty() && !g.contains(&v)) else {
            return Ok(None);
        };
        let Some(one) = self.one_base(&geps, self.vty(v))? else {
            let Some(pt) = self.variable_pointer_type(&geps, self.vty(v))? else {
                return Ok(None);
            };
            let id = self.spv.id();
            let slot = self.spv.b.phi_slot(pt, id, incoming.len()).map_err(berr)?;
            let start = self.func.phi_incoming.len();
            for (i, p) in incoming.iter().zip(preds) {
                let val = match *i {
                    SValue::Value(g) => SVal::Value(g),
                    _ => SVal::Undef,
                };
                self.func.phi_incoming.push((val, p.0));
            }
            self.func.phis.push(PendingPhi {
                slot,
                incoming: start..self.func.phi_incoming.len(),
                ty: pt,
            });
            self.func
                .values
                .insert(v, Val::Ptr(id, StorageClass::Workgroup));
            return Ok(Some(PointerPhi::Variable));
        };
        let mut ids: SmallVec<[Word; 4]> = SmallVec::with_capacity(one.indices.len());
        for pos in &one.indices {
            if let Some(id) = self.shared_index(pos)? {
                ids.push(id);
                continue;
            }
            let first = *pos
                .first()
                .ok_or_else(|| self.internal("phi of pointers without indices"))?;
            let ty = self.llvm_ty(self.vty(first))?;
            let id = self.spv.id();
            let slot = self.spv.b.phi_slot(ty, id, incoming.len()).map_err(berr)?;
            let start = self.func.phi_incoming.len();
            // `pos` has the indices of the incoming values that are not
            // `undef`, in order.
            let mut next = pos.iter();
            for (i, p) in incoming.iter().zip(preds) {
                let val = match i {
                    SValue::Value(_) => SVal::Value(
                        *next
                            .next()
                            .ok_or_else(|| self.internal("phi of pointers: lost an index"))?,
                    ),
                    _ => SVal::Undef,
                };
                self.func.phi_incoming.push((val, p.0));
            }
            self.func.phis.push(PendingPhi {
                slot,
                incoming: start..self.func.phi_incoming.len(),
                ty,
            });
            ids.push(id);
        }
        Ok(Some(PointerPhi::Chain {
            value: v,
            base: one.base,
            pointee: one.pointee,
            ids,
        }))
    }

    /// Emits the access chain of a pointer phi once its block's phis are
    /// all emitted.
    pub(super) fn finish_pointer_phi(&mut self, phi: PointerPhi) -> Result<()> {
        if let PointerPhi::Chain {
            value,
            base,
            pointee,
            ids,
        } = phi
        {
            let val = self.chain_of(base, pointee, &ids)?;
            self.func.values.insert(value, val);
        }
        Ok(())
    }

    /// The SPIR-V type of a `select` or `phi` of type `t` of the pointers
    /// `vals` as a variable pointer (`VariablePointers`, declared here):
    /// where they point into groupshared memory of a compute or mesh
    /// shader (an amplification shader's may be its payload) and none is
    /// seen through a view; `None` otherwise.
    fn variable_pointer_type(&mut self, vals: &[ValueId], t: TypeId) -> Result<Option<Word>> {
        let Some((pointee, 3)) = self.m.types.pointee(t) else {
            return Ok(None);
        };
        if !matches!(self.desc.kind, ShaderKind::Compute | ShaderKind::Mesh) {
            return Ok(None);
        }
        for &v in vals {
            if self.view_root(v)?.is_some() {
                return Ok(None);
            }
        }
        let et = self.llvm_ty(pointee)?;
        self.spv.cap(Capability::VariablePointers);
        Ok(Some(self.spv.ptr_ty(StorageClass::Workgroup, et)))
    }

    /// `base` indexed by `ids` down to `pointee`.
    fn chain_of(&mut self, base: ValueId, pointee: TypeId, ids: &[Word]) -> Result<Val> {
        let (p, sc) = self.ptr(base)?;
        if ids.is_empty() {
            return Ok(Val::Ptr(p, sc));
        }
        let et = self.llvm_ty(pointee)?;
        let pt = self.spv.ptr_ty(sc, et);
        Ok(Val::Ptr(self.access_chain(pt, p, ids)?, sc))
    }

    /// The index all of `pos` name (the same value, or constants of one
    /// value), emitted without instructions; `None` where they differ.
    fn shared_index(&mut self, pos: &[ValueId]) -> Result<Option<Word>> {
        let Some(&x) = pos.first().filter(|_| !self.shared_index_differs(pos)) else {
            return Ok(None);
        };
        Ok(Some(match self.m.const_uint(x) {
            Some(c) => self.spv.u32c(c as u32),
            None => self.value_id(x)?,
        }))
    }

    /// Where every one of `geps` is a `getelementptr` (instruction or
    /// constant) of one base — a global or an `alloca`, not seen through a
    /// view — with a zero first index and the same number of indices to
    /// a `want` pointer (or every one is that base itself), and where they differ only in array or vector
    /// indices of one integer type (8 bits or more): the base, the
    /// pointed-to type, and per later index position every gep's index.
    fn one_base(&mut self, geps: &[ValueId], want: TypeId) -> Result<Option<OneBase>> {
        // Each pointer as its base and its indices after the leading zero
        // (a base itself has none).
        let mut lists: SmallVec<[(ValueId, SmallVec<[ValueId; 8]>); 4]> = SmallVec::new();
        for &g in geps {
            let list = match self.gep_operands(g) {
                Some(ops) => {
                    let ops: SmallVec<[ValueId; 8]> = self.m.value_list(ops).collect();
                    match ops.as_slice() {
                        [base, zero, rest @ ..] if self.m.const_uint(*zero) == Some(0) => {
                            (*base, rest.iter().copied().collect())
                        }
                        _ => return Ok(None),
                    }
                }
                None => (g, SmallVec::new()),
            };
            lists.push(list);
        }
        let Some((base, first)) = lists.first() else {
            return Ok(None);
        };
        let (base, len) = (*base, first.len());
        let rooted = match self.m.value(base).map(|x| x.kind) {
            Some(ValueKind::Global(_)) => true,
            Some(ValueKind::Inst { func, inst }) => self
                .m
                .function(func)
                .and_then(|f| f.insts.get(inst as usize))
                .is_some_and(|i| matches!(i.kind, InstKind::Alloca { .. })),
            _ => false,
        };
        let same_shape = lists.iter().all(|(b, l)| *b == base && l.len() == len);
        if !rooted || !same_shape || self.view_root(base)?.is_some() {
            return Ok(None);
        }
        let mut cur = self.m.types.pointee(self.vty(base)).map(|(t, _)| t);
        let mut indices: SmallVec<[SmallVec<[ValueId; 2]>; 4]> = SmallVec::new();
        for k in 0..len {
            let pos: SmallVec<[ValueId; 2]> = lists
                .iter()
                .filter_map(|(_, l)| l.get(k).copied())
                .collect();
            let Some(t) = cur else { return Ok(None) };
            let differ = self.shared_index_differs(&pos);
            cur = match self.m.types.ty(t) {
                ir::Type::Struct { .. } if !differ => pos
                    .first()
                    .and_then(|&f| self.m.const_uint(f))
                    .and_then(|f| self.m.types.member(t, f)),
                ir::Type::Array { elem, .. } | ir::Type::Vector { elem, .. } => Some(elem),
                _ => None,
            };
            // Differing indices are selected or merged as values of one
            // type; a dynamic index needs no instruction to be one
            // (`i1` ones would).
            let it = pos.first().map(|&x| self.vty(x));
            let one_type = pos.iter().all(|&x| Some(self.vty(x)) == it);
            let wide = it
                .and_then(|t| self.m.types.int_width(t))
                .is_some_and(|w| w >= 8);
            let constant = !differ && pos.first().and_then(|&x| self.m.const_uint(x)).is_some();
            if !constant && (!one_type || !wide) {
                return Ok(None);
            }
            indices.push(pos);
        }
        let want = self.m.types.pointee(want).map(|(t, _)| t);
        match cur.filter(|&t| Some(t) == want) {
            Some(pointee) => Ok(Some(OneBase {
                base,
                pointee,
                indices,
            })),
            None => Ok(None),
        }
    }

    /// Whether the indices `pos` differ (by value id and constant value).
    fn shared_index_differs(&self, pos: &[ValueId]) -> bool {
        let Some((&x, rest)) = pos.split_first() else {
            return false;
        };
        let c = self.m.const_uint(x);
        !rest
            .iter()
            .all(|&y| y == x || (c.is_some() && self.m.const_uint(y) == c))
    }

    /// The operands (base, then indices) of `v` where it is a
    /// `getelementptr` instruction or constant expression.
    fn gep_operands(&self, v: ValueId) -> Option<ListRange> {
        match self.m.value(v)?.kind {
            ValueKind::Constant(Constant::Gep { operands, .. }) => Some(operands),
            ValueKind::Inst { func, inst } => {
                match self.m.function(func)?.insts.get(inst as usize)?.kind {
                    InstKind::Gep { operands, .. } => Some(operands),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// A pointer `bitcast`: allowed where it only drops to the first
    /// element of an aggregate (or changes nothing in SPIR-V), or views the
    /// memory as a type of the same scalar layout (see `pointer_view`).
    pub fn pointer_cast(&mut self, value: ValueId, t: TypeId) -> Result<Val> {
        let (p, sc) = self.ptr(value)?;
        let root = self.view_root(value)?.unwrap_or(value);
        let (cur, _) = self
            .m
            .types
            .pointee(self.vty(root))
            .ok_or_else(|| self.invalid("bitcast of a non-pointer to a pointer"))?;
        let (target, _) = self
            .m
            .types
            .pointee(t)
            .ok_or_else(|| self.invalid("bitcast to a non-pointer"))?;
        let want = self.llvm_ty(target)?;
        match self.first_element_depth(cur, want)? {
            Some(0) => Ok(Val::Ptr(p, sc)),
            Some(depth) => {
                let zero = self.spv.u32c(0);
                let pt = self.spv.ptr_ty(sc, want);
                let r = self.access_chain(pt, p, &vec![zero; depth])?;
                Ok(Val::Ptr(r, sc))
            }
            // DXIL uses `i8*` only for `llvm.lifetime.*` markers (which
            // are dropped): keep the pointer.
            None if matches!(self.m.types.ty(target), ir::Type::Int(8)) => Ok(Val::Ptr(p, sc)),
            None if self.can_view(cur, target) => Ok(Val::Ptr(p, sc)),
            None => Err(self.unsupported_feature(
                Feature::PointerBitcast,
                "pointer bitcast between unrelated types",
            )),
        }
    }

    /// `load`.
    pub fn load_inst(&mut self, ptr: ValueId, t: TypeId) -> Result<Word> {
        let (p, sc) = self.ptr(ptr)?;
        if matches!(self.m.types.ty(t), ir::Type::Pointer { .. }) {
            return Err(self.unsupported_feature(Feature::PointerValue, "loading a pointer"));
        }
        if let Some(v) = self.view(ptr, p, sc)? {
            return self.view_load(v, t);
        }
        let ty = self.llvm_ty(t)?;
        self.load(ty, p)
    }

    /// `store`.
    pub fn store_inst(&mut self, ptr: ValueId, value: ValueId) -> Result<()> {
        let (p, sc) = self.ptr(ptr)?;
        if let Some(v) = self.view(ptr, p, sc)? {
            return self.view_store(v, value);
        }
        let v = self.value_id(value)?;
        self.store(p, v)
    }
}

//! Instructions and values shared by every function walk: the per-
//! instruction dispatch, value lookup (with the control-flow layer's
//! operand rewrites), constants, phi operands, function variables.

use super::context::{call_opcode, low_mask, SVal, Val, MAX_CONST_DEPTH};
use super::ray_query::ray_query_allocation;
use super::Emitter;
use crate::dxil::OpCode;
use crate::error::{Feature, Result};
use crate::ir::{self, Constant, InstKind, TypeId, ValueId, ValueKind};
use rspirv::spirv::{StorageClass, Word};
use smallvec::SmallVec;

impl<'m> Emitter<'m> {
    /// Moves the collected `Function`-storage variables to the start of the
    /// entry block.
    pub fn insert_fn_vars(&mut self) -> Result<()> {
        if self.spv.b.hoist_into_entry_block(&self.func.fn_vars) {
            Ok(())
        } else {
            Err(self.internal("function without blocks"))
        }
    }

    /// Fills the operands of the phis now that every value and block exit
    /// is known.
    pub fn finish_phis(&mut self) -> Result<()> {
        let phis = std::mem::take(&mut self.func.phis);
        let incoming = std::mem::take(&mut self.func.phi_incoming);
        let mut ops: SmallVec<[Word; 8]> = SmallVec::new();
        for p in &phis {
            ops.clear();
            let pairs = incoming
                .get(p.incoming.clone())
                .ok_or_else(|| self.internal("lost a phi"))?;
            for &(v, pred) in pairs {
                let id = match v {
                    SVal::Value(v) => self.phi_operand(v)?,
                    other => self.sval_id(other, p.ty)?,
                };
                let parent = *self
                    .func
                    .exit_labels
                    .get(pred as usize)
                    .ok_or_else(|| self.internal(format!("phi from unknown block {pred}")))?;
                ops.push(id);
                ops.push(parent);
            }
            if !self.spv.b.fill(p.slot, &ops) {
                return Err(self.internal("lost a phi"));
            }
        }
        // Back for their capacity (the next function resets them).
        self.func.phis = phis;
        self.func.phi_incoming = incoming;
        Ok(())
    }

    fn phi_operand(&mut self, v: ValueId) -> Result<Word> {
        match self.m.value(v).map(|x| x.kind) {
            Some(ValueKind::Constant(c)) if is_plain_constant(&c) => self.value_id(v),
            Some(ValueKind::Constant(_)) => Err(self.unsupported_feature(
                Feature::ConstantExpression,
                "constant expression as a phi operand",
            )),
            // A groupshared variable into a phi of variable pointers.
            Some(ValueKind::Global(_)) => self.ptr(v).map(|(p, _)| p),
            _ => match self.func.values.get(&v) {
                // Groupshared pointers reach only the phis of pointers
                // that `pointer_phi` made variable pointers.
                Some(Val::Id(id) | Val::Ptr(id, StorageClass::Workgroup)) => Ok(*id),
                Some(_) => Err(self.unsupported_feature(
                    Feature::PointerValue,
                    "phi of pointers, handles or dx.op structs",
                )),
                None => Err(self.internal("phi operand never defined")),
            },
        }
    }

    /// Collects facts needed before emission: which components of struct
    /// results are read, which typed UAVs take atomics.
    pub fn prescan(&mut self, func: &ir::Function) {
        // Ray query allocations, for `group_ray_queries` (in the same pass).
        let mut allocations = Vec::new();
        for inst in &func.insts {
            match inst.kind {
                InstKind::ExtractValue { aggregate, indices } => {
                    if let Some(&i) = self.m.list(indices).first() {
                        let e = self.func.component_uses.entry(aggregate).or_insert(0);
                        // Indices come from the input: an absurd one
                        // saturates (and fails when it is extracted).
                        *e = (*e).max(i.saturating_add(1));
                    }
                }
                InstKind::Call { args, .. } => match call_opcode(self.m, args) {
                    Some(OpCode::AtomicBinOp | OpCode::AtomicCompareExchange) => {
                        self.note_typed_atomic(inst)
                    }
                    Some(OpCode::AllocateRayQuery | OpCode::AllocateRayQuery2) => {
                        allocations.extend(ray_query_allocation(self.m, inst))
                    }
                    _ => {}
                },
                _ => {}
            }
        }
        self.group_ray_queries(func, &allocations);
    }

    /// Emits one instruction.
    pub fn emit_inst(&mut self, inst: &ir::Inst) -> Result<()> {
        self.func.current_inst_result = inst.result;
        let r = match inst.kind {
            InstKind::BinOp {
                op,
                lhs,
                rhs,
                flags,
            } => {
                let v = self.binop(op, lhs, rhs, flags, inst.ty)?;
                Some(Val::Id(v))
            }
            InstKind::Cast { op, value } => Some(self.cast(op, value, inst.ty)?),
            InstKind::Gep { operands, .. } => match self.m.value_list(operands).next() {
                Some(base) if self.is_resource_gep(base) => None,
                _ => Some(self.gep(operands, inst.ty)?),
            },
            InstKind::Cmp { pred, lhs, rhs, .. } => {
                Some(Val::Id(self.cmp(pred, lhs, rhs, inst.ty)?))
            }
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => Some(self.select_inst(cond, if_true, if_false, inst.ty)?),
            InstKind::ExtractElement { vector, index } => {
                Some(Val::Id(self.extract_element(vector, index, inst.ty)?))
            }
            InstKind::InsertElement {
                vector,
                element,
                index,
            } => Some(Val::Id(
                self.insert_element(vector, element, index, inst.ty)?,
            )),
            InstKind::ShuffleVector { a, b, mask } => {
                Some(Val::Id(self.shuffle(a, b, mask, inst.ty)?))
            }
            InstKind::ExtractValue { aggregate, indices } => {
                match self.emitted_part(aggregate, indices) {
                    Some(id) => Some(Val::Id(id)),
                    None => Some(self.extract_value(aggregate, indices, inst.ty)?),
                }
            }
            InstKind::InsertValue {
                aggregate,
                value,
                indices,
            } => Some(Val::Id(
                self.insert_value(aggregate, value, indices, inst.ty)?,
            )),
            InstKind::Phi { .. } => return Err(self.internal("phi emitted as an instruction")),
            InstKind::Alloca {
                allocated, size, ..
            } => Some(self.alloca(allocated, size)?),
            InstKind::Load { ptr, .. } => match self.library_resource_load(ptr)? {
                Some(handle) => Some(handle),
                None => Some(Val::Id(self.load_inst(ptr, inst.ty)?)),
            },
            InstKind::Store { ptr, value, .. } => {
                self.store_inst(ptr, value)?;
                None
            }
            InstKind::AtomicRmw { op, ptr, value, .. } => {
                Some(Val::Id(self.atomic_rmw(op, ptr, value, inst.ty)?))
            }
            InstKind::CmpXchg { ptr, cmp, new, .. } => Some(self.cmpxchg(ptr, cmp, new, inst.ty)?),
            InstKind::Fence { .. } => {
                self.fence()?;
                None
            }
            InstKind::Call { callee, args, .. } => self.call(callee, args, inst.ty)?,
            InstKind::Br { .. }
            | InstKind::CondBr { .. }
            | InstKind::Switch { .. }
            | InstKind::Ret { .. }
            | InstKind::Unreachable => {
                return Err(self.internal("terminator emitted as an instruction"))
            }
        };
        if let (Some(v), Some(res)) = (r, inst.result) {
            self.func.values.insert(res, v);
        }
        Ok(())
    }

    // ---------------------------------------------------------------------
    // Values.

    /// Member `indices` (one index) of a dx.op struct result already
    /// emitted as its parts, read in place (what `extract_value` gives,
    /// without copying the parts); `None` where it needs more.
    fn emitted_part(&self, aggregate: ValueId, indices: ir::ListRange) -> Option<Word> {
        if self
            .func
            .cur_uses
            .binary_search_by_key(&aggregate, |u| u.0)
            .is_ok()
        {
            return None;
        }
        let [i] = *self.m.list(indices) else {
            return None;
        };
        match self.func.values.get(&aggregate)? {
            Val::Parts(parts) => parts.get(i as usize).copied(),
            _ => None,
        }
    }

    /// The id of a control-flow operand of SPIR-V type `ty`.
    pub fn sval_id(&mut self, v: SVal, ty: Word) -> Result<Word> {
        match v {
            SVal::Value(v) => self.value_id(v),
            SVal::Synth(s) => self
                .func
                .synth_ids
                .get(s as usize)
                .copied()
                .ok_or_else(|| self.internal("synthetic value id out of range")),
            SVal::U32(c) => Ok(self.spv.u32c(c)),
            SVal::Undef => Ok(self.spv.undef(ty)),
        }
    }

    /// The emitted form of a value (materialising constants and globals).
    pub fn val(&mut self, v: ValueId) -> Result<Val> {
        if !self.func.cur_uses.is_empty() {
            let found = self.func.cur_uses.binary_search_by_key(&v, |u| u.0).ok();
            if let Some(&(_, sv)) = found.and_then(|i| self.func.cur_uses.get(i)) {
                match sv {
                    SVal::Value(w) if w == v => {}
                    SVal::Value(w) => return self.val(w),
                    other => {
                        let ty = self.llvm_ty(self.vty(v))?;
                        return Ok(Val::Id(self.sval_id(other, ty)?));
                    }
                }
            }
        }
        if let Some(x) = self.func.values.get(&v) {
            return Ok(x.clone());
        }
        let value = *self
            .m
            .value(v)
            .ok_or_else(|| self.invalid(format!("reference to unknown value {}", v.0)))?;
        match value.kind {
            // The most frequent constant, straight to its id.
            ValueKind::Constant(Constant::Int(bits)) => {
                let id = self.int_const(value.ty, bits)?;
                self.func.values.insert(v, Val::Id(id));
                Ok(Val::Id(id))
            }
            ValueKind::Constant(c) => {
                let r = self.constant(v, value.ty, c)?;
                // Scalars, nulls, undefs and data arrays are module-level
                // ids: looked up once. (Aggregates may hold expressions,
                // which are emitted at each use.)
                if matches!(
                    c,
                    Constant::Int(_)
                        | Constant::Float(_)
                        | Constant::Null
                        | Constant::Undef
                        | Constant::Data(_)
                ) {
                    self.func.values.insert(v, r.clone());
                }
                Ok(r)
            }
            ValueKind::Global(g) => self.global_ptr(g),
            ValueKind::Function(_) => {
                Err(self.unsupported_feature(Feature::PointerValue, "function pointers"))
            }
            ValueKind::Argument { .. } => {
                Err(self.unsupported_feature(Feature::FunctionArgument, "function arguments"))
            }
            ValueKind::Inst { .. } => {
                Err(self.internal(format!("value %{} used before its definition", v.0)))
            }
        }
    }

    /// A value that must be a plain SPIR-V id.
    #[inline]
    pub fn value_id(&mut self, v: ValueId) -> Result<Word> {
        // Most operands are plain ids already emitted: read in place
        // (inline); the rest out of line.
        if let Some(&Val::Id(id)) = self.func.values.get(&v) {
            if !self.rewritten(v) {
                return Ok(id);
            }
        }
        self.value_id_slow(v)
    }

    /// Whether the control-flow layer rewrites uses of `v` in the current
    /// block (see [`Self::val`]).
    #[inline]
    pub fn rewritten(&self, v: ValueId) -> bool {
        !self.func.cur_uses.is_empty()
            && self.func.cur_uses.binary_search_by_key(&v, |u| u.0).is_ok()
    }

    /// [`Self::value_id`] of a value not emitted as a plain id, or
    /// rewritten by the control-flow layer.
    #[inline(never)]
    fn value_id_slow(&mut self, v: ValueId) -> Result<Word> {
        match self.val(v)? {
            Val::Id(id) => Ok(id),
            Val::Ptr(..) => {
                Err(self
                    .unsupported_feature(Feature::PointerValue, "pointer used as a plain value"))
            }
            Val::Handle(_) => Err(self.unsupported_feature(
                Feature::HandleValue,
                "resource handle used as a plain value",
            )),
            Val::Parts(_) => Err(self.unsupported_feature(
                Feature::DxOpStruct,
                "dx.op result struct used as a whole value",
            )),
        }
    }

    /// The LLVM type of a value.
    pub fn vty(&self, v: ValueId) -> TypeId {
        self.m.value_type(v).unwrap_or(TypeId(u32::MAX))
    }

    /// A constant.
    fn constant(&mut self, v: ValueId, t: TypeId, c: Constant) -> Result<Val> {
        let expression = matches!(
            c,
            Constant::Gep { .. }
                | Constant::Cast { .. }
                | Constant::BinOp { .. }
                | Constant::Cmp { .. }
                | Constant::Select { .. }
                | Constant::ExtractElement { .. }
        );
        if !expression {
            return self.constant_value(v, t, c);
        }
        if self.func.const_depth >= MAX_CONST_DEPTH {
            return Err(self.invalid(format!(
                "constant expressions nested deeper than {MAX_CONST_DEPTH} levels"
            )));
        }
        self.const_budget = self.const_budget.checked_sub(1).ok_or_else(|| {
            self.invalid("constant expressions expand to too much code (budget exhausted)")
        })?;
        self.func.const_depth = self.func.const_depth.saturating_add(1);
        let r = self.constant_value(v, t, c);
        self.func.const_depth = self.func.const_depth.saturating_sub(1);
        r
    }

    /// [`Self::constant`] once its nesting and budget are checked.
    fn constant_value(&mut self, v: ValueId, t: TypeId, c: Constant) -> Result<Val> {
        let ty = self.m.types.ty(t);
        let id = match c {
            Constant::Undef => {
                if matches!(ty, ir::Type::Pointer { .. } | ir::Type::Struct { .. })
                    && self.is_dx_type(t)
                {
                    return Err(self.unsupported_feature(Feature::HandleValue, "undef handle"));
                }
                let sty = self.llvm_ty(t)?;
                self.spv.undef(sty)
            }
            Constant::Null => {
                if let ir::Type::Pointer { .. } = ty {
                    return Err(self.unsupported_feature(Feature::PointerValue, "null pointer"));
                }
                let sty = self.llvm_ty(t)?;
                self.spv.null_const(sty)
            }
            Constant::Int(bits) => self.int_const(t, bits)?,
            Constant::Float(bits) => {
                let (w, sty) = match ty {
                    ir::Type::Half => (16, self.spv.float_ty(16)),
                    ir::Type::Float => (32, self.spv.float_ty(32)),
                    ir::Type::Double => (64, self.spv.float_ty(64)),
                    _ => return Err(self.invalid("float constant of a non-float type")),
                };
                self.spv.scalar_const(sty, w, bits)
            }
            Constant::Aggregate(list) => {
                let sty = self.llvm_ty(t)?;
                let m = self.m;
                let mut ids: SmallVec<[Word; 8]> = SmallVec::new();
                for e in m.value_list(list) {
                    ids.push(self.value_id(e)?);
                }
                self.spv.composite_const(sty, &ids)
            }
            Constant::Data(list) => {
                let sty = self.llvm_ty(t)?;
                let elem = self
                    .m
                    .types
                    .element(t)
                    .ok_or_else(|| self.invalid("data constant of a non-sequence type"))?;
                let m = self.m;
                let data = m.data(list);
                let mut ids: SmallVec<[Word; 8]> = SmallVec::with_capacity(data.len());
                for &bits in data {
                    ids.push(self.scalar_bits_const(elem, bits)?);
                }
                self.spv.composite_const(sty, &ids)
            }
            Constant::String { .. } => {
                return Err(self.unsupported_feature(Feature::StringConstant, "string constants"))
            }
            Constant::Gep { operands, .. } => return self.const_gep(operands, t),
            Constant::Cast { op, value } => return self.cast(op, value, t),
            Constant::BinOp {
                op,
                lhs,
                rhs,
                flags,
            } => return Ok(Val::Id(self.binop(op, lhs, rhs, flags, t)?)),
            Constant::Cmp { pred, lhs, rhs } => return Ok(Val::Id(self.cmp(pred, lhs, rhs, t)?)),
            Constant::Select {
                cond,
                if_true,
                if_false,
            } => return self.select_inst(cond, if_true, if_false, t),
            Constant::ExtractElement { vector, index } => {
                return Ok(Val::Id(self.extract_element(vector, index, t)?))
            }
        };
        let _ = v;
        Ok(Val::Id(id))
    }

    /// A scalar constant from a bit pattern of LLVM type `t`.
    pub fn scalar_bits_const(&mut self, t: TypeId, bits: u64) -> Result<Word> {
        match self.m.types.ty(t) {
            ir::Type::Int(_) => self.int_const(t, bits),
            ir::Type::Half => {
                let ty = self.spv.float_ty(16);
                Ok(self.spv.scalar_const(ty, 16, bits & 0xffff))
            }
            ir::Type::Float => {
                let ty = self.spv.float_ty(32);
                Ok(self.spv.scalar_const(ty, 32, bits & 0xffff_ffff))
            }
            ir::Type::Double => {
                let ty = self.spv.float_ty(64);
                Ok(self.spv.scalar_const(ty, 64, bits))
            }
            _ => Err(self.invalid("data constant element is not a scalar")),
        }
    }

    /// An integer constant of LLVM type `t` (masked to its width).
    pub fn int_const(&mut self, t: TypeId, bits: u64) -> Result<Word> {
        match self.m.types.ty(t) {
            ir::Type::Int(1) => Ok(self.spv.boolc(bits & 1 != 0)),
            ir::Type::Int(w) => {
                let (c, _) = Self::int_repr(w);
                let masked = if w >= 64 { bits } else { bits & low_mask(w) };
                // A `uint` (nearly all): the small ones from `u32c`'s table.
                match u32::try_from(masked) {
                    Ok(small) if c == 32 => Ok(self.spv.u32c(small)),
                    _ => Ok(self.spv.uintc(c, masked)),
                }
            }
            _ => Err(self.invalid("integer constant of a non-integer type")),
        }
    }

    /// Whether a type is one of DXIL's `dx.types.*` structs (or a pointer
    /// to one).
    pub fn is_dx_type(&self, t: TypeId) -> bool {
        let t = match self.m.types.ty(t) {
            ir::Type::Pointer { pointee, .. } => pointee,
            _ => t,
        };
        match self.m.types.ty(t) {
            ir::Type::Struct { name, .. } => self.m.str(name).starts_with("dx.types."),
            _ => false,
        }
    }
}

/// Whether a constant can be emitted at module scope (no expression).
fn is_plain_constant(c: &Constant) -> bool {
    matches!(
        c,
        Constant::Undef
            | Constant::Null
            | Constant::Int(_)
            | Constant::Float(_)
            | Constant::Aggregate(_)
            | Constant::Data(_)
    )
}

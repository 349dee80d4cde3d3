//! The FUNCTION block: arguments, constants, instructions, symbol table and
//! metadata attachments of one function body.

use super::constants::decode_signed;
use super::module_block::decode_align;
use super::{block, Reader};
use crate::bitstream::Entry;
use crate::error::Result;
use crate::ir::inst::{BinOp, CastOp, Inst, InstKind, Ordering, Predicate, RmwOp};
use crate::ir::module::{Block, FuncId, Value, ValueId, ValueKind};
use crate::ir::types::{Type, TypeId};
use crate::ir::{BlockId, ListRange, StrRange};
use smallvec::SmallVec;

mod code {
    pub const DECLAREBLOCKS: u32 = 1;
    pub const BINOP: u32 = 2;
    pub const CAST: u32 = 3;
    pub const GEP_OLD: u32 = 4;
    pub const SELECT: u32 = 5;
    pub const EXTRACTELT: u32 = 6;
    pub const INSERTELT: u32 = 7;
    pub const SHUFFLEVEC: u32 = 8;
    pub const CMP: u32 = 9;
    pub const RET: u32 = 10;
    pub const BR: u32 = 11;
    pub const SWITCH: u32 = 12;
    pub const INVOKE: u32 = 13;
    pub const UNREACHABLE: u32 = 15;
    pub const PHI: u32 = 16;
    pub const ALLOCA: u32 = 19;
    pub const LOAD: u32 = 20;
    pub const VAARG: u32 = 23;
    pub const STORE_OLD: u32 = 24;
    pub const EXTRACTVAL: u32 = 26;
    pub const INSERTVAL: u32 = 27;
    pub const CMP2: u32 = 28;
    pub const VSELECT: u32 = 29;
    pub const INBOUNDS_GEP_OLD: u32 = 30;
    pub const INDIRECTBR: u32 = 31;
    pub const DEBUG_LOC_AGAIN: u32 = 33;
    pub const CALL: u32 = 34;
    pub const DEBUG_LOC: u32 = 35;
    pub const FENCE: u32 = 36;
    pub const CMPXCHG_OLD: u32 = 37;
    pub const ATOMICRMW: u32 = 38;
    pub const RESUME: u32 = 39;
    pub const LANDINGPAD_OLD: u32 = 40;
    pub const LOADATOMIC: u32 = 41;
    pub const STOREATOMIC_OLD: u32 = 42;
    pub const GEP: u32 = 43;
    pub const STORE: u32 = 44;
    pub const STOREATOMIC: u32 = 45;
    pub const CMPXCHG: u32 = 46;
    pub const LANDINGPAD: u32 = 47;
}

/// The body being built: blocks and instructions, moved into the module's
/// function when the body ends (or when a sub-block needs to see them).
struct Body {
    blocks: Vec<Block>,
    insts: Vec<Inst>,
    current: usize,
}

impl Reader<'_> {
    pub(super) fn read_function_body(&mut self, func: FuncId) -> Result<()> {
        if !self.module_values_known {
            self.module_values = self.module.values.len() as u32;
            self.module_values_known = true;
        }
        self.in_function = true;
        self.local_base =
            u32::try_from(self.module.values.len()).map_err(|_| self.err("too many values"))?;
        self.local_md_base = self.module.metadata.nodes.len() as u32;
        self.push_arguments(func)?;
        // An instruction record takes about 40 bits on average: size the
        // body for the block so that it rarely grows (bounded by the input).
        let (blocks, mut insts) = self.body_buffers.pop().unwrap_or_default();
        insts.reserve((self.bs.block_bits_left() / 40) as usize);
        let mut body = Body {
            blocks,
            insts,
            current: 0,
        };
        let void = self.module.types.intern(Type::Void);
        loop {
            let abbrev = match self.next_entry()? {
                Entry::EndBlock => break,
                Entry::SubBlock(id) => {
                    self.read_function_sub_block(func, id, &mut body)?;
                    continue;
                }
                Entry::Record(a) => a,
            };
            let code = self.read_record(abbrev)?;
            self.read_instruction(func, code, &mut body, void)?;
        }
        if body.blocks.is_empty() {
            return Err(self.err("function body declares no blocks"));
        }
        if body.current != body.blocks.len() {
            return Err(self.err(format!(
                "function body ends inside block {} of {} (missing terminator)",
                body.current,
                body.blocks.len()
            )));
        }
        self.store_body(func, &mut body);
        self.resolve_forward_refs()?;
        self.in_function = false;
        Ok(())
    }

    fn push_arguments(&mut self, func: FuncId) -> Result<()> {
        let fty = self
            .module
            .function(func)
            .map(|f| f.ty)
            .ok_or_else(|| self.err("no such function"))?;
        let Type::Function { params, .. } = self.module.types.ty(fty) else {
            return Err(self.err("function without a function type"));
        };
        let params: SmallVec<[TypeId; 16]> =
            self.module.types.members(params).iter().copied().collect();
        let first = ValueId(self.local_base);
        for (index, ty) in params.iter().enumerate() {
            self.module.values.push(Value {
                ty: *ty,
                kind: ValueKind::Argument {
                    func,
                    index: index as u32,
                },
                name: StrRange::EMPTY,
            });
        }
        if let Some(f) = self.module.functions.get_mut(func.0 as usize) {
            f.first_arg = first;
            f.num_args = params.len() as u32;
        }
        Ok(())
    }

    /// Moves the body into the module's function (sub-blocks such as the
    /// symbol table and attachments refer to it there).
    fn store_body(&mut self, func: FuncId, body: &mut Body) {
        if let Some(f) = self.module.functions.get_mut(func.0 as usize) {
            std::mem::swap(&mut f.blocks, &mut body.blocks);
            std::mem::swap(&mut f.insts, &mut body.insts);
        }
    }

    fn read_function_sub_block(&mut self, func: FuncId, id: u32, body: &mut Body) -> Result<()> {
        match id {
            block::CONSTANTS => {
                self.bs.enter_block(id)?;
                self.read_constants_block()
            }
            block::METADATA => {
                self.bs.enter_block(id)?;
                self.read_metadata_block()
            }
            block::VALUE_SYMTAB | block::METADATA_ATTACHMENT => {
                self.bs.enter_block(id)?;
                self.store_body(func, body);
                let result = if id == block::VALUE_SYMTAB {
                    self.read_symbol_table(Some(func))
                } else {
                    self.read_metadata_attachments(func)
                };
                self.store_body(func, body);
                result
            }
            _ => self.bs.skip_block(),
        }
    }

    /// The LLVM number the next defined value gets.
    #[inline(always)]
    fn next_value_no(&self) -> u32 {
        let locals = (self.module.values.len() as u32).wrapping_sub(self.local_base);
        self.module_values.wrapping_add(locals)
    }

    /// Converts a possibly relative operand to an absolute value number.
    #[inline(always)]
    fn absolute(&self, raw: u64) -> Result<u32> {
        let raw = u32::try_from(raw).map_err(|_| self.err("relative value id out of range"))?;
        Ok(if self.relative_ids {
            self.next_value_no().wrapping_sub(raw)
        } else {
            raw
        })
    }

    // Record slots are at most the record's length, so the saturating
    // additions on slots here and in the record decoders never saturate (a
    // saturated slot would only read as a missing operand).

    /// A value/type pair: the value, followed by its type when it is a
    /// forward reference. (This and [`Self::typed_value`] read nearly every
    /// instruction operand: always inlined, so that the common case of a
    /// defined value is a few instructions where it is used.)
    #[inline(always)]
    fn value_type_pair(&mut self, slot: &mut usize) -> Result<(ValueId, TypeId)> {
        let id = self.absolute(self.op(*slot)?)?;
        *slot = slot.saturating_add(1);
        if id < self.next_value_no() {
            if let Some(defined) = self.defined(id) {
                return Ok(defined);
            }
            let value = self.value_ref(u64::from(id), None)?;
            let ty = self
                .type_of(value)
                .ok_or_else(|| self.err("operand is not defined"))?;
            return Ok((value, ty));
        }
        let ty = self.type_at(*slot)?;
        *slot = slot.saturating_add(1);
        Ok((self.value_ref(u64::from(id), Some(ty))?, ty))
    }

    /// A value of a known type (no type in the record even when forward).
    #[inline(always)]
    fn typed_value(&mut self, slot: &mut usize, ty: TypeId) -> Result<ValueId> {
        let id = self.absolute(self.op(*slot)?)?;
        *slot = slot.saturating_add(1);
        // Fast path: a value defined earlier with the expected type.
        match self.defined(id) {
            Some((value, actual)) if actual == ty => Ok(value),
            _ => self.value_ref(u64::from(id), Some(ty)),
        }
    }

    fn block_ref(&self, slot: usize, body: &Body) -> Result<BlockId> {
        let id = self.op32(slot)?;
        if (id as usize) < body.blocks.len() {
            Ok(BlockId(id))
        } else {
            Err(self.err(format!("branch to block {id}, which does not exist")))
        }
    }

    fn expect_len(&self, len: usize) -> Result<()> {
        if self.ops.len() == len {
            Ok(())
        } else {
            Err(self.err(format!(
                "record has {} operands where {len} are expected",
                self.ops.len()
            )))
        }
    }

    fn int_type(&mut self, width: u32) -> TypeId {
        self.module.types.intern(Type::Int(width))
    }

    /// `i1`, or `<n x i1>` for a vector operand type.
    fn bool_type_like(&mut self, ty: TypeId) -> TypeId {
        let i1 = self.int_type(1);
        match self.module.types.vector_len(ty) {
            Some(len) => self.module.types.intern(Type::Vector { len, elem: i1 }),
            None => i1,
        }
    }

    fn read_instruction(
        &mut self,
        func: FuncId,
        code: u32,
        body: &mut Body,
        void: TypeId,
    ) -> Result<()> {
        let (kind, ty) = match code {
            code::DECLAREBLOCKS => {
                if !body.blocks.is_empty() {
                    return Err(self.err("function declares its blocks twice"));
                }
                let n = self.check_count(self.op(0)?, "block")?;
                if n == 0 {
                    return Err(self.err("function declares zero blocks"));
                }
                body.blocks.resize(
                    n,
                    Block {
                        start: 0,
                        len: 0,
                        name: StrRange::EMPTY,
                    },
                );
                return Ok(());
            }
            code::DEBUG_LOC | code::DEBUG_LOC_AGAIN => return Ok(()),
            code::BINOP => {
                let mut slot = 0;
                let (lhs, ty) = self.value_type_pair(&mut slot)?;
                let rhs = self.typed_value(&mut slot, ty)?;
                let fp = self.module.types.is_fp(ty);
                if !fp && self.module.types.int_width(ty).is_none() {
                    return Err(
                        self.err("binary operator on a type that is neither integer nor float")
                    );
                }
                let op = BinOp::decode(self.op(slot)?, fp)
                    .ok_or_else(|| self.err("unknown binary operator"))?;
                let flags = self.ops.get(slot.saturating_add(1)).copied().unwrap_or(0) as u8;
                (
                    InstKind::BinOp {
                        op,
                        lhs,
                        rhs,
                        flags,
                    },
                    ty,
                )
            }
            code::CAST => {
                let mut slot = 0;
                let (value, from) = self.value_type_pair(&mut slot)?;
                self.expect_len(slot.saturating_add(2))?;
                let ty = self.type_at(slot)?;
                let op = CastOp::decode(self.op(slot.saturating_add(1))?)
                    .ok_or_else(|| self.err("unknown cast operator"))?;
                self.check_cast(op, from, ty)?;
                (InstKind::Cast { op, value }, ty)
            }
            code::GEP | code::GEP_OLD | code::INBOUNDS_GEP_OLD => self.read_gep(code)?,
            code::SELECT | code::VSELECT => {
                let mut slot = 0;
                let (if_true, ty) = self.value_type_pair(&mut slot)?;
                let if_false = self.typed_value(&mut slot, ty)?;
                let cond = if code == code::VSELECT {
                    let (cond, cond_ty) = self.value_type_pair(&mut slot)?;
                    let i1 = self.int_type(1);
                    let ok = cond_ty == i1 || self.module.types.element(cond_ty) == Some(i1);
                    if !ok {
                        return Err(self.err("select condition is not i1"));
                    }
                    cond
                } else {
                    let i1 = self.int_type(1);
                    self.typed_value(&mut slot, i1)?
                };
                (
                    InstKind::Select {
                        cond,
                        if_true,
                        if_false,
                    },
                    ty,
                )
            }
            code::EXTRACTELT => {
                let mut slot = 0;
                let (vector, vty) = self.value_type_pair(&mut slot)?;
                let index = self.element_index(&mut slot)?;
                let ty = self.vector_element(vty)?;
                (InstKind::ExtractElement { vector, index }, ty)
            }
            code::INSERTELT => {
                let mut slot = 0;
                let (vector, vty) = self.value_type_pair(&mut slot)?;
                let elem = self.vector_element(vty)?;
                let element = self.typed_value(&mut slot, elem)?;
                let index = self.element_index(&mut slot)?;
                (
                    InstKind::InsertElement {
                        vector,
                        element,
                        index,
                    },
                    vty,
                )
            }
            code::SHUFFLEVEC => {
                let mut slot = 0;
                let (a, aty) = self.value_type_pair(&mut slot)?;
                let b = self.typed_value(&mut slot, aty)?;
                let (mask, mty) = self.value_type_pair(&mut slot)?;
                let elem = self.vector_element(aty)?;
                let len = self
                    .module
                    .types
                    .vector_len(mty)
                    .ok_or_else(|| self.err("shuffle mask is not a vector"))?;
                let ty = self.module.types.intern(Type::Vector { len, elem });
                (InstKind::ShuffleVector { a, b, mask }, ty)
            }
            code::CMP | code::CMP2 => {
                let mut slot = 0;
                let (lhs, ty) = self.value_type_pair(&mut slot)?;
                let rhs = self.typed_value(&mut slot, ty)?;
                let pred = Predicate::decode(self.op(slot)?)
                    .ok_or_else(|| self.err("unknown comparison predicate"))?;
                let fp = self.module.types.is_fp(ty);
                if pred.is_fp() != fp {
                    return Err(self.err("comparison predicate does not match its operand type"));
                }
                let flags = if fp {
                    self.ops.get(slot.saturating_add(1)).copied().unwrap_or(0) as u8
                } else {
                    0
                };
                let result = self.bool_type_like(ty);
                (
                    InstKind::Cmp {
                        pred,
                        lhs,
                        rhs,
                        flags,
                    },
                    result,
                )
            }
            code::RET => {
                if self.ops.is_empty() {
                    (InstKind::Ret { value: None }, void)
                } else {
                    let mut slot = 0;
                    let (value, _) = self.value_type_pair(&mut slot)?;
                    self.expect_len(slot)?;
                    (InstKind::Ret { value: Some(value) }, void)
                }
            }
            code::BR => match self.ops.len() {
                1 => (
                    InstKind::Br {
                        target: self.block_ref(0, body)?,
                    },
                    void,
                ),
                3 => {
                    let if_true = self.block_ref(0, body)?;
                    let if_false = self.block_ref(1, body)?;
                    let i1 = self.int_type(1);
                    let mut slot = 2;
                    let cond = self.typed_value(&mut slot, i1)?;
                    (
                        InstKind::CondBr {
                            cond,
                            if_true,
                            if_false,
                        },
                        void,
                    )
                }
                n => return Err(self.err(format!("branch record with {n} operands"))),
            },
            code::SWITCH => self.read_switch(body, void)?,
            code::UNREACHABLE => (InstKind::Unreachable, void),
            code::PHI => {
                if self.ops.is_empty() || self.ops.len() % 2 == 0 {
                    return Err(self.err("phi record has an odd shape"));
                }
                let ty = self.type_at(0)?;
                let mut incoming: SmallVec<[u32; 16]> = SmallVec::new();
                let mut i = 1;
                while i < self.ops.len() {
                    let raw = self.op(i)?;
                    let id = if self.relative_ids {
                        self.next_value_no().wrapping_sub(decode_signed(raw) as u32)
                    } else {
                        u32::try_from(raw).map_err(|_| self.err("value id out of range"))?
                    };
                    let value = self.value_ref(u64::from(id), Some(ty))?;
                    let block = self.block_ref(i.saturating_add(1), body)?;
                    incoming.push(value.0);
                    incoming.push(block.0);
                    i = i.saturating_add(2);
                }
                (
                    InstKind::Phi {
                        incoming: self.push_list(&incoming),
                    },
                    ty,
                )
            }
            code::ALLOCA => {
                self.expect_len(4)?;
                let ty = self.type_at(0)?;
                let flags_field = self.op(3)?;
                let allocated = if flags_field & (1 << 6) != 0 {
                    ty
                } else {
                    self.module
                        .types
                        .pointee(ty)
                        .map(|(p, _)| p)
                        .ok_or_else(|| self.err("alloca of a non-pointer type"))?
                };
                let size_ty = self.type_at(1)?;
                let size = self.value_ref(self.op(2)?, Some(size_ty))?;
                let align = decode_align(flags_field & !((1 << 5) | (1 << 6)))
                    .ok_or_else(|| self.err("invalid alignment"))?;
                let ptr = self.module.types.pointer_to(allocated, 0);
                (
                    InstKind::Alloca {
                        allocated,
                        size,
                        align,
                    },
                    ptr,
                )
            }
            code::LOAD => {
                let mut slot = 0;
                let (ptr, pty) = self.value_type_pair(&mut slot)?;
                let pointee = self.pointee(pty)?;
                let ty = if self.ops.len() == slot.saturating_add(3) {
                    let explicit = self.type_at(slot)?;
                    slot = slot.saturating_add(1);
                    if explicit != pointee {
                        return Err(self.err("load type does not match the pointer"));
                    }
                    explicit
                } else {
                    self.expect_len(slot.saturating_add(2))?;
                    pointee
                };
                let align =
                    decode_align(self.op(slot)?).ok_or_else(|| self.err("invalid alignment"))?;
                let volatile = self.op(slot.saturating_add(1))? != 0;
                (
                    InstKind::Load {
                        ptr,
                        align,
                        volatile,
                    },
                    ty,
                )
            }
            code::STORE | code::STORE_OLD => {
                let mut slot = 0;
                let (ptr, pty) = self.value_type_pair(&mut slot)?;
                let pointee = self.pointee(pty)?;
                let value = if code == code::STORE {
                    let (value, vty) = self.value_type_pair(&mut slot)?;
                    if vty != pointee {
                        return Err(self.err("stored value does not match the pointer type"));
                    }
                    value
                } else {
                    self.typed_value(&mut slot, pointee)?
                };
                self.expect_len(slot.saturating_add(2))?;
                let align =
                    decode_align(self.op(slot)?).ok_or_else(|| self.err("invalid alignment"))?;
                let volatile = self.op(slot.saturating_add(1))? != 0;
                (
                    InstKind::Store {
                        ptr,
                        value,
                        align,
                        volatile,
                    },
                    void,
                )
            }
            code::CMPXCHG => {
                let mut slot = 0;
                let (ptr, pty) = self.value_type_pair(&mut slot)?;
                let pointee = self.pointee(pty)?;
                let (cmp, cty) = self.value_type_pair(&mut slot)?;
                if cty != pointee {
                    return Err(self.err("cmpxchg operand does not match the pointer type"));
                }
                let new = self.typed_value(&mut slot, cty)?;
                if self.ops.len() != slot.saturating_add(5) {
                    return Err(self.unsupported(
                        "cmpxchg without failure ordering and weak flag (pre-3.5 bitcode)",
                    ));
                }
                let volatile = self.op(slot)? != 0;
                let success = Ordering::decode(self.op(slot.saturating_add(1))?);
                let failure = Ordering::decode(self.op(slot.saturating_add(3))?);
                let weak = self.op(slot.saturating_add(4))? != 0;
                let i1 = self.int_type(1);
                let ty = self.module.types.pair(cty, i1);
                (
                    InstKind::CmpXchg {
                        ptr,
                        cmp,
                        new,
                        success,
                        failure,
                        volatile,
                        weak,
                    },
                    ty,
                )
            }
            code::ATOMICRMW => {
                let mut slot = 0;
                let (ptr, pty) = self.value_type_pair(&mut slot)?;
                let pointee = self.pointee(pty)?;
                let value = self.typed_value(&mut slot, pointee)?;
                self.expect_len(slot.saturating_add(4))?;
                let op = RmwOp::decode(self.op(slot)?)
                    .ok_or_else(|| self.err("unknown atomicrmw operator"))?;
                let volatile = self.op(slot.saturating_add(1))? != 0;
                let ordering = Ordering::decode(self.op(slot.saturating_add(2))?);
                let single_thread = self.op(slot.saturating_add(3))? == 0;
                (
                    InstKind::AtomicRmw {
                        op,
                        ptr,
                        value,
                        ordering,
                        volatile,
                        single_thread,
                    },
                    pointee,
                )
            }
            code::FENCE => {
                self.expect_len(2)?;
                let ordering = Ordering::decode(self.op(0)?);
                (
                    InstKind::Fence {
                        ordering,
                        single_thread: self.op(1)? == 0,
                    },
                    void,
                )
            }
            code::CALL => self.read_call()?,
            code::EXTRACTVAL | code::INSERTVAL => self.read_aggregate_op(code)?,
            code::INVOKE
            | code::RESUME
            | code::LANDINGPAD
            | code::LANDINGPAD_OLD
            | code::INDIRECTBR
            | code::VAARG
            | code::LOADATOMIC
            | code::STOREATOMIC
            | code::STOREATOMIC_OLD
            | code::CMPXCHG_OLD => {
                return Err(self.unsupported(format!(
                    "instruction record code {code} (not valid in DXIL)"
                )));
            }
            other => return Err(self.err(format!("unknown instruction record code {other}"))),
        };
        self.push_inst(func, body, kind, ty, void)
    }

    fn push_inst(
        &mut self,
        func: FuncId,
        body: &mut Body,
        kind: InstKind,
        ty: TypeId,
        void: TypeId,
    ) -> Result<()> {
        let index =
            u32::try_from(body.insts.len()).map_err(|_| self.err("too many instructions"))?;
        let Some(block) = body.blocks.get_mut(body.current) else {
            return Err(self.err("instruction after the last block's terminator"));
        };
        if matches!(kind, InstKind::Phi { .. }) {
            // As LLVM's verifier: phis lead their block, and the entry
            // block (no predecessors) has none.
            if body.current == 0 {
                return Err(self.err("phi in the entry block"));
            }
            if block.len > 0
                && !matches!(body.insts.last(), Some(i) if matches!(i.kind, InstKind::Phi { .. }))
            {
                return Err(self.err(format!(
                    "phi after a non-phi instruction in block {}",
                    body.current
                )));
            }
        }
        if block.len == 0 {
            block.start = index;
        }
        // `len <= index`, a `u32`, and `current` is a block index: no
        // saturation.
        block.len = block.len.saturating_add(1);
        if kind.is_terminator() {
            body.current = body.current.saturating_add(1);
        }
        let result = if ty == void {
            None
        } else {
            let id = ValueId(
                u32::try_from(self.module.values.len()).map_err(|_| self.err("too many values"))?,
            );
            self.module.values.push(Value {
                ty,
                kind: ValueKind::Inst { func, inst: index },
                name: StrRange::EMPTY,
            });
            Some(id)
        };
        body.insts.push(Inst {
            kind,
            ty,
            result,
            metadata: ListRange::EMPTY,
        });
        Ok(())
    }

    /// The index operand of extractelement/insertelement: a scalar integer.
    fn element_index(&mut self, slot: &mut usize) -> Result<ValueId> {
        let (index, ty) = self.value_type_pair(slot)?;
        match self.module.types.ty(ty) {
            Type::Int(_) => Ok(index),
            _ => Err(self.err("vector element index is not a scalar integer")),
        }
    }

    fn pointee(&self, ty: TypeId) -> Result<TypeId> {
        self.module
            .types
            .pointee(ty)
            .map(|(p, _)| p)
            .ok_or_else(|| self.err("operand is not a pointer"))
    }

    fn vector_element(&self, ty: TypeId) -> Result<TypeId> {
        match self.module.types.ty(ty) {
            Type::Vector { elem, .. } => Ok(elem),
            _ => Err(self.err("operand is not a vector")),
        }
    }

    /// GEP: [inbounds, source type, base pair, index pairs...]; the old
    /// forms have no explicit source type.
    fn read_gep(&mut self, code: u32) -> Result<(InstKind, TypeId)> {
        let mut slot = 0;
        let (inbounds, explicit) = if code == code::GEP {
            slot = 2;
            (self.op(0)? != 0, Some(self.type_at(1)?))
        } else {
            (code == code::INBOUNDS_GEP_OLD, None)
        };
        let (base, base_ty) = self.value_type_pair(&mut slot)?;
        let Some((pointee, addr_space)) = self.module.types.pointee(base_ty) else {
            return Err(self.unsupported("getelementptr on a vector of pointers"));
        };
        let source = match explicit {
            Some(e) if e != pointee => {
                return Err(self.err("getelementptr type does not match its base pointer"))
            }
            Some(e) => e,
            None => pointee,
        };
        let mut operands: SmallVec<[u32; 8]> = SmallVec::new();
        operands.push(base.0);
        let mut current = source;
        let mut first = true;
        while slot < self.ops.len() {
            let (index, index_ty) = self.value_type_pair(&mut slot)?;
            if self.module.types.int_width(index_ty).is_none() {
                return Err(self.err("getelementptr index is not an integer"));
            }
            operands.push(index.0);
            if first {
                first = false;
                continue;
            }
            current = match self.module.types.ty(current) {
                Type::Struct { .. } => {
                    let field = self
                        .module
                        .const_uint(index)
                        .ok_or_else(|| self.err("struct index is not a constant"))?;
                    self.module
                        .types
                        .member(current, field)
                        .ok_or_else(|| self.err("struct index out of range"))?
                }
                Type::Array { elem, .. } | Type::Vector { elem, .. } => elem,
                _ => return Err(self.err("getelementptr indexes into a non-aggregate type")),
            };
        }
        let ty = self.module.types.pointer_to(current, addr_space);
        Ok((
            InstKind::Gep {
                inbounds,
                source,
                operands: self.push_list(&operands),
            },
            ty,
        ))
    }

    /// SWITCH: [type, cond, default, (case value id, block)...]; case values
    /// are absolute ids of integer constants.
    fn read_switch(&mut self, body: &Body, void: TypeId) -> Result<(InstKind, TypeId)> {
        if self.op(0)? >> 16 == 0x4B5 {
            return Err(self.unsupported("switch with case ranges"));
        }
        if self.ops.len() < 3 || self.ops.len() % 2 == 0 {
            return Err(self.err("switch record has an odd shape"));
        }
        let ty = self.type_at(0)?;
        if self.module.types.int_width(ty).is_none() || self.module.types.vector_len(ty).is_some() {
            return Err(self.err("switch on a non-integer value"));
        }
        let mut slot = 1;
        let value = self.typed_value(&mut slot, ty)?;
        let default = self.block_ref(2, body)?;
        let mut cases: SmallVec<[u32; 16]> = SmallVec::new();
        let mut i = 3usize;
        while i.saturating_add(1) < self.ops.len() {
            let case = self.value_ref(self.op(i)?, Some(ty))?;
            if self.module.const_uint(case).is_none() {
                return Err(self.err("switch case is not an integer constant"));
            }
            cases.push(case.0);
            cases.push(self.block_ref(i.saturating_add(1), body)?.0);
            i = i.saturating_add(2);
        }
        Ok((
            InstKind::Switch {
                value,
                default,
                cases: self.push_list(&cases),
            },
            void,
        ))
    }

    /// CALL: [attrs, cc (bit 15: explicit type), fnty?, callee pair, args...]
    fn read_call(&mut self) -> Result<(InstKind, TypeId)> {
        let attrs = self.op32(0)?;
        let cc = self.op(1)?;
        let mut slot = 2;
        let explicit = if cc >> 15 & 1 == 1 {
            slot = 3;
            Some(self.type_at(2)?)
        } else {
            None
        };
        let (callee, callee_ty) = self.value_type_pair(&mut slot)?;
        let fty = self.pointee(callee_ty)?;
        if explicit.is_some_and(|e| e != fty) {
            return Err(self.err("call type does not match the callee"));
        }
        let Type::Function {
            ret,
            params,
            vararg,
        } = self.module.types.ty(fty)
        else {
            return Err(self.err("callee is not a function"));
        };
        // The arguments go straight to the list pool (nothing else is
        // added to it while they are read).
        let start = self.module.lists.len();
        // By index: the parameter list lives in the type table, which the
        // operand reads below borrow mutably.
        for i in 0..params.len as usize {
            let Some(&param) = self.module.types.members(params).get(i) else {
                break;
            };
            if matches!(self.module.types.get(param), Some(Type::Label)) {
                return Err(self.unsupported("call with a label argument"));
            }
            let arg = self.typed_value(&mut slot, param)?;
            self.module.lists.push(arg.0);
        }
        if vararg {
            while slot < self.ops.len() {
                let (arg, _) = self.value_type_pair(&mut slot)?;
                self.module.lists.push(arg.0);
            }
        } else {
            self.expect_len(slot)?;
        }
        let len = self.module.lists.len().saturating_sub(start);
        Ok((
            InstKind::Call {
                callee,
                args: ListRange::new(start, len),
                attrs,
            },
            ret,
        ))
    }

    /// EXTRACTVAL: [agg pair, indices...]; INSERTVAL: [agg pair, value pair,
    /// indices...].
    fn read_aggregate_op(&mut self, code: u32) -> Result<(InstKind, TypeId)> {
        let mut slot = 0;
        let (aggregate, agg_ty) = self.value_type_pair(&mut slot)?;
        let inserted = if code == code::INSERTVAL {
            Some(self.value_type_pair(&mut slot)?)
        } else {
            None
        };
        if slot >= self.ops.len() {
            return Err(self.err("extractvalue/insertvalue without indices"));
        }
        let mut indices: SmallVec<[u32; 4]> = SmallVec::new();
        let mut current = agg_ty;
        while slot < self.ops.len() {
            let index = self.op(slot)?;
            slot = slot.saturating_add(1);
            current = match self.module.types.ty(current) {
                Type::Struct { .. } | Type::Array { .. } => self
                    .module
                    .types
                    .member(current, index)
                    .ok_or_else(|| self.err("aggregate index out of range"))?,
                _ => return Err(self.err("aggregate index into a non-aggregate type")),
            };
            indices
                .push(u32::try_from(index).map_err(|_| self.err("aggregate index out of range"))?);
        }
        let indices = self.push_list(&indices);
        Ok(match inserted {
            None => (InstKind::ExtractValue { aggregate, indices }, current),
            Some((value, vty)) => {
                if vty != current {
                    return Err(self.err("inserted value does not match the aggregate member"));
                }
                (
                    InstKind::InsertValue {
                        aggregate,
                        value,
                        indices,
                    },
                    agg_ty,
                )
            }
        })
    }
}

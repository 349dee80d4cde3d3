//! The MODULE block: globals, function prototypes, attributes, symbol table.

use super::{block, Reader};
use crate::bitstream::Entry;
use crate::error::Result;
use crate::ir::module::{
    Attribute, AttributeGroup, FuncId, Function, Global, GlobalId, Linkage, Value, ValueId,
    ValueKind,
};
use crate::ir::types::Type;
use crate::ir::{BlockId, ListRange, StrRange};

mod code {
    pub const VERSION: u32 = 1;
    pub const TRIPLE: u32 = 2;
    pub const DATALAYOUT: u32 = 3;
    pub const GLOBALVAR: u32 = 7;
    pub const FUNCTION: u32 = 8;
    pub const ALIAS_OLD: u32 = 9;
    pub const ALIAS: u32 = 14;
    pub const VST_ENTRY: u32 = 1;
    pub const VST_BBENTRY: u32 = 2;
    pub const PARAMATTR_ENTRY: u32 = 2;
    pub const PARAMATTR_GRP_ENTRY: u32 = 3;
}

/// Decodes an alignment exponent (stored plus one; 0 = default).
pub(super) fn decode_align(exponent: u64) -> Option<u32> {
    match exponent {
        0 => Some(0),
        1..=30 => Some(1u32 << exponent.saturating_sub(1)),
        _ => None,
    }
}

impl Reader<'_> {
    pub(super) fn read_module_block(&mut self) -> Result<()> {
        loop {
            let abbrev = match self.next_entry()? {
                Entry::EndBlock => break,
                Entry::SubBlock(id) => {
                    self.read_module_sub_block(id)?;
                    continue;
                }
                Entry::Record(a) => a,
            };
            let code = self.read_record_text(abbrev, |code| {
                matches!(code, code::TRIPLE | code::DATALAYOUT).then_some(0)
            })?;
            match code {
                code::VERSION => {
                    self.relative_ids = match self.op(0)? {
                        0 => false,
                        1 => true,
                        v => return Err(self.unsupported(format!("bitcode module version {v}"))),
                    }
                }
                code::TRIPLE => self.module.triple = self.text_string(),
                code::DATALAYOUT => self.module.datalayout = self.text_string(),
                code::GLOBALVAR => self.read_global_var()?,
                code::FUNCTION => self.read_function_proto()?,
                code::ALIAS | code::ALIAS_OLD => return Err(self.unsupported("global aliases")),
                _ => {}
            }
        }
        if self.next_body != self.bodies.len() {
            return Err(self.err(format!(
                "{} functions are defined but only {} bodies were found",
                self.bodies.len(),
                self.next_body
            )));
        }
        self.check_initializers()
    }

    fn read_module_sub_block(&mut self, id: u32) -> Result<()> {
        match id {
            block::TYPE => {
                self.bs.enter_block(id)?;
                self.read_type_block()
            }
            block::PARAMATTR => {
                self.bs.enter_block(id)?;
                self.read_paramattr_block()
            }
            block::PARAMATTR_GROUP => {
                self.bs.enter_block(id)?;
                self.read_paramattr_group_block()
            }
            block::CONSTANTS => {
                self.bs.enter_block(id)?;
                self.read_constants_block()?;
                self.resolve_forward_refs()
            }
            block::METADATA => {
                self.bs.enter_block(id)?;
                if !self.in_function && !self.module_values_known {
                    self.module_values = self.module.values.len() as u32;
                    self.module_values_known = true;
                }
                self.read_metadata_block_cached()?;
                self.module_mds = self.module.metadata.nodes.len() as u32;
                Ok(())
            }
            block::VALUE_SYMTAB => {
                self.bs.enter_block(id)?;
                self.read_symbol_table(None)
            }
            block::FUNCTION => {
                self.bs.enter_block(id)?;
                let Some(&func) = self.bodies.get(self.next_body) else {
                    return Err(self.err("function body without a matching function definition"));
                };
                // Indexes `bodies`, checked just above.
                self.next_body = self.next_body.saturating_add(1);
                self.read_function_body(func)
            }
            _ => self.bs.skip_block(),
        }
    }

    fn push_value(&mut self, value: Value) -> Result<ValueId> {
        let id =
            u32::try_from(self.module.values.len()).map_err(|_| self.err("too many values"))?;
        self.module.values.push(value);
        Ok(ValueId(id))
    }

    /// GLOBALVAR: [pointer type, isconst|explicit<<1|addrspace<<2, initid+1,
    /// linkage, alignment, section, ...]
    fn read_global_var(&mut self) -> Result<()> {
        if self.ops.len() < 6 {
            return Err(self.err("global variable record too short"));
        }
        let ty = self.type_at(0)?;
        let flags = self.op(1)?;
        let (value_type, addr_space) = if flags & 2 != 0 {
            (
                ty,
                u32::try_from(flags >> 2).map_err(|_| self.err("address space out of range"))?,
            )
        } else {
            self.module
                .types
                .pointee(ty)
                .ok_or_else(|| self.err("global variable type is not a pointer"))?
        };
        let init = self.op(2)?;
        let linkage = Linkage::decode(self.op(3)?);
        let align = decode_align(self.op(4)?).ok_or_else(|| self.err("invalid alignment"))?;
        let pointer = self.module.types.pointer_to(value_type, addr_space);
        let gid = GlobalId(self.module.globals.len() as u32);
        let value = self.push_value(Value {
            ty: pointer,
            kind: ValueKind::Global(gid),
            name: StrRange::EMPTY,
        })?;
        // Stored plus one; 0 = no initializer.
        if let Some(init) = init.checked_sub(1) {
            self.pending_inits.push((gid.0, init));
        }
        self.module.globals.push(Global {
            value,
            value_type,
            addr_space,
            is_constant: flags & 1 != 0,
            initializer: None,
            linkage,
            align,
        });
        Ok(())
    }

    /// FUNCTION: [type, callingconv, isproto, linkage, paramattr, alignment, ...]
    fn read_function_proto(&mut self) -> Result<()> {
        if self.ops.len() < 8 {
            return Err(self.err("function record too short"));
        }
        let mut ty = self.type_at(0)?;
        if let Some((pointee, _)) = self.module.types.pointee(ty) {
            ty = pointee;
        }
        if !matches!(self.module.types.ty(ty), Type::Function { .. }) {
            return Err(self.err("function record does not have a function type"));
        }
        let is_declaration = self.op(2)? != 0;
        let linkage = Linkage::decode(self.op(3)?);
        let attrs = self.op32(4)?;
        let pointer = self.module.types.pointer_to(ty, 0);
        let fid = FuncId(self.module.functions.len() as u32);
        let value = self.push_value(Value {
            ty: pointer,
            kind: ValueKind::Function(fid),
            name: StrRange::EMPTY,
        })?;
        self.module.functions.push(Function {
            value,
            ty,
            is_declaration,
            linkage,
            attrs,
            first_arg: ValueId(0),
            num_args: 0,
            blocks: Vec::new(),
            insts: Vec::new(),
            metadata: ListRange::EMPTY,
        });
        if !is_declaration {
            self.bodies.push(fid);
        }
        Ok(())
    }

    fn check_initializers(&mut self) -> Result<()> {
        let pending = std::mem::take(&mut self.pending_inits);
        for (gid, init) in pending {
            let init_id = u32::try_from(init)
                .ok()
                .filter(|&i| i < self.module_values.max(self.module.values.len() as u32));
            let Some(init_id) = init_id else {
                return Err(self.err(format!(
                    "global initializer refers to value {init}, which does not exist"
                )));
            };
            let init_value = ValueId(init_id);
            let ok = matches!(
                self.module.values.get(init_id as usize).map(|v| v.kind),
                Some(ValueKind::Constant(_) | ValueKind::Global(_) | ValueKind::Function(_))
            );
            let expected = self.module.globals.get(gid as usize).map(|g| g.value_type);
            if !ok || self.type_of(init_value) != expected {
                return Err(self.err(format!(
                    "global initializer {init} is not a constant of the variable's type"
                )));
            }
            if let Some(g) = self.module.globals.get_mut(gid as usize) {
                g.initializer = Some(init_value);
            }
        }
        Ok(())
    }

    fn read_paramattr_block(&mut self) -> Result<()> {
        if self.module.attribute_sets.is_empty() {
            self.module.attribute_sets.push(ListRange::EMPTY);
        }
        loop {
            let abbrev = match self.next_entry()? {
                Entry::EndBlock => return Ok(()),
                Entry::SubBlock(_) => {
                    self.bs.skip_block()?;
                    continue;
                }
                Entry::Record(a) => a,
            };
            if self.read_record(abbrev)? == code::PARAMATTR_ENTRY {
                let start = self.module.lists.len();
                for i in 0..self.ops.len() {
                    let group = self.op32(i)?;
                    self.module.lists.push(group);
                }
                let groups = ListRange::new(start, self.ops.len());
                self.module.attribute_sets.push(groups);
            }
        }
    }

    /// ENTRY: [grpid, idx, kind0, attr0, ...] with kinds 0 enum, 1 integer,
    /// 3 string, 4 string with value (strings NUL-terminated).
    fn read_paramattr_group_block(&mut self) -> Result<()> {
        loop {
            let abbrev = match self.next_entry()? {
                Entry::EndBlock => return Ok(()),
                Entry::SubBlock(_) => {
                    self.bs.skip_block()?;
                    continue;
                }
                Entry::Record(a) => a,
            };
            if self.read_record(abbrev)? != code::PARAMATTR_GRP_ENTRY {
                continue;
            }
            let id = self.op32(0)?;
            let index = self.op32(1)?;
            let first = self.module.attributes.len();
            // `i` stays at most one past the record's end (each operand is
            // read before it is stepped over): no saturation.
            let mut i = 2;
            while i < self.ops.len() {
                let kind = self.op(i)?;
                i = i.saturating_add(1);
                match kind {
                    0 => {
                        let attr = Attribute::Enum(self.op32(i)?);
                        self.module.attributes.push(attr);
                        i = i.saturating_add(1);
                    }
                    1 => {
                        let attr = Attribute::Int(self.op32(i)?, self.op(i.saturating_add(1))?);
                        self.module.attributes.push(attr);
                        i = i.saturating_add(2);
                    }
                    3 | 4 => {
                        let (key, after) = self.nul_string(i)?;
                        i = after;
                        let value = if kind == 4 {
                            let (value, after) = self.nul_string(i)?;
                            i = after;
                            value
                        } else {
                            StrRange::EMPTY
                        };
                        self.module.attributes.push(Attribute::String(key, value));
                    }
                    other => return Err(self.err(format!("unknown attribute encoding {other}"))),
                }
            }
            self.module.attribute_groups.push(AttributeGroup {
                id,
                index,
                attrs: ListRange::new(first, self.module.attributes.len().saturating_sub(first)),
            });
        }
    }

    /// A NUL-terminated string of record operands starting at `start`;
    /// returns it and the index after the NUL.
    fn nul_string(&mut self, start: usize) -> Result<(StrRange, usize)> {
        let tail = self.ops.get(start..).unwrap_or(&[]);
        let Some(len) = tail.iter().position(|&c| c == 0) else {
            return Err(self.err("attribute string without a terminating NUL"));
        };
        // The NUL at `start + len` is an operand: no overflow.
        let end = start.saturating_add(len);
        let s = self.ops_substring(start, end)?;
        Ok((s, end.saturating_add(1)))
    }

    /// VALUE_SYMTAB: names of values (and of blocks inside a function).
    pub(super) fn read_symbol_table(&mut self, func: Option<FuncId>) -> Result<()> {
        loop {
            let abbrev = match self.next_entry()? {
                Entry::EndBlock => return Ok(()),
                Entry::SubBlock(_) => {
                    self.bs.skip_block()?;
                    continue;
                }
                Entry::Record(a) => a,
            };
            let text_at = |code| matches!(code, code::VST_ENTRY | code::VST_BBENTRY).then_some(1);
            match self.read_record_text(abbrev, text_at)? {
                code::VST_ENTRY => {
                    let id = self.op32(0)?;
                    let value = self
                        .map_value_id(id)
                        .filter(|v| (v.0 as usize) < self.module.values.len());
                    let Some(value) = value else {
                        return Err(self.err(format!(
                            "symbol table names value {id}, which does not exist"
                        )));
                    };
                    let name = self.text_string();
                    if let Some(v) = self.module.values.get_mut(value.0 as usize) {
                        v.name = name;
                    }
                }
                code::VST_BBENTRY => {
                    let block = BlockId(self.op32(0)?);
                    let name = self.text_string();
                    let slot = func
                        .and_then(|f| self.module.functions.get_mut(f.0 as usize))
                        .and_then(|f| f.blocks.get_mut(block.0 as usize));
                    match slot {
                        Some(b) => b.name = name,
                        None => {
                            return Err(self.err(format!(
                                "symbol table names block {}, which does not exist",
                                block.0
                            )))
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

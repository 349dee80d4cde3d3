//! The TYPE_BLOCK_ID_NEW block.

use super::Reader;
use crate::bitstream::Entry;
use crate::error::Result;
use crate::ir::types::{NestingError, Type, TypeId, MAX_TYPE_DEPTH};
use crate::ir::{ListRange, StrRange};

mod code {
    pub const NUMENTRY: u32 = 1;
    pub const VOID: u32 = 2;
    pub const FLOAT: u32 = 3;
    pub const DOUBLE: u32 = 4;
    pub const LABEL: u32 = 5;
    pub const OPAQUE: u32 = 6;
    pub const INTEGER: u32 = 7;
    pub const POINTER: u32 = 8;
    pub const FUNCTION_OLD: u32 = 9;
    pub const HALF: u32 = 10;
    pub const ARRAY: u32 = 11;
    pub const VECTOR: u32 = 12;
    pub const METADATA: u32 = 16;
    pub const STRUCT_ANON: u32 = 18;
    pub const STRUCT_NAME: u32 = 19;
    pub const STRUCT_NAMED: u32 = 20;
    pub const FUNCTION: u32 = 21;
}

/// A slot of the type table before it is defined: an identified opaque
/// struct, which is what a forward reference can only be.
const UNDEFINED: Type = Type::Struct {
    name: StrRange::EMPTY,
    elements: ListRange::EMPTY,
    packed: false,
    opaque: true,
    identified: true,
};

impl Reader<'_> {
    pub(super) fn read_type_block(&mut self) -> Result<()> {
        if !self.module.types.is_empty() {
            return Err(self.err("more than one type table"));
        }
        let mut declared: Option<usize> = None;
        let mut next = 0usize;
        let mut forward_referenced: Vec<bool> = Vec::new();
        let mut pending_name = StrRange::EMPTY;
        loop {
            let abbrev = match self.next_entry()? {
                Entry::EndBlock => break,
                Entry::SubBlock(_) => {
                    self.bs.skip_block()?;
                    continue;
                }
                Entry::Record(a) => a,
            };
            let code =
                self.read_record_text(abbrev, |code| (code == code::STRUCT_NAME).then_some(0))?;
            let ty = match code {
                code::NUMENTRY => {
                    if declared.is_some() {
                        return Err(self.err("type table declares its size twice"));
                    }
                    let n = self.check_count(self.op(0)?, "type")?;
                    // DXIL's aggregates and signatures are small: about two
                    // members a type, and never more than the input holds.
                    let members = n.saturating_mul(2).min(self.input_len / 4);
                    self.module.types.reserve(n, members);
                    self.module.types.push_copies(UNDEFINED, n);
                    forward_referenced = vec![false; n];
                    declared = Some(n);
                    continue;
                }
                code::VOID => Type::Void,
                code::HALF => Type::Half,
                code::FLOAT => Type::Float,
                code::DOUBLE => Type::Double,
                code::LABEL => Type::Label,
                code::METADATA => Type::Metadata,
                code::INTEGER => {
                    let width = self.op(0)?;
                    if !(1..=64).contains(&width) {
                        return Err(self.unsupported(format!(
                            "integer type of {width} bits (1 to 64 supported)"
                        )));
                    }
                    Type::Int(width as u32)
                }
                code::POINTER => {
                    let pointee = self.type_ref(0, next, &mut forward_referenced)?;
                    let addr_space = if self.ops.len() >= 2 {
                        self.op32(1)?
                    } else {
                        0
                    };
                    Type::Pointer {
                        pointee,
                        addr_space,
                    }
                }
                code::FUNCTION | code::FUNCTION_OLD => {
                    let (first, params_at) = if code == code::FUNCTION {
                        (1, 2)
                    } else {
                        (2, 3)
                    };
                    let vararg = self.op(0)? != 0;
                    let ret = self.type_ref(first, next, &mut forward_referenced)?;
                    let params = self.type_list(params_at, next, &mut forward_referenced)?;
                    Type::Function {
                        ret,
                        params,
                        vararg,
                    }
                }
                code::STRUCT_ANON => {
                    let packed = self.op(0)? != 0;
                    let elements = self.type_list(1, next, &mut forward_referenced)?;
                    Type::Struct {
                        name: StrRange::EMPTY,
                        elements,
                        packed,
                        opaque: false,
                        identified: false,
                    }
                }
                code::STRUCT_NAME => {
                    pending_name = self.text_string();
                    continue;
                }
                code::STRUCT_NAMED => {
                    let packed = self.op(0)? != 0;
                    let elements = self.type_list(1, next, &mut forward_referenced)?;
                    let name = std::mem::replace(&mut pending_name, StrRange::EMPTY);
                    Type::Struct {
                        name,
                        elements,
                        packed,
                        opaque: false,
                        identified: true,
                    }
                }
                code::OPAQUE => {
                    let name = std::mem::replace(&mut pending_name, StrRange::EMPTY);
                    Type::Struct {
                        name,
                        elements: ListRange::EMPTY,
                        packed: false,
                        opaque: true,
                        identified: true,
                    }
                }
                code::ARRAY => {
                    let len = self.op(0)?;
                    let elem = self.type_ref(1, next, &mut forward_referenced)?;
                    Type::Array { len, elem }
                }
                code::VECTOR => {
                    let len = self.op32(0)?;
                    if len == 0 {
                        return Err(self.err("vector type with zero elements"));
                    }
                    let elem = self.type_ref(1, next, &mut forward_referenced)?;
                    Type::Vector { len, elem }
                }
                other => {
                    return Err(self.unsupported(format!(
                        "type record code {other} (x86/PPC float types are not DXIL)"
                    )))
                }
            };
            let Some(total) = declared else {
                return Err(self.err("type record before the type table size (NUMENTRY)"));
            };
            if next >= total {
                return Err(self.err(format!("more type records than the {total} declared")));
            }
            let was_forward = forward_referenced.get(next).copied().unwrap_or(false);
            if was_forward
                && !matches!(
                    ty,
                    Type::Struct {
                        identified: true,
                        ..
                    }
                )
            {
                return Err(self.err(format!(
                    "type {next} was referenced before its definition but is not a named struct"
                )));
            }
            self.module.types.set(TypeId(next as u32), ty);
            // One per type record: no saturation.
            next = next.saturating_add(1);
        }
        match declared {
            Some(total) if total == next => self
                .module
                .types
                .check_nesting(MAX_TYPE_DEPTH)
                .map_err(|e| {
                    self.err(match e {
                        NestingError::Recursive(t) => format!("type {} contains itself", t.0),
                        NestingError::TooDeep(t) => {
                            format!("type {} nests deeper than {MAX_TYPE_DEPTH} levels", t.0)
                        }
                    })
                }),
            Some(total) => Err(self.err(format!(
                "type table declares {total} types but defines {next}"
            ))),
            None => Ok(()),
        }
    }

    /// A type id operand inside the type table; ids past the current entry
    /// are forward references (named structs only, checked on definition).
    #[inline]
    fn type_ref(&self, index: usize, next: usize, forward: &mut [bool]) -> Result<TypeId> {
        let id = self.op(index)?;
        let slot = usize::try_from(id)
            .ok()
            .filter(|&i| i < self.module.types.len());
        match slot {
            Some(i) => {
                if i >= next {
                    if let Some(flag) = forward.get_mut(i) {
                        *flag = true;
                    }
                }
                Ok(TypeId(i as u32))
            }
            None => Err(self.err(format!("type id {id} out of range"))),
        }
    }

    /// The type id operands from `start` on (see [`Self::type_ref`]),
    /// checked in one pass and stored as a member list.
    fn type_list(&mut self, start: usize, next: usize, forward: &mut [bool]) -> Result<ListRange> {
        let ids = self.ops.get(start..).unwrap_or(&[]);
        let len = self.module.types.len() as u64;
        if let Some(&id) = ids.iter().find(|&&id| id >= len) {
            return Err(self.err(format!("type id {id} out of range")));
        }
        // Ids past the current entry are forward references.
        for &id in ids.iter().filter(|&&id| id >= next as u64) {
            if let Some(flag) = forward.get_mut(id as usize) {
                *flag = true;
            }
        }
        // Every id is below the table's length, a `u32`.
        let members = ids.iter().map(|&id| TypeId(id as u32));
        Ok(self.module.types.push_members_from(members))
    }

    /// A type id operand outside the type table.
    #[inline]
    pub(super) fn type_at(&self, index: usize) -> Result<TypeId> {
        let id = self.op(index)?;
        match usize::try_from(id)
            .ok()
            .filter(|&i| i < self.module.types.len())
        {
            Some(i) => Ok(TypeId(i as u32)),
            None => Err(self.err(format!("type id {id} out of range"))),
        }
    }
}

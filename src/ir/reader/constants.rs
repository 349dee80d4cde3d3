//! The CONSTANTS block (module level and inside function bodies).

use super::Reader;
use crate::bitstream::Entry;
use crate::error::Result;
use crate::ir::inst::{BinOp, CastOp, Predicate};
use crate::ir::module::{Constant, Value, ValueKind};
use crate::ir::types::{Type, TypeId};
use crate::ir::{ListRange, StrRange};
use smallvec::SmallVec;

mod code {
    pub const SETTYPE: u32 = 1;
    pub const NULL: u32 = 2;
    pub const UNDEF: u32 = 3;
    pub const INTEGER: u32 = 4;
    pub const WIDE_INTEGER: u32 = 5;
    pub const FLOAT: u32 = 6;
    pub const AGGREGATE: u32 = 7;
    pub const STRING: u32 = 8;
    pub const CSTRING: u32 = 9;
    pub const CE_BINOP: u32 = 10;
    pub const CE_CAST: u32 = 11;
    pub const CE_GEP: u32 = 12;
    pub const CE_SELECT: u32 = 13;
    pub const CE_EXTRACTELT: u32 = 14;
    pub const CE_CMP: u32 = 17;
    pub const CE_INBOUNDS_GEP: u32 = 20;
    pub const DATA: u32 = 22;
}

/// Decodes a sign-rotated VBR value (sign in the low bit).
pub(super) fn decode_signed(v: u64) -> i64 {
    if v & 1 == 0 {
        (v >> 1) as i64
    } else if v != 1 {
        // `v >> 1 <= i64::MAX`: the negation never wraps (LLVM negates
        // the unsigned value).
        ((v >> 1) as i64).wrapping_neg()
    } else {
        i64::MIN
    }
}

/// Truncates a value to `width` bits.
pub(super) fn truncate(v: u64, width: u32) -> u64 {
    if width >= 64 {
        v
    } else {
        v & !(u64::MAX << width)
    }
}

impl Reader<'_> {
    pub(super) fn read_constants_block(&mut self) -> Result<()> {
        let mut cur = self.module.types.intern(Type::Int(32));
        loop {
            let abbrev = match self.next_entry()? {
                Entry::EndBlock => return Ok(()),
                Entry::SubBlock(_) => {
                    self.bs.skip_block()?;
                    continue;
                }
                Entry::Record(a) => a,
            };
            let code = self.read_record(abbrev)?;
            if code == code::SETTYPE {
                cur = self.type_at(0)?;
                if matches!(
                    self.module.types.ty(cur),
                    Type::Void | Type::Label | Type::Metadata | Type::Function { .. }
                ) {
                    return Err(self.err("constant of a type that cannot have constants"));
                }
                continue;
            }
            let constant = self.read_constant(code, cur)?;
            if u32::try_from(self.module.values.len()).is_err() {
                return Err(self.err("too many values"));
            }
            self.module.values.push(Value {
                ty: cur,
                kind: ValueKind::Constant(constant),
                name: StrRange::EMPTY,
            });
        }
    }

    fn read_constant(&mut self, code: u32, cur: TypeId) -> Result<Constant> {
        let types = &self.module.types;
        Ok(match code {
            code::NULL => Constant::Null,
            code::UNDEF => Constant::Undef,
            code::INTEGER => {
                let Type::Int(width) = types.ty(cur) else {
                    return Err(self.err("integer constant of a non-integer type"));
                };
                Constant::Int(truncate(decode_signed(self.op(0)?) as u64, width))
            }
            code::WIDE_INTEGER => {
                return Err(self.unsupported("integer constants wider than 64 bits"))
            }
            code::FLOAT => {
                let bits = self.op(0)?;
                match types.ty(cur) {
                    Type::Half => Constant::Float(bits & 0xffff),
                    Type::Float => Constant::Float(bits & 0xffff_ffff),
                    Type::Double => Constant::Float(bits),
                    _ => return Err(self.err("floating-point constant of a non-float type")),
                }
            }
            code::AGGREGATE => {
                let mut elements: SmallVec<[u32; 16]> = SmallVec::new();
                for i in 0..self.ops.len() {
                    let member = match self.module.types.ty(cur) {
                        Type::Struct { .. } => self.module.types.member(cur, i as u64),
                        Type::Array { .. } | Type::Vector { .. } => self.module.types.element(cur),
                        _ => None,
                    };
                    let Some(member) = member else {
                        return Err(self.err("aggregate constant does not match its type"));
                    };
                    let id = self.op(i)?;
                    elements.push(self.value_ref(id, Some(member))?.0);
                }
                let expected = match self.module.types.ty(cur) {
                    Type::Struct { elements, .. } => u64::from(elements.len),
                    Type::Array { len, .. } => len,
                    Type::Vector { len, .. } => u64::from(len),
                    _ => return Err(self.err("aggregate constant of a non-aggregate type")),
                };
                if elements.len() as u64 != expected {
                    return Err(self.err("aggregate constant has the wrong number of elements"));
                }
                Constant::Aggregate(self.push_list(&elements))
            }
            code::STRING | code::CSTRING => {
                let start = self.module.data.len();
                self.module.data.extend(self.ops.iter().map(|&b| b & 0xff));
                Constant::String {
                    bytes: ListRange::new(start, self.ops.len()),
                    nul_terminated: code == code::CSTRING,
                }
            }
            code::DATA => {
                let elem = types.element(cur).map(|e| types.ty(e));
                let width = match elem {
                    Some(Type::Int(w)) => w,
                    Some(Type::Half) => 16,
                    Some(Type::Float) => 32,
                    Some(Type::Double) => 64,
                    _ => {
                        return Err(
                            self.err("data constant of a type without integer or float elements")
                        )
                    }
                };
                let expected = match types.ty(cur) {
                    Type::Array { len, .. } => len,
                    Type::Vector { len, .. } => u64::from(len),
                    _ => 0,
                };
                if self.ops.len() as u64 != expected {
                    return Err(self.err("data constant has the wrong number of elements"));
                }
                let start = self.module.data.len();
                self.module
                    .data
                    .extend(self.ops.iter().map(|&v| truncate(v, width)));
                Constant::Data(ListRange::new(start, self.ops.len()))
            }
            code::CE_BINOP => {
                let op = BinOp::decode(self.op(0)?, types.is_fp(cur))
                    .ok_or_else(|| self.err("unknown constant binop"))?;
                let lhs = self.value_ref(self.op(1)?, Some(cur))?;
                let rhs = self.value_ref(self.op(2)?, Some(cur))?;
                let flags = self.ops.get(3).copied().unwrap_or(0) as u8;
                Constant::BinOp {
                    op,
                    lhs,
                    rhs,
                    flags,
                }
            }
            code::CE_CAST => {
                let op =
                    CastOp::decode(self.op(0)?).ok_or_else(|| self.err("unknown constant cast"))?;
                let from = self.type_at(1)?;
                self.check_cast(op, from, cur)?;
                let value = self.value_ref(self.op(2)?, Some(from))?;
                Constant::Cast { op, value }
            }
            code::CE_GEP | code::CE_INBOUNDS_GEP => {
                let mut i = 0;
                let explicit = if self.ops.len() % 2 == 1 {
                    i = 1;
                    Some(self.type_at(0)?)
                } else {
                    None
                };
                let mut operands: SmallVec<[u32; 8]> = SmallVec::new();
                // `i < len`: the additions cannot overflow.
                while i < self.ops.len() {
                    let ty = self.type_at(i)?;
                    operands.push(self.value_ref(self.op(i.saturating_add(1))?, Some(ty))?.0);
                    i = i.saturating_add(2);
                }
                let base_ty = match operands.first() {
                    Some(&b) => self.type_of(crate::ir::ValueId(b)),
                    None => return Err(self.err("constant getelementptr without a base")),
                };
                let pointee = base_ty
                    .and_then(|t| self.module.types.pointee(t))
                    .map(|(p, _)| p);
                let source = match (explicit, pointee) {
                    (Some(e), Some(p)) if e == p => e,
                    (None, Some(p)) => p,
                    _ => {
                        return Err(
                            self.err("constant getelementptr type does not match its base pointer")
                        )
                    }
                };
                Constant::Gep {
                    inbounds: code == code::CE_INBOUNDS_GEP,
                    source,
                    operands: self.push_list(&operands),
                }
            }
            code::CE_SELECT => {
                let cond_ty = self.module.types.intern(Type::Int(1));
                let cond = self.value_ref(self.op(0)?, Some(cond_ty))?;
                let if_true = self.value_ref(self.op(1)?, Some(cur))?;
                let if_false = self.value_ref(self.op(2)?, Some(cur))?;
                Constant::Select {
                    cond,
                    if_true,
                    if_false,
                }
            }
            code::CE_EXTRACTELT => {
                let vec_ty = self.type_at(0)?;
                let vector = self.value_ref(self.op(1)?, Some(vec_ty))?;
                let idx_ty = self.type_at(2)?;
                let index = self.value_ref(self.op(3)?, Some(idx_ty))?;
                Constant::ExtractElement { vector, index }
            }
            code::CE_CMP => {
                let ty = self.type_at(0)?;
                let lhs = self.value_ref(self.op(1)?, Some(ty))?;
                let rhs = self.value_ref(self.op(2)?, Some(ty))?;
                let pred = Predicate::decode(self.op(3)?)
                    .ok_or_else(|| self.err("unknown comparison predicate"))?;
                Constant::Cmp { pred, lhs, rhs }
            }
            other => return Err(self.unsupported(format!("constant record code {other}"))),
        })
    }

    /// Stores a list in the module's operand pool.
    pub(super) fn push_list(&mut self, items: &[u32]) -> ListRange {
        let range = ListRange::new(self.module.lists.len(), items.len());
        self.module.lists.extend_from_slice(items);
        range
    }
}

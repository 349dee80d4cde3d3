//! Abbreviation definitions (DEFINE_ABBREV) and their operand encodings.

use super::cursor::Cursor;
use crate::error::Result;
use smallvec::SmallVec;

/// How one operand of an abbreviated record is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbbrevOp {
    /// A constant that takes no bits.
    Literal(u64),
    /// A fixed-width field.
    Fixed(u8),
    /// A variable-width field with chunks of the given width.
    Vbr(u8),
    /// An array: a vbr6 length, then elements encoded by the next operand.
    Array,
    /// A 6-bit character in `[a-zA-Z0-9._]`.
    Char6,
    /// A vbr6 byte length, 32-bit alignment, the bytes, 32-bit alignment.
    Blob,
}

/// One abbreviation: the encodings of a record's operands, code first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Abbrev {
    /// Operand encodings; the first one gives the record code.
    pub ops: SmallVec<[AbbrevOp; 8]>,
}

/// The most operands an abbreviation may declare (LLVM writers use a handful).
const MAX_ABBREV_OPS: u64 = 256;

impl Abbrev {
    /// Reads the body of a DEFINE_ABBREV (after its abbreviation id).
    pub fn read(cursor: &mut Cursor<'_>) -> Result<Abbrev> {
        let start = cursor.pos();
        let count = cursor.read_vbr(5)?;
        if count == 0 || count > MAX_ABBREV_OPS {
            return Err(cursor.error(format!("abbreviation with {count} operands")));
        }
        let mut ops = SmallVec::new();
        for _ in 0..count {
            let is_literal = cursor.read(1)? == 1;
            if is_literal {
                ops.push(AbbrevOp::Literal(cursor.read_vbr(8)?));
                continue;
            }
            let op = match cursor.read(3)? {
                1 => {
                    let width = cursor.read_vbr(5)?;
                    if width > 64 {
                        return Err(cursor.error(format!("fixed field of {width} bits")));
                    }
                    // A zero-width field is a literal zero, as in LLVM.
                    if width == 0 {
                        AbbrevOp::Literal(0)
                    } else {
                        AbbrevOp::Fixed(width as u8)
                    }
                }
                2 => {
                    let width = cursor.read_vbr(5)?;
                    if width == 0 {
                        AbbrevOp::Literal(0)
                    } else if !(2..=32).contains(&width) {
                        return Err(cursor.error(format!("VBR field with chunk width {width}")));
                    } else {
                        AbbrevOp::Vbr(width as u8)
                    }
                }
                3 => AbbrevOp::Array,
                4 => AbbrevOp::Char6,
                5 => AbbrevOp::Blob,
                other => {
                    return Err(
                        cursor.error(format!("unknown abbreviation operand encoding {other}"))
                    )
                }
            };
            ops.push(op);
        }
        let abbrev = Abbrev { ops };
        abbrev.check().map_err(|msg| {
            crate::error::Error::invalid_at_bit(crate::error::Phase::Bitstream, start, msg)
        })?;
        Ok(abbrev)
    }

    /// Structural checks: arrays are last but one and have a scalar element
    /// that consumes bits; blobs are last; the code is not an array or blob.
    fn check(&self) -> std::result::Result<(), &'static str> {
        let n = self.ops.len();
        for (i, op) in self.ops.iter().enumerate() {
            match op {
                AbbrevOp::Array => {
                    // `i < n`: these additions cannot overflow.
                    if i.saturating_add(2) != n {
                        return Err("array operand must be the last but one");
                    }
                    match self.ops.get(i.saturating_add(1)) {
                        Some(AbbrevOp::Fixed(_) | AbbrevOp::Vbr(_) | AbbrevOp::Char6) => {}
                        _ => return Err("array element must be a fixed, VBR or char6 field"),
                    }
                }
                AbbrevOp::Blob if i.saturating_add(1) != n => {
                    return Err("blob operand must be the last")
                }
                _ => {}
            }
        }
        match self.ops.first() {
            Some(AbbrevOp::Array | AbbrevOp::Blob) => Err("record code cannot be an array or blob"),
            _ => Ok(()),
        }
    }
}

/// Decodes a char6 value.
#[inline]
pub fn decode_char6(v: u64) -> u8 {
    const CHAR6: &[u8; 64] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._";
    usize::try_from(v)
        .ok()
        .and_then(|i| CHAR6.get(i))
        .copied()
        .unwrap_or(b'_')
}

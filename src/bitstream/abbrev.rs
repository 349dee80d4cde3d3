//! Abbreviation definitions (DEFINE_ABBREV) and their operand encodings.

use super::cursor::{vbr_in_word, Cursor, FAST_BITS};
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

/// What follows an abbreviation's scalar operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tail {
    /// Nothing: the record is its scalars.
    None,
    /// An array of elements with this (scalar) encoding.
    Array(AbbrevOp),
    /// A blob.
    Blob,
}

/// An abbreviation as it is defined: where its scalar operands (code
/// first) lie in its table, and what follows them, so that decoding a
/// record does not take its operand list apart again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    /// The scalar operands, code first, are `start..end` of the table's
    /// `ops`.
    pub start: u32,
    /// See `start`.
    pub end: u32,
    /// What follows the scalars.
    pub tail: Tail,
}

/// A list of abbreviations: each one's shape, and the encodings of their
/// scalar operands in one flat pool. The pools are inline up to the size LLVM writers need
/// for one block (a dozen abbreviations of a few operands), so that
/// defining them allocates nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct AbbrevTable {
    /// Scalar operand encodings of every abbreviation, one after the other.
    ops: SmallVec<[AbbrevOp; 32]>,
    /// Each abbreviation.
    shapes: SmallVec<[Shape; 12]>,
}

/// The most operands an abbreviation may declare (LLVM writers use a handful).
const MAX_ABBREV_OPS: u64 = 256;

impl AbbrevTable {
    /// The number of abbreviations.
    #[inline]
    pub fn len(&self) -> usize {
        self.shapes.len()
    }

    /// Abbreviation `index`.
    #[inline]
    pub fn get(&self, index: usize) -> Option<Shape> {
        self.shapes.get(index).copied()
    }

    /// The scalar operand encodings (code first) of `shape`.
    #[inline]
    pub fn scalars(&self, shape: &Shape) -> Option<&[AbbrevOp]> {
        self.ops.get(shape.start as usize..shape.end as usize)
    }

    /// Keeps the first `len` abbreviations.
    pub fn truncate(&mut self, len: usize) {
        self.shapes.truncate(len);
        let end = self.shapes.last().map_or(0, |s| s.end as usize);
        self.ops.truncate(end);
    }

    /// Reads the body of a DEFINE_ABBREV (after its abbreviation id) and
    /// appends the abbreviation.
    pub fn read(&mut self, cursor: &mut Cursor<'_>) -> Result<()> {
        let start = cursor.pos();
        let first = self.ops.len();
        let result = self.read_ops(cursor).and_then(|()| {
            check(self.ops.get(first..).unwrap_or(&[])).map_err(|msg| {
                crate::error::Error::invalid_at_bit(crate::error::Phase::Bitstream, start, msg)
            })
        });
        if let Err(e) = result {
            self.ops.truncate(first);
            return Err(e);
        }
        // `check` guarantees the shape: scalars, then an array and its
        // element or a blob.
        let tail = match self.ops.get(first..).unwrap_or(&[]) {
            [.., AbbrevOp::Array, element] => Tail::Array(*element),
            [.., AbbrevOp::Blob] => Tail::Blob,
            _ => Tail::None,
        };
        let scalars_end = match tail {
            Tail::None => self.ops.len(),
            Tail::Array(_) => self.ops.len().saturating_sub(2),
            Tail::Blob => self.ops.len().saturating_sub(1),
        };
        self.ops.truncate(scalars_end);
        // At most `MAX_ABBREV_OPS` per abbreviation, each of which took
        // bits of the input: the pool's length fits in a `u32`.
        self.shapes.push(Shape {
            start: first as u32,
            end: self.ops.len() as u32,
            tail,
        });
        Ok(())
    }

    fn read_ops(&mut self, cursor: &mut Cursor<'_>) -> Result<()> {
        let count = cursor.read_vbr(5)?;
        if count == 0 || count > MAX_ABBREV_OPS {
            return Err(cursor.error(format!("abbreviation with {count} operands")));
        }
        for _ in 0..count {
            if let Some((op, bits)) = cursor.peek().and_then(op_in_word) {
                // `op_in_word` only takes bits the peek loaded.
                cursor.skip(bits);
                self.ops.push(op);
                continue;
            }
            let is_literal = cursor.read(1)? == 1;
            if is_literal {
                self.ops.push(AbbrevOp::Literal(cursor.read_vbr(8)?));
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
            self.ops.push(op);
        }
        Ok(())
    }
}

/// One operand encoding decoded from a loaded word (see [`Cursor`]'s fast
/// reads) and the bits it takes; `None` when it does not fit in the word or
/// is invalid, for the bit-by-bit path to read or report.
#[inline]
fn op_in_word(word: u64) -> Option<(AbbrevOp, u32)> {
    if word & 1 == 1 {
        let (value, bits) = vbr_in_word(word >> 1, 8, FAST_BITS.saturating_sub(1))?;
        return Some((AbbrevOp::Literal(value), bits.saturating_add(1)));
    }
    // 1 literal bit and 3 encoding bits, then the width for fixed and VBR.
    let (op, width_bits) = match (word >> 1) & 7 {
        encoding @ (1 | 2) => {
            let (width, bits) = vbr_in_word(word >> 4, 5, FAST_BITS.saturating_sub(4))?;
            let op = match (encoding, width) {
                // A zero-width field is a literal zero, as in LLVM.
                (_, 0) => AbbrevOp::Literal(0),
                (1, 1..=64) => AbbrevOp::Fixed(width as u8),
                (2, 2..=32) => AbbrevOp::Vbr(width as u8),
                _ => return None,
            };
            (op, bits)
        }
        3 => (AbbrevOp::Array, 0),
        4 => (AbbrevOp::Char6, 0),
        5 => (AbbrevOp::Blob, 0),
        _ => return None,
    };
    Some((op, width_bits.saturating_add(4)))
}

/// Structural checks of one abbreviation's operands: arrays are last but
/// one and have a scalar element that consumes bits; blobs are last; the
/// code is not an array or blob.
fn check(ops: &[AbbrevOp]) -> std::result::Result<(), &'static str> {
    let n = ops.len();
    for (i, op) in ops.iter().enumerate() {
        match op {
            AbbrevOp::Array => {
                // `i < n`: these additions cannot overflow.
                if i.saturating_add(2) != n {
                    return Err("array operand must be the last but one");
                }
                match ops.get(i.saturating_add(1)) {
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
    match ops.first() {
        Some(AbbrevOp::Array | AbbrevOp::Blob) => Err("record code cannot be an array or blob"),
        _ => Ok(()),
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

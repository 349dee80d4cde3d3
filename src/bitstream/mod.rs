//! LLVM bitstream container format: a hand-written, zero-copy reader.
//!
//! The stream is a sequence of nested blocks holding records, each record
//! either unabbreviated (all operands vbr6) or described by an abbreviation
//! (fixed, VBR, char6, array and blob operands). [`BitstreamReader`] walks
//! blocks and decodes records into a reused operand buffer; errors carry the
//! bit offset from the start of the bitcode.

mod abbrev;
#[cfg(test)]
mod bit_writer;
mod cache;
mod cursor;
mod reader;

pub use abbrev::AbbrevOp;
pub(crate) use cache::BlockCache;
pub use cursor::Cursor;
pub(crate) use reader::BlockInfo;
pub use reader::{BitstreamReader, Entry, MAX_BLOCK_DEPTH};

use crate::error::{Error, Phase, Result};

/// The bitcode magic `'BC' 0xC0DE` as it appears in the first four bytes.
pub const BITCODE_MAGIC: [u8; 4] = [0x42, 0x43, 0xC0, 0xDE];

/// The bitcode wrapper magic (`0x0B17C0DE`, little endian), which some tools
/// prepend to the raw bitcode.
const WRAPPER_MAGIC: [u8; 4] = [0xDE, 0xC0, 0x17, 0x0B];

/// Checks the magic and returns a reader positioned after it, over the
/// bitcode proper (a bitcode wrapper header is stripped).
pub fn open(bitcode: &[u8]) -> Result<BitstreamReader<'_>> {
    let bitcode = strip_wrapper(bitcode)?;
    if bitcode.get(0..4) != Some(&BITCODE_MAGIC[..]) {
        return Err(Error::invalid_at_bit(
            Phase::Bitstream,
            0,
            "missing bitcode magic 'BC' 0xC0DE",
        ));
    }
    if bitcode.len() % 4 != 0 {
        return Err(Error::invalid_at_bit(
            Phase::Bitstream,
            0,
            format!(
                "bitcode size {} is not a multiple of 4 bytes",
                bitcode.len()
            ),
        ));
    }
    BitstreamReader::new(bitcode, 32)
}

fn strip_wrapper(bitcode: &[u8]) -> Result<&[u8]> {
    if bitcode.get(0..4) != Some(&WRAPPER_MAGIC[..]) {
        return Ok(bitcode);
    }
    let field = |at: usize| -> Option<usize> {
        let bytes = bitcode.get(at..)?.first_chunk::<4>()?;
        Some(u32::from_le_bytes(*bytes) as usize)
    };
    let (offset, size) = match (field(8), field(12)) {
        (Some(o), Some(s)) => (o, s),
        _ => {
            return Err(Error::invalid_at_byte(
                Phase::Bitstream,
                0,
                "truncated bitcode wrapper header",
            ))
        }
    };
    offset
        .checked_add(size)
        .and_then(|end| bitcode.get(offset..end))
        .ok_or_else(|| {
            Error::invalid_at_byte(
                Phase::Bitstream,
                8,
                "bitcode wrapper points outside the input",
            )
        })
}

//! Bit-level cursor: fixed-width and VBR fields over a byte slice.

use crate::error::{Error, Phase, Result};

/// A read position in a bitstream, counted in bits from the slice start.
///
/// Reads are little-endian in bit order, as LLVM writes them. Every read is
/// bounds-checked; running off the end is an error carrying the bit offset.
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    data: &'a [u8],
    pos: u64,
    end: u64,
}

impl<'a> Cursor<'a> {
    /// A cursor at bit 0 of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Cursor {
            data,
            pos: 0,
            end: (data.len() as u64).saturating_mul(8),
        }
    }

    /// The current position in bits.
    #[inline]
    pub fn pos(&self) -> u64 {
        self.pos
    }

    /// The length of the stream in bits.
    #[inline]
    pub fn end(&self) -> u64 {
        self.end
    }

    /// Bits left before the end.
    #[inline]
    pub fn remaining(&self) -> u64 {
        self.end.saturating_sub(self.pos)
    }

    /// Whether the cursor is at (or past) the end.
    #[inline]
    pub fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    /// Moves to an absolute bit position, which must lie inside the stream.
    pub fn seek(&mut self, pos: u64) -> Result<()> {
        if pos > self.end {
            return Err(self.error(format!(
                "jump to bit {pos} past the end of the stream ({} bits)",
                self.end
            )));
        }
        self.pos = pos;
        Ok(())
    }

    /// An invalid-input error at the current position.
    pub fn error(&self, message: impl Into<String>) -> Error {
        Error::invalid_at_bit(Phase::Bitstream, self.pos, message)
    }

    /// Reads a fixed-width field of 0 to 64 bits.
    #[inline]
    pub fn read(&mut self, width: u32) -> Result<u64> {
        if width == 0 {
            return Ok(0);
        }
        let new_pos = self.pos + u64::from(width);
        if new_pos > self.end || width > 64 {
            return Err(self.error(format!(
                "read of {width} bits runs past the end of the stream"
            )));
        }
        let byte = (self.pos >> 3) as usize;
        let shift = (self.pos & 7) as u32;
        let value = if width <= 56 {
            match self.data.get(byte..byte + 8) {
                Some(bytes) => {
                    let mut word = [0u8; 8];
                    word.copy_from_slice(bytes);
                    (u64::from_le_bytes(word) >> shift) & mask(width)
                }
                None => self.read_tail(byte, shift, width),
            }
        } else {
            // Wide reads: two halves, each at most 32 bits.
            self.pos += 32;
            let low = self.read_split(byte, shift, 32);
            let high = self.read_split(
                ((self.pos) >> 3) as usize,
                (self.pos & 7) as u32,
                width - 32,
            );
            self.pos -= 32;
            low | (high << 32)
        };
        self.pos = new_pos;
        Ok(value)
    }

    fn read_split(&self, byte: usize, shift: u32, width: u32) -> u64 {
        match self.data.get(byte..byte + 8) {
            Some(bytes) => {
                let mut word = [0u8; 8];
                word.copy_from_slice(bytes);
                (u64::from_le_bytes(word) >> shift) & mask(width)
            }
            None => self.read_tail(byte, shift, width),
        }
    }

    /// Slow path near the end of the data: assemble byte by byte.
    fn read_tail(&self, byte: usize, shift: u32, width: u32) -> u64 {
        let mut word = [0u8; 8];
        for (i, slot) in word.iter_mut().enumerate() {
            *slot = self.data.get(byte + i).copied().unwrap_or(0);
        }
        (u64::from_le_bytes(word) >> shift) & mask(width)
    }

    /// Reads a variable-width (VBR) field with chunks of `width` bits (2..=32).
    #[inline]
    pub fn read_vbr(&mut self, width: u32) -> Result<u64> {
        if !(2..=32).contains(&width) {
            return Err(self.error(format!("VBR chunk width {width} is outside 2..=32")));
        }
        let hi = 1u64 << (width - 1);
        let piece = self.read(width)?;
        if piece & hi == 0 {
            return Ok(piece);
        }
        let mut value = piece & (hi - 1);
        let mut shift = width - 1;
        loop {
            let piece = self.read(width)?;
            let payload = piece & (hi - 1);
            if payload != 0 {
                if shift >= 64 || (payload << shift) >> shift != payload {
                    return Err(self.error("VBR value does not fit in 64 bits"));
                }
                value |= payload << shift;
            }
            if piece & hi == 0 {
                return Ok(value);
            }
            shift += width - 1;
            if shift >= 64 + 32 {
                return Err(self.error("VBR value has too many chunks"));
            }
        }
    }

    /// Skips to the next multiple of 32 bits.
    #[inline]
    pub fn align32(&mut self) -> Result<()> {
        let aligned = (self.pos + 31) & !31;
        if aligned > self.end {
            return Err(self.error("alignment padding runs past the end of the stream"));
        }
        self.pos = aligned;
        Ok(())
    }

    /// Takes `len` whole bytes at the current (byte-aligned) position.
    pub fn read_bytes(&mut self, len: u64) -> Result<&'a [u8]> {
        if self.pos & 7 != 0 {
            return Err(self.error("byte read at a position that is not byte aligned"));
        }
        let bits = len.checked_mul(8).filter(|b| *b <= self.remaining());
        let Some(bits) = bits else {
            return Err(self.error(format!(
                "blob of {len} bytes runs past the end of the stream"
            )));
        };
        let start = (self.pos >> 3) as usize;
        let bytes = self
            .data
            .get(start..start + len as usize)
            .ok_or_else(|| self.error("blob outside the stream"))?;
        self.pos += bits;
        Ok(bytes)
    }
}

#[inline]
fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_and_vbr_reads() {
        // 0b1_0110 (vbr5 continuation) then 0b0_0011: value = 0b0110 | 0b0011 << 4 = 54
        let bits: u64 = 0b10110 | (0b00011 << 5) | (0b101 << 10);
        let bytes = bits.to_le_bytes();
        let mut c = Cursor::new(&bytes);
        assert_eq!(c.read_vbr(5).ok(), Some(54));
        assert_eq!(c.read(3).ok(), Some(0b101));
        assert_eq!(c.pos(), 13);
        c.align32().ok();
        assert_eq!(c.pos(), 32);
        assert_eq!(c.read(32).ok(), Some(0));
        assert!(c.read(1).is_err());
    }

    #[test]
    fn wide_reads_at_odd_offsets() {
        let bytes: Vec<u8> = (0..24u8)
            .map(|i| i.wrapping_mul(37).wrapping_add(11))
            .collect();
        let reference = |pos: u64, width: u32| -> u64 {
            (0..width as u64).fold(0, |acc, i| {
                let bit = pos + i;
                let b = (bytes[(bit >> 3) as usize] >> (bit & 7)) & 1;
                acc | (u64::from(b) << i)
            })
        };
        for start in 0..40u64 {
            for width in [1, 7, 31, 32, 33, 56, 57, 63, 64] {
                let mut c = Cursor::new(&bytes);
                c.seek(start).ok();
                if start + u64::from(width) <= 192 {
                    assert_eq!(
                        c.read(width).ok(),
                        Some(reference(start, width)),
                        "start {start} width {width}"
                    );
                }
            }
        }
    }

    #[test]
    fn overlong_vbr_is_an_error() {
        let bytes = [0xffu8; 32];
        let mut c = Cursor::new(&bytes);
        assert!(c.read_vbr(6).is_err());
    }
}

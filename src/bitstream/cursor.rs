//! Bit-level cursor: fixed-width and VBR fields over a byte slice.

use crate::error::{Error, Phase, Result};

/// A read position in a bitstream, counted in bits from the slice start.
///
/// Reads are little-endian in bit order, as LLVM writes them. Up to 64
/// upcoming bits are cached in a word so that most reads are a mask and a
/// shift; a read that finds too few bits tops the word up with one unaligned
/// load. Every read is bounds-checked; running off the end is an error
/// carrying the bit offset.
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    data: &'a [u8],
    /// The next byte to load into `word`.
    next_byte: usize,
    /// Cached upcoming bits, lowest first. Bits above `word_bits` are
    /// zero or copies of the bytes from `next_byte` on, so that a top-up may
    /// OR the same bytes in again.
    word: u64,
    /// How many bits of `word` are valid.
    word_bits: u32,
}

impl<'a> Cursor<'a> {
    /// A cursor at bit 0 of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Cursor {
            data,
            next_byte: 0,
            word: 0,
            word_bits: 0,
        }
    }

    /// The current position in bits.
    #[inline]
    pub fn pos(&self) -> u64 {
        // `word` only holds bits of bytes before `next_byte`: no underflow.
        (self.next_byte as u64)
            .saturating_mul(8)
            .saturating_sub(u64::from(self.word_bits))
    }

    /// The length of the stream in bits.
    #[inline]
    pub fn end(&self) -> u64 {
        (self.data.len() as u64).saturating_mul(8)
    }

    /// Bits left before the end.
    #[inline]
    pub fn remaining(&self) -> u64 {
        // The position never passes the end (`seek` checks it).
        self.end().saturating_sub(self.pos())
    }

    /// Whether the cursor is at the end.
    #[inline]
    pub fn at_end(&self) -> bool {
        self.remaining() == 0
    }

    /// Moves to an absolute bit position, which must lie inside the stream.
    pub fn seek(&mut self, pos: u64) -> Result<()> {
        if pos > self.end() {
            return Err(self.error(format!(
                "jump to bit {pos} past the end of the stream ({} bits)",
                self.end()
            )));
        }
        self.next_byte = (pos >> 3) as usize;
        self.word = 0;
        self.word_bits = 0;
        let skip = (pos & 7) as u32;
        if skip != 0 {
            // `pos` is inside the stream and not a byte boundary, so the
            // top-up loaded its byte: `word_bits >= 8 > skip`.
            self.top_up();
            self.word >>= skip;
            self.word_bits = self.word_bits.saturating_sub(skip);
        }
        Ok(())
    }

    /// Tops the cache word up to at least 56 valid bits (fewer only at the
    /// end of the data).
    #[inline]
    fn top_up(&mut self) {
        let tail = self.data.get(self.next_byte..).unwrap_or(&[]);
        if let (Some(bytes), true) = (tail.first_chunk::<8>(), self.word_bits < 64) {
            // The bytes that do not fit are exactly the ones the next top-up
            // loads again (see `word`).
            self.word |= u64::from_le_bytes(*bytes) << self.word_bits;
            let take = 63u32.saturating_sub(self.word_bits) >> 3;
            self.next_byte = self.next_byte.saturating_add(take as usize);
            self.word_bits = self.word_bits.saturating_add(take << 3);
        } else {
            for &b in tail {
                if self.word_bits > 56 {
                    break;
                }
                self.word |= u64::from(b) << self.word_bits;
                self.word_bits = self.word_bits.saturating_add(8);
                self.next_byte = self.next_byte.saturating_add(1);
            }
        }
    }

    /// An invalid-input error at the current position.
    pub fn error(&self, message: impl Into<String>) -> Error {
        Error::invalid_at_bit(Phase::Bitstream, self.pos(), message)
    }

    /// Reads a fixed-width field of 0 to 64 bits.
    #[inline]
    pub fn read(&mut self, width: u32) -> Result<u64> {
        match self.word_bits.checked_sub(width) {
            Some(left) => Ok(self.take(width, left)),
            None => self.read_slow(width),
        }
    }

    /// Consumes `width` cached bits, leaving `left`.
    #[inline]
    fn take(&mut self, width: u32, left: u32) -> u64 {
        let value = self.word & mask(width);
        self.word = self.word.checked_shr(width).unwrap_or(0);
        self.word_bits = left;
        value
    }

    /// A read that finds too few cached bits: top up, or read a field wider
    /// than one top-up caches (57 to 64 bits) in two halves.
    #[cold]
    fn read_slow(&mut self, width: u32) -> Result<u64> {
        self.top_up();
        if let Some(left) = self.word_bits.checked_sub(width) {
            return Ok(self.take(width, left));
        }
        if width <= 32 || width > 64 || u64::from(width) > self.remaining() {
            return Err(self.error(format!(
                "read of {width} bits runs past the end of the stream"
            )));
        }
        // Two halves of at most 32 bits, each of which a top-up caches.
        let low = self.read(32)?;
        let high = self.read(width.saturating_sub(32))?;
        Ok(low | (high << 32))
    }

    /// Reads a variable-width (VBR) field with chunks of `width` bits (2..=32).
    #[inline]
    pub fn read_vbr(&mut self, width: u32) -> Result<u64> {
        // Fast path: a single chunk already in the cached word.
        if let (Some(left), Some(payload_bits)) =
            (self.word_bits.checked_sub(width), width.checked_sub(1))
        {
            let piece = self.word & mask(width);
            if payload_bits > 0 && piece >> payload_bits == 0 {
                self.word >>= width;
                self.word_bits = left;
                return Ok(piece);
            }
        }
        self.read_vbr_chunks(width)
    }

    /// VBR values of several chunks, or spanning the cached word.
    fn read_vbr_chunks(&mut self, width: u32) -> Result<u64> {
        if self.word_bits < 32 {
            self.top_up();
        }
        // Common case: every chunk is in the cached word.
        if (2..=32).contains(&width) {
            // `width` is in 2..=32: `payload_bits` is in 1..=31.
            let payload_bits = width.saturating_sub(1);
            let payload_mask = mask(payload_bits);
            let more = 1u64 << payload_bits;
            let (mut word, mut bits) = (self.word, self.word_bits);
            let mut value = 0u64;
            let mut shift = 0u32;
            // Whole chunks in 64 bits carry at most 63 payload bits: no
            // overflow.
            while bits >= width {
                value |= (word & payload_mask) << shift;
                let last = word & more == 0;
                word >>= width;
                bits = bits.wrapping_sub(width);
                if last {
                    self.word = word;
                    self.word_bits = bits;
                    return Ok(value);
                }
                shift = shift.wrapping_add(payload_bits);
            }
        }
        self.read_vbr_slow(width)
    }

    /// VBR values that span cached words, and every error case.
    #[cold]
    fn read_vbr_slow(&mut self, width: u32) -> Result<u64> {
        if !(2..=32).contains(&width) {
            return Err(self.error(format!("VBR chunk width {width} is outside 2..=32")));
        }
        // `width` is in 2..=32: `payload_bits` is in 1..=31.
        let payload_bits = width.saturating_sub(1);
        let hi = 1u64 << payload_bits;
        let payload_mask = mask(payload_bits);
        let piece = self.read(width)?;
        if piece & hi == 0 {
            return Ok(piece);
        }
        let mut value = piece & payload_mask;
        let mut shift = payload_bits;
        loop {
            let piece = self.read(width)?;
            let payload = piece & payload_mask;
            if payload != 0 {
                if shift >= 64 || (payload << shift) >> shift != payload {
                    return Err(self.error("VBR value does not fit in 64 bits"));
                }
                value |= payload << shift;
            }
            if piece & hi == 0 {
                return Ok(value);
            }
            // `shift < 96` here, so this cannot overflow.
            shift = shift.saturating_add(payload_bits);
            if shift >= 64 + 32 {
                return Err(self.error("VBR value has too many chunks"));
            }
        }
    }

    /// Skips to the next multiple of 32 bits.
    #[inline]
    pub fn align32(&mut self) -> Result<()> {
        // `pos & 31 <= 31`: no underflow.
        let skip = 32u32.saturating_sub((self.pos() & 31) as u32) & 31;
        if u64::from(skip) > self.remaining() {
            return Err(self.error("alignment padding runs past the end of the stream"));
        }
        self.read(skip).map(|_| ())
    }

    /// Takes `len` whole bytes at the current (byte-aligned) position.
    pub fn read_bytes(&mut self, len: u64) -> Result<&'a [u8]> {
        let pos = self.pos();
        if pos & 7 != 0 {
            return Err(self.error("byte read at a position that is not byte aligned"));
        }
        let bits = len.checked_mul(8).filter(|b| *b <= self.remaining());
        let Some(bits) = bits else {
            return Err(self.error(format!(
                "blob of {len} bytes runs past the end of the stream"
            )));
        };
        let start = (pos >> 3) as usize;
        let bytes = start
            .checked_add(len as usize)
            .and_then(|end| self.data.get(start..end))
            .ok_or_else(|| self.error("blob outside the stream"))?;
        // `bits <= remaining`, so `pos + bits <= end`.
        self.seek(pos.saturating_add(bits))?;
        Ok(bytes)
    }
}

#[inline]
fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        !(u64::MAX << width)
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

    /// A bit writer for the round-trip test.
    struct Writer {
        bytes: Vec<u8>,
        bits: u64,
    }

    impl Writer {
        fn put(&mut self, value: u64, width: u32) {
            for i in 0..width {
                if self.bits % 8 == 0 {
                    self.bytes.push(0);
                }
                let bit = ((value >> i) & 1) as u8;
                *self.bytes.last_mut().unwrap() |= bit << (self.bits % 8);
                self.bits += 1;
            }
        }

        fn put_vbr(&mut self, mut value: u64, width: u32) {
            let payload = width - 1;
            loop {
                let chunk = value & ((1 << payload) - 1);
                value >>= payload;
                if value == 0 {
                    self.put(chunk, width);
                    return;
                }
                self.put(chunk | (1 << payload), width);
            }
        }
    }

    #[test]
    fn mixed_reads_round_trip_up_to_the_last_bit() {
        // A deterministic mix of fixed and VBR fields of every width, so that
        // reads straddle cached words and top-ups at every alignment and the
        // last ones run into the tail of the data.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut fields = Vec::new();
        let mut w = Writer {
            bytes: Vec::new(),
            bits: 0,
        };
        for _ in 0..5000 {
            let r = next();
            let vbr = r & 1 == 1;
            let width = if vbr {
                2 + (r >> 1) as u32 % 31
            } else {
                1 + (r >> 1) as u32 % 64
            };
            let bits = (next() >> (next() % 64)) & mask(if vbr { 64 } else { width });
            if vbr {
                w.put_vbr(bits, width);
            } else {
                w.put(bits, width);
            }
            fields.push((vbr, width, bits));
        }
        let mut c = Cursor::new(&w.bytes);
        for (i, &(vbr, width, value)) in fields.iter().enumerate() {
            let got = if vbr {
                c.read_vbr(width)
            } else {
                c.read(width)
            };
            assert_eq!(got.ok(), Some(value), "field {i}: vbr {vbr} width {width}");
        }
        assert_eq!(c.pos(), w.bits);
        assert_eq!(c.remaining(), w.bytes.len() as u64 * 8 - w.bits);
        assert!(c.read(9).is_err());
    }
}

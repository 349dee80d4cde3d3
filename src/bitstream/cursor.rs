//! Bit-level cursor: fixed-width and VBR fields over a byte slice.

use super::abbrev::decode_char6;
use crate::error::{Error, Phase, Result};

/// A read position in a bitstream, counted in bits from the slice start.
///
/// Reads are little-endian in bit order, as LLVM writes them. A read loads
/// the eight bytes at the position's byte (one unaligned load) and shifts
/// out the bits before the position, which leaves at least 57 valid bits:
/// every field of up to 57 bits, and every VBR value whose chunks fit in
/// them, is a load, a shift and a mask, with no state but the position. The
/// last seven bytes of the data, which have no eight bytes to load, and
/// wider fields take a slower byte-by-byte path. Every read is
/// bounds-checked; running off the end is an error carrying the bit offset.
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    data: &'a [u8],
    /// The position in bits; never past `8 * data.len()`.
    pos: u64,
}

/// Bits a fast read may take from one load: 64 minus the at most 7 bits of
/// the position's byte that lie before the position.
pub(super) const FAST_BITS: u32 = 57;

impl<'a> Cursor<'a> {
    /// A cursor at bit 0 of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Cursor { data, pos: 0 }
    }

    /// The current position in bits.
    #[inline]
    pub fn pos(&self) -> u64 {
        self.pos
    }

    /// The length of the stream in bits.
    #[inline]
    pub fn end(&self) -> u64 {
        (self.data.len() as u64).saturating_mul(8)
    }

    /// Bits left before the end.
    #[inline]
    pub fn remaining(&self) -> u64 {
        // The position never passes the end (every move checks it).
        self.end().saturating_sub(self.pos)
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
        self.pos = pos;
        Ok(())
    }

    /// The bytes from bit `start` to bit `end`, both byte-aligned; `None`
    /// if they are not or lie outside the data.
    pub(super) fn bytes(&self, start: u64, end: u64) -> Option<&'a [u8]> {
        if start % 8 != 0 || end % 8 != 0 {
            return None;
        }
        let start = usize::try_from(start / 8).ok()?;
        let end = usize::try_from(end / 8).ok()?;
        self.data.get(start..end)
    }

    /// The upcoming bits, lowest first: at least [`FAST_BITS`] valid ones,
    /// or `None` in the last seven bytes of the data.
    #[inline]
    pub(super) fn peek(&self) -> Option<u64> {
        peek(self.data, self.pos)
    }

    /// Moves `bits` forward after a fast read, which only takes bits that
    /// [`Self::peek`] loaded: the new position is inside the data.
    #[inline]
    pub(super) fn skip(&mut self, bits: u32) {
        // `bits` lie inside the data: no overflow.
        self.pos = self.pos.wrapping_add(u64::from(bits));
    }

    /// An invalid-input error at the current position.
    pub fn error(&self, message: impl Into<String>) -> Error {
        Error::invalid_at_bit(Phase::Bitstream, self.pos, message)
    }

    /// Reads a fixed-width field of 0 to 64 bits.
    #[inline]
    pub fn read(&mut self, width: u32) -> Result<u64> {
        match self.peek() {
            Some(word) if width <= FAST_BITS => {
                self.skip(width);
                Ok(word & mask(width))
            }
            _ => self.read_slow(width),
        }
    }

    /// A read in the last seven bytes of the data, or of more than
    /// [`FAST_BITS`] bits: bit by bit, bounds-checked.
    #[cold]
    fn read_slow(&mut self, width: u32) -> Result<u64> {
        if width > 64 || u64::from(width) > self.remaining() {
            return Err(self.error(format!(
                "read of {width} bits runs past the end of the stream"
            )));
        }
        let mut value = 0u64;
        for i in 0..width {
            // `pos < end` for each of the `width <= remaining` bits.
            let bit = self.pos.saturating_add(u64::from(i));
            let byte = self.data.get((bit >> 3) as usize).copied().unwrap_or(0);
            value |= u64::from((byte >> (bit & 7)) & 1) << i;
        }
        self.skip(width);
        Ok(value)
    }

    /// Reads a variable-width (VBR) field with chunks of `width` bits (2..=32).
    #[inline]
    pub fn read_vbr(&mut self, width: u32) -> Result<u64> {
        // Fast path: a single chunk.
        if let (Some(word), true) = (self.peek(), (2..=32).contains(&width)) {
            // `width` is in 2..=32.
            let piece = word & mask(width);
            if piece >> width.wrapping_sub(1) == 0 {
                self.skip(width);
                return Ok(piece);
            }
        }
        self.read_vbr_chunks(width)
    }

    /// VBR values of several chunks, all in one load.
    fn read_vbr_chunks(&mut self, width: u32) -> Result<u64> {
        let decoded = match (self.peek(), (2..=32).contains(&width)) {
            (Some(word), true) => vbr_in_word(word, width, FAST_BITS),
            _ => None,
        };
        match decoded {
            Some((value, bits)) => {
                self.skip(bits);
                Ok(value)
            }
            None => self.read_vbr_slow(width),
        }
    }

    /// VBR values longer than one load holds, and every error case.
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

    /// Appends `count` VBR fields with chunks of `width` bits to `out`; the
    /// caller has checked that `count` fields fit in what remains.
    ///
    /// The hot loop of the reader (unabbreviated records are runs of vbr6,
    /// which get their own copy of the loop with the width a constant).
    #[inline(always)]
    pub fn read_vbr_run(&mut self, width: u32, count: usize, out: &mut Vec<u64>) -> Result<()> {
        match width {
            6 => self.read_vbr6_run(count, out),
            2..=32 => self.run(
                count,
                out,
                |word, valid| vbr_in_word(word, width, valid),
                |c| c.read_vbr_slow(width),
            ),
            _ => Err(self.error(format!("VBR chunk width {width} is outside 2..=32"))),
        }
    }

    /// [`Self::read_vbr_run`] for vbr6, the unabbreviated records' operands.
    /// Most operands (relative value numbers, flags, type ids) are single
    /// chunks: the run of whole single-chunk values at the start of a load
    /// (up to the first set continuation bit) is appended in one go; a
    /// value of several chunks is decoded from the load on its own.
    #[inline(always)]
    fn read_vbr6_run(&mut self, count: usize, out: &mut Vec<u64>) -> Result<()> {
        // The continuation bits of the nine whole chunks a load holds.
        const CONTINUATIONS: u64 = 0x0020_8208_2082_0820;
        // The caller checked that `count` fields fit in the input: the
        // reservation is bounded by it.
        out.reserve(count);
        let data = self.data;
        let mut pos = self.pos;
        let mut left = count;
        while left > 0 {
            let decoded = match peek(data, pos) {
                Some(word) => {
                    // The first continuation bit is that of chunk `singles`
                    // (no bit: 64 / 6 = 10, one past the nine in the load).
                    let singles = ((word & CONTINUATIONS).trailing_zeros() / 6) as usize;
                    let n = singles.min(9).min(left);
                    if n > 0 {
                        // `n <= 9`: the shifts stay below 54.
                        out.extend((0..n as u32).map(|j| (word >> j.wrapping_mul(6)) & 0x1f));
                        // Inside the loaded bytes (see `skip`); `n <= left`.
                        pos = pos.wrapping_add((n as u64).wrapping_mul(6));
                        left = left.wrapping_sub(n);
                        continue;
                    }
                    // Four values of two chunks each (absolute metadata
                    // and value numbers in metadata records, mostly): the
                    // continuation bits alternate set and clear.
                    const PAIRS: u64 = 0x8208_2082_0820;
                    const PAIRS_WANT: u64 = 0x0200_2002_0020;
                    if left >= 4 && word & PAIRS == PAIRS_WANT {
                        // `j < 4`: the shift stays below 48.
                        out.extend((0..4u32).map(|j| two_chunk_vbr6(word >> j.wrapping_mul(12))));
                        // Inside the loaded bytes (see `skip`).
                        pos = pos.wrapping_add(48);
                        left = left.wrapping_sub(4);
                        continue;
                    }
                    // The first chunk continues (no single above).
                    if word & 0x800 == 0 {
                        Some((two_chunk_vbr6(word), 12))
                    } else {
                        vbr_in_word(word, 6, FAST_BITS)
                    }
                }
                None => None,
            };
            match decoded {
                Some((value, bits)) => {
                    out.push(value);
                    pos = pos.wrapping_add(u64::from(bits));
                }
                None => {
                    // Near the end of the data, or a value longer than one load.
                    self.pos = pos;
                    out.push(self.read_vbr_slow(6)?);
                    pos = self.pos;
                }
            }
            left = left.wrapping_sub(1);
        }
        self.pos = pos;
        Ok(())
    }

    /// Appends `count` fields to `out`: those that `decode` takes from a
    /// loaded word (given the word and how many of its bits are valid, it
    /// returns the value and the bits taken, or `None` when the field does
    /// not fit), else those `slow` reads. One load serves every field that
    /// fits in it, so the fields of a run are not serialised behind one
    /// load each, and the position stays in a register; the output is
    /// reserved once (not zero-filled first).
    #[inline(always)]
    fn run(
        &mut self,
        count: usize,
        out: &mut Vec<u64>,
        decode: impl Fn(u64, u32) -> Option<(u64, u32)>,
        slow: impl Fn(&mut Self) -> Result<u64>,
    ) -> Result<()> {
        // The caller checked that `count` fields fit in the input: the
        // reservation is bounded by it.
        out.reserve(count);
        let mut left = count;
        let data = self.data;
        let mut pos = self.pos;
        while left > 0 {
            let mut used = 0u32;
            if let Some(word) = peek(data, pos) {
                // `used <= FAST_BITS < 64`: the shift is in range.
                while left > 0 {
                    let Some((value, bits)) = decode(word >> used, FAST_BITS.wrapping_sub(used))
                    else {
                        break;
                    };
                    out.push(value);
                    left = left.wrapping_sub(1);
                    used = used.wrapping_add(bits);
                }
            }
            if used > 0 {
                // Inside the loaded bytes (see `skip`).
                pos = pos.wrapping_add(u64::from(used));
                continue;
            }
            // Near the end of the data, or a field longer than one load.
            self.pos = pos;
            out.push(slow(self)?);
            left = left.wrapping_sub(1);
            pos = self.pos;
        }
        self.pos = pos;
        Ok(())
    }

    /// Appends `count` fixed-width fields of `width` bits to `out`; the
    /// caller has checked that `count` fields fit in what remains.
    #[inline]
    pub fn read_run(&mut self, width: u32, count: usize, out: &mut Vec<u64>) -> Result<()> {
        self.run(
            count,
            out,
            |word, valid| (width <= valid).then_some((word & mask(width), width)),
            |c| c.read(width),
        )
    }

    /// Appends `count` char6 fields, decoded to bytes, to `out`; the caller
    /// has checked that `count` fields fit in what remains.
    #[inline]
    pub fn read_char6_run(&mut self, count: usize, out: &mut Vec<u64>) -> Result<()> {
        self.run(
            count,
            out,
            |word, valid| (6 <= valid).then(|| (u64::from(decode_char6(word & 63)), 6)),
            |c| Ok(u64::from(decode_char6(c.read(6)?))),
        )
    }

    /// Appends `count` vbr6 fields that are characters (0..=255) to `out`
    /// as bytes; the caller has checked that `count` fields fit in what
    /// remains. Unabbreviated string records (metadata kinds, the data
    /// layout) are such runs: printable characters take two chunks, and
    /// four of them are checked and decoded from one load at once.
    pub fn read_vbr6_text(&mut self, count: usize, out: &mut Vec<u8>) -> Result<()> {
        // Per character, 12 bits: the first chunk's continuation bit (5)
        // set, the second's (11) clear and its payload below 8 (bits 9 and
        // 10 clear), so that the value is in 32..=255.
        const MASK: u64 = 0xe20 | 0xe20 << 12 | 0xe20 << 24 | 0xe20 << 36;
        const WANT: u64 = 0x020 | 0x020 << 12 | 0x020 << 24 | 0x020 << 36;
        // The caller checked that `count` fields fit in the input: the
        // reservation is bounded by it.
        out.reserve(count);
        let data = self.data;
        let mut pos = self.pos;
        let mut left = count;
        while left > 0 {
            let word = peek(data, pos);
            if let Some(word) = word.filter(|w| left >= 4 && w & MASK == WANT) {
                // Low five bits from the first chunk, high three from the second.
                let char_at = |i: u32| {
                    let w = word >> i.wrapping_mul(12);
                    ((w & 0x1f) | ((w >> 1) & 0xe0)) as u8
                };
                out.extend_from_slice(&[char_at(0), char_at(1), char_at(2), char_at(3)]);
                // Inside the loaded bytes (see `skip`).
                pos = pos.wrapping_add(48);
                left = left.wrapping_sub(4);
                continue;
            }
            let (value, bits) = match word.and_then(|w| vbr_in_word(w, 6, FAST_BITS)) {
                Some(decoded) => decoded,
                None => {
                    // Near the end of the data, or a value longer than one load.
                    self.pos = pos;
                    let value = self.read_vbr_slow(6)?;
                    (value, 0)
                }
            };
            if bits == 0 {
                pos = self.pos;
            } else {
                pos = pos.wrapping_add(u64::from(bits));
            }
            let Ok(byte) = u8::try_from(value) else {
                self.pos = pos;
                return Err(self.error("character out of range in a string record"));
            };
            out.push(byte);
            left = left.wrapping_sub(1);
        }
        self.pos = pos;
        Ok(())
    }

    /// Appends `count` fixed fields of `width` bits (1..=8) to `out` as
    /// bytes, each mapped by `map` (the identity, or char6 decoding); the
    /// caller has checked that `count` fields fit in what remains. A load
    /// holds 7 to 57 fields; byte-aligned bytes are copied as a slice.
    #[inline]
    pub fn read_narrow_text(
        &mut self,
        width: u32,
        count: usize,
        map: impl Fn(u8) -> u8,
        out: &mut Vec<u8>,
    ) -> Result<()> {
        if !(1..=8).contains(&width) {
            return Err(self.error(format!("text field of {width} bits")));
        }
        if width == 8 {
            if self.pos & 7 == 0 {
                let bytes = self.read_bytes(count as u64)?;
                out.extend(bytes.iter().map(|&b| map(b)));
                return Ok(());
            }
            // Unaligned bytes (metadata strings mostly are): each one is
            // the top of one input byte and the bottom of the next, so
            // `count` of them span `count + 1` input bytes.
            let shift = (self.pos & 7) as u32;
            let start = (self.pos >> 3) as usize;
            let span = start
                .checked_add(count)
                .and_then(|last| self.data.get(start..=last));
            if let Some(span) = span {
                let next = span.get(1..).unwrap_or(&[]);
                // `shift` is in 1..=7: both shifts are in range.
                let up = 8u32.wrapping_sub(shift);
                out.extend(
                    span.iter()
                        .zip(next)
                        .map(|(&lo, &hi)| map((lo >> shift) | (hi << up))),
                );
                // The `count` bytes lie inside the data (see `skip`).
                self.pos = self.pos.wrapping_add((count as u64).wrapping_mul(8));
                return Ok(());
            }
        }
        // The caller checked that `count` fields fit in the input: the
        // reservation is bounded by it.
        out.reserve(count);
        let per_load = FAST_BITS.checked_div(width).unwrap_or(1) as usize;
        let field_mask = mask(width);
        let data = self.data;
        let mut left = count;
        while left > 0 {
            let Some(word) = peek(data, self.pos) else {
                // The last seven bytes: one field at a time.
                let value = self.read(width)?;
                out.push(map(value as u8));
                left = left.wrapping_sub(1);
                continue;
            };
            let n = left.min(per_load);
            // `n * width <= FAST_BITS`: the shifts are in range.
            out.extend(
                (0..n as u32).map(|i| map(((word >> i.wrapping_mul(width)) & field_mask) as u8)),
            );
            self.skip((n as u32).wrapping_mul(width));
            left = left.wrapping_sub(n);
        }
        Ok(())
    }

    /// Skips to the next multiple of 32 bits.
    #[inline]
    pub fn align32(&mut self) -> Result<()> {
        // `pos & 31 <= 31`: no underflow.
        let skip = 32u64.saturating_sub(self.pos & 31) & 31;
        if skip > self.remaining() {
            return Err(self.error("alignment padding runs past the end of the stream"));
        }
        // `skip <= remaining`: the new position is inside the stream.
        self.pos = self.pos.saturating_add(skip);
        Ok(())
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

/// The 64 bits at bit `pos` of `data`, lowest first: at least [`FAST_BITS`]
/// valid ones, or `None` in the last seven bytes.
#[inline(always)]
fn peek(data: &[u8], pos: u64) -> Option<u64> {
    let bytes = data.get((pos >> 3) as usize..)?.first_chunk::<8>()?;
    Some(u64::from_le_bytes(*bytes) >> (pos & 7))
}

/// The value of the two-chunk vbr6 field at the start of a loaded word
/// (its continuation bits not looked at).
#[inline(always)]
fn two_chunk_vbr6(word: u64) -> u64 {
    (word & 0x1f) | ((word >> 1) & 0x3e0)
}

/// A vbr6 value of one or two chunks at the start of a loaded word, and
/// the bits it takes; `None` for a longer one.
#[inline(always)]
pub(super) fn short_vbr6(word: u64) -> Option<(u64, u32)> {
    if word & 0x20 == 0 {
        Some((word & 0x1f, 6))
    } else if word & 0x800 == 0 {
        Some((two_chunk_vbr6(word), 12))
    } else {
        None
    }
}

/// Decodes a VBR value with chunks of `width` bits (2..=32) from the start
/// of a loaded word of which `valid` (at most [`FAST_BITS`]) bits are
/// valid: the value and the bits it takes, or `None` when its chunks do not
/// all lie in the valid bits.
#[inline(always)]
pub(super) fn vbr_in_word(word: u64, width: u32, valid: u32) -> Option<(u64, u32)> {
    if width > valid {
        return None;
    }
    // `width` is in 2..=32: `payload_bits` is in 1..=31.
    let payload_bits = width.wrapping_sub(1);
    let more = 1u64 << payload_bits;
    let payload_mask = more.wrapping_sub(1);
    if word & more == 0 {
        return Some((word & payload_mask, width));
    }
    // Two chunks (operand numbers and characters above the first chunk's
    // range) without the loop.
    let two = width.wrapping_add(width);
    let rest = word >> width;
    if rest & more == 0 && two <= valid {
        return Some((
            (word & payload_mask) | (rest & payload_mask) << payload_bits,
            two,
        ));
    }
    let mut value = word & payload_mask;
    let mut rest = rest;
    let mut shift = payload_bits;
    let mut taken = width;
    // Whole chunks in 57 bits carry at most 56 payload bits: the shifts
    // stay below 64 and nothing overflows.
    while taken.wrapping_add(width) <= valid {
        value |= (rest & payload_mask) << shift;
        taken = taken.wrapping_add(width);
        if rest & more == 0 {
            return Some((value, taken));
        }
        rest >>= width;
        shift = shift.wrapping_add(payload_bits);
    }
    None
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
    use super::super::bit_writer::BitWriter as Writer;
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
        let mut w = Writer::default();
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
                w.vbr(bits, width);
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

    #[test]
    fn runs_match_single_reads_up_to_the_last_bit() {
        // Runs of VBR fields (one, two and many chunks), fixed fields and
        // char6 fields must decode as the same number of single reads do,
        // from every start bit, including into the tail of the data.
        let mut w = Writer::default();
        let values = [
            0u64,
            31,
            32,
            1000,
            5,
            1 << 40,
            7,
            63,
            2,
            123_456_789,
            // A run of single chunks longer than one load holds.
            1,
            2,
            3,
            4,
            5,
            6,
            7,
            8,
            9,
            10,
            11,
            12,
            0,
            300,
            // Runs of two-chunk values: five, then three.
            40,
            500,
            64,
            1023,
            32,
            1,
            999,
            33,
            34,
        ];
        for start in 0..8u64 {
            for &(width, vbr) in &[(6u32, true), (4, true), (8, false), (6, false)] {
                w.bytes.clear();
                w.bits = 0;
                w.put(0, start as u32);
                for &v in &values {
                    if vbr {
                        w.vbr(v, width);
                    } else {
                        w.put(v & mask(width), width);
                    }
                }
                let mut single = Cursor::new(&w.bytes);
                single.seek(start).unwrap();
                let mut run = single.clone();
                let expected: Vec<u64> = values
                    .iter()
                    .map(|_| {
                        if vbr {
                            single.read_vbr(width).unwrap()
                        } else {
                            single.read(width).unwrap()
                        }
                    })
                    .collect();
                let mut got = vec![9];
                if vbr {
                    run.read_vbr_run(width, values.len(), &mut got).unwrap();
                } else {
                    run.read_run(width, values.len(), &mut got).unwrap();
                }
                assert_eq!(got[0], 9);
                assert_eq!(&got[1..], &expected[..], "start {start} width {width}");
                assert_eq!(run.pos(), single.pos());
                let mut chars = Cursor::new(&w.bytes);
                chars.seek(start).unwrap();
                let mut got = Vec::new();
                chars.read_char6_run(values.len(), &mut got).unwrap();
                let mut single = Cursor::new(&w.bytes);
                single.seek(start).unwrap();
                for &c in &got {
                    assert_eq!(c, u64::from(decode_char6(single.read(6).unwrap())));
                }
            }
        }
    }

    #[test]
    fn text_runs_match_single_reads_up_to_the_last_bit() {
        // Character runs (vbr6 and fixed fields of 6 to 8 bits, char6)
        // decode to the same bytes as single reads, from every start bit,
        // with the last fields in the tail of the data, where no eight
        // bytes can be loaded.
        let text: Vec<u8> = b"dx.precise llvm.loop \x01\x1f !~\xff"
            .iter()
            .chain(b"tbaa.struct_alias.scope")
            .copied()
            .collect();
        for start in 0..16u32 {
            for len in [0, 1, 3, 4, 5, 9, text.len()] {
                let chars = &text[..len];
                let mut w = Writer::default();
                w.put(0, start);
                for &c in chars {
                    w.vbr(u64::from(c), 6);
                }
                let mut c = Cursor::new(&w.bytes);
                c.seek(u64::from(start)).unwrap();
                let mut got = vec![b'#'];
                c.read_vbr6_text(len, &mut got).unwrap();
                assert_eq!(&got[1..], chars, "vbr6 start {start} len {len}");
                assert_eq!(c.pos(), w.bits);
                for width in [6u32, 7, 8] {
                    let mut w = Writer::default();
                    w.put(0, start);
                    for &c in chars {
                        w.put(u64::from(c), width);
                    }
                    let mut c = Cursor::new(&w.bytes);
                    c.seek(u64::from(start)).unwrap();
                    let mut got = Vec::new();
                    c.read_narrow_text(width, len, |b| b, &mut got).unwrap();
                    let want: Vec<u8> = chars.iter().map(|&b| b & mask(width) as u8).collect();
                    assert_eq!(got, want, "fixed {width} start {start} len {len}");
                    assert_eq!(c.pos(), w.bits);
                    if width == 6 {
                        let mut c = Cursor::new(&w.bytes);
                        c.seek(u64::from(start)).unwrap();
                        let mut got = Vec::new();
                        c.read_narrow_text(6, len, |b| decode_char6(u64::from(b)), &mut got)
                            .unwrap();
                        let want: Vec<u8> =
                            want.iter().map(|&b| decode_char6(u64::from(b))).collect();
                        assert_eq!(got, want, "char6 start {start} len {len}");
                    }
                }
            }
        }
    }

    #[test]
    fn text_runs_reject_wide_characters_and_truncation() {
        let mut w = Writer::default();
        for c in [b'a', b'b', b'c'] {
            w.vbr(u64::from(c), 6);
        }
        w.vbr(256, 6);
        let mut c = Cursor::new(&w.bytes);
        let err = c.read_vbr6_text(4, &mut Vec::new()).unwrap_err();
        assert!(err.to_string().contains("character out of range"), "{err}");
        // More characters than the data holds: an error, not a panic.
        let mut c = Cursor::new(&w.bytes);
        assert!(c.read_vbr6_text(40, &mut Vec::new()).is_err());
        let mut c = Cursor::new(&w.bytes);
        c.seek(3).unwrap();
        assert!(c.read_narrow_text(8, 40, |b| b, &mut Vec::new()).is_err());
        let mut c = Cursor::new(&w.bytes);
        assert!(c.read_narrow_text(9, 1, |b| b, &mut Vec::new()).is_err());
    }
}

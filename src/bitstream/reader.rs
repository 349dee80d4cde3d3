//! Block and record reader: abbreviation ids, BLOCKINFO, nested blocks.

use super::abbrev::{decode_char6, AbbrevOp, AbbrevTable, Shape, Tail};
use super::cache::BlockCache;
use super::cursor::{short_vbr6, vbr_in_word, Cursor, FAST_BITS};
use crate::error::Result;
use smallvec::SmallVec;
use std::sync::Arc;

/// The most deeply nested blocks may go. LLVM 3.7 writers nest three deep.
pub const MAX_BLOCK_DEPTH: usize = 16;

const END_BLOCK: u64 = 0;
const ENTER_SUBBLOCK: u64 = 1;
const DEFINE_ABBREV: u64 = 2;
const UNABBREV_RECORD: u64 = 3;
const BLOCKINFO_BLOCK_ID: u32 = 0;
const BLOCKINFO_CODE_SETBID: u32 = 1;

/// What the stream holds next inside the current block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A record; pass the abbreviation id to [`BitstreamReader::read_record`].
    Record(u32),
    /// The start of a nested block with this block id: follow with
    /// [`BitstreamReader::enter_block`] or [`BitstreamReader::skip_block`].
    SubBlock(u32),
    /// The end of the current block (already consumed).
    EndBlock,
}

#[derive(Clone, Copy, Debug)]
struct Scope {
    block_id: u32,
    outer_width: u32,
    /// The block's own abbreviations start here in `abbrevs`.
    abbrev_base: usize,
    /// Index in `blockinfo.ids` of the abbreviations the block inherits, if any.
    inherited: Option<usize>,
    /// How many it inherits: those BLOCKINFO had defined when the block
    /// opened (later ones are for blocks opened later).
    inherited_len: usize,
    end: u64,
}

/// The abbreviations that BLOCKINFO blocks define, for the blocks that
/// inherit them.
#[derive(Clone, Debug, Default)]
pub(crate) struct BlockInfo {
    /// Every abbreviation BLOCKINFO defines, for whichever block id.
    abbrevs: AbbrevTable,
    /// Per block id, the indexes in `abbrevs` of its BLOCKINFO abbreviations.
    /// (One shared pool rather than a table per id: an entry stays small,
    /// so that many SETBID records cannot claim memory out of proportion.)
    ids: Vec<(u32, SmallVec<[u32; 12]>)>,
}

/// Reads an LLVM bitstream: blocks, abbreviations and records.
///
/// Records are decoded into a caller-owned operand buffer so that reading
/// allocates nothing per record. BLOCKINFO blocks are consumed transparently
/// (within the crate, the first one may come from a cache of blocks with
/// the same bytes).
#[derive(Clone, Debug)]
pub struct BitstreamReader<'a> {
    cursor: Cursor<'a>,
    abbrev_width: u32,
    /// Abbreviations defined inside the open blocks; the innermost block's
    /// start at its scope's `abbrev_base`. Those inherited from BLOCKINFO
    /// are looked up there, not copied.
    abbrevs: AbbrevTable,
    scopes: Vec<Scope>,
    /// What the BLOCKINFO blocks read so far define (shared with the
    /// cache when it came from there; copied before it is changed).
    blockinfo: Arc<BlockInfo>,
    /// Where the first BLOCKINFO block's parse is looked up and kept.
    blockinfo_cache: Option<&'a BlockCache<Arc<BlockInfo>>>,
}

impl<'a> BitstreamReader<'a> {
    /// A reader positioned at bit `start_bit` of `data` (after any magic).
    pub fn new(data: &'a [u8], start_bit: u64) -> Result<Self> {
        let mut cursor = Cursor::new(data);
        cursor.seek(start_bit)?;
        Ok(BitstreamReader {
            cursor,
            abbrev_width: 2,
            abbrevs: AbbrevTable::default(),
            scopes: Vec::with_capacity(MAX_BLOCK_DEPTH),
            blockinfo: Arc::default(),
            blockinfo_cache: None,
        })
    }

    /// This reader, taking the stream's first BLOCKINFO block from `cache`
    /// when the cache holds one with the same bytes, and keeping it there
    /// otherwise.
    pub(crate) fn with_blockinfo_cache(mut self, cache: &'a BlockCache<Arc<BlockInfo>>) -> Self {
        self.blockinfo_cache = Some(cache);
        self
    }

    /// The current position in bits.
    #[inline]
    pub fn pos(&self) -> u64 {
        self.cursor.pos()
    }

    /// Whether the whole stream has been read (only trailing padding left).
    pub fn at_end(&self) -> bool {
        self.cursor.remaining() < 32 && self.scopes.is_empty()
    }

    /// Bits left before the end of the innermost open block (a bound on
    /// how much it can still hold, for sizing buffers).
    pub fn block_bits_left(&self) -> u64 {
        self.scopes
            .last()
            .map_or(0, |s| s.end.saturating_sub(self.cursor.pos()))
    }

    /// The abbreviation width and the body of the innermost open block,
    /// right after [`Self::enter_block`]: its bytes from the current
    /// position up to its declared end (`None` if the position is not
    /// 32-bit aligned, as it is there).
    pub fn block_body(&self) -> Option<(u32, &'a [u8])> {
        let scope = self.scopes.last()?;
        let start = self.cursor.pos();
        if start % 32 != 0 {
            return None;
        }
        Some((self.abbrev_width, self.cursor.bytes(start, scope.end)?))
    }

    /// Whether the innermost open block inherits abbreviations from
    /// BLOCKINFO (so that its records do not depend on its bytes alone).
    pub fn inherits_abbrevs(&self) -> bool {
        self.scopes.last().is_some_and(|s| s.inherited_len > 0)
    }

    /// The block id of the innermost open block, if any.
    pub fn block_id(&self) -> Option<u32> {
        self.scopes.last().map(|s| s.block_id)
    }

    /// An invalid-input error at the current bit position.
    pub fn error(&self, message: impl Into<String>) -> crate::Error {
        self.cursor.error(message)
    }

    /// Advances to the next record, sub-block or block end.
    #[inline]
    pub fn advance(&mut self) -> Result<Entry> {
        let id = self.cursor.read(self.abbrev_width)?;
        if id >= UNABBREV_RECORD {
            // Abbreviation ids fit in the at most 32-bit width.
            return Ok(Entry::Record(id as u32));
        }
        self.advance_from(id)
    }

    /// [`Self::advance`] after a block end, block start or abbreviation
    /// definition with id `id`.
    fn advance_from(&mut self, mut id: u64) -> Result<Entry> {
        loop {
            match id {
                END_BLOCK => {
                    self.exit_block()?;
                    return Ok(Entry::EndBlock);
                }
                ENTER_SUBBLOCK => {
                    let block_id = self.read_u32_vbr(8, "block id")?;
                    if block_id != BLOCKINFO_BLOCK_ID {
                        return Ok(Entry::SubBlock(block_id));
                    }
                    self.read_blockinfo()?;
                }
                DEFINE_ABBREV => {
                    if self.scopes.is_empty() {
                        return Err(self.error("abbreviation defined outside any block"));
                    }
                    self.abbrevs.read(&mut self.cursor)?;
                }
                _ => return Ok(Entry::Record(id as u32)),
            }
            id = self.cursor.read(self.abbrev_width)?;
        }
    }

    #[inline]
    fn read_u32_vbr(&mut self, width: u32, what: &str) -> Result<u32> {
        let v = self.cursor.read_vbr(width)?;
        u32::try_from(v).map_err(|_| self.too_wide(what, v))
    }

    #[cold]
    fn too_wide(&self, what: &str, v: u64) -> crate::Error {
        self.error(format!("{what} {v} does not fit in 32 bits"))
    }

    /// Reads a block header (after [`Entry::SubBlock`]): returns the abbreviation
    /// width and the end position in bits.
    fn read_block_header(&mut self) -> Result<(u32, u64)> {
        let width = self.read_u32_vbr(4, "abbreviation width")?;
        if !(1..=32).contains(&width) {
            return Err(self.error(format!(
                "block abbreviation width {width} is outside 1..=32"
            )));
        }
        self.cursor.align32()?;
        let words = self.cursor.read(32)?;
        let end = words
            .checked_mul(32)
            .and_then(|bits| self.cursor.pos().checked_add(bits))
            .filter(|end| *end <= self.cursor.end());
        let Some(end) = end else {
            return Err(self.error(format!(
                "block of {words} words runs past the end of the stream"
            )));
        };
        Ok((width, end))
    }

    /// Enters the block announced by the last [`Entry::SubBlock`].
    pub fn enter_block(&mut self, block_id: u32) -> Result<()> {
        if self.scopes.len() >= MAX_BLOCK_DEPTH {
            return Err(self.error(format!("blocks nested deeper than {MAX_BLOCK_DEPTH}")));
        }
        let (width, end) = self.read_block_header()?;
        let inherited = self
            .blockinfo
            .ids
            .iter()
            .position(|(id, _)| *id == block_id);
        let inherited_len = inherited
            .and_then(|i| self.blockinfo.ids.get(i))
            .map_or(0, |(_, list)| list.len());
        self.scopes.push(Scope {
            block_id,
            outer_width: self.abbrev_width,
            abbrev_base: self.abbrevs.len(),
            inherited,
            inherited_len,
            end,
        });
        self.abbrev_width = width;
        Ok(())
    }

    /// Skips the block announced by the last [`Entry::SubBlock`] in O(1).
    pub fn skip_block(&mut self) -> Result<()> {
        let (_, end) = self.read_block_header()?;
        self.cursor.seek(end)
    }

    fn exit_block(&mut self) -> Result<()> {
        let Some(scope) = self.scopes.pop() else {
            return Err(self.error("END_BLOCK outside any block"));
        };
        self.cursor.align32()?;
        if self.cursor.pos() > scope.end {
            return Err(self.error(format!(
                "block {} overruns its declared end at bit {}",
                scope.block_id, scope.end
            )));
        }
        self.abbrevs.truncate(scope.abbrev_base);
        self.abbrev_width = scope.outer_width;
        Ok(())
    }

    /// Skips the rest of the current block, including its END_BLOCK.
    pub fn skip_to_block_end(&mut self) -> Result<()> {
        let Some(scope) = self.scopes.last().copied() else {
            return Err(self.error("no block to skip"));
        };
        self.cursor.seek(scope.end)?;
        self.scopes.pop();
        self.abbrevs.truncate(scope.abbrev_base);
        self.abbrev_width = scope.outer_width;
        Ok(())
    }

    /// Reads a BLOCKINFO block, the first one of the stream from the cache
    /// when it has the same bytes: parsed from no earlier BLOCKINFO, it
    /// gives the same tables wherever it appears. It is cached only when its
    /// END_BLOCK lies at its declared end, so that skipping to that end is
    /// where the parse would have left the reader.
    fn read_blockinfo(&mut self) -> Result<()> {
        self.enter_block(BLOCKINFO_BLOCK_ID)?;
        let first = self.blockinfo.ids.is_empty() && self.blockinfo.abbrevs.len() == 0;
        let cached = self.blockinfo_cache.filter(|_| first);
        let key = cached.and_then(|cache| Some((cache, self.block_body()?)));
        if let Some((cache, (width, body))) = key {
            if let Some(hit) = cache.get(width, body) {
                self.blockinfo = Arc::clone(&hit.value);
                return self.skip_to_block_end();
            }
        }
        let end = self.scopes.last().map_or(0, |s| s.end);
        self.parse_blockinfo()?;
        if let Some((cache, (width, body))) = key {
            if self.cursor.pos() == end {
                cache.put(width, body, Arc::clone(&self.blockinfo));
            }
        }
        Ok(())
    }

    /// [`Self::read_blockinfo`] after the block header: its records.
    fn parse_blockinfo(&mut self) -> Result<()> {
        let depth = self.scopes.len();
        let mut current: Option<usize> = None;
        let mut ops = Vec::new();
        loop {
            let id = self.cursor.read(self.abbrev_width)?;
            match id {
                END_BLOCK => {
                    self.exit_block()?;
                    debug_assert_eq!(self.scopes.len(), depth.saturating_sub(1));
                    return Ok(());
                }
                ENTER_SUBBLOCK => {
                    self.read_u32_vbr(8, "block id")?;
                    self.skip_block()?;
                }
                DEFINE_ABBREV => {
                    let info = Arc::make_mut(&mut self.blockinfo);
                    let list = current.and_then(|index| info.ids.get_mut(index));
                    let Some((_, list)) = list else {
                        return Err(self.error("BLOCKINFO abbreviation before SETBID"));
                    };
                    let index = u32::try_from(info.abbrevs.len())
                        .map_err(|_| self.cursor.error("too many BLOCKINFO abbreviations"))?;
                    info.abbrevs.read(&mut self.cursor)?;
                    list.push(index);
                }
                _ => {
                    let code = self.read_record(id as u32, &mut ops)?;
                    if code == BLOCKINFO_CODE_SETBID {
                        let Some(&bid) = ops.first() else {
                            return Err(self.error("SETBID record without a block id"));
                        };
                        let bid = u32::try_from(bid)
                            .map_err(|_| self.error("SETBID block id out of range"))?;
                        let ids = &mut Arc::make_mut(&mut self.blockinfo).ids;
                        current = Some(match ids.iter().position(|(b, _)| *b == bid) {
                            Some(i) => i,
                            None => {
                                let index = ids.len();
                                ids.push((bid, SmallVec::new()));
                                index
                            }
                        });
                    }
                }
            }
        }
    }

    /// The abbreviation with id `abbrev_id` in the innermost block (those
    /// it inherits from BLOCKINFO first, then its own) and its table.
    #[inline]
    fn lookup(&self, abbrev_id: u32) -> Option<(&AbbrevTable, Shape)> {
        let scope = self.scopes.last()?;
        let index = (abbrev_id as usize).checked_sub(4)?;
        match index.checked_sub(scope.inherited_len) {
            None => {
                let info = &self.blockinfo;
                let list = &info.ids.get(scope.inherited?)?.1;
                Some((&info.abbrevs, info.abbrevs.get(*list.get(index)? as usize)?))
            }
            Some(own) => Some((
                &self.abbrevs,
                self.abbrevs.get(scope.abbrev_base.checked_add(own)?)?,
            )),
        }
    }

    /// Reads the record with abbreviation id `abbrev_id` (from
    /// [`Entry::Record`]): returns its code and puts its operands into `ops`
    /// (cleared first). Array and blob elements are appended one per operand.
    #[inline]
    pub fn read_record(&mut self, abbrev_id: u32, ops: &mut Vec<u64>) -> Result<u32> {
        ops.clear();
        if u64::from(abbrev_id) == UNABBREV_RECORD {
            let (code, count) = self.read_unabbreviated_header()?;
            // `count` fields of at least 6 bits fit in what remains.
            self.cursor.read_vbr_run(6, count as usize, ops)?;
            return Ok(code);
        }
        self.read_abbreviated(abbrev_id, ops)
    }

    /// [`Self::read_record`] for records whose trailing operands may be
    /// text: when `text_at(code)` gives an index, the operands from it on
    /// are characters (0..=255) and are appended to `text` as bytes
    /// instead of to `ops`. Character runs of unabbreviated records and
    /// character arrays and blobs of abbreviated ones are decoded straight
    /// to bytes, without a `u64` per character.
    #[inline]
    pub fn read_record_text(
        &mut self,
        abbrev_id: u32,
        text_at: impl Fn(u32) -> Option<usize>,
        ops: &mut Vec<u64>,
        text: &mut Vec<u8>,
    ) -> Result<u32> {
        ops.clear();
        if u64::from(abbrev_id) != UNABBREV_RECORD {
            return self.read_abbreviated_text(abbrev_id, text_at, ops, text);
        }
        let (code, count) = self.read_unabbreviated_header()?;
        // `count` fields of at least 6 bits fit in what remains.
        let count = count as usize;
        match text_at(code) {
            Some(start) if start < count => {
                self.cursor.read_vbr_run(6, start, ops)?;
                self.cursor
                    .read_vbr6_text(count.wrapping_sub(start), text)?;
            }
            _ => self.cursor.read_vbr_run(6, count, ops)?,
        }
        Ok(code)
    }

    /// The code and operand count of an unabbreviated record, the count
    /// checked against what remains of the stream.
    #[inline(always)]
    fn read_unabbreviated_header(&mut self) -> Result<(u32, u64)> {
        // Mostly the code and the operand count are one or two vbr6 chunks
        // each (below 1024; CALL's code is two): both come from one load.
        let fast = self.cursor.peek().and_then(|word| {
            let (code, code_bits) = short_vbr6(word)?;
            let (count, count_bits) = short_vbr6(word >> code_bits)?;
            Some((code as u32, count, code_bits.wrapping_add(count_bits)))
        });
        let (code, count) = match fast {
            Some((code, count, bits)) => {
                // At most 24 bits, inside the load (see `Cursor::skip`).
                self.cursor.skip(bits);
                (code, count)
            }
            None => (
                self.read_u32_vbr(6, "record code")?,
                self.cursor.read_vbr(6)?,
            ),
        };
        if count.saturating_mul(6) > self.cursor.remaining() {
            return Err(self.error(format!(
                "record with {count} operands runs past the end of the stream"
            )));
        }
        Ok((code, count))
    }

    /// [`Self::read_record_text`] for a record with an abbreviation: a
    /// trailing array of characters of at most 8 bits, or a blob, right
    /// where the text starts goes straight to bytes; any other shape is
    /// decoded as usual and its text operands narrowed afterwards.
    fn read_abbreviated_text(
        &mut self,
        abbrev_id: u32,
        text_at: impl Fn(u32) -> Option<usize>,
        ops: &mut Vec<u64>,
        text: &mut Vec<u8>,
    ) -> Result<u32> {
        let Some((table, shape)) = self.lookup(abbrev_id) else {
            return Err(self.error(format!("undefined abbreviation id {abbrev_id}")));
        };
        let mut cursor = self.cursor.clone();
        let code = read_code_and_scalars(&mut cursor, table, &shape, ops)?;
        let code = u32::try_from(code)
            .map_err(|_| self.error(format!("record code {code} does not fit in 32 bits")))?;
        let start = text_at(code);
        match (shape.tail, start) {
            (Tail::None, _) => {}
            (Tail::Blob, Some(start)) if start == ops.len() => {
                let len = cursor.read_vbr(6)?;
                cursor.align32()?;
                text.extend_from_slice(cursor.read_bytes(len)?);
                cursor.align32()?;
            }
            (Tail::Array(element @ (AbbrevOp::Fixed(1..=8) | AbbrevOp::Char6)), Some(start))
                if start == ops.len() =>
            {
                let count = read_array_len(&mut cursor, element)?;
                match element {
                    AbbrevOp::Fixed(w) => {
                        cursor.read_narrow_text(u32::from(w), count, |b| b, text)?
                    }
                    _ => cursor.read_narrow_text(6, count, |b| decode_char6(u64::from(b)), text)?,
                }
            }
            (Tail::Blob, _) => read_blob(&mut cursor, ops)?,
            (Tail::Array(element), _) => read_array(&mut cursor, element, ops)?,
        }
        self.cursor = cursor;
        if let Some(tail) = start.and_then(|s| ops.get(s..)) {
            if tail.iter().any(|&c| c > 0xff) {
                return Err(self.error("character out of range in a string record"));
            }
            text.extend(tail.iter().map(|&c| c as u8));
            ops.truncate(start.unwrap_or(0));
        }
        Ok(code)
    }

    /// [`Self::read_record`] for a record with an abbreviation.
    fn read_abbreviated(&mut self, abbrev_id: u32, ops: &mut Vec<u64>) -> Result<u32> {
        let Some((table, shape)) = self.lookup(abbrev_id) else {
            return Err(self.error(format!("undefined abbreviation id {abbrev_id}")));
        };
        // A copy, so that the position stays in a register while the
        // operands are stored.
        let mut cursor = self.cursor.clone();
        let code = read_code_and_scalars(&mut cursor, table, &shape, ops)?;
        match shape.tail {
            Tail::None => {}
            Tail::Blob => read_blob(&mut cursor, ops)?,
            Tail::Array(element) => read_array(&mut cursor, element, ops)?,
        }
        self.cursor = cursor;
        u32::try_from(code)
            .map_err(|_| self.error(format!("record code {code} does not fit in 32 bits")))
    }
}

/// Decodes the code and the scalar operands of a record with abbreviation
/// `shape` of `table`: returns the code and appends the operands to `ops`.
#[inline(always)]
fn read_code_and_scalars(
    cursor: &mut Cursor<'_>,
    table: &AbbrevTable,
    shape: &Shape,
    ops: &mut Vec<u64>,
) -> Result<u64> {
    // `AbbrevTable::read` guarantees a scalar code.
    let Some((&code_op, rest)) = table.scalars(shape).and_then(|s| s.split_first()) else {
        return Err(cursor.error("abbreviation without operands"));
    };
    let code = read_scalar(cursor, code_op)?;
    read_scalars(cursor, rest, ops)?;
    Ok(code)
}

/// Appends the bytes of a blob operand, one per operand, to `ops`.
fn read_blob(cursor: &mut Cursor<'_>, ops: &mut Vec<u64>) -> Result<()> {
    let len = cursor.read_vbr(6)?;
    cursor.align32()?;
    let bytes = cursor.read_bytes(len)?;
    ops.extend(bytes.iter().map(|&b| u64::from(b)));
    cursor.align32()
}

/// The element count of an array operand, checked against what remains of
/// the stream: `count` elements of at least one bit each fit in it, so
/// that reservations for them are bounded.
#[inline(always)]
fn read_array_len(cursor: &mut Cursor<'_>, element: AbbrevOp) -> Result<usize> {
    let count = cursor.read_vbr(6)?;
    let min_bits = match element {
        AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) => u64::from(w),
        _ => 6,
    };
    if count.saturating_mul(min_bits) > cursor.remaining() {
        return Err(cursor.error(format!(
            "array of {count} elements runs past the end of the stream"
        )));
    }
    Ok(count as usize)
}

/// Appends the elements of an array operand (after its abbreviation said
/// so) to `ops`.
#[inline]
fn read_array(cursor: &mut Cursor<'_>, element: AbbrevOp, ops: &mut Vec<u64>) -> Result<()> {
    let count = read_array_len(cursor, element)?;
    match element {
        AbbrevOp::Vbr(w) => cursor.read_vbr_run(u32::from(w), count, ops),
        AbbrevOp::Fixed(w) => cursor.read_run(u32::from(w), count, ops),
        _ => cursor.read_char6_run(count, ops),
    }
}

/// Appends the scalar operands encoded by `scalars` to `ops`: every one
/// that fits in a loaded word is decoded from it, so that a record's
/// fields share one load; the rest one at a time.
#[inline(always)]
fn read_scalars(cursor: &mut Cursor<'_>, scalars: &[AbbrevOp], ops: &mut Vec<u64>) -> Result<()> {
    ops.reserve(scalars.len());
    let mut rest = scalars;
    while let Some((&first, after_first)) = rest.split_first() {
        let left = rest.len();
        if let Some(word) = cursor.peek() {
            let mut used = 0u32;
            while let Some((&op, after)) = rest.split_first() {
                // `used <= FAST_BITS < 64`: the shift is in range.
                let valid = FAST_BITS.wrapping_sub(used);
                let Some((value, bits)) = scalar_in_word(word >> used, op, valid) else {
                    break;
                };
                ops.push(value);
                used = used.wrapping_add(bits);
                rest = after;
            }
            // Only bits the peek loaded were taken.
            cursor.skip(used);
            if rest.len() < left {
                continue;
            }
        }
        // Near the end of the data, or a field longer than one load.
        ops.push(read_scalar(cursor, first)?);
        rest = after_first;
    }
    Ok(())
}

/// One scalar operand decoded from the start of a loaded word of which
/// `valid` bits are valid, and the bits it takes; `None` when it does not
/// fit.
#[inline(always)]
fn scalar_in_word(word: u64, op: AbbrevOp, valid: u32) -> Option<(u64, u32)> {
    match op {
        AbbrevOp::Literal(v) => Some((v, 0)),
        AbbrevOp::Fixed(w) => {
            let w = u32::from(w);
            (w <= valid).then(|| (word & !(u64::MAX << w), w))
        }
        AbbrevOp::Vbr(w) => vbr_in_word(word, u32::from(w), valid),
        AbbrevOp::Char6 => (6 <= valid).then(|| (u64::from(decode_char6(word & 63)), 6)),
        AbbrevOp::Array | AbbrevOp::Blob => None,
    }
}

/// Reads one scalar operand (literal, fixed, VBR or char6).
#[inline(always)]
fn read_scalar(cursor: &mut Cursor<'_>, op: AbbrevOp) -> Result<u64> {
    match op {
        AbbrevOp::Literal(v) => Ok(v),
        AbbrevOp::Fixed(w) => cursor.read(u32::from(w)),
        AbbrevOp::Vbr(w) => cursor.read_vbr(u32::from(w)),
        AbbrevOp::Char6 => Ok(u64::from(decode_char6(cursor.read(6)?))),
        AbbrevOp::Array | AbbrevOp::Blob => {
            Err(cursor.error("array or blob where a scalar operand is expected"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::bit_writer::BitWriter as Writer;
    use super::*;

    const WIDTH: u32 = 4;

    /// A record's fields after its abbreviation id: (value, width, VBR?);
    /// width 0 aligns to 32 bits (around a blob's bytes).
    type Fields = Vec<(u64, u32, bool)>;

    /// An abbreviation's operands: (literal?, value or encoding, width).
    type AbbrevDef<'a> = &'a [(bool, u64, u64)];

    /// Each record's operands and text.
    type Decoded = Vec<(Vec<u64>, Vec<u8>)>;

    /// A block (id 8, abbreviation width 4) that defines `abbrevs` (each
    /// a list of (is literal, encoding or value, width)) and holds
    /// `records` (abbreviation id, writer of the fields), `skew` bits of
    /// padding in a leading unabbreviated record shifting everything.
    /// Returns the stream and the length it needs for its last record.
    fn stream(abbrevs: &[AbbrevDef<'_>], records: &[(u64, Fields)]) -> (Vec<u8>, usize) {
        let mut w = Writer::default();
        w.put(ENTER_SUBBLOCK, 2);
        w.vbr(8, 8);
        w.vbr(u64::from(WIDTH), 4);
        w.align32();
        let words_at = w.bytes.len();
        w.put(0, 32);
        for ops in abbrevs {
            w.put(DEFINE_ABBREV, WIDTH);
            w.vbr(ops.len() as u64, 5);
            for &(literal, a, b) in *ops {
                w.put(u64::from(literal), 1);
                if literal {
                    w.vbr(a, 8);
                } else {
                    w.put(a, 3);
                    if a == 1 || a == 2 {
                        w.vbr(b, 5);
                    }
                }
            }
        }
        for (id, fields) in records {
            w.put(*id, WIDTH);
            for &(value, width, vbr) in fields {
                if vbr {
                    w.vbr(value, width);
                } else if width == 0 {
                    // A blob: length, alignment, bytes, alignment.
                    w.align32();
                } else {
                    w.put(value, width);
                }
            }
        }
        // The byte that holds the last record's last bit.
        let last = usize::try_from(w.bits.div_ceil(8)).unwrap();
        w.put(END_BLOCK, WIDTH);
        w.align32();
        let words = (w.bytes.len() - words_at - 4) / 4;
        w.bytes[words_at..words_at + 4].copy_from_slice(&(words as u32).to_le_bytes());
        (w.bytes, last)
    }

    fn chars(text: &[u8], width: u32) -> Fields {
        let mut fields = vec![(text.len() as u64, 6, true)];
        fields.extend(text.iter().map(|&c| (u64::from(c), width, false)));
        fields
    }

    /// Reads every record of the block both ways: `read_record_text`'s
    /// operands and bytes must be `read_record`'s operands split at the
    /// text start.
    fn read_both(data: &[u8], text_at: fn(u32) -> Option<usize>) -> Result<Decoded> {
        let mut plain = BitstreamReader::new(data, 0)?;
        let mut split = plain.clone();
        let mut out = Vec::new();
        for bs in [&mut plain, &mut split] {
            match bs.advance()? {
                Entry::SubBlock(id) => bs.enter_block(id)?,
                other => panic!("{other:?}"),
            }
        }
        loop {
            let (a, b) = (plain.advance()?, split.advance()?);
            assert_eq!(a, b);
            let Entry::Record(id) = a else { break };
            let (mut ops, mut text_ops, mut text) = (Vec::new(), Vec::new(), Vec::new());
            let code = plain.read_record(id, &mut ops)?;
            let split_code = split.read_record_text(id, text_at, &mut text_ops, &mut text)?;
            assert_eq!(code, split_code);
            assert_eq!(plain.pos(), split.pos());
            let start = text_at(code).unwrap_or(usize::MAX).min(ops.len());
            assert_eq!(&ops[..start], &text_ops[..]);
            let narrowed: Vec<u8> = ops[start..].iter().map(|&c| c as u8).collect();
            assert_eq!(narrowed, text);
            out.push((text_ops, text));
        }
        Ok(out)
    }

    #[test]
    fn text_records_match_plain_records_at_every_bit_offset() {
        // Abbreviations (literal?, encoding or value, width), ids 4 to 9.
        let pad: AbbrevDef<'_> = &[(true, 7, 0), (false, 3, 0), (false, 1, 1)];
        let char6: AbbrevDef<'_> = &[(true, 4, 0), (false, 3, 0), (false, 4, 0)];
        let fixed8: AbbrevDef<'_> = &[(false, 1, 3), (false, 2, 8), (false, 3, 0), (false, 1, 8)];
        let fixed7: AbbrevDef<'_> = &[(false, 1, 3), (false, 2, 8), (false, 3, 0), (false, 1, 7)];
        let blob: AbbrevDef<'_> = &[(true, 4, 0), (false, 5, 0)];
        let vbr_chars: AbbrevDef<'_> = &[(true, 5, 0), (false, 3, 0), (false, 2, 6)];
        let text_at = |code| match code {
            1 | 2 => Some(1),
            4 | 5 => Some(0),
            _ => None,
        };
        const CHAR6: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._";
        for skew in 0..16u64 {
            // `skew` one-bit elements shift what follows to every bit
            // position.
            let mut records = vec![(4, vec![(skew, 6, true)])];
            records[0].1.extend((0..skew).map(|_| (1, 1, false)));
            let mut named = chars(b"dx_precise9", 6);
            for field in &mut named[1..] {
                field.0 = CHAR6.iter().position(|&c| u64::from(c) == field.0).unwrap() as u64;
            }
            records.push((5, named));
            let mut vst = vec![(1, 3, false), (300, 8, true)];
            vst.extend(chars(b"main.entry \xe9!", 8));
            records.push((6, vst));
            let mut vst7 = vec![(2, 3, false), (5, 8, true)];
            vst7.extend(chars(b"block_1 \x7f", 7));
            records.push((7, vst7));
            let mut unabbreviated = vec![(2, 6, true), (7, 6, true), (42, 6, true)];
            unabbreviated.extend(b"kind.x".iter().map(|&c| (u64::from(c), 6, true)));
            records.push((3, unabbreviated));
            let mut bytes = vec![(5, 6, true), (0, 0, false)];
            bytes.extend(b"blob!".iter().map(|&c| (u64::from(c), 8, false)));
            bytes.push((0, 0, false));
            records.push((8, bytes));
            let mut vbr = vec![(4, 6, true)];
            vbr.extend(b"tbaa".iter().map(|&c| (u64::from(c), 6, true)));
            records.push((9, vbr));
            let (data, last) = stream(&[pad, char6, fixed8, fixed7, blob, vbr_chars], &records);
            let got = read_both(&data, text_at).unwrap();
            assert_eq!(got[0].0.len() as u64, skew);
            assert_eq!(got[1], (vec![], b"dx_precise9".to_vec()), "skew {skew}");
            assert_eq!(
                got[2],
                (vec![300], b"main.entry \xe9!".to_vec()),
                "skew {skew}"
            );
            assert_eq!(got[3], (vec![5], b"block_1 \x7f".to_vec()), "skew {skew}");
            assert_eq!(got[4], (vec![42], b"kind.x".to_vec()), "skew {skew}");
            assert_eq!(got[5], (vec![], b"blob!".to_vec()), "skew {skew}");
            assert_eq!(got[6], (vec![], b"tbaa".to_vec()), "skew {skew}");
            // Cut anywhere before the last record ends, with the block's
            // length cut to match, the stream is an error, never a panic.
            for cut in 8..last {
                let mut cut_data = data[..cut].to_vec();
                let words = ((cut - 8) / 4) as u32;
                cut_data[4..8].copy_from_slice(&words.to_le_bytes());
                assert!(
                    read_both(&cut_data, text_at).is_err(),
                    "skew {skew} cut {cut}"
                );
            }
        }
    }

    #[test]
    fn wide_characters_in_text_records_are_errors() {
        let vbr_chars: AbbrevDef<'_> = &[(true, 5, 0), (false, 3, 0), (false, 2, 6)];
        let vbr = vec![(2, 6, true), (97, 6, true), (256, 6, true)];
        let (data, _) = stream(&[vbr_chars], &[(4, vbr)]);
        let err = read_both(&data, |_| Some(0)).unwrap_err();
        assert!(err.to_string().contains("character out of range"), "{err}");
        let unabbreviated = vec![(5, 6, true), (2, 6, true), (97, 6, true), (300, 6, true)];
        let (data, _) = stream(&[], &[(3, unabbreviated)]);
        let err = read_both(&data, |_| Some(0)).unwrap_err();
        assert!(err.to_string().contains("character out of range"), "{err}");
    }
}

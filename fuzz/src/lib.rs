//! Shared code of the dxil2spirv fuzz targets: the entry points each target
//! drives, and, for the structure-aware `records` target, a bitstream tree
//! (decoded with the library's own `BitstreamReader`), its mutations and a
//! small LLVM bitstream writer.
//!
//! The raw-bytes entry points ([`container`], [`bitstream`], [`ir`],
//! [`compile`]) live in `entry.rs`, which the main crate's replay test
//! `tests/suite/fuzz_regressions.rs` includes too: a saved crash input is replayed
//! through exactly the code that found it. [`rootsig`] lives in `rootsig.rs`,
//! which the main crate's mutation test `tests/suite/rootsig_fuzz.rs`
//! includes the same way.

use arbitrary::Arbitrary;
use dxil2spirv::bitstream::Entry;

mod entry;
pub use entry::{bitstream, compile, container, ir};
mod rootsig;
pub use rootsig::rootsig;

// ---------------------------------------------------------------------------
// Bitstream tree, writer and mutations (the `records` target)
// ---------------------------------------------------------------------------

/// One record: its code and operands (array and blob elements flattened,
/// exactly as `BitstreamReader::read_record` returns them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Record code.
    pub code: u32,
    /// Operands.
    pub ops: Vec<u64>,
}

/// A block or a record inside a block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A record.
    Record(Record),
    /// A nested block.
    Block(Block),
}

/// A block: its id and contents (BLOCKINFO is consumed by the reader and
/// abbreviations are resolved, so neither appears).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// Block id.
    pub id: u32,
    /// Records and nested blocks, in stream order.
    pub items: Vec<Item>,
}

/// A whole bitcode file: the top-level items after the magic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    /// Top-level items (normally one MODULE block).
    pub items: Vec<Item>,
}

impl Tree {
    /// Decodes bare bitcode with the library's `BitstreamReader`.
    pub fn decode(bitcode: &[u8]) -> dxil2spirv::Result<Tree> {
        let mut bs = dxil2spirv::bitstream::open(bitcode)?;
        let mut ops = Vec::new();
        // Stack of open blocks; the bottom one holds the top-level items.
        let mut stack = vec![Block {
            id: u32::MAX,
            items: Vec::new(),
        }];
        loop {
            if stack.len() == 1 && bs.at_end() {
                break;
            }
            match bs.advance()? {
                Entry::SubBlock(id) => {
                    bs.enter_block(id)?;
                    stack.push(Block {
                        id,
                        items: Vec::new(),
                    });
                }
                Entry::EndBlock => {
                    let Some(done) = stack.pop() else { break };
                    match stack.last_mut() {
                        Some(parent) => parent.items.push(Item::Block(done)),
                        None => return Err(bs.error("END_BLOCK at top level")),
                    }
                }
                Entry::Record(abbrev) => {
                    let code = bs.read_record(abbrev, &mut ops)?;
                    if let Some(block) = stack.last_mut() {
                        block.items.push(Item::Record(Record {
                            code,
                            ops: ops.clone(),
                        }));
                    }
                }
            }
        }
        let items = stack.pop().map(|b| b.items).unwrap_or_default();
        Ok(Tree { items })
    }

    /// Encodes as bitcode: magic, then every block with abbreviation width
    /// [`ABBREV_WIDTH`] and every record unabbreviated.
    pub fn encode(&self) -> Vec<u8> {
        let mut w = BitWriter::default();
        for b in dxil2spirv::bitstream::BITCODE_MAGIC {
            w.emit(u64::from(b), 8);
        }
        for item in &self.items {
            write_item(&mut w, item, TOP_LEVEL_WIDTH);
        }
        w.align32();
        w.into_bytes()
    }

    /// Number of records, all blocks included.
    pub fn record_count(&self) -> usize {
        fn count(items: &[Item]) -> usize {
            items
                .iter()
                .map(|i| match i {
                    Item::Record(_) => 1,
                    Item::Block(b) => count(&b.items),
                })
                .sum()
        }
        count(&self.items)
    }

    /// Paths (indices of nested blocks from the top level) of every item
    /// list: the top level first, then blocks in preorder.
    fn list_paths(&self) -> Vec<Vec<usize>> {
        fn collect(items: &[Item], prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            out.push(prefix.clone());
            for (i, item) in items.iter().enumerate() {
                if let Item::Block(b) = item {
                    prefix.push(i);
                    collect(&b.items, prefix, out);
                    prefix.pop();
                }
            }
        }
        let mut out = Vec::new();
        collect(&self.items, &mut Vec::new(), &mut out);
        out
    }

    fn list(&self, path: &[usize]) -> &Vec<Item> {
        let mut items = &self.items;
        for &i in path {
            if let Some(Item::Block(b)) = items.get(i) {
                items = &b.items;
            }
        }
        items
    }

    fn list_mut(&mut self, path: &[usize]) -> &mut Vec<Item> {
        let mut items = &mut self.items;
        for &i in path {
            match items.get_mut(i) {
                Some(Item::Block(b)) => items = &mut b.items,
                _ => unreachable!("paths come from list_paths"),
            }
        }
        items
    }

    /// Calls `f` with the item list of the `n`-th block (modulo the count).
    fn with_list<R>(&mut self, n: usize, f: impl FnOnce(&mut Vec<Item>) -> R) -> R {
        let paths = self.list_paths();
        let path = &paths[n % paths.len()];
        f(self.list_mut(path))
    }

    /// Calls `f` with the list holding the `n`-th record (modulo the count)
    /// and its index there; nothing if there are no records.
    fn with_record<R>(
        &mut self,
        n: usize,
        f: impl FnOnce(&mut Vec<Item>, usize) -> R,
    ) -> Option<R> {
        let total = self.record_count();
        if total == 0 {
            return None;
        }
        let mut n = n % total;
        for path in self.list_paths() {
            let records: Vec<usize> = self
                .list(&path)
                .iter()
                .enumerate()
                .filter(|(_, i)| matches!(i, Item::Record(_)))
                .map(|(i, _)| i)
                .collect();
            if let Some(&index) = records.get(n) {
                return Some(f(self.list_mut(&path), index));
            }
            n -= records.len();
        }
        None
    }

    /// Applies one mutation.
    pub fn mutate(&mut self, m: &Mutation) {
        match *m {
            Mutation::SetOperand {
                record,
                operand,
                ref value,
            } => {
                self.with_record(record as usize, |list, i| {
                    if let Item::Record(r) = &mut list[i] {
                        if r.ops.is_empty() {
                            r.ops.push(value.apply(0));
                        } else {
                            let k = operand as usize % r.ops.len();
                            r.ops[k] = value.apply(r.ops[k]);
                        }
                    }
                });
            }
            Mutation::SetCode { record, code } => {
                self.with_record(record as usize, |list, i| {
                    if let Item::Record(r) = &mut list[i] {
                        r.code = code;
                    }
                });
            }
            Mutation::DropRecord { record } => {
                self.with_record(record as usize, |list, i| {
                    list.remove(i);
                });
            }
            Mutation::DuplicateRecord { record } => {
                self.with_record(record as usize, |list, i| {
                    let copy = list[i].clone();
                    list.insert(i, copy);
                });
            }
            Mutation::SwapRecords { record, with } => {
                self.with_record(record as usize, |list, i| {
                    let j = (i + 1 + with as usize) % list.len();
                    list.swap(i, j);
                });
            }
            Mutation::TruncateOperands { record, keep } => {
                self.with_record(record as usize, |list, i| {
                    if let Item::Record(r) = &mut list[i] {
                        r.ops.truncate(keep as usize);
                    }
                });
            }
            Mutation::AppendOperand { record, ref value } => {
                self.with_record(record as usize, |list, i| {
                    if let Item::Record(r) = &mut list[i] {
                        r.ops.push(value.apply(0));
                    }
                });
            }
            Mutation::InsertRecord {
                block,
                at,
                code,
                ref ops,
            } => {
                self.with_list(block as usize, |list| {
                    let at = at as usize % (list.len() + 1);
                    let ops = ops.iter().map(|v| v.apply(0)).collect();
                    list.insert(at, Item::Record(Record { code, ops }));
                });
            }
            Mutation::TruncateBlock { block, keep } => {
                self.with_list(block as usize, |list| list.truncate(keep as usize));
            }
        }
    }
}

/// A structural change to a [`Tree`]. Records are numbered across the
/// whole tree in stream order and blocks in preorder (top level is block 0);
/// numbers wrap around.
#[derive(Arbitrary, Clone, Debug)]
pub enum Mutation {
    /// Change one operand of a record (or give an empty record one).
    SetOperand {
        /// Record number.
        record: u32,
        /// Operand index.
        operand: u16,
        /// New value.
        value: Value,
    },
    /// Change a record's code.
    SetCode {
        /// Record number.
        record: u32,
        /// New code.
        code: u32,
    },
    /// Remove a record.
    DropRecord {
        /// Record number.
        record: u32,
    },
    /// Repeat a record in place.
    DuplicateRecord {
        /// Record number.
        record: u32,
    },
    /// Swap a record with another item of its block.
    SwapRecords {
        /// Record number.
        record: u32,
        /// Distance to the other item, minus one.
        with: u16,
    },
    /// Drop trailing operands of a record.
    TruncateOperands {
        /// Record number.
        record: u32,
        /// Operands kept.
        keep: u8,
    },
    /// Add an operand at the end of a record.
    AppendOperand {
        /// Record number.
        record: u32,
        /// The operand.
        value: Value,
    },
    /// Insert a new record into a block.
    InsertRecord {
        /// Block number.
        block: u16,
        /// Position among its items.
        at: u16,
        /// Record code.
        code: u32,
        /// Operands.
        ops: Vec<Value>,
    },
    /// Keep only the first items of a block.
    TruncateBlock {
        /// Block number.
        block: u16,
        /// Items kept.
        keep: u16,
    },
}

/// A new operand value, relative to the old one or absolute.
#[derive(Arbitrary, Clone, Debug)]
pub enum Value {
    /// The old value plus a small signed delta (wrapping).
    Delta(i8),
    /// A small value.
    Small(u8),
    /// A boundary value from [`BOUNDARIES`].
    Boundary(u8),
    /// Any value.
    Any(u64),
}

/// Values at the edges of the widths readers convert to.
pub const BOUNDARIES: [u64; 12] = [
    0,
    1,
    0x7F,
    0xFF,
    0x7FFF,
    0xFFFF,
    0x7FFF_FFFF,
    0x8000_0000,
    0xFFFF_FFFF,
    0x1_0000_0000,
    i64::MAX as u64,
    u64::MAX,
];

impl Value {
    /// The new value given the old one.
    pub fn apply(&self, old: u64) -> u64 {
        match *self {
            Value::Delta(d) => old.wrapping_add(d as i64 as u64),
            Value::Small(v) => u64::from(v),
            Value::Boundary(i) => BOUNDARIES[i as usize % BOUNDARIES.len()],
            Value::Any(v) => v,
        }
    }
}

/// The input of the `records` target: which seed blob, then the mutations
/// (at most [`MAX_MUTATIONS`] are applied).
#[derive(Arbitrary, Clone, Debug)]
pub struct RecordsInput {
    /// Seed blob index (modulo the number of seeds).
    pub seed: u8,
    /// Mutations, applied in order.
    pub mutations: Vec<Mutation>,
}

/// Mutations applied per input, at most.
pub const MAX_MUTATIONS: usize = 16;

/// Abbreviation width of every block the writer emits (no abbreviations are
/// defined, so ids 0–3 suffice; 3 bits like most LLVM blocks' minimum).
pub const ABBREV_WIDTH: u32 = 3;
/// The bitstream's abbreviation width outside any block.
const TOP_LEVEL_WIDTH: u32 = 2;

fn write_item(w: &mut BitWriter, item: &Item, width: u32) {
    match item {
        Item::Record(r) => {
            // UNABBREV_RECORD: code vbr6, operand count vbr6, operands vbr6.
            w.emit(3, width);
            w.vbr(u64::from(r.code), 6);
            w.vbr(r.ops.len() as u64, 6);
            for &op in &r.ops {
                w.vbr(op, 6);
            }
        }
        Item::Block(b) => {
            // ENTER_SUBBLOCK: block id vbr8, new abbreviation width vbr4,
            // align to 32 bits, block length in 32-bit words.
            w.emit(1, width);
            w.vbr(u64::from(b.id), 8);
            w.vbr(u64::from(ABBREV_WIDTH), 4);
            w.align32();
            let len_at = w.bit_len();
            w.emit(0, 32);
            let start = w.bit_len();
            for item in &b.items {
                write_item(w, item, ABBREV_WIDTH);
            }
            // END_BLOCK, aligned to 32 bits.
            w.emit(0, ABBREV_WIDTH);
            w.align32();
            let words = (w.bit_len() - start) / 32;
            w.patch32(len_at, words as u32);
        }
    }
}

/// An LLVM bitstream writer: bits little-endian within 32-bit words, so
/// byte-wise little endian.
#[derive(Default)]
pub struct BitWriter {
    bytes: Vec<u8>,
    bits: usize,
}

impl BitWriter {
    /// Writes the low `width` bits of `value` (width ≤ 64).
    pub fn emit(&mut self, value: u64, width: u32) {
        for i in 0..width {
            if self.bits % 8 == 0 {
                self.bytes.push(0);
            }
            if (value >> i) & 1 == 1 {
                if let Some(b) = self.bytes.last_mut() {
                    *b |= 1 << (self.bits % 8);
                }
            }
            self.bits += 1;
        }
    }

    /// Writes `value` as a variable bit rate number in chunks of `width`
    /// bits (the high bit of a chunk says more chunks follow).
    pub fn vbr(&mut self, mut value: u64, width: u32) {
        let hi = 1u64 << (width - 1);
        while value >= hi {
            self.emit((value & (hi - 1)) | hi, width);
            value >>= width - 1;
        }
        self.emit(value, width);
    }

    /// Pads with zero bits to a 32-bit boundary.
    pub fn align32(&mut self) {
        while self.bits % 32 != 0 {
            self.emit(0, 1);
        }
    }

    /// Bits written so far.
    pub fn bit_len(&self) -> usize {
        self.bits
    }

    /// Overwrites the 32-bit word at bit `at` (a multiple of 32).
    pub fn patch32(&mut self, at: usize, value: u32) {
        let at = at / 8;
        self.bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
    }

    /// The bytes written.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

/// The bitcode of a DXBC container's program part (or the input itself if
/// it is bare bitcode).
pub fn program_bitcode(blob: &[u8]) -> Option<&[u8]> {
    let c = dxil2spirv::container::parse(blob).ok()?;
    Some(c.program().ok()?.bitcode)
}

/// Checks the writer on an unmutated tree: the re-encoded bitcode must read
/// into the same IR as the original (printed the same way).
pub fn check_roundtrip(original: &[u8], reencoded: &[u8]) {
    let print = |bitcode: &[u8]| {
        dxil2spirv::ir::read(bitcode).map(|m| {
            let mut text = String::new();
            let _ = dxil2spirv::ir::write_module(&mut text, &m);
            text
        })
    };
    match (print(original), print(reencoded)) {
        (Ok(a), Ok(b)) => assert!(a == b, "re-encoded bitcode reads differently"),
        (Ok(_), Err(e)) => panic!("re-encoded bitcode does not read: {e}"),
        _ => {}
    }
}

//! Hostile input: every corpus blob truncated at many points and with many
//! single-bit flips. Every case must end in an error or a module — never a
//! panic — quickly, and with memory bounded by a small multiple of its size.

use crate::common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::time::{Duration, Instant};

/// Counts the live and peak heap bytes of each thread. Per thread, because
/// the suite is one test binary: other modules' tests allocate on other
/// threads while a measured read runs, and a process-wide count charged
/// their bytes to it.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

/// Adds `delta` bytes to this thread's live count and raises its peak.
fn count(delta: isize) {
    // `try_with`: nothing is counted while the thread's locals are torn down.
    let _ = LIVE.try_with(|live| {
        let now = live.get().wrapping_add(delta);
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

/// This thread's live bytes, and its peak reset to them.
fn start_measuring() -> isize {
    let live = LIVE.with(Cell::get);
    PEAK.with(|peak| peak.set(live));
    live
}

/// How far this thread's live bytes rose above `base` since
/// [`start_measuring`].
fn peak_since(base: isize) -> usize {
    usize::try_from(PEAK.with(Cell::get).saturating_sub(base)).unwrap_or(0)
}

// SAFETY: forwards to the system allocator unchanged; only counts bytes
// (in thread locals without destructors, which allocate nothing).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        // SAFETY: same contract as our caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        // SAFETY: same contract as our caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Reads one mutated blob and checks time and memory.
fn check(name: &str, what: &str, input: &[u8], slowest: &mut Duration, outcomes: &mut [usize; 2]) {
    let base = start_measuring();
    let start = Instant::now();
    let result = std::panic::catch_unwind(|| dxil2spirv::Shader::read(input).map(|_| ()));
    let elapsed = start.elapsed();
    let peak = peak_since(base);
    match result {
        Ok(Ok(())) => outcomes[0] += 1,
        Ok(Err(_)) => outcomes[1] += 1,
        Err(_) => panic!("{name} {what}: the reader panicked"),
    }
    *slowest = (*slowest).max(elapsed);
    let budget = 64 * input.len() + (1 << 20);
    assert!(
        peak <= budget,
        "{name} {what}: {peak} bytes allocated for a {} byte input",
        input.len()
    );
    assert!(
        elapsed < Duration::from_secs(2),
        "{name} {what}: took {elapsed:?}"
    );
}

#[test]
fn truncated_and_bit_flipped_blobs_never_panic() {
    let blobs = common::corpus::blobs();
    assert!(!blobs.is_empty());
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut slowest = Duration::ZERO;
    let mut outcomes = [0usize; 2];
    for (name, path) in &blobs {
        let blob = std::fs::read(path).expect("read blob");
        // Truncations: every length in the header region, then a stride.
        let mut lengths: Vec<usize> = (0..64.min(blob.len())).collect();
        lengths.extend((0..24).map(|_| rng.below(blob.len())));
        for len in lengths {
            check(
                name,
                &format!("truncated to {len}"),
                &blob[..len],
                &mut slowest,
                &mut outcomes,
            );
        }
        // Single-bit flips anywhere, biased towards the bitcode's start
        // (block headers, abbreviations, type table).
        let mut mutated = blob.clone();
        for i in 0..48 {
            let byte = if i % 2 == 0 {
                rng.below(blob.len())
            } else {
                rng.below(blob.len().min(512))
            };
            let bit = rng.below(8);
            mutated[byte] ^= 1 << bit;
            check(
                name,
                &format!("bit {bit} of byte {byte} flipped"),
                &mutated,
                &mut slowest,
                &mut outcomes,
            );
            mutated[byte] ^= 1 << bit;
        }
    }
    // The sweep must exercise both outcomes, or it tests nothing.
    assert!(
        outcomes[0] > 0 && outcomes[1] > 0,
        "outcomes (ok, error): {outcomes:?}"
    );
    eprintln!(
        "bad input: {} ok, {} errors, slowest {slowest:?}",
        outcomes[0], outcomes[1]
    );
}

#[test]
fn absurd_counts_fail_fast_with_little_memory() {
    // A module block whose type table declares 2^32 - 1 entries.
    let blob = type_table_module(&[(1 /* NUMENTRY */, vec![0xFFFF_FFFF])]);
    let base = start_measuring();
    let start = Instant::now();
    let err = dxil2spirv::ir::read(&blob).expect_err("absurd type count must be rejected");
    assert!(start.elapsed() < Duration::from_millis(100));
    assert!(peak_since(base) < 1 << 16, "allocated too much");
    assert!(err.to_string().contains("type count"), "{err}");
}

/// A bare bitcode module holding only a type table with these records
/// (code, operands), block lengths filled in.
fn type_table_module(records: &[(u64, Vec<u64>)]) -> Vec<u8> {
    let mut bits = BitWriter::default();
    bits.emit(0x42, 8);
    bits.emit(0x43, 8);
    bits.emit(0xDEC0, 16);
    // ENTER_SUBBLOCK(MODULE=8), abbrev width 3.
    bits.emit(1, 2);
    bits.vbr(8, 8);
    bits.vbr(3, 4);
    let module = bits.begin_block();
    // ENTER_SUBBLOCK(TYPE=17), abbrev width 4.
    bits.emit(1, 3);
    bits.vbr(17, 8);
    bits.vbr(4, 4);
    let types = bits.begin_block();
    for (code, ops) in records {
        bits.emit(3, 4); // UNABBREV_RECORD
        bits.vbr(*code, 6);
        bits.vbr(ops.len() as u64, 6);
        for &op in ops {
            bits.vbr(op, 6);
        }
    }
    bits.emit(0, 4); // END_BLOCK
    bits.end_block(types);
    bits.emit(0, 3); // END_BLOCK
    bits.end_block(module);
    bits.bytes
}

#[test]
fn self_containing_and_deeply_nested_types_are_rejected() {
    const NUMENTRY: u64 = 1;
    const INTEGER: u64 = 7;
    const ARRAY: u64 = 11;
    const STRUCT_NAME: u64 = 19;
    const STRUCT_NAMED: u64 = 20;
    // %A = type { %A }: a named struct's forward reference to itself.
    let recursive = type_table_module(&[
        (NUMENTRY, vec![1]),
        (STRUCT_NAME, vec![u64::from(b'A')]),
        (STRUCT_NAMED, vec![0, 0]),
    ]);
    let err = dxil2spirv::ir::read(&recursive).expect_err("a struct containing itself");
    assert!(err.to_string().contains("type 0 contains itself"), "{err}");

    // [1 x [1 x ... i32]] nested 100,000 deep: rejected, fast, without
    // recursion (a recursive walk would overflow the stack).
    let depth = 100_000u64;
    let mut records = vec![(NUMENTRY, vec![depth + 1]), (INTEGER, vec![32])];
    records.extend((0..depth).map(|i| (ARRAY, vec![1, i])));
    let deep = type_table_module(&records);
    let start = Instant::now();
    let err = dxil2spirv::ir::read(&deep).expect_err("a 100,000-level type");
    assert!(start.elapsed() < Duration::from_secs(1));
    let limit = dxil2spirv::ir::MAX_TYPE_DEPTH;
    assert!(
        err.to_string()
            .contains(&format!("nests deeper than {limit} levels")),
        "{err}"
    );

    // The deepest accepted nesting reads.
    let mut records = vec![(NUMENTRY, vec![u64::from(limit)]), (INTEGER, vec![32])];
    records.extend((0..u64::from(limit) - 1).map(|i| (ARRAY, vec![1, i])));
    let module = dxil2spirv::ir::read(&type_table_module(&records)).expect("64 levels read");
    assert_eq!(module.types.len(), limit as usize);
}

#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    bit: usize,
}

impl BitWriter {
    fn emit(&mut self, value: u64, width: usize) {
        for i in 0..width {
            if self.bit % 8 == 0 {
                self.bytes.push(0);
            }
            if value >> i & 1 == 1 {
                *self.bytes.last_mut().expect("byte") |= 1 << (self.bit % 8);
            }
            self.bit += 1;
        }
    }
    fn vbr(&mut self, mut value: u64, width: usize) {
        let hi = 1u64 << (width - 1);
        while value >= hi {
            self.emit((value & (hi - 1)) | hi, width);
            value >>= width - 1;
        }
        self.emit(value, width);
    }
    /// After an ENTER_SUBBLOCK header: aligns, writes a length placeholder
    /// and returns where the block's words start.
    fn begin_block(&mut self) -> usize {
        self.align32();
        self.emit(0, 32);
        self.bytes.len()
    }
    /// After an END_BLOCK: aligns and patches the block's length in words.
    fn end_block(&mut self, start: usize) {
        self.align32();
        let words = ((self.bytes.len() - start) / 4) as u32;
        self.bytes[start - 4..start].copy_from_slice(&words.to_le_bytes());
    }
    fn align32(&mut self) {
        while self.bit % 32 != 0 {
            self.emit(0, 1);
        }
    }
}

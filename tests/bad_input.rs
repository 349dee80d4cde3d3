//! Hostile input: every corpus blob truncated at many points and with many
//! single-bit flips. Every case must end in an error or a module — never a
//! panic — quickly, and with memory bounded by a small multiple of its size.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Counts live and peak heap bytes (this test binary holds one test, so
/// nothing else allocates concurrently in a measured section).
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator unchanged; only counts bytes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        // SAFETY: same contract as our caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: same contract as our caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The tests measure the global allocator, so they run one at a time.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

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
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let start = Instant::now();
    let result = std::panic::catch_unwind(|| dxil2spirv::Shader::read(input).map(|_| ()));
    let elapsed = start.elapsed();
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(base);
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
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
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
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    // A module block whose type table declares 2^32 - 1 entries.
    let mut bits = BitWriter::default();
    bits.emit(0x42, 8);
    bits.emit(0x43, 8);
    bits.emit(0xDEC0, 16);
    // ENTER_SUBBLOCK(MODULE=8), abbrev width 3, then a placeholder length.
    bits.emit(1, 2);
    bits.vbr(8, 8);
    bits.vbr(3, 4);
    bits.align32();
    bits.emit(0x10, 32);
    // ENTER_SUBBLOCK(TYPE=17), abbrev width 4.
    bits.emit(1, 3);
    bits.vbr(17, 8);
    bits.vbr(4, 4);
    bits.align32();
    bits.emit(0x8, 32);
    // UNABBREV_RECORD NUMENTRY [0xFFFF_FFFF].
    bits.emit(3, 4);
    bits.vbr(1, 6);
    bits.vbr(1, 6);
    bits.vbr(0xFFFF_FFFF, 6);
    bits.align32();
    for _ in 0..16 {
        bits.emit(0, 32);
    }
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let start = Instant::now();
    let err = dxil2spirv::ir::read(&bits.bytes).expect_err("absurd type count must be rejected");
    assert!(start.elapsed() < Duration::from_millis(100));
    assert!(
        PEAK.load(Ordering::Relaxed) - base < 1 << 16,
        "allocated too much"
    );
    assert!(err.to_string().contains("type count"), "{err}");
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
    fn align32(&mut self) {
        while self.bit % 32 != 0 {
            self.emit(0, 1);
        }
    }
}

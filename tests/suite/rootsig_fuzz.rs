//! A quick, deterministic fuzz of the root-signature model in the suite:
//! mutated corpus `RTS0` parts and mutated JSON texts go through the `rootsig`
//! fuzz target's entry point (`fuzz/src/rootsig.rs`, included as source),
//! which reads them every way the model can, writes back what reads, and
//! checks the round trips. No panic may escape.
//!
//! `DXIL2SPIRV_ROOTSIG_FUZZ_ROUNDS=N` runs N mutations per seed (default
//! 100; the seeds are the 31 corpus parts and their JSON forms).

use crate::cfg_testgen::Rng;
use crate::rootsig_io::corpus_parts;
use dxil2spirv::rootsig::RootSignature;

#[path = "../../fuzz/src/rootsig.rs"]
mod entry;

/// Values that stress offsets and counts.
const BOUNDARY: [u32; 8] = [
    0,
    1,
    2,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_fffe,
    0xffff_ffff,
    24,
];

/// One to four mutations of RTS0 bytes: a flipped bit, a random byte, a
/// boundary `u32` at an aligned offset, a truncation, or appended bytes.
fn mutate_bytes(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut data = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(data.len());
        match rng.below(5) {
            0 if !data.is_empty() => data[at] ^= 1 << rng.below(8),
            1 if !data.is_empty() => data[at] = rng.next_u64() as u8,
            2 if data.len() >= 4 => {
                let at = at & !3;
                let at = at.min(data.len() - 4);
                data[at..at + 4]
                    .copy_from_slice(&BOUNDARY[rng.below(BOUNDARY.len())].to_le_bytes());
            }
            3 => data.truncate(at),
            _ => data.extend((0..rng.below(16)).map(|_| rng.next_u64() as u8)),
        }
    }
    data
}

/// Snippets that break JSON or the schema in interesting ways.
const JSON_BITS: [&str; 14] = [
    "\"",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "null",
    "-1",
    "4294967296",
    "1e400",
    "\"unbounded\"",
    "\\u0000",
    "\"0x",
];

/// One to three mutations of JSON text: a deleted span, an inserted
/// snippet, a changed digit, or a truncation.
fn mutate_text(rng: &mut Rng, seed: &str) -> Vec<u8> {
    let mut text = seed.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(text.len());
        match rng.below(4) {
            0 => {
                let end = (at + 1 + rng.below(8)).min(text.len());
                text.drain(at..end);
            }
            1 => {
                let bit = JSON_BITS[rng.below(JSON_BITS.len())];
                text.splice(at..at, bit.bytes());
            }
            2 => {
                if let Some(d) = text.iter().skip(at).position(u8::is_ascii_digit) {
                    text[at + d] = b'0' + rng.below(10) as u8;
                }
            }
            _ => text.truncate(at),
        }
    }
    text
}

#[test]
fn mutated_rts0_and_json_never_panic() {
    let rounds: usize = std::env::var("DXIL2SPIRV_ROOTSIG_FUZZ_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let mut rng = Rng::new(13);
    let mut runs = 0usize;
    for (_, part) in corpus_parts() {
        let mut json = String::new();
        RootSignature::parse(&part)
            .unwrap()
            .to_json()
            .write(&mut json)
            .unwrap();
        entry::rootsig(&part);
        entry::rootsig(json.as_bytes());
        for _ in 0..rounds {
            entry::rootsig(&mutate_bytes(&mut rng, &part));
            entry::rootsig(&mutate_text(&mut rng, &json));
            runs += 2;
        }
    }
    assert!(runs >= 2 * 31 * rounds, "{runs} runs");
}

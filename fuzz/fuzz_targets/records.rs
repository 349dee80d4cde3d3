//! Structure-aware: a seed compute shader's bitcode decoded into its block
//! and record tree, mutated as the input says (operands, codes, dropped,
//! duplicated, swapped and inserted records, truncated blocks), re-encoded
//! as a valid bitstream and compiled; SPIR-V that comes out must validate.
//!
//! Set `DXIL2SPIRV_FUZZ_DUMP=FILE` to write the re-encoded bitcode of the
//! input(s) run to FILE: that file is what goes into
//! `tests/fuzz_regressions/records-<hash>` (replayed through `compile`).
#![no_main]

use dxil2spirv_fuzz::{RecordsInput, Tree, MAX_MUTATIONS};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

macro_rules! seeds {
    ($($name:literal),* $(,)?) => {
        [$(include_bytes!(concat!("../../corpus/", $name, ".dxil")).as_slice()),*]
    };
}

/// Small compute shaders that compile and validate today.
const SEEDS: [&[u8]; 8] = seeds![
    "compute/atomic-bab-and-or-xor",
    "compute/rwsb-decrement-counter",
    "compute/typed-rwbuffer-r32ui",
    "compute/sv-group-index-3d",
    "compute/int-div-rem-signed",
    "compute/float-fmod",
    "control-flow/loop-early-return",
    "control-flow/switch-in-loop",
];

/// The seeds' bitcode and decoded trees, once per process.
fn trees() -> &'static [(&'static [u8], Tree)] {
    static TREES: OnceLock<Vec<(&'static [u8], Tree)>> = OnceLock::new();
    TREES.get_or_init(|| {
        SEEDS
            .iter()
            .map(|blob| {
                let bitcode = dxil2spirv_fuzz::program_bitcode(blob).expect("seed container");
                let tree = Tree::decode(bitcode).expect("seed bitcode");
                (bitcode, tree)
            })
            .collect()
    })
}

fuzz_target!(|input: RecordsInput| {
    let trees = trees();
    let (original, tree) = &trees[input.seed as usize % trees.len()];
    let mut tree = tree.clone();
    for m in input.mutations.iter().take(MAX_MUTATIONS) {
        tree.mutate(m);
    }
    let bitcode = tree.encode();
    if let Some(path) = std::env::var_os("DXIL2SPIRV_FUZZ_DUMP") {
        std::fs::write(path, &bitcode).expect("write DXIL2SPIRV_FUZZ_DUMP");
    }
    if input.mutations.is_empty() {
        dxil2spirv_fuzz::check_roundtrip(original, &bitcode);
    }
    dxil2spirv_fuzz::compile(&bitcode);
});

//! Hostile input: byte-mutated corpus blobs of every category (every
//! shader stage) must give errors (or valid output), never panics.

use dxil2spirv::compile::{CompileOptions, Compiler};
use std::path::Path;

#[test]
fn mutated_blobs_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut files: Vec<_> = ["compute", "control-flow", "graphics", "binding", "advanced"]
        .iter()
        .flat_map(|c| std::fs::read_dir(root.join(c)).unwrap())
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "dxil"))
        .collect();
    files.sort();
    let compiler = Compiler::new(CompileOptions::default());
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut panics = Vec::new();
    for p in files.iter().step_by(2) {
        let blob = std::fs::read(p).unwrap();
        for _ in 0..150 {
            let mut b = blob.clone();
            for _ in 0..1 + next() % 4 {
                let i = (next() % b.len() as u64) as usize;
                b[i] ^= 1 << (next() % 8);
            }
            let r = std::panic::catch_unwind(|| {
                let _ = compiler.compile_all(&b);
            });
            if r.is_err() {
                panics.push(p.display().to_string());
            }
        }
    }
    assert!(panics.is_empty(), "panics on mutations of: {panics:?}");
}

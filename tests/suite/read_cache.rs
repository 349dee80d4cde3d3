//! A `Compiler` keeps the bitcode blocks that blobs share (BLOCKINFO, the
//! metadata-kinds block) between compilations; that changes no output:
//! the whole corpus compiled in sequence by one compiler (in both orders,
//! so that each blob meets a cache filled by different neighbours) gives
//! exactly what a fresh compiler per blob gives.

use crate::common;

use dxil2spirv::{CompileOptions, Compiler, Output, Result};

/// Each module's words and warnings.
type Modules = Vec<(Vec<u32>, Vec<String>)>;

/// What a compilation gave, comparable: its modules, or the error's text.
fn outcome(result: Result<Vec<Output>>) -> std::result::Result<Modules, String> {
    result
        .map(|outs| outs.into_iter().map(|o| (o.spirv, o.warnings)).collect())
        .map_err(|e| e.to_string())
}

#[test]
fn one_compiler_for_the_corpus_matches_a_fresh_compiler_per_blob() {
    let options = CompileOptions {
        validate: false,
        ..CompileOptions::default()
    };
    let blobs: Vec<(String, Vec<u8>)> = common::corpus::blobs()
        .into_iter()
        .map(|(name, path)| (name, std::fs::read(&path).expect("corpus blob reads")))
        .collect();
    assert!(blobs.len() >= 500, "only {} corpus blobs", blobs.len());
    let fresh: Vec<_> = blobs
        .iter()
        .map(|(_, blob)| outcome(Compiler::new(options.clone()).compile_all(blob)))
        .collect();
    assert!(fresh.iter().filter(|r| r.is_ok()).count() >= 450);
    let shared = Compiler::new(options.clone());
    for (i, (name, blob)) in blobs.iter().enumerate() {
        assert!(
            outcome(shared.compile_all(blob)) == fresh[i],
            "{name}: differs"
        );
    }
    let shared = Compiler::new(options);
    for (i, (name, blob)) in blobs.iter().enumerate().rev() {
        assert!(
            outcome(shared.compile_all(blob)) == fresh[i],
            "{name}: differs (reverse order)"
        );
    }
}

//! The library API is thread-safe: `Compiler` and its results are `Send +
//! Sync`, and one shared `&Compiler` compiling on several threads at once
//! gives exactly the single-threaded results. A compiler reuses its
//! emitter buffers between compilations; that changes no output.

use crate::common;

use dxil2spirv::compile::RootSignatureChoice;
use dxil2spirv::{CompileOptions, Compiler, Error, Output};

fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn api_types_are_send_and_sync() {
    assert_send_sync::<Compiler>();
    assert_send_sync::<CompileOptions>();
    assert_send_sync::<Output>();
    assert_send_sync::<Error>();
}

#[test]
fn shared_compiler_on_threads_matches_single_threaded() {
    let blobs: Vec<(String, Vec<u8>)> = common::corpus::blobs()
        .into_iter()
        .filter(|(name, _)| name.starts_with("compute/"))
        .map(|(name, path)| {
            let bytes = std::fs::read(&path).expect("corpus blob reads");
            (name, bytes)
        })
        .collect();
    assert!(blobs.len() >= 100, "only {} compute blobs", blobs.len());
    let compiler = Compiler::new(CompileOptions::default());
    let expected: Vec<Result<Output, Error>> =
        blobs.iter().map(|(_, b)| compiler.compile(b)).collect();
    assert!(
        expected.iter().all(Result::is_ok),
        "every compute blob compiles"
    );

    const THREADS: usize = 4;
    let compiler = &compiler;
    let blobs = &blobs;
    let per_thread: Vec<Vec<(usize, Result<Output, Error>)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                s.spawn(move || {
                    // Each thread starts at a different blob, so that
                    // different blobs are compiled at the same moment.
                    let n = blobs.len();
                    (0..n)
                        .map(|k| (k + t * n / THREADS) % n)
                        .map(|i| (i, compiler.compile(&blobs[i].1)))
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no thread panics"))
            .collect()
    });
    for results in per_thread {
        assert_eq!(results.len(), blobs.len());
        for (i, result) in results {
            assert!(
                result == expected[i],
                "{}: result on a thread differs from the single-threaded one",
                blobs[i].0
            );
        }
    }
}

/// Every corpus blob (every export of a library), plain and through its
/// embedded root signature: one compiler reused in corpus order and then in
/// reverse order (so its pooled buffers last held another shader) gives
/// exactly what a fresh compiler gives for that blob alone.
#[test]
fn reused_compiler_matches_a_fresh_one() {
    let blobs: Vec<(String, Vec<u8>)> = common::corpus::blobs()
        .into_iter()
        .map(|(name, path)| (name, std::fs::read(&path).expect("corpus blob reads")))
        .collect();
    assert!(blobs.len() >= 400, "only {} corpus blobs", blobs.len());
    for root_signature in [RootSignatureChoice::None, RootSignatureChoice::Embedded] {
        let options = CompileOptions {
            validate: false,
            root_signature,
            ..CompileOptions::default()
        };
        let spirv = |c: &Compiler, blob: &[u8]| -> Option<Vec<Vec<u32>>> {
            let outs = c.compile_all(blob).ok()?;
            Some(outs.into_iter().map(|o| o.spirv).collect())
        };
        let fresh: Vec<_> = blobs
            .iter()
            .map(|(_, b)| spirv(&Compiler::new(options.clone()), b))
            .collect();
        assert!(
            fresh.iter().filter(|f| f.is_some()).count() >= 30,
            "too few blobs compile with {:?}",
            options.root_signature
        );
        let reused = Compiler::new(options.clone());
        let n = blobs.len();
        for i in (0..n).chain((0..n).rev()) {
            assert!(
                spirv(&reused, &blobs[i].1) == fresh[i],
                "{} ({:?}): a reused compiler differs from a fresh one",
                blobs[i].0,
                options.root_signature
            );
        }
    }
}

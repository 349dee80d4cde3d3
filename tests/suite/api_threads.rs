//! The library API is thread-safe: `Compiler` and its results are `Send +
//! Sync`, and one shared `&Compiler` compiling on several threads at once
//! gives exactly the single-threaded results.

use crate::common;

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

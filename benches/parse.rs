//! Full read of the whole corpus: container, bitstream, IR and DXIL meaning.
//!
//! Throughput is reported in bytes of DXIL blob per second; the per-blob
//! time is the total divided by the number of blobs (455 in the corpus).
//! Run with `cargo bench --bench parse`.
// Test code may unwrap, index and panic: the no-panic lints of
// [workspace.lints] (clippy's restriction group) are off.
#![allow(clippy::restriction)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::path::Path;

fn corpus() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut blobs = Vec::new();
    let mut dirs: Vec<_> = std::fs::read_dir(root)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .collect();
    dirs.sort();
    for dir in dirs {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        for file in files
            .into_iter()
            .filter(|f| f.extension().is_some_and(|e| e == "dxil"))
        {
            if let Ok(bytes) = std::fs::read(&file) {
                blobs.push(bytes);
            }
        }
    }
    blobs
}

fn bench_parse(c: &mut Criterion) {
    let blobs = corpus();
    assert!(!blobs.is_empty(), "no corpus blobs found");
    let bytes: usize = blobs.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("read");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function(format!("corpus ({} blobs)", blobs.len()), |b| {
        b.iter(|| {
            for blob in &blobs {
                let shader = dxil2spirv::Shader::read(black_box(blob)).expect("corpus blob reads");
                black_box(&shader);
            }
        })
    });
    group.bench_function(format!("bitcode only ({} blobs)", blobs.len()), |b| {
        let bitcodes: Vec<Vec<u8>> = blobs
            .iter()
            .map(|blob| {
                let container = dxil2spirv::container::parse(blob).expect("container");
                container.program().expect("program").bitcode.to_vec()
            })
            .collect();
        b.iter(|| {
            for bitcode in &bitcodes {
                black_box(dxil2spirv::ir::read(black_box(bitcode)).expect("reads"));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_parse);
criterion_main!(benches);

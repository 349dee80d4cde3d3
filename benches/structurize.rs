//! Structurizer benchmarks: the largest corpus functions, and generated
//! CFGs of 10 to 10,000 blocks (reducible and irreducible) to show
//! near-linear scaling.
// Test code may unwrap, index and panic: the no-panic lints of
// [workspace.lints] (clippy's restriction group) are off.
#![allow(clippy::restriction)]

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dxil2spirv::cfg;
use dxil2spirv::ir::{self, Module};

// The random CFG generator the tests use; this benchmark needs only
// `random_function`.
#[allow(dead_code)]
#[path = "../tests/suite/cfg_testgen.rs"]
mod testgen;

fn bitcode(blob: &[u8]) -> Option<&[u8]> {
    let u32_at = |o: usize| -> Option<u32> {
        Some(u32::from_le_bytes(blob.get(o..o + 4)?.try_into().ok()?))
    };
    let count = u32_at(28)? as usize;
    for i in 0..count {
        let off = u32_at(32 + 4 * i)? as usize;
        if blob.get(off..off + 4)? != b"DXIL" {
            continue;
        }
        let magic = off + 16;
        let bc_off = u32_at(magic + 8)? as usize;
        let bc_size = u32_at(magic + 12)? as usize;
        return blob.get(magic + bc_off..magic + bc_off + bc_size);
    }
    None
}

/// (name, module, function index) of the largest corpus functions.
fn largest_corpus_functions(k: usize) -> Vec<(String, Module, usize)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut all = Vec::new();
    for cat in std::fs::read_dir(&root).into_iter().flatten().flatten() {
        for f in std::fs::read_dir(cat.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            let p = f.path();
            if !p.extension().is_some_and(|e| e == "dxil") {
                continue;
            }
            let Ok(blob) = std::fs::read(&p) else {
                continue;
            };
            let Some(bc) = bitcode(&blob) else { continue };
            let Ok(m) = ir::read(bc) else { continue };
            for (i, func) in m.functions.iter().enumerate() {
                if !func.is_declaration {
                    let name = p.file_stem().map(|s| s.to_string_lossy().to_string());
                    all.push((func.blocks.len(), name.unwrap_or_default(), i, p.clone()));
                }
            }
        }
    }
    all.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    all.into_iter()
        .take(k)
        .filter_map(|(n, name, i, p)| {
            let blob = std::fs::read(&p).ok()?;
            let m = ir::read(bitcode(&blob)?).ok()?;
            Some((format!("{name}-{n}blocks"), m, i))
        })
        .collect()
}

fn corpus(c: &mut Criterion) {
    let mut g = c.benchmark_group("corpus");
    for (name, m, i) in largest_corpus_functions(3) {
        let f = &m.functions[i];
        g.throughput(Throughput::Elements(f.blocks.len() as u64));
        g.bench_function(name, |b| {
            b.iter(|| cfg::structurize(black_box(f), &m).unwrap())
        });
    }
    g.finish();
}

fn generated(c: &mut Criterion) {
    for (label, irreducible) in [("generated", false), ("generated-irreducible", true)] {
        let mut g = c.benchmark_group(label);
        g.sample_size(10);
        for n in [10usize, 100, 1000, 10000] {
            let opts = testgen::GenOptions {
                blocks: n,
                window: 6,
                back_percent: 10,
                ret_percent: 0,
                switch_percent: 10,
                irreducible,
                dense: true,
            };
            let m = testgen::random_function(42, &opts);
            let f = &m.functions[0];
            let s = cfg::structurize(f, &m).unwrap();
            let reach = cfg::Cfg::new(f, &m).unwrap().rpo().len();
            eprintln!(
                "{label}/{n}: {reach} reachable blocks -> {} structured blocks, {} synthetic values",
                s.blocks.len(),
                s.synths.len()
            );
            g.throughput(Throughput::Elements(n as u64));
            g.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
                b.iter(|| cfg::structurize(black_box(f), &m).unwrap())
            });
        }
        g.finish();
    }
}

criterion_group!(benches, corpus, generated);
criterion_main!(benches);

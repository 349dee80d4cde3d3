//! End-to-end translation (container + IR read + SPIR-V emission, without
//! validation) of each `corpus/compute` and `corpus/graphics` blob that
//! translates (named `compute/<name>`, `graphics/<name>`).
//!
//! Criterion measures every blob (`translate/<name>`); afterwards a summary
//! table gives, per blob, the median and 95th percentile of 200 timed
//! translations in µs, and the median / p95 over all blobs' medians.
//! Run with `cargo bench --bench translate` (`-- <filter>` for a subset).

use criterion::{criterion_group, criterion_main, Criterion};
use dxil2spirv::compile::{CompileOptions, Compiler};
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

fn blobs() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for category in ["compute", "graphics"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus")
            .join(category);
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "dxil"))
            .collect();
        files.sort();
        out.extend(files.into_iter().filter_map(|p| {
            let name = format!("{category}/{}", p.file_stem()?.to_string_lossy());
            Some((name, std::fs::read(&p).ok()?))
        }));
    }
    out
}

fn compiler() -> Compiler {
    Compiler::new(CompileOptions {
        validate: false,
        ..CompileOptions::default()
    })
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn bench_translate(c: &mut Criterion) {
    let compiler = compiler();
    let blobs: Vec<_> = blobs()
        .into_iter()
        .filter(|(_, b)| compiler.translate(b).is_ok())
        .collect();
    let mut group = c.benchmark_group("translate");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(600));
    for (name, blob) in &blobs {
        group.bench_function(name.as_str(), |b| {
            b.iter(|| black_box(compiler.translate(black_box(blob))))
        });
    }
    group.finish();

    // Summary: median and p95 per blob.
    println!("\n{:<50} {:>10} {:>10}", "blob", "median µs", "p95 µs");
    let mut medians: Vec<(&str, f64)> = Vec::new();
    for (name, blob) in &blobs {
        let mut t = Vec::with_capacity(200);
        for _ in 0..200 {
            let s = Instant::now();
            black_box(compiler.translate(black_box(blob)).ok());
            t.push(s.elapsed().as_secs_f64() * 1e6);
        }
        t.sort_by(|a, b| a.total_cmp(b));
        let (m, p) = (percentile(&t, 0.5), percentile(&t, 0.95));
        let category = name.split('/').next().unwrap_or("");
        medians.push((category, m));
        println!("{name:<50} {m:>10.1} {p:>10.1}");
    }
    for category in ["compute", "graphics", "all"] {
        let mut m: Vec<f64> = medians
            .iter()
            .filter(|(c, _)| category == "all" || *c == category)
            .map(|&(_, m)| m)
            .collect();
        m.sort_by(|a, b| a.total_cmp(b));
        println!(
            "{category}: {} blobs, median of medians {:.1} µs, p95 of medians {:.1} µs",
            m.len(),
            percentile(&m, 0.5),
            percentile(&m, 0.95)
        );
    }
}

criterion_group!(benches, bench_translate);
criterion_main!(benches);

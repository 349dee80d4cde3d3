//! End-to-end translation (container + IR read + SPIR-V emission, without
//! validation) of each `corpus/compute` and `corpus/graphics` blob that
//! translates (named `compute/<name>`, `graphics/<name>`), and of each export
//! of the DXR libraries in `corpus/advanced` (`ray-tracing/<blob>:<export>`,
//! one translation per export, as a ray-tracing pipeline asks for them).
//!
//! Criterion measures every blob (`translate/<name>`); afterwards a summary
//! table gives, per blob, the median and 95th percentile of 200 timed
//! translations in µs, and the median / p95 over all blobs' medians.
//! Run with `cargo bench --bench translate` (`-- <filter>` for a subset).
//!
//! The `root-signature` group times the `corpus/binding` blobs with an
//! embedded root signature in the plain model and in root-signature mode
//! (`bindless-1`) and prints the ratio; the `descriptor-qa` group times
//! the blobs with heap accesses with descriptor QA off and on and prints
//! that ratio.
// Test code may unwrap, index and panic: the no-panic lints of
// [workspace.lints] (clippy's restriction group) are off.
#![allow(clippy::restriction)]

use criterion::{criterion_group, criterion_main, Criterion};
use dxil2spirv::compile::{CompileOptions, Compiler, DescriptorQa, RootSignatureChoice};
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

/// The `.dxil` files of corpus folder `category` whose names start with
/// `prefix`, sorted, with their bytes.
fn corpus_files(category: &str, prefix: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(category);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "dxil"))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
        })
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            Some((
                p.file_stem()?.to_string_lossy().into_owned(),
                std::fs::read(&p).ok()?,
            ))
        })
        .collect()
}

/// What is timed: a name, its category, the compiler (with the export
/// chosen for a library) and the blob.
struct Item {
    name: String,
    category: &'static str,
    compiler: Compiler,
    blob: Vec<u8>,
}

fn items() -> Vec<Item> {
    let mut out = Vec::new();
    for category in ["compute", "graphics"] {
        for (name, blob) in corpus_files(category, "") {
            out.push(Item {
                name: format!("{category}/{name}"),
                category,
                compiler: compiler(None),
                blob,
            });
        }
    }
    for prefix in ["dxr-", "sm69-ser-"] {
        for (name, blob) in corpus_files("advanced", prefix) {
            let Ok(outs) = compiler(None).compile_all(&blob) else {
                continue;
            };
            for export in outs.iter().map(|o| o.reflection.entry_point.clone()) {
                out.push(Item {
                    name: format!("ray-tracing/{name}:{export}"),
                    category: "ray-tracing",
                    compiler: compiler(Some(export)),
                    blob: blob.clone(),
                });
            }
        }
    }
    out.retain(|i| i.compiler.translate(&i.blob).is_ok());
    out
}

fn compiler(entry_point: Option<String>) -> Compiler {
    Compiler::new(CompileOptions {
        validate: false,
        entry_point,
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
    let items = items();
    let mut group = c.benchmark_group("translate");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(600));
    for item in &items {
        group.bench_function(item.name.as_str(), |b| {
            b.iter(|| black_box(item.compiler.translate(black_box(&item.blob))))
        });
    }
    group.finish();

    // Summary: median and p95 per blob.
    println!("\n{:<50} {:>10} {:>10}", "blob", "median µs", "p95 µs");
    let mut medians: Vec<(&str, f64)> = Vec::new();
    for item in &items {
        let mut t = Vec::with_capacity(200);
        for _ in 0..200 {
            let s = Instant::now();
            black_box(item.compiler.translate(black_box(&item.blob)).ok());
            t.push(s.elapsed().as_secs_f64() * 1e6);
        }
        t.sort_by(|a, b| a.total_cmp(b));
        let (m, p) = (percentile(&t, 0.5), percentile(&t, 0.95));
        medians.push((item.category, m));
        println!("{:<50} {m:>10.1} {p:>10.1}", item.name);
    }
    for category in ["compute", "graphics", "ray-tracing", "all"] {
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

/// The medians of 400 timed translations of `blob` by each of two
/// compilers, in µs, interleaved so that both see the same machine load.
fn paired_medians_us(a: &Compiler, b: &Compiler, blob: &[u8]) -> (f64, f64) {
    let (mut ta, mut tb) = (Vec::with_capacity(400), Vec::with_capacity(400));
    for _ in 0..400 {
        for (c, t) in [(a, &mut ta), (b, &mut tb)] {
            let s = Instant::now();
            black_box(c.translate(black_box(blob)).ok());
            t.push(s.elapsed().as_secs_f64() * 1e6);
        }
    }
    ta.sort_by(|x, y| x.total_cmp(y));
    tb.sort_by(|x, y| x.total_cmp(y));
    (percentile(&ta, 0.5), percentile(&tb, 0.5))
}

/// The sums over pairs of compilers (a, b) and blobs of their paired
/// medians ([`paired_medians_us`]).
fn summed_medians_us<'a>(
    pairs: impl Iterator<Item = (&'a Compiler, &'a Compiler, &'a [u8])>,
) -> (f64, f64) {
    pairs.fold((0.0, 0.0), |(sa, sb), (a, b, blob)| {
        let (ma, mb) = paired_medians_us(a, b, blob);
        (sa + ma, sb + mb)
    })
}

/// Root-signature mode (`bindless-1`) against the plain model on every
/// `corpus/binding` blob with an embedded root signature
/// (`root-signature/{plain,bindless}/<name>`), then the ratio of the summed
/// medians (issue 13: within 10 %).
fn bench_root_signature(c: &mut Criterion) {
    let plain = compiler(None);
    let bindless = Compiler::new(CompileOptions {
        validate: false,
        root_signature: RootSignatureChoice::Embedded,
        ..CompileOptions::default()
    });
    let blobs: Vec<_> = corpus_files("binding", "")
        .into_iter()
        .filter(|(_, blob)| bindless.translate(blob).is_ok() && plain.translate(blob).is_ok())
        .collect();
    let mut group = c.benchmark_group("root-signature");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(600));
    for (name, blob) in &blobs {
        for (mode, compiler) in [("plain", &plain), ("bindless", &bindless)] {
            group.bench_function(format!("{mode}/{name}"), |b| {
                b.iter(|| black_box(compiler.translate(black_box(blob))))
            });
        }
    }
    group.finish();
    let (sum_plain, sum_bindless) = summed_medians_us(
        blobs
            .iter()
            .map(|(_, blob)| (&plain, &bindless, blob.as_slice())),
    );
    println!(
        "root-signature: {} blobs, summed medians plain {sum_plain:.1} µs, bindless {sum_bindless:.1} µs, \
         ratio {:.3}",
        blobs.len(),
        sum_bindless / sum_plain
    );
}

/// Descriptor QA off and on (`descriptor-qa/{off,on}/<mode>/<name>`) for
/// every `corpus/binding` blob with heap accesses: SM 6.6 heaps in the
/// plain model, tables and heaps through the embedded root signature; then
/// the ratio of the summed medians.
fn bench_descriptor_qa(c: &mut Criterion) {
    let with = |root_signature: RootSignatureChoice, qa: bool| {
        Compiler::new(CompileOptions {
            validate: false,
            root_signature,
            descriptor_qa: qa.then(DescriptorQa::default),
            ..CompileOptions::default()
        })
    };
    let plain = (
        with(RootSignatureChoice::None, false),
        with(RootSignatureChoice::None, true),
    );
    let bindless = (
        with(RootSignatureChoice::Embedded, false),
        with(RootSignatureChoice::Embedded, true),
    );
    let pick = |mode: &str| if mode == "plain" { &plain } else { &bindless };
    let mut pairs = Vec::new();
    for mode in ["plain", "bindless"] {
        for (name, blob) in corpus_files("binding", "") {
            let qa = pick(mode)
                .1
                .translate(&blob)
                .ok()
                .and_then(|o| o.reflection.qa);
            if qa.is_some_and(|q| !q.instructions.is_empty()) {
                pairs.push((format!("{mode}/{name}"), blob, mode));
            }
        }
    }
    let mut group = c.benchmark_group("descriptor-qa");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(600));
    for (name, blob, mode) in &pairs {
        let (off, on) = pick(mode);
        for (state, compiler) in [("off", off), ("on", on)] {
            group.bench_function(format!("{state}/{name}"), |b| {
                b.iter(|| black_box(compiler.translate(black_box(blob))))
            });
        }
    }
    group.finish();
    let (sum_off, sum_on) = summed_medians_us(pairs.iter().map(|(_, blob, mode)| {
        let (off, on) = pick(mode);
        (off, on, blob.as_slice())
    }));
    println!(
        "descriptor-qa: {} modules, summed medians off {sum_off:.1} µs, on {sum_on:.1} µs, \
         ratio {:.3}",
        pairs.len(),
        sum_on / sum_off
    );
}

criterion_group!(
    benches,
    bench_translate,
    bench_root_signature,
    bench_descriptor_qa
);
criterion_main!(benches);

//! Side-by-side translation timing: built once against the current tree and
//! once against an older revision (see `compare.sh`), it times every corpus
//! blob (every export of a library) in one process, without validation or
//! phase tracing, and prints one line per category: blobs, median and p95 of
//! the per-blob medians in µs, and the median of each phase (from separate
//! traced rounds). `--tsv FILE` writes the per-blob medians for the script to
//! pair up.

use dxil2spirv::compile::{CompileOptions, Compiler};
use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

const ROUNDS: usize = 41;
const PHASES: [&str; 5] = ["container", "ir", "dxil", "cfg", "emit"];

fn blobs(root: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for category in ["compute", "control-flow", "binding", "graphics", "advanced"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(category))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "dxil"))
            .collect();
        files.sort();
        out.extend(files.into_iter().map(|p| (category.to_string(), p)));
    }
    out
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

fn percentile(v: &mut [f64], p: f64) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        return 0.0;
    }
    v[((v.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = PathBuf::from(args.first().expect("usage: compare CORPUS_DIR [--tsv FILE]"));
    let tsv = args.iter().position(|a| a == "--tsv").and_then(|i| args.get(i + 1));
    let compiler = Compiler::new(CompileOptions { validate: false, ..CompileOptions::default() });
    // category -> (per-blob total medians, per-phase per-blob medians, bytes, read time)
    let mut cats: BTreeMap<String, (Vec<f64>, [Vec<f64>; 5])> = BTreeMap::new();
    let mut lines = String::new();
    let (mut read_bytes, mut read_secs) = (0u64, 0f64);
    for (category, path) in blobs(&root) {
        let blob = std::fs::read(&path).unwrap();
        if compiler.compile_all(&blob).is_err() {
            continue;
        }
        let mut totals = Vec::with_capacity(ROUNDS);
        let mut phases: [Vec<f64>; 5] = Default::default();
        // Totals from untraced compilations, so the phase clock reads are not
        // counted; the phase split from traced ones.
        for _ in 0..ROUNDS {
            let t = Instant::now();
            black_box(compiler.compile_all(black_box(&blob)).ok());
            totals.push(t.elapsed().as_secs_f64() * 1e6);
        }
        for _ in 0..ROUNDS {
            let mut spans = Vec::new();
            black_box(compiler.compile_all_traced(black_box(&blob), &mut spans).ok());
            let mut sums = [0f64; 5];
            for s in &spans {
                if let Some(i) = PHASES.iter().position(|p| *p == s.phase.name()) {
                    sums[i] += s.duration.as_secs_f64() * 1e6;
                }
            }
            for (v, s) in phases.iter_mut().zip(sums) {
                v.push(s);
            }
        }
        // Reading alone (container + bitstream + IR + DXIL meaning).
        let t = Instant::now();
        for _ in 0..ROUNDS {
            black_box(dxil2spirv::Shader::read(black_box(&blob)).ok());
        }
        read_secs += t.elapsed().as_secs_f64();
        read_bytes += (blob.len() * ROUNDS) as u64;
        let m = median(&mut totals);
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        lines.push_str(&format!("{category}/{name}\t{m:.2}\n"));
        let entry = cats.entry(category).or_default();
        entry.0.push(m);
        for (i, v) in phases.iter_mut().enumerate() {
            entry.1[i].push(median(v));
        }
    }
    println!("{:<14} {:>5} {:>10} {:>10}  phase medians µs ({})", "category", "blobs", "median µs", "p95 µs", PHASES.join(", "));
    let mut all = Vec::new();
    for (cat, (mut totals, mut phases)) in cats {
        all.extend_from_slice(&totals);
        let ph: Vec<String> = phases.iter_mut().map(|v| format!("{:.1}", median(v))).collect();
        println!(
            "{cat:<14} {:>5} {:>10.1} {:>10.1}  {}",
            totals.len(),
            median(&mut totals.clone()),
            percentile(&mut totals, 0.95),
            ph.join(", ")
        );
    }
    println!("{:<14} {:>5} {:>10.1} {:>10.1}", "all", all.len(), median(&mut all.clone()), percentile(&mut all, 0.95));
    println!("read (Shader::read): {:.0} MB/s", read_bytes as f64 / read_secs / 1e6);
    if let Some(f) = tsv {
        std::fs::write(f, lines).unwrap();
    }
}

//! SPIR-V disassembly snapshots of the compute and graphics corpus and of
//! the DXR and SER libraries (every export, one after the other), so that codegen
//! changes show up in `git diff`: `tests/snapshots/<category>/<name>.spvasm`
//! (blobs that do not translate have none).
//!
//! `DXIL2SPIRV_BLESS=1 cargo test --release --test suite emit_snapshots::`
//! rewrites them; the test fails when a snapshot differs from the current
//! output (or one is missing or stale).

use dxil2spirv::compile::{CompileOptions, Compiler};
use std::path::Path;

#[test]
fn compute_snapshots() {
    check_snapshots("compute", &[""]);
}

#[test]
fn graphics_snapshots() {
    check_snapshots("graphics", &[""]);
}

#[test]
fn ray_tracing_snapshots() {
    check_snapshots("advanced", &["dxr-", "sm69-ser-"]);
}

/// The blobs of `category` whose names start with one of `prefixes`.
fn check_snapshots(category: &str, prefixes: &[&str]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("corpus").join(category);
    let snap_dir = root.join("tests/snapshots").join(category);
    let bless = std::env::var_os("DXIL2SPIRV_BLESS").is_some();
    let compiler = Compiler::new(CompileOptions {
        validate: false,
        ..CompileOptions::default()
    });
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "dxil"))
        .filter(|p| {
            p.file_name().is_some_and(|n| {
                let n = n.to_string_lossy();
                prefixes.iter().any(|prefix| n.starts_with(prefix))
            })
        })
        .collect();
    files.sort();
    let mut expected_names = std::collections::BTreeSet::new();
    let mut diffs = Vec::new();
    if bless {
        std::fs::create_dir_all(&snap_dir).unwrap();
    }
    for p in files {
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        let Ok(outs) = compiler.compile_all(&std::fs::read(&p).unwrap()) else {
            continue;
        };
        let text: String = outs
            .iter()
            .map(|out| {
                dxil2spirv::validate::disassemble(&out.spirv).unwrap_or_default()
                    + "\n"
                    + &out.reflection.to_json()
            })
            .collect::<Vec<_>>()
            .join("\n");
        let snap = snap_dir.join(format!("{name}.spvasm"));
        expected_names.insert(format!("{name}.spvasm"));
        if bless {
            std::fs::write(&snap, text).unwrap();
        } else if std::fs::read_to_string(&snap).ok().as_deref() != Some(text.as_str()) {
            diffs.push(name);
        }
    }
    if let Ok(rd) = std::fs::read_dir(&snap_dir) {
        for e in rd.flatten() {
            let n = e.file_name().to_string_lossy().to_string();
            if !expected_names.contains(&n) {
                if bless {
                    let _ = std::fs::remove_file(e.path());
                } else {
                    diffs.push(format!("{n} (stale)"));
                }
            }
        }
    }
    assert!(
        diffs.is_empty(),
        "snapshots differ (bless with DXIL2SPIRV_BLESS=1): {}",
        diffs.join(", ")
    );
}

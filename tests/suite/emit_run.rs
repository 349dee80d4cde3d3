//! Execution check: every compute blob (corpus categories compute,
//! control-flow, advanced, binding) that translates and has a run spec
//! is dispatched on the first Vulkan device (or `DXIL2SPIRV_DEVICE=n`) with
//! bindings taken from our reflection, and its results compared.
//!
//! Known driver bugs (corpus/README.md) are expected failures on the named
//! driver only. Specs that place buffers in the SM 6.6 heap (`heap[N]`) need
//! descriptor indexing: on a device without it (lavapipe) they are counted
//! and reported as skipped, never passed; on NVIDIA they must run. Fails
//! without a Vulkan device unless `DXIL2SPIRV_NO_VULKAN=1`.
//! `DXIL2SPIRV_RUN_FILTER=substr` runs a subset; `DXIL2SPIRV_CORPUS=dir`
//! points at another copy of the corpus.

use crate::common;

use dxil2spirv::compile::CompileOptions;
use dxil2spirv::run::{self, RunSpec};
use dxil2spirv::ErrorKind;
use std::path::{Path, PathBuf};

/// Cases a driver is known to get wrong (corpus/README.md).
fn known_driver_failure(device: &str, name: &str) -> bool {
    let lavapipe = device.contains("llvmpipe") || device.contains("lavapipe");
    lavapipe
        && matches!(
            name,
            "wave-match"
                | "wave-multiprefix"
                | "float-denorm-ftz"
                | "wave-match-vector-keys-selfcheck"
                | "wave-multiprefix-64bit-16bit-selfcheck"
                | "rs-sampler-table-cs"
        )
}

#[test]
fn compute_corpus_runs() {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    // One loader and one device for the whole sweep (see `run::Session`).
    let vulkan = common::vulkan::vulkan();
    let devices = vulkan.list_devices().expect("Vulkan devices");
    let index: usize = std::env::var("DXIL2SPIRV_DEVICE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let device_name = devices
        .get(index)
        .map(|d| d.name.clone())
        .unwrap_or_default();
    eprintln!("running on {device_name}");
    let filter = std::env::var("DXIL2SPIRV_RUN_FILTER").ok();

    let root = std::env::var_os("DXIL2SPIRV_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus"));
    let mut specs: Vec<PathBuf> = ["compute", "control-flow", "advanced", "binding"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).into_iter().flatten())
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "run"))
        .collect();
    specs.sort();
    let options = CompileOptions::default();
    let (mut pass, mut fail, mut skipped, mut heap_skipped) = (0, Vec::new(), 0, 0);
    let nvidia = device_name.contains("NVIDIA");
    let swept = vulkan.with_session(Some(index), false, |session| {
        for spec_path in specs {
            let name = spec_path.file_stem().unwrap().to_string_lossy().to_string();
            if let Some(f) = &filter {
                if !name.contains(f.as_str()) {
                    continue;
                }
            }
            let blob = std::fs::read(spec_path.with_extension("dxil")).unwrap();
            // Devices bind few descriptor sets (often 8): compact high spaces.
            let out = match run::compile_for_run(&blob, &options) {
                Ok(out) => out,
                // Not translatable yet: the corpus ledger (emit_corpus) names it.
                Err(e) => {
                    eprintln!("{name}: not translated: {e}");
                    skipped += 1;
                    continue;
                }
            };
            if std::env::var_os("DXIL2SPIRV_RUN_VERBOSE").is_some() {
                eprintln!("-- {name}");
            }
            let spec = RunSpec::from_file(&spec_path).unwrap();
            let bindings = run::bindings_from_reflection(&out.reflection, &spec);
            let run_options = run::RunOptions::default();
            let r = session.run_spec(
                &spec,
                &out.spirv,
                &out.reflection.entry_point,
                &bindings,
                None,
                &run_options,
            );
            let known = known_driver_failure(&device_name, &name);
            match r {
                Ok(rep) if rep.passed => {
                    if known {
                        eprintln!(
                            "{name}: passes although listed as a known {device_name} failure"
                        );
                    }
                    pass += 1
                }
                Ok(rep) if known => eprintln!("{name}: known driver failure: {}", rep.summary()),
                Ok(rep) => fail.push(format!("{name}: {}", rep.summary())),
                Err(e) if known => eprintln!("{name}: known driver failure: {e}"),
                Err(e) if spec.uses_heap() && e.kind() == ErrorKind::Unsupported && !nvidia => {
                    eprintln!("SKIPPED: {name}: {e}");
                    heap_skipped += 1
                }
                Err(e) => fail.push(format!("{name}: error: {e}")),
            }
        }
    });
    swept.expect("the Vulkan device opens");
    eprintln!(
        "executed: {pass} passed, {} failed, {skipped} not translated, {heap_skipped} heap \
         spec(s) skipped (no descriptor indexing on {device_name})",
        fail.len()
    );
    assert!(fail.is_empty(), "{}", fail.join("\n"));
}

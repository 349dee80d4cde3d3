//! Execution check: every compute blob (corpus categories compute,
//! control-flow, advanced, binding) that translates and has a run spec
//! is dispatched on the first Vulkan device (or `DXIL2SPIRV_DEVICE=n`) with
//! bindings taken from our reflection, and its results compared.
//!
//! Known driver bugs (corpus/README.md) are expected failures on the named
//! driver only. Fails when no Vulkan device exists (the test command
//! installs lavapipe), unless `DXIL2SPIRV_NO_VULKAN=1` says to skip.
//! `DXIL2SPIRV_RUN_FILTER=substr` runs a subset; `DXIL2SPIRV_CORPUS=dir`
//! points at another copy of the corpus.

#![cfg(feature = "vulkan")]

use dxil2spirv::compile::{CompileOptions, Compiler, DescriptorType, ResourceClass, SetPolicy};
use dxil2spirv::run::{self, BindingDesc, BindingKind, RegisterClass, RegisterKey, RunSpec};
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
        )
}

/// Bindings for the harness from our reflection.
pub fn bindings_from_reflection(refl: &dxil2spirv::Reflection, spec: &RunSpec) -> Vec<BindingDesc> {
    let mut out = Vec::new();
    for r in &refl.resources {
        let class = match r.class {
            ResourceClass::Srv => RegisterClass::Srv,
            ResourceClass::Uav => RegisterClass::Uav,
            ResourceClass::Cbv => RegisterClass::Cbv,
            ResourceClass::Sampler => continue,
        };
        let key = RegisterKey::new(class, r.register).in_space(r.space);
        if spec.resource(&key).is_none() {
            continue;
        }
        let kind = match r.descriptor_type {
            DescriptorType::StorageBuffer => BindingKind::StorageBuffer,
            DescriptorType::UniformBuffer => BindingKind::UniformBuffer,
            DescriptorType::UniformTexelBuffer => BindingKind::UniformTexelBuffer { format: None },
            DescriptorType::StorageTexelBuffer => BindingKind::StorageTexelBuffer { format: None },
            DescriptorType::Sampler => continue,
        };
        out.push(BindingDesc::new(r.set, r.binding, kind, key));
        if let Some((s, b)) = r.counter {
            out.push(BindingDesc::counter(s, b, key));
        }
    }
    out
}

#[test]
fn compute_corpus_runs() {
    // One loader for the whole sweep (see `run::Vulkan`).
    let vulkan = run::Vulkan::load();
    let devices = match vulkan
        .as_ref()
        .map_err(|e| e.to_string())
        .map(|v| v.list_devices())
    {
        Ok(Ok(d)) if !d.is_empty() => Ok(d),
        Ok(Ok(_)) => Err("no device".to_string()),
        Ok(Err(e)) => Err(e.to_string()),
        Err(e) => Err(e),
    };
    let devices = match devices {
        Ok(d) => d,
        other => {
            assert!(
                std::env::var("DXIL2SPIRV_NO_VULKAN").is_ok_and(|v| v == "1"),
                "no Vulkan device ({other:?}); install lavapipe (tests/run.sh does) \
                 or set DXIL2SPIRV_NO_VULKAN=1 to skip"
            );
            eprintln!("skipping: no Vulkan device ({other:?})");
            return;
        }
    };
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
    let compiler = Compiler::new(CompileOptions::default());
    let compact = Compiler::new(CompileOptions {
        sets: SetPolicy::Compact,
        ..CompileOptions::default()
    });
    let (mut pass, mut fail, mut skipped) = (0, Vec::new(), 0);
    // One instance and device for the whole sweep (see `run::Session`).
    let vulkan = vulkan.expect("loader loaded");
    let swept = vulkan.with_session(Some(index), false, |session| {
        for spec_path in specs {
            let name = spec_path.file_stem().unwrap().to_string_lossy().to_string();
            if let Some(f) = &filter {
                if !name.contains(f.as_str()) {
                    continue;
                }
            }
            let blob = std::fs::read(spec_path.with_extension("dxil")).unwrap();
            let mut out = match compiler.compile(&blob) {
                Ok(o) => o,
                // Not translatable yet: the corpus ledger (emit_corpus) names it.
                Err(e) => {
                    eprintln!("{name}: not translated: {e}");
                    skipped += 1;
                    continue;
                }
            };
            // Devices bind few descriptor sets (often 8): compact high spaces.
            if out.reflection.resources.iter().any(|r| r.set >= 8) {
                out = compact.compile(&blob).unwrap();
            }
            if std::env::var_os("DXIL2SPIRV_RUN_VERBOSE").is_some() {
                eprintln!("-- {name}");
            }
            let spec = RunSpec::from_file(&spec_path).unwrap();
            let bindings = bindings_from_reflection(&out.reflection, &spec);
            let options = run::RunOptions::default();
            let r = session.run_spec(
                &spec,
                &out.spirv,
                &out.reflection.entry_point,
                &bindings,
                None,
                &options,
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
                Err(e) => fail.push(format!("{name}: error: {e}")),
            }
        }
    });
    swept.expect("the Vulkan device opens");
    eprintln!(
        "executed: {pass} passed, {} failed, {skipped} not translated",
        fail.len()
    );
    assert!(fail.is_empty(), "{}", fail.join("\n"));
}

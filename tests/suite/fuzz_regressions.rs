//! Fuzz regressions: every input saved under `tests/fuzz_regressions/` (a
//! crash, timeout or leak found by a `fuzz/` target, see `fuzz/README.md`)
//! is replayed through the same entry point as the target that found it and
//! must return without panicking (and compiled modules must pass the
//! current spirv-val, `common::spirv_val`).
//!
//! Files are named `<target>-<hash>`; `<target>` picks the entry point:
//! `container`, `bitstream`, `ir`, `compile`, or `records` (whose saved file
//! is the re-encoded bitcode, replayed through `compile`). `README*` files
//! are skipped; any other name fails the test.

#[path = "../../fuzz/src/entry.rs"]
mod entry;

use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions")
}

/// Runs one saved input through its target's entry point.
fn replay(target: &str, data: &[u8]) {
    match target {
        "container" => entry::container(data),
        "bitstream" => {
            let _ = entry::bitstream(data);
        }
        "ir" => entry::ir(data),
        "compile" | "records" => {
            entry::compile(data);
            // The target checks with the in-process validator; the current
            // spirv-val must accept the modules too.
            let compiler = dxil2spirv::Compiler::default();
            for out in compiler.compile_all(data).into_iter().flatten() {
                crate::common::spirv_val::assert_valid(target, &out.spirv);
            }
        }
        other => panic!("unknown fuzz target {other:?} (want <target>-<hash>)"),
    }
}

#[test]
fn saved_fuzz_inputs_replay_without_panics() {
    let dir = folder();
    let listing = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e} (the folder must exist)", dir.display()));
    let mut readme = false;
    let mut inputs = Vec::new();
    for item in listing {
        let path = item.expect("read the folder").path();
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name.starts_with("README") {
            readme = true;
        } else {
            inputs.push((name, path));
        }
    }
    assert!(readme, "{} has no README", dir.display());
    inputs.sort();

    let mut replayed = 0usize;
    let mut failures = Vec::new();
    for (name, path) in &inputs {
        let data = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let target = name.split_once('-').map_or(name.as_str(), |(t, _)| t);
        match panic::catch_unwind(AssertUnwindSafe(|| replay(target, &data))) {
            Ok(()) => replayed += 1,
            Err(payload) => {
                let msg = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failures.push(format!("{name}: {msg}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} saved fuzz inputs panic:\n{}",
        failures.len(),
        inputs.len(),
        failures.join("\n")
    );
    assert_eq!(replayed, inputs.len(), "every saved input replayed");
    eprintln!("fuzz regressions: {replayed} inputs replayed");
}

//! Tests of the C library through its C ABI: the shared library loaded
//! with dlopen (`abi`, `threads`), the header against the exports
//! (`header`), and the C example built with the system C compiler against
//! an installed layout with pkg-config (`example`). Needs `cc`, `c++`, `nm`
//! and `pkg-config` (`tests/run.sh` installs them); a missing tool fails.
// Test code may unwrap, index and panic: the no-panic lints of
// [workspace.lints] (clippy's restriction group) are off.
#![allow(clippy::restriction)]

mod abi;
mod bindless;
mod descriptor_qa;
mod example;
mod header;
mod threads;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The directory of the freshly built libraries: `target/<profile>/deps`,
/// where this test binary lives too (also under `CARGO_TARGET_DIR`).
pub fn deps_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("path of the test binary");
    exe.parent()
        .expect("the test binary is in deps/")
        .to_path_buf()
}

/// The built shared library.
pub fn cdylib() -> PathBuf {
    let name = format!(
        "{}dxil2spirv_c{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    existing(deps_dir().join(name))
}

/// The built static library.
pub fn staticlib() -> PathBuf {
    existing(deps_dir().join("libdxil2spirv_c.a"))
}

fn existing(path: PathBuf) -> PathBuf {
    assert!(path.exists(), "{} was not built", path.display());
    path
}

/// The C API crate's directory.
pub fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A corpus blob.
pub fn corpus_blob(rel: &str) -> Vec<u8> {
    let path = crate_dir().join("../../corpus").join(rel);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// An empty scratch directory for one test, under the target directory.
pub fn scratch(name: &str) -> PathBuf {
    let dir = deps_dir().join("../capi-tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs a command; its stdout, or a panic with its output if it cannot be
/// started or fails.
pub fn run(cmd: &mut Command) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?} (tests/run.sh installs it): {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{cmd:?} failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

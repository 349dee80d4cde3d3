//! `example/compile.c` built with the system C compiler against an
//! installed layout (README.md's install step) through pkg-config, linked
//! dynamically and statically, and run on a corpus blob.

use crate::{crate_dir, run, scratch};
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The pkg-config file for `prefix`, from the `dxil2spirv-pc` tool.
fn pc_file(prefix: &Path) -> String {
    run(Command::new(env!("CARGO_BIN_EXE_dxil2spirv-pc")).arg(prefix))
}

/// Installs the header, one library (as `libdxil2spirv.*`) and the
/// pkg-config file under `prefix`, as README.md does (with links instead of
/// copies: the libraries are large).
fn install(prefix: &Path, library: &Path) {
    let lib = prefix.join("lib");
    std::fs::create_dir_all(lib.join("pkgconfig")).unwrap();
    std::fs::create_dir_all(prefix.join("include")).unwrap();
    let header = crate_dir().join("include/dxil2spirv.h");
    symlink(header, prefix.join("include/dxil2spirv.h")).unwrap();
    let ext = library.extension().unwrap().to_str().unwrap();
    symlink(library, lib.join(format!("libdxil2spirv.{ext}"))).unwrap();
    std::fs::write(lib.join("pkgconfig/dxil2spirv.pc"), pc_file(prefix)).unwrap();
}

/// `pkg-config ARGS dxil2spirv` against the installed layout.
fn pkg_config(prefix: &Path, args: &[&str]) -> Vec<String> {
    let out = run(Command::new("pkg-config")
        .env("PKG_CONFIG_PATH", prefix.join("lib/pkgconfig"))
        .args(args)
        .arg("dxil2spirv"));
    out.split_whitespace().map(str::to_owned).collect()
}

/// Builds the example with the flags of `pkg-config LIBS_ARGS`.
fn build_example(prefix: &Path, libs_args: &[&str]) -> PathBuf {
    let exe = prefix.join("compile");
    run(Command::new("cc")
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        .arg(crate_dir().join("example/compile.c"))
        .args(pkg_config(prefix, &["--cflags"]))
        .args(pkg_config(prefix, libs_args))
        .arg("-o")
        .arg(&exe));
    exe
}

/// Runs the example on the append-structured blob; checks its report.
fn run_example(mut cmd: Command) {
    let blob = crate_dir().join("../../corpus/compute/append-structured.dxil");
    let out = run(cmd.arg(blob).arg("u0"));
    let version = format!("dxil2spirv {}\n", env!("CARGO_PKG_VERSION"));
    assert!(out.starts_with(&version), "{out}");
    assert!(
        out.contains(" SPIR-V words, 0 warnings, resource u0 reflected\n"),
        "{out}"
    );
    assert!(
        out.contains("ok: truncated blob rejected: invalid input (container, byte "),
        "{out}"
    );
}

#[test]
fn pc_file_content() {
    let pc = pc_file(Path::new("/opt/d2s"));
    let lines: Vec<&str> = pc.lines().collect();
    let version = format!("Version: {}", env!("CARGO_PKG_VERSION"));
    for expected in [
        "prefix=/opt/d2s",
        "libdir=${prefix}/lib",
        "includedir=${prefix}/include",
        "Name: dxil2spirv",
        &version,
        "Libs: -L${libdir} -ldxil2spirv",
        "Cflags: -I${includedir}",
    ] {
        assert!(lines.contains(&expected), "{expected:?} in\n{pc}");
    }
    assert!(pc.contains("\nLibs.private: -lstdc++ "), "{pc}");
}

#[test]
fn example_linked_dynamically() {
    let prefix = scratch("dynamic");
    install(&prefix, &crate::cdylib());
    let include = format!("-I{}/include", prefix.display());
    assert_eq!(pkg_config(&prefix, &["--cflags"]), [include]);
    let exe = build_example(&prefix, &["--libs"]);
    let ldd = run(Command::new("ldd").arg(&exe));
    assert!(ldd.contains("libdxil2spirv.so => "), "{ldd}");
    let mut cmd = Command::new(exe);
    cmd.env("LD_LIBRARY_PATH", prefix.join("lib"));
    run_example(cmd);
}

#[test]
fn example_in_root_signature_mode() {
    let prefix = scratch("bindless");
    install(&prefix, &crate::staticlib());
    let exe = build_example(&prefix, &["--static", "--libs"]);
    let blob = crate_dir().join("../../corpus/binding/rs10-tables-and-root-params.dxil");
    let out = run(Command::new(exe).arg(blob).args(["u3", "embedded"]));
    assert!(
        out.contains("resource u3 reflected (bindless-1)\n"),
        "{out}"
    );
}

#[test]
fn example_linked_statically() {
    let prefix = scratch("static");
    install(&prefix, &crate::staticlib());
    let exe = build_example(&prefix, &["--static", "--libs"]);
    let ldd = run(Command::new("ldd").arg(&exe));
    assert!(!ldd.contains("dxil2spirv"), "{ldd}");
    run_example(Command::new(exe));
}

//! The `compile` command as a filter: `-` as the input reads the blob from
//! standard input, and a DXIL library without `--entry` compiles every
//! export into folders (`-o DIR` gets `DIR/<export>.spv`, `--reflect DIR`
//! `DIR/<export>.json`), the same modules as `Compiler::compile_all`.

use crate::common;

use common::cli::{bin, stderr_of_failure, stdout, TempDir};
use common::corpus;
use common::json::parse;
use dxil2spirv::Compiler;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Output, Stdio};

const LIBRARY: &str = "advanced/dxr-raygen-pinhole-camera";
const COMPUTE: &str = "compute/int-add-sub-mul-wrap";

fn blob(name: &str) -> PathBuf {
    corpus::root().join(format!("{name}.dxil"))
}

/// The binary run with `args`, `input` on its stdin.
fn with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn bytes_of(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

#[test]
fn a_library_without_entry_compiles_every_export_into_folders() {
    let tmp = TempDir::new("cli-filter-lib");
    let (spv, json) = (tmp.join("spv"), tmp.join("json"));
    let out = bin()
        .arg("compile")
        .arg(blob(LIBRARY))
        .arg("-o")
        .arg(&spv)
        .arg("--reflect")
        .arg(&json)
        .output()
        .unwrap();
    assert_eq!(stdout(out), "");
    let want = Compiler::default()
        .compile_all(&std::fs::read(blob(LIBRARY)).unwrap())
        .unwrap();
    assert_eq!(want.len(), 3);
    for w in &want {
        let name = &w.reflection.entry_point;
        let got = std::fs::read(spv.join(format!("{name}.spv"))).unwrap();
        assert_eq!(got, bytes_of(&w.spirv), "{name}.spv");
        let doc = parse(&std::fs::read_to_string(json.join(format!("{name}.json"))).unwrap());
        assert_eq!(doc.at("entry_point").str(), name);
    }
    assert_eq!(std::fs::read_dir(&spv).unwrap().count(), 3);
}

#[test]
fn a_library_without_entry_prints_every_export() {
    let out = bin()
        .arg("compile")
        .arg(blob(LIBRARY))
        .arg("--disasm")
        .output()
        .unwrap();
    let text = stdout(out);
    let exports: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("; export "))
        .collect();
    assert_eq!(exports, ["PrimaryClosestHit", "PrimaryMiss", "RayGen"]);
}

#[test]
fn several_exports_to_stdout_are_a_usage_error() {
    for args in [["-o", "-"], ["--reflect", "-"]] {
        let tmp = TempDir::new("cli-filter-stdout");
        let out = bin()
            .arg("compile")
            .arg(blob(LIBRARY))
            .args(args)
            .arg("--disasm")
            .current_dir(&tmp.0)
            .output()
            .unwrap();
        let stderr = stderr_of_failure(out, 64);
        assert!(stderr.contains("one file per export"), "{stderr}");
        assert!(out_is_empty(&tmp), "nothing written");
    }
}

fn out_is_empty(tmp: &TempDir) -> bool {
    std::fs::read_dir(&tmp.0).unwrap().next().is_none()
}

#[test]
fn dash_reads_the_blob_from_stdin() {
    let bytes = std::fs::read(blob(COMPUTE)).unwrap();
    let out = with_stdin(&["compile", "-", "-o", "-"], &bytes);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let want = Compiler::default().compile(&bytes).unwrap();
    assert_eq!(out.stdout, bytes_of(&want.spirv));

    // A library from stdin into a folder, like a file.
    let tmp = TempDir::new("cli-filter-stdin");
    let dir = tmp.join("out");
    let lib = std::fs::read(blob(LIBRARY)).unwrap();
    let out = with_stdin(&["compile", "-", "-o", dir.to_str().unwrap()], &lib);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.join("RayGen.spv").is_file());

    // Other commands read stdin the same way.
    let out = with_stdin(&["info", "-"], &bytes);
    assert!(stdout(out).contains("container"));
}

#[test]
fn garbage_on_stdin_is_invalid_input() {
    let out = with_stdin(&["compile", "-", "-o", "-"], b"not a shader");
    let stderr = stderr_of_failure(out, 1);
    assert!(stderr.contains("not a DXBC container"), "{stderr}");
}

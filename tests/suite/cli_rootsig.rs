//! `dxil2spirv rootsig`: printing a root signature as text and JSON,
//! converting containers and JSON to RTS0 byte for byte, the `--layout`
//! root block, and validation failures with their message and exit code.

use crate::common::cli::{bin, stderr_of_failure, stdout, TempDir};
use crate::common::corpus;
use crate::common::json::parse;
use crate::rootsig_io::part_of;
use std::path::Path;
use std::process::Output;

fn rootsig(args: &[&str], file: &Path) -> Output {
    bin()
        .arg("rootsig")
        .arg(file)
        .args(args)
        .output()
        .expect("the binary runs")
}

const BLOB: &str = "binding/rs10-tables-and-root-params";

fn blob_path() -> std::path::PathBuf {
    corpus::root().join(format!("{BLOB}.dxil"))
}

#[test]
fn prints_text_and_json() {
    let text = stdout(rootsig(&[], &blob_path()));
    assert!(text.starts_with("version: 1.0\n"), "{text}");
    assert!(text.contains("kind: constants"), "{text}");
    let doc = parse(&stdout(rootsig(&["--json"], &blob_path())));
    assert_eq!(doc.at("version").str(), "1.0");
    assert_eq!(doc.at("parameters").len(), 5);
    assert_eq!(doc.at("parameters/4/kind").str(), "srv");
}

#[test]
fn converts_containers_and_json_to_identical_rts0() {
    let dir = TempDir::new("cli-rootsig");
    let part = part_of(&std::fs::read(blob_path()).unwrap()).unwrap();
    // Container → RTS0.
    let rts0 = dir.join("rs.rts0");
    let out = rootsig(&["--to-rts0", rts0.to_str().unwrap()], &blob_path());
    assert_eq!(stdout(out), "");
    assert_eq!(std::fs::read(&rts0).unwrap(), part);
    // RTS0 → JSON → RTS0.
    let json = stdout(rootsig(&["--json"], &rts0));
    let json_path = dir.join("rs.json");
    std::fs::write(&json_path, &json).unwrap();
    let again = dir.join("again.rts0");
    stdout(rootsig(&["--to-rts0", again.to_str().unwrap()], &json_path));
    assert_eq!(std::fs::read(&again).unwrap(), part);
    // `-` writes the bytes to stdout.
    let out = rootsig(&["--to-rts0", "-"], &json_path);
    assert!(out.status.success());
    assert_eq!(out.stdout, part);
}

#[test]
fn layout_is_the_snapshot() {
    let dir = TempDir::new("cli-rootsig-layout");
    let rts0 = dir.join("rs.rts0");
    stdout(rootsig(
        &["--to-rts0", rts0.to_str().unwrap()],
        &blob_path(),
    ));
    let layout = stdout(rootsig(&["--layout", "--json"], &rts0));
    let snapshot = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots/rootsig")
        .join(format!("{BLOB}.json"));
    assert_eq!(layout, std::fs::read_to_string(snapshot).unwrap());
    let doc = parse(&stdout(rootsig(&["--layout", "--json"], &blob_path())));
    assert_eq!(doc.at("root_signature/source").str(), "container");
    assert_eq!(doc.at("root_block/parameters/0/register").str(), "t5");
    let text = stdout(rootsig(&["--layout"], &blob_path()));
    assert!(text.contains("abi: bindless-1"), "{text}");
}

#[test]
fn invalid_root_signatures_fail_with_the_rule() {
    let dir = TempDir::new("cli-rootsig-invalid");
    let mixed = dir.join("mixed.json");
    std::fs::write(
        &mixed,
        r#"{"version": "1.0", "flags": [], "static_samplers": [], "parameters": [
            {"visibility": "Pixel", "kind": "table", "ranges": [
              {"type": "Srv", "count": 1, "base_register": 0, "space": 0, "offset": "append", "flags": null},
              {"type": "Sampler", "count": 1, "base_register": 3, "space": 0, "offset": "append", "flags": null}]}]}"#,
    )
    .unwrap();
    let stderr = stderr_of_failure(rootsig(&["--json"], &mixed), 1);
    for name in [
        "parameter 0 range 1",
        "s3 space 0",
        "Pixel",
        "mixes sampler",
    ] {
        assert!(stderr.contains(name), "{stderr}");
    }
    // --no-validate prints it anyway.
    stdout(rootsig(&["--json", "--no-validate"], &mixed));

    let broken = dir.join("broken.json");
    std::fs::write(&broken, "{\"version\": \"1.0\",, }").unwrap();
    let stderr = stderr_of_failure(rootsig(&[], &broken), 1);
    assert!(stderr.contains("byte 18"), "{stderr}");

    let plain = corpus::root().join("compute/int-add-sub-mul-wrap.dxil");
    let stderr = stderr_of_failure(rootsig(&[], &plain), 1);
    assert!(stderr.contains("no RTS0 part"), "{stderr}");
}

//! `dxil2spirv compile --root-signature embedded|FILE` and the
//! `bindless-1` options on the command line.

use crate::common::cli::{bin, stderr_of_failure, stdout, TempDir};

const BLOB: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/corpus/binding/rs10-tables-and-root-params.dxil"
);

#[test]
fn embedded_root_signature_reflects_bindless() {
    let json = stdout(
        bin()
            .args([
                "compile",
                BLOB,
                "--root-signature",
                "embedded",
                "--reflect",
                "-",
            ])
            .args(["-o", "/dev/null"])
            .output()
            .unwrap(),
    );
    assert!(json.contains("\"abi\": \"bindless-1\""), "{json}");
    assert!(json.contains("\"source\":\"embedded\""), "{json}");
}

#[test]
fn heap_and_static_sampler_sets() {
    let blob = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/binding/rs-static-sampler-compute.dxil"
    );
    let json = stdout(
        bin()
            .args(["compile", blob, "--root-signature", "embedded"])
            .args(["--bindless-heap-set", "3", "--static-sampler-set", "4"])
            .args(["--reflect", "-", "-o", "/dev/null"])
            .output()
            .unwrap(),
    );
    assert!(json.contains("\"heap\": {\"set\":3,"), "{json}");
    assert!(
        json.contains("\"static_samplers\": [{\"set\":4,\"binding\":0,"),
        "{json}"
    );
}

#[test]
fn root_signature_file_as_json_and_ubo_root_block() {
    let dir = TempDir::new("cli-bindless");
    let rs = dir.join("rs.json");
    let text = stdout(bin().args(["rootsig", BLOB, "--json"]).output().unwrap());
    std::fs::write(&rs, text).unwrap();
    let json = stdout(
        bin()
            .args(["compile", BLOB, "--root-signature"])
            .arg(&rs)
            .args([
                "--root-block",
                "ubo:3:1",
                "--mutable-descriptors",
                "--cbv-as-ssbo",
            ])
            .args(["--reflect", "-", "-o", "/dev/null"])
            .output()
            .unwrap(),
    );
    assert!(json.contains("\"source\":\"supplied\""), "{json}");
    assert!(
        json.contains("\"storage\":\"uniform_buffer\",\"set\":3,\"binding\":1"),
        "{json}"
    );
    assert!(json.contains("mutableDescriptorType"), "{json}");
}

#[test]
fn errors_name_the_register_and_exit_1() {
    let dir = TempDir::new("cli-bindless-err");
    let rs = dir.join("rs.json");
    std::fs::write(
        &rs,
        r#"{"version": "1.1", "flags": [], "parameters": [], "static_samplers": []}"#,
    )
    .unwrap();
    let err = stderr_of_failure(
        bin()
            .args(["compile", BLOB, "-o", "/dev/null", "--root-signature"])
            .arg(&rs)
            .output()
            .unwrap(),
        1,
    );
    assert!(
        err.contains("Compute") && err.contains("not-covered"),
        "{err}"
    );
    let err = stderr_of_failure(
        bin()
            .args(["compile", BLOB, "-o", "/dev/null", "--mutable-descriptors"])
            .output()
            .unwrap(),
        64,
    );
    assert!(err.contains("--root-signature"), "{err}");
    let plain = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/compute/int-add-sub-mul-wrap.dxil"
    );
    let err = stderr_of_failure(
        bin()
            .args([
                "compile",
                plain,
                "-o",
                "/dev/null",
                "--root-signature",
                "embedded",
            ])
            .output()
            .unwrap(),
        1,
    );
    assert!(err.contains("no RTS0 part"), "{err}");
}

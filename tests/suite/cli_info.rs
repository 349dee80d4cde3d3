//! The `dxil2spirv` binary: `info` (JSON and text), `dis`, and the exit
//! codes of unreadable and malformed input.

use crate::common;

use common::cli::{bin, stdout};
use common::corpus;
use common::json::{parse, Value};
use std::path::Path;
use std::process::Output;

fn dxil2spirv(args: &[&str], file: &Path) -> Output {
    bin()
        .args(args)
        .arg(file)
        .output()
        .expect("the binary runs")
}

fn stdout_of(args: &[&str], file: &Path) -> String {
    stdout(dxil2spirv(args, file))
}

#[test]
fn info_json_of_a_compute_shader() {
    let file = corpus::root().join("compute/int-add-sub-mul-wrap.dxil");
    let doc = parse(&stdout_of(&["info", "--json"], &file));
    assert_eq!(doc.at("dxil/shader_model/profile").str(), "cs_6_0");
    assert_eq!(doc.at("dxil/shader_model/kind").str(), "Compute");
    let entries = doc.at("dxil/entry_points");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries.at("0/name").str(), "main");
    assert_eq!(
        entries.at("0/properties/num_threads").nums(),
        [16.0, 1.0, 1.0]
    );
    let resources = doc.at("dxil/resources");
    let count: usize = ["srv", "uav", "cbv", "sampler"]
        .iter()
        .map(|class| resources.at(class).len())
        .sum();
    assert_eq!(count, 3);
    assert_eq!(resources.at("srv").len(), 2);
    assert_eq!(resources.at("uav/0/stride"), &Value::Num(4.0));
    // The DXIL document comes right after the program part.
    let Value::Object(top) = &doc else {
        panic!("not an object")
    };
    let keys: Vec<&str> = top.iter().map(|(k, _)| k.as_str()).collect();
    let at = keys.iter().position(|&k| k == "program").unwrap();
    assert_eq!(keys.get(at + 1), Some(&"dxil"), "{keys:?}");
}

#[test]
fn info_names_library_exports_as_entry_takes_them() {
    let file = corpus::root().join("advanced/dxr-raygen-pinhole-camera.dxil");
    let doc = parse(&stdout_of(&["info", "--json"], &file));
    let entries = doc.at("dxil/entry_points");
    let exports: Vec<(&str, &str)> = (1..entries.len())
        .map(|i| {
            let e = entries.at(&i.to_string());
            (e.at("export").str(), e.at("kind").str())
        })
        .collect();
    assert_eq!(
        exports,
        [
            ("PrimaryClosestHit", "ClosestHit"),
            ("PrimaryMiss", "Miss"),
            ("RayGen", "RayGeneration")
        ]
    );
}

#[test]
fn info_json_of_a_vertex_shader() {
    let file = corpus::root().join("graphics/vs-cbuffer-world-viewproj.dxil");
    let doc = parse(&stdout_of(&["info", "--json"], &file));
    assert_eq!(doc.at("dxil/shader_model/profile").str(), "vs_6_0");
    let entry = doc.at("dxil/entry_points/0");
    assert_eq!(entry.at("kind").str(), "Vertex");
    let names = |list: &Value| -> Vec<String> {
        (0..list.len())
            .map(|i| list.at(&format!("{i}/name")).str().to_owned())
            .collect()
    };
    assert_eq!(names(entry.at("signatures/input")), ["POSITION", "NORMAL"]);
    let outputs = entry.at("signatures/output");
    assert_eq!(outputs.at("0/name").str(), "SV_Position");
    assert_eq!(outputs.at("0/semantic_kind").str(), "Position");
    assert_eq!(doc.at("dxil/resources/cbv").len(), 1);
}

#[test]
fn info_text_and_dis() {
    let file = corpus::root().join("compute/int-add-sub-mul-wrap.dxil");
    let text = stdout_of(&["info"], &file);
    assert!(text.contains("\ndxil:\n  shader_model:\n"), "{text}");
    assert!(text.contains("    profile: cs_6_0\n"), "{text}");
    assert!(text.contains("num_threads: [16, 1, 1]\n"), "{text}");
    let dis = stdout_of(&["dis"], &file);
    assert!(dis.contains("define void @main()"), "{dis}");
}

#[test]
fn missing_file_exits_with_5() {
    let out = dxil2spirv(&["info"], Path::new("/nonexistent/dir/shader.dxil"));
    assert_eq!(out.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}

#[test]
fn truncated_blob_exits_with_1_and_names_an_offset() {
    let blob = std::fs::read(corpus::root().join("compute/int-add-sub-mul-wrap.dxil")).unwrap();
    let path =
        std::env::temp_dir().join(format!("dxil2spirv-truncated-{}.dxil", std::process::id()));
    std::fs::write(&path, &blob[..40]).unwrap();
    let out = dxil2spirv(&["info", "--json"], &path);
    std::fs::remove_file(&path).ok();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(out.stdout.is_empty());
    let offset = stderr.split("byte ").nth(1).unwrap_or("");
    assert!(
        offset.starts_with(|c: char| c.is_ascii_digit()),
        "no byte offset in: {stderr}"
    );
}

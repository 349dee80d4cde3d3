//! The `dxil2spirv` binary: `compile` (SPIR-V, reflection, disassembly,
//! binding options, exit codes), `cfg` (Graphviz and summaries) and `run`
//! (pass, and exit 6 on a result mismatch).
//!
//! The `run` tests need a Vulkan device (lavapipe in CI): without one they
//! FAIL, unless `DXIL2SPIRV_NO_VULKAN=1` is set.

use crate::common;

use common::cli::{bin, stderr_of_failure, stdout, TempDir};
use common::corpus;
use common::json::{parse, Value};
use dxil2spirv::cfg::{self, Summary};
use dxil2spirv::{CompileOptions, Compiler, Shader};
use std::path::PathBuf;

const COMPUTE: &str = "compute/int-add-sub-mul-wrap";

fn blob(name: &str) -> PathBuf {
    corpus::root().join(format!("{name}.dxil"))
}

fn library_output(name: &str) -> dxil2spirv::Output {
    let bytes = std::fs::read(blob(name)).unwrap();
    Compiler::new(CompileOptions::default())
        .compile(&bytes)
        .expect("compiles")
}

/// The reflected resource of a class and register.
fn resource<'a>(doc: &'a Value, class: &str, register: f64) -> &'a Value {
    let list = doc.at("resources");
    (0..list.len())
        .map(|i| list.at(&i.to_string()))
        .find(|r| r.at("class").str() == class && r.at("register").num() == register)
        .unwrap_or_else(|| panic!("no {class}{register} in {doc:?}"))
}

fn set_binding(r: &Value) -> (f64, f64) {
    (r.at("set").num(), r.at("binding").num())
}

#[test]
fn compile_writes_the_library_spirv_and_reflection() {
    let tmp = TempDir::new("cli-compile");
    let (spv, json) = (tmp.join("out.spv"), tmp.join("out.json"));
    let out = bin()
        .arg("compile")
        .arg(blob(COMPUTE))
        .arg("-o")
        .arg(&spv)
        .arg("--reflect")
        .arg(&json)
        .output()
        .unwrap();
    assert_eq!(stdout(out), "", "nothing on stdout without --disasm");
    let bytes = std::fs::read(&spv).unwrap();
    assert_eq!(bytes.len() % 4, 0);
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(words[0], 0x0723_0203, "SPIR-V magic, little endian");
    let lib = library_output(COMPUTE);
    assert_eq!(words, lib.spirv);
    let text = std::fs::read_to_string(&json).unwrap();
    assert_eq!(text, lib.reflection.to_json());
    // `-o -`: the same bytes on stdout.
    let out = bin()
        .arg("compile")
        .arg(blob(COMPUTE))
        .args(["-o", "-"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, bytes);
    let doc = parse(&text);
    assert_eq!(doc.at("workgroup_size").nums(), [16.0, 1.0, 1.0]);
    assert_eq!(doc.at("resources").len(), 3);
    assert_eq!(set_binding(resource(&doc, "t", 0.0)), (0.0, 1000.0));
    assert_eq!(set_binding(resource(&doc, "t", 1.0)), (0.0, 1001.0));
    assert_eq!(set_binding(resource(&doc, "u", 0.0)), (0.0, 2000.0));
}

#[test]
fn binding_options_reach_the_reflection() {
    let out = bin()
        .arg("compile")
        .arg(blob(COMPUTE))
        .args(["--reflect", "-", "--disasm", "--no-validate"])
        .args(["--remap", "u0=3:7", "--remap", "t1,space0=2:40"])
        .args(["--binding-offsets", "t=5,u=9"])
        .args(["--srem", "native", "--no-bounds-checks"])
        .output()
        .unwrap();
    let text = stdout(out);
    // The JSON comes first on stdout, then the disassembly.
    let end = text.find("; SPIR-V").expect("disassembly");
    assert!(text[end..].contains("OpDecorate %"), "{text}");
    let doc = parse(&text[..end]);
    assert_eq!(set_binding(resource(&doc, "t", 0.0)), (0.0, 5.0));
    assert_eq!(set_binding(resource(&doc, "t", 1.0)), (2.0, 40.0));
    assert_eq!(set_binding(resource(&doc, "u", 0.0)), (3.0, 7.0));
    assert_eq!(doc.at("srem_lowering").str(), "native");
    assert_eq!(doc.at("bounds_checks"), &Value::Bool(false));

    let sparse = "binding/plain-sparse-high-registers";
    let sets = |policy: &str| {
        let out = bin()
            .arg("compile")
            .arg(blob(sparse))
            .args(["--disasm", "--reflect", "-", "--set-policy", policy])
            .output()
            .unwrap();
        let text = stdout(out);
        let doc = parse(&text[..text.find("; SPIR-V").expect("disassembly")]);
        let r = resource(&doc, "t", 2.0);
        assert_eq!(r.at("space").num(), 999.0);
        r.at("set").num()
    };
    assert_eq!(sets("space"), 999.0);
    assert_eq!(sets("compact"), 2.0);
}

#[test]
fn disasm_prints_the_module() {
    let out = bin()
        .arg("compile")
        .arg(blob(COMPUTE))
        .arg("--disasm")
        .output()
        .unwrap();
    let text = stdout(out);
    assert!(text.contains("OpEntryPoint GLCompute"), "{text}");
    assert!(
        text.contains("OpExecutionMode %4 LocalSize 16 1 1"),
        "{text}"
    );
}

#[test]
fn entry_picks_the_export_of_a_library() {
    let tmp = TempDir::new("cli-lib");
    let spv = tmp.join("lib.spv");
    let file = blob("advanced/dxr-raygen-pinhole-camera");
    let out = bin()
        .arg("compile")
        .arg(&file)
        .args(["--entry", "NoSuchExport", "-o"])
        .arg(&spv)
        .output()
        .unwrap();
    let stderr = stderr_of_failure(out, 1);
    assert!(
        stderr.starts_with(&format!("error: {}: invalid input", file.display())),
        "{stderr}"
    );
    assert!(!spv.exists(), "no output on failure");

    let json = tmp.join("lib.json");
    let out = bin()
        .arg("compile")
        .arg(&file)
        .args(["--entry", "RayGen", "-o"])
        .arg(&spv)
        .arg("--reflect")
        .arg(&json)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc = parse(&std::fs::read_to_string(&json).unwrap());
    assert_eq!(doc.at("entry_point").str(), "RayGen");
    assert_eq!(doc.at("stage").str(), "raygeneration");
    assert!(std::fs::metadata(&spv).unwrap().len() > 20);
}

#[test]
fn a_truncated_blob_exits_1_with_an_offset() {
    let tmp = TempDir::new("cli-truncated");
    let file = tmp.join("cut.dxil");
    let bytes = std::fs::read(blob(COMPUTE)).unwrap();
    std::fs::write(&file, &bytes[..100]).unwrap();
    let out = bin()
        .arg("compile")
        .arg(&file)
        .args(["-o", "-"])
        .output()
        .unwrap();
    assert!(out.stdout.is_empty());
    let stderr = stderr_of_failure(out, 1);
    let offset = stderr.split("byte ").nth(1).unwrap_or("");
    assert!(
        offset.starts_with(|c: char| c.is_ascii_digit()),
        "no byte offset in: {stderr}"
    );
}

#[test]
fn unreadable_input_and_unwritable_output_exit_5() {
    let out = bin()
        .args(["compile", "/nonexistent/dir/a.dxil", "-o", "-"])
        .output()
        .unwrap();
    let stderr = stderr_of_failure(out, 5);
    assert!(
        stderr.contains("/nonexistent/dir/a.dxil: cannot read"),
        "{stderr}"
    );
    let out = bin()
        .arg("compile")
        .arg(blob(COMPUTE))
        .args(["-o", "/nonexistent/dir/a.spv"])
        .output()
        .unwrap();
    let stderr = stderr_of_failure(out, 5);
    assert!(stderr.contains("a.spv: cannot write"), "{stderr}");
}

#[test]
fn bad_binding_options_are_usage_errors_naming_the_rule() {
    let usage = |args: &[&str]| {
        let out = bin()
            .arg("compile")
            .arg(blob(COMPUTE))
            .arg("--disasm")
            .args(args)
            .output()
            .unwrap();
        assert!(out.stdout.is_empty());
        stderr_of_failure(out, 64)
    };
    let stderr = usage(&["--remap", "u0=x"]);
    assert!(stderr.contains("'u0=x'"), "{stderr}");
    assert!(
        stderr.contains("expected a descriptor set number at column 4"),
        "{stderr}"
    );
    let stderr = usage(&["--remap", "u0=0:1", "--remap", "q3=0:1"]);
    assert!(stderr.contains("'q3=0:1'"), "{stderr}");
    let stderr = usage(&["--binding-offsets", "t=1,t=2"]);
    assert!(stderr.contains("`t` is given twice"), "{stderr}");
    let stderr = usage(&["--set-policy", "dense"]);
    assert!(stderr.contains("dense"), "{stderr}");
    // Neither an output nor --disasm: nothing to do.
    let out = bin().arg("compile").arg(blob(COMPUTE)).output().unwrap();
    stderr_of_failure(out, 64);
}

#[test]
fn help_lists_the_exit_codes() {
    let text = stdout(bin().arg("--help").output().unwrap());
    for line in [
        "Exit codes:",
        "  4   SPIR-V validation failure",
        "  5   a file could not be read or written",
        "  6   run: the shader ran but its results differ from the spec",
    ] {
        assert!(text.contains(line), "{line:?} missing in:\n{text}");
    }
}

/// Checks that `text` is a sequence of well-formed `digraph "..." { ... }`
/// blocks and returns their names.
fn digraph_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let (mut depth, mut quoted, mut escaped) = (0i32, false, false);
    let mut rest = text;
    while !rest.is_empty() {
        if depth == 0 && !quoted {
            let trimmed = rest.trim_start();
            if trimmed.is_empty() {
                break;
            }
            let header = trimmed
                .strip_prefix("digraph \"")
                .unwrap_or_else(|| panic!("expected a digraph at: {trimmed:.40}"));
            let end = header.find('"').unwrap();
            names.push(header[..end].to_owned());
            rest = header[end + 1..]
                .trim_start()
                .strip_prefix('{')
                .expect("{ after the digraph name");
            depth = 1;
            continue;
        }
        let c = rest.chars().next().unwrap();
        rest = &rest[c.len_utf8()..];
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '{' if !quoted => depth += 1,
            '}' if !quoted => {
                depth -= 1;
                assert!(depth >= 0, "unbalanced braces");
            }
            _ => {}
        }
    }
    assert_eq!((depth, quoted), (0, false), "unterminated graph");
    names
}

#[test]
fn cfg_prints_before_and_after_digraphs() {
    let name = "control-flow/loops-in-switch";
    let out = bin()
        .arg("cfg")
        .arg(blob(name))
        .arg("--dot")
        .output()
        .unwrap();
    let text = stdout(out);
    assert_eq!(digraph_names(&text), ["@main: before", "@main: after"]);
    assert!(text.contains("label=\"@main: before\";"), "{text}");
    assert!(text.contains("label=\"@main: after\";"), "{text}");
    assert!(text.contains("[loop header]"), "{text}");
    assert!(text.contains("loop merge"), "{text}");

    // The summary is the library's, for the one function with a body.
    let bytes = std::fs::read(blob(name)).unwrap();
    let shader = Shader::read(&bytes).unwrap();
    let m = &shader.module;
    let f = m.functions.iter().find(|f| !f.is_declaration).unwrap();
    let summary = Summary::new(&cfg::structurize(f, m).unwrap(), f.blocks.len());
    assert_eq!(summary.loops, 3);
    let out = bin()
        .arg("cfg")
        .arg(blob(name))
        .args(["--func", "@main"])
        .output()
        .unwrap();
    assert_eq!(stdout(out), format!("@main: {summary}\n"));

    let out = bin()
        .arg("cfg")
        .arg(blob(name))
        .args(["--func", "nope"])
        .output()
        .unwrap();
    let stderr = stderr_of_failure(out, 1);
    assert!(stderr.contains("no function @nope"), "{stderr}");
}

#[test]
fn run_passes_and_a_corrupted_expectation_exits_6() {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let devices = stdout(bin().args(["run", "--list-devices"]).output().unwrap());
    let first = dxil2spirv::run::list_devices().unwrap().remove(0);
    assert!(devices.starts_with(&format!("{first}\n")), "{devices}");

    let spec = corpus::root().join(format!("{COMPUTE}.run"));
    let text = stdout(bin().arg("run").arg(&spec).output().unwrap());
    assert!(text.contains(": PASS on "), "{text}");
    // A shader whose spaces need compact descriptor sets.
    let sparse = corpus::root().join("binding/plain-sparse-high-registers.run");
    let text = stdout(bin().arg("run").arg(&sparse).output().unwrap());
    assert!(text.contains(": PASS on "), "{text}");
    // Compile options reach the compiler: native signed remainder is right
    // on lavapipe (wrong on NVIDIA 580, corpus/README.md), other offsets
    // are followed by the bindings.
    let srem = corpus::root().join("compute/int-div-rem-signed.run");
    let run_with = |spec: &std::path::Path, opts: &[&str]| {
        stdout(bin().arg("run").arg(spec).args(opts).output().unwrap())
    };
    // NVIDIA 580 computes native OpSRem on these operands as an unsigned
    // remainder (corpus/README.md), so there the option shows as exit 6.
    let native = bin()
        .arg("run")
        .arg(&srem)
        .args(["--srem", "native"])
        .output()
        .unwrap();
    if first.to_string().contains("NVIDIA") {
        assert_eq!(native.status.code(), Some(6), "{native:?}");
    } else {
        let text = stdout(native);
        assert!(text.contains(": PASS on "), "{text}");
    }
    let text = run_with(&spec, &["--binding-offsets", "u=7"]);
    assert!(text.contains(": PASS on "), "{text}");

    // The same shader, with the first expected value off by one.
    let tmp = TempDir::new("cli-run");
    let copy = tmp.join("wrong.run");
    std::fs::copy(blob(COMPUTE), tmp.join("wrong.dxil")).unwrap();
    let original = std::fs::read_to_string(&spec).unwrap();
    let wrong = original.replacen(
        "expect u0 : u32[96] = 4294967295,",
        "expect u0 : u32[96] = 4294967294,",
        1,
    );
    assert_ne!(wrong, original, "the spec changed");
    std::fs::write(&copy, wrong).unwrap();
    let out = bin().arg("run").arg(&copy).output().unwrap();
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = stderr_of_failure(out, 6);
    assert!(report.contains("FAIL on"), "{report}");
    assert!(
        report.contains("u0[0]: got 4294967295 (0xffffffff), want 4294967294"),
        "{report}"
    );
    assert!(stderr.contains("results differ"), "{stderr}");

    let out = bin()
        .arg("run")
        .arg(&copy)
        .args(["--device", "99"])
        .output()
        .unwrap();
    let stderr = stderr_of_failure(out, 1);
    assert!(stderr.contains("device 99 does not exist"), "{stderr}");
}

#[test]
fn compile_trace_has_one_span_per_phase() {
    let tmp = TempDir::new("cli-compile-trace");
    let trace = tmp.0.join("trace.json");
    let out = bin()
        .args(["compile", "--disasm", "--trace"])
        .arg(&trace)
        .arg(blob(COMPUTE))
        .output()
        .unwrap();
    stdout(out);
    let doc = parse(&std::fs::read_to_string(&trace).expect("trace file"));
    let names: Vec<&str> = doc
        .at("traceEvents")
        .items()
        .iter()
        .filter(|e| e.at("ph").str() == "X")
        .map(|e| e.at("name").str())
        .collect();
    let blob_name = blob(COMPUTE).display().to_string();
    assert_eq!(
        names,
        [
            blob_name.as_str(),
            "container",
            "ir",
            "dxil",
            "cfg",
            "emit",
            "validate"
        ]
    );

    // A failing compile still writes the phases that ran.
    let out = bin()
        .args(["compile", "-o", "-", "--trace"])
        .arg(&trace)
        .arg(blob("advanced/fb-ps-min-mip-feedback"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let doc = parse(&std::fs::read_to_string(&trace).expect("trace file"));
    let phases = doc
        .at("traceEvents")
        .items()
        .iter()
        .filter(|e| e.at("ph").str() == "X" && e.at("cat").str() == "phase")
        .count();
    assert!((1..6).contains(&phases), "{phases} phases");
}

//! `dxil2spirv corpus`: its JSON and JUnit reports agree with the library's
//! own results, its exit status reflects failures, shards partition the
//! blobs, `--fail-fast` stops, and `--trace` writes Chrome trace JSON.

use crate::common;

use common::json::{parse, Value};
use dxil2spirv::Compiler;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A file in a fresh scratch folder of this test process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dxil2spirv-cli-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir.join(name)
}

/// Runs `corpus` in the crate root (2 workers unless `args` say); returns
/// the exit code and stderr.
fn corpus(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dxil2spirv"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("corpus")
        .args(args)
        .args(if args.contains(&"--jobs") {
            &[][..]
        } else {
            &["--jobs", "2"][..]
        })
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code().expect("an exit code"), stderr)
}

/// The `--json` report of a run: its records.
fn records(args: &[&str], name: &str) -> (i32, Vec<Value>) {
    let file = scratch(name);
    let mut all = args.to_vec();
    all.extend(["--json", file.to_str().expect("UTF-8 path")]);
    let (code, stderr) = corpus(&all);
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    let doc = parse(&text);
    (code, doc.into_items())
}

/// The `.dxil` files of corpus folders, sorted, as the binary names them.
fn blobs_of(folders: &[&str]) -> Vec<String> {
    // Recursive, as the `corpus` command walks folders (corpus/binding/qa).
    fn walk(root: &Path, rel: &str, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(root.join(rel)).expect("corpus folder") {
            let entry = entry.expect("entry");
            let name = entry.file_name();
            let path = format!("{rel}/{}", name.to_string_lossy());
            if entry.file_type().expect("file type").is_dir() {
                walk(root, &path, out);
            } else if path.ends_with(".dxil") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for folder in folders {
        walk(root, folder, &mut out);
    }
    out.sort();
    assert!(!out.is_empty(), "no blobs in {folders:?}");
    out
}

/// The text of `&amp;`-style escapes undone.
fn xml_unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&#10;", "\n")
        .replace("&#13;", "\r")
        .replace("&#9;", "\t")
        .replace("&amp;", "&")
}

/// The value of attribute `name` in the tag starting `tag`.
fn attribute(tag: &str, name: &str) -> String {
    let start = tag
        .find(&format!(" {name}=\""))
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        + name.len()
        + 3;
    let len = tag[start..].find('"').expect("closing quote");
    xml_unescape(&tag[start..start + len])
}

#[test]
fn reports_match_the_library() {
    let folders = ["corpus/advanced", "corpus/compute"];
    let junit = scratch("report.xml");
    let (code, recs) = records(
        &[
            folders[0],
            folders[1],
            "--junit",
            junit.to_str().expect("UTF-8 path"),
        ],
        "report.json",
    );
    let blobs = blobs_of(&folders);
    assert_eq!(recs.len(), blobs.len());

    let compiler = Compiler::default();
    let mut worst = 0;
    let mut failures = Vec::new();
    for (rec, blob) in recs.iter().zip(&blobs) {
        assert_eq!(rec.at("path").str(), blob);
        let bytes = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(blob)).expect("blob");
        // Corpus mode compiles every export of a library.
        match compiler.compile_all(&bytes) {
            Ok(outs) => {
                assert_eq!(rec.at("status").str(), "ok", "{blob}");
                assert_eq!(rec.at("kind"), &Value::Null, "{blob}");
                let words: usize = outs.iter().map(|o| o.spirv.len()).sum();
                assert_eq!(rec.at("spirv_bytes").num(), (words * 4) as f64);
            }
            Err(e) => {
                assert_eq!(rec.at("status").str(), "error", "{blob}");
                assert_eq!(rec.at("kind").str(), e.kind().name(), "{blob}");
                assert_eq!(rec.at("phase").str(), e.phase().name(), "{blob}");
                assert_eq!(rec.at("message").str(), e.to_string(), "{blob}");
                worst = worst.max(e.kind().exit_code());
                failures.push((e.kind().name(), e.to_string()));
            }
        }
        assert!(rec.at("time_us").num() >= 0.0);
    }
    assert!(
        !failures.is_empty(),
        "corpus/advanced has unsupported blobs"
    );
    assert_eq!(code, worst, "exit status is the worst failure's");

    let xml = std::fs::read_to_string(&junit).expect("JUnit report");
    assert_eq!(xml.matches("<testsuite ").count(), folders.len());
    assert_eq!(xml.matches("<testcase ").count(), blobs.len());
    let tags: Vec<&str> = xml.split("<failure").skip(1).collect();
    assert_eq!(tags.len(), failures.len());
    for (tag, (kind, message)) in tags.iter().zip(&failures) {
        assert_eq!(attribute(tag, "type"), *kind);
        assert_eq!(attribute(tag, "message"), *message);
    }
}

#[test]
fn exit_status_is_zero_when_all_compile() {
    let (code, recs) = records(&["corpus/compute"], "compute.json");
    assert_eq!(code, 0);
    assert_eq!(recs.len(), blobs_of(&["corpus/compute"]).len());
    assert!(recs.iter().all(|r| r.at("status").str() == "ok"));
}

#[test]
fn shards_partition_the_blobs() {
    let folders = ["corpus/binding", "corpus/compute"];
    let mut seen = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let (_, recs) = records(
            &[folders[0], folders[1], "--no-validate", "--shard", &shard],
            &format!("shard{i}.json"),
        );
        seen.extend(recs.iter().map(|r| r.at("path").str().to_string()));
    }
    seen.sort();
    assert_eq!(seen, blobs_of(&folders), "every blob in exactly one shard");

    for bad in ["0/3", "4/3", "1/0", "x"] {
        let (code, stderr) = corpus(&["corpus/compute", "--shard", bad]);
        assert_ne!(code, 0, "--shard {bad} is refused");
        assert!(stderr.contains("I/N"), "--shard {bad}: {stderr}");
    }
}

#[test]
fn fail_fast_stops_after_the_first_failure() {
    let (code, recs) = records(
        &["corpus/advanced", "--fail-fast", "--jobs", "1"],
        "fail-fast.json",
    );
    let statuses: Vec<&str> = recs.iter().map(|r| r.at("status").str()).collect();
    let first = statuses
        .iter()
        .position(|&s| s == "error")
        .expect("a failure");
    assert!(statuses[..first].iter().all(|&s| s == "ok"));
    assert!(
        statuses[first + 1..].iter().all(|&s| s == "skipped"),
        "{statuses:?}"
    );
    assert!(first + 1 < statuses.len(), "some blobs were skipped");
    assert_ne!(code, 0);
}

#[test]
fn missing_path_exits_with_5() {
    let (code, stderr) = corpus(&["corpus/no-such-folder"]);
    assert_eq!(code, 5);
    assert!(stderr.contains("no-such-folder"), "{stderr}");
}

#[test]
fn trace_has_a_span_per_phase_per_blob() {
    let trace = scratch("trace.json");
    let (_, recs) = records(
        &[
            "corpus/compute",
            "corpus/graphics",
            "--trace",
            trace.to_str().expect("UTF-8 path"),
        ],
        "traced.json",
    );
    let doc = parse(&std::fs::read_to_string(&trace).expect("trace file"));
    let events = doc.at("traceEvents").items();
    let threads = events
        .iter()
        .filter(|e| e.at("ph").str() == "M" && e.at("name").str() == "thread_name")
        .count();
    assert_eq!(threads, 2, "one thread name per worker");

    const PHASES: [&str; 6] = ["container", "ir", "dxil", "cfg", "emit", "validate"];
    for rec in &recs {
        let path = rec.at("path").str();
        let of_blob: Vec<&Value> = events
            .iter()
            .filter(|e| e.at("ph").str() == "X" && e.at("args/blob").str() == path)
            .collect();
        let blob: Vec<&&Value> = of_blob
            .iter()
            .filter(|e| e.at("cat").str() == "blob")
            .collect();
        assert_eq!(blob.len(), 1, "{path}: one blob span");
        let (ts, dur, tid) = (
            blob[0].at("ts").num(),
            blob[0].at("dur").num(),
            blob[0].at("tid").num(),
        );
        let phases: Vec<&str> = of_blob
            .iter()
            .filter(|e| e.at("cat").str() == "phase")
            .map(|e| {
                // Inside the blob's span (0.01 µs: rounding), same thread.
                let (s, d) = (e.at("ts").num(), e.at("dur").num());
                assert!(s >= ts - 0.01 && s + d <= ts + dur + 0.01, "{path}");
                assert_eq!(e.at("tid").num(), tid, "{path}");
                e.at("name").str()
            })
            .collect();
        if rec.at("status").str() == "ok" {
            assert_eq!(phases, PHASES, "{path}");
        } else {
            // The phases that ran, in order; none after the failing one.
            assert_eq!(phases, PHASES[..phases.len()], "{path}");
            let failed = rec.at("phase").str();
            let at = PHASES.iter().position(|&p| p == failed).expect("a phase");
            assert!(at + 1 >= phases.len(), "{path}: {failed} after {phases:?}");
        }
    }
}

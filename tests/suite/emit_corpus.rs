//! Ledger test: every corpus blob (all categories) either translates and
//! passes both the in-process validator and the current spirv-val
//! (SPIRV-Tools >= v2025.5, Vulkan 1.3; see `common::spirv_val`), or is
//! listed in `tests/ledger/corpus.txt`
//! as `category/name<TAB>kind<TAB>phase<TAB>detail<TAB># message` with
//! exactly the kind, phase and detail of the error it gives (`detail` is the
//! typed [`dxil2spirv::error::Unsupported`] name, e.g. `op:Sample` or `feature:work-graph-node`,
//! or `-` for other kinds; the message is for the reader and not compared).
//! A module that only the current spirv-val rejects is ledgered as
//! `validation<TAB>spirv-val<TAB>-` with the validator's message.
//! A ledgered blob that now passes fails the test (the ledger can only
//! shrink); so does a non-ledgered blob that fails, an unsupported error
//! without a detail, and a ledger line that does not parse. The `compute`
//! category must stay empty (issue 3's acceptance).
//!
//! `DXIL2SPIRV_BLESS=1 cargo test --release --all-features --test suite emit_corpus::`
//! rewrites the ledger.

use crate::common;
use dxil2spirv::compile::{CompileOptions, Compiler, Output};
use dxil2spirv::error::{Error, ErrorKind};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const CATEGORIES: [&str; 5] = ["compute", "control-flow", "advanced", "binding", "graphics"];

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

fn ledger_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ledger/corpus.txt")
}

fn one_line(s: &str) -> String {
    s.replace(['\n', '\t', '\r'], " ")
}

/// What the ledger compares of a failure: `kind<TAB>phase<TAB>detail`.
fn key(e: &Error) -> String {
    let detail = e
        .unsupported_detail()
        .map_or_else(|| "-".to_string(), |d| d.to_string());
    format!("{}\t{}\t{detail}", e.kind().name(), e.phase().name())
}

/// A failure: its compared key and its message (not compared).
struct Failure {
    key: String,
    message: String,
}

/// The ledger: blob name to compared key; a line that does not parse is
/// an error naming it.
fn read_ledger() -> Result<BTreeMap<String, String>, String> {
    let text = std::fs::read_to_string(ledger_path()).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let fields: Vec<&str> = l.splitn(5, '\t').collect();
            match fields.as_slice() {
                [n, kind, phase, detail] | [n, kind, phase, detail, _] => {
                    Ok((n.to_string(), format!("{kind}\t{phase}\t{detail}")))
                }
                _ => Err(format!("ledger line does not parse: {l}")),
            }
        })
        .collect()
}

/// The first module of `outs` that the current spirv-val rejects, as a
/// ledger failure.
fn current_spirv_val(outs: &[Output]) -> Result<(), Failure> {
    for o in outs {
        if let Err(e) = common::spirv_val::check(&o.spirv) {
            return Err(Failure {
                key: "validation\tspirv-val\t-".to_string(),
                message: one_line(&format!("{}: {e}", o.reflection.entry_point)),
            });
        }
    }
    Ok(())
}

#[test]
fn corpus_ledger() {
    let mut blobs: Vec<PathBuf> = CATEGORIES
        .iter()
        .flat_map(|c| std::fs::read_dir(corpus_dir().join(c)).expect("corpus category exists"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "dxil"))
        .collect();
    blobs.sort();
    assert_eq!(blobs.len(), 506, "corpus size changed");

    let compiler = Compiler::new(CompileOptions::default());
    let mut results = BTreeMap::new();
    let mut undetailed = Vec::new();
    for p in &blobs {
        let category = p.parent().unwrap().file_name().unwrap().to_string_lossy();
        let name = format!("{category}/{}", p.file_stem().unwrap().to_string_lossy());
        let blob = std::fs::read(p).unwrap();
        let r = std::panic::catch_unwind(|| compiler.compile_all(&blob));
        let r = match r {
            Ok(Ok(outs)) => current_spirv_val(&outs),
            Ok(Err(e)) => {
                if e.kind() == ErrorKind::Unsupported && e.unsupported_detail().is_none() {
                    undetailed.push(name.clone());
                }
                Err(Failure {
                    key: key(&e),
                    message: one_line(&e.to_string()),
                })
            }
            Err(_) => Err(Failure {
                key: "panic\t-\t-".to_string(),
                message: "PANIC".to_string(),
            }),
        };
        results.insert(name, r);
    }

    let passed = results.values().filter(|r| r.is_ok()).count();
    eprintln!("corpus: {passed}/{} translate and validate", results.len());
    let compute_failures: Vec<&String> = results
        .iter()
        .filter(|(n, r)| n.starts_with("compute/") && r.is_err())
        .map(|(n, _)| n)
        .collect();
    assert!(
        compute_failures.is_empty(),
        "compute blobs must all translate: {compute_failures:?}"
    );

    assert!(
        undetailed.is_empty(),
        "unsupported errors without a typed detail: {undetailed:?}"
    );

    if std::env::var_os("DXIL2SPIRV_BLESS").is_some() {
        let mut out = String::from(
            "# Corpus blobs that do not translate+validate yet: blob, kind, phase and detail of\n\
             # their error (compared), then `# message` (not compared).\n\
             # Regenerate: DXIL2SPIRV_BLESS=1 cargo test --release --all-features --test suite emit_corpus::\n",
        );
        for (n, r) in &results {
            if let Err(f) = r {
                out.push_str(&format!("{n}\t{}\t# {}\n", f.key, f.message));
            }
        }
        std::fs::create_dir_all(ledger_path().parent().unwrap()).unwrap();
        std::fs::write(ledger_path(), out).unwrap();
        return;
    }

    let ledger = read_ledger().unwrap_or_else(|e| panic!("{e}"));
    let mut problems = Vec::new();
    for (n, r) in &results {
        match (r, ledger.get(n)) {
            (Ok(()), Some(_)) => {
                problems.push(format!("{n}: now passes; remove it from the ledger"))
            }
            (Err(f), None) => problems.push(format!(
                "{n}: fails but is not ledgered: {}: {}",
                f.key, f.message
            )),
            (Err(f), Some(want)) if &f.key != want => problems.push(format!(
                "{n}: error changed:\n  ledger: {want}\n  now:    {}  # {}",
                f.key, f.message
            )),
            _ => {}
        }
    }
    for n in ledger.keys() {
        if !results.contains_key(n) {
            problems.push(format!("{n}: ledgered but no such blob"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

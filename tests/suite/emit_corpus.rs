//! Ledger test: every corpus blob (all categories) either translates and
//! passes spirv-val (Vulkan 1.3), or is listed in `tests/ledger/corpus.txt`
//! (`category/name<TAB>error`) with exactly the error it gives. A ledgered
//! blob that now passes fails the test (the ledger can only shrink); so does
//! a non-ledgered blob that fails. The `compute` category must stay empty
//! (issue 3's acceptance).
//!
//! `DXIL2SPIRV_BLESS=1 cargo test --release --test suite emit_corpus::`
//! rewrites the ledger.

use dxil2spirv::compile::{CompileOptions, Compiler};
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

fn read_ledger() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(ledger_path()).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (n, e) = l.split_once('\t')?;
            Some((n.to_string(), e.to_string()))
        })
        .collect()
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
    assert_eq!(blobs.len(), 455, "corpus size changed");

    let compiler = Compiler::new(CompileOptions::default());
    let mut results = BTreeMap::new();
    for p in &blobs {
        let category = p.parent().unwrap().file_name().unwrap().to_string_lossy();
        let name = format!("{category}/{}", p.file_stem().unwrap().to_string_lossy());
        let blob = std::fs::read(p).unwrap();
        let r = std::panic::catch_unwind(|| compiler.compile_all(&blob));
        let r = match r {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => Err(one_line(&e.to_string())),
            Err(_) => Err("PANIC".to_string()),
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

    if std::env::var_os("DXIL2SPIRV_BLESS").is_some() {
        let mut out = String::from(
            "# Corpus blobs that do not translate+validate yet, with their exact error.\n\
             # Regenerate: DXIL2SPIRV_BLESS=1 cargo test --release --test suite emit_corpus::\n",
        );
        for (n, r) in &results {
            if let Err(e) = r {
                out.push_str(&format!("{n}\t{e}\n"));
            }
        }
        std::fs::create_dir_all(ledger_path().parent().unwrap()).unwrap();
        std::fs::write(ledger_path(), out).unwrap();
        return;
    }

    let ledger = read_ledger();
    let mut problems = Vec::new();
    for (n, r) in &results {
        match (r, ledger.get(n)) {
            (Ok(()), Some(_)) => {
                problems.push(format!("{n}: now passes; remove it from the ledger"))
            }
            (Err(e), None) => problems.push(format!("{n}: fails but is not ledgered: {e}")),
            (Err(e), Some(want)) if e != want => problems.push(format!(
                "{n}: error changed:\n  ledger: {want}\n  now:    {e}"
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

//! What the generated matrices (`op_matrix`, `sig_matrix`) share: running
//! cells on every core, a cell's outcome, and the ledger of the cells that
//! do not pass.
//!
//! An outcome is `pass`, `unsupported:<detail>` or `error:<kind>/<phase>`
//! (each followed by `<TAB># message`, not compared), `invalid-spirv:<first
//! line of the validator's message>` (compared without the message), or a
//! matrix's own `not-generated:<reason>`.

use dxil2spirv::emit::{emit, EmitOptions, ShaderDesc};
use dxil2spirv::error::{Error, ErrorKind};
use dxil2spirv::ir::Module;
use std::collections::BTreeMap;
use std::path::Path;

/// Runs `run` on every cell, on every core; the outcomes in cell order.
pub fn run_all<C: Sync>(cells: &[C], run: impl Fn(&C) -> String + Sync) -> Vec<String> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut outcomes: Vec<Option<String>> = vec![None; cells.len()];
    let results = std::sync::Mutex::new(&mut outcomes);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(cell) = cells.get(i) else { break };
                let outcome = run(cell);
                results.lock().unwrap()[i] = Some(outcome);
            });
        }
    });
    outcomes.into_iter().map(Option::unwrap).collect()
}

/// The outcome of a translation that failed with `e`.
fn error_outcome(e: &Error) -> String {
    let message = e.to_string().replace(['\n', '\t', '\r'], " ");
    if e.kind() == ErrorKind::Unsupported {
        let detail = e
            .unsupported_detail()
            .map_or_else(|| "-".to_string(), |d| d.to_string());
        format!("unsupported:{detail}\t# {message}")
    } else {
        format!(
            "error:{}/{}\t# {message}",
            e.kind().name(),
            e.phase().name()
        )
    }
}

/// The outcome of a translation that gave `words`: the in-process
/// validator, then the current spirv-val (`common::spirv_val`).
fn validation_outcome(words: &[u32]) -> String {
    let first_line = |text: &str| {
        text.lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .replace('\t', " ")
    };
    let rejection = match dxil2spirv::validate::validate_vulkan_1_3(words) {
        Err(e) => Some(first_line(e.message())),
        Ok(()) => crate::common::spirv_val::check(words)
            .err()
            .map(|e| first_line(&e)),
    };
    rejection.map_or_else(|| "pass".into(), |msg| format!("invalid-spirv:{msg}"))
}

/// The outcome of emitting `module` for `desc` (a panic is
/// `error:panic`); with `dump`, the SPIR-V is printed under that label.
pub fn emit_outcome(module: &Module, desc: &ShaderDesc, dump: Option<&str>) -> String {
    let emitted = std::panic::catch_unwind(|| emit(module, desc, &EmitOptions::default()));
    match emitted {
        Err(_) => "error:panic".into(),
        Ok(Err(e)) => error_outcome(&e),
        Ok(Ok(out)) => {
            if let Some(label) = dump {
                let text = dxil2spirv::validate::disassemble(&out.spirv).unwrap();
                eprintln!("{label}:\n{text}");
            }
            validation_outcome(&out.spirv)
        }
    }
}

/// `N pass, N unsupported, N invalid-spirv, N error, N not-generated`.
pub fn counts(outcomes: &[String]) -> String {
    let count = |prefix: &str| outcomes.iter().filter(|o| o.starts_with(prefix)).count();
    format!(
        "{} pass, {} unsupported, {} invalid-spirv, {} error, {} not-generated",
        count("pass"),
        count("unsupported:"),
        count("invalid-spirv:"),
        count("error:"),
        count("not-generated:")
    )
}

/// The compared part of an outcome.
fn compared(outcome: &str) -> &str {
    if outcome.starts_with("invalid-spirv") {
        "invalid-spirv"
    } else {
        outcome.split('\t').next().unwrap_or(outcome)
    }
}

/// The ledger at `path`: key (three tab-separated fields) → outcome.
fn read_ledger(path: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.splitn(4, '\t').collect();
            assert_eq!(f.len(), 4, "ledger line does not parse: {l}");
            (format!("{}\t{}\t{}", f[0], f[1], f[2]), f[3].to_string())
        })
        .collect()
}

/// Checks the outcomes `keyed` (three-field key → outcome) against the
/// ledger at `path`, which lists every cell that does not pass: fails on
/// any change, and on an unsupported error without a typed detail. With
/// `DXIL2SPIRV_BLESS` set it rewrites the ledger under `header` instead.
pub fn check_ledger(path: &Path, header: &str, keyed: &BTreeMap<String, String>) {
    if std::env::var_os("DXIL2SPIRV_BLESS").is_some() {
        let mut out = header.to_string();
        for (k, o) in keyed {
            if o != "pass" {
                out.push_str(&format!("{k}\t{o}\n"));
            }
        }
        std::fs::write(path, out).unwrap();
        return;
    }
    let ledger = read_ledger(path);
    let mut problems: Vec<String> = keyed
        .iter()
        .filter(|(_, o)| o.starts_with("unsupported:-"))
        .map(|(k, o)| format!("{k}: unsupported error without a typed detail: {o}"))
        .collect();
    for (k, o) in keyed {
        match (o.as_str(), ledger.get(k)) {
            ("pass", Some(_)) => {
                problems.push(format!("{k}: now passes; remove it from the ledger"))
            }
            ("pass", None) => {}
            (_, None) => problems.push(format!("{k}: {o} but not ledgered")),
            (_, Some(want)) if compared(o) != compared(want) => problems.push(format!(
                "{k}: outcome changed:\n  ledger: {want}\n  now:    {o}"
            )),
            _ => {}
        }
    }
    for k in ledger.keys() {
        if !keyed.contains_key(k) {
            problems.push(format!("{k}: ledgered but no such cell"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

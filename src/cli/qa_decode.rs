//! `dxil2spirv qa-decode REFLECTION GLOBAL_DUMP [--log LOG_DUMP]
//! [--resource-info DUMP] [--sampler-info DUMP]`: a dumped
//! descriptor-QA global buffer (and fault log) read back with the module's
//! reflection (`docs/DESCRIPTOR-QA.md`): vkd3d-proton's fault block, then
//! one line per fault naming the access (op, register, function, block,
//! root parameter and range) and what went wrong. Exit 0 with `no fault`,
//! [`EXIT_FAULTS`] when faults were decoded.

use super::{print, read_file, Failure};
use dxil2spirv::binding::qa::{bit_names, fault_bits, global, info, log, type_bits};
use dxil2spirv::json::Json;
use dxil2spirv::{Error, Phase};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The exit code when the dumps hold faults.
pub const EXIT_FAULTS: u8 = 7;

/// Arguments of `qa-decode`.
#[derive(clap::Args)]
pub struct Args {
    /// The module's reflection JSON (`compile --reflect`), with its `qa`
    /// section.
    reflection: PathBuf,
    /// The global buffer (binding 0 of the QA set) as raw little-endian
    /// bytes; the first 44 are enough.
    global: PathBuf,
    /// The fault log (binding 3) as raw little-endian bytes.
    #[arg(long, value_name = "LOG_DUMP")]
    log: Option<PathBuf>,
    /// The resource heap's info buffer (binding 1) as raw bytes: its
    /// descriptor count sizes "past the heap".
    #[arg(long, value_name = "INFO_DUMP")]
    resource_info: Option<PathBuf>,
    /// The sampler heap's info buffer (binding 2) as raw bytes.
    #[arg(long, value_name = "INFO_DUMP")]
    sampler_info: Option<PathBuf>,
}

/// What a fault line is decoded with: the reflection's instructions and
/// the heap sizes the info dumps give (resource, sampler).
struct Context<'a> {
    instructions: &'a [Json],
    heap_sizes: [Option<u32>; 2],
}

/// One fault: the fields of the global record or of a log record.
struct Fault {
    fault: u32,
    index: u32,
    expected: u32,
    actual: u32,
    cookie: u32,
    instruction: u32,
    heap_id: u32,
}

/// Decodes and prints; the exit code says whether there was a fault.
pub fn run(args: &Args) -> ExitCode {
    match decode(args) {
        Ok(true) => ExitCode::from(EXIT_FAULTS),
        Ok(false) => ExitCode::SUCCESS,
        Err(f) => f.report(),
    }
}

/// The dump's little-endian words.
fn words(path: &Path, min: usize, what: &str) -> Result<Vec<u32>, Failure> {
    let bytes = read_file(path)?;
    if bytes.len() < min.saturating_mul(4) {
        return Err(Failure::at(path)(Error::invalid(
            Phase::Run,
            format!(
                "{what} dump of {} bytes: at least {} expected",
                bytes.len(),
                min.saturating_mul(4)
            ),
        )));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap_or([0; 4])))
        .collect())
}

fn word(w: &[u32], i: u32) -> u32 {
    w.get(i as usize).copied().unwrap_or(0)
}

/// True when faults were decoded.
fn decode(args: &Args) -> Result<bool, Failure> {
    let text = read_file(&args.reflection)?;
    let at = Failure::at(&args.reflection);
    let doc = dxil2spirv::json::parse(&String::from_utf8_lossy(&text)).map_err(at)?;
    let qa = doc
        .get("qa")
        .filter(|q| !matches!(q, Json::Null))
        .ok_or_else(|| {
            Failure::at(&args.reflection)(Error::invalid(
                Phase::Run,
                "the reflection has no `qa` section (compile with --descriptor-qa)",
            ))
        })?;
    let hash = qa.get("shader_hash").and_then(Json::as_str).unwrap_or("");
    let instructions = match qa.get("instructions") {
        Some(Json::Array(a)) => a.as_slice(),
        _ => &[],
    };
    let mut heap_sizes = [None; 2];
    for (size, path) in heap_sizes
        .iter_mut()
        .zip([&args.resource_info, &args.sampler_info])
    {
        if let Some(p) = path {
            *size = Some(word(&words(p, 2, "heap info")?, info::DESCRIPTOR_COUNT));
        }
    }
    let cx = Context {
        instructions,
        heap_sizes,
    };
    let g = words(&args.global, 11, "global buffer")?;
    let mut out = String::new();
    let mut faults = false;
    if word(&g, global::FAULT_TYPE) != 0 {
        faults = true;
        let found_hash = format!(
            "{:08x}{:08x}",
            word(&g, global::SHADER_HASH + 1),
            word(&g, global::SHADER_HASH)
        );
        let f = Fault {
            fault: word(&g, global::FAULT_TYPE),
            index: word(&g, global::FAILED_OFFSET),
            expected: word(&g, global::EXPECTED_MASK),
            actual: word(&g, global::ACTUAL_MASK),
            cookie: word(&g, global::FAILED_COOKIE),
            instruction: word(&g, global::FAILED_INSTRUCTION),
            heap_id: word(&g, global::FAILED_HEAP),
        };
        let _ = writeln!(out, "============");
        for (i, name) in (0u32..).zip(fault_bits::NAMES) {
            if f.fault & (1 << i) != 0 {
                let _ = writeln!(out, "Fault type: {name}");
            }
        }
        let _ = writeln!(out, "CBV_SRV_UAV heap cookie: {}", f.heap_id);
        let _ = writeln!(
            out,
            "Shader hash and instruction: {found_hash} ({})",
            f.instruction
        );
        let _ = writeln!(out, "Accessed resource/view cookie: {}", f.cookie);
        let _ = writeln!(
            out,
            "Shader desired descriptor type: {} ({})",
            f.expected,
            bit_names(f.expected, &type_bits::NAMES)
        );
        let _ = writeln!(
            out,
            "Found descriptor type in heap: {} ({})",
            f.actual,
            bit_names(f.actual, &type_bits::NAMES)
        );
        let _ = writeln!(out, "Failed heap index: {}", f.index);
        let _ = writeln!(out, "==========");
        let _ = writeln!(out, "faults counted: {}", word(&g, global::FAULT_ATOMIC));
        if found_hash == hash {
            let _ = writeln!(out, "first fault: {}", describe(&f, &cx));
        } else {
            let _ = writeln!(
                out,
                "the fault is from shader {found_hash}, not this reflection's {hash}"
            );
        }
    }
    if let Some(path) = &args.log {
        let l = words(path, log::RECORDS as usize, "fault log")?;
        let (n, cap) = (word(&l, log::COUNT), word(&l, log::CAP));
        for k in 0..n.min(cap) {
            let base = log::RECORDS.saturating_add(k.saturating_mul(log::RECORD_WORDS));
            if (base.saturating_add(log::RECORD_WORDS) as usize) > l.len() {
                let _ = writeln!(out, "the log dump ends after {k} records");
                break;
            }
            let r = |i: u32| word(&l, base.saturating_add(i));
            let f = Fault {
                fault: r(0),
                index: r(1),
                expected: r(2),
                actual: r(3),
                cookie: r(4),
                instruction: r(5),
                heap_id: r(6),
            };
            let _ = writeln!(out, "fault {}: {}", k.saturating_add(1), describe(&f, &cx));
        }
        if n > cap {
            let _ = writeln!(
                out,
                "{} more faults did not fit the log",
                n.saturating_sub(cap)
            );
        }
        faults |= n > 0;
    }
    if !faults {
        out.push_str("no fault\n");
    }
    print(&out)?;
    Ok(faults)
}

/// `BufferLoad of t3 space 0 (tex) in main block 2, through root
/// parameter 2 range 0: <what went wrong>`.
fn describe(f: &Fault, cx: &Context<'_>) -> String {
    let u = |i: &Json, k: &str| i.get(k).and_then(Json::as_u32);
    let s = |i: &Json, k: &'static str| i.get(k).and_then(Json::as_str).map(str::to_string);
    let found = cx
        .instructions
        .iter()
        .find(|i| u(i, "id") == Some(f.instruction));
    let mut line = match found {
        None => format!("instruction {} (not in the reflection)", f.instruction),
        Some(i) => {
            let sampler = s(i, "heap").as_deref() == Some("sampler");
            let what = match i.get("resource").filter(|r| !matches!(r, Json::Null)) {
                Some(r) => {
                    let letter = match s(r, "class").as_deref() {
                        Some("srv") => "t",
                        Some("uav") => "u",
                        Some("cbv") => "b",
                        _ => "s",
                    };
                    let name = s(r, "name").filter(|n| !n.is_empty());
                    format!(
                        "{letter}{} space {}{}",
                        u(r, "register").unwrap_or(0),
                        u(r, "space").unwrap_or(0),
                        name.map(|n| format!(" ({n})")).unwrap_or_default()
                    )
                }
                None if sampler => "SamplerDescriptorHeap".into(),
                None => "ResourceDescriptorHeap".into(),
            };
            let mut line = format!(
                "{} of {what} in {} block {}",
                s(i, "op").unwrap_or_default(),
                s(i, "function").unwrap_or_default(),
                u(i, "block").map_or("?".into(), |b| b.to_string())
            );
            if let (Some(p), Some(r)) = (u(i, "parameter"), u(i, "range")) {
                let _ = write!(line, ", through root parameter {p} range {r}");
            }
            line
        }
    };
    let mut why = Vec::new();
    if f.fault & fault_bits::INDEX_OUT_OF_RANGE != 0 {
        let sampler = found
            .and_then(|i| s(i, "heap"))
            .is_some_and(|h| h == "sampler");
        let size = cx.heap_sizes.get(usize::from(sampler)).copied().flatten();
        why.push(match size {
            Some(n) => format!("index {} is past the heap of {n} descriptors", f.index),
            None => format!("index {} is past the heap", f.index),
        });
    }
    if f.fault & fault_bits::INVALID_TYPE != 0 {
        why.push(format!(
            "heap slot {} holds {} but the access needs {}",
            f.index,
            bit_names(f.actual, &type_bits::NAMES),
            bit_names(f.expected, &type_bits::NAMES)
        ));
    }
    if f.fault & fault_bits::RESOURCE_DESTROYED != 0 {
        why.push(format!(
            "the resource of heap slot {} (cookie {}) was destroyed",
            f.index, f.cookie
        ));
    }
    if f.fault & fault_bits::VA_TIMESTAMP_INVALID != 0 {
        why.push(format!(
            "heap slot {} was written after the address map's timestamp",
            f.index
        ));
    }
    if f.fault & fault_bits::TABLE_RANGE_OVERFLOW != 0 {
        let n = found
            .and_then(|i| i.get("range_count"))
            .and_then(Json::as_u32)
            .map_or(String::new(), |n| format!(" of {n} descriptors"));
        why.push(format!(
            "the dynamic index overflows its table range{n} (heap index {})",
            f.index
        ));
    }
    let _ = write!(line, ": {}", why.join("; "));
    line
}

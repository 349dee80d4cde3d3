//! Descriptor QA in the run harness (`dxil2spirv::run::qa`).
//!
//! Without a device: the spec syntax (`descriptor_qa`, fault injection,
//! `expect qa.*`) and its errors; the host buffers' bytes against the
//! contract's offsets (the global buffer is dxil-spirv's version-2 layout);
//! the fault-record check against hand-made buffers.
//!
//! On a device with descriptor indexing (NVIDIA; lavapipe 22.3 refuses
//! each run by name, printed as `SKIPPED:` and counted by tests/run.sh):
//! the fault-injection specs of `corpus/binding/qa/` (index past the heap,
//! wrong type, dead resource, stale timestamp, table-range overflow) report
//! exactly their fault record, and every heap and root-signature run spec
//! passes with QA on and no fault.

use crate::common;
use crate::common::vulkan::Tally;
use dxil2spirv::binding::{BindlessOptions, RootSignatureChoice};
use dxil2spirv::compile::{CompileOptions, DescriptorQa};
use dxil2spirv::container::Container;
use dxil2spirv::run::qa::{
    self, global, info, log, FaultRecord, Injected, QaField, QaHeap, QaSite,
};
use dxil2spirv::run::vulkan::Session;
use dxil2spirv::run::{
    self, QaHost, QaInstruction, QaLayout, RunOptions, RunReport, RunSpec, TableBases,
};
use dxil2spirv::{ErrorKind, Output};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const HEAD: &str = "dispatch = 1, 1, 1\nheap_size = 64\n";

fn parse(lines: &str) -> RunSpec {
    RunSpec::parse(&format!("{HEAD}{lines}")).expect("spec parses")
}

fn parse_err(lines: &str) -> String {
    let e = RunSpec::parse(&format!("{HEAD}{lines}")).expect_err("spec is refused");
    assert_eq!(e.kind(), ErrorKind::InvalidInput, "{e}");
    e.message().to_string()
}

#[test]
fn qa_lines_parse() {
    let spec = parse(
        "descriptor_qa log(8)\ncorrupt heap[11] as texture\ndead heap[7]\nstale heap[6]\n\
         corrupt sampler_heap[3] as 0x8\n\
         expect qa.fault_type = 2\nexpect qa.failed_offset = 11\nexpect qa.fault_count = 32\n\
         expect qa.expected_mask = 8\nexpect qa.actual_mask = 0x1ff\n\
         expect qa.instruction = BufferLoad t3,space1\nexpect qa.log = 32\n",
    );
    let qa = spec.qa.expect("QA on");
    assert_eq!(qa.log_capacity, Some(8));
    let got: Vec<(QaHeap, u32, Injected)> = qa
        .injections
        .iter()
        .map(|i| (i.heap, i.index, i.fault))
        .collect();
    assert_eq!(
        got,
        [
            (QaHeap::Resource, 11, Injected::Corrupt(qa::SAMPLED_IMAGE)),
            (QaHeap::Resource, 7, Injected::Dead),
            (QaHeap::Resource, 6, Injected::Stale),
            (QaHeap::Sampler, 3, Injected::Corrupt(qa::STORAGE_BUFFER)),
        ]
    );
    let fields: Vec<(QaField, u32)> = qa.fields.iter().map(|(&f, &v)| (f, v)).collect();
    assert_eq!(
        fields,
        [
            (QaField::FaultType, 2),
            (QaField::FailedOffset, 11),
            (QaField::FaultCount, 32),
            (QaField::ExpectedMask, 8),
            (QaField::ActualMask, 0x1ff),
        ]
    );
    assert_eq!(
        qa.instruction,
        Some(QaSite {
            op: "BufferLoad".into(),
            resource: Some("t3,space1".into()),
            heap: QaHeap::Resource,
        })
    );
    assert_eq!(qa.log_count, Some(32));
    assert!(qa.expects_fault());

    let plain = parse("descriptor_qa\n");
    let qa = plain.qa.expect("QA on");
    assert_eq!(qa.log_capacity, None);
    assert!(!qa.expects_fault());
    assert!(parse("").qa.is_none());
    let heap = parse("descriptor_qa\nexpect qa.instruction = RawBufferStore heap\n");
    let site = heap.qa.unwrap().instruction.unwrap();
    assert_eq!((site.resource, site.heap), (None, QaHeap::Resource));
    let samplers = parse("descriptor_qa\nexpect qa.instruction = SampleLevel sampler_heap\n");
    let site = samplers.qa.unwrap().instruction.unwrap();
    assert_eq!(site.to_string(), "SampleLevel sampler_heap");
    assert_eq!((site.resource, site.heap), (None, QaHeap::Sampler));
}

#[test]
fn qa_line_errors_name_the_line() {
    for (lines, want) in [
        ("dead heap[3]\n", "without a `descriptor_qa` line"),
        (
            "expect qa.fault_type = 1\n",
            "without a `descriptor_qa` line",
        ),
        ("descriptor_qa\ndead heap[64]\n", "outside the heap"),
        (
            "descriptor_qa\ndead heap[3]\nstale heap[3]\n",
            "already has a fault",
        ),
        (
            "descriptor_qa\ncorrupt heap[3] as vertexbuffer\n",
            "unknown descriptor type",
        ),
        (
            "descriptor_qa\ncorrupt heap[3]\n",
            "expected `corrupt heap[N] as TYPE`",
        ),
        ("descriptor_qa\nexpect qa.colour = 1\n", "unknown QA field"),
        (
            "descriptor_qa\nexpect qa.fault_type = -1\n",
            "not a 32-bit unsigned",
        ),
        (
            "descriptor_qa\nexpect qa.instruction = BufferLoad\n",
            "expected `<dx.op name>",
        ),
        (
            "descriptor_qa\nexpect qa.instruction = BufferLoad x3\n",
            "is not a register",
        ),
        ("descriptor_qa\ndescriptor_qa\n", "a second `descriptor_qa`"),
        ("descriptor_qa log(0)\n", "log capacity 0"),
        (
            "descriptor_qa\nexpect qa.log = 1\nexpect qa.log = 2\n",
            "a second",
        ),
        ("descriptor_qa\ndead heap(3)\n", "expected `heap[N]`"),
    ] {
        let m = parse_err(lines);
        assert!(m.contains(want), "{lines:?}: {m}");
        assert!(m.starts_with("run spec line "), "{m}");
    }
}

fn word(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

fn layout(fault_log: Option<u32>) -> QaLayout {
    QaLayout {
        set: 3,
        global: 0,
        resource_heap: 1,
        sampler_heap: 2,
        fault_log,
        shader_hash: 0x0123_4567_89ab_cdef,
        instructions: vec![
            QaInstruction {
                id: 1,
                op: "RawBufferLoad".into(),
                heap: QaHeap::Resource,
                expected_mask: qa::STORAGE_BUFFER,
                resource: None,
                parameter: None,
            },
            QaInstruction {
                id: 2,
                op: "BufferLoad".into(),
                heap: QaHeap::Resource,
                expected_mask: qa::STORAGE_BUFFER,
                resource: Some("t0".into()),
                parameter: Some(1),
            },
        ],
    }
}

/// Slots 3 (raw buffer), 5 (typed SRV and UAV), 9 (sampler heap).
fn host(spec: &str, log: Option<u32>) -> QaHost {
    let written: BTreeMap<(QaHeap, u32), u32> = [
        ((QaHeap::Resource, 3), qa::STORAGE_BUFFER),
        (
            (QaHeap::Resource, 5),
            qa::UNIFORM_TEXEL_BUFFER | qa::STORAGE_TEXEL_BUFFER,
        ),
        ((QaHeap::Sampler, 9), qa::SAMPLER),
    ]
    .into();
    let spec = parse(spec).qa.expect("QA on");
    QaHost::new(64, &written, &spec, &layout(log))
}

#[test]
fn host_buffers_follow_the_contract_offsets() {
    // The contract's offsets, spelled out (dxil-spirv version 2).
    assert_eq!(
        [
            global::SHADER_HASH,
            global::FAILED_OFFSET,
            global::FAILED_HEAP,
            global::FAILED_COOKIE,
            global::FAULT_ATOMIC,
            global::FAILED_INSTRUCTION,
            global::EXPECTED_MASK,
            global::ACTUAL_MASK,
            global::FAULT_TYPE,
            global::VA_MAP_TIMESTAMP,
            global::LIVE_STATUS,
        ],
        [0, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44]
    );
    assert_eq!(
        (info::COUNT, info::HEAP_ID, info::ENTRIES, info::ENTRY),
        (0, 4, 8, 12)
    );
    assert_eq!(
        (log::COUNT, log::CAPACITY, log::RECORDS, log::RECORD),
        (0, 4, 16, 32)
    );

    let h = host(
        "descriptor_qa log(4)\ndead heap[5]\nstale heap[3]\ncorrupt heap[7] as cbv\n",
        Some(3),
    );
    // Cookies 1, 2, 3 in slot order (resource 3, resource 5, sampler 9);
    // the corrupted empty slot 7 keeps the null descriptor's cookie 0.
    let g = h.global_bytes();
    assert_eq!(g.len(), 44 + 4);
    assert!(g[..40].iter().all(|&b| b == 0), "the record starts zeroed");
    assert_eq!(word(&g, 40), qa::GLOBAL_TIMESTAMP);
    assert_eq!(
        word(&g, 44),
        !(1u32 << 2),
        "cookie 2 (slot 5) is dead, the rest live"
    );

    let r = h.info_bytes(QaHeap::Resource);
    assert_eq!(r.len(), 8 + 65 * 12, "count + 1 entries");
    assert_eq!(word(&r, 0), 64);
    assert_eq!(word(&r, 4), qa::RESOURCE_HEAP_ID);
    let entry = |b: &[u8], i: usize| {
        [
            word(b, 8 + 12 * i),
            word(b, 12 + 12 * i),
            word(b, 16 + 12 * i),
        ]
    };
    assert_eq!(
        entry(&r, 3),
        [1, qa::GLOBAL_TIMESTAMP + 1, qa::STORAGE_BUFFER],
        "stale"
    );
    assert_eq!(entry(&r, 5), [2, qa::GLOBAL_TIMESTAMP, 48]);
    assert_eq!(
        entry(&r, 7),
        [0, 0, qa::UNIFORM_BUFFER],
        "corrupted empty slot"
    );
    assert_eq!(
        entry(&r, 0),
        [0, 0, qa::NULL_MASK],
        "empty slot: null descriptor"
    );
    assert_eq!(entry(&r, 64), [0, 0, qa::NULL_MASK], "the pad slot");
    assert_eq!(
        entry(&r, 9),
        [0, 0, qa::NULL_MASK],
        "slot 9 is the sampler heap's"
    );

    let s = h.info_bytes(QaHeap::Sampler);
    assert_eq!(word(&s, 4), qa::SAMPLER_HEAP_ID);
    assert_eq!(entry(&s, 9), [3, qa::GLOBAL_TIMESTAMP, qa::SAMPLER]);

    let l = h.log_bytes().expect("a log");
    assert_eq!(l.len(), 16 + 4 * 32);
    assert_eq!((word(&l, 0), word(&l, 4)), (0, 4));
    assert_eq!(
        host("descriptor_qa\n", Some(3)).log_bytes().unwrap().len(),
        16 + 16 * 32
    );
    assert_eq!(host("descriptor_qa log(4)\n", None).log_bytes(), None);
}

/// A global buffer holding `r` (after `host`'s initial bytes).
fn global_with(h: &QaHost, r: &FaultRecord) -> Vec<u8> {
    let mut g = h.global_bytes();
    let mut put = |at: usize, v: u32| g[at..at + 4].copy_from_slice(&v.to_le_bytes());
    put(0, r.shader_hash as u32);
    put(4, (r.shader_hash >> 32) as u32);
    put(8, r.failed_offset);
    put(12, r.failed_heap);
    put(16, r.failed_cookie);
    put(20, r.fault_count);
    put(24, r.instruction);
    put(28, r.expected_mask);
    put(32, r.actual_mask);
    put(36, r.fault_type);
    g
}

fn log_with(cap: u32, n: u32, records: &[[u32; 8]]) -> Vec<u8> {
    let mut l = vec![0u8; 16 + 32 * cap as usize];
    l[0..4].copy_from_slice(&n.to_le_bytes());
    l[4..8].copy_from_slice(&cap.to_le_bytes());
    for (i, r) in records.iter().enumerate() {
        for (k, v) in r.iter().enumerate() {
            let at = 16 + 32 * i + 4 * k;
            l[at..at + 4].copy_from_slice(&v.to_le_bytes());
        }
    }
    l
}

#[test]
fn fault_record_check() {
    let spec_text =
        "descriptor_qa log(2)\nexpect qa.fault_type = 1\nexpect qa.failed_offset = 300\n\
                     expect qa.fault_count = 3\nexpect qa.expected_mask = 8\n\
                     expect qa.actual_mask = 0x1ff\nexpect qa.instruction = RawBufferLoad heap\n\
                     expect qa.log = 3\n";
    let spec = parse(spec_text).qa.unwrap();
    let h = host(spec_text, Some(3));
    let l = layout(Some(3));
    let good = FaultRecord {
        shader_hash: l.shader_hash,
        failed_offset: 300,
        failed_heap: qa::RESOURCE_HEAP_ID,
        failed_cookie: 0,
        fault_count: 3,
        instruction: 1,
        expected_mask: 8,
        actual_mask: 0x1ff,
        fault_type: 1,
    };
    let rec = [
        1,
        300,
        8,
        0x1ff,
        0,
        1,
        qa::RESOURCE_HEAP_ID,
        qa::NO_PARAMETER,
    ];
    let log_bytes = log_with(2, 3, &[rec, rec]);
    let r = h.check(Some(&spec), &l, &global_with(&h, &good), Some(&log_bytes));
    assert!(r.failures.is_empty(), "{:?}", r.failures);
    assert_eq!(r.record, good);
    assert_eq!(r.log.as_ref().unwrap().records.len(), 2, "min(n, cap)");

    // Each wrong field is named.
    let cases: [(FaultRecord, &str); 6] = [
        (
            FaultRecord {
                fault_type: 3,
                ..good
            },
            "qa.fault_type: got 0x3, want 0x1",
        ),
        (
            FaultRecord {
                instruction: 2,
                ..good
            },
            "id 2 is BufferLoad t0, want RawBufferLoad heap",
        ),
        (
            FaultRecord {
                instruction: 9,
                ..good
            },
            "not in reflection's instruction list",
        ),
        (
            FaultRecord {
                failed_cookie: 5,
                ..good
            },
            "heap index 300 holds cookie 0",
        ),
        (
            FaultRecord {
                failed_heap: 7,
                ..good
            },
            "heap id 0x7",
        ),
        (
            FaultRecord {
                shader_hash: 1,
                ..good
            },
            "qa.failed_shader_hash",
        ),
    ];
    for (bad, want) in cases {
        let r = h.check(Some(&spec), &l, &global_with(&h, &bad), Some(&log_bytes));
        assert!(
            r.failures.iter().any(|f| f.contains(want)),
            "{want}: {:?}",
            r.failures
        );
    }
    // A log record naming the wrong root parameter, and a log count that
    // disagrees with fault_atomic.
    let mut bad_rec = rec;
    bad_rec[7] = 4;
    let r = h.check(
        Some(&spec),
        &l,
        &global_with(&h, &good),
        Some(&log_with(2, 2, &[rec, bad_rec])),
    );
    let text = r.failures.join("\n");
    assert!(text.contains("record 1: root parameter 0x4"), "{text}");
    assert!(text.contains("qa.log: 2 faults logged, want 3"), "{text}");
    assert!(text.contains("fault_atomic is 3"), "{text}");

    // Without `expect qa.*` lines any fault fails the run.
    let quiet = parse("descriptor_qa\n").qa.unwrap();
    let r = h.check(Some(&quiet), &l, &global_with(&h, &good), None);
    assert!(
        r.failures.iter().any(|f| f.contains(
            "unexpected descriptor-QA fault: HEAP_OUT_OF_RANGE at heap index 300 (instruction 1: RawBufferLoad heap)"
        )),
        "{:?}",
        r.failures
    );
    let r = h.check(None, &l, &h.global_bytes(), None);
    assert!(r.failures.is_empty(), "{:?}", r.failures);
    assert_eq!(
        qa::fault_names(2 | 16),
        "MISMATCH_DESCRIPTOR_TYPE|TABLE_RANGE_OVERFLOW"
    );
    assert_eq!(qa::fault_names(0), "NONE");
}

// ---------------------------------------------------------------------------
// Compiled with QA (device-free) and on a device.

/// `corpus/binding/qa/`.
fn qa_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/binding/qa")
}

/// The corpus root.
fn corpus_root() -> PathBuf {
    std::env::var_os("DXIL2SPIRV_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus"))
}

/// The `.run` files of `dir`, sorted, with their blobs: (name, blob, spec).
fn specs_in(dir: &Path) -> Vec<(String, Vec<u8>, RunSpec)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("corpus folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "run"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|p| {
            let blob = std::fs::read(p.with_extension("dxil")).ok()?;
            let spec = RunSpec::from_file(&p).expect("spec parses");
            Some((p.file_stem()?.to_string_lossy().to_string(), blob, spec))
        })
        .collect()
}

fn embeds_root_signature(blob: &[u8]) -> bool {
    Container::parse(blob)
        .ok()
        .and_then(|c| c.root_signature().ok().flatten())
        .is_some()
}

/// Compiles `blob` for a run (with its embedded root signature, if any),
/// with descriptor QA when `qa` (and its fault log when `log`).
fn compile(blob: &[u8], qa: bool, log: bool, mutable: bool) -> Output {
    let root_signature = if embeds_root_signature(blob) {
        RootSignatureChoice::Embedded
    } else {
        RootSignatureChoice::None
    };
    let options = CompileOptions {
        root_signature,
        bindless: BindlessOptions {
            mutable_descriptors: mutable,
            ..BindlessOptions::default()
        },
        descriptor_qa: qa.then_some(DescriptorQa {
            fault_log: log,
            ..DescriptorQa::default()
        }),
        ..CompileOptions::default()
    };
    run::compile_for_run(blob, &options).expect("compiles")
}

/// Runs `out` for `spec` on `session`, with QA when the compilation has it.
fn run_on(session: &Session<'_>, out: &Output, spec: &RunSpec) -> dxil2spirv::Result<RunReport> {
    let options = RunOptions {
        qa: QaLayout::from_reflection(&out.reflection),
        ..RunOptions::default()
    };
    let entry = &out.reflection.entry_point;
    if out.reflection.bindless.is_some() {
        let desc = run::bindless_from_reflection(&out.reflection, spec, &TableBases::new())?;
        session.run_bindless(spec, &out.spirv, entry, &desc, &options)
    } else {
        let bindings = run::bindings_from_reflection(&out.reflection, spec);
        session.run_spec(spec, &out.spirv, entry, &bindings, None, &options)
    }
}

/// Without a device: every QA spec's blob compiles with QA, its layout
/// names the QA set, and the instruction its spec expects to fault is one
/// reflection lists.
#[test]
fn qa_specs_name_reflected_instructions() {
    let specs = specs_in(&qa_dir());
    let faulting: Vec<_> = specs.iter().filter(|(_, _, s)| s.qa.is_some()).collect();
    assert!(
        faulting.len() >= 5,
        "{} fault-injection specs",
        faulting.len()
    );
    let mut kinds = 0u32;
    for (name, blob, spec) in faulting {
        let qa = spec.qa.as_ref().unwrap();
        let out = compile(blob, true, qa.log_capacity.is_some(), false);
        let layout = QaLayout::from_reflection(&out.reflection).expect("a qa section");
        assert_eq!(layout.set, 3, "{name}");
        assert_eq!(
            layout.fault_log.is_some(),
            qa.log_capacity.is_some(),
            "{name}"
        );
        let want = qa
            .instruction
            .as_ref()
            .expect("each fault spec names its instruction");
        let found = layout
            .instructions
            .iter()
            .filter(|i| QaSite::of(i) == *want)
            .count();
        assert_eq!(found, 1, "{name}: {want} in {:?}", layout.instructions);
        kinds |= qa.fields.get(&QaField::FaultType).copied().unwrap_or(0);
    }
    assert_eq!(kinds, 0x1f, "a spec per fault kind (1, 2, 4, 8, 16)");
}

/// Opens the test device; `None` (after printing why) when there is none.
fn sweep(what: &str, f: impl FnOnce(&Session<'_>, bool) -> Vec<String>) {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let index: Option<usize> = std::env::var("DXIL2SPIRV_DEVICE")
        .ok()
        .and_then(|s| s.parse().ok());
    let fail = common::vulkan::vulkan()
        .with_session(index, false, |session| {
            let nvidia = session.device().name.contains("NVIDIA");
            eprintln!("{what} on {}", session.device().name);
            f(session, nvidia)
        })
        .expect("the Vulkan device opens");
    assert!(fail.is_empty(), "{}", fail.join("\n"));
}

/// The fault-injection specs report exactly their fault record, the
/// faulting lanes read 0 or drop their writes and the others are exact.
#[test]
fn fault_injection_specs() {
    let specs = specs_in(&qa_dir());
    sweep("descriptor-QA fault injection", |session, nvidia| {
        let mut tally = Tally::default();
        for (name, blob, spec) in specs.iter().filter(|(_, _, s)| s.qa.is_some()) {
            if !selected(name) {
                continue;
            }
            let log = spec.qa.as_ref().is_some_and(|q| q.log_capacity.is_some());
            let out = compile(blob, true, log, false);
            let r = run_on(session, &out, spec);
            if let Some(rep) = tally.add(name, r, nvidia) {
                eprintln!("PASS: {name}");
                let layout = QaLayout::from_reflection(&out.reflection).unwrap();
                let qa = rep.qa.expect("a QA report");
                let logged = qa.log.map(|l| format!(", log n = {}", l.count));
                eprintln!(
                    "{name}: {}{}",
                    qa.record.describe(&layout),
                    logged.unwrap_or_default()
                );
            }
        }
        eprintln!("descriptor QA fault injection: {}", tally.counts());
        tally.failures
    });
}

/// Every heap and root-signature run spec of the binding model: (name,
/// blob, spec, whether the blob embeds a root signature).
fn binding_specs() -> Vec<(String, Vec<u8>, RunSpec, bool)> {
    let mut specs = Vec::new();
    for dir in ["compute", "control-flow", "advanced", "binding", "graphics"] {
        for (name, blob, spec) in specs_in(&corpus_root().join(dir)) {
            let rs = embeds_root_signature(&blob);
            if spec.uses_heap() || rs {
                specs.push((name, blob, spec, rs));
            }
        }
    }
    let heap = specs.iter().filter(|s| !s.3).count();
    assert!(heap >= 10, "{heap} heap specs");
    let rs = specs.len() - heap;
    assert!(rs >= 15, "{rs} root-signature specs");
    specs
}

/// Without a device: every module the device tests run with QA (the
/// fault-injection specs, the binding specs also in mutable mode, the cost
/// kernel) passes the current spirv-val.
#[test]
fn qa_modules_validate() {
    let qa = specs_in(&qa_dir());
    let binding = binding_specs();
    let log = |s: &RunSpec| s.qa.as_ref().is_some_and(|q| q.log_capacity.is_some());
    let mut all: Vec<(&String, &Vec<u8>, bool, bool)> =
        qa.iter().map(|(n, b, s)| (n, b, log(s), false)).collect();
    for (n, b, _, rs) in &binding {
        all.push((n, b, true, false));
        if *rs {
            all.push((n, b, true, true));
        }
    }
    for (name, blob, log, mutable) in all {
        let out = compile(blob, true, log, mutable);
        common::spirv_val::assert_valid(name, &out.spirv);
    }
}

/// Whether a spec is selected by `DXIL2SPIRV_RUN_FILTER` (a name part);
/// selected runs are announced first, so a driver crash names its spec.
fn selected(name: &str) -> bool {
    let keep = std::env::var("DXIL2SPIRV_RUN_FILTER").map_or(true, |f| name.contains(&f));
    if keep {
        eprintln!("-- {name}");
    }
    keep
}

/// With QA on, every heap and root-signature run spec of the binding
/// model passes with no fault: the SM 6.6 heap specs in the plain model,
/// the root-signature specs through their tables, also in mutable mode.
#[test]
fn binding_specs_pass_with_qa_and_no_fault() {
    let specs = binding_specs();
    sweep("binding specs with descriptor QA", |session, nvidia| {
        let mut tally = Tally::default();
        for (name, blob, spec, rs) in &specs {
            let modes: &[bool] = if *rs { &[false, true] } else { &[false] };
            for &mutable in modes {
                let out = compile(blob, true, true, mutable);
                let what = format!("{name}{}", if mutable { " (mutable)" } else { "" });
                if !selected(&what) {
                    continue;
                }
                let r = run_on(session, &out, spec);
                if let Some(rep) = tally.add(&what, r, nvidia) {
                    eprintln!("PASS: {what}");
                    let qa = rep.qa.expect("a QA report");
                    assert_eq!(
                        (qa.record.fault_count, qa.record.fault_type),
                        (0, 0),
                        "{what}"
                    );
                }
            }
        }
        eprintln!("binding specs with descriptor QA: {}", tally.counts());
        tally.failures
    });
}

/// The GPU cost of QA: the `qa-cost` kernel (64 Ki lanes x 1024 heap
/// loads) with and without QA, each run 7 times after a warm-up; the
/// median time of one dispatch, from GPU timestamps where the queue has
/// them (else submit to fence, timed on the host). Both builds must leave
/// the same output.
#[test]
fn qa_gpu_cost() {
    let dir = qa_dir();
    let blob = std::fs::read(dir.join("qa-cost.dxil")).unwrap();
    let spec = RunSpec::from_file(dir.join("qa-cost.run")).unwrap();
    let plain = compile(&blob, false, false, false);
    let checked = compile(&blob, true, false, false);
    sweep("descriptor-QA cost", |session, nvidia| {
        let mut tally = Tally::default();
        let mut times = Vec::new();
        let mut outputs = Vec::new();
        let mut timed_on_gpu = true;
        for (what, out) in [("plain", &plain), ("qa", &checked)] {
            let mut t = Vec::new();
            for _ in 0..8 {
                match tally.add(what, run_on(session, out, &spec), nvidia) {
                    Some(rep) => {
                        // GPU timestamps around the dispatch where the
                        // queue has them, else submission to fence.
                        timed_on_gpu &= rep.dispatch_time.is_some();
                        t.push(rep.dispatch_time.unwrap_or(rep.gpu_time));
                        outputs.push(rep.contents.clone());
                    }
                    None => return tally.failures,
                }
            }
            t.remove(0);
            t.sort();
            times.push(t[t.len() / 2]);
        }
        let us = |d: std::time::Duration| d.as_secs_f64() * 1e6;
        eprintln!(
            "descriptor-QA GPU cost (qa-cost, median of 7 dispatches, {}): plain {:.1} us, \
             QA {:.1} us, ratio {:.3}",
            if timed_on_gpu {
                "GPU timestamps"
            } else {
                "host-timed"
            },
            us(times[0]),
            us(times[1]),
            us(times[1]) / us(times[0])
        );
        if outputs.windows(2).any(|w| w[0] != w[1]) {
            tally
                .failures
                .push("qa-cost: the runs left different outputs".into());
        }
        tally.failures
    });
}

/// A spec with `descriptor_qa` needs a run with a QA layout: without one
/// the harness refuses it before any dispatch (on every device).
#[test]
fn qa_spec_without_a_qa_run_is_refused() {
    let dir = qa_dir();
    let blob = std::fs::read(dir.join("qa-heap-oob.dxil")).unwrap();
    let spec = RunSpec::from_file(dir.join("qa-heap-oob.run")).unwrap();
    let out = compile(&blob, false, false, false);
    assert_eq!(QaLayout::from_reflection(&out.reflection), None);
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let r = common::vulkan::vulkan()
        .with_session(None, false, |session| run_on(session, &out, &spec))
        .expect("the Vulkan device opens");
    let e = r.expect_err("refused");
    assert_eq!(e.kind(), ErrorKind::InvalidInput, "{e}");
    assert!(e.message().contains("asks for descriptor QA"), "{e}");
}

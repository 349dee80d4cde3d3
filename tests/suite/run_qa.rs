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

use dxil2spirv::run::qa::{
    self, global, info, log, FaultRecord, Injected, QaField, QaHeap, QaSite,
};
use dxil2spirv::run::{QaHost, QaInstruction, QaLayout, RunSpec};
use dxil2spirv::ErrorKind;
use std::collections::BTreeMap;

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
    assert_eq!(heap.qa.unwrap().instruction.unwrap().resource, None);
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
        ((QaHeap::Resource, 5), qa::UNIFORM_TEXEL | qa::STORAGE_TEXEL),
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
            "unexpected descriptor-QA fault: INDEX_OUT_OF_RANGE at heap index 300 (instruction 1: RawBufferLoad heap)"
        )),
        "{:?}",
        r.failures
    );
    let r = h.check(None, &l, &h.global_bytes(), None);
    assert!(r.failures.is_empty(), "{:?}", r.failures);
    assert_eq!(qa::fault_names(2 | 16), "INVALID_TYPE|TABLE_RANGE_OVERFLOW");
    assert_eq!(qa::fault_names(0), "none");
}

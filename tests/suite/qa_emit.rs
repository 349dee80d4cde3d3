//! Descriptor QA (`docs/DESCRIPTOR-QA.md`) at compile time: QA off adds
//! nothing (and QA on adds nothing to a module without heap accesses);
//! every corpus module with heap accesses compiles with QA on, in every
//! mode (plain SM 6.6 heaps, embedded and synthesized root signatures,
//! cbv-as-ssbo, mutable descriptors, with and without the fault log) and
//! passes the current spirv-val; reflection names each instruction id's
//! op, register, table range and expected descriptor types.

use crate::common::{corpus, spirv_val};
use dxil2spirv::compile::{
    BindlessOptions, CompileOptions, Compiler, DescriptorQa, ReflectedResource, RootSignatureChoice,
};
use dxil2spirv::rootsig::{
    DescriptorRange, DescriptorRangeFlags, RootParameter, RootParameterKind, RootSignature,
    RootSignatureFlags, RootSignatureVersion, ShaderVisibility,
};

/// QA in a set no corpus shader uses.
const SET: u32 = 31;

fn qa(fault_log: bool) -> Option<DescriptorQa> {
    Some(DescriptorQa {
        set: SET,
        shader_hash: None,
        fault_log,
    })
}

fn options(
    root_signature: RootSignatureChoice,
    descriptor_qa: Option<DescriptorQa>,
) -> CompileOptions {
    CompileOptions {
        validate: false,
        root_signature,
        descriptor_qa,
        ..CompileOptions::default()
    }
}

/// A root signature for a shader without one: each declared register
/// range in a table of its own, and both heaps directly indexed.
fn tables_and_heaps(resources: &[ReflectedResource]) -> RootSignature {
    let parameters = resources
        .iter()
        .filter(|r| !r.heap)
        .map(|r| RootParameter {
            kind: RootParameterKind::DescriptorTable(vec![DescriptorRange {
                range_type: r.class.into(),
                num_descriptors: r.count,
                base_register: r.register,
                space: r.space,
                flags: Some(DescriptorRangeFlags::NONE),
                offset: 0,
            }]),
            visibility: ShaderVisibility::All,
        })
        .collect();
    RootSignature {
        version: RootSignatureVersion::V1_1,
        flags: RootSignatureFlags::CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED
            | RootSignatureFlags::SAMPLER_HEAP_DIRECTLY_INDEXED,
        parameters,
        static_samplers: Vec::new(),
    }
}

/// Every corpus blob (as bytes) with its name.
fn blobs() -> Vec<(String, Vec<u8>)> {
    corpus::blobs()
        .into_iter()
        .map(|(name, path)| (name, std::fs::read(&path).expect("corpus blob reads")))
        .collect()
}

#[test]
fn qa_off_emits_nothing_and_qa_on_without_heap_access_changes_nothing() {
    let mut heapless = 0;
    for (name, blob) in blobs() {
        for rs in [RootSignatureChoice::None, RootSignatureChoice::Embedded] {
            let Ok(default) = Compiler::new(options(rs.clone(), None)).compile_all(&blob) else {
                continue;
            };
            let explicit = Compiler::new(CompileOptions {
                descriptor_qa: None,
                ..options(rs.clone(), None)
            })
            .compile_all(&blob)
            .expect("compiles as with the defaults");
            let on = Compiler::new(options(rs.clone(), qa(true)))
                .compile_all(&blob)
                .unwrap_or_else(|e| panic!("{name} ({rs:?}) with QA: {e}"));
            for ((d, x), q) in default.iter().zip(&explicit).zip(&on) {
                assert_eq!(d.spirv, x.spirv, "{name}");
                let dis = dxil2spirv::validate::disassemble(&d.spirv).expect("disassembles");
                assert!(
                    !dis.contains("descriptor_qa"),
                    "{name}: QA code with QA off"
                );
                assert!(d.reflection.qa.is_none(), "{name}");
                assert!(!d.reflection.to_json().contains("\"qa\""), "{name}");
                let reflected = q.reflection.qa.as_ref().expect("qa section with QA on");
                if reflected.instructions.is_empty() {
                    heapless += 1;
                    assert_eq!(q.spirv, d.spirv, "{name} ({rs:?}): QA on, no heap access");
                    assert!(q.reflection.to_json().contains("\"instructions\":[]"));
                }
            }
        }
    }
    assert!(
        heapless > 300,
        "only {heapless} modules without heap access"
    );
}

/// The modes a blob with heap accesses is checked in.
fn modes(blob: &[u8]) -> Vec<(String, CompileOptions)> {
    let mut out = Vec::new();
    let plain = Compiler::new(options(RootSignatureChoice::None, None));
    let Ok(first) = plain.compile(blob) else {
        return out;
    };
    let has_rs = dxil2spirv::container::parse(blob)
        .ok()
        .and_then(|c| c.root_signature().ok().flatten())
        .is_some();
    let uses_heap = first.reflection.resources.iter().any(|r| r.heap);
    let rs = if has_rs {
        RootSignatureChoice::Embedded
    } else if uses_heap {
        RootSignatureChoice::Supplied(Box::new(tables_and_heaps(&first.reflection.resources)))
    } else {
        return out;
    };
    for log in [false, true] {
        out.push((
            format!("plain log={log}"),
            options(RootSignatureChoice::None, qa(log)),
        ));
        let variants = [
            ("bindless", BindlessOptions::default()),
            (
                "cbv-as-ssbo",
                BindlessOptions {
                    cbv_as_ssbo: true,
                    ..BindlessOptions::default()
                },
            ),
            (
                "mutable",
                BindlessOptions {
                    mutable_descriptors: true,
                    ..BindlessOptions::default()
                },
            ),
        ];
        for (what, bindless) in variants {
            out.push((
                format!("{what} log={log}"),
                CompileOptions {
                    bindless,
                    descriptor_qa: Some(DescriptorQa {
                        fault_log: log,
                        ..DescriptorQa::default()
                    }),
                    ..options(rs.clone(), None)
                },
            ));
        }
    }
    out
}

#[test]
fn every_heap_access_module_with_qa_passes_spirv_val() {
    let (mut checked, mut failures) = (0, Vec::new());
    for (name, blob) in blobs() {
        for (mode, o) in modes(&blob) {
            let outs = match Compiler::new(o).compile_all(&blob) {
                Ok(outs) => outs,
                Err(e) => {
                    failures.push(format!("{name} ({mode}): {e}"));
                    continue;
                }
            };
            for out in outs {
                let Some(q) = &out.reflection.qa else {
                    failures.push(format!("{name} ({mode}): no qa section"));
                    continue;
                };
                if q.instructions.is_empty() {
                    continue;
                }
                checked += 1;
                if let Err(e) = spirv_val::check(&out.spirv) {
                    failures.push(format!("{name} ({mode}): spirv-val: {e}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 200, "only {checked} instrumented modules");
}

/// (id, op, heap, expected mask, class and register, parameter, range,
/// range count) of each instruction in reflection JSON.
type Row = (
    u64,
    String,
    String,
    u64,
    Option<String>,
    Option<u64>,
    Option<u64>,
    Option<i64>,
);

fn rows(name: &str, o: CompileOptions) -> Vec<Row> {
    let out = corpus::compile(
        name,
        CompileOptions {
            validate: true,
            ..o
        },
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    let json = out.reflection.to_json();
    assert!(json.contains(r#""qa": {"version":2"#), "{json}");
    out.reflection
        .qa
        .expect("qa section")
        .instructions
        .iter()
        .map(|i| {
            let table = i.table;
            (
                u64::from(i.id),
                i.op.to_string(),
                if i.sampler_heap {
                    "sampler"
                } else {
                    "resource"
                }
                .to_string(),
                u64::from(i.expected_mask),
                i.resource.as_ref().map(|r| {
                    let class = format!("{:?}", r.class).to_lowercase();
                    format!("{class} {} space{}", r.register, r.space)
                }),
                table.map(|t| u64::from(t.0)),
                table.map(|t| u64::from(t.1)),
                table.map(|t| if t.2 == u32::MAX { -1 } else { i64::from(t.2) }),
            )
        })
        .collect()
}

fn row(id: u64, op: &str, heap: &str, mask: u64, table: Option<(&str, u64, u64, i64)>) -> Row {
    match table {
        Some((reg, p, r, n)) => (
            id,
            op.into(),
            heap.into(),
            mask,
            Some(reg.into()),
            Some(p),
            Some(r),
            Some(n),
        ),
        None => (id, op.into(), heap.into(), mask, None, None, None, None),
    }
}

#[test]
fn table_accesses_name_op_register_parameter_range_and_mask() {
    let got = rows(
        "binding/rs10-tables-and-root-params",
        options(RootSignatureChoice::Embedded, Some(DescriptorQa::default())),
    );
    let r = "resource";
    assert_eq!(
        got,
        [
            row(1, "BufferLoad", r, 8, Some(("srv 0 space0", 2, 0, 2))),
            row(
                2,
                "CBufferLoadLegacy",
                r,
                4,
                Some(("cbv 0 space0", 1, 0, 1))
            ),
            row(3, "BufferLoad", r, 16, Some(("srv 1 space0", 2, 0, 2))),
            row(4, "BufferStore", r, 8, Some(("uav 0 space0", 3, 0, 1))),
            row(5, "BufferStore", r, 8, Some(("uav 3 space0", 3, 1, 1))),
        ]
    );
    // Sampler tables, bounded and unbounded (-1).
    let got = rows(
        "binding/arr-rootsig-ranges",
        options(RootSignatureChoice::Embedded, Some(DescriptorQa::default())),
    );
    let s = "sampler";
    assert_eq!(
        got[1..=3],
        [
            row(2, "Sample", r, 1, Some(("srv 0 space0", 0, 0, 16))),
            row(3, "Sample", s, 128, Some(("sampler 0 space0", 2, 0, 4))),
            row(4, "Sample", r, 1, Some(("srv 12 space0", 0, 0, 16))),
        ]
    );
    assert_eq!(
        got[6],
        row(7, "Sample", r, 1, Some(("srv 0 space1", 0, 1, -1)))
    );
    assert_eq!(
        got[9],
        row(10, "AtomicBinOp", r, 8, Some(("uav 1 space0", 1, 1, 3)))
    );
}

#[test]
fn sm66_heap_accesses_name_op_heap_and_mask() {
    let plain = options(RootSignatureChoice::None, qa(false));
    let r = "resource";
    assert_eq!(
        rows("binding/heap66-slots-typed", plain.clone()),
        [
            row(1, "BufferLoad", r, 16, None),
            row(2, "BufferLoad", r, 32, None),
            row(3, "BufferStore", r, 32, None),
            row(4, "BufferLoad", r, 32, None),
            row(5, "BufferStore", r, 32, None),
        ]
    );
    assert_eq!(
        rows("binding/heap66-slots-counters", plain.clone()),
        [
            row(1, "BufferUpdateCounter", r, 256, None),
            row(2, "RawBufferStore", r, 8, None),
            row(3, "BufferUpdateCounter", r, 256, None),
            row(4, "RawBufferStore", r, 8, None),
        ]
    );
    // Samplers from SamplerDescriptorHeap; a CBV is a storage buffer
    // with cbv-as-ssbo.
    let all = rows("binding/heap66-all-kinds", plain);
    let masks: Vec<(u64, &str, u64)> = all.iter().map(|r| (r.0, r.2.as_str(), r.3)).collect();
    assert_eq!(
        masks[..6],
        [
            (1, r, 4),
            (2, r, 8),
            (3, r, 8),
            (4, r, 1),
            (5, "sampler", 128),
            (6, r, 1)
        ]
    );
    assert_eq!(all.len(), 23);
    let blob = std::fs::read(corpus::root().join("binding/heap66-all-kinds.dxil")).unwrap();
    let first = Compiler::new(options(RootSignatureChoice::None, None))
        .compile(&blob)
        .unwrap();
    let ssbo = CompileOptions {
        bindless: BindlessOptions {
            cbv_as_ssbo: true,
            ..BindlessOptions::default()
        },
        ..options(
            RootSignatureChoice::Supplied(Box::new(tables_and_heaps(&first.reflection.resources))),
            qa(false),
        )
    };
    let got = rows("binding/heap66-all-kinds", ssbo);
    let cbv: Vec<(u64, Option<u64>)> = got
        .iter()
        .filter(|r| r.1 == "CBufferLoadLegacy")
        .map(|r| (r.3, r.5))
        .collect();
    // The index constants through a table (parameter 0), the heap's CBV
    // (no parameter): storage buffers both.
    assert!(cbv.iter().all(|&(mask, _)| mask == 8), "{cbv:?}");
    assert!(
        cbv.contains(&(8, Some(0))) && cbv.contains(&(8, None)),
        "{cbv:?}"
    );
}

#[test]
fn ids_hash_and_bindings_are_stable_and_reflected() {
    let name = "binding/heap66-slots-typed";
    let blob = std::fs::read(corpus::root().join(format!("{name}.dxil"))).unwrap();
    let with = |o: Option<DescriptorQa>| {
        Compiler::new(options(RootSignatureChoice::None, o))
            .compile(&blob)
            .unwrap()
    };
    let a = with(qa(true));
    assert_eq!(a, with(qa(true)), "deterministic");
    let json = a.reflection.to_json();
    assert!(
        json.contains(
            r#""bindings":{"global":0,"resource_heap":1,"sampler_heap":2,"fault_log":3}"#
        ),
        "{json}"
    );
    assert!(json.contains(r#""version":2,"set":31"#), "{json}");
    // The default hash: the HASH part's first 8 bytes, little endian.
    let container = dxil2spirv::container::parse(&blob).unwrap();
    let digest = container.hash().unwrap().expect("HASH part").digest;
    let mut lo = [0u8; 8];
    lo.copy_from_slice(&digest[..8]);
    let expected = u64::from_le_bytes(lo);
    assert_eq!(a.reflection.qa.as_ref().unwrap().shader_hash, expected);
    let explicit = with(Some(DescriptorQa {
        shader_hash: Some(0xfeed_0000_0000_beef),
        ..qa(false).unwrap()
    }));
    assert!(explicit
        .reflection
        .to_json()
        .contains(r#""shader_hash":"feed00000000beef""#));
    let dis = dxil2spirv::validate::disassemble(&a.spirv).unwrap();
    for name in [
        "descriptor_qa_check",
        "descriptor_qa_global",
        "descriptor_qa_resource_heap",
        "descriptor_qa_fault_log",
    ] {
        assert!(dis.contains(&format!("\"{name}\"")), "{name} missing");
    }
    // No sampler-heap access: no sampler info buffer.
    assert!(!dis.contains("descriptor_qa_sampler_heap"));
}

#[test]
fn a_qa_set_another_descriptor_uses_is_an_error_naming_both() {
    let blob = std::fs::read(corpus::root().join("binding/heap66-slots-typed.dxil")).unwrap();
    let err = Compiler::new(options(
        RootSignatureChoice::None,
        Some(DescriptorQa {
            set: dxil2spirv::emit::DEFAULT_HEAP_SET,
            ..DescriptorQa::default()
        }),
    ))
    .compile(&blob)
    .unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("descriptor QA set 7") && msg.contains("ResourceDescriptorHeap"),
        "{msg}"
    );
}

/// The words of the global buffer each store of `descriptor_qa_check`
/// writes, in order (constant indices of its access chains into binding
/// 0), and whether a memory barrier comes right before the last.
fn global_stores(spirv: &[u32]) -> (Vec<u32>, bool) {
    use rspirv::dr::Operand;
    use rspirv::spirv::Op;
    let module = rspirv::dr::load_words(spirv).expect("loads");
    let id = |o: &Operand| match o {
        Operand::IdRef(i) => Some(*i),
        _ => None,
    };
    let named = |name: &str| {
        module
            .debug_names
            .iter()
            .find_map(|i| match &i.operands[..] {
                [Operand::IdRef(t), Operand::LiteralString(n)] if n == name => Some(*t),
                _ => None,
            })
    };
    let global = named("descriptor_qa_global").expect("global buffer");
    let check = named("descriptor_qa_check").expect("check function");
    let constant = |c: u32| {
        module.types_global_values.iter().find_map(|i| {
            (i.result_id == Some(c) && i.class.opcode == Op::Constant).then(|| match i.operands[..]
            {
                [Operand::LiteralBit32(v)] => v,
                _ => u32::MAX,
            })
        })
    };
    let f = module
        .functions
        .iter()
        .find(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(check))
        .expect("check function body");
    let insts: Vec<_> = f.blocks.iter().flat_map(|b| &b.instructions).collect();
    let mut chains = std::collections::HashMap::new();
    let (mut words, mut barrier_last) = (Vec::new(), false);
    let mut after_barrier = false;
    for i in insts {
        match i.class.opcode {
            Op::AccessChain if id(&i.operands[0]) == Some(global) => {
                let index = i.operands.last().and_then(id).and_then(constant);
                chains.insert(i.result_id.unwrap(), index);
            }
            Op::MemoryBarrier => after_barrier = true,
            Op::Store => {
                if let Some(Some(w)) = id(&i.operands[0]).and_then(|p| chains.get(&p)) {
                    words.push(*w);
                    barrier_last = after_barrier;
                }
                after_barrier = false;
            }
            _ => {}
        }
    }
    (words, barrier_last)
}

#[test]
fn the_first_fault_writes_every_field_then_a_barrier_then_the_fault_type() {
    let out = corpus::compile(
        "binding/heap66-slots-typed",
        options(RootSignatureChoice::None, qa(false)),
    )
    .unwrap();
    let (words, barrier_before_last) = global_stores(&out.spirv);
    // hash lo, hi, offset, heap, cookie, instruction, expected, actual,
    // then fault_type (word 9) alone after the barrier.
    assert_eq!(words, [0, 1, 2, 3, 4, 6, 7, 8, 9]);
    assert!(barrier_before_last);
}

//! The generated DXIL tables: up to date with their TSVs, and right.
//!
//! `generated_files_are_up_to_date` regenerates `src/dxil/autogen_*.rs` in
//! memory and fails when a checked-in file differs; run
//! `DXIL2SPIRV_BLESS=1 cargo test --release --test suite autogen::` to rewrite them.

#[path = "../../src/dxil/tables/generate.rs"]
mod generate;

use std::collections::BTreeSet;
use std::path::Path;

use dxil2spirv::dxil::{
    AtomicBinOpCode, ComponentType, OpClass, OpCode, OpCodeTableID, OperandKind, Overloads,
    PayloadAccessShaderStage, ResourceClass, ResourceKind, SemanticInterpretationKind, ShaderKind,
    ShaderStages, SigPointKind,
};

fn read(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.replace("\r\n", "\n")
}

fn tables() -> (String, String, String) {
    (
        read(generate::OPS_TSV),
        read(generate::CONSTANTS_TSV),
        read(generate::OP_ENUMS_TSV),
    )
}

fn generate_from(ops: &str, constants: &str, op_enums: &str) -> Result<generate::Output, String> {
    generate_with(ops, constants, op_enums, &read(generate::IMMEDIATES_TSV))
}

fn generate_with(
    ops: &str,
    constants: &str,
    op_enums: &str,
    immediates: &str,
) -> Result<generate::Output, String> {
    generate::generate(&generate::Inputs {
        ops,
        constants,
        op_enums,
        immediates,
    })
}

/// The (opcode, name) rows of dxil-ops.tsv, read independently of the
/// generator.
fn tsv_ops() -> Vec<(u32, String)> {
    read(generate::OPS_TSV)
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            (cells[0].parse().expect("opcode"), cells[1].to_string())
        })
        .collect()
}

#[test]
fn generated_files_are_up_to_date() {
    let (ops, constants, op_enums) = tables();
    let out = generate_from(&ops, &constants, &op_enums).unwrap_or_else(|e| panic!("{e}"));
    let bless = std::env::var("DXIL2SPIRV_BLESS").is_ok_and(|v| v == "1");
    let mut stale = Vec::new();
    for (relative, text) in [
        (generate::OPS_RS, &out.ops),
        (generate::ENUMS_RS, &out.enums),
        (generate::OPERANDS_RS, &out.operands),
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
        let current = std::fs::read_to_string(&path)
            .unwrap_or_default()
            .replace("\r\n", "\n");
        if current == *text {
            continue;
        }
        if bless {
            std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            continue;
        }
        let line = current.lines().zip(text.lines()).position(|(a, b)| a != b);
        let line = line.unwrap_or_else(|| current.lines().count().min(text.lines().count()));
        stale.push(format!(
            "{relative} differs from the generator's output from line {}:\n  checked in: {:?}\n  generated:  {:?}",
            line + 1,
            current.lines().nth(line).unwrap_or("<end of file>"),
            text.lines().nth(line).unwrap_or("<end of file>"),
        ));
    }
    assert!(
        stale.is_empty(),
        "{}\nRegenerate with: DXIL2SPIRV_BLESS=1 cargo test --release --test suite autogen::",
        stale.join("\n")
    );
}

#[test]
fn opcodes_checked_by_hand_against_the_tsv() {
    assert_eq!(OpCode::from_u32(0), Some(OpCode::TempRegLoad));
    assert_eq!(OpCode::from_u32(57), Some(OpCode::CreateHandle));
    assert_eq!(OpCode::from_u32(68), Some(OpCode::BufferLoad));
    assert_eq!(OpCode::from_u32(69), Some(OpCode::BufferStore));
    assert_eq!(OpCode::from_u32(93), Some(OpCode::ThreadId));
    assert_eq!(OpCode::from_u32(139), Some(OpCode::RawBufferLoad));
    assert_eq!(OpCode::from_u32(217), Some(OpCode::CreateHandleFromBinding));
    assert_eq!(OpCode::from_u32(311), Some(OpCode::FDot));
    assert_eq!(OpCode::from_u32(0x8000_0000), Some(OpCode::ExperimentalNop));
    assert_eq!(
        OpCode::from_u32(2147483682),
        Some(OpCode::IsDebuggingEnabled)
    );
    assert_eq!(OpCode::CreateHandle as u32, 57);
    assert_eq!(OpCode::RoundNe.name(), "Round_ne");
    assert_eq!(OpCode::HitObjectTraceRay.name(), "HitObject_TraceRay");
    assert_eq!(OpCode::ThreadId.to_string(), "ThreadId");
}

#[test]
fn every_tsv_opcode_round_trips() {
    let rows = tsv_ops();
    for (number, name) in &rows {
        let op = OpCode::from_u32(*number).unwrap_or_else(|| panic!("{number} ({name}) not found"));
        assert_eq!(op as u32, *number, "{name}");
        assert_eq!(op.name(), name, "{number}");
    }
    let all: Vec<u32> = OpCode::all().map(|op| op as u32).collect();
    let expected: Vec<u32> = rows.iter().map(|r| r.0).collect();
    assert_eq!(all, expected, "OpCode::all() is the TSV's opcodes in order");
}

#[test]
fn op_count_is_the_tsv_row_count() {
    let rows = tsv_ops().len();
    assert_eq!(
        rows, 314,
        "dxil-ops.tsv changed: check this test's hand-picked numbers"
    );
    assert_eq!(OpCode::COUNT, rows);
    assert_eq!(OpCode::all().count(), rows);
}

#[test]
fn numbers_not_in_the_tsv_are_none() {
    let known: BTreeSet<u32> = tsv_ops().into_iter().map(|r| r.0).collect();
    let ranges = [
        0..=0x1_0000,
        0x7FFF_FF00..=0x8001_0000,
        0xFFFF_FF00..=u32::MAX,
    ];
    for value in ranges.into_iter().flatten() {
        assert_eq!(
            OpCode::from_u32(value).is_some(),
            known.contains(&value),
            "{value:#x}"
        );
    }
    // Gaps inside the tables, by hand.
    for gap in [
        226,
        237,
        259,
        261,
        290,
        302,
        305,
        308,
        312,
        0x8000_0020,
        0x8000_0023,
    ] {
        assert_eq!(OpCode::from_u32(gap), None, "{gap:#x}");
    }
}

#[test]
fn op_properties_match_the_tsv() {
    // 57 CreateHandle: class CreateHandle, overloads v, 6.0, all stages.
    let op = OpCode::CreateHandle;
    assert_eq!(op.class(), OpClass::CreateHandle);
    assert_eq!(op.overloads(), Overloads::NONE);
    assert!(op.overload_dims().is_empty());
    assert_eq!(op.min_shader_model(), (6, 0));
    assert_eq!(op.stages(), ShaderStages::ALL);
    let sig = op.signature();
    assert_eq!(sig.result.kind, OperandKind::Handle);
    let names: Vec<&str> = sig.operands.iter().map(|p| p.name).collect();
    assert_eq!(
        names,
        [
            "opcode",
            "resourceClass",
            "rangeId",
            "index",
            "nonUniformIndex"
        ]
    );
    let kinds: Vec<OperandKind> = sig.operands.iter().map(|p| p.kind).collect();
    use OperandKind::{I1, I32, I8};
    assert_eq!(kinds, [I32, I8, I32, I32, I1]);

    // 6 FAbs: Unary, hfd<hfd.
    assert_eq!(OpCode::FAbs.class(), OpClass::Unary);
    let hfd = Overloads::HALF | Overloads::FLOAT | Overloads::DOUBLE;
    assert_eq!(OpCode::FAbs.overloads(), hfd | Overloads::VECTOR);
    let dims = OpCode::FAbs.overload_dims();
    assert_eq!(dims.len(), 1);
    assert_eq!((dims[0].scalar, dims[0].vector), (hfd, hfd));

    // 309 VectorReduceAnd: <18wil, vectors only.
    let dims = OpCode::VectorReduceAnd.overload_dims();
    assert!(dims[0].scalar.is_empty());
    assert!(dims[0]
        .vector
        .contains(Overloads::I1 | Overloads::I8 | Overloads::I64));

    // 139 RawBufferLoad: hfwidl, 6.2, 6 arguments, ResRet result.
    let op = OpCode::RawBufferLoad;
    assert_eq!(op.min_shader_model(), (6, 2));
    assert!(!op.overloads().contains(Overloads::VECTOR));
    assert!(op
        .overloads()
        .contains(Overloads::I16 | Overloads::I64 | Overloads::DOUBLE));
    assert!(!op.overloads().contains(Overloads::I8));
    assert_eq!(op.signature().arity(), 6);
    assert_eq!(op.signature().result.kind, OperandKind::ResRet);

    // Arity of a few calls, counted by hand (the opcode included).
    assert_eq!(OpCode::BufferStore.signature().arity(), 9);
    assert_eq!(OpCode::Sample.signature().arity(), 11);
    assert_eq!(OpCode::ThreadId.signature().arity(), 2);
    assert_eq!(OpCode::TraceRay.signature().arity(), 16);

    // Stages: 82 Discard pixel only; 93 ThreadId compute, mesh, amplification, node.
    assert_eq!(
        OpCode::Discard.stages(),
        ShaderStages::from_kinds(&[ShaderKind::Pixel])
    );
    let stages: Vec<ShaderKind> = OpCode::ThreadId.stages().kinds().collect();
    use ShaderKind::{Amplification, Compute, Mesh, Node};
    assert_eq!(stages, [Compute, Mesh, Amplification, Node]);
    assert!(!OpCode::ThreadId.stages().contains(ShaderKind::Pixel));
    assert!(ShaderStages::ALL.contains(ShaderKind::Node));
    assert!(!ShaderStages::ALL.contains(ShaderKind::Invalid));

    // 2147483660 LinAlgFillMatrix: two overload dimensions, o and hfdwil, 6.10.
    let op = OpCode::LinAlgFillMatrix;
    assert_eq!(op.min_shader_model(), (6, 10));
    let dims = op.overload_dims();
    assert_eq!(dims.len(), 2);
    assert_eq!(dims[0].scalar, Overloads::OBJECT);
    assert_eq!(op.signature().result.kind, OperandKind::Extended0);

    // 247 CreateNodeOutputHandle: class spelled `createNodeOutputHandle`,
    // result named `output`.
    let op = OpCode::CreateNodeOutputHandle;
    assert_eq!(op.class().name(), "createNodeOutputHandle");
    assert_eq!(op.signature().result.name, "output");
    assert_eq!(op.signature().result.kind, OperandKind::NodeHandle);
}

#[test]
fn every_signature_starts_with_the_opcode() {
    for op in OpCode::all() {
        let first = op.signature().operands.first();
        assert_eq!(
            first.map(|p| (p.name, p.kind)),
            Some(("opcode", OperandKind::I32)),
            "{op}"
        );
    }
}

#[test]
fn enum_values_checked_by_hand_against_the_tsv() {
    assert_eq!(ResourceKind::StructuredBuffer as u32, 12);
    assert_eq!(
        ResourceKind::from_u32(12),
        Some(ResourceKind::StructuredBuffer)
    );
    assert_eq!(ResourceKind::from_u32(19), Some(ResourceKind::NumEntries));
    assert_eq!(ResourceKind::from_u32(20), None);
    assert_eq!(ComponentType::F32 as u32, 9);
    assert_eq!(ComponentType::F8E4M3FN.name(), "F8_E4M3FN");
    assert_eq!(ResourceClass::UAV as u32, 1);
    assert_eq!(ShaderKind::Compute as u32, 5);
    assert_eq!(ShaderKind::LastValid, ShaderKind::Node);
    assert_eq!(ShaderKind::Last1_2, ShaderKind::Compute);
    assert_eq!(
        ShaderKind::from_u32(5).map(ShaderKind::name),
        Some("Compute")
    );
    assert_eq!(AtomicBinOpCode::Exchange as u32, 8);
    assert_eq!(OpCodeTableID::ExperimentalOps as u32, 32768);
    assert_eq!(PayloadAccessShaderStage::Invalid as u32, u32::MAX);
    // Both enum tables list these; dxil-constants.tsv and DXC's
    // DxilConstants.h agree on the values.
    assert_eq!(SigPointKind::Invalid as u32, 20);
    assert_eq!(SemanticInterpretationKind::ClipCull as u32, 9);
    assert_eq!(SemanticInterpretationKind::Invalid as u32, 10);
}

#[test]
fn enums_disagreeing_between_tables_are_an_error() {
    let (ops, constants, op_enums) = tables();
    let bad = op_enums.replace("SigPointKind\tInvalid\t20", "SigPointKind\tInvalid\t21");
    assert_ne!(bad, op_enums, "the test's row is in dxil-op-enums.tsv");
    let err = generate_from(&ops, &constants, &bad)
        .err()
        .expect("a conflict");
    assert!(
        err.contains("SigPointKind::Invalid = 21") && err.contains("says 20"),
        "{err}"
    );
}

#[test]
fn unknown_table_contents_are_errors() {
    let (ops, constants, op_enums) = tables();
    let cases = [
        (
            "CreateHandle\tv\t",
            "CreateHandle\tq\t",
            "unknown overload letter `q`",
        ),
        (
            "nonUniformIndex:i1\t",
            "nonUniformIndex:i3\t",
            "unknown operand type `i3`",
        ),
        (
            "\t6.0\tpixel\t",
            "\t6.0\tfragment\t",
            "unknown stage `fragment`",
        ),
        (
            "69\tBufferStore",
            "68\tBufferStore",
            "opcode 68 is listed twice",
        ),
        (
            "result:$o; opcode:i32; index:u32",
            "result:$o; index:u32",
            "not `opcode:i32`",
        ),
    ];
    for (from, to, message) in cases {
        let bad = ops.replacen(from, to, 1);
        assert_ne!(bad, ops, "`{from}` is in dxil-ops.tsv");
        let err = generate_from(&bad, &constants, &op_enums)
            .err()
            .expect(message);
        assert!(err.contains(message), "{err}");
    }
}

#[test]
fn operand_structs_have_the_table_names() {
    use dxil2spirv::dxil::operands::{Sample, TraceRay, WaveActiveOp, WavePrefixBitCount};
    use dxil2spirv::dxil::{SignedOpKind, WaveOpKind};
    use dxil2spirv::ir::ValueId;
    // Built by name: a renamed field fails to compile.
    let v = ValueId(0);
    let sample = Sample {
        srv: v,
        sampler: v,
        coord: [v; 4],
        offset: [v; 3],
        clamp: v,
    };
    let wave = WaveActiveOp {
        value: v,
        op: WaveOpKind::Sum,
        sop: SignedOpKind::Unsigned,
    };
    let trace = TraceRay {
        acceleration_structure: v,
        ray_flags: v,
        instance_inclusion_mask: v,
        ray_contribution_to_hit_group_index: v,
        multiplier_for_geometry_contribution_to_shader_index: v,
        miss_shader_index: v,
        origin: [v; 3],
        t_min: v,
        direction: [v; 3],
        t_max: v,
        payload: v,
    };
    // An op of class WavePrefixOp with other operands gets its own struct.
    let count = WavePrefixBitCount { value: v };
    assert_eq!(
        (sample.coord.len(), wave.op, trace.origin.len()),
        (4, WaveOpKind::Sum, 3)
    );
    assert_eq!(count.value, v);
}

#[test]
fn unknown_immediates_are_errors() {
    let (ops, constants, op_enums) = tables();
    let immediates = read(generate::IMMEDIATES_TSV);
    let cases = [
        (
            "WaveActiveOp\top\t",
            "WaveActiveOpp\top\t",
            "no op `WaveActiveOpp`",
        ),
        (
            "WaveActiveOp\top\t",
            "WaveActiveOp\tkind\t",
            "has no operand `kind`",
        ),
        (
            "\tWaveOpKind\n",
            "\tWaveKind\n",
            "the enum tables have no `WaveKind`",
        ),
    ];
    for (from, to, message) in cases {
        let bad = immediates.replacen(from, to, 1);
        assert_ne!(bad, immediates, "`{from}` is in dxil-op-immediates.tsv");
        let err = generate_with(&ops, &constants, &op_enums, &bad)
            .err()
            .expect(message);
        assert!(err.contains(message), "{err}");
    }
}

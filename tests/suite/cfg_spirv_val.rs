//! Emits a SPIR-V *skeleton* of structured functions (every original value
//! becomes a `uint` computed from its operands, phis and merges as
//! structured, terminators as structured), assembles it and runs the
//! SPIR-V validator on it (SPIRV-Tools, compiled in through the
//! `spirv-tools` crate, Vulkan 1.1 rules), so the structured control-flow
//! rules and the SSA dominance of the result are checked by the reference
//! validator.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use spirv_tools::assembler::{self, Assembler, AssemblerOptions};
use spirv_tools::val::{self, Validator};
use spirv_tools::TargetEnv;

use crate::cfg_testgen::{random_function, GenOptions, Rng};
use dxil2spirv::cfg::{self, Merge, PhiDef, STerm, SValue, Structured};
use dxil2spirv::ir::{self, Function, InstKind, Module, ValueId};

fn operands(kind: &InstKind, m: &Module) -> Vec<ValueId> {
    let mut v = Vec::new();
    match *kind {
        InstKind::BinOp { lhs, rhs, .. } | InstKind::Cmp { lhs, rhs, .. } => v.extend([lhs, rhs]),
        InstKind::Cast { value, .. } => v.push(value),
        InstKind::Gep { operands, .. } => v.extend(m.value_list(operands)),
        InstKind::Select {
            cond,
            if_true,
            if_false,
        } => v.extend([cond, if_true, if_false]),
        InstKind::ExtractElement { vector, index } => v.extend([vector, index]),
        InstKind::InsertElement {
            vector,
            element,
            index,
        } => v.extend([vector, element, index]),
        InstKind::ShuffleVector { a, b, mask } => v.extend([a, b, mask]),
        InstKind::ExtractValue { aggregate, .. } => v.push(aggregate),
        InstKind::InsertValue {
            aggregate, value, ..
        } => v.extend([aggregate, value]),
        InstKind::Alloca { size, .. } => v.push(size),
        InstKind::Load { ptr, .. } => v.push(ptr),
        InstKind::Store { ptr, value, .. } => v.extend([ptr, value]),
        InstKind::Call { args, .. } => v.extend(m.value_list(args)),
        InstKind::AtomicRmw { ptr, value, .. } => v.extend([ptr, value]),
        InstKind::CmpXchg { ptr, cmp, new, .. } => v.extend([ptr, cmp, new]),
        _ => {}
    }
    v
}

/// Appends one function's skeleton. Returns false if it cannot be
/// expressed (switch literals that collide in 32 bits).
fn skeleton(out: &mut String, tag: &str, s: &Structured, f: &Function, m: &Module) -> bool {
    let is_inst =
        |v: ValueId| matches!(m.value(v).map(|x| x.kind), Some(ir::ValueKind::Inst { .. }));
    let val = |v: SValue| -> String {
        match v {
            SValue::Value(x) if is_inst(x) => format!("%v{tag}_{}", x.0),
            SValue::Value(_) => "%u0".into(),
            SValue::Synth(i) => format!("%s{tag}_{}", i.0),
            SValue::U32(k) => format!("%k{k}"),
            SValue::Undef => "%undef".into(),
        }
    };
    let mut body = String::new();
    let mut tmp = 0usize;
    let _ = writeln!(body, "%f{tag} = OpFunction %void None %fn");
    for (i, b) in s.blocks.iter().enumerate() {
        let _ = writeln!(body, "%b{tag}_{i} = OpLabel");
        for p in &b.phis {
            let res = match p.def {
                PhiDef::Original(v) => format!("%v{tag}_{}", v.0),
                PhiDef::Synth(id) => format!("%s{tag}_{}", id.0),
            };
            let mut line = format!("{res} = OpPhi %uint");
            for (k, v) in p.incoming.iter().enumerate() {
                let _ = write!(line, " {} %b{tag}_{}", val(*v), b.preds[k].0);
            }
            let _ = writeln!(body, "{line}");
        }
        if let Some(o) = b.origin {
            for inst in f.block_insts(o) {
                if matches!(inst.kind, InstKind::Phi { .. }) || inst.kind.is_terminator() {
                    continue;
                }
                let ops: Vec<String> = operands(&inst.kind, m)
                    .into_iter()
                    .map(|v| val(b.operand(v)))
                    .collect();
                let mut acc = "%u0".to_string();
                for o in ops {
                    tmp += 1;
                    let t = format!("%t{tag}_{tmp}");
                    let _ = writeln!(body, "{t} = OpBitwiseOr %uint {acc} {o}");
                    acc = t;
                }
                let res = match inst.result {
                    Some(r) => format!("%v{tag}_{}", r.0),
                    None => {
                        tmp += 1;
                        format!("%t{tag}_{tmp}")
                    }
                };
                let _ = writeln!(body, "{res} = OpCopyObject %uint {acc}");
            }
        }
        let mut cond_id = String::new();
        if let STerm::CondBranch { cond, .. } = &b.term {
            tmp += 1;
            cond_id = format!("%t{tag}_{tmp}");
            let _ = writeln!(body, "{cond_id} = OpINotEqual %bool {} %u0", val(*cond));
        }
        match b.merge {
            Merge::None => {}
            Merge::Selection { merge, .. } => {
                let _ = writeln!(body, "OpSelectionMerge %b{tag}_{} None", merge.0);
            }
            Merge::Loop {
                merge,
                continue_target,
                ..
            } => {
                let _ = writeln!(
                    body,
                    "OpLoopMerge %b{tag}_{} %b{tag}_{} None",
                    merge.0, continue_target.0
                );
            }
        }
        match &b.term {
            STerm::Branch(t) => {
                let _ = writeln!(body, "OpBranch %b{tag}_{}", t.0);
            }
            STerm::CondBranch {
                if_true, if_false, ..
            } => {
                let _ = writeln!(
                    body,
                    "OpBranchConditional {cond_id} %b{tag}_{} %b{tag}_{}",
                    if_true.0, if_false.0
                );
            }
            STerm::Switch {
                value,
                default,
                cases,
            } => {
                let mut lits: Vec<u32> = cases.iter().map(|c| c.0 as u32).collect();
                lits.sort_unstable();
                lits.dedup();
                if lits.len() != cases.len() {
                    return false;
                }
                let mut line = format!("OpSwitch {} %b{tag}_{}", val(*value), default.0);
                for (lit, t) in cases {
                    let _ = write!(line, " {} %b{tag}_{}", *lit as u32, t.0);
                }
                let _ = writeln!(body, "{line}");
            }
            STerm::Return(_) => {
                let _ = writeln!(body, "OpReturn");
            }
            STerm::Unreachable => {
                let _ = writeln!(body, "OpUnreachable");
            }
        }
    }
    let _ = writeln!(body, "OpFunctionEnd");
    out.push_str(&body);
    true
}

fn header(max_k: u32) -> String {
    let mut h = String::from(
        "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %f0 \"main\"\nOpExecutionMode %f0 LocalSize 1 1 1\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%bool = OpTypeBool\n%uint = OpTypeInt 32 0\n%u0 = OpConstant %uint 0\n%undef = OpUndef %uint\n",
    );
    for k in 0..=max_k {
        let _ = writeln!(h, "%k{k} = OpConstant %uint {k}");
    }
    h
}

fn max_selector(s: &Structured) -> u32 {
    let mut m = 0;
    for b in &s.blocks {
        if let STerm::Switch {
            value: SValue::U32(k),
            ..
        } = b.term
        {
            m = m.max(k);
        }
        for p in &b.phis {
            for v in &p.incoming {
                if let SValue::U32(k) = v {
                    m = m.max(*k);
                }
            }
        }
    }
    m
}

/// Assembles and validates a skeleton module for Vulkan 1.1 in process,
/// then with the current spirv-val (Vulkan 1.3 rules).
fn validate(text: &str) -> Result<(), String> {
    let env = TargetEnv::Vulkan_1_1;
    let binary = assembler::create(Some(env))
        .assemble(text, AssemblerOptions::default())
        .map_err(|e| format!("assembler: {e}"))?;
    val::create(Some(env))
        .validate(binary.as_words(), None)
        .map_err(|e| format!("validator: {e}"))?;
    crate::common::spirv_val::check(binary.as_words()).map_err(|e| format!("validator: {e}"))
}

fn bitcode(blob: &[u8]) -> Option<&[u8]> {
    let u32_at = |o: usize| -> Option<u32> {
        Some(u32::from_le_bytes(blob.get(o..o + 4)?.try_into().ok()?))
    };
    let count = u32_at(28)? as usize;
    for i in 0..count {
        let off = u32_at(32 + 4 * i)? as usize;
        if blob.get(off..off + 4)? != b"DXIL" {
            continue;
        }
        let magic = off + 8 + 8;
        let bc_off = u32_at(magic + 8)? as usize;
        let bc_size = u32_at(magic + 12)? as usize;
        return blob.get(magic + bc_off..magic + bc_off + bc_size);
    }
    None
}

fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut out = Vec::new();
    for cat in std::fs::read_dir(&root).expect("corpus dir") {
        let cat = cat.expect("entry").path();
        if !cat.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&cat).expect("category") {
            let f = f.expect("entry").path();
            if f.extension().is_some_and(|e| e == "dxil") {
                out.push(f);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn corpus_skeletons_pass_spirv_val() {
    let mut failures = Vec::new();
    let mut count = 0;
    for path in corpus_files() {
        let blob = std::fs::read(&path).expect("read");
        let module = ir::read(bitcode(&blob).expect("bitcode")).expect("ir");
        let mut text = String::new();
        let mut maxk = 0;
        let mut n = 0;
        for f in module.functions.iter().filter(|f| !f.is_declaration) {
            let s = cfg::structurize(f, &module).expect("structurize");
            maxk = maxk.max(max_selector(&s));
            if skeleton(&mut text, &n.to_string(), &s, f, &module) {
                n += 1;
            }
        }
        if n == 0 {
            continue;
        }
        count += n;
        let full = header(maxk) + &text;
        if let Err(e) = validate(&full) {
            failures.push(format!("{}: {e}", path.display()));
        }
    }
    eprintln!("{count} corpus functions validated");
    for f in &failures {
        eprintln!("{f}");
    }
    assert!(failures.is_empty(), "{} modules failed", failures.len());
}

#[test]
fn random_skeletons_pass_spirv_val() {
    let batches: u64 = std::env::var("CFG_VAL_BATCHES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    for batch in 0..batches {
        let mut text = String::new();
        let mut maxk = 0;
        let mut n = 0;
        for j in 0..50u64 {
            let seed = batch * 50 + j;
            let mut r = Rng::new(seed ^ 0x5eed);
            let opts = GenOptions {
                blocks: 2 + r.below(30),
                window: 1 + r.below(6),
                back_percent: r.below(30) as u32,
                ret_percent: r.below(15) as u32,
                switch_percent: r.below(25) as u32,
                irreducible: r.chance(30),
                dense: r.chance(30),
            };
            let m = random_function(seed, &opts);
            let f = &m.functions[0];
            let s = cfg::structurize(f, &m).expect("structurize");
            maxk = maxk.max(max_selector(&s));
            if skeleton(&mut text, &n.to_string(), &s, f, &m) {
                n += 1;
            }
        }
        let full = header(maxk) + &text;
        if let Err(e) = validate(&full) {
            panic!("batch {batch}: {e}");
        }
    }
}

#[test]
fn validator_rejects_a_conditional_branch_without_merge() {
    let body = "%f0 = OpFunction %void None %fn\n%b0 = OpLabel\n%c = OpINotEqual %bool %u0 %k0\nOpBranchConditional %c %b1 %b2\n%b1 = OpLabel\nOpReturn\n%b2 = OpLabel\nOpReturn\nOpFunctionEnd\n";
    let err = validate(&(header(0) + body)).expect_err("unstructured branch accepted");
    assert!(err.starts_with("validator:"), "{err}");
    let err = validate("OpNotAnInstruction\n").expect_err("bad assembly accepted");
    assert!(err.starts_with("assembler:"), "{err}");
}

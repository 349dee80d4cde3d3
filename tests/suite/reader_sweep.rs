//! The bitcode reader against DXC's own disassembly: for every corpus blob,
//! every defined function has the same blocks, the same instruction
//! sequence, the same result types, callees, dx.op opcodes and constant call
//! arguments as the `.ll` beside it.

use crate::common;

use common::ll::{self, LlArg};
use dxil2spirv::ir::{self, BlockId, Constant, InstKind, Module, Type, ValueId, ValueKind};

/// Reduces one of our call arguments to the `.ll` comparison form.
fn arg_form(module: &Module, id: ValueId) -> LlArg {
    let Some(value) = module.value(id) else {
        return LlArg::Other;
    };
    let ty = module.types.ty(value.ty);
    match value.kind {
        ValueKind::Constant(Constant::Undef) => LlArg::Undef,
        ValueKind::Constant(Constant::Null) => match ty {
            Type::Int(_) => LlArg::Int(0),
            Type::Half | Type::Float | Type::Double => LlArg::Float(0f64.to_bits()),
            _ => LlArg::Null,
        },
        ValueKind::Constant(Constant::Int(_)) => match ty {
            Type::Int(1) => LlArg::Int(module.const_uint(id).unwrap_or(0) as i64),
            _ => module.const_int(id).map(LlArg::Int).unwrap_or(LlArg::Other),
        },
        ValueKind::Constant(Constant::Float(bits)) => LlArg::Float(match ty {
            Type::Half => f64::from(half_to_f32(bits as u16)).to_bits(),
            Type::Float => f64::from(f32::from_bits(bits as u32)).to_bits(),
            _ => bits,
        }),
        _ => LlArg::Other,
    }
}

fn half_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let frac = f32::from(h & 0x3ff);
    match exp {
        0 => sign * frac * 2f32.powi(-24),
        31 if frac == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        _ => sign * (1.0 + frac / 1024.0) * 2f32.powi(exp - 15),
    }
}

fn type_string(module: &Module, ty: ir::TypeId) -> String {
    let mut s = String::new();
    ir::write_type(&mut s, module, ty).expect("format");
    s
}

/// Compares one blob; returns the first difference found.
fn compare(module: &Module, expected: &ll::LlModule) -> Result<(), String> {
    let defined: Vec<_> = module
        .functions
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.is_declaration)
        .collect();
    if defined.len() != expected.functions.len() {
        return Err(format!(
            "{} defined functions, .ll has {}",
            defined.len(),
            expected.functions.len()
        ));
    }
    for ((index, func), want) in defined.into_iter().zip(&expected.functions) {
        let name = module.function_name(ir::FuncId(index as u32));
        if name != want.name {
            return Err(format!(
                "function {index} is named {name:?}, .ll says {:?}",
                want.name
            ));
        }
        if func.blocks.len() != want.blocks.len() {
            return Err(format!(
                "@{name}: {} blocks, .ll has {}",
                func.blocks.len(),
                want.blocks.len()
            ));
        }
        for (b, want_block) in want.blocks.iter().enumerate() {
            let insts = func.block_insts(BlockId(b as u32));
            if insts.len() != want_block.insts.len() {
                return Err(format!(
                    "@{name} block {b}: {} instructions, .ll has {}",
                    insts.len(),
                    want_block.insts.len()
                ));
            }
            for (i, (inst, want_inst)) in insts.iter().zip(&want_block.insts).enumerate() {
                let at = format!("@{name} block {b} instruction {i}");
                let opcode = inst.kind.opcode_name();
                if opcode != want_inst.opcode {
                    return Err(format!(
                        "{at}: opcode {opcode}, .ll has {}",
                        want_inst.opcode
                    ));
                }
                let ty = type_string(module, inst.ty);
                if ty != want_inst.ty {
                    return Err(format!(
                        "{at} ({opcode}): type {ty}, .ll has {}",
                        want_inst.ty
                    ));
                }
                if let InstKind::Call { callee, args, .. } = inst.kind {
                    let callee_name = module.value_name(callee);
                    if Some(callee_name) != want_inst.callee.as_deref() {
                        return Err(format!(
                            "{at}: calls {callee_name:?}, .ll calls {:?}",
                            want_inst.callee
                        ));
                    }
                    let got: Vec<LlArg> = module
                        .value_list(args)
                        .map(|a| arg_form(module, a))
                        .collect();
                    if got != want_inst.args {
                        return Err(format!(
                            "{at}: arguments {got:?}, .ll has {:?}",
                            want_inst.args
                        ));
                    }
                    if let Some(op) = want_inst.dx_op {
                        let first = module
                            .value_list(args)
                            .next()
                            .and_then(|a| module.const_uint(a));
                        if first != Some(u64::from(op)) {
                            return Err(format!("{at}: dx.op {first:?}, .ll has {op}"));
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

#[test]
fn every_corpus_blob_matches_its_disassembly() {
    let blobs = common::corpus::blobs();
    assert!(blobs.len() >= 455, "corpus has {} blobs", blobs.len());
    let mut failures = Vec::new();
    let mut instructions = 0usize;
    for (name, path) in &blobs {
        let blob = std::fs::read(path).expect("read blob");
        let bitcode = common::corpus::bitcode(&blob);
        let module = match ir::read(&bitcode) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let text = std::fs::read_to_string(path.with_extension("ll")).expect("read .ll");
        let expected = ll::parse(&text).unwrap_or_else(|e| panic!("{name}.ll: {e}"));
        instructions += expected
            .functions
            .iter()
            .flat_map(|f| &f.blocks)
            .map(|b| b.insts.len())
            .sum::<usize>();
        if let Err(e) = compare(&module, &expected) {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} blobs differ:\n{}",
        failures.len(),
        blobs.len(),
        failures.join("\n")
    );
    assert!(
        instructions > 20_000,
        "only {instructions} instructions compared"
    );
}

#[test]
fn printer_numbers_values_like_llvm() {
    let path = common::corpus::root().join("control-flow/state-machine.dxil");
    let blob = std::fs::read(path).expect("read blob");
    let module = ir::read(&common::corpus::bitcode(&blob)).expect("read");
    let mut text = String::new();
    ir::write_module(&mut text, &module).expect("print");
    for line in [
        "  %7 = phi i32 [ 0, %0 ], [ %11, %39 ]",
        "  %11 = add nuw nsw i32 %7, 1",
        "  switch i32 %8, label %39 [",
        "    i32 3, label %34",
        "  %14 = or i32 %10, -2147483648",
        "; <label>:45",
        "!dx.entryPoints = !{!",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(line)),
            "missing line {line:?} in:\n{text}"
        );
    }
}

//! `dx.op` calls: DXIL operations are calls to external functions named
//! `dx.op.<class>[.<overload>]` whose first argument is the `i32` opcode
//! (`docs/DXIL.rst`, "Operations via external functions").

use super::{DxOp, OpCode, OperandKind};
use crate::error::{Error, Location, Phase, Result};
use crate::ir::{FuncId, Function, Inst, InstKind, ListRange, Module, Type, ValueId};

/// The prefix of every DXIL operation function.
pub const DX_OP_PREFIX: &str = "dx.op.";

/// A decoded `dx.op` call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DxOpCall {
    /// The operation (the call's first argument, typed).
    pub op: OpCode,
    /// The called `dx.op.*` declaration.
    pub function: FuncId,
    /// The arguments after the opcode (value ids in the module's list pool).
    pub args: ListRange,
}

impl DxOpCall {
    /// The arguments after the opcode.
    pub fn args<'m>(&self, module: &'m Module) -> impl ExactSizeIterator<Item = ValueId> + 'm {
        module.value_list(self.args)
    }

    /// Argument `i` after the opcode (operand `i + 1` of the call).
    pub fn arg(&self, module: &Module, i: usize) -> Option<ValueId> {
        module.list(self.args).get(i).map(|&v| ValueId(v))
    }

    /// Number of arguments after the opcode.
    pub fn num_args(&self) -> usize {
        self.args.len as usize
    }

    /// The called function's name (`dx.op.bufferLoad.i32`).
    pub fn function_name<'m>(&self, module: &'m Module) -> &'m str {
        module.function_name(self.function)
    }

    /// The operation class part of the name (`bufferLoad`).
    pub fn class_name<'m>(&self, module: &'m Module) -> &'m str {
        let rest = self
            .function_name(module)
            .strip_prefix(DX_OP_PREFIX)
            .unwrap_or("");
        rest.split_once('.').map_or(rest, |(class, _)| class)
    }
}

/// Whether a function is a `dx.op.*` declaration.
pub fn is_dx_op_function(module: &Module, func: FuncId) -> bool {
    module
        .function(func)
        .is_some_and(|f| f.is_declaration && module.function_name(func).starts_with(DX_OP_PREFIX))
}

/// Decodes a `dx.op` call: `None` when `inst` is not a call to a function
/// whose name starts with `dx.op.`; an error when it is one but its opcode
/// argument is missing, not an `i32` constant, or not a known opcode, or
/// when the `dx.op.*` function has a body.
pub fn dx_op(module: &Module, inst: &Inst) -> Option<Result<DxOpCall>> {
    let InstKind::Call { callee, args, .. } = inst.kind else {
        return None;
    };
    let function = module.callee_function(callee)?;
    let name = module.function_name(function);
    if !name.starts_with(DX_OP_PREFIX) {
        return None;
    }
    Some(decode_call(module, function, args))
}

/// Decodes a call to the `dx.op.*` function `function` with arguments
/// `args` (the opcode first): the opcode must be a known `i32` constant of
/// the class the function's name gives.
pub fn decode_call(module: &Module, function: FuncId, args: ListRange) -> Result<DxOpCall> {
    let name = module.function_name(function);
    let err = |msg: &str| Error::invalid(Phase::Dxil, format!("call to @{name}: {msg}"));
    if module.function(function).is_some_and(|f| !f.is_declaration) {
        return Err(err("a dx.op function must be an external declaration"));
    }
    let first = *module
        .list(args)
        .first()
        .ok_or_else(|| err("missing the opcode argument"))?;
    let first = ValueId(first);
    if module
        .value_type(first)
        .and_then(|ty| module.types.int_width(ty))
        != Some(32)
    {
        return Err(err("the opcode argument is not an i32"));
    }
    let raw = module
        .const_uint(first)
        .ok_or_else(|| err("the opcode argument is not a constant"))?;
    let raw = u32::try_from(raw).map_err(|_| err("opcode out of range"))?;
    let op = OpCode::from_u32(raw).ok_or_else(|| err(&format!("unknown opcode {raw}")))?;
    // The function's class names the signature the opcode is called with:
    // opcode 10 (IsFinite, class isSpecialFloat, returning i1) called
    // through `dx.op.unary.f32` would be lowered with the wrong types.
    let class = name.strip_prefix(DX_OP_PREFIX).unwrap_or(name);
    if !names_class(class, op.class().name()) {
        let class = class.split_once('.').map_or(class, |(class, _)| class);
        return Err(err(&format!(
            "opcode {raw} ({}) belongs to class {}, not {class}",
            op.name(),
            op.class().name()
        )));
    }
    // The parameters whose type the signature fixes (not the overload's)
    // must have it: the emitter trusts them (an `i32` where a wave vote
    // takes its `i1` condition gave invalid SPIR-V).
    for (i, (param, &arg)) in op
        .signature()
        .operands
        .iter()
        .zip(module.list(args))
        .enumerate()
    {
        let Some(want) = fixed_type(param.kind) else {
            continue;
        };
        let actual = module.value_type(ValueId(arg)).map(|t| module.types.ty(t));
        if actual != Some(want) {
            return Err(err(&format!(
                "argument {i} ({}) of {} is not of type {want:?}",
                param.name,
                op.name()
            )));
        }
    }
    Ok(DxOpCall {
        op,
        function,
        args: ListRange {
            start: args.start.saturating_add(1),
            // The opcode argument exists (checked above).
            len: args.len.saturating_sub(1),
        },
    })
}

/// Whether `name`, a `dx.op.*` function's name without its prefix
/// (`bufferLoad.f32`), names class `class` (`BufferLoad`): its part up to
/// the first `.` is `class`, ignoring ASCII case.
///
/// Emission checks each new declaration and opcode here, so this is kept
/// cheap: the `.` is looked for where it must be, not searched, and the
/// names, which differ in the case of their first letter only, are
/// compared as such first (a plain byte comparison).
fn names_class(name: &str, class: &str) -> bool {
    let (name, class) = (name.as_bytes(), class.as_bytes());
    let Some(head) = name.get(..class.len()) else {
        return false;
    };
    if !matches!(name.get(class.len()), None | Some(b'.')) {
        return false;
    }
    match (head.split_first(), class.split_first()) {
        (Some((a, head_rest)), Some((b, class_rest)))
            if a.eq_ignore_ascii_case(b) && head_rest == class_rest =>
        {
            true
        }
        _ => head.eq_ignore_ascii_case(class),
    }
}

/// The LLVM type of a parameter kind that does not depend on the overload.
fn fixed_type(kind: OperandKind) -> Option<Type> {
    Some(match kind {
        OperandKind::I1 => Type::Int(1),
        OperandKind::I8 | OperandKind::U8 => Type::Int(8),
        OperandKind::I16 => Type::Int(16),
        OperandKind::I32 | OperandKind::U32 => Type::Int(32),
        OperandKind::I64 => Type::Int(64),
        OperandKind::F16 => Type::Half,
        OperandKind::F32 => Type::Float,
        OperandKind::F64 => Type::Double,
        _ => return None,
    })
}

/// Every `dx.op` call of a function, in instruction order, as
/// (instruction index in [`Function::insts`], call). Errors carry the
/// instruction's location.
pub fn dx_op_calls<'m>(
    module: &'m Module,
    function: &'m Function,
) -> impl Iterator<Item = Result<(usize, DxOpCall)>> + 'm {
    located_calls(module, function, move |inst| dx_op(module, inst))
}

/// The calls of [`dx_op_calls`] to the `dx.op.*` declarations `callees`
/// only, for a pass that looks for a few operations: calls to other
/// functions are left undecoded.
pub fn dx_op_calls_to<'m>(
    module: &'m Module,
    function: &'m Function,
    callees: &'m [FuncId],
) -> impl Iterator<Item = Result<(usize, DxOpCall)>> + 'm {
    located_calls(module, function, move |inst| {
        let InstKind::Call { callee, args, .. } = inst.kind else {
            return None;
        };
        let callee = module
            .callee_function(callee)
            .filter(|f| callees.contains(f))?;
        Some(decode_call(module, callee, args))
    })
}

/// The calls of `function` that `decode` decodes (`None`: not one it
/// looks for), in instruction order, as (instruction index, call), with
/// errors located at their instruction.
fn located_calls<'m>(
    module: &'m Module,
    function: &'m Function,
    decode: impl Fn(&Inst) -> Option<Result<DxOpCall>> + 'm,
) -> impl Iterator<Item = Result<(usize, DxOpCall)>> + 'm {
    let insts = function.insts.iter().enumerate();
    insts.filter_map(move |(i, inst)| {
        Some(
            decode(inst)?
                .map(|call| (i, call))
                .map_err(|e| e.with_location(location(module, function, i))),
        )
    })
}

/// The operands, decoded, of the call `call` at instruction `index` of
/// `function` (as [`dx_op_calls`] gives them); errors carry the
/// instruction's location.
pub fn decode_operands(
    module: &Module,
    function: &Function,
    index: usize,
    call: &DxOpCall,
) -> Result<DxOp> {
    DxOp::decode(module, call).map_err(|e| e.with_location(location(module, function, index)))
}

/// The location of instruction `index` of `function`.
fn location(module: &Module, function: &Function, index: usize) -> Location {
    let index = index as u32;
    let (block, start) = function
        .blocks
        .iter()
        .enumerate()
        .find(|(_, b)| index.checked_sub(b.start).is_some_and(|i| i < b.len))
        .map_or((0, 0), |(n, b)| (n as u32, b.start));
    Location::Inst {
        // Without LLVM's `\x01` "do not mangle" marker (library exports).
        function: module
            .value_name(function.value)
            .trim_start_matches('\u{1}')
            .to_owned(),
        block,
        // `start <= index` (or 0 when no block holds it).
        inst: index.saturating_sub(start),
    }
}

#[cfg(test)]
mod tests {
    use super::names_class;

    #[test]
    fn names_class_matches_up_to_the_first_dot_ignoring_case() {
        assert!(names_class("bufferLoad.f32", "BufferLoad"));
        assert!(names_class("bufferLoad", "BufferLoad"));
        assert!(names_class("BUFFERLOAD.i32", "BufferLoad"));
        assert!(names_class("createHandle", "CreateHandle"));
        assert!(!names_class("bufferLoadX.f32", "BufferLoad"));
        assert!(!names_class("buffer", "BufferLoad"));
        assert!(!names_class("rawBufferLoad.f32", "BufferLoad"));
        assert!(!names_class("", "BufferLoad"));
    }
}

//! Textual form of the IR, in LLVM 3.7 assembly syntax, for `dxil2spirv dis`.
//!
//! Unnamed values are numbered the way LLVM numbers them (arguments, then
//! per block the block label and each instruction result), so the output
//! lines up with DXC's own disassembly.

use super::inst::{flags, BinOp, Inst, InstKind};
use super::metadata::Metadata;
use super::module::{Constant, FuncId, Function, Linkage, Module, ValueId, ValueKind};
use super::types::{Type, TypeId};
use super::BlockId;
use std::fmt::{self, Write};

/// Writes a type in LLVM syntax (`i32`, `<4 x float>`, `%dx.types.Handle`,
/// `float addrspace(3)*`).
pub fn write_type(out: &mut impl Write, module: &Module, ty: TypeId) -> fmt::Result {
    write_type_depth(out, module, ty, 0)
}

fn write_type_depth(out: &mut impl Write, module: &Module, ty: TypeId, depth: u32) -> fmt::Result {
    if depth > 64 {
        return out.write_str("...");
    }
    let types = &module.types;
    match types.ty(ty) {
        Type::Void => out.write_str("void"),
        Type::Half => out.write_str("half"),
        Type::Float => out.write_str("float"),
        Type::Double => out.write_str("double"),
        Type::Label => out.write_str("label"),
        Type::Metadata => out.write_str("metadata"),
        Type::Int(w) => write!(out, "i{w}"),
        Type::Pointer {
            pointee,
            addr_space,
        } => {
            write_type_depth(out, module, pointee, depth.saturating_add(1))?;
            if addr_space != 0 {
                write!(out, " addrspace({addr_space})")?;
            }
            out.write_str("*")
        }
        Type::Function {
            ret,
            params,
            vararg,
        } => {
            write_type_depth(out, module, ret, depth.saturating_add(1))?;
            out.write_str(" (")?;
            for (i, p) in types.members(params).iter().enumerate() {
                if i > 0 {
                    out.write_str(", ")?;
                }
                write_type_depth(out, module, *p, depth.saturating_add(1))?;
            }
            if vararg {
                out.write_str(if params.is_empty() { "..." } else { ", ..." })?;
            }
            out.write_str(")")
        }
        Type::Struct {
            name,
            identified: true,
            ..
        } => {
            out.write_str("%")?;
            write_identifier(out, module.str(name))
        }
        Type::Struct {
            elements, packed, ..
        } => {
            if packed {
                out.write_str("<")?;
            }
            out.write_str("{ ")?;
            for (i, e) in types.members(elements).iter().enumerate() {
                if i > 0 {
                    out.write_str(", ")?;
                }
                write_type_depth(out, module, *e, depth.saturating_add(1))?;
            }
            out.write_str(if elements.is_empty() { "}" } else { " }" })?;
            if packed {
                out.write_str(">")?;
            }
            Ok(())
        }
        Type::Array { len, elem } => {
            write!(out, "[{len} x ")?;
            write_type_depth(out, module, elem, depth.saturating_add(1))?;
            out.write_str("]")
        }
        Type::Vector { len, elem } => {
            write!(out, "<{len} x ")?;
            write_type_depth(out, module, elem, depth.saturating_add(1))?;
            out.write_str(">")
        }
    }
}

/// Writes a name, quoted when it has characters LLVM does not allow bare.
fn write_identifier(out: &mut impl Write, name: &str) -> fmt::Result {
    let bare = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '$' | '.' | '_'));
    if bare {
        return out.write_str(name);
    }
    out.write_char('"')?;
    for b in name.bytes() {
        if b == b'"' || b == b'\\' || !(0x20..0x7f).contains(&b) {
            write!(out, "\\{b:02X}")?;
        } else {
            out.write_char(char::from(b))?;
        }
    }
    out.write_char('"')
}

/// Writes a floating-point constant the way LLVM does: decimal when six
/// significant digits round-trip, else the hex of the double.
fn write_float(out: &mut impl Write, ty: Type, bits: u64) -> fmt::Result {
    let value = match ty {
        Type::Half => return write!(out, "0xH{:04X}", bits & 0xffff),
        Type::Float => f64::from(f32::from_bits(bits as u32)),
        _ => f64::from_bits(bits),
    };
    if value.is_finite() {
        let text = format!("{value:.6e}");
        let round_trips = text.parse::<f64>().ok() == Some(value);
        if round_trips {
            // Rust writes `1.000000e0`; LLVM writes `1.000000e+00`.
            if let Some((mantissa, exponent)) = text.split_once('e') {
                let exp: i32 = exponent.parse().unwrap_or(0);
                let sign = if exp < 0 { '-' } else { '+' };
                return write!(out, "{mantissa}e{sign}{:02}", exp.abs());
            }
        }
    }
    write!(out, "0x{:016X}", value.to_bits())
}

/// Slot numbers of a function's unnamed values and blocks.
struct Slots {
    /// Per value id (offset by the function's first local id): its number.
    values: std::collections::HashMap<ValueId, u32>,
    blocks: Vec<u32>,
}

impl Slots {
    fn new(module: &Module, func: &Function) -> Slots {
        // `next` counts values and blocks of the function: no saturation.
        let mut next = 0u32;
        let mut values = std::collections::HashMap::new();
        for arg in func.args() {
            if module.value_name(arg).is_empty() {
                values.insert(arg, next);
                next = next.saturating_add(1);
            }
        }
        let mut blocks = Vec::with_capacity(func.blocks.len());
        for (i, block) in func.blocks.iter().enumerate() {
            if block.name.is_empty() {
                blocks.push(next);
                next = next.saturating_add(1);
            } else {
                blocks.push(u32::MAX);
            }
            for inst in func.block_insts(BlockId(i as u32)) {
                if let Some(r) = inst.result {
                    if module.value_name(r).is_empty() {
                        values.insert(r, next);
                        next = next.saturating_add(1);
                    }
                }
            }
        }
        Slots { values, blocks }
    }
}

/// Prints a module; owns the per-function slot table.
struct Printer<'m, W: Write> {
    module: &'m Module,
    out: W,
    slots: Option<Slots>,
}

impl<W: Write> Printer<'_, W> {
    fn ty(&mut self, ty: TypeId) -> fmt::Result {
        write_type(&mut self.out, self.module, ty)
    }

    fn block_label(&mut self, func: &Function, block: BlockId) -> fmt::Result {
        let name = func
            .blocks
            .get(block.0 as usize)
            .map(|b| self.module.str(b.name))
            .unwrap_or("");
        if !name.is_empty() {
            self.out.write_str("%")?;
            return write_identifier(&mut self.out, name);
        }
        let slot = self
            .slots
            .as_ref()
            .and_then(|s| s.blocks.get(block.0 as usize).copied());
        match slot {
            Some(n) => write!(self.out, "%{n}"),
            None => write!(self.out, "%bb{}", block.0),
        }
    }

    /// A value reference without its type.
    fn value(&mut self, id: ValueId) -> fmt::Result {
        let Some(v) = self.module.value(id) else {
            return write!(self.out, "<bad value {}>", id.0);
        };
        let name = self.module.str(v.name);
        match v.kind {
            ValueKind::Constant(c) => self.constant(v.ty, c),
            ValueKind::Global(_) | ValueKind::Function(_) => {
                self.out.write_str("@")?;
                if name.is_empty() {
                    write!(self.out, "{}", id.0)
                } else {
                    write_identifier(&mut self.out, name)
                }
            }
            ValueKind::Argument { .. } | ValueKind::Inst { .. } => {
                if !name.is_empty() {
                    self.out.write_str("%")?;
                    return write_identifier(&mut self.out, name);
                }
                match self.slots.as_ref().and_then(|s| s.values.get(&id)) {
                    Some(n) => write!(self.out, "%{n}"),
                    None => write!(self.out, "%v{}", id.0),
                }
            }
        }
    }

    /// A value reference with its type (`i32 %5`).
    fn typed(&mut self, id: ValueId) -> fmt::Result {
        match self.module.value_type(id) {
            Some(ty) => self.ty(ty)?,
            None => self.out.write_str("?")?,
        }
        self.out.write_str(" ")?;
        self.value(id)
    }

    fn typed_list(&mut self, ids: impl Iterator<Item = ValueId>) -> fmt::Result {
        for (i, id) in ids.enumerate() {
            if i > 0 {
                self.out.write_str(", ")?;
            }
            self.typed(id)?;
        }
        Ok(())
    }

    fn constant(&mut self, ty: TypeId, c: Constant) -> fmt::Result {
        let module = self.module;
        let t = module.types.ty(ty);
        match c {
            Constant::Undef => self.out.write_str("undef"),
            Constant::Null => match t {
                Type::Pointer { .. } => self.out.write_str("null"),
                Type::Int(1) => self.out.write_str("false"),
                Type::Int(_) => self.out.write_str("0"),
                Type::Half | Type::Float | Type::Double => write_float(&mut self.out, t, 0),
                _ => self.out.write_str("zeroinitializer"),
            },
            Constant::Int(bits) => match t {
                Type::Int(1) => self
                    .out
                    .write_str(if bits & 1 == 1 { "true" } else { "false" }),
                Type::Int(w) => write!(self.out, "{}", super::module::sign_extend(bits, w)),
                _ => write!(self.out, "{bits}"),
            },
            Constant::Float(bits) => write_float(&mut self.out, t, bits),
            Constant::Aggregate(elements) => {
                let (open, close) = match t {
                    Type::Array { .. } => ("[", "]"),
                    Type::Vector { .. } => ("<", ">"),
                    _ => ("{ ", " }"),
                };
                self.out.write_str(open)?;
                self.typed_list(module.value_list(elements))?;
                self.out.write_str(close)
            }
            Constant::Data(elements) => {
                let (open, close) = if matches!(t, Type::Vector { .. }) {
                    ("<", ">")
                } else {
                    ("[", "]")
                };
                let elem = module.types.element(ty).unwrap_or(ty);
                self.out.write_str(open)?;
                for (i, &bits) in module.data(elements).iter().enumerate() {
                    if i > 0 {
                        self.out.write_str(", ")?;
                    }
                    self.ty(elem)?;
                    self.out.write_str(" ")?;
                    match module.types.ty(elem) {
                        Type::Int(w) => {
                            write!(self.out, "{}", super::module::sign_extend(bits, w))?
                        }
                        et => write_float(&mut self.out, et, bits)?,
                    }
                }
                self.out.write_str(close)
            }
            Constant::String { bytes, .. } => {
                self.out.write_str("c\"")?;
                for &b in module.data(bytes) {
                    let b = b as u8;
                    if b.is_ascii_graphic() && b != b'"' && b != b'\\' || b == b' ' {
                        self.out.write_char(char::from(b))?;
                    } else {
                        write!(self.out, "\\{b:02X}")?;
                    }
                }
                self.out.write_str("\"")
            }
            Constant::BinOp { op, lhs, rhs, .. } => {
                write!(self.out, "{} (", op.name())?;
                self.typed(lhs)?;
                self.out.write_str(", ")?;
                self.typed(rhs)?;
                self.out.write_str(")")
            }
            Constant::Cast { op, value } => {
                write!(self.out, "{} (", op.name())?;
                self.typed(value)?;
                self.out.write_str(" to ")?;
                self.ty(ty)?;
                self.out.write_str(")")
            }
            Constant::Gep {
                inbounds,
                source,
                operands,
            } => {
                self.out.write_str(if inbounds {
                    "getelementptr inbounds ("
                } else {
                    "getelementptr ("
                })?;
                self.ty(source)?;
                self.out.write_str(", ")?;
                self.typed_list(module.value_list(operands))?;
                self.out.write_str(")")
            }
            Constant::Cmp { pred, lhs, rhs } => {
                write!(
                    self.out,
                    "{} {} (",
                    if pred.is_fp() { "fcmp" } else { "icmp" },
                    pred.name()
                )?;
                self.typed(lhs)?;
                self.out.write_str(", ")?;
                self.typed(rhs)?;
                self.out.write_str(")")
            }
            Constant::Select {
                cond,
                if_true,
                if_false,
            } => {
                self.out.write_str("select (")?;
                self.typed_list([cond, if_true, if_false].into_iter())?;
                self.out.write_str(")")
            }
            Constant::ExtractElement { vector, index } => {
                self.out.write_str("extractelement (")?;
                self.typed_list([vector, index].into_iter())?;
                self.out.write_str(")")
            }
        }
    }

    fn binop_flags(&mut self, op: BinOp, bits: u8) -> fmt::Result {
        if op.has_wrap_flags() {
            if bits & flags::NUW != 0 {
                self.out.write_str(" nuw")?;
            }
            if bits & flags::NSW != 0 {
                self.out.write_str(" nsw")?;
            }
        } else if op.has_exact_flag() {
            if bits & flags::EXACT != 0 {
                self.out.write_str(" exact")?;
            }
        } else {
            self.fast_math(bits)?;
        }
        Ok(())
    }

    fn fast_math(&mut self, bits: u8) -> fmt::Result {
        if bits & flags::FAST != 0 {
            return self.out.write_str(" fast");
        }
        for (bit, name) in [
            (flags::NNAN, " nnan"),
            (flags::NINF, " ninf"),
            (flags::NSZ, " nsz"),
            (flags::ARCP, " arcp"),
        ] {
            if bits & bit != 0 {
                self.out.write_str(name)?;
            }
        }
        Ok(())
    }

    fn inst(&mut self, func: &Function, inst: &Inst) -> fmt::Result {
        let module = self.module;
        self.out.write_str("  ")?;
        if let Some(r) = inst.result {
            self.value(r)?;
            self.out.write_str(" = ")?;
        }
        match inst.kind {
            InstKind::BinOp {
                op,
                lhs,
                rhs,
                flags,
            } => {
                self.out.write_str(op.name())?;
                self.binop_flags(op, flags)?;
                self.out.write_str(" ")?;
                self.typed(lhs)?;
                self.out.write_str(", ")?;
                self.value(rhs)?;
            }
            InstKind::Cast { op, value } => {
                write!(self.out, "{} ", op.name())?;
                self.typed(value)?;
                self.out.write_str(" to ")?;
                self.ty(inst.ty)?;
            }
            InstKind::Gep {
                inbounds,
                source,
                operands,
            } => {
                self.out.write_str(if inbounds {
                    "getelementptr inbounds "
                } else {
                    "getelementptr "
                })?;
                self.ty(source)?;
                self.out.write_str(", ")?;
                self.typed_list(module.value_list(operands))?;
            }
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                self.out.write_str("select ")?;
                self.typed_list([cond, if_true, if_false].into_iter())?;
            }
            InstKind::ExtractElement { vector, index } => {
                self.out.write_str("extractelement ")?;
                self.typed_list([vector, index].into_iter())?;
            }
            InstKind::InsertElement {
                vector,
                element,
                index,
            } => {
                self.out.write_str("insertelement ")?;
                self.typed_list([vector, element, index].into_iter())?;
            }
            InstKind::ShuffleVector { a, b, mask } => {
                self.out.write_str("shufflevector ")?;
                self.typed_list([a, b, mask].into_iter())?;
            }
            InstKind::ExtractValue { aggregate, indices } => {
                self.out.write_str("extractvalue ")?;
                self.typed(aggregate)?;
                for i in module.list(indices) {
                    write!(self.out, ", {i}")?;
                }
            }
            InstKind::InsertValue {
                aggregate,
                value,
                indices,
            } => {
                self.out.write_str("insertvalue ")?;
                self.typed_list([aggregate, value].into_iter())?;
                for i in module.list(indices) {
                    write!(self.out, ", {i}")?;
                }
            }
            InstKind::Cmp {
                pred,
                lhs,
                rhs,
                flags,
            } => {
                self.out
                    .write_str(if pred.is_fp() { "fcmp" } else { "icmp" })?;
                self.fast_math(flags)?;
                write!(self.out, " {} ", pred.name())?;
                self.typed(lhs)?;
                self.out.write_str(", ")?;
                self.value(rhs)?;
            }
            InstKind::Phi { incoming } => {
                self.out.write_str("phi ")?;
                self.ty(inst.ty)?;
                for (i, (v, b)) in module.pairs(incoming).enumerate() {
                    self.out.write_str(if i == 0 { " [ " } else { ", [ " })?;
                    self.value(ValueId(v))?;
                    self.out.write_str(", ")?;
                    self.block_label(func, BlockId(b))?;
                    self.out.write_str(" ]")?;
                }
            }
            InstKind::Alloca {
                allocated, align, ..
            } => {
                self.out.write_str("alloca ")?;
                self.ty(allocated)?;
                if align != 0 {
                    write!(self.out, ", align {align}")?;
                }
            }
            InstKind::Load {
                ptr,
                align,
                volatile,
            } => {
                self.out
                    .write_str(if volatile { "load volatile " } else { "load " })?;
                self.ty(inst.ty)?;
                self.out.write_str(", ")?;
                self.typed(ptr)?;
                if align != 0 {
                    write!(self.out, ", align {align}")?;
                }
            }
            InstKind::Store {
                ptr,
                value,
                align,
                volatile,
            } => {
                self.out.write_str(if volatile {
                    "store volatile "
                } else {
                    "store "
                })?;
                self.typed_list([value, ptr].into_iter())?;
                if align != 0 {
                    write!(self.out, ", align {align}")?;
                }
            }
            InstKind::Call { callee, args, .. } => {
                self.out.write_str("call ")?;
                self.ty(inst.ty)?;
                self.out.write_str(" ")?;
                self.value(callee)?;
                self.out.write_str("(")?;
                self.typed_list(module.value_list(args))?;
                self.out.write_str(")")?;
            }
            InstKind::AtomicRmw {
                op,
                ptr,
                value,
                ordering,
                volatile,
                ..
            } => {
                write!(
                    self.out,
                    "atomicrmw {}{} ",
                    if volatile { "volatile " } else { "" },
                    op.name()
                )?;
                self.typed_list([ptr, value].into_iter())?;
                write!(self.out, " {}", ordering.name())?;
            }
            InstKind::CmpXchg {
                ptr,
                cmp,
                new,
                success,
                failure,
                volatile,
                weak,
            } => {
                self.out.write_str("cmpxchg ")?;
                if weak {
                    self.out.write_str("weak ")?;
                }
                if volatile {
                    self.out.write_str("volatile ")?;
                }
                self.typed_list([ptr, cmp, new].into_iter())?;
                write!(self.out, " {} {}", success.name(), failure.name())?;
            }
            InstKind::Fence { ordering, .. } => write!(self.out, "fence {}", ordering.name())?,
            InstKind::Br { target } => {
                self.out.write_str("br label ")?;
                self.block_label(func, target)?;
            }
            InstKind::CondBr {
                cond,
                if_true,
                if_false,
            } => {
                self.out.write_str("br ")?;
                self.typed(cond)?;
                self.out.write_str(", label ")?;
                self.block_label(func, if_true)?;
                self.out.write_str(", label ")?;
                self.block_label(func, if_false)?;
            }
            InstKind::Switch {
                value,
                default,
                cases,
            } => {
                self.out.write_str("switch ")?;
                self.typed(value)?;
                self.out.write_str(", label ")?;
                self.block_label(func, default)?;
                self.out.write_str(" [\n")?;
                for (v, b) in module.pairs(cases) {
                    self.out.write_str("    ")?;
                    self.typed(ValueId(v))?;
                    self.out.write_str(", label ")?;
                    self.block_label(func, BlockId(b))?;
                    self.out.write_str("\n")?;
                }
                self.out.write_str("  ]")?;
            }
            InstKind::Ret { value: None } => self.out.write_str("ret void")?,
            InstKind::Ret { value: Some(v) } => {
                self.out.write_str("ret ")?;
                self.typed(v)?;
            }
            InstKind::Unreachable => self.out.write_str("unreachable")?,
        }
        for (kind, node) in module.pairs(inst.metadata) {
            let name = module
                .metadata
                .kinds
                .iter()
                .find(|(k, _)| *k == kind)
                .map(|(_, n)| module.str(*n))
                .unwrap_or("?");
            write!(self.out, ", !{name} !{node}")?;
        }
        self.out.write_str("\n")
    }

    fn function(&mut self, id: FuncId, func: &Function) -> fmt::Result {
        let module = self.module;
        let Type::Function {
            ret,
            params,
            vararg,
        } = module.types.ty(func.ty)
        else {
            return Ok(());
        };
        self.slots = if func.is_declaration {
            None
        } else {
            Some(Slots::new(module, func))
        };
        self.out.write_str(if func.is_declaration {
            "declare "
        } else {
            "define "
        })?;
        if func.linkage == Linkage::Internal {
            self.out.write_str("internal ")?;
        }
        self.ty(ret)?;
        self.out.write_str(" @")?;
        write_identifier(&mut self.out, module.function_name(id))?;
        self.out.write_str("(")?;
        for (i, ty) in module.types.members(params).iter().enumerate() {
            if i > 0 {
                self.out.write_str(", ")?;
            }
            self.ty(*ty)?;
            if !func.is_declaration {
                self.out.write_str(" ")?;
                self.value(ValueId(func.first_arg.0.saturating_add(i as u32)))?;
            }
        }
        if vararg {
            self.out.write_str(", ...")?;
        }
        self.out.write_str(")")?;
        if func.is_declaration {
            return self.out.write_str("\n\n");
        }
        self.out.write_str(" {\n")?;
        for (i, block) in func.blocks.iter().enumerate() {
            if i > 0 {
                let name = module.str(block.name);
                if name.is_empty() {
                    let n = self
                        .slots
                        .as_ref()
                        .and_then(|s| s.blocks.get(i).copied())
                        .unwrap_or(0);
                    writeln!(self.out, "\n; <label>:{n}")?;
                } else {
                    self.out.write_str("\n")?;
                    write_identifier(&mut self.out, name)?;
                    self.out.write_str(":\n")?;
                }
            }
            for inst in func.block_insts(BlockId(i as u32)) {
                self.inst(func, inst)?;
            }
        }
        self.out.write_str("}\n\n")
    }

    fn metadata(&mut self) -> fmt::Result {
        let module = self.module;
        for named in &module.metadata.named {
            self.out.write_str("!")?;
            self.out.write_str(module.str(named.name))?;
            self.out.write_str(" = !{")?;
            for (i, op) in module.list(named.operands).iter().enumerate() {
                write!(self.out, "{}!{op}", if i > 0 { ", " } else { "" })?;
            }
            self.out.write_str("}\n")?;
        }
        if !module.metadata.named.is_empty() {
            self.out.write_str("\n")?;
        }
        for (i, md) in module.metadata.nodes.iter().enumerate() {
            write!(self.out, "!{i} = ")?;
            match *md {
                Metadata::String(s) => write!(self.out, "!{:?}", module.str(s))?,
                Metadata::Value { value, .. } => self.typed(value)?,
                Metadata::Node { operands, distinct } => {
                    self.out
                        .write_str(if distinct { "distinct !{" } else { "!{" })?;
                    for (j, &op) in module.list(operands).iter().enumerate() {
                        if j > 0 {
                            self.out.write_str(", ")?;
                        }
                        match op
                            .checked_sub(1)
                            .and_then(|id| module.metadata.nodes.get(id as usize).map(|m| (id, m)))
                        {
                            None => self.out.write_str("null")?,
                            Some((_, Metadata::Value { value, .. })) => self.typed(*value)?,
                            Some((id, _)) => write!(self.out, "!{id}")?,
                        }
                    }
                    self.out.write_str("}")?;
                }
                Metadata::DebugInfo(code) => write!(self.out, "<debug info record {code}>")?,
            }
            self.out.write_str("\n")?;
        }
        Ok(())
    }

    fn module(&mut self) -> fmt::Result {
        let module = self.module;
        writeln!(
            self.out,
            "target datalayout = {:?}",
            module.str(module.datalayout)
        )?;
        writeln!(
            self.out,
            "target triple = {:?}\n",
            module.str(module.triple)
        )?;
        for i in 0..module.types.len() {
            let id = TypeId(i as u32);
            if let Type::Struct {
                identified: true,
                opaque,
                elements,
                packed,
                ..
            } = module.types.ty(id)
            {
                self.ty(id)?;
                self.out.write_str(" = type ")?;
                if opaque {
                    self.out.write_str("opaque\n")?;
                    continue;
                }
                let literal = Type::Struct {
                    name: super::StrRange::EMPTY,
                    elements,
                    packed,
                    opaque: false,
                    identified: false,
                };
                self.literal_struct(literal)?;
                self.out.write_str("\n")?;
            }
        }
        self.out.write_str("\n")?;
        for global in &module.globals {
            self.value(global.value)?;
            self.out.write_str(" = ")?;
            match global.linkage {
                Linkage::Internal => self.out.write_str("internal ")?,
                Linkage::Private => self.out.write_str("private ")?,
                _ => {}
            }
            if global.addr_space != 0 {
                write!(self.out, "addrspace({}) ", global.addr_space)?;
            }
            self.out.write_str(if global.is_constant {
                "constant "
            } else {
                "global "
            })?;
            match global.initializer {
                Some(init) => self.typed(init)?,
                None => self.ty(global.value_type)?,
            }
            if global.align != 0 {
                write!(self.out, ", align {}", global.align)?;
            }
            self.out.write_str("\n")?;
        }
        self.out.write_str("\n")?;
        for (i, func) in module.functions.iter().enumerate() {
            self.function(FuncId(i as u32), func)?;
        }
        self.slots = None;
        self.metadata()
    }

    fn literal_struct(&mut self, ty: Type) -> fmt::Result {
        let Type::Struct {
            elements, packed, ..
        } = ty
        else {
            return Ok(());
        };
        if packed {
            self.out.write_str("<")?;
        }
        self.out.write_str("{ ")?;
        for (i, e) in self.module.types.members(elements).iter().enumerate() {
            if i > 0 {
                self.out.write_str(", ")?;
            }
            self.ty(*e)?;
        }
        self.out.write_str(" }")?;
        if packed {
            self.out.write_str(">")?;
        }
        Ok(())
    }
}

/// Writes the whole module as LLVM-like assembly text.
pub fn write_module(out: &mut impl Write, module: &Module) -> fmt::Result {
    Printer {
        module,
        out,
        slots: None,
    }
    .module()
}

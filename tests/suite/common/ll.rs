//! A parser for DXC's textual disassembly (`-dumpbin`, LLVM 3.7 syntax).
//!
//! Test-only ground truth for the bitcode reader: it recovers the defined
//! functions, their blocks and, per instruction, the opcode, the result type
//! (canonically spelled), the callee and the call arguments. Everything else
//! (globals, declarations, attributes, metadata) is skipped.

use std::collections::HashMap;
use std::fmt;

/// A parsed `.ll` module: its defined functions, in file order.
#[derive(Debug, Clone, PartialEq)]
pub struct LlModule {
    pub functions: Vec<LlFunction>,
}

/// A function with a body.
#[derive(Debug, Clone, PartialEq)]
pub struct LlFunction {
    /// The name without `@`; quoted names are unquoted and `\XX` escapes decoded.
    pub name: String,
    pub blocks: Vec<LlBlock>,
}

/// A basic block, in textual order.
#[derive(Debug, Clone, PartialEq)]
pub struct LlBlock {
    pub insts: Vec<LlInst>,
}

/// One instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct LlInst {
    /// The instruction keyword as written (`tail call` is `call`).
    pub opcode: String,
    /// The result type, canonically spelled (single spaces, `{ a, b }`,
    /// `<4 x float>`, `T addrspace(N)*`, named structs as printed); `void`
    /// when there is no result.
    pub ty: String,
    /// For `call`: the callee name, unquoted, without `@`.
    pub callee: Option<String>,
    /// For a call to `@dx.op.*`: the opcode number (its first argument, read
    /// as `u32`: experimental opcodes print as negative `i32`s).
    pub dx_op: Option<u32>,
    /// For `call`: every argument, in order.
    pub args: Vec<LlArg>,
}

/// A call argument, reduced to what the comparison needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LlArg {
    /// An integer constant (`i1` booleans are 0/1), sign as printed.
    Int(i64),
    /// A `half`/`float`/`double` constant: `f64::to_bits` of its value.
    Float(u64),
    Undef,
    /// `null` or `zeroinitializer`.
    Null,
    /// Anything else: SSA values, globals, constant expressions, aggregates, metadata.
    Other,
}

/// Parses a whole `.ll` file. Errors name the 1-based line.
pub fn parse(src: &str) -> Result<LlModule, String> {
    let raw_lines: Vec<&str> = src.lines().collect();
    let lines: Vec<&str> = raw_lines.iter().map(|l| strip_comment(l)).collect();
    let types = struct_types(&lines)?;
    let mut functions = Vec::new();
    let mut func: Option<LlFunction> = None;
    let mut i = 0;
    while i < lines.len() {
        let (line_no, raw) = (i + 1, raw_lines[i]);
        let err = |e: String| format!("line {line_no}: {e}: {raw}");
        let mut text = lines[i].to_string();
        i += 1;
        let Some(f) = func.as_mut() else {
            if text.starts_with("define ") {
                let name = define_name(&text).map_err(err)?;
                func = Some(LlFunction {
                    name,
                    blocks: vec![LlBlock { insts: vec![] }],
                });
            }
            continue;
        };
        if raw.starts_with("; <label>:") || is_named_label(&text) {
            // A label before any instruction names the entry block.
            if f.blocks.len() > 1 || !f.blocks[0].insts.is_empty() {
                f.blocks.push(LlBlock { insts: vec![] });
            }
        } else if text.trim() == "}" {
            functions.extend(func.take());
        } else if !text.trim().is_empty() {
            // Only `switch` spans lines; join until its brackets balance.
            while !balanced(&text) && i < lines.len() {
                text.push(' ');
                text.push_str(lines[i]);
                i += 1;
            }
            let inst = parse_inst(&text, &types).map_err(err)?;
            f.blocks.last_mut().expect("a block").insts.push(inst);
        }
    }
    match func {
        Some(f) => Err(format!("function @{} has no closing brace", f.name)),
        None => Ok(LlModule { functions }),
    }
}

/// Cuts a `;` comment, ignoring `;` inside quoted strings.
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, b) in line.bytes().enumerate() {
        match b {
            b'"' => quoted = !quoted,
            b';' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

/// `name:` or `"quoted name":` at column 0.
fn is_named_label(text: &str) -> bool {
    let t = text.trim_end();
    !t.starts_with(char::is_whitespace) && t.ends_with(':') && !t.contains(" = ")
}

fn balanced(text: &str) -> bool {
    let mut depth = 0i32;
    let mut quoted = false;
    for b in text.bytes() {
        match b {
            b'"' => quoted = !quoted,
            b'(' | b'[' | b'{' if !quoted => depth += 1,
            b')' | b']' | b'}' if !quoted => depth -= 1,
            _ => {}
        }
    }
    depth <= 0
}

/// Collects `%name = type ...` definitions (opaque ones are left out).
fn struct_types(lines: &[&str]) -> Result<HashMap<String, Ty>, String> {
    let mut types = HashMap::new();
    for (i, line) in lines.iter().enumerate() {
        if !(line.starts_with('%') && line.contains(" = type ")) {
            continue;
        }
        let mut c = Cursor::new(line);
        let name = c.sigil_name();
        c.expect("=")?;
        c.expect_word("type")?;
        if !c.eat_word("opaque") {
            let ty = c.ty().map_err(|e| format!("line {}: {e}", i + 1))?;
            types.insert(name.to_string(), ty);
        }
    }
    Ok(types)
}

fn define_name(text: &str) -> Result<String, String> {
    let mut c = Cursor::new(text);
    c.expect_word("define")?;
    c.skip_to_type();
    c.ty()?;
    c.ws();
    if c.peek() != Some(b'@') {
        return Err("expected a function name".into());
    }
    unquote(&c.sigil_name()[1..])
}

/// Decodes a name as LLVM prints it: `"..."` with `\XX` hex escapes, or bare.
fn unquote(name: &str) -> Result<String, String> {
    let Some(inner) = name.strip_prefix('"').and_then(|n| n.strip_suffix('"')) else {
        return Ok(name.to_string());
    };
    let mut bytes = Vec::with_capacity(inner.len());
    let mut rest = inner.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'\\' && tail.len() >= 2 {
            let hex = std::str::from_utf8(&tail[..2]).map_err(|e| e.to_string())?;
            bytes.push(u8::from_str_radix(hex, 16).map_err(|_| format!("bad escape in {name}"))?);
            rest = &tail[2..];
        } else {
            bytes.push(b);
            rest = tail;
        }
    }
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

#[rustfmt::skip]
const BINOPS: &[&str] = &[
    "add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor",
    "fadd", "fsub", "fmul", "fdiv", "frem",
];
#[rustfmt::skip]
const CASTS: &[&str] = &[
    "trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp",
    "ptrtoint", "inttoptr", "bitcast", "addrspacecast",
];
/// Besides binops and casts, keywords that start a constant expression
/// (`getelementptr inbounds (...)`).
#[rustfmt::skip]
const CONST_EXPR_OPS: &[&str] = &[
    "getelementptr", "select", "icmp", "fcmp", "extractelement", "insertelement",
    "shufflevector", "extractvalue", "insertvalue", "blockaddress",
];
fn is_const_expr_op(word: &str) -> bool {
    [BINOPS, CASTS, CONST_EXPR_OPS]
        .iter()
        .any(|ops| ops.contains(&word))
}

#[rustfmt::skip]
const PARAM_ATTRS: &[&str] = &[
    "nonnull", "noalias", "nocapture", "readonly", "readnone", "writeonly", "zeroext", "signext",
    "inreg", "byval", "sret", "returned", "nest", "inalloca",
];

fn parse_inst(text: &str, types: &HashMap<String, Ty>) -> Result<LlInst, String> {
    let mut c = Cursor::new(text);
    let has_result = c.peek() == Some(b'%');
    if has_result {
        c.sigil_name();
        c.expect("=")?;
    }
    let mut opcode = c.word();
    if matches!(opcode, "tail" | "musttail" | "notail") {
        opcode = c.word();
    }
    let mut inst = LlInst {
        opcode: opcode.to_string(),
        ty: String::new(),
        callee: None,
        dx_op: None,
        args: vec![],
    };
    let ty = match opcode {
        "ret" | "br" | "switch" | "indirectbr" | "unreachable" | "store" | "fence" | "resume" => {
            Ty::prim("void")
        }
        op if BINOPS.contains(&op)
            || matches!(op, "phi" | "load" | "insertvalue" | "insertelement") =>
        {
            c.skip_to_type();
            c.ty()?
        }
        op if CASTS.contains(&op) => {
            c.typed_value()?;
            c.expect_word("to")?;
            c.ty()?
        }
        "icmp" | "fcmp" => {
            c.skip_to_type();
            match c.ty()? {
                Ty::Vector(n, _) => Ty::Vector(n, Box::new(Ty::prim("i1"))),
                _ => Ty::prim("i1"),
            }
        }
        "select" => {
            c.typed_value()?;
            c.expect(",")?;
            c.ty()?
        }
        "alloca" => {
            c.skip_to_type();
            Ty::Ptr(Box::new(c.ty()?), 0)
        }
        "getelementptr" => {
            c.skip_to_type();
            let source = c.ty()?;
            c.expect(",")?;
            let (ptr, _) = c.typed_value()?;
            let mut indices = vec![];
            while c.eat_operand_comma() {
                indices.push(c.typed_value()?);
            }
            gep_type(source, &ptr, &indices, types)?
        }
        "extractvalue" => {
            let (mut ty, _) = c.typed_value()?;
            while c.eat_operand_comma() {
                let index = c.word();
                ty = element(&ty, Some(index), types)?;
            }
            ty
        }
        "extractelement" => element(&c.ty()?, None, types)?,
        "shufflevector" => {
            let (a, _) = c.typed_value()?;
            c.expect(",")?;
            c.typed_value()?;
            c.expect(",")?;
            match (c.ty()?, a) {
                (Ty::Vector(n, _), Ty::Vector(_, elem)) => Ty::Vector(n, elem),
                _ => return Err("shufflevector needs vectors".into()),
            }
        }
        "cmpxchg" | "atomicrmw" => {
            c.skip_to_type();
            let Ty::Ptr(pointee, _) = c.ty()? else {
                return Err(format!("{opcode} needs a pointer operand"));
            };
            if opcode == "cmpxchg" {
                Ty::Struct(vec![*pointee, Ty::prim("i1")], false)
            } else {
                *pointee
            }
        }
        "call" => parse_call(&mut c, &mut inst)?,
        _ => return Err(format!("unsupported instruction `{opcode}`")),
    };
    inst.ty = ty.to_string();
    if has_result == (inst.ty == "void") {
        return Err(format!("result presence disagrees with type {}", inst.ty));
    }
    Ok(inst)
}

/// Parses `call [cconv] [attrs] RET [(PARAMS)] @callee(ARGS)` after `call`; returns RET.
fn parse_call(c: &mut Cursor, inst: &mut LlInst) -> Result<Ty, String> {
    c.skip_to_type();
    let ret = match c.ty()? {
        Ty::Ptr(f, _) if matches!(*f, Ty::Func(..)) => *f,
        ty => ty,
    };
    let ret = match ret {
        Ty::Func(ret, ..) => *ret,
        ty => ty,
    };
    c.ws();
    let callee = unquote(&c.sigil_name()[1..])?;
    c.expect("(")?;
    if !c.eat(")") {
        loop {
            let (ty, value) = c.typed_value()?;
            inst.args.push(classify(&ty, value)?);
            if !c.eat(",") {
                c.expect(")")?;
                break;
            }
        }
    }
    if callee.starts_with("dx.op.") {
        match inst.args.first() {
            // Experimental opcodes (0x8000_0000 and up) print as negative i32.
            Some(&LlArg::Int(op)) => {
                let op = i32::try_from(op).map_err(|_| format!("bad dx.op opcode {op}"))?;
                inst.dx_op = Some(op as u32);
            }
            _ => return Err("dx.op call without a constant opcode".into()),
        }
    }
    inst.callee = Some(callee);
    Ok(ret)
}

fn classify(ty: &Ty, value: &str) -> Result<LlArg, String> {
    let bad = || format!("bad {ty} constant `{value}`");
    Ok(match (ty, value) {
        (_, "undef") => LlArg::Undef,
        (_, "null" | "zeroinitializer") => LlArg::Null,
        (Ty::Prim(p), _) if p.starts_with('i') => match value {
            "true" => LlArg::Int(1),
            "false" => LlArg::Int(0),
            v if v.starts_with(|ch: char| ch == '-' || ch.is_ascii_digit()) => {
                LlArg::Int(v.parse().map_err(|_| bad())?)
            }
            _ => LlArg::Other,
        },
        (Ty::Prim(p), v) if matches!(p.as_str(), "half" | "float" | "double") => {
            if let Some(hex) = v.strip_prefix("0xH") {
                let bits = u16::from_str_radix(hex, 16).map_err(|_| bad())?;
                LlArg::Float(half_to_f64(bits).to_bits())
            } else if let Some(hex) = v.strip_prefix("0x") {
                LlArg::Float(u64::from_str_radix(hex, 16).map_err(|_| bad())?)
            } else if v.starts_with(|ch: char| ch == '-' || ch.is_ascii_digit()) {
                LlArg::Float(v.parse::<f64>().map_err(|_| bad())?.to_bits())
            } else {
                LlArg::Other
            }
        }
        _ => LlArg::Other,
    })
}

/// Converts IEEE binary16 bits to the equal `f64` (exact; NaN payloads kept).
fn half_to_f64(bits: u16) -> f64 {
    let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((bits >> 10) & 0x1f);
    let mant = u64::from(bits & 0x3ff);
    match exp {
        0 => sign * mant as f64 * 2f64.powi(-24),
        0x1f => f64::from_bits((u64::from(bits & 0x8000) << 48) | (0x7ff << 52) | (mant << 42)),
        _ => sign * (1024 + mant) as f64 * 2f64.powi(exp - 25),
    }
}

/// Walks a GEP's source element type through the indices after the first.
fn gep_type(
    source: Ty,
    ptr: &Ty,
    indices: &[(Ty, &str)],
    types: &HashMap<String, Ty>,
) -> Result<Ty, String> {
    let mut ty = source;
    for (_, index) in indices.iter().skip(1) {
        ty = element(&ty, Some(index), types)?;
    }
    let (space, mut lanes) = match ptr {
        Ty::Ptr(_, space) => (*space, None),
        Ty::Vector(n, p) => match &**p {
            Ty::Ptr(_, space) => (*space, Some(*n)),
            _ => return Err("GEP base is not a pointer".into()),
        },
        _ => return Err("GEP base is not a pointer".into()),
    };
    for (index_ty, _) in indices {
        if let Ty::Vector(n, _) = index_ty {
            lanes = Some(*n);
        }
    }
    let result = Ty::Ptr(Box::new(ty), space);
    Ok(match lanes {
        Some(n) => Ty::Vector(n, Box::new(result)),
        None => result,
    })
}

/// The element of an aggregate or vector: the field `index` of a struct, else the element.
fn element(ty: &Ty, index: Option<&str>, types: &HashMap<String, Ty>) -> Result<Ty, String> {
    match ty {
        Ty::Named(name) => {
            let def = types
                .get(name)
                .ok_or_else(|| format!("unknown type {name}"))?;
            element(def, index, types)
        }
        Ty::Struct(fields, _) => index
            .and_then(|i| i.parse::<usize>().ok())
            .and_then(|i| fields.get(i))
            .cloned()
            .ok_or_else(|| format!("bad field index {index:?} into {ty}")),
        Ty::Array(_, elem) | Ty::Vector(_, elem) => Ok((**elem).clone()),
        _ => Err(format!("cannot index into {ty}")),
    }
}

/// An LLVM type. `Display` gives the canonical spelling.
#[derive(Debug, Clone, PartialEq)]
enum Ty {
    /// `void`, `iN`, `half`, `float`, `label`, `metadata`, ...
    Prim(String),
    /// A named struct, spelled as printed (`%a.b`, `%"x<y>"`).
    Named(String),
    Ptr(Box<Ty>, u32),
    Vector(u64, Box<Ty>),
    Array(u64, Box<Ty>),
    /// Fields and whether packed (`<{ ... }>`).
    Struct(Vec<Ty>, bool),
    /// Return type, parameters, varargs.
    Func(Box<Ty>, Vec<Ty>, bool),
}

impl Ty {
    fn prim(name: &str) -> Ty {
        Ty::Prim(name.to_string())
    }
}

#[rustfmt::skip]
const PRIMS: &[&str] = &[
    "void", "half", "float", "double", "fp128", "x86_fp80", "ppc_fp128", "label", "metadata",
    "x86_mmx", "token",
];

fn is_prim(word: &str) -> bool {
    let int_bits = word.strip_prefix('i').filter(|n| !n.is_empty());
    PRIMS.contains(&word) || int_bits.is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
}

fn join(f: &mut fmt::Formatter, items: &[Ty]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Ty::Prim(name) | Ty::Named(name) => f.write_str(name),
            Ty::Ptr(to, 0) => write!(f, "{to}*"),
            Ty::Ptr(to, space) => write!(f, "{to} addrspace({space})*"),
            Ty::Vector(n, elem) => write!(f, "<{n} x {elem}>"),
            Ty::Array(n, elem) => write!(f, "[{n} x {elem}]"),
            Ty::Struct(fields, packed) => {
                let (open, close) = if *packed { ("<{", "}>") } else { ("{", "}") };
                if fields.is_empty() {
                    return write!(f, "{open}{close}");
                }
                write!(f, "{open} ")?;
                join(f, fields)?;
                write!(f, " {close}")
            }
            Ty::Func(ret, params, vararg) => {
                write!(f, "{ret} (")?;
                join(f, params)?;
                match (*vararg, params.is_empty()) {
                    (false, _) => f.write_str(")"),
                    (true, true) => f.write_str("...)"),
                    (true, false) => f.write_str(", ...)"),
                }
            }
        }
    }
}

/// A position in one (joined, comment-free) line.
struct Cursor<'a> {
    s: &'a str,
    pos: usize,
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"_.$-+".contains(&b)
}

impl<'a> Cursor<'a> {
    fn new(s: &'a str) -> Self {
        Cursor { s, pos: 0 }
    }

    /// The byte at the cursor.
    fn byte(&self) -> Option<u8> {
        self.s.as_bytes().get(self.pos).copied()
    }

    fn ws(&mut self) {
        while self.byte().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    /// The next non-blank byte, without consuming it.
    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.byte()
    }

    fn eat(&mut self, token: &str) -> bool {
        self.ws();
        let hit = self.s[self.pos..].starts_with(token);
        if hit {
            self.pos += token.len();
        }
        hit
    }

    fn expect(&mut self, token: &str) -> Result<(), String> {
        match self.eat(token) {
            true => Ok(()),
            false => Err(format!("expected `{token}` at `{}`", &self.s[self.pos..])),
        }
    }

    fn eat_word(&mut self, word: &str) -> bool {
        let save = self.pos;
        if self.word() == word {
            return true;
        }
        self.pos = save;
        false
    }

    fn expect_word(&mut self, word: &str) -> Result<(), String> {
        match self.eat_word(word) {
            true => Ok(()),
            false => Err(format!("expected `{word}` at `{}`", &self.s[self.pos..])),
        }
    }

    /// A run of identifier/number bytes; empty if none.
    fn word(&mut self) -> &'a str {
        self.ws();
        let start = self.pos;
        while self.byte().is_some_and(is_word_byte) {
            self.pos += 1;
        }
        &self.s[start..self.pos]
    }

    /// A `%`/`@`/`!`-prefixed name, bare or quoted, returned as printed.
    fn sigil_name(&mut self) -> &'a str {
        self.ws();
        let start = self.pos;
        self.pos += 1;
        if self.byte() == Some(b'"') {
            self.quoted();
        } else {
            self.word();
        }
        &self.s[start..self.pos]
    }

    /// Skips a `"..."` string starting at the cursor (LLVM escapes inner quotes).
    fn quoted(&mut self) {
        let end = self.s[self.pos + 1..]
            .find('"')
            .map_or(self.s.len(), |i| self.pos + i + 2);
        self.pos = end;
    }

    /// Skips a bracketed group (`(`, `[`, `{`, `<` nest freely) starting at the cursor.
    fn group(&mut self) -> Result<(), String> {
        self.ws();
        let mut depth = 0;
        while let Some(b) = self.byte() {
            match b {
                b'"' => {
                    self.quoted();
                    continue;
                }
                b'(' | b'[' | b'{' | b'<' => depth += 1,
                b')' | b']' | b'}' | b'>' => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos += 1;
                        return Ok(());
                    }
                }
                _ => {}
            }
            self.pos += 1;
        }
        Err("unbalanced brackets".into())
    }

    /// Skips keywords (flags, predicates, attributes, orderings, calling
    /// conventions, with their `(N)` or numbers) up to the next type.
    fn skip_to_type(&mut self) {
        loop {
            if matches!(self.peek(), None | Some(b'%' | b'{' | b'<' | b'[' | b'@')) {
                return;
            }
            let save = self.pos;
            let word = self.word();
            if word.is_empty() || is_prim(word) {
                self.pos = save;
                return;
            }
            if self.peek() == Some(b'(') && self.group().is_err() {
                return;
            }
        }
    }

    /// A comma that continues the operand list, not one before a `!` metadata attachment.
    fn eat_operand_comma(&mut self) -> bool {
        let save = self.pos;
        if self.eat(",") && self.peek() != Some(b'!') {
            return true;
        }
        self.pos = save;
        false
    }

    fn ty(&mut self) -> Result<Ty, String> {
        let mut ty = match self.peek() {
            Some(b'%') => Ty::Named(self.sigil_name().to_string()),
            Some(b'{') => {
                self.pos += 1;
                Ty::Struct(self.type_list("}")?.0, false)
            }
            Some(b'<') if self.s[self.pos..].starts_with("<{") => {
                self.pos += 2;
                Ty::Struct(self.type_list("}>")?.0, true)
            }
            Some(open @ (b'<' | b'[')) => {
                self.pos += 1;
                let n = self.word();
                let n = n.parse().map_err(|_| format!("bad length `{n}`"))?;
                self.expect_word("x")?;
                let elem = Box::new(self.ty()?);
                self.expect(if open == b'<' { ">" } else { "]" })?;
                if open == b'<' {
                    Ty::Vector(n, elem)
                } else {
                    Ty::Array(n, elem)
                }
            }
            _ => {
                let word = self.word();
                if !is_prim(word) {
                    return Err(format!(
                        "expected a type at `{word}{}`",
                        &self.s[self.pos..]
                    ));
                }
                Ty::Prim(word.to_string())
            }
        };
        loop {
            if self.eat("*") {
                ty = Ty::Ptr(Box::new(ty), 0);
            } else if self.eat_word("addrspace") {
                self.expect("(")?;
                let n = self.word();
                let space = n.parse().map_err(|_| format!("bad address space `{n}`"))?;
                self.expect(")")?;
                self.expect("*")?;
                ty = Ty::Ptr(Box::new(ty), space);
            } else if self.eat("(") {
                let (params, vararg) = self.type_list(")")?;
                ty = Ty::Func(Box::new(ty), params, vararg);
            } else {
                return Ok(ty);
            }
        }
    }

    /// Comma-separated types up to `close` (already past the opener); `...` marks varargs.
    fn type_list(&mut self, close: &str) -> Result<(Vec<Ty>, bool), String> {
        let mut items = vec![];
        let mut vararg = false;
        if self.eat(close) {
            return Ok((items, vararg));
        }
        loop {
            if self.eat("...") {
                vararg = true;
            } else {
                items.push(self.ty()?);
            }
            if !self.eat(",") {
                self.expect(close)?;
                return Ok((items, vararg));
            }
        }
    }

    /// One operand value, returned as written.
    fn value(&mut self) -> Result<&'a str, String> {
        let Some(first) = self.peek() else {
            return Err("expected a value".into());
        };
        let start = self.pos;
        match first {
            b'{' | b'[' | b'<' | b'(' => self.group()?,
            b'!' if self.s[start..].starts_with("!{") => {
                self.pos += 1;
                self.group()?;
            }
            b'%' | b'@' | b'!' => {
                self.sigil_name();
            }
            _ if self.s[start..].starts_with("c\"") => {
                self.pos += 1;
                self.quoted();
            }
            _ => {
                let word = self.word();
                if word.is_empty() {
                    return Err(format!("expected a value at `{}`", &self.s[self.pos..]));
                }
                if is_const_expr_op(word) {
                    // Flags and predicates, then the parenthesised operands.
                    while self.peek() != Some(b'(') {
                        if self.word().is_empty() {
                            return Err(format!("bad constant expression `{}`", &self.s[start..]));
                        }
                    }
                    self.group()?;
                }
            }
        }
        Ok(&self.s[start..self.pos])
    }

    /// `TYPE [param attributes] VALUE`.
    fn typed_value(&mut self) -> Result<(Ty, &'a str), String> {
        let ty = self.ty()?;
        self.skip_param_attrs();
        Ok((ty, self.value()?))
    }

    fn skip_param_attrs(&mut self) {
        loop {
            let save = self.pos;
            match self.word() {
                "align" => {
                    self.word();
                }
                "dereferenceable" | "dereferenceable_or_null" if self.peek() == Some(b'(') => {
                    let _ = self.group();
                }
                w if PARAM_ATTRS.contains(&w) => {}
                _ => {
                    self.pos = save;
                    return;
                }
            }
        }
    }
}

//! Generator of `src/dxil/autogen_ops.rs`, `src/dxil/autogen_enums.rs` and
//! `src/dxil/autogen_operands.rs` from the TSV tables beside this file.
//!
//! This is not part of the library. `tests/autogen.rs` includes it with
//! `#[path]`, regenerates the generated files in memory and fails when the checked-in
//! copies differ; `DXIL2SPIRV_BLESS=1 cargo test --release --test suite autogen::` rewrites
//! them instead.
//!
//! The text is emitted in rustfmt's default layout (the few shapes used here
//! are laid out by [`Layout`]), so `cargo fmt --check` stays clean without
//! reformatting the output.
//!
//! Anything the tables say that the generator does not understand is an
//! error naming the file and line, never silently skipped: an unknown
//! overload letter, operand type or stage, a duplicated opcode, an enum value
//! that the two enum tables disagree on.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

/// The op table, relative to the crate root.
pub const OPS_TSV: &str = "src/dxil/tables/dxil-ops.tsv";
/// The DXIL constants table, relative to the crate root.
pub const CONSTANTS_TSV: &str = "src/dxil/tables/dxil-constants.tsv";
/// The dx.op immediate-operand enums table, relative to the crate root.
pub const OP_ENUMS_TSV: &str = "src/dxil/tables/dxil-op-enums.tsv";
/// The generated op table module, relative to the crate root.
pub const OPS_RS: &str = "src/dxil/autogen_ops.rs";
/// The generated enums module, relative to the crate root.
pub const ENUMS_RS: &str = "src/dxil/autogen_enums.rs";
/// The table of constant (immediate) dx.op operands, relative to the crate
/// root.
pub const IMMEDIATES_TSV: &str = "src/dxil/tables/dxil-op-immediates.tsv";
/// The generated operand structs module, relative to the crate root.
pub const OPERANDS_RS: &str = "src/dxil/autogen_operands.rs";

const GENERATOR: &str = "src/dxil/tables/generate.rs";
const RERUN: &str = "DXIL2SPIRV_BLESS=1 cargo test --release --test suite autogen::";

/// The text of the four tables.
pub struct Inputs<'a> {
    /// `dxil-ops.tsv`.
    pub ops: &'a str,
    /// `dxil-constants.tsv`.
    pub constants: &'a str,
    /// `dxil-op-enums.tsv`.
    pub op_enums: &'a str,
    /// `dxil-op-immediates.tsv`.
    pub immediates: &'a str,
}

/// The generated modules.
pub struct Output {
    /// `autogen_ops.rs`.
    pub ops: String,
    /// `autogen_enums.rs`.
    pub enums: String,
    /// `autogen_operands.rs`.
    pub operands: String,
}

/// Parses and checks the tables, then emits the three modules.
pub fn generate(inputs: &Inputs) -> Result<Output, String> {
    let enums = parse_enums(inputs.constants, inputs.op_enums)?;
    let ops = parse_ops(inputs.ops, &enums)?;
    let immediates = parse_immediates(inputs.immediates, &ops, &enums)?;
    let groups = operand_groups(&ops, &immediates)?;
    Ok(Output {
        ops: emit_ops(&ops),
        enums: emit_enums(&enums),
        operands: emit_operands(&ops, &groups),
    })
}

// ---------------------------------------------------------------------------
// Vocabulary of the op table.

/// Overload letters: letter, `Overloads` constant, shorthand in the rows, doc.
#[rustfmt::skip]
const OVERLOAD_LETTERS: &[(char, &str, &str, &str)] = &[
    ('h', "HALF", "H", "`half`."),
    ('f', "FLOAT", "F", "`float`."),
    ('d', "DOUBLE", "D", "`double`."),
    ('1', "I1", "I1", "`i1`."),
    ('8', "I8", "I8", "`i8`."),
    ('w', "I16", "I16", "`i16`."),
    ('i', "I32", "I32", "`i32`."),
    ('l', "I64", "I64", "`i64`."),
    ('u', "UDT", "UDT", "A user-defined type (a struct passed by pointer)."),
    ('o', "OBJECT", "OBJ", "An object type (a resource, node or matrix object)."),
];

/// Operand and result types: table spelling, `OperandKind` variant, doc.
#[rustfmt::skip]
const OPERAND_KINDS: &[(&str, &str, &str)] = &[
    ("v", "Void", "No value: `void`."),
    ("i1", "I1", "`i1`."),
    ("i8", "I8", "`i8`."),
    ("u8", "U8", "`i8`, read as unsigned."),
    ("i16", "I16", "`i16`."),
    ("i32", "I32", "`i32`."),
    ("u32", "U32", "`i32`, read as unsigned."),
    ("i64", "I64", "`i64`."),
    ("h", "F16", "`half`."),
    ("f", "F32", "`float`."),
    ("d", "F64", "`double`."),
    ("pf32", "F32Ptr", "A pointer to `float`."),
    ("$o", "Overload", "The overload type."),
    ("$o_i1", "OverloadI1", "`i1`, in the overload's vector shape."),
    ("$o_i32", "OverloadI32", "`i32`, in the overload's vector shape."),
    ("$elt", "OverloadElement", "The element type of the (vector) overload."),
    ("$vec4", "OverloadVec4", "A vector of 4 of the overload type."),
    ("$vec9", "OverloadVec9", "A vector of 9 of the overload type."),
    ("$r", "ResRet", "`%dx.types.ResRet.<overload>`: 4 values and an `i32` status."),
    ("$cb", "CBufRet", "`%dx.types.CBufRet.<overload>`: a row of a constant buffer."),
    ("$udt", "Udt", "A pointer to a user-defined type (the overload)."),
    ("$obj", "Object", "An object of the overload type."),
    ("$x0", "Extended0", "Extended overload 0 (the first letter group)."),
    ("$x1", "Extended1", "Extended overload 1."),
    ("$x2", "Extended2", "Extended overload 2."),
    ("$x3", "Extended3", "Extended overload 3."),
    ("$x_gs1", "Extended1GroupSharedPtr", "A groupshared pointer to extended overload 1."),
    ("res", "Handle", "`%dx.types.Handle`."),
    ("resbind", "ResBind", "`%dx.types.ResBind`: a binding range."),
    ("resproperty", "ResourceProperties", "`%dx.types.ResourceProperties`."),
    ("nodehandle", "NodeHandle", "`%dx.types.NodeHandle`."),
    ("noderecordhandle", "NodeRecordHandle", "`%dx.types.NodeRecordHandle`."),
    ("nodeproperty", "NodeInfo", "`%dx.types.NodeInfo`: node properties."),
    ("noderecordproperty", "NodeRecordInfo", "`%dx.types.NodeRecordInfo`."),
    ("hit_object", "HitObject", "`%dx.types.HitObject`."),
    ("twoi32", "TwoI32", "`%dx.types.twoi32`: two `i32`."),
    ("fouri32", "FourI32", "`%dx.types.fouri32`: four `i32`."),
    ("i32c", "I32C", "`%dx.types.i32c`: an `i32` and an `i1` carry."),
    ("dims", "Dimensions", "`%dx.types.Dimensions`: four `i32`."),
    ("SamplePos", "SamplePos", "`%dx.types.SamplePos`: two `float`."),
    ("splitdouble", "SplitDouble", "`%dx.types.splitdouble`: two `i32`."),
    ("int2", "Int2", "Two `i32` (`int2`)."),
];

// ---------------------------------------------------------------------------
// TSV reading.

struct Row<'a> {
    line: usize,
    cells: Vec<&'a str>,
}

fn parse_tsv<'a>(file: &str, text: &'a str, header: &[&str]) -> Result<Vec<Row<'a>>, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    let got: Vec<&str> = match lines.next() {
        Some((_, l)) => l.split('\t').collect(),
        None => return Err(format!("{file}: empty file")),
    };
    if got != header {
        return Err(format!("{file}:1: header is {got:?}, expected {header:?}"));
    }
    let mut rows = Vec::new();
    for (line, l) in lines {
        if l.trim().is_empty() {
            continue;
        }
        let cells: Vec<&str> = l.split('\t').collect();
        if cells.len() != header.len() {
            return Err(format!(
                "{file}:{line}: {} columns, expected {}",
                cells.len(),
                header.len()
            ));
        }
        rows.push(Row { line, cells });
    }
    Ok(rows)
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// DXC's spelling to a Rust UpperCamelCase identifier: `Round_ne` →
/// `RoundNe`, `F8_E4M3FN` → `F8E4M3FN`, `createNodeOutputHandle` →
/// `CreateNodeOutputHandle`. An underscore between two digits stays
/// (`Last_1_2` → `Last1_2`) so the numbers keep apart.
fn upper_camel(name: &str) -> String {
    let mut out = String::new();
    for part in name.split('_').filter(|p| !p.is_empty()) {
        let digit_joint = out.ends_with(|c: char| c.is_ascii_digit())
            && part.starts_with(|c: char| c.is_ascii_digit());
        if digit_joint {
            out.push('_');
        }
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars);
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Enums.

struct Enumerator {
    /// DXC's spelling.
    name: String,
    /// The Rust identifier.
    ident: String,
    value: u32,
    /// Where it was first listed: file and line.
    origin: (&'static str, usize),
    /// The first enumerator with the same value (in table order), for an
    /// alias; `None` for a variant.
    alias_of: Option<usize>,
}

struct EnumDef {
    name: String,
    ident: String,
    /// The table files that list it.
    sources: Vec<&'static str>,
    /// Sorted by value; for equal values, in table order.
    items: Vec<Enumerator>,
}

impl EnumDef {
    fn variants(&self) -> impl Iterator<Item = &Enumerator> {
        self.items.iter().filter(|e| e.alias_of.is_none())
    }
}

fn file_name(path: &'static str) -> &'static str {
    path.rsplit('/').next().unwrap_or(path)
}

fn parse_enums(constants: &str, op_enums: &str) -> Result<Vec<EnumDef>, String> {
    let mut defs: Vec<EnumDef> = Vec::new();
    let mut by_name: HashMap<String, usize> = HashMap::new();
    for (path, text) in [(CONSTANTS_TSV, constants), (OP_ENUMS_TSV, op_enums)] {
        let file = file_name(path);
        let mut in_file = HashSet::new();
        for row in parse_tsv(file, text, &["enum", "name", "value"])? {
            let at = |msg: String| format!("{file}:{}: {msg}", row.line);
            let (enum_name, name, value) = (row.cells[0], row.cells[1], row.cells[2]);
            if !is_identifier(enum_name) || !is_identifier(name) {
                return Err(at(format!(
                    "`{enum_name}` `{name}` is not an identifier pair"
                )));
            }
            let value: u32 = value
                .parse()
                .map_err(|_| at(format!("value `{value}` is not a u32")))?;
            if !in_file.insert((enum_name, name)) {
                return Err(at(format!("{enum_name}::{name} is listed twice")));
            }
            let index = *by_name.entry(enum_name.to_string()).or_insert_with(|| {
                defs.push(EnumDef {
                    name: enum_name.to_string(),
                    ident: upper_camel(enum_name),
                    sources: Vec::new(),
                    items: Vec::new(),
                });
                defs.len() - 1
            });
            let def = &mut defs[index];
            if !def.sources.contains(&file) {
                def.sources.push(file);
            }
            match def.items.iter().find(|e| e.name == name) {
                Some(e) if e.value == value => {}
                Some(e) => {
                    let (first_file, first_line) = e.origin;
                    return Err(at(format!(
                        "{enum_name}::{name} = {value}, but {first_file}:{first_line} says {}",
                        e.value
                    )));
                }
                None => def.items.push(Enumerator {
                    name: name.to_string(),
                    ident: upper_camel(name),
                    value,
                    origin: (file, row.line),
                    alias_of: None,
                }),
            }
        }
    }
    for def in &mut defs {
        def.items.sort_by_key(|e| e.value);
        let mut first_of_value: HashMap<u32, usize> = HashMap::new();
        let mut idents = HashSet::new();
        for i in 0..def.items.len() {
            let first = *first_of_value.entry(def.items[i].value).or_insert(i);
            def.items[i].alias_of = (first != i).then_some(first);
            let e = &def.items[i];
            if e.ident == "Self" || !idents.insert(e.ident.clone()) {
                return Err(format!(
                    "{}::{} becomes the identifier `{}`, which is taken",
                    def.name, e.name, e.ident
                ));
            }
        }
    }
    Ok(defs)
}

// ---------------------------------------------------------------------------
// Ops.

struct Param {
    name: String,
    /// Index into `OPERAND_KINDS`.
    kind: usize,
}

struct Op {
    number: u32,
    name: String,
    ident: String,
    /// Index into the class list.
    class: usize,
    /// One (scalar bits, vector element bits) pair per overload dimension.
    dims: Vec<(u16, u16)>,
    shader_model: (u8, u8),
    /// `None` for all stages, else `ShaderKind` variant identifiers.
    stages: Option<Vec<String>>,
    result: Param,
    operands: Vec<Param>,
    summary: String,
}

struct Class {
    name: String,
    ident: String,
    /// Indices into the (opcode-sorted) op list.
    ops: Vec<usize>,
}

struct OpTable {
    ops: Vec<Op>,
    classes: Vec<Class>,
    /// The overload letters used anywhere, as indices into `OVERLOAD_LETTERS`.
    letters_used: Vec<usize>,
    /// The `ShaderKind` bits of every stage.
    all_stages: u32,
    /// The `OpCodeTableID` enumerators that have ops, in value order.
    table_ids: Vec<(String, String, u32)>,
}

fn find_enum<'a>(enums: &'a [EnumDef], name: &str) -> Result<&'a EnumDef, String> {
    enums
        .iter()
        .find(|d| d.name == name)
        .ok_or_else(|| format!("the enum tables have no `{name}`, which the op table needs"))
}

/// The stage kinds of `ShaderKind`: every variant but `Invalid`, as
/// (lower-case name, identifier, value).
fn stage_kinds(enums: &[EnumDef]) -> Result<Vec<(String, String, u32)>, String> {
    let kinds = find_enum(enums, "ShaderKind")?;
    let stages: Vec<_> = kinds
        .variants()
        .filter(|e| e.name != "Invalid")
        .map(|e| (e.name.to_ascii_lowercase(), e.ident.clone(), e.value))
        .collect();
    if let Some((_, ident, value)) = stages.iter().find(|s| s.2 >= 32) {
        return Err(format!(
            "ShaderKind::{ident} = {value} does not fit a 32-bit stage mask"
        ));
    }
    Ok(stages)
}

fn parse_overloads(letters: &str) -> Result<Vec<(u16, u16)>, String> {
    if letters == "v" {
        return Ok(Vec::new());
    }
    let set = |s: &str| -> Result<u16, String> {
        let mut bits = 0;
        for c in s.chars() {
            let bit = OVERLOAD_LETTERS
                .iter()
                .position(|l| l.0 == c)
                .ok_or_else(|| format!("unknown overload letter `{c}` in `{letters}`"))?;
            bits |= 1 << bit;
        }
        Ok(bits)
    };
    letters
        .split(',')
        .map(|dim| {
            let (scalar, vector) = dim.split_once('<').unwrap_or((dim, ""));
            let (scalar, vector) = (set(scalar)?, set(vector)?);
            if scalar == 0 && vector == 0 {
                return Err(format!("empty overload group in `{letters}`"));
            }
            Ok((scalar, vector))
        })
        .collect()
}

fn parse_param(item: &str) -> Result<Param, String> {
    let (name, spelling) = item
        .split_once(':')
        .ok_or_else(|| format!("`{item}` is not `name:type`"))?;
    let kind = OPERAND_KINDS
        .iter()
        .position(|k| k.0 == spelling)
        .ok_or_else(|| {
            format!("unknown operand type `{spelling}` (add it to OPERAND_KINDS in {GENERATOR})")
        })?;
    if !is_identifier(name) {
        return Err(format!("operand name `{name}` is not an identifier"));
    }
    Ok(Param {
        name: name.to_string(),
        kind,
    })
}

fn parse_ops(text: &str, enums: &[EnumDef]) -> Result<OpTable, String> {
    let file = file_name(OPS_TSV);
    let header = [
        "opcode",
        "name",
        "class",
        "overloads",
        "min_shader_model",
        "stages",
        "result_and_operands",
        "summary",
    ];
    let table_ids = find_enum(enums, "OpCodeTableID")?;
    let stages = stage_kinds(enums)?;
    let mut ops = Vec::new();
    let mut numbers = HashSet::new();
    let mut names = HashSet::new();
    for row in parse_tsv(file, text, &header)? {
        let at = |msg: String| format!("{file}:{}: {msg}", row.line);
        let c = &row.cells;
        let number: u32 = c[0]
            .parse()
            .map_err(|_| at(format!("opcode `{}` is not a u32", c[0])))?;
        if !numbers.insert(number) {
            return Err(at(format!("opcode {number} is listed twice")));
        }
        if !table_ids.variants().any(|t| t.value == number >> 16) {
            return Err(at(format!("opcode {number} is in no OpCodeTableID table")));
        }
        let (name, class) = (c[1], c[2]);
        if !is_identifier(name) || !is_identifier(class) {
            return Err(at(format!("`{name}` / `{class}` is not an identifier")));
        }
        let ident = upper_camel(name);
        if !names.insert(ident.clone()) {
            return Err(at(format!("a second op named `{ident}`")));
        }
        let dims = parse_overloads(c[3]).map_err(at)?;
        let shader_model = c[4]
            .split_once('.')
            .and_then(|(major, minor)| Some((major.parse().ok()?, minor.parse().ok()?)))
            .ok_or_else(|| at(format!("shader model `{}` is not `major.minor`", c[4])))?;
        let stage_list = if c[5] == "all" {
            None
        } else {
            let mut list: Vec<String> = Vec::new();
            for token in c[5].split(',') {
                let (_, ident, _) = stages
                    .iter()
                    .find(|s| s.0 == token)
                    .ok_or_else(|| at(format!("unknown stage `{token}`")))?;
                if list.contains(ident) {
                    return Err(at(format!("stage `{token}` listed twice")));
                }
                list.push(ident.clone());
            }
            // A list of every stage is the same set as `all`.
            (list.len() < stages.len()).then_some(list)
        };
        let mut params = c[6]
            .split(';')
            .map(|p| parse_param(p.trim()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(at)?;
        if params.len() < 2
            || params[1].name != "opcode"
            || OPERAND_KINDS[params[1].kind].0 != "i32"
        {
            return Err(at("the first operand is not `opcode:i32`".to_string()));
        }
        let result = params.remove(0);
        let op = Op {
            number,
            name: name.to_string(),
            ident,
            class: usize::MAX,
            dims,
            shader_model,
            stages: stage_list,
            result,
            operands: params,
            summary: c[7].trim().to_string(),
        };
        ops.push((op, class));
    }
    ops.sort_by_key(|(op, _)| op.number);
    let mut classes: Vec<Class> = Vec::new();
    for (i, (op, class)) in ops.iter_mut().enumerate() {
        op.class = match classes.iter().position(|c| c.name == *class) {
            Some(index) => index,
            None => {
                let ident = upper_camel(class);
                if classes.iter().any(|c| c.ident == ident) {
                    return Err(format!("{file}: two classes become `{ident}`"));
                }
                classes.push(Class {
                    name: class.to_string(),
                    ident,
                    ops: Vec::new(),
                });
                classes.len() - 1
            }
        };
        classes[op.class].ops.push(i);
    }
    let ops: Vec<Op> = ops.into_iter().map(|(op, _)| op).collect();
    let used = ops
        .iter()
        .flat_map(|op| &op.dims)
        .fold(0u16, |acc, (s, v)| acc | s | v);
    let letters_used = (0..OVERLOAD_LETTERS.len())
        .filter(|i| used & (1 << i) != 0)
        .collect();
    let all_stages = stages.iter().fold(0, |bits, s| bits | 1 << s.2);
    let table_ids = table_ids
        .variants()
        .filter(|id| ops.iter().any(|op| op.number >> 16 == id.value))
        .map(|id| (id.name.clone(), id.ident.clone(), id.value))
        .collect();
    Ok(OpTable {
        ops,
        classes,
        letters_used,
        all_stages,
        table_ids,
    })
}

// ---------------------------------------------------------------------------
// Layout: the subset of rustfmt's default rules that the emitted shapes need.

const MAX_WIDTH: usize = 100;
/// `fn_call_width` and `array_width`: the widest one-line argument list.
const LIST_WIDTH: usize = 60;
/// `struct_lit_width`: the widest one-line struct literal body.
const STRUCT_LIT_WIDTH: usize = 18;

/// An expression as far as layout is concerned.
enum Layout {
    /// Never broken.
    Atom(String),
    /// `head(items)` (`open` = `(`) or `head[items]` (`open` = `[`).
    List {
        head: String,
        open: char,
        items: Vec<Layout>,
    },
    /// `head { name: value, ... }`.
    Struct {
        head: String,
        fields: Vec<(String, Layout)>,
    },
}

fn atom(s: impl Into<String>) -> Layout {
    Layout::Atom(s.into())
}

fn call(head: &str, items: Vec<Layout>) -> Layout {
    Layout::List {
        head: head.to_string(),
        open: '(',
        items,
    }
}

fn array(head: &str, items: Vec<Layout>) -> Layout {
    Layout::List {
        head: head.to_string(),
        open: '[',
        items,
    }
}

fn closing(open: char) -> char {
    if open == '(' {
        ')'
    } else {
        ']'
    }
}

impl Layout {
    /// The one-line form, if rustfmt would allow one.
    fn one_line(&self) -> Option<String> {
        match self {
            Layout::Atom(s) => Some(s.clone()),
            Layout::List { head, open, items } => {
                let parts = items
                    .iter()
                    .map(Layout::one_line)
                    .collect::<Option<Vec<_>>>()?;
                let body = parts.join(", ");
                (body.len() <= LIST_WIDTH).then(|| format!("{head}{open}{body}{}", closing(*open)))
            }
            Layout::Struct { head, fields } => {
                let parts = fields
                    .iter()
                    .map(|(n, v)| Some(format!("{n}: {}", v.one_line()?)))
                    .collect::<Option<Vec<_>>>()?;
                let body = parts.join(", ");
                (body.len() <= STRUCT_LIT_WIDTH).then(|| format!("{head} {{ {body} }}"))
            }
        }
    }

    /// Lays the expression out starting at column `col` of a line indented
    /// by `indent`, with `tail` characters following it on its last line.
    fn render(&self, indent: usize, col: usize, tail: usize) -> String {
        if let Some(line) = self.one_line() {
            if col + line.len() + tail <= MAX_WIDTH {
                return line;
            }
        }
        self.render_broken(indent)
    }

    /// Like [`Layout::render`], without trying the one-line form (so widths
    /// do not matter but for the items, which may still fit one line).
    fn render_broken(&self, indent: usize) -> String {
        let pad = " ".repeat(indent);
        let inner = " ".repeat(indent + 4);
        match self {
            Layout::Atom(s) => s.clone(),
            Layout::List { head, open, items } => {
                let close = closing(*open);
                match items.as_slice() {
                    // rustfmt "overflows" a lone call, array or struct
                    // argument: `f(&[` ... `])`.
                    [only @ (Layout::List { .. } | Layout::Struct { .. })] => {
                        format!("{head}{open}{}{close}", only.render_broken(indent))
                    }
                    _ => {
                        let mut s = format!("{head}{open}\n");
                        for item in items {
                            let text = item.render(indent + 4, indent + 4, 1);
                            let _ = writeln!(s, "{inner}{text},");
                        }
                        let _ = write!(s, "{pad}{close}");
                        s
                    }
                }
            }
            Layout::Struct { head, fields } => {
                let mut s = format!("{head} {{\n");
                for (name, value) in fields {
                    let text = value.render(indent + 4, indent + 4 + name.len() + 2, 1);
                    let _ = writeln!(s, "{inner}{name}: {text},");
                }
                let _ = write!(s, "{pad}}}");
                s
            }
        }
    }
}

/// One match arm, `pat => body,`, or rustfmt's block form when too wide.
fn arm(out: &mut String, indent: usize, pat: &str, body: &str) {
    let pad = " ".repeat(indent);
    let width = indent + pat.len() + " => ".len() + body.len() + ",".len();
    if width <= MAX_WIDTH {
        let _ = writeln!(out, "{pad}{pat} => {body},");
    } else {
        let _ = writeln!(out, "{pad}{pat} => {{\n{pad}    {body}\n{pad}}}");
    }
}

// ---------------------------------------------------------------------------
// Emission helpers.

/// Escapes Markdown outside `code spans` so that table text renders as
/// written and is never read as a link, tag or emphasis.
fn doc_text(text: &str) -> String {
    let chars: Vec<char> = text.trim().chars().collect();
    // Backticks make code spans only when they pair up.
    let code_spans = chars.iter().filter(|&&c| c == '`').count() % 2 == 0;
    let is_word = |i: Option<usize>| {
        i.and_then(|i| chars.get(i))
            .is_some_and(|c| c.is_alphanumeric())
    };
    let mut out = String::new();
    let mut in_code = false;
    for (i, &c) in chars.iter().enumerate() {
        if c == '`' && code_spans {
            in_code = !in_code;
        } else if !in_code {
            let escape = match c {
                '\\' | '[' | ']' | '<' | '>' | '*' | '`' => true,
                // Inside a word (`SV_GroupID`) an underscore is never emphasis.
                '_' => !(is_word(i.checked_sub(1)) && is_word(Some(i + 1))),
                '#' | '-' | '+' => i == 0,
                _ => false,
            };
            if escape {
                out.push('\\');
            }
        }
        out.push(c);
    }
    out
}

fn doc(out: &mut String, indent: usize, text: &str) {
    let pad = " ".repeat(indent);
    for line in text.lines() {
        if line.is_empty() {
            let _ = writeln!(out, "{pad}///");
        } else {
            let _ = writeln!(out, "{pad}/// {line}");
        }
    }
}

fn header(out: &mut String, sources: &[&'static str]) {
    let names: Vec<&str> = sources.iter().map(|s| file_name(s)).collect();
    let _ = writeln!(
        out,
        "// @generated by {GENERATOR} from {}. DO NOT EDIT.",
        names.join(" and ")
    );
    let _ = writeln!(out, "// To regenerate, run: {RERUN}");
    out.push('\n');
}

/// A value as a literal: decimal, or grouped hex above 16 bits.
fn literal(value: u32) -> String {
    if value > 0xFFFF {
        hex(value)
    } else {
        value.to_string()
    }
}

// ---------------------------------------------------------------------------
// autogen_enums.rs

fn emit_enums(enums: &[EnumDef]) -> String {
    let mut out = String::new();
    header(&mut out, &[CONSTANTS_TSV, OP_ENUMS_TSV]);
    out.push_str(
        "//! DXIL enumerations: the constants of metadata and of dx.op immediate operands.\n\
         //!\n\
         //! Every enum has `from_u32` (the enumerator with a value) and `name` (DXC's\n\
         //! spelling). Where DXC gives two names one value, the first is the variant and\n\
         //! the others are associated constants of the same value.\n",
    );
    for def in enums {
        let _ = writeln!(out);
        emit_enum(&mut out, def);
    }
    out
}

fn emit_enum(out: &mut String, def: &EnumDef) {
    let ty = &def.ident;
    let sources: Vec<String> = def.sources.iter().map(|s| format!("`{s}`")).collect();
    doc(
        out,
        0,
        &format!("DXIL `{}`, from {}.", def.name, sources.join(" and ")),
    );
    let _ = writeln!(
        out,
        "#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]"
    );
    let _ = writeln!(out, "#[repr(u32)]");
    let _ = writeln!(out, "pub enum {ty} {{");
    for e in def.variants() {
        doc(out, 4, &format!("`{}` = {}.", e.name, e.value));
        let _ = writeln!(out, "    {} = {},", e.ident, literal(e.value));
    }
    let _ = writeln!(out, "}}\n");
    let _ = writeln!(out, "impl {ty} {{");
    for e in &def.items {
        let Some(primary) = e.alias_of.map(|i| &def.items[i]) else {
            continue;
        };
        doc(
            out,
            4,
            &format!(
                "`{}` = {}: the same value as [`{ty}::{}`].",
                e.name, e.value, primary.ident
            ),
        );
        let _ = writeln!(
            out,
            "    // An alias keeps DXC's spelling, like the variants do.\n    \
             #[allow(non_upper_case_globals)]\n    \
             pub const {}: {ty} = {ty}::{};\n",
            e.ident, primary.ident
        );
    }
    let _ = writeln!(
        out,
        "    /// The enumerator whose value is `value`, if there is one."
    );
    let _ = writeln!(
        out,
        "    pub const fn from_u32(value: u32) -> Option<{ty}> {{"
    );
    let _ = writeln!(out, "        match value {{");
    for e in def.variants() {
        arm(
            out,
            12,
            &literal(e.value),
            &format!("Some({ty}::{})", e.ident),
        );
    }
    let _ = writeln!(out, "            _ => None,");
    let _ = writeln!(out, "        }}\n    }}\n");
    let _ = writeln!(out, "    /// DXC's name of the enumerator.");
    let _ = writeln!(out, "    pub const fn name(self) -> &'static str {{");
    let _ = writeln!(out, "        match self {{");
    for e in def.variants() {
        arm(
            out,
            12,
            &format!("{ty}::{}", e.ident),
            &format!("{:?}", e.name),
        );
    }
    let _ = writeln!(out, "        }}\n    }}\n}}");
}

// ---------------------------------------------------------------------------
// autogen_ops.rs

/// `autogen_ops.rs` after its header; each `@NAME@` line or word is filled in
/// by [`emit_ops`].
const OPS_TEMPLATE: &str = r#"//! The dx.op table: every DXIL operation with its opcode, class, overloads,
//! minimum shader model, stages and call signature.

use std::fmt;

use super::autogen_enums::ShaderKind;

/// A DXIL operation: the constant first argument of every `call @dx.op.*`.
///
/// The discriminant is the opcode. Core operations count from 0; experimental
/// ones from `0x8000_0000` (table id `OpCodeTableID::ExperimentalOps` in the
/// high 16 bits). Match on it exhaustively to know, at compile time, which
/// operations a pass does not handle yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum OpCode {
@OPCODE_VARIANTS@
}

impl OpCode {
    /// How many operations there are.
    pub const COUNT: usize = @COUNT@;

    /// The operation with opcode `value`, or `None` where no operation has it.
    ///
    /// O(1): the table id (high 16 bits) picks a dense table that the low 16
    /// bits index.
    #[inline]
    pub fn from_u32(value: u32) -> Option<OpCode> {
        row(value).map(|row| row.opcode)
    }

    /// Every operation, in opcode order.
    pub fn all() -> impl Iterator<Item = OpCode> {
        TABLES
            .iter()
            .flat_map(|table| table.iter().flatten())
            .map(|row| row.opcode)
    }

    /// The table's name of the operation, e.g. `"Round_ne"`.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The operation's class.
    pub fn class(self) -> OpClass {
        self.row().class
    }

    /// The first shader model with the operation, as (major, minor).
    pub fn min_shader_model(self) -> (u8, u8) {
        self.row().min_shader_model
    }

    /// The shader stages that may use the operation.
    pub fn stages(self) -> ShaderStages {
        self.row().stages
    }

    /// The overload types over all overload dimensions, with
    /// [`Overloads::VECTOR`] where vector forms exist; empty for an operation
    /// without an overload.
    pub fn overloads(self) -> Overloads {
        let mut all = Overloads::NONE;
        for dim in self.overload_dims() {
            all = all.union(dim.scalar).union(dim.vector);
            if !dim.vector.is_empty() {
                all = all.union(Overloads::VECTOR);
            }
        }
        all
    }

    /// The overload dimensions, exactly as the table gives them.
    pub fn overload_dims(self) -> &'static [OverloadDim] {
        self.row().overloads
    }

    /// The result and operands of a call.
    pub fn signature(self) -> &'static OpSignature {
        &self.row().signature
    }

    fn row(self) -> &'static OpRow {
        // The enum and the tables are generated from the same rows, so every
        // opcode has its row (tests/autogen.rs checks each one): `NO_ROW`
        // only keeps the lookup free of a panic path.
        row(self as u32).unwrap_or(&NO_ROW)
    }
}

impl fmt::Display for OpCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The class of a DXIL operation. The operations of a class share the shape of
/// their signature and one `dx.op.*` function per overload.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpClass {
@CLASS_VARIANTS@
}

impl OpClass {
    /// The table's name of the class, e.g. `"RayQuery_StateScalar"`.
    pub const fn name(self) -> &'static str {
        match self {
@CLASS_NAMES@
        }
    }
}

/// A set of overload types: which types a `dx.op` function is instantiated for.
///
/// [`OpCode::overloads`] is the union over all of an operation's overload
/// dimensions, with [`Overloads::VECTOR`] set where vector forms exist;
/// [`OpCode::overload_dims`] tells scalar and vector forms apart.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Overloads(u16);

impl Overloads {
    /// No overload type.
    pub const NONE: Overloads = Overloads(0);
@LETTER_CONSTS@
    /// Vector forms exist (only in the union of [`OpCode::overloads`]).
    pub const VECTOR: Overloads = Overloads(1 << @VECTOR_BIT@);

    const NAMES: [(Overloads, &'static str); @NAME_COUNT@] = [
@LETTER_NAMES@
        (Overloads::VECTOR, "VECTOR"),
    ];

    /// The raw bits.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether no type is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every type of `other` is in the set.
    pub const fn contains(self, other: Overloads) -> bool {
        self.0 & other.0 == other.0
    }

    /// The types in either set.
    pub const fn union(self, other: Overloads) -> Overloads {
        Overloads(self.0 | other.0)
    }
}

impl std::ops::BitOr for Overloads {
    type Output = Overloads;

    fn bitor(self, other: Overloads) -> Overloads {
        self.union(other)
    }
}

impl fmt::Debug for Overloads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut names = Overloads::NAMES.iter().filter(|(o, _)| self.contains(*o));
        match names.next() {
            None => f.write_str("Overloads(NONE)"),
            Some((_, first)) => {
                write!(f, "Overloads({first}")?;
                names.try_for_each(|(_, name)| write!(f, " | {name}"))?;
                f.write_str(")")
            }
        }
    }
}

/// One overload dimension of an operation: the types its overload may take.
///
/// Most operations have one dimension; some experimental ones have several
/// (one per `$x<N>` type in their signature); operations without an overload
/// (the table's `v`) have none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OverloadDim {
    /// The types allowed as scalars.
    pub scalar: Overloads,
    /// The element types allowed in vectors (never [`Overloads::VECTOR`]).
    pub vector: Overloads,
}

/// A set of shader stages: bit `n` is the [`ShaderKind`] of value `n`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ShaderStages(u32);

impl ShaderStages {
    /// No stage.
    pub const NONE: ShaderStages = ShaderStages(0);
    /// Every stage: each [`ShaderKind`] but `Invalid`.
    pub const ALL: ShaderStages = ShaderStages(@ALL_STAGES@);

    /// The set of `kinds` (`Invalid` is ignored).
    pub const fn from_kinds(kinds: &[ShaderKind]) -> ShaderStages {
        let mut bits = 0;
        let mut rest = kinds;
        while let [kind, tail @ ..] = rest {
            bits |= 1 << *kind as u32;
            rest = tail;
        }
        ShaderStages(bits & ShaderStages::ALL.0)
    }

    /// The raw bits.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether `kind` is in the set.
    pub const fn contains(self, kind: ShaderKind) -> bool {
        (kind as u32) < 32 && self.0 & (1 << kind as u32) != 0
    }

    /// The kinds in the set, in value order.
    pub fn kinds(self) -> impl Iterator<Item = ShaderKind> {
        (0..32)
            .filter_map(ShaderKind::from_u32)
            .filter(move |k| self.contains(*k))
    }
}

impl fmt::Debug for ShaderStages {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.kinds()).finish()
    }
}

/// The type of an operand or result of a `dx.op` call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperandKind {
@OPERAND_VARIANTS@
}

impl OperandKind {
    /// The table's spelling, e.g. `"i32"` or `"$o"`.
    pub const fn spelling(self) -> &'static str {
        match self {
@OPERAND_SPELLINGS@
        }
    }
}

/// A named operand or result of a `dx.op` call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpParam {
    /// The table's name for it, e.g. `"opcode"` or `"handle"`.
    pub name: &'static str,
    /// Its type.
    pub kind: OperandKind,
}

impl OpParam {
    /// A parameter named `name` of type `kind`.
    pub const fn new(name: &'static str, kind: OperandKind) -> OpParam {
        OpParam { name, kind }
    }
}

/// The result and operands of a `dx.op` call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpSignature {
    /// The result ([`OperandKind::Void`] for none).
    pub result: OpParam,
    /// Every call argument in order, starting with the `i32` opcode.
    pub operands: &'static [OpParam],
}

impl OpSignature {
    /// How many arguments a call has, the opcode included.
    pub const fn arity(&self) -> usize {
        self.operands.len()
    }
}

/// Everything the table says about one operation.
struct OpRow {
    opcode: OpCode,
    name: &'static str,
    class: OpClass,
    overloads: &'static [OverloadDim],
    min_shader_model: (u8, u8),
    stages: ShaderStages,
    signature: OpSignature,
}

/// Stands in for a missing row in `OpCode::row`; never returned, since the
/// enum and the tables come from the same rows.
static NO_ROW: OpRow = OpRow {
    opcode: OpCode::@FIRST_OPCODE@,
    name: "",
    class: OpClass::@FIRST_CLASS@,
    overloads: &[],
    min_shader_model: (0, 0),
    stages: ShaderStages::NONE,
    signature: OpSignature {
        result: OpParam::new("result", OperandKind::Void),
        operands: &[],
    },
};

/// A row's overload dimension, from overload bits.
const fn dim(scalar: u16, vector: u16) -> OverloadDim {
    OverloadDim {
        scalar: Overloads(scalar),
        vector: Overloads(vector),
    }
}

// Shorthands for the overload bits, to keep the rows short.
@SHORTHANDS@

/// The dense tables, in table id order.
static TABLES: [&[Option<OpRow>]; @TABLE_COUNT@] = @TABLE_LIST@;

/// The row of opcode `value`: the table of its table id, at its index.
#[inline]
fn row(value: u32) -> Option<&'static OpRow> {
    let table: &[Option<OpRow>] = match value >> 16 {
@TABLE_ARMS@
        _ => return None,
    };
    table.get((value & 0xFFFF) as usize)?.as_ref()
}
@TABLES@"#;

fn hex(value: u32) -> String {
    if value > 0xFFFF {
        format!("0x{:04X}_{:04X}", value >> 16, value & 0xFFFF)
    } else {
        format!("0x{value:04X}")
    }
}

/// `CoreOps` → `CORE_OPS`.
fn screaming(ident: &str) -> String {
    let mut s = String::new();
    for (i, c) in ident.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            s.push('_');
        }
        s.push(c.to_ascii_uppercase());
    }
    s
}

/// Overload bits as an expression of the shorthands: `H | F`, or `0`.
fn overload_bits(bits: u16) -> String {
    let names: Vec<&str> = (0..OVERLOAD_LETTERS.len())
        .filter(|i| bits & (1 << i) != 0)
        .map(|i| OVERLOAD_LETTERS[i].2)
        .collect();
    if names.is_empty() {
        "0".to_string()
    } else {
        names.join(" | ")
    }
}

fn op_row(op: &Op, class: &Class) -> Layout {
    let stages = match &op.stages {
        None => atom("ShaderStages::ALL"),
        Some(kinds) => call(
            "ShaderStages::from_kinds",
            vec![array(
                "&",
                kinds
                    .iter()
                    .map(|k| atom(format!("ShaderKind::{k}")))
                    .collect(),
            )],
        ),
    };
    let dims = op
        .dims
        .iter()
        .map(|&(s, v)| call("dim", vec![atom(overload_bits(s)), atom(overload_bits(v))]))
        .collect();
    let param = |p: &Param| {
        let kind = format!("OperandKind::{}", OPERAND_KINDS[p.kind].1);
        call(
            "OpParam::new",
            vec![atom(format!("{:?}", p.name)), atom(kind)],
        )
    };
    let signature = Layout::Struct {
        head: "OpSignature".to_string(),
        fields: vec![
            ("result".to_string(), param(&op.result)),
            (
                "operands".to_string(),
                array("&", op.operands.iter().map(param).collect()),
            ),
        ],
    };
    let (major, minor) = op.shader_model;
    let fields = vec![
        ("opcode", atom(format!("OpCode::{}", op.ident))),
        ("name", atom(format!("{:?}", op.name))),
        ("class", atom(format!("OpClass::{}", class.ident))),
        ("overloads", array("&", dims)),
        ("min_shader_model", atom(format!("({major}, {minor})"))),
        ("stages", stages),
        ("signature", signature),
    ];
    let fields = fields
        .into_iter()
        .map(|(n, v)| (n.to_string(), v))
        .collect();
    call(
        "Some",
        vec![Layout::Struct {
            head: "OpRow".to_string(),
            fields,
        }],
    )
}

fn emit_ops(table: &OpTable) -> String {
    let ops = &table.ops;

    let mut opcode_variants = String::new();
    for op in ops {
        let class = &table.classes[op.class];
        let summary = if op.summary.is_empty() {
            format!("`{}`.", op.name)
        } else {
            doc_text(&op.summary)
        };
        let (major, minor) = op.shader_model;
        let number = literal(op.number);
        let text = format!(
            "{summary}\n\nOpcode {number}; class [`OpClass::{}`]; shader model {major}.{minor}.",
            class.ident
        );
        doc(&mut opcode_variants, 4, &text);
        let _ = writeln!(opcode_variants, "    {} = {number},", op.ident);
    }

    let mut class_variants = String::new();
    let mut class_names = String::new();
    for class in &table.classes {
        let links: Vec<String> = class
            .ops
            .iter()
            .map(|&i| format!("[`OpCode::{}`]", ops[i].ident))
            .collect();
        let text = match links.as_slice() {
            [only] => format!("`{}`: {only}.", class.name),
            _ => format!("`{}`:\n- {}", class.name, links.join("\n- ")),
        };
        doc(&mut class_variants, 4, &text);
        let _ = writeln!(class_variants, "    {},", class.ident);
        arm(
            &mut class_names,
            12,
            &format!("OpClass::{}", class.ident),
            &format!("{:?}", class.name),
        );
    }

    let mut letter_consts = String::new();
    let mut letter_names = String::new();
    for (i, (letter, name, _, text)) in OVERLOAD_LETTERS.iter().enumerate() {
        let _ = writeln!(letter_consts, "    /// {text} Letter `{letter}`.");
        let _ = writeln!(
            letter_consts,
            "    pub const {name}: Overloads = Overloads(1 << {i});"
        );
        let _ = writeln!(letter_names, "        (Overloads::{name}, {name:?}),");
    }

    let mut operand_variants = String::new();
    let mut operand_spellings = String::new();
    for (spelling, variant, text) in OPERAND_KINDS {
        let _ = writeln!(operand_variants, "    /// {text} Spelled `{spelling}`.");
        let _ = writeln!(operand_variants, "    {variant},");
        arm(
            &mut operand_spellings,
            12,
            &format!("OperandKind::{variant}"),
            &format!("{spelling:?}"),
        );
    }

    let mut shorthands = String::new();
    for &i in &table.letters_used {
        let (_, name, short, _) = OVERLOAD_LETTERS[i];
        let _ = writeln!(shorthands, "const {short}: u16 = Overloads::{name}.0;");
    }

    // One dense table per table id.
    let mut table_names = Vec::new();
    let mut table_arms = String::new();
    let mut tables = String::new();
    for (id_name, id_ident, id) in &table.table_ids {
        let rows: Vec<&Op> = ops.iter().filter(|op| op.number >> 16 == *id).collect();
        let len = rows
            .last()
            .map_or(0, |last| (last.number & 0xFFFF) as usize + 1);
        let mut items: Vec<Layout> = (0..len).map(|_| atom("None")).collect();
        for op in &rows {
            items[(op.number & 0xFFFF) as usize] = op_row(op, &table.classes[op.class]);
        }
        let name = screaming(id_ident);
        let _ = writeln!(table_arms, "        {} => &{name},", hex(*id));
        let _ = writeln!(tables);
        let text = format!(
            "The rows of table id `{id_name}` ({}), indexed by the low 16 bits of the opcode.",
            hex(*id)
        );
        doc(&mut tables, 0, &text);
        let head = format!("static {name}: [Option<OpRow>; {len}] = ");
        let _ = writeln!(
            tables,
            "{head}{};",
            array("", items).render(0, head.len(), 1)
        );
        table_names.push(atom(format!("&{name}")));
    }
    let first = ops.first();
    let first_opcode = first.map_or("", |op| op.ident.as_str());
    let first_class = first.map_or("", |op| table.classes[op.class].ident.as_str());
    let table_count = table_names.len().to_string();
    let list_col = "static TABLES: [&[Option<OpRow>]; ] = ".len() + table_count.len();
    let table_list = array("", table_names).render(0, list_col, 1);

    let mut out = String::new();
    header(&mut out, &[OPS_TSV]);
    out.push_str(
        &OPS_TEMPLATE
            .replace("@OPCODE_VARIANTS@\n", &opcode_variants)
            .replace("@COUNT@", &ops.len().to_string())
            .replace("@CLASS_VARIANTS@\n", &class_variants)
            .replace("@CLASS_NAMES@\n", &class_names)
            .replace("@LETTER_CONSTS@\n", &letter_consts)
            .replace("@VECTOR_BIT@", &OVERLOAD_LETTERS.len().to_string())
            .replace("@NAME_COUNT@", &(OVERLOAD_LETTERS.len() + 1).to_string())
            .replace("@LETTER_NAMES@\n", &letter_names)
            .replace("@ALL_STAGES@", &hex(table.all_stages))
            .replace("@OPERAND_VARIANTS@\n", &operand_variants)
            .replace("@OPERAND_SPELLINGS@\n", &operand_spellings)
            .replace("@SHORTHANDS@\n", &shorthands)
            .replace("@TABLE_COUNT@", &table_count)
            .replace("@TABLE_LIST@", &table_list)
            .replace("@TABLE_ARMS@\n", &table_arms)
            .replace("@FIRST_OPCODE@", first_opcode)
            .replace("@FIRST_CLASS@", first_class)
            .replace("@TABLES@", &tables),
    );
    out
}

// ---------------------------------------------------------------------------
// autogen_operands.rs

/// How a field of an operand struct is read.
#[derive(Clone, PartialEq)]
enum FieldKind {
    /// One value (`ValueId`).
    Value,
    /// A run of numbered values (`coord0`..`coord3`): `[ValueId; n]`.
    Values(usize),
    /// A constant integer: `u32`.
    Int,
    /// A constant of a generated enum (its identifier).
    Enum(String),
}

/// A field of an operand struct.
#[derive(Clone, PartialEq)]
struct Field {
    ident: String,
    kind: FieldKind,
    /// The table's names of its operands and their type spelling.
    names: Vec<String>,
    spelling: &'static str,
}

/// One operand struct: the ops of a class with the same fields.
struct Group {
    ident: String,
    fields: Vec<Field>,
    /// Indices into the op list.
    ops: Vec<usize>,
}

/// Rust keywords, which a field may not be named.
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "if", "impl", "in",
    "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// `(op name, operand name)` to how the constant is decoded.
type Immediates = HashMap<(String, String), FieldKind>;

fn parse_immediates(text: &str, table: &OpTable, enums: &[EnumDef]) -> Result<Immediates, String> {
    let file = file_name(IMMEDIATES_TSV);
    let mut out = HashMap::new();
    for row in parse_tsv(file, text, &["op", "operand", "decode"])? {
        let at = |msg: String| format!("{file}:{}: {msg}", row.line);
        let (op, operand, decode) = (row.cells[0], row.cells[1], row.cells[2]);
        let known = table.ops.iter().find(|o| o.name == op);
        let known = known.ok_or_else(|| at(format!("no op `{op}` in dxil-ops.tsv")))?;
        if !known.operands.iter().any(|p| p.name == operand) {
            return Err(at(format!("op `{op}` has no operand `{operand}`")));
        }
        let kind = if decode == "u32" {
            FieldKind::Int
        } else {
            FieldKind::Enum(find_enum(enums, decode).map_err(at)?.ident.clone())
        };
        if out
            .insert((op.to_string(), operand.to_string()), kind)
            .is_some()
        {
            return Err(at(format!("`{op}` `{operand}` is listed twice")));
        }
    }
    Ok(out)
}

/// An operand name as (base, index) when it is one of a numbered run:
/// `coord2` → (`coord`, 2), `Origin_Y` and `offsetY` → (.., 1), `az` → (`a`, 2).
fn split_index(name: &str) -> Option<(&str, usize)> {
    let last = name.chars().last()?;
    if last.is_ascii_digit() {
        let base = name.trim_end_matches(|c: char| c.is_ascii_digit());
        let index = name[base.len()..].parse().ok()?;
        return (!base.is_empty()).then_some((base, index));
    }
    let axis = "XYZW".find(last.to_ascii_uppercase())?;
    let base = &name[..name.len() - 1];
    if let Some(base) = base.strip_suffix('_') {
        return Some((base, axis));
    }
    let prev = base.chars().last()?;
    let camel = last.is_ascii_uppercase() && prev.is_ascii_lowercase();
    let short = last.is_ascii_lowercase() && base.len() == 1;
    (camel || short).then_some((base, axis))
}

/// A table name as a Rust field name: `rayQueryHandle` → `ray_query_handle`,
/// `THit` → `t_hit`, `VertexID` → `vertex_id`, `LOD` → `lod`.
fn snake(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c == '_' {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            continue;
        }
        if c.is_ascii_uppercase() && i > 0 {
            let prev = chars[i - 1];
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            let joint = prev.is_ascii_lowercase()
                || prev.is_ascii_digit()
                || (prev.is_ascii_uppercase() && next_lower);
            if joint && !out.ends_with('_') {
                out.push('_');
            }
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The fields of an op: its operands after the opcode, runs of numbered
/// operands as arrays, immediates decoded.
fn op_fields(op: &Op, immediates: &Immediates) -> Result<Vec<Field>, String> {
    let params = op.operands.get(1..).unwrap_or_default();
    let mut fields: Vec<Field> = Vec::new();
    let mut i = 0;
    while i < params.len() {
        let p = &params[i];
        let spelling = OPERAND_KINDS[p.kind].0;
        let immediate = immediates.get(&(op.name.clone(), p.name.clone()));
        let mut len = 1;
        let mut ident = snake(&p.name);
        if let (None, Some((base, 0))) = (immediate, split_index(&p.name)) {
            while params
                .get(i + len)
                .is_some_and(|q| q.kind == p.kind && split_index(&q.name) == Some((base, len)))
            {
                len += 1;
            }
            ident = snake(base);
        }
        let kind = match (immediate, len) {
            (Some(kind), _) => kind.clone(),
            (None, 1) => FieldKind::Value,
            (None, n) => FieldKind::Values(n),
        };
        if KEYWORDS.contains(&ident.as_str()) || fields.iter().any(|f| f.ident == ident) {
            return Err(format!(
                "{}: operand `{}` becomes the field `{ident}`, which is taken",
                op.name, p.name
            ));
        }
        fields.push(Field {
            ident,
            kind,
            names: params[i..i + len].iter().map(|q| q.name.clone()).collect(),
            spelling,
        });
        i += len;
    }
    Ok(fields)
}

/// One struct per distinct field list of a class, named after the class
/// (its first list) or after its first op (any other list). Ops without
/// operands get no struct.
fn operand_groups(table: &OpTable, immediates: &Immediates) -> Result<Vec<Group>, String> {
    let mut groups: Vec<(usize, Group)> = Vec::new();
    for (i, op) in table.ops.iter().enumerate() {
        let fields = op_fields(op, immediates)?;
        if fields.is_empty() {
            continue;
        }
        let same = |(class, g): &&mut (usize, Group)| *class == op.class && g.fields == fields;
        if let Some((_, g)) = groups.iter_mut().find(same) {
            g.ops.push(i);
            continue;
        }
        let first_of_class = !groups.iter().any(|(class, _)| *class == op.class);
        let ident = if first_of_class {
            table.classes[op.class].ident.clone()
        } else {
            op.ident.clone()
        };
        groups.push((
            op.class,
            Group {
                ident,
                fields,
                ops: vec![i],
            },
        ));
    }
    let groups: Vec<Group> = groups.into_iter().map(|(_, g)| g).collect();
    // Struct and alias names share one namespace with the imports.
    let mut names: HashSet<String> = ["DxOp", "DxOpCall", "Module", "OpCode", "Reader", "Result"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for g in &groups {
        for f in &g.fields {
            if let FieldKind::Enum(e) = &f.kind {
                names.insert(e.clone());
            }
        }
    }
    for g in &groups {
        if !names.insert(g.ident.clone()) {
            return Err(format!("the operand struct `{}` is named twice", g.ident));
        }
    }
    for g in &groups {
        for &i in &g.ops {
            let ident = &table.ops[i].ident;
            if *ident != g.ident && !names.insert(ident.clone()) {
                return Err(format!("the operand alias `{ident}` is taken"));
            }
        }
    }
    Ok(groups)
}

const OPERANDS_HEAD: &str = r#"//! The operands of every dx.op call, by name: [`DxOp::decode`] reads a call
//! once into one variant per [`OpCode`].
//!
//! The ops of a class that take the same operands share one struct, named
//! after the class (or after the first op of a second operand list), and
//! every op has a type alias of its own name. Numbered operands (`coord0` to
//! `coord3`, `Origin_X` to `Origin_Z`) are arrays; the operands that DXIL
//! requires to be constants (`dxil-op-immediates.tsv`) are decoded into
//! their enums or integers.

"#;

fn field_doc(f: &Field) -> String {
    let names = match f.names.as_slice() {
        [one] => format!("`{one}`"),
        [first, .., last] => format!("`{first}` to `{last}`"),
        [] => String::new(),
    };
    match &f.kind {
        FieldKind::Value | FieldKind::Values(_) => format!("{names} (`{}`).", f.spelling),
        FieldKind::Int => format!("{names} (`{}`), a constant.", f.spelling),
        FieldKind::Enum(e) => format!("{names} (`{}`), a constant [`{e}`].", f.spelling),
    }
}

fn field_type(f: &Field) -> String {
    match &f.kind {
        FieldKind::Value => "ValueId".to_string(),
        FieldKind::Values(n) => format!("[ValueId; {n}]"),
        FieldKind::Int => "u32".to_string(),
        FieldKind::Enum(e) => e.clone(),
    }
}

fn field_read(f: &Field) -> String {
    match &f.kind {
        FieldKind::Value => "r.value()?".to_string(),
        FieldKind::Values(_) => "r.values()?".to_string(),
        FieldKind::Int => "r.int()?".to_string(),
        FieldKind::Enum(e) => format!("r.imm({e}::from_u32)?"),
    }
}

/// One match arm whose body is the call `head(arg)`, in rustfmt's layout:
/// one line, else the body on a line of its own in a block, else the call
/// broken after `head(`.
fn arm_call(out: &mut String, indent: usize, pat: &str, head: &str, arg: &str) {
    let pad = " ".repeat(indent);
    let body = format!("{head}({arg})");
    if indent + pat.len() + " => ".len() + body.len() + ",".len() <= MAX_WIDTH {
        let _ = writeln!(out, "{pad}{pat} => {body},");
    } else if indent + 4 + body.len() <= MAX_WIDTH {
        let _ = writeln!(out, "{pad}{pat} => {{\n{pad}    {body}\n{pad}}}");
    } else if indent + pat.len() + " => ".len() + head.len() + "(".len() <= MAX_WIDTH {
        let _ = writeln!(out, "{pad}{pat} => {head}(\n{pad}    {arg},\n{pad}),");
    } else {
        let _ = writeln!(
            out,
            "{pad}{pat} => {{\n{pad}    {head}(\n{pad}        {arg},\n{pad}    )\n{pad}}}"
        );
    }
}

/// `use path::{a, b};` in rustfmt's layout: one line, or the names
/// filling indented lines.
fn use_list(path: &str, names: &[&str]) -> String {
    let line = format!("use {path}::{{{}}};", names.join(", "));
    if line.len() <= MAX_WIDTH {
        return line;
    }
    let mut out = format!("use {path}::{{\n");
    let mut current = String::new();
    for name in names {
        let item = format!("{name},");
        if !current.is_empty() && 4 + current.len() + 1 + item.len() > MAX_WIDTH {
            let _ = writeln!(out, "    {current}");
            current.clear();
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(&item);
    }
    let _ = write!(out, "    {current}\n}};");
    out
}

fn emit_operands(table: &OpTable, groups: &[Group]) -> String {
    let ops = &table.ops;
    let mut out = String::new();
    header(&mut out, &[OPS_TSV, IMMEDIATES_TSV]);
    out.push_str(OPERANDS_HEAD);
    let mut enums: Vec<&str> = groups
        .iter()
        .flat_map(|g| &g.fields)
        .filter_map(|f| match &f.kind {
            FieldKind::Enum(e) => Some(e.as_str()),
            _ => None,
        })
        .collect();
    enums.sort_unstable();
    enums.dedup();
    let _ = writeln!(out, "{}", use_list("super::autogen_enums", &enums));
    out.push_str(
        "use super::autogen_ops::OpCode;\n\
         use super::dx_op::DxOpCall;\n\
         use super::operand_reader::Reader;\n\
         use crate::error::Result;\n\
         use crate::ir::{Module, ValueId};\n",
    );
    let mut group_of = vec![None; ops.len()];
    for g in groups {
        let links: Vec<String> = g
            .ops
            .iter()
            .map(|&i| format!("[`OpCode::{}`]", ops[i].ident))
            .collect();
        let _ = writeln!(out);
        doc(
            &mut out,
            0,
            &format!("The operands of {}.", links.join(", ")),
        );
        let _ = writeln!(out, "#[derive(Clone, Copy, Debug, PartialEq, Eq)]");
        let _ = writeln!(out, "pub struct {} {{", g.ident);
        for f in &g.fields {
            doc(&mut out, 4, &field_doc(f));
            let _ = writeln!(out, "    pub {}: {},", f.ident, field_type(f));
        }
        let _ = writeln!(out, "}}\n");
        let _ = writeln!(out, "impl {} {{", g.ident);
        let _ = writeln!(out, "    fn read(r: &mut Reader) -> Result<{}> {{", g.ident);
        let fields = g
            .fields
            .iter()
            .map(|f| (f.ident.clone(), atom(field_read(f))))
            .collect();
        let body = call(
            "Ok",
            vec![Layout::Struct {
                head: g.ident.clone(),
                fields,
            }],
        );
        let _ = writeln!(out, "        {}", body.render(8, 8, 0));
        let _ = writeln!(out, "    }}\n}}");
        for &i in &g.ops {
            group_of[i] = Some(g.ident.as_str());
            let ident = &ops[i].ident;
            if *ident != g.ident {
                let _ = writeln!(out);
                doc(
                    &mut out,
                    0,
                    &format!("The operands of [`OpCode::{ident}`]."),
                );
                let _ = writeln!(out, "pub type {ident} = {};", g.ident);
            }
        }
    }
    let _ = writeln!(out);
    doc(
        &mut out,
        0,
        "A `dx.op` call with its operands decoded: one variant per [`OpCode`], \
         without a payload where the op takes no operands.",
    );
    let _ = writeln!(out, "#[derive(Clone, Copy, Debug, PartialEq, Eq)]");
    let _ = writeln!(out, "pub enum DxOp {{");
    let mut arms = String::new();
    for (op, group) in ops.iter().zip(&group_of) {
        let ident = &op.ident;
        let _ = writeln!(out, "    /// [`OpCode::{ident}`].");
        let pat = format!("OpCode::{ident}");
        match group {
            Some(g) => {
                if 4 + 2 * ident.len() + 3 <= MAX_WIDTH {
                    let _ = writeln!(out, "    {ident}({ident}),");
                } else {
                    let _ = writeln!(out, "    {ident}(\n        {ident},\n    ),");
                }
                let head = format!("DxOp::{ident}");
                arm_call(&mut arms, 12, &pat, &head, &format!("{g}::read(r)?"));
            }
            None => {
                let _ = writeln!(out, "    {ident},");
                arm(&mut arms, 12, &pat, &format!("DxOp::{ident}"));
            }
        }
    }
    let _ = writeln!(out, "}}\n");
    out.push_str(
        "impl DxOp {\n    \
         /// Decodes the operands of `call`: a `Dxil` error names the operand\n    \
         /// that is missing, extra, or not the constant it must be.\n    \
         pub fn decode(module: &Module, call: &DxOpCall) -> Result<DxOp> {\n        \
         let r = &mut Reader::new(module, call);\n        \
         let op = match call.op {\n",
    );
    out.push_str(&arms);
    out.push_str("        };\n        r.finish()?;\n        Ok(op)\n    }\n}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::{snake, split_index};

    #[test]
    fn operand_names_become_field_names() {
        let cases = [
            ("rayQueryHandle", "ray_query_handle"),
            ("THit", "t_hit"),
            ("VertexID", "vertex_id"),
            ("LOD", "lod"),
            ("Origin", "origin"),
            (
                "numCoherenceHintBitsFromLSB",
                "num_coherence_hint_bits_from_lsb",
            ),
            ("outputSigID", "output_sig_id"),
        ];
        for (name, field) in cases {
            assert_eq!(snake(name), field, "{name}");
        }
    }

    #[test]
    fn numbered_operands_are_runs() {
        assert_eq!(split_index("coord2"), Some(("coord", 2)));
        assert_eq!(split_index("Origin_Y"), Some(("Origin", 1)));
        assert_eq!(split_index("offsetY"), Some(("offset", 1)));
        assert_eq!(split_index("az"), Some(("a", 2)));
        for plain in ["index", "TMax", "x", "sampleIdx", "VertexID", "lod"] {
            assert_eq!(split_index(plain), None, "{plain}");
        }
    }
}

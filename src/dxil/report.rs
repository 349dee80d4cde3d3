//! Serialisation of a [`DxilModule`] for `dxil2spirv info`: JSON (stable
//! key order, hand-written, no dependency) and a human-readable text form.

use super::entry::EntryPoint;
use super::kinds::ShaderFlags;
use super::md::RawTag;
use super::module::DxilModule;
use super::properties::EntryProperties;
use super::resources::{ResourceBinding, Resources};
use super::signature::{kind_title, SignatureElement, Signatures};
use super::{ResourceClass, ShaderKind, SignatureKind};
use crate::ir::{
    sign_extend, write_type, Constant, FuncId, MdId, Metadata, Module, Type, ValueId, ValueKind,
};
use std::fmt::{self, Write};

/// How deep raw metadata values are printed before `...`.
const RAW_DEPTH: u32 = 4;
/// How many operands of a raw tuple are printed before `...`.
const RAW_WIDTH: usize = 16;

impl DxilModule {
    /// Writes the module as one JSON object. Keys always come in the same
    /// order; optional properties are left out when absent.
    pub fn write_json(&self, out: &mut impl Write, module: &Module) -> fmt::Result {
        let mut o = Obj::new(out)?;
        o.key("shader_model")?;
        {
            let mut sm = Obj::new(o.out)?;
            sm.str_field("profile", &self.shader_model.to_string())?;
            sm.str_field("kind", self.shader_model.kind.name())?;
            sm.raw_field("major", self.shader_model.major)?;
            sm.raw_field("minor", self.shader_model.minor)?;
            sm.end()?;
        }
        for (key, v) in [
            ("dxil_version", self.dxil_version),
            ("validator_version", self.validator_version),
        ] {
            o.key(key)?;
            match v {
                Some(v) => write!(o.out, "{{\"major\":{},\"minor\":{}}}", v.major, v.minor)?,
                None => o.out.write_str("null")?,
            }
        }
        o.key("resources")?;
        json_resources(o.out, module, &self.resources)?;
        o.key("entry_points")?;
        o.out.write_char('[')?;
        for (i, e) in self.entry_points.iter().enumerate() {
            if i > 0 {
                o.out.write_char(',')?;
            }
            json_entry(o.out, module, e)?;
        }
        o.out.write_char(']')?;
        o.end()
    }

    /// Writes a human-readable report: shader model, versions, resources
    /// table, then each entry point with its properties and signature
    /// tables.
    pub fn write_text(&self, out: &mut impl Write, module: &Module) -> fmt::Result {
        writeln!(out, "shader model:      {}", self.shader_model)?;
        if let Some(v) = self.dxil_version {
            writeln!(out, "DXIL version:      {v}")?;
        }
        if let Some(v) = self.validator_version {
            writeln!(out, "validator version: {v}")?;
        }
        writeln!(out)?;
        if self.resources.is_empty() {
            writeln!(out, "resources: none")?;
        } else {
            writeln!(out, "resources:")?;
            text_resources(out, module, &self.resources, "  ")?;
        }
        for e in &self.entry_points {
            writeln!(out)?;
            text_entry(out, module, e, self)?;
        }
        if self.entry_points.is_empty() {
            writeln!(out)?;
            writeln!(out, "entry points: none")?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------- JSON ---

/// A JSON object being written: tracks whether a comma is due.
struct Obj<'w, W: Write> {
    out: &'w mut W,
    first: bool,
}

impl<'w, W: Write> Obj<'w, W> {
    fn new(out: &'w mut W) -> Result<Self, fmt::Error> {
        out.write_char('{')?;
        Ok(Obj { out, first: true })
    }

    fn key(&mut self, key: &str) -> fmt::Result {
        if !self.first {
            self.out.write_char(',')?;
        }
        self.first = false;
        json_str(self.out, key)?;
        self.out.write_char(':')
    }

    fn str_field(&mut self, key: &str, value: &str) -> fmt::Result {
        self.key(key)?;
        json_str(self.out, value)
    }

    fn raw_field(&mut self, key: &str, value: impl fmt::Display) -> fmt::Result {
        self.key(key)?;
        write!(self.out, "{value}")
    }

    fn opt_field(&mut self, key: &str, value: Option<impl fmt::Display>) -> fmt::Result {
        match value {
            Some(v) => self.raw_field(key, v),
            None => Ok(()),
        }
    }

    fn end(self) -> fmt::Result {
        self.out.write_char('}')
    }
}

/// Writes a JSON string literal, escaping quotes, backslashes and control
/// characters.
fn json_str(out: &mut impl Write, s: &str) -> fmt::Result {
    out.write_char('"')?;
    for c in s.chars() {
        match c {
            '"' => out.write_str("\\\"")?,
            '\\' => out.write_str("\\\\")?,
            '\n' => out.write_str("\\n")?,
            '\r' => out.write_str("\\r")?,
            '\t' => out.write_str("\\t")?,
            c if (c as u32) < 0x20 || c == '\u{7f}' => write!(out, "\\u{:04x}", c as u32)?,
            c => out.write_char(c)?,
        }
    }
    out.write_char('"')
}

fn json_u32_list(out: &mut impl Write, list: &[u32]) -> fmt::Result {
    json_array(out, list, |out, v| write!(out, "{v}"))
}

fn json_func(out: &mut impl Write, module: &Module, f: Option<FuncId>) -> fmt::Result {
    match f {
        Some(f) => json_str(out, module.function_name(f)),
        None => out.write_str("null"),
    }
}

fn json_tags(out: &mut impl Write, module: &Module, tags: &[RawTag]) -> fmt::Result {
    out.write_char('[')?;
    for (i, t) in tags.iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        let mut o = Obj::new(out)?;
        o.raw_field("tag", t.tag)?;
        o.key("value")?;
        let mut text = String::new();
        raw_md(&mut text, module, t.value)?;
        json_str(o.out, &text)?;
        o.end()?;
    }
    out.write_char(']')
}

fn json_binding<W: Write>(o: &mut Obj<'_, W>, module: &Module, b: &ResourceBinding) -> fmt::Result {
    o.raw_field("id", b.id)?;
    o.str_field("name", &b.name)?;
    o.key("symbol")?;
    match b.symbol {
        Some(s) => {
            let mut text = String::new();
            raw_value(&mut text, module, s)?;
            json_str(o.out, &text)?;
        }
        None => o.out.write_str("null")?,
    }
    o.str_field("type_name", b.type_name(module))?;
    o.raw_field("space", b.space)?;
    o.raw_field("lower_bound", b.lower_bound)?;
    o.key("range_size")?;
    if b.is_unbounded() {
        o.out.write_str("null")
    } else {
        write!(o.out, "{}", b.range_size)
    }
}

fn json_resources(out: &mut impl Write, module: &Module, r: &Resources) -> fmt::Result {
    let mut o = Obj::new(out)?;
    o.key("srv")?;
    json_array(o.out, &r.srvs, |out, s| {
        let mut e = Obj::new(out)?;
        json_binding(&mut e, module, &s.binding)?;
        e.str_field("kind", s.kind.name())?;
        e.raw_field("sample_count", s.sample_count)?;
        if let Some(t) = s.element_type {
            e.str_field("element_type", t.name())?;
        }
        e.opt_field("stride", s.stride)?;
        e.key("tags")?;
        json_tags(e.out, module, &s.tags)?;
        e.end()
    })?;
    o.key("uav")?;
    json_array(o.out, &r.uavs, |out, u| {
        let mut e = Obj::new(out)?;
        json_binding(&mut e, module, &u.binding)?;
        e.str_field("kind", u.kind.name())?;
        e.raw_field("globally_coherent", u.globally_coherent)?;
        e.raw_field("has_counter", u.has_counter)?;
        e.raw_field("rasterizer_ordered", u.rasterizer_ordered)?;
        if let Some(t) = u.element_type {
            e.str_field("element_type", t.name())?;
        }
        e.opt_field("stride", u.stride)?;
        e.opt_field("sampler_feedback", u.sampler_feedback)?;
        e.raw_field("atomic64_use", u.atomic64_use)?;
        e.key("tags")?;
        json_tags(e.out, module, &u.tags)?;
        e.end()
    })?;
    o.key("cbv")?;
    json_array(o.out, &r.cbvs, |out, c| {
        let mut e = Obj::new(out)?;
        json_binding(&mut e, module, &c.binding)?;
        e.raw_field("size", c.size)?;
        e.key("tags")?;
        json_tags(e.out, module, &c.tags)?;
        e.end()
    })?;
    o.key("sampler")?;
    json_array(o.out, &r.samplers, |out, s| {
        let mut e = Obj::new(out)?;
        json_binding(&mut e, module, &s.binding)?;
        e.str_field("kind", s.kind.name())?;
        e.key("tags")?;
        json_tags(e.out, module, &s.tags)?;
        e.end()
    })?;
    o.end()
}

fn json_array<W: Write, T>(
    out: &mut W,
    items: &[T],
    mut each: impl FnMut(&mut W, &T) -> fmt::Result,
) -> fmt::Result {
    out.write_char('[')?;
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        each(out, item)?;
    }
    out.write_char(']')
}

fn json_element(out: &mut impl Write, module: &Module, e: &SignatureElement) -> fmt::Result {
    let mut o = Obj::new(out)?;
    o.raw_field("id", e.id)?;
    o.str_field("name", &e.name)?;
    o.key("semantic_indices")?;
    json_u32_list(o.out, &e.semantic_indices)?;
    o.str_field("semantic_kind", e.semantic_kind.name())?;
    o.str_field("component_type", e.component_type.name())?;
    o.str_field("interpolation", e.interpolation.name())?;
    o.raw_field("rows", e.rows)?;
    o.raw_field("cols", e.cols)?;
    o.raw_field("start_row", e.start_row)?;
    o.raw_field("start_col", e.start_col)?;
    o.opt_field("output_stream", e.output_stream)?;
    o.opt_field("usage_mask", e.usage_mask)?;
    o.opt_field("dyn_index_mask", e.dyn_index_mask)?;
    o.key("tags")?;
    json_tags(o.out, module, &e.tags)?;
    o.end()
}

fn json_signatures(out: &mut impl Write, module: &Module, s: &Signatures) -> fmt::Result {
    let mut o = Obj::new(out)?;
    for (key, list) in [
        ("input", &s.inputs),
        ("output", &s.outputs),
        ("patch_constant", &s.patch_constants),
    ] {
        o.key(key)?;
        json_array(o.out, list, |out, e| json_element(out, module, e))?;
    }
    o.end()
}

fn json_flags(out: &mut impl Write, flags: ShaderFlags) -> fmt::Result {
    let mut o = Obj::new(out)?;
    o.raw_field("raw", flags.0)?;
    o.key("names")?;
    o.out.write_char('[')?;
    for (i, name) in flags.names().enumerate() {
        if i > 0 {
            o.out.write_char(',')?;
        }
        json_str(o.out, name)?;
    }
    o.out.write_char(']')?;
    o.raw_field("unknown_bits", flags.unknown_bits())?;
    o.end()
}

fn json_properties(out: &mut impl Write, module: &Module, p: &EntryProperties) -> fmt::Result {
    let mut o = Obj::new(out)?;
    if let Some(f) = p.shader_flags {
        o.key("shader_flags")?;
        json_flags(o.out, f)?;
    }
    if let Some(gs) = p.gs {
        o.key("gs")?;
        let mut s = Obj::new(o.out)?;
        s.str_field("input_primitive", gs.input_primitive.name())?;
        s.raw_field("max_vertex_count", gs.max_vertex_count)?;
        s.raw_field("active_stream_mask", gs.active_stream_mask)?;
        s.str_field("output_topology", gs.output_topology.name())?;
        s.raw_field("instance_count", gs.instance_count)?;
        s.end()?;
    }
    if let Some(ds) = p.ds {
        o.key("ds")?;
        let mut s = Obj::new(o.out)?;
        s.str_field("domain", ds.domain.name())?;
        s.raw_field("input_control_points", ds.input_control_points)?;
        s.end()?;
    }
    if let Some(hs) = p.hs {
        o.key("hs")?;
        let mut s = Obj::new(o.out)?;
        s.key("patch_constant_function")?;
        json_func(s.out, module, hs.patch_constant_function)?;
        s.raw_field("input_control_points", hs.input_control_points)?;
        s.raw_field("output_control_points", hs.output_control_points)?;
        s.str_field("domain", hs.domain.name())?;
        s.str_field("partitioning", hs.partitioning.name())?;
        s.str_field("output_primitive", hs.output_primitive.name())?;
        s.key("max_tess_factor")?;
        json_f32(s.out, hs.max_tess_factor)?;
        s.end()?;
    }
    if let Some(n) = p.num_threads {
        o.key("num_threads")?;
        json_u32_list(o.out, &n)?;
    }
    o.opt_field("auto_binding_space", p.auto_binding_space)?;
    o.opt_field("ray_payload_size", p.ray_payload_size)?;
    o.opt_field("ray_attrib_size", p.ray_attrib_size)?;
    if let Some(k) = p.shader_kind {
        o.str_field("shader_kind", k.name())?;
    }
    if let Some(ms) = p.ms {
        o.key("ms")?;
        let mut s = Obj::new(o.out)?;
        s.key("num_threads")?;
        json_u32_list(s.out, &ms.num_threads)?;
        s.raw_field("max_vertex_count", ms.max_vertex_count)?;
        s.raw_field("max_primitive_count", ms.max_primitive_count)?;
        s.str_field("output_topology", ms.output_topology.name())?;
        s.raw_field("payload_size", ms.payload_size)?;
        s.end()?;
    }
    if let Some(a) = p.amplification {
        o.key("as")?;
        let mut s = Obj::new(o.out)?;
        s.key("num_threads")?;
        json_u32_list(s.out, &a.num_threads)?;
        s.raw_field("payload_size", a.payload_size)?;
        s.end()?;
    }
    if let Some(w) = p.wave_size {
        o.key("wave_size")?;
        let mut s = Obj::new(o.out)?;
        s.raw_field("min", w.min)?;
        s.raw_field("max", w.max)?;
        s.raw_field("preferred", w.preferred)?;
        s.end()?;
    }
    o.key("other")?;
    json_tags(o.out, module, &p.other)?;
    o.end()
}

/// A float as a JSON number (`null` for NaN and infinities).
fn json_f32(out: &mut impl Write, v: f32) -> fmt::Result {
    if v.is_finite() {
        write!(out, "{v:?}")
    } else {
        out.write_str("null")
    }
}

fn json_entry(out: &mut impl Write, module: &Module, e: &EntryPoint) -> fmt::Result {
    let mut o = Obj::new(out)?;
    o.str_field("name", &e.name)?;
    o.key("function")?;
    json_func(o.out, module, e.function)?;
    o.str_field("kind", e.kind.name())?;
    o.key("signatures")?;
    json_signatures(o.out, module, &e.signatures)?;
    o.key("resources")?;
    match &e.resources {
        Some(r) => json_resources(o.out, module, r)?,
        None => o.out.write_str("null")?,
    }
    o.key("properties")?;
    json_properties(o.out, module, &e.properties)?;
    o.end()
}

// -------------------------------------------------------- raw metadata ---

/// Writes a metadata entry in LLVM-like syntax, to a bounded depth and
/// width (`null` for `None`).
fn raw_md(out: &mut impl Write, module: &Module, id: Option<MdId>) -> fmt::Result {
    raw_md_depth(out, module, id, 0)
}

fn raw_md_depth(
    out: &mut impl Write,
    module: &Module,
    id: Option<MdId>,
    depth: u32,
) -> fmt::Result {
    let Some(id) = id else {
        return out.write_str("null");
    };
    match module.metadata.get(id) {
        None => write!(out, "!<missing {}>", id.0),
        Some(Metadata::String(s)) => write!(out, "!{:?}", module.str(*s)),
        Some(Metadata::Value { value, .. }) => raw_value(out, module, *value),
        Some(Metadata::DebugInfo(code)) => write!(out, "!<debug info {code}>"),
        Some(Metadata::Node { operands, .. }) => {
            if depth >= RAW_DEPTH {
                return out.write_str("!{...}");
            }
            out.write_str("!{")?;
            let ops = module.list(*operands);
            for (i, &op) in ops.iter().take(RAW_WIDTH).enumerate() {
                if i > 0 {
                    out.write_str(", ")?;
                }
                let child = op.checked_sub(1).map(MdId);
                raw_md_depth(out, module, child, depth + 1)?;
            }
            if ops.len() > RAW_WIDTH {
                out.write_str(", ...")?;
            }
            out.write_char('}')
        }
    }
}

/// Writes a value as `type value` (`i32 15`, `%Sim* undef`, `void ()* @main`).
fn raw_value(out: &mut impl Write, module: &Module, value: ValueId) -> fmt::Result {
    let Some(v) = module.value(value) else {
        return write!(out, "<missing value {}>", value.0);
    };
    write_type(out, module, v.ty)?;
    out.write_char(' ')?;
    match v.kind {
        ValueKind::Global(_) | ValueKind::Function(_) => {
            write!(out, "@{}", module.value_name(value))
        }
        ValueKind::Constant(Constant::Undef) => out.write_str("undef"),
        ValueKind::Constant(Constant::Null) => out.write_str(match module.types.ty(v.ty) {
            Type::Int(1) => "false",
            Type::Int(_) => "0",
            Type::Half | Type::Float | Type::Double => "0.0",
            Type::Pointer { .. } => "null",
            _ => "zeroinitializer",
        }),
        ValueKind::Constant(Constant::Int(bits)) => match module.types.ty(v.ty) {
            Type::Int(1) => out.write_str(if bits & 1 == 1 { "true" } else { "false" }),
            Type::Int(w) => write!(out, "{}", sign_extend(bits, w)),
            _ => write!(out, "{bits}"),
        },
        ValueKind::Constant(Constant::Float(bits)) => match module.types.ty(v.ty) {
            Type::Float => write!(out, "{:?}", f32::from_bits(bits as u32)),
            Type::Double => write!(out, "{:?}", f64::from_bits(bits)),
            _ => write!(out, "0x{bits:x}"),
        },
        ValueKind::Constant(Constant::Cast { value: inner, op }) => {
            // One level: `bitcast (@g to T)`.
            let name = module.value_name(inner);
            write!(out, "{} (@{name})", op.name())
        }
        ValueKind::Constant(_) => out.write_str("<constant>"),
        ValueKind::Argument { index, .. } => write!(out, "<argument {index}>"),
        ValueKind::Inst { .. } => out.write_str("<instruction>"),
    }
}

// ---------------------------------------------------------------- text ---

/// Writes rows as a table with left-aligned, padded columns.
fn table(out: &mut impl Write, indent: &str, rows: &[Vec<String>]) -> fmt::Result {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in rows {
        let mut line = String::from(indent);
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                line.push_str("  ");
            }
            line.push_str(cell);
            if c + 1 < row.len() {
                let pad = widths.get(c).copied().unwrap_or(0);
                for _ in cell.chars().count()..pad {
                    line.push(' ');
                }
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

/// A printable name: control characters are written as `\XX` in hex, as
/// LLVM does for the `\01` prefix of mangled names.
fn printable(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_control() {
            let _ = write!(out, "\\{:02X}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

fn text_resources(
    out: &mut impl Write,
    module: &Module,
    r: &Resources,
    indent: &str,
) -> fmt::Result {
    let mut rows = vec![vec![
        "class".to_owned(),
        "ID".into(),
        "kind".into(),
        "register".into(),
        "count".into(),
        "name".into(),
        "details".into(),
    ]];
    let common =
        |label: &str, class: ResourceClass, b: &ResourceBinding, kind: &str, details: String| {
            let letter = class.register_letter();
            // Without a name (reflection stripped), show the symbol's type.
            let name = match (b.name.as_str(), b.type_name(module)) {
                ("", "") => String::new(),
                ("", ty) => format!("({ty})"),
                (name, _) => name.to_owned(),
            };
            vec![
                label.to_owned(),
                b.id.to_string(),
                kind.to_owned(),
                format!("{letter}{},space{}", b.lower_bound, b.space),
                if b.is_unbounded() {
                    "unbounded".to_owned()
                } else {
                    b.range_size.to_string()
                },
                printable(&name),
                details,
            ]
        };
    for s in &r.srvs {
        let mut d = Vec::new();
        if let Some(t) = s.element_type {
            d.push(format!("element {}", t.name()));
        }
        if let Some(st) = s.stride {
            d.push(format!("stride {st}"));
        }
        if s.sample_count > 0 {
            d.push(format!("samples {}", s.sample_count));
        }
        rows.push(common(
            "SRV",
            ResourceClass::SRV,
            &s.binding,
            s.kind.name(),
            d.join(", "),
        ));
    }
    for u in &r.uavs {
        let mut d = Vec::new();
        if let Some(t) = u.element_type {
            d.push(format!("element {}", t.name()));
        }
        if let Some(st) = u.stride {
            d.push(format!("stride {st}"));
        }
        for (on, what) in [
            (u.globally_coherent, "globallycoherent"),
            (u.has_counter, "counter"),
            (u.rasterizer_ordered, "ROV"),
            (u.atomic64_use, "atomic64"),
        ] {
            if on {
                d.push(what.to_owned());
            }
        }
        if let Some(k) = u.sampler_feedback {
            d.push(format!("feedback {k}"));
        }
        rows.push(common(
            "UAV",
            ResourceClass::UAV,
            &u.binding,
            u.kind.name(),
            d.join(", "),
        ));
    }
    for c in &r.cbvs {
        rows.push(common(
            "CBV",
            ResourceClass::CBuffer,
            &c.binding,
            "CBuffer",
            format!("{} bytes", c.size),
        ));
    }
    for s in &r.samplers {
        rows.push(common(
            "sampler",
            ResourceClass::Sampler,
            &s.binding,
            s.kind.name(),
            String::new(),
        ));
    }
    table(out, indent, &rows)
}

fn text_signature(out: &mut impl Write, list: &[SignatureElement], title: &str) -> fmt::Result {
    if list.is_empty() {
        return Ok(());
    }
    writeln!(out, "  {title} signature:")?;
    let mut rows = vec![[
        "ID",
        "name",
        "index",
        "kind",
        "type",
        "interpolation",
        "rows",
        "cols",
        "row",
        "col",
        "stream",
        "used",
    ]
    .map(str::to_owned)
    .to_vec()];
    for e in list {
        let index = e
            .semantic_indices
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let opt = |v: Option<u32>, hex: bool| match v {
            None => "-".to_owned(),
            Some(v) if hex => format!("0x{v:x}"),
            Some(v) => v.to_string(),
        };
        rows.push(vec![
            e.id.to_string(),
            printable(&e.name),
            index,
            e.semantic_kind.name().to_owned(),
            e.component_type.name().to_owned(),
            e.interpolation.name().to_owned(),
            e.rows.to_string(),
            e.cols.to_string(),
            e.start_row.to_string(),
            e.start_col.to_string(),
            opt(e.output_stream, false),
            opt(e.usage_mask, true),
        ]);
    }
    table(out, "    ", &rows)
}

fn text_entry(
    out: &mut impl Write,
    module: &Module,
    e: &EntryPoint,
    dm: &DxilModule,
) -> fmt::Result {
    let name = if e.name.is_empty() {
        "(unnamed)".to_owned()
    } else {
        printable(&e.name)
    };
    write!(out, "entry point {name}: {}", e.kind.name())?;
    match e.function {
        Some(f) => writeln!(out, ", function @{}", printable(module.function_name(f)))?,
        None => writeln!(out, ", no function")?,
    }
    let p = &e.properties;
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut row = |k: &str, v: String| rows.push(vec![k.to_owned(), v]);
    if let Some(f) = p.shader_flags {
        let mut names: Vec<&str> = f.names().collect();
        let unknown = f.unknown_bits();
        let extra = if unknown != 0 {
            format!(" +unknown 0x{unknown:x}")
        } else {
            String::new()
        };
        if names.is_empty() {
            names.push("none");
        }
        row(
            "shader flags",
            format!("0x{:x}: {}{extra}", f.0, names.join(" ")),
        );
    }
    if let Some(n) = p.num_threads {
        row("numthreads", format!("{}, {}, {}", n[0], n[1], n[2]));
    }
    if let Some(w) = p.wave_size {
        row(
            "wave size",
            if w.max == 0 && w.preferred == 0 {
                w.min.to_string()
            } else {
                format!("min {}, max {}, preferred {}", w.min, w.max, w.preferred)
            },
        );
    }
    if let Some(gs) = p.gs {
        row(
            "geometry",
            format!(
                "input {}, max vertices {}, stream mask 0x{:x}, topology {}, instances {}",
                gs.input_primitive.name(),
                gs.max_vertex_count,
                gs.active_stream_mask,
                gs.output_topology.name(),
                gs.instance_count
            ),
        );
    }
    if let Some(ds) = p.ds {
        row(
            "domain",
            format!(
                "domain {}, input control points {}",
                ds.domain.name(),
                ds.input_control_points
            ),
        );
    }
    if let Some(hs) = p.hs {
        let pcf = hs
            .patch_constant_function
            .map(|f| printable(module.function_name(f)))
            .unwrap_or_else(|| "none".to_owned());
        row(
            "hull",
            format!(
                "patch constant @{pcf}, control points {} in / {} out, domain {}, \
                 partitioning {}, output {}, max tess factor {}",
                hs.input_control_points,
                hs.output_control_points,
                hs.domain.name(),
                hs.partitioning.name(),
                hs.output_primitive.name(),
                hs.max_tess_factor
            ),
        );
    }
    if let Some(ms) = p.ms {
        row(
            "mesh",
            format!(
                "numthreads {}, {}, {}, max vertices {}, max primitives {}, topology {}, payload {} bytes",
                ms.num_threads[0],
                ms.num_threads[1],
                ms.num_threads[2],
                ms.max_vertex_count,
                ms.max_primitive_count,
                ms.output_topology.name(),
                ms.payload_size
            ),
        );
    }
    if let Some(a) = p.amplification {
        row(
            "amplification",
            format!(
                "numthreads {}, {}, {}, payload {} bytes",
                a.num_threads[0], a.num_threads[1], a.num_threads[2], a.payload_size
            ),
        );
    }
    if let Some(s) = p.auto_binding_space {
        row("auto-binding space", s.to_string());
    }
    if let Some(s) = p.ray_payload_size {
        row("ray payload size", s.to_string());
    }
    if let Some(s) = p.ray_attrib_size {
        row("ray attribute size", s.to_string());
    }
    for t in &p.other {
        let mut v = String::new();
        raw_md(&mut v, module, t.value)?;
        row(&format!("property {}", t.tag), v);
    }
    table(out, "  ", &rows)?;
    let s = &e.signatures;
    text_signature(out, &s.inputs, kind_title(SignatureKind::Input))?;
    text_signature(out, &s.outputs, kind_title(SignatureKind::Output))?;
    let third = if e.kind == ShaderKind::Mesh {
        "primitive output"
    } else {
        kind_title(SignatureKind::PatchConstOrPrim)
    };
    text_signature(out, &s.patch_constants, third)?;
    match &e.resources {
        Some(r) if *r == dm.resources => writeln!(out, "  resources: the module's")?,
        Some(r) => {
            writeln!(out, "  resources:")?;
            text_resources(out, module, r, "    ")?;
        }
        None => {}
    }
    Ok(())
}

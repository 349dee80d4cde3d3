//! A [`DxilModule`] as a [`Json`] document for `dxil2spirv info`: keys
//! always come in the same order; optional properties are left out when
//! absent. The text form is the same document through [`Json::write_text`].

use super::entry::EntryPoint;
use super::kinds::ShaderFlags;
use super::md::RawTag;
use super::module::DxilModule;
use super::properties::EntryProperties;
use super::resources::{ResourceBinding, Resources};
use super::shader_model::Version;
use super::signature::{SignatureElement, Signatures};
use crate::ir::{
    sign_extend, write_type, Constant, FuncId, MdId, Metadata, Module, Type, ValueId, ValueKind,
};
use crate::json::Json;
use std::fmt::{self, Write};

/// How deep raw metadata values are printed before `...`.
const RAW_DEPTH: u32 = 4;
/// How many operands of a raw tuple are printed before `...`.
const RAW_WIDTH: usize = 16;

impl DxilModule {
    /// The module as one JSON object: shader model, versions, resources and
    /// entry points with their signatures and properties.
    pub fn to_json(&self, module: &Module) -> Json {
        let sm = self.shader_model;
        let version = |v: Option<Version>| {
            v.map(|v| Json::object().with("major", v.major).with("minor", v.minor))
        };
        Json::object()
            .with(
                "shader_model",
                Json::object()
                    .with("profile", sm.to_string())
                    .with("kind", sm.kind.name())
                    .with("major", sm.major)
                    .with("minor", sm.minor),
            )
            .with("dxil_version", version(self.dxil_version))
            .with("validator_version", version(self.validator_version))
            .with("resources", resources(module, &self.resources))
            .with(
                "entry_points",
                list(&self.entry_points, |e| entry(module, e)),
            )
    }
}

fn list<T>(items: &[T], each: impl FnMut(&T) -> Json) -> Json {
    Json::Array(items.iter().map(each).collect())
}

fn func(module: &Module, f: Option<FuncId>) -> Json {
    f.map(|f| module.function_name(f)).into()
}

fn tags(module: &Module, tags: &[RawTag]) -> Json {
    list(tags, |t| {
        Json::object()
            .with("tag", t.tag)
            .with("value", md_string(module, t.value))
    })
}

fn binding(module: &Module, b: &ResourceBinding) -> Json {
    Json::object()
        .with("id", b.id)
        .with("name", b.name.as_str())
        .with("symbol", b.symbol.map(|s| value_string(module, s)))
        .with("type_name", b.type_name(module))
        .with("space", b.space)
        .with("lower_bound", b.lower_bound)
        .with("range_size", (!b.is_unbounded()).then_some(b.range_size))
}

fn resources(module: &Module, r: &Resources) -> Json {
    Json::object()
        .with(
            "srv",
            list(&r.srvs, |s| {
                binding(module, &s.binding)
                    .with("kind", s.kind.name())
                    .with("sample_count", s.sample_count)
                    .with_some("element_type", s.element_type.map(|t| t.name()))
                    .with_some("stride", s.stride)
                    .with("tags", tags(module, &s.tags))
            }),
        )
        .with(
            "uav",
            list(&r.uavs, |u| {
                binding(module, &u.binding)
                    .with("kind", u.kind.name())
                    .with("globally_coherent", u.globally_coherent)
                    .with("has_counter", u.has_counter)
                    .with("rasterizer_ordered", u.rasterizer_ordered)
                    .with_some("element_type", u.element_type.map(|t| t.name()))
                    .with_some("stride", u.stride)
                    .with_some("sampler_feedback", u.sampler_feedback)
                    .with("atomic64_use", u.atomic64_use)
                    .with("tags", tags(module, &u.tags))
            }),
        )
        .with(
            "cbv",
            list(&r.cbvs, |c| {
                binding(module, &c.binding)
                    .with("size", c.size)
                    .with("tags", tags(module, &c.tags))
            }),
        )
        .with(
            "sampler",
            list(&r.samplers, |s| {
                binding(module, &s.binding)
                    .with("kind", s.kind.name())
                    .with("tags", tags(module, &s.tags))
            }),
        )
}

fn element(module: &Module, e: &SignatureElement) -> Json {
    Json::object()
        .with("id", e.id)
        .with("name", e.name.as_str())
        .with("semantic_indices", e.semantic_indices.clone())
        .with("semantic_kind", e.semantic_kind.name())
        .with("component_type", e.component_type.name())
        .with("interpolation", e.interpolation.name())
        .with("rows", e.rows)
        .with("cols", e.cols)
        .with("start_row", e.start_row)
        .with("start_col", e.start_col)
        .with_some("output_stream", e.output_stream)
        .with_some("usage_mask", e.usage_mask)
        .with_some("dyn_index_mask", e.dyn_index_mask)
        .with("tags", tags(module, &e.tags))
}

fn signatures(module: &Module, s: &Signatures) -> Json {
    let each = |l: &[SignatureElement]| list(l, |e| element(module, e));
    Json::object()
        .with("input", each(&s.inputs))
        .with("output", each(&s.outputs))
        .with("patch_constant", each(&s.patch_constants))
}

fn flags(flags: ShaderFlags) -> Json {
    Json::object()
        .with("raw", flags.0)
        .with("names", flags.names().collect::<Vec<_>>())
        .with("unknown_bits", flags.unknown_bits())
}

fn properties(module: &Module, p: &EntryProperties) -> Json {
    Json::object()
        .with_some("shader_flags", p.shader_flags.map(flags))
        .with_some(
            "gs",
            p.gs.map(|gs| {
                Json::object()
                    .with("input_primitive", gs.input_primitive.name())
                    .with("max_vertex_count", gs.max_vertex_count)
                    .with("active_stream_mask", gs.active_stream_mask)
                    .with("output_topology", gs.output_topology.name())
                    .with("instance_count", gs.instance_count)
            }),
        )
        .with_some(
            "ds",
            p.ds.map(|ds| {
                Json::object()
                    .with("domain", ds.domain.name())
                    .with("input_control_points", ds.input_control_points)
            }),
        )
        .with_some(
            "hs",
            p.hs.map(|hs| {
                Json::object()
                    .with(
                        "patch_constant_function",
                        func(module, hs.patch_constant_function),
                    )
                    .with("input_control_points", hs.input_control_points)
                    .with("output_control_points", hs.output_control_points)
                    .with("domain", hs.domain.name())
                    .with("partitioning", hs.partitioning.name())
                    .with("output_primitive", hs.output_primitive.name())
                    .with("max_tess_factor", hs.max_tess_factor)
            }),
        )
        .with_some("num_threads", p.num_threads.map(Vec::from))
        .with_some("auto_binding_space", p.auto_binding_space)
        .with_some("ray_payload_size", p.ray_payload_size)
        .with_some("ray_attrib_size", p.ray_attrib_size)
        .with_some("shader_kind", p.shader_kind.map(|k| k.name()))
        .with_some(
            "ms",
            p.ms.map(|ms| {
                Json::object()
                    .with("num_threads", ms.num_threads.to_vec())
                    .with("max_vertex_count", ms.max_vertex_count)
                    .with("max_primitive_count", ms.max_primitive_count)
                    .with("output_topology", ms.output_topology.name())
                    .with("payload_size", ms.payload_size)
            }),
        )
        .with_some(
            "as",
            p.amplification.map(|a| {
                Json::object()
                    .with("num_threads", a.num_threads.to_vec())
                    .with("payload_size", a.payload_size)
            }),
        )
        .with_some(
            "wave_size",
            p.wave_size.map(|w| {
                Json::object()
                    .with("min", w.min)
                    .with("max", w.max)
                    .with("preferred", w.preferred)
            }),
        )
        .with("other", tags(module, &p.other))
}

fn entry(module: &Module, e: &EntryPoint) -> Json {
    Json::object()
        .with("name", e.name.as_str())
        .with("export", e.export_name())
        .with("function", func(module, e.function))
        .with("kind", e.kind.name())
        .with("signatures", signatures(module, &e.signatures))
        .with(
            "resources",
            e.resources.as_ref().map(|r| resources(module, r)),
        )
        .with("properties", properties(module, &e.properties))
}

// -------------------------------------------------------- raw metadata ---

/// A metadata entry in LLVM-like syntax, to a bounded depth and width
/// (`null` for `None`).
fn md_string(module: &Module, id: Option<MdId>) -> String {
    let mut text = String::new();
    // Writing to a `String` cannot fail.
    let _ = raw_md_depth(&mut text, module, id, 0);
    text
}

/// A value as `type value` (`i32 15`, `%Sim* undef`, `void ()* @main`).
fn value_string(module: &Module, value: ValueId) -> String {
    let mut text = String::new();
    let _ = raw_value(&mut text, module, value);
    text
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
                // Below `RAW_DEPTH`: no saturation.
                raw_md_depth(out, module, child, depth.saturating_add(1))?;
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

//! The reflection emission produces. The bindings it reports are the
//! binding layer's (`crate::binding`: the plain model's offsets, remaps and
//! set policy, or `bindless-1`); its types are re-exported here.

use super::desc::ResourceClass;
pub use crate::binding::{
    BindingOffsets, BindingRemap, BindlessReflection, DescriptorType, RecordEntry, SetPolicy, Via,
};
use crate::json::Json;
use std::fmt::Write;

/// How LLVM `srem` is lowered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SremLowering {
    /// `|a| % |b|` through unsigned operations, with the dividend's sign
    /// (default: correct on drivers that compute `OpSRem` as unsigned for
    /// negative operands).
    #[default]
    ViaUnsigned,
    /// `OpSRem` on signed operands.
    Native,
}

impl SremLowering {
    /// The name used in reflection JSON.
    pub fn name(self) -> &'static str {
        match self {
            SremLowering::ViaUnsigned => "via_unsigned",
            SremLowering::Native => "native",
        }
    }
}

/// One resource in [`Reflection`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReflectedResource {
    /// HLSL name (may be empty: DXC strips names in some builds).
    pub name: String,
    /// D3D register class.
    pub class: ResourceClass,
    /// D3D register space.
    pub space: u32,
    /// D3D first register.
    pub register: u32,
    /// Number of registers (descriptor array size); `u32::MAX` unbounded.
    pub count: u32,
    /// DXIL resource kind name (`RawBuffer`, `StructuredBuffer`, ...).
    pub kind: &'static str,
    /// Structure stride in bytes (structured buffers), else 0.
    pub stride: u32,
    /// Size in bytes (constant buffers), else 0.
    pub size: u32,
    /// Vulkan descriptor set (`u32::MAX` for root constants and root
    /// descriptors, which live in the root block; JSON `null`).
    pub set: u32,
    /// Vulkan binding (`u32::MAX` where `set` is).
    pub binding: u32,
    /// Vulkan descriptor type.
    pub descriptor_type: DescriptorType,
    /// Image format declared for a storage texel buffer (SPIR-V name, e.g.
    /// `Unknown`, `R32ui`).
    pub format: Option<String>,
    /// The hidden counter buffer (a storage buffer holding one `u32`), as
    /// (set, binding), for UAVs with a counter.
    pub counter: Option<(u32, u32)>,
    /// Whether the shader accesses the resource.
    pub used: bool,
    /// Whether it is a view of an SM 6.6 descriptor heap (indexed by heap
    /// index at its descriptor type's binding of the heap set; space and
    /// register are 0).
    pub heap: bool,
    /// How the shader reaches it (the binding layer's access path; in the
    /// plain model `Via::Plain` or `Via::Heap`).
    pub via: Via,
}

/// One signature element of a graphics shader and where it went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReflectedVarying {
    /// Whether it is an output (else an input).
    pub output: bool,
    /// Whether it is in the third signature: a hull or domain shader's
    /// patch constants, a mesh shader's per-primitive outputs.
    pub patch: bool,
    /// Semantic name (`TEXCOORD`, `SV_Position`).
    pub semantic: String,
    /// Semantic index of its first row.
    pub index: u32,
    /// Rows and columns.
    pub rows: u32,
    /// Columns (components per row).
    pub cols: u32,
    /// `Location` and `Component` of a user semantic or render target.
    pub location: Option<(u32, u32)>,
    /// The SPIR-V built-in of a system value.
    pub builtin: Option<String>,
}

/// What the harness or an application needs to run the SPIR-V.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Reflection {
    /// Entry point name.
    pub entry_point: String,
    /// The stage: `compute`, `vertex`, `hull`, `domain`, `geometry`,
    /// `pixel`, `mesh` or `amplification`.
    pub stage: &'static str,
    /// Workgroup size (`LocalSize`).
    pub workgroup_size: [u32; 3],
    /// `[WaveSize(n)]`: the subgroup size the shader requires (Vulkan:
    /// `requiredSubgroupSize` at pipeline creation), if any.
    pub wave_size: Option<u32>,
    /// Every declared resource.
    pub resources: Vec<ReflectedResource>,
    /// The signature elements of a graphics shader (empty for
    /// compute), inputs first.
    pub interface: Vec<ReflectedVarying>,
    /// Specialization constants the application sets: (`SpecId`, name,
    /// default).
    pub spec_constants: Vec<(u32, String, u32)>,
    /// Push-constant bytes used (0: none; the plain model uses none).
    pub push_constant_size: u32,
    /// SPIR-V capabilities declared.
    pub capabilities: Vec<String>,
    /// SPIR-V extensions declared.
    pub extensions: Vec<String>,
    /// The `srem` lowering used.
    pub srem_lowering: SremLowering,
    /// Whether buffer accesses carry explicit bounds checks.
    pub bounds_checks: bool,
    /// In root-signature mode (`bindless-1`): the root signature, root
    /// block, heap, static samplers and Vulkan requirements; `None` in the
    /// plain model.
    pub bindless: Option<BindlessReflection>,
    /// With descriptor QA: the QA set, shader hash and instruction ids.
    pub qa: Option<crate::binding::qa::QaReflection>,
}

fn json_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

impl Reflection {
    /// The `"interface"` key: one object per signature element.
    fn interface_json(&self, o: &mut String) {
        o.push_str(",\n  \"interface\": [");
        for (i, v) in self.interface.iter().enumerate() {
            o.push_str(if i == 0 { "\n    {" } else { ",\n    {" });
            let dir = if v.output { "out" } else { "in" };
            let _ = write!(
                o,
                "\"direction\": \"{dir}\", \"patch\": {}, \"semantic\": ",
                v.patch
            );
            json_str(o, &v.semantic);
            let _ = write!(
                o,
                ", \"index\": {}, \"rows\": {}, \"cols\": {}",
                v.index, v.rows, v.cols
            );
            match v.location {
                Some((l, c)) => {
                    let _ = write!(o, ", \"location\": {l}, \"component\": {c}");
                }
                None => o.push_str(", \"location\": null, \"component\": null"),
            }
            match &v.builtin {
                Some(b) => {
                    o.push_str(", \"builtin\": ");
                    json_str(o, b);
                }
                None => o.push_str(", \"builtin\": null"),
            }
            o.push('}');
        }
        if !self.interface.is_empty() {
            o.push_str("\n  ");
        }
        o.push(']');
    }

    /// The reflection as JSON (schema: see the crate docs of
    /// `compile`; keys are stable).
    pub fn to_json(&self) -> String {
        let mut o = String::new();
        o.push_str("{\n  \"entry_point\": ");
        json_str(&mut o, &self.entry_point);
        let _ = write!(o, ",\n  \"stage\": \"{}\"", self.stage);
        let [x, y, z] = self.workgroup_size;
        let _ = write!(o, ",\n  \"workgroup_size\": [{x}, {y}, {z}]");
        match self.wave_size {
            Some(w) => {
                let _ = write!(o, ",\n  \"wave_size\": {w}");
            }
            None => o.push_str(",\n  \"wave_size\": null"),
        }
        o.push_str(",\n  \"resources\": [");
        for (i, r) in self.resources.iter().enumerate() {
            o.push_str(if i == 0 { "\n    {" } else { ",\n    {" });
            o.push_str("\"name\": ");
            json_str(&mut o, &r.name);
            // In root-signature mode, root constants and root descriptors
            // live in the root block: no set and binding.
            let (set, binding) = match self.bindless.as_ref().and(r.via.set_binding()) {
                None if self.bindless.is_some() => ("null".to_string(), "null".to_string()),
                _ => (r.set.to_string(), r.binding.to_string()),
            };
            let _ = write!(
                o,
                ", \"class\": \"{}\", \"space\": {}, \"register\": {}, \"count\": {}, \"kind\": \"{}\", \"stride\": {}, \"size\": {}, \"set\": {set}, \"binding\": {binding}, \"descriptor_type\": \"{}\"",
                r.class.letter(),
                r.space,
                r.register,
                if r.count == u32::MAX { -1 } else { i64::from(r.count) },
                r.kind,
                r.stride,
                r.size,
                r.descriptor_type.name()
            );
            match &r.format {
                Some(f) => {
                    o.push_str(", \"format\": ");
                    json_str(&mut o, f);
                }
                None => o.push_str(", \"format\": null"),
            }
            match r.counter {
                Some((s, b)) => {
                    let _ = write!(o, ", \"counter\": {{\"set\": {s}, \"binding\": {b}}}");
                }
                None => o.push_str(", \"counter\": null"),
            }
            let _ = write!(o, ", \"used\": {}, \"heap\": {}", r.used, r.heap);
            if self.bindless.is_some() {
                o.push_str(", \"via\": ");
                let _ = via_json(&r.via).write(&mut o);
            }
            o.push('}');
        }
        if !self.resources.is_empty() {
            o.push_str("\n  ");
        }
        o.push(']');
        self.interface_json(&mut o);
        o.push_str(",\n  \"specialization_constants\": [");
        for (i, (id, name, default)) in self.spec_constants.iter().enumerate() {
            o.push_str(if i == 0 { "" } else { ", " });
            let _ = write!(o, "{{\"id\": {id}, \"name\": ");
            json_str(&mut o, name);
            let _ = write!(o, ", \"default\": {default}}}");
        }
        o.push(']');
        let _ = write!(
            o,
            ",\n  \"push_constant_size\": {}",
            self.push_constant_size
        );
        o.push_str(",\n  \"capabilities\": [");
        for (i, c) in self.capabilities.iter().enumerate() {
            if i > 0 {
                o.push_str(", ");
            }
            json_str(&mut o, c);
        }
        o.push_str("],\n  \"extensions\": [");
        for (i, c) in self.extensions.iter().enumerate() {
            if i > 0 {
                o.push_str(", ");
            }
            json_str(&mut o, c);
        }
        let _ = write!(
            o,
            "],\n  \"srem_lowering\": \"{}\",\n  \"bounds_checks\": {}",
            self.srem_lowering.name(),
            self.bounds_checks
        );
        if let Some(b) = &self.bindless {
            for (key, value) in b.to_json() {
                let _ = write!(o, ",\n  \"{key}\": ");
                let _ = value.write(&mut o);
            }
        }
        if let Some(q) = &self.qa {
            o.push_str(",\n  \"qa\": ");
            let _ = q.to_json().write(&mut o);
        }
        o.push_str("\n}\n");
        o
    }
}

/// A resource's `via` object in `bindless-1` reflection.
fn via_json(v: &Via) -> Json {
    match *v {
        Via::Plain {
            set,
            binding,
            counter_binding,
        } => Json::object().with(
            "plain",
            Json::object()
                .with("set", set)
                .with("binding", binding)
                .with("counter_binding", counter_binding),
        ),
        Via::Heap { binding, .. } => {
            Json::object().with("heap", Json::object().with("binding", binding))
        }
        Via::Table {
            binding,
            parameter,
            range,
            push_offset,
            range_offset,
            range_base,
            ..
        } => Json::object().with(
            "table",
            Json::object()
                .with("parameter", parameter)
                .with("range", range)
                .with("binding", binding)
                .with("push_offset", push_offset)
                .with("range_offset", range_offset)
                .with("range_base", range_base),
        ),
        Via::RootConstants { offset, .. } => {
            Json::object().with("root_constants", Json::object().with("offset", offset))
        }
        Via::RootDescriptor { offset, .. } => {
            Json::object().with("root_descriptor", Json::object().with("offset", offset))
        }
        Via::StaticSampler { set, binding, .. } => Json::object().with(
            "static_sampler",
            Json::object().with("set", set).with("binding", binding),
        ),
        Via::ShaderRecord {
            parameter,
            offset,
            entry,
        } => {
            let at = Json::object()
                .with("parameter", parameter)
                .with("offset", offset);
            let at = match entry {
                RecordEntry::Constants { .. } => at.with("kind", "constants"),
                RecordEntry::Descriptor => at.with("kind", "descriptor"),
                RecordEntry::Table {
                    binding,
                    range,
                    range_offset,
                    range_base,
                    ..
                } => at
                    .with("kind", "table")
                    .with("range", range)
                    .with("binding", binding)
                    .with("range_offset", range_offset)
                    .with("range_base", range_base),
            };
            Json::object().with("shader_record", at)
        }
    }
}

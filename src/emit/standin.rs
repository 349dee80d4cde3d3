//! STAND-IN until the `dxil` metadata decoding lands on main: the few DXIL
//! metadata records emission needs (shader model, entry point, numthreads,
//! resources).
//! Delete this file when the real APIs exist.

use super::desc::{ResourceClass, ResourceDecl, ShaderDesc};
use crate::error::{Error, Phase, Result};
use crate::ir::{MdId, Metadata, Module};

struct Md<'a> {
    m: &'a Module,
}

impl<'a> Md<'a> {
    fn node(&self, id: MdId) -> Option<Vec<Option<MdId>>> {
        match self.m.metadata.get(id)? {
            Metadata::Node { operands, .. } => Some(
                self.m
                    .list(*operands)
                    .iter()
                    .map(|&o| if o == 0 { None } else { Some(MdId(o - 1)) })
                    .collect(),
            ),
            _ => None,
        }
    }
    fn int(&self, id: Option<MdId>) -> Option<u64> {
        match self.m.metadata.get(id?)? {
            Metadata::Value { value, .. } => self.m.const_uint(*value),
            _ => None,
        }
    }
    fn string(&self, id: Option<MdId>) -> Option<&'a str> {
        match self.m.metadata.get(id?)? {
            Metadata::String(s) => Some(self.m.str(*s)),
            _ => None,
        }
    }
    fn named(&self, name: &str) -> Option<Vec<MdId>> {
        let n = self
            .m
            .metadata
            .named
            .iter()
            .find(|n| self.m.str(n.name) == name)?;
        Some(self.m.list(n.operands).iter().map(|&i| MdId(i)).collect())
    }
}

fn bad(msg: &str) -> Error {
    Error::invalid(Phase::Dxil, msg.to_string())
}

/// Decodes the shader model, the first entry point and its resources.
pub fn shader_desc(m: &Module) -> Result<ShaderDesc> {
    let md = Md { m };
    let sm = md
        .named("dx.shaderModel")
        .and_then(|v| v.first().copied())
        .and_then(|n| md.node(n))
        .ok_or_else(|| bad("missing dx.shaderModel"))?;
    let kind = md
        .string(sm.first().copied().flatten())
        .unwrap_or("")
        .to_string();
    let major = md.int(sm.get(1).copied().flatten()).unwrap_or(0) as u32;
    let minor = md.int(sm.get(2).copied().flatten()).unwrap_or(0) as u32;

    if kind == "lib" {
        return Err(Error::unsupported(
            Phase::Dxil,
            format!(
                "shader kind 'lib' (DXIL libraries: ray tracing, work graphs, exported functions) \
                 is not supported, only compute shaders are (shader is lib_{major}_{minor})"
            ),
        ));
    }
    let eps = md
        .named("dx.entryPoints")
        .ok_or_else(|| bad("missing dx.entryPoints"))?;
    let ep = eps
        .first()
        .and_then(|&n| md.node(n))
        .ok_or_else(|| bad("empty dx.entryPoints"))?;
    let func_value = match ep
        .first()
        .copied()
        .flatten()
        .and_then(|i| m.metadata.get(i))
    {
        Some(Metadata::Value { value, .. }) => *value,
        _ => return Err(bad("entry point without a function (library?)")),
    };
    let entry = match m.value(func_value).map(|v| v.kind) {
        Some(crate::ir::ValueKind::Function(f)) => f,
        _ => return Err(bad("entry point is not a function")),
    };
    let entry_name = md
        .string(ep.get(1).copied().flatten())
        .unwrap_or("main")
        .to_string();

    let mut resources = Vec::new();
    if let Some(res) = ep.get(3).copied().flatten().and_then(|n| md.node(n)) {
        for (class_i, list) in res.iter().enumerate() {
            let Some(list) = list.and_then(|n| md.node(n)) else {
                continue;
            };
            let class = ResourceClass::from_u32(class_i as u32).ok_or_else(|| bad("bad class"))?;
            for r in list {
                let r = r
                    .and_then(|n| md.node(n))
                    .ok_or_else(|| bad("bad resource"))?;
                let f = |i: usize| md.int(r.get(i).copied().flatten());
                let mut d = ResourceDecl {
                    class,
                    id: f(0).unwrap_or(0) as u32,
                    name: md
                        .string(r.get(2).copied().flatten())
                        .unwrap_or("")
                        .to_string(),
                    space: f(3).unwrap_or(0) as u32,
                    lower_bound: f(4).unwrap_or(0) as u32,
                    range_size: f(5).unwrap_or(1) as u32,
                    kind: 0,
                    component_type: None,
                    stride: 0,
                    cbuffer_size: 0,
                    has_counter: false,
                    globally_coherent: false,
                };
                let props_at = match class {
                    ResourceClass::Srv => {
                        d.kind = f(6).unwrap_or(0) as u32;
                        8
                    }
                    ResourceClass::Uav => {
                        d.kind = f(6).unwrap_or(0) as u32;
                        d.globally_coherent = f(7).unwrap_or(0) != 0;
                        d.has_counter = f(8).unwrap_or(0) != 0;
                        10
                    }
                    ResourceClass::Cbv => {
                        d.kind = super::desc::kind::CBUFFER;
                        d.cbuffer_size = f(6).unwrap_or(0) as u32;
                        7
                    }
                    ResourceClass::Sampler => {
                        d.kind = super::desc::kind::SAMPLER;
                        7
                    }
                };
                if let Some(props) = r.get(props_at).copied().flatten().and_then(|n| md.node(n)) {
                    for kv in props.chunks(2) {
                        let tag = md.int(kv.first().copied().flatten());
                        let val = md.int(kv.get(1).copied().flatten());
                        match (tag, val) {
                            (Some(0), Some(v)) => d.component_type = Some(v as u32),
                            (Some(1), Some(v)) => d.stride = v as u32,
                            _ => {}
                        }
                    }
                }
                resources.push(d);
            }
        }
    }

    let mut num_threads = [1, 1, 1];
    let mut wave_size = None;
    if let Some(props) = ep.get(4).copied().flatten().and_then(|n| md.node(n)) {
        for kv in props.chunks(2) {
            let tag = md.int(kv.first().copied().flatten());
            let val = kv.get(1).copied().flatten();
            match tag {
                Some(4) => {
                    if let Some(n) = val.and_then(|n| md.node(n)) {
                        for (i, x) in n.iter().take(3).enumerate() {
                            num_threads[i] = md.int(*x).unwrap_or(1) as u32;
                        }
                    }
                }
                Some(11) => {
                    wave_size = md.int(val).map(|v| v as u32).or_else(|| {
                        val.and_then(|n| md.node(n))
                            .and_then(|n| md.int(n.first().copied().flatten()))
                            .map(|v| v as u32)
                    })
                }
                _ => {}
            }
        }
    }

    Ok(ShaderDesc {
        shader_model: (major, minor),
        kind,
        entry,
        entry_name,
        num_threads,
        wave_size,
        resources,
    })
}

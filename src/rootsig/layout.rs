//! The root block of the `bindless-1` ABI: where each root parameter lives
//! in the push-constant block, computed from the root signature alone.
//!
//! The order is vkd3d-proton's (`libs/vkd3d/state.c`,
//! `d3d12_root_signature_init_push_constants`): every root descriptor
//! first, as an 8-byte GPU address, in parameter order; then every set of
//! root constants, 4·N bytes, in parameter order; then one `u32` heap index
//! per descriptor table, in parameter order. The size is 4 × the cost, and
//! the stages are the union of the parameters' visibilities.

use super::Source;
use crate::container::{
    DescriptorRange, DescriptorRangeType, RootParameterKind, RootSignature, ShaderVisibility,
};
use crate::json::Json;

/// Where one root parameter lives in the root block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootBlockEntry {
    /// Index of the root parameter.
    pub parameter: usize,
    /// Byte offset in the block.
    pub offset: u64,
    /// Size in bytes: 8 (root descriptor), 4·N (constants) or 4 (table).
    pub size: u64,
}

/// The root block a root signature implies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootBlock {
    /// Size in bytes (4 × the cost).
    pub size: u64,
    /// The visibilities of the parameters, without repeats, in
    /// [`ShaderVisibility`] order; `[All]` when any parameter is `All`.
    pub stages: Vec<ShaderVisibility>,
    /// The entries in block order.
    pub entries: Vec<RootBlockEntry>,
}

/// Which group of the block a parameter belongs to (block order).
fn group(kind: &RootParameterKind) -> u8 {
    match kind {
        RootParameterKind::Cbv(_) | RootParameterKind::Srv(_) | RootParameterKind::Uav(_) => 0,
        RootParameterKind::Constants(_) => 1,
        RootParameterKind::DescriptorTable(_) => 2,
    }
}

fn entry_size(kind: &RootParameterKind) -> u64 {
    match kind {
        RootParameterKind::Cbv(_) | RootParameterKind::Srv(_) | RootParameterKind::Uav(_) => 8,
        RootParameterKind::Constants(c) => u64::from(c.num_32bit_values).saturating_mul(4),
        RootParameterKind::DescriptorTable(_) => 4,
    }
}

/// Each range's offset in descriptors from the table start, with `append`
/// resolved to the end of the previous range (D3D12's rule; saturating
/// after an unbounded range, which [`RootSignature::validate`] rejects).
pub fn range_offsets(ranges: &[DescriptorRange]) -> Vec<u32> {
    let mut next = 0u32;
    ranges
        .iter()
        .map(|r| {
            let offset = if r.is_append() { next } else { r.offset };
            next = offset.saturating_add(r.num_descriptors);
            offset
        })
        .collect()
}

impl RootSignature {
    /// The `bindless-1` root block (see the [module](self) documentation).
    pub fn root_block(&self) -> RootBlock {
        let mut order: Vec<usize> = (0..self.parameters.len()).collect();
        // Stable: parameter order within each group.
        order.sort_by_key(|&i| self.parameters.get(i).map(|p| group(&p.kind)));
        let mut offset = 0u64;
        let mut entries = Vec::with_capacity(order.len());
        for i in order {
            let Some(p) = self.parameters.get(i) else {
                continue;
            };
            let size = entry_size(&p.kind);
            entries.push(RootBlockEntry {
                parameter: i,
                offset,
                size,
            });
            offset = offset.saturating_add(size);
        }
        let mut stages: Vec<ShaderVisibility> = Vec::new();
        for p in &self.parameters {
            if !stages.contains(&p.visibility) {
                stages.push(p.visibility);
            }
        }
        if stages.contains(&ShaderVisibility::All) {
            stages = vec![ShaderVisibility::All];
        }
        stages.sort_by_key(|v| v.to_u32());
        RootBlock {
            size: offset,
            stages,
            entries,
        }
    }
}

fn lower(name: &str) -> String {
    name.to_ascii_lowercase()
}

fn register(class: DescriptorRangeType, index: u32) -> String {
    format!("{}{index}", class.letter())
}

impl RootBlock {
    /// The block as reflection's `root_block` object: storage, size,
    /// stages, and per parameter its index, kind, offset, size and
    /// visibility, with the register and space of root descriptors and
    /// constants, and the heap and resolved ranges of tables.
    pub fn to_json(&self, rs: &RootSignature) -> Json {
        let parameters = self
            .entries
            .iter()
            .filter_map(|e| {
                let p = rs.parameters.get(e.parameter)?;
                let doc = Json::object()
                    .with("index", e.parameter)
                    .with("kind", p.kind.name())
                    .with("offset", e.offset)
                    .with("size", e.size)
                    .with("visibility", lower(p.visibility.name()));
                Some(match &p.kind {
                    RootParameterKind::DescriptorTable(ranges) => {
                        let sampler = ranges
                            .first()
                            .is_some_and(|r| r.range_type == DescriptorRangeType::Sampler);
                        let offsets = range_offsets(ranges);
                        let ranges = ranges
                            .iter()
                            .zip(offsets)
                            .map(|(r, offset)| {
                                Json::object()
                                    .with("type", r.range_type.name().to_ascii_uppercase())
                                    .with("base", register(r.range_type, r.base_register))
                                    .with("space", r.space)
                                    .with(
                                        "count",
                                        if r.is_unbounded() {
                                            Json::from("unbounded")
                                        } else {
                                            Json::from(r.num_descriptors)
                                        },
                                    )
                                    .with("offset", offset)
                            })
                            .collect();
                        doc.with("heap", if sampler { "sampler" } else { "resource" })
                            .with("ranges", Json::Array(ranges))
                    }
                    RootParameterKind::Constants(c) => doc
                        .with("register", register(DescriptorRangeType::Cbv, c.register))
                        .with("space", c.space)
                        .with("count", c.num_32bit_values),
                    RootParameterKind::Cbv(d)
                    | RootParameterKind::Srv(d)
                    | RootParameterKind::Uav(d) => {
                        let class = match &p.kind {
                            RootParameterKind::Cbv(_) => DescriptorRangeType::Cbv,
                            RootParameterKind::Srv(_) => DescriptorRangeType::Srv,
                            _ => DescriptorRangeType::Uav,
                        };
                        doc.with("register", register(class, d.register))
                            .with("space", d.space)
                    }
                })
            })
            .collect();
        Json::object()
            .with("storage", "push_constant")
            .with("size", self.size)
            .with(
                "stages",
                Json::Array(
                    self.stages
                        .iter()
                        .map(|v| Json::from(lower(v.name())))
                        .collect(),
                ),
            )
            .with("parameters", Json::Array(parameters))
    }
}

impl RootSignature {
    /// What `dxil2spirv rootsig --layout` prints, in reflection's shape:
    /// `abi` (`bindless-1`), `root_signature` (`source`, `version`,
    /// `flags`, `cost`) and `root_block` ([`RootBlock::to_json`]).
    pub fn layout_json(&self, source: Source) -> Json {
        Json::object()
            .with("abi", "bindless-1")
            .with(
                "root_signature",
                Json::object()
                    .with("source", source.name())
                    .with("version", self.version.name())
                    .with("flags", self.to_json().get("flags").cloned())
                    .with("cost", self.cost()),
            )
            .with("root_block", self.root_block().to_json(self))
    }

    /// The number of 32-bit constants of root parameter `parameter` (0 when
    /// it is not root constants or does not exist).
    pub fn constants_count(&self, parameter: usize) -> u32 {
        match self.parameters.get(parameter).map(|p| &p.kind) {
            Some(RootParameterKind::Constants(c)) => c.num_32bit_values,
            _ => 0,
        }
    }
}

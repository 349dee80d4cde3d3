//! Resource declarations: `!dx.resources = !{!{SRVs, UAVs, CBVs, Samplers}}`
//! (`docs/DXIL.rst`, "Resource Binding").

use super::md::{invalid, lazy, MdReader, Node, RawTag};
use super::{ComponentType, ResourceClass, ResourceKind, SamplerKind};
use crate::error::Result;
use crate::ir::{Constant, GlobalId, MdId, Module, Type, ValueId, ValueKind};
use std::fmt::Display;

/// Extended-property tags of a resource record.
pub mod tag {
    /// Element type of a typed buffer or texture (a `ComponentType`).
    pub const ELEMENT_TYPE: u32 = 0;
    /// Element stride of a structured buffer, in bytes.
    pub const STRUCTURED_STRIDE: u32 = 1;
    /// Sampler feedback kind of a feedback texture.
    pub const SAMPLER_FEEDBACK_KIND: u32 = 2;
    /// The resource is used with 64-bit atomics (i1).
    pub const ATOMIC64_USE: u32 = 3;
}

/// The fields every resource record starts with:
/// `i32 ID, symbol, !"name", i32 space, i32 lowerBound, i32 rangeSize`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceBinding {
    /// The resource ID: the range ID that `createHandle` refers to, unique
    /// within the resource's class.
    pub id: u32,
    /// The global symbol (often `undef` of the resource type once
    /// reflection is stripped; a global or a cast of one in libraries);
    /// `None` when null.
    pub symbol: Option<ValueId>,
    /// Original HLSL name (empty when stripped).
    pub name: String,
    /// Register space.
    pub space: u32,
    /// First register.
    pub lower_bound: u32,
    /// Number of registers; `u32::MAX` for an unbounded array.
    pub range_size: u32,
}

impl ResourceBinding {
    /// Whether the range is unbounded (`t0, space1` with `[]`).
    pub fn is_unbounded(&self) -> bool {
        self.range_size == u32::MAX
    }

    /// The last register of the range, `None` when unbounded.
    pub fn upper_bound(&self) -> Option<u32> {
        if self.is_unbounded() {
            None
        } else {
            self.lower_bound
                .checked_add(self.range_size.saturating_sub(1))
        }
    }

    /// The global variable behind the symbol, looking through constant
    /// casts; `None` for `undef` or null.
    pub fn global(&self, module: &Module) -> Option<GlobalId> {
        let mut value = self.symbol?;
        for _ in 0..8 {
            match module.value(value)?.kind {
                ValueKind::Global(g) => return Some(g),
                ValueKind::Constant(Constant::Cast { value: inner, .. }) => value = inner,
                _ => return None,
            }
        }
        None
    }

    /// The name of the struct type the symbol points to
    /// (`class.StructuredBuffer<unsigned int>`, `Sim`), or `""`.
    pub fn type_name<'m>(&self, module: &'m Module) -> &'m str {
        let Some(ty) = self.symbol.and_then(|s| module.value_type(s)) else {
            return "";
        };
        let mut ty = match module.types.pointee(ty) {
            Some((pointee, _)) => pointee,
            None => ty,
        };
        // Arrays of resources point to arrays of the resource type.
        for _ in 0..8 {
            match module.types.ty(ty) {
                Type::Array { elem, .. } => ty = elem,
                Type::Struct { name, .. } => return module.str(name),
                _ => return "",
            }
        }
        ""
    }

    fn decode(md: &MdReader<'_>, node: Node<'_>, path: &dyn Display) -> Result<Self> {
        let f = |i: usize| node.get(i);
        Ok(ResourceBinding {
            id: md.u32(f(0), &format_args!("{path}: ID"))?,
            symbol: md.opt_value(f(1), &format_args!("{path}: global symbol"))?,
            name: md.owned_string(f(2), &format_args!("{path}: name"))?,
            space: md.u32(f(3), &format_args!("{path}: space"))?,
            lower_bound: md.u32(f(4), &format_args!("{path}: lower bound"))?,
            range_size: md.u32(f(5), &format_args!("{path}: range size"))?,
        })
    }
}

/// Element type and stride tags, decoded.
fn typed_tags(
    md: &MdReader<'_>,
    tags: &[RawTag],
    path: &dyn Display,
) -> Result<(Option<ComponentType>, Option<u32>)> {
    let mut element_type = None;
    let mut stride = None;
    for t in tags {
        match t.tag {
            tag::ELEMENT_TYPE => {
                element_type = Some(md.enumerated(t.value, path, "element component type")?);
            }
            tag::STRUCTURED_STRIDE => {
                stride = Some(md.u32(t.value, &format_args!("{path}: structured stride"))?);
            }
            _ => {}
        }
    }
    Ok((element_type, stride))
}

fn resource_kind(md: &MdReader<'_>, id: Option<MdId>, path: &dyn Display) -> Result<ResourceKind> {
    md.enumerated(id, path, "resource shape")
}

/// A shader resource view: `base..., i32 shape, i32 sampleCount, !{tags}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Srv {
    /// Common fields.
    pub binding: ResourceBinding,
    /// Shape.
    pub kind: ResourceKind,
    /// Sample count of multisampled textures (0 otherwise).
    pub sample_count: u32,
    /// Element type of typed resources (tag 0).
    pub element_type: Option<ComponentType>,
    /// Structured buffer stride in bytes (tag 1).
    pub stride: Option<u32>,
    /// Every tag/value pair as found.
    pub tags: Vec<RawTag>,
}

impl Srv {
    fn decode(md: &MdReader<'_>, id: Option<MdId>, path: &dyn Display) -> Result<Self> {
        let node = md.record(id, 8, path)?;
        let tags = md.tag_list(node.get(8), &format_args!("{path}: tags"))?;
        let (element_type, stride) = typed_tags(md, &tags, path)?;
        Ok(Srv {
            binding: ResourceBinding::decode(md, node, path)?,
            kind: resource_kind(md, node.get(6), path)?,
            sample_count: md.u32(node.get(7), &format_args!("{path}: sample count"))?,
            element_type,
            stride,
            tags,
        })
    }
}

/// An unordered access view: `base..., i32 shape, i1 globallyCoherent,
/// i1 hasCounter, i1 rasterizerOrdered, !{tags}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uav {
    /// Common fields.
    pub binding: ResourceBinding,
    /// Shape.
    pub kind: ResourceKind,
    /// `globallycoherent`.
    pub globally_coherent: bool,
    /// Has a hidden counter (append/consume, `IncrementCounter`).
    pub has_counter: bool,
    /// Rasterizer-ordered view.
    pub rasterizer_ordered: bool,
    /// Element type of typed resources (tag 0).
    pub element_type: Option<ComponentType>,
    /// Structured buffer stride in bytes (tag 1).
    pub stride: Option<u32>,
    /// Sampler feedback kind of feedback textures (tag 2).
    pub sampler_feedback: Option<u32>,
    /// Used with 64-bit atomics (tag 3).
    pub atomic64_use: bool,
    /// Every tag/value pair as found.
    pub tags: Vec<RawTag>,
}

impl Uav {
    fn decode(md: &MdReader<'_>, id: Option<MdId>, path: &dyn Display) -> Result<Self> {
        let node = md.record(id, 10, path)?;
        let tags = md.tag_list(node.get(10), &format_args!("{path}: tags"))?;
        let (element_type, stride) = typed_tags(md, &tags, path)?;
        let mut sampler_feedback = None;
        let mut atomic64_use = false;
        for t in &tags {
            match t.tag {
                tag::SAMPLER_FEEDBACK_KIND => {
                    sampler_feedback =
                        Some(md.u32(t.value, &format_args!("{path}: sampler feedback kind"))?);
                }
                tag::ATOMIC64_USE => {
                    atomic64_use = md.bool(t.value, &format_args!("{path}: atomic64 use"))?;
                }
                _ => {}
            }
        }
        Ok(Uav {
            binding: ResourceBinding::decode(md, node, path)?,
            kind: resource_kind(md, node.get(6), path)?,
            globally_coherent: md.bool(node.get(7), &format_args!("{path}: globally coherent"))?,
            has_counter: md.bool(node.get(8), &format_args!("{path}: has counter"))?,
            rasterizer_ordered: md
                .bool(node.get(9), &format_args!("{path}: rasterizer ordered"))?,
            element_type,
            stride,
            sampler_feedback,
            atomic64_use,
            tags,
        })
    }
}

/// A constant buffer: `base..., i32 sizeInBytes, !{tags}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cbv {
    /// Common fields.
    pub binding: ResourceBinding,
    /// Size in bytes.
    pub size: u32,
    /// Every tag/value pair as found.
    pub tags: Vec<RawTag>,
}

impl Cbv {
    fn decode(md: &MdReader<'_>, id: Option<MdId>, path: &dyn Display) -> Result<Self> {
        let node = md.record(id, 7, path)?;
        Ok(Cbv {
            binding: ResourceBinding::decode(md, node, path)?,
            size: md.u32(node.get(6), &format_args!("{path}: size"))?,
            tags: md.tag_list(node.get(7), &format_args!("{path}: tags"))?,
        })
    }
}

/// A sampler: `base..., i32 samplerType, !{tags}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sampler {
    /// Common fields.
    pub binding: ResourceBinding,
    /// Sampler kind.
    pub kind: SamplerKind,
    /// Every tag/value pair as found.
    pub tags: Vec<RawTag>,
}

impl Sampler {
    fn decode(md: &MdReader<'_>, id: Option<MdId>, path: &dyn Display) -> Result<Self> {
        let node = md.record(id, 7, path)?;
        Ok(Sampler {
            binding: ResourceBinding::decode(md, node, path)?,
            kind: md.enumerated(node.get(6), path, "sampler type")?,
            tags: md.tag_list(node.get(7), &format_args!("{path}: tags"))?,
        })
    }
}

/// The four resource lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resources {
    /// Shader resource views.
    pub srvs: Vec<Srv>,
    /// Unordered access views.
    pub uavs: Vec<Uav>,
    /// Constant buffers.
    pub cbvs: Vec<Cbv>,
    /// Samplers.
    pub samplers: Vec<Sampler>,
}

impl Resources {
    /// Whether there are no resources at all.
    pub fn is_empty(&self) -> bool {
        self.srvs.is_empty()
            && self.uavs.is_empty()
            && self.cbvs.is_empty()
            && self.samplers.is_empty()
    }

    /// The number of resources of one class.
    pub fn count(&self, class: ResourceClass) -> usize {
        match class {
            ResourceClass::SRV => self.srvs.len(),
            ResourceClass::UAV => self.uavs.len(),
            ResourceClass::CBuffer => self.cbvs.len(),
            ResourceClass::Sampler => self.samplers.len(),
            ResourceClass::Invalid => 0,
        }
    }

    /// Every resource's class and common fields, SRVs first, then UAVs,
    /// CBVs and samplers, each in declaration order.
    pub fn bindings(&self) -> impl Iterator<Item = (ResourceClass, &ResourceBinding)> + '_ {
        let srvs = self.srvs.iter().map(|r| (ResourceClass::SRV, &r.binding));
        let uavs = self.uavs.iter().map(|r| (ResourceClass::UAV, &r.binding));
        let cbvs = self
            .cbvs
            .iter()
            .map(|r| (ResourceClass::CBuffer, &r.binding));
        let samplers = self
            .samplers
            .iter()
            .map(|r| (ResourceClass::Sampler, &r.binding));
        srvs.chain(uavs).chain(cbvs).chain(samplers)
    }

    /// The resource of a class with this range ID (what `createHandle`'s
    /// `rangeId` operand names).
    pub fn find(&self, class: ResourceClass, id: u32) -> Option<&ResourceBinding> {
        self.bindings()
            .find(|(c, b)| *c == class && b.id == id)
            .map(|(_, b)| b)
    }

    /// Decodes a `!{SRVs, UAVs, CBVs, Samplers}` tuple.
    pub(crate) fn decode(md: &MdReader<'_>, id: Option<MdId>, path: &dyn Display) -> Result<Self> {
        let node = md.node(id, path)?;
        if node.len() != 4 {
            return Err(invalid(
                path,
                format_args!("resource list has {} operands, expected 4", node.len()),
            ));
        }
        let mut res = md.scratch().resources();
        let lists = [
            ResourceClass::SRV,
            ResourceClass::UAV,
            ResourceClass::CBuffer,
            ResourceClass::Sampler,
        ];
        for (i, class) in lists.into_iter().enumerate() {
            let list_path = lazy(|f| write!(f, "{path} {} list", class.name()));
            let Some(list) = md.opt_node(node.get(i), &list_path)? else {
                continue;
            };
            match class {
                ResourceClass::SRV => res.srvs.reserve_exact(list.len()),
                ResourceClass::UAV => res.uavs.reserve_exact(list.len()),
                ResourceClass::CBuffer => res.cbvs.reserve_exact(list.len()),
                _ => res.samplers.reserve_exact(list.len()),
            }
            for (j, r) in list.iter().enumerate() {
                let p = &format_args!("{list_path} record {j}");
                match class {
                    ResourceClass::SRV => res.srvs.push(Srv::decode(md, r, p)?),
                    ResourceClass::UAV => res.uavs.push(Uav::decode(md, r, p)?),
                    ResourceClass::CBuffer => res.cbvs.push(Cbv::decode(md, r, p)?),
                    _ => res.samplers.push(Sampler::decode(md, r, p)?),
                }
            }
        }
        Ok(res)
    }
}

//! `bindless-1` runs: everything a root-signature compilation binds, built
//! from its [`Reflection`] alone, as an embedder would (`docs/BINDING.md`).
//!
//! - The root block (push constants, or the uniform buffer reflection
//!   names): each root-constant parameter holds the words of the spec's
//!   `bN` resource it reads, each root CBV/SRV/UAV the device address of
//!   its spec buffer, each descriptor table the heap index of its start.
//! - Table placement: table `t` (the `t`-th table parameter, in parameter
//!   order) starts at heap index `97·(t+1)` unless a base is given for its
//!   parameter ([`TableBases`]: the spec's `table P = N` lines, the CLI's
//!   `--table-base P=N`), so a shader that ignores the pushed base fails.
//!   Each spec register resource a table range covers goes at `base +
//!   range_offset + (register − range_base)` of the heap binding of its
//!   Vulkan type (the mutable binding in mutable mode); a UAV's counter at
//!   the same index of the counter binding.
//! - The heap set: one runtime array per `heap` binding the shader uses
//!   (mutable ones with their type lists), `heap_size + 1` descriptors;
//!   SM 6.6 `heap[N]` buffers at index N of the bindings of their view.
//! - Static samplers: immutable samplers from `static_samplers[].vk`.

use std::collections::BTreeMap;

use ash::vk;

use super::binding::{
    BindingResource, BindlessDesc, HeapArray, HeapDescriptor, ImmutableSampler, RootAddress,
};
use super::invalid;
use super::spec::{HeapView, RegisterClass, RegisterKey, RunSpec};
use crate::binding::{DescriptorType, ResourceClass, RootBlockStorage, Via, VkSampler};
use crate::emit::Reflection;
use crate::error::Result;
use crate::rootsig::RootParameterKind;

/// Heap bases of descriptor tables by root-parameter index; tables without
/// one start at `97·(t+1)` for the `t`-th table.
pub type TableBases = BTreeMap<u32, u32>;

/// The default heap index of the `t`-th table's start.
pub fn default_table_base(t: u32) -> u32 {
    t.saturating_add(1).saturating_mul(97)
}

/// The heap index of each table parameter's start: `bases`, else the
/// spec's `table P = N`, else [`default_table_base`].
pub fn table_bases(refl: &Reflection, spec: &RunSpec, bases: &TableBases) -> TableBases {
    let mut out = TableBases::new();
    let Some(b) = &refl.bindless else {
        return out;
    };
    let tables = b
        .layout
        .root_signature
        .parameters
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p.kind, RootParameterKind::DescriptorTable(_)));
    for (t, (p, _)) in tables.enumerate() {
        let p = p as u32;
        let base = bases
            .get(&p)
            .or_else(|| spec.table_bases.get(&p))
            .copied()
            .unwrap_or_else(|| default_table_base(t as u32));
        out.insert(p, base);
    }
    out
}

/// The [`BindlessDesc`] of a `bindless-1` compilation for `spec`, with
/// tables at `bases` (see [`table_bases`]). Errors: a plain-model
/// reflection, a base for a parameter that is not a table, a spec resource placed outside the heap or on another's
/// heap slot, a typed `heap[N]` buffer in a mutable binding (the spec does
/// not say whether it is an SRV or a UAV) (InvalidInput).
pub fn bindless_from_reflection(
    refl: &Reflection,
    spec: &RunSpec,
    bases: &TableBases,
) -> Result<BindlessDesc> {
    let b = refl.bindless.as_ref().ok_or_else(|| {
        invalid("the shader was not compiled in root-signature mode (bindless-1)")
    })?;
    let wanted: Vec<u32> = bases
        .keys()
        .chain(spec.table_bases.keys())
        .copied()
        .collect();
    let bases = table_bases(refl, spec, bases);
    if let Some(p) = wanted.iter().find(|p| !bases.contains_key(p)) {
        let tables: Vec<String> = bases.keys().map(u32::to_string).collect();
        return Err(invalid(format!(
            "table {p}: root parameter {p} is not a descriptor table (the tables are \
             parameters [{}])",
            tables.join(", ")
        )));
    }
    let mut block = vec![0u8; b.layout.root_block.size as usize];
    let mut put = |offset: u32, bytes: &[u8]| -> Result<()> {
        let start = offset as usize;
        block
            .get_mut(start..start.saturating_add(bytes.len()))
            .ok_or_else(|| invalid(format!("root-block offset {offset} is outside the block")))?
            .copy_from_slice(bytes);
        Ok(())
    };
    for e in &b.layout.root_block.entries {
        if let Some(base) = bases.get(&(e.parameter as u32)) {
            put(e.offset as u32, &base.to_le_bytes())?;
        }
    }
    let mut heap: Vec<HeapArray> = b
        .heap()
        .into_iter()
        .filter(|h| h.used)
        .map(|h| HeapArray {
            set: b.layout.options.heap_set,
            binding: h.binding,
            types: h.types,
            descriptors: Vec::new(),
        })
        .collect();
    let mut desc = BindlessDesc {
        root_ubo: match b.layout.options.root_block {
            RootBlockStorage::PushConstant => None,
            RootBlockStorage::Uniform { set, binding } => Some((set, binding)),
        },
        ..BindlessDesc::default()
    };
    let mut counter_binding = None;
    for r in &refl.resources {
        // Samplers are spec `s` registers (table ranges) or static samplers.
        let class = match r.class {
            ResourceClass::Srv => RegisterClass::Srv,
            ResourceClass::Uav => RegisterClass::Uav,
            ResourceClass::Cbv => RegisterClass::Cbv,
            ResourceClass::Sampler => RegisterClass::Sampler,
        };
        let key = |register: u32| RegisterKey::new(class, register).in_space(r.space);
        match r.via {
            Via::RootConstants { offset, count, .. } => {
                if let Some(decl) = spec.resource(&key(r.register)) {
                    let bytes = count.saturating_mul(4) as usize;
                    put(offset, decl.data.get(..bytes).unwrap_or(&decl.data))?;
                }
            }
            Via::RootDescriptor { offset, .. } => {
                if spec.resource(&key(r.register)).is_some() {
                    desc.addresses.push(RootAddress {
                        offset,
                        resource: key(r.register),
                    });
                }
            }
            Via::Table {
                set,
                binding,
                counter_binding: counters,
                parameter,
                range_offset,
                range_base,
                ..
            } => {
                let base = bases.get(&parameter).copied().unwrap_or(0);
                let registers = spec.resources.iter().filter(|d| {
                    d.key.class == class
                        && d.key.space == r.space
                        && d.key
                            .index
                            .checked_sub(r.register)
                            .is_some_and(|o| o < r.count)
                });
                for decl in registers {
                    let index = base
                        .checked_add(range_offset)
                        .and_then(|i| i.checked_add(decl.key.index.checked_sub(range_base)?))
                        .ok_or_else(|| {
                            invalid(format!(
                                "{}: table parameter {parameter} at base {base} overflows the \
                                 heap index",
                                decl.key
                            ))
                        })?;
                    let resource = BindingResource::Register(decl.key);
                    place(
                        &mut heap,
                        (set, binding),
                        index,
                        r.descriptor_type,
                        resource,
                    )?;
                    if r.counter.is_some() {
                        let counter = BindingResource::Counter(decl.key);
                        let ty = DescriptorType::StorageBuffer;
                        place(&mut heap, (set, counters), index, ty, counter)?;
                    }
                }
            }
            Via::Heap {
                set,
                counter_binding: counters,
                ..
            } => {
                if r.counter.is_some() {
                    counter_binding = Some((set, counters));
                }
            }
            Via::StaticSampler {
                index,
                set,
                binding,
            } => {
                let s = b
                    .static_samplers()
                    .into_iter()
                    .find(|s| s.index == index)
                    .ok_or_else(|| invalid(format!("static sampler {index} is not reflected")))?;
                if !desc
                    .samplers
                    .iter()
                    .any(|x| (x.set, x.binding) == (set, binding))
                {
                    desc.samplers.push(ImmutableSampler {
                        set,
                        binding,
                        vk: s.vk,
                    });
                }
            }
            Via::Plain { .. } => {}
            Via::ShaderRecord { .. } => {
                return Err(invalid(
                    "a resource of a local root signature: only ray-tracing traces write \
                     shader records",
                ))
            }
        }
    }
    place_heap_buffers(spec, &mut heap, b.layout.options.heap_set, counter_binding)?;
    desc.root_block = block;
    desc.heap = heap;
    Ok(desc)
}

/// Writes a descriptor at `index` of the heap array `(set, binding)`; the
/// same resource twice is one descriptor, another resource on a taken slot
/// an error.
fn place(
    heap: &mut [HeapArray],
    (set, binding): (u32, u32),
    index: u32,
    ty: DescriptorType,
    resource: BindingResource,
) -> Result<()> {
    let array = heap
        .iter_mut()
        .find(|a| (a.set, a.binding) == (set, binding))
        .ok_or_else(|| {
            invalid(format!(
                "reflection places a resource in heap binding (set {set}, binding {binding}), \
                 which its `heap` list does not mark used"
            ))
        })?;
    match array.descriptors.iter().find(|d| d.index == index) {
        Some(d) if d.resource == resource => Ok(()),
        Some(d) => Err(invalid(format!(
            "heap slot {index} of binding {binding} holds both {:?} and {:?}: the table \
             placement makes them collide",
            d.resource, resource
        ))),
        None => {
            array.descriptors.push(HeapDescriptor {
                index,
                ty,
                resource,
            });
            Ok(())
        }
    }
}

/// Places the spec's SM 6.6 `heap[N]` buffers at index N of every used
/// heap array that holds their view's descriptor type, and their counters
/// in the counter binding.
fn place_heap_buffers(
    spec: &RunSpec,
    heap: &mut [HeapArray],
    set: u32,
    counters: Option<(u32, u32)>,
) -> Result<()> {
    for decl in &spec.resources {
        if decl.key.class == RegisterClass::HeapCounter {
            if let Some(at) = counters {
                let resource = BindingResource::Register(decl.key);
                place(
                    heap,
                    at,
                    decl.key.index,
                    DescriptorType::StorageBuffer,
                    resource,
                )?;
            }
            continue;
        }
        let Some(view) = decl.view else { continue };
        let candidates: &[DescriptorType] = match view {
            HeapView::Raw | HeapView::Structured(_) => &[DescriptorType::StorageBuffer],
            HeapView::Cbv => &[DescriptorType::UniformBuffer],
            HeapView::Typed => &[
                DescriptorType::UniformTexelBuffer,
                DescriptorType::StorageTexelBuffer,
            ],
            HeapView::Texture => &[DescriptorType::SampledImage],
            HeapView::RwTexture => &[DescriptorType::StorageImage],
            HeapView::Sampler => &[DescriptorType::Sampler],
        };
        let targets: Vec<(u32, DescriptorType)> = heap
            .iter()
            .filter(|a| a.set == set && counters.map(|c| c.1) != Some(a.binding))
            .filter_map(|a| {
                let fits: Vec<&DescriptorType> =
                    candidates.iter().filter(|t| a.types.contains(t)).collect();
                match fits.as_slice() {
                    [one] => Some(Ok((a.binding, **one))),
                    [] => None,
                    _ => Some(Err(invalid(format!(
                        "{}: a typed heap buffer in the mutable binding {} (the spec does not \
                         say whether it is read as an SRV or a UAV)",
                        decl.key, a.binding
                    )))),
                }
            })
            .collect::<Result<_>>()?;
        for (binding, ty) in targets {
            let resource = BindingResource::Register(decl.key);
            place(heap, (set, binding), decl.key.index, ty, resource)?;
        }
    }
    Ok(())
}

/// The `VkSamplerCreateInfo` of a reflected static sampler, and the
/// reduction mode to chain (`VkSamplerReductionModeCreateInfo`).
pub(super) fn sampler_info(
    s: &VkSampler,
) -> (vk::SamplerCreateInfo<'static>, vk::SamplerReductionMode) {
    let filter = |n: &str| match n {
        "LINEAR" => vk::Filter::LINEAR,
        _ => vk::Filter::NEAREST,
    };
    let address = |n: &str| match n {
        "MIRRORED_REPEAT" => vk::SamplerAddressMode::MIRRORED_REPEAT,
        "CLAMP_TO_EDGE" => vk::SamplerAddressMode::CLAMP_TO_EDGE,
        "CLAMP_TO_BORDER" => vk::SamplerAddressMode::CLAMP_TO_BORDER,
        "MIRROR_CLAMP_TO_EDGE" => vk::SamplerAddressMode::MIRROR_CLAMP_TO_EDGE,
        _ => vk::SamplerAddressMode::REPEAT,
    };
    let compare = match s.compare_op {
        "LESS" => vk::CompareOp::LESS,
        "EQUAL" => vk::CompareOp::EQUAL,
        "LESS_OR_EQUAL" => vk::CompareOp::LESS_OR_EQUAL,
        "GREATER" => vk::CompareOp::GREATER,
        "NOT_EQUAL" => vk::CompareOp::NOT_EQUAL,
        "GREATER_OR_EQUAL" => vk::CompareOp::GREATER_OR_EQUAL,
        "ALWAYS" => vk::CompareOp::ALWAYS,
        _ => vk::CompareOp::NEVER,
    };
    let border = match s.border_color {
        "FLOAT_OPAQUE_BLACK" => vk::BorderColor::FLOAT_OPAQUE_BLACK,
        "FLOAT_OPAQUE_WHITE" => vk::BorderColor::FLOAT_OPAQUE_WHITE,
        "INT_TRANSPARENT_BLACK" => vk::BorderColor::INT_TRANSPARENT_BLACK,
        "INT_OPAQUE_BLACK" => vk::BorderColor::INT_OPAQUE_BLACK,
        "INT_OPAQUE_WHITE" => vk::BorderColor::INT_OPAQUE_WHITE,
        _ => vk::BorderColor::FLOAT_TRANSPARENT_BLACK,
    };
    let reduction = match s.reduction_mode {
        "MIN" => vk::SamplerReductionMode::MIN,
        "MAX" => vk::SamplerReductionMode::MAX,
        _ => vk::SamplerReductionMode::WEIGHTED_AVERAGE,
    };
    let [u, v, w] = s.address_modes;
    let info = vk::SamplerCreateInfo::default()
        .mag_filter(filter(s.mag_filter))
        .min_filter(filter(s.min_filter))
        .mipmap_mode(match s.mipmap_mode {
            "LINEAR" => vk::SamplerMipmapMode::LINEAR,
            _ => vk::SamplerMipmapMode::NEAREST,
        })
        .address_mode_u(address(u))
        .address_mode_v(address(v))
        .address_mode_w(address(w))
        .mip_lod_bias(s.mip_lod_bias)
        .anisotropy_enable(s.anisotropy_enable)
        .max_anisotropy(s.max_anisotropy)
        .compare_enable(s.compare_enable)
        .compare_op(compare)
        .min_lod(s.min_lod)
        .max_lod(s.max_lod)
        .border_color(border)
        .unnormalized_coordinates(s.unnormalized_coordinates);
    (info, reduction)
}

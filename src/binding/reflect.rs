//! What `bindless-1` adds to reflection: the root signature, the root
//! block, the heap bindings the shader uses, the static samplers with their
//! Vulkan state, and the Vulkan features the module needs. An embedder
//! builds its pipeline layout from this alone (`docs/BINDING.md`).

use super::bindless::{BindlessLayout, RootBlockStorage};
use super::{heap_binding, DescriptorType, VkSampler};
use crate::json::Json;
use crate::rootsig::ShaderVisibility;
use std::sync::Arc;

/// One binding of the heap set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapBinding {
    /// The binding number.
    pub binding: u32,
    /// The descriptor types it holds: one, or several for a mutable
    /// binding (`VK_DESCRIPTOR_TYPE_MUTABLE_EXT` with this type list).
    pub types: Vec<DescriptorType>,
    /// Whether the shader declares a variable at it.
    pub used: bool,
}

/// A static sampler's immutable-sampler binding and Vulkan state.
#[derive(Clone, Debug, PartialEq)]
pub struct StaticSamplerBinding {
    /// Its index in the root signature.
    pub index: u32,
    /// The static-sampler set.
    pub set: u32,
    /// Its binding (= index).
    pub binding: u32,
    /// Register (`s`).
    pub register: u32,
    /// Register space.
    pub space: u32,
    /// Which stages see it.
    pub visibility: ShaderVisibility,
    /// The `VkSamplerCreateInfo` it needs.
    pub vk: VkSampler,
}

/// The Vulkan features and limits the module needs.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct VulkanRequirements {
    /// Feature names as `VkPhysicalDevice*Features` spell them.
    pub features: Vec<&'static str>,
    /// Push-constant bytes the pipeline layout must declare (0 with the
    /// root block in a uniform buffer).
    pub push_constant_bytes: u32,
}

/// Reflection of a `bindless-1` compilation: the layout (root signature,
/// root block, options; shared with the compiler, not copied) and what the
/// module uses of it.
#[derive(Clone, Debug, PartialEq)]
pub struct BindlessReflection {
    /// The layout: `root_signature`, `source`, `root_block`, `options`
    /// (heap and static-sampler sets, root-block storage).
    pub layout: Arc<BindlessLayout>,
    /// The heap bindings the module declares.
    pub used_heap_bindings: Vec<u32>,
    /// Vulkan features and push-constant size.
    pub vulkan: VulkanRequirements,
}

/// The descriptor types of each heap binding (mutable bindings list all
/// the types they alias).
fn heap_types(layout: &BindlessLayout) -> Vec<(u32, Vec<DescriptorType>)> {
    use DescriptorType as T;
    let all = T::RESOURCE_HEAP;
    let mut out: Vec<(u32, Vec<DescriptorType>)> = Vec::new();
    for t in all {
        if layout.options.cbv_as_ssbo && t == T::UniformBuffer {
            continue;
        }
        let b = layout.binding_of(t);
        match out.iter_mut().find(|(x, _)| *x == b) {
            Some((_, types)) => types.push(t),
            None => out.push((b, vec![t])),
        }
    }
    out.push((heap_binding::COUNTER, vec![T::StorageBuffer]));
    out.push((heap_binding::SAMPLER, vec![T::Sampler]));
    out
}

/// Null descriptors the embedder keeps after the last heap slot.
pub const PAD_SLOTS: u32 = 1;

impl BindlessReflection {
    /// The reflection of a layout, given the heap bindings the module
    /// declares and its capabilities.
    pub fn new(layout: &Arc<BindlessLayout>, used: Vec<u32>, capabilities: &[String]) -> Self {
        let vulkan = requirements(layout, &used, capabilities);
        BindlessReflection {
            layout: layout.clone(),
            used_heap_bindings: used,
            vulkan,
        }
    }

    /// The heap set's bindings, each with its descriptor types and whether
    /// the module declares it.
    pub fn heap(&self) -> Vec<HeapBinding> {
        heap_types(&self.layout)
            .into_iter()
            .map(|(binding, types)| HeapBinding {
                binding,
                used: self.used_heap_bindings.contains(&binding),
                types,
            })
            .collect()
    }

    /// The static samplers with their bindings and Vulkan state.
    pub fn static_samplers(&self) -> Vec<StaticSamplerBinding> {
        let layout = &self.layout;
        layout
            .root_signature
            .static_samplers
            .iter()
            .enumerate()
            .map(|(i, s)| StaticSamplerBinding {
                index: i as u32,
                set: layout.options.static_sampler_set,
                binding: i as u32,
                register: s.register,
                space: s.space,
                visibility: s.visibility,
                vk: VkSampler::of(s),
            })
            .collect()
    }

    /// The JSON keys it adds to reflection: `abi`, `root_signature`,
    /// `root_block`, `heap`, `static_samplers`, `vulkan`, and
    /// `shader_record` with a local root signature.
    pub fn to_json(&self) -> Vec<(&'static str, Json)> {
        let layout = &self.layout;
        let rs = &layout.root_signature;
        let storage = layout.options.root_block;
        let mut root_block = layout.root_block.to_json(rs);
        if let Json::Object(entries) = &mut root_block {
            for (k, v) in entries.iter_mut() {
                if k == "storage" {
                    *v = Json::from(storage.name());
                }
            }
            if let RootBlockStorage::Uniform { set, binding } = storage {
                entries.insert(1, ("set".into(), Json::from(set)));
                entries.insert(2, ("binding".into(), Json::from(binding)));
            }
        }
        let heap = Json::object()
            .with("set", layout.options.heap_set)
            .with(
                "bindings",
                Json::Array(
                    self.heap()
                        .iter()
                        .map(|b| {
                            let ty = match b.types.as_slice() {
                                [one] => one.name(),
                                _ => "mutable",
                            };
                            Json::object()
                                .with("binding", b.binding)
                                .with("type", ty)
                                .with(
                                    "types",
                                    Json::Array(
                                        b.types.iter().map(|t| Json::from(t.name())).collect(),
                                    ),
                                )
                                .with("used", b.used)
                        })
                        .collect(),
                ),
            )
            .with("pad_slots", PAD_SLOTS);
        let samplers = self
            .static_samplers()
            .iter()
            .map(|s| {
                let v = &s.vk;
                Json::object()
                    .with("set", s.set)
                    .with("binding", s.binding)
                    .with("register", format!("s{}", s.register))
                    .with("space", s.space)
                    .with("visibility", s.visibility.name().to_ascii_lowercase())
                    .with(
                        "vk",
                        Json::object()
                            .with("magFilter", v.mag_filter)
                            .with("minFilter", v.min_filter)
                            .with("mipmapMode", v.mipmap_mode)
                            .with("addressModeU", v.address_modes[0])
                            .with("addressModeV", v.address_modes[1])
                            .with("addressModeW", v.address_modes[2])
                            .with("mipLodBias", v.mip_lod_bias)
                            .with("anisotropyEnable", v.anisotropy_enable)
                            .with("maxAnisotropy", v.max_anisotropy)
                            .with("compareEnable", v.compare_enable)
                            .with("compareOp", v.compare_op)
                            .with("minLod", v.min_lod)
                            .with("maxLod", v.max_lod)
                            .with("borderColor", v.border_color)
                            .with("unnormalizedCoordinates", v.unnormalized_coordinates)
                            .with("reductionMode", v.reduction_mode),
                    )
            })
            .collect();
        let vulkan = Json::object()
            .with(
                "features",
                Json::Array(
                    self.vulkan
                        .features
                        .iter()
                        .map(|f| Json::from(*f))
                        .collect(),
                ),
            )
            .with("push_constant_bytes", self.vulkan.push_constant_bytes);
        let mut keys = vec![
            ("abi", Json::from("bindless-1")),
            (
                "root_signature",
                Json::object()
                    .with("source", layout.source)
                    .with("version", rs.version.name())
                    .with("flags", rs.to_json().get("flags").cloned())
                    .with("cost", rs.cost()),
            ),
            ("root_block", root_block),
            ("heap", heap),
            ("static_samplers", Json::Array(samplers)),
            ("vulkan", vulkan),
        ];
        if let Some(local) = &layout.local {
            keys.push(("shader_record", local.to_json()));
        }
        keys
    }
}

/// The features a module needs: descriptor indexing for the heap, the
/// non-uniform indexing its capabilities say, update-after-bind per used
/// binding, buffer device addresses with root descriptors, mutable
/// descriptors in mutable mode.
fn requirements(
    layout: &BindlessLayout,
    used: &[u32],
    capabilities: &[String],
) -> VulkanRequirements {
    let mut f: Vec<&'static str> =
        vec!["runtimeDescriptorArray", "descriptorBindingPartiallyBound"];
    for (cap, feature) in [
        (
            "SampledImageArrayNonUniformIndexing",
            "shaderSampledImageArrayNonUniformIndexing",
        ),
        (
            "StorageImageArrayNonUniformIndexing",
            "shaderStorageImageArrayNonUniformIndexing",
        ),
        (
            "UniformTexelBufferArrayNonUniformIndexing",
            "shaderUniformTexelBufferArrayNonUniformIndexing",
        ),
        (
            "StorageTexelBufferArrayNonUniformIndexing",
            "shaderStorageTexelBufferArrayNonUniformIndexing",
        ),
        (
            "StorageBufferArrayNonUniformIndexing",
            "shaderStorageBufferArrayNonUniformIndexing",
        ),
        (
            "UniformBufferArrayNonUniformIndexing",
            "shaderUniformBufferArrayNonUniformIndexing",
        ),
    ] {
        if capabilities.iter().any(|c| c == cap) {
            f.push(feature);
        }
    }
    use DescriptorType as T;
    for t in T::RESOURCE_HEAP {
        let held = !(layout.options.cbv_as_ssbo && t == T::UniformBuffer);
        let counters = t == T::StorageBuffer && used.contains(&heap_binding::COUNTER);
        if !(held && used.contains(&layout.binding_of(t)) || counters) {
            continue;
        }
        let feature = match t {
            T::SampledImage => "descriptorBindingSampledImageUpdateAfterBind",
            T::StorageImage => "descriptorBindingStorageImageUpdateAfterBind",
            T::UniformTexelBuffer => "descriptorBindingUniformTexelBufferUpdateAfterBind",
            T::StorageTexelBuffer => "descriptorBindingStorageTexelBufferUpdateAfterBind",
            T::StorageBuffer => "descriptorBindingStorageBufferUpdateAfterBind",
            T::UniformBuffer => "descriptorBindingUniformBufferUpdateAfterBind",
            T::AccelerationStructure => "descriptorBindingAccelerationStructureUpdateAfterBind",
            // Samplers are update-after-bind without a feature.
            T::Sampler => continue,
        };
        if !f.contains(&feature) {
            f.push(feature);
        }
    }
    let local_descriptors = layout.local.as_ref().is_some_and(|l| {
        l.root_signature.parameters.iter().any(|p| {
            matches!(
                p.kind,
                crate::rootsig::RootParameterKind::Cbv(_)
                    | crate::rootsig::RootParameterKind::Srv(_)
                    | crate::rootsig::RootParameterKind::Uav(_)
            )
        })
    });
    if layout.root_descriptors > 0 || local_descriptors {
        f.push("bufferDeviceAddress");
    }
    if layout.options.mutable_descriptors {
        f.push("mutableDescriptorType");
    }
    VulkanRequirements {
        features: f,
        push_constant_bytes: match layout.options.root_block {
            RootBlockStorage::PushConstant => layout.root_block.size as u32,
            RootBlockStorage::Uniform { .. } => 0,
        },
    }
}

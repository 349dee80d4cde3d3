//! The binding layer: how a shader reaches each resource it declares.
//!
//! It sits between `dxil` and `emit`: emission asks it, per resource, for
//! one access path (a [`Via`]) and no longer decides bindings itself. Two
//! models produce them:
//!
//! - the plain model ([`plain`]): every resource a descriptor of its own
//!   (`set = space`, `binding = register + class offset`, remaps, set
//!   policy), SM 6.6 heap views in one heap set;
//! - the `bindless-1` model ([`bindless`]): a D3D12 root signature decides:
//!   root constants and root-descriptor addresses in the root block,
//!   descriptor tables and SM 6.6 heaps as runtime arrays of one heap set,
//!   static samplers in a set of their own (`docs/BINDING.md`).
//!
//! [`Bindings::resolve`] resolves every resource once per compilation.
//! Nothing here knows SPIR-V: the layer speaks of Vulkan sets, bindings,
//! descriptor types and root-block offsets.

pub mod bindless;
pub mod local;
pub mod plain;
pub mod qa;
mod reflect;
mod sampler;

pub use bindless::{BindlessLayout, BindlessOptions, RootBlockStorage, RootSignatureChoice};
pub use local::ShaderRecordLayout;
pub use plain::{BindingOffsets, BindingRemap, PlainOptions, SetPolicy};
pub use reflect::{
    BindlessReflection, HeapBinding, StaticSamplerBinding, VulkanRequirements, PAD_SLOTS,
};
pub use sampler::VkSampler;

use crate::dxil::{ResourceKind, ShaderKind};
use crate::error::Result;
use std::sync::Arc;

/// The D3D resource class of a binding range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ResourceClass {
    /// Shader resource view (`t` registers).
    Srv,
    /// Unordered access view (`u` registers).
    Uav,
    /// Constant buffer view (`b` registers).
    Cbv,
    /// Sampler (`s` registers).
    Sampler,
}

impl ResourceClass {
    /// The class from its DXIL number (0 SRV, 1 UAV, 2 CBV, 3 sampler), as
    /// `createHandle` and annotated handles give it.
    pub fn from_u32(v: u32) -> Option<ResourceClass> {
        Some(match v {
            0 => ResourceClass::Srv,
            1 => ResourceClass::Uav,
            2 => ResourceClass::Cbv,
            3 => ResourceClass::Sampler,
            _ => return None,
        })
    }

    /// The HLSL register letter.
    pub fn letter(self) -> char {
        match self {
            ResourceClass::Srv => 't',
            ResourceClass::Uav => 'u',
            ResourceClass::Cbv => 'b',
            ResourceClass::Sampler => 's',
        }
    }
}

impl From<ResourceClass> for crate::rootsig::DescriptorRangeType {
    /// The root signature's name of a register class.
    fn from(class: ResourceClass) -> Self {
        use crate::rootsig::DescriptorRangeType as R;
        match class {
            ResourceClass::Srv => R::Srv,
            ResourceClass::Uav => R::Uav,
            ResourceClass::Cbv => R::Cbv,
            ResourceClass::Sampler => R::Sampler,
        }
    }
}

/// The Vulkan descriptor type of a binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DescriptorType {
    /// `VK_DESCRIPTOR_TYPE_STORAGE_BUFFER`.
    StorageBuffer,
    /// `VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER`.
    UniformBuffer,
    /// `VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER`.
    UniformTexelBuffer,
    /// `VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER`.
    StorageTexelBuffer,
    /// `VK_DESCRIPTOR_TYPE_SAMPLER`.
    Sampler,
    /// `VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE`.
    SampledImage,
    /// `VK_DESCRIPTOR_TYPE_STORAGE_IMAGE`.
    StorageImage,
    /// `VK_DESCRIPTOR_TYPE_ACCELERATION_STRUCTURE_KHR`.
    AccelerationStructure,
}

impl DescriptorType {
    /// The types of the resource heap (everything but samplers), in heap
    /// binding order.
    pub const RESOURCE_HEAP: [DescriptorType; 7] = [
        DescriptorType::SampledImage,
        DescriptorType::StorageImage,
        DescriptorType::UniformTexelBuffer,
        DescriptorType::StorageTexelBuffer,
        DescriptorType::StorageBuffer,
        DescriptorType::UniformBuffer,
        DescriptorType::AccelerationStructure,
    ];

    /// The name used in reflection JSON (the Vulkan enumerator without
    /// prefix, lower case).
    pub fn name(self) -> &'static str {
        match self {
            DescriptorType::StorageBuffer => "storage_buffer",
            DescriptorType::UniformBuffer => "uniform_buffer",
            DescriptorType::UniformTexelBuffer => "uniform_texel_buffer",
            DescriptorType::StorageTexelBuffer => "storage_texel_buffer",
            DescriptorType::Sampler => "sampler",
            DescriptorType::SampledImage => "sampled_image",
            DescriptorType::StorageImage => "storage_image",
            DescriptorType::AccelerationStructure => "acceleration_structure",
        }
    }

    /// The descriptor type a resource of this class and kind is bound
    /// as: constant buffers uniform buffers, typed buffers texel buffers,
    /// textures images, raw and structured buffers storage buffers.
    pub fn of(class: ResourceClass, kind: ResourceKind) -> DescriptorType {
        use ResourceKind as K;
        let texture = matches!(
            kind,
            K::Texture1D
                | K::Texture1DArray
                | K::Texture2D
                | K::Texture2DArray
                | K::Texture2DMS
                | K::Texture2DMSArray
                | K::Texture3D
                | K::TextureCube
                | K::TextureCubeArray
        );
        match (class, kind) {
            (ResourceClass::Cbv, _) => DescriptorType::UniformBuffer,
            (ResourceClass::Sampler, _) => DescriptorType::Sampler,
            (ResourceClass::Srv, K::TypedBuffer) => DescriptorType::UniformTexelBuffer,
            (ResourceClass::Uav, K::TypedBuffer) => DescriptorType::StorageTexelBuffer,
            (ResourceClass::Srv, _) if texture => DescriptorType::SampledImage,
            (_, K::RTAccelerationStructure) => DescriptorType::AccelerationStructure,
            (ResourceClass::Uav, _) if texture => DescriptorType::StorageImage,
            _ => DescriptorType::StorageBuffer,
        }
    }

    /// Its binding in the heap set ([`heap_binding`]).
    pub fn heap_binding(self) -> u32 {
        use heap_binding as B;
        match self {
            DescriptorType::SampledImage => B::SAMPLED_IMAGE,
            DescriptorType::StorageImage => B::STORAGE_IMAGE,
            DescriptorType::UniformTexelBuffer => B::UNIFORM_TEXEL_BUFFER,
            DescriptorType::StorageTexelBuffer => B::STORAGE_TEXEL_BUFFER,
            DescriptorType::StorageBuffer => B::STORAGE_BUFFER,
            DescriptorType::UniformBuffer => B::UNIFORM_BUFFER,
            DescriptorType::AccelerationStructure => B::ACCELERATION_STRUCTURE,
            DescriptorType::Sampler => B::SAMPLER,
        }
    }
}

/// The bindings of the heap set, one per descriptor type.
pub mod heap_binding {
    /// SRV textures (sampled images).
    pub const SAMPLED_IMAGE: u32 = 0;
    /// UAV textures (storage images).
    pub const STORAGE_IMAGE: u32 = 1;
    /// SRV typed buffers (uniform texel buffers).
    pub const UNIFORM_TEXEL_BUFFER: u32 = 2;
    /// UAV typed buffers (storage texel buffers).
    pub const STORAGE_TEXEL_BUFFER: u32 = 3;
    /// Raw and structured buffers (storage buffers).
    pub const STORAGE_BUFFER: u32 = 4;
    /// Constant buffers (uniform buffers).
    pub const UNIFORM_BUFFER: u32 = 5;
    /// Ray tracing acceleration structures.
    pub const ACCELERATION_STRUCTURE: u32 = 6;
    /// The hidden counters of UAVs (storage buffers of one `u32`).
    pub const COUNTER: u32 = 7;
    /// `SamplerDescriptorHeap` (samplers).
    pub const SAMPLER: u32 = 8;
}

/// One resource as the binding layer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resource {
    /// Class (register letter).
    pub class: ResourceClass,
    /// DXIL resource kind.
    pub kind: ResourceKind,
    /// Register space.
    pub space: u32,
    /// First register.
    pub lower_bound: u32,
    /// Number of registers; `u32::MAX` for an unbounded range.
    pub range_size: u32,
    /// Whether it is a view of an SM 6.6 descriptor heap.
    pub heap: bool,
}

/// How the shader reaches one resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// The plain model: a descriptor (array) of its own.
    Plain {
        /// Descriptor set.
        set: u32,
        /// Binding.
        binding: u32,
        /// Binding of the hidden counter (UAVs with a counter), same set.
        counter_binding: u32,
    },
    /// An SM 6.6 heap view: the runtime array of its descriptor type in the
    /// heap set, indexed by the heap index as the shader gives it.
    Heap {
        /// The heap set.
        set: u32,
        /// The binding of its descriptor type.
        binding: u32,
        /// The counters' binding (indexed by the UAV's heap index).
        counter_binding: u32,
    },
    /// A descriptor table range: the runtime array of its descriptor type
    /// in the heap set, at heap index `w[word] + range_offset + (register −
    /// range_base)`.
    Table {
        /// The heap set.
        set: u32,
        /// The binding of its descriptor type.
        binding: u32,
        /// The counters' binding (indexed by the UAV's heap index).
        counter_binding: u32,
        /// The root parameter.
        parameter: u32,
        /// The range in the table.
        range: u32,
        /// Byte offset of the table's heap index in the root block.
        push_offset: u32,
        /// Index of that word in the root block's word array `w`.
        word: u32,
        /// The range's offset in descriptors from the table start.
        range_offset: u32,
        /// The range's first register.
        range_base: u32,
    },
    /// Root constants read as a constant buffer.
    RootConstants {
        /// The root parameter.
        parameter: u32,
        /// Byte offset of the first constant in the root block.
        offset: u32,
        /// Index of the first constant in the word array `w`.
        word: u32,
        /// Number of 32-bit constants.
        count: u32,
    },
    /// A root CBV, SRV or UAV: a buffer device address in the root block.
    RootDescriptor {
        /// The root parameter.
        parameter: u32,
        /// Byte offset of the address in the root block.
        offset: u32,
        /// Index of the address in the root block's address array `rd`.
        index: u32,
    },
    /// A parameter of the DXR local root signature, read from the shader
    /// record (`ShaderRecordBufferKHR`) at `offset` ([`local`]).
    ShaderRecord {
        /// The local root parameter.
        parameter: u32,
        /// Byte offset of the parameter in the shader record.
        offset: u32,
        /// What the record holds there.
        entry: RecordEntry,
    },
    /// A static sampler.
    StaticSampler {
        /// Its index in the root signature.
        index: u32,
        /// The static-sampler set.
        set: u32,
        /// Its binding (= index).
        binding: u32,
    },
}

/// What a shader record holds for one local root parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordEntry {
    /// Root constants read as a constant buffer (4-byte words).
    Constants {
        /// Number of 32-bit constants.
        count: u32,
    },
    /// A root CBV, SRV or UAV: an 8-byte buffer device address.
    Descriptor,
    /// A descriptor table: an 8-byte descriptor handle whose low word >>
    /// [`local::HANDLE_SHIFT`] is the heap index of the table start; the
    /// range's descriptors are read as for [`Via::Table`].
    Table {
        /// The heap set.
        set: u32,
        /// The binding of its descriptor type.
        binding: u32,
        /// The counters' binding (indexed by the UAV's heap index).
        counter_binding: u32,
        /// The range in the table.
        range: u32,
        /// The range's offset in descriptors from the table start.
        range_offset: u32,
        /// The range's first register.
        range_base: u32,
    },
}

/// Where a root CBV/SRV/UAV's address is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddressAt {
    /// `rd[index]` of the root block.
    RootBlock(u32),
    /// The shader record, at this byte offset.
    ShaderRecord(u32),
}

impl Via {
    /// Where a root descriptor's buffer device address lives (root block
    /// or shader record); `None` for every other access path.
    pub fn address(&self) -> Option<AddressAt> {
        match *self {
            Via::RootDescriptor { index, .. } => Some(AddressAt::RootBlock(index)),
            Via::ShaderRecord {
                offset,
                entry: RecordEntry::Descriptor,
                ..
            } => Some(AddressAt::ShaderRecord(offset)),
            _ => None,
        }
    }

    /// Whether the resource is root constants (of the root block or the
    /// shader record).
    pub fn is_root_constants(&self) -> bool {
        matches!(
            self,
            Via::RootConstants { .. }
                | Via::ShaderRecord {
                    entry: RecordEntry::Constants { .. },
                    ..
                }
        )
    }

    /// The (set, binding) of the descriptor or descriptor array the
    /// resource is read from; `None` for root constants and root
    /// descriptors (they live in the root block).
    pub fn set_binding(&self) -> Option<(u32, u32)> {
        match *self {
            Via::Plain { set, binding, .. }
            | Via::Heap { set, binding, .. }
            | Via::Table { set, binding, .. }
            | Via::StaticSampler { set, binding, .. }
            | Via::ShaderRecord {
                entry: RecordEntry::Table { set, binding, .. },
                ..
            } => Some((set, binding)),
            Via::RootConstants { .. } | Via::RootDescriptor { .. } | Via::ShaderRecord { .. } => {
                None
            }
        }
    }

    /// The (set, binding) of a UAV's hidden counter.
    pub fn counter(&self) -> Option<(u32, u32)> {
        match *self {
            Via::Plain {
                set,
                counter_binding,
                ..
            }
            | Via::Heap {
                set,
                counter_binding,
                ..
            }
            | Via::Table {
                set,
                counter_binding,
                ..
            }
            | Via::ShaderRecord {
                entry:
                    RecordEntry::Table {
                        set,
                        counter_binding,
                        ..
                    },
                ..
            } => Some((set, counter_binding)),
            _ => None,
        }
    }

    /// Whether the descriptors are a runtime array indexed by heap index
    /// (SM 6.6 heaps and descriptor tables).
    pub fn is_heap_array(&self) -> bool {
        matches!(
            self,
            Via::Heap { .. }
                | Via::Table { .. }
                | Via::ShaderRecord {
                    entry: RecordEntry::Table { .. },
                    ..
                }
        )
    }
}

/// Which binding model a compilation uses.
#[derive(Clone, Debug, PartialEq)]
pub enum BindingModel {
    /// The plain model.
    Plain(PlainOptions),
    /// `bindless-1`, driven by a root signature.
    Bindless(Arc<BindlessLayout>),
}

/// Every resource's access path, resolved once per compilation.
///
/// A ray-tracing export of a library sees every resource of the library,
/// but its root signatures need to cover only those it uses: a resource
/// they miss is kept with its error, returned when emission asks for it
/// ([`Bindings::access`]) and left out of reflection.
#[derive(Clone, Debug, PartialEq)]
pub struct Bindings {
    vias: Vias,
    bindless: Option<Arc<BindlessLayout>>,
}

/// Every resource's access path, in order: inline for the few resources
/// most shaders declare (no allocation per compilation).
pub(crate) type Vias = smallvec::SmallVec<[Result<Via>; 4]>;

impl Bindings {
    /// Resolves each resource (in order) for `stage` under `model`; in
    /// `bindless-1`, a resource the root signature does not cover is the
    /// root signature's error (naming register, parameter and stage).
    pub fn resolve(
        resources: &[Resource],
        model: &BindingModel,
        stage: ShaderKind,
    ) -> Result<Bindings> {
        Ok(match model {
            BindingModel::Plain(o) => Bindings {
                vias: plain::resolve(resources, o),
                bindless: None,
            },
            BindingModel::Bindless(layout) => {
                let vias = layout.resolve(resources, stage);
                let vias = if stage.is_ray_tracing() {
                    vias
                } else {
                    // Every resource of other stages must be covered.
                    vias.into_iter()
                        .map(|v| v.map(Ok))
                        .collect::<Result<Vias>>()?
                };
                Bindings {
                    vias,
                    bindless: Some(layout.clone()),
                }
            }
        })
    }

    /// The access path of resource `r` (`None` for one a library export's
    /// root signatures do not cover).
    pub fn via(&self, r: usize) -> Option<&Via> {
        self.vias.get(r).and_then(|v| v.as_ref().ok())
    }

    /// The access path of resource `r`, or why its root signatures do not
    /// cover it; `None` past the resources.
    pub fn access(&self, r: usize) -> Option<Result<Via>> {
        self.vias.get(r).cloned()
    }

    /// The `bindless-1` layout, in root-signature mode.
    pub fn bindless(&self) -> Option<&BindlessLayout> {
        self.bindless.as_deref()
    }

    /// The shared `bindless-1` layout, in root-signature mode.
    pub fn bindless_layout(&self) -> Option<&Arc<BindlessLayout>> {
        self.bindless.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rootsig::{
        ComparisonFunc, Filter, SamplerFlags, ShaderVisibility, StaticBorderColor, StaticSampler,
        TextureAddressMode,
    };

    fn layout(options: BindlessOptions) -> BindlessLayout {
        let rs = crate::rootsig::RootSignature {
            version: crate::rootsig::RootSignatureVersion::V1_1,
            flags: crate::rootsig::RootSignatureFlags::NONE,
            parameters: Vec::new(),
            static_samplers: Vec::new(),
        };
        BindlessLayout::new(rs, "supplied", options)
    }

    #[test]
    fn heap_bindings_by_type_mutable_and_cbv_as_ssbo() {
        use DescriptorType as T;
        let plain = layout(BindlessOptions::default());
        let types: Vec<T> = T::RESOURCE_HEAP.into_iter().chain([T::Sampler]).collect();
        let bindings: Vec<u32> = types.iter().map(|&t| plain.binding_of(t)).collect();
        assert_eq!(bindings, [0, 1, 2, 3, 4, 5, 6, 8]);
        let mutable = layout(BindlessOptions {
            mutable_descriptors: true,
            ..BindlessOptions::default()
        });
        let bindings: Vec<u32> = types.iter().map(|&t| mutable.binding_of(t)).collect();
        assert_eq!(bindings, [0, 0, 0, 0, 4, 4, 6, 8]);
        let ssbo = layout(BindlessOptions {
            cbv_as_ssbo: true,
            ..BindlessOptions::default()
        });
        assert_eq!(ssbo.binding_of(T::UniformBuffer), 4);
    }

    #[test]
    fn plain_model_offsets_remaps_and_compact_sets() {
        let r = |class, space, lower_bound| Resource {
            class,
            kind: crate::dxil::ResourceKind::RawBuffer,
            space,
            lower_bound,
            range_size: 1,
            heap: false,
        };
        let resources = [r(ResourceClass::Uav, 12, 3), r(ResourceClass::Srv, 999, 0)];
        let mut o = PlainOptions {
            offsets: BindingOffsets::default(),
            remaps: vec![BindingRemap {
                class: ResourceClass::Srv,
                space: 999,
                register: 0,
                set: 4,
                binding: 7,
                counter_binding: None,
            }],
            sets: SetPolicy::Compact,
            heap_set: 7,
        };
        let b = Bindings::resolve(
            &resources,
            &BindingModel::Plain(o.clone()),
            ShaderKind::Compute,
        )
        .unwrap();
        assert_eq!(b.via(0).and_then(Via::set_binding), Some((0, 2003)));
        assert_eq!(b.via(0).and_then(Via::counter), Some((0, 4003)));
        assert_eq!(b.via(1).and_then(Via::set_binding), Some((4, 7)));
        o.sets = SetPolicy::Space;
        o.remaps.clear();
        let b =
            Bindings::resolve(&resources, &BindingModel::Plain(o), ShaderKind::Compute).unwrap();
        assert_eq!(b.via(1).and_then(Via::set_binding), Some((999, 1000)));
    }

    #[test]
    fn static_sampler_vulkan_state() {
        let s = StaticSampler {
            filter: Filter(0x95), // comparison, min/mag/mip linear
            address_u: TextureAddressMode::Wrap,
            address_v: TextureAddressMode::MirrorOnce,
            address_w: TextureAddressMode::Border,
            mip_lod_bias: 0.5,
            max_anisotropy: 16,
            comparison_func: ComparisonFunc::LessEqual,
            border_color: StaticBorderColor::OpaqueWhite,
            min_lod: 0.0,
            max_lod: 4.0,
            register: 0,
            space: 0,
            visibility: ShaderVisibility::All,
            flags: Some(SamplerFlags::UINT_BORDER_COLOR),
        };
        let v = VkSampler::of(&s);
        assert_eq!(
            (v.mag_filter, v.min_filter, v.mipmap_mode),
            ("LINEAR", "LINEAR", "LINEAR")
        );
        assert_eq!(
            v.address_modes,
            ["REPEAT", "MIRROR_CLAMP_TO_EDGE", "CLAMP_TO_BORDER"]
        );
        assert!(v.compare_enable && !v.anisotropy_enable);
        assert_eq!(v.compare_op, "LESS_OR_EQUAL");
        assert_eq!(v.border_color, "INT_OPAQUE_WHITE");
        let point_max = VkSampler::of(&StaticSampler {
            filter: Filter(0x180 | 0x04),
            flags: Some(SamplerFlags::NON_NORMALIZED_COORDINATES),
            ..s
        });
        assert_eq!(
            (point_max.mag_filter, point_max.min_filter),
            ("LINEAR", "NEAREST")
        );
        assert_eq!(point_max.reduction_mode, "MAX");
        assert!(point_max.unnormalized_coordinates && !point_max.compare_enable);
    }
}

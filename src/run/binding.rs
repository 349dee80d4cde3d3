//! Where the spec's resources live in the compiled shader: the binding
//! description the caller (the compiler's reflection) provides.

use super::spec::{HeapView, RegisterKey, TexelFormat};
use crate::binding::{DescriptorType, VkSampler};

/// The Vulkan descriptor type a binding is accessed through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BindingKind {
    /// `VK_DESCRIPTOR_TYPE_STORAGE_BUFFER` (structured, byte-address and
    /// read-only buffers, UAV counters). Its range is the resource's exact
    /// byte size, so `OpArrayLength` sees the spec's element count.
    StorageBuffer,
    /// `VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER` (constant buffers). Its range is
    /// the resource's byte size rounded up to 16 (the padding reads as 0).
    UniformBuffer,
    /// `VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER` (`Buffer<T>`).
    UniformTexelBuffer {
        /// The buffer view's format; `None` takes the spec resource's typed
        /// format (an error if the resource is not declared with one).
        format: Option<TexelFormat>,
    },
    /// `VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER` (`RWBuffer<T>`).
    StorageTexelBuffer {
        /// The buffer view's format; `None` takes the spec resource's typed
        /// format (an error if the resource is not declared with one).
        format: Option<TexelFormat>,
    },
    /// `VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE` (`Texture*`): a spec `texture*`
    /// image, in layout `GENERAL`.
    SampledImage,
    /// `VK_DESCRIPTOR_TYPE_STORAGE_IMAGE` (`RWTexture*`): a spec
    /// `rwtexture*` image, in layout `GENERAL`, read back after the run.
    StorageImage,
    /// `VK_DESCRIPTOR_TYPE_SAMPLER` (`SamplerState`): a spec sampler.
    Sampler,
}

impl BindingKind {
    /// Whether a heap buffer of `view` is written into heap arrays of this
    /// descriptor type: raw and structured views into storage buffers,
    /// typed views into both texel-buffer types, constant buffer views into
    /// uniform buffers, images into sampled or storage images, samplers
    /// into samplers. The placement rule "descriptor D of type T at heap
    /// index i" is the same whichever way the shader reaches the heap.
    pub fn holds(self, view: HeapView) -> bool {
        match self {
            BindingKind::StorageBuffer => {
                matches!(view, HeapView::Raw | HeapView::Structured(_))
            }
            BindingKind::UniformBuffer => view == HeapView::Cbv,
            BindingKind::UniformTexelBuffer { .. } | BindingKind::StorageTexelBuffer { .. } => {
                view == HeapView::Typed
            }
            BindingKind::SampledImage => view == HeapView::Texture,
            BindingKind::StorageImage => view == HeapView::RwTexture,
            BindingKind::Sampler => view == HeapView::Sampler,
        }
    }
}

/// What a binding's descriptor points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BindingResource {
    /// The spec resource declared at this register.
    Register(RegisterKey),
    /// The hidden counter of the UAV at this register
    /// (`Append`/`Consume`/`IncrementCounter`): a separate 4-byte buffer
    /// holding one `u32` that starts at 0. Several bindings naming the same
    /// counter share it. Its final value is reported in
    /// [`RunReport::counters`](super::RunReport::counters).
    Counter(RegisterKey),
    /// A runtime array of the SM 6.6 resource heap (`heap_size + 1`
    /// descriptors, partially bound, update-after-bind): every spec
    /// `heap[N]` buffer or image whose view has this binding's descriptor
    /// type is written at index N (see [`super::spec::HeapView`]); for a
    /// sampler binding, the sampler heap's `sampler_heap[N]` samplers.
    Heap,
    /// The heap's UAV counter array (storage buffers, `heap_size + 1`):
    /// each `heap[N]` with `counter(V)` gets its counter at index N.
    HeapCounters,
    /// A register array (`Texture2D T[4] : register(t2)`): element `i` is
    /// the spec resource at register `first.index + i`, which the spec
    /// must declare for every element.
    Registers {
        /// The array's first register.
        first: RegisterKey,
        /// Its size.
        count: u32,
    },
}

impl BindingResource {
    /// The register named, whether it is the resource or its counter (an
    /// array's first register; `None` for the heap arrays).
    pub fn key(&self) -> Option<RegisterKey> {
        match *self {
            BindingResource::Register(k)
            | BindingResource::Counter(k)
            | BindingResource::Registers { first: k, .. } => Some(k),
            BindingResource::Heap | BindingResource::HeapCounters => None,
        }
    }
}

/// One binding of the compiled shader: `(set, binding)`, its type, and
/// the spec resource (or counter) it refers to. Register bindings hold one
/// descriptor (the run specs do not use resource arrays); the heap's
/// bindings ([`BindingResource::Heap`]) are runtime arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BindingDesc {
    /// `DescriptorSet` decoration.
    pub set: u32,
    /// `Binding` decoration.
    pub binding: u32,
    /// Descriptor type.
    pub kind: BindingKind,
    /// What the descriptor points at.
    pub resource: BindingResource,
}

impl BindingDesc {
    /// A binding of the spec resource at `key`.
    pub fn new(set: u32, binding: u32, kind: BindingKind, key: RegisterKey) -> Self {
        BindingDesc {
            set,
            binding,
            kind,
            resource: BindingResource::Register(key),
        }
    }

    /// A runtime array of the resource heap, of descriptor type `kind`
    /// (texel-buffer kinds without a format take each heap buffer's own).
    pub fn heap(set: u32, binding: u32, kind: BindingKind) -> Self {
        BindingDesc {
            set,
            binding,
            kind,
            resource: BindingResource::Heap,
        }
    }

    /// The heap's UAV counter array (storage buffers).
    pub fn heap_counters(set: u32, binding: u32) -> Self {
        BindingDesc {
            set,
            binding,
            kind: BindingKind::StorageBuffer,
            resource: BindingResource::HeapCounters,
        }
    }

    /// A binding of the hidden counter of the UAV at `key`, as a storage
    /// buffer holding one `u32`.
    pub fn counter(set: u32, binding: u32, key: RegisterKey) -> Self {
        BindingDesc {
            set,
            binding,
            kind: BindingKind::StorageBuffer,
            resource: BindingResource::Counter(key),
        }
    }
}

/// One spec resource (a root-constant `b` register) placed in the push
/// constant block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PushConstantRange {
    /// The spec resource whose bytes are copied.
    pub resource: RegisterKey,
    /// Byte offset in the push-constant block (a multiple of 4).
    pub offset: u32,
}

/// The push-constant block of the compiled shader: which spec resources it
/// holds and where. All of it is visible to the compute stage.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PushConstantDesc {
    /// The resources placed in the block; they must not overlap.
    pub ranges: Vec<PushConstantRange>,
    /// The block's total size in bytes (the pipeline layout's range). `None`
    /// takes the end of the last range, rounded up to 4. Bytes no range
    /// covers are zero.
    pub size: Option<u32>,
}

impl PushConstantDesc {
    /// A block holding one resource at offset 0.
    pub fn single(resource: RegisterKey) -> Self {
        PushConstantDesc {
            ranges: vec![PushConstantRange {
                resource,
                offset: 0,
            }],
            size: None,
        }
    }
}

/// One descriptor of a `bindless-1` heap array: the spec resource (or a
/// register UAV's hidden counter) at a heap index, with the descriptor
/// type it is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapDescriptor {
    /// The heap index (array element).
    pub index: u32,
    /// The descriptor type written (one of its array's types).
    pub ty: DescriptorType,
    /// The spec resource ([`BindingResource::Register`], or a `heap[N]`
    /// key) or a register UAV's counter ([`BindingResource::Counter`]).
    pub resource: BindingResource,
}

/// One runtime array of the `bindless-1` heap set: `heap_size + 1`
/// descriptors, partially bound and update-after-bind; several types make
/// it a mutable binding (`VK_DESCRIPTOR_TYPE_MUTABLE_EXT` with that list).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapArray {
    /// `DescriptorSet` decoration.
    pub set: u32,
    /// `Binding` decoration.
    pub binding: u32,
    /// Its descriptor type, or the mutable type list.
    pub types: Vec<DescriptorType>,
    /// The descriptors written into it.
    pub descriptors: Vec<HeapDescriptor>,
}

/// A root CBV, SRV or UAV: the device address of a spec resource's buffer,
/// written into the root block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RootAddress {
    /// Byte offset in the root block (a multiple of 8).
    pub offset: u32,
    /// The spec resource whose buffer's address is written.
    pub resource: RegisterKey,
}

/// An immutable sampler of the static-sampler set.
#[derive(Clone, Debug, PartialEq)]
pub struct ImmutableSampler {
    /// `DescriptorSet` decoration.
    pub set: u32,
    /// `Binding` decoration.
    pub binding: u32,
    /// Its Vulkan state, as reflection gives it.
    pub vk: VkSampler,
}

/// Everything a `bindless-1` run binds, as an embedder builds it from
/// reflection ([`super::bindless_from_reflection`]): the root block, the
/// heap arrays and the static samplers. Register bindings of the plain
/// model are not used.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BindlessDesc {
    /// The root block's bytes (root constants and table heap indices
    /// filled; root-descriptor addresses are written at run time).
    pub root_block: Vec<u8>,
    /// Where the root block goes: push constants (`None`), or a uniform
    /// buffer at this (set, binding).
    pub root_ubo: Option<(u32, u32)>,
    /// The root descriptors' addresses to write into the root block.
    pub addresses: Vec<RootAddress>,
    /// The heap set's arrays the shader uses.
    pub heap: Vec<HeapArray>,
    /// The static samplers the shader uses.
    pub samplers: Vec<ImmutableSampler>,
}

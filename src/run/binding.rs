//! Where the spec's resources live in the compiled shader: the binding
//! description the caller (the compiler's reflection) provides.

use super::spec::{RegisterKey, TexelFormat};

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
}

impl BindingResource {
    /// The register named, whether it is the resource or its counter.
    pub fn key(&self) -> RegisterKey {
        match *self {
            BindingResource::Register(k) | BindingResource::Counter(k) => k,
        }
    }
}

/// One descriptor of the compiled shader: `(set, binding)`, its type, and
/// the spec resource (or counter) it refers to. Descriptor arrays are not
/// supported (the run specs do not use resource arrays): every binding has
/// one descriptor.
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

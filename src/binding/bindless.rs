//! The `bindless-1` model: a D3D12 root signature decides how the shader
//! reaches each resource (`docs/BINDING.md` is the ABI):
//!
//! - the root block (push constants, or a uniform buffer):
//!   `Block { uvec2 rd[R]; uint w[C + T]; }`, root-descriptor addresses
//!   first, then root constants, then one heap index per table
//!   ([`RootSignature::root_block`], vkd3d-proton's order);
//! - descriptor tables and SM 6.6 heaps: one runtime array per Vulkan
//!   descriptor type in the heap set ([`super::heap_binding`]), tables
//!   indexed by `w[table] + range_offset + (register − range_base)`;
//! - root CBV/SRV/UAV: buffer device addresses;
//! - static samplers: a set of their own, binding = index;
//! - a DXR local root signature ([`super::local`]): its parameters in the
//!   shader record, its tables in the same heap set.

use super::{DescriptorType, Resource, ResourceClass, ShaderRecordLayout, Via};
use crate::dxil::{ResourceKind, ShaderKind};
use crate::error::{Error, Phase, Result};
use crate::rootsig::{
    Access, DeclaredResource, DescriptorRangeType, Register, Resolver, RootBlock,
    RootParameterKind, RootSignature, RootSignatureError,
};

/// Which root signature drives the bindings of a compilation.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum RootSignatureChoice {
    /// None: the plain model (default).
    #[default]
    None,
    /// The blob's own `RTS0` part (an error if it has none).
    Embedded,
    /// One the caller loaded ([`crate::rootsig::load`]: raw `RTS0`, a
    /// container holding one, or JSON).
    Supplied(Box<RootSignature>),
}

/// Where the root block lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RootBlockStorage {
    /// Push constants (default).
    #[default]
    PushConstant,
    /// A uniform buffer at this set and binding (for devices with
    /// 128-byte push constants).
    Uniform {
        /// Descriptor set.
        set: u32,
        /// Binding.
        binding: u32,
    },
}

impl RootBlockStorage {
    /// The uniform-buffer placement `--root-block ubo` gives by default.
    pub const DEFAULT_UNIFORM: RootBlockStorage = RootBlockStorage::Uniform { set: 2, binding: 0 };

    /// `push_constant` or `uniform_buffer`, as reflection names it.
    pub fn name(self) -> &'static str {
        match self {
            RootBlockStorage::PushConstant => "push_constant",
            RootBlockStorage::Uniform { .. } => "uniform_buffer",
        }
    }
}

/// The options of `bindless-1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BindlessOptions {
    /// Where the root block lives.
    pub root_block: RootBlockStorage,
    /// The heap set (default 0).
    pub heap_set: u32,
    /// The static-sampler set (default 1).
    pub static_sampler_set: u32,
    /// Constant buffers through the storage-buffer binding (4) as storage
    /// buffers.
    pub cbv_as_ssbo: bool,
    /// Mutable descriptors: bindings 1–3 alias binding 0, 5 aliases 4.
    pub mutable_descriptors: bool,
}

impl Default for BindlessOptions {
    fn default() -> Self {
        BindlessOptions {
            root_block: RootBlockStorage::PushConstant,
            heap_set: 0,
            static_sampler_set: 1,
            cbv_as_ssbo: false,
            mutable_descriptors: false,
        }
    }
}

/// A root signature laid out for `bindless-1`.
#[derive(Clone, Debug, PartialEq)]
pub struct BindlessLayout {
    /// The options.
    pub options: BindlessOptions,
    /// The root signature.
    pub root_signature: RootSignature,
    /// Where it came from: `embedded`, `supplied` or `subobject` (a DXIL
    /// library's `GlobalRootSignature`).
    pub source: &'static str,
    /// Its root block.
    pub root_block: RootBlock,
    /// Root descriptors (`R`, the length of `rd`).
    pub root_descriptors: u32,
    /// Root constants and table words (`C + T`, the length of `w`).
    pub words: u32,
    /// The DXR local root signature of a ray-tracing export, if it has
    /// one: what the shader record holds.
    pub local: Option<ShaderRecordLayout>,
}

impl BindlessLayout {
    /// The layout of a root signature.
    pub fn new(
        root_signature: RootSignature,
        source: &'static str,
        options: BindlessOptions,
    ) -> BindlessLayout {
        let root_block = root_signature.root_block();
        let root_descriptors = root_signature
            .parameters
            .iter()
            .filter(|p| {
                matches!(
                    p.kind,
                    RootParameterKind::Cbv(_)
                        | RootParameterKind::Srv(_)
                        | RootParameterKind::Uav(_)
                )
            })
            .count() as u32;
        let rd_bytes = u64::from(root_descriptors).saturating_mul(8);
        let words = (root_block.size.saturating_sub(rd_bytes) / 4) as u32;
        BindlessLayout {
            options,
            root_signature,
            source,
            root_block,
            root_descriptors,
            words,
            local: None,
        }
    }

    /// The layout with a local root signature (DXR shader records).
    pub fn with_local(mut self, local: Option<ShaderRecordLayout>) -> BindlessLayout {
        self.local = local;
        self
    }

    /// The heap binding of a descriptor type, after `cbv_as_ssbo` and
    /// mutable aliasing.
    pub fn binding_of(&self, ty: DescriptorType) -> u32 {
        let ty = self.descriptor_type(ty);
        let b = ty.heap_binding();
        if !self.options.mutable_descriptors {
            return b;
        }
        match b {
            0..=3 => 0,
            4 | 5 => 4,
            b => b,
        }
    }

    /// The descriptor type a resource's heap array holds (constant buffers
    /// are storage buffers with `cbv_as_ssbo`).
    pub fn descriptor_type(&self, ty: DescriptorType) -> DescriptorType {
        if self.options.cbv_as_ssbo && ty == DescriptorType::UniformBuffer {
            DescriptorType::StorageBuffer
        } else {
            ty
        }
    }

    /// The byte offset of `w[0]` in the root block.
    fn words_start(&self) -> u64 {
        u64::from(self.root_descriptors).saturating_mul(8)
    }

    /// Every resource's access path for `stage`, or why the root
    /// signatures do not cover it.
    pub(super) fn resolve(&self, resources: &[Resource], stage: ShaderKind) -> super::Vias {
        let resolver = self.root_signature.resolver_with(&self.root_block);
        let local = self
            .local
            .as_ref()
            .map(|l| (l, l.root_signature.resolver_with(&l.record)));
        resources
            .iter()
            .map(|r| self.via(&resolver, local.as_ref(), r, stage))
            .collect()
    }

    fn via(
        &self,
        resolver: &Resolver<'_>,
        local: Option<&(&ShaderRecordLayout, Resolver<'_>)>,
        r: &Resource,
        stage: ShaderKind,
    ) -> Result<Via> {
        let ty = DescriptorType::of(r.class, r.kind);
        let set = self.options.heap_set;
        let counter_binding = super::heap_binding::COUNTER;
        if r.heap {
            return Ok(Via::Heap {
                set,
                binding: self.binding_of(ty),
                counter_binding,
            });
        }
        let declared = DeclaredResource {
            register: Register {
                class: DescriptorRangeType::from(r.class),
                index: r.lower_bound,
                space: r.space,
            },
            count: r.range_size,
            root_bindable: r.class == ResourceClass::Cbv
                || matches!(
                    r.kind,
                    ResourceKind::RawBuffer
                        | ResourceKind::StructuredBuffer
                        | ResourceKind::RTAccelerationStructure
                ),
        };
        let access = match (resolver.resolve(&declared, stage), local) {
            // D3D12: global and local root signatures must not overlap.
            (Ok(access), Some((layout, local))) if local.resolve(&declared, stage).is_ok() => {
                return Err(Error::invalid(
                    Phase::Container,
                    format!(
                        "root signature (global-local-overlap): {} is bound by both the global \
                         root signature ({}) and the local root signature ({})",
                        declared.register,
                        access_site(&access),
                        layout.source
                    ),
                ));
            }
            (Ok(access), _) => access,
            (Err(e), None) => return Err(e.to_error()),
            // Not in the global root signature: the local one must cover it.
            (Err(global), Some((layout, local))) => {
                let access = local.resolve(&declared, stage).map_err(|e| match e {
                    RootSignatureError::NotCovered { .. } => Error::invalid(
                        Phase::Container,
                        format!(
                            "root signature ({}): {global}; nor does the local root signature \
                             ({})",
                            global.rule(),
                            layout.source
                        ),
                    ),
                    e => Error::invalid(
                        Phase::Container,
                        format!("local root signature {} ({}): {e}", layout.source, e.rule()),
                    ),
                })?;
                let heap = (set, self.binding_of(ty), counter_binding);
                return layout.via(access, heap);
            }
        };
        let word = |offset: u64| (offset.saturating_sub(self.words_start()) / 4) as u32;
        Ok(match access {
            Access::RootConstants {
                parameter,
                block_offset,
            } => Via::RootConstants {
                parameter: parameter as u32,
                offset: block_offset as u32,
                word: word(block_offset),
                count: self.root_signature.constants_count(parameter),
            },
            Access::RootDescriptor {
                parameter,
                block_offset,
            } => Via::RootDescriptor {
                parameter: parameter as u32,
                offset: block_offset as u32,
                index: (block_offset / 8) as u32,
            },
            Access::Table {
                parameter,
                range,
                block_offset,
                range_offset,
                range_base,
            } => Via::Table {
                set,
                binding: self.binding_of(ty),
                counter_binding,
                parameter: parameter as u32,
                range: range as u32,
                push_offset: block_offset as u32,
                word: word(block_offset),
                range_offset,
                range_base,
            },
            Access::StaticSampler(index) => Via::StaticSampler {
                index: index as u32,
                set: self.options.static_sampler_set,
                binding: index as u32,
            },
        })
    }
}

/// Where in a root signature an access goes through, for messages.
fn access_site(access: &Access) -> String {
    match *access {
        Access::RootConstants { parameter, .. }
        | Access::RootDescriptor { parameter, .. }
        | Access::Table { parameter, .. } => format!("parameter {parameter}"),
        Access::StaticSampler(i) => format!("static sampler {i}"),
    }
}

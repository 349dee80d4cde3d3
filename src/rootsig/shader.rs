//! A root signature checked against one shader's resource declarations:
//! every declared register covered by one binding its stage can see, of
//! the right class, with the whole declared array inside; root SRV/UAV only
//! for raw or structured buffers; SM 6.6 heap indexing only with its flag.
//! [`RootSignature::resolve`] gives the [`Access`] path of each resource.

use super::layout::range_offsets;
use super::validate::{shares_stage, Binder, Register, RootSignatureError, Span};
use crate::container::{
    DescriptorRangeType, FeatureFlags, RootParameterKind, RootSignature, RootSignatureFlags,
    ShaderVisibility,
};
use crate::dxil::{ResourceKind, ShaderKind};
use crate::Shader;
use std::borrow::Cow;

/// One resource a shader declares, as the root signature sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeclaredResource {
    /// First register (class, index, space).
    pub register: Register,
    /// Number of registers; `u32::MAX` for an unbounded array.
    pub count: u32,
    /// Whether a root SRV/UAV (a raw address) can bind it: a raw or
    /// structured buffer, or an acceleration structure.
    pub root_bindable: bool,
}

/// What a shader asks of a root signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShaderUse {
    /// The stage.
    pub stage: ShaderKind,
    /// Its declared resources.
    pub resources: Vec<DeclaredResource>,
    /// It indexes `ResourceDescriptorHeap` (SM 6.6).
    pub resource_heap: bool,
    /// It indexes `SamplerDescriptorHeap` (SM 6.6).
    pub sampler_heap: bool,
}

impl ShaderUse {
    /// The resources, stage and heap use of a read shader (heap use from
    /// the `SFI0` feature flags).
    pub fn of(shader: &Shader<'_>) -> ShaderUse {
        let res = &shader.dxil.resources;
        let declared = |class, b: &crate::dxil::ResourceBinding, root_bindable| DeclaredResource {
            register: Register {
                class,
                index: b.lower_bound,
                space: b.space,
            },
            count: b.range_size,
            root_bindable,
        };
        let raw = |k: ResourceKind| {
            matches!(
                k,
                ResourceKind::RawBuffer
                    | ResourceKind::StructuredBuffer
                    | ResourceKind::RTAccelerationStructure
            )
        };
        let resources = res
            .srvs
            .iter()
            .map(|r| declared(DescriptorRangeType::Srv, &r.binding, raw(r.kind)))
            .chain(
                res.uavs
                    .iter()
                    .map(|r| declared(DescriptorRangeType::Uav, &r.binding, raw(r.kind))),
            )
            .chain(
                res.cbvs
                    .iter()
                    .map(|r| declared(DescriptorRangeType::Cbv, &r.binding, true)),
            )
            .chain(
                res.samplers
                    .iter()
                    .map(|r| declared(DescriptorRangeType::Sampler, &r.binding, false)),
            )
            .collect();
        let (resource_heap, sampler_heap) = ShaderUse::heaps_of(shader);
        ShaderUse {
            stage: shader.dxil.shader_model.kind,
            resources,
            resource_heap,
            sampler_heap,
        }
    }

    /// Whether a read shader indexes `ResourceDescriptorHeap` and
    /// `SamplerDescriptorHeap` (SM 6.6), from its `SFI0` feature flags.
    pub fn heaps_of(shader: &Shader<'_>) -> (bool, bool) {
        let features = shader
            .container
            .feature_info()
            .ok()
            .flatten()
            .unwrap_or_default();
        (
            features.contains(FeatureFlags::RESOURCE_DESCRIPTOR_HEAP_INDEXING),
            features.contains(FeatureFlags::SAMPLER_DESCRIPTOR_HEAP_INDEXING),
        )
    }
}

/// The visibility that names a stage, and the flag that denies it root
/// access; `None` for stages that see only `All` parameters (compute, ray
/// tracing, libraries).
fn stage_access(stage: ShaderKind) -> (Option<ShaderVisibility>, RootSignatureFlags) {
    use RootSignatureFlags as F;
    match stage {
        ShaderKind::Vertex => (
            Some(ShaderVisibility::Vertex),
            F::DENY_VERTEX_SHADER_ROOT_ACCESS,
        ),
        ShaderKind::Hull => (
            Some(ShaderVisibility::Hull),
            F::DENY_HULL_SHADER_ROOT_ACCESS,
        ),
        ShaderKind::Domain => (
            Some(ShaderVisibility::Domain),
            F::DENY_DOMAIN_SHADER_ROOT_ACCESS,
        ),
        ShaderKind::Geometry => (
            Some(ShaderVisibility::Geometry),
            F::DENY_GEOMETRY_SHADER_ROOT_ACCESS,
        ),
        ShaderKind::Pixel => (
            Some(ShaderVisibility::Pixel),
            F::DENY_PIXEL_SHADER_ROOT_ACCESS,
        ),
        ShaderKind::Amplification => (
            Some(ShaderVisibility::Amplification),
            F::DENY_AMPLIFICATION_SHADER_ROOT_ACCESS,
        ),
        ShaderKind::Mesh => (
            Some(ShaderVisibility::Mesh),
            F::DENY_MESH_SHADER_ROOT_ACCESS,
        ),
        _ => (None, F::NONE),
    }
}

/// A root signature prepared to resolve many resources: its bindings and
/// root block computed once.
#[derive(Clone, Debug)]
pub struct Resolver<'a> {
    rs: &'a RootSignature,
    spans: Vec<Span>,
    block: Cow<'a, super::RootBlock>,
}

impl Resolver<'_> {
    /// How the `stage` reaches a declared resource: the one binding its
    /// stage sees that covers it, of its class, with the whole declared
    /// array inside (a root descriptor: one raw or structured buffer).
    /// Assumes a root signature that passes
    /// [`validate`](RootSignature::validate).
    pub fn resolve(
        &self,
        resource: &DeclaredResource,
        stage: ShaderKind,
    ) -> Result<Access, RootSignatureError> {
        let (visibility, deny) = stage_access(stage);
        let denied = deny != RootSignatureFlags::NONE && self.rs.flags.contains(deny);
        let sees = |s: &Span| {
            !denied
                && match visibility {
                    Some(v) => shares_stage(s.visibility, v),
                    None => s.visibility == ShaderVisibility::All,
                }
        };
        let spans = &self.spans;
        let reg = resource.register;
        let covering = |s: &&Span| s.contains(reg.class, reg.space, reg.index);
        let Some(span) = spans.iter().filter(|s| sees(s)).find(covering) else {
            return Err(self.rs.uncovered(spans, reg, stage));
        };
        if span.root_descriptor && (!resource.root_bindable || resource.count != 1) {
            return Err(RootSignatureError::RootDescriptorNotBuffer {
                register: reg,
                at: span.binder,
                stage,
            });
        }
        let fits = if resource.count == u32::MAX {
            span.hi == u32::MAX
        } else {
            reg.index
                .checked_add(resource.count.saturating_sub(1))
                .is_some_and(|last| last <= span.hi)
        };
        if !fits {
            return Err(RootSignatureError::PartlyCovered {
                register: reg,
                count: resource.count,
                at: span.binder,
                stage,
            });
        }
        Ok(self.rs.access(span, &self.block))
    }
}

/// How a shader reaches a register through a root signature (in the
/// `bindless-1` ABI).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Inline root constants, at `block_offset` of the root block.
    RootConstants {
        /// The root parameter.
        parameter: usize,
        /// Byte offset of its first constant in the root block.
        block_offset: u64,
    },
    /// A root CBV, SRV or UAV: its 8-byte GPU address at `block_offset`.
    RootDescriptor {
        /// The root parameter.
        parameter: usize,
        /// Byte offset of the address in the root block.
        block_offset: u64,
    },
    /// A descriptor table: the `u32` heap index of the table start is at
    /// `block_offset`; register `r` is at heap index `table start +
    /// range_offset + (r − range_base)`.
    Table {
        /// The root parameter.
        parameter: usize,
        /// The range in the table.
        range: usize,
        /// Byte offset of the table's heap index in the root block.
        block_offset: u64,
        /// The range's offset in descriptors from the table start
        /// (`append` resolved).
        range_offset: u32,
        /// The range's first register.
        range_base: u32,
    },
    /// A static sampler, by its index in the root signature.
    StaticSampler(usize),
}

impl RootSignature {
    /// Checks the root signature against what a shader declares, and
    /// returns the first broken rule (after [`validate`](Self::validate)).
    pub fn check_shader(&self, shader: &ShaderUse) -> Result<(), RootSignatureError> {
        self.validate()?;
        let stage = shader.stage;
        self.check_heaps(shader.resource_heap, shader.sampler_heap, stage)?;
        let resolver = self.resolver();
        shader
            .resources
            .iter()
            .try_for_each(|r| resolver.resolve(r, stage).map(|_| ()))
    }

    /// SM 6.6 heap indexing (`resource_heap`: `ResourceDescriptorHeap`,
    /// `sampler_heap`: `SamplerDescriptorHeap`) needs its root-signature
    /// flag.
    pub fn check_heaps(
        &self,
        resource_heap: bool,
        sampler_heap: bool,
        stage: ShaderKind,
    ) -> Result<(), RootSignatureError> {
        for (uses, flag) in [
            (
                resource_heap,
                RootSignatureFlags::CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED,
            ),
            (
                sampler_heap,
                RootSignatureFlags::SAMPLER_HEAP_DIRECTLY_INDEXED,
            ),
        ] {
            if uses && !self.flags.contains(flag) {
                return Err(RootSignatureError::HeapNotIndexed { flag, stage });
            }
        }
        Ok(())
    }

    /// A [`Resolver`]: the root signature's bindings and root block,
    /// computed once for many [`Resolver::resolve`] calls.
    pub fn resolver(&self) -> Resolver<'_> {
        Resolver {
            rs: self,
            spans: self.spans(),
            block: Cow::Owned(self.root_block()),
        }
    }

    /// [`RootSignature::resolver`] with its root block already computed.
    pub fn resolver_with<'a>(&'a self, block: &'a super::RootBlock) -> Resolver<'a> {
        Resolver {
            rs: self,
            spans: self.spans(),
            block: Cow::Borrowed(block),
        }
    }

    /// How the `stage` reaches a declared resource (see
    /// [`Resolver::resolve`]; use [`RootSignature::resolver`] for many).
    pub fn resolve(
        &self,
        resource: &DeclaredResource,
        stage: ShaderKind,
    ) -> Result<Access, RootSignatureError> {
        self.resolver().resolve(resource, stage)
    }

    /// The access path of a binding, given the root block.
    fn access(&self, span: &Span, block: &super::RootBlock) -> Access {
        let (parameter, range) = match span.binder {
            Binder::StaticSampler(i) => return Access::StaticSampler(i),
            Binder::Parameter { index, range } => (index, range),
        };
        let block_offset = block
            .entries
            .iter()
            .find(|e| e.parameter == parameter)
            .map_or(0, |e| e.offset);
        match (self.parameters.get(parameter).map(|p| &p.kind), range) {
            (Some(RootParameterKind::DescriptorTable(ranges)), Some(range)) => Access::Table {
                parameter,
                range,
                block_offset,
                range_offset: range_offsets(ranges).get(range).copied().unwrap_or(0),
                range_base: span.lo,
            },
            (Some(RootParameterKind::Constants(_)), _) => Access::RootConstants {
                parameter,
                block_offset,
            },
            _ => Access::RootDescriptor {
                parameter,
                block_offset,
            },
        }
    }

    /// Why no visible binding covers `reg`: one the stage cannot see, one
    /// of another class at the same index, or nothing.
    fn uncovered(&self, spans: &[Span], reg: Register, stage: ShaderKind) -> RootSignatureError {
        if let Some(s) = spans
            .iter()
            .find(|s| s.contains(reg.class, reg.space, reg.index))
        {
            return RootSignatureError::NotVisible {
                register: reg,
                at: s.binder,
                visibility: s.visibility,
                stage,
            };
        }
        let other_class = spans
            .iter()
            .find(|s| s.class != reg.class && s.contains(s.class, reg.space, reg.index));
        match other_class {
            Some(s) => RootSignatureError::ClassMismatch {
                register: reg,
                at: s.binder,
                found: s.class,
                stage,
            },
            None => RootSignatureError::NotCovered {
                register: reg,
                stage,
            },
        }
    }
}

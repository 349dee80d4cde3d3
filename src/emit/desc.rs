//! What emission needs to know about the shader beyond the IR: the entry
//! point, its compute properties and its resources, taken from the decoded
//! DXIL metadata ([`DxilModule`]).

use crate::dxil::{
    ComponentType, DsState, DxilModule, EntryPoint, GsState, HsState, MsState, ResourceBinding,
    ResourceKind, ShaderFlags, ShaderKind, Signatures,
};
use crate::error::{Error, Feature, Phase, Result};
use crate::ir::{FuncId, GlobalId, Module};

pub use crate::binding::ResourceClass;

/// One resource binding range of the shader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceDecl {
    /// Class (register letter).
    pub class: ResourceClass,
    /// The range id within its class (what `createHandle` refers to).
    pub id: u32,
    /// Name (may be empty).
    pub name: String,
    /// Register space.
    pub space: u32,
    /// First register.
    pub lower_bound: u32,
    /// Number of registers; `u32::MAX` for an unbounded range.
    pub range_size: u32,
    /// DXIL resource kind.
    pub kind: ResourceKind,
    /// Element component type of typed resources, if given.
    pub component_type: Option<ComponentType>,
    /// Structure stride in bytes for structured buffers.
    pub stride: u32,
    /// Size in bytes for constant buffers.
    pub cbuffer_size: u32,
    /// Whether a UAV has a hidden counter (Append/Consume, IncrementCounter).
    pub has_counter: bool,
    /// Whether a UAV is `globallycoherent`.
    pub globally_coherent: bool,
    /// A descriptor heap view (see `with_heap_views`): the two words of its
    /// `%dx.types.ResourceProperties`; `None` for a bound resource.
    pub heap: Option<(u32, u32)>,
    /// The global variable that stands for the resource in a library
    /// (loaded and passed to `createHandleForLib`).
    pub global: Option<GlobalId>,
}

/// The entry point and its properties.
#[derive(Clone, Debug, PartialEq)]
pub struct ShaderDesc {
    /// Shader model (major, minor).
    pub shader_model: (u32, u32),
    /// Shader kind: the shader model's, or a library export's own.
    pub kind: ShaderKind,
    /// The entry function.
    pub entry: FuncId,
    /// The entry point's name.
    pub entry_name: String,
    /// `[numthreads(x, y, z)]`.
    pub num_threads: [u32; 3],
    /// `[WaveSize(n)]` if given.
    pub wave_size: Option<u32>,
    /// All resources.
    pub resources: Vec<ResourceDecl>,
    /// The entry point's input, output and patch constant signatures.
    pub signatures: Signatures,
    /// The entry point's shader flags (empty when absent).
    pub flags: ShaderFlags,
    /// Geometry shader state (geometry shaders).
    pub gs: Option<GsState>,
    /// Mesh shader state (mesh shaders).
    pub ms: Option<MsState>,
    /// Hull shader state (hull shaders).
    pub hs: Option<HsState>,
    /// Domain shader state (domain shaders).
    pub ds: Option<DsState>,
}

/// The numeric class of a typed resource's element (its DXIL component
/// type), the one fact the image's sampled type, its declared format and
/// the texel pointers of image atomics are chosen by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ElementClass {
    /// An IEEE float of this many bits (`F16`, `F32`, `F64`).
    Float(u32),
    /// A signed integer of this many bits (`I8`, `I16`, `I32`, `I64`).
    Signed(u32),
    /// An unsigned integer of this many bits (`U8`, `U16`, `U32`, `U64`;
    /// `I1` counts as a 1-bit unsigned integer).
    Unsigned(u32),
    /// Anything else: normalized floats (`SNorm*`, `UNorm*`), packed 8-bit
    /// vectors, 8-bit floats, `BFloat16`, `Invalid`, or no component type
    /// at all. Images read these as 32-bit floats.
    Other,
}

impl ResourceDecl {
    /// The resource as the binding layer sees it.
    pub fn binding_resource(&self) -> crate::binding::Resource {
        crate::binding::Resource {
            class: self.class,
            kind: self.kind,
            space: self.space,
            lower_bound: self.lower_bound,
            range_size: self.range_size,
            heap: self.heap.is_some(),
        }
    }

    /// The numeric class of the element of a typed resource (see
    /// [`ElementClass`]); [`ElementClass::Other`] where no component type
    /// is given.
    pub(crate) fn element_class(&self) -> ElementClass {
        match self.component_type {
            Some(ComponentType::F16) => ElementClass::Float(16),
            Some(ComponentType::F32) => ElementClass::Float(32),
            Some(ComponentType::F64) => ElementClass::Float(64),
            Some(ComponentType::I8) => ElementClass::Signed(8),
            Some(ComponentType::I16) => ElementClass::Signed(16),
            Some(ComponentType::I32) => ElementClass::Signed(32),
            Some(ComponentType::I64) => ElementClass::Signed(64),
            Some(ComponentType::I1) => ElementClass::Unsigned(1),
            Some(ComponentType::U8) => ElementClass::Unsigned(8),
            Some(ComponentType::U16) => ElementClass::Unsigned(16),
            Some(ComponentType::U32) => ElementClass::Unsigned(32),
            Some(ComponentType::U64) => ElementClass::Unsigned(64),
            _ => ElementClass::Other,
        }
    }

    fn new(
        class: ResourceClass,
        b: &ResourceBinding,
        kind: ResourceKind,
        module: &Module,
    ) -> ResourceDecl {
        ResourceDecl {
            class,
            id: b.id,
            name: b.name.clone(),
            space: b.space,
            lower_bound: b.lower_bound,
            range_size: b.range_size,
            kind,
            component_type: None,
            stride: 0,
            cbuffer_size: 0,
            has_counter: false,
            globally_coherent: false,
            heap: None,
            global: b.global(module),
        }
    }
}

/// The buffers of a [`ShaderDesc`] a compilation is done with, for the
/// next one to fill ([`ShaderDesc::into_buffers`]); always empty.
#[derive(Default)]
pub(crate) struct DescBuffers {
    resources: Vec<ResourceDecl>,
    entry_name: String,
}

impl ShaderDesc {
    /// One entry point of a decoded module (for a library: one of its
    /// exports) with the module's resources and, in a library, the global
    /// variable behind each.
    pub fn for_entry(dxil: &DxilModule, module: &Module, ep: &EntryPoint) -> Result<ShaderDesc> {
        let signatures = ep.signatures.clone();
        Self::with_signatures(dxil, module, ep, signatures, DescBuffers::default())
    }

    /// [`ShaderDesc::for_entry`] with the entry point's signatures given
    /// (a compilation that owns the decoded module moves them here rather
    /// than copying every element), in the buffers of an earlier
    /// description.
    pub(crate) fn with_signatures(
        dxil: &DxilModule,
        module: &Module,
        ep: &EntryPoint,
        signatures: Signatures,
        buffers: DescBuffers,
    ) -> Result<ShaderDesc> {
        let sm = dxil.shader_model;
        let entry = ep
            .function
            .ok_or_else(|| Error::invalid(Phase::Dxil, "the entry point has no function"))?;
        let r = &dxil.resources;
        let srvs = r.srvs.iter().map(|v| ResourceDecl {
            component_type: v.element_type,
            stride: v.stride.unwrap_or(0),
            ..ResourceDecl::new(ResourceClass::Srv, &v.binding, v.kind, module)
        });
        let uavs = r.uavs.iter().map(|v| ResourceDecl {
            component_type: v.element_type,
            stride: v.stride.unwrap_or(0),
            has_counter: v.has_counter,
            globally_coherent: v.globally_coherent,
            ..ResourceDecl::new(ResourceClass::Uav, &v.binding, v.kind, module)
        });
        let cbvs = r.cbvs.iter().map(|v| ResourceDecl {
            cbuffer_size: v.size,
            ..ResourceDecl::new(
                ResourceClass::Cbv,
                &v.binding,
                ResourceKind::CBuffer,
                module,
            )
        });
        let samplers = r.samplers.iter().map(|v| {
            ResourceDecl::new(
                ResourceClass::Sampler,
                &v.binding,
                ResourceKind::Sampler,
                module,
            )
        });
        if let Some((b, vendor)) = r
            .uavs
            .iter()
            .find_map(|v| vendor_extension(&v.binding, module).map(|x| (&v.binding, x)))
        {
            return Err(Error::unsupported(
                Phase::Emit,
                Feature::VendorExtension,
                format!(
                    "{vendor} shader extension intrinsics (the UAV at u{}, space {}): they talk \
                     to the D3D12 driver and have no Vulkan translation",
                    b.lower_bound, b.space
                ),
            ));
        }
        // Empty (made so, or emptied by `into_buffers`).
        let DescBuffers {
            mut resources,
            mut entry_name,
        } = buffers;
        resources.extend(srvs.chain(uavs).chain(cbvs).chain(samplers));
        entry_name.push_str(ep.export_name());
        Ok(ShaderDesc {
            shader_model: (sm.major, sm.minor),
            kind: ep.kind,
            entry,
            entry_name,
            num_threads: ep.num_threads().unwrap_or([1, 1, 1]),
            wave_size: ep.properties.wave_size.map(|w| w.min),
            resources,
            signatures,
            flags: ep.properties.shader_flags.unwrap_or_default(),
            gs: ep.properties.gs,
            ms: ep.properties.ms,
            hs: ep.properties.hs,
            ds: ep.properties.ds,
        })
    }
}

impl ShaderDesc {
    /// Takes the description apart once its compilation is done with it:
    /// its buffers, emptied, and its signatures (for the metadata
    /// decoder's buffers).
    pub(crate) fn into_buffers(self) -> (DescBuffers, Signatures) {
        let ShaderDesc {
            mut resources,
            mut entry_name,
            signatures,
            ..
        } = self;
        resources.clear();
        entry_name.clear();
        let buffers = DescBuffers {
            resources,
            entry_name,
        };
        (buffers, signatures)
    }
}

/// The vendor whose shader extension intrinsics a UAV is the "magic" UAV
/// of: AMD AGS's (in its reserved space 0x7FFF0ADE, or by its name
/// `AmdExtD3DShaderIntrinsicsUAV`) or NVAPI's (`g_NvidiaExt`, a structured
/// buffer of `NvShaderExtnStruct`). Translated as a plain buffer, the
/// intrinsics would run and mean something else.
fn vendor_extension(b: &ResourceBinding, module: &Module) -> Option<&'static str> {
    const AMD_SPACE: u32 = 0x7FFF_0ADE;
    if b.space == AMD_SPACE || b.name.starts_with("AmdExtD3DShaderIntrinsicsUAV") {
        Some("AMD AGS")
    } else if b.name == "g_NvidiaExt" || b.type_name(module).contains("NvShaderExtnStruct") {
        Some("NVAPI")
    } else {
        None
    }
}

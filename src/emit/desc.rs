//! What emission needs to know about the shader beyond the IR: the entry
//! point, its compute properties and its resources. Filled from the DXIL
//! metadata (see [`super::standin`] until the `dxil` module provides it).

use crate::ir::FuncId;

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
    /// The class from its DXIL number (0 SRV, 1 UAV, 2 CBV, 3 sampler).
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

/// DXIL resource kinds (the `ResourceKind` enumeration).
pub mod kind {
    /// `Buffer<T>` / `RWBuffer<T>`.
    pub const TYPED_BUFFER: u32 = 10;
    /// `ByteAddressBuffer`.
    pub const RAW_BUFFER: u32 = 11;
    /// `StructuredBuffer<T>`.
    pub const STRUCTURED_BUFFER: u32 = 12;
    /// `cbuffer`.
    pub const CBUFFER: u32 = 13;
    /// Sampler.
    pub const SAMPLER: u32 = 14;
    /// `tbuffer`.
    pub const TBUFFER: u32 = 15;

    /// The enumerator's name, for messages.
    pub fn name(k: u32) -> &'static str {
        match k {
            1 => "Texture1D",
            2 => "Texture2D",
            3 => "Texture2DMS",
            4 => "Texture3D",
            5 => "TextureCube",
            6 => "Texture1DArray",
            7 => "Texture2DArray",
            8 => "Texture2DMSArray",
            9 => "TextureCubeArray",
            10 => "TypedBuffer",
            11 => "RawBuffer",
            12 => "StructuredBuffer",
            13 => "CBuffer",
            14 => "Sampler",
            15 => "TBuffer",
            16 => "RTAccelerationStructure",
            17 => "FeedbackTexture2D",
            18 => "FeedbackTexture2DArray",
            _ => "Invalid",
        }
    }
}

/// DXIL component types (the `ComponentType` enumeration) used by typed
/// resources.
pub mod component {
    /// 32-bit signed.
    pub const I32: u32 = 4;
    /// 32-bit unsigned.
    pub const U32: u32 = 5;
    /// 16-bit signed.
    pub const I16: u32 = 2;
    /// 16-bit unsigned.
    pub const U16: u32 = 3;
    /// 64-bit signed.
    pub const I64: u32 = 6;
    /// 64-bit unsigned.
    pub const U64: u32 = 7;
}

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
    /// DXIL resource kind (see [`kind`]).
    pub kind: u32,
    /// Element component type of typed resources (see [`component`]), if
    /// given.
    pub component_type: Option<u32>,
    /// Structure stride in bytes for structured buffers.
    pub stride: u32,
    /// Size in bytes for constant buffers.
    pub cbuffer_size: u32,
    /// Whether a UAV has a hidden counter (Append/Consume, IncrementCounter).
    pub has_counter: bool,
    /// Whether a UAV is `globallycoherent`.
    pub globally_coherent: bool,
}

/// The compute entry point and its properties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShaderDesc {
    /// Shader model (major, minor).
    pub shader_model: (u32, u32),
    /// Shader kind from `dx.shaderModel` (`"cs"`, `"ps"`, ...).
    pub kind: String,
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
}

//! `RTS0`: a serialized root signature, versions 1.0, 1.1 and 1.2.
//!
//! Layout (DXC's `DxilRootSignature.h`, D3D12's `D3D12_STATIC_SAMPLER_DESC1`
//! for 1.2); every offset is from the start of the part:
//!
//! ```text
//! header   { Version (1 = 1.0, 2 = 1.1, 3 = 1.2), NumParameters, ParametersOffset,
//!            NumStaticSamplers, StaticSamplersOffset, Flags }
//! param    { ParameterType, ShaderVisibility, PayloadOffset }          × NumParameters
//! payloads   table     { NumRanges, RangesOffset }
//!            range     { Type, NumDescriptors, BaseRegister, Space, [Flags ≥ 1.1,] Offset }
//!            constants { Register, Space, Num32BitValues }
//!            root CBV/SRV/UAV { Register, Space, [Flags ≥ 1.1] }
//! sampler  { Filter, AddressU, AddressV, AddressW, MipLODBias, MaxAnisotropy, ComparisonFunc,
//!            BorderColor, MinLOD, MaxLOD, Register, Space, Visibility, [Flags ≥ 1.2] }
//! ```

use std::fmt;

use super::read::{le_f32, le_u32, Region};
use crate::error::Result;

/// Root signature format version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RootSignatureVersion {
    /// 1.0 (serialized as 1): no range or descriptor flags.
    V1_0,
    /// 1.1 (serialized as 2): range and root descriptor flags.
    V1_1,
    /// 1.2 (serialized as 3): static sampler flags.
    V1_2,
}

impl RootSignatureVersion {
    /// The version with the given serialized value.
    pub fn from_u32(v: u32) -> Option<RootSignatureVersion> {
        Some(match v {
            1 => RootSignatureVersion::V1_0,
            2 => RootSignatureVersion::V1_1,
            3 => RootSignatureVersion::V1_2,
            _ => return None,
        })
    }

    /// The serialized value.
    pub fn to_u32(self) -> u32 {
        match self {
            RootSignatureVersion::V1_0 => 1,
            RootSignatureVersion::V1_1 => 2,
            RootSignatureVersion::V1_2 => 3,
        }
    }

    /// `1.0`, `1.1` or `1.2`, as the JSON form writes it.
    pub fn name(self) -> &'static str {
        match self {
            RootSignatureVersion::V1_0 => "1.0",
            RootSignatureVersion::V1_1 => "1.1",
            RootSignatureVersion::V1_2 => "1.2",
        }
    }

    /// The version with the given [`name`](Self::name).
    pub fn from_name(name: &str) -> Option<RootSignatureVersion> {
        [Self::V1_0, Self::V1_1, Self::V1_2]
            .into_iter()
            .find(|v| v.name() == name)
    }
}

macro_rules! flag_type {
    ($(#[$doc:meta])* $name:ident { $($(#[$fdoc:meta])* $flag:ident = $value:expr),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub struct $name(pub u32);

        impl $name {
            /// No flags.
            pub const NONE: $name = $name(0);
            $($(#[$fdoc])* pub const $flag: $name = $name($value);)*
            const NAMES: &'static [(&'static str, u32)] = &[$((stringify!($flag), $value)),*];

            /// True when every bit of `other` is set.
            pub fn contains(self, other: $name) -> bool {
                self.0 & other.0 == other.0
            }

            /// Names of the known flags that are set.
            pub fn names(self) -> impl Iterator<Item = &'static str> {
                Self::NAMES.iter().filter(move |(_, v)| self.0 & v != 0).map(|(n, _)| *n)
            }

            /// The flag with the given name (as [`names`](Self::names)
            /// gives it).
            pub fn from_name(name: &str) -> Option<$name> {
                Self::NAMES.iter().find(|(n, _)| *n == name).map(|(_, v)| $name(*v))
            }

            /// The set bits that have no name.
            pub fn unknown_bits(self) -> u32 {
                Self::NAMES.iter().fold(self.0, |bits, (_, v)| bits & !v)
            }
        }

        impl std::ops::BitOr for $name {
            type Output = $name;
            fn bitor(self, rhs: $name) -> $name {
                $name(self.0 | rhs.0)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({:#x}", stringify!($name), self.0)?;
                let mut sep = ": ";
                for n in self.names() {
                    write!(f, "{sep}{n}")?;
                    sep = " | ";
                }
                write!(f, ")")
            }
        }
    };
}

flag_type! {
    /// Root signature flags (`D3D12_ROOT_SIGNATURE_FLAGS`).
    RootSignatureFlags {
        /// `ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT`.
        ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT = 0x1,
        /// `DENY_VERTEX_SHADER_ROOT_ACCESS`.
        DENY_VERTEX_SHADER_ROOT_ACCESS = 0x2,
        /// `DENY_HULL_SHADER_ROOT_ACCESS`.
        DENY_HULL_SHADER_ROOT_ACCESS = 0x4,
        /// `DENY_DOMAIN_SHADER_ROOT_ACCESS`.
        DENY_DOMAIN_SHADER_ROOT_ACCESS = 0x8,
        /// `DENY_GEOMETRY_SHADER_ROOT_ACCESS`.
        DENY_GEOMETRY_SHADER_ROOT_ACCESS = 0x10,
        /// `DENY_PIXEL_SHADER_ROOT_ACCESS`.
        DENY_PIXEL_SHADER_ROOT_ACCESS = 0x20,
        /// `ALLOW_STREAM_OUTPUT`.
        ALLOW_STREAM_OUTPUT = 0x40,
        /// `LOCAL_ROOT_SIGNATURE`.
        LOCAL_ROOT_SIGNATURE = 0x80,
        /// `DENY_AMPLIFICATION_SHADER_ROOT_ACCESS`.
        DENY_AMPLIFICATION_SHADER_ROOT_ACCESS = 0x100,
        /// `DENY_MESH_SHADER_ROOT_ACCESS`.
        DENY_MESH_SHADER_ROOT_ACCESS = 0x200,
        /// `CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED`.
        CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED = 0x400,
        /// `SAMPLER_HEAP_DIRECTLY_INDEXED`.
        SAMPLER_HEAP_DIRECTLY_INDEXED = 0x800,
        /// `ALLOW_LOW_TIER_RESERVED_HW_CB_LIMIT`.
        ALLOW_LOW_TIER_RESERVED_HW_CB_LIMIT = 0x8000_0000,
    }
}

flag_type! {
    /// Descriptor range flags (`D3D12_DESCRIPTOR_RANGE_FLAGS`, 1.1+).
    DescriptorRangeFlags {
        /// `DESCRIPTORS_VOLATILE`.
        DESCRIPTORS_VOLATILE = 0x1,
        /// `DATA_VOLATILE`.
        DATA_VOLATILE = 0x2,
        /// `DATA_STATIC_WHILE_SET_AT_EXECUTE`.
        DATA_STATIC_WHILE_SET_AT_EXECUTE = 0x4,
        /// `DATA_STATIC`.
        DATA_STATIC = 0x8,
        /// `DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS`.
        DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS = 0x10000,
    }
}

flag_type! {
    /// Root descriptor flags (`D3D12_ROOT_DESCRIPTOR_FLAGS`, 1.1+).
    RootDescriptorFlags {
        /// `DATA_VOLATILE`.
        DATA_VOLATILE = 0x2,
        /// `DATA_STATIC_WHILE_SET_AT_EXECUTE`.
        DATA_STATIC_WHILE_SET_AT_EXECUTE = 0x4,
        /// `DATA_STATIC`.
        DATA_STATIC = 0x8,
    }
}

flag_type! {
    /// Static sampler flags (`D3D12_SAMPLER_FLAGS`, 1.2).
    SamplerFlags {
        /// `UINT_BORDER_COLOR`.
        UINT_BORDER_COLOR = 0x1,
        /// `NON_NORMALIZED_COORDINATES`.
        NON_NORMALIZED_COORDINATES = 0x2,
    }
}

/// A closed D3D12 enum serialized as a `u32`: the enum, its value
/// conversions, and the stable names the JSON form uses (the variant names).
macro_rules! value_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $value:expr),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($(#[$vdoc])* $variant,)*
        }

        impl $name {
            /// The value with the given serialized number.
            pub fn from_u32(v: u32) -> Option<$name> {
                match v {
                    $($value => Some($name::$variant),)*
                    _ => None,
                }
            }

            /// The serialized number.
            pub fn to_u32(self) -> u32 {
                match self {
                    $($name::$variant => $value,)*
                }
            }

            /// The stable name (the variant's), as the JSON form writes it.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => stringify!($variant),)*
                }
            }

            /// The value with the given [`name`](Self::name).
            pub fn from_name(name: &str) -> Option<$name> {
                match name {
                    $(stringify!($variant) => Some($name::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

value_enum! {
    /// Which shader stages see a root parameter or static sampler
    /// (`D3D12_SHADER_VISIBILITY`).
    ShaderVisibility {
        /// All stages (0).
        All = 0,
        /// Vertex (1).
        Vertex = 1,
        /// Hull (2).
        Hull = 2,
        /// Domain (3).
        Domain = 3,
        /// Geometry (4).
        Geometry = 4,
        /// Pixel (5).
        Pixel = 5,
        /// Amplification (6).
        Amplification = 6,
        /// Mesh (7).
        Mesh = 7,
    }
}

value_enum! {
    /// The register class of a descriptor range.
    DescriptorRangeType {
        /// Shader resource views, `t` registers (0).
        Srv = 0,
        /// Unordered access views, `u` registers (1).
        Uav = 1,
        /// Constant buffer views, `b` registers (2).
        Cbv = 2,
        /// Samplers, `s` registers (3).
        Sampler = 3,
    }
}

/// One range of a descriptor table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DescriptorRange {
    /// Register class.
    pub range_type: DescriptorRangeType,
    /// Number of descriptors; [`DescriptorRange::UNBOUNDED`] for an
    /// unbounded range.
    pub num_descriptors: u32,
    /// First shader register.
    pub base_register: u32,
    /// Register space.
    pub space: u32,
    /// Range flags (1.1+; `None` in 1.0).
    pub flags: Option<DescriptorRangeFlags>,
    /// Offset in descriptors from the table start, or
    /// [`DescriptorRange::APPEND`].
    pub offset: u32,
}

impl DescriptorRange {
    /// `num_descriptors` of an unbounded range.
    pub const UNBOUNDED: u32 = u32::MAX;
    /// `offset` meaning "right after the previous range"
    /// (`D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND`).
    pub const APPEND: u32 = u32::MAX;

    /// True when the range has no upper bound.
    pub fn is_unbounded(&self) -> bool {
        self.num_descriptors == Self::UNBOUNDED
    }

    /// True when the range follows the previous one in the table.
    pub fn is_append(&self) -> bool {
        self.offset == Self::APPEND
    }
}

/// Inline 32-bit root constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootConstants {
    /// Shader register (`b`).
    pub register: u32,
    /// Register space.
    pub space: u32,
    /// Number of 32-bit values.
    pub num_32bit_values: u32,
}

/// A root CBV, SRV or UAV descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootDescriptor {
    /// Shader register.
    pub register: u32,
    /// Register space.
    pub space: u32,
    /// Descriptor flags (1.1+; `None` in 1.0).
    pub flags: Option<RootDescriptorFlags>,
}

/// What a root parameter holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RootParameterKind {
    /// A descriptor table and its ranges.
    DescriptorTable(Vec<DescriptorRange>),
    /// Inline 32-bit constants.
    Constants(RootConstants),
    /// A root constant buffer view.
    Cbv(RootDescriptor),
    /// A root shader resource view.
    Srv(RootDescriptor),
    /// A root unordered access view.
    Uav(RootDescriptor),
}

impl RootParameterKind {
    /// The serialized `D3D12_ROOT_PARAMETER_TYPE`: 0 table, 1 constants,
    /// 2 CBV, 3 SRV, 4 UAV.
    pub fn type_code(&self) -> u32 {
        match self {
            RootParameterKind::DescriptorTable(_) => 0,
            RootParameterKind::Constants(_) => 1,
            RootParameterKind::Cbv(_) => 2,
            RootParameterKind::Srv(_) => 3,
            RootParameterKind::Uav(_) => 4,
        }
    }

    /// `table`, `constants`, `cbv`, `srv` or `uav`, as the JSON form
    /// writes it.
    pub fn name(&self) -> &'static str {
        match self {
            RootParameterKind::DescriptorTable(_) => "table",
            RootParameterKind::Constants(_) => "constants",
            RootParameterKind::Cbv(_) => "cbv",
            RootParameterKind::Srv(_) => "srv",
            RootParameterKind::Uav(_) => "uav",
        }
    }

    /// The root descriptor of a root CBV, SRV or UAV.
    pub fn root_descriptor(&self) -> Option<&RootDescriptor> {
        match self {
            RootParameterKind::Cbv(d) | RootParameterKind::Srv(d) | RootParameterKind::Uav(d) => {
                Some(d)
            }
            _ => None,
        }
    }
}

/// One root parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootParameter {
    /// What the parameter holds.
    pub kind: RootParameterKind,
    /// Which stages see it.
    pub visibility: ShaderVisibility,
}

/// Texture filter (`D3D12_FILTER`): an encoded bit field, an open set
/// (newer SDKs add combinations), so kept as its value with named constants.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Filter(pub u32);

macro_rules! filters {
    ($($name:ident = $value:expr),* $(,)?) => {
        impl Filter {
            $(#[doc = concat!("`D3D12_FILTER_", stringify!($name), "`.")] pub const $name: Filter = Filter($value);)*

            /// The `D3D12_FILTER_*` suffix of a known value.
            pub fn name(self) -> Option<&'static str> {
                match self.0 {
                    $($value => Some(stringify!($name)),)*
                    _ => None,
                }
            }

            /// The filter with the given [`name`](Self::name).
            pub fn from_name(name: &str) -> Option<Filter> {
                match name {
                    $(stringify!($name) => Some(Filter($value)),)*
                    _ => None,
                }
            }
        }
    };
}

filters! {
    MIN_MAG_MIP_POINT = 0x0,
    MIN_MAG_POINT_MIP_LINEAR = 0x1,
    MIN_POINT_MAG_LINEAR_MIP_POINT = 0x4,
    MIN_POINT_MAG_MIP_LINEAR = 0x5,
    MIN_LINEAR_MAG_MIP_POINT = 0x10,
    MIN_LINEAR_MAG_POINT_MIP_LINEAR = 0x11,
    MIN_MAG_LINEAR_MIP_POINT = 0x14,
    MIN_MAG_MIP_LINEAR = 0x15,
    MIN_MAG_ANISOTROPIC_MIP_POINT = 0x54,
    ANISOTROPIC = 0x55,
    COMPARISON_MIN_MAG_MIP_POINT = 0x80,
    COMPARISON_MIN_MAG_POINT_MIP_LINEAR = 0x81,
    COMPARISON_MIN_POINT_MAG_LINEAR_MIP_POINT = 0x84,
    COMPARISON_MIN_POINT_MAG_MIP_LINEAR = 0x85,
    COMPARISON_MIN_LINEAR_MAG_MIP_POINT = 0x90,
    COMPARISON_MIN_LINEAR_MAG_POINT_MIP_LINEAR = 0x91,
    COMPARISON_MIN_MAG_LINEAR_MIP_POINT = 0x94,
    COMPARISON_MIN_MAG_MIP_LINEAR = 0x95,
    COMPARISON_MIN_MAG_ANISOTROPIC_MIP_POINT = 0xd4,
    COMPARISON_ANISOTROPIC = 0xd5,
    MINIMUM_MIN_MAG_MIP_POINT = 0x100,
    MINIMUM_MIN_MAG_POINT_MIP_LINEAR = 0x101,
    MINIMUM_MIN_POINT_MAG_LINEAR_MIP_POINT = 0x104,
    MINIMUM_MIN_POINT_MAG_MIP_LINEAR = 0x105,
    MINIMUM_MIN_LINEAR_MAG_MIP_POINT = 0x110,
    MINIMUM_MIN_LINEAR_MAG_POINT_MIP_LINEAR = 0x111,
    MINIMUM_MIN_MAG_LINEAR_MIP_POINT = 0x114,
    MINIMUM_MIN_MAG_MIP_LINEAR = 0x115,
    MINIMUM_MIN_MAG_ANISOTROPIC_MIP_POINT = 0x154,
    MINIMUM_ANISOTROPIC = 0x155,
    MAXIMUM_MIN_MAG_MIP_POINT = 0x180,
    MAXIMUM_MIN_MAG_POINT_MIP_LINEAR = 0x181,
    MAXIMUM_MIN_POINT_MAG_LINEAR_MIP_POINT = 0x184,
    MAXIMUM_MIN_POINT_MAG_MIP_LINEAR = 0x185,
    MAXIMUM_MIN_LINEAR_MAG_MIP_POINT = 0x190,
    MAXIMUM_MIN_LINEAR_MAG_POINT_MIP_LINEAR = 0x191,
    MAXIMUM_MIN_MAG_LINEAR_MIP_POINT = 0x194,
    MAXIMUM_MIN_MAG_MIP_LINEAR = 0x195,
    MAXIMUM_MIN_MAG_ANISOTROPIC_MIP_POINT = 0x1d4,
    MAXIMUM_ANISOTROPIC = 0x1d5,
}

impl Filter {
    /// Minification is linear (else point).
    pub fn min_linear(self) -> bool {
        (self.0 >> 4) & 1 != 0
    }

    /// Magnification is linear (else point).
    pub fn mag_linear(self) -> bool {
        (self.0 >> 2) & 1 != 0
    }

    /// Mip filtering is linear (else point).
    pub fn mip_linear(self) -> bool {
        self.0 & 1 != 0
    }

    /// Anisotropic filtering.
    pub fn is_anisotropic(self) -> bool {
        self.0 & 0x40 != 0
    }

    /// Reduction: 0 standard, 1 comparison, 2 minimum, 3 maximum.
    pub fn reduction(self) -> u32 {
        (self.0 >> 7) & 3
    }

    /// A comparison filter (for `SampleCmp`).
    pub fn is_comparison(self) -> bool {
        self.reduction() == 1
    }
}

impl fmt::Debug for Filter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => write!(f, "Filter::{n}"),
            None => write!(f, "Filter({:#x})", self.0),
        }
    }
}

value_enum! {
    /// Texture addressing outside [0, 1] (`D3D12_TEXTURE_ADDRESS_MODE`).
    TextureAddressMode {
        /// Wrap (1).
        Wrap = 1,
        /// Mirror (2).
        Mirror = 2,
        /// Clamp (3).
        Clamp = 3,
        /// Border colour (4).
        Border = 4,
        /// Mirror once (5).
        MirrorOnce = 5,
    }
}

value_enum! {
    /// Comparison of a comparison sampler (`D3D12_COMPARISON_FUNC`).
    ComparisonFunc {
        /// No comparison (0; newer D3D12 SDKs only).
        None = 0,
        /// Never (1).
        Never = 1,
        /// Less (2).
        Less = 2,
        /// Equal (3).
        Equal = 3,
        /// Less or equal (4).
        LessEqual = 4,
        /// Greater (5).
        Greater = 5,
        /// Not equal (6).
        NotEqual = 6,
        /// Greater or equal (7).
        GreaterEqual = 7,
        /// Always (8).
        Always = 8,
    }
}

value_enum! {
    /// Border colour of a static sampler (`D3D12_STATIC_BORDER_COLOR`).
    StaticBorderColor {
        /// (0, 0, 0, 0) (0).
        TransparentBlack = 0,
        /// (0, 0, 0, 1) (1).
        OpaqueBlack = 1,
        /// (1, 1, 1, 1) (2).
        OpaqueWhite = 2,
        /// Integer (0, 0, 0, 1) (3).
        OpaqueBlackUint = 3,
        /// Integer (1, 1, 1, 1) (4).
        OpaqueWhiteUint = 4,
    }
}

/// A static sampler.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StaticSampler {
    /// Filter.
    pub filter: Filter,
    /// Addressing of u.
    pub address_u: TextureAddressMode,
    /// Addressing of v.
    pub address_v: TextureAddressMode,
    /// Addressing of w.
    pub address_w: TextureAddressMode,
    /// Mip LOD bias.
    pub mip_lod_bias: f32,
    /// Maximum anisotropy.
    pub max_anisotropy: u32,
    /// Comparison function.
    pub comparison_func: ComparisonFunc,
    /// Border colour.
    pub border_color: StaticBorderColor,
    /// Minimum LOD.
    pub min_lod: f32,
    /// Maximum LOD.
    pub max_lod: f32,
    /// Shader register (`s`).
    pub register: u32,
    /// Register space.
    pub space: u32,
    /// Which stages see it.
    pub visibility: ShaderVisibility,
    /// Sampler flags (1.2; `None` before).
    pub flags: Option<SamplerFlags>,
}

/// A decoded root signature.
#[derive(Clone, Debug, PartialEq)]
pub struct RootSignature {
    /// Format version.
    pub version: RootSignatureVersion,
    /// Root signature flags.
    pub flags: RootSignatureFlags,
    /// Root parameters, in order.
    pub parameters: Vec<RootParameter>,
    /// Static samplers, in order.
    pub static_samplers: Vec<StaticSampler>,
}

const PARAM_SIZE: u64 = 12;

impl RootSignature {
    /// Parses a serialized root signature (`RTS0` part data, or a blob from
    /// `D3D12SerializeVersionedRootSignature`). Error offsets are relative
    /// to `data`.
    pub fn parse(data: &[u8]) -> Result<RootSignature> {
        Self::parse_region(Region::new("RTS0", data, 0))
    }

    pub(crate) fn parse_region(r: Region<'_>) -> Result<RootSignature> {
        let (_, (ver, num_params, params_off, num_samplers, samplers_off, flags)) = r.parse(
            0,
            "root signature header",
            (le_u32, le_u32, le_u32, le_u32, le_u32, le_u32),
        )?;
        let version = RootSignatureVersion::from_u32(ver)
            .ok_or_else(|| r.error(0, format_args!("unknown root signature version {ver}")))?;
        let v1_0 = version == RootSignatureVersion::V1_0;
        let range_size: u64 = if v1_0 { 20 } else { 24 };
        let descriptor_size: u64 = if v1_0 { 8 } else { 12 };
        let sampler_size: u64 = if version == RootSignatureVersion::V1_2 {
            56
        } else {
            52
        };

        r.range(
            4,
            u64::from(params_off),
            u64::from(num_params).saturating_mul(PARAM_SIZE),
            "root parameter table",
        )?;
        // Tables may not share ranges: this bounds the total allocation by
        // the part size even when several tables point at the same bytes.
        // `range_size` is 20 or 24, never 0.
        let mut range_budget = (r.len() as u64).checked_div(range_size).unwrap_or(0);
        let mut parameters = Vec::with_capacity(num_params as usize);
        for i in 0..num_params as usize {
            // Inside the table checked above.
            let at = i
                .saturating_mul(PARAM_SIZE as usize)
                .saturating_add(params_off as usize);
            let (_, (ty, vis, payload)) =
                r.parse(at, "root parameter", (le_u32, le_u32, le_u32))?;
            let visibility = ShaderVisibility::from_u32(vis).ok_or_else(|| {
                r.error(
                    at.saturating_add(4),
                    format_args!("parameter {i}: unknown shader visibility {vis}"),
                )
            })?;
            let payload_at = at.saturating_add(8);
            let descriptor = |what| -> Result<RootDescriptor> {
                r.range(payload_at, u64::from(payload), descriptor_size, what)?;
                let (_, (register, space)) = r.parse(payload as usize, what, (le_u32, le_u32))?;
                let flags = if v1_0 {
                    None
                } else {
                    Some(RootDescriptorFlags(
                        r.u32_at((payload as usize).saturating_add(8), what)?,
                    ))
                };
                Ok(RootDescriptor {
                    register,
                    space,
                    flags,
                })
            };
            let kind = match ty {
                0 => {
                    r.range(payload_at, u64::from(payload), 8, "descriptor table")?;
                    let (_, (num_ranges, ranges_off)) =
                        r.parse(payload as usize, "descriptor table", (le_u32, le_u32))?;
                    let field = (payload as usize).saturating_add(4);
                    r.range(
                        field,
                        u64::from(ranges_off),
                        u64::from(num_ranges).saturating_mul(range_size),
                        "descriptor ranges",
                    )?;
                    range_budget = range_budget.checked_sub(u64::from(num_ranges)).ok_or_else(|| {
                        r.error(field, format_args!("parameter {i}: descriptor tables overlap (more ranges than the part holds)"))
                    })?;
                    let mut ranges = Vec::with_capacity(num_ranges as usize);
                    for j in 0..num_ranges as usize {
                        // Inside the ranges checked above.
                        let rat = j
                            .saturating_mul(range_size as usize)
                            .saturating_add(ranges_off as usize);
                        ranges.push(parse_range(&r, rat, v1_0)?);
                    }
                    RootParameterKind::DescriptorTable(ranges)
                }
                1 => {
                    r.range(payload_at, u64::from(payload), 12, "root constants")?;
                    let (_, (register, space, num_32bit_values)) =
                        r.parse(payload as usize, "root constants", (le_u32, le_u32, le_u32))?;
                    RootParameterKind::Constants(RootConstants {
                        register,
                        space,
                        num_32bit_values,
                    })
                }
                2 => RootParameterKind::Cbv(descriptor("root CBV")?),
                3 => RootParameterKind::Srv(descriptor("root SRV")?),
                4 => RootParameterKind::Uav(descriptor("root UAV")?),
                _ => {
                    return Err(r.error(
                        at,
                        format_args!("parameter {i}: unknown root parameter type {ty}"),
                    ))
                }
            };
            parameters.push(RootParameter { kind, visibility });
        }

        r.range(
            16,
            u64::from(samplers_off),
            u64::from(num_samplers).saturating_mul(sampler_size),
            "static sampler table",
        )?;
        let mut static_samplers = Vec::with_capacity(num_samplers as usize);
        for i in 0..num_samplers as usize {
            // Inside the table checked above.
            let at = i
                .saturating_mul(sampler_size as usize)
                .saturating_add(samplers_off as usize);
            static_samplers.push(parse_sampler(&r, at, i, version)?);
        }
        Ok(RootSignature {
            version,
            flags: RootSignatureFlags(flags),
            parameters,
            static_samplers,
        })
    }
}

fn parse_range(r: &Region<'_>, at: usize, v1_0: bool) -> Result<DescriptorRange> {
    const WHAT: &str = "descriptor range";
    let (_, (ty, num_descriptors, base_register, space)) =
        r.parse(at, WHAT, (le_u32, le_u32, le_u32, le_u32))?;
    let range_type = DescriptorRangeType::from_u32(ty)
        .ok_or_else(|| r.error(at, format_args!("unknown descriptor range type {ty}")))?;
    let (flags, offset) = if v1_0 {
        (None, r.u32_at(at.saturating_add(16), WHAT)?)
    } else {
        let (_, (flags, offset)) = r.parse(at.saturating_add(16), WHAT, (le_u32, le_u32))?;
        (Some(DescriptorRangeFlags(flags)), offset)
    };
    Ok(DescriptorRange {
        range_type,
        num_descriptors,
        base_register,
        space,
        flags,
        offset,
    })
}

fn parse_sampler(
    r: &Region<'_>,
    at: usize,
    i: usize,
    version: RootSignatureVersion,
) -> Result<StaticSampler> {
    const WHAT: &str = "static sampler";
    let (_, fields) = r.parse(
        at,
        WHAT,
        (
            le_u32, le_u32, le_u32, le_u32, le_f32, le_u32, le_u32, le_u32, le_f32, le_f32, le_u32,
            le_u32, le_u32,
        ),
    )?;
    let (
        filter,
        au,
        av,
        aw,
        mip_lod_bias,
        max_anisotropy,
        cmp,
        border,
        min_lod,
        max_lod,
        register,
        space,
        vis,
    ) = fields;
    let address = |v: u32, field: usize, name: &str| {
        TextureAddressMode::from_u32(v).ok_or_else(|| {
            r.error(
                at.saturating_add(field),
                format_args!("sampler {i}: unknown {name} mode {v}"),
            )
        })
    };
    let address_u = address(au, 4, "addressU")?;
    let address_v = address(av, 8, "addressV")?;
    let address_w = address(aw, 12, "addressW")?;
    let comparison_func = ComparisonFunc::from_u32(cmp).ok_or_else(|| {
        r.error(
            at.saturating_add(24),
            format_args!("sampler {i}: unknown comparison function {cmp}"),
        )
    })?;
    let border_color = StaticBorderColor::from_u32(border).ok_or_else(|| {
        r.error(
            at.saturating_add(28),
            format_args!("sampler {i}: unknown border colour {border}"),
        )
    })?;
    let visibility = ShaderVisibility::from_u32(vis).ok_or_else(|| {
        r.error(
            at.saturating_add(48),
            format_args!("sampler {i}: unknown shader visibility {vis}"),
        )
    })?;
    let flags = if version == RootSignatureVersion::V1_2 {
        Some(SamplerFlags(r.u32_at(at.saturating_add(52), WHAT)?))
    } else {
        None
    };
    Ok(StaticSampler {
        filter: Filter(filter),
        address_u,
        address_v,
        address_w,
        mip_lod_bias,
        max_anisotropy,
        comparison_func,
        border_color,
        min_lod,
        max_lod,
        register,
        space,
        visibility,
        flags,
    })
}

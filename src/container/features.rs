//! Small parts: `SFI0` feature flags, `HASH` shader hash, and the `RDAT`
//! runtime data header (its tables are kept raw).

use std::fmt;

use smallvec::SmallVec;

use super::read::{array, le_u32, Region};
use crate::error::Result;

/// The `SFI0` part: one u64 of `ShaderFeatureInfo_*` bits (DXC's
/// `DxilConstants.h`), the optional device features a shader needs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FeatureFlags(pub u64);

macro_rules! features {
    ($($name:ident = $value:expr => $text:literal),* $(,)?) => {
        impl FeatureFlags {
            $(#[doc = concat!("`ShaderFeatureInfo_", $text, "`.")]
            pub const $name: FeatureFlags = FeatureFlags($value);)*

            const NAMES: &'static [(&'static str, u64)] = &[$(($text, $value)),*];
        }
    };
}

features! {
    DOUBLES = 0x0001 => "Doubles",
    COMPUTE_SHADERS_PLUS_RAW_AND_STRUCTURED_BUFFERS = 0x0002
        => "ComputeShadersPlusRawAndStructuredBuffersViaShader4X",
    UAVS_AT_EVERY_STAGE = 0x0004 => "UAVsAtEveryStage",
    UAVS_64 = 0x0008 => "64UAVs",
    MINIMUM_PRECISION = 0x0010 => "MinimumPrecision",
    DOUBLE_EXTENSIONS_11_1 = 0x0020 => "11_1_DoubleExtensions",
    SHADER_EXTENSIONS_11_1 = 0x0040 => "11_1_ShaderExtensions",
    LEVEL9_COMPARISON_FILTERING = 0x0080 => "LEVEL9ComparisonFiltering",
    TILED_RESOURCES = 0x0100 => "TiledResources",
    STENCIL_REF = 0x0200 => "StencilRef",
    INNER_COVERAGE = 0x0400 => "InnerCoverage",
    TYPED_UAV_LOAD_ADDITIONAL_FORMATS = 0x0800 => "TypedUAVLoadAdditionalFormats",
    ROVS = 0x1000 => "ROVs",
    VIEWPORT_AND_RT_ARRAY_INDEX_FROM_ANY_SHADER = 0x2000
        => "ViewportAndRTArrayIndexFromAnyShaderFeedingRasterizer",
    WAVE_OPS = 0x4000 => "WaveOps",
    INT64_OPS = 0x8000 => "Int64Ops",
    VIEW_ID = 0x10000 => "ViewID",
    BARYCENTRICS = 0x20000 => "Barycentrics",
    NATIVE_LOW_PRECISION = 0x40000 => "NativeLowPrecision",
    SHADING_RATE = 0x80000 => "ShadingRate",
    RAYTRACING_TIER_1_1 = 0x100000 => "Raytracing_Tier_1_1",
    SAMPLER_FEEDBACK = 0x200000 => "SamplerFeedback",
    ATOMIC_INT64_ON_TYPED_RESOURCE = 0x400000 => "AtomicInt64OnTypedResource",
    ATOMIC_INT64_ON_GROUP_SHARED = 0x800000 => "AtomicInt64OnGroupShared",
    DERIVATIVES_IN_MESH_AND_AMP_SHADERS = 0x1000000 => "DerivativesInMeshAndAmpShaders",
    RESOURCE_DESCRIPTOR_HEAP_INDEXING = 0x2000000 => "ResourceDescriptorHeapIndexing",
    SAMPLER_DESCRIPTOR_HEAP_INDEXING = 0x4000000 => "SamplerDescriptorHeapIndexing",
    WAVE_MMA = 0x8000000 => "WaveMMA",
    ATOMIC_INT64_ON_HEAP_RESOURCE = 0x10000000 => "AtomicInt64OnHeapResource",
    ADVANCED_TEXTURE_OPS = 0x20000000 => "AdvancedTextureOps",
    WRITEABLE_MSAA_TEXTURES = 0x40000000 => "WriteableMSAATextures",
    SAMPLE_CMP_GRADIENT_OR_BIAS = 0x80000000 => "SampleCmpGradientOrBias",
    EXTENDED_COMMAND_INFO = 0x100000000 => "ExtendedCommandInfo",
}

impl FeatureFlags {
    /// Parses `SFI0` part data (exactly 8 bytes).
    pub fn parse(data: &[u8]) -> Result<FeatureFlags> {
        Self::parse_region(Region::new("SFI0", data, 0))
    }

    pub(crate) fn parse_region(r: Region<'_>) -> Result<FeatureFlags> {
        if r.len() != 8 {
            return Err(r.error(
                0,
                format_args!("feature info is {} bytes, expected 8", r.len()),
            ));
        }
        let (_, (lo, hi)) = r.parse(0, "feature flags", (le_u32, le_u32))?;
        Ok(FeatureFlags(u64::from(lo) | (u64::from(hi) << 32)))
    }

    /// True when every bit of `other` is set.
    pub fn contains(self, other: FeatureFlags) -> bool {
        self.0 & other.0 == other.0
    }

    /// Names (the `ShaderFeatureInfo_` suffix) of the set flags, in bit
    /// order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        Self::NAMES
            .iter()
            .filter(move |(_, v)| self.0 & v != 0)
            .map(|(n, _)| *n)
    }

    /// Set bits this reader has no name for.
    pub fn unknown_bits(self) -> u64 {
        let known = Self::NAMES.iter().fold(0u64, |acc, (_, v)| acc | v);
        self.0 & !known
    }
}

impl fmt::Debug for FeatureFlags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FeatureFlags({:#x}", self.0)?;
        let mut sep = ": ";
        for n in self.names() {
            write!(f, "{sep}{n}")?;
            sep = " | ";
        }
        write!(f, ")")
    }
}

/// The `HASH` part: the shader hash (MD5 of the program, or of program and
/// source with `-Zss`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShaderHash {
    /// `DxilShaderHashFlags`: 1 = the hash includes the source.
    pub flags: u32,
    /// The 16-byte digest.
    pub digest: [u8; 16],
}

impl ShaderHash {
    /// Parses `HASH` part data (exactly 20 bytes).
    pub fn parse(data: &[u8]) -> Result<ShaderHash> {
        Self::parse_region(Region::new("HASH", data, 0))
    }

    pub(crate) fn parse_region(r: Region<'_>) -> Result<ShaderHash> {
        if r.len() != 20 {
            return Err(r.error(
                0,
                format_args!("shader hash is {} bytes, expected 20", r.len()),
            ));
        }
        let (_, (flags, digest)) = r.parse(0, "shader hash", (le_u32, array::<16>))?;
        Ok(ShaderHash { flags, digest })
    }

    /// Whether the hash was computed over the source too (`-Zss`).
    pub fn includes_source(&self) -> bool {
        self.flags & 1 != 0
    }
}

impl fmt::Display for ShaderHash {
    /// The digest as 32 lower-case hex digits (as DXC prints it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.digest.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

/// The `RDAT` version this reader knows.
pub const RDAT_VERSION: u32 = 0x10;

/// One table of the `RDAT` part (`RuntimeDataPartHeader` and its data).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuntimeDataPart<'a> {
    /// `RuntimeDataPartType`: 1 string buffer, 2 index arrays, 3 resources,
    /// 4 functions, 5 raw bytes, 6 subobjects, 7–11 work-graph node tables.
    pub kind: u32,
    /// The table data.
    pub data: &'a [u8],
    /// Absolute byte offset of `data` in the input.
    pub offset: usize,
}

/// The `RDAT` part, checked down to its part table; the tables are raw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuntimeData<'a> {
    /// Format version (0x10).
    pub version: u32,
    /// The tables, in part order.
    pub parts: SmallVec<[RuntimeDataPart<'a>; 12]>,
}

impl<'a> RuntimeData<'a> {
    /// Parses `RDAT` part data. Error offsets are relative to `data`.
    pub fn parse(data: &'a [u8]) -> Result<RuntimeData<'a>> {
        Self::parse_region(Region::new("RDAT", data, 0))
    }

    pub(crate) fn parse_region(r: Region<'a>) -> Result<RuntimeData<'a>> {
        let (_, (version, count)) = r.parse(0, "runtime data header", (le_u32, le_u32))?;
        if version != RDAT_VERSION {
            return Err(r.unsupported(
                0,
                format_args!("runtime data version {version:#x} (only 0x10 is known)"),
            ));
        }
        r.range(
            4,
            8,
            u64::from(count).saturating_mul(4),
            "runtime data part offsets",
        )?;
        let mut parts = SmallVec::with_capacity(count as usize);
        for i in 0..count as usize {
            // Inside the offset table checked above.
            let field = i.saturating_mul(4).saturating_add(8);
            let off = r.u32_at(field, "runtime data part offset")?;
            r.range(field, u64::from(off), 8, "runtime data part header")?;
            let (_, (kind, size)) =
                r.parse(off as usize, "runtime data part header", (le_u32, le_u32))?;
            let data_at = (off as usize).saturating_add(8);
            let data = r.range(
                (off as usize).saturating_add(4),
                data_at as u64,
                u64::from(size),
                "runtime data part",
            )?;
            parts.push(RuntimeDataPart {
                kind,
                data,
                offset: r.base.saturating_add(data_at),
            });
        }
        Ok(RuntimeData { version, parts })
    }
}

//! Helpers on the DXIL enums (which come from `autogen_enums.rs`) and the
//! shader flags bit set.

use super::{ResourceClass, ShaderKind};
use std::fmt;

impl ShaderKind {
    /// The kind a target profile names, from its prefix: `"cs_6_0"` →
    /// `Compute`, `"lib_6_3"` → `Library`. Ray tracing and node shaders are
    /// only compiled as libraries, so they have no profile.
    pub fn from_profile(profile: &str) -> Option<ShaderKind> {
        Self::from_profile_prefix(profile.split('_').next()?)
    }

    /// Parses the kind string of `!dx.shaderModel` (`"ps"`, `"cs"`, `"lib"`, ...).
    pub fn from_profile_prefix(prefix: &str) -> Option<ShaderKind> {
        Some(match prefix {
            "ps" => ShaderKind::Pixel,
            "vs" => ShaderKind::Vertex,
            "gs" => ShaderKind::Geometry,
            "hs" => ShaderKind::Hull,
            "ds" => ShaderKind::Domain,
            "cs" => ShaderKind::Compute,
            "lib" => ShaderKind::Library,
            "ms" => ShaderKind::Mesh,
            "as" => ShaderKind::Amplification,
            _ => return None,
        })
    }

    /// The profile prefix (`"ps"`, `"lib"`, ...), or the lower-case kind name
    /// for kinds that only occur inside libraries (`"raygeneration"`, ...).
    pub fn profile_prefix(self) -> &'static str {
        match self {
            ShaderKind::Pixel => "ps",
            ShaderKind::Vertex => "vs",
            ShaderKind::Geometry => "gs",
            ShaderKind::Hull => "hs",
            ShaderKind::Domain => "ds",
            ShaderKind::Compute => "cs",
            ShaderKind::Library => "lib",
            ShaderKind::Mesh => "ms",
            ShaderKind::Amplification => "as",
            ShaderKind::RayGeneration => "raygeneration",
            ShaderKind::Intersection => "intersection",
            ShaderKind::AnyHit => "anyhit",
            ShaderKind::ClosestHit => "closesthit",
            ShaderKind::Miss => "miss",
            ShaderKind::Callable => "callable",
            ShaderKind::Node => "node",
            ShaderKind::Invalid => "invalid",
        }
    }

    /// Whether this is one of the ray-tracing kinds.
    pub fn is_ray_tracing(self) -> bool {
        matches!(
            self,
            ShaderKind::RayGeneration
                | ShaderKind::Intersection
                | ShaderKind::AnyHit
                | ShaderKind::ClosestHit
                | ShaderKind::Miss
                | ShaderKind::Callable
        )
    }
}

/// DXC's name of the kind (`Pixel`, `RayGeneration`, ...).
impl fmt::Display for ShaderKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl ResourceClass {
    /// The HLSL register letter (`t`, `u`, `b`, `s`; `?` for `Invalid`).
    pub fn register_letter(self) -> char {
        match self {
            ResourceClass::SRV => 't',
            ResourceClass::UAV => 'u',
            ResourceClass::CBuffer => 'b',
            ResourceClass::Sampler => 's',
            ResourceClass::Invalid => '?',
        }
    }
}

/// Declares the named bits of [`ShaderFlags`].
macro_rules! shader_flags {
    ($($konst:ident = $bit:literal, $name:literal => $doc:literal;)*) => {
        impl ShaderFlags {
            $(
                #[doc = $doc]
                pub const $konst: ShaderFlags = ShaderFlags(1 << $bit);
            )*

            /// The named bits: (bit number, name).
            pub const NAMED: &'static [(u32, &'static str)] = &[$(($bit, $name),)*];
        }
    };
}

/// The shader flags of an entry point (property tag 0): a 64-bit set whose
/// bits are `hlsl::ShaderFlags` of `DxilShaderFlags.h`. The raw bits are
/// kept; bits without a name here are reported by
/// [`ShaderFlags::unknown_bits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ShaderFlags(pub u64);

shader_flags! {
    DISABLE_OPTIMIZATIONS = 0, "DisableOptimizations" => "Optimizations disabled (`-Od`).";
    DISABLE_MATH_REFACTORING = 1, "DisableMathRefactoring" => "Math refactoring not allowed.";
    ENABLE_DOUBLE_PRECISION = 2, "EnableDoublePrecision" => "Uses doubles.";
    FORCE_EARLY_DEPTH_STENCIL = 3, "ForceEarlyDepthStencil" => "`[earlydepthstencil]`.";
    ENABLE_RAW_AND_STRUCTURED_BUFFERS = 4, "EnableRawAndStructuredBuffers" => "Uses raw or structured buffers.";
    LOW_PRECISION_PRESENT = 5, "LowPrecisionPresent" => "Uses min-precision types.";
    ENABLE_DOUBLE_EXTENSIONS = 6, "EnableDoubleExtensions" => "Uses double extension intrinsics.";
    ENABLE_MSAD = 7, "EnableMSAD" => "Uses `msad4`.";
    ALL_RESOURCES_BOUND = 8, "AllResourcesBound" => "All resources must stay bound.";
    VIEWPORT_AND_RT_ARRAY_INDEX = 9, "ViewportAndRTArrayIndex" => "Viewport/RT array index from any stage feeding the rasterizer.";
    INNER_COVERAGE = 10, "InnerCoverage" => "Uses inner coverage.";
    STENCIL_REF = 11, "StencilRef" => "Writes the stencil reference.";
    TILED_RESOURCES = 12, "TiledResources" => "Uses tiled-resource intrinsics.";
    UAV_LOAD_ADDITIONAL_FORMATS = 13, "UAVLoadAdditionalFormats" => "Typed UAV loads of additional formats.";
    LEVEL9_COMPARISON_FILTERING = 14, "Level9ComparisonFiltering" => "Level 9 comparison filtering.";
    UAVS_64 = 15, "64UAVs" => "Uses up to 64 UAVs.";
    UAVS_AT_EVERY_STAGE = 16, "UAVsAtEveryStage" => "Uses UAVs outside pixel/compute.";
    CS_RAW_AND_STRUCTURED_VIA_SHADER_4X = 17, "CSRawAndStructuredViaShader4X" => "CS 4.x raw and structured buffers.";
    ROVS = 18, "ROVs" => "Uses rasterizer-ordered views.";
    WAVE_OPS = 19, "WaveOps" => "Uses wave intrinsics.";
    INT64_OPS = 20, "Int64Ops" => "Uses 64-bit integers.";
    VIEW_ID = 21, "ViewID" => "Uses `SV_ViewID`.";
    BARYCENTRICS = 22, "Barycentrics" => "Uses barycentrics.";
    USE_NATIVE_LOW_PRECISION = 23, "UseNativeLowPrecision" => "Native 16-bit types (`-enable-16bit-types`).";
    SHADING_RATE = 24, "ShadingRate" => "Uses `SV_ShadingRate`.";
    RAYTRACING_TIER_1_1 = 25, "RaytracingTier1_1" => "Uses ray tracing tier 1.1 features.";
    SAMPLER_FEEDBACK = 26, "SamplerFeedback" => "Uses sampler feedback.";
    ATOMIC_INT64_ON_TYPED_RESOURCE = 27, "AtomicInt64OnTypedResource" => "64-bit atomics on typed resources.";
    ATOMIC_INT64_ON_GROUP_SHARED = 28, "AtomicInt64OnGroupShared" => "64-bit atomics on groupshared memory.";
    DERIVATIVES_IN_MESH_AND_AMP_SHADERS = 29, "DerivativesInMeshAndAmpShaders" => "Derivatives in mesh/amplification shaders.";
    RESOURCE_DESCRIPTOR_HEAP_INDEXING = 30, "ResourceDescriptorHeapIndexing" => "Uses `ResourceDescriptorHeap`.";
    SAMPLER_DESCRIPTOR_HEAP_INDEXING = 31, "SamplerDescriptorHeapIndexing" => "Uses `SamplerDescriptorHeap`.";
    ATOMIC_INT64_ON_HEAP_RESOURCE = 32, "AtomicInt64OnHeapResource" => "64-bit atomics on heap resources.";
    RES_MAY_NOT_ALIAS = 33, "ResMayNotAlias" => "UAVs may not alias each other.";
    ADVANCED_TEXTURE_OPS = 34, "AdvancedTextureOps" => "Uses advanced texture operations.";
    WRITEABLE_MSAA_TEXTURES = 35, "WriteableMSAATextures" => "Writes to MSAA textures.";
    RESERVED_36 = 36, "Reserved" => "Reserved (once `WaveMMA`).";
    SAMPLE_CMP_GRADIENT_OR_BIAS = 37, "SampleCmpGradientOrBias" => "Uses `SampleCmpGrad`/`SampleCmpBias`.";
    EXTENDED_COMMAND_INFO = 38, "ExtendedCommandInfo" => "Uses extended command information (start vertex/instance).";
    USES_DERIVATIVES = 39, "UsesDerivatives" => "The function uses derivatives.";
    REQUIRES_GROUP = 40, "RequiresGroup" => "The function needs a visible thread group.";
}

impl ShaderFlags {
    /// Whether every bit of `other` is set.
    pub fn contains(self, other: ShaderFlags) -> bool {
        self.0 & other.0 == other.0
    }

    /// The names of the set bits that have one, in bit order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        Self::NAMED
            .iter()
            .filter(move |(bit, _)| self.0 >> bit & 1 == 1)
            .map(|(_, name)| *name)
    }

    /// The set bits that have no name here.
    pub fn unknown_bits(self) -> u64 {
        let known = Self::NAMED
            .iter()
            .fold(0u64, |acc, (bit, _)| acc | 1 << bit);
        self.0 & !known
    }
}

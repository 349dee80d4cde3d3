//! Interim copy of the DXIL enums this module needs, taken verbatim from
//! `src/dxil/autogen_enums.rs` of branch `autogen` (commit 0064acd, generated
//! from `tables/dxil-constants.tsv`), so that this branch builds on its own.
//!
//! MERGE(autogen): delete this file and its two lines in `mod.rs`;
//! `autogen_enums.rs` defines the same enums with the same variants, and the
//! rest of `dxil` uses only their `from_u32`, `name` and variants.

/// DXIL `ComponentType`, from `dxil-constants.tsv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum ComponentType {
    /// `Invalid` = 0.
    Invalid = 0,
    /// `I1` = 1.
    I1 = 1,
    /// `I16` = 2.
    I16 = 2,
    /// `U16` = 3.
    U16 = 3,
    /// `I32` = 4.
    I32 = 4,
    /// `U32` = 5.
    U32 = 5,
    /// `I64` = 6.
    I64 = 6,
    /// `U64` = 7.
    U64 = 7,
    /// `F16` = 8.
    F16 = 8,
    /// `F32` = 9.
    F32 = 9,
    /// `F64` = 10.
    F64 = 10,
    /// `SNormF16` = 11.
    SNormF16 = 11,
    /// `UNormF16` = 12.
    UNormF16 = 12,
    /// `SNormF32` = 13.
    SNormF32 = 13,
    /// `UNormF32` = 14.
    UNormF32 = 14,
    /// `SNormF64` = 15.
    SNormF64 = 15,
    /// `UNormF64` = 16.
    UNormF64 = 16,
    /// `PackedS8x32` = 17.
    PackedS8x32 = 17,
    /// `PackedU8x32` = 18.
    PackedU8x32 = 18,
    /// `I8` = 19.
    I8 = 19,
    /// `U8` = 20.
    U8 = 20,
    /// `F8_E4M3FN` = 21.
    F8E4M3FN = 21,
    /// `F8_E5M2` = 22.
    F8E5M2 = 22,
    /// `BFloat16` = 23.
    BFloat16 = 23,
    /// `LastEntry` = 24.
    LastEntry = 24,
}

impl ComponentType {
    /// The enumerator whose value is `value`, if there is one.
    pub const fn from_u32(value: u32) -> Option<ComponentType> {
        match value {
            0 => Some(ComponentType::Invalid),
            1 => Some(ComponentType::I1),
            2 => Some(ComponentType::I16),
            3 => Some(ComponentType::U16),
            4 => Some(ComponentType::I32),
            5 => Some(ComponentType::U32),
            6 => Some(ComponentType::I64),
            7 => Some(ComponentType::U64),
            8 => Some(ComponentType::F16),
            9 => Some(ComponentType::F32),
            10 => Some(ComponentType::F64),
            11 => Some(ComponentType::SNormF16),
            12 => Some(ComponentType::UNormF16),
            13 => Some(ComponentType::SNormF32),
            14 => Some(ComponentType::UNormF32),
            15 => Some(ComponentType::SNormF64),
            16 => Some(ComponentType::UNormF64),
            17 => Some(ComponentType::PackedS8x32),
            18 => Some(ComponentType::PackedU8x32),
            19 => Some(ComponentType::I8),
            20 => Some(ComponentType::U8),
            21 => Some(ComponentType::F8E4M3FN),
            22 => Some(ComponentType::F8E5M2),
            23 => Some(ComponentType::BFloat16),
            24 => Some(ComponentType::LastEntry),
            _ => None,
        }
    }

    /// DXC's name of the enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            ComponentType::Invalid => "Invalid",
            ComponentType::I1 => "I1",
            ComponentType::I16 => "I16",
            ComponentType::U16 => "U16",
            ComponentType::I32 => "I32",
            ComponentType::U32 => "U32",
            ComponentType::I64 => "I64",
            ComponentType::U64 => "U64",
            ComponentType::F16 => "F16",
            ComponentType::F32 => "F32",
            ComponentType::F64 => "F64",
            ComponentType::SNormF16 => "SNormF16",
            ComponentType::UNormF16 => "UNormF16",
            ComponentType::SNormF32 => "SNormF32",
            ComponentType::UNormF32 => "UNormF32",
            ComponentType::SNormF64 => "SNormF64",
            ComponentType::UNormF64 => "UNormF64",
            ComponentType::PackedS8x32 => "PackedS8x32",
            ComponentType::PackedU8x32 => "PackedU8x32",
            ComponentType::I8 => "I8",
            ComponentType::U8 => "U8",
            ComponentType::F8E4M3FN => "F8_E4M3FN",
            ComponentType::F8E5M2 => "F8_E5M2",
            ComponentType::BFloat16 => "BFloat16",
            ComponentType::LastEntry => "LastEntry",
        }
    }
}

/// DXIL `InterpolationMode`, from `dxil-constants.tsv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum InterpolationMode {
    /// `Undefined` = 0.
    Undefined = 0,
    /// `Constant` = 1.
    Constant = 1,
    /// `Linear` = 2.
    Linear = 2,
    /// `LinearCentroid` = 3.
    LinearCentroid = 3,
    /// `LinearNoperspective` = 4.
    LinearNoperspective = 4,
    /// `LinearNoperspectiveCentroid` = 5.
    LinearNoperspectiveCentroid = 5,
    /// `LinearSample` = 6.
    LinearSample = 6,
    /// `LinearNoperspectiveSample` = 7.
    LinearNoperspectiveSample = 7,
    /// `Invalid` = 8.
    Invalid = 8,
}

impl InterpolationMode {
    /// The enumerator whose value is `value`, if there is one.
    pub const fn from_u32(value: u32) -> Option<InterpolationMode> {
        match value {
            0 => Some(InterpolationMode::Undefined),
            1 => Some(InterpolationMode::Constant),
            2 => Some(InterpolationMode::Linear),
            3 => Some(InterpolationMode::LinearCentroid),
            4 => Some(InterpolationMode::LinearNoperspective),
            5 => Some(InterpolationMode::LinearNoperspectiveCentroid),
            6 => Some(InterpolationMode::LinearSample),
            7 => Some(InterpolationMode::LinearNoperspectiveSample),
            8 => Some(InterpolationMode::Invalid),
            _ => None,
        }
    }

    /// DXC's name of the enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            InterpolationMode::Undefined => "Undefined",
            InterpolationMode::Constant => "Constant",
            InterpolationMode::Linear => "Linear",
            InterpolationMode::LinearCentroid => "LinearCentroid",
            InterpolationMode::LinearNoperspective => "LinearNoperspective",
            InterpolationMode::LinearNoperspectiveCentroid => "LinearNoperspectiveCentroid",
            InterpolationMode::LinearSample => "LinearSample",
            InterpolationMode::LinearNoperspectiveSample => "LinearNoperspectiveSample",
            InterpolationMode::Invalid => "Invalid",
        }
    }
}

/// DXIL `SignatureKind`, from `dxil-constants.tsv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum SignatureKind {
    /// `Invalid` = 0.
    Invalid = 0,
    /// `Input` = 1.
    Input = 1,
    /// `Output` = 2.
    Output = 2,
    /// `PatchConstOrPrim` = 3.
    PatchConstOrPrim = 3,
}

impl SignatureKind {
    /// The enumerator whose value is `value`, if there is one.
    pub const fn from_u32(value: u32) -> Option<SignatureKind> {
        match value {
            0 => Some(SignatureKind::Invalid),
            1 => Some(SignatureKind::Input),
            2 => Some(SignatureKind::Output),
            3 => Some(SignatureKind::PatchConstOrPrim),
            _ => None,
        }
    }

    /// DXC's name of the enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            SignatureKind::Invalid => "Invalid",
            SignatureKind::Input => "Input",
            SignatureKind::Output => "Output",
            SignatureKind::PatchConstOrPrim => "PatchConstOrPrim",
        }
    }
}

/// DXIL `ShaderKind`, from `dxil-constants.tsv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum ShaderKind {
    /// `Pixel` = 0.
    Pixel = 0,
    /// `Vertex` = 1.
    Vertex = 1,
    /// `Geometry` = 2.
    Geometry = 2,
    /// `Hull` = 3.
    Hull = 3,
    /// `Domain` = 4.
    Domain = 4,
    /// `Compute` = 5.
    Compute = 5,
    /// `Library` = 6.
    Library = 6,
    /// `RayGeneration` = 7.
    RayGeneration = 7,
    /// `Intersection` = 8.
    Intersection = 8,
    /// `AnyHit` = 9.
    AnyHit = 9,
    /// `ClosestHit` = 10.
    ClosestHit = 10,
    /// `Miss` = 11.
    Miss = 11,
    /// `Callable` = 12.
    Callable = 12,
    /// `Mesh` = 13.
    Mesh = 13,
    /// `Amplification` = 14.
    Amplification = 14,
    /// `Node` = 15.
    Node = 15,
    /// `Invalid` = 16.
    Invalid = 16,
}

impl ShaderKind {
    /// `Last_1_2` = 5: the same value as [`ShaderKind::Compute`].
    // An alias keeps DXC's spelling, like the variants do.
    #[allow(non_upper_case_globals)]
    pub const Last1_2: ShaderKind = ShaderKind::Compute;

    /// `Last_1_4` = 12: the same value as [`ShaderKind::Callable`].
    // An alias keeps DXC's spelling, like the variants do.
    #[allow(non_upper_case_globals)]
    pub const Last1_4: ShaderKind = ShaderKind::Callable;

    /// `Last_1_7` = 14: the same value as [`ShaderKind::Amplification`].
    // An alias keeps DXC's spelling, like the variants do.
    #[allow(non_upper_case_globals)]
    pub const Last1_7: ShaderKind = ShaderKind::Amplification;

    /// `Last_1_8` = 15: the same value as [`ShaderKind::Node`].
    // An alias keeps DXC's spelling, like the variants do.
    #[allow(non_upper_case_globals)]
    pub const Last1_8: ShaderKind = ShaderKind::Node;

    /// `LastValid` = 15: the same value as [`ShaderKind::Node`].
    // An alias keeps DXC's spelling, like the variants do.
    #[allow(non_upper_case_globals)]
    pub const LastValid: ShaderKind = ShaderKind::Node;

    /// The enumerator whose value is `value`, if there is one.
    pub const fn from_u32(value: u32) -> Option<ShaderKind> {
        match value {
            0 => Some(ShaderKind::Pixel),
            1 => Some(ShaderKind::Vertex),
            2 => Some(ShaderKind::Geometry),
            3 => Some(ShaderKind::Hull),
            4 => Some(ShaderKind::Domain),
            5 => Some(ShaderKind::Compute),
            6 => Some(ShaderKind::Library),
            7 => Some(ShaderKind::RayGeneration),
            8 => Some(ShaderKind::Intersection),
            9 => Some(ShaderKind::AnyHit),
            10 => Some(ShaderKind::ClosestHit),
            11 => Some(ShaderKind::Miss),
            12 => Some(ShaderKind::Callable),
            13 => Some(ShaderKind::Mesh),
            14 => Some(ShaderKind::Amplification),
            15 => Some(ShaderKind::Node),
            16 => Some(ShaderKind::Invalid),
            _ => None,
        }
    }

    /// DXC's name of the enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            ShaderKind::Pixel => "Pixel",
            ShaderKind::Vertex => "Vertex",
            ShaderKind::Geometry => "Geometry",
            ShaderKind::Hull => "Hull",
            ShaderKind::Domain => "Domain",
            ShaderKind::Compute => "Compute",
            ShaderKind::Library => "Library",
            ShaderKind::RayGeneration => "RayGeneration",
            ShaderKind::Intersection => "Intersection",
            ShaderKind::AnyHit => "AnyHit",
            ShaderKind::ClosestHit => "ClosestHit",
            ShaderKind::Miss => "Miss",
            ShaderKind::Callable => "Callable",
            ShaderKind::Mesh => "Mesh",
            ShaderKind::Amplification => "Amplification",
            ShaderKind::Node => "Node",
            ShaderKind::Invalid => "Invalid",
        }
    }
}

/// DXIL `SemanticKind`, from `dxil-constants.tsv` and `dxil-op-enums.tsv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum SemanticKind {
    /// `Arbitrary` = 0.
    Arbitrary = 0,
    /// `VertexID` = 1.
    VertexID = 1,
    /// `InstanceID` = 2.
    InstanceID = 2,
    /// `Position` = 3.
    Position = 3,
    /// `RenderTargetArrayIndex` = 4.
    RenderTargetArrayIndex = 4,
    /// `ViewPortArrayIndex` = 5.
    ViewPortArrayIndex = 5,
    /// `ClipDistance` = 6.
    ClipDistance = 6,
    /// `CullDistance` = 7.
    CullDistance = 7,
    /// `OutputControlPointID` = 8.
    OutputControlPointID = 8,
    /// `DomainLocation` = 9.
    DomainLocation = 9,
    /// `PrimitiveID` = 10.
    PrimitiveID = 10,
    /// `GSInstanceID` = 11.
    GSInstanceID = 11,
    /// `SampleIndex` = 12.
    SampleIndex = 12,
    /// `IsFrontFace` = 13.
    IsFrontFace = 13,
    /// `Coverage` = 14.
    Coverage = 14,
    /// `InnerCoverage` = 15.
    InnerCoverage = 15,
    /// `Target` = 16.
    Target = 16,
    /// `Depth` = 17.
    Depth = 17,
    /// `DepthLessEqual` = 18.
    DepthLessEqual = 18,
    /// `DepthGreaterEqual` = 19.
    DepthGreaterEqual = 19,
    /// `StencilRef` = 20.
    StencilRef = 20,
    /// `DispatchThreadID` = 21.
    DispatchThreadID = 21,
    /// `GroupID` = 22.
    GroupID = 22,
    /// `GroupIndex` = 23.
    GroupIndex = 23,
    /// `GroupThreadID` = 24.
    GroupThreadID = 24,
    /// `TessFactor` = 25.
    TessFactor = 25,
    /// `InsideTessFactor` = 26.
    InsideTessFactor = 26,
    /// `ViewID` = 27.
    ViewID = 27,
    /// `Barycentrics` = 28.
    Barycentrics = 28,
    /// `ShadingRate` = 29.
    ShadingRate = 29,
    /// `CullPrimitive` = 30.
    CullPrimitive = 30,
    /// `StartVertexLocation` = 31.
    StartVertexLocation = 31,
    /// `StartInstanceLocation` = 32.
    StartInstanceLocation = 32,
    /// `Invalid` = 33.
    Invalid = 33,
}

impl SemanticKind {
    /// The enumerator whose value is `value`, if there is one.
    pub const fn from_u32(value: u32) -> Option<SemanticKind> {
        match value {
            0 => Some(SemanticKind::Arbitrary),
            1 => Some(SemanticKind::VertexID),
            2 => Some(SemanticKind::InstanceID),
            3 => Some(SemanticKind::Position),
            4 => Some(SemanticKind::RenderTargetArrayIndex),
            5 => Some(SemanticKind::ViewPortArrayIndex),
            6 => Some(SemanticKind::ClipDistance),
            7 => Some(SemanticKind::CullDistance),
            8 => Some(SemanticKind::OutputControlPointID),
            9 => Some(SemanticKind::DomainLocation),
            10 => Some(SemanticKind::PrimitiveID),
            11 => Some(SemanticKind::GSInstanceID),
            12 => Some(SemanticKind::SampleIndex),
            13 => Some(SemanticKind::IsFrontFace),
            14 => Some(SemanticKind::Coverage),
            15 => Some(SemanticKind::InnerCoverage),
            16 => Some(SemanticKind::Target),
            17 => Some(SemanticKind::Depth),
            18 => Some(SemanticKind::DepthLessEqual),
            19 => Some(SemanticKind::DepthGreaterEqual),
            20 => Some(SemanticKind::StencilRef),
            21 => Some(SemanticKind::DispatchThreadID),
            22 => Some(SemanticKind::GroupID),
            23 => Some(SemanticKind::GroupIndex),
            24 => Some(SemanticKind::GroupThreadID),
            25 => Some(SemanticKind::TessFactor),
            26 => Some(SemanticKind::InsideTessFactor),
            27 => Some(SemanticKind::ViewID),
            28 => Some(SemanticKind::Barycentrics),
            29 => Some(SemanticKind::ShadingRate),
            30 => Some(SemanticKind::CullPrimitive),
            31 => Some(SemanticKind::StartVertexLocation),
            32 => Some(SemanticKind::StartInstanceLocation),
            33 => Some(SemanticKind::Invalid),
            _ => None,
        }
    }

    /// DXC's name of the enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            SemanticKind::Arbitrary => "Arbitrary",
            SemanticKind::VertexID => "VertexID",
            SemanticKind::InstanceID => "InstanceID",
            SemanticKind::Position => "Position",
            SemanticKind::RenderTargetArrayIndex => "RenderTargetArrayIndex",
            SemanticKind::ViewPortArrayIndex => "ViewPortArrayIndex",
            SemanticKind::ClipDistance => "ClipDistance",
            SemanticKind::CullDistance => "CullDistance",
            SemanticKind::OutputControlPointID => "OutputControlPointID",
            SemanticKind::DomainLocation => "DomainLocation",
            SemanticKind::PrimitiveID => "PrimitiveID",
            SemanticKind::GSInstanceID => "GSInstanceID",
            SemanticKind::SampleIndex => "SampleIndex",
            SemanticKind::IsFrontFace => "IsFrontFace",
            SemanticKind::Coverage => "Coverage",
            SemanticKind::InnerCoverage => "InnerCoverage",
            SemanticKind::Target => "Target",
            SemanticKind::Depth => "Depth",
            SemanticKind::DepthLessEqual => "DepthLessEqual",
            SemanticKind::DepthGreaterEqual => "DepthGreaterEqual",
            SemanticKind::StencilRef => "StencilRef",
            SemanticKind::DispatchThreadID => "DispatchThreadID",
            SemanticKind::GroupID => "GroupID",
            SemanticKind::GroupIndex => "GroupIndex",
            SemanticKind::GroupThreadID => "GroupThreadID",
            SemanticKind::TessFactor => "TessFactor",
            SemanticKind::InsideTessFactor => "InsideTessFactor",
            SemanticKind::ViewID => "ViewID",
            SemanticKind::Barycentrics => "Barycentrics",
            SemanticKind::ShadingRate => "ShadingRate",
            SemanticKind::CullPrimitive => "CullPrimitive",
            SemanticKind::StartVertexLocation => "StartVertexLocation",
            SemanticKind::StartInstanceLocation => "StartInstanceLocation",
            SemanticKind::Invalid => "Invalid",
        }
    }
}

/// DXIL `SamplerKind`, from `dxil-constants.tsv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum SamplerKind {
    /// `Default` = 0.
    Default = 0,
    /// `Comparison` = 1.
    Comparison = 1,
    /// `Mono` = 2.
    Mono = 2,
    /// `Invalid` = 3.
    Invalid = 3,
}

impl SamplerKind {
    /// The enumerator whose value is `value`, if there is one.
    pub const fn from_u32(value: u32) -> Option<SamplerKind> {
        match value {
            0 => Some(SamplerKind::Default),
            1 => Some(SamplerKind::Comparison),
            2 => Some(SamplerKind::Mono),
            3 => Some(SamplerKind::Invalid),
            _ => None,
        }
    }

    /// DXC's name of the enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            SamplerKind::Default => "Default",
            SamplerKind::Comparison => "Comparison",
            SamplerKind::Mono => "Mono",
            SamplerKind::Invalid => "Invalid",
        }
    }
}

/// DXIL `ResourceClass`, from `dxil-constants.tsv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum ResourceClass {
    /// `SRV` = 0.
    SRV = 0,
    /// `UAV` = 1.
    UAV = 1,
    /// `CBuffer` = 2.
    CBuffer = 2,
    /// `Sampler` = 3.
    Sampler = 3,
    /// `Invalid` = 4.
    Invalid = 4,
}

impl ResourceClass {
    /// The enumerator whose value is `value`, if there is one.
    pub const fn from_u32(value: u32) -> Option<ResourceClass> {
        match value {
            0 => Some(ResourceClass::SRV),
            1 => Some(ResourceClass::UAV),
            2 => Some(ResourceClass::CBuffer),
            3 => Some(ResourceClass::Sampler),
            4 => Some(ResourceClass::Invalid),
            _ => None,
        }
    }

    /// DXC's name of the enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            ResourceClass::SRV => "SRV",
            ResourceClass::UAV => "UAV",
            ResourceClass::CBuffer => "CBuffer",
            ResourceClass::Sampler => "Sampler",
            ResourceClass::Invalid => "Invalid",
        }
    }
}

/// DXIL `ResourceKind`, from `dxil-constants.tsv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum ResourceKind {
    /// `Invalid` = 0.
    Invalid = 0,
    /// `Texture1D` = 1.
    Texture1D = 1,
    /// `Texture2D` = 2.
    Texture2D = 2,
    /// `Texture2DMS` = 3.
    Texture2DMS = 3,
    /// `Texture3D` = 4.
    Texture3D = 4,
    /// `TextureCube` = 5.
    TextureCube = 5,
    /// `Texture1DArray` = 6.
    Texture1DArray = 6,
    /// `Texture2DArray` = 7.
    Texture2DArray = 7,
    /// `Texture2DMSArray` = 8.
    Texture2DMSArray = 8,
    /// `TextureCubeArray` = 9.
    TextureCubeArray = 9,
    /// `TypedBuffer` = 10.
    TypedBuffer = 10,
    /// `RawBuffer` = 11.
    RawBuffer = 11,
    /// `StructuredBuffer` = 12.
    StructuredBuffer = 12,
    /// `CBuffer` = 13.
    CBuffer = 13,
    /// `Sampler` = 14.
    Sampler = 14,
    /// `TBuffer` = 15.
    TBuffer = 15,
    /// `RTAccelerationStructure` = 16.
    RTAccelerationStructure = 16,
    /// `FeedbackTexture2D` = 17.
    FeedbackTexture2D = 17,
    /// `FeedbackTexture2DArray` = 18.
    FeedbackTexture2DArray = 18,
    /// `NumEntries` = 19.
    NumEntries = 19,
}

impl ResourceKind {
    /// The enumerator whose value is `value`, if there is one.
    pub const fn from_u32(value: u32) -> Option<ResourceKind> {
        match value {
            0 => Some(ResourceKind::Invalid),
            1 => Some(ResourceKind::Texture1D),
            2 => Some(ResourceKind::Texture2D),
            3 => Some(ResourceKind::Texture2DMS),
            4 => Some(ResourceKind::Texture3D),
            5 => Some(ResourceKind::TextureCube),
            6 => Some(ResourceKind::Texture1DArray),
            7 => Some(ResourceKind::Texture2DArray),
            8 => Some(ResourceKind::Texture2DMSArray),
            9 => Some(ResourceKind::TextureCubeArray),
            10 => Some(ResourceKind::TypedBuffer),
            11 => Some(ResourceKind::RawBuffer),
            12 => Some(ResourceKind::StructuredBuffer),
            13 => Some(ResourceKind::CBuffer),
            14 => Some(ResourceKind::Sampler),
            15 => Some(ResourceKind::TBuffer),
            16 => Some(ResourceKind::RTAccelerationStructure),
            17 => Some(ResourceKind::FeedbackTexture2D),
            18 => Some(ResourceKind::FeedbackTexture2DArray),
            19 => Some(ResourceKind::NumEntries),
            _ => None,
        }
    }

    /// DXC's name of the enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            ResourceKind::Invalid => "Invalid",
            ResourceKind::Texture1D => "Texture1D",
            ResourceKind::Texture2D => "Texture2D",
            ResourceKind::Texture2DMS => "Texture2DMS",
            ResourceKind::Texture3D => "Texture3D",
            ResourceKind::TextureCube => "TextureCube",
            ResourceKind::Texture1DArray => "Texture1DArray",
            ResourceKind::Texture2DArray => "Texture2DArray",
            ResourceKind::Texture2DMSArray => "Texture2DMSArray",
            ResourceKind::TextureCubeArray => "TextureCubeArray",
            ResourceKind::TypedBuffer => "TypedBuffer",
            ResourceKind::RawBuffer => "RawBuffer",
            ResourceKind::StructuredBuffer => "StructuredBuffer",
            ResourceKind::CBuffer => "CBuffer",
            ResourceKind::Sampler => "Sampler",
            ResourceKind::TBuffer => "TBuffer",
            ResourceKind::RTAccelerationStructure => "RTAccelerationStructure",
            ResourceKind::FeedbackTexture2D => "FeedbackTexture2D",
            ResourceKind::FeedbackTexture2DArray => "FeedbackTexture2DArray",
            ResourceKind::NumEntries => "NumEntries",
        }
    }
}

/// DXIL `InputPrimitive`, from `dxil-constants.tsv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum InputPrimitive {
    /// `Undefined` = 0.
    Undefined = 0,
    /// `Point` = 1.
    Point = 1,
    /// `Line` = 2.
    Line = 2,
    /// `Triangle` = 3.
    Triangle = 3,
    /// `Reserved4` = 4.
    Reserved4 = 4,
    /// `Reserved5` = 5.
    Reserved5 = 5,
    /// `LineWithAdjacency` = 6.
    LineWithAdjacency = 6,
    /// `TriangleWithAdjacency` = 7.
    TriangleWithAdjacency = 7,
    /// `ControlPointPatch1` = 8.
    ControlPointPatch1 = 8,
    /// `ControlPointPatch2` = 9.
    ControlPointPatch2 = 9,
    /// `ControlPointPatch3` = 10.
    ControlPointPatch3 = 10,
    /// `ControlPointPatch4` = 11.
    ControlPointPatch4 = 11,
    /// `ControlPointPatch5` = 12.
    ControlPointPatch5 = 12,
    /// `ControlPointPatch6` = 13.
    ControlPointPatch6 = 13,
    /// `ControlPointPatch7` = 14.
    ControlPointPatch7 = 14,
    /// `ControlPointPatch8` = 15.
    ControlPointPatch8 = 15,
    /// `ControlPointPatch9` = 16.
    ControlPointPatch9 = 16,
    /// `ControlPointPatch10` = 17.
    ControlPointPatch10 = 17,
    /// `ControlPointPatch11` = 18.
    ControlPointPatch11 = 18,
    /// `ControlPointPatch12` = 19.
    ControlPointPatch12 = 19,
    /// `ControlPointPatch13` = 20.
    ControlPointPatch13 = 20,
    /// `ControlPointPatch14` = 21.
    ControlPointPatch14 = 21,
    /// `ControlPointPatch15` = 22.
    ControlPointPatch15 = 22,
    /// `ControlPointPatch16` = 23.
    ControlPointPatch16 = 23,
    /// `ControlPointPatch17` = 24.
    ControlPointPatch17 = 24,
    /// `ControlPointPatch18` = 25.
    ControlPointPatch18 = 25,
    /// `ControlPointPatch19` = 26.
    ControlPointPatch19 = 26,
    /// `ControlPointPatch20` = 27.
    ControlPointPatch20 = 27,
    /// `ControlPointPatch21` = 28.
    ControlPointPatch21 = 28,
    /// `ControlPointPatch22` = 29.
    ControlPointPatch22 = 29,
    /// `ControlPointPatch23` = 30.
    ControlPointPatch23 = 30,
    /// `ControlPointPatch24` = 31.
    ControlPointPatch24 = 31,
    /// `ControlPointPatch25` = 32.
    ControlPointPatch25 = 32,
    /// `ControlPointPatch26` = 33.
    ControlPointPatch26 = 33,
    /// `ControlPointPatch27` = 34.
    ControlPointPatch27 = 34,
    /// `ControlPointPatch28` = 35.
    ControlPointPatch28 = 35,
    /// `ControlPointPatch29` = 36.
    ControlPointPatch29 = 36,
    /// `ControlPointPatch30` = 37.
    ControlPointPatch30 = 37,
    /// `ControlPointPatch31` = 38.
    ControlPointPatch31 = 38,
    /// `ControlPointPatch32` = 39.
    ControlPointPatch32 = 39,
    /// `LastEntry` = 40.
    LastEntry = 40,
}

impl InputPrimitive {
    /// The enumerator whose value is `value`, if there is one.
    pub const fn from_u32(value: u32) -> Option<InputPrimitive> {
        match value {
            0 => Some(InputPrimitive::Undefined),
            1 => Some(InputPrimitive::Point),
            2 => Some(InputPrimitive::Line),
            3 => Some(InputPrimitive::Triangle),
            4 => Some(InputPrimitive::Reserved4),
            5 => Some(InputPrimitive::Reserved5),
            6 => Some(InputPrimitive::LineWithAdjacency),
            7 => Some(InputPrimitive::TriangleWithAdjacency),
            8 => Some(InputPrimitive::ControlPointPatch1),
            9 => Some(InputPrimitive::ControlPointPatch2),
            10 => Some(InputPrimitive::ControlPointPatch3),
            11 => Some(InputPrimitive::ControlPointPatch4),
            12 => Some(InputPrimitive::ControlPointPatch5),
            13 => Some(InputPrimitive::ControlPointPatch6),
            14 => Some(InputPrimitive::ControlPointPatch7),
            15 => Some(InputPrimitive::ControlPointPatch8),
            16 => Some(InputPrimitive::ControlPointPatch9),
            17 => Some(InputPrimitive::ControlPointPatch10),
            18 => Some(InputPrimitive::ControlPointPatch11),
            19 => Some(InputPrimitive::ControlPointPatch12),
            20 => Some(InputPrimitive::ControlPointPatch13),
            21 => Some(InputPrimitive::ControlPointPatch14),
            22 => Some(InputPrimitive::ControlPointPatch15),
            23 => Some(InputPrimitive::ControlPointPatch16),
            24 => Some(InputPrimitive::ControlPointPatch17),
            25 => Some(InputPrimitive::ControlPointPatch18),
            26 => Some(InputPrimitive::ControlPointPatch19),
            27 => Some(InputPrimitive::ControlPointPatch20),
            28 => Some(InputPrimitive::ControlPointPatch21),
            29 => Some(InputPrimitive::ControlPointPatch22),
            30 => Some(InputPrimitive::ControlPointPatch23),
            31 => Some(InputPrimitive::ControlPointPatch24),
            32 => Some(InputPrimitive::ControlPointPatch25),
            33 => Some(InputPrimitive::ControlPointPatch26),
            34 => Some(InputPrimitive::ControlPointPatch27),
            35 => Some(InputPrimitive::ControlPointPatch28),
            36 => Some(InputPrimitive::ControlPointPatch29),
            37 => Some(InputPrimitive::ControlPointPatch30),
            38 => Some(InputPrimitive::ControlPointPatch31),
            39 => Some(InputPrimitive::ControlPointPatch32),
            40 => Some(InputPrimitive::LastEntry),
            _ => None,
        }
    }

    /// DXC's name of the enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            InputPrimitive::Undefined => "Undefined",
            InputPrimitive::Point => "Point",
            InputPrimitive::Line => "Line",
            InputPrimitive::Triangle => "Triangle",
            InputPrimitive::Reserved4 => "Reserved4",
            InputPrimitive::Reserved5 => "Reserved5",
            InputPrimitive::LineWithAdjacency => "LineWithAdjacency",
            InputPrimitive::TriangleWithAdjacency => "TriangleWithAdjacency",
            InputPrimitive::ControlPointPatch1 => "ControlPointPatch1",
            InputPrimitive::ControlPointPatch2 => "ControlPointPatch2",
            InputPrimitive::ControlPointPatch3 => "ControlPointPatch3",
            InputPrimitive::ControlPointPatch4 => "ControlPointPatch4",
            InputPrimitive::ControlPointPatch5 => "ControlPointPatch5",
            InputPrimitive::ControlPointPatch6 => "ControlPointPatch6",
            InputPrimitive::ControlPointPatch7 => "ControlPointPatch7",
            InputPrimitive::ControlPointPatch8 => "ControlPointPatch8",
            InputPrimitive::ControlPointPatch9 => "ControlPointPatch9",
            InputPrimitive::ControlPointPatch10 => "ControlPointPatch10",
            InputPrimitive::ControlPointPatch11 => "ControlPointPatch11",
            InputPrimitive::ControlPointPatch12 => "ControlPointPatch12",
            InputPrimitive::ControlPointPatch13 => "ControlPointPatch13",
            InputPrimitive::ControlPointPatch14 => "ControlPointPatch14",
            InputPrimitive::ControlPointPatch15 => "ControlPointPatch15",
            InputPrimitive::ControlPointPatch16 => "ControlPointPatch16",
            InputPrimitive::ControlPointPatch17 => "ControlPointPatch17",
            InputPrimitive::ControlPointPatch18 => "ControlPointPatch18",
            InputPrimitive::ControlPointPatch19 => "ControlPointPatch19",
            InputPrimitive::ControlPointPatch20 => "ControlPointPatch20",
            InputPrimitive::ControlPointPatch21 => "ControlPointPatch21",
            InputPrimitive::ControlPointPatch22 => "ControlPointPatch22",
            InputPrimitive::ControlPointPatch23 => "ControlPointPatch23",
            InputPrimitive::ControlPointPatch24 => "ControlPointPatch24",
            InputPrimitive::ControlPointPatch25 => "ControlPointPatch25",
            InputPrimitive::ControlPointPatch26 => "ControlPointPatch26",
            InputPrimitive::ControlPointPatch27 => "ControlPointPatch27",
            InputPrimitive::ControlPointPatch28 => "ControlPointPatch28",
            InputPrimitive::ControlPointPatch29 => "ControlPointPatch29",
            InputPrimitive::ControlPointPatch30 => "ControlPointPatch30",
            InputPrimitive::ControlPointPatch31 => "ControlPointPatch31",
            InputPrimitive::ControlPointPatch32 => "ControlPointPatch32",
            InputPrimitive::LastEntry => "LastEntry",
        }
    }
}

/// DXIL `PrimitiveTopology`, from `dxil-constants.tsv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum PrimitiveTopology {
    /// `Undefined` = 0.
    Undefined = 0,
    /// `PointList` = 1.
    PointList = 1,
    /// `LineList` = 2.
    LineList = 2,
    /// `LineStrip` = 3.
    LineStrip = 3,
    /// `TriangleList` = 4.
    TriangleList = 4,
    /// `TriangleStrip` = 5.
    TriangleStrip = 5,
    /// `LastEntry` = 6.
    LastEntry = 6,
}

impl PrimitiveTopology {
    /// The enumerator whose value is `value`, if there is one.
    pub const fn from_u32(value: u32) -> Option<PrimitiveTopology> {
        match value {
            0 => Some(PrimitiveTopology::Undefined),
            1 => Some(PrimitiveTopology::PointList),
            2 => Some(PrimitiveTopology::LineList),
            3 => Some(PrimitiveTopology::LineStrip),
            4 => Some(PrimitiveTopology::TriangleList),
            5 => Some(PrimitiveTopology::TriangleStrip),
            6 => Some(PrimitiveTopology::LastEntry),
            _ => None,
        }
    }

    /// DXC's name of the enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            PrimitiveTopology::Undefined => "Undefined",
            PrimitiveTopology::PointList => "PointList",
            PrimitiveTopology::LineList => "LineList",
            PrimitiveTopology::LineStrip => "LineStrip",
            PrimitiveTopology::TriangleList => "TriangleList",
            PrimitiveTopology::TriangleStrip => "TriangleStrip",
            PrimitiveTopology::LastEntry => "LastEntry",
        }
    }
}

/// DXIL `TessellatorDomain`, from `dxil-constants.tsv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum TessellatorDomain {
    /// `Undefined` = 0.
    Undefined = 0,
    /// `IsoLine` = 1.
    IsoLine = 1,
    /// `Tri` = 2.
    Tri = 2,
    /// `Quad` = 3.
    Quad = 3,
    /// `LastEntry` = 4.
    LastEntry = 4,
}

impl TessellatorDomain {
    /// The enumerator whose value is `value`, if there is one.
    pub const fn from_u32(value: u32) -> Option<TessellatorDomain> {
        match value {
            0 => Some(TessellatorDomain::Undefined),
            1 => Some(TessellatorDomain::IsoLine),
            2 => Some(TessellatorDomain::Tri),
            3 => Some(TessellatorDomain::Quad),
            4 => Some(TessellatorDomain::LastEntry),
            _ => None,
        }
    }

    /// DXC's name of the enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            TessellatorDomain::Undefined => "Undefined",
            TessellatorDomain::IsoLine => "IsoLine",
            TessellatorDomain::Tri => "Tri",
            TessellatorDomain::Quad => "Quad",
            TessellatorDomain::LastEntry => "LastEntry",
        }
    }
}

/// DXIL `TessellatorOutputPrimitive`, from `dxil-constants.tsv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum TessellatorOutputPrimitive {
    /// `Undefined` = 0.
    Undefined = 0,
    /// `Point` = 1.
    Point = 1,
    /// `Line` = 2.
    Line = 2,
    /// `TriangleCW` = 3.
    TriangleCW = 3,
    /// `TriangleCCW` = 4.
    TriangleCCW = 4,
    /// `LastEntry` = 5.
    LastEntry = 5,
}

impl TessellatorOutputPrimitive {
    /// The enumerator whose value is `value`, if there is one.
    pub const fn from_u32(value: u32) -> Option<TessellatorOutputPrimitive> {
        match value {
            0 => Some(TessellatorOutputPrimitive::Undefined),
            1 => Some(TessellatorOutputPrimitive::Point),
            2 => Some(TessellatorOutputPrimitive::Line),
            3 => Some(TessellatorOutputPrimitive::TriangleCW),
            4 => Some(TessellatorOutputPrimitive::TriangleCCW),
            5 => Some(TessellatorOutputPrimitive::LastEntry),
            _ => None,
        }
    }

    /// DXC's name of the enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            TessellatorOutputPrimitive::Undefined => "Undefined",
            TessellatorOutputPrimitive::Point => "Point",
            TessellatorOutputPrimitive::Line => "Line",
            TessellatorOutputPrimitive::TriangleCW => "TriangleCW",
            TessellatorOutputPrimitive::TriangleCCW => "TriangleCCW",
            TessellatorOutputPrimitive::LastEntry => "LastEntry",
        }
    }
}

/// DXIL `MeshOutputTopology`, from `dxil-constants.tsv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum MeshOutputTopology {
    /// `Undefined` = 0.
    Undefined = 0,
    /// `Line` = 1.
    Line = 1,
    /// `Triangle` = 2.
    Triangle = 2,
    /// `LastEntry` = 3.
    LastEntry = 3,
}

impl MeshOutputTopology {
    /// The enumerator whose value is `value`, if there is one.
    pub const fn from_u32(value: u32) -> Option<MeshOutputTopology> {
        match value {
            0 => Some(MeshOutputTopology::Undefined),
            1 => Some(MeshOutputTopology::Line),
            2 => Some(MeshOutputTopology::Triangle),
            3 => Some(MeshOutputTopology::LastEntry),
            _ => None,
        }
    }

    /// DXC's name of the enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            MeshOutputTopology::Undefined => "Undefined",
            MeshOutputTopology::Line => "Line",
            MeshOutputTopology::Triangle => "Triangle",
            MeshOutputTopology::LastEntry => "LastEntry",
        }
    }
}

/// DXIL `TessellatorPartitioning`, from `dxil-constants.tsv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum TessellatorPartitioning {
    /// `Undefined` = 0.
    Undefined = 0,
    /// `Integer` = 1.
    Integer = 1,
    /// `Pow2` = 2.
    Pow2 = 2,
    /// `FractionalOdd` = 3.
    FractionalOdd = 3,
    /// `FractionalEven` = 4.
    FractionalEven = 4,
    /// `LastEntry` = 5.
    LastEntry = 5,
}

impl TessellatorPartitioning {
    /// The enumerator whose value is `value`, if there is one.
    pub const fn from_u32(value: u32) -> Option<TessellatorPartitioning> {
        match value {
            0 => Some(TessellatorPartitioning::Undefined),
            1 => Some(TessellatorPartitioning::Integer),
            2 => Some(TessellatorPartitioning::Pow2),
            3 => Some(TessellatorPartitioning::FractionalOdd),
            4 => Some(TessellatorPartitioning::FractionalEven),
            5 => Some(TessellatorPartitioning::LastEntry),
            _ => None,
        }
    }

    /// DXC's name of the enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            TessellatorPartitioning::Undefined => "Undefined",
            TessellatorPartitioning::Integer => "Integer",
            TessellatorPartitioning::Pow2 => "Pow2",
            TessellatorPartitioning::FractionalOdd => "FractionalOdd",
            TessellatorPartitioning::FractionalEven => "FractionalEven",
            TessellatorPartitioning::LastEntry => "LastEntry",
        }
    }
}

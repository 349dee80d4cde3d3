//! The one error type of the library.
//!
//! Every failure carries a [`ErrorKind`] (what class of failure, which maps to
//! the CLI exit code), the pipeline [`Phase`] it came from, a human-readable
//! message, a [`Location`] in the input where one is known, and, for an
//! unsupported input, what it uses ([`Unsupported`]) where that is known.

use std::fmt;

use crate::dxil::OpCode;

/// What class of failure an [`Error`] is; the CLI maps each to an exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The input is malformed: truncated, corrupted or inconsistent (exit 1).
    InvalidInput,
    /// The input is well formed but uses a feature not supported yet (exit 2).
    Unsupported,
    /// An invariant of the compiler itself was broken (exit 3).
    Internal,
    /// The produced SPIR-V failed validation (exit 4).
    Validation,
}

impl ErrorKind {
    /// A short lower-case name, as used in reports: `invalid`,
    /// `unsupported`, `internal` or `validation`.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidInput => "invalid",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Internal => "internal",
            ErrorKind::Validation => "validation",
        }
    }

    /// The process exit code the CLI uses for this kind.
    pub fn exit_code(self) -> i32 {
        match self {
            ErrorKind::InvalidInput => 1,
            ErrorKind::Unsupported => 2,
            ErrorKind::Internal => 3,
            ErrorKind::Validation => 4,
        }
    }
}

/// The pipeline stage an [`Error`] was raised in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// DXBC container and its parts.
    Container,
    /// LLVM bitstream decoding (blocks, abbreviations, records).
    Bitstream,
    /// Building the IR from bitcode records.
    Ir,
    /// Decoding DXIL meaning (metadata, dx.op calls).
    Dxil,
    /// Control-flow analysis and structurization.
    Cfg,
    /// SPIR-V emission.
    Emit,
    /// SPIR-V validation.
    Validate,
    /// Executing a shader on a Vulkan device (the `run` harness).
    Run,
}

impl Phase {
    /// A short lower-case name, as printed in messages and traces.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Container => "container",
            Phase::Bitstream => "bitstream",
            Phase::Ir => "ir",
            Phase::Dxil => "dxil",
            Phase::Cfg => "cfg",
            Phase::Emit => "emit",
            Phase::Validate => "validate",
            Phase::Run => "run",
        }
    }
}

/// What an unsupported input uses, typed, so that tools (the corpus ledger)
/// can compare it rather than the message.
///
/// Displayed as a stable short name: `op:Sample` or
/// `feature:work-graph-node`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unsupported {
    /// A dx.op: its lowering, or the way the input uses it.
    Op(OpCode),
    /// A feature of the input that is not a dx.op.
    Feature(Feature),
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unsupported::Op(op) => write!(f, "op:{}", op.name()),
            Unsupported::Feature(feature) => write!(f, "feature:{}", feature.name()),
        }
    }
}

impl From<OpCode> for Unsupported {
    fn from(op: OpCode) -> Self {
        Unsupported::Op(op)
    }
}

impl From<Feature> for Unsupported {
    fn from(feature: Feature) -> Self {
        Unsupported::Feature(feature)
    }
}

/// A feature of the input, other than a dx.op, that is not supported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Feature {
    /// A work graph node shader (SM 6.8).
    WorkGraphNode,
    /// A shader kind other than compute, graphics and ray tracing.
    ShaderKind,
    /// A call through a function pointer.
    IndirectCall,
    /// A call to a declared function that is not a dx.op.
    ExternalCall,
    /// A call to a defined function that was not inlined.
    NonInlinedCall,
    /// An entry point with parameters or a return value.
    EntryPointInterface,
    /// A signature element of an unsupported component type.
    SignatureElement,
    /// A system value in a stage or form that has no mapping.
    SystemValue,
    /// A geometry shader input primitive without a mapping.
    GeometryPrimitive,
    /// A resource kind that has no SPIR-V image or buffer form.
    ResourceKind,
    /// A resource of an element type without a mapping.
    ResourceElementType,
    /// A pointer where a plain value is needed (phi, select, compare,
    /// load, cast, null pointer, function pointer).
    PointerValue,
    /// A `getelementptr` that does pointer arithmetic.
    PointerArithmetic,
    /// A pointer bitcast between types that do not share a layout.
    PointerBitcast,
    /// A resource handle where a plain value is needed.
    HandleValue,
    /// A dx.op result struct used as a whole value.
    DxOpStruct,
    /// A constant expression where an instruction operand is needed.
    ConstantExpression,
    /// A string constant.
    StringConstant,
    /// A function argument.
    FunctionArgument,
    /// A global variable in an address space without a mapping.
    AddressSpace,
    /// An `alloca` of a dynamic or non-unit element count.
    DynamicAlloca,
    /// An integer type or constant wider than 64 bits.
    WideInteger,
    /// A vector type or operation of an unsupported shape.
    VectorShape,
    /// An array or struct type that SPIR-V cannot hold as a value.
    AggregateType,
    /// An LLVM type that has no value in SPIR-V.
    LlvmType,
    /// Arithmetic or a `switch` on `i1`.
    BooleanArithmetic,
    /// An `atomicrmw` of an unsupported type or operation.
    AtomicRmw,
    /// A bitcode construct that DXIL does not use (old records, aliases,
    /// exotic types).
    BitcodeConstruct,
    /// A container or runtime-data version, or shader kind, not known.
    ContainerFormat,
    /// Something the Vulkan device or driver cannot do (the run harness).
    Device,
    /// D3D12 vendor extension intrinsics (NVAPI, AMD AGS): a driver
    /// interface through a reserved UAV.
    VendorExtension,
    /// A binding-model input not built yet: DXIL library root-signature
    /// subobjects (RDAT), local root signatures (shader records).
    RootSignatureInput,
}

impl Feature {
    /// A stable short kebab-case name, e.g. `work-graph-node`.
    pub fn name(self) -> &'static str {
        match self {
            Feature::WorkGraphNode => "work-graph-node",
            Feature::ShaderKind => "shader-kind",
            Feature::IndirectCall => "indirect-call",
            Feature::ExternalCall => "external-call",
            Feature::NonInlinedCall => "non-inlined-call",
            Feature::EntryPointInterface => "entry-point-interface",
            Feature::SignatureElement => "signature-element",
            Feature::SystemValue => "system-value",
            Feature::GeometryPrimitive => "geometry-primitive",
            Feature::ResourceKind => "resource-kind",
            Feature::ResourceElementType => "resource-element-type",
            Feature::PointerValue => "pointer-value",
            Feature::PointerArithmetic => "pointer-arithmetic",
            Feature::PointerBitcast => "pointer-bitcast",
            Feature::HandleValue => "handle-value",
            Feature::DxOpStruct => "dxop-struct",
            Feature::ConstantExpression => "constant-expression",
            Feature::StringConstant => "string-constant",
            Feature::FunctionArgument => "function-argument",
            Feature::AddressSpace => "address-space",
            Feature::DynamicAlloca => "dynamic-alloca",
            Feature::WideInteger => "wide-integer",
            Feature::VectorShape => "vector-shape",
            Feature::AggregateType => "aggregate-type",
            Feature::LlvmType => "llvm-type",
            Feature::BooleanArithmetic => "boolean-arithmetic",
            Feature::AtomicRmw => "atomic-rmw",
            Feature::BitcodeConstruct => "bitcode-construct",
            Feature::ContainerFormat => "container-format",
            Feature::RootSignatureInput => "root-signature-input",
            Feature::Device => "device",
            Feature::VendorExtension => "vendor-extension",
        }
    }
}

/// Where in the input an [`Error`] points.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Location {
    /// No position is known.
    #[default]
    Unknown,
    /// A byte offset from the start of the blob.
    Byte(u64),
    /// A bit offset from the start of the bitcode.
    Bit(u64),
    /// An instruction: function name, block index and instruction index in it.
    Inst {
        /// Function name.
        function: String,
        /// Basic block index in the function; `u32::MAX` for a block the
        /// structurizer added.
        block: u32,
        /// Instruction index within the block; `u32::MAX` for the block as
        /// a whole.
        inst: u32,
    },
}

/// `byte N`, `bit N`, `@function block B instruction I` (or `@function
/// block B`), or `unknown location`.
impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Unknown => f.write_str("unknown location"),
            Location::Byte(b) => write!(f, "byte {b}"),
            Location::Bit(b) => write!(f, "bit {b}"),
            Location::Inst {
                function,
                block: u32::MAX,
                ..
            } => write!(f, "@{function}, a block added by structurization"),
            Location::Inst {
                function,
                block,
                inst: u32::MAX,
            } => write!(f, "@{function} block {block}"),
            Location::Inst {
                function,
                block,
                inst,
            } => write!(f, "@{function} block {block} instruction {inst}"),
        }
    }
}

/// A compilation failure.
///
/// Boxed inside so that `Result<T, Error>` stays one pointer wide on the
/// happy path.
#[derive(Clone, PartialEq, Eq)]
pub struct Error(Box<Inner>);

#[derive(Clone, Debug, PartialEq, Eq)]
struct Inner {
    kind: ErrorKind,
    phase: Phase,
    location: Location,
    message: String,
    detail: Option<Unsupported>,
}

impl Error {
    /// Creates an error of any kind.
    pub fn new(
        kind: ErrorKind,
        phase: Phase,
        location: Location,
        message: impl Into<String>,
    ) -> Self {
        Error(Box::new(Inner {
            kind,
            phase,
            location,
            message: message.into(),
            detail: None,
        }))
    }

    /// Malformed input at a byte offset.
    pub fn invalid_at_byte(phase: Phase, offset: u64, message: impl Into<String>) -> Self {
        Self::new(
            ErrorKind::InvalidInput,
            phase,
            Location::Byte(offset),
            message,
        )
    }

    /// Malformed input at a bit offset of the bitcode.
    pub fn invalid_at_bit(phase: Phase, bit: u64, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidInput, phase, Location::Bit(bit), message)
    }

    /// Malformed input without a precise position.
    pub fn invalid(phase: Phase, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidInput, phase, Location::Unknown, message)
    }

    /// A feature that is recognised but not supported; `detail` says which
    /// (a dx.op [`OpCode`] or a [`Feature`]).
    pub fn unsupported(
        phase: Phase,
        detail: impl Into<Unsupported>,
        message: impl Into<String>,
    ) -> Self {
        Self::new(ErrorKind::Unsupported, phase, Location::Unknown, message)
            .or_unsupported_detail(detail.into())
    }

    /// A broken internal invariant.
    pub fn internal(phase: Phase, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Internal, phase, Location::Unknown, message)
    }

    /// Replaces the location (keeps everything else).
    pub fn with_location(mut self, location: Location) -> Self {
        self.0.location = location;
        self
    }

    /// Sets the location unless one is known already: how a pipeline stage
    /// stamps the errors raised below it (the emitter at each instruction).
    pub fn or_location(mut self, location: &Location) -> Self {
        if self.0.location == Location::Unknown {
            self.0.location = location.clone();
        }
        self
    }

    /// The class of failure.
    pub fn kind(&self) -> ErrorKind {
        self.0.kind
    }

    /// The phase that raised it.
    pub fn phase(&self) -> Phase {
        self.0.phase
    }

    /// Where in the input it points.
    pub fn location(&self) -> &Location {
        &self.0.location
    }

    /// The message, without phase or location.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// What an unsupported input uses, where it is known.
    pub fn unsupported_detail(&self) -> Option<Unsupported> {
        self.0.detail
    }

    /// Records what an unsupported input uses, unless the error is of
    /// another kind or already says.
    pub fn or_unsupported_detail(mut self, detail: Unsupported) -> Self {
        if self.0.kind == ErrorKind::Unsupported && self.0.detail.is_none() {
            self.0.detail = Some(detail);
        }
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.0.kind {
            ErrorKind::InvalidInput => "invalid input",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Internal => "internal error",
            ErrorKind::Validation => "validation failed",
        };
        write!(f, "{} ({}", kind, self.0.phase.name())?;
        if self.0.location != Location::Unknown {
            write!(f, ", {}", self.0.location)?;
        }
        write!(f, "): {}", self.0.message)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Error {}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn details_have_stable_short_names() {
        assert_eq!(Unsupported::Op(OpCode::Sample).to_string(), "op:Sample");
        let node = Unsupported::Feature(Feature::WorkGraphNode);
        assert_eq!(node.to_string(), "feature:work-graph-node");
    }

    #[test]
    fn unsupported_errors_carry_their_detail_and_keep_the_first() {
        let e = Error::unsupported(Phase::Emit, Feature::IndirectCall, "indirect calls");
        let want = Some(Unsupported::Feature(Feature::IndirectCall));
        assert_eq!(e.unsupported_detail(), want);
        let e = e.or_unsupported_detail(Unsupported::Op(OpCode::Sample));
        assert_eq!(e.unsupported_detail(), want);
        let invalid =
            Error::invalid(Phase::Emit, "bad").or_unsupported_detail(OpCode::Sample.into());
        assert_eq!(invalid.unsupported_detail(), None);
    }
}

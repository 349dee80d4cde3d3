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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unsupported {
    /// A dx.op: its lowering, or the way the input uses it.
    Op(OpCode),
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

    /// A feature that is recognised but not supported.
    pub fn unsupported(phase: Phase, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Unsupported, phase, Location::Unknown, message)
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

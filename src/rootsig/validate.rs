//! D3D12's root-signature rules as typed errors.
//!
//! [`RootSignature::validate`] checks a root signature on its own (what
//! `D3D12CreateRootSignature` rejects); [`RootSignature::check_shader`]
//! checks it against what one shader declares (what pipeline creation
//! rejects). Each [`RootSignatureError`] names the register, the parameter
//! (or static sampler) and the stage where they apply.

use std::fmt;

use super::layout::range_offsets;
use crate::container::{
    DescriptorRange, DescriptorRangeFlags, DescriptorRangeType, RootDescriptorFlags,
    RootParameterKind, RootSignature, RootSignatureFlags, ShaderVisibility,
};
use crate::dxil::ShaderKind;
use crate::error::{Error, Phase};

/// The most DWORDs a root signature may cost.
pub const MAX_COST: u32 = 64;

/// A shader register: class (`t`, `u`, `b`, `s`), index and space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Register {
    /// Register class.
    pub class: DescriptorRangeType,
    /// Register index.
    pub index: u32,
    /// Register space.
    pub space: u32,
}

impl DescriptorRangeType {
    /// The HLSL register letter: `t`, `u`, `b` or `s`.
    pub fn letter(self) -> char {
        match self {
            DescriptorRangeType::Srv => 't',
            DescriptorRangeType::Uav => 'u',
            DescriptorRangeType::Cbv => 'b',
            DescriptorRangeType::Sampler => 's',
        }
    }
}

/// `t3 space 1`.
impl fmt::Display for Register {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{} space {}",
            self.class.letter(),
            self.index,
            self.space
        )
    }
}

/// What in a root signature binds registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binder {
    /// Root parameter `index`; `range` is the range of a descriptor table.
    Parameter {
        /// Index of the root parameter.
        index: usize,
        /// Index of the range in the table, for tables.
        range: Option<usize>,
    },
    /// Static sampler `index`.
    StaticSampler(usize),
}

/// `parameter 2 range 1`, `parameter 0`, `static sampler 3`.
impl fmt::Display for Binder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Binder::Parameter {
                index,
                range: Some(r),
            } => write!(f, "parameter {index} range {r}"),
            Binder::Parameter { index, range: None } => write!(f, "parameter {index}"),
            Binder::StaticSampler(i) => write!(f, "static sampler {i}"),
        }
    }
}

/// A root signature rule that is broken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RootSignatureError {
    /// The parameters cost more than [`MAX_COST`] DWORDs (table 1,
    /// constants N, root descriptor 2); `at` is the parameter that crosses
    /// the limit.
    CostTooHigh {
        /// Total cost.
        cost: u64,
        /// The parameter at which the running cost first exceeds the limit.
        at: Binder,
        /// Its first register, if any.
        register: Option<Register>,
        /// Its visibility.
        visibility: ShaderVisibility,
    },
    /// A descriptor table mixes sampler and non-sampler ranges.
    MixedSamplerTable {
        /// The first range whose kind differs from range 0.
        at: Binder,
        /// Its first register.
        register: Register,
        /// The table's visibility.
        visibility: ShaderVisibility,
    },
    /// A range with no descriptors.
    EmptyRange {
        /// The range.
        at: Binder,
        /// Its first register.
        register: Register,
        /// The table's visibility.
        visibility: ShaderVisibility,
    },
    /// A bounded range runs past register `u32::MAX - 1`.
    RegisterOverflow {
        /// The range.
        at: Binder,
        /// Its first register.
        register: Register,
        /// The table's visibility.
        visibility: ShaderVisibility,
    },
    /// An `append` range follows an unbounded range, so it has no offset.
    AppendAfterUnbounded {
        /// The `append` range.
        at: Binder,
        /// Its first register.
        register: Register,
        /// The table's visibility.
        visibility: ShaderVisibility,
    },
    /// A bounded range ends past descriptor `u32::MAX` of its table.
    OffsetOverflow {
        /// The range.
        at: Binder,
        /// Its first register.
        register: Register,
        /// The table's visibility.
        visibility: ShaderVisibility,
    },
    /// Two bindings cover one register for one stage.
    Overlap {
        /// The first register both cover.
        register: Register,
        /// The first binding.
        first: Binder,
        /// The second binding.
        second: Binder,
        /// A stage that sees both.
        stage: ShaderVisibility,
    },
    /// Flag bits that are unknown, or a combination D3D12 rejects.
    InvalidFlags {
        /// Where: `None` for the root signature's own flags.
        at: Option<Binder>,
        /// The register of the range or root descriptor, if any.
        register: Option<Register>,
        /// The flag bits.
        bits: u32,
        /// What is wrong with them.
        reason: &'static str,
    },
    /// A static sampler with an unknown filter or an anisotropy above 16.
    InvalidSampler {
        /// The sampler.
        at: Binder,
        /// Its register.
        register: Register,
        /// Its visibility.
        visibility: ShaderVisibility,
        /// What is wrong.
        reason: String,
    },
    /// The shader declares a register no parameter visible to its stage
    /// covers.
    NotCovered {
        /// The first register not covered.
        register: Register,
        /// The shader's stage.
        stage: ShaderKind,
    },
    /// A register is covered only by a parameter that its stage cannot see
    /// (visibility, or a `DENY_*_ROOT_ACCESS` flag).
    NotVisible {
        /// The register.
        register: Register,
        /// The parameter that covers it.
        at: Binder,
        /// The parameter's visibility.
        visibility: ShaderVisibility,
        /// The shader's stage.
        stage: ShaderKind,
    },
    /// The register's index and space are bound, but by a parameter of
    /// another class (an SRV declared where the root signature has a UAV).
    ClassMismatch {
        /// The shader's register.
        register: Register,
        /// The parameter with the same index and space.
        at: Binder,
        /// The class that parameter binds.
        found: DescriptorRangeType,
        /// The shader's stage.
        stage: ShaderKind,
    },
    /// A declared array starts inside a binding but does not fit in it.
    PartlyCovered {
        /// The first register of the array.
        register: Register,
        /// How many registers the array declares (`u32::MAX`: unbounded).
        count: u32,
        /// The binding that covers its start.
        at: Binder,
        /// The shader's stage.
        stage: ShaderKind,
    },
    /// A root SRV or UAV (a raw address) binds a resource that is not a
    /// raw or structured buffer or an acceleration structure, or an array.
    RootDescriptorNotBuffer {
        /// The register.
        register: Register,
        /// The root parameter.
        at: Binder,
        /// The shader's stage.
        stage: ShaderKind,
    },
    /// The shader indexes a descriptor heap (SM 6.6) without the root
    /// signature flag that allows it.
    HeapNotIndexed {
        /// The missing flag.
        flag: RootSignatureFlags,
        /// The shader's stage.
        stage: ShaderKind,
    },
}

impl RootSignatureError {
    /// A short stable name of the rule, e.g. `cost-too-high`.
    pub fn rule(&self) -> &'static str {
        match self {
            RootSignatureError::CostTooHigh { .. } => "cost-too-high",
            RootSignatureError::MixedSamplerTable { .. } => "mixed-sampler-table",
            RootSignatureError::EmptyRange { .. } => "empty-range",
            RootSignatureError::RegisterOverflow { .. } => "register-overflow",
            RootSignatureError::AppendAfterUnbounded { .. } => "append-after-unbounded",
            RootSignatureError::OffsetOverflow { .. } => "offset-overflow",
            RootSignatureError::Overlap { .. } => "overlap",
            RootSignatureError::InvalidFlags { .. } => "invalid-flags",
            RootSignatureError::InvalidSampler { .. } => "invalid-sampler",
            RootSignatureError::NotCovered { .. } => "not-covered",
            RootSignatureError::NotVisible { .. } => "not-visible",
            RootSignatureError::ClassMismatch { .. } => "class-mismatch",
            RootSignatureError::PartlyCovered { .. } => "partly-covered",
            RootSignatureError::RootDescriptorNotBuffer { .. } => "root-descriptor-not-buffer",
            RootSignatureError::HeapNotIndexed { .. } => "heap-not-indexed",
        }
    }
}

fn stage_name(v: ShaderVisibility) -> &'static str {
    match v {
        ShaderVisibility::All => "all stages",
        other => other.name(),
    }
}

impl fmt::Display for RootSignatureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RootSignatureError as E;
        match self {
            E::CostTooHigh {
                cost,
                at,
                register,
                visibility,
            } => {
                write!(f, "root signature costs {cost} DWORDs, over the limit of {MAX_COST}: {at}")?;
                if let Some(r) = register {
                    write!(f, " ({r})")?;
                }
                write!(f, ", visible to {}, crosses it", stage_name(*visibility))
            }
            E::MixedSamplerTable {
                at,
                register,
                visibility,
            } => write!(
                f,
                "{at} ({register}, visible to {}): a descriptor table mixes sampler and non-sampler ranges",
                stage_name(*visibility)
            ),
            E::EmptyRange {
                at,
                register,
                visibility,
            } => write!(
                f,
                "{at} ({register}, visible to {}): the range has no descriptors",
                stage_name(*visibility)
            ),
            E::RegisterOverflow {
                at,
                register,
                visibility,
            } => write!(
                f,
                "{at} ({register}, visible to {}): the range runs past the last register",
                stage_name(*visibility)
            ),
            E::AppendAfterUnbounded {
                at,
                register,
                visibility,
            } => write!(
                f,
                "{at} ({register}, visible to {}): an \"append\" range follows an unbounded range",
                stage_name(*visibility)
            ),
            E::OffsetOverflow {
                at,
                register,
                visibility,
            } => write!(
                f,
                "{at} ({register}, visible to {}): the range ends past the last descriptor of its table",
                stage_name(*visibility)
            ),
            E::Overlap {
                register,
                first,
                second,
                stage,
            } => write!(
                f,
                "{register} is bound twice for {}: by {first} and by {second}",
                stage_name(*stage)
            ),
            E::InvalidFlags {
                at,
                register,
                bits,
                reason,
            } => {
                match at {
                    Some(at) => write!(f, "{at}")?,
                    None => write!(f, "root signature")?,
                }
                if let Some(r) = register {
                    write!(f, " ({r})")?;
                }
                write!(f, ": flags {bits:#x}: {reason}")
            }
            E::InvalidSampler {
                at,
                register,
                visibility,
                reason,
            } => write!(
                f,
                "{at} ({register}, visible to {}): {reason}",
                stage_name(*visibility)
            ),
            E::NotCovered { register, stage } => write!(
                f,
                "{register}: no root parameter visible to the {stage:?} stage covers it"
            ),
            E::NotVisible {
                register,
                at,
                visibility,
                stage,
            } => write!(
                f,
                "{register}: {at} covers it but is visible to {}, not to the {stage:?} stage",
                stage_name(*visibility)
            ),
            E::ClassMismatch {
                register,
                at,
                found,
                stage,
            } => write!(
                f,
                "{register} ({stage:?} stage): {at} binds {}{} space {} instead (class mismatch)",
                found.letter(),
                register.index,
                register.space
            ),
            E::PartlyCovered {
                register,
                count,
                at,
                stage,
            } => {
                let count = if *count == u32::MAX {
                    "an unbounded array".to_string()
                } else {
                    format!("an array of {count}")
                };
                write!(
                    f,
                    "{register} ({stage:?} stage): {count} starts in {at} but does not fit in it"
                )
            }
            E::RootDescriptorNotBuffer {
                register,
                at,
                stage,
            } => write!(
                f,
                "{register} ({stage:?} stage): {at} is a root descriptor, which binds only a single raw or structured buffer"
            ),
            E::HeapNotIndexed { flag, stage } => write!(
                f,
                "the {stage:?} stage indexes a descriptor heap, but the root signature lacks {}",
                flag.names().next().unwrap_or("the heap flag")
            ),
        }
    }
}

impl std::error::Error for RootSignatureError {}

impl RootSignatureError {
    /// The crate's [`Error`] for it: invalid input, with the rule's name
    /// and this message.
    pub fn to_error(&self) -> Error {
        Error::invalid(
            Phase::Container,
            format!("root signature ({}): {self}", self.rule()),
        )
    }
}

/// One register interval a binding covers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    pub(crate) class: DescriptorRangeType,
    pub(crate) space: u32,
    pub(crate) lo: u32,
    /// Inclusive.
    pub(crate) hi: u32,
    pub(crate) binder: Binder,
    pub(crate) visibility: ShaderVisibility,
    /// A root CBV/SRV/UAV.
    pub(crate) root_descriptor: bool,
}

impl Span {
    pub(crate) fn register(&self) -> Register {
        Register {
            class: self.class,
            index: self.lo,
            space: self.space,
        }
    }

    pub(crate) fn contains(&self, class: DescriptorRangeType, space: u32, index: u32) -> bool {
        self.class == class && self.space == space && self.lo <= index && index <= self.hi
    }
}

fn range_register(r: &DescriptorRange) -> Register {
    Register {
        class: r.range_type,
        index: r.base_register,
        space: r.space,
    }
}

impl RootSignature {
    /// The cost in DWORDs: 1 per table, N per constants, 2 per root
    /// descriptor.
    pub fn cost(&self) -> u64 {
        self.parameters
            .iter()
            .map(|p| parameter_cost(&p.kind))
            .fold(0u64, u64::saturating_add)
    }

    /// Every register interval the root signature binds, in parameter
    /// order, then the static samplers. Ranges that are empty or overflow
    /// are left out ([`validate`](Self::validate) reports them).
    pub(crate) fn spans(&self) -> Vec<Span> {
        let mut spans = Vec::new();
        for (index, p) in self.parameters.iter().enumerate() {
            let single = |class, register, space, root_descriptor| Span {
                class,
                space,
                lo: register,
                hi: register,
                binder: Binder::Parameter { index, range: None },
                visibility: p.visibility,
                root_descriptor,
            };
            match &p.kind {
                RootParameterKind::DescriptorTable(ranges) => {
                    for (j, r) in ranges.iter().enumerate() {
                        let Some(hi) = range_end(r) else { continue };
                        spans.push(Span {
                            class: r.range_type,
                            space: r.space,
                            lo: r.base_register,
                            hi,
                            binder: Binder::Parameter {
                                index,
                                range: Some(j),
                            },
                            visibility: p.visibility,
                            root_descriptor: false,
                        });
                    }
                }
                RootParameterKind::Constants(c) => {
                    spans.push(single(DescriptorRangeType::Cbv, c.register, c.space, false))
                }
                RootParameterKind::Cbv(d) => {
                    spans.push(single(DescriptorRangeType::Cbv, d.register, d.space, true))
                }
                RootParameterKind::Srv(d) => {
                    spans.push(single(DescriptorRangeType::Srv, d.register, d.space, true))
                }
                RootParameterKind::Uav(d) => {
                    spans.push(single(DescriptorRangeType::Uav, d.register, d.space, true))
                }
            }
        }
        for (i, s) in self.static_samplers.iter().enumerate() {
            spans.push(Span {
                class: DescriptorRangeType::Sampler,
                space: s.space,
                lo: s.register,
                hi: s.register,
                binder: Binder::StaticSampler(i),
                visibility: s.visibility,
                root_descriptor: false,
            });
        }
        spans
    }

    /// Checks D3D12's rules for a root signature on its own, and returns
    /// the first broken one.
    pub fn validate(&self) -> Result<(), RootSignatureError> {
        self.check_flags()?;
        self.check_cost()?;
        for (index, p) in self.parameters.iter().enumerate() {
            if let RootParameterKind::DescriptorTable(ranges) = &p.kind {
                check_table(index, ranges, p.visibility)?;
            }
        }
        self.check_samplers()?;
        check_overlaps(self.spans())
    }

    fn check_cost(&self) -> Result<(), RootSignatureError> {
        let mut running = 0u64;
        for (index, p) in self.parameters.iter().enumerate() {
            running = running.saturating_add(parameter_cost(&p.kind));
            if running > u64::from(MAX_COST) {
                let register = match &p.kind {
                    RootParameterKind::DescriptorTable(ranges) => {
                        ranges.first().map(range_register)
                    }
                    _ => self
                        .spans()
                        .into_iter()
                        .find(|s| s.binder == Binder::Parameter { index, range: None })
                        .map(|s| s.register()),
                };
                return Err(RootSignatureError::CostTooHigh {
                    cost: self.cost(),
                    at: Binder::Parameter { index, range: None },
                    register,
                    visibility: p.visibility,
                });
            }
        }
        Ok(())
    }

    fn check_flags(&self) -> Result<(), RootSignatureError> {
        let invalid = |at, register, bits, reason| {
            Err(RootSignatureError::InvalidFlags {
                at,
                register,
                bits,
                reason,
            })
        };
        if self.flags.unknown_bits() != 0 {
            return invalid(None, None, self.flags.0, "unknown root signature flags");
        }
        for (index, p) in self.parameters.iter().enumerate() {
            match &p.kind {
                RootParameterKind::DescriptorTable(ranges) => {
                    for (j, r) in ranges.iter().enumerate() {
                        let Some(flags) = r.flags else { continue };
                        if let Some(reason) = range_flags_error(r.range_type, flags) {
                            let at = Binder::Parameter {
                                index,
                                range: Some(j),
                            };
                            return invalid(Some(at), Some(range_register(r)), flags.0, reason);
                        }
                    }
                }
                RootParameterKind::Cbv(d)
                | RootParameterKind::Srv(d)
                | RootParameterKind::Uav(d) => {
                    let Some(flags) = d.flags else { continue };
                    if let Some(reason) = descriptor_flags_error(flags) {
                        let class = match &p.kind {
                            RootParameterKind::Cbv(_) => DescriptorRangeType::Cbv,
                            RootParameterKind::Srv(_) => DescriptorRangeType::Srv,
                            _ => DescriptorRangeType::Uav,
                        };
                        let register = Register {
                            class,
                            index: d.register,
                            space: d.space,
                        };
                        let at = Binder::Parameter { index, range: None };
                        return invalid(Some(at), Some(register), flags.0, reason);
                    }
                }
                RootParameterKind::Constants(_) => {}
            }
        }
        Ok(())
    }

    fn check_samplers(&self) -> Result<(), RootSignatureError> {
        for (i, s) in self.static_samplers.iter().enumerate() {
            let reason = if s.filter.name().is_none() {
                format!("unknown filter {:#x}", s.filter.0)
            } else if s.filter.is_anisotropic() && s.max_anisotropy > 16 {
                format!("max anisotropy {} is over 16", s.max_anisotropy)
            } else if let Some(bits) = s.flags.map(|f| f.unknown_bits()).filter(|b| *b != 0) {
                format!("unknown sampler flags {bits:#x}")
            } else {
                continue;
            };
            return Err(RootSignatureError::InvalidSampler {
                at: Binder::StaticSampler(i),
                register: Register {
                    class: DescriptorRangeType::Sampler,
                    index: s.register,
                    space: s.space,
                },
                visibility: s.visibility,
                reason,
            });
        }
        Ok(())
    }
}

fn parameter_cost(kind: &RootParameterKind) -> u64 {
    match kind {
        RootParameterKind::DescriptorTable(_) => 1,
        RootParameterKind::Constants(c) => u64::from(c.num_32bit_values),
        RootParameterKind::Cbv(_) | RootParameterKind::Srv(_) | RootParameterKind::Uav(_) => 2,
    }
}

/// The last register of a range (`u32::MAX` when unbounded); `None` when
/// it is empty or runs past `u32::MAX`.
fn range_end(r: &DescriptorRange) -> Option<u32> {
    if r.is_unbounded() {
        return Some(u32::MAX);
    }
    r.base_register
        .checked_add(r.num_descriptors.checked_sub(1)?)
}

fn check_table(
    index: usize,
    ranges: &[DescriptorRange],
    visibility: ShaderVisibility,
) -> Result<(), RootSignatureError> {
    let is_sampler = |r: &DescriptorRange| r.range_type == DescriptorRangeType::Sampler;
    let first_kind = ranges.first().map(is_sampler);
    let mut previous_unbounded = false;
    let offsets = range_offsets(ranges);
    for ((j, r), offset) in ranges.iter().enumerate().zip(offsets) {
        let at = Binder::Parameter {
            index,
            range: Some(j),
        };
        let register = range_register(r);
        if first_kind != Some(is_sampler(r)) {
            return Err(RootSignatureError::MixedSamplerTable {
                at,
                register,
                visibility,
            });
        }
        if r.num_descriptors == 0 {
            return Err(RootSignatureError::EmptyRange {
                at,
                register,
                visibility,
            });
        }
        if range_end(r).is_none() {
            return Err(RootSignatureError::RegisterOverflow {
                at,
                register,
                visibility,
            });
        }
        if r.is_append() && previous_unbounded {
            return Err(RootSignatureError::AppendAfterUnbounded {
                at,
                register,
                visibility,
            });
        }
        if !r.is_unbounded() && offset.checked_add(r.num_descriptors).is_none() {
            return Err(RootSignatureError::OffsetOverflow {
                at,
                register,
                visibility,
            });
        }
        previous_unbounded = r.is_unbounded();
    }
    Ok(())
}

/// Whether two visibilities share a stage.
pub(crate) fn shares_stage(a: ShaderVisibility, b: ShaderVisibility) -> bool {
    a == ShaderVisibility::All || b == ShaderVisibility::All || a == b
}

fn check_overlaps(mut spans: Vec<Span>) -> Result<(), RootSignatureError> {
    spans.sort_by_key(|s| (s.class, s.space, s.lo));
    for (i, a) in spans.iter().enumerate() {
        let later = spans.get(i.saturating_add(1)..).unwrap_or_default();
        for b in later
            .iter()
            .take_while(|b| b.class == a.class && b.space == a.space && b.lo <= a.hi)
        {
            if shares_stage(a.visibility, b.visibility) {
                let stage = if a.visibility == ShaderVisibility::All {
                    b.visibility
                } else {
                    a.visibility
                };
                let (first, second) = if a.binder_order() <= b.binder_order() {
                    (a.binder, b.binder)
                } else {
                    (b.binder, a.binder)
                };
                return Err(RootSignatureError::Overlap {
                    register: b.register(),
                    first,
                    second,
                    stage,
                });
            }
        }
    }
    Ok(())
}

impl Span {
    /// Parameters before static samplers, each in index order.
    fn binder_order(&self) -> (usize, usize, usize) {
        match self.binder {
            Binder::Parameter { index, range } => (0, index, range.unwrap_or(0)),
            Binder::StaticSampler(i) => (1, i, 0),
        }
    }
}

fn range_flags_error(t: DescriptorRangeType, f: DescriptorRangeFlags) -> Option<&'static str> {
    use DescriptorRangeFlags as F;
    if f.unknown_bits() != 0 {
        return Some("unknown range flags");
    }
    if t == DescriptorRangeType::Sampler && f.0 & !F::DESCRIPTORS_VOLATILE.0 != 0 {
        return Some("a sampler range takes only DESCRIPTORS_VOLATILE");
    }
    if data_flags(f.0) > 1 {
        return Some("at most one DATA_* flag");
    }
    let keeping = F::DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS;
    if f.contains(keeping) && f.contains(F::DESCRIPTORS_VOLATILE) {
        return Some(
            "DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS excludes DESCRIPTORS_VOLATILE",
        );
    }
    if f.contains(F::DESCRIPTORS_VOLATILE) && f.contains(F::DATA_STATIC) {
        return Some("DESCRIPTORS_VOLATILE excludes DATA_STATIC");
    }
    None
}

fn descriptor_flags_error(f: RootDescriptorFlags) -> Option<&'static str> {
    if f.unknown_bits() != 0 {
        return Some("unknown root descriptor flags");
    }
    (data_flags(f.0) > 1).then_some("at most one DATA_* flag")
}

/// How many of `DATA_VOLATILE` (2), `DATA_STATIC_WHILE_SET_AT_EXECUTE` (4)
/// and `DATA_STATIC` (8) are set: range and root-descriptor flags share
/// these bits.
fn data_flags(bits: u32) -> u32 {
    (bits & 0xe).count_ones()
}

//! Descriptor QA in the run harness: the host side of the buffers a
//! QA-instrumented shader checks every heap access against
//! (`docs/DESCRIPTOR-QA.md`), fault injection, and reading the fault
//! record back.
//!
//! - Spec syntax ([`QaSpec`], parsed by [`super::spec`]): `descriptor_qa
//!   [log(CAP)]` turns QA on; `corrupt heap[N] as TYPE`, `dead heap[N]`
//!   and `stale heap[N]` inject faults into heap slot N's info entry (the
//!   real descriptor stays); `expect qa.FIELD = V` checks the fault record
//!   (`fault_type`, `failed_offset`, `fault_count`, `expected_mask`,
//!   `actual_mask`), `expect qa.instruction = OP REG`, `= OP heap` or `= OP
//!   sampler_heap` the reflected instruction the record names, `expect qa.log = N` the fault
//!   log. Without `expect qa.*` lines a QA run expects no fault at all.
//! - The host state ([`QaHost`]): the global buffer (zeroed, every handed
//!   out cookie live, `va_map_timestamp` [`GLOBAL_TIMESTAMP`]), one info
//!   buffer per heap (its size, its heap id, then per slot `{cookie,
//!   timestamp, type mask}` of the descriptor the run wrote there; slots
//!   left empty and the pad slot hold the null descriptor: cookie 0, every
//!   type bit), and the fault log. The run itself ([`super::RunOptions::qa`])
//!   binds them and keeps a null descriptor in each heap array's pad slot (a
//!   sampler array's lowest-index sampler: Vulkan has no null sampler).
//! - The check ([`QaHost::check`]) decodes the global record and the log
//!   after the dispatch and compares them with the spec and with what the
//!   host knows (shader hash, heap id, cookie, the reflected instruction's
//!   expected mask and root parameter).
//!
//! The byte layouts are the contract's: the global buffer is dxil-spirv's
//! version-2 layout, byte for byte.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::binding::qa as abi;
pub use crate::binding::qa::fault_bits;
pub use crate::binding::qa::type_bits::{
    ALL as NULL_MASK, RAW_VA, RT_ACCELERATION_STRUCTURE, SAMPLED_IMAGE, SAMPLER, STORAGE_BUFFER,
    STORAGE_IMAGE, STORAGE_TEXEL_BUFFER, UNIFORM_BUFFER, UNIFORM_TEXEL_BUFFER,
};
use crate::binding::ResourceClass;
use crate::emit::Reflection;

/// A word offset of the ABI as a byte offset.
const fn bytes(word: u32) -> usize {
    (word as usize).saturating_mul(4)
}

/// The global buffer's byte offsets (dxil-spirv version 2).
pub mod global {
    use super::{abi::global as w, bytes};
    /// `uvec2 failed_shader_hash` (low word first).
    pub const SHADER_HASH: usize = bytes(w::SHADER_HASH);
    /// `failed_offset`: the heap index.
    pub const FAILED_OFFSET: usize = bytes(w::FAILED_OFFSET);
    /// `failed_heap`: the heap id of the info buffer.
    pub const FAILED_HEAP: usize = bytes(w::FAILED_HEAP);
    /// `failed_cookie`.
    pub const FAILED_COOKIE: usize = bytes(w::FAILED_COOKIE);
    /// `fault_atomic`: counts faulting accesses.
    pub const FAULT_ATOMIC: usize = bytes(w::FAULT_ATOMIC);
    /// `failed_instruction`.
    pub const FAILED_INSTRUCTION: usize = bytes(w::FAILED_INSTRUCTION);
    /// `failed_descriptor_type_mask`: what the access expected.
    pub const EXPECTED_MASK: usize = bytes(w::EXPECTED_MASK);
    /// `actual_descriptor_type_mask`: what the entry advertised.
    pub const ACTUAL_MASK: usize = bytes(w::ACTUAL_MASK);
    /// `fault_type`, written last.
    pub const FAULT_TYPE: usize = bytes(w::FAULT_TYPE);
    /// `va_map_timestamp`.
    pub const VA_MAP_TIMESTAMP: usize = bytes(w::VA_MAP_TIMESTAMP);
    /// `uint live_status_table[]`.
    pub const LIVE_STATUS: usize = bytes(w::LIVE_STATUS_TABLE);
}

/// The info buffers' byte layout: count, heap id, then 12-byte entries.
pub mod info {
    use super::{abi::info as w, bytes};
    /// `descriptor_count`.
    pub const COUNT: usize = bytes(w::DESCRIPTOR_COUNT);
    /// `heap_id`.
    pub const HEAP_ID: usize = bytes(w::HEAP_ID);
    /// The first `{cookie, va_map_timestamp, type_mask}` entry.
    pub const ENTRIES: usize = bytes(w::ENTRIES);
    /// Bytes per entry.
    pub const ENTRY: usize = bytes(w::ENTRY_WORDS);
}

/// The fault log's byte layout: `n`, `cap`, two pad words, then records of
/// 8 words.
pub mod log {
    use super::{abi::log as w, bytes};
    /// `n`: faults counted (past `cap` too).
    pub const COUNT: usize = bytes(w::COUNT);
    /// `cap`: records the buffer holds.
    pub const CAPACITY: usize = bytes(w::CAP);
    /// The first record.
    pub const RECORDS: usize = bytes(w::RECORDS);
    /// Bytes per record.
    pub const RECORD: usize = bytes(w::RECORD_WORDS);
}

/// The global `va_map_timestamp` the harness writes; every written entry
/// carries it, a `stale` one carries one more.
pub const GLOBAL_TIMESTAMP: u32 = 1;
/// The resource heap's id (echoed in `failed_heap`).
pub const RESOURCE_HEAP_ID: u32 = 0x5100;
/// The sampler heap's id.
pub const SAMPLER_HEAP_ID: u32 = 0x5200;
/// Fault-log capacity when the shader has a log and the spec names none.
pub const DEFAULT_LOG_CAPACITY: u32 = 16;
/// `root_parameter` of a log record for an SM 6.6 heap access.
pub const NO_PARAMETER: u32 = abi::log::NO_PARAMETER;

/// Which descriptor heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum QaHeap {
    /// The CBV/SRV/UAV heap.
    Resource,
    /// The sampler heap.
    Sampler,
}

impl QaHeap {
    /// The heap id the harness gives it.
    pub fn id(self) -> u32 {
        match self {
            QaHeap::Resource => RESOURCE_HEAP_ID,
            QaHeap::Sampler => SAMPLER_HEAP_ID,
        }
    }
}

/// A fault injected into a heap slot's info entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Injected {
    /// `corrupt heap[N] as TYPE`: the entry advertises this type mask.
    Corrupt(u32),
    /// `dead heap[N]`: the slot's cookie is not live.
    Dead,
    /// `stale heap[N]`: the entry's timestamp is newer than the global one.
    Stale,
}

/// One fault-injection line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Injection {
    /// The heap.
    pub heap: QaHeap,
    /// The slot.
    pub index: u32,
    /// What is wrong with it.
    pub fault: Injected,
    /// 1-based spec line.
    pub line: usize,
}

/// A field of the global fault record an `expect qa.FIELD = V` line checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum QaField {
    /// `fault_type`.
    FaultType,
    /// `failed_offset`.
    FailedOffset,
    /// `fault_atomic`.
    FaultCount,
    /// `failed_descriptor_type_mask`.
    ExpectedMask,
    /// `actual_descriptor_type_mask`.
    ActualMask,
}

impl QaField {
    const ALL: [(QaField, &'static str); 5] = [
        (QaField::FaultType, "fault_type"),
        (QaField::FailedOffset, "failed_offset"),
        (QaField::FaultCount, "fault_count"),
        (QaField::ExpectedMask, "expected_mask"),
        (QaField::ActualMask, "actual_mask"),
    ];

    /// Its spec name.
    pub fn name(self) -> &'static str {
        QaField::ALL
            .iter()
            .find(|(f, _)| *f == self)
            .map_or("?", |(_, n)| n)
    }

    fn of(record: &FaultRecord, field: QaField) -> u32 {
        match field {
            QaField::FaultType => record.fault_type,
            QaField::FailedOffset => record.failed_offset,
            QaField::FaultCount => record.fault_count,
            QaField::ExpectedMask => record.expected_mask,
            QaField::ActualMask => record.actual_mask,
        }
    }
}

/// The access an `expect qa.instruction = OP REG|heap|sampler_heap` line
/// names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QaSite {
    /// The dx.op name (`BufferLoad`).
    pub op: String,
    /// The register (`t3`, `s0,space1`: [`register_name`]), or `None` for
    /// an SM 6.6 heap access.
    pub resource: Option<String>,
    /// The heap the access goes through.
    pub heap: QaHeap,
}

impl QaSite {
    /// Where a reflected instruction accesses.
    pub fn of(i: &QaInstruction) -> QaSite {
        QaSite {
            op: i.op.clone(),
            resource: i.resource.clone(),
            heap: i.heap,
        }
    }
}

impl std::fmt::Display for QaSite {
    /// `BufferLoad t0`, `RawBufferLoad heap`, `SampleLevel sampler_heap`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.resource, self.heap) {
            (Some(r), _) => write!(f, "{} {r}", self.op),
            (None, QaHeap::Resource) => write!(f, "{} heap", self.op),
            (None, QaHeap::Sampler) => write!(f, "{} sampler_heap", self.op),
        }
    }
}

/// The `descriptor_qa` part of a run spec.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QaSpec {
    /// `log(CAP)`: the fault log's capacity.
    pub log_capacity: Option<u32>,
    /// The fault-injection lines, in spec order.
    pub injections: Vec<Injection>,
    /// `expect qa.FIELD = V` lines.
    pub fields: BTreeMap<QaField, u32>,
    /// `expect qa.instruction = ...`.
    pub instruction: Option<QaSite>,
    /// `expect qa.log = N`: faults the log counted.
    pub log_count: Option<u32>,
}

impl QaSpec {
    /// Whether the spec expects any fault (else a QA run expects
    /// `fault_type == 0` and `fault_count == 0`).
    pub fn expects_fault(&self) -> bool {
        !self.fields.is_empty() || self.instruction.is_some() || self.log_count.is_some()
    }
}

// ---------------------------------------------------------------------------
// Spec lines.

/// The type names `corrupt heap[N] as TYPE` takes, with their masks.
pub const TYPE_NAMES: [(&str, u32); 10] = [
    ("texture", SAMPLED_IMAGE),
    ("rwtexture", STORAGE_IMAGE),
    ("cbv", UNIFORM_BUFFER),
    ("buffer", STORAGE_BUFFER),
    ("typed", UNIFORM_TEXEL_BUFFER),
    ("rwtyped", STORAGE_TEXEL_BUFFER),
    ("rtas", RT_ACCELERATION_STRUCTURE | RAW_VA),
    ("sampler", SAMPLER),
    ("counter", RAW_VA),
    ("none", 0),
];

/// Parses `heap[N]` or `sampler_heap[N]`.
fn slot(text: &str) -> Result<(QaHeap, u32), String> {
    let text = text.trim();
    let (heap, rest) = if let Some(r) = text.strip_prefix("sampler_heap[") {
        (QaHeap::Sampler, r)
    } else if let Some(r) = text.strip_prefix("heap[") {
        (QaHeap::Resource, r)
    } else {
        return Err(format!("`{text}`: expected `heap[N]` or `sampler_heap[N]`"));
    };
    let index = rest
        .strip_suffix(']')
        .and_then(|n| n.trim().parse::<u32>().ok())
        .ok_or_else(|| format!("`{text}`: expected a decimal heap index in brackets"))?;
    Ok((heap, index))
}

/// A decimal or `0x` hexadecimal `u32`.
fn number(text: &str) -> Result<u32, String> {
    let t = text.trim();
    let parsed = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16),
        None => t.parse::<u32>(),
    };
    parsed.map_err(|_| format!("`{t}` is not a 32-bit unsigned number"))
}

/// One QA line of a spec (`descriptor_qa ...`, `corrupt ...`, `dead ...`,
/// `stale ...`): `descriptor_qa` creates `qa`, injections go to `extra`.
pub(super) fn parse_line(
    qa: &mut Option<QaSpec>,
    extra: &mut QaSpec,
    word: &str,
    content: &str,
    line: usize,
) -> Result<(), String> {
    let rest = content.get(word.len()..).unwrap_or("").trim();
    match word {
        "descriptor_qa" => {
            if qa.is_some() {
                return Err("a second `descriptor_qa` line".into());
            }
            let log_capacity = if rest.is_empty() {
                None
            } else {
                let cap = rest
                    .strip_prefix("log(")
                    .and_then(|r| r.strip_suffix(')'))
                    .ok_or_else(|| {
                        format!("`descriptor_qa {rest}`: expected `descriptor_qa [log(CAP)]`")
                    })?;
                Some(number(cap).and_then(|c| match c {
                    1..=65536 => Ok(c),
                    _ => Err(format!("log capacity {c} is not in 1..=65536")),
                })?)
            };
            *qa = Some(QaSpec {
                log_capacity,
                ..QaSpec::default()
            });
        }
        "corrupt" => {
            let (target, ty) = rest.split_once(" as ").ok_or_else(|| {
                "malformed corrupt line: expected `corrupt heap[N] as TYPE`".to_string()
            })?;
            let (heap, index) = slot(target)?;
            let ty = ty.trim();
            let mask = match TYPE_NAMES.iter().find(|(n, _)| *n == ty) {
                Some(&(_, m)) => m,
                None => number(ty).map_err(|_| {
                    let names: Vec<&str> = TYPE_NAMES.iter().map(|(n, _)| *n).collect();
                    format!(
                        "unknown descriptor type `{ty}` (expected one of {} or a type mask)",
                        names.join(" ")
                    )
                })?,
            };
            extra.injections.push(Injection {
                heap,
                index,
                fault: Injected::Corrupt(mask),
                line,
            });
        }
        "dead" | "stale" => {
            let (heap, index) = slot(rest)?;
            let fault = if word == "dead" {
                Injected::Dead
            } else {
                Injected::Stale
            };
            extra.injections.push(Injection {
                heap,
                index,
                fault,
                line,
            });
        }
        _ => return Err(format!("`{word}` is not a descriptor-QA line")),
    }
    Ok(())
}

/// An `expect qa.X = V` line (`content` starts after `qa.`).
pub(super) fn parse_expect(qa: &mut QaSpec, content: &str) -> Result<(), String> {
    let (name, value) = content.split_once('=').ok_or_else(|| {
        format!("malformed `expect qa.{content}`: expected `expect qa.<field> = <value>`")
    })?;
    let (name, value) = (name.trim(), value.trim());
    let twice = || format!("a second `expect qa.{name}` line");
    match name {
        "instruction" => {
            let mut words = value.split_whitespace();
            let (Some(op), Some(target), None) = (words.next(), words.next(), words.next()) else {
                return Err(format!(
                    "`expect qa.instruction = {value}`: expected `<dx.op name> <register>` or \
                     `<dx.op name> heap`"
                ));
            };
            let (resource, heap) = match target {
                "heap" => (None, QaHeap::Resource),
                "sampler_heap" => (None, QaHeap::Sampler),
                reg => {
                    let name = register(reg)?;
                    let sampler = name.starts_with('s');
                    let heap = if sampler {
                        QaHeap::Sampler
                    } else {
                        QaHeap::Resource
                    };
                    (Some(name), heap)
                }
            };
            if qa.instruction.is_some() {
                return Err(twice());
            }
            qa.instruction = Some(QaSite {
                op: op.to_string(),
                resource,
                heap,
            });
        }
        "log" => {
            if qa.log_count.replace(number(value)?).is_some() {
                return Err(twice());
            }
        }
        _ => {
            let field = QaField::ALL
                .iter()
                .find(|(_, n)| *n == name)
                .map(|&(f, _)| f)
                .ok_or_else(|| {
                    let names: Vec<&str> = QaField::ALL.iter().map(|(_, n)| *n).collect();
                    format!(
                        "unknown QA field `qa.{name}` (expected one of {}, instruction, log)",
                        names.join(" ")
                    )
                })?;
            if qa.fields.insert(field, number(value)?).is_some() {
                return Err(twice());
            }
        }
    }
    Ok(())
}

/// A register's name: `t3`, `u0,space2` (space 0 not written).
pub fn register_name(letter: char, index: u32, space: u32) -> String {
    match space {
        0 => format!("{letter}{index}"),
        _ => format!("{letter}{index},space{space}"),
    }
}

/// `t3`, `u0,space2`, `b1`, `s0`, normalized by [`register_name`].
fn register(text: &str) -> Result<String, String> {
    let bad = || format!("`{text}` is not a register (`t3`, `u0,space2`, `s1`) or `heap`");
    let (reg, space) = match text.split_once(',') {
        Some((r, s)) => (r, Some(s.trim())),
        None => (text, None),
    };
    let mut chars = reg.chars();
    let letter = chars
        .next()
        .filter(|c| matches!(c, 't' | 'u' | 'b' | 's'))
        .ok_or_else(bad)?;
    let index = chars.as_str().parse::<u32>().map_err(|_| bad())?;
    let space = match space {
        Some(s) => s
            .strip_prefix("space")
            .and_then(|n| n.parse::<u32>().ok())
            .ok_or_else(bad)?,
        None => 0,
    };
    Ok(register_name(letter, index, space))
}

/// The spec's QA part: `qa` (from `descriptor_qa`) with the injections
/// and expectations of `extra`; `first` is the first line of those (an
/// error without `descriptor_qa`). Injections must lie inside the heap,
/// one per slot.
pub(super) fn finish(
    qa: Option<QaSpec>,
    extra: QaSpec,
    first: Option<usize>,
    heap_size: u32,
) -> Result<Option<QaSpec>, (usize, String)> {
    let Some(qa) = qa else {
        return match first {
            Some(line) => Err((
                line,
                "fault injection or `expect qa.*` without a `descriptor_qa` line".into(),
            )),
            None => Ok(None),
        };
    };
    let injections = extra.injections;
    for (n, i) in injections.iter().enumerate() {
        if i.index >= heap_size {
            return Err((
                i.line,
                format!(
                    "heap slot {} is outside the heap (heap_size {heap_size})",
                    i.index
                ),
            ));
        }
        if let Some(prev) = injections
            .iter()
            .take(n)
            .find(|p| (p.heap, p.index) == (i.heap, i.index))
        {
            return Err((
                i.line,
                format!(
                    "heap slot {} already has a fault injected on line {}",
                    i.index, prev.line
                ),
            ));
        }
    }
    Ok(Some(QaSpec {
        injections,
        fields: extra.fields,
        instruction: extra.instruction,
        log_count: extra.log_count,
        ..qa
    }))
}

// ---------------------------------------------------------------------------
// The layout reflection gives.

/// One instrumented access, as reflection lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QaInstruction {
    /// Its id (`failed_instruction`).
    pub id: u32,
    /// The dx.op that uses the handle.
    pub op: String,
    /// The heap it goes through.
    pub heap: QaHeap,
    /// The type mask it expects.
    pub expected_mask: u32,
    /// The register resource of a table access ([`register_name`]), `None`
    /// for SM 6.6 heap accesses.
    pub resource: Option<String>,
    /// The root parameter of its table, `None` for SM 6.6 heap accesses.
    pub parameter: Option<u32>,
}

/// Where the QA buffers of a compiled shader live and what its
/// instruction ids mean: reflection's `qa` section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QaLayout {
    /// The descriptor set of the QA buffers.
    pub set: u32,
    /// The global buffer's binding.
    pub global: u32,
    /// The resource-heap info buffer's binding.
    pub resource_heap: u32,
    /// The sampler-heap info buffer's binding.
    pub sampler_heap: u32,
    /// The fault log's binding, if the shader has one.
    pub fault_log: Option<u32>,
    /// The shader hash the shader writes into `failed_shader_hash`.
    pub shader_hash: u64,
    /// The instrumented accesses.
    pub instructions: Vec<QaInstruction>,
}

impl QaLayout {
    /// The layout of a compilation with descriptor QA (`None` without):
    /// reflection's `qa` section.
    pub fn from_reflection(refl: &Reflection) -> Option<QaLayout> {
        let qa = refl.qa.as_ref()?;
        let instructions = qa
            .instructions
            .iter()
            .map(|i| QaInstruction {
                id: i.id,
                op: i.op.to_string(),
                heap: if i.sampler_heap {
                    QaHeap::Sampler
                } else {
                    QaHeap::Resource
                },
                expected_mask: i.expected_mask,
                resource: i.resource.as_ref().map(|r| {
                    let letter = match r.class {
                        ResourceClass::Srv => 't',
                        ResourceClass::Uav => 'u',
                        ResourceClass::Cbv => 'b',
                        ResourceClass::Sampler => 's',
                    };
                    register_name(letter, r.register, r.space)
                }),
                parameter: i.table.map(|(parameter, _, _)| parameter),
            })
            .collect();
        Some(QaLayout {
            set: qa.set,
            global: abi::binding::GLOBAL,
            resource_heap: abi::binding::RESOURCE_HEAP,
            sampler_heap: abi::binding::SAMPLER_HEAP,
            fault_log: qa.fault_log.then_some(abi::binding::FAULT_LOG),
            shader_hash: qa.shader_hash,
            instructions,
        })
    }

    /// The instruction with this id.
    pub fn instruction(&self, id: u32) -> Option<&QaInstruction> {
        self.instructions.iter().find(|i| i.id == id)
    }
}

// ---------------------------------------------------------------------------
// Host state.

/// What the run wrote into one heap slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QaEntry {
    /// The descriptor's cookie (0: the null descriptor).
    pub cookie: u32,
    /// Its `va_map_timestamp`.
    pub timestamp: u32,
    /// The type mask it advertises.
    pub mask: u32,
}

/// The null descriptor's entry (empty slots and the pad slot).
pub const NULL_ENTRY: QaEntry = QaEntry {
    cookie: 0,
    timestamp: 0,
    mask: NULL_MASK,
};

/// The host side of one QA run: every info entry, the live cookies and
/// the initial contents of the QA buffers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QaHost {
    /// Descriptors per heap (`descriptor_count`; the pad is entry `count`).
    pub count: u32,
    /// Written slots per heap, with their entries (injections applied).
    pub entries: BTreeMap<(QaHeap, u32), QaEntry>,
    /// Cookies whose live bit is clear.
    pub dead: Vec<u32>,
    /// The highest cookie handed out.
    pub max_cookie: u32,
    /// The fault log's capacity, if the shader has a log.
    pub log_capacity: Option<u32>,
}

impl QaHost {
    /// The host state for a run whose heap slots hold descriptors of the
    /// type masks in `written` (one D3D descriptor per slot: the masks of
    /// every Vulkan descriptor written at a slot are or-ed by the caller),
    /// with `spec`'s injections and log capacity.
    pub fn new(
        count: u32,
        written: &BTreeMap<(QaHeap, u32), u32>,
        spec: &QaSpec,
        layout: &QaLayout,
    ) -> QaHost {
        let mut entries = BTreeMap::new();
        let mut cookie = 0u32;
        for (&slot, &mask) in written {
            cookie = cookie.saturating_add(1);
            entries.insert(
                slot,
                QaEntry {
                    cookie,
                    timestamp: GLOBAL_TIMESTAMP,
                    mask,
                },
            );
        }
        let mut dead = Vec::new();
        for i in &spec.injections {
            let entry = entries.entry((i.heap, i.index)).or_insert(NULL_ENTRY);
            match i.fault {
                Injected::Corrupt(mask) => entry.mask = mask,
                Injected::Dead => {
                    // An empty slot gets a descriptor of its own to kill.
                    if entry.cookie == 0 {
                        cookie = cookie.saturating_add(1);
                        entry.cookie = cookie;
                    }
                    dead.push(entry.cookie);
                }
                Injected::Stale => entry.timestamp = GLOBAL_TIMESTAMP.saturating_add(1),
            }
        }
        QaHost {
            count,
            entries,
            dead,
            max_cookie: cookie,
            log_capacity: layout
                .fault_log
                .map(|_| spec.log_capacity.unwrap_or(DEFAULT_LOG_CAPACITY)),
        }
    }

    /// The entry the shader reads for heap index `index` (`min(index,
    /// count)`).
    pub fn entry(&self, heap: QaHeap, index: u32) -> QaEntry {
        let index = index.min(self.count);
        self.entries
            .get(&(heap, index))
            .copied()
            .unwrap_or(NULL_ENTRY)
    }

    /// The global buffer's initial bytes: zeroed record, the global
    /// timestamp, every cookie (and 0) live but the dead ones.
    pub fn global_bytes(&self) -> Vec<u8> {
        let words = (self.max_cookie as usize).saturating_add(1).div_ceil(32);
        let mut out = vec![0u8; global::LIVE_STATUS.saturating_add(words.saturating_mul(4))];
        put(&mut out, global::VA_MAP_TIMESTAMP, GLOBAL_TIMESTAMP);
        for w in 0..words {
            let mut bits = u32::MAX;
            for &c in &self.dead {
                if c as usize / 32 == w {
                    bits &= !(1u32 << (c % 32));
                }
            }
            put(
                &mut out,
                global::LIVE_STATUS.saturating_add(w.saturating_mul(4)),
                bits,
            );
        }
        out
    }

    /// An info buffer's initial bytes: count, heap id, `count + 1` entries.
    pub fn info_bytes(&self, heap: QaHeap) -> Vec<u8> {
        let n = (self.count as usize).saturating_add(1);
        let mut out = vec![0u8; info::ENTRIES.saturating_add(n.saturating_mul(info::ENTRY))];
        put(&mut out, info::COUNT, self.count);
        put(&mut out, info::HEAP_ID, heap.id());
        for i in 0..=self.count {
            let e = self.entries.get(&(heap, i)).copied().unwrap_or(NULL_ENTRY);
            let at = info::ENTRIES.saturating_add((i as usize).saturating_mul(info::ENTRY));
            put(&mut out, at, e.cookie);
            put(&mut out, at.saturating_add(4), e.timestamp);
            put(&mut out, at.saturating_add(8), e.mask);
        }
        out
    }

    /// The fault log's initial bytes (`None` without a log).
    pub fn log_bytes(&self) -> Option<Vec<u8>> {
        let cap = self.log_capacity?;
        let mut out =
            vec![0u8; log::RECORDS.saturating_add((cap as usize).saturating_mul(log::RECORD))];
        put(&mut out, log::CAPACITY, cap);
        Some(out)
    }

    /// Decodes the buffers read back after the dispatch and checks them
    /// against the spec (`None`: expect no fault) and the layout.
    pub fn check(
        &self,
        spec: Option<&QaSpec>,
        layout: &QaLayout,
        global: &[u8],
        log: Option<&[u8]>,
    ) -> QaReport {
        let record = FaultRecord::decode(global);
        let log = log.map(LogRecords::decode);
        let mut failures = Vec::new();
        let default = QaSpec::default();
        let spec = spec.unwrap_or(&default);
        if spec.expects_fault() {
            for (&field, &want) in &spec.fields {
                let got = QaField::of(&record, field);
                if got != want {
                    failures.push(format!("qa.{}: got {got:#x}, want {want:#x}", field.name()));
                }
            }
        } else if record.fault_type != 0 || record.fault_count != 0 {
            failures.push(format!(
                "unexpected descriptor-QA fault: {}",
                record.describe(layout)
            ));
        }
        if record.fault_type != 0 {
            self.check_record(&record, layout, &mut failures);
        }
        if let Some(want) = &spec.instruction {
            match layout.instruction(record.instruction) {
                Some(i) if QaSite::of(i) == *want => {}
                Some(i) => failures.push(format!(
                    "qa.instruction: id {} is {}, want {want}",
                    record.instruction,
                    QaSite::of(i)
                )),
                None => failures.push(format!(
                    "qa.instruction: id {} is not in reflection's instruction list, want {want}",
                    record.instruction
                )),
            }
        }
        if let Some(log) = &log {
            self.check_log(log, &record, spec.log_count, layout, &mut failures);
        } else if spec.log_count.is_some() {
            failures.push("qa.log: the shader was compiled without a fault log".into());
        }
        QaReport {
            record,
            log,
            failures,
        }
    }

    /// What the host knows about a complete record: the shader hash, the
    /// heap of the reflected instruction, the cookie of the entry read,
    /// the instruction's expected mask.
    fn check_record(&self, r: &FaultRecord, layout: &QaLayout, failures: &mut Vec<String>) {
        if r.shader_hash != layout.shader_hash {
            failures.push(format!(
                "qa.failed_shader_hash: got {:016x}, want {:016x}",
                r.shader_hash, layout.shader_hash
            ));
        }
        let Some(i) = layout.instruction(r.instruction) else {
            failures.push(format!(
                "qa.failed_instruction {} is not in reflection's instruction list",
                r.instruction
            ));
            return;
        };
        let fields = Fields {
            heap_id: r.failed_heap,
            index: r.failed_offset,
            cookie: r.failed_cookie,
            expected: r.expected_mask,
        };
        self.check_fields("the fault record", fields, i, failures);
    }

    fn check_fields(&self, what: &str, f: Fields, i: &QaInstruction, failures: &mut Vec<String>) {
        if f.heap_id != i.heap.id() {
            failures.push(format!(
                "{what}: heap id {:#x}, but instruction {} goes through the {:?} heap ({:#x})",
                f.heap_id,
                i.id,
                i.heap,
                i.heap.id()
            ));
        }
        let cookie = self.entry(i.heap, f.index).cookie;
        if f.cookie != cookie {
            failures.push(format!(
                "{what}: cookie {}, but heap index {} holds cookie {cookie}",
                f.cookie, f.index
            ));
        }
        if f.expected != i.expected_mask {
            failures.push(format!(
                "{what}: expected mask {:#x}, but reflection gives instruction {} mask {:#x}",
                f.expected, i.id, i.expected_mask
            ));
        }
    }

    fn check_log(
        &self,
        log: &LogRecords,
        record: &FaultRecord,
        want: Option<u32>,
        layout: &QaLayout,
        failures: &mut Vec<String>,
    ) {
        if let Some(want) = want {
            if log.count != want {
                failures.push(format!("qa.log: {} faults logged, want {want}", log.count));
            }
        }
        if log.count != record.fault_count {
            failures.push(format!(
                "qa.log counted {} faults but fault_atomic is {}",
                log.count, record.fault_count
            ));
        }
        for (n, l) in log.records.iter().enumerate() {
            let what = format!("qa.log record {n}");
            let Some(i) = layout.instruction(l.instruction) else {
                failures.push(format!(
                    "{what}: instruction {} is not in reflection's list",
                    l.instruction
                ));
                continue;
            };
            if l.fault_type == 0 {
                failures.push(format!("{what}: fault_type 0"));
            }
            let param = i.parameter.unwrap_or(NO_PARAMETER);
            if l.parameter != param {
                failures.push(format!(
                    "{what}: root parameter {:#x}, but instruction {} is through {param:#x}",
                    l.parameter, i.id
                ));
            }
            let fields = Fields {
                heap_id: l.heap_id,
                index: l.heap_index,
                cookie: l.cookie,
                expected: l.expected_mask,
            };
            self.check_fields(&what, fields, i, failures);
        }
        // With every fault logged, the global record's is among them.
        let all = log.count as usize <= log.records.len();
        if all && record.fault_type != 0 && !log.records.iter().any(|l| l.matches(record)) {
            failures.push("qa.log: no record matches the global fault record".into());
        }
    }
}

/// Fields a global record and a log record share.
#[derive(Clone, Copy)]
struct Fields {
    heap_id: u32,
    index: u32,
    cookie: u32,
    expected: u32,
}

fn put(out: &mut [u8], at: usize, v: u32) {
    if let Some(slot) = out.get_mut(at..at.saturating_add(4)) {
        slot.copy_from_slice(&v.to_le_bytes());
    }
}

fn word(bytes: &[u8], at: usize) -> u32 {
    let mut w = [0u8; 4];
    if let Some(b) = bytes.get(at..at.saturating_add(4)) {
        w.copy_from_slice(b);
    }
    u32::from_le_bytes(w)
}

/// The global buffer's fault record after a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FaultRecord {
    /// `failed_shader_hash`.
    pub shader_hash: u64,
    /// `failed_offset`.
    pub failed_offset: u32,
    /// `failed_heap`.
    pub failed_heap: u32,
    /// `failed_cookie`.
    pub failed_cookie: u32,
    /// `fault_atomic`.
    pub fault_count: u32,
    /// `failed_instruction`.
    pub instruction: u32,
    /// `failed_descriptor_type_mask`.
    pub expected_mask: u32,
    /// `actual_descriptor_type_mask`.
    pub actual_mask: u32,
    /// `fault_type`.
    pub fault_type: u32,
}

impl FaultRecord {
    /// Decodes the global buffer's bytes (missing bytes read as 0).
    pub fn decode(b: &[u8]) -> FaultRecord {
        FaultRecord {
            shader_hash: u64::from(word(b, global::SHADER_HASH))
                | (u64::from(word(b, global::SHADER_HASH.saturating_add(4))) << 32),
            failed_offset: word(b, global::FAILED_OFFSET),
            failed_heap: word(b, global::FAILED_HEAP),
            failed_cookie: word(b, global::FAILED_COOKIE),
            fault_count: word(b, global::FAULT_ATOMIC),
            instruction: word(b, global::FAILED_INSTRUCTION),
            expected_mask: word(b, global::EXPECTED_MASK),
            actual_mask: word(b, global::ACTUAL_MASK),
            fault_type: word(b, global::FAULT_TYPE),
        }
    }

    /// `MISMATCH_DESCRIPTOR_TYPE at heap index 11 (instruction 2:
    /// RawBufferStore heap), expected 0x8, found 0x1; 32 fault(s)`.
    pub fn describe(&self, layout: &QaLayout) -> String {
        let mut s = fault_names(self.fault_type);
        let _ = write!(s, " at heap index {}", self.failed_offset);
        let _ = write!(s, " (instruction {}", self.instruction);
        if let Some(i) = layout.instruction(self.instruction) {
            let _ = write!(s, ": {}", QaSite::of(i));
        }
        let _ = write!(
            s,
            "), expected {:#x}, found {:#x}; {} fault(s)",
            self.expected_mask, self.actual_mask, self.fault_count
        );
        s
    }
}

/// The names of fault bits (`MISMATCH_DESCRIPTOR_TYPE|DESTROYED_RESOURCE`,
/// `NONE`), as `qa-decode` prints them.
pub fn fault_names(bits: u32) -> String {
    abi::bit_names(bits, &fault_bits::NAMES)
}

/// One fault-log record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LogRecord {
    /// `fault_type`.
    pub fault_type: u32,
    /// `heap_index`.
    pub heap_index: u32,
    /// `expected_mask`.
    pub expected_mask: u32,
    /// `actual_mask`.
    pub actual_mask: u32,
    /// `cookie`.
    pub cookie: u32,
    /// `instruction`.
    pub instruction: u32,
    /// `heap_id`.
    pub heap_id: u32,
    /// `root_parameter` ([`NO_PARAMETER`] for SM 6.6 heap accesses).
    pub parameter: u32,
}

impl LogRecord {
    fn matches(&self, r: &FaultRecord) -> bool {
        (
            self.fault_type,
            self.heap_index,
            self.expected_mask,
            self.actual_mask,
            self.cookie,
            self.instruction,
            self.heap_id,
        ) == (
            r.fault_type,
            r.failed_offset,
            r.expected_mask,
            r.actual_mask,
            r.failed_cookie,
            r.instruction,
            r.failed_heap,
        )
    }
}

/// The fault log after a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogRecords {
    /// `n`: faults counted.
    pub count: u32,
    /// The records stored (`min(n, cap)`).
    pub records: Vec<LogRecord>,
}

impl LogRecords {
    /// Decodes the log buffer's bytes.
    pub fn decode(b: &[u8]) -> LogRecords {
        let count = word(b, log::COUNT);
        let cap = word(b, log::CAPACITY);
        let stored = count.min(cap) as usize;
        let records = (0..stored)
            .map(|n| {
                let at = log::RECORDS.saturating_add(n.saturating_mul(log::RECORD));
                let w = |k: usize| word(b, at.saturating_add(k.saturating_mul(4)));
                LogRecord {
                    fault_type: w(0),
                    heap_index: w(1),
                    expected_mask: w(2),
                    actual_mask: w(3),
                    cookie: w(4),
                    instruction: w(5),
                    heap_id: w(6),
                    parameter: w(7),
                }
            })
            .collect();
        LogRecords { count, records }
    }
}

/// The QA part of a [`super::RunReport`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QaReport {
    /// The global fault record.
    pub record: FaultRecord,
    /// The fault log, if the shader has one.
    pub log: Option<LogRecords>,
    /// What did not match the spec or the host's state.
    pub failures: Vec<String>,
}

//! Descriptor QA (`docs/DESCRIPTOR-QA.md`): the option, the host ABI of
//! its buffers (dxil-spirv's version-2 global buffer, per-heap info
//! buffers, the fault log), the descriptor-type and fault bits, and the
//! `qa` section of reflection. The instrumentation itself is emission's
//! (`emit::qa`).

use super::ResourceClass;
use crate::json::Json;

/// Descriptor QA: every access through the heap arrays (descriptor tables,
/// SM 6.6 heaps) checks its heap index against info buffers the host
/// keeps, reports the first fault, and reads the pad descriptor instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DescriptorQa {
    /// The descriptor set of the QA buffers (default 3).
    pub set: u32,
    /// The 64-bit hash the module reports; `None`: the first 8 bytes
    /// (little endian) of the container's `HASH` digest, or FNV-1a 64 of
    /// the whole blob without a `HASH` part.
    pub shader_hash: Option<u64>,
    /// Also append every fault to the fault log (binding 3).
    pub fault_log: bool,
}

impl Default for DescriptorQa {
    fn default() -> Self {
        DescriptorQa {
            set: 3,
            shader_hash: None,
            fault_log: false,
        }
    }
}

/// The bindings of the QA set.
pub mod binding {
    /// The global fault buffer (read/write).
    pub const GLOBAL: u32 = 0;
    /// The resource heap's info buffer.
    pub const RESOURCE_HEAP: u32 = 1;
    /// The sampler heap's info buffer.
    pub const SAMPLER_HEAP: u32 = 2;
    /// The fault log (with [`super::DescriptorQa::fault_log`]).
    pub const FAULT_LOG: u32 = 3;
}

/// Word offsets in the global buffer (dxil-spirv's version 2).
pub mod global {
    /// `uvec2 failed_shader_hash`, low word first.
    pub const SHADER_HASH: u32 = 0;
    /// The heap index of the first fault.
    pub const FAILED_OFFSET: u32 = 2;
    /// The `heap_id` of the info buffer it went through.
    pub const FAILED_HEAP: u32 = 3;
    /// The cookie of the descriptor found.
    pub const FAILED_COOKIE: u32 = 4;
    /// Faults counted so far.
    pub const FAULT_ATOMIC: u32 = 5;
    /// The instruction id.
    pub const FAILED_INSTRUCTION: u32 = 6;
    /// The descriptor types the access needed.
    pub const EXPECTED_MASK: u32 = 7;
    /// The descriptor types the slot holds.
    pub const ACTUAL_MASK: u32 = 8;
    /// The fault bits; written last (non-zero: the record is complete).
    pub const FAULT_TYPE: u32 = 9;
    /// The host's address-map timestamp.
    pub const VA_MAP_TIMESTAMP: u32 = 10;
    /// The live-status table: bit `c` = cookie `c` is live.
    pub const LIVE_STATUS_TABLE: u32 = 11;
}

/// Word offsets in a heap info buffer.
pub mod info {
    /// The number of descriptors (the pad slot is at this index).
    pub const DESCRIPTOR_COUNT: u32 = 0;
    /// The heap id, echoed in `failed_heap`.
    pub const HEAP_ID: u32 = 1;
    /// The first entry: `{cookie, va_map_timestamp, type_mask}` per slot.
    pub const ENTRIES: u32 = 2;
    /// Words per entry.
    pub const ENTRY_WORDS: u32 = 3;
}

/// Word offsets in the fault log.
pub mod log {
    /// Faults appended (keeps counting past `cap`).
    pub const COUNT: u32 = 0;
    /// Records the buffer holds.
    pub const CAP: u32 = 1;
    /// The first record.
    pub const RECORDS: u32 = 4;
    /// Words per record: fault type, heap index, expected mask, actual
    /// mask, cookie, instruction, heap id, root parameter.
    pub const RECORD_WORDS: u32 = 8;
    /// The root parameter of an SM 6.6 heap access.
    pub const NO_PARAMETER: u32 = u32::MAX;
}

/// Descriptor-type bits (vkd3d-proton's `VKD3D_DESCRIPTOR_QA_TYPE_*`).
pub mod type_bits {
    /// Sampled image.
    pub const SAMPLED_IMAGE: u32 = 1;
    /// Storage image.
    pub const STORAGE_IMAGE: u32 = 2;
    /// Uniform buffer.
    pub const UNIFORM_BUFFER: u32 = 4;
    /// Storage buffer.
    pub const STORAGE_BUFFER: u32 = 8;
    /// Uniform texel buffer.
    pub const UNIFORM_TEXEL_BUFFER: u32 = 16;
    /// Storage texel buffer.
    pub const STORAGE_TEXEL_BUFFER: u32 = 32;
    /// Ray-tracing acceleration structure.
    pub const RT_ACCELERATION_STRUCTURE: u32 = 64;
    /// Sampler.
    pub const SAMPLER: u32 = 128;
    /// A raw address (UAV counters, acceleration structures).
    pub const RAW_VA: u32 = 256;
    /// Every bit (the null descriptor).
    pub const ALL: u32 = 0x1ff;
    /// The names of the bits, lowest first.
    pub const NAMES: [&str; 9] = [
        "SAMPLED_IMAGE",
        "STORAGE_IMAGE",
        "UNIFORM_BUFFER",
        "STORAGE_BUFFER",
        "UNIFORM_TEXEL_BUFFER",
        "STORAGE_TEXEL_BUFFER",
        "RT_ACCELERATION_STRUCTURE",
        "SAMPLER",
        "RAW_VA",
    ];
}

/// Fault bits.
pub mod fault_bits {
    /// The heap index is past the heap (`idx >= descriptor_count`).
    pub const INDEX_OUT_OF_RANGE: u32 = 1;
    /// The slot holds no descriptor of a type the access needs.
    pub const INVALID_TYPE: u32 = 2;
    /// The slot's resource was destroyed (its cookie is not live).
    pub const RESOURCE_DESTROYED: u32 = 4;
    /// The slot was written after the host's address-map timestamp.
    pub const VA_TIMESTAMP_INVALID: u32 = 8;
    /// A dynamic index past its bounded descriptor-table range.
    pub const TABLE_RANGE_OVERFLOW: u32 = 16;
    /// The names of the bits, lowest first.
    pub const NAMES: [&str; 5] = [
        "HEAP_OUT_OF_RANGE",
        "MISMATCH_DESCRIPTOR_TYPE",
        "DESTROYED_RESOURCE",
        "VA_TIMESTAMP_INVALID",
        "TABLE_RANGE_OVERFLOW",
    ];
}

/// The names of the bits set in `mask`, joined by `|` (`NONE` for 0).
pub fn bit_names(mask: u32, names: &[&str]) -> String {
    let mut out: Vec<String> = (0u32..)
        .zip(names)
        .filter(|&(i, _)| mask & (1 << i) != 0)
        .map(|(_, n)| (*n).to_string())
        .collect();
    let known = (1u32 << names.len()).wrapping_sub(1);
    if mask & !known != 0 {
        out.push(format!("{:#x}", mask & !known));
    }
    if out.is_empty() {
        return "NONE".into();
    }
    out.join("|")
}

/// The `failed_shader_hash` of a blob without an explicit one: the first
/// 8 bytes of the `HASH` digest (little endian), else FNV-1a 64 of `blob`.
pub fn default_shader_hash(hash_digest: Option<[u8; 16]>, blob: &[u8]) -> u64 {
    if let Some(d) = hash_digest {
        let mut b = [0u8; 8];
        for (o, i) in b.iter_mut().zip(d) {
            *o = i;
        }
        return u64::from_le_bytes(b);
    }
    blob.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| {
        (h ^ u64::from(x)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The resource a descriptor-QA instruction reads through a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QaResource {
    /// Register class.
    pub class: ResourceClass,
    /// The register of the descriptor (the first of the range plus the
    /// constant index; a dynamic index is not added).
    pub register: u32,
    /// Register space.
    pub space: u32,
    /// HLSL name (may be empty).
    pub name: String,
}

/// One instrumented heap access of descriptor QA
/// (`docs/DESCRIPTOR-QA.md`): what `failed_instruction` names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QaInstruction {
    /// The instruction id (1, 2, 3, … in emission order).
    pub id: u32,
    /// The dx.op that uses the handle, e.g. `BufferLoad`.
    pub op: &'static str,
    /// The DXIL function.
    pub function: String,
    /// The DXIL basic-block index in that function.
    pub block: u32,
    /// Whether the access goes through the sampler heap.
    pub sampler_heap: bool,
    /// The descriptor-type bits the access needs.
    pub expected_mask: u32,
    /// The resource of a table access; `None` for SM 6.6 heap accesses.
    pub resource: Option<QaResource>,
    /// The root parameter and range of a table access, and the range's
    /// `NumDescriptors` (`u32::MAX`: unbounded).
    pub table: Option<(u32, u32, u32)>,
}

/// The `qa` section of reflection: where the QA buffers are and what each
/// instruction id is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QaReflection {
    /// The QA descriptor set.
    pub set: u32,
    /// The shader hash the module reports.
    pub shader_hash: u64,
    /// Whether binding 3 (the fault log) is used.
    pub fault_log: bool,
    /// Every instrumented access.
    pub instructions: Vec<QaInstruction>,
}

impl QaReflection {
    /// The global buffer's layout version (dxil-spirv's version 2).
    pub const VERSION: u32 = 2;

    /// The `qa` object: `version`, `set`, `shader_hash` (16 hex digits),
    /// `bindings`, `instructions`.
    pub fn to_json(&self) -> Json {
        let instructions = self
            .instructions
            .iter()
            .map(|i| {
                let resource = i.resource.as_ref().map(|r| {
                    let class = match r.class {
                        ResourceClass::Srv => "srv",
                        ResourceClass::Uav => "uav",
                        ResourceClass::Cbv => "cbv",
                        ResourceClass::Sampler => "sampler",
                    };
                    Json::object()
                        .with("class", class)
                        .with("register", r.register)
                        .with("space", r.space)
                        .with("name", r.name.as_str())
                });
                let count = i.table.map(|(_, _, n)| {
                    if n == u32::MAX {
                        Json::Int(-1)
                    } else {
                        Json::from(n)
                    }
                });
                Json::object()
                    .with("id", i.id)
                    .with("op", i.op)
                    .with("function", i.function.as_str())
                    .with("block", i.block)
                    .with(
                        "heap",
                        if i.sampler_heap {
                            "sampler"
                        } else {
                            "resource"
                        },
                    )
                    .with("expected_mask", i.expected_mask)
                    .with("resource", resource)
                    .with("parameter", i.table.map(|t| t.0))
                    .with("range", i.table.map(|t| t.1))
                    .with("range_count", count)
            })
            .collect();
        Json::object()
            .with("version", Self::VERSION)
            .with("set", self.set)
            .with("shader_hash", format!("{:016x}", self.shader_hash))
            .with(
                "bindings",
                Json::object()
                    .with("global", binding::GLOBAL)
                    .with("resource_heap", binding::RESOURCE_HEAP)
                    .with("sampler_heap", binding::SAMPLER_HEAP)
                    .with("fault_log", self.fault_log.then_some(binding::FAULT_LOG)),
            )
            .with("instructions", Json::Array(instructions))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_names_join_known_bits_and_show_the_rest() {
        assert_eq!(bit_names(0, &type_bits::NAMES), "NONE");
        assert_eq!(
            bit_names(
                type_bits::RT_ACCELERATION_STRUCTURE | type_bits::RAW_VA,
                &type_bits::NAMES
            ),
            "RT_ACCELERATION_STRUCTURE|RAW_VA"
        );
        assert_eq!(
            bit_names(fault_bits::INDEX_OUT_OF_RANGE | 0x40, &fault_bits::NAMES),
            "HEAP_OUT_OF_RANGE|0x40"
        );
    }

    #[test]
    fn default_hash_is_the_digest_prefix_or_fnv1a() {
        let mut digest = [0u8; 16];
        digest[0] = 0xef;
        digest[7] = 0x01;
        digest[8] = 0xff;
        assert_eq!(
            default_shader_hash(Some(digest), b"x"),
            0x0100_0000_0000_00ef
        );
        // FNV-1a 64 test vectors.
        assert_eq!(default_shader_hash(None, b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(default_shader_hash(None, b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn reflection_json_nulls_for_heap_accesses_and_minus_one_for_unbounded() {
        let q = QaReflection {
            set: 3,
            shader_hash: 0x0123_4567_89ab_cdef,
            fault_log: false,
            instructions: vec![
                QaInstruction {
                    id: 1,
                    op: "BufferLoad",
                    function: "main".into(),
                    block: 2,
                    sampler_heap: false,
                    expected_mask: 8,
                    resource: Some(QaResource {
                        class: ResourceClass::Srv,
                        register: 3,
                        space: 0,
                        name: "tex".into(),
                    }),
                    table: Some((2, 0, u32::MAX)),
                },
                QaInstruction {
                    id: 2,
                    op: "Sample",
                    function: "main".into(),
                    block: 0,
                    sampler_heap: true,
                    expected_mask: 128,
                    resource: None,
                    table: None,
                },
            ],
        };
        let mut s = String::new();
        q.to_json().write(&mut s).unwrap();
        assert_eq!(
            s,
            r#"{"version":2,"set":3,"shader_hash":"0123456789abcdef","bindings":{"global":0,"resource_heap":1,"sampler_heap":2,"fault_log":null},"instructions":[{"id":1,"op":"BufferLoad","function":"main","block":2,"heap":"resource","expected_mask":8,"resource":{"class":"srv","register":3,"space":0,"name":"tex"},"parameter":2,"range":0,"range_count":-1},{"id":2,"op":"Sample","function":"main","block":0,"heap":"sampler","expected_mask":128,"resource":null,"parameter":null,"range":null,"range_count":null}]}"#
        );
    }
}

//! DXR local root signatures: the parameters a ray-tracing shader reads
//! from its shader record (`ShaderRecordBufferKHR`, the bytes after the
//! shader handle in the shader binding table), laid out as vkd3d-proton
//! and dxil-spirv lay them out (`docs/BINDING.md`, "Shader records"):
//!
//! - parameters in parameter order (not grouped like the root block);
//! - root constants: 4·N bytes at a 4-byte aligned offset;
//! - root CBV/SRV/UAV: an 8-byte GPU address at an 8-byte aligned offset;
//! - descriptor tables: an 8-byte GPU descriptor handle at an 8-byte
//!   aligned offset, whose low 32 bits shifted right by [`HANDLE_SHIFT`]
//!   are the heap index of the table start (a 32-byte descriptor
//!   increment).
//!
//! Sources: dxil-spirv `dxil_converter.cpp` (the `SBTBlock` struct built
//! from the local root signature entries) and vkd3d-proton
//! `libs/vkd3d/state.c` (`d3d12_root_signature_init_local`: the same
//! offsets); `shared/BINDING-MODEL.md` §3 cites the lines.

use super::Via;
use crate::error::{Error, Phase, Result};
use crate::json::Json;
use crate::rootsig::{Access, RootBlock, RootBlockEntry, RootParameterKind, RootSignature};

/// The descriptor-handle shift of table entries: heap index = low 32 bits
/// of the handle >> 5 (a 32-byte descriptor increment).
pub const HANDLE_SHIFT: u32 = 5;

/// The largest shader record D3D12 allows after the 32-byte identifier
/// (`D3D12_RAYTRACING_MAX_SHADER_RECORD_STRIDE` 4096 − 32).
pub const MAX_RECORD_BYTES: u64 = 4096 - 32;

/// A local root signature laid out in the shader record.
#[derive(Clone, Debug, PartialEq)]
pub struct ShaderRecordLayout {
    /// The local root signature.
    pub root_signature: RootSignature,
    /// Where it came from: `supplied`, or `subobject:NAME`.
    pub source: String,
    /// Each parameter's offset and size in the record (in parameter
    /// order); `size` is the record's size in bytes.
    pub record: RootBlock,
}

/// Where a parameter lives in the record: its alignment and size.
fn placement(kind: &RootParameterKind) -> (u64, u64) {
    match kind {
        RootParameterKind::Constants(c) => (4, u64::from(c.num_32bit_values).saturating_mul(4)),
        _ => (8, 8),
    }
}

/// The shader-record layout of a local root signature (see the
/// [module](self) docs): parameter order, constants 4-byte aligned, root
/// descriptors and table handles 8 bytes at 8-byte alignment. The size is
/// the end of the last parameter.
pub fn record_layout(rs: &RootSignature) -> RootBlock {
    let mut offset = 0u64;
    let entries = rs
        .parameters
        .iter()
        .enumerate()
        .map(|(parameter, p)| {
            let (align, size) = placement(&p.kind);
            offset = offset.next_multiple_of(align);
            let e = RootBlockEntry {
                parameter,
                offset,
                size,
            };
            offset = offset.saturating_add(size);
            e
        })
        .collect();
    let mut stages = Vec::new();
    for p in &rs.parameters {
        if !stages.contains(&p.visibility) {
            stages.push(p.visibility);
        }
    }
    RootBlock {
        size: offset,
        stages,
        entries,
    }
}

impl ShaderRecordLayout {
    /// The layout of a local root signature, after D3D12's rules
    /// ([`RootSignature::validate`]) and the record-size limit.
    pub fn new(root_signature: RootSignature, source: String) -> Result<ShaderRecordLayout> {
        root_signature.validate().map_err(|e| {
            Error::invalid(
                Phase::Container,
                format!("local root signature {source} ({}): {e}", e.rule()),
            )
        })?;
        let record = record_layout(&root_signature);
        if record.size > MAX_RECORD_BYTES {
            return Err(Error::invalid(
                Phase::Container,
                format!(
                    "local root signature ({source}): its shader record needs {} bytes, more \
                     than the {MAX_RECORD_BYTES} D3D12 allows after the shader identifier",
                    record.size
                ),
            ));
        }
        Ok(ShaderRecordLayout {
            root_signature,
            source,
            record,
        })
    }

    /// The access path of a resource the local root signature reaches by
    /// `access` (from a resolver over [`Self::record`]); `(set, binding,
    /// counter_binding)` is where a table range's descriptor type lives in
    /// the heap set.
    pub(super) fn via(&self, access: Access, heap: (u32, u32, u32)) -> Result<Via> {
        let (set, binding, counter_binding) = heap;
        Ok(match access {
            Access::RootConstants {
                parameter,
                block_offset,
            } => Via::ShaderRecord {
                parameter: parameter as u32,
                offset: block_offset as u32,
                entry: super::RecordEntry::Constants {
                    count: self.root_signature.constants_count(parameter),
                },
            },
            Access::RootDescriptor {
                parameter,
                block_offset,
            } => Via::ShaderRecord {
                parameter: parameter as u32,
                offset: block_offset as u32,
                entry: super::RecordEntry::Descriptor,
            },
            Access::Table {
                parameter,
                range,
                block_offset,
                range_offset,
                range_base,
            } => Via::ShaderRecord {
                parameter: parameter as u32,
                offset: block_offset as u32,
                entry: super::RecordEntry::Table {
                    set,
                    binding,
                    counter_binding,
                    range: range as u32,
                    range_offset,
                    range_base,
                },
            },
            Access::StaticSampler(i) => {
                return Err(Error::unsupported(
                    Phase::Container,
                    crate::error::Feature::RootSignatureInput,
                    format!(
                        "local root signature ({}): static sampler {i} (static samplers of \
                         local root signatures are not built; declare it in the global one)",
                        self.source
                    ),
                ))
            }
        })
    }

    /// Reflection's `shader_record` object: `source`, `size`,
    /// `handle_shift`, and per parameter (parameter order) its `index`,
    /// `kind`, `offset`, `size`, `visibility` and register, space and count
    /// (constants, root descriptors) or heap and ranges (tables).
    pub fn to_json(&self) -> Json {
        let block = self.record.to_json(&self.root_signature);
        let parameters = block.get("parameters").cloned();
        Json::object()
            .with("source", self.source.as_str())
            .with("size", self.record.size)
            .with("handle_shift", HANDLE_SHIFT)
            .with("parameters", parameters)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rootsig::{
        RootConstants, RootDescriptor, RootParameter, RootSignatureFlags, RootSignatureVersion,
        ShaderVisibility,
    };

    #[test]
    fn parameter_order_with_eight_byte_descriptors() {
        let p = |kind| RootParameter {
            kind,
            visibility: ShaderVisibility::All,
        };
        let constants = |n| {
            p(RootParameterKind::Constants(RootConstants {
                register: 0,
                space: 1,
                num_32bit_values: n,
            }))
        };
        let srv = p(RootParameterKind::Srv(RootDescriptor {
            register: 0,
            space: 1,
            flags: None,
        }));
        let rs = RootSignature {
            version: RootSignatureVersion::V1_1,
            flags: RootSignatureFlags::NONE,
            parameters: vec![constants(1), srv.clone(), constants(3), srv],
            static_samplers: Vec::new(),
        };
        let l = record_layout(&rs);
        let at: Vec<(u64, u64)> = l.entries.iter().map(|e| (e.offset, e.size)).collect();
        // 4 bytes, pad to 8, address, 12 bytes, pad to 32, address.
        assert_eq!(at, [(0, 4), (8, 8), (16, 12), (32, 8)]);
        assert_eq!(l.size, 40);
    }
}

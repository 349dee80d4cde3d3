//! The RTS0 writer: a [`RootSignature`] serialized in the byte layout DXC
//! writes (`DxilRootSignatureSerializer.cpp`), so that a part read from a
//! DXC blob writes back byte for byte.
//!
//! Layout: the 24-byte header; the parameter array (12 bytes each); each
//! parameter's payload in parameter order (a table's 8-byte header directly
//! followed by its ranges); then the static samplers. Every offset is from
//! the start of the part; an empty array's offset is where it would start.

use crate::container::{RootParameterKind, RootSignature, RootSignatureVersion, StaticSampler};
use crate::error::{Error, Phase, Result};

/// Little-endian words appended to a byte buffer, with positions as `u32`.
struct Out(Vec<u8>);

impl Out {
    fn pos(&self) -> Result<u32> {
        u32::try_from(self.0.len())
            .map_err(|_| Error::invalid(Phase::Container, "RTS0: root signature exceeds 4 GiB"))
    }

    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }

    fn put_u32(&mut self, at: usize, v: u32) {
        if let Some(slot) = self.0.get_mut(at..at.saturating_add(4)) {
            slot.copy_from_slice(&v.to_le_bytes());
        }
    }

    /// Sets the `u32` at `at` to the current position.
    fn patch_here(&mut self, at: usize) -> Result<()> {
        let here = self.pos()?;
        self.put_u32(at, here);
        Ok(())
    }
}

fn count(n: usize) -> Result<u32> {
    u32::try_from(n).map_err(|_| Error::invalid(Phase::Container, "RTS0: too many elements"))
}

impl RootSignature {
    /// Serializes the root signature as an `RTS0` part in DXC's layout.
    /// Flags that the version has no room for (`None` where the version
    /// needs them) are written as 0; flags the version lacks are dropped.
    pub fn to_rts0(&self) -> Result<Vec<u8>> {
        let v1_0 = self.version == RootSignatureVersion::V1_0;
        let mut out = Out(Vec::new());
        out.u32(self.version.to_u32());
        out.u32(count(self.parameters.len())?);
        out.u32(24);
        out.u32(count(self.static_samplers.len())?);
        out.u32(0); // static samplers offset, patched below
        out.u32(self.flags.0);
        let params_at = out.0.len();
        for p in &self.parameters {
            out.u32(p.kind.type_code());
            out.u32(p.visibility.to_u32());
            out.u32(0); // payload offset, patched below
        }
        for (i, p) in self.parameters.iter().enumerate() {
            let payload_field = i
                .saturating_mul(12)
                .saturating_add(params_at.saturating_add(8));
            out.patch_here(payload_field)?;
            match &p.kind {
                RootParameterKind::DescriptorTable(ranges) => {
                    out.u32(count(ranges.len())?);
                    let ranges_field = out.0.len();
                    out.u32(0);
                    out.patch_here(ranges_field)?;
                    for r in ranges {
                        out.u32(r.range_type.to_u32());
                        out.u32(r.num_descriptors);
                        out.u32(r.base_register);
                        out.u32(r.space);
                        if !v1_0 {
                            out.u32(r.flags.unwrap_or_default().0);
                        }
                        out.u32(r.offset);
                    }
                }
                RootParameterKind::Constants(c) => {
                    out.u32(c.register);
                    out.u32(c.space);
                    out.u32(c.num_32bit_values);
                }
                RootParameterKind::Cbv(d)
                | RootParameterKind::Srv(d)
                | RootParameterKind::Uav(d) => {
                    out.u32(d.register);
                    out.u32(d.space);
                    if !v1_0 {
                        out.u32(d.flags.unwrap_or_default().0);
                    }
                }
            }
        }
        out.patch_here(16)?;
        for s in &self.static_samplers {
            write_sampler(&mut out, s, self.version);
        }
        Ok(out.0)
    }
}

fn write_sampler(out: &mut Out, s: &StaticSampler, version: RootSignatureVersion) {
    out.u32(s.filter.0);
    out.u32(s.address_u.to_u32());
    out.u32(s.address_v.to_u32());
    out.u32(s.address_w.to_u32());
    out.u32(s.mip_lod_bias.to_bits());
    out.u32(s.max_anisotropy);
    out.u32(s.comparison_func.to_u32());
    out.u32(s.border_color.to_u32());
    out.u32(s.min_lod.to_bits());
    out.u32(s.max_lod.to_bits());
    out.u32(s.register);
    out.u32(s.space);
    out.u32(s.visibility.to_u32());
    if version == RootSignatureVersion::V1_2 {
        out.u32(s.flags.unwrap_or_default().0);
    }
}

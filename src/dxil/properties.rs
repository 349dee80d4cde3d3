//! Entry point properties: the tag/value list that ends an entry point
//! record (`DxilMetadataHelper.h`, "Extended shader property tags").

use super::kinds::ShaderFlags;
use super::md::{invalid, lazy, MdReader, RawTag};
use super::{
    InputPrimitive, MeshOutputTopology, PrimitiveTopology, ShaderKind, TessellatorDomain,
    TessellatorOutputPrimitive, TessellatorPartitioning,
};
use crate::error::Result;
use crate::ir::{FuncId, MdId};
use std::fmt::Display;

/// Entry property tag numbers.
pub mod tag {
    /// Shader flags (i64).
    pub const SHADER_FLAGS: u32 = 0;
    /// Geometry shader state.
    pub const GS_STATE: u32 = 1;
    /// Domain shader state.
    pub const DS_STATE: u32 = 2;
    /// Hull shader state.
    pub const HS_STATE: u32 = 3;
    /// Thread group size (compute, node).
    pub const NUM_THREADS: u32 = 4;
    /// Register space for automatic binding (libraries).
    pub const AUTO_BINDING_SPACE: u32 = 5;
    /// Ray payload size in bytes.
    pub const RAY_PAYLOAD_SIZE: u32 = 6;
    /// Ray hit attribute size in bytes.
    pub const RAY_ATTRIB_SIZE: u32 = 7;
    /// Shader kind of a library entry point.
    pub const SHADER_KIND: u32 = 8;
    /// Mesh shader state.
    pub const MS_STATE: u32 = 9;
    /// Amplification shader state.
    pub const AS_STATE: u32 = 10;
    /// Required wave size (SM 6.6).
    pub const WAVE_SIZE: u32 = 11;
    /// Entry root signature.
    pub const ENTRY_ROOT_SIG: u32 = 12;
    /// Ranged wave size (SM 6.8): min, max, preferred.
    pub const RANGED_WAVE_SIZE: u32 = 23;
}

/// Geometry shader state (tag 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GsState {
    /// Input primitive.
    pub input_primitive: InputPrimitive,
    /// `maxvertexcount`.
    pub max_vertex_count: u32,
    /// Bit mask of the output streams written.
    pub active_stream_mask: u32,
    /// Output topology.
    pub output_topology: PrimitiveTopology,
    /// `[instance(n)]` count.
    pub instance_count: u32,
}

/// Domain shader state (tag 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DsState {
    /// Tessellator domain.
    pub domain: TessellatorDomain,
    /// Input control points per patch.
    pub input_control_points: u32,
}

/// Hull shader state (tag 3).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HsState {
    /// The patch constant function, if given.
    pub patch_constant_function: Option<FuncId>,
    /// Input control points per patch.
    pub input_control_points: u32,
    /// Output control points per patch.
    pub output_control_points: u32,
    /// Tessellator domain.
    pub domain: TessellatorDomain,
    /// Tessellator partitioning.
    pub partitioning: TessellatorPartitioning,
    /// Tessellator output primitive.
    pub output_primitive: TessellatorOutputPrimitive,
    /// `maxtessfactor`.
    pub max_tess_factor: f32,
}

/// Mesh shader state (tag 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MsState {
    /// Thread group size.
    pub num_threads: [u32; 3],
    /// Maximum number of output vertices.
    pub max_vertex_count: u32,
    /// Maximum number of output primitives.
    pub max_primitive_count: u32,
    /// Output topology.
    pub output_topology: MeshOutputTopology,
    /// Size of the input payload in bytes.
    pub payload_size: u32,
}

/// Amplification shader state (tag 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AsState {
    /// Thread group size.
    pub num_threads: [u32; 3],
    /// Size of the payload passed to `DispatchMesh`, in bytes.
    pub payload_size: u32,
}

/// A wave size requirement: `[WaveSize(n)]` (tag 11) gives `min = n` with
/// `max` and `preferred` 0; `[WaveSize(min, max[, preferred])]` (tag 23)
/// gives the range, 0 meaning not specified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WaveSize {
    /// Minimum (or the only) wave size.
    pub min: u32,
    /// Maximum wave size (0 = same as `min`).
    pub max: u32,
    /// Preferred wave size (0 = none).
    pub preferred: u32,
}

/// The properties of an entry point, decoded where the tag is known.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EntryProperties {
    /// Shader flags (tag 0).
    pub shader_flags: Option<ShaderFlags>,
    /// Geometry shader state (tag 1).
    pub gs: Option<GsState>,
    /// Domain shader state (tag 2).
    pub ds: Option<DsState>,
    /// Hull shader state (tag 3).
    pub hs: Option<HsState>,
    /// Thread group size (tag 4).
    pub num_threads: Option<[u32; 3]>,
    /// Automatic binding space (tag 5).
    pub auto_binding_space: Option<u32>,
    /// Ray payload size in bytes (tag 6).
    pub ray_payload_size: Option<u32>,
    /// Ray attribute size in bytes (tag 7).
    pub ray_attrib_size: Option<u32>,
    /// Shader kind (tag 8; library entry points).
    pub shader_kind: Option<ShaderKind>,
    /// Mesh shader state (tag 9).
    pub ms: Option<MsState>,
    /// Amplification shader state (tag 10).
    pub amplification: Option<AsState>,
    /// Wave size (tag 11 or 23).
    pub wave_size: Option<WaveSize>,
    /// Tag/value pairs of tags not decoded above (root signature, work
    /// graph node tags, future tags), in order.
    pub other: Vec<RawTag>,
}

impl EntryProperties {
    /// Decodes a property list (null = no properties).
    pub(crate) fn decode(md: &MdReader<'_>, id: Option<MdId>, path: &dyn Display) -> Result<Self> {
        let mut props = EntryProperties::default();
        let list = lazy(|f| write!(f, "{path} properties"));
        let mut seen = 0u32;
        for t in md.tag_pairs(id, &list)? {
            let t = t?;
            if t.tag < 32 {
                if seen & 1 << t.tag != 0 {
                    return Err(invalid(
                        path,
                        format_args!("property tag {} appears more than once", t.tag),
                    ));
                }
                seen |= 1 << t.tag;
            }
            let p = &lazy(|f| write!(f, "{path} property {}", t.tag));
            let v = t.value;
            match t.tag {
                tag::SHADER_FLAGS => props.shader_flags = Some(ShaderFlags(md.uint(v, p)?)),
                tag::GS_STATE => props.gs = Some(decode_gs(md, v, p)?),
                tag::DS_STATE => props.ds = Some(decode_ds(md, v, p)?),
                tag::HS_STATE => props.hs = Some(decode_hs(md, v, p)?),
                tag::NUM_THREADS => props.num_threads = Some(md.u32x3(v, p)?),
                tag::AUTO_BINDING_SPACE => props.auto_binding_space = Some(md.scalar_u32(v, p)?),
                tag::RAY_PAYLOAD_SIZE => props.ray_payload_size = Some(md.scalar_u32(v, p)?),
                tag::RAY_ATTRIB_SIZE => props.ray_attrib_size = Some(md.scalar_u32(v, p)?),
                tag::SHADER_KIND => props.shader_kind = Some(md.enumerated(v, p, "shader kind")?),
                tag::MS_STATE => props.ms = Some(decode_ms(md, v, p)?),
                tag::AS_STATE => props.amplification = Some(decode_as(md, v, p)?),
                tag::WAVE_SIZE | tag::RANGED_WAVE_SIZE if props.wave_size.is_some() => {
                    return Err(invalid(path, "both wave size tags (11 and 23) are present"));
                }
                tag::WAVE_SIZE => {
                    props.wave_size = Some(WaveSize {
                        min: md.scalar_u32(v, p)?,
                        max: 0,
                        preferred: 0,
                    });
                }
                tag::RANGED_WAVE_SIZE => {
                    let [min, max, preferred] = md.u32x3(v, p)?;
                    props.wave_size = Some(WaveSize {
                        min,
                        max,
                        preferred,
                    });
                }
                _ => props.other.push(t),
            }
        }
        Ok(props)
    }
}

fn decode_gs(md: &MdReader<'_>, id: Option<MdId>, p: &dyn Display) -> Result<GsState> {
    let n = md.record(id, 5, &p)?;
    Ok(GsState {
        input_primitive: md.enumerated(n.get(0), &p, "input primitive")?,
        max_vertex_count: md.u32(n.get(1), &format_args!("{p}: max vertex count"))?,
        active_stream_mask: md.u32(n.get(2), &format_args!("{p}: active stream mask"))?,
        output_topology: md.enumerated(n.get(3), &p, "output topology")?,
        instance_count: md.u32(n.get(4), &format_args!("{p}: instance count"))?,
    })
}

fn decode_ds(md: &MdReader<'_>, id: Option<MdId>, p: &dyn Display) -> Result<DsState> {
    let n = md.record(id, 2, &p)?;
    Ok(DsState {
        domain: md.enumerated(n.get(0), &p, "domain")?,
        input_control_points: md.u32(n.get(1), &format_args!("{p}: input control points"))?,
    })
}

fn decode_hs(md: &MdReader<'_>, id: Option<MdId>, p: &dyn Display) -> Result<HsState> {
    let n = md.record(id, 7, &p)?;
    Ok(HsState {
        patch_constant_function: md
            .function(n.get(0), &format_args!("{p}: patch constant function"))?,
        input_control_points: md.u32(n.get(1), &format_args!("{p}: input control points"))?,
        output_control_points: md.u32(n.get(2), &format_args!("{p}: output control points"))?,
        domain: md.enumerated(n.get(3), &p, "domain")?,
        partitioning: md.enumerated(n.get(4), &p, "partitioning")?,
        output_primitive: md.enumerated(n.get(5), &p, "output primitive")?,
        max_tess_factor: md.float(n.get(6), &format_args!("{p}: max tess factor"))? as f32,
    })
}

fn decode_ms(md: &MdReader<'_>, id: Option<MdId>, p: &dyn Display) -> Result<MsState> {
    let n = md.record(id, 5, &p)?;
    Ok(MsState {
        num_threads: md.u32x3(n.get(0), &format_args!("{p}: numthreads"))?,
        max_vertex_count: md.u32(n.get(1), &format_args!("{p}: max vertex count"))?,
        max_primitive_count: md.u32(n.get(2), &format_args!("{p}: max primitive count"))?,
        output_topology: md.enumerated(n.get(3), &p, "output topology")?,
        payload_size: md.u32(n.get(4), &format_args!("{p}: payload size"))?,
    })
}

fn decode_as(md: &MdReader<'_>, id: Option<MdId>, p: &dyn Display) -> Result<AsState> {
    let n = md.record(id, 2, &p)?;
    Ok(AsState {
        num_threads: md.u32x3(n.get(0), &format_args!("{p}: numthreads"))?,
        payload_size: md.u32(n.get(1), &format_args!("{p}: payload size"))?,
    })
}

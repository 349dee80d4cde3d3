//! `PSV0`: pipeline state validation data (DXC's
//! `DxilPipelineStateValidation.h`).
//!
//! The part is a sequence of size-prefixed records:
//!
//! ```text
//! u32 RuntimeInfoSize; PSVRuntimeInfoN (N by size: 24 → 0, 36 → 1, 48 → 2, 52 → 3, 56 → 4)
//! u32 ResourceCount; if > 0 { u32 BindInfoSize; BindInfo[ResourceCount] }
//! if N >= 1:
//!   u32 StringTableSize (multiple of 4); bytes
//!   u32 SemanticIndexEntries; u32[SemanticIndexEntries]
//!   if any signature elements { u32 ElementSize; inputs; outputs; patch constant/primitive }
//!   if UsesViewID { per-stream ViewID output masks; HS/MS patch constant/primitive mask }
//!   per-stream input→output dependency tables; HS input→PC output; DS PC input→output
//! ```
//!
//! The runtime info, the resource bindings and the signature elements are
//! decoded; the dependency bitmaps are kept as raw slices after their sizes
//! are checked.

use super::read::{byte, le_u16, le_u32, Region};
use crate::dxil::ShaderKind;
use crate::error::Result;

/// Size of `PSVRuntimeInfo0`.
const INFO0_SIZE: u32 = 24;
/// Size of `PSVRuntimeInfo1`.
const INFO1_SIZE: u32 = 36;
/// Size of `PSVRuntimeInfo2`.
const INFO2_SIZE: u32 = 48;
/// Size of `PSVRuntimeInfo3`.
const INFO3_SIZE: u32 = 52;
/// Size of `PSVRuntimeInfo4`.
const INFO4_SIZE: u32 = 56;
/// Size of `PSVResourceBindInfo0`.
const BIND0_SIZE: u32 = 16;
/// Size of `PSVResourceBindInfo1`.
const BIND1_SIZE: u32 = 24;
/// Size of `PSVSignatureElement0`.
const ELEMENT0_SIZE: u32 = 16;

/// Stage-specific part of `PSVRuntimeInfo0` (a union selected by the
/// shader stage of `PSVRuntimeInfo1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StageInfo {
    /// Vertex shader.
    Vertex {
        /// Whether `SV_Position` is written.
        output_position_present: bool,
    },
    /// Hull shader.
    Hull {
        /// Input control points (at most 32).
        input_control_point_count: u32,
        /// Output control points (at most 32).
        output_control_point_count: u32,
        /// `DXIL::TessellatorDomain`.
        tessellator_domain: u32,
        /// `DXIL::TessellatorOutputPrimitive`.
        tessellator_output_primitive: u32,
    },
    /// Domain shader.
    Domain {
        /// Input control points.
        input_control_point_count: u32,
        /// Whether `SV_Position` is written.
        output_position_present: bool,
        /// `DXIL::TessellatorDomain`.
        tessellator_domain: u32,
    },
    /// Geometry shader.
    Geometry {
        /// `DXIL::InputPrimitive`.
        input_primitive: u32,
        /// `DXIL::PrimitiveTopology`.
        output_topology: u32,
        /// Bit per output stream in use.
        output_stream_mask: u32,
        /// Whether `SV_Position` is written.
        output_position_present: bool,
    },
    /// Pixel shader.
    Pixel {
        /// Whether depth is written.
        depth_output: bool,
        /// Whether the shader runs at sample frequency.
        sample_frequency: bool,
    },
    /// Mesh shader.
    Mesh {
        /// Group-shared memory in bytes.
        group_shared_bytes_used: u32,
        /// Group-shared bytes that depend on the view ID.
        group_shared_bytes_dependent_on_view_id: u32,
        /// Payload size in bytes.
        payload_size_in_bytes: u32,
        /// Maximum output vertices.
        max_output_vertices: u16,
        /// Maximum output primitives.
        max_output_primitives: u16,
    },
    /// Amplification shader.
    Amplification {
        /// Payload size in bytes.
        payload_size_in_bytes: u32,
    },
    /// A stage without stage info (compute, library, ray tracing, node).
    None,
    /// Version-0 runtime info does not say the stage: the raw 16 bytes.
    Unknown([u8; 16]),
}

/// Resource class and layout of a PSV resource binding (`PSVResourceType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PsvResourceType {
    /// Invalid (0).
    Invalid,
    /// Sampler (1).
    Sampler,
    /// Constant buffer (2).
    Cbv,
    /// Typed SRV (3).
    SrvTyped,
    /// Raw (byte address) SRV (4).
    SrvRaw,
    /// Structured SRV (5).
    SrvStructured,
    /// Typed UAV (6).
    UavTyped,
    /// Raw (byte address) UAV (7).
    UavRaw,
    /// Structured UAV (8).
    UavStructured,
    /// Structured UAV with a hidden counter (9).
    UavStructuredWithCounter,
}

impl PsvResourceType {
    /// The type with the given serialized value.
    pub fn from_u32(v: u32) -> Option<PsvResourceType> {
        Some(match v {
            0 => PsvResourceType::Invalid,
            1 => PsvResourceType::Sampler,
            2 => PsvResourceType::Cbv,
            3 => PsvResourceType::SrvTyped,
            4 => PsvResourceType::SrvRaw,
            5 => PsvResourceType::SrvStructured,
            6 => PsvResourceType::UavTyped,
            7 => PsvResourceType::UavRaw,
            8 => PsvResourceType::UavStructured,
            9 => PsvResourceType::UavStructuredWithCounter,
            _ => return None,
        })
    }

    /// True for the SRV types.
    pub fn is_srv(self) -> bool {
        matches!(
            self,
            PsvResourceType::SrvTyped | PsvResourceType::SrvRaw | PsvResourceType::SrvStructured
        )
    }

    /// True for the UAV types.
    pub fn is_uav(self) -> bool {
        matches!(
            self,
            PsvResourceType::UavTyped
                | PsvResourceType::UavRaw
                | PsvResourceType::UavStructured
                | PsvResourceType::UavStructuredWithCounter
        )
    }
}

/// Resource shape of a PSV resource binding (`PSVResourceKind`; new kinds
/// are added with new shader models, hence `Unknown`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PsvResourceKind {
    /// Invalid (0).
    Invalid,
    /// 1D texture (1).
    Texture1D,
    /// 2D texture (2).
    Texture2D,
    /// Multisampled 2D texture (3).
    Texture2DMS,
    /// 3D texture (4).
    Texture3D,
    /// Cube texture (5).
    TextureCube,
    /// 1D texture array (6).
    Texture1DArray,
    /// 2D texture array (7).
    Texture2DArray,
    /// Multisampled 2D texture array (8).
    Texture2DMSArray,
    /// Cube texture array (9).
    TextureCubeArray,
    /// Typed buffer (10).
    TypedBuffer,
    /// Raw buffer (11).
    RawBuffer,
    /// Structured buffer (12).
    StructuredBuffer,
    /// Constant buffer (13).
    CBuffer,
    /// Sampler (14).
    Sampler,
    /// Texture buffer (15).
    TBuffer,
    /// Ray tracing acceleration structure (16).
    RTAccelerationStructure,
    /// Sampler feedback 2D texture (17).
    FeedbackTexture2D,
    /// Sampler feedback 2D texture array (18).
    FeedbackTexture2DArray,
    /// A value this reader does not know.
    Unknown(u32),
}

impl PsvResourceKind {
    /// The kind with the given serialized value.
    pub fn from_u32(v: u32) -> PsvResourceKind {
        match v {
            0 => PsvResourceKind::Invalid,
            1 => PsvResourceKind::Texture1D,
            2 => PsvResourceKind::Texture2D,
            3 => PsvResourceKind::Texture2DMS,
            4 => PsvResourceKind::Texture3D,
            5 => PsvResourceKind::TextureCube,
            6 => PsvResourceKind::Texture1DArray,
            7 => PsvResourceKind::Texture2DArray,
            8 => PsvResourceKind::Texture2DMSArray,
            9 => PsvResourceKind::TextureCubeArray,
            10 => PsvResourceKind::TypedBuffer,
            11 => PsvResourceKind::RawBuffer,
            12 => PsvResourceKind::StructuredBuffer,
            13 => PsvResourceKind::CBuffer,
            14 => PsvResourceKind::Sampler,
            15 => PsvResourceKind::TBuffer,
            16 => PsvResourceKind::RTAccelerationStructure,
            17 => PsvResourceKind::FeedbackTexture2D,
            18 => PsvResourceKind::FeedbackTexture2DArray,
            v => PsvResourceKind::Unknown(v),
        }
    }
}

/// One resource binding range (`PSVResourceBindInfo0/1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PsvResourceBinding {
    /// Resource class and layout.
    pub res_type: PsvResourceType,
    /// Register space.
    pub space: u32,
    /// First register.
    pub lower_bound: u32,
    /// Last register, inclusive (`u32::MAX` for an unbounded range).
    pub upper_bound: u32,
    /// Resource shape (bind info version 1 and later).
    pub kind: Option<PsvResourceKind>,
    /// `PSVResourceFlag` bits (bind info version 1 and later; 1 = used by
    /// 64-bit atomics).
    pub flags: Option<u32>,
}

/// One PSV signature element (`PSVSignatureElement0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PsvSignatureElement<'a> {
    /// Semantic name, from the string table.
    pub semantic_name: &'a str,
    semantic_indexes: &'a [u8],
    /// Rows (array size) the element occupies.
    pub rows: u8,
    /// First row, when allocated.
    pub start_row: u8,
    /// Columns (1–4).
    pub cols: u8,
    /// First column, when allocated.
    pub start_col: u8,
    /// Whether the element is packed into registers.
    pub allocated: bool,
    /// `DXIL::SemanticKind`.
    pub semantic_kind: u8,
    /// `DxilProgramSigCompType`.
    pub component_type: u8,
    /// `DXIL::InterpolationMode`.
    pub interpolation_mode: u8,
    /// Components indexed dynamically.
    pub dynamic_index_mask: u8,
    /// Geometry-shader output stream.
    pub output_stream: u8,
}

impl<'a> PsvSignatureElement<'a> {
    /// The semantic index of each row, as listed (fewer than `rows` for an
    /// element whose list runs into the table's end).
    pub fn semantic_indexes(&self) -> impl Iterator<Item = u32> + 'a {
        self.semantic_indexes.chunks_exact(4).map(|c| {
            c.iter()
                .rev()
                .fold(0u32, |acc, &b| (acc << 8) | u32::from(b))
        })
    }
}

/// A decoded `PSV0` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Psv<'a> {
    /// Runtime info version, from its size (0–4; larger sizes read as 4).
    pub version: u32,
    /// The runtime info size as stored.
    pub runtime_info_size: u32,
    /// Stage-specific info.
    pub stage_info: StageInfo,
    /// Minimum wave lane count required (0 if unused).
    pub min_wave_lane_count: u32,
    /// Maximum wave lane count required (`u32::MAX` if unused).
    pub max_wave_lane_count: u32,
    /// The shader stage (version 1+).
    pub shader_stage: Option<ShaderKind>,
    /// Whether the shader uses `SV_ViewID`.
    pub uses_view_id: bool,
    /// Geometry shader: maximum vertex count (overlaps the next two).
    pub max_vertex_count: u16,
    /// Hull: patch constant outputs; domain: patch constant inputs; mesh:
    /// primitive outputs; in packed vectors.
    pub sig_patch_const_or_prim_vectors: u8,
    /// Mesh shader: output topology.
    pub mesh_output_topology: u8,
    /// Input signature elements.
    pub sig_input_elements: u8,
    /// Output signature elements.
    pub sig_output_elements: u8,
    /// Patch constant or primitive signature elements.
    pub sig_patch_const_or_prim_elements: u8,
    /// Packed input vectors.
    pub sig_input_vectors: u8,
    /// Packed output vectors per geometry-shader stream.
    pub sig_output_vectors: [u8; 4],
    /// Thread group size (version 2+; meaningful for compute, mesh,
    /// amplification and node shaders).
    pub num_threads: Option<[u32; 3]>,
    /// Entry function name (version 3+).
    pub entry_function_name: Option<&'a str>,
    /// Group-shared memory in bytes (version 4+).
    pub num_bytes_group_shared_memory: Option<u32>,
    /// Resource bindings.
    pub resources: Vec<PsvResourceBinding>,
    /// The string table (NUL-terminated strings, size a multiple of 4).
    pub string_table: &'a [u8],
    /// The semantic index table (little-endian u32s).
    pub semantic_index_table: &'a [u8],
    /// Input signature elements.
    pub input_elements: Vec<PsvSignatureElement<'a>>,
    /// Output signature elements.
    pub output_elements: Vec<PsvSignatureElement<'a>>,
    /// Patch constant or primitive signature elements.
    pub patch_const_or_prim_elements: Vec<PsvSignatureElement<'a>>,
    /// Per stream: output components affected by the view ID (bitmask).
    pub view_id_output_masks: [&'a [u8]; 4],
    /// Patch constant or primitive outputs affected by the view ID.
    pub view_id_pc_or_prim_output_mask: &'a [u8],
    /// Per stream: for each input component, the outputs it affects.
    pub input_to_output_tables: [&'a [u8]; 4],
    /// Hull: for each input component, the patch constant outputs it affects.
    pub input_to_pc_output_table: &'a [u8],
    /// Domain: for each patch constant input component, the outputs it affects.
    pub pc_input_to_output_table: &'a [u8],
}

/// u32 words of a bitmask with one bit per component of `vectors` vectors.
fn mask_bytes(vectors: u8) -> u64 {
    // Small numbers: at most 32 * 4.
    (u64::from(vectors).saturating_add(7) >> 3).saturating_mul(4)
}

/// Bytes of an input-to-output dependency table.
fn table_bytes(inputs: u8, outputs: u8) -> u64 {
    // Small numbers: at most 128 * 255 * 4.
    mask_bytes(outputs)
        .saturating_mul(u64::from(inputs))
        .saturating_mul(4)
}

/// Sequential reader over the part.
struct Seq<'r, 'a> {
    r: &'r Region<'a>,
    pos: usize,
}

impl<'a> Seq<'_, 'a> {
    fn u32(&mut self, what: &'static str) -> Result<u32> {
        let (end, v) = self.r.parse(self.pos, what, le_u32)?;
        self.pos = end;
        Ok(v)
    }

    fn bytes(&mut self, field: usize, len: u64, what: &str) -> Result<&'a [u8]> {
        let s = self.r.range(field, self.pos as u64, len, what)?;
        // `s` lies inside the part: no overflow.
        self.pos = self.pos.saturating_add(s.len());
        Ok(s)
    }
}

impl<'a> Psv<'a> {
    /// Parses `PSV0` part data. Error offsets are relative to `data`.
    pub fn parse(data: &'a [u8]) -> Result<Psv<'a>> {
        Self::parse_region(Region::new("PSV0", data, 0))
    }

    pub(crate) fn parse_region(r: Region<'a>) -> Result<Psv<'a>> {
        let mut seq = Seq { r: &r, pos: 0 };
        let info_size = seq.u32("runtime info size")?;
        if info_size < INFO0_SIZE {
            return Err(r.error(
                0,
                format_args!("runtime info size {info_size} is below the minimum {INFO0_SIZE}"),
            ));
        }
        let ri = seq.pos;
        seq.bytes(0, u64::from(info_size), "runtime info")?;
        let version = match info_size {
            s if s >= INFO4_SIZE => 4,
            s if s >= INFO3_SIZE => 3,
            s if s >= INFO2_SIZE => 2,
            s if s >= INFO1_SIZE => 1,
            _ => 0,
        };
        let (_, (min_wave_lane_count, max_wave_lane_count)) =
            r.parse(ri.saturating_add(16), "wave lane counts", (le_u32, le_u32))?;

        let mut psv = Psv {
            version,
            runtime_info_size: info_size,
            stage_info: StageInfo::None,
            min_wave_lane_count,
            max_wave_lane_count,
            shader_stage: None,
            uses_view_id: false,
            max_vertex_count: 0,
            sig_patch_const_or_prim_vectors: 0,
            mesh_output_topology: 0,
            sig_input_elements: 0,
            sig_output_elements: 0,
            sig_patch_const_or_prim_elements: 0,
            sig_input_vectors: 0,
            sig_output_vectors: [0; 4],
            num_threads: None,
            entry_function_name: None,
            num_bytes_group_shared_memory: None,
            resources: Vec::new(),
            string_table: &[],
            semantic_index_table: &[],
            input_elements: Vec::new(),
            output_elements: Vec::new(),
            patch_const_or_prim_elements: Vec::new(),
            view_id_output_masks: [&[]; 4],
            view_id_pc_or_prim_output_mask: &[],
            input_to_output_tables: [&[]; 4],
            input_to_pc_output_table: &[],
            pc_input_to_output_table: &[],
        };

        if version >= 1 {
            let (_, info1) = r.parse(
                ri.saturating_add(24),
                "runtime info 1",
                (
                    byte,
                    byte,
                    le_u16,
                    byte,
                    byte,
                    byte,
                    byte,
                    super::read::array::<4>,
                ),
            )?;
            let (stage, view_id, extra, in_el, out_el, pc_el, in_vec, out_vec) = info1;
            let kind = ShaderKind::from_u32(u32::from(stage)).ok_or_else(|| {
                r.error(
                    ri.saturating_add(24),
                    format_args!("unknown shader stage {stage}"),
                )
            })?;
            psv.shader_stage = Some(kind);
            psv.uses_view_id = view_id != 0;
            psv.max_vertex_count = extra;
            let [lo, hi] = extra.to_le_bytes();
            psv.sig_patch_const_or_prim_vectors = lo;
            psv.mesh_output_topology = hi;
            psv.sig_input_elements = in_el;
            psv.sig_output_elements = out_el;
            psv.sig_patch_const_or_prim_elements = pc_el;
            psv.sig_input_vectors = in_vec;
            psv.sig_output_vectors = out_vec;
            psv.stage_info = stage_info(&r, ri, kind)?;
        } else {
            let (_, raw) = r.parse(ri, "stage info", super::read::array::<16>)?;
            psv.stage_info = StageInfo::Unknown(raw);
        }
        if version >= 2 {
            let (_, (x, y, z)) = r.parse(
                ri.saturating_add(36),
                "thread group size",
                (le_u32, le_u32, le_u32),
            )?;
            psv.num_threads = Some([x, y, z]);
        }
        let entry_name_offset = if version >= 3 {
            Some(r.u32_at(ri.saturating_add(48), "entry function name offset")?)
        } else {
            None
        };
        if version >= 4 {
            psv.num_bytes_group_shared_memory =
                Some(r.u32_at(ri.saturating_add(52), "group-shared memory size")?);
        }

        // Resource bindings.
        let count_at = seq.pos;
        let res_count = seq.u32("resource count")?;
        if res_count > 0 {
            let size_at = seq.pos;
            let bind_size = seq.u32("resource bind info size")?;
            if bind_size < BIND0_SIZE {
                return Err(r.error(
                    size_at,
                    format_args!("resource bind info size {bind_size} is below {BIND0_SIZE}"),
                ));
            }
            let table_at = seq.pos;
            seq.bytes(
                count_at,
                u64::from(res_count).saturating_mul(u64::from(bind_size)),
                "resource bind table",
            )?;
            psv.resources.reserve_exact(res_count as usize);
            for i in 0..res_count as usize {
                // Inside the table checked above.
                let at = i
                    .saturating_mul(bind_size as usize)
                    .saturating_add(table_at);
                let (_, (ty, space, lower_bound, upper_bound)) =
                    r.parse(at, "resource bind info", (le_u32, le_u32, le_u32, le_u32))?;
                let res_type = PsvResourceType::from_u32(ty).ok_or_else(|| {
                    r.error(at, format_args!("resource {i}: unknown resource type {ty}"))
                })?;
                let (kind, flags) = if bind_size >= BIND1_SIZE {
                    let (_, (kind, flags)) = r.parse(
                        at.saturating_add(16),
                        "resource bind info 1",
                        (le_u32, le_u32),
                    )?;
                    (Some(PsvResourceKind::from_u32(kind)), Some(flags))
                } else {
                    (None, None)
                };
                psv.resources.push(PsvResourceBinding {
                    res_type,
                    space,
                    lower_bound,
                    upper_bound,
                    kind,
                    flags,
                });
            }
        }
        if version == 0 {
            return Ok(psv);
        }

        // String table and semantic index table.
        let st_at = seq.pos;
        let st_size = seq.u32("string table size")?;
        if st_size % 4 != 0 {
            return Err(r.error(
                st_at,
                format_args!("string table size {st_size} is not a multiple of 4"),
            ));
        }
        let st_base = seq.pos;
        psv.string_table = seq.bytes(st_at, u64::from(st_size), "string table")?;
        if psv.string_table.last().is_some_and(|&b| b != 0) {
            return Err(r.error(
                seq.pos.saturating_sub(1),
                "string table does not end with NUL",
            ));
        }
        let strings = Region::new("PSV0", psv.string_table, r.base.saturating_add(st_base));
        if let Some(off) = entry_name_offset {
            psv.entry_function_name = Some(if psv.string_table.is_empty() && off == 0 {
                ""
            } else {
                string_at(
                    &r,
                    &strings,
                    ri.saturating_add(48),
                    off,
                    "entry function name",
                )?
            });
        }
        let si_at = seq.pos;
        let si_entries = seq.u32("semantic index table size")?;
        psv.semantic_index_table = seq.bytes(
            si_at,
            u64::from(si_entries).saturating_mul(4),
            "semantic index table",
        )?;

        // Signature elements.
        let counts = [
            psv.sig_input_elements,
            psv.sig_output_elements,
            psv.sig_patch_const_or_prim_elements,
        ];
        if counts.iter().any(|&c| c > 0) {
            let size_at = seq.pos;
            let el_size = seq.u32("signature element size")?;
            if el_size < ELEMENT0_SIZE {
                return Err(r.error(
                    size_at,
                    format_args!("signature element size {el_size} is below {ELEMENT0_SIZE}"),
                ));
            }
            let mut lists: [Vec<PsvSignatureElement<'a>>; 3] = Default::default();
            for (list, &count) in lists.iter_mut().zip(&counts) {
                let at = seq.pos;
                seq.bytes(
                    size_at,
                    u64::from(count).saturating_mul(u64::from(el_size)),
                    "signature elements",
                )?;
                list.reserve_exact(usize::from(count));
                for i in 0..usize::from(count) {
                    list.push(element(
                        &r,
                        &strings,
                        psv.semantic_index_table,
                        // Inside the elements checked above.
                        i.saturating_mul(el_size as usize).saturating_add(at),
                    )?);
                }
            }
            let [inputs, outputs, pcs] = lists;
            psv.input_elements = inputs;
            psv.output_elements = outputs;
            psv.patch_const_or_prim_elements = pcs;
        }

        // ViewID and input/output dependency tables.
        let stage = psv.shader_stage;
        let is = |k: ShaderKind| stage == Some(k);
        let streams = if is(ShaderKind::Geometry) { 4 } else { 1 };
        let pcv = psv.sig_patch_const_or_prim_vectors;
        let inv = psv.sig_input_vectors;
        if psv.uses_view_id {
            for i in 0..streams {
                let outv = psv.sig_output_vectors.get(i).copied().unwrap_or(0);
                if outv > 0 {
                    let at = seq.pos;
                    if let Some(slot) = psv.view_id_output_masks.get_mut(i) {
                        *slot = seq.bytes(at, mask_bytes(outv), "ViewID output mask")?;
                    }
                }
            }
            if (is(ShaderKind::Hull) || is(ShaderKind::Mesh)) && pcv > 0 {
                let at = seq.pos;
                psv.view_id_pc_or_prim_output_mask =
                    seq.bytes(at, mask_bytes(pcv), "ViewID patch constant mask")?;
            }
        }
        if !is(ShaderKind::Mesh) {
            for i in 0..streams {
                let outv = psv.sig_output_vectors.get(i).copied().unwrap_or(0);
                if outv > 0 && inv > 0 {
                    let at = seq.pos;
                    if let Some(slot) = psv.input_to_output_tables.get_mut(i) {
                        *slot = seq.bytes(at, table_bytes(inv, outv), "input-to-output table")?;
                    }
                }
            }
        }
        if is(ShaderKind::Hull) && pcv > 0 && inv > 0 {
            let at = seq.pos;
            psv.input_to_pc_output_table =
                seq.bytes(at, table_bytes(inv, pcv), "input-to-patch-constant table")?;
        }
        let [outv0, ..] = psv.sig_output_vectors;
        if is(ShaderKind::Domain) && outv0 > 0 && pcv > 0 {
            let at = seq.pos;
            psv.pc_input_to_output_table = seq.bytes(
                at,
                table_bytes(pcv, outv0),
                "patch-constant-to-output table",
            )?;
        }
        Ok(psv)
    }
}

/// A string of the string table, `off` read from `field` of the part.
fn string_at<'a>(
    r: &Region<'a>,
    strings: &Region<'a>,
    field: usize,
    off: u32,
    what: &str,
) -> Result<&'a str> {
    if off as usize >= strings.len() {
        return Err(r.error(
            field,
            format_args!(
                "{what} offset {off} is outside the {}-byte string table",
                strings.len()
            ),
        ));
    }
    strings.cstr(0, u64::from(off), what)
}

/// Decodes one `PSVSignatureElement0` at `at`.
fn element<'a>(
    r: &Region<'a>,
    strings: &Region<'a>,
    indexes: &'a [u8],
    at: usize,
) -> Result<PsvSignatureElement<'a>> {
    let (_, fields) = r.parse(
        at,
        "signature element",
        (
            le_u32, le_u32, byte, byte, byte, byte, byte, byte, byte, byte,
        ),
    )?;
    let (
        name_off,
        index_off,
        rows,
        start_row,
        cols_start,
        semantic_kind,
        component_type,
        interp,
        dyn_stream,
        _,
    ) = fields;
    let semantic_name = string_at(r, strings, at, name_off, "semantic name")?;
    // Products and sums of `u32`s in a `u64`: no overflow. The list may
    // stop at the table's end before `rows` entries: for an array of
    // structs with semantics on the members DXC writes only the first
    // index of a multi-row element, last in the table too (as in the
    // metadata, see `SignatureElement::semantic_index`).
    let start = u64::from(index_off).saturating_mul(4);
    let len = u64::from(rows).saturating_mul(4);
    let table = indexes.len() as u64;
    let semantic_indexes = usize::try_from(start)
        .ok()
        .zip(usize::try_from(start.saturating_add(len).min(table)).ok())
        .filter(|_| start < table || rows == 0)
        .and_then(|(s, e)| indexes.get(s..e))
        .ok_or_else(|| {
            r.error(
                at.saturating_add(4),
                format_args!(
                    "semantic indexes {index_off}..{} lie outside the {}-entry table",
                    u64::from(index_off).saturating_add(u64::from(rows)),
                    indexes.len() / 4
                ),
            )
        })?;
    Ok(PsvSignatureElement {
        semantic_name,
        semantic_indexes,
        rows,
        start_row,
        cols: cols_start & 0xF,
        start_col: (cols_start >> 4) & 0x3,
        allocated: cols_start & 0x40 != 0,
        semantic_kind,
        component_type,
        interpolation_mode: interp,
        dynamic_index_mask: dyn_stream & 0xF,
        output_stream: (dyn_stream >> 4) & 0x3,
    })
}

/// Decodes the stage union of the runtime info at `ri`.
fn stage_info(r: &Region<'_>, ri: usize, kind: ShaderKind) -> Result<StageInfo> {
    const WHAT: &str = "stage info";
    Ok(match kind {
        ShaderKind::Vertex => {
            let (_, b) = r.parse(ri, WHAT, byte)?;
            StageInfo::Vertex {
                output_position_present: b != 0,
            }
        }
        ShaderKind::Hull => {
            let (_, (i, o, d, p)) = r.parse(ri, WHAT, (le_u32, le_u32, le_u32, le_u32))?;
            StageInfo::Hull {
                input_control_point_count: i,
                output_control_point_count: o,
                tessellator_domain: d,
                tessellator_output_primitive: p,
            }
        }
        ShaderKind::Domain => {
            let (_, (i, pos, _, _, _, d)) =
                r.parse(ri, WHAT, (le_u32, byte, byte, byte, byte, le_u32))?;
            StageInfo::Domain {
                input_control_point_count: i,
                output_position_present: pos != 0,
                tessellator_domain: d,
            }
        }
        ShaderKind::Geometry => {
            let (_, (i, t, m, pos)) = r.parse(ri, WHAT, (le_u32, le_u32, le_u32, byte))?;
            StageInfo::Geometry {
                input_primitive: i,
                output_topology: t,
                output_stream_mask: m,
                output_position_present: pos != 0,
            }
        }
        ShaderKind::Pixel => {
            let (_, (d, s)) = r.parse(ri, WHAT, (byte, byte))?;
            StageInfo::Pixel {
                depth_output: d != 0,
                sample_frequency: s != 0,
            }
        }
        ShaderKind::Mesh => {
            let (_, (used, view, payload, verts, prims)) =
                r.parse(ri, WHAT, (le_u32, le_u32, le_u32, le_u16, le_u16))?;
            StageInfo::Mesh {
                group_shared_bytes_used: used,
                group_shared_bytes_dependent_on_view_id: view,
                payload_size_in_bytes: payload,
                max_output_vertices: verts,
                max_output_primitives: prims,
            }
        }
        ShaderKind::Amplification => {
            let (_, payload) = r.parse(ri, WHAT, le_u32)?;
            StageInfo::Amplification {
                payload_size_in_bytes: payload,
            }
        }
        _ => StageInfo::None,
    })
}

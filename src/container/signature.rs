//! Program signatures: parts `ISG1` (inputs), `OSG1` (outputs) and `PSG1`
//! (patch constants, or mesh-shader primitive outputs).
//!
//! Layout (`DxilProgramSignature` in DXC's `DxilContainer.h`): a header
//! `{u32 ParamCount, u32 ParamOffset}` then `ParamCount` 32-byte elements at
//! `ParamOffset`; semantic names are NUL-terminated strings at offsets from
//! the part start.

use std::fmt;

use super::read::{byte, le_u16, le_u32, Region};
use super::FourCC;
use crate::error::Result;

/// Size of one serialized signature element.
pub const ELEMENT_SIZE: usize = 32;

/// Which signature a part holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SignatureKind {
    /// `ISG1`.
    Input,
    /// `OSG1`.
    Output,
    /// `PSG1`: patch constants (hull/domain) or primitive outputs (mesh).
    PatchConstantOrPrimitive,
}

impl SignatureKind {
    /// The part code holding this signature.
    pub fn fourcc(self) -> FourCC {
        match self {
            SignatureKind::Input => FourCC::ISG1,
            SignatureKind::Output => FourCC::OSG1,
            SignatureKind::PatchConstantOrPrimitive => FourCC::PSG1,
        }
    }

    pub(crate) fn part_name(self) -> &'static str {
        match self {
            SignatureKind::Input => "ISG1",
            SignatureKind::Output => "OSG1",
            SignatureKind::PatchConstantOrPrimitive => "PSG1",
        }
    }
}

/// A system value, as D3D's `D3D_NAME` (an open set: new values appear
/// with new shader models).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SystemValue(pub u32);

impl SystemValue {
    /// Not a system value.
    pub const UNDEFINED: SystemValue = SystemValue(0);
    /// `SV_Position`.
    pub const POSITION: SystemValue = SystemValue(1);
    /// `SV_ClipDistance`.
    pub const CLIP_DISTANCE: SystemValue = SystemValue(2);
    /// `SV_CullDistance`.
    pub const CULL_DISTANCE: SystemValue = SystemValue(3);
    /// `SV_RenderTargetArrayIndex`.
    pub const RENDER_TARGET_ARRAY_INDEX: SystemValue = SystemValue(4);
    /// `SV_ViewportArrayIndex`.
    pub const VIEWPORT_ARRAY_INDEX: SystemValue = SystemValue(5);
    /// `SV_VertexID`.
    pub const VERTEX_ID: SystemValue = SystemValue(6);
    /// `SV_PrimitiveID`.
    pub const PRIMITIVE_ID: SystemValue = SystemValue(7);
    /// `SV_InstanceID`.
    pub const INSTANCE_ID: SystemValue = SystemValue(8);
    /// `SV_IsFrontFace`.
    pub const IS_FRONT_FACE: SystemValue = SystemValue(9);
    /// `SV_SampleIndex`.
    pub const SAMPLE_INDEX: SystemValue = SystemValue(10);
    /// `SV_TessFactor` of a quad domain.
    pub const FINAL_QUAD_EDGE_TESSFACTOR: SystemValue = SystemValue(11);
    /// `SV_InsideTessFactor` of a quad domain.
    pub const FINAL_QUAD_INSIDE_TESSFACTOR: SystemValue = SystemValue(12);
    /// `SV_TessFactor` of a tri domain.
    pub const FINAL_TRI_EDGE_TESSFACTOR: SystemValue = SystemValue(13);
    /// `SV_InsideTessFactor` of a tri domain.
    pub const FINAL_TRI_INSIDE_TESSFACTOR: SystemValue = SystemValue(14);
    /// `SV_TessFactor` (detail) of an isoline domain.
    pub const FINAL_LINE_DETAIL_TESSFACTOR: SystemValue = SystemValue(15);
    /// `SV_TessFactor` (density) of an isoline domain.
    pub const FINAL_LINE_DENSITY_TESSFACTOR: SystemValue = SystemValue(16);
    /// `SV_Barycentrics`.
    pub const BARYCENTRICS: SystemValue = SystemValue(23);
    /// `SV_ShadingRate`.
    pub const SHADING_RATE: SystemValue = SystemValue(24);
    /// `SV_CullPrimitive`.
    pub const CULL_PRIMITIVE: SystemValue = SystemValue(25);
    /// `SV_Target`.
    pub const TARGET: SystemValue = SystemValue(64);
    /// `SV_Depth`.
    pub const DEPTH: SystemValue = SystemValue(65);
    /// `SV_Coverage`.
    pub const COVERAGE: SystemValue = SystemValue(66);
    /// `SV_DepthGreaterEqual`.
    pub const DEPTH_GREATER_EQUAL: SystemValue = SystemValue(67);
    /// `SV_DepthLessEqual`.
    pub const DEPTH_LESS_EQUAL: SystemValue = SystemValue(68);
    /// `SV_StencilRef`.
    pub const STENCIL_REF: SystemValue = SystemValue(69);
    /// `SV_InnerCoverage`.
    pub const INNER_COVERAGE: SystemValue = SystemValue(70);

    /// The `D3D_NAME_*` suffix for the known values (`"POSITION"`, …).
    pub fn name(self) -> Option<&'static str> {
        Some(match self.0 {
            0 => "UNDEFINED",
            1 => "POSITION",
            2 => "CLIP_DISTANCE",
            3 => "CULL_DISTANCE",
            4 => "RENDER_TARGET_ARRAY_INDEX",
            5 => "VIEWPORT_ARRAY_INDEX",
            6 => "VERTEX_ID",
            7 => "PRIMITIVE_ID",
            8 => "INSTANCE_ID",
            9 => "IS_FRONT_FACE",
            10 => "SAMPLE_INDEX",
            11 => "FINAL_QUAD_EDGE_TESSFACTOR",
            12 => "FINAL_QUAD_INSIDE_TESSFACTOR",
            13 => "FINAL_TRI_EDGE_TESSFACTOR",
            14 => "FINAL_TRI_INSIDE_TESSFACTOR",
            15 => "FINAL_LINE_DETAIL_TESSFACTOR",
            16 => "FINAL_LINE_DENSITY_TESSFACTOR",
            23 => "BARYCENTRICS",
            24 => "SHADING_RATE",
            25 => "CULL_PRIMITIVE",
            64 => "TARGET",
            65 => "DEPTH",
            66 => "COVERAGE",
            67 => "DEPTH_GREATER_EQUAL",
            68 => "DEPTH_LESS_EQUAL",
            69 => "STENCIL_REF",
            70 => "INNER_COVERAGE",
            _ => return None,
        })
    }
}

impl fmt::Debug for SystemValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => write!(f, "SystemValue::{n}"),
            None => write!(f, "SystemValue({})", self.0),
        }
    }
}

/// Register component type of a signature element
/// (`DxilProgramSigCompType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SigComponentType {
    /// Unknown (0).
    Unknown,
    /// 32-bit unsigned integer (1).
    UInt32,
    /// 32-bit signed integer (2).
    SInt32,
    /// 32-bit float (3).
    Float32,
    /// 16-bit unsigned integer (4).
    UInt16,
    /// 16-bit signed integer (5).
    SInt16,
    /// 16-bit float (6).
    Float16,
    /// 64-bit unsigned integer (7).
    UInt64,
    /// 64-bit signed integer (8).
    SInt64,
    /// 64-bit float (9).
    Float64,
}

impl SigComponentType {
    /// The type with the given serialized value.
    pub fn from_u32(v: u32) -> Option<SigComponentType> {
        Some(match v {
            0 => SigComponentType::Unknown,
            1 => SigComponentType::UInt32,
            2 => SigComponentType::SInt32,
            3 => SigComponentType::Float32,
            4 => SigComponentType::UInt16,
            5 => SigComponentType::SInt16,
            6 => SigComponentType::Float16,
            7 => SigComponentType::UInt64,
            8 => SigComponentType::SInt64,
            9 => SigComponentType::Float64,
            _ => return None,
        })
    }
}

/// Minimum precision of a signature element (`DxilProgramSigMinPrecision`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MinPrecision {
    /// Full precision (0).
    Default,
    /// `min16float` (1).
    Float16,
    /// `min10float`, 2.8 fixed point (2).
    Float2_8,
    /// Reserved (3).
    Reserved,
    /// `min16int` (4).
    SInt16,
    /// `min16uint` (5).
    UInt16,
    /// Any 16-bit precision (0xf0).
    Any16,
    /// Any 10-bit precision (0xf1).
    Any10,
}

impl MinPrecision {
    /// The precision with the given serialized value.
    pub fn from_u32(v: u32) -> Option<MinPrecision> {
        Some(match v {
            0 => MinPrecision::Default,
            1 => MinPrecision::Float16,
            2 => MinPrecision::Float2_8,
            3 => MinPrecision::Reserved,
            4 => MinPrecision::SInt16,
            5 => MinPrecision::UInt16,
            0xf0 => MinPrecision::Any16,
            0xf1 => MinPrecision::Any10,
            _ => return None,
        })
    }
}

/// One element (one semantic and index) of a signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignatureElement<'a> {
    /// Geometry-shader output stream (0 elsewhere).
    pub stream: u32,
    /// Semantic name, e.g. `"SV_Position"` or `"TEXCOORD"`.
    pub semantic_name: &'a str,
    /// Semantic index.
    pub semantic_index: u32,
    /// System value.
    pub system_value: SystemValue,
    /// Register component type.
    pub component_type: SigComponentType,
    /// Register (row); `u32::MAX` for values not in a register (e.g.
    /// `SV_Depth`).
    pub register: u32,
    /// Components used (bit 0 = x … bit 3 = w).
    pub mask: u8,
    /// For outputs, components never written; for inputs, components
    /// always read.
    pub rw_mask: u8,
    /// Minimum precision.
    pub min_precision: MinPrecision,
}

impl SignatureElement<'_> {
    /// For an output element: the components the shader never writes.
    pub fn never_writes_mask(&self) -> u8 {
        self.rw_mask
    }

    /// For an input element: the components the shader always reads.
    pub fn always_reads_mask(&self) -> u8 {
        self.rw_mask
    }
}

/// A decoded signature part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature<'a> {
    /// Which signature this is.
    pub kind: SignatureKind,
    /// The elements, in part order.
    pub elements: Vec<SignatureElement<'a>>,
}

impl<'a> Signature<'a> {
    /// Parses signature part data. Error offsets are relative to `data`.
    pub fn parse(data: &'a [u8], kind: SignatureKind) -> Result<Signature<'a>> {
        Self::parse_region(Region::new(kind.part_name(), data, 0), kind)
    }

    pub(crate) fn parse_region(r: Region<'a>, kind: SignatureKind) -> Result<Signature<'a>> {
        let (_, (count, offset)) = r.parse(0, "signature header", (le_u32, le_u32))?;
        let table_len = u64::from(count).saturating_mul(ELEMENT_SIZE as u64);
        r.range(0, u64::from(offset), table_len, "signature element table")?;
        let mut elements = Vec::with_capacity(count as usize);
        for i in 0..count as usize {
            // Inside the table checked above.
            let at = i
                .saturating_mul(ELEMENT_SIZE)
                .saturating_add(offset as usize);
            let (_, fields) = r.parse(
                at,
                "signature element",
                (
                    le_u32, le_u32, le_u32, le_u32, le_u32, le_u32, byte, byte, le_u16, le_u32,
                ),
            )?;
            let (
                stream,
                name_offset,
                semantic_index,
                system_value,
                comp,
                register,
                mask,
                rw_mask,
                _pad,
                min_prec,
            ) = fields;
            let semantic_name = r.cstr(
                at.saturating_add(4),
                u64::from(name_offset),
                "semantic name",
            )?;
            let component_type = SigComponentType::from_u32(comp).ok_or_else(|| {
                r.error(
                    at.saturating_add(16),
                    format_args!("element {i}: unknown component type {comp}"),
                )
            })?;
            let min_precision = MinPrecision::from_u32(min_prec).ok_or_else(|| {
                r.error(
                    at.saturating_add(28),
                    format_args!("element {i}: unknown minimum precision {min_prec}"),
                )
            })?;
            elements.push(SignatureElement {
                stream,
                semantic_name,
                semantic_index,
                system_value: SystemValue(system_value),
                component_type,
                register,
                mask,
                rw_mask,
                min_precision,
            });
        }
        Ok(Signature { kind, elements })
    }
}

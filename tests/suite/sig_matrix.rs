//! The signature matrix (issue 15, deliverable 3, second half): for every
//! system value (`SemanticKind`) at every signature point DXIL allows it
//! (a stage and a direction: input, output, patch constant / primitive
//! output), and for shapes of user (`Arbitrary`) elements at every point
//! that has them, a one-block entry that loads or stores every component of
//! its elements is built by hand, emitted and validated for Vulkan 1.3: by
//! the in-process validator, then by the current spirv-val
//! (`common::spirv_val`).
//!
//! Where a semantic is allowed comes from the "Semantic interpretation
//! table" of DXC's `docs/DXIL.rst` (transcribed in [`TABLE`]): `NA` is not
//! allowed and `NotInSig` (read through an operation of its own, never a
//! signature element) makes no cell; both are counted apart. An `Arb`
//! interpretation (a system value name read as a user semantic: vertex
//! inputs, values passed through) is an `Arbitrary` element named `SV_…`,
//! as DXC writes it. `NotPacked` and `Shadow` elements are not allocated
//! (row and column -1).
//!
//! Elements are accessed the way the stage does: `loadInput` (with a
//! vertex index in hull, domain and geometry inputs), `loadPatchConstant`
//! (domain), `storeOutput` (geometry: then `emitStream` per stream),
//! `storePatchConstant` (in the hull's patch constant function),
//! `storeVertexOutput` and `storePrimitiveOutput` (mesh, after
//! `setMeshOutputCounts`); `Shadow` elements (`SV_SampleIndex`, the
//! geometry shader's `SV_PrimitiveID`) through their own operation.
//! Every system value also gets a cell packed beside a user element
//! (`:with-user`).
//!
//! Shapes of user elements: arrays, semantic indices that are not the row,
//! rows beyond the semantic indices, elements starting at columns 1 to 3,
//! two elements sharing a row (same and mixed types), `i32`/`u32`, native
//! 16-bit (`f16`/`i16`/`u16` with `UseNativeLowPrecision`) and min
//! precision (`LowPrecisionPresent`), rows indexed dynamically (by
//! `waveGetLaneIndex`). Pixel outputs take the type and array shapes as
//! `SV_Target`; further cells: clip and cull distance layouts, pixel input
//! interpolation modes, `SV_Target1`/`7`, quad and isoline tess factors,
//! geometry output streams 1 to 3.
//!
//! The ledger `tests/ledger/signatures.txt` lists every cell that does not
//! pass as `semantic-or-shape<TAB>stage<TAB>direction<TAB>outcome` (outcomes
//! as in `op_matrix`); the test fails when an outcome changes. Bless with
//! `DXIL2SPIRV_BLESS=1 cargo test --release --all-features --test suite
//! sig_matrix::`; counts print with `-- --nocapture`;
//! `DXIL2SPIRV_SIG_MATRIX_DUMP=semantic/stage/direction` prints a cell's IR
//! and SPIR-V.

use crate::common::matrix;
use dxil2spirv::dxil::{
    ComponentType, DsState, GsState, HsState, InputPrimitive, InterpolationMode,
    MeshOutputTopology, MsState, PrimitiveTopology, SemanticKind, ShaderFlags, ShaderKind,
    SignatureElement, Signatures, TessellatorDomain, TessellatorOutputPrimitive,
    TessellatorPartitioning,
};
use dxil2spirv::emit::ShaderDesc;
use dxil2spirv::ir::{Constant, Module, Type, TypeId, ValueId};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn ledger_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ledger/signatures.txt")
}

/// Which list of the signature a point's elements live in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dir {
    Input,
    Output,
    /// Patch constants (hull output, domain input) or mesh primitive
    /// outputs.
    Patch,
}

impl Dir {
    fn name(self) -> &'static str {
        match self {
            Dir::Input => "input",
            Dir::Output => "output",
            Dir::Patch => "patch",
        }
    }
}

/// A signature point of `DXIL.rst` that holds elements: (name, stage,
/// stage name, list).
const POINTS: [(&str, ShaderKind, &str, Dir); 15] = [
    ("VSIn", ShaderKind::Vertex, "vertex", Dir::Input),
    ("VSOut", ShaderKind::Vertex, "vertex", Dir::Output),
    ("HSCPIn", ShaderKind::Hull, "hull", Dir::Input),
    ("HSCPOut", ShaderKind::Hull, "hull", Dir::Output),
    ("PCOut", ShaderKind::Hull, "hull", Dir::Patch),
    ("DSIn", ShaderKind::Domain, "domain", Dir::Patch),
    ("DSCPIn", ShaderKind::Domain, "domain", Dir::Input),
    ("DSOut", ShaderKind::Domain, "domain", Dir::Output),
    ("GSVIn", ShaderKind::Geometry, "geometry", Dir::Input),
    // Primitive inputs: only the shadow `SV_PrimitiveID`, in the input
    // signature.
    ("GSIn", ShaderKind::Geometry, "geometry", Dir::Input),
    ("GSOut", ShaderKind::Geometry, "geometry", Dir::Output),
    ("PSIn", ShaderKind::Pixel, "pixel", Dir::Input),
    ("PSOut", ShaderKind::Pixel, "pixel", Dir::Output),
    ("MSOut", ShaderKind::Mesh, "mesh", Dir::Output),
    ("MSPOut", ShaderKind::Mesh, "mesh", Dir::Patch),
];

/// Signature points whose values are all `NotInSig` or `NA` (patch
/// constant and hull inputs, compute-like inputs): they count in "not
/// allowed" only.
const EMPTY_POINTS: [&str; 5] = ["PCIn", "HSIn", "CSIn", "MSIn", "ASIn"];

/// `DXIL.rst`'s semantic interpretation table (DXC's
/// `include/dxc/DXIL/DxilSigPoint.inl`): per semantic, its
/// `point:interpretation` entries other than `NA`.
const TABLE: &[(SemanticKind, &str)] = &[
    (
        SemanticKind::Arbitrary,
        "VSIn:Arb VSOut:Arb HSCPIn:Arb HSCPOut:Arb PCOut:Arb DSIn:Arb DSCPIn:Arb DSOut:Arb \
         GSVIn:Arb GSOut:Arb PSIn:Arb MSOut:Arb MSPOut:Arb",
    ),
    (SemanticKind::VertexID, "VSIn:SV"),
    (
        SemanticKind::InstanceID,
        "VSIn:SV VSOut:Arb HSCPIn:Arb HSCPOut:Arb DSCPIn:Arb DSOut:Arb GSVIn:Arb GSOut:Arb \
         PSIn:Arb",
    ),
    (
        SemanticKind::Position,
        "VSIn:Arb VSOut:SV HSCPIn:SV HSCPOut:SV PCOut:Arb DSIn:Arb DSCPIn:SV DSOut:SV GSVIn:SV \
         GSOut:SV PSIn:SV MSOut:SV",
    ),
    (
        SemanticKind::RenderTargetArrayIndex,
        "VSIn:Arb VSOut:SV HSCPIn:SV HSCPOut:SV PCOut:Arb DSIn:Arb DSCPIn:SV DSOut:SV GSVIn:SV \
         GSOut:SV PSIn:SV MSPOut:SV",
    ),
    (
        SemanticKind::ViewPortArrayIndex,
        "VSIn:Arb VSOut:SV HSCPIn:SV HSCPOut:SV PCOut:Arb DSIn:Arb DSCPIn:SV DSOut:SV GSVIn:SV \
         GSOut:SV PSIn:SV MSPOut:SV",
    ),
    (
        SemanticKind::ClipDistance,
        "VSIn:Arb VSOut:ClipCull HSCPIn:ClipCull HSCPOut:ClipCull PCOut:Arb DSIn:Arb \
         DSCPIn:ClipCull DSOut:ClipCull GSVIn:ClipCull GSOut:ClipCull PSIn:ClipCull MSOut:ClipCull",
    ),
    (
        SemanticKind::CullDistance,
        "VSIn:Arb VSOut:ClipCull HSCPIn:ClipCull HSCPOut:ClipCull PCOut:Arb DSIn:Arb \
         DSCPIn:ClipCull DSOut:ClipCull GSVIn:ClipCull GSOut:ClipCull PSIn:ClipCull MSOut:ClipCull",
    ),
    (SemanticKind::OutputControlPointID, "HSIn:NotInSig"),
    (SemanticKind::DomainLocation, "DSIn:NotInSig"),
    (
        SemanticKind::PrimitiveID,
        "PCIn:NotInSig HSIn:NotInSig DSIn:NotInSig GSIn:Shadow GSOut:SGV PSIn:SGV MSPOut:SV",
    ),
    (SemanticKind::GSInstanceID, "GSIn:NotInSig"),
    (SemanticKind::SampleIndex, "PSIn:Shadow"),
    (SemanticKind::IsFrontFace, "GSOut:SGV PSIn:SGV"),
    (SemanticKind::Coverage, "PSIn:NotInSig PSOut:NotPacked"),
    (SemanticKind::InnerCoverage, "PSIn:NotInSig"),
    (SemanticKind::Target, "PSOut:Target"),
    (SemanticKind::Depth, "PSOut:NotPacked"),
    (SemanticKind::DepthLessEqual, "PSOut:NotPacked"),
    (SemanticKind::DepthGreaterEqual, "PSOut:NotPacked"),
    (SemanticKind::StencilRef, "PSOut:NotPacked"),
    (
        SemanticKind::DispatchThreadID,
        "CSIn:NotInSig MSIn:NotInSig ASIn:NotInSig",
    ),
    (
        SemanticKind::GroupID,
        "CSIn:NotInSig MSIn:NotInSig ASIn:NotInSig",
    ),
    (
        SemanticKind::GroupIndex,
        "CSIn:NotInSig MSIn:NotInSig ASIn:NotInSig",
    ),
    (
        SemanticKind::GroupThreadID,
        "CSIn:NotInSig MSIn:NotInSig ASIn:NotInSig",
    ),
    (SemanticKind::TessFactor, "PCOut:TessFactor DSIn:TessFactor"),
    (
        SemanticKind::InsideTessFactor,
        "PCOut:TessFactor DSIn:TessFactor",
    ),
    (
        SemanticKind::ViewID,
        "VSIn:NotInSig PCIn:NotInSig HSIn:NotInSig DSIn:NotInSig GSIn:NotInSig PSIn:NotInSig \
         MSIn:NotInSig",
    ),
    (SemanticKind::Barycentrics, "PSIn:NotPacked"),
    (
        SemanticKind::ShadingRate,
        "VSOut:SV HSCPIn:SV HSCPOut:SV DSCPIn:SV DSOut:SV GSVIn:SV GSOut:SV PSIn:SV MSPOut:SV",
    ),
    (
        SemanticKind::CullPrimitive,
        "PSIn:NotInSig MSPOut:NotPacked",
    ),
    (SemanticKind::StartVertexLocation, "VSIn:NotInSig"),
    (SemanticKind::StartInstanceLocation, "VSIn:NotInSig"),
];

/// One element to declare: what differs from a 4-component `f32`
/// `TEXCOORD` at row 0, column 0.
#[derive(Clone)]
struct Spec {
    name: String,
    kind: SemanticKind,
    ty: ComponentType,
    indices: Vec<u32>,
    cols: u32,
    start_row: i32,
    start_col: i32,
    /// The interpolation mode, where not the stage's default.
    interpolation: Option<InterpolationMode>,
    /// Whether rows are indexed dynamically (by the lane index).
    dynamic: bool,
    /// A shadow element's operation (name, opcode), read instead of
    /// `loadInput`.
    shadow: Option<(&'static str, u64)>,
    /// The geometry output stream.
    stream: u32,
}

fn spec(ty: ComponentType, cols: u32) -> Spec {
    Spec {
        name: "TEXCOORD".into(),
        kind: SemanticKind::Arbitrary,
        ty,
        indices: vec![0],
        cols,
        start_row: 0,
        start_col: 0,
        interpolation: None,
        dynamic: false,
        shadow: None,
        stream: 0,
    }
}

/// The `SV_` name, component type and columns of a system value.
fn system_value(kind: SemanticKind) -> (&'static str, ComponentType, u32) {
    use ComponentType::{F32, U32};
    use SemanticKind as S;
    match kind {
        S::Arbitrary => ("TEXCOORD", F32, 4),
        S::VertexID => ("SV_VertexID", U32, 1),
        S::InstanceID => ("SV_InstanceID", U32, 1),
        S::Position => ("SV_Position", F32, 4),
        S::RenderTargetArrayIndex => ("SV_RenderTargetArrayIndex", U32, 1),
        S::ViewPortArrayIndex => ("SV_ViewportArrayIndex", U32, 1),
        S::ClipDistance => ("SV_ClipDistance", F32, 2),
        S::CullDistance => ("SV_CullDistance", F32, 2),
        S::PrimitiveID => ("SV_PrimitiveID", U32, 1),
        S::SampleIndex => ("SV_SampleIndex", U32, 1),
        S::IsFrontFace => ("SV_IsFrontFace", U32, 1),
        S::Coverage => ("SV_Coverage", U32, 1),
        S::Target => ("SV_Target", F32, 4),
        S::Depth => ("SV_Depth", F32, 1),
        S::DepthLessEqual => ("SV_DepthLessEqual", F32, 1),
        S::DepthGreaterEqual => ("SV_DepthGreaterEqual", F32, 1),
        S::StencilRef => ("SV_StencilRef", U32, 1),
        S::TessFactor => ("SV_TessFactor", F32, 1),
        S::InsideTessFactor => ("SV_InsideTessFactor", F32, 1),
        S::Barycentrics => ("SV_Barycentrics", F32, 3),
        S::ShadingRate => ("SV_ShadingRate", U32, 1),
        // A `bool`: component type `I1`, stored as `i32`.
        S::CullPrimitive => ("SV_CullPrimitive", ComponentType::I1, 1),
        _ => ("SV_Unknown", U32, 1),
    }
}

/// The element of a system value cell.
fn system_value_spec(kind: SemanticKind, interp: &str) -> Spec {
    let (name, ty, cols) = system_value(kind);
    let mut s = spec(ty, cols);
    s.name = name.into();
    s.kind = if interp == "Arb" {
        SemanticKind::Arbitrary
    } else {
        kind
    };
    match kind {
        // A triangle domain: three edge factors, one inside factor, in
        // column 3.
        SemanticKind::TessFactor => {
            s.indices = vec![0, 1, 2];
            s.start_col = 3;
        }
        SemanticKind::InsideTessFactor => s.start_col = 3,
        _ => {}
    }
    if interp == "Shadow" {
        s.shadow = Some(if kind == SemanticKind::SampleIndex {
            ("sampleIndex", 90)
        } else {
            ("primitiveID", 108)
        });
    }
    if matches!(interp, "NotPacked" | "Shadow") {
        s.start_row = -1;
        s.start_col = -1;
    }
    s
}

/// A system value element packed beside a user element, as DXC packs
/// them: a narrow value moves to the last columns of row 0 and a user
/// `TEXCOORD` fills the columns before it; a 4-column value gets a
/// `TEXCOORD` (pixel outputs: `SV_Target1`) in row 1; an unpacked value
/// gets one in row 0.
fn with_companion(point: &str, sv: &Spec) -> Vec<Spec> {
    let mut sv = sv.clone();
    let mut user = spec(ComponentType::F32, 4);
    if sv.start_row < 0 {
        if point == "PSOut" {
            user.name = "SV_Target".into();
            user.kind = SemanticKind::Target;
        }
    } else if sv.cols == 4 {
        user.start_row = 1;
        user.indices = vec![1];
        if point == "PSOut" {
            user.name = "SV_Target".into();
            user.kind = SemanticKind::Target;
        }
    } else {
        if sv.start_col == 0 {
            sv.start_col = 4 - sv.cols as i32;
        }
        user.cols = sv.start_col as u32;
        user.indices = (0..sv.indices.len() as u32).collect();
    }
    vec![user, sv]
}

/// Clip and cull distance shapes at every point that has them: (name,
/// elements).
fn clip_cull_shapes() -> Vec<(&'static str, Vec<Spec>)> {
    let sv = |kind, cols: u32, col: i32, rows: u32| {
        Spec {
            start_col: col,
            indices: (0..rows).collect(),
            ..system_value_spec(kind, "ClipCull")
        }
        .with_cols(cols)
    };
    use SemanticKind::{ClipDistance as Clip, CullDistance as Cull};
    vec![
        ("SV_ClipDistance:cols1", vec![sv(Clip, 1, 0, 1)]),
        ("SV_ClipDistance:cols4", vec![sv(Clip, 4, 0, 1)]),
        ("SV_ClipDistance:rows2", vec![sv(Clip, 4, 0, 2)]),
        ("SV_CullDistance:rows2", vec![sv(Cull, 4, 0, 2)]),
        (
            "SV_ClipDistance+SV_CullDistance:shared-row",
            vec![sv(Clip, 2, 0, 1), sv(Cull, 2, 2, 1)],
        ),
        (
            "SV_ClipDistance+SV_CullDistance:rows",
            vec![
                sv(Clip, 4, 0, 1),
                Spec {
                    start_row: 1,
                    ..sv(Cull, 3, 0, 1)
                },
            ],
        ),
    ]
}

impl Spec {
    fn with_cols(mut self, cols: u32) -> Spec {
        self.cols = cols;
        self
    }
}

/// A shape of user elements: name, elements, shader flags.
struct Shape {
    name: &'static str,
    elements: Vec<Spec>,
    flags: ShaderFlags,
}

fn shapes() -> Vec<Shape> {
    use ComponentType as C;
    let f4 = spec(C::F32, 4);
    let at_col = |col: i32, cols: u32| Spec {
        start_col: col,
        ..spec(C::F32, cols)
    };
    let typed = |ty| spec(ty, 4);
    let plain = |name, elements| Shape {
        name,
        elements,
        flags: ShaderFlags::default(),
    };
    let native = ShaderFlags::USE_NATIVE_LOW_PRECISION;
    let min = ShaderFlags::LOW_PRECISION_PRESENT;
    let flagged = |name, ty, flags| Shape {
        name,
        elements: vec![typed(ty)],
        flags,
    };
    vec![
        plain(
            "shape:array3",
            vec![Spec {
                indices: vec![0, 1, 2],
                ..f4.clone()
            }],
        ),
        plain(
            "shape:semantic-index-7",
            vec![Spec {
                indices: vec![7],
                ..f4.clone()
            }],
        ),
        plain(
            "shape:row-5",
            vec![Spec {
                start_row: 5,
                ..f4.clone()
            }],
        ),
        plain(
            "shape:array2-indices-4-at-row-1",
            vec![Spec {
                indices: vec![4, 5],
                start_row: 1,
                ..f4.clone()
            }],
        ),
        plain(
            "shape:array3-dynamic-row",
            vec![Spec {
                indices: vec![0, 1, 2],
                dynamic: true,
                ..f4.clone()
            }],
        ),
        plain(
            "shape:array2-dynamic-row-u32-col2",
            vec![Spec {
                indices: vec![0, 1],
                dynamic: true,
                start_col: 2,
                ..spec(C::U32, 2)
            }],
        ),
        plain("shape:col1", vec![at_col(1, 1)]),
        plain("shape:col2", vec![at_col(2, 2)]),
        plain("shape:col3", vec![at_col(3, 1)]),
        plain(
            "shape:shared-row",
            vec![
                spec(C::F32, 2),
                Spec {
                    indices: vec![1],
                    ..at_col(2, 2)
                },
            ],
        ),
        plain(
            "shape:shared-row-mixed",
            vec![
                spec(C::F32, 1),
                Spec {
                    indices: vec![1],
                    start_col: 1,
                    ..spec(C::U32, 3)
                },
            ],
        ),
        plain("shape:i32", vec![typed(C::I32)]),
        plain("shape:u32", vec![typed(C::U32)]),
        flagged("shape:f16", C::F16, native),
        flagged("shape:i16", C::I16, native),
        flagged("shape:u16", C::U16, native),
        flagged("shape:min16f", C::F16, min),
        flagged("shape:min16i", C::I16, min),
        flagged("shape:min16u", C::U16, min),
    ]
}

/// Pixel input interpolation modes of a `float4` user element.
const INTERPOLATIONS: [(&str, InterpolationMode); 7] = [
    ("shape:interp-constant", InterpolationMode::Constant),
    ("shape:interp-linear", InterpolationMode::Linear),
    ("shape:interp-centroid", InterpolationMode::LinearCentroid),
    (
        "shape:interp-noperspective",
        InterpolationMode::LinearNoperspective,
    ),
    (
        "shape:interp-noperspective-centroid",
        InterpolationMode::LinearNoperspectiveCentroid,
    ),
    ("shape:interp-sample", InterpolationMode::LinearSample),
    (
        "shape:interp-noperspective-sample",
        InterpolationMode::LinearNoperspectiveSample,
    ),
];

/// Whether a shape applies at pixel outputs (as `SV_Target`).
fn target_shape(name: &str) -> bool {
    name == "shape:array3"
        || ["i32", "u32", "16"]
            .iter()
            .any(|t| name.ends_with(t) && !name.contains("index"))
}

use crate::common::ir_build::IrBuilder as Builder;

/// The IR type, `dx.op` suffix and a constant of a component type.
fn scalar(b: &mut Builder, ty: ComponentType) -> (TypeId, &'static str, ValueId) {
    use ComponentType as C;
    let (t, suffix, c) = match ty {
        C::F16 => (Type::Half, "f16", Constant::Float(0x3c00)),
        C::I16 | C::U16 => (Type::Int(16), "i16", Constant::Int(1)),
        C::I1 | C::I32 | C::U32 => (Type::Int(32), "i32", Constant::Int(1)),
        _ => (
            Type::Float,
            "f32",
            Constant::Float(u64::from(1.0f32.to_bits())),
        ),
    };
    let t = b.ty(t);
    let c = b.constant(t, c);
    (t, suffix, c)
}

fn is_float(ty: ComponentType) -> bool {
    matches!(ty, ComponentType::F16 | ComponentType::F32)
}

/// The module and description of one cell.
fn build_cell(cell: &Cell) -> (Module, ShaderDesc) {
    let (point, kind, dir, specs, flags) =
        (cell.point, cell.kind, cell.dir, &cell.specs[..], cell.flags);
    let vertices = match (cell.vertices, kind) {
        (0, ShaderKind::Geometry) => 1,
        (0, _) => 3,
        (n, _) => n,
    };
    let mut b = Builder::new();
    let void = b.void;
    let fnty = b.fn_type(void, &[]);
    let main = b.func("main", fnty, false);
    let pcf = (kind == ShaderKind::Hull).then(|| b.func("patch_constants", fnty, false));
    let elements: Vec<SignatureElement> = specs
        .iter()
        .enumerate()
        .map(|(id, s)| SignatureElement {
            id: id as u32,
            name: s.name.clone(),
            component_type: s.ty,
            semantic_kind: s.kind,
            semantic_indices: s.indices.clone(),
            interpolation: match (point, is_float(s.ty), s.kind) {
                (_, _, _) if s.interpolation.is_some() => {
                    s.interpolation.unwrap_or(InterpolationMode::Undefined)
                }
                ("PSIn", _, SemanticKind::Position) => InterpolationMode::LinearNoperspective,
                ("PSIn", true, _) => InterpolationMode::Linear,
                ("PSIn", false, _) => InterpolationMode::Constant,
                _ => InterpolationMode::Undefined,
            },
            rows: s.indices.len() as u32,
            cols: s.cols,
            start_row: s.start_row,
            start_col: s.start_col,
            output_stream: (point == "GSOut").then_some(s.stream),
            dyn_index_mask: s.dynamic.then_some((1 << s.cols) - 1),
            usage_mask: None,
            tags: Vec::new(),
        })
        .collect();
    let dynamic: Vec<bool> = specs.iter().map(|s| s.dynamic).collect();
    for shadow in specs.iter().filter_map(|s| s.shadow) {
        let (op, opcode) = shadow;
        let op_arg = b.int(32, opcode);
        b.call(main, &format!("dx.op.{op}.i32"), op_arg.1, &[op_arg]);
    }
    if kind == ShaderKind::Mesh {
        let op = b.int(32, 168);
        let (n, i32t) = b.int(32, 3);
        let p = b.int(32, 1);
        b.call(main, "dx.op.setMeshOutputCounts", void, &[op, (n, i32t), p]);
    }
    let func = if point == "PCOut" {
        pcf.unwrap_or(main)
    } else {
        main
    };
    for ((e, &dynamic), s) in elements.iter().zip(&dynamic).zip(specs) {
        if s.shadow.is_some() {
            continue;
        }
        let (t, suffix, value) = scalar(&mut b, e.component_type);
        let rows = if dynamic { 1 } else { e.rows };
        for row in 0..rows {
            for col in 0..e.cols {
                let id = b.int(32, u64::from(e.id));
                let r = if dynamic {
                    // `WaveGetLaneIndex` (opcode 111).
                    let op = b.int(32, 111);
                    let lane = b.call(func, "dx.op.waveGetLaneIndex", op.1, &[op]);
                    (lane.unwrap(), op.1)
                } else {
                    b.int(32, u64::from(row))
                };
                let c = b.int(8, u64::from(col));
                let zero = b.int(32, 0);
                let last = b.int(32, u64::from(vertices - 1));
                let i32t = zero.1;
                let undef = (b.constant(i32t, Constant::Undef), i32t);
                let v = (value, t);
                let (f, op, opcode, ret, args) = match point {
                    "VSIn" | "PSIn" => (main, "loadInput", 4, t, vec![id, r, c, undef]),
                    "HSCPIn" | "DSCPIn" | "GSVIn" | "GSIn" => {
                        (main, "loadInput", 4, t, vec![id, r, c, last])
                    }
                    "DSIn" => (main, "loadPatchConstant", 104, t, vec![id, r, c]),
                    "PCOut" => (func, "storePatchConstant", 106, void, vec![id, r, c, v]),
                    "MSOut" => (
                        main,
                        "storeVertexOutput",
                        171,
                        void,
                        vec![id, r, c, v, zero],
                    ),
                    "MSPOut" => (
                        main,
                        "storePrimitiveOutput",
                        172,
                        void,
                        vec![id, r, c, v, zero],
                    ),
                    _ => (main, "storeOutput", 5, void, vec![id, r, c, v]),
                };
                let mut all = vec![b.int(32, opcode)];
                all.extend(args);
                b.call(f, &format!("dx.op.{op}.{suffix}"), ret, &all);
            }
        }
    }
    let streams = specs.iter().fold(0u32, |m, s| m | 1 << s.stream);
    if point == "GSOut" {
        for stream in (0..4u32).filter(|i| streams & 1 << i != 0) {
            let op = b.int(32, 97);
            let stream = b.int(8, u64::from(stream));
            b.call(main, "dx.op.emitStream", void, &[op, stream]);
        }
    }
    let mut signatures = Signatures::default();
    match dir {
        Dir::Input => signatures.inputs = elements,
        Dir::Output => signatures.outputs = elements,
        Dir::Patch => signatures.patch_constants = elements,
    }
    let desc = ShaderDesc {
        shader_model: (6, 6),
        kind,
        entry: main,
        entry_name: "main".into(),
        num_threads: [4, 1, 1],
        wave_size: None,
        resources: Vec::new(),
        signatures,
        flags,
        gs: (kind == ShaderKind::Geometry).then_some(GsState {
            input_primitive: match vertices {
                2 => InputPrimitive::Line,
                3 => InputPrimitive::Triangle,
                4 => InputPrimitive::LineWithAdjacency,
                6 => InputPrimitive::TriangleWithAdjacency,
                _ => InputPrimitive::Point,
            },
            max_vertex_count: 1,
            active_stream_mask: streams,
            output_topology: PrimitiveTopology::PointList,
            instance_count: 1,
        }),
        ms: (kind == ShaderKind::Mesh).then_some(MsState {
            num_threads: [4, 1, 1],
            max_vertex_count: 3,
            max_primitive_count: 1,
            output_topology: MeshOutputTopology::Triangle,
            payload_size: 0,
        }),
        hs: pcf.map(|f| HsState {
            patch_constant_function: Some(f),
            input_control_points: vertices,
            output_control_points: 3,
            domain: cell.domain,
            partitioning: TessellatorPartitioning::Integer,
            output_primitive: if cell.domain == TessellatorDomain::IsoLine {
                TessellatorOutputPrimitive::Line
            } else {
                TessellatorOutputPrimitive::TriangleCW
            },
            max_tess_factor: 64.0,
        }),
        ds: (kind == ShaderKind::Domain).then_some(DsState {
            domain: cell.domain,
            input_control_points: vertices,
        }),
    };
    (b.finish(), desc)
}

/// One cell: its ledger key and what to build.
struct Cell {
    key: String,
    point: &'static str,
    kind: ShaderKind,
    dir: Dir,
    specs: Vec<Spec>,
    flags: ShaderFlags,
    /// The tessellator domain of hull and domain shaders.
    domain: TessellatorDomain,
    /// Input vertices (geometry) or control points (hull, domain); 0 for
    /// the default (a point, a triangle patch). Inputs are read at the
    /// last one.
    vertices: u32,
}

fn run_cell(cell: &Cell) -> String {
    let (module, desc) = build_cell(cell);
    let dump =
        std::env::var("DXIL2SPIRV_SIG_MATRIX_DUMP").is_ok_and(|k| k.replace('/', "\t") == cell.key);
    if dump {
        let mut text = String::new();
        dxil2spirv::ir::write_module(&mut text, &module).unwrap();
        eprintln!("{}:\n{text}\n{:#?}", cell.key, desc.signatures);
    }
    matrix::emit_outcome(&module, &desc, dump.then_some(cell.key.as_str()))
}

/// The cells, and the counts of (point, semantic) pairs that are not
/// allowed and that are read outside the signature.
fn cells() -> (Vec<Cell>, usize, usize) {
    let (mut cells, mut not_allowed, mut not_in_sig) = (Vec::new(), 0, 0);
    for &(semantic, entries) in TABLE {
        let allowed: BTreeMap<&str, &str> = entries
            .split_whitespace()
            .map(|e| e.split_once(':').unwrap())
            .collect();
        not_in_sig += allowed.values().filter(|&&i| i == "NotInSig").count();
        not_allowed += POINTS.len() + EMPTY_POINTS.len() - allowed.len();
        for &(point, kind, stage, dir) in &POINTS {
            let Some(&interp) = allowed.get(point).filter(|&&i| i != "NotInSig") else {
                continue;
            };
            let (name, _, _) = system_value(semantic);
            cells.push(Cell {
                key: format!("{name}\t{stage}\t{}", dir.name()),
                point,
                kind,
                dir,
                specs: vec![system_value_spec(semantic, interp)],
                flags: ShaderFlags::default(),
                domain: TessellatorDomain::Tri,
                vertices: 0,
            });
            if semantic != SemanticKind::Arbitrary {
                cells.push(Cell {
                    key: format!("{name}:with-user\t{stage}\t{}", dir.name()),
                    point,
                    kind,
                    dir,
                    specs: with_companion(point, &system_value_spec(semantic, interp)),
                    flags: ShaderFlags::default(),
                    domain: TessellatorDomain::Tri,
                    vertices: 0,
                });
            }
        }
    }
    for &(point, kind, stage, dir) in &POINTS {
        let allowed = |semantic| {
            TABLE.iter().any(|&(k, e)| {
                k == semantic
                    && e.split_whitespace()
                        .any(|x| x == format!("{point}:ClipCull"))
            })
        };
        for (name, specs) in clip_cull_shapes() {
            if !specs.iter().all(|s| allowed(s.kind)) {
                continue;
            }
            cells.push(Cell {
                key: format!("{name}\t{stage}\t{}", dir.name()),
                point,
                kind,
                dir,
                specs,
                flags: ShaderFlags::default(),
                domain: TessellatorDomain::Tri,
                vertices: 0,
            });
        }
    }
    // Tess factors of the other domains: (name, domain, rows of
    // `SV_TessFactor`, rows of `SV_InsideTessFactor`).
    let domains = [
        ("quad", TessellatorDomain::Quad, 4, 2),
        ("isoline", TessellatorDomain::IsoLine, 2, 0),
    ];
    for (name, domain, outer, inner) in domains {
        for &(point, kind, stage, dir) in POINTS.iter().filter(|p| matches!(p.0, "PCOut" | "DSIn"))
        {
            let factors = [
                (SemanticKind::TessFactor, outer, 0),
                (SemanticKind::InsideTessFactor, inner, outer),
            ];
            let specs: Vec<Spec> = factors
                .iter()
                .filter(|f| f.1 > 0)
                .map(|&(semantic, rows, start_row)| Spec {
                    indices: (0..rows).collect(),
                    start_row: start_row as i32,
                    ..system_value_spec(semantic, "TessFactor")
                })
                .collect();
            cells.push(Cell {
                key: format!(
                    "SV_TessFactor+SV_InsideTessFactor:{name}\t{stage}\t{}",
                    dir.name()
                ),
                point,
                kind,
                dir,
                specs,
                flags: ShaderFlags::default(),
                domain,
                vertices: 0,
            });
        }
    }
    // Inputs of other primitives and patch sizes: a user element and
    // `SV_Position`.
    let primitives = [
        ("GSVIn", "geometry", ShaderKind::Geometry, [2, 3, 4, 6]),
        ("HSCPIn", "hull", ShaderKind::Hull, [1, 4, 16, 32]),
        ("DSCPIn", "domain", ShaderKind::Domain, [1, 4, 16, 32]),
    ];
    for (point, stage, kind, counts) in primitives {
        for vertices in counts {
            for semantic in [SemanticKind::Arbitrary, SemanticKind::Position] {
                let (name, _, _) = system_value(semantic);
                cells.push(Cell {
                    key: format!("{name}:vertices{vertices}\t{stage}\tinput"),
                    point,
                    kind,
                    dir: Dir::Input,
                    specs: vec![system_value_spec(semantic, "SV")],
                    flags: ShaderFlags::default(),
                    domain: TessellatorDomain::Tri,
                    vertices,
                });
            }
        }
    }
    // Geometry outputs to streams other than 0 (point lists only); each
    // stream packs its rows from 0, as DXC does.
    let streams = [
        ("shape:stream1", vec![1]),
        ("shape:streams0-3", vec![0, 1, 2, 3]),
    ];
    for (name, list) in streams {
        let specs = list
            .iter()
            .enumerate()
            .map(|(i, &stream)| Spec {
                stream,
                indices: vec![i as u32],
                ..spec(ComponentType::F32, 4)
            })
            .collect();
        cells.push(Cell {
            key: format!("{name}\tgeometry\toutput"),
            point: "GSOut",
            kind: ShaderKind::Geometry,
            dir: Dir::Output,
            specs,
            flags: ShaderFlags::default(),
            domain: TessellatorDomain::Tri,
            vertices: 0,
        });
    }
    // The interpolation modes on a user element, and the ones DXC writes
    // on `SV_Position` (no perspective) and `SV_Barycentrics`.
    let interpolated = [
        (SemanticKind::Arbitrary, "SV", &INTERPOLATIONS[..]),
        (SemanticKind::Position, "SV", &INTERPOLATIONS[3..]),
        (
            SemanticKind::Barycentrics,
            "NotPacked",
            &INTERPOLATIONS[1..],
        ),
    ];
    for (semantic, interp, modes) in interpolated {
        for &(name, mode) in modes {
            let key = if semantic == SemanticKind::Arbitrary {
                name.to_string()
            } else {
                let (sv, _, _) = system_value(semantic);
                format!("{sv}:{}", name.trim_start_matches("shape:"))
            };
            cells.push(Cell {
                key: format!("{key}\tpixel\tinput"),
                point: "PSIn",
                kind: ShaderKind::Pixel,
                dir: Dir::Input,
                specs: vec![Spec {
                    interpolation: Some(mode),
                    ..system_value_spec(semantic, interp)
                }],
                flags: ShaderFlags::default(),
                domain: TessellatorDomain::Tri,
                vertices: 0,
            });
        }
    }
    for index in [1, 7] {
        cells.push(Cell {
            key: format!("SV_Target:index{index}\tpixel\toutput"),
            point: "PSOut",
            kind: ShaderKind::Pixel,
            dir: Dir::Output,
            specs: vec![Spec {
                indices: vec![index],
                start_row: index as i32,
                ..system_value_spec(SemanticKind::Target, "Target")
            }],
            flags: ShaderFlags::default(),
            domain: TessellatorDomain::Tri,
            vertices: 0,
        });
    }
    let arbitrary = TABLE[0].1;
    for shape in shapes() {
        for &(point, kind, stage, dir) in &POINTS {
            if point != "PSOut" && !arbitrary.contains(&format!("{point}:")) {
                continue;
            }
            let mut specs = shape.elements.clone();
            if point == "PSOut" {
                if !target_shape(shape.name) {
                    continue;
                }
                for s in &mut specs {
                    s.name = "SV_Target".into();
                    s.kind = SemanticKind::Target;
                }
            }
            cells.push(Cell {
                key: format!("{}\t{stage}\t{}", shape.name, dir.name()),
                point,
                kind,
                dir,
                specs,
                flags: shape.flags,
                domain: TessellatorDomain::Tri,
                vertices: 0,
            });
        }
    }
    (cells, not_allowed, not_in_sig)
}

#[test]
fn sig_matrix_ledger() {
    let start = std::time::Instant::now();
    let (cells, not_allowed, not_in_sig) = cells();
    let outcomes = matrix::run_all(&cells, run_cell);
    eprintln!(
        "signature matrix: {} cells: {}; {} (semantic, point) pairs not allowed, {} read \
         outside the signature ({:.1} s)",
        cells.len(),
        matrix::counts(&outcomes),
        not_allowed,
        not_in_sig,
        start.elapsed().as_secs_f64()
    );
    let keyed: BTreeMap<String, String> = cells
        .iter()
        .zip(outcomes)
        .map(|(c, o)| (c.key.clone(), o))
        .collect();
    assert_eq!(keyed.len(), cells.len(), "duplicate cells");
    matrix::check_ledger(
        &ledger_path(),
        "# Signature cells (semantic or shape, stage, direction) that do not emit valid SPIR-V yet, and their outcome.\n\
         # Regenerate: DXIL2SPIRV_BLESS=1 cargo test --release --all-features --test suite sig_matrix::\n",
        &keyed,
    );
}

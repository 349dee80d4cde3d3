//! Graphics stage interfaces: signature elements become `Input` and
//! `Output` variables, read by `LoadInput` (and its hull, domain and pixel
//! variants) and written by `StoreOutput` (and the mesh and patch constant
//! variants). Per-vertex and per-control-point elements are arrays over the
//! vertices; patch constants and mesh primitive outputs sit at locations
//! after the rows of the main signature part.
//!
//! * User semantics (and `SV_Target`) sit at `Location` = the element's
//!   packed row and `Component` = its packed column, so two stages compiled
//!   from matching D3D signatures link. A multi-row element is an array of
//!   rows.
//! * System values become built-ins; where D3D and Vulkan differ the value
//!   is adjusted: `SV_VertexID` and `SV_InstanceID` do not include the base
//!   vertex and instance (`VertexIndex - BaseVertex`), the pixel shader's
//!   `SV_Position.w` is `w`, not `1/w`, and `SV_IsFrontFace` is `~0u`/`0u`.
//!   All clip (cull) distance elements share one `ClipDistance`
//!   (`CullDistance`) array, in signature order.
//! * Pixel shader built-in inputs keep their interpolation mode as
//!   decorations (`Centroid`, `Sample`; `Flat` and `NoPerspective` on the
//!   distances), as user inputs do; see `builtin_interpolation` for
//!   `SV_Position`, whose centroid Vulkan cannot express.
//! * Interface variables are 32-bit: 16-bit elements (min precision or
//!   `-enable-16bit-types`) are converted on load and store, so no
//!   `storageInputOutput16` feature is needed and a 16-bit element links
//!   with a 32-bit one.

use super::binding::ReflectedVarying;
use super::context::TyKey;
use super::Emitter;
use crate::dxil::operands::{
    LoadInput, StoreOutput, StorePatchConstant, StorePrimitiveOutput, StoreVertexOutput,
};
use crate::dxil::{
    ComponentType as C, InterpolationMode as I, SemanticKind as S, ShaderKind, SignatureElement,
    SignatureKind,
};
use crate::error::{Feature, Result};
use crate::ir::{self, TypeId, ValueId};
use rspirv::spirv::{BuiltIn, Capability, Decoration, ExecutionMode, Op};
use rspirv::spirv::{StorageClass, Word};
use smallvec::SmallVec;
use std::fmt::Write;

/// The built-in (if any) a signature element becomes.
enum Builtin {
    /// None: a user semantic or render target.
    None,
    /// A built-in variable of a type, with the fix-up of its value.
    Var(BuiltIn, Word, Adjust),
    /// Part of the clip or cull distance array.
    Distances,
    /// `SampleMask`.
    Mask,
    /// `TessLevelOuter` (true) or `TessLevelInner`.
    TessLevel(bool),
}

/// How an interface variable holds its element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// `T`, `vecN` or `vecN[rows]`, indexed `[row][col]`.
    Rows,
    /// Part of a `float[n]` distance array, from index `base`.
    Distances { base: u32 },
    /// A scalar built-in (one component).
    Scalar,
    /// `uint[1]` (`SampleMask`).
    Mask,
    /// `TessLevelOuter`/`TessLevelInner`, indexed by row (rows 0 and 1
    /// swapped for isolines, whose D3D factors are detail then density).
    TessLevel { swap: bool },
}

/// A fix-up between the built-in's value and the D3D value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Adjust {
    None,
    /// Subtract this built-in (`BaseVertex`, `BaseInstance`).
    MinusBase(BuiltIn),
    /// `SV_Position` in a pixel shader: component 3 is `1 / FragCoord.w`.
    FragCoordW,
    /// A `bool` built-in read as `~0u` / `0u`.
    Bool,
}

/// One signature element's interface variable.
#[derive(Clone, Copy, Debug)]
pub(crate) struct IoVar {
    pub(super) var: Word,
    /// The SPIR-V scalar type of one component.
    pub(super) scalar: Word,
    /// Whether that scalar is a float.
    pub(super) float: bool,
    pub(super) shape: Shape,
    pub(super) adjust: Adjust,
    pub(super) rows: u32,
    pub(super) cols: u32,
    /// Per-vertex inputs of a geometry shader: the vertex count of the
    /// input primitive (the outermost array); 0 elsewhere.
    pub(super) vertices: u32,
}

/// What a signature element is to its stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// A vertex shader input (vertex attribute).
    VertexIn,
    /// A geometry shader input (one per vertex of the input primitive), or
    /// a hull or domain shader input (one per control point).
    PerVertexIn,
    /// A vertex or geometry shader output (towards the rasterizer).
    RasterOut,
    /// A pixel shader input.
    PixelIn,
    /// A pixel shader output.
    PixelOut,
    /// A mesh shader vertex output: one per output vertex.
    MeshVertexOut,
    /// A mesh shader primitive output: one per output primitive.
    MeshPrimitiveOut,
    /// A hull shader control point output: one per output control point.
    ControlPointOut,
    /// A hull shader patch constant output.
    PatchOut,
    /// A domain shader patch constant input.
    PatchIn,
}

/// The rows a signature part occupies (one past its last packed row).
pub(crate) fn rows_used<'a>(elements: impl Iterator<Item = &'a SignatureElement>) -> u32 {
    elements
        .filter(|e| e.is_allocated())
        .map(|e| (e.start_row as u32).saturating_add(e.rows))
        .max()
        .unwrap_or(0)
}

/// The signature interface: its variables and the execution modes it asks
/// for.
#[derive(Default)]
pub(crate) struct StageState {
    /// Interface variables by (signature, element id).
    vars: rustc_hash::FxHashMap<(SignatureKind, u32), IoVar>,
    /// The location copies of layer and viewport index outputs, by
    /// element id (see `Emitter::location_copy`).
    copies: rustc_hash::FxHashMap<u32, IoVar>,
    /// Geometry shader outputs already given a `Stream` decoration: a
    /// built-in that several streams write is one variable, which keeps
    /// the stream of its first element.
    streamed: rustc_hash::FxHashSet<Word>,
    /// Execution modes the interface asks for.
    modes: Vec<ExecutionMode>,
}

impl StageState {
    /// Empties the state, keeping the containers' capacity (every field
    /// is named: a new one must be reset here too).
    pub fn reset(&mut self) {
        let StageState {
            vars,
            copies,
            streamed,
            modes,
        } = self;
        vars.clear();
        copies.clear();
        streamed.clear();
        modes.clear();
    }
}

/// The signature operands of a load or store: element id, row, column.
pub(crate) type Io = (ValueId, ValueId, ValueId);

/// The operands of a signature store.
#[derive(Clone, Copy, Debug)]
pub(crate) struct IoStore {
    /// Element id, row and column.
    pub io: Io,
    /// The value stored.
    pub value: ValueId,
    /// The vertex or primitive (mesh shaders).
    pub index: Option<ValueId>,
}

impl From<StoreOutput> for IoStore {
    fn from(o: StoreOutput) -> IoStore {
        IoStore {
            io: (o.output_sig_id, o.row_index, o.col_index),
            value: o.value,
            index: None,
        }
    }
}

impl From<StorePatchConstant> for IoStore {
    fn from(o: StorePatchConstant) -> IoStore {
        IoStore {
            io: (o.output_sig_id, o.row, o.col),
            value: o.value,
            index: None,
        }
    }
}

impl From<StoreVertexOutput> for IoStore {
    fn from(o: StoreVertexOutput) -> IoStore {
        IoStore {
            io: (o.output_sig_id, o.row_index, o.col_index),
            value: o.value,
            index: Some(o.vertex_index),
        }
    }
}

impl From<StorePrimitiveOutput> for IoStore {
    fn from(o: StorePrimitiveOutput) -> IoStore {
        IoStore {
            io: (o.output_sig_id, o.row_index, o.col_index),
            value: o.value,
            index: Some(o.primitive_index),
        }
    }
}

impl<'m> Emitter<'m> {
    /// The execution modes the signature interface asks for (depth and
    /// stencil outputs).
    pub fn signature_modes(&self) -> &[ExecutionMode] {
        &self.stage.modes
    }

    /// Whether `var` has no `Stream` decoration yet (and from now on has).
    pub fn first_stream_decoration(&mut self, var: Word) -> bool {
        self.stage.streamed.insert(var)
    }

    /// A built-in variable of a storage class (created once). Integer
    /// pixel shader inputs are flat, as Vulkan requires.
    pub fn builtin_var(&mut self, bi: BuiltIn, sc: StorageClass, ty: Word) -> Word {
        if let Some(&v) = self.spv.builtins.get(&(bi, sc)) {
            return v;
        }
        let pt = self.spv.ptr_ty(sc, ty);
        let v = self.spv.global_var(pt, sc);
        self.spv.decorate(v, Decoration::BuiltIn, &[bi as u32]);
        if self.desc.kind == ShaderKind::Pixel
            && sc == StorageClass::Input
            && ty == self.spv.u32_ty()
        {
            self.spv.decorate(v, Decoration::Flat, &[]);
        }
        // Vulkan: the tessellation factors are per-patch variables, and
        // SPIR-V validators since v2025.4 require the decoration.
        if matches!(bi, BuiltIn::TessLevelOuter | BuiltIn::TessLevelInner) {
            self.spv.decorate(v, Decoration::Patch, &[]);
        }
        self.spv.interface.insert(v);
        self.spv.builtins.insert((bi, sc), v);
        v
    }

    /// The element `id` of one of the signatures.
    fn element(&self, list: SignatureKind, id: u32) -> Result<&'m SignatureElement> {
        self.desc
            .signatures
            .get(list)
            .iter()
            .find(|e| e.id == id)
            .ok_or_else(|| self.invalid(format!("no {list:?} signature element with ID {id}")))
    }

    /// Declares every input and output of a vertex, geometry or pixel
    /// shader's signature, used or not (the D3D signature is the stage's
    /// interface), and reflects where each went.
    pub fn declare_interface(&mut self) -> Result<()> {
        if self.desc.kind == ShaderKind::Compute {
            return Ok(());
        }
        self.find_per_vertex_inputs()?;
        let lists = [
            SignatureKind::Input,
            SignatureKind::Output,
            SignatureKind::PatchConstOrPrim,
        ];
        // The (direction, location, component) cells taken so far: D3D
        // packs elements without overlap, and Vulkan rejects overlapping
        // locations.
        let mut taken = rustc_hash::FxHashSet::default();
        for list in lists {
            let output = self.is_output(list);
            for e in self.desc.signatures.get(list) {
                let v = self.io_var(list, e.id)?;
                let builtin = self
                    .spv
                    .builtins
                    .iter()
                    .find_map(|(&(bi, _), &var)| (var == v.var).then(|| format!("{bi:?}")));
                let base = self.location_base(list, e);
                let location = builtin.is_none().then(|| {
                    (
                        base.saturating_add(u32::try_from(e.start_row).unwrap_or(0)),
                        u32::try_from(e.start_col).unwrap_or(0),
                    )
                });
                if let Some((row, col)) = location.filter(|_| e.start_row >= 0) {
                    // Rows and columns are within 32 x 4 (`declare_io`).
                    for cell in (row..row.saturating_add(e.rows))
                        .flat_map(|r| (col..col.saturating_add(e.cols)).map(move |c| (r, c)))
                    {
                        if !taken.insert((output, cell)) {
                            return Err(self.invalid(format!(
                                "signature element {} overlaps another at location {}, \
                                 component {}",
                                e.name, cell.0, cell.1
                            )));
                        }
                    }
                }
                self.spv.reflection.interface.push(ReflectedVarying {
                    output,
                    patch: list == SignatureKind::PatchConstOrPrim,
                    semantic: e.name.clone(),
                    index: e.semantic_index(0),
                    rows: e.rows,
                    cols: e.cols,
                    location,
                    builtin,
                });
            }
        }
        Ok(())
    }

    /// Whether a signature holds outputs (a domain shader's patch
    /// constants are inputs).
    fn is_output(&self, list: SignatureKind) -> bool {
        match list {
            SignatureKind::Input => false,
            SignatureKind::PatchConstOrPrim => self.desc.kind != ShaderKind::Domain,
            _ => true,
        }
    }

    /// The first location of an element's signature: geometry shader
    /// streams and mesh shader primitive outputs come after the rows of
    /// the signature parts before them (each part packs its rows from 0,
    /// Vulkan has one location space per interface).
    fn location_base(&self, list: SignatureKind, e: &SignatureElement) -> u32 {
        match list {
            SignatureKind::Output => self.stream_location_base(e.output_stream.unwrap_or(0)),
            SignatureKind::PatchConstOrPrim => match self.desc.kind {
                ShaderKind::Mesh | ShaderKind::Hull => {
                    rows_used(self.desc.signatures.outputs.iter())
                }
                ShaderKind::Domain => rows_used(self.desc.signatures.inputs.iter()),
                _ => 0,
            },
            _ => 0,
        }
    }

    /// The interface variable of a signature element (created once).
    pub(super) fn io_var(&mut self, list: SignatureKind, id: u32) -> Result<IoVar> {
        if let Some(&v) = self.stage.vars.get(&(list, id)) {
            return Ok(v);
        }
        let e = self.element(list, id)?;
        let v = self.declare_io(list, e)?;
        self.stage.vars.insert((list, id), v);
        Ok(v)
    }

    fn declare_io(&mut self, list: SignatureKind, e: &'m SignatureElement) -> Result<IoVar> {
        // D3D's register file: 32 rows of 4 components.
        let fits = |start: i32, n: u32, max: u32| {
            start < 0 || u32::try_from(start).is_ok_and(|s| s.saturating_add(n) <= max)
        };
        if !(1..=4).contains(&e.cols)
            || !(1..=32).contains(&e.rows)
            || !fits(e.start_col, e.cols, 4)
            || !fits(e.start_row, e.rows, 32)
        {
            return Err(self.invalid(format!(
                "signature element {} ({} x {} at row {}, column {}) does not fit the 32 x 4 \
                 registers",
                e.name, e.rows, e.cols, e.start_row, e.start_col
            )));
        }
        let kind = self.desc.kind;
        let output = self.is_output(list);
        let role = match (kind, list) {
            (ShaderKind::Pixel, SignatureKind::Input) => Role::PixelIn,
            (ShaderKind::Pixel, _) => Role::PixelOut,
            (
                ShaderKind::Geometry | ShaderKind::Hull | ShaderKind::Domain,
                SignatureKind::Input,
            ) => Role::PerVertexIn,
            (ShaderKind::Hull, SignatureKind::Output) => Role::ControlPointOut,
            (ShaderKind::Hull, SignatureKind::PatchConstOrPrim) => Role::PatchOut,
            (ShaderKind::Domain, SignatureKind::PatchConstOrPrim) => Role::PatchIn,
            (ShaderKind::Mesh, SignatureKind::PatchConstOrPrim) => Role::MeshPrimitiveOut,
            (ShaderKind::Mesh, _) => Role::MeshVertexOut,
            (_, SignatureKind::Input) => Role::VertexIn,
            (_, _) => Role::RasterOut,
        };
        let sc = if output {
            StorageClass::Output
        } else {
            StorageClass::Input
        };
        let (float, scalar) = match e.component_type {
            C::F16 | C::F32 | C::SNormF16 | C::UNormF16 | C::SNormF32 | C::UNormF32 => {
                (true, self.spv.float_ty(32))
            }
            C::I1 | C::I16 | C::U16 | C::I32 | C::U32 => (false, self.spv.u32_ty()),
            other => {
                return Err(self.unsupported_feature(
                    Feature::SignatureElement,
                    format!("signature element {} of component type {other:?}", e.name),
                ))
            }
        };
        let plain = IoVar {
            var: 0,
            scalar,
            float,
            shape: Shape::Scalar,
            adjust: Adjust::None,
            rows: e.rows.max(1),
            cols: e.cols.clamp(1, 4),
            vertices: match role {
                Role::PerVertexIn => self.input_vertices()?,
                Role::PixelIn if self.is_per_vertex(e.id) => 3,
                Role::ControlPointOut => self.hull_state()?.output_control_points,
                Role::MeshVertexOut => self.mesh_state()?.max_vertex_count,
                Role::MeshPrimitiveOut => self.mesh_state()?.max_primitive_count,
                _ => 0,
            },
        };
        let v = match self.builtin_of(e, role)? {
            Builtin::None => self.declare_user(e, list, role, plain)?,
            Builtin::Distances => self.declare_distances(e, sc, plain)?,
            Builtin::TessLevel(outer) => self.declare_tess_level(outer, sc, plain)?,
            Builtin::Mask => {
                let u = self.spv.u32_ty();
                let arr = self.spv.ty(TyKey::Array(u, 1));
                let var = self.builtin_var(BuiltIn::SampleMask, sc, arr);
                IoVar {
                    var,
                    scalar: u,
                    float: false,
                    shape: Shape::Mask,
                    ..plain
                }
            }
            Builtin::Var(bi, ty, adjust) => {
                let (u, f) = (self.spv.u32_ty(), self.spv.float_ty(32));
                // Per-primitive values of a geometry shader are not arrays.
                let vertices = match (role, bi) {
                    (
                        Role::PerVertexIn,
                        BuiltIn::PrimitiveId | BuiltIn::InvocationId | BuiltIn::TessCoord,
                    ) => 0,
                    _ => plain.vertices,
                };
                let var_ty = self.per_vertex(ty, vertices);
                let var = self.builtin_var(bi, sc, var_ty);
                let s = self.spv.sint_ty(32);
                let vector = ty != u && ty != s && ty != f && adjust != Adjust::Bool;
                let float = ty == f || vector;
                IoVar {
                    var,
                    scalar: match (float, ty == s) {
                        (true, _) => f,
                        (false, true) => s,
                        (false, false) => u,
                    },
                    float,
                    shape: if vector { Shape::Rows } else { Shape::Scalar },
                    adjust,
                    vertices,
                    ..plain
                }
            }
        };
        if role == Role::PixelIn && matches!(e.semantic_kind, S::Position | S::Barycentrics) {
            self.builtin_interpolation(v.var, e);
        }
        if kind == ShaderKind::Geometry && output {
            self.stream_decoration(v.var, e);
        }
        if role == Role::MeshPrimitiveOut {
            self.spv.decorate(v.var, Decoration::PerPrimitiveEXT, &[]);
        }
        if matches!(role, Role::PatchOut | Role::PatchIn) && v.shape == Shape::Rows {
            self.spv.decorate(v.var, Decoration::Patch, &[]);
        }
        Ok(v)
    }

    /// The array of `vertices` elements of `ty` (`ty` itself for 0).
    fn per_vertex(&mut self, ty: Word, vertices: u32) -> Word {
        if vertices == 0 {
            ty
        } else {
            self.spv.ty(TyKey::Array(ty, vertices))
        }
    }

    /// The built-in a system value becomes in its role.
    fn builtin_of(&mut self, e: &SignatureElement, role: Role) -> Result<Builtin> {
        use Role as R;
        let (u, f) = (self.spv.u32_ty(), self.spv.float_ty(32));
        let geometry = self.desc.kind == ShaderKind::Geometry;
        // Mesh shaders' per-primitive integer built-ins must be signed.
        let int = if role == Role::MeshPrimitiveOut {
            self.spv.sint_ty(32)
        } else {
            u
        };
        let scalar = |bi: BuiltIn| Builtin::Var(bi, int, Adjust::None);
        let kind = e.semantic_kind;
        Ok(match (kind, role) {
            (S::Arbitrary | S::Target, _) => Builtin::None,
            (S::VertexID, R::VertexIn) => Builtin::Var(
                BuiltIn::VertexIndex,
                u,
                Adjust::MinusBase(BuiltIn::BaseVertex),
            ),
            (S::InstanceID, R::VertexIn) => Builtin::Var(
                BuiltIn::InstanceIndex,
                u,
                Adjust::MinusBase(BuiltIn::BaseInstance),
            ),
            (
                S::Position,
                R::RasterOut | R::PerVertexIn | R::MeshVertexOut | R::ControlPointOut,
            ) => Builtin::Var(BuiltIn::Position, self.spv.vec_ty(f, 4), Adjust::None),
            (S::Position, R::PixelIn) => Builtin::Var(
                BuiltIn::FragCoord,
                self.spv.vec_ty(f, 4),
                Adjust::FragCoordW,
            ),
            (S::RenderTargetArrayIndex, R::RasterOut | R::PixelIn | R::MeshPrimitiveOut) => {
                self.spv.cap(if role == R::PixelIn || geometry {
                    Capability::Geometry
                } else {
                    Capability::ShaderLayer
                });
                scalar(BuiltIn::Layer)
            }
            (S::ViewPortArrayIndex, R::RasterOut | R::PixelIn | R::MeshPrimitiveOut) => {
                self.spv.cap(if role == R::PixelIn || geometry {
                    Capability::MultiViewport
                } else {
                    Capability::ShaderViewportIndex
                });
                scalar(BuiltIn::ViewportIndex)
            }
            // PrimitiveShadingRateKHR is for vertex, geometry and mesh
            // shaders only (VUID-PrimitiveShadingRateKHR-...-04484): a
            // domain shader's falls to the named error below.
            (S::ShadingRate, R::RasterOut | R::PixelIn | R::MeshPrimitiveOut)
                if self.desc.kind != ShaderKind::Domain =>
            {
                self.spv.cap(Capability::FragmentShadingRateKHR);
                self.spv.exts.insert("SPV_KHR_fragment_shading_rate");
                scalar(if role == R::PixelIn {
                    BuiltIn::ShadingRateKHR
                } else {
                    BuiltIn::PrimitiveShadingRateKHR
                })
            }
            (
                S::ClipDistance | S::CullDistance,
                R::RasterOut | R::PixelIn | R::PerVertexIn | R::MeshVertexOut | R::ControlPointOut,
            ) => Builtin::Distances,
            (S::TessFactor, R::PatchOut | R::PatchIn) => Builtin::TessLevel(true),
            (S::InsideTessFactor, R::PatchOut | R::PatchIn) => Builtin::TessLevel(false),
            // Vulkan has no such built-in inputs before the rasterizer: the
            // previous stage's copy at the element's location (see
            // `location_copy`).
            (S::RenderTargetArrayIndex | S::ViewPortArrayIndex, R::PerVertexIn) => Builtin::None,
            (S::PrimitiveID, R::PerVertexIn) => scalar(BuiltIn::PrimitiveId),
            (S::OutputControlPointID, R::PerVertexIn) => scalar(BuiltIn::InvocationId),
            (S::DomainLocation, R::PerVertexIn | R::PatchIn) => {
                Builtin::Var(BuiltIn::TessCoord, self.spv.vec_ty(f, 3), Adjust::None)
            }
            (S::PrimitiveID, R::PixelIn) => {
                self.spv.cap(Capability::Geometry);
                scalar(BuiltIn::PrimitiveId)
            }
            (S::PrimitiveID, R::RasterOut) if geometry => scalar(BuiltIn::PrimitiveId),
            (S::PrimitiveID, R::MeshPrimitiveOut) => scalar(BuiltIn::PrimitiveId),
            (S::CullPrimitive, R::MeshPrimitiveOut) => {
                Builtin::Var(BuiltIn::CullPrimitiveEXT, self.spv.bool_ty(), Adjust::Bool)
            }
            (S::GSInstanceID, R::PerVertexIn) => scalar(BuiltIn::InvocationId),
            (S::SampleIndex, R::PixelIn) => {
                self.spv.cap(Capability::SampleRateShading);
                scalar(BuiltIn::SampleId)
            }
            // The rasterizer decides the facing a pixel shader reads: a
            // geometry shader's value only keeps its location.
            (S::IsFrontFace, R::RasterOut) if geometry => Builtin::None,
            (S::IsFrontFace, R::PixelIn) => {
                Builtin::Var(BuiltIn::FrontFacing, self.spv.bool_ty(), Adjust::Bool)
            }
            (S::Coverage, R::PixelIn | R::PixelOut) => Builtin::Mask,
            (S::Depth | S::DepthGreaterEqual | S::DepthLessEqual, R::PixelOut) => {
                self.stage.modes.push(ExecutionMode::DepthReplacing);
                match kind {
                    S::DepthGreaterEqual => self.stage.modes.push(ExecutionMode::DepthGreater),
                    S::DepthLessEqual => self.stage.modes.push(ExecutionMode::DepthLess),
                    _ => {}
                }
                Builtin::Var(BuiltIn::FragDepth, f, Adjust::None)
            }
            (S::StencilRef, R::PixelOut) => {
                self.spv.cap(Capability::StencilExportEXT);
                self.spv.exts.insert("SPV_EXT_shader_stencil_export");
                self.stage.modes.push(ExecutionMode::StencilRefReplacingEXT);
                scalar(BuiltIn::FragStencilRefEXT)
            }
            (S::Barycentrics, R::PixelIn) => {
                self.spv.cap(Capability::FragmentBarycentricKHR);
                self.spv.exts.insert("SPV_KHR_fragment_shader_barycentric");
                let bi = if matches!(
                    e.interpolation,
                    I::LinearNoperspective
                        | I::LinearNoperspectiveCentroid
                        | I::LinearNoperspectiveSample
                ) {
                    BuiltIn::BaryCoordNoPerspKHR
                } else {
                    BuiltIn::BaryCoordKHR
                };
                Builtin::Var(bi, self.spv.vec_ty(f, 3), Adjust::None)
            }
            _ => {
                return Err(self.unsupported_feature(
                    Feature::SystemValue,
                    format!(
                        "system value {} ({kind:?}) as a {} shader {}",
                        e.name,
                        self.desc.kind.profile_prefix(),
                        if matches!(
                            role,
                            R::RasterOut
                                | R::PixelOut
                                | R::MeshVertexOut
                                | R::MeshPrimitiveOut
                                | R::ControlPointOut
                                | R::PatchOut
                        ) {
                            "output"
                        } else {
                            "input"
                        }
                    ),
                ))
            }
        })
    }

    /// A user semantic: rows of vectors at `Location` = start row.
    fn declare_user(
        &mut self,
        e: &'m SignatureElement,
        list: SignatureKind,
        role: Role,
        plain: IoVar,
    ) -> Result<IoVar> {
        let sc = if self.is_output(list) {
            StorageClass::Output
        } else {
            StorageClass::Input
        };
        if !e.is_allocated() {
            return Err(self.invalid(format!("signature element {} has no register", e.name)));
        }
        let row_ty = self.spv.vec_ty(plain.scalar, plain.cols);
        let ty = if plain.rows > 1 {
            self.spv.ty(TyKey::Array(row_ty, plain.rows))
        } else {
            row_ty
        };
        let ty = self.per_vertex(ty, plain.vertices);
        let pt = self.spv.ptr_ty(sc, ty);
        let var = self.spv.global_var(pt, sc);
        let base = self.location_base(list, e);
        self.spv.decorate(
            var,
            Decoration::Location,
            &[base.saturating_add(e.start_row as u32)],
        );
        if e.start_col > 0 {
            self.spv
                .decorate(var, Decoration::Component, &[e.start_col as u32]);
        }
        if role == Role::PixelIn && plain.vertices == 3 {
            // Read per vertex by GetAttributeAtVertex: no interpolation.
            self.spv.decorate(var, Decoration::PerVertexKHR, &[]);
        } else if role == Role::PixelIn {
            self.interpolation(var, e.interpolation, plain.float);
        }
        let prefix = if sc == StorageClass::Output {
            "out"
        } else {
            "in"
        };
        let index = e.semantic_index(0);
        // Written into a reused buffer: a `format!` per element was a
        // tenth of declaring it.
        let mut name = std::mem::take(&mut self.func.name_buf);
        name.clear();
        let _ = write!(name, "{prefix}.{}{index}", e.name);
        self.spv.name(var, &name);
        self.func.name_buf = name;
        self.spv.interface.insert(var);
        Ok(IoVar {
            var,
            shape: Shape::Rows,
            ..plain
        })
    }

    /// Decorates a pixel shader input with its interpolation mode (integers
    /// are always flat).
    fn interpolation(&mut self, var: Word, mode: I, float: bool) {
        let mut decorations: &[Decoration] = match mode {
            I::Constant => &[Decoration::Flat],
            I::LinearCentroid => &[Decoration::Centroid],
            I::LinearNoperspective => &[Decoration::NoPerspective],
            I::LinearNoperspectiveCentroid => &[Decoration::NoPerspective, Decoration::Centroid],
            I::LinearSample => &[Decoration::Sample],
            I::LinearNoperspectiveSample => &[Decoration::NoPerspective, Decoration::Sample],
            _ => &[],
        };
        if !float {
            decorations = &[Decoration::Flat];
        }
        for &d in decorations {
            self.spv.decorate(var, d, &[]);
            if d == Decoration::Sample {
                self.run_per_sample();
            }
        }
    }

    /// Decorates a built-in pixel shader input (`FragCoord`, barycentrics)
    /// with where its mode evaluates it (`Centroid`, `Sample`); the
    /// perspective is the built-in's own (DXC marks every `SV_Position`
    /// `noperspective`: screen space, as `FragCoord` is).
    ///
    /// * A per-sample input makes the shader run per sample
    ///   ([`Self::run_per_sample`]); for `FragCoord` only sample shading
    ///   moves `x` and `y` to the sample.
    /// * Vulkan ignores `Centroid` on `FragCoord` (the built-in's
    ///   description), which stays at the pixel center: a centroid
    ///   `SV_Position` (which DXC requires with conservative depth outputs)
    ///   is decorated all the same and warned about.
    fn builtin_interpolation(&mut self, var: Word, e: &SignatureElement) {
        match e.interpolation {
            I::LinearCentroid | I::LinearNoperspectiveCentroid => {
                self.spv.decorate(var, Decoration::Centroid, &[]);
                if e.semantic_kind == S::Position {
                    self.spv.warnings.push(format!(
                        "{} is a centroid pixel shader input, but Vulkan ignores Centroid on \
                         FragCoord: on partly covered pixels it is the pixel center's, not the \
                         centroid's",
                        e.name
                    ));
                }
            }
            I::LinearSample | I::LinearNoperspectiveSample => {
                self.spv.decorate(var, Decoration::Sample, &[]);
                self.run_per_sample();
            }
            _ => {}
        }
    }

    /// A clip or cull distance element: all of one kind share a built-in
    /// `float[n]` array; this element starts where the earlier ones end.
    fn declare_distances(
        &mut self,
        e: &'m SignatureElement,
        sc: StorageClass,
        plain: IoVar,
    ) -> Result<IoVar> {
        let sigs = &self.desc.signatures;
        let list = if sc == StorageClass::Output {
            &sigs.outputs
        } else {
            &sigs.inputs
        };
        let mut base = 0u32;
        let mut total = 0u32;
        for x in list.iter().filter(|x| x.semantic_kind == e.semantic_kind) {
            if x.id == e.id {
                base = total;
            }
            total = total.saturating_add(x.rows.saturating_mul(x.cols));
        }
        if total == 0 || total > 8 {
            return Err(self.invalid(format!("{} distances in the signature", total)));
        }
        let (bi, cap) = if e.semantic_kind == S::ClipDistance {
            (BuiltIn::ClipDistance, Capability::ClipDistance)
        } else {
            (BuiltIn::CullDistance, Capability::CullDistance)
        };
        self.spv.cap(cap);
        let f = self.spv.float_ty(32);
        let arr = self.spv.ty(TyKey::Array(f, total));
        let arr = self.per_vertex(arr, plain.vertices);
        let fresh = !self.spv.builtins.contains_key(&(bi, sc));
        let var = self.builtin_var(bi, sc, arr);
        if fresh
            && self.desc.kind == ShaderKind::Pixel
            && sc == StorageClass::Input
            && plain.vertices == 0
        {
            // One array, so one interpolation mode for all its elements.
            let mode = e.interpolation;
            if let Some(x) = list
                .iter()
                .find(|x| x.semantic_kind == e.semantic_kind && x.interpolation != mode)
            {
                return Err(self.unsupported_feature(
                    Feature::SystemValue,
                    format!(
                        "system values {} interpolated {mode:?} and {:?}: one Vulkan {bi:?} \
                         array has one interpolation mode",
                        e.name, x.interpolation
                    ),
                ));
            }
            self.interpolation(var, mode, true);
        }
        Ok(IoVar {
            var,
            scalar: f,
            float: true,
            shape: Shape::Distances { base },
            ..plain
        })
    }

    /// `TessLevelOuter` (`float[4]`) or `TessLevelInner` (`float[2]`).
    fn declare_tess_level(&mut self, outer: bool, sc: StorageClass, plain: IoVar) -> Result<IoVar> {
        let f = self.spv.float_ty(32);
        let (bi, n) = if outer {
            (BuiltIn::TessLevelOuter, 4)
        } else {
            (BuiltIn::TessLevelInner, 2)
        };
        let arr = self.spv.ty(TyKey::Array(f, n));
        let var = self.builtin_var(bi, sc, arr);
        Ok(IoVar {
            var,
            scalar: f,
            float: true,
            shape: Shape::TessLevel {
                swap: outer && self.isolines(),
            },
            ..plain
        })
    }

    /// `LoadOutputControlPoint(sigId, row, col, index)` (hull shader patch
    /// constant function) and `LoadPatchConstant(sigId, row, col)` (domain
    /// shader).
    pub fn load_tessellation(
        &mut self,
        list: SignatureKind,
        io: Io,
        index: Option<ValueId>,
        t: TypeId,
    ) -> Result<Word> {
        let (id, row, col) = self.io_operands(io)?;
        let v = self.io_var(list, id)?;
        let vertex = if v.vertices > 0 {
            let index = index.ok_or_else(|| self.invalid("a per-vertex load without an index"))?;
            Some(self.io_row(index)?)
        } else {
            None
        };
        let sc = if self.is_output(list) {
            StorageClass::Output
        } else {
            StorageClass::Input
        };
        let p = self.io_ptr(v, sc, vertex, row, col)?;
        let x = self.load(v.scalar, p)?;
        self.io_to_value(x, v.float, t)
    }

    /// A pointer to component (`row`, `col`) of an interface variable, of
    /// input vertex `vertex` for per-vertex inputs.
    pub(super) fn io_ptr(
        &mut self,
        v: IoVar,
        sc: StorageClass,
        vertex: Option<Word>,
        row: ValueId,
        col: u32,
    ) -> Result<Word> {
        if col >= v.cols && v.shape != Shape::Scalar {
            return Err(self.invalid(format!("signature column {col} out of range")));
        }
        let pt = self.spv.ptr_ty(sc, v.scalar);
        let mut idx: SmallVec<[Word; 3]> = SmallVec::new();
        if v.vertices > 0 {
            idx.push(vertex.ok_or_else(|| self.invalid("a per-vertex access without an index"))?);
        }
        match v.shape {
            Shape::Scalar => {}
            Shape::Mask => idx.push(self.spv.u32c(0)),
            Shape::TessLevel { swap } => {
                let r = self.io_row(row)?;
                idx.push(if swap {
                    let (u, one) = (self.spv.u32_ty(), self.spv.u32c(1));
                    self.op(Op::ISub, u, &[one, r])?
                } else {
                    r
                });
            }
            Shape::Distances { base } => {
                let r = self.io_row(row)?;
                let cols = self.spv.u32c(v.cols);
                let u = self.spv.u32_ty();
                let i = self.op(Op::IMul, u, &[r, cols])?;
                let off = self.spv.u32c(base.saturating_add(col));
                idx.push(self.op(Op::IAdd, u, &[i, off])?);
            }
            Shape::Rows => {
                if v.rows > 1 {
                    idx.push(self.io_row(row)?);
                }
                if v.cols > 1 || v.adjust != Adjust::None {
                    idx.push(self.spv.u32c(col));
                }
            }
        }
        if idx.is_empty() {
            return Ok(v.var);
        }
        self.access_chain(pt, v.var, &idx)
    }

    /// A signature row index as a `uint` id.
    pub(super) fn io_row(&mut self, row: ValueId) -> Result<Word> {
        match self.m.const_uint(row) {
            Some(r) => Ok(self.spv.u32c(u32::try_from(r).unwrap_or(u32::MAX))),
            None => self.value_id(row),
        }
    }

    /// `LoadInput(sigId, row, col, vertex)`.
    pub fn load_input(&mut self, o: LoadInput, t: TypeId) -> Result<Word> {
        let (id, row, col) = self.io_operands((o.input_sig_id, o.row_index, o.col_index))?;
        let v = self.io_var(SignatureKind::Input, id)?;
        let raw = match v.adjust {
            Adjust::Bool => {
                let b = self.spv.bool_ty();
                let x = self.load(b, v.var)?;
                let u = self.spv.u32_ty();
                let (t1, f0) = (self.spv.u32c(u32::MAX), self.spv.u32c(0));
                self.select(u, x, t1, f0)?
            }
            _ => {
                let vertex = match (self.desc.kind, v.vertices) {
                    (_, 0) => None,
                    // A per-vertex pixel input read plainly: the provoking
                    // (first) vertex, as for any nointerpolation input.
                    (ShaderKind::Pixel, _) => Some(self.spv.u32c(0)),
                    _ => Some(self.io_row(o.gs_vertex_axis)?),
                };
                let p = self.io_ptr(v, StorageClass::Input, vertex, row, col)?;
                self.load(v.scalar, p)?
            }
        };
        let x = match v.adjust {
            Adjust::MinusBase(bi) => {
                let u = self.spv.u32_ty();
                let var = self.builtin_var(bi, StorageClass::Input, u);
                self.spv.cap(Capability::DrawParameters);
                let base = self.load(u, var)?;
                self.op(Op::ISub, u, &[raw, base])?
            }
            Adjust::FragCoordW if col == 3 => {
                let f = self.spv.float_ty(32);
                let one = self.spv.f32c(1.0);
                self.op(Op::FDiv, f, &[one, raw])?
            }
            _ => raw,
        };
        self.io_to_value(x, v.float, t)
    }

    /// `StoreOutput(sigId, row, col, value)`, `StorePatchConstant`, and the
    /// mesh shader's `StoreVertexOutput`/`StorePrimitiveOutput(sigId, row,
    /// col, value, index)` (`list` says which).
    pub fn store_output(&mut self, list: SignatureKind, s: IoStore) -> Result<()> {
        let (id, row, col) = self.io_operands(s.io)?;
        let v = self.io_var(list, id)?;
        let xv = s.value;
        let x = self.value_id(xv)?;
        let xt = self.vty(xv);
        let e = self.element(list, id)?;
        let x = if v.adjust == Adjust::Bool {
            self.value_to_bool(x, xt)?
        } else {
            let signed = matches!(e.component_type, C::I16 | C::I1);
            self.value_to_io(x, xt, v.scalar, v.float, signed)?
        };
        // The element: a hull shader's own control point, or a mesh shader's
        // vertex or primitive.
        let index = match (self.desc.kind, v.vertices, s.index) {
            (_, 0, _) => None,
            (ShaderKind::Hull, _, _) => Some(self.hull_builtin(BuiltIn::InvocationId)?),
            (_, _, Some(i)) => Some(self.io_row(i)?),
            // A mesh shader's outputs are arrays: StoreOutput names no
            // vertex or primitive (DXC writes StoreVertexOutput there).
            (_, _, None) => {
                return Err(self.unsupported(
                    "in a mesh shader, whose outputs are per vertex or per primitive \
                     (StoreVertexOutput and StorePrimitiveOutput name which)",
                ))
            }
        };
        let sc = StorageClass::Output;
        let p = if v.adjust == Adjust::Bool {
            self.io_bool_ptr(v, sc, index)?
        } else {
            self.io_ptr(v, sc, index, row, col)?
        };
        self.store(p, x)?;
        if let Some(copy) = self.location_copy(list, e)? {
            let p = self.io_ptr(copy, sc, None, row, col)?;
            self.store(p, x)?;
        }
        Ok(())
    }

    /// The location copy of a layer or viewport index output of a vertex
    /// or domain shader (created once): a following geometry, hull or
    /// domain shader reads the value there, since Vulkan allows `Layer` and
    /// `ViewportIndex` as inputs only in fragment shaders.
    fn location_copy(
        &mut self,
        list: SignatureKind,
        e: &'m SignatureElement,
    ) -> Result<Option<IoVar>> {
        if !matches!(self.desc.kind, ShaderKind::Vertex | ShaderKind::Domain)
            || list != SignatureKind::Output
            || !matches!(
                e.semantic_kind,
                S::RenderTargetArrayIndex | S::ViewPortArrayIndex
            )
        {
            return Ok(None);
        }
        if let Some(&v) = self.stage.copies.get(&e.id) {
            return Ok(Some(v));
        }
        let plain = IoVar {
            var: 0,
            scalar: self.spv.u32_ty(),
            float: false,
            shape: Shape::Scalar,
            adjust: Adjust::None,
            rows: e.rows.max(1),
            cols: e.cols.clamp(1, 4),
            vertices: 0,
        };
        let v = self.declare_user(e, list, Role::RasterOut, plain)?;
        self.stage.copies.insert(e.id, v);
        Ok(Some(v))
    }

    /// A pointer to a `bool` built-in (of element `index` when arrayed).
    fn io_bool_ptr(&mut self, v: IoVar, sc: StorageClass, index: Option<Word>) -> Result<Word> {
        match index {
            Some(i) => {
                let b = self.spv.bool_ty();
                let pt = self.spv.ptr_ty(sc, b);
                self.access_chain(pt, v.var, &[i])
            }
            None => Ok(v.var),
        }
    }

    /// An `i1` or integer value as a `bool`.
    fn value_to_bool(&mut self, x: Word, xt: TypeId) -> Result<Word> {
        match self.m.types.ty(xt) {
            ir::Type::Int(1) => Ok(x),
            ir::Type::Int(32) => {
                let (b, zero) = (self.spv.bool_ty(), self.spv.u32c(0));
                self.op(Op::INotEqual, b, &[x, zero])
            }
            other => Err(self.unsupported(format!("a boolean system value stored as {other:?}"))),
        }
    }

    /// (element id, row, column) of a LoadInput/StoreOutput-like call: the
    /// id and column are constants.
    pub(super) fn io_operands(&self, (id, row, col): Io) -> Result<(u32, ValueId, u32)> {
        self.require_graphics()?;
        let constant = |v: ValueId, what: &str| {
            self.const_below(v, 1 << 32)
                .ok_or_else(|| self.invalid(format!("the signature {what} is not a constant")))
        };
        let id = constant(id, "element")?;
        let col = constant(col, "column")?;
        Ok((id, row, col))
    }

    /// A 32-bit interface value as LLVM type `t`.
    pub(super) fn io_to_value(&mut self, x: Word, float: bool, t: TypeId) -> Result<Word> {
        let ty = self.llvm_ty(t)?;
        match (float, self.m.types.ty(t)) {
            (true, ir::Type::Float) | (false, ir::Type::Int(32)) => Ok(x),
            (true, ir::Type::Half) => self.op(Op::FConvert, ty, &[x]),
            (false, ir::Type::Int(16)) => self.op(Op::UConvert, ty, &[x]),
            (false, ir::Type::Int(1)) => {
                let zero = self.spv.u32c(0);
                self.op(Op::INotEqual, ty, &[x, zero])
            }
            (true, ir::Type::Int(32)) | (false, ir::Type::Float) => self.bitcast(ty, x),
            (_, other) => Err(self.unsupported(format!("signature access as {other:?}"))),
        }
    }

    /// A value of LLVM type `xt` as the 32-bit interface scalar `scalar`.
    fn value_to_io(
        &mut self,
        x: Word,
        xt: TypeId,
        scalar: Word,
        float: bool,
        signed: bool,
    ) -> Result<Word> {
        match (float, self.m.types.ty(xt)) {
            (true, ir::Type::Float) => Ok(x),
            (false, ir::Type::Int(32)) if scalar == self.spv.u32_ty() => Ok(x),
            (false, ir::Type::Int(32)) => self.bitcast(scalar, x),
            (true, ir::Type::Half) => self.op(Op::FConvert, scalar, &[x]),
            (false, ir::Type::Int(16)) => {
                let op = if signed { Op::SConvert } else { Op::UConvert };
                self.op(op, scalar, &[x])
            }
            (false, ir::Type::Int(1)) => {
                let (t1, f0) = (self.spv.u32c(u32::MAX), self.spv.u32c(0));
                self.select(scalar, x, t1, f0)
            }
            (true, ir::Type::Int(32)) | (false, ir::Type::Float) => self.bitcast(scalar, x),
            (_, other) => Err(self.unsupported(format!("signature store of {other:?}"))),
        }
    }

    /// `ViewID()`: the multiview view index.
    pub fn view_id(&mut self) -> Result<Word> {
        self.require_graphics()?;
        self.spv.cap(Capability::MultiView);
        let u = self.spv.u32_ty();
        let var = self.builtin_var(BuiltIn::ViewIndex, StorageClass::Input, u);
        self.load(u, var)
    }

    /// `StartVertexLocation()`/`StartInstanceLocation()` (SM 6.8): the
    /// draw's base vertex or instance.
    pub fn draw_base(&mut self, bi: BuiltIn) -> Result<Word> {
        if self.desc.kind != ShaderKind::Vertex {
            return Err(self.unsupported("outside vertex shaders"));
        }
        self.spv.cap(Capability::DrawParameters);
        let u = self.spv.u32_ty();
        let var = self.builtin_var(bi, StorageClass::Input, u);
        self.load(u, var)
    }

    pub(super) fn require_graphics(&self) -> Result<()> {
        if matches!(
            self.desc.kind,
            ShaderKind::Vertex
                | ShaderKind::Pixel
                | ShaderKind::Geometry
                | ShaderKind::Mesh
                | ShaderKind::Hull
                | ShaderKind::Domain
        ) {
            Ok(())
        } else {
            Err(self.unsupported(format!(
                "outside graphics shaders ({} shader)",
                self.desc.kind.profile_prefix()
            )))
        }
    }
}

//! Pixel shader operations: execution modes, discard (as demote), helper
//! lanes, derivatives, pixel built-ins, attribute evaluation and
//! `AttributeAtVertex`; and the derivative rules of compute-like shaders.
//! The pixel shader's interface is in `stage`.

use super::context::TyKey;
use super::stage::{Adjust, Io, Shape};
use super::Emitter;
use crate::dxil::operands::AttributeAtVertex;
use crate::dxil::{decode_operands, DxOp, ShaderFlags, ShaderKind, SignatureKind};
use crate::error::Result;
use crate::ir::{self, TypeId, ValueId};
use rspirv::spirv::{BuiltIn, Capability, ExecutionMode, GlslStd450Op, Op, StorageClass, Word};

/// What the pixel operations found: per-vertex inputs, compute-style
/// derivatives.
#[derive(Default)]
pub(crate) struct PixelState {
    /// Pixel shader inputs read by `AttributeAtVertex` (`PerVertexKHR`
    /// arrays of 3), by element id.
    per_vertex: rustc_hash::FxHashSet<u32>,
    /// Whether a compute-like shader takes derivatives (its quads are
    /// declared with `DerivativeGroupLinearKHR`).
    derivative_groups: bool,
}

impl<'m> Emitter<'m> {
    /// Whether input element `id` is read by `AttributeAtVertex` (so
    /// declared per vertex).
    pub fn is_per_vertex(&self, id: u32) -> bool {
        self.pixel.per_vertex.contains(&id)
    }

    /// Whether a compute-like shader takes derivatives (see
    /// [`Self::require_derivatives`]).
    pub fn derivative_groups(&self) -> bool {
        self.pixel.derivative_groups
    }
    /// The execution modes of a pixel shader (none takes a literal).
    pub fn pixel_modes(&mut self) -> Vec<(ExecutionMode, Option<u32>)> {
        let mut modes = vec![ExecutionMode::OriginUpperLeft];
        if self
            .desc
            .flags
            .contains(ShaderFlags::FORCE_EARLY_DEPTH_STENCIL)
        {
            modes.push(ExecutionMode::EarlyFragmentTests);
        }
        modes.extend(self.signature_modes().iter().copied());
        modes.into_iter().map(|m| (m, None)).collect()
    }

    // ---------------------------------------------------------------------
    // Pixel shader operations.

    /// `Discard(cond)`: the lane becomes a helper (D3D's discard keeps it
    /// running for derivatives).
    pub fn discard(&mut self, cond: ValueId) -> Result<()> {
        self.require_pixel()?;
        self.spv.cap(Capability::DemoteToHelperInvocation);
        let c = self.value_id(cond)?;
        self.if_then(c, &[], |e| {
            e.op_void_operands(Op::DemoteToHelperInvocation, &[])?;
            Ok(smallvec::smallvec![])
        })?;
        Ok(())
    }

    /// `IsHelperLane()`: false outside pixel shaders.
    pub fn is_helper_lane(&mut self) -> Result<Word> {
        if self.desc.kind != ShaderKind::Pixel {
            return Ok(self.spv.boolc(false));
        }
        self.spv.cap(Capability::DemoteToHelperInvocation);
        let b = self.spv.bool_ty();
        self.inst_operands(Op::IsHelperInvocationEXT, b, &[])
    }

    /// A derivative dx.op (`op` is `OpDPdx*`/`OpDPdy*`).
    pub fn derivative(&mut self, op: Op, x: ValueId, t: TypeId) -> Result<Word> {
        self.require_derivatives()?;
        if !matches!(op, Op::DPdx | Op::DPdy) {
            self.spv.cap(Capability::DerivativeControl);
        }
        let xw = self.value_id(x)?;
        if self.m.types.vector_len(t).is_some() {
            // The SM 6.9 vector overloads, lane by lane.
            let te = self.lane_type(t)?;
            let xt = self.vty(x);
            return self.lanewise(t, &[(xw, xt)], |e, lane| match lane {
                &[l] => e.scalar_derivative(op, l, te),
                _ => Err(e.internal("a derivative lane without its operand")),
            });
        }
        self.scalar_derivative(op, xw, t)
    }

    /// A derivative of scalar `x` of LLVM type `t`.
    fn scalar_derivative(&mut self, op: Op, x: Word, t: TypeId) -> Result<Word> {
        let ty = self.llvm_ty(t)?;
        if self.m.types.ty(t) == ir::Type::Half {
            // Derivatives are defined on 32-bit floats only.
            let f = self.spv.float_ty(32);
            let w = self.op(Op::FConvert, f, &[x])?;
            let d = self.op(op, f, &[w])?;
            return self.op(Op::FConvert, ty, &[d]);
        }
        self.op(op, ty, &[x])
    }

    /// Makes the pixel shader run per sample, as D3D does when any input
    /// is interpolated at the sample (its `SampleFrequency`): Vulkan's
    /// `Sample` decoration only *may* enable sample shading, while a
    /// `SampleId` input in the interface enables it with
    /// `minSampleShading` 1.0. Declares that input once per module.
    pub(super) fn run_per_sample(&mut self) {
        self.spv.cap(Capability::SampleRateShading);
        let u = self.spv.u32_ty();
        self.builtin_var(BuiltIn::SampleId, StorageClass::Input, u);
    }

    /// A `uint` pixel built-in (`SampleId`, `SampleMask[0]`).
    pub fn pixel_builtin(&mut self, bi: BuiltIn) -> Result<Word> {
        self.require_pixel()?;
        let u = self.spv.u32_ty();
        match bi {
            BuiltIn::SampleMask => {
                let arr = self.spv.ty(TyKey::Array(u, 1));
                let var = self.builtin_var(bi, StorageClass::Input, arr);
                let pt = self.spv.ptr_ty(StorageClass::Input, u);
                let zero = self.spv.u32c(0);
                let p = self.access_chain(pt, var, &[zero])?;
                self.load(u, p)
            }
            BuiltIn::FullyCoveredEXT => {
                self.spv.cap(Capability::FragmentFullyCoveredEXT);
                self.spv.exts.insert("SPV_EXT_fragment_fully_covered");
                let b = self.spv.bool_ty();
                let var = self.builtin_var(bi, StorageClass::Input, b);
                let x = self.load(b, var)?;
                let (one, zero) = (self.spv.u32c(1), self.spv.u32c(0));
                self.select(u, x, one, zero)
            }
            _ => {
                if bi == BuiltIn::SampleId {
                    self.spv.cap(Capability::SampleRateShading);
                }
                let var = self.builtin_var(bi, StorageClass::Input, u);
                self.load(u, var)
            }
        }
    }

    /// `EvalCentroid`, `EvalSampleIndex` and `EvalSnapped`: the input row
    /// is interpolated at the centroid, a sample or an offset (in 1/16
    /// pixels, as D3D gives it), then the column is taken. `extra`: the
    /// sample index, or the offset's x and y.
    pub fn eval_attribute(
        &mut self,
        g: GlslStd450Op,
        io: Io,
        extra: &[ValueId],
        t: TypeId,
    ) -> Result<Word> {
        self.require_pixel()?;
        let (id, row, col) = self.io_operands(io)?;
        let v = self.io_var(SignatureKind::Input, id)?;
        if v.shape != Shape::Rows || !v.float || v.adjust != Adjust::None {
            return Err(self.unsupported("attribute evaluation of a system value or integer"));
        }
        self.spv.cap(Capability::InterpolationFunction);
        let row_ty = self.spv.vec_ty(v.scalar, v.cols);
        let p = if v.rows > 1 {
            let r = self.io_row(row)?;
            let pt = self.spv.ptr_ty(StorageClass::Input, row_ty);
            self.access_chain(pt, v.var, &[r])?
        } else {
            v.var
        };
        let mut ops = vec![p];
        match g {
            GlslStd450Op::InterpolateAtSample => {
                for &v in extra {
                    ops.push(self.value_id(v)?);
                }
            }
            GlslStd450Op::InterpolateAtOffset => {
                let f = self.spv.float_ty(32);
                let s = self.spv.sint_ty(32);
                let sixteenth = self.spv.f32c(1.0 / 16.0);
                let mut xy = Vec::with_capacity(2);
                for &v in extra {
                    let o = self.value_id(v)?;
                    let o = self.bitcast(s, o)?;
                    let o = self.op(Op::ConvertSToF, f, &[o])?;
                    xy.push(self.op(Op::FMul, f, &[o, sixteenth])?);
                }
                let v2 = self.spv.vec_ty(f, 2);
                ops.push(self.composite_construct(v2, &xy)?);
            }
            _ => {}
        }
        let r = self.glsl(row_ty, g, &ops)?;
        let x = if v.cols > 1 {
            self.composite_extract(v.scalar, r, col)?
        } else {
            r
        };
        self.io_to_value(x, true, t)
    }

    /// The pixel shader inputs that `AttributeAtVertex` reads.
    pub(super) fn find_per_vertex_inputs(&mut self) -> Result<()> {
        if self.desc.kind != ShaderKind::Pixel {
            return Ok(());
        }
        // Most pixel shaders declare no `dx.op.attributeAtVertex.*`: a look
        // at the declarations spares them a pass over every instruction.
        let class = crate::dxil::OpCode::AttributeAtVertex.class().name();
        let declared = self.m.functions.iter().any(|func| {
            let name = self.m.value_name(func.value);
            let class_of = name.strip_prefix(crate::dxil::DX_OP_PREFIX);
            func.is_declaration
                && class_of
                    .and_then(|c| c.split('.').next())
                    .is_some_and(|c| c.eq_ignore_ascii_case(class))
        });
        if !declared {
            return Ok(());
        }
        let f = self
            .m
            .function(self.desc.entry)
            .ok_or_else(|| self.internal("no entry function"))?;
        for call in crate::dxil::dx_op_calls(self.m, f) {
            let (i, call) = call?;
            if call.op != crate::dxil::OpCode::AttributeAtVertex {
                continue;
            }
            let DxOp::AttributeAtVertex(o) = decode_operands(self.m, f, i, &call)? else {
                continue;
            };
            let id = self.m.const_uint(o.input_sig_id);
            let id = id
                .and_then(|i| u32::try_from(i).ok())
                .ok_or_else(|| self.invalid("AttributeAtVertex: the element is not a constant"))?;
            self.pixel.per_vertex.insert(id);
        }
        if !self.pixel.per_vertex.is_empty() {
            self.spv.cap(Capability::FragmentBarycentricKHR);
            self.spv.exts.insert("SPV_KHR_fragment_shader_barycentric");
        }
        Ok(())
    }

    /// `AttributeAtVertex(sigId, row, col, vertex)` (SM 6.1): an input as
    /// one vertex of the primitive gave it.
    pub fn attribute_at_vertex(&mut self, o: AttributeAtVertex, t: TypeId) -> Result<Word> {
        self.require_pixel()?;
        let (id, row, col) =
            self.io_operands((o.input_sig_id, o.input_row_index, o.input_col_index))?;
        let v = self.io_var(SignatureKind::Input, id)?;
        if v.vertices != 3 {
            return Err(self.internal("an AttributeAtVertex input that is not per vertex"));
        }
        let vertex = self.io_row(o.vertex_id)?;
        let p = self.io_ptr(v, StorageClass::Input, Some(vertex), row, col)?;
        let x = self.load(v.scalar, p)?;
        self.io_to_value(x, v.float, t)
    }

    /// Derivatives and implicit-LOD sampling: pixel shaders, and (SM 6.6)
    /// compute, mesh and amplification shaders, whose quads are four
    /// consecutive threads in group-index order (Vulkan's
    /// `DerivativeGroupLinearKHR`, which needs a multiple of 4 threads).
    pub fn require_derivatives(&mut self) -> Result<()> {
        let kind = self.desc.kind;
        if kind == ShaderKind::Pixel {
            return Ok(());
        }
        if !self.has_thread_groups() || self.desc.shader_model < (6, 6) {
            return Err(self.unsupported(format!(
                "derivatives and implicit-LOD sampling outside pixel shaders ({} shader)",
                kind.profile_prefix()
            )));
        }
        let [x, y, z] = self.desc.num_threads;
        if x.saturating_mul(y).saturating_mul(z) % 4 != 0 {
            return Err(self.invalid(format!(
                "derivatives in a thread group of {x}x{y}x{z} threads (not a multiple of 4)"
            )));
        }
        self.spv.cap(Capability::ComputeDerivativeGroupLinearKHR);
        self.spv.exts.insert("SPV_KHR_compute_shader_derivatives");
        self.pixel.derivative_groups = true;
        Ok(())
    }

    pub fn require_pixel(&self) -> Result<()> {
        if self.desc.kind == ShaderKind::Pixel {
            Ok(())
        } else {
            Err(self.unsupported(format!(
                "outside pixel shaders ({} shader)",
                self.desc.kind.profile_prefix()
            )))
        }
    }
}

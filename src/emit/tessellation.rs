//! Hull and domain shaders, as tessellation control and evaluation
//! shaders. The hull shader's two phases become one entry point: every
//! invocation runs the control point phase for its own control point, a
//! barrier follows, then invocation 0 runs the patch constant function.
//! Tessellation factors are `TessLevelOuter`/`TessLevelInner` (isoline
//! factors swapped: D3D gives detail then density); patch constants are
//! `Patch` variables at locations after the control point rows.

use super::Emitter;
use crate::dxil::{
    DsState, HsState, ShaderKind, TessellatorDomain as D, TessellatorOutputPrimitive as P,
    TessellatorPartitioning as T,
};
use crate::error::Result;
use rspirv::spirv::{BuiltIn, ExecutionMode, Op, StorageClass, Word};

impl<'m> Emitter<'m> {
    /// The hull shader state, required of a hull shader.
    pub fn hull_state(&self) -> Result<HsState> {
        self.desc
            .hs
            .ok_or_else(|| self.invalid("a hull shader without its state (entry property 3)"))
    }

    fn domain_state(&self) -> Result<DsState> {
        self.desc
            .ds
            .ok_or_else(|| self.invalid("a domain shader without its state (entry property 2)"))
    }

    /// The tessellator domain of a hull or domain shader.
    fn tess_domain(&self) -> Result<D> {
        match self.desc.kind {
            ShaderKind::Hull => Ok(self.hull_state()?.domain),
            _ => Ok(self.domain_state()?.domain),
        }
    }

    /// Whether the tessellator domain is isolines.
    pub fn isolines(&self) -> bool {
        self.tess_domain().is_ok_and(|d| d == D::IsoLine)
    }

    /// The input control points of a hull or domain shader.
    pub fn input_control_points(&self) -> Result<u32> {
        let n = match self.desc.kind {
            ShaderKind::Hull => self.hull_state()?.input_control_points,
            _ => self.domain_state()?.input_control_points,
        };
        if n == 0 || n > 32 {
            return Err(self.invalid(format!("{n} control points (D3D allows 1 to 32)")));
        }
        Ok(n)
    }

    /// A `uint` input built-in of a hull or domain shader
    /// (`InvocationId`, `PrimitiveId`).
    pub fn hull_builtin(&mut self, bi: BuiltIn) -> Result<Word> {
        if !matches!(self.desc.kind, ShaderKind::Hull | ShaderKind::Domain) {
            return Err(self.unsupported("outside hull and domain shaders"));
        }
        let u = self.spv.u32_ty();
        let var = self.builtin_var(bi, StorageClass::Input, u);
        self.load(u, var)
    }

    /// `DomainLocation(component)`: `TessCoord`.
    pub fn domain_location(&mut self, component: u32) -> Result<Word> {
        if self.desc.kind != ShaderKind::Domain || component > 2 {
            return Err(self.unsupported("DomainLocation outside domain shaders"));
        }
        let f = self.spv.float_ty(32);
        let v3 = self.spv.vec_ty(f, 3);
        let var = self.builtin_var(BuiltIn::TessCoord, StorageClass::Input, v3);
        let v = self.load(v3, var)?;
        self.composite_extract(f, v, component)
    }

    /// The execution modes of a hull or domain shader, with their literal
    /// operand if any.
    pub fn tessellation_modes(&mut self) -> Result<Vec<(ExecutionMode, Option<u32>)>> {
        self.spv.cap(rspirv::spirv::Capability::Tessellation);
        let domain = match self.tess_domain()? {
            D::IsoLine => ExecutionMode::Isolines,
            D::Tri => ExecutionMode::Triangles,
            D::Quad => ExecutionMode::Quads,
            other => return Err(self.invalid(format!("tessellator domain {other:?}"))),
        };
        let mut modes = vec![(domain, None)];
        if self.desc.kind == ShaderKind::Hull {
            let hs = self.hull_state()?;
            if hs.output_control_points == 0 || hs.output_control_points > 32 {
                return Err(self.invalid(format!(
                    "{} output control points (D3D allows 1 to 32)",
                    hs.output_control_points
                )));
            }
            modes.push((
                ExecutionMode::OutputVertices,
                Some(hs.output_control_points),
            ));
            modes.push((
                match hs.partitioning {
                    // pow2 has no Vulkan spacing; integer spacing is the
                    // closest (it rounds factors up to integers).
                    T::Integer | T::Pow2 => ExecutionMode::SpacingEqual,
                    T::FractionalOdd => ExecutionMode::SpacingFractionalOdd,
                    T::FractionalEven => ExecutionMode::SpacingFractionalEven,
                    other => return Err(self.invalid(format!("partitioning {other:?}"))),
                },
                None,
            ));
            match hs.output_primitive {
                P::Point => modes.push((ExecutionMode::PointMode, None)),
                P::TriangleCW => modes.push((ExecutionMode::VertexOrderCw, None)),
                P::TriangleCCW => modes.push((ExecutionMode::VertexOrderCcw, None)),
                P::Line => {}
                other => return Err(self.invalid(format!("output primitive {other:?}"))),
            }
        }
        Ok(modes)
    }

    /// The hull shader's entry point: the control point phase `cp`, a
    /// barrier, then the patch constant function `pc` on invocation 0.
    pub fn hull_entry(&mut self, cp: Word, pc: Option<Word>) -> Result<Word> {
        let void = self.spv.void_ty();
        let fnty = self.spv.ty(super::context::TyKey::Function(void));
        let id = self
            .spv
            .b
            .begin_function(void, None, rspirv::spirv::FunctionControl::NONE, fnty)
            .map_err(super::context::berr)?;
        self.spv.name(id, "hull_main");
        let entry = self.spv.id();
        self.begin_block(entry)?;
        self.op(Op::FunctionCall, void, &[cp])?;
        if let Some(pc) = pc {
            // Control point outputs become visible to the patch constant
            // phase (GLSL's barrier() in a tessellation control shader).
            let (workgroup, invocation, none) = (
                self.spv.u32c(super::context::scope::WORKGROUP),
                self.spv.u32c(4),
                self.spv.u32c(0),
            );
            self.op_void(
                Op::ControlBarrier,
                [workgroup, invocation, none]
                    .into_iter()
                    .map(rspirv::dr::Operand::IdRef)
                    .collect(),
            )?;
            let invocation_id = self.hull_builtin(BuiltIn::InvocationId)?;
            let (b, zero) = (self.spv.bool_ty(), self.spv.u32c(0));
            let first = self.op(Op::IEqual, b, &[invocation_id, zero])?;
            self.if_then(first, &[], |e| {
                e.op(Op::FunctionCall, void, &[pc])?;
                Ok(smallvec::smallvec![])
            })?;
        }
        self.spv.b.ret().map_err(super::context::berr)?;
        self.spv.b.end_function().map_err(super::context::berr)?;
        Ok(id)
    }
}

//! Geometry shaders: the input primitive and output topology as execution
//! modes, vertex emission and strip cuts per stream, the instance and
//! primitive ids. The interface itself is in `stage`.
//!
//! Streams other than 0 reach the application only through transform
//! feedback, whose `XfbBuffer`/`Offset` decorations come from the D3D
//! stream-output declaration of the pipeline, which the shader does not
//! carry: none are emitted.

use super::Emitter;
use crate::dxil::{GsState, InputPrimitive as P, PrimitiveTopology as T, SignatureElement};
use crate::error::{Feature, Result};
use crate::ir::ValueId;
use rspirv::dr::Operand;
use rspirv::spirv::{BuiltIn, Capability, Decoration, ExecutionMode, Op, StorageClass, Word};

impl<'m> Emitter<'m> {
    /// The geometry shader state, required of a geometry shader.
    fn gs_state(&self) -> Result<GsState> {
        self.desc
            .gs
            .ok_or_else(|| self.invalid("a geometry shader without its state (entry property 1)"))
    }

    /// The vertex count of the input primitive (the input control points
    /// of hull and domain shaders).
    pub fn input_vertices(&self) -> Result<u32> {
        if self.desc.kind != crate::dxil::ShaderKind::Geometry {
            return self.input_control_points();
        }
        Ok(match self.gs_state()?.input_primitive {
            P::Point => 1,
            P::Line => 2,
            P::Triangle => 3,
            P::LineWithAdjacency => 4,
            P::TriangleWithAdjacency => 6,
            // No per-vertex inputs (see `geometry_modes`).
            P::Undefined => 3,
            other => {
                return Err(self.unsupported_feature(
                    Feature::GeometryPrimitive,
                    format!("geometry shader input primitive {other:?}"),
                ))
            }
        })
    }

    /// Whether outputs go to streams other than 0 (`GeometryStreams`).
    fn multiple_streams(&self) -> bool {
        self.desc.gs.is_some_and(|g| g.active_stream_mask & !1 != 0)
    }

    /// The first location of a geometry shader output stream: each stream
    /// packs its registers from 0, but Vulkan gives all streams one
    /// location space, so stream `n` starts after the rows of streams
    /// below it.
    pub fn stream_location_base(&self, stream: u32) -> u32 {
        if stream == 0 || self.desc.kind != crate::dxil::ShaderKind::Geometry {
            return 0;
        }
        let outputs = &self.desc.signatures.outputs;
        (0..stream)
            .map(|s| {
                super::stage::rows_used(
                    outputs.iter().filter(|e| e.output_stream.unwrap_or(0) == s),
                )
            })
            .fold(0u32, u32::saturating_add)
    }

    /// `Stream n` on an output of a shader that writes several streams
    /// (once per variable: SPIR-V allows one).
    pub fn stream_decoration(&mut self, var: Word, e: &SignatureElement) {
        if self.multiple_streams() && self.first_stream_decoration(var) {
            self.spv.cap(Capability::GeometryStreams);
            let stream = e.output_stream.unwrap_or(0);
            self.spv.decorate(var, Decoration::Stream, &[stream]);
        }
    }

    /// The execution modes: input primitive, output topology, vertex and
    /// instance counts.
    pub fn geometry_modes(&mut self) -> Result<Vec<(ExecutionMode, Option<u32>)>> {
        let g = self.gs_state()?;
        let input = match g.input_primitive {
            P::Point => ExecutionMode::InputPoints,
            P::Line => ExecutionMode::InputLines,
            P::Triangle => ExecutionMode::Triangles,
            P::LineWithAdjacency => ExecutionMode::InputLinesAdjacency,
            P::TriangleWithAdjacency => ExecutionMode::InputTrianglesAdjacency,
            // A shader without per-vertex inputs runs for any primitive in
            // D3D; Vulkan needs one: the most common.
            P::Undefined => {
                self.spv.warnings.push(
                    "the geometry shader reads no vertices and declares no input primitive: \
                     it is declared for triangles"
                        .to_string(),
                );
                ExecutionMode::Triangles
            }
            other => {
                return Err(self.unsupported_feature(
                    Feature::GeometryPrimitive,
                    format!("geometry shader input primitive {other:?}"),
                ))
            }
        };
        let output = match g.output_topology {
            T::PointList => ExecutionMode::OutputPoints,
            T::LineStrip => ExecutionMode::OutputLineStrip,
            T::TriangleStrip => ExecutionMode::OutputTriangleStrip,
            other => return Err(self.invalid(format!("geometry shader output topology {other:?}"))),
        };
        if g.max_vertex_count == 0 || g.max_vertex_count > 1024 {
            return Err(self.invalid(format!(
                "maxvertexcount({}) is outside 1 to 1024",
                g.max_vertex_count
            )));
        }
        if g.instance_count > 32 {
            return Err(self.invalid(format!(
                "instance({}) is more than D3D's 32",
                g.instance_count
            )));
        }
        self.spv.cap(Capability::Geometry);
        Ok(vec![
            (input, None),
            (output, None),
            (ExecutionMode::OutputVertices, Some(g.max_vertex_count)),
            (ExecutionMode::Invocations, Some(g.instance_count.max(1))),
        ])
    }

    /// `EmitStream(stream)`, `CutStream(stream)` and `EmitThenCutStream`.
    pub fn stream_op(&mut self, stream: ValueId, emit: bool, cut: bool) -> Result<()> {
        if self.desc.kind != crate::dxil::ShaderKind::Geometry {
            return Err(self.unsupported("outside geometry shaders"));
        }
        let stream = self
            .const_below(stream, 4)
            .ok_or_else(|| self.invalid("the stream is not a constant from 0 to 3"))?;
        let streams = self.multiple_streams();
        if streams {
            self.spv.cap(Capability::GeometryStreams);
        } else if stream != 0 {
            return Err(self.invalid(format!("stream {stream} is not in the active stream mask")));
        }
        // With several streams, the stream-numbered forms.
        let (emit_op, cut_op, operands) = if streams {
            let id = self.spv.u32c(stream);
            (
                Op::EmitStreamVertex,
                Op::EndStreamPrimitive,
                vec![Operand::IdRef(id)],
            )
        } else {
            (Op::EmitVertex, Op::EndPrimitive, vec![])
        };
        for (wanted, op) in [(emit, emit_op), (cut, cut_op)] {
            if wanted {
                self.op_void(op, operands.clone())?;
            }
        }
        Ok(())
    }

    /// A `uint` input built-in of a geometry shader (`InvocationId`,
    /// `PrimitiveId`).
    pub fn geometry_builtin(&mut self, bi: BuiltIn) -> Result<Word> {
        if self.desc.kind != crate::dxil::ShaderKind::Geometry {
            return Err(self.unsupported("outside geometry shaders"));
        }
        let u = self.spv.u32_ty();
        let var = self.builtin_var(bi, StorageClass::Input, u);
        self.load(u, var)
    }
}

//! Mesh and amplification shaders, as `SPV_EXT_mesh_shader` mesh and task
//! shaders: output counts, primitive indices, the payload (the groupshared
//! global an amplification shader passes to `DispatchMesh` lives in
//! `TaskPayloadWorkgroupEXT` memory, which is workgroup-shared there too)
//! and mesh task dispatch. Vertex and primitive outputs are in `stage`
//! (primitive outputs are `PerPrimitiveEXT`, at locations after the vertex
//! outputs' rows). A pixel shader's inputs are not marked `PerPrimitiveEXT`:
//! its DXIL signature does not say which of them a mesh shader writes per
//! primitive.

use super::context::Val;
use super::Emitter;
use crate::dxil::operands::{DispatchMesh, EmitIndices, SetMeshOutputCounts};
use crate::dxil::{
    decode_operands, dx_op_calls, DxOp, MeshOutputTopology, MsState, OpCode, ShaderKind,
};
use crate::error::Result;
use crate::ir::{GlobalId, TypeId, ValueKind};
use rspirv::dr::Operand;
use rspirv::spirv::{BuiltIn, Capability, ExecutionMode, Op, StorageClass, Word};

/// The task payload: the amplification shader's groupshared global and the
/// mesh shader's variable.
#[derive(Default)]
pub(crate) struct MeshState {
    /// The amplification shader's payload global.
    payload_global: Option<GlobalId>,
    /// The mesh shader's payload variable, once declared.
    payload_var: Option<Word>,
}

impl<'m> Emitter<'m> {
    /// The mesh shader state, required of a mesh shader.
    pub fn mesh_state(&self) -> Result<MsState> {
        self.desc
            .ms
            .ok_or_else(|| self.invalid("a mesh shader without its state (entry property 9)"))
    }

    /// The capability and extension of mesh and task shaders.
    fn mesh_ext(&mut self) {
        self.spv.cap(Capability::MeshShadingEXT);
        self.spv.exts.insert("SPV_EXT_mesh_shader");
    }

    /// The execution modes of a mesh shader (besides `LocalSize`), with
    /// their literal operand if any.
    pub fn mesh_modes(&mut self) -> Result<Vec<(ExecutionMode, Option<u32>)>> {
        self.mesh_ext();
        let ms = self.mesh_state()?;
        // D3D12's limits: 256 vertices and 256 primitives.
        if ms.max_vertex_count > 256 || ms.max_primitive_count > 256 {
            return Err(self.invalid(format!(
                "outputvertices/outputprimitives ({}, {}) above 256",
                ms.max_vertex_count, ms.max_primitive_count
            )));
        }
        let topology = match ms.output_topology {
            MeshOutputTopology::Triangle => ExecutionMode::OutputTrianglesEXT,
            MeshOutputTopology::Line => ExecutionMode::OutputLinesEXT,
            // Without primitives the topology shapes nothing.
            MeshOutputTopology::Undefined if ms.max_primitive_count == 0 => {
                ExecutionMode::OutputTrianglesEXT
            }
            other => return Err(self.invalid(format!("mesh output topology {other:?}"))),
        };
        // Vulkan requires at least one of each; a shader that declares none
        // outputs none (its SetMeshOutputCounts can only ask for 0).
        Ok(vec![
            (
                ExecutionMode::OutputVertices,
                Some(ms.max_vertex_count.max(1)),
            ),
            (
                ExecutionMode::OutputPrimitivesEXT,
                Some(ms.max_primitive_count.max(1)),
            ),
            (topology, None),
        ])
    }

    /// `SetMeshOutputCounts(vertices, primitives)`.
    pub fn set_mesh_output_counts(&mut self, o: SetMeshOutputCounts) -> Result<()> {
        self.require_mesh()?;
        let v = self.value_id(o.num_vertices)?;
        let p = self.value_id(o.num_primitives)?;
        self.op_void_operands(
            Op::SetMeshOutputsEXT,
            &[Operand::IdRef(v), Operand::IdRef(p)],
        )
    }

    /// `EmitIndices(primitive, v0, v1, v2)`: the primitive's vertex
    /// indices (two for lines).
    pub fn emit_indices(&mut self, o: EmitIndices) -> Result<()> {
        self.require_mesh()?;
        let ms = self.mesh_state()?;
        let (bi, n) = match ms.output_topology {
            MeshOutputTopology::Line => (BuiltIn::PrimitiveLineIndicesEXT, 2),
            _ => (BuiltIn::PrimitiveTriangleIndicesEXT, 3),
        };
        let u = self.spv.u32_ty();
        let vt = self.spv.vec_ty(u, n);
        let arr = self.spv.ty(super::context::TyKey::Array(
            vt,
            ms.max_primitive_count.max(1),
        ));
        let var = self.builtin_var(bi, StorageClass::Output, arr);
        let prim = self.value_id(o.primitive_index)?;
        let mut xs = Vec::with_capacity(n as usize);
        for &v in o.vertex_index.iter().take(n as usize) {
            xs.push(self.value_id(v)?);
        }
        let v = self.composite_construct(vt, &xs)?;
        let pt = self.spv.ptr_ty(StorageClass::Output, vt);
        let p = self.access_chain(pt, var, &[prim])?;
        self.store(p, v)
    }

    /// `GetMeshPayload()`: the payload the amplification shader sent.
    pub fn mesh_payload(&mut self, t: TypeId) -> Result<Val> {
        self.require_mesh()?;
        let (pointee, _) = self
            .m
            .types
            .pointee(t)
            .ok_or_else(|| self.invalid("GetMeshPayload does not return a pointer"))?;
        let sc = StorageClass::TaskPayloadWorkgroupEXT;
        if let Some(v) = self.mesh.payload_var {
            return Ok(Val::Ptr(v, sc));
        }
        let vt = self.llvm_ty(pointee)?;
        let pt = self.spv.ptr_ty(sc, vt);
        let var = self.spv.global_var(pt, sc);
        self.spv.name(var, "payload");
        self.spv.interface.insert(var);
        self.mesh.payload_var = Some(var);
        Ok(Val::Ptr(var, sc))
    }

    /// The groupshared global an amplification shader dispatches as its
    /// payload, found before emission so that it is declared in
    /// `TaskPayloadWorkgroupEXT` memory.
    pub fn find_task_payload(&mut self) -> Result<()> {
        if self.desc.kind != ShaderKind::Amplification {
            return Ok(());
        }
        self.mesh_ext();
        let f = self
            .m
            .function(self.desc.entry)
            .ok_or_else(|| self.internal("no entry"))?;
        for call in dx_op_calls(self.m, f) {
            let (i, call) = call?;
            if call.op != OpCode::DispatchMesh {
                continue;
            }
            let DxOp::DispatchMesh(o) = decode_operands(self.m, f, i, &call)? else {
                continue;
            };
            let g = match self.m.value(o.payload).map(|v| v.kind) {
                Some(ValueKind::Global(g)) => Some(g),
                _ => None,
            };
            match (g, self.mesh.payload_global) {
                (Some(g), None) => self.mesh.payload_global = Some(g),
                (Some(g), Some(h)) if g == h => {}
                _ => {
                    return Err(self
                        .unsupported("a DispatchMesh payload that is not one groupshared global"))
                }
            }
        }
        Ok(())
    }

    /// Whether global `g` is the amplification shader's payload.
    pub fn is_task_payload(&self, g: GlobalId) -> bool {
        self.mesh.payload_global == Some(g)
    }

    /// `DispatchMesh(x, y, z, payload)`: launches the mesh shader groups;
    /// `OpEmitMeshTasksEXT` ends its block, so what follows (the `ret`)
    /// goes to a fresh, unreachable block.
    pub fn dispatch_mesh(&mut self, o: DispatchMesh) -> Result<()> {
        if self.desc.kind != ShaderKind::Amplification {
            return Err(self.unsupported("outside amplification shaders"));
        }
        let mut counts = [0; 3];
        for (slot, v) in counts.iter_mut().zip(o.thread_group_count) {
            *slot = self.value_id(v)?;
        }
        let payload = match self.val(o.payload)? {
            Val::Ptr(p, StorageClass::TaskPayloadWorkgroupEXT) => p,
            _ => return Err(self.internal("the payload is not in task payload memory")),
        };
        let [x, y, z] = counts;
        self.spv
            .b
            .emit_mesh_tasks_ext(x, y, z, Some(payload))
            .map_err(super::context::berr)?;
        let after = self.spv.id();
        self.begin_block(after)
    }

    fn require_mesh(&self) -> Result<()> {
        if self.desc.kind == ShaderKind::Mesh {
            Ok(())
        } else {
            Err(self.unsupported("outside mesh shaders"))
        }
    }
}

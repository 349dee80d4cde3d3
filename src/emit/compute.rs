//! Compute built-ins (thread and group ids) and barriers.

use super::context::scope;
use super::Emitter;
use crate::error::Result;
use crate::ir::ValueId;
use rspirv::dr::Operand;
use rspirv::spirv::{BuiltIn, Capability, Op, Word};

/// Memory semantics bits.
mod sem {
    pub const ACQUIRE_RELEASE: u32 = 0x8;
    pub const UNIFORM_MEMORY: u32 = 0x40;
    pub const WORKGROUP_MEMORY: u32 = 0x100;
    pub const IMAGE_MEMORY: u32 = 0x800;
}

impl<'m> Emitter<'m> {
    /// Component `c` of a `uvec3` built-in.
    pub fn builtin_component(&mut self, bi: BuiltIn, comp: ValueId) -> Result<Word> {
        let u = self.spv.u32_ty();
        let v3 = self.spv.vec_ty(u, 3);
        let var = self.builtin(bi, v3);
        let v = self.load(v3, var)?;
        match self.m.const_uint(comp) {
            Some(c) if c < 3 => self.composite_extract(u, v, c as u32),
            Some(_) => Err(self.invalid("thread id component out of range")),
            None => {
                let c = self.value_id(comp)?;
                self.op(Op::VectorExtractDynamic, u, &[v, c])
            }
        }
    }

    /// A scalar `uint` built-in.
    pub fn builtin_scalar(&mut self, bi: BuiltIn) -> Result<Word> {
        let u = self.spv.u32_ty();
        let var = self.builtin(bi, u);
        self.load(u, var)
    }

    /// `GetGroupWaveIndex` / `GetGroupWaveCount` (SM 6.10): the wave's index
    /// in its group and the group's wave count, `bi` = `SubgroupId` /
    /// `NumSubgroups`.
    pub fn group_wave(&mut self, bi: BuiltIn) -> Result<Word> {
        self.spv.cap(Capability::GroupNonUniform);
        self.builtin_scalar(bi)
    }

    /// `Barrier(mode)`: bit 0 syncs the group; bit 1 fences UAVs globally,
    /// bit 2 within the group; bit 3 fences groupshared memory.
    pub fn barrier(&mut self, mode: u32) -> Result<()> {
        let sync = mode & 1 != 0;
        let uav_global = mode & 2 != 0;
        let uav_group = mode & 4 != 0;
        let tgsm = mode & 8 != 0;
        self.emit_barrier(sync, uav_global || uav_group, tgsm, uav_global)
    }

    /// `BarrierByMemoryType(memoryTypes, semantics)` (SM 6.8): memory type
    /// bit 0 UAVs, bit 1 groupshared; semantic bit 0 syncs the group, bit 2
    /// is device scope.
    pub fn barrier_by_memory_type(&mut self, t: u32, s: u32) -> Result<()> {
        self.emit_barrier(s & 1 != 0, t & 1 != 0, t & 2 != 0, s & 4 != 0)
    }

    /// `BarrierByMemoryHandle(handle, semantics)` (SM 6.8): fences the
    /// resource's memory.
    pub fn barrier_by_handle(&mut self, s: u32) -> Result<()> {
        self.emit_barrier(s & 1 != 0, true, false, s & 4 != 0)
    }

    /// A control or memory barrier.
    fn emit_barrier(&mut self, sync: bool, uav: bool, tgsm: bool, device: bool) -> Result<()> {
        // A thread-group sync (or groupshared fence) needs thread groups.
        if (sync || tgsm) && !self.has_thread_groups() {
            return Err(self.invalid(format!(
                "a thread-group barrier in a {} shader",
                self.desc.kind.profile_prefix()
            )));
        }
        let mut semantics = 0;
        if uav {
            semantics |= sem::UNIFORM_MEMORY | sem::IMAGE_MEMORY;
        }
        if tgsm {
            semantics |= sem::WORKGROUP_MEMORY;
        }
        if semantics != 0 {
            semantics |= sem::ACQUIRE_RELEASE;
        }
        // Stages without thread groups have no workgroup scope: their UAV
        // fences are device-wide (a stronger fence than asked for).
        let mem_scope = if uav && (device || !self.has_thread_groups()) {
            scope::DEVICE
        } else {
            scope::WORKGROUP
        };
        let ms = self.spv.u32c(mem_scope);
        let s = self.spv.u32c(semantics);
        if sync {
            let es = self.spv.u32c(scope::WORKGROUP);
            self.op_void_operands(
                Op::ControlBarrier,
                &[Operand::IdRef(es), Operand::IdRef(ms), Operand::IdRef(s)],
            )
        } else if semantics != 0 {
            self.op_void_operands(Op::MemoryBarrier, &[Operand::IdRef(ms), Operand::IdRef(s)])
        } else {
            Ok(())
        }
    }
}

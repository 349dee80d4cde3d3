//! Buffers one emission leaves for the next ([`ScratchPool`]): the SPIR-V
//! writer's sections, the type and constant caches, the per-function
//! tables, the resource and signature interface tables. Emitting a shader
//! fills a few dozen vectors and hash maps; taking them back cleared, with
//! their capacity, saves most of the allocations of an emission. Nothing of one emission's content reaches
//! the next: each container is reset before it is used again.

use super::context::FnCtx;
use super::desc::DescBuffers;
use super::dxop::CallChecks;
use super::module_ctx::ModuleCtx;
use super::resource::ResourceState;
use super::stage::StageState;
use crate::cfg::CfgScratch;
use crate::dxil::DecodeScratch;
use crate::ir::ModuleSpare;
use std::fmt;
use std::sync::{Mutex, PoisonError};

/// The containers of one emission (see the module doc).
#[derive(Default)]
pub(crate) struct Scratch {
    pub(super) spv: ModuleCtx,
    pub(super) func: FnCtx,
    pub(super) resources: ResourceState,
    pub(super) stage: StageState,
    pub(super) calls: CallChecks,
}

/// The buffers of a compilation's front half, kept like [`Scratch`]: the
/// IR reader's arenas, the DXIL metadata decoder's and the shader
/// description's.
#[derive(Default)]
pub(crate) struct FrontScratch {
    /// The metadata decoder's buffers.
    pub(crate) decode: DecodeScratch,
    /// The description's buffers.
    pub(crate) desc: DescBuffers,
    /// The IR reader's arenas.
    pub(crate) module: ModuleSpare,
}

/// How many scratches a pool keeps (about the number of threads that
/// compile with one `Compiler` at once; more are dropped).
const KEPT: usize = 8;

/// A scratch keeping more than this many bytes of SPIR-V words is dropped
/// rather than kept (one huge shader should not pin its memory).
const MAX_KEPT_BYTES: usize = 4 << 20;

/// Scratch buffers shared by the compilations of one
/// [`crate::Compiler`]: each compilation takes one (or starts empty) and
/// gives it back when done, and likewise the structurizer's
/// [`CfgScratch`] and the [`FrontScratch`]. A clone starts with an empty
/// pool.
#[derive(Default)]
// The structurizer's scratch is boxed in the pool so that it moves as a
// pointer between the pool and the compilation.
#[allow(clippy::vec_box)]
pub struct ScratchPool(
    Mutex<Vec<Scratch>>,
    Mutex<Vec<Box<CfgScratch>>>,
    Mutex<Vec<FrontScratch>>,
);

impl ScratchPool {
    /// A scratch to emit with: a kept one, or an empty one.
    pub(crate) fn take(&self) -> Scratch {
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        kept.pop().unwrap_or_default()
    }

    /// The structurizer's buffers: kept ones, or empty ones (boxed, so that
    /// they move as a pointer).
    pub(crate) fn take_cfg(&self) -> Box<CfgScratch> {
        let mut kept = self.1.lock().unwrap_or_else(PoisonError::into_inner);
        kept.pop().unwrap_or_default()
    }

    /// Gives the structurizer's buffers back for the next compilation
    /// (dropped if they hold more than [`MAX_KEPT_BYTES`]).
    pub(crate) fn put_cfg(&self, scratch: Box<CfgScratch>) {
        if scratch.retained_bytes() > MAX_KEPT_BYTES {
            return;
        }
        let mut kept = self.1.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.len() < KEPT {
            kept.push(scratch);
        }
    }

    /// The front half's buffers: kept ones, or empty ones.
    pub(crate) fn take_front(&self) -> FrontScratch {
        let mut kept = self.2.lock().unwrap_or_else(PoisonError::into_inner);
        kept.pop().unwrap_or_default()
    }

    /// Gives the front half's buffers back for the next compilation (their
    /// size is bounded by [`ModuleSpare`] and [`DecodeScratch`] themselves
    /// and by the resources of one shader).
    pub(crate) fn put_front(&self, scratch: FrontScratch) {
        let mut kept = self.2.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.len() < KEPT {
            kept.push(scratch);
        }
    }

    /// Gives a scratch back for the next emission.
    pub(crate) fn put(&self, scratch: Scratch) {
        if scratch.spv.retained_bytes() > MAX_KEPT_BYTES {
            return;
        }
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.len() < KEPT {
            kept.push(scratch);
        }
    }
}

impl Clone for ScratchPool {
    fn clone(&self) -> Self {
        ScratchPool::default()
    }
}

impl fmt::Debug for ScratchPool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ScratchPool")
    }
}

//! Buffers the structurizer reuses from one function to the next
//! ([`CfgScratch`]): its passes fill a few dozen tables per function, and
//! taking them back cleared, with their capacity, saves their allocations
//! (malloc and free were a fifth of the structurizer's time). Nothing of
//! one function's content reaches the next: each table is reset before it
//! is used again.

use super::ssa::SolverBufs;
use super::structured::{SBlock, SPhi, SValue, Structured, SynthDef};
use crate::ir::ValueId;

/// The bytes a vector holds on to (its capacity).
pub(crate) fn bytes<T>(v: &Vec<T>) -> usize {
    v.capacity().saturating_mul(std::mem::size_of::<T>())
}

/// Spare vectors of one element type, handed out cleared.
pub(crate) struct Pool<T> {
    spare: Vec<Vec<T>>,
    /// The bytes the spare vectors hold, kept up to date by
    /// [`Pool::take`] and [`Pool::give`] (a compiler asks after every
    /// compilation: [`CfgScratch::retained_bytes`]).
    bytes: usize,
}

impl<T> Default for Pool<T> {
    fn default() -> Self {
        Pool {
            spare: Vec::new(),
            bytes: 0,
        }
    }
}

/// How many spare vectors a pool keeps (about as many as one pass has in
/// use at once; more are dropped).
const SPARES: usize = 16;

impl<T: Clone> Pool<T> {
    /// An empty vector (a spare one, or a new one).
    #[inline]
    pub(crate) fn take(&mut self) -> Vec<T> {
        match self.spare.pop() {
            Some(mut v) => {
                self.bytes = self.bytes.saturating_sub(bytes(&v));
                v.clear();
                v
            }
            None => Vec::new(),
        }
    }

    /// A vector of `n` copies of `fill`.
    #[inline]
    pub(crate) fn table(&mut self, n: usize, fill: T) -> Vec<T> {
        let mut v = self.take();
        v.resize(n, fill);
        v
    }

    /// Keeps `v` for a later [`Pool::take`].
    #[inline]
    pub(crate) fn give(&mut self, v: Vec<T>) {
        if self.spare.len() < SPARES && v.capacity() > 0 {
            self.bytes = self.bytes.saturating_add(bytes(&v));
            self.spare.push(v);
        }
    }

    /// The bytes the spare vectors hold on to.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }
}

/// The structurizer's reusable buffers (see the module doc). One per
/// thread of work: [`super::structurize_with`] takes it mutably.
#[derive(Default)]
pub struct CfgScratch {
    pub(super) solver: SolverBufs,
    /// Node tables, adjacency lists, orders.
    pub(super) u32s: Pool<u32>,
    /// Dominator tree numberings.
    pub(super) nums: Pool<super::dom::Num>,
    /// Dominator sets as bit masks.
    pub(super) masks: Pool<u64>,
    /// Flags per block.
    pub(super) bools: Pool<bool>,
    /// Cleanup's predecessor lists.
    pub(super) preds: Pool<super::cleanup::PredList>,
    /// Tables of values.
    pub(super) svals: Pool<SValue>,
    /// Pairs of node numbers.
    pub(super) pairs: Pool<(u32, u32)>,
    /// The lowered blocks.
    pub(super) blocks: Pool<super::lower::LBlock>,
    /// The CFG's vectors.
    pub(super) cfg: super::graph::CfgBufs,
    /// The pre-CFG's nodes.
    pub(super) pnodes: Pool<super::pre::PNode>,
    /// The structure tree's per-node table, lists and labels.
    pub(super) tnodes: Pool<super::tree::TNode>,
    pub(super) lists: Pool<super::tree::List>,
    pub(super) labels: Pool<super::tree::LabelKind>,
    /// Loop hints per pre-CFG node.
    pub(super) loop_hints: Pool<super::structured::LoopControl>,
    /// Lowering's scopes.
    pub(super) scopes: Pool<super::lower::Scope>,
    /// Lowering's work list.
    pub(super) work: Pool<super::lower::Work>,
    /// Lowering's branch ladders, one per label.
    pub(super) ladder: Vec<Vec<(u32, super::lower::Action)>>,
    /// The SSA passes' phis of each block.
    pub(super) phis: Vec<Vec<super::structured::SPhi>>,
    /// Phi lists of blocks beyond the last function's.
    pub(super) spare_phis: Vec<Vec<super::structured::SPhi>>,
    /// The vectors of emitted [`Structured`] functions, given back by
    /// [`CfgScratch::recycle`] for the next output.
    pub(super) out: OutPools,
}

/// Spare vectors of the structurizer's output ([`Structured`]).
#[derive(Default)]
pub(super) struct OutPools {
    /// Block lists.
    pub blocks: Pool<SBlock>,
    /// Synthetic value lists.
    pub synths: Pool<SynthDef>,
    /// Blocks' operand rewrites.
    pub uses: Pool<(ValueId, SValue)>,
    /// Blocks' phis.
    pub phis: Pool<SPhi>,
}

impl OutPools {
    fn bytes(&self) -> usize {
        self.blocks
            .bytes()
            .saturating_add(self.synths.bytes())
            .saturating_add(self.uses.bytes())
            .saturating_add(self.phis.bytes())
    }
}

impl CfgScratch {
    /// The bytes its buffers hold on to.
    pub fn retained_bytes(&self) -> usize {
        self.solver
            .retained_bytes()
            .saturating_add(self.u32s.bytes())
            .saturating_add(self.nums.bytes())
            .saturating_add(self.masks.bytes())
            .saturating_add(self.bools.bytes())
            .saturating_add(self.preds.bytes())
            .saturating_add(self.svals.bytes())
            .saturating_add(self.pairs.bytes())
            .saturating_add(self.blocks.bytes())
            .saturating_add(self.pnodes.bytes())
            .saturating_add(self.tnodes.bytes())
            .saturating_add(self.lists.bytes())
            .saturating_add(self.labels.bytes())
            .saturating_add(self.loop_hints.bytes())
            .saturating_add(self.cfg.bytes())
            .saturating_add(self.scopes.bytes())
            .saturating_add(self.work.bytes())
            .saturating_add(
                self.ladder
                    .iter()
                    .fold(bytes(&self.ladder), |a, v| a.saturating_add(bytes(v))),
            )
            .saturating_add(self.out.bytes())
            .saturating_add(
                self.phis
                    .iter()
                    .chain(&self.spare_phis)
                    .fold(bytes(&self.phis), |a, v| a.saturating_add(bytes(v)))
                    .saturating_add(bytes(&self.spare_phis)),
            )
    }
}

impl CfgScratch {
    /// Takes back the vectors of a structured function that is no longer
    /// needed, for the next [`super::structurize_with`] (the output does
    /// not depend on them).
    pub fn recycle(&mut self, s: Structured) {
        let Structured { mut blocks, synths } = s;
        for b in blocks.drain(..) {
            self.out.uses.give(b.uses);
            self.out.phis.give(b.phis);
        }
        self.out.blocks.give(blocks);
        self.out.synths.give(synths);
    }
}

impl std::fmt::Debug for CfgScratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CfgScratch")
    }
}

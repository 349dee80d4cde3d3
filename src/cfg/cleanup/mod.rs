//! Cleanup of the lowered blocks, pass by pass: empty pass-through blocks
//! bypassed ([`bypass`]); unreachable merge and continue blocks in their
//! canonical forms, other unreachable blocks dropped ([`unreachable`](mod@unreachable));
//! latches as continue targets ([`latch`]); selection merges moved onto
//! real blocks ([`merges`]); the rest renumbered ([`renumber`]).

mod bypass;
mod latch;
mod merges;
mod renumber;
mod unreachable;

use smallvec::SmallVec;

use super::lower::LBlock;
use super::util::{at_mut, get};
use crate::error::Result;

/// Per block: its distinct predecessors, in block order (most blocks have
/// one or two, kept inline).
type PredLists = Vec<SmallVec<[u32; 2]>>;

/// The blocks being cleaned up, with what the passes keep up to date.
struct Blocks {
    blocks: Vec<LBlock>,
    /// Blocks removed (renumbering drops them).
    deleted: Vec<bool>,
    preds: PredLists,
    /// How many merge instructions name each block.
    refs: Vec<u32>,
}

/// Runs the cleanup passes and renumbers.
pub(crate) fn cleanup(blocks: Vec<LBlock>) -> Result<Vec<LBlock>> {
    let n = blocks.len();
    let mut c = Blocks {
        blocks,
        deleted: vec![false; n],
        preds: std::iter::repeat_with(SmallVec::new).take(n).collect(),
        refs: vec![0; n],
    };
    c.count_preds_and_refs()?;
    c.bypass_empty()?;
    c.settle_unreachable()?;
    // Predecessors and merge references among the remaining blocks.
    c.count_preds_and_refs()?;
    c.latches_as_continues()?;
    c.forward_merges()?;
    c.shift_merges()?;
    renumber::renumber(c.blocks, &c.deleted)
}

impl Blocks {
    /// Recomputes the predecessor lists and merge-reference counts of the
    /// blocks not `deleted`, in the tables already allocated.
    fn count_preds_and_refs(&mut self) -> Result<()> {
        let Blocks {
            blocks,
            deleted,
            preds,
            refs,
        } = self;
        preds.iter_mut().for_each(SmallVec::clear);
        refs.iter_mut().for_each(|r| *r = 0);
        for (i, b) in blocks.iter().enumerate() {
            if get(deleted, i)? {
                continue;
            }
            for t in b.term.targets() {
                let p = at_mut(preds, t as usize)?;
                // Blocks are visited in order: a repeated target of this
                // block finds it last in the list.
                if p.last() != Some(&(i as u32)) {
                    p.push(i as u32);
                }
            }
            for t in b.merge.targets() {
                let r = at_mut(refs, t as usize)?;
                // Counts references from blocks in memory: cannot saturate.
                *r = r.saturating_add(1);
            }
        }
        Ok(())
    }
}

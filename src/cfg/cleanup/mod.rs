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
use super::scratch::CfgScratch;
use super::util::{at_mut, get, internal};
use crate::error::Result;

/// A block's distinct predecessors, in block order (most blocks have one
/// or two, kept inline).
pub(crate) type PredList = SmallVec<[u32; 2]>;

/// Per block: its [`PredList`].
type PredLists = Vec<PredList>;

/// Adds `p` to a predecessor list, kept in block order as a recount would
/// list it, unless it is there.
fn insert_pred(list: &mut PredList, p: u32) {
    if let Err(k) = list.binary_search(&p) {
        list.insert(k, p);
    }
}

/// The blocks being cleaned up, with what the passes keep up to date.
struct Blocks {
    blocks: Vec<LBlock>,
    /// Blocks removed (renumbering drops them).
    deleted: Vec<bool>,
    preds: PredLists,
    /// How many merge instructions name each block.
    refs: Vec<u32>,
}

/// Runs the cleanup passes and renumbers, with tables of `s`.
pub(crate) fn cleanup(blocks: Vec<LBlock>, s: &mut CfgScratch) -> Result<Vec<LBlock>> {
    let n = blocks.len();
    let mut preds = s.preds.take();
    // Lists kept from an earlier function are cleared before they are
    // filled (`count_preds_and_refs`).
    preds.resize_with(n, SmallVec::new);
    let mut c = Blocks {
        blocks,
        deleted: s.bools.table(n, false),
        preds,
        refs: s.u32s.table(n, 0),
    };
    c.count_preds_and_refs()?;
    c.bypass_empty(&mut s.u32s)?;
    // Both keep the predecessors and merge references as a recount would
    // find them.
    c.settle_unreachable(s)?;
    c.latches_as_continues()?;
    c.forward_merges()?;
    c.shift_merges()?;
    let Blocks {
        blocks,
        deleted,
        preds,
        refs,
    } = c;
    let out = renumber::renumber(blocks, &deleted, &mut s.u32s);
    s.bools.give(deleted);
    s.preds.give(preds);
    s.u32s.give(refs);
    out
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
            let mut missing = false;
            b.term.for_each_target(|t| match preds.get_mut(t as usize) {
                // Blocks are visited in order: a repeated target of this
                // block finds it last in the list.
                Some(p) if p.last() != Some(&(i as u32)) => p.push(i as u32),
                Some(_) => {}
                None => missing = true,
            });
            b.merge.try_for_each_target(|t| {
                let r = at_mut(refs, t as usize)?;
                // Counts references from blocks in memory: cannot saturate.
                *r = r.saturating_add(1);
                Ok(())
            })?;
            if missing {
                return Err(internal("branch to a block out of range"));
            }
        }
        Ok(())
    }
}

//! Empty pass-through blocks removed: a synthetic block with no code, no
//! assignments and no merge role that only branches on is bypassed by its
//! predecessors (unless one is a switch: a case keeps its own block).

use super::{insert_pred, Blocks};
use crate::cfg::lower::{LMerge, LTerm};
use crate::cfg::scratch::Pool;
use crate::cfg::util::{at, at_mut, get, internal, NONE};
use crate::error::Result;

impl Blocks {
    /// Bypasses every empty pass-through block, and drops a selection whose
    /// two arms become one branch.
    pub(super) fn bypass_empty(&mut self, pool: &mut Pool<u32>) -> Result<()> {
        let Blocks {
            blocks,
            deleted,
            preds,
            refs,
        } = self;
        let n = blocks.len();
        let mut work = pool.take();
        work.extend((0..n as u32).rev());
        while let Some(x) = work.pop() {
            if get(deleted, x as usize)? || x == 0 {
                continue;
            }
            let b = at(blocks, x as usize)?;
            let LTerm::Branch(t) = b.term else { continue };
            if t == x
                || b.origin.is_some()
                || b.node != NONE
                || !b.assigns.is_empty()
                || b.merge != LMerge::None
                || get(refs, x as usize)? != 0
            {
                continue;
            }
            let mut blocked = false;
            for &p in at(preds, x as usize)? {
                if matches!(at(blocks, p as usize)?.term, LTerm::Switch { .. }) {
                    blocked = true;
                }
            }
            if blocked {
                continue;
            }
            // Taken: x goes, with no predecessors.
            let ps = std::mem::take(at_mut(preds, x as usize)?);
            for &p in &ps {
                let pb = at_mut(blocks, p as usize)?;
                pb.term.replace_target(x, t);
                if let LTerm::CondBranch { t: a, f: c, .. } = pb.term {
                    if a == c {
                        pb.term = LTerm::Branch(a);
                        if let LMerge::Sel { merge, .. } = pb.merge {
                            pb.merge = LMerge::None;
                            let r = at_mut(refs, merge as usize)?;
                            *r = r
                                .checked_sub(1)
                                .ok_or_else(|| internal("merge reference count underflow"))?;
                            work.push(merge);
                        }
                    }
                }
                let tp = at_mut(preds, t as usize)?;
                tp.retain(|q| *q != x);
                insert_pred(tp, p);
            }
            *at_mut(deleted, x as usize)? = true;
            work.push(t);
        }
        pool.give(work);
        Ok(())
    }
}

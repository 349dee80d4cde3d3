//! Blocks no longer reachable: an unreachable merge block becomes an
//! `OpUnreachable` block and an unreachable continue target branches back
//! to its header, as SPIR-V requires; other unreachable blocks are dropped.

use super::{insert_pred, Blocks};
use crate::cfg::lower::{LMerge, LTerm};
use crate::cfg::scratch::CfgScratch;
use crate::cfg::util::{at, at_mut, get, internal, NONE};
use crate::error::Result;

impl Blocks {
    /// Settles the unreachable blocks (an original one is an internal
    /// error), keeping the predecessor lists and merge references as a
    /// recount would find them.
    pub(super) fn settle_unreachable(&mut self, s: &mut CfgScratch) -> Result<()> {
        let Blocks {
            blocks,
            deleted,
            preds,
            refs,
        } = self;
        let n = blocks.len();
        // Reachability.
        let mut reach = s.bools.table(n, false);
        let mut stack = s.u32s.take();
        stack.push(0);
        while let Some(x) = stack.pop() {
            if std::mem::replace(at_mut(&mut reach, x as usize)?, true) {
                continue;
            }
            let mut missing = false;
            at(blocks, x as usize)?
                .term
                .for_each_target(|t| match reach.get(t as usize) {
                    Some(false) => stack.push(t),
                    Some(true) => {}
                    None => missing = true,
                });
            if missing {
                return Err(internal("branch to a block out of range"));
            }
        }
        s.u32s.give(stack);
        if reach.iter().zip(deleted.iter()).all(|(&r, &d)| r || d) {
            // Nothing to settle.
            s.bools.give(reach);
            return Ok(());
        }
        let mut merge_of = s.u32s.table(n, NONE);
        let mut cont_of = s.u32s.table(n, NONE);
        for (i, b) in blocks.iter().enumerate() {
            if !get(&reach, i)? {
                continue;
            }
            match b.merge {
                LMerge::None => {}
                LMerge::Sel { merge, .. } => *at_mut(&mut merge_of, merge as usize)? = i as u32,
                LMerge::Loop { merge, cont, .. } => {
                    *at_mut(&mut merge_of, merge as usize)? = i as u32;
                    *at_mut(&mut cont_of, cont as usize)? = i as u32;
                }
            }
        }
        for i in 0..n {
            if get(deleted, i)? || get(&reach, i)? {
                continue;
            }
            let b = at_mut(blocks, i)?;
            if b.origin.is_some() {
                return Err(internal(format!(
                    "original block {:?} became unreachable",
                    b.origin
                )));
            }
            // Its branches and merge leave the counts.
            let me = i as u32;
            let mut missing = false;
            b.term.for_each_target(|t| match preds.get_mut(t as usize) {
                Some(p) => p.retain(|q| *q != me),
                None => missing = true,
            });
            if missing {
                return Err(internal("branch to a block out of range"));
            }
            b.merge.try_for_each_target(|t| {
                let r = at_mut(refs, t as usize)?;
                *r = r
                    .checked_sub(1)
                    .ok_or_else(|| internal("merge reference count underflow"))?;
                Ok(())
            })?;
            if get(&merge_of, i)? != NONE {
                b.term = LTerm::Unreachable;
            } else if get(&cont_of, i)? != NONE {
                let h = get(&cont_of, i)?;
                b.term = LTerm::Branch(h);
                insert_pred(at_mut(preds, h as usize)?, me);
            } else {
                *at_mut(deleted, i)? = true;
                continue;
            }
            b.assigns.clear();
            b.merge = LMerge::None;
        }
        s.bools.give(reach);
        s.u32s.give(merge_of);
        s.u32s.give(cont_of);
        Ok(())
    }
}

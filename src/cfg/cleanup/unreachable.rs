//! Blocks no longer reachable: an unreachable merge block becomes an
//! `OpUnreachable` block and an unreachable continue target branches back
//! to its header, as SPIR-V requires; other unreachable blocks are dropped.

use super::Blocks;
use crate::cfg::lower::{LMerge, LTerm};
use crate::cfg::scratch::CfgScratch;
use crate::cfg::util::{at, at_mut, get, internal, NONE};
use crate::error::Result;

impl Blocks {
    /// Settles the unreachable blocks (an original one is an internal
    /// error).
    pub(super) fn settle_unreachable(&mut self, s: &mut CfgScratch) -> Result<()> {
        let Blocks {
            blocks, deleted, ..
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
            for t in at(blocks, x as usize)?.term.targets() {
                if !get(&reach, t as usize)? {
                    stack.push(t);
                }
            }
        }
        s.u32s.give(stack);
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
            if get(&merge_of, i)? != NONE {
                b.term = LTerm::Unreachable;
            } else if get(&cont_of, i)? != NONE {
                b.term = LTerm::Branch(get(&cont_of, i)?);
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

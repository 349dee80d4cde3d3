//! Blocks no longer reachable: an unreachable merge block becomes an
//! `OpUnreachable` block and an unreachable continue target branches back
//! to its header, as SPIR-V requires; other unreachable blocks are dropped.

use super::Blocks;
use crate::cfg::lower::{LMerge, LTerm};
use crate::cfg::util::{at, at_mut, get, internal, NONE};
use crate::error::Result;

impl Blocks {
    /// Settles the unreachable blocks (an original one is an internal
    /// error).
    pub(super) fn settle_unreachable(&mut self) -> Result<()> {
        let Blocks {
            blocks, deleted, ..
        } = self;
        let n = blocks.len();
        // Reachability.
        let mut reach = vec![false; n];
        let mut stack = vec![0u32];
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
        let mut merge_of = vec![NONE; n];
        let mut cont_of = vec![NONE; n];
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
        Ok(())
    }
}

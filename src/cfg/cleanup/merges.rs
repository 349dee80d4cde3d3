//! Selection merges moved onto real blocks: an empty join hands its role
//! to the block it leads to (forwarding) or to the single block that leads
//! into it (shift).

use super::Blocks;
use crate::cfg::lower::{LBlock, LMerge, LTerm};
use crate::cfg::structured::SelectionControl;
use crate::cfg::util::{at, at_mut, get, NONE};
use crate::error::Result;

/// The selection merge of block `h` when it is an empty join that both
/// passes may move: `(join j, the selection's hint, the block t that j
/// branches to)`, where `j` carries nothing (no origin, node, assignments or
/// merge of its own), only `h` names it as a merge, and `t` is not `j`.
fn empty_selection_merge(
    blocks: &[LBlock],
    refs: &[u32],
    h: usize,
) -> Result<Option<(u32, SelectionControl, u32)>> {
    let LMerge::Sel { merge: j, hint } = at(blocks, h)?.merge else {
        return Ok(None);
    };
    let jb = at(blocks, j as usize)?;
    let LTerm::Branch(t) = jb.term else {
        return Ok(None);
    };
    let empty = jb.origin.is_none()
        && jb.node == NONE
        && jb.assigns.is_empty()
        && jb.merge == LMerge::None
        && get(refs, j as usize)? == 1
        && t != j;
    Ok(empty.then_some((j, hint, t)))
}

impl Blocks {
    /// Merge forwarding: a selection merge that is an empty block branching
    /// to a block only it reaches hands its role to that block.
    pub(super) fn forward_merges(&mut self) -> Result<()> {
        let Blocks {
            blocks,
            deleted,
            preds,
            refs,
        } = self;
        for h in 0..blocks.len() {
            if get(deleted, h)? {
                continue;
            }
            let Some((j, hint, t)) = empty_selection_merge(blocks, refs, h)? else {
                continue;
            };
            if t == 0
                || t as usize == h
                || get(refs, t as usize)? != 0
                || matches!(at(blocks, t as usize)?.merge, LMerge::Loop { .. })
                || at(preds, t as usize)?.as_slice() != [j]
            {
                continue;
            }
            let ps = at(preds, j as usize)?.clone();
            for &p in &ps {
                at_mut(blocks, p as usize)?.term.replace_target(j, t);
            }
            at_mut(blocks, h)?.merge = LMerge::Sel { merge: t, hint };
            *at_mut(refs, t as usize)? = 1;
            *at_mut(refs, j as usize)? = 0;
            *at_mut(preds, t as usize)? = ps;
            at_mut(preds, j as usize)?.clear();
            *at_mut(deleted, j as usize)? = true;
        }
        Ok(())
    }
}

impl Blocks {
    /// Merge shift: a selection merge that is an empty block whose only
    /// predecessor only branches to it is replaced by that predecessor.
    pub(super) fn shift_merges(&mut self) -> Result<()> {
        let Blocks {
            blocks,
            deleted,
            preds,
            refs,
        } = self;
        // The common `if (c) break; rest` shape: the predecessor X takes the
        // join's place, saving a block.
        for h in 0..blocks.len() {
            if get(deleted, h)? {
                continue;
            }
            let Some((j, hint, t)) = empty_selection_merge(blocks, refs, h)? else {
                continue;
            };
            let [x] = at(preds, j as usize)?.as_slice() else {
                continue;
            };
            let x = *x;
            let xb = at(blocks, x as usize)?;
            if x as usize == h
                || x == 0
                || t == x
                || xb.merge != LMerge::None
                || get(refs, x as usize)? != 0
                || xb.term != LTerm::Branch(j)
            {
                continue;
            }
            at_mut(blocks, h)?.merge = LMerge::Sel { merge: x, hint };
            *at_mut(refs, x as usize)? = 1;
            *at_mut(refs, j as usize)? = 0;
            at_mut(blocks, x as usize)?.term = LTerm::Branch(t);
            let tp = at_mut(preds, t as usize)?;
            tp.retain(|q| *q != j);
            if !tp.contains(&x) {
                tp.push(x);
            }
            at_mut(preds, j as usize)?.clear();
            *at_mut(deleted, j as usize)? = true;
        }
        Ok(())
    }
}

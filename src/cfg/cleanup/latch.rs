//! A loop's single latch as its continue target, instead of the synthetic
//! continue block it branches to.

use super::Blocks;
use crate::cfg::lower::{LMerge, LTerm};
use crate::cfg::util::{at, at_mut, get, NONE};
use crate::error::Result;

impl Blocks {
    /// Makes latches continue targets where the loop shape allows.
    pub(super) fn latches_as_continues(&mut self) -> Result<()> {
        let Blocks {
            blocks,
            deleted,
            preds,
            refs,
        } = self;
        let n = blocks.len();
        // Latches as continue targets: when the synthetic continue block has a
        // single predecessor X that only branches to it, X becomes the
        // continue target (the back-edge block); when X instead ends the
        // iteration with a conditional branch whose arms are exactly the
        // continue block and the loop merge (its own selection merge being
        // unreachable), X becomes a do-while style back-edge block that
        // branches to the header or the merge.
        for h in 0..n {
            if get(deleted, h)? {
                continue;
            }
            let LMerge::Loop {
                merge: lm,
                cont: lc,
                hint,
            } = at(blocks, h)?.merge
            else {
                continue;
            };
            let cb = at(blocks, lc as usize)?;
            if cb.origin.is_some()
                || cb.node != NONE
                || !cb.assigns.is_empty()
                || cb.term != LTerm::Branch(h as u32)
            {
                continue;
            }
            let [x] = at(preds, lc as usize)?.as_slice() else {
                continue;
            };
            let x = *x;
            if x as usize == h || x == 0 || get(refs, x as usize)? != 0 {
                continue;
            }
            // A switch case never becomes a continue target.
            let mut case = false;
            for &p in at(preds, x as usize)? {
                case |= matches!(at(blocks, p as usize)?.term, LTerm::Switch { .. });
            }
            if case {
                continue;
            }
            let xb = at(blocks, x as usize)?;
            let new_term = match (&xb.term, xb.merge) {
                (LTerm::Branch(t), LMerge::None) if *t == lc => LTerm::Branch(h as u32),
                (LTerm::CondBranch { cond, t, f }, LMerge::Sel { merge: j, .. })
                    if ((*t == lc && *f == lm) || (*t == lm && *f == lc))
                        && at(preds, j as usize)?.is_empty()
                        && get(refs, j as usize)? == 1 =>
                {
                    let to = |v: u32| if v == lc { h as u32 } else { v };
                    *at_mut(refs, j as usize)? = 0;
                    *at_mut(deleted, j as usize)? = true;
                    LTerm::CondBranch {
                        cond: *cond,
                        t: to(*t),
                        f: to(*f),
                    }
                }
                _ => continue,
            };
            let xb = at_mut(blocks, x as usize)?;
            xb.term = new_term;
            xb.merge = LMerge::None;
            at_mut(blocks, h)?.merge = LMerge::Loop {
                merge: lm,
                cont: x,
                hint,
            };
            *at_mut(refs, x as usize)? = 1;
            *at_mut(refs, lc as usize)? = 0;
            *at_mut(deleted, lc as usize)? = true;
            at_mut(preds, lc as usize)?.clear();
            let hp = at_mut(preds, h)?;
            hp.retain(|q| *q != lc);
            if !hp.contains(&x) {
                hp.push(x);
            }
        }
        Ok(())
    }
}

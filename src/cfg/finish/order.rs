//! The emission order: reverse postorder over branches, then merge and
//! continue targets, so every block follows its dominators and every merge
//! follows its header.

use crate::cfg::lower::LBlock;
use crate::cfg::scratch::CfgScratch;
use crate::cfg::util::{at_mut, internal, Adj};
use crate::error::Result;

/// The blocks in emission order, from the blocks' distinct successors
/// `succ` (in terminator order): each block's successors are visited
/// first, then its merge and continue targets. Errors if a block is not
/// structurally reachable from the entry. Its tables come from `s`.
pub(super) fn emission_order(
    blocks: &[LBlock],
    succ: &Adj,
    s: &mut CfgScratch,
) -> Result<Vec<u32>> {
    let n = blocks.len();
    let mut visited = s.bools.table(n, false);
    let mut post = s.u32s.take();
    post.reserve(n);
    // (block, index of the next edge: successors, then merge targets).
    let mut stack = s.pairs.take();
    stack.push((0, 0));
    *at_mut(&mut visited, 0)? = true;
    while let Some(top) = stack.last_mut() {
        let (v, i) = *top;
        let i = i as usize;
        let s = succ.succ(v);
        let next = match s.get(i) {
            Some(&w) => Some(w),
            None => blocks
                .get(v as usize)
                .and_then(|b| b.merge.target(i.saturating_sub(s.len()))),
        };
        if let Some(w) = next {
            // At most the successors and two merge targets: no overflow.
            top.1 = top.1.saturating_add(1);
            if !std::mem::replace(at_mut(&mut visited, w as usize)?, true) {
                stack.push((w, 0));
            }
        } else {
            post.push(v);
            stack.pop();
        }
    }
    if let Some(i) = visited.iter().position(|&vis| !vis) {
        return Err(internal(format!("block {i} is not structurally reachable")));
    }
    s.bools.give(visited);
    s.pairs.give(stack);
    post.reverse();
    Ok(post)
}

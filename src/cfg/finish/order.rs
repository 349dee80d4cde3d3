//! The emission order: reverse postorder over branches, then merge and
//! continue targets, so every block follows its dominators and every merge
//! follows its header.

use crate::cfg::lower::LBlock;
use crate::cfg::util::{at_mut, internal, Adj};
use crate::error::Result;

/// The blocks in emission order. Errors if a block is not structurally
/// reachable from the entry.
pub(super) fn emission_order(blocks: &[LBlock]) -> Result<Vec<u32>> {
    let n = blocks.len();
    let mut order: Vec<u32> = Vec::with_capacity(n);
    {
        let order_succ = Adj::from_fn(n, |i, out| {
            if let Some(b) = blocks.get(i as usize) {
                out.extend(b.term.targets());
                out.extend(b.merge.targets());
            }
        });
        let mut visited = vec![false; n];
        let mut post: Vec<u32> = Vec::with_capacity(n);
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        *at_mut(&mut visited, 0)? = true;
        while let Some(top) = stack.last_mut() {
            let (v, i) = *top;
            if let Some(&w) = order_succ.succ(v).get(i) {
                top.1 = i.saturating_add(1);
                if !std::mem::replace(at_mut(&mut visited, w as usize)?, true) {
                    stack.push((w, 0));
                }
            } else {
                post.push(v);
                stack.pop();
            }
        }
        order.extend(post.iter().rev());
        for (i, &vis) in visited.iter().enumerate() {
            if !vis {
                return Err(internal(format!("block {i} is not structurally reachable")));
            }
        }
    }
    Ok(order)
}

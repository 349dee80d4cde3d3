//! Dominance on graphs of at most 64 nodes as bit masks: each node's
//! dominator set is one `u64`, found by the classic data-flow iteration
//! (`dom(v) = {v} ∪ ⋂ dom(p)` over the predecessors, in reverse
//! postorder). On the small graphs the structurizer sees most, this is a
//! few instructions per edge, where a [`DomTree`] also builds its tree
//! numbering; [`Dominance`] picks one or the other by the graph's size.

use super::dom::{DomTree, Dominates};
use super::scratch::CfgScratch;
use super::util::{get, set, Adj, Dfs};
use crate::error::Result;

/// The largest graph [`DomMask`] handles (one bit per node).
const MAX_NODES: usize = u64::BITS as usize;

/// The bit of node `v` (none for `v >= 64`).
#[inline]
fn bit(v: u32) -> u64 {
    1u64.checked_shl(v).unwrap_or(0)
}

/// The dominator sets of a graph of at most [`MAX_NODES`] nodes.
pub(crate) struct DomMask {
    /// Per node, its dominators (0 for a node the root does not reach).
    sets: Vec<u64>,
}

impl DomMask {
    /// The dominator sets of the graph with predecessor lists `pred`,
    /// from a depth-first search `d` from the root; `None` if the graph
    /// has more than [`MAX_NODES`] nodes.
    fn compute(pred: &Adj, d: &Dfs, s: &mut CfgScratch) -> Result<Option<DomMask>> {
        let n = d.pre_num().len();
        if n > MAX_NODES {
            return Ok(None);
        }
        let mut sets = s.masks.table(n, 0);
        let mut rpo = d.post().iter().rev();
        let Some(&root) = rpo.next() else {
            return Ok(Some(DomMask { sets }));
        };
        set(&mut sets, root as usize, bit(root))?;
        let reachable = d.pre().iter().fold(0u64, |m, &v| m | bit(v));
        // The nodes whose set the first pass (in reverse postorder) has
        // computed; a predecessor not among them is the source of a
        // retreating edge, the only thing that makes a second pass change
        // anything. Until computed, a set counts as all nodes.
        let mut done = bit(root);
        // The nodes with a retreating edge into them (first pass).
        let mut retreating = 0u64;
        let mut first = true;
        loop {
            let mut changed = false;
            for &v in rpo.clone() {
                let mut new = u64::MAX;
                for &p in pred.succ(v) {
                    if reachable & bit(p) == 0 {
                        continue;
                    }
                    if done & bit(p) == 0 {
                        retreating |= bit(v);
                    } else {
                        new &= get(&sets, p as usize)?;
                    }
                }
                new |= bit(v);
                if get(&sets, v as usize)? != new {
                    set(&mut sets, v as usize, new)?;
                    changed = true;
                }
                done |= bit(v);
            }
            // After the first pass, a second one changes nothing if every
            // retreating edge's source already has the strict dominators of
            // its target (always so on a reducible graph, whose retreating
            // edges are back edges): only those edges were left out.
            if !changed || (first && Self::settled(pred, &sets, reachable, retreating)?) {
                break;
            }
            first = false;
        }
        Ok(Some(DomMask { sets }))
    }

    /// Whether every reachable predecessor of each node of `targets` has
    /// that node's strict dominators among its own (by `sets`).
    fn settled(pred: &Adj, sets: &[u64], reachable: u64, targets: u64) -> Result<bool> {
        let mut rest = targets;
        while rest != 0 {
            let v = rest.trailing_zeros();
            rest &= rest.wrapping_sub(1);
            let strict = get(sets, v as usize)? & !bit(v);
            for &p in pred.succ(v) {
                if reachable & bit(p) != 0 && strict & !get(sets, p as usize)? != 0 {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// Whether `a` dominates `b` (reflexive; false for unreachable nodes).
    #[inline]
    fn dominates(&self, a: u32, b: u32) -> bool {
        self.sets.get(b as usize).is_some_and(|&m| m & bit(a) != 0)
    }

    /// The immediate dominator of `v`: the strict dominator whose own
    /// dominators are exactly `v`'s strict dominators (they form a chain).
    fn idom(&self, v: u32) -> Option<u32> {
        let strict = *self.sets.get(v as usize)? & !bit(v);
        let mut rest = strict;
        while rest != 0 {
            let d = rest.trailing_zeros();
            if self.sets.get(d as usize) == Some(&strict) {
                return Some(d);
            }
            rest &= rest.wrapping_sub(1);
        }
        None
    }
}

/// Dominance queries on a graph: bit masks on small graphs, a
/// [`DomTree`] on larger ones.
pub(crate) enum Dominance {
    Mask(DomMask),
    Tree(DomTree),
}

impl Dominance {
    /// The dominance of the graph with predecessor lists `pred`, from a
    /// depth-first search `d` from root 0, in tables of `s`.
    pub(crate) fn compute(pred: &Adj, d: &Dfs, s: &mut CfgScratch) -> Result<Dominance> {
        Ok(match DomMask::compute(pred, d, s)? {
            Some(m) => Dominance::Mask(m),
            None => Dominance::Tree(DomTree::compute_in(pred, d, 0, s)?),
        })
    }

    /// The immediate dominator of `n` (`None` for the root and unreachable
    /// nodes).
    pub(crate) fn idom(&self, n: u32) -> Option<u32> {
        match self {
            Dominance::Mask(m) => m.idom(n),
            Dominance::Tree(t) => t.idom(n),
        }
    }

    /// Gives the tables back to `s`.
    pub(crate) fn recycle(self, s: &mut CfgScratch) {
        match self {
            Dominance::Mask(m) => s.masks.give(m.sets),
            Dominance::Tree(t) => t.recycle(s),
        }
    }
}

impl Dominates for Dominance {
    #[inline]
    fn dominates(&self, a: u32, b: u32) -> bool {
        match self {
            Dominance::Mask(m) => m.dominates(a, b),
            Dominance::Tree(t) => t.dominates(a, b),
        }
    }

    #[inline]
    fn is_reachable(&self, n: u32) -> bool {
        match self {
            Dominance::Mask(m) => m.sets.get(n as usize).is_some_and(|&s| s != 0),
            Dominance::Tree(t) => t.is_reachable(n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfg::dom::random_graphs;
    use crate::cfg::util::dfs;

    /// The masks answer every query as a [`DomTree`] does, on random
    /// graphs with loops, irreducible cycles and unreachable nodes.
    #[test]
    fn masks_match_the_tree() -> Result<()> {
        let mut s = CfgScratch::default();
        for lists in random_graphs(0x2545_f491_4f6c_dd1d, MAX_NODES as u64, 500) {
            let n = lists.len();
            let succ =
                Adj::from_targets(n, |v| lists.get(v as usize).into_iter().flatten().copied());
            let pred = succ.reversed();
            let d = dfs(&succ, 0);
            let tree = DomTree::compute_from(&pred, &d, 0)?;
            let masks = Dominance::compute(&pred, &d, &mut s)?;
            assert!(matches!(masks, Dominance::Mask(_)));
            for a in 0..n as u32 {
                assert_eq!(masks.is_reachable(a), tree.is_reachable(a), "{lists:?}");
                assert_eq!(masks.idom(a), tree.idom(a), "{lists:?}");
                for b in 0..n as u32 {
                    assert_eq!(masks.dominates(a, b), tree.dominates(a, b), "{lists:?}");
                }
            }
            masks.recycle(&mut s);
        }
        Ok(())
    }
}

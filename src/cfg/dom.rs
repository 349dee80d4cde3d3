//! Dominator trees (Cooper–Harvey–Kennedy's iterative algorithm on small
//! graphs, Lengauer–Tarjan with path compression on large ones) with
//! DFS-interval numbering so that [`DomTree::dominates`] is O(1).

use super::scratch::CfgScratch;
use super::util::{at, at_mut, dfs, get, set, Adj, Dfs, NONE};
use crate::error::Result;

/// Graphs of at most this many reachable nodes get the iterative
/// algorithm; larger ones Lengauer–Tarjan, whose bound does not depend on
/// the graph's shape.
const SMALL: usize = 128;

/// Lengauer–Tarjan's tables for one node (by DFS number).
#[derive(Clone, Copy)]
struct Lt {
    parent: u32,
    semi: u32,
    label: u32,
    ancestor: u32,
    idom: u32,
    bucket_head: u32,
    bucket_next: u32,
}

/// A node's numbering in the tree.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Num {
    /// Preorder number in the tree ([`NONE`] if unreachable).
    pre: u32,
    /// One past the largest preorder number in the subtree.
    end: u32,
    /// Depth (root = 0).
    depth: u32,
    /// Immediate dominator ([`NONE`] for the root and unreachable nodes).
    idom: u32,
}

impl Default for Num {
    fn default() -> Num {
        Num {
            pre: NONE,
            end: NONE,
            depth: 0,
            idom: NONE,
        }
    }
}

/// Dominance queries, whatever computed them.
pub(crate) trait Dominates {
    /// Whether `a` dominates `b` (reflexive; false for unreachable nodes).
    fn dominates(&self, a: u32, b: u32) -> bool;
    /// Whether `n` is reachable from the root.
    fn is_reachable(&self, n: u32) -> bool;
}

impl Dominates for DomTree {
    #[inline]
    fn dominates(&self, a: u32, b: u32) -> bool {
        DomTree::dominates(self, a, b)
    }

    #[inline]
    fn is_reachable(&self, n: u32) -> bool {
        DomTree::is_reachable(self, n)
    }
}

/// A dominator (or post-dominator) tree over nodes `0..n`.
///
/// Nodes not reachable from the root have no immediate dominator, are
/// dominated by nothing and dominate nothing.
#[derive(Clone, Debug)]
pub struct DomTree {
    root: u32,
    /// Tree numbering and immediate dominator of each node.
    num: Vec<Num>,
    /// The children lists: `n + 1` offsets into the rest, then the
    /// children of each node in turn; from `order_start`, the reachable
    /// nodes in dominator-tree preorder (one allocation for both).
    children: Vec<u32>,
    /// Where the preorder starts in `children`.
    order_start: usize,
}

impl DomTree {
    /// Computes the dominator tree of the graph `succ` (with predecessor
    /// lists `pred`) rooted at `root`.
    pub fn compute(succ: &Adj, pred: &Adj, root: u32) -> Result<DomTree> {
        Self::compute_from(pred, &dfs(succ, root), root)
    }

    /// [`DomTree::compute`] from a depth-first search of the graph from
    /// `root` already made.
    pub(crate) fn compute_from(pred: &Adj, d: &Dfs, root: u32) -> Result<DomTree> {
        Self::compute_in(pred, d, root, &mut CfgScratch::default())
    }

    /// [`DomTree::compute_from`] in vectors of `s`.
    pub(crate) fn compute_in(
        pred: &Adj,
        d: &Dfs,
        root: u32,
        s: &mut CfgScratch,
    ) -> Result<DomTree> {
        let num = if d.post().len() <= SMALL {
            Self::idoms_iterative(pred, d, s)?
        } else {
            Self::idoms_lengauer_tarjan(pred, d)?
        };
        Self::from_idom(root, num, s.u32s.take())
    }

    /// Gives the tables back to `s`.
    pub(crate) fn recycle(self, s: &mut CfgScratch) {
        s.nums.give(self.num);
        s.u32s.give(self.children);
    }

    /// Immediate dominators by Cooper, Harvey and Kennedy's iterative
    /// algorithm ("A Simple, Fast Dominance Algorithm") on reverse
    /// postorder numbers: a few tight passes, fastest on small graphs.
    fn idoms_iterative(pred: &Adj, d: &Dfs, s: &mut CfgScratch) -> Result<Vec<Num>> {
        let n = d.pre_num().len();
        let count = d.post().len();
        // Reverse postorder number of each node (`NONE` if unreachable);
        // the root is 0. `i < count`: no underflow.
        let last = count.saturating_sub(1);
        // Both tables in one allocation.
        let mut tables = s.u32s.table(n.saturating_add(count), NONE);
        let (rpo, idom) = tables.split_at_mut(n);
        for (i, &v) in d.post().iter().enumerate() {
            set(rpo, v as usize, last.saturating_sub(i) as u32)?;
        }
        // By reverse postorder number: the immediate dominator's number
        // (`NONE` until found). Every non-root node's DFS parent precedes
        // it and is found in the same pass, so `idom[x] < x` for `x > 0`
        // and the walks up in `intersect` end.
        if let Some(r) = idom.first_mut() {
            *r = 0;
        }
        let intersect = |idom: &[u32], mut a: u32, mut b: u32| -> Result<u32> {
            while a != b {
                while a > b {
                    a = get(idom, a as usize)?;
                }
                while b > a {
                    b = get(idom, b as usize)?;
                }
            }
            Ok(a)
        };
        let mut changed = true;
        let mut first = true;
        // Whether the first pass met a retreating edge (`rpo[p] >= rpo[v]`).
        let mut retreating = false;
        while changed {
            changed = false;
            for (i, &v) in d.post().iter().rev().enumerate().skip(1) {
                let mut new = NONE;
                for &p in pred.succ(v) {
                    let pi = get(rpo, p as usize)?;
                    if pi == NONE {
                        continue; // unreachable
                    }
                    retreating |= pi as usize >= i;
                    if get(idom, pi as usize)? == NONE {
                        continue; // not reached yet
                    }
                    new = if new == NONE {
                        pi
                    } else {
                        intersect(idom, new, pi)?
                    };
                }
                let slot = at_mut(idom, i)?;
                if *slot != new {
                    *slot = new;
                    changed = true;
                }
            }
            // The first pass saw no retreating edge (its source comes
            // later in reverse postorder). Where there is none (an acyclic
            // graph) its result is final; where each of them is a back
            // edge of the tree found (its target dominates its source), a
            // second pass would only confirm it: the source's chain meets
            // the target's dominator at the target. Reducible graphs, the
            // structurizer's own included, so take one pass instead of two.
            if std::mem::take(&mut first) && changed {
                changed = retreating && !Self::back_edges_only(pred, d, rpo, idom)?;
            }
        }
        let mut num = s.nums.table(n, Num::default());
        for (i, &v) in d.post().iter().rev().enumerate().skip(1) {
            let x = get(idom, i)? as usize;
            let iv = get(d.post(), last.saturating_sub(x))?;
            at_mut(&mut num, v as usize)?.idom = iv;
        }
        s.u32s.give(tables);
        Ok(num)
    }

    /// Whether every retreating edge `p → v` (`rpo[p] >= rpo[v]`, both by
    /// reverse postorder number) has `v` among the dominators of `p` in the
    /// tree `idom` (by reverse postorder number, complete).
    fn back_edges_only(pred: &Adj, d: &Dfs, rpo: &[u32], idom: &[u32]) -> Result<bool> {
        for (i, &v) in d.post().iter().rev().enumerate() {
            let i = i as u32;
            for &p in pred.succ(v) {
                let mut x = get(rpo, p as usize)?;
                if x == NONE || x < i {
                    continue; // unreachable, or a forward edge
                }
                // Up the tree from `p` while the numbers exceed `v`'s:
                // every dominator has a smaller number.
                while x > i {
                    x = get(idom, x as usize)?;
                }
                if x != i {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// Immediate dominators by Lengauer and Tarjan's algorithm (near-linear
    /// on graphs of any size and shape).
    fn idoms_lengauer_tarjan(pred: &Adj, d: &Dfs) -> Result<Vec<Num>> {
        let n = d.pre_num().len();
        let count = d.pre().len();
        // Everything below works on DFS numbers 0..count, with the
        // algorithm's per-node tables side by side in one allocation.
        let num = d.pre_num();
        let mut t: Vec<Lt> = Vec::with_capacity(count);
        for (i, &v) in d.pre().iter().enumerate() {
            let p = get(d.parent(), v as usize)?;
            t.push(Lt {
                parent: if p == NONE { 0 } else { get(num, p as usize)? },
                semi: i as u32,
                label: i as u32,
                ancestor: NONE,
                idom: 0,
                bucket_head: NONE,
                bucket_next: NONE,
            });
        }
        let mut path: Vec<u32> = Vec::new();

        // eval with iterative path compression.
        fn eval(v: u32, t: &mut [Lt], path: &mut Vec<u32>) -> Result<u32> {
            if at(t, v as usize)?.ancestor == NONE {
                return Ok(v);
            }
            // Collect the path up to the node whose ancestor is a root of
            // the forest.
            path.clear();
            let mut x = v;
            loop {
                let a = at(t, x as usize)?.ancestor;
                if a == NONE || at(t, a as usize)?.ancestor == NONE {
                    break;
                }
                path.push(x);
                x = a;
            }
            // Compress from the top down.
            while let Some(y) = path.pop() {
                let ty = *at(t, y as usize)?;
                let ta = *at(t, ty.ancestor as usize)?;
                let sa = at(t, ta.label as usize)?.semi;
                let sy = at(t, ty.label as usize)?.semi;
                let e = at_mut(t, y as usize)?;
                if sa < sy {
                    e.label = ta.label;
                }
                e.ancestor = ta.ancestor;
            }
            Ok(at(t, v as usize)?.label)
        }

        for w in (1..count).rev() {
            let wv = get(d.pre(), w)?;
            for &pv in pred.succ(wv) {
                let p = get(num, pv as usize)?;
                if p == NONE {
                    continue; // unreachable predecessor
                }
                let u = eval(p, &mut t, &mut path)?;
                let su = at(&t, u as usize)?.semi;
                let e = at_mut(&mut t, w)?;
                if su < e.semi {
                    e.semi = su;
                }
            }
            let s = at(&t, w)?.semi as usize;
            let head = at(&t, s)?.bucket_head;
            at_mut(&mut t, w)?.bucket_next = head;
            at_mut(&mut t, s)?.bucket_head = w as u32;
            let pw = at(&t, w)?.parent;
            at_mut(&mut t, w)?.ancestor = pw;
            // Process the bucket of the parent.
            let mut v = std::mem::replace(&mut at_mut(&mut t, pw as usize)?.bucket_head, NONE);
            while v != NONE {
                let next = at(&t, v as usize)?.bucket_next;
                let u = eval(v, &mut t, &mut path)?;
                let id = if at(&t, u as usize)?.semi < at(&t, v as usize)?.semi {
                    u
                } else {
                    pw
                };
                at_mut(&mut t, v as usize)?.idom = id;
                v = next;
            }
        }
        for w in 1..count {
            let tw = *at(&t, w)?;
            if tw.idom != tw.semi {
                let v = at(&t, tw.idom as usize)?.idom;
                at_mut(&mut t, w)?.idom = v;
            }
        }
        let mut num = vec![Num::default(); n];
        for w in 1..count {
            let v = get(d.pre(), w)?;
            let iv = get(d.pre(), at(&t, w)?.idom as usize)?;
            at_mut(&mut num, v as usize)?.idom = iv;
        }
        Ok(num)
    }

    /// Builds the tree numbering from immediate dominators (`num[v].idom`,
    /// `NONE` for the root and for unreachable nodes; the rest of `num`
    /// is unset).
    fn from_idom(root: u32, mut num: Vec<Num>, mut children: Vec<u32>) -> Result<DomTree> {
        let n = num.len();
        // One table: `n + 2` slots, then the children of each node in
        // turn. Children counts of `p` go to slot `p + 2`; after the prefix
        // sums (from `n + 2`, where the children start), slot `p + 1` is
        // where `p`'s children start and serves as the fill cursor, ending
        // where the next node's start: then slots `..=n` are the offsets
        // (as in `Adj::reversed`; slot `n + 1` ends up unused). The counts
        // are bounded by `n` (a node table in memory, with `u32` node ids):
        // the saturating operations never saturate.
        let slots = n.saturating_add(2);
        let c = num.iter().filter(|x| x.idom != NONE).count();
        // The preorder follows the children lists in the same allocation.
        let order_start = slots.saturating_add(c);
        children.clear();
        children.reserve(order_start.saturating_add(n));
        children.resize(order_start, 0u32);
        for x in &num {
            if x.idom != NONE {
                let c = at_mut(&mut children, (x.idom as usize).saturating_add(2))?;
                *c = c.saturating_add(1);
            }
        }
        let mut acc = slots as u32;
        for c in children.iter_mut().take(slots) {
            acc = acc.saturating_add(*c);
            *c = acc;
        }
        for (v, x) in num.iter().enumerate() {
            if x.idom != NONE {
                let pos = at_mut(&mut children, (x.idom as usize).saturating_add(1))?;
                let p = *pos as usize;
                *pos = pos.saturating_add(1);
                set(&mut children, p, v as u32)?;
            }
        }
        if (root as usize) < n {
            // Preorder walk without a stack: a node's `end` serves as the
            // cursor into its children until it is finished, and the walk
            // climbs back through `idom`.
            let first_child = |children: &[u32], v: u32| get(children, v as usize);
            let r = at_mut(&mut num, root as usize)?;
            r.pre = 0;
            r.end = first_child(&children, root)?;
            children.push(root);
            let mut v = root;
            loop {
                let ci = at(&num, v as usize)?.end;
                let b = get(&children, (v as usize).saturating_add(1))?;
                if ci < b {
                    // `ci < b`, a `u32`; the depth is below `n`.
                    at_mut(&mut num, v as usize)?.end = ci.saturating_add(1);
                    let c = get(&children, ci as usize)?;
                    let depth = at(&num, v as usize)?.depth.saturating_add(1);
                    let start = first_child(&children, c)?;
                    let e = at_mut(&mut num, c as usize)?;
                    e.pre = children.len().saturating_sub(order_start) as u32;
                    e.depth = depth;
                    e.end = start;
                    children.push(c);
                    v = c;
                } else {
                    let e = at_mut(&mut num, v as usize)?;
                    e.end = children.len().saturating_sub(order_start) as u32;
                    if v == root {
                        break;
                    }
                    v = e.idom;
                }
            }
        }
        Ok(DomTree {
            root,
            num,
            children,
            order_start,
        })
    }

    /// The root.
    pub fn root(&self) -> u32 {
        self.root
    }

    /// Number of nodes the tree was built over (reachable or not).
    pub fn len(&self) -> usize {
        self.num.len()
    }

    /// Whether the tree covers no nodes.
    pub fn is_empty(&self) -> bool {
        self.num.is_empty()
    }

    /// Whether `n` is reachable from the root.
    #[inline]
    pub fn is_reachable(&self, n: u32) -> bool {
        self.num.get(n as usize).is_some_and(|x| x.pre != NONE)
    }

    /// The immediate dominator of `n` (`None` for the root and unreachable
    /// nodes).
    #[inline]
    pub fn idom(&self, n: u32) -> Option<u32> {
        self.num
            .get(n as usize)
            .map(|x| x.idom)
            .filter(|&p| p != NONE)
    }

    /// Whether `a` dominates `b` (reflexive). O(1).
    #[inline]
    pub fn dominates(&self, a: u32, b: u32) -> bool {
        match (self.num.get(a as usize), self.num.get(b as usize)) {
            (Some(x), Some(y)) => x.pre != NONE && y.pre != NONE && x.pre <= y.pre && y.pre < x.end,
            _ => false,
        }
    }

    /// Whether `a` strictly dominates `b`.
    #[inline]
    pub fn strictly_dominates(&self, a: u32, b: u32) -> bool {
        a != b && self.dominates(a, b)
    }

    /// The children of `n` in the tree.
    pub fn children(&self, n: u32) -> &[u32] {
        let i = n as usize;
        // Offsets only for nodes `..n`: slot `n + 1` is not one.
        if i >= self.num.len() {
            return &[];
        }
        match (self.children.get(i), self.children.get(i.saturating_add(1))) {
            (Some(&a), Some(&b)) => self.children.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// Depth in the tree (root = 0).
    pub fn depth(&self, n: u32) -> u32 {
        self.num.get(n as usize).map_or(0, |x| x.depth)
    }

    /// Preorder number in the tree ([`u32::MAX`] if unreachable).
    pub fn preorder(&self, n: u32) -> u32 {
        self.num.get(n as usize).map_or(NONE, |x| x.pre)
    }

    /// The reachable nodes in tree preorder (each after its dominator).
    pub fn order(&self) -> &[u32] {
        self.children.get(self.order_start..).unwrap_or(&[])
    }
}

/// Random graphs for the dominance tests: `count` graphs of 1 to
/// `max_nodes` nodes (successor lists, node 0 the entry), with loops,
/// irreducible cycles and unreachable nodes, from a fixed seed.
#[cfg(test)]
pub(crate) fn random_graphs(seed: u64, max_nodes: u64, count: usize) -> Vec<Vec<Vec<u32>>> {
    let mut seed = seed;
    let mut next = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed.checked_rem(m).unwrap_or(0)
    };
    (0..count)
        .map(|_| {
            let n = next(max_nodes).saturating_add(1);
            (0..n)
                .map(|_| (0..next(4)).map(|_| next(n) as u32).collect())
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both algorithms find the same immediate dominators, on random
    /// graphs with loops, irreducible cycles and unreachable nodes.
    #[test]
    fn iterative_matches_lengauer_tarjan() -> Result<()> {
        for lists in random_graphs(0x9e37_79b9_7f4a_7c15, 40, 500) {
            let n = lists.len();
            let succ =
                Adj::from_targets(n, |v| lists.get(v as usize).into_iter().flatten().copied());
            let pred = succ.reversed();
            let d = dfs(&succ, 0);
            let a = DomTree::idoms_iterative(&pred, &d, &mut CfgScratch::default())?;
            let b = DomTree::idoms_lengauer_tarjan(&pred, &d)?;
            let ia: Vec<u32> = a.iter().map(|x| x.idom).collect();
            let ib: Vec<u32> = b.iter().map(|x| x.idom).collect();
            assert_eq!(ia, ib, "{lists:?}");
        }
        Ok(())
    }
}

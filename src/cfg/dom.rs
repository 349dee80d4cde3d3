//! Dominator trees (Lengauer–Tarjan with path compression, iterative) with
//! DFS-interval numbering so that [`DomTree::dominates`] is O(1).

use super::util::{dfs, get, set, Adj, Dfs, NONE};
use crate::error::Result;

/// A dominator (or post-dominator) tree over nodes `0..n`.
///
/// Nodes not reachable from the root have no immediate dominator, are
/// dominated by nothing and dominate nothing.
#[derive(Clone, Debug)]
pub struct DomTree {
    root: u32,
    idom: Vec<u32>,
    /// Preorder number in the dominator tree.
    pre: Vec<u32>,
    /// One past the largest preorder number in the subtree.
    end: Vec<u32>,
    depth: Vec<u32>,
    child_offs: Vec<u32>,
    child_data: Vec<u32>,
    /// Nodes in dominator-tree preorder.
    order: Vec<u32>,
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
        let n = d.pre_num.len();
        let count = d.pre.len();
        // Everything below works on DFS numbers 0..count.
        let num = &d.pre_num;
        let mut parent = vec![0u32; count];
        for (i, &v) in d.pre.iter().enumerate() {
            let p = get(&d.parent, v as usize)?;
            if p != NONE {
                set(&mut parent, i, get(num, p as usize)?)?;
            }
        }
        let mut semi: Vec<u32> = (0..count as u32).collect();
        let mut label: Vec<u32> = (0..count as u32).collect();
        let mut ancestor = vec![NONE; count];
        let mut idom_n = vec![0u32; count];
        let mut bucket_head = vec![NONE; count];
        let mut bucket_next = vec![NONE; count];
        let mut path: Vec<u32> = Vec::new();

        // eval with iterative path compression.
        fn eval(
            v: u32,
            ancestor: &mut [u32],
            label: &mut [u32],
            semi: &[u32],
            path: &mut Vec<u32>,
        ) -> Result<u32> {
            if get(ancestor, v as usize)? == NONE {
                return Ok(v);
            }
            // Collect the path up to the node whose ancestor is a root of
            // the forest.
            path.clear();
            let mut x = v;
            while get(ancestor, x as usize)? != NONE
                && get(ancestor, get(ancestor, x as usize)? as usize)? != NONE
            {
                path.push(x);
                x = get(ancestor, x as usize)?;
            }
            // Compress from the top down.
            while let Some(y) = path.pop() {
                let a = get(ancestor, y as usize)?;
                let la = get(label, a as usize)?;
                let ly = get(label, y as usize)?;
                if get(semi, la as usize)? < get(semi, ly as usize)? {
                    set(label, y as usize, la)?;
                }
                set(ancestor, y as usize, get(ancestor, a as usize)?)?;
            }
            get(label, v as usize)
        }

        for w in (1..count).rev() {
            let wv = get(&d.pre, w)?;
            for &pv in pred.succ(wv) {
                let p = get(num, pv as usize)?;
                if p == NONE {
                    continue; // unreachable predecessor
                }
                let u = eval(p, &mut ancestor, &mut label, &semi, &mut path)?;
                let su = get(&semi, u as usize)?;
                if su < get(&semi, w)? {
                    set(&mut semi, w, su)?;
                }
            }
            let s = get(&semi, w)? as usize;
            set(&mut bucket_next, w, get(&bucket_head, s)?)?;
            set(&mut bucket_head, s, w as u32)?;
            let pw = get(&parent, w)?;
            set(&mut ancestor, w, pw)?;
            // Process the bucket of the parent.
            let mut v = get(&bucket_head, pw as usize)?;
            set(&mut bucket_head, pw as usize, NONE)?;
            while v != NONE {
                let next = get(&bucket_next, v as usize)?;
                let u = eval(v, &mut ancestor, &mut label, &semi, &mut path)?;
                let id = if get(&semi, u as usize)? < get(&semi, v as usize)? {
                    u
                } else {
                    pw
                };
                set(&mut idom_n, v as usize, id)?;
                v = next;
            }
        }
        for w in 1..count {
            let iw = get(&idom_n, w)?;
            if iw != get(&semi, w)? {
                let v = get(&idom_n, iw as usize)?;
                set(&mut idom_n, w, v)?;
            }
        }
        let mut idom = vec![NONE; n];
        for w in 1..count {
            let v = get(&d.pre, w)?;
            let iv = get(&d.pre, get(&idom_n, w)? as usize)?;
            set(&mut idom, v as usize, iv)?;
        }
        Self::from_idom(root, idom)
    }

    /// Builds the tree numbering from immediate dominators (`NONE` for the
    /// root and for unreachable nodes).
    pub(crate) fn from_idom(root: u32, idom: Vec<u32>) -> Result<DomTree> {
        let n = idom.len();
        // The counts below are bounded by `n` (a node table in memory, with
        // `u32` node ids), and `i < n`: the saturating operations never
        // saturate.
        let mut counts = vec![0u32; n.saturating_add(1)];
        for &p in &idom {
            if p != NONE {
                let c = super::util::at_mut(&mut counts, (p as usize).saturating_add(1))?;
                *c = c.saturating_add(1);
            }
        }
        for i in 0..n {
            let prev = get(&counts, i)?;
            let c = super::util::at_mut(&mut counts, i.saturating_add(1))?;
            *c = c.saturating_add(prev);
        }
        let mut fill = counts.clone();
        let mut child_data = vec![0u32; counts.last().copied().unwrap_or(0) as usize];
        for (v, &p) in idom.iter().enumerate() {
            if p != NONE {
                let pos = super::util::at_mut(&mut fill, p as usize)?;
                set(&mut child_data, *pos as usize, v as u32)?;
                *pos = pos.saturating_add(1);
            }
        }
        let mut pre = vec![NONE; n];
        let mut end = vec![NONE; n];
        let mut depth = vec![0u32; n];
        let mut order = Vec::with_capacity(n);
        if (root as usize) < n {
            let mut stack: Vec<(u32, u32)> = vec![(root, 0)];
            set(&mut pre, root as usize, 0)?;
            order.push(root);
            while let Some(top) = stack.last_mut() {
                let (v, i) = *top;
                let a = get(&counts, v as usize)?;
                let b = get(&counts, (v as usize).saturating_add(1))?;
                // `a + i` stays below `b`, a `u32`; the depth is below `n`.
                let ci = a.saturating_add(i);
                if ci < b {
                    top.1 = i.saturating_add(1);
                    let c = get(&child_data, ci as usize)?;
                    set(&mut pre, c as usize, order.len() as u32)?;
                    let dv = get(&depth, v as usize)?.saturating_add(1);
                    set(&mut depth, c as usize, dv)?;
                    order.push(c);
                    stack.push((c, 0));
                } else {
                    set(&mut end, v as usize, order.len() as u32)?;
                    stack.pop();
                }
            }
        }
        Ok(DomTree {
            root,
            idom,
            pre,
            end,
            depth,
            child_offs: counts,
            child_data,
            order,
        })
    }

    /// The root.
    pub fn root(&self) -> u32 {
        self.root
    }

    /// Number of nodes the tree was built over (reachable or not).
    pub fn len(&self) -> usize {
        self.idom.len()
    }

    /// Whether the tree covers no nodes.
    pub fn is_empty(&self) -> bool {
        self.idom.is_empty()
    }

    /// Whether `n` is reachable from the root.
    #[inline]
    pub fn is_reachable(&self, n: u32) -> bool {
        self.pre.get(n as usize).is_some_and(|&p| p != NONE)
    }

    /// The immediate dominator of `n` (`None` for the root and unreachable
    /// nodes).
    #[inline]
    pub fn idom(&self, n: u32) -> Option<u32> {
        self.idom.get(n as usize).copied().filter(|&p| p != NONE)
    }

    /// Whether `a` dominates `b` (reflexive). O(1).
    #[inline]
    pub fn dominates(&self, a: u32, b: u32) -> bool {
        match (
            self.pre.get(a as usize),
            self.end.get(a as usize),
            self.pre.get(b as usize),
        ) {
            (Some(&pa), Some(&ea), Some(&pb)) => pa != NONE && pb != NONE && pa <= pb && pb < ea,
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
        match (
            self.child_offs.get(i),
            self.child_offs.get(i.saturating_add(1)),
        ) {
            (Some(&a), Some(&b)) => self.child_data.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// Depth in the tree (root = 0).
    pub fn depth(&self, n: u32) -> u32 {
        self.depth.get(n as usize).copied().unwrap_or(0)
    }

    /// Preorder number in the tree ([`u32::MAX`] if unreachable).
    pub fn preorder(&self, n: u32) -> u32 {
        self.pre.get(n as usize).copied().unwrap_or(NONE)
    }

    /// The reachable nodes in tree preorder (each after its dominator).
    pub fn order(&self) -> &[u32] {
        &self.order
    }
}

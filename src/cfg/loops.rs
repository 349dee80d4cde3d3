//! The loop nesting forest: natural loops of back edges (edges whose target
//! dominates their source), nested by containment, plus detection of
//! irreducible control flow (retreating edges whose target does not
//! dominate their source).

use super::dom::{DomTree, Dominates};
use super::scratch::CfgScratch;
use super::util::{dfs, get, set, Adj, Dfs, NONE};
use crate::error::Result;

/// Natural loops of a graph and their nesting.
#[derive(Clone, Debug)]
pub struct LoopForest {
    /// Innermost loop header containing each node (itself for a header),
    /// or [`u32::MAX`].
    innermost: Vec<u32>,
    /// For a header: the enclosing loop's header, or [`u32::MAX`].
    parent: Vec<u32>,
    is_header: Vec<bool>,
    /// Preorder/end numbering of headers in the loop tree.
    pre: Vec<u32>,
    end: Vec<u32>,
    depth: Vec<u32>,
    back_edges: Vec<(u32, u32)>,
    irreducible_edges: Vec<(u32, u32)>,
}

impl LoopForest {
    /// Computes the forest of the graph (`succ`, `pred`) from `entry`, with
    /// its dominator tree.
    pub fn compute(succ: &Adj, pred: &Adj, entry: u32, dom: &DomTree) -> Result<LoopForest> {
        Self::compute_from(succ, pred, &dfs(succ, entry), dom)
    }

    /// [`LoopForest::compute`] from a depth-first search of the graph
    /// already made (rooted at the entry).
    pub(crate) fn compute_from(
        succ: &Adj,
        pred: &Adj,
        d: &Dfs,
        dom: &impl Dominates,
    ) -> Result<LoopForest> {
        Self::compute_in(succ, pred, d, dom, &mut CfgScratch::default())
    }

    /// Gives the tables back to `s`.
    pub(crate) fn recycle(self, s: &mut CfgScratch) {
        for v in [self.innermost, self.parent, self.pre, self.end, self.depth] {
            s.u32s.give(v);
        }
        s.bools.give(self.is_header);
        s.pairs.give(self.back_edges);
        s.pairs.give(self.irreducible_edges);
    }

    /// [`LoopForest::compute_from`] in vectors of `s`.
    pub(crate) fn compute_in(
        succ: &Adj,
        pred: &Adj,
        d: &Dfs,
        dom: &impl Dominates,
        s: &mut CfgScratch,
    ) -> Result<LoopForest> {
        let pool = &mut s.u32s;
        let n = succ.len();
        let mut post_num = pool.table(n, NONE);
        for (i, &v) in d.post().iter().enumerate() {
            set(&mut post_num, v as usize, i as u32)?;
        }
        let mut back_edges = s.pairs.take();
        let mut irreducible_edges = s.pairs.take();
        let mut is_header = s.bools.table(n, false);
        for &u in d.pre() {
            let pu = get(&post_num, u as usize)?;
            for &v in succ.succ(u) {
                let pv = get(&post_num, v as usize)?;
                if pv >= pu {
                    if dom.dominates(v, u) {
                        back_edges.push((u, v));
                        set(&mut is_header, v as usize, true)?;
                    } else {
                        irreducible_edges.push((u, v));
                    }
                }
            }
        }
        // Headers, innermost first (descending DFS preorder).
        let mut headers = pool.take();
        headers.extend(
            d.pre()
                .iter()
                .rev()
                .copied()
                .filter(|&v| is_header.get(v as usize).copied().unwrap_or(false)),
        );
        pool.give(post_num);
        if headers.is_empty() {
            pool.give(headers);
            // No loops: the tables stay empty (every query answers "no
            // loop" for a node outside them).
            return Ok(LoopForest {
                innermost: Vec::new(),
                parent: Vec::new(),
                is_header: Vec::new(),
                pre: Vec::new(),
                end: Vec::new(),
                depth: Vec::new(),
                back_edges,
                irreducible_edges,
            });
        }
        let mut rep = pool.take();
        rep.extend(0..n as u32);
        let find = |rep: &mut Vec<u32>, x: u32| -> Result<u32> {
            let mut r = x;
            while get(rep, r as usize)? != r {
                r = get(rep, r as usize)?;
            }
            let mut y = x;
            while get(rep, y as usize)? != r {
                let next = get(rep, y as usize)?;
                set(rep, y as usize, r)?;
                y = next;
            }
            Ok(r)
        };
        let mut loop_parent = pool.table(n, NONE);
        let mut stamp = pool.table(n, NONE);
        let mut work = pool.take();
        for &h in &headers {
            work.clear();
            for &p in pred.succ(h) {
                if dom.is_reachable(p) && dom.dominates(h, p) {
                    work.push(find(&mut rep, p)?);
                }
            }
            while let Some(w) = work.pop() {
                if w == h || get(&stamp, w as usize)? == h {
                    continue;
                }
                set(&mut stamp, w as usize, h)?;
                set(&mut loop_parent, w as usize, h)?;
                set(&mut rep, w as usize, h)?;
                for &p in pred.succ(w) {
                    if !dom.is_reachable(p) || !dom.dominates(h, p) {
                        continue;
                    }
                    let r = find(&mut rep, p)?;
                    if r != h && get(&stamp, r as usize)? != h {
                        work.push(r);
                    }
                }
            }
        }
        for v in [rep, stamp, work] {
            pool.give(v);
        }
        let mut innermost = pool.table(n, NONE);
        let mut parent = pool.table(n, NONE);
        for v in 0..n {
            if get(&is_header, v)? {
                set(&mut innermost, v, v as u32)?;
                set(&mut parent, v, get(&loop_parent, v)?)?;
            } else {
                set(&mut innermost, v, get(&loop_parent, v)?)?;
            }
        }
        // Number the loop tree. Its children lists are linked through one
        // table: `head[p]` (slot `n` for the outermost loops) and `next[h]`.
        // The headers come innermost first (descending preorder), each put
        // at the front of its list: every list ends up in ascending preorder.
        pool.give(loop_parent);
        let mut links = pool.table(n.saturating_mul(2).saturating_add(1), NONE);
        let (head, next) = links.split_at_mut(n.saturating_add(1));
        for &h in &headers {
            let p = get(&parent, h as usize)?;
            let slot = if p == NONE { n } else { p as usize };
            set(next, h as usize, get(head, slot)?)?;
            set(head, slot, h)?;
        }
        let mut pre = pool.table(n, NONE);
        let mut end = pool.table(n, NONE);
        let mut depth = pool.table(n, 0);
        let mut counter = 0u32;
        // (loop, its next child to visit, depth).
        let mut stack: Vec<(usize, u32, u32)> = vec![(n, get(head, n)?, 0)];
        while let Some(top) = stack.last_mut() {
            let (v, c, dep) = *top;
            if c != NONE {
                // `counter` and `dep` are bounded by the number of loop
                // headers (`u32` node ids): no saturation.
                top.1 = get(next, c as usize)?;
                set(&mut pre, c as usize, counter)?;
                set(&mut depth, c as usize, dep.saturating_add(1))?;
                counter = counter.saturating_add(1);
                stack.push((c as usize, get(head, c as usize)?, dep.saturating_add(1)));
            } else {
                if v < n {
                    set(&mut end, v, counter)?;
                }
                stack.pop();
            }
        }
        pool.give(links);
        pool.give(headers);
        Ok(LoopForest {
            innermost,
            parent,
            is_header,
            pre,
            end,
            depth,
            back_edges,
            irreducible_edges,
        })
    }

    /// Whether `n` is a loop header.
    pub fn is_header(&self, n: u32) -> bool {
        self.is_header.get(n as usize).copied().unwrap_or(false)
    }

    /// The innermost loop header containing `n` (`n` itself for a header).
    pub fn innermost(&self, n: u32) -> Option<u32> {
        self.innermost
            .get(n as usize)
            .copied()
            .filter(|&h| h != NONE)
    }

    /// The header of the loop enclosing the loop headed by `h`.
    pub fn parent(&self, h: u32) -> Option<u32> {
        self.parent.get(h as usize).copied().filter(|&p| p != NONE)
    }

    /// Loop nesting depth of a header (outermost loops have depth 1).
    pub fn depth(&self, h: u32) -> u32 {
        self.depth.get(h as usize).copied().unwrap_or(0)
    }

    /// Whether header `h`'s loop contains node `n` (nested loops included).
    /// O(1).
    pub fn contains(&self, h: u32, n: u32) -> bool {
        let Some(m) = self.innermost(n) else {
            return false;
        };
        match (
            self.pre.get(h as usize),
            self.end.get(h as usize),
            self.pre.get(m as usize),
        ) {
            (Some(&ph), Some(&eh), Some(&pm)) => ph != NONE && pm != NONE && ph <= pm && pm < eh,
            _ => false,
        }
    }

    /// Back edges (latch, header).
    pub fn back_edges(&self) -> &[(u32, u32)] {
        &self.back_edges
    }

    /// Retreating edges whose target does not dominate their source; the
    /// graph is reducible when there are none.
    pub fn irreducible_edges(&self) -> &[(u32, u32)] {
        &self.irreducible_edges
    }

    /// Whether the graph is reducible.
    pub fn is_reducible(&self) -> bool {
        self.irreducible_edges.is_empty()
    }

    /// All loop headers.
    pub fn headers(&self) -> impl Iterator<Item = u32> + '_ {
        self.is_header
            .iter()
            .enumerate()
            .filter(|(_, &h)| h)
            .map(|(i, _)| i as u32)
    }
}

//! Small helpers shared by the control-flow passes: checked indexing that
//! turns a broken invariant into an [`Error`] instead of a panic, a compact
//! adjacency list, and a fast map for block-indexed tables.

use super::scratch::Pool;
use crate::error::{Error, Phase, Result};
use crate::ir::BlockId;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A small multiplicative hasher for maps keyed by numbers the structurizer
/// hands out itself (block indices): they are dense, so an odd multiplier
/// spreads them perfectly, and SipHash would only cost time. Never use it for
/// keys the input chooses: an unkeyed hash lets the input force collisions.
#[derive(Default)]
pub(crate) struct FastHasher(u64);

/// A hash map with [`FastHasher`].
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, v: u8) {
        self.write_u64(u64::from(v));
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// "No node" marker in `u32` node tables.
pub(crate) const NONE: u32 = u32::MAX;

/// An internal-invariant error of the cfg phase.
pub(crate) fn internal(msg: impl Into<String>) -> Error {
    Error::internal(Phase::Cfg, msg)
}

/// Checked shared indexing.
#[inline]
pub(crate) fn at<T>(v: &[T], i: usize) -> Result<&T> {
    v.get(i)
        .ok_or_else(|| internal(format!("index {i} out of range ({})", v.len())))
}

/// Checked mutable indexing.
#[inline]
pub(crate) fn at_mut<T>(v: &mut [T], i: usize) -> Result<&mut T> {
    let len = v.len();
    v.get_mut(i)
        .ok_or_else(|| internal(format!("index {i} out of range ({len})")))
}

/// Checked read of a `Copy` element.
#[inline]
pub(crate) fn get<T: Copy>(v: &[T], i: usize) -> Result<T> {
    at(v, i).copied()
}

/// Checked write.
#[inline]
pub(crate) fn set<T>(v: &mut [T], i: usize, x: T) -> Result<()> {
    *at_mut(v, i)? = x;
    Ok(())
}

/// Appends `t` to the list that starts at `start` in `out` unless the list
/// has it: the terminators' `push_targets`, which the adjacency builders
/// call for every block of every pass, keep the first of duplicate targets
/// with it (a direct match on the terminator, not a chain of iterators).
#[inline]
pub(crate) fn push_new(out: &mut Vec<u32>, start: usize, t: u32) {
    if !out.get(start..).is_some_and(|l| l.contains(&t)) {
        out.push(t);
    }
}

/// A compressed adjacency list over nodes `0..n` (successors or
/// predecessors), built once and read many times.
#[derive(Clone, Debug, Default)]
pub struct Adj {
    offs: Vec<u32>,
    data: Vec<u32>,
}

impl Adj {
    /// Builds from per-node lists.
    pub fn from_lists(lists: &[Vec<u32>]) -> Adj {
        let mut offs = Vec::with_capacity(lists.len().saturating_add(1));
        let mut data = Vec::new();
        offs.push(0);
        for l in lists {
            data.extend_from_slice(l);
            offs.push(data.len() as u32);
        }
        Adj { offs, data }
    }

    /// Builds from a function that appends the neighbours of each node
    /// `0..n` in turn to the shared list it is given (no list per node), in
    /// vectors of `pool`.
    pub(crate) fn from_fn_in(
        n: usize,
        mut f: impl FnMut(u32, &mut Vec<u32>),
        pool: &mut Pool<u32>,
    ) -> Adj {
        let mut offs = pool.take();
        offs.reserve(n.saturating_add(1));
        let mut data = pool.take();
        data.reserve(n.saturating_mul(2));
        offs.push(0);
        for i in 0..n {
            f(i as u32, &mut data);
            offs.push(data.len() as u32);
        }
        Adj { offs, data }
    }

    /// Builds from each node's targets, keeping the first of duplicates.
    #[cfg(test)]
    pub(crate) fn from_targets<I: IntoIterator<Item = u32>>(
        n: usize,
        mut targets: impl FnMut(u32) -> I,
    ) -> Adj {
        Adj::from_fn_in(
            n,
            |i, out| {
                let start = out.len();
                for t in targets(i) {
                    push_new(out, start, t);
                }
            },
            &mut Pool::default(),
        )
    }

    /// Builds the reverse adjacency (predecessors from successors); each
    /// reversed list keeps the order in which the sources are numbered.
    pub fn reversed(&self) -> Adj {
        self.reversed_in(&mut Pool::default())
    }

    /// Gives the lists' vectors back to `pool`.
    pub(crate) fn recycle(self, pool: &mut Pool<u32>) {
        pool.give(self.offs);
        pool.give(self.data);
    }

    /// [`Adj::reversed`] in vectors of `pool`.
    pub(crate) fn reversed_in(&self, pool: &mut Pool<u32>) -> Adj {
        let n = self.len();
        // Counts of node `t` go to `offs[t + 2]`; after the prefix sums,
        // `offs[t + 1]` is where `t`'s list starts and serves as its fill
        // cursor, ending where the next list starts: then `offs[..=n]` are
        // the offsets. Every count is at most `self.data.len()`, whose
        // offsets are `u32` already, and `i < n`: the saturating operations
        // never saturate.
        let mut offs = pool.table(n.saturating_add(2), 0);
        for &t in &self.data {
            if let Some(c) = offs.get_mut((t as usize).saturating_add(2)) {
                *c = c.saturating_add(1);
            }
        }
        let mut acc = 0u32;
        for c in offs.iter_mut() {
            acc = acc.saturating_add(*c);
            *c = acc;
        }
        let mut data = pool.table(self.data.len(), 0);
        for s in 0..n {
            for &t in self.succ(s as u32) {
                if let Some(pos) = offs.get_mut((t as usize).saturating_add(1)) {
                    if let Some(d) = data.get_mut(*pos as usize) {
                        *d = s as u32;
                    }
                    *pos = pos.saturating_add(1);
                }
            }
        }
        offs.truncate(n.saturating_add(1));
        Adj { offs, data }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.offs.len().saturating_sub(1)
    }

    /// Whether there are no nodes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The neighbours of a node (empty for an unknown node).
    #[inline]
    pub fn succ(&self, n: u32) -> &[u32] {
        let i = n as usize;
        match (self.offs.get(i), self.offs.get(i.saturating_add(1))) {
            (Some(&a), Some(&b)) => self.data.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}

/// Depth-first orders of the nodes reachable from `entry`: the preorder,
/// the postorder, and for each node its DFS parent (or [`NONE`]) and
/// preorder number (or [`NONE`] if unreachable). Iterative; successors are
/// visited in list order. The four tables share one allocation.
#[derive(Clone, Debug)]
pub(crate) struct Dfs {
    /// `n` preorder numbers, `n` parents, then the preorder and the
    /// postorder (`count` nodes each, in `n`-long slots).
    buf: Vec<u32>,
    n: usize,
    count: usize,
}

impl Dfs {
    /// Slot `k` of `buf`, its first `len` entries.
    fn slot(&self, k: usize, len: usize) -> &[u32] {
        let start = self.n.saturating_mul(k);
        self.buf
            .get(start..start.saturating_add(len))
            .unwrap_or(&[])
    }

    /// Preorder number of each node ([`NONE`] if unreachable).
    pub fn pre_num(&self) -> &[u32] {
        self.slot(0, self.n)
    }

    /// DFS parent of each node ([`NONE`] for the entry and unreachable
    /// nodes).
    pub fn parent(&self) -> &[u32] {
        self.slot(1, self.n)
    }

    /// The reachable nodes in preorder.
    pub fn pre(&self) -> &[u32] {
        self.slot(2, self.count)
    }

    /// The reachable nodes in postorder.
    pub fn post(&self) -> &[u32] {
        self.slot(3, self.count)
    }
}

pub(crate) fn dfs(succ: &Adj, entry: u32) -> Dfs {
    dfs_in(succ, entry, &mut Pool::default())
}

impl Dfs {
    /// This search of a graph, on the graph of its reachable nodes
    /// renumbered by their position in `order`, its reverse postorder: the
    /// search the renumbered graph would give (its successor lists
    /// renumbered alike), without walking it again. In vectors of `pool`.
    pub(crate) fn renumbered(&self, order: &[BlockId], pool: &mut Pool<u32>) -> Dfs {
        let n = order.len();
        let mut node_of = pool.table(self.n, NONE);
        for (i, b) in order.iter().enumerate() {
            if let Some(x) = node_of.get_mut(b.0 as usize) {
                *x = i as u32;
            }
        }
        let map = |v: u32| node_of.get(v as usize).copied().unwrap_or(NONE);
        let mut buf = pool.take();
        buf.reserve(n.saturating_mul(5));
        buf.extend(
            order
                .iter()
                .map(|b| self.pre_num().get(b.0 as usize).copied().unwrap_or(NONE)),
        );
        buf.extend(
            order
                .iter()
                .map(|b| map(self.parent().get(b.0 as usize).copied().unwrap_or(NONE))),
        );
        buf.extend(self.pre().iter().map(|&v| map(v)));
        buf.resize(n.saturating_mul(3), NONE);
        buf.extend(self.post().iter().map(|&v| map(v)));
        buf.resize(n.saturating_mul(5), NONE);
        pool.give(node_of);
        Dfs {
            buf,
            n,
            count: self.count.min(n),
        }
    }

    /// Gives the tables back to `pool`.
    pub(crate) fn recycle(self, pool: &mut Pool<u32>) {
        pool.give(self.buf);
    }
}

/// [`dfs`] in a vector of `pool`.
pub(crate) fn dfs_in(succ: &Adj, entry: u32, pool: &mut Pool<u32>) -> Dfs {
    let n = succ.len();
    let mut buf = pool.table(n.saturating_mul(5), NONE);
    let mut count = 0usize;
    // Four tables and the index of each node's next edge (scratch). The
    // walk climbs back up through the parents, so it needs no stack.
    let mut slots = buf.chunks_exact_mut(n.max(1));
    if let (Some(pre_num), Some(parent), Some(pre), Some(post), Some(next), true) = (
        slots.next(),
        slots.next(),
        slots.next(),
        slots.next(),
        slots.next(),
        (entry as usize) < n,
    ) {
        let mut post_len = 0usize;
        let mut v = entry;
        let mut visit = |w: u32, pre_num: &mut [u32], pre: &mut [u32], next: &mut [u32]| {
            if let (Some(num), Some(p), Some(x)) = (
                pre_num.get_mut(w as usize),
                pre.get_mut(count),
                next.get_mut(w as usize),
            ) {
                *num = count as u32;
                *p = w;
                *x = 0;
            }
            // At most `n` nodes: cannot saturate.
            count = count.saturating_add(1);
        };
        visit(v, pre_num, pre, next);
        loop {
            let i = next.get(v as usize).copied().unwrap_or(NONE) as usize;
            if let Some(&w) = succ.succ(v).get(i) {
                if let Some(x) = next.get_mut(v as usize) {
                    *x = x.saturating_add(1);
                }
                if pre_num.get(w as usize) == Some(&NONE) {
                    visit(w, pre_num, pre, next);
                    if let Some(p) = parent.get_mut(w as usize) {
                        *p = v;
                    }
                    v = w;
                }
            } else {
                if let Some(p) = post.get_mut(post_len) {
                    *p = v;
                }
                post_len = post_len.saturating_add(1);
                match parent.get(v as usize) {
                    Some(&p) if p != NONE => v = p,
                    _ => break,
                }
            }
        }
    }
    Dfs { buf, n, count }
}

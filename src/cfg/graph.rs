//! The control-flow graph of one [`Function`], as a petgraph graph plus
//! compact successor/predecessor lists, reachability and reverse postorder.

use std::sync::OnceLock;

use petgraph::graph::{DiGraph, NodeIndex};

use super::dom::DomTree;
use super::dom_mask::Dominance;
use super::loops::LoopForest;
use super::scratch::CfgScratch;
use super::scratch::{bytes, Pool};
use super::util::{push_new, Adj, Dfs, NONE};
use crate::error::{Error, Phase, Result};
use crate::ir::{BlockId, Function, InstKind, Module, ValueId};

/// A terminator reduced to what control flow needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Unconditional branch.
    Br(BlockId),
    /// Two-way branch on an `i1` value.
    CondBr {
        /// The condition.
        cond: ValueId,
        /// Target when true.
        if_true: BlockId,
        /// Target when false.
        if_false: BlockId,
    },
    /// Multi-way branch.
    Switch {
        /// The selector.
        value: ValueId,
        /// Default target.
        default: BlockId,
        /// (case literal, target), literals zero-extended from the
        /// selector's width.
        cases: Vec<(u64, BlockId)>,
    },
    /// Function return.
    Ret(Option<ValueId>),
    /// `unreachable`.
    Unreachable,
}

impl Exit {
    /// The targets, in terminator order, with duplicates.
    pub fn targets(&self) -> Vec<BlockId> {
        self.target_iter().collect()
    }

    /// Appends the distinct targets, in terminator order, to `out` (an
    /// [`Adj::from_fn_in`] list).
    fn push_targets(&self, out: &mut Vec<u32>) {
        let start = out.len();
        match self {
            Exit::Br(t) => out.push(t.0),
            Exit::CondBr {
                if_true, if_false, ..
            } => {
                out.push(if_true.0);
                push_new(out, start, if_false.0);
            }
            Exit::Switch { default, cases, .. } => {
                out.push(default.0);
                for c in cases {
                    push_new(out, start, c.1 .0);
                }
            }
            Exit::Ret(_) | Exit::Unreachable => {}
        }
    }

    /// [`Exit::targets`] without collecting them.
    fn target_iter(&self) -> impl Iterator<Item = BlockId> + '_ {
        let (first, second, cases): (Option<BlockId>, Option<BlockId>, &[(u64, BlockId)]) =
            match self {
                Exit::Br(t) => (Some(*t), None, &[]),
                Exit::CondBr {
                    if_true, if_false, ..
                } => (Some(*if_true), Some(*if_false), &[]),
                Exit::Switch { default, cases, .. } => (Some(*default), None, cases),
                Exit::Ret(_) | Exit::Unreachable => (None, None, &[]),
            };
        first
            .into_iter()
            .chain(second)
            .chain(cases.iter().map(|c| c.1))
    }
}

/// Reads the terminator of a block.
///
/// Errors if the block is empty, does not end in a terminator, branches to
/// a block that does not exist, or has a switch case that is not an
/// integer constant.
pub fn block_exit(func: &Function, module: &Module, block: BlockId) -> Result<Exit> {
    let insts = func.block_insts(block);
    let bad = |msg: &str| Error::invalid(Phase::Cfg, format!("block {}: {msg}", block.0));
    let last = insts.last().ok_or_else(|| bad("empty block"))?;
    let n = func.blocks.len() as u32;
    let check = |b: BlockId| -> Result<BlockId> {
        if b.0 < n {
            Ok(b)
        } else {
            Err(bad(&format!(
                "branch to block {} which does not exist",
                b.0
            )))
        }
    };
    Ok(match last.kind {
        InstKind::Br { target } => Exit::Br(check(target)?),
        InstKind::CondBr {
            cond,
            if_true,
            if_false,
        } => Exit::CondBr {
            cond,
            if_true: check(if_true)?,
            if_false: check(if_false)?,
        },
        InstKind::Switch {
            value,
            default,
            cases,
        } => {
            let mut cs = Vec::with_capacity(cases.len as usize / 2);
            for (c, b) in module.pairs(cases) {
                let lit = module
                    .const_uint(ValueId(c))
                    .ok_or_else(|| bad("switch case is not an integer constant"))?;
                cs.push((lit, check(BlockId(b))?));
            }
            Exit::Switch {
                value,
                default: check(default)?,
                cases: cs,
            }
        }
        InstKind::Ret { value } => Exit::Ret(value),
        InstKind::Unreachable => Exit::Unreachable,
        _ => return Err(bad("does not end in a terminator")),
    })
}

/// The vectors of a [`Cfg`], kept apart from the passes' pools so that
/// each comes back to the table it served before, with its capacity.
#[derive(Default)]
pub(crate) struct CfgBufs {
    exits: Vec<Exit>,
    rpo: Vec<BlockId>,
    u32s: Pool<u32>,
}

impl CfgBufs {
    /// The bytes the vectors hold on to.
    pub(crate) fn bytes(&self) -> usize {
        bytes(&self.exits)
            .saturating_add(bytes(&self.rpo))
            .saturating_add(self.u32s.bytes())
    }
}

/// The control-flow graph of a function.
///
/// Node `i` of [`Cfg::graph`] is block `i` of the function; an edge exists
/// for each distinct (source, target) pair. All blocks are nodes, reachable
/// or not.
#[derive(Clone, Debug)]
pub struct Cfg {
    /// Built on first use: the passes read the adjacency lists.
    graph: OnceLock<DiGraph<BlockId, ()>>,
    exits: Vec<Exit>,
    succ: Adj,
    /// Built on first use: the structurizer rarely reads it.
    pred: OnceLock<Adj>,
    /// The depth-first search from the entry.
    dfs: Dfs,
    rpo: Vec<BlockId>,
}

impl Cfg {
    /// Builds the CFG of a function definition.
    pub fn new(func: &Function, module: &Module) -> Result<Cfg> {
        Cfg::new_in(func, module, &mut CfgBufs::default())
    }

    /// [`Cfg::new`] in the vectors of `b` (those of an earlier CFG, given
    /// back by [`Cfg::recycle`]).
    pub(crate) fn new_in(func: &Function, module: &Module, b: &mut CfgBufs) -> Result<Cfg> {
        let n = func.blocks.len();
        if n == 0 {
            return Err(Error::invalid(Phase::Cfg, "function has no blocks"));
        }
        let mut exits = std::mem::take(&mut b.exits);
        exits.clear();
        exits.reserve(n);
        for b in 0..n {
            exits.push(block_exit(func, module, BlockId(b as u32))?);
        }
        let succ = Adj::from_fn_in(
            n,
            |b, out| {
                if let Some(e) = exits.get(b as usize) {
                    e.push_targets(out);
                }
            },
            &mut b.u32s,
        );
        let dfs = super::util::dfs_in(&succ, 0, &mut b.u32s);
        let mut rpo = std::mem::take(&mut b.rpo);
        rpo.clear();
        rpo.extend(dfs.post().iter().rev().map(|&v| BlockId(v)));
        Ok(Cfg {
            graph: OnceLock::new(),
            exits,
            succ,
            pred: OnceLock::new(),
            dfs,
            rpo,
        })
    }

    /// Gives the vectors back to `b` for the next [`Cfg::new_in`].
    pub(crate) fn recycle(self, b: &mut CfgBufs) {
        b.exits = self.exits;
        b.rpo = self.rpo;
        self.succ.recycle(&mut b.u32s);
        self.dfs.recycle(&mut b.u32s);
    }

    /// The petgraph view (node index = block index).
    pub fn graph(&self) -> &DiGraph<BlockId, ()> {
        self.graph.get_or_init(|| {
            let n = self.len();
            let mut graph = DiGraph::with_capacity(n, n.saturating_mul(2));
            for b in 0..n {
                graph.add_node(BlockId(b as u32));
            }
            for b in 0..n {
                for &t in self.succ.succ(b as u32) {
                    graph.add_edge(NodeIndex::new(b), NodeIndex::new(t as usize), ());
                }
            }
            graph
        })
    }

    /// Number of blocks.
    pub fn len(&self) -> usize {
        self.exits.len()
    }

    /// Whether the function has no blocks (never true for a built CFG).
    pub fn is_empty(&self) -> bool {
        self.exits.is_empty()
    }

    /// The terminator of a block.
    pub fn exit(&self, b: BlockId) -> Option<&Exit> {
        self.exits.get(b.0 as usize)
    }

    /// Distinct successors, in terminator order.
    pub fn successors(&self, b: BlockId) -> impl Iterator<Item = BlockId> + '_ {
        self.succ.succ(b.0).iter().map(|&v| BlockId(v))
    }

    /// Distinct predecessors (reachable or not), in block order.
    pub fn predecessors(&self, b: BlockId) -> impl Iterator<Item = BlockId> + '_ {
        self.pred_adj().succ(b.0).iter().map(|&v| BlockId(v))
    }

    /// Successor lists as a compact adjacency.
    pub fn succ_adj(&self) -> &Adj {
        &self.succ
    }

    /// Predecessor lists as a compact adjacency.
    pub fn pred_adj(&self) -> &Adj {
        self.pred.get_or_init(|| self.succ.reversed())
    }

    /// Whether a block is reachable from the entry.
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.dfs
            .pre_num()
            .get(b.0 as usize)
            .is_some_and(|&p| p != NONE)
    }

    /// Reachable blocks in reverse postorder (entry first).
    pub fn rpo(&self) -> &[BlockId] {
        &self.rpo
    }

    /// The depth-first search from the entry.
    pub(crate) fn dfs(&self) -> &Dfs {
        &self.dfs
    }

    /// The dominator tree (rooted at the entry block).
    pub fn dominators(&self) -> Result<DomTree> {
        DomTree::compute(&self.succ, self.pred_adj(), 0)
    }

    /// The dominance of the entry block's tree for queries only (bit masks
    /// on small graphs), in tables of `s`.
    pub(crate) fn dominance(&self, s: &mut CfgScratch) -> Result<Dominance> {
        Dominance::compute(self.pred_adj(), &self.dfs, s)
    }

    /// The post-dominator tree. Its root is a virtual exit node numbered
    /// `len()`, which every returning or `unreachable` block flows to.
    /// Blocks that cannot reach an exit (infinite loops) are unreachable in
    /// it.
    pub fn post_dominators(&self) -> Result<DomTree> {
        let n = self.len();
        let mut rev: Vec<Vec<u32>> = (0..n)
            .map(|b| self.pred_adj().succ(b as u32).to_vec())
            .collect();
        let mut virt = Vec::new();
        for (b, e) in self.exits.iter().enumerate() {
            if matches!(e, Exit::Ret(_) | Exit::Unreachable) {
                virt.push(b as u32);
            }
        }
        rev.push(virt);
        let rsucc = Adj::from_lists(&rev);
        let rpred = rsucc.reversed();
        DomTree::compute(&rsucc, &rpred, n as u32)
    }

    /// The loop nesting forest, given the dominator tree.
    pub fn loops(&self, dom: &DomTree) -> Result<LoopForest> {
        LoopForest::compute(&self.succ, self.pred_adj(), 0, dom)
    }
}

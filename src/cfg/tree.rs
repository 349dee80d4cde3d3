//! The structure tree of a reducible pre-CFG (after Ramsey, "Beyond
//! Relooper", adapted to SPIR-V): every node is placed once, inside nested
//! `Block` (exit label = the node that follows), `Loop` (continue label =
//! the header), `If` and `Switch` statements; every branch that is not
//! inlined names an enclosing label.
//!
//! Placement differs from Ramsey in one way that matters for SPIR-V and
//! for convergence: a node outside a natural loop is never placed inside
//! that loop. Such a node gets a label and its `Block` is wrapped around
//! the outermost loop that contains its immediate dominator but not the
//! node itself, so exits leave the loop through its merge.

use super::dom::Dominates;
use super::dom_mask::Dominance;
use super::graph::Cfg;
use super::loops::LoopForest;
use super::pre::{PSel, PTerm, PreCfg};
use super::scratch::CfgScratch;
use super::structured::SelectionControl;
use super::util::{at, at_mut, internal, set, Adj, NONE};
use crate::error::Result;
use crate::ir::ValueId;

/// Index of a list in [`Tree::lists`].
pub(crate) type ListId = u32;

/// What a label names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LabelKind {
    /// The exit of a `Block`: control continues at this node.
    Block(u32),
    /// The continue of a `Loop` headed by this node.
    Loop(u32),
}

/// One arm of a switch.
#[derive(Clone, Debug)]
pub(crate) struct Arm {
    pub lits: Vec<u64>,
    pub is_default: bool,
    pub body: ListId,
}

/// The terminal statement of a list.
#[derive(Clone, Debug)]
pub(crate) enum Term {
    /// Placeholder while building.
    Pending,
    /// `body`; then, when the body exits to `label`, `follow`.
    Block {
        label: u32,
        body: ListId,
        follow: ListId,
    },
    /// A loop; `Br(label)` inside continues it.
    Loop {
        label: u32,
        body: ListId,
    },
    If {
        cond: ValueId,
        then: ListId,
        els: ListId,
        hint: SelectionControl,
    },
    Switch {
        value: PSel,
        arms: Vec<Arm>,
        hint: SelectionControl,
    },
    /// Continue with another list (an inlined successor).
    Jump(ListId),
    /// Branch to an enclosing label.
    Br(u32),
    Ret(Option<ValueId>),
    Unreachable,
}

/// A statement list: an optional node's code, then a terminal statement.
#[derive(Clone, Debug)]
pub(crate) struct List {
    pub code: Option<u32>,
    pub term: Term,
}

/// The tree.
pub(crate) struct Tree {
    pub lists: Vec<List>,
    pub labels: Vec<LabelKind>,
    pub root: ListId,
}

impl Tree {
    /// Gives the tables back to `s`.
    pub(crate) fn recycle(self, s: &mut CfgScratch) {
        s.lists.give(self.lists);
        s.labels.give(self.labels);
    }
}

/// Analysis of the reducible pre-CFG the tree is built from.
pub(crate) struct Analysis {
    pub pred: Adj,
    pub dom: Dominance,
    pub loops: LoopForest,
    pub rpo_num: Vec<u32>,
}

impl Analysis {
    /// Dominators, loops and reverse postorder of the pre-CFG, from one
    /// depth-first search: that of `cfg` renumbered, given a pre-CFG that
    /// [`PreCfg::mirrors`] it. The graph may still be irreducible
    /// ([`LoopForest::is_reducible`]); [`build`] needs it reducible.
    pub(crate) fn new(pre: &PreCfg, cfg: Option<&Cfg>, s: &mut CfgScratch) -> Result<Analysis> {
        let (succ, pred) = pre.adjacency(&mut s.u32s);
        let d = match cfg {
            Some(cfg) if pre.mirrors => cfg.dfs().renumbered(cfg.rpo(), &mut s.u32s),
            _ => super::util::dfs_in(&succ, 0, &mut s.u32s),
        };
        let dom = Dominance::compute(&pred, &d, s)?;
        let loops = LoopForest::compute_in(&succ, &pred, &d, &dom, s)?;
        let mut rpo_num = s.u32s.table(succ.len(), NONE);
        for (i, &v) in d.post().iter().rev().enumerate() {
            set(&mut rpo_num, v as usize, i as u32)?;
        }
        d.recycle(&mut s.u32s);
        succ.recycle(&mut s.u32s);
        Ok(Analysis {
            pred,
            dom,
            loops,
            rpo_num,
        })
    }

    /// Gives the tables back to `s`.
    pub(crate) fn recycle(self, s: &mut CfgScratch) {
        self.pred.recycle(&mut s.u32s);
        self.dom.recycle(s);
        self.loops.recycle(s);
        s.u32s.give(self.rpo_num);
    }

    fn is_back_edge(&self, u: u32, v: u32) -> bool {
        self.loops.is_header(v) && self.dom.dominates(v, u)
    }
}

/// What [`build`] keeps per node.
#[derive(Clone, Copy)]
pub(crate) struct TNode {
    /// Forward (non-back-edge) predecessors.
    fwd: u32,
    /// Whether the node is the target of a `Block` label.
    is_label: bool,
    /// Whether that `Block` wraps the loop its immediate dominator is in.
    hoisted: bool,
    /// The node's `Block` label (if `is_label`).
    block_label: u32,
    /// The node's `Loop` label (if a loop header).
    loop_label: u32,
    /// Whether the node has been placed.
    built: bool,
}

impl Default for TNode {
    fn default() -> TNode {
        TNode {
            fwd: 0,
            is_label: false,
            hoisted: false,
            block_label: NONE,
            loop_label: NONE,
            built: false,
        }
    }
}

/// Builds the tree.
pub(crate) fn build(pre: &PreCfg, a: &Analysis, s: &mut CfgScratch) -> Result<Tree> {
    if !a.loops.is_reducible() {
        return Err(internal("structure tree needs a reducible graph"));
    }
    let n = pre.nodes.len();
    // The per-node tables, side by side in one allocation.
    let mut t = s.tnodes.table(n, TNode::default());
    // Forward predecessor counts.
    for v in 0..n as u32 {
        if !a.dom.is_reachable(v) {
            continue;
        }
        for &p in a.pred.succ(v) {
            if a.dom.is_reachable(p) && !a.is_back_edge(p, v) {
                // At most one per predecessor edge: cannot saturate.
                let c = &mut at_mut(&mut t, v as usize)?.fwd;
                *c = c.saturating_add(1);
            }
        }
    }
    // Label nodes and where their Blocks attach.
    // (node x, label node y): y's Block attaches at x; sorted below by x,
    // then by y's reverse postorder number.
    let mut attached = s.pairs.take();
    for v in 0..n as u32 {
        let Some(d) = a.dom.idom(v) else { continue };
        // The outermost loop containing d but not v.
        let mut star = NONE;
        let mut l = a.loops.innermost(d);
        while let Some(h) = l {
            if a.loops.contains(h, v) {
                break;
            }
            star = h;
            l = a.loops.parent(h);
        }
        let tv = at_mut(&mut t, v as usize)?;
        if star != NONE {
            tv.is_label = true;
            tv.hoisted = true;
            attached.push((star, v));
        } else if tv.fwd >= 2 {
            tv.is_label = true;
            attached.push((d, v));
        }
    }
    // Stable: pushed in node order, as the rest of the structurizer sees.
    attached.sort_by_key(|&(x, v)| (x, a.rpo_num.get(v as usize).copied().unwrap_or(NONE)));
    let mut labels = s.labels.take();
    labels.reserve(n);
    for (v, tv) in t.iter_mut().enumerate() {
        if tv.is_label {
            tv.block_label = labels.len() as u32;
            labels.push(LabelKind::Block(v as u32));
        }
        if a.loops.is_header(v as u32) {
            tv.loop_label = labels.len() as u32;
            labels.push(LabelKind::Loop(v as u32));
        }
    }

    let mut lists: Vec<List> = s.lists.take();
    lists.reserve(n.saturating_mul(3).saturating_add(1));
    let new_list = |lists: &mut Vec<List>, code: Option<u32>, term: Term| -> ListId {
        let id = lists.len() as ListId;
        lists.push(List { code, term });
        id
    };
    let root = new_list(&mut lists, None, Term::Pending);
    let mut work: Vec<(u32, ListId)> = s.pairs.take();
    work.reserve(n);
    work.push((0, root));
    while let Some((x, slot)) = work.pop() {
        if std::mem::replace(&mut at_mut(&mut t, x as usize)?.built, true) {
            return Err(internal(format!("node {x} placed twice")));
        }
        // Branch from x to t: a list.
        let branch =
            |lists: &mut Vec<List>, work: &mut Vec<(u32, ListId)>, target: u32| -> Result<ListId> {
                let tt = at(&t, target as usize)?;
                if a.is_back_edge(x, target) {
                    Ok(new_list(lists, None, Term::Br(tt.loop_label)))
                } else if tt.is_label {
                    Ok(new_list(lists, None, Term::Br(tt.block_label)))
                } else {
                    let l = new_list(lists, None, Term::Pending);
                    work.push((target, l));
                    Ok(l)
                }
            };
        let node = at(&pre.nodes, x as usize)?;
        let term = match &node.term {
            PTerm::Br(t) => Term::Jump(branch(&mut lists, &mut work, *t)?),
            PTerm::CondBr { cond, t, f, hint } => {
                let then = branch(&mut lists, &mut work, *t)?;
                let els = branch(&mut lists, &mut work, *f)?;
                Term::If {
                    cond: *cond,
                    then,
                    els,
                    hint: *hint,
                }
            }
            PTerm::Switch {
                value,
                default,
                cases,
                hint,
            } => {
                let mut arms: Vec<(u32, Arm)> = Vec::new();
                let targets = std::iter::once(*default).chain(cases.iter().map(|c| c.1));
                for target in targets {
                    if arms.iter().any(|(x, _)| *x == target) {
                        continue;
                    }
                    let body = branch(&mut lists, &mut work, target)?;
                    arms.push((
                        target,
                        Arm {
                            lits: Vec::new(),
                            is_default: target == *default,
                            body,
                        },
                    ));
                }
                for &(lit, target) in cases {
                    if let Some((_, arm)) = arms.iter_mut().find(|(x, _)| *x == target) {
                        arm.lits.push(lit);
                    }
                }
                Term::Switch {
                    value: *value,
                    arms: arms.into_iter().map(|(_, a)| a).collect(),
                    hint: *hint,
                }
            }
            PTerm::Ret(v) => Term::Ret(*v),
            PTerm::Unreachable => Term::Unreachable,
        };
        let header = a.loops.is_header(x);
        // A header's hoisted Blocks wrap its loop; the others wrap its code.
        let att = attached
            .get(attached.partition_point(|p| p.0 < x)..attached.partition_point(|p| p.0 <= x))
            .unwrap_or(&[]);
        let outside = |y: u32| header && t.get(y as usize).is_some_and(|ty| ty.hoisted);
        // Innermost: the code of x and its terminal.
        let mut cur = new_list(&mut lists, Some(x), term);
        let wrap = |lists: &mut Vec<List>,
                    work: &mut Vec<(u32, ListId)>,
                    cur: ListId,
                    y: u32|
         -> Result<ListId> {
            let follow = new_list(lists, None, Term::Pending);
            work.push((y, follow));
            let label = at(&t, y as usize)?.block_label;
            Ok(new_list(
                lists,
                None,
                Term::Block {
                    label,
                    body: cur,
                    follow,
                },
            ))
        };
        for &(_, y) in att.iter().filter(|p| !outside(p.1)) {
            cur = wrap(&mut lists, &mut work, cur, y)?;
        }
        if header {
            let label = at(&t, x as usize)?.loop_label;
            cur = new_list(&mut lists, None, Term::Loop { label, body: cur });
        }
        for &(_, y) in att.iter().filter(|p| outside(p.1)) {
            cur = wrap(&mut lists, &mut work, cur, y)?;
        }
        // Move the outermost list into the slot.
        let top = std::mem::replace(
            at_mut(&mut lists, cur as usize)?,
            List {
                code: None,
                term: Term::Pending,
            },
        );
        *at_mut(&mut lists, slot as usize)? = top;
    }
    for (v, tv) in t.iter().enumerate() {
        if !tv.built && a.dom.is_reachable(v as u32) {
            return Err(internal(format!("node {v} was not placed")));
        }
    }
    s.pairs.give(attached);
    s.pairs.give(work);
    s.tnodes.give(t);
    Ok(Tree {
        lists,
        labels,
        root,
    })
}

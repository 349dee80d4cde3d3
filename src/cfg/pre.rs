//! The pre-CFG: the reachable original blocks as nodes the structurizer may
//! add to (edge blocks and dispatchers of irreducible cycles), and the
//! transformation that makes it reducible.

use std::collections::HashMap;

use super::graph::{Cfg, Exit};
use super::hints;
use super::scratch::Pool;
use super::structured::{LoopControl, Role, SelectionControl};
use super::util::{at, at_mut, get, internal, push_new, Adj, NONE};
use crate::error::Result;
use crate::ir::{BlockId, Function, Module, ValueId};

/// The selector variable of the structurizer's routed branches.
pub(crate) const SEL: u32 = 0;

/// A selector operand: an original value or a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PSel {
    Value(ValueId),
    Var(u32),
}

/// A pre-CFG terminator.
#[derive(Clone, Debug)]
pub(crate) enum PTerm {
    Br(u32),
    CondBr {
        cond: ValueId,
        t: u32,
        f: u32,
        hint: SelectionControl,
    },
    Switch {
        value: PSel,
        default: u32,
        cases: Vec<(u64, u32)>,
        hint: SelectionControl,
    },
    Ret(Option<ValueId>),
    Unreachable,
}

impl PTerm {
    /// The distinct targets, in terminator order.
    pub(crate) fn targets(&self) -> Vec<u32> {
        let mut v: Vec<u32> = Vec::new();
        for t in self.all_targets() {
            if !v.contains(&t) {
                v.push(t);
            }
        }
        v
    }

    /// Appends the distinct targets, in terminator order, to `out` (an
    /// [`Adj::from_fn_in`] list).
    fn push_targets(&self, out: &mut Vec<u32>) {
        let start = out.len();
        match self {
            PTerm::Br(t) => out.push(*t),
            PTerm::CondBr { t, f, .. } => {
                out.push(*t);
                push_new(out, start, *f);
            }
            PTerm::Switch { default, cases, .. } => {
                out.push(*default);
                for c in cases {
                    push_new(out, start, c.1);
                }
            }
            PTerm::Ret(_) | PTerm::Unreachable => {}
        }
    }

    /// The targets in terminator order, with duplicates.
    fn all_targets(&self) -> impl Iterator<Item = u32> + '_ {
        let (first, second, cases): (Option<u32>, Option<u32>, &[(u64, u32)]) = match self {
            PTerm::Br(t) => (Some(*t), None, &[]),
            PTerm::CondBr { t, f, .. } => (Some(*t), Some(*f), &[]),
            PTerm::Switch { default, cases, .. } => (Some(*default), None, cases),
            PTerm::Ret(_) | PTerm::Unreachable => (None, None, &[]),
        };
        first
            .into_iter()
            .chain(second)
            .chain(cases.iter().map(|c| c.1))
    }

    fn replace_target(&mut self, from: u32, to: u32) {
        let r = |x: &mut u32| {
            if *x == from {
                *x = to;
            }
        };
        match self {
            PTerm::Br(t) => r(t),
            PTerm::CondBr { t, f, .. } => {
                r(t);
                r(f);
            }
            PTerm::Switch { default, cases, .. } => {
                r(default);
                for c in cases.iter_mut() {
                    r(&mut c.1);
                }
            }
            PTerm::Ret(_) | PTerm::Unreachable => {}
        }
    }
}

/// A pre-CFG node.
#[derive(Clone, Debug)]
pub(crate) struct PNode {
    pub origin: Option<BlockId>,
    pub role: Role,
    /// Variable assignments at the end of the node: (variable, value).
    pub assigns: Vec<(u32, u32)>,
    pub term: PTerm,
    /// Loop hints found on this node's terminator (used when it is a latch).
    pub loop_hint: LoopControl,
}

/// The pre-CFG of a function.
pub(crate) struct PreCfg {
    pub nodes: Vec<PNode>,
    /// Number of variables (selector variable [`SEL`] included).
    pub vars: u32,
    /// Whether, as built, node `i`'s successor list is that of the CFG's
    /// block `rpo[i]`, renumbered (no switch case was dropped): then the
    /// CFG's depth-first search, renumbered, is the pre-CFG's.
    pub mirrors: bool,
}

impl PreCfg {
    /// Builds the pre-CFG from the reachable blocks of `func`.
    pub(crate) fn build(
        func: &Function,
        module: &Module,
        cfg: &Cfg,
        pool: &mut Pool<u32>,
        nodes_pool: &mut Pool<PNode>,
    ) -> Result<PreCfg> {
        let n = func.blocks.len();
        let mut node_of = pool.table(n, NONE);
        // Entry first, then reverse postorder.
        let order = cfg.rpo();
        for (i, b) in order.iter().enumerate() {
            *at_mut(&mut node_of, b.0 as usize)? = i as u32;
        }
        let map = |b: BlockId| -> Result<u32> {
            let v = get(&node_of, b.0 as usize)?;
            if v == NONE {
                Err(internal("reachable block branches to an unreachable one"))
            } else {
                Ok(v)
            }
        };
        let mut nodes = nodes_pool.take();
        nodes.reserve(order.len());
        let mut mirrors = true;
        for &b in order {
            let term_inst = func.block_insts(b).last().copied();
            let exit = cfg
                .exit(b)
                .ok_or_else(|| internal("reachable block without an exit"))?;
            // Only a conditional branch or a switch keeps selection hints.
            let hint = match (exit, term_inst) {
                (Exit::CondBr { .. } | Exit::Switch { .. }, Some(t)) => {
                    hints::selection_control(module, &t)
                }
                _ => SelectionControl::default(),
            };
            let loop_hint = term_inst
                .map(|t| hints::loop_control(module, &t))
                .unwrap_or_default();
            let term = match *exit {
                Exit::Br(t) => PTerm::Br(map(t)?),
                Exit::CondBr {
                    cond,
                    if_true,
                    if_false,
                } => {
                    let (t, f) = (map(if_true)?, map(if_false)?);
                    if t == f {
                        PTerm::Br(t)
                    } else {
                        PTerm::CondBr { cond, t, f, hint }
                    }
                }
                Exit::Switch {
                    value,
                    default,
                    ref cases,
                } => {
                    let d = map(default)?;
                    let mut cs = Vec::with_capacity(cases.len());
                    for &(lit, t) in cases {
                        if cs.iter().any(|c: &(u64, u32)| c.0 == lit) {
                            // Duplicate literal: the first wins (and the
                            // successors may differ from the CFG's).
                            mirrors = false;
                            continue;
                        }
                        cs.push((lit, map(t)?));
                    }
                    if cs.iter().all(|c| c.1 == d) {
                        PTerm::Br(d)
                    } else {
                        PTerm::Switch {
                            value: PSel::Value(value),
                            default: d,
                            cases: cs,
                            hint,
                        }
                    }
                }
                Exit::Ret(v) => PTerm::Ret(v),
                Exit::Unreachable => PTerm::Unreachable,
            };
            nodes.push(PNode {
                origin: Some(b),
                role: Role::Original,
                assigns: Vec::new(),
                term,
                loop_hint,
            });
        }
        pool.give(node_of);
        Ok(PreCfg {
            nodes,
            vars: 1,
            mirrors,
        })
    }

    /// Successor and predecessor adjacency of the current nodes.
    pub(crate) fn adjacency(&self, pool: &mut Pool<u32>) -> (Adj, Adj) {
        let succ = Adj::from_fn_in(
            self.nodes.len(),
            |v, out| {
                if let Some(n) = self.nodes.get(v as usize) {
                    n.term.push_targets(out);
                }
            },
            pool,
        );
        let pred = succ.reversed_in(pool);
        (succ, pred)
    }

    /// Makes an irreducible graph reducible: every strongly connected
    /// region with several entries gets a dispatcher node that all its entry
    /// edges go through, selecting the real entry by a variable. No block is
    /// duplicated. `pred` is the predecessor adjacency of the current nodes;
    /// the caller recomputes the analysis afterwards.
    pub(crate) fn make_reducible(&mut self, pred: &Adj) -> Result<()> {
        let mut preds: Vec<Vec<u32>> = (0..self.nodes.len())
            .map(|v| pred.succ(v as u32).to_vec())
            .collect();
        let all: Vec<u32> = (0..self.nodes.len() as u32).collect();
        let mut work: Vec<(Vec<u32>, Option<u32>)> = vec![(all, None)];
        while let Some((region, header)) = work.pop() {
            let in_region: HashMap<u32, ()> = region.iter().map(|&v| (v, ())).collect();
            let sccs = self.sccs(&region, |v| in_region.contains_key(&v) && Some(v) != header);
            for scc in sccs {
                let single = scc.len() == 1;
                if single {
                    let v = scc.first().copied().unwrap_or(NONE);
                    let self_loop = at(&self.nodes, v as usize)?.term.targets().contains(&v)
                        && Some(v) != header;
                    if !self_loop {
                        continue;
                    }
                }
                let in_scc: HashMap<u32, ()> = scc.iter().map(|&v| (v, ())).collect();
                let mut entries = Vec::new();
                for &v in &scc {
                    if at(&preds, v as usize)?
                        .iter()
                        .any(|p| !in_scc.contains_key(p))
                    {
                        entries.push(v);
                    }
                }
                entries.sort_unstable();
                let mut members = scc.clone();
                let h = if entries.len() <= 1 {
                    match entries.first() {
                        Some(&e) => e,
                        None => continue,
                    }
                } else {
                    let var = self.vars;
                    self.vars = var
                        .checked_add(1)
                        .ok_or_else(|| internal("too many dispatch variables"))?;
                    let d = self.nodes.len() as u32;
                    let default = entries.first().copied().unwrap_or(NONE);
                    let cases: Vec<(u64, u32)> = entries
                        .iter()
                        .enumerate()
                        .skip(1)
                        .map(|(i, &e)| (i as u64, e))
                        .collect();
                    self.nodes.push(PNode {
                        origin: None,
                        role: Role::Dispatch,
                        assigns: Vec::new(),
                        term: PTerm::Switch {
                            value: PSel::Var(var),
                            default,
                            cases,
                            hint: SelectionControl::default(),
                        },
                        loop_hint: LoopControl::default(),
                    });
                    preds.push(Vec::new());
                    members.push(d);
                    for (i, &e) in entries.iter().enumerate() {
                        let ps = std::mem::take(at_mut(&mut preds, e as usize)?);
                        for p in ps {
                            if p == d {
                                continue;
                            }
                            let single_succ =
                                at(&self.nodes, p as usize)?.term.targets().len() == 1;
                            let src = if single_succ {
                                let pn = at_mut(&mut self.nodes, p as usize)?;
                                pn.assigns.push((var, i as u32));
                                pn.term.replace_target(e, d);
                                p
                            } else {
                                let x = self.nodes.len() as u32;
                                self.nodes.push(PNode {
                                    origin: None,
                                    role: Role::Edge,
                                    assigns: vec![(var, i as u32)],
                                    term: PTerm::Br(d),
                                    loop_hint: LoopControl::default(),
                                });
                                preds.push(vec![p]);
                                at_mut(&mut self.nodes, p as usize)?
                                    .term
                                    .replace_target(e, x);
                                if in_scc.contains_key(&p) {
                                    members.push(x);
                                }
                                x
                            };
                            let pd = at_mut(&mut preds, d as usize)?;
                            if !pd.contains(&src) {
                                pd.push(src);
                            }
                        }
                        // The dispatcher is now the only predecessor of e.
                        *at_mut(&mut preds, e as usize)? = vec![d];
                    }
                    d
                };
                work.push((members, Some(h)));
            }
        }
        Ok(())
    }

    /// Strongly connected components (iterative Tarjan) of the subgraph on
    /// `region` whose edges satisfy `keep(target)`.
    fn sccs(&self, region: &[u32], keep: impl Fn(u32) -> bool) -> Vec<Vec<u32>> {
        let mut index: HashMap<u32, (u32, u32)> = HashMap::new(); // (index, lowlink)
        let mut on_stack: HashMap<u32, bool> = HashMap::new();
        let mut stack: Vec<u32> = Vec::new();
        let mut out = Vec::new();
        let mut counter = 0u32;
        for &root in region {
            if index.contains_key(&root) || !keep(root) {
                continue;
            }
            let mut call: Vec<(u32, Vec<u32>, usize)> = Vec::new();
            let targets = |v: u32| -> Vec<u32> {
                self.nodes
                    .get(v as usize)
                    .map(|n| n.term.targets())
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|&t| keep(t))
                    .collect()
            };
            // `counter` counts nodes of the graph (`u32` ids): no saturation.
            index.insert(root, (counter, counter));
            counter = counter.saturating_add(1);
            stack.push(root);
            on_stack.insert(root, true);
            call.push((root, targets(root), 0));
            while let Some(top) = call.last_mut() {
                let v = top.0;
                if let Some(&w) = top.1.get(top.2) {
                    top.2 = top.2.saturating_add(1);
                    match index.get(&w).copied() {
                        None => {
                            index.insert(w, (counter, counter));
                            counter = counter.saturating_add(1);
                            stack.push(w);
                            on_stack.insert(w, true);
                            let tw = targets(w);
                            call.push((w, tw, 0));
                        }
                        Some((wi, _)) => {
                            if on_stack.get(&w).copied().unwrap_or(false) {
                                if let Some(e) = index.get_mut(&v) {
                                    e.1 = e.1.min(wi);
                                }
                            }
                        }
                    }
                } else {
                    call.pop();
                    let (vi, vl) = index.get(&v).copied().unwrap_or((0, 0));
                    if let Some(parent) = call.last() {
                        let p = parent.0;
                        if let Some(e) = index.get_mut(&p) {
                            e.1 = e.1.min(vl);
                        }
                    }
                    if vl == vi {
                        let mut comp = Vec::new();
                        while let Some(x) = stack.pop() {
                            on_stack.insert(x, false);
                            comp.push(x);
                            if x == v {
                                break;
                            }
                        }
                        out.push(comp);
                    }
                }
            }
        }
        out
    }
}

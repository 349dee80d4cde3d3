//! The structurizer's last passes, from lowered blocks to [`Structured`]:
//! SSA for the selector variables ([`selectors`]), the original phis
//! ([`phis`]) and the values whose definition no longer dominates a use
//! ([`repair`]); trivial phis removed ([`simplify`]); the emission order
//! ([`order`]); the output ([`assemble`]).

mod assemble;
mod order;
mod phis;
mod repair;
mod selectors;
mod simplify;

pub(crate) use phis::phi_home;
pub(crate) use repair::for_each_operand;

use super::graph::Cfg;
use super::lower::LBlock;
use super::scratch::CfgScratch;
use super::ssa::Solver;
use super::structured::{SPhi, Structured, SynthDef};
use super::util::{at_mut, get, internal, Adj, NONE};
use crate::error::Result;
use crate::ir::{Function, Module};

/// The lowered blocks' control flow: distinct successors, and distinct
/// predecessors in block order.
struct Graph {
    succ: Adj,
    preds: Adj,
}

/// What the SSA passes read: the function and the lowered blocks.
struct Ctx<'a> {
    func: &'a Function,
    module: &'a Module,
    cfg: &'a Cfg,
    blocks: &'a [LBlock],
    g: &'a Graph,
}

/// What the SSA passes build: the synthetic values and each block's phis.
struct Ssa {
    synths: Vec<SynthDef>,
    phis: Vec<Vec<SPhi>>,
}

/// Runs the passes on the cleaned-up lowered blocks.
pub(crate) fn finish(
    func: &Function,
    module: &Module,
    cfg: &Cfg,
    blocks: Vec<LBlock>,
    scratch: &mut CfgScratch,
) -> Result<Structured> {
    let n = blocks.len();
    let succ = Adj::from_fn_in(
        n,
        |i, out| {
            if let Some(b) = blocks.get(i as usize) {
                b.term.push_targets(out);
            }
        },
        &mut scratch.u32s,
    );
    // Each block's distinct predecessors in block order.
    let preds = succ.reversed_in(&mut scratch.u32s);
    let g = Graph { succ, preds };
    let of_orig = placement(
        func,
        cfg,
        &blocks,
        scratch.u32s.table(func.blocks.len(), NONE),
    )?;
    let c = Ctx {
        func,
        module,
        cfg,
        blocks: &blocks,
        g: &g,
    };
    // Each block's phi list, kept with its capacity from earlier
    // functions (most blocks with phis have the same few).
    let mut phis = std::mem::take(&mut scratch.phis);
    phis.iter_mut().for_each(Vec::clear);
    // Lists beyond `n` wait in `spare_phis` (not freed) for a larger
    // function.
    while phis.len() > n {
        if let Some(v) = phis.pop() {
            scratch.spare_phis.push(v);
        }
    }
    while phis.len() < n {
        phis.push(scratch.spare_phis.pop().unwrap_or_default());
    }
    let mut ssa = Ssa {
        synths: scratch.out.synths.take(),
        phis,
    };
    let mut solver = Solver::new(&g.preds, std::mem::take(&mut scratch.solver));
    let var_value = selectors::solve(&blocks, &mut solver, &mut ssa)?;
    phis::place(&c, &of_orig, &mut solver, &mut ssa, scratch)?;
    let uses = repair::repair(&c, &mut solver, &mut ssa, scratch)?;
    scratch.solver = solver.into_bufs();
    let repl = simplify::simplify_phis(&mut ssa.phis, ssa.synths.len())?;
    let order = order::emission_order(&blocks, &g.succ, scratch)?;
    let out = assemble::assemble(
        &blocks,
        &assemble::Parts {
            g: &g,
            ssa: &ssa,
            uses: &uses,
            var_value: &var_value,
            repl: &repl,
            order: &order,
        },
        &mut scratch.out,
        &mut scratch.u32s,
    );
    scratch.phis = ssa.phis;
    scratch.out.synths.give(ssa.synths);
    scratch.blocks.give(blocks);
    scratch.u32s.give(order);
    scratch.u32s.give(of_orig);
    g.succ.recycle(&mut scratch.u32s);
    g.preds.recycle(&mut scratch.u32s);
    out
}

/// The block holding each original block (`NONE` for unreachable ones).
/// Errors if an original block is placed twice or a reachable one is
/// missing.
/// `of_orig` comes with one [`NONE`] per original block.
fn placement(
    func: &Function,
    cfg: &Cfg,
    blocks: &[LBlock],
    mut of_orig: Vec<u32>,
) -> Result<Vec<u32>> {
    if of_orig.len() != func.blocks.len() {
        return Err(internal("placement table of the wrong size"));
    }
    for (i, b) in blocks.iter().enumerate() {
        if let Some(o) = b.origin {
            if std::mem::replace(at_mut(&mut of_orig, o.0 as usize)?, i as u32) != NONE {
                return Err(internal("original block placed twice"));
            }
        }
    }
    for b in cfg.rpo() {
        if get(&of_orig, b.0 as usize)? == NONE {
            return Err(internal(format!("reachable block {} was dropped", b.0)));
        }
    }
    Ok(of_orig)
}

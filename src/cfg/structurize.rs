//! The structurizer driver: pre-CFG → reducible pre-CFG → structure tree →
//! lowered blocks → cleanup → SSA (selectors, original phis, repairs) →
//! emission order → [`Structured`].

use super::cleanup::cleanup;
use super::finish::finish;
use super::graph::{block_exit, Cfg, Exit};
use super::hints::merge_loop_control;
use super::pre::PreCfg;
use super::scratch::{CfgScratch, Pool};
use super::structured::{LoopControl, Merge, Preds, Role, SBlock, STerm, SValue, Structured};
use super::tree::{self, Analysis};
use super::util::{at, at_mut, internal};
use crate::error::{Error, Phase, Result};
use crate::ir::{BlockId, Function, InstKind, Module};

/// Structurizes a function definition.
///
/// Errors: [`crate::ErrorKind::InvalidInput`] for malformed control flow
/// (missing terminators, branches to nonexistent blocks, phis without an
/// incoming value for a predecessor); [`crate::ErrorKind::Internal`] if an
/// invariant of the algorithm breaks (a bug: please report the input).
pub fn structurize(func: &Function, module: &Module) -> Result<Structured> {
    structurize_with(func, module, &mut CfgScratch::default())
}

/// [`structurize`] with the buffers of `scratch`, which a compiler keeps
/// from one function to the next (the output does not depend on them).
pub fn structurize_with(
    func: &Function,
    module: &Module,
    scratch: &mut CfgScratch,
) -> Result<Structured> {
    structurize_inner(func, module, scratch).map_err(|e| {
        let name = module.value_name(func.value);
        Error::new(
            e.kind(),
            e.phase(),
            e.location().clone(),
            format!("@{name}: {}", e.message()),
        )
    })
}

fn structurize_inner(
    func: &Function,
    module: &Module,
    scratch: &mut CfgScratch,
) -> Result<Structured> {
    if func.is_declaration || func.blocks.is_empty() {
        return Err(Error::invalid(Phase::Cfg, "function has no body"));
    }
    if let Some(s) = single_block(func, module, &mut scratch.out.blocks)? {
        return Ok(s);
    }
    let cfg = Cfg::new_in(func, module, &mut scratch.cfg)?;
    let mut pre = PreCfg::build(func, module, &cfg, &mut scratch.u32s, &mut scratch.pnodes)?;
    let mut a = Analysis::new(&pre, Some(&cfg), scratch)?;
    if !a.loops.is_reducible() {
        pre.make_reducible(&a.pred)?;
        std::mem::replace(&mut a, Analysis::new(&pre, None, scratch)?).recycle(scratch);
        if !a.loops.is_reducible() {
            return Err(internal(
                "irreducible control flow remained after dispatching",
            ));
        }
    }
    let mut loop_hints = scratch
        .loop_hints
        .table(pre.nodes.len(), LoopControl::default());
    for &(u, h) in a.loops.back_edges() {
        let hint = at(&pre.nodes, u as usize)?.loop_hint;
        let slot = at_mut(&mut loop_hints, h as usize)?;
        *slot = merge_loop_control(*slot, hint);
    }
    let tree = tree::build(&pre, &a, scratch)?;
    let blocks = super::lower::lower(&pre, &tree, &loop_hints, scratch)?;
    // Freed now, the analyses' memory serves the passes below (the
    // allocator hands recently freed chunks out fastest).
    a.recycle(scratch);
    tree.recycle(scratch);
    scratch.pnodes.give(pre.nodes);
    scratch.loop_hints.give(loop_hints);
    let blocks = cleanup(blocks, scratch)?;
    let out = finish(func, module, &cfg, blocks, scratch);
    cfg.recycle(&mut scratch.cfg);
    out
}

/// The fast path for a function of one block that returns (or ends in
/// `unreachable`) and has no phis: nothing to structurize, and the passes
/// below would produce exactly this block. `None` for any other function.
fn single_block(
    func: &Function,
    module: &Module,
    spare: &mut Pool<SBlock>,
) -> Result<Option<Structured>> {
    let [_] = func.blocks.as_slice() else {
        return Ok(None);
    };
    let entry = BlockId(0);
    let term = match block_exit(func, module, entry)? {
        Exit::Ret(v) => STerm::Return(v.map(SValue::Value)),
        Exit::Unreachable => STerm::Unreachable,
        Exit::Br(_) | Exit::CondBr { .. } | Exit::Switch { .. } => return Ok(None),
    };
    if func
        .block_insts(entry)
        .iter()
        .any(|i| matches!(i.kind, InstKind::Phi { .. }))
    {
        return Ok(None);
    }
    let mut blocks = spare.take();
    blocks.push(SBlock {
        origin: Some(entry),
        role: Role::Original,
        preds: Preds::new(),
        phis: Vec::new(),
        uses: Vec::new(),
        merge: Merge::None,
        term,
    });
    Ok(Some(Structured {
        blocks,
        synths: Vec::new(),
    }))
}

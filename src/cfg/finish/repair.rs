//! Repairs: an original value whose definition no longer dominates a use
//! (a rewrite added paths that exist in the graph but are never taken) is
//! rebuilt with SSA construction; values of unreachable blocks become
//! `undef`.

use super::{Ctx, Ssa};
use crate::cfg::dom::Dominates;
use crate::cfg::dom_mask::Dominance;
use crate::cfg::graph::Cfg;
use crate::cfg::lower::LBlock;
use crate::cfg::scratch::{CfgScratch, Pool};
use crate::cfg::ssa::{Defs, Group, Reach, Solver};
use crate::cfg::structured::{SValue, SynthType};
use crate::cfg::util::{at, at_mut, dfs_in, internal, NONE};
use crate::error::Result;
use crate::ir::{BlockId, Function, InstKind, Module, ValueId};

/// Calls `f` on each value operand of an instruction (phis excluded), in
/// operand order, without collecting them.
#[inline]
pub(crate) fn for_each_operand(kind: &InstKind, module: &Module, mut f: impl FnMut(ValueId)) {
    match *kind {
        InstKind::BinOp { lhs, rhs, .. } | InstKind::Cmp { lhs, rhs, .. } => {
            f(lhs);
            f(rhs);
        }
        InstKind::Cast { value, .. } => f(value),
        InstKind::Gep { operands, .. } => module.value_list(operands).for_each(f),
        InstKind::Select {
            cond,
            if_true,
            if_false,
        } => [cond, if_true, if_false].into_iter().for_each(f),
        InstKind::ExtractElement { vector, index } => [vector, index].into_iter().for_each(f),
        InstKind::InsertElement {
            vector,
            element,
            index,
        } => [vector, element, index].into_iter().for_each(f),
        InstKind::ShuffleVector { a, b, mask } => [a, b, mask].into_iter().for_each(f),
        InstKind::ExtractValue { aggregate, .. } => f(aggregate),
        InstKind::InsertValue {
            aggregate, value, ..
        } => [aggregate, value].into_iter().for_each(f),
        InstKind::Phi { .. } => {}
        InstKind::Alloca { size, .. } => f(size),
        InstKind::Load { ptr, .. } => f(ptr),
        InstKind::Store { ptr, value, .. } => [ptr, value].into_iter().for_each(f),
        InstKind::Call { callee, args, .. } => {
            f(callee);
            module.value_list(args).for_each(f);
        }
        InstKind::AtomicRmw { ptr, value, .. } => [ptr, value].into_iter().for_each(f),
        InstKind::CmpXchg { ptr, cmp, new, .. } => [ptr, cmp, new].into_iter().for_each(f),
        InstKind::Fence { .. } | InstKind::Br { .. } | InstKind::Unreachable => {}
        InstKind::CondBr { cond, .. } => f(cond),
        InstKind::Switch { value, .. } => f(value),
        InstKind::Ret { value } => value.into_iter().for_each(f),
    }
}

/// Where a value is defined, as far as the repairs care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Site {
    /// By an instruction of the original block held by this block.
    Block(u32),
    /// By an instruction of an unreachable original block.
    Dead,
    /// Elsewhere: a constant, a global, an argument, another function.
    Other,
}

/// The definition site of every instruction result of a function: a table
/// indexed by value id (from the function's lowest result id), so a look-up
/// is one subtraction and one index, without reading the module's values.
struct DefSites {
    /// The lowest result id of the function's instructions.
    base: u32,
    /// Per value id from `base`: the block holding its instruction,
    /// [`DefSites::DEAD`], or [`NONE`] (not a result of this function).
    block: Vec<u32>,
}

impl DefSites {
    /// Marks an instruction of an unreachable original block.
    const DEAD: u32 = NONE - 1;

    /// The table of `func`'s results, in a vector of `pool`.
    fn new(
        func: &Function,
        module: &Module,
        cfg: &Cfg,
        blocks: &[LBlock],
        pool: &mut Pool<u32>,
    ) -> Result<DefSites> {
        // Only ids of the module's values count (others are no value, as
        // `Module::value` says): the table is never larger than the
        // module's value table, and usually the function's size.
        let values = module.values.len();
        // The lowest and highest result id, in one pass.
        let (lo, hi) = func
            .insts
            .iter()
            .filter_map(|i| i.result.map(|r| r.0))
            .filter(|&r| (r as usize) < values)
            .fold((u32::MAX, None), |(lo, hi), r| {
                (lo.min(r), Some(hi.map_or(r, |h: u32| h.max(r))))
            });
        let base = if hi.is_some() { lo } else { 0 };
        let len = hi.map_or(0, |hi| (hi.saturating_sub(base) as usize).saturating_add(1));
        let mut block = pool.table(len, NONE);
        let mut fill = |ob: BlockId, v: u32| -> Result<()> {
            let b = at(&func.blocks, ob.0 as usize)?;
            let end = (b.start as usize).saturating_add(b.len as usize);
            let insts = func
                .insts
                .get(b.start as usize..end)
                .ok_or_else(|| internal("block instructions out of range"))?;
            for r in insts.iter().filter_map(|i| i.result) {
                if let Some(slot) = block.get_mut(r.0.wrapping_sub(base) as usize) {
                    *slot = v;
                }
            }
            Ok(())
        };
        for (i, b) in blocks.iter().enumerate() {
            if let Some(o) = b.origin {
                fill(o, i as u32)?;
            }
        }
        for ob in 0..func.blocks.len() as u32 {
            if !cfg.is_reachable(BlockId(ob)) {
                fill(BlockId(ob), Self::DEAD)?;
            }
        }
        Ok(DefSites { base, block })
    }

    #[inline]
    fn of(&self, v: ValueId) -> Site {
        match self
            .block
            .get(v.0.wrapping_sub(self.base) as usize)
            .copied()
        {
            Some(Self::DEAD) => Site::Dead,
            Some(NONE) | None => Site::Other,
            Some(d) => Site::Block(d),
        }
    }
}

/// Where a repaired read lands.
#[derive(Clone, Copy, Debug)]
enum ReadSite {
    /// An instruction operand in this block.
    Use(u32),
    /// Incoming `i` of phi `phi` of block `block`.
    PhiIn { block: u32, phi: u32, i: u32 },
}

/// Per block, the operand replacements its original instructions need
/// (value, replacement), unsorted; phi incoming values are repaired in
/// place.
pub(super) fn repair(
    c: &Ctx<'_>,
    solver: &mut Solver<'_>,
    ssa: &mut Ssa,
    scratch: &mut CfgScratch,
) -> Result<Vec<Vec<(ValueId, SValue)>>> {
    let (func, module, cfg, blocks) = (c.func, c.module, c.cfg, c.blocks);
    let n = blocks.len();
    let sites = DefSites::new(func, module, cfg, blocks, &mut scratch.u32s)?;
    // Nearly every function uses a value in another block than its
    // definition's: the dominators are computed up front.
    let d = dfs_in(&c.g.succ, 0, &mut scratch.u32s);
    let dom = Dominance::compute(&c.g.preds, &d, scratch)?;
    d.recycle(&mut scratch.u32s);
    let mut uses: Vec<Vec<(ValueId, SValue)>> = vec![Vec::new(); n];
    // (value, read point, at end, site), grouped by value below.
    let mut reads: Vec<(ValueId, u32, bool, ReadSite)> = Vec::new();
    for (i, (b, bu)) in blocks.iter().zip(uses.iter_mut()).enumerate() {
        let Some(o) = b.origin else { continue };
        let i = i as u32;
        for inst in func.block_insts(o) {
            for_each_operand(&inst.kind, module, |v| match sites.of(v) {
                Site::Dead => bu.push((v, SValue::Undef)),
                Site::Block(d) if d != i && !dom.dominates(d, i) => {
                    reads.push((v, i, false, ReadSite::Use(i)));
                }
                Site::Block(_) | Site::Other => {}
            });
        }
    }
    for (i, bp) in ssa.phis.iter_mut().enumerate() {
        let ps = c.g.preds.succ(i as u32);
        for (pj, phi) in bp.iter_mut().enumerate() {
            for (k, val) in phi.incoming.iter_mut().enumerate() {
                let SValue::Value(v) = *val else { continue };
                let d = match sites.of(v) {
                    Site::Dead => {
                        *val = SValue::Undef;
                        continue;
                    }
                    Site::Block(d) => d,
                    Site::Other => continue,
                };
                let q = *at(ps, k)?;
                if !dom.dominates(d, q) {
                    reads.push((
                        v,
                        q,
                        true,
                        ReadSite::PhiIn {
                            block: i as u32,
                            phi: pj as u32,
                            i: k as u32,
                        },
                    ));
                }
            }
        }
    }
    // By value, in reading order within a value (a stable sort).
    reads.sort_by_key(|r| r.0);
    let orig_dom = if reads.is_empty() {
        None
    } else {
        Some(cfg.dominance(scratch)?)
    };
    let mut rest = reads.as_slice();
    while let Some(&(v, ..)) = rest.first() {
        let len = rest.iter().take_while(|r| r.0 == v).count();
        let (rs, tail) = rest.split_at(len);
        rest = tail;
        let Site::Block(d) = sites.of(v) else {
            return Err(internal("repair of unknown value"));
        };
        let orig_dom = orig_dom
            .as_ref()
            .ok_or_else(|| internal("repair without dominators"))?;
        let dom = &dom;
        let ty = module
            .value_type(v)
            .ok_or_else(|| internal("value without a type"))?;
        let types = [SynthType::Ir(ty)];
        let g = Group {
            k: 1,
            defs: Defs::One(d, smallvec::smallvec![SValue::Value(v)]),
            forced: None,
            entry: &[SValue::Undef],
            types: &types,
            kill: &[SValue::Undef],
        };
        let points: Vec<(u32, bool)> = rs.iter().map(|r| (r.1, r.2)).collect();
        // Where d dominates, v is available; at an original block that d
        // does not dominate in the original CFG, v is dead (any executed
        // path from there to a use runs d again).
        let orig_d = at(blocks, d as usize)?.origin;
        let boundary = |b: u32| -> Option<Reach> {
            if dom.dominates(d, b) {
                return Some(Reach::Def(d));
            }
            let ob = at(blocks, b as usize).ok()?.origin?;
            match orig_d {
                Some(od) if !orig_dom.dominates(od.0, ob.0) => Some(Reach::Kill),
                _ => None,
            }
        };
        // The phis the solve places are appended to their blocks' lists:
        // the indices of the phis read below stay.
        let vals = solver.solve(&g, &points, &mut ssa.synths, &mut ssa.phis, &boundary)?;
        for (r, &val) in rs.iter().zip(vals) {
            match r.3 {
                ReadSite::Use(b) => {
                    if val != SValue::Value(v) {
                        at_mut(&mut uses, b as usize)?.push((v, val));
                    }
                }
                ReadSite::PhiIn { block, phi, i } => {
                    let p = at_mut(at_mut(&mut ssa.phis, block as usize)?, phi as usize)?;
                    *at_mut(&mut p.incoming, i as usize)? = val;
                }
            }
        }
    }
    dom.recycle(scratch);
    scratch.u32s.give(sites.block);
    if let Some(d) = orig_dom {
        d.recycle(scratch);
    }
    Ok(uses)
}

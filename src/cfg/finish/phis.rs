//! The original phis: placed where their block's incoming edges now
//! meet (at the top of the chain of synthetic blocks leading into it), with
//! synthetic phis where those edges arrive through joins.

use super::{Ctx, Ssa};
use smallvec::SmallVec;

use crate::cfg::graph::Cfg;
use crate::cfg::scratch::CfgScratch;
use crate::cfg::ssa::{DefVals, Defs, Group, Reach, Solver};
use crate::cfg::structured::{Incoming, PhiDef, SPhi, SValue, SynthType};
use crate::cfg::util::{at, at_mut, get, internal, Adj, NONE};
use crate::error::{Error, Phase, Result};
use crate::ir::{BlockId, InstKind, ListRange, ValueId};

/// The block that holds the original phis of block `b`: the first block of
/// the longest chain of synthetic blocks, each the only predecessor of the
/// next and with it as only successor, that ends at `b` (the entry block,
/// which cannot hold phis, excluded). `original` tells the blocks that
/// hold an original block (true for a block out of range).
pub(crate) fn phi_home(b: u32, preds: &Adj, succ: &Adj, original: impl Fn(u32) -> bool) -> u32 {
    let mut x = b;
    loop {
        let [p] = preds.succ(x) else { return x };
        let p = *p;
        if p == b || original(p) || succ.succ(p) != [x] || preds.succ(p).is_empty() {
            return x;
        }
        x = p;
    }
}

/// Places the original phis of every block. `of_orig` is the block holding
/// each original block.
pub(super) fn place(
    c: &Ctx<'_>,
    of_orig: &[u32],
    solver: &mut Solver<'_>,
    ssa: &mut Ssa,
    s: &mut CfgScratch,
) -> Result<()> {
    let (func, module, cfg, blocks) = (c.func, c.module, c.cfg, c.blocks);
    let original = |b: u32| blocks.get(b as usize).map(|b| b.origin.is_some());
    // Original phis are dead at the end of original blocks that do not
    // define them (see `Group::kill`).
    let kill_at_original = |b: u32| original(b).unwrap_or(false).then_some(Reach::Kill);
    // Kept from one block with phis to the next: the reachable
    // predecessors (block holding it, original block), sorted by block; the
    // blocks alone; their values, a row of one per phi for each, and
    // whether each is set.
    let mut rows = s.pairs.take();
    let mut row_blocks = s.u32s.take();
    let mut table = s.svals.take();
    let mut set = s.bools.take();
    let mut rs: Vec<(u32, bool)> = Vec::new();
    for (i, b) in blocks.iter().enumerate() {
        let Some(ob) = b.origin else { continue };
        let insts = func.block_insts(ob);
        // Inline: a block rarely has more than four phis.
        let mut orig_phis: SmallVec<[(ValueId, ListRange); 4]> = SmallVec::new();
        // Phis lead their block (the reader checks it, as LLVM's verifier
        // does): the scan stops at the first other instruction.
        for inst in insts {
            let InstKind::Phi { incoming } = inst.kind else {
                break;
            };
            let res = inst
                .result
                .ok_or_else(|| Error::invalid(Phase::Cfg, "phi without a result"))?;
            orig_phis.push((res, incoming));
        }
        if orig_phis.is_empty() {
            continue;
        }
        let k = orig_phis.len();
        // Values per original reachable predecessor. Distinct blocks: the
        // predecessors are distinct and each original block is placed once.
        rows.clear();
        for p in cfg.predecessors(ob) {
            if !cfg.is_reachable(p) {
                continue;
            }
            let pb = get(of_orig, p.0 as usize)?;
            if pb == NONE {
                return Err(internal("predecessor without a block"));
            }
            rows.push((pb, p.0));
        }
        rows.sort_unstable_by_key(|r| r.0);
        row_blocks.clear();
        row_blocks.extend(rows.iter().map(|r| r.0));
        let cells = rows.len().saturating_mul(k);
        table.clear();
        table.resize(cells, SValue::Undef);
        set.clear();
        set.resize(cells, false);
        // One pass over each phi's incoming pairs; the first pair of a
        // predecessor wins (a repeated edge lists it again).
        for (pi, &(_, incoming)) in orig_phis.iter().enumerate() {
            for (v, from) in module.pairs(incoming) {
                let Some(r) = rows.iter().position(|r| r.1 == from) else {
                    continue;
                };
                let cell = r.saturating_mul(k).saturating_add(pi);
                if let (Some(s), Some(t)) = (set.get_mut(cell), table.get_mut(cell)) {
                    if !*s {
                        *s = true;
                        *t = SValue::Value(ValueId(v));
                    }
                }
            }
        }
        if set.contains(&false) {
            return Err(missing_incoming(cfg, ob, &orig_phis, &rows, &set));
        }
        let defs = Defs::Table {
            blocks: &row_blocks,
            vals: &table,
            k,
        };
        // The phis live at the top of the chain of synthetic blocks that
        // lead only into this block (a loop's header), so that a loop-carried
        // value needs one phi rather than a synthetic one and a copy.
        let home = phi_home(i as u32, &c.g.preds, &c.g.succ, |p| {
            original(p).unwrap_or(true)
        });
        let my_preds = c.g.preds.succ(home);
        // Direct: the home's predecessors are exactly the defining blocks
        // (the row of each, found once).
        let mut my_rows: SmallVec<[usize; 4]> = SmallVec::new();
        if my_preds.len() == rows.len() {
            for q in my_preds {
                match row_blocks.binary_search(q) {
                    Ok(r) => my_rows.push(r.saturating_mul(k)),
                    Err(_) => break,
                }
            }
        }
        if my_preds.len() == rows.len() && my_rows.len() == my_preds.len() {
            for (pi, (res, _)) in orig_phis.iter().enumerate() {
                let mut inc = Incoming::with_capacity(my_preds.len());
                for &row in &my_rows {
                    inc.push(get(&table, row.saturating_add(pi))?);
                }
                at_mut(&mut ssa.phis, home as usize)?.push(SPhi {
                    def: PhiDef::Original(*res),
                    incoming: inc,
                });
            }
            continue;
        }
        let mut types: SmallVec<[SynthType; 4]> = SmallVec::with_capacity(k);
        for (res, _) in &orig_phis {
            let ty = module
                .value_type(*res)
                .ok_or_else(|| internal("phi result without a type"))?;
            types.push(SynthType::Ir(ty));
        }
        let forced: DefVals = orig_phis.iter().map(|(r, _)| SValue::Value(*r)).collect();
        let undef: DefVals = smallvec::smallvec![SValue::Undef; k];
        let g = Group {
            k,
            defs,
            forced: Some((home, &forced)),
            entry: &undef,
            types: &types,
            // Read only where the last original block executed is a
            // predecessor that defines them.
            kill: &undef,
        };
        rs.clear();
        rs.extend(my_preds.iter().map(|&q| (q, true)));
        // The phis the solve places come after the original phis, which
        // are inserted at the front of their block's list below.
        let vals = solver.solve(&g, &rs, &mut ssa.synths, &mut ssa.phis, &kill_at_original)?;
        for (pi, (res, _)) in orig_phis.iter().enumerate() {
            let mut inc = Incoming::with_capacity(rs.len());
            for v in vals.chunks(k.max(1)) {
                inc.push(*at(v, pi)?);
            }
            at_mut(&mut ssa.phis, home as usize)?.insert(
                pi,
                SPhi {
                    def: PhiDef::Original(*res),
                    incoming: inc,
                },
            );
        }
    }
    s.pairs.give(rows);
    s.u32s.give(row_blocks);
    s.svals.give(table);
    s.bools.give(set);
    Ok(())
}

/// The error for the first reachable predecessor of `ob`, in block order,
/// that a phi (the first such) has no incoming value for; `set` tells the
/// values found, a row per predecessor of `rows`.
fn missing_incoming(
    cfg: &Cfg,
    ob: BlockId,
    orig_phis: &[(ValueId, ListRange)],
    rows: &[(u32, u32)],
    set: &[bool],
) -> Error {
    let k = orig_phis.len();
    for p in cfg.predecessors(ob) {
        let Some(r) = rows.iter().position(|r| r.1 == p.0) else {
            continue;
        };
        for (pi, (res, _)) in orig_phis.iter().enumerate() {
            let cell = r.saturating_mul(k).saturating_add(pi);
            if set.get(cell) != Some(&true) {
                return Error::invalid(
                    Phase::Cfg,
                    format!(
                        "phi %{} in block {} has no incoming value for predecessor {}",
                        res.0, ob.0, p.0
                    ),
                );
            }
        }
    }
    internal("phi values missing")
}

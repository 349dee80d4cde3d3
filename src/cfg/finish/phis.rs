//! The original phis: placed where their block's incoming edges now
//! meet (at the top of the chain of synthetic blocks leading into it), with
//! synthetic phis where those edges arrive through joins.

use super::{Ctx, Ssa};
use smallvec::SmallVec;

use crate::cfg::ssa::{DefVals, Defs, Group, Reach, Solver};
use crate::cfg::structured::{Incoming, PhiDef, SPhi, SValue, SynthType};
use crate::cfg::util::{at, at_mut, get, internal, Adj, NONE};
use crate::error::{Error, Phase, Result};
use crate::ir::{InstKind, ListRange, ValueId};

/// The block that holds the original phis of block `b`: the first block of
/// the longest chain of synthetic blocks, each the only predecessor of the
/// next and with it as only successor, that ends at `b` (the entry block,
/// which cannot hold phis, excluded).
pub(crate) fn phi_home(b: u32, preds: &Adj, succ: &Adj, original: &[bool]) -> u32 {
    let mut x = b;
    loop {
        let [p] = preds.succ(x) else { return x };
        let p = *p;
        if p == b
            || original.get(p as usize).copied().unwrap_or(true)
            || succ.succ(p) != [x]
            || preds.succ(p).is_empty()
        {
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
) -> Result<()> {
    let (func, module, cfg, blocks) = (c.func, c.module, c.cfg, c.blocks);
    let original: Vec<bool> = blocks.iter().map(|b| b.origin.is_some()).collect();
    // Original phis are dead at the end of original blocks that do not
    // define them (see `Group::kill`).
    let kill_at_original = |b: u32| {
        original
            .get(b as usize)
            .copied()
            .unwrap_or(false)
            .then_some(Reach::Kill)
    };
    // Kept from one block with phis to the next.
    let mut defs: Vec<(u32, DefVals)> = Vec::new();
    let mut rs: Vec<(u32, bool)> = Vec::new();
    for (i, b) in blocks.iter().enumerate() {
        let Some(ob) = b.origin else { continue };
        let insts = func.block_insts(ob);
        // Inline: a block rarely has more than four phis.
        let mut orig_phis: SmallVec<[(ValueId, ListRange); 4]> = SmallVec::new();
        for inst in insts {
            let InstKind::Phi { incoming } = inst.kind else {
                continue;
            };
            let res = inst
                .result
                .ok_or_else(|| Error::invalid(Phase::Cfg, "phi without a result"))?;
            orig_phis.push((res, incoming));
        }
        if orig_phis.is_empty() {
            continue;
        }
        // Values per original reachable predecessor.
        defs.clear();
        for p in cfg.predecessors(ob) {
            if !cfg.is_reachable(p) {
                continue;
            }
            let pb = get(of_orig, p.0 as usize)?;
            if pb == NONE {
                return Err(internal("predecessor without a block"));
            }
            let mut vals = DefVals::with_capacity(orig_phis.len());
            for &(res, incoming) in &orig_phis {
                let v = module
                    .pairs(incoming)
                    .find(|x| x.1 == p.0)
                    .map(|x| ValueId(x.0))
                    .ok_or_else(|| {
                        Error::invalid(
                            Phase::Cfg,
                            format!(
                                "phi %{} in block {} has no incoming value for predecessor {}",
                                res.0, ob.0, p.0
                            ),
                        )
                    })?;
                vals.push(SValue::Value(v));
            }
            defs.push((pb, vals));
        }
        // Distinct blocks: the predecessors are distinct and each original
        // block is placed once.
        defs.sort_unstable_by_key(|d| d.0);
        let count = defs.len();
        let defs = Defs::Sorted(&defs);
        // The phis live at the top of the chain of synthetic blocks that
        // lead only into this block (a loop's header), so that a loop-carried
        // value needs one phi rather than a synthetic one and a copy.
        let home = phi_home(i as u32, &c.g.preds, &c.g.succ, &original);
        let my_preds = c.g.preds.succ(home);
        let direct = my_preds.len() == count && my_preds.iter().all(|&q| defs.contains(q));
        let k = orig_phis.len();
        if direct {
            for (pi, (res, _)) in orig_phis.iter().enumerate() {
                let mut inc = Incoming::with_capacity(my_preds.len());
                for q in my_preds {
                    let vals = defs.get(*q).ok_or_else(|| internal("missing phi values"))?;
                    inc.push(*at(vals, pi)?);
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
    Ok(())
}

//! SSA for the selector variables: the value each synthetic switch (a
//! loop merge's ladder, a guard, a dispatcher) reads, with the phis it
//! needs.

use std::collections::BTreeMap;

use super::Ssa;
use crate::cfg::lower::{LBlock, LTerm};
use crate::cfg::pre::{PSel, SEL};
use crate::cfg::ssa::{DefVals, Defs, Group, Reach, Solver};
use crate::cfg::structured::{SValue, SynthType};
use crate::cfg::util::{FastMap, NONE};
use crate::error::Result;

/// Solves every variable a synthetic switch reads. Returns, per reading
/// block, the value its switch reads.
pub(super) fn solve(
    blocks: &[LBlock],
    solver: &mut Solver<'_>,
    ssa: &mut Ssa,
) -> Result<FastMap<u32, SValue>> {
    // Selector variables are dead at the end of every block holding a
    // pre-CFG node's code that does not assign them: the structurizer's
    // selector is zero whenever such code runs, and a dispatcher's is read
    // only right after a predecessor (in the pre-CFG) assigned it.
    let kill_at_node = |b: u32| {
        blocks
            .get(b as usize)
            .is_some_and(|b| b.node != NONE)
            .then_some(Reach::Kill)
    };
    let mut var_reads: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for (i, b) in blocks.iter().enumerate() {
        if let LTerm::Switch {
            value: PSel::Var(v),
            ..
        } = b.term
        {
            var_reads.entry(v).or_default().push(i as u32);
        }
    }
    // The last value each block assigns to each read variable, in one pass
    // over the blocks (a pass per variable is quadratic when node splitting
    // makes many dispatchers).
    // Per variable: (block, value), sorted by block.
    let mut var_defs: BTreeMap<u32, Vec<(u32, DefVals)>> = BTreeMap::new();
    for (i, b) in blocks.iter().enumerate() {
        for &(var, val) in &b.assigns {
            if var_reads.contains_key(&var) {
                let defs = var_defs.entry(var).or_default();
                let v: DefVals = smallvec::smallvec![SValue::U32(val)];
                match defs.last_mut() {
                    // A later assignment in the same block wins.
                    Some(last) if last.0 == i as u32 => last.1 = v,
                    _ => defs.push((i as u32, v)),
                }
            }
        }
    }
    let mut var_value: FastMap<u32, SValue> = FastMap::default(); // block -> selector read
    for (&var, reads) in &var_reads {
        let defs = var_defs.remove(&var).unwrap_or_default();
        let g = Group {
            k: 1,
            defs: Defs::Sorted(&defs),
            forced: None,
            entry: &[SValue::U32(0)],
            types: &[SynthType::Selector],
            kill: if var == SEL {
                &[SValue::U32(0)]
            } else {
                &[SValue::Undef]
            },
        };
        // A terminator reads the value at the end of its block, which is the
        // value at its start unless the block assigns the variable (the
        // boundary rule is about blocks that do not read it themselves).
        let rs: Vec<(u32, bool)> = reads.iter().map(|&b| (b, g.defs.contains(b))).collect();
        let vals = solver.solve(&g, &rs, &mut ssa.synths, &mut ssa.phis, &kill_at_node)?;
        for (&b, &v) in reads.iter().zip(vals) {
            var_value.insert(b, v);
        }
    }
    Ok(var_value)
}

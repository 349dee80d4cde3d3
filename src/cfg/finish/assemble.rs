//! The output: blocks in emission order with their predecessors, phis,
//! operand replacements, merges and terminators renumbered, and the
//! synthetic values that survived simplification, numbered compactly.

use super::simplify::resolve;
use super::{Graph, Ssa};
use crate::cfg::lower::{LBlock, LMerge, LTerm};
use crate::cfg::pre::PSel;
use crate::cfg::scratch::{OutPools, Pool};
use crate::cfg::structured::{
    Incoming, Merge, PhiDef, Preds, SBlock, SBlockId, SPhi, STerm, SValue, Structured, SynthDef,
    SynthId,
};
use crate::cfg::util::{at, at_mut, get, internal, FastMap, NONE};
use crate::error::Result;
use crate::ir::ValueId;

/// What the passes before produced, for [`assemble`].
pub(super) struct Parts<'a> {
    pub g: &'a Graph,
    pub ssa: &'a Ssa,
    /// Per block, its operand replacements (unsorted, maybe repeated).
    pub uses: &'a [Vec<(ValueId, SValue)>],
    /// Per block with a selector switch, the value it reads.
    pub var_value: &'a FastMap<u32, SValue>,
    /// Replacements of removed synthetic values.
    pub repl: &'a [Option<SValue>],
    pub order: &'a [u32],
}

/// Builds the [`Structured`] function, in vectors from `spare`.
pub(super) fn assemble(
    blocks: &[LBlock],
    p: &Parts<'_>,
    spare: &mut OutPools,
    u32s: &mut Pool<u32>,
) -> Result<Structured> {
    let Parts {
        g,
        ssa,
        uses,
        var_value,
        repl,
        order,
    } = *p;
    let n = blocks.len();
    let mut pos = u32s.table(n, NONE);
    for (k, &b) in order.iter().enumerate() {
        *at_mut(&mut pos, b as usize)? = k as u32;
    }
    let sb = |x: u32| -> Result<SBlockId> {
        let p = get(&pos, x as usize)?;
        if p == NONE {
            Err(internal("block without a position"))
        } else {
            Ok(SBlockId(p))
        }
    };

    // Compact synthetic ids.
    let mut synth_new = u32s.table(ssa.synths.len(), NONE);
    let kept = ssa
        .phis
        .iter()
        .flatten()
        .filter(|phi| matches!(phi.def, PhiDef::Synth(_)))
        .count();
    let mut synth_out: Vec<SynthDef> = spare.synths.take();
    synth_out.reserve(kept);
    for &b in order {
        for phi in at(&ssa.phis, b as usize)? {
            if let PhiDef::Synth(s) = phi.def {
                *at_mut(&mut synth_new, s.index())? = synth_out.len() as u32;
                let def = *at(&ssa.synths, s.index())?;
                synth_out.push(SynthDef {
                    ty: def.ty,
                    block: sb(b)?,
                });
            }
        }
    }
    let fix = |v: SValue| -> Result<SValue> {
        Ok(match resolve(repl, v) {
            SValue::Synth(s) => {
                let x = get(&synth_new, s.index())?;
                if x == NONE {
                    return Err(internal("use of a removed synthetic value"));
                }
                SValue::Synth(SynthId(x))
            }
            other => other,
        })
    };

    let mut out = spare.blocks.take();
    out.reserve(n);
    for &b in order {
        let lb = at(blocks, b as usize)?;
        let bu = at(uses, b as usize)?;
        let mut us: Vec<(ValueId, SValue)> = match bu.len() {
            0 => Vec::new(),
            len => {
                let mut v = spare.uses.take();
                v.reserve(len);
                v
            }
        };
        for &(v, val) in bu {
            us.push((v, fix(val)?));
        }
        us.sort_by_key(|u| u.0);
        us.dedup_by_key(|u| u.0);
        let lookup = |v: ValueId| -> SValue {
            match us.binary_search_by_key(&v, |u| u.0) {
                Ok(k) => us.get(k).map(|u| u.1).unwrap_or(SValue::Value(v)),
                Err(_) => SValue::Value(v),
            }
        };
        let term = match &lb.term {
            LTerm::None => return Err(internal("block without terminator")),
            LTerm::Branch(t) => STerm::Branch(sb(*t)?),
            LTerm::CondBranch { cond, t, f } => STerm::CondBranch {
                cond: lookup(*cond),
                if_true: sb(*t)?,
                if_false: sb(*f)?,
            },
            LTerm::Switch {
                value,
                default,
                cases,
            } => {
                let value = match value {
                    PSel::Value(v) => lookup(*v),
                    PSel::Var(_) => fix(*var_value
                        .get(&b)
                        .ok_or_else(|| internal("selector read missing"))?)?,
                };
                let mut cs = Vec::with_capacity(cases.len());
                for &(lit, t) in cases {
                    cs.push((lit, sb(t)?));
                }
                STerm::Switch {
                    value,
                    default: sb(*default)?,
                    cases: cs,
                }
            }
            LTerm::Ret(v) => STerm::Return(v.map(lookup)),
            LTerm::Unreachable => STerm::Unreachable,
        };
        let merge = match lb.merge {
            LMerge::None => Merge::None,
            LMerge::Sel { merge, hint } => Merge::Selection {
                merge: sb(merge)?,
                control: hint,
            },
            LMerge::Loop { merge, cont, hint } => Merge::Loop {
                merge: sb(merge)?,
                continue_target: sb(cont)?,
                control: hint,
            },
        };
        let bp = g.preds.succ(b);
        let mut ps = Preds::with_capacity(bp.len());
        for &p in bp {
            ps.push(sb(p)?);
        }
        let bphis = at(&ssa.phis, b as usize)?;
        let mut sphis = match bphis.len() {
            0 => Vec::new(),
            len => {
                let mut v = spare.phis.take();
                v.reserve(len);
                v
            }
        };
        for phi in bphis {
            let def = match phi.def {
                PhiDef::Original(v) => PhiDef::Original(v),
                PhiDef::Synth(s) => {
                    let x = get(&synth_new, s.index())?;
                    if x == NONE {
                        continue;
                    }
                    PhiDef::Synth(SynthId(x))
                }
            };
            let mut inc = Incoming::with_capacity(phi.incoming.len());
            for &v in &phi.incoming {
                inc.push(fix(v)?);
            }
            sphis.push(SPhi { def, incoming: inc });
        }
        out.push(SBlock {
            origin: lb.origin,
            role: lb.role,
            preds: ps,
            phis: sphis,
            uses: us,
            merge,
            term,
        });
    }
    u32s.give(pos);
    u32s.give(synth_new);
    Ok(Structured {
        blocks: out,
        synths: synth_out,
    })
}

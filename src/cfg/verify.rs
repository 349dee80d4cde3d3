//! An independent checker for [`Structured`] functions.
//!
//! It shares nothing with the structurizer but the dominator algorithm:
//! it recomputes predecessors, dominators, reachability and the SPIR-V
//! constructs from the blocks and terminators alone, then applies the
//! structured control-flow rules (one merge per header, one header per
//! merge, headers dominate their merges and continue targets, a single
//! back edge per loop from inside its continue construct, exits only to
//! the innermost legal targets, no branches into a construct except
//! through its header, no switch fall-through) and the SSA rules (phi
//! arity, definitions dominate uses).

use smallvec::SmallVec;
use std::collections::HashMap;

use super::dom::DomTree;
use super::finish::for_each_operand;
use super::graph::Cfg;
use super::structured::{Merge, PhiDef, STerm, SValue, Structured};
use super::util::{at, at_mut, get, Adj, NONE};
use crate::error::{Error, Phase, Result};
use crate::ir::{Function, InstKind, Module, ValueId};

fn fail(msg: impl Into<String>) -> Error {
    Error::internal(Phase::Cfg, format!("structured check: {}", msg.into()))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Root,
    Sel,
    Switch,
    Loop,
    Continue,
}

#[derive(Clone, Copy, Debug)]
struct Cons {
    kind: Kind,
    header: u32,
    merge: u32,
    cont: u32,
    /// Nearest enclosing loop or continue construct.
    enc_loop: u32,
    /// Nearest enclosing switch inside that loop.
    enc_switch: u32,
}

/// Checks the structural rules of a structured function. See the module
/// documentation of [`crate::cfg`] for what is checked.
pub fn verify(s: &Structured) -> Result<()> {
    let n = s.blocks.len();
    if n == 0 {
        return Err(fail("no blocks"));
    }
    let in_range = |b: u32| -> Result<u32> {
        if (b as usize) < n {
            Ok(b)
        } else {
            Err(fail(format!("block id {b} out of range")))
        }
    };
    // Successors and predecessors from the terminators.
    let mut succ_l: Vec<Vec<u32>> = Vec::with_capacity(n);
    for (i, b) in s.blocks.iter().enumerate() {
        let mut l: Vec<u32> = Vec::new();
        for t in b.term.targets() {
            let t = in_range(t.0)?;
            if !l.contains(&t) {
                l.push(t);
            }
        }
        if let STerm::CondBranch {
            if_true, if_false, ..
        } = b.term
        {
            if if_true == if_false {
                return Err(fail(format!(
                    "block {i}: conditional branch with equal targets"
                )));
            }
        }
        if let STerm::Switch { cases, .. } = &b.term {
            for (k, c) in cases.iter().enumerate() {
                if cases.iter().skip(k).skip(1).any(|d| d.0 == c.0) {
                    return Err(fail(format!("block {i}: duplicate switch literal {}", c.0)));
                }
            }
        }
        succ_l.push(l);
    }
    let succ = Adj::from_lists(&succ_l);
    let pred = succ.reversed();
    for (i, b) in s.blocks.iter().enumerate() {
        let real = pred.succ(i as u32);
        let mut listed: Vec<u32> = b.preds.iter().map(|p| p.0).collect();
        let len = listed.len();
        listed.sort_unstable();
        listed.dedup();
        if listed.len() != len {
            return Err(fail(format!("block {i}: duplicate predecessors")));
        }
        let mut r = real.to_vec();
        r.sort_unstable();
        if r != listed {
            return Err(fail(format!(
                "block {i}: predecessors {listed:?} do not match the branches into it {r:?}"
            )));
        }
        for (k, p) in b.phis.iter().enumerate() {
            if p.incoming.len() != b.preds.len() {
                return Err(fail(format!(
                    "block {i}: phi {k} has {} incoming values for {} predecessors",
                    p.incoming.len(),
                    b.preds.len()
                )));
            }
        }
    }
    if !pred.succ(0).is_empty() {
        return Err(fail("the entry block has predecessors"));
    }
    // Synthetic definitions.
    let mut defined = vec![0u32; s.synths.len()];
    for (i, b) in s.blocks.iter().enumerate() {
        for p in &b.phis {
            if let PhiDef::Synth(id) = p.def {
                let def = s
                    .synths
                    .get(id.index())
                    .ok_or_else(|| fail(format!("block {i}: unknown synthetic {}", id.0)))?;
                if def.block.0 != i as u32 {
                    return Err(fail(format!(
                        "synthetic {} defined in the wrong block",
                        id.0
                    )));
                }
                // At most one per phi: cannot saturate.
                let d = at_mut(&mut defined, id.index())?;
                *d = d.saturating_add(1);
            }
        }
    }
    if let Some(k) = defined.iter().position(|&c| c != 1) {
        return Err(fail(format!("synthetic {k} is not defined exactly once")));
    }

    let dom = DomTree::compute(&succ, &pred, 0)?;
    // Order: dominators first.
    for i in 1..n as u32 {
        if let Some(d) = dom.idom(i) {
            if d >= i {
                return Err(fail(format!("block {i} comes before its dominator {d}")));
            }
        }
    }
    // A loop's continue target may end the iteration with a conditional
    // branch to the header or the merge without a selection (do-while).
    let mut latch_exit: HashMap<u32, (u32, u32)> = HashMap::new();
    for (i, b) in s.blocks.iter().enumerate() {
        if let Merge::Loop {
            merge,
            continue_target,
            ..
        } = b.merge
        {
            latch_exit.insert(continue_target.0, (i as u32, merge.0));
        }
    }
    // Merge ownership.
    let mut merge_owner = vec![NONE; n];
    let mut cont_owner = vec![NONE; n];
    for (i, b) in s.blocks.iter().enumerate() {
        let i = i as u32;
        match b.merge {
            Merge::None => {
                if let STerm::Switch { .. } = b.term {
                    if dom.is_reachable(i) {
                        return Err(fail(format!("block {i}: switch without a selection merge")));
                    }
                }
                if let STerm::CondBranch {
                    if_true, if_false, ..
                } = b.term
                {
                    let do_while = latch_exit.get(&i).is_some_and(|&(hd, m)| {
                        (if_true.0 == hd && if_false.0 == m) || (if_true.0 == m && if_false.0 == hd)
                    });
                    if dom.is_reachable(i) && !do_while {
                        return Err(fail(format!(
                            "block {i}: conditional branch without a merge"
                        )));
                    }
                }
            }
            Merge::Selection { merge, .. } => {
                let m = in_range(merge.0)?;
                if !matches!(b.term, STerm::CondBranch { .. } | STerm::Switch { .. }) {
                    return Err(fail(format!(
                        "block {i}: selection merge without a selection"
                    )));
                }
                if m == i {
                    return Err(fail(format!("block {i} is its own merge")));
                }
                if std::mem::replace(at_mut(&mut merge_owner, m as usize)?, i) != NONE {
                    return Err(fail(format!("block {m} is the merge of two headers")));
                }
            }
            Merge::Loop {
                merge,
                continue_target,
                ..
            } => {
                let m = in_range(merge.0)?;
                let c = in_range(continue_target.0)?;
                if matches!(b.term, STerm::Switch { .. }) {
                    return Err(fail(format!("block {i}: loop header ends in a switch")));
                }
                if m == i || m == c {
                    return Err(fail(format!("block {i}: bad loop merge {m}")));
                }
                if std::mem::replace(at_mut(&mut merge_owner, m as usize)?, i) != NONE {
                    return Err(fail(format!("block {m} is the merge of two headers")));
                }
                if std::mem::replace(at_mut(&mut cont_owner, c as usize)?, i) != NONE {
                    return Err(fail(format!(
                        "block {c} is the continue target of two loops"
                    )));
                }
            }
        }
    }
    for i in 0..n {
        if get(&merge_owner, i)? != NONE && get(&cont_owner, i)? != NONE {
            return Err(fail(format!(
                "block {i} is both a merge and a continue target"
            )));
        }
    }
    // Reachability, unreachable shapes, header dominance.
    for (i, b) in s.blocks.iter().enumerate() {
        let iu = i as u32;
        if !dom.is_reachable(iu) {
            let mo = get(&merge_owner, i)?;
            let co = get(&cont_owner, i)?;
            if mo != NONE && dom.is_reachable(mo) {
                if b.term != STerm::Unreachable || b.origin.is_some() {
                    return Err(fail(format!("unreachable merge {i} must be OpUnreachable")));
                }
            } else if co != NONE && dom.is_reachable(co) {
                if b.term != STerm::Branch(super::structured::SBlockId(co)) || b.origin.is_some() {
                    return Err(fail(format!(
                        "unreachable continue target {i} must branch to its header"
                    )));
                }
            } else {
                return Err(fail(format!("block {i} is unreachable")));
            }
            continue;
        }
        match b.merge {
            Merge::None => {}
            Merge::Selection { merge, .. } => {
                if dom.is_reachable(merge.0) && !dom.dominates(iu, merge.0) {
                    return Err(fail(format!(
                        "header {i} does not dominate its merge {}",
                        merge.0
                    )));
                }
            }
            Merge::Loop {
                merge,
                continue_target,
                ..
            } => {
                if dom.is_reachable(merge.0) && !dom.dominates(iu, merge.0) {
                    return Err(fail(format!("loop {i} does not dominate its merge")));
                }
                if dom.is_reachable(continue_target.0) && !dom.dominates(iu, continue_target.0) {
                    return Err(fail(format!(
                        "loop {i} does not dominate its continue target"
                    )));
                }
            }
        }
    }
    // Back edges.
    let d = super::util::dfs(&succ, 0);
    let mut post_num = vec![NONE; n];
    for (k, &v) in d.post().iter().enumerate() {
        *at_mut(&mut post_num, v as usize)? = k as u32;
    }
    let mut back_count = vec![0u32; n];
    for &u in d.pre() {
        for &v in succ.succ(u) {
            if get(&post_num, v as usize)? < get(&post_num, u as usize)? {
                continue;
            }
            if !dom.dominates(v, u) {
                return Err(fail(format!("irreducible edge {u} -> {v}")));
            }
            let Merge::Loop {
                continue_target, ..
            } = at(&s.blocks, v as usize)?.merge
            else {
                return Err(fail(format!(
                    "back edge {u} -> {v} to a block that is not a loop header"
                )));
            };
            if !dom.dominates(continue_target.0, u) {
                return Err(fail(format!(
                    "back edge {u} -> {v} does not come from the continue construct"
                )));
            }
            // At most one per edge: cannot saturate.
            let c = at_mut(&mut back_count, v as usize)?;
            *c = c.saturating_add(1);
        }
    }
    for (i, b) in s.blocks.iter().enumerate() {
        if let Merge::Loop { .. } = b.merge {
            if dom.is_reachable(i as u32) && get(&back_count, i)? != 1 {
                return Err(fail(format!(
                    "loop header {i} has {} back edges",
                    get(&back_count, i)?
                )));
            }
        }
    }
    // Constructs.
    let mut cons: Vec<Cons> = vec![Cons {
        kind: Kind::Root,
        header: NONE,
        merge: NONE,
        cont: NONE,
        enc_loop: NONE,
        enc_switch: NONE,
    }];
    let mut cons_of = vec![NONE; n];
    let mut out_cons = vec![NONE; n];
    let mut cont_cons = vec![NONE; n]; // header -> its continue construct
    for &b in dom.order() {
        let c = if b == 0 {
            0
        } else if get(&merge_owner, b as usize)? != NONE
            && dom.is_reachable(get(&merge_owner, b as usize)?)
        {
            get(&cons_of, get(&merge_owner, b as usize)? as usize)?
        } else if get(&cont_owner, b as usize)? != NONE {
            get(&cont_cons, get(&cont_owner, b as usize)? as usize)?
        } else {
            let id = dom
                .idom(b)
                .ok_or_else(|| fail("reachable block without dominator"))?;
            get(&out_cons, id as usize)?
        };
        if c == NONE {
            return Err(fail(format!("block {b}: construct not known")));
        }
        *at_mut(&mut cons_of, b as usize)? = c;
        let blk = at(&s.blocks, b as usize)?;
        let parent = *at(&cons, c as usize)?;
        let (enc_loop, enc_switch) = match parent.kind {
            Kind::Loop | Kind::Continue => (c, NONE),
            Kind::Switch => (
                parent.enc_loop,
                if parent.enc_switch == NONE {
                    c
                } else {
                    parent.enc_switch
                },
            ),
            Kind::Root | Kind::Sel => (parent.enc_loop, parent.enc_switch),
        };
        let id = cons.len() as u32;
        let oc = match blk.merge {
            Merge::None => c,
            Merge::Selection { merge, .. } => {
                let kind = if matches!(blk.term, STerm::Switch { .. }) {
                    Kind::Switch
                } else {
                    Kind::Sel
                };
                cons.push(Cons {
                    kind,
                    header: b,
                    merge: merge.0,
                    cont: NONE,
                    enc_loop,
                    enc_switch,
                });
                id
            }
            Merge::Loop {
                merge,
                continue_target,
                ..
            } => {
                cons.push(Cons {
                    kind: Kind::Loop,
                    header: b,
                    merge: merge.0,
                    cont: continue_target.0,
                    enc_loop,
                    enc_switch,
                });
                let l = id;
                let cont = cons.len() as u32;
                cons.push(Cons {
                    kind: Kind::Continue,
                    header: b,
                    merge: merge.0,
                    cont: continue_target.0,
                    enc_loop: l,
                    enc_switch: NONE,
                });
                *at_mut(&mut cont_cons, b as usize)? = cont;
                l
            }
        };
        *at_mut(&mut out_cons, b as usize)? = oc;
    }
    // Switch cases are entered only from their switch.
    let mut case_of = vec![NONE; n];
    for (i, b) in s.blocks.iter().enumerate() {
        if let (STerm::Switch { .. }, Merge::Selection { merge, .. }) = (&b.term, b.merge) {
            for t in b.term.targets() {
                if t != merge {
                    if get(&merge_owner, t.index())? != NONE || get(&cont_owner, t.index())? != NONE
                    {
                        return Err(fail(format!(
                            "switch {i}: case target {} is a merge block or continue target",
                            t.0
                        )));
                    }
                    *at_mut(&mut case_of, t.index())? = i as u32;
                }
            }
        }
    }
    for &u in dom.order() {
        let cu = get(&out_cons, u as usize)?;
        let c = *at(&cons, cu as usize)?;
        for &v in succ.succ(u) {
            let co = get(&case_of, v as usize)?;
            if co != NONE && co != u && !dom.dominates(v, u) {
                return Err(fail(format!("branch {u} -> {v} into a switch case")));
            }
            let w = get(&cons_of, v as usize)?;
            let ok = w == cu
                || (matches!(c.kind, Kind::Sel | Kind::Switch | Kind::Loop) && v == c.merge)
                || (c.kind == Kind::Loop && v == c.cont)
                || (c.kind == Kind::Continue && (v == c.header || v == c.merge))
                || (matches!(c.kind, Kind::Sel | Kind::Switch) && {
                    let sw_ok = c.enc_switch != NONE
                        && at(&cons, c.enc_switch as usize)
                            .map(|x| x.merge == v)
                            .unwrap_or(false);
                    let lp_ok = c.enc_loop != NONE
                        && at(&cons, c.enc_loop as usize)
                            .map(|x| match x.kind {
                                Kind::Loop => v == x.merge || v == x.cont,
                                Kind::Continue => v == x.header || v == x.merge,
                                _ => false,
                            })
                            .unwrap_or(false);
                    sw_ok || lp_ok
                });
            if !ok {
                return Err(fail(format!(
                    "branch {u} -> {v} leaves the {:?} construct of header {} illegally",
                    c.kind, c.header
                )));
            }
        }
    }
    // Synthetic SSA.
    for (i, b) in s.blocks.iter().enumerate() {
        if !dom.is_reachable(i as u32) {
            continue;
        }
        for p in &b.phis {
            for (k, v) in p.incoming.iter().enumerate() {
                if let SValue::Synth(id) = v {
                    let def = s.synth(*id).ok_or_else(|| fail("unknown synthetic"))?;
                    let q = at(&b.preds, k)?.0;
                    if !dom.dominates(def.block.0, q) {
                        return Err(fail(format!(
                            "block {i}: phi incoming synthetic {} does not dominate predecessor {q}",
                            id.0
                        )));
                    }
                }
            }
        }
        let check = |v: &SValue| -> Result<()> {
            if let SValue::Synth(id) = v {
                let def = s.synth(*id).ok_or_else(|| fail("unknown synthetic"))?;
                if !dom.dominates(def.block.0, i as u32) {
                    return Err(fail(format!(
                        "block {i}: synthetic {} used out of scope",
                        id.0
                    )));
                }
            }
            Ok(())
        };
        for (_, v) in &b.uses {
            check(v)?;
        }
        match &b.term {
            STerm::CondBranch { cond, .. } => check(cond)?,
            STerm::Switch { value, .. } => check(value)?,
            STerm::Return(Some(v)) => check(v)?,
            _ => {}
        }
    }
    Ok(())
}

/// [`verify`], plus the SSA of original values against the function they
/// came from: every reachable original block is emitted once with all its
/// phis, and every operand (after [`super::SBlock::uses`]) and phi incoming
/// value is defined on every path to its use.
pub fn verify_with(s: &Structured, func: &Function, module: &Module) -> Result<()> {
    verify(s)?;
    let cfg = Cfg::new(func, module)?;
    let n = s.blocks.len();
    let mut block_of = HashMap::new();
    for (i, b) in s.blocks.iter().enumerate() {
        if let Some(o) = b.origin {
            if !cfg.is_reachable(o) {
                return Err(fail(format!("unreachable original block {} emitted", o.0)));
            }
            if block_of.insert(o, i as u32).is_some() {
                return Err(fail(format!("original block {} emitted twice", o.0)));
            }
        }
    }
    for &b in cfg.rpo() {
        if !block_of.contains_key(&b) {
            return Err(fail(format!("original block {} missing", b.0)));
        }
    }
    let succ_l: Vec<Vec<u32>> = s
        .blocks
        .iter()
        .map(|b| {
            let mut l: Vec<u32> = Vec::new();
            for t in b.term.targets() {
                if !l.contains(&t.0) {
                    l.push(t.0);
                }
            }
            l
        })
        .collect();
    let succ = Adj::from_lists(&succ_l);
    let pred = succ.reversed();
    let dom = DomTree::compute(&succ, &pred, 0)?;
    let original: Vec<bool> = s.blocks.iter().map(|x| x.origin.is_some()).collect();
    let mut def_block: HashMap<ValueId, u32> = HashMap::new();
    for (i, b) in s.blocks.iter().enumerate() {
        if let Some(o) = b.origin {
            for inst in func.block_insts(o) {
                if let Some(r) = inst.result {
                    def_block.insert(r, i as u32);
                }
            }
        }
    }
    for (i, b) in s.blocks.iter().enumerate() {
        for p in &b.phis {
            if let PhiDef::Original(v) = p.def {
                def_block.insert(v, i as u32);
            }
        }
    }
    let avail_end = |v: SValue, at_block: u32| -> bool {
        match v {
            SValue::Value(x) => match def_block.get(&x) {
                Some(&d) => dom.dominates(d, at_block),
                None => true,
            },
            SValue::Synth(id) => s
                .synth(id)
                .is_some_and(|d| dom.dominates(d.block.0, at_block)),
            SValue::U32(_) | SValue::Undef => true,
        }
    };
    for i in 0..n {
        let b = at(&s.blocks, i)?;
        let iu = i as u32;
        if !dom.is_reachable(iu) {
            continue;
        }
        for (k, p) in b.phis.iter().enumerate() {
            for (j, &v) in p.incoming.iter().enumerate() {
                let q = at(&b.preds, j)?.0;
                if !avail_end(v, q) {
                    return Err(fail(format!(
                        "block {i}: phi {k} incoming {v:?} from {q} is not available there"
                    )));
                }
            }
        }
        let Some(o) = b.origin else { continue };
        // Original phis present, in order.
        let orig: Vec<ValueId> = func
            .block_insts(o)
            .iter()
            .filter(|x| matches!(x.kind, InstKind::Phi { .. }))
            .filter_map(|x| x.result)
            .collect();
        let home = super::finish::phi_home(iu, &pred, &succ, |p| {
            original.get(p as usize).copied().unwrap_or(true)
        });
        let mine: Vec<ValueId> = at(&s.blocks, home as usize)?
            .phis
            .iter()
            .filter_map(|p| match p.def {
                PhiDef::Original(v) => Some(v),
                PhiDef::Synth(_) => None,
            })
            .collect();
        if orig != mine {
            return Err(fail(format!(
                "block {i}: original phis {orig:?} emitted as {mine:?}"
            )));
        }
        if home != iu && b.phis.iter().any(|p| matches!(p.def, PhiDef::Original(_))) {
            return Err(fail(format!("block {i}: original phis in two places")));
        }
        let mut defined_here: Vec<ValueId> = orig.clone();
        for inst in func.block_insts(o) {
            if matches!(inst.kind, InstKind::Phi { .. }) {
                continue;
            }
            let mut ops: SmallVec<[ValueId; 8]> = SmallVec::new();
            for_each_operand(&inst.kind, module, |v| ops.push(v));
            for v in ops {
                let eff = b.operand(v);
                let ok = match eff {
                    SValue::Value(x) => {
                        defined_here.contains(&x)
                            || match def_block.get(&x) {
                                Some(&d) => d != iu && dom.dominates(d, iu),
                                None => true,
                            }
                    }
                    other => avail_end(other, iu),
                };
                if !ok {
                    return Err(fail(format!(
                        "block {i}: operand %{} ({eff:?}) is not available",
                        v.0
                    )));
                }
            }
            if let Some(r) = inst.result {
                defined_here.push(r);
            }
        }
    }
    Ok(())
}

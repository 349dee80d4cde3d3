//! The structurizer driver: pre-CFG → reducible pre-CFG → structure tree →
//! lowered blocks → cleanup → SSA (selectors, original phis, repairs) →
//! emission order → [`Structured`].

use std::cell::OnceCell;
use std::collections::{BTreeMap, HashMap};

use smallvec::SmallVec;

use super::dom::DomTree;
use super::graph::{block_exit, Cfg, Exit};
use super::hints::merge_loop_control;
use super::lower::{LBlock, LMerge, LTerm};
use super::pre::{PSel, PreCfg, SEL};
use super::ssa::{DefVals, Defs, Group, Reach, Solver};
use super::structured::{
    LoopControl, Merge, PhiDef, Role, SBlock, SBlockId, SPhi, STerm, SValue, Structured, SynthDef,
    SynthId, SynthType,
};
use super::tree::{self, Analysis};
use super::util::FastMap;
use super::util::{at, at_mut, get, internal, Adj, NONE};
use crate::error::{Error, Phase, Result};
use crate::ir::{BlockId, FuncId, Function, InstKind, Module, ValueId, ValueKind};

/// Structurizes a function definition.
///
/// Errors: [`crate::ErrorKind::InvalidInput`] for malformed control flow
/// (missing terminators, branches to nonexistent blocks, phis without an
/// incoming value for a predecessor); [`crate::ErrorKind::Internal`] if an
/// invariant of the algorithm breaks (a bug: please report the input).
pub fn structurize(func: &Function, module: &Module) -> Result<Structured> {
    structurize_inner(func, module).map_err(|e| {
        let name = module.value_name(func.value);
        Error::new(
            e.kind(),
            e.phase(),
            e.location().clone(),
            format!("@{name}: {}", e.message()),
        )
    })
}

fn structurize_inner(func: &Function, module: &Module) -> Result<Structured> {
    if func.is_declaration || func.blocks.is_empty() {
        return Err(Error::invalid(Phase::Cfg, "function has no body"));
    }
    if let Some(s) = single_block(func, module)? {
        return Ok(s);
    }
    let cfg = Cfg::new(func, module)?;
    let mut pre = PreCfg::build(func, module, &cfg)?;
    let mut a = Analysis::new(&pre)?;
    if !a.loops.is_reducible() {
        pre.make_reducible(&a.pred)?;
        a = Analysis::new(&pre)?;
        if !a.loops.is_reducible() {
            return Err(internal(
                "irreducible control flow remained after dispatching",
            ));
        }
    }
    let mut loop_hints = vec![LoopControl::default(); pre.nodes.len()];
    for &(u, h) in a.loops.back_edges() {
        let hint = at(&pre.nodes, u as usize)?.loop_hint;
        let slot = at_mut(&mut loop_hints, h as usize)?;
        *slot = merge_loop_control(*slot, hint);
    }
    let tree = tree::build(&pre, &a)?;
    let blocks = super::lower::lower(&pre, &tree, &loop_hints)?;
    let blocks = cleanup(blocks)?;
    finish(func, module, &cfg, blocks)
}

/// The fast path for a function of one block that returns (or ends in
/// `unreachable`) and has no phis: nothing to structurize, and the passes
/// below would produce exactly this block. `None` for any other function.
fn single_block(func: &Function, module: &Module) -> Result<Option<Structured>> {
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
    Ok(Some(Structured {
        blocks: vec![SBlock {
            origin: Some(entry),
            role: Role::Original,
            preds: Vec::new(),
            phis: Vec::new(),
            uses: Vec::new(),
            merge: Merge::None,
            term,
        }],
        synths: Vec::new(),
    }))
}

fn merge_targets(m: &LMerge) -> SmallVec<[u32; 2]> {
    match *m {
        LMerge::None => SmallVec::new(),
        LMerge::Sel { merge, .. } => smallvec::smallvec![merge],
        LMerge::Loop { merge, cont, .. } => smallvec::smallvec![merge, cont],
    }
}

/// Per block: its distinct predecessors, in block order (most blocks have
/// one or two, kept inline).
type PredLists = Vec<SmallVec<[u32; 2]>>;

/// The predecessor lists and merge-reference counts of the blocks not
/// `deleted`.
fn preds_and_refs(blocks: &[LBlock], deleted: &[bool]) -> Result<(PredLists, Vec<u32>)> {
    let n = blocks.len();
    let mut preds: PredLists = vec![SmallVec::new(); n];
    let mut refs = vec![0u32; n];
    for (i, b) in blocks.iter().enumerate() {
        if get(deleted, i)? {
            continue;
        }
        for t in b.term.targets() {
            let p = at_mut(&mut preds, t as usize)?;
            if !p.contains(&(i as u32)) {
                p.push(i as u32);
            }
        }
        for t in merge_targets(&b.merge) {
            let r = at_mut(&mut refs, t as usize)?;
            // Counts references from blocks in memory: cannot saturate.
            *r = r.saturating_add(1);
        }
    }
    Ok((preds, refs))
}

/// Removes empty pass-through blocks, turns unreachable merge and continue
/// blocks into their canonical forms, drops other unreachable blocks and
/// renumbers.
fn cleanup(mut blocks: Vec<LBlock>) -> Result<Vec<LBlock>> {
    let n = blocks.len();
    let mut deleted = vec![false; n];
    let (mut preds, mut refs) = preds_and_refs(&blocks, &deleted)?;
    let mut work: Vec<u32> = (0..n as u32).rev().collect();
    while let Some(x) = work.pop() {
        if get(&deleted, x as usize)? || x == 0 {
            continue;
        }
        let b = at(&blocks, x as usize)?;
        let LTerm::Branch(t) = b.term else { continue };
        if t == x
            || b.origin.is_some()
            || b.node != NONE
            || !b.assigns.is_empty()
            || b.merge != LMerge::None
            || get(&refs, x as usize)? != 0
        {
            continue;
        }
        let ps = at(&preds, x as usize)?.clone();
        let mut blocked = false;
        for &p in &ps {
            if matches!(at(&blocks, p as usize)?.term, LTerm::Switch { .. }) {
                blocked = true;
            }
        }
        if blocked {
            continue;
        }
        for &p in &ps {
            let pb = at_mut(&mut blocks, p as usize)?;
            pb.term.replace_target(x, t);
            if let LTerm::CondBranch { t: a, f: c, .. } = pb.term {
                if a == c {
                    pb.term = LTerm::Branch(a);
                    if let LMerge::Sel { merge, .. } = pb.merge {
                        pb.merge = LMerge::None;
                        let r = at_mut(&mut refs, merge as usize)?;
                        *r = r
                            .checked_sub(1)
                            .ok_or_else(|| internal("merge reference count underflow"))?;
                        work.push(merge);
                    }
                }
            }
            let tp = at_mut(&mut preds, t as usize)?;
            tp.retain(|q| *q != x);
            if !tp.contains(&p) {
                tp.push(p);
            }
        }
        *at_mut(&mut deleted, x as usize)? = true;
        at_mut(&mut preds, x as usize)?.clear();
        work.push(t);
    }
    // Reachability.
    let mut reach = vec![false; n];
    let mut stack = vec![0u32];
    while let Some(x) = stack.pop() {
        if std::mem::replace(at_mut(&mut reach, x as usize)?, true) {
            continue;
        }
        for t in at(&blocks, x as usize)?.term.targets() {
            if !get(&reach, t as usize)? {
                stack.push(t);
            }
        }
    }
    let mut merge_of = vec![NONE; n];
    let mut cont_of = vec![NONE; n];
    for (i, b) in blocks.iter().enumerate() {
        if !get(&reach, i)? {
            continue;
        }
        match b.merge {
            LMerge::None => {}
            LMerge::Sel { merge, .. } => *at_mut(&mut merge_of, merge as usize)? = i as u32,
            LMerge::Loop { merge, cont, .. } => {
                *at_mut(&mut merge_of, merge as usize)? = i as u32;
                *at_mut(&mut cont_of, cont as usize)? = i as u32;
            }
        }
    }
    for i in 0..n {
        if get(&deleted, i)? || get(&reach, i)? {
            continue;
        }
        let b = at_mut(&mut blocks, i)?;
        if b.origin.is_some() {
            return Err(internal(format!(
                "original block {:?} became unreachable",
                b.origin
            )));
        }
        if get(&merge_of, i)? != NONE {
            b.term = LTerm::Unreachable;
        } else if get(&cont_of, i)? != NONE {
            b.term = LTerm::Branch(get(&cont_of, i)?);
        } else {
            *at_mut(&mut deleted, i)? = true;
            continue;
        }
        b.assigns.clear();
        b.merge = LMerge::None;
    }
    // Predecessors and merge references among the remaining blocks.
    let (mut preds, mut refs) = preds_and_refs(&blocks, &deleted)?;
    // Latches as continue targets: when the synthetic continue block has a
    // single predecessor X that only branches to it, X becomes the
    // continue target (the back-edge block); when X instead ends the
    // iteration with a conditional branch whose arms are exactly the
    // continue block and the loop merge (its own selection merge being
    // unreachable), X becomes a do-while style back-edge block that
    // branches to the header or the merge.
    for h in 0..n {
        if get(&deleted, h)? {
            continue;
        }
        let LMerge::Loop {
            merge: lm,
            cont: lc,
            hint,
        } = at(&blocks, h)?.merge
        else {
            continue;
        };
        let cb = at(&blocks, lc as usize)?;
        if cb.origin.is_some()
            || cb.node != NONE
            || !cb.assigns.is_empty()
            || cb.term != LTerm::Branch(h as u32)
        {
            continue;
        }
        let [x] = at(&preds, lc as usize)?.as_slice() else {
            continue;
        };
        let x = *x;
        if x as usize == h || x == 0 || get(&refs, x as usize)? != 0 {
            continue;
        }
        // A switch case never becomes a continue target.
        let mut case = false;
        for &p in at(&preds, x as usize)? {
            case |= matches!(at(&blocks, p as usize)?.term, LTerm::Switch { .. });
        }
        if case {
            continue;
        }
        let xb = at(&blocks, x as usize)?;
        let new_term = match (&xb.term, xb.merge) {
            (LTerm::Branch(t), LMerge::None) if *t == lc => LTerm::Branch(h as u32),
            (LTerm::CondBranch { cond, t, f }, LMerge::Sel { merge: j, .. })
                if ((*t == lc && *f == lm) || (*t == lm && *f == lc))
                    && at(&preds, j as usize)?.is_empty()
                    && get(&refs, j as usize)? == 1 =>
            {
                let to = |v: u32| if v == lc { h as u32 } else { v };
                *at_mut(&mut refs, j as usize)? = 0;
                *at_mut(&mut deleted, j as usize)? = true;
                LTerm::CondBranch {
                    cond: *cond,
                    t: to(*t),
                    f: to(*f),
                }
            }
            _ => continue,
        };
        let xb = at_mut(&mut blocks, x as usize)?;
        xb.term = new_term;
        xb.merge = LMerge::None;
        at_mut(&mut blocks, h)?.merge = LMerge::Loop {
            merge: lm,
            cont: x,
            hint,
        };
        *at_mut(&mut refs, x as usize)? = 1;
        *at_mut(&mut refs, lc as usize)? = 0;
        *at_mut(&mut deleted, lc as usize)? = true;
        at_mut(&mut preds, lc as usize)?.clear();
        let hp = at_mut(&mut preds, h)?;
        hp.retain(|q| *q != lc);
        if !hp.contains(&x) {
            hp.push(x);
        }
    }
    // Merge forwarding: a selection merge that is an empty block branching
    // to a block only it reaches hands its role to that block.
    for h in 0..n {
        if get(&deleted, h)? {
            continue;
        }
        let LMerge::Sel { merge: j, hint } = at(&blocks, h)?.merge else {
            continue;
        };
        let jb = at(&blocks, j as usize)?;
        let LTerm::Branch(t) = jb.term else { continue };
        if jb.origin.is_some()
            || jb.node != NONE
            || !jb.assigns.is_empty()
            || jb.merge != LMerge::None
            || get(&refs, j as usize)? != 1
            || t == j
            || t == 0
            || t as usize == h
            || get(&refs, t as usize)? != 0
            || matches!(at(&blocks, t as usize)?.merge, LMerge::Loop { .. })
            || at(&preds, t as usize)?.as_slice() != [j]
        {
            continue;
        }
        let ps = at(&preds, j as usize)?.clone();
        for &p in &ps {
            at_mut(&mut blocks, p as usize)?.term.replace_target(j, t);
        }
        at_mut(&mut blocks, h)?.merge = LMerge::Sel { merge: t, hint };
        *at_mut(&mut refs, t as usize)? = 1;
        *at_mut(&mut refs, j as usize)? = 0;
        *at_mut(&mut preds, t as usize)? = ps;
        at_mut(&mut preds, j as usize)?.clear();
        *at_mut(&mut deleted, j as usize)? = true;
    }
    // Merge shift: a selection merge that is an empty block whose only
    // predecessor X only branches to it is replaced by X (the common
    // `if (c) break; rest` shape), saving a block.
    for h in 0..n {
        if get(&deleted, h)? {
            continue;
        }
        let LMerge::Sel { merge: j, hint } = at(&blocks, h)?.merge else {
            continue;
        };
        let jb = at(&blocks, j as usize)?;
        let LTerm::Branch(t) = jb.term else { continue };
        if jb.origin.is_some()
            || jb.node != NONE
            || !jb.assigns.is_empty()
            || jb.merge != LMerge::None
            || get(&refs, j as usize)? != 1
            || t == j
        {
            continue;
        }
        let [x] = at(&preds, j as usize)?.as_slice() else {
            continue;
        };
        let x = *x;
        let xb = at(&blocks, x as usize)?;
        if x as usize == h
            || x == 0
            || t == x
            || xb.merge != LMerge::None
            || get(&refs, x as usize)? != 0
            || xb.term != LTerm::Branch(j)
        {
            continue;
        }
        at_mut(&mut blocks, h)?.merge = LMerge::Sel { merge: x, hint };
        *at_mut(&mut refs, x as usize)? = 1;
        *at_mut(&mut refs, j as usize)? = 0;
        at_mut(&mut blocks, x as usize)?.term = LTerm::Branch(t);
        let tp = at_mut(&mut preds, t as usize)?;
        tp.retain(|q| *q != j);
        if !tp.contains(&x) {
            tp.push(x);
        }
        at_mut(&mut preds, j as usize)?.clear();
        *at_mut(&mut deleted, j as usize)? = true;
    }
    let mut newid = vec![NONE; n];
    let mut out = Vec::new();
    for (i, b) in blocks.into_iter().enumerate() {
        if !get(&deleted, i)? {
            *at_mut(&mut newid, i)? = out.len() as u32;
            out.push(b);
        }
    }
    let map = |x: u32| -> Result<u32> {
        let v = get(&newid, x as usize)?;
        if v == NONE {
            Err(internal("reference to a removed block"))
        } else {
            Ok(v)
        }
    };
    for b in out.iter_mut() {
        b.term.map_targets(map)?;
        b.merge = match b.merge {
            LMerge::None => LMerge::None,
            LMerge::Sel { merge, hint } => LMerge::Sel {
                merge: map(merge)?,
                hint,
            },
            LMerge::Loop { merge, cont, hint } => LMerge::Loop {
                merge: map(merge)?,
                cont: map(cont)?,
                hint,
            },
        };
    }
    if out.len() >= 0x7fff_ffff {
        return Err(internal("too many blocks"));
    }
    Ok(out)
}

/// Calls `f` on each value operand of an instruction (phis excluded), in
/// operand order, without collecting them.
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
/// indexed by instruction, so a look-up is an index, not a hash.
struct DefSites<'a> {
    func: &'a Function,
    /// The function's id, when its value says it (then a value's
    /// [`ValueKind::Inst`] names the function directly).
    id: Option<FuncId>,
    module: &'a Module,
    /// Per instruction: the block holding it, or [`DefSites::DEAD`].
    block: Vec<u32>,
}

impl<'a> DefSites<'a> {
    /// Marks an instruction of an unreachable original block.
    const DEAD: u32 = NONE - 1;

    fn new(
        func: &'a Function,
        module: &'a Module,
        cfg: &Cfg,
        blocks: &[LBlock],
    ) -> Result<DefSites<'a>> {
        let mut block = vec![NONE; func.insts.len()];
        let mut fill = |ob: BlockId, v: u32| -> Result<()> {
            let b = at(&func.blocks, ob.0 as usize)?;
            let end = (b.start as usize).saturating_add(b.len as usize);
            block
                .get_mut(b.start as usize..end)
                .ok_or_else(|| internal("block instructions out of range"))?
                .fill(v);
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
        let id = match module.value(func.value).map(|v| v.kind) {
            Some(ValueKind::Function(f)) => Some(f),
            _ => None,
        };
        Ok(DefSites {
            func,
            id,
            module,
            block,
        })
    }

    fn of(&self, v: ValueId) -> Site {
        let inst = match self.module.value(v).map(|v| v.kind) {
            Some(ValueKind::Inst { func, inst })
                if Some(func) == self.id
                    || (self.id.is_none()
                        && self.func.insts.get(inst as usize).and_then(|i| i.result)
                            == Some(v)) =>
            {
                inst
            }
            _ => return Site::Other,
        };
        match self.block.get(inst as usize).copied() {
            Some(Self::DEAD) => Site::Dead,
            Some(NONE) | None => Site::Other,
            Some(d) => Site::Block(d),
        }
    }
}

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

/// Where a repaired read lands.
#[derive(Clone, Copy, Debug)]
enum ReadSite {
    /// An instruction operand in this block.
    Use(u32),
    /// Incoming `i` of phi `phi` of block `block`.
    PhiIn { block: u32, phi: u32, i: u32 },
}

fn finish(func: &Function, module: &Module, cfg: &Cfg, blocks: Vec<LBlock>) -> Result<Structured> {
    let n = blocks.len();
    let succ = Adj::from_targets(n, |i| {
        blocks
            .get(i as usize)
            .into_iter()
            .flat_map(|b| b.term.targets())
    });
    // Each block's distinct predecessors in block order.
    let preds = succ.reversed();
    // Block of each pre-node and original block.
    let mut of_orig = vec![NONE; func.blocks.len()];
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

    let mut synths: Vec<SynthDef> = Vec::new();
    let mut phis: Vec<Vec<SPhi>> = vec![Vec::new(); n];
    let original: Vec<bool> = blocks.iter().map(|b| b.origin.is_some()).collect();
    let is_orig = |b: u32| original.get(b as usize).copied().unwrap_or(false);
    // Original phis and the selector are dead at the end of original
    // blocks that do not define them (see `Group::kill`).
    let kill_at_original = |b: u32| is_orig(b).then_some(Reach::Kill);
    // Selector variables are dead at the end of every block holding a
    // pre-CFG node's code that does not assign them: the structurizer's
    // selector is zero whenever such code runs, and a dispatcher's is read
    // only right after a predecessor (in the pre-CFG) assigned it.
    let holds_node: Vec<bool> = blocks.iter().map(|b| b.node != NONE).collect();
    let kill_at_node = |b: u32| {
        holds_node
            .get(b as usize)
            .copied()
            .unwrap_or(false)
            .then_some(Reach::Kill)
    };
    let mut solver = Solver::new(&preds);

    // 1. Selector and dispatcher variables.
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
    let mut var_defs: BTreeMap<u32, FastMap<u32, DefVals>> = BTreeMap::new();
    for (i, b) in blocks.iter().enumerate() {
        for &(var, val) in &b.assigns {
            if var_reads.contains_key(&var) {
                let defs = var_defs.entry(var).or_default();
                defs.insert(i as u32, smallvec::smallvec![SValue::U32(val)]);
            }
        }
    }
    let mut var_value: HashMap<u32, SValue> = HashMap::new(); // block -> selector read
    for (&var, reads) in &var_reads {
        let defs = var_defs.remove(&var).unwrap_or_default();
        let g = Group {
            k: 1,
            defs: Defs::Map(defs),
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
        let (vals, new_phis) = solver.solve(&g, &rs, &mut synths, &kill_at_node)?;
        for (&b, v) in reads.iter().zip(vals) {
            var_value.insert(b, v);
        }
        for (b, def, inc) in new_phis {
            at_mut(&mut phis, b as usize)?.push(SPhi { def, incoming: inc });
        }
    }

    // 2. Original phis.
    for (i, b) in blocks.iter().enumerate() {
        let Some(ob) = b.origin else { continue };
        let insts = func.block_insts(ob);
        let mut orig_phis: Vec<(ValueId, Vec<(ValueId, BlockId)>)> = Vec::new();
        for inst in insts {
            let InstKind::Phi { incoming } = inst.kind else {
                continue;
            };
            let res = inst
                .result
                .ok_or_else(|| Error::invalid(Phase::Cfg, "phi without a result"))?;
            let pairs = module
                .pairs(incoming)
                .map(|(v, bb)| (ValueId(v), BlockId(bb)))
                .collect();
            orig_phis.push((res, pairs));
        }
        if orig_phis.is_empty() {
            continue;
        }
        // Values per original reachable predecessor.
        let mut defs: FastMap<u32, DefVals> = FastMap::default();
        for p in cfg.predecessors(ob) {
            if !cfg.is_reachable(p) {
                continue;
            }
            let pb = get(&of_orig, p.0 as usize)?;
            if pb == NONE {
                return Err(internal("predecessor without a block"));
            }
            let mut vals = DefVals::with_capacity(orig_phis.len());
            for (res, pairs) in &orig_phis {
                let v = pairs
                    .iter()
                    .find(|x| x.1 == p)
                    .map(|x| x.0)
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
            defs.insert(pb, vals);
        }
        // The phis live at the top of the chain of synthetic blocks that
        // lead only into this block (a loop's header), so that a loop-carried
        // value needs one phi rather than a synthetic one and a copy.
        let home = phi_home(i as u32, &preds, &succ, &original);
        let my_preds = preds.succ(home);
        let direct = my_preds.len() == defs.len() && my_preds.iter().all(|q| defs.contains_key(q));
        let k = orig_phis.len();
        if direct {
            for (pi, (res, _)) in orig_phis.iter().enumerate() {
                let mut inc = Vec::with_capacity(my_preds.len());
                for q in my_preds {
                    let vals = defs.get(q).ok_or_else(|| internal("missing phi values"))?;
                    inc.push(*at(vals, pi)?);
                }
                at_mut(&mut phis, home as usize)?.push(SPhi {
                    def: PhiDef::Original(*res),
                    incoming: inc,
                });
            }
            continue;
        }
        let mut types = Vec::with_capacity(k);
        for (res, _) in &orig_phis {
            let ty = module
                .value_type(*res)
                .ok_or_else(|| internal("phi result without a type"))?;
            types.push(SynthType::Ir(ty));
        }
        let forced: Vec<SValue> = orig_phis.iter().map(|(r, _)| SValue::Value(*r)).collect();
        let undef = vec![SValue::Undef; k];
        let g = Group {
            k,
            defs: Defs::Map(defs),
            forced: Some((home, &forced)),
            entry: &undef,
            types: &types,
            // Read only where the last original block executed is a
            // predecessor that defines them.
            kill: &undef,
        };
        let rs: Vec<(u32, bool)> = my_preds.iter().map(|&q| (q, true)).collect();
        let (vals, new_phis) = solver.solve(&g, &rs, &mut synths, &kill_at_original)?;
        for (pi, (res, _)) in orig_phis.iter().enumerate() {
            let mut inc = Vec::with_capacity(rs.len());
            for v in vals.chunks(k.max(1)) {
                inc.push(*at(v, pi)?);
            }
            at_mut(&mut phis, home as usize)?.insert(
                pi,
                SPhi {
                    def: PhiDef::Original(*res),
                    incoming: inc,
                },
            );
        }
        for (b, def, inc) in new_phis {
            at_mut(&mut phis, b as usize)?.push(SPhi { def, incoming: inc });
        }
    }

    // 3. Repairs: uses whose definition no longer dominates them.
    let sites = DefSites::new(func, module, cfg, &blocks)?;
    let dom_cell: OnceCell<DomTree> = OnceCell::new();
    let dom = || -> Result<&DomTree> {
        if let Some(d) = dom_cell.get() {
            return Ok(d);
        }
        let d = DomTree::compute(&succ, &preds, 0)?;
        Ok(dom_cell.get_or_init(|| d))
    };
    let mut uses: Vec<Vec<(ValueId, SValue)>> = vec![Vec::new(); n];
    // (value, read point, at end, site), grouped by value below.
    let mut reads: Vec<(ValueId, u32, bool, ReadSite)> = Vec::new();
    for (i, b) in blocks.iter().enumerate() {
        let Some(o) = b.origin else { continue };
        let i = i as u32;
        for inst in func.block_insts(o) {
            let mut res = Ok(());
            for_each_operand(&inst.kind, module, |v| {
                if res.is_err() {
                    return;
                }
                res = (|| {
                    match sites.of(v) {
                        Site::Dead => at_mut(&mut uses, i as usize)?.push((v, SValue::Undef)),
                        Site::Block(d) if d != i && !dom()?.dominates(d, i) => {
                            reads.push((v, i, false, ReadSite::Use(i)));
                        }
                        Site::Block(_) | Site::Other => {}
                    }
                    Ok(())
                })();
            });
            res?;
        }
    }
    for (i, bp) in phis.iter_mut().enumerate() {
        let ps = preds.succ(i as u32);
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
                if !dom()?.dominates(d, q) {
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
        Some(cfg.dominators()?)
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
        let dom = dom()?;
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
        let orig_d = at(&blocks, d as usize)?.origin;
        let boundary = |b: u32| -> Option<Reach> {
            if dom.dominates(d, b) {
                return Some(Reach::Def(d));
            }
            let ob = at(&blocks, b as usize).ok()?.origin?;
            match orig_d {
                Some(od) if !orig_dom.dominates(od.0, ob.0) => Some(Reach::Kill),
                _ => None,
            }
        };
        let (vals, new_phis) = solver.solve(&g, &points, &mut synths, &boundary)?;
        for (r, val) in rs.iter().zip(vals) {
            match r.3 {
                ReadSite::Use(b) => {
                    if val != SValue::Value(v) {
                        at_mut(&mut uses, b as usize)?.push((v, val));
                    }
                }
                ReadSite::PhiIn { block, phi, i } => {
                    let p = at_mut(at_mut(&mut phis, block as usize)?, phi as usize)?;
                    *at_mut(&mut p.incoming, i as usize)? = val;
                }
            }
        }
        for (b, def, inc) in new_phis {
            at_mut(&mut phis, b as usize)?.push(SPhi { def, incoming: inc });
        }
    }

    // 4. Remove trivial synthetic phis.
    let repl = simplify_phis(&mut phis, synths.len())?;
    let resolve = |v: SValue| -> SValue {
        let mut v = v;
        let mut guard = 0usize;
        while let SValue::Synth(s) = v {
            match repl.get(s.index()).copied().flatten() {
                Some(w) if guard <= repl.len() => {
                    v = w;
                    guard = guard.saturating_add(1);
                }
                _ => break,
            }
        }
        v
    };

    // 5. Emission order: reverse postorder over branches, then merge and
    // continue targets.
    let mut order: Vec<u32> = Vec::with_capacity(n);
    {
        let order_succ = Adj::from_fn(n, |i, out| {
            if let Some(b) = blocks.get(i as usize) {
                out.extend(b.term.targets());
                out.extend(merge_targets(&b.merge));
            }
        });
        let mut visited = vec![false; n];
        let mut post: Vec<u32> = Vec::with_capacity(n);
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        *at_mut(&mut visited, 0)? = true;
        while let Some(top) = stack.last_mut() {
            let (v, i) = *top;
            if let Some(&w) = order_succ.succ(v).get(i) {
                top.1 = i.saturating_add(1);
                if !std::mem::replace(at_mut(&mut visited, w as usize)?, true) {
                    stack.push((w, 0));
                }
            } else {
                post.push(v);
                stack.pop();
            }
        }
        order.extend(post.iter().rev());
        for (i, &vis) in visited.iter().enumerate() {
            if !vis {
                return Err(internal(format!("block {i} is not structurally reachable")));
            }
        }
    }
    let mut pos = vec![NONE; n];
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
    let mut synth_new = vec![NONE; synths.len()];
    let mut synth_out: Vec<SynthDef> = Vec::new();
    for &b in &order {
        for phi in at(&phis, b as usize)? {
            if let PhiDef::Synth(s) = phi.def {
                *at_mut(&mut synth_new, s.index())? = synth_out.len() as u32;
                let def = *at(&synths, s.index())?;
                synth_out.push(SynthDef {
                    ty: def.ty,
                    block: sb(b)?,
                });
            }
        }
    }
    let fix = |v: SValue| -> Result<SValue> {
        Ok(match resolve(v) {
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

    let mut out = Vec::with_capacity(n);
    for &b in &order {
        let lb = at(&blocks, b as usize)?;
        let mut us: Vec<(ValueId, SValue)> = Vec::new();
        for &(v, val) in at(&uses, b as usize)? {
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
        let mut ps = Vec::new();
        for &p in preds.succ(b) {
            ps.push(sb(p)?);
        }
        let mut sphis = Vec::new();
        for phi in at(&phis, b as usize)? {
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
            let mut inc = Vec::with_capacity(phi.incoming.len());
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
    Ok(Structured {
        blocks: out,
        synths: synth_out,
    })
}

/// Removes synthetic phis whose incoming values are all one value (or the
/// phi itself). Returns the replacement of each removed synthetic value;
/// removed phis are deleted from `phis`.
fn simplify_phis(phis: &mut [Vec<SPhi>], nsynth: usize) -> Result<Vec<Option<SValue>>> {
    let mut repl: Vec<Option<SValue>> = vec![None; nsynth];
    let mut users: Vec<Vec<(u32, u32)>> = vec![Vec::new(); nsynth];
    let mut work: Vec<(u32, u32)> = Vec::new();
    for (b, bp) in phis.iter().enumerate() {
        for (i, p) in bp.iter().enumerate() {
            for v in &p.incoming {
                if let SValue::Synth(s) = v {
                    at_mut(&mut users, s.index())?.push((b as u32, i as u32));
                }
            }
            if matches!(p.def, PhiDef::Synth(_)) {
                work.push((b as u32, i as u32));
            }
        }
    }
    // Follows replacements, compressing the chain it walked.
    let resolve = |repl: &mut [Option<SValue>], v: SValue| -> SValue {
        let mut r = v;
        let mut steps = 0usize;
        while let SValue::Synth(s) = r {
            match repl.get(s.index()).copied().flatten() {
                Some(w) if steps <= repl.len() => {
                    r = w;
                    steps = steps.saturating_add(1);
                }
                _ => break,
            }
        }
        let mut x = v;
        while let SValue::Synth(s) = x {
            match repl.get_mut(s.index()) {
                Some(slot @ Some(_)) => {
                    let next = slot.unwrap_or(SValue::Undef);
                    if next == r {
                        break;
                    }
                    *slot = Some(r);
                    x = next;
                }
                _ => break,
            }
        }
        r
    };
    while let Some((b, i)) = work.pop() {
        let p = at(at(phis, b as usize)?, i as usize)?;
        let PhiDef::Synth(me) = p.def else { continue };
        if at(&repl, me.index())?.is_some() {
            continue;
        }
        let mut only: Option<SValue> = None;
        let mut trivial = true;
        for &v in &p.incoming {
            let v = resolve(&mut repl, v);
            if v == SValue::Synth(me) {
                continue;
            }
            match only {
                None => only = Some(v),
                Some(o) if o == v => {}
                Some(_) => {
                    trivial = false;
                    break;
                }
            }
        }
        if !trivial {
            continue;
        }
        let w = only.unwrap_or(SValue::Undef);
        *at_mut(&mut repl, me.index())? = Some(w);
        for &u in at(&users, me.index())? {
            work.push(u);
        }
    }
    for bp in phis.iter_mut() {
        bp.retain(|p| match p.def {
            PhiDef::Synth(s) => repl.get(s.index()).copied().flatten().is_none(),
            PhiDef::Original(_) => true,
        });
    }
    Ok(repl)
}

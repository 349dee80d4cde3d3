//! Lowering of the structure tree into blocks with SPIR-V merge
//! information.
//!
//! * `If`/`Switch` become selections whose merge is a fresh join block.
//! * `Loop` becomes a synthetic header (`OpLoopMerge`), the body, a fresh
//!   continue block (the only back edge) and a fresh merge block.
//! * `Block` is not a construct: its exits fall through the joins of the
//!   enclosing selections to the block that starts its follower.
//! * A branch to a label that cannot be reached that way (it crosses loops,
//!   or other `Block`s whose follower code must be skipped) sets the
//!   selector variable to the label's number and leaves through the
//!   innermost crossed loop's merge or by falling through; loop merges
//!   dispatch on the selector (ladders), and crossed `Block`s get a guard
//!   that skips their follower while a routed branch passes. The target
//!   resets the selector to 0, so outside a routed branch it is always 0.

use smallvec::SmallVec;

use super::pre::{PSel, PreCfg, SEL};
use super::scratch::CfgScratch;
use super::structured::{LoopControl, Role, SelectionControl};
use super::tree::{LabelKind, Term, Tree};
use super::util::{at, at_mut, get, internal, push_new, NONE};
use crate::error::Result;
use crate::ir::{BlockId, ValueId};

/// A lowered terminator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LTerm {
    /// Not set yet.
    None,
    Branch(u32),
    CondBranch {
        cond: ValueId,
        t: u32,
        f: u32,
    },
    Switch {
        value: PSel,
        default: u32,
        cases: Vec<(u64, u32)>,
    },
    Ret(Option<ValueId>),
    Unreachable,
}

impl LTerm {
    /// Calls `f` on the targets in terminator order, with duplicates (a
    /// direct match: the passes run it for every block, and a chain of
    /// iterators costs several times more).
    #[inline]
    pub(crate) fn for_each_target(&self, mut f: impl FnMut(u32)) {
        match self {
            LTerm::Branch(t) => f(*t),
            LTerm::CondBranch { t, f: e, .. } => {
                f(*t);
                f(*e);
            }
            LTerm::Switch { default, cases, .. } => {
                f(*default);
                cases.iter().for_each(|c| f(c.1));
            }
            LTerm::None | LTerm::Ret(_) | LTerm::Unreachable => {}
        }
    }

    /// Appends the distinct targets, in terminator order, to `out` (an
    /// [`crate::cfg::Adj`] list being built).
    pub(crate) fn push_targets(&self, out: &mut Vec<u32>) {
        let start = out.len();
        self.for_each_target(|t| push_new(out, start, t));
    }

    /// Rewrites every target slot with `f`.
    pub(crate) fn map_targets(&mut self, mut f: impl FnMut(u32) -> Result<u32>) -> Result<()> {
        match self {
            LTerm::Branch(t) => *t = f(*t)?,
            LTerm::CondBranch { t, f: e, .. } => {
                *t = f(*t)?;
                *e = f(*e)?;
            }
            LTerm::Switch { default, cases, .. } => {
                *default = f(*default)?;
                for c in cases.iter_mut() {
                    c.1 = f(c.1)?;
                }
            }
            LTerm::None | LTerm::Ret(_) | LTerm::Unreachable => {}
        }
        Ok(())
    }

    pub(crate) fn replace_target(&mut self, from: u32, to: u32) {
        let r = |x: &mut u32| {
            if *x == from {
                *x = to;
            }
        };
        match self {
            LTerm::Branch(t) => r(t),
            LTerm::CondBranch { t, f, .. } => {
                r(t);
                r(f);
            }
            LTerm::Switch { default, cases, .. } => {
                r(default);
                for c in cases.iter_mut() {
                    r(&mut c.1);
                }
            }
            LTerm::None | LTerm::Ret(_) | LTerm::Unreachable => {}
        }
    }
}

/// A lowered merge instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LMerge {
    None,
    Sel {
        merge: u32,
        hint: SelectionControl,
    },
    Loop {
        merge: u32,
        cont: u32,
        hint: LoopControl,
    },
}

impl LMerge {
    /// Calls `f` on the blocks the merge instruction names (merge, then
    /// continue), stopping at the first error (a direct match, as
    /// [`LTerm::for_each_target`]).
    #[inline]
    pub(crate) fn try_for_each_target(&self, mut f: impl FnMut(u32) -> Result<()>) -> Result<()> {
        match *self {
            LMerge::None => Ok(()),
            LMerge::Sel { merge, .. } => f(merge),
            LMerge::Loop { merge, cont, .. } => {
                f(merge)?;
                f(cont)
            }
        }
    }

    /// The `k`th block the merge instruction names (merge, then continue).
    #[inline]
    pub(crate) fn target(&self, k: usize) -> Option<u32> {
        match (*self, k) {
            (LMerge::Sel { merge, .. } | LMerge::Loop { merge, .. }, 0) => Some(merge),
            (LMerge::Loop { cont, .. }, 1) => Some(cont),
            _ => None,
        }
    }
}

/// A lowered block.
#[derive(Clone, Debug)]
pub(crate) struct LBlock {
    pub origin: Option<BlockId>,
    /// The pre-CFG node whose code this block holds, if any.
    pub node: u32,
    pub role: Role,
    pub assigns: SmallVec<[(u32, u32); 2]>,
    pub merge: LMerge,
    pub term: LTerm,
}

impl LBlock {
    fn new(role: Role) -> LBlock {
        LBlock {
            origin: None,
            node: NONE,
            role,
            assigns: SmallVec::new(),
            merge: LMerge::None,
            term: LTerm::None,
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum ScopeKind {
    Root,
    Sel { join: u32 },
    Block { label: u32, entry: u32 },
    Loop { label: u32, lc: u32 },
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Scope {
    parent: u32,
    kind: ScopeKind,
}

/// What a loop merge does with a routed branch's selector value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    FallOff,
    BreakTo(u32),
    ContinueTo(u32),
}

#[derive(Clone, Copy)]
pub(crate) enum Work {
    Lower {
        list: u32,
        block: u32,
        scope: u32,
    },
    FinishBlock {
        label: u32,
        entry: u32,
        follow: u32,
        scope: u32,
    },
    FinishLoop {
        label: u32,
        lm: u32,
        scope: u32,
    },
}

struct Route {
    target: u32,
    set_sel: Option<u32>,
}

struct Lowerer<'a> {
    pre: &'a PreCfg,
    tree: &'a Tree,
    loop_hints: &'a [LoopControl],
    blocks: Vec<LBlock>,
    scopes: Vec<Scope>,
    crossed: Vec<bool>,
    targeted: Vec<bool>,
    ladder: Vec<Vec<(u32, Action)>>,
    loop_blocks: Vec<(u32, u32)>,
    work: Vec<Work>,
}

/// Lowers the tree. Block 0 is the entry.
pub(crate) fn lower(
    pre: &PreCfg,
    tree: &Tree,
    loop_hints: &[LoopControl],
    s: &mut CfgScratch,
) -> Result<Vec<LBlock>> {
    let nl = tree.labels.len();
    // Every list lowers to at most a few blocks and scopes.
    let mut blocks = s.blocks.take();
    blocks.reserve(tree.lists.len());
    let mut l = Lowerer {
        pre,
        tree,
        loop_hints,
        blocks,
        scopes: {
            let mut scopes = s.scopes.take();
            scopes.reserve(tree.lists.len().saturating_add(1));
            scopes.push(Scope {
                parent: NONE,
                kind: ScopeKind::Root,
            });
            scopes
        },
        crossed: s.bools.table(nl, false),
        targeted: s.bools.table(nl, false),
        ladder: {
            // Kept with their capacity: each starts empty.
            let mut ladder = std::mem::take(&mut s.ladder);
            ladder.iter_mut().for_each(Vec::clear);
            ladder.resize_with(nl, Vec::new);
            ladder
        },
        loop_blocks: s.pairs.table(nl, (NONE, NONE)),
        work: {
            let mut work = s.work.take();
            work.reserve(tree.lists.len());
            work
        },
    };
    let entry = l.new_block(Role::Entry);
    l.work.push(Work::Lower {
        list: tree.root,
        block: entry,
        scope: 0,
    });
    while let Some(w) = l.work.pop() {
        match w {
            Work::Lower { list, block, scope } => l.lower_list(list, block, scope)?,
            Work::FinishBlock {
                label,
                entry,
                follow,
                scope,
            } => l.finish_block(label, entry, follow, scope)?,
            Work::FinishLoop { label, lm, scope } => l.finish_loop(label, lm, scope)?,
        }
    }
    for (i, b) in l.blocks.iter().enumerate() {
        if b.term == LTerm::None {
            return Err(internal(format!("lowered block {i} has no terminator")));
        }
    }
    s.bools.give(l.crossed);
    s.bools.give(l.targeted);
    s.pairs.give(l.loop_blocks);
    s.scopes.give(l.scopes);
    s.work.give(l.work);
    s.ladder = l.ladder;
    Ok(l.blocks)
}

impl<'a> Lowerer<'a> {
    fn new_block(&mut self, role: Role) -> u32 {
        let id = self.blocks.len() as u32;
        self.blocks.push(LBlock::new(role));
        id
    }

    fn blk(&mut self, b: u32) -> Result<&mut LBlock> {
        at_mut(&mut self.blocks, b as usize)
    }

    fn push_scope(&mut self, parent: u32, kind: ScopeKind) -> u32 {
        let id = self.scopes.len() as u32;
        self.scopes.push(Scope { parent, kind });
        id
    }

    /// Where falling off the end of a list in `scope` goes.
    fn ft(&self, scope: u32) -> Result<Option<u32>> {
        Ok(match at(&self.scopes, scope as usize)?.kind {
            ScopeKind::Root => None,
            ScopeKind::Sel { join } => Some(join),
            ScopeKind::Block { entry, .. } => Some(entry),
            ScopeKind::Loop { lc, .. } => Some(lc),
        })
    }

    fn ft_term(&self, scope: u32) -> Result<LTerm> {
        Ok(match self.ft(scope)? {
            Some(t) => LTerm::Branch(t),
            None => LTerm::Unreachable,
        })
    }

    fn ft_req(&self, scope: u32) -> Result<u32> {
        self.ft(scope)?
            .ok_or_else(|| internal("fall-through at function level"))
    }

    fn add_ladder(&mut self, loop_label: u32, id: u32, action: Action) -> Result<()> {
        let l = at_mut(&mut self.ladder, loop_label as usize)?;
        match l.iter().find(|e| e.0 == id) {
            Some(e) if e.1 != action => Err(internal("conflicting ladder actions")),
            Some(_) => Ok(()),
            None => {
                l.push((id, action));
                Ok(())
            }
        }
    }

    /// How to branch from `scope` to `label`.
    fn route(&mut self, label: u32, scope: u32) -> Result<Route> {
        // Crossed Block (false) and Loop (true) scopes, innermost first.
        // Inline: a branch crosses few scopes.
        let mut seq: SmallVec<[(bool, u32); 8]> = SmallVec::new();
        let mut s = scope;
        let target_is_loop;
        let target_block;
        loop {
            let sc = *at(&self.scopes, s as usize)?;
            match sc.kind {
                ScopeKind::Root => {
                    return Err(internal(format!("branch to label {label} not in scope")))
                }
                ScopeKind::Sel { .. } => {}
                ScopeKind::Block { label: l, entry } => {
                    if l == label {
                        target_is_loop = false;
                        target_block = entry;
                        break;
                    }
                    seq.push((false, l));
                }
                ScopeKind::Loop { label: l, lc, .. } => {
                    if l == label {
                        target_is_loop = true;
                        target_block = lc;
                        break;
                    }
                    seq.push((true, l));
                }
            }
            s = sc.parent;
        }
        let id = label
            .checked_add(1)
            .ok_or_else(|| internal(format!("label {label} has no selector value")))?;
        let loops: SmallVec<[u32; 8]> = seq.iter().filter(|e| e.0).map(|e| e.1).collect();
        let lm_of = |me: &Self, l: u32| -> Result<u32> {
            let lm = at(&me.loop_blocks, l as usize)?.0;
            if lm == NONE {
                Err(internal("loop merge not allocated"))
            } else {
                Ok(lm)
            }
        };
        if target_is_loop {
            let Some(&first) = loops.first() else {
                return Ok(Route {
                    target: target_block,
                    set_sel: None,
                });
            };
            for w in loops.windows(2) {
                if let [a, b] = *w {
                    self.add_ladder(a, id, Action::BreakTo(b))?;
                }
            }
            if let Some(&last) = loops.last() {
                self.add_ladder(last, id, Action::ContinueTo(label))?;
            }
            return Ok(Route {
                target: lm_of(self, first)?,
                set_sel: Some(id),
            });
        }
        // Block target: crossed blocks outside the outermost crossed loop.
        let last_loop_pos = seq.iter().rposition(|e| e.0);
        let blocks_after: SmallVec<[u32; 8]> = match last_loop_pos {
            Some(p) => seq.iter().skip(p).skip(1).map(|e| e.1).collect(),
            None => seq.iter().map(|e| e.1).collect(),
        };
        let need_sel = loops.len() >= 2 || !blocks_after.is_empty();
        let first_target = match loops.first() {
            Some(&l) => lm_of(self, l)?,
            None => self.ft_req(scope)?,
        };
        if !need_sel {
            return Ok(Route {
                target: first_target,
                set_sel: None,
            });
        }
        for w in loops.windows(2) {
            if let [a, b] = *w {
                self.add_ladder(a, id, Action::BreakTo(b))?;
            }
        }
        if let Some(&last) = loops.last() {
            self.add_ladder(last, id, Action::FallOff)?;
        }
        for z in blocks_after {
            *at_mut(&mut self.crossed, z as usize)? = true;
        }
        *at_mut(&mut self.targeted, label as usize)? = true;
        Ok(Route {
            target: first_target,
            set_sel: Some(id),
        })
    }

    /// The block a parent terminator should target for `list`.
    fn entry_of(&mut self, list: u32, scope: u32, role: Role) -> Result<u32> {
        let mut list = list;
        loop {
            let l = at(&self.tree.lists, list as usize)?;
            match (&l.code, &l.term) {
                (None, Term::Jump(next)) => list = *next,
                (None, Term::Br(label)) => {
                    let label = *label;
                    let r = self.route(label, scope)?;
                    return Ok(match r.set_sel {
                        None => r.target,
                        Some(v) => {
                            let b = self.new_block(Role::Ladder);
                            let blk = self.blk(b)?;
                            blk.assigns.push((SEL, v));
                            blk.term = LTerm::Branch(r.target);
                            b
                        }
                    });
                }
                _ => break,
            }
        }
        let b = self.new_block(role);
        self.work.push(Work::Lower {
            list,
            block: b,
            scope,
        });
        Ok(b)
    }

    fn lower_list(&mut self, list: u32, block: u32, scope: u32) -> Result<()> {
        // The tree outlives the lowerer: no need to copy the list.
        let (tree, pre): (&'a Tree, &'a PreCfg) = (self.tree, self.pre);
        let l = at(&tree.lists, list as usize)?;
        let mut cur = block;
        if let Some(x) = l.code {
            if self.blk(cur)?.origin.is_some() || self.blk(cur)?.node != NONE {
                let nb = self.new_block(Role::Original);
                self.blk(cur)?.term = LTerm::Branch(nb);
                cur = nb;
            }
            let node = at(&pre.nodes, x as usize)?;
            let b = self.blk(cur)?;
            b.origin = node.origin;
            b.node = x;
            b.role = node.role;
            b.assigns.extend_from_slice(&node.assigns);
        }
        match l.term {
            Term::Pending => return Err(internal("unfinished structure list")),
            Term::Block {
                label,
                body,
                follow,
            } => {
                let entry = self.new_block(Role::Join);
                self.work.push(Work::FinishBlock {
                    label,
                    entry,
                    follow,
                    scope,
                });
                let s2 = self.push_scope(scope, ScopeKind::Block { label, entry });
                self.work.push(Work::Lower {
                    list: body,
                    block: cur,
                    scope: s2,
                });
            }
            Term::Loop { label, body } => {
                let fresh = {
                    let b = self.blk(cur)?;
                    cur != 0 && b.origin.is_none() && b.node == NONE && b.assigns.is_empty()
                };
                let lh = if fresh {
                    self.blk(cur)?.role = Role::LoopHeader;
                    cur
                } else {
                    let lh = self.new_block(Role::LoopHeader);
                    self.blk(cur)?.term = LTerm::Branch(lh);
                    lh
                };
                let lm = self.new_block(Role::LoopMerge);
                let lc = self.new_block(Role::Continue);
                let first = self.new_block(Role::Original);
                let hint = match at(&self.tree.labels, label as usize)? {
                    LabelKind::Loop(h) => self
                        .loop_hints
                        .get(*h as usize)
                        .copied()
                        .unwrap_or_default(),
                    LabelKind::Block(_) => return Err(internal("loop with a block label")),
                };
                {
                    let b = self.blk(lh)?;
                    b.merge = LMerge::Loop {
                        merge: lm,
                        cont: lc,
                        hint,
                    };
                    b.term = LTerm::Branch(first);
                }
                self.blk(lc)?.term = LTerm::Branch(lh);
                *at_mut(&mut self.loop_blocks, label as usize)? = (lm, lc);
                self.work.push(Work::FinishLoop { label, lm, scope });
                let s2 = self.push_scope(scope, ScopeKind::Loop { label, lc });
                self.work.push(Work::Lower {
                    list: body,
                    block: first,
                    scope: s2,
                });
            }
            Term::If {
                cond,
                then,
                els,
                hint,
            } => {
                let j = self.new_block(Role::Join);
                let s2 = self.push_scope(scope, ScopeKind::Sel { join: j });
                let t = self.entry_of(then, s2, Role::Original)?;
                let f = self.entry_of(els, s2, Role::Original)?;
                let jt = self.ft_term(scope)?;
                self.blk(j)?.term = jt;
                let b = self.blk(cur)?;
                if t == f {
                    b.term = LTerm::Branch(t);
                } else {
                    b.term = LTerm::CondBranch { cond, t, f };
                    b.merge = LMerge::Sel { merge: j, hint };
                }
            }
            Term::Switch {
                value,
                ref arms,
                hint,
            } => {
                let j = self.new_block(Role::Join);
                let s2 = self.push_scope(scope, ScopeKind::Sel { join: j });
                let mut default = NONE;
                let mut cases = Vec::new();
                let first_new = self.blocks.len() as u32;
                for arm in arms {
                    let mut t = self.entry_of(arm.body, s2, Role::Original)?;
                    if t != j && t < first_new {
                        // A direct break or continue: give the case its own
                        // block.
                        let cb = self.new_block(Role::Ladder);
                        self.blk(cb)?.term = LTerm::Branch(t);
                        t = cb;
                    }
                    if arm.is_default {
                        default = t;
                    }
                    for &lit in &arm.lits {
                        cases.push((lit, t));
                    }
                }
                if default == NONE {
                    return Err(internal("switch without default"));
                }
                let jt = self.ft_term(scope)?;
                self.blk(j)?.term = jt;
                let b = self.blk(cur)?;
                if cases.iter().all(|c| c.1 == default) {
                    b.term = LTerm::Branch(default);
                } else {
                    b.term = LTerm::Switch {
                        value,
                        default,
                        cases,
                    };
                    b.merge = LMerge::Sel { merge: j, hint };
                }
            }
            Term::Jump(next) => {
                let b = self.blk(cur)?;
                if b.origin.is_some() || b.node != NONE {
                    let nb = self.new_block(Role::Original);
                    self.blk(cur)?.term = LTerm::Branch(nb);
                    cur = nb;
                }
                self.work.push(Work::Lower {
                    list: next,
                    block: cur,
                    scope,
                });
            }
            Term::Br(label) => {
                let r = self.route(label, scope)?;
                let b = self.blk(cur)?;
                if let Some(v) = r.set_sel {
                    b.assigns.push((SEL, v));
                    if b.node == NONE && b.role == Role::Original {
                        b.role = Role::Ladder;
                    }
                }
                b.term = LTerm::Branch(r.target);
            }
            Term::Ret(v) => self.blk(cur)?.term = LTerm::Ret(v),
            Term::Unreachable => self.blk(cur)?.term = LTerm::Unreachable,
        }
        Ok(())
    }

    fn finish_block(&mut self, label: u32, entry: u32, follow: u32, scope: u32) -> Result<()> {
        let crossed = get(&self.crossed, label as usize)?;
        let targeted = get(&self.targeted, label as usize)?;
        if crossed {
            let j = self.new_block(Role::Join);
            let t = self.new_block(Role::Original);
            let mut cases = vec![(0u64, t)];
            if targeted {
                cases.push((u64::from(label) + 1, t));
                self.blk(t)?.assigns.push((SEL, 0));
            }
            let jt = self.ft_term(scope)?;
            self.blk(j)?.term = jt;
            let e = self.blk(entry)?;
            e.role = Role::Guard;
            e.term = LTerm::Switch {
                value: PSel::Var(SEL),
                default: j,
                cases,
            };
            e.merge = LMerge::Sel {
                merge: j,
                hint: SelectionControl::default(),
            };
            let s2 = self.push_scope(scope, ScopeKind::Sel { join: j });
            self.work.push(Work::Lower {
                list: follow,
                block: t,
                scope: s2,
            });
        } else {
            if targeted {
                self.blk(entry)?.assigns.push((SEL, 0));
            }
            self.work.push(Work::Lower {
                list: follow,
                block: entry,
                scope,
            });
        }
        Ok(())
    }

    fn finish_loop(&mut self, label: u32, lm: u32, scope: u32) -> Result<()> {
        let entries: Vec<(u32, Action)> = at(&self.ladder, label as usize)?
            .iter()
            .copied()
            .filter(|e| e.1 != Action::FallOff)
            .collect();
        let ft = self.ft_term(scope)?;
        if entries.is_empty() {
            self.blk(lm)?.term = ft;
            return Ok(());
        }
        let j = self.new_block(Role::Join);
        self.blk(j)?.term = ft;
        let mut cases = Vec::new();
        for (id, action) in entries {
            let cb = self.new_block(Role::Ladder);
            match action {
                Action::BreakTo(k) => {
                    let lm2 = at(&self.loop_blocks, k as usize)?.0;
                    self.blk(cb)?.term = LTerm::Branch(lm2);
                }
                Action::ContinueTo(h) => {
                    let lc = at(&self.loop_blocks, h as usize)?.1;
                    let b = self.blk(cb)?;
                    b.assigns.push((SEL, 0));
                    b.term = LTerm::Branch(lc);
                }
                Action::FallOff => {}
            }
            cases.push((u64::from(id), cb));
        }
        let b = self.blk(lm)?;
        b.term = LTerm::Switch {
            value: PSel::Var(SEL),
            default: j,
            cases,
        };
        b.merge = LMerge::Sel {
            merge: j,
            hint: SelectionControl::default(),
        };
        Ok(())
    }
}

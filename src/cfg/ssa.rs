//! On-demand SSA construction (after Braun et al., "Simple and Efficient
//! Construction of Static Single Assignment Form"), iterative, for groups
//! of variables that share their definition sites.
//!
//! A group has `k` variables defined together at the end of some blocks,
//! optionally a block with forced phis (the original phis of a block), and
//! values on entry. Reads at the start or end of blocks walk predecessors
//! until a definition, placing a phi at every join on the way; results are
//! memoised per block, so each group costs at most the size of the region
//! it explores.

use super::structured::{Incoming, PhiDef, SPhi, SValue, SynthDef, SynthId, SynthType};
use smallvec::SmallVec;

use super::util::{at, at_mut, internal, Adj, NONE};
use crate::error::Result;

/// Where a read's value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// The definition at the end of this block.
    Def(u32),
    /// A placed phi (index into the solver's phi list).
    Phi(u32),
    /// The forced phis.
    Forced,
    /// The entry values.
    Entry,
    /// The group's "don't care" values at an original block.
    Kill,
}

/// The values a group's variables hold at the end of one defining block
/// (four inline: most groups have one variable, a block rarely more than
/// four phis).
pub(crate) type DefVals = SmallVec<[SValue; 4]>;

/// Where a group's variables are defined.
pub(crate) enum Defs<'d> {
    /// At the end of one block.
    One(u32, DefVals),
    /// At the end of each block of the list, sorted by block (a binary
    /// search beats hashing on the few blocks a group has).
    Sorted(&'d [(u32, DefVals)]),
    /// At the end of each block of `blocks`, sorted, with the values of
    /// `blocks[i]` in row `i` of `vals` (rows of equal length, one table
    /// for all blocks).
    Table {
        blocks: &'d [u32],
        vals: &'d [SValue],
        k: usize,
    },
}

impl Defs<'_> {
    /// The values defined at the end of block `b`.
    #[inline]
    pub(crate) fn get(&self, b: u32) -> Option<&[SValue]> {
        match self {
            Defs::One(d, v) => (*d == b).then_some(v.as_slice()),
            Defs::Sorted(l) => l
                .binary_search_by_key(&b, |d| d.0)
                .ok()
                .and_then(|i| l.get(i))
                .map(|d| d.1.as_slice()),
            Defs::Table { blocks, vals, k } => {
                let start = blocks.binary_search(&b).ok()?.checked_mul(*k)?;
                vals.get(start..start.checked_add(*k)?)
            }
        }
    }

    /// Whether block `b` defines the variables.
    pub(crate) fn contains(&self, b: u32) -> bool {
        self.get(b).is_some()
    }
}

/// A group of variables.
pub(crate) struct Group<'v> {
    pub k: usize,
    pub defs: Defs<'v>,
    pub forced: Option<(u32, &'v [SValue])>,
    pub entry: &'v [SValue],
    pub types: &'v [SynthType],
    /// Values the variables hold where the boundary function answers
    /// [`Reach::Kill`]: "don't care" values on paths the program never
    /// takes.
    pub kill: &'v [SValue],
}

/// What the value at the end of a block is known to be without looking at
/// its predecessors: `Some(Reach::Def(b))` (the definition in block `b`,
/// which dominates it) or `Some(Reach::Kill)`; `None` to explore.
pub(crate) type Boundary<'a> = &'a dyn Fn(u32) -> Option<Reach>;

/// A phi placed by the solver: its block and where its incoming values
/// are in [`Solver`]'s flat `incoming` list (one list for all phis: no
/// allocation per phi).
struct GPhi {
    block: u32,
    start: u32,
    len: u32,
}

/// The scratch vectors of one [`Solver::solve`].
struct Scratch<'s> {
    phis: &'s mut Vec<GPhi>,
    incoming: &'s mut Vec<Reach>,
    pending: &'s mut Vec<u32>,
    ids: &'s mut Vec<u32>,
    results: &'s mut Vec<Reach>,
    out: &'s mut Vec<SValue>,
}

/// The solver's buffers, kept from one function to the next (in
/// [`super::CfgScratch`]): every table is reset before it is used.
#[derive(Default)]
pub(crate) struct SolverBufs {
    memo: Vec<(u32, Reach)>,
    in_progress: Vec<u32>,
    /// Scratch of [`Solver::read_start`], kept between reads.
    stack: Vec<u32>,
    /// Scratch of [`Solver::solve`], kept between solves: the phis placed,
    /// their incoming values, those whose incoming values are pending, and
    /// the synthetic ids.
    phis: Vec<GPhi>,
    incoming: Vec<Reach>,
    pending: Vec<u32>,
    ids: Vec<u32>,
    /// Scratch of [`Solver::solve`]: where each read's value comes from.
    results: Vec<Reach>,
    /// The values of the reads of the last solve.
    out: Vec<SValue>,
}

impl SolverBufs {
    /// The bytes the buffers hold on to.
    pub(crate) fn retained_bytes(&self) -> usize {
        use super::scratch::bytes;
        let SolverBufs {
            memo,
            in_progress,
            stack,
            phis,
            incoming,
            pending,
            ids,
            results,
            out,
        } = self;
        [
            bytes(memo),
            bytes(in_progress),
            bytes(stack),
            bytes(phis),
            bytes(incoming),
            bytes(pending),
            bytes(ids),
            bytes(results),
            bytes(out),
        ]
        .iter()
        .fold(0usize, |a, &b| a.saturating_add(b))
    }
}

/// Reusable solver state over one graph.
pub(crate) struct Solver<'g> {
    preds: &'g Adj,
    gen: u32,
    /// Whether `memo` and `in_progress` are sized for this graph (by the
    /// first solve: many functions have none).
    ready: bool,
    b: SolverBufs,
}

/// The id of component `i` of the synthetic group allocated at `base`.
fn synth_id(base: u32, i: usize) -> Result<u32> {
    u32::try_from(i)
        .ok()
        .and_then(|i| base.checked_add(i))
        .ok_or_else(|| internal("synthetic id out of range"))
}

impl<'g> Solver<'g> {
    /// A solver over the graph with predecessor lists `preds`, with the
    /// buffers `b` (from [`Solver::into_bufs`] or new).
    pub(crate) fn new(preds: &'g Adj, b: SolverBufs) -> Solver<'g> {
        Solver {
            preds,
            gen: 0,
            ready: false,
            b,
        }
    }

    /// The buffers, for the next solver.
    pub(crate) fn into_bufs(self) -> SolverBufs {
        self.b
    }

    /// Solves the reads of one group. Returns the values of each read (`k`
    /// after `k`, read after read); the phis it places, whose synthetic ids
    /// are allocated in `synths`, are appended to their blocks in `phis_out`.
    pub(crate) fn solve(
        &mut self,
        g: &Group,
        reads: &[(u32, bool)],
        synths: &mut Vec<SynthDef>,
        phis_out: &mut [Vec<SPhi>],
        boundary: Boundary<'_>,
    ) -> Result<&[SValue]> {
        if !self.ready {
            let n = self.preds.len();
            self.b.memo.clear();
            self.b.memo.resize(n, (0, Reach::Entry));
            self.b.in_progress.clear();
            self.b.in_progress.resize(n, 0);
            self.ready = true;
        }
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.b.memo.iter_mut().for_each(|m| m.0 = 0);
            self.b.in_progress.iter_mut().for_each(|m| *m = 0);
            self.gen = 1;
        }
        let mut phis = std::mem::take(&mut self.b.phis);
        let mut incoming = std::mem::take(&mut self.b.incoming);
        let mut pending = std::mem::take(&mut self.b.pending);
        let mut ids = std::mem::take(&mut self.b.ids);
        let mut results = std::mem::take(&mut self.b.results);
        let mut out = std::mem::take(&mut self.b.out);
        phis.clear();
        incoming.clear();
        pending.clear();
        ids.clear();
        results.clear();
        out.clear();
        let scratch = Scratch {
            phis: &mut phis,
            incoming: &mut incoming,
            pending: &mut pending,
            ids: &mut ids,
            results: &mut results,
            out: &mut out,
        };
        let r = self.solve_in(g, reads, synths, phis_out, boundary, scratch);
        self.b.phis = phis;
        self.b.incoming = incoming;
        self.b.pending = pending;
        self.b.ids = ids;
        self.b.results = results;
        self.b.out = out;
        r?;
        Ok(&self.b.out)
    }

    /// [`Solver::solve`] with its scratch vectors.
    fn solve_in(
        &mut self,
        g: &Group,
        reads: &[(u32, bool)],
        synths: &mut Vec<SynthDef>,
        phis_out: &mut [Vec<SPhi>],
        boundary: Boundary<'_>,
        s: Scratch<'_>,
    ) -> Result<()> {
        let Scratch {
            phis,
            incoming,
            pending,
            ids,
            results,
            out,
        } = s;
        for &(b, at_end) in reads {
            let r = if at_end {
                self.read_end(g, b, phis, pending, boundary)?
            } else {
                self.read_start(g, b, phis, pending, boundary)?
            };
            results.push(r);
        }
        while let Some(pi) = pending.pop() {
            let block = at(phis, pi as usize)?.block;
            // The adjacency outlives `self`'s borrow: no copy of the list.
            let preds = self.preds;
            let ps = preds.succ(block);
            let start = incoming.len() as u32;
            for &p in ps {
                let r = self.read_end(g, p, phis, pending, boundary)?;
                incoming.push(r);
            }
            let phi = at_mut(phis, pi as usize)?;
            phi.start = start;
            phi.len = ps.len() as u32;
        }
        // Allocate synthetic ids.
        for p in phis.iter() {
            ids.push(synths.len() as u32);
            for i in 0..g.k {
                synths.push(SynthDef {
                    ty: g.types.get(i).copied().unwrap_or(SynthType::Selector),
                    block: super::structured::SBlockId(p.block),
                });
            }
        }
        let value = |r: Reach, i: usize| -> Result<SValue> {
            Ok(match r {
                Reach::Def(b) => *at(
                    g.defs
                        .get(b)
                        .ok_or_else(|| internal("missing definition"))?,
                    i,
                )?,
                Reach::Phi(p) => SValue::Synth(SynthId(synth_id(*at(ids, p as usize)?, i)?)),
                Reach::Forced => *at(g.forced.ok_or_else(|| internal("missing forced phi"))?.1, i)?,
                Reach::Entry => *at(g.entry, i)?,
                Reach::Kill => *at(g.kill, i)?,
            })
        };
        for (pi, p) in phis.iter().enumerate() {
            let start = p.start as usize;
            let inc = incoming
                .get(start..start.saturating_add(p.len as usize))
                .ok_or_else(|| internal("phi incoming out of range"))?;
            let block_phis = at_mut(phis_out, p.block as usize)?;
            for i in 0..g.k {
                let mut vals = Incoming::with_capacity(inc.len());
                for &r in inc {
                    vals.push(value(r, i)?);
                }
                let id = SynthId(synth_id(*at(ids, pi)?, i)?);
                block_phis.push(SPhi {
                    def: PhiDef::Synth(id),
                    incoming: vals,
                });
            }
        }
        out.reserve(results.len().saturating_mul(g.k));
        for &r in results.iter() {
            for i in 0..g.k {
                out.push(value(r, i)?);
            }
        }
        Ok(())
    }

    fn memo_get(&self, b: u32) -> Option<Reach> {
        self.b
            .memo
            .get(b as usize)
            .filter(|m| m.0 == self.gen)
            .map(|m| m.1)
    }

    fn memo_set(&mut self, b: u32, r: Reach) -> Result<()> {
        let gen = self.gen;
        *at_mut(&mut self.b.memo, b as usize)? = (gen, r);
        Ok(())
    }

    fn read_end(
        &mut self,
        g: &Group,
        b: u32,
        phis: &mut Vec<GPhi>,
        pending: &mut Vec<u32>,
        boundary: Boundary<'_>,
    ) -> Result<Reach> {
        if g.defs.contains(b) {
            return Ok(Reach::Def(b));
        }
        if let Some(r) = boundary(b) {
            return Ok(r);
        }
        self.read_start(g, b, phis, pending, boundary)
    }

    fn read_start(
        &mut self,
        g: &Group,
        b: u32,
        phis: &mut Vec<GPhi>,
        pending: &mut Vec<u32>,
        boundary: Boundary<'_>,
    ) -> Result<Reach> {
        let mut stack = std::mem::take(&mut self.b.stack);
        stack.clear();
        stack.push(b);
        let r = self.walk(g, &mut stack, phis, pending, boundary);
        self.b.stack = stack;
        r?;
        self.memo_get(b)
            .ok_or_else(|| internal("SSA read left unresolved"))
    }

    /// The walk of [`Solver::read_start`] over `stack`.
    fn walk(
        &mut self,
        g: &Group,
        stack: &mut Vec<u32>,
        phis: &mut Vec<GPhi>,
        pending: &mut Vec<u32>,
        boundary: Boundary<'_>,
    ) -> Result<()> {
        while let Some(&x) = stack.last() {
            if self.memo_get(x).is_some() {
                stack.pop();
                continue;
            }
            if g.forced.is_some_and(|f| f.0 == x) {
                self.memo_set(x, Reach::Forced)?;
                stack.pop();
                continue;
            }
            let ps = self.preds.succ(x);
            match ps.len() {
                0 => {
                    self.memo_set(x, Reach::Entry)?;
                    stack.pop();
                }
                1 => {
                    let p = ps.first().copied().unwrap_or(NONE);
                    if g.defs.contains(p) {
                        self.memo_set(x, Reach::Def(p))?;
                        stack.pop();
                    } else if let Some(r) = boundary(p) {
                        self.memo_set(x, r)?;
                        stack.pop();
                    } else if let Some(r) = self.memo_get(p) {
                        self.memo_set(x, r)?;
                        stack.pop();
                    } else if *at(&self.b.in_progress, p as usize)? == self.gen {
                        // A cycle of single-predecessor blocks: unreachable.
                        self.memo_set(x, Reach::Entry)?;
                        stack.pop();
                    } else {
                        let gen = self.gen;
                        *at_mut(&mut self.b.in_progress, x as usize)? = gen;
                        stack.push(p);
                    }
                }
                _ => {
                    let pi = phis.len() as u32;
                    phis.push(GPhi {
                        block: x,
                        start: 0,
                        len: 0,
                    });
                    self.memo_set(x, Reach::Phi(pi))?;
                    pending.push(pi);
                    stack.pop();
                }
            }
        }
        Ok(())
    }
}

//! Random control-flow graphs as IR functions, for the structurizer's
//! property tests and its benchmark (`benches/structurize.rs` includes this
//! file).
//!
//! [`random_function`] builds a [`Module`] holding one function whose
//! blocks each have phis (at joins), one `add` whose operands are chosen
//! among values that dominate it, and a random terminator. Branch
//! conditions are the constant `true` and switch selectors are the block's
//! `add`: interpreters pick directions from an input array instead of
//! evaluating them. The shapes are controlled by [`GenOptions`].

use dxil2spirv::cfg::{Adj, DomTree, LoopForest};
use dxil2spirv::ir::{
    BinOp, Block, BlockId, Constant, FuncId, Function, Inst, InstKind, Linkage, ListRange, Module,
    StrRange, Type, TypeId, Value, ValueId, ValueKind,
};

/// A small xorshift64* generator.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            // `n != 0`: the remainder always exists.
            self.next_u64().checked_rem(n as u64).unwrap_or(0) as usize
        }
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }
}

/// Shape parameters of [`random_function`].
#[derive(Clone, Debug)]
pub struct GenOptions {
    /// Number of blocks.
    pub blocks: usize,
    /// How far forward (in block numbers) a branch may jump.
    pub window: usize,
    /// Percentage of successors that are backward (loop) edges.
    pub back_percent: u32,
    /// Percentage of blocks that return.
    pub ret_percent: u32,
    /// Percentage of blocks ending in a switch.
    pub switch_percent: u32,
    /// Allow backward edges to blocks that do not dominate the source
    /// (irreducible cycles). When false, the result is reducible.
    pub irreducible: bool,
    /// Make block `i + 1` the first successor of every non-returning
    /// block `i`, so that every block is reachable (for benchmarks).
    pub dense: bool,
}

impl Default for GenOptions {
    fn default() -> Self {
        GenOptions {
            blocks: 12,
            window: 4,
            back_percent: 15,
            ret_percent: 5,
            switch_percent: 10,
            irreducible: false,
            dense: false,
        }
    }
}

/// Terminator of a generated block (targets are block numbers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `ret void`.
    Ret,
    /// `br label %t`.
    Br(u32),
    /// `br i1 true, label %a, label %b` (interpreters choose).
    Cond(u32, u32),
    /// `switch` on the block's `add`: default, then (literal, target).
    Switch(u32, Vec<(u64, u32)>),
}

fn shape_targets(s: &Shape) -> Vec<u32> {
    let mut v = match s {
        Shape::Ret => Vec::new(),
        Shape::Br(t) => vec![*t],
        Shape::Cond(a, b) => vec![*a, *b],
        Shape::Switch(d, cs) => {
            let mut v = vec![*d];
            v.extend(cs.iter().map(|c| c.1));
            v
        }
    };
    let mut seen = Vec::new();
    v.retain(|x| {
        let f = !seen.contains(x);
        seen.push(*x);
        f
    });
    v
}

fn dominators(shapes: &[Shape]) -> Option<(Adj, Adj, DomTree)> {
    let lists: Vec<Vec<u32>> = shapes.iter().map(shape_targets).collect();
    let succ = Adj::from_lists(&lists);
    let pred = succ.reversed();
    let dom = DomTree::compute(&succ, &pred, 0).ok()?;
    Some((succ, pred, dom))
}

/// Builds a random function (function 0 of the returned module).
pub fn random_function(seed: u64, opts: &GenOptions) -> Module {
    let mut rng = Rng::new(seed);
    let n = opts.blocks.max(1);
    let window = opts.window.max(1);
    // Forward skeleton.
    let mut shapes: Vec<Shape> = Vec::with_capacity(n);
    // Block numbers are below `n` and `i <= hi`: only the (caller-chosen)
    // window can reach the saturation, where it means "no limit".
    let fwd = |rng: &mut Rng, i: usize| -> u32 {
        let hi = i.saturating_add(window).min(n.saturating_sub(1));
        i.saturating_add(1)
            .saturating_add(rng.below(hi.saturating_sub(i))) as u32
    };
    for i in 0..n {
        let next = (i as u32).saturating_add(1);
        let s = if i.saturating_add(1) == n || (i > 0 && rng.chance(opts.ret_percent)) {
            Shape::Ret
        } else if rng.chance(opts.switch_percent) {
            let d = if opts.dense { next } else { fwd(&mut rng, i) };
            // Small numbers: `k <= 3`, literals below 9.
            let k = rng.below(3).saturating_add(1);
            let mut cs = Vec::new();
            for c in 0..k {
                let literal = (c as u64)
                    .saturating_mul(3)
                    .saturating_add(rng.below(3) as u64);
                cs.push((literal, fwd(&mut rng, i)));
            }
            cs.sort_by_key(|c| c.0);
            cs.dedup_by_key(|c| c.0);
            Shape::Switch(d, cs)
        } else if rng.chance(45) {
            Shape::Br(if opts.dense { next } else { fwd(&mut rng, i) })
        } else {
            let a = if opts.dense { next } else { fwd(&mut rng, i) };
            Shape::Cond(a, fwd(&mut rng, i))
        };
        shapes.push(s);
    }
    // Backward edges.
    if let Some((_, _, dom)) = dominators(&shapes) {
        for i in 0..n {
            if matches!(shapes.get(i), Some(Shape::Ret) | None)
                || !rng.chance(opts.back_percent.saturating_mul(2))
            {
                continue;
            }
            let target = if opts.irreducible {
                let lo = i.saturating_sub(window.saturating_mul(2)).max(1);
                if i < lo {
                    continue;
                }
                // `lo <= i < n`: no saturation.
                lo.saturating_add(rng.below(i.saturating_sub(lo).saturating_add(1))) as u32
            } else {
                // A random dominator (reflexive) of i.
                let mut t = i as u32;
                let steps = rng.below(4);
                for _ in 0..steps {
                    match dom.idom(t) {
                        Some(d) => t = d,
                        None => break,
                    }
                }
                if !dom.is_reachable(i as u32) || t == 0 {
                    continue;
                }
                t
            };
            if let Some(s) = shapes.get_mut(i) {
                match s {
                    Shape::Br(_) if opts.dense => {
                        *s = Shape::Cond((i as u32).saturating_add(1), target);
                    }
                    Shape::Br(t) => *t = target,
                    Shape::Cond(_, b) if opts.dense => *b = target,
                    Shape::Cond(a, b) => {
                        if rng.chance(50) {
                            *a = target
                        } else {
                            *b = target
                        }
                    }
                    Shape::Switch(d, cs) => {
                        if let Some(c) = cs.first_mut() {
                            c.1 = target;
                        } else {
                            *d = target;
                        }
                    }
                    Shape::Ret => {}
                }
            }
        }
    }
    function_from_shapes(rng.next_u64(), &shapes)
}

/// Builds a function with the given terminators (block 0 is the entry;
/// targets must be block numbers in range). Phis and operands are chosen
/// at random from `seed` among values that dominate their uses.
pub fn function_from_shapes(seed: u64, shapes: &[Shape]) -> Module {
    let mut rng = Rng::new(seed);
    let (_succ, pred, dom) = match dominators(shapes) {
        Some(x) => x,
        None => return Module::default(),
    };
    build_module(&mut rng, shapes, &pred, &dom)
}

/// Whether the function built from `shapes` is reducible.
pub fn is_reducible(shapes: &[Shape]) -> bool {
    match dominators(shapes) {
        Some((succ, pred, dom)) => {
            LoopForest::compute(&succ, &pred, 0, &dom).is_ok_and(|l| l.is_reducible())
        }
        None => false,
    }
}

fn build_module(rng: &mut Rng, shapes: &[Shape], pred: &Adj, dom: &DomTree) -> Module {
    let n = shapes.len();
    let mut m = Module::default();
    let void = m.types.intern(Type::Void);
    let i1 = m.types.intern(Type::Int(1));
    let i32t = m.types.intern(Type::Int(32));
    let params = m.types.push_members(&[]);
    let fty = m.types.intern(Type::Function {
        ret: void,
        params,
        vararg: false,
    });
    let fname = m.push_str("main");
    let push_value = |m: &mut Module, ty: TypeId, kind: ValueKind| -> ValueId {
        let id = ValueId(m.values.len() as u32);
        m.values.push(Value {
            ty,
            kind,
            name: StrRange::EMPTY,
        });
        id
    };
    let fval = push_value(&mut m, fty, ValueKind::Function(FuncId(0)));
    let vtrue = push_value(&mut m, i1, ValueKind::Constant(Constant::Int(1)));
    let consts: Vec<ValueId> = (0..16u64)
        .map(|c| push_value(&mut m, i32t, ValueKind::Constant(Constant::Int(c))))
        .collect();
    let konst = |c: u64| {
        consts
            .get((c as usize).checked_rem(consts.len()).unwrap_or(0))
            .copied()
            .unwrap_or(vtrue)
    };

    // Value numbering: for each block, its phi results then its add.
    let mut phi_counts = vec![0usize; n];
    for (b, pc) in phi_counts.iter_mut().enumerate() {
        let np = pred.succ(b as u32).len();
        if np >= 2 && dom.is_reachable(b as u32) {
            *pc = rng.below(2).saturating_add(1);
        } else if np == 1 && dom.is_reachable(b as u32) && rng.chance(20) {
            *pc = 1;
        }
    }
    let mut insts: Vec<Inst> = Vec::new();
    let mut blocks: Vec<Block> = Vec::new();
    // Values defined in each block (phis then add).
    let mut defs: Vec<Vec<ValueId>> = vec![Vec::new(); n];
    let mut next_inst = 0u32;
    let mut block_phis: Vec<Vec<ValueId>> = vec![Vec::new(); n];
    let mut block_add: Vec<ValueId> = vec![vtrue; n];
    for b in 0..n {
        for _ in 0..phi_counts.get(b).copied().unwrap_or(0) {
            let v = push_value(
                &mut m,
                i32t,
                ValueKind::Inst {
                    func: FuncId(0),
                    inst: next_inst,
                },
            );
            // Instruction numbers are bounded by the blocks' (small)
            // contents: no saturation.
            next_inst = next_inst.saturating_add(1);
            if let Some(l) = block_phis.get_mut(b) {
                l.push(v);
            }
            if let Some(l) = defs.get_mut(b) {
                l.push(v);
            }
        }
        let v = push_value(
            &mut m,
            i32t,
            ValueKind::Inst {
                func: FuncId(0),
                inst: next_inst,
            },
        );
        next_inst = next_inst.saturating_add(2); // the add and the terminator
        if let Some(x) = block_add.get_mut(b) {
            *x = v;
        }
        if let Some(l) = defs.get_mut(b) {
            l.push(v);
        }
    }
    // A value available at the end of `b` (defined in a dominator or b).
    let pick_end = |rng: &mut Rng, b: u32| -> ValueId {
        if !dom.is_reachable(b) || rng.chance(15) {
            return konst(rng.below(16) as u64);
        }
        let mut t = b;
        for _ in 0..rng.below(5) {
            match dom.idom(t) {
                Some(d) => t = d,
                None => break,
            }
        }
        let l = defs.get(t as usize).cloned().unwrap_or_default();
        l.get(rng.below(l.len())).copied().unwrap_or(vtrue)
    };
    // A value available at the start of `b`, after its phis.
    let pick_start = |rng: &mut Rng, b: u32| -> ValueId {
        if rng.chance(40) {
            let l = block_phis.get(b as usize).cloned().unwrap_or_default();
            if !l.is_empty() && dom.is_reachable(b) {
                return l.get(rng.below(l.len())).copied().unwrap_or(vtrue);
            }
        }
        match dom.idom(b) {
            Some(d) if dom.is_reachable(b) => pick_end(rng, d),
            _ => konst(rng.below(16) as u64),
        }
    };
    for (b, shape) in shapes.iter().enumerate() {
        let start = insts.len() as u32;
        let bu = b as u32;
        let phis = block_phis.get(b).cloned().unwrap_or_default();
        for v in phis {
            let mut pairs: Vec<u32> = Vec::new();
            for &p in pred.succ(bu) {
                let val = pick_end(rng, p);
                pairs.push(val.0);
                pairs.push(p);
            }
            let lr = m.push_list(&pairs);
            insts.push(Inst {
                kind: InstKind::Phi { incoming: lr },
                ty: i32t,
                result: Some(v),
                metadata: ListRange::EMPTY,
            });
        }
        let lhs = pick_start(rng, bu);
        let rhs = pick_start(rng, bu);
        let add = block_add.get(b).copied().unwrap_or(vtrue);
        insts.push(Inst {
            kind: InstKind::BinOp {
                op: BinOp::Add,
                lhs,
                rhs,
                flags: 0,
            },
            ty: i32t,
            result: Some(add),
            metadata: ListRange::EMPTY,
        });
        let kind = match shape {
            Shape::Ret => InstKind::Ret { value: None },
            Shape::Br(t) => InstKind::Br {
                target: BlockId(*t),
            },
            Shape::Cond(a, c) => InstKind::CondBr {
                cond: vtrue,
                if_true: BlockId(*a),
                if_false: BlockId(*c),
            },
            Shape::Switch(d, cs) => {
                let mut pairs = Vec::new();
                for &(lit, t) in cs {
                    pairs.push(konst(lit).0);
                    pairs.push(t);
                }
                let lr = m.push_list(&pairs);
                InstKind::Switch {
                    value: add,
                    default: BlockId(*d),
                    cases: lr,
                }
            }
        };
        insts.push(Inst {
            kind,
            ty: void,
            result: None,
            metadata: ListRange::EMPTY,
        });
        blocks.push(Block {
            start,
            // `start` was the length when the block began.
            len: (insts.len() as u32).saturating_sub(start),
            name: StrRange::EMPTY,
        });
    }
    // Fix the instruction indices recorded in values (phi counts vary).
    for (idx, inst) in insts.iter().enumerate() {
        if let Some(r) = inst.result {
            if let Some(v) = m.values.get_mut(r.0 as usize) {
                v.kind = ValueKind::Inst {
                    func: FuncId(0),
                    inst: idx as u32,
                };
            }
        }
    }
    if let Some(v) = m.values.get_mut(fval.0 as usize) {
        v.name = fname;
    }
    m.functions.push(Function {
        value: fval,
        ty: fty,
        is_declaration: false,
        linkage: Linkage::External,
        attrs: 0,
        first_arg: ValueId(m.values.len() as u32),
        num_args: 0,
        blocks,
        insts,
        metadata: ListRange::EMPTY,
    });
    m
}

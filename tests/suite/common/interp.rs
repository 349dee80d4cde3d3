//! Interpreters over an original function and over its structured form,
//! and a checker comparing the block traces both take.

use std::collections::HashMap;

use crate::cfg_testgen::Rng;
use dxil2spirv::cfg::{self, PhiDef, STerm, SValue, Structured};
use dxil2spirv::ir::{BlockId, Function, InstKind, Module, ValueId, ValueKind};

type Tok = u64;
const UNDEF: Tok = u64::MAX;

/// One visit of an original block: its id, its phi values and the operands
/// of its `add`.
#[derive(Debug, PartialEq, Eq, Clone)]
pub struct Event {
    block: u32,
    phis: Vec<Tok>,
    operands: Vec<Tok>,
}

fn const_tok(m: &Module, v: ValueId) -> Option<Tok> {
    match m.value(v)?.kind {
        ValueKind::Constant(_) => Some((1 << 62) | u64::from(v.0)),
        _ => None,
    }
}

fn def_tok(visit: usize, slot: usize) -> Tok {
    ((visit as u64) << 8) | slot as u64
}

/// The decision an original block's terminator takes: for a two-way
/// branch with distinct targets true/false, for a switch the literal (or
/// None for default). Returns None when no decision is consumed.
enum Choice {
    Bool(bool),
    Case(Option<u64>),
}

fn decide(f: &Function, m: &Module, b: BlockId, dec: &mut impl FnMut() -> u32) -> Option<Choice> {
    let term = f.block_insts(b).last()?;
    match term.kind {
        InstKind::CondBr {
            if_true, if_false, ..
        } if if_true != if_false => Some(Choice::Bool(dec() & 1 == 1)),
        InstKind::Switch { default, cases, .. } => {
            let cs: Vec<(u64, u32)> = m
                .pairs(cases)
                .map(|(c, t)| (m.const_uint(ValueId(c)).unwrap_or(0), t))
                .collect();
            if cs.iter().all(|c| c.1 == default.0) {
                return None;
            }
            let k = dec() as usize % (cs.len() + 1);
            Some(Choice::Case(cs.get(k).map(|c| c.0)))
        }
        _ => None,
    }
}

pub fn run_original(f: &Function, m: &Module, decisions: &[u32], max: usize) -> Vec<Event> {
    let mut env: HashMap<ValueId, Tok> = HashMap::new();
    let mut out = Vec::new();
    let mut cur = BlockId(0);
    let mut prev: Option<BlockId> = None;
    let mut d = 0usize;
    let mut dec = || {
        let x = decisions[d % decisions.len()];
        d += 1;
        x
    };
    while out.len() < max {
        let insts = f.block_insts(cur);
        let eval = |env: &HashMap<ValueId, Tok>, v: ValueId| -> Tok {
            const_tok(m, v).unwrap_or_else(|| env.get(&v).copied().unwrap_or(UNDEF))
        };
        let visit = out.len();
        let mut ev = Event {
            block: cur.0,
            phis: Vec::new(),
            operands: Vec::new(),
        };
        let mut phi_vals = Vec::new();
        for inst in insts {
            if let InstKind::Phi { incoming } = inst.kind {
                let p = prev.expect("phi in entry");
                let v = m
                    .pairs(incoming)
                    .find(|x| x.1 == p.0)
                    .map(|x| ValueId(x.0))
                    .expect("phi incoming");
                phi_vals.push((inst.result.unwrap(), eval(&env, v)));
            }
        }
        for (r, t) in &phi_vals {
            env.insert(*r, *t);
            ev.phis.push(*t);
        }
        for inst in insts {
            if let InstKind::BinOp { lhs, rhs, .. } = inst.kind {
                ev.operands.push(eval(&env, lhs));
                ev.operands.push(eval(&env, rhs));
                env.insert(inst.result.unwrap(), def_tok(visit, 1));
            }
        }
        out.push(ev);
        let choice = decide(f, m, cur, &mut dec);
        let next = match insts.last().unwrap().kind {
            InstKind::Br { target } => target,
            InstKind::CondBr {
                if_true, if_false, ..
            } => match choice {
                Some(Choice::Bool(true)) | None => if_true,
                _ => if_false,
            },
            InstKind::Switch { default, cases, .. } => {
                let lit = match choice {
                    Some(Choice::Case(l)) => l,
                    _ => None,
                };
                m.pairs(cases)
                    .find(|(c, _)| Some(m.const_uint(ValueId(*c)).unwrap_or(0)) == lit)
                    .map(|x| BlockId(x.1))
                    .unwrap_or(default)
            }
            _ => break,
        };
        prev = Some(cur);
        cur = next;
    }
    out
}

pub fn run_structured(
    s: &Structured,
    f: &Function,
    m: &Module,
    decisions: &[u32],
    max: usize,
) -> Result<Vec<Event>, String> {
    let mut env: HashMap<ValueId, Tok> = HashMap::new();
    let mut synth: Vec<Tok> = vec![UNDEF; s.synths.len()];
    let mut out = Vec::new();
    let mut cur = 0usize;
    let mut prev: Option<usize> = None;
    let mut d = 0usize;
    let mut dec = || {
        let x = decisions[d % decisions.len()];
        d += 1;
        x
    };
    let mut idle = 0usize;
    while out.len() < max {
        let b = &s.blocks[cur];
        let eval = |env: &HashMap<ValueId, Tok>, synth: &[Tok], v: SValue| -> Tok {
            match v {
                SValue::Value(x) => {
                    const_tok(m, x).unwrap_or_else(|| env.get(&x).copied().unwrap_or(UNDEF))
                }
                SValue::Synth(i) => synth[i.index()],
                SValue::U32(k) => u64::from(k) | (1 << 61),
                SValue::Undef => UNDEF,
            }
        };
        if let Some(p) = prev {
            let idx = b
                .preds
                .iter()
                .position(|x| x.index() == p)
                .ok_or_else(|| format!("block {cur} entered from non-predecessor {p}"))?;
            let vals: Vec<(PhiDef, Tok)> = b
                .phis
                .iter()
                .map(|ph| (ph.def, eval(&env, &synth, ph.incoming[idx])))
                .collect();
            for (def, t) in vals {
                match def {
                    PhiDef::Original(v) => {
                        env.insert(v, t);
                    }
                    PhiDef::Synth(i) => synth[i.index()] = t,
                }
            }
        }
        let mut choice = None;
        if let Some(o) = b.origin {
            idle = 0;
            let visit = out.len();
            let mut ev = Event {
                block: o.0,
                phis: Vec::new(),
                operands: Vec::new(),
            };
            // Original phis may be placed in a synthetic block just above.
            for inst in f.block_insts(o) {
                if let (InstKind::Phi { .. }, Some(v)) = (inst.kind, inst.result) {
                    ev.phis.push(env.get(&v).copied().unwrap_or(UNDEF));
                }
            }
            for inst in f.block_insts(o) {
                if let InstKind::BinOp { lhs, rhs, .. } = inst.kind {
                    ev.operands.push(eval(&env, &synth, b.operand(lhs)));
                    ev.operands.push(eval(&env, &synth, b.operand(rhs)));
                    env.insert(inst.result.unwrap(), def_tok(visit, 1));
                }
            }
            out.push(ev);
            choice = decide(f, m, o, &mut dec);
        } else {
            idle += 1;
            if idle > 100_000 {
                return Err("synthetic blocks loop forever".into());
            }
        }
        let next = match &b.term {
            STerm::Branch(t) => t.index(),
            STerm::CondBranch {
                if_true, if_false, ..
            } => match choice {
                Some(Choice::Bool(false)) => if_false.index(),
                Some(Choice::Bool(true)) => if_true.index(),
                _ => return Err(format!("block {cur}: conditional branch without decision")),
            },
            STerm::Switch {
                value,
                default,
                cases,
            } => {
                let lit = match value {
                    SValue::Value(_) => match choice {
                        Some(Choice::Case(l)) => l,
                        _ => return Err(format!("block {cur}: switch without decision")),
                    },
                    other => {
                        let t = eval(&env, &synth, *other);
                        if t == UNDEF {
                            return Err(format!("block {cur}: switch on undef selector"));
                        }
                        Some(t & 0xffff_ffff)
                    }
                };
                cases
                    .iter()
                    .find(|c| Some(c.0) == lit)
                    .map(|c| c.1.index())
                    .unwrap_or(default.index())
            }
            STerm::Return(_) => break,
            STerm::Unreachable => return Err(format!("block {cur}: reached unreachable")),
        };
        prev = Some(cur);
        cur = next;
    }
    Ok(out)
}

/// Structurizes function 0 of `m`, verifies it, and compares `runs`
/// interpretations with random decisions.
pub fn check_module(m: &Module, what: &str, seed: u64, runs: usize) -> Structured {
    let f = &m.functions[0];
    let s = match cfg::structurize(f, m) {
        Ok(s) => s,
        Err(e) => panic!("{what}: structurize: {e}"),
    };
    if let Err(e) = cfg::verify_with(&s, f, m) {
        let mut dot = String::new();
        let _ = cfg::write_dot(&mut dot, f, m, &s);
        panic!("{what}: verify: {e}\n{dot}");
    }
    let mut rng = Rng::new(seed ^ 0xabcdef);
    for _ in 0..runs {
        let len = 1 + rng.below(16);
        let decisions: Vec<u32> = (0..len).map(|_| rng.next_u64() as u32).collect();
        let a = run_original(f, m, &decisions, 120);
        let b = run_structured(&s, f, m, &decisions, 120);
        match b {
            Ok(b) if a == b => {}
            Ok(b) => {
                let k = a
                    .iter()
                    .zip(&b)
                    .position(|(x, y)| x != y)
                    .unwrap_or(a.len().min(b.len()));
                let mut dot = String::new();
                let _ = cfg::write_dot(&mut dot, f, m, &s);
                panic!(
                    "{what} decisions {decisions:?}: traces differ at visit {k}: {:?} vs {:?}\n{dot}",
                    a.get(k),
                    b.get(k)
                );
            }
            Err(e) => {
                let mut dot = String::new();
                let _ = cfg::write_dot(&mut dot, f, m, &s);
                panic!("{what} decisions {decisions:?}: {e}\n{dot}");
            }
        }
    }
    s
}

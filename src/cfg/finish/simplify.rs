//! Trivial synthetic phis (all incoming values one value, or the phi
//! itself) are removed; each removed value is replaced by that value.

use crate::cfg::structured::{PhiDef, SPhi, SValue};
use crate::cfg::util::{at, at_mut, get, internal};
use crate::error::Result;

/// Removes synthetic phis whose incoming values are all one value (or the
/// phi itself). Returns the replacement of each removed synthetic value;
/// removed phis are deleted from `phis`.
pub(super) fn simplify_phis(phis: &mut [Vec<SPhi>], nsynth: usize) -> Result<Vec<Option<SValue>>> {
    if nsynth == 0 {
        // No synthetic phis (most functions): nothing to simplify, and none
        // of the tables below is needed.
        return Ok(Vec::new());
    }
    let mut repl: Vec<Option<SValue>> = vec![None; nsynth];
    // The phis using each synthetic value, in one table: `starts[s]..
    // starts[s + 1]` of `users` (counted, then filled). Counts are bounded
    // by the phis' operands in memory: the additions never saturate.
    let mut starts = vec![0u32; nsynth.saturating_add(2)];
    let mut work: Vec<(u32, u32)> = Vec::new();
    for (b, bp) in phis.iter().enumerate() {
        for (i, p) in bp.iter().enumerate() {
            for v in &p.incoming {
                if let SValue::Synth(s) = v {
                    let c = at_mut(&mut starts, s.index().saturating_add(2))?;
                    *c = c.saturating_add(1);
                }
            }
            if matches!(p.def, PhiDef::Synth(_)) {
                work.push((b as u32, i as u32));
            }
        }
    }
    let mut acc = 0u32;
    for c in starts.iter_mut() {
        acc = acc.saturating_add(*c);
        *c = acc;
    }
    let mut users = vec![(0u32, 0u32); acc as usize];
    for (b, bp) in phis.iter().enumerate() {
        for (i, p) in bp.iter().enumerate() {
            for v in &p.incoming {
                if let SValue::Synth(s) = v {
                    let pos = at_mut(&mut starts, s.index().saturating_add(1))?;
                    let k = *pos as usize;
                    *pos = pos.saturating_add(1);
                    *at_mut(&mut users, k)? = (b as u32, i as u32);
                }
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
        let from = get(&starts, me.index())? as usize;
        let to = get(&starts, me.index().saturating_add(1))? as usize;
        work.extend_from_slice(
            users
                .get(from..to)
                .ok_or_else(|| internal("phi users out of range"))?,
        );
    }
    for bp in phis.iter_mut() {
        bp.retain(|p| match p.def {
            PhiDef::Synth(s) => repl.get(s.index()).copied().flatten().is_none(),
            PhiDef::Original(_) => true,
        });
    }
    Ok(repl)
}

/// What a value stands for after [`simplify_phis`] (`repl` is its result).
pub(super) fn resolve(repl: &[Option<SValue>], v: SValue) -> SValue {
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
}

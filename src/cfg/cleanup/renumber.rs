//! The surviving blocks renumbered densely, in order, and every branch and
//! merge target rewritten.

use crate::cfg::lower::{LBlock, LMerge};
use crate::cfg::util::{at_mut, get, internal, NONE};
use crate::error::Result;

/// Drops the `deleted` blocks and renumbers the rest.
pub(super) fn renumber(blocks: Vec<LBlock>, deleted: &[bool]) -> Result<Vec<LBlock>> {
    let n = blocks.len();
    let mut newid = vec![NONE; n];
    let mut out = Vec::new();
    for (i, b) in blocks.into_iter().enumerate() {
        if !get(deleted, i)? {
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

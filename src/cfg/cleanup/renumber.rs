//! The surviving blocks renumbered densely, in order, and every branch and
//! merge target rewritten.

use crate::cfg::lower::{LBlock, LMerge};
use crate::cfg::scratch::Pool;
use crate::cfg::util::{get, internal, NONE};
use crate::error::Result;

/// Drops the `deleted` blocks and renumbers the rest.
pub(super) fn renumber(
    mut blocks: Vec<LBlock>,
    deleted: &[bool],
    pool: &mut Pool<u32>,
) -> Result<Vec<LBlock>> {
    let n = blocks.len();
    if deleted.len() != n {
        return Err(internal("deleted flags do not match the blocks"));
    }
    let mut newid = pool.table(n, NONE);
    let mut next = 0u32;
    for (id, &d) in newid.iter_mut().zip(deleted) {
        if !d {
            *id = next;
            // Counts blocks in memory: cannot saturate.
            next = next.saturating_add(1);
        }
    }
    // Drops the deleted blocks in place, keeping the order.
    let mut keep = deleted.iter().map(|&d| !d);
    blocks.retain(|_| keep.next().unwrap_or(false));
    let map = |x: u32| -> Result<u32> {
        let v = get(&newid, x as usize)?;
        if v == NONE {
            Err(internal("reference to a removed block"))
        } else {
            Ok(v)
        }
    };
    for b in blocks.iter_mut() {
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
    pool.give(newid);
    if blocks.len() >= 0x7fff_ffff {
        return Err(internal("too many blocks"));
    }
    Ok(blocks)
}

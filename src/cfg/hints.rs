//! Control-flow hints from metadata attachments on terminators:
//! `dx.controlflow.hints` (selection control) and `llvm.loop` (loop
//! control).

use super::structured::{LoopControl, SelectionControl};
use crate::ir::{Inst, MdId, Metadata, Module};

/// The operands of a metadata node (`None` for null operands).
fn node_operands(module: &Module, id: MdId) -> Vec<Option<MdId>> {
    match module.metadata.get(id) {
        Some(Metadata::Node { operands, .. }) => module
            .list(*operands)
            .iter()
            .map(|&x| x.checked_sub(1).map(MdId))
            .collect(),
        _ => Vec::new(),
    }
}

fn md_int(module: &Module, id: MdId) -> Option<u64> {
    match module.metadata.get(id)? {
        Metadata::Value { value, .. } => module.const_uint(*value),
        _ => None,
    }
}

fn md_str(module: &Module, id: MdId) -> Option<&str> {
    match module.metadata.get(id)? {
        Metadata::String(s) => Some(module.str(*s)),
        _ => None,
    }
}

/// Selection hints of a branch or switch: `dx.controlflow.hints` values 1
/// (`[branch]`: don't flatten) and 2 (`[flatten]`).
pub fn selection_control(module: &Module, term: &Inst) -> SelectionControl {
    let mut c = SelectionControl::default();
    let Some(node) = module.attachment(term, "dx.controlflow.hints") else {
        return c;
    };
    for op in node_operands(module, node).into_iter().flatten() {
        match md_int(module, op) {
            Some(1) => c.dont_flatten = true,
            Some(2) => c.flatten = true,
            _ => {}
        }
    }
    if c.flatten && c.dont_flatten {
        // Contradictory hints: drop both rather than emit invalid masks.
        c = SelectionControl::default();
    }
    c
}

/// Loop hints from an `llvm.loop` attachment on a latch's branch.
pub fn loop_control(module: &Module, term: &Inst) -> LoopControl {
    let mut c = LoopControl::default();
    let Some(node) = module.attachment(term, "llvm.loop") else {
        return c;
    };
    for op in node_operands(module, node).into_iter().skip(1).flatten() {
        let ops = node_operands(module, op);
        let Some(name) = ops
            .first()
            .copied()
            .flatten()
            .and_then(|n| md_str(module, n))
        else {
            continue;
        };
        match name {
            "llvm.loop.unroll.disable" => c.dont_unroll = true,
            "llvm.loop.unroll.full" | "llvm.loop.unroll.enable" => c.unroll = true,
            "llvm.loop.unroll.count" => {
                if let Some(n) = ops
                    .get(1)
                    .copied()
                    .flatten()
                    .and_then(|n| md_int(module, n))
                {
                    c.partial_count = u32::try_from(n).ok().filter(|&n| n > 0);
                }
            }
            _ => {}
        }
    }
    c
}

/// Merges the hints of several latches of one loop.
pub(crate) fn merge_loop_control(a: LoopControl, b: LoopControl) -> LoopControl {
    let mut c = LoopControl {
        unroll: a.unroll || b.unroll,
        dont_unroll: a.dont_unroll || b.dont_unroll,
        partial_count: a.partial_count.or(b.partial_count),
    };
    if c.dont_unroll && (c.unroll || c.partial_count.is_some()) {
        c = LoopControl {
            dont_unroll: true,
            ..LoopControl::default()
        };
    }
    c
}

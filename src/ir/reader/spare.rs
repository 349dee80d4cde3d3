//! Buffers one read leaves for the next ([`ModuleSpare`]). Reading a module
//! fills a dozen arenas (values, types, metadata, lists, strings) and two
//! vectors per function body; a compilation that is done with its module
//! hands it back ([`ModuleSpare::keep`]) and the next read refills those
//! arenas, cleared, instead of allocating and growing new ones. Nothing of
//! one module reaches the next: every arena is emptied, and the type
//! table's lookup gets fresh hash keys (see [`TypeTable::clear_for_reuse`]).
//!
//! [`TypeTable::clear_for_reuse`]: crate::ir::TypeTable

use super::ForwardRef;
use crate::ir::module::{Block, FuncId, Module};
use crate::ir::{Inst, MetadataTable};
use std::mem::{size_of, take};

/// A module holding more than this many bytes of arenas is dropped rather
/// than kept (one huge shader should not pin its memory).
const MAX_KEPT_BYTES: usize = 4 << 20;

/// How many function bodies' buffers are kept.
const KEPT_BODIES: usize = 16;

/// A function body's buffers: its blocks and its instructions.
pub(super) type BodyBuffers = (Vec<Block>, Vec<Inst>);

/// The arenas and working buffers of read modules, kept for the next read
/// (see the module doc).
#[derive(Default)]
pub(crate) struct ModuleSpare {
    /// A module with every arena empty (an `Option`, so that taking it
    /// leaves nothing to build: an empty `Module` draws hash keys).
    pub(super) module: Option<Module>,
    /// Function bodies' buffers, empty.
    pub(super) bodies: Vec<BodyBuffers>,
    /// The string arena, empty.
    pub(super) strings: Vec<u8>,
    /// The reader's working buffers, empty.
    pub(super) work: ReaderBuffers,
}

/// The reader's own working buffers (operands, forward references, pending
/// initializers, the functions with bodies).
#[derive(Default)]
pub(super) struct ReaderBuffers {
    pub(super) ops: Vec<u64>,
    pub(super) forward: Vec<ForwardRef>,
    pub(super) pending_inits: Vec<(u32, u64)>,
    pub(super) with_bodies: Vec<FuncId>,
}

impl ReaderBuffers {
    /// The buffers, emptied.
    pub(super) fn cleared(mut self) -> Self {
        self.ops.clear();
        self.forward.clear();
        self.pending_inits.clear();
        self.with_bodies.clear();
        self
    }
}

impl ModuleSpare {
    /// Keeps the arenas of `module`, a module read earlier that its
    /// compilation is done with, for the next read (unless they are too
    /// large to be worth pinning).
    pub(crate) fn keep(&mut self, mut module: Module) {
        if retained_bytes(&module) > MAX_KEPT_BYTES {
            return;
        }
        for f in module.functions.drain(..) {
            let (mut blocks, mut insts) = (f.blocks, f.insts);
            if insts.capacity() > 0 && self.bodies.len() < KEPT_BODIES {
                blocks.clear();
                insts.clear();
                self.bodies.push((blocks, insts));
            }
        }
        let mut strings = take(&mut module.strings).into_bytes();
        strings.clear();
        self.strings = strings;
        clear(&mut module);
        self.module = Some(module);
    }

    /// Keeps a failed read's partial module and string arena.
    pub(super) fn keep_partial(&mut self, module: Module, mut strings: Vec<u8>) {
        self.keep(module);
        strings.clear();
        self.strings = strings;
    }
}

/// Empties every arena of `module`, keeping its capacity. Destructures the
/// module, so that a new arena cannot be forgotten here.
fn clear(module: &mut Module) {
    let Module {
        types,
        values,
        globals,
        functions,
        metadata: MetadataTable {
            nodes,
            named,
            kinds,
        },
        attribute_groups,
        attributes,
        attribute_sets,
        triple,
        datalayout,
        lists,
        data,
        strings,
    } = module;
    types.clear_for_reuse();
    values.clear();
    globals.clear();
    functions.clear();
    nodes.clear();
    named.clear();
    kinds.clear();
    attribute_groups.clear();
    attributes.clear();
    attribute_sets.clear();
    *triple = Default::default();
    *datalayout = Default::default();
    lists.clear();
    data.clear();
    strings.clear();
}

/// Bytes held by the arenas of `module` (by capacity).
fn retained_bytes(module: &Module) -> usize {
    fn bytes<T>(v: &Vec<T>) -> usize {
        v.capacity().saturating_mul(size_of::<T>())
    }
    let bodies = module.functions.iter().fold(0usize, |sum, f| {
        sum.saturating_add(bytes(&f.blocks))
            .saturating_add(bytes(&f.insts))
    });
    [
        module.types.retained_bytes(),
        bytes(&module.values),
        bytes(&module.globals),
        bytes(&module.functions),
        bytes(&module.metadata.nodes),
        bytes(&module.metadata.named),
        bytes(&module.metadata.kinds),
        bytes(&module.attribute_groups),
        bytes(&module.attributes),
        bytes(&module.attribute_sets),
        bytes(&module.lists),
        bytes(&module.data),
        module.strings.capacity(),
        bodies,
    ]
    .into_iter()
    .fold(0usize, usize::saturating_add)
}

#[cfg(test)]
mod tests {
    use super::super::read_with;
    use super::*;
    use crate::ir::write_module;

    fn bitcode(blob: &[u8]) -> &[u8] {
        crate::container::parse(blob)
            .and_then(|c| c.program())
            .map(|p| p.bitcode)
            .unwrap_or(&[])
    }

    /// A read's outcome as text: the printed module, or the error.
    fn outcome(bitcode: &[u8], spare: &mut ModuleSpare) -> (String, Option<Module>) {
        match read_with(bitcode, None, spare) {
            Ok(module) => {
                let mut text = String::new();
                write_module(&mut text, &module).unwrap();
                (text, Some(module))
            }
            Err(e) => (format!("{e:?}"), None),
        }
    }

    /// One spare, handed every module back (and a failed read's leftovers
    /// in between), gives the reads of a fresh reader: a compute shader, a
    /// library and a shader with loops, in both orders.
    #[test]
    fn kept_arenas_leave_no_trace() {
        let blobs: [&[u8]; 3] = [
            include_bytes!("../../../corpus/compute/append-structured.dxil"),
            include_bytes!("../../../corpus/advanced/dxr-lib-exported-functions.dxil"),
            include_bytes!("../../../corpus/control-flow/binary-search.dxil"),
        ];
        let fresh: Vec<String> = blobs
            .iter()
            .map(|b| outcome(bitcode(b), &mut ModuleSpare::default()).0)
            .collect();
        let mut spare = ModuleSpare::default();
        for order in [[0, 1, 2, 0], [2, 1, 0, 2]] {
            for i in order {
                let code = bitcode(blobs[i]);
                // A truncated copy fails part-way and leaves its arenas.
                let (err, none) = outcome(&code[..code.len() / 2], &mut spare);
                assert!(none.is_none(), "{err}");
                let (text, module) = outcome(code, &mut spare);
                assert_eq!(text, fresh[i]);
                spare.keep(module.unwrap());
                let kept = spare.module.as_ref().unwrap();
                assert!(kept.values.is_empty() && kept.types.is_empty());
            }
        }
        let kept = spare.module.as_ref().unwrap();
        assert!(!spare.bodies.is_empty() && kept.values.capacity() > 0);
    }
}

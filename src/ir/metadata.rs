//! Metadata: strings, value references, nodes, named metadata, kinds.

use super::{ListRange, StrRange, TypeId, ValueId};

/// Index of a metadata entry in [`MetadataTable::nodes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MdId(pub u32);

/// One metadata entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metadata {
    /// `!"text"`.
    String(StrRange),
    /// A value used as metadata (`i32 4`, `void ()* @main`).
    Value {
        /// The value's type.
        ty: TypeId,
        /// The value.
        value: ValueId,
    },
    /// `!{...}`: operands in the list pool, each `0` for null or an
    /// [`MdId`] plus one.
    Node {
        /// Operands.
        operands: ListRange,
        /// `distinct`.
        distinct: bool,
    },
    /// A debug-info record (kept so that numbering stays right; its
    /// contents are not decoded). Holds the record code.
    DebugInfo(u32),
}

/// A named metadata list (`!dx.entryPoints = !{!3}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedMetadata {
    /// Name.
    pub name: StrRange,
    /// The nodes, as [`MdId`] values in the list pool.
    pub operands: ListRange,
}

/// All metadata of a module.
#[derive(Clone, Debug, Default)]
pub struct MetadataTable {
    /// Metadata entries; module-level ones first, then each function's.
    pub nodes: Vec<Metadata>,
    /// Named metadata.
    pub named: Vec<NamedMetadata>,
    /// Attachment kinds: (kind id, name).
    pub kinds: Vec<(u32, StrRange)>,
}

impl MetadataTable {
    /// An entry.
    pub fn get(&self, id: MdId) -> Option<&Metadata> {
        self.nodes.get(id.0 as usize)
    }
}

//! Our IR: an arena-based image of an LLVM 3.7 module.
//!
//! Types, values, instructions and metadata live in flat vectors owned by
//! [`Module`] and are referred to by `u32` handles ([`TypeId`], [`ValueId`],
//! [`FuncId`], [`BlockId`], [`MdId`]). Variable-length operand lists live in
//! one pool and are referred to by [`ListRange`]. [`read`] builds a module
//! from bitcode; it knows LLVM, not DXIL.

mod inst;
mod keyed_hash;
mod metadata;
mod module;
mod print;
mod reader;
mod types;

pub use inst::{flags, BinOp, CastOp, Inst, InstKind, Ordering, Predicate, RmwOp};
pub use metadata::{MdId, Metadata, MetadataTable, NamedMetadata};
pub use module::{
    sign_extend, Attribute, AttributeGroup, Block, Constant, FuncId, Function, Global, GlobalId,
    Linkage, Module, Value, ValueId, ValueKind,
};
pub use print::{write_module, write_type};
pub use reader::read;
pub(crate) use reader::{read_with, ModuleSpare, ReadCache};
pub use types::{NestingError, Type, TypeId, TypeTable, MAX_TYPE_DEPTH};

/// Index of a basic block within its function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// A range in one of the module's pools.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ListRange {
    /// First element.
    pub start: u32,
    /// Number of elements.
    pub len: u32,
}

impl ListRange {
    /// The empty range.
    pub const EMPTY: ListRange = ListRange { start: 0, len: 0 };

    pub(crate) fn new(start: usize, len: usize) -> Self {
        ListRange {
            start: start as u32,
            len: len as u32,
        }
    }

    /// As a `usize` range.
    pub fn as_range(self) -> std::ops::Range<usize> {
        // A sum of two `u32`s; where it saturates (16-bit and 32-bit
        // targets), the range lies outside every pool and lookups fail.
        self.start as usize..(self.start as usize).saturating_add(self.len as usize)
    }

    /// Whether the range is empty.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// A string in the module's string arena.
pub type StrRange = ListRange;

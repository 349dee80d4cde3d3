//! The structurizer's output: a self-contained structured function
//! description that the SPIR-V emitter consumes without re-analysing.
//! See the [module documentation](super) for the contract.

use smallvec::SmallVec;

use crate::ir::{BlockId, TypeId, ValueId};

/// Index of a block in [`Structured::blocks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SBlockId(pub u32);

impl SBlockId {
    /// As a `usize` index into [`Structured::blocks`].
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Index of a synthetic SSA value in [`Structured::synths`]. Every synthetic
/// value is defined by exactly one [`SPhi`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SynthId(pub u32);

impl SynthId {
    /// As a `usize` index into [`Structured::synths`].
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The type of a synthetic value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SynthType {
    /// A 32-bit unsigned integer (`OpTypeInt 32 0`): selectors that pick
    /// the destination of a routed branch. Compared only by `OpSwitch`.
    Selector,
    /// The IR type of an original value: a value routed through a phi
    /// because its definition no longer dominates a use after the rewrite.
    Ir(TypeId),
}

/// A synthetic SSA value: a phi the structurizer created.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SynthDef {
    /// Its type.
    pub ty: SynthType,
    /// The block whose [`SBlock::phis`] defines it.
    pub block: SBlockId,
}

/// A value operand in the structured function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SValue {
    /// An original IR value: constant, global, argument or instruction
    /// result (including original phis), used as is.
    Value(ValueId),
    /// A synthetic phi's result.
    Synth(SynthId),
    /// A 32-bit unsigned integer constant (selector values).
    U32(u32),
    /// `undef` of the expected type (`OpUndef`). Appears only on paths the
    /// program never takes at run time.
    Undef,
}

/// What a phi defines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhiDef {
    /// An original phi instruction: its result keeps the original value id
    /// (and type); every use of that id elsewhere refers to this phi.
    Original(ValueId),
    /// A synthetic value.
    Synth(SynthId),
}

/// A phi at the top of a block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SPhi {
    /// What it defines.
    pub def: PhiDef,
    /// One value per predecessor: `incoming[i]` flows in from
    /// `SBlock::preds[i]`.
    pub incoming: Incoming,
}

/// A phi's incoming values (two inline: most joins have two predecessors).
pub type Incoming = SmallVec<[SValue; 2]>;

/// A block's predecessors (two inline: most blocks have one or two).
pub type Preds = SmallVec<[SBlockId; 2]>;

/// `SelectionControl` hints, from `dx.controlflow.hints`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SelectionControl {
    /// `Flatten` (`[flatten]`).
    pub flatten: bool,
    /// `DontFlatten` (`[branch]`).
    pub dont_flatten: bool,
}

/// `LoopControl` hints, from `llvm.loop` metadata on the loop's latches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LoopControl {
    /// `Unroll` (`llvm.loop.unroll.full` / `.enable`).
    pub unroll: bool,
    /// `DontUnroll` (`llvm.loop.unroll.disable`).
    pub dont_unroll: bool,
    /// `PartialCount` (`llvm.loop.unroll.count N`); needs SPIR-V 1.4.
    pub partial_count: Option<u32>,
}

/// The merge instruction a block declares before its terminator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Merge {
    /// None: the block is not a header.
    None,
    /// `OpSelectionMerge merge control`: the terminator is a
    /// [`STerm::CondBranch`] or [`STerm::Switch`]. (A block with
    /// `Merge::None` ends in a conditional branch only if it is a loop's
    /// continue target branching to that loop's header and merge.)
    Selection {
        /// The merge block.
        merge: SBlockId,
        /// Hints.
        control: SelectionControl,
    },
    /// `OpLoopMerge merge continue_target control`: this block is a loop
    /// header; its terminator is always a [`STerm::Branch`] into the loop
    /// body.
    Loop {
        /// The merge block (first block after the loop).
        merge: SBlockId,
        /// The continue target; it branches back to this header.
        continue_target: SBlockId,
        /// Hints.
        control: LoopControl,
    },
}

/// A block terminator. Operands are final: any rewriting of original
/// values has already been applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum STerm {
    /// `OpBranch`.
    Branch(SBlockId),
    /// `OpBranchConditional` on an `i1`/bool value (always an original
    /// branch condition, or its rewrite).
    CondBranch {
        /// The condition.
        cond: SValue,
        /// Target when true.
        if_true: SBlockId,
        /// Target when false.
        if_false: SBlockId,
    },
    /// `OpSwitch`. On an original selector, literals have the selector's
    /// IR width; on a [`SynthType::Selector`] value they are 32-bit.
    Switch {
        /// The selector.
        value: SValue,
        /// Default target.
        default: SBlockId,
        /// (literal, target), literals distinct.
        cases: Vec<(u64, SBlockId)>,
    },
    /// `OpReturn` / `OpReturnValue`.
    Return(Option<SValue>),
    /// `OpUnreachable`.
    Unreachable,
}

impl STerm {
    /// Targets in operand order (duplicates kept).
    pub fn targets(&self) -> Vec<SBlockId> {
        match self {
            STerm::Branch(t) => vec![*t],
            STerm::CondBranch {
                if_true, if_false, ..
            } => vec![*if_true, *if_false],
            STerm::Switch { default, cases, .. } => {
                let mut v = vec![*default];
                v.extend(cases.iter().map(|c| c.1));
                v
            }
            STerm::Return(_) | STerm::Unreachable => Vec::new(),
        }
    }
}

/// Why a block exists, for debugging and the Graphviz view. The emitter
/// need not look at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// An original block (see [`SBlock::origin`]).
    Original,
    /// The synthetic entry block placed before an entry that is a loop
    /// header, or that starts with a routed construct.
    Entry,
    /// A synthetic loop header (holds the `OpLoopMerge`).
    LoopHeader,
    /// A loop's merge block (may also dispatch routed exits: a ladder).
    LoopMerge,
    /// A loop's continue target (the back-edge block).
    Continue,
    /// The merge block of a selection or switch.
    Join,
    /// A block that sets or dispatches a selector for a branch crossing
    /// several constructs.
    Ladder,
    /// A guard that skips code while a routed branch passes through.
    Guard,
    /// An edge block of the irreducible-loop dispatcher.
    Edge,
    /// The dispatcher that turns an irreducible cycle into a loop.
    Dispatch,
}

/// One block of the structured function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SBlock {
    /// The original block whose non-phi, non-terminator instructions this
    /// block emits, in order. `None` for a synthetic block (no
    /// instructions). Each reachable original block is the origin of
    /// exactly one block.
    pub origin: Option<BlockId>,
    /// Why the block exists.
    pub role: Role,
    /// Distinct predecessors; phi incoming values are listed in this order.
    pub preds: Preds,
    /// Phis defined at the top of this block: original phis (as
    /// [`PhiDef::Original`], in their original order) and synthetic ones.
    /// A block's original phis are listed here, or, for a loop header, in
    /// the synthetic loop header block that is its only predecessor.
    pub phis: Vec<SPhi>,
    /// Operand rewrites for the origin's instructions: while emitting this
    /// block's instructions, an operand naming the first value stands for
    /// the second. Sorted by value id, at most one entry per value.
    pub uses: Vec<(ValueId, SValue)>,
    /// The merge instruction.
    pub merge: Merge,
    /// The terminator.
    pub term: STerm,
}

impl SBlock {
    /// The rewrite of an operand of this block's instructions.
    pub fn operand(&self, v: ValueId) -> SValue {
        match self.uses.binary_search_by_key(&v, |u| u.0) {
            Ok(i) => self.uses.get(i).map(|u| u.1).unwrap_or(SValue::Value(v)),
            Err(_) => SValue::Value(v),
        }
    }
}

/// A structured function: blocks in emission order (entry first, every
/// block after its dominators), with merge information and phis that make
/// it valid SSA under SPIR-V's structured control-flow rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Structured {
    /// Blocks, in emission order; `blocks[0]` is the entry.
    pub blocks: Vec<SBlock>,
    /// Synthetic values, by [`SynthId`].
    pub synths: Vec<SynthDef>,
}

impl Structured {
    /// A block.
    pub fn block(&self, id: SBlockId) -> Option<&SBlock> {
        self.blocks.get(id.index())
    }

    /// A synthetic value's definition.
    pub fn synth(&self, id: SynthId) -> Option<&SynthDef> {
        self.synths.get(id.index())
    }

    /// The block whose origin is `b`, if `b` was reachable.
    pub fn block_of(&self, b: BlockId) -> Option<SBlockId> {
        self.blocks
            .iter()
            .position(|s| s.origin == Some(b))
            .map(|i| SBlockId(i as u32))
    }
}

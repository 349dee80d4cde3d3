//! Control-flow analysis and the structurizer.
//!
//! # Analysis
//!
//! [`Cfg`] is the control-flow graph of one [`crate::ir::Function`] (a
//! petgraph graph plus compact successor/predecessor lists, reachability
//! and reverse postorder). [`DomTree`] is a dominator or post-dominator tree
//! (iterative on small graphs, Lengauer–Tarjan on large ones) numbered
//! with DFS intervals, so [`DomTree::dominates`] is O(1). [`LoopForest`]
//! holds the natural loops of the back edges, their nesting (O(1)
//! containment), and the retreating edges that make a graph irreducible.
//! The structurizer's own dominance queries (the structure tree's analysis,
//! the repairs) use dominator sets as 64-bit masks on graphs of at most 64
//! nodes, which need no tree numbering (`dom_mask.rs`).
//!
//! # The structurizer
//!
//! [`structurize`] turns a function's arbitrary CFG into a [`Structured`]
//! function that obeys SPIR-V's structured control-flow rules. Passes, all
//! iterative and near-linear:
//!
//! 1. **Pre-CFG.** Unreachable blocks are dropped (phi entries from them
//!    are ignored). Conditional branches with equal targets become plain
//!    branches.
//! 2. **Irreducible cycles** (rare in DXC output) are made reducible
//!    without duplicating any block: each strongly connected region with
//!    several entries gets a *dispatcher* block that every entry edge goes
//!    through, setting a selector that the dispatcher switches on. The
//!    region becomes a natural loop headed by the dispatcher; nested regions
//!    are handled the same way.
//! 3. **Structure tree** (after Ramsey, "Beyond Relooper", 2022): using the
//!    dominator tree, every block is placed exactly once inside nested
//!    `Block`/`Loop`/`If`/`Switch` statements; branches that are not
//!    inlined name an enclosing label. A block outside a natural loop is
//!    never placed inside it: it is hoisted after the outermost loop that
//!    contains its immediate dominator but not the block, so every loop
//!    exit leaves through the loop's merge.
//! 4. **Lowering** to blocks with merge instructions: a selection's merge
//!    is a fresh join block; a loop gets a fresh header (the `OpLoopMerge`
//!    block), a fresh continue block (the single back edge) and a fresh
//!    merge block. Branches that would cross constructs are *routed*: they
//!    set the selector to a number naming their target and leave through
//!    the innermost loop's merge (a break) or through enclosing joins;
//!    loop merges dispatch on the selector (*ladders*: break the next
//!    loop, continue the enclosing loop, or fall through) and crossed
//!    regions get a *guard* that skips code while a routed branch passes.
//!    Multi-exit loops, breaks out of nested loops, continues from deep
//!    inside selections, early returns, switch fall-through and shared
//!    case bodies all reduce to this one mechanism. A switch case that
//!    falls through into another case becomes a branch to the switch merge
//!    followed by the other case's code; no SPIR-V fall-through is emitted.
//! 5. **Cleanup** (`cleanup/`, a file per pass) removes empty
//!    pass-through blocks; makes a loop's single latch its continue target
//!    (a latch ending in "continue or exit" becomes a do-while back-edge
//!    block branching to the header or the merge); lets a selection's
//!    empty join hand its role to the block it leads to (or to the single
//!    block that leads into it); unreachable merge blocks become
//!    `OpUnreachable` blocks and unreachable continue targets branch back
//!    to their header, as SPIR-V requires.
//! 6. **SSA** (`finish/`, a file per pass). Selectors, the original phis
//!    (whose incoming edges may now arrive through synthetic blocks) and
//!    every value whose definition no longer dominates a use (a rewrite
//!    added paths that exist in the graph but are never taken) are rebuilt
//!    with on-demand SSA construction (Braun et al.), placing phis only
//!    where paths merge. Paths the program never takes carry `undef`.
//!    Trivial phis are removed.
//! 7. **Order**: reverse postorder, so every block follows its dominators
//!    and every merge follows its header.
//!
//! A function of one block that returns and has no phis skips all of
//! this: it is its own structured form.
//!
//! The passes take their tables from a [`CfgScratch`] and give them back,
//! so a compiler that keeps one ([`structurize_with`]; a
//! [`crate::Compiler`] pools them) structurizes without allocating most of
//! them; [`structurize`] starts from an empty one.
//!
//! [`verify`] checks the result independently (it recomputes dominators
//! and constructs from scratch and applies the SPIR-V rules);
//! [`verify_with`] also checks the SSA of original values.
//! [`write_dot`] prints the CFG before and after structurization (one
//! digraph with two clusters; [`write_cfg_dot`] and [`write_structured_dot`]
//! print them as separate digraphs); [`Summary`] counts what was built.
//!
//! # The `Structured` contract (for the emitter)
//!
//! * `blocks[0]` is the entry; it has no predecessors. Emit blocks in
//!   vector order: every block comes after its dominators.
//! * A block with `origin: Some(b)` emits the original block `b`'s
//!   instructions except its phis and its terminator, in order, applying
//!   [`SBlock::uses`] (see [`SBlock::operand`]) to their operands. Each
//!   reachable original block is the origin of exactly one block. A block
//!   with `origin: None` has no instructions.
//! * [`SBlock::phis`] come first, one value per entry of
//!   [`SBlock::preds`] in that order. [`PhiDef::Original`] keeps the
//!   original result id and type; [`PhiDef::Synth`] defines a value listed
//!   in [`Structured::synths`] with its [`SynthType`]. The original phis
//!   of a block are usually in its own structured block; those of a loop
//!   header are in the synthetic loop header just above it (which
//!   branches only to it), so a loop-carried value is a single phi. Emit
//!   every phi where it is listed.
//! * Every value is defined before use on every path: emit operands as
//!   given (after [`SBlock::uses`]); no further SSA repair is needed.
//! * [`SBlock::merge`] is the `OpSelectionMerge`/`OpLoopMerge` to emit
//!   right before the terminator, with its control hints. Every
//!   `OpSwitch` and every conditional branch has a selection merge, with
//!   one exception allowed by SPIR-V: a loop's continue target may end in
//!   a conditional branch to its loop header and the loop's merge.
//! * [`SBlock::term`] is final: its operands are already rewritten.
//!   Synthetic switches switch on a 32-bit [`SynthType::Selector`] value.
//! * [`SValue::Undef`] is `OpUndef` of the expected type (the phi's, the
//!   operand's).
//!
//! # Hints
//!
//! `dx.controlflow.hints` on a branch or switch (1 = `[branch]`, 2 =
//! `[flatten]`) become [`SelectionControl`] on its selection; `llvm.loop`
//! unroll metadata on a loop's latches becomes [`LoopControl`] on the loop.
//! Hints are dropped where a branch is rewritten into a plain branch.
//!
//! # Uniform control flow (derivatives, wave operations, barriers)
//!
//! The structurizer never duplicates a block and never moves an original
//! instruction: each original block keeps its instructions, in order, in
//! exactly one structured block, and every execution of the structured
//! function runs the same sequence of original blocks as the original
//! (the property tests check this by interpretation). Synthetic blocks
//! contain no original instructions, only phis and branches.
//!
//! Convergence can only increase: a block outside a natural loop is
//! always emitted after that loop's merge (never inside the loop's
//! construct), so operations there run after the invocations leaving the
//! loop reconverge, as in the DXIL. Blocks inside a loop stay inside it;
//! a selection's arms are exactly the blocks its header dominates before
//! the join. Guards and ladders only ever route invocations that take a
//! routed branch; invocations that do not take it see the same
//! constructs. Irreducible cycles are handled with a dispatcher instead
//! of node splitting precisely so that no uniform operation is ever
//! duplicated into two divergent copies; the cycle's blocks become one
//! loop, which they already were in the DXIL.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod cleanup;
mod dom;
mod dom_mask;
mod dot;
mod finish;
mod graph;
mod hints;
mod loops;
mod lower;
mod pre;
mod scratch;
mod ssa;
mod structured;
mod structurize;
mod summary;
mod tree;
mod util;
mod verify;

pub use dom::DomTree;
pub use dot::{write_cfg_dot, write_dot, write_structured_dot, write_structured_text};
pub use graph::{block_exit, Cfg, Exit};
pub use hints::{loop_control, selection_control};
pub use loops::LoopForest;
pub use scratch::CfgScratch;
pub use structured::{
    Incoming, LoopControl, Merge, PhiDef, Preds, Role, SBlock, SBlockId, SPhi, STerm, SValue,
    SelectionControl, Structured, SynthDef, SynthId, SynthType,
};
pub use structurize::{structurize, structurize_with};
pub use summary::Summary;
pub use util::Adj;
pub use verify::{verify, verify_with};

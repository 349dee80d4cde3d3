//! Construct counts of a structured function, for one-line summaries.

use std::fmt;

use super::structured::{Merge, Role, STerm, Structured};

/// What the structurizer built: block and construct counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Blocks of the original function (unreachable ones included).
    pub original_blocks: usize,
    /// Blocks of the structured function.
    pub blocks: usize,
    /// Structured blocks without an original block (no instructions).
    pub synthetic: usize,
    /// Synthetic blocks that are ladders, guards, or dispatcher blocks
    /// (routing of branches that cross constructs, irreducible cycles).
    pub routing: usize,
    /// Loops (`OpLoopMerge`).
    pub loops: usize,
    /// Two-way selections (`OpSelectionMerge` + `OpBranchConditional`).
    pub selections: usize,
    /// Switches (`OpSelectionMerge` + `OpSwitch`), synthetic ones included.
    pub switches: usize,
}

impl Summary {
    /// Counts the constructs of `s`, structured from a function of
    /// `original_blocks` blocks.
    pub fn new(s: &Structured, original_blocks: usize) -> Summary {
        let mut sum = Summary {
            original_blocks,
            blocks: s.blocks.len(),
            ..Summary::default()
        };
        for b in &s.blocks {
            // Each count is at most `s.blocks.len()`: no saturation.
            if b.origin.is_none() {
                sum.synthetic = sum.synthetic.saturating_add(1);
                if matches!(
                    b.role,
                    Role::Ladder | Role::Guard | Role::Dispatch | Role::Edge
                ) {
                    sum.routing = sum.routing.saturating_add(1);
                }
            }
            match (&b.merge, &b.term) {
                (Merge::Loop { .. }, _) => sum.loops = sum.loops.saturating_add(1),
                (Merge::Selection { .. }, STerm::Switch { .. }) => {
                    sum.switches = sum.switches.saturating_add(1)
                }
                (Merge::Selection { .. }, _) => sum.selections = sum.selections.saturating_add(1),
                (Merge::None, _) => {}
            }
        }
        sum
    }
}

impl fmt::Display for Summary {
    /// `7 blocks -> 11 (4 synthetic, 1 routing): 1 loop, 2 selections, 0 switches`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        write!(
            f,
            "{} -> {} ({} synthetic, {} routing): {}, {}, {}",
            count(self.original_blocks, "block", "blocks"),
            self.blocks,
            self.synthetic,
            self.routing,
            count(self.loops, "loop", "loops"),
            count(self.selections, "selection", "selections"),
            count(self.switches, "switch", "switches"),
        )
    }
}

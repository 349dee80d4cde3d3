//! Control-flow analyses on hand-built functions: CFG, dominators,
//! post-dominators, loop forest, irreducibility; and bad input.

use crate::cfg_testgen::{function_from_shapes, Shape};
use dxil2spirv::cfg::{self, Cfg};
use dxil2spirv::ir::BlockId;
use dxil2spirv::ErrorKind;

use Shape::{Br, Cond, Ret};

#[test]
fn dominators_and_post_dominators() {
    // 0 -> {1, 2} -> 3 -> {4 (loop back to 3), 5}; 6 unreachable.
    let m = function_from_shapes(
        0,
        &[Cond(1, 2), Br(3), Br(3), Br(4), Cond(3, 5), Ret, Br(5)],
    );
    let f = &m.functions[0];
    let g = Cfg::new(f, &m).unwrap();
    assert_eq!(g.graph().node_count(), 7);
    assert!(!g.is_reachable(BlockId(6)));
    assert_eq!(g.rpo().first(), Some(&BlockId(0)));
    let d = g.dominators().unwrap();
    assert_eq!(d.idom(3), Some(0));
    assert_eq!(d.idom(4), Some(3));
    assert!(d.dominates(0, 5) && d.dominates(3, 5) && !d.dominates(1, 3));
    assert!(!d.dominates(6, 6) && !d.is_reachable(6));
    let pd = g.post_dominators().unwrap();
    // Block 5 returns; everything reachable reaches it through 4 and 3.
    assert!(pd.dominates(5, 0) && pd.dominates(3, 1) && pd.dominates(4, 3));
    assert_eq!(pd.idom(1), Some(3));
    let l = g.loops(&d).unwrap();
    assert!(l.is_reducible());
    assert!(l.is_header(3) && !l.is_header(4));
    assert!(l.contains(3, 4) && l.contains(3, 3) && !l.contains(3, 5));
    assert_eq!(l.back_edges(), &[(4, 3)]);
    assert_eq!(l.innermost(4), Some(3));
    assert_eq!(l.innermost(5), None);
}

#[test]
fn nested_loops_and_irreducible_detection() {
    // Outer 1..5, inner 2..3.
    let m = function_from_shapes(0, &[Br(1), Br(2), Cond(3, 4), Br(2), Cond(1, 5), Ret]);
    let f = &m.functions[0];
    let g = Cfg::new(f, &m).unwrap();
    let d = g.dominators().unwrap();
    let l = g.loops(&d).unwrap();
    assert_eq!(l.parent(2), Some(1));
    assert_eq!(l.depth(2), 2);
    assert!(l.contains(1, 3) && l.contains(2, 3) && !l.contains(2, 4));
    // Two entries into the cycle 1 <-> 2.
    let m = function_from_shapes(0, &[Cond(1, 2), Cond(2, 3), Cond(1, 3), Ret]);
    let f = &m.functions[0];
    let g = Cfg::new(f, &m).unwrap();
    let d = g.dominators().unwrap();
    let l = g.loops(&d).unwrap();
    assert!(!l.is_reducible());
    assert_eq!(l.irreducible_edges().len(), 1);
}

#[test]
fn malformed_control_flow_is_an_error() {
    let mut m = function_from_shapes(0, &[Cond(1, 2), Br(2), Ret]);
    // Drop the terminator of block 1: its last instruction is then an add.
    let f = &mut m.functions[0];
    f.blocks[1].len -= 1;
    let e = cfg::structurize(&m.functions[0], &m).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    // A declaration has no body.
    let mut m = function_from_shapes(0, &[Ret]);
    m.functions[0].is_declaration = true;
    assert!(cfg::structurize(&m.functions[0], &m).is_err());
}

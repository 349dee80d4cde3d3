//! Hand-built control-flow shapes: each is structurized, checked, and
//! interpreted against the original for many branch decisions and several
//! random choices of phis and operands.

use crate::common;

use crate::cfg_testgen::{function_from_shapes, is_reducible, Shape};
use dxil2spirv::cfg::{self, Merge, Role, STerm, Structured};

use Shape::{Br, Cond, Ret, Switch};

fn check(name: &str, shapes: &[Shape]) -> Structured {
    let mut last = None;
    for seed in 0..12 {
        let m = function_from_shapes(seed, shapes);
        last = Some(common::interp::check_module(
            &m,
            &format!("{name} (seed {seed})"),
            seed,
            64,
        ));
    }
    last.expect("checked")
}

fn count(s: &Structured, role: Role) -> usize {
    s.blocks.iter().filter(|b| b.role == role).count()
}

#[test]
fn diamond_and_critical_edges() {
    let s = check("diamond", &[Cond(1, 2), Br(3), Br(3), Ret]);
    assert_eq!(count(&s, Role::Ladder), 0);
    check("critical edges", &[Cond(1, 2), Cond(2, 3), Br(3), Ret]);
}

#[test]
fn irreducible_two_entries() {
    let shapes = [Cond(1, 2), Cond(2, 3), Cond(1, 3), Ret];
    assert!(!is_reducible(&shapes));
    let s = check("irreducible", &shapes);
    assert_eq!(count(&s, Role::Dispatch), 1);
}

#[test]
fn irreducible_three_entries_and_nested() {
    let shapes = [
        Switch(1, vec![(1, 2), (2, 3)]),
        Cond(2, 4),
        Cond(3, 4),
        Cond(1, 4),
        Ret,
    ];
    assert!(!is_reducible(&shapes));
    check("irreducible 3", &shapes);
    // An irreducible region inside a natural loop, and one inside another.
    let shapes = [Br(1), Cond(2, 3), Cond(3, 5), Cond(2, 4), Cond(1, 5), Ret];
    assert!(!is_reducible(&shapes));
    check("irreducible in loop", &shapes);
    let shapes = [
        Cond(1, 2),
        Cond(2, 3),
        Cond(1, 4),
        Cond(4, 5),
        Cond(3, 1),
        Cond(2, 6),
        Ret,
    ];
    assert!(!is_reducible(&shapes));
    check("irreducible nested", &shapes);
}

#[test]
fn multi_exit_loop() {
    let s = check(
        "multi-exit loop",
        &[
            Br(1),
            Cond(2, 5),
            Cond(3, 6),
            Cond(4, 7),
            Br(1),
            Br(8),
            Br(8),
            Ret,
            Ret,
        ],
    );
    // Exactly one loop, and every exit goes through its merge.
    let loops = s
        .blocks
        .iter()
        .filter(|b| matches!(b.merge, Merge::Loop { .. }))
        .count();
    assert_eq!(loops, 1);
}

#[test]
fn break_out_of_nested_loops() {
    check(
        "nested break",
        &[Br(1), Br(2), Cond(3, 5), Cond(6, 4), Br(2), Cond(1, 6), Ret],
    );
    // Three levels, breaking from the innermost to after the outermost and
    // continuing the middle loop from the innermost.
    check(
        "triple nested",
        &[
            Br(1),
            Br(2),
            Br(3),
            Cond(4, 9),
            Switch(3, vec![(0, 9), (1, 2), (2, 5)]),
            Cond(2, 6),
            Cond(1, 7),
            Br(8),
            Ret,
            Ret,
        ],
    );
}

#[test]
fn continue_from_deep_selections() {
    check(
        "deep continue",
        &[
            Br(1),
            Cond(2, 9),
            Cond(3, 6),
            Cond(1, 4),
            Cond(5, 1),
            Br(8),
            Cond(7, 1),
            Br(8),
            Br(1),
            Ret,
        ],
    );
}

#[test]
fn switch_fallthrough_shared_and_default_merge() {
    let s = check(
        "switch",
        &[
            Switch(4, vec![(0, 1), (1, 2), (2, 2), (3, 3)]),
            Br(2),
            Br(3),
            Br(4),
            Ret,
        ],
    );
    // No case block is entered from anywhere but its switch.
    cfg::verify(&s).expect("verified");
    // Switch in a loop with continue and break from cases.
    check(
        "switch in loop",
        &[
            Br(1),
            Switch(5, vec![(0, 2), (1, 3), (2, 4)]),
            Br(1),
            Cond(1, 5),
            Cond(2, 1),
            Ret,
        ],
    );
}

#[test]
fn early_returns_and_while_loops() {
    check(
        "early return in loop",
        &[Br(1), Cond(2, 4), Cond(3, 5), Br(1), Ret, Ret],
    );
    check("while", &[Br(1), Cond(2, 3), Br(1), Ret]);
    check("self loop", &[Br(1), Cond(1, 2), Ret]);
}

#[test]
fn infinite_loop_and_unreachable_blocks() {
    let s = check("infinite", &[Br(1), Cond(2, 3), Br(1), Br(1)]);
    assert!(s.blocks.iter().any(|b| b.term == STerm::Unreachable));
    check(
        "unreachable preds",
        &[Cond(1, 2), Br(3), Br(3), Ret, Br(3), Br(4)],
    );
}

#[test]
fn deep_nesting_is_iterative() {
    // 3000 nested ifs, each arm returning early.
    let n = 3000u32;
    let mut shapes: Vec<Shape> = (0..n).map(|i| Cond(i + 1, n + 1)).collect();
    shapes.push(Br(n + 1));
    shapes.push(Ret);
    let m = function_from_shapes(1, &shapes);
    let f = &m.functions[0];
    let s = cfg::structurize(f, &m).expect("structurize");
    cfg::verify_with(&s, f, &m).expect("verify");
    // 1000 nested loops.
    let k = 1000u32;
    let mut shapes: Vec<Shape> = Vec::new();
    shapes.push(Br(1));
    for i in 1..=k {
        shapes.push(Br(i + 1)); // header i
    }
    // Block k + 1: innermost body; then latches k + 2 .. 2k + 1 close the
    // loops from the inside out.
    shapes.push(Br(k + 2));
    for j in 0..k {
        let header = k - j;
        shapes.push(Cond(header, k + 3 + j));
    }
    shapes.push(Ret);
    let m = function_from_shapes(2, &shapes);
    let f = &m.functions[0];
    let s = cfg::structurize(f, &m).expect("structurize");
    cfg::verify_with(&s, f, &m).expect("verify");
    let loops = s
        .blocks
        .iter()
        .filter(|b| matches!(b.merge, Merge::Loop { .. }))
        .count();
    assert_eq!(loops, k as usize);
}

#[test]
fn dot_view_marks_roles() {
    let m = function_from_shapes(3, &[Br(1), Cond(2, 4), Cond(3, 5), Br(1), Ret, Ret]);
    let f = &m.functions[0];
    let s = cfg::structurize(f, &m).expect("structurize");
    let mut dot = String::new();
    cfg::write_dot(&mut dot, f, &m, &s).expect("dot");
    assert!(dot.contains("cluster_before") && dot.contains("cluster_after"));
    assert!(dot.contains("loop header") && dot.contains("continue"));
}

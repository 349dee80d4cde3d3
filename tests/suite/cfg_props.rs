//! Property tests of the structurizer on random CFGs (reducible and
//! irreducible): the result passes the checker, and an interpreter over
//! the structured function visits the same original blocks, with the same
//! phi values and operands, as an interpreter over the original CFG, for
//! many branch-decision sequences.
//!
//! `CFG_PROP_CASES` sets the number of random functions per test.

use crate::common;

use crate::cfg_testgen::{random_function, GenOptions, Rng};

fn check_one(seed: u64, opts: &GenOptions, runs: usize) {
    let m = random_function(seed, opts);
    common::interp::check_module(&m, &format!("seed {seed} {opts:?}"), seed, runs);
}

fn cases() -> u64 {
    std::env::var("CFG_PROP_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

#[test]
fn random_reducible_cfgs() {
    for seed in 0..cases() {
        let mut r = Rng::new(seed);
        let opts = GenOptions {
            blocks: 2 + r.below(30),
            window: 1 + r.below(6),
            back_percent: r.below(30) as u32,
            ret_percent: r.below(15) as u32,
            switch_percent: r.below(25) as u32,
            irreducible: false,
            dense: r.chance(30),
        };
        check_one(seed, &opts, 8);
    }
}

#[test]
fn random_irreducible_cfgs() {
    for seed in 0..cases() {
        let mut r = Rng::new(seed.wrapping_add(1 << 40));
        let opts = GenOptions {
            blocks: 2 + r.below(24),
            window: 1 + r.below(5),
            back_percent: 5 + r.below(30) as u32,
            ret_percent: r.below(10) as u32,
            switch_percent: r.below(20) as u32,
            irreducible: true,
            dense: r.chance(30),
        };
        check_one(seed.wrapping_add(1 << 40), &opts, 8);
    }
}

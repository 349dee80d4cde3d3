#!/usr/bin/env bash
# Mechanical call-site rewrites of the op family files (src/emit) for the
# word-buffer SPIR-V writer: no `Vec` per instruction, per dx.op call or per
# GEP, and FxHash for the families' own caches. Re-runnable: a rewritten or
# missing pattern is left alone. Run from the repository root, then
# `cargo fmt --all`.
#
# - `.inst(op, ty, vec![..])`         -> `.inst_operands(op, ty, &[..])`
# - `.op_void(op, vec![..])`          -> `.op_void_operands(op, &[..])`
# - `.global_inst(op, ty, vec![..])`  -> `.global_inst_operands(op, ty, &[..])`
# - `let x: Vec<ValueId> = self.m.value_list(..).collect();`
#                                      -> a `SmallVec<[ValueId; 16]>`
# - `let x: Vec<u32> = self.m.list(..).to_vec();` -> a `SmallVec<[u32; 4]>`
# - `std::collections::{HashMap, HashSet}` -> `rustc_hash::{FxHashMap, FxHashSet}`
set -euo pipefail
cd "$(dirname "$0")/.."
# The emitter's own files define these helpers; only the families change.
mine='module.rs|function.rs|values.rs|writer.rs|mod.rs|tests.rs'
files=$(ls src/emit/*.rs | grep -Ev "/($mine)$")
# One argument: balanced parentheses up to two levels deep, no top-level comma.
arg='(?:[^(),]|\((?:[^()]|\([^()]*\))*\))+'
for f in $files; do
    perl -0pi -e "
        s/\.inst\(\s*($arg),\s*($arg),\s*vec!\[/.inst_operands(\$1, \$2, &[/g;
        s/\.op_void\(\s*($arg),\s*vec!\[/.op_void_operands(\$1, &[/g;
        s/\.global_inst\(\s*($arg),\s*($arg),\s*vec!\[/.global_inst_operands(\$1, \$2, &[/g;
        s/let (\w+): Vec<ValueId> = self\.m\.value_list\(([^()]*)\)\.collect\(\);/let \$1: smallvec::SmallVec<[ValueId; 16]> = self.m.value_list(\$2).collect();/g;
        s/let (\w+): Vec<u32> = self\.m\.list\((\w+)\)\.to_vec\(\);/let \$1: smallvec::SmallVec<[u32; 4]> = self.m.list(\$2).iter().copied().collect();/g;
        s/use std::collections::HashMap;/use rustc_hash::FxHashMap as HashMap;/g;
        s/use std::collections::\{BTreeSet, HashMap, HashSet\};/use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};\nuse std::collections::BTreeSet;/g;
        s/std::collections::HashMap</rustc_hash::FxHashMap</g;
        s/std::collections::HashSet</rustc_hash::FxHashSet</g;
        s/std::collections::HashSet::new\(\)/rustc_hash::FxHashSet::default()/g;
        s/\bHashMap::new\(\)/HashMap::default()/g;
        s/\bHashSet::new\(\)/HashSet::default()/g;
    " "$f"
done

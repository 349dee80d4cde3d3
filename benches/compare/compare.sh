#!/usr/bin/env bash
# Times translation of every corpus blob with the current tree and with an
# older revision, each in one process, on this machine, one after the other
# (no validation): `bash benches/compare/compare.sh [OLD_REV]` (default
# 673f332, the build before back end v2). Prints both tables and the ratio
# of the per-category medians.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
old_rev="${1:-673f332}"
work="${COMPARE_DIR:-$root/target/compare}"
mkdir -p "$work"
if [ ! -d "$work/old" ]; then
    git -C "$root" worktree add --detach "$work/old" "$old_rev" >/dev/null
fi
git -C "$work/old" checkout -q --detach "$old_rev"
for side in old new; do
    crate="$work/tool-$side"
    mkdir -p "$crate"
    src="$root"
    [ "$side" = old ] && src="$work/old"
    cat >"$crate/Cargo.toml" <<TOML
[package]
name = "compare-$side"
version = "0.0.0"
edition = "2021"
publish = false

[[bin]]
name = "compare-$side"
path = "$root/benches/compare/main.rs"

[dependencies]
dxil2spirv = { path = "$src", default-features = false }

[workspace]

TOML
    # The root's lock file, so the dependencies resolve (and build) as in the tree.
    cp "$src/Cargo.lock" "$crate/Cargo.lock"
    CARGO_TARGET_DIR="$work/target" cargo build --release --quiet --manifest-path "$crate/Cargo.toml"
done
# Both sides run on the same core when `taskset` is there: pinned runs
# vary less from run to run.
pin=()
if command -v taskset >/dev/null; then
    pin=(taskset -c "$(($(nproc) - 1))")
fi
for side in old new; do
    echo "== $side ($( [ "$side" = old ] && echo "$old_rev" || git -C "$root" rev-parse --short HEAD))"
    "${pin[@]}" "$work/target/release/compare-$side" "$root/corpus" --tsv "$work/$side.tsv"
done
echo "== per-blob ratio old/new (blobs both translate)"
join -t $'\t' <(sort "$work/old.tsv") <(sort "$work/new.tsv") |
    awk -F'\t' '{split($1, p, "/"); r = $2 / $3; print p[1] "\t" r; print "all\t" r}' |
    sort -k1,1 -k2,2g |
    awk -F'\t' '{c[$1] = c[$1] " " $2; n[$1]++} END {for (k in c) {split(substr(c[k], 2), a, " "); print k ": median ratio " a[int((n[k] + 1) / 2)] " over " n[k] " blobs"}}'

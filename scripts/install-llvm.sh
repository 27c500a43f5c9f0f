#!/usr/bin/env bash
# Installs the Debian packages the melior bridge (crates/melior-bridge) builds
# against: MLIR 22's C API and libraries, LLVM 22's tablegen and libclang (for
# melior's macros and mlir-sys's bindings), and the libraries they link.
# Idempotent: only missing packages are installed. Works as root (CI) or
# through sudo.
#
# Usage: scripts/install-llvm.sh
set -euo pipefail

packages=(
    libmlir-22-dev mlir-22-tools llvm-22-dev libclang-22-dev libpolly-22-dev
    libzstd-dev libz3-dev libxml2-dev
)
missing=()
for pkg in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$pkg")
    fi
done
if ((${#missing[@]} == 0)); then
    exit 0
fi

echo "install-llvm.sh: installing ${missing[*]}"
sudo=()
if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
# Quiet on success; apt's errors go to stderr.
"${sudo[@]}" apt-get update -qq >/dev/null
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

#!/usr/bin/env bash
# Builds and tests the melior bridge (crates/melior-bridge), which links
# LLVM/MLIR 22 and is therefore not part of the default workspace. Installs
# the Debian packages it needs first (scripts/install-llvm.sh).
#
# Usage: scripts/test-bridge.sh [--lint] [CARGO_TEST_ARGS...]
#   --lint  also run `cargo fmt --check` and `cargo clippy -D warnings` on it
# Environment: LLVM_PREFIX (default /usr/lib/llvm-22); CARGO_TARGET_DIR as usual
# (default: crates/melior-bridge/target for the bridge, target/ for tensor-opt,
# whose diagnostics the bridge's tests compare with).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/install-llvm.sh"

prefix=${LLVM_PREFIX:-/usr/lib/llvm-22}
# mlir-sys and tblgen find LLVM/MLIR 22 here; bindgen finds libclang.
export MLIR_SYS_220_PREFIX=$prefix
export TABLEGEN_220_PREFIX=$prefix
export LIBCLANG_PATH=$prefix/lib
manifest=$root/crates/melior-bridge/Cargo.toml

if [[ ${1:-} == --lint ]]; then
    shift
    echo "test-bridge: cargo fmt"
    cargo fmt --manifest-path "$manifest" -- --check
    echo "test-bridge: cargo clippy"
    cargo clippy --manifest-path "$manifest" --all-targets -- -D warnings
fi
# tests/bridge/compare.rs checks the bridge's diagnostics against tensor-opt's;
# tests/bridge/export.rs and jit.rs take tensor-opt's exports.
cargo build --quiet --manifest-path "$root/Cargo.toml" --bin tensor-opt --bin tensor-run
export TENSOR_OPT=${CARGO_TARGET_DIR:-$root/target}/debug/tensor-opt
# tests/bridge/jit.rs compares MLIR's JIT with the interpreter.
export TENSOR_RUN=${CARGO_TARGET_DIR:-$root/target}/debug/tensor-run

echo "test-bridge: cargo test"
cargo test --manifest-path "$manifest" "$@"

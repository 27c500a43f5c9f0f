#!/usr/bin/env bash
# A long differential campaign against mlir-opt: random mutations of the test
# corpus, verdicts compared (tests/differential_corpus.rs; docs/differential.md).
#   scripts/differential.sh [cases] [seed]
# cargo test runs 400 cases with a fixed seed; this runs more, with another seed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export DIFF_CORPUS_CASES="${1:-20000}"
export DIFF_CORPUS_SEED="${2:-$(date +%s)}"
exec cargo test --release --test differential_corpus -- --nocapture

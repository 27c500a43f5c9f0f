//! The bridge's tests: one binary, since each links all of MLIR.

mod common;
mod compare;
mod export;
mod jit;
mod locations;
mod mismatch;
mod named;
mod refine;
mod tosa;
mod upstream;

//! The tensor-opt driver: command-line handling shared by the `tensor-opt` binary
//! and tests, in the conventions of `mlir-opt`.

pub mod driver;
pub mod tensor_run;

pub use driver::{Options, run};

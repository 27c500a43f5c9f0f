//! Shape algebra for tensor broadcasting, independent of any IR.
//!
//! Modelled on upstream MLIR's `mlir/Dialect/Traits.h`: pure functions from
//! shapes to shapes. The IR layer turns types into [`Shape`]s, calls one of
//! these functions, and renders the structured [`Error`]s as diagnostics.
//!
//! | module | source | what |
//! | ------ | ------ | ---- |
//! | [`infer`](mod@infer) | MLIR Broadcastable trait (seed 003) | `InferDim`, `ExpandRank`, `InferShape`, `InferResultShape`, `Verify` |
//! | [`array_api`] | Array API (seed 001) | two-shape algorithm, in-place rule |
//! | [`xla`] | XLA (seed 002) | `broadcast_dimensions` |
//! | [`in_dim`] | XLA / StableHLO `broadcast_in_dim` (seed 002) | the explicit broadcast op: operand placed into a given result |
//! | [`onnx`] | ONNX `Broadcast` (seed 000) | N-ary common shape, constraint C1 |
//! | [`upstream`] | `mlir/lib/Dialect/Traits.cpp` | upstream predicates and verifier, spec/upstream switch |
//! | [`policy`](mod@policy) | — | [`Policy`] and the single entry point [`infer()`] |
//! | [`op`] | `ResultsBroadcastableShape` | [`BroadcastableOp`], the trait an IR implements to attach all of the above to its ops |
//! | [`align`] | — | where each operand's dimensions land in the result, and a drawing of it for diagnostics |
//! | [`symbolic`] | — | sizes with an identity: a `?` named by an expression of symbols, and the broadcast obligations proved from it |
//! | [`wording`] | — | the words of diagnostics (upstream's messages, notes, run-time obligations), so every IR reports alike |
//!
//! Dynamic sizes (`?`) are never assumed equal to anything, since a `?` may
//! be 1 at run time and broadcast. Wherever the verdict depends on run-time
//! sizes, inference succeeds with an [`Inferred`] listing the exact
//! [`RuntimeCheck`]s that make the operation well defined; these are the
//! places where the spec leaves behaviour undefined.

#![warn(missing_docs)]

pub mod align;
pub mod array_api;
mod check;
mod dim;
mod error;
pub mod in_dim;
pub mod infer;
pub mod onnx;
pub mod op;
pub mod policy;
mod shape;
pub mod symbolic;
pub mod upstream;
pub mod wording;
pub mod xla;

pub use check::{Bound, Inferred, RuntimeCheck, Verdict};
pub use dim::{Dim, DimClass, ParseDimError};
pub use error::{Conflict, DimMismatch, Error, OperandDim, ResultError, ResultMismatch, XlaError};
pub use infer::{
    analyze, expand_rank, infer_dim, infer_result_shape, infer_shape, verify_inferred,
    verify_result,
};
pub use op::{BroadcastableOp, refined_result_shape, verify_with_policy};
pub use policy::{Policy, infer};
pub use shape::{Dims, Shape};
pub use upstream::{Container, Semantics, Typed};

#[cfg(test)]
mod test_util;

//! Stable diagnostic codes of the Broadcastable trait and of `--verify-broadcast`
//! (see `tensor_ir::diag::codes` for the convention).

use broadcastable::{Error, XlaError};

/// Operands that can never be broadcast together (two sizes, neither 1, in one
/// result dim; ONNX's constraint C1; an XLA dimension pair that does not match).
pub const INCOMPATIBLE: &str = "broadcast.incompatible";
/// The declared result is not the broadcast shape of the operands.
pub const RESULT_MISMATCH: &str = "broadcast.result-mismatch";
/// Ranked operands of different ranks under the equal-rank policy.
pub const RANK_MISMATCH: &str = "broadcast.rank-mismatch";
/// In place: a source of higher rank than its target.
pub const RANK_TOO_HIGH: &str = "broadcast.rank-too-high";
/// Tensors and vectors mixed.
pub const MIXED_CONTAINERS: &str = "broadcast.mixed-containers";
/// The wrong number of operands or results for the trait.
pub const ARITY: &str = "broadcast.arity";
/// Malformed XLA `broadcast_dimensions`.
pub const INVALID_DIMENSIONS: &str = "broadcast.invalid-dimensions";
/// A run-time obligation (`--verify-broadcast`'s remarks): a condition on `?` or `*`
/// sizes the program must meet when it runs.
pub const RUNTIME_CHECK: &str = "broadcast.runtime-check";
/// Operands that upstream accepts but that no run-time size can broadcast (only under
/// the `mlir` semantics).
pub const NEVER_SATISFIABLE: &str = "broadcast.never-satisfiable";

/// The code of a broadcasting error.
pub fn of(err: &Error) -> &'static str {
    match err {
        Error::Incompatible(_) | Error::ConstraintC1 { .. } => INCOMPATIBLE,
        Error::Xla(XlaError::SizeMismatch { .. }) => INCOMPATIBLE,
        Error::Xla(_) => INVALID_DIMENSIONS,
        Error::Result(_) => RESULT_MISMATCH,
        Error::RankMismatch { .. } => RANK_MISMATCH,
        Error::RankTooHigh { .. } => RANK_TOO_HIGH,
        Error::MixedContainers => MIXED_CONTAINERS,
        Error::NoOperands | Error::ResultCount { .. } | Error::Arity { .. } => ARITY,
    }
}

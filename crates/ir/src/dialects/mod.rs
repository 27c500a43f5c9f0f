//! The `builtin` dialect, which belongs to the core as in upstream MLIR.

pub mod builtin;
pub mod upstream;

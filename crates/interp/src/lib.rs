//! `tensor-interp`: a CPU interpreter for `nd` programs, as written and as lowered.
//!
//! ```text
//! Interpreter::new(&ctx, &module).run("main", args) -> Result<Vec<Tensor>, Diagnostic>
//! ```
//!
//! - [`Tensor`]: a typed, shared buffer seen through a strided view. Broadcasts
//!   are views with stride 0, never copies; constants are views of their
//!   attribute's storage.
//! - [`Kernel`]: each op's kernel is its entry in the context's per-op interface
//!   table ([`register`] attaches them for `nd`, `func.call` and `func.return`).
//! - Elementwise chains are fused: `(x - m) * s` runs as one pass over memory, a
//!   block at a time through buffers that stay in the L1 cache (`plan`, `loops`).
//! - Every run-time check is a located error at the op: shapes that do not
//!   broadcast, a result contradicting its declared type, integer division by
//!   zero, an allocation above the memory limit ([`Memory`]).
//! - [`npy`] reads and writes `.npy` files; [`literal`] parses and prints MLIR
//!   dense literals.
//!
//! Semantics (see `docs/interpreter.md`): integers wrap as NumPy's fixed-width
//! integers do; `nd.div` and `nd.rem` on integers are NumPy's `floor_divide` and
//! `remainder`, and a zero divisor is an error; floats follow IEEE as NumPy does.

#![warn(missing_docs)]

mod elem;
mod exec;
pub mod kernels;
pub mod literal;
mod loops;
mod memory;
pub mod npy;
mod plan;
mod tensor;

pub use elem::ElemType;
pub use exec::Interpreter;
pub use kernels::func::MAX_CALL_DEPTH;
pub use kernels::{Kernel, KernelCx, KernelFn, KernelResult, register};
pub use memory::{AllocError, Bytes, Memory, default_limit, parse_size};
pub use tensor::{Element, Tensor, num_elements};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_row_reduce;

//! `tensor-melior-bridge`: tensor-opt's broadcast verification inside a
//! compiler built on upstream MLIR through [melior] (0.27, LLVM/MLIR 22).
//!
//! A compiler that holds a melior [`Module`](melior::ir::Module) calls
//! [`verify_broadcasts`] once and gets every broadcasting error of its ops as
//! [`Diagnostic`]s at their MLIR locations, worded as `tensor-opt
//! --verify-broadcast` words them. Covered ([`Config`]):
//!
//! * upstream's `test.broadcastable` (NumPy broadcasting; the context must
//!   allow unregistered dialects to hold it);
//! * TOSA's broadcasting elementwise ops ([`TOSA_ELEMENTWISE`], `tosa.mul`)
//!   under the equal-rank policy;
//! * any op the caller names with a policy ([`Config::op`]).
//!
//! The rules are not here: [`OpView`] implements the `broadcastable` crate's
//! integration trait, [`broadcastable::BroadcastableOp`], over a melior
//! operation, exactly as `broadcastable-ir` does over tensor-opt's own IR, and
//! the words come from [`broadcastable::wording`]. [`refine_broadcasts`]
//! returns the result types inference can tighten, as melior types.
//! [`emit`] sends errors on through MLIR's diagnostic engine, and
//! [`parse_and_verify`] hands MLIR text to MLIR's own parser and verifier, and
//! [`jit`] runs programs exported by `tensor-opt --convert-nd-to-upstream` in
//! MLIR's `ExecutionEngine`.
//!
//! The crate needs LLVM/MLIR 22 to build (`scripts/install-llvm.sh`) and is
//! not part of the default workspace: `scripts/test-bridge.sh` builds and
//! tests it. `docs/embedding.md` is the guide; its melior examples are this
//! crate's doc tests.

mod config;
mod diag;
mod ffi;
pub mod jit;
mod parse;
mod verify;
mod view;

pub use broadcastable::{Policy, Semantics};
pub use config::{
    Config, OpPolicy, OpSpec, Operands, TEST_BROADCASTABLE, TOSA_ELEMENTWISE, TOSA_MUL,
};
pub use diag::{Diagnostic, FileLineCol, Note, Severity, emit, file_line_col};
pub use parse::parse_and_verify;
pub use verify::{Refinement, refine_broadcasts, verify_broadcasts, verify_operation, walk};
pub use view::{OpView, typed, with_shape};

/// `docs/embedding.md`, whose melior examples run as this crate's doc tests
/// (build.rs selects them).
#[cfg(doctest)]
#[doc = include_str!(concat!(env!("OUT_DIR"), "/embedding.md"))]
pub struct EmbeddingGuide;

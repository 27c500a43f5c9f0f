//! `tensor-lsp`: a Language Server Protocol server for `.mlir` files, built on
//! tensor-opt's own pipeline (the driver's [`check_module`](tensor_pipeline::check_module)
//! after a parse that records a [`SourceIndex`](tensor_ir::parse::SourceIndex)).
//!
//! It publishes the parser's, the verifier's and `--verify-broadcast`'s diagnostics
//! (run-time obligations as hints) as the user types, answers hover (a value's type,
//! and for a broadcasting op the inferred result shape and the dims each operand
//! expands), go to definition (SSA values, block labels, symbols) and document
//! symbols. See `docs/editor.md` for editor setup.

#![warn(missing_docs)]

pub mod analysis;
mod broadcast;
pub mod features;
pub mod lines;
pub mod message;
pub mod server;
pub mod transport;

pub use analysis::{Analysis, RuntimeChecks, Settings, analyze};
pub use lines::Encoding;
pub use server::{Config, run};

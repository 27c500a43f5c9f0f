//! The command lines of tensor-opt and tensor-run, in the conventions of
//! `mlir-opt`: flag parsing, reading the input, writing the output. The pipeline
//! they run (parse, verify, passes, print, diagnostics) is the `tensor-pipeline`
//! crate, re-exported as [`driver`].

pub mod driver;
pub mod tensor_run;

pub use driver::{Options, run};

/// `docs/embedding.md`: its plain-Rust examples run as doc tests of this crate (its
/// melior ones, fenced `rust,ignore,melior`, are the melior bridge's).
#[cfg(doctest)]
#[doc = include_str!("../docs/embedding.md")]
pub struct EmbeddingGuide;

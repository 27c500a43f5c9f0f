//! The tensor-opt driver: command-line handling shared by the `tensor-opt` binary
//! and tests, in the conventions of `mlir-opt`.

pub mod driver;

pub use driver::{Options, run};

/// `docs/embedding.md`: its plain-Rust examples run as doc tests of this crate (its
/// melior ones, fenced `rust,ignore,melior`, are the melior bridge's).
#[cfg(doctest)]
#[doc = include_str!("../docs/embedding.md")]
pub struct EmbeddingGuide;

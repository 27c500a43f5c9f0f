//! ONNX models imported into nd: a `ModelProto` becomes one `func.func @main`
//! whose arguments are the graph inputs (named dims from `dim_param` as
//! `nd.dim_names`), whose initializers are `nd.constant`s and whose results
//! are the graph outputs. Each op is located at
//! `"<file>: node '<name>' (<OpType>)":<node number>:0`, so a diagnostic reads
//! `model.onnx: node 'bad_bias' (Add):3:0: error: ...` (`docs/onnx.md`).
//!
//! The import writes nd's textual form, which the driver then parses and
//! verifies like any other input: nd's verifier, not the import, judges the
//! broadcasts.

mod emit;
mod ops;
mod reduce;
mod structure;
mod tensor;
mod types;

use prost::Message as _;

/// The prost types of the vendored `onnx.proto`.
#[allow(clippy::all, missing_docs)]
pub mod proto {
    include!(concat!(env!("OUT_DIR"), "/onnx.rs"));
}

/// The lowest and highest default-domain opset the import accepts. Issue 28
/// targets 13 to 21; opsets 22 to 28 changed the ops of the table only by
/// admitting more element types (bf16, float8, float4, int4: refused by the
/// type check) and Cast's `round_mode` (refused when present), so a model
/// of those opsets means the same (checked with `onnx.defs.get_schema`, see
/// `docs/onnx.md`); ONNX's own node tests are written at the newest opset.
pub const OPSETS: std::ops::RangeInclusive<i64> = 13..=28;

/// An import failure, located at the model file and, when it is about a node,
/// the node: displays as `model.onnx: node 'n' (Add): error: ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    /// `model.onnx`, or `model.onnx: node 'n' (Add)`.
    pub location: String,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: error: {}", self.location, self.message)
    }
}

impl std::error::Error for ImportError {}

/// Decodes `bytes` as a model if they are one: a `ModelProto` with an
/// `ir_version` and a `graph`. Text MLIR never decodes so (its first byte is
/// not a valid field key of a model with a graph, or the decode fails), so
/// this recognises models by content.
pub fn decode_model(bytes: &[u8]) -> Option<proto::ModelProto> {
    let model = proto::ModelProto::decode(bytes).ok()?;
    (model.ir_version.is_some() && model.graph.is_some()).then_some(model)
}

/// Whether `bytes` look like an ONNX model (see [`decode_model`]).
pub fn is_model(bytes: &[u8]) -> bool {
    decode_model(bytes).is_some()
}

/// Imports the model in `bytes` (named `file` in locations) as nd text.
pub fn import(bytes: &[u8], file: &str) -> Result<String, ImportError> {
    let model = decode_model(bytes).ok_or_else(|| ImportError {
        location: file.to_string(),
        message: "not an ONNX model (no ModelProto with an ir_version and a graph)".into(),
    })?;
    emit::import_model(&model, file)
}

//! ONNX models imported into nd: a `ModelProto` becomes one `func.func @main`
//! whose arguments are the graph inputs (named dims from `dim_param` as
//! `nd.dim_names`), whose initializers are `nd.constant`s and whose results
//! are the graph outputs. Each op is located at
//! `"<file>: node '<name>' (<OpType>)":<node number>:0`, so a diagnostic reads
//! `model.onnx: node 'bad_bias' (Add):3:0: error: ...` (`docs/onnx.md`).
//!
//! The import builds the module through nd's typed op builders, whose own
//! result-type inference gives every type ([`import_module`]). The driver
//! reads a model as that module printed with its locations ([`import`]), then
//! parses and verifies it like any other input: nd's verifier, not the
//! import, judges the broadcasts.

mod control;
mod emit;
mod fold;
mod generate;
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

/// Ops whose schema has not changed since an opset older than 13, with that
/// opset (`onnx.defs.get_all_schemas_with_history`): a model of an older opset
/// is imported when it uses only these (ONNX's own tests of And, Or and Xor
/// are written at opset 7).
pub const OLDER: &[(&str, i64)] = &[("And", 7), ("Or", 7), ("Xor", 7), ("Not", 1)];

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

/// A context with the dialects an imported module uses (`func`, `nd`) and
/// the interpreter's kernels, with which the import folds constants.
pub fn new_context() -> tensor_ir::Context {
    let mut ctx = tensor_ir::Context::new();
    tensor_dialect_func::register(&mut ctx);
    tensor_dialect_nd::register(&mut ctx);
    tensor_interp::register(&mut ctx);
    ctx
}

/// Imports the model in `bytes` (named `file` in locations) into a module of
/// `ctx`, which must have the `func` and `nd` dialects and, to fold the
/// constants of shape computations, the interpreter's kernels ([`new_context`]).
///
/// # Errors
/// A located [`ImportError`] for bytes that are not a model, and for what the
/// import does not support, naming the node and op.
pub fn import_module(
    ctx: &mut tensor_ir::Context,
    bytes: &[u8],
    file: &str,
) -> Result<tensor_ir::Module, ImportError> {
    let model = decode_model(bytes).ok_or_else(|| ImportError {
        location: file.to_string(),
        message: "not an ONNX model (no ModelProto with an ir_version and a graph)".into(),
    })?;
    emit::import_model(ctx, &model, file)
}

/// Imports the model in `bytes` as nd text, each op with its `loc(...)`: what
/// the driver parses in place of a model file.
///
/// # Errors
/// As [`import_module`].
pub fn import(bytes: &[u8], file: &str) -> Result<String, ImportError> {
    let mut ctx = new_context();
    let module = import_module(&mut ctx, bytes, file)?;
    let mut text = String::new();
    let options = tensor_ir::print::PrintOptions {
        generic: false,
        debuginfo: true,
    };
    tensor_ir::print::print_module(&ctx, &module, options, &mut text);
    Ok(text)
}

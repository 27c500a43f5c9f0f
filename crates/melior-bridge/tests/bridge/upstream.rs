//! `parse_and_verify`: MLIR text through MLIR's own parser and verifier,
//! with its diagnostics as data.

use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use tensor_melior_bridge::{Severity, parse_and_verify};

use crate::common::{context, render};

#[test]
fn valid_text_gives_the_module() {
    let context = context();
    let text = "module {\n  func.func @f(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<2x3xf32> {\n    %0 = tosa.add %a, %b : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>\n    return %0 : tensor<2x3xf32>\n  }\n}\n";
    let module = parse_and_verify(&context, text, "ok.mlir").expect("valid");
    assert!(module.as_operation().verify());
    // One top-level op that is not a module is wrapped in one.
    let module = parse_and_verify(&context, "func.func private @g()", "g.mlir").expect("valid");
    let first = module.body().first_operation().expect("the function");
    assert_eq!(first.name().as_string_ref().as_str(), Ok("func.func"));
}

/// MLIR's verifier errors, at their locations (TOSA rejects static sizes
/// that cannot broadcast).
#[test]
fn verifier_errors_are_located() {
    let context = context();
    let text = "func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {\n  %0 = tosa.add %a, %b : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x3xf32>\n  return\n}\n";
    let err = parse_and_verify(&context, text, "bad.mlir").expect_err("invalid");
    let first = &err[0];
    assert_eq!(first.severity, Severity::Error);
    assert_eq!(
        first.file_line_col().map(|p| p.to_string()).as_deref(),
        Some("bad.mlir:2:8")
    );
    assert!(
        first.message.starts_with("'tosa.add' op "),
        "{}",
        render(&err)
    );
}

#[test]
fn syntax_errors_are_located() {
    let context = context();
    let err = parse_and_verify(&context, "func.func @f() {\n  %0 = \n}\n", "syntax.mlir")
        .expect_err("invalid");
    let shown = render(&err);
    // As mlir-opt reports it.
    assert_eq!(
        shown,
        "syntax.mlir:2:7: error: expected operation name in quotes\n"
    );
    let err = parse_and_verify(&context, "func.func @f()\0", "nul.mlir").expect_err("NUL");
    assert_eq!(
        render(&err),
        "loc(unknown): error: nul.mlir: MLIR text cannot hold a NUL byte (at byte 14)\n"
    );
}

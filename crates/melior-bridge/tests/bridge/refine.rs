//! `refine_broadcasts`: the result types inference can tighten, as melior
//! types, and applying them.

use melior::ir::operation::OperationLike;
use tensor_melior_bridge::{Config, refine_broadcasts};

use crate::common::{context, parse, render};

const TEXT: &str = r#"func.func @f(%a: tensor<?x1x?xf32>, %b: tensor<6x1xf32>, %c: tensor<4xf32>, %d: tensor<2x1xf32>, %e: tensor<2x3xf32>) {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x1x?xf32>, tensor<6x1xf32>) -> tensor<*xf32>
  %1 = "test.broadcastable"(%c, %d) : (tensor<4xf32>, tensor<2x1xf32>) -> tensor<?x?xf32>
  %2 = "test.broadcastable"(%c, %d) : (tensor<4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %3 = tosa.sub %e, %d : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<*xf32>
  %4 = tosa.maximum %d, %d : (tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<?x?xf32>
  %5 = "test.broadcastable"(%c) : (tensor<4xf32>) -> tensor<?xf32, "enc">
  return
}
"#;

/// `*` becomes the inferred shape, `?` a static size where the operands
/// determine it; element type and encoding stay; a precise type is left.
#[test]
fn refinements_are_melior_types() {
    let context = context();
    let module = parse(&context, "refine.mlir", TEXT);
    let refined = refine_broadcasts(&module, &Config::default()).expect("valid");
    let got: Vec<(String, String, String)> = refined
        .iter()
        .map(|r| {
            let name =
                r.op.name()
                    .as_string_ref()
                    .as_str()
                    .unwrap_or("")
                    .to_owned();
            (name, r.declared.to_string(), r.inferred.to_string())
        })
        .collect();
    let want = [
        ("test.broadcastable", "tensor<*xf32>", "tensor<?x6x?xf32>"),
        ("test.broadcastable", "tensor<?x?xf32>", "tensor<2x4xf32>"),
        ("tosa.sub", "tensor<*xf32>", "tensor<2x3xf32>"),
        ("tosa.maximum", "tensor<?x?xf32>", "tensor<2x1xf32>"),
        (
            "test.broadcastable",
            "tensor<?xf32, \"enc\">",
            "tensor<4xf32, \"enc\">",
        ),
    ];
    let want: Vec<(String, String, String)> = want
        .iter()
        .map(|(a, b, c)| ((*a).to_owned(), (*b).to_owned(), (*c).to_owned()))
        .collect();
    assert_eq!(got, want);
    assert!(refined.iter().all(|r| r.result == 0));
}

/// Applied refinements give a module MLIR still accepts, and nothing is
/// left to refine.
#[test]
fn applying_refinements() {
    let context = context();
    let module = parse(&context, "refine.mlir", TEXT);
    for r in refine_broadcasts(&module, &Config::default()).expect("valid") {
        r.apply();
    }
    let text = module.as_operation().to_string();
    assert!(text.contains("-> tensor<?x6x?xf32>"), "{text}");
    assert!(text.contains("-> tensor<2x3xf32>"), "{text}");
    assert!(module.as_operation().verify());
    let again = refine_broadcasts(&module, &Config::default()).expect("still valid");
    assert!(again.is_empty(), "{again:?}");
}

/// A module with a failing op is reported, not refined.
#[test]
fn failing_module_is_not_refined() {
    let context = context();
    let text = TEXT.replace(
        "(tensor<4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>",
        "(tensor<4xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>",
    );
    let module = parse(&context, "refine.mlir", &text);
    let err = refine_broadcasts(&module, &Config::default()).expect_err("an op fails");
    let shown = render(&err);
    assert!(
        shown.starts_with("refine.mlir:4:8: error: 'test.broadcastable' op result type '2x5'"),
        "{shown}"
    );
    assert_eq!(shown.matches(": error: ").count(), 1, "{shown}");
}

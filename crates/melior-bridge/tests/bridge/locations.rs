//! Where diagnostics point: MLIR's location kinds, as its diagnostic printer
//! resolves them; and sending diagnostics through MLIR's engine.

use std::cell::RefCell;
use std::rc::Rc;

use tensor_melior_bridge::{Config, Severity, emit, verify_broadcasts};

use crate::common::{context, parse};

const TEXT: &str = r#"func.func @f(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  %0 = "test.broadcastable"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<*xf32> loc("model.py":12:5)
  %1 = "test.broadcastable"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<*xf32> loc("layer"("nn.py":3:9))
  %2 = "test.broadcastable"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<*xf32> loc(callsite("kernel.py":7:1 at "main.py":20:2))
  %3 = "test.broadcastable"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<*xf32> loc(fused["a.py":1:2, "b.py":3:4])
  %4 = "test.broadcastable"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<*xf32> loc(fused["fn"("c.py":5:6), unknown])
  %5 = "test.broadcastable"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<*xf32> loc(unknown)
  %6 = "test.broadcastable"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<*xf32>
  return
}
"#;

/// Each kind of location, resolved as MLIR's diagnostic printer does: a
/// name's child, a call site's callee, a fusion's first file position.
#[test]
fn file_line_col_of_every_location_kind() {
    let context = context();
    let module = parse(&context, "locs.mlir", TEXT);
    let ds = verify_broadcasts(&module, &Config::default());
    let at: Vec<String> = ds
        .iter()
        .map(|d| {
            d.file_line_col()
                .map_or_else(|| "none".to_owned(), |p| p.to_string())
        })
        .collect();
    assert_eq!(
        at,
        [
            "model.py:12:5",
            "nn.py:3:9",
            "kernel.py:7:1",
            "a.py:1:2",
            "c.py:5:6",
            "none",
            "locs.mlir:8:8"
        ]
    );
    // Without a file position, MLIR's spelling of the location.
    let unknown = ds[5].to_string();
    assert!(
        unknown.starts_with("loc(unknown): error: 'test.broadcastable' op"),
        "{unknown}"
    );
}

/// `emit` hands errors to MLIR's diagnostic engine, at their locations,
/// with their notes in the message; the compiler's handler sees them.
#[test]
fn emit_through_mlirs_engine() {
    let context = context();
    let module = parse(&context, "locs.mlir", TEXT);
    let mut ds = verify_broadcasts(&module, &Config::default().obligations(true));
    ds.truncate(2);
    let seen: Rc<RefCell<Vec<String>>> = Rc::default();
    let sink = Rc::clone(&seen);
    let id = context.attach_diagnostic_handler(move |d| {
        sink.borrow_mut()
            .push(format!("{} | {:?} | {}", d.location(), d.severity(), d));
        true
    });
    assert_eq!(emit(&ds), 2);
    context.detach_diagnostic_handler(id);
    let seen = seen.take();
    assert_eq!(seen.len(), 2);
    assert!(
        seen[0].starts_with(
            "loc(\"model.py\":12:5) | Error | 'test.broadcastable' op operands don't have broadcast-compatible shapes\nnote: see current operation: "
        ),
        "{}",
        seen[0]
    );
    assert!(seen[0].ends_with("neither is 1"), "{}", seen[0]);
    // Only errors are emitted: MLIR's C API has no other kind.
    let remark = tensor_melior_bridge::Diagnostic::new(Severity::Remark, ds[0].location, "r");
    assert_eq!(emit(&[remark]), 0);
}

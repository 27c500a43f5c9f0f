//! TOSA's elementwise ops under the equal-rank policy: ops MLIR's own
//! verifier accepts but whose broadcasts are wrong, and ops a compiler built
//! (not yet verified by MLIR) at its own locations.

use melior::Context;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationBuilder, OperationLike};
use melior::ir::{Location, Module, RegionLike, Type, Value};
use tensor_melior_bridge::{Config, Severity, verify_broadcasts};

use crate::common::{context, parse, render, render_short};

const PARSED: &str = "\
func.func @f(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>, %c: tensor<2x1xf32>, %p: tensor<2x3xi1>) -> tensor<2x3xf32> {
  %0 = tosa.add %a, %b : (tensor<?x3xf32>, tensor<?x3xf32>) -> RESULT
  %shift = \"tosa.const\"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %1 = tosa.mul %c, %0, %shift : (tensor<2x1xf32>, RESULT, tensor<1xi8>) -> tensor<2x3xf32>
  %2 = tosa.select %p, %1, %c : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %3 = tosa.sub %2, %a : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<*xf32>
  %4 = tosa.maximum %c, %c : (tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<?x?xf32>
  %5 = tosa.greater %c, %2 : (tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  return %2 : tensor<2x3xf32>
}
";

/// MLIR accepts `?x3 + ?x3 -> 2x3` (upstream's trait lets a static result
/// size stand for a dynamic one); the spec's rules do not, and say why.
#[test]
fn error_on_a_module_mlir_accepts() {
    let context = context();
    let module = parse(
        &context,
        "tosa.mlir",
        &PARSED.replace("RESULT", "tensor<2x3xf32>"),
    );
    let ds = verify_broadcasts(&module, &Config::default());
    assert_eq!(
        render(&ds),
        "\
tosa.mlir:2:8: error: 'tosa.add' op result type '2x3' not broadcast compatible with broadcasted operands's shapes '?x3'
tosa.mlir:2:8: note: see current operation: %0 = \"tosa.add\"(%arg0, %arg1) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<2x3xf32>
tosa.mlir:2:8: note: result dim 0 is 2 but the operands leave it dynamic ('?'): its size is only known at run time
"
    );
    let d = &ds[0];
    assert_eq!(d.severity, Severity::Error);
    let at = d.file_line_col().expect("a file location");
    assert_eq!((at.file.as_str(), at.line, at.column), ("tosa.mlir", 2, 8));
}

/// The same module with a dynamic result: add, mul (its `shift` operand
/// does not broadcast), select (ternary), sub, maximum and greater all pass.
#[test]
fn valid_module_reports_nothing() {
    let context = context();
    let module = parse(
        &context,
        "tosa.mlir",
        &PARSED.replace("RESULT", "tensor<?x3xf32>"),
    );
    let ds = verify_broadcasts(&module, &Config::default().obligations(false));
    assert_eq!(render(&ds), "");
    // Its dynamic dims have run-time obligations, reported when asked for.
    let ds = verify_broadcasts(&module, &Config::default().obligations(true));
    assert!(!ds.is_empty());
    assert!(
        ds.iter().all(|d| d.severity == Severity::Remark),
        "{}",
        render(&ds)
    );
    assert_eq!(
        ds[0].to_string(),
        "tosa.mlir:2:8: remark: operand #0 dim 0 (?) and operand #1 dim 0 (?) must be 1 or equal at run time"
    );
}

/// A function `@f(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>, %c:
/// tensor<3xf32>, %s: tensor<1xi8>)` with only its return.
fn skeleton(context: &Context) -> Module<'_> {
    parse(
        context,
        "skeleton.mlir",
        "func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>, %c: tensor<3xf32>, %s: tensor<1xi8>) {\n  return\n}\n",
    )
}

/// Builds `name(operands) -> result` before the function's return, at
/// `model.py:line:1`, as a compiler lowering a model would.
fn build<'c>(
    context: &'c Context,
    module: &Module<'c>,
    name: &str,
    operands: &[usize],
    result: &str,
    line: usize,
) {
    let func = module.body().first_operation().expect("func");
    let body = func.region(0).expect("body").first_block().expect("block");
    let args: Vec<Value> = operands
        .iter()
        .map(|&i| body.argument(i).expect("argument").into())
        .collect();
    let op = OperationBuilder::new(name, Location::new(context, "model.py", line, 1))
        .add_operands(&args)
        .add_results(&[Type::parse(context, result).expect("type")])
        .build()
        .expect("op");
    let ret = body.terminator().expect("return");
    body.insert_operation_before(ret, op);
}

/// Ops a compiler built, checked before MLIR's verifier sees them: errors at
/// the compiler's locations, one per failing op.
#[test]
fn errors_on_built_ops_at_the_compilers_locations() {
    let context = context();
    let module = skeleton(&context);
    build(
        &context,
        &module,
        "tosa.add",
        &[0, 1],
        "tensor<2x4xf32>",
        10,
    );
    build(
        &context,
        &module,
        "tosa.sub",
        &[0, 2],
        "tensor<2x3xf32>",
        11,
    );
    build(
        &context,
        &module,
        "tosa.mul",
        &[0, 0, 3],
        "tensor<2x3xf32>",
        12,
    );
    build(
        &context,
        &module,
        "tosa.mul",
        &[0, 2, 3],
        "tensor<2x3xf32>",
        13,
    );
    build(
        &context,
        &module,
        "tosa.pow",
        &[0, 0],
        "tensor<2x3xf32>",
        14,
    );
    let ds = verify_broadcasts(&module, &Config::default());
    assert_eq!(
        render_short(&ds),
        "\
model.py:10:1: error: 'tosa.add' op operands don't have broadcast-compatible shapes
model.py:10:1: note: operand #0 ('tensor<2x3xf32>') dim 1 has size 3 but operand #1 ('tensor<2x4xf32>') dim 1 has size 4: they meet in result dim 1 and neither is 1
model.py:11:1: error: 'tosa.sub' op operands don't have broadcast-compatible shapes
model.py:11:1: note: operand #1 ('tensor<3xf32>') has rank 1 but operand #0 ('tensor<2x3xf32>') has rank 2: this op broadcasts only between equal ranks
model.py:13:1: error: 'tosa.mul' op operands don't have broadcast-compatible shapes
model.py:13:1: note: operand #1 ('tensor<3xf32>') has rank 1 but operand #0 ('tensor<2x3xf32>') has rank 2: this op broadcasts only between equal ranks
"
    );
    // NumPy broadcasting would accept the rank-1 operand: the policy matters.
    let numpy = Config::default()
        .op("tosa.sub", tensor_melior_bridge::Policy::NumPy)
        .op_spec(
            "tosa.mul",
            tensor_melior_bridge::OpSpec::new(tensor_melior_bridge::Policy::NumPy).leading(2),
        );
    let ds = verify_broadcasts(&module, &numpy);
    assert_eq!(ds.len(), 1, "{}", render(&ds));
}

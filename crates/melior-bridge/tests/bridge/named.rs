//! Ops the caller names with a policy: fixed policies, XLA dimensions read
//! from an attribute, only the leading operands broadcasting.

use tensor_melior_bridge::{Config, OpPolicy, OpSpec, Policy, verify_broadcasts};

use crate::common::{context, parse, render_short};

/// Diagnostics of `text` under `config`, without the current-op notes.
fn check(text: &str, config: &Config) -> String {
    let context = context();
    let module = parse(&context, "named.mlir", text);
    render_short(&verify_broadcasts(&module, config))
}

const IN_PLACE: &str = r#"func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  %0 = "my.add_to"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "my.add_to"(%b, %a) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "test.broadcastable"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<4xf32>
  return
}
"#;

/// A named op under its policy; an op the config does not name (here
/// `test.broadcastable`, with `Config::empty`) is not checked.
#[test]
fn named_op_with_a_fixed_policy() {
    let config = Config::empty().op("my.add_to", Policy::Unidirectional);
    assert_eq!(
        check(IN_PLACE, &config),
        "\
named.mlir:3:8: error: 'my.add_to' op operands don't have broadcast-compatible shapes
named.mlir:3:8: note: operand #1 ('tensor<2x3xf32>') has rank 2 but operand #0 ('tensor<3xf32>') has rank 1: broadcasting in place cannot add dimensions to the target
"
    );
    // Under NumPy broadcasting both orders are fine.
    let numpy = Config::empty().op("my.add_to", Policy::NumPy);
    assert_eq!(check(IN_PLACE, &numpy), "");
    // The default config adds test.broadcastable.
    let both = Config::default().op("my.add_to", Policy::NumPy);
    assert_eq!(check(IN_PLACE, &both).matches(": error: ").count(), 1);
}

const XLA: &str = r#"func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<2xf32>) {
  %0 = "chlo.broadcast_add"(%a, %b) {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "chlo.broadcast_add"(%a, %c) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  %2 = "chlo.broadcast_add"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %3 = "chlo.broadcast_add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %4 = "chlo.broadcast_add"(%a, %c) : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  %5 = "chlo.broadcast_add"(%a, %b) {broadcast_dimensions = [1]} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}
"#;

/// CHLO-style: XLA's `broadcast_dimensions` when the op carries them, NumPy
/// when it does not; a malformed attribute is reported as ODS words it.
#[test]
fn named_op_with_dimensions_from_an_attribute() {
    let config = Config::empty().op(
        "chlo.broadcast_add",
        OpPolicy::FromAttribute {
            attr: "broadcast_dimensions".into(),
            absent: Policy::NumPy,
        },
    );
    assert_eq!(
        check(XLA, &config),
        "\
named.mlir:4:8: error: 'chlo.broadcast_add' op operands don't have broadcast-compatible shapes
named.mlir:4:8: note: operand #1 dim 0 (size 3) cannot be matched with operand #0 dim 0 (size 2)
named.mlir:6:8: error: 'chlo.broadcast_add' op operands don't have broadcast-compatible shapes
named.mlir:6:8: note: operand #0 ('tensor<2x3xf32>') dim 1 has size 3 but operand #1 ('tensor<2xf32>') dim 0 has size 2: they meet in result dim 1 and neither is 1
named.mlir:7:8: error: 'chlo.broadcast_add' op attribute 'broadcast_dimensions' failed to satisfy constraint: i64 dense array attribute
"
    );
}

const LEADING: &str = r#"func.func @f(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>, %s: tensor<1xi8>) {
  %0 = "my.scaled_mul"(%a, %b, %s) : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<1xi8>) -> tensor<2x3xf32>
  return
}
"#;

/// Only the leading operands broadcast (as `tosa.mul`'s `shift` does not).
#[test]
fn named_op_whose_leading_operands_broadcast() {
    let leading =
        Config::empty().op_spec("my.scaled_mul", OpSpec::new(Policy::EqualRank).leading(2));
    assert_eq!(check(LEADING, &leading), "");
    let all = Config::empty().op("my.scaled_mul", Policy::EqualRank);
    assert_eq!(
        check(LEADING, &all),
        "\
named.mlir:2:8: error: 'my.scaled_mul' op operands don't have broadcast-compatible shapes
named.mlir:2:8: note: operand #2 ('tensor<1xi8>') has rank 1 but operand #0 ('tensor<2x3xf32>') has rank 2: this op broadcasts only between equal ranks
"
    );
}

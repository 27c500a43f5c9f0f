//! CSE and dead-code removal around ops with regions, with a registered Pure op
//! holding a region (`r.wrap`, not isolated) and an isolated one (`r.iso`): no
//! registered op of tensor-opt's dialects has either.

use tensor_ir::parse::parse_source;
use tensor_ir::pass::Pass;
use tensor_ir::print::{PrintOptions, print_module};
use tensor_ir::verify::verify_module;
use tensor_ir::{Context, Dialect, OpDef, OpTrait};
use tensor_transforms::canonicalize::Canonicalize;
use tensor_transforms::cse::Cse;
use tensor_transforms::dce::Dce;

static R: Dialect = Dialect {
    name: "r",
    description: "",
    ops: &[
        OpDef {
            traits: &[OpTrait::Pure, OpTrait::NoTerminator],
            ..OpDef::named("r.wrap")
        },
        OpDef {
            traits: &[OpTrait::IsolatedFromAbove, OpTrait::NoTerminator],
            ..OpDef::named("r.iso")
        },
    ],
};

fn run(pass: &mut dyn Pass, text: &str) -> String {
    let mut ctx = Context::new();
    ctx.register_dialect(&R);
    tensor_dialect_func::register(&mut ctx);
    tensor_dialect_test::register(&mut ctx);
    tensor_dialect_nd::register(&mut ctx);
    let buffer = ctx.add_source("r.mlir", text.to_owned());
    let mut module = parse_source(&mut ctx, buffer, 0..text.len()).expect("parses");
    assert!(!verify_module(&ctx, &module).has_errors(), "input verifies");
    pass.run(&mut ctx, &mut module).expect("the pass succeeds");
    assert!(
        !verify_module(&ctx, &module).has_errors(),
        "output verifies"
    );
    let mut out = String::new();
    print_module(&ctx, &module, PrintOptions::default(), &mut out);
    out
}

fn lines(out: &str) -> Vec<&str> {
    out.lines().map(str::trim).collect()
}

const NESTED: &str = r#"func.func @f(%a: tensor<4xf32>) {
  %0 = nd.exp %a : tensor<4xf32>
  "r.wrap"() ({
    %1 = nd.exp %a : tensor<4xf32>
    %2 = nd.log %a : tensor<4xf32>
    "test.sink"(%1, %2) : (tensor<4xf32>, tensor<4xf32>) -> ()
  }) : () -> ()
  %3 = nd.log %a : tensor<4xf32>
  "test.sink"(%0, %3) : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}"#;

#[test]
fn cse_reuses_outer_values_in_nested_regions_but_not_the_reverse() {
    let out = run(&mut Cse, NESTED);
    let l = lines(&out);
    // The nested exp reads the outer one; the outer log after the region stays.
    assert!(
        l.contains(&r#""test.sink"(%0, %2) : (tensor<4xf32>, tensor<4xf32>) -> ()"#),
        "{out}"
    );
    assert_eq!(
        l.iter().filter(|s| s.contains("nd.exp")).count(),
        1,
        "{out}"
    );
    assert_eq!(
        l.iter().filter(|s| s.contains("nd.log")).count(),
        2,
        "{out}"
    );
}

const ISOLATED: &str = r#"func.func @f() -> tensor<4xf32> {
  %0 = nd.constant dense<1.0> : tensor<4xf32>
  "r.iso"() ({
    %1 = nd.constant dense<1.0> : tensor<4xf32>
    "test.sink"(%1) : (tensor<4xf32>) -> ()
  }) : () -> ()
  return %0 : tensor<4xf32>
}"#;

#[test]
fn nothing_crosses_an_isolated_region() {
    for out in [run(&mut Cse, ISOLATED), run(&mut Canonicalize, ISOLATED)] {
        assert_eq!(out.matches("nd.constant").count(), 2, "{out}");
    }
}

const REGION_OPS: &str = r#"func.func @f(%a: tensor<4xf32>) {
  "r.wrap"() ({
    %0 = nd.exp %a : tensor<4xf32>
  }) : () -> ()
  "r.wrap"() ({
    %0 = nd.exp %a : tensor<4xf32>
  }) : () -> ()
  return
}"#;

#[test]
fn ops_with_regions_are_neither_merged_nor_erased() {
    for out in [
        run(&mut Cse, REGION_OPS),
        run(&mut Dce, REGION_OPS),
        run(&mut Canonicalize, REGION_OPS),
    ] {
        assert_eq!(out.matches("\"r.wrap\"").count(), 2, "{out}");
    }
    // The dead ops inside them go.
    assert_eq!(run(&mut Dce, REGION_OPS).matches("nd.exp").count(), 0);
}

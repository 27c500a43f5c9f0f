//! Adding an op touches one place: its `op!` definition (here, with a dialect to hold
//! it). From that definition alone it parses and prints in its custom form, its
//! declared constraints are verified, it has typed accessors and a builder, and it
//! appears in the dialect's generated documentation. docs/ir.md points here.

use tensor_ir::builder::{Builder, InsertionPoint};
use tensor_ir::ods::attr_types::I64Attr;
use tensor_ir::parse::parse_source;
use tensor_ir::print::{PrintOptions, print_module};
use tensor_ir::registry::{Dialect, OpTrait, Syntax};
use tensor_ir::verify::verify_module;
use tensor_ir::{Context, Location, Module, NamedAttr, Type};

// ---- The one definition --------------------------------------------------------

tensor_ir::op! {
    /// Repeats `input` `times` times along a new leading dim.
    pub struct TileOp = "ext.tile" {
        summary: "repeat a tensor along a new leading dim",
        traits: [OpTrait::Pure],
        operands: { input: tensor_ir::ods::constraints::ANY_TENSOR },
        results: { result: tensor_ir::ods::constraints::ANY_TENSOR },
        attributes: { times: I64Attr },
        syntax: Syntax::Format(
            "$input `times` $times attr-dict `:` type($input) `->` type($result)",
            &[],
        ),
        infer: infer_tile,
    }
}

fn infer_tile(ctx: &mut Context, operands: &[Type], props: &[NamedAttr]) -> Option<Vec<Type>> {
    let times = props
        .iter()
        .find(|p| ctx.str(p.name) == "times")
        .and_then(|p| <I64Attr as tensor_ir::ods::attr_types::AttrType>::get(ctx, p.value))?;
    let (dims, elem) = match ctx.type_kind(*operands.first()?) {
        tensor_ir::TypeKind::Tensor { dims, elem, .. } => (dims.clone(), *elem),
        _ => return None,
    };
    let mut shape = vec![times];
    shape.extend(dims);
    Some(vec![ctx.tensor_type(&shape, elem)])
}

static EXT: Dialect = Dialect {
    name: "ext",
    description: "# The `ext` dialect\n\nThe example of docs/ir.md: one op, defined once.",
    ops: &[TileOp::DEF],
};

// ---- What follows from it ------------------------------------------------------

fn context() -> Context {
    let mut ctx = Context::new();
    tensor_dialect_func::register(&mut ctx);
    ctx.register_dialect(&EXT);
    ctx
}

fn parse(ctx: &mut Context, text: &str) -> Module {
    let buffer = ctx.add_source("ext.mlir", text.to_owned());
    parse_source(ctx, buffer, 0..text.len()).expect("parses")
}

#[test]
fn it_parses_prints_and_verifies() {
    let mut ctx = context();
    let text = "func.func @f(%x: tensor<4xf32>) -> tensor<3x4xf32> {\n  %0 = ext.tile %x times 3 : tensor<4xf32> -> tensor<3x4xf32>\n  return %0 : tensor<3x4xf32>\n}\n";
    let module = parse(&mut ctx, text);
    assert!(verify_module(&ctx, &module).is_empty());
    let mut out = String::new();
    print_module(&ctx, &module, PrintOptions::default(), &mut out);
    assert!(
        out.contains("%0 = ext.tile %arg0 times 3 : tensor<4xf32> -> tensor<3x4xf32>"),
        "{out}"
    );
    let mut generic = String::new();
    let options = PrintOptions {
        generic: true,
        ..PrintOptions::default()
    };
    print_module(&ctx, &module, options, &mut generic);
    assert!(
        generic.contains("\"ext.tile\"(%arg0) <{times = 3 : i64}>"),
        "{generic}"
    );
}

/// The verifier's messages for `text`.
fn errors(ctx: &mut Context, text: &str) -> Vec<String> {
    let module = parse(ctx, text);
    verify_module(ctx, &module)
        .iter()
        .map(|d| d.message.clone())
        .collect()
}

#[test]
fn its_declared_constraints_are_verified() {
    let mut ctx = context();
    let text = "func.func @f(%x: f32) {\n  %0 = \"ext.tile\"(%x) : (f32) -> f32\n  return\n}\n";
    assert_eq!(
        errors(&mut ctx, text),
        ["'ext.tile' op operand #0 ('f32') must be a tensor"]
    );
    let text = "func.func @f(%x: tensor<2xf32>) {\n  %0 = \"ext.tile\"(%x) : (tensor<2xf32>) -> tensor<2xf32>\n  return\n}\n";
    assert_eq!(
        errors(&mut ctx, text),
        ["'ext.tile' op requires integer attribute 'times'"]
    );
}

#[test]
fn it_has_a_typed_builder_and_accessors() {
    let mut ctx = context();
    let f32 = ctx.float_type(tensor_ir::FloatKind::F32);
    let t = ctx.tensor_type(&[4], f32);
    let mut module = Module::new();
    let block = module.create_block(&[t], Location::Unknown);
    let x = module.block(block).args()[0];
    let mut b = Builder::new(&mut ctx, &mut module);
    b.set_insertion_point(InsertionPoint::End(block));
    let tile = TileOp::build_inferred(&mut b, Location::Unknown, x, 2).expect("builds");
    assert_eq!(tile.input(&module), x);
    assert_eq!(tile.times(&ctx, &module), 2);
    let result = module.value_type(tile.result(&module));
    assert_eq!(ctx.ty(result).to_string(), "tensor<2x4xf32>");
}

#[test]
fn it_appears_in_the_generated_docs() {
    let md = tensor_ir::ods::docs::dialect_markdown(&EXT);
    assert!(md.contains("### `ext.tile`"), "{md}");
    assert!(md.contains("Repeats `input` `times` times"), "{md}");
    assert!(
        md.contains("| `times` | 64-bit signless integer attribute |"),
        "{md}"
    );
    assert!(tensor_ir::ods::docs::validate(&TileOp::DEF).is_empty());
}

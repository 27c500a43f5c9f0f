//! Tests of declarative op definitions: central checks in both wordings, the format
//! engine (parse and print), typed handles, builders, and definition validation.

use crate::builder::{Builder, InsertionPoint};
use crate::ods::attr_types::{I64Array, I64Attr, UnitFlag};
use crate::ods::constraints::{ANY_TENSOR, ANY_TYPE};
use crate::ods::{DiagStyle, TypeConstraint};
use crate::parse::parse_source;
use crate::print::{PrintOptions, print_module};
use crate::registry::{Dialect, OpTrait, Syntax};
use crate::verify::verify_module;
use crate::{Context, Location, Module, NamedAttr, Type};

/// A float type, in tensor-opt's wording.
const FLOAT: TypeConstraint = TypeConstraint {
    summary: "float",
    check: |ctx, t, s| {
        (!matches!(ctx.type_kind(t), crate::TypeKind::Float(_)))
            .then(|| format!("{s} must be a float"))
    },
};

crate::op! {
    /// Scales `input` by `factor`, optionally `times` times; `exact` is a flag.
    pub struct ScaleOp = "demo.scale" {
        summary: "scale a value",
        traits: [OpTrait::Pure],
        operands: { input: FLOAT, bias?: FLOAT },
        results: { result: FLOAT },
        attributes: { factor: I64Attr, dims?: I64Array, exact?: UnitFlag },
        syntax: Syntax::Format(
            "$input (`plus` $bias^)? `by` $factor (`exact` $exact^)? (`dims` $dims^)? attr-dict `:` type(operands) `->` type($result)",
            &[],
        ),
        infer: infer_same,
    }
}

crate::op! {
    /// Variadic tensors in upstream's wording.
    pub struct PackOp = "demo.pack" {
        summary: "pack tensors",
        operands: { inputs*: ANY_TENSOR },
        results: { result: ANY_TYPE },
        style: DiagStyle::Ods,
    }
}

fn infer_same(_: &mut Context, operands: &[Type], _: &[NamedAttr]) -> Option<Vec<Type>> {
    operands.first().map(|&t| vec![t])
}

static DEMO: Dialect = Dialect {
    name: "demo",
    description: "# The `demo` dialect\n\nOps for the ODS tests.",
    ops: &[ScaleOp::DEF, PackOp::DEF],
};

fn context() -> Context {
    let mut ctx = Context::new();
    ctx.register_dialect(&DEMO);
    ctx.set_allow_unregistered(true);
    ctx
}

/// Parses `text`; returns the printed module (custom form) or the first error.
fn round_trip(ctx: &mut Context, text: &str) -> Result<String, String> {
    let buffer = ctx.add_source("t.mlir", text.to_owned());
    let module = parse_source(ctx, buffer, 0..text.len()).map_err(|d| d.message.clone())?;
    let errors: Vec<String> = verify_module(ctx, &module)
        .iter()
        .map(|d| d.message.clone())
        .collect();
    if let Some(e) = errors.first() {
        return Err(e.clone());
    }
    let mut out = String::new();
    print_module(ctx, &module, PrintOptions::default(), &mut out);
    Ok(out)
}

fn wrap(body: &str) -> String {
    format!(
        "\"t.func\"() ({{\n^bb0(%x: f32, %y: f32, %t: tensor<2xf32>):\n{body}\n}}) : () -> ()\n"
    )
}

#[test]
fn formats_parse_and_print_every_optional_group() {
    let mut ctx = context();
    for line in [
        "%0 = demo.scale %x by 3 : f32 -> f32",
        "%0 = demo.scale %x plus %y by -2 exact : f32, f32 -> f32",
        "%0 = demo.scale %x by 1 dims [0, 2] {note = 1 : i32} : f32 -> f32",
    ] {
        let text = wrap(&format!("  {line}\n  \"t.use\"(%0) : (f32) -> ()"));
        let printed = round_trip(&mut ctx, &text).unwrap();
        let expected = line.replace("%x", "%arg0").replace("%y", "%arg1");
        assert!(printed.contains(&expected), "{printed}\nwanted {expected}");
        // What prints parses back to the same text.
        assert_eq!(round_trip(&mut ctx, &printed).unwrap(), printed);
    }
}

#[test]
fn format_errors_are_located_messages() {
    let mut ctx = context();
    let e = round_trip(&mut ctx, &wrap("  %0 = demo.scale %x 3 : f32 -> f32")).unwrap_err();
    assert_eq!(e, "expected 'by'");
    let e = round_trip(&mut ctx, &wrap("  %0 = demo.scale %x by x : f32 -> f32")).unwrap_err();
    assert_eq!(e, "expected integer");
}

#[test]
fn central_checks_in_descriptive_words() {
    let mut ctx = context();
    let text =
        wrap("  %0 = \"demo.scale\"(%t) <{factor = 1 : i64}> : (tensor<2xf32>) -> tensor<2xf32>");
    let e = round_trip(&mut ctx, &text).unwrap_err();
    assert_eq!(
        e,
        "'demo.scale' op operand #0 ('tensor<2xf32>') must be a float"
    );
    let e = round_trip(&mut ctx, &wrap("  %0 = \"demo.scale\"(%x) : (f32) -> f32")).unwrap_err();
    assert_eq!(e, "'demo.scale' op requires integer attribute 'factor'");
    let text = wrap("  %0 = \"demo.scale\"(%x, %y, %y) <{factor = 1}> : (f32, f32, f32) -> f32");
    let e = round_trip(&mut ctx, &text).unwrap_err();
    assert_eq!(e, "'demo.scale' op expected 1 or 2 operands, but found 3");
    let text = wrap("  %0 = \"demo.scale\"(%x) <{factor = 1, dims = [1]}> : (f32) -> f32");
    let e = round_trip(&mut ctx, &text).unwrap_err();
    assert_eq!(
        e,
        "'demo.scale' op attribute 'dims' must be an i64 dense array ('array<i64: ...>'), but is '[1]'"
    );
}

#[test]
fn central_checks_in_upstream_words() {
    let mut ctx = context();
    let e = round_trip(
        &mut ctx,
        &wrap("  \"demo.pack\"(%t) : (tensor<2xf32>) -> ()"),
    )
    .unwrap_err();
    assert_eq!(e, "'demo.pack' op requires one result");
    let text = wrap("  %0 = \"demo.pack\"(%t, %x) : (tensor<2xf32>, f32) -> f32");
    let e = round_trip(&mut ctx, &text).unwrap_err();
    assert_eq!(
        e,
        "'demo.pack' op operand #1 must be variadic of tensor of any type values, but got 'f32'"
    );
}

#[test]
fn builders_accessors_and_cast() {
    let mut ctx = context();
    let f32 = ctx.float_type(crate::FloatKind::F32);
    let mut module = Module::new();
    let block = module.create_block(&[f32, f32], Location::Unknown);
    let (x, y) = (module.block(block).args()[0], module.block(block).args()[1]);
    let mut b = Builder::new(&mut ctx, &mut module);
    b.set_insertion_point(InsertionPoint::End(block));
    let plain = ScaleOp::build(&mut b, Location::Unknown, x, None, 3, None, None, f32).unwrap();
    let inferred = ScaleOp::build_inferred(
        &mut b,
        Location::Unknown,
        x,
        Some(y),
        -1,
        Some(&[0, 1]),
        Some(true),
    )
    .unwrap();
    let m = &module;
    assert_eq!(plain.input(m), x);
    assert_eq!(plain.bias(m), None);
    assert_eq!(plain.factor(&ctx, m), 3);
    assert_eq!(plain.dims(&ctx, m), None);
    assert_eq!(inferred.bias(m), Some(y));
    assert_eq!(inferred.dims(&ctx, m), Some(vec![0, 1]));
    assert_eq!(inferred.exact(&ctx, m), Some(true));
    assert_eq!(m.value_type(inferred.result(m)), f32);
    assert_eq!(ScaleOp::cast(&ctx, m, plain.op()), Some(plain));
    assert_eq!(PackOp::cast(&ctx, m, plain.op()), None);
    // Properties are sorted by name, as the parser leaves them.
    let names: Vec<&str> = m
        .op(inferred.op())
        .props()
        .iter()
        .map(|a| ctx.str(a.name))
        .collect();
    assert_eq!(names, ["dims", "exact", "factor"]);
}

#[test]
fn validation_catches_malformed_definitions() {
    use crate::ods::docs::validate;
    use crate::registry::OpDef;
    static BAD_FORMAT: OpDef = OpDef {
        summary: "x",
        syntax: Syntax::Format("$nothing attr-dict", &[]),
        ..OpDef::named("demo.bad")
    };
    let problems = validate(&BAD_FORMAT);
    assert_eq!(
        problems,
        ["demo.bad: format: '$nothing' names no operand, result or attribute"]
    );
    assert!(validate(&ScaleOp::DEF).is_empty());
    assert!(validate(&PackOp::DEF).is_empty());
}

#[test]
fn docs_list_every_op_with_its_declarations() {
    let md = crate::ods::docs::dialect_markdown(&DEMO);
    assert!(md.contains("### `demo.scale`"), "{md}");
    assert!(md.contains("_Scale a value._"), "{md}");
    assert!(md.contains("| `bias` (optional) | float |"), "{md}");
    assert!(
        md.contains("| `factor` | 64-bit signless integer attribute |"),
        "{md}"
    );
    assert!(md.contains("Traits: `Pure`."), "{md}");
    assert!(md.contains("### `demo.pack`"), "{md}");
}
